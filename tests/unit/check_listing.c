/*
 * check_listing.c — unit tests of the reader of listings (listing/lst.h)
 * and of the JSON string codec (listing/lst_json.h) with the Check
 * framework: each layout as dlx2 and Knuth's programs write it, what the
 * reader passes over, every refusal with its exact message and place,
 * JSON's escapes both ways. main() appends "PASS FAIL" to $RESULTS.
 *
 * A listing is read from a string into one line of text that shows what
 * the reader saw, so each test shows its input next to what it expects:
 * "K:" for a solution, its options '|' apart, each as its items (name or
 * name=color), ';' after a solution; "S=N" for a summary; "!LINE:COL:
 * message" for an error.
 */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "lst.h"
#include "lst_json.h"

/* ---- helpers -------------------------------------------------------- */

static char out[8192];
static size_t used;

static void put(const char *fmt, const char *a, const char *b)
{
    used += (size_t)snprintf(out + used, sizeof out - used, fmt, a, b);
}

/* What the reader r saw, to its end or its first error. */
static const char *events(lst_reader *r)
{
    lst_error err;
    int got;
    used = 0;
    out[0] = '\0';
    while ((got = lst_next(r, &err)) != LST_END) {
        char buf[64];
        if (got == LST_ERROR) {
            snprintf(buf, sizeof buf, "!%ld:%ld: ", err.line, err.col);
            put("%s%s", buf, err.msg);
            break;
        }
        if (got == LST_SUMMARY) {
            const lst_summary *s = lst_summary_of(r);
            put("S=%s%s", s->solutions, s->complete ? "" : " incomplete");
            if (s->stopped)
                put(" stopped=%s%s", s->stopped, "");
            if (s->shard_n) {
                snprintf(buf, sizeof buf, " shard=%d/%d", s->shard_k, s->shard_n);
                put("%s%s", buf, "");
            }
            put(";%s%s", "", "");
            continue;
        }
        const lst_solution *sol = lst_solution_of(r);
        put("%s:%s", sol->label, "");
        for (size_t k = 0; k < sol->nopts; k++)
            for (size_t i = 0; i < sol->opt[k].nitems; i++) {
                const lst_item *it = &sol->opt[k].item[i];
                put("%s%s", i ? " " : k ? "|" : "", it->name);
                if (it->color)
                    put("=%s%s", it->color, "");
            }
        put(";%s%s", "", "");
    }
    return out;
}

/* What the reader saw of the listing text. */
static const char *read_text(const char *text)
{
    lst_reader *r = lst_open_string(text, "t");
    ck_assert_ptr_nonnull(r);
    events(r);
    lst_close(r);
    return out;
}

/* The same from a FILE of n bytes (NUL bytes included). */
static const char *read_bytes(const char *bytes, size_t n)
{
    FILE *f = fmemopen((void *)bytes, n, "r");
    ck_assert_ptr_nonnull(f);
    lst_reader *r = lst_open(f, "t");
    events(r);
    lst_close(r);
    fclose(f);
    return out;
}

/* ---- DLX2's layout --------------------------------------------------- */

START_TEST(text_dlx2)
{
    /* dlx2 m1 (and Knuth's DLX2) on knuth-example-colors */
    const char *text = "1:\n A C X:1 Y:1 (2 of 2)\n B X:1 (1 of 1)\n";
    lst_reader *r = lst_open_string(text, "t");
    lst_error err;
    ck_assert_int_eq(lst_layout_of(r), LST_NONE);
    ck_assert_int_eq(lst_next(r, &err), LST_SOLUTION);
    ck_assert_int_eq(lst_layout_of(r), LST_TEXT);
    const lst_solution *s = lst_solution_of(r);
    ck_assert_str_eq(s->label, "1");
    ck_assert_uint_eq(s->number, 1);
    ck_assert_int_eq(s->line, 1);
    ck_assert_ptr_null(s->note);
    ck_assert_int_eq(s->has_cost, 0);
    ck_assert_int_eq(s->has_lines, 0);
    ck_assert_int_eq(s->has_indices, 0);
    ck_assert_int_eq(s->opt[0].index, -1);
    ck_assert_uint_eq(s->nopts, 2);
    ck_assert_str_eq(s->opt[0].text, "A C X:1 Y:1 (2 of 2)");
    ck_assert_str_eq(s->opt[0].items, "A C X:1 Y:1");
    ck_assert_int_eq(s->opt[1].line, 3);
    ck_assert_uint_eq(s->opt[0].nitems, 4);
    ck_assert_str_eq(s->opt[0].item[2].name, "X");
    ck_assert_str_eq(s->opt[0].item[2].color, "1");
    ck_assert_ptr_null(s->opt[0].item[1].color);
    ck_assert_int_eq(lst_next(r, &err), LST_END);
    ck_assert_int_eq(lst_line(r), 3);
    lst_close(r);
}
END_TEST

START_TEST(text_solutions_in_turn)
{
    ck_assert_str_eq(read_text("\n3:\n  a b (1 of 3)\n\n7:\n c:x (?)\n  d\t e  \r\n"),
                     "3:a b;7:c=x|d e;");
    ck_assert_str_eq(read_text(""), "");
    ck_assert_str_eq(read_text("\n \t\n"), "");
}
END_TEST

START_TEST(text_dlx5_costs)
{
    /* DLX5 writes a solution's cost after its number, and each option's
       cost and net cost after the tally, unless it is 0 */
    lst_reader *r = lst_open_string("1: (total cost $12)\n A B (1 of 2) $12 [5]\n C (1 of 1)\n"
                                    " D (2 of 3) $7\n", "t");
    lst_error err;
    ck_assert_int_eq(lst_next(r, &err), LST_SOLUTION);
    const lst_solution *s = lst_solution_of(r);
    ck_assert_str_eq(s->note, "(total cost $12)");
    ck_assert_int_eq(s->has_cost, 1);
    ck_assert_uint_eq(s->cost, 12);
    ck_assert_uint_eq(s->nopts, 3);
    ck_assert_int_eq(s->opt[0].has_cost, 1);
    ck_assert_uint_eq(s->opt[0].cost, 12);
    ck_assert_int_eq(s->opt[1].has_cost, 0);
    ck_assert_uint_eq(s->opt[2].cost, 7);
    ck_assert_str_eq(s->opt[2].items, "D");
    lst_close(r);
    ck_assert_str_eq(read_text("1: (total cost $18446744073709551615)\n A (1 of 1)\n"), "1:A;");
}
END_TEST

START_TEST(text_dlx3_null_choices)
{
    /* DLX3's "null NAME (k of n)" chooses no option: a solution may have none */
    ck_assert_str_eq(read_text("1:\n a (1 of 2)\n2:\n null a (2 of 2)\n"), "1:a;2:;");
}
END_TEST

START_TEST(text_words_that_only_look_like_a_tally)
{
    ck_assert_str_eq(read_text("1:\n A (1 in 2)\n B (x of 2)\n C $3\n"),
                     "1:A (1 in 2)|B (x of 2)|C $3;");
}
END_TEST

START_TEST(text_colors_as_xcc_reads_them)
{
    /* an entry's first ':' ends the name; the rest, ':' included, is the color */
    ck_assert_str_eq(read_text("1:\n A X:: Y:a:b (1 of 1)\n"), "1:A X=: Y=a:b;");
}
END_TEST

/* ---- JSON Lines ------------------------------------------------------ */

START_TEST(json_dlx2)
{
    lst_reader *r = lst_open_string(
        "{\"solution\":1,\"lines\":[4,6],\"option_indices\":[1,2],"
        "\"options\":[\"A C X:1 Y:1\",\"B X:1\"],"
        "\"colors\":{\"X\":\"1\",\"Y\":\"1\"}}\n"
        "{\"summary\":{\"solutions\":1,\"complete\":true,\"stopped\":null,\"engine\":\"dlx\","
        "\"nodes\":4,\"seconds\":0.000412}}\n", "t");
    lst_error err;
    ck_assert_int_eq(lst_next(r, &err), LST_SOLUTION);
    ck_assert_int_eq(lst_layout_of(r), LST_JSON);
    const lst_solution *s = lst_solution_of(r);
    ck_assert_int_eq(s->has_lines, 1);
    ck_assert_int_eq(s->opt[0].input_line, 4);
    ck_assert_int_eq(s->opt[1].input_line, 6);
    ck_assert_int_eq(s->has_indices, 1);
    ck_assert_int_eq(s->opt[0].index, 1);
    ck_assert_int_eq(s->opt[1].index, 2);
    ck_assert_str_eq(s->opt[1].text, "B X:1");
    ck_assert_int_eq(s->opt[1].line, 1);
    ck_assert_int_eq(s->has_colors, 1);
    ck_assert_uint_eq(s->ncolors, 2);
    ck_assert_str_eq(s->color[1].name, "Y");
    ck_assert_str_eq(s->color[1].color, "1");
    ck_assert_int_eq(lst_next(r, &err), LST_SUMMARY);
    const lst_summary *sum = lst_summary_of(r);
    ck_assert_str_eq(sum->solutions, "1");
    ck_assert_int_eq(sum->complete, 1);
    ck_assert_ptr_null(sum->stopped);
    ck_assert_int_eq(sum->line, 2);
    ck_assert_int_eq(lst_next(r, &err), LST_END);
    lst_close(r);
}
END_TEST

START_TEST(json_summaries_and_other_objects)
{
    ck_assert_str_eq(read_text("{\"other\":[1,{\"a\":\"b\"},true,null,-2.5e3]}\n"
                               "{\"summary\":{\"solutions\":123456789012345678901234567890,"
                               "\"complete\":false,\"stopped\":\"count\",\"shard\":[2,3]}}\n"),
                     "S=123456789012345678901234567890 incomplete stopped=count shard=2/3;");
    ck_assert_str_eq(read_text("{\"summary\":{\"solutions\":0}}\n"), "S=0 incomplete;");
}
END_TEST

START_TEST(json_costs_and_empty_options)
{
    lst_reader *r = lst_open_string("{\"solution\":2,\"lines\":[],\"options\":[],\"cost\":6,"
                                    "\"colors\":{}}\n", "t");
    lst_error err;
    ck_assert_int_eq(lst_next(r, &err), LST_SOLUTION);
    const lst_solution *s = lst_solution_of(r);
    ck_assert_uint_eq(s->nopts, 0);
    ck_assert_uint_eq(s->cost, 6);
    ck_assert_str_eq(s->note, "(total cost $6)");
    lst_close(r);
}
END_TEST

START_TEST(json_escapes_read)
{
    /* \u00e9 is the byte 0xe9 (dlx2's escape of a byte that is not
       UTF-8); other code points become UTF-8, a surrogate pair one */
    ck_assert_str_eq(read_text("{ \"solution\" : 12 , \"options\" : [ \"a\\\"b q:\\\\\" , "
                               "\"\\u00e9 \\u65e5:\\ud83d\\ude00 \\/\" ] }\n"),
                     "12:a\"b q=\\|\xe9 \xe6\x97\xa5=\xf0\x9f\x98\x80 /;");
}
END_TEST

/* ---- refusals: the exact message and place -------------------------- */

static const char *const refused[][2] = {
    {"hello\n", "!1:0: expected 'K:', the start of solution K, not 'hello'"},
    {"Altogether 8 solutions, 3+4 mems, and more words than forty characters\n",
     "!1:0: expected 'K:', the start of solution K, not 'Altogether 8 solutions, 3+4 mems, and mo...'"},
    {"\n (1 of 3)\n", "!2:0: expected 'K:', the start of solution K, not '(1 of 3)'"},
    {"1: total\n A\n", "!1:0: expected 'K:', the start of solution K, not '1: total'"},
    {"1: (total cost $18446744073709551616)\n A\n",
     "!1:0: expected 'K:', the start of solution K, not '1: (total cost $18446744073709551616)'"},
    {"1:\n2:\n A\n", "!1:0: solution 1 is empty"},
    {"1:\n A\n7:\n", "1:A;!3:0: solution 7 is empty"},
    {"1:\n A :B\n", "!2:0: ':B' is neither an item nor item:color"},
    {"1:\n A B:\n", "!2:0: 'B:' is neither an item nor item:color"},
    {"1:\n (1 of 2)\n", "!2:0: '(1 of 2)' is no option: it names no item"},
    {"{\"solution\":1,\"options\":[\"A\" \"B\"]}\n", "!1:30: JSON: expected ']'"},
    {"{\"solution\":1,\"options\":[\"A]}\n", "!1:30: JSON: unterminated string"},
    {"{\"solution\":1,\"options\":[\"A\\x\"]}\n", "!1:28: JSON: bad escape in a string"},
    {"{\"solution\":1,\"options\":[\"A\\u0000\"]}\n", "!1:28: JSON: NUL byte in a string"},
    {"{\"solution\":1,\"options\":[\"A\\ud83d\\u0041\"]}\n", "!1:28: JSON: bad escape in a string"},
    {"{\"solution\":1,\"options\":[\"A\\udc00\"]}\n", "!1:28: JSON: bad escape in a string"},
    {"{\"solution\":1,\"options\":[\"A\\u12\"]}\n", "!1:28: JSON: bad escape in a string"},
    {"{\"solution\":1,\"options\":[\"A\tB\"]}\n", "!1:28: JSON: control character in a string"},
    {"{\"solution\":1,\"options\":[\"A\"]} x\n", "!1:32: JSON: something after the object"},
    {"{\"solution\":1,\"options\":[\" A\"]}\n",
     "!1:26: JSON: an option is its items, one space between them"},
    {"{\"solution\":1,\"options\":[\"A :1\"]}\n",
     "!1:26: JSON: ':1' is neither an item nor item:color"},
    {"{\"solution\":1,\"options\":[\"A\"]}\n1:\n A\n", "1:A;!2:1: JSON: expected '{'"},
    {"{\"solution\":\"1\",\"options\":[\"A\"]}\n", "!1:13: JSON: expected the solution's number"},
    {"{\"solution\":01,\"options\":[\"A\"]}\n", "!1:13: JSON: expected the solution's number"},
    {"{\"solution\":1}\n", "!1:0: solution 1 is empty"},
    {"{\"solution\":1,\"lines\":[3,4],\"options\":[\"A\"]}\n",
     "!1:45: JSON: \"lines\" and \"options\" differ in length"},
    {"{\"solution\":1,\"options\":[\"A\"],\"cost\":18446744073709551616}\n",
     "!1:38: JSON: a cost past 2^64 - 1"},
    {"{\"solution\":1,\"options\":[\"A\"],\"cost\":-1}\n",
     "!1:38: JSON: expected a cost, a whole number"},
    {"{\"summary\":{\"solutions\":[}}\n", "!1:25: JSON: expected the number of solutions"},
    {"{\"summary\":{\"complete\":true}}\n", "!1:30: JSON: a summary without \"solutions\""},
    {"{\"summary\":{}}\n", "!1:15: JSON: a summary without \"solutions\""},
    {"{\"summary\":{\"solutions\":1,\"complete\":yes}}\n", "!1:38: JSON: expected true or false"},
    {"{\"x\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}\n",
     "!1:70: JSON: nested too deep"},
    {"{\"x\":}\n", "!1:6: JSON: expected a value"},
};

START_TEST(refusals)
{
    ck_assert_str_eq(read_text(refused[_i][0]), refused[_i][1]);
}
END_TEST

START_TEST(refuses_a_nul_byte)
{
    static const char text[] = "1:\n A\0B\n";
    ck_assert_str_eq(read_bytes(text, sizeof text - 1), "!2:3: NUL byte in the input");
}
END_TEST

START_TEST(refuses_a_directory)
{
    FILE *f = fopen("/", "r");
    ck_assert_ptr_nonnull(f);
    lst_reader *r = lst_open(f, "/");
    ck_assert_str_eq(events(r), "!0:0: read error: Is a directory");
    lst_close(r);
    fclose(f);
}
END_TEST

START_TEST(layouts_are_told_by_the_first_line)
{
    ck_assert_int_eq(lst_layout_starting(" {\"solution\":1}", 16), LST_JSON);
    ck_assert_int_eq(lst_layout_starting("12: \t", 5), LST_TEXT);
    ck_assert_int_eq(lst_layout_starting("3: (total cost $5)", 18), LST_TEXT);
    ck_assert_int_eq(lst_layout_starting("3: x", 4), LST_NONE);
    ck_assert_int_eq(lst_layout_starting("8........", 9), LST_NONE);
    ck_assert_int_eq(lst_layout_starting("A B | X", 7), LST_NONE);
    ck_assert_int_eq(lst_layout_starting("", 0), LST_NONE);
}
END_TEST

START_TEST(quotes_are_cut)
{
    char q[LST_QUOTE];
    ck_assert_str_eq(lst_quote(q, "  \tab c", 7), "ab c");
    ck_assert_str_eq(lst_quote(q, "0123456789012345678901234567890123456789x", 41),
                     "0123456789012345678901234567890123456789...");
    /* forty characters, not bytes: "日" is three */
    char many[200] = "";
    for (int k = 0; k < 41; k++)
        strcat(many, "\xe6\x97\xa5");
    ck_assert_uint_eq(strlen(lst_quote(q, many, strlen(many))), 40 * 3 + 3);
}
END_TEST

/* ---- the JSON string codec ------------------------------------------ */

/* s written as a JSON string. */
static const char *written(const char *s, size_t n)
{
    static char *text;
    size_t len;
    free(text);
    FILE *f = open_memstream(&text, &len);
    lst_json_write(f, s, n);
    fclose(f);
    return text;
}

START_TEST(json_written)
{
    ck_assert_str_eq(written("a\"b\\c", 5), "\"a\\\"b\\\\c\"");
    /* well-formed UTF-8 as it is; controls, DEL and other bytes as \u00XX */
    ck_assert_str_eq(written("\xc3\xa9\x01\x7f\xff\t", 6), "\"\xc3\xa9\\u0001\\u007f\\u00ff\\u0009\"");
    /* no over-long form, surrogate or code point past U+10FFFF is UTF-8 */
    ck_assert_str_eq(written("\xc0\x80\xed\xa0\x80\xf4\x90\x80\x80", 9),
                     "\"\\u00c0\\u0080\\u00ed\\u00a0\\u0080\\u00f4\\u0090\\u0080\\u0080\"");
    ck_assert_str_eq(written("\xf0\x9f\x98\x80", 4), "\"\xf0\x9f\x98\x80\"");
    ck_assert_str_eq(written("\xe6\x97", 2), "\"\\u00e6\\u0097\"");   /* cut short */
}
END_TEST

/* Every byte 1 .. 255, and some UTF-8, written and read back: the same bytes. */
START_TEST(json_round_trip)
{
    char bytes[300];
    size_t n = 0;
    for (int b = 1; b < 256; b++)
        bytes[n++] = (char)b;
    memcpy(bytes + n, "\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80", 9);
    n += 9;
    const char *text = written(bytes, n);
    lst_buf back = {0};
    const char *msg = NULL;
    size_t at = 0;
    ck_assert_int_eq(lst_json_read(text, strlen(text), &at, &back, &msg), 0);
    ck_assert_uint_eq(at, strlen(text));
    ck_assert_uint_eq(back.len, n);
    ck_assert(!memcmp(back.s, bytes, n));
    free(back.s);
}
END_TEST

/* JSON read: the bytes, or "!AT: message". */
static const char *json_read(const char *text)
{
    static char shown[256];
    lst_buf b = {0};
    const char *msg = NULL;
    size_t at = 0;
    int st = lst_json_read(text, strlen(text), &at, &b, &msg);
    if (st)
        snprintf(shown, sizeof shown, "!%zu: %s", at, msg);
    else
        snprintf(shown, sizeof shown, "%s|%zu", b.s, at);
    free(b.s);
    return shown;
}

START_TEST(json_read_escapes)
{
    ck_assert_str_eq(json_read("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\" rest"), "\"\\/\b\f\n\r\t|18");
    ck_assert_str_eq(json_read("\"\\u0041\\u00e9\\u20AC\""), "A\xe9\xe2\x82\xac|20");
    ck_assert_str_eq(json_read("\"\\uD83D\\uDE00\""), "\xf0\x9f\x98\x80|14");
    ck_assert_str_eq(json_read("\"\""), "|2");
    ck_assert_str_eq(json_read("x"), "!0: expected '\"'");
    ck_assert_str_eq(json_read("\"ab"), "!3: unterminated string");
    ck_assert_str_eq(json_read("\"a\\"), "!2: bad escape in a string");
    ck_assert_str_eq(json_read("\"a\\q\""), "!2: bad escape in a string");
    ck_assert_str_eq(json_read("\"\\u00g0\""), "!1: bad escape in a string");
    ck_assert_str_eq(json_read("\"\\u0000\""), "!1: NUL byte in a string");
    ck_assert_str_eq(json_read("\"\\ud800x\""), "!1: bad escape in a string");
    ck_assert_str_eq(json_read("\"\\ud800\\u0041\""), "!1: bad escape in a string");
    ck_assert_str_eq(json_read("\"\\ude00\""), "!1: bad escape in a string");
    ck_assert_str_eq(json_read("\"a\nb\""), "!2: control character in a string");
}
END_TEST

/* ---- the suite ------------------------------------------------------- */

static Suite *listing_suite(void)
{
    Suite *s = suite_create("listing");
    TCase *tx = tcase_create("DLX2's layout");
    tcase_add_test(tx, text_dlx2);
    tcase_add_test(tx, text_solutions_in_turn);
    tcase_add_test(tx, text_dlx5_costs);
    tcase_add_test(tx, text_dlx3_null_choices);
    tcase_add_test(tx, text_words_that_only_look_like_a_tally);
    tcase_add_test(tx, text_colors_as_xcc_reads_them);
    suite_add_tcase(s, tx);
    TCase *js = tcase_create("JSON Lines");
    tcase_add_test(js, json_dlx2);
    tcase_add_test(js, json_summaries_and_other_objects);
    tcase_add_test(js, json_costs_and_empty_options);
    tcase_add_test(js, json_escapes_read);
    suite_add_tcase(s, js);
    TCase *bad = tcase_create("refusals");
    tcase_add_loop_test(bad, refusals, 0, (int)(sizeof refused / sizeof *refused));
    tcase_add_test(bad, refuses_a_nul_byte);
    tcase_add_test(bad, refuses_a_directory);
    tcase_add_test(bad, quotes_are_cut);
    tcase_add_test(bad, layouts_are_told_by_the_first_line);
    suite_add_tcase(s, bad);
    TCase *codec = tcase_create("JSON strings");
    tcase_add_test(codec, json_written);
    tcase_add_test(codec, json_round_trip);
    tcase_add_test(codec, json_read_escapes);
    suite_add_tcase(s, codec);
    return s;
}

int main(void)
{
    return check_main(listing_suite());
}
