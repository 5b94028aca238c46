/*
 * levels.h - named levels of play for people: easy, medium, hard and
 * expert, each a bot spec the game chooses, with the arena ratings that
 * calibrate them (docs/bots.md, "Levels").  A level's name is a seat spec
 * of its own ("--seats human,hard"): tbi_bot_new reads it as its spec.
 */
#ifndef TABULA_LEVELS_H
#define TABULA_LEVELS_H

#include "tabula.h"

#define TBI_LEVELS 4 /* easy, medium, hard, expert */

/* One level: its name, the spec it plays as, and its measured rating. */
typedef struct tbi_level {
    const char *name;
    const char *spec;
    /* Bradley-Terry rating on the Elo scale (mean 0 over the four levels)
     * from the calibration arena below, with its 95% bootstrap interval;
     * in a cooperative game (`team`), the team's success rate in percent
     * with its 95% interval instead.  Only when the table's `games` is
     * above 0. */
    double rating, lo, hi;
} tbi_level;

/* A game's levels and how they were calibrated: an arena of the four
 * levels as a field (every seating of each deal, seed 2026), at `players`
 * players, `games` games in all (0: not calibrated yet). */
typedef struct tbi_levels {
    const char *game; /* tb_game.id */
    tbi_level level[TBI_LEVELS];
    int players;
    int games;
    int team; /* a cooperative game: each level plays every seat */
    /* One sentence on what the calibration shows where a level is not a
     * measured step above the one below, or NULL. */
    const char *note;
} tbi_levels;

/* The levels of g, easiest first; every registered game has them
 * (tests/test_bots.c checks it), so NULL only for a game unknown here. */
const tbi_levels *tbi_levels_of(const tb_game *g);
/* The spec that level `name` of g plays as, or NULL when name is not a
 * level (case-insensitive, as bot names are). */
const char *tbi_level_spec(const tb_game *g, const char *name);
/* Whether name is one of the level names (for any game). */
int tbi_is_level(const char *name);

#endif
