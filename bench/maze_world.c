/*
 * maze_world.c - how well Mystique Maze's determinize guesses the hands a
 * seat cannot see: the quality of the search's world model, measured
 * directly (docs/bots.md, Mystique Maze).  Games between heuristic
 * players are played; at the start of each turn (from round --from on,
 * until a reshuffle, or with --after from the first reshuffle on) the
 * seat to move determinizes the state K times and
 * each sample's hand of the next seat is compared with the real one:
 *
 *   overlap  the share of the next hand's unseen cards (not known to all)
 *            the sample puts there;
 *   gap      the cards the sampled hand misses for a chain, against the
 *            real hand's (as the heuristic counts them);
 *   brier    for each card of the mover's hand, the share of samples whose
 *            next hand wants it (would take it from the discard pile)
 *            against whether the real one does: the mean squared error,
 *            and the mean share for the cards really wanted / not wanted.
 *            This is what a discard that does not feed the next player
 *            rests on.
 *
 * for four world models: uniform (the unseen cards dealt at random),
 * shaped (the earlier attempt: 12 virtual turns of the heuristic on each
 * hand, hands that want a refused card made again), inferred (the
 * game's determinize without infer_split: Metropolis on the public
 * history), split (the game's determinize: which hand holds an older
 * deck's card inferred too) and filtered (a
 * belief kept from the deal on by each seat, particles reweighted by
 * every draw and discard seen: see filter_update).
 *
 * Build and run: make bench-maze [MAZE_ARGS="-p 2 -n 100"]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* The game is compiled in here, so that its model can be switched and its
 * internals read; its descriptor is renamed so as not to clash with the
 * library's. */
static int infer_on, split_on;
#define MAZE_INFER infer_on
#define MAZE_INFER_SPLIT split_on
#define tbg_mystique_maze tbg_maze_world_copy
#include "../src/games/mystique_maze.c"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------- the earlier, shaped model */

/* Plays `turns` turns of the heuristic's draw and discard for seat p on
 * its unseen cards of the deck in play, drawing from the pool. */
static void virtual_turns(maze *s, int p, tbi_pool *pool, int turns,
                          tb_rng *rng)
{
    for (int t = 0; t < turns && pool->next < pool->n; t++) {
        int j = pool->next +
                (int)tb_rng_below(rng, (uint32_t)(pool->n - pool->next));
        s->hand[p][s->hand_n[p]++] = pool->card[j];
        uint64_t hand = hand_set(s, p);
        int best = -1, best_gap = 0, best_outs = 0;
        for (int i = 0; i < s->hand_n[p]; i++) {
            int c = s->hand[p][i];
            if (tbi_node_in(s->known, c) || !tbi_node_in(s->gen, c))
                continue;
            int outs, gap = missing(s, p, hand & ~tbi_node_bit(c), &outs);
            if (best < 0 || gap < best_gap ||
                (gap == best_gap && outs > best_outs)) {
                best = i;
                best_gap = gap;
                best_outs = outs;
            }
        }
        uint8_t d = s->hand[p][best];
        s->hand[p][best] = s->hand[p][--s->hand_n[p]];
        s->hand[p][s->hand_n[p]] = 0;
        pool->card[j] = d;
    }
    tbi_sort_u8(s->hand[p], s->hand_n[p]);
}

/* Whether p's hand wants one of its last three refusals. */
static int wants_refused(const maze *s, int p)
{
    uint64_t wanted;
    int loose;
    chain_gap(s, p, hand_set(s, p), &wanted, &loose);
    for (int i = 0, r = 0; i < s->log_n[p] && r < 3; i++) {
        if (history_at(s->log_took[p], i) ||
            history_at(s->log_top[p], i) == NONE)
            continue;
        r++;
        if (tbi_node_in(wanted, history_at(s->log_top[p], i)))
            return 1;
    }
    return 0;
}

/* The shaped model: a uniform determinization, then each other hand
 * played through min(round, 12) virtual turns against the deck's cards,
 * made again (up to 8 times) while it wants a refused card. */
static void determinize_shaped(maze *s, int seat, tb_rng *rng)
{
    infer_on = 0;
    determinize(s, seat, rng);
    tbi_pool pool;
    tbi_pool_init(&pool);
    tbi_pool_add_run(&pool, s->deck + s->deck_top, s->deck_n - s->deck_top);
    int rounds = s->turns / s->players;
    int turns = rounds < 12 ? rounds : 12;
    for (int p = 0; p < s->players; p++) {
        if (p == seat || s->hand_n[p] > HAND)
            continue;
        tbi_pool start = pool;
        uint8_t hand[HAND + 1];
        memcpy(hand, s->hand[p], sizeof hand);
        for (int k = 0; k < 8; k++) {
            if (k) {
                pool = start;
                memcpy(s->hand[p], hand, sizeof hand);
            }
            virtual_turns(s, p, &pool, turns, rng);
            if (!wants_refused(s, p))
                break;
        }
    }
    memcpy(s->deck + s->deck_top, pool.card, (size_t)pool.n);
}

/* ------------------------------------------------------------ measuring */

/* ------------------------------------------- the filtered model (bench) */

/* A belief kept from the deal on, one per seat: particles, each a whole
 * state as that seat may imagine it, weighted by how likely they make what
 * the other seats were seen to do, assuming they play as the heuristic
 * does (the players of these games do).  Each of the seat's own draws from
 * the deck puts that card on the particles' decks; each draw of another
 * seat is checked (would its hand in the particle have taken the top of
 * the discard pile?), and its discard too, the card it drew from the deck
 * being the discard when its particle hand lacks that card, else a card of
 * the particle's deck at random.  Kept until the first reshuffle, as the
 * measurements are; a bench's model, not yet the game's determinize. */
#ifndef PARTICLES
#define PARTICLES 256
#endif
#ifndef FILTER_MISS
#define FILTER_MISS (-4.0) /* the log weight of a decision not explained */
#endif

typedef struct filter {
    maze part[PARTICLES];
    double logw[PARTICLES];
    int pending; /* the seat to move drew from the deck, card not yet set */
} filter;

static filter filters[MAX_P];

/* Starts every seat's belief on the dealt state: the other hands dealt
 * uniformly from what the seat has not seen. */
static void filter_start(const maze *st, tb_rng *rng)
{
    infer_on = 0;
    for (int m = 0; m < st->players; m++) {
        for (int i = 0; i < PARTICLES; i++) {
            filters[m].part[i] = *st;
            determinize(&filters[m].part[i], m, rng);
            filters[m].logw[i] = 0;
        }
        filters[m].pending = 0;
    }
}

/* Moves card c to the top of particle d's deck; when the particle put it
 * in another hand, that hand gets a card of the deck instead. */
static void put_on_top(maze *d, int c, tb_rng *rng)
{
    for (int i = d->deck_top; i < d->deck_n; i++)
        if (d->deck[i] == c) {
            d->deck[i] = d->deck[d->deck_top];
            d->deck[d->deck_top] = (uint8_t)c;
            return;
        }
    int rest = d->deck_n - d->deck_top - 1;
    for (int p = 0; p < d->players && rest > 0; p++)
        for (int i = 0; i < d->hand_n[p]; i++)
            if (d->hand[p][i] == c) {
                int j = d->deck_top + 1 + (int)tb_rng_below(rng, (uint32_t)rest);
                d->hand[p][i] = d->deck[j];
                d->deck[j] = d->deck[d->deck_top];
                d->deck[d->deck_top] = (uint8_t)c;
                tbi_sort_u8(d->hand[p], d->hand_n[p]);
                return;
            }
}

/* Gives particle d's hand of seat q the card c it was seen to discard,
 * when the particle put c elsewhere: swapped with one of q's cards not
 * known to all. */
static void ensure_held(maze *d, int q, int c, tb_rng *rng)
{
    if (tbi_node_in(hand_set(d, q), c))
        return;
    int idx[HAND + 1], k = 0;
    for (int i = 0; i < d->hand_n[q]; i++)
        if (!tbi_node_in(d->known, d->hand[q][i]))
            idx[k++] = i;
    if (k == 0)
        return;
    uint8_t *mine = &d->hand[q][idx[tb_rng_below(rng, (uint32_t)k)]];
    uint8_t *where = NULL;
    for (int i = d->deck_top; i < d->deck_n && !where; i++)
        if (d->deck[i] == c)
            where = &d->deck[i];
    for (int p = 0; p < d->players && !where; p++)
        for (int i = 0; i < d->hand_n[p] && !where; i++)
            if (p != q && d->hand[p][i] == c)
                where = &d->hand[p][i];
    if (!where)
        return;
    *where = *mine;
    *mine = (uint8_t)c;
    for (int p = 0; p < d->players; p++)
        tbi_sort_u8(d->hand[p], d->hand_n[p]);
}

/* Each particle's weight into w, scaled so that the largest is 1;
 * returns their sum. */
static double filter_weights(const filter *f, double *w)
{
    double top = f->logw[0], sum = 0;
    for (int i = 1; i < PARTICLES; i++)
        if (f->logw[i] > top)
            top = f->logw[i];
    for (int i = 0; i < PARTICLES; i++)
        sum += w[i] = exp(f->logw[i] - top);
    return sum;
}

/* Resamples a belief whose weights have grown too uneven. */
static void filter_resample(filter *f, tb_rng *rng)
{
    double w[PARTICLES], sq = 0, sum = filter_weights(f, w);
    for (int i = 0; i < PARTICLES; i++)
        sq += w[i] * w[i];
    if (sum * sum / sq >= PARTICLES / 2.0)
        return;
    static maze copy[PARTICLES];
    memcpy(copy, f->part, sizeof copy);
    double step = sum / PARTICLES, u = tb_rng_unit(rng) * step, acc = w[0];
    for (int i = 0, j = 0; i < PARTICLES; i++, u += step) {
        while (acc < u && j < PARTICLES - 1)
            acc += w[++j];
        f->part[i] = copy[j];
        f->logw[i] = 0;
    }
}

/* Brings every seat's belief past the real action a of the seat to move in
 * st (before it is applied). */
static void filter_update(const tb_game *g, const maze *st, tb_action a,
                          tb_rng *rng)
{
    int q = st->turn;
    for (int m = 0; m < st->players; m++) {
        filter *f = &filters[m];
        for (int i = 0; i < PARTICLES; i++) {
            maze *d = &f->part[i];
            /* A particle in which a hand made its chain is over, where
             * the real game went on: it is ruled out. */
            if (d->phase == PH_OVER) {
                f->logw[i] = -1e9;
                continue;
            }
            if (q == m) {
                if (a == DRAW)
                    put_on_top(d, st->deck[st->deck_top], rng);
                tb_apply_legal(g, d, a);
                continue;
            }
            if (st->phase == PH_DRAW) {
                if (g->heuristic(d, q, rng) != a)
                    f->logw[i] += FILTER_MISS;
                if (a == TAKE)
                    tb_apply_legal(g, d, a);
                continue;
            }
            if (f->pending) {
                /* The card drawn: the discard if the hand lacks it (one
                 * chance in the deck's size), else any card of the deck. */
                int held = tbi_node_in(hand_set(d, q), (int)a);
                int n = d->deck_n - d->deck_top;
                if (!held) {
                    put_on_top(d, (int)a, rng);
                    f->logw[i] += -log((double)n);
                } else {
                    put_on_top(d, d->deck[d->deck_top + (int)tb_rng_below(
                                          rng, (uint32_t)n)],
                               rng);
                }
                tb_apply_legal(g, d, DRAW);
            }
            if (!tbi_node_in(hand_set(d, q), (int)a)) {
                f->logw[i] += 2 * FILTER_MISS;
                ensure_held(d, q, (int)a, rng);
            } else if (best_discard(d, q) != (int)a) {
                f->logw[i] += FILTER_MISS;
            }
            tb_apply_legal(g, d, a);
        }
        if (q != m && st->phase == PH_DRAW)
            f->pending = a == DRAW;
        else
            f->pending = 0;
        filter_resample(f, rng);
    }
}

/* A world drawn from seat's belief, by weight. */
static void filter_sample(maze *d, int seat, tb_rng *rng)
{
    const filter *f = &filters[seat];
    double w[PARTICLES], u = tb_rng_unit(rng) * filter_weights(f, w);
    int i = 0;
    for (; i < PARTICLES - 1; i++)
        if ((u -= w[i]) <= 0)
            break;
    *d = f->part[i];
}

enum { UNIFORM, SHAPED, INFERRED, SPLIT, FILTERED, MODELS };
static const char *model_names[MODELS] = {"uniform", "shaped", "inferred",
                                          "split", "filtered"};

typedef struct tally {
    double overlap, gap_sampled, gap_real, brier, p_wanted, p_unwanted;
    double points, cards, wanted_cards, unwanted_cards;
    double seconds;
    double samples;
} tally;

/* With --after the states measured are those after the first reshuffle,
 * where the shaped and filtered models, kept from the deal, do not
 * apply. */
static int after;

static int measured(int model)
{
    return !after || (model != SHAPED && model != FILTERED);
}

static void sample(maze *d, int model, int seat, tb_rng *rng)
{
    if (model == FILTERED) {
        filter_sample(d, seat, rng);
    } else if (model == SHAPED) {
        determinize_shaped(d, seat, rng);
    } else {
        infer_on = model == INFERRED || model == SPLIT;
        split_on = model == SPLIT;
        determinize(d, seat, rng);
    }
}

/* The cards p's hand misses (chain_gap, as p sees it; a plan through the
 * other hands counts as HAND + 1 more) and the cards it wants. */
static int gap_of(const maze *s, int p, uint64_t *wanted)
{
    int loose, g = chain_gap(s, p, hand_set(s, p), wanted, &loose);
    return g < 0 ? HAND + 1 : g;
}

static void measure(const maze *st, int seat, int k, tb_rng *rng,
                    tally *t)
{
    int q = next_seat(st, seat);
    uint64_t real = hand_set(st, q) & ~st->known, real_wanted;
    int hidden = __builtin_popcountll(real);
    int real_gap = gap_of(st, q, &real_wanted);
    for (int model = 0; model < MODELS; model++) {
        if (!measured(model))
            continue;
        tally *m = &t[model];
        double hits[HAND + 1] = {0};
        maze d;
        double t0 = now();
        for (int i = 0; i < k; i++) {
            memcpy(&d, st, sizeof d);
            sample(&d, model, seat, rng);
            uint64_t got = hand_set(&d, q) & ~d.known, w;
            m->gap_sampled += gap_of(&d, q, &w);
            m->gap_real += real_gap;
            if (hidden)
                m->overlap += __builtin_popcountll(got & real) /
                              (double)hidden;
            for (int c = 0; c < st->hand_n[seat]; c++)
                hits[c] += tbi_node_in(w, st->hand[seat][c]);
            m->samples++;
        }
        m->seconds += now() - t0;
        m->points++;
        for (int c = 0; c < st->hand_n[seat]; c++) {
            double pr = hits[c] / k;
            int y = tbi_node_in(real_wanted, st->hand[seat][c]);
            m->brier += (pr - y) * (pr - y);
            m->cards++;
            if (y) {
                m->p_wanted += pr;
                m->wanted_cards++;
            } else {
                m->p_unwanted += pr;
                m->unwanted_cards++;
            }
        }
    }
}

/* The race at a search's cut-off: each seat's chance taken as
 * proportional to e to the minus beta times the cards it misses.  For
 * the points of one game, the seats' gaps are kept; once the game is
 * decided, the log-likelihood of its winner is added up for each beta. */
#define BETAS 6
#define LAMBDAS 5
static const double betas[BETAS] = {0.25, 0.5, 0.75, 1.0, 1.5, 2.0};
static const double lambdas[LAMBDAS] = {0, 1, 2, 4, 9};
static double race_loglik[BETAS][LAMBDAS], race_points;
static int game_gaps[4000][MAX_P], game_loose[4000][MAX_P], game_points;
/* The same with the game's beta and lambda (race_beta, race_loose), and a
 * weight e^-(gamma k) for the seat k places after the one to move. */
#define GAMMAS 5
static const double gammas[GAMMAS] = {0, 0.1, 0.2, 0.3, 0.5};
static double order_loglik[GAMMAS];
static int game_mover[4000];
/* The same with a weight e^(kappa x outs) for the cards that would each
 * bring the seat's hand one closer. */
#define KAPPAS 6
static const double kappas[KAPPAS] = {0, 0.02, 0.05, 0.1, 0.2, 0.3};
static double outs_loglik[KAPPAS];
static int game_outs[4000][MAX_P];

static void race_keep(const maze *st)
{
    if (game_points >= 4000)
        return;
    for (int p = 0; p < st->players; p++) {
        int loose, g = chain_gap(st, p, hand_set(st, p), NULL, &loose);
        game_gaps[game_points][p] = g < 0 ? HAND + 1 : g;
        game_loose[game_points][p] = loose || g < 0;
        missing(st, p, hand_set(st, p), &game_outs[game_points][p]);
    }
    game_mover[game_points] = st->turn;
    game_points++;
}

/* The log of the share the race gives seat w at point i of the game:
 * odds e^-(beta (gap + lambda loose) + gamma k - kappa outs), k the
 * seat's place after the one to move. */
static double race_log_share(int i, int w, int players, double beta,
                             double lambda, double gamma, double kappa)
{
    double sum = 0;
    for (int p = 0; p < players; p++) {
        int kp = (p - game_mover[i] + players) % players;
        int kw = (w - game_mover[i] + players) % players;
        sum += exp(-beta * (game_gaps[i][p] - game_gaps[i][w] +
                            lambda * (game_loose[i][p] - game_loose[i][w])) -
                   gamma * (kp - kw) +
                   kappa * (game_outs[i][p] - game_outs[i][w]));
    }
    return -log(sum);
}

/* Adds the decided game's points to the fits and forgets them. */
static void race_score(const maze *st)
{
    int n = st->players, w = st->winner;
    double b = race_beta[n], l = race_loose[n];
    for (int i = 0; i < game_points && w != NONE; i++) {
        for (int j = 0; j < BETAS; j++)
            for (int m = 0; m < LAMBDAS; m++)
                race_loglik[j][m] +=
                    race_log_share(i, w, n, betas[j], lambdas[m], 0, 0);
        for (int j = 0; j < GAMMAS; j++)
            order_loglik[j] += race_log_share(i, w, n, b, l, gammas[j], 0);
        for (int j = 0; j < KAPPAS; j++)
            outs_loglik[j] += race_log_share(i, w, n, b, l, 0, kappas[j]);
        race_points++;
    }
    game_points = 0;
}

int main(int argc, char **argv)
{
    int players = 2, games = 100, k = 20, from = 3;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-p") && i + 1 < argc)
            players = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-n") && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-k") && i + 1 < argc)
            k = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--from") && i + 1 < argc)
            from = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--after"))
            after = 1;
        else {
            fprintf(stderr, "usage: maze_world [-p N] [-n GAMES] [-k "
                            "SAMPLES] [--from ROUND] [--seed S] "
                            "[--after]\n");
            return 2;
        }
    }
    const tb_game *g = &tbg_maze_world_copy;
    tb_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.players = players;
    cfg.opt[OPT_ROUNDS] = 100;
    tally t[MODELS];
    memset(t, 0, sizeof t);
    maze st;
    tb_rng rng, mrng;
    tb_rng_seed(&mrng, seed + 1000);
    for (int n = 0; n < games; n++) {
        char err[128];
        if (tb_init(g, &st, &cfg, err, sizeof err) != TB_OK) {
            fprintf(stderr, "maze_world: %s\n", err);
            return 1;
        }
        tb_rng_seed(&rng, seed * 1000003 + (uint64_t)n);
        for (;;) {
            tb_settle(g, &st, &rng);
            int cur = tb_current(g, &st);
            if (cur == TB_TERMINAL) {
                race_score(&st);
                break;
            }
            if (st.phase == PH_DRAW && st.turns / st.players >= from)
                race_keep(&st);
            if (st.phase == PH_DRAW && st.reshuffles == 0 && st.turns == 0)
                filter_start(&st, &mrng);
            if (st.phase == PH_DRAW && (st.reshuffles > 0) == after &&
                st.turns / st.players >= from)
                measure(&st, cur, k, &mrng, t);
            tb_action a = g->heuristic(&st, cur, &rng);
            if (st.reshuffles == 0)
                filter_update(g, &st, a, &mrng);
            tb_apply_legal(g, &st, a);
        }
    }
    printf("%d players, %d games (seed %llu), %.0f points from round %d, "
           "%d samples each\n", players, games, (unsigned long long)seed,
           t[0].points, from, k);
    printf("%-9s %8s %11s %8s %7s %9s %11s %9s\n", "model", "overlap",
           "gap sampled", "gap real", "brier", "p|wanted", "p|unwanted",
           "us/sample");
    double rate = t[0].wanted_cards / t[0].cards;
    printf("the next hand wants %.3f of the mover's cards (a constant "
           "guess has brier %.4f)\n", rate, rate * (1 - rate));
    for (int m = 0; m < MODELS; m++)
        if (measured(m))
            printf("%-9s %8.3f %11.2f %8.2f %7.4f %9.3f %11.3f %9.1f\n",
               model_names[m], t[m].overlap / t[m].samples,
               t[m].gap_sampled / t[m].samples, t[m].gap_real / t[m].samples,
               t[m].brier / t[m].cards, t[m].p_wanted / t[m].wanted_cards,
               t[m].p_unwanted / t[m].unwanted_cards,
               1e6 * t[m].seconds / t[m].samples);
    printf("the race at the cut, mean log-likelihood of the winner over "
           "%.0f points (uniform: %.3f):\n", race_points, -log(players));
    printf("  with beta %.2f and lambda %.0f, e^-(gamma k) for the seat k "
           "places after the one to move:", race_beta[players],
           race_loose[players]);
    for (int j = 0; j < GAMMAS; j++)
        printf(" %.1f: %.3f", gammas[j], order_loglik[j] / race_points);
    printf("\n");
    printf("  and e^(kappa outs):");
    for (int j = 0; j < KAPPAS; j++)
        printf(" %.2f: %.3f", kappas[j], outs_loglik[j] / race_points);
    printf("\n");
    printf("  beta \\ lambda (a plan through other hands)");
    for (int l = 0; l < LAMBDAS; l++)
        printf(" %7.0f", lambdas[l]);
    printf("\n");
    for (int b = 0; b < BETAS; b++) {
        printf("  %-41.2f", betas[b]);
        for (int l = 0; l < LAMBDAS; l++)
            printf(" %7.3f", race_loglik[b][l] / race_points);
        printf("\n");
    }
    return 0;
}
