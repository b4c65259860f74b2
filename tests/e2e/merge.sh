# dlx2 --merge: the reports of the parts of a --shard run, added up, and
# every way a part can be wrong refused (cut short, twice, missing, of
# another problem or number of shards, garbage, figures past 128 bits),
# each with a message naming the file and the line and status 2. A part
# stopped early makes the whole partial: said, and status 4.
. "$(dirname "$0")/../lib.sh"
q8=$REF/instances/queens-8.dlx
for k in 1 2 3; do
    "$DLX2" --shard $k/3 "$q8" 2> "$TMP/p$k.err"
done
whole="(64 options, 16+26 items, 316 entries successfully read)
Altogether 92 solutions, 10686+239467-26524 mems, 16680 updates, 0 cleansings, 6464 bytes, 1049 nodes, ccost 6%."
t_eq "the whole run's report" "$whole" "$("$DLX2" "$q8" 2>&1)"

# Each part names its shard and the problem, before DLX2's closing line.
t_match "a part's line: shard and fingerprint" '^Shard 2/3, problem fingerprint [0-9a-f]{16}\.$' \
    "$(sed -n 2p "$TMP/p2.err")"
fp=$(sed -n 's/^Shard 1\/3, problem fingerprint \([0-9a-f]*\)\.$/\1/p' "$TMP/p1.err")
# the fingerprint is the problem's: not the file's layout, stdin or s<n>
{ echo '| the same problem, written another way'; sed 's/ /   /g' "$q8"; } > "$TMP/q8-spaced.dlx"
for how in "< $q8" "$TMP/q8-spaced.dlx" "s7 $q8"; do
    t_eq "the fingerprint of $how" "Shard 1/3, problem fingerprint $fp." \
        "$(eval "\"\$DLX2\" --shard 1/3 $how" 2>&1 | grep '^Shard')"
done
sed '$d' "$q8" > "$TMP/q7.dlx" # one option fewer: another problem
other=$("$DLX2" --shard 1/3 "$TMP/q7.dlx" 2>&1 | sed -n 's/^Shard.*fingerprint \([0-9a-f]*\)\.$/\1/p')
t_eq "another problem, another fingerprint" yes "$([ -n "$other" ] && [ "$other" != "$fp" ] && echo yes)"

# Good parts: the whole report, from files, one file or stdin, in any order.
t_eq "three parts add up to the whole" "$whole" "$("$DLX2" --merge "$TMP"/p*.err)"
cat "$TMP/p3.err" "$TMP/p1.err" "$TMP/p2.err" > "$TMP/all.err"
t_eq "three parts in one file, in another order" "$whole" "$("$DLX2" --merge "$TMP/all.err")"
t_eq "from stdin" "$whole" "$("$DLX2" --merge < "$TMP/all.err")"
t_eq "-q: the same total, nothing else" "$whole" "$("$DLX2" -q --merge "$TMP"/p*.err 2>&1)"
# warnings about dropped options come before a part's input line
{ cat "$TMP/p1.err"; "$DLX2" --shard 2/3 "$q8" 2>&1 >/dev/null; cat "$TMP/p3.err"; } > "$TMP/all.err"
printf 'Option ignored (no primary items): X\n' | cat - "$TMP/all.err" > "$TMP/warned.err"
t_eq "warnings between parts" "$whole" "$("$DLX2" --merge "$TMP/warned.err")"

# What is refused, each with its file and line.
head -2 "$TMP/p2.err" > "$TMP/cut.err"
t_run "a part cut before its closing line" 2 \
    "dlx2: $TMP/cut.err:1: this part has no closing line: its report is cut short" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/cut.err" "$TMP/p3.err"
head -c -30 "$TMP/p2.err" > "$TMP/cut.err"
t_run "a part cut inside its closing line" 2 "dlx2: $TMP/cut.err:3: this part's closing line is cut short" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/cut.err" "$TMP/p3.err"
{ head -1 "$TMP/p2.err"; cat "$TMP/p3.err"; } > "$TMP/cut.err"
t_run "a part cut short, then another" 2 \
    "dlx2: $TMP/cut.err:1: this part has no closing line: its report is cut short" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/cut.err"
t_run "the same part twice" 2 "dlx2: $TMP/p2.err:2: shard 2/3 again (it is at $TMP/p2.err:2 too)" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/p2.err" "$TMP/p2.err" "$TMP/p3.err"
t_run "a part missing" 2 "dlx2: --merge: 1 of the 3 shards is missing: 2/3" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/p3.err"
t_run "all but one missing" 2 "dlx2: --merge: 2 of the 3 shards are missing: 1/3 3/3" \
    "$DLX2" --merge "$TMP/p2.err"
"$DLX2" --shard 2/2 "$q8" 2> "$TMP/half.err"
t_run "a part of another number of shards" 2 \
    "dlx2: $TMP/half.err:2: a part of 2 shards, but the part at $TMP/p1.err:2 is one of 3" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/half.err"
"$DLX2" --shard 2/3 "$TMP/q7.dlx" 2> "$TMP/q7.err"
t_run "a part of another problem" 2 \
    "dlx2: $TMP/q7.err:2: a part of another problem (fingerprint $other, not $fp as at $TMP/p1.err:2)" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/q7.err" "$TMP/p3.err"
"$DLX2" --shard 2/3 "$TMP/q8-spaced.dlx" 2> "$TMP/spaced.err"
imems=$(sed -n 's/^Altogether [0-9]* solutions, \([0-9]*\)+.*/\1/p' "$TMP/spaced.err")
t_run "the same problem read from another file: other input mems" 2 \
    "dlx2: $TMP/spaced.err:3: this part read a different input ($imems input mems, not 10686)" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/spaced.err" "$TMP/p3.err"
printf 'PK\003\004\377garbage\n' > "$TMP/garbage.err"
t_run "garbage" 2 "dlx2: $TMP/garbage.err:1: not a line of the report of dlx2 --shard: PK\\x03\\x04\\xffgarbage" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/garbage.err"
"$DLX2" "$q8" 2> "$TMP/plain.err"
t_run "the report of a run without --shard" 2 \
    "dlx2: $TMP/plain.err:2: a closing line without the line of --shard before it (only the reports of dlx2 --shard K/N can be merged)" \
    "$DLX2" --merge "$TMP/plain.err"
sed '3s/ nodes,/ knots,/' "$TMP/p2.err" > "$TMP/bad.err"
t_run "a closing line that is not DLX2's" 2 \
    "dlx2: $TMP/bad.err:3: not a closing line of dlx2: $(sed -n 3p "$TMP/bad.err" | cut -c1-80)..." \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/bad.err" "$TMP/p3.err"
t_run "no part at all" 2 "dlx2: --merge: no report of dlx2 --shard in the input" "$DLX2" --merge /dev/null

# Figures past 2^64 - 1: in a part, or in the sum, added up exactly (never
# wrapped round); past 2^128 - 1, which no part can write, refused. Part 2
# has n2 of the 92 solutions; the sums are written out by hand, since the
# shell's numbers are 64 bits.
n2=$(sed -n 's/^Altogether \([0-9]*\) solutions.*/\1/p' "$TMP/p2.err")
rest=$((92 - n2))
merged_count() {
    "$DLX2" --merge "$TMP/p1.err" "$TMP/big.err" "$TMP/p3.err" | sed -n 's/^\(Altogether [0-9]* solutions\), .*/\1/p'
}
sed "3s/^Altogether $n2 /Altogether 1000000000000000000000 /" "$TMP/p2.err" > "$TMP/big.err"
t_eq "a figure past 64 bits adds up exactly" \
    "Altogether 1000000000000000000$(printf %03d $rest) solutions" "$(merged_count)"
sed "3s/^Altogether $n2 /Altogether 18446744073709551600 /" "$TMP/p2.err" > "$TMP/big.err"
t_eq "figures that add up past 64 bits add up exactly" \
    "Altogether 184467440737095516$(printf %02d $rest) solutions" "$(merged_count)"
sed "3s/^Altogether $n2 /Altogether 18446744073709551$((615 - rest)) /" "$TMP/p2.err" > "$TMP/big.err"
t_eq "figures up to 2^64 - 1 add up exactly" "Altogether 18446744073709551615 solutions" "$(merged_count)"
sed "3s/^Altogether $n2 /Altogether 400000000000000000000000000000000000000 /" "$TMP/p2.err" > "$TMP/big.err"
t_run "a figure past 2^128 - 1" 2 "dlx2: $TMP/big.err:3: a figure past 2^128 - 1 in the closing line" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/big.err" "$TMP/p3.err"

# A part stopped early (T<n>, a signal, --time-limit): a partial whole.
l11=$REF/instances/langford-11.dlx
for k in 1 2; do "$DLX2" --shard $k/2 "$l11" 2> "$TMP/l$k.err"; done
"$DLX2" --shard 2/2 T1000000 "$l11" 2> "$TMP/l2T.err"
t_eq "a part stopped by T<n> says so" "TIMEOUT!" "$(sed -n 2p "$TMP/l2T.err")"
"$DLX2" --merge "$TMP/l1.err" "$TMP/l2T.err" > "$TMP/out"
t_eq "merging it: status 4" 4 $?
t_eq "merging it: the report says it is partial" \
    "Shard 2/2 stopped early ($TMP/l2T.err:2: TIMEOUT!); the figures below are partial." \
    "$(sed -n 2p "$TMP/out")"
sed '2i Search interrupted by SIGINT; the figures below are partial.' "$TMP/l1.err" > "$TMP/l1S.err"
"$DLX2" --merge "$TMP/l1S.err" "$TMP/l2T.err" > "$TMP/out"
t_eq "two parts stopped early: status 4" 4 $?
t_eq "two parts stopped early: the first is named" \
    "Shard 1/2 stopped early ($TMP/l1S.err:2: Search interrupted by SIGINT; the figures below are partial.), and 1 other shards; the figures below are partial." \
    "$(sed -n 2p "$TMP/out")"
sed '2i Time limit of 2 seconds reached; the figures below are partial.' "$TMP/l1.err" > "$TMP/l1L.err"
t_run "a part stopped by --time-limit: status 4" 4 "" "$DLX2" --merge "$TMP/l1L.err" "$TMP/l2.err"
t_eq "complete parts: status 0" 0 "$("$DLX2" --merge "$TMP/l1.err" "$TMP/l2.err" > /dev/null; echo $?)"

# Cost shards none of which found a solution: no best cost to sort (under
# make test SANITIZE=1, UBSan stops a qsort of a null list).
printf 'A B\nA |1\n' > "$TMP/c.dlx"
for k in 1 2; do "$DLX2" --shard $k/2 "$TMP/c.dlx" 2> "$TMP/c$k.err"; done
t_run "cost shards without a solution" 0 "" "$DLX2" --merge "$TMP/c1.err" "$TMP/c2.err"
t_eq "cost shards without a solution: their sum" \
    "Altogether 0 solutions, 73+7 mems, 0 updates, 0 cleansings, 168 bytes, 1 nodes." \
    "$(tail -1 "$TMP/out")"

# -c --shard K/N: the count on stdout as before, and on stderr the one
# line --merge adds up to the count of the whole (#28). Several problems,
# of DLX2's tree and DLX3's (bounds), by the engine -c chooses and by links.
D3=$ROOT/data/reference-family/dlx3/instances
n=0
for inst in "$q8" "$l11" "$REF/instances/pentomino-3x20.dlx" "$REF/instances/knight-cover-closed-5.dlx" \
    "$REF/instances/random-medium-101.dlx" "$D3/langford02-7.dlx" "$D3/random-mcc-small-013.dlx"; do
    for engine in "" --engine=links; do
        whole_count=$("$DLX2" -c $engine "$inst" 2> /dev/null)
        : > "$TMP/counts"
        for k in 1 2 3 4; do
            "$DLX2" -c $engine --shard $k/4 "$inst" 2> "$TMP/c$k.err" >> "$TMP/counts"
        done
        sum=$(paste -sd+ "$TMP/counts" | bc)
        t_eq "-c $engine --shard k/4 of ${inst##*/}: the stdout counts add up" "$whole_count" "$sum"
        t_eq "-c $engine --shard k/4 of ${inst##*/}: merged" "$whole_count" \
            "$("$DLX2" --merge "$TMP"/c[1-4].err)"
        n=$((n + 1))
    done
done
t_eq "-c parts of 7 problems merged" 14 "$n"
for k in 1 2 3; do "$DLX2" -c --shard $k/3 "$q8" 2> "$TMP/q$k.err" > /dev/null; done
t_eq "-c --shard: its line on stderr" "Shard 2/3, problem fingerprint $fp: 29 solutions." \
    "$(cat "$TMP/q2.err")"
t_eq "-c --shard: one solution, singular" "Shard 1/1, problem fingerprint $(
    "$DLX2" --shard 1/1 "$REF/instances/sudoku-inkala.dlx" 2>&1 >/dev/null | sed -n 's/^Shard.*fingerprint \(.*\)\.$/\1/p'): 1 solution." \
    "$("$DLX2" -c --shard 1/1 "$REF/instances/sudoku-inkala.dlx" 2>&1 >/dev/null)"
t_eq "-c v1 --shard: DLX2's report, as before" 3 "$("$DLX2" -c v1 --shard 1/3 "$q8" 2>&1 >/dev/null | wc -l)"
t_eq "-c -q --shard: nothing on stderr" "" "$("$DLX2" -c -q --shard 1/3 "$q8" 2>&1 >/dev/null)"
t_run "-c parts: a part missing" 2 "dlx2: --merge: 1 of the 3 shards is missing: 2/3" \
    "$DLX2" --merge "$TMP/q1.err" "$TMP/q3.err"
t_run "-c parts: the same part twice" 2 "dlx2: $TMP/q2.err:1: shard 2/3 again (it is at $TMP/q2.err:1 too)" \
    "$DLX2" --merge "$TMP/q1.err" "$TMP/q2.err" "$TMP/q2.err" "$TMP/q3.err"
"$DLX2" -c --shard 2/3 "$TMP/q7.dlx" 2> "$TMP/q7c.err" > /dev/null
t_run "-c parts: a part of another problem" 2 \
    "dlx2: $TMP/q7c.err:1: a part of another problem (fingerprint $other, not $fp as at $TMP/q1.err:1)" \
    "$DLX2" --merge "$TMP/q1.err" "$TMP/q7c.err" "$TMP/q3.err"
t_run "-c parts among reports" 2 \
    "dlx2: $TMP/q2.err:1: a count line of dlx2 -c --shard, but the part at $TMP/p1.err:2 is a report of dlx2 --shard" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/q2.err" "$TMP/p3.err"
sed 's/: 29 solutions\./: 29 solutionz./' "$TMP/q2.err" > "$TMP/bad.err"
t_run "-c parts: a bad count line" 2 \
    "dlx2: $TMP/bad.err:1: not a count line of dlx2 -c --shard: Shard 2/3, problem fingerprint $fp: 29 solutionz." \
    "$DLX2" --merge "$TMP/q1.err" "$TMP/bad.err" "$TMP/q3.err"
# counts past 2^64 and 2^128 add up exactly (the shell's numbers are 64 bits)
sed 's/: 29 solutions/: 340282366920938463463374607431768211455 solutions/' "$TMP/q2.err" > "$TMP/big.err"
t_eq "-c parts: counts past 2^128 add up exactly" 340282366920938463463374607431768211518 \
    "$("$DLX2" --merge "$TMP/q1.err" "$TMP/big.err" "$TMP/q3.err")"
# a part stopped early: its count with +, the sum with +, status 4
"$DLX2" -c --shard 2/2 T1000000 "$l11" 2> "$TMP/l2c.err" > "$TMP/l2c.out"
"$DLX2" -c --shard 1/2 "$l11" 2> "$TMP/l1c.err" > /dev/null
n2=$(cat "$TMP/l2c.out")
t_eq "-c part stopped early: its line" "TIMEOUT! (T<n>) The count on stdout is a lower bound.
Shard 2/2, problem fingerprint $("$DLX2" --shard 1/1 "$l11" 2>&1 | sed -n 's/^Shard.*fingerprint \(.*\)\.$/\1/p'): $n2 solutions, stopped early." \
    "$(cat "$TMP/l2c.err")"
t_run "-c parts, one stopped early: status 4, partial" 4 \
    "dlx2: --merge: shard 2/2 stopped early ($TMP/l2c.err:2); the count is partial" \
    "$DLX2" --merge "$TMP/l1c.err" "$TMP/l2c.err"
t_match "-c parts, one stopped early: the count with +" '^[0-9]+\+$' \
    "$("$DLX2" --merge "$TMP/l1c.err" "$TMP/l2c.err" 2> /dev/null)"

# JSON summaries of --format=json --shard K/N: merged into one summary,
# the figures of the unsharded run (#28); seconds is the parts' sum.
no_secs() { sed 's/,"seconds":[0-9.]*}}$/}}/'; }
n=0
for inst in "$q8" "$REF/instances/pentomino-3x20.dlx" "$D3/langford02-7.dlx"; do
    for engine in "" --engine=links; do
        want=$("$DLX2" --format=json $engine "$inst" 2> /dev/null | tail -1 | no_secs | sed 's/,"nodes"/,"shards":3,"nodes"/')
        for k in 1 2 3; do
            "$DLX2" --format=json $engine --shard $k/3 "$inst" > "$TMP/j$k.json" 2> /dev/null
        done
        t_eq "JSON parts of ${inst##*/} $engine merged" "$want" \
            "$("$DLX2" --merge --format=json "$TMP"/j[1-3].json | no_secs)"
        n=$((n + 1))
    done
done
t_eq "JSON parts of 3 problems merged" 6 "$n"
for k in 1 2 3; do "$DLX2" -c --format=json --shard $k/3 "$q8" > "$TMP/j$k.json" 2> /dev/null; done
t_match "a JSON part names its shard and the problem" "\"shard\":\\[2,3\\],\"fingerprint\":\"$fp\"" \
    "$(cat "$TMP/j2.json")"
t_eq "JSON parts, without --format: the same summary" \
    "$("$DLX2" --merge --format=json "$TMP"/j[1-3].json)" "$("$DLX2" --merge "$TMP"/j[1-3].json)"
t_run "JSON parts: a part missing" 2 "dlx2: --merge: 1 of the 3 shards is missing: 1/3" \
    "$DLX2" --merge "$TMP/j2.json" "$TMP/j3.json"
t_run "JSON parts: the same part twice" 2 "dlx2: $TMP/j3.json:1: shard 3/3 again (it is at $TMP/j3.json:1 too)" \
    "$DLX2" --merge "$TMP/j1.json" "$TMP/j3.json" "$TMP/j2.json" "$TMP/j3.json"
"$DLX2" -c --format=json --shard 2/3 "$TMP/q7.dlx" > "$TMP/q7.json" 2> /dev/null
t_run "JSON parts: a part of another problem" 2 \
    "dlx2: $TMP/q7.json:1: a part of another problem (fingerprint $other, not $fp as at $TMP/j1.json:1)" \
    "$DLX2" --merge "$TMP/j1.json" "$TMP/q7.json" "$TMP/j3.json"
"$DLX2" -c --format=json "$q8" > "$TMP/jall.json" 2> /dev/null
t_run "JSON: a summary of a run without --shard" 2 \
    "dlx2: $TMP/jall.json:1: a summary without \"shard\":[K,N] (only the summaries of dlx2 --format=json --shard K/N can be merged)" \
    "$DLX2" --merge "$TMP/jall.json"
head -c 60 "$TMP/j2.json" > "$TMP/jcut.json"
t_run "JSON parts: a summary cut short" 2 \
    "dlx2: $TMP/jcut.json:1: this summary is cut short: $(cut -c1-60 "$TMP/jcut.json")" \
    "$DLX2" --merge "$TMP/j1.json" "$TMP/jcut.json" "$TMP/j3.json"
t_run "JSON parts among reports" 2 \
    "dlx2: $TMP/j2.json:1: a JSON summary of dlx2 --format=json --shard, but the part at $TMP/p1.err:2 is a report of dlx2 --shard" \
    "$DLX2" --merge "$TMP/p1.err" "$TMP/j2.json" "$TMP/p3.err"
t_run "--format=json to merge reports" 2 \
    "dlx2: --merge: the first part is a report of dlx2 --shard: --format=json does not go with it" \
    "$DLX2" --merge --format=json "$TMP"/p[1-3].err
sed 's/"solutions":29,/"solutions":340282366920938463463374607431768211455,/' "$TMP/j2.json" > "$TMP/jbig.json"
t_match "JSON parts: counts past 2^128 add up exactly" '^\{"summary":\{"solutions":340282366920938463463374607431768211518,' \
    "$("$DLX2" --merge "$TMP/j1.json" "$TMP/jbig.json" "$TMP/j3.json")"
"$DLX2" --format=json --shard 2/2 T1000000 "$l11" > "$TMP/l2T.json" 2> /dev/null
"$DLX2" --format=json --shard 1/2 "$l11" > "$TMP/l1.json" 2> /dev/null
"$DLX2" --merge "$TMP/l1.json" "$TMP/l2T.json" > "$TMP/out" 2> /dev/null
t_eq "JSON parts, one stopped early: status 4" 4 $?
t_match "JSON parts, one stopped early: not complete, why" '"complete":false,"stopped":"mems",' "$(cat "$TMP/out")"

# The merged report cannot be written: a message and status 1.
t_run "--merge > /dev/full" 1 "dlx2: error writing to standard output: No space left on device" \
    sh -c '"$0" --merge "$1" "$2" "$3" > /dev/full' "$DLX2" "$TMP/p1.err" "$TMP/p2.err" "$TMP/p3.err"
