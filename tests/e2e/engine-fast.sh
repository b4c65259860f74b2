# --engine=fast (lib/fast/fast.c): the same solutions as DLX2's
# Algorithm C on every instance we have, its own limits and reports, what
# it refuses, and -c choosing it by itself.
. "$(dirname "$0")/../lib.sh"
colors=$REF/instances/knuth-example-colors.dlx
langford=$REF/instances/langford-11.dlx

# A listing as a set: one line per solution, each option's items sorted
# (the engines start an option at different items), the "(k of d)"
# dropped, the options sorted, the solutions sorted.
canon() {
    awk '/^[0-9]+:$/ { if (n) print sol(); n = 0; next }
         { sub(/ \([0-9]+ of [0-9]+\)$/, ""); k = split($0, t, " ");
           for (i = 2; i <= k; i++) for (j = i; j > 1 && t[j - 1] > t[j]; j--) { x = t[j]; t[j] = t[j - 1]; t[j - 1] = x }
           o = t[1]; for (i = 2; i <= k; i++) o = o " " t[i]; opt[++n] = o }
         function sol(   i, j, x, s) {
           for (i = 2; i <= n; i++) for (j = i; j > 1 && opt[j - 1] > opt[j]; j--) { x = opt[j]; opt[j] = opt[j - 1]; opt[j - 1] = x }
           s = opt[1]; for (i = 2; i <= n; i++) s = s " / " opt[i]; return s }
         END { if (n) print sol() }' | LC_ALL=C sort
}

# Every quick reference instance: DLX2's count.
bad=""
total=0
while IFS=$'\t' read -r name tier sols _; do
    [ "$tier" = quick ] || continue
    got=$("$DLX2" -c --engine=fast < "$REF/instances/$name.dlx" 2> /dev/null)
    [ "$got" = "$sols" ] || bad="$bad $name($got, not $sols)"
    total=$((total + 1))
done < "$REF/MANIFEST.tsv"
t_eq "the $total quick reference instances: DLX2's counts" "" "$bad"

# The generated archive's quick files: their recorded counts.
bad=""
while IFS=$'\t' read -r file tier sols _; do
    [ "$tier" = quick ] || continue
    got=$("$DLX2" -c --engine=fast < "$ROOT/$file" 2> /dev/null)
    [ "$got" = "$sols" ] || bad="$bad $file($got, not $sols)"
done < "$ROOT/data/MANIFEST.tsv"
t_eq "the quick files of data/gen: their counts" "" "$bad"

# The knight's covers (data/gen, tier slow for the links) go through the
# memo above count_small too; a limit met inside a remembered subtree.
knight=$ROOT/data/gen/knight-6x6.dlx
t_eq "knight 6x6 covers, -c: DLX2's count" 106172416 "$("$DLX2" -c < "$knight" 2> /dev/null)"
t_eq "knight 6x6 covers, -c t100000000" 100000000 "$("$DLX2" -c t100000000 < "$knight" 2> /dev/null)"
t_eq "knight 6x6 covers, the fast engine's closing line" \
    "Altogether 106172416 solutions, 1078936 updates, 10519681 bytes, 222067 nodes (--engine=fast: no mems counted)." \
    "$("$DLX2" --engine=fast < "$knight" 2>&1 > /dev/null | tail -1)"

# Listings: the same solutions as DLX2's, as sets.
for name in knuth-example-colors zebra-16-clues queens-8 langford-7 sudoku-inkala \
    wordsearch-4x4-es-abel-land random-small-003 random-small-015 random-small-039 \
    random-medium-106 pentomino-3x20; do
    f=$REF/instances/$name.dlx
    "$DLX2" m1 < "$f" 2> /dev/null | canon > "$TMP/dlx"
    "$DLX2" m1 --engine=fast < "$f" 2> /dev/null | canon > "$TMP/fast"
    t_file_eq "$name: the same solutions listed ($(wc -l < "$TMP/dlx"))" "$TMP/dlx" "$TMP/fast"
done
# the canonical form is not blind: a listing missing its last solution differs
"$DLX2" m1 --engine=fast < "$REF/instances/queens-8.dlx" 2> /dev/null \
    | awk '/^92:$/ {exit} {print}' | canon > "$TMP/short"
"$DLX2" m1 < "$REF/instances/queens-8.dlx" 2> /dev/null | canon > "$TMP/dlx"
t_eq "a listing short of one solution is caught" 1 "$(cmp -s "$TMP/dlx" "$TMP/short"; echo $?)"

# Its own listing, byte for byte (the order is its own).
t_eq "listing of Knuth's colors example" "$(printf '1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)')" \
    "$("$DLX2" m1 --engine=fast < "$colors" 2> /dev/null)"
"$DLX2" m1 --engine=fast < "$colors" > /dev/null 2> "$TMP/err"
t_eq "its report: the input line, then its own closing line" \
    "$(printf '%s\n' "Option ignored (no primary items): X:0 Y:1" \
        "(4 options, 3+2 items, 16 entries successfully read)" \
        "Altogether 1 solution, 7 updates, 392 bytes, 2 nodes (--engine=fast: no mems counted).")" \
    "$(cat "$TMP/err")"
t_eq "m2: every second solution" "2: 4: 6: 8: 10: 12:" \
    "$("$DLX2" m2 --engine=fast < "$REF/instances/random-small-039.dlx" 2> /dev/null | grep -E '^[0-9]+:$' | head -6 | tr '\n' ' ' | sed 's/ $//')"
t_eq "t5 m1: five solutions listed" 5 \
    "$("$DLX2" t5 m1 --engine=fast < "$langford" 2> /dev/null | grep -c '^[0-9]*:$')"
t_eq "-c t5: five" 5 "$("$DLX2" -c t5 --engine=fast < "$langford" 2> /dev/null)"
t_eq "-c t1000000: all 35584" 35584 "$("$DLX2" -c t1000000 --engine=fast < "$langford" 2> /dev/null)"
t_eq "v512: item totals before and after" 2 \
    "$("$DLX2" v513 --engine=fast < "$colors" 2>&1 | grep -c '^Item totals: 2 2 2 | 3 3$')"

# -c picks it by itself when it pays (xcc_fast_pays: colors, at most 512
# options with fewer than 255 per item (its counting kernel), or an
# option's other items times the words of 64 options reach the primary
# items), else DLX2's tree, unless the zdd engine pays (engine-choice.sh);
# the choice shows in the closing line of v1 and in the JSON summary's
# "engine". -c t1 below stops at a solution, which the zdd engine cannot.
t_match "-c v1 on colors: the fast engine's closing line" "^Altogether 5229218 solutions, [0-9]+ updates, [0-9]+ bytes, [0-9]+ nodes \(--engine=fast: no mems counted\)\.$" \
    "$("$DLX2" -c v1 < "$REF/instances/random-medium-104.dlx" 2>&1 >/dev/null | tail -1)"
t_match "-c t1 v1 on pentominoes: the fast engine's closing line" "^Altogether 1 solution, [0-9]+ updates, [0-9]+ bytes, [0-9]+ nodes \(--engine=fast: no mems counted\)\.$" \
    "$("$DLX2" -c t1 v1 < "$REF/instances/pentomino-3x20.dlx" 2>&1 >/dev/null | tail -1)"
t_eq "-c v1 on Langford pairs: the fast engine's kernel (fast/kernel.c), its closing line" \
    "Altogether 35584 solutions, 2598422 updates, 31362 bytes, 286694 nodes (--engine=fast: no mems counted)." \
    "$("$DLX2" -c v1 < "$langford" 2>&1 >/dev/null | tail -1)"
t_eq "-c v1 --engine=dlx on Langford pairs: DLX2's closing line" "$(tail -1 "$REF/expected/langford-11.stderr")" \
    "$("$DLX2" -c v1 --engine=dlx < "$langford" 2>&1 >/dev/null | tail -1)"
t_eq "-c v1 --engine=dlx: DLX2's closing line" \
    "$(tail -1 "$REF/expected/pentomino-3x20.stderr")" \
    "$("$DLX2" -c v1 --engine=dlx < "$REF/instances/pentomino-3x20.dlx" 2>&1 >/dev/null | tail -1)"
engine_of() { "$DLX2" -c t1 --format=json 2> /dev/null | sed -n 's/.*"engine":"\([a-z]*\)".*/\1/p'; }
choices=""
for n in 8 9 10 24; do choices="$choices queens-$n:$("$GEN/gen-queens" $n | engine_of)"; done
for n in 7 8; do choices="$choices langford-$n:$("$GEN/gen-langford" $n | engine_of)"; done
for f in langford-11 sudoku-inkala knight-cover-open-5 pentomino-3x20 pentomino-4x15 \
    random-medium-104 random-small-001 wordsearch-6x6-8dir-abel-cantor-gauss-euler \
    wordrect-5x5-sgb600 zebra-16-clues; do
    choices="$choices $f:$(engine_of < "$REF/instances/$f.dlx")"
done
t_eq "-c chooses: fast up to 512 options (its kernel) or with colors or many words per option, else DLX2's tree (with bit sets)" \
    " queens-8:fast queens-9:fast queens-10:fast queens-24:twin langford-7:fast langford-8:fast langford-11:fast sudoku-inkala:fast knight-cover-open-5:fast pentomino-3x20:fast pentomino-4x15:fast random-medium-104:fast random-small-001:fast wordsearch-6x6-8dir-abel-cantor-gauss-euler:fast wordrect-5x5-sgb600:fast zebra-16-clues:fast" \
    "$choices"
t_eq "-c --engine=fast on Langford pairs: fast when asked" fast "$("$DLX2" -c --engine=fast --format=json < "$langford" | sed -n 's/.*"engine":"\([a-z]*\)".*/\1/p')"
t_match "-c s1 v1: randomizing is DLX2's" "mems, " "$("$DLX2" -c s1 v1 < "$langford" 2>&1 >/dev/null | tail -1)"
t_match "-c -j 2 v1: the fast engine's threads (tests/e2e/parallel.sh has more)" "no mems counted" \
    "$("$DLX2" -c -j 2 v1 < "$langford" 2>&1 >/dev/null | tail -1)"

# What it refuses, before reading anything.
for arg in s5 T1000 d1000 v2 v4 v128 Sshape "--shard 1/2" "-c --shard 1/2"; do
    case $arg in
        s5) what="s<n>" ;;
        T1000) what="T<n> (it counts no mems; use --time-limit)" ;;
        d1000) what="d<n> (it counts no mems; use -p)" ;;
        Sshape) what="S<file>" ;;
        *shard*) what="--shard" ;;
        *) what="v2, v4, v128 or v256" ;;
    esac
    # shellcheck disable=SC2086
    t_run "--engine=fast $arg is refused" 2 "dlx2: --engine=fast does not do $what; use --engine=dlx
Try 'dlx2 --help' for more information." "$DLX2" --engine=fast $arg "$colors"
done
t_run "--engine=fast -j 2 (a listing) is refused" 2 "dlx2: --engine=fast does -j only with -c; use --engine=dlx
Try 'dlx2 --help' for more information." "$DLX2" --engine=fast -j 2 "$colors"
t_eq "--engine=fast -c -j 2 counts" 1 "$("$DLX2" --engine=fast -c -j 2 "$colors" 2> /dev/null)"
t_run "an unknown engine" 2 "dlx2: unknown engine 'dancing' (dlx, links, fast, cost, cost-links, zdd or cells)
Try 'dlx2 --help' for more information." "$DLX2" --engine=dancing "$colors"
t_eq "--engine fast (two words) works too" 1 "$("$DLX2" -c --engine fast "$colors" 2> /dev/null)"

# Too many options for its tables: a clear refusal, exit 3.
awk 'BEGIN { for (i = 0; i < 300000; i += 2) printf "i%d ", i; print "i1";
             for (i = 0; i < 300000; i += 2) printf "i%d\n", i }' > "$TMP/wide.dlx"
t_run "150000 options: tables too large" 3 "(150000 options, 150001+0 items, 300000 entries successfully read)
dlx2: --engine=fast would need 2684 MB of tables for 150000 options (at most 1024 MB); use --engine=dlx" \
    "$DLX2" --engine=fast "$TMP/wide.dlx"
t_eq "... while -c quietly uses DLX2's engine" 0 "$("$DLX2" -c "$TMP/wide.dlx" 2> /dev/null)"

# Bad input is the reader's business: the same message as ever.
printf 'A B\nA C\n' > "$TMP/bad.dlx"
t_run "bad input: file, line, column, status 2" 2 "dlx2: $TMP/bad.dlx:2:3: unknown item 'C'" \
    "$DLX2" --engine=fast "$TMP/bad.dlx"

# Cut short: --time-limit and signals, as with DLX2's engine.
long=$REF/instances/pentomino-6x10.dlx
"$DLX2" --engine=fast m1 --time-limit 0.2 < "$long" > /dev/null 2> "$TMP/err"
t_eq "--time-limit exits 4" 4 $?
t_eq "--time-limit says so" "Time limit of 0.2 seconds reached; the figures below are partial." \
    "$(sed -n 2p "$TMP/err")"
"$DLX2" --engine=fast < "$long" > /dev/null 2> "$TMP/err" &
pid=$!
t_signals_caught $pid # past its start-up (slow under ASan on a loaded machine)
sleep 0.2
kill -INT $pid
wait $pid
t_eq "SIGINT: exit status 130" 130 $?
t_match "SIGINT: the figures so far" "^Altogether [0-9]+ solutions, [0-9]+ updates" "$(tail -1 "$TMP/err")"
"$DLX2" --engine=fast m1 < "$langford" 2> /dev/null | head -2 > "$TMP/out"
t_eq "m1 | head: status 0" 0 "${PIPESTATUS[0]}"
