# bench/run (make bench) works: its table has the solver's own figures,
# --vs puts another solver beside it, and a solver that disagrees is
# flagged. Only the figures are checked here, never the times.
. "$(dirname "$0")/../lib.sh"
export DLX2 GEN
out=$("$ROOT/bench/run" --runs 1 --only wordsearch --vs "$DLX2 -j 2")
row=$(echo "$out" | grep '^wordsearch-7x7-4words ')
t_eq "bench/run: one row for the word search" 1 "$(echo "$row" | grep -c .)"
t_eq "bench/run: its solutions and nodes" "9967912 10325769" "$(echo "$row" | awk '{print $2, $3}')"
t_match "bench/run --vs: CPU and wall seconds, peak KB, theirs and the ratio; the counts agree" \
    '^wordsearch-7x7-4words +9967912 +10325769 +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9]+ +[0-9.]+$' "$row"
t_match "bench/run --vs: a solver that disagrees is flagged" 'COUNTS DIFFER \(theirs none\)$' \
    "$("$ROOT/bench/run" --runs 1 --only wordsearch --vs /bin/true | tail -1)"
t_run "bench/run: a bad argument" 2 "bench/run: unknown argument '--nope'" "$ROOT/bench/run" --nope

# bench/side-by-side: a solver alone and two copies at once (the ceiling
# the machine puts on -j 2); again only the shape of its line.
k44=$ROOT/data/gen/knight-4x4.dlx
t_match "bench/side-by-side: alone, side by side, the ratio" \
    '^alone [0-9.]+ ms, two side by side [0-9.]+ ms, ratio [0-9.]+ \(median of 1; .*dlx2 -j 1\)$' \
    "$("$ROOT/bench/side-by-side" --runs 1 "$k44" "$DLX2 -j 1")"
t_run "bench/side-by-side: no file" 2 "bench/side-by-side: usage: bench/side-by-side [--runs N] FILE [COMMAND]" \
    "$ROOT/bench/side-by-side"
t_run "bench/side-by-side: an unreadable file" 2 "bench/side-by-side: cannot read '/nonexistent'" \
    "$ROOT/bench/side-by-side" /nonexistent
t_run "bench/side-by-side: a bad --runs" 2 "bench/side-by-side: bad --runs '0'" \
    "$ROOT/bench/side-by-side" --runs 0 "$k44"

# The hard tier (bench/run --tier hard): the rows of tier "hard" of
# data/MANIFEST.tsv, listed without being made or solved; each command
# makes the problem recorded here (what dlx2 reads of it), never solved
# here (each takes Knuth's DLX2 5 to 60 s).
cat > "$TMP/hard" <<'LIST'
queens-15 (225 options, 30+54 items, 1121 entries successfully read)
queens-16 (256 options, 32+58 items, 1276 entries successfully read)
langford-14 (266 options, 42+0 items, 1064 entries successfully read)
langford-14-mirror (273 options, 42+0 items, 1092 entries successfully read)
sudoku-20-seed3 (308 options, 244+0 items, 1540 entries successfully read)
sudoku-20-seed6 (311 options, 244+0 items, 1555 entries successfully read)
wordsearch-8x8-knuth (768 options, 4+64 items, 5376 entries successfully read)
wordrect-5x5-sgb1400 (14000 options, 10+25 items, 98000 entries successfully read)
random-colors-3 (149 options, 15+6 items, 535 entries successfully read)
pentomino-6x10 (2056 options, 72+0 items, 14392 entries successfully read)
hexomino-6x11 (2002 options, 77+0 items, 16016 entries successfully read)
knight-6x6 (160 options, 72+0 items, 480 entries successfully read)
LIST
"$ROOT/bench/run" --tier hard --list > "$TMP/list" 2> "$TMP/err"
t_eq "bench/run --tier hard --list: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_eq "bench/run --tier hard --list: the twelve instances" "$(cut -d' ' -f1 "$TMP/hard")" \
    "$(awk '{print $1}' "$TMP/list")"
t_eq "bench/run --tier hard --list: each with its command" \
    "hexomino-6x11 dlx-gen/gen-pentomino 6 11 --pieces dlx-gen/examples/hexominoes-11.txt" \
    "$(grep '^hexomino' "$TMP/list" | tr -s ' ')"
t_eq "bench/run --tier hard --list --only" "queens-15 queens-16" \
    "$(echo $("$ROOT/bench/run" --tier hard --list --only queens | awk '{print $1}'))"
: > "$TMP/read"
while IFS=$'\t' read -r name tier sols cmd; do
    [ "$tier" = hard ] || continue
    case $sols in ''|*[!0-9]*) t_fail "hard tier: $name records no count ('$sols')" ;; esac
    cmd=${cmd/#dlx-gen\//$GEN/}
    cmd=${cmd/#build\//$ROOT/${BUILD:-build}/}
    (cd "$ROOT" && eval "$cmd") 2> /dev/null > "$TMP/p.dlx"
    echo "$name $("$DLX2" T1 "$TMP/p.dlx" 2>&1 > /dev/null | grep 'successfully read)$')" >> "$TMP/read"
done < "$ROOT/data/MANIFEST.tsv"
t_file_eq "hard tier: every command makes the recorded problem" "$TMP/hard" "$TMP/read"
t_run "bench/run: an unknown tier" 2 "bench/run: unknown tier 'x' (bench, hard or mcc)" "$ROOT/bench/run" --tier x

# The mcc tier (bench/run --tier mcc): problems with multiplicities that
# take Knuth's DLX3 seconds, a file or a command each; listed and read
# here, never solved.
cat > "$TMP/mcc" <<'LIST'
langford2-7-mcc (161 options, 35+0 items, 644 entries successfully read)
pentomino2-5x12-FILNPT (1168 options, 66+0 items, 8176 entries successfully read)
random-mcc-105 (107 options, 15+6 items, 367 entries successfully read)
LIST
"$ROOT/bench/run" --tier mcc --list > "$TMP/list" 2> "$TMP/err"
t_eq "bench/run --tier mcc --list: the three instances" "$(cut -d' ' -f1 "$TMP/mcc")" \
    "$(awk '{print $1}' "$TMP/list")"
: > "$TMP/read"
while IFS=$'\t' read -r name tier _ cmd; do
    [ "$tier" = mcc ] || continue
    case $cmd in *.dlx) cp "$ROOT/$cmd" "$TMP/p.dlx" ;; *)
        cmd=${cmd/#dlx-gen\//$GEN/}
        cmd=${cmd/#build\//$ROOT/${BUILD:-build}/}
        (cd "$ROOT" && eval "$cmd") 2> /dev/null > "$TMP/p.dlx" ;;
    esac
    echo "$name $("$DLX2" T1 "$TMP/p.dlx" 2>&1 > /dev/null | grep 'successfully read)$')" >> "$TMP/read"
done < "$ROOT/data/MANIFEST.tsv"
t_file_eq "mcc tier: every row makes the recorded problem" "$TMP/mcc" "$TMP/read"

# The problems with costs of the bench tier (seconds each for Knuth's
# DLX5, beside which bench/run --vs puts them): the corpus's and the
# rows of tier "bench" of data/MANIFEST.tsv, whose commands make the
# problems recorded here (their best costs are DLX5's, 1862 each).
t_eq "bench/run --list --only cost: the problems with costs" "pentomino-5x12-cost pentomino-6x10-cost wordrect-5x5-sgb600-cost wordrect-5x5-sgb1000-cost wordrect-5x5-sgb1400-cost" \
    "$(echo $("$ROOT/bench/run" --list --only cost | awk '{print $1}'))"
: > "$TMP/read"
while IFS=$'\t' read -r name tier sols cmd; do
    [ "$tier" = bench ] || continue
    cmd=${cmd/#dlx-gen\//$GEN/}
    (cd "$ROOT" && eval "$cmd") 2> /dev/null > "$TMP/p.dlx"
    echo "$name $sols $("$DLX2" T1 "$TMP/p.dlx" 2>&1 > /dev/null | grep 'successfully read)$')" >> "$TMP/read"
done < "$ROOT/data/MANIFEST.tsv"
t_eq "bench tier of data/MANIFEST.tsv: every command makes the recorded problem" \
    "wordrect-5x5-sgb1000-cost 3 (10000 options, 10+25 items, 70000 entries successfully read)
wordrect-5x5-sgb1400-cost 4 (14000 options, 10+25 items, 98000 entries successfully read)" "$(cat "$TMP/read")"

# Counts from stdout (-c has no closing line), checked against the data.
t_match "bench/run --args -c: the count from stdout" '^random-medium-101 +14678919 +[0-9.]+ ' \
    "$("$ROOT/bench/run" --runs 1 --only random-medium-101 --args -c | tail -1)"
t_match "bench/run: a count that is not the recorded one is flagged" \
    '^random-medium-101 +5 .*NOT THE RECORDED COUNT \(14678919\)$' \
    "$("$ROOT/bench/run" --runs 1 --only random-medium-101 --args '-c t5' | tail -1)"

# bench/estimate: the estimate, its interval and the truth, by row (#28)
out=$("$ROOT/bench/estimate" --tier bench --only '^random-medium-101$' --probes 200 --seed 3)
truth=$("$DLX2" "$REF/instances/random-medium-101.dlx" 2>&1 | sed -n 's/^Altogether .* \([0-9]*\) nodes, .*/\1/p')
t_match "bench/estimate: a row with the estimate, its interval, the true nodes, ratio, 2x, in, seconds" \
    "^random-medium-101 +[0-9.e+]+ +[0-9.e+]+ +[0-9.e+]+ +$truth +[0-9.]+ +(yes|no) +(yes|no) +[0-9.]+\$" \
    "$(echo "$out" | sed -n 2p)"
t_match "bench/estimate: the totals" '^1 instances: [01] within 2x of the true node count, [01] intervals holding it$' \
    "$(echo "$out" | tail -1)"
t_run "bench/estimate: a bad argument" 2 "bench/estimate: unknown argument '--nope'" "$ROOT/bench/estimate" --nope

# bench/python-count: the module's count and dlx2 -c's, the same (#26);
# not under the sanitizers (it times the build of make, build/)
if [ -n "$SANITIZE" ]; then
    :
elif ! t_have python3; then
    t_skip "bench/python-count" "python3 (Debian: python3)"
else
    out=$("$ROOT/bench/python-count" --runs 1 "$REF/instances/queens-8.dlx")
    t_match "bench/python-count: a round, the counts the same" '^1 +[0-9.]+ +[0-9.]+ +[0-9.]+ same$' \
        "$(echo "$out" | sed -n 2p)"
    t_match "bench/python-count: the medians and the ratio" \
        '^median CPU seconds: python [0-9.]+ \(its start [0-9.]+\), dlx2 -c [0-9.]+; the count.s own cost over dlx2 -c.s: -?[0-9.]+$' \
        "$(echo "$out" | tail -1)"
fi

# bench/threads: -j 1 against -j 2 on a tier's instance, or on one of
# the second sample (--second); the shape of its row, never the times.
row=$("$ROOT/bench/threads" --runs 1 --only '^knight' | grep '^knight')
t_match "bench/threads: walls, CPUs and their ratios, the counts agreeing" \
    '^knight-6x6 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$' "$row"
row=$("$ROOT/bench/threads" --second --runs 1 --only 'seed11' | grep '^sudoku')
t_match "bench/threads --second: sudoku seed 11 of bench/classic's second sample" \
    '^sudoku-20-seed11 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$' "$row"
t_run "bench/threads: -j 1 is no comparison" 2 "bench/threads: bad -j '1' (2 or more)" \
    "$ROOT/bench/threads" -j 1
