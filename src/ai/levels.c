/*
 * levels.c - each game's named levels of play (easy, medium, hard, expert)
 * as data: the bot spec each level plays as, and the measurements that
 * show each level a step above the one below.  The rule the specs follow
 * (docs/bots.md, "Levels"): hard is the game's best cheap bot (its
 * heuristic; greedy in 6 nimmt!), expert the default ISMCTS where it is
 * shown above hard head to head, and medium and easy hard with the
 * handicap blunder=P (bot.c) at rates chosen so that each step wins about
 * 70-85% of its games.  Where no search is shown above the heuristic the
 * ladder ends at it and the three levels below are it handicapped.  Each
 * step comes from one arena of level names, reproduced by
 *
 *     tabula arena GAME -p P -n N --agents LOWER,UPPER --seed 2026 \
 *         --threads 1
 *
 * (the table `steps` names each arena).  Mysterium keeps the older
 * calibration, one arena of the four levels with their ratings.
 */
#include "levels.h"
#include "internal.h"

#include <string.h>

/* A row's levels from their four specs, with ratings r[0..3] and their
 * 95% intervals. */
#define LEVELS(e, m, h, x, r0, l0, h0, r1, l1, h1, r2, l2, h2, r3, l3, h3) \
    {{"easy", e, r0, l0, h0},                                               \
     {"medium", m, r1, l1, h1},                                             \
     {"hard", h, r2, l2, h2},                                               \
     {"expert", x, r3, l3, h3}}
/* Levels calibrated step by step (their steps: the table `steps`). */
#define SPECS(e, m, h, x) LEVELS(e, m, h, x, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

static const tbi_levels table[] = {
    {"6-nimmt",
     SPECS("greedy:blunder=0.9", "greedy:blunder=0.45", "greedy", "ismcts"),
     0, 0, 0,
     "hard is greedy, which beats the heuristic at 2 players (86.9% [83.2, 90.2] of 400 games: tabula arena 6-nimmt -p 2 -n 400 --agents heuristic,greedy --seed 2026 --threads 1); the levels below it are greedy handicapped."},
    {"no-thanks",
     SPECS("heuristic:blunder=0.65", "heuristic:blunder=0.3", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"the-game",
     SPECS("heuristic:blunder=0.12", "heuristic:blunder=0.05", "heuristic:blunder=0.02", "heuristic"),
     0, 0, 1,
     "The ladder ends at the heuristic: no search is shown above it (the ISMCTS team was level with the heuristic team, docs/bots.md), so hard, medium and easy are the heuristic handicapped."},
    {"the-mind",
     SPECS("heuristic:blunder=0.1", "heuristic:blunder=0.03", "heuristic", "ismcts:iters=100"),
     0, 0, 1,
     "expert is ISMCTS at 100 iterations, the budget at which The Mind's search team was measured above the heuristic team (docs/bots.md); the handicap costs dearly here, so the rates are small."},
    {"take-5",
     SPECS("heuristic:blunder=0.6", "heuristic:blunder=0.25", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"dicht-dran",
     SPECS("random", "heuristic:blunder=0.65", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"schotten-totten",
     SPECS("heuristic:blunder=0.5", "heuristic:blunder=0.2", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"mystique",
     SPECS("heuristic:blunder=0.45", "heuristic:blunder=0.2", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"mystique-energy",
     SPECS("random", "heuristic:blunder=0.55", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"clique-mystique",
     SPECS("heuristic:blunder=0.5", "heuristic:blunder=0.2", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"mystical-eddies",
     SPECS("heuristic:blunder=0.45", "heuristic:blunder=0.2", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"mystique-circle",
     SPECS("heuristic:blunder=0.65", "heuristic:blunder=0.3", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"battle-for-the-suns",
     SPECS("heuristic:blunder=0.8", "heuristic:blunder=0.45", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"mystique-domination",
     SPECS("heuristic:blunder=0.6", "heuristic:blunder=0.3", "heuristic", "ismcts"),
     0, 0, 0,
     "Each step counts the games in which each team of partners was one level; the expert step was measured on 10 deals, as the search plays two seats of every game (its team also won 85.8% [82.8, 88.4] of 600 games against the heuristic's, docs/bots.md)."},
    {"mystique-pillars",
     SPECS("heuristic:blunder=0.6", "heuristic:blunder=0.35", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"mystique-chain",
     SPECS("heuristic:blunder=0.45", "heuristic:blunder=0.2", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"up-and-down",
     SPECS("random", "heuristic", "ismcts:iters=100", "ismcts"),
     0, 0, 0,
     "A game of much luck: random play is only about 140 rating points below the heuristic, so the steps are random, the heuristic, a short search and the default search."},
    {"mystique-maze",
     SPECS("heuristic:blunder=0.25", "heuristic:blunder=0.12", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"chain-of-restraints",
     SPECS("heuristic:blunder=0.3", "heuristic:blunder=0.1", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"mystique-guilds",
     SPECS("heuristic:blunder=0.33", "heuristic:blunder=0.15", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    {"mystery-city",
     SPECS("heuristic:blunder=0.55", "heuristic:blunder=0.25", "heuristic", "ismcts"),
     0, 0, 0, NULL},
    /* Mysterium is measured at hard with 4 players, where the levels
     * separate (on easy at 2 players every level from medium up won all
     * its games): its policies by strength and, on top, its search, whose
     * ghost pools the heuristic ghost's estimates over 300 worlds
     * (vote=on), each a measured step (docs/bots.md, "Levels"; the
     * search's over the heuristic is told paired by deal, over these
     * 400 deals and 600 others). */
    {"mysterium",
     LEVELS("counting", "onecard", "heuristic", "ismcts",
            5.8, 3.5, 8.5, 22.0, 17.9, 26.3, 42.5, 37.6, 47.4, 49.0, 44.1, 53.9),
     4, 1600, 1,
     "expert over hard, paired by deal: +6.5 points [+0.3, +12.7] of team success on these 400 deals, +6.6 [+2.8, +10.4] over 1000 deals of three arenas (49.1% [46.0, 52.2] against 42.5% [39.5, 45.6]; docs/games/mysterium.md, \"Search defaults\")."},
    {"myst",
     SPECS("heuristic:blunder=0.4", "heuristic:blunder=0.2", "heuristic", "ismcts"),
     0, 0, 0, NULL},
};

/* The steps of the games calibrated step by step: the upper level's
 * head-to-head share over the lower with its 95% interval (competitive),
 * or the two levels' mean team scores (cooperative), from the arena the
 * step names (levels.h, tbi_step). */
#define STEP(agents, p, n, pairs, s, lo, hi) \
    {agents, p, n, pairs, s, lo, hi, 0, 0, 0, 0, 0, 0, 0, 0, 0}
#define NOT_MEASURED {NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
#define TEAM_STEP(agents, p, n, w, wlo, whi, bw, bwlo, bwhi, s, slo, shi, \
                  bs, bslo, bshi)                                           \
    {agents, p, n, n, w, wlo, whi, bw, bwlo, bwhi, s, slo, shi, bs, bslo, bshi}

static const tbi_steps steps[] = {
    {"6-nimmt",
     {STEP("easy,medium", 2, 400, 400, 82.4, 78.3, 85.9),
      STEP("medium,hard", 2, 400, 400, 79.6, 75.4, 83.3),
      STEP("hard,expert", 2, 60, 60, 90.0, 79.9, 98.7)},
     0, 21.6},
    {"no-thanks",
     {STEP("easy,medium,hard", 3, 600, 600, 80.5, 77.1, 83.8),
      STEP("easy,medium,hard", 3, 600, 600, 78.5, 75.0, 81.9),
      STEP("medium,hard,expert", 3, 180, 180, 87.5, 81.9, 91.8)},
     0, 16},
    {"the-game",
     {TEAM_STEP("easy,medium,hard,expert", 2, 1600,
                11.8, 8.6, 15.3, 0.8, 0.0, 2.2,
                18.25, 16.68, 19.81, 37.16, 35.53, 38.78),
      TEAM_STEP("easy,medium,hard,expert", 2, 1600,
                33.0, 28.4, 37.8, 11.8, 8.6, 15.3,
                9.85, 8.61, 11.09, 18.25, 16.68, 19.81),
      TEAM_STEP("easy,medium,hard,expert", 2, 1600,
                52.2, 47.3, 57.2, 33.0, 28.4, 37.8,
                3.96, 3.26, 4.65, 9.85, 8.61, 11.09)},
     1, 0.0469},
    {"the-mind",
     {TEAM_STEP("easy,medium,hard,expert", 2, 800,
                3.0, 0.6, 6.4, 0.0, 0.0, 1.9,
                6.00, 5.60, 6.39, 3.91, 3.64, 4.18),
      TEAM_STEP("easy,medium,hard,expert", 2, 800,
                17.5, 12.2, 23.4, 3.0, 0.6, 6.4,
                8.00, 7.57, 8.42, 6.00, 5.60, 6.39),
      TEAM_STEP("easy,medium,hard,expert", 2, 800,
                46.0, 39.1, 52.9, 17.5, 12.2, 23.4,
                8.84, 8.35, 9.33, 8.00, 7.57, 8.42)},
     0, 1.75},
    {"take-5",
     {STEP("easy,medium", 2, 400, 400, 76.4, 72.0, 80.4),
      STEP("medium,hard", 2, 400, 400, 76.8, 72.4, 80.9),
      STEP("hard,expert", 2, 60, 60, 87.5, 76.8, 96.5)},
     0, 57.3},
    {"dicht-dran",
     {STEP("easy,medium,hard", 3, 600, 600, 71.2, 67.4, 74.9),
      STEP("easy,medium,hard", 3, 600, 600, 78.6, 75.1, 81.8),
      STEP("medium,hard,expert", 3, 240, 240, 69.8, 63.7, 75.4)},
     0, 33.9},
    {"schotten-totten",
     {STEP("easy,medium", 2, 400, 400, 81.5, 77.4, 85.1),
      STEP("medium,hard", 2, 400, 400, 75.5, 71.1, 79.5),
      STEP("hard,expert", 2, 100, 100, 70.0, 60.3, 79.7)},
     0, 30.4},
    {"mystique",
     {STEP("easy,medium", 2, 400, 400, 78.4, 74.1, 82.1),
      STEP("medium,hard", 2, 400, 400, 80.1, 75.9, 83.8),
      STEP("hard,expert", 2, 40, 40, 100.0, 91.2, 100.0)},
     0, 30.1},
    {"mystique-energy",
     {STEP("easy,medium", 2, 400, 400, 72.2, 67.7, 76.4),
      STEP("medium,hard", 2, 400, 400, 77.5, 73.2, 81.5),
      STEP("hard,expert", 2, 60, 60, 73.3, 61.0, 85.5)},
     0, 418},
    {"clique-mystique",
     {STEP("easy,medium", 2, 400, 400, 76.5, 72.1, 80.5),
      STEP("medium,hard", 2, 400, 400, 74.4, 69.9, 78.4),
      STEP("hard,expert", 2, 600, 600, 95.7, 93.7, 97.3)},
     0, 51.5},
    {"mystical-eddies",
     {STEP("easy,medium,hard", 3, 600, 600, 75.6, 72.0, 78.9),
      STEP("easy,medium,hard", 3, 600, 600, 70.3, 66.6, 73.8),
      STEP("medium,hard,expert", 3, 600, 600, 62.5, 58.6, 66.3)},
     0, 85.8},
    {"mystique-circle",
     {STEP("easy,medium", 2, 400, 400, 76.0, 71.6, 80.2),
      STEP("medium,hard", 2, 400, 400, 75.2, 70.8, 79.4),
      STEP("hard,expert", 2, 120, 120, 65.0, 56.1, 73.4)},
     0, 38},
    {"battle-for-the-suns",
     {STEP("easy,medium", 2, 400, 400, 75.0, 70.5, 79.1),
      STEP("medium,hard", 2, 400, 400, 79.0, 74.7, 82.7),
      STEP("hard,expert", 2, 60, 60, 90.0, 79.9, 97.3)},
     0, 14.2},
    {"mystique-domination",
     {STEP("easy,medium,easy,medium", 4, 1440, 480, 72.5, 65.0, 80.0),
      STEP("medium,hard,medium,hard", 4, 1440, 480, 65.0, 57.2, 72.8),
      STEP("hard,expert,hard,expert", 4, 240, 80, 80.0, 64.0, 96.0)},
     0, 38.5},
    {"mystique-pillars",
     {STEP("easy,medium", 2, 400, 400, 79.5, 75.3, 83.4),
      STEP("medium,hard", 2, 400, 400, 80.8, 76.6, 84.5),
      STEP("hard,expert", 2, 60, 60, 100.0, 94.0, 100.0)},
     0, 6.85},
    {"mystique-chain",
     {STEP("easy,medium", 2, 400, 400, 76.0, 71.6, 79.9),
      STEP("medium,hard", 2, 400, 400, 77.5, 73.2, 81.5),
      STEP("hard,expert", 2, 60, 60, 100.0, 94.0, 100.0)},
     0, 33.2},
    {"up-and-down",
     {STEP("easy,medium", 2, 600, 600, 71.3, 67.6, 74.8),
      STEP("medium,hard", 2, 400, 400, 64.8, 59.9, 69.3),
      STEP("hard,expert", 2, 400, 400, 61.5, 56.6, 66.1)},
     0, 3.69},
    {"mystique-maze",
     {STEP("easy,medium", 2, 400, 400, 78.4, 74.1, 82.2),
      STEP("medium,hard", 2, 400, 400, 70.5, 65.9, 74.8),
      STEP("hard,expert", 2, 100, 100, 70.0, 60.4, 78.1)},
     0, 8.74},
    {"chain-of-restraints",
     {STEP("easy,medium", 2, 400, 400, 77.6, 73.3, 81.6),
      STEP("medium,hard", 2, 400, 400, 76.8, 72.4, 80.6),
      STEP("hard,expert", 2, 120, 120, 67.5, 58.7, 75.2)},
     0, 187},
    {"mystique-guilds",
     {STEP("easy,medium", 2, 400, 400, 75.8, 71.3, 79.7),
      STEP("medium,hard", 2, 400, 400, 75.5, 71.1, 79.5),
      STEP("hard,expert", 2, 120, 120, 62.5, 53.6, 70.8)},
     0, 263},
    {"mystery-city",
     {STEP("easy,medium", 2, 400, 400, 81.0, 76.9, 84.6),
      STEP("medium,hard", 2, 400, 400, 79.8, 75.5, 83.4),
      STEP("hard,expert", 2, 60, 60, 91.7, 81.9, 98.4)},
     0, 23},
    {"myst",
     {STEP("easy,medium", 2, 400, 400, 73.8, 69.2, 77.8),
      STEP("medium,hard", 2, 400, 400, 78.1, 73.8, 81.9),
      STEP("hard,expert", 2, 400, 400, 72.1, 67.5, 76.3)},
     0, 22.3},
};

const tbi_levels *tbi_levels_of(const tb_game *g)
{
    for (size_t i = 0; g && i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].game, g->id) == 0)
            return &table[i];
    return NULL;
}

/* The games whose arena was run with options other than the defaults,
 * where the defaults do not tell the levels apart. */
static const struct {
    const char *game, *options;
} calibrated_with[] = {
    {"mysterium", "difficulty=hard"},
};

const char *tbi_levels_options(const tbi_levels *lv)
{
    for (size_t i = 0; lv && i < sizeof calibrated_with /
                                     sizeof calibrated_with[0]; i++)
        if (strcmp(calibrated_with[i].game, lv->game) == 0)
            return calibrated_with[i].options;
    return NULL;
}

const char *tbi_level_spec(const tb_game *g, const char *name)
{
    const tbi_levels *lv = tbi_levels_of(g);
    for (int i = 0; lv && i < TBI_LEVELS; i++)
        if (tbi_word_eq(lv->level[i].name, name))
            return lv->level[i].spec;
    return NULL;
}

int tbi_is_level(const char *name)
{
    static const char *const names[TBI_LEVELS] = {"easy", "medium", "hard",
                                                  "expert"};
    for (int i = 0; i < TBI_LEVELS; i++)
        if (tbi_word_eq(names[i], name))
            return 1;
    return 0;
}

const tbi_steps *tbi_steps_of(const tb_game *g)
{
    for (size_t i = 0; g && i < sizeof steps / sizeof steps[0]; i++)
        if (strcmp(steps[i].game, g->id) == 0)
            return &steps[i];
    return NULL;
}

int tbi_step_shown(const tbi_levels *lv, const tbi_steps *ss, int i)
{
    const tbi_step *st = ss ? &ss->step[i] : NULL;
    if (!st || st->games <= 0)
        return 0;
    if (!lv->team)
        return st->lo > 50;
    int score = ss->fewer_better ? st->score_hi < st->below_score_lo
                                 : st->score_lo > st->below_score_hi;
    return st->lo > st->below_hi || score;
}
