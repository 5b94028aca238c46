/*
 * job.c - the work `tabula serve` does off its event loop: a bot's move,
 * and the resolution of a real-time tick (the seats' choices in order: a
 * person's if it came in time, a bot's, else the game's default).  A job
 * holds copies of everything it needs, so a worker thread never touches a
 * table; the event loop takes the result only if the table has not moved
 * on meanwhile.  Bots are the engine's (tb_bot_*): each is made for one
 * move from the job's seed and sees only its seat's determinized view.  A
 * bot that reads the table (ISMCTS with `opp=on`) is first told the game
 * so far from the record, as `tabula play` tells its bots move by move, so
 * that a bot at a server plays as strongly as the one measured.
 */
#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tbs_job *tbs_job_new(int kind, tbs_table *t)
{
    tbs_job *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->st = malloc(t->g->state_size);
    if (!j->st) {
        free(j);
        return NULL;
    }
    memcpy(j->st, t->st, t->g->state_size);
    if (tb_record_copy(&j->rec, &t->rec) != TB_OK) {
        free(j->st);
        free(j);
        return NULL;
    }
    j->kind = kind;
    j->table = t;
    j->generation = t->rec.n_actions;
    j->g = t->g;
    return j;
}

void tbs_job_free(tbs_job *j)
{
    if (!j)
        return;
    free(j->st);
    tb_record_free(&j->rec);
    free(j);
}

/* The choice of the bot `spec` for the seat to move in st. */
static int bot_move(const tb_game *g, const tb_record *rec, const void *st,
                    const char *spec, uint64_t seed, tb_action *out,
                    char *err, size_t errcap)
{
    tb_bot *b = tb_bot_new(g, spec, seed, err, errcap);
    if (!b)
        return TB_EINVAL;
    /* A record that does not replay would leave the bot knowing less of
     * the table, which costs strength, never legality: it moves anyway. */
    char why[256];
    (void)tb_bot_follow(b, rec, tb_current(g, st), why, sizeof why);
    int rc = tb_bot_choose(b, st, out);
    tb_bot_free(b);
    if (rc != TB_OK)
        snprintf(err, errcap, "bot %s: %s", spec, tb_strerror(rc));
    return rc;
}

/* Adds the move of the seat to move in j->st and applies it there. */
static void add_move(tbs_job *j, tb_action a, int source, int arrival,
                     long long at_ms)
{
    tbs_move *m = &j->moves[j->n_moves++];
    m->seat = tb_current(j->g, j->st);
    m->a = a;
    tb_action_text(j->g, j->st, a, m->text, sizeof m->text);
    m->source = source;
    m->arrival = arrival;
    m->at_ms = at_ms;
    tb_apply(j->g, j->st, a);
}

static void run_bot(tbs_job *j)
{
    tb_action a;
    j->rc = bot_move(j->g, &j->rec, j->st, j->spec, j->seed, &a, j->err,
                     sizeof j->err);
    if (j->rc == TB_OK)
        add_move(j, a, j->source, 0, 0);
}

/* Resolves one tick: each seat asked, in ascending order, takes its bot's
 * choice, its person's choice if one came (and is still legal), or the
 * game's default. */
static void run_tick(tbs_job *j)
{
    const tb_game *g = j->g;
    int last = -1;
    j->rc = TB_OK;
    while (j->n_moves < TB_MAX_PLAYERS) {
        int cur = tb_current(g, j->st);
        if (cur < 0 || cur <= last)
            break;
        last = cur;
        tb_action a;
        if (j->specs[cur][0]) {
            j->rc = bot_move(g, &j->rec, j->st, j->specs[cur],
                             tb_seed_derive(j->seed, (uint64_t)cur), &a,
                             j->err, sizeof j->err);
            if (j->rc != TB_OK)
                return;
            add_move(j, a, j->sources[cur], 0, j->now_ms);
            continue;
        }
        char why[256];
        if (j->has_pending[cur] &&
            tb_parse_action(g, j->st, j->pending[cur], &a, why, sizeof why) ==
                TB_OK) {
            add_move(j, a, TBS_BY_HUMAN, j->arrival[cur], j->arrived_ms[cur]);
            continue;
        }
        add_move(j, tbs_tick_default(g, j->st), TBS_BY_TIMEOUT, 0, j->now_ms);
    }
}

void tbs_job_run(tbs_job *j)
{
    if (j->kind == TBS_JOB_BOT)
        run_bot(j);
    else
        run_tick(j);
}
