# Counts and figures past 2^64 and past 2^128: exact on every engine that
# counts, never wrapped, never saturated; an engine's own limit (2^127 for
# the walks of DLX2's and DLX3's trees) never passes for a complete count.
#
# pairs N: N independent pairs of items a_i b_i, each with the options
# "a_i b_i", "a_i", "b_i": 2^N solutions; DLX2's tree has 3 2^N - 2 nodes
# and makes 4 2^N - 4 updates.
. "$(dirname "$0")/../lib.sh"

TWO70=1180591620717411303424
TWO130=1361129467683753853853498429727072845824
THREE41=36472996377170786403

pairs() {
    awk -v n="$1" 'BEGIN {
        for (i = 0; i < n; i++) printf "a%d b%d%s", i, i, i < n - 1 ? " " : "\n"
        for (i = 0; i < n; i++) printf "a%d b%d\na%d\nb%d\n", i, i, i, i }'
}
pairs 70 > "$TMP/p70.dlx"
pairs 130 > "$TMP/p130.dlx"
awk 'BEGIN { for (i = 0; i < 41; i++) printf "x%d%s", i, i < 40 ? " " : "\n"
             for (i = 0; i < 41; i++) for (k = 0; k < 3; k++) printf "x%d\n", i }' > "$TMP/t41.dlx"
awk 'BEGIN { print ":100|A"; for (i = 0; i < 70; i++) print "A" }' > "$TMP/m70.dlx"
awk 'BEGIN { print ":200|A"; for (i = 0; i < 130; i++) print "A" }' > "$TMP/m130.dlx"

# counts: every engine, threads, DLX3's tree
count_all() { # NAME FILE EXPECTED ARGS...
    name=$1 file=$2 want=$3
    shift 3
    for args in "$@"; do
        # shellcheck disable=SC2086
        got=$("$DLX2" $args "$file" 2> "$TMP/err")
        status=$?
        t_eq "$name, dlx2 $args" "$want [0]" "$got [$status]"
    done
}
count_all "2^70 pairs" "$TMP/p70.dlx" $TWO70 "-c" "--engine=fast -c" "--engine=zdd -c" \
    "--engine=dlx -c" "--engine=dlx -c -j 2" "-c -j 2" "-c --knuth=dlx3"
count_all "3^41 one-item options" "$TMP/t41.dlx" $THREE41 "-c" "--engine=fast -c" \
    "--engine=zdd -c" "-c -j 2"
count_all "2^70 with multiplicities" "$TMP/m70.dlx" $TWO70 "-c" "--engine=zdd -c" "-c -j 2" \
    "-c --knuth=dlx3"
count_all "2^130 pairs" "$TMP/p130.dlx" $TWO130 "-c" "--engine=zdd -c" "-c -j 2" \
    "--engine=fast -c"
count_all "2^130 with multiplicities" "$TMP/m130.dlx" $TWO130 "-c" "--engine=zdd -c"

# DLX2's figures past 2^64, exactly, from one thread, from two, from shards
"$DLX2" d0 "$TMP/p70.dlx" 2> "$TMP/one.err"
t_match "2^70 pairs: DLX2's closing line, exact" \
    "^Altogether $TWO70 solutions, [0-9]+\\+[0-9]+-0 mems, 4722366482869645213692 updates, 0 cleansings, [0-9]+ bytes, 3541774862152233910270 nodes, ccost 15%\\.\$" \
    "$(tail -1 "$TMP/one.err")"
"$DLX2" d0 -j 2 "$TMP/p70.dlx" 2> "$TMP/two.err"
figures() { sed -n 's/^Altogether \(.*\) mems, \(.*\) cleansings, [0-9]* bytes, \(.*\) nodes.*/\1 \2 \3/p' "$1"; }
t_eq "2^70 pairs: -j 2 has the same figures" "$(figures "$TMP/one.err")" "$(figures "$TMP/two.err")"
for k in 1 2 3; do "$DLX2" -c v1 --shard $k/3 "$TMP/p70.dlx" > "$TMP/s$k.out" 2> "$TMP/s$k.err"; done
"$DLX2" --merge "$TMP/s1.err" "$TMP/s2.err" "$TMP/s3.err" > "$TMP/merged"
t_eq "2^70 pairs: --shard k/3 and --merge add up to the same figures" \
    "$(figures "$TMP/one.err")" "$(figures "$TMP/merged")"
"$DLX2" --format=json -c "$TMP/p70.dlx" > "$TMP/json"
t_match "2^70 pairs: JSON writes the exact integers" \
    "^\\{\"summary\":\\{\"solutions\":$TWO70,\"complete\":true,\"stopped\":null,\"engine\":\"[a-z]+\",\"nodes\":[0-9]+," \
    "$(cat "$TMP/json")"

# past the limit of DLX2's tree: said so, status 4, never a wrapped number
"$DLX2" d0 "$TMP/p130.dlx" 2> "$TMP/err"
t_eq "2^130 pairs, DLX2's tree: status 4" 4 $?
t_eq "2^130 pairs, DLX2's tree: the reason" \
    "The figures reached 2^127, past which DLX2's tree is not counted; the figures below are partial (dlx2 -c --engine=zdd counts solutions past any number)." \
    "$(sed -n 2p "$TMP/err")"
out=$("$DLX2" -c --shard 1/2 "$TMP/p130.dlx" 2> "$TMP/err")
t_eq "2^130 pairs, -c --shard 1/2 (no zdd engine for shards): status 4" 4 $?
t_match "2^130 pairs, -c --shard 1/2: a lower bound" '^[0-9]+\+$' "$out"
"$DLX2" d0 "$TMP/m130.dlx" 2> "$TMP/err"
t_eq "2^130 with multiplicities, DLX3's tree: status 4" 4 $?
t_eq "2^130 with multiplicities, DLX3's tree: the reason" \
    "The figures reached 2^127, past which DLX3's tree is not counted; the figures below are partial (dlx2 -c --engine=zdd counts solutions past any number)." \
    "$(sed -n 2p "$TMP/err")"

# the ZDD past 2^128: whole (its root line), counted back exactly, sampled
"$DLX2" --zdd "$TMP/p130.dlx" > "$TMP/zdd" 2> "$TMP/err"
t_eq "--zdd of 2^130 solutions: the root line ends it" "188: (~0?0:187)" "$(tail -1 "$TMP/zdd")"
t_eq "--zdd of 2^130 solutions: closing line" \
    "Altogether $TWO130 solutions, 131072 bytes, 391 nodes, 390 ZDD nodes (--engine=zdd: no mems counted)." \
    "$(tail -1 "$TMP/err")"
t_eq "--zdd-count of it" $TWO130 "$("$DLX2" --zdd-count "$TMP/zdd")"
"$DLX2" --sample 3 --seed 11 "$TMP/p130.dlx" > "$TMP/draw1" 2> /dev/null
"$DLX2" --sample 3 --seed 11 "$TMP/p130.dlx" > "$TMP/draw2" 2> /dev/null
t_file_eq "--sample past 2^128: the same draws for a seed" "$TMP/draw1" "$TMP/draw2"
t_eq "--sample past 2^128: three solutions drawn" "1: 2: 3:" "$(grep -E '^[0-9]+:$' "$TMP/draw1" | tr '\n' ' ' | sed 's/ $//')"
t_eq "--sample past 2^128: each covers the 260 items" "260 260 260" \
    "$(awk '/^[0-9]+:$/ { if (n) printf "%d ", n; n = 0; next } { n += NF - 3 } END { print n }' "$TMP/draw1")"

# domino tilings of square boards, against a count made apart (build/domino)
printf 'D:\n**\n' > "$TMP/domino.txt"
for n in 10 12 14; do
    "$GEN/gen-pentomino" $n $n --pieces "$TMP/domino.txt" --copies $((n * n / 2)) > "$TMP/d$n.dlx"
    want=$("$ROOT/$BUILD/domino" $n $n)
    t_eq "domino tilings of $n x $n: --engine=zdd -c" "$want" "$("$DLX2" --engine=zdd -c "$TMP/d$n.dlx")"
done
t_eq "domino tilings of 14 x 14: the count is Kasteleyn's" 112202208776036178000000 \
    "$("$ROOT/$BUILD/domino" 14 14)"
for n in 10 12; do
    t_eq "domino tilings of $n x $n: -c" "$("$ROOT/$BUILD/domino" $n $n)" "$("$DLX2" -c "$TMP/d$n.dlx")"
done

# random problems made products of themselves (their copies share no item),
# counted past 2^64: the zdd engine and the others agree. Some products
# defeat every tree (the branch items wander from copy to copy): these
# seeds of build/randxcc are ones each engine named here finishes at once
# (tests/e2e/wide.bench.sh tries a few hundred, each with a time limit).
product() { # FILE K: K copies of FILE's problem, items renamed _1 .. _K
    awk -v K="$2" '
        function named(tok, k,   c) {
            c = index(tok, ":")
            return c ? substr(tok, 1, c - 1) "_" k substr(tok, c) : tok "_" k
        }
        /^[ \t]*\|/ || /^[ \t]*$/ { next }
        !seen { seen = 1; n = split($0, t, /[ \t]+/); sec = 0
                for (i = 1; i <= n; i++) {
                    if (t[i] == "") continue
                    if (t[i] == "|") { sec = 1; continue }
                    if (sec) s[++ns] = t[i]; else p[++np] = t[i]
                }
                next }
        { opt[++no] = $0 }
        END {
            line = ""
            for (k = 1; k <= K; k++) for (i = 1; i <= np; i++) line = line " " p[i] "_" k
            if (ns) { line = line " |"; for (k = 1; k <= K; k++) for (i = 1; i <= ns; i++) line = line " " s[i] "_" k }
            print substr(line, 2)
            for (k = 1; k <= K; k++) for (j = 1; j <= no; j++) {
                n = split(opt[j], t, /[ \t]+/); line = ""
                for (i = 1; i <= n; i++) if (t[i] != "") line = line " " named(t[i], k)
                print substr(line, 2)
            }
        }' "$1"
}
product_of() { # SEED: its problem made a product past 2^64 in $TMP/prod.dlx; its count
    "$ROOT/$BUILD/randxcc" "$1" > "$TMP/r.dlx"
    c=$("$DLX2" -c "$TMP/r.dlx" 2> /dev/null)
    k=$(awk -v c="$c" 'BEGIN { k = int(70 * log(2) / log(c)) + 1; print k < 40 ? k : 40 }')
    product "$TMP/r.dlx" "$k" > "$TMP/prod.dlx"
}
checked=0 wide=0
for seed in 1 5 10 11 12 13 14 16 17 21 22 23 24 25 31 34 38 40 42 44 45 49 50 51 56 57 59; do
    product_of $seed
    z=$(timeout 60 "$DLX2" --engine=zdd -c "$TMP/prod.dlx" 2> /dev/null)
    runs="-c|--engine=fast -c"
    case $seed in 21 | 23 | 25 | 34 | 38 | 42 | 50 | 51) # where DLX2's tree finishes at once
        runs="$runs|--engine=dlx -c|--engine=dlx -c -j 2" ;;
    esac
    want="" got=""
    IFS='|'
    for args in $runs; do
        IFS=' '
        want="$want $z"
        # shellcheck disable=SC2086
        got="$got $(timeout 60 "$DLX2" $args "$TMP/prod.dlx" 2> /dev/null)"
    done
    IFS=' '
    checked=$((checked + 1))
    [ ${#z} -gt 20 ] && wide=$((wide + 1))
    t_eq "products of random problems: seed $seed, $k copies of $c solutions, each engine" \
        "$want" "$got"
done
t_eq "products of random problems: all of them, past 2^64" "27 27" "$checked $wide"
