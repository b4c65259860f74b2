# Solutions as data: dlx2 --format=json (formats/json.md), checked by
# dlx2 --verify, the checker of verify/ that shares no code with the
# engine. Every reference instance of the quick tier with at most 2000
# solutions, with every engine: its JSON Lines and its DLX2 listing must
# verify with --count the manifest's number (and Knuth's own listing
# too); -j 2 and the parts of --shard as well on a few. Then the summary
# line, and hand-broken listings, each with its exact message and status.
. "$(dirname "$0")/../lib.sh"
I=$REF/instances
colors=$I/knuth-example-colors.dlx

# verified NAME LISTING PROBLEM COUNT — --verify finds COUNT sound solutions, status 0
verified() {
    out=$("$DLX2" --verify "$2" "$3" --count "$4" 2>&1)
    status=$?
    t_eq "$1" "0:$4 solution$([ "$4" = 1 ] || echo s) verified" "$status:$out"
}

n_run=0
while IFS=$'\t' read -r name tier sols rest; do
    { [ "$name" = name ] || [ "$tier" != quick ] || [ "$sols" -gt 2000 ]; } && continue
    n_run=$((n_run + 1))
    inst=$I/$name.dlx
    for e in --engine=dlx --engine=links --engine=fast; do
        "$DLX2" --format=json $e "$inst" > "$TMP/out.json" 2> /dev/null
        verified "$name $e: its JSON Lines verify" "$TMP/out.json" "$inst" "$sols"
    done
    "$DLX2" m1 "$inst" > "$TMP/out.m1" 2> /dev/null
    verified "$name: its m1 listing verifies" "$TMP/out.m1" "$inst" "$sols"
    if [ -f "$REF/expected/$name.m1.stdout" ]; then
        verified "$name: Knuth's DLX2's m1 listing verifies" "$REF/expected/$name.m1.stdout" \
            "$inst" "$sols"
    fi
done < "$REF/MANIFEST.tsv"
t_eq "more than 40 quick reference instances of at most 2000 solutions" yes \
    "$([ $n_run -gt 40 ] && echo yes)"

# threads and shards: the solutions of the parts are the whole
for name in langford-7 queens-8 random-small-003; do
    inst=$I/$name.dlx
    sols=$(awk -F'\t' -v n="$name" '$1 == n {print $3}' "$REF/MANIFEST.tsv")
    for e in "--engine=dlx" "--engine=links"; do
        "$DLX2" --format=json -j 2 $e "$inst" > "$TMP/out.json" 2> /dev/null
        verified "$name -j 2 $e: its JSON Lines verify" "$TMP/out.json" "$inst" "$sols"
    done
    : > "$TMP/parts.json"
    for k in 1 2 3; do
        "$DLX2" --format=json --shard "$k/3" "$inst" > "$TMP/part$k.json" 2> /dev/null
        t_match "$name --shard $k/3: the summary names the part" '"shard":\['"$k"',3\]' \
            "$(tail -1 "$TMP/part$k.json")"
    done
    cat "$TMP/part3.json" "$TMP/part1.json" "$TMP/part2.json" > "$TMP/parts.json"
    verified "$name --shard k/3: the parts, each with its summary, together verify" "$TMP/parts.json" \
        "$inst" "$sols"
done

# ---- the JSON lines themselves ---------------------------------------------
"$DLX2" --format=json "$colors" > "$TMP/out" 2> "$TMP/err"
t_eq "knuth-example-colors: the solution, then the summary (seconds aside)" \
    '{"solution":1,"lines":[4,6],"option_indices":[1,2],"options":["A C X:1 Y:1","B X:1"],"colors":{"X":"1","Y":"1"}}
{"summary":{"solutions":1,"complete":true,"stopped":null,"engine":"twin","nodes":4,"updates":14,"cleansings":5,"imems":376,"mems":268,"lmems":24,"bytes":456,"seconds":S}}' \
    "$(sed 's/"seconds":[0-9]*\.[0-9]*}/"seconds":S}/' "$TMP/out")"
t_eq "formats/json.md's examples are these lines (seconds aside)" \
    "$(sed 's/"seconds":[0-9]*\.[0-9]*}/"seconds":S}/' "$TMP/out")" \
    "$(sed -n '/^```json$/,/^```$/p' "$ROOT/formats/json.md" | sed -n '2p;5p' |
        sed 's/"seconds":[0-9]*\.[0-9]*}/"seconds":S}/')"
t_file_eq "--format=json: stderr is DLX2's" "$REF/expected/knuth-example-colors.stderr" "$TMP/err"
"$DLX2" --format=json --engine=fast "$colors" 2> /dev/null | tail -1 > "$TMP/out"
t_eq "--engine=fast: a summary without mems" \
    '{"summary":{"solutions":1,"complete":true,"stopped":null,"engine":"fast","nodes":2,"updates":7,"seconds":S}}' \
    "$(sed 's/"seconds":[0-9]*\.[0-9]*}/"seconds":S}/' "$TMP/out")"
l7=$I/langford-7.dlx
t_match "t5: five solutions, then stopped by the count" \
    '^5 \{"summary":\{"solutions":5,"complete":false,"stopped":"count",' \
    "$("$DLX2" --format=json t5 "$l7" 2> /dev/null | grep -c '^{"solution"') $("$DLX2" --format=json t5 "$l7" 2> /dev/null | tail -1)"
t_match "T10000: stopped by the mems" '"complete":false,"stopped":"mems",' \
    "$("$DLX2" --format=json T10000 "$l7" 2> /dev/null | tail -1)"
t_eq "-c: only the summary, with -c's engine (the fast engine's kernel for Langford pairs)" '1 "engine":"fast"' \
    "$("$DLX2" --format=json -c "$l7" 2> /dev/null | wc -l) $("$DLX2" --format=json -c "$l7" 2> /dev/null | grep -o '"engine":"[a-z]*"')"
# "engine" names what walked the tree, not the row asked for (#25): the
# twin, or the links where the twin does not stand in (s<n>, S<file>,
# tracing), with or without threads, for each of Knuth's trees (DLX5's
# lists its cheapest solutions: -c is not for it).
FAM=$ROOT/data/reference-family
ran=""
n=0
while read -r label file args; do
    ran="$ran $label:$("$DLX2" --format=json $args "$file" 2> /dev/null | sed -n 's/.*"engine":"\([a-z-]*\)".*/\1/p')"
    n=$((n + 1))
done << EOF2
dlx $l7 --engine=dlx -c
dlx-s1 $l7 --engine=dlx s1 -c
dlx-j2 $l7 --engine=dlx -j 2 -c
links $l7 --engine=links -c
links-j2 $l7 --engine=links -j 2 -c
fast $l7 --engine=fast -c
zdd $l7 --engine=zdd -c
dlx3 $FAM/dlx3/instances/langford02-7.dlx --engine=dlx -c
dlx3-links $FAM/dlx3/instances/langford02-7.dlx --engine=links -c
dlx3-j2 $FAM/dlx3/instances/langford02-7.dlx -j 2 -c
cost $FAM/dlx5/instances/langford-7-cost.dlx --engine=cost
cost-j2 $FAM/dlx5/instances/langford-7-cost.dlx -j 2
cost-links $FAM/dlx5/instances/langford-7-cost.dlx --engine=cost-links
cost-links-j2 $FAM/dlx5/instances/langford-7-cost.dlx --engine=cost-links -j 2
EOF2
t_eq "the summary's engine is the one that ran (14 runs)" \
    "14: dlx:twin dlx-s1:links dlx-j2:twin links:links links-j2:links fast:fast zdd:zdd dlx3:mcc-twin dlx3-links:mcc-links dlx3-j2:mcc-twin cost:cost cost-j2:cost cost-links:cost-links cost-links-j2:cost-links" \
    "$n:$ran"
t_eq "m10: every tenth solution" "10 20 30 40 50" \
    "$("$DLX2" --format=json m10 "$l7" 2> /dev/null | sed -n 's/^{"solution":\([0-9]*\),.*/\1/p' | tr '\n' ' ' | sed 's/ $//')"
printf 'A B | \xc3\xa9 "q" \\\n"q" A \xc3\xa9:\x01\xff\nB\n' > "$TMP/esc.dlx"
t_eq "names and colors escaped as JSON strings" \
    '{"solution":1,"lines":[2,3],"option_indices":[0,1],"options":["\"q\" A é:\u0001\u00ff","B"],"colors":{"é":"\u0001\u00ff"}}' \
    "$("$DLX2" --format=json "$TMP/esc.dlx" 2> /dev/null | head -1)"
printf 'A B | X\nA X:1\nB X:1\n' > "$TMP/twice.dlx"
t_eq "a color two options give is listed once" '"colors":{"X":"1"}}' \
    "$("$DLX2" --format=json "$TMP/twice.dlx" 2> /dev/null | head -1 | grep -o '"colors":.*')"
"$DLX2" --format=json "$TMP/esc.dlx" > "$TMP/esc.json" 2> /dev/null
verified "escaped names and colors read back by the verifier" "$TMP/esc.json" "$TMP/esc.dlx" 1
t_run "--format=xml is refused" 2 "dlx2: unknown format 'xml' for --format (dlx2 or json)
Try 'dlx2 --help' for more information." "$DLX2" --format=xml "$colors"

# ---- hand-broken listings: the message names the line and what is wrong ------
# broken NAME TEXT MESSAGE — the listing TEXT of knuth-example-colors is refused so
broken() {
    printf '%s' "$2" > "$TMP/broken"
    t_run "$1: status 1 and the message" 1 "dlx2: $TMP/broken:$3" "$DLX2" --verify "$TMP/broken" "$colors"
}
broken "a missing option" $'1:\n A C X:1 Y:1 (2 of 2)\n' \
    "1: solution 1: item 'B' is not covered"
broken "an item covered twice" $'1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n C Y:1 (1 of 1)\n' \
    "4: solution 1: item 'C' is covered twice ('A C X:1 Y:1' and 'C Y:1')"
broken "a color clash" $'1:\n A B X:0 Y:0 (1 of 2)\n C Y:1 (1 of 1)\n' \
    "3: solution 1: secondary item 'Y' gets two colors, '0' and '1' ('A B X:0 Y:0' and 'C Y:1')"
broken "an option not in the problem" $'1:\n A C X:1 Y:1 (2 of 2)\n B X:0 (1 of 1)\n' \
    "3: solution 1: 'B X:0' is not an option of the problem"
broken "a wrong line number in JSON" \
    '{"solution":1,"lines":[4,7],"options":["A C X:1 Y:1","B X:1"],"colors":{"X":"1","Y":"1"}}' \
    "1: solution 1: line 7 of the problem is not the option 'B X:1'"
# "option_indices" (libxcc's numbers, the kept options from 0) name the
# same options as "lines"; either alone will do
broken "a wrong option index in JSON" \
    '{"solution":1,"lines":[4,6],"option_indices":[1,3],"options":["A C X:1 Y:1","B X:1"],"colors":{"X":"1","Y":"1"}}' \
    "1: solution 1: option 3 of the problem (counted from 0) is not the option 'B X:1'"
broken "an option index past the last in JSON" \
    '{"solution":1,"lines":[4,6],"option_indices":[1,4000000000],"options":["A C X:1 Y:1","B X:1"],"colors":{"X":"1","Y":"1"}}' \
    "1: solution 1: option 4000000000 of the problem (counted from 0) is not the option 'B X:1'"
printf '{"solution":1,"lines":[4,6],"option_indices":[1],"options":["A C X:1 Y:1","B X:1"],"colors":{"X":"1","Y":"1"}}\n' > "$TMP/short"
t_run "\"option_indices\" shorter than \"options\": status 2" 2 \
    "dlx2: $TMP/short:1:111: JSON: \"option_indices\" and \"options\" differ in length" \
    "$DLX2" --verify "$TMP/short" "$colors"
printf '{"solution":1,"option_indices":[1,2],"options":["A C X:1 Y:1","B X:1"],"colors":{"X":"1","Y":"1"}}\n{"summary":{"solutions":1,"complete":true,"stopped":null}}\n' > "$TMP/indices"
t_run "\"option_indices\" without \"lines\": verified" 0 "" "$DLX2" --verify "$TMP/indices" "$colors"
t_eq "... the verdict" "1 solution verified" "$(cat "$TMP/out")"
# two copies of option A (indices 0 and 2): the index must be the line's copy
printf 'A B\nA\nB\nA\n' > "$TMP/copies.dlx"
printf '{"solution":1,"lines":[3,4],"option_indices":[1,0],"options":["B","A"],"colors":{}}\n{"summary":{"solutions":1,"complete":true,"stopped":null}}\n' > "$TMP/copy"
t_run "an index of the other copy of the option on the line: status 1" 1 \
    "dlx2: $TMP/copy:1: solution 1: option 0 of the problem (counted from 0) is not the one on line 4 ('A')" \
    "$DLX2" --verify "$TMP/copy" "$TMP/copies.dlx"
# dlx2's own: each option's index is its line's among the kept options
# (the engines that write JSON by their own paths: twin, fast, zdd's draws)
t_eq "the indices of dlx2's JSON: the copies of A are 0 and 2" \
    '{"solution":1,"lines":[2,3],"option_indices":[0,1],"options":["A","B"],"colors":{}}
{"solution":2,"lines":[3,4],"option_indices":[1,2],"options":["B","A"],"colors":{}}' \
    "$("$DLX2" --format=json < "$TMP/copies.dlx" 2> /dev/null | grep -v '^{"summary"')"
for e in "--engine=fast" "--sample 1" "-j 2"; do
    # shellcheck disable=SC2086
    t_eq "$e: the indices of dlx2's JSON" \
        '{"solution":1,"lines":[4,6],"option_indices":[1,2],"options":["A C X:1 Y:1","B X:1"],"colors":{"X":"1","Y":"1"}}' \
        "$("$DLX2" $e --format=json < "$colors" 2> /dev/null | grep -v '^{"summary"')"
done
broken "a second solution, broken" $'1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n2:\n B X:1 (1 of 1)\n' \
    "4: solution 2: item 'A' is not covered"
printf '1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n' > "$TMP/good"
t_run "--count 2 of a listing of one: status 1" 1 "dlx2: $TMP/good: 1 solution, not 2" \
    "$DLX2" --verify "$TMP/good" "$colors" --count 2
t_run "the problem on stdin" 0 "" sh -c '"$0" --verify "$1" < "$2"' "$DLX2" "$TMP/good" "$colors"
t_run "a problem that cannot be read: status 2" 2 "dlx2: $TMP/nothing: cannot open: No such file or directory" \
    "$DLX2" --verify "$TMP/good" "$TMP/nothing"
printf 'A B\nA C\n' > "$TMP/bad.dlx"
t_run "a problem with bad input: status 2" 2 "dlx2: $TMP/bad.dlx:2:3: unknown item 'C'" \
    "$DLX2" --verify "$TMP/good" "$TMP/bad.dlx"
t_run "--verify with a search argument is refused" 2 "dlx2: --verify takes a LISTING, a FILE, --count, --report, --allow-repeats and -q, nothing else
Try 'dlx2 --help' for more information." "$DLX2" --verify "$TMP/good" m1 "$colors"
t_run "--count without --verify is refused" 2 "dlx2: --count goes with --verify
Try 'dlx2 --help' for more information." "$DLX2" --count 3 "$colors"
t_run "--verify > /dev/full: status 1" 1 "dlx2: error writing to standard output: No space left on device" \
    sh -c '"$0" --verify "$1" "$2" > /dev/full' "$DLX2" "$TMP/good" "$colors"
t_run "--report without --verify is refused" 2 "dlx2: --report goes with --verify
Try 'dlx2 --help' for more information." "$DLX2" --report "$TMP/good" "$colors"
t_run "--allow-repeats without --verify is refused" 2 "dlx2: --allow-repeats goes with --verify
Try 'dlx2 --help' for more information." "$DLX2" --allow-repeats "$colors"

# ---- what the listing says of itself: its number of solutions ----------------
# vrun NAME STATUS STDOUT STDERR ARGS... — dlx2 --verify ARGS: status, stdout and stderr exactly
vrun() {
    name=$1 want_status=$2 want_out=$3 want_err=$4
    shift 4
    "$DLX2" --verify "$@" > "$TMP/v.out" 2> "$TMP/v.err"
    t_eq "$name" "$want_status|$want_out|$want_err" "$?|$(cat "$TMP/v.out")|$(cat "$TMP/v.err")"
}
unchecked="their number was not checked (a text listing does not give it: --count N or --report FILE does)"
"$DLX2" m1 "$colors" > "$TMP/c.m1" 2> "$TMP/c.err"
vrun "a text listing: verified, its number not checked" 0 "1 solution verified; $unchecked" "" \
    "$TMP/c.m1" "$colors"
vrun "a text listing and its report: the number checked" 0 "1 solution verified" "" \
    "$TMP/c.m1" "$colors" --report "$TMP/c.err"
vrun "Knuth's DLX2's listing and his report" 0 "52 solutions verified" "" \
    "$REF/expected/langford-7.m1.stdout" "$l7" --report "$REF/expected/langford-7.stderr"
vrun "a report of another search: status 1" 1 "" \
    "dlx2: $TMP/c.err:3: the report counts 1 solution, but the listing holds 52" \
    "$REF/expected/langford-7.m1.stdout" "$l7" --report "$TMP/c.err"
"$DLX2" m1 T10000 "$l7" > "$TMP/T.m1" 2> "$TMP/T.err"
vrun "a report that says TIMEOUT!: status 4, and how many verified" 4 "5 solutions verified" \
    "dlx2: $TMP/T.err:2: the search was stopped early ('TIMEOUT!'): the 5 solutions verified may not be all" \
    "$TMP/T.m1" "$l7" --report "$TMP/T.err"
printf '(63 options, 21+0 items, 252 entries successfully read)\nTime limit of 0.5 seconds reached; the figures below are partial.\nAltogether 5 solutions, 5891+0-0 mems, 0 updates, 0 cleansings, 4736 bytes, 1 nodes, ccost 0%%.\n' \
    > "$TMP/time.err"
vrun "a report of a time limit: status 4" 4 "5 solutions verified" \
    "dlx2: $TMP/time.err:2: the search was stopped early ('Time limit of 0.5 seconds reached; the figures below are partial.'): the 5 solutions verified may not be all" \
    "$TMP/T.m1" "$l7" --report "$TMP/time.err"
vrun "a report without its closing line: status 2" 2 "" \
    "dlx2: $TMP/T.m1: no closing line 'Altogether N solutions, ...': this is not the report of a search (dlx2's stderr)" \
    "$TMP/T.m1" "$l7" --report "$TMP/T.m1"
cat "$TMP/c.err" "$TMP/c.err" > "$TMP/cc.err"
vrun "a report of two searches: status 2" 2 "" \
    "dlx2: $TMP/cc.err:6:1: a second closing line 'Altogether ...' (the first on line 3): the report of one search has one (dlx2 --merge adds up the parts of a sharded search)" \
    "$TMP/c.m1" "$colors" --report "$TMP/cc.err"
: > "$TMP/empty"
vrun "an empty listing that nothing vouches for: status 1" 1 "" \
    "dlx2: $TMP/empty: the listing holds no solutions, and nothing says the problem has none; dlx2 lists them with m1 (--count 0 or --report FILE checks a problem without solutions)" \
    "$TMP/empty" "$colors"
"$DLX2" "$colors" > "$TMP/none.m1" 2> /dev/null
vrun "dlx2 without m1: the empty listing is refused" 1 "" \
    "dlx2: $TMP/none.m1: the listing holds no solutions, and nothing says the problem has none; dlx2 lists them with m1 (--count 0 or --report FILE checks a problem without solutions)" \
    "$TMP/none.m1" "$colors"
printf 'A B\nA\n' > "$TMP/nosol.dlx"
"$DLX2" m1 "$TMP/nosol.dlx" > "$TMP/nosol.m1" 2> "$TMP/nosol.err"
vrun "an empty listing whose report says there is none: status 0" 0 "0 solutions verified" "" \
    "$TMP/nosol.m1" "$TMP/nosol.dlx" --report "$TMP/nosol.err"
vrun "an empty listing with --count 0: status 0" 0 "0 solutions verified" "" \
    "$TMP/empty" "$colors" --count 0
"$DLX2" --format=json "$TMP/nosol.dlx" > "$TMP/nosol.json" 2> /dev/null
vrun "a JSON listing whose summary says there is none: status 0" 0 "0 solutions verified" "" \
    "$TMP/nosol.json" "$TMP/nosol.dlx"
"$DLX2" --format=json "$l7" > "$TMP/l7.json" 2> /dev/null
head -5 "$TMP/l7.json" > "$TMP/cut.json"
vrun "a JSON listing cut short before its summary: status 2" 2 "" \
    "dlx2: $TMP/cut.json:5: the listing is cut short: no summary after its last solution (dlx2 --format=json ends with one)" \
    "$TMP/cut.json" "$l7"
sed 3d "$TMP/l7.json" > "$TMP/miss.json"
vrun "a JSON listing short of a solution: status 1" 1 "" \
    "dlx2: $TMP/miss.json:52: the summary counts 52 solutions, but the listing holds 51" \
    "$TMP/miss.json" "$l7"
"$DLX2" --format=json -c "$l7" > "$TMP/c.json" 2> /dev/null
vrun "dlx2 -c --format=json: the summary alone, status 1" 1 "" \
    "dlx2: $TMP/c.json:1: the summary counts 52 solutions, but the listing holds none (dlx2 lists solutions with m1 or --format=json, not with -c)" \
    "$TMP/c.json" "$l7"
"$DLX2" --format=json t5 "$l7" > "$TMP/t5.json" 2> /dev/null
vrun "a summary of a search stopped by t5: status 4, and how many verified" 4 "5 solutions verified" \
    "dlx2: $TMP/t5.json:6: the search was stopped early by t<n> (its summary says \"count\"): the 5 solutions verified may not be all" \
    "$TMP/t5.json" "$l7"
"$DLX2" --format=json T10000 "$l7" > "$TMP/T.json" 2> /dev/null
vrun "a summary of a search stopped by T<n>: status 4" 4 "5 solutions verified" \
    "dlx2: $TMP/T.json:6: the search was stopped early by T<n> (its summary says \"mems\"): the 5 solutions verified may not be all" \
    "$TMP/T.json" "$l7"
"$DLX2" --format=json m10 "$l7" > "$TMP/m10.json" 2> /dev/null
vrun "m10: every tenth of the summary's solutions" 0 "5 solutions verified, one in 10 of the 52 the search found" "" \
    "$TMP/m10.json" "$l7"
"$DLX2" m10 "$l7" > "$TMP/m10.m1" 2> "$TMP/m10.err"
vrun "m10 in DLX2's layout, with its report" 0 "5 solutions verified, one in 10 of the 52 the search found" "" \
    "$TMP/m10.m1" "$l7" --report "$TMP/m10.err"
sed 5d "$TMP/m10.json" > "$TMP/m10-4.json"
vrun "m10 short of one: status 1" 1 "" \
    "dlx2: $TMP/m10-4.json:5: the summary counts 52 solutions, so a listing of one in 10 holds 5, but this one holds 4" \
    "$TMP/m10-4.json" "$l7"
for k in 1 2 3; do "$DLX2" --format=json --shard "$k/3" "$l7" > "$TMP/s$k.json" 2> /dev/null; done
cat "$TMP/s1.json" "$TMP/s3.json" > "$TMP/s13.json"
vrun "two shards of three: status 4" 4 "34 solutions verified" \
    "dlx2: $TMP/s13.json: the listing holds 2 of the 3 shards of the search (shard 2/3 is missing): the solutions verified are not all" \
    "$TMP/s13.json" "$l7"
cat "$TMP/s1.json" "$TMP/s1.json" > "$TMP/s11.json"
vrun "a shard twice: its solutions come again, status 1" 1 "" \
    "dlx2: $TMP/s11.json:19: solution 1: the same as solution 1 (line 1)" "$TMP/s11.json" "$l7"
vrun "a shard twice with --allow-repeats: status 1" 1 "" \
    "dlx2: $TMP/s11.json:36: shard 1/3 again (its summary is on line 18 too)" "$TMP/s11.json" "$l7" --allow-repeats

# ---- the item line "a |x": the bar glued to the first secondary item (#31) ----
printf 'a |x\na\na x\n' > "$TMP/bar.dlx"
"$DLX2" m1 "$TMP/bar.dlx" > "$TMP/bar.m1" 2> "$TMP/bar.err"
vrun "'a |x' as the item line: the listing verified" 0 "2 solutions verified" "" \
    "$TMP/bar.m1" "$TMP/bar.dlx" --report "$TMP/bar.err"
"$DLX2" --format=json "$TMP/bar.dlx" > "$TMP/bar.json" 2> /dev/null
vrun "'a |x' as the item line: the JSON listing verified" 0 "2 solutions verified" "" \
    "$TMP/bar.json" "$TMP/bar.dlx"
printf 'a |x\na\n' > "$TMP/bar1.dlx"
"$DLX2" m1 < "$TMP/bar1.dlx" > "$TMP/bar1.m1" 2> /dev/null
vrun "'a |x', the issue's example (dlx2 m1 < i.dlx > l.txt; dlx2 --verify l.txt i.dlx)" 0 \
    "1 solution verified; $unchecked" "" "$TMP/bar1.m1" "$TMP/bar1.dlx"
cat "$TMP/bar.m1" "$TMP/bar.m1" > "$TMP/bar2.m1"
vrun "'a |x': a solution twice, status 1" 1 "" \
    "dlx2: $TMP/bar2.m1:5: solution 1: the same as solution 1 (line 1)" "$TMP/bar2.m1" "$TMP/bar.dlx"

# ---- a solution twice -----------------------------------------------------------
cat "$TMP/c.m1" "$TMP/c.m1" > "$TMP/twice.m1"
vrun "a solution twice: status 1, naming both" 1 "" \
    "dlx2: $TMP/twice.m1:4: solution 1: the same as solution 1 (line 1)" "$TMP/twice.m1" "$colors"
vrun "a solution twice with --allow-repeats: verified" 0 \
    "2 solutions verified; their number was not checked (with --allow-repeats, a listing of draws)" "" \
    "$TMP/twice.m1" "$colors" --allow-repeats
vrun "a solution twice with --allow-repeats --count 2" 0 "2 solutions verified" "" \
    "$TMP/twice.m1" "$colors" --allow-repeats --count 2
"$DLX2" --format=json "$colors" 2> /dev/null | sed 's/"solution":1/"solution":2/' > "$TMP/j2.json"
"$DLX2" --format=json "$colors" 2> /dev/null | head -1 | cat - "$TMP/j2.json" > "$TMP/twice.json"
vrun "a solution twice in JSON: status 1" 1 "" \
    "dlx2: $TMP/twice.json:2: solution 2: the same as solution 1 (line 1)" "$TMP/twice.json" "$colors"
# an option given twice in the problem: DLX2 lists the two solutions alike
printf 'A\nA\nA\n' > "$TMP/copies.dlx"
"$DLX2" m1 "$TMP/copies.dlx" > "$TMP/copies.m1" 2> "$TMP/copies.err"
vrun "copies of an option: two solutions that read alike are two" 0 "2 solutions verified" "" \
    "$TMP/copies.m1" "$TMP/copies.dlx" --report "$TMP/copies.err"
printf '3:\n A (1 of 2)\n' >> "$TMP/copies.m1"
vrun "copies of an option: a third is one too many" 1 "" \
    "dlx2: $TMP/copies.m1:5: solution 3: the same as solution 1 (line 1), more times than the copies of its options in the problem allow (2)" \
    "$TMP/copies.m1" "$TMP/copies.dlx"
"$DLX2" --format=json "$TMP/copies.dlx" > "$TMP/copies.json" 2> /dev/null
vrun "copies of an option in JSON: told apart by their lines" 0 "2 solutions verified" "" \
    "$TMP/copies.json" "$TMP/copies.dlx"

# ---- the listing's own errors, and stdin ------------------------------------------
printf '{"solution":1,"options":["A" "B"]}\n' > "$TMP/bad.json"
vrun "bad JSON: status 2, line and column" 2 "" "dlx2: $TMP/bad.json:1:30: JSON: expected ']'" \
    "$TMP/bad.json" "$colors"
printf '1:\n A :1\n' > "$TMP/bad.m1"
vrun "a bad word: status 2" 2 "" "dlx2: $TMP/bad.m1:2: ':1' is neither an item nor item:color" \
    "$TMP/bad.m1" "$colors"
printf '1:\n A \001 (1 of 1)\n' > "$TMP/ctl.m1"
vrun "bytes that are not text are shown \\xhh" 1 "" \
    "dlx2: $TMP/ctl.m1:2: solution 1: '\\x01' is not an item of the problem (option 'A \\x01')" \
    "$TMP/ctl.m1" "$colors"
t_run "the listing, the problem and the report: one of them at most on stdin" 2 \
    "dlx2: --verify: only one of the listing, the problem and the report can be stdin" \
    "$DLX2" --verify "$TMP/c.m1" --report - 
cat "$TMP/s1.json" "$TMP/l7.json" > "$TMP/mixed.json"
vrun "shards and a whole search in one listing: status 1" 1 "" \
    "dlx2: $TMP/mixed.json: the listing mixes shards and whole searches" "$TMP/mixed.json" "$l7" --allow-repeats
"$DLX2" --format=json --shard 2/2 "$l7" > "$TMP/s22.json" 2> /dev/null
cat "$TMP/s1.json" "$TMP/s22.json" > "$TMP/s1-22.json"
vrun "shards of two splits in one listing: status 1" 1 "" \
    "dlx2: $TMP/s1-22.json:$(wc -l < "$TMP/s1-22.json"): shard 2/2, but the first shard of the listing is one of 3" \
    "$TMP/s1-22.json" "$l7" --allow-repeats
printf 'Altogether 5+ solutions, 1 mems.\n' > "$TMP/wide.err"
vrun "a report whose count goes on ('5+'): status 4" 4 "5 solutions verified" \
    "dlx2: $TMP/wide.err:1: the search was stopped early ('Altogether 5+ solutions, 1 mems.'): the 5 solutions verified may not be all" \
    "$TMP/T.m1" "$l7" --report "$TMP/wide.err"

# ---- every listing of Knuth's DLX2 in data/reference, with its count (#31) ----
n=0 bad=""
while IFS=$'\t' read -r name tier sols rest; do
    [ -f "$REF/expected/$name.m1.stdout" ] || continue
    "$DLX2" --verify "$REF/expected/$name.m1.stdout" --count "$sols" "$REF/instances/$name.dlx" \
        > /dev/null 2>&1 || bad="$bad $name"
    n=$((n + 1))
done < "$REF/MANIFEST.tsv"
t_eq "--verify --count: DLX2's m1 listings of $n reference instances" "" "$bad"
t_eq "... every listing of data/reference/expected" "$(ls "$REF"/expected/*.m1.stdout | wc -l)" "$n"
t_eq "... at least 50 of them" 1 "$([ "$n" -ge 50 ] && echo 1)"
