# Sizes and bytes: long names, long lines, many entries, deep solutions,
# odd bytes, out of memory. Nothing may crash or answer silently wrong.
. "$(dirname "$0")/../lib.sh"
BUILD=${BUILD:-build}
RAND=$ROOT/$BUILD/randxcc

# A solution 200,000 options deep (a chain with decoys at every level,
# 400,000 items). DLX2's rule scans every active item at every level, so
# this took 84 s; the length index of lib/links/dlx2.c finds the same
# items with the same mems in about a second. stderr (its progress lines
# name every level) is checked against the digest of what the scan wrote.
"$RAND" --chain 200000 > "$TMP/chain.dlx"
t_eq "chain of 200000 options: one solution" 1 "$("$DLX2" -c "$TMP/chain.dlx" 2>/dev/null)"
"$DLX2" m1 "$TMP/chain.dlx" > "$TMP/out" 2> "$TMP/err"
{ echo 1:; seq 0 2 399998 | awk '{printf " c%d c%d (1 of 1)\n", $1, $1 + 1}'; } > "$TMP/want"
t_file_eq "chain: the listing, level by level" "$TMP/want" "$TMP/out"
t_eq "chain: DLX2's closing line" "Altogether 1 solution, 240031133301+80013599980-0 mems, \
799999 updates, 0 cleansings, 32799984 bytes, 200001 nodes, ccost 100%." "$(tail -1 "$TMP/err")"
t_eq "chain: stderr as the scan wrote it" \
    79b15a8adc362ad13f1930bef8ff1a2dcd87182466fee897746e7fd95cc05abb \
    "$(sha256sum < "$TMP/err" | cut -d' ' -f1)"

# Ten million entries (about 51 MB), read in full; the item "none" has no
# option, so the search stops at once.
"$RAND" --big 10000000 > "$TMP/big.dlx"
"$DLX2" "$TMP/big.dlx" > /dev/null 2> "$TMP/err"
t_eq "10M entries: read" "(1000000 options, 1001+1000 items, 11000000 entries successfully read)" \
    "$(head -1 "$TMP/err")"
t_match "10M entries: no solution" "^Altogether 0 solutions, " "$(tail -1 "$TMP/err")"

# Out of memory: a clear message and status 3. (Not under the sanitizers,
# which need far more address space than this limit.)
if [ -z "$SANITIZE" ]; then
    (ulimit -v 120000; "$DLX2" "$TMP/big.dlx" > /dev/null 2> "$TMP/err")
    t_eq "out of memory: status 3" 3 $?
    t_match "out of memory: one clear message" "^dlx2: .*out of memory" "$(cat "$TMP/err")"
    t_eq "out of memory: one line" 1 "$(wc -l < "$TMP/err")"
fi
rm -f "$TMP/big.dlx"

# A 100 MB line (a comment), then a small problem.
{ printf '| '; head -c 100000000 /dev/zero | tr '\0' 'x'; printf '\nA B\nA\nB\n'; } > "$TMP/long.dlx"
t_eq "a 100 MB comment line" 1 "$("$DLX2" -c "$TMP/long.dlx" 2>/dev/null)"
# a 1 MB item name, used in an option
name=$(head -c 1000000 /dev/zero | tr '\0' 'n')
printf '%s B\n%s\nB\n' "$name" "$name" > "$TMP/long.dlx"
t_eq "a 1 MB item name" 1 "$("$DLX2" -c "$TMP/long.dlx" 2>/dev/null)"
t_eq "a 1 MB item name is listed whole" 1000011 "$("$DLX2" m1 "$TMP/long.dlx" 2>/dev/null | sed -n 2p | wc -c)"
# a 1 MB color
printf 'A B | X\nA X:%s\nB X:%s\n' "$name" "$name" > "$TMP/long.dlx"
t_eq "a 1 MB color" 1 "$("$DLX2" -c "$TMP/long.dlx" 2>/dev/null)"
rm -f "$TMP/long.dlx"

# Bytes: invalid UTF-8 and high bytes are ordinary name bytes.
printf 'A\xff \xc3( | \x80x\nA\xff \x80x:\xfe\n\xc3( \x80x:\xfe\n' > "$TMP/bytes.dlx"
t_eq "invalid UTF-8 in names and colors" 1 "$("$DLX2" -c "$TMP/bytes.dlx" 2>/dev/null)"
printf 'A B\nA\nB' > "$TMP/nonl.dlx"
t_eq "no newline at the end" 1 "$("$DLX2" -c "$TMP/nonl.dlx" 2>/dev/null)"
printf 'A B\nA\nB\n\n\n   \n\t\n' > "$TMP/blank.dlx"
t_eq "blank lines at the end" 1 "$("$DLX2" -c "$TMP/blank.dlx" 2>/dev/null)"
printf '\nA B\n\n | x\nA B\n' > "$TMP/odd.dlx"
t_eq "blank line before the item line, indented comment" 1 "$("$DLX2" -c "$TMP/odd.dlx" 2>/dev/null)"
printf 'A B\vC\fD\nA B C D\n' > "$TMP/vt.dlx"
t_eq "vertical tab and form feed separate names, as isspace says" 1 \
    "$("$DLX2" -c "$TMP/vt.dlx" 2>/dev/null)"
printf 'A\nA\0\n' > "$TMP/nul.dlx"
t_run "NUL byte" 2 "dlx2: $TMP/nul.dlx:2:2: NUL byte in the input" "$DLX2" "$TMP/nul.dlx"
: > "$TMP/empty.dlx"
t_run "empty file" 2 \
    "dlx2: $TMP/empty.dlx:1:1: no item line (the input has no line that is not blank or a comment)" \
    "$DLX2" "$TMP/empty.dlx"
printf '| a\n|b\n' > "$TMP/comments.dlx"
t_run "only comments" 2 \
    "dlx2: $TMP/comments.dlx:3:1: no item line (the input has no line that is not blank or a comment)" \
    "$DLX2" "$TMP/comments.dlx"
