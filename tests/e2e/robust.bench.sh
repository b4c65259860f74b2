# A solution 100,000 options deep: the listing is complete and ends right.
# (Half a minute: DLX2's choice rule scans all active items per level.)
. "$(dirname "$0")/../lib.sh"
BUILD=${BUILD:-build}
"$ROOT/$BUILD/randxcc" --chain 100000 > "$TMP/chain.dlx"
"$DLX2" m1 "$TMP/chain.dlx" > "$TMP/out" 2> "$TMP/err"
t_eq "chain of 100000: one solution" 1 "$(grep -c '^[0-9]*:$' "$TMP/out")"
t_eq "chain of 100000: the listing has 100000 option lines" 100000 "$(grep -c '^ c' "$TMP/out")"
t_eq "chain of 100000: its last line" " c199998 c199999 (1 of 1)" "$(tail -1 "$TMP/out")"
t_match "chain of 100000: 100000 levels, 100001 nodes" "^Altogether 1 solution, .* 100001 nodes" "$(tail -1 "$TMP/err")"
