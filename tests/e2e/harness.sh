# The harness itself (tests/lib.sh): a check whose tool is missing, or
# on PATH but does not run, says "SKIP - NAME: needs TOOL" and counts as
# skipped, never as passed or failed; a check whose program is missing
# fails. Shown on valgrind.sh,
# run here with a PATH that lacks valgrind, with no dlx2, and with
# stand-ins that leak or not; and tests/run's summary and DLX2_NO_SKIP.
. "$(dirname "$0")/../lib.sh"
# the harness is the same whatever the build: checked once, by make test
[ -n "${SANITIZE:-}" ] && exit 0
mkdir "$TMP/bin"
for c in mktemp rm dirname grep head sed; do
    ln -s "$(type -P "$c")" "$TMP/bin/$c"
done
BASH_BIN=$(type -P bash)
# vg_script DLX2 PATH: valgrind.sh's output, then its "PASS FAIL SKIP"
vg_script() {
    : > "$TMP/results"
    env PATH="$2" RESULTS="$TMP/results" ROOT="$ROOT" DLX2="$1" SANITIZE= \
        "$BASH_BIN" "$ROOT/tests/e2e/valgrind.sh" 2>&1
    cat "$TMP/results"
}
out=$(vg_script "$DLX2" "$TMP/bin")
t_eq "valgrind missing: six checks say SKIP, naming the tool" 6 \
    "$(grep -c '^SKIP - valgrind: .*: needs valgrind$' <<< "$out")"
t_eq "valgrind missing: none passes, none fails" "0 0 6" "$(tail -1 <<< "$out")"
# a valgrind that is there but does not run (a stub that exits 127, a
# broken install): missing too, its checks SKIP rather than FAIL (#29)
mkdir "$TMP/broken"
for c in mktemp rm dirname grep head sed; do ln -s "$(type -P "$c")" "$TMP/broken/$c"; done
printf '#!/bin/sh\necho "valgrind: not really" >&2\nexit 127\n' > "$TMP/broken/valgrind"
chmod +x "$TMP/broken/valgrind"
out=$(vg_script "$DLX2" "$TMP/broken")
t_eq "valgrind that exits 127: six checks say SKIP, naming the tool" 6 \
    "$(grep -c '^SKIP - valgrind: .*: needs valgrind$' <<< "$out")"
t_eq "valgrind that exits 127: none passes, none fails" "0 0 6" "$(tail -1 <<< "$out")"

if t_have valgrind; then
    out=$(vg_script "$TMP/no-dlx2" "$PATH")
    t_eq "no dlx2 under valgrind: every check fails" "0 6 0" "$(tail -1 <<< "$out")"
    # a stand-in for dlx2 with its exit statuses that loses a block or
    # keeps it: the checks pass on the one and fail on the other
    cat > "$TMP/fake.c" << 'EOF'
#include <stdlib.h>
#include <string.h>
static void *keep;
int main(int argc, char **argv)
{
    void *p = malloc(64);
    keep = LEAK ? NULL : p;
    for (int k = 1; k < argc; k++)
        if (strstr(argv[k], "bad.dlx"))
            return 2;
    return 0;
}
EOF
    ${CC:-cc} -DLEAK=0 -o "$TMP/tidy" "$TMP/fake.c" && ${CC:-cc} -DLEAK=1 -o "$TMP/leaky" "$TMP/fake.c"
    t_eq "a stand-in that keeps its block: every check passes" "6 0 0" \
        "$(vg_script "$TMP/tidy" "$PATH" | tail -1)"
    t_eq "a stand-in that loses a block: every check fails" "0 6 0" \
        "$(vg_script "$TMP/leaky" "$PATH" | tail -1)"
else
    t_skip "no dlx2 under valgrind: every check fails" valgrind
    t_skip "a stand-in that keeps its block: every check passes" valgrind
    t_skip "a stand-in that loses a block: every check fails" valgrind
fi

# tests/run's summary, and CI's rule that a skipped check fails the run
printf '%s\n' ". \"$ROOT/tests/lib.sh\"" 't_ok "a check that passes"' \
    't_skip "a check that needs a tool" no-such-tool' > "$TMP/sample.sh"
out=$(env -u DLX2_NO_SKIP "$ROOT/tests/run" "$TMP/sample.sh" 2>&1)
status=$?
t_eq "tests/run: the summary line, status 0" "1 passed, 0 failed, 1 skipped 0" "$(tail -1 <<< "$out") $status"
out=$(DLX2_NO_SKIP=1 "$ROOT/tests/run" "$TMP/sample.sh" 2>&1)
status=$?
t_eq "tests/run with DLX2_NO_SKIP=1: a skip fails the run" "1" "$status"
t_eq "tests/run with DLX2_NO_SKIP=1: it says why" \
    "DLX2_NO_SKIP is set: 1 checks were skipped (grep '^SKIP' above)" "$(tail -1 <<< "$out")"

# tests/run runs TEST_JOBS scripts at a time: here the first waits (up to
# 20 s) for a file that only the second makes, so it passes only if both
# ran at once; the outputs still come in the list's order, and a script
# killed before its totals counts as a failure that did not finish
printf '%s\n' ". \"$ROOT/tests/lib.sh\"" \
    "for i in \$(seq 200); do [ -e \"$TMP/made\" ] && break; sleep 0.1; done" \
    "[ -e \"$TMP/made\" ] && t_ok \"the second ran beside me\" || t_fail \"the second did not run beside me\"" \
    > "$TMP/first.sh"
printf '%s\n' ". \"$ROOT/tests/lib.sh\"" ": > \"$TMP/made\"" 't_ok "made"' > "$TMP/second.sh"
printf '%s\n' 'kill -9 $$' > "$TMP/third.sh"
out=$(TEST_JOBS=2 env -u DLX2_NO_SKIP "$ROOT/tests/run" "$TMP/first.sh" "$TMP/second.sh" "$TMP/third.sh" 2>&1)
status=$?
t_eq "tests/run, TEST_JOBS=2: two at once, shown in order, a killed script fails" \
    "== $TMP/first.sh
ok - the second ran beside me
== $TMP/second.sh
ok - made
== $TMP/third.sh
FAIL - $TMP/third.sh did not finish
2 passed, 1 failed, 0 skipped
status 1" "$(grep -v ' Killed ' <<< "$out")
status $status"
rm -f "$TMP/made"
out=$(TEST_JOBS=1 env -u DLX2_NO_SKIP "$ROOT/tests/run" "$TMP/second.sh" "$TMP/second.sh" 2>&1)
t_eq "tests/run, TEST_JOBS=1: one after the other" "2 passed, 0 failed, 0 skipped" "$(tail -1 <<< "$out")"

# t_have runs the tool (t_probe: --version, python3 -c pass, ...): one
# that is on PATH but fails is missing, one that answers is there; and CI
# still fails a run whose tool is broken
mkdir "$TMP/stubs" "$TMP/good"
printf '#!/bin/sh\nexit 127\n' > "$TMP/stubs/xmllint"
printf '#!/bin/sh\nexit 1\n' > "$TMP/stubs/python3"
printf '#!/bin/sh\n[ "$1" = --version ] && echo "xmllint: using libxml version 2"\n' > "$TMP/good/xmllint"
chmod +x "$TMP/stubs/xmllint" "$TMP/stubs/python3" "$TMP/good/xmllint"
printf '%s\n' ". \"$ROOT/tests/lib.sh\"" \
    'for t in xmllint python3; do if t_have $t; then t_ok "$t runs"; else t_skip "$t runs" $t; fi; done' \
    > "$TMP/tools.sh"
out=$(env -u DLX2_NO_SKIP PATH="$TMP/stubs:$PATH" "$ROOT/tests/run" "$TMP/tools.sh" 2>&1)
t_eq "t_have: an xmllint that exits 127 and a python3 that exits 1 are missing: SKIP, status 0" \
    "SKIP - xmllint runs: needs xmllint|SKIP - python3 runs: needs python3|0 passed, 0 failed, 2 skipped 0" \
    "$(grep -E '^(SKIP|ok|FAIL)' <<< "$out" | tr '\n' '|')$(tail -1 <<< "$out") $?"
out=$(DLX2_NO_SKIP=1 PATH="$TMP/stubs:$PATH" "$ROOT/tests/run" "$TMP/tools.sh" 2>&1)
t_eq "t_have with DLX2_NO_SKIP=1: a broken tool fails the run" "1" "$?"
out=$(env -u DLX2_NO_SKIP PATH="$TMP/good:$PATH" "$ROOT/tests/run" "$TMP/tools.sh" 2>&1)
t_eq "t_have: an xmllint that answers --version is there" "ok - xmllint runs" "$(grep 'xmllint runs' <<< "$out")"
# each tool is probed once per script, however often it is asked
printf '#!/bin/sh\necho probed >> "%s"\n' "$TMP/probes" > "$TMP/good/counted"
chmod +x "$TMP/good/counted"
(PATH="$TMP/good:$PATH"; for _ in 1 2 3; do t_have counted; done)
t_eq "t_have: a tool asked three times is probed once" 1 "$(wc -l < "$TMP/probes")"
