# The ZDD of a problem with multiplicities (formats/zdd.md, "Problems
# with multiplicities"): the family of option sets that are solutions,
# made on DLX3's tree. On the quick tier of data/reference-family/dlx3
# its count (--zdd-count) and --engine=zdd -c are DLX3's and dlx2's
# counts, the zdd engine lists DLX3's solutions (null choices aside),
# every solution is a distinct set, and --sample draws uniformly.
. "$(dirname "$0")/../lib.sh"
FAM=$ROOT/data/reference-family/dlx3

# sets FILE — the distinct option sets of the JSON solutions in FILE (input lines, sorted)
sets() {
    awk '/"solution"/ {match($0, /"lines":\[[^]]*\]/); n = split(substr($0, RSTART + 9, RLENGTH - 10), a, ",")
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {t = a[j]; a[j] = a[j - 1]; a[j - 1] = t}
        s = ""; for (i = 1; i <= n; i++) s = s a[i] " "; print s}' "$1" | sort -u
}

# ---- counts, listings and distinct sets on the quick tier ----
counted="" listed="" twice="" n=0 nl=0 nd=0
while IFS=$'\t' read -r name tier sols rest; do
    [ "$tier" = quick ] || continue
    n=$((n + 1))
    P=$FAM/instances/$name.dlx
    "$DLX2" --zdd "$P" > "$TMP/z" 2> /dev/null || counted="$counted $name(status)"
    [ "$("$DLX2" --zdd-count "$TMP/z")" = "$sols" ] || counted="$counted $name(--zdd-count)"
    [ "$("$DLX2" --engine=zdd -c "$P" 2> /dev/null)" = "$sols" ] || counted="$counted $name(-c)"
    [ "$("$DLX2" -c "$P" 2> /dev/null)" = "$sols" ] || counted="$counted $name(dlx2 -c)"
    e=$FAM/expected/$name.m1.stdout
    if [ -f "$e" ]; then
        nl=$((nl + 1))
        "$DLX2" --engine=zdd m1 "$P" 2> /dev/null | cmp -s - <(grep -v '^ null ' "$e") || listed="$listed $name"
    fi
    if [ "$sols" -le 50000 ]; then
        nd=$((nd + 1))
        "$DLX2" --engine=zdd m1 --format=json "$P" > "$TMP/j" 2> /dev/null
        [ "$(sets "$TMP/j" | wc -l | tr -d ' ')" = "$sols" ] || twice="$twice $name"
    fi
done < "$FAM/MANIFEST.tsv"
# each check also fails when its loop ran on fewer instances than there are
few() { [ "$1" -ge "$2" ] || echo " (only $1 instances, not $2)"; }
t_eq "--zdd-count, --engine=zdd -c and dlx2 -c count DLX3's solutions ($n instances)" "" \
    "$counted$(few "$n" 43)"
t_eq "--engine=zdd m1 lists DLX3's solutions without null choices ($nl instances)" "" \
    "$listed$(few "$nl" 34)"
t_eq "no option set comes twice ($nd instances of up to 50,000 solutions)" "" "$twice$(few "$nd" 38)"

# ---- a small one in full ----
P=$FAM/instances/knuth-example-mcc.dlx
t_run "--zdd of Knuth's MCC example" 0 "(5 options, 3+2 items, 19 entries successfully read)
Altogether 1 solution, 98304 bytes, 6 nodes, 3 ZDD nodes (--engine=zdd: no mems counted)." \
    "$DLX2" --zdd "$P"
t_eq "... its ZDD: options 2, 4 and 5" "2: (~5?0:1)
3: (~4?0:2)
4: (~2?0:3)
5: (~0?0:4)" "$(cat "$TMP/out")"
t_run "--knuth=dlx3 on an exact cover: DLX3's tree, the same family" 0 '*' \
    "$DLX2" --zdd --knuth=dlx3 "$REF/instances/queens-8.dlx"
t_eq "... 92 solutions" 92 "$("$DLX2" --zdd-count "$TMP/out")"
printf '0:1|A\nA\n' > "$TMP/empty.dlx"
t_run "an item of bounds 0:1: the empty set is a solution" 0 '*' "$DLX2" --zdd "$TMP/empty.dlx"
t_eq "... the family {{}, {A}}" "2: (~1?1:1)
3: (~0?0:2)" "$(cat "$TMP/out")"

# ---- --sample: uniform over the 436 solutions of random-mcc-small-017 ----
. "$(dirname "$0")/sample-chi2.bash"
P=$FAM/instances/random-mcc-small-017.dlx
"$DLX2" --sample 50000 --seed 7 --format=json "$P" > "$TMP/a.json" 2> /dev/null
# 435 degrees of freedom: mean 435, standard deviation 29.5; 530 is past the 0.999 quantile
uniform "$TMP/a.json" "$P" 436 530 491.36
"$DLX2" --sample 300 --seed 2 "$P" > "$TMP/s" 2> /dev/null
t_eq "--sample in the m1 layout: 300 draws, each one of the listing's solutions" "300 0" \
    "$(grep -c '^[0-9]*:$' "$TMP/s") $(awk '/^[0-9]+:$/ {if (s != "") print s; s = ""; next} {s = s $0 "|"} END {print s}' "$TMP/s" |
        sort -u | comm -23 - <("$DLX2" --engine=zdd m1 "$P" 2> /dev/null |
        awk '/^[0-9]+:$/ {if (s != "") print s; s = ""; next} {s = s $0 "|"} END {print s}' | sort -u) | wc -l | tr -d ' ')"
