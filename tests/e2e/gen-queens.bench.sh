# dlx-gen/gen-queens, 14 and 15 queens: 365596 and 2279184 solutions
# (OEIS A000170); seconds each (15 with the default engine, which gives
# DLX2's closing line).
. "$(dirname "$0")/../lib.sh"
t_eq "14 queens: 365596 solutions" 365596 "$("$GEN/gen-queens" 14 | "$DLX2" -c)"
t_eq "15 queens: 2279184 solutions" "Altogether 2279184 solutions" \
    "$("$GEN/gen-queens" 15 | "$DLX2" 2>&1 | tail -1 | cut -d, -f1)"
