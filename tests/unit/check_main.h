/*
 * check_main.h — the main of each Check program in tests/unit/: runs a
 * suite and appends "PASS FAIL" to the file named by $RESULTS, where
 * tests/run adds the lines up. Returns main's exit status.
 */
#ifndef CHECK_MAIN_H
#define CHECK_MAIN_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

static int check_main(Suite *suite)
{
    SRunner *sr = srunner_create(suite);
    srunner_run_all(sr, CK_NORMAL);
    int run = srunner_ntests_run(sr), failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    const char *results = getenv("RESULTS");
    if (results) {
        FILE *f = fopen(results, "a");
        if (f) {
            fprintf(f, "%d %d\n", run - failed, failed);
            fclose(f);
        }
    }
    return failed ? 1 : 0;
}

#endif
