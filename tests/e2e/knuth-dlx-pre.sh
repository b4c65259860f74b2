# dlx2 --preprocess writes byte for byte what Knuth's DLX-PRE writes (#31),
# the reduced problem on stdout and its report on stderr (mems, rounds,
# v512's item totals before and after), as data/reference-family/
# make-expected and make-expected-dlx6-pre recorded them:
#   - every instance of data/reference (dlx-pre/expected/), default
#     arguments;
#   - random problems of build/randxcc from fixed seeds (dlx-pre/random/
#     INSTANCES.tsv), under each row of dlx-pre/random/ARGS.tsv;
#   - the arguments, tests/expected/knuth-args-dlx-pre/CASES.tsv:
#       v<n>  1 the input and closing lines, 2 each round, 4 each step,
#             8 the options' numbers, 512 the item totals, 1024 warnings
#       t<n>  rounds at most     T<n>  stop (before an item) past n mems
#       d<n>  a progress line every n mems
#     and a check below makes sure the cases give every letter and v bit.
. "$(dirname "$0")/../lib.sh"
BUILD=${BUILD:-build}
FAM=$ROOT/data/reference-family
E=$FAM/dlx-pre/expected
RAND=$ROOT/$BUILD/randxcc

# ---- the reference instances ----
n=0 bad=""
for f in "$E"/*.stderr; do
    name=$(basename "$f" .stderr)
    "$DLX2" --preprocess < "$REF/instances/$name.dlx" > "$TMP/out" 2> "$TMP/err"
    cmp -s "$E/$name.stdout" "$TMP/out" && cmp -s "$f" "$TMP/err" || bad="$bad $name"
    n=$((n + 1))
done
t_eq "--preprocess: stdout and stderr of $n reference instances, byte for byte" "" "$bad"
t_eq "--preprocess: ... every instance of data/reference" "$(ls "$REF"/instances/*.dlx | wc -l)" "$n"

# ---- random problems, each row of arguments ----
D=$FAM/dlx-pre/random
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
        "$DLX2" --preprocess $args < "$TMP/rand/$name.dlx" 2> "$TMP/err"
        echo "-- stderr"
        cat "$TMP/err"
    done < "$D/INSTANCES.tsv" > "$TMP/got"
    t_file_eq "--preprocess $args: $(grep -c '^== ' "$D/$id.out") random problems" "$D/$id.out" "$TMP/got"
    rows=$((rows + 1))
done < "$D/ARGS.tsv"
t_eq "--preprocess: random problems under 7 rows of arguments" 7 "$rows"
t_eq "--preprocess: ... 100 problems a row" 100 "$(grep -c '^== ' "$D/v1.out")"

# ---- the arguments ----
A=$ROOT/tests/expected/knuth-args-dlx-pre
cases=0
while IFS=$'\t' read -r id inst args; do
    file=$REF/instances/$inst.dlx
    [ -f "$A/$inst.dlx" ] && file=$A/$inst.dlx
    # shellcheck disable=SC2086
    "$DLX2" --preprocess $args < "$file" > "$TMP/out" 2> "$TMP/err"
    t_file_eq "--preprocess $inst $args: stdout" "$A/$id.stdout" "$TMP/out"
    t_file_eq "--preprocess $inst $args: stderr" "$A/$id.stderr" "$TMP/err"
    cases=$((cases + 1))
done < "$A/CASES.tsv"
seen=$(t_args_seen "$A/CASES.tsv" 1024)
letters=$(head -1 <<< "$seen") bits=$(tail -1 <<< "$seen")
t_eq "--preprocess: $cases cases of every argument (T d t v)" "Tdtv" "$letters"
t_eq "--preprocess: ... and of every bit of v<n>" "1 2 4 8 512 1024 " "$bits"
t_eq "--preprocess: ... at least 25 cases" 1 "$([ "$cases" -ge 25 ] && echo 1)"

# the issue's example: v512's two lines
printf 'a\na\n' > "$TMP/a.dlx"
t_run "--preprocess v513: the item totals before and after" 0 "(1 options, 1+0 items, 2 entries successfully read)
Item totals: 1
Item totals: 1
Removed 0 options and 0 items, after 35+29 mems, 1 round." "$DLX2" --preprocess v513 "$TMP/a.dlx"
t_run "--preprocess takes no m<n>" 2 "dlx2: --preprocess takes v<n>, t<n>, T<n>, d<n> and a FILE, nothing else
Try 'dlx2 --help' for more information." "$DLX2" --preprocess m1 "$TMP/a.dlx"
