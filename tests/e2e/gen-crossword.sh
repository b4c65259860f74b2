# dlx-gen/gen-crossword: filling a crossword grid (formats/crossword.md).
. "$(dirname "$0")/../lib.sh"
CW=$GEN/gen-crossword
EX=$ROOT/dlx-gen/examples
W3=$ROOT/data/words/common-3.txt
W4=$ROOT/data/words/common-4.txt

"$CW" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help exits 0" 0 $?
t_match "--help shows the usage" "^Usage: gen-crossword \[--knuth\] \[--force\] GRID \[WORDLIST\.\.\.\]" "$(head -1 "$TMP/out")"
t_eq "--help writes nothing on stderr" "" "$(cat "$TMP/err")"

# Counts (each checked against an independent brute-force count).
t_eq "open 3x3: 400 solutions" 400 "$("$CW" "$EX/crossword-open-3x3.txt" "$W3" | "$DLX2" -c)"
t_eq "ring 3x3: 22338 solutions" 22338 "$("$CW" "$EX/crossword-ring-3x3.txt" "$W3" | "$DLX2" -c)"
t_eq "4x4, black corners: 354 solutions" 354 "$("$CW" "$EX/crossword-corners-4x4.txt" "$W3" "$W4" | "$DLX2" -c)"
t_eq "4x4, a letter given: 60 solutions" 60 "$("$CW" "$EX/crossword-given-4x4.txt" "$W3" "$W4" | "$DLX2" -c)"
t_eq "--knuth: 60 solutions" 60 "$("$CW" --knuth "$EX/crossword-given-4x4.txt" "$W3" "$W4" | "$DLX2" -c)"

# The layout: slots across then down, squares in slots, used words.
cd "$TMP" || exit 1
printf '| a comment line\n\n#..\n...\n..#\n\n' > grid.txt
printf 'ate\ntea\neat\n  tan \nant\nnet\nten\ntent\nan\nat\nta\nto\non\nno\nne\nen\n' > words.txt
"$CW" grid.txt words.txt > small.dlx
t_eq "first line is the command" "| gen-crossword grid.txt words.txt" "$(head -1 small.dlx)"
t_eq "item line: slots, squares, the words some slot takes" \
    "a01 a10 a20 d01 d02 d10 | 01 02 10 11 12 20 21 ate tea eat tan ant net ten an at ta to on no ne en" \
    "$(sed -n 2p small.dlx)"
t_eq "an option: slot, squares, word" "a01 01:a 02:n an" "$(sed -n 3p small.dlx)"
t_eq "across slot of three" "a10 10:a 11:t 12:e ate" "$(grep -m1 '^a10' small.dlx)"
t_eq "down slots too" "d01 01:t 11:e 21:a tea" "$(grep '^d01' small.dlx | sed -n 2p)"
t_eq "4 slots of 2 x 8 words + 2 slots of 3 x 7 words" 46 "$(tail -n +3 small.dlx | wc -l | tr -d ' ')"
t_eq "small grid: 4 solutions" 4 "$("$DLX2" -c < small.dlx)"
t_eq "same arguments, same bytes" "$(cat small.dlx)" "$("$CW" grid.txt words.txt)"
printf 'ate\ntea\neat\ntan\n' > part1.txt
printf 'ate\nant\nnet\nten\ntent\nan\nat\nta\nto\non\nno\nne\nen\n' > part2.txt
t_eq "several lists read as one, repeats dropped" "$(tail -n +2 small.dlx)" "$("$CW" grid.txt part1.txt part2.txt | tail -n +2)"
t_eq "each word once: a list of one 2-letter word fills no 2 slots" 0 \
    "$(printf '..\n..\n' > sq.txt; printf 'aa\n' > aa.txt; "$CW" sq.txt aa.txt | "$DLX2" -c)"

# A word with a square's name is renamed #word (square ab: row 10, column 11).
for r in 0 1 2 3 4 5 6 7 8 9; do echo '############'; done > clash.txt
printf '##########..\n############\n' >> clash.txt
printf 'ab\naa\n\nab\nba\n' > clash-words.txt
"$CW" clash.txt clash-words.txt > clash.dlx
t_file_eq "word names: #word on a clash, byte for byte" "$ROOT/tests/expected/gen-crossword-clash.dlx" clash.dlx
t_eq "clash: 3 solutions" 3 "$("$DLX2" -c < clash.dlx)"

# UTF-8 letters and long words: --knuth renames and recolors.
printf '| one long slot, one letter given\n....m....\n' > long.txt
printf 'fantasies\néphémères\ncat\n' > long-words.txt
"$CW" --knuth long.txt long-words.txt > knuth.dlx
t_file_eq "--knuth, byte for byte" "$ROOT/tests/expected/gen-crossword-knuth.dlx" knuth.dlx
t_eq "--knuth: 1 solution" 1 "$("$DLX2" -c < knuth.dlx)"
t_eq "UTF-8 letters as colors" "a00 00:é 01:p 02:h 03:é 04:m 05:è 06:r 07:e 08:s éphémères" \
    "$("$CW" long.txt long-words.txt | tail -1)"
t_eq "--knuth changes nothing that DLX2 reads" "$(tail -n +2 small.dlx)" "$("$CW" --knuth grid.txt words.txt | tail -n +2)"
t_eq "letters are not case-folded" 0 "$(printf 'A..\n' > upper.txt; "$CW" upper.txt words.txt 2>/dev/null | "$DLX2" -c)"

# The default list: /usr/share/dict/words, lowercase a-z words only.
if t_have /usr/share/dict/words; then
    LC_ALL=C grep -x '[a-z][a-z]*' /usr/share/dict/words > dict.txt
    "$CW" "$EX/crossword-ring-3x3.txt" dict.txt | tail -n +2 > explicit.dlx
    "$CW" "$EX/crossword-ring-3x3.txt" | tail -n +2 > default.dlx
    t_file_eq "default list = the dictionary's a-z words" explicit.dlx default.dlx
else
    t_run "no default list" 2 \
        "gen-crossword: no WORDLIST given, and /usr/share/dict/words cannot be read: No such file or directory" \
        "$CW" "$EX/crossword-ring-3x3.txt"
    t_skip "default list = the dictionary's a-z words" "/usr/share/dict/words (Debian: wamerican)"
fi

# Bad grids: FILE:LINE:COL: message, status 2.
bad() { printf "$2" > bad.txt; t_run "bad grid: $1" 2 "gen-crossword: bad.txt:$3" "$CW" bad.txt words.txt; }
bad "short row" '...\n..\n' "2:3: the row has 2 squares, but the first row has 3"
bad "long row" '| c\n...\n....\n' "3:4: the row has 4 squares, but the first row has 3"
bad "colon" '.a.\n.:.\n' "2:2: ':' cannot be a letter"
bad "bar" '.a|\n' "1:3: '|' cannot be a letter"
bad "space" '.a.\n. .\n' "2:2: white space inside a row"
bad "blank line inside" '...\n\n...\n' "3:1: a blank line splits the grid"
bad "empty file" '' "1:1: the file holds no grid"
bad "only comments" '| nothing\n' "1:1: the file holds no grid"
bad "no slot" '#.#\n.#.\n' "1:1: the grid has no slot of two or more open squares"
bad "control character" '..\001\n' "1:3: control character in the grid"
bad "invalid UTF-8" 'é.\377\n' "1:3: invalid UTF-8"
t_run "missing grid file" 2 "gen-crossword: cannot open none.txt: No such file or directory" "$CW" none.txt words.txt

# Bad arguments and word lists.
t_run "no arguments" 2 "gen-crossword: expected a GRID file (try --help)" "$CW"
t_run "unknown option" 2 "gen-crossword: unknown option '--knuht' (try --help)" "$CW" --knuht grid.txt words.txt
t_run "missing word list" 2 "gen-crossword: cannot open none.txt: No such file or directory" "$CW" grid.txt none.txt
: > empty.txt
t_run "empty word list: named" 2 "gen-crossword: empty.txt holds no words" "$CW" grid.txt empty.txt
printf '\n  \n' > blank.txt
t_run "two word lists without words: both named" 2 "gen-crossword: empty.txt, <stdin> hold no words" \
    sh -c '"$0" grid.txt empty.txt - < blank.txt' "$CW"
printf 'cat\nx#y\n' > hash.txt
t_run "word with '#'" 2 "gen-crossword: hash.txt:2:2: word 'x#y' contains '#'" "$CW" grid.txt hash.txt
printf 'cat\n\netc.\n' > dot.txt
t_run "word with '.'" 2 "gen-crossword: dot.txt:3:4: word 'etc.' contains '.'" "$CW" grid.txt dot.txt
printf 'ice cream\n' > space.txt
t_run "two words on a line" 2 "gen-crossword: space.txt:1:4: word 'ice cream' contains white space" "$CW" grid.txt space.txt
t_eq "an error writes nothing on stdout" "" "$("$CW" bad.txt words.txt 2>/dev/null)"

# A slot no word fits: a warning naming it, and the problem all the same.
printf '.....\n#.#.#\n' > wide.txt
t_run "slots no word fits: a warning, status 0" 0 \
    "gen-crossword: warning: wide.txt:1:1: no word of $W3 fits slot a00 (5 squares), nor 2 other slots: the problem has no solution" \
    "$CW" wide.txt "$W3"
t_eq "... and the problem, without solution" 0 "$("$DLX2" -c < "$TMP/out")"
printf '...\n' > three.txt
t_run "a list without words of the slot's length" 0 \
    "gen-crossword: warning: three.txt:1:1: no word of $W4 fits slot a00 (3 squares): the problem has no solution" \
    "$CW" three.txt "$W4"
printf '| a comment first\n\n#...\n#.##\n' > after.txt
t_run "the slot's line and column in the grid file, past comments and blank lines" 0 \
    "gen-crossword: warning: after.txt:3:2: no word of $W4, $W4 fits slot a01 (3 squares), nor 1 other slot: the problem has no solution" \
    "$CW" after.txt "$W4" "$W4"
