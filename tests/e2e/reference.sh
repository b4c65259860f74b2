# The compatibility contract: every instance of data/reference (a copy of
# shared/reference) against Knuth's DLX2's own output. stderr with default
# arguments must be byte-identical (solutions, mems, updates, cleansings,
# bytes, nodes, the input line, warnings), and so must stdout with m1.
# Both ways of walking DLX2's tree are held to it: the default (the twin,
# lib/twin/dlx2.c, with bit sets) and --engine=links (dancing links,
# lib/links/dlx2.c). This script runs the quick tier;
# reference.bench.sh the bench tier.
. "$(dirname "$0")/../lib.sh"
WANT_TIER=${WANT_TIER:-quick}
n_run=0
while IFS=$'\t' read -r name tier sols updates cleansings nodes rest; do
    [ "$name" = name ] && continue
    [ "$tier" = "$WANT_TIER" ] || continue
    n_run=$((n_run + 1))
    inst=$REF/instances/$name.dlx
    "$DLX2" < "$inst" > "$TMP/out" 2> "$TMP/err"
    t_file_eq "$name: stderr identical to DLX2" "$REF/expected/$name.stderr" "$TMP/err"
    "$DLX2" --engine=links < "$inst" > "$TMP/out" 2> "$TMP/err2"
    t_file_eq "$name: stderr identical to DLX2 (--engine=links)" "$REF/expected/$name.stderr" "$TMP/err2"
    # the figures the contract names, checked against the manifest too
    line=$(tail -1 "$TMP/err")
    t_match "$name: $sols solutions, $updates updates, $cleansings cleansings, $nodes nodes" \
        "^Altogether $sols solutions?, .* $updates updates, $cleansings cleansings, [0-9]+ bytes, $nodes nodes" "$line"
    if [ -f "$REF/expected/$name.m1.stdout" ]; then
        "$DLX2" m1 < "$inst" > "$TMP/out" 2> /dev/null
        t_file_eq "$name: m1 listing identical to DLX2" "$REF/expected/$name.m1.stdout" "$TMP/out"
        "$DLX2" m1 --engine=links < "$inst" > "$TMP/out" 2> /dev/null
        t_file_eq "$name: m1 listing identical to DLX2 (--engine=links)" "$REF/expected/$name.m1.stdout" "$TMP/out"
    fi
    got=$("$DLX2" -c "$inst" 2> /dev/null)
    t_eq "$name: -c prints the count" "$sols" "$got"
done < "$REF/MANIFEST.tsv"
t_eq "reference instances of tier $WANT_TIER were found" yes "$([ $n_run -gt 0 ] && echo yes)"
