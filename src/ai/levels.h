/*
 * levels.h - named levels of play for people: easy, medium, hard and
 * expert, each a bot spec the game chooses, with the arena measurements
 * that show each level a step above the one below (docs/bots.md,
 * "Levels").  A level's name is a seat spec of its own ("--seats
 * human,hard"): tbi_bot_new reads it as its spec.
 */
#ifndef TABULA_LEVELS_H
#define TABULA_LEVELS_H

#include "tabula.h"

#define TBI_LEVELS 4 /* easy, medium, hard, expert */
#define TBI_LEVEL_SEED 2026 /* the seed of every calibration arena */

/* One level: its name and the spec it plays as; for a game still
 * calibrated the older way (one arena of the four levels, below), its
 * rating there. */
typedef struct tbi_level {
    const char *name;
    const char *spec;
    /* Bradley-Terry rating on the Elo scale (mean 0 over the four levels)
     * from that arena, with its 95% bootstrap interval; in a cooperative
     * game (`team`), the team's success rate in percent with its 95%
     * interval instead.  Only when the table's `games` is above 0. */
    double rating, lo, hi;
} tbi_level;

/* One step up: the level above against the level below in one arena,
 *
 *     tabula arena GAME -p players -n games --agents AGENTS \
 *         --seed TBI_LEVEL_SEED --threads 1
 *
 * (AGENTS: level names, the two levels and in a game of more seats the
 * levels that fill them).  In a competitive game `share` is the upper
 * level's head-to-head share in percent, over the `pairs` meetings of the
 * two (each game both sat in, on opposite sides; a tie counts a half),
 * with its 95% interval [lo, hi] (the wider of a Wilson interval over the
 * meetings and a bootstrap over the deals).  In a cooperative game each
 * level plays every seat of each deal, and the step is told by the team's
 * success rate (`share` [lo, hi] the upper level's, `below` [below_lo,
 * below_hi] the lower's, in percent) or by its mean team score (`score`
 * and `below_score`, each with its interval), whichever shows it.  games
 * 0: not measured. */
typedef struct tbi_step {
    const char *agents;
    int players, games, pairs;
    double share, lo, hi;
    double below, below_lo, below_hi;
    double score, score_lo, score_hi;
    double below_score, below_score_lo, below_score_hi;
} tbi_step;

/* A game's levels and how they were calibrated in the older way: one
 * arena of the four levels as a field (every seating of each deal, seed
 * 2026) at `players` players, `games` games in all (0: no such arena).
 * A game calibrated step by step has its steps in a tbi_steps instead
 * (tbi_steps_of). */
typedef struct tbi_levels {
    const char *game; /* tb_game.id */
    tbi_level level[TBI_LEVELS];
    int players;
    int games;
    int team; /* a cooperative game: each level plays every seat */
    /* What the calibration rests on where a reader needs telling (why the
     * expert is not the search, a step not shown), or NULL. */
    const char *note;
} tbi_levels;

/* A game's levels calibrated step by step. */
typedef struct tbi_steps {
    const char *game;              /* tb_game.id */
    tbi_step step[TBI_LEVELS - 1]; /* step[i]: level i + 1 over level i */
    int fewer_better; /* team steps: a lower mean score is the better */
    /* The expert's thinking time per move in its step's arena, in
     * milliseconds on one core of the shared machine (0: not measured). */
    double expert_ms;
} tbi_steps;

/* The levels of g, easiest first; every registered game has them
 * (tests/test_bots.c checks it), so NULL only for a game unknown here. */
const tbi_levels *tbi_levels_of(const tb_game *g);
/* The game options lv's arena was run with (`--opt` words, as
 * "difficulty=hard"), or NULL for the game's defaults. */
const char *tbi_levels_options(const tbi_levels *lv);
/* The spec that level `name` of g plays as, or NULL when name is not a
 * level (case-insensitive, as bot names are). */
const char *tbi_level_spec(const tb_game *g, const char *name);
/* Whether name is one of the level names (for any game). */
int tbi_is_level(const char *name);
/* The steps between g's levels, or NULL where g is not calibrated step
 * by step. */
const tbi_steps *tbi_steps_of(const tb_game *g);
/* Whether step i of ss (the steps of lv's game) is a measured step up:
 * the head-to-head interval lies above 50%, or (cooperative) the two
 * levels' intervals of the team success rate, or of the mean team score,
 * are apart, the upper level's the better. */
int tbi_step_shown(const tbi_levels *lv, const tbi_steps *ss, int i);

#endif
