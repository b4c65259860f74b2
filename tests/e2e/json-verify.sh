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
        "$DLX2" --format=json --shard "$k/3" "$inst" > "$TMP/part.json" 2> /dev/null
        grep -v '^{"summary"' "$TMP/part.json" >> "$TMP/parts.json"
        t_match "$name --shard $k/3: the summary names the part" '"shard":\['"$k"',3\]' \
            "$(tail -1 "$TMP/part.json")"
    done
    verified "$name --shard k/3: the parts' solutions together verify" "$TMP/parts.json" "$inst" \
        "$sols"
done

# ---- the JSON lines themselves ---------------------------------------------
"$DLX2" --format=json "$colors" > "$TMP/out" 2> "$TMP/err"
t_eq "knuth-example-colors: the solution, then the summary (seconds aside)" \
    '{"solution":1,"lines":[4,6],"options":["A C X:1 Y:1","B X:1"],"colors":{"X":"1","Y":"1"}}
{"summary":{"solutions":1,"complete":true,"stopped":null,"engine":"dlx","nodes":4,"updates":14,"cleansings":5,"imems":376,"mems":268,"lmems":24,"bytes":456,"seconds":S}}' \
    "$(sed 's/"seconds":[0-9]*\.[0-9]*}/"seconds":S}/' "$TMP/out")"
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
t_eq "-c: only the summary, with -c's engine (DLX2's tree for Langford pairs)" '1 "engine":"dlx"' \
    "$("$DLX2" --format=json -c "$l7" 2> /dev/null | wc -l) $("$DLX2" --format=json -c "$l7" 2> /dev/null | grep -o '"engine":"[a-z]*"')"
t_eq "m10: every tenth solution" "10 20 30 40 50" \
    "$("$DLX2" --format=json m10 "$l7" 2> /dev/null | sed -n 's/^{"solution":\([0-9]*\),.*/\1/p' | tr '\n' ' ' | sed 's/ $//')"
printf 'A B | \xc3\xa9 "q" \\\n"q" A \xc3\xa9:\x01\xff\nB\n' > "$TMP/esc.dlx"
t_eq "names and colors escaped as JSON strings" \
    '{"solution":1,"lines":[2,3],"options":["\"q\" A é:\u0001\u00ff","B"],"colors":{"é":"\u0001\u00ff"}}' \
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
t_run "--verify with a search argument is refused" 2 "dlx2: --verify takes a LISTING, a FILE and --count, nothing else
Try 'dlx2 --help' for more information." "$DLX2" --verify "$TMP/good" m1 "$colors"
t_run "--count without --verify is refused" 2 "dlx2: --count goes with --verify
Try 'dlx2 --help' for more information." "$DLX2" --count 3 "$colors"
t_run "--verify > /dev/full: status 1" 1 "dlx2: error writing to standard output: No space left on device" \
    sh -c '"$0" --verify "$1" "$2" > /dev/full' "$DLX2" "$TMP/good" "$colors"
