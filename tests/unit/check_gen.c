/*
 * check_gen.c — unit tests of the generator library (dlx-gen/lib/) with
 * the Check framework: the listing as the shows read it (the reader is
 * listing/'s, tests/unit/check_listing.c tests it in full: here, that
 * its refusals end the program and what a listing without solutions
 * says), UTF-8 and display
 * widths, the table of options and --help, messages, cell names and the
 * text tables of the pictures.
 *
 * A listing is given as a string, written to a temporary file and read
 * back, so each test shows its input next to what it expects. Tests of
 * what ends the program run in a child (Check's exit tests) and check
 * its exit status. main() appends "PASS FAIL" to $RESULTS for tests/run.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_main.h"
#include "draw.h"
#include "gen.h"
#include "listing.h"
#include "utf8.h"

/* ---- helpers -------------------------------------------------------- */

/* A temporary file holding text; its name in a static buffer. */
static const char *file_with(const char *text)
{
    static char name[64];
    strcpy(name, "/tmp/check_gen.XXXXXX");
    int fd = mkstemp(name);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return name;
}

/*
 * The listing in text as one string: "K:" for a solution, then per
 * option its items as name or name=color, '|' between options and ';'
 * after a solution.
 */
static char *read_listing(const char *text)
{
    static char out[4096];
    struct listing ls;
    const char *name = file_with(text);
    size_t n = 0;
    listing_open(&ls, name);
    while (listing_next(&ls)) {
        n += (size_t)snprintf(out + n, sizeof out - n, "%s:", ls.label);
        for (size_t k = 0; k < ls.nopts; k++)
            for (size_t i = 0; i < ls.opt[k].nitems; i++) {
                const struct lst_item *it = &ls.opt[k].item[i];
                n += (size_t)snprintf(out + n, sizeof out - n, "%s%s%s%s", i ? " " : k ? "|" : "",
                                      it->name, it->color ? "=" : "", it->color ? it->color : "");
            }
        n += (size_t)snprintf(out + n, sizeof out - n, ";");
    }
    listing_close(&ls);
    unlink(name);
    out[n] = '\0';
    return out;
}

/* Reads a listing that must end the program (an exit test). */
static void read_bad_listing(const char *text)
{
    fclose(stderr);     /* the message is not what is tested here */
    read_listing(text);
}

/* ---- the listing reader --------------------------------------------- */

START_TEST(listing_reads_dlx2)
{
    /* what dlx2 m1 (and Knuth's DLX2) write for knuth-example-colors */
    ck_assert_str_eq(read_listing("1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n"),
                     "1:A C X=1 Y=1|B X=1;");
}
END_TEST

START_TEST(listing_reads_solutions_in_turn)
{
    ck_assert_str_eq(read_listing("\n3:\n  a b (1 of 3)\n\n7:\n c:x (?)\n  d\t e  \n"),
                     "3:a b;7:c=x|d e;");
}
END_TEST

START_TEST(listing_reads_knuth_dlx5_costs)
{
    /* DLX5 writes the cost of a solution after its number */
    ck_assert_str_eq(read_listing("1: (total cost $12)\n A B (1 of 2)\n"), "1:A B;");
    /* and each option's cost and net cost after the tally, unless its cost is 0 */
    ck_assert_str_eq(read_listing("1: (total cost $12)\n A B (1 of 2) $12 [5]\n C (1 of 1)\n"
                                  " D (2 of 3) $7\n"),
                     "1:A B|C|D;");
}
END_TEST

START_TEST(listing_keeps_words_that_only_look_like_a_tally)
{
    ck_assert_str_eq(read_listing("1:\n A (1 in 2)\n B (x of 2)\n"), "1:A (1 in 2)|B (x of 2);");
}
END_TEST

START_TEST(listing_empty_input_has_no_solution)
{
    ck_assert_str_eq(read_listing(""), "");
    ck_assert_str_eq(read_listing("\n  \n"), "");
}
END_TEST

START_TEST(listing_reads_json)
{
    /* what dlx2 --format=json writes for knuth-example-colors: options in
       input order, no tally; the summary is passed over */
    ck_assert_str_eq(read_listing(
        "{\"solution\":1,\"lines\":[4,7],\"options\":[\"A C X:1 Y:1\",\"B X:1\"],"
        "\"colors\":{\"X\":\"1\",\"Y\":\"1\"}}\n"
        "{\"solution\":2,\"lines\":[5],\"options\":[\"B\"],\"colors\":{}}\n"
        "{\"summary\":{\"solutions\":2,\"complete\":true,\"stopped\":null,\"seconds\":0.5e-3}}\n"),
        "1:A C X=1 Y=1|B X=1;2:B;");
    ck_assert_str_eq(read_listing("{\"summary\":{\"solutions\":0}}\n"), "");
}
END_TEST

START_TEST(listing_reads_json_escapes)
{
    /* \u00e9 is the byte 0xe9 (dlx2's escape of a byte that is not
       UTF-8); other code points become UTF-8, a surrogate pair one */
    ck_assert_str_eq(read_listing(
        "{ \"solution\" : 12 , \"options\" : [ \"a\\\"b q:\\\\\" , \"\\u00e9 \\u65e5:\\ud83d\\ude00 \\/\" ] }\n"),
        "12:a\"b q=\\|\xe9 \xe6\x97\xa5=\xf0\x9f\x98\x80 /;");
}
END_TEST

/* JSON each of which ends the program with status 2 */
static const char *const bad_json[] = {
    "{\"solution\":1,\"options\":[\"A\" \"B\"]}\n",       /* no ',' */
    "{\"solution\":1,\"options\":[\"A]}\n",               /* unterminated */
    "{\"solution\":1,\"options\":[\"A\\x\"]}\n",          /* bad escape */
    "{\"solution\":1,\"options\":[\"A\\u0000\"]}\n",      /* NUL */
    "{\"solution\":1,\"options\":[\"A\\ud83d\\u0041\"]}\n", /* half a pair */
    "{\"solution\":1,\"options\":[\"A\"]} x\n",           /* after the object */
    "{\"solution\":1,\"options\":[\" A\"]}\n",            /* not one space between items */
    "{\"solution\":1,\"options\":[\"A\"]}\n1:\n A\n",     /* two layouts */
    "{\"solution\":\"1\",\"options\":[\"A\"]}\n",         /* not a number */
    "{\"solution\":1}\n",                                /* no options */
    "{\"solution\":1,\"options\":[\"A X:\"]}\n",          /* not item:color */
    "{\"summary\":{\"solutions\":[}}\n",                  /* the summary too */
};

START_TEST(listing_refuses_bad_json)
{
    read_bad_listing(bad_json[_i]);
}
END_TEST

START_TEST(listing_refuses_text_before_a_solution)
{
    read_bad_listing("(4 options, 3+2 items, 16 entries successfully read)\n1:\n A\n");
}
END_TEST

START_TEST(listing_refuses_an_empty_solution)
{
    read_bad_listing("1:\n2:\n A\n");
}
END_TEST

START_TEST(listing_refuses_a_bad_item)
{
    read_bad_listing("1:\n A :1\n");
}
END_TEST

/* listing_none's status for a listing of no solution (its message aside). */
static int none_status(const char *text)
{
    struct listing ls;
    FILE *err = freopen("/dev/null", "w", stderr);
    ck_assert_ptr_nonnull(err);
    listing_open_string(&ls, "t", text);
    ck_assert_int_eq(listing_next(&ls), 0);
    int status = listing_none(&ls);
    listing_close(&ls);
    return status;
}

START_TEST(listing_none_says_why)
{
    /* only a summary of a complete search that found none makes it 0 */
    ck_assert_int_eq(none_status("{\"summary\":{\"solutions\":0,\"complete\":true}}\n"), 0);
    ck_assert_int_eq(none_status(""), 1);
    ck_assert_int_eq(none_status("{\"summary\":{\"solutions\":52,\"complete\":true}}\n"), 1);
    ck_assert_int_eq(none_status("{\"summary\":{\"solutions\":0,\"complete\":false,"
                                 "\"stopped\":\"mems\"}}\n"), 1);
}
END_TEST

START_TEST(listing_refuses_an_empty_color)
{
    read_bad_listing("1:\n A X:\n");
}
END_TEST

START_TEST(listing_refuses_a_nul_byte)
{
    const char text[] = "1:\n A\0B\n";
    char name[] = "/tmp/check_gen.XXXXXX";
    int fd = mkstemp(name);
    ck_assert_int_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    struct listing ls;
    fclose(stderr);
    listing_open(&ls, name);
    unlink(name);
    listing_next(&ls);
}
END_TEST

/* ---- UTF-8 ---------------------------------------------------------- */

START_TEST(utf8_decodes_and_encodes)
{
    uint32_t c;
    char buf[5];
    ck_assert_uint_eq(utf8_decode("\xC3\x84gypten", &c), 2);
    ck_assert_uint_eq(c, 0xC4);
    ck_assert_uint_eq(utf8_encode(buf, 0x65E5), 3);
    ck_assert_str_eq(buf, "\xE6\x97\xA5");
    ck_assert_uint_eq(utf8_decode("\xC0\x80", &c), 0);      /* over-long NUL */
    ck_assert_uint_eq(utf8_decode("\xED\xA0\x80", &c), 0);  /* a surrogate */
    ck_assert_uint_eq(utf8_decode("\xC3", &c), 0);          /* cut short */
}
END_TEST

START_TEST(utf8_widths)
{
    ck_assert_uint_eq(utf8_width("Ägypten"), 7);
    ck_assert_uint_eq(utf8_width("日本"), 4);           /* wide */
    ck_assert_uint_eq(utf8_width("e\xCC\x81"), 1);      /* e and a combining acute */
    ck_assert_uint_eq(utf8_width("a\xFF"), 2);          /* a bad byte counts one */
    ck_assert_int_eq(utf8_char_width(0x1F993), 2);      /* an emoji */
    ck_assert_int_eq(utf8_char_width(0x200D), 0);       /* zero width joiner */
}
END_TEST

/* ---- the table of options ------------------------------------------- */

static const struct gen_option test_options[] = {
    {"-f", "--file", "FILE", "read FILE"},
    {"--knuth", NULL, NULL, "for Knuth's DLX2\nsecond line"},
    {NULL, NULL, NULL, NULL},
};

static const struct gen_program test_program = {
    "gen-test", "gen-test [-f FILE] [--knuth] N\n", "About it.\n", test_options, "More.\n",
};

/* The command line "gen-test" + args, read as gen_getopt returns it. */
static char *parse(const char *const *args)
{
    static char out[512];
    char *argv[16] = {"gen-test"};
    int argc = 1;
    for (; args[argc - 1]; argc++)
        argv[argc] = (char *)args[argc - 1];
    gen_init(&test_program, argc, argv);
    const char *v;
    int k;
    size_t n = 0;
    while ((k = gen_getopt(&v)) != GEN_END)
        n += (size_t)snprintf(out + n, sizeof out - n, "%d=%s ", k, v ? v : "-");
    out[n] = '\0';
    return out;
}

START_TEST(options_parse)
{
    ck_assert_str_eq(parse((const char *[]){"-f", "x", "--knuth", "5", NULL}), "0=x 1=- -1=5 ");
    ck_assert_str_eq(parse((const char *[]){"--file=y", "-", "-3", NULL}), "0=y -1=- -1=-3 ");
    ck_assert_str_eq(parse((const char *[]){"--", "--knuth", "-f", NULL}), "-1=--knuth -1=-f ");
    ck_assert_str_eq(parse((const char *[]){"--file", "--knuth", NULL}), "0=--knuth ");
}
END_TEST

START_TEST(options_unknown)
{
    fclose(stderr);
    parse((const char *[]){"--nope", NULL});
}
END_TEST

START_TEST(options_missing_value)
{
    fclose(stderr);
    parse((const char *[]){"-f", NULL});
}
END_TEST

START_TEST(options_help_exits_0)
{
    fclose(stdout);
    if (!freopen("/dev/null", "w", stdout))
        ck_abort();
    parse((const char *[]){"-h", NULL});
}
END_TEST

START_TEST(options_help_into_dev_full)
{
    fclose(stderr);
    if (!freopen("/dev/full", "w", stdout))
        ck_abort();
    parse((const char *[]){"--version", NULL});
}
END_TEST

START_TEST(options_make_the_help)
{
    char *text;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    gen_init(&test_program, 0, NULL);
    gen_help(f);
    fclose(f);
    ck_assert_str_eq(text,
                     "Usage: gen-test [-f FILE] [--knuth] N\n"
                     "\n"
                     "About it.\n"
                     "\n"
                     "  -f, --file FILE read FILE\n"
                     "  --knuth         for Knuth's DLX2\n"
                     "                  second line\n"
                     "  -h, --help      show this text and exit\n"
                     "  --version       print the version and exit\n"
                     "\n"
                     "More.\n");
    free(text);
}
END_TEST

START_TEST(options_numbers)
{
    ck_assert(gen_is_number("-3"));
    ck_assert(gen_is_number("42"));
    ck_assert(!gen_is_number("-"));
    ck_assert(!gen_is_number("4x"));
    ck_assert_int_eq(gen_parse_long("12", 1, 20, "N"), 12);
}
END_TEST

/* ---- messages, names, tables ---------------------------------------- */

START_TEST(messages_escape_and_cut)
{
    char buf[GEN_QUOTE];
    char *e = gen_escape("a\x01\xFF" "é\n");
    ck_assert_str_eq(e, "a\\x01\\xFFé\\x0A");
    free(e);
    ck_assert_str_eq(gen_quote(buf, "  short"), "short");
    ck_assert_str_eq(gen_quote(buf, "éééééééééééééééééééééééééééééééééééééééééé"),
                     "éééééééééééééééééééééééééééééééééééééééé...");
}
END_TEST

START_TEST(cells_are_named_both_ways)
{
    char buf[24];
    int r, c;
    ck_assert_str_eq(gen_cell_name(buf, 10, 61, 62, 62), "aZ");
    ck_assert_str_eq(gen_cell_name(buf, 62, 3, 63, 5), "62.3");
    ck_assert(gen_parse_cell("aZ", 62, 62, &r, &c) && r == 10 && c == 61);
    ck_assert(!gen_parse_cell("aZ", 10, 62, NULL, NULL));
    ck_assert(gen_parse_cell("62.3", 0, 0, &r, &c) && r == 62 && c == 3);
    ck_assert(!gen_parse_cell("06.3", 0, 0, NULL, NULL));
    ck_assert(!gen_parse_cell("62.3", 62, 62, NULL, NULL));
}
END_TEST

START_TEST(indexes_are_named_both_ways)
{
    char buf[24];
    ck_assert_str_eq(gen_index_name(buf, 61, 1), "Z");
    ck_assert_str_eq(gen_index_name(buf, 7, 0), "7");
    ck_assert_str_eq(gen_index_name(buf, 62, 0), "62");
    ck_assert_int_eq(gen_parse_index("Z", 1), 61);
    ck_assert_int_eq(gen_parse_index("7", 0), 7);
    ck_assert_int_eq(gen_parse_index("62", 0), 62);
    ck_assert_int_eq(gen_parse_index("62", 1), -1);     /* one digit only */
    ck_assert_int_eq(gen_parse_index("a", 0), -1);      /* decimal only */
    ck_assert_int_eq(gen_parse_index("a", -1), 10);     /* either: one character */
    ck_assert_int_eq(gen_parse_index("10", -1), 10);    /* either: decimal from 10 */
    ck_assert_int_eq(gen_parse_index("07", -1), -1);
    ck_assert_int_eq(gen_parse_index("07", 0), -1);     /* no leading zero */
    ck_assert_int_eq(gen_parse_index("", -1), -1);
    ck_assert_int_eq(gen_parse_index("+5", 0), -1);
    ck_assert_int_eq(gen_parse_index("1234567890", 0), -1);  /* at most 9 digits */
}
END_TEST

START_TEST(tables_line_up_by_width)
{
    const char *cell[] = {"", "1", "2", "N", "Ägypten", "日本", "C", "red", "x"};
    char *text;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    draw_table(f, cell, 3, 3, "  ", 0);
    fclose(f);
    ck_assert_str_eq(text, "   1        2\n"
                           "N  Ägypten  日本\n"
                           "C  red      x\n");
    free(text);
}
END_TEST

/* A piece's copies: its color when it has no copies; else its hue in
   another lightness each, consecutive copies well apart. */
START_TEST(shades_of_copies)
{
    char base[8], shade[8][8];
    draw_color(3, 12, base);
    draw_shade(3, 12, 0, 1, shade[0]);
    ck_assert_str_eq(shade[0], base);
    ck_assert_str_eq(base, "#d1efb3");
    for (int j = 1; j <= 5; j++)
        draw_shade(3, 12, j, 5, shade[j]);
    ck_assert_str_eq(shade[1], "#bbe78f");
    ck_assert_str_eq(shade[2], "#96da52");
    ck_assert_str_eq(shade[3], "#d2efb5");
    for (int i = 1; i <= 5; i++)
        for (int j = 1; j < i; j++)
            ck_assert_str_ne(shade[i], shade[j]);
}
END_TEST

/* ---- main ----------------------------------------------------------- */

static Suite *gen_suite(void)
{
    Suite *s = suite_create("gen");
    TCase *ls = tcase_create("listing");
    tcase_add_test(ls, listing_reads_dlx2);
    tcase_add_test(ls, listing_reads_solutions_in_turn);
    tcase_add_test(ls, listing_reads_knuth_dlx5_costs);
    tcase_add_test(ls, listing_keeps_words_that_only_look_like_a_tally);
    tcase_add_test(ls, listing_empty_input_has_no_solution);
    tcase_add_test(ls, listing_reads_json);
    tcase_add_test(ls, listing_reads_json_escapes);
    tcase_add_loop_exit_test(ls, listing_refuses_bad_json, PROG_BAD_INPUT, 0,
                             (int)(sizeof bad_json / sizeof *bad_json));
    tcase_add_exit_test(ls, listing_refuses_text_before_a_solution, PROG_BAD_INPUT);
    tcase_add_exit_test(ls, listing_refuses_an_empty_solution, PROG_BAD_INPUT);
    tcase_add_exit_test(ls, listing_refuses_a_bad_item, PROG_BAD_INPUT);
    tcase_add_exit_test(ls, listing_refuses_an_empty_color, PROG_BAD_INPUT);
    tcase_add_exit_test(ls, listing_refuses_a_nul_byte, PROG_BAD_INPUT);
    tcase_add_test(ls, listing_none_says_why);
    suite_add_tcase(s, ls);
    TCase *u8 = tcase_create("utf8");
    tcase_add_test(u8, utf8_decodes_and_encodes);
    tcase_add_test(u8, utf8_widths);
    suite_add_tcase(s, u8);
    TCase *op = tcase_create("options");
    tcase_add_test(op, options_parse);
    tcase_add_exit_test(op, options_unknown, PROG_BAD_INPUT);
    tcase_add_exit_test(op, options_missing_value, PROG_BAD_INPUT);
    tcase_add_exit_test(op, options_help_exits_0, PROG_DONE);
    tcase_add_exit_test(op, options_help_into_dev_full, PROG_WRITE_ERROR);
    tcase_add_test(op, options_make_the_help);
    tcase_add_test(op, options_numbers);
    suite_add_tcase(s, op);
    TCase *ms = tcase_create("names");
    tcase_add_test(ms, messages_escape_and_cut);
    tcase_add_test(ms, cells_are_named_both_ways);
    tcase_add_test(ms, indexes_are_named_both_ways);
    tcase_add_test(ms, tables_line_up_by_width);
    tcase_add_test(ms, shades_of_copies);
    suite_add_tcase(s, ms);
    return s;
}

int main(void)
{
    return check_main(gen_suite());
}
