# gen-knight-tours on the boards too big for a listing (formats/knight.md):
# every closed tour of 6 x 6, and the 6,637,920 directed open tours of
# 6 x 6.
. "$(dirname "$0")/../lib.sh"
K=$GEN/gen-knight
KT=$GEN/gen-knight-tours

"$K" 6 > "$TMP/k6.dlx"
"$KT" "$TMP/k6.dlx" > "$TMP/out" 2> "$TMP/err"
t_eq "6 x 6: 19724 directed cycles, 9862 closed tours" "directed cycles: 19724
closed tours:    9862" "$(cat "$TMP/out")"

t_eq "6 x 6 open: 6637920 directed open tours" "directed cycles: 6637920
open tours:      6637920 (3318960 up to direction)" "$("$K" 6 --open | "$KT" 2>/dev/null)"

# the listing of all 6 x 6 tours, drawn: 19724 pictures, each closed tour
# twice and both times the same
"$KT" m1 < "$TMP/k6.dlx" 2>/dev/null | "$K" --show > "$TMP/show"
t_eq "6 x 6: 19724 pictures" 19724 "$(grep -c '^solution ' "$TMP/show")"
t_eq "6 x 6: 9862 different pictures" 9862 \
    "$(grep -v '^solution ' "$TMP/show" | paste -d' ' - - - - - - - | grep -v '^ *$' | sort -u | wc -l | tr -d ' ')"
