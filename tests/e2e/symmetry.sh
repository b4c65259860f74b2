# The symmetry module (lib/sym/, formats/symmetry.md) through its driver
# build/symtool: the group's order and the classes of solutions on the
# puzzles whose figures are known, the count with the group's help equal
# to the plain count on every reference instance and on random problems,
# and the canonical solutions of a listing.
. "$(dirname "$0")/../lib.sh"
SYM=$ROOT/${BUILD:-build}/symtool
RAND=$ROOT/${BUILD:-build}/randxcc

# "order classes" of the problem on stdin
order_classes() { "$SYM" -k 2> /dev/null | awk '/^order/ {o = $2} /^classes/ {c = $2} END {print o, c}'; }
field() { awk -v k="$1" '$1 == k {print $2}'; }

t_eq "queens 8: order 8, 12 classes" "8 12" "$("$GEN/gen-queens" 8 | order_classes)"
t_eq "queens 10: order 8, 92 classes" "8 92" "$("$GEN/gen-queens" 10 | order_classes)"
for box in "6 10:2339" "5 12:1010" "4 15:368" "3 20:2"; do
    t_eq "pentomino ${box%:*}: order 4, ${box#*:} classes" "4 ${box#*:}" \
        "$("$GEN/gen-pentomino" ${box%:*} | order_classes)"
done
t_eq "pentomino 8x8 with a 2x2 hole in the middle: order 8, 65 classes" "8 65" \
    "$("$GEN/gen-pentomino" 8 8 --hole 33,34,43,44 | order_classes)"
t_eq "Langford 8, both directions: order 2, 150 classes" "2 150" \
    "$("$GEN/gen-langford" --mirror 8 | order_classes)"
t_eq "Langford 8, mirror images removed: order 1, 150 classes" "1 150" \
    "$("$GEN/gen-langford" 8 | order_classes)"
# the classes agree with the generator's own symmetry breaking
t_eq "pentomino 3x20 --unique: 2 solutions" 2 "$("$GEN/gen-pentomino" 3 20 --unique | "$DLX2" -c)"

# generators, item by item
"$GEN/gen-langford" --mirror 4 | "$SYM" -g > "$TMP/out" 2> /dev/null
t_eq "Langford 4, both directions: the mirror" "generator (s0 s7)(s1 s6)(s2 s5)(s3 s4)" \
    "$(grep '^generator ' "$TMP/out")"
t_eq "the word rectangle with one list: the transpose" \
    "2 (R0 C0)(R1 C1)(R2 C2)(R3 C3)(R4 C4)(01 10)(02 20)(03 30)(04 40)(12 21)(13 31)(14 41)(23 32)(24 42)(34 43)" \
    "$("$SYM" -g < "$REF/instances/wordrect-5x5-sgb600.dlx" 2> /dev/null | awk '/^order/ {o = $2} /^generator / {g = substr($0, 11)} END {print o, g}')"
printf '.%.0s' $(seq 81) | "$GEN/gen-sudoku" > "$TMP/sudoku.dlx"
t_eq "sudoku without clues: 9! 2 6^8 symmetries" 1218998108160 "$("$SYM" < "$TMP/sudoku.dlx" 2> /dev/null | field order)"
"$SYM" -k < "$TMP/sudoku.dlx" > "$TMP/out" 2> /dev/null
t_eq "sudoku without clues: too many to sum over, and said so" \
    "classes refused: the group is too large to sum over (more than 100000 elements): count the classes of a problem with its symmetry partly broken" \
    "$(grep '^classes' "$TMP/out")"
t_eq "knight's covers 6x6: each half of the bipartite board's 8, and the halves swapped" 128 \
    "$("$GEN/gen-knight" 6 | "$SYM" 2> /dev/null | field order)"
"$SYM" -s 0.000001 < "$TMP/sudoku.dlx" > "$TMP/out" 2> /dev/null
t_eq "a budget spent: said so" "complete no" "$(grep '^complete' "$TMP/out")"

# the order from the search's orbits is the number of elements the generators make
for c in "gen-queens 9" "gen-knight 6" "gen-pentomino 8 8 --hole 33,34,43,44" \
         "gen-sudoku --keep 20 --seed 3 $ROOT/dlx-gen/examples/sudoku-solved.txt" "gen-wordsearch 8 8 KNUTH DANCE LINKS COVER"; do
    "$GEN"/$c | "$SYM" -x > "$TMP/out" 2> /dev/null
    t_eq "${c%% $ROOT*}: the order is the generators' closure" "$(field order < "$TMP/out")" \
        "$(field elements < "$TMP/out")"
done

# one canonical solution per class: queens 8's 12, each the least of its class
"$GEN/gen-queens" 8 | "$SYM" -l > "$TMP/out" 2> /dev/null
t_eq "queens 8: 12 canonical solutions listed" 12 "$(grep -c '^solution ' "$TMP/out")"
t_eq "queens 8: as many canonical by the listed group as by closing under the generators" \
    "92 12 12" "$(awk '$1 == "solutions" || $1 == "brute" || $1 == "closure" {printf "%s%s", s, $2; s = " "} END {print ""}' "$TMP/out")"

# the count with the group's help is the plain count, on every reference instance
n=0 bad=""
for f in "$REF"/instances/*.dlx; do
    "$SYM" -u -c < "$f" > "$TMP/out" 2> /dev/null
    counts=$(grep '^count ' "$TMP/out" | sort -u | wc -l)
    [ "$counts" = 1 ] || bad="$bad $(basename "$f")"
    n=$((n + 1))
done
t_eq "helped = plain on every reference instance" "" "$bad"
t_eq "reference instances checked" 1 "$([ "$n" -ge 60 ] && echo 1)"

# and on random problems, with the classes against the solutions listed
n=0 bad=""
for seed in $(seq 1 60); do
    "$RAND" "$seed" > "$TMP/r.dlx"
    "$SYM" -u -c -k -b < "$TMP/r.dlx" > "$TMP/out" 2> /dev/null || { bad="$bad $seed"; continue; }
    a=$(grep '^count ' "$TMP/out" | sort -u | wc -l)
    k=$(field classes < "$TMP/out") b=$(field brute < "$TMP/out") c=$(field closure < "$TMP/out")
    [ "$a" = 1 ] && [ "$k" = "$b" ] && [ "$b" = "$c" ] || bad="$bad $seed"
    n=$((n + 1))
done
t_eq "random problems: helped = plain, classes = canonical solutions listed" "" "$bad"
t_eq "random problems checked" 60 "$n"
