# Knuth's arguments (s, v, d, t, T, c, C, l, m) give byte for byte what his
# DLX2 gives: tests/expected/knuth-args holds his outputs (see its README).
. "$(dirname "$0")/../lib.sh"
D=$ROOT/tests/expected/knuth-args
while IFS=$'\t' read -r id inst args; do
    file=$REF/instances/$inst.dlx
    [ -f "$D/$inst.dlx" ] && file=$D/$inst.dlx # a small input of its own
    # shellcheck disable=SC2086
    "$DLX2" $args < "$file" > "$TMP/out" 2> "$TMP/err"
    t_file_eq "$inst $args: stdout" "$D/$id.stdout" "$TMP/out"
    t_file_eq "$inst $args: stderr" "$D/$id.stderr" "$TMP/err"
done < "$D/CASES.tsv"

# The shape file S<file>: one line per node, "sol" per solution. Its first
# lines for langford-7 (branch sizes and items, DLX2's choices) and totals.
"$DLX2" S"$TMP/shape" < "$REF/instances/langford-7.dlx" 2> /dev/null
t_eq "shape file: first lines" "$(printf '6 7\n5 6\n3 sc\n1 sd')" "$(head -4 "$TMP/shape")"
t_eq "shape file: branch nodes (607 nodes less 52 solutions)" 555 "$(grep -vc '^sol$' "$TMP/shape")"
t_eq "shape file: solutions" 52 "$(grep -c '^sol$' "$TMP/shape")"

# First occurrence of an argument wins, as in DLX2.
got=$("$DLX2" m1 m0 < "$REF/instances/knuth-example-colors.dlx" 2> /dev/null | head -1)
t_eq "first of two m arguments wins" "1:" "$got"
