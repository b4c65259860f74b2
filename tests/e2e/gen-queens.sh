# dlx-gen/gen-queens: the n queens problem in Knuth's QUEENS-DLX encoding
# (formats/queens.md). 14 and 15 queens are in gen-queens.bench.sh.
. "$(dirname "$0")/../lib.sh"
Q=$GEN/gen-queens

"$Q" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_match "--help shows the usage" "^Usage: gen-queens \[--force\] N$" "$(head -1 "$TMP/out")"

# QUEENS-DLX's files, byte for byte but for the first line; so dlx2's
# report on them is DLX2's.
for n in 8 12; do
    "$Q" $n > "$TMP/q$n.dlx"
    t_eq "$n queens: the first line is the command" "| gen-queens $n" "$(head -1 "$TMP/q$n.dlx")"
    t_file_eq "$n queens: the rest is QUEENS-DLX's" <(tail -n +2 "$REF/instances/queens-$n.dlx") \
        <(tail -n +2 "$TMP/q$n.dlx")
    "$DLX2" < "$TMP/q$n.dlx" > /dev/null 2> "$TMP/err"
    t_file_eq "$n queens: dlx2's report is DLX2's" "$REF/expected/queens-$n.stderr" "$TMP/err"
done
t_eq "8 queens: 92 solutions" 92 "$("$DLX2" -c < "$TMP/q8.dlx")"
t_eq "12 queens: 14200 solutions" 14200 "$("$DLX2" -c < "$TMP/q12.dlx")"
counts=""
for n in 1 2 3 4 5 6 7; do counts="$counts $("$Q" $n | "$DLX2" -c)"; done
t_eq "1 to 7 queens: 1 0 0 2 10 4 40 solutions" " 1 0 0 2 10 4 40" "$counts"

# The layout: organ-pipe order, diagonals after the bar, corners without.
t_eq "8 queens: the item line" \
    "r4 c4 r3 c3 r5 c5 r2 c2 r6 c6 r1 c1 r7 c7 r0 c0 | a1 b1 a2 b2 a3 b3 a4 b4 a5 b5 a6 b6 a7 b7 a8 b8 a9 b9 aa ba ab bb ac bc ad bd" \
    "$(sed -n 2p "$TMP/q8.dlx")"
t_eq "8 queens: the corners have one diagonal" "r0 c0 b7|r0 c7 a7|r7 c0 a7|r7 c7 b7" \
    "$(grep -E '^r[07] c[07]( |$)' "$TMP/q8.dlx" | tr '\n' '|' | sed 's/|$//')"
t_eq "1 queen: no diagonals" "$(printf '| gen-queens 1\nr0 c0 |\nr0 c0')" "$("$Q" 1)"
"$Q" 33 > "$TMP/q33.dlx"
t_eq "33 queens: decimal indexes" "r16 c16 r15 c15" "$(sed -n 2p "$TMP/q33.dlx" | cut -d' ' -f1-4)"
t_eq "33 queens: 63 diagonals of each kind" "126 a63 b63" \
    "$(sed -n 2p "$TMP/q33.dlx" | sed 's/.*| //' | wc -w | tr -d ' ') $(sed -n 2p "$TMP/q33.dlx" | awk '{print $(NF-1), $NF}')"
t_eq "33 queens: an option" "r1 c2 a3 b33" "$(sed -n 38p "$TMP/q33.dlx")"
t_eq "33 queens: 1089 options" 1089 "$(tail -n +3 "$TMP/q33.dlx" | wc -l | tr -d ' ')"
t_eq "same arguments, same bytes" "$(cat "$TMP/q12.dlx")" "$("$Q" 12)"

# Bad arguments: one message, status 2.
t_run "no N" 2 "gen-queens: missing N, the number of queens (try --help)" "$Q"
t_run "N = 0" 2 "gen-queens: N must be between 1 and 40000, not 0" "$Q" 0
t_run "N not a number" 2 "gen-queens: N must be a whole number, not '8x'" "$Q" 8x
t_run "two numbers" 2 "gen-queens: too many arguments: '9' (try --help)" "$Q" 8 9
t_run "40000 queens: too big without --force" 2 \
    "gen-queens: the problem would take about 45 GB (more than 1 GB); --force writes it all the same" \
    "$Q" 40000

# --show: DLX2's listing of the 92 solutions, drawn.
"$Q" --show "$REF/expected/queens-8.m1.stdout" > "$TMP/show" 2> "$TMP/err"
t_eq "--show: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_eq "--show: 92 pictures" 92 "$(grep -c '^solution ' "$TMP/show")"
cat > "$TMP/first" <<'BOARD'
solution 1
. . . Q . . . .
. . . . . . Q .
. . . . Q . . .
. . Q . . . . .
Q . . . . . . .
. . . . . Q . .
. . . . . . . Q
. Q . . . . . .

solution 2
BOARD
t_file_eq "--show: the first board" "$TMP/first" <(head -11 "$TMP/show")
t_eq "--show: one queen per row in every picture" 736 "$(grep -c '^[. ]*Q[. ]*$' "$TMP/show")"
t_file_eq "--show: a listing of dlx2 m1 is drawn the same" "$TMP/show" \
    <("$DLX2" m1 < "$TMP/q8.dlx" 2> /dev/null | "$Q" --show)
t_eq "--show: a 33-queen solution" "33 33" \
    "$("$DLX2" m1 t1 < "$TMP/q33.dlx" 2> /dev/null | "$Q" --show | tail -n +2 | awk '{q += gsub(/Q/, "")} END {print NR, q}')"

# --show: what is no solution of gen-queens stops at its line (the
# 4-queen solution r0 c1, r1 c3, r2 c0, r3 c2 spoilt).
printf '1:\n r0 c1 a1 b4\n r1 c3 a4\n r2 c0 a2 b1\n r3 c2 a5 b2\n' > "$TMP/bad"
t_run "--show: an option without its diagonal" 2 \
    "gen-queens: $TMP/bad:3: the diagonals of 'r1 c3 a4' are not those of its cell" "$Q" --show "$TMP/bad"
printf '1:\n r0 c0 b3\n c1 a2 b3 r1\n r2 c3 a5 b4\n r3 c2 a5 b2\n' > "$TMP/bad"
t_run "--show: two queens on a diagonal" 2 \
    "gen-queens: $TMP/bad:3: the queens of rows 0 and 1 share a diagonal in solution 1" "$Q" --show "$TMP/bad"
printf '1:\n r0 c1 a1 b4\n r0 c3 a3\n r2 c0 a2 b1\n r3 c2 a5 b2\n' > "$TMP/bad"
t_run "--show: two queens in a row" 2 "gen-queens: $TMP/bad:3: two queens in row 0 in solution 1" \
    "$Q" --show "$TMP/bad"
printf '1:\n r0 c1 a1 b4\n r1 c1 a2 b3\n r2 c0 a2 b1\n r3 c2 a5 b2\n' > "$TMP/bad"
t_run "--show: two queens in a column" 2 \
    "gen-queens: $TMP/bad:3: the queens of rows 0 and 1 share a column in solution 1" "$Q" --show "$TMP/bad"
printf '1:\n r0 c0\n' > "$TMP/bad"
t_run "--show: a one-queen board" 0 "" "$Q" --show "$TMP/bad"
printf '1:\n r0 c5\n' > "$TMP/bad"
t_run "--show: a cell off the board" 2 \
    "gen-queens: $TMP/bad:2: row 0, column 5 is off the 1 x 1 board (a solution has one queen in every row)" \
    "$Q" --show "$TMP/bad"
printf '1:\n r0 c0 x1\n' > "$TMP/bad"
t_run "--show: another item" 2 \
    "gen-queens: $TMP/bad:2: 'r0 c0 x1' is not an option of gen-queens (expected 'rI cJ aT bU (k of n)')" \
    "$Q" --show "$TMP/bad"
printf '1:\n r0 c0 r0\n' > "$TMP/bad"
t_run "--show: a row twice in an option" 2 \
    "gen-queens: $TMP/bad:2: 'r0 c0 r0' is not an option of gen-queens (expected 'rI cJ aT bU (k of n)')" \
    "$Q" --show "$TMP/bad"
t_run "--show: two listings" 2 \
    "gen-queens: --show takes one LISTING, not 'b': the board comes from the listing" "$Q" --show a b
t_run "--show refuses --force" 2 "gen-queens: --force goes with writing a problem, not with --show" \
    "$Q" --show --force
