# Knuth's DLX5 held to its own outputs (data/reference-family/dlx5 and
# tests/expected/knuth-args-dlx5): dlx2 on a problem with costs plays
# DLX5, and its stderr (default arguments and k3) and its m1 listing must
# be byte-identical, with both walks of DLX5's tree: the default (bit
# sets where they can stand in, lib/twin/dlx5.c) and --engine=cost-links
# (dancing links, lib/links/dlx5.c). This script runs the quick tier;
# reference-dlx5.bench.sh the bench tier.
. "$(dirname "$0")/../lib.sh"
WANT_TIER=${WANT_TIER:-quick}
FAM=$ROOT/data/reference-family
n_run=0
while IFS=$'\t' read -r name k tier sols rest; do
    [ "$name" = name ] && continue
    [ "$tier" = "$WANT_TIER" ] || continue
    n_run=$((n_run + 1))
    inst=$FAM/dlx5/instances/$name.dlx
    e=$FAM/dlx5/expected/$name args=""
    [ "$k" = 1 ] || e=$e.k$k args=k$k
    for engine in cost cost-links; do
        # shellcheck disable=SC2086
        "$DLX2" --engine=$engine $args < "$inst" > "$TMP/out" 2> "$TMP/err"
        t_file_eq "$name k$k: stderr identical to DLX5 (--engine=$engine)" "$e.stderr" "$TMP/err"
        # shellcheck disable=SC2086
        "$DLX2" --engine=$engine $args m1 < "$inst" > "$TMP/out" 2> /dev/null
        t_file_eq "$name k$k: m1 listing identical to DLX5 (--engine=$engine)" "$e.m1.stdout" "$TMP/out"
    done
    t_match "$name k$k: $sols solutions in the closing line" "^Altogether $sols solutions?, " \
        "$(grep '^Altogether' "$TMP/err")"
done < "$FAM/dlx5/MANIFEST.tsv"
t_eq "DLX5 instances of tier $WANT_TIER were found" yes "$([ $n_run -gt 0 ] && echo yes)"
[ "$WANT_TIER" = quick ] || exit 0

# ---- DLX5's arguments (k, v, z, Z, h, t, T, d, c, m) ----
# Rows 16, 17 (k out of range), 18 (Z too long) and 24 (s<n>, which DLX5
# does not take) get dlx2's own message and status 2: below.
D=$ROOT/tests/expected/knuth-args-dlx5
while IFS=$'\t' read -r id inst args; do
    case $id in 16 | 17 | 18 | 24) continue ;; esac
    # shellcheck disable=SC2086
    "$DLX2" $args < "$FAM/dlx5/instances/$inst.dlx" > "$TMP/out" 2> "$TMP/err"
    t_file_eq "$inst $args: stdout" "$D/$id.stdout" "$TMP/out"
    t_file_eq "$inst $args: stderr" "$D/$id.stderr" "$TMP/err"
done < "$D/CASES.tsv"
l7=$FAM/dlx5/instances/langford-7-cost.dlx
hint="Try 'dlx2 --help' for more information."
# difference: DLX5 apologizes on stderr and exits with status 255
t_run "k0 (DLX5: its apology, status 255)" 2 "dlx2: bad argument 'k0': the number must lie between 1 and 15000
$hint" "$DLX2" k0 "$l7"
t_run "k15001" 2 "dlx2: bad argument 'k15001': the number must lie between 1 and 15000
$hint" "$DLX2" k15001 "$l7"
t_run "Z12345678 (DLX5: its apology and usage)" 2 "dlx2: bad argument 'Z12345678': at most 7 prefix characters may follow Z
$hint" "$DLX2" Z12345678 "$l7"
t_run "s1 (DLX5: its usage)" 2 "dlx2: s<n> is not an argument of DLX5, whose search dlx2 plays, as for every problem with costs (--knuth=dlx2 searches as DLX2 does, ignoring the costs)
$hint" "$DLX2" s1 "$l7"

# ---- the bad inputs of data/reference-family/bad-input that DLX5 takes ----
# Where DLX5 reads the file (status 0), so does dlx2, byte for byte; the
# costs DLX5 lets wrap past 2^64 are refused (bad-input.sh).
B=$FAM/bad-input
for id in 20 21 28 29 35 37; do
    args=$(awk -F'\t' -v i=$id '$1 == i {print $3}' "$B/CASES.tsv")
    # shellcheck disable=SC2086
    "$DLX2" --knuth=dlx5 $args < "$B/$id.dlx" > "$TMP/out" 2> "$TMP/err"
    t_file_eq "bad-input/$id ($args): stdout as DLX5's" "$B/$id.stdout" "$TMP/out"
    t_file_eq "bad-input/$id ($args): stderr as DLX5's" "$B/$id.stderr" "$TMP/err"
done

# ---- the example of formats/xcc.md, "Costs" ----
printf '| the cheapest way to cover A, B and C\nA B C\nA B |3\nC |1 |1\nA |2\nB C |4\n' > "$TMP/ex.dlx"
t_eq "formats/xcc.md's example: its listing" '1: (total cost $5)
 A B (1 of 2) $3 [0]
 C (1 of 1) $2 [0]' "$("$DLX2" m1 "$TMP/ex.dlx" 2> /dev/null)"
t_eq "formats/xcc.md's example: its report" '(4 options, 3+0 items, 10 entries successfully read)
Altogether 1 solution, 272+143 mems, 5 updates, 0 cleansings, 408 bytes, 3 nodes.
The optimum cost is $5' "$("$DLX2" "$TMP/ex.dlx" 2>&1)"
t_eq "formats/xcc.md's example: k3" 'The optimum costs are:
 $5
 $6' "$("$DLX2" k3 "$TMP/ex.dlx" 2>&1 | sed -n '/^The optimum/,$p')"
t_eq "formats/json.md's example: each solution's cost, the best costs" '{"solution":1,"lines":[3,4],"option_indices":[0,1],"options":["A B","C"],"cost":5,"colors":{}}
{"solution":2,"lines":[5,6],"option_indices":[2,3],"options":["A","B C"],"cost":6,"colors":{}}
"costs":[5,6],"optimum":5' "$("$DLX2" --format=json k3 "$TMP/ex.dlx" 2> /dev/null | sed '$s/.*\("costs".*\),"seconds.*/\1/')"
