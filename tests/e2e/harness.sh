# The harness itself (tests/lib.sh): a check whose tool is missing says
# "SKIP - NAME: needs TOOL" and counts as skipped, never as passed or
# failed; a check whose program is missing fails. Shown on valgrind.sh,
# run here with a PATH that lacks valgrind, then with no dlx2.
. "$(dirname "$0")/../lib.sh"
mkdir "$TMP/bin"
for c in mktemp rm dirname grep head sed; do
    ln -s "$(type -P "$c")" "$TMP/bin/$c"
done
BASH_BIN=$(type -P bash)
# vg_script DLX2 PATH: valgrind.sh's output, then its "PASS FAIL SKIP"
vg_script() {
    : > "$TMP/results"
    env PATH="$2" RESULTS="$TMP/results" ROOT="$ROOT" DLX2="$1" SANITIZE= \
        "$BASH_BIN" "$ROOT/tests/e2e/valgrind.sh" 2>&1
    cat "$TMP/results"
}
out=$(vg_script "$DLX2" "$TMP/bin")
t_eq "valgrind missing: six checks say SKIP, naming the tool" 6 \
    "$(grep -c '^SKIP - valgrind: .*: needs valgrind$' <<< "$out")"
t_eq "valgrind missing: none passes, none fails" "0 0 6" "$(tail -1 <<< "$out")"
if t_have valgrind; then
    out=$(vg_script "$TMP/no-dlx2" "$PATH")
    t_eq "no dlx2 under valgrind: every check fails" "0 6 0" "$(tail -1 <<< "$out")"
else
    t_skip "no dlx2 under valgrind: every check fails" valgrind
fi
