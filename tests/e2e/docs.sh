# The documents a user reads: README.md and the manual, doc/*.md.
#
# README.md stays a first page: at most 300 lines, with a link to every
# page of doc/. Every relative link of README.md and doc/*.md names a
# file that exists (from the directory of the page that links it).
#
# Then their ```sh blocks, README.md's first and doc/*.md's after it,
# run one line after the other in one shell, as a user would type them
# in a clone of the repository: from a directory holding links to the
# repository's files (the data the examples name) and problem.dlx,
# p.dlx, big.dlx (the placeholders of README's "Using dlx2"), with HOME
# a temporary directory, so that README's own `make install
# PREFIX=$HOME/.local` and `export PATH=...` make the installed programs
# the ones the later lines run. Each line must exit with 0 (pipefail); a
# trailing comment that starts with a number must be the first word of
# the last line the command prints; a ```text block right after a
# ```sh block (blank lines between, nothing else) is what the block's
# last command prints on stdout, byte for byte. A block after a line
# `<!-- not run by tests/e2e/docs.sh: REASON -->` is only parsed
# (bash -n); a line whose first word is an optional tool that is missing
# here is SKIP. Last, make uninstall must leave no file behind.
. "$(dirname "$0")/../lib.sh"
# the make of `make test` would lend its jobserver to README's make install
unset MAKEFLAGS MFLAGS MAKELEVEL MANPATH
cd "$ROOT" || exit 2
pages="README.md $(ls doc/*.md)"

# ---- sizes and links ----------------------------------------------------------
n=$(wc -l < README.md)
t_eq "README.md: at most 300 lines ($n)" yes "$([ "$n" -le 300 ] && echo yes)"
n=$(echo "$pages" | wc -w)
t_eq "the manual: README.md and at least 9 pages of doc/ ($((n - 1)))" yes "$([ "$n" -ge 10 ] && echo yes)"
t_eq "README.md links to every page of doc/" "" \
    "$(for p in doc/*.md; do grep -qF "]($p)" README.md || echo "$p"; done)"

# dead_links PAGE... — each relative link [text](target) whose file is
# missing, as PAGE: target (a #anchor is cut off; web and mail links and
# anchors within the page are not files)
dead_links() {
    for page in "$@"; do
        grep -oE '\]\([^)]*\)' "$page" | sed 's/^](//; s/)$//' | while IFS= read -r target; do
            case $target in http:* | https:* | mailto:* | '#'*) continue ;; esac
            echo "$target" >> "$TMP/links.seen"
            [ -e "$(dirname "$page")/${target%%#*}" ] || echo "$page: $target"
        done
    done
}
: > "$TMP/links.seen"
t_eq "every relative link of README.md and doc/*.md names a file that exists" "" \
    "$(dead_links $pages)"
n=$(wc -l < "$TMP/links.seen")
t_eq "... at least 40 links looked at ($n)" yes "$([ "$n" -ge 40 ] && echo yes)"
# the check finds a dead link where there is one, relative to its page
mkdir -p "$TMP/pages/doc"
printf 'a [good](../README.md), a [dead](gone.md#x), the [web](https://example.org/)\n' \
    > "$TMP/pages/doc/p.md"
: > "$TMP/pages/README.md"
t_eq "the check of links finds a dead one" "$TMP/pages/doc/p.md: gone.md#x" \
    "$(dead_links "$TMP/pages/doc/p.md")"

# `man xcc` opens xcc(3), the library, before xcc(5), the format (man's
# order of sections): the documents and --help say `man 5 xcc` (#29)
t_eq "no 'man xcc' without its section in README, doc/, formats/, man/ or --help" "" \
    "$(grep -nE 'man xcc([^_a-z0-9]|$)' README.md doc/*.md formats/*.md man/* 2> /dev/null
       for p in "$DLX2" "$GEN"/gen-*; do [ -f "$p" ] && [ -x "$p" ] || continue; "$p" --help 2>&1 | grep -E 'man xcc([^_a-z0-9]|$)' | sed "s|^|${p##*/}: |"; done)"
t_eq "README points to man 5 xcc for the format, three times" 3 "$(grep -c 'man 5 xcc' README.md)"

# ---- the examples -------------------------------------------------------------
# Each example line as KEY<TAB>run<TAB>COMMAND (continued lines joined),
# KEY being PAGE:LINE; each block not run as KEY<TAB>norun<TAB>REASON,
# its text in norun.N; each output shown as KEY<TAB>show<TAB>CMDKEY, its
# text in show.N, CMDKEY the key of the command whose stdout it is (or
# "none" when no ```sh block run comes right before it).
: > "$TMP/examples"
for page in $pages; do
    awk -v dir="$TMP" -v page="$page" '
        function key(n) { return page ":" n }
        /^<!-- not run by tests\/e2e\/docs.sh: .* -->$/ {
            reason = $0; sub(/^<!-- not run by tests\/e2e\/docs.sh: /, "", reason)
            sub(/ -->$/, "", reason); marked = NR; next }
        /^```sh$/ { block = NR; kind = (marked == NR - 1) ? "norun" : "run"; last = ""
            if (kind == "norun") print key(NR) "\tnorun\t" reason
            next }
        /^```text$/ && !block { block = NR; kind = "show"
            print key(NR) "\tshow\t" (after != "" ? after : "none"); next }
        /^```/ && block { after = (kind == "run") ? last : ""
            block = 0; next }
        !block { if ($0 != "") after = ""; next }
        kind == "norun" { print > (dir "/norun." block); next }
        kind == "show" { print > (dir "/show." block); next }
        cmd != "" { cmd = cmd " " $0 } cmd == "" { start = NR; cmd = $0 }
        /\\$/ { sub(/[ ]*\\$/, "", cmd); next }
        { if (cmd !~ /^[ ]*(#|$)/) { print key(start) "\trun\t" cmd; last = key(start) }
          cmd = "" }
    ' "$page" > "$TMP/page.examples"
    # the blocks' texts go by page: norun.N and show.N become PAGE's own
    for f in "$TMP"/norun.* "$TMP"/show.*; do
        [ -e "$f" ] && mv "$f" "$TMP/$(echo "$page" | tr / _).${f##*/}"
    done
    cat "$TMP/page.examples" >> "$TMP/examples"
done
# text_of KEY KIND — the file holding the text of block KEY (norun or show)
text_of() { echo "$TMP/$(echo "${1%:*}" | tr / _).$2.${1##*:}"; }

n=$(grep -c '	run	' "$TMP/examples")
t_eq "README.md and doc/ have shell examples to run (at least 70: $n)" yes "$([ "$n" -ge 70 ] && echo yes)"
n=$(grep -c '^README.md:[0-9]*	run	' "$TMP/examples")
t_eq "README.md has shell examples to run (at least 20: $n)" yes "$([ "$n" -ge 20 ] && echo yes)"
n=$(grep -c '	show	' "$TMP/examples")
t_eq "README.md and doc/ show outputs to compare (at least 6: $n)" yes "$([ "$n" -ge 6 ] && echo yes)"
t_eq "every output shown comes right after the command that prints it" "" \
    "$(grep '	show	none$' "$TMP/examples" | cut -f1)"
t_eq "the examples call the installed programs by name (no ./dlx2, ./gen- or dlx-gen/gen-)" "" \
    "$(grep '	run	' "$TMP/examples" | grep -E '(^|[	|&;( ])(\./(dlx2|gen-)|dlx-gen/gen-)')"
while IFS='	' read -r key kind reason; do
    [ "$kind" = norun ] || continue
    if bash -n "$(text_of "$key" norun)" 2> "$TMP/err"; then
        t_ok "$key: not run ($reason); bash -n passes"
    else
        t_fail "$key: bash -n" "$(cat "$TMP/err")"
    fi
done < "$TMP/examples"

# README's examples that name an engine in their comment ("found by the
# fast engine") say what the summary of the same command with
# --format=json says, whatever the problem: run on 8 queens, where -c's
# rule walks DLX2's tree, not on the placeholders alone (#29: `dlx2 -c
# problem.dlx` was said to use the fast engine)
mkdir -p "$TMP/claims/queens" "$TMP/claims/placeholders"
for f in problem.dlx p.dlx big.dlx; do cp "$REF/instances/queens-8.dlx" "$TMP/claims/queens/$f"; done
cp "$REF/instances/knuth-example-colors.dlx" "$TMP/claims/placeholders/problem.dlx"
cp "$REF/instances/knuth-example-colors.dlx" "$TMP/claims/placeholders/p.dlx"
cp "$ROOT/data/gen/pentomino-3x20.dlx" "$TMP/claims/placeholders/big.dlx"
claims=0
while IFS='	' read -r key kind cmd; do
    [ "$kind" = run ] && [ "${key%%:*}" = README.md ] || continue
    engine=$(echo "$cmd" | sed -nE 's/.*#.*[( ](fast|zdd|cells|cost) engine.*/\1/p')
    [ -n "$engine" ] || continue
    for dir in "$TMP/claims/queens" "$TMP/claims/placeholders"; do
        got=$(cd "$dir" && PATH="$(dirname "$DLX2"):$PATH" eval "${cmd%%#*} --format=json" 2> /dev/null \
            | tail -1 | sed -n 's/.*"engine":"\([a-z-]*\)".*/\1/p')
        t_eq "$key: '${cmd%%#*}' is the $engine engine's, as its comment says (${dir##*/})" "$engine" "$got"
    done
    claims=$((claims + 1))
done < "$TMP/examples"
t_eq "README's claims of an engine checked (at least 1: $claims)" yes "$([ "$claims" -ge 1 ] && echo yes)"

CC=${CC:-cc}
# under make test SANITIZE=..., README's make install installs the
# sanitized libxcc: a program built against it needs the sanitizer's flags,
# and a python3 loading it needs the sanitizer's runtime first
case ${SANITIZE:-} in
'') sanitize= ;;
thread) sanitize=-fsanitize=thread ;;
*) sanitize=-fsanitize=address,undefined ;;
esac
preload=
[ -n "$SANITIZE" ] && [ "$SANITIZE" != thread ] &&
    preload="$($CC -print-file-name=libasan.so) $($CC -print-file-name=libubsan.so)"

RUN=$TMP/run
mkdir -p "$RUN" "$TMP/home" "$TMP/ex"
for e in "$ROOT"/*; do ln -s "$e" "$RUN/"; done
cp "$REF/instances/knuth-example-colors.dlx" "$RUN/problem.dlx"
cp "$REF/instances/knuth-example-colors.dlx" "$RUN/p.dlx"
cp "$ROOT/data/gen/pentomino-3x20.dlx" "$RUN/big.dlx"
optional="man parallel python3 valgrind xmllint"
# out KEY — the file of the stdout of example KEY
out() { echo "$TMP/ex/$(echo "$1" | tr / _)"; }
(
    cd "$RUN" || exit 1
    export HOME=$TMP/home
    set -o pipefail
    [ -n "$sanitize" ] && cc() { command "$CC" $sanitize "$@"; }
    while IFS='	' read -r key kind cmd; do
        [ "$kind" = run ] || continue
        first=${cmd%% *}
        if [[ " $optional " == *" $first "* ]] && ! t_have "$first"; then
            echo "$key skip $first"
            continue
        fi
        if [ "$first" = python3 ] && [ -n "$preload" ]; then
            LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0 \
                eval "$cmd" < /dev/null > "$(out "$key").out" 2> "$(out "$key").err"
        else
            eval "$cmd" < /dev/null > "$(out "$key").out" 2> "$(out "$key").err"
        fi
        echo "$key $?"
    done < "$TMP/examples" > "$TMP/ex/status"
    command -v dlx2 gen-knight > "$TMP/ex/which"
)
t_eq "the examples ran the programs README.md installed" \
    "$TMP/home/.local/bin/dlx2 $TMP/home/.local/bin/gen-knight" "$(tr '\n' ' ' < "$TMP/ex/which" | sed 's/ $//')"
ran=0
while IFS='	' read -r key kind cmd; do
    case $kind in
    run)
        read -r _ status tool < <(awk -v k="$key" '$1 == k' "$TMP/ex/status")
        ran=$((ran + 1))
        if [ "$status" = skip ]; then
            t_skip "$key: $cmd" "$tool"
            continue
        fi
        if [ "$status" != 0 ]; then
            t_fail "$key: $cmd" "exit status $status" "$(tail -5 "$(out "$key").err")"
            continue
        fi
        want=$(echo "$cmd" | sed -nE 's/.*[[:space:]]#[[:space:]]*([0-9]+)([[:space:]].*)?$/\1/p')
        if [ -n "$want" ]; then
            t_eq "$key: $cmd" "$want" "$(tail -1 "$(out "$key").out" | awk '{print $1}')"
        else
            t_ok "$key: $cmd"
        fi
        ;;
    show)
        [ "$cmd" = none ] && continue # failed above
        tool=$(awk -v k="$cmd" '$1 == k && $2 == "skip" {print $3}' "$TMP/ex/status")
        if [ -n "$tool" ]; then
            t_skip "$key: the output of $cmd" "$tool"
        else
            t_file_eq "$key: the output of $cmd, byte for byte" "$(text_of "$key" show)" "$(out "$cmd").out"
        fi
        ;;
    esac
done < "$TMP/examples"
t_eq "every example ran or was skipped (at least 70: $ran)" yes "$([ "$ran" -ge 70 ] && echo yes)"
if make -C "$ROOT" --no-print-directory uninstall PREFIX="$TMP/home/.local" > "$TMP/make.log" 2>&1; then
    t_ok "make uninstall PREFIX=\$HOME/.local"
else
    t_fail "make uninstall PREFIX=\$HOME/.local" "$(tail -5 "$TMP/make.log")"
fi
t_eq "make uninstall of README's install leaves no file behind" "" \
    "$(find "$TMP/home/.local" -type f -o -type l 2> /dev/null)"
t_eq "... nor a directory it made: \$HOME/.local is gone" "" "$(find "$TMP/home/.local" 2> /dev/null)"
