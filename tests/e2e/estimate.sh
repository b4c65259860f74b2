# dlx2 --estimate (#28): Knuth's estimate of DLX2's tree by random paths.
# With a fixed seed its output is the same on every machine (exact lines
# below); on a tree whose paths all look alike it is the truth itself,
# the closing line's figures (mems and updates too: the model of the
# paths is the search's); the JSON shape; bad options refused, status 2.
. "$(dirname "$0")/../lib.sh"
I=$REF/instances

# Exact output, seed and paths given, and by default (seed 0, 10000 paths);
# the line of the time is the machine's.
t_eq "queens 8, seed 7, 500 paths" "(64 options, 16+26 items, 316 entries successfully read)
Estimated from 500 random paths (seed 7): 1044 nodes, 87 solutions, 16551 updates, 237766 mems.
95% intervals: 982..1106 nodes, 71..102 solutions, 15848..17254 updates, 227796..247736 mems." \
    "$("$DLX2" --estimate --seed 7 --probes 500 "$I/queens-8.dlx" 2>&1 | head -3)"
t_eq "langford 7, seed 7, 500 paths" "(63 options, 21+0 items, 252 entries successfully read)
Estimated from 500 random paths (seed 7): 601 nodes, 52 solutions, 8290 updates, 129588 mems.
95% intervals: 575..627 nodes, 44..60 solutions, 8082..8499 updates, 126368..132809 mems." \
    "$("$DLX2" --estimate --seed=7 --probes=500 "$I/langford-7.dlx" 2>&1 | head -3)"
t_eq "queens 8 by default" "Estimated from 10000 random paths (seed 0): 1049 nodes, 93 solutions, 16689 updates, 239592 mems.
95% intervals: 1035..1064 nodes, 89..97 solutions, 16520..16858 updates, 237199..241986 mems." \
    "$("$DLX2" --estimate < "$I/queens-8.dlx" 2>&1 | sed -n 2,3p)"
t_match "a search that ends within the sample: its own time and figures" \
    '^The search ended within the sample, in [0-9]+\.[0-9]{3} seconds here: exactly 92 solutions, 1049 nodes, 16680 updates\.$' \
    "$("$DLX2" --estimate "$I/queens-8.dlx" 2>&1 | sed -n 4p)"
# ... the figures of the search's own closing line (the trial of #29
# found the estimates alone, beside a search that had ended)
t_eq "... which are DLX2's closing line's" "92 solutions 16680 updates 1049 nodes" \
    "$("$DLX2" m0 < "$I/queens-8.dlx" 2>&1 | tail -1 | sed -n 's/^Altogether \([0-9]* solutions\), [^,]*, \([0-9]* updates\), .*, \([0-9]* nodes\), ccost.*/\1 \2 \3/p')"
t_eq "nothing on stdout without --format=json" "" "$("$DLX2" --estimate "$I/queens-8.dlx" 2> /dev/null)"
# -q: the estimate without the input line (#29: -q was refused)
t_run "-q: status 0, the estimate without the input line" 0 "Estimated from 500 random paths (seed 7): 1044 nodes, 87 solutions, 16551 updates, 237766 mems.
95% intervals: 982..1106 nodes, 71..102 solutions, 15848..17254 updates, 227796..247736 mems." \
    sh -c '"$0" --estimate -q --seed 7 --probes 500 "$1" 2>&1 >/dev/null | head -2 >&2' "$DLX2" "$I/queens-8.dlx"
t_eq "-q: nothing on stdout" "" "$(cat "$TMP/out")"
t_eq "-q --format=json: the same line, nothing on stderr" \
    "$("$DLX2" --estimate --format=json --probes 200 "$I/queens-8.dlx" 2> /dev/null | sed 's/"seconds.*"probes"/"probes"/; s/"sample_seconds":[0-9.]*,//')" \
    "$("$DLX2" --estimate --format=json -q --probes 200 "$I/queens-8.dlx" 2> "$TMP/err" | sed 's/"seconds.*"probes"/"probes"/; s/"sample_seconds":[0-9.]*,//')"
t_eq "-q --format=json: nothing on stderr" "" "$(cat "$TMP/err")"
printf 'A B\nA B\n' > "$TMP/one.dlx"
t_eq "one path: singular" "Estimated from 1 random path (seed 0): 2 nodes, 1 solution, 3 updates, 50 mems." \
    "$("$DLX2" --estimate --probes 1 "$TMP/one.dlx" 2>&1 | sed -n 2p)"

# Trees whose paths all have the same degrees: every figure of the
# estimate is the search's own, and the interval is a point.
printf 'A B C\nA\nA\nB\nB\nC\nC\n' > "$TMP/even.dlx"
printf 'A B C D\nA B\nA C\nB D\nC D\nA D\nB C\n' > "$TMP/pairs.dlx"
n=0
for f in "$TMP/even.dlx" "$TMP/pairs.dlx" "$I/knuth-example-xc.dlx" "$I/knuth-example-colors.dlx"; do
    closing=$("$DLX2" "$f" 2>&1 | tail -1)
    want=$(echo "$closing" | sed -n 's/^Altogether \([0-9]*\) solutions\{0,1\}, [0-9]*+\([0-9]*\)-[0-9]* mems, \([0-9]*\) updates, .* \([0-9]*\) nodes, .*/\4 \1 \3 \2/p')
    got=$("$DLX2" --estimate --format=json "$f" 2> /dev/null | sed 's/.*"nodes":\([0-9]*\),.*"solutions":\([0-9]*\),.*"updates":\([0-9]*\),.*"mems":\([0-9]*\),.*/\1 \2 \3 \4/')
    t_eq "${f##*/}: nodes, solutions, updates, mems are the search's" "$want" "$got"
    n=$((n + 1))
done
t_eq "trees of one shape checked" 4 "$n"
t_match "a tree of one shape: the interval is a point" '"nodes":15,"nodes_low":15,"nodes_high":15,"solutions":8,"solutions_low":8,"solutions_high":8,' \
    "$("$DLX2" --estimate --format=json "$TMP/even.dlx" 2> /dev/null)"

# The JSON line: its keys, in order, and only on stdout.
"$DLX2" --estimate --format=json --seed 7 --probes 500 "$I/langford-7.dlx" > "$TMP/out" 2> "$TMP/err"
t_eq "--format=json: status 0" 0 $?
t_match "--format=json: the shape" '^\{"estimate":\{"nodes":601,"nodes_low":575,"nodes_high":627,"solutions":52,"solutions_low":44,"solutions_high":60,"updates":8290,"updates_low":8082,"updates_high":8499,"mems":129588,"mems_low":126368,"mems_high":132809,"seconds":[0-9.e+-]+,"seconds_low":[0-9.e+-]+,"seconds_high":[0-9.e+-]+,"probes":500,"solution_paths":136,"seed":7,"sample_seconds":[0-9.]+,"sample_complete":true,"exact":\{"solutions":52,"nodes":607,"updates":8339\}\}\}$' \
    "$(cat "$TMP/out")"
t_eq "--format=json: one line" 1 "$(wc -l < "$TMP/out")"
t_eq "--format=json: nothing on stderr (kept for messages, #29)" "" "$(cat "$TMP/err")"
if command -v python3 > /dev/null; then
    t_eq "--format=json: JSON that python reads" "601 True" \
        "$(python3 -c 'import json,sys; e=json.load(sys.stdin)["estimate"]; print(e["nodes"], e["nodes_low"] <= e["nodes"] <= e["nodes_high"])' < "$TMP/out")"
else
    t_skip "--format=json: JSON that python reads" python3
fi
# a search longer than the sample: the time is an estimate, with its interval
"$DLX2" --estimate --format=json --probes 100 "$I/pentomino-6x10.dlx" > "$TMP/out" 2> /dev/null
t_match "a search longer than the sample: not complete, seconds estimated" \
    '"seconds":[0-9.e+-]+,"seconds_low":[0-9.e+-]+,"seconds_high":[0-9.e+-]+,"probes":100,"solution_paths":0,"seed":0,"sample_seconds":0\.[0-9]+,"sample_complete":false,"exact":null\}\}$' \
    "$(cat "$TMP/out")"
t_match "a search longer than the sample: the line of the time" \
    '^About [0-9.e+]+ seconds here \([0-9.e+]+\.\.[0-9.e+]+\), at the mems per second of a sample of 0\.[0-9]+ seconds\.$' \
    "$("$DLX2" --estimate --probes 100 "$I/pentomino-6x10.dlx" 2>&1 | sed -n 5p)"

# No path reached a solution (the 6x10 pentomino box has 9356, too rare
# for 300 paths): the report says so, with no estimate of 0 solutions nor
# an interval 0..0 that would read as a certainty (#29).
"$DLX2" --estimate --probes 300 "$I/pentomino-6x10.dlx" > "$TMP/out" 2> "$TMP/err"
t_eq "no path reached a solution: status 0" 0 $?
t_eq "no path reached a solution: said so, no solutions estimated" "Estimated from 300 random paths (seed 0): 2453108 nodes, 788026434 updates, 10453116733 mems.
No path reached a solution: the number of solutions is not estimated (there may be none, or too few for the paths to meet one).
95% intervals: 1..5334668 nodes, 201048853..1375004015 updates, 2651739787..18254493680 mems." \
    "$(sed -n 2,4p "$TMP/err")"
"$DLX2" --estimate --format=json --probes 300 "$I/pentomino-6x10.dlx" > "$TMP/out" 2> /dev/null
t_eq "no path reached a solution: --format=json, status 0" 0 $?
t_match "no path reached a solution: --format=json, no interval, solution_paths 0" \
    '^\{"estimate":\{"nodes":2453108,"nodes_low":1,"nodes_high":5334668,"solutions":0,"solutions_low":null,"solutions_high":null,"updates":788026434,.*,"probes":300,"solution_paths":0,"seed":0,' \
    "$(cat "$TMP/out")"

# Bad options and problems: a message, status 2.
t_run "--probes 0" 2 "dlx2: --probes needs a number of paths (1 to 100000000), not '0'
Try 'dlx2 --help' for more information." "$DLX2" --estimate --probes 0 "$I/queens-8.dlx"
t_run "--probes x" 2 '*' "$DLX2" --estimate --probes x "$I/queens-8.dlx"
t_run "--seed -1" 2 '*' "$DLX2" --estimate --seed -1 "$I/queens-8.dlx"
t_run "--probes without --estimate" 2 "dlx2: --probes goes with --estimate
Try 'dlx2 --help' for more information." "$DLX2" --probes 10 "$I/queens-8.dlx"
t_run "--estimate with -c" 2 "dlx2: --estimate takes --probes, --seed, --format, -q and a FILE, nothing else
Try 'dlx2 --help' for more information." "$DLX2" --estimate -c "$I/queens-8.dlx"
t_run "--estimate with --merge" 2 "dlx2: --merge and --estimate do not go together
Try 'dlx2 --help' for more information." "$DLX2" --estimate --merge "$I/queens-8.dlx"
t_run "--estimate with two files" 2 "dlx2: only one FILE may be given, not also '$I/langford-7.dlx'
Try 'dlx2 --help' for more information." "$DLX2" --estimate "$I/queens-8.dlx" "$I/langford-7.dlx"
printf 'A B\nA |1\nB |2\n' > "$TMP/costs.dlx"
t_run "a problem with costs" 2 \
    "dlx2: $TMP/costs.dlx: --estimate estimates DLX2's tree; a problem with costs (the tree of DLX5) is not estimated" \
    "$DLX2" --estimate "$TMP/costs.dlx"
printf 'A 2:3|B\nA B\nB\n' > "$TMP/bounds.dlx"
t_run "a problem with bounds" 2 \
    "dlx2: $TMP/bounds.dlx: --estimate estimates DLX2's tree; a problem with bounds (the tree of DLX3) is not estimated" \
    "$DLX2" --estimate "$TMP/bounds.dlx"
t_run "bad input: file, line and column" 2 '*' sh -c 'printf "A\nB\n" | "$0" --estimate' "$DLX2"
t_match "bad input: the message names the place" '^dlx2: <stdin>:2:1: ' "$(head -1 "$TMP/err")"
t_run "--format=json > /dev/full: 1" 1 "dlx2: error writing to standard output: No space left on device" \
    sh -c '"$0" --estimate --format=json --probes 10 "$1" > /dev/full' "$DLX2" "$I/queens-8.dlx"
