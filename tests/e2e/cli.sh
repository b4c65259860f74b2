# The command line beyond Knuth's arguments: -c, FILE, --help, --version,
# stdin conventions, limits, signals, a closed stdout.
. "$(dirname "$0")/../lib.sh"
colors=$REF/instances/knuth-example-colors.dlx
langford=$REF/instances/langford-11.dlx

t_eq "-c prints only the count" 35584 "$("$DLX2" -c < "$langford" 2> "$TMP/err")"
t_eq "-c writes no report on stderr" "" "$(cat "$TMP/err")"
t_eq "-c with v1 brings the report back" \
    "(165 options, 33+0 items, 660 entries successfully read)" \
    "$("$DLX2" -c v1 < "$langford" 2>&1 >/dev/null | head -1)"
t_eq "-c keeps the warnings" "Option ignored (no primary items): X:0 Y:1" \
    "$("$DLX2" -c < "$colors" 2>&1 >/dev/null)"
# -c lists nothing: m<n> with it is refused, not dropped in silence (#29);
# m0 (the default) goes with it
msg="dlx2: -c prints only the number of solutions: m<n> does not go with it (without -c, m1 lists them)
Try 'dlx2 --help' for more information."
t_run "-c m1: refused, status 2" 2 "$msg" "$DLX2" -c m1 "$colors"
t_eq "-c m1: nothing on stdout" "" "$(cat "$TMP/out")"
t_run "m3 -c: refused, status 2" 2 "$msg" "$DLX2" m3 -c "$colors"
t_run "-c --format=json m1: refused, status 2" 2 "$msg" "$DLX2" -c --format=json m1 "$colors"
t_eq "-c m0: the count" 1 "$("$DLX2" -c m0 < "$colors" 2>/dev/null)"
t_eq "FILE argument" 1 "$("$DLX2" -c "$colors" 2>/dev/null)"
t_eq "- is stdin" 1 "$("$DLX2" -c - < "$colors" 2>/dev/null)"
cp "$colors" "$TMP/m1"
t_eq "-- makes the next argument a FILE" 1 "$(cd "$TMP" && "$DLX2" -c -- m1 2>/dev/null)"
t_eq "./m1 is a FILE" 1 "$(cd "$TMP" && "$DLX2" -c ./m1 2>/dev/null)"
cp "$colors" "$TMP/test.dlx"
t_eq "an existing file named like an argument (test.dlx) is a FILE" 1 \
    "$(cd "$TMP" && "$DLX2" -c test.dlx 2>/dev/null)"
t_run "a missing one is a bad argument" 2 "dlx2: bad argument 'tests.dlx': a whole number must follow the letter (to read a file of that name, write ./tests.dlx)
Try 'dlx2 --help' for more information." "$DLX2" tests.dlx

# A file named like an argument with another letter: a hint, and ./e7 reads it.
cp "$colors" "$TMP/e7"
t_run "a file named e7: a hint to write ./e7" 2 "dlx2: unknown argument 'e7' (to read a file of that name, write ./e7)
Try 'dlx2 --help' for more information." sh -c 'cd "$1" && "$0" -c e7' "$DLX2" "$TMP"
t_eq "./e7 is the file" 1 "$(cd "$TMP" && "$DLX2" -c ./e7 2>/dev/null)"
t_run "a file named -x: a hint to write ./-x" 2 "dlx2: unknown argument '-x' (to read the file, write ./-x)
Try 'dlx2 --help' for more information." sh -c 'cd "$1" && touch ./-x && "$0" -c -x' "$DLX2" "$TMP"
# Bytes that would garble a terminal are shown escaped in messages.
t_run "a bad argument with odd bytes: escaped" 2 "dlx2: bad argument 'm1\xff\x1b[2J': a whole number must follow the letter (to read a file of that name, write ./m1\xff\x1b[2J)
Try 'dlx2 --help' for more information." "$DLX2" $'m1\xff\e[2J'
t_run "a file name with odd bytes: escaped" 2 "dlx2: nope\x07\xc3(: cannot open: No such file or directory" \
    "$DLX2" $'nope\a\xc3('
t_run "UTF-8 in a file name stays as it is" 2 "dlx2: été.dlx: cannot open: No such file or directory" \
    "$DLX2" $'\xc3\xa9t\xc3\xa9.dlx'
t_run "an engine name with odd bytes: escaped" 2 "dlx2: unknown engine '\x1b[31mred' (dlx, links, fast, cost, cost-links, zdd or cells)
Try 'dlx2 --help' for more information." "$DLX2" $'--engine=\e[31mred'

"$DLX2" --help > "$TMP/out" 2> "$TMP/err"
t_eq "--help exits 0" 0 $?
t_match "--help starts with usage" "^Usage: dlx2 \[ARGUMENT\]\.\.\. \[FILE\]" "$(head -1 "$TMP/out")"
t_eq "-h is --help" "$(cat "$TMP/out")" "$("$DLX2" -h)"
t_eq "--version" "dlx2 $(sed -n 's/^#define DLX2_VERSION "\(.*\)"/\1/p' "$ROOT/progs.h")" "$("$DLX2" --version)"

# Format details: CRLF, no final newline, long names and colors, tabs.
printf 'A B | X\r\nA X:1\r\nB X:1\r\n' > "$TMP/crlf.dlx"
printf 'A B | X\nA X:1\nB X:1\n' > "$TMP/lf.dlx"
t_eq "CRLF reads as LF (listing)" "$("$DLX2" m1 < "$TMP/lf.dlx" 2>/dev/null)" "$("$DLX2" m1 < "$TMP/crlf.dlx" 2>/dev/null)"
# DLX2 charges a mem for each byte of white space, and \r is white space
t_match "CRLF: three more input mems" "^Altogether 1 solution, 127\+84-4 mems" "$("$DLX2" < "$TMP/crlf.dlx" 2>&1 | tail -1)"
printf 'A B | X\nA X:1\nB X:1' > "$TMP/nofinal.dlx"
t_eq "missing final newline" "$("$DLX2" m1 < "$TMP/lf.dlx" 2>&1)" "$("$DLX2" m1 < "$TMP/nofinal.dlx" 2>&1)"
printf 'Englishman\tSpaniard | house_number_one\nEnglishman house_number_one:Red\nSpaniard house_number_one:Red\n' > "$TMP/long.dlx"
t_eq "long names and colors" "$(printf '1:\n Englishman house_number_one:Red (1 of 1)\n Spaniard house_number_one:Red (1 of 1)')" \
    "$("$DLX2" m1 < "$TMP/long.dlx" 2>/dev/null)"
printf 'A B | X\nA X:red\nB X:blue\nB X:red\n' > "$TMP/colors.dlx"
t_eq "colors are compared as whole strings" "$(printf '1:\n A X:red (1 of 1)\n B X:red (1 of 1)')" \
    "$("$DLX2" m1 < "$TMP/colors.dlx" 2>/dev/null)"
printf 'A | X\nA X:\xc3\xa9t\xc3\xa9\nX:\xff\n' > "$TMP/bytes.dlx"
t_eq "any bytes in colors" "$(printf '1:\n A X:\xc3\xa9t\xc3\xa9 (1 of 1)')" \
    "$("$DLX2" m1 < "$TMP/bytes.dlx" 2>"$TMP/err")"
t_eq "the warning repeats the line as read" "$(printf 'Option ignored (no primary items): X:\xff')" \
    "$(head -1 "$TMP/err")"

# Two options purifying the same item to the same color: the second must
# not remove again what the first removed (the classic double-removal bug).
printf 'A B C | X\nA X:1\nB X:1\nC X:1\nA X:2\nC X:2\nB\n' > "$TMP/twice.dlx"
t_eq "same color twice on one item" 3 "$("$DLX2" -c < "$TMP/twice.dlx" 2>/dev/null)"

# Limits
t_eq "t5 stops after five solutions" 5 "$("$DLX2" -c t5 < "$langford" 2>/dev/null)"
"$DLX2" T100000 < "$langford" > /dev/null 2> "$TMP/err"
t_eq "T<n> ends with TIMEOUT! as DLX2 does" "TIMEOUT!" "$(sed -n 2p "$TMP/err")"
t_match "T<n> still prints the report" "^Altogether [0-9]+ solutions, " "$(tail -1 "$TMP/err")"

# A long search, cut short: by signals and by --time-limit.
long=$REF/instances/pentomino-6x10.dlx
"$DLX2" --time-limit 0.3 < "$long" > /dev/null 2> "$TMP/err"
t_eq "--time-limit exits 4" 4 $?
t_eq "--time-limit says so" "Time limit of 0.3 seconds reached; the figures below are partial." \
    "$(sed -n 2p "$TMP/err")"
for sig in INT TERM; do
    "$DLX2" < "$long" > /dev/null 2> "$TMP/err" &
    pid=$!
    t_signals_caught $pid # past its start-up (slow under ASan on a loaded machine)
    sleep 0.3
    kill -$sig $pid
    wait $pid
    status=$?
    want=$([ $sig = INT ] && echo 130 || echo 143)
    t_eq "SIG$sig: exit status" "$want" "$status"
    t_eq "SIG$sig: says the search was interrupted" \
        "Search interrupted by SIG$sig; the figures below are partial." "$(sed -n 2p "$TMP/err")"
    t_match "SIG$sig: stats so far" "^Altogether [0-9]+ solutions?, " "$(tail -1 "$TMP/err")"
done

# The reader of stdout goes away: quiet, status 0.
"$DLX2" m1 < "$langford" 2> "$TMP/err" | head -3 > "$TMP/out"
t_eq "m1 | head: status 0" 0 "${PIPESTATUS[0]}"
t_eq "m1 | head: nothing on stderr but the input line" \
    "(165 options, 33+0 items, 660 entries successfully read)" "$(cat "$TMP/err")"
t_eq "m1 | head: the head" "$(printf '1:\n 11 s0 sc (1 of 10)\n 10 s2 sd (1 of 9)')" "$(cat "$TMP/out")"

# Progress: d<n> prints DLX2's lines; -p on a terminal one self-updating
# line (run under script(1) for a pseudo-terminal), elsewhere DLX2's lines.
"$DLX2" d2000000 < "$langford" > /dev/null 2> "$TMP/err"
t_eq "d2000000: a progress line per 2M mems (94M mems in all)" 47 "$(grep -c '^ after [0-9]* mems: [0-9]* sols,' "$TMP/err")"
t_eq "d<n>: DLX2's layout with the estimate" ' after 2000476 mems: 676 sols, 1a 39 27 56 24 44 0.02499' "$(sed -n 2p "$TMP/err")"
"$DLX2" -p d2000000 < "$langford" > /dev/null 2> "$TMP/err2"
t_file_eq "-p off a terminal: DLX2's lines" "$TMP/err" "$TMP/err2"
script -qec "$DLX2 -p d2000000 -c $langford" /dev/null > "$TMP/tty" < /dev/null
t_match "-p on a terminal: percent done and ETA on one line" $'\r\033\\[K +[0-9]+\\.[0-9]{2}% done, ETA [0-9dhms]+, [0-9]+ solutions, [0-9]+ mems' "$(cat "$TMP/tty")"
t_match "-p on a terminal: then the count" '35584' "$(tr '\r' '\n' < "$TMP/tty" | tail -2)"

# ---- the table of options (dlx2 --options) ----------------------------------
hint="Try 'dlx2 --help' for more information."
"$DLX2" --options > "$TMP/options"
t_eq "--options exits 0" 0 $?
# a decimal number without sign, plus one, at any length
inc() {
    local s=$1 out="" carry=1 d i
    for ((i = ${#s} - 1; i >= 0; i--)); do
        d=$((${s:i:1} + carry))
        carry=$((d / 10))
        out=$((d % 10))$out
    done
    [ $carry = 1 ] && out=1$out
    echo "$out"
}
t_eq "inc: 18446744073709551615 + 1" 18446744073709551616 "$(inc 18446744073709551615)"
# Every number one past either end of its option's range: status 2 and a
# message naming the option (the letter, for Knuth's) and the range.
ranged=0
while IFS=$'\t' read -r kind oname type lo hi deflt modes needs; do
    [ "$kind" = option ] || continue
    case $type in int | long | u64) ;; *) continue ;; esac
    case $lo in -*) below=-$(inc "${lo#-}") ;; *) below=$((lo - 1)) ;; esac
    for v in "$(inc "$hi")" "$below"; do
        if [ "${oname#-}" = "$oname" ]; then
            t_run "$oname$v: out of range" 2 "dlx2: bad argument '$oname$v': the number must lie between $lo and $hi
$hint" "$DLX2" "$oname$v"
        else
            t_run "$oname $v: out of range" 2 "dlx2: $oname needs $needs ($lo to $hi), not '$v'
$hint" "$DLX2" "$oname" "$v"
        fi
        ranged=$((ranged + 1))
    done
done < "$TMP/options"
t_match "every numeric option checked at both ends (16 options or more)" '^(3[2-9]|[4-9][0-9])$' "$ranged"
# the ends themselves are taken
t_eq "t, T, d: -2^63 and 2^64 - 1 taken" 1 \
    "$("$DLX2" -c t18446744073709551615 T-9223372036854775808 d18446744073709551615 "$colors" 2> /dev/null)"
t_eq "m, v: -2^31 and 2^31 - 1 taken" \
    "Altogether 1 solution, 376+268-24 mems, 14 updates, 5 cleansings, 456 bytes, 4 nodes, ccost 5%." \
    "$("$DLX2" m-2147483648 v2147483647 "$colors" 2>&1 > /dev/null | tail -1)"
t_eq "m: 2^31 - 1 taken (status 0, the one solution not listed)" 0 "$("$DLX2" m2147483647 v0 "$colors" 2> /dev/null; echo $?)"
t_run "--seed 2^64 - 1 taken" 0 '*' "$DLX2" --sample 1 --seed 18446744073709551615 "$colors"
t_run "--seed 2^64: refused, no longer pinned to 2^63 - 1" 2 "dlx2: --seed needs a seed (0 to 18446744073709551615), not '18446744073709551616'
$hint" "$DLX2" --sample 1 --seed 18446744073709551616 "$colors"
# different seeds near 2^63 draw differently (they were all pinned to one)
l11=$REF/instances/langford-11.dlx
a=$("$DLX2" --sample 3 --seed 9223372036854775807 "$l11" 2> /dev/null | md5sum)
b=$("$DLX2" --sample 3 --seed 18446744073709551615 "$l11" 2> /dev/null | md5sum)
t_eq "--seed 2^63 - 1 and 2^64 - 1 draw other samples" different "$([ "$a" != "$b" ] && echo different)"
t_run "--sample 99999999999999999999999: refused" 2 "dlx2: --sample needs a number of solutions (1 to 18446744073709551615), not '99999999999999999999999'
$hint" "$DLX2" --sample 99999999999999999999999 "$colors"
t_run "--count 99999999999999999999: refused" 2 "dlx2: --count needs a number of solutions (0 to 9223372036854775807), not '99999999999999999999'
$hint" "$DLX2" --verify /dev/null --count 99999999999999999999 "$colors"

# ---- the modes: each forbidden pair, one message -------------------------------
# a value for an option of the table, by its type
value() { # NAME TYPE DEFAULT NEEDS
    case $2 in
    flag | action) ;;
    int | long | u64) if [ "$3" != - ]; then echo "$3"; else echo 1; fi ;;
    seconds) echo 1 ;;
    size) echo none ;;
    shard) echo 1/2 ;;
    engine) echo links ;;
    choice) echo "$4" | sed 's/.*(\([a-z0-9]*\).*/\1/' ;;
    text) if [ "$1" = Z ]; then echo A; else echo /dev/null; fi ;;
    shape) echo "$TMP/shape" ;;
    esac
}
# the arguments that give option NAME a value
args_of() { # NAME TYPE DEFAULT NEEDS
    local v
    v=$(value "$@")
    if [ "${1#-}" = "$1" ]; then printf '%s\n' "$1$v"
    elif [ -n "$v" ]; then printf '%s\n%s\n' "$1" "$v"
    else printf '%s\n' "$1"; fi
}
declare -A refusal
flags=()
while IFS=$'\t' read -r kind flag max msg; do
    [ "$kind" = mode ] || continue
    refusal[$flag]=$msg
done < "$TMP/options"
# the modes' flags, in the order of the table of options
while IFS=$'\t' read -r kind oname type lo hi deflt modes needs; do
    [ "$kind" = option ] && [ -n "${refusal[$oname]+x}" ] && flags+=("$oname")
done < "$TMP/options"
t_eq "the modes' flags" "--merge --preprocess --zdd --zdd-count --sample --estimate --symmetry --verify" "${flags[*]}"
opts() { grep "^option	$1	" "$TMP/options" | cut -f2,3,6,8; }
pairs=0
for ((i = 0; i < ${#flags[@]}; i++)); do
    for ((j = i + 1; j < ${#flags[@]}; j++)); do
        a=${flags[i]} b=${flags[j]}
        mapfile -t args < <(IFS=$'\t' read -r n t d s <<< "$(opts "$a")"; args_of "$n" "$t" "$d" "$s"
                            IFS=$'\t' read -r n t d s <<< "$(opts "$b")"; args_of "$n" "$t" "$d" "$s")
        t_run "$a with $b" 2 "dlx2: $a and $b do not go together
$hint" "$DLX2" "${args[@]}"
        pairs=$((pairs + 1))
    done
done
t_eq "every pair of the 8 modes' flags (28)" 28 "$pairs"
# Every option in every mode it does not belong to: one that belongs to a
# single mode "goes with" that mode's flag; any other gets the mode's refusal.
refused=0
while IFS=$'\t' read -r kind oname type lo hi deflt modes needs; do
    [ "$kind" = option ] && [ "$type" != action ] && [ -z "${refusal[$oname]+x}" ] || continue
    for mode in search "${flags[@]}"; do
        case ",$modes," in *",$mode,"*) continue ;; esac
        margs=()
        if [ "$mode" != search ]; then
            IFS=$'\t' read -r n t d s <<< "$(opts "$mode")"
            mapfile -t margs < <(args_of "$n" "$t" "$d" "$s")
        fi
        mapfile -t oargs < <(args_of "$oname" "$type" "$deflt" "$needs")
        # a message names Knuth's letter as --help does: m<n>, S<file>, Z<chars>
        case $oname in -*) shown=$oname ;; S) shown="S<file>" ;; Z) shown="Z<chars>" ;; *) shown="$oname<n>" ;; esac
        case $modes in
        *,*) want=${refusal[$mode]//%s/$shown} ;;
        search) want=${refusal[$mode]//%s/$shown} ;;
        *) want="$oname goes with $modes" ;;
        esac
        t_run "$oname in ${mode}" 2 "dlx2: $want
$hint" "$DLX2" "${margs[@]}" "${oargs[@]}"
        refused=$((refused + 1))
    done
done < "$TMP/options"
t_match "options refused by modes (60 or more)" '^([6-9][0-9]|[1-9][0-9][0-9])$' "$refused"
t_run "two FILEs" 2 "dlx2: only one FILE may be given, not also '$colors'
$hint" "$DLX2" "$colors" "$colors"
t_run "--merge takes FILEs, not -c" 2 "dlx2: --merge takes the reports of the parts (FILE...), --format and -q, nothing else
$hint" "$DLX2" --merge -c /dev/null

# ---- -q ---------------------------------------------------------------------
t_eq "-q: the listing, no report" "$("$DLX2" m1 < "$colors" 2> /dev/null)" \
    "$("$DLX2" -q m1 < "$colors" 2> "$TMP/err")"
t_eq "-q: nothing on stderr" "" "$(cat "$TMP/err")"
t_eq "-q -c: the count, not even warnings" "1 " "$("$DLX2" -q -c < "$colors" 2>&1 | tr '\n' ' ')"
t_eq "-q is v0, before any v<n>" "$("$DLX2" v0 m1 < "$colors" 2>&1)" "$("$DLX2" -q v1 m1 < "$colors" 2>&1)"
# Knuth's progress line (every d<n> mems, 10^10 by default) is a report too
"$GEN/gen-queens" 8 > "$TMP/q8.dlx"
t_eq "v0 d100000 on 8 queens: progress lines on stderr" 2 "$("$DLX2" v0 d100000 < "$TMP/q8.dlx" 2>&1 | grep -c '^ after ')"
t_eq "-q d100000: no progress either" "" "$("$DLX2" -q d100000 < "$TMP/q8.dlx" 2>&1)"
t_eq "--preprocess -q: the reduced problem, no report" "$("$DLX2" --preprocess v0 < "$colors" 2>&1)" \
    "$("$DLX2" --preprocess -q < "$colors" 2>&1)"
# -q with --verify (#29: it was refused): no verdict, the status says it;
# the messages of statuses 1, 2 and 4 stay
"$DLX2" --format=json "$colors" > "$TMP/all.json" 2> /dev/null
t_run "--verify -q, a sound listing: 0, nothing written" 0 "" "$DLX2" --verify "$TMP/all.json" -q "$colors"
t_eq "--verify -q, a sound listing: nothing on stdout" "" "$(cat "$TMP/out")"
t_eq "--verify without -q: the verdict" "1 solution verified" "$("$DLX2" --verify "$TMP/all.json" "$colors")"
sed 's/"lines":\[[0-9,]*\],//; s/"A C X:1 Y:1"/"A C X:0 Y:1"/' "$TMP/all.json" > "$TMP/bad.json"
t_run "--verify -q, an unsound listing: 1, the message" 1 \
    "dlx2: $TMP/bad.json:1: solution 1: 'A C X:0 Y:1' is not an option of the problem" \
    "$DLX2" --verify "$TMP/bad.json" -q "$colors"
"$DLX2" --format=json t1 "$l11" > "$TMP/t1.json" 2> /dev/null
t_run "--verify -q, a listing of t1: 4, the message" 4 \
    "dlx2: $TMP/t1.json:2: the search was stopped early by t<n> (its summary says \"count\"): the 1 solution verified may not be all" \
    "$DLX2" --verify "$TMP/t1.json" -q "$l11"
t_eq "--verify -q, a listing of t1: nothing on stdout" "" "$(cat "$TMP/out")"
t_run "--verify -q with a search argument: refused, -q among its options" 2 "dlx2: --verify takes a LISTING, a FILE, --count, --report, --allow-repeats and -q, nothing else
$hint" "$DLX2" --verify /dev/null -q m1 "$colors"

# ---- --verify on a terminal, without the problem: says what it waits for ----
"$DLX2" m1 "$colors" > "$TMP/listing" 2> /dev/null
if t_have script; then
    timeout 10 script -qec "$DLX2 --verify $TMP/listing" /dev/null < /dev/null > "$TMP/tty" 2>&1
    t_match "--verify on a terminal: it says it reads the problem there" \
        "dlx2: --verify reads the problem from standard input, a terminal: type it and end it with Ctrl-D, or give it as FILE" \
        "$(tr -d '\r' < "$TMP/tty")"
else
    t_skip "--verify on a terminal" script
fi
t_run "--verify off a terminal: no such line" 0 "" "$DLX2" --verify "$TMP/listing" < "$colors"
