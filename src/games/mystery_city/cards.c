/*
 * cards.c - the card table of Mystery City, as data: the 16 character
 * cards (4 special, red; 12 regular) with their five attributes, their
 * couples and skills, and Chomp, the dog COMPANIONSHIP brings.
 *
 * The rules text gives only a few values, in its examples; every value it
 * states is kept here and marked in `text` (docs/games/mystery-city.md
 * prints the table with the marks).  The rest is the project's own.  An
 * attack with a 12 can only be met by a 12, so when a few cards held all
 * the 12s of an attribute their holder could win every attack it made
 * while losing one card to each attack on it, and two players traded a
 * card for ever (a quarter of the games ended at the combat limit).  So
 * every attribute has its 12 on at least four regular cards, and most
 * regular cards have two or three 12s: a hand that holds all the 12s of
 * one attribute is a big one, and an attack with a 12 is usually met by
 * a 12 (a tie, and a counterattack) when the defender holds several
 * cards.  How many 12s a card has was set by measured play: couples sum
 * their values when both are on the table (and so win ties), so their
 * cards have fewer 12s (one or two) than the cards without a partner (two
 * or three); the other values matter little.  The tests
 * card_table_follows_its_design and cards_are_balanced, and the win rates
 * by card in the doc, show it.
 */
#include "mc.h"

#include <ctype.h>
#include <string.h>

#define T(a) MC_FROM_TEXT(MC_##a)
#define Q MC_Q

/*                 name       full                   alias   no sp skill
 *                 partner    ST DX IQ MO HT          text marks */
MC_TABLE_CONST mc_card mc_cards[MC_CARDS] = {
    {"Paul", "Paul", "Pauli", 1, 0, MC_SKILL_NONE, -1,
     {12, 4, 7, 12, 12}, MC_TEXT_NAME | T(IQ)},
    {"Amanda", "Amanda (Mandy)", "Mandy", 2, 0, MC_SKILL_NONE, 2,
     {4, 6, Q, 3, 12}, MC_TEXT_NAME | T(IQ) | T(HT)},
    {"Michael", "Michael (Mike)", "Mike", 3, 0, MC_SKILL_NONE, 1,
     {12, 4, 3, 6, 12}, MC_TEXT_NAME | T(HT)},
    {"Shelton", "Shelton", NULL, 4, 0, MC_SKILL_NONE, -1,
     {12, 9, 12, 12, 2}, MC_TEXT_NAME | T(DX)},
    {"Clive", "Clive Olsen", "Olsen", 5, 0, MC_SKILL_NONE, -1,
     {12, 4, 12, Q, 12}, MC_TEXT_NAME | T(MO)},
    {"Kendall", "Kendall Price", "Price", 6, 0, MC_SKILL_NONE, -1,
     {3, 12, 8, 12, 3}, MC_TEXT_NAME | MC_TEXT_NUMBER | T(IQ)},
    {"Charles", "Charles", NULL, 7, 0, MC_SKILL_NONE, 7,
     {12, 4, 12, 5, 5}, MC_TEXT_NAME},
    {"Bess", "Bess", NULL, 8, 0, MC_SKILL_NONE, 6,
     {5, 12, 4, 5, 6}, MC_TEXT_NAME},
    {"Alexei", "Alexei Yegorovich", "Yegorovich", 9, 1, MC_ASSASSINATION, -1,
     {7, 8, 12, 4, 4}, MC_TEXT_NAME | MC_TEXT_NUMBER | MC_TEXT_SPECIAL},
    {"Falken", "Falken", NULL, 10, 1, MC_INVESTIGATION, 10,
     {5, 9, 6, 12, 11},
     MC_TEXT_NAME | MC_TEXT_SPECIAL | MC_TEXT_SKILL | T(DX) | T(HT)},
    {"Norma", "Norma", NULL, 11, 1, MC_COUNTERINTELLIGENCE, 9,
     {4, 6, 8, 3, 12},
     MC_TEXT_NAME | MC_TEXT_SPECIAL | MC_TEXT_SKILL | T(HT)},
    {"Hazel", "Hazel Brooks", "Brooks", 12, 1, MC_COMPANIONSHIP, -1,
     {4, 4, 4, 4, 4}, 0},
    {"Luigi", "Luigi", NULL, 13, 0, MC_SKILL_NONE, 13,
     {12, 5, 4, 12, 5}, MC_TEXT_NAME},
    {"Meryl", "Meryl", NULL, 14, 0, MC_SKILL_NONE, 12,
     {4, 12, 6, 5, 5}, MC_TEXT_NAME},
    {"Victor", "Victor Crane", "Crane", 15, 0, MC_SKILL_NONE, -1,
     {5, 12, 12, Q, 5}, 0},
    {"Ruby", "Ruby Marsh", "Marsh", 16, 0, MC_SKILL_NONE, -1,
     {4, Q, 12, 12, 12}, 0},
};

/* Chomp's attributes: each at least its owner Hazel's own less 2, so that
 * joining Chomp to any previous card (worth 2 or more) never does worse
 * than Hazel alone (the engine always uses the skill when it can), and no
 * more: with this table most ties are 12 against 12, which Chomp added to
 * the tied card wins whatever he is worth, so COMPANIONSHIP is strong
 * already (docs, "The cards"). */
MC_TABLE_CONST uint8_t mc_chomp[MC_ATTRS] = {2, 2, 2, 2, 2};

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
