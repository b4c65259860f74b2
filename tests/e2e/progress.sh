# -p on a terminal (#28, #27): every engine shows the share done and an
# ETA on its self-updating line, the share never going down where the
# design says so (at the nodes a search reports, the share is of the
# subtrees finished before them; with -j and --shard, of the finished
# tasks, each weighed once), and the run ends with exactly the figures
# of a run without -p. The terminal is a pseudo-terminal made by
# python3's pty module.
. "$(dirname "$0")/../lib.sh"
if ! t_have python3; then
    t_skip "-p on a pseudo-terminal, every engine" python3
    t_finish
    exit
fi
cat > "$TMP/onpty.py" << 'EOF'
import os, pty, sys
# argv on a pseudo-terminal (stdin, stdout and stderr); all it writes to sys.stdout
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
out = b''
while True:
    try:
        data = os.read(fd, 65536)
    except OSError:
        break
    if not data:
        break
    out += data
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out)
sys.exit(os.WEXITSTATUS(status))
EOF
G=$GEN
"$G/gen-queens" 13 > "$TMP/q13.dlx"
"$G/gen-queens" 14 > "$TMP/q14.dlx"
# (under the sanitizers, 3 to 5 times slower, the 14 queens are enough:
# 5.4 s of CPU on two threads with -j 2 under ASan, 2.3 s with --shard)
if [ -n "${SANITIZE:-}" ]; then
    cp "$TMP/q14.dlx" "$TMP/big.dlx"
else
    "$G/gen-queens" 15 > "$TMP/big.dlx"
fi
FAM=$ROOT/data/reference-family
# NAME, then the arguments (the file last): the run with -p on the
# terminal, its last line against that of the same run with stdout and
# stderr in a file, without -p. d<n> makes DLX2's walks report often.
# With -j and --shard the first line comes after up to half a second of
# weighing the subtrees and 0.2 s more: their runs search the 15 queens
# (-j 2: 6.9 s of CPU on two threads; --shard 1/2: 3.2 s), not the 14
# (1.1 s and 0.7 s, which an idle machine could finish first; under the
# sanitizers, the 14 queens: see big.dlx above).
cases=(
    "links|--engine=links d2000000 v1 $TMP/q13.dlx"
    "twin|--engine=dlx d2000000 v1 $TMP/q13.dlx"
    "fast|-c --engine=fast $TMP/q13.dlx"
    "fast by -c|-c $TMP/q14.dlx"
    "mcc|d2000000 v1 $FAM/dlx3/instances/langford2-7.dlx"
    "cost|d1000000 v1 $FAM/dlx5/instances/pentomino-3x20-cost.dlx"
    "zdd|-c --engine=zdd $TMP/q13.dlx"
    "cells|--knuth=ssxcc d2000000 v1 $TMP/q13.dlx"
    "-j 2|-j 2 v1 $TMP/big.dlx"
    "--shard 1/2|--shard 1/2 v1 $TMP/big.dlx"
)
ran=0 lines=0
for c in "${cases[@]}"; do
    name=${c%%|*} args=${c#*|}
    # shellcheck disable=SC2086 # the arguments, split at blanks
    python3 "$TMP/onpty.py" "$DLX2" -p $args > "$TMP/tty"
    status=$?
    # shellcheck disable=SC2086
    "$DLX2" $args > "$TMP/plain" 2>&1
    tr '\r' '\n' < "$TMP/tty" | sed 's/\x1b\[K//g' > "$TMP/seen"
    grep -E '^ *[0-9]+\.[0-9]{2}% done, ETA ([0-9]+d[0-9]{2}h|[0-9]+h[0-9]{2}m|[0-9]+m[0-9]{2}s|[0-9]+s|unknown|over 99 days)' \
        "$TMP/seen" > "$TMP/lines"
    n=$(wc -l < "$TMP/lines")
    t_eq "$name: -p exits 0" 0 "$status"
    t_eq "$name: a line with the share done and an ETA" yes "$([ "$n" -ge 1 ] && echo yes)"
    # the share, never down but with DLX5's costs (a cutoff prunes the
    # options of a node as it goes: its d shrinks), and never past 100%
    if [ "$name" != cost ]; then
        t_eq "$name: the share never goes down ($n lines)" "" \
            "$(sed 's/%.*//' "$TMP/lines" | awk 'NR > 1 && $1 + 0 < last + 0 {print NR": "last" then "$1} {last = $1}')"
    fi
    t_eq "$name: no share past 100%" "" "$(sed 's/%.*//' "$TMP/lines" | awk '$1 + 0 > 100')"
    t_eq "$name: the end, as without -p" "$(tail -1 "$TMP/plain")" "$(grep -v '^ *$' "$TMP/seen" | tail -1 | tr -d '\r')"
    ran=$((ran + 1)) lines=$((lines + n))
done
t_eq "every engine's case ran" 10 "$ran"
t_eq "progress lines seen in all ($lines)" yes "$([ "$lines" -ge 10 ] && echo yes)"

# -p off a terminal: DLX2's lines, no ETA (tests/e2e/cli.sh has them byte for byte)
"$DLX2" -p d2000000 "$TMP/q13.dlx" > /dev/null 2> "$TMP/err"
t_eq "-p off a terminal: no ETA" 0 "$(grep -c ETA "$TMP/err")"
t_finish
