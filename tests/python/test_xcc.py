"""Tests of the Python module xcc (python/xcc), run by tests/e2e/python.sh
against the build tree or an installed tree: python3 -m unittest.

DLX2 names dlx2 and GEN the generators' folder (from the environment)."""
import json
import os
import signal
import subprocess
import sys
import time
import unittest

import xcc

DLX2 = os.environ.get("DLX2", "dlx2")
GEN = os.environ.get("GEN", "dlx-gen")
REF = os.environ.get("REF", "data/reference")
COLORS = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"


def gen(*args):
    return subprocess.run([os.path.join(GEN, "gen-" + args[0])] + list(args[1:]),
                          check=True, capture_output=True).stdout


def dlx2_json(path, *args):
    out = subprocess.run([DLX2, "--format=json"] + list(args) + [path], check=True,
                         capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith('{"solution"')]


class Reading(unittest.TestCase):
    def test_parse_items_options(self):
        p = xcc.Problem.parse(COLORS)
        self.assertEqual(p.items, ["A", "B", "C", "X", "Y"])
        self.assertEqual((p.primary, p.secondary), (["A", "B", "C"], ["X", "Y"]))
        self.assertEqual(len(p), 4)  # X:0 Y:1 has no primary item
        self.assertEqual(p.option(1), "A C X:1 Y:1")
        self.assertEqual(p.option_items(3), ["C", "Y"])
        self.assertEqual(str(p), "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n")
        with self.assertRaises(IndexError):
            p.option(4)

    def test_bad_input_names_line_and_column(self):
        with self.assertRaises(xcc.Error) as e:
            xcc.Problem.parse("A B\nA B\nB Q\n")
        self.assertEqual((e.exception.line, e.exception.col, e.exception.message),
                         (3, 3, "unknown item 'Q'"))
        self.assertEqual(str(e.exception), "line 3, column 3: unknown item 'Q'")
        with self.assertRaises(xcc.Error) as e:
            xcc.Problem.parse("A\nA\x00\n")
        self.assertEqual((e.exception.line, e.exception.col), (2, 2))

    def test_read_bad_file_names_line(self):
        with open(os.path.join(os.environ.get("TMPDIR", "/tmp"), "xcc-bad-%d.dlx" % os.getpid()),
                  "w+") as f:
            f.write("| a comment\nA B | X\nA X:0\nB X:\n")
            f.seek(0)
            with self.assertRaises(xcc.Error) as e:
                xcc.Problem.read(f)
            os.unlink(f.name)
        self.assertEqual((e.exception.line, e.exception.col, e.exception.status,
                          e.exception.message), (4, 3, xcc.BAD_INPUT, "empty color in 'X:'"))

    def test_read_path_and_file(self):
        path = os.path.join(REF, "instances", "knuth-example-colors.dlx")
        a = xcc.Problem.read(path)
        with open(path) as f:
            b = xcc.Problem.read(f)
        with open(path, "rb") as f:
            c = xcc.Problem.read(f)
        self.assertEqual(str(a), str(b))
        self.assertEqual(str(a), str(c))

    def test_build_with_bounds_and_costs(self):
        p = xcc.Problem(primary=["2|A", "B"], secondary=["X"])
        for o in ["A B X:1 |3", "A |1", "A X:2", "B |2"]:
            p.add_option(o)
        with self.assertRaises(xcc.Error) as e:
            p.add_option("A Q")
        self.assertEqual((e.exception.line, e.exception.message), (6, "unknown item 'Q'"))
        p.add_option("B X:1")  # line 6: the failed option used none
        self.assertEqual(p.bounds("A"), (2, 2))
        self.assertEqual(str(p), "2|A B | X\nA B X:1 |3\nA |1\nA X:2\nB |2\nB X:1\n")
        q = xcc.Problem.parse(str(p))
        self.assertEqual(str(q), str(p))
        with self.assertRaises(xcc.Error):
            xcc.Problem(primary=["0|A"])


class Searching(unittest.TestCase):
    def test_solutions_and_count(self):
        p = xcc.Problem.parse(COLORS)
        self.assertEqual(list(p.solutions()), [[1, 2]])
        self.assertEqual(p.count(), 1)
        self.assertEqual(p.figures["solutions"], 1)
        self.assertEqual(p.figures["stop"], "complete")

    def test_the_same_as_dlx2_on_reference_instances(self):
        names = ["queens-8", "knuth-example-colors", "langford-7", "zebra-16-clues"]
        for name in names:
            path = os.path.join(REF, "instances", name + ".dlx")
            p = xcc.Problem.read(path)
            want = [s["options"] for s in dlx2_json(path, "m1")]
            for engine in ("dlx", "links", "fast", "zdd"):
                got = [[p.option(o) for o in s] for s in p.solutions(engine=engine)]
                if engine == "fast":  # its own order: the same solutions
                    got, w = sorted(got), sorted(want)
                else:
                    w = want
                self.assertEqual(got, w, "%s %s" % (name, engine))
        self.assertGreater(len(names), 3)

    def test_count_6x6_knights(self):
        p = xcc.Problem.parse(gen("knight", "6"))
        self.assertEqual(p.count(), 106172416)

    def test_first_of_the_8x8_knights_at_once(self):
        p = xcc.Problem.parse(gen("knight", "8"))
        start = time.monotonic()
        first = next(p.solutions())
        # the covers of 8x8 are far too many to list: only a lazy search
        # gets here (the bound is loose on purpose; it is not a timing)
        self.assertLess(time.monotonic() - start, 30)
        # a cover: each square's "out" and "in" items once, by 64 moves
        self.assertEqual(len(first), 64)
        self.assertEqual(sorted(i for o in first for i in p.option_items(o)), sorted(p.items))
        self.assertEqual(len(p.items), 128)
        self.assertEqual(p.figures["stop"], "running")  # left early: stopped and freed
        self.assertEqual(p.count(engine="dlx", max_solutions=10), 10)

    def test_count_past_2_64(self):
        n = 70
        p = xcc.Problem(primary=["a%d" % k for k in range(n)])
        for k in range(n):
            p.add_option("a%d" % k)
            p.add_option("a%d" % k)
        for engine in ("auto", "zdd"):
            self.assertEqual(p.count(engine=engine), 2 ** n)

    def test_limits_threads_and_settings(self):
        p = xcc.Problem.read(os.path.join(REF, "instances", "queens-8.dlx"))
        self.assertEqual(len(list(p.solutions(limit=5))), 5)
        self.assertEqual(p.figures["stop"], "count")
        self.assertEqual(sorted(map(sorted, p.solutions(threads=2))),
                         sorted(map(sorted, p.solutions())))
        self.assertEqual(p.count(threads=2), 92)
        with self.assertRaises(xcc.Error) as e:
            list(p.solutions(colour=1))
        self.assertEqual((e.exception.status, e.exception.message),
                         (xcc.UNKNOWN_NAME, "no setting is named 'colour'"))
        with self.assertRaises(xcc.Error) as e:
            list(p.solutions(engine="fast", threads=2))
        self.assertEqual(e.exception.message,
                         "the fast engine lists solutions in one thread (threads 1; it counts with more);"
                         " engine dlx takes more")

    def test_leaving_early_and_exceptions_free_the_search(self):
        p = xcc.Problem.read(os.path.join(REF, "instances", "queens-8.dlx"))
        g = p.solutions()
        next(g)
        with self.assertRaises(xcc.Error):
            p.count()  # one search of a problem at a time
        g.close()
        self.assertEqual(p.count(), 92)
        for s in p.solutions():
            break
        self.assertEqual(p.count(), 92)
        with self.assertRaises(ZeroDivisionError):
            for s in p.solutions():
                1 / 0
        self.assertEqual(len(list(p.solutions())), 92)

    def test_sample_as_dlx2_draws(self):
        path = os.path.join(REF, "instances", "queens-8.dlx")
        p = xcc.Problem.read(path)
        a, b = p.sample(6, seed=7), p.sample(6, seed=7)
        self.assertEqual(a, b)
        self.assertNotEqual(a, p.sample(6, seed=8))
        want = [s["options"] for s in dlx2_json(path, "--sample", "6", "--seed", "7")]
        self.assertEqual([[p.option(o) for o in s] for s in a], want)

    def test_costs(self):
        p = xcc.Problem.parse("A B\nA B |7\nA |2\nB |3\n")
        self.assertEqual([p.cost(s) for s in p.solutions(best=2)], [5, 7])  # as dlx2 k2
        self.assertEqual(p.figures["costs"], [5, 7])

    def test_ctrl_c_interrupts(self):
        # the child takes Ctrl-C as an interactive Python does, even when
        # the tests run where SIGINT is ignored (a background job, nohup):
        # Python leaves an ignored SIGINT ignored
        code = ("import signal, xcc, subprocess, sys\n"
                "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
                "p = xcc.Problem.parse(subprocess.run([sys.argv[1], '8'], capture_output=True).stdout)\n"
                "print('go', flush=True)\n"
                "try:\n    p.count(engine='dlx')\nexcept KeyboardInterrupt:\n"
                "    print(p.figures['stop'], flush=True)\n")
        # -X faulthandler: a child that does not stop is sent SIGABRT,
        # which prints its Python stack (in the failure), then dies: never
        # left running (the count itself would take days)
        child = subprocess.Popen([sys.executable, "-X", "faulthandler", "-c", code,
                                  os.path.join(GEN, "gen-knight")],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(child.stdout.readline(), "go\n")
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        try:
            out, err = child.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGABRT)
            out, err = child.communicate()
        # an ASan build warns of the cursor's swapcontext on stderr: not ours
        err = "".join(l for l in err.splitlines(True) if "WARNING: ASan" not in l)
        self.assertEqual((child.returncode, out, err), (0, "running\n", ""))



class Symmetries(unittest.TestCase):
    def test_group_as_dlx2_reports_it(self):
        text = gen("queens", "8")
        g = xcc.Problem.parse(text.decode()).symmetry()
        out = subprocess.run([DLX2, "--symmetry"], input=text, check=True,
                             capture_output=True).stdout.decode().splitlines()
        self.assertEqual((g.order, g.complete, g.stopped), (8, True, None))
        self.assertEqual(out[:3], ["order 8", "complete yes", "generators %d" % len(g.generators)])
        self.assertEqual(g.generators, out[3:])

    def test_counts_up_to_and_with_symmetry(self):
        p = xcc.Problem.parse(gen("queens", "8").decode())
        self.assertEqual(p.count(up_to_symmetry=True), 12)  # as dlx2 -c --up-to-symmetry
        self.assertEqual(p.figures, {"classes": 12, "stop": "complete", "group_complete": True})
        self.assertEqual(p.count(use_symmetry=True, threads=2), 92)
        self.assertEqual(p.figures["solutions"], 92)
        box = xcc.Problem.parse(gen("pentomino", "3", "20").decode())
        self.assertEqual(box.count(up_to_symmetry=True), 2)
        self.assertEqual(box.symmetry().order, 4)

    def test_costs_refused(self):
        p = xcc.Problem.parse("A B\nA |3\nB |4\nA B |9\n")
        with self.assertRaises(xcc.Error) as e:
            p.count(up_to_symmetry=True)
        self.assertEqual(e.exception.status, xcc.REFUSED)


if __name__ == "__main__":
    unittest.main()
