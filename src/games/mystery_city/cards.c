/*
 * cards.c - the card table of Mystery City, as data: the 16 character
 * cards (4 special, red; 12 regular) with their five attributes, their
 * couples and skills, and Chomp, the dog COMPANIONSHIP brings.
 *
 * The rules text gives only a few values, in its examples; every value it
 * states is kept here and marked in `text` (docs/games/mystery-city.md
 * prints the table with the marks).  The rest is the project's own,
 * balanced so that no card dominates: every regular card's attributes sum
 * to 35 (a '?' counted as its mean, 7), each has one 12 and one low
 * value (2-4), and every attribute has its 12 on two or three cards (and
 * a '?' on one), so that no card wins an attribute for sure.  The test
 * cards_are_balanced and the win rates by card in the doc show it.
 */
#include "mc.h"

#include <ctype.h>
#include <string.h>

#define T(a) MC_FROM_TEXT(MC_##a)
#define Q MC_Q

/*                 name       full                   alias   no sp skill
 *                 partner    ST DX IQ MO HT          text marks */
const mc_card mc_cards[MC_CARDS] = {
    {"Paul", "Paul", "Pauli", 1, 0, MC_SKILL_NONE, -1,
     {8, 6, 7, 12, 2}, MC_TEXT_NAME | T(IQ)},
    {"Amanda", "Amanda (Mandy)", "Mandy", 2, 0, MC_SKILL_NONE, 2,
     {4, 8, Q, 4, 12}, MC_TEXT_NAME | T(IQ) | T(HT)},
    {"Michael", "Michael (Mike)", "Mike", 3, 0, MC_SKILL_NONE, 1,
     {9, 5, 3, 6, 12}, MC_TEXT_NAME | T(HT)},
    {"Shelton", "Shelton", NULL, 4, 0, MC_SKILL_NONE, -1,
     {6, 9, 12, 5, 3}, MC_TEXT_NAME | T(DX)},
    {"Clive", "Clive Olsen", "Olsen", 5, 0, MC_SKILL_NONE, -1,
     {12, 4, 8, Q, 4}, MC_TEXT_NAME | T(MO)},
    {"Kendall", "Kendall Price", "Price", 6, 0, MC_SKILL_NONE, -1,
     {3, 6, 8, 12, 6}, MC_TEXT_NAME | MC_TEXT_NUMBER | T(IQ)},
    {"Charles", "Charles", NULL, 7, 0, MC_SKILL_NONE, 7,
     {12, 3, 5, 7, 8}, MC_TEXT_NAME},
    {"Bess", "Bess", NULL, 8, 0, MC_SKILL_NONE, 6,
     {3, 12, 6, 5, 9}, MC_TEXT_NAME},
    {"Alexei", "Alexei Yegorovich", "Yegorovich", 9, 1, MC_ASSASSINATION, -1,
     {7, 8, 12, 4, 4}, MC_TEXT_NAME | MC_TEXT_NUMBER | MC_TEXT_SPECIAL},
    {"Falken", "Falken", NULL, 10, 1, MC_INVESTIGATION, 10,
     {5, 9, 6, 12, 11},
     MC_TEXT_NAME | MC_TEXT_SPECIAL | MC_TEXT_SKILL | T(DX) | T(HT)},
    {"Norma", "Norma", NULL, 11, 1, MC_COUNTERINTELLIGENCE, 9,
     {4, 6, 8, 3, 12},
     MC_TEXT_NAME | MC_TEXT_SPECIAL | MC_TEXT_SKILL | T(HT)},
    {"Hazel", "Hazel Brooks", "Brooks", 12, 1, MC_COMPANIONSHIP, -1,
     {4, 5, 6, 7, 5}, 0},
    {"Luigi", "Luigi", NULL, 13, 0, MC_SKILL_NONE, 13,
     {12, 7, 4, 6, 6}, MC_TEXT_NAME},
    {"Meryl", "Meryl", NULL, 14, 0, MC_SKILL_NONE, 12,
     {5, 12, 9, 6, 3}, MC_TEXT_NAME},
    {"Victor", "Victor Crane", "Crane", 15, 0, MC_SKILL_NONE, -1,
     {7, 12, 5, Q, 4}, 0},
    {"Ruby", "Ruby Marsh", "Marsh", 16, 0, MC_SKILL_NONE, -1,
     {6, Q, 12, 3, 7}, 0},
};

/* Chomp's attributes: each at least its owner Hazel's own less 2, so that
 * joining Chomp to any previous card (worth 2 or more) never does worse
 * than Hazel alone (the engine always uses the skill when it can). */
const uint8_t mc_chomp[MC_ATTRS] = {6, 8, 4, 6, 5};

const char *const mc_attr_names[MC_ATTRS] = {"ST", "DX", "IQ", "MO", "HT"};
const char *const mc_attr_long[MC_ATTRS] = {"strength", "dexterity",
                                             "intelligence", "moral",
                                             "health"};
const char *const mc_skill_names[5] = {"", "INVESTIGATION", "ASSASSINATION",
                                       "COUNTERINTELLIGENCE",
                                       "COMPANIONSHIP"};

const uint8_t mc_2d6[13] = {0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};

/* Case-insensitive equality of a typed word and a name. */
static int same_word(const char *a, const char *b)
{
    return b && tbi_word_eq(a, b);
}

int mc_card_by_name(const char *word)
{
    if (word[0] == '#') {
        int n;
        const char *end = tbi_read_uint(word + 1, &n);
        if (!end || *end || n < 1 || n > MC_CARDS)
            return -1;
        for (int c = 0; c < MC_CARDS; c++)
            if (mc_cards[c].number == n)
                return c;
        return -1;
    }
    for (int c = 0; c < MC_CARDS; c++)
        if (same_word(word, mc_cards[c].name) ||
            same_word(word, mc_cards[c].alias))
            return c;
    return -1;
}

int mc_attr_by_name(const char *word)
{
    for (int a = 0; a < MC_ATTRS; a++)
        if (same_word(word, mc_attr_names[a]) ||
            same_word(word, mc_attr_long[a]))
            return a;
    return -1;
}
