/*
 * table.c - one table of `tabula serve` in memory: the game as it stands,
 * its record (the deal and every action: what the store holds), and the
 * move log as each seat and the spectators saw it (tb_describe, and
 * tb_describe_chance for what a deal, reveal or roll showed each).
 *
 * The table changes in one way only: the moves and the chance outcomes
 * that follow them are first worked out on a copy and appended to the
 * store's open transaction (tbs_table_stage), and only once that
 * transaction is committed does the table in memory take them
 * (tbs_table_apply_staged); so nobody is ever told of a move the store
 * does not hold.  Chance is drawn from one generator
 * seeded with the table's secret seed, the way `tabula play` draws it, so
 * the record reads like any other; a restart replays the stored steps and
 * checks every stored deal against the generator's.
 */
#include "server.h"
#include "internal.h"
#include "match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *tbs_source_name(int source)
{
    switch (source) {
    case TBS_BY_BOT: return "bot";
    case TBS_BY_TAKEOVER: return "takeover";
    case TBS_BY_TIMEOUT: return "timeout";
    default: return "human";
    }
}

int tbs_viewer_index(const tbs_table *t, int viewer)
{
    return viewer >= 0 && viewer < t->cfg.players ? viewer : t->cfg.players;
}

int tbs_table_turn(const tbs_table *t)
{
    return tb_current(t->g, t->st);
}

/* A table with its state blocks and empty record; NULL when out of
 * memory. */
static tbs_table *table_alloc(const tb_game *g, const tb_config *cfg,
                              uint64_t seed)
{
    tbs_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->g = g;
    t->cfg = *cfg;
    t->seed = seed;
    tb_rng_seed(&t->rng, seed);
    t->st = tb_state_new(g);
    t->before = tb_state_new(g);
    t->scratch = tb_state_new(g);
    tb_record_init(&t->rec, g, cfg, seed);
    if (!t->st || !t->before || !t->scratch) {
        tbs_table_free(t);
        return NULL;
    }
    return t;
}

void tbs_table_free(tbs_table *t)
{
    if (!t)
        return;
    tbs_table_drop_staged(t);
    for (int v = 0; v <= TB_MAX_PLAYERS; v++) {
        for (int i = 0; i < t->log[v].n; i++)
            free(t->log[v].lines[i]);
        free(t->log[v].lines);
        free(t->log[v].moves);
    }
    tb_record_free(&t->rec);
    free(t->st);
    free(t->before);
    free(t->scratch);
    free(t);
}

/* Appends one entry to a viewer's log, made once `moves` actions were
 * taken; an entry that cannot be stored (out of memory) is kept empty, or
 * left out when the log cannot grow. */
static void log_add(tbs_log *l, const char *text, int moves)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        char **grown = realloc(l->lines, (size_t)cap * sizeof *grown);
        if (!grown)
            return;
        l->lines = grown;
        int *grown_moves = realloc(l->moves, (size_t)cap * sizeof *grown_moves);
        if (!grown_moves)
            return;
        l->moves = grown_moves;
        l->cap = cap;
    }
    l->moves[l->n] = moves;
    l->lines[l->n++] = strdup(text);
}

/* Appends what each viewer saw of action a (before -> after) to its log. */
static void log_action(tbs_table *t, const void *before, tb_action a,
                       const void *after)
{
    static char buf[8192];
    for (int v = 0; v <= t->cfg.players; v++) {
        tb_text text;
        tb_text_init(&text, buf, sizeof buf);
        int viewer = v == t->cfg.players ? TB_SPECTATOR : v;
        tb_describe(t->g, before, a, after, viewer, &text);
        log_add(&t->log[v], buf, t->rec.n_actions);
    }
}

/* Appends what each viewer learnt from a chance outcome (before -> after:
 * a deal, a reveal, a roll) to its log: only to the logs of the viewers
 * it showed something, each as that viewer may see it. */
static void log_chance(tbs_table *t, const void *before,
                       const uint16_t *outcome, int n, const void *after)
{
    static char buf[8192];
    for (int v = 0; v <= t->cfg.players; v++) {
        tb_text text;
        tb_text_init(&text, buf, sizeof buf);
        int viewer = v == t->cfg.players ? TB_SPECTATOR : v;
        tb_describe_chance(t->g, before, outcome, n, after, viewer, &text);
        if (buf[0])
            log_add(&t->log[v], buf, t->rec.n_actions);
    }
}

/* The text of a deal step: the outcome as a JSON array. */
static void deal_text(const uint16_t *outcome, int n, char *buf, size_t cap)
{
    tb_text t;
    tb_text_init(&t, buf, cap);
    tb_text_puts(&t, "[");
    for (int i = 0; i < n; i++)
        tb_text_printf(&t, "%s%u", i ? "," : "", (unsigned)outcome[i]);
    tb_text_puts(&t, "]");
}

/* Reads a deal step's text back; the number of values, or -1. */
static int parse_deal(const char *text, uint16_t *out)
{
    json_error_t jerr;
    json_t *a = json_loads(text, 0, &jerr);
    int n = -1;
    if (json_is_array(a) && json_array_size(a) <= TB_MAX_CHANCE) {
        n = (int)json_array_size(a);
        for (int i = 0; i < n; i++) {
            json_t *v = json_array_get(a, (size_t)i);
            if (!json_is_integer(v) || json_integer_value(v) < 0 ||
                json_integer_value(v) > 65535) {
                n = -1;
                break;
            }
            out[i] = (uint16_t)json_integer_value(v);
        }
    }
    json_decref(a);
    return n;
}

tbs_table *tbs_table_new(const tb_game *g, const tb_config *cfg,
                         char specs[][TB_SEAT_SPEC], const char *takeover,
                         int tick_ms, long long now_ms, char *err,
                         size_t errcap)
{
    uint64_t seed;
    char id[TBS_ID_HEX + 1];
    if (tbs_random_bytes(&seed, sizeof seed) != 0 ||
        tbs_table_id_new(id) != 0) {
        snprintf(err, errcap, "the system gave no random numbers");
        return NULL;
    }
    tbs_table *t = table_alloc(g, cfg, seed);
    if (!t) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    memcpy(t->id, id, sizeof t->id);
    if (tb_init(g, t->st, cfg, err, errcap) != TB_OK) {
        tbs_table_free(t);
        return NULL;
    }
    for (int j = 0; j < cfg->players; j++) {
        snprintf(t->seat[j].spec, sizeof t->seat[j].spec, "%s", specs[j]);
        snprintf(t->rec.seats[j], sizeof t->rec.seats[j], "%s", specs[j]);
        t->seat[j].bot = strcmp(specs[j], "human") != 0;
    }
    snprintf(t->takeover, sizeof t->takeover, "%s", takeover ? takeover : "");
    t->tick_ms = tick_ms;
    t->created_ms = now_ms;
    t->last_step_ms = now_ms;
    /* The first deal; stored with the table by tbs_table_save. */
    while (tb_current(g, t->st) == TB_CHANCE) {
        uint16_t outcome[TB_MAX_CHANCE];
        int n = 0;
        memcpy(t->before, t->st, g->state_size);
        if (tbi_step_chance(g, t->st, &t->rng, &t->rec, outcome, &n) !=
            TB_OK) {
            snprintf(err, errcap, "out of memory");
            tbs_table_free(t);
            return NULL;
        }
        log_chance(t, t->before, outcome, n, t->st);
    }
    return t;
}

/* The row of the tables table for t. */
static void table_row(const tbs_table *t, tbs_table_row *row)
{
    memset(row, 0, sizeof *row);
    memcpy(row->id, t->id, sizeof row->id);
    snprintf(row->game, sizeof row->game, "%s", t->g->id);
    row->players = t->cfg.players;
    json_t *opts = json_object();
    for (int i = 0; i < t->g->n_options; i++) {
        char v[64];
        tb_config_value_text(t->g, &t->cfg, i, v, sizeof v);
        json_object_set_new(opts, t->g->options[i].name, json_string(v));
    }
    char *text = json_dumps(opts, JSON_COMPACT | JSON_SORT_KEYS);
    snprintf(row->options, sizeof row->options, "%s", text ? text : "{}");
    free(text);
    json_decref(opts);
    row->seed = t->seed;
    snprintf(row->takeover, sizeof row->takeover, "%s", t->takeover);
    row->tick_ms = t->tick_ms;
    row->created_ms = t->created_ms;
    snprintf(row->status, sizeof row->status, "playing");
}

void tbs_table_seat_row(const tbs_table *t, int j, tbs_seat_row *row)
{
    memset(row, 0, sizeof *row);
    row->seat = j;
    snprintf(row->player, sizeof row->player, "%s", t->seat[j].spec);
    row->has_hash = t->seat[j].has_hash;
    memcpy(row->hash, t->seat[j].hash, TBS_HASH);
    row->has_old = t->seat[j].has_old;
    memcpy(row->old_hash, t->seat[j].old_hash, TBS_HASH);
    row->claimed = t->seat[j].claimed;
}

int tbs_table_save(tbs_table *t, tbs_store *db, char *err, size_t errcap)
{
    tbs_table_row row;
    table_row(t, &row);
    if (tbs_store_add_table(db, &row) != 0)
        goto fail;
    for (int j = 0; j < t->cfg.players; j++) {
        tbs_seat_row s;
        tbs_table_seat_row(t, j, &s);
        if (tbs_store_set_seat(db, t->id, &s) != 0)
            goto fail;
    }
    if (t->has_invite && tbs_store_set_invite(db, t->id, t->invite_hash))
        goto fail;
    /* A new table has only deals so far. */
    for (int i = 0; i < t->rec.n_deal; i++) {
        tbs_step_row s;
        memset(&s, 0, sizeof s);
        s.n = i;
        s.is_deal = 1;
        deal_text(t->rec.deal[i], t->rec.deal_len[i], s.data, sizeof s.data);
        s.at_ms = t->created_ms;
        if (tbs_store_add_step(db, t->id, &s) != 0)
            goto fail;
    }
    t->n_steps = t->rec.n_deal;
    return 0;
fail:
    snprintf(err, errcap, "%s", tbs_store_error(db));
    return -1;
}

/* ------------------------------------------------------------ taking */

/* A step worked out before it is stored. */
typedef struct pending_step {
    tbs_step_row row;
    int move;        /* index into the moves, or -1 for a deal */
    uint16_t outcome[TB_MAX_CHANCE];
    int n;
} pending_step;

/* Moves staged in the store's open transaction, not yet taken. */
struct tbs_stage {
    tbs_move moves[TB_MAX_PLAYERS];
    int n_moves;
    pending_step *steps;
    int k;
    tb_rng rng;      /* the generator after the deals staged */
    int over;
};

json_t *tbs_table_result(const tbs_table *t)
{
    if (tb_current(t->g, t->st) != TB_TERMINAL)
        return NULL;
    tb_result r;
    tb_result_of(t->g, t->st, &r);
    return tbi_result_json(&r);
}

/* Works out the steps of moves (and the chance outcomes after them) on a
 * copy of the table's state and generator. */
static int work_out(tbs_table *t, tbs_stage *sg, long long now_ms, char *err,
                    size_t errcap)
{
    const tb_game *g = t->g;
    int cap = 4 * sg->n_moves + 8;
    sg->steps = malloc((size_t)cap * sizeof *sg->steps);
    if (!sg->steps) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    memcpy(t->scratch, t->st, g->state_size);
    sg->rng = t->rng;
    for (int i = 0; i < sg->n_moves; i++) {
        const tbs_move *m = &sg->moves[i];
        if (tb_current(g, t->scratch) != m->seat ||
            tb_apply(g, t->scratch, m->a) != TB_OK) {
            snprintf(err, errcap, "move '%s' is not seat %d's to make now",
                     m->text, m->seat);
            return -1;
        }
        for (int first = 1; first || tb_current(g, t->scratch) == TB_CHANCE;
             first = 0) {
            if (sg->k == cap) {
                cap *= 2;
                pending_step *grown =
                    realloc(sg->steps, (size_t)cap * sizeof *grown);
                if (!grown) {
                    snprintf(err, errcap, "out of memory");
                    return -1;
                }
                sg->steps = grown;
            }
            pending_step *p = &sg->steps[sg->k++];
            memset(p, 0, sizeof *p);
            p->row.n = t->n_steps + sg->k - 1;
            p->row.at_ms = now_ms;
            if (first) {
                p->move = i;
                p->row.seat = m->seat;
                snprintf(p->row.data, sizeof p->row.data, "%s", m->text);
                snprintf(p->row.source, sizeof p->row.source, "%s",
                         tbs_source_name(m->source));
                p->row.arrival = m->arrival;
                if (m->at_ms)
                    p->row.at_ms = m->at_ms;
            } else {
                p->move = -1;
                p->row.is_deal = 1;
                tb_sample_chance(g, t->scratch, &sg->rng, p->outcome, &p->n);
                deal_text(p->outcome, p->n, p->row.data, sizeof p->row.data);
            }
        }
    }
    sg->over = tb_current(g, t->scratch) == TB_TERMINAL;
    return 0;
}

void tbs_table_drop_staged(tbs_table *t)
{
    if (!t->stage)
        return;
    free(t->stage->steps);
    free(t->stage);
    t->stage = NULL;
}

int tbs_table_stage(tbs_table *t, tbs_store *db, const tbs_move *moves,
                    int n, long long now_ms, char *err, size_t errcap)
{
    if (t->ended || t->stage || n < 1 || n > TB_MAX_PLAYERS) {
        snprintf(err, errcap, t->ended ? "the game is over"
                              : t->stage ? "a move of this table is being "
                                           "saved"
                                         : "no moves");
        return -1;
    }
    tbs_stage *sg = calloc(1, sizeof *sg);
    if (!sg) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    memcpy(sg->moves, moves, (size_t)n * sizeof *moves);
    sg->n_moves = n;
    t->stage = sg;
    if (work_out(t, sg, now_ms, err, errcap) != 0) {
        tbs_table_drop_staged(t);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < sg->k && rc == 0; i++)
        rc = tbs_store_add_step(db, t->id, &sg->steps[i].row);
    if (rc == 0 && sg->over) {
        tb_result r;
        tb_result_of(t->g, t->scratch, &r);
        json_t *o = tbi_result_json(&r);
        char *result = json_dumps(o, JSON_COMPACT);
        json_decref(o);
        rc = tbs_store_end_table(db, t->id, "ended", now_ms, result);
        free(result);
    }
    if (rc != 0) {
        snprintf(err, errcap, "%s", tbs_store_error(db));
        tbs_table_drop_staged(t);
        return -1;
    }
    return 0;
}

int tbs_table_apply_staged(tbs_table *t, long long now_ms)
{
    tbs_stage *sg = t->stage;
    if (!sg)
        return 0;
    const tb_game *g = t->g;
    int deals = 0;
    for (int i = 0; i < sg->k; i++) {
        pending_step *p = &sg->steps[i];
        if (p->move < 0) {
            memcpy(t->before, t->st, g->state_size);
            tb_apply_chance(g, t->st, p->outcome, p->n);
            tb_record_add_deal(&t->rec, p->outcome, p->n);
            log_chance(t, t->before, p->outcome, p->n, t->st);
            deals++;
            continue;
        }
        tb_action a = sg->moves[p->move].a;
        tbi_step_action(g, t->st, t->before, a, &t->rec);
        log_action(t, t->before, a, t->st);
    }
    t->rng = sg->rng;
    t->n_steps += sg->k;
    t->last_step_ms = now_ms;
    if (sg->over) {
        t->ended = 1;
        t->ended_ms = now_ms;
        tb_result_of(g, t->st, &t->rec.result);
        t->rec.has_result = 1;
    }
    tbs_table_drop_staged(t);
    return deals;
}

/* ------------------------------------------------------------ loading */

typedef struct load_ctx {
    tbs_table *t;
    int expect;
    char *err;
    size_t errcap;
} load_ctx;

/* Replays one stored step into the table. */
static int load_step(void *user, const tbs_step_row *s)
{
    load_ctx *c = user;
    tbs_table *t = c->t;
    const tb_game *g = t->g;
    if (s->n != c->expect) {
        snprintf(c->err, c->errcap, "step %d is missing", c->expect);
        return 1;
    }
    c->expect++;
    int cur = tb_current(g, t->st);
    if (s->is_deal) {
        uint16_t stored[TB_MAX_CHANCE], drawn[TB_MAX_CHANCE];
        int n = parse_deal(s->data, stored), m = 0;
        if (cur != TB_CHANCE || n < 0) {
            snprintf(c->err, c->errcap, "step %d: a deal where the game "
                     "has none, or an unreadable one", s->n);
            return 1;
        }
        /* The generator must have drawn this very outcome. */
        memcpy(t->scratch, t->st, g->state_size);
        tb_sample_chance(g, t->scratch, &t->rng, drawn, &m);
        memcpy(t->before, t->st, g->state_size);
        if (m != n || memcmp(drawn, stored, (size_t)n * sizeof *drawn) != 0 ||
            tb_apply_chance(g, t->st, stored, n) != TB_OK) {
            snprintf(c->err, c->errcap, "step %d: the stored deal is not "
                     "the one the table's seed gives", s->n);
            return 1;
        }
        tb_record_add_deal(&t->rec, stored, n);
        log_chance(t, t->before, stored, n, t->st);
        return 0;
    }
    tb_action a;
    char why[256];
    if (cur != s->seat ||
        tb_parse_action(g, t->st, s->data, &a, why, sizeof why) != TB_OK) {
        snprintf(c->err, c->errcap, "step %d: seat %d's move '%s' does not "
                 "fit the game (%s)", s->n, s->seat, s->data,
                 cur != s->seat ? "not its turn" : why);
        return 1;
    }
    tbi_step_action(g, t->st, t->before, a, &t->rec);
    log_action(t, t->before, a, t->st);
    t->last_step_ms = s->at_ms;
    return 0;
}

/* Sets the options stored as a JSON object of value texts. */
static int read_options(const tb_game *g, tb_config *cfg, const char *text,
                        char *err, size_t errcap)
{
    json_error_t jerr;
    json_t *o = json_loads(text, 0, &jerr);
    if (!json_is_object(o)) {
        json_decref(o);
        snprintf(err, errcap, "unreadable options");
        return -1;
    }
    const char *key;
    json_t *v;
    int rc = 0;
    json_object_foreach(o, key, v) {
        if (rc == 0 && (!json_is_string(v) ||
                        tb_config_set(g, cfg, key, json_string_value(v), err,
                                      errcap) != TB_OK))
            rc = -1;
    }
    json_decref(o);
    return rc;
}

tbs_table *tbs_table_load(tbs_store *db, const char *id, int *missing,
                          char *err, size_t errcap)
{
    *missing = 0;
    tbs_table_row row;
    tbs_seat_row seats[TB_MAX_PLAYERS];
    load_ctx ctx = {NULL, 0, err, errcap};
    /* The row and seats first (to know the game), then the steps. */
    int rc = tbs_store_load(db, id, &row, seats);
    if (rc == 1) {
        *missing = 1;
        snprintf(err, errcap, "there is no table %s", id);
        return NULL;
    }
    if (rc != 0) {
        snprintf(err, errcap, "%s", tbs_store_error(db));
        return NULL;
    }
    const tb_game *g = tb_find_game(row.game);
    if (!g) {
        snprintf(err, errcap, "table %s is of game '%s', which this tabula "
                 "does not know", id, row.game);
        return NULL;
    }
    tb_config cfg;
    if (tb_config_default(g, row.players, &cfg) != TB_OK ||
        read_options(g, &cfg, row.options, err, errcap) != 0 ||
        tb_config_check(g, &cfg, err, errcap) != TB_OK)
        return NULL;
    tbs_table *t = table_alloc(g, &cfg, row.seed);
    if (!t) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    memcpy(t->id, row.id, sizeof t->id);
    snprintf(t->takeover, sizeof t->takeover, "%s", row.takeover);
    t->tick_ms = row.tick_ms;
    t->created_ms = row.created_ms;
    t->last_step_ms = row.created_ms;
    for (int j = 0; j < cfg.players; j++) {
        tbs_seat *s = &t->seat[j];
        const char *player = seats[j].seat == j ? seats[j].player : "human";
        snprintf(s->spec, sizeof s->spec, "%s", player);
        snprintf(t->rec.seats[j], sizeof t->rec.seats[j], "%s", player);
        s->bot = strcmp(s->spec, "human") != 0;
        s->has_hash = seats[j].has_hash;
        memcpy(s->hash, seats[j].hash, TBS_HASH);
        s->has_old = seats[j].has_old;
        memcpy(s->old_hash, seats[j].old_hash, TBS_HASH);
        s->claimed = seats[j].claimed;
    }
    int inv = tbs_store_get_invite(db, id, t->invite_hash);
    if (inv < 0) {
        snprintf(err, errcap, "%s", tbs_store_error(db));
        tbs_table_free(t);
        return NULL;
    }
    t->has_invite = inv;
    tb_init(g, t->st, &cfg, NULL, 0);
    ctx.t = t;
    err[0] = '\0';
    rc = tbs_store_steps(db, id, load_step, &ctx);
    if (rc != 0) {
        if (!err[0])
            snprintf(err, errcap, "%s", tbs_store_error(db));
        tbs_table_free(t);
        return NULL;
    }
    t->n_steps = ctx.expect;
    if (strcmp(row.status, "broken") == 0)
        t->broken = 1;
    if (strcmp(row.status, "closed") == 0)
        t->broken = t->closed = 1;
    if (tb_current(g, t->st) == TB_TERMINAL) {
        t->ended = 1;
        t->ended_ms = row.ended_ms;
        tb_result_of(g, t->st, &t->rec.result);
        t->rec.has_result = 1;
    } else if (tb_current(g, t->st) == TB_CHANCE) {
        snprintf(err, errcap, "its stored steps stop at a deal");
        tbs_table_free(t);
        return NULL;
    }
    return t;
}

char *tbs_table_record_text(const tbs_table *t)
{
    return tbi_record_text(&t->rec);
}

/* ------------------------------------------------------------ real time */

tb_action tbs_tick_default(const tb_game *g, const void *st)
{
    tb_action a;
    if (g->realtime_key && g->realtime_key(st, 0, &a) == TB_OK)
        return a;
    tb_action legal[TB_MAX_ACTIONS];
    tb_legal(g, st, legal);
    return legal[0];
}

int tbs_tick_walk(const tb_game *g, const void *st, void *scratch,
                  int asked[TB_MAX_PLAYERS], int stop_at)
{
    memcpy(scratch, st, g->state_size);
    memset(asked, 0, sizeof(int) * TB_MAX_PLAYERS);
    int last = -1;
    /* Within a tick the seats choose in ascending order; a seat that is
     * not above the last one begins the next tick. */
    for (;;) {
        int cur = g->current(scratch);
        if (cur < 0 || cur <= last)
            return 0;
        asked[cur] = 1;
        last = cur;
        if (cur == stop_at)
            return 1;
        g->apply(scratch, tbs_tick_default(g, scratch));
    }
}
