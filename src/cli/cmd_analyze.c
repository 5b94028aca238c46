/*
 * cmd_analyze.c - `tabula analyze`: a balance report for game designers.
 * It simulates the game (and each variant named with --compare, from the
 * same seeds so that comparisons are paired), then writes report.md,
 * report.json and SVG charts: seat advantage, score distributions, game
 * length, decisiveness and drama, variant differences, and the precision
 * the sample reached.  Its seat and variant findings are then played again
 * with each policy of a pool (--policies) in every seat, and the report
 * says which findings hold under all of them: a designer is not told that
 * a seat or a variant gains when only one model of the players says so.
 */
#include "cli.h"
#include "internal.h"
#include "sim.h"
#include "svg.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_VARIANTS 8
#define MAX_POLICIES 6
#define Z95 1.959963984540054

static int usage(void)
{
    printf(
        "usage: tabula analyze GAME [-p N] [--seats BOT,...] [-n GAMES]\n"
        "                      [--opt key=value]... [--compare key=value]...\n"
        "                      [--out DIR] [--seed S] [--threads T]\n"
        "                      [--precision W] [--max-games M]\n\n"
        "Simulates GAME and writes a balance report to DIR: report.md (read it\n"
        "on its own), report.json (every figure) and SVG charts.  It covers\n"
        "the win rate of each seat with 95%% intervals and whether the first\n"
        "seat's edge is significant (see --rotate); the draw rate (games\n"
        "nobody won); score distributions; game\n"
        "length in actions and rounds; decisiveness and drama (lead changes, how early\n"
        "the winner is clear, how often the last seat at mid-game wins); and,\n"
        "with --compare, each variant side by side with paired differences.\n\n"
        "  -p N               players (default: the game's minimum)\n"
        "  --seats LIST       bots per seat (default heuristic)\n"
        "  -n GAMES           games per variant (default 1000; with --rotate\n"
        "                     the seeds, each played once per rotation)\n"
        "  --opt key=value    an option of the base game\n"
        "  --compare key=value  a variant: the base with this option changed;\n"
        "                     repeat for several variants\n"
        "  --out DIR          where to write the report (default report-GAME)\n"
        "  --seed S           master seed (default 1); the same seed gives\n"
        "                     the same report\n"
        "  --threads T        worker threads (default 1)\n"
        "  --precision W      keep simulating (doubling the games) until every\n"
        "                     win-rate interval is at most W wide on each side\n"
        "  --max-games M      stop --precision at M games (default 1000000)\n"
        "  --policies LIST    the players the seat and variant findings are\n"
        "                     checked under, each in every seat (default:\n"
        "                     heuristic, the game's first own policy or\n"
        "                     greedy, and ismcts:iters=100); 'none' skips\n"
        "                     the check\n"
        "  --policy-games N   games per variant under each policy (default:\n"
        "                     -n, at most 200): the check's cost\n"
        "  --rotate           play every seed once per rotation of the seats'\n"
        "                     bots (seat j gets the bot named for seat j+r),\n"
        "                     so seats can be compared fairly with different\n"
        "                     bots; also reports each bot's win rate\n\n"
        "A seat's edge is claimed only from seat-fair runs: the same bot in\n"
        "every seat, or --rotate.  With different bots and no --rotate the\n"
        "report says the seat differences measure the bots too.  The\n"
        "report's section \"Findings across policies\" says whether the\n"
        "first seat's edge and each variant's effects (on seat 0's win rate,\n"
        "the draw rate, the length) hold under every policy of --policies or\n"
        "under some only; its summary is also printed.\n");
    return 0;
}

typedef struct variant {
    char name[96];
    tb_config cfg;
    tbi_game_summary *games;
    long n;
} variant;

typedef struct seat_figures {
    double wins, win_rate, lo, hi;
    tbi_moments score;
    double quart[5]; /* min, q1, median, q3, max */
} seat_figures;

typedef struct figures {
    long n;
    seat_figures seat[TB_MAX_PLAYERS];
    double team_wins, team_lo, team_hi;
    double draws, draw_lo, draw_hi; /* games nobody won (tb_result.draw) */
    tbi_moments team_score, actions, rounds;
    double actions_quart[5];
    int has_drama;
    tbi_moments lead_changes, decided_at;
    double comebacks, comeback_lo, comeback_hi;
    int edge_measured; /* only from seat-fair runs (see seat_fair) */
    double edge, edge_lo, edge_hi, edge_p; /* seat 0 minus the fair share */
    /* With --rotate: each distinct bot's share of the wins over the seats
     * it held, with 95% intervals over the seeds. */
    seat_figures bot[TB_MAX_PLAYERS];
} figures;

typedef struct context {
    const tb_game *g;
    cli_game_args ga;
    int coop;
    variant v[MAX_VARIANTS];
    int nv;
    figures fig[MAX_VARIANTS];
    long n;        /* seeds per variant */
    int rotations; /* games per seed: 1, or the players with --rotate */
    /* Whether seat differences measure the seats alone: the same bot in
     * every seat, or the bots rotated over the seats on each seed. */
    int seat_fair;
    /* The distinct bots of the seat list, and which one each seat holds. */
    char bots[TB_MAX_PLAYERS][TB_SEAT_SPEC];
    int n_bots, bot_of_seat[TB_MAX_PLAYERS];
    double precision;
    double widest; /* the widest win-rate half-width reached */
    struct policy_run *pol; /* the findings under each of --policies */
    int npol;
    long policy_games;
    /* The findings across the policies, in words, and whether each holds
     * under every policy. */
    char finding[1 + 3 * MAX_VARIANTS][640];
    int holds[1 + 3 * MAX_VARIANTS];
    int n_findings;
} context;


/* ------------------------------------------------------------ sampling */

/* Extends every variant to ctx->n seeds, playing the games not yet
 * played; seed i is the same in every variant.  With --rotate each seed is
 * played once per rotation r of the seat list (seat j holding the bot
 * named for seat (j + r) mod players), and game r of seed i is kept at
 * index i * rotations + r. */
static int simulate(context *ctx, int threads)
{
    int R = ctx->rotations, P = ctx->ga.cfg.players;
    for (int k = 0; k < ctx->nv; k++) {
        variant *v = &ctx->v[k];
        long have = v->n / R;
        if (have >= ctx->n)
            continue;
        tbi_game_summary *all =
            realloc(v->games, (size_t)(ctx->n * R) * sizeof *all);
        if (!all)
            return cli_error("out of memory for %ld games", ctx->n * R);
        v->games = all;
        for (int r = 0; r < R; r++) {
            tbi_sim_spec spec;
            memset(&spec, 0, sizeof spec);
            spec.game = ctx->g;
            spec.cfg = v->cfg;
            for (int j = 0; j < P; j++)
                memcpy(spec.seats[j], ctx->ga.seats[(j + r) % P],
                       sizeof spec.seats[j]);
            spec.first_game = have;
            spec.games = ctx->n - have;
            spec.seed = ctx->ga.seed;
            spec.threads = threads;
            spec.keep_games = 1;
            spec.progress = cli_progress_callback;
            spec.progress_user = v->name;
            tbi_sim_out out;
            char err[512];
            if (tbi_sim_run(&spec, &out, err, sizeof err) != TB_OK)
                return cli_error("%s", err);
            for (long i = 0; i < spec.games; i++)
                all[(have + i) * R + r] = out.per_game[i];
            tbi_sim_out_free(&out);
        }
        v->n = ctx->n * R;
    }
    return 0;
}

/* ------------------------------------------------------------ figures */

/* A seat's share of a game's win: 1/k for a k-way tie for first (the
 * engine's one rule, tbi_win_share), or the team's win. */
static double win_share(const tbi_game_summary *s, int seat, int players,
                        int coop)
{
    if (coop)
        return s->team_win;
    tb_result r;
    memset(&r, 0, sizeof r);
    r.players = players;
    for (int j = 0; j < players; j++)
        r.rank[j] = s->rank[j];
    return tbi_win_share(&r, seat);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Min, quartiles and max of n values (sorted in place). */
static void quartiles(double *v, long n, double q[5])
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    for (int k = 0; k < 5; k++)
        q[k] = n ? v[(long)((double)(n - 1) * k / 4.0 + 0.5)] + 0.0 : 0;
}

/* The two-sided p-value of a normal z statistic. */
static double p_two_sided(double z)
{
    return erfc(fabs(z) / sqrt(2.0));
}

/* A rate's 95% interval over seeds from per-seed rates (each the mean
 * over a seed's rotations): a normal interval, clipped to [0, 1] and
 * always holding the estimate.  Games of one seed are not independent, so
 * the seed, not the game, is the unit. */
static void seed_interval(const tbi_moments *m, double *rate, double *lo,
                          double *hi)
{
    double mean = tbi_moments_mean(m), h = tbi_moments_ci95(m);
    *rate = mean;
    *lo = fmin(mean, fmax(0.0, mean - h));
    *hi = fmax(mean, fmin(1.0, mean + h));
}

static void compute_figures(const context *ctx, const variant *v, figures *f)
{
    int P = v->cfg.players, R = ctx->rotations;
    long seeds = v->n / R;
    memset(f, 0, sizeof *f);
    f->n = v->n;
    double *tmp = malloc((size_t)(v->n ? v->n : 1) * sizeof *tmp);
    for (int j = 0; j < P; j++) {
        seat_figures *s = &f->seat[j];
        tbi_moments per_seed = {0, 0, 0};
        for (long i = 0; i < seeds; i++) {
            double share = 0;
            for (int r = 0; r < R; r++) {
                const tbi_game_summary *gs = &v->games[i * R + r];
                share += win_share(gs, j, P, ctx->coop);
                tbi_moments_add(&s->score, gs->score[j]);
                tmp[i * R + r] = gs->score[j];
            }
            s->wins += share;
            tbi_moments_add(&per_seed, share / R);
        }
        if (R > 1)
            seed_interval(&per_seed, &s->win_rate, &s->lo, &s->hi);
        else {
            s->win_rate = v->n ? s->wins / (double)v->n : 0;
            tbi_wilson95(s->wins, (double)v->n, &s->lo, &s->hi);
        }
        quartiles(tmp, v->n, s->quart);
    }
    for (long i = 0; i < v->n; i++) {
        const tbi_game_summary *g = &v->games[i];
        f->team_wins += g->team_win;
        f->draws += g->draw;
        tbi_moments_add(&f->team_score, g->team_score);
        tbi_moments_add(&f->actions, g->actions);
        tbi_moments_add(&f->rounds, g->rounds);
        tmp[i] = g->actions;
        if (g->has_drama) {
            f->has_drama = 1;
            tbi_moments_add(&f->lead_changes, g->lead_changes);
            tbi_moments_add(&f->decided_at, g->decided_at);
            f->comebacks += g->comeback;
        }
    }
    quartiles(tmp, v->n, f->actions_quart);
    free(tmp);
    tbi_wilson95(f->team_wins, (double)v->n, &f->team_lo, &f->team_hi);
    tbi_wilson95(f->draws, (double)v->n, &f->draw_lo, &f->draw_hi);
    tbi_wilson95(f->comebacks, f->lead_changes.n, &f->comeback_lo,
                 &f->comeback_hi);
    /* Each bot's share of the wins over the seats it held, per seed. */
    if (R > 1)
        for (int b = 0; b < ctx->n_bots; b++) {
            seat_figures *s = &f->bot[b];
            tbi_moments per_seed = {0, 0, 0};
            for (long i = 0; i < seeds; i++) {
                double share = 0;
                int held = 0;
                for (int r = 0; r < R; r++)
                    for (int j = 0; j < P; j++)
                        if (ctx->bot_of_seat[(j + r) % P] == b) {
                            share += win_share(&v->games[i * R + r], j, P,
                                               ctx->coop);
                            held++;
                        }
                s->wins += share;
                tbi_moments_add(&per_seed, held ? share / held : 0);
            }
            seed_interval(&per_seed, &s->win_rate, &s->lo, &s->hi);
        }
    /* The first seat's edge over a fair share of the wins, claimed only
     * from seat-fair runs: with different bots in the seats it would
     * measure the bots as much as the seat. */
    double fair = 1.0 / P, n = (double)v->n;
    f->edge_measured = ctx->seat_fair && !ctx->coop && n > 0;
    f->edge = f->seat[0].win_rate - fair;
    f->edge_lo = f->seat[0].lo - fair;
    f->edge_hi = f->seat[0].hi - fair;
    f->edge_p = 1;
    if (!f->edge_measured)
        return;
    if (R > 1) {
        /* Paired over seeds: each seed's mean share of seat 0 over the
         * rotations, so the bots' strengths cancel within a seed. */
        tbi_moments d = {0, 0, 0};
        for (long i = 0; i < seeds; i++) {
            double share = 0;
            for (int r = 0; r < R; r++)
                share += win_share(&v->games[i * R + r], 0, P, ctx->coop);
            tbi_moments_add(&d, share / R - fair);
        }
        double sd = tbi_moments_sd(&d);
        f->edge_p = sd > 0 ? p_two_sided(tbi_moments_mean(&d) /
                                         (sd / sqrt((double)seeds)))
                           : (tbi_moments_mean(&d) == 0 ? 1 : 0);
    } else {
        f->edge_p = p_two_sided((f->seat[0].wins - n * fair) /
                                sqrt(n * fair * (1 - fair)));
    }
}

/* The widest win-rate half-width over every variant and seat. */
static double widest_interval(const context *ctx)
{
    double w = 0;
    for (int k = 0; k < ctx->nv; k++) {
        const figures *f = &ctx->fig[k];
        if (ctx->coop)
            w = fmax(w, (f->team_hi - f->team_lo) / 2);
        else
            for (int j = 0; j < ctx->v[k].cfg.players; j++)
                w = fmax(w, (f->seat[j].hi - f->seat[j].lo) / 2);
    }
    return w;
}

/* A paired difference over common seeds: variant minus base, per game. */
typedef struct paired {
    double mean, lo, hi;
} paired;

/* A variant's effects, paired over seeds against the base: seat 0's win
 * rate (the team's in a cooperative game), the draw rate and the length. */
typedef struct effects {
    paired win0, draw, actions;
} effects;

/* The seat and variant findings with one policy in every seat. */
typedef struct policy_run {
    char spec[TB_SEAT_SPEC];
    long n;                        /* games per variant */
    figures fig[MAX_VARIANTS];     /* fig[k].edge* is the seat finding */
    effects eff[MAX_VARIANTS];     /* eff[k] for k >= 1 */
} policy_run;

typedef double (*game_value)(const tbi_game_summary *s, int seat, int players,
                             int coop);

static double value_win(const tbi_game_summary *s, int seat, int players,
                        int coop)
{
    return win_share(s, seat, players, coop);
}
static double value_score(const tbi_game_summary *s, int seat, int players,
                          int coop)
{
    (void)players;
    return coop ? s->team_score : s->score[seat];
}
static double value_draw(const tbi_game_summary *s, int seat, int players,
                         int coop)
{
    (void)seat, (void)players, (void)coop;
    return s->draw;
}
static double value_actions(const tbi_game_summary *s, int seat, int players,
                            int coop)
{
    (void)seat, (void)players, (void)coop;
    return s->actions;
}
static double value_lead_changes(const tbi_game_summary *s, int seat,
                                 int players, int coop)
{
    (void)seat, (void)players, (void)coop;
    return s->lead_changes;
}

static paired pair_diff(const context *ctx, const variant *base,
                        const variant *v, game_value fn, int seat)
{
    tbi_moments m = {0, 0, 0};
    for (long i = 0; i < base->n && i < v->n; i++)
        tbi_moments_add(&m, fn(&v->games[i], seat, v->cfg.players, ctx->coop) -
                                fn(&base->games[i], seat, base->cfg.players,
                                   ctx->coop));
    paired p;
    p.mean = tbi_moments_mean(&m);
    double h = tbi_moments_ci95(&m);
    p.lo = p.mean - h;
    p.hi = p.mean + h;
    return p;
}

/* ------------------------------------------------------------ policies */

/* The default pool of --policies: the game's heuristic, its first own
 * policy (else greedy, the generic short-sighted player) and a short
 * search; three models of the players that are not one another. */
static int default_policies(const tb_game *g, char list[][TB_SEAT_SPEC])
{
    snprintf(list[0], TB_SEAT_SPEC, "heuristic");
    snprintf(list[1], TB_SEAT_SPEC, "%s",
             g->n_policies ? g->policies[0].name : "greedy");
    snprintf(list[2], TB_SEAT_SPEC, "ismcts:iters=100");
    return 3;
}

/* A variant's effects against the base, paired over the seeds. */
static effects variant_effects(const context *ctx, const variant *base,
                               const variant *v)
{
    effects e;
    e.win0 = pair_diff(ctx, base, v, value_win, 0);
    e.draw = pair_diff(ctx, base, v, value_draw, 0);
    e.actions = pair_diff(ctx, base, v, value_actions, 0);
    return e;
}

/* Plays the base game and every variant again with each policy in every
 * seat (ctx->policy_games seeds, the same seeds as the main run) and keeps
 * their seat and variant findings.  A policy the main run already played
 * in every seat is not played again: its figures are the main run's. */
static int run_policies(context *ctx, int threads)
{
    int P = ctx->ga.cfg.players;
    for (int i = 0; i < ctx->npol; i++) {
        policy_run *pr = &ctx->pol[i];
        if (ctx->n_bots == 1 && ctx->rotations == 1 &&
            strcmp(ctx->bots[0], pr->spec) == 0) {
            pr->n = ctx->n;
            for (int k = 0; k < ctx->nv; k++) {
                pr->fig[k] = ctx->fig[k];
                if (k)
                    pr->eff[k] = variant_effects(ctx, &ctx->v[0], &ctx->v[k]);
            }
            continue;
        }
        context *sub = malloc(sizeof *sub);
        if (!sub)
            return cli_error("out of memory for the policy runs");
        *sub = *ctx;
        sub->pol = NULL;
        sub->npol = 0;
        for (int j = 0; j < P; j++) {
            snprintf(sub->ga.seats[j], sizeof sub->ga.seats[j], "%s", pr->spec);
            sub->bot_of_seat[j] = 0;
        }
        snprintf(sub->bots[0], sizeof sub->bots[0], "%s", pr->spec);
        sub->n_bots = 1;
        sub->rotations = 1;
        sub->seat_fair = 1;
        for (int k = 0; k < sub->nv; k++) {
            sub->v[k].games = NULL;
            sub->v[k].n = 0;
        }
        sub->n = ctx->policy_games;
        int rc = simulate(sub, threads);
        if (!rc) {
            pr->n = sub->n;
            for (int k = 0; k < sub->nv; k++) {
                compute_figures(sub, &sub->v[k], &pr->fig[k]);
                if (k)
                    pr->eff[k] = variant_effects(sub, &sub->v[0], &sub->v[k]);
            }
        }
        for (int k = 0; k < sub->nv; k++)
            free(sub->v[k].games);
        free(sub);
        if (rc)
            return rc;
    }
    return 0;
}

/* The direction a paired difference shows at 95%: 1 up, -1 down, 0 none. */
static int direction(paired p)
{
    return p.lo > 0 ? 1 : p.hi < 0 ? -1 : 0;
}

/* Writes into ctx's next finding one claim as the policies make it: which
 * policies show it `up` (say, "has an advantage"), which `down`, which
 * neither, as "The first seat has an advantage under heuristic only; not
 * under greedy, ismcts:iters=100".  none is the sentence when no policy
 * shows either.  Returns whether every policy agrees. */
static int add_finding(context *ctx, const char *subject, const char *up,
                       const char *down, const char *none, const int *sign)
{
    tb_text t;
    tb_text_init(&t, ctx->finding[ctx->n_findings],
                 sizeof ctx->finding[0]);
    int count[3] = {0, 0, 0}; /* down, none, up */
    for (int i = 0; i < ctx->npol; i++)
        count[sign[i] + 1]++;
    int agree = count[0] == ctx->npol || count[1] == ctx->npol ||
                count[2] == ctx->npol;
    if (count[1] == ctx->npol) {
        tb_text_printf(&t, "%s under any policy (", none);
        for (int i = 0; i < ctx->npol; i++)
            tb_text_printf(&t, "%s%s", i ? ", " : "", ctx->pol[i].spec);
        tb_text_puts(&t, ")");
    } else if (agree) {
        tb_text_printf(&t, "%s %s under every policy (", subject,
                       count[2] ? up : down);
        for (int i = 0; i < ctx->npol; i++)
            tb_text_printf(&t, "%s%s", i ? ", " : "", ctx->pol[i].spec);
        tb_text_puts(&t, ")");
    } else {
        int first = 1;
        for (int d = 1; d >= -1; d -= 2) {
            if (!count[d + 1])
                continue;
            tb_text_printf(&t, "%s%s %s under ", first ? "" : "; ",
                           first ? subject : "it", d > 0 ? up : down);
            for (int i = 0, n = 0; i < ctx->npol; i++)
                if (sign[i] == d)
                    tb_text_printf(&t, "%s%s", n++ ? ", " : "",
                                   ctx->pol[i].spec);
            if (count[d + 1] + count[1] == ctx->npol)
                tb_text_puts(&t, " only");
            first = 0;
        }
        if (count[1]) {
            tb_text_puts(&t, "; not under ");
            for (int i = 0, n = 0; i < ctx->npol; i++)
                if (sign[i] == 0)
                    tb_text_printf(&t, "%s%s", n++ ? ", " : "",
                                   ctx->pol[i].spec);
        }
    }
    ctx->holds[ctx->n_findings++] = agree;
    return agree;
}

/* Words every finding across the policies: the first seat's edge, and for
 * each variant its effect on seat 0's (or the team's) win rate, on the
 * draw rate and on the length. */
static void policy_findings(context *ctx)
{
    int sign[MAX_POLICIES];
    ctx->n_findings = 0;
    if (!ctx->coop) {
        for (int i = 0; i < ctx->npol; i++) {
            const figures *f = &ctx->pol[i].fig[0];
            sign[i] = f->edge_p < 0.05 ? (f->edge > 0 ? 1 : -1) : 0;
        }
        add_finding(ctx, "The first seat", "has an advantage",
                    "is at a disadvantage", "No first-seat edge is shown",
                    sign);
    }
    for (int k = 1; k < ctx->nv; k++) {
        char subject[160], none[200];
        const char *what = ctx->coop ? "the team's win rate"
                                     : "seat 0's win rate";
        for (int i = 0; i < ctx->npol; i++)
            sign[i] = direction(ctx->pol[i].eff[k].win0);
        snprintf(subject, sizeof subject, "With %s, %s", ctx->v[k].name,
                 what);
        snprintf(none, sizeof none, "With %s, no change in %s is shown",
                 ctx->v[k].name, what);
        add_finding(ctx, subject, "rises", "falls", none, sign);
        if (!ctx->coop) {
            for (int i = 0; i < ctx->npol; i++)
                sign[i] = direction(ctx->pol[i].eff[k].draw);
            snprintf(subject, sizeof subject, "With %s, the draw rate",
                     ctx->v[k].name);
            snprintf(none, sizeof none,
                     "With %s, no change in the draw rate is shown",
                     ctx->v[k].name);
            add_finding(ctx, subject, "rises", "falls", none, sign);
        }
        for (int i = 0; i < ctx->npol; i++)
            sign[i] = direction(ctx->pol[i].eff[k].actions);
        snprintf(subject, sizeof subject, "With %s, the game",
                 ctx->v[k].name);
        snprintf(none, sizeof none,
                 "With %s, no change in the game's length is shown",
                 ctx->v[k].name);
        add_finding(ctx, subject, "lasts longer", "is shorter", none, sign);
    }
}

static json_t *paired_json(paired p);

/* The policy runs and the findings, for report.json. */
static json_t *policies_json(const context *ctx)
{
    json_t *o = json_object();
    json_t *arr = json_array();
    for (int i = 0; i < ctx->npol; i++) {
        const policy_run *pr = &ctx->pol[i];
        const figures *f = &pr->fig[0];
        json_t *p = json_object();
        json_object_set_new(p, "policy", json_string(pr->spec));
        json_object_set_new(p, "games_per_variant", json_integer(pr->n));
        json_object_set_new(
            p, "first_seat_edge",
            ctx->coop ? json_null()
                      : json_pack("{s:f,s:f,s:[f,f],s:f}", "win_rate",
                                  f->seat[0].win_rate, "edge", f->edge,
                                  "ci95", f->edge_lo, f->edge_hi, "p",
                                  f->edge_p));
        json_t *vs = json_array();
        for (int k = 1; k < ctx->nv; k++)
            json_array_append_new(
                vs, json_pack("{s:s,s:o,s:o,s:o}", "variant", ctx->v[k].name,
                              ctx->coop ? "team_win_rate" : "seat0_win_rate",
                              paired_json(pr->eff[k].win0), "draw_rate",
                              paired_json(pr->eff[k].draw), "actions",
                              paired_json(pr->eff[k].actions)));
        json_object_set_new(p, "variants", vs);
        json_array_append_new(arr, p);
    }
    json_object_set_new(o, "runs", arr);
    json_t *fs = json_array();
    for (int i = 0; i < ctx->n_findings; i++)
        json_array_append_new(fs, json_pack("{s:s,s:b}", "finding",
                                            ctx->finding[i],
                                            "holds_under_every_policy",
                                            ctx->holds[i]));
    json_object_set_new(o, "findings", fs);
    return o;
}

/* ------------------------------------------------------------ report.json */

static json_t *moments_json(const tbi_moments *m)
{
    double mean = tbi_moments_mean(m), h = tbi_moments_ci95(m);
    return json_pack("{s:f,s:f,s:[f,f]}", "mean", mean, "sd",
                     tbi_moments_sd(m), "ci95", mean - h, mean + h);
}

static json_t *quart_json(const double q[5])
{
    return json_pack("{s:f,s:f,s:f,s:f,s:f}", "min", q[0], "q1", q[1],
                     "median", q[2], "q3", q[3], "max", q[4]);
}

static json_t *options_json(const tb_game *g, const tb_config *cfg)
{
    json_t *o = json_object();
    for (int i = 0; i < g->n_options; i++) {
        char v[64];
        tb_config_value_text(g, cfg, i, v, sizeof v);
        json_object_set_new(o, g->options[i].name, json_string(v));
    }
    return o;
}

static json_t *figures_json(const context *ctx, const variant *v,
                            const figures *f)
{
    json_t *o = json_object();
    json_object_set_new(o, "name", json_string(v->name));
    json_object_set_new(o, "options", options_json(ctx->g, &v->cfg));
    json_object_set_new(o, "games", json_integer(f->n));
    json_t *seats = json_array();
    for (int j = 0; j < v->cfg.players; j++) {
        const seat_figures *s = &f->seat[j];
        json_array_append_new(
            seats, json_pack("{s:i,s:s,s:f,s:f,s:[f,f],s:o,s:o}", "seat", j,
                             "bot", ctx->ga.seats[j], "wins", s->wins,
                             "win_rate", s->win_rate, "win_rate_ci95", s->lo,
                             s->hi, "score", moments_json(&s->score),
                             "score_quartiles", quart_json(s->quart)));
    }
    json_object_set_new(o, "seats", seats);
    if (ctx->coop)
        json_object_set_new(
            o, "team",
            json_pack("{s:f,s:[f,f],s:o}", "win_rate",
                      f->team_wins / (double)f->n, "win_rate_ci95", f->team_lo,
                      f->team_hi, "score", moments_json(&f->team_score)));
    else if (f->edge_measured)
        json_object_set_new(
            o, "first_seat_edge",
            json_pack("{s:f,s:[f,f],s:f,s:b}", "difference", f->edge, "ci95",
                      f->edge_lo, f->edge_hi, "p_value", f->edge_p,
                      "significant", f->edge_p < 0.05));
    else
        json_object_set_new(o, "first_seat_edge", json_null());
    if (!ctx->coop)
        json_object_set_new(
            o, "draws",
            json_pack("{s:f,s:f,s:[f,f]}", "games", f->draws, "rate",
                      f->n ? f->draws / (double)f->n : 0.0, "ci95",
                      f->draw_lo, f->draw_hi));
    if (ctx->rotations > 1) {
        json_t *bots = json_array();
        for (int b = 0; b < ctx->n_bots; b++)
            json_array_append_new(
                bots, json_pack("{s:s,s:f,s:[f,f]}", "bot", ctx->bots[b],
                                "win_rate", f->bot[b].win_rate,
                                "win_rate_ci95", f->bot[b].lo,
                                f->bot[b].hi));
        json_object_set_new(o, "bots", bots);
    }
    json_object_set_new(o, "actions", moments_json(&f->actions));
    json_object_set_new(o, "actions_quartiles", quart_json(f->actions_quart));
    if (ctx->g->standing)
        json_object_set_new(o, "rounds", moments_json(&f->rounds));
    if (f->has_drama) {
        json_object_set_new(o, "lead_changes", moments_json(&f->lead_changes));
        json_object_set_new(o, "decided_at", moments_json(&f->decided_at));
        json_object_set_new(
            o, "comeback",
            json_pack("{s:f,s:[f,f]}", "rate",
                      f->comebacks / fmax(1, f->lead_changes.n), "ci95",
                      f->comeback_lo, f->comeback_hi));
    }
    return o;
}

static json_t *paired_json(paired p)
{
    return json_pack("{s:f,s:[f,f]}", "difference", p.mean, "ci95", p.lo,
                     p.hi);
}

static json_t *comparisons_json(const context *ctx)
{
    json_t *arr = json_array();
    const variant *base = &ctx->v[0];
    for (int k = 1; k < ctx->nv; k++) {
        const variant *v = &ctx->v[k];
        json_t *o = json_object();
        json_object_set_new(o, "variant", json_string(v->name));
        json_t *seats = json_array();
        int P = v->cfg.players;
        for (int j = 0; j < (ctx->coop ? 1 : P); j++)
            json_array_append_new(
                seats,
                json_pack("{s:i,s:o,s:o}", "seat", j, "win_rate",
                          paired_json(pair_diff(ctx, base, v, value_win, j)),
                          "score",
                          paired_json(pair_diff(ctx, base, v, value_score, j))));
        json_object_set_new(o, ctx->coop ? "team" : "seats", seats);
        json_object_set_new(
            o, "actions", paired_json(pair_diff(ctx, base, v, value_actions, 0)));
        if (ctx->fig[0].has_drama && ctx->fig[k].has_drama)
            json_object_set_new(o, "lead_changes",
                                paired_json(pair_diff(ctx, base, v,
                                                      value_lead_changes, 0)));
        json_array_append_new(arr, o);
    }
    return arr;
}

static int write_json(const context *ctx, const char *path)
{
    json_t *o = json_object();
    json_object_set_new(o, "game", json_string(ctx->g->id));
    json_object_set_new(o, "title", json_string(ctx->g->title));
    json_object_set_new(o, "players", json_integer(ctx->ga.cfg.players));
    json_t *seats = json_array();
    for (int j = 0; j < ctx->ga.cfg.players; j++)
        json_array_append_new(seats, json_string(ctx->ga.seats[j]));
    json_object_set_new(o, "seats", seats);
    json_object_set_new(o, "seed", tbi_json_u64(ctx->ga.seed));
    json_object_set_new(o, "games_per_variant",
                        json_integer(ctx->n * ctx->rotations));
    json_object_set_new(o, "seeds_per_variant", json_integer(ctx->n));
    json_object_set_new(o, "rotations", json_integer(ctx->rotations));
    json_object_set_new(o, "seat_fair", json_boolean(ctx->seat_fair));
    json_object_set_new(o, "cooperative", json_boolean(ctx->coop));
    json_t *vs = json_array();
    for (int k = 0; k < ctx->nv; k++)
        json_array_append_new(vs, figures_json(ctx, &ctx->v[k], &ctx->fig[k]));
    json_object_set_new(o, "variants", vs);
    if (ctx->nv > 1)
        json_object_set_new(o, "comparisons", comparisons_json(ctx));
    json_object_set_new(o, "across_policies",
                        ctx->npol ? policies_json(ctx) : json_null());
    json_object_set_new(
        o, "precision",
        ctx->precision > 0
            ? json_pack("{s:f,s:f}", "target", ctx->precision,
                        "widest_win_rate_half_width", ctx->widest)
            : json_pack("{s:n,s:f}", "target", "widest_win_rate_half_width",
                        ctx->widest));
    char tmp[4300];
    FILE *f = tbi_whole_open(path, tmp, sizeof tmp);
    int rc = f ? json_dumpf(o, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
                                      JSON_REAL_PRECISION(8))
               : -1;
    if (f && tbi_whole_close(f, tmp, path, rc == 0) != 0)
        rc = -1;
    json_decref(o);
    return rc == 0 ? 0 : cli_error("cannot write %s: %s", path,
                                   strerror(errno));
}

/* ------------------------------------------------------------ charts */

static int write_charts(const context *ctx, const char *dir)
{
    char path[4200];
    int P = ctx->ga.cfg.players, nv = ctx->nv;
    int groups = ctx->coop ? 1 : P;
    double *val = calloc((size_t)(groups * nv), sizeof *val);
    double *lo = calloc((size_t)(groups * nv), sizeof *lo);
    double *hi = calloc((size_t)(groups * nv), sizeof *hi);
    char gnames[TB_MAX_PLAYERS][16];
    const char *gptr[TB_MAX_PLAYERS], *vnames[MAX_VARIANTS];
    for (int j = 0; j < groups; j++) {
        snprintf(gnames[j], sizeof gnames[j], ctx->coop ? "team" : "seat %d", j);
        gptr[j] = gnames[j];
    }
    for (int k = 0; k < nv; k++) {
        vnames[k] = ctx->v[k].name;
        for (int j = 0; j < groups; j++) {
            const figures *f = &ctx->fig[k];
            val[k * groups + j] = ctx->coop ? f->team_wins / (double)f->n
                                            : f->seat[j].win_rate;
            lo[k * groups + j] = ctx->coop ? f->team_lo : f->seat[j].lo;
            hi[k * groups + j] = ctx->coop ? f->team_hi : f->seat[j].hi;
        }
    }
    svg_bars bars = {ctx->coop ? "Team win rate with 95% intervals"
                               : "Win rate by seat with 95% intervals",
                     "win rate", groups, nv, gptr, vnames, val, lo, hi,
                     ctx->coop ? -1 : 1.0 / P, "fair share"};
    snprintf(path, sizeof path, "%s/win_rates.svg", dir);
    int rc = svg_write_bars(path, &bars);
    free(val);
    free(lo);
    free(hi);

    /* Scores of the base variant by seat (the team's score per variant for
     * cooperative games), and game length per variant. */
    const variant *base = &ctx->v[0];
    int panels = ctx->coop ? nv : P;
    double *values[TB_MAX_PLAYERS > MAX_VARIANTS ? TB_MAX_PLAYERS : MAX_VARIANTS];
    size_t counts[TB_MAX_PLAYERS > MAX_VARIANTS ? TB_MAX_PLAYERS : MAX_VARIANTS];
    for (int k = 0; k < panels; k++) {
        const variant *v = ctx->coop ? &ctx->v[k] : base;
        values[k] = malloc((size_t)(v->n ? v->n : 1) * sizeof(double));
        counts[k] = (size_t)v->n;
        for (long i = 0; i < v->n; i++)
            values[k][i] = ctx->coop ? v->games[i].team_score
                                     : v->games[i].score[k];
    }
    /* Colour k is variant k in every chart: the seats' scores are all of
     * the base variant, so they share its colour. */
    int colour[TB_MAX_PLAYERS > MAX_VARIANTS ? TB_MAX_PLAYERS : MAX_VARIANTS];
    for (int k = 0; k < panels; k++)
        colour[k] = ctx->coop ? k : 0;
    svg_hist scores = {ctx->coop ? "Team score per game" : "Score per game by seat",
                       "score", panels, ctx->coop ? vnames : gptr,
                       (const double *const *)values, counts, 1, colour};
    snprintf(path, sizeof path, "%s/scores.svg", dir);
    rc |= svg_write_hist(path, &scores);
    for (int k = 0; k < panels; k++)
        free(values[k]);
    for (int k = 0; k < nv; k++) {
        values[k] = malloc((size_t)(ctx->v[k].n ? ctx->v[k].n : 1) * sizeof(double));
        counts[k] = (size_t)ctx->v[k].n;
        for (long i = 0; i < ctx->v[k].n; i++)
            values[k][i] = ctx->v[k].games[i].actions;
    }
    for (int k = 0; k < nv; k++)
        colour[k] = k;
    svg_hist length = {"Game length", "actions per game", nv, vnames,
                       (const double *const *)values, counts, 1, colour};
    snprintf(path, sizeof path, "%s/length.svg", dir);
    rc |= svg_write_hist(path, &length);
    if (ctx->g->standing) {
        for (int k = 0; k < nv; k++)
            for (long i = 0; i < ctx->v[k].n; i++)
                values[k][i] = ctx->v[k].games[i].rounds;
        svg_hist rounds = {"Rounds per game", "rounds", nv, vnames,
                           (const double *const *)values, counts, 1, colour};
        snprintf(path, sizeof path, "%s/rounds.svg", dir);
        rc |= svg_write_hist(path, &rounds);
    }
    for (int k = 0; k < nv; k++)
        free(values[k]);
    return rc ? cli_error("cannot write the charts in %s: %s", dir,
                          strerror(errno))
              : 0;
}

/* ------------------------------------------------------------ report.md */

static void md_interval(FILE *f, double v, double lo, double hi, int pct)
{
    if (pct)
        fprintf(f, "%.1f%% [%.1f, %.1f]", 100 * v, 100 * lo, 100 * hi);
    else
        fprintf(f, "%.2f [%.2f, %.2f]", v, lo, hi);
}

static void md_moments(FILE *f, const tbi_moments *m)
{
    double mean = tbi_moments_mean(m), h = tbi_moments_ci95(m);
    md_interval(f, mean, mean - h, mean + h, 0);
}

/* A p-value as a person should read it: never "p = 0", which no finite
 * sample can show. */
static void format_p(double p, char *buf, size_t cap)
{
    if (p < 0.001)
        snprintf(buf, cap, "p < 0.001");
    else
        snprintf(buf, cap, "p = %.3f", p);
}

static void md_seat_advantage(FILE *f, const context *ctx, const figures *fg)
{
    int P = ctx->ga.cfg.players;
    fprintf(f, "## Seat advantage\n\n");
    if (ctx->coop) {
        fprintf(f, "A cooperative game: the seats win or lose together. The "
                   "team won ");
        md_interval(f, fg->team_wins / (double)fg->n, fg->team_lo, fg->team_hi, 1);
        fprintf(f, " of %ld games.\n\n![team win rate](win_rates.svg)\n\n", fg->n);
        return;
    }
    fprintf(f, "| seat | bot | wins | win rate [95%% interval] | mean score [95%% interval] |\n"
               "| --- | --- | ---: | --- | --- |\n");
    for (int j = 0; j < P; j++) {
        const seat_figures *s = &fg->seat[j];
        fprintf(f, "| %d | %s | %.1f | ", j,
                ctx->rotations > 1 ? "each in turn" : ctx->ga.seats[j],
                s->wins);
        md_interval(f, s->win_rate, s->lo, s->hi, 1);
        fputs(" | ", f);
        md_moments(f, &s->score);
        fputs(" |\n", f);
    }
    fprintf(f, "\nA fair share is %.1f%% (ties for first count 1/k).", 100.0 / P);
    if (ctx->rotations > 1)
        fprintf(f, " Each seed was played %d times, the bots rotated over "
                   "the seats, so every seat held every bot on the same "
                   "deals; intervals are over the %ld seeds.", ctx->rotations,
                fg->n / ctx->rotations);
    if (!fg->edge_measured) {
        fprintf(f, "\n\nThe seats hold different bots, so these differences "
                   "measure the bots and the seats together, not an edge of "
                   "a seat. To measure the seat edge, give every seat the "
                   "same bot, or add `--rotate` to play every seed once per "
                   "rotation of the bots over the seats.\n\n");
    } else {
        char p[32];
        format_p(fg->edge_p, p, sizeof p);
        fprintf(f, " Seat 0's edge over it is %+.1f points [%+.1f, %+.1f]; ",
                100 * fg->edge, 100 * fg->edge_lo, 100 * fg->edge_hi);
        if (fg->edge_p < 0.05)
            fprintf(f, "this is **significant** (%s): the first seat %s.\n\n",
                    p, fg->edge > 0 ? "has an advantage"
                                    : "is at a disadvantage");
        else
            fprintf(f, "this is not significant (%s): no evidence of a "
                       "first-seat edge at this sample size.\n\n", p);
    }
    if (ctx->rotations > 1) {
        fprintf(f, "| bot | win rate over the seats it held [95%% interval] |\n"
                   "| --- | --- |\n");
        for (int b = 0; b < ctx->n_bots; b++) {
            fprintf(f, "| %s | ", ctx->bots[b]);
            md_interval(f, fg->bot[b].win_rate, fg->bot[b].lo, fg->bot[b].hi, 1);
            fputs(" |\n", f);
        }
        fputc('\n', f);
    }
    fprintf(f, "![win rates](win_rates.svg)\n\n");
}

static void md_scores(FILE *f, const context *ctx, const figures *fg)
{
    fprintf(f, "## Scores\n\n");
    if (ctx->coop) {
        fprintf(f, "Team score: mean ");
        md_moments(f, &fg->team_score);
        fprintf(f, ", spread (sd) %.2f.\n\n", tbi_moments_sd(&fg->team_score));
    } else {
        fprintf(f, "| seat | mean | sd | min | q1 | median | q3 | max |\n"
                   "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (int j = 0; j < ctx->ga.cfg.players; j++) {
            const seat_figures *s = &fg->seat[j];
            fprintf(f, "| %d | %.2f | %.2f | %g | %g | %g | %g | %g |\n", j,
                    tbi_moments_mean(&s->score), tbi_moments_sd(&s->score),
                    s->quart[0], s->quart[1], s->quart[2], s->quart[3],
                    s->quart[4]);
        }
        fputc('\n', f);
    }
    fprintf(f, "![scores](scores.svg)\n\n");
}

/* How often nobody won: the draw rate (a game's turn cap, a deck run out,
 * no move left), which designers want to keep low. */
static void md_draws(FILE *f, const context *ctx, const figures *fg)
{
    if (ctx->coop)
        return;
    fprintf(f, "## Draws\n\nGames that ended with nobody winning: %.0f of "
               "%ld, ", fg->draws, fg->n);
    md_interval(f, fg->draws / fmax(1, (double)fg->n), fg->draw_lo,
                fg->draw_hi, 1);
    fprintf(f, ". Each counts 1/%d of a win for every seat in the win rates "
               "above.\n\n", ctx->ga.cfg.players);
}

static void md_length(FILE *f, const context *ctx, const figures *fg)
{
    fprintf(f, "## Length\n\nActions per game: mean ");
    md_moments(f, &fg->actions);
    fprintf(f, ", sd %.1f, median %g (min %g, max %g).", tbi_moments_sd(&fg->actions),
            fg->actions_quart[2], fg->actions_quart[0], fg->actions_quart[4]);
    if (ctx->g->standing) {
        fprintf(f, " Rounds per game: mean ");
        md_moments(f, &fg->rounds);
        fputc('.', f);
    }
    fprintf(f, "\n\n![length](length.svg)\n\n");
    if (ctx->g->standing)
        fprintf(f, "![rounds](rounds.svg)\n\n");
}

static void md_drama(FILE *f, const context *ctx, const figures *fg)
{
    fprintf(f, "## Decisiveness and drama\n\n");
    if (!fg->has_drama) {
        fprintf(f, "%s\n\n", ctx->coop
                                 ? "Not measured: in a cooperative game there "
                                   "is no leader among the seats."
                                 : "Not measured: this game does not report "
                                   "standings during play.");
        return;
    }
    fprintf(f, "Measured from every seat's standing after each action (the "
               "score it would have if the game ended then), in the sense of "
               "the Ludii project's metrics.\n\n"
               "| measure | value [95%% interval] | reading |\n"
               "| --- | --- | --- |\n| lead changes per game | ");
    md_moments(f, &fg->lead_changes);
    fprintf(f, " | how often the sole leader becomes another seat |\n"
               "| winner clear after | ");
    double m = tbi_moments_mean(&fg->decided_at), h = tbi_moments_ci95(&fg->decided_at);
    md_interval(f, m, m - h, m + h, 1);
    fprintf(f, " of the game | from then on the eventual winner always leads "
               "(lower is more decisive) |\n| last at mid-game wins | ");
    md_interval(f, fg->comebacks / fmax(1, fg->lead_changes.n), fg->comeback_lo,
                fg->comeback_hi, 1);
    fprintf(f, " of games | comebacks: higher means more drama |\n\n");
}

static void md_compare(FILE *f, const context *ctx)
{
    const variant *base = &ctx->v[0];
    fprintf(f, "## Variants\n\nEach variant played the same %ld seeds as the "
               "base game, so the differences below are paired (variant minus "
               "base, per game) with 95%% intervals. An interval that excludes "
               "0 is a real difference at this sample size.\n\n", ctx->n);
    for (int k = 1; k < ctx->nv; k++) {
        const variant *v = &ctx->v[k];
        const figures *fb = &ctx->fig[0], *fv = &ctx->fig[k];
        fprintf(f, "### %s\n\n| figure | base | %s | difference [95%% interval] |\n"
                   "| --- | ---: | ---: | --- |\n", v->name, v->name);
        int seats = ctx->coop ? 1 : v->cfg.players;
        for (int j = 0; j < seats; j++) {
            paired w = pair_diff(ctx, base, v, value_win, j);
            paired s = pair_diff(ctx, base, v, value_score, j);
            const char *who = ctx->coop ? "team" : "seat";
            double bw = ctx->coop ? fb->team_wins / (double)fb->n : fb->seat[j].win_rate;
            double vw = ctx->coop ? fv->team_wins / (double)fv->n : fv->seat[j].win_rate;
            double bs = tbi_moments_mean(ctx->coop ? &fb->team_score : &fb->seat[j].score);
            double vs = tbi_moments_mean(ctx->coop ? &fv->team_score : &fv->seat[j].score);
            char label[32];
            snprintf(label, sizeof label, ctx->coop ? "%s" : "%s %d", who, j);
            fprintf(f, "| %s win rate | %.1f%% | %.1f%% | %+.1f points [%+.1f, %+.1f] |\n",
                    label, 100 * bw, 100 * vw, 100 * w.mean, 100 * w.lo, 100 * w.hi);
            fprintf(f, "| %s mean score | %.2f | %.2f | %+.2f [%+.2f, %+.2f] |\n",
                    label, bs, vs, s.mean, s.lo, s.hi);
        }
        if (!ctx->coop) {
            paired d = pair_diff(ctx, base, v, value_draw, 0);
            fprintf(f, "| draw rate | %.1f%% | %.1f%% | %+.1f points [%+.1f, %+.1f] |\n",
                    100 * fb->draws / fmax(1, (double)fb->n),
                    100 * fv->draws / fmax(1, (double)fv->n), 100 * d.mean,
                    100 * d.lo, 100 * d.hi);
        }
        paired a = pair_diff(ctx, base, v, value_actions, 0);
        fprintf(f, "| actions per game | %.1f | %.1f | %+.1f [%+.1f, %+.1f] |\n",
                tbi_moments_mean(&fb->actions), tbi_moments_mean(&fv->actions),
                a.mean, a.lo, a.hi);
        if (fb->has_drama && fv->has_drama) {
            paired l = pair_diff(ctx, base, v, value_lead_changes, 0);
            fprintf(f, "| lead changes per game | %.2f | %.2f | %+.2f [%+.2f, %+.2f] |\n",
                    tbi_moments_mean(&fb->lead_changes),
                    tbi_moments_mean(&fv->lead_changes), l.mean, l.lo, l.hi);
        }
        fputc('\n', f);
    }
}

/* The section on the findings across the policies: each policy's figures,
 * then each finding in words, with whether it holds under every policy. */
static void md_policies(FILE *f, const context *ctx)
{
    fprintf(f, "## Findings across policies\n\nThe seat and variant findings "
               "again, with each policy in every seat (a seat-fair run on "
               "the same seeds), so that a finding is not taken from one "
               "model of the players alone. Differences are at 95%%: an "
               "edge with p < 0.05, a paired interval that excludes 0. Each "
               "policy played %ld games per variant, but one the seats "
               "above already held in every seat keeps the games above; "
               "a policy that does not show a finding may lack the games "
               "to show it (see its interval).\n\n", ctx->policy_games);
    if (!ctx->coop) {
        fprintf(f, "| policy | games | seat 0 win rate | first-seat edge "
                   "[95%% interval] | p |\n| --- | ---: | --- | --- | --- |\n");
        for (int i = 0; i < ctx->npol; i++) {
            const figures *fg = &ctx->pol[i].fig[0];
            char p[32];
            format_p(fg->edge_p, p, sizeof p);
            fprintf(f, "| %s | %ld | %.1f%% | %+.1f points [%+.1f, %+.1f] "
                       "| %s |\n", ctx->pol[i].spec, fg->n,
                    100 * fg->seat[0].win_rate, 100 * fg->edge,
                    100 * fg->edge_lo, 100 * fg->edge_hi, p);
        }
        fputc('\n', f);
    }
    if (ctx->nv > 1) {
        fprintf(f, "| variant | policy | %s win rate | draw rate | actions "
                   "per game |\n| --- | --- | --- | --- | --- |\n",
                ctx->coop ? "team" : "seat 0");
        for (int k = 1; k < ctx->nv; k++)
            for (int i = 0; i < ctx->npol; i++) {
                const effects *e = &ctx->pol[i].eff[k];
                fprintf(f, "| %s | %s | %+.1f points [%+.1f, %+.1f] | ",
                        ctx->v[k].name, ctx->pol[i].spec, 100 * e->win0.mean,
                        100 * e->win0.lo, 100 * e->win0.hi);
                if (ctx->coop)
                    fputs("- | ", f);
                else
                    fprintf(f, "%+.1f points [%+.1f, %+.1f] | ",
                            100 * e->draw.mean, 100 * e->draw.lo,
                            100 * e->draw.hi);
                fprintf(f, "%+.1f [%+.1f, %+.1f] |\n", e->actions.mean,
                        e->actions.lo, e->actions.hi);
            }
        fputc('\n', f);
    }
    if (ctx->n_findings == 0)
        fprintf(f, "A cooperative game has no seat edge to check; add "
                   "`--compare` to check a variant's effects under each "
                   "policy.\n");
    for (int i = 0; i < ctx->n_findings; i++)
        fprintf(f, "- %s: %s.\n", ctx->finding[i],
                ctx->holds[i] ? "holds under every policy"
                              : "**holds under some policies only**");
    fputc('\n', f);
}

/* The command that reproduces this report, from the settings actually
 * used (the games reached, rather than the -n given, when --precision
 * extended the run). */
static void print_command(FILE *f, const context *ctx)
{
    fprintf(f, "tabula analyze %s -p %d -n %ld --seed %llu --seats ", ctx->g->id,
            ctx->ga.cfg.players, ctx->n, (unsigned long long)ctx->ga.seed);
    for (int j = 0; j < ctx->ga.cfg.players; j++)
        fprintf(f, "%s%s", j ? "," : "", ctx->ga.seats[j]);
    for (int i = 0; i < ctx->g->n_options; i++) {
        char v[64], d[64];
        tb_config def;
        tb_config_default(ctx->g, ctx->ga.cfg.players, &def);
        tb_config_value_text(ctx->g, &ctx->v[0].cfg, i, v, sizeof v);
        tb_config_value_text(ctx->g, &def, i, d, sizeof d);
        if (strcmp(v, d) != 0)
            fprintf(f, " --opt %s=%s", ctx->g->options[i].name, v);
    }
    for (int k = 1; k < ctx->nv; k++)
        fprintf(f, " --compare %s", ctx->v[k].name);
    if (ctx->rotations > 1)
        fputs(" --rotate", f);
    fputs(" --policies ", f);
    for (int i = 0; i < ctx->npol; i++)
        fprintf(f, "%s%s", i ? "," : "", ctx->pol[i].spec);
    if (!ctx->npol)
        fputs("none", f);
    else
        fprintf(f, " --policy-games %ld", ctx->policy_games);
}

static int write_markdown(const context *ctx, const char *path)
{
    char tmp[4300];
    FILE *f = tbi_whole_open(path, tmp, sizeof tmp);
    if (!f)
        return cli_error("cannot write %s: %s", path, strerror(errno));
    const figures *fg = &ctx->fig[0];
    int P = ctx->ga.cfg.players;
    fprintf(f, "# Balance report: %s\n\n", ctx->g->title);
    fprintf(f, "- Game: `%s`, %d players", ctx->g->id, P);
    for (int i = 0; i < ctx->g->n_options; i++) {
        char v[64];
        tb_config_value_text(ctx->g, &ctx->v[0].cfg, i, v, sizeof v);
        fprintf(f, "%s%s=%s", i ? ", " : "; options ", ctx->g->options[i].name, v);
    }
    fprintf(f, "\n- Seats:");
    for (int j = 0; j < P; j++)
        fprintf(f, " %d=%s", j, ctx->ga.seats[j]);
    if (ctx->rotations > 1)
        fprintf(f, " (rotated over the seats: each seed played %d times)",
                ctx->rotations);
    fprintf(f, "\n- %ld games per variant (%ld seeds), seed %llu\n"
               "- Reproduce with: `", ctx->n * ctx->rotations, ctx->n,
            (unsigned long long)ctx->ga.seed);
    print_command(f, ctx);
    fprintf(f, "`\n\n");
    md_seat_advantage(f, ctx, fg);
    md_draws(f, ctx, fg);
    md_scores(f, ctx, fg);
    md_length(f, ctx, fg);
    md_drama(f, ctx, fg);
    if (ctx->nv > 1)
        md_compare(f, ctx);
    if (ctx->npol)
        md_policies(f, ctx);
    fprintf(f, "## Sample size\n\n%ld games per variant. The widest win-rate "
               "interval reached is ±%.1f points.", ctx->n * ctx->rotations,
            100 * ctx->widest);
    if (ctx->precision > 0)
        fprintf(f, " The target was ±%.1f points (--precision %g)%s.",
                100 * ctx->precision, ctx->precision,
                ctx->widest <= ctx->precision ? " and was reached"
                                              : ", not reached before --max-games");
    else
        fprintf(f, " For narrower intervals, use --precision (for example "
                   "--precision 0.01 for ±1 point).");
    fprintf(f, "\n\nAll intervals are 95%%: Wilson intervals for rates, normal "
               "intervals for means.\n");
    return tbi_whole_close(f, tmp, path, 1) == 0
               ? 0
               : cli_error("cannot write %s: %s", path, strerror(errno));
}

/* ------------------------------------------------------------ command */

/* The files a report is made of, for taking back a failed one. */
static const char *const report_files[] = {"report.json", "report.md",
                                           "win_rates.svg", "scores.svg",
                                           "length.svg", "rounds.svg"};

/* Removes what a failed run wrote into dir (the whole dir when this run
 * created it), so that no partial report is left behind. */
static void take_back_report(const char *dir, int created)
{
    if (created) {
        cli_remove_dir(dir);
        return;
    }
    for (size_t i = 0; i < sizeof report_files / sizeof report_files[0];
         i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", dir, report_files[i]);
        unlink(path);
    }
}

/* Adds the variant "key=value" on top of the base configuration. */
static int add_variant(context *ctx, const char *kv)
{
    if (ctx->nv == MAX_VARIANTS)
        return cli_error("at most %d variants with --compare", MAX_VARIANTS - 1);
    const char *eq = strchr(kv, '=');
    if (!eq)
        return cli_error("--compare takes key=value, not '%s'", kv);
    variant *v = &ctx->v[ctx->nv];
    memset(v, 0, sizeof *v);
    v->cfg = ctx->v[0].cfg;
    char key[64], err[256];
    snprintf(key, sizeof key, "%.*s", (int)(eq - kv), kv);
    if (tb_config_set(ctx->g, &v->cfg, key, eq + 1, err, sizeof err) != TB_OK ||
        tb_config_check(ctx->g, &v->cfg, err, sizeof err) != TB_OK)
        return cli_error("--compare %s: %s", kv, err);
    snprintf(v->name, sizeof v->name, "%s", kv);
    ctx->nv++;
    return 0;
}

int cmd_analyze(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"players", required_argument, NULL, 'p'},
        {"games", required_argument, NULL, 'n'},
        {"seats", required_argument, NULL, 's'},
        {"seed", required_argument, NULL, 'S'},
        {"threads", required_argument, NULL, 't'},
        {"opt", required_argument, NULL, 'o'},
        {"compare", required_argument, NULL, 'c'},
        {"out", required_argument, NULL, 'O'},
        {"precision", required_argument, NULL, 'P'},
        {"max-games", required_argument, NULL, 'M'},
        {"rotate", no_argument, NULL, 'R'},
        {"policies", required_argument, NULL, 'Y'},
        {"policy-games", required_argument, NULL, 'G'},
        {NULL, 0, NULL, 0},
    };
    static context ctx;
    memset(&ctx, 0, sizeof ctx);
    const char *compares[MAX_VARIANTS];
    int n_compares = 0;
    long games = 1000, threads = 1, max_games = 1000000;
    const char *out_dir = NULL, *policies = NULL;
    long policy_games = -1;
    int c, rotate = 0;
    opterr = 0;
    ctx.ga.seed = 1;
    ctx.ga.seed_given = 1;
    while ((c = getopt_long(argc, argv, "hp:n:t:", longopts, NULL)) != -1) {
        long v;
        switch (c) {
        case 'h': return usage();
        case 'n':
            if (cli_parse_long("-n", optarg, 10, 100000000L, &games))
                return 2;
            break;
        case 't':
            if (cli_parse_long("--threads", optarg, 1, 256, &threads))
                return 2;
            break;
        case 'c':
            if (n_compares == MAX_VARIANTS - 1)
                return cli_error("at most %d variants with --compare",
                                 MAX_VARIANTS - 1);
            compares[n_compares++] = optarg;
            break;
        case 'O': out_dir = optarg; break;
        case 'R': rotate = 1; break;
        case 'Y': policies = optarg; break;
        case 'G':
            if (cli_parse_long("--policy-games", optarg, 10, 100000000L,
                               &policy_games))
                return 2;
            break;
        case 'P': {
            char *end;
            ctx.precision = strtod(optarg, &end);
            if (*end || !(ctx.precision > 0 && ctx.precision < 0.5))
                return cli_error("--precision takes a half-width between 0 and "
                                 "0.5, such as 0.01, not '%s'", optarg);
            break;
        }
        case 'M':
            if (cli_parse_long("--max-games", optarg, 10, 1000000000L, &max_games))
                return 2;
            break;
        default:
            v = cli_game_option(&ctx.ga, c, optarg);
            if (v < 0)
                return 2;
            if (v > 0)
                return cli_error("analyze: unknown or incomplete option '%s'; "
                                 "try 'tabula analyze --help'",
                                 argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return cli_error("analyze: which game? usage: tabula analyze GAME");
    if (optind + 1 < argc)
        return cli_error("analyze: unexpected argument '%s'", argv[optind + 1]);
    if (!(ctx.g = ctx.ga.game = cli_find_game(argv[optind])))
        return 2;
    if (cli_finish_game_args(&ctx.ga, "heuristic"))
        return 2;
    ctx.coop = (ctx.g->flags & TB_GAME_COOPERATIVE) != 0;
    int P = ctx.ga.cfg.players;
    for (int j = 0; j < P; j++) {
        int b = 0;
        while (b < ctx.n_bots && strcmp(ctx.bots[b], ctx.ga.seats[j]) != 0)
            b++;
        if (b == ctx.n_bots)
            memcpy(ctx.bots[ctx.n_bots++], ctx.ga.seats[j], TB_SEAT_SPEC);
        ctx.bot_of_seat[j] = b;
    }
    /* Rotating one bot over the seats changes nothing: play once. */
    ctx.rotations = rotate && ctx.n_bots > 1 ? P : 1;
    ctx.seat_fair = ctx.n_bots == 1 || ctx.rotations > 1;
    ctx.v[0].cfg = ctx.ga.cfg;
    snprintf(ctx.v[0].name, sizeof ctx.v[0].name, "base");
    ctx.nv = 1;
    for (int i = 0; i < n_compares; i++)
        if (add_variant(&ctx, compares[i]))
            return 2;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", out_dir ? out_dir : "");
    if (!out_dir)
        snprintf(dir, sizeof dir, "report-%s", ctx.g->id);
    /* Every check comes before the work: bad seats or policies, or an
     * unwritable destination, fail now, not after the simulation. */
    if (cli_check_bots(&ctx.ga))
        return 2;
    static policy_run pol[MAX_POLICIES];
    memset(pol, 0, sizeof pol);
    ctx.pol = pol;
    if (!policies || strcmp(policies, "none") != 0) {
        cli_game_args pa;
        memset(&pa, 0, sizeof pa);
        pa.game = ctx.g;
        if (policies) {
            if (cli_parse_seats(&pa, policies))
                return 2;
        } else {
            pa.n_seats = default_policies(ctx.g, pa.seats);
        }
        if (pa.n_seats > MAX_POLICIES)
            return cli_error("--policies names more than %d policies",
                             MAX_POLICIES);
        for (int i = 0; i < pa.n_seats; i++) {
            if (strcmp(pa.seats[i], "human") == 0)
                return cli_error("--policies takes bots, not 'human'");
            snprintf(pol[i].spec, sizeof pol[i].spec, "%s", pa.seats[i]);
        }
        if (cli_check_bots(&pa))
            return 2;
        ctx.npol = pa.n_seats;
        ctx.policy_games = policy_games > 0 ? policy_games
                                            : (games < 200 ? games : 200);
    }
    int created = 0;
    if (cli_prepare_dir("report directory", dir, &created))
        return 2;
    ctx.n = games;
    int status = 0;
    for (;;) {
        if (simulate(&ctx, (int)threads)) {
            status = 2;
            break;
        }
        for (int k = 0; k < ctx.nv; k++)
            compute_figures(&ctx, &ctx.v[k], &ctx.fig[k]);
        ctx.widest = widest_interval(&ctx);
        if (ctx.precision <= 0 || ctx.widest <= ctx.precision || ctx.n >= max_games)
            break;
        ctx.n = ctx.n * 2 < max_games ? ctx.n * 2 : max_games;
        if (isatty(2))
            fprintf(stderr, "widest interval ±%.4f; extending to %ld games\n",
                    ctx.widest, ctx.n);
    }
    if (status == 0 && ctx.npol) {
        if (run_policies(&ctx, (int)threads))
            status = 2;
        else
            policy_findings(&ctx);
    }
    /* Under MPI (tabula-mpi) every process has the whole result; one
     * writes it. */
    if (status == 0 && tbi_sim_is_main_rank()) {
        char path[4200];
        snprintf(path, sizeof path, "%s/report.json", dir);
        status |= write_json(&ctx, path);
        snprintf(path, sizeof path, "%s/report.md", dir);
        status |= write_markdown(&ctx, path);
        status |= write_charts(&ctx, dir);
        if (!status) {
            printf("wrote %s/report.md, report.json and charts (%ld games per "
                   "variant)\n", dir, ctx.n * ctx.rotations);
            if (ctx.npol)
                printf("findings across policies (report.md, \"Findings "
                       "across policies\"):\n");
            for (int i = 0; i < ctx.n_findings; i++)
                printf("  %s: %s\n", ctx.finding[i],
                       ctx.holds[i] ? "holds under every policy"
                                    : "holds under some policies only");
        }
    }
    if (status)
        take_back_report(dir, created);
    for (int k = 0; k < ctx.nv; k++)
        free(ctx.v[k].games);
    return status ? 2 : 0;
}
