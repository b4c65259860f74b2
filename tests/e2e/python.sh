# The Python module xcc (python/xcc over the build's libxcc.so.1):
# tests/python/test_xcc.py with Debian's python3 (SKIP without one), one
# check per test, and at least 18 of them. Under SANITIZE=1 the module
# loads the sanitized library, ASan's runtime preloaded into python3.
. "$(dirname "$0")/../lib.sh"
[ "$SANITIZE" = thread ] && exit 0
PYTHON=${PYTHON:-$(command -v /usr/bin/python3 python3 | head -1)}
if [ -z "$PYTHON" ]; then
    t_skip "the Python module xcc" "python3 (Debian: python3)"
    exit 0
fi
export XCC_LIBRARY=$ROOT/${BUILD:-build}/libxcc.so.1 DLX2 GEN REF
export PYTHONPATH=$ROOT/python:$ROOT/tests/python PYTHONDONTWRITEBYTECODE=1
if [ -n "$SANITIZE" ]; then
    # python3 leaks by design, and ASan wants its runtime first
    export LD_PRELOAD="$(${CC:-cc} -print-file-name=libasan.so) $(${CC:-cc} -print-file-name=libubsan.so)"
    export ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0
fi
(cd "$TMP" && "$PYTHON" -m unittest -v test_xcc) 2>&1 | t_asan_quiet > "$TMP/out"
status=${PIPESTATUS[0]}
ran=0
while IFS= read -r line; do
    case $line in
    *' ... ok') t_ok "python: ${line% ... ok}"; ran=$((ran + 1)) ;;
    *' ... FAIL' | *' ... ERROR' | *' ... skipped'*)
        t_fail "python: $line" "$(sed -n '/^======/,$p' "$TMP/out" | head -30)"
        ran=$((ran + 1)) ;;
    esac
done < <(grep -E '^test_.* \.\.\. ' "$TMP/out")
t_eq "python3 -m unittest test_xcc: status 0" 0 "$status"
[ "$status" = 0 ] || tail -20 "$TMP/out"
t_eq "python: at least 18 tests ran" yes "$([ "$ran" -ge 18 ] && echo yes)"

# examples/sudoku.py: the grid solved, and a puzzle with two solutions
t_eq "examples/sudoku.py: the solved grid, unique" "534678912
672195348
198342567
859761423
426853791
713924856
961537284
287419635
345286179
1 solution" "$("$PYTHON" "$ROOT/examples/sudoku.py" 2>&1 | t_asan_quiet)"
t_eq "examples/sudoku.py: an empty grid, stopped at 2 solutions" "2 solutions" \
    "$("$PYTHON" "$ROOT/examples/sudoku.py" "$(printf '0%.0s' $(seq 81))" 2>&1 | t_asan_quiet | tail -1)"
