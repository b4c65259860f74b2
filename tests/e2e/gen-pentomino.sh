# dlx-gen/gen-pentomino: tiling boxes with polyominoes (formats/pentomino.md).
# The counts that take seconds (6 x 10: 9356, --unique: 2339, ...) are slow
# rows of data/MANIFEST.tsv.
. "$(dirname "$0")/../lib.sh"
P=$GEN/gen-pentomino
EXP=$ROOT/tests/expected

items() { grep -v '^|' | head -1 | wc -w | tr -d ' '; }
options() { grep -v '^|' | tail -n +2 | wc -l | tr -d ' '; }
# an instance without comments, as Knuth's files have it (his item line
# starts with a blank)
body() { grep -v '^|' "$1" | sed 's/^ //'; }

"$P" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help exits 0" 0 $?
t_match "--help shows the usage" "^Usage: gen-pentomino ROWS COLS" "$(head -1 "$TMP/out")"
t_eq "--help writes nothing on stderr" "" "$(cat "$TMP/err")"

# Same items, options and order as Knuth's POLYOMINO-DLX.
for b in 3x20 4x15 5x12 6x10; do
    "$P" ${b%x*} ${b#*x} > "$TMP/p.dlx"
    body "$TMP/p.dlx" > "$TMP/mine"
    body "$REF/instances/pentomino-$b.dlx" > "$TMP/ref"
    t_file_eq "$b is pentomino-$b.dlx" "$TMP/ref" "$TMP/mine"
done
"$P" 6 10 > "$TMP/p610.dlx"
t_eq "first line is the command" "| gen-pentomino 6 10" "$(head -1 "$TMP/p610.dlx")"
t_eq "6 x 10: 72 items" 72 "$(items < "$TMP/p610.dlx")"
t_eq "6 x 10: 2056 options" 2056 "$(options < "$TMP/p610.dlx")"
t_eq "the pieces are named by their letters" "F I L N P T U V W X Y Z" \
    "$(grep -v '^|' "$TMP/p610.dlx" | head -1 | cut -d' ' -f61-)"
t_eq "3 x 20: 8 tilings" 8 "$("$P" 3 20 | "$DLX2" -c)"
t_eq "3 x 20 --unique: 2 tilings" 2 "$("$P" 3 20 --unique | "$DLX2" -c)"

# Holes.
"$P" 8 8 --hole 33,34,43,44 > "$TMP/p88.dlx"
t_eq "8 x 8 less the centre: 72 items" 72 "$(items < "$TMP/p88.dlx")"
t_eq "8 x 8 less the centre: 1568 options" 1568 "$(options < "$TMP/p88.dlx")"
t_eq "holes have no item" "" "$(grep -v '^|' "$TMP/p88.dlx" | grep -E '(^| )(33|34|43|44)( |$)')"
t_eq "--hole may be repeated" "$(tail -n +2 "$TMP/p88.dlx")" \
    "$("$P" 8 8 --hole 33,34 --hole 43,44 | tail -n +2 | sed 's/--hole 33,34 --hole 43,44/--hole 33,34,43,44/')"
t_eq "8 x 8 less the centre --unique: 65 tilings" 65 \
    "$("$P" 8 8 --hole 33,34,43,44 --unique | "$DLX2" -c)"

# --unique keeps one X per symmetry class; on an axis, F breaks the tie.
"$P" 6 10 --unique > "$TMP/u610.dlx"
t_eq "6 x 10 --unique: X in one quadrant (8 options)" 8 "$(grep -c '^X ' "$TMP/u610.dlx")"
t_eq "6 x 10 --unique: no secondary items needed" 72 "$(items < "$TMP/u610.dlx")"
"$P" 5 12 --unique > "$TMP/u512.dlx"
t_eq "5 x 12 --unique: 10 X options" 10 "$(grep -c '^X ' "$TMP/u512.dlx")"
t_eq "5 x 12 --unique: X on the middle row carries #s1" 5 "$(grep -c '^X 1.*#s1$' "$TMP/u512.dlx")"
t_eq "5 x 12 --unique: half of F's options carry #s1" 120 "$(grep -c '^F .*#s1$' "$TMP/u512.dlx")"
t_eq "5 x 12 --unique: the secondary item" "| #s1" "$(grep -v '^|' "$TMP/u512.dlx" | head -1 | grep -o '| #s1$')"

# A shape file; X in the centre of a square is fixed by all 8 symmetries.
printf '# five pentominoes\nX:\n.*.\n***\n.*.\n\nF:\n.**\n**.\n.*.\n\nL:\n*.\n*.\n*.\n**\n\nP:\n**\n**\n*.\n\nU:\n*.*\n***\n' \
    > "$TMP/xflpu.txt"
(cd "$TMP" && "$P" 5 5 --pieces xflpu.txt --unique) > "$TMP/x55.dlx"
t_file_eq "5 x 5 of X F L P U --unique, byte for byte" "$EXP/gen-pentomino-5x5-xflpu-unique.dlx" "$TMP/x55.dlx"
t_eq "5 x 5 of X F L P U: 8 tilings" 8 "$("$P" 5 5 --pieces "$TMP/xflpu.txt" | "$DLX2" -c)"
t_eq "5 x 5 of X F L P U --unique: 1 tiling" 1 "$("$DLX2" -c < "$TMP/x55.dlx")"
t_eq "--list-pieces draws a shape file" "$(grep -v '^#' "$TMP/xflpu.txt")" \
    "$("$P" --list-pieces --pieces "$TMP/xflpu.txt" | grep -v '^#' | sed 1d)"

# The other built-in sets.
t_eq "tetrominoes: I O T L S" "I O T L S" \
    "$("$P" 4 5 --pieces tetrominoes | grep -v '^|' | head -1 | cut -d' ' -f21-)"
t_eq "3 x 7 less one cell, tetrominoes: 8 tilings" 8 "$("$P" 3 7 --pieces tetrominoes --hole 16 | "$DLX2" -c)"
t_eq "... and 4 with --unique" 4 "$("$P" 3 7 --pieces tetrominoes --hole 16 --unique | "$DLX2" -c)"
t_eq "35 hexominoes" 35 "$("$P" --list-pieces --pieces hexominoes | grep -c ':$')"
t_eq "hexominoes: H01 to H35" "H01 H35" "$("$P" --list-pieces --pieces hexominoes | grep ':$' | sed -n '1p;35p' | tr -d ':' | paste -sd' ')"
t_eq "hexominoes: each of 6 cells" 210 "$("$P" --list-pieces --pieces hexominoes | tr -cd '*' | wc -c | tr -d ' ')"
t_eq "hexominoes: 15 x 14 has 245 items" 245 "$("$P" 15 14 --pieces hexominoes | items)"

# Big boxes name cells R.C, and --hole takes those names.
"$P" 1 70 --pieces tetrominoes --hole 0.5,0.69 > "$TMP/wide.dlx" 2>/dev/null
t_eq "1 x 70: R.C names" "0.0 0.1 0.2 0.3 0.4 0.6" "$(grep -v '^|' "$TMP/wide.dlx" | head -1 | cut -d' ' -f1-6)"
t_eq "1 x 70: holes" 68 "$(grep -v '^|' "$TMP/wide.dlx" | head -1 | tr ' ' '\n' | grep -c '^0\.')"

# The area does not match: a warning, and the problem all the same.
t_run "area mismatch warns" 0 "gen-pentomino: warning: the pieces cover 60 cells but the box has 9, so there is no tiling" \
    "$P" 3 3
t_eq "... and writes the problem" "00 01 02 10 11 12 20 21 22 F I L N P T U V W X Y Z" \
    "$("$P" 3 3 2>/dev/null | grep -v '^|' | head -1)"

# --knuth: long piece names become #k.
printf 'domino:\n**\n\nsquare:\n*\n' > "$TMP/long.txt"
"$P" 1 3 --pieces "$TMP/long.txt" --knuth > "$TMP/long.dlx"
t_eq "--knuth: names within 8 characters kept" "00 01 02 domino square" "$(grep -v '^|' "$TMP/long.dlx" | head -1)"
printf 'a-long-piece-name:\n**\n\nsquare:\n*\n' > "$TMP/long.txt"
"$P" 1 3 --pieces "$TMP/long.txt" --knuth > "$TMP/long.dlx"
t_eq "--knuth: a long name becomes #1" "00 01 02 #1 square" "$(grep -v '^|' "$TMP/long.dlx" | head -1)"
t_match "--knuth: says which is which" "^\| #1 is piece a-long-piece-name$" "$(cat "$TMP/long.dlx")"
t_eq "--knuth: same count" "$("$P" 1 3 --pieces "$TMP/long.txt" | "$DLX2" -c)" "$("$DLX2" -c < "$TMP/long.dlx")"
t_eq "--knuth changes nothing for pentominoes" "$(tail -n +2 "$TMP/p610.dlx")" "$("$P" 6 10 --knuth | tail -n +2)"

# Bad arguments.
t_run "no size" 2 "gen-pentomino: missing ROWS and COLS (try --help)" "$P"
t_run "no COLS" 2 "gen-pentomino: missing COLS (try --help)" "$P" 6
t_run "ROWS zero" 2 "gen-pentomino: ROWS must be between 1 and 30000, not 0" "$P" 0 10
t_run "COLS negative" 2 "gen-pentomino: COLS must be between 1 and 30000, not -1" "$P" 6 -1
t_run "COLS not a number" 2 "gen-pentomino: COLS must be a whole number, not 'ten'" "$P" 6 ten
t_run "three sizes" 2 "gen-pentomino: too many arguments: '1' (expected ROWS COLS)" "$P" 6 10 1
t_run "unknown option" 2 "gen-pentomino: unknown option '--holes' (try --help)" "$P" 6 10 --holes 00
t_run "--pieces without argument" 2 "gen-pentomino: --pieces needs a value (try --help)" "$P" 6 10 --pieces
t_run "--hole without argument" 2 "gen-pentomino: --hole needs a value (try --help)" "$P" 6 10 --hole
t_run "missing piece file: the built-in sets named" 2 \
    "gen-pentomino: --pieces $TMP/none.txt: no such file, nor a built-in set (pentominoes, tetrominoes, hexominoes)" \
    "$P" 6 10 --pieces "$TMP/none.txt"
t_run "--pieces heptominoes: no such set, the built-in ones named" 2 \
    "gen-pentomino: --pieces heptominoes: no such file, nor a built-in set (pentominoes, tetrominoes, hexominoes)" \
    "$P" 6 10 --pieces heptominoes
t_run "--list-pieces --pieces heptominoes: the same" 2 \
    "gen-pentomino: --pieces heptominoes: no such file, nor a built-in set (pentominoes, tetrominoes, hexominoes)" \
    "$P" --list-pieces --pieces heptominoes
mkdir "$TMP/dir"
t_run "a piece file that cannot be read: the reason" 2 "gen-pentomino: cannot read $TMP/dir: Is a directory" \
    "$P" 6 10 --pieces "$TMP/dir"
t_run "hole outside the box" 2 "gen-pentomino: --hole: '6a' is not a cell of the 6 x 10 box" "$P" 6 10 --hole 00,6a
t_run "hole not a cell name" 2 "gen-pentomino: --hole: '3.3' is not a cell of the 8 x 8 box" "$P" 8 8 --hole 3.3
t_run "empty hole name" 2 "gen-pentomino: --hole: empty cell name in '33,,44'" "$P" 8 8 --hole 33,,44
t_run "hole given twice" 2 "gen-pentomino: --hole: cell 33 is given twice" "$P" 8 8 --hole 33,34 --hole 33
printf 'X:\n.*.\n***\n.*.\n' > "$TMP/x.txt"
t_run "--unique with nothing to break the tie" 2 \
    "gen-pentomino: --unique: no piece can break the symmetry left when X is on an axis of the box (a piece without symmetry would)" \
    "$P" 3 3 --pieces "$TMP/x.txt" --hole 00,02,20,22 --unique
printf '# two pieces\nA:\n*\n\n  01:\n*\n' > "$TMP/cellname.txt"
t_run "a piece named like a cell: the file, line and column of its name" 2 \
    "gen-pentomino: $TMP/cellname.txt:5:3: piece name '01' is also the name of a cell of the 2 x 2 box" \
    "$P" 2 2 --pieces "$TMP/cellname.txt"
t_run "... from stdin" 2 \
    "gen-pentomino: <stdin>:5:3: piece name '01' is also the name of a cell of the 2 x 2 box" \
    sh -c '"$0" 2 2 --pieces - < "$1"' "$P" "$TMP/cellname.txt"

# Bad shape files: FILE:LINE:COL: message, status 2.
bad() { # NAME TEXT MESSAGE
    printf "$2" > "$TMP/bad.txt"
    t_run "$1" 2 "gen-pentomino: $TMP/bad.txt:$3" "$P" 3 3 --pieces "$TMP/bad.txt"
}
bad "stray character" 'A:\n**\n*x\n' "3:2: unexpected 'x' in a picture row (use '*' for a cell, '.' for a gap)"
bad "picture on the header line" 'A: **\n' "1:2: a piece header 'NAME:' must be alone on its line, the picture below it"
bad "picture without a name" '**\n' "1:1: picture row outside a piece (missing 'NAME:' line?)"
bad "picture after a blank line" 'A:\n**\n\n**\n' "4:1: picture row outside a piece (missing 'NAME:' line?)"
bad "piece without cells" 'A:\n...\nB:\n*\n' "1:1: piece 'A' has no cells (draw them with '*')"
bad "piece defined twice" 'A:\n*\nA:\n**\n' "3:1: piece 'A' is defined twice"
bad "missing name" '  :\n*\n' "1:3: missing piece name before ':'"
bad "name with a blank" 'A B:\n*\n' "1:2: a piece name cannot hold white space, ':' or '|'"
bad "no pieces" '# nothing\n' "1:1: no pieces defined (a piece is a 'NAME:' line and a picture)"

# Runaway output: refused unless --force, before any memory is taken.
t_run "runaway output refused, with the warning" 2 \
    "$(printf '%s\n' "gen-pentomino: warning: the pieces cover 60 cells but the box has 1000000, so there is no tiling" \
        "gen-pentomino: the problem would take about 2.7 GB (more than 1 GB); --force writes it all the same")" \
    "$P" 1000 1000

# --copies: bounds on the piece items (xcc(5)), the options unchanged.
# The counts are DLX3's (Knuth's DLX3 counts 1796 and 270 on these
# problems too; dlx2 reads the bounds by itself).
"$P" 4 10 --pieces tetrominoes --copies 2 > "$TMP/c2.dlx"
t_eq "--copies 2: the piece items carry 2|" "2|I 2|O 2|T 2|L 2|S" \
    "$(grep -v '^|' "$TMP/c2.dlx" | head -1 | cut -d' ' -f41-)"
t_eq "--copies 2: the options of one copy" "$("$P" 4 10 --pieces tetrominoes 2> /dev/null | grep -v '^|' | sed 1d)" \
    "$(grep -v '^|' "$TMP/c2.dlx" | sed 1d)"
t_eq "--copies 2: the comment" "| each piece used 2 times" "$(sed -n 3p "$TMP/c2.dlx")"
t_eq "4 x 10, tetrominoes --copies 2: 1796 tilings" 1796 "$("$DLX2" -c < "$TMP/c2.dlx")"
t_eq "4 x 5, tetrominoes --copies 0:2: 270 tilings" 270 \
    "$("$P" 4 5 --pieces tetrominoes --copies 0:2 | "$DLX2" -c)"
t_eq "--copies 0:2: the piece items carry 0:2|" "0:2|I 0:2|O 0:2|T 0:2|L 0:2|S" \
    "$("$P" 4 5 --pieces tetrominoes --copies 0:2 | grep -v '^|' | head -1 | cut -d' ' -f21-)"
t_eq "--copies 1 is the problem without it" "$("$P" 6 10 | sed 1d)" "$("$P" 6 10 --copies 1 | sed 1d)"
t_eq "--copies 2 of F I L N P T in a 5 x 12 box: the options of the DLX3 corpus" \
    "$(grep -v '^|' "$ROOT/data/reference-family/dlx3/instances/pentomino2-5x12-FILNPT.dlx")" \
    "$("$P" 5 12 --copies 2 --pieces "$ROOT/dlx-gen/examples/pentominoes-FILNPT.txt" | grep -v '^|')"
t_run "--copies: the area of the copies" 0 \
    "gen-pentomino: warning: the pieces cover 40 cells but the box has 20, so there is no tiling" \
    "$P" 4 5 --pieces tetrominoes --copies 2
t_run "--copies A:B: the area of the copies" 0 \
    "gen-pentomino: warning: the pieces cover 40 to 60 cells but the box has 20, so there is no tiling" \
    "$P" 4 5 --pieces tetrominoes --copies 2:3
t_run "--copies 0" 2 "gen-pentomino: --copies must be between 1 and 9999999, not 0" "$P" 4 5 --copies 0
t_run "--copies 2:1" 2 "gen-pentomino: --copies: A = 2 is more than B = 1" "$P" 4 5 --copies 2:1
t_run "--copies 1:0" 2 "gen-pentomino: --copies B must be between 1 and 9999999, not 0" "$P" 4 5 --copies 1:0
t_run "--copies x" 2 "gen-pentomino: --copies must be a whole number, not 'x'" "$P" 4 5 --copies x
t_run "--copies 10000000" 2 "gen-pentomino: --copies must be between 1 and 9999999, not 10000000" \
    "$P" 4 5 --copies 10000000
t_run "--copies and --unique" 2 "gen-pentomino: --unique and --copies do not go together" \
    "$P" 4 5 --copies 2 --unique
