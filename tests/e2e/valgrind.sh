# valgrind memcheck on a sample: reading, searching, listing, threads,
# shards, a rejected input. No error and no leak may be reported.
# (Skipped under SANITIZE=1, whose ASan build cannot run under valgrind;
# that build checks the same things its own way.)
. "$(dirname "$0")/../lib.sh"
[ -n "$SANITIZE" ] && exit 0
vg() {
    name=$1
    shift
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        "$@" > /dev/null 2> "$TMP/vg.err"
    status=$?
    t_eq "valgrind: $name" no "$([ $status = 99 ] && echo yes || echo no)"
    [ $status = 99 ] && grep '^==' "$TMP/vg.err" | head -20
}
I=$REF/instances
vg "colors, m1" "$DLX2" m1 "$I/knuth-example-colors.dlx"
vg "zebra, random seed, verbose" "$DLX2" m1 s3 v903 "$I/zebra-16-clues.dlx"
vg "langford-7, 2 threads, m1" "$DLX2" -j 2 m1 "$I/langford-7.dlx"
vg "queens-8, shard 2 of 3" "$DLX2" --shard 2/3 m1 "$I/queens-8.dlx"
printf 'A B\nA C\n' > "$TMP/bad.dlx"
vg "a rejected input" "$DLX2" "$TMP/bad.dlx"
vg "t<n> stops early" "$DLX2" t3 m1 "$I/langford-7.dlx"
