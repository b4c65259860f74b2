# Knuth's arguments (s, v, d, t, T, c, C, l, m) give byte for byte what his
# DLX2 gives: tests/expected/knuth-args holds his outputs (see its README).
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/expected/knuth-args
# Rows where dlx2 differs from DLX2 on purpose, checked below: 56 (numbers
# past 64 bits, which DLX2 pins to 2^63 - 1 and dlx2 refuses), 57 and 58
# (an S<file> that cannot be opened, after which DLX2 searches on and
# dlx2 stops).
differ=" 56 57 58 "
ran=0
while IFS=$'\t' read -r id inst args; do
    case $differ in *" $id "*) continue ;; esac
    file=$REF/instances/$inst.dlx
    [ -f "$D/$inst.dlx" ] && file=$D/$inst.dlx # a small input of its own
    # shellcheck disable=SC2086
    "$DLX2" $args < "$file" > "$TMP/out" 2> "$TMP/err"
    t_file_eq "$inst $args: stdout" "$D/$id.stdout" "$TMP/out"
    t_file_eq "$inst $args: stderr" "$D/$id.stderr" "$TMP/err"
    ran=$((ran + 1))
done < "$D/CASES.tsv"
t_eq "every other row of CASES.tsv ran" 55 "$ran"

# The shape file S<file>: one line per node, "sol" per solution. Its first
# lines for langford-7 (branch sizes and items, DLX2's choices) and totals.
"$DLX2" S"$TMP/shape" < "$REF/instances/langford-7.dlx" 2> /dev/null
t_eq "shape file: first lines" "$(printf '6 7\n5 6\n3 sc\n1 sd')" "$(head -4 "$TMP/shape")"
t_eq "shape file: branch nodes (607 nodes less 52 solutions)" 555 "$(grep -vc '^sol$' "$TMP/shape")"
t_eq "shape file: solutions" 52 "$(grep -c '^sol$' "$TMP/shape")"

# First occurrence of an argument wins, as in DLX2.
got=$("$DLX2" m1 m0 < "$REF/instances/knuth-example-colors.dlx" 2> /dev/null | head -1)
t_eq "first of two m arguments wins" "1:" "$got"

# DLX2's quirks with arguments, kept (rows 49 to 55 of CASES.tsv hold his
# outputs): a negative t, T or d is no limit, a sign may come first; two
# S<file> open both files, the first one counts. Here the exit statuses
# of those runs, and the differences from DLX2 (formats/xcc.md,
# "Differences from DLX2"; the others are tested in exit-status.sh and
# cli.sh).
l7=$REF/instances/langford-7.dlx
hint="Try 'dlx2 --help' for more information."
t_run "t-1 T-1 d-1: no limits, status 0" 0 '*' "$DLX2" t-1 T-1 d-1 "$l7"
"$DLX2" S"$TMP/first" S"$TMP/second" t1 "$l7" 2> /dev/null
t_eq "two S<file>: the first is written (11 lines), the second made empty, as in DLX2" "11 0" \
    "$(wc -l < "$TMP/first" 2> /dev/null) $(wc -c < "$TMP/second" 2> /dev/null)"
# difference (rows 57, 58): DLX2's apology, byte for byte, then a line of
# ours naming the file; no search, status 1 (DLX2 searches on, status 0)
t_run "S<file> that cannot be opened: DLX2's apology, ours, status 1" 1 \
    "$(head -1 "$D/57.stderr")
dlx2: /nonexistent/dir/shape: cannot open the shape file (S<file>): No such file or directory" \
    "$DLX2" S/nonexistent/dir/shape t2 "$l7"
t_eq "S<file> that cannot be opened: no search, nothing on stdout" "" "$(cat "$TMP/out")"
t_run "two S<file> that cannot be opened: DLX2's first apology, ours, status 1" 1 \
    "$(head -1 "$D/58.stderr")
dlx2: /nonexistent/b: cannot open the shape file (S<file>): No such file or directory" \
    "$DLX2" S/nonexistent/a S/nonexistent/b t2 "$l7"
# difference (row 56): DLX2 reads t, T and d with %lld, pinning a number
# past 2^63 - 1 to it; dlx2 takes 64 bits (a negative number is 2^64
# less it, as in DLX2) and refuses what lies beyond
for a in t99999999999999999999 T18446744073709551616 d-9223372036854775809; do
    t_run "$a is refused (DLX2: 2^63 - 1 or no limit)" 2 "dlx2: bad argument '$a': the number must lie between -9223372036854775808 and 18446744073709551615
$hint" "$DLX2" "$a" "$l7"
done
t_run "row 56's arguments: the first refused is the last given (first wins)" 2 "dlx2: bad argument 'd99999999999999999999': the number must lie between -9223372036854775808 and 18446744073709551615
$hint" "$DLX2" t99999999999999999999 T99999999999999999999 d99999999999999999999 "$l7"
"$DLX2" t18446744073709551615 T18446744073709551615 d18446744073709551615 "$l7" > "$TMP/out" 2> "$TMP/err"
t_eq "t, T and d up to 2^64 - 1: taken, no limit" "$(cat "$D/50.stderr")" "$(cat "$TMP/err")"
# difference: DLX2 reads the number and ignores what follows (m1x is m1)
t_run "m1x is refused (DLX2: m1)" 2 "dlx2: bad argument 'm1x': a whole number must follow the letter (to read a file of that name, write ./m1x)
$hint" "$DLX2" m1x "$l7"
# difference: DLX2 wraps numbers of type int round modulo 2^32
t_run "m4294967297 is refused (DLX2: m1)" 2 "dlx2: bad argument 'm4294967297': the number must lie between -2147483648 and 2147483647
$hint" "$DLX2" m4294967297 "$l7"
t_run "s-2147483649 is refused (DLX2: s2147483647)" 2 "dlx2: bad argument 's-2147483649': the number must lie between -2147483648 and 2147483647
$hint" "$DLX2" s-2147483649 "$l7"
t_run "v99999999999999999999 is refused (DLX2: v-1)" 2 "dlx2: bad argument 'v99999999999999999999': the number must lie between -2147483648 and 2147483647
$hint" "$DLX2" v99999999999999999999 "$l7"
