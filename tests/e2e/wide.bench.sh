# The bench tier's share of tests/e2e/wide.sh: the domino tilings of the
# 16 x 16 board (past 2^100: 2444888770250892795802079170816, the zdd
# engine in seconds and half a gigabyte, which -c picks), -c on 14 x 14
# (the zdd engine) and --engine=dlx -c (DLX3's tree with its memo), and a few hundred random problems made products of
# themselves past 2^64, each run given a time limit since some products
# defeat every tree: where the zdd and fast engines and -c all finish,
# they agree.
. "$(dirname "$0")/../lib.sh"

printf 'D:\n**\n' > "$TMP/domino.txt"
"$GEN/gen-pentomino" 16 16 --pieces "$TMP/domino.txt" --copies 128 > "$TMP/d16.dlx"
t_eq "domino tilings of 16 x 16: the count made apart" 2444888770250892795802079170816 \
    "$("$ROOT/$BUILD/domino" 16 16)"
t_eq "domino tilings of 16 x 16: --engine=zdd -c" 2444888770250892795802079170816 \
    "$("$DLX2" --engine=zdd -c "$TMP/d16.dlx")"
t_eq "domino tilings of 16 x 16: -c picks the zdd engine (engines.c: xcc_zdd_pays)" \
    '2444888770250892795802079170816 "engine":"zdd"' \
    "$("$DLX2" -c --format=json "$TMP/d16.dlx" | tail -1 | sed -n 's/.*"solutions":\([0-9]*\),"complete":true,.*\("engine":"[a-z-]*"\).*/\1 \2/p')"
# -c's zdd engine passing the memory limit gives way to DLX3's tree: the
# 16 x 16 board's ZDD passes 16 MB within its first 32768 subproblems
# (a fraction of a second), and the twin then counts until the time limit
# (20 s, room for a loaded machine).
"$DLX2" -c --format=json --memory-limit 16M --time-limit 20 "$TMP/d16.dlx" > "$TMP/out" 2> "$TMP/err"
t_eq "-c --memory-limit 16M on 16 x 16 dominoes: status 4 (the time limit), DLX3's tree after the zdd engine" \
    '4 "complete":false,"stopped":"time","engine":"mcc-twin"' \
    "$? $(tail -1 "$TMP/out" | grep -o '"complete":false,"stopped":"time","engine":"[a-z-]*"')"
"$GEN/gen-pentomino" 14 14 --pieces "$TMP/domino.txt" --copies 98 > "$TMP/d14.dlx"
t_eq "domino tilings of 14 x 14: -c (the zdd engine)" '112202208776036178000000 "engine":"zdd"' \
    "$("$DLX2" -c --format=json "$TMP/d14.dlx" | tail -1 | sed -n 's/.*"solutions":\([0-9]*\),"complete":true,.*\("engine":"[a-z-]*"\).*/\1 \2/p')"
t_eq "domino tilings of 14 x 14: --engine=dlx -c (DLX3's tree with its memo)" 112202208776036178000000 \
    "$("$DLX2" --engine=dlx -c "$TMP/d14.dlx")"

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
for seed in $(seq 1 200); do
    "$ROOT/$BUILD/randxcc" $seed > "$TMP/r.dlx"
    c=$("$DLX2" -c "$TMP/r.dlx" 2> /dev/null)
    [ "$c" -ge 4 ] 2> /dev/null || continue
    k=$(awk -v c="$c" 'BEGIN { print int(70 * log(2) / log(c)) + 1 }')
    product "$TMP/r.dlx" "$k" > "$TMP/prod.dlx"
    z=$(timeout 5 "$DLX2" --engine=zdd -c "$TMP/prod.dlx" 2> /dev/null) || continue
    f=$(timeout 5 "$DLX2" --engine=fast -c "$TMP/prod.dlx" 2> /dev/null) || continue
    a=$(timeout 5 "$DLX2" -c "$TMP/prod.dlx" 2> /dev/null) || continue
    checked=$((checked + 1))
    [ ${#z} -gt 20 ] && wide=$((wide + 1))
    [ "$f $a" = "$z $z" ] || t_fail "products of random problems: seed $seed" "zdd $z, fast $f, -c $a"
done
if [ $checked -ge 80 ] && [ $wide -ge 80 ]; then
    t_ok "products of random problems: $checked agree, $wide of them past 2^64 (at least 80)"
else
    t_fail "products of random problems: only $checked compared, $wide past 2^64 (at least 80 each)"
fi
