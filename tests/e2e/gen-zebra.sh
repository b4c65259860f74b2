# dlx-gen/gen-zebra: the zebra puzzle and the clue language (formats/zebra.md).
. "$(dirname "$0")/../lib.sh"
Z=$GEN/gen-zebra
EX=$ROOT/dlx-gen/examples
EXP=$ROOT/tests/expected

items() { grep -v '^|' | head -1 | wc -w | tr -d ' '; }
options() { grep -v '^|' | tail -n +2 | wc -l | tr -d ' '; }

"$Z" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help exits 0" 0 $?
t_match "--help shows the usage" "^Usage: gen-zebra \[-f FILE\] \[--knuth\]" "$(head -1 "$TMP/out")"
t_eq "--help writes nothing on stderr" "" "$(cat "$TMP/err")"

# The classic puzzle: 16 clues, 25 slots, 80 options, one solution.
"$Z" > "$TMP/z.dlx"
t_file_eq "classic puzzle, byte for byte" "$EXP/gen-zebra.dlx" "$TMP/z.dlx"
t_eq "first line is the command" "| gen-zebra" "$(head -1 "$TMP/z.dlx")"
t_eq "16 clues | 25 slots" 42 "$(items < "$TMP/z.dlx")"   # 16 + the bar + 25
t_eq "80 options" 80 "$(options < "$TMP/z.dlx")"
t_eq "full value names as colors" "#1 N0:England C0:red" "$(grep -v '^|' "$TMP/z.dlx" | sed -n 2p)"
t_eq "exactly one solution" 1 "$("$DLX2" -c < "$TMP/z.dlx")"
"$DLX2" m1 < "$TMP/z.dlx" 2>/dev/null > "$TMP/zebra.m1"
"$Z" --show < "$TMP/zebra.m1" > "$TMP/show"
t_file_eq "--show prints the houses" "$EXP/gen-zebra.show" "$TMP/show"
t_eq "the Japanese owns the zebra" "Japan zebra" \
    "$(awk '$1=="N"{for(i=2;i<=NF;i++)n[i]=$i} $1=="P"{for(i=2;i<=NF;i++)if($i=="zebra")print n[i], $i}' "$TMP/show")"
t_eq "the Norwegian drinks water" "Norway water" \
    "$(awk '$1=="N"{for(i=2;i<=NF;i++)n[i]=$i} $1=="D"{for(i=2;i<=NF;i++)if($i=="water")print n[i], $i}' "$TMP/show")"

# --knuth: exactly the reference instance after the command line.
"$Z" --knuth > "$TMP/zk.dlx"
tail -n +2 "$REF/instances/zebra-16-clues.dlx" > "$TMP/ref"
tail -n +2 "$TMP/zk.dlx" > "$TMP/mine"
t_file_eq "--knuth is zebra-16-clues.dlx" "$TMP/ref" "$TMP/mine"
t_eq "--knuth: one solution" 1 "$("$DLX2" -c < "$TMP/zk.dlx")"
"$DLX2" m1 < "$TMP/zk.dlx" 2>/dev/null | "$Z" --knuth --show > "$TMP/showk"
t_file_eq "--knuth --show decodes the one-character colors" "$EXP/gen-zebra.show" "$TMP/showk"
t_run "--show of one-character colors needs --knuth" 2 \
    "gen-zebra: <stdin>:2: '3' is no value of category N (one-character colors need --knuth)" \
    sh -c '"$1" m1 < "$2" 2>/dev/null | "$3" --show' sh "$DLX2" "$TMP/zk.dlx" "$Z"
t_run "--show of nothing: status 1, and why" 1 \
    "gen-zebra: <stdin>: the listing holds no solutions: the problem has none, or dlx2 ran without m1 (it lists them only with m1; --format=json's summary says when there are none)" \
    sh -c 'printf "" | "$0" --show' "$Z"
t_eq "--show of nothing" "no solutions" "$(cat "$TMP/out")"
t_eq "--show answers in words" "$(printf 'The Japanese owns the zebra.\nThe Norwegian drinks water.')" \
    "$(tail -2 "$TMP/show")"

# --show of garbage: "gen-zebra: <stdin>:LINE: message", status 2.
garbage() { # NAME LISTING MESSAGE
    printf "$2" > "$TMP/bad.m1"
    t_run "$1" 2 "gen-zebra: <stdin>:$3" sh -c '"$0" --show < "$1"' "$Z" "$TMP/bad.m1"
}
garbage "--show: text before a solution" 'Altogether 1 solution\n' \
    "1: expected 'K:', the start of solution K, not 'Altogether 1 solution'"
garbage "--show: an unknown item" '1:\n #1 Q0:red\n' "2: 'Q0' is no slot of this puzzle"
garbage "--show: a house too far" '1:\n #1 N5:England\n' "2: 'N5' is no slot of this puzzle, which has 5 houses"
garbage "--show: an unknown value" '1:\n #1 N0:Wales\n' "2: 'Wales' is no value of category N"
garbage "--show: a word that is no item" '1:\n #1 hello N0:England\n' "2: 'hello' is no item of this puzzle"
garbage "--show: a slot with two values" '1:\n #1 N0:England\n #2 N0:Spain\n' \
    "3: slot N0 holds both England (line 2) and Spain"
garbage "--show: an incomplete solution" '1:\n #1 N0:England C0:red (1 of 5)\n' \
    "1: solution 1 leaves slot N1 empty"
sed 's/N4:Japan/N4:Spain/' "$TMP/zebra.m1" > "$TMP/twice.m1"
t_run "--show: a value in two houses" 2 "gen-zebra: <stdin>:$(grep -n 'N4:Spain' "$TMP/twice.m1" | cut -d: -f1): solution 1 puts Spain in slots N3 and N4" \
    sh -c '"$0" --show < "$1"' "$Z" "$TMP/twice.m1"

# --example writes the classic puzzle in the clue language; read back, it
# gives the same problem.
"$Z" --example > "$TMP/classic.txt"
t_match "--example is clue language" "^England same red" "$(cat "$TMP/classic.txt")"
(cd "$TMP" && "$Z" -f classic.txt) | tail -n +2 > "$TMP/fromfile"
tail -n +2 "$TMP/z.dlx" > "$TMP/builtin"
t_file_eq "-f of the --example text is the classic puzzle" "$TMP/builtin" "$TMP/fromfile"

# A puzzle of one's own: four houses, one solution; the fish is named by
# no clue, so an "exists fish" clue is added.
(cd "$ROOT" && "$Z" -f dlx-gen/examples/zebra-4.txt) > "$TMP/z4.dlx"
t_eq "-f: the command names the file" "| gen-zebra -f dlx-gen/examples/zebra-4.txt" "$(head -1 "$TMP/z4.dlx")"
t_match "-f: implicit exists clue" "^\| #9: exists fish  \(added" "$(cat "$TMP/z4.dlx")"
t_eq "-f: 9 clues | 12 slots" 22 "$(items < "$TMP/z4.dlx")"
t_eq "-f: one solution" 1 "$("$DLX2" -c < "$TMP/z4.dlx")"
"$DLX2" m1 < "$TMP/z4.dlx" 2>/dev/null | "$Z" -f "$EX/zebra-4.txt" --show > "$TMP/show4"
t_file_eq "-f: --show" "$EXP/gen-zebra-4.show" "$TMP/show4"
t_eq "-f --knuth: one solution" 1 "$("$Z" -f "$EX/zebra-4.txt" --knuth | "$DLX2" -c)"

# No clues at all: every value gets an exists clue; 3! * 3! assignments.
printf 'A: a1 a2 a3\nB: b1 b2 b3\n' > "$TMP/free.txt"
t_eq "no clues: 36 solutions" 36 "$("$Z" -f "$TMP/free.txt" | "$DLX2" -c)"
t_eq "no clues: 36 solutions (--knuth)" 36 "$("$Z" -f "$TMP/free.txt" --knuth | "$DLX2" -c)"
# Each clue kind alone, on three houses: a1 in 1 (2*6), a1 same b1 (3*2*2),
# a1 next-to b1 (4*2*2), a1 left-of b1 (2*2*2), a1 left-of a2 (2*6).
for c in "a1 in 1:12" "a1 same b1:12" "a1 next-to b1:16" "a1 left-of b1:8" "a1 left-of a2:12" "exists a1:36"; do
    printf 'A: a1 a2 a3\nB: b1 b2 b3\n%s\n' "${c%:*}" > "$TMP/one.txt"
    t_eq "clue '${c%:*}' alone" "${c#*:}" "$("$Z" -f "$TMP/one.txt" | "$DLX2" -c)"
done
printf 'A: x # trailing comment\n# a comment line\n\n   B: y   \n' > "$TMP/one-house.txt"
t_eq "comments, blanks, one house" "$(printf '| gen-zebra -f one-house.txt --knuth\n#1 #2 | A0 B0\n#1 A0:0\n#2 B0:1')" \
    "$(cd "$TMP" && "$Z" -f one-house.txt --knuth 2>&1)"

# --knuth with more than 62 values: colors count within each category.
: > "$TMP/wide.txt"
for t in A B C D E F G H I J K L M N O P Q R S T U V W X Y Z a b c d e f g h i j k l m n o p q r s t u v w x y z \
         AA AB AC AD AE AF AG AH AI AJ AK; do
    echo "$t: v$t" >> "$TMP/wide.txt"
done
"$Z" -f "$TMP/wide.txt" --knuth > "$TMP/wide.dlx"
t_eq "63 values: one-character colors per category" "#63 AK0:0" "$(tail -1 "$TMP/wide.dlx")"
t_eq "63 values: one solution" 1 "$("$DLX2" -c < "$TMP/wide.dlx")"

# Bad arguments.
t_run "unknown option" 2 "gen-zebra: unknown option '--zebra' (try --help)" "$Z" --zebra
t_run "-f without a file" 2 "gen-zebra: -f needs a value (try --help)" "$Z" -f
t_run "a stray argument" 2 "gen-zebra: unexpected argument 'p.txt' (a puzzle file goes after -f)" "$Z" p.txt
t_run "missing file" 2 "gen-zebra: cannot open $TMP/nope.txt: No such file or directory" "$Z" -f "$TMP/nope.txt"

# Bad puzzle files: FILE:LINE:COL: message, status 2.
bad() { # NAME TEXT MESSAGE
    printf "$2" > "$TMP/bad.txt"
    t_run "$1" 2 "gen-zebra: $TMP/bad.txt:$3" "$Z" -f "$TMP/bad.txt"
}
bad "too few values" 'N: a b c\nC: x y\n' '2:1: category C has 2 values, but there are 3 houses (category N has 3 values)'
bad "value declared twice" 'N: a b\nC: x a\n' '2:6: value '\''a'\'' is already declared (category N, line 1)'
bad "value twice in a category" 'N: a a\n' '1:6: value '\''a'\'' appears twice in category N'
bad "tag with a digit" 'N1: a b\n' '1:2: a category tag is made of letters only, not '\''N1'\'''
bad "tag declared twice" 'N: a b\nN: c d\n' '2:1: category N is already declared on line 1'
bad "category without values" 'N:\n' '1:3: category N has no values'
bad "missing tag" ': a b\n' '1:1: missing category tag before '\'':'\'''
bad "keyword as a value" 'N: a in\n' '1:6: '\''in'\'' is a keyword and cannot name a value'
bad "bar in a value" 'N: a|b c\n' '1:5: a value name cannot hold '\'':'\'' or '\''|'\'' ('\''a|b'\'')'
bad "unknown relation" 'N: a b\nC: x y\na near x\n' '3:3: expected same, next-to, left-of or in, not '\''near'\'''
bad "unknown value" 'N: a b\nC: x y\nexists q\n' '3:8: unknown value '\''q'\'''
bad "value before categories" 'a same b\n' '1:1: unknown value '\''a'\'' (declare the categories first, e.g. '\''N: England Spain ...'\'')'
bad "house out of range" 'N: a b\nC: x y\na in 3\n' '3:6: house number must be between 1 and 2, not '\''3'\'''
bad "house not a number" 'N: a b\nC: x y\na in first\n' '3:6: house number must be between 1 and 2, not '\''first'\'''
bad "missing house" 'N: a b\nC: x y\na in\n' '3:5: expected a house number after '\''in'\'''
bad "missing relation" 'N: a b\nC: x y\na\n' '3:2: expected same, next-to, left-of or in after '\''a'\'''
bad "missing second value" 'N: a b\nC: x y\na same   \n' '3:7: expected a value after '\''same'\'''
bad "extra word" 'N: a b\nC: x y\na same x y\n' '3:10: unexpected '\''y'\'' after the clue'
bad "same category in same" 'N: a b\nC: x y\na same b\n' '3:8: '\''a'\'' and '\''b'\'' are both in category N, so they cannot share a house'
bad "a value next to itself" 'N: a b\nC: x y\na next-to a\n' '3:11: a clue needs two different values, not '\''a'\'' twice'
bad "empty file" '' '1:1: no categories declared (a category line is '\''TAG: value value ...'\'')'
printf 'N: %s\n' "$(seq -s ' ' 1 63 | sed 's/[0-9][0-9]*/v&/g')" > "$TMP/wide2.txt"
t_run "--knuth with 63 houses" 2 "gen-zebra: --knuth: 63 houses need more one-character colors than there are (62)" \
    "$Z" -f "$TMP/wide2.txt" --knuth
printf 'Nationality: a b\n' > "$TMP/long.txt"
t_run "--knuth with a long tag" 2 "gen-zebra: --knuth: item name 'Nationality1' is longer than 8 characters" \
    "$Z" -f "$TMP/long.txt" --knuth
t_eq "a long tag is fine without --knuth" "#1 Nationality0:a" "$("$Z" -f "$TMP/long.txt" | grep -v '^|' | sed -n 2p)"

# --show lines values up by their width on a terminal, not their bytes.
printf 'N: Ägypten Peru\nC: rot blau\nÄgypten same rot\nÄgypten in 1\n' > "$TMP/eg.txt"
t_eq "--show lines up Ägypten" "$(printf 'solution 1\n   1        2\nN  Ägypten  Peru\nC  rot      blau')" \
    "$("$Z" -f "$TMP/eg.txt" | "$DLX2" m1 2>/dev/null | "$Z" -f "$TMP/eg.txt" --show | head -4)"

# Clues that cannot hold: a warning naming the clue, and the problem all
# the same (it has no solution).
printf 'N: a b\nC: x y\na in 1\nb in 1\nx in 2\na same x\n' > "$TMP/imp.txt"
t_run "impossible clues: warnings, status 0" 0 \
    "$(printf '%s\n' "gen-zebra: warning: $TMP/imp.txt:4: clue 'b in 1' puts a second value of its category in that house: the problem has no solution" \
        "gen-zebra: warning: $TMP/imp.txt:6: clue 'a same x' asks one house of values that \"in\" clues put in two: the problem has no solution")" \
    "$Z" -f "$TMP/imp.txt"
t_eq "impossible clues: the problem, without solution" 0 "$("$DLX2" -c < "$TMP/out")"
printf 'N: a\nC: x\na next-to x\n' > "$TMP/one.txt"
t_run "next-to in one house: a warning" 0 \
    "gen-zebra: warning: $TMP/one.txt:3: clue 'a next-to x' needs two houses, and there is one: the problem has no solution" \
    "$Z" -f "$TMP/one.txt"
t_run "the classic puzzle: no warning" 0 "" "$Z"

# Bytes that are not text stop the reading, and are shown as \xHH.
printf 'N: a\377b c\001d\n' > "$TMP/binary.txt"
t_run "a byte that is no UTF-8, escaped in the message" 2 \
    "gen-zebra: $TMP/binary.txt:1:5: a control character or a byte that is not UTF-8 text" "$Z" -f "$TMP/binary.txt"
head -c 4000 "$DLX2" > "$TMP/program"
"$Z" -f "$TMP/program" > /dev/null 2> "$TMP/err"
t_eq "a program as puzzle: status 2, one line of printable text" "2:1:0" \
    "$?:$(wc -l < "$TMP/err" | tr -d ' '):$(LC_ALL=C tr -d '[:print:]\n' < "$TMP/err" | wc -c | tr -d ' ')"

# --show works out the houses of a generated puzzle from the listing.
"$Z" --generate --houses 6 --seed 3 -o "$TMP/h6.dlx" --answer "$TMP/h6.txt" > /dev/null
t_file_eq "--show without --houses: the 6 houses of the answer" <(tail -n +2 "$TMP/h6.txt") \
    <("$DLX2" m1 < "$TMP/h6.dlx" 2>/dev/null | "$Z" --show | tail -n +2)
t_run "runaway output refused" 2 \
    "gen-zebra: the problem would take about 1.2 GB (more than 1 GB); --force writes it all the same" \
    sh -c '{ printf "N: %s\n" "$(seq -s " " 1 500 | sed "s/[0-9][0-9]*/v&/g")"; yes "v1 next-to v2" | head -40000; } |
           "$1" -f -' sh "$Z"
