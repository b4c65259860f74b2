# bench/run beside other solvers (#27): several --vs in one table,
# bench/to-miniexact (Knuth's format in miniexact's syntax, checked
# byte for byte on fixed problems), --vs-format miniexact with stand-ins
# for miniexact, and the chart of the ratios (bench/ratio-chart, --svg).
# With MINIEXACT=/path/to/miniexact (built by hand, never part of the
# project), its counts on the converted corpus are checked too; without
# it those checks do not run (no SKIP: miniexact is no package). Only figures are checked, never times.
. "$(dirname "$0")/../lib.sh"
export DLX2 GEN
CONV=$ROOT/bench/to-miniexact
CHART=$ROOT/bench/ratio-chart
if ! t_have python3; then
    t_skip "bench/to-miniexact, bench/ratio-chart, --vs-format, --svg" "python3 (Debian: python3)"
    exit 0
fi

# ---- bench/to-miniexact: exact output on fixed problems --------------------
# Knuth's example of colors: items renamed in order, colors c1, c2 in order
# of first use, the option with no primary item (X:0 Y:1) dropped
t_run "to-miniexact: Knuth's example of colors" 0 "" "$CONV" "$ROOT/data/reference/instances/knuth-example-colors.dlx"
t_eq "to-miniexact: Knuth's example of colors, its text" "< i1 i2 i3 >
[ i4 i5 ]
i1 i2 i4:c1 i5:c1;
i1 i3 i4:c2 i5:c2;
i2 i4:c2;
i3 i5:c2;" "$(cat "$TMP/out")"
# names miniexact could not read (a dot, a slash, UTF-8, digits alone),
# comments anywhere, blank lines, tabs, \r, a long color, no secondary
# items, bounds of DLX3 (b|name, a:b|name, :b|name), read from stdin
printf '| comment\n\n 3|a.b\t1:2|x/y :2|\xc3\xa9 12 | s\r\n| another\n12 a.b s:red\n  x/y a.b\t\xc3\xa9 s:blue\r\n\xc3\xa9 s:red\n' > "$TMP/odd.dlx"
t_eq "to-miniexact: odd names, bounds, comments, stdin" "< i1:3;3 i2:1;2 i3:0;2 i4 >
[ i5 ]
i4 i1 i5:c1;
i2 i1 i3 i5:c2;
i3 i5:c1;" "$("$CONV" < "$TMP/odd.dlx")"
printf 'A B\nA\nB\nA B\n' > "$TMP/xc.dlx"
t_eq "to-miniexact: no secondary items, no [ ]" "< i1 i2 >
i1;
i2;
i1 i2;" "$("$CONV" "$TMP/xc.dlx")"
# the generators' problems go through whole: as many options as dlx2 reads
"$GEN/gen-queens" 8 > "$TMP/q8.dlx"
t_eq "to-miniexact: queens 8, the item lists and 64 options" "16 26 64" \
    "$("$CONV" "$TMP/q8.dlx" | awk 'NR == 1 {p = NF - 2} NR == 2 {s = NF - 2} /;$/ {o++} END {print p, s, o}')"

# bad input: one line naming the file, line and column, status 2
printf 'A B\nA |3\n' > "$TMP/cost.dlx"
t_run "to-miniexact: costs are refused" 2 \
    "to-miniexact: $TMP/cost.dlx:2:3: costs (Knuth's DLX5) are not converted: '|3'" "$CONV" "$TMP/cost.dlx"
printf 'A B | X\nA C\n' > "$TMP/bad.dlx"
t_run "to-miniexact: an unknown item" 2 "to-miniexact: <stdin>:2:3: unknown item 'C'" "$CONV" - < "$TMP/bad.dlx"
printf 'A | X\nA:1 X\n' > "$TMP/bad.dlx"
t_run "to-miniexact: a color on a primary item" 2 \
    "to-miniexact: <stdin>:2:1: primary item 'A' cannot have a color" "$CONV" < "$TMP/bad.dlx"
printf 'A | X\nA X:\n' > "$TMP/bad.dlx"
t_run "to-miniexact: an empty color" 2 "to-miniexact: <stdin>:2:3: empty color in 'X:'" "$CONV" < "$TMP/bad.dlx"
printf 'A | X | Y\n' > "$TMP/bad.dlx"
t_run "to-miniexact: two bars" 2 "to-miniexact: <stdin>:1:7: '|' appears twice in the item line" "$CONV" < "$TMP/bad.dlx"
printf 'A B A\n' > "$TMP/bad.dlx"
t_run "to-miniexact: a duplicate item" 2 "to-miniexact: <stdin>:1:5: duplicate item name 'A'" "$CONV" < "$TMP/bad.dlx"
printf 'A B\nA B A\n' > "$TMP/bad.dlx"
t_run "to-miniexact: an item twice in an option" 2 \
    "to-miniexact: <stdin>:2:5: item 'A' appears twice in this option" "$CONV" < "$TMP/bad.dlx"
printf '| nothing\n\n' > "$TMP/bad.dlx"
t_run "to-miniexact: no item line" 2 "to-miniexact: <stdin>:3:1: no item line" "$CONV" < "$TMP/bad.dlx"
t_run "to-miniexact: a missing file" 2 \
    "to-miniexact: /nonexistent.dlx: No such file or directory" "$CONV" /nonexistent.dlx
t_run "to-miniexact: a bad argument" 2 "usage: bench/to-miniexact [FILE]" "$CONV" --nope
t_run "to-miniexact: a write that fails" 2 "to-miniexact: writing stdout: No space left on device" \
    sh -c "\"$CONV\" \"$TMP/xc.dlx\" > /dev/full"

# ---- bench/ratio-chart: the SVG on fixed ratios ----------------------------
printf 'queens\tDLX2\t0.97\nqueens\tminiexact\t3.5\nknight\tDLX2\t265\nknight\tminiexact\t-\nrandom\tDLX2\t0.004\nrandom\tminiexact\t1200\n' \
    > "$TMP/ratios"
"$CHART" "$TMP/ratios" > "$TMP/chart.svg"
t_eq "ratio-chart: status 0" 0 "$?"
t_eq "ratio-chart: one bar per instance and solver with a ratio, its figures in its title" \
    "queens, DLX2: 0.97|queens, miniexact: 3.50|knight, DLX2: 265|random, DLX2: 0.004|random, miniexact: 1200" \
    "$(grep -o '<rect class="bar"[^>]*><title>[^<]*' "$TMP/chart.svg" | sed 's/.*<title>//' | paste -sd'|')"
t_eq "ratio-chart: a line at each power of 10 from 0.001 to 10000" "0.001 0.01 0.1 1 10 100 1000 10000" \
    "$(echo $(grep -o 'text-anchor="end">[0-9.]*</text>' "$TMP/chart.svg" | sed 's/.*">//; s/<.*//'))"
# bars go up from the line of ratio 1 when above 1 (the second bar, 3.5:
# its bottom on that line), down when below (the fourth, 0.004: its top)
ybase=$(grep -o '<line[^>]*stroke="black"' "$TMP/chart.svg" | sed 's/.* y1="\([0-9.]*\)".*/\1/')
t_eq "ratio-chart: a bar above 1 ends on the line of 1, one below 1 starts there" "$ybase $ybase" \
    "$(grep -o '<rect class="bar" x="[0-9]*" y="[0-9.]*" width="[0-9]*" height="[0-9.]*"' "$TMP/chart.svg" |
        sed 's/.* y="\([0-9.]*\)".* height="\([0-9.]*\)"/\1 \2/' |
        awk 'NR == 2 {printf "%.1f ", $1 + $2} NR == 4 {printf "%.1f\n", $1}')"
if t_have xmllint; then
    t_run "ratio-chart: well-formed XML (xmllint)" 0 "" xmllint --noout "$TMP/chart.svg"
else
    t_skip "ratio-chart: well-formed XML" "xmllint (Debian: libxml2-utils)"
fi
printf 'queens\tDLX2\tfast\n' > "$TMP/bad"
t_run "ratio-chart: a bad ratio" 2 "ratio-chart: $TMP/bad:1: bad ratio 'fast'" "$CHART" "$TMP/bad"
printf 'queens DLX2 1\n' > "$TMP/bad"
t_run "ratio-chart: a line without tabs" 2 "ratio-chart: <stdin>:1: want INSTANCE<TAB>SOLVER<TAB>RATIO" \
    "$CHART" < "$TMP/bad"
t_run "ratio-chart: nothing to draw" 2 "ratio-chart: <stdin>: no ratios" "$CHART" < /dev/null

# ---- bench/run: several --vs, --svg ------------------------------------------
out=$("$ROOT/bench/run" --runs 1 --only 'random-medium-101|sgb600-gen' --vs "$DLX2 -j 1" --vs-name one \
    --vs "$DLX2 -c" --svg "$TMP/run.svg" 2> "$TMP/err")
t_eq "bench/run, two --vs: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_match "bench/run, two --vs: a column of each, named by --vs-name or the program" \
    '^instance +solutions +nodes +cpu-s +wall-s +peakKB +one-cpu +one-KB +ratio +dlx2-cpu +dlx2-KB +ratio$' \
    "$(echo "$out" | head -1)"
t_match "bench/run, two --vs: each solver's seconds, KB and ratio; the counts agree" \
    '^random-medium-101 +14678919 +20832088( +[0-9.]+){3}( +[0-9.]+ +[0-9]+ +([0-9.]+|-)){2}$' \
    "$(echo "$out" | grep '^random-medium-101 ')"
t_eq "bench/run, two --vs: two rows" 2 "$(echo "$out" | tail -n +2 | grep -c .)"
if t_have xmllint; then
    t_run "bench/run --svg: well-formed XML (xmllint)" 0 "" xmllint --noout "$TMP/run.svg"
else
    t_skip "bench/run --svg: well-formed XML" "xmllint (Debian: libxml2-utils)"
fi
t_eq "bench/run --svg: one bar per row and solver" \
    "random-medium-101, one|random-medium-101, dlx2|wordrect-5x5-sgb600-gen, one|wordrect-5x5-sgb600-gen, dlx2" \
    "$(grep -o '<title>[^<]*' "$TMP/run.svg" | sed 's/<title>//; s/: .*//' | paste -sd'|')"
t_run "bench/run: --svg without --vs" 2 "bench/run: --svg needs a --vs (it charts the ratios)" \
    "$ROOT/bench/run" --svg "$TMP/x.svg"
t_run "bench/run: --vs-format before any --vs" 2 "bench/run: --vs-format must follow a --vs" \
    "$ROOT/bench/run" --vs-format miniexact --vs x
t_run "bench/run: an unknown --vs-format" 2 "bench/run: unknown --vs-format 'sat' (knuth or miniexact)" \
    "$ROOT/bench/run" --vs x --vs-format sat
t_run "bench/run: a bad --vs-name" 2 "bench/run: bad --vs-name 'a b' (letters, digits, _ . + -)" \
    "$ROOT/bench/run" --vs x --vs-name 'a b'

# ---- --vs-format miniexact with stand-ins ------------------------------------
# a stand-in reads the converted file named on its command line, as
# miniexact does, lists "solutions", then says how many it found
cat > "$TMP/fake-miniexact" << 'EOF'
#!/bin/sh
# fake-miniexact COUNT FILE: checks FILE is in miniexact's syntax, then
# prints lines of solutions and "Found COUNT solutions!", and ends with
# status 20, as miniexact does once it has listed every solution
head -1 "$2" | grep -q '^< i1 .* >$' || { echo "not converted" >&2; exit 1; }
seq 1 1000
echo "Found $1 solutions!"
exit 20
EOF
chmod +x "$TMP/fake-miniexact"
out=$("$ROOT/bench/run" --runs 1 --only sgb600-gen --vs "$TMP/fake-miniexact 26 /dev/stdin" --vs-format miniexact 2> "$TMP/err")
t_eq "bench/run --vs-format miniexact: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_match "bench/run --vs-format miniexact: its count from 'Found N solutions!', the same" \
    '^wordrect-5x5-sgb600-gen +26 +78820( +[0-9.]+){3} +[0-9.]+ +[0-9]+ +([0-9.]+|-)$' "$(echo "$out" | tail -1)"
t_match "bench/run --vs-format miniexact: a count that differs is flagged" \
    'COUNTS DIFFER \(theirs 25\)$' \
    "$("$ROOT/bench/run" --runs 1 --only sgb600-gen --vs "$TMP/fake-miniexact 25 /dev/stdin" --vs-format miniexact | tail -1)"
out=$("$ROOT/bench/run" --runs 1 --only 'pentomino-5x12-cost' --vs "$TMP/fake-miniexact 5 /dev/stdin" \
    --vs-format miniexact --vs-name me --vs "$DLX2" 2> "$TMP/err")
t_match "bench/run --vs-format miniexact: a problem with costs is not converted, the row says so" \
    '^pentomino-5x12-cost +5 +[0-9]+( +[0-9.]+){3} +- +- +-( +[0-9.]+ +[0-9]+ +[0-9.]+) NOT CONVERTED \(me\)$' \
    "$(echo "$out" | tail -1)"
t_match "bench/run --vs-format miniexact: ... and stderr says why" \
    "^bench/run: pentomino-5x12-cost: to-miniexact: .*pentomino-5x12-cost.dlx:[0-9]+:[0-9]+: costs \(Knuth's DLX5\) are not converted: '\|[0-9]+'$" \
    "$(cat "$TMP/err")"

# ---- Knuth's DLX3, DLX5 and DLX6, failures and --vs-limit, with stand-ins ----
# a stand-in reads the problem on stdin, as Knuth's programs do, and ends
# as one of them does: its closing lines on stderr, its status
cat > "$TMP/fake-knuth" << 'EOF'
#!/bin/sh
# fake-knuth KIND COUNT: ends as Knuth's KIND (dlx3, dlx5, dlx6) does after
# COUNT solutions; "fail" as DLX6 out of cache, "spin" never ends
cat > /dev/null
case $1 in
dlx3) echo "Altogether $2 solutions, 403093+146337865 mems, 10912170 updates, 0 cleansings, 141400 bytes, 32644 nodes, ccost 1%." >&2 ;;
dlx5) echo "Altogether $2 solution, 433050+1230757 mems, 87590 updates, 0 cleansings, 210616 bytes, 234 nodes." >&2
      echo 'The optimum cost is $0' >&2 ;;
dlx6) echo "Altogether $2 solutions, 403457+92948948 mems, 6862309 updates, 0 cleansings, 799536 bytes, 18164 search nodes, 76 ZDD nodes, 16372+68 signatures, 1725 hits." >&2 ;;
fail) echo "Overflow in cache memory (max_cache=2000000000)!" >&2; exit 101 ;;
spin) while :; do :; done ;;
esac
EOF
chmod +x "$TMP/fake-knuth"
K6=knight-6x6-covers
out=$("$ROOT/bench/run" --runs 1 --only "^$K6\$" --vs "$TMP/fake-knuth dlx3 106172416" --vs-name DLX3 \
    --vs "$TMP/fake-knuth dlx6 106172416" --vs-name DLX6 --vs "$TMP/fake-knuth dlx5 1" --vs-name DLX5 2> "$TMP/err")
t_eq "bench/run, DLX3, DLX6 and DLX5 stand-ins: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_match "bench/run: DLX3's and DLX6's closing lines give their counts (the same: no flag); DLX5 on a problem without costs: its time, the ratio '-', CHEAPEST ONLY" \
    "^$K6 +106172416 +425174223( +[0-9.]+){3}( +[0-9.]+ +[0-9]+ +[0-9.]+){2} +[0-9.]+ +[0-9]+ +- CHEAPEST ONLY \(DLX5, 1\)$" \
    "$(echo "$out" | tail -1)"
t_match "bench/run: a DLX6 closing line with another count is flagged" 'COUNTS DIFFER \(DLX6 7\)$' \
    "$("$ROOT/bench/run" --runs 1 --only "^$K6\$" --vs "$TMP/fake-knuth dlx3 106172416" --vs-name DLX3 \
        --vs "$TMP/fake-knuth dlx6 7" --vs-name DLX6 | tail -1)"
t_match "bench/run: a solver that fails: its status and last line of stderr, the ratio '-'" \
    "^$K6 +106172416 +425174223( +[0-9.]+){3} +[0-9.]+ +[0-9]+ +- FAILED \(fake-knuth: status 101: Overflow in cache memory \(max_cache=2000000000\)!\)$" \
    "$("$ROOT/bench/run" --runs 1 --only "^$K6\$" --vs "$TMP/fake-knuth fail 0" | tail -1)"
# the stand-in spins until RLIMIT_CPU stops it, after 1 CPU second
out=$("$ROOT/bench/run" --runs 1 --only "^$K6\$" --vs "$TMP/fake-knuth spin 0" --vs-name DLX2 --vs-limit 1 \
    --vs "$TMP/fake-knuth dlx3 106172416" --vs-name DLX3 --svg "$TMP/limit.svg" 2> "$TMP/err")
t_eq "bench/run --vs-limit: status 0, nothing on stderr" "0:" "$?:$(cat "$TMP/err")"
t_match "bench/run --vs-limit: the time '>1', the ratio at least, STOPPED" \
    "^$K6 +106172416 +425174223( +[0-9.]+){3} +>1 +[0-9]+ +>[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9.]+ STOPPED AFTER 1 CPU SECONDS \(DLX2\)$" \
    "$(echo "$out" | tail -1)"
t_eq "bench/run --vs-limit: no bar for the stopped solver, one for the other" "$K6, DLX3" \
    "$(grep -o '<title>[^<]*' "$TMP/limit.svg" | sed 's/<title>//; s/: .*//' | paste -sd'|')"
t_run "bench/run: a bad --vs-limit" 2 "bench/run: --vs-limit wants a whole number of seconds from 1, not '0'" \
    "$ROOT/bench/run" --vs x --vs-limit 0
t_run "rusage: a bad -t" 2 "rusage: -t wants a whole number of seconds from 1, not '1.5'" \
    "$ROOT/${BUILD:-build}/rusage" -t 1.5 "$TMP/ru" true

# ---- miniexact itself, when MINIEXACT names a build of it --------------------
if [ -n "${MINIEXACT:-}" ] && t_have "$MINIEXACT"; then
    n=0 bad=""
    while IFS=$'\t' read -r name tier sols _; do
        [ "$tier" = quick ] || continue
        "$CONV" "$REF/instances/$name.dlx" > "$TMP/p.xc"
        got=$("$MINIEXACT" -c -e "$TMP/p.xc" | tail -1)
        [ "$got" = "Found $sols solutions!" ] || bad="$bad $name ($got, not $sols)"
        n=$((n + 1))
    done < "$REF/MANIFEST.tsv"
    t_eq "miniexact -c -e on the converted quick corpus: the recorded counts" "" "$bad"
    t_eq "... at least 50 problems ($n)" yes "$([ "$n" -ge 50 ] && echo yes)"
    t_match "bench/run --vs-format miniexact with miniexact: the counts agree" \
        '^wordrect-5x5-sgb600-gen +26 +78820( +[0-9.]+){3} +[0-9.]+ +[0-9]+ +[0-9.]+$' \
        "$("$ROOT/bench/run" --runs 1 --only sgb600-gen --vs "$MINIEXACT -c -e /dev/stdin" --vs-format miniexact | tail -1)"
else
    # not a SKIP: miniexact is no package any machine can install (CI
    # skips nothing), but a solver built by hand, compared on demand
    echo "# MINIEXACT not set: miniexact's own counts are not compared here"
fi
