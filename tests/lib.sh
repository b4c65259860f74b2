# tests/lib.sh — the assertions every end-to-end script uses.
#
# A script sources this file, runs its commands and calls t_eq / t_file_eq /
# t_status. Each assertion prints "ok - NAME" or "FAIL - NAME" with the
# difference, and the totals go to $RESULTS (one line "PASS FAIL") when the
# script exits, where tests/run adds them up.
#
# A check that needs an optional tool (valgrind, xmllint, GNU parallel,
# clang, /usr/share/dict/words) asks t_have first and, when the tool is
# missing or does not run, calls t_skip: "SKIP - NAME: needs TOOL", counted apart, so a
# machine with only README's prerequisites passes and CI (which sets
# DLX2_NO_SKIP=1) can insist that nothing was skipped.
#
# Paths: $ROOT is the repository, $DLX2 the solver, $GEN the generator folder,
# $TMP a scratch folder private to this script.

ROOT=${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
DLX2=${DLX2:-$ROOT/dlx2}
GEN=${GEN:-$ROOT/dlx-gen}
REF=${REF:-$ROOT/data/reference}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/dlx2-test.XXXXXX")
T_PASS=0
T_FAIL=0
T_SKIP=0

# once: a script that calls it before exit is not counted again by the trap
t_finish() {
    [ -n "${T_FINISHED:-}" ] && return
    T_FINISHED=1
    echo "$T_PASS $T_FAIL $T_SKIP" >> "${RESULTS:-/dev/null}"
    rm -rf "$TMP"
}
trap t_finish EXIT

t_ok() { T_PASS=$((T_PASS + 1)); [ -n "$QUIET" ] || echo "ok - $1"; }
t_fail() {
    T_FAIL=$((T_FAIL + 1))
    echo "FAIL - $1"
    shift
    [ $# -gt 0 ] && printf '%s\n' "$@" | sed 's/^/    /' | head -40
    return 0
}

# t_have TOOL — true when TOOL is a command on PATH that runs (a harmless
# call of it, t_probe's, exits 0 within 20 seconds: a stub that exits 127
# or a broken install counts as missing, so its checks SKIP rather than
# FAIL), or a readable file when it names one (an absolute path). Each
# tool is probed once per script.
declare -gA T_HAVE
t_have() {
    case $1 in
    /*) [ -r "$1" ]; return ;;
    esac
    if [ -z "${T_HAVE[$1]}" ]; then
        T_HAVE[$1]=no
        if command -v "$1" > /dev/null 2>&1 && t_probe "$1" < /dev/null > /dev/null 2>&1; then
            T_HAVE[$1]=yes
        fi
    fi
    [ "${T_HAVE[$1]}" = yes ]
}

# t_probe TOOL — the harmless call t_have makes: --version, but for the
# tools that have none
t_probe() {
    local run=()
    command -v timeout > /dev/null 2>&1 && run=(timeout 20)
    case $1 in
    python3) "${run[@]}" "$1" -c pass ;;
    mandoc) "${run[@]}" "$1" -Tlint /dev/null ;;
    *) "${run[@]}" "$1" --version ;;
    esac
}

# t_skip NAME TOOL — a check that could not run here
t_skip() {
    T_SKIP=$((T_SKIP + 1))
    echo "SKIP - $1: needs $2"
}

# t_eq NAME EXPECTED ACTUAL
t_eq() {
    if [ "$2" = "$3" ]; then t_ok "$1"
    else t_fail "$1" "expected: $2" "actual:   $3"; fi
}

# t_file_eq NAME EXPECTED_FILE ACTUAL_FILE — byte for byte
t_file_eq() {
    if cmp -s "$2" "$3"; then t_ok "$1"
    else t_fail "$1" "$(diff "$2" "$3" | head -20)"; fi
}

# t_match NAME REGEX TEXT — grep -E on the text
t_match() {
    if printf '%s\n' "$3" | grep -Eq -- "$2"; then t_ok "$1"
    else t_fail "$1" "no match for: $2" "in: $3"; fi
}

# t_run NAME STATUS STDERR_EXPECTED CMD... — runs CMD, checks the exit status
# and that stderr is exactly the given text (pass '*' to skip the stderr check).
t_run() {
    name=$1 want_status=$2 want_err=$3
    shift 3
    "$@" > "$TMP/out" 2> "$TMP/err"
    got=$?
    if [ "$got" != "$want_status" ]; then
        t_fail "$name" "exit status $got, expected $want_status" "$(head -5 "$TMP/err")"
    elif [ "$want_err" != '*' ] && [ "$(cat "$TMP/err")" != "$want_err" ]; then
        t_fail "$name" "stderr: $(cat "$TMP/err")" "expected: $want_err"
    else
        t_ok "$name"
    fi
}

# t_asan_quiet — stdin without ASan's notice that it follows swapcontext
# only loosely (a libxcc cursor runs its search on a stack of its own),
# which may fall in the middle of a line
t_asan_quiet() {
    sed -z 's/==[0-9]*==WARNING: ASan doesn.t fully support makecontext[^\n]*\n//g'
}

# t_signals_caught PID — waits (up to a minute) until process PID, which
# a script started in the background, is past its start-up and catches
# SIGINT and SIGTERM (its handlers installed: SigCgt in /proc/PID/status),
# so that a signal sent next meets the program's handler, not the default
# action (a loaded machine or a sanitized build may take long to get
# there); where there is no /proc it waits one second. False when PID
# ended (or never caught them) first.
t_signals_caught() {
    local i mask comm
    if [ ! -r "/proc/$$/status" ]; then
        sleep 1
        kill -0 "$1" 2> /dev/null
        return
    fi
    for ((i = 0; i < 1200; i++)); do
        mask=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2> /dev/null)
        [ -n "$mask" ] || return 1
        comm=$(cat "/proc/$1/comm" 2> /dev/null)
        # the shell's child before its exec is not the program
        if [ "$comm" != bash ] && [ "$comm" != sh ] && (((16#$mask & 0x4002) == 0x4002)); then
            return 0
        fi
        sleep 0.05
    done
    return 1
}

# t_args_seen CASES MAXBIT — what a table of cases of a Knuth program's
# arguments (CASES.tsv: id, instance, arguments) covers: the first
# letters of its arguments, sorted and joined, on one line; on the next,
# the bits up to MAXBIT that its v<n> set, each followed by a blank
t_args_seen() {
    cut -f3 "$1" | tr ' ' '\n' | cut -c1 | sort -u | tr -d '\n'
    echo
    cut -f3 "$1" | tr ' ' '\n' | sed -n 's/^v\([0-9][0-9]*\)$/\1/p' |
        awk -v top="$2" '{for (b = 1; b <= top; b *= 2) if (int($1 / b) % 2) or[b] = 1}
             END {for (b = 1; b <= top; b *= 2) if (or[b]) printf "%d ", b; print ""}'
}
