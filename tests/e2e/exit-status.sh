# The exit statuses of progs.h, for every engine: 0 finished (also after
# t<n>), 1 an output could not be written, 2 bad arguments or input, 3 out
# of memory, 4 stopped early by T<n> or --time-limit, 128+signal. stdout
# and stderr stay DLX2's; -c marks a count cut short with a +.
# (Bad input in detail: bad-input.sh; out of memory: robust.sh and
# engine-fast.sh; the default engine's signals and pipes: cli.sh.)
. "$(dirname "$0")/../lib.sh"
I=$REF/instances
l7=$I/langford-7.dlx
l11=$I/langford-11.dlx
# the searches cut short by a time limit or a signal: the 20 queens,
# which take hours (the 6x10 pentomino box, counted in about half a
# second on an idle machine, sometimes ended before a limit of 0.1 s on
# a machine twice as fast, and before a signal sent after 0.3 s)
long=$TMP/queens20.dlx
"$GEN/gen-queens" 20 > "$long"
engines=("" "--engine=links" "--engine=fast" "-j 2" "--shard 1/2")
# -c --shard ends stderr with its count line for --merge (merge.sh): these
# checks look at what comes before it, and count the lines dropped
count_line='^Shard 1/2, problem fingerprint [0-9a-f]{16}: [0-9]+\+ solutions, stopped early\.$'
dropped=0
drop_count_line() {
    "$@" 2> "$TMP/err.raw"
    local s=$?
    grep -Ev "$count_line" "$TMP/err.raw" >&2
    dropped=$((dropped + $(grep -Ec "$count_line" "$TMP/err.raw")))
    return $s
}

# --help documents the table
"$DLX2" --help > "$TMP/help"
t_eq "--help: the table of exit statuses" "Exit status:
  0      the search finished (also when t<n> stopped it)
  1      an output could not be written (a reader that goes away, as
         in 'dlx2 m1 | head', is no error); --verify: a solution not
         sound, or a number of solutions not the one expected
  2      bad arguments or input
  3      out of memory
  4      stopped early by T<n> or --time-limit: the figures are partial;
         --verify, --merge: sound, but the search stopped early
  128+n  stopped by signal n (130 SIGINT, 143 SIGTERM): partial too" "$(sed -n '/^Exit status:/,$p' "$TMP/help")"
t_match "--help: -c's mark" "with a \+$" "$(grep -A1 '^  -c ' "$TMP/help" | head -1)"
t_eq "--help points to the man page, not into the source tree" "0 1" \
    "$(grep -c 'formats/' "$TMP/help") $(grep -c 'see xcc(5)' "$TMP/help")"

# ... and so do README.md and every man page: each page of a program has
# the sections a user looks for, and its EXIT STATUS the statuses it can
# give (a generator is never stopped by a limit: no 4)
t_eq "README.md: the table of exit statuses" "0 1 2 3 4 128+signal" \
    "$(sed -n 's/^| \([0-9][0-9+a-z]*\) | .*/\1/p' "$ROOT/README.md" | tr '\n' ' ' | sed 's/ $//')"
# ... with what every program returns besides the search's (#29): a
# generator's --show of a listing with no solution in it (1, or 0 when
# its JSON summary says the problem has none: gen-all.sh checks every
# generator), --verify's unsound or miscounted listing (1) and its
# search stopped early (4); here one of each, as the table says
readme_row() { sed -n "s/^| $1 | \(.*\) |\$/\1/p" "$ROOT/README.md"; }
t_eq "README.md: status 0 names --show and its summary, 1 --verify and --show, 4 --verify and --merge" \
    "1 1 1 1 1 1" "$(readme_row 0 | grep -c -- '`--show`.*JSON summary') $(readme_row 1 | grep -c -- '`dlx2 --verify`') \
$(readme_row 1 | grep -c -- '`--show`: a listing with no solution') $(readme_row 4 | grep -c -- '`--verify`: every solution sound.*`--merge`: a part stopped early (a missing part is status 2)') \
$(readme_row 1 | grep -c 'unless its JSON summary says the problem has none') $(readme_row 4 | grep -c '`t<n>` too')"
t_run "gen-pentomino --show of an empty listing: 1, as README says" 1 \
    "gen-pentomino: <stdin>: the listing holds no solutions: the problem has none, or dlx2 ran without m1 (it lists them only with m1; --format=json's summary says when there are none)" \
    sh -c '"$0" --show < /dev/null' "$GEN/gen-pentomino"
printf '{"summary":{"solutions":0,"complete":true,"stopped":null}}\n' > "$TMP/none.json"
t_run "gen-pentomino --show of a summary that says there is none: 0, as README says" 0 \
    "gen-pentomino: $TMP/none.json: no solutions: the listing's summary says the search found none" \
    "$GEN/gen-pentomino" --show "$TMP/none.json"
"$DLX2" m1 "$l7" 2> /dev/null | head -8 > "$TMP/one.m1"
t_run "--verify, a number of solutions not the one expected: 1" 1 "dlx2: $TMP/one.m1: 1 solution, not 2" \
    "$DLX2" --verify "$TMP/one.m1" "$l7" --count 2
sed 's/ 2 s3 s6/ 2 s3 s5/' "$TMP/one.m1" > "$TMP/bad.m1"
t_run "--verify, a solution not sound: 1" 1 "dlx2: $TMP/bad.m1:8: solution 1: '2 s3 s5' is not an option of the problem" \
    "$DLX2" --verify "$TMP/bad.m1" "$l7"
"$DLX2" t1 --format=json "$l7" > "$TMP/t1.json" 2> /dev/null
t_run "--verify, a listing of t1: 4" 4 \
    "dlx2: $TMP/t1.json:2: the search was stopped early by t<n> (its summary says \"count\"): the 1 solution verified may not be all" \
    "$DLX2" --verify "$TMP/t1.json" "$l7"
for m in "$ROOT"/man/gen-*.1; do
    p=$(basename "$m" .1)
    [ "$p" = gen-knight-tours ] && continue # no --show
    t_eq "$p(1): status 0 and 1 of --show, as README says" "1 1" \
        "$(sed -n '/^\.SH EXIT STATUS/,/^\.B 1$/p' "$m" | tr '\n' ' ' | grep -c 'show ,.*JSON summary says that the problem has none') $(sed -n '/^\.B 1$/,/^\.B 2$/p' "$m" | tr '\n' ' ' | grep -c 'show , a listing with no solution in it')"
done

for m in "$ROOT"/man/*.1; do
    p=$(basename "$m" .1)
    want="0 1 2 3"
    [ "$p" = dlx2 ] && want="0 1 2 3 4 128+signal"
    t_eq "$p(1): synopsis, options, exit status, examples" "SYNOPSIS OPTIONS EXIT STATUS EXAMPLES" \
        "$(grep -oE '^\.SH (SYNOPSIS|OPTIONS|EXIT STATUS|EXAMPLES)$' "$m" | cut -c5- | tr '\n' ' ' | sed 's/ $//')"
    t_eq "$p(1): the exit statuses $want" "$want" \
        "$(sed -n '/^\.SH EXIT STATUS/,/^\.SH/p' "$m" | sed -n 's/^\.B \([0-9]*\)\(+\\fIsignal\\fP\)\{0,1\}$/\1\2/p' \
            | sed 's/\\fI\(.*\)\\fP/\1/' | tr '\n' ' ' | sed 's/ $//')"
done

for e in "${engines[@]}"; do
    en=${e:-default}
    # 0: the whole search, and t<n>
    # shellcheck disable=SC2086
    t_run "$en: finished: 0" 0 '*' "$DLX2" $e m1 "$l7"
    # shellcheck disable=SC2086
    t_run "$en: t5: 0" 0 '*' "$DLX2" $e t5 -c "$l11"
    t_eq "$en: t5 -c: the count, unmarked" 5 "$(cat "$TMP/out")"
    # t<n> in JSON: the status of the text mode and of -c (0: what was
    # asked for was found), the summary saying the tree was not all walked
    # (#29; formats/json.md, "The summary")
    # shellcheck disable=SC2086
    t_run "$en: t5 --format=json: 0" 0 '*' "$DLX2" $e t5 --format=json "$l11"
    t_match "$en: t5 --format=json: 5 solutions, then complete false, stopped count" \
        '^5 \{"summary":\{"solutions":5,"complete":false,"stopped":"count","engine":' \
        "$(grep -c '^{"solution":' "$TMP/out") $(tail -1 "$TMP/out")"
    # 1: stdout cannot be written; stdout whose reader went away is fine
    # shellcheck disable=SC2086
    t_run "$en: m1 > /dev/full: 1" 1 "(63 options, 21+0 items, 252 entries successfully read)
dlx2: error writing to standard output: No space left on device" \
        sh -c '"$0" "$@" > /dev/full' "$DLX2" $e m1 "$l7"
    # shellcheck disable=SC2086
    "$DLX2" $e m1 "$l11" 2> /dev/null | head -1 > /dev/null
    t_eq "$en: m1 | head -1: 0" 0 "${PIPESTATUS[0]}"
    # 4: --time-limit, with -c the count marked
    # shellcheck disable=SC2086
    t_run "$en: --time-limit: 4" 4 "Time limit of 0.1 seconds reached; the count on stdout is a lower bound." \
        drop_count_line "$DLX2" $e -c --time-limit 0.1 "$long"
    t_match "$en: --time-limit -c: the count with a +" '^[0-9]+\+$' "$(cat "$TMP/out")"
done

# 4: T<n> (the fast engine counts no mems and refuses it)
for e in "" "--engine=links" "-j 2" "--shard 1/2"; do
    en=${e:-default}
    # shellcheck disable=SC2086
    "$DLX2" $e T1000000 "$l11" > /dev/null 2> "$TMP/err"
    t_eq "$en: T<n>: 4" 4 $?
    t_eq "$en: T<n>: DLX2's TIMEOUT!" "TIMEOUT!" "$(sed -n 2p "$TMP/err")"
    # shellcheck disable=SC2086
    t_run "$en: T<n> -c: 4" 4 "TIMEOUT! (T<n>) The count on stdout is a lower bound." \
        drop_count_line "$DLX2" $e -c T1000000 "$l11"
    t_match "$en: T<n> -c: the count with a +" '^[0-9]+\+$' "$(cat "$TMP/out")"
done
# What a stopped search says is partial is what there is (#29): the
# figures below when its closing line follows (v1), else what stdout
# holds, else the search; DLX2's own TIMEOUT! stays byte for byte where
# DLX2 writes it (its listing formats), and names what is cut with -c
# and JSON, which DLX2 has not
stopped() { # WANT_STATUS WANT_STDERR ARGS...: dlx2 ARGS on the 20 queens
    local want=$1 err=$2
    shift 2
    t_run "stopped: $*: says what is partial, status $want" "$want" "$err" "$DLX2" "$@" "$long"
}
stopped 4 "Time limit of 0.1 seconds reached; the count on stdout is a lower bound." -c --time-limit 0.1
stopped 4 "TIMEOUT! (T<n>) The count on stdout is a lower bound." -c T1000000
# the singular "1 second"
t_run "stopped: -c --time-limit 1: says what is partial, status 4" 4 \
    "Time limit of 1 second reached; the count on stdout is a lower bound." \
    "$DLX2" -c --time-limit 1 "$long"
stopped 4 "Time limit of 0.1 seconds reached; the summary on stdout gives the figures found so far." \
    -c --format=json --time-limit 0.1
stopped 4 "TIMEOUT! (T<n>) The summary on stdout gives the figures found so far." -c --format=json T1000000
stopped 4 "Time limit of 0.1 seconds reached; the solutions and the summary on stdout are those found so far." \
    --format=json -q --time-limit 0.1
stopped 4 "Time limit of 0.1 seconds reached; the solutions listed are those found so far." m1 -q --time-limit 0.1
stopped 4 "TIMEOUT!" m1 -q T1000000
stopped 4 "Time limit of 0.1 seconds reached; the search is not finished." -q --time-limit 0.1
stopped 4 "Time limit of 0.1 seconds reached; the ZDD on stdout is partial." --zdd -q --time-limit 0.1
t_match "stopped: -c v1: the figures below (the closing line) are partial" \
    '^\(400 options, 40\+74 items, 1996 entries successfully read\)
Time limit of 0\.1 seconds reached; the figures below are partial\.
Altogether [0-9]+ solutions?, ' "$("$DLX2" -c v1 --time-limit 0.1 "$long" 2>&1 > /dev/null)"
"$DLX2" -c "$long" > "$TMP/out" 2> "$TMP/err" &
pid=$!
t_signals_caught $pid # past its start-up (slow under ASan on a loaded machine)
sleep 0.3
kill -INT $pid
wait $pid
t_eq "stopped: -c, SIGINT: 130, the count is a lower bound" \
    "130 Search interrupted by SIGINT; the count on stdout is a lower bound." "$? $(cat "$TMP/err")"
t_match "stopped: -c, SIGINT: the count with a +" '^[0-9]+\+$' "$(cat "$TMP/out")"

t_eq "the default engine's T<n>: DLX2's figures" \
    "Altogether 312 solutions, 18141+1000060-0 mems, 63332 updates, 0 cleansings, 11692 bytes, 4495 nodes, ccost 8%." \
    "$("$DLX2" T1000000 "$l11" 2>&1 | tail -1)"

# 128 + the signal: links, threads and a shard (the default engine and
# the fast one: cli.sh, engine-fast.sh), and -c marks the count
for e in "--engine=links" "-j 2" "--shard 1/2"; do
    # shellcheck disable=SC2086
    "$DLX2" $e -c "$long" > "$TMP/out" 2> "$TMP/err" &
    pid=$!
    t_signals_caught $pid
    sleep 0.3
    kill -TERM $pid
    wait $pid
    t_eq "$e: SIGTERM: 143" 143 $?
    t_match "$e: SIGTERM -c: the count with a +" '^[0-9]+\+$' "$(cat "$TMP/out")"
    t_eq "$e: SIGTERM: says so" "Search interrupted by SIGTERM; the count on stdout is a lower bound." \
        "$(grep -Ev "$count_line" "$TMP/err")"
    dropped=$((dropped + $(grep -Ec "$count_line" "$TMP/err")))
done
t_eq "--shard 1/2 -c stopped early (time, T<n>, SIGTERM): its count line" 3 "$dropped"

# 1: every other output: -c's count, --help, --version, the shape file
to_full() { "$@" > /dev/full; }
t_run "-c > /dev/full: 1" 1 "dlx2: error writing to standard output: No space left on device" \
    to_full "$DLX2" -c "$l7"
t_run "--help > /dev/full: 1" 1 "dlx2: error writing to standard output: No space left on device" \
    to_full "$DLX2" --help
t_run "--version > /dev/full: 1" 1 "dlx2: error writing to standard output: No space left on device" \
    to_full "$DLX2" --version
t_run "S/dev/full: the whole report, then the error: 1" 1 \
    "(63 options, 21+0 items, 252 entries successfully read)
Altogether 52 solutions, 5891+130331-0 mems, 8339 updates, 0 cleansings, 4764 bytes, 607 nodes, ccost 7%.
dlx2: error writing the shape file '/dev/full'" "$DLX2" S/dev/full "$l7"
"$DLX2" --help | head -1 > /dev/null
t_eq "--help | head -1: 0" 0 "${PIPESTATUS[0]}"

# 2: bad arguments and bad input, every engine alike
for e in "${engines[@]}"; do
    # shellcheck disable=SC2086
    t_run "${e:-default}: bad input: 2" 2 "dlx2: <stdin>:2:3: unknown item 'C'" \
        sh -c 'printf "A B\nA C\n" | "$0" "$@"' "$DLX2" $e
done

# The shard split obeys signals and --time-limit: a problem of two
# million entries (items i0 .. i99999, every interval of 1 to 5 of them
# an option), whose subtrees the split estimates by probes thousands of
# levels deep, for minutes. Stopped, it ends at once.
awk 'BEGIN { N = 100000; for (i = 0; i < N; i++) printf "i%d ", i; print "";
             for (i = 0; i < N; i++) for (L = 1; L <= 5 && i + L <= N; L++) {
                 for (j = i; j < i + L; j++) printf "i%d ", j; print "" } }' > "$TMP/intervals.dlx"
# waits up to 10 s (30 s under the sanitizers, whose reading of the
# problem alone takes 0.7 s of CPU) for process $1 to end: $status is its
# status, or "still running" (then it is killed)
ended() {
    local tries=100
    [ -n "${SANITIZE:-}" ] && tries=300
    for _ in $(seq $tries); do
        kill -0 "$1" 2> /dev/null || { wait "$1"; status=$?; return; }
        sleep 0.1
    done
    kill -9 "$1"
    status="still running"
}
"$DLX2" --shard 1/16 "$TMP/intervals.dlx" > /dev/null 2> "$TMP/err" &
pid=$!
for _ in $(seq 300); do # until it has read the problem (and handles signals)
    [ -s "$TMP/err" ] && break
    sleep 0.1
done
sleep 0.5 # the split is under way
kill -INT $pid
ended $pid
t_eq "the split of --shard, interrupted: 130" 130 "$status"
t_eq "the split of --shard, interrupted: says so" \
    "Search interrupted by SIGINT; the figures below are partial." "$(sed -n 2p "$TMP/err")"
"$DLX2" --shard 1/16 --time-limit 1 "$TMP/intervals.dlx" > /dev/null 2> "$TMP/err" &
ended $!
t_eq "the split of --shard, --time-limit: 4" 4 "$status"
# the same with -j 2, whose set-up splits the tree as --shard does
"$DLX2" -j 2 "$TMP/intervals.dlx" > /dev/null 2> "$TMP/err" &
pid=$!
for _ in $(seq 300); do
    [ -s "$TMP/err" ] && break
    sleep 0.1
done
sleep 0.5
kill -INT $pid
ended $pid
t_eq "-j 2, interrupted: 130" 130 "$status"
t_eq "-j 2, interrupted: says so" \
    "Search interrupted by SIGINT; the figures below are partial." "$(sed -n 2p "$TMP/err")"
"$DLX2" -j 2 --time-limit 1 "$TMP/intervals.dlx" > /dev/null 2> "$TMP/err" &
ended $!
t_eq "-j 2, --time-limit: 4" 4 "$status"
