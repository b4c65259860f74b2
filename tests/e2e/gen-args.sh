# Random command lines for every generator: whatever the arguments, a
# generator ends with status 0 (it wrote something) or 2 (one message
# "gen-NAME: ..." on stderr) — never a crash, a hang or another status.
# The arguments are drawn, with a fixed seed, from a vocabulary of each
# generator's own flags, small and bad numbers, odd strings and files.
. "$(dirname "$0")/../lib.sh"
EX=$ROOT/dlx-gen/examples
W=$ROOT/data/words
N=${GEN_ARGS_N:-120}
common=(0 1 2 3 5 6 -1 -3 99999999999999999999 1e3 0x10 abc '' ':' '|' -- - --help -x --nope
        /dev/null /nonexistent "$EX/zebra-4.txt" "$W/common-3.txt")
vocab_wordsearch=("${common[@]}" -d 8 4 2 7 -f --knuth ABEL CANTOR a 'A:B' 'ÉTÉ' 'x|y' --show --colors)
vocab_wordrect=("${common[@]}" --knuth --first-m --first-n "$W/common-4.txt" "$W/sgb-words-600.txt" --show --colors)
vocab_crossword=("${common[@]}" --knuth "$EX/crossword-open-3x3.txt" "$EX/crossword-given-4x4.txt" "$W/common-4.txt" --show --colors)
vocab_pentomino=("${common[@]}" --pieces pentominoes tetrominoes hexominoes "$EX/scott.txt" --hole 00 11,12 zz
                 --unique --knuth --list-pieces --show --svg --sample --seed 4 8 10 12)
vocab_zebra=("${common[@]}" -f --knuth --houses --example --generate --seed -o 4 --show)
vocab_knight=("${common[@]}" --open --knuth 4 8 63 --show --svg --count --symmetry)
vocab_knight_tours=("${common[@]}" m1 t3 s5 -c v0 "$REF/instances/knight-cover-closed-4.dlx")
vocab_queens=("${common[@]}" --force --show 8 33 "$REF/expected/queens-8.m1.stdout")
vocab_langford=("${common[@]}" --mirror --force --show 7 32 "$REF/expected/langford-7.m1.stdout")
vocab_sudoku=("${common[@]}" --keep --seed --show 20 81 "$EX/sudoku-inkala.txt" "$EX/sudoku-solved.txt"
              "$REF/expected/sudoku-inkala.m1.stdout")

# rnd N: R, a number below N (in a variable, not echoed: in $(...) the
# state would advance only in a subshell, and every line would be the same)
state=12345
rnd() { state=$(( (state * 1103515245 + 12345) % 2147483648 )); R=$(( (state >> 8) % $1 )); }

for g in wordsearch wordrect crossword pentomino zebra knight knight-tours queens langford sudoku; do
    var="vocab_${g//-/_}[@]"
    words=("${!var}")
    bad=0
    lines=()
    for i in $(seq 1 "$N"); do
        args=()
        rnd 5
        n=$((R + 1))
        for k in $(seq 1 $n); do
            rnd ${#words[@]}
            args+=("${words[$R]}")
        done
        lines+=("${args[*]}")
        # --show modes read stdin: give them a listing (or nothing)
        (cd "$TMP" && timeout 10 "$GEN/gen-$g" "${args[@]}") < "$REF/expected/knuth-example-colors.m1.stdout" \
            > /dev/null 2> "$TMP/err"
        status=$?
        ok=1
        case $status in
            0) ;;
            2) head -1 "$TMP/err" | grep -q "^gen-$g: " || ok=0 ;;
            *) ok=0 ;;
        esac
        if [ $ok = 0 ]; then
            bad=$((bad + 1))
            t_fail "gen-$g ${args[*]}: status $status" "$(head -3 "$TMP/err")"
        fi
    done
    t_eq "gen-$g: $N random command lines, each status 0 or 2 with a message" 0 "$bad"
    distinct=$(printf '%s\n' "${lines[@]}" | sort -u | wc -l)
    t_eq "gen-$g: the $N command lines are mostly different ones" yes \
        "$([ "$distinct" -ge $((N / 2)) ] && echo yes || echo "only $distinct")"
done
