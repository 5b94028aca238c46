/*
 * cmd_arena.c - `tabula arena`: agents measured against a field.  Every
 * deal is played in every seating of the agents (each ordered choice of
 * distinct agents for the seats), all on the deal's one seed, so that the
 * luck of the cards and the advantage of a seat fall alike on everyone.
 * Reported per agent: win share with a 95% interval, mean score, time per
 * move, fallback moves of outside agents, and a Bradley-Terry rating on
 * the Elo scale with a bootstrap interval.  Cooperative games are played
 * in teams instead: each agent fills every seat of each deal once.
 *
 * The intervals treat deals, not games, as the independent units: the
 * games of one deal share its cards, so counting them as independent
 * would make the intervals too narrow.  With few deals that interval is
 * itself unreliable, so the wider of it and the plain one over games is
 * reported.
 *
 * Ctrl-C (or SIGTERM) stops an arena early: the games under way finish,
 * and the report covers the deals whose every seating was played, saying
 * so, so that a long run stopped halfway still gives what it measured.
 */
#include "cli.h"
#include "ext_bot.h"
#include "internal.h"
#include "match.h"
#include "stats.h"

#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_SEATINGS 720
#define BOOTSTRAP 200

static int usage(void)
{
    printf(
        "usage: tabula arena GAME --agents A,B,... [-p N] [-n GAMES]\n"
        "                    [--seed S] [--threads T] [--opt key=value]...\n"
        "                    [--json] [--out DIR]\n\n"
        "Plays each deal in every seating of the agents (each ordered choice\n"
        "of distinct agents for the N seats, on the deal's one seed) and\n"
        "reports each agent's win share (a k-way tie for first counts 1/k)\n"
        "with a 95%% interval over deals, mean score, time per move and a\n"
        "Bradley-Terry rating (Elo scale, 95%% bootstrap interval).  In a\n"
        "cooperative game each agent plays every seat of each deal.\n\n"
        "  --agents LIST     two or more seat specs (at least N in a\n"
        "                    competitive game), e.g. ismcts,heuristic,random,\n"
        "                    or levels: easy,medium,hard,expert\n"
        "  -p N              players (default: the game's minimum)\n"
        "  -n GAMES          games at least (default: 20 deals); rounded up\n"
        "                    to whole deals\n"
        "  --seed S          master seed (default: from the clock, printed)\n"
        "  --threads T       worker threads (default 1)\n"
        "  --opt key=value   a game option; see 'tabula rules GAME'\n"
        "  --json            print JSON instead of Markdown\n"
        "  --out DIR         also write DIR/arena.md and DIR/arena.json\n\n"
        "The JSON report lists every deal's games (seats, ranks, scores).\n"
        "A progress bar is drawn on a terminal, and elsewhere (a log) a\n"
        "line at most once a minute.  Ctrl-C stops early: the games under\n"
        "way finish and the deals played in full are reported.\n");
    return 0;
}

/* One arena: what is played and what came of it. */
typedef struct arena {
    const tb_game *game;
    tb_config cfg;
    int n_agents;
    char agents[TB_MAX_PLAYERS][TB_SEAT_SPEC];
    int team;                 /* cooperative: each agent plays all seats */
    int n_seatings;
    uint8_t (*seating)[TB_MAX_PLAYERS]; /* agent per seat */
    long deals, games;
    uint64_t seed;
    int threads;
    /* Per game (deal * n_seatings + seating): */
    tb_result *result;
    long *actions;
    uint8_t *finished;        /* the game was played to its end */
    long deals_asked;         /* deals asked for, when stopped early */
    long *deal_no;            /* then each kept deal's own number */
    /* Per agent, summed over threads: */
    long moves[TB_MAX_PLAYERS];
    double seconds[TB_MAX_PLAYERS];
    long fallback[TB_MAX_PLAYERS];
    long bad[TB_MAX_PLAYERS];  /* outside agents' answers that were not legal */
    long done;
    long next;                /* the next game a thread takes */
    pthread_mutex_t lock;
    int failed;
    char err[512];
} arena;

/* Lists every ordered choice of n distinct agents out of k (k >= n). */
static int make_seatings(arena *A)
{
    int n = A->cfg.players, k = A->n_agents;
    if (A->team) {
        A->n_seatings = k;
        A->seating = calloc((size_t)k, sizeof *A->seating);
        if (!A->seating)
            return -1;
        for (int a = 0; a < k; a++)
            for (int j = 0; j < n; j++)
                A->seating[a][j] = (uint8_t)a;
        return 0;
    }
    double count = 1;
    for (int i = 0; i < n; i++)
        count *= k - i;
    if (count > MAX_SEATINGS) {
        cli_error("arena: %d agents in %d seats make %.0f seatings a deal, "
                  "more than %d; name fewer agents", k, n, count,
                  MAX_SEATINGS);
        return -1;
    }
    A->seating = calloc((size_t)count, sizeof *A->seating);
    if (!A->seating)
        return -1;
    /* Counting in base k over n digits, keeping those with no repeats:
     * the seatings come out in a fixed order. */
    int digit[TB_MAX_PLAYERS] = {0};
    A->n_seatings = 0;
    for (;;) {
        int used = 0, ok = 1;
        for (int j = 0; j < n && ok; j++) {
            ok = !(used >> digit[j] & 1);
            used |= 1 << digit[j];
        }
        if (ok)
            for (int j = 0; j < n; j++)
                A->seating[A->n_seatings][j] = (uint8_t)digit[j];
        A->n_seatings += ok;
        int j = n - 1;
        while (j >= 0 && ++digit[j] == k)
            digit[j--] = 0;
        if (j < 0)
            break;
    }
    return 0;
}

typedef struct worker {
    arena *A;
} worker;

/* Set by SIGINT or SIGTERM: the workers start no further game. */
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

/* The next game for a thread to play, or -1 when none is left (or a
 * signal asked to stop).  Threads take games one at a time as they free
 * up, not in fixed shares: in a cooperative arena game i is played by
 * agent i % agents, so fixed shares could give one thread every game of
 * the slowest agent.  Each game's outcome depends only on its number (the
 * bots start from its seed), never on which thread plays it. */
static long take_game(arena *A)
{
    pthread_mutex_lock(&A->lock);
    long i = stop_signal || A->failed || A->next >= A->games ? -1 : A->next++;
    pthread_mutex_unlock(&A->lock);
    return i;
}

/* Plays games as take_game hands them out, each agent's bot made once
 * per thread. */
static void *work(void *arg)
{
    worker *w = arg;
    arena *A = w->A;
    const tb_game *g = A->game;
    tbi_bot *bots[TB_MAX_PLAYERS] = {0};
    void *st = tb_state_new(g);
    char err[512];
    int ok = st != NULL;
    for (int a = 0; a < A->n_agents && ok; a++) {
        bots[a] = tbi_bot_new(g, A->agents[a], err, sizeof err);
        ok = bots[a] != NULL;
        if (ok)
            bots[a]->timed = 1;
    }
    for (long i; ok && (i = take_game(A)) >= 0;) {
        long deal = i / A->n_seatings;
        const uint8_t *seat_agent = A->seating[i % A->n_seatings];
        tbi_bot *at[TB_MAX_PLAYERS];
        for (int j = 0; j < A->cfg.players; j++)
            at[j] = bots[seat_agent[j]];
        tbi_match_stats ms;
        if (tbi_play_match(g, &A->cfg, tbi_game_seed(A->seed, (uint64_t)deal),
                           at, st, NULL, &ms, err, sizeof err) != TB_OK) {
            ok = 0;
            break;
        }
        A->result[i] = ms.result;
        A->actions[i] = ms.actions;
        A->finished[i] = 1;
        /* Reported under the lock, so that the counts arrive in order. */
        pthread_mutex_lock(&A->lock);
        cli_progress(++A->done, A->games, g->id);
        pthread_mutex_unlock(&A->lock);
    }
    pthread_mutex_lock(&A->lock);
    if (!ok && !A->failed) {
        A->failed = 1;
        snprintf(A->err, sizeof A->err, "%s", st ? err : "out of memory");
    }
    for (int a = 0; a < A->n_agents; a++)
        if (bots[a]) {
            A->moves[a] += bots[a]->moves;
            A->seconds[a] += bots[a]->seconds;
            A->fallback[a] += tbi_ext_fallback_moves(bots[a]);
            A->bad[a] += tbi_ext_bad_answers(bots[a]);
        }
    pthread_mutex_unlock(&A->lock);
    for (int a = 0; a < A->n_agents; a++)
        tbi_bot_free(bots[a]);
    free(st);
    return NULL;
}

/* ------------------------------------------------------------ statistics */

/* What the report says of one agent. */
typedef struct agent_stats {
    long games;
    double wins;           /* win credit: 1/k for a k-way tie for first */
    tbi_moments share;     /* per deal: the agent's mean win credit */
    tbi_moments score;     /* per deal: the agent's mean score */
    tbi_moments game_score; /* per game */
    double elo, elo_lo, elo_hi;
} agent_stats;

/* Pairwise results of one deal: w[a][b] is a's credit against b over the
 * deal's games (1 when a placed above b, 1/2 when level). */
typedef double pairs[TB_MAX_PLAYERS][TB_MAX_PLAYERS];

/* Bradley-Terry strengths by the MM algorithm (Hunter 2004) from summed
 * pairwise credits, as Elo-scale ratings with mean 0.  A small prior of
 * one drawn game against every other agent keeps ratings finite when an
 * agent won or lost every pairing. */
static void bradley_terry(int k, const pairs w, double *elo)
{
    double p[TB_MAX_PLAYERS];
    for (int a = 0; a < k; a++)
        p[a] = 1;
    for (int it = 0; it < 500; it++) {
        double next[TB_MAX_PLAYERS], logsum = 0;
        for (int a = 0; a < k; a++) {
            double won = 0, denom = 0;
            for (int b = 0; b < k; b++) {
                if (b == a)
                    continue;
                double n = w[a][b] + w[b][a] + 1;
                won += w[a][b] + 0.5;
                denom += n / (p[a] + p[b]);
            }
            next[a] = denom > 0 ? won / denom : 1;
            logsum += log(next[a]);
        }
        double mean = exp(logsum / k);
        for (int a = 0; a < k; a++)
            p[a] = next[a] / mean;
    }
    for (int a = 0; a < k; a++)
        elo[a] = 400 * log10(p[a]);
}

/* Adds a finished game's pairwise credits to w. */
static void add_pairs(pairs w, const tb_result *r, const uint8_t *seat_agent)
{
    for (int i = 0; i < r->players; i++)
        for (int j = 0; j < r->players; j++) {
            if (i == j)
                continue;
            double c = r->rank[i] < r->rank[j]    ? 1
                       : r->rank[i] == r->rank[j] ? 0.5
                                                  : 0;
            w[seat_agent[i]][seat_agent[j]] += c;
        }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Sums the games into per-agent statistics; ratings when competitive. */
static void summarize(const arena *A, agent_stats *s)
{
    int k = A->n_agents;
    memset(s, 0, (size_t)k * sizeof *s);
    pairs *by_deal = calloc((size_t)A->deals, sizeof *by_deal);
    for (long d = 0; d < A->deals; d++) {
        double win[TB_MAX_PLAYERS] = {0}, sc[TB_MAX_PLAYERS] = {0};
        int n[TB_MAX_PLAYERS] = {0};
        for (int q = 0; q < A->n_seatings; q++) {
            const tb_result *r = &A->result[d * A->n_seatings + q];
            const uint8_t *sa = A->seating[q];
            for (int j = 0; j < r->players; j++) {
                int a = sa[j];
                double credit = A->team ? (j == 0 && r->team_win)
                                        : tbi_win_share(r, j);
                if (A->team && j)
                    continue; /* a team game counts once for its agent */
                win[a] += credit;
                double v = A->team ? r->team_score : r->score[j];
                sc[a] += v;
                tbi_moments_add(&s[a].game_score, v);
                n[a]++;
            }
            if (!A->team && by_deal)
                add_pairs(by_deal[d], r, sa);
        }
        for (int a = 0; a < k; a++) {
            if (!n[a])
                continue;
            s[a].games += n[a];
            s[a].wins += win[a];
            tbi_moments_add(&s[a].share, win[a] / n[a]);
            tbi_moments_add(&s[a].score, sc[a] / n[a]);
        }
    }
    if (A->team || !by_deal) {
        free(by_deal);
        return;
    }
    pairs total;
    memset(total, 0, sizeof total);
    for (long d = 0; d < A->deals; d++)
        for (int a = 0; a < k; a++)
            for (int b = 0; b < k; b++)
                total[a][b] += by_deal[d][a][b];
    double elo[TB_MAX_PLAYERS];
    bradley_terry(k, (const double(*)[TB_MAX_PLAYERS])total, elo);
    /* The interval: ratings refitted on deals drawn with replacement. */
    double *boot = malloc((size_t)BOOTSTRAP * (size_t)k * sizeof *boot);
    tb_rng rng;
    tb_rng_seed(&rng, A->seed ^ 0xb007ull);
    for (int b = 0; boot && b < BOOTSTRAP; b++) {
        pairs w;
        memset(w, 0, sizeof w);
        for (long d = 0; d < A->deals; d++) {
            long pick = (long)tb_rng_below(&rng, (uint32_t)A->deals);
            for (int x = 0; x < k; x++)
                for (int y = 0; y < k; y++)
                    w[x][y] += by_deal[pick][x][y];
        }
        double e[TB_MAX_PLAYERS];
        bradley_terry(k, (const double(*)[TB_MAX_PLAYERS])w, e);
        for (int a = 0; a < k; a++)
            boot[a * BOOTSTRAP + b] = e[a];
    }
    for (int a = 0; a < k; a++) {
        s[a].elo = elo[a];
        s[a].elo_lo = s[a].elo_hi = elo[a];
        if (boot) {
            qsort(boot + a * BOOTSTRAP, BOOTSTRAP, sizeof *boot, cmp_double);
            s[a].elo_lo = boot[a * BOOTSTRAP + BOOTSTRAP / 40];
            s[a].elo_hi = boot[a * BOOTSTRAP + BOOTSTRAP - 1 - BOOTSTRAP / 40];
        }
    }
    free(boot);
    free(by_deal);
}

static double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The win share and its 95% interval: the wider of the normal interval
 * over deals (honest about the games of a deal sharing its cards) and the
 * Wilson interval over games (which stays honest with few deals, where the
 * first can shrink to nothing when every deal came out alike). */
static void share_interval(const agent_stats *a, double *m, double *lo,
                           double *hi)
{
    double wl, wh, h = tbi_moments_ci95(&a->share);
    *m = tbi_moments_mean(&a->share);
    tbi_wilson95(a->wins, (double)a->games, &wl, &wh);
    *lo = clamp01(fmin(*m - h, wl));
    *hi = clamp01(fmax(*m + h, wh));
}

/* The mean score and its 95% interval, the wider of the interval over
 * deals and the one over games, for the same reason. */
static void score_interval(const agent_stats *a, double *m, double *lo,
                           double *hi)
{
    double h = fmax(tbi_moments_ci95(&a->score),
                    tbi_moments_ci95(&a->game_score));
    *m = tbi_moments_mean(&a->score);
    *lo = *m - h;
    *hi = *m + h;
}

/* ------------------------------------------------------------ reports */

static void write_markdown(FILE *f, const arena *A, const agent_stats *s)
{
    const tb_game *g = A->game;
    fprintf(f, "# Arena: %s, %d players\n\n", g->title, A->cfg.players);
    fprintf(f, "%ld deals x %d seatings = %ld games, seed %llu", A->deals,
            A->n_seatings, A->games, (unsigned long long)A->seed);
    if (A->deals_asked)
        fprintf(f, " (stopped early: %ld of the %ld deals asked for were "
                "played in full; only they are counted)", A->deals,
                A->deals_asked);
    for (int i = 0; i < g->n_options; i++) {
        char v[64];
        tb_config_value_text(g, &A->cfg, i, v, sizeof v);
        fprintf(f, "%s%s=%s", i ? ", " : "; options ", g->options[i].name, v);
    }
    fprintf(f, ".\n%s\n\n",
            A->team ? "Cooperative: each agent played every seat of each "
                      "deal; win share is the team's success rate."
                    : "Win share counts a k-way tie for first as 1/k; par "
                      "is 1/players.");
    fprintf(f, "| agent | games | win share | 95%% interval | mean %sscore "
            "| 95%% interval | ms per move |%s\n",
            A->team ? "team " : "", A->team ? "" : " rating (Elo) | 95% interval |");
    fprintf(f, "| --- | --- | --- | --- | --- | --- | --- |%s\n",
            A->team ? "" : " --- | --- |");
    for (int a = 0; a < A->n_agents; a++) {
        double m, lo, hi, sm, slo, shi;
        share_interval(&s[a], &m, &lo, &hi);
        score_interval(&s[a], &sm, &slo, &shi);
        double ms = A->moves[a] ? 1000 * A->seconds[a] / (double)A->moves[a]
                                : 0;
        fprintf(f, "| `%s` | %ld | %.1f%% | [%.1f, %.1f] | %.2f | [%.2f, "
                "%.2f] | %.3g |", A->agents[a], s[a].games, 100 * m,
                100 * lo, 100 * hi, sm, slo, shi, ms);
        if (!A->team)
            fprintf(f, " %+.0f | [%+.0f, %+.0f] |", s[a].elo, s[a].elo_lo,
                    s[a].elo_hi);
        fputc('\n', f);
    }
    long fb = 0;
    for (int a = 0; a < A->n_agents; a++)
        fb += A->fallback[a];
    if (fb) {
        fprintf(f, "\nFallback moves (an outside agent failed or answered "
                "wrongly):");
        for (int a = 0; a < A->n_agents; a++)
            if (A->fallback[a])
                fprintf(f, " `%s` %ld (%ld answers that were not legal "
                        "actions);", A->agents[a], A->fallback[a], A->bad[a]);
        fputc('\n', f);
    }
}

static json_t *interval(double lo, double hi)
{
    return json_pack("[f,f]", lo, hi);
}

/* Every deal's games: which agent sat where, and each game's result, for
 * analyses of one's own (pairings, variance per deal, ...). */
static json_t *deals_json(const arena *A)
{
    json_t *deals = json_array();
    for (long d = 0; d < A->deals; d++) {
        json_t *games = json_array();
        for (int q = 0; q < A->n_seatings; q++) {
            const tb_result *r = &A->result[d * A->n_seatings + q];
            json_t *agents = json_array();
            for (int j = 0; j < A->cfg.players; j++)
                json_array_append_new(agents,
                                      json_integer(A->seating[q][j]));
            json_t *game = tbi_result_json(r);
            json_object_set_new(game, "agent_at_seat", agents);
            json_object_set_new(game, "actions",
                                json_integer(A->actions[d * A->n_seatings + q]));
            json_array_append_new(games, game);
        }
        long no = A->deal_no ? A->deal_no[d] : d;
        json_array_append_new(
            deals, json_pack("{s:I,s:o,s:o}", "deal", (json_int_t)no, "seed",
                             tbi_json_u64(tbi_game_seed(A->seed, (uint64_t)no)),
                             "games", games));
    }
    return deals;
}

static json_t *make_json(const arena *A, const agent_stats *s)
{
    const tb_game *g = A->game;
    json_t *o = json_object();
    json_object_set_new(o, "game", json_string(g->id));
    json_object_set_new(o, "players", json_integer(A->cfg.players));
    json_t *opts = json_object();
    for (int i = 0; i < g->n_options; i++) {
        char v[64];
        tb_config_value_text(g, &A->cfg, i, v, sizeof v);
        json_object_set_new(opts, g->options[i].name, json_string(v));
    }
    json_object_set_new(o, "options", opts);
    json_object_set_new(o, "seed", json_integer((json_int_t)A->seed));
    json_object_set_new(o, "deals", json_integer(A->deals));
    json_object_set_new(o, "seatings", json_integer(A->n_seatings));
    json_object_set_new(o, "games", json_integer(A->games));
    json_object_set_new(o, "cooperative", json_boolean(A->team));
    json_t *arr = json_array();
    for (int a = 0; a < A->n_agents; a++) {
        double m, lo, hi, sm, slo, shi;
        share_interval(&s[a], &m, &lo, &hi);
        score_interval(&s[a], &sm, &slo, &shi);
        json_t *e = json_object();
        json_object_set_new(e, "agent", json_string(A->agents[a]));
        json_object_set_new(e, "games", json_integer(s[a].games));
        json_object_set_new(e, "wins", json_real(s[a].wins));
        json_object_set_new(e, "win_share", json_real(m));
        json_object_set_new(e, "win_share_ci95", interval(lo, hi));
        json_object_set_new(e, "mean_score", json_real(sm));
        json_object_set_new(e, "mean_score_ci95", interval(slo, shi));
        json_object_set_new(e, "moves", json_integer(A->moves[a]));
        json_object_set_new(
            e, "ms_per_move",
            json_real(A->moves[a] ? 1000 * A->seconds[a] / (double)A->moves[a]
                                  : 0));
        json_object_set_new(e, "fallback_moves", json_integer(A->fallback[a]));
        json_object_set_new(e, "bad_answers", json_integer(A->bad[a]));
        if (!A->team) {
            json_object_set_new(e, "elo", json_real(s[a].elo));
            json_object_set_new(e, "elo_ci95",
                                interval(s[a].elo_lo, s[a].elo_hi));
        }
        json_array_append_new(arr, e);
    }
    json_object_set_new(o, "agents", arr);
    json_object_set_new(o, "per_deal", deals_json(A));
    return o;
}

/* Writes DIR/arena.md and DIR/arena.json. */
static int write_out(const char *dir, const arena *A, const agent_stats *s,
                     json_t *o)
{
    if (mkdir(dir, 0777) != 0 && access(dir, W_OK) != 0)
        return cli_error("arena: cannot make or write the folder '%s'", dir);
    char path[4096];
    snprintf(path, sizeof path, "%s/arena.md", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return cli_error("arena: cannot write '%s'", path);
    write_markdown(f, A, s);
    fclose(f);
    snprintf(path, sizeof path, "%s/arena.json", dir);
    if (json_dump_file(o, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
                                    JSON_REAL_PRECISION(10)) != 0)
        return cli_error("arena: cannot write '%s'", path);
    return 0;
}

/* ------------------------------------------------------------ command */

/* After an early stop: moves the deals whose every seating was played to
 * the front (in order) and counts only them; returns how many there are.
 * A deal half played would weigh its seatings unevenly. */
static long keep_whole_deals(arena *A)
{
    long kept = 0;
    A->deal_no = calloc((size_t)A->deals, sizeof *A->deal_no);
    if (!A->deal_no)
        return 0;
    for (long d = 0; d < A->deals; d++) {
        long at = d * A->n_seatings;
        int whole = 1;
        for (int q = 0; q < A->n_seatings; q++)
            whole &= A->finished[at + q];
        if (!whole)
            continue;
        long to = kept * A->n_seatings;
        A->deal_no[kept] = d;
        memmove(&A->result[to], &A->result[at],
                (size_t)A->n_seatings * sizeof *A->result);
        memmove(&A->actions[to], &A->actions[at],
                (size_t)A->n_seatings * sizeof *A->actions);
        kept++;
    }
    A->deals_asked = A->deals;
    A->deals = kept;
    A->games = kept * A->n_seatings;
    return kept;
}

static int run(arena *A, int json, const char *out_dir)
{
    A->result = calloc((size_t)A->games, sizeof *A->result);
    A->actions = calloc((size_t)A->games, sizeof *A->actions);
    A->finished = calloc((size_t)A->games, sizeof *A->finished);
    worker w[256];
    pthread_t tid[256];
    if (!A->result || !A->actions || !A->finished)
        return cli_error("arena: out of memory for %ld games", A->games);
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    stop_signal = 0;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    pthread_mutex_init(&A->lock, NULL);
    int started = 0;
    for (int t = 0; t < A->threads; t++) {
        w[t].A = A;
        if (A->threads == 1) {
            work(&w[t]);
        } else if (pthread_create(&tid[t], NULL, work, &w[t]) == 0) {
            started++;
        } else {
            A->failed = 1;
            snprintf(A->err, sizeof A->err, "cannot start a thread");
            break;
        }
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&A->lock);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    if (A->failed)
        return cli_error("arena: %s", A->err);
    if (stop_signal && keep_whole_deals(A) == 0)
        return cli_error("arena: stopped before any deal was played in "
                         "every seating; nothing to report");
    agent_stats s[TB_MAX_PLAYERS];
    summarize(A, s);
    json_t *o = make_json(A, s);
    int rc = 0;
    if (json) {
        char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
                                       JSON_REAL_PRECISION(10));
        puts(text);
        free(text);
    } else {
        write_markdown(stdout, A, s);
    }
    if (out_dir)
        rc = write_out(out_dir, A, s, o);
    json_decref(o);
    if (!rc && stop_signal)
        rc = 128 + stop_signal; /* as the shell says of a stopped command */
    return rc;
}

int cmd_arena(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"players", required_argument, NULL, 'p'},
        {"games", required_argument, NULL, 'n'},
        {"agents", required_argument, NULL, 'a'},
        {"seed", required_argument, NULL, 'S'},
        {"threads", required_argument, NULL, 't'},
        {"opt", required_argument, NULL, 'o'},
        {"json", no_argument, NULL, 'j'},
        {"out", required_argument, NULL, 'O'},
        {NULL, 0, NULL, 0},
    };
    cli_game_args ga, agents;
    memset(&ga, 0, sizeof ga);
    memset(&agents, 0, sizeof agents);
    long games = 0, threads = 1;
    int json = 0;
    const char *out_dir = NULL;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "hp:n:t:", longopts, NULL)) != -1) {
        long v;
        switch (c) {
        case 'h': return usage();
        case 'n':
            if (cli_parse_long("-n", optarg, 1, 100000000L, &games))
                return 2;
            break;
        case 't':
            if (cli_parse_long("--threads", optarg, 1, 256, &threads))
                return 2;
            break;
        case 'a':
            if (cli_parse_seats(&agents, optarg))
                return 2;
            break;
        case 'j': json = 1; break;
        case 'O': out_dir = optarg; break;
        default:
            v = cli_game_option(&ga, c, optarg);
            if (v < 0)
                return 2;
            if (v > 0)
                return cli_error("arena: unknown or incomplete option '%s'; "
                                 "try 'tabula arena --help'",
                                 argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return cli_error("arena: which game? usage: tabula arena GAME "
                         "--agents A,B,...");
    if (optind + 1 < argc)
        return cli_error("arena: unexpected argument '%s'", argv[optind + 1]);
    if (!(ga.game = cli_find_game(argv[optind])))
        return 2;
    if (agents.n_seats < 2)
        return cli_error("arena: name two or more agents with --agents "
                         "A,B,...");
    if (cli_finish_game_args(&ga, "random"))
        return 2;
    static arena A; /* large; one per process */
    memset(&A, 0, sizeof A);
    A.game = ga.game;
    A.cfg = ga.cfg;
    A.seed = ga.seed;
    A.threads = (int)threads;
    A.n_agents = agents.n_seats;
    A.team = (ga.game->flags & TB_GAME_COOPERATIVE) != 0;
    char err[512];
    for (int a = 0; a < A.n_agents; a++) {
        if (strncmp(agents.seats[a], "human", 5) == 0)
            return cli_error("arena: agents are bots; 'human' plays with "
                             "'tabula play'");
        snprintf(A.agents[a], sizeof A.agents[a], "%s", agents.seats[a]);
        tbi_bot *b = tbi_bot_new(A.game, A.agents[a], err, sizeof err);
        if (!b)
            return cli_error("%s", err);
        tbi_bot_free(b);
    }
    if (!A.team && A.n_agents < A.cfg.players)
        return cli_error("arena: %d seats need at least %d agents; name "
                         "more with --agents (the same spec may appear "
                         "twice)", A.cfg.players, A.cfg.players);
    if (make_seatings(&A))
        return 2;
    long want = games ? games : 20L * A.n_seatings;
    A.deals = (want + A.n_seatings - 1) / A.n_seatings;
    A.games = A.deals * A.n_seatings;
    if (A.threads > A.games)
        A.threads = (int)A.games;
    int rc = run(&A, json, out_dir);
    free(A.seating);
    free(A.result);
    free(A.actions);
    free(A.finished);
    free(A.deal_no);
    return rc;
}
