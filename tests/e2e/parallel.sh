# -j (threads), --shard (parts of the tree for many machines) and --merge
# (adding up the parts' reports) must give exactly the sequential answer:
# the same report, and the same solutions (in another order).
. "$(dirname "$0")/../lib.sh"

# solutions of a listing, without their numbers, sorted
solutions() { grep -v '^[0-9]*:$' "$1" | sort; }

# check_shards NAME FILE N: the N parts of --shard K/N m1 add up to the
# sequential run in $TMP/seq.* (counts, listing, --merge); their nodes,
# "K NODES" a line, go to $TMP/nodes
check_shards() {
    rm -f "$TMP"/part*
    : > "$TMP/nodes"
    for k in $(seq 1 $3); do
        "$DLX2" --shard $k/$3 m1 < "$2" > "$TMP/part$k.out" 2> "$TMP/part$k.err"
        echo "$k $(sed -n 's/^Altogether .* \([0-9]*\) nodes.*/\1/p' "$TMP/part$k.err")" >> "$TMP/nodes"
    done
    t_eq "$1: the counts of $3 shards add up" \
        "$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' "$TMP/seq.err")" \
        "$(cat "$TMP"/part*.err | sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' | awk '{n += $1} END {print n}')"
    cat "$TMP"/part*.out > "$TMP/parts.out"
    solutions "$TMP/parts.out" > "$TMP/parts.sorted"
    t_file_eq "$1: the listings of $3 shards make the full listing" \
        "$TMP/seq.sorted" "$TMP/parts.sorted"
    "$DLX2" --merge "$TMP"/part*.err > "$TMP/merged"
    # every figure but ccost (the shards' percentages, weighed) is exact
    t_eq "$1: --merge of $3 shards gives the sequential figures" \
        "$(tail -2 "$TMP/seq.err" | sed 's/ ccost.*//')" "$(sed 's/ ccost.*//' "$TMP/merged")"
}

for name in knuth-example-colors zebra-16-clues langford-7 queens-8 random-medium-105 \
            wordsearch-4x4-es-abel-land knight-cover-closed-4 sudoku-inkala; do
    inst=$REF/instances/$name.dlx
    "$DLX2" m1 < "$inst" > "$TMP/seq.out" 2> "$TMP/seq.err"
    solutions "$TMP/seq.out" > "$TMP/seq.sorted"
    for j in 2 3; do
        "$DLX2" -j $j m1 < "$inst" > "$TMP/par.out" 2> "$TMP/par.err"
        t_file_eq "$name -j $j: the report is the sequential one" "$TMP/seq.err" "$TMP/par.err"
        solutions "$TMP/par.out" > "$TMP/par.sorted"
        t_file_eq "$name -j $j: the same solutions" "$TMP/seq.sorted" "$TMP/par.sorted"
        t_eq "$name -j $j: numbered 1 to N, in that order" "$(grep -c '^[0-9]*:$' "$TMP/seq.out")" \
            "$(grep '^[0-9]*:$' "$TMP/par.out" | awk -F: '$1 == NR' | wc -l)"
    done
    [ $name = random-medium-105 ] && continue # big: threads only
    for n in 1 2 3 4 5 6 7 8; do
        check_shards "$name" "$inst" $n
    done
done

# Many shards, cut deeper where the tree is larger (xcc_shard.c's
# plan): 64 parts of queens 8 add up to the whole, solutions and nodes,
# and each has the nodes bench/shard-balance says (build/shard-nodes).
inst=$REF/instances/queens-8.dlx
"$DLX2" m1 < "$inst" > "$TMP/seq.out" 2> "$TMP/seq.err"
solutions "$TMP/seq.out" > "$TMP/seq.sorted"
check_shards queens-8 "$inst" 64
t_eq "queens-8: the nodes of 64 shards add up" \
    "$(sed -n 's/^Altogether .* \([0-9]*\) nodes.*/\1/p' "$TMP/seq.err")" \
    "$(awk '{n += $2} END {print n}' "$TMP/nodes")"
if [ -x "$ROOT/$BUILD/shard-nodes" ]; then
    "$ROOT/$BUILD/shard-nodes" 64 < "$inst" | sed '$d' > "$TMP/planned"
    t_file_eq "queens-8: each of 64 shards has the nodes bench/shard-balance gives" \
        "$TMP/nodes" "$TMP/planned"
    t_eq "queens-8: the nodes of the shards spread out (at least half nonzero)" 1 \
        "$(awk '$2 > 0 {n++} END {print (n >= 32)}' "$TMP/nodes")"
fi

# With dancing links the workers replay each task's path on their own
# copy of the links (xcc_replay) instead of walking it with a twin.
for name in langford-7 knuth-example-colors; do
    inst=$REF/instances/$name.dlx
    "$DLX2" --engine=links m1 < "$inst" > "$TMP/seq.out" 2> "$TMP/seq.err"
    solutions "$TMP/seq.out" > "$TMP/seq.sorted"
    for j in 2 3; do
        "$DLX2" --engine=links -j $j m1 < "$inst" > "$TMP/par.out" 2> "$TMP/par.err"
        t_file_eq "$name --engine=links -j $j: the report is the sequential one" "$TMP/seq.err" "$TMP/par.err"
        solutions "$TMP/par.out" > "$TMP/par.sorted"
        t_file_eq "$name --engine=links -j $j: the same solutions" "$TMP/seq.sorted" "$TMP/par.sorted"
    done
done

# Only counting, the threads share one memo of finished subtrees
# (lib/twin/dlx2.c): every figure must still be the sequential one.
# The knight's covers meet the same subtrees most often. (Progress lines,
# " after N mems", come at other moments with threads: left out.)
for inst in "$REF/instances/random-medium-105.dlx" "$REF/instances/langford-11.dlx" \
            "$REF/instances/zebra-16-clues.dlx" "$ROOT/data/gen/knight-5x5-open.dlx" \
            "$ROOT/data/gen/knight-6x6.dlx"; do
    name=$(basename "$inst" .dlx)
    "$DLX2" < "$inst" 2>&1 > /dev/null | grep -v '^ after' > "$TMP/seq.err"
    for j in 2 3; do
        "$DLX2" -j $j < "$inst" 2>&1 > /dev/null | grep -v '^ after' > "$TMP/par.err"
        t_file_eq "$name -j $j, counting: the report is the sequential one" "$TMP/seq.err" "$TMP/par.err"
    done
done
# A thread starts on another CPU than this one (start_thread); with one
# CPU allowed there is none, and they share it.
if command -v taskset > /dev/null; then
    t_eq "knight-6x6 -j 2 on one CPU (taskset): DLX2's figures" \
        "Altogether 106172416 solutions, 22063+31002518475-0 mems, 1637972404 updates, 0 cleansings, 10160 bytes, 425174223 nodes, ccost 12%." \
        "$(taskset -c 0 "$DLX2" -j 2 < "$ROOT/data/gen/knight-6x6.dlx" 2>&1 | tail -1)"
fi
t_eq "knight-6x6 -j 2: DLX2's figures" \
    "Altogether 106172416 solutions, 22063+31002518475-0 mems, 1637972404 updates, 0 cleansings, 10160 bytes, 425174223 nodes, ccost 12%." \
    "$("$DLX2" -j 2 < "$ROOT/data/gen/knight-6x6.dlx" 2>&1 | tail -1)"

# With -p on a terminal (script(1) makes one), this thread reports the
# share of the tree in the subtrees done (tests/e2e/progress.sh) while the
# others search; otherwise it searches too. Both ways, the report is the
# sequential one.
p415=$REF/instances/pentomino-4x15.dlx
script -qec "$DLX2 -p -j 2 $p415" /dev/null > "$TMP/tty" < /dev/null
t_match "-j 2 -p on a terminal: the share done in finished subtrees" \
    $'\r\033\\[K +[0-9]+\\.[0-9]{2}% done, ETA [0-9dhms]+ \\(in finished subtrees\\)' "$(cat "$TMP/tty")"
t_match "-j 2 -p on a terminal: then the sequential report" \
    'Altogether 1472 solutions, 551916\+3663369723-0 mems, 276470195 updates, 0 cleansings, 192336 bytes, 843852 nodes' \
    "$(cat "$TMP/tty")"

# --merge's checks of the parts: tests/e2e/merge.sh

# argument errors
hint="Try 'dlx2 --help' for more information."
t_run "-j 0" 2 "dlx2: -j needs a number of threads (1 to 1024), not '0'
$hint" "$DLX2" -j 0
t_run "-j followed by the file" 2 "dlx2: -j needs a number of threads (1 to 1024), not 'problem.dlx'
$hint" "$DLX2" -j problem.dlx
t_run "-j at the end" 2 "dlx2: -j needs a number of threads (1 to 1024)
$hint" "$DLX2" problem.dlx -j
t_run "--shard 3/2" 2 "dlx2: bad shard '3/2' (K/N with 1 <= K <= N <= 1000000)
$hint" "$DLX2" --shard 3/2
t_run "S<file> with -j" 2 "dlx2: S<file> needs the whole tree in one thread: not with -j or --shard
$hint" "$DLX2" -j 2 S/tmp/x

# A reader that goes away: the threads hand their solutions on in
# batches (xcc_parallel.c), and stop as one thread does, quietly.
big=$REF/instances/random-medium-105.dlx
"$DLX2" -j 1 m1 < "$big" 2> "$TMP/j1.err" | head -3 > "$TMP/j1.out"
s1=${PIPESTATUS[0]}
"$DLX2" -j 2 m1 < "$big" 2> "$TMP/j2.err" | head -3 > "$TMP/j2.out"
t_eq "-j 1 and -j 2 m1 | head: status 0" "0 0" "$s1 ${PIPESTATUS[0]}"
t_file_eq "-j 2 m1 | head: the stderr of -j 1 m1 | head" "$TMP/j1.err" "$TMP/j2.err"
t_eq "-j 2 m1 | head: solution 1 first" "1:" "$(head -1 "$TMP/j2.out")"

# t<n> with threads: exactly n solutions, listed once each (and status 0:
# under ThreadSanitizer a data race between the threads stopping makes it 66)
t_run "-j 2 t5 m1: status 0" 0 '*' "$DLX2" -j 2 t5 m1 "$REF/instances/langford-11.dlx"
t_eq "-j 2 t5 m1 lists five solutions" 5 "$(grep -c '^[0-9]*:$' "$TMP/out")"
t_run "-j 2 -c t5: status 0" 0 '*' "$DLX2" -j 2 -c t5 "$REF/instances/langford-11.dlx"
t_eq "-j 2 -c t5" 5 "$(cat "$TMP/out")"

# The GNU parallel line of doc/threads-and-shards.md, run on this machine (no -S): the
# merged report is the sequential one, the parts' listings the full one.
if t_have parallel; then
    inst=$REF/instances/langford-7.dlx
    mkdir "$TMP/gnu"
    cp "$inst" "$TMP/gnu/problem.dlx"
    (cd "$TMP/gnu" && PATH=$(dirname "$DLX2"):$PATH parallel --will-cite \
        'dlx2 --shard {}/16 m1 problem.dlx > part{}.out 2> part{}.err; cat part{}.err' \
        ::: $(seq 16) > parts.err)
    "$DLX2" < "$inst" > /dev/null 2> "$TMP/seq.err"
    t_eq "GNU parallel, 16 shards: merged report" "$(tail -2 "$TMP/seq.err" | sed 's/ ccost.*//')" \
        "$("$DLX2" --merge "$TMP/gnu/parts.err" | sed 's/ ccost.*//')"
    "$DLX2" m1 < "$inst" 2> /dev/null | grep -v '^[0-9]*:$' | sort > "$TMP/seq.sorted"
    cat "$TMP"/gnu/part*.out | grep -v '^[0-9]*:$' | sort > "$TMP/par.sorted"
    t_file_eq "GNU parallel, 16 shards: the full listing" "$TMP/seq.sorted" "$TMP/par.sorted"
else
    t_skip "GNU parallel, 16 shards: merged report" "GNU parallel (Debian: parallel)"
    t_skip "GNU parallel, 16 shards: the full listing" "GNU parallel (Debian: parallel)"
fi
