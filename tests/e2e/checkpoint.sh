# dlx2 --checkpoint and --resume (#28): a search killed (kill -9) after a
# checkpoint was written, at a moment drawn at random, then gone on with
# by --resume, ends exactly as the run without a stop: the same listing
# in --output, the same count on stdout, its stderr the end of the whole
# run's stderr, the closing line byte for byte (bytes too); so does one
# stopped by SIGTERM, and one cut into slices by --time-limit. Checkpoints
# that are not sound, and what --checkpoint does not go with, are refused
# with status 2 and a message saying which.
. "$(dirname "$0")/../lib.sh"
I=$REF/instances

# The first checkpoint past the root: the file's position is not level 0,
# or (-j, --shard) a task of the plan is done.
past_root() { grep -aq '^level [1-9]\|^done [1-9]' "$1" 2> /dev/null; }

# The moment of the kill: at random, up to 0.39 s after the first
# checkpoint past the root, but within the first half of the run (its
# length, in microseconds, measured on a run without a stop just before:
# the instances here take 0.5 to 3.6 s of CPU, and on an idle machine
# the whole 0.39 s after 0.15 s could outlast the shortest).
usec() { local t=${EPOCHREALTIME:-$(date +%s.%N | cut -c1-17)}; t=${t/,/.}; echo $((10#${t%.*} * 1000000 + 10#${t#*.})); }
kill_delay() { # LENGTH_USEC START_USEC: sleep at random, within the first half of LENGTH
    local left=$(($1 / 2 - ($(usec) - $2))) d
    [ $left -gt 390000 ] && left=390000
    [ $left -gt 0 ] || return 0
    d=$((RANDOM * left / 32768))
    sleep "$((d / 1000000)).$(printf '%06d' $((d % 1000000)))"
}

# ck_case NAME INSTANCE ARGS...: the run whole, then the run killed by
# kill -9 at a random moment after a checkpoint past the root, resumed.
# Listing into --output (when ARGS list), count on stdout. With
# whole_args set, the run whole is made with those arguments instead
# (one thread's: the listing of -j with --checkpoint is one thread's,
# byte for byte); with limit_only=1 (t<n> with -j), the closing lines
# are compared up to their count of solutions (the other figures count
# what the threads walked, which depends on their timing); with
# costs_only=1 (DLX5's search under -j), the optimum costs are compared,
# the lines from "The optimum cost" on (which solutions the threads hand
# out, and so every other figure, depends on their timing).
ran=0
whole() { # whole ARGS...: the run whole, by ARGS or by whole_args
    if [ -n "$whole_args" ]; then "$DLX2" $whole_args $whole_out; else "$DLX2" "$@" $whole_out; fi
}
ck_case() {
    name=$1 inst=$I/$2.dlx
    case $2 in /*) inst=$2 ;; esac
    shift 2
    d=$TMP/$name
    mkdir -p "$d"
    listing=
    case " $* " in *" m"[0-9]*) listing=1 ;; esac
    t0=$(usec)
    if [ -n "$listing" ]; then
        (cd "$d" && whole_out="--output whole.out" whole "$@" < "$inst" > whole.stdout 2> whole.err)
        st=$?
        length=$(($(usec) - t0)) t0=$(usec)
        (cd "$d" && exec "$DLX2" "$@" --output part.out --checkpoint ck --checkpoint-every 0.1 \
            < "$inst" > part.stdout 2> part.err) &
    else
        (cd "$d" && whole_out= whole "$@" < "$inst" > whole.out 2> whole.err)
        st=$?
        length=$(($(usec) - t0)) t0=$(usec)
        (cd "$d" && exec "$DLX2" "$@" --checkpoint ck --checkpoint-every 0.1 \
            < "$inst" > part.out 2> part.err) &
    fi
    pid=$!
    n=0
    while ! past_root "$d/ck" && kill -0 $pid 2> /dev/null && [ $n -lt 600 ]; do
        sleep 0.05
        n=$((n + 1))
    done
    kill_delay "$length" "$t0" # a random moment after it
    if ! kill -9 $pid 2> /dev/null; then
        wait $pid
        t_fail "$name: the run ended before it was killed (a longer instance is needed)"
        return
    fi
    wait $pid 2> /dev/null
    if ! past_root "$d/ck"; then
        t_fail "$name: no checkpoint past the root was written"
        return
    fi
    (cd "$d" && "$DLX2" --resume ck > resumed.stdout 2> resumed.err)
    rst=$?
    t_eq "$name: resumed, the status of the whole run" "$st" "$rst"
    if [ -n "$listing" ]; then
        t_file_eq "$name: the listing in --output" "$d/whole.out" "$d/part.out"
        t_eq "$name: stdout empty" "" "$(cat "$d/resumed.stdout")"
    else
        t_file_eq "$name: the count" "$d/whole.out" "$d/resumed.stdout"
    fi
    if [ -n "$fast_only" ]; then
        ran=$((ran + 1)) fast_only= whole_args=
        return
    fi
    closing=$(grep '^Altogether' "$d/whole.err")
    if [ -n "$costs_only" ]; then
        best=$(sed -n '/^The optimum cost/,$p' "$d/whole.err")
        t_match "$name: the whole run's optimum costs" '^The optimum costs? (is|are)' "$best"
        t_eq "$name: the optimum costs" "$best" "$(sed -n '/^The optimum cost/,$p' "$d/resumed.err")"
        t_eq "$name: the checkpoint removed at the end" "no" "$([ -e "$d/ck" ] && echo yes || echo no)"
        ran=$((ran + 1)) costs_only= whole_args=
        return
    fi
    if [ -n "$limit_only" ]; then
        t_match "$name: the whole run's closing line" '^Altogether [0-9]+ solutions' "$closing"
        t_eq "$name: the closing line's count" "${closing%%,*}" \
            "$(grep '^Altogether' "$d/resumed.err" | sed 's/,.*//')"
        t_eq "$name: the checkpoint removed at the end" "no" "$([ -e "$d/ck" ] && echo yes || echo no)"
        ran=$((ran + 1)) limit_only= whole_args=
        return
    fi
    t_match "$name: the whole run's closing line" '^Altogether [0-9]+ solutions' "$closing"
    t_eq "$name: the closing line" "$closing" "$(grep '^Altogether' "$d/resumed.err")"
    wl=$(wc -c < "$d/whole.err") rl=$(wc -c < "$d/resumed.err")
    if [ "$rl" -gt 0 ] && tail -c "$rl" "$d/whole.err" | cmp -s - "$d/resumed.err"; then
        t_ok "$name: stderr resumed is the end of the whole run's ($rl of $wl bytes)"
    else
        t_fail "$name: stderr resumed is not the end of the whole run's" \
            "$(diff "$d/whole.err" "$d/resumed.err" | head -10)"
    fi
    t_eq "$name: the checkpoint removed at the end" "no" "$([ -e "$d/ck" ] && echo yes || echo no)"
    ran=$((ran + 1)) whole_args=
}

# DLX2's tree by links and by the twin, listings and counts (the twin's
# memo dropped and made again), the profile (v128), progress lines (d<n>)
ck_case links-wordrect wordrect-5x5-sgb600 --engine=links m1
ck_case twin-pentomino pentomino-4x15 m1
ck_case twin-count pentomino-4x15 -c v1 --engine=dlx
t_eq "-c --checkpoint counts on DLX2's tree, the count of -c by auto" \
    "$("$DLX2" -c "$I/pentomino-4x15.dlx")" "$(cat "$TMP/twin-count/resumed.stdout")"
ck_case links-count-profile random-medium-101 -c --engine=links v129
ck_case links-progress random-medium-101 --engine=links m100000 d200000000
ck_case twin-progress-profile pentomino-4x15 m1000 v129 d300000000
ck_case dlx1-links pentomino-4x15 --knuth=dlx1 --engine=links m100
# DLX3's tree (multiplicities): the twin's listing and count (its memo
# dropped and made again), the links with the profile, --knuth=dlx3
M=$ROOT/data/reference-family/dlx3/instances
ck_case mcc-twin-list "$M/langford12-8.dlx" m100
ck_case mcc-twin-count "$M/pentomino2-5x12-FILNPT.dlx" -c v1
ck_case mcc-links-profile "$M/pentomino2-4x15-LNPUVY.dlx" --engine=links m100 v129
ck_case mcc-knuth-dlx3 pentomino-4x15 --knuth=dlx3 m10 d300000000
# DLX5's search (costs): its k best and each level's thresholds written
# down; the twin's listing (k5, d<n>), the links' with the profile
C=$ROOT/data/reference-family/dlx5/instances
ck_case cost-twin-list "$C/pentomino-6x10-cost.dlx" m1 k5 d300000000
ck_case cost-links-profile "$C/pentomino-5x12-cost.dlx" --engine=cost-links m1 k3 v129
# the fast engine's count (its nodes and updates depend on its memo,
# which starts empty again: the count and the status are compared)
fast_only=1 ck_case fast-count pentomino-5x12 -c --engine=fast v1
# the zdd engine's count: the path and the solutions of the branches
# done above it written down, the memo made again; by its counting walk
# (the 6x10 box), by the twin's (knight's covers of 5 x 7 with the
# virtual vertex of --open: 3510325504) and on DLX3's tree (Langford's
# problem with multiplicities: its null choices are on the path)
fast_only=1 ck_case zdd-count pentomino-6x10 -c --engine=zdd
"$GEN/gen-knight" 5 7 --open > "$TMP/knight-5x7-open.dlx"
fast_only=1 ck_case zdd-count-twin "$TMP/knight-5x7-open.dlx" -c --engine=zdd v1
fast_only=1 ck_case zdd-count-mcc "$ROOT/data/reference-family/dlx3/instances/langford12-8.dlx" -c --engine=zdd
t_eq "-c --engine=zdd --checkpoint: the count" 9356 "$(cat "$TMP/zdd-count/resumed.stdout")"
t_eq "-c --engine=zdd --checkpoint, DLX3's tree: the count" 2584697 "$(cat "$TMP/zdd-count-mcc/resumed.stdout")"
t_eq "-c --engine=zdd --checkpoint, the twin's walk: the count" 3510325504 \
    "$(cat "$TMP/zdd-count-twin/resumed.stdout")"
# -j 2: the tasks done written down by the main thread, those in flight
# walked again; the twins' threads end with every figure of the run
# without a stop, the fast engine's with its count
ck_case j2-twin pentomino-5x12 -c -j 2 v1 --engine=dlx
fast_only=1 ck_case j2-fast pentomino-5x12 -c -j 2 --engine=fast v1
t_eq "-c -j 2 --checkpoint: the count" 4040 "$(cat "$TMP/j2-twin/resumed.stdout")"
t_eq "-c -j 2 --engine=fast --checkpoint: the count" 4040 "$(cat "$TMP/j2-fast/resumed.stdout")"
# -j 2 listing into --output: each task's solutions handed on in the
# tasks' order, so the listing is one thread's, byte for byte (and so is
# the closing line); DLX3's tree too; the profile (v129) of the tasks
# done written down; t<n>: the first n of one thread's listing
whole_args="m1" ck_case j2-list pentomino-5x12 -j 2 m1
whole_args="m100" ck_case j2-mcc-list "$M/langford12-8.dlx" -j 2 m100
whole_args="-c v129 --engine=dlx" ck_case j2-profile pentomino-5x12 -j 2 -c v129 --engine=dlx
whole_args="m7 t3000" limit_only=1 ck_case j2-limit pentomino-5x12 -j 2 m7 t3000
t_eq "-j 2 m7 t3000 --checkpoint: 3000 solutions, 428 listed" 428 \
    "$(grep -c '^[0-9]*:$' "$TMP/j2-limit/part.out")"
whole_args="-c t3000 v1" limit_only=1 ck_case j2-limit-count pentomino-5x12 -j 2 -c t3000 v1
t_eq "-j 2 -c t3000 --checkpoint: the count" 3000 "$(cat "$TMP/j2-limit-count/resumed.stdout")"
# DLX5's search (costs) under -j 2 and --shard: the tasks done written
# down with the done heap, the k least of the costs those tasks put into
# the threads' shared heap; --resume starts the shared heap (and the
# cutoff) from it. The optimum costs come out as those of the run without
# a stop (and of one thread's); a shard of one thread walks its tasks in
# order, and ends with every figure of its run without a stop, byte for
# byte
costs_only=1 ck_case j2-cost "$C/pentomino-6x10-cost.dlx" -j 2 k5
t_eq "-j 2 k5 --checkpoint: one thread's optimum costs" \
    "$("$DLX2" k5 "$C/pentomino-6x10-cost.dlx" 2>&1 | sed -n '/^The optimum cost/,$p')" \
    "$(sed -n '/^The optimum cost/,$p' "$TMP/j2-cost/resumed.err")"
costs_only=1 ck_case j2-cost-links "$C/pentomino-5x12-cost.dlx" -j 2 k3 --engine=cost-links
ck_case shard-cost "$C/pentomino-5x12-cost.dlx" --shard 2/3 k5
costs_only=1 ck_case j2-shard-cost "$C/pentomino-6x10-cost.dlx" -j 2 --shard 1/2 k7
# SSXCC's tree (the engine cells): the path, and the order of the sets
# and of the active items, which the walk below depends on; the listing,
# the profile and progress lines, -c on a problem with colors
ck_case ssxcc-list pentomino-4x15 --knuth=ssxcc m100 v129 d300000000
ck_case ssxcc-count-colors random-medium-101 -c --engine=cells v1
t_eq "-c --knuth=ssxcc --checkpoint: the count" 14678919 "$(cat "$TMP/ssxcc-count-colors/resumed.stdout")"
if [ "$ran" -ge 30 ]; then t_ok "kill -9 and --resume: $ran cases ran"
else t_fail "kill -9 and --resume: only $ran of 30 cases ran"; fi

# --shard k/3: each shard killed at a random moment after a task of its
# own was done, then gone on with, ends with its count (the plan and the
# deal are the same on every machine: these counts are queens-14's), its
# shard report on stderr; the three reports merge to the whole count
Q14=$TMP/queens-14.dlx
"$GEN/gen-queens" 14 > "$Q14"
want_shard() { case $1 in 1) echo 121365 ;; 2) echo 121779 ;; 3) echo 122452 ;; esac; }
shards=0
for k in 1 2 3; do
    d=$TMP/shard$k
    mkdir -p "$d"
    # the run without a stop: its count, and its length for kill_delay
    # (about 0.55 s of CPU each)
    t0=$(usec)
    t_eq "shard $k/3 without a stop: its count" "$(want_shard $k)" "$("$DLX2" -c --shard $k/3 "$Q14" 2> /dev/null)"
    length=$(($(usec) - t0)) t0=$(usec)
    (cd "$d" && exec "$DLX2" -c --shard $k/3 --checkpoint ck --checkpoint-every 0.1 "$Q14" \
        > part.out 2> part.err) &
    pid=$!
    n=0
    while ! past_root "$d/ck" && kill -0 $pid 2> /dev/null && [ $n -lt 600 ]; do
        sleep 0.05
        n=$((n + 1))
    done
    kill_delay "$length" "$t0"
    if ! kill -9 $pid 2> /dev/null; then
        wait $pid
        t_fail "shard $k/3: the run ended before it was killed (a longer instance is needed)"
        continue
    fi
    wait $pid 2> /dev/null
    t_match "shard $k/3: a checkpoint with tasks done" '^done [1-9]' "$(grep -a '^done' "$d/ck")"
    t_eq "shard $k/3: the checkpoint's shard" "shard $k 3" "$(grep -a '^shard' "$d/ck")"
    (cd "$d" && "$DLX2" --resume ck > out 2> err)
    t_eq "shard $k/3: resumed, status 0" 0 $?
    t_eq "shard $k/3: its count" "$(want_shard $k)" "$(cat "$d/out")"
    t_match "shard $k/3: its report" "^Shard $k/3, problem fingerprint [0-9a-f]+: $(want_shard $k) solutions\.\$" \
        "$(cat "$d/err")"
    shards=$((shards + 1))
done
t_eq "shards: 3 killed and gone on with" 3 $shards
t_eq "shards: the reports merged, queens-14's count" 365596 "$("$DLX2" --merge "$TMP"/shard*/err)"
# a shard's listing into --output: its tasks' solutions in their order,
# as the shard run whole lists them
ran=0
ck_case shard-list "$Q14" --shard 2/3 m1
t_eq "--shard 2/3 m1: its solutions listed" 121779 "$(grep -c '^[0-9]*:$' "$TMP/shard-list/part.out")"
t_eq "--shard 2/3 m1: the case ran" 1 $ran

# SSXCC's tree (the engine cells, --knuth=ssxcc) under -j 2 and --shard:
# the tasks done written down with the sums of their figures, a task in
# flight and the top walked again. Each task is walked from the state
# of the sets the top left there, so its figures are the same whoever
# walks it: the closing line resumed is the run's without a stop, byte
# for byte, with -j 2 as with a shard of one thread, the profile (v129)
# too; -c with a report counts on SSXCC's tree (-c alone counts on
# DLX2's, which checkpoints too)
ran=0
ck_case ssxcc-j2 pentomino-6x10 --knuth=ssxcc -j 2
ck_case ssxcc-j2-count pentomino-5x12 -c v129 --knuth=ssxcc -j 2
fast_only=1 ck_case ssxcc-j2-c pentomino-5x12 -c --knuth=ssxcc -j 2
t_eq "--knuth=ssxcc -j 2 --checkpoint: the closing line, 9356 solutions" \
    "Altogether 9356 solutions, 658817+9977611396 mems, 1036584894 updates, 283672 bytes, 1211691 nodes, ccost 0%." \
    "$(grep '^Altogether' "$TMP/ssxcc-j2/resumed.err")"
t_eq "-c v129 --knuth=ssxcc -j 2 --checkpoint: the count" 4040 "$(cat "$TMP/ssxcc-j2-count/resumed.stdout")"
t_eq "-c --knuth=ssxcc -j 2 --checkpoint: the count" 4040 "$(cat "$TMP/ssxcc-j2-c/resumed.stdout")"
# the three shards of the 6x10 box, each of one thread, killed and gone
# on with: each closing line its run's without a stop, and the three
# merge to the whole count (and figures) of the box, each shard's stderr
# that of its two runs one after the other (the input line, then the rest)
for k in 1 2 3; do
    ck_case ssxcc-shard$k pentomino-6x10 --knuth=ssxcc --shard $k/3
    t_eq "--knuth=ssxcc --shard $k/3 --checkpoint: its shard line" \
        "$(grep '^Shard' "$TMP/ssxcc-shard$k/whole.err")" "$(grep '^Shard' "$TMP/ssxcc-shard$k/resumed.err")"
    cat "$TMP/ssxcc-shard$k/part.err" "$TMP/ssxcc-shard$k/resumed.err" > "$TMP/ssxcc-shard$k.err"
done
t_eq "--knuth=ssxcc --shard k/3 --checkpoint: the shards merged, the 6x10 box's" \
    "Altogether 9356 solutions, 658817+9977611396 mems, 1036584894 updates, 283672 bytes, 1211691 nodes, ccost 0%." \
    "$("$DLX2" --merge "$TMP"/ssxcc-shard?.err | tail -1)"
t_eq "SSXCC's tree: 6 cases ran" 6 $ran


# SIGTERM: a checkpoint, then the end of a run stopped by a signal (143);
# --resume goes on to the whole run's end.
d=$TMP/term
mkdir -p "$d"
"$DLX2" m1 --output "$d/whole.out" < "$I/pentomino-4x15.dlx" 2> "$d/whole.err"
"$DLX2" m1 --output "$d/part.out" --checkpoint "$d/ck" --checkpoint-every 0.1 \
    < "$I/pentomino-4x15.dlx" 2> "$d/part.err" &
pid=$!
n=0
while ! past_root "$d/ck" && [ $n -lt 600 ]; do sleep 0.05; n=$((n + 1)); done
kill -TERM $pid
wait $pid
t_eq "SIGTERM: status 143" 143 $?
t_match "SIGTERM: the report says so" "SIGTERM" "$(cat "$d/part.err")"
t_eq "SIGTERM: the checkpoint kept" yes "$([ -e "$d/ck" ] && echo yes || echo no)"
"$DLX2" --resume "$d/ck" 2> "$d/resumed.err"
t_eq "SIGTERM: resumed, status 0" 0 $?
t_file_eq "SIGTERM: the listing" "$d/whole.out" "$d/part.out"
t_eq "SIGTERM: the closing line" "$(tail -1 "$d/whole.err")" "$(tail -1 "$d/resumed.err")"

# -j 2 --format=json into --output, stopped by SIGTERM, resumed: one
# thread's lines, the summary's seconds aside
d=$TMP/jterm
mkdir -p "$d"
"$DLX2" --format=json m1 --output "$d/whole.out" < "$I/pentomino-5x12.dlx" 2> /dev/null
"$DLX2" -j 2 --format=json m1 --output "$d/part.out" --checkpoint "$d/ck" --checkpoint-every 0.1 \
    < "$I/pentomino-5x12.dlx" 2> "$d/part.err" &
pid=$!
n=0
while ! past_root "$d/ck" && [ $n -lt 600 ]; do sleep 0.05; n=$((n + 1)); done
kill -TERM $pid
wait $pid
t_eq "-j 2 JSON, SIGTERM: status 143" 143 $?
t_match "-j 2 JSON, SIGTERM: a checkpoint with tasks done" '^done [1-9]' "$(grep -a '^done' "$d/ck")"
"$DLX2" --resume "$d/ck" 2> "$d/resumed.err"
t_eq "-j 2 JSON, SIGTERM: resumed, status 0" 0 $?
t_eq "-j 2 JSON, SIGTERM: one thread's lines" "$(sed 's/"seconds":[0-9.]*//' "$d/whole.out")" \
    "$(sed 's/"seconds":[0-9.]*//' "$d/part.out")"
t_eq "-j 2 JSON, SIGTERM: 4040 solutions listed" 4040 "$(grep -c '^{"solution"' "$d/part.out")"

# -j 2 m1: killed (kill -9) three times, each time after a checkpoint
# with more tasks done, resumed each time: the listing is one thread's
d=$TMP/jkills
mkdir -p "$d"
"$DLX2" m1 --output "$d/whole.out" < "$I/pentomino-5x12.dlx" 2> "$d/whole.err"
"$DLX2" -j 2 m1 --output "$d/part.out" --checkpoint "$d/ck" --checkpoint-every 0.1 \
    < "$I/pentomino-5x12.dlx" 2> /dev/null &
pid=$! kills=0 last=0
while [ $kills -lt 3 ]; do
    n=0
    while kill -0 $pid 2> /dev/null && [ $n -lt 600 ]; do
        now=$(grep -a '^done' "$d/ck" 2> /dev/null | cut -d' ' -f2)
        [ "${now:-0}" -gt "$last" ] && break
        sleep 0.05
        n=$((n + 1))
    done
    kill -9 $pid 2> /dev/null || break
    wait $pid 2> /dev/null
    kills=$((kills + 1)) last=$(grep -a '^done' "$d/ck" | cut -d' ' -f2)
    "$DLX2" --resume "$d/ck" 2> /dev/null &
    pid=$!
done
wait $pid
t_eq "-j 2 m1 killed 3 times: the last run's status" 0 $?
t_eq "-j 2 m1 killed 3 times: each after more tasks were done" 3 $kills
t_eq "-j 2 m1 killed 3 times: the checkpoint removed at the end" no \
    "$([ -e "$d/ck" ] && echo yes || echo no)"
t_file_eq "-j 2 m1 killed 3 times: the listing" "$d/whole.out" "$d/part.out"

# DLX5's search, -j 2 --shard 2/3, stopped by SIGTERM after a task was
# done (status 143, the checkpoint with the tasks done and the done
# heap), then gone on with: the shard's optimum costs
d=$TMP/costterm
mkdir -p "$d"
"$DLX2" -j 2 --shard 2/3 k5 "$C/pentomino-6x10-cost.dlx" 2> "$d/whole.err"
"$DLX2" -j 2 --shard 2/3 k5 --checkpoint "$d/ck" --checkpoint-every 0.1 \
    "$C/pentomino-6x10-cost.dlx" 2> "$d/part.err" &
pid=$!
n=0
while ! past_root "$d/ck" && [ $n -lt 600 ]; do sleep 0.05; n=$((n + 1)); done
kill -TERM $pid
wait $pid
t_eq "DLX5 -j 2 --shard 2/3, SIGTERM: status 143" 143 $?
t_match "DLX5 -j 2 --shard 2/3, SIGTERM: a checkpoint with tasks done" '^done [1-9]' "$(grep -a '^done' "$d/ck")"
t_match "DLX5 -j 2 --shard 2/3, SIGTERM: and its done heap" '^costs 5( [0-9]+){5}$' "$(grep -a '^costs' "$d/ck")"
"$DLX2" --resume "$d/ck" 2> "$d/resumed.err"
t_eq "DLX5 -j 2 --shard 2/3, SIGTERM: resumed, status 0" 0 $?
t_match "DLX5 -j 2 --shard 2/3: the run's optimum costs" '^The optimum costs are:' \
    "$(sed -n '/^The optimum cost/,$p' "$d/whole.err")"
t_eq "DLX5 -j 2 --shard 2/3, SIGTERM: the optimum costs" "$(sed -n '/^The optimum cost/,$p' "$d/whole.err")" \
    "$(sed -n '/^The optimum cost/,$p' "$d/resumed.err")"
t_eq "DLX5 -j 2 --shard 2/3, SIGTERM: the shard line" "$(grep '^Shard' "$d/whole.err")" \
    "$(grep '^Shard' "$d/resumed.err")"

# DLX5's search killed before its first checkpoint past the root (written
# at the start, without k best yet): --resume goes on from the start, in
# one thread and under -j 2
for j in 1 2; do
    d=$TMP/costroot$j
    mkdir -p "$d"
    "$DLX2" -j $j k5 "$C/pentomino-5x12-cost.dlx" 2> "$d/whole.err"
    "$DLX2" -j $j k5 --checkpoint "$d/ck" --checkpoint-every 1000 \
        "$C/pentomino-5x12-cost.dlx" 2> /dev/null &
    pid=$!
    n=0
    while ! [ -s "$d/ck" ] && [ $n -lt 600 ]; do sleep 0.05; n=$((n + 1)); done
    kill -9 $pid
    wait $pid 2> /dev/null
    t_eq "DLX5 -j $j killed at the root: its checkpoint" "level 0 0
costs 0" "$(grep -a '^level\|^costs' "$d/ck")"
    "$DLX2" --resume "$d/ck" 2> "$d/resumed.err"
    t_eq "DLX5 -j $j killed at the root: resumed, status 0" 0 $?
    t_eq "DLX5 -j $j killed at the root: the optimum costs" "$(sed -n '/^The optimum cost/,$p' "$d/whole.err")" \
        "$(sed -n '/^The optimum cost/,$p' "$d/resumed.err")"
done

# --time-limit: each run a slice (status 4, the checkpoint kept), each
# --resume the next, to the same end
d=$TMP/slices
mkdir -p "$d"
"$DLX2" -c v1 --engine=links < "$I/pentomino-4x15.dlx" > "$d/whole.out" 2> "$d/whole.err"
# (slices of 0.2 s, 1 s under the sanitizers: the search takes 1.8 s of
# CPU here, 9 slices, and at least 3 are asked; slices of 0.5 s asked
# for more than 1 s, a margin under 2x)
slice=0.2
[ -n "${SANITIZE:-}" ] && slice=1
"$DLX2" -c v1 --engine=links --time-limit $slice --checkpoint "$d/ck" < "$I/pentomino-4x15.dlx" \
    > "$d/slice.out" 2> "$d/slice.err"
st=$? slices=1
while [ $st = 4 ] && [ $slices -lt 400 ]; do
    "$DLX2" --resume "$d/ck" > "$d/slice.out" 2> "$d/slice.err"
    st=$? slices=$((slices + 1))
done
t_eq "--time-limit slices: the last ends with status 0" 0 $st
if [ $slices -ge 3 ]; then t_ok "--time-limit slices: $slices runs"
else t_fail "--time-limit slices: only $slices runs (a longer instance is needed)"; fi
t_file_eq "--time-limit slices: the count" "$d/whole.out" "$d/slice.out"
t_eq "--time-limit slices: the closing line" "$(tail -1 "$d/whole.err")" "$(tail -1 "$d/slice.err")"

# -c -j 2 sliced by --time-limit: each slice cuts the tree again, and
# writes the tasks done when the time is up (the tasks in flight are
# walked again by the next slice: a slice must be longer than most tasks,
# which under ASan take ten times as long). The 5x12 box: 2.4 s of CPU
# on the two threads, some 1.2 s of wall (the 4x15 box, about 0.4 s,
# sometimes ended within the first slice of 0.25 s)
d=$TMP/jslices
mkdir -p "$d"
slice=0.25
[ -n "${SANITIZE:-}" ] && slice=1.5
"$DLX2" -c -j 2 --engine=dlx --time-limit $slice --checkpoint "$d/ck" "$I/pentomino-5x12.dlx" \
    > "$d/slice.out" 2> /dev/null
st=$? slices=1
while [ $st = 4 ] && [ $slices -lt 400 ]; do
    "$DLX2" --resume "$d/ck" > "$d/slice.out" 2> /dev/null
    st=$? slices=$((slices + 1))
done
t_eq "-j 2 --time-limit slices: the last ends with status 0" 0 $st
if [ $slices -ge 2 ]; then t_ok "-j 2 --time-limit slices: $slices runs"
else t_fail "-j 2 --time-limit slices: only $slices run (a longer instance is needed)"; fi
t_eq "-j 2 --time-limit slices: the count" 4040 "$(cat "$d/slice.out")"

# JSON Lines into --output, sliced by --time-limit: the same lines, the
# summary's seconds aside (the wall clock, added up over the slices)
d=$TMP/json
mkdir -p "$d"
"$DLX2" --format=json m100 --output "$d/whole" "$I/pentomino-4x15.dlx" 2> /dev/null
# (a slice under ASan must be longer: with other tests running, 100 slices
# of 0.3 s got through 1086 solutions of 1472)
slice=0.3
[ -n "${SANITIZE:-}" ] && slice=1.5
"$DLX2" --format=json m100 --output "$d/part" --checkpoint "$d/ck" --time-limit $slice \
    "$I/pentomino-4x15.dlx" 2> /dev/null
st=$? slices=1
while [ $st = 4 ] && [ $slices -lt 400 ]; do
    "$DLX2" --resume "$d/ck" 2> /dev/null
    st=$? slices=$((slices + 1))
done
t_eq "JSON slices: the last ends with status 0 ($slices runs)" 0 $st
t_eq "JSON slices: the lines" "$(sed 's/"seconds":[0-9.]*//' "$d/whole")" \
    "$(sed 's/"seconds":[0-9.]*//' "$d/part")"
t_match "JSON slices: the summary" '^\{"summary":\{"solutions":1472,"complete":true' "$(tail -1 "$d/part")"

# ---- refusals ----------------------------------------------------------------
Q=$I/queens-8.dlx
help="Try 'dlx2 --help' for more information."
t_run "-j on DLX5's search with a listing refused" 2 "dlx2: --checkpoint with -j on DLX5's search (costs) does not go with a listing (m<n>, --format=json): the solutions handed out depend on the threads' timing (the k best costs do not)" \
    "$DLX2" -j 2 k2 v0 m1 --output "$TMP/o" --checkpoint "$TMP/x" "$C/pentomino-5x12-cost.dlx"
t_run "--shard on DLX5's search with t<n> refused" 2 "dlx2: --checkpoint with --shard on DLX5's search (costs) does not go with t<n>: the solutions handed out depend on the threads' timing (the k best costs do not)" \
    "$DLX2" --shard 1/2 k2 v0 t3 --checkpoint "$TMP/x" "$C/pentomino-5x12-cost.dlx"
t_run "s<n> refused" 2 "dlx2: --checkpoint does not go with s<n> yet (its random choices)
$help" "$DLX2" s3 --checkpoint "$TMP/x" "$Q"
t_run "a listing on stdout refused" 2 "dlx2: --checkpoint with a listing (m<n>, --format=json) needs --output FILE: stdout cannot be cut back to the checkpoint
$help" "$DLX2" m1 --checkpoint "$TMP/x" "$Q"
t_run "the fast engine's listing refused" 2 "dlx2: --checkpoint does not go with --engine=fast yet (dlx, links, cost, cost-links or cells; fast and zdd with -c)
$help" "$DLX2" m1 --output "$TMP/o" --engine=fast --checkpoint "$TMP/x" "$Q"
t_run "the zdd engine's listing refused" 2 "dlx2: --checkpoint does not go with --engine=zdd yet (dlx, links, cost, cost-links or cells; fast and zdd with -c)
$help" "$DLX2" m1 --output "$TMP/o" --engine=zdd --checkpoint "$TMP/x" "$Q"
t_run "SSXCC's search with -j and a listing refused" 2 "dlx2: --checkpoint with -j on SSXCC's tree does not go with a listing (m<n>, --format=json) yet: the threads hand out the solutions as they find them" \
    "$DLX2" --knuth=ssxcc -j 2 v0 m1 --output "$TMP/o" --checkpoint "$TMP/x" "$Q"
t_run "SSXCC's search with --shard and t<n> refused" 2 "dlx2: --checkpoint with --shard on SSXCC's tree does not go with t<n> yet: the threads hand out the solutions as they find them" \
    "$DLX2" --engine=cells --shard 1/2 v0 t5 --checkpoint "$TMP/x" "$Q"
t_run "DLX6's refused" 2 "dlx2: --checkpoint does not go with --knuth=dlx6 yet (DLX2's, DLX3's, DLX5's and SSXCC's trees)
$help" "$DLX2" --knuth=dlx6 --checkpoint "$TMP/x" "$Q"
resume_alone="dlx2: --resume comes first, with the checkpoint FILE and at most the problem's file: nothing else (the arguments are the checkpoint's)
$help"
t_run "--resume with other arguments refused" 2 "$resume_alone" "$DLX2" --resume "$TMP/x" m1 "$Q"
t_run "--resume after other arguments refused" 2 "$resume_alone" "$DLX2" m1 --resume "$TMP/x"
t_eq "no checkpoint written by a refused run" no "$([ -e "$TMP/x" ] && echo yes || echo no)"

# A checkpoint at the root (written at the start; --time-limit stops it
# before its first node is left), spoilt in every way
"$DLX2" -c --checkpoint "$TMP/good" --time-limit 0.000001 "$I/pentomino-4x15.dlx" > /dev/null 2>&1
t_eq "a checkpoint written" yes "$([ -s "$TMP/good" ] && echo yes || echo no)"
cd "$TMP" || exit 1
bad() { # bad NAME FILE MESSAGE: --resume FILE refused with status 2
    t_run "$1" 2 "dlx2: $2: $3" "$DLX2" --resume "$2"
}
head -c -5 good > cut
bad "cut short" cut "cut short (it does not end with its checksum)"
sed '1!{/^figures /s/ 0 / 1 /}' good > flipped
bad "a figure changed" flipped "corrupted (its checksum does not match its contents)"
bad "a problem" "$Q" "not a checkpoint of dlx2"
sed '1s/ 4$/ 5/' good > format5
bad "another format" format5 "a checkpoint of format 5; this dlx2 reads format 4"
sed '1s/ 4$/ 3/' good > format3
bad "an older format (before SSXCC's sets)" format3 "a checkpoint of format 3; this dlx2 reads format 4"
sed '1s/ 4$/ 2/' good > format2
bad "an older format (before the tasks of -j and --shard)" format2 "a checkpoint of format 2; this dlx2 reads format 4"
sed '1s/ 4$/ 1/' good > format1
bad "an older format (before DLX5's costs)" format1 "a checkpoint of format 1; this dlx2 reads format 4"
: > empty
bad "empty" empty "not a checkpoint of dlx2"
t_run "another problem" 2 "dlx2: good: a checkpoint of another problem than $Q" \
    "$DLX2" --resume good "$Q"
t_run "missing" 2 "dlx2: nothing: cannot read: No such file or directory" "$DLX2" --resume nothing
if t_have python3; then
    # well checksummed, but of another version, or a path the search never takes
    resum() {
        python3 -c '
import sys
b = open(sys.argv[1], "rb").read()
b = b[:b.rindex(b"checksum ")]
b = b.replace(sys.argv[2].encode(), sys.argv[3].encode(), 1)
h = 0xcbf29ce484222325
for c in b:
    h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
sys.stdout.buffer.write(b + b"checksum %016x\n" % h)' "$@"
    }
    resum good "version 0.2.0" "version 0.1.9" > old
    bad "another version" old "written by dlx2 0.1.9, and this is dlx2 0.2.0: a checkpoint goes on only with the version that wrote it"
    resum good "level 0 0
choice" "level 1 1
choice 99999" > astray
    bad "a path not of the search" astray "corrupted (not a position of this problem's search: an option it took is not one the search tries there)"
    resum good "level 0 0" "level 0 99" > deep
    bad "levels past the problem's" deep "corrupted (not a position of this problem's search: its levels do not fit the problem)"
    resum good "args 5" "args 99999" > args
    bad "more arguments than there are" args "corrupted (more arguments than bytes)"
    # DLX3's tree: a choice of another item, one past those the level tries
    L=$ROOT/data/reference-family/dlx3/instances/langford2-7.dlx
    "$DLX2" -c --checkpoint mcc --time-limit 0.000001 "$L" > /dev/null 2>&1
    resum mcc "level 0 0
choice" "level 1 1
choice 99999" > mcc-astray
    bad "DLX3: a path not of the search" mcc-astray "corrupted (not a position of this problem's search: an option it took is not one the search tries there)"
    resum mcc "level 0 0
choice" "level 1 1
choice 1" > mcc-item
    bad "DLX3: a null choice of an item not branched on" mcc-item "corrupted (not a position of this problem's search: an option it took is not one the search tries there)"
    # DLX5's search: its k best (as many as k<n> asks, a heap), its path
    P=$ROOT/data/reference-family/dlx5/instances/pentomino-5x12-cost.dlx
    "$DLX2" k2 --checkpoint cost --time-limit 0.000001 "$P" > /dev/null 2>&1
    t_match "DLX5: a checkpoint with its k best" '^costs 2 [0-9]+ [0-9]+$' "$(grep -a '^costs' cost)"
    resum cost "costs 2 18446744073709551615 " "costs 1 " > cost-k
    bad "DLX5: fewer best costs than k<n>" cost-k "corrupted (not a position of this problem's search: its best costs are not as many as k<n> asks)"
    resum cost "costs 2 18446744073709551615 " "costs 2 5 " > cost-heap
    bad "DLX5: best costs that are no heap" cost-heap "corrupted (not a position of this problem's search: its best costs are not a heap)"
    resum cost "level 0 0
choice" "level 1 1
choice 99999" | sed 's/^thresholds$/thresholds 5 5/' > cost-astray0
    resum cost-astray0 "thresholds 5 5" "thresholds 5 5" > cost-astray
    bad "DLX5: a path not of the search" cost-astray "corrupted (not a position of this problem's search: an option it took is not one the search tries there)"
    resum cost "level 0 0
choice" "level 1 1
choice 99999" > cost-nothresh
    bad "DLX5: a level without its thresholds" cost-nothresh "corrupted (a field is missing or out of place)"
    resum good "costs 0" "costs 1 5" > nocost
    bad "best costs in a search without costs" nocost "corrupted (best costs in a checkpoint of a search without costs)"
    # -j and --shard: the plan's tasks, spoilt
    "$DLX2" -c -j 2 --checkpoint jgood --time-limit 0.000001 "$I/pentomino-4x15.dlx" > /dev/null 2>&1
    tasks=$(grep -a '^tasks' jgood) done=$(grep -a '^done' jgood)
    t_match "-j: a checkpoint of the plan's tasks" '^tasks [1-9][0-9]* [0-9a-f]{16}$' "$tasks"
    resum jgood "$tasks" "${tasks% *} 0123456789abcdef" > jplan
    bad "-j: another plan" jplan "corrupted (its tasks are not those of this search's plan)"
    resum jgood "shard 0 0" "shard 1 2" > jshard
    bad "-j: another shard" jshard "corrupted (its shard is not its arguments' --shard)"
    set -- $done
    resum jgood "$done" "done $(($2 + 1)) $3" > jcount
    bad "-j: a count of tasks done that is not theirs" jcount "corrupted (its count of tasks done does not match them)"
    level=$(grep -a '^level' jgood) # level 0 M: M the deepest of the tasks done
    resum jgood "$level
choice" "level 1 ${level##* }
choice 5" > jlevel
    bad "-j: tasks at a level past the root" jlevel "corrupted (tasks of threads or shards in a walk's position)"
    resum jgood "$tasks
$done" "tasks 0 0000000000000000
done 0" > j0
    resum j0 "$level
choice" "level 1 ${level##* }
choice 5" > jwalk
    bad "-j: a walk's position" jwalk "corrupted (a walk's position in a search of threads or shards)"
    # -j with v129: the profile of the tasks done, its levels past the problem's
    "$DLX2" -c -j 2 v129 --checkpoint jprof --time-limit 0.000001 "$I/pentomino-4x15.dlx" > /dev/null 2>&1
    plevel=$(grep -a '^level' jprof) profile=$(grep -a '^profile' jprof)
    t_match "-j v129: a checkpoint of tasks with their profile" '^profile [1-9][0-9]* [0-9 ]+$' "$profile"
    resum jprof "$plevel
$(grep -a '^choice' jprof)
$(grep -a '^figures' jprof)
$profile" "level 0 5000
$(grep -a '^choice' jprof)
$(grep -a '^figures' jprof)
profile 5002$(printf ' 7%.0s' $(seq 5002))" > jprofdeep
    bad "-j v129: a profile of levels past the problem's" jprofdeep "corrupted (not a position of this problem's search: its levels do not fit the problem)"
    resum good "tasks 0 0000000000000000
done 0" "tasks 1 0000000000000000
done 1 1" > onetask
    bad "one thread: tasks" onetask "corrupted (tasks of threads or shards in a search of one thread)"
    resum good "tasks 0 0000000000000000
done 0" "tasks 1 0000000000000000
done 1 2" > pastdone
    bad "a task done past the tasks" pastdone "corrupted (a task done past its tasks)"
    "$DLX2" -c --shard 2/3 --checkpoint sgood --time-limit 0.000001 "$I/pentomino-4x15.dlx" > /dev/null 2>&1
    t_eq "--shard: the checkpoint's shard" "shard 2 3" "$(grep -a '^shard' sgood)"
    set -- $(grep -a '^tasks' sgood)
    all=$(python3 -c 'import sys; n = int(sys.argv[1]); print("done %d %s" % (n, "".join("%x" % ((1 << min(4, n - i)) - 1) for i in range(0, n, 4))))' "$2")
    resum sgood "$(grep -a '^done' sgood)" "$all" > sall
    bad "--shard: tasks done of other shards" sall "corrupted (its tasks are not those of this search's plan)"
    # DLX5's search under -j: the plan's tasks with the done heap, spoilt
    "$DLX2" -j 2 k3 --checkpoint cgood --time-limit 0.3 "$P" > /dev/null 2>&1
    ctasks=$(grep -a '^tasks' cgood) ccosts=$(grep -a '^costs' cgood)
    t_match "DLX5 -j: a checkpoint of tasks done" '^done [1-9]' "$(grep -a '^done' cgood)"
    t_match "DLX5 -j: with its done heap" '^costs 3( [0-9]+){3}$' "$ccosts"
    resum cgood "$ctasks" "${ctasks% *} 0123456789abcdef" > cplan
    bad "DLX5 -j: another plan" cplan "corrupted (its tasks are not those of this search's plan)"
    resum cgood "$ccosts" "costs 2 7 5" > ck2
    bad "DLX5 -j: fewer best costs than k<n>" ck2 "corrupted (not a position of this problem's search: its best costs are not as many as k<n> asks)"
    resum cgood "$ccosts" "costs 3 5 7 6" > cheap
    bad "DLX5 -j: best costs that are no heap" cheap "corrupted (not a position of this problem's search: its best costs are not a heap)"
    t_run "DLX5 -j: a checkpoint of another problem" 2 "dlx2: cgood: a checkpoint of another problem than $C/pentomino-6x10-cost.dlx" \
        "$DLX2" --resume cgood "$C/pentomino-6x10-cost.dlx"
    # the same arguments, the problem's text another's: its plan is not the checkpoint's
    swap_problem() { # CHECKPOINT PROBLEM: the checkpoint with PROBLEM's text, checksummed
        python3 -c '
import sys
a = open(sys.argv[1], "rb").read()
b = open(sys.argv[2], "rb").read()
i = a.index(b"\nproblem ") + 1
j = a.index(b"\n", i) + 1
n = int(a[i + 8:j - 1])
k = a[:i] + b"problem %d\n" % len(b) + b + a[j + n:]
k = k[:k.rindex(b"checksum ")]
h = 0xcbf29ce484222325
for c in k:
    h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
sys.stdout.buffer.write(k + b"checksum %016x\n" % h)' "$@"
    }
    swap_problem cgood "$C/pentomino-6x10-cost.dlx" > cother
    bad "DLX5 -j: the tasks of another problem" cother "corrupted (its tasks are not those of this search's plan)"
    # SSXCC's tree: its path, and the order of its sets and of its active items, spoilt
    ("$DLX2" --knuth=ssxcc --checkpoint cells --checkpoint-every 0.05 "$I/pentomino-4x15.dlx" \
        > /dev/null 2>&1) &
    pid=$! n=0
    while ! past_root cells && kill -0 $pid 2> /dev/null && [ $n -lt 600 ]; do
        sleep 0.05
        n=$((n + 1))
    done
    kill -9 $pid 2> /dev/null
    wait $pid 2> /dev/null
    sets=$(grep -a '^sets' cells) items=$(grep -a '^cells' cells) choice=$(grep -a '^choice' cells)
    t_match "SSXCC: a checkpoint past the root" '^choice [0-9]+' "$choice"
    t_match "SSXCC: with the order of its sets" '^sets 10176 [0-9]+ ' "$sets"
    t_match "SSXCC: and of its active items" '^cells 72 [0-9]+ [0-9]+ ' "$items"
    words() { # words LINE I J: LINE with its words I and J swapped (J empty: word I made 99999)
        python3 -c 'import sys
w = sys.argv[1].split(); i = int(sys.argv[2])
if sys.argv[3]: j = int(sys.argv[3]); w[i], w[j] = w[j], w[i]
else: w[i] = "99999"
print(" ".join(w))' "$@"
    }
    resum cells "$sets" "$(words "$sets" 2 10177)" > cells-swap
    bad "SSXCC: a node in another item's set" cells-swap "corrupted (not a position of this engine's search)"
    resum cells "$items" "$(echo "$items" | sed 's/^\(cells [0-9]* [0-9]*\) \([0-9]*\) [0-9]*/\1 \2 \2/')" > cells-twice
    bad "SSXCC: an item twice in its active set" cells-twice "corrupted (not a position of this engine's search)"
    resum cells "$choice" "$(words "$choice" 1 "")" > cells-astray
    bad "SSXCC: a path not of the search" cells-astray "corrupted (not a position of this engine's search)"
    resum cells "$items
$sets" "cells 0 0
sets 0" > cells-none
    bad "SSXCC: a position without its sets" cells-none "corrupted (not a position of this engine's search)"
    resum good "cells 0 0
sets 0" "$items
$sets" > cells-other
    bad "SSXCC's sets in a checkpoint of DLX2's tree" cells-other "corrupted (the order of SSXCC's sets in a checkpoint of another search)"
    cp cells cells-good
    "$DLX2" --resume cells-good > /dev/null 2> cells.err
    t_eq "SSXCC: the checkpoint unspoilt, gone on with to the end" \
        "Altogether 1472 solutions, 544137+2196838267 mems, 227137978 updates, 235800 bytes, 259300 nodes, ccost 0%." \
        "$(grep '^Altogether' cells.err)"
    # SSXCC's tree under -j and --shard: its plan's tasks, spoilt
    "$DLX2" --knuth=ssxcc -j 2 --checkpoint xgood --time-limit 0.3 "$I/pentomino-5x12.dlx" > /dev/null 2>&1
    xtasks=$(grep -a '^tasks' xgood)
    t_match "SSXCC -j: a checkpoint of tasks done" '^done [1-9]' "$(grep -a '^done' xgood)"
    resum xgood "$xtasks" "${xtasks% *} 0123456789abcdef" > xplan
    bad "SSXCC -j: another plan" xplan "corrupted (its tasks are not those of this search's plan)"
    resum xgood "shard 0 0" "shard 1 2" > xshard
    bad "SSXCC -j: another shard" xshard "corrupted (its shard is not its arguments' --shard)"
    swap_problem xgood "$I/pentomino-6x10.dlx" > xother
    bad "SSXCC -j: the tasks of another problem" xother "corrupted (its tasks are not those of this search's plan)"
    xcells=$(grep -a '^cells' xgood)
    t_match "SSXCC -j: the deepest save stack of the tasks done" '^cells 0 [1-9][0-9]*$' "$xcells"
    resum xgood "$xcells" "cells 0 99999999999" > xsave
    bad "SSXCC -j: a save stack deeper than the sets" xsave "corrupted (its tasks are not those of this search's plan)"
    "$DLX2" --knuth=ssxcc --shard 2/3 --checkpoint sxgood --time-limit 0.3 "$I/pentomino-5x12.dlx" > /dev/null 2>&1
    t_eq "SSXCC --shard: the checkpoint's shard" "shard 2 3" "$(grep -a '^shard' sxgood)"
    set -- $(grep -a '^tasks' sxgood)
    all=$(python3 -c 'import sys; n = int(sys.argv[1]); print("done %d %s" % (n, "".join("%x" % ((1 << min(4, n - i)) - 1) for i in range(0, n, 4))))' "$2")
    resum sxgood "$(grep -a '^done' sxgood)" "$all" > sxall
    bad "SSXCC --shard: tasks done of other shards" sxall "corrupted (its tasks are not those of this search's plan)"
else
    t_skip "checkpoints spoilt but well checksummed" python3
fi

cp good own # gone on with, to its --time-limit again
t_run "its own problem given: gone on with" 4 "Time limit of 1e-06 seconds reached; the count on stdout is a lower bound." \
    "$DLX2" --resume own "$I/pentomino-4x15.dlx"
t_match "... a count cut short" '^[0-9]+\+$' "$(cat "$TMP/out")"

# The problem's FILE is not among the arguments written down: a FILE
# named like one of Knuth's arguments (k5.dlx) goes on without it
d=$TMP/named
mkdir -p "$d"
cp "$Q" "$d/k5.dlx"
(cd "$d" && "$DLX2" -c --checkpoint ck --time-limit 0.000001 k5.dlx > /dev/null 2>&1)
rm "$d/k5.dlx"
(cd "$d" && "$DLX2" --resume ck > out 2> err)
t_eq "FILE k5.dlx gone: --resume goes on (status 4, a time limit again)" 4 $?
t_eq "... the checkpoint's arguments" "args 5" "$(grep -a '^args' "$d/ck")"

# --output cut back: shorter than the checkpoint had it, refused
d=$TMP/short
mkdir -p "$d"
cd "$d" || exit 1
# (the 6x10 box: 4.4 s of CPU; the 4x15 box, 0.65 s, could end first)
"$DLX2" m1 --output out --checkpoint ck --time-limit 0.3 < "$I/pentomino-6x10.dlx" 2> /dev/null
t_eq "--time-limit: status 4" 4 $?
: > out
t_match "an --output shorter than the checkpoint's, refused" \
    "^dlx2: out: 0 bytes, fewer than the [0-9]+ the checkpoint had written there: not the output of its run$" \
    "$("$DLX2" --resume ck 2>&1; echo "status $?")"
t_eq "... status 2" 2 "$("$DLX2" --resume ck > /dev/null 2>&1; echo $?)"

# The fuzz target's seeds and any checkpoint that made it fail
# (tests/fuzz/fuzz_checkpoint.c), gone on with by dlx2 --resume: an
# answer (0, 2, 4), never a crash
n=0
for f in "$ROOT"/tests/fuzz/checkpoints/* "$ROOT"/tests/fuzz/checkpoint-regressions/*; do
    [ -f "$f" ] || continue
    d=$TMP/seed-$n
    mkdir -p "$d"
    cp "$f" "$d/ck"
    : > "$d/out"
    (cd "$d" && "$DLX2" --resume ck > /dev/null 2>&1)
    st=$?
    case $st in 0 | 2 | 4) t_ok "${f##*/tests/fuzz/}: --resume answers ($st)" ;;
    *) t_fail "${f##*/tests/fuzz/}: --resume ended with status $st" ;; esac
    n=$((n + 1))
done
if [ $n -ge 4 ]; then t_ok "$n checkpoints of the fuzz target gone on with"
else t_fail "only $n checkpoints of the fuzz target gone on with"; fi
