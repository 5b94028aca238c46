/*
 * sim.c - many games between bots on worker threads.  Work is handed out in
 * blocks of BLOCK consecutive games; each block's sums are kept apart and
 * merged in block order at the end, so floating-point totals are identical
 * whatever the thread count.  The MPI build spreads the blocks over
 * processes the same way (tbi_sim_distribute): each plays every ranks-th
 * block, and all blocks are shared before the merge.
 */
#include "sim.h"
#include "ext_bot.h"
#include "internal.h"
#include "match.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define BLOCK 64

/* The distribution over processes, or NULL for a local simulation. */
static const tbi_sim_dist *dist;

void tbi_sim_distribute(const tbi_sim_dist *d)
{
    dist = d;
}

int tbi_sim_is_main_rank(void)
{
    return !dist || dist->rank == 0;
}

typedef struct block_sum {
    double wins[TB_MAX_PLAYERS];
    tbi_moments score[TB_MAX_PLAYERS];
    tbi_moments actions;
    double team_wins;
    tbi_moments team_score;
    long fallback[TB_MAX_PLAYERS]; /* moves an outside agent's fallback made */
    long bad[TB_MAX_PLAYERS];      /* its answers that were not legal */
    double draws;
} block_sum;

typedef struct shared {
    const tbi_sim_spec *spec;
    block_sum *blocks;
    long n_blocks;
    tbi_game_summary *per_game;
    pthread_mutex_t lock;
    long next_block; /* under lock */
    long done;       /* under lock */
    int failed;      /* under lock */
    char err[256];
} shared;

/* Adds one game's result to a block's sums. */
static void add_result(block_sum *b, const tb_result *r, long actions)
{
    for (int j = 0; j < r->players; j++) {
        if (r->cooperative)
            b->wins[j] += r->team_win;
        else
            b->wins[j] += tbi_win_share(r, j);
        tbi_moments_add(&b->score[j], r->score[j]);
    }
    tbi_moments_add(&b->actions, (double)actions);
    b->team_wins += r->team_win;
    tbi_moments_add(&b->team_score, r->team_score);
    b->draws += r->draw != 0;
}

/* Every seat's standing after each action of the game being played, kept
 * so that drama can be measured once the winner is known. */
typedef struct history {
    double *v;   /* steps * players values */
    long steps, cap;
    int players;
    uint16_t round;
} history;

static void record_standing(void *user, const tb_game *g, const void *st)
{
    history *h = user;
    if (h->steps == h->cap) {
        long cap = h->cap ? h->cap * 2 : 1024;
        double *v = realloc(h->v, (size_t)(cap * h->players) * sizeof *v);
        if (!v)
            return; /* drama is then measured on the steps kept */
        h->v = v;
        h->cap = cap;
    }
    h->round = (uint16_t)g->standing(st, h->v + h->steps * h->players);
    h->steps++;
}

/* Whether seat j leads (alone or jointly) at step t; *sole is set when it
 * leads alone. */
static int leads(const history *h, long t, int j, int higher, int *sole)
{
    const double *v = h->v + t * h->players;
    int ties = 0;
    for (int k = 0; k < h->players; k++) {
        if (k == j)
            continue;
        if (higher ? v[k] > v[j] : v[k] < v[j])
            return 0;
        ties += v[k] == v[j];
    }
    *sole = ties == 0;
    return 1;
}

/* Lead changes, the point after which a winner always led, and whether the
 * sole last seat at mid-game won.  Which way scores point is read from the
 * result: the winner has the best score. */
static void measure_drama(tbi_game_summary *s, const history *h,
                          const tb_result *r)
{
    int winner = 0;
    for (int j = 0; j < r->players; j++)
        if (r->rank[j] == 1)
            winner = j;
    int higher = 1;
    for (int j = 0; j < r->players; j++)
        if (r->score[j] > r->score[winner])
            higher = 0;
    int leader = -1, changes = 0;
    long last_not_leading = -1;
    for (long t = 0; t < h->steps; t++) {
        int winner_leads = 0;
        for (int j = 0; j < r->players; j++) {
            int sole = 0;
            if (!leads(h, t, j, higher, &sole))
                continue;
            winner_leads |= r->rank[j] == 1;
            if (sole && j != leader) {
                changes += leader >= 0;
                leader = j;
            }
        }
        if (!winner_leads)
            last_not_leading = t;
    }
    s->has_drama = 1;
    s->lead_changes = (uint16_t)(changes > 65535 ? 65535 : changes);
    s->decided_at = h->steps ? (float)(last_not_leading + 1) / (float)h->steps
                             : 0.0f;
    /* The sole last-placed seat at the middle of the game. */
    s->comeback = 0;
    if (h->steps > 0) {
        long mid = h->steps / 2;
        const double *v = h->v + mid * h->players;
        int last = -1, count = 0;
        for (int j = 0; j < r->players; j++) {
            int worse_than_all = 1;
            for (int k = 0; k < r->players; k++)
                if (k != j && (higher ? v[k] <= v[j] : v[k] >= v[j]))
                    worse_than_all = 0;
            if (worse_than_all) {
                last = j;
                count++;
            }
        }
        s->comeback = count == 1 && r->rank[last] == 1;
    }
}

static void summarize(tbi_game_summary *s, const tb_result *r, long actions)
{
    for (int j = 0; j < r->players; j++) {
        s->score[j] = r->score[j];
        s->rank[j] = (uint8_t)r->rank[j];
    }
    s->actions = (uint32_t)actions;
    s->team_win = (uint8_t)r->team_win;
    s->team_score = r->team_score;
    s->draw = (uint8_t)(r->draw != 0);
}

/* Writes game i's record into the record directory. */
static int save_record(const tbi_sim_spec *spec, long i, uint64_t seed,
                       tb_record *rec, char *err, size_t cap)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%06ld.json", spec->record_dir,
             spec->game->id, i);
    for (int j = 0; j < spec->cfg.players; j++)
        snprintf(rec->seats[j], sizeof rec->seats[j], "%s", spec->seats[j]);
    rec->seed = seed;
    return tb_record_save(rec, path, err, cap);
}

static void fail(shared *sh, const char *msg)
{
    pthread_mutex_lock(&sh->lock);
    if (!sh->failed) {
        sh->failed = 1;
        snprintf(sh->err, sizeof sh->err, "%s", msg);
    }
    pthread_mutex_unlock(&sh->lock);
}

/* Adds to b what each seat's outside agent (ext) got wrong in the game
 * just played: the counts are kept by the bots for their whole life, so
 * the block gets what grew since seen_fb and seen_bad. */
static void count_failures(block_sum *b, tbi_bot *const *bots, int players,
                           long *seen_fb, long *seen_bad)
{
    for (int j = 0; j < players; j++) {
        long fb = tbi_ext_fallback_moves(bots[j]);
        long bad = tbi_ext_bad_answers(bots[j]);
        b->fallback[j] += fb - seen_fb[j];
        b->bad[j] += bad - seen_bad[j];
        seen_fb[j] = fb;
        seen_bad[j] = bad;
    }
}

static void *worker(void *arg)
{
    shared *sh = arg;
    const tbi_sim_spec *spec = sh->spec;
    const tb_game *g = spec->game;
    char err[256];
    tbi_bot *bots[TB_MAX_PLAYERS] = {0};
    history hist = {NULL, 0, 0, spec->cfg.players, 0};
    int track = sh->per_game && g->standing;
    int drama = track && !(g->flags & TB_GAME_COOPERATIVE);
    tbi_match_observer obs = {record_standing, &hist};
    long seen_fb[TB_MAX_PLAYERS] = {0}, seen_bad[TB_MAX_PLAYERS] = {0};
    void *st = tb_state_new(g);
    if (!st) {
        fail(sh, "out of memory");
        return NULL;
    }
    for (int j = 0; j < spec->cfg.players; j++) {
        bots[j] = tbi_bot_new(g, spec->seats[j], err, sizeof err);
        if (!bots[j]) {
            fail(sh, err);
            goto out;
        }
    }
    for (;;) {
        pthread_mutex_lock(&sh->lock);
        long blk = sh->n_blocks;
        if (!sh->failed) {
            blk = sh->next_block;
            sh->next_block += dist ? dist->ranks : 1;
        }
        pthread_mutex_unlock(&sh->lock);
        if (blk >= sh->n_blocks)
            break;
        block_sum *b = &sh->blocks[blk];
        long first = spec->first_game + blk * BLOCK;
        long end = spec->first_game + spec->games;
        long last = first + BLOCK < end ? first + BLOCK : end;
        for (long i = first; i < last; i++) {
            uint64_t seed = tbi_game_seed(spec->seed, (uint64_t)i);
            tb_record rec, *recp = NULL;
            if (spec->record_dir) {
                tb_record_init(&rec, g, &spec->cfg, seed);
                recp = &rec;
            }
            tbi_match_stats ms;
            hist.steps = 0;
            int rc = tbi_play_match_observed(g, &spec->cfg, seed, bots, st,
                                             recp, track ? &obs : NULL, &ms,
                                             err, sizeof err);
            if (rc == TB_OK && recp)
                rc = save_record(spec, i, seed, recp, err, sizeof err);
            if (recp)
                tb_record_free(recp);
            if (rc != TB_OK) {
                fail(sh, err);
                goto out;
            }
            add_result(b, &ms.result, ms.actions);
            count_failures(b, bots, spec->cfg.players, seen_fb, seen_bad);
            if (sh->per_game) {
                tbi_game_summary *gs = &sh->per_game[i - spec->first_game];
                summarize(gs, &ms.result, ms.actions);
                gs->rounds = hist.round;
                /* A draw has no winner whose lead could be measured. */
                if (drama && !ms.result.draw)
                    measure_drama(gs, &hist, &ms.result);
            }
        }
        /* Reported under the lock, so that the counts arrive in order
         * and the last report is the whole run.  A process of a
         * distributed run knows only its own games, so it draws no
         * progress that would seem to stop short. */
        pthread_mutex_lock(&sh->lock);
        sh->done += last - first;
        if (spec->progress && !dist)
            spec->progress(sh->done, spec->games, spec->progress_user);
        pthread_mutex_unlock(&sh->lock);
    }
out:
    for (int j = 0; j < spec->cfg.players; j++)
        tbi_bot_free(bots[j]);
    free(hist.v);
    free(st);
    return NULL;
}

/* Makes the record directory when it does not exist. */
static int ensure_dir(const char *dir, char *err, size_t cap)
{
    struct stat sb;
    if (stat(dir, &sb) == 0) {
        if (S_ISDIR(sb.st_mode))
            return TB_OK;
        tbi_errf(err, cap, "%s exists and is not a directory", dir);
        return TB_EIO;
    }
    /* EEXIST: another process (tabula-mpi) made it meanwhile. */
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        tbi_errf(err, cap, "cannot create directory %s: %s", dir,
                 strerror(errno));
        return TB_EIO;
    }
    return TB_OK;
}

/* The checks made before any game is played: the config, the record
 * directory and every seat spec. */
static int check_spec(const tbi_sim_spec *spec, char *err, size_t errcap)
{
    int rc = tb_config_check(spec->game, &spec->cfg, err, errcap);
    if (rc != TB_OK)
        return rc;
    if (spec->record_dir &&
        (rc = ensure_dir(spec->record_dir, err, errcap)) != TB_OK)
        return rc;
    for (int j = 0; j < spec->cfg.players; j++) {
        tbi_bot *b = tbi_bot_new(spec->game, spec->seats[j], err, errcap);
        if (!b)
            return TB_EINVAL;
        tbi_bot_free(b);
    }
    return TB_OK;
}

int tbi_sim_run(const tbi_sim_spec *given, tbi_sim_out *out, char *err,
                size_t errcap)
{
    memset(out, 0, sizeof *out);
    /* Every process of a distributed run plays with rank 0's seed. */
    tbi_sim_spec local = *given;
    const tbi_sim_spec *spec = &local;
    if (dist)
        local.seed = dist->agree_seed(given->seed);
    int rc = check_spec(spec, err, errcap);
    if (rc != TB_OK) {
        /* The other processes must hear of it, or they would wait. */
        if (dist)
            dist->share(NULL, 0, 0, NULL, 0, 0, BLOCK, 1, err, errcap);
        return rc;
    }
    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.spec = spec;
    sh.n_blocks = (spec->games + BLOCK - 1) / BLOCK;
    sh.next_block = dist ? dist->rank : 0;
    sh.blocks = calloc((size_t)(sh.n_blocks ? sh.n_blocks : 1), sizeof *sh.blocks);
    if (spec->keep_games)
        sh.per_game = calloc((size_t)(spec->games ? spec->games : 1),
                             sizeof *sh.per_game);
    if (!sh.blocks || (spec->keep_games && !sh.per_game)) {
        free(sh.blocks);
        free(sh.per_game);
        tbi_errf(err, errcap, "out of memory for %ld games", spec->games);
        if (dist)
            dist->share(NULL, 0, 0, NULL, 0, 0, BLOCK, 1, err, errcap);
        return TB_ENOMEM;
    }
    pthread_mutex_init(&sh.lock, NULL);
    int threads = spec->threads > 0 ? spec->threads : 1;
    if (threads > 256)
        threads = 256;
    pthread_t tids[256];
    int started = 0;
    for (int t = 1; t < threads; t++)
        if (pthread_create(&tids[started], NULL, worker, &sh) == 0)
            started++;
    worker(&sh); /* the calling thread works too */
    for (int t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    pthread_mutex_destroy(&sh.lock);
    if (sh.failed)
        tbi_errf(err, errcap, "%s", sh.err);
    if (dist &&
        dist->share(sh.blocks, sizeof *sh.blocks, sh.n_blocks, sh.per_game,
                    sh.per_game ? sizeof *sh.per_game : 0, spec->games,
                    BLOCK, sh.failed, err, errcap) != 0)
        sh.failed = 1;
    if (sh.failed) {
        free(sh.blocks);
        free(sh.per_game);
        return TB_EINVAL;
    }
    out->games = spec->games;
    for (long k = 0; k < sh.n_blocks; k++) {
        const block_sum *b = &sh.blocks[k];
        for (int j = 0; j < spec->cfg.players; j++) {
            out->wins[j] += b->wins[j];
            tbi_moments_merge(&out->score[j], &b->score[j]);
            out->fallback_moves[j] += b->fallback[j];
            out->bad_answers[j] += b->bad[j];
        }
        tbi_moments_merge(&out->actions, &b->actions);
        out->team_wins += b->team_wins;
        tbi_moments_merge(&out->team_score, &b->team_score);
        out->draws += b->draws;
    }
    out->per_game = sh.per_game;
    free(sh.blocks);
    return TB_OK;
}

void tbi_sim_out_free(tbi_sim_out *out)
{
    free(out->per_game);
    out->per_game = NULL;
}
