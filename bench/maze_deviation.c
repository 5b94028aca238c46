/*
 * maze_deviation.c - what a bot's departures from the heuristic are worth
 * in Mystique Maze, judged from the true state (docs/bots.md, Mystique
 * Maze, "Where the edge is").
 *
 * Games are played with the heuristic in every seat but one, the seat
 * under test (--seat, or each seat in turn game by game), where a chooser
 * decides.  At each of its decisions the heuristic's choice is asked too;
 * where the two differ, both moves are played out M times (-m) from the
 * true state, every hand as it really is and the deck, which nobody has
 * seen, shuffled again for each playout, the heuristic playing every seat
 * to the end; the two moves share each playout's shuffle and generator,
 * so their difference is paired.  The mean difference in the seat's win
 * share is the departure's worth.  The game then goes on with the
 * chooser's move.  Summed over a game, the worths approximate the
 * chooser's edge over the heuristic in that seat, with far less noise
 * than whole games give (most decisions are the heuristic's own).
 *
 * The chooser is a bot (--bot SPEC, default the game's ismcts), or:
 *   --sees-hands   that bot with worlds holding the real hands (only the
 *                  deck's order drawn again): a bot that cheats, to
 *                  separate what the search makes of a world from what the
 *                  world model gets wrong;
 *   --oracle K     flat Monte Carlo on the true state: every legal move
 *                  played out K times (the heuristic after it), all moves
 *                  of a playout on the same shuffle, the best taken when
 *                  it beats the heuristic's by more than 2/K;
 *   --flat K       the same in K worlds from the game's determinize, as
 *                  the seat may see them (no cheating);
 *   --z Z          with --oracle or --flat: the best taken only when its
 *                  mean paired difference with the heuristic's move is
 *                  more than Z standard errors above zero.
 * The worth of each departure is measured on playouts of their own, apart
 * from the chooser's.
 *
 * Build and run: make bench-maze-deviation [DEV_ARGS="-p 3 -n 100 --seat 0"]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The game is compiled in here, so that its true state can be read and its
 * deck shuffled; its descriptor is renamed so as not to clash with the
 * library's. */
#define tbg_mystique_maze tbg_maze_deviation_copy
#include "../src/games/mystique_maze.c"

/* Draws the order of the deck in play again: nobody has seen it. */
static void shuffle_deck(maze *s, tb_rng *rng)
{
    tb_rng_shuffle8(rng, s->deck + s->deck_top, s->deck_n - s->deck_top);
}

/* determinize for --sees-hands: the real hands kept, the deck shuffled. */
static void determinize_seeing_hands(void *vs, int seat, tb_rng *rng)
{
    (void)seat;
    shuffle_deck(vs, rng);
}

/* Seat's win share in the finished game s (a k-way draw counts 1/k). */
static double win_share(const tb_game *g, const maze *s, int seat)
{
    tb_result r;
    tb_result_of(g, s, &r);
    return tbi_win_share(&r, seat);
}

/* Seat's win share (a k-way draw counts 1/k) when a is played in `from`
 * and then the heuristic plays every seat, on a deck shuffled from seed. */
static double playout(const tb_game *g, const maze *from, tb_action a,
                      int seat, uint64_t seed)
{
    maze s = *from;
    tb_rng rng;
    tb_rng_seed(&rng, seed);
    shuffle_deck(&s, &rng);
    tb_apply_legal(g, &s, a);
    for (;;) {
        tb_settle(g, &s, &rng);
        int cur = tb_current(g, &s);
        if (cur == TB_TERMINAL)
            break;
        tb_apply_legal(g, &s, g->heuristic(&s, cur, &rng));
    }
    return win_share(g, &s, seat);
}

/* Flat Monte Carlo for seat in st: every legal move played out in each of
 * k worlds (the true state, or determinize's samples when `sampled`), all
 * moves of a world on the same shuffle and generator.  The best move on
 * average is kept when its paired difference with the heuristic's move h
 * is more than z standard errors above zero (z <= 0: more than 2/k). */
static tb_action flat_choice(const tb_game *g, const maze *st, int seat,
                             tb_action h, int k, int sampled, double z,
                             uint64_t *seeds)
{
    tb_action acts[TB_MAX_ACTIONS];
    double value[TB_MAX_ACTIONS] = {0}, sq[TB_MAX_ACTIONS] = {0};
    double v[TB_MAX_ACTIONS];
    int n = tb_legal(g, st, acts), hi = 0;
    for (int i = 0; i < n; i++)
        if (acts[i] == h)
            hi = i;
    tb_rng wr;
    tb_rng_seed(&wr, (*seeds)++);
    for (int w = 0; w < k; w++) {
        maze world = *st;
        if (sampled)
            g->determinize(&world, seat, &wr);
        uint64_t seed = (*seeds)++;
        for (int i = 0; i < n; i++)
            v[i] = playout(g, &world, acts[i], seat, seed);
        for (int i = 0; i < n; i++) {
            value[i] += v[i] - v[hi];
            sq[i] += (v[i] - v[hi]) * (v[i] - v[hi]);
        }
    }
    int best = hi;
    for (int i = 0; i < n; i++)
        if (value[i] > value[best])
            best = i;
    if (z <= 0) /* value[] holds sums over the k worlds: a mean 2/k better */
        return value[best] > 2.0 ? acts[best] : h;
    return tbi_paired_clear(value[best], sq[best], k, z) ? acts[best] : h;
}

typedef struct tally {
    double n, sum, sq, better, worse;
} tally;

static void report(const tally *t, double decisions, int games, double wins)
{
    static const char *kind[2] = {"draw", "discard"};
    printf("%d games, %.0f decisions of the seat under test, its win share "
           "%.3f\n", games, decisions, wins / games);
    double total = 0;
    for (int k = 0; k < 2; k++) {
        double mean = t[k].n ? t[k].sum / t[k].n : 0;
        double sd = t[k].n > 1 ? sqrt(fmax(0, t[k].sq - t[k].n * mean * mean) /
                                      (t[k].n - 1))
                               : 0;
        double h = t[k].n ? 1.96 * sd / sqrt(t[k].n) : 0;
        printf("  %-7s departures %5.0f (%5.2f%% of decisions), worth %+.4f "
               "[%+.4f, %+.4f] each; %.0f worth more than +0.02, %.0f less "
               "than -0.02\n",
               kind[k], t[k].n, 100 * t[k].n / decisions, mean, mean - h,
               mean + h, t[k].better, t[k].worse);
        total += t[k].sum;
    }
    printf("  worth per game %+.4f\n", total / games);
    fflush(stdout);
}

static int usage(void)
{
    fprintf(stderr,
            "usage: maze_deviation [-p N] [-n GAMES] [--seat K] [-m PLAYOUTS] "
            "[--seed S]\n"
            "                      [--bot SPEC [--sees-hands] | --oracle K | "
            "--flat K] [--z Z]\n");
    return 2;
}

int main(int argc, char **argv)
{
    int players = 3, games = 100, seat = -1, m = 200, oracle = 0, flat = 0;
    int sees = 0;
    double z = 0;
    uint64_t seed = 1;
    const char *spec = "ismcts";
    for (int i = 1; i < argc; i++) {
        int more = i + 1 < argc;
        if (!strcmp(argv[i], "-p") && more)
            players = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-n") && more)
            games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-m") && more)
            m = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seat") && more)
            seat = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && more)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--bot") && more)
            spec = argv[++i];
        else if (!strcmp(argv[i], "--oracle") && more)
            oracle = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--flat") && more)
            flat = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--z") && more)
            z = atof(argv[++i]);
        else if (!strcmp(argv[i], "--sees-hands"))
            sees = 1;
        else
            return usage();
    }
    if (players < 2 || players > MAX_P || games < 1 || m < 1 ||
        seat >= players || oracle < 0 || flat < 0)
        return usage();
    static tb_game seeing;
    seeing = tbg_maze_deviation_copy;
    seeing.determinize = determinize_seeing_hands;
    const tb_game *g = &tbg_maze_deviation_copy;
    tb_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.players = players;
    cfg.opt[OPT_ROUNDS] = 100;
    char err[256];
    tb_bot *bot = NULL;
    if (!oracle && !flat) {
        bot = tb_bot_new(sees ? &seeing : g, spec, seed * 7 + 1, err,
                         sizeof err);
        if (!bot) {
            fprintf(stderr, "maze_deviation: %s\n", err);
            return 1;
        }
    }
    tally t[2];
    memset(t, 0, sizeof t);
    double decisions = 0, wins = 0;
    uint64_t seeds = seed * 1000003 + 77;
    for (int n = 0; n < games; n++) {
        maze st;
        if (tb_init(g, &st, &cfg, err, sizeof err) != TB_OK) {
            fprintf(stderr, "maze_deviation: %s\n", err);
            return 1;
        }
        tb_rng rng;
        tb_rng_seed(&rng, seed * 1000003 + (uint64_t)n);
        int me = seat >= 0 ? seat : n % players;
        for (;;) {
            tb_settle(g, &st, &rng);
            int cur = tb_current(g, &st);
            if (cur == TB_TERMINAL)
                break;
            tb_action h = g->heuristic(&st, cur, &rng), x = h;
            if (cur == me) {
                decisions++;
                if (oracle || flat)
                    x = flat_choice(g, &st, cur, h, oracle ? oracle : flat,
                                    flat > 0, z, &seeds);
                else
                    tb_bot_choose(bot, &st, &x);
                if (x != h) {
                    tally *k = &t[st.phase == PH_DISCARD];
                    double d = 0;
                    for (int r = 0; r < m; r++, seeds++)
                        d += playout(g, &st, x, cur, seeds) -
                             playout(g, &st, h, cur, seeds);
                    d /= m;
                    k->n++;
                    k->sum += d;
                    k->sq += d * d;
                    k->better += d > 0.02;
                    k->worse += d < -0.02;
                }
            }
            tb_apply_legal(g, &st, x);
        }
        wins += win_share(g, &st, me);
        if ((n + 1) % 10 == 0 && n + 1 < games)
            report(t, decisions, n + 1, wins);
    }
    report(t, decisions, games, wins);
    tb_bot_free(bot);
    return 0;
}
