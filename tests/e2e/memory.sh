# The memo of subtrees (xcc_area.h) and --memory-limit: the memo grows
# where it hits and gives up where it cannot, never changing a figure;
# a run past --memory-limit ends with status 3 and says so.
. "$(dirname "$0")/../lib.sh"

# the twin's figures are the links' (--engine=links has no memo)
same_as_links() {
    "$DLX2" "${@:2}" < "$1" > "$TMP/twin.out" 2> "$TMP/twin.err"
    "$DLX2" --engine=links < "$1" > "$TMP/links.out" 2> "$TMP/links.err"
    t_file_eq "$(basename "$1" .dlx) ${*:2}: the figures of --engine=links" \
        "$TMP/links.err" "$TMP/twin.err"
}

# No two paths of this search meet (a_i gives x_i a color, z's options
# keep it): the memo cannot hit, and gives up. n 2^n solutions.
awk 'BEGIN {
    n = 16
    for (i = 0; i < n; i++) printf "a%d ", i
    printf "z |"
    for (i = 0; i < n; i++) printf " x%d", i
    print ""
    for (c = 0; c < 2; c++)
        for (i = 0; i < n; i++) printf "a%d x%d:%d\nz x%d:%d\n", i, i, c, i, c
}' > "$TMP/distinct.dlx"
same_as_links "$TMP/distinct.dlx"
same_as_links "$TMP/distinct.dlx" -j 2
t_run "the memo given up: -c counts all" 0 '' "$DLX2" -c "$TMP/distinct.dlx"
t_eq "the memo given up: n 2^n solutions" 1048576 "$(cat "$TMP/out")"

# Langford pairs and the knight's covers meet their subproblems again and
# again: the memo grows (with -j 2, while two threads use it)
"$GEN/gen-langford" 10 > "$TMP/langford-10.dlx" 2> /dev/null
same_as_links "$TMP/langford-10.dlx"
same_as_links "$TMP/langford-10.dlx" -j 2
same_as_links "$REF/instances/knight-cover-open-5.dlx" --memory-limit 20M

# --memory-limit
msg="dlx2: bad memory limit '%s' (a size of at least 16M, as 512M or 8G; or none)
Try 'dlx2 --help' for more information."
for bad in 15M 1K 12X 8GB -1G "" M 99999999999999999999T; do
    t_run "--memory-limit '$bad' is refused" 2 "$(printf "$msg" "$bad")" \
        "$DLX2" --memory-limit "$bad" "$REF/instances/knuth-example-xc.dlx"
done
"$DLX2" < "$REF/instances/knuth-example-xc.dlx" 2> "$TMP/plain.err"
for ok in none 16M 16384K 1G 1T; do
    t_run "--memory-limit $ok" 0 "$(cat "$TMP/plain.err")" \
        "$DLX2" --memory-limit=$ok "$REF/instances/knuth-example-xc.dlx"
done
# a problem whose options take more than 16M to read (not under the
# sanitizers, whose builds set no limit: they need far more addresses)
if [ -z "$SANITIZE" ]; then
    awk 'BEGIN { print "A B"; for (i = 0; i < 400000; i++) print "A B" }' > "$TMP/big.dlx"
    t_run "past --memory-limit 16M: status 3" 3 '*' "$DLX2" --memory-limit 16M "$TMP/big.dlx"
    t_match "past --memory-limit 16M: the message names the limit" \
        "^dlx2: $TMP/big.dlx:[0-9]+:1: out of memory \(past --memory-limit 16M\)$" "$(cat "$TMP/err")"
    t_eq "past --memory-limit 16M: nothing on stdout" "" "$(cat "$TMP/out")"
    t_run "the same within 64M" 0 '*' "$DLX2" -c --memory-limit 64M "$TMP/big.dlx"
    t_eq "the same within 64M: its count" 400000 "$(cat "$TMP/out")"
    # a lower limit set before (ulimit -v, in KB) stays, and is named
    (ulimit -v 40000; exec "$DLX2" "$TMP/big.dlx") > "$TMP/out" 2> "$TMP/err"
    t_eq "past ulimit -v: status 3" 3 $?
    t_match "past ulimit -v: the message names it" \
        "^dlx2: $TMP/big.dlx:[0-9]+:1: out of memory \(past the address-space limit 39M, ulimit -v\)$" \
        "$(cat "$TMP/err")"
    (ulimit -v 40000; exec "$DLX2" --memory-limit 50M "$TMP/big.dlx") > "$TMP/out" 2> "$TMP/err"
    t_eq "--memory-limit above ulimit -Hv: refused" \
        "2:dlx2: bad memory limit '50M' (above the address-space limit set, ulimit -Hv)" \
        "$?:$(head -1 "$TMP/err")"
fi
