"""xcc: exact cover with colors, over libxcc (the library of dlx2).

Pure Python over ctypes: the module loads the libxcc.so.1 installed beside
it (make install puts this package in $libdir/python3/dist-packages and the
library in $libdir), or the one of the build tree it sits in; XCC_LIBRARY
may name another.

    >>> import xcc
    >>> p = xcc.Problem.parse("A B C | X\\nA X:0\\nB C X:0\\nA B\\nC\\n")
    >>> list(p.solutions())
    [[0, 1]]
    >>> p.count()
    1

A problem is read from Knuth's text format (man 5 xcc), or built:
Problem(primary=[...], secondary=[...]) then p.add_option("A B X:0").
Items may carry bounds ("2|A", "1:3|B") and options costs ("A B |5"), as
in the format. A solution is a list of option indices, increasing: 0-based,
in input order of the options kept (an option without a primary item is
dropped).

Searches take the settings of libxcc by name (man xcc_settings), with _
for -: engine, threads, limit (max-solutions), max_mems, shard ("K/N"),
randomize, seed, best, time_limit, memory_limit. The figures of the last
search are p.figures. Bad input raises xcc.Error with .line, .col and
.message; a setting an engine cannot take raises xcc.Error too.

A search is one at a time per problem: a second search of a problem
while a generator of it is still open raises xcc.Error (close the first,
or leave its loop). Long searches give way to Ctrl-C: KeyboardInterrupt
stops the search and frees it.
"""

import ctypes
import os

__all__ = ["Problem", "Error", "library_version", "library_path"]

# libxcc's statuses (include/xcc.h)
OK, BAD_INPUT, NO_MEMORY, REFUSED, UNKNOWN_NAME, BAD_VALUE, OVERFLOW, END, NOT_YET, \
    WRITE_ERROR = range(10)
_COUNT = 1      # XCC_CURSOR_COUNT
_SLICE = 0.05   # seconds a call into the library may take before Python looks at signals


class Error(Exception):
    """Bad input or a refusal: .message, and .line and .col (from 1; 0 when none)."""

    def __init__(self, message, line=0, col=0, status=BAD_INPUT):
        self.message, self.line, self.col, self.status = message, line, col, status
        where = "line %d, column %d: " % (line, col) if line else ""
        super().__init__(where + message)


class _Diag(ctypes.Structure):
    _fields_ = [("line", ctypes.c_long), ("col", ctypes.c_long),
                ("message", ctypes.c_char * 512)]


def _find_library():
    here = os.path.dirname(os.path.abspath(__file__))
    tried = [os.environ.get("XCC_LIBRARY"),
             os.path.join(here, "..", "..", "..", "libxcc.so.1"),   # $libdir/python3/dist-packages/xcc
             os.path.join(here, "..", "..", "build", "libxcc.so.1")]  # the build tree
    for path in tried:
        if path and os.path.exists(path):
            return os.path.normpath(path)
    raise ImportError("xcc: libxcc.so.1 not found (tried %s)" % ", ".join(p for p in tried if p))


library_path = _find_library()  # the libxcc loaded
_lib = ctypes.CDLL(library_path)
_P, _S, _F, _C = ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p
_D = ctypes.POINTER(_Diag)
_int, _ull, _str = ctypes.c_int, ctypes.c_ulonglong, ctypes.c_char_p


def _fn(name, restype, *argtypes):
    f = getattr(_lib, name)
    f.restype, f.argtypes = restype, list(argtypes)
    return f


_version = _fn("xcc_version", _str)
_parse = _fn("xcc_problem_parse", _int, ctypes.POINTER(_P), _str, _S, _D)
_new = _fn("xcc_problem_new", _int, ctypes.POINTER(_P))
_add_item = _fn("xcc_problem_add_item", _int, _P, _str, _int, _D)
_add_option = _fn("xcc_problem_add_option", _int, _P, _str, _D)
_free = _fn("xcc_problem_free", None, _P)
_items = _fn("xcc_problem_items", _int, _P)
_primary = _fn("xcc_problem_primary_items", _int, _P)
_options = _fn("xcc_problem_options", _int, _P)
_item_name = _fn("xcc_item_name", _str, _P, _int)
_option_size = _fn("xcc_option_size", _int, _P, _int)
_option_item = _fn("xcc_option_item", _int, _P, _int, _int)
_option_color = _fn("xcc_option_color", _str, _P, _int, _int)
_option_cost = _fn("xcc_option_cost", _ull, _P, _int)
_item_bounds = _fn("xcc_item_bounds", _int, _P, _int, ctypes.POINTER(_int), ctypes.POINTER(_int))
_settings_new = _fn("xcc_settings_new", _int, ctypes.POINTER(_S))
_settings_free = _fn("xcc_settings_free", None, _S)
_settings_set = _fn("xcc_settings_set", _int, _S, _str, _str, _D)
_figures_free = _fn("xcc_figures_free", None, _F)
_figure_name = _fn("xcc_figure_name", _str, _int)
_figure_text = _fn("xcc_figure_text", _str, _F, _str)
_figure_cost = _fn("xcc_figure_cost", _int, _F, _int, ctypes.POINTER(_ull))
_cursor_start = _fn("xcc_cursor_start", _int, ctypes.POINTER(_C), _P, _S, ctypes.c_uint, _D)
_cursor_next = _fn("xcc_cursor_next_within", _int, _C, ctypes.c_double, _D)
_cursor_solution = _fn("xcc_cursor_solution", ctypes.c_void_p, _C)
_cursor_figures = _fn("xcc_cursor_figures", _F, _C)
_cursor_free = _fn("xcc_cursor_free", None, _C)
_solution_options = _fn("xcc_solution_options", _int, ctypes.c_void_p, ctypes.POINTER(_int), _int)
_G = ctypes.c_void_p  # an xcc_sym: the problem's group (xcc_sym.h)
_sym_find = _fn("xcc_sym_find", _int, _P, ctypes.c_double, ctypes.POINTER(_G), _D)
_sym_free = _fn("xcc_sym_free", None, _G)
_sym_complete = _fn("xcc_sym_complete", _int, _G)
_sym_stopped = _fn("xcc_sym_stopped", _str, _G)
_sym_seconds = _fn("xcc_sym_seconds", ctypes.c_double, _G)
_sym_order = _fn("xcc_sym_order", ctypes.c_void_p, _G)  # text the caller frees
_sym_generators = _fn("xcc_sym_generators", _int, _G)
_sym_generator_text = _fn("xcc_sym_generator_text", ctypes.c_void_p, _G, _int, _P)
_sym_counts = {name: _fn("xcc_sym_" + name, _int, _P, _G, _S, ctypes.POINTER(ctypes.c_void_p),
                         ctypes.POINTER(_int), _D) for name in ("count_classes", "count")}
_libc_free = ctypes.CDLL(None).free
_libc_free.restype, _libc_free.argtypes = None, [ctypes.c_void_p]
_STOPS = ("complete", "count", "mems", "interrupt", "callback", "wide", "running")


def _taken(ptr):
    """The text of a char * the library made for the caller, freed."""
    if not ptr:
        raise MemoryError("libxcc: out of memory")
    try:
        return _text(ctypes.string_at(ptr))
    finally:
        _libc_free(ptr)


class Symmetry:
    """A problem's automorphism group, as dlx2 --symmetry reports it: order (exact),
    complete (False when the time budget ran out: then a subgroup), stopped (why, or
    None), seconds, and generators (each in cycles of item names, "(r0 r7)(c0 c7)")."""

    def __init__(self, order, complete, stopped, seconds, generators):
        self.order, self.complete, self.stopped = order, complete, stopped
        self.seconds, self.generators = seconds, generators

    def __repr__(self):
        return "Symmetry(order=%d, complete=%s, generators=%d)" % (
            self.order, self.complete, len(self.generators))


def library_version():
    """The version of libxcc loaded, as "1.0.0"."""
    return _version().decode()


def _text(b):
    return b.decode("utf-8", "surrogateescape")


def _bytes(s):
    return s if isinstance(s, bytes) else str(s).encode("utf-8", "surrogateescape")


def _raise(status, d):
    raise Error(_text(d.message) or "libxcc: status %d" % status, d.line, d.col, status)


def _settings(given):
    """A settings handle from keyword arguments (None: left at its default)."""
    s = _S()
    if _settings_new(ctypes.byref(s)):
        raise MemoryError("libxcc: out of memory")
    d = _Diag()
    try:
        for name, value in given.items():
            if value is None:
                continue
            if name == "limit":
                name = "max_solutions"
            if value is True or value is False:
                value = int(value)
            status = _settings_set(s, _bytes(name.replace("_", "-")), _bytes(value), ctypes.byref(d))
            if status:
                _raise(status, d)
    except BaseException:
        _settings_free(s)
        raise
    return s


class Problem:
    """An XCC problem: its items, primary then secondary, and its options."""

    def __init__(self, primary=(), secondary=(), _handle=None):
        self._p = _P()
        self._busy = False
        self.figures = {}
        if _handle is not None:
            self._p = _handle
            return
        if _new(ctypes.byref(self._p)):
            raise MemoryError("libxcc: out of memory")
        d = _Diag()
        for names, sec in ((primary, 0), (secondary, 1)):
            for name in names:
                status = _add_item(self._p, _bytes(name), sec, ctypes.byref(d))
                if status:
                    _raise(status, d)

    def __del__(self):
        if getattr(self, "_p", None):
            _free(self._p)
            self._p = None

    @classmethod
    def parse(cls, text, randomize=False, seed=0):
        """The problem in text (str or bytes), in the format of man 5 xcc."""
        data = _bytes(text)
        if b"\0" in data:
            at = data.index(b"\0")
            line = data.count(b"\n", 0, at) + 1
            raise Error("NUL byte in the input", line, at - (data.rfind(b"\n", 0, at) + 1) + 1)
        p, d = _P(), _Diag()
        s = _settings({"randomize": randomize, "seed": seed}) if randomize else None
        try:
            status = _parse(ctypes.byref(p), data, s, ctypes.byref(d))
        finally:
            if s:
                _settings_free(s)
        if status:
            _raise(status, d)
        return cls(_handle=p)

    @classmethod
    def read(cls, path_or_file, **kw):
        """The problem in a file: a path, or a file object (text or binary)."""
        if hasattr(path_or_file, "read"):
            return cls.parse(path_or_file.read(), **kw)
        with open(path_or_file, "rb") as f:
            return cls.parse(f.read(), **kw)

    def add_option(self, text):
        """Adds an option, a line of the format ("A B X:0", "A |3"); a failed call changes nothing."""
        self._idle()
        d = _Diag()
        status = _add_option(self._p, _bytes(text), ctypes.byref(d))
        if status:
            _raise(status, d)

    # ---- what it holds ----------------------------------------------------

    @property
    def items(self):
        """Every item's name, primary items first."""
        return [_text(_item_name(self._p, i)) for i in range(_items(self._p))]

    @property
    def primary(self):
        return self.items[:_primary(self._p)]

    @property
    def secondary(self):
        return self.items[_primary(self._p):]

    def bounds(self, item):
        """(lo, hi): how many times primary item `item` (an index or a name) is covered."""
        if not isinstance(item, int):
            item = self.items.index(item)
        lo, hi = _int(), _int()
        if not _item_bounds(self._p, item, ctypes.byref(lo), ctypes.byref(hi)):
            raise IndexError("not a primary item: %r" % (item,))
        return lo.value, hi.value

    def __len__(self):
        """The number of options kept."""
        return _options(self._p)

    def option(self, i):
        """Option i as a line of the format: its items, colors, and cost if it has one."""
        if not 0 <= i < len(self):
            raise IndexError("no option %d" % i)
        words = []
        for k in range(_option_size(self._p, i)):
            name = _text(_item_name(self._p, _option_item(self._p, i, k)))
            color = _option_color(self._p, i, k)
            words.append(name if color is None else name + ":" + _text(color))
        cost = _option_cost(self._p, i)
        return " ".join(words) + (" |%d" % cost if cost else "")

    def option_items(self, i):
        """The names of option i's items."""
        return [_text(_item_name(self._p, _option_item(self._p, i, k)))
                for k in range(_option_size(self._p, i))]

    def cost(self, solution):
        """The sum of the costs of a solution's options."""
        return sum(_option_cost(self._p, o) for o in solution if o >= 0)

    def __str__(self):
        """The problem in the text format (it reads back as the same problem)."""
        lines, prim = [], _primary(self._p)
        names = []
        for i, name in enumerate(self.items):
            if i == prim:
                names.append("|")
            lo, hi = (self.bounds(i) if i < prim else (1, 1))
            names.append(name if (lo, hi) == (1, 1) else
                         ("%d|%s" % (hi, name) if lo == hi else "%d:%d|%s" % (lo, hi, name)))
        lines.append(" ".join(names))
        lines.extend(self.option(o) for o in range(len(self)))
        return "\n".join(lines) + "\n"

    # ---- searching ----------------------------------------------------------

    def _idle(self):
        if self._busy:
            raise Error("the problem is being searched (a generator of its solutions is open)",
                        status=REFUSED)

    def _cursor(self, flags, given):
        self._idle()
        s = _settings(given)
        c, d = _C(), _Diag()
        try:
            status = _cursor_start(ctypes.byref(c), self._p, s, flags, ctypes.byref(d))
        finally:
            _settings_free(s)
        if status:
            _raise(status, d)
        self._busy = True
        return c

    def _end(self, c):
        """Keeps the cursor's figures as self.figures, and frees it."""
        try:
            f = _cursor_figures(c)
            figs = {}
            k = 0
            while True:
                name = _figure_name(k)
                if name is None:
                    break
                figs[_text(name)] = int(_figure_text(f, name))
                k += 1
            for name in (b"engine", b"stop"):
                figs[_text(name)] = _text(_figure_text(f, name))
            figs["seconds"] = float(_figure_text(f, b"seconds"))
            v = _ull()
            figs["costs"] = [v.value for k in range(figs.get("costs", 0))
                             if _figure_cost(f, k, ctypes.byref(v)) == OK]
            self.figures = figs
        finally:
            _cursor_free(c)
            self._busy = False

    def _steps(self, c):
        """Runs the cursor: yields each status but NOT_YET (between which Python sees signals)."""
        d = _Diag()
        while True:
            status = _cursor_next(c, _SLICE, ctypes.byref(d))
            if status == NOT_YET:
                continue
            if status not in (OK, END):
                _raise(status, d)
            yield status
            if status == END:
                return

    def solutions(self, limit=None, engine=None, threads=1, **settings):
        """A lazy generator of the solutions, each a list of option indices.

        The indices are in increasing order (the options' order in the
        input, as dlx2 --format=json lists them), whatever the order the
        search chose them in; a null choice of a problem with bounds
        (an item that takes no more options) is left out.

        limit: at most so many; engine: "dlx" (the default), "links",
        "fast", "zdd", "cost", ... (man dlx2); threads; and any setting of
        libxcc by name. Leaving the loop early stops the search and frees
        it (as does an exception, or Ctrl-C, while it runs).
        """
        given = dict(settings, limit=limit, engine=engine, threads=threads)
        c = self._cursor(0, given)
        buf = (_int * max(1, _items(self._p) + 1))()
        try:
            for status in self._steps(c):
                if status == OK:
                    s = _cursor_solution(c)
                    n = _solution_options(s, buf, len(buf))
                    if n > len(buf):
                        buf = (_int * n)()
                        _solution_options(s, buf, n)
                    yield sorted(o for o in buf[:n] if o >= 0)
        finally:
            self._end(c)

    def _group(self, seconds):
        g, d = _G(), _Diag()
        status = _sym_find(self._p, seconds, ctypes.byref(g), ctypes.byref(d))
        if status:
            _raise(status, d)
        return g

    def symmetry(self, seconds=10.0):
        """The automorphism group (a Symmetry), found within `seconds` (0: no limit)."""
        self._idle()
        g = self._group(seconds)
        try:
            stopped = _sym_stopped(g)
            return Symmetry(int(_taken(_sym_order(g))), bool(_sym_complete(g)),
                            _text(stopped) if stopped else None, _sym_seconds(g),
                            [_taken(_sym_generator_text(g, k, self._p))
                             for k in range(_sym_generators(g))])
        finally:
            _sym_free(g)

    def _count_with_group(self, call, seconds, settings):
        g = self._group(seconds)
        s = _settings(settings)
        out, stop, d = ctypes.c_void_p(), _int(), _Diag()
        try:
            status = _sym_counts[call](self._p, g, s, ctypes.byref(out), ctypes.byref(stop),
                                       ctypes.byref(d))
            complete = _sym_complete(g)
        finally:
            _settings_free(s)
            _sym_free(g)
        if status:
            _raise(status, d)
        n = int(_taken(out.value)) if out.value else None
        self.figures = {"solutions" if call == "count" else "classes": n,
                        "stop": _STOPS[stop.value], "group_complete": bool(complete)}
        return n

    def count(self, engine="auto", threads=1, up_to_symmetry=False, use_symmetry=False,
              symmetry_seconds=10.0, **settings):
        """The number of solutions, exact at any size, found as dlx2 -c finds it.

        up_to_symmetry: the number of classes of solutions under the problem's group
        (dlx2 -c --up-to-symmetry); use_symmetry: the plain number, counted with the
        group's help (--use-symmetry). The group is found within symmetry_seconds; a
        count cut short (a time limit) is None, with figures["stop"] saying why."""
        if up_to_symmetry or use_symmetry:
            self._idle()
            return self._count_with_group("count_classes" if up_to_symmetry else "count",
                                          symmetry_seconds,
                                          dict(settings, engine=engine, threads=threads))
        c = self._cursor(_COUNT, dict(settings, engine=engine, threads=threads))
        try:
            for _ in self._steps(c):
                pass
        finally:
            self._end(c)
        return self.figures["solutions"]

    def sample(self, n, seed=0, **settings):
        """n solutions drawn uniformly at random (the same draws as dlx2 --sample n --seed s)."""
        return list(self.solutions(samples=n, seed=seed, engine="zdd", threads=None, **settings))
