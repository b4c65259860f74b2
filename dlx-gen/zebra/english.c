/*
 * english.c — sentences about a puzzle: its clues, its questions and
 * their answers. Values with a phrase (the classic ones) make English
 * sentences ("The Spaniard owns the dog."); any other value makes a
 * plain one ("Swede is in the same house as dog.").
 */
#include "zebra.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * English for the classic values, so that answers and generated clues
 * read "The Japanese owns the zebra." A value is one of three kinds: it
 * names a person (who), or a house (adj, the colors), or something the
 * person of a house does (does). Values without a phrase (puzzles of
 * one's own) get plain sentences instead.
 */
struct phrase {
    const char *tag, *value;
    const char *who;  /* "the Englishman", or NULL */
    const char *does; /* "is English", "owns the dog", "lives in the red house" */
    const char *adj;  /* "red" for a house's color, or NULL */
};

static const struct phrase phrasebook[] = {
    {"N", "England", "the Englishman", "is English", NULL},
    {"N", "Spain", "the Spaniard", "is Spanish", NULL},
    {"N", "Ukraine", "the Ukrainian", "is Ukrainian", NULL},
    {"N", "Norway", "the Norwegian", "is Norwegian", NULL},
    {"N", "Japan", "the Japanese", "is Japanese", NULL},
    {"N", "Germany", "the German", "is German", NULL},
    {"N", "Italy", "the Italian", "is Italian", NULL},
    {"N", "Sweden", "the Swede", "is Swedish", NULL},
    {"N", "Denmark", "the Dane", "is Danish", NULL},
    {"N", "Ireland", "the Irishman", "is Irish", NULL},
    {"J", "painter", "the painter", "is a painter", NULL},
    {"J", "diplomat", "the diplomat", "is a diplomat", NULL},
    {"J", "violinist", "the violinist", "is a violinist", NULL},
    {"J", "nurse", "the nurse", "is a nurse", NULL},
    {"J", "sculptor", "the sculptor", "is a sculptor", NULL},
    {"J", "doctor", "the doctor", "is a doctor", NULL},
    {"J", "baker", "the baker", "is a baker", NULL},
    {"J", "pilot", "the pilot", "is a pilot", NULL},
    {"J", "teacher", "the teacher", "is a teacher", NULL},
    {"J", "farmer", "the farmer", "is a farmer", NULL},
    {"P", "dog", NULL, "owns the dog", NULL},
    {"P", "snails", NULL, "keeps snails", NULL},
    {"P", "fox", NULL, "owns the fox", NULL},
    {"P", "horse", NULL, "owns the horse", NULL},
    {"P", "zebra", NULL, "owns the zebra", NULL},
    {"P", "cat", NULL, "owns the cat", NULL},
    {"P", "parrot", NULL, "owns the parrot", NULL},
    {"P", "rabbit", NULL, "owns the rabbit", NULL},
    {"P", "turtle", NULL, "owns the turtle", NULL},
    {"P", "goldfish", NULL, "keeps goldfish", NULL},
    {"D", "coffee", NULL, "drinks coffee", NULL},
    {"D", "tea", NULL, "drinks tea", NULL},
    {"D", "milk", NULL, "drinks milk", NULL},
    {"D", "orange-juice", NULL, "drinks orange juice", NULL},
    {"D", "water", NULL, "drinks water", NULL},
    {"D", "cocoa", NULL, "drinks cocoa", NULL},
    {"D", "lemonade", NULL, "drinks lemonade", NULL},
    {"D", "beer", NULL, "drinks beer", NULL},
    {"D", "cider", NULL, "drinks cider", NULL},
    {"D", "soda", NULL, "drinks soda", NULL},
    {"C", "red", NULL, "lives in the red house", "red"},
    {"C", "green", NULL, "lives in the green house", "green"},
    {"C", "white", NULL, "lives in the white house", "white"},
    {"C", "yellow", NULL, "lives in the yellow house", "yellow"},
    {"C", "blue", NULL, "lives in the blue house", "blue"},
    {"C", "ivory", NULL, "lives in the ivory house", "ivory"},
    {"C", "black", NULL, "lives in the black house", "black"},
    {"C", "pink", NULL, "lives in the pink house", "pink"},
    {"C", "purple", NULL, "lives in the purple house", "purple"},
    {"C", "brown", NULL, "lives in the brown house", "brown"},
};

/* Looks up every value in the phrasebook, by tag and name. Unless all
   are there, none is used, so that the sentences keep one style. */
void attach_phrases(struct puzzle *pz)
{
    int n = pz->ncat * pz->houses, all = 1;
    pz->phrase = gen_realloc(pz->phrase, (size_t)n, sizeof *pz->phrase);
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            const struct phrase *ph = NULL;
            for (size_t k = 0; k < sizeof phrasebook / sizeof *phrasebook && !ph; k++)
                if (!strcmp(phrasebook[k].tag, pz->cat[c].tag) &&
                    !strcmp(phrasebook[k].value, pz->cat[c].value[i]))
                    ph = &phrasebook[k];
            pz->phrase[c * pz->houses + i] = ph;
            all &= ph != NULL;
        }
    if (!all) {
        free(pz->phrase);
        pz->phrase = NULL;
    }
}

/* Prints the sentence (capitalized if asked), a newline, and empties it. */
void say_line(FILE *f, struct buf *t, int capital)
{
    if (t->n == 0)
        return;
    if (capital)
        t->s[0] = (char)toupper((unsigned char)t->s[0]);
    bputc(t, '\n');
    buf_flush(t, f);
}

static const struct phrase *phrase_of(const struct puzzle *pz, struct value_ref v)
{
    return pz->phrase ? pz->phrase[flat(pz, v)] : NULL;
}

/* Who comes first in a sentence: people, then things, then houses. */
static int rank(const struct phrase *p)
{
    return p->who ? 0 : p->adj ? 2 : 1;
}

static void say_person(struct buf *t, const struct phrase *p)
{
    if (p->who)
        bprintf(t, "%s", p->who);
    else
        bprintf(t, "the person who %s", p->does);
}

/* What a person can live next to: a person, or a house by its color. */
static void say_neighbour(struct buf *t, const struct phrase *p)
{
    if (p->adj)
        bprintf(t, "the %s house", p->adj);
    else
        say_person(t, p);
}

/* House h (from 0) of n: "the first house", "the middle house", ... */
static void say_house(struct buf *t, int h, int n)
{
    static const char *const nth[] = {"first", "second", "third", "fourth", "fifth",
                                      "sixth", "seventh", "eighth", "ninth", "tenth"};
    if (n >= 3 && n % 2 == 1 && h == n / 2)
        bprintf(t, "the middle house");
    else if (h < (int)(sizeof nth / sizeof *nth))
        bprintf(t, "the %s house", nth[h]);
    else
        bprintf(t, "house %d", h + 1);
}

static void english_in_house(struct buf *t, const struct puzzle *pz, const struct phrase *a, int h)
{
    if (a->adj) {
        say_house(t, h, pz->houses);
        bprintf(t, " is %s.", a->adj);
    } else {
        say_person(t, a);
        bprintf(t, " lives in ");
        say_house(t, h, pz->houses);
        bprintf(t, ".");
    }
}

/* A clue in English; both values have phrases. */
static void english_clue(struct buf *t, const struct puzzle *pz, const struct clue *c,
                         const struct phrase *a, const struct phrase *b)
{
    const char *side = "left";
    if (c->kind != IN_HOUSE && c->kind != EXISTS && rank(b) < rank(a)) {
        /* the person (or thing) is the subject, the house the object */
        const struct phrase *swap = a;
        a = b;
        b = swap;
        side = "right";
    }
    switch (c->kind) {
    case SAME:
        say_person(t, a);
        bprintf(t, " %s.", b->does);
        break;
    case NEXT_TO:
    case LEFT_OF:
        if (a->adj)
            bprintf(t, "the %s house is ", a->adj);
        else {
            say_person(t, a);
            bprintf(t, " lives ");
        }
        if (c->kind == NEXT_TO)
            bprintf(t, "next to ");
        else
            bprintf(t, "directly to the %s of ", side);
        say_neighbour(t, b);
        bprintf(t, ".");
        break;
    case IN_HOUSE:
        english_in_house(t, pz, a, c->house);
        break;
    case EXISTS:
        if (a->adj)
            bprintf(t, "one house is %s.", a->adj);
        else if (a->who)
            bprintf(t, "%s lives in one of the houses.", a->who);
        else
            bprintf(t, "someone %s.", a->does);
        break;
    }
}

/* A clue as a sentence; returns whether it wants a capital letter. */
int clue_sentence(struct buf *t, const struct puzzle *pz, const struct clue *c)
{
    int two = c->kind == SAME || c->kind == NEXT_TO || c->kind == LEFT_OF;
    const struct phrase *a = phrase_of(pz, c->a), *b = two ? phrase_of(pz, c->b) : NULL;
    if (a && (!two || b)) {
        english_clue(t, pz, c, a, b);
        return 1;
    }
    const char *x = value_name(pz, c->a), *y = two ? value_name(pz, c->b) : "";
    switch (c->kind) {
    case SAME: bprintf(t, "%s is in the same house as %s.", x, y); break;
    case NEXT_TO: bprintf(t, "%s is next to %s.", x, y); break;
    case LEFT_OF: bprintf(t, "%s is directly to the left of %s.", x, y); break;
    case IN_HOUSE: bprintf(t, "%s is in house %d.", x, c->house + 1); break;
    case EXISTS: bprintf(t, "%s is in some house.", x); break;
    }
    return 0;
}

/* The questions of the puzzle, on one line: "Who owns the zebra? ..." */
void print_questions(FILE *f, const struct puzzle *pz)
{
    struct buf t = {NULL, 0, 0};
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < pz->houses; i++) {
            struct value_ref v = {c, i};
            const struct phrase *p = phrase_of(pz, v);
            if (!pz->question[flat(pz, v)])
                continue;
            if (t.n)
                bputc(&t, ' ');
            if (!p)
                bprintf(&t, "Where is %s?", value_name(pz, v));
            else if (p->who)
                bprintf(&t, "Where does %s live?", p->who);
            else if (p->adj)
                bprintf(&t, "Where is the %s house?", p->adj);
            else
                bprintf(&t, "Who %s?", p->does);
        }
    say_line(f, &t, 1);
    free(t.s);
}

/*
 * The answers: where each question's value is, told by the person there
 * ("The Japanese owns the zebra.", the person being the value of the first
 * category in that house), or by the house when the value is itself a
 * person or a house. slot[c*H+h] is the value of category c in house h.
 */
void print_answers(FILE *f, const struct puzzle *pz, const int *slot)
{
    struct buf t = {NULL, 0, 0};
    int n = pz->houses;
    for (int c = 0; c < pz->ncat; c++)
        for (int i = 0; i < n; i++) {
            struct value_ref q = {c, i};
            if (!pz->question[flat(pz, q)])
                continue;
            int h = 0;
            while (h < n && slot[c * n + h] != i)
                h++;
            if (h == n)
                continue;
            struct value_ref w = {0, slot[h]};
            const struct phrase *pq = phrase_of(pz, q), *pw = phrase_of(pz, w);
            int by_house = pq && (pq->who || pq->adj || c == 0);
            if (by_house)
                english_in_house(&t, pz, pq, h);
            else if (pq && pw) {
                say_person(&t, pw);
                bprintf(&t, " %s.", pq->does);
            } else if (c == 0)
                bprintf(&t, "%s is in house %d.", value_name(pz, q), h + 1);
            else
                bprintf(&t, "%s is in house %d, with %s.", value_name(pz, q), h + 1, value_name(pz, w));
            say_line(f, &t, by_house || (pq && pw));
        }
    free(t.s);
}

