# dlx-gen/gen-langford: Langford pairs (formats/langford.md). Counts as in
# the literature (OEIS A014552), once with their mirror images by
# default, twice with --mirror.
. "$(dirname "$0")/../lib.sh"
L=$GEN/gen-langford

"$L" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_match "--help shows the usage" "^Usage: gen-langford \[--mirror\] \[--force\] N$" "$(head -1 "$TMP/out")"

# --mirror is the reference instances' encoding, byte for byte but for
# the first line; so dlx2's report on them is DLX2's.
for n in 7 11; do
    "$L" --mirror $n > "$TMP/m$n.dlx"
    t_eq "--mirror $n: the first line is the command" "| gen-langford --mirror $n" "$(head -1 "$TMP/m$n.dlx")"
    t_file_eq "--mirror $n: the rest is langford-$n.dlx" <(tail -n +2 "$REF/instances/langford-$n.dlx") \
        <(tail -n +2 "$TMP/m$n.dlx")
    "$DLX2" < "$TMP/m$n.dlx" > /dev/null 2> "$TMP/err"
    t_file_eq "--mirror $n: dlx2's report is DLX2's" "$REF/expected/langford-$n.stderr" "$TMP/err"
done

# The counts, without and with mirror images.
for c in 7:26 8:150 11:17792 12:108144; do
    n=${c%:*} want=${c#*:}
    t_eq "$n pairs: $want sequences" "$want" "$("$L" $n | "$DLX2" -c)"
    t_eq "$n pairs, --mirror: $((2 * want)) sequences" $((2 * want)) "$("$L" --mirror $n | "$DLX2" -c)"
done
t_eq "3 and 4 pairs: one sequence each" "1 1" "$("$L" 3 | "$DLX2" -c) $("$L" 4 | "$DLX2" -c)"
for n in 5 6 9 10; do
    "$L" $n > "$TMP/none.dlx" 2> "$TMP/err"
    t_eq "$n pairs: status 0, a warning" \
        "0:gen-langford: warning: Langford pairs exist only for N = 0 or 3 mod 4, and $n mod 4 = $((n % 4)): the problem has no solution" \
        "$?:$(cat "$TMP/err")"
    t_eq "$n pairs: no sequence, both ways" "0 0" \
        "$("$DLX2" -c < "$TMP/none.dlx") $("$L" --mirror $n 2> /dev/null | "$DLX2" -c)"
done

# The halved value: the largest odd one, placements in the left half only.
t_eq "7 pairs: 7 keeps its placements at slots 0, 1, 2" "7 s0 s8|7 s1 s9|7 s2 sa" \
    "$("$L" 7 | grep '^7 ' | tr '\n' '|' | sed 's/|$//')"
t_eq "8 pairs: 7 keeps its placements at slots 0, 1, 2, 3" "7 s0 s8|7 s1 s9|7 s2 sa|7 s3 sb" \
    "$("$L" 8 | grep '^7 ' | tr '\n' '|' | sed 's/|$//')"
t_eq "8 pairs: 8 keeps all its 7" 7 "$("$L" 8 | grep -c '^8 ')"
t_eq "the rest is as with --mirror" "$("$L" --mirror 8 | tail -n +2 | grep -v '^7 ')" \
    "$("$L" 8 | tail -n +2 | grep -v '^7 ')"
t_eq "1 pair: no room" "$(printf '| gen-langford 1\n1 s0 s1')" "$("$L" 1 2> /dev/null)"
t_eq "32 pairs: decimal slots" "32 s0 s1 s2" "$("$L" 32 | sed -n 2p | cut -d' ' -f32-35)"
t_eq "32 pairs: the last slot is s63" "s63" "$("$L" 32 | sed -n 2p | awk '{print $NF}')"
t_eq "31 pairs: extended-hex slots" "s0 sZ" "$("$L" 31 | sed -n 2p | awk '{print $32, $NF}')"
t_eq "same arguments, same bytes" "$(cat "$TMP/m11.dlx")" "$("$L" --mirror 11)"

# Bad arguments: one message, status 2.
t_run "no N" 2 "gen-langford: missing N, the number of pairs (try --help)" "$L"
t_run "N = 0" 2 "gen-langford: N must be between 1 and 1000000, not 0" "$L" 0
t_run "two numbers" 2 "gen-langford: too many arguments: '8' (try --help)" "$L" 7 8
t_run "100000 pairs: too big without --force" 2 \
    "gen-langford: the problem would take about 346 GB (more than 1 GB); --force writes it all the same" \
    "$L" 100000

# --show: DLX2's listing of the 52 sequences of 7, drawn.
"$L" --show "$REF/expected/langford-7.m1.stdout" > "$TMP/show" 2> "$TMP/err"
t_eq "--show: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_eq "--show: 52 pictures" 52 "$(grep -c '^solution ' "$TMP/show")"
t_eq "--show: the first" "$(printf 'solution 1\n7 3 6 2 5 3 2 4 7 6 5 1 4 1\n\nsolution 2')" \
    "$(head -4 "$TMP/show")"
# every sequence and its mirror image, once each
grep -v '^solution\|^$' "$TMP/show" | sort > "$TMP/seqs"
grep -v '^solution\|^$' "$TMP/show" | awk '{s = $NF; for (i = NF - 1; i >= 1; i--) s = s " " $i; print s}' \
    | sort > "$TMP/backwards"
t_file_eq "--show: the 52 are 26 and their mirror images" "$TMP/seqs" "$TMP/backwards"
"$L" 7 | "$DLX2" m1 2> /dev/null | "$L" --show | grep -v '^solution\|^$' > "$TMP/half"
t_eq "--show: 26 sequences without --mirror" 26 "$(wc -l < "$TMP/half" | tr -d ' ')"
t_eq "--show: with their mirror images, 52 different ones" 52 \
    "$(awk '{s = $NF; for (i = NF - 1; i >= 1; i--) s = s " " $i; print $0; print s}' "$TMP/half" \
       | sort -u | wc -l | tr -d ' ')"

# --show: what is no solution of gen-langford stops at its line (the
# sequence 2 3 1 2 1 3 spoilt).
printf '1:\n 2 s0 s3\n s1 3 s5\n 1 s2 s4\n' > "$TMP/ok"
t_eq "--show: the slots of an option in any order" "$(printf 'solution 1\n2 3 1 2 1 3')" \
    "$("$L" --show "$TMP/ok")"
printf '1:\n 2 s0 s3\n 3 s1 s4\n 1 s2 s4\n' > "$TMP/bad"
t_run "--show: slots too far apart" 2 \
    "gen-langford: $TMP/bad:3: the two 3's of '3 s1 s4' are 2 slots apart, not 3" "$L" --show "$TMP/bad"
printf '1:\n 2 s0 s3\n 1 s1 s3\n 1 s2 s4\n' > "$TMP/bad"
t_run "--show: a slot used twice" 2 \
    "gen-langford: $TMP/bad:3: slot 3 holds a 2 already in solution 1" "$L" --show "$TMP/bad"
printf '1:\n 2 s0 s3\n 2 s1 s4\n 1 s2 s4\n' > "$TMP/bad"
t_run "--show: a pair used twice" 2 \
    "gen-langford: $TMP/bad:3: a second pair of 2's in solution 1 (the first on line 2)" "$L" --show "$TMP/bad"
printf '1:\n 2 s0 s3\n 3 s1 s5\n 4 s2 s7\n' > "$TMP/bad"
t_run "--show: a pair beyond N" 2 \
    "gen-langford: $TMP/bad:4: '4 s2 s7' does not fit a row of 3 pairs (a solution has one option for each)" \
    "$L" --show "$TMP/bad"
printf '1:\n 2 s0 s3 s4\n' > "$TMP/bad"
t_run "--show: three slots" 2 \
    "gen-langford: $TMP/bad:2: '2 s0 s3 s4' is not an option of gen-langford (expected 'i sj sk (k of n)')" \
    "$L" --show "$TMP/bad"
printf '1:\n 2 1 s3\n' > "$TMP/bad"
t_run "--show: two pairs in an option" 2 \
    "gen-langford: $TMP/bad:2: '2 1 s3' is not an option of gen-langford (expected 'i sj sk (k of n)')" \
    "$L" --show "$TMP/bad"
printf '1:\n 0 s0 s1\n' > "$TMP/bad"
t_run "--show: a pair 0" 2 \
    "gen-langford: $TMP/bad:2: '0 s0 s1' is not an option of gen-langford (expected 'i sj sk (k of n)')" \
    "$L" --show "$TMP/bad"
t_run "--show refuses --mirror" 2 "gen-langford: --mirror goes with writing a problem, not with --show" \
    "$L" --show --mirror
