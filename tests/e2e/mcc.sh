# Multiplicities (DLX3's MCC problems): dlx2 --knuth=dlx3, and dlx2 on a
# file with bounds, against Knuth's DLX3's own outputs
# (data/reference-family/dlx3 and tests/expected/knuth-args-dlx3), byte
# for byte, both ways of walking his tree (bit sets, the default, and
# --engine=links); the counts of -c, -j 2 and --shard K/N; bad bounds;
# and an independent solver (tests/crosscheck/naive.c) on random MCC
# instances. This script runs the quick tier; mcc.bench.sh the bench tier.
. "$(dirname "$0")/../lib.sh"
BUILD=${BUILD:-build}
D3=$ROOT/data/reference-family/dlx3
WANT_TIER=${WANT_TIER:-quick}

# ---- the corpus: stderr and the m1 listing ----
n_run=0
while IFS=$'\t' read -r name tier sols rest; do
    [ "$name" = name ] && continue
    [ "$tier" = "$WANT_TIER" ] || continue
    n_run=$((n_run + 1))
    inst=$D3/instances/$name.dlx
    bad=""
    for engine in dlx links; do
        "$DLX2" --knuth=dlx3 --engine=$engine < "$inst" > /dev/null 2> "$TMP/err"
        cmp -s "$D3/expected/$name.stderr" "$TMP/err" || bad="$bad stderr($engine)"
        if [ -f "$D3/expected/$name.m1.stdout" ]; then
            "$DLX2" --knuth=dlx3 --engine=$engine m1 < "$inst" > "$TMP/out" 2> /dev/null
            cmp -s "$D3/expected/$name.m1.stdout" "$TMP/out" || bad="$bad m1($engine)"
        fi
    done
    if grep -q '^[^|]*[0-9]|' "$inst"; then # bounds: DLX3's search without asking
        "$DLX2" < "$inst" > /dev/null 2> "$TMP/err"
        cmp -s "$D3/expected/$name.stderr" "$TMP/err" || bad="$bad stderr(by itself)"
    fi
    [ "$("$DLX2" -c "$inst" 2> /dev/null)" = "$sols" ] || bad="$bad -c"
    t_eq "$name: DLX3's stderr$([ -f "$D3/expected/$name.m1.stdout" ] && echo " and m1 listing"), both engines; -c $sols" "" "$bad"
done < "$D3/MANIFEST.tsv"
t_eq "DLX3 instances of tier $WANT_TIER were found" yes "$([ $n_run -gt 0 ] && echo yes)"

# ---- -j 2 and --shard K/N (N = 1 .. 6): the same counts ----
# The quick tier splits the instances of fewer than 100,000 nodes, the
# bench tier all of them. (dlx2 runs here hundreds of times: from one
# process, $BUILD/dlx2-batch, as in crosscheck.sh.)
BATCH=$ROOT/$BUILD/dlx2-batch
if [ "$WANT_TIER" = quick ]; then
    names=$(awk -F'\t' '$2 == "quick" && $6 < 100000 {print $1}' "$D3/MANIFEST.tsv")
else
    names=$(awk -F'\t' 'NR > 1 {print $1}' "$D3/MANIFEST.tsv")
fi
files=$(for n in $names; do echo "$D3/instances/$n.dlx"; done)
for n in $names; do awk -F'\t' -v n="$n" '$1 == n {print $3}' "$D3/MANIFEST.tsv"; done > "$TMP/want"
# shellcheck disable=SC2086
"$BATCH" -c --knuth=dlx3 -j 2 -- $files > "$TMP/got"
t_file_eq "-c -j 2 counts what DLX3 counts on $(echo "$names" | wc -w) instances" \
    "$TMP/want" "$TMP/got"
for n in 1 2 3 4 5 6; do
    for k in $(seq $n); do
        # shellcheck disable=SC2086
        "$BATCH" -c --knuth=dlx3 --shard "$k/$n" -- $files > "$TMP/part$k"
    done
    # shellcheck disable=SC2046
    paste $(for k in $(seq $n); do echo "$TMP/part$k"; done) |
        awk '{s = 0; for (i = 1; i <= NF; i++) s += $i; print s}' > "$TMP/got"
    t_file_eq "-c --shard K/$n, K = 1 .. $n, add up to DLX3's counts" "$TMP/want" "$TMP/got"
done
[ "$WANT_TIER" = quick ] || exit 0

# shards run each with its own -j cut one plan (the plan's size does not
# depend on -j): their counts add up to the whole (before, -j 1 and -j 2
# cut langford12-8 differently, and such parts added up to 2589898)
l128=$D3/instances/langford12-8.dlx
for k in 1 2 3; do "$DLX2" -c -j $k --shard $k/3 "$l128" > /dev/null 2> "$TMP/mixed$k.err"; done
t_eq "langford12-8: shards K/3 run with -j K merge to the whole count" 2584697 \
    "$("$DLX2" --merge "$TMP"/mixed[123].err)"
t_eq "langford12-8: shard 1/3 counts the same with -j 1 and -j 2" \
    "$("$DLX2" -c -j 1 --shard 1/3 "$l128" 2> /dev/null)" "$("$DLX2" -c -j 2 --shard 1/3 "$l128" 2> /dev/null)"

# with the figures: two threads, and the parts merged, give DLX3's
inst=$D3/instances/langford02-7.dlx
"$DLX2" -j 2 "$inst" 2> "$TMP/err" > /dev/null
t_file_eq "langford02-7: -j 2 gives DLX3's report" "$D3/expected/langford02-7.stderr" "$TMP/err"
"$DLX2" -j 2 --engine=links m1 "$D3/instances/random-mcc-small-013.dlx" 2> /dev/null | grep -c '^[0-9]*:$' > "$TMP/n"
t_eq "random-mcc-small-013: -j 2 --engine=links m1 lists its 183 solutions" 183 "$(cat "$TMP/n")"
for k in 1 2 3; do "$DLX2" --shard $k/3 "$inst" 2>> "$TMP/parts" > /dev/null; done
"$DLX2" --merge "$TMP/parts" > "$TMP/merged"
t_eq "langford02-7: --merge adds up DLX3's closing lines" \
    "$(tail -1 "$D3/expected/langford02-7.stderr" | sed 's/ccost [0-9]*%//')" \
    "$(tail -1 "$TMP/merged" | sed 's/ccost [0-9]*%//')"

# ---- Knuth's arguments: DLX3's outputs ----
E=$ROOT/tests/expected/knuth-args-dlx3
bad=""
n=0
while IFS=$'\t' read -r id inst args; do
    case $id in [0-9]*) ;; *) continue ;; esac
    [ "$id" = 23 ] && continue # an S<file> that cannot be opened: a difference, below
    n=$((n + 1))
    # shellcheck disable=SC2086
    (cd "$TMP" && "$DLX2" --knuth=dlx3 $args < "$D3/instances/$inst.dlx" > out 2> err)
    cmp -s "$E/$id.stdout" "$TMP/out" || bad="$bad $id(stdout)"
    cmp -s "$E/$id.stderr" "$TMP/err" || bad="$bad $id(stderr)"
done < "$E/CASES.tsv"
t_eq "DLX3's stdout and stderr for $n sets of his arguments (seeds, tracing, progress, limits, profile)" "" "$bad"
t_eq "28 sets of DLX3's arguments ran" 28 "$n"
# difference (row 23): DLX3's apology, then ours; no search (DLX3 searches on)
t_run "S<file> that cannot be opened: DLX3's apology, ours, status 1" 1 "$(head -1 "$E/23.stderr")
dlx2: /nonexistent/dir/shape: cannot open the shape file (S<file>): No such file or directory" \
    "$DLX2" --knuth=dlx3 S/nonexistent/dir/shape t2 "$D3/instances/langford02-7.dlx"

# ---- the listing and JSON: null choices ----
ex=$D3/instances/knuth-example-mcc.dlx
t_eq "a null choice in the m1 listing" " null C (1 of 1)" "$("$DLX2" m1 "$ex" 2> /dev/null | tail -1)"
t_eq "JSON leaves null choices out" '{"solution":1,"lines":[4,6,7],"option_indices":[1,3,4],"options":["A C X:1 Y:1","B X:1","C Y:1"],"colors":{"X":"1","Y":"1"}}' \
    "$("$DLX2" --format=json "$ex" 2> /dev/null | head -1)"

# ---- --verify: listings and JSON of MCC problems, null lines passed over ----
for n in knuth-example-mcc langford02-7 random-mcc-small-013; do
    inst=$D3/instances/$n.dlx
    sols=$(awk -F'\t' -v n="$n" '$1 == n {print $3}' "$D3/MANIFEST.tsv")
    "$DLX2" m1 "$inst" 2> "$TMP/l.err" > "$TMP/l.m1"
    "$DLX2" --format=json "$inst" 2> /dev/null > "$TMP/l.json"
    t_eq "$n: --verify of its m1 listing (and DLX3's report) and of its JSON" \
        "$sols solution$([ "$sols" = 1 ] || echo s) verified
$sols solution$([ "$sols" = 1 ] || echo s) verified" \
        "$("$DLX2" --verify "$TMP/l.m1" "$inst" --report "$TMP/l.err" 2>&1; "$DLX2" --verify "$TMP/l.json" "$inst" 2>&1)"
done
printf '2|A 1:2|B 0:2|C | X\nA B X:1\nA C\nA B C X:2\nB\n' > "$TMP/ab.dlx"
printf '1:\n A B X:1 (1 of 2)\n null C (1 of 1)\n B (1 of 2)\n' > "$TMP/l.m1"
t_run "--verify: an item covered fewer times than its lower bound" 1 \
    "dlx2: $TMP/l.m1:1: solution 1: item 'A' is covered 1 time, fewer than 2" \
    "$DLX2" --verify "$TMP/l.m1" "$TMP/ab.dlx"
printf '1:\n A B X:1 (1 of 2)\n A C (1 of 1)\n A C (1 of 1)\n' > "$TMP/l.m1"
t_run "--verify: an item covered more times than its upper bound" 1 \
    "dlx2: $TMP/l.m1:4: solution 1: item 'A' is covered more than 2 times ('A C')" \
    "$DLX2" --verify "$TMP/l.m1" "$TMP/ab.dlx"

# ---- bounds in the item line ----
bad() { # NAME INPUT(printf format) EXPECTED_MESSAGE
    printf -- "$2" > "$TMP/in.dlx"
    "$DLX2" < "$TMP/in.dlx" > "$TMP/out" 2> "$TMP/err"
    t_eq "$1: status 2 and one message" "2 $3" "$? $(cat "$TMP/err")"
}
bad "lower bound above the upper" '3:2|A B\nA\n' \
    "dlx2: <stdin>:1:1: lower bound 3 exceeds upper bound 2 in '3:2|A'"
bad "upper bound 0" 'A 0|B\nA\n' \
    "dlx2: <stdin>:1:3: upper bound 0 in '0|B' (the item must be allowed at least once)"
bad "upper bound 0 after a lower" '0:0|A B\nA\n' \
    "dlx2: <stdin>:1:3: upper bound 0 in '0:0|A' (the item must be allowed at least once)"
bad "negative lower bound" '-1:2|A B\nA\n' \
    "dlx2: <stdin>:1:1: bad bounds in '-1:2|A' (bounds are whole numbers: a:b|name or b|name)"
bad "negative upper bound" '1:-2|A B\nA\n' \
    "dlx2: <stdin>:1:3: bad bounds in '1:-2|A' (bounds are whole numbers: a:b|name or b|name)"
bad "a bound that is not a number" 'A 1:y|B\nA\n' \
    "dlx2: <stdin>:1:5: bad bounds in '1:y|B' (bounds are whole numbers: a:b|name or b|name)"
bad "a bound too large" '2147483648|A\nA\n' \
    "dlx2: <stdin>:1:1: bound too large in '2147483648|A' (at most 2147483647)"
bad "bounds on a secondary item" 'A | 2|X\nA X\n' \
    "dlx2: <stdin>:1:5: bounds on the secondary item in '2|X' (only primary items take bounds)"
bad "a:b| on a secondary item" 'A | X 1:2|Y\nA X\n' \
    "dlx2: <stdin>:1:7: bounds on the secondary item in '1:2|Y' (only primary items take bounds)"
bad "lower bound without upper" '2:A B\nA\n' \
    "dlx2: <stdin>:1:1: a lower bound without an upper bound in '2:A' (write a:b|name)"
bad "empty upper bound" '2:|A B\nA\n' \
    "dlx2: <stdin>:1:3: no upper bound in '2:|A' (write a:b|name)"
bad "two bounds" '2|3|A B\nA\n' \
    "dlx2: <stdin>:1:3: bounds given twice in '2|3|A'"
bad "two colons" '1:2:3|A B\nA\n' \
    "dlx2: <stdin>:1:1: bad bounds in '1:2:3|A' (write a:b|name or b|name)"
bad "bounds and no name" '2| A B\nA\n' \
    "dlx2: <stdin>:1:1: bounds without an item name in '2|'"
bad "a name that is not a bound keeps DLX2's message" 'x:2|A\nA\n' \
    "dlx2: <stdin>:1:2: item name 'x:2|A' contains ':'"
printf '| a comment\nA 2:1|B\nA B\n' > "$TMP/in.dlx"
t_run "bad bounds in a file: its name, line and column" 2 \
    "dlx2: $TMP/in.dlx:2:3: lower bound 2 exceeds upper bound 1 in '2:1|B'" "$DLX2" "$TMP/in.dlx"
printf ':2|A B\nA\nA B\nB\n' > "$TMP/in.dlx"
t_eq "an empty lower bound is 0, as in DLX3" 4 "$("$DLX2" -c "$TMP/in.dlx")"
printf '99999999|A B\nA\nB\n' > "$TMP/in.dlx"
t_eq "bounds of 8 digits are read (DLX3 takes 7)" 0 "$("$DLX2" -c "$TMP/in.dlx")"
printf '2|A B\nA\nA B\n' > "$TMP/in.dlx"
t_run "--knuth=dlx2 refuses bounds" 2 \
    "dlx2: $TMP/in.dlx: bounds (multiplicities) in the item line, which DLX2 does not read: leave out --knuth=dlx2" \
    "$DLX2" --knuth=dlx2 "$TMP/in.dlx"
t_run "--knuth takes dlx1, dlx2, dlx3, dlx5, dlx6 or ssxcc" 2 "dlx2: unknown program 'dlx4' for --knuth (dlx1, dlx2, dlx3, dlx5, dlx6 or ssxcc)
Try 'dlx2 --help' for more information." "$DLX2" --knuth=dlx4 "$TMP/in.dlx"
t_run "--engine=fast takes no multiplicities" 2 "(2 options, 2+0 items, 5 entries successfully read)
dlx2: the engine fast takes no multiplicities (DLX3's bounds a:b|name)
Try 'dlx2 --help' for more information." "$DLX2" --engine=fast "$TMP/in.dlx"

# ---- an independent count: naive on random MCC instances ----
RAND=$ROOT/$BUILD/randxcc
NAIVE=$ROOT/$BUILD/naive
BATCH=$ROOT/$BUILD/dlx2-batch
mkdir -p "$TMP/small" "$TMP/large"
"$RAND" --mcc --many "$TMP/small" 1 300
"$RAND" --mcc --many "$TMP/large" 1 30 8 6 60 3
for set in small large; do
    files=$(ls "$TMP/$set"/*.dlx | sort -V)
    # shellcheck disable=SC2086
    "$NAIVE" $files > "$TMP/naive.txt"
    for args in "" "--engine=links" "s7" "-j 2"; do
        # shellcheck disable=SC2086
        "$BATCH" -c --knuth=dlx3 $args -- $files > "$TMP/dlx2.txt"
        t_file_eq "$(echo "$files" | wc -l) random MCC instances ($set): dlx2 -c --knuth=dlx3 $args agrees with naive" \
            "$TMP/naive.txt" "$TMP/dlx2.txt"
    done
done
t_eq "... and they are not trivial (solutions in all)" yes \
    "$([ "$(awk '{s += $1} END {print s}' "$TMP/naive.txt")" -gt 1000 ] && echo yes)"
