# The fast engine's table of compatible options, whole or factored
# (lib/bits/bits.h; fast/fast.c, FAST_WHOLE_TABLE_BYTES): the factored
# table, which the engine makes only past 8 MB, forced on small problems
# by $BUILD/fasttable (tests/crosscheck/fasttable.c), gives the same tree
# as the whole one: the same listing, nodes and updates, byte for byte,
# and the same counts as DLX2's tree; and dlx2 picks the table by its size.
. "$(dirname "$0")/../lib.sh"
BUILD=${BUILD:-build}
FT=$ROOT/$BUILD/fasttable
RAND=$ROOT/$BUILD/randxcc

# Instances with colors (word searches and rectangles, zebras, crosswords,
# random problems with colors) and without (queens, sudokus, Langford pairs).
mkdir -p "$TMP/in"
for name in knuth-example-colors wordsearch-4x4-es-abel-land zebra-16-clues sudoku-inkala \
    queens-8 langford-7 random-small-003 random-small-015 random-small-039 random-medium-106 \
    pentomino-3x20; do
    cp "$REF/instances/$name.dlx" "$TMP/in/"
done
for name in wordrect-3x4-common wordrect-4x4-common wordrect-5x5-sgb400 zebra \
    crossword-given-4x4 wordsearch-5x5-4dir-radar-level-ere; do
    cp "$ROOT/data/gen/$name.dlx" "$TMP/in/"
done
"$RAND" 3 12 6 120 2 > "$TMP/in/random-colors-a.dlx"
"$RAND" 4 14 6 150 3 > "$TMP/in/random-colors-b.dlx"
"$RAND" 11 10 6 90 4 > "$TMP/in/random-colors-c.dlx"
for seed in 1 2; do
    "$GEN/gen-sudoku" --keep 28 --seed $seed "$ROOT/dlx-gen/examples/sudoku-solved.txt" \
        > "$TMP/in/sudoku-28-seed$seed.dlx"
done

bad_count="" bad_list="" n=0 colored=0 big=0
for f in "$TMP/in"/*.dlx; do
    name=$(basename "$f" .dlx)
    dlx=$("$DLX2" -c --engine=dlx < "$f" 2> /dev/null)
    whole=$("$FT" whole < "$f")
    factored=$("$FT" factored < "$f")
    [ "$whole" = "count $dlx" ] && [ "$factored" = "count $dlx" ] \
        || bad_count="$bad_count $name(dlx $dlx, whole '$whole', factored '$factored')"
    "$FT" whole list < "$f" > "$TMP/whole"
    "$FT" factored list < "$f" > "$TMP/factored"
    { cmp -s "$TMP/whole" "$TMP/factored" && [ "$(tail -1 "$TMP/whole" | cut -d' ' -f2)" = "$dlx" ]; } \
        || bad_list="$bad_list $name"
    n=$((n + 1))
    grep -q ':' "$f" && colored=$((colored + 1))
    [ "$(grep -cv '^|' "$f")" -gt 512 ] && big=$((big + 1))
done
t_eq "whole and factored: DLX2's counts on $n instances" "" "$bad_count"
t_eq "whole and factored: the same listing, nodes and updates on $n instances" "" "$bad_list"
t_eq "... at least 20 instances, 10 with colors, 2 past 512 options ($n, $colored, $big)" yes \
    "$([ "$n" -ge 20 ] && [ "$colored" -ge 10 ] && [ "$big" -ge 2 ] && echo yes)"
# the comparison is not blind: a listing one solution short differs
"$FT" factored list < "$TMP/in/queens-8.dlx" | sed '$d' | sed '$d' > "$TMP/short"
echo "count 91" >> "$TMP/short"
"$FT" whole list < "$TMP/in/queens-8.dlx" > "$TMP/whole"
t_eq "a listing short of one solution is caught" 1 "$(cmp -s "$TMP/whole" "$TMP/short"; echo $?)"
t_eq "its listing: one line per solution, then the figures" \
    "$(printf '1: 1:0:2/2 2:0:1/1\ncount 1 nodes 2 updates 7')" \
    "$("$FT" factored list < "$TMP/in/knuth-example-colors.dlx")"
t_eq "fasttable: a bad mode" "$(printf 'usage: fasttable whole|factored [list] < problem\n2')" \
    "$("$FT" half < /dev/null 2>&1; echo $?)"

# dlx2 picks: whole up to 8 MB (8,192 options: 128 words a row), factored past it.
# N options of item A, one of B: N - 1 solutions.
options() { echo "A B"; echo B; awk -v n="$1" 'BEGIN { for (i = 1; i < n; i++) print "A" }'; }
options 8192 > "$TMP/8192.dlx"
options 8193 > "$TMP/8193.dlx"
t_eq "8,192 options: the whole table (8 MB and more)" \
    "Altogether 8191 solutions, 1 updates, 8688720 bytes, 2 nodes (--engine=fast: no mems counted)." \
    "$("$DLX2" --engine=fast < "$TMP/8192.dlx" 2>&1 | tail -1)"
t_eq "8,193 options: factored" \
    "Altogether 8192 solutions, 1 updates, 431276 bytes, 2 nodes (--engine=fast: no mems counted)." \
    "$("$DLX2" --engine=fast < "$TMP/8193.dlx" 2>&1 | tail -1)"
