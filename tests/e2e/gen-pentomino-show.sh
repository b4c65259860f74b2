# dlx-gen/gen-pentomino --show and --svg: drawing the tilings of a solver's
# listing (formats/pentomino.md). Every picture is compared with a stored
# one in tests/expected/; every SVG must be well-formed XML (xmllint).
. "$(dirname "$0")/../lib.sh"
P=$GEN/gen-pentomino
EXP=$ROOT/tests/expected

if t_have xmllint; then
    well_formed() { xmllint --noout "$2" 2> "$TMP/xml-err" && t_ok "$1" || t_fail "$1" "$(cat "$TMP/xml-err")"; }
else
    well_formed() { t_skip "$1" "xmllint (Debian: libxml2-utils)"; }
fi

# picture NAME EXPECTED LISTING [ARGS...]: --show and --svg of a listing,
# each compared with $EXP/EXPECTED.show and .svg; the SVG is checked too.
picture() {
    name=$1 exp=$2 listing=$3
    shift 3
    "$P" --show "$@" < "$listing" > "$TMP/pic.show"
    t_file_eq "$name: text" "$EXP/$exp.show" "$TMP/pic.show"
    "$P" --svg "$@" < "$listing" > "$TMP/pic.svg"
    t_file_eq "$name: SVG" "$EXP/$exp.svg" "$TMP/pic.svg"
    well_formed "$name: SVG is well-formed" "$TMP/pic.svg"
}

# The pipe of the usage text: one tiling of the 6 x 10 box.
"$P" 6 10 | "$DLX2" m1 t1 2> /dev/null > "$TMP/610.m1"
picture "6 x 10, first tiling" gen-pentomino-6x10-t1 "$TMP/610.m1"
t_eq "the pipe gen-pentomino | dlx2 m1 t1 | gen-pentomino --show" "$(cat "$EXP/gen-pentomino-6x10-t1.show")" \
    "$("$P" 6 10 | "$DLX2" m1 t1 2> /dev/null | "$P" --show)"
t_eq "every piece once, every cell once" "FFFFFIIIIILLLLLNNNNNPPPPPTTTTTUUUUUVVVVVWWWWWXXXXXYYYYYZZZZZ" \
    "$(tail -n +2 "$EXP/gen-pentomino-6x10-t1.show" | fold -w1 | sort | tr -d '\n')"

# All 8 tilings of 3 x 20, several pictures in one SVG; Knuth's DLX2 listing
# of the same problem gives the same pictures.
"$P" 3 20 | "$DLX2" m1 2> /dev/null > "$TMP/320.m1"
picture "3 x 20, all tilings" gen-pentomino-3x20 "$TMP/320.m1"
t_eq "3 x 20: 8 pictures" 8 "$(grep -c '^solution' "$EXP/gen-pentomino-3x20.show")"
t_eq "3 x 20: 8 pictures in one SVG" "1 8" \
    "$(grep -c '<svg' "$EXP/gen-pentomino-3x20.svg") $(grep -c '>solution [0-9]*</text>' "$EXP/gen-pentomino-3x20.svg")"
"$P" --show < "$REF/expected/pentomino-3x20.m1.stdout" > "$TMP/knuth.show"
t_file_eq "Knuth's DLX2 listing of pentomino-3x20" "$EXP/gen-pentomino-3x20.show" "$TMP/knuth.show"

# Holes are '.'; a hole in the middle gets a border of its own in the SVG.
"$P" 8 8 --hole 33,34,43,44 | "$DLX2" m1 t1 2> /dev/null > "$TMP/88.m1"
picture "8 x 8 less the centre" gen-pentomino-8x8-hole "$TMP/88.m1"
t_eq "8 x 8: the hole" "...." "$(sed -n '5p;6p' "$EXP/gen-pentomino-8x8-hole.show" | cut -c4-5 | tr -d '\n')"

# --unique adds items #s1 to some options; they are skipped.
# (solution 34 is the first with one)
"$P" 5 12 --unique | "$DLX2" m34 t34 2> /dev/null > "$TMP/512.m1"
t_match "the listing has #s1" "#s1" "$(cat "$TMP/512.m1")"
t_eq "5 x 12 --unique: a 5 x 12 picture" "solution 34 5 12" \
    "$("$P" --show < "$TMP/512.m1" | awk 'NR==1{t=$0} NR>1{n++; w=length($0)} END{print t, n, w}')"

# Holes filling the last row: only ROWS COLS can say the box is 7 x 10.
holes=60,61,62,63,64,65,66,67,68,69
"$P" 7 10 --hole $holes | "$DLX2" m1 t1 2> /dev/null > "$TMP/710.m1"
t_eq "box worked out from the cell names: 6 rows" 6 "$("$P" --show < "$TMP/710.m1" | tail -n +2 | wc -l)"
t_eq "... and with ROWS COLS, 7" ".........." "$("$P" --show 7 10 --hole $holes < "$TMP/710.m1" | sed -n 8p)"
t_eq "the generator's own arguments work for --show" "$("$P" --show 7 10 < "$TMP/710.m1")" \
    "$("$P" 7 10 --hole $holes --show < "$TMP/710.m1")"

# Names longer than a letter: padded columns; --knuth labels turned back
# into names when --pieces tells them.
printf 'domino:\n**\n\nsquare:\n*\n' > "$TMP/two.txt"
"$P" 1 3 --pieces "$TMP/two.txt" | "$DLX2" m1 2> /dev/null > "$TMP/13.m1"
picture "long names" gen-pentomino-1x3-names "$TMP/13.m1"
printf 'a-long-piece-name:\n**\n\nsquare:\n*\n' > "$TMP/long.txt"
"$P" 1 3 --pieces "$TMP/long.txt" --knuth | "$DLX2" m1 t1 2> /dev/null > "$TMP/k.m1"
t_eq "--knuth: the label as listed" "#1     #1     square" "$("$P" --show < "$TMP/k.m1" | sed -n 2p)"
t_eq "--knuth --pieces: the name" "a-long-piece-name a-long-piece-name square" \
    "$("$P" --show --pieces "$TMP/long.txt" --knuth < "$TMP/k.m1" | sed -n 2p)"

# A name with XML's special characters is escaped in the SVG.
printf '1:\n <&> 00 01\n' > "$TMP/amp.m1"
"$P" --svg < "$TMP/amp.m1" > "$TMP/amp.svg"
well_formed "a piece named '<&>': SVG is well-formed" "$TMP/amp.svg"
t_match "... and names it" '>&lt;&amp;&gt;<' "$(cat "$TMP/amp.svg")"

# No solutions: a note, and still a picture; status 1 unless the listing's
# summary says that the search found none.
t_run "gen-pentomino 6 10 | dlx2 t1 | gen-pentomino --show: the hint of m1, status 1" 1 \
    "gen-pentomino: <stdin>: the listing holds no solutions: the problem has none, or dlx2 ran without m1 (it lists them only with m1; --format=json's summary says when there are none)" \
    sh -c '"$0" 6 10 | "$1" t1 2> /dev/null | "$0" --show' "$P" "$DLX2"
t_eq "empty listing" "no solutions" "$(cat "$TMP/out")"
t_run "a listing of no tiling with its summary: status 0" 0 \
    "gen-pentomino: <stdin>: no solutions: the listing's summary says the search found none" \
    sh -c '"$0" 4 4 2> /dev/null | "$1" --format=json 2> /dev/null | "$0" --show' "$P" "$DLX2"
t_eq "a listing of no tiling: no solutions" "no solutions" "$(cat "$TMP/out")"
t_run "dlx2 -c --format=json: the count, no tiling listed" 1 \
    "gen-pentomino: <stdin>: the listing holds none of the 8 solutions its summary counts (dlx2 -c lists none; --format=json or m1 lists them all)" \
    sh -c '"$0" 3 20 | "$1" -c --format=json 2> /dev/null | "$0" --show' "$P" "$DLX2"
printf '' | "$P" --svg > "$TMP/none.svg" 2> /dev/null
well_formed "empty listing: SVG is well-formed" "$TMP/none.svg"
t_match "empty listing: SVG says so" "no solutions" "$(cat "$TMP/none.svg")"

# Garbage: "gen-pentomino: <stdin>:LINE: message", status 2.
garbage() { # NAME LISTING MESSAGE [ARGS...]
    name=$1 text=$2 msg=$3
    shift 3
    printf "$text" > "$TMP/bad.m1"
    t_run "$name" 2 "gen-pentomino: <stdin>:$msg" \
        sh -c 'f=$1; shift; "$0" --show "$@" < "$f"' "$P" "$TMP/bad.m1" "$@"
}
garbage "text before the first solution" 'Altogether 8 solutions.\n' \
    "1: expected 'K:', the start of solution K, not 'Altogether 8 solutions.'"
garbage "a solution without options" '1:\n2:\n X 00\n' "1: solution 1 is empty"
garbage "an option without a piece" '1:\n 00 01 (1 of 2)\n' \
    "2: no piece in this option (if a piece is named like a cell, give ROWS COLS)"
garbage "two pieces in an option" '1:\n X Y 00\n' "2: two pieces in one option: 'X' and 'Y'"
garbage "a piece without cells" '1:\n X (1 of 2)\n' "2: piece 'X' covers no cell"
garbage "a piece twice" '1:\n X 00\n X 01\n' "3: piece 'X' appears twice in solution 1 (a listing of a problem with --copies N is drawn with --show --copies N)"
garbage "a cell twice" '1:\n X 00 01\n Y 01\n' "3: cell 01 is covered twice in solution 1 (by 'X' and 'Y')"
garbage "colors" '1:\n #1 N0:a\n' "2: 'N0:a' has a color, so this is no listing of a tiling"
garbage "a cell outside ROWS COLS" '1:\n X 00 25\n' "2: '25' is no cell of the 2 x 2 box" 2 2
garbage "a cell in a hole" '1:\n X 00 01\n' "2: cell 01 is a hole (--hole), yet piece 'X' covers it" 2 2 --hole 01
garbage "a box too big to draw" '1:\n X 20000.20000\n' \
    "1: solution 1 would need a 20001 x 20001 box, too big to draw"
t_run "--show --hole without ROWS COLS" 2 "gen-pentomino: --show: --hole needs ROWS COLS" \
    sh -c '"$0" --show --hole 00 < /dev/null' "$P"
t_run "--show and --list-pieces" 2 "gen-pentomino: --list-pieces and --show do not go together" \
    "$P" --show --list-pieces
t_run "--show with ROWS only" 2 "gen-pentomino: missing COLS (try --help)" "$P" --show 6

# Bytes that are not text, in a piece name of the listing: shown as \xHH.
t_eq "a control character in a name, escaped" "$(printf 'solution 1\nX\\x01 X\\x01')" \
    "$(printf '1:\n X\001 00 01\n' | "$P" --show)"

# --copies: DLX3's listing (dlx2 writes his bytes), its "null NAME (k of
# n)" lines passed over, and dlx2's JSON Lines give the same pictures.
"$P" 4 5 --pieces tetrominoes --copies 0:2 > "$TMP/c.dlx"
"$DLX2" m1 t2 < "$TMP/c.dlx" 2> /dev/null > "$TMP/c.m1"
t_eq "the listing has DLX3's null lines" 6 "$(grep -c '^ null [OTS] (1 of 1)$' "$TMP/c.m1")"
t_eq "--copies 2: DLX3's listing drawn, the copies numbered, a piece laid once not" \
    "solution 1
I1 I2 O  O  L1
I1 I2 O  O  L1
I1 I2 L2 L1 L1
I1 I2 L2 L2 L2

solution 2
I1 I2 L1 O  O
I1 I2 L1 O  O
I1 I2 L1 L1 L2
I1 I2 L2 L2 L2" "$("$P" --show --copies 2 < "$TMP/c.m1")"
t_eq "--copies 2: the same from dlx2 --format=json" "$("$P" --show --copies 2 < "$TMP/c.m1")" \
    "$("$DLX2" --format=json t2 < "$TMP/c.dlx" 2> /dev/null | "$P" --show --copies 2)"
# --copies: every copy a tile of its own, numbered in reading order of
# its first cell; in the SVG a shade of the piece's color each, outlined.
printf 'D:\n**\n' > "$TMP/domino.txt"
"$P" 2 4 --pieces "$TMP/domino.txt" --copies 4 | "$DLX2" m1 2> /dev/null > "$TMP/d24.m1"
picture "2 x 4, four dominoes (--copies 4)" gen-pentomino-2x4-copies "$TMP/d24.m1" --copies 4
t_eq "2 x 4 dominoes: the five tilings, each domino numbered" "solution 1
D1 D1 D2 D2
D3 D3 D4 D4

solution 2
D1 D1 D2 D3
D4 D4 D2 D3

solution 3
D1 D2 D2 D3
D1 D4 D4 D3

solution 4
D1 D2 D3 D3
D1 D2 D4 D4

solution 5
D1 D2 D3 D4
D1 D2 D3 D4" "$(cat "$EXP/gen-pentomino-2x4-copies.show")"
# each picture: four fills in four shades, and a border between every two
# dominoes: solution 5's four vertical dominoes give the lines x = 24, 48, 72
t_eq "2 x 4 dominoes SVG: four shades in every picture" "4 4 4 4 4" \
    "$(awk '/>solution /{if (n) printf "%d ", n; n = 0; delete seen}
            /^<path fill="#/{if (!seen[$2]++) n++} END{print n}' "$EXP/gen-pentomino-2x4-copies.svg")"
t_match "2 x 4 dominoes SVG: solution 5 outlines each domino" \
    'M24 0V48M48 0V48M72 0V48' "$(grep 'stroke-width=' "$EXP/gen-pentomino-2x4-copies.svg" | tail -1)"
t_eq "2 x 4 dominoes SVG: every tile named" "D1 D2 D3 D4" \
    "$(sed -n 's/.*text-anchor="middle">\([^<]*\)<.*/\1/p' "$EXP/gen-pentomino-2x4-copies.svg" | tail -4 | tr '\n' ' ' | sed 's/ $//')"
printf 'V3:\n**\n*\n\nI2:\n**\n' > "$TMP/digits.txt"
t_eq "--copies: a name that ends in a digit, '-' before the copy's number" "solution 1
V3   V3   I2-1
I2-2 V3   I2-1
I2-2 I2-3 I2-3" "$("$P" 3 3 --pieces "$TMP/digits.txt" --copies 0:3 | "$DLX2" m1 t1 2> /dev/null |
    "$P" --show --copies 3 --pieces "$TMP/digits.txt")"
"$P" 4 10 --pieces tetrominoes --copies 2 | "$DLX2" m1 t1 2> /dev/null |
    "$P" --svg --copies 2 > "$TMP/t410.svg"
well_formed "4 x 10 tetrominoes --copies 2: SVG is well-formed" "$TMP/t410.svg"
t_eq "4 x 10 tetrominoes --copies 2: ten tiles, ten fills" "10 10" \
    "$(grep -c '^<path fill="#' "$TMP/t410.svg") $(grep '^<path fill="#' "$TMP/t410.svg" | sort -u | wc -l)"
garbage "a piece twice without --copies" '1:\n I 00 01\n I 02 03\n' "3: piece 'I' appears twice in solution 1 (a listing of a problem with --copies N is drawn with --show --copies N)"
garbage "a piece more often than --copies" '1:\n I 00\n I 01\n I 02\n' \
    "4: piece 'I' appears more than 2 times in solution 1 (--copies)" --copies 2
garbage "JSON: a string cut short" '{"solution":1,"options":["I 00 01]}\n' \
    "1:36: JSON: unterminated string"
garbage "JSON: no options" '{"solution":1}\n' "1: solution 1 is empty"
t_eq "JSON: escapes read, the summary passed over" "$(printf 'solution 7\nXY')" \
    "$(printf '{"solution":7,"lines":[2,3],"options":["X \\u0030\\u0030","Y\\t01"],"colors":{}}\n{"summary":{"solutions":1}}\n' | "$P" --show)"

# --sample N: tilings drawn at random by libxcc, the draws of dlx2 --sample
# with the same seed, drawn as --show and --svg draw them.
t_eq "--sample 5 --seed 3: dlx2 --sample's draws, drawn" \
    "$("$P" 3 20 | "$DLX2" --sample 5 --seed 3 2> /dev/null | "$P" --show)" "$("$P" 3 20 --sample 5 --seed 3)"
t_eq "--sample with --copies 2: DLX3's tree, dlx2 --sample's draws" \
    "$("$P" 4 10 --pieces tetrominoes --copies 2 | "$DLX2" --sample 3 --seed 1 2> /dev/null |
        "$P" --show --copies 2)" "$("$P" 4 10 --pieces tetrominoes --copies 2 --sample 3 --seed 1)"
t_eq "--sample 5 --seed 3: 5 pictures" 5 "$("$P" 3 20 --sample 5 --seed 3 | grep -c '^solution')"
if [ "$("$P" 3 20 --sample 5 --seed 3)" != "$("$P" 3 20 --sample 5 --seed 4)" ]; then
    t_ok "--sample: another seed, other draws"
else
    t_fail "--sample: another seed, other draws" "seeds 3 and 4 drew the same 5 tilings"
fi
t_eq "--sample without --seed: seed 0" "$("$P" 3 20 --sample 3 --seed 0)" "$("$P" 3 20 --sample 3)"
"$P" 3 20 --sample 4 --seed 9 --svg > "$TMP/sample.svg"
t_eq "--sample --svg: dlx2 --sample's draws as SVG" \
    "$("$P" 3 20 | "$DLX2" --sample 4 --seed 9 2> /dev/null | "$P" --svg)" "$(cat "$TMP/sample.svg")"
well_formed "--sample --svg: well-formed" "$TMP/sample.svg"
t_run "--sample: no tiling, no picture" 0 \
    "gen-pentomino: warning: the pieces cover 60 cells but the box has 16, so there is no tiling" \
    "$P" 4 4 --sample 2
t_eq "--sample: no tiling says so" "no solutions" "$(cat "$TMP/out")"
t_run "--seed without --sample" 2 "gen-pentomino: --seed goes with --sample" "$P" 3 20 --seed 3
t_run "--sample 0" 2 "gen-pentomino: --sample must be between 1 and 1000000, not 0" "$P" 3 20 --sample 0
t_run "--sample with --show" 2 "gen-pentomino: --sample does not go with --show" "$P" 3 20 --sample 2 --show
t_run "--sample: a bad seed" 2 "gen-pentomino: --seed must be between 0 and 9223372036854775807, not -1" \
    "$P" 3 20 --sample 2 --seed -1
t_run "--sample into /dev/full" 1 "gen-pentomino: cannot write the output: No space left on device" \
    sh -c "'$P' 3 20 --sample 2 > /dev/full"
