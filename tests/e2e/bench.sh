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
