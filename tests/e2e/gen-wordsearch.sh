# dlx-gen/gen-wordsearch: words hidden in a board (formats/wordsearch.md).
. "$(dirname "$0")/../lib.sh"
WS=$GEN/gen-wordsearch
WREF=$REF/instances

"$WS" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help exits 0" 0 $?
t_match "--help shows the usage" "^Usage: gen-wordsearch \[-d 8\|4\|2\]" "$(head -1 "$TMP/out")"
t_eq "--help writes nothing on stderr" "" "$(cat "$TMP/err")"

# The reference instances: same options in the same order, same counts.
"$WS" 6 6 ABEL CANTOR GAUSS EULER > "$TMP/ws6.dlx"
t_eq "first line is the command" "| gen-wordsearch 6 6 ABEL CANTOR GAUSS EULER" "$(head -1 "$TMP/ws6.dlx")"
tail -n +2 "$TMP/ws6.dlx" > "$TMP/mine"
tail -n +2 "$WREF/wordsearch-6x6-8dir-abel-cantor-gauss-euler.dlx" > "$TMP/ref"
t_file_eq "6x6, 8 directions: the reference instance" "$TMP/ref" "$TMP/mine"
t_eq "6x6, 8 directions: 244792 solutions" 244792 "$("$DLX2" -c < "$TMP/ws6.dlx")"
t_eq "same arguments, same bytes" "$(cat "$TMP/ws6.dlx")" "$("$WS" 6 6 ABEL CANTOR GAUSS EULER)"
"$WS" -d 2 4 4 ABEL LAND | tail -n +2 > "$TMP/mine"
tail -n +2 "$WREF/wordsearch-4x4-es-abel-land.dlx" > "$TMP/ref"
t_file_eq "4x4, -d 2: the reference instance" "$TMP/ref" "$TMP/mine"
t_eq "4x4, -d 2: 28 solutions" 28 "$("$WS" -d 2 4 4 ABEL LAND | "$DLX2" -c)"
t_eq "4x4, -d 4: 112 solutions" 112 "$("$WS" -d 4 4 4 ABEL LAND | "$DLX2" -c)"
t_eq "-d 8 is the default" "$(tail -n +2 "$TMP/ws6.dlx")" "$("$WS" -d 8 6 6 ABEL CANTOR GAUSS EULER | tail -n +2)"
t_eq "-d 4: E, S, W, N; starts row by row" "$(printf '%s\n' '| gen-wordsearch -d 4 2 2 AB' 'AB | 00 01 10 11' \
    'AB 00:A 01:B' 'AB 10:A 11:B' 'AB 00:A 10:B' 'AB 01:A 11:B' 'AB 01:A 00:B' 'AB 11:A 10:B' 'AB 10:A 00:B' 'AB 11:A 01:B')" \
    "$("$WS" -d 4 2 2 AB)"
t_eq "-d 8: SE and SW after S, NW and NE after N" "AB 00:A 11:B|AB 01:A 10:B|AB 11:A 00:B|AB 10:A 01:B" \
    "$("$WS" 2 2 AB | sed -n '7p;8p;13p;14p' | tr '\n' '|' | sed 's/|$//')"

# Palindromes and one-letter words: each set of cells-with-letters once.
t_eq "3x3 ABA, byte for byte" "$(printf '%s\n' '| gen-wordsearch 3 3 ABA' 'ABA | 00 01 02 10 11 12 20 21 22' \
    'ABA 00:A 01:B 02:A' 'ABA 10:A 11:B 12:A' 'ABA 20:A 21:B 22:A' 'ABA 00:A 10:B 20:A' 'ABA 01:A 11:B 21:A' \
    'ABA 02:A 12:B 22:A' 'ABA 00:A 11:B 22:A' 'ABA 02:A 11:B 20:A')" "$("$WS" 3 3 ABA)"
t_eq "3x3 ABA: 8 solutions" 8 "$("$WS" 3 3 ABA | "$DLX2" -c)"
t_eq "3x3 ABA, -d 4: 6 solutions" 6 "$("$WS" -d 4 3 3 ABA | "$DLX2" -c)"
t_eq "3x3 ABA, -d 2: 6 solutions" 6 "$("$WS" -d 2 3 3 ABA | "$DLX2" -c)"
t_eq "a one-letter word: one option per cell" 4 "$("$WS" 2 2 A | tail -n +3 | wc -l | tr -d ' ')"
t_eq "3x3 ABA A: 64 solutions" 64 "$("$WS" 3 3 ABA A | "$DLX2" -c)"
t_eq "5x5 -d 4 RADAR LEVEL ERE: 492 solutions" 492 "$("$WS" -d 4 5 5 RADAR LEVEL ERE | "$DLX2" -c)"
t_eq "4x4 NOON ON NO: 37012 solutions" 37012 "$("$WS" 4 4 NOON ON NO | "$DLX2" -c)"

# -f FILE: the same words from a file.
printf 'ABEL\n\n  CANTOR \nGAUSS\r\nEULER\n' > "$TMP/words.txt"
t_eq "-f FILE gives the same options" "$(tail -n +2 "$TMP/ws6.dlx")" "$("$WS" -f "$TMP/words.txt" 6 6 | tail -n +2)"

# Letters are UTF-8 characters; --knuth gives them one-byte colors and
# renames words too long for DLX2.
t_eq "UTF-8 letters: 23240 solutions" 23240 "$("$WS" 4 4 ÉTÉ ÀBÉ XÀ | "$DLX2" -c)"
t_eq "UTF-8 letters, --knuth: 23240 solutions" 23240 "$("$WS" --knuth 4 4 ÉTÉ ÀBÉ XÀ | "$DLX2" -c)"
t_eq "a letter is a character: ÉTÉ covers 3 cells" "ÉTÉ 00:É 01:T 02:É" "$("$WS" 1 3 ÉTÉ | tail -1)"
"$WS" --knuth -d 4 3 10 ÉTÉ DIOPHANTUS > "$TMP/knuth.dlx"
t_file_eq "--knuth, byte for byte" "$ROOT/tests/expected/gen-wordsearch-knuth.dlx" "$TMP/knuth.dlx"
t_eq "--knuth: 98 solutions" 98 "$("$DLX2" -c < "$TMP/knuth.dlx")"
t_eq "without --knuth: 98 solutions" 98 "$("$WS" -d 4 3 10 ÉTÉ DIOPHANTUS | "$DLX2" -c)"
t_eq "--knuth changes nothing that DLX2 reads" "$(tail -n +2 "$TMP/ws6.dlx")" \
    "$("$WS" --knuth 6 6 ABEL CANTOR GAUSS EULER | tail -n +2)"
t_eq "--knuth renames a word with a cell's name" "#0 #1 | 00" "$("$WS" --knuth 12 12 ab abc | sed -n 4p | cut -c1-10)"
t_eq "case is kept: AB and ab share no cell" 0 "$("$WS" 1 2 AB ab | "$DLX2" -c)"

# Beyond 62 rows or columns, cells are named R.C.
t_eq "63 x 1 names cells R.C" "AB 0.0:A 1.0:B" "$("$WS" -d 2 63 1 AB | sed -n 3p)"

# Bad arguments: one message, status 2.
t_run "no arguments" 2 "gen-wordsearch: expected ROWS COLS and words (try --help)" "$WS"
t_run "no words" 2 "gen-wordsearch: no words given (try --help)" "$WS" 3 3
t_run "ROWS not a number" 2 "gen-wordsearch: ROWS must be a whole number, not 'x'" "$WS" x 3 A
t_run "COLS zero" 2 "gen-wordsearch: COLS must be between 1 and 65535, not 0" "$WS" 3 0 A
t_run "bad -d" 2 "gen-wordsearch: -d must be 8, 4 or 2, not '3'" "$WS" -d 3 3 3 A
t_run "-d without value" 2 "gen-wordsearch: -d needs a value (try --help)" "$WS" 3 3 A -d
t_run "unknown option" 2 "gen-wordsearch: unknown option '-x' (try --help)" "$WS" -x 3 3 A
t_run "empty word" 2 "gen-wordsearch: word '' is empty" "$WS" 3 3 A ''
t_run "word with white space" 2 "gen-wordsearch: word 'A B' contains white space" "$WS" 3 3 'A B'
t_run "word with a colon" 2 "gen-wordsearch: word 'A:B' contains ':'" "$WS" 3 3 A:B
t_run "word with a bar" 2 "gen-wordsearch: word 'A|B' contains '|'" "$WS" 3 3 'A|B'
t_run "word given twice" 2 "gen-wordsearch: word 'ABEL' is given twice" "$WS" 6 6 ABEL LAND ABEL
t_run "word with a cell's name" 2 \
    "gen-wordsearch: word 'ab' is also the name of a cell; --knuth renames the words" "$WS" 12 12 ab
printf 'ABEL\n  ab\n' > "$TMP/cellword.txt"
t_run "-f: a word with a cell's name, at its file, line and column" 2 \
    "gen-wordsearch: $TMP/cellword.txt:2:3: word 'ab' is also the name of a cell; --knuth renames the words" \
    "$WS" -f "$TMP/cellword.txt" 12 12
t_run "words and -f" 2 "gen-wordsearch: give the words either as arguments or with -f, not both" \
    "$WS" -f "$TMP/words.txt" 6 6 ABEL
t_run "-f missing file" 2 "gen-wordsearch: cannot open $TMP/none: No such file or directory" "$WS" -f "$TMP/none" 3 3
: > "$TMP/empty.txt"
t_run "-f empty file" 2 "gen-wordsearch: $TMP/empty.txt holds no words" "$WS" -f "$TMP/empty.txt" 3 3
printf 'ABEL\nLA ND\n' > "$TMP/bad.txt"
t_run "-f bad word" 2 "gen-wordsearch: $TMP/bad.txt:2:3: word 'LA ND' contains white space" "$WS" -f "$TMP/bad.txt" 3 3
printf 'ABEL\nLAND\nABEL\n' > "$TMP/twice.txt"
t_run "-f repeated word" 2 "gen-wordsearch: $TMP/twice.txt:3:1: word 'ABEL' repeats line 1" "$WS" -f "$TMP/twice.txt" 6 6
t_run "--knuth: cell names too long" 2 "gen-wordsearch: --knuth: item name '10000.100' is longer than 8 characters" \
    "$WS" --knuth 10001 101 A
t_run "--knuth: too many items" 2 "gen-wordsearch: --knuth: 1000001 items, but DLX2 reads at most 100000" \
    "$WS" --knuth 1000 1000 A
t_eq "an error writes nothing on stdout" "" "$("$WS" 0 3 A 2>/dev/null)"

# A word that fits nowhere: a warning, and the problem all the same.
t_run "a word longer than the board: a warning, status 0" 0 \
    "gen-wordsearch: warning: word 'TOOLONG' has 7 letters and fits nowhere in 2 x 2: the problem has no solution" \
    "$WS" 2 2 TOOLONG
t_eq "... and the problem, without solution" 0 "$("$DLX2" -c < "$TMP/out")"
printf 'AB\n\n TOOLONG\n' > "$TMP/long.txt"
t_run "-f: a word that fits nowhere, at its file, line and column" 0 \
    "gen-wordsearch: warning: $TMP/long.txt:3:2: word 'TOOLONG' has 7 letters and fits nowhere in 2 x 2: the problem has no solution" \
    "$WS" -f "$TMP/long.txt" 2 2
t_run "fits in no allowed direction: a warning" 0 \
    "gen-wordsearch: warning: word 'ABC' has 3 letters and fits nowhere in 1 x 2 in these directions: the problem has no solution" \
    "$WS" -d 2 1 2 ABC
t_run "runaway output refused" 2 \
    "gen-wordsearch: the problem would take about 134 GB (more than 1 GB); --force writes it all the same" \
    "$WS" 65535 65535 A
t_eq "--force writes it" "| gen-wordsearch --force 65535 65535 A" "$("$WS" --force 65535 65535 A | head -1)"
