# Every generator keeps the conventions of the generator library
# (dlx-gen/lib/gen.h), checked here in one loop over all of them: -h,
# --help and --version; --help does not point into the source tree; '-'
# is stdin wherever a file is read, and --show reads a LISTING argument
# as well as stdin; every output is checked (into /dev/full: one message
# and status 1); out of memory is status 3.
. "$(dirname "$0")/../lib.sh"
VERSION=$(sed -n 's/^#define DLX2_VERSION "\(.*\)"$/\1/p' "$ROOT/progs.h")
EX=$ROOT/dlx-gen/examples
W=$ROOT/data/words
GENS="wordsearch wordrect crossword knight knight-tours pentomino zebra queens langford sudoku"
FULL="cannot write the output: No space left on device"

# one small problem for each generator
problem() {
    case $1 in
    wordsearch) echo "4 4 ABEL LAND" ;;
    wordrect) echo "$W/common-3.txt $W/common-3.txt" ;;
    crossword) echo "$EX/crossword-given-4x4.txt $W/common-3.txt $W/common-4.txt" ;;
    knight) echo "3 4 --open" ;;
    knight-tours) echo "$REF/instances/knight-cover-open-5.dlx" ;;
    pentomino) echo "3 20" ;;
    zebra) echo "" ;;
    queens) echo "8" ;;
    langford) echo "7" ;;
    sudoku) echo "$EX/sudoku-inkala.txt" ;;
    esac
}

for g in $GENS; do
    G=$GEN/gen-$g
    for h in -h --help; do
        "$G" $h > "$TMP/out" 2> "$TMP/err"
        t_eq "gen-$g $h: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
        t_match "gen-$g $h: the usage" "^Usage: gen-$g " "$(head -1 "$TMP/out")"
    done
    t_match "gen-$g --help lists -h and --version" "^  -h, --help .*
  --version " "$(cat "$TMP/out")"
    t_eq "gen-$g --help points to no file of the source tree" "" \
        "$(grep -E 'formats/|dlx-gen/|\.md' "$TMP/out")"
    t_eq "gen-$g --version" "gen-$g $VERSION" "$("$G" --version)"
    for a in --help --version; do
        t_run "gen-$g $a > /dev/full: status 1" 1 "gen-$g: $FULL" sh -c '"$1" "$2" > /dev/full' sh "$G" "$a"
    done
    t_run "gen-$g > /dev/full: status 1" 1 "*" sh -c '"$1" $2 > /dev/full 2> "$3"' sh "$G" "$(problem $g)" "$TMP/full"
    t_eq "gen-$g > /dev/full: the message" "gen-$g: $FULL" "$(grep -v warning "$TMP/full")"
    t_run "gen-$g: an unknown option, status 2" 2 "gen-$g: unknown option '--zzz' (try --help)" "$G" --zzz
done

# A reader that goes away (`gen-queens 300 | head`) is no error: the
# generator stops with status 0, as dlx2 does, not 141 (SIGPIPE), which
# would fail a `set -o pipefail` script. Each output here is far larger
# than a pipe holds, so the generator does write after head has gone.
piped=0
for cmd in "gen-queens 300" "gen-langford 200" "gen-wordsearch 40 40 ABEL LAND"; do
    set -- $cmd
    G=$GEN/$1
    shift
    t_match "$cmd: more than a pipe holds" '^[0-9]{6,}$' "$("$G" "$@" | wc -c)"
    "$G" "$@" 2> "$TMP/err" | head -c 10 > /dev/null
    t_eq "$cmd | head -c 10: status 0, nothing on stderr" "0:" "${PIPESTATUS[0]}:$(cat "$TMP/err")"
    piped=$((piped + 1))
done
t_eq "readers gone: three generators" 3 "$piped"

# --show: stdin, '-' and a LISTING argument give the same pictures; into
# /dev/full they fail. Each listing comes in DLX2's layout (NAME.l; for
# pentomino and sudoku, Knuth's DLX2's own) and as dlx2's JSON Lines of
# the same search (NAME.json), from which every picture is the same.
listings() { # NAME LIMIT PROBLEM
    cat "$3" > "$TMP/$1.dlx"
    "$DLX2" m1 $2 < "$TMP/$1.dlx" 2> /dev/null > "$TMP/$1.l"
    "$DLX2" --format=json $2 < "$TMP/$1.dlx" 2> /dev/null > "$TMP/$1.json"
}
listings wordsearch t2 <("$GEN/gen-wordsearch" 4 4 ABEL LAND)
listings wordrect t2 <("$GEN/gen-wordrect" "$W/common-3.txt" "$W/common-3.txt")
listings crossword t2 <("$GEN/gen-crossword" $(problem crossword))
listings knight "" <("$GEN/gen-knight" 3 4 --open)
listings pentomino "" "$REF/instances/pentomino-3x20.dlx"
cp "$REF/expected/pentomino-3x20.m1.stdout" "$TMP/pentomino.l"
listings zebra "" <("$GEN/gen-zebra")
listings queens t2 <("$GEN/gen-queens" 8)
listings langford t2 <("$GEN/gen-langford" 7)
listings sudoku "" "$REF/instances/sudoku-inkala.dlx"
cp "$REF/expected/sudoku-inkala.m1.stdout" "$TMP/sudoku.l"
for g in wordsearch wordrect crossword knight pentomino zebra queens langford sudoku; do
    G=$GEN/gen-$g
    grid=()    # gen-crossword --show takes [GRID [LISTING]], gen-sudoku [PUZZLE [LISTING]]
    [ $g = crossword ] && grid=("$EX/crossword-given-4x4.txt")
    [ $g = sudoku ] && grid=("$EX/sudoku-inkala.txt")
    "$G" --show "${grid[@]}" < "$TMP/$g.l" > "$TMP/stdin.out" 2> /dev/null
    t_match "gen-$g --show: pictures titled 'solution K'" "^solution [0-9]+" "$(head -1 "$TMP/stdin.out")"
    t_file_eq "gen-$g --show -: as from stdin" "$TMP/stdin.out" \
        <("$G" --show "${grid[@]}" - < "$TMP/$g.l" 2> /dev/null)
    t_file_eq "gen-$g --show LISTING: as from stdin" "$TMP/stdin.out" \
        <("$G" --show "${grid[@]}" "$TMP/$g.l" 2> /dev/null)
    t_file_eq "gen-$g --show: the same from dlx2 --format=json" "$TMP/stdin.out" \
        <("$G" --show "${grid[@]}" "$TMP/$g.json" 2> /dev/null)
    t_run "gen-$g --show > /dev/full: status 1" 1 "*" sh -c '"$1" --show < "$2" > /dev/full 2> "$3"' \
        sh "$G" "$TMP/$g.l" "$TMP/full"
    t_eq "gen-$g --show > /dev/full: the message" "gen-$g: $FULL" "$(grep -v rejected "$TMP/full")"
    t_run "gen-$g --show LISTING: a missing file, status 2" 2 \
        "gen-$g: cannot open $TMP/none: No such file or directory" "$G" --show "${grid[@]}" "$TMP/none"
done
# the other pictures too, and one-byte colors (some escaped in JSON)
listings knuth "" <("$GEN/gen-wordsearch" --knuth -d 4 3 10 ÉTÉ DIOPHANTUS)
for v in "knight knight --svg" "knight knight --count" "knight knight --symmetry" \
    "pentomino pentomino --svg" "wordsearch knuth --colors $TMP/knuth.dlx 3 10"; do
    set -- $v
    t_file_eq "gen-$1 --show $3: the same from dlx2 --format=json" \
        <("$GEN/gen-$1" --show "${@:3}" "$TMP/$2.l" 2>&1) <("$GEN/gen-$1" --show "${@:3}" "$TMP/$2.json" 2>&1)
done
printf '1:\n x y\n' > "$TMP/bad.l"
for g in wordsearch pentomino; do
    t_match "gen-$g --show FILE: errors name FILE" "^gen-$g: $TMP/bad.l:2: " \
        "$("$GEN/gen-$g" --show "$TMP/bad.l" 2>&1)"
done
printf '{"other":{}}\n\n{"solution":1,"options":["r1 c1" "r2 c2"]}\n' > "$TMP/bad.json"
t_run "gen-queens --show: JSON errors name FILE:LINE:COLUMN, status 2" 2 \
    "gen-queens: $TMP/bad.json:3:34: JSON: expected ']'" "$GEN/gen-queens" --show "$TMP/bad.json"
printf '{"summary":{}}\n' > "$TMP/bad.json"
t_run "gen-queens --show: a summary without its number of solutions, status 2" 2 \
    "gen-queens: $TMP/bad.json:1:15: JSON: a summary without \"solutions\"" "$GEN/gen-queens" --show "$TMP/bad.json"

# --show of a listing without solutions: a message on stderr says why,
# and the status is 0 only if the summary says the search found none
n_none=0
none() { # NAME LISTING STATUS MESSAGE
    printf "$2" > "$TMP/none.l"
    for g in wordsearch wordrect crossword knight pentomino zebra queens langford sudoku; do
        grid=()
        [ $g = crossword ] && grid=("$EX/crossword-given-4x4.txt")
        [ $g = sudoku ] && grid=("$EX/sudoku-inkala.txt")
        t_run "gen-$g --show, $1: status $3 and why" "$3" "gen-$g: $TMP/none.l: $4" \
            "$GEN/gen-$g" --show "${grid[@]}" "$TMP/none.l"
        n_none=$((n_none + 1))
    done
}
none "an empty listing (dlx2 without m1)" '' 1 \
    "the listing holds no solutions: the problem has none, or dlx2 ran without m1 (it lists them only with m1; --format=json's summary says when there are none)"
none "a summary of a complete search without solutions" \
    '{"summary":{"solutions":0,"complete":true,"stopped":null}}\n' 0 \
    "no solutions: the listing's summary says the search found none"
none "a summary of 14 solutions (dlx2 -c)" '{"summary":{"solutions":14,"complete":true,"stopped":null}}\n' 1 \
    "the listing holds none of the 14 solutions its summary counts (dlx2 -c lists none; --format=json or m1 lists them all)"
none "a summary of a search stopped early" \
    '{"summary":{"solutions":0,"complete":false,"stopped":"mems"}}\n' 1 \
    "the listing holds no solutions: the search stopped early (mems) before it found one"
t_eq "every show checked on 4 listings without solutions" 36 "$n_none"

# '-' for stdin wherever a file is read: the same problem as from the file
# (the comments, which name the files, aside).
same() { # NAME STDIN CMD-WITH-DASH... -- CMD-WITH-FILE...
    name=$1 in=$2
    shift 2
    a=()
    while [ "$1" != -- ]; do a+=("$1"); shift; done
    shift
    "${a[@]}" < "$in" 2>&1 | grep -v '^|' > "$TMP/dash"
    "$@" 2>&1 | grep -v '^|' > "$TMP/file"
    t_file_eq "$name" "$TMP/file" "$TMP/dash"
    t_eq "$name: not empty" yes "$([ -s "$TMP/dash" ] && echo yes)"
}
printf 'ABEL\nLAND\n' > "$TMP/words"
same "gen-wordsearch -f -" "$TMP/words" "$GEN/gen-wordsearch" -f - 4 4 -- "$GEN/gen-wordsearch" -f "$TMP/words" 4 4
same "gen-wordrect - FILE" "$W/common-3.txt" "$GEN/gen-wordrect" - "$W/common-3.txt" \
    -- "$GEN/gen-wordrect" "$W/common-3.txt" "$W/common-3.txt"
same "gen-wordrect - -: one list for both" "$W/common-3.txt" "$GEN/gen-wordrect" --first-n 100 - - \
    -- "$GEN/gen-wordrect" --first-n 100 "$W/common-3.txt" "$W/common-3.txt"
same "gen-crossword - WORDS" "$EX/crossword-open-3x3.txt" "$GEN/gen-crossword" - "$W/common-3.txt" \
    -- "$GEN/gen-crossword" "$EX/crossword-open-3x3.txt" "$W/common-3.txt"
same "gen-crossword GRID -" "$W/common-3.txt" "$GEN/gen-crossword" "$EX/crossword-open-3x3.txt" - \
    -- "$GEN/gen-crossword" "$EX/crossword-open-3x3.txt" "$W/common-3.txt"
same "gen-zebra -f -" "$EX/zebra-4.txt" "$GEN/gen-zebra" -f - -- "$GEN/gen-zebra" -f "$EX/zebra-4.txt"
same "gen-sudoku -" "$EX/sudoku-inkala.txt" "$GEN/gen-sudoku" - -- "$GEN/gen-sudoku" "$EX/sudoku-inkala.txt"
same "gen-sudoku --show - LISTING" "$EX/sudoku-inkala.txt" "$GEN/gen-sudoku" --show - "$TMP/sudoku.l" \
    -- "$GEN/gen-sudoku" --show "$EX/sudoku-inkala.txt" "$TMP/sudoku.l"
same "gen-pentomino --pieces -" "$EX/scott.txt" "$GEN/gen-pentomino" 8 8 --pieces - \
    -- "$GEN/gen-pentomino" 8 8 --pieces "$EX/scott.txt"
same "gen-knight-tours -" "$REF/instances/knight-cover-closed-4.dlx" "$GEN/gen-knight-tours" - \
    -- "$GEN/gen-knight-tours" "$REF/instances/knight-cover-closed-4.dlx"
t_run "gen-zebra --generate -o /dev/full: status 1" 1 "gen-zebra: cannot write /dev/full: No space left on device" \
    sh -c '"$1" --generate -o /dev/full > /dev/null' sh "$GEN/gen-zebra"

# Runaway output: refused before writing, with the size (the other
# generators' own scripts do the same). 100,000 words of 30 letters fill
# a 30 x 30 word rectangle or crossword with 6 million options.
awk 'BEGIN { for (i = 0; i < 100000; i++) { s = sprintf("%05d", i); w = ""
    for (j = 0; j < 30; j++) w = w sprintf("%c", 97 + substr(s, j % 5 + 1, 1)); print w } }' > "$TMP/w30"
awk 'BEGIN { for (i = 0; i < 30; i++) print ".............................." }' > "$TMP/g30"
t_run "gen-wordrect: runaway output refused" 2 \
    "gen-wordrect: the problem would take about 1.5 GB (more than 1 GB); --force writes it all the same" \
    "$GEN/gen-wordrect" "$TMP/w30" "$TMP/w30"
t_run "gen-crossword: runaway output refused" 2 \
    "gen-crossword: the problem would take about 1.2 GB (more than 1 GB); --force writes it all the same" \
    "$GEN/gen-crossword" "$TMP/g30" "$TMP/w30"
t_eq "... and nothing written" "" "$(cat "$TMP/out")"

# Out of memory: a message and status 3. (Not under the sanitizers,
# which need far more address space than any such limit.)
if [ -z "$SANITIZE" ]; then
    sh -c 'ulimit -v 200000; exec "$1" 1000 1000 --force' sh "$GEN/gen-pentomino" > /dev/null 2> "$TMP/err"
    t_eq "out of memory: a message and status 3" "3:gen-pentomino: out of memory" \
        "$?:$(grep -v warning "$TMP/err")"
fi
