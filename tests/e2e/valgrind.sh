# valgrind memcheck on a sample: reading, searching, listing, threads,
# shards, a rejected input. Each run must end with the program's own exit
# status (so a missing program fails), and valgrind must report no error
# and no definite or indirect leak (--error-exitcode makes it say so).
# (Skipped under SANITIZE=1, whose ASan build cannot run under valgrind;
# that build checks the same things its own way.)
. "$(dirname "$0")/../lib.sh"
[ -n "$SANITIZE" ] && exit 0
I=$REF/instances
# vg NAME STATUS CMD...: CMD under memcheck must exit with STATUS
vg() {
    name=$1 want=$2
    shift 2
    if ! t_have valgrind; then
        t_skip "valgrind: $name" "valgrind"
        return
    fi
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        "$@" > /dev/null 2> "$TMP/vg.err"
    status=$?
    if [ $status = "$want" ]; then
        t_ok "valgrind: $name"
    else
        t_fail "valgrind: $name" "exit status $status, expected $want (99: valgrind found errors)" \
            "$(grep -v '^Option ignored' "$TMP/vg.err" | head -20)"
    fi
}
vg "colors, m1" 0 "$DLX2" m1 "$I/knuth-example-colors.dlx"
vg "zebra, random seed, verbose" 0 "$DLX2" m1 s3 v903 "$I/zebra-16-clues.dlx"
vg "langford-7, 2 threads, m1" 0 "$DLX2" -j 2 m1 "$I/langford-7.dlx"
vg "queens-8, shard 2 of 3" 0 "$DLX2" --shard 2/3 m1 "$I/queens-8.dlx"
printf 'A B\nA C\n' > "$TMP/bad.dlx"
vg "a rejected input" 2 "$DLX2" "$TMP/bad.dlx"
vg "t<n> stops early" 0 "$DLX2" t3 m1 "$I/langford-7.dlx"
