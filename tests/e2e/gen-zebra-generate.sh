# dlx-gen/gen-zebra --generate: new puzzles with exactly one solution and no
# clue to spare (formats/zebra.md). For 50 seeds: the XCC file written with
# -o has one solution for dlx2, that solution read by --show is the answer
# printed, and without any one of its clues the file has more than one.
. "$(dirname "$0")/../lib.sh"
Z=$GEN/gen-zebra
EXP=$ROOT/tests/expected
SEEDS=${ZEBRA_SEEDS:-50}

# without_each_clue N FILE: writes $TMP/without-K.dlx for K = 1..N, the
# problem less clue K (its item #K and its options), in one pass.
without_each_clue() {
    rm -f "$TMP"/without-*.dlx
    awk -v n="$1" -v dir="$TMP" '
        /^\|/ { next }
        !items { items = 1
                 for (k = 1; k <= n; k++) {
                     out = ""
                     for (i = 1; i <= NF; i++) if ($i != "#" k) out = out (out == "" ? "" : " ") $i
                     print out > (dir "/without-" k ".dlx")
                 }
                 next }
        { for (k = 1; k <= n; k++) if ($1 != "#" k) print > (dir "/without-" k ".dlx") }' "$2"
}

unique_bad= answer_bad= spare_bad= knuth_bad= clue_counts=
for s in $(seq 1 "$SEEDS"); do
    "$Z" --generate --seed "$s" -o "$TMP/p.dlx" --answer "$TMP/a.txt" > "$TMP/p.txt"
    n=$(grep -cE '^ *[0-9]+\. ' "$TMP/p.txt")
    clue_counts="$clue_counts $n"
    # exactly one solution, and it is the printed answer
    [ "$("$DLX2" -c < "$TMP/p.dlx")" = 1 ] || unique_bad="$unique_bad $s"
    "$DLX2" m1 < "$TMP/p.dlx" 2> /dev/null | "$Z" --show | tail -n +2 > "$TMP/solved"
    tail -n +2 "$TMP/a.txt" > "$TMP/answer"
    cmp -s "$TMP/solved" "$TMP/answer" || answer_bad="$answer_bad $s"
    # every clue is needed: without it, dlx2 finds a second solution
    without_each_clue "$n" "$TMP/p.dlx"
    for k in $(seq 1 "$n"); do
        [ "$("$DLX2" -c t2 "$TMP/without-$k.dlx")" = 2 ] || spare_bad="$spare_bad $s:#$k"
    done
    # the clues in the comments, in Knuth's encoding, have one solution too
    sed -n 's/^|   //p' "$TMP/p.dlx" > "$TMP/p-clues.txt"
    [ "$("$Z" -f "$TMP/p-clues.txt" | "$DLX2" -c)" = 1 ] || knuth_bad="$knuth_bad $s"
done
t_eq "$SEEDS seeds: one solution each" "" "$unique_bad"
t_eq "$SEEDS seeds: the solution is the answer written with --answer" "" "$answer_bad"
t_eq "$SEEDS seeds: no clue can be left out" "" "$spare_bad"
t_eq "$SEEDS seeds: Knuth's encoding of the same clues, one solution" "" "$knuth_bad"
t_match "$SEEDS seeds: 10 to 25 clues each" '^( (1[0-9]|2[0-5]))+$' "$clue_counts"

# One puzzle in full: same seed, same puzzle, word for word. The answer
# is written only where --answer says: after the puzzle with '-', else
# into its file; without --answer, stdout ends with the questions.
(cd "$TMP" && "$Z" --generate --seed 7 -o seven.dlx) > /dev/null
"$Z" --generate --seed 7 --answer - > "$TMP/seven.txt"
t_file_eq "seed 7, the puzzle and --answer -" "$EXP/gen-zebra-generate-7.txt" "$TMP/seven.txt"
t_file_eq "seed 7, the XCC file" "$EXP/gen-zebra-generate-7.dlx" "$TMP/seven.dlx"
t_run "seed 7 without --answer: the puzzle alone, nothing on stderr" 0 "" "$Z" --generate --seed 7
t_eq "... stdout ends with the questions" "$(sed '/^$/,$d' "$EXP/gen-zebra-generate-7.txt")" "$(cat "$TMP/out")"
t_eq "... and names no answer" "" "$(grep -E '^answer$|owns the zebra\.' "$TMP/out")"
t_run "seed 7 --answer FILE: the puzzle alone on stdout" 0 "" "$Z" --generate --seed 7 --answer "$TMP/seven.ans"
t_eq "... the same puzzle" "$(sed '/^$/,$d' "$EXP/gen-zebra-generate-7.txt")" "$(cat "$TMP/out")"
t_eq "... and the answer in FILE" "$(sed '1,/^$/d' "$EXP/gen-zebra-generate-7.txt")" "$(cat "$TMP/seven.ans")"
t_eq "--answer FILE: the table and the answers in words" "answer
   1         2             3        4        5
N  Spain     Norway        Ukraine  England  Japan
J  diplomat  violinist     painter  nurse    sculptor
P  dog       fox           snails   zebra    horse
D  water     orange-juice  milk     coffee   tea
C  blue      red           white    green    yellow
The Englishman owns the zebra.
The Spaniard drinks water." "$(cat "$TMP/seven.ans")"
t_run "--answer into a missing folder: a write error, before any work" 1 \
    "gen-zebra: cannot write $TMP/no/a.txt: No such file or directory" "$Z" --generate --answer "$TMP/no/a.txt"
t_run "--answer /dev/full: status 1" 1 "gen-zebra: cannot write /dev/full: No space left on device" \
    "$Z" --generate --answer /dev/full
t_run "--answer without --generate" 2 "gen-zebra: --answer goes with --generate" "$Z" --answer a.txt
t_eq "another seed, another puzzle" different \
    "$(cmp -s "$TMP/seven.txt" <("$Z" --generate --seed 8) && echo same || echo different)"
t_eq "seed 1 is the default" "$("$Z" --generate --seed 1)" "$("$Z" --generate)"
t_match "the classic questions" "^Who owns the zebra\? Who drinks water\?$" "$(cat "$TMP/seven.txt")"
t_eq "no clue names the zebra or the water" "" \
    "$(grep -E '^ *[0-9]+\. ' "$TMP/seven.txt" | grep -E 'zebra|water')"
t_eq "the answers in words" "$(printf 'The Englishman owns the zebra.\nThe Spaniard drinks water.')" \
    "$(tail -2 "$TMP/seven.ans")"

# Other sizes: pass --houses to --show as well.
for h in 3 7; do
    "$Z" --generate --houses $h --seed 5 -o "$TMP/h.dlx" --answer - > "$TMP/h.txt"
    t_eq "--houses $h: one solution" 1 "$("$DLX2" -c < "$TMP/h.dlx")"
    "$DLX2" m1 < "$TMP/h.dlx" 2> /dev/null | "$Z" --show --houses $h | tail -n +2 > "$TMP/solved"
    sed '1,/^answer$/d' "$TMP/h.txt" > "$TMP/answer"
    t_file_eq "--houses $h: the solution is the answer" "$TMP/answer" "$TMP/solved"
done
t_eq "--houses 7: seven columns" 7 "$(sed -n '/^answer$/{n;p;}' "$TMP/h.txt" | wc -w | tr -d ' ')"

# Categories of one's own: the values only "exists" names are the questions.
"$Z" --generate -f "$ROOT/dlx-gen/examples/zebra-4.txt" --seed 3 -o "$TMP/f.dlx" --answer - > "$TMP/f.txt"
t_eq "-f: one solution" 1 "$("$DLX2" -c < "$TMP/f.dlx")"
"$DLX2" m1 < "$TMP/f.dlx" 2> /dev/null | "$Z" --show -f "$ROOT/dlx-gen/examples/zebra-4.txt" | tail -n +2 > "$TMP/solved"
sed '1,/^answer$/d' "$TMP/f.txt" > "$TMP/answer"
t_file_eq "-f: the solution is the answer" "$TMP/answer" "$TMP/solved"
t_match "-f: plain sentences" "^Where is fish\?$" "$(cat "$TMP/f.txt")"

# Bad arguments.
t_run "--generate and --show" 2 "gen-zebra: --generate and --show do not go together" "$Z" --generate --show
t_run "--seed alone" 2 "gen-zebra: --seed goes with --generate" "$Z" --seed 3
t_run "-o alone" 2 "gen-zebra: -o goes with --generate" "$Z" -o x.dlx
t_run "--houses alone" 2 "gen-zebra: --houses goes with --generate or --show" "$Z" --houses 4
t_run "--knuth and --generate" 2 "gen-zebra: --knuth does not go with --generate" "$Z" --generate --knuth
t_run "--seed not a number" 2 "gen-zebra: --seed must be a whole number, not 'x'" "$Z" --generate --seed x
t_run "--houses 0" 2 "gen-zebra: --houses must be between 1 and 1000000, not 0" "$Z" --generate --houses 0
t_run "--houses 11" 2 "gen-zebra: --houses: at most 10 (the categories have 10 values)" "$Z" --generate --houses 11
t_run "-o into a missing folder: a write error, before any work" 1 "gen-zebra: cannot write $TMP/no/p.dlx: No such file or directory" \
    "$Z" --generate -o "$TMP/no/p.dlx"
printf 'A: a1 a2\nB: b1 b2\nexists a1\nexists a2\n' > "$TMP/q.txt"
t_run "questions that cannot all be answered" 2 \
    "gen-zebra: --generate: even all 4 true clues leave more than one solution (do two questions share a category?)" \
    "$Z" --generate -f "$TMP/q.txt"
printf 'N: N1 x\nC: y z\n' > "$TMP/clash.txt"
t_run "a value named like a slot: at its file, line and column" 2 \
    "gen-zebra: $TMP/clash.txt:1:4: --generate: value 'N1' has the name of a slot; please rename it" \
    "$Z" --generate -f "$TMP/clash.txt"
printf 'N: a  @b\nC: b z\n' > "$TMP/clash2.txt"
t_run "values that clash as item names: at the file, line and column of '@b'" 2 \
    "gen-zebra: $TMP/clash2.txt:1:7: --generate: values '@b' and 'b' would clash as item names; please rename one" \
    "$Z" --generate -f "$TMP/clash2.txt"
t_run "--houses past FILE's values: the first category named" 2 \
    "gen-zebra: $TMP/clash2.txt:1:1: --houses 3: at most 2, as many as category N has values" \
    "$Z" --generate -f "$TMP/clash2.txt" --houses 3
printf '# three questions\nA: a1 a2 a3\n  B: b1 b2 b3\nexists a1\nexists a2\nexists b1\nexists b2\nexists b3\n' \
    > "$TMP/q3.txt"
t_run "--houses below FILE's questions: the category's line and column" 2 \
    "gen-zebra: $TMP/q3.txt:3:3: --houses 2: category B has 3 questions, more than 2 houses" \
    "$Z" --generate -f "$TMP/q3.txt" --houses 2
t_run "... with --show too" 2 \
    "gen-zebra: $TMP/q3.txt:3:3: --houses 2: category B has 3 questions, more than 2 houses" \
    sh -c '"$0" --show -f "$1" --houses 2 < /dev/null' "$Z" "$TMP/q3.txt"
