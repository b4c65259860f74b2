# dlx-gen/gen-wordrect on the whole 600-word list: 26 word squares, as
# Knuth's WORD-RECT-DLX gives (about 1.7 G mems, a second or two).
. "$(dirname "$0")/../lib.sh"
SGB=$ROOT/data/words/sgb-words-600.txt
t_eq "600 SGB words: 26 solutions" 26 "$("$GEN/gen-wordrect" "$SGB" "$SGB" | "$DLX2" -c)"
t_eq "600 SGB words, --knuth: 26 solutions" 26 "$("$GEN/gen-wordrect" --knuth "$SGB" "$SGB" | "$DLX2" -c)"
