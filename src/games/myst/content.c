/*
 * content.c - the contents of the MYST box as the project's own data: the
 * board is a picture and the cards and spinner carry numbers the rules do
 * not give, so the island, the 30 cards and the spinner below are ours
 * (docs/games/myst.md, "The content").  They keep every number the text
 * states: 30 cards, two of them Linking Books; a Bonus of 2 on every
 * Landmark card; Rocket Ship cards worth 4 and 5 (the text's example); one
 * Key Landmark Piece per landmark.  The landmarks are named after the
 * computer game's.  Also the small helpers that read the picture.
 */
#include "myst.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The landmarks: name, word to type, letter on the map, key space
 * (row * 12 + column; tests/test_myst.c checks each against the picture). */
const tbi_myst_landmark tbi_myst_landmarks[MYST_LANDMARKS] = {
    {"Library", "library", 'L', 3 * MYST_W + 6},     /* g4 */
    {"Planetarium", "planetarium", 'P', 2 * MYST_W + 6}, /* g3 */
    {"Rocket Ship", "rocket", 'R', 3 * MYST_W + 10}, /* k4 */
    {"Clock Tower", "clock", 'T', 6 * MYST_W + 10},  /* k7 */
    {"Log Cabin", "cabin", 'C', 1 * MYST_W + 9},     /* j2 */
    {"Sunken Ship", "ship", 'S', 4 * MYST_W + 1},    /* b5 */
    {"Giant Gear", "gear", 'G', 1 * MYST_W + 3},     /* d2 */
    {"Dock", "dock", 'D', 5 * MYST_W + 3},           /* d6 */
};

/* The island, 12 x 8 puzzle pieces covering the whole board.  '~' is sea,
 * '.' land; a landmark's letter marks the pieces of its image, upper case
 * its Key Landmark Piece.
 *
 *          abcdefghijkl */
const char tbi_myst_picture[MYST_H][MYST_W + 1] = {
    "~~~~~.~~~~~~", /* 1 */
    "~~gG...ccC~~", /* 2 */
    "~..g.pP...~~", /* 3 */
    "~s...lLl.rR~", /* 4 */
    "~Ssd..l..rr~", /* 5 */
    "~~dD.....t~~", /* 6 */
    "~~~..~...tT~", /* 7 */
    "~~~~~~~~~~t~", /* 8 */
};

/* The Marker Switches the picture shows: eight on plain ground (each
 * worth a point to the team whose piece shows it) and two drawn inside
 * landmark images (the Library's and the Rocket Ship's), which the text
 * says do not count. */
const char tbi_myst_switches[MYST_H][MYST_W + 1] = {
    "     *      ", /* 1 */
    "    *       ", /* 2 */
    "        *   ", /* 3 */
    "    *       ", /* 4 */
    "      * **  ", /* 5 */
    "     *      ", /* 6 */
    "   *   *    ", /* 7 */
    "            ", /* 8 */
};

/* The scoring Marker Switches' spaces, the same as the '*'s above outside
 * the images (tests/test_myst.c checks it): a list for the bots' loops. */
const uint8_t tbi_myst_switch_spaces[MYST_SWITCHES] = {
    0 * MYST_W + 5, 1 * MYST_W + 4, 2 * MYST_W + 8, 3 * MYST_W + 4, /* f1 e2 i3 e4 */
    4 * MYST_W + 8, 5 * MYST_W + 5, 6 * MYST_W + 3, 6 * MYST_W + 7, /* i5 f6 d7 h7 */
};

/* The 28 Landmark cards: three or four per landmark, Values 1-5. */
const uint8_t tbi_myst_card_landmark[MYST_LM_CARDS] = {
    0, 0, 0, 0, /* Library 1 2 2 3 */
    1, 1, 1, 1, /* Planetarium 2 2 3 3 */
    2, 2, 2,    /* Rocket Ship 3 4 5 */
    3, 3, 3, 3, /* Clock Tower 2 3 3 4 */
    4, 4, 4,    /* Log Cabin 3 4 4 */
    5, 5, 5,    /* Sunken Ship 2 3 5 */
    6, 6, 6, 6, /* Giant Gear 1 2 3 4 */
    7, 7, 7,    /* Dock 2 3 4 */
};
const uint8_t tbi_myst_card_value[MYST_LM_CARDS] = {
    1, 2, 2, 3, 2, 2, 3, 3, 3, 4, 5, 2, 3, 3, 4,
    3, 4, 4, 2, 3, 5, 1, 2, 3, 4, 2, 3, 4,
};

/* The cards summed by landmark (tests/test_myst.c checks the sums). */
const uint8_t tbi_myst_landmark_cards[MYST_LANDMARKS] = {4, 4, 3, 4, 3, 3, 4, 3};
const uint8_t tbi_myst_landmark_values[MYST_LANDMARKS] = {8, 10, 12, 12, 11,
                                                          10, 10, 9};

/* The spinner card: eight equal sectors; the inner ring gives the number
 * of turns (4-8), the outer ring the spaces to move (1-6). */
const uint8_t tbi_myst_spin_turns[MYST_SECTORS] = {4, 6, 5, 7, 8, 5, 6, 7};
const uint8_t tbi_myst_spin_spaces[MYST_SECTORS] = {1, 2, 3, 4, 5, 6, 3, 4};

const tbi_grid tbi_myst_grid = {MYST_W, MYST_H, TBI_GRID_SQUARE4};

const uint8_t tbi_myst_letter_landmark[128] = {
    ['L'] = 1, ['l'] = 1, ['P'] = 2, ['p'] = 2, ['R'] = 3, ['r'] = 3,
    ['T'] = 4, ['t'] = 4, ['C'] = 5, ['c'] = 5, ['S'] = 6, ['s'] = 6,
    ['G'] = 7, ['g'] = 7, ['D'] = 8, ['d'] = 8,
};

int tbi_myst_switch_drawn(int s)
{
    return tbi_myst_switches[s / MYST_W][s % MYST_W] == '*';
}

int tbi_myst_switch_scores(int s)
{
    return tbi_myst_switch_drawn(s) && tbi_myst_landmark_at(s) < 0;
}

int tbi_myst_is_sea(int s)
{
    return tbi_myst_picture[s / MYST_W][s % MYST_W] == '~';
}

void tbi_myst_space_name(int s, char *buf, size_t cap)
{
    snprintf(buf, cap, "%c%d", 'a' + s % MYST_W, s / MYST_W + 1);
}

const char *tbi_myst_read_space(const char *text, int *space)
{
    int col = tolower((unsigned char)text[0]) - 'a', row;
    if (col < 0 || col >= MYST_W)
        return NULL;
    const char *end = tbi_read_uint(text + 1, &row);
    if (!end || row < 1 || row > MYST_H)
        return NULL;
    *space = (row - 1) * MYST_W + col;
    return end;
}

void tbi_myst_card_name(int card, char *buf, size_t cap)
{
    if (card >= MYST_LM_CARDS)
        snprintf(buf, cap, "Linking Book");
    else
        snprintf(buf, cap, "%s %d",
                 tbi_myst_landmarks[tbi_myst_card_landmark[card]].name,
                 tbi_myst_card_value[card]);
}

int tbi_myst_find_landmark(const char *text)
{
    char want[32];
    tbi_squeeze(text, want, sizeof want);
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        char name[32];
        tbi_squeeze(tbi_myst_landmarks[l].name, name, sizeof name);
        if (strcmp(want, tbi_myst_landmarks[l].word) == 0 ||
            strcmp(want, name) == 0 ||
            (want[0] == tolower((unsigned char)tbi_myst_landmarks[l].letter) &&
             want[1] == '\0'))
            return l;
    }
    return -1;
}
