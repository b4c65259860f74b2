# The zdd engine's count in threads (lib/parallel/zdd.c, lib/zdd/share.c):
# -c -j N where -c picks the zdd engine, and --engine=zdd -c -j N. Exact
# counts with 2, 3 and 4 threads (each walk in an order of its own, one
# memo), the engine in the JSON summary, a count past 2^127 (the shared
# memo stops, one thread counts again), a stop that says so, the memory
# limit, and what still walks in one thread.
. "$(dirname "$0")/../lib.sh"

F=$REF/instances/pentomino-6x10.dlx
# summary ARGS...: "ENGINE COUNT COMPLETE" of -c --format=json
summary() {
    "$DLX2" -c --format=json "$@" 2> /dev/null | tail -1 \
        | sed -n 's/.*"solutions":\([0-9]*\),"complete":\([a-z]*\),.*"engine":"\([a-z-]*\)".*/\3 \1 \2/p'
}
cases=0
for f in pentomino-3x20:8 pentomino-4x15:1472 pentomino-5x12:4040 pentomino-6x10:9356; do
    for j in 2 3 4; do
        t_eq "-c -j $j on ${f%:*}: the zdd engine's threads, ${f#*:} solutions" \
            "zdd ${f#*:} true" "$(summary -j $j "$REF/instances/${f%:*}.dlx")"
        cases=$((cases + 1))
    done
done
"$GEN/gen-knight" 6 > "$TMP/in.dlx" # the twin's walk, not the counting walk: one thread
t_eq "--engine=zdd -c -j 2 on the knight's covers of 6 x 6: the count of one thread" \
    "zdd $("$DLX2" -c --engine=zdd "$TMP/in.dlx") true" "$(summary --engine=zdd -j 2 "$TMP/in.dlx")"
cases=$((cases + 1))
[ $cases -ge 13 ] && t_ok "$cases counts checked (at least 13)" || t_fail "only $cases counts checked"

# 128 items of two options each: 2^128 solutions, past what the shared
# memo keeps; the count is made again in one thread, exact
awk 'BEGIN { for (i = 0; i < 128; i++) printf "%sx%d", i ? " " : "", i; print "";
             for (i = 0; i < 128; i++) print "x" i "\nx" i }' > "$TMP/wide.dlx"
t_eq "--engine=zdd -c -j 2 on 2^128 solutions: exact" \
    "zdd 340282366920938463463374607431768211456 true" "$(summary --engine=zdd -j 2 "$TMP/wide.dlx")"

# a stop is never a count: a lower bound with +, status 4
out=$("$DLX2" -c -j 2 --time-limit 0.01 "$F" 2> /dev/null)
t_eq "-c -j 2 --time-limit 0.01: stopped (status 4)" 4 "$?"
t_match "-c -j 2 --time-limit 0.01: a count with +" '^[0-9]+\+$' "$out"

# past the memory limit: --engine=zdd says so (status 3); -c alone
# counts with DLX2's tree instead
t_match "--engine=zdd -c -j 2 --memory-limit 40M: the memo's limit" \
    "^dlx2: the ZDD engine's memo would pass the memory limit of 41943040 bytes, with [0-9]+ subproblems in it so far \(raise --memory-limit, or give none\)$" \
    "$("$DLX2" -c -j 2 --engine=zdd --memory-limit 40M "$F" 2>&1 > /dev/null)"
t_eq "--engine=zdd -c -j 2 --memory-limit 40M: status 3" 3 \
    "$("$DLX2" -c -j 2 --engine=zdd --memory-limit 40M "$F" > /dev/null 2>&1; echo $?)"
t_eq "-c -j 2 --memory-limit 40M: DLX2's tree counts instead" "twin 9356 true" \
    "$(summary -j 2 --memory-limit 40M "$F")"

# what walks in one thread: a checkpoint, a listing (refused)
t_eq "-c -j 2 --checkpoint: one thread, the count" 9356 \
    "$("$DLX2" -c -j 2 --checkpoint "$TMP/ck" "$F" 2> /dev/null)"
t_run "--engine=zdd -j 2 m1: refused" 2 "dlx2: the ZDD engine (--zdd, --sample, --engine=zdd) walks in one thread (on DLX2's tree, -c may take -j): -j and --shard do not go with it
Try 'dlx2 --help' for more information." "$DLX2" --engine=zdd -j 2 m1 "$F"
t_finish
