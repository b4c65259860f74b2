# dlx2 --knuth=ssxcc and --knuth=dlx1 write byte for byte what Knuth's
# SSXCC and DLX1 write (#31), on stdout and on stderr, as
# data/reference-family/make-expected-ssxcc-dlx1 recorded them:
#   - every quick instance of data/reference (DLX1: those without
#     colors), with the default arguments and with m1;
#   - random problems of build/randxcc from fixed seeds (PROG/random/
#     INSTANCES.tsv), under each row of PROG/random/ARGS.tsv;
#   - the arguments, tests/expected/knuth-args-PROG/CASES.tsv (and the
#     shape file of S<file>). Both programs take the same ones:
#       v<n>  verbosity: 1 the input and closing lines, 2 each choice,
#             4 each choice's details, 128 the profile, 256 full states
#             in progress reports, 512 the item totals, 1024 warnings,
#             2048 the maximum branching degree
#       m<n>  list every n-th solution      s<n>  random seed
#       d<n>  a progress report every n mems
#       c<n>, l<n>  which levels v2 and v4 trace
#       C<n>  levels shown in progress reports
#       t<n>  stop after n solutions        T<n>  stop after n mems
#       S<file>  the shape of the tree
#     and a check below makes sure the cases give every letter and v bit.
# The bench-tier instances (seconds each) are knuth-ssxcc-dlx1.bench.sh's:
# it runs the first part only, with WANT_TIER=bench.
. "$(dirname "$0")/../lib.sh"
BUILD=${BUILD:-build}
TIER=${WANT_TIER:-quick}
FAM=$ROOT/data/reference-family
RAND=$ROOT/$BUILD/randxcc

# instances PROG TIER: the names of PROG's manifest in that tier
instances() {
    awk -F'\t' -v t="$2" 'NR > 1 && $2 == t {print $1}' "$FAM/$1/MANIFEST.tsv"
}

for prog in ssxcc dlx1; do
    E=$FAM/$prog/expected
    # ---- the reference instances ----
    n=0 m=0 bad=""
    for name in $(instances $prog "$TIER"); do
        f=$REF/instances/$name.dlx
        "$DLX2" --knuth=$prog < "$f" > "$TMP/out" 2> "$TMP/err"
        cmp -s "$E/$name.stderr" "$TMP/err" && [ ! -s "$TMP/out" ] || bad="$bad $name"
        n=$((n + 1))
        if [ -f "$E/$name.m1.stdout" ]; then
            "$DLX2" --knuth=$prog m1 < "$f" > "$TMP/out" 2> /dev/null
            cmp -s "$E/$name.m1.stdout" "$TMP/out" || bad="$bad $name(m1)"
            m=$((m + 1))
        fi
    done
    t_eq "--knuth=$prog: stderr of $n $TIER instances and m1 listings of $m, byte for byte" "" "$bad"
    want=$([ $prog = ssxcc ] && echo 58 7 || echo 14 3)
    t_eq "--knuth=$prog: ... every $TIER instance of data/reference it reads" \
        "$([ "$TIER" = quick ] && echo "${want% *}" || echo "${want#* }")" "$n"
    [ "$TIER" = quick ] || continue

    # the manifest agrees with DLX2's counts, an independent tree
    bad=""
    while IFS=$'\t' read -r name tier sols rest; do
        [ "$name" = name ] && continue
        [ "$sols" = "$(awk -F'\t' -v n="$name" '$1 == n {print $3}' "$REF/MANIFEST.tsv")" ] ||
            bad="$bad $name"
    done < "$FAM/$prog/MANIFEST.tsv"
    t_eq "$prog/MANIFEST.tsv: the counts of DLX2 on every instance" "" "$bad"

    # --verify reads Knuth's listings of either, with the manifest's count
    n=0 bad=""
    while IFS=$'\t' read -r name tier sols rest; do
        [ -f "$E/$name.m1.stdout" ] || continue
        "$DLX2" --verify "$E/$name.m1.stdout" --count "$sols" "$REF/instances/$name.dlx" \
            > /dev/null 2>&1 || bad="$bad $name"
        n=$((n + 1))
    done < "$FAM/$prog/MANIFEST.tsv"
    t_eq "--verify --count: $prog's m1 listings of $n instances" "" "$bad"
    t_eq "... every listing of $prog's" "$(ls "$E"/*.m1.stdout | wc -l)" "$n"

    # ---- random problems, each row of arguments ----
    D=$FAM/$prog/random
    mkdir -p "$TMP/rand"
    if [ ! -x "$RAND" ]; then # make test builds it; a script run alone may lack it
        t_skip "--knuth=$prog: random problems under 7 rows of arguments" "$BUILD/randxcc (make $BUILD/randxcc)"
    fi
    [ -x "$RAND" ] && while IFS=$'\t' read -r name how; do
        # shellcheck disable=SC2086
        "$RAND" $how > "$TMP/rand/$name.dlx"
    done < "$D/INSTANCES.tsv"
    rows=0
    [ -x "$RAND" ] && while IFS=$'\t' read -r id args; do
        while IFS=$'\t' read -r name how; do
            echo "== $name"
            # shellcheck disable=SC2086
            "$DLX2" --knuth=$prog $args < "$TMP/rand/$name.dlx" 2> "$TMP/err"
            echo "-- stderr"
            cat "$TMP/err"
        done < "$D/INSTANCES.tsv" > "$TMP/got"
        t_file_eq "--knuth=$prog $args: $(grep -c '^== ' "$D/$id.out") random problems" "$D/$id.out" "$TMP/got"
        rows=$((rows + 1))
    done < "$D/ARGS.tsv"
    [ -x "$RAND" ] && t_eq "--knuth=$prog: random problems under 7 rows of arguments" 7 "$rows"

    # ---- the arguments ----
    A=$ROOT/tests/expected/knuth-args-$prog
    mkdir -p "$TMP/run"
    cases=0
    while IFS=$'\t' read -r id inst args; do
        file=$REF/instances/$inst.dlx
        [ -f "$A/$inst.dlx" ] && file=$A/$inst.dlx
        rm -f "$TMP/run/shape"
        # shellcheck disable=SC2086
        (cd "$TMP/run" && "$DLX2" --knuth=$prog $args < "$file" > "$TMP/out" 2> "$TMP/err")
        t_file_eq "--knuth=$prog $inst $args: stdout" "$A/$id.stdout" "$TMP/out"
        t_file_eq "--knuth=$prog $inst $args: stderr" "$A/$id.stderr" "$TMP/err"
        if [ -f "$A/$id.shape" ]; then
            t_file_eq "--knuth=$prog $inst $args: the shape file" "$A/$id.shape" "$TMP/run/shape"
        fi
        cases=$((cases + 1))
    done < "$A/CASES.tsv"
    seen=$(t_args_seen "$A/CASES.tsv" 2048)
    letters=$(head -1 <<< "$seen") bits=$(tail -1 <<< "$seen")
    t_eq "--knuth=$prog: $cases cases of every argument (C S T c d l m s t v)" "CSTcdlmstv" "$letters"
    t_eq "--knuth=$prog: ... and of every bit of v<n>" "1 2 4 128 256 512 1024 2048 " "$bits"
    t_eq "--knuth=$prog: ... among them S<file>'s shape files" 2 "$(ls "$A"/*.shape | wc -l)"
done

[ "$TIER" = quick ] || exit 0

# ---- what else --knuth=ssxcc and --knuth=dlx1 do ----
l7=$REF/instances/langford-7.dlx
colors=$REF/instances/knuth-example-colors.dlx
hint="Try 'dlx2 --help' for more information."
t_eq "--engine=cells is --knuth=ssxcc" "$(cat "$FAM/ssxcc/expected/langford-7.stderr")" \
    "$("$DLX2" --engine=cells "$l7" 2>&1)"
t_eq "--knuth=ssxcc -c: the count" 52 "$("$DLX2" --knuth=ssxcc -c "$l7")"
t_eq "--engine=cells -c: the count, SSXCC's tree" 52 "$("$DLX2" --engine=cells -c "$l7")"
# -c with no report: -c's own engine and its memo, 106172416 covers of the
# 6x6 knight's board in about 0.1 s (1 s under ASan), where SSXCC's walk
# takes 17 s: within 5 s, status 0
"$GEN/gen-knight" 6 > "$TMP/k6.dlx"
out=$("$DLX2" --knuth=ssxcc -c --time-limit 5 "$TMP/k6.dlx" 2>&1)
t_eq "--knuth=ssxcc -c with no report: -c's memo counts knight 6x6 (status 0)" "106172416 0" "$out $?"
t_eq "--knuth=ssxcc -c v1: SSXCC's walk and report (JSON: engine cells)" '"engine":"cells"' \
    "$("$DLX2" --knuth=ssxcc -c --format=json "$l7" | grep -o '"engine":"[a-z]*"')"
t_eq "--knuth=dlx1 -c: the count" 52 "$("$DLX2" --knuth=dlx1 -c "$l7")"
t_run "--knuth=dlx1 refuses colors" 2 \
    "Option ignored (no primary items): X:0 Y:1
dlx2: $colors: colors in the options, which DLX1 does not read (DLX2 does: leave out --knuth=dlx1)" \
    "$DLX2" --knuth=dlx1 "$colors"
printf '2|A B\nA\nA B\n' > "$TMP/bounds.dlx"
t_run "--knuth=ssxcc refuses bounds" 2 \
    "dlx2: $TMP/bounds.dlx: bounds (multiplicities) in the item line, which SSXCC does not read: leave out --knuth=ssxcc" \
    "$DLX2" --knuth=ssxcc "$TMP/bounds.dlx"
printf 'A B\nA |3\nB\n' > "$TMP/costs.dlx"
t_run "--knuth=dlx1 refuses costs" 2 \
    "dlx2: $TMP/costs.dlx: costs in the options, which DLX1 does not read: leave out --knuth=dlx1" \
    "$DLX2" --knuth=dlx1 "$TMP/costs.dlx"
# -j and --shard: SSXCC's tree cut at a depth, its subtrees walked apart
# (lib/parallel/cells.c): the solutions of one thread, in another order
n=0 bad=""
for name in langford-7 queens-8 knuth-example-colors wordsearch-4x4-es-abel-land zebra-16-clues \
    random-small-007 random-small-013; do
    f=$REF/instances/$name.dlx
    one=$("$DLX2" --engine=cells -c "$f" 2> /dev/null)
    j2=$("$DLX2" --engine=cells -c -j 2 "$f" 2> /dev/null)
    s1=$("$DLX2" --engine=cells -c --shard 1/2 "$f" 2> /dev/null)
    s2=$("$DLX2" --engine=cells -c --shard 2/2 "$f" 2> /dev/null)
    "$DLX2" --knuth=ssxcc m1 "$f" 2> /dev/null > "$TMP/one"
    "$DLX2" --knuth=ssxcc -j 3 m1 "$f" 2> /dev/null > "$TMP/j3"
    # a solution a line: its options without "(k of d)" (where they were in
    # their item's set) and with their items sorted (a line starts at the
    # item chosen), sorted: the order of the walk decides the rest
    for l in one j3; do
        awk '/^[0-9]+:$/ {n++; next}
             {sub(/ \([0-9]+ of [0-9]+\)$/, ""); k = split($0, w, " ")
              for (i = 2; i <= k; i++) for (j = i; j > 1 && w[j - 1] > w[j]; j--) {t = w[j]; w[j] = w[j - 1]; w[j - 1] = t}
              o = w[1]; for (i = 2; i <= k; i++) o = o " " w[i]; print n "\t" o}' "$TMP/$l" |
            sort -t "$(printf '\t')" -k1,1n -k2 |
            awk -F'\t' '$1 != n {if (n != "") print s; n = $1; s = ""} {s = s "|" $2} END {if (n != "") print s}' |
            sort > "$TMP/$l.sorted"
    done
    [ "$one" = "$j2" ] && [ "$one" = "$((s1 + s2))" ] && [ "$one" -gt 0 ] &&
        [ "$(wc -l < "$TMP/j3.sorted")" = "$one" ] && cmp -s "$TMP/one.sorted" "$TMP/j3.sorted" || bad="$bad $name($one $j2 $s1+$s2)"
    n=$((n + 1))
done
t_eq "--knuth=ssxcc -j 2, -j 3, --shard 1/2 and 2/2: the count and the solutions of one thread" "" "$bad"
t_eq "... on 7 instances" 7 "$n"
t_eq "--knuth=ssxcc -j 2 m1: numbered 1 to 52" "$(seq 1 52 | sed 's/$/:/')" \
    "$("$DLX2" --knuth=ssxcc -j 2 m1 "$l7" 2> /dev/null | grep ':$')"
t_eq "--knuth=ssxcc -j 2 t5: 5 solutions" 5 "$("$DLX2" --knuth=ssxcc -j 2 t5 m1 "$l7" 2> /dev/null | grep -c ':$')"
t_match "... and the report says 5" "^Altogether 5 solutions, 5898\+" \
    "$("$DLX2" --knuth=ssxcc -j 2 t5 "$l7" 2>&1 | tail -1)"
t_eq "--knuth=ssxcc -j 2: the input phase's mems and 52 solutions" "Altogether 52 solutions, 5898+" \
    "$("$DLX2" --knuth=ssxcc -j 2 "$l7" 2>&1 | tail -1 | grep -o '^Altogether 52 solutions, 5898+')"
t_run "--knuth=ssxcc -j 2 T20000: status 4" 4 "*" "$DLX2" --knuth=ssxcc -j 2 T20000 "$l7"
# --merge reads SSXCC's and DLX1's closing lines (no cleansings) and writes one
for k in 1 2 3; do
    "$DLX2" --knuth=ssxcc --shard $k/3 "$l7" 2> "$TMP/ss$k.err" > /dev/null
    "$DLX2" --knuth=dlx1 --shard $k/3 "$l7" 2> "$TMP/d1$k.err" > /dev/null
done
t_match "--merge of 3 shards of --knuth=ssxcc: SSXCC's closing line, 52 solutions" \
    "^Altogether 52 solutions, 5898\+[0-9]+ mems, [0-9]+ updates, [0-9]+ bytes, [0-9]+ nodes, ccost [0-9]+%\.$" \
    "$("$DLX2" --merge "$TMP"/ss?.err | tail -1)"
t_eq "--merge of 3 shards of --knuth=dlx1: DLX1's closing line of one thread" \
    "$(tail -1 "$FAM/dlx1/expected/langford-7.stderr")" "$("$DLX2" --merge "$TMP"/d1?.err | tail -1)"
# the cut of SSXCC's tree for --shard does not depend on -j: shards K/3
# run with -j K merge to the closing line of shards run with one thread
# (queens-12's 14200), as the parts of one plan
for k in 1 2 3; do
    "$DLX2" --knuth=ssxcc --shard $k/3 "$REF/instances/queens-12.dlx" 2> "$TMP/q1$k.err" > /dev/null
    "$DLX2" --knuth=ssxcc -j $k --shard $k/3 "$REF/instances/queens-12.dlx" 2> "$TMP/qj$k.err" > /dev/null
done
q1=$("$DLX2" --merge "$TMP"/q1?.err | tail -1)
t_match "--knuth=ssxcc --shard k/3: merged, queens-12's 14200" '^Altogether 14200 solutions, ' "$q1"
t_eq "--knuth=ssxcc --shard k/3 with -j k: merged, the same closing line" "$q1" \
    "$("$DLX2" --merge "$TMP"/qj?.err | tail -1)"
"$DLX2" --shard 1/3 "$l7" 2> "$TMP/ss1.err" > /dev/null
t_run "--merge: SSXCC's parts and a part of DLX2's do not mix" 2 \
    "dlx2: $TMP/ss2.err:3: a closing line of SSXCC's (or DLX1's) form among parts of DLX2's" \
    "$DLX2" --merge "$TMP/ss1.err" "$TMP/ss2.err" "$TMP/ss3.err"
t_run "--knuth=ssxcc -j 2 v2: no traces" 2 \
    "dlx2: tracing (v2, v4) needs the whole tree in one thread: not with -j or --shard
$hint" "$DLX2" --knuth=ssxcc -j 2 v2 "$l7"
t_run "--knuth=ssxcc --shard 1/2 S<file>: no shape" 2 \
    "dlx2: S<file> needs the whole tree in one thread: not with -j or --shard
$hint" "$DLX2" --knuth=ssxcc --shard 1/2 S"$TMP/shape" "$l7"
t_run "--knuth=ssxcc takes no other engine" 2 \
    "dlx2: --engine=links does not walk SSXCC's tree (--knuth=ssxcc is --engine=cells)
$hint" "$DLX2" --knuth=ssxcc --engine=links "$l7"
t_run "--engine=cells is not DLX2's search" 2 "dlx2: --engine=cells is SSXCC's search, not --knuth=dlx2's
$hint" "$DLX2" --knuth=dlx2 --engine=cells "$l7"
t_run "k<n> is DLX5's" 2 "dlx2: k<n> is an argument of DLX5 (--knuth=dlx5), and dlx2 plays SSXCC
$hint" "$DLX2" --knuth=ssxcc k3 "$l7"
t_run "--knuth=dlx1 v2048 -j 2: the degree needs one thread" 2 \
    "dlx2: DLX1's v2048 needs the whole tree in one thread: not with -j or --shard
$hint" "$DLX2" --knuth=dlx1 v2048 -j 2 "$l7"
t_eq "--knuth=dlx1 -j 2: DLX1's closing line" \
    "$(tail -1 "$FAM/dlx1/expected/langford-7.stderr")" "$("$DLX2" --knuth=dlx1 -j 2 "$l7" 2>&1 | tail -1)"
t_eq "--knuth=ssxcc --format=json: SSXCC's figures" \
    '"nodes":466,"updates":7734,"cleansings":0,"imems":5898,"mems":94241,"lmems":0,"bytes":5864' \
    "$("$DLX2" --knuth=ssxcc --format=json "$l7" 2> /dev/null | tail -1 | grep -o '"nodes.*"bytes":[0-9]*')"
