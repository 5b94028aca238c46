/*
 * deviation.c - what a chooser's departures from the heuristic are worth in
 * any game, judged by playouts from the true state: the experiment behind
 * docs/bots.md's "Why the search cannot gain here" (Mystical Eddies, The
 * Game, Mystique Maze).  The generic form of bench/maze_deviation.c, which
 * stays as it was for the Maze figures measured with it.
 *
 * Games are played with the heuristic in every seat but the seat under
 * test (--seat K, each seat in turn game by game by default, or --seat all:
 * every seat, the whole team of a cooperative game), where a chooser
 * decides.  At each of its decisions the heuristic's choice is asked too;
 * where the two differ (a departure), both moves are played out M times
 * (-m) from the true state with the heuristic in every seat after them,
 * the two moves of a playout on the same generators, so that their
 * difference is paired; its mean is the departure's worth (in the seat's
 * win share, a k-way tie counting 1/k, or the team's win; and in its score,
 * or the team's score).  The game then goes on with the chooser's move.
 * Summed over a game, the worths are the chooser's edge over the heuristic
 * in that game (the edge of a way of play over the heuristic is the sum,
 * along its own games, of what each of its moves is worth against the
 * heuristic's with the heuristic playing on), with far less noise than the
 * games' results; the interval of the edge is taken over games.
 *
 * Three ways to see the true state, each for a kind of chooser:
 *   the future   the true state as it is and the real game's own generator
 *                of luck from that point: every card still to be dealt or
 *                drawn is as it will come (the clairvoyant);
 *   the hands    the true state with every hand as it is, but what no
 *                seat has seen drawn again for each playout: later deals
 *                and draws from a fresh generator, and a draw pile kept in
 *                the state shuffled again where the game's hook below says
 *                how (The Game, Mystique Maze; Mystical Eddies keeps none:
 *                its four cards set aside are known once the hands are);
 *   a world      a state from the game's determinize for the seat: what
 *                the seat may see, the rest sampled (no cheating).
 * The chooser is a bot (--bot SPEC, default the game's ismcts; fair), or
 * flat Monte Carlo: every legal move played out K times, all moves of a
 * playout on the same generators, the best taken when its mean paired
 * difference with the heuristic's move is more than --margin (default
 * 0.02) or, with --z Z, more than Z standard errors above zero:
 *   --oracle K   on the future (cheats: an upper bound on what any search
 *                could gain from knowing more);
 *   --hands K    on the hands (cheats: what knowing the hidden hands is
 *                worth, the luck still to come unknown);
 *   --flat K     in K worlds (fair: what a search with the heuristic as its
 *                model of the players can find).
 * With --infer (Mystical Eddies only) the worlds of --flat, and of the bot,
 * come from bench/deviation_eddies.c's inference from the table (fair: it
 * reads only what every seat saw) instead of the game's determinize.
 * and --sees-hands makes the bot cheat: its determinize keeps the true
 * state, only the draw pile shuffled again by the hook (the hands: what a
 * search would make of perfect inference).  Departures of the --oracle
 * are judged on the future (they depend on it); all others on the hands.
 * The cheating choosers live in this program only: no bot spec reaches
 * them.
 *
 * Build and run: make bench-deviation GAME=ID DEV_ARGS="-p 4 -n 20"
 */
#include "internal.h"
#include "tabula.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The hooks that shuffle a draw pile kept in the state again (nobody has
 * seen its order), each in a file of its own that compiles the game in:
 * bench/deviation_the_game.c, bench/deviation_maze.c; and Mystical Eddies'
 * inference from the table (--infer, bench/deviation_eddies.c): reset for
 * a new game, observe each action of the real game before it is applied,
 * and a determinize that keeps what was inferred. */
void tbdev_the_game_unseen(void *st, tb_rng *rng);
void tbdev_maze_unseen(void *st, tb_rng *rng);
void tbdev_eddies_reset(void);
void tbdev_eddies_observe(const void *st, tb_action a);
void tbdev_eddies_infer(void *st, int seat, tb_rng *rng);

static const struct {
    const char *id;
    void (*unseen)(void *st, tb_rng *rng);
    void (*reset)(void);
    void (*observe)(const void *st, tb_action a);
    void (*infer)(void *st, int seat, tb_rng *rng);
} hooks[] = {
    {"the-game", tbdev_the_game_unseen, NULL, NULL, NULL},
    {"mystique-maze", tbdev_maze_unseen, NULL, NULL, NULL},
    {"mystical-eddies", NULL, tbdev_eddies_reset, tbdev_eddies_observe,
     tbdev_eddies_infer},
};

/* The hook of the game being measured, for the seeing bot's determinize. */
static void (*seeing_unseen)(void *st, tb_rng *rng);

/* determinize for --sees-hands: the true state kept, every hand as it is,
 * only a draw pile kept in the state shuffled again. */
static void determinize_seeing(void *st, int seat, tb_rng *rng)
{
    (void)seat;
    if (seeing_unseen)
        seeing_unseen(st, rng);
}

/* How a playout sees the true state (see the top of the file). */
enum sight { SEE_FUTURE, SEE_HANDS, SEE_WORLD };

/* The experiment's game and its scratch states (no allocation per
 * playout). */
typedef struct dev {
    const tb_game *g;
    void (*unseen)(void *st, tb_rng *rng);
    void (*infer)(void *st, int seat, tb_rng *rng); /* NULL: no --infer */
    void *play, *view, *world;
} dev;

/* The heuristic's choice for seat, given only what seat may see: on a
 * world determinized for it unless the game promises that its heuristic
 * reads the seat's view alone (as the `heuristic` bot does). */
static tb_action heuristic(const dev *d, const void *st, int seat,
                           tb_rng *rng)
{
    const tb_game *g = d->g;
    if (g->flags & TB_GAME_VIEW_HEURISTIC)
        return g->heuristic(st, seat, rng);
    memcpy(d->view, st, g->state_size);
    tb_determinize(g, d->view, seat, rng);
    return g->heuristic(d->view, seat, rng);
}

/* What a finished game gave seat: its win share (a k-way tie 1/k) and its
 * score, or in a cooperative game the team's win and score. */
static void outcome(const tb_game *g, const void *st, int seat, double *win,
                    double *score)
{
    tb_result r;
    tb_result_of(g, st, &r);
    if (r.cooperative) {
        *win = r.team_win;
        *score = r.team_score;
    } else {
        *win = tbi_win_share(&r, seat);
        *score = r.score[seat];
    }
}

/* Plays a in `from` and then the heuristic in every seat to the end, the
 * heuristic's generator seeded from seed; the luck comes from a copy of
 * *future (SEE_FUTURE) or from a generator seeded from seed, after the
 * game's hook has shuffled its draw pile again (SEE_HANDS).  Writes what
 * the game gave seat. */
static void playout(const dev *d, const void *from, tb_action a, int seat,
                    enum sight sight, const tb_rng *future, uint64_t seed,
                    double *win, double *score)
{
    const tb_game *g = d->g;
    memcpy(d->play, from, g->state_size);
    tb_rng pol, luck;
    tb_rng_seed(&pol, seed);
    if (sight == SEE_FUTURE) {
        luck = *future;
    } else {
        tb_rng_seed(&luck, seed ^ 0x5bd1e995u);
        if (sight == SEE_HANDS && d->unseen)
            d->unseen(d->play, &luck);
    }
    tb_apply_legal(g, d->play, a);
    for (;;) {
        tb_settle(g, d->play, &luck);
        int cur = tb_current(g, d->play);
        if (cur == TB_TERMINAL)
            break;
        tb_apply_legal(g, d->play, heuristic(d, d->play, cur, &pol));
    }
    outcome(g, d->play, seat, win, score);
}

/* Flat Monte Carlo for seat in st: every legal move played out in each of
 * k playouts, seen as `sight` says, all moves of a playout on the same
 * generators.  The best move on average is taken when its mean paired
 * difference from the heuristic's move h is more than margin, or with
 * z > 0 more than z standard errors above zero; else h. */
static tb_action flat_choice(const dev *d, const void *st,
                             const tb_rng *future, int seat, tb_action h,
                             int k, enum sight sight, double margin,
                             double z, uint64_t *seeds)
{
    static tb_action acts[TB_MAX_ACTIONS];
    static double sum[TB_MAX_ACTIONS], sq[TB_MAX_ACTIONS], v[TB_MAX_ACTIONS];
    const tb_game *g = d->g;
    int n = tb_legal(g, st, acts), hi = 0;
    if (n < 2)
        return h;
    for (int i = 0; i < n; i++) {
        sum[i] = sq[i] = 0;
        if (acts[i] == h)
            hi = i;
    }
    tb_rng wr;
    tb_rng_seed(&wr, (*seeds)++);
    for (int w = 0; w < k; w++) {
        const void *from = st;
        if (sight == SEE_WORLD) {
            memcpy(d->world, st, g->state_size);
            if (d->infer)
                d->infer(d->world, seat, &wr);
            else
                tb_determinize(g, d->world, seat, &wr);
            from = d->world;
        }
        uint64_t seed = (*seeds)++;
        double unused;
        for (int i = 0; i < n; i++)
            playout(d, from, acts[i], seat, sight, future, seed, &v[i],
                    &unused);
        for (int i = 0; i < n; i++) {
            sum[i] += v[i] - v[hi];
            sq[i] += (v[i] - v[hi]) * (v[i] - v[hi]);
        }
    }
    int best = hi;
    for (int i = 0; i < n; i++)
        if (sum[i] > sum[best])
            best = i;
    if (z <= 0)
        return sum[best] / k > margin ? acts[best] : h;
    return tbi_paired_clear(sum[best], sq[best], k, z) ? acts[best] : h;
}

/* A running mean with its 95% interval (normal approximation). */
typedef struct stat {
    double n, sum, sq;
} stat;

static void stat_add(stat *s, double x)
{
    s->n++;
    s->sum += x;
    s->sq += x * x;
}

/* Prints "mean [lo, hi]" of s, scaled by `scale`. */
static void stat_print(const stat *s, double scale)
{
    double mean = s->n ? s->sum / s->n : 0;
    double sd = s->n > 1 ? sqrt(fmax(0, s->sq - s->n * mean * mean) /
                                (s->n - 1))
                         : 0;
    double h = s->n ? 1.96 * sd / sqrt(s->n) : 0;
    printf("%+.2f [%+.2f, %+.2f]", scale * mean, scale * (mean - h),
           scale * (mean + h));
}

/* The figures so far: the departures and their worth (win share in
 * points, and score), the edge per game, and the seat's results. */
typedef struct tally {
    stat worth, worth_score; /* per departure */
    stat edge, edge_score;   /* per game: the sum of its departures */
    stat win, score;         /* per game: the seat's (or team's) result */
    double decisions, better, worse;
} tally;

static void report(const tally *t, int games)
{
    printf("%d games, %.0f decisions under test; departures %.0f (%.2f%% "
           "of decisions; %.0f worth more than +2 points, %.0f less than "
           "-2)\n",
           games, t->decisions, t->worth.n,
           t->decisions ? 100 * t->worth.n / t->decisions : 0, t->better,
           t->worse);
    printf("  worth of a departure, points of win share: ");
    stat_print(&t->worth, 100);
    printf("; score: ");
    stat_print(&t->worth_score, 1);
    printf("\n  edge per game, points of win share: ");
    stat_print(&t->edge, 100);
    printf("; score: ");
    stat_print(&t->edge_score, 1);
    printf("\n  win share of the seat under test: %.1f%%; mean score "
           "%.2f\n",
           100 * t->win.sum / games, t->score.sum / games);
    fflush(stdout);
}

static int usage(void)
{
    fprintf(stderr,
            "usage: deviation GAME [-p N] [--opt KEY=VALUE]... [-n GAMES] "
            "[--seat K|all]\n"
            "                 [-m PLAYOUTS] [--seed S]\n"
            "                 [--bot SPEC [--sees-hands] | --oracle K | "
            "--hands K | --flat K] [--infer]\n"
            "                 [--margin X] [--z Z]\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-')
        return usage();
    const tb_game *g = tb_find_game(argv[1]);
    if (!g || !g->heuristic) {
        fprintf(stderr, "deviation: no game %s with a heuristic\n", argv[1]);
        return 2;
    }
    int players = 0, games = 20, seat = -1, m = 100, k = 0, sees = 0;
    int infer = 0;
    enum sight sight = SEE_WORLD;
    double z = 0, margin = 0.02;
    uint64_t seed = 1;
    const char *spec = "ismcts";
    const char *opts[TB_MAX_OPTIONS * 2];
    int n_opts = 0;
    for (int i = 2; i < argc; i++) {
        int more = i + 1 < argc;
        if (!strcmp(argv[i], "-p") && more)
            players = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-n") && more)
            games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-m") && more)
            m = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seat") && more) {
            i++;
            seat = !strcmp(argv[i], "all") ? -2 : atoi(argv[i]);
        } else if (!strcmp(argv[i], "--seed") && more)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--bot") && more)
            spec = argv[++i];
        else if (!strcmp(argv[i], "--oracle") && more) {
            k = atoi(argv[++i]);
            sight = SEE_FUTURE;
        } else if (!strcmp(argv[i], "--hands") && more) {
            k = atoi(argv[++i]);
            sight = SEE_HANDS;
        } else if (!strcmp(argv[i], "--flat") && more) {
            k = atoi(argv[++i]);
            sight = SEE_WORLD;
        } else if (!strcmp(argv[i], "--margin") && more)
            margin = atof(argv[++i]);
        else if (!strcmp(argv[i], "--z") && more)
            z = atof(argv[++i]);
        else if (!strcmp(argv[i], "--sees-hands"))
            sees = 1;
        else if (!strcmp(argv[i], "--infer"))
            infer = 1;
        else if (!strcmp(argv[i], "--opt") && more &&
                 n_opts < TB_MAX_OPTIONS * 2)
            opts[n_opts++] = argv[++i];
        else
            return usage();
    }
    char err[256];
    tb_config cfg;
    if (tb_config_default(g, players, &cfg) != TB_OK)
        return usage();
    for (int i = 0; i < n_opts; i++) {
        char key[64];
        const char *eq = strchr(opts[i], '=');
        if (!eq || (size_t)(eq - opts[i]) >= sizeof key)
            return usage();
        memcpy(key, opts[i], (size_t)(eq - opts[i]));
        key[eq - opts[i]] = 0;
        if (tb_config_set(g, &cfg, key, eq + 1, err, sizeof err) != TB_OK) {
            fprintf(stderr, "deviation: %s\n", err);
            return 2;
        }
    }
    players = cfg.players;
    if (games < 1 || m < 1 || k < 0 || seat >= players)
        return usage();

    dev d = {g, NULL, NULL, tb_state_new(g), tb_state_new(g),
             tb_state_new(g)};
    void *st = tb_state_new(g);
    if (!d.play || !d.view || !d.world || !st)
        return 1;
    void (*reset)(void) = NULL;
    void (*observe)(const void *, tb_action) = NULL;
    for (size_t i = 0; i < sizeof hooks / sizeof hooks[0]; i++)
        if (!strcmp(hooks[i].id, g->id)) {
            d.unseen = hooks[i].unseen;
            if (infer) {
                d.infer = hooks[i].infer;
                reset = hooks[i].reset;
                observe = hooks[i].observe;
            }
        }
    if (infer && !d.infer) {
        fprintf(stderr, "deviation: no --infer for %s\n", g->id);
        return 2;
    }
    /* A bot per seat, so that each keeps what it learns of its own seat's
     * game; with --sees-hands on a copy of the game that does not hide the
     * hands, with --infer on one whose worlds keep what was inferred. */
    static tb_game copy;
    copy = *g;
    if (sees)
        copy.determinize = determinize_seeing;
    else if (infer)
        copy.determinize = d.infer;
    seeing_unseen = d.unseen;
    tb_bot *bots[TB_MAX_PLAYERS] = {0};
    if (!k)
        for (int p = 0; p < players; p++) {
            bots[p] = tb_bot_new(sees || infer ? &copy : g, spec, seed * 7 + 1 + (uint64_t)p, err,
                                 sizeof err);
            if (!bots[p]) {
                fprintf(stderr, "deviation: %s\n", err);
                return 1;
            }
        }
    enum sight judge = sight == SEE_FUTURE ? SEE_FUTURE : SEE_HANDS;
    tally t;
    memset(&t, 0, sizeof t);
    uint64_t seeds = seed * 1000003 + 77;
    for (int n = 0; n < games; n++) {
        if (tb_init(g, st, &cfg, err, sizeof err) != TB_OK) {
            fprintf(stderr, "deviation: %s\n", err);
            return 1;
        }
        /* The luck of game n and its heuristic players' generator depend
         * on seed and n alone, so that every chooser meets the same
         * deals. */
        tb_rng luck, pol;
        tb_rng_seed(&luck, seed * 1000003 + (uint64_t)n);
        tb_rng_seed(&pol, seed * 7919 + (uint64_t)n * 31 + 5);
        int me = seat >= 0 ? seat : n % players;
        if (reset)
            reset();
        if (!k)
            for (int p = 0; p < players; p++) {
                tb_bot_seed(bots[p], seed * 7 + (uint64_t)n * 131 + 1 +
                                         (uint64_t)p);
                tb_bot_start(bots[p], &cfg, p);
            }
        double edge = 0, edge_score = 0;
        for (;;) {
            tb_settle(g, st, &luck);
            int cur = tb_current(g, st);
            if (cur == TB_TERMINAL)
                break;
            tb_action h = heuristic(&d, st, cur, &pol), x = h;
            if (seat == -2 || cur == me) {
                t.decisions++;
                if (k)
                    x = flat_choice(&d, st, &luck, cur, h, k, sight, margin,
                                    z, &seeds);
                else
                    tb_bot_choose(bots[cur], st, &x);
                if (x != h) {
                    double w = 0, s = 0;
                    for (int r = 0; r < m; r++, seeds++) {
                        double wx, sx, wh, sh;
                        playout(&d, st, x, cur, judge, &luck, seeds, &wx,
                                &sx);
                        playout(&d, st, h, cur, judge, &luck, seeds, &wh,
                                &sh);
                        w += wx - wh;
                        s += sx - sh;
                    }
                    w /= m;
                    s /= m;
                    stat_add(&t.worth, w);
                    stat_add(&t.worth_score, s);
                    t.better += w > 0.02;
                    t.worse += w < -0.02;
                    edge += w;
                    edge_score += s;
                }
            }
            if (!k)
                for (int p = 0; p < players; p++)
                    tb_bot_observe(bots[p], st, x);
            if (observe)
                observe(st, x);
            tb_apply_legal(g, st, x);
        }
        double win, score;
        outcome(g, st, seat >= 0 ? seat : me, &win, &score);
        stat_add(&t.win, win);
        stat_add(&t.score, score);
        stat_add(&t.edge, edge);
        stat_add(&t.edge_score, edge_score);
        if ((n + 1) % 10 == 0 && n + 1 < games)
            report(&t, n + 1);
    }
    report(&t, games);
    for (int p = 0; p < players; p++)
        tb_bot_free(bots[p]);
    free(d.play);
    free(d.view);
    free(d.world);
    free(st);
    return 0;
}
