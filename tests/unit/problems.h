/*
 * problems.h — problems the unit tests of several programs share.
 */
#ifndef TESTS_PROBLEMS_H
#define TESTS_PROBLEMS_H

#include <stdio.h>

/* The permutations i -> j of 6 things in which every i + j has the same
   parity, told by the color of a secondary item P, and not both 0 -> 0
   and 1 -> 1, which share the uncolored secondary item Z: 72 - 4 = 68
   solutions, with purifying and cleansing at every level. Written into
   text (4096 bytes). */
static inline char *parity_problem_into(char *text)
{
    size_t len = 0;
    for (int i = 0; i < 6; i++)
        len += (size_t)sprintf(text + len, "r%d c%d ", i, i);
    len += (size_t)sprintf(text + len, "| P Z\n");
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            len += (size_t)sprintf(text + len, "r%d c%d P:%s%s\n", i, j, (i + j) % 2 ? "odd" : "even",
                                   i == j && i < 2 ? " Z" : "");
    return text;
}

#endif
