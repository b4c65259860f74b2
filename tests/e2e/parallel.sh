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

# -c -j N where -c picks the fast engine: its threads (lib/parallel/fast.c)
# count the tasks below the top of its tree, each with a memo, so the
# count is exactly that of -c, and of DLX2's tree (by dancing links on
# the random problems; with the twin's memo on the families, where the
# links take minutes); the JSON summary says the fast engine ran. Random problems with and without
# colors, then the families, at sizes where the top is cut into tasks.
RAND=$ROOT/$BUILD/randxcc
engine() { sed -n 's/.*"engine":"\([a-z-]*\)".*/\1/p'; }
if [ -x "$RAND" ]; then
    mkdir -p "$TMP/fastj"
    "$RAND" --many "$TMP/fastj" 1 20 26 6 80 3
    "$RAND" --xc --many "$TMP/fastj" 21 40 28 4 100 2
    n=0 bad="" fast=0
    for f in "$TMP"/fastj/*.dlx; do
        want=$("$DLX2" --engine=links -c "$f" 2> /dev/null)
        one=$("$DLX2" -c "$f" 2> /dev/null)
        [ "$one" = "$want" ] || bad="$bad $(basename "$f"):-c:$one:$want"
        for j in 1 2 3 4; do
            got=$("$DLX2" -c -j $j "$f" 2> /dev/null)
            n=$((n + 1))
            [ "$got" = "$want" ] || bad="$bad $(basename "$f"):-j$j:$got:$want"
        done
        [ "$("$DLX2" -c -j 2 --format=json "$f" 2> /dev/null | engine)" = fast ] && fast=$((fast + 1))
    done
    t_eq "-c -j 1..4 on 40 random problems: the count of -c and of the links ($n runs)" \
        "yes:" "$([ $n -ge 160 ] && echo yes):$bad"
    t_eq "-c -j 2 on 40 random problems: the fast engine ran (JSON \"engine\")" 40 "$fast"
else
    t_skip "-c -j 1..4 on 40 random problems" "$BUILD/randxcc (make $BUILD/randxcc)"
fi
fam() { # NAME FILE [ENGINE]: -c -j 2, 3, 4 count as -c, as DLX2's tree does, and with
    # ENGINE (default fast; the zdd engine, which has no threads, walks in one)
    want=$("$DLX2" --engine=dlx -c "$2" 2> /dev/null)
    got="$("$DLX2" -c "$2" 2> /dev/null)"
    for j in 2 3 4; do
        got="$got $("$DLX2" -c -j $j "$2" 2> /dev/null)"
    done
    t_eq "$1: -c and -c -j 2, 3, 4 count $want" "$want $want $want $want" "$got"
    t_eq "$1: -c -j 3 runs the ${3:-fast} engine" "${3:-fast}" "$("$DLX2" -c -j 3 --format=json "$2" | engine)"
}
"$GEN/gen-queens" 12 > "$TMP/q12.dlx"
fam "queens 12" "$TMP/q12.dlx"
"$GEN/gen-langford" 11 > "$TMP/l11.dlx"
fam "Langford pairs 11" "$TMP/l11.dlx"
"$GEN/gen-langford" --mirror 12 > "$TMP/lm12.dlx"
fam "Langford pairs 12, --mirror" "$TMP/lm12.dlx"
"$GEN/gen-sudoku" --keep 24 --seed 2 "$ROOT/dlx-gen/examples/sudoku-solved.txt" > "$TMP/s24.dlx"
fam "sudoku, 24 clues" "$TMP/s24.dlx"
fam "wordrect-5x5-sgb400" "$ROOT/data/gen/wordrect-5x5-sgb400.dlx"
fam "knight-6x6 (the memo)" "$ROOT/data/gen/knight-6x6.dlx"
# each thread keeps a memo of its own (fast/count.c): without one, a
# thread walks the knight's covers as DLX2 does (425 M nodes); with one
# each, two or three threads walk less than twice one thread's nodes.
# Within --memory-limit 64M the memos share the room, and count the same.
nodes_of() { sed -n 's/.* \([0-9][0-9]*\) nodes.*/\1/p' | tail -1; }
one=$("$DLX2" -c v1 "$ROOT/data/gen/knight-6x6.dlx" 2>&1 > /dev/null | nodes_of)
for j in 2 3; do
    many=$("$DLX2" -c -j $j v1 "$ROOT/data/gen/knight-6x6.dlx" 2>&1 > /dev/null | nodes_of)
    t_eq "knight-6x6: -c -j $j: a memo in each thread (nodes $many, one thread's $one)" \
        yes "$([ -n "$one" ] && [ -n "$many" ] && [ "$many" -lt $((2 * one)) ] && echo yes)"
done
t_eq "knight-6x6: -c -j 2 --memory-limit 64M counts 106172416" "106172416" \
    "$("$DLX2" -c -j 2 --memory-limit 64M "$ROOT/data/gen/knight-6x6.dlx" 2> /dev/null)"
fam "zebra-16-clues (colors)" "$REF/instances/zebra-16-clues.dlx"
fam "pentomino-3x20 (over 512 options: -c picks the zdd engine)" "$ROOT/data/gen/pentomino-3x20.dlx" zdd
# the fast engine's threads past 512 options (its own walk, no kernel)
t_eq "pentomino-3x20: --engine=fast -c -j 3: the fast engine's threads count 8" "8 fast" \
    "$("$DLX2" --engine=fast -c -j 3 "$ROOT/data/gen/pentomino-3x20.dlx") $("$DLX2" --engine=fast -c -j 3 --format=json "$ROOT/data/gen/pentomino-3x20.dlx" | engine)"
# -c --use-symmetry -j N: the walk's subtrees on N workers (formats/symmetry.md), here
# under ThreadSanitizer too (make test-threads): queens 12 (6 subtrees: 2 and 3 workers)
# (a group too large to list, and more instances: tests/e2e/symmetry.sh)
t_eq "queens 12: -c --use-symmetry -j 1, 2, 3" "14200 14200 14200" \
    "$(for j in 1 2 3; do "$DLX2" -c --use-symmetry -j $j "$TMP/q12.dlx"; done | tr '\n' ' ' | sed 's/ $//')"
# its figures: the closing line of the fast engine; a stop says so
t_match "-c -j 2 v1: the fast engine's closing line" \
    '^Altogether 14200 solutions, [0-9]+ updates, [0-9]+ bytes, [0-9]+ nodes \(--engine=fast: no mems counted\)\.$' \
    "$("$DLX2" -c -j 2 v1 "$TMP/q12.dlx" 2>&1 > /dev/null | tail -1)"
# (on the 20 queens, hours of count: the 6x10 box took 2.5 s of CPU on
# the two threads, some 1.3 s of wall, which a fast idle machine halves)
"$GEN/gen-queens" 20 > "$TMP/q20.dlx"
"$DLX2" -c -j 2 --time-limit 0.2 --format=json "$TMP/q20.dlx" > "$TMP/out" 2> "$TMP/err"
t_eq "-c -j 2 --time-limit: status 4" 4 $?
t_match "-c -j 2 --time-limit: stopped, the fast engine's figures so far" \
    '"complete":false,"stopped":"time","engine":"fast"' "$(cat "$TMP/out")"
# what its threads do not take: a listing, t<n> (engine dlx's threads count then)
t_run "--engine=fast -j 2 m1 is refused" 2 "dlx2: --engine=fast does -j only with -c; use --engine=dlx
Try 'dlx2 --help' for more information." "$DLX2" --engine=fast -j 2 m1 "$TMP/q12.dlx"
t_run "--engine=fast -c -j 2 t5 is refused" 2 "dlx2: --engine=fast does not do t<n> with -j; use --engine=dlx
Try 'dlx2 --help' for more information." "$DLX2" --engine=fast -c -j 2 t5 "$TMP/q12.dlx"
t_eq "-c -j 2 t5: DLX2's threads stop at 5" "5 twin" \
    "$("$DLX2" -c -j 2 t5 "$TMP/q12.dlx") $("$DLX2" -c -j 2 t5 --format=json "$TMP/q12.dlx" | engine)"

# With -p on a terminal (script(1) makes one), this thread reports the
# share of the tree in the subtrees done (tests/e2e/progress.sh) while the
# others search; otherwise it searches too. Both ways, the report is the
# sequential one.
# (the 6x10 box: about 2 s on 2 idle processors, 4.3 s of CPU; the first
# report comes within 0.7 s, after at most 0.5 s of weighing the subtrees,
# and its ETA needs a subtree finished; the 4x15 box, done in 0.77 s,
# sometimes finished first. Both threads on one processor (taskset), the
# run takes its 4.3 s of CPU in wall time too, 6 times the 0.7 s.)
p610=$REF/instances/pentomino-6x10.dlx
pin=
command -v taskset > /dev/null && pin="taskset -c 0"
script -qec "$pin $DLX2 -p -j 2 $p610" /dev/null > "$TMP/tty" < /dev/null
t_match "-j 2 -p on a terminal: the share done in finished subtrees" \
    $'\r\033\\[K +[0-9]+\\.[0-9]{2}% done, ETA [0-9dhms]+ \\(in finished subtrees\\)' "$(cat "$TMP/tty")"
t_match "-j 2 -p on a terminal: then the sequential report" \
    'Altogether 9356 solutions, 668360\+16360073539-0 mems, 1235724537 updates, 0 cleansings, 232656 bytes, 3620988 nodes, ccost 1%\.' \
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
