# -c's choice of engine (lib/engines.c: xcc_fast_pays, xcc_zdd_pays), from
# the problem's shape: on each family, the engine it picks (the JSON
# summary's "engine") and the exact count. The measures behind the rule
# are in bench/NOTES.md ("-c and the zdd engine"), made by bench/engines;
# the domino boards of 14 x 14 and 16 x 16 are in wide.bench.sh.
. "$(dirname "$0")/../lib.sh"

printf 'D:\n**\n' > "$TMP/domino.txt"
# picked NAME ENGINE COUNT [DLX2 ARGS]: -c on $TMP/in.dlx
picked() {
    name=$1 engine=$2 count=$3
    shift 3
    got=$("$DLX2" -c --format=json "$@" "$TMP/in.dlx" 2> /dev/null | tail -1 \
        | sed -n 's/.*"solutions":\([0-9]*\),"complete":true,.*"engine":"\([a-z-]*\)".*/\2 \1/p')
    t_eq "-c on $name: $engine, $count solutions" "$engine $count" "$got"
    cases=$((cases + 1))
}
cases=0
for n in 10 12; do
    "$GEN/gen-pentomino" $n $n --pieces "$TMP/domino.txt" --copies $((n * n / 2)) > "$TMP/in.dlx"
    case $n in 10) c=258584046368 ;; 12) c=53060477521960000 ;; esac
    picked "domino tilings of $n x $n (multiplicities, fewer than 160 items)" mcc-twin $c
done
for f in pentomino-3x20:8 pentomino-4x15:1472; do
    cp "$REF/instances/${f%:*}.dlx" "$TMP/in.dlx"
    picked "${f%:*} (more than 512 options of 6 items)" zdd "${f#*:}"
done
cp "$ROOT/data/reference-family/dlx3/instances/langford2-7.dlx" "$TMP/in.dlx"
picked "langford2-7 (multiplicities, 35 items)" mcc-twin "$("$DLX2" -c --engine=zdd "$TMP/in.dlx" 2> /dev/null)"
"$GEN/gen-knight" 6 > "$TMP/in.dlx"
picked "knight's covers of 6 x 6 (the kernel)" fast 106172416
"$GEN/gen-knight" 5 8 > "$TMP/in.dlx"
picked "knight's covers of 5 x 8 (the kernel)" fast 830361856
"$GEN/gen-knight" 5 --open > "$TMP/in.dlx"
picked "open knight's covers of 5 x 5 (the kernel)" fast 414736
"$GEN/gen-queens" 10 > "$TMP/in.dlx"
picked "queens 10 (the kernel)" fast 724
"$GEN/gen-langford" 11 > "$TMP/in.dlx"
picked "Langford pairs 11 (the kernel)" fast 17792
"$GEN/gen-sudoku" --keep 30 --seed 1 "$ROOT/dlx-gen/examples/sudoku-solved.txt" > "$TMP/in.dlx"
picked "a sudoku of 30 clues (the kernel)" fast "$("$DLX2" -c --engine=dlx "$TMP/in.dlx" 2> /dev/null)"
cp "$REF/instances/random-medium-104.dlx" "$TMP/in.dlx"
picked "random-medium-104 (colors)" fast 5229218
cp "$REF/instances/pentomino-4x15.dlx" "$TMP/in.dlx"
picked "pentomino-4x15 with -j 2 (the zdd engine's threads)" zdd 1472 -j 2
[ $cases -ge 13 ] && t_ok "$cases cases checked (at least 13)" || t_fail "only $cases cases checked"

# A zdd engine picked by -c that passes the memory limit gives way to
# DLX3's tree: wide.bench.sh (the 16 x 16 domino board). Here the zdd
# engine asked for passes it.
"$GEN/gen-pentomino" 16 16 --pieces "$TMP/domino.txt" --copies 128 > "$TMP/in.dlx"
t_eq "--engine=zdd -c --memory-limit 16M on 16 x 16 dominoes: out of memory (status 3)" 3 \
    "$("$DLX2" -c --engine=zdd --memory-limit 16M "$TMP/in.dlx" > /dev/null 2>&1; echo $?)"
t_finish
