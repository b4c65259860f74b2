# dlx2 — build, test, bench.
#
#   make            build dlx2 and every generator in dlx-gen/
#   make demo       build, then solve a few small problems through pipes
#   make test       quick test tier: Check unit tests + end-to-end scripts
#   make test-bench the reference instances of the bench tier (seconds each)
#   make test SANITIZE=1   the same, built with ASan and UBSan
#   make test-threads  the tests of -j and --shard, dlx2 built with TSan
#   make bench      bench/run: dlx2's times on the bench tier; TIER=hard for
#                   the hard tier (instances of 5 to 60 s of Knuth's DLX2)
#   make install    dlx2, the generators, man pages, documents and the
#                   generators' example inputs, libxcc and the Python module
#                   xcc under $(DESTDIR)$(PREFIX)
#                   (default /usr/local); make uninstall
#   make man        the man pages as installed (version filled in), in build/man/
#
# The library (lib/*.c and lib/*/*.c: a folder per layer or method,
# doc/layout.md) is libxcc: build/libxcc.a, which dlx2 and the
# generators that solve link, and build/libxcc.so.0 (objects made again
# with -fPIC in build/pic/, only the calls of include/*.h exported), which
# make install installs with include/*.h and xcc.pc. The report module
# (report/*.c) is build/libreport.a; the verifier (verify/*.c) goes into
# dlx2 alone: it shares no code with the library. dlx2 itself is cli/*.c:
# its command line, its modes, --merge and --zdd-count. The reader of
# listings (listing/*.c), for --verify and every generator's --show, and
# the JSON string codec the report writes with, is build/liblisting.a: it
# needs nothing but libc.

CC      ?= cc
OPT     ?= -O2
CFLAGS  ?= $(OPT)
WARN     = -std=c11 -Wall -Wextra -Werror=implicit-function-declaration -D_POSIX_C_SOURCE=200809L
LDLIBS  += -lpthread
ifeq ($(SANITIZE),thread)
CFLAGS  += -O1 -g -fsanitize=thread
LDFLAGS += -fsanitize=thread
BUILD    = build-tsan
BIN      = build-tsan/
else ifdef SANITIZE
# XCC_SANITY: the engines check their data structure at every node
CFLAGS  += -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all \
           -DXCC_SANITY
LDFLAGS += -fsanitize=address,undefined
BUILD    = build-san
BIN      = build-san/
else
BUILD    = build
BIN      =
endif
# binaries: ./dlx2 and dlx-gen/gen-*, or under build-san/ when sanitizing,
# so the two builds never overwrite each other
ALL_CFLAGS = $(WARN) $(CFLAGS) -I. -Iinclude -Ilib -Ireport -Iverify -Ilisting
# the generators see only the public API, the listing of report/ and the
# reader of listings
GEN_CFLAGS = $(WARN) $(CFLAGS) -I. -Iinclude -Ireport -Idlx-gen/lib -Ilisting

LIB_SRC    = $(wildcard lib/*.c lib/*/*.c)
LIB_OBJ    = $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB_PIC    = $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
LIB_HDR    = $(wildcard lib/*.h lib/*/*.h include/*.h) progs.h
REPORT_SRC = $(wildcard report/*.c)
REPORT_OBJ = $(REPORT_SRC:%.c=$(BUILD)/%.o)
VERIFY_SRC = $(wildcard verify/*.c)
VERIFY_OBJ = $(VERIFY_SRC:%.c=$(BUILD)/%.o)
CLI_SRC    = $(wildcard cli/*.c)
CLI_OBJ    = $(CLI_SRC:%.c=$(BUILD)/%.o)
CLI_HDR    = $(wildcard cli/*.h) $(LIB_HDR) report/*.h verify/verify.h $(LISTING_HDR)
LISTING_SRC = $(wildcard listing/*.c)
LISTING_OBJ = $(LISTING_SRC:%.c=$(BUILD)/%.o)
LISTING_HDR = $(wildcard listing/*.h)
# A generator is dlx-gen/gen-NAME.c or a folder dlx-gen/NAME/ of .c files;
# it becomes dlx-gen/gen-NAME, linked with the generator library
# (dlx-gen/lib/, archived so that each takes only the parts it uses).
GEN_LIB_SRC = $(wildcard dlx-gen/lib/*.c)
GEN_LIB_OBJ = $(GEN_LIB_SRC:%.c=$(BUILD)/%.o)
GEN_DIRS   = $(sort $(filter-out lib,$(notdir $(patsubst %/,%,$(dir $(wildcard dlx-gen/*/*.c))))))
GEN_NAMES  = $(patsubst dlx-gen/gen-%.c,%,$(wildcard dlx-gen/gen-*.c)) $(GEN_DIRS)
GEN_BIN    = $(GEN_NAMES:%=$(BIN)dlx-gen/gen-%)
gen_obj    = $(patsubst %.c,$(BUILD)/%.o,$(wildcard dlx-gen/gen-$(1).c dlx-gen/$(1)/*.c))
GEN_HDR    = $(wildcard dlx-gen/*/*.h include/*.h) progs.h report/rep_listing.h lib/base/gbrand.h \
             $(LISTING_HDR)
UNIT_SRC   = $(filter-out tests/unit/check_gen.c tests/unit/check_oom.c tests/unit/alloc_hook.c \
                          tests/unit/check_listing.c,$(wildcard tests/unit/*.c))
VERSION := $(shell sed -n 's/.*DLX2_VERSION "\(.*\)".*/\1/p' progs.h)
# libxcc's own version (include/xcc.h): its major number is the soname's
LIBVERSION := $(shell sed -n 's/.*XCC_VERSION_TEXT "\(.*\)".*/\1/p' include/xcc.h)
SONAME   = libxcc.so.$(firstword $(subst ., ,$(LIBVERSION)))
LIBXCC   = $(BUILD)/libxcc.a $(BUILD)/libxcc.so.$(LIBVERSION)

.PHONY: all demo test test-bench test-threads bench fuzz fuzz-checkpoint fuzz-gen clean man install uninstall
# keep the objects that several programs link (make would delete them)
.SECONDARY: $(GEN_LIB_OBJ) $(LIB_OBJ) $(REPORT_OBJ) $(VERIFY_OBJ) $(CLI_OBJ) $(LISTING_OBJ)
all: $(BIN)dlx2 $(GEN_BIN) $(LIBXCC)

$(BUILD)/lib/%.o: lib/%.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DXCC_BUILDING -c -o $@ $<

$(BUILD)/pic/lib/%.o: lib/%.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DXCC_BUILDING -fPIC -fvisibility=hidden -c -o $@ $<

$(BUILD)/libxcc.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# the shared library, named by its version, with its soname and link names;
# its symbols versioned by lib/api/libxcc.map
$(BUILD)/libxcc.so.$(LIBVERSION): $(LIB_PIC) lib/api/libxcc.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) \
	    -Wl,--version-script=lib/api/libxcc.map -o $@ $(LIB_PIC) $(LDLIBS)
	ln -sf libxcc.so.$(LIBVERSION) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libxcc.so

$(BUILD)/report/%.o: report/%.c report/*.h $(LIB_HDR) $(LISTING_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/libreport.a: $(REPORT_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/verify/%.o: verify/%.c verify/*.h $(LISTING_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -Iverify -Ilisting -c -o $@ $<

$(BUILD)/listing/%.o: listing/%.c $(LISTING_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -Ilisting -c -o $@ $<

$(BUILD)/liblisting.a: $(LISTING_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/dlx-gen/%.o: dlx-gen/%.c $(GEN_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(GEN_CFLAGS) -c -o $@ $<

$(BUILD)/libgen.a: $(GEN_LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

DLX2_LIBS = $(VERIFY_OBJ) $(BUILD)/libreport.a $(BUILD)/liblisting.a $(BUILD)/libxcc.a

$(BUILD)/cli/%.o: cli/%.c $(CLI_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BIN)dlx2: $(CLI_OBJ) $(DLX2_LIBS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(DLX2_LIBS) $(LDLIBS)

define gen_link
$(BIN)dlx-gen/gen-$(1): $(call gen_obj,$(1)) $(BUILD)/libgen.a $(BUILD)/libreport.a $(BUILD)/liblisting.a \
                       $(BUILD)/libxcc.a
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS) $$(LDFLAGS) -o $$@ $$(filter %.o %.a,$$^) $$(LDLIBS)
endef
$(foreach g,$(GEN_NAMES),$(eval $(call gen_link,$(g))))

$(BUILD)/check_unit: $(UNIT_SRC) tests/unit/*.h $(LIB_HDR) $(BUILD)/libreport.a $(BUILD)/liblisting.a \
                     $(BUILD)/libxcc.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $$(pkg-config --cflags check) -o $@ $(UNIT_SRC) \
	    $(BUILD)/libreport.a $(BUILD)/liblisting.a $(BUILD)/libxcc.a $$(pkg-config --libs check) $(LDLIBS)

# the engine built again with every allocation going through a hook that
# fails the n-th (lib/base/alloc.h), and the Check tests of that
$(BUILD)/check_oom: tests/unit/check_oom.c tests/unit/alloc_hook.c tests/unit/*.h $(LIB_SRC) \
                    $(LIB_HDR)
	$(CC) $(ALL_CFLAGS) -DXCC_ALLOC_TEST $(LDFLAGS) $$(pkg-config --cflags check) -o $@ \
	    tests/unit/check_oom.c tests/unit/alloc_hook.c $(LIB_SRC) $$(pkg-config --libs check) \
	    $(LDLIBS)

# the generator library's unit tests, a Check program of their own
$(BUILD)/check_gen: tests/unit/check_gen.c tests/unit/*.h $(GEN_HDR) $(BUILD)/libgen.a $(BUILD)/liblisting.a
	$(CC) $(GEN_CFLAGS) $(LDFLAGS) $$(pkg-config --cflags check) -o $@ $< \
	    $(BUILD)/libgen.a $(BUILD)/liblisting.a $$(pkg-config --libs check) $(LDLIBS)

# the listing reader's unit tests (listing/), a Check program of their own
$(BUILD)/check_listing: tests/unit/check_listing.c tests/unit/check_main.h $(LISTING_HDR) \
                        $(BUILD)/liblisting.a
	$(CC) $(WARN) $(CFLAGS) -Ilisting $(LDFLAGS) $$(pkg-config --cflags check) -o $@ $< \
	    $(BUILD)/liblisting.a $$(pkg-config --libs check) $(LDLIBS)

demo: all
	@echo '$$ dlx2 m1 < data/reference/instances/knuth-example-colors.dlx'
	@./dlx2 m1 < data/reference/instances/knuth-example-colors.dlx
	@echo '$$ dlx-gen/gen-wordsearch 6 6 ABEL CANTOR GAUSS EULER | dlx2 -c'
	@dlx-gen/gen-wordsearch 6 6 ABEL CANTOR GAUSS EULER | ./dlx2 -c
	@echo '$$ dlx-gen/gen-pentomino 6 10 | dlx2 m1 t1 | dlx-gen/gen-pentomino --show'
	@dlx-gen/gen-pentomino 6 10 | ./dlx2 m1 t1 2> /dev/null | dlx-gen/gen-pentomino --show
	@echo '$$ dlx-gen/gen-knight 6 | dlx-gen/gen-knight-tours -c    # closed tours, both directions'
	@dlx-gen/gen-knight 6 | dlx-gen/gen-knight-tours -c 2> /dev/null
	@echo '$$ dlx-gen/gen-zebra | dlx2 m1 | dlx-gen/gen-zebra --show'
	@dlx-gen/gen-zebra | ./dlx2 m1 2> /dev/null | dlx-gen/gen-zebra --show

$(BUILD)/randxcc: tests/crosscheck/randxcc.c
	$(CC) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ $<

$(BUILD)/naive: tests/crosscheck/naive.c
	$(CC) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ $<

# the symmetry module's driver (tests/e2e/symmetry.sh)
$(BUILD)/symtool: tests/crosscheck/symtool.c $(LIB_HDR) $(BUILD)/libxcc.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libxcc.a $(LDLIBS)

# the fast engine with its table whole or factored, as asked (tests/e2e/fast-table.sh)
$(BUILD)/fasttable: tests/crosscheck/fasttable.c $(LIB_HDR) $(BUILD)/libxcc.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libxcc.a $(LDLIBS)

# libxcc's promises checked through xcc.h alone (tests/e2e/api.sh)
$(BUILD)/apicheck: tests/crosscheck/apicheck.c include/xcc.h include/xcc_problem.h $(BUILD)/libxcc.a
	$(CC) $(WARN) $(CFLAGS) -Iinclude $(LDFLAGS) -o $@ $< $(BUILD)/libxcc.a $(LDLIBS)

# the domino tilings of a board, counted apart from dlx2 (tests/e2e/wide.sh)
$(BUILD)/domino: tests/crosscheck/domino.c
	$(CC) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ $<

# bench/run's meter: a command's wall and CPU seconds and peak memory
$(BUILD)/rusage: bench/rusage.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ $<

# bench/shard-balance's count of the nodes of every shard
$(BUILD)/shard-nodes: bench/shard-nodes.c $(LIB_HDR) $(BUILD)/libxcc.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libxcc.a $(LDLIBS)

# dlx2's main under another name, run by tests/crosscheck/batch.c in a
# forked child per file (thousands of runs without an exec each)
$(BUILD)/dlx2-main.o: cli/main.c $(CLI_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Dmain=dlx2_main -c -o $@ cli/main.c

DLX2_BATCH_OBJ = $(BUILD)/dlx2-main.o $(filter-out $(BUILD)/cli/main.o,$(CLI_OBJ)) $(DLX2_LIBS)
$(BUILD)/dlx2-batch: tests/crosscheck/batch.c $(DLX2_BATCH_OBJ)
	$(CC) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ $< $(DLX2_BATCH_OBJ) $(LDLIBS)

TEST_TOOLS = $(BUILD)/check_unit $(BUILD)/check_oom $(BUILD)/check_gen $(BUILD)/check_listing $(BUILD)/randxcc \
             $(BUILD)/naive $(BUILD)/rusage $(BUILD)/dlx2-batch $(BUILD)/shard-nodes $(BUILD)/domino \
             $(BUILD)/symtool $(BUILD)/apicheck $(BUILD)/fasttable

test: all $(TEST_TOOLS)
	@BUILD=$(BUILD) BIN=$(BIN) SANITIZE=$(SANITIZE) tests/run quick

test-bench: all $(TEST_TOOLS)
	@BUILD=$(BUILD) BIN=$(BIN) SANITIZE=$(SANITIZE) tests/run bench

# The threads' tests with ThreadSanitizer (its own build, build-tsan/):
# a data race in the parallel driver or the shared memo fails them.
test-threads:
	@$(MAKE) --no-print-directory SANITIZE=thread all build-tsan/apicheck build-tsan/randxcc
	@BUILD=build-tsan BIN=build-tsan/ SANITIZE=thread tests/run threads

bench: all $(BUILD)/rusage $(BUILD)/randxcc
	bench/run $(if $(TIER),--tier $(TIER))

# ---- install ------------------------------------------------------------
# The GNU layout: PREFIX (or prefix) and DESTDIR, bindir, libdir,
# includedir, mandir and docdir may each be overridden. Every program, man
# page, document and example input (the word lists of data/words and the
# files of dlx-gen/examples, in docdir/examples, which the man pages'
# examples read) is found by wildcard, so a new generator, page or input
# needs no edit here; uninstall removes the same list and the directories
# install made (when empty, below), nothing else. libxcc goes with its header and xcc.pc, so
# that `cc prog.c $(pkg-config --cflags --libs xcc)` builds against it.
PREFIX  ?= /usr/local
prefix   = $(PREFIX)
bindir   = $(prefix)/bin
libdir   = $(prefix)/lib
includedir = $(prefix)/include
pkgconfigdir = $(libdir)/pkgconfig
datarootdir = $(prefix)/share
mandir   = $(datarootdir)/man
docdir   = $(datarootdir)/doc/dlx2
# the Python module xcc, where Debian's python3 looks with PREFIX=/usr
# (else PYTHONPATH=$(pythondir)); it loads the libxcc of $(libdir)
pythondir = $(libdir)/python3/dist-packages
INSTALL  = install

PROGS    = dlx2 $(notdir $(GEN_BIN))
MAN_SRC  = $(wildcard man/*.1 man/*.3 man/*.5)
MAN_OUT  = $(MAN_SRC:%=build/%)
DOCS     = README.md LICENSE NEWS $(wildcard formats/*.md)
# the manual, in docdir/doc/ as in the repository (README.md links there)
MANUAL   = $(wildcard doc/*.md)
EXAMPLES = $(wildcard data/words/*.txt dlx-gen/examples/*.txt)
LIB_FILES = libxcc.a libxcc.so.$(LIBVERSION) $(SONAME) libxcc.so

# The pages as installed, in build/man/: @VERSION@ and @DOCDIR@ filled in,
# made again each time (docdir depends on the command line); xcc.pc the same.
man:
	@mkdir -p build/man
	for m in $(MAN_SRC); do \
	    sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@DOCDIR@|$(docdir)|g' $$m > build/$$m || exit 1; \
	done
	sed -e 's|@PREFIX@|$(prefix)|g' -e 's|@LIBDIR@|$(libdir)|g' \
	    -e 's|@INCLUDEDIR@|$(includedir)|g' -e 's|@VERSION@|$(LIBVERSION)|g' xcc.pc.in > build/xcc.pc

# The directories install puts files in. Those it has to make (PREFIX
# itself, share/man/man1, ... when missing) it records in DIRS_RECORD,
# children before parents, for uninstall to remove when they are empty:
# a directory that was there before is never removed. Not with DESTDIR,
# whose packages own their directories.
INSTALL_DIRS = $(bindir) $(mandir)/man1 $(mandir)/man3 $(mandir)/man5 $(docdir)/examples \
               $(docdir)/doc $(libdir) $(includedir) $(pkgconfigdir) $(pythondir)/xcc
DIRS_RECORD = $(docdir)/installed-dirs

install: all man
	@made=; if [ -z "$(DESTDIR)" ]; then for d in $(INSTALL_DIRS); do \
	    while [ ! -d "$$d" ]; do made="$$made $$d"; d=$$(dirname "$$d"); done; done; fi; \
	echo $(INSTALL) -d $(addprefix $(DESTDIR),$(INSTALL_DIRS)); \
	$(INSTALL) -d $(addprefix $(DESTDIR),$(INSTALL_DIRS)) || exit 1; \
	if [ -z "$(DESTDIR)" ]; then \
	    { cat $(DIRS_RECORD) 2> /dev/null; for d in $$made; do echo "$$d"; done; } | sort -ru \
	        > $(DIRS_RECORD).new && mv $(DIRS_RECORD).new $(DIRS_RECORD) || exit 1; fi
	$(INSTALL) -m 755 $(BIN)dlx2 $(GEN_BIN) $(DESTDIR)$(bindir)
	$(INSTALL) -m 644 $(filter %.1,$(MAN_OUT)) $(DESTDIR)$(mandir)/man1
	$(INSTALL) -m 644 $(filter %.3,$(MAN_OUT)) $(DESTDIR)$(mandir)/man3
	ln -sf xcc.3 $(DESTDIR)$(mandir)/man3/libxcc.3
	ln -sf xcc_solve.3 $(DESTDIR)$(mandir)/man3/xcc_cursor.3
	$(INSTALL) -m 644 $(filter %.5,$(MAN_OUT)) $(DESTDIR)$(mandir)/man5
	$(INSTALL) -m 644 $(DOCS) $(DESTDIR)$(docdir)
	$(INSTALL) -m 644 $(MANUAL) $(DESTDIR)$(docdir)/doc
	$(INSTALL) -m 644 $(EXAMPLES) $(DESTDIR)$(docdir)/examples
	$(INSTALL) -m 644 $(BUILD)/libxcc.a $(DESTDIR)$(libdir)
	$(INSTALL) -m 755 $(BUILD)/libxcc.so.$(LIBVERSION) $(DESTDIR)$(libdir)
	ln -sf libxcc.so.$(LIBVERSION) $(DESTDIR)$(libdir)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(libdir)/libxcc.so
	$(INSTALL) -m 644 include/xcc.h include/xcc_problem.h include/xcc_sym.h $(DESTDIR)$(includedir)
	$(INSTALL) -m 644 build/xcc.pc $(DESTDIR)$(pkgconfigdir)
	$(INSTALL) -m 644 python/xcc/__init__.py $(DESTDIR)$(pythondir)/xcc

uninstall:
	rm -f $(PROGS:%=$(DESTDIR)$(bindir)/%)
	rm -f $(patsubst man/%.1,$(DESTDIR)$(mandir)/man1/%.1,$(filter %.1,$(MAN_SRC)))
	rm -f $(patsubst man/%.3,$(DESTDIR)$(mandir)/man3/%.3,$(filter %.3,$(MAN_SRC))) \
	    $(DESTDIR)$(mandir)/man3/libxcc.3 $(DESTDIR)$(mandir)/man3/xcc_cursor.3
	rm -f $(patsubst man/%.5,$(DESTDIR)$(mandir)/man5/%.5,$(filter %.5,$(MAN_SRC)))
	rm -f $(addprefix $(DESTDIR)$(docdir)/,$(notdir $(DOCS)))
	rm -f $(addprefix $(DESTDIR)$(docdir)/examples/,$(notdir $(EXAMPLES)))
	@rmdir $(DESTDIR)$(docdir)/examples 2> /dev/null || true
	rm -f $(addprefix $(DESTDIR)$(docdir)/doc/,$(notdir $(MANUAL)))
	@rmdir $(DESTDIR)$(docdir)/doc 2> /dev/null || true
	rm -f $(LIB_FILES:%=$(DESTDIR)$(libdir)/%) $(DESTDIR)$(includedir)/xcc.h \
	    $(DESTDIR)$(includedir)/xcc_problem.h $(DESTDIR)$(includedir)/xcc_sym.h
	rm -f $(DESTDIR)$(pkgconfigdir)/xcc.pc
	rm -rf $(DESTDIR)$(pythondir)/xcc/__init__.py $(DESTDIR)$(pythondir)/xcc/__pycache__
	@rmdir $(DESTDIR)$(pythondir)/xcc $(DESTDIR)$(pythondir) $(DESTDIR)$(libdir)/python3 \
	    2> /dev/null || true
	@dirs=$$(cat $(DESTDIR)$(DIRS_RECORD) 2> /dev/null); rm -f $(DESTDIR)$(DIRS_RECORD); \
	    rmdir $(DESTDIR)$(docdir) 2> /dev/null; \
	    for d in $$dirs; do rmdir "$(DESTDIR)$$d" 2> /dev/null; done; true

# Fuzzing with libFuzzer (clang): the reader and the search, with ASan and
# UBSan. Seeds in tests/fuzz/corpus; new inputs collect in build-fuzz/;
# crashes land in tests/fuzz/regressions/ (replayed by make test).
FUZZ_SECONDS ?= 60
fuzz:
	@mkdir -p build-fuzz/corpus tests/fuzz/regressions
	clang $(WARN) -g -O1 -fsanitize=fuzzer,address,undefined -I. -Iinclude -Ilib \
	    -o build-fuzz/fuzz_xcc tests/fuzz/fuzz_xcc.c $(LIB_SRC)
	build-fuzz/fuzz_xcc -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1 \
	    -artifact_prefix=tests/fuzz/regressions/ build-fuzz/corpus tests/fuzz/corpus

# The same for the checkpoint reader of --resume (cli/ckfile.c) and the
# walks going on from its positions: seeds in tests/fuzz/checkpoints,
# crashes in tests/fuzz/checkpoint-regressions/ (replayed by checkpoint.sh)
fuzz-checkpoint:
	@mkdir -p build-fuzz/checkpoints tests/fuzz/checkpoint-regressions
	clang $(WARN) -g -O1 -fsanitize=fuzzer,address,undefined -I. -Iinclude -Ilib -Icli \
	    -o build-fuzz/fuzz_checkpoint tests/fuzz/fuzz_checkpoint.c cli/ckfile.c $(LIB_SRC)
	build-fuzz/fuzz_checkpoint -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
	    -print_final_stats=1 -artifact_prefix=tests/fuzz/checkpoint-regressions/ \
	    build-fuzz/checkpoints tests/fuzz/checkpoints

# AFL++ on every generator's input files and --show input (see the script)
fuzz-gen:
	tests/fuzz/fuzz-gen $(FUZZ_SECONDS)

clean:
	rm -rf build-afl build build-san build-tsan build-fuzz dlx2 $(GEN_NAMES:%=dlx-gen/gen-%)
