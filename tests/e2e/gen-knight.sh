# dlx-gen/gen-knight: the in/out encoding of knight's tours (formats/knight.md).
# The 6 x 6 count (106172416, ~30 s) is a slow row of data/MANIFEST.tsv.
. "$(dirname "$0")/../lib.sh"
K=$GEN/gen-knight
KREF=$REF/instances

# items = words of the item line, options = the other non-comment lines
items() { grep -v '^|' | head -1 | wc -w | tr -d ' '; }
options() { grep -v '^|' | tail -n +2 | wc -l | tr -d ' '; }

"$K" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help exits 0" 0 $?
t_match "--help shows the usage" "^Usage: gen-knight N \[M\]" "$(head -1 "$TMP/out")"
t_match "--help says the solutions are cycle covers" "cycle covers, NOT tours" "$(cat "$TMP/out")"
t_eq "--help writes nothing on stderr" "" "$(cat "$TMP/err")"

"$K" 6 > "$TMP/k6.dlx"
t_eq "6 x 6: 72 items" 72 "$(items < "$TMP/k6.dlx")"
t_eq "6 x 6: 160 options" 160 "$(options < "$TMP/k6.dlx")"
t_eq "first line is the command" "| gen-knight 6" "$(head -1 "$TMP/k6.dlx")"
t_eq "6 x 6: every option is one o item and one i item" 160 \
    "$(grep -v '^|' "$TMP/k6.dlx" | grep -c '^o[0-5][0-5] i[0-5][0-5]$')"

"$K" 5 --open > "$TMP/k5o.dlx"
t_eq "5 x 5 open: 52 items" 52 "$(items < "$TMP/k5o.dlx")"
t_eq "5 x 5 open: 146 options" 146 "$(options < "$TMP/k5o.dlx")"
t_eq "5 x 5 open: 414736 cycle covers" 414736 "$("$DLX2" -c < "$TMP/k5o.dlx")"

# Same items and options, in the same order, as the reference files.
for c in "4:closed-4" "5:closed-5" "5 --open:open-5"; do
    args=${c%%:*} name=${c#*:}
    "$K" $args | tail -n +2 > "$TMP/mine"
    tail -n +2 "$KREF/knight-cover-$name.dlx" > "$TMP/ref"
    t_file_eq "gen-knight $args is knight-cover-$name" "$TMP/ref" "$TMP/mine"
done
t_eq "4 x 4: 256 covers" 256 "$("$K" 4 | "$DLX2" -c)"
t_eq "5 x 5: no cover" 0 "$("$K" 5 | "$DLX2" -c)"

# A rectangle, byte for byte (N rows, M columns, o before i, ov iv last).
"$K" 3 4 --open > "$TMP/k34.dlx"
t_file_eq "3 x 4 open, byte for byte" "$ROOT/tests/expected/gen-knight-3x4-open.dlx" "$TMP/k34.dlx"
t_eq "3 x 4 open: 432 covers" 432 "$("$DLX2" -c < "$TMP/k34.dlx")"
t_eq "4 x 3 is not 3 x 4" "o00 o01 o02 o10" "$("$K" 4 3 | sed -n 2p | cut -d' ' -f1-4)"
t_eq "1 x 1: no moves" "$(printf '| gen-knight 1\no00 i00')" "$("$K" 1)"
t_eq "same arguments, same bytes" "$(cat "$TMP/k5o.dlx")" "$("$K" 5 --open)"

# Beyond 62 rows or columns, cells are named R.C.
t_eq "63 x 1 names cells R.C" "o0.0 o1.0 o2.0" "$("$K" 63 1 | sed -n 2p | cut -d' ' -f1-3)"
t_eq "63 x 3: a move" "o0.0 i1.2" "$("$K" 63 3 | sed -n 3p)"

# --knuth: the usual output already suits DLX2; it only checks.
"$K" 5 --open --knuth | tail -n +2 > "$TMP/k5ok"
tail -n +2 "$TMP/k5o.dlx" > "$TMP/k5o-body"
t_file_eq "--knuth changes nothing but the command line" "$TMP/k5o-body" "$TMP/k5ok"
t_eq "--knuth: same count" 414736 "$("$K" 5 --open --knuth | "$DLX2" -c)"

# Bad arguments: one message, status 2.
t_run "no size" 2 "gen-knight: missing board size N (try --help)" "$K"
t_run "N not a number" 2 "gen-knight: N must be a whole number, not 'six'" "$K" six
t_run "N zero" 2 "gen-knight: N must be between 1 and 1000000, not 0" "$K" 0
t_run "N negative" 2 "gen-knight: N must be between 1 and 1000000, not -3" "$K" -3
t_run "N too big" 2 "gen-knight: N must be between 1 and 1000000, not 1000001" "$K" 1000001
t_run "M not a number" 2 "gen-knight: M must be a whole number, not '5x'" "$K" 5 5x
t_run "three sizes" 2 "gen-knight: too many arguments: '7' (expected N [M])" "$K" 5 6 7
t_run "unknown option" 2 "gen-knight: unknown option '--closed' (try --help)" "$K" 5 --closed
t_run "--knuth with too long names" 2 \
    "gen-knight: --knuth: item name 'o999999.2' is longer than 8 characters" "$K" 1000000 3 --knuth
t_eq "an error writes nothing on stdout" "" "$("$K" 0 2>/dev/null)"

# Runaway output: refused unless --force, saying how large it would be.
t_run "runaway output refused" 2 \
    "gen-knight: the problem would take about 2.4 TB (more than 1 GB); --force writes it all the same" "$K" 100000
t_run "just over 1 GB: refused" 2 \
    "gen-knight: the problem would take about 1.2 GB (more than 1 GB); --force writes it all the same" "$K" 2400
t_eq "--force writes it" "| gen-knight 2400 --force" "$("$K" 2400 --force | head -1)"
t_eq "under 1 GB: written" "| gen-knight 2200" "$("$K" 2200 | head -1)"
