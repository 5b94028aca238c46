/*
 * levels.c - each game's named levels of play (easy, medium, hard, expert)
 * as data, in one table: the bot spec each level plays as and the ratings
 * that calibrate them.  The specs are the game's choice; the ratings come
 * from one arena per game in which the four levels play every seating of
 * each deal, reproduced by
 *
 *     tabula arena GAME -p PLAYERS -n GAMES --agents easy,medium,hard,expert \
 *         --seed 2026 --threads 1
 *
 * (docs/bots.md, "Levels", lists each game's figures and what they show).
 * The rule the specs follow: easy is `greedy` (a short-sighted player) or
 * `random` where greedy is no weaker than the heuristic; medium is the
 * game's heuristic; hard is ISMCTS on a short budget of 100 iterations;
 * expert is the game's tuned ISMCTS default, its budget cut where the
 * default would take more than about a second a move on one core.
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
/* Levels not calibrated yet. */
#define UNRATED(e, m, h, x) LEVELS(e, m, h, x, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

static const tbi_levels table[] = {
    {"6-nimmt",
     LEVELS("heuristic", "greedy", "ismcts:iters=100", "ismcts",
            -381, -497, -314, 106, 17, 205, 40, -54, 133, 235, 163, 330),
     2, 120, 0,
     "Not a measured step: hard over medium: 38% [20, 59] of 20 games between them. Measured before the search's defaults gained opp=on (opponent models), which made hard and expert stronger here (docs/bots.md, \"Opponent models\")."},
    {"no-thanks",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -260, -382, -187, 16, -62, 101, 60, 19, 135, 185, 116, 237),
     3, 96, 0,
     "Not a measured step: hard over medium: 56% [42, 69] of 48 games between them. Measured before the search's defaults gained opp=on (opponent models), which made hard and expert stronger here (docs/bots.md, \"Opponent models\")."},
    {"the-game", UNRATED("greedy", "heuristic", "ismcts:iters=50", "ismcts:iters=300"), 0, 0, 1, NULL},
    {"the-mind",
     LEVELS("random", "heuristic", "ismcts:iters=100", "ismcts",
            0, 0, 28, 20, 0, 51, 30, 0, 60, 0, 0, 28),
     2, 40, 1,
     "Not a measured step: hard over medium: team success 30% against 20%, mean team score 8.9 [7.0, 10.8] against 7.9 [5.7, 10.1]; expert over hard: team success 0% against 30%, mean team score 4.9 [4.1, 5.7] against 8.9 [7.0, 10.8]."},
    {"take-5",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -238, -416, -163, -12, -58, 48, 42, -30, 104, 207, 113, 399),
     2, 120, 0,
     "Not a measured step: hard over medium: 60% [39, 78] of 20 games between them."},
    {"dicht-dran",
     LEVELS("heuristic", "greedy", "ismcts:iters=100", "ismcts",
            -81, -127, -16, 2, -44, 50, 9, -34, 65, 70, 37, 102),
     3, 96, 0,
     "Not a measured step: medium over easy: 62% [48, 75] of 48 games between them; hard over medium: 52% [38, 66] of 48 games between them; expert over hard: 55% [41, 68] of 48 games between them."},
    {"schotten-totten",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -510, -555, -495, 34, -65, 107, 156, 76, 269, 319, 262, 410),
     2, 120, 0,
     "Not a measured step: hard over medium: 65% [43, 82] of 20 games between them; expert over hard: 70% [48, 85] of 20 games between them."},
    {"mystique", UNRATED("greedy", "heuristic", "ismcts:iters=100", "ismcts:iters=400"), 0, 0, 0, NULL},
    {"mystique-energy",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -180, -271, -112, 67, 15, 116, -56, -118, 5, 169, 114, 249),
     2, 120, 0,
     "Not a measured step: hard over medium: 40% [22, 61] of 20 games between them."},
    {"clique-mystique", UNRATED("greedy", "heuristic", "ismcts:iters=50", "ismcts:iters=400"), 0, 0, 0, NULL},
    {"mystical-eddies",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -144, -179, -113, 57, 56, 59, -21, -36, -5, 108, 90, 128),
     3, 48, 0,
     "Not a measured step: hard over medium: 40% [23, 59] of 24 games between them."},
    {"mystique-circle",
     LEVELS("random", "heuristic", "ismcts:iters=100", "ismcts",
            -245, -313, -211, 114, 41, 203, 27, -46, 84, 104, 51, 177),
     2, 120, 0,
     "Not a measured step: hard over medium: 35% [18, 57] of 20 games between them; expert over hard: 55% [34, 74] of 20 games between them."},
    {"battle-for-the-suns",
     LEVELS("random", "heuristic", "ismcts:iters=100", "ismcts",
            -402, -493, -341, 14, -34, 69, 82, 31, 134, 306, 249, 384),
     2, 240, 0,
     "Not a measured step: hard over medium: 61% [46, 75] of 40 games between them."},
    {"mystique-domination",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -203, -203, -203, 68, 68, 68, 68, 68, 68, 68, 68, 68),
     4, 48, 0,
     "Not a measured step: hard over medium: 50% [36, 64] of 48 games between them; expert over hard: 50% [36, 64] of 48 games between them."},
    {"mystique-pillars",
     LEVELS("random", "heuristic", "ismcts:iters=100", "ismcts",
            -735, -808, -700, -149, -230, -102, 271, 200, 346, 614, 542, 774),
     2, 240, 0,
     NULL},
    {"mystique-chain",
     LEVELS("random", "heuristic", "ismcts:iters=100", "ismcts",
            -780, -821, -763, -203, -244, -186, 356, 290, 406, 626, 542, 774),
     2, 240, 0,
     NULL},
    {"up-and-down",
     LEVELS("random", "heuristic", "ismcts:iters=100", "ismcts",
            -170, -239, -116, -52, -89, -16, 73, 27, 138, 149, 102, 211),
     2, 240, 0,
     "Not a measured step: expert over hard: 65% [50, 78] of 40 games between them."},
    {"mystique-maze",
     LEVELS("random", "heuristic", "ismcts:iters=30", "ismcts",
            -502, -527, -490, 38, -21, 97, 214, 156, 265, 250, 188, 326),
     2, 120, 0,
     "Not a measured step: expert over hard: 60% [39, 78] of 20 games between them."},
    {"chain-of-restraints",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -92, -160, -49, 7, -43, 72, -7, -114, 84, 92, 14, 173),
     2, 72, 0,
     "Not a measured step: hard over medium: 71% [43, 89] of 12 games between them."},
    {"mystique-guilds",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -439, -472, -430, 126, 70, 200, 32, -60, 106, 280, 253, 344),
     2, 72, 0,
     "Not a measured step: hard over medium: 25% [9, 53] of 12 games between them."},
    {"mystery-city",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -13, -76, 58, -132, -193, -69, 43, -14, 109, 102, 42, 166),
     2, 72, 0,
     "Not a measured step: medium over easy: 50% [25, 75] of 12 games between them; expert over hard: 50% [25, 75] of 12 games between them."},
    {"mysterium",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            30, 0, 60, 100, 72, 100, 100, 72, 100, 100, 72, 100),
     2, 40, 1,
     "Not a measured step: hard over medium: team success 100% against 100%, mean team score 7.0 [7.0, 7.0] against 7.0 [7.0, 7.0]; expert over hard: team success 100% against 100%, mean team score 7.0 [7.0, 7.0] against 7.0 [7.0, 7.0]."},
    {"myst",
     LEVELS("greedy", "heuristic", "ismcts:iters=100", "ismcts",
            -440, -466, -425, 23, -44, 80, 136, 86, 206, 282, 212, 377),
     2, 72, 0,
     NULL},
};

const tbi_levels *tbi_levels_of(const tb_game *g)
{
    for (size_t i = 0; g && i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].game, g->id) == 0)
            return &table[i];
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
