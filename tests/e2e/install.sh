# make install and make uninstall, and libxcc as installed (examples/queens.c
# built with pkg-config against it, shared and static).
#
# Installs into a temporary PREFIX, and once with DESTDIR (as packages
# do): every program, man page and document (the manual doc/*.md in
# docdir/doc) must be where it belongs and nothing else; every program
# answers --version with DLX2_VERSION and its --help points nowhere into
# the source tree; every page renders without a warning (man -l, else
# groff, else mandoc; SKIP if none is here).
#
# The EXAMPLES of every generator's page as installed are run, a page's
# lines one after the other in one shell, in an empty directory, with
# the installed programs first on PATH: every line must exit with 0
# (pipefail), and a trailing comment that starts with a number must name
# a word of what the line prints. So a page names only the files make
# install puts in docdir/examples and the files its lines make.
# README.md's and doc/'s examples are tests/e2e/docs.sh's.
. "$(dirname "$0")/../lib.sh"
# the make of `make test` would lend its jobserver to ours
unset MAKEFLAGS MFLAGS MAKELEVEL MANPATH

VERSION=$(sed -n 's/.*DLX2_VERSION "\(.*\)".*/\1/p' "$ROOT/progs.h")
# libxcc's own version, and the soname of its major number
LIBVERSION=$(sed -n 's/.*XCC_VERSION_TEXT "\(.*\)".*/\1/p' "$ROOT/include/xcc.h")
SONAME=libxcc.so.${LIBVERSION%%.*}
# the programs: dlx2 and every generator the build made
progs="dlx2 $(for g in "$GEN"/gen-*; do [ -f "$g" ] && [ -x "$g" ] && basename "$g"; done)"
pages=$(cd "$ROOT/man" && ls ./*.[135] | sed 's|^\./||')
docs="README.md LICENSE NEWS $(cd "$ROOT/formats" && ls ./*.md | sed 's|^\./||')"
manual=$(cd "$ROOT" && ls doc/*.md)
examples=$(cd "$ROOT" && ls data/words/*.txt dlx-gen/examples/*.txt | sed 's|.*/||')

# expected_tree DIR PREFIX — every file make install must put under DIR
expected_tree() {
    for p in $progs; do echo "$1$2/bin/$p"; done
    for m in $pages; do echo "$1$2/share/man/man${m##*.}/$m"; done
    # links to libxcc's pages under their other names
    echo "$1$2/share/man/man3/libxcc.3"
    echo "$1$2/share/man/man3/xcc_cursor.3"
    for d in $docs $manual; do echo "$1$2/share/doc/dlx2/$d"; done
    for e in $examples; do echo "$1$2/share/doc/dlx2/examples/$e"; done
    for l in libxcc.a "libxcc.so.$LIBVERSION" "$SONAME" libxcc.so pkgconfig/xcc.pc; do
        echo "$1$2/lib/$l"
    done
    echo "$1$2/include/xcc.h"
    echo "$1$2/include/xcc_problem.h"
    echo "$1$2/include/xcc_sym.h"
    echo "$1$2/lib/python3/dist-packages/xcc/__init__.py"
    # the directories make install made, for make uninstall (not with DESTDIR)
    [ -n "$1" ] || echo "$2/share/doc/dlx2/installed-dirs"
}

# make_ok NAME ARGS... — runs make in the repository, status 0 expected
make_ok() {
    name=$1
    shift
    if make -C "$ROOT" --no-print-directory "$@" > "$TMP/make.log" 2>&1; then
        t_ok "$name"
    else
        t_fail "$name" "$(tail -5 "$TMP/make.log")"
    fi
}

# ---- into a temporary PREFIX ----------------------------------------------
P=$TMP/prefix
make_ok "make install PREFIX=<temporary>" install PREFIX="$P"
t_eq "make install: every program, page and document, nothing else" \
    "$(expected_tree "" "$P" | sort)" "$(find "$P" -type f -o -type l | sort)"
modes=$(for p in $progs; do stat -c '%a' "$P/bin/$p"; done | sort -u)
t_eq "make install: the programs are executable (755)" "755" "$modes"

for p in $progs; do
    out=$("$P/bin/$p" --version 2>&1)
    status=$?
    t_eq "$p --version: status 0, '$p $VERSION'" "0:$p $VERSION" "$status:$(echo "$out" | head -1)"
    t_eq "$p --help points nowhere into the source tree" "" \
        "$("$P/bin/$p" --help 2>&1 | grep -E '(^|[ (])(formats|dlx-gen|data|tests)/')"
    t_eq "$p has a man page" yes "$([ -f "$P/share/man/man1/$p.1" ] && echo yes)"
done
for p in $progs; do
    [ "$p" = dlx2 ] && continue
    t_eq "dlx2(1) names $p(1) under SEE ALSO" yes \
        "$(grep -qF ".BR $(echo "$p" | sed 's/-/\\-/g') (1)" "$ROOT/man/dlx2.1" && echo yes)"
done

# render PAGE — any warning of the first man-page formatter found here
render() {
    if t_have man; then
        LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings=w -E UTF-8 -l "$1" > "$TMP/page.txt" 2> "$TMP/page.err" &&
            grep -q '^NAME' "$TMP/page.txt"
    elif t_have groff; then
        groff -man -ww -z "$1" 2> "$TMP/page.err"
    else
        mandoc -Tlint -W warning "$1" > "$TMP/page.err" 2>&1
    fi
    echo "$?:$(cat "$TMP/page.err")"
}
for m in $pages; do
    page=$P/share/man/man${m##*.}/$m
    t_eq "$m as installed: version $VERSION, nothing left to fill in" "$VERSION:" \
        "$(sed -n 's/^\.TH .*"dlx2 \([^"]*\)".*/\1/p' "$page"):$(grep -o '@[A-Z]*@' "$page")"
    if t_have man || t_have groff || t_have mandoc; then
        t_eq "$m renders without warnings" "0:" "$(render "$page")"
    else
        t_skip "$m renders without warnings" "man, groff or mandoc (Debian: man-db)"
    fi
done
t_eq "dlx2(1) names the installed documents" yes \
    "$(grep -qF "$P/share/doc/dlx2/" "$P/share/man/man1/dlx2.1" && echo yes)"
if t_have man; then
    t_eq "man -M PREFIX/share/man finds xcc(5)" "$P/share/man/man5/xcc.5" \
        "$(man -M "$P/share/man" -w 5 xcc 2>&1)"
    # `man xcc` without a section opens xcc(3), by man's order of
    # sections: its first lines send the reader to xcc(5) (#29)
    t_eq "man xcc: xcc(3), whose NAME points to the format, man 5 xcc" \
        "XCC(3) (the library; the file format is xcc(5): man 5 xcc)" \
        "$(MANWIDTH=200 man -M "$P/share/man" xcc 2> /dev/null | sed -n '1s/^\(XCC(3)\).*/\1/p; /^NAME/{n;s/.*engines //p}' | tr '\n' ' ' | sed 's/ $//')"
    # libxcc's pages: the overview by both names, a page per group of
    # calls, xcc_cursor the page of xcc_solve
    for m in libxcc:xcc xcc:xcc xcc_status:xcc_status xcc_problem:xcc_problem \
        xcc_settings:xcc_settings xcc_solve:xcc_solve xcc_cursor:xcc_solve xcc_figures:xcc_figures \
        xcc_sym:xcc_sym; do
        t_eq "man 3 ${m%%:*}: the page of ${m#*:}" "${m#*:}" \
            "$(man -M "$P/share/man" 3 "${m%%:*}" 2> /dev/null | sed -n '1s/^\([A-Z_]*\)(3).*/\1/p' | tr A-Z a-z)"
    done
else
    t_skip "man -M PREFIX/share/man finds xcc(5)" "man (Debian: man-db)"
    t_skip "man 3 libxcc and the pages of its groups" "man (Debian: man-db)"
fi
t_eq "gen-knight 6 | dlx2 -c from PATH: 106172416" 106172416 \
    "$(PATH=$P/bin:$PATH; gen-knight 6 | dlx2 -c 2>&1)"
t_eq "the example inputs: word lists and dlx-gen/examples (at least 10)" yes \
    "$([ "$(echo "$examples" | wc -l)" -ge 10 ] && echo yes)"

# ---- the generators' man pages: their EXAMPLES, run ------------------------
# man_examples PAGE — the commands of the EXAMPLES section's .nf blocks,
# one a line (a line ending in '|' or '\' joined with the next), roff's
# escapes turned back into the characters they stand for
man_examples() {
    awk '/^\.SH /{ex = ($2 == "EXAMPLES" || $2 == "EXAMPLE"); next}
         ex && /^\.nf/{nf = 1; next} /^\.fi/{nf = 0; next}
         ex && nf && !/^\./' "$1" |
        sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' -e 's/\\(.E/É/g' \
            -e 's/\\(mu/×/g' -e 's/\\e/\\/g' |
        awk '{ line = (cont == "" ? $0 : cont " " $0); sub(/^ +/, "", line) }
             /\\$/ { sub(/ *\\$/, "", line); cont = line; next }
             /\|$/ { cont = line; next }
             { cont = ""; if (line !~ /^(#|$)/) print line }'
}
ran=0
for page in "$P"/share/man/man1/gen-*.1; do
    name=$(basename "$page" .1)
    dir=$TMP/man/$name
    mkdir -p "$dir"
    man_examples "$page" > "$dir.commands"
    t_eq "$name(1) has examples" yes "$([ -s "$dir.commands" ] && echo yes)"
    (
        cd "$dir" || exit 1
        export PATH=$P/bin:$PATH HOME=$TMP/home
        set -o pipefail
        k=0
        while IFS= read -r cmd; do
            k=$((k + 1))
            eval "$cmd" < /dev/null > "$dir.$k.out" 2> "$dir.$k.err"
            echo "$?"
        done < "$dir.commands" > "$dir.status"
    )
    k=0
    while IFS= read -r cmd; do
        k=$((k + 1))
        status=$(sed -n "${k}p" "$dir.status")
        ran=$((ran + 1))
        if [ "$status" != 0 ]; then
            t_fail "$name(1): $cmd" "exit status $status" "$(tail -5 "$dir.$k.err")"
            continue
        fi
        want=$(echo "$cmd" | sed -nE 's/.*[[:space:]]#[[:space:]]*([0-9]+)([[:space:]].*)?$/\1/p')
        if [ -n "$want" ]; then
            t_eq "$name(1): $cmd" "$want" "$(grep -owE "$want" "$dir.$k.out" | head -1)"
        else
            t_ok "$name(1): $cmd"
        fi
    done < "$dir.commands"
done
t_eq "the generators' pages: at least 40 example lines run" yes "$([ "$ran" -ge 40 ] && echo yes)"

# ---- libxcc: examples/queens.c built against the installed tree ------------
CC=${CC:-cc}
lib=$P/lib
# under make test SANITIZE=..., the library installed is the sanitized build
case ${SANITIZE:-} in
'') sanitize= ;;
thread) sanitize=-fsanitize=thread ;;
*) sanitize=-fsanitize=address,undefined ;;
esac
t_eq "libxcc.so.$LIBVERSION: soname $SONAME (libxcc.so.1), links libxcc.so -> $SONAME -> it" \
    "libxcc.so.1 $SONAME libxcc.so.$LIBVERSION" \
    "$(readelf -d "$lib/libxcc.so.$LIBVERSION" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p') $(readlink "$lib/libxcc.so") $(readlink "$lib/$SONAME")"
# the shared library exports the calls of include/*.h and nothing else
exported=$(nm -D --defined-only "$lib/libxcc.so.$LIBVERSION" | awk '$2 == "T" {print $3}' | sort)
declared=$(sed -n 's/^XCC_API [^(]*[ *]\(xcc_[a-z_]*\)(.*/\1/p' "$P/include/xcc.h" "$P/include/xcc_problem.h" "$P/include/xcc_sym.h" | sort)
t_eq "xcc.h declares its calls (xcc_solve among them)" yes \
    "$(echo "$declared" | grep -qx xcc_solve && [ "$(echo "$declared" | wc -l)" -gt 20 ] && echo yes)"
t_eq "libxcc.so exports exactly the calls of xcc.h and xcc_sym.h" "$declared" "${exported//@@XCC_1.0/}"
t_eq "every call of libxcc.so carries the version XCC_1.0" "" \
    "$(echo "$exported" | grep -v '@@XCC_1\.0$')"
t_eq "xcc.h: XCC_VERSION_TEXT is XCC_VERSION_MAJOR.MINOR.PATCH" "$LIBVERSION" \
    "$(printf '#include <xcc.h>\nXCC_VERSION_MAJOR.XCC_VERSION_MINOR.XCC_VERSION_PATCH\n' |
        ${CC:-cc} -E -P -I"$P/include" - | tail -1 | tr -d ' ')"
export PKG_CONFIG_PATH=$lib/pkgconfig
t_eq "pkg-config --modversion xcc: $LIBVERSION" "$LIBVERSION" "$(pkg-config --modversion xcc 2>&1)"
if $CC $sanitize -o "$TMP/queens" "$ROOT/examples/queens.c" $(pkg-config --cflags --libs xcc) \
    2> "$TMP/cc.err"; then
    t_ok "examples/queens.c: cc \$(pkg-config --cflags --libs xcc)"
    t_eq "queens 8, linked with $SONAME: 92 solutions" "$SONAME:92 solutions" \
        "$(readelf -d "$TMP/queens" | sed -n 's/.*NEEDED.*\[\(libxcc[^]]*\)\]/\1/p'):$(LD_LIBRARY_PATH=$lib "$TMP/queens" 8 | tail -1)"
else
    t_fail "examples/queens.c: cc \$(pkg-config --cflags --libs xcc)" "$(head -5 "$TMP/cc.err")"
fi
# a PREFIX the loader does not search: pkg-config gives no run path, so
# the program needs one built in (xcc(3)'s SYNOPSIS) or LD_LIBRARY_PATH
if [ -x "$TMP/queens" ] && ! ldconfig -p 2> /dev/null | grep -q 'libxcc\.so\.1 '; then
    t_eq "queens without LD_LIBRARY_PATH nor a run path: the loader's error, status 127" \
        "127:libxcc.so.1: cannot open shared object file" \
        "$(env -u LD_LIBRARY_PATH "$TMP/queens" 8 > /dev/null 2> "$TMP/ld.err"; echo "$?":)$(
            grep -o 'libxcc.so.1: cannot open shared object file' "$TMP/ld.err")"
else
    t_skip "queens without LD_LIBRARY_PATH: the loader's error" "no libxcc.so.1 in the loader's paths"
fi
if $CC $sanitize -o "$TMP/queens-rpath" "$ROOT/examples/queens.c" $(pkg-config --cflags --libs xcc) \
    -Wl,-rpath,"$(pkg-config --variable=libdir xcc)" 2> "$TMP/cc.err"; then
    t_eq "queens built with -Wl,-rpath,\$(pkg-config --variable=libdir xcc): 92 solutions, no LD_LIBRARY_PATH" \
        "92 solutions" "$(env -u LD_LIBRARY_PATH "$TMP/queens-rpath" 8 | tail -1)"
else
    t_fail "examples/queens.c with -Wl,-rpath" "$(head -5 "$TMP/cc.err")"
fi
if $CC $sanitize -o "$TMP/queens-static" "$ROOT/examples/queens.c" $(pkg-config --cflags xcc) \
    "$(pkg-config --variable=libdir xcc)/libxcc.a" -lpthread 2> "$TMP/cc.err"; then
    t_eq "queens 6, linked with libxcc.a: the board and 4 solutions" ". Q . . . .
. . . Q . .
. . . . . Q
Q . . . . .
. . Q . . .
. . . . Q .
4 solutions:0" "$("$TMP/queens-static" 6):$(readelf -d "$TMP/queens-static" | grep -c 'NEEDED.*libxcc')"
else
    t_fail "examples/queens.c: cc ... libxcc.a" "$(head -5 "$TMP/cc.err")"
fi
# libxcc.a defines no name without xcc_ (the compiler's own, __..., aside), so
# a program may define any other, even one the library once defined itself
t_eq "libxcc.a defines only xcc_ names" "" \
    "$(nm -g --defined-only "$lib/libxcc.a" | awk 'NF == 3 {print $3}' | grep -v -e '^xcc_' -e '^__')"
cat > "$TMP/own.c" << 'EOF'
#include <stdio.h>
#include <xcc.h>
/* names libxcc.a defined before #25, here the program's own */
long gb_rng_init(long seed) { return seed + 1; }
int mcc_bytes = 7;
int zdd_init(void) { return 3; }
int main(void)
{
    xcc_problem *p;
    xcc_figures *f;
    xcc_diag d;
    unsigned long long n;
    if (xcc_problem_parse(&p, "A B\nA\nB\nA B\n", NULL, &d) || xcc_figures_new(&f)
        || xcc_solve(p, NULL, NULL, NULL, f, &d) || xcc_figure(f, "solutions", &n))
        return 1;
    printf("%llu %ld %d %d\n", n, gb_rng_init(1), mcc_bytes, zdd_init());
    xcc_figures_free(f);
    xcc_problem_free(p);
    return 0;
}
EOF
if $CC $sanitize -o "$TMP/own" "$TMP/own.c" -I"$P/include" "$lib/libxcc.a" -lpthread \
    2> "$TMP/cc.err"; then
    t_eq "a program of its own gb_rng_init, mcc_bytes, zdd_init, linked with libxcc.a" \
        "2 2 7 3" "$("$TMP/own")"
else
    t_fail "a program of its own gb_rng_init, mcc_bytes, zdd_init, linked with libxcc.a" \
        "$(head -5 "$TMP/cc.err")"
fi
# xcc(3)'s EXAMPLE as installed, built against the installed tree: it
# prints what the page says it prints
page_ex() {
    awk -v want="$2" '/^\.EX/{n++; on = (n == want); next} /^\.EE/{on = 0} on' "$1" |
        sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/^\\&//'
}
page_ex "$P/share/man/man3/xcc.3" 1 > "$TMP/xcc3.c"
if $CC $sanitize -o "$TMP/xcc3" "$TMP/xcc3.c" $(pkg-config --cflags --libs xcc) 2> "$TMP/cc.err"; then
    t_eq "xcc(3)'s example, built with pkg-config: what the page says it prints" \
        "$(page_ex "$P/share/man/man3/xcc.3" 2)" "$(LD_LIBRARY_PATH=$lib "$TMP/xcc3" 2>&1 | t_asan_quiet)"
else
    t_fail "xcc(3)'s example, built with pkg-config" "$(head -5 "$TMP/cc.err")"
fi
unset PKG_CONFIG_PATH

# the Python module as installed: found by PYTHONPATH, it loads the libxcc
# beside it with no LD_LIBRARY_PATH
PYTHON=$(command -v /usr/bin/python3 python3 | head -1)
preload= # ASan's runtime, which a python3 loading a sanitized libxcc needs first
[ -n "$SANITIZE" ] && [ "$SANITIZE" != thread ] &&
    preload="$($CC -print-file-name=libasan.so) $($CC -print-file-name=libubsan.so)"
if [ -n "$PYTHON" ] && [ "$SANITIZE" != thread ]; then
    t_eq "python3: import xcc from PREFIX/lib/python3/dist-packages, its libxcc beside it" \
        "$lib/libxcc.so.1 1.0.0 106172416" \
        "$(cd "$TMP" && env -u LD_LIBRARY_PATH -u XCC_LIBRARY PATH="$P/bin:$PATH" \
            PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$P/lib/python3/dist-packages" \
            LD_PRELOAD="$preload" ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0 \
            "$PYTHON" -c 'import subprocess, xcc
p = xcc.Problem.parse(subprocess.run(["gen-knight", "6"], capture_output=True).stdout)
print(xcc.library_path, xcc.library_version(), p.count())' 2>&1 | t_asan_quiet)"
else
    t_skip "python3: import xcc from PREFIX/lib/python3/dist-packages" "python3"
fi

make_ok "make uninstall PREFIX=<temporary>" uninstall PREFIX="$P"
t_eq "make uninstall leaves no file behind" "" "$(find "$P" -type f -o -type l 2> /dev/null)"
t_eq "make uninstall removes share/doc/dlx2" no "$([ -e "$P/share/doc/dlx2" ] && echo yes || echo no)"
# ... and every directory make install made, PREFIX itself here (#29: it
# left ten empty ones); never one that was there before, nor one that
# holds a file of another (rmdir of the empty ones it made, children first)
t_eq "make uninstall removes the directories make install made: PREFIX is gone" "" \
    "$(find "$P" 2> /dev/null)"
P2=$TMP/prefix2
mkdir -p "$P2/bin" "$P2/include" "$P2/share"
: > "$P2/include/other.h"
make_ok "make install PREFIX=<with bin/, include/other.h, share/>" install PREFIX="$P2"
t_eq "make install records the directories it made, children first" "$(printf '%s\n' \
    "$P2/share/man/man5" "$P2/share/man/man3" "$P2/share/man/man1" "$P2/share/man" \
    "$P2/share/doc/dlx2/examples" "$P2/share/doc/dlx2/doc" "$P2/share/doc/dlx2" "$P2/share/doc" \
    "$P2/lib/python3/dist-packages/xcc" "$P2/lib/python3/dist-packages" "$P2/lib/python3" \
    "$P2/lib/pkgconfig" "$P2/lib")" "$(cat "$P2/share/doc/dlx2/installed-dirs")"
make_ok "make install again, the same PREFIX" install PREFIX="$P2"
t_eq "make install again keeps the record of the first" 13 "$(wc -l < "$P2/share/doc/dlx2/installed-dirs")"
: > "$P2/lib/mine.so"
make_ok "make uninstall PREFIX=<with bin/, include/other.h, share/>" uninstall PREFIX="$P2"
t_eq "make uninstall keeps what was there before and a file of another, removes the rest" \
    "$(printf '%s\n' "$P2" "$P2/bin" "$P2/include" "$P2/include/other.h" "$P2/lib" "$P2/lib/mine.so" \
        "$P2/share")" "$(find "$P2" | sort)"

# ---- with DESTDIR, as a package is built ------------------------------------
S=$TMP/stage
make_ok "make install DESTDIR=<staging> PREFIX=/usr" install DESTDIR="$S" PREFIX=/usr
t_eq "DESTDIR: every file under the staging directory" \
    "$(expected_tree "$S" /usr | sort)" "$(find "$S" -type f -o -type l | sort)"
t_eq "DESTDIR: the pages name /usr/share/doc/dlx2, not the staging directory" "yes:" \
    "$(grep -qF /usr/share/doc/dlx2/ "$S/usr/share/man/man1/dlx2.1" && echo yes):$(grep -rlF "$S" "$S")"
make_ok "make uninstall DESTDIR=<staging> PREFIX=/usr" uninstall DESTDIR="$S" PREFIX=/usr
t_eq "DESTDIR: make uninstall leaves no file behind" "" "$(find "$S" -type f -o -type l)"
