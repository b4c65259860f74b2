# libxcc 1.0 from outside (build/apicheck, through include/xcc.h alone):
# - the cursor and the callback give the same solutions in the same order,
#   the same figures and the same refusals, on the reference corpus
#   (DLX2's, DLX3's and DLX5's instances), for every engine that lists;
# - the thread rules of xcc.h ("Threads"), which make test-threads runs
#   under ThreadSanitizer (this script is in its tier);
# - the ABI: a program built against this libxcc.so.1 runs unchanged
#   against a scratch build of it where the settings and figures behind
#   the handles have grown a field at their front and a new setting.
. "$(dirname "$0")/../lib.sh"
CHECK=$ROOT/${BUILD:-build}/apicheck
cd "$ROOT" || exit 2

# ---- the thread rules -------------------------------------------------
"$CHECK" threads 2>&1 | t_asan_quiet > "$TMP/threads"
t_eq "apicheck threads: status 0" 0 "${PIPESTATUS[0]}"
{
    echo "readers: 4 threads read one problem 20 times each, the same"
    for e in dlx links fast zdd cells; do
        echo "$e: 4 searchers, one settings handle: 2208 solutions"
        echo "$e: a cursor moved between 4 threads: 92 solutions"
    done
    echo "dlx: a cursor with 2 threads: the 92 of one thread"
    echo "links: a cursor with 2 threads: the 92 of one thread"
} > "$TMP/threads.want"
t_file_eq "apicheck threads: shared problems, settings and cursors" "$TMP/threads.want" "$TMP/threads"
[ "$SANITIZE" = thread ] && exit 0

# ---- the cursor against the callback, on the reference corpus ----------
REFS=$(ls data/reference/instances/*.dlx)
MCC=$(ls data/reference-family/dlx3/instances/*.dlx)
COST=$(ls data/reference-family/dlx5/instances/*.dlx)
if [ -n "$SANITIZE" ]; then # the word rectangles take a second each, unsanitized
    REFS=$(echo "$REFS" | grep -v wordrect)
    COST=$(echo "$COST" | grep -v wordrect)
fi
ALL="$REFS $MCC $COST"
nall=$(echo $ALL | wc -w) ncost=$(echo $COST | wc -w)
t_eq "the corpus: at least 150 files" yes "$([ "$nall" -ge 150 ] && echo yes)"
# fast and cells take no multiplicities: they refuse DLX3's problems
# with bounds, on both ways alike (3 of them have none)
nmcc=$(grep -L '^[^|]*[0-9]|' $MCC | wc -l)
for row in "dlx $nall" "links $nall" "auto $nall" "fast $((nall - $(echo $MCC | wc -w) + nmcc))" \
    "cells $((nall - $(echo $MCC | wc -w) + nmcc))"; do
    set -- $row
    # shellcheck disable=SC2086
    "$CHECK" corpus "$1" 200 $ALL 2>&1 | t_asan_quiet > "$TMP/c.$1"
    st=${PIPESTATUS[0]}
    t_eq "cursor = callback, engine $1: status 0" 0 "$st"
    [ "$st" = 0 ] || grep FAIL "$TMP/c.$1" | head -5
    t_eq "cursor = callback, engine $1: files compared" "$1: $2 of $nall files compared" "$(tail -1 "$TMP/c.$1")"
done
for e in cost cost-links; do
    # shellcheck disable=SC2086
    "$CHECK" corpus $e 200 $COST 2>&1 | t_asan_quiet > "$TMP/c.$e"
    t_eq "cursor = callback, engine $e: status 0" 0 "${PIPESTATUS[0]}"
    t_eq "cursor = callback, engine $e: files compared" "$e: $ncost of $ncost files compared" "$(tail -1 "$TMP/c.$e")"
done
# zdd takes no limit: the instances of at most 20000 solutions, whole
small() { awk -F'\t' -v d="$1" 'NR > 1 && $3 <= 20000 { print d "/instances/" $1 ".dlx" }' "$1/MANIFEST.tsv"; }
ZDD="$(small data/reference) $(small data/reference-family/dlx3)"
nzdd=$(echo $ZDD | wc -w)
t_eq "zdd: at least 60 instances of the corpus" yes "$([ "$nzdd" -ge 60 ] && echo yes)"
# shellcheck disable=SC2086
"$CHECK" corpus zdd all $ZDD 2>&1 | t_asan_quiet > "$TMP/c.zdd"
t_eq "cursor = callback, engine zdd: status 0" 0 "${PIPESTATUS[0]}"
t_eq "cursor = callback, engine zdd: files compared" "zdd: $nzdd of $nzdd files compared" "$(tail -1 "$TMP/c.zdd")"
# the comparisons saw solutions: the corpus's counts, as far as 200
t_eq "dlx: the solutions compared" yes "$(awk '$1 == "same" { s += $4 } END { print (s >= 5000 ? "yes" : s) }' "$TMP/c.dlx")"

# ---- the ABI: an old program, a grown library ---------------------------
# Not under the sanitizers: the scratch library is built plainly.
[ -n "$SANITIZE" ] && exit 0
CC=${CC:-cc}
lib=$ROOT/${BUILD:-build}
if ! "$CC" -std=c11 -O1 -Iinclude -o "$TMP/old" tests/crosscheck/apicheck.c "$lib/libxcc.so.1" -lpthread 2> "$TMP/cc.err"; then
    t_fail "the ABI: apicheck builds against libxcc.so" "$(cat "$TMP/cc.err")"
    exit 0
fi
LD_LIBRARY_PATH=$lib "$TMP/old" calls abi-test > "$TMP/calls.1"
t_eq "the ABI: the program runs on today's library" 0 $?
t_eq "the ABI: today's library knows no setting abi-test" "set abi-test: unknown name" "$(sed -n 2p "$TMP/calls.1")"
# the scratch library: a field at the front of every struct behind a
# handle (settings, figures, cursor, problem), and one more setting
mkdir -p "$TMP/new/lib" "$TMP/so"
cp -r include progs.h "$TMP/new/"
cp -r lib/* "$TMP/new/lib/"
sed -i 's/^struct xcc_settings {$/&\n    char grown[40];/' "$TMP/new/lib/settings.h"
sed -i 's/^struct xcc_figures {$/&\n    char grown[24];/' "$TMP/new/lib/api/api.h"
sed -i 's/^struct xcc_cursor {$/&\n    char grown[8];/' "$TMP/new/lib/api/cursor.c"
sed -i 's/^struct xcc_problem {$/&\n    char grown[56];/' "$TMP/new/lib/problem/problem.h"
sed -i -e 's/S_MEMORY_LIMIT, S_COUNT/S_MEMORY_LIMIT, S_ABI_TEST, S_COUNT/' \
    -e 's/^\( *\)\[S_MEMORY_LIMIT\] = .*/&\n\1[S_ABI_TEST] = {"abi-test", K_INT, 0, 1},/' "$TMP/new/lib/api/settings.c"
grown=$(grep -c 'grown\[\|S_ABI_TEST\]' "$TMP"/new/lib/settings.h "$TMP"/new/lib/api/api.h \
    "$TMP"/new/lib/problem/problem.h "$TMP"/new/lib/api/settings.c "$TMP"/new/lib/api/cursor.c | awk -F: '{ s += $2 } END { print s }')
t_eq "the ABI: the scratch library grew in 5 places" 5 "$grown"
(cd "$TMP/new" && "$CC" -std=c11 -O1 -D_POSIX_C_SOURCE=200809L -DXCC_BUILDING -fPIC -fvisibility=hidden \
    -I. -Iinclude -Ilib -shared -Wl,-soname,libxcc.so.1 -Wl,--version-script=lib/api/libxcc.map \
    -o "$TMP/so/libxcc.so.1" lib/*.c lib/*/*.c -lpthread) > "$TMP/cc.err" 2>&1
st=$?
t_eq "the ABI: the grown library builds" 0 "$st"
if [ "$st" != 0 ]; then head -5 "$TMP/cc.err"; exit 0; fi
LD_LIBRARY_PATH=$TMP/so "$TMP/old" calls abi-test > "$TMP/calls.2"
t_eq "the ABI: the old program runs on the grown library" 0 $?
t_eq "the ABI: the grown library knows abi-test" "set abi-test: ok" "$(sed -n 2p "$TMP/calls.2")"
sed -i 2d "$TMP/calls.1" "$TMP/calls.2"
t_file_eq "the ABI: the same results from both libraries" "$TMP/calls.1" "$TMP/calls.2"
t_eq "the ABI: the round of calls printed its 9 other results" 9 "$(wc -l < "$TMP/calls.2")"
