# The slow tier of tests/e2e/zdd.sh: dlx2 --zdd writes DLX6's ZDD byte
# for byte on the bench-tier instances whose ZDD is stored
# (pentomino-4x15, -5x12, wordrect-5x5-sgb600: seconds each), with DLX6's
# closing figures, and --zdd-count counts them.
. "$(dirname "$0")/../lib.sh"
FAM=$ROOT/data/reference-family/dlx6
while IFS=$'\t' read -r name tier sols upd cl snodes znodes rest; do
    [ "$tier" = bench ] && [ -f "$FAM/expected/$name.m1.stdout" ] || continue
    "$DLX2" --zdd "$REF/instances/$name.dlx" > "$TMP/z" 2> "$TMP/e"
    t_file_eq "$name: DLX6's ZDD byte for byte" "$FAM/expected/$name.m1.stdout" "$TMP/z"
    t_match "$name: DLX6's solutions, search nodes and ZDD nodes" \
        "^Altogether $sols solutions, [0-9]+ bytes, $snodes nodes, $((znodes - 2)) ZDD nodes " "$(tail -1 "$TMP/e")"
    t_eq "$name: --zdd-count" "$sols" "$("$DLX2" --zdd-count "$TMP/z")"
done < "$FAM/MANIFEST.tsv"
