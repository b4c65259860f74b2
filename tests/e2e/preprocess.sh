# dlx2 --preprocess and -P (formats/preprocess.md): DLX-PRE's reduced
# problems byte for byte, its counts of what went, its v4 and v8 lines;
# the reduced problems keep the solutions; bad arguments.
. "$(dirname "$0")/../lib.sh"
FAM=$ROOT/data/reference-family/dlx-pre

# ---- DLX-PRE's output byte for byte, and its closing figures ----
differ="" bad="" n=0
while IFS=$'\t' read -r name tier ro ri rounds rest; do
    [ "$name" = name ] && continue
    n=$((n + 1))
    "$DLX2" --preprocess "$REF/instances/$name.dlx" > "$TMP/out" 2> "$TMP/err" || bad="$bad $name(status)"
    cmp -s "$FAM/expected/$name.stdout" "$TMP/out" || differ="$differ $name"
    # the whole report is DLX-PRE's (#31): its mems, its rounds, its progress lines
    cmp -s "$FAM/expected/$name.stderr" "$TMP/err" || bad="$bad $name"
    [ "$(tail -1 "$TMP/err")" = "$(printf 'Removed %s option%s and %s item%s, after ' "$ro" \
        "$([ "$ro" = 1 ] || echo s)" "$ri" "$([ "$ri" = 1 ] || echo s)")$(tail -1 "$TMP/err" |
        sed 's/.*, after //')" ] || bad="$bad $name(manifest)"
done < "$FAM/MANIFEST.tsv"
# each check also fails when the loop ran on fewer instances than there are
few() { [ "$1" -ge "$2" ] || echo " (only $1 instances, not $2)"; }
t_eq "--preprocess writes DLX-PRE's reduced problem byte for byte ($n instances)" "" \
    "$differ$(few "$n" 65)"
t_eq "... and its report, mems included, byte for byte ($n instances)" "" "$bad$(few "$n" 65)"

# ---- what went, and whence each option comes (v4, v8), on Knuth's example ----
t_file_eq "v13: DLX-PRE's lines for each step, and each option's number as read" <(cat <<'OUT'
(6 options, 5+2 items, 22 entries successfully read)
Deleting item D, forced by A
 shortening A D G (option 2)
 shortening A D (option 4)
 deleting D E G (option 6)
Deleting item F, forced by C
 shortening C E F (option 1)
 shortening B C F (option 3)
 E blocked by B C (option 3)
Deleting item C, forced by E
 shortening C E (option 1)
Deleting item G, forced by B
 deleting A G (option 2)
 shortening B G (option 5)
Removed 3 options and 4 items, after 428+1284 mems, 3 rounds.
 A B E
 A
| (from 4)
 B
| (from 5)
 E
| (from 1)
OUT
) <("$DLX2" --preprocess v13 "$REF/instances/knuth-example-xc.dlx" 2>&1)
printf 'P Q\nQ\nQ\n' > "$TMP/none.dlx"
t_eq "a primary item without options: its name alone, everything removed" \
    "P|(2 options, 2+0 items, 4 entries successfully read)|Primary item P is in no options!|Removed 2 options and 2 items, after 68+1 mems, 0 rounds." \
    "$("$DLX2" --preprocess v5 "$TMP/none.dlx" 2> "$TMP/err")|$(paste -sd'|' "$TMP/err")"

# ---- the reduced problems keep the solutions; -P solves them (some reduced in part) ----
bad="" n=0
for name in knuth-example-colors knuth-example-xc queens-8 sudoku-inkala zebra-16-clues pentomino-3x20 \
    langford-7 knight-cover-closed-5 random-small-012 wordsearch-4x4-es-abel-land; do
    n=$((n + 1))
    want=$(awk -F'\t' -v n="$name" '$1 == n {print $3}' "$REF/MANIFEST.tsv")
    [ "$("$DLX2" -c -P "$REF/instances/$name.dlx" 2> /dev/null)" = "$want" ] || bad="$bad $name(-P)"
    [ "$("$DLX2" --preprocess "$REF/instances/$name.dlx" 2> /dev/null | "$DLX2" -c)" = "$want" ] ||
        bad="$bad $name(pipe)"
done
t_eq "-P -c and --preprocess | dlx2 -c count DLX2's solutions ($n instances)" "" "$bad"
t_eq "-P m1 lists the reduced options, and says what went" "Removed 2 options and 1 item in 2 rounds.
 A X:1 Y:1 (1 of 1)
 B X:1 (1 of 1)" \
    "$("$DLX2" -P m1 "$REF/instances/knuth-example-colors.dlx" 2>&1 | grep -v '^1:$\|^(\|^Option\|^Altogether')"

# ---- -P's budget (lib/pre/pre.h): cut short where the search is small, said so ----
note() { "$DLX2" -P t1 m0 v1 "$REF/instances/$1.dlx" 2>&1 > /dev/null | grep -E '^(Removed|Cut short)' | paste -sd'|'; }
t_eq "-P on pentomino-6x10: every option DLX-PRE removes goes before the budget runs out" \
    "Removed 144 options and 0 items in 2 rounds.|Cut short: the reduction's budget of 19788375 mems (0.75% of the search's estimated 2638450099) ran out." \
    "$(note pentomino-6x10)"
t_eq "-P on pentomino-4x15: cut short in round 1 (DLX-PRE removes 146 in 2 rounds)" \
    "Removed 26 options and 0 items in 1 round.|Cut short: the reduction's budget of 2155661 mems (0.75% of the search's estimated 287421560) ran out." \
    "$(note pentomino-4x15)"
t_eq "-P on pentomino-3x20: a search too small for any reduction (DLX-PRE removes 150)" \
    "Removed 0 options and 0 items in 1 round.|Cut short: the reduction's budget of 100000 mems (the least it gets; the search's estimated 2154536) ran out." \
    "$(note pentomino-3x20)"
t_eq "-P on knuth-example-xc: under the least budget, the whole reduction" \
    "Removed 3 options and 4 items in 3 rounds." "$(note knuth-example-xc)"
t_eq "-P -c on pentomino-4x15, reduced in part: all 1472 solutions" 1472 \
    "$("$DLX2" -P -c "$REF/instances/pentomino-4x15.dlx" 2> /dev/null)"

help="Try 'dlx2 --help' for more information."
t_run "--preprocess with m1" 2 "dlx2: --preprocess takes v<n>, t<n>, T<n>, d<n> and a FILE, nothing else
$help" "$DLX2" --preprocess m1 "$REF/instances/queens-8.dlx"
t_run "--preprocess with -c" 2 "dlx2: --preprocess takes v<n>, t<n>, T<n>, d<n> and a FILE, nothing else
$help" "$DLX2" --preprocess -c "$REF/instances/queens-8.dlx"
t_run "--preprocess to a full disk: exit 1" 1 "dlx2: error writing to standard output: No space left on device" \
    sh -c "'$DLX2' --preprocess v0 '$REF/instances/queens-8.dlx' > /dev/full"
for a in --preprocess -P; do
    t_run "$a: an MCC problem" 2 "(5 options, 3+2 items, 19 entries successfully read)
dlx2: --preprocess and -P take no multiplicities (DLX3's bounds a:b|name): DLX-PRE's reductions hold for exact covers only" \
        "$DLX2" $a "$ROOT/data/reference-family/dlx3/instances/knuth-example-mcc.dlx"
done
