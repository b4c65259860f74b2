# The corpus of Knuth's wider family (data/reference-family: DLX3's
# multiplicities, DLX5's costs, DLX6's ZDDs, DLX-PRE's reductions) held
# together: its files agree with its manifests, the instances are what
# make-instances writes, and the independent solver
# (tests/crosscheck/naive.c) finds DLX3's counts and DLX5's costs, the
# DLX2 corpus's counts in DLX6's ZDDs and in DLX-PRE's reduced problems.
# No dlx2 run here yet: the engines for the extensions come later.
. "$(dirname "$0")/../lib.sh"
BUILD=${BUILD:-build}
FAM=$ROOT/data/reference-family
NAIVE=$ROOT/$BUILD/naive

# manifest_value FILE NAME COLUMN [K] — one field of NAME's row (dlx5: its row for k=K)
manifest_value() {
    awk -F'\t' -v n="$2" -v c="$3" -v k="${4:-}" '$1 == n && (k == "" || $2 == k) {print $c}' "$1"
}

# ---- the instances are what make-instances writes ----
RAND=$ROOT/$BUILD/randxcc PENTO=$GEN/gen-pentomino "$FAM/make-instances" "$TMP/made" 2> "$TMP/err"
t_eq "make-instances runs quietly" "" "$(cat "$TMP/err")"
# (those made with gen-pentomino follow its comments, so they are left out)
differ=""
n=0
for f in "$FAM"/dlx3/instances/*.dlx "$FAM"/dlx5/instances/*.dlx; do
    grep -q '^| gen-pentomino' "$f" && continue
    n=$((n + 1))
    kind=$(basename "$(dirname "$(dirname "$f")")")
    cmp -s "$f" "$TMP/made/$kind/instances/$(basename "$f")" || differ="$differ $(basename "$f")"
done
t_eq "make-instances writes the $n instances that do not come from gen-pentomino byte for byte" "" "$differ"

# ---- the manifests agree with the stored outputs ----
bad=""
while IFS=$'\t' read -r name tier sols updates cleansings nodes mems options primary secondary entries; do
    [ "$name" = name ] && continue
    e=$FAM/dlx3/expected/$name
    want="($options options, $primary+$secondary items, $entries entries successfully read)"
    grep -qxF "$want" "$e.stderr" || bad="$bad $name(input)"
    tail -1 "$e.stderr" | grep -Eq "^Altogether $sols solutions?, [0-9]+\+$mems mems, $updates updates, $cleansings cleansings, [0-9]+ bytes, $nodes nodes, ccost [0-9]+%\.$" ||
        bad="$bad $name(figures)"
    case $tier in quick) [ "$mems" -lt 500000000 ] ;; bench) [ "$mems" -ge 500000000 ] ;; *) false ;; esac ||
        bad="$bad $name(tier)"
    if [ "$sols" -le 2000 ]; then
        [ "$(grep -c '^[0-9]*:$' "$e.m1.stdout" 2> /dev/null)" = "$sols" ] || bad="$bad $name(m1)"
    else
        [ ! -e "$e.m1.stdout" ] || bad="$bad $name(m1 kept)"
    fi
done < "$FAM/dlx3/MANIFEST.tsv"
t_eq "dlx3/MANIFEST.tsv: input lines, closing lines, tiers and m1 listings agree" "" "$bad"

bad=""
while IFS=$'\t' read -r name k tier sols updates cleansings nodes mems options primary secondary entries costs; do
    [ "$name" = name ] && continue
    e=$FAM/dlx5/expected/$name
    [ "$k" = 1 ] || e=$e.k$k
    grep -qxF "($options options, $primary+$secondary items, $entries entries successfully read)" "$e.stderr" ||
        bad="$bad $name/k$k(input)"
    grep -Eqx "Altogether $sols solutions?, [0-9]+\+$mems mems, $updates updates, $cleansings cleansings, [0-9]+ bytes, $nodes nodes\." "$e.stderr" ||
        bad="$bad $name/k$k(figures)"
    # every solution DLX5 prints with m1, and the last one costs the optimum
    [ "$(grep -c '^[0-9]*: (total cost \$[0-9]*)$' "$e.m1.stdout")" = "$sols" ] || bad="$bad $name/k$k(m1)"
    if [ "$sols" -gt 0 ] && [ "$k" = 1 ]; then
        last=$(grep '^[0-9]*: (total cost' "$e.m1.stdout" | tail -1 | sed 's/.*\$\([0-9]*\))$/\1/')
        [ "$last" = "$costs" ] || bad="$bad $name/k$k(last cost)"
    fi
done < "$FAM/dlx5/MANIFEST.tsv"
t_eq "dlx5/MANIFEST.tsv: input lines, closing lines and m1 listings agree" "" "$bad"

# ---- naive finds DLX3's counts (where it takes well under a second) ----
pick() { # the names of the instances of DIR that naive solves quickly
    ls "$1"/instances/*.dlx | sed 's|.*/||; s|\.dlx$||' |
        grep -E '^(knuth-|random-[a-z]*-small-|random-mcc-medium-|random-cost-medium-10[24]$|langford02-[78]$|langford12-6$|langford2-5$|pentomino02-5x6$|pentomino2-6x10|langford-7-cost$)' | sort
}
names=$(pick "$FAM/dlx3")
# shellcheck disable=SC2046
"$NAIVE" $(for n in $names; do echo "$FAM/dlx3/instances/$n.dlx"; done) > "$TMP/naive.txt"
for n in $names; do manifest_value "$FAM/dlx3/MANIFEST.tsv" "$n" 3; done > "$TMP/dlx3.txt"
t_file_eq "naive counts the solutions DLX3 counts, on $(echo "$names" | wc -l) instances with multiplicities" \
    "$TMP/dlx3.txt" "$TMP/naive.txt"
t_eq "... and they are not trivial (some thousands of solutions in all)" yes \
    "$(awk '{s += $1} END {print (s > 1000 ? "yes" : "no")}' "$TMP/naive.txt")"

# ---- naive finds DLX5's optimum costs, and its three best ----
names=$(pick "$FAM/dlx5")
# shellcheck disable=SC2046
"$NAIVE" -k 3 $(for n in $names; do echo "$FAM/dlx5/instances/$n.dlx"; done) > "$TMP/naive.txt"
for k in 1 3; do
    awk -v k=$k '{s = ""; for (i = 3; i < 3 + k && i <= NF; i++) s = s (s == "" ? "" : ",") $i; print (s == "" ? "-" : s)}' \
        "$TMP/naive.txt" > "$TMP/naive$k.txt"
    for n in $names; do manifest_value "$FAM/dlx5/MANIFEST.tsv" "$n" 13 $k; done > "$TMP/dlx5.txt"
    t_file_eq "naive finds the $k best costs DLX5 k$k finds, on $(echo "$names" | wc -l) instances with costs" \
        "$TMP/dlx5.txt" "$TMP/naive$k.txt"
done

# ---- DLX6's ZDDs hold the DLX2 corpus's solutions ----
# A ZDD node "N: (~V?LO:HI)" stands for the sets of LO (option V left
# out) and of HI (option V taken); 0 is no set, 1 the empty set; the last
# line is the root.
bad=""
nz=0
while IFS=$'\t' read -r name tier sols rest; do
    [ "$name" = name ] && continue
    [ "$sols" = "$(manifest_value "$REF/MANIFEST.tsv" "$name" 3)" ] || bad="$bad $name(count)"
    z=$FAM/dlx6/expected/$name.m1.stdout
    [ -f "$z" ] || continue
    nz=$((nz + 1))
    got=$(awk 'BEGIN {c["0"] = 0; c["1"] = 1}
        {id = $1; sub(/:$/, "", id); x = $2; gsub(/[()~]/, "", x); split(x, f, /[?:]/)
         c[id] = c[f[2]] + c[f[3]]; last = id}
        END {printf "%.0f\n", c[last]}' "$z")
    [ "$got" = "$sols" ] || bad="$bad $name(zdd $got)"
done < "$FAM/dlx6/MANIFEST.tsv"
t_eq "dlx6: DLX6's counts are DLX2's, and $nz ZDDs count as many solutions" "" "$bad"

# ---- DLX-PRE's reduced problems have as many solutions ----
names=$(awk -F'\t' '$1 ~ /^(knuth-|random-small-|langford-7$|queens-8$|zebra-|knight-cover-closed-4$|wordsearch-4x4|random-medium-106$)/ {print $1}' \
    "$FAM/dlx-pre/MANIFEST.tsv")
# shellcheck disable=SC2046
"$NAIVE" $(for n in $names; do echo "$FAM/dlx-pre/expected/$n.stdout"; done) > "$TMP/naive.txt"
for n in $names; do manifest_value "$REF/MANIFEST.tsv" "$n" 3; done > "$TMP/dlx2.txt"
t_file_eq "dlx-pre: naive counts DLX2's solutions in $(echo "$names" | wc -l) reduced problems" "$TMP/dlx2.txt" "$TMP/naive.txt"
bad=$(awk -F'\t' 'NR > 1 {print $1}' "$FAM/dlx-pre/MANIFEST.tsv" | while read -r n; do
    tail -1 "$FAM/dlx-pre/expected/$n.stderr" | grep -Eq '^Removed [0-9]+ options? and [0-9]+ items?, after [0-9]+\+[0-9]+ mems, [0-9]+ rounds?\.$' ||
        echo "$n"
done)
t_eq "dlx-pre: every report ends with DLX-PRE's closing line" "" "$bad"

# ---- the argument cases and bad inputs are complete ----
bad=""
for p in dlx3 dlx5; do
    a=$ROOT/tests/expected/knuth-args-$p
    while IFS=$'\t' read -r id inst _; do
        [ -f "$a/$id.stdout" ] && [ -f "$a/$id.stderr" ] && [ -f "$FAM/$p/instances/$inst.dlx" ] || bad="$bad $p/$id"
    done < "$a/CASES.tsv"
done
while IFS=$'\t' read -r id _ _ status _; do
    [ "$id" = id ] && continue
    [ -f "$FAM/bad-input/$id.dlx" ] && [ -s "$FAM/bad-input/$id.stderr" ] || bad="$bad bad-input/$id"
    case $status in 0 | 102 | 255) ;; *) bad="$bad bad-input/$id(status $status)" ;; esac
done < "$FAM/bad-input/CASES.tsv"
t_eq "knuth-args-dlx3, knuth-args-dlx5, bad-input: every case has its input and outputs" "" "$bad"
