# Replays the fuzzing record through dlx2: the seed corpus and every input
# that once crashed (tests/fuzz/regressions). The harness's first byte
# picks a mode; the rest is the problem text. Each must end with status 0
# (read and solved, within small limits), 4 (stopped by the limit T200000)
# or 2 (rejected with a message).
. "$(dirname "$0")/../lib.sh"
n=0
for f in "$ROOT"/tests/fuzz/corpus/* "$ROOT"/tests/fuzz/regressions/*; do
    [ -f "$f" ] || continue
    n=$((n + 1))
    tail -c +2 "$f" > "$TMP/in.dlx"
    "$DLX2" t1000 T200000 m1 "$TMP/in.dlx" > /dev/null 2> "$TMP/err"
    status=$?
    case $status in
        0 | 4) t_ok "$(basename "$f"): solved" ;;
        2) t_match "$(basename "$f"): rejected with one message" '^dlx2: ' "$(tail -1 "$TMP/err")" ;;
        *) t_fail "$(basename "$f"): exit status $status" "$(tail -3 "$TMP/err")" ;;
    esac
done
t_eq "fuzz inputs replayed" yes "$([ $n -ge 10 ] && echo yes)"
