# gen-knight --show (pictures, --svg, --count, --symmetry) and the tour
# counter gen-knight-tours (formats/knight.md). Symmetry figures are
# checked against tests/crosscheck/knight-brute.c, an independent
# brute-force enumeration, compiled here. The 6 x 6 open count is in
# gen-knight-tours.bench.sh.
. "$(dirname "$0")/../lib.sh"
K=$GEN/gen-knight
KT=$GEN/gen-knight-tours
EXP=$ROOT/tests/expected

# image_listing S: a listing with every cell of a 6 x 6 board moved by
# symmetry S (bit 1 transpose, then bit 2 flip rows, bit 4 flip columns);
# written apart from gen-knight's own symmetry code on purpose.
image_listing() {
    awk -v s="$1" -v n=6 '
    function map(item,    p, cell, r, c, t) {
        p = substr(item, 1, 1); cell = substr(item, 2)
        if (cell == "v") return item
        r = substr(cell, 1, 1) + 0; c = substr(cell, 2, 1) + 0
        if (s % 2) { t = r; r = c; c = t }
        if (int(s / 2) % 2) r = n - 1 - r
        if (int(s / 4) % 2) c = n - 1 - c
        return p r c
    }
    /^[0-9]+:$/ { print; next }
    { $1 = map($1); $2 = map($2); print " " $0 }'
}
# reverse_listing: every move A -> B becomes B -> A (oA iB -> iA oB)
reverse_listing() {
    awk '/^[0-9]+:$/ { print; next }
    { for (i = 1; i <= 2; i++) $i = (substr($i, 1, 1) == "o" ? "i" : "o") substr($i, 2)
      print " " $0 }'
}
# the value of "NAME: value" in a report
field() { grep "^$1: " | sed "s/^$1: //"; }

"$K" --help > "$TMP/out" 2> "$TMP/err"
t_match "--help shows the --show usage" "gen-knight \[N \[M\]\] \[--open\] --show" "$(cat "$TMP/out")"
t_match "--help says how closed tours are numbered" "1 in the top" "$(cat "$TMP/out")"
"$KT" --help > "$TMP/out" 2> "$TMP/err"
t_eq "gen-knight-tours --help exits 0" 0 $?
t_match "gen-knight-tours --help says when to use it" "far faster than listing every cover" "$(cat "$TMP/out")"

# ---- pictures
"$K" 3 4 --open | "$DLX2" m1 2>/dev/null > "$TMP/l34"
"$K" --show < "$TMP/l34" > "$TMP/show34" 2> "$TMP/err"
t_file_eq "3 x 4 open: the 16 tours, numbered" "$EXP/gen-knight-3x4-open.show" "$TMP/show34"
t_eq "3 x 4 open: the rejected covers on stderr" \
    "gen-knight: rejected 416 of 432 covers: not one single cycle" "$(cat "$TMP/err")"
"$K" 3 4 --open --show < "$TMP/l34" > "$TMP/show34b" 2>/dev/null
t_file_eq "3 x 4 open: N M --open give the same" "$EXP/gen-knight-3x4-open.show" "$TMP/show34b"
# run backwards, an open tour is numbered from its other end: k -> 13 - k
reverse_listing < "$TMP/l34" | "$K" --show 2>/dev/null > "$TMP/rev34"
awk '/^solution/ { print; next } /^$/ { print; next }
    { for (i = 1; i <= NF; i++) printf "%s%2d", (i > 1 ? " " : ""), 13 - $i; print "" }' \
    "$TMP/show34" > "$TMP/rev34-expected"
t_file_eq "3 x 4 open, run backwards: numbered from the other end" "$TMP/rev34-expected" "$TMP/rev34"

"$K" 6 > "$TMP/k6.dlx"
"$DLX2" s16 t100 m1 < "$TMP/k6.dlx" 2>/dev/null > "$TMP/l6"
"$K" --show < "$TMP/l6" > "$TMP/show6" 2>/dev/null
t_file_eq "6 x 6, sampled with dlx2 s16 t100: 6 closed tours" "$EXP/gen-knight-6x6-s16.show" "$TMP/show6"
reverse_listing < "$TMP/l6" | "$K" --show 2>/dev/null > "$TMP/rev6"
t_file_eq "a closed tour run backwards: the same picture" "$TMP/show6" "$TMP/rev6"
t_eq "a closed tour: 1 in the top left corner, 2 at 12 (before 21)" \
    "6 6" "$(grep -c '^ 1 ' "$TMP/show6") $(awk 'NR % 8 == 3 && $3 == 2' "$TMP/show6" | wc -l | tr -d ' ')"

# ---- SVG
"$K" 3 4 --open | "$KT" t2 m1 2>/dev/null | "$K" --show --svg > "$TMP/34.svg"
t_file_eq "3 x 4 open, SVG" "$EXP/gen-knight-3x4-open.svg" "$TMP/34.svg"
"$KT" t1 m1 < "$TMP/k6.dlx" 2>/dev/null | "$K" --show --svg > "$TMP/6.svg"
t_file_eq "6 x 6, SVG" "$EXP/gen-knight-6x6.svg" "$TMP/6.svg"
"$K" --show --svg < "$TMP/l6" > "$TMP/6s.svg" 2>/dev/null
printf '' | "$K" --show --svg > "$TMP/empty.svg" 2>/dev/null
for f in 34 6 6s empty; do
    if t_have xmllint; then
        xmllint --noout "$TMP/$f.svg" 2> "$TMP/err"
        t_eq "$f.svg is well-formed XML (xmllint)" "0:" "$?:$(cat "$TMP/err")"
    else
        t_skip "$f.svg is well-formed XML" "xmllint (Debian: libxml2-utils)"
    fi
done
t_eq "SVG: one path per tour, 'Z' only for closed ones" "2 0 1 1" \
    "$(grep -c '<path' "$TMP/34.svg") $(grep -c ' Z"' "$TMP/34.svg") $(grep -c '<path' "$TMP/6.svg") $(grep -c ' Z"' "$TMP/6.svg")"

# ---- --count
t_eq "5 x 5 open: dlx2 m1 | --show --count" 1728 \
    "$("$K" 5 --open | "$DLX2" m1 2>/dev/null | "$K" --show --count 2>/dev/null)"
t_eq "3 x 4 open: --count" 16 "$("$K" --show --count < "$TMP/l34" 2>/dev/null)"
t_eq "4 x 4: 256 covers, no tour" 0 "$("$K" 4 | "$DLX2" m1 2>/dev/null | "$K" --show --count 2>/dev/null)"
t_eq "nothing read: --count 0" 0 "$(printf '' | "$K" --show --count)"

# ---- gen-knight-tours
"$K" 5 --open | "$KT" > "$TMP/out" 2> "$TMP/err"
t_eq "gen-knight-tours: 5 x 5 open" "directed cycles: 1728
open tours:      1728 (864 up to direction)" "$(cat "$TMP/out")"
t_match "gen-knight-tours: the search on stderr" "^\(26 vertices, 146 edges; [0-9]+ nodes, [0-9]+ mems\)$" "$(cat "$TMP/err")"
t_eq "gen-knight-tours 6 x 6" "directed cycles: 19724
closed tours:    9862" "$("$KT" "$TMP/k6.dlx" 2>/dev/null)"
t_eq "gen-knight-tours -c, 3 x 12" 352 "$("$K" 3 12 | "$KT" -c 2>/dev/null)"
t_eq "gen-knight-tours: no cover at all (7 x 3)" 0 "$("$K" 7 3 | "$KT" -c 2>/dev/null)"
t_eq "gen-knight-tours m1 lists them for --show" 1728 \
    "$("$K" 5 --open | "$KT" m1 2>/dev/null | "$K" --show --count)"
t_eq "gen-knight-tours m10: every tenth" 172 \
    "$("$K" 5 --open | "$KT" m10 2>/dev/null | "$K" --show --count)"
"$KT" t5 s7 m1 < "$TMP/k6.dlx" > "$TMP/t5" 2> "$TMP/err"
t_eq "gen-knight-tours t5 s7: 5 tours" 5 "$("$K" --show --count < "$TMP/t5")"
t_match "gen-knight-tours t5: says it stopped" "stopped at t5" "$(cat "$TMP/err")"
t_run "gen-knight-tours: not an in/out problem: the item's line and column" 2 \
    "gen-knight-tours: <stdin>:1:1: not an in/out problem: item 'X' is not named oX or iX" \
    sh -c 'printf "X oa ia\nX oa ia\n" | "$1"' sh "$KT"
t_run "gen-knight-tours: an option with two o items: its line" 2 \
    "gen-knight-tours: <stdin>:3: not an in/out problem: the option is not one oA and one iB" \
    sh -c 'printf "oa ia ob ib\noa ib\noa ob\n" | "$1"' sh "$KT"
t_run "gen-knight-tours: unpaired item, after comments and a blank line" 2 \
    "gen-knight-tours: <stdin>:3:9: not an in/out problem: item 'ob' has no partner ib" \
    sh -c 'printf "| a comment\n\n  oa ia ob\noa ia\n" | "$1"' sh "$KT"
printf 'oa ia | x\noa ia\n' > "$TMP/secondary.dlx"
t_run "gen-knight-tours: secondary items: FILE, and the column of the bar" 2 \
    "gen-knight-tours: $TMP/secondary.dlx:1:7: not an in/out problem: it has secondary items" \
    "$KT" "$TMP/secondary.dlx"
t_run "gen-knight-tours: a NUL byte" 2 "gen-knight-tours: <stdin>:2:3: NUL byte in the input" \
    sh -c 'printf "oa ia\noa\0 ia\n" | "$1"' sh "$KT"
t_run "gen-knight-tours: a bad file" 2 "gen-knight-tours: <stdin>:2:4: unknown item 'iz'" \
    sh -c 'printf "oa ia\noa iz\n" | "$1"' sh "$KT"

# ---- symmetry, against the brute-force program
CC=${CC:-cc}
if "$CC" -std=c11 -O2 -o "$TMP/brute" "$ROOT/tests/crosscheck/knight-brute.c" 2> "$TMP/err"; then
    t_ok "knight-brute.c compiles"
else
    t_fail "knight-brute.c compiles" "$(cat "$TMP/err")"
fi
# compare ARGS...: gen-knight's report and the brute force's, on the lines
# the brute force prints (Burnside's formula and the "-" lines left out)
for args in "3 4 --open" "4 5 --open" "5 5 --open" "3 10" "5 6" "6 6"; do
    set -- $args
    "$K" $args | "$KT" m1 2>/dev/null | "$K" --show --symmetry > "$TMP/sym"
    "$TMP/brute" "$1" "$2" ${3:+open} > "$TMP/brute.txt"
    grep -v ': - \|^board\|^covers\|^classes among' "$TMP/sym" | sed 's/ (.*//' > "$TMP/mine.txt"
    t_file_eq "--symmetry agrees with knight-brute: $args" "$TMP/brute.txt" "$TMP/mine.txt"
    t_eq "--symmetry $args: classes counted two ways" \
        "$(field "classes up to symmetry" < "$TMP/sym" | sed 's/ (.*//')" \
        "$(field "classes among the tours read" < "$TMP/sym")"
done
t_eq "6 x 6: 9862 tours, 1245 classes, 10 with a quarter-turn symmetry" "9862 1245 10" \
    "$(field "distinct tours" < "$TMP/sym" | sed 's/ (.*//') $(field "classes among the tours read" < "$TMP/sym") $(field "invariant under rotation by 90" < "$TMP/sym")"
"$K" 5 6 | "$KT" m1 2>/dev/null | "$K" --show --symmetry > "$TMP/sym56"
t_eq "5 x 6: quarter turns and diagonals are no symmetries" \
    "invariant under rotation by 90: - (not a symmetry of a 5 x 6 board)" \
    "$(grep 'rotation by 90' "$TMP/sym56")"
t_eq "5 x 6: Burnside divides by 4" "3 (Burnside: 12 / 4)" "$(field "classes up to symmetry" < "$TMP/sym56")"

# The sample of 6 x 6 tours from dlx2's random search (s16 t100, above):
# Burnside does not apply; adding the sample's images under all eight
# symmetries (made by awk) closes it, and then Burnside must count the
# classes of the sample.
cp "$TMP/l6" "$TMP/sample"
"$K" --show --symmetry < "$TMP/sample" > "$TMP/symS" 2>/dev/null
t_eq "sample s16 t100: 6 tours, 6 classes" "6 6" \
    "$(field "tours read" < "$TMP/symS") $(field "classes among the tours read" < "$TMP/symS")"
t_match "sample: Burnside does not apply" "^- \(Burnside needs every image" \
    "$(field "classes up to symmetry" < "$TMP/symS")"
for s in 0 1 2 3 4 5 6 7; do image_listing $s < "$TMP/sample"; done > "$TMP/images"
"$K" --show --symmetry < "$TMP/images" > "$TMP/symI" 2>/dev/null
t_eq "sample and its images: Burnside = the sample's classes" \
    "$(field "classes among the tours read" < "$TMP/symS") (Burnside:" \
    "$(field "classes up to symmetry" < "$TMP/symI" | cut -d' ' -f1-2)"
"$KT" m1 < "$TMP/k6.dlx" 2>/dev/null | cat - "$TMP/sample" | "$K" --show --symmetry > "$TMP/symA" 2>/dev/null
t_eq "the sample's tours are among the 9862" "9862 1245" \
    "$(field "distinct tours" < "$TMP/symA" | sed 's/ (.*//') $(field "classes among the tours read" < "$TMP/symA")"

# ---- bad input: one message, status 2
show_err() { # NAME MESSAGE INPUT [ARGS...]
    name=$1 msg=$2 input=$3
    shift 3
    t_run "$name" 2 "$msg" sh -c 'in=$1 k=$2; shift 2; printf "$in" | "$k" --show "$@"' sh "$input" "$K" "$@"
}
show_err "garbage" "gen-knight: <stdin>:1: expected 'K:', the start of solution K, not 'hello'" 'hello\n'
show_err "an option before 'K:'" \
    "gen-knight: <stdin>:2: expected 'K:', the start of solution K, not 'o00 i12 (1 of 3)'" '\n o00 i12 (1 of 3)\n'
show_err "not an item of gen-knight" \
    "gen-knight: <stdin>:3: 'oops' is not an option of gen-knight (expected 'oXY iXY (k of n)')" \
    '1:\n o00 i12 (1 of 3)\n oops\n'
show_err "trailing garbage" \
    "gen-knight: <stdin>:2: 'o00 i12 x' is not an option of gen-knight (expected 'oXY iXY (k of n)')" \
    '1:\n o00 i12 x\n'
show_err "two o items" "gen-knight: <stdin>:2: 'o00 o12' is not one o item and one i item" '1:\n o00 o12\n'
show_err "not a knight's move" "gen-knight: <stdin>:2: 'o00 i11 (1 of 2)' is not a knight's move" \
    '1:\n o00 i11 (1 of 2)\n'
show_err "too few moves" "gen-knight: <stdin>:1: solution 1 has 1 move, but a 2 x 3 board needs 6" \
    '1:\n o00 i12\n'
show_err "an empty solution" "gen-knight: <stdin>:1: solution 1 is empty" '1:\n2:\n'
show_err "a NUL byte" "gen-knight: <stdin>:2:5: NUL byte in the input" '1:\n o00\0 i12\n'
show_err "bytes shown as \\xHH" "gen-knight: <stdin>:1: expected 'K:', the start of solution K, not '\\xFF\\x01'" '\377\001\n'
sed '3s/.*/ o00 i21 (1 of 2)/' "$TMP/l34" > "$TMP/bad"
t_run "two moves out of a cell" 2 "gen-knight: <stdin>:3: solution 1 has two moves out of 00" \
    sh -c '"$1" --show < "$2"' sh "$K" "$TMP/bad"
t_run "the listing does not fit N M" 2 "gen-knight: <stdin>:4: cell 13 is off the 4 x 3 board" \
    sh -c '"$1" 4 3 --open --show < "$2"' sh "$K" "$TMP/l34"
t_run "v without --open" 2 "gen-knight: <stdin>:13: the virtual vertex v on a board without --open" \
    sh -c '"$1" 3 4 --show < "$2"' sh "$K" "$TMP/l34"
t_run "dlx2's report mixed in" 2 \
    "gen-knight: <stdin>:1: expected 'K:', the start of solution K, not '(52 options, 26+0 items, 156 entries suc...'" \
    sh -c '"$1" 3 4 --open | "$2" m1 t1 2>&1 | "$3" --show' sh "$K" "$DLX2" "$K"
t_run "--svg without --show" 2 "gen-knight: --svg goes with --show" "$K" --svg
t_run "--svg and --count" 2 "gen-knight: --svg and --count do not go together" "$K" --show --svg --count
t_run "--knuth with --show" 2 "gen-knight: --knuth goes with writing a problem, not with --show" \
    "$K" 5 --knuth --show
t_run "nothing to show: status 1, and why" 1 \
    "gen-knight: <stdin>: the listing holds no solutions: the problem has none, or dlx2 ran without m1 (it lists them only with m1; --format=json's summary says when there are none)" \
    sh -c '"$1" --show < /dev/null' sh "$K"
t_run "nothing to show in --count: the count 0, status 1" 1 \
    "gen-knight: <stdin>: the listing holds no solutions: the problem has none, or dlx2 ran without m1 (it lists them only with m1; --format=json's summary says when there are none)" \
    sh -c '"$1" --show --count < /dev/null' sh "$K"
t_eq "nothing to show in --count: 0" 0 "$(cat "$TMP/out")"

# Random tours: covers drawn uniformly, the ones that are not tours skipped.
t_run "random tours: 7 of 2000 covers of 5 x 5 --open are tours" 0 \
    "gen-knight: rejected 1993 of 2000 covers: not one single cycle" \
    sh -c '"$1" 5 --open | "$2" --sample 2000 --seed 1 2> /dev/null | "$1" --show --count' sh "$K" "$DLX2"
t_eq "random tours: the count" 7 "$(cat "$TMP/out")"
