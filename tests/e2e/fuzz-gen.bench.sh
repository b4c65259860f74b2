# make fuzz-gen builds with the distribution's AFL++ (Debian's 4.04c
# once stopped on a compiler assertion in lib/twin/dlx2.c, and the
# script hid it): tests/fuzz/fuzz-gen with a target name that matches
# none builds every generator with afl-clang-fast and ASan into
# build-afl/, fuzzes nothing, and each program it built runs.
. "$(dirname "$0")/../lib.sh"
if ! t_have afl-clang-fast; then
    t_skip "fuzz-gen: the generators build with AFL++" "afl-clang-fast (Debian: afl++)"
    exit 0
fi
"$ROOT/tests/fuzz/fuzz-gen" 1 no-such-target > "$TMP/out" 2>&1
t_eq "fuzz-gen: the generators build with AFL++ (status 0, no output)" "0:" "$?:$(cat "$TMP/out")"
VERSION=$(sed -n 's/^#define DLX2_VERSION "\(.*\)"$/\1/p' "$ROOT/progs.h")
for g in zebra pentomino crossword wordsearch wordrect knight knight-tours queens langford sudoku; do
    t_eq "fuzz-gen: build-afl/gen-$g runs" "gen-$g $VERSION" \
        "$(ASAN_OPTIONS=detect_leaks=0 "$ROOT/build-afl/gen-$g" --version 2>&1)"
done
