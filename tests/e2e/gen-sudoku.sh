# dlx-gen/gen-sudoku: sudoku puzzles in Knuth's SUDOKU-DLX encoding
# (formats/sudoku.md).
. "$(dirname "$0")/../lib.sh"
S=$GEN/gen-sudoku
EX=$ROOT/dlx-gen/examples
INKALA=$EX/sudoku-inkala.txt
SOLVED=$EX/sudoku-solved.txt

"$S" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_match "--help shows the usage" "^Usage: gen-sudoku \[--keep K \[--seed S\]\] \[PUZZLE\]$" \
    "$(head -1 "$TMP/out")"

# Inkala's puzzle: the reference instance, made by SUDOKU-DLX, byte for
# byte but for the first line (his is the puzzle, ours the command).
t_eq "the example is the puzzle of the reference instance" \
    "$(head -1 "$REF/instances/sudoku-inkala.dlx")" \
    "|sudoku$(grep -v '^|' "$INKALA" | sed 's/^/!/' | tr -d '\n')"
(cd "$EX" && "$S" sudoku-inkala.txt) > "$TMP/inkala.dlx" 2> "$TMP/err"
t_eq "inkala: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_eq "inkala: the first line is the command" "| gen-sudoku sudoku-inkala.txt" "$(head -1 "$TMP/inkala.dlx")"
t_file_eq "inkala: the rest is SUDOKU-DLX's" <(tail -n +2 "$REF/instances/sudoku-inkala.dlx") \
    <(tail -n +2 "$TMP/inkala.dlx")
"$DLX2" < "$TMP/inkala.dlx" > /dev/null 2> "$TMP/err"
t_file_eq "inkala: dlx2's report is DLX2's" "$REF/expected/sudoku-inkala.stderr" "$TMP/err"
t_eq "inkala: exactly 1 solution" 1 "$("$DLX2" -c < "$TMP/inkala.dlx")"

# The same puzzle in the other layouts: one line, 0 for blanks, blanks
# between cells, comments and blank lines, stdin.
grep -v '^|' "$INKALA" | tr -d '\n' > "$TMP/one"; echo >> "$TMP/one"
grep -v '^|' "$INKALA" | tr . 0 | sed 's/./& /g; 3a\
\
| a comment' > "$TMP/spaced"
for f in one spaced; do
    t_file_eq "inkala as '$f': the same problem" <(tail -n +2 "$TMP/inkala.dlx") \
        <("$S" "$TMP/$f" | tail -n +2)
done
t_file_eq "inkala from stdin" <(tail -n +2 "$TMP/inkala.dlx") <("$S" < "$INKALA" | tail -n +2)
t_eq "from stdin: the command" "| gen-sudoku -" "$("$S" - < "$INKALA" | head -1)"

# Counts. A solved grid with a deadly rectangle blanked (rows 0 and 1,
# columns 2 and 5: 2 3 / 3 2) has exactly two completions; with a second
# one in other rows and columns (rows 3 and 5, columns 0 and 3), four.
grep -v '^|' "$SOLVED" | sed '1,2s/^\(..\).\(..\)./\1.\2./' > "$TMP/rect"
t_eq "a deadly rectangle: 2 solutions" 2 "$("$S" "$TMP/rect" | "$DLX2" -c)"
sed '4s/^.\(..\)./.\1./; 6s/^.\(..\)./.\1./' "$TMP/rect" > "$TMP/rect2"
t_eq "two deadly rectangles: 4 solutions" 4 "$("$S" "$TMP/rect2" | "$DLX2" -c)"
t_eq "a row blanked: 1 solution" 1 "$(grep -v '^|' "$SOLVED" | sed '5s/.*/........./' | "$S" | "$DLX2" -c)"
# 24 clues kept from the solved grid: 3274 solutions (Knuth's SUDOKU-DLX
# and DLX2 agree on the same 24 clues).
t_eq "--keep 24 --seed 1: 3274 solutions" 3274 "$("$S" --keep 24 --seed 1 "$SOLVED" | "$DLX2" -c)"
cat > "$TMP/keep24" <<'GRID'
8..7.....
.436...7.
.........
.5...7.96
3.9.....1
28...95..
..1..4..8
43.......
......45.
GRID
t_file_eq "--keep 24 --seed 1: these 24 clues" <("$S" "$TMP/keep24" | tail -n +2) \
    <("$S" --keep 24 --seed 1 "$SOLVED" | tail -n +2)
t_eq "--keep: the seed decides" no \
    "$(cmp -s <("$S" --keep 24 --seed 1 "$SOLVED") <("$S" --keep 24 --seed 2 "$SOLVED") && echo yes || echo no)"
t_eq "--keep 21 of 21 clues keeps the puzzle" "$(tail -n +2 "$TMP/inkala.dlx")" "$("$S" --keep 21 "$INKALA" | tail -n +2)"

# Bad puzzles: FILE:LINE:COL, status 2.
bad() { # NAME CONTENT MESSAGE
    printf "$2" > "$TMP/bad"
    t_run "$1" 2 "gen-sudoku: $TMP/bad:$3" "$S" "$TMP/bad"
}
bad "a letter" '8........\n..x6.....\n' "2:3: 'x' is no cell of a sudoku (a digit 1-9, '.' or '0')"
bad "a UTF-8 character" '8.é' "1:3: 'é' is no cell of a sudoku (a digit 1-9, '.' or '0')"
bad "8 cells" '12345678\n' "1:9: 8 cells: a puzzle is 81 cells on one line or 9 lines of 9"
bad "10 cells" '1234567890\n' "1:10: 10 cells: a puzzle is 81 cells on one line or 9 lines of 9"
bad "82 cells" "$(printf '%082d' 0)\n" "1:82: more than 81 cells"
bad "a short row" '123456789\n1234 5678\n' "2:10: a row of the grid has 9 cells; this one has 8"
bad "a long row" '123456789\n.........0\n' "2:10: a row of the grid has 9 cells; this is the 10th"
bad "8 rows" '.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n' \
    "8:10: the grid ends here, with 8 of its 9 rows"
bad "two puzzles" "$(printf '%081d' 0)\n\n$(printf '%081d' 0)\n" \
    "3:1: the puzzle is complete on line 1; this line is more"
bad "nothing" '' "1:1: no puzzle: expected 81 cells on one line or 9 lines of 9"
bad "comments only" '| one\n| two\n' "2:1: no puzzle: expected 81 cells on one line or 9 lines of 9"
t_run "a NUL byte" 2 "gen-sudoku: <stdin>:1:2: NUL byte in the input" \
    sh -c 'printf "1\000" | "$1"' sh "$S"
t_run "a solved grid: nothing to solve" 2 \
    "gen-sudoku: $SOLVED has no blank cell: there is nothing to solve, and a problem without items is none" \
    "$S" "$SOLVED"
t_run "a missing file" 2 "gen-sudoku: cannot open $TMP/none: No such file or directory" "$S" "$TMP/none"
t_run "two puzzles" 2 "gen-sudoku: too many arguments: 'b' (try --help)" "$S" a b
t_run "--keep more than the clues" 2 "gen-sudoku: --keep 22, but $INKALA has 21 clues" \
    "$S" --keep 22 "$INKALA"
t_run "--keep 82" 2 "gen-sudoku: --keep must be between 0 and 81, not 82" "$S" --keep 82 "$INKALA"
t_run "--seed without --keep" 2 "gen-sudoku: --seed goes with --keep" "$S" --seed 3 "$INKALA"

# A clue that repeats an earlier one: a warning naming both, and a
# problem without solution (the clue's cell keeps its item, no option).
grep -v '^|' "$INKALA" | sed '2s/^\.\./8./' > "$TMP/clash"
"$S" "$TMP/clash" > "$TMP/clash.dlx" 2> "$TMP/err"
t_eq "a clash: status 0 and a warning" \
    "0:gen-sudoku: warning: $TMP/clash:2:1: the 8 repeats the 8 of line 1, column 1 in its column: the problem has no solution" \
    "$?:$(cat "$TMP/err")"
t_eq "a clash: its cell keeps its item" "p10 " "$(sed -n 2p "$TMP/clash.dlx" | grep -o 'p10 ')"
t_eq "a clash: no option for it" 0 "$(grep -c '^p10 ' "$TMP/clash.dlx")"
t_eq "a clash: no solution" 0 "$("$DLX2" -c < "$TMP/clash.dlx")"
t_eq "a clash in a box: named so" "in its box" \
    "$(grep -v '^|' "$INKALA" | sed '2s/^\.\(.\)/\18/' | "$S" 2>&1 > /dev/null | grep -o 'in its box')"

# --show: the filled grid, clues from PUZZLE.
cat > "$TMP/grid" <<'GRID'
solution 1
8 1 2 | 7 5 3 | 6 4 9
9 4 3 | 6 8 2 | 1 7 5
6 7 5 | 4 9 1 | 2 8 3
------+-------+------
1 5 4 | 2 3 7 | 8 9 6
3 6 9 | 8 4 5 | 7 2 1
2 8 7 | 1 6 9 | 5 3 4
------+-------+------
5 2 1 | 9 7 4 | 3 6 8
4 3 8 | 5 2 6 | 9 1 7
7 9 6 | 3 1 8 | 4 5 2
GRID
t_file_eq "--show PUZZLE LISTING: inkala's solution" "$TMP/grid" \
    <("$S" --show "$INKALA" "$REF/expected/sudoku-inkala.m1.stdout")
t_file_eq "--show PUZZLE: the listing from stdin" "$TMP/grid" \
    <("$DLX2" m1 < "$TMP/inkala.dlx" 2> /dev/null | "$S" --show "$INKALA")
t_eq "--show: the solved grid is the example" "$(grep -v '^|' "$SOLVED")" \
    "$(tail -n +2 "$TMP/grid" | grep -v -- - | tr -d ' |')"
t_run "--show without PUZZLE: the clues from what the listing's rows, columns and boxes lack" 0 "" \
    sh -c '"$0" --show < "$1"' "$S" "$REF/expected/sudoku-inkala.m1.stdout"
t_file_eq "--show without PUZZLE: inkala's solution, clues and all" "$TMP/grid" "$TMP/out"
t_run "--show LISTING: a listing alone is LISTING, not PUZZLE" 0 "" \
    "$S" --show "$REF/expected/sudoku-inkala.m1.stdout"
t_file_eq "--show LISTING: inkala's solution" "$TMP/grid" "$TMP/out"
"$DLX2" --format=json < "$TMP/inkala.dlx" > "$TMP/inkala.json" 2> /dev/null
t_run "--show LISTING: a JSON listing alone too" 0 "" "$S" --show "$TMP/inkala.json"
t_file_eq "--show LISTING (JSON): inkala's solution" "$TMP/grid" "$TMP/out"
t_run "--show LISTING PUZZLE: the listing first is refused" 2 \
    "gen-sudoku: $TMP/inkala.json is a listing of solutions, not a puzzle: --show takes PUZZLE, then LISTING, or LISTING alone" \
    "$S" --show "$TMP/inkala.json" "$INKALA"
# the solved grid but for four cells that can take their two digits
# either way (rows 0 and 1, columns 2 and 5: 2 3 / 3 2): the listing
# cannot tell its clues
grep -v '^|' "$SOLVED" | awk '{ for (c = 0; c < 9; c++) { r = NR - 1; d = substr($0, c + 1, 1)
    if (r < 2 && (c == 2 || c == 5)) continue
    printf " p%d%d r%d%d c%d%d b%d%d\n", r, c, r, d, c, d, 3 * int(r / 3) + int(c / 3), d } }' |
    sed '1i 1:' > "$TMP/four.l"
t_run "--show without PUZZLE: clues that two grids fit are dots, with a warning" 0 \
    "gen-sudoku: warning: <stdin>:1: the clues of solution 1 cannot be told from its digits (more than one way, or none, fits them): their cells show '.'; give the puzzle, gen-sudoku --show PUZZLE LISTING" \
    sh -c '"$0" --show < "$1"' "$S" "$TMP/four.l"
t_eq "--show without PUZZLE: the four cells are dots" "8 1 . | 7 5 . | 6 4 9
9 4 . | 6 8 . | 1 7 5" "$(sed -n 2,3p "$TMP/out")"
t_run "--show: the empty listing of dlx2 without m1 says why there is nothing to draw (status 1)" 1 \
    "gen-sudoku: <stdin>: the listing holds no solutions: the problem has none, or dlx2 ran without m1 (it lists them only with m1; --format=json's summary says when there are none)" \
    sh -c '"$0" < "$1" 2> /dev/null | "$2" --show "$3"' "$DLX2" "$TMP/inkala.dlx" "$S" "$INKALA"
t_run "--show: a listing of a puzzle without solution (its summary says so): status 0" 0 \
    "gen-sudoku: <stdin>: no solutions: the listing's summary says the search found none" \
    sh -c '"$0" --format=json < "$1" 2> /dev/null | "$2" --show' "$DLX2" "$TMP/clash.dlx" "$S"
"$S" --keep 24 --seed 1 "$SOLVED" | "$DLX2" m1 t3 2> /dev/null > "$TMP/k.l"
"$S" --show --keep 24 --seed 1 "$SOLVED" "$TMP/k.l" > "$TMP/k.show" 2> "$TMP/err"
t_eq "--show --keep: status 0, three grids" "0:3" "$?:$(grep -c '^solution' "$TMP/k.show")"
t_eq "--show --keep: full grids" 243 "$(grep -v '^solution' "$TMP/k.show" | grep -o '[1-9]' | grep -c .)"

# --show: what is no solution of this puzzle stops at its line.
showbad() { # NAME LISTING MESSAGE [PUZZLE]: the listing as a file after PUZZLE, else on stdin
    printf "$2" > "$TMP/bad.l"
    if [ -n "$4" ]; then
        t_run "$1" 2 "gen-sudoku: $TMP/bad.l:$3" "$S" --show "$4" "$TMP/bad.l"
    else
        t_run "$1" 2 "gen-sudoku: <stdin>:$3" sh -c '"$1" --show < "$2"' sh "$S" "$TMP/bad.l"
    fi
}
showbad "--show: a clue cell" '1:\n p00 r01 c01 b01\n' "2: cell p00 is a clue of $INKALA (8), not a blank" "$INKALA"
showbad "--show: a cell twice" '1:\n p01 r01 c11 b01\n r02 c12 b02 p01\n' \
    "3: cell p01 is filled twice in solution 1 (first on line 2)"
showbad "--show: items that disagree" '1:\n p01 r01 c12 b01\n' \
    "2: the items of 'p01 r01 c12 b01' do not agree on one cell and digit"
showbad "--show: a wrong box" '1:\n p01 r01 c11 b11\n' \
    "2: the items of 'p01 r01 c11 b11' do not agree on one cell and digit"
showbad "--show: a digit twice in a row" '1:\n p01 r01 c11 b01\n p02 r01 c21 b01\n' \
    "1: solution 1 puts two 1s in row 0"
showbad "--show: a digit 0" '1:\n p01 r00 c10 b00\n' \
    "2: 'p01 r00 c10 b00' is not an option of gen-sudoku (expected 'pRC rRD cCD bXD (k of n)')"
showbad "--show: three items" '1:\n p01 r01 c11\n' \
    "2: 'p01 r01 c11' is not an option of gen-sudoku (expected 'pRC rRD cCD bXD (k of n)')"
showbad "--show: a row 9" '1:\n p91 r91 c11 b61\n' \
    "2: 'p91 r91 c11 b61' is not an option of gen-sudoku (expected 'pRC rRD cCD bXD (k of n)')"
t_run "--show: PUZZLE and LISTING both stdin" 2 "gen-sudoku: PUZZLE and LISTING cannot both be stdin" \
    "$S" --show - -
t_run "--show: three files" 2 "gen-sudoku: --show takes PUZZLE and one LISTING, not 'c'" "$S" --show a b c
t_run "--show: --keep needs PUZZLE" 2 "gen-sudoku: --keep goes with a PUZZLE" "$S" --show --keep 3
