# dlx2 --zdd, --zdd-count and --engine=zdd (formats/zdd.md): the ZDDs
# are DLX6's byte for byte, count what DLX2 counts, and read back; the
# zdd engine lists DLX2's solutions; bad input and impossible
# combinations get their messages.
. "$(dirname "$0")/../lib.sh"
FAM=$ROOT/data/reference-family/dlx6

manifest_value() { awk -F'\t' -v n="$2" -v c="$3" '$1 == n {print $c}' "$1"; }

# ---- DLX6's ZDDs byte for byte, its figures, and --zdd-count of both ----
# (the quick tier: DLX6's closing line for each; 55 have their ZDD stored)
differ="" bad="" counted="" n=0 nz=0
while IFS=$'\t' read -r name tier sols upd cl snodes znodes rest; do
    [ "$tier" = quick ] || continue
    n=$((n + 1))
    "$DLX2" --zdd "$REF/instances/$name.dlx" > "$TMP/z" 2> "$TMP/e" || bad="$bad $name(status)"
    [ "$znodes" -gt 2 ] && znodes=$((znodes - 2)) || znodes=0
    s=""; [ "$sols" = 1 ] || s=s
    z=""; [ "$znodes" = 1 ] || z=s
    tail -1 "$TMP/e" |
        grep -Eqx "Altogether $sols solution$s, [0-9]+ bytes, $snodes nodes, $znodes ZDD node$z \(--engine=zdd: no mems counted\)\." ||
        bad="$bad $name"
    want=$(manifest_value "$REF/MANIFEST.tsv" "$name" 3)
    [ "$("$DLX2" --zdd-count "$TMP/z")" = "$want" ] || counted="$counted $name(dlx2)"
    e=$FAM/expected/$name.m1.stdout
    [ -f "$e" ] || continue
    nz=$((nz + 1))
    cmp -s "$e" "$TMP/z" || differ="$differ $name"
    [ "$("$DLX2" --zdd-count "$e")" = "$want" ] || counted="$counted $name(dlx6)"
done < "$FAM/MANIFEST.tsv"
# each check also fails when its loop ran on fewer instances than there are (61 and 52)
few() { [ "$1" -ge "$2" ] || echo " (only $1 instances, not $2)"; }
t_eq "dlx2 --zdd writes DLX6's ZDD byte for byte on the $nz stored instances" "" "$differ$(few "$nz" 52)"
t_eq "its closing line has DLX6's solutions, search nodes and ZDD nodes ($n instances)" "" \
    "$bad$(few "$n" 61)"
t_eq "--zdd-count counts DLX2's solutions in DLX6's $nz ZDDs and in dlx2's $n" "" \
    "$counted$(few "$nz" 52)$(few "$n" 61)"

# ---- the zdd engine lists DLX2's solutions, and counts them ----
bad="" n=0
for e in "$REF"/expected/*.m1.stdout; do
    name=$(basename "$e" .m1.stdout)
    n=$((n + 1))
    "$DLX2" --engine=zdd m1 "$REF/instances/$name.dlx" > "$TMP/l" 2> /dev/null
    cmp -s "$e" "$TMP/l" || bad="$bad $name(m1)"
    [ "$("$DLX2" --engine=zdd -c "$REF/instances/$name.dlx" 2> /dev/null)" = \
        "$(manifest_value "$REF/MANIFEST.tsv" "$name" 3)" ] || bad="$bad $name(-c)"
done
t_eq "--engine=zdd m1 lists DLX2's solutions byte for byte, -c counts them ($n instances)" "" \
    "$bad$(few "$n" 53)"

# ---- a 3x3 word rectangle: 1362 options, so the engine keys its subproblems as
# DLX6 does (active items and secondary items' colors, lib/zdd/dlx2.c's
# count_key); DLX6's ZDD of it (dlx6 m1) has this cksum, 3530 nodes ----
"$GEN/gen-wordrect" "$ROOT/data/words/common-3.txt" "$ROOT/data/words/common-3.txt" > "$TMP/wr3.dlx"
t_eq "a word rectangle keyed by its items: DLX6's ZDD (its cksum)" "2802050685 65216" \
    "$("$DLX2" --zdd "$TMP/wr3.dlx" 2> /dev/null | cksum)"
t_eq "... and --engine=zdd m1 lists DLX2's 2460 solutions" "$("$DLX2" m1 "$TMP/wr3.dlx" 2> /dev/null)" \
    "$("$DLX2" --engine=zdd m1 "$TMP/wr3.dlx" 2> /dev/null)"

# ---- counts past 2^64: 70 items of two options each ----
awk 'BEGIN {for (i = 1; i <= 70; i++) printf "a%d ", i; print "";
            for (i = 1; i <= 70; i++) {print "a" i; print "a" i}}' > "$TMP/wide.dlx"
t_eq "-c --engine=zdd counts 2^70 solutions exactly" 1180591620717411303424 \
    "$("$DLX2" -c --engine=zdd "$TMP/wide.dlx")"
t_eq "... and so does --zdd-count its ZDD (140 nodes)" 1180591620717411303424 \
    "$("$DLX2" --zdd "$TMP/wide.dlx" 2> /dev/null | "$DLX2" --zdd-count -)"
t_match "... and the closing line" '^Altogether 1180591620717411303424 solutions, ' \
    "$("$DLX2" --zdd "$TMP/wide.dlx" 2>&1 > /dev/null | tail -1)"
# a chain of 300 nodes, each doubling the count: 2^300 needs 5 limbs
awk 'BEGIN {print "2: (~1?1:1)"; for (i = 3; i <= 301; i++) printf "%x: (~%d?%x:%x)\n", i, i - 1, i - 1, i - 1;
            printf "%x: (~0?0:%x)\n", 302, 301}' > "$TMP/chain.zdd"
t_eq "--zdd-count counts past 2^128 (2^300)" \
    "$(echo '2^300' | bc | tr -d '\\\n')" "$("$DLX2" --zdd-count "$TMP/chain.zdd")"
t_eq "-q --zdd-count: the same count, nothing else" \
    "$(echo '2^300' | bc | tr -d '\\\n')" "$("$DLX2" -q --zdd-count "$TMP/chain.zdd" 2>&1)"
printf '2: (~0?0:0)\n' > "$TMP/none.zdd"
t_eq "--zdd-count of the empty family" 0 "$("$DLX2" --zdd-count "$TMP/none.zdd")"

# ---- impossible combinations: exit 2 ----
Q=$REF/instances/queens-8.dlx
help="Try 'dlx2 --help' for more information."
t_run "--zdd with -j" 2 "dlx2: the ZDD engine (--zdd, --sample, --engine=zdd) walks in one thread (on DLX2's tree, -c may take -j): -j and --shard do not go with it
$help" "$DLX2" --zdd -j2 "$Q"
# (--zdd with one of DLX6's arguments plays DLX6, #31: tests/e2e/knuth-dlx6.sh)
t_run "--zdd with m1 plays DLX6: its report" 0 "$(cat "$ROOT/data/reference-family/dlx6/expected/queens-8.stderr")" \
    "$DLX2" --zdd m1 "$Q"
t_file_eq "... and its ZDD" "$ROOT/data/reference-family/dlx6/expected/queens-8.m1.stdout" "$TMP/out"
t_run "--zdd with --format=json" 2 "dlx2: --zdd writes DLX6's text format: --format=json does not go with it
$help" "$DLX2" --zdd --format=json "$Q"
t_run "--zdd with another engine" 2 "dlx2: --zdd and --sample take the zdd engine, not --engine=fast
$help" "$DLX2" --zdd --engine=fast "$Q"
t_run "--zdd with t<n> plays DLX6" 0 "(64 options, 16+26 items, 316 entries successfully read)
Altogether 5 solutions, 11290+12392 mems, 608 updates, 0 cleansings, 8232 bytes, 39 search nodes, 30 ZDD nodes, 10+25 signatures, 5 hits." \
    "$DLX2" --zdd t5 "$Q"
t_run "--engine=zdd with t<n>" 2 "dlx2: the ZDD engine finds every solution at once and counts no mems: t<n>, T<n> and d<n> do not go with it
$help" "$DLX2" -c --engine=zdd t5 "$Q"
t_run "--zdd with s<n> plays DLX6" 0 "(64 options, 16+26 items, 316 entries successfully read)
Altogether 92 solutions, 12912+327706 mems, 15815 updates, 0 cleansings, 34696 bytes, 964 search nodes, 511 ZDD nodes, 443+419 signatures, 103 hits." \
    "$DLX2" --zdd s3 "$Q"
t_run "--sample with s<n>" 2 "dlx2: the ZDD engine does not do s<n> (--sample takes --seed)
$help" "$DLX2" --sample 2 s3 "$Q"
t_run "--zdd-count with other arguments" 2 "dlx2: --zdd-count takes a FILE and -q, nothing else
$help" "$DLX2" --zdd-count x.zdd m1
# (problems with multiplicities: tests/e2e/zdd-mcc.sh)

# ---- cut short (here by --time-limit): exit 4, and a ZDD that --zdd-count refuses ----
# (the 20 queens, hours; the 6x10 box's ZDD takes 1.2 s of CPU, 6 times
# the limit, 3 times on a machine twice as fast)
"$GEN/gen-queens" 20 > "$TMP/q20.dlx"
t_run "cut short by --time-limit: exit 4" 4 "*" \
    "$DLX2" --zdd --time-limit 0.2 "$TMP/q20.dlx"
cp "$TMP/out" "$TMP/cut.zdd"
t_run "... its ZDD has no root: --zdd-count refuses it" 2 \
    "dlx2: $TMP/cut.zdd:$(wc -l < "$TMP/cut.zdd"):1: the last line is not a root \"N: (~0?0:R)\": the ZDD is cut short" \
    "$DLX2" --zdd-count "$TMP/cut.zdd"

# ---- past --memory-limit: exit 3, a message that says why and what to do ----
# (to draw the knight's 6x6 covers the memo keeps the ZDD's nodes, about 40 MB: past 32M)
"$GEN/gen-knight" 6 > "$TMP/knight6.dlx" 2> /dev/null
why="--zdd, --sample and --engine=zdd keep the whole ZDD in memory: raise --memory-limit, or give none"
t_run "--sample past --memory-limit 32M: exit 3" 3 "(160 options, 72+0 items, 480 entries successfully read)
dlx2: the ZDD would pass the memory limit of 33554432 bytes, with 184362 subproblems in its memo so far ($why)" \
    "$DLX2" --sample 3 --memory-limit 32M "$TMP/knight6.dlx"
t_eq "... --sample lists nothing" "" "$(cat "$TMP/out")"
t_run "... within 64M: the draws" 0 '*' "$DLX2" --sample 3 --memory-limit 64M "$TMP/knight6.dlx"
t_eq "... three of them" 3 "$(grep -c '^[0-9]*:$' "$TMP/out")"

# ---- --zdd-count's bad input: file:line:col, exit 2 ----
bad_zdd() { # NAME TEXT MESSAGE
    printf "$2" > "$TMP/bad.zdd"
    t_run "--zdd-count: $1" 2 "dlx2: <stdin>:$3" "$DLX2" --zdd-count - < "$TMP/bad.zdd"
}
bad_zdd "a node named before it is defined" '2: (~1?0:3)\n' '1:10: node 3 is not defined on an earlier line'
bad_zdd "a node defined twice" '2: (~1?0:1)\n2: (~2?0:1)\n' '2:1: node 2 is defined twice'
bad_zdd "a sink defined" '1: (~1?0:1)\n' '1:1: node 1 is a sink (0 and 1 are the sinks)'
bad_zdd "a stray character" '2: (~1?0:1)\n3: (~2?2:x)\n' "2:10: 'x' where a hex digit or ')' belongs"
bad_zdd "no option number" '2: (~?0:1)\n' '1:6: an option number (decimal) expected'
bad_zdd "a line cut short" '2: (~1?0:1' '1:11: the last line has no newline'
bad_zdd "something after the node" '2: (~1?0:1) \n' '1:12: the line goes on after the node'
bad_zdd "a problem, not a ZDD" '| queens\nA B\nA\n' \
    '1:1: this is not a ZDD, whose lines are nodes "N: (~V?LO:HI)" (dlx2 --zdd writes one; --zdd-count counts its solutions)'
bad_zdd "blanks where none belong" '2:(~1?0:1)\n' "1:3: ' (~' expected (a node is \"N: (~V?LO:HI)\")"
t_run "--zdd-count: an empty file" 2 "dlx2: <stdin>: no nodes (the root is the last line)" \
    "$DLX2" --zdd-count - < /dev/null
t_run "--zdd-count: a missing file" 2 "dlx2: $TMP/none: cannot open: No such file or directory" \
    "$DLX2" --zdd-count "$TMP/none"
t_run "--zdd-count to a full disk: exit 1" 1 "dlx2: error writing to standard output: No space left on device" \
    sh -c "'$DLX2' --zdd-count '$TMP/none.zdd' > /dev/full"
t_run "--zdd to a full disk: exit 1" 1 "*" sh -c "'$DLX2' --zdd '$Q' > /dev/full"

# costs (DLX5's |n) are refused by everything DLX6 and DLX-PRE do
printf 'A B\nA |3\nB |2\nA B |1\n' > "$TMP/costs.dlx"
for a in --zdd "--sample 2" --preprocess -P; do
    t_run "$a with costs: refused" 2 "dlx2: $TMP/costs.dlx: costs in the options, which ${a% *} does not take (Knuth's DLX6 and DLX-PRE read none)" \
        "$DLX2" $a "$TMP/costs.dlx"
done
