# The layout of the sources (#25, bench/NOTES.md "The layout"): no cycle of
# calls between the folders of libxcc, the report, dlx2's command line, the
# listing reader, the verifier and the generators (bench/cycles, from the
# objects' symbols), none between their files either; no file of
# report/ includes the header that lays out a problem; no folder with more
# than 15 .c files; no header longer than 300 lines, the public ones
# (include/) too.
. "$(dirname "$0")/../lib.sh"
B=$ROOT/${BUILD:-build}
cd "$ROOT" || exit 2
# the sources' layout is the same whatever the build: make test checks it
# once, not again with the sanitizers' builds
[ -n "${SANITIZE:-}" ] && exit 0

if t_have nm && t_have python3; then
    set -- "$B"/lib/*/*.o "$B"/lib/*.o "$B"/report/*.o
    t_eq "the objects of lib/ and report/ are there ($# of them)" yes "$([ $# -ge 50 ] && [ -e "$1" ] && echo yes)"
    t_eq "no cycle of calls between the folders of lib/ and report/" "0 cycles" \
        "$(bench/cycles --dirs "$@" 2>&1)"
    t_eq "no cycle of calls between files of lib/ and report/" "0 cycles" "$(bench/cycles "$@" 2>&1)"
    # with dlx2's command line, the listing reader, the verifier and each
    # generator's folder (the one-file generators share no calls)
    set -- "$@" "$B"/cli/*.o "$B"/listing/*.o "$B"/verify/*.o "$B"/dlx-gen/*/*.o
    t_eq "the objects of cli/, listing/, verify/ and dlx-gen/ are there too ($# in all)" yes \
        "$([ $# -ge 100 ] && [ -e "$B/cli/main.o" ] && [ -e "$B/listing/lst_open.o" ] && echo yes)"
    t_eq "no cycle of calls between the folders of the tree" "0 cycles" "$(bench/cycles --dirs "$@" 2>&1)"
    t_eq "no cycle of calls between files of the tree" "0 cycles" "$(bench/cycles "$@" 2>&1)"
    # bench/cycles finds one where there is one: two objects that call each other
    printf 'int cy_b(int);\nint cy_a(int x) { return x ? cy_b(x - 1) : 0; }\n' > "$TMP/a.c"
    printf 'int cy_a(int);\nint cy_b(int x) { return x ? cy_a(x - 1) : 1; }\n' > "$TMP/b.c"
    mkdir -p "$TMP/one" "$TMP/two"
    if cc -c -o "$TMP/one/a.o" "$TMP/a.c" && cc -c -o "$TMP/two/b.o" "$TMP/b.c"; then
        t_eq "bench/cycles: two folders that call each other" \
            "cycle: $TMP/one $TMP/two
1 cycles" "$(bench/cycles --dirs "$TMP/one/a.o" "$TMP/two/b.o")"
    else
        t_fail "bench/cycles: two folders that call each other" "cc failed"
    fi
else
    t_skip "no cycle of calls between the folders of lib/ and report/" "nm, python3"
fi

t_eq "no file of report/ includes problem/problem.h" "" \
    "$(grep -l '^#include "problem/problem\.h"' report/*.c report/*.h)"
# and not by way of another header: the preprocessor's list of what each includes
bad="" n=0
for f in report/*.c; do
    n=$((n + 1))
    deps=$(${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -I. -Iinclude -Ilib -Ireport -Ilisting -MM "$f") ||
        bad="$bad $f:failed"
    case $deps in *problem/problem.h*) bad="$bad $f" ;; esac
done
t_eq "... nor through another header ($n files)" "yes:" "$([ $n -ge 8 ] && echo yes):$bad"

big="" n=0
for d in lib lib/*/ report cli listing verify; do
    n=$((n + 1))
    c=$(ls "$d"/*.c 2> /dev/null | wc -l)
    [ "$c" -le 15 ] || big="$big ${d%/}:$c"
done
t_eq "no folder with more than 15 .c files ($n folders)" "yes:" "$([ $n -ge 14 ] && echo yes):$big"

long="" n=0
for h in lib/*.h lib/*/*.h report/*.h cli/*.h listing/*.h verify/*.h; do
    n=$((n + 1))
    l=$(wc -l < "$h")
    [ "$l" -le 300 ] || long="$long $h:$l"
done
t_eq "no header longer than 300 lines ($n headers)" "yes:" "$([ $n -ge 35 ] && echo yes):$long"
long="" n=0
for h in include/*.h; do
    n=$((n + 1))
    l=$(wc -l < "$h")
    [ "$l" -le 300 ] || long="$long $h:$l"
done
t_eq "no public header longer than 300 lines ($n headers)" "yes:" "$([ $n -ge 3 ] && echo yes):$long"

# doc/layout.md's table names every folder of the repository (the build's
# own, build*/, aside), so a newcomer finds where each part lives
missing="" n=0
for d in */; do
    case $d in build*/) continue ;; esac
    n=$((n + 1))
    grep -qF "| \`${d}" doc/layout.md || grep -qF ", \`${d}" doc/layout.md || missing="$missing $d"
done
t_eq "doc/layout.md names every folder of the repository ($n folders)" "yes:" \
    "$([ $n -ge 14 ] && echo yes):$missing"
