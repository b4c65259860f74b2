# dlx2 --sample N [--seed S] (formats/zdd.md): sound solutions, in the
# m1 layout or JSON, reproducible from the seed, and uniform: a
# chi-square test over 50,000 draws from the 243 solutions of
# random-small-015 (fixed seeds, so it cannot flake; the statistic is
# checked against a threshold, and shown to fail on a biased draw).
. "$(dirname "$0")/../lib.sh"
P=$REF/instances/random-small-015.dlx
N=243

. "$(dirname "$0")/sample-chi2.bash"

"$DLX2" --sample 50000 --format=json "$P" > "$TMP/a.json" 2> "$TMP/a.err"
t_eq "50,000 JSON draws and a summary" "50001 $N" \
    "$(wc -l < "$TMP/a.json" | tr -d ' ') $(tail -1 "$TMP/a.json" | sed 's/.*"solutions":\([0-9]*\).*/\1/')"
t_match "the closing line counts all the solutions" \
    "^Altogether $N solutions, [0-9]+ bytes, 50 nodes \\(--engine=zdd: no mems counted\\)\\.$" "$(tail -1 "$TMP/a.err")"
# 242 degrees of freedom: mean 242, standard deviation 22; 320 is past the 0.999 quantile
uniform "$TMP/a.json" "$P" $N 320 253.81

for seed in 1 2 3; do
    "$DLX2" --sample 20000 --seed $seed --format=json "$P" > "$TMP/s$seed.json" 2> /dev/null
    read -r distinct stat <<< "$(chi2 "$TMP/s$seed.json" $N)"
    t_eq "seed $seed: chi-square below 320 over 20,000 draws" yes \
        "$(awk -v x="$stat" 'BEGIN {print (x < 320 ? "yes" : "no")}')"
done

# ---- reproducible ----
"$DLX2" --sample 20000 --seed 1 --format=json "$P" 2> /dev/null | grep -v summary > "$TMP/again.json"
grep -v summary "$TMP/s1.json" | cmp -s - "$TMP/again.json"
t_eq "the same seed draws the same solutions" 0 $?
cmp -s "$TMP/s1.json" "$TMP/s2.json"
t_eq "another seed draws others" 1 $?
"$DLX2" --sample 3 --seed 5 "$REF/instances/knuth-example-colors.dlx" > "$TMP/one" 2> /dev/null
t_file_eq "a problem with one solution: it, three times, numbered" "$TMP/one" <(
    for k in 1 2 3; do echo "$k:"; tail -n +2 "$REF/expected/knuth-example-colors.m1.stdout"; done)

# ---- the m1 layout: what dlx2 m1 lists, (k of d) and all ----
"$DLX2" --sample 200 --seed 9 "$REF/instances/queens-8.dlx" > "$TMP/q" 2> /dev/null
t_eq "--sample lists in the m1 layout; --verify finds the 200 sound" "200 solutions verified" \
    "$("$DLX2" --verify "$TMP/q" "$REF/instances/queens-8.dlx" --count 200 --allow-repeats 2> /dev/null)"
awk '/^[0-9]+:$/ {if (s != "") print s; s = ""; next} {s = s $0 "|"} END {print s}' "$TMP/q" | sort -u > "$TMP/drawn"
awk '/^[0-9]+:$/ {if (s != "") print s; s = ""; next} {s = s $0 "|"} END {print s}' \
    "$REF/expected/queens-8.m1.stdout" | sort -u > "$TMP/all"
t_eq "... each draw is one of dlx2 m1's solutions, line for line" "" "$(comm -23 "$TMP/drawn" "$TMP/all")"

# ---- no solution, and bad arguments ----
t_eq "no solution: nothing drawn" "" "$("$DLX2" --sample 5 "$REF/instances/knight-cover-closed-5.dlx" 2> /dev/null)"
help="Try 'dlx2 --help' for more information."
t_run "--sample 0" 2 "dlx2: --sample needs a number of solutions (1 to 18446744073709551615), not '0'
$help" "$DLX2" --sample 0 "$P"
t_run "--seed without --sample" 2 "dlx2: --seed does not go with a search
$help" "$DLX2" --seed 4 "$P"
t_run "--seed -1" 2 "dlx2: --seed needs a seed (0 to 18446744073709551615), not '-1'
$help" "$DLX2" --sample 3 --seed -1 "$P"
t_run "--sample with -c" 2 "dlx2: --sample lists on stdout: -c does not go with it
$help" "$DLX2" --sample 3 -c "$P"
t_run "--sample with --zdd" 2 "dlx2: --zdd and --sample do not go together
$help" "$DLX2" --sample 3 --zdd "$P"
