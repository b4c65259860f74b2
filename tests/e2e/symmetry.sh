# Symmetry (formats/symmetry.md). Through dlx2: the group's order and the
# classes of solutions (--symmetry, -c --up-to-symmetry) on the puzzles
# whose figures are known, generators as cycles of items and as JSON, the
# count with the group's help (-c --use-symmetry) equal to the reference
# count of every reference instance, one solution per class (m<n>
# --up-to-symmetry), the refusals with their messages and statuses.
# Through the module's driver build/symtool: the order against the
# generators' closure, the canonical solutions against brute force, and
# the count with the group's help and the classes on random problems.
. "$(dirname "$0")/../lib.sh"
SYM=$ROOT/${BUILD:-build}/symtool
RAND=$ROOT/${BUILD:-build}/randxcc
hint="Try 'dlx2 --help' for more information."
field() { awk -v k="$1" '$1 == k {print $2}'; }

# ---- the group and the classes, by dlx2 ----------------------------------------

# "order classes" of the problem on stdin
order_classes() {
    cat > "$TMP/oc.dlx"
    echo "$("$DLX2" --symmetry "$TMP/oc.dlx" | sed -n 's/^order //p') $("$DLX2" -c --up-to-symmetry "$TMP/oc.dlx")"
}
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

printf '.%.0s' $(seq 81) | "$GEN/gen-sudoku" > "$TMP/sudoku.dlx"
t_eq "sudoku without clues: 9! 2 6^8 symmetries" "order 1218998108160
complete yes" "$("$DLX2" --symmetry "$TMP/sudoku.dlx" | head -2)"
t_eq "knight's covers 6x6: each half of the bipartite board's 8, and the halves swapped" \
    "order 128" "$("$GEN/gen-knight" 6 | "$DLX2" --symmetry | head -1)"

# ---- generators ------------------------------------------------------------------

"$GEN/gen-langford" --mirror 4 > "$TMP/l4.dlx"
t_run "--symmetry: Langford 4 both ways" 0 "" "$DLX2" --symmetry "$TMP/l4.dlx"
t_eq "-q --symmetry: the same report, nothing else" "$("$DLX2" --symmetry "$TMP/l4.dlx")" \
    "$("$DLX2" -q --symmetry "$TMP/l4.dlx" 2>&1)"
t_eq "--symmetry: its order, completeness, generators" "order 2
complete yes
generators 1
(s0 s7)(s1 s6)(s2 s5)(s3 s4)" "$(cat "$TMP/out")"
t_eq "--symmetry: the word rectangle with one list, the transpose" \
    "order 2
complete yes
generators 1
(R0 C0)(R1 C1)(R2 C2)(R3 C3)(R4 C4)(01 10)(02 20)(03 30)(04 40)(12 21)(13 31)(14 41)(23 32)(24 42)(34 43)" \
    "$("$DLX2" --symmetry "$REF/instances/wordrect-5x5-sgb600.dlx")"
"$DLX2" --symmetry --format=json "$TMP/l4.dlx" > "$TMP/out"
t_eq "--symmetry --format=json: item cycles" \
    '[[["s0","s7"],["s1","s6"],["s2","s5"],["s3","s4"]]]' "$(sed 's/.*"generators"://; s/}}$//' "$TMP/out")"
printf 'A | x\nA x:1\nA x:2\n' > "$TMP/colors.dlx"
"$DLX2" --symmetry --format=json "$TMP/colors.dlx" > "$TMP/out"
t_eq "--symmetry --format=json: colors renamed as item:color cycles" \
    '{"symmetry":{"order":2,"complete":true,"stopped":null,"seconds":S,"generators":[[["x:1","x:2"]]]}}' \
    "$(sed 's/"seconds":[0-9.]*/"seconds":S/' "$TMP/out")"
t_eq "--symmetry: colors renamed as item:color cycles" "(x:1 x:2)" \
    "$("$DLX2" --symmetry "$TMP/colors.dlx" | tail -1)"

# a budget spent: said so, the subgroup found, status 4
"$DLX2" --symmetry --time-limit 0.000001 "$TMP/sudoku.dlx" > "$TMP/out" 2> "$TMP/err"
t_eq "--symmetry: a budget spent, status 4" 4 $?
t_match "--symmetry: a budget spent, said so" \
    "^dlx2: the symmetry search stopped early \(its time budget ran out\): the group reported is a subgroup of order [0-9]+$" \
    "$(cat "$TMP/err")"
t_eq "--symmetry: a budget spent, complete no" "complete no" "$(sed -n 2p "$TMP/out")"
"$DLX2" --symmetry --format=json --time-limit 0.000001 "$TMP/sudoku.dlx" > "$TMP/out" 2> /dev/null
t_match "--symmetry --format=json: a budget spent" \
    '^\{"symmetry":\{"order":[0-9]+,"complete":false,"stopped":"its time budget ran out",' "$(cat "$TMP/out")"

# ---- counts and listings, by dlx2 ----------------------------------------------

# the count with the group's help is the reference count, on every reference instance
n=0 bad=""
while IFS=$'\t' read -r name tier solutions rest; do
    [ -f "$REF/instances/$name.dlx" ] || continue
    got=$("$DLX2" -c --use-symmetry "$REF/instances/$name.dlx" 2> /dev/null)
    [ "$got" = "$solutions" ] || bad="$bad $name:$got"
    n=$((n + 1))
done < <(tail -n +2 "$REF/MANIFEST.tsv")
t_eq "-c --use-symmetry = the reference count on every reference instance" "" "$bad"
t_eq "reference instances checked" 1 "$([ "$n" -ge 60 ] && echo 1)"

"$GEN/gen-queens" 8 > "$TMP/q8.dlx"
t_eq "-c --use-symmetry -j 2: queens 8" 92 "$("$DLX2" -c --use-symmetry -j 2 "$TMP/q8.dlx")"
# on threads: the tasks below the walk spread over the workers (or, too few, on -j's cuts)
for c in "gen-queens 10:724" "gen-queens 11:2680" "gen-pentomino 6 10:9356" \
         "gen-pentomino 8 8 --hole 33,34,43,44:520" "gen-langford --mirror 8:300"; do
    for j in 2 3; do
        t_eq "-c --use-symmetry -j $j: ${c%:*}" "${c#*:}" "$("$GEN"/${c%:*} | "$DLX2" -c --use-symmetry -j $j)"
    done
done
t_eq "-c --up-to-symmetry --format=json" \
    '{"summary":{"classes":12,"complete":true,"stopped":null,"symmetry":{"order":8,"complete":true}}}' \
    "$("$DLX2" -c --up-to-symmetry --format=json "$TMP/q8.dlx")"
t_eq "-c --up-to-symmetry v1: the classes said on stderr" "12 classes of solutions under a group of order 8." \
    "$("$DLX2" -c --up-to-symmetry v1 "$TMP/q8.dlx" 2>&1 >/dev/null | tail -1)"
t_eq "-c --use-symmetry v1: said on stderr" "92 solutions, counted with the help of a group of order 8." \
    "$("$DLX2" -c --use-symmetry v1 "$TMP/q8.dlx" 2>&1 >/dev/null | tail -1)"
"$DLX2" m1 --up-to-symmetry "$TMP/q8.dlx" > "$TMP/list" 2> "$TMP/err"
t_eq "m1 --up-to-symmetry: 12 solutions listed, numbered 1 to 12" "$(seq 1 12 | sed 's/$/:/')" \
    "$(grep -E '^[0-9]+:$' "$TMP/list")"
t_eq "m1 --up-to-symmetry: the report counts them all, and the classes" \
    "Altogether 92 solutions
12 classes of solutions, one listed per class, under a group of order 8." \
    "$(tail -2 "$TMP/err" | sed '1s/ solutions,.*/ solutions/')"
t_eq "m1 --up-to-symmetry: every one a solution" "12 solutions verified" \
    "$("$DLX2" --verify "$TMP/list" "$TMP/q8.dlx" --count 12 2>&1)"
t_eq "m1 --up-to-symmetry -j 2: the same 12" "$(grep -v '^[0-9]*:$' "$TMP/list" | sort)" \
    "$("$DLX2" m1 --up-to-symmetry -j 2 "$TMP/q8.dlx" 2> /dev/null | grep -v '^[0-9]*:$' | sort)"
t_eq "m3 --up-to-symmetry: every third class, numbered as DLX2 numbers m3's" "3: 6: 9: 12:" \
    "$("$DLX2" m3 --up-to-symmetry "$TMP/q8.dlx" 2> /dev/null | grep -E '^[0-9]+:$' | tr '\n' ' ' | sed 's/ $//')"
t_eq "--format=json --up-to-symmetry: 12 solutions and the summary" 13 \
    "$("$DLX2" --format=json --up-to-symmetry "$TMP/q8.dlx" 2> /dev/null | wc -l | tr -d ' ')"

# --verify takes a listing of one solution per class: the report's or the summary's classes
"$DLX2" m1 --up-to-symmetry "$TMP/q8.dlx" > "$TMP/list" 2> "$TMP/report"
t_run "--verify --report: one solution per class, as many as the classes: status 0, nothing on stderr" 0 "" \
    "$DLX2" --verify "$TMP/list" --report "$TMP/report" "$TMP/q8.dlx"
t_eq "--verify --report: one solution per class, as many as the classes: the verdict" \
    "12 solutions verified, as many as the classes of solutions the search counted (one per class: the classes are not checked here)" \
    "$(cat "$TMP/out")"
awk '/^[0-9]+:$/ {k++} k != 5' "$TMP/list" > "$TMP/list11"
t_eq "--verify --report: 11 solutions listed, 12 classes" 11 "$(grep -c '^[0-9]*:$' "$TMP/list11")"
t_run "--verify --report: a class missing from the listing, said so" 1 \
    "dlx2: $TMP/report:3: the report counts 12 classes of solutions, one listed per class, but the listing holds 11" \
    "$DLX2" --verify "$TMP/list11" --report "$TMP/report" "$TMP/q8.dlx"
"$DLX2" m3 --up-to-symmetry "$TMP/q8.dlx" > "$TMP/list3" 2> "$TMP/report3"
t_run "--verify --report: one in 3 of the classes: status 0, nothing on stderr" 0 "" \
    "$DLX2" --verify "$TMP/list3" --report "$TMP/report3" "$TMP/q8.dlx"
t_eq "--verify --report: one in 3 of the classes: the verdict" \
    "4 solutions verified, one in 3 of the 12 classes of solutions the search counted (one per class: the classes are not checked here)" \
    "$(cat "$TMP/out")"
"$DLX2" --format=json --up-to-symmetry "$TMP/q8.dlx" > "$TMP/list.json" 2> /dev/null
t_match "--format=json --up-to-symmetry: the summary counts the classes" \
    '^\{"summary":\{"solutions":92,"classes":12,"complete":true,' "$(tail -1 "$TMP/list.json")"
t_run "--verify: a JSON listing of one solution per class: status 0, nothing on stderr" 0 "" \
    "$DLX2" --verify "$TMP/list.json" "$TMP/q8.dlx"
t_eq "--verify: a JSON listing of one solution per class: the verdict" \
    "12 solutions verified, as many as the classes of solutions the search counted (one per class: the classes are not checked here)" \
    "$(cat "$TMP/out")"
sed 's/"classes":12/"classes":13/' "$TMP/list.json" > "$TMP/list13.json"
t_run "--verify: a JSON summary with more classes than the listing" 1 \
    "dlx2: $TMP/list13.json:13: the summary counts 13 classes of solutions, one listed per class, but the listing holds 12" \
    "$DLX2" --verify "$TMP/list13.json" "$TMP/q8.dlx"
# a listing cut short by --time-limit: the classes found so far, said so, status 4
"$GEN/gen-queens" 14 > "$TMP/q14.dlx"
"$DLX2" m1 --up-to-symmetry --time-limit 0.05 "$TMP/q14.dlx" > "$TMP/list14" 2> "$TMP/report14"
t_match "m1 --up-to-symmetry --time-limit: the classes found before it stopped" \
    "^[0-9]+ class(es)? of solutions found before the search stopped, one listed per class, under a group of order 8\.$" \
    "$(tail -1 "$TMP/report14")"
"$DLX2" --verify "$TMP/list14" --report "$TMP/report14" "$TMP/q14.dlx" > "$TMP/out" 2> "$TMP/err"
t_eq "--verify --report: a listing per class cut short, status 4" 4 $?
t_match "--verify --report: a listing per class cut short, said so" \
    "^dlx2: $TMP/report14:[0-9]+: the search was stopped early \('Time limit of 0.05 seconds reached; the figures below are partial.'\): the [0-9]+ solutions? verified may not be all$" \
    "$(cat "$TMP/err")"

# a count cut short gives no number: on the 20 queens, whose group
# (order 8) is found at once and whose count takes hours (the 6x10
# pentomino box took 1.2 s of CPU with --up-to-symmetry, and only 0.25 s
# with --use-symmetry, about the time limit itself)
"$GEN/gen-queens" 20 > "$TMP/q20.dlx"
for flag in --up-to-symmetry --use-symmetry; do
    t_run "-c $flag --time-limit 0.2: cut short, no number, status 4" 4 \
        "dlx2: the count stopped early (the time limit or a signal): no number to give" \
        "$DLX2" -c $flag --time-limit 0.2 "$TMP/q20.dlx"
    t_eq "-c $flag --time-limit 0.2: nothing on stdout" "" "$(cat "$TMP/out")"
done

# --time-limit bounds the search for the group too: said so, the subgroup found kept
for flag in --up-to-symmetry --use-symmetry; do
    "$DLX2" -c $flag --time-limit 0.000001 "$TMP/sudoku.dlx" > "$TMP/out" 2> "$TMP/err"
    t_eq "-c $flag --time-limit: status 4, nothing on stdout" "4 " "$? $(cat "$TMP/out")"
    case $flag in --up*) what="classes are counted under" ;; *) what="the count is helped by" ;; esac
    t_match "-c $flag --time-limit: the group search's budget ran out, said so" \
        "^dlx2: the symmetry search stopped early \(its time budget ran out\): $what a subgroup of order [0-9]+
dlx2: the count stopped early \(the time limit or a signal\): no number to give$" "$(cat "$TMP/err")"
done

# ---- refusals ----------------------------------------------------------------------

t_run "--symmetry takes no m<n>" 2 "dlx2: --symmetry takes --format, --time-limit, -q and a FILE, nothing else
$hint" "$DLX2" --symmetry m1 "$TMP/l4.dlx"
t_run "--use-symmetry without -c" 2 "dlx2: --use-symmetry goes with -c (it counts the solutions with the group's help)
$hint" "$DLX2" --use-symmetry m1 "$TMP/q8.dlx"
t_run "--up-to-symmetry with neither -c nor m<n>" 2 "dlx2: --up-to-symmetry goes with -c (the classes counted) or m<n> (one solution per class listed)
$hint" "$DLX2" --up-to-symmetry "$TMP/q8.dlx"
t_run "--up-to-symmetry and --use-symmetry" 2 "dlx2: --up-to-symmetry and --use-symmetry do not go together
$hint" "$DLX2" -c --up-to-symmetry --use-symmetry "$TMP/q8.dlx"
t_run "--up-to-symmetry with --shard" 2 "dlx2: --up-to-symmetry and --use-symmetry do not take --shard
$hint" "$DLX2" -c --up-to-symmetry --shard 1/2 "$TMP/q8.dlx"
t_run "-c --up-to-symmetry with t<n>" 2 "dlx2: a count up to symmetry or with its help is whole: t<n> and T<n> do not go with it
$hint" "$DLX2" -c --up-to-symmetry t5 "$TMP/q8.dlx"
t_run "--up-to-symmetry with --zdd" 2 "dlx2: --zdd lists on stdout: --up-to-symmetry does not go with it
$hint" "$DLX2" --zdd --up-to-symmetry "$TMP/q8.dlx"
# sudoku without clues: its group is too large to list, and not refused: the classes are a
# walk over its 6.7 10^21 solutions, here cut short by --time-limit: no number, status 4
t_run "-c --up-to-symmetry --time-limit 1: sudoku's group, too large to list, a walk cut short" 4 \
    "dlx2: the count stopped early (the time limit or a signal): no number to give" \
    "$DLX2" -c --up-to-symmetry --time-limit 1 "$TMP/sudoku.dlx"
# a group too large to list: K boards of N queens, 8^K K! symmetries ("boards N K" writes it);
# the count with its help takes the stabilisers by Schreier-Sims, the classes each
# solution's least image by the chain on options
boards() {
    "$GEN/gen-queens" "$1" | awk -v K="$2" 'NR == 1 {next} NR == 2 {split($0, h, "|"); next} {o[++n] = $0}
    END {for (k = 1; k <= K; k++) {np = split(h[1], a, " "); for (i = 1; i <= np; i++) p = p " q" k a[i]
                                   ns = split(h[2], b, " "); for (i = 1; i <= ns; i++) s = s " q" k b[i]}
         print substr(p, 2) " |" s
         for (k = 1; k <= K; k++) for (j = 1; j <= n; j++) {m = split(o[j], c, " "); l = ""
             for (i = 1; i <= m; i++) l = l " q" k c[i]; print substr(l, 2)}}'
}
boards 6 5 > "$TMP/q6x5.dlx"
t_eq "five boards of 6 queens: 8^5 5! symmetries" "order 3932160" "$("$DLX2" --symmetry "$TMP/q6x5.dlx" | sed -n 1p)"
t_eq "five boards of 6 queens: -c" 1024 "$("$DLX2" -c "$TMP/q6x5.dlx")"
t_eq "five boards of 6 queens: -c --use-symmetry, the group too large to list" 1024 \
    "$("$DLX2" -c --use-symmetry "$TMP/q6x5.dlx")"
t_eq "five boards of 6 queens: -c --use-symmetry -j 2" 1024 "$("$DLX2" -c --use-symmetry -j 2 "$TMP/q6x5.dlx")"
t_eq "five boards of 6 queens: -c --up-to-symmetry, one class (each board's 4 solutions are one)" 1 \
    "$("$DLX2" -c --up-to-symmetry "$TMP/q6x5.dlx")"
t_eq "five boards of 6 queens: -c --up-to-symmetry -j 2" 1 "$("$DLX2" -c --up-to-symmetry -j 2 "$TMP/q6x5.dlx")"
"$DLX2" m1 --up-to-symmetry "$TMP/q6x5.dlx" > "$TMP/list" 2> "$TMP/report"
t_eq "five boards of 6 queens: m1 --up-to-symmetry, one solution listed" 1 "$(grep -c '^[0-9]*:$' "$TMP/list")"
t_eq "five boards of 6 queens: m1 --up-to-symmetry, the report's classes" \
    "1 class of solutions, one listed per class, under a group of order 3932160." "$(tail -1 "$TMP/report")"
t_run "five boards of 6 queens: m1 --up-to-symmetry, verified against the report" 0 "" \
    "$DLX2" --verify "$TMP/list" --report "$TMP/report" "$TMP/q6x5.dlx"
# five boards of 5 queens: each board's 10 solutions in 2 classes (of 8 and 2), so
# 10^5 solutions in C(2 + 5 - 1, 5) = 6 classes, each a multiset of the boards' classes
boards 5 5 > "$TMP/q5x5.dlx"
t_eq "five boards of 5 queens: 8^5 5! = 3932160 symmetries, more than 100000: the chain's way" \
    "order 3932160 1" "$("$DLX2" --symmetry "$TMP/q5x5.dlx" | sed -n 's/^order //p' | awk '{print "order", $1, ($1 > 100000)}')"
t_eq "five boards of 5 queens: -c" 100000 "$("$DLX2" -c "$TMP/q5x5.dlx")"
t_eq "five boards of 5 queens: -c --up-to-symmetry" 6 "$("$DLX2" -c --up-to-symmetry "$TMP/q5x5.dlx")"
t_eq "five boards of 5 queens: -c --up-to-symmetry --format=json" \
    '{"summary":{"classes":6,"complete":true,"stopped":null,"symmetry":{"order":3932160,"complete":true}}}' \
    "$("$DLX2" -c --up-to-symmetry --format=json "$TMP/q5x5.dlx")"
"$DLX2" m1 --up-to-symmetry "$TMP/q5x5.dlx" > "$TMP/list" 2> "$TMP/report"
t_eq "five boards of 5 queens: m1 --up-to-symmetry, 6 solutions listed, numbered 1 to 6" \
    "$(seq 1 6 | sed 's/$/:/')" "$(grep -E '^[0-9]+:$' "$TMP/list")"
t_eq "five boards of 5 queens: m1 --up-to-symmetry, the report counts them all, and the classes" \
    "Altogether 100000 solutions
6 classes of solutions, one listed per class, under a group of order 3932160." \
    "$(tail -2 "$TMP/report" | sed '1s/ solutions,.*/ solutions/')"
t_run "five boards of 5 queens: m1 --up-to-symmetry, verified against the report" 0 "" \
    "$DLX2" --verify "$TMP/list" --report "$TMP/report" "$TMP/q5x5.dlx"
# the 6 listed: each board's queens in the least of its class (the 8's holds a corner, the
# 2's not), boards in every one of the 6 multisets: the count of boards whose first row's
# queen is in column 0 (a corner) runs over 0 .. 5
t_eq "five boards of 5 queens: the 6 classes listed, 0 to 5 boards from the class of 8" "0 1 2 3 4 5" \
    "$(awk '/^[0-9]+:$/ {if (k) print c + 0; k = 1; c = 0; next} /r0/ && /c0/ {c++} END {print c + 0}' "$TMP/list" | sort -n | tr '\n' ' ' | sed 's/ $//')"
# Latin squares of order 5 (cell, row-symbol and column-symbol items): rows, columns and
# symbols relabelled, and the three roles permuted, 5!^3 3! = 10368000 symmetries; the
# 161280 squares fall into 2 main classes
awk -v n=5 'BEGIN {l = ""; for (a = 0; a < n; a++) for (b = 0; b < n; b++) l = l " p" a b " r" a b " c" a b
    print substr(l, 2)
    for (r = 0; r < n; r++) for (c = 0; c < n; c++) for (s = 0; s < n; s++) print "p" r c " r" r s " c" c s}' \
    > "$TMP/latin5.dlx"
t_eq "Latin squares of order 5: 5!^3 3! symmetries" "order 10368000" "$("$DLX2" --symmetry "$TMP/latin5.dlx" | sed -n 1p)"
t_eq "Latin squares of order 5: -c" 161280 "$("$DLX2" -c "$TMP/latin5.dlx")"
t_eq "Latin squares of order 5: -c --up-to-symmetry, the 2 main classes" 2 \
    "$("$DLX2" -c --up-to-symmetry "$TMP/latin5.dlx")"
# a walk over all the solutions cut short by --time-limit: no number, status 4
boards 8 5 > "$TMP/q8x5.dlx"
t_run "-c --up-to-symmetry --time-limit 0.3, a group too large to list: cut short, no number, status 4" 4 \
    "dlx2: the count stopped early (the time limit or a signal): no number to give" \
    "$DLX2" -c --up-to-symmetry --time-limit 0.3 "$TMP/q8x5.dlx"
t_eq "-c --up-to-symmetry --time-limit 0.3, a group too large to list: nothing on stdout" "" "$(cat "$TMP/out")"
printf '2:3|A B\nA\nB\nA B\n' > "$TMP/mcc.dlx"
t_run "--up-to-symmetry: no multiplicities" 2 \
    "dlx2: --up-to-symmetry and --use-symmetry are for problems without multiplicities" \
    "$DLX2" -c --up-to-symmetry "$TMP/mcc.dlx"
printf 'A B\nA |1\nB |1\nA B |3\n' > "$TMP/costs.dlx"
t_run "--use-symmetry: no costs" 2 \
    "dlx2: --up-to-symmetry and --use-symmetry are for problems without costs" \
    "$DLX2" -c --use-symmetry --knuth=dlx2 "$TMP/costs.dlx"
t_run "m1 --up-to-symmetry: no costs" 2 "(3 options, 2+0 items, 7 entries successfully read)
dlx2: --up-to-symmetry and --use-symmetry are for problems without costs" \
    "$DLX2" m1 --up-to-symmetry "$TMP/costs.dlx"
printf 'A B\nA C\n' > "$TMP/bad.dlx"
t_run "--symmetry: bad input named by file, line and column" 2 \
    "dlx2: $TMP/bad.dlx:2:3: unknown item 'C'" "$DLX2" --symmetry "$TMP/bad.dlx"
"$DLX2" --symmetry "$TMP/l4.dlx" > /dev/full 2> "$TMP/err"
t_eq "--symmetry: stdout gone, said so, status 1" \
    "1 dlx2: error writing to standard output: No space left on device" "$? $(cat "$TMP/err")"

# ---- the module, by its driver -------------------------------------------------------

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

# random problems: helped = plain, and the classes against the solutions listed
n=0 bad=""
for seed in $(seq 1 60); do
    "$RAND" "$seed" > "$TMP/r.dlx"
    "$SYM" -u -c -k -b < "$TMP/r.dlx" > "$TMP/out" 2> /dev/null || { bad="$bad $seed"; continue; }
    "$SYM" -u -j 2 < "$TMP/r.dlx" 2> /dev/null | grep '^count ' >> "$TMP/out" || { bad="$bad $seed"; continue; }
    a=$(grep '^count ' "$TMP/out" | sort -u | wc -l)
    k=$(field classes < "$TMP/out") b=$(field brute < "$TMP/out") c=$(field closure < "$TMP/out")
    [ "$a" = 1 ] && [ "$k" = "$b" ] && [ "$b" = "$c" ] || bad="$bad $seed"
    n=$((n + 1))
done
t_eq "random problems: helped = helped on 2 threads = plain, classes = canonical solutions listed" "" "$bad"
t_eq "random problems checked" 60 "$n"
