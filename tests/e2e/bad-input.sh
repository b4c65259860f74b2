# Malformed input: one message "dlx2: FILE:LINE:COL: what" on stderr, no
# stdout, exit status 2 — never a crash or a silent answer. And the
# verifier's reader of problems (verify/vf_problem.c, written apart from
# the solver's on purpose) refuses each such input too, at the same line,
# and reads every input the solver reads (the end of this file).
. "$(dirname "$0")/../lib.sh"

# readers NAME INPUT(printf format) — the solver and dlx2 --verify (with
# an empty listing, --count 0) both accept INPUT, or both refuse it with
# status 2 at the same line of the problem
n_readers=0
readers() {
    printf "$2" > "$TMP/r.dlx"
    "$DLX2" "$TMP/r.dlx" > /dev/null 2> "$TMP/r.solver"
    solver=$?
    "$DLX2" --verify /dev/null "$TMP/r.dlx" --count 0 > /dev/null 2> "$TMP/r.verifier"
    verifier=$?
    at() { grep -a '^dlx2: ' "$1" | LC_ALL=C sed -n "1s|^dlx2: $TMP/r.dlx:\([0-9]*\):.*|line \1|p; 1s|^dlx2: $TMP/r.dlx: .*|the file|p"; }
    want="refused: $([ $solver = 2 ] && at "$TMP/r.solver")"
    [ $solver = 2 ] || want="accepted"
    got="refused: $([ $verifier = 2 ] && at "$TMP/r.verifier")"
    [ $verifier = 2 ] || got="accepted"
    [ $verifier = 0 ] || [ $verifier = 2 ] || got="status $verifier: $(head -1 "$TMP/r.verifier")"
    t_eq "$1: the verifier's reader as the solver's" "$want" "$got"
    n_readers=$((n_readers + 1))
}

# bad NAME INPUT(printf format) EXPECTED_MESSAGE
bad() {
    printf "$2" > "$TMP/in.dlx"
    "$DLX2" < "$TMP/in.dlx" > "$TMP/out" 2> "$TMP/err"
    status=$?
    t_eq "$1: exit status" 2 "$status"
    t_eq "$1: message" "$3" "$(cat "$TMP/err")"
    t_eq "$1: nothing on stdout" "" "$(cat "$TMP/out")"
    readers "$1" "$2"
}

bad "empty file" '' \
    "dlx2: <stdin>:1:1: no item line (the input has no line that is not blank or a comment)"
bad "only comments" '| one\n\n   | two\n' \
    "dlx2: <stdin>:4:1: no item line (the input has no line that is not blank or a comment)"
bad "| twice in the item line" 'A B | X | Y\n' \
    "dlx2: <stdin>:1:9: '|' appears twice in the item line"
bad "duplicate item name" 'A B C B\n' \
    "dlx2: <stdin>:1:7: duplicate item name 'B'"
bad "duplicate secondary name" 'A | X X\n' \
    "dlx2: <stdin>:1:7: duplicate item name 'X'"
bad "item name with :" 'A B:x\n' \
    "dlx2: <stdin>:1:4: item name 'B:x' contains ':'"
bad "item name with |" 'A|B C\n' \
    "dlx2: <stdin>:1:2: item name 'A|B' contains '|'"
# a solver's output fed back to it as a problem
bad "DLX2's listing" '1:\n a (1 of 2)\n b c (1 of 1)\n' \
    "dlx2: <stdin>:1:1: this is a listing of solutions, not a problem (a problem starts with its line of items)"
bad "DLX5's listing" '1: (total cost $3)\n a (1 of 2) $1 [0]\n' \
    "dlx2: <stdin>:1:1: this is a listing of solutions, not a problem (a problem starts with its line of items)"
bad "a JSON listing" '{"solution":1,"lines":[2,3],"options":["a","b c"],"colors":{}}\n' \
    "dlx2: <stdin>:1:1: this is a listing of solutions, not a problem (a problem starts with its line of items)"
bad "a JSON summary alone" '\n{"summary":{"solutions":0,"complete":true}}\n' \
    "dlx2: <stdin>:2:1: this is a listing of solutions, not a problem (a problem starts with its line of items)"
bad "12: as an item line" '12: a\n' \
    "dlx2: <stdin>:1:1: a lower bound without an upper bound in '12:' (write a:b|name)"
printf 'a b\na\nb\n' | "$DLX2" m1 2> /dev/null > "$TMP/listing"
"$DLX2" -c "$TMP/listing" > "$TMP/out" 2> "$TMP/err"
t_eq "dlx2 m1's own listing as a problem: exit status" 2 "$?"
t_eq "... the message names the file" \
    "dlx2: $TMP/listing:1:1: this is a listing of solutions, not a problem (a problem starts with its line of items)" \
    "$(cat "$TMP/err")"
bad "unknown item" '| c\nA B\nA X7\n' \
    "dlx2: <stdin>:3:3: unknown item 'X7'"
bad "unknown item after comment lines" 'A B\nA\n| note\n  B  Z\n' \
    "dlx2: <stdin>:4:6: unknown item 'Z'"
bad "item twice in an option" 'A B\nA B A\n' \
    "dlx2: <stdin>:2:5: item 'A' appears twice in this option"
bad "secondary item twice, colored and not" 'A | X\nA X X:1\n' \
    "dlx2: <stdin>:2:5: item 'X' appears twice in this option"
bad "color on a primary item" 'A B | X\nA B:1\n' \
    "dlx2: <stdin>:2:3: primary item 'B' cannot have a color"
bad "empty color" 'A | X\nA X:\n' \
    "dlx2: <stdin>:2:3: empty color in 'X:'"
bad "empty color before a space" 'A | X Y\nA X: Y\n' \
    "dlx2: <stdin>:2:3: empty color in 'X:'"
bad "empty item name" 'A | X\nA :1\n' \
    "dlx2: <stdin>:2:3: empty item name"
bad "NUL byte" 'A B\nA \000B\n' \
    "dlx2: <stdin>:2:3: NUL byte in the input"
bad "control bytes are shown escaped" 'A\nA \001Q\n' \
    "dlx2: <stdin>:2:3: unknown item '\\x01Q'"
bad "high bytes are shown escaped" 'A\nA \377\n' \
    "dlx2: <stdin>:2:3: unknown item '\\xff'"
bad "UTF-8 is shown as it is" 'A\nA \303\251\n' \
    "dlx2: <stdin>:2:3: unknown item '$(printf '\303\251')'"

# Costs (DLX5's |n after the items of an option): decimal digits, and no
# sum that DLX5 would let wrap modulo 2^64 (2^64 - 1 is its infinity).
msg="a cost is '|' and decimal digits; a comment takes a line of its own"
bad "cost not a number" 'A B\nA B |x\n' "dlx2: <stdin>:2:5: bad cost '|x': $msg"
bad "negative cost" 'A B\nA B |-2\n' "dlx2: <stdin>:2:5: bad cost '|-2': $msg"
bad "cost with a letter after its digits" 'A B\nA |3 B |2x\n' "dlx2: <stdin>:2:8: bad cost '|2x': $msg"
bad "a bar without a cost" 'A B\nA B |\n' "dlx2: <stdin>:2:5: '|' without a cost: $msg"
bad "a comment after the items of an option" 'A B\nA B | note\n' \
    "dlx2: <stdin>:2:5: '|' without a cost: $msg"
bad "a cost past 2^64 - 2" 'A B\nA B |18446744073709551615\n' \
    "dlx2: <stdin>:2:5: cost '|18446744073709551615' is too large (at most 18446744073709551614)"
bad "a cost of 20 digits" 'A B\nA |99999999999999999999 B\n' \
    "dlx2: <stdin>:2:3: cost '|99999999999999999999' is too large (at most 18446744073709551614)"
bad "an option's costs adding up past 2^64 - 2" 'A B\nA |18446744073709551614 B |1\n' \
    "dlx2: <stdin>:2:27: the costs of this option add up past 18446744073709551614"
bad "all options' costs adding up past 2^64 - 2" \
    'A B C\nA |9223372036854775807\nB |9223372036854775807\nC |5\n' \
    "dlx2: <stdin>:4:3: the costs of all options add up past 18446744073709551614, and a solution's might"
# a cost alone on a line is no error: a line that begins with '|' (after
# blanks) is a comment, in DLX5 as in DLX2, and the problem has no costs
readers "a cost alone on a line" 'A B\n  |5\nA B\n'
readers "the largest costs" 'A B\nA |9223372036854775807\nB |9223372036854775807\n'
printf 'A B\n  |5\nA B\n' > "$TMP/alone.dlx"
t_run "a cost alone on a line is a comment" 0 "(1 options, 2+0 items, 3 entries successfully read)
Altogether 1 solution, 70+50-0 mems, 3 updates, 0 cleansings, 148 bytes, 2 nodes, ccost 10%." "$DLX2" "$TMP/alone.dlx"
t_run "the largest costs are read (2^64 - 2 in all)" 0 "(2 options, 2+0 items, 4 entries successfully read)
Altogether 1 solution, 144+82 mems, 2 updates, 0 cleansings, 224 bytes, 3 nodes.
The optimum cost is \$18446744073709551614" "$DLX2" <(printf 'A B\nA |9223372036854775807\nB |9223372036854775807\n')

# the file name appears in the message when a FILE is given
printf 'A\nB\n' > "$TMP/named.dlx"
t_run "unknown item in a named file" 2 "dlx2: $TMP/named.dlx:2:1: unknown item 'B'" \
    "$DLX2" "$TMP/named.dlx"
t_run "unreadable file" 2 "dlx2: $TMP/none.dlx: cannot open: No such file or directory" \
    "$DLX2" "$TMP/none.dlx"
t_run "a directory is not a problem" 2 "dlx2: $TMP/:1:1: read error: Is a directory" "$DLX2" "$TMP/"

# unknown arguments
usage_hint="Try 'dlx2 --help' for more information."
t_run "unknown flag" 2 "dlx2: unknown argument '--frobnicate'
$usage_hint" "$DLX2" --frobnicate
t_run "unknown letter argument" 2 "dlx2: unknown argument 'q7' (to read a file of that name, write ./q7)
$usage_hint" "$DLX2" q7
t_run "letter without a number" 2 "dlx2: bad argument 'm': a whole number must follow the letter (to read a file of that name, write ./m)
$usage_hint" "$DLX2" m
t_run "number with junk" 2 "dlx2: bad argument 'm1x': a whole number must follow the letter (to read a file of that name, write ./m1x)
$usage_hint" "$DLX2" m1x
t_run "a number past the range of an int" 2 "dlx2: bad argument 's2147483648': the number must lie between -2147483648 and 2147483647
$usage_hint" "$DLX2" s2147483648
t_run "two files" 2 "dlx2: only one FILE may be given, not also './b'
$usage_hint" "$DLX2" ./a ./b
t_run "bad time limit" 2 "dlx2: bad time limit 'soon' (a positive number of seconds)
$usage_hint" "$DLX2" --time-limit soon

# Bounds (DLX3's) and costs (DLX5's): no program of Knuth's takes both,
# and --knuth names one that reads the problem
printf '2|A B\nA |3\nA B\nA\n' > "$TMP/both.dlx"
t_run "bounds and costs in one problem" 2 "dlx2: $TMP/both.dlx: bounds (multiplicities) and costs in one problem: DLX3 takes the one, DLX5 the other, neither both" \
    "$DLX2" "$TMP/both.dlx"
printf 'A B\nA B |3\n' > "$TMP/costs.dlx"
t_run "--knuth=dlx3 on a problem with costs" 2 "dlx2: $TMP/costs.dlx: costs in the options, which DLX3 does not read: leave out --knuth=dlx3" \
    "$DLX2" --knuth=dlx3 "$TMP/costs.dlx"
printf '2|A B\nA\nA B\n' > "$TMP/bounds.dlx"
t_run "--knuth=dlx5 on a problem with bounds" 2 "dlx2: $TMP/bounds.dlx: bounds (multiplicities) in the item line, which DLX5 does not read: leave out --knuth=dlx5" \
    "$DLX2" --knuth=dlx5 "$TMP/bounds.dlx"
t_run "k<n> on a problem with bounds" 2 "dlx2: k<n> is an argument of DLX5 (--knuth=dlx5), and dlx2 plays DLX3; this problem has no costs
Try 'dlx2 --help' for more information." "$DLX2" k3 "$TMP/bounds.dlx"

# ---- the verifier reads what the solver reads -------------------------------
# the bar of the item line: after a name, '|' ends the primary items with
# or without white space after it ("a |x": primary a, secondary x); the
# verifier tokenizes it by the same rule (xcc(5))
readers "bounds and costs in one problem" '2|A B\nA |3\nA B\nA\n'
readers "bounds on an item, a cost in a dropped option" '1|A B | x\nA B\nx |3\n'
readers "a |x: the bar glued to a secondary name" 'a |x\na\n'
readers "a |x, x in an option" 'a |x\na x\n'
readers "a | x, colors" 'a | x\na x:1\n'
readers "a b |x y" 'a b |x y\na x:1\nb x:1 y\n'
readers "bounds, then |x" '2|a |x\na x:1\na x:1\n'
readers "a tab before |x" 'a\t|x\na\n'
readers "a bar and no secondary item" 'a |\na\n'
readers "|x and no option" 'a |x\n'
readers "a |x |y: a second bar" 'a |x |y\na\n'
readers "a ||x" 'a ||x\na\n'
readers "a | |x" 'a | |x\na\n'
readers "a| x: a bar glued to a primary name" 'a| x\na\n'
readers "a |2|x: bounds on a secondary item" 'a |2|x\na\n'
readers "a |x:1 in the item line" 'a |x:1\na\n'
readers "bounds of 10 digits" '1000000000|a\na\n'
readers "bounds past 2^31 - 1" '2147483648|a\na\n'
readers "bounds with leading zeros" '0002|a\na\na\n'
readers "bounds 0:0" '0:0|a\na\n'
readers "bounds :2" ':2|a\na\n'
readers "bounds 3:" '3:|a\na\n'
readers "bounds without a name" '2| b\nb\n'
readers "signed bounds" '+1|a\na\n'
t_eq "the two readers compared on at least 54 inputs" yes "$([ "$n_readers" -ge 54 ] && echo yes)"
t_run "a |x: dlx2 --verify reads the item line as the solver does" 0 "" \
    sh -c 'printf "a |x\na\n" > "$1/i.dlx" && "$0" m1 < "$1/i.dlx" > "$1/l.txt" 2> /dev/null &&
           "$0" --verify "$1/l.txt" "$1/i.dlx" --count 1' "$DLX2" "$TMP"
t_eq "a |x: one solution verified" "1 solution verified" "$(cat "$TMP/out")"
