/*
 * belief.c - how well weighted determinization (the ismcts bot's infer=N,
 * src/ai/belief.h) knows where the unseen cards lie, against the plain
 * determinization it replaces.  Games are played by the seat specs given
 * (--seats; the game's heuristic everywhere by default); a shadow ismcts
 * bot with infer=N sits in the seat under test (each seat in turn, game by
 * game), told every move as matches tell bots, and at each decision of
 * that seat it readies its weighted worlds.  For each other seat, the
 * share of its true hand that a world gives it is read from the game's
 * own view of that seat (the "hand" array of view_json), in W worlds
 * drawn by weight and in W plain determinizations; the difference is what
 * the moves taught the belief.  Means are per game, with a 95% interval
 * over games.  Only games whose views show a seat's hand as "hand" can be
 * measured.
 *
 * Build and run: make bench-belief GAME=ID BELIEF_ARGS="-p 4 -n 20"
 */
#include "internal.h"
#include "tabula.h"

#include "bot.h"
#include "ismcts.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DRAWS 16 /* worlds of each kind per decision */

/* The share of seat's hand in truth that world gives seat too (-1 when
 * the view shows no hand, or an empty one). */
static double hand_overlap(const tb_game *g, const void *truth,
                           const void *world, int seat)
{
    json_t *vt = g->view_json(truth, seat), *vw = g->view_json(world, seat);
    json_t *ht = json_object_get(vt, "hand"), *hw = json_object_get(vw, "hand");
    double share = -1;
    if (json_is_array(ht) && json_is_array(hw) && json_array_size(ht) > 0) {
        size_t i, j, same = 0;
        json_t *x, *y;
        json_array_foreach(ht, i, x) {
            json_array_foreach(hw, j, y) {
                if (json_equal(x, y)) {
                    same++;
                    break;
                }
            }
        }
        share = (double)same / (double)json_array_size(ht);
    }
    json_decref(vt);
    json_decref(vw);
    return share;
}

/* Mean and 95% half-width of n values. */
static void mean_ci(const double *v, int n, double *mean, double *half)
{
    double s = 0, ss = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    *mean = n ? s / n : 0;
    for (int i = 0; i < n; i++)
        ss += (v[i] - *mean) * (v[i] - *mean);
    *half = n > 1 ? 1.96 * sqrt(ss / (n - 1) / n) : 0;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: belief GAME [-p N] [-n GAMES] [--seed S] [--worlds N]\n"
            "              [--spec SPEC] [--seats A,B,...]\n"
            "  How much of the other seats' hands the weighted worlds of\n"
            "  ismcts infer=N get right, against plain determinization.\n"
            "  --worlds N   the belief's worlds (default 64)\n"
            "  --spec SPEC  the shadow bot's spec over ismcts:iters=1,infer=N\n"
            "               (e.g. opp=on)\n"
            "  --seats      the players, one spec a seat (default: heuristic)\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage();
        return argc < 2 ? 2 : 0;
    }
    const tb_game *g = tb_find_game(argv[1]);
    if (!g) {
        fprintf(stderr, "belief: no game '%s' (tabula list)\n", argv[1]);
        return 2;
    }
    int players = g->min_players, games = 20, worlds = 64;
    uint64_t seed = 1;
    const char *extra = "", *seats = "heuristic";
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) {
            usage();
            return 2;
        }
        if (!strcmp(o, "-p"))
            players = atoi(v);
        else if (!strcmp(o, "-n"))
            games = atoi(v);
        else if (!strcmp(o, "--seed"))
            seed = strtoull(v, NULL, 10);
        else if (!strcmp(o, "--worlds"))
            worlds = atoi(v);
        else if (!strcmp(o, "--spec"))
            extra = v;
        else if (!strcmp(o, "--seats"))
            seats = v;
        else {
            usage();
            return 2;
        }
        i++;
    }
    tb_config cfg;
    char err[256];
    if (tb_config_default(g, players, &cfg) != TB_OK ||
        tb_config_check(g, &cfg, err, sizeof err) != TB_OK) {
        fprintf(stderr, "belief: %d players: %s\n", players, err);
        return 2;
    }
    char spec[256], seat_spec[TB_MAX_PLAYERS][128];
    snprintf(spec, sizeof spec, "ismcts:iters=1,infer=%d%s%s", worlds,
             *extra ? "," : "", extra);
    for (int p = 0; p < players; p++) {
        const char *s = seats;
        for (int k = 0; k < p && strchr(s, ','); k++)
            s = strchr(s, ',') + 1;
        size_t len = strcspn(s, ",");
        snprintf(seat_spec[p], sizeof seat_spec[p], "%.*s", (int)len, s);
    }
    double *gain = calloc((size_t)games, sizeof *gain);
    double *share_b = calloc((size_t)games, sizeof *share_b);
    double *share_u = calloc((size_t)games, sizeof *share_u);
    void *st = tb_state_new(g), *w = tb_state_new(g);
    if (!gain || !share_b || !share_u || !st || !w)
        return 1;
    long used_total = 0, decisions_total = 0;
    double ess_total = 0;
    int measured = 0;
    for (int n = 0; n < games; n++) {
        int me = n % players;
        tbi_bot *bots[TB_MAX_PLAYERS], *shadow;
        for (int p = 0; p < players; p++) {
            bots[p] = tbi_bot_new(g, seat_spec[p], err, sizeof err);
            if (!bots[p]) {
                fprintf(stderr, "belief: %s: %s\n", seat_spec[p], err);
                return 2;
            }
            tbi_bot_start(bots[p], &cfg, p, seed * 1000 + (uint64_t)n * 10 + (uint64_t)p);
        }
        if (!(shadow = tbi_bot_new(g, spec, err, sizeof err))) {
            fprintf(stderr, "belief: %s: %s\n", spec, err);
            return 2;
        }
        tbi_bot_start(shadow, &cfg, me, seed * 1000 + (uint64_t)n * 10 + 9);
        if (tb_init(g, st, &cfg, err, sizeof err) != TB_OK) {
            fprintf(stderr, "belief: %s\n", err);
            return 2;
        }
        tb_rng luck, draw;
        tb_rng_seed(&luck, seed * 7919 + (uint64_t)n);
        tb_rng_seed(&draw, seed * 104729 + (uint64_t)n);
        double sb = 0, su = 0;
        long cnt = 0;
        for (;;) {
            tb_settle(g, st, &luck);
            int cur = tb_current(g, st);
            if (cur == TB_TERMINAL)
                break;
            if (cur == me) {
                decisions_total++;
                (void)tbi_bot_choose(shadow, st, me);
                int used = 0;
                const tbi_belief *b = tbi_ismcts_belief(shadow, &used);
                if (used) {
                    used_total++;
                    ess_total += tbi_belief_effective(b);
                    for (int k = 0; k < DRAWS; k++)
                        for (int j = 0; j < players; j++) {
                            if (j == me)
                                continue;
                            tbi_belief_draw(b, w, &draw);
                            double ob = hand_overlap(g, st, w, j);
                            memcpy(w, st, g->state_size);
                            tb_determinize(g, w, me, &draw);
                            double ou = hand_overlap(g, st, w, j);
                            if (ob < 0 || ou < 0)
                                continue;
                            sb += ob;
                            su += ou;
                            cnt++;
                        }
                }
            }
            tb_action a = tbi_bot_choose(bots[cur], st, cur);
            for (int p = 0; p < players; p++)
                tbi_bot_observe(bots[p], st, a);
            tbi_bot_observe(shadow, st, a);
            tb_apply_legal(g, st, a);
        }
        if (cnt) {
            share_b[measured] = sb / (double)cnt;
            share_u[measured] = su / (double)cnt;
            gain[measured] = share_b[measured] - share_u[measured];
            measured++;
        }
        for (int p = 0; p < players; p++)
            tbi_bot_free(bots[p]);
        tbi_bot_free(shadow);
    }
    double mb, hb, mu, hu, mg, hg;
    mean_ci(share_b, measured, &mb, &hb);
    mean_ci(share_u, measured, &mu, &hu);
    mean_ci(gain, measured, &mg, &hg);
    printf("%s, %d players, %d games (seed %llu), seats %s, shadow %s\n",
           g->id, players, games, (unsigned long long)seed, seats, spec);
    printf("decisions of the seat under test: %ld; the belief served %ld "
           "(%.1f%%), mean effective worlds %.1f of %d\n",
           decisions_total, used_total,
           decisions_total ? 100.0 * (double)used_total / (double)decisions_total : 0,
           used_total ? ess_total / (double)used_total : 0, worlds);
    printf("share of another seat's hand placed right, over %d games:\n"
           "  weighted worlds %.2f%% [%.2f, %.2f]\n"
           "  plain worlds    %.2f%% [%.2f, %.2f]\n"
           "  difference      %+.2f points [%+.2f, %+.2f]\n",
           measured, 100 * mb, 100 * (mb - hb), 100 * (mb + hb), 100 * mu,
           100 * (mu - hu), 100 * (mu + hu), 100 * mg, 100 * (mg - hg),
           100 * (mg + hg));
    free(gain);
    free(share_b);
    free(share_u);
    free(st);
    free(w);
    return 0;
}
