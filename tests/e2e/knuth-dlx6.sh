# dlx2 --knuth=dlx6 writes byte for byte what Knuth's DLX6 writes (#31),
# its ZDD on stdout and its report on stderr (search nodes, ZDD nodes,
# signatures, hits, mems), as data/reference-family/make-expected and
# make-expected-dlx6-pre recorded them:
#   - every quick instance of data/reference, with the default arguments
#     (stderr) and with m1 (the ZDD, where it is stored);
#   - random problems of build/randxcc from fixed seeds (dlx6/random/
#     INSTANCES.tsv), under each row of dlx6/random/ARGS.tsv;
#   - the arguments, tests/expected/knuth-args-dlx6/CASES.tsv:
#       v<n>  1 the input and closing lines, 2 each option tried, 4 each
#             choice of an item, 8 the memo's hits and the solutions,
#             16 the secondary items at each choice, 128 the profile,
#             256 full states in progress reports, 512 the item totals,
#             1024 warnings
#       m<n>  the ZDD on stdout when n is not 0     s<n>  random seed
#       d<n>  a progress report every n mems (with the hits)
#       C<n>  levels shown in progress reports
#       c<n>, l<n>  the levels traced (v2, v4, v16)
#       t<n>  stop after n solutions    T<n>  after n mems (TIMEOUT!)
#       Z<n>  stop after n ZDD nodes    S<file>  the shape of the tree
#             (S/dev/stdout: the shape is the case's stdout)
#     and a check below makes sure the cases give every letter and v bit.
# The bench-tier instances are left out (their ZDDs take seconds).
. "$(dirname "$0")/../lib.sh"
BUILD=${BUILD:-build}
FAM=$ROOT/data/reference-family
E=$FAM/dlx6/expected
RAND=$ROOT/$BUILD/randxcc

# ---- the reference instances ----
n=0 m=0 bad=""
for name in $(awk -F'\t' 'NR > 1 && $2 == "quick" {print $1}' "$FAM/dlx6/MANIFEST.tsv"); do
    f=$REF/instances/$name.dlx
    "$DLX2" --knuth=dlx6 < "$f" > "$TMP/out" 2> "$TMP/err"
    cmp -s "$E/$name.stderr" "$TMP/err" && [ ! -s "$TMP/out" ] || bad="$bad $name"
    n=$((n + 1))
    if [ -f "$E/$name.m1.stdout" ]; then
        "$DLX2" --knuth=dlx6 m1 < "$f" > "$TMP/out" 2> "$TMP/err"
        cmp -s "$E/$name.m1.stdout" "$TMP/out" && cmp -s "$E/$name.stderr" "$TMP/err" ||
            bad="$bad $name(m1)"
        m=$((m + 1))
    fi
done
t_eq "--knuth=dlx6: stderr of $n quick instances and the ZDDs of $m, byte for byte" "" "$bad"
t_eq "--knuth=dlx6: ... every quick instance of data/reference" \
    "$(awk -F'\t' 'NR > 1 && $2 == "quick"' "$FAM/dlx6/MANIFEST.tsv" | wc -l)" "$n"
t_eq "--knuth=dlx6: ... at least 50 ZDDs" 1 "$([ "$m" -ge 50 ] && echo 1)"

# --zdd with one of DLX6's arguments plays DLX6
t_eq "--zdd m1 is DLX6 m1: the ZDD" "$(cat "$E/langford-7.m1.stdout")" \
    "$("$DLX2" --zdd m1 "$REF/instances/langford-7.dlx" 2> /dev/null)"
t_eq "--zdd m1 is DLX6 m1: the report" "$(cat "$E/langford-7.stderr")" \
    "$("$DLX2" --zdd m1 "$REF/instances/langford-7.dlx" 2>&1 > /dev/null)"
t_eq "--knuth=dlx6 --zdd: the ZDD without m1" "$(cat "$E/langford-7.m1.stdout")" \
    "$("$DLX2" --knuth=dlx6 --zdd "$REF/instances/langford-7.dlx" 2> /dev/null)"

# ---- random problems, each row of arguments ----
D=$FAM/dlx6/random
mkdir -p "$TMP/rand"
while IFS=$'\t' read -r name how; do
    # shellcheck disable=SC2086
    "$RAND" $how > "$TMP/rand/$name.dlx"
done < "$D/INSTANCES.tsv"
rows=0
while IFS=$'\t' read -r id args; do
    while IFS=$'\t' read -r name how; do
        echo "== $name"
        # shellcheck disable=SC2086
        "$DLX2" --knuth=dlx6 $args < "$TMP/rand/$name.dlx" 2> "$TMP/err"
        echo "-- stderr"
        cat "$TMP/err"
    done < "$D/INSTANCES.tsv" > "$TMP/got"
    t_file_eq "--knuth=dlx6 $args: $(grep -c '^== ' "$D/$id.out") random problems" "$D/$id.out" "$TMP/got"
    rows=$((rows + 1))
done < "$D/ARGS.tsv"
t_eq "--knuth=dlx6: random problems under 9 rows of arguments" 9 "$rows"
t_eq "--knuth=dlx6: ... 100 problems a row" 100 "$(grep -c '^== ' "$D/m1.out")"

# ---- the arguments ----
A=$ROOT/tests/expected/knuth-args-dlx6
cases=0
while IFS=$'\t' read -r id inst args; do
    # shellcheck disable=SC2086
    "$DLX2" --knuth=dlx6 $args < "$REF/instances/$inst.dlx" > "$TMP/out" 2> "$TMP/err"
    t_file_eq "--knuth=dlx6 $inst $args: stdout" "$A/$id.stdout" "$TMP/out"
    t_file_eq "--knuth=dlx6 $inst $args: stderr" "$A/$id.stderr" "$TMP/err"
    cases=$((cases + 1))
done < "$A/CASES.tsv"
seen=$(t_args_seen "$A/CASES.tsv" 1024)
letters=$(head -1 <<< "$seen") bits=$(tail -1 <<< "$seen")
t_eq "--knuth=dlx6: $cases cases of every argument (C S T Z c d l m s t v)" "CSTZcdlmstv" "$letters"
t_eq "--knuth=dlx6: ... and of its every bit of v<n>" "1 2 4 8 16 128 256 512 1024 " "$bits"
t_eq "--knuth=dlx6: ... at least 49 cases" 1 "$([ "$cases" -ge 49 ] && echo 1)"

# S<file> to a file: DLX6's shape of langford-7 (case 44), a line a node
"$DLX2" --knuth=dlx6 S"$TMP/shape" "$REF/instances/langford-7.dlx" > "$TMP/out" 2> /dev/null
t_file_eq "--knuth=dlx6 S<file>: the shape file" "$A/44.stdout" "$TMP/shape"
t_eq "... with 35 solutions found and 528 nodes that branch (the rest are hits)" "35 528" \
    "$(grep -c '^sol$' "$TMP/shape") $(grep -vc '^sol$' "$TMP/shape")"
t_eq "... and nothing on stdout" "" "$(cat "$TMP/out")"

# ---- what --knuth=dlx6 refuses ----
l7=$REF/instances/langford-7.dlx
hint="Try 'dlx2 --help' for more information."
t_run "--knuth=dlx6 -j 2" 2 "dlx2: DLX6's search walks in one thread: -j and --shard do not go with it
$hint" "$DLX2" --knuth=dlx6 -j 2 "$l7"
t_run "--knuth=dlx6 --engine" 2 \
    "dlx2: --knuth=dlx6 (or --zdd with DLX6's arguments) is DLX6's search, by dancing links: --engine does not go with it
$hint" "$DLX2" --knuth=dlx6 --engine=zdd "$l7"
t_run "--knuth=dlx6 Zx" 2 "dlx2: Z<n> of DLX6 takes a number, not 'Zx'
$hint" "$DLX2" --knuth=dlx6 Zx "$l7"
t_run "--knuth=dlx6 k3 is DLX5's" 2 "dlx2: k<n> is an argument of DLX5 (--knuth=dlx5), and dlx2 plays DLX6
$hint" "$DLX2" --knuth=dlx6 k3 "$l7"
printf 'A B\nA |3\nB\n' > "$TMP/costs.dlx"
t_run "--knuth=dlx6 refuses costs" 2 \
    "dlx2: $TMP/costs.dlx: costs in the options, which DLX6 does not read: leave out --knuth=dlx6" \
    "$DLX2" --knuth=dlx6 "$TMP/costs.dlx"
t_eq "--knuth=dlx6 -c: the count" 52 "$("$DLX2" --knuth=dlx6 -c "$l7" 2> /dev/null)"

# cut short by --time-limit (not DLX6's T<n>): status 4, and a ZDD without its root
t_run "--knuth=dlx6 m1 --time-limit 0.2: exit 4" 4 "*" \
    "$DLX2" --knuth=dlx6 m1 --time-limit 0.2 "$REF/instances/pentomino-6x10.dlx"
t_match "... the report says so" "^Time limit of 0.2 seconds reached; the figures below are partial.$" \
    "$("$DLX2" --knuth=dlx6 --time-limit 0.2 "$REF/instances/pentomino-6x10.dlx" 2>&1 | sed -n 2p)"
cp "$TMP/out" "$TMP/cut.zdd"
t_run "... its ZDD has no root: --zdd-count refuses it" 2 \
    "dlx2: $TMP/cut.zdd:$(wc -l < "$TMP/cut.zdd"):1: the last line is not a root \"N: (~0?0:R)\": the ZDD is cut short" \
    "$DLX2" --zdd-count "$TMP/cut.zdd"
