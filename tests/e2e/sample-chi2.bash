# tests/e2e/sample-chi2.bash — sourced by sample.sh and zdd-mcc.sh (not a
# test of its own): the chi-square test of --sample's draws.

# chi2 FILE N — the number of distinct solutions among the JSON draws in
# FILE, and the statistic over N solutions (a solution is told by its
# options' input lines; one never drawn counts too)
chi2() {
    awk -v N="$2" '/"solution"/ {match($0, /"lines":\[[^]]*\]/); c[substr($0, RSTART, RLENGTH)]++; n++}
        END {for (k in c) {d++; x += (c[k] - n / N) ^ 2 / (n / N)}; x += (N - d) * n / N
             printf "%d %.2f\n", d, x}' "$1"
}

# uniform FILE PROBLEM N LIMIT STAT — the JSON draws in FILE from PROBLEM
# (of N solutions) are sound (--verify), take every solution, have a
# statistic below LIMIT (past the 0.999 quantile for N - 1 degrees of
# freedom), exactly STAT (the seed is fixed); and the same draws with one
# solution taking the place of every 40th (2.5% of bias) pass LIMIT, so
# the test can fail.
uniform() {
    local f=$1 p=$2 n=$3 limit=$4 want=$5 draws distinct stat
    draws=$(grep -c '"solution"' "$f")
    t_eq "--verify finds the $draws draws sound" "$draws solutions verified" \
        "$("$DLX2" --verify "$f" "$p" --count "$draws" --allow-repeats 2> /dev/null)"
    read -r distinct stat <<< "$(chi2 "$f" "$n")"
    t_eq "every one of the $n solutions is drawn" "$n" "$distinct"
    t_eq "chi-square below $limit (uniform draws)" yes \
        "$(awk -v x="$stat" -v l="$limit" 'BEGIN {print (x < l ? "yes" : "no")}')"
    t_eq "... and exactly the statistic of its seed" "$want" "$stat"
    awk '/"solution"/ && NR % 40 == 0 {sub(/"lines":\[[^]]*\]/, "\"lines\":[1,2,3]")} {print}' "$f" > "$TMP/biased.json"
    read -r distinct stat <<< "$(chi2 "$TMP/biased.json" "$n")"
    t_eq "... a 2.5% bias passes $limit" yes \
        "$(awk -v x="$stat" -v l="$limit" 'BEGIN {print (x > l ? "yes" : "no")}')"
}
