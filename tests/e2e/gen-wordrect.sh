# dlx-gen/gen-wordrect: word rectangles (formats/wordrect.md).
# The full 600-word count (26) is in gen-wordrect.bench.sh and a slow row
# of data/MANIFEST.tsv.
. "$(dirname "$0")/../lib.sh"
WR=$GEN/gen-wordrect
WORDS=$ROOT/data/words
SGB=$WORDS/sgb-words-600.txt

"$WR" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help exits 0" 0 $?
t_match "--help shows the usage" "^Usage: gen-wordrect \[--knuth\]" "$(head -1 "$TMP/out")"
t_eq "--help writes nothing on stderr" "" "$(cat "$TMP/err")"

# The word list itself: 600 five-letter words, the GraphBase order.
t_eq "sgb-words-600: 600 lines" 600 "$(wc -l < "$SGB" | tr -d ' ')"
t_eq "sgb-words-600: five lowercase letters each" 600 "$(grep -c '^[a-z]\{5\}$' "$SGB")"
t_eq "sgb-words-600: no word twice" 600 "$(sort -u "$SGB" | wc -l | tr -d ' ')"
t_eq "sgb-words-600: starts which there their, ends coins hello" "which there their coins hello" \
    "$(echo $(head -3 "$SGB") $(tail -2 "$SGB"))"
SGB1400=$WORDS/sgb-words-1400.txt
t_eq "sgb-words-1400: 1400 words of five lowercase letters, none twice" "1400 1400 1400" \
    "$(wc -l < "$SGB1400" | tr -d ' ') $(grep -c '^[a-z]\{5\}$' "$SGB1400") $(sort -u "$SGB1400" | wc -l | tr -d ' ')"
t_file_eq "sgb-words-1400: the first 600 are sgb-words-600" "$SGB" <(head -600 "$SGB1400")

# Same items and options, in the same order, as Knuth's WORD-RECT-DLX made
# for the reference instance (his item line starts with a space).
(cd "$ROOT" && "$WR" data/words/sgb-words-600.txt data/words/sgb-words-600.txt) > "$TMP/wr.dlx"
t_eq "first line is the command" "| gen-wordrect data/words/sgb-words-600.txt data/words/sgb-words-600.txt" \
    "$(head -1 "$TMP/wr.dlx")"
t_eq "item line as WORD-RECT-DLX's" "$(sed -n 2p "$REF/instances/wordrect-5x5-sgb600.dlx" | sed 's/^ //')" \
    "$(sed -n 2p "$TMP/wr.dlx")"
tail -n +3 "$TMP/wr.dlx" > "$TMP/mine"
tail -n +3 "$REF/instances/wordrect-5x5-sgb600.dlx" > "$TMP/ref"
t_file_eq "options as WORD-RECT-DLX's" "$TMP/ref" "$TMP/mine"
t_eq "same arguments, same bytes" "$(cat "$TMP/wr.dlx")" \
    "$(cd "$ROOT" && "$WR" data/words/sgb-words-600.txt data/words/sgb-words-600.txt)"

# Counts (checked against an independent brute-force count).
t_eq "first 400 SGB words: 7 solutions" 7 "$("$WR" --first-m 400 --first-n 400 "$SGB" "$SGB" | "$DLX2" -c)"
t_eq "3 x 4 common words: 182 solutions" 182 "$("$WR" "$WORDS/common-3.txt" "$WORDS/common-4.txt" | "$DLX2" -c)"
t_eq "4 x 3 is the transpose: 182 solutions" 182 "$("$WR" "$WORDS/common-4.txt" "$WORDS/common-3.txt" | "$DLX2" -c)"
t_eq "4 x 4 common words: 803 solutions" 803 "$("$WR" "$WORDS/common-4.txt" "$WORDS/common-4.txt" | "$DLX2" -c)"
t_eq "--first-m keeps the first K words" 8 \
    "$("$WR" --first-m 2 "$WORDS/common-3.txt" "$WORDS/common-4.txt" | tail -n +3 | grep -c '^C')"
t_eq "3 x 4: m-words go down columns" "C3 03:a 13:c 23:e" \
    "$("$WR" "$WORDS/common-3.txt" "$WORDS/common-4.txt" | sed -n 6p)"
t_eq "3 x 4: n-words go across rows" "R2 20:a 21:b 22:l 23:e" \
    "$("$WR" "$WORDS/common-3.txt" "$WORDS/common-4.txt" | tail -n +3 | grep -m1 '^R2')"

# Letters are UTF-8 characters; --knuth gives them one-byte colors.
printf 'ab\nça\nél\n' > "$TMP/m.txt"
printf 'açé\n  bal \n\n' > "$TMP/n.txt"
(cd "$TMP" && "$WR" --knuth m.txt n.txt) > "$TMP/knuth.dlx"
t_file_eq "--knuth, byte for byte" "$ROOT/tests/expected/gen-wordrect-knuth.dlx" "$TMP/knuth.dlx"
t_eq "--knuth: 1 solution" 1 "$("$DLX2" -c < "$TMP/knuth.dlx")"
t_eq "UTF-8 letters: 1 solution" 1 "$("$WR" "$TMP/m.txt" "$TMP/n.txt" | "$DLX2" -c)"
t_eq "UTF-8 letters are colors" "R0 00:a 01:ç 02:é" "$("$WR" "$TMP/m.txt" "$TMP/n.txt" | tail -n +3 | grep -m1 '^R0')"
t_eq "--knuth changes nothing for ASCII words" "$(tail -n +2 "$TMP/wr.dlx")" \
    "$("$WR" --knuth "$SGB" "$SGB" | tail -n +2)"

# Bad arguments: one message, status 2.
t_run "no arguments" 2 "gen-wordrect: expected MWORDS and NWORDS (try --help)" "$WR"
t_run "one file" 2 "gen-wordrect: expected MWORDS and NWORDS (try --help)" "$WR" "$SGB"
t_run "three files" 2 "gen-wordrect: too many arguments: 'x' (try --help)" "$WR" "$SGB" "$SGB" x
t_run "unknown option" 2 "gen-wordrect: unknown option '--first' (try --help)" "$WR" --first 3 "$SGB" "$SGB"
t_run "--first-m without value" 2 "gen-wordrect: --first-m needs a value (try --help)" "$WR" "$SGB" "$SGB" --first-m
t_run "--first-n zero" 2 "gen-wordrect: --first-n must be between 1 and 1000000000, not 0" \
    "$WR" --first-n 0 "$SGB" "$SGB"
t_run "missing file" 2 "gen-wordrect: cannot open $TMP/none: No such file or directory" "$WR" "$SGB" "$TMP/none"
: > "$TMP/empty.txt"
t_run "empty file" 2 "gen-wordrect: $TMP/empty.txt holds no words" "$WR" "$TMP/empty.txt" "$SGB"
{ printf '\n '; head -c 65536 /dev/zero | tr '\0' x; printf '\n'; } > "$TMP/huge.txt"
t_run "a word of 65536 letters: at its file, line and column" 2 \
    "gen-wordrect: $TMP/huge.txt:2:2: a word of 65536 letters: more than 65535 is too long" \
    "$WR" "$SGB" "$TMP/huge.txt"
printf 'abc\nabcd\n' > "$TMP/lengths.txt"
t_run "words of two lengths" 2 "gen-wordrect: $TMP/lengths.txt:2:1: word 'abcd' has 4 letters, but the first word has 3" \
    "$WR" "$TMP/lengths.txt" "$SGB"
printf 'abc\n\nxyz\nabc\n' > "$TMP/twice.txt"
t_run "a word twice" 2 "gen-wordrect: $TMP/twice.txt:4:1: word 'abc' repeats line 1" "$WR" "$SGB" "$TMP/twice.txt"
t_eq "--first-n stops before the repeat" 0 "$("$WR" --first-m 2 --first-n 2 "$TMP/twice.txt" "$TMP/twice.txt" >/dev/null 2>&1; echo $?)"
printf 'ab:c\n' > "$TMP/colon.txt"
t_run "a word with ':'" 2 "gen-wordrect: $TMP/colon.txt:1:3: word 'ab:c' contains ':'" "$WR" "$TMP/colon.txt" "$SGB"
printf 'ab c\n' > "$TMP/space.txt"
t_run "two words on a line" 2 "gen-wordrect: $TMP/space.txt:1:3: word 'ab c' contains white space" "$WR" "$TMP/space.txt" "$SGB"
printf 'ab\n\001c\n' > "$TMP/ctrl.txt"
t_run "a control character, shown as \\xHH" 2 "gen-wordrect: $TMP/ctrl.txt:2:1: word '\\x01c' contains a control character" \
    "$WR" "$TMP/ctrl.txt" "$SGB"
printf 'a\377\n' > "$TMP/latin1.txt"
t_run "not UTF-8, shown as \\xHH" 2 "gen-wordrect: $TMP/latin1.txt:1:2: word 'a\\xFF' is not valid UTF-8" \
    "$WR" "$TMP/latin1.txt" "$SGB"
t_eq "an error writes nothing on stdout" "" "$("$WR" "$TMP/twice.txt" "$SGB" 2>/dev/null)"

# --score FILE: each option costs its word's rank in FILE (the number of
# words in FILE for one it lacks), and dlx2 finds the best rectangles as
# Knuth's DLX5 does. On the 16 2x2 arrays of a and b, with ranks bb 0,
# aa 1, ab 2 and ba 3 (missing): all b costs 0, then 'ab bb' (ab in row
# 0 and column 0) and all a cost 4, and the rest more.
printf 'ab\nba\naa\nbb\n' > "$TMP/ab.txt"
printf 'bb\naa\nab\n' > "$TMP/rank.txt"
"$WR" --score "$TMP/rank.txt" "$TMP/ab.txt" "$TMP/ab.txt" > "$TMP/ab.dlx"
t_eq "--score: each option ends with its word's rank" "C0 00:a 10:b |2
C0 00:b 10:a |3
R1 10:b 11:b |0" "$(sed -n '3p; 5p; 18p' "$TMP/ab.dlx")"
t_eq "--score 2x2: the three best" 'The optimum costs are:
 $0
 $4 (repeated 2 times)' "$("$DLX2" k3 "$TMP/ab.dlx" 2>&1 | sed -n '/^The optimum/,$p')"
"$DLX2" k3 m1 "$TMP/ab.dlx" 2> /dev/null | "$WR" --show > "$TMP/show"
t_eq "--score 2x2: --show draws the listing of costs, the best last" "solution 5 (total cost \$4)
aa
aa

solution 6 (total cost \$4)
ab
bb" "$(tail -7 "$TMP/show")"
# the 600 most common five-letter words of the Stanford GraphBase, ranked
# by their own order: the three best squares of their first 400 are those
# of all 600 (DLX5's answer for data/reference-family/dlx5's
# wordrect-5x5-sgb600-cost, which is this problem)
"$WR" --score "$SGB" --first-m 400 --first-n 400 "$SGB" "$SGB" > "$TMP/sq.dlx"
t_eq "--score, 400 words: the three best squares" 'The optimum costs are:
 $1862
 $1944
 $1946' "$("$DLX2" k3 "$TMP/sq.dlx" 2>&1 | sed -n '/^The optimum/,$p')"
t_eq "--score, 400 words: the best drawn" "solution 1 (total cost \$1862)
class
light
agree
sheep
steps" "$("$DLX2" m1 "$TMP/sq.dlx" 2> /dev/null | "$WR" --show)"
t_eq "--score, 400 words: --show reads JSON Lines too, with the costs" "solution 1 (total cost \$1862)
class
light
agree
sheep
steps

solution 2 (total cost \$1948)" "$("$DLX2" --format=json k2 "$TMP/sq.dlx" 2> /dev/null | "$WR" --show | head -8)"
t_run "--score with --show" 2 "gen-wordrect: --score goes with writing a problem, not with --show" "$WR" --show --score "$SGB"
