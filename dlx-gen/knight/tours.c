/*
 * tours.c — tours as sequences of vertices: following a cover's moves,
 * the canonical form that makes a tour, its reverse and any rotation of
 * its start one sequence, and lists and sets of such sequences.
 */
#include "knight.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void tour_walk(const int *succ, const int *pred, int vertices, int from, int forward, int *seq)
{
    const int *step = forward ? succ : pred;
    for (int k = 0, x = from; k < vertices; k++, x = step[x])
        seq[k] = x;
}

void tour_canonical(const int *succ, const int *pred, int vertices, int from, int *seq)
{
    tour_walk(succ, pred, vertices, from, succ[from] <= pred[from], seq);
}

const int *tour_list_at(const struct tour_list *l, size_t k)
{
    return l->seq + k * (size_t)l->len;
}

void tour_list_push(struct tour_list *l, const int *seq, const char *label)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->seq = gen_realloc(l->seq, l->cap, (size_t)l->len * sizeof(int));
        l->label = gen_realloc(l->label, l->cap, sizeof(char *));
    }
    memcpy(l->seq + l->n * (size_t)l->len, seq, (size_t)l->len * sizeof(int));
    l->label[l->n++] = label ? gen_strdup(label) : NULL;
}

void tour_list_free(struct tour_list *l)
{
    for (size_t k = 0; k < l->n; k++)
        free(l->label[k]);
    free(l->seq);
    free(l->label);
}

/* FNV-1a over the vertices: any decent mix will do, the table checks
   equality anyway. */
static size_t hash_seq(const int *seq, int len)
{
    uint64_t h = 14695981039346656037u;
    for (int k = 0; k < len; k++) {
        h ^= (uint64_t)(unsigned)seq[k];
        h *= 1099511628211u;
    }
    return (size_t)h;
}

/* The slot that holds seq, or the empty slot where it would go. */
static size_t set_slot(const struct tour_set *s, const int *seq)
{
    int len = s->list.len;
    size_t k = hash_seq(seq, len) & (s->nslots - 1);
    while (s->slot[k] && memcmp(tour_list_at(&s->list, s->slot[k] - 1), seq, (size_t)len * sizeof(int)))
        k = (k + 1) & (s->nslots - 1);
    return k;
}

int tour_set_has(const struct tour_set *s, const int *seq)
{
    return s->nslots && s->slot[set_slot(s, seq)];
}

static void set_grow(struct tour_set *s)
{
    free(s->slot);
    s->nslots = s->nslots ? 2 * s->nslots : 256;
    s->slot = gen_zalloc(s->nslots, sizeof(size_t));
    for (size_t i = 0; i < s->list.n; i++)
        s->slot[set_slot(s, tour_list_at(&s->list, i))] = i + 1;
}

int tour_set_add(struct tour_set *s, const int *seq)
{
    if (2 * (s->list.n + 1) > s->nslots)
        set_grow(s);
    size_t k = set_slot(s, seq);
    if (s->slot[k])
        return 0;
    tour_list_push(&s->list, seq, NULL);
    s->slot[k] = s->list.n;
    return 1;
}

void tour_set_free(struct tour_set *s)
{
    tour_list_free(&s->list);
    free(s->slot);
}
