# The slow tier of tests/e2e/zdd-mcc.sh: on the bench tier of
# data/reference-family/dlx3 (up to 40 million solutions, a second
# each), the ZDD's count (--zdd-count) and --engine=zdd -c are DLX3's
# solutions and dlx2 -c's.
. "$(dirname "$0")/../lib.sh"
FAM=$ROOT/data/reference-family/dlx3
while IFS=$'\t' read -r name tier sols rest; do
    [ "$tier" = bench ] || continue
    P=$FAM/instances/$name.dlx
    "$DLX2" --zdd "$P" > "$TMP/z" 2> /dev/null
    t_eq "$name: --zdd-count" "$sols" "$("$DLX2" --zdd-count "$TMP/z")"
    t_eq "$name: --engine=zdd -c" "$sols" "$("$DLX2" --engine=zdd -c "$P" 2> /dev/null)"
    t_eq "$name: dlx2 -c" "$sols" "$("$DLX2" -c "$P" 2> /dev/null)"
done < "$FAM/MANIFEST.tsv"
