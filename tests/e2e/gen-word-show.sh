# --show of the word generators: gen-wordsearch, gen-wordrect and
# gen-crossword draw the solutions of a listing (formats/wordsearch.md,
# wordrect.md, crossword.md). Pictures are compared with stored ones;
# listings come from dlx2 and from Knuth's DLX2 (data/reference); bad
# listings get one message and status 2.
. "$(dirname "$0")/../lib.sh"
WS=$GEN/gen-wordsearch
WR=$GEN/gen-wordrect
CW=$GEN/gen-crossword
EXP=$ROOT/tests/expected
KREF=$REF/expected
W=$ROOT/data/words
EX=$ROOT/dlx-gen/examples

# ---- --help
for g in wordsearch wordrect crossword; do
    "$GEN/gen-$g" --help > "$TMP/out" 2> "$TMP/err"
    t_eq "gen-$g --help exits 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
    t_match "gen-$g --help shows the --show usage" "^ +gen-$g --show .*LISTING\]+$" "$(cat "$TMP/out")"
    t_match "gen-$g --help tells --colors" "--colors FILE" "$(cat "$TMP/out")"
done

# ---- gen-wordsearch
"$WS" 6 6 ABEL CANTOR GAUSS EULER | "$DLX2" m1 t2 2>/dev/null > "$TMP/ws6.l"
"$WS" --show 6 6 < "$TMP/ws6.l" > "$TMP/out" 2> "$TMP/err"
t_file_eq "wordsearch 6x6, dlx2 m1 t2, --show 6 6" "$EXP/gen-wordsearch-show-6x6.txt" "$TMP/out"
t_eq "wordsearch --show: nothing on stderr" "" "$(cat "$TMP/err")"
# without ROWS COLS: the least box holding the named cells (rows 0-3 here)
awk '$0 != "......"' "$EXP/gen-wordsearch-show-6x6.txt" > "$TMP/least"
"$WS" --show < "$TMP/ws6.l" > "$TMP/out"
t_file_eq "wordsearch --show without ROWS COLS: 4 x 6, the rows named" "$TMP/least" "$TMP/out"
"$WS" --show 6 6 < "$KREF/wordsearch-4x4-es-abel-land.m1.stdout" > "$TMP/out" 2>&1
t_eq "a 4x4 listing on a 6 x 6 board: status 0" 0 $?
"$WS" --show 4 4 < "$KREF/wordsearch-4x4-es-abel-land.m1.stdout" > "$TMP/out"
t_file_eq "Knuth's DLX2 listing, 4x4 ABEL LAND: 28 pictures" "$EXP/gen-wordsearch-show-knuth-4x4.txt" "$TMP/out"
"$WS" -d 2 4 4 ABEL LAND | "$DLX2" m1 2>/dev/null | "$WS" --show 4 4 > "$TMP/out"
t_file_eq "dlx2's listing of the same: the same pictures" "$EXP/gen-wordsearch-show-knuth-4x4.txt" "$TMP/out"
"$WS" -d 2 4 4 ABEL LAND | "$DLX2" m10 2>/dev/null | "$WS" --show 4 4 > "$TMP/out"
t_eq "dlx2 m10: numbered 10, 20 as the listing says" "solution 10,solution 20" "$(grep '^solution' "$TMP/out" | paste -sd,)"
t_eq "dlx2 m10: solution 10 is the 10th picture" \
    "$(awk 'BEGIN { RS = "" } NR == 10' "$EXP/gen-wordsearch-show-knuth-4x4.txt" | tail -4)" \
    "$(awk 'BEGIN { RS = "" } NR == 1' "$TMP/out" | tail -4)"
"$WS" 4 4 ÉTÉ ÀBÉ XÀ | "$DLX2" m1 t3 2>/dev/null | "$WS" --show 4 4 > "$TMP/out"
t_file_eq "UTF-8 letters as colors" "$EXP/gen-wordsearch-show-utf8.txt" "$TMP/out"

# --knuth: the listing holds one-byte codes; --colors FILE reads them back
"$WS" --knuth -d 4 3 10 ÉTÉ DIOPHANTUS > "$TMP/k.dlx"
"$DLX2" m1 < "$TMP/k.dlx" 2>/dev/null > "$TMP/k.l"
"$WS" -d 4 3 10 ÉTÉ DIOPHANTUS | "$DLX2" m1 2>/dev/null | "$WS" --show 3 10 > "$TMP/plain"
"$WS" --show 3 10 --colors "$TMP/k.dlx" < "$TMP/k.l" > "$TMP/out"
t_file_eq "--knuth listing with --colors: the pictures of the plain one" "$TMP/plain" "$TMP/out"
t_eq "--knuth: 98 pictures" 98 "$(grep -c '^solution' "$TMP/out")"
"$WS" --show 3 10 < "$TMP/k.l" > "$TMP/out"
t_eq "--knuth listing without --colors: the codes as they are" "solution 1|DIOPHANTUS|!T!.......|.........." \
    "$(head -4 "$TMP/out" | tr '\n' '|' | sed 's/|$//')"
t_file_eq "--colors on a file without color comments: no change" "$TMP/plain" \
    <("$WS" -d 4 3 10 ÉTÉ DIOPHANTUS | "$DLX2" m1 2>/dev/null | "$WS" --show 3 10 --colors "$REF/instances/wordsearch-4x4-es-abel-land.dlx")

# ---- gen-wordrect
"$WR" --show < "$KREF/wordrect-5x5-sgb600.m1.stdout" > "$TMP/out" 2> "$TMP/err"
t_file_eq "Knuth's DLX2 listing, 5x5 sgb600: 26 pictures" "$EXP/gen-wordrect-show-knuth-sgb600.txt" "$TMP/out"
t_eq "wordrect --show: nothing on stderr" "" "$(cat "$TMP/err")"
# the same pictures drawn apart, by awk, from the cells RC:L of the listing
awk '/^[0-9]+:$/ { if (n++) { draw(); print "" } print "solution " substr($0, 1, length($0) - 1); delete g; next }
    { for (i = 2; i <= NF; i++) if ($i ~ /^[0-9][0-9]:/) g[substr($i, 1, 2)] = substr($i, 4) }
    function draw(   r, c, row) { for (r = 0; r < 5; r++) { row = ""
        for (c = 0; c < 5; c++) row = row g[r c]; print row } }
    END { draw() }' "$KREF/wordrect-5x5-sgb600.m1.stdout" > "$TMP/awk"
t_file_eq "the 26 pictures, drawn by awk from the listing" "$TMP/awk" "$EXP/gen-wordrect-show-knuth-sgb600.txt"
"$WR" "$W/sgb-words-600.txt" "$W/sgb-words-600.txt" | "$DLX2" m1 t1 2>/dev/null | "$WR" --show > "$TMP/out"
t_eq "dlx2 m1 t1 on sgb600: Knuth's first picture" "$(head -6 "$EXP/gen-wordrect-show-knuth-sgb600.txt")" "$(cat "$TMP/out")"
"$WR" "$W/common-3.txt" "$W/common-4.txt" | "$DLX2" m1 t3 2>/dev/null | "$WR" --show > "$TMP/out"
t_file_eq "wordrect 3 x 4, dlx2 m1 t3" "$EXP/gen-wordrect-show-3x4.txt" "$TMP/out"
printf 'é\nu\n' > "$TMP/w1"
printf 'éu\nuu\n' > "$TMP/w2"
"$WR" --knuth "$TMP/w1" "$TMP/w2" > "$TMP/r.dlx"
t_eq "wordrect --knuth: codes, --colors: letters" "solution 1|!u||solution 2|uu;solution 1|éu||solution 2|uu" \
    "$("$DLX2" m1 < "$TMP/r.dlx" 2>/dev/null | "$WR" --show | tr '\n' '|' | sed 's/|$//');$("$DLX2" m1 < "$TMP/r.dlx" 2>/dev/null | "$WR" --show --colors "$TMP/r.dlx" | tr '\n' '|' | sed 's/|$//')"

# ---- gen-crossword
G4=$EX/crossword-given-4x4.txt
"$CW" "$G4" "$W/common-3.txt" "$W/common-4.txt" | "$DLX2" m1 t2 2>/dev/null > "$TMP/cw.l"
"$CW" --show "$G4" < "$TMP/cw.l" > "$TMP/out" 2> "$TMP/err"
t_file_eq "crossword given-4x4, dlx2 m1 t2, with GRID" "$EXP/gen-crossword-show-given-4x4.txt" "$TMP/out"
t_eq "crossword --show: nothing on stderr" "" "$(cat "$TMP/err")"
"$CW" --show < "$TMP/cw.l" > "$TMP/out"
t_file_eq "without GRID: '.' for the black squares" <(tr '#' . < "$EXP/gen-crossword-show-given-4x4.txt") "$TMP/out"
G3=$EX/crossword-ring-3x3.txt
"$CW" "$G3" "$W/common-3.txt" | "$DLX2" m1 t2 2>/dev/null | "$CW" --show "$G3" > "$TMP/out"
t_file_eq "crossword ring-3x3: the black square in the middle" "$EXP/gen-crossword-show-ring-3x3.txt" "$TMP/out"
printf '..\n..\n' > "$TMP/g2"
printf 'lé\nou\nlo\néu\n' > "$TMP/w"
"$CW" --knuth "$TMP/g2" "$TMP/w" > "$TMP/c.dlx"
"$CW" "$TMP/g2" "$TMP/w" | "$DLX2" m1 2>/dev/null | "$CW" --show "$TMP/g2" > "$TMP/plain"
t_eq "crossword, UTF-8 letters: 2 pictures" "solution 1|lé|ou||solution 2|lo|éu" "$(tr '\n' '|' < "$TMP/plain" | sed 's/|$//')"
"$DLX2" m1 < "$TMP/c.dlx" 2>/dev/null > "$TMP/c.l"
t_file_eq "crossword --knuth listing with --colors: the plain pictures" "$TMP/plain" \
    <("$CW" --show "$TMP/g2" --colors "$TMP/c.dlx" < "$TMP/c.l")
t_eq "crossword --knuth listing without --colors: the codes" "solution 1|l!|ou" \
    "$("$CW" --show "$TMP/g2" < "$TMP/c.l" | head -3 | tr '\n' '|' | sed 's/|$//')"
printf '#.\n.é\n' > "$TMP/g2e"
printf 'é\n' >> "$TMP/w"
printf 'ué\n' >> "$TMP/w"
t_run "a given é against a --knuth code: --colors needed" 2 \
    "gen-crossword: <stdin>:2: square 11 is '!' here, but 'é' in $TMP/g2e" \
    sh -c '"$1" --knuth "$2" "$3" | "$4" m1 2>/dev/null | "$1" --show "$2"' sh "$CW" "$TMP/g2e" "$TMP/w" "$DLX2"

# ---- no solution: nothing drawn, status 1 but for a summary that says there is none
for g in wordsearch wordrect crossword; do
    t_run "gen-$g --show: empty input, status 1" 1 \
        "gen-$g: <stdin>: the listing holds no solutions: the problem has none, or dlx2 ran without m1 (it lists them only with m1; --format=json's summary says when there are none)" \
        sh -c '"$1" --show < /dev/null > "$2"' sh "$GEN/gen-$g" "$TMP/out"
    t_eq "gen-$g --show: empty input draws nothing" "" "$(cat "$TMP/out")"
done
t_eq "no solution (dlx2 m1 lists none): nothing" "" "$("$WS" 2 2 ABC 2>/dev/null | "$DLX2" m1 2>/dev/null | "$WS" --show 2> /dev/null)"
t_run "no solution, dlx2 --format=json: its summary says so, status 0" 0 \
    "gen-wordsearch: <stdin>: no solutions: the listing's summary says the search found none" \
    sh -c '"$0" 2 2 ABC 2> /dev/null | "$1" --format=json 2> /dev/null | "$0" --show' "$WS" "$DLX2"

# ---- bad listings: one message, status 2
# bad G MESSAGE INPUT [ARGS...]: printf INPUT | gen-G --show ARGS
bad() {
    g=$1 msg=$2 input=$3
    shift 3
    t_run "gen-$g: $msg" 2 "gen-$g: $msg" \
        sh -c 'in=$1 prog=$2; shift 2; printf "$in" | "$prog" --show "$@"' sh "$input" "$GEN/gen-$g" "$@"
}
bad wordsearch "<stdin>:1: expected 'K:', the start of solution K, not 'hello'" 'hello\n'
bad wordsearch "<stdin>:2: expected 'K:', the start of solution K, not 'ABEL 00:A (1 of 3)'" '\n ABEL 00:A (1 of 3)\n'
bad wordsearch "<stdin>:1: expected 'K:', the start of solution K, not '\\xFF\\x01'" '\377\001\n'
bad wordsearch "<stdin>:1: solution 1 is empty" '1:\n2:\n ABEL 00:A\n'
bad wordsearch "<stdin>:3: solution 7 is empty" '1:\n ABEL 00:A\n7:\n'
bad wordsearch "<stdin>:2:4: NUL byte in the input" '1:\n AB\0EL 00:A\n'
bad wordsearch "<stdin>:2: 'ABEL 00:A 01:B x' is not an option of gen-wordsearch (expected 'WORD RC:L RC:L ... (k of n)')" \
    '1:\n ABEL 00:A 01:B x\n'
bad wordsearch "<stdin>:2: '00:A 01:B' is not an option of gen-wordsearch (expected 'WORD RC:L RC:L ... (k of n)')" \
    '1:\n 00:A 01:B\n'
bad wordsearch "<stdin>:2: 'ABEL (1 of 2)' is not an option of gen-wordsearch (expected 'WORD RC:L RC:L ... (k of n)')" \
    '1:\n ABEL (1 of 2)\n'
bad wordsearch "<stdin>:2: ':B' is neither an item nor item:color" '1:\n ABEL 00:A :B\n'
bad wordsearch "<stdin>:2: '01:' is neither an item nor item:color" '1:\n ABEL 00:A 01:\n'
bad wordsearch "<stdin>:2: the color 'B:C' of cell 01 is not one letter" '1:\n ABEL 01:B:C\n'
bad wordsearch "<stdin>:2: '0z1' is not the name of a cell" '1:\n ABEL 00:A 0z1:B\n'
bad wordsearch "<stdin>:2: '07' is no cell of the 6 x 6 board" '1:\n ABEL 00:A 07:B\n' 6 6
bad wordsearch "<stdin>:2: 'a.0' is not the name of a cell" '1:\n ABEL a.0:A\n'
bad wordsearch "<stdin>:2: the color 'BB' of cell 01 is not one letter" '1:\n ABEL 00:A 01:BB\n'
bad wordsearch "<stdin>:2: the color '\\x01' of cell 00 is not one letter" '1:\n ABEL 00:\001\n'
bad wordsearch "<stdin>:2: the color '\\xC3' of cell 00 is not one letter" '1:\n ABEL 00:\303\n'
bad wordsearch "<stdin>:2: the cells of 'ABEL' are not a straight line of neighbors" '1:\n ABEL 00:A 01:B 03:E\n'
bad wordsearch "<stdin>:2: the cells of 'ABEL' are not a straight line of neighbors" '1:\n ABEL 00:A 01:B 12:E\n'
bad wordsearch "<stdin>:3: cell 00 gets 'X' here, but 'A' on line 2" '1:\n ABEL 00:A 01:B\n CAT 00:X\n'
bad wordsearch "<stdin>:1: solution 1 would be a 10000 x 2001 picture, too big to draw" '1:\n ABEL 9999.2000:A\n'
bad wordsearch "<stdin>:2: 'ABEL 00:A 01:B 02:E 03:L (1 of 2) 00:A (...' is not an option of gen-wordsearch (expected 'WORD RC:L RC:L ... (k of n)')" \
    '1:\n ABEL 00:A 01:B 02:E 03:L (1 of 2) 00:A (1 of 2)\n'
t_run "gen-wordsearch: dlx2's report mixed in" 2 \
    "gen-wordsearch: <stdin>:1: expected 'K:', the start of solution K, not '(264 options, 4+36 items, 1768 entries s...'" \
    sh -c '"$1" 6 6 ABEL CANTOR GAUSS EULER | "$2" m1 t1 2>&1 | "$1" --show' sh "$WS" "$DLX2"
t_run "gen-wordsearch: the listing does not fit ROWS COLS" 2 \
    "gen-wordsearch: <stdin>:6: '20' is no cell of the 2 x 4 board" \
    sh -c '"$1" --show 2 4 < "$2"' sh "$WS" "$KREF/wordsearch-4x4-es-abel-land.m1.stdout"
t_run "gen-wordsearch: a listing of another problem" 2 \
    "gen-wordsearch: <stdin>:2: 'A C X:1 Y:1 (2 of 2)' is not an option of gen-wordsearch (expected 'WORD RC:L RC:L ... (k of n)')" \
    sh -c '"$1" --show < "$2"' sh "$WS" "$KREF/knuth-example-colors.m1.stdout"

bad wordrect "<stdin>:1: expected 'K:', the start of solution K, not 'hello'" 'hello\n'
bad wordrect "<stdin>:1: solution 1 is empty" '1:\n'
bad wordrect "<stdin>:2: 'X1 01:b 11:c' is not an option of gen-wordrect (expected 'Ri RC:L RC:L ... (k of n)' or 'Cj ...')" \
    '1:\n X1 01:b 11:c\n'
bad wordrect "<stdin>:2: 'R01 1.0:b' is not an option of gen-wordrect (expected 'Ri RC:L RC:L ... (k of n)' or 'Cj ...')" \
    '1:\n R01 1.0:b\n'
bad wordrect "<stdin>:2: 'R0 00:a 01' is not an option of gen-wordrect (expected 'Ri RC:L RC:L ... (k of n)' or 'Cj ...')" \
    '1:\n R0 00:a 01\n'
bad wordrect "<stdin>:2: R0: cell 2 is '02', not the cell of row 0, column 1" '1:\n R0 00:a 02:b\n'
bad wordrect "<stdin>:2: C1: cell 2 is '12', not the cell of row 1, column 1" '1:\n C1 01:b 12:c\n'
bad wordrect "<stdin>:2: '0z1' is not the name of a cell" '1:\n R0 0z1:a\n'
bad wordrect "<stdin>:2: the color 'ab' of cell 00 is not one letter" '1:\n R0 00:ab\n'
bad wordrect "<stdin>:3: cell 01 gets 'x' here, but 'b' on line 2" '1:\n R0 00:a 01:b\n C1 01:x 11:c\n'
bad wordrect "<stdin>:2:4: NUL byte in the input" '1:\n R0\0 00:a\n'
t_eq "wordrect: cells named R.C" "$(printf 'solution 1\n..\nbc')" \
    "$(printf '1:\n R1 1.0:b 1.1:c\n' | "$WR" --show)"

bad crossword "<stdin>:1: expected 'K:', the start of solution K, not 'hello'" 'hello\n'
bad crossword "<stdin>:1: solution 1 is empty" '1:\n'
bad crossword "<stdin>:2: 'a10 10:b 11:a 12:r 13:e (1 of 1)' is not an option of gen-crossword (expected 'aRC RC:L RC:L ... WORD (k of n)')" \
    '1:\n a10 10:b 11:a 12:r 13:e (1 of 1)\n' "$G4"
bad crossword "<stdin>:2: 'bare 10:b 11:a 12:r 13:e a10' is not an option of gen-crossword (expected 'aRC RC:L RC:L ... WORD (k of n)')" \
    '1:\n bare 10:b 11:a 12:r 13:e a10\n'
bad crossword "<stdin>:2: 'a1 10:b 11:a bare' is not an option of gen-crossword (expected 'aRC RC:L RC:L ... WORD (k of n)')" \
    '1:\n a1 10:b 11:a bare\n'
bad crossword "<stdin>:2: a10: square 4 is '14', not the square of row 1, column 3" '1:\n a10 10:b 11:a 12:r 14:e bare\n'
bad crossword "<stdin>:2: d01: square 2 is '12', not the square of row 1, column 1" '1:\n d01 01:m 12:a 21:d 31:e made\n'
bad crossword "<stdin>:2: '0z1' is not the name of a cell" '1:\n a00 00:b 0z1:a ba\n'
bad crossword "<stdin>:2: '14' is no cell of the 4 x 4 board" '1:\n a10 10:b 11:a 12:r 14:e bare\n' "$G4"
bad crossword "<stdin>:2: a00 is no slot of $G4" '1:\n a00 00:m 01:a 02:p map\n' "$G4"
bad crossword "<stdin>:2: a50 is no slot of $G4" '1:\n a50 50:m 51:a 52:p map\n' "$G4"
bad crossword "<stdin>:2: slot a01 has 3 squares in $G4, not 2" '1:\n a01 01:m 02:a ma\n' "$G4"
bad crossword "<stdin>:2: square 11 is 'b' here, but 'a' in $G4" '1:\n a10 10:b 11:b 12:r 13:e bbre\n' "$G4"
bad crossword "<stdin>:2: the color 'ab' of cell 00 is not one letter" '1:\n a00 00:ab 01:c abc\n'
bad crossword "<stdin>:3: cell 11 gets 'x' here, but 'a' on line 2" \
    '1:\n a10 10:b 11:a 12:r 13:e bare\n d01 01:m 11:x 21:d 31:e mxde\n'
bad crossword "<stdin>:2:5: NUL byte in the input" '1:\n a00\0 00:a\n'

# ---- command lines
t_run "wordsearch: --show takes ROWS and COLS together" 2 "gen-wordsearch: --show takes ROWS and COLS, or neither" \
    "$WS" --show 6
t_run "wordsearch: --show takes no words" 2 \
    "gen-wordsearch: --show takes ROWS COLS and one LISTING, not 'CANTOR': the words come from the listing" \
    "$WS" --show 6 6 ABEL CANTOR
t_run "wordsearch: --show 6 6 FILE reads the listing from FILE" 0 "" "$WS" --show 6 6 "$TMP/ws6.l"
t_file_eq "... the same pictures as from stdin" "$EXP/gen-wordsearch-show-6x6.txt" "$TMP/out"
t_run "wordsearch: ROWS checked" 2 "gen-wordsearch: ROWS must be a whole number, not 'x'" "$WS" --show x 6
t_run "wordsearch: -d with --show" 2 "gen-wordsearch: -d goes with writing a problem, not with --show" "$WS" -d 4 --show
t_run "wordsearch: --knuth with --show" 2 "gen-wordsearch: --knuth goes with writing a problem, not with --show" \
    "$WS" --show --knuth
t_run "wordsearch: --colors without --show" 2 "gen-wordsearch: --colors goes with --show" "$WS" --colors f 3 3 AB
t_run "wordsearch: --colors without a value" 2 "gen-wordsearch: --colors needs a value (try --help)" "$WS" --show --colors
t_run "wordsearch: --colors FILE missing" 2 "gen-wordsearch: cannot open $TMP/none: No such file or directory" \
    "$WS" --show --colors "$TMP/none"
printf '| color ! is é\n| color ! is à\n' > "$TMP/twice"
t_run "wordsearch: --colors FILE tells a code twice" 2 "gen-wordsearch: $TMP/twice:2: color ! is told twice" \
    "$WS" --show --colors "$TMP/twice"
t_run "wordsearch: a word named --show is a word" 0 "" sh -c '"$1" 1 6 -- --show > /dev/null' sh "$WS"
t_run "wordrect: --show takes one LISTING, no word files" 2 \
    "gen-wordrect: --show takes one LISTING, not 'w.txt': the array comes from the listing" "$WR" --show l.txt w.txt
"$WR" "$W/common-3.txt" "$W/common-4.txt" | "$DLX2" m1 t3 2>/dev/null > "$TMP/wr.l"
t_file_eq "wordrect: --show LISTING reads the file" "$EXP/gen-wordrect-show-3x4.txt" <("$WR" --show "$TMP/wr.l")
t_run "wordrect: --first-m with --show" 2 "gen-wordrect: --first-m goes with writing a problem, not with --show" \
    "$WR" --show --first-m 3
t_run "wordrect: --colors without --show" 2 "gen-wordrect: --colors goes with --show" "$WR" --colors f a b
t_run "crossword: --show takes GRID and one LISTING" 2 \
    "gen-crossword: --show takes GRID and one LISTING, not 'words.txt': the words come from the listing" \
    "$CW" --show "$G4" l.txt words.txt
t_file_eq "crossword: --show GRID LISTING reads the file" "$EXP/gen-crossword-show-given-4x4.txt" \
    <("$CW" --show "$G4" "$TMP/cw.l")
t_run "crossword: --knuth with --show" 2 "gen-crossword: --knuth goes with writing a problem, not with --show" \
    "$CW" --knuth --show
t_run "crossword: --colors without --show" 2 "gen-crossword: --colors goes with --show" "$CW" --colors f "$G4"
printf 'a\nab\n' > "$TMP/badgrid"
t_run "crossword: a bad GRID" 2 "gen-crossword: $TMP/badgrid:2:2: the row has 2 squares, but the first row has 1" \
    "$CW" --show "$TMP/badgrid"
