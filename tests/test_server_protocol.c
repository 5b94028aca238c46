/*
 * test_server_protocol.c - the protocol of `tabula serve` (docs/server.md),
 * tested on the hub without sockets: a fake clock, jobs run in the test's
 * own loop, and every message every connection is sent is checked.
 *
 * The leak check, for every game in the registry and every configuration
 * the conformance battery plays: random games between clients at every
 * seat, a spectator and an intruder with a wrong token.  Each message a
 * seat gets may hold only known fields; its view must be exactly
 * tb_view_json for that seat, its legal moves exactly the seat's (and
 * none when it is not to move), and its move log exactly what tb_describe
 * and tb_describe_chance told that seat (a chance entry only where it
 * told the seat something), recomputed here from the table's record; the seed never
 * appears; the intruder gets errors and nothing else.  Then the bad inputs
 * the issue lists, each refused with its code and nothing changed; seats
 * (reconnecting, moving a seat, invites, a full table, takeover by a bot);
 * and a restart that rebuilds every table from the store.
 *
 * TABULA_SEEDS=n plays n times as many games (default 1).
 */
#include "support.h"

#include "server.h"
#include "wsc.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_CLIENTS 16
#define MAX_STEPS 4000   /* actions per game before it is cut short */
/* Under the sanitizers (make asan) everything runs several times slower:
 * fewer games there; `make test` plays them all. */
#if defined(__SANITIZE_ADDRESS__)
#define MAX_CONFIGS 3
#define MIN_GAMES 3
#define MESSAGE_BUDGET 1500L
#else
#define MAX_CONFIGS 10
#define MIN_GAMES 8
#define MESSAGE_BUDGET 8000L
#endif

/* ------------------------------------------------------------ harness */

typedef struct client {
    tbs_conn *conn;
    int viewer;          /* the seat it holds, or TB_SPECTATOR */
    int intruder;        /* joined with a wrong token: may get no state */
    json_t *last;        /* the last state message */
    int got_state;
    int log_next;        /* the next log entry it expects */
    json_t *errors;      /* every error message, in order */
    json_t *other;       /* every other non-state message */
    int closed;          /* the hub asked to close it */
} client;

typedef struct world {
    tbs_store *db;
    tbs_hub *hub;
    char path[64];
    long long clock;
    tbs_job *jobs[64];
    int n_jobs;
    client clients[MAX_CLIENTS];
    int n_clients;
    /* The expected move logs, recomputed from the table's record. */
    const tb_game *g;
    tbs_table *table;
    void *replica, *before;
    int replica_actions, replica_deals;
    char **expect[TB_MAX_PLAYERS + 1];
    int n_expect[TB_MAX_PLAYERS + 1]; /* each viewer's log has its own */
    char seed_text[32];
    tb_rng rng;
} world;

static world W;
static long n_checked, n_games, n_ended;

static void hook_want_write(void *user, void *net)
{
    (void)user;
    (void)net;
}

static void hook_post_job(void *user, tbs_job *j)
{
    (void)user;
    assert_true(W.n_jobs < 64);
    W.jobs[W.n_jobs++] = j;
}

static void hook_wake_at(void *user, long long at)
{
    (void)user;
    (void)at;
}

static long long hook_now(void *user)
{
    (void)user;
    return W.clock;
}

static const tbs_hooks hooks = {.want_write = hook_want_write,
                                .post_job = hook_post_job,
                                .wake_at = hook_wake_at,
                                .now_ms = hook_now};

static void hub_start(void)
{
    char err[512];
    tbs_hub_config hc = {.bot_pace_ms = 0, .grace_ms = 1000};
    W.hub = tbs_hub_new(W.db, &hooks, &hc, err, sizeof err);
    if (!W.hub)
        fail_msg("hub: %s", err);
    tbs_hub_start(W.hub);
}

static void world_open(void)
{
    memset(&W, 0, sizeof W);
    snprintf(W.path, sizeof W.path, "/tmp/tabula-proto-%d.db", (int)getpid());
    unlink(W.path);
    char err[512];
    if (tbs_store_open(&W.db, W.path, 0, err, sizeof err) != 0)
        fail_msg("store: %s", err);
    W.clock = 1700000000000LL;
    tb_rng_seed(&W.rng, 12345);
    hub_start();
}

static void forget_table(void)
{
    for (int v = 0; v <= TB_MAX_PLAYERS; v++) {
        for (int i = 0; i < W.n_expect[v]; i++)
            free(W.expect[v] ? W.expect[v][i] : NULL);
        free(W.expect[v]);
        W.expect[v] = NULL;
        W.n_expect[v] = 0;
    }
    free(W.replica);
    free(W.before);
    W.replica = W.before = NULL;
    W.table = NULL;
}

/* Closes every client; the table they were at may leave memory (an
 * ended one does), so it is no longer followed. */
static void close_clients(void)
{
    forget_table();
    for (int i = 0; i < W.n_clients; i++) {
        client *c = &W.clients[i];
        if (c->conn)
            tbs_conn_close(c->conn);
        json_decref(c->last);
        json_decref(c->errors);
        json_decref(c->other);
    }
    memset(W.clients, 0, sizeof W.clients);
    W.n_clients = 0;
}

static void world_close(void)
{
    close_clients();
    forget_table();
    for (int i = 0; i < W.n_jobs; i++)
        tbs_job_free(W.jobs[i]);
    W.n_jobs = 0;
    tbs_hub_free(W.hub);
    tbs_store_close(W.db);
    wsc_remove_db(W.path);
}

static client *client_new(void)
{
    assert_true(W.n_clients < MAX_CLIENTS);
    client *c = &W.clients[W.n_clients++];
    memset(c, 0, sizeof *c);
    c->conn = tbs_conn_open(W.hub, c);
    c->viewer = -100;
    c->errors = json_array();
    c->other = json_array();
    return c;
}

static void send_msg(client *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void send_msg(client *c, const char *fmt, ...)
{
    char buf[TBS_MAX_MESSAGE + 1];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    tbs_conn_message(c->conn, buf, strlen(buf));
}

/* Appends an entry to viewer index v's expected log. */
static void expect_entry(int v, const char *text)
{
    W.expect[v] = realloc(W.expect[v],
                          (size_t)(W.n_expect[v] + 1) * sizeof(char *));
    W.expect[v][W.n_expect[v]++] = strdup(text);
}

/* Resolves the replica's chance node from the record's next deal entry,
 * expecting in each viewer's log what tb_describe_chance told it (an
 * entry only for the viewers it told something). */
static void follow_deal(const tbs_table *t)
{
    const tb_game *g = t->g;
    const tb_record *r = &t->rec;
    memcpy(W.before, W.replica, g->state_size);
    assert_int_equal(tb_apply_chance(g, W.replica, r->deal[W.replica_deals],
                                     r->deal_len[W.replica_deals]),
                     TB_OK);
    for (int v = 0; v <= t->cfg.players; v++) {
        static char buf[8192];
        tb_text text;
        tb_text_init(&text, buf, sizeof buf);
        tb_describe_chance(g, W.before, r->deal[W.replica_deals],
                           r->deal_len[W.replica_deals], W.replica,
                           v == t->cfg.players ? TB_SPECTATOR : v, &text);
        if (buf[0])
            expect_entry(v, buf);
    }
    W.replica_deals++;
}

/* Brings the expected logs up to the table's record: replays each new
 * deal and action into the replica and asks tb_describe_chance and
 * tb_describe what every viewer saw. */
static void follow_table(void)
{
    tbs_table *t = W.table;
    if (!t)
        return;
    const tb_game *g = t->g;
    const tb_record *r = &t->rec;
    while (W.replica_actions < r->n_actions) {
        while (tb_current(g, W.replica) == TB_CHANCE) {
            assert_true(W.replica_deals < r->n_deal);
            follow_deal(t);
        }
        tb_action a;
        char err[256];
        assert_int_equal(tb_current(g, W.replica),
                         r->actions[W.replica_actions].seat);
        if (tb_parse_action(g, W.replica, r->actions[W.replica_actions].text,
                            &a, err, sizeof err) != TB_OK)
            fail_msg("record action '%s': %s",
                     r->actions[W.replica_actions].text, err);
        memcpy(W.before, W.replica, g->state_size);
        assert_int_equal(tb_apply(g, W.replica, a), TB_OK);
        for (int v = 0; v <= t->cfg.players; v++) {
            static char buf[8192];
            tb_text text;
            tb_text_init(&text, buf, sizeof buf);
            tb_describe(g, W.before, a, W.replica,
                        v == t->cfg.players ? TB_SPECTATOR : v, &text);
            expect_entry(v, buf);
        }
        W.replica_actions++;
    }
    while (tb_current(g, W.replica) == TB_CHANCE &&
           W.replica_deals < r->n_deal)
        follow_deal(t);
}

/* Whether every key of o is one of the NULL-terminated list. */
static void only_keys(json_t *o, const char *const *allowed, const char *what)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        int ok = 0;
        for (int i = 0; allowed[i]; i++)
            ok |= strcmp(key, allowed[i]) == 0;
        if (!ok)
            fail_msg("%s carries an unexpected field '%s'", what, key);
    }
}

/* The legal move texts a seat should be offered now. */
static json_t *expected_legal(tbs_table *t, int viewer)
{
    json_t *a = json_array();
    if (viewer < 0 || t->ended || t->seat[viewer].bot)
        return a;
    const void *at = t->st;
    if (t->g->flags & TB_GAME_REALTIME) {
        int asked[TB_MAX_PLAYERS];
        if (!t->tick_open ||
            !tbs_tick_walk(t->g, t->st, t->scratch, asked, viewer))
            return a;
        at = t->scratch;
    } else if (tb_current(t->g, t->st) != viewer) {
        return a;
    }
    tb_action acts[TB_MAX_ACTIONS];
    int n = tb_legal(t->g, at, acts);
    for (int i = 0; i < n; i++) {
        char text[TB_ACTION_TEXT];
        tb_action_text(t->g, at, acts[i], text, sizeof text);
        json_array_append_new(a, json_string(text));
    }
    return a;
}

/* Checks one state message to c against what its seat may see. */
static void check_state(client *c, const char *text, json_t *m)
{
    static const char *const keys[] = {
        "type", "table", "game", "title", "players", "seat", "status",
        "turn", "move", "thinking", "seats", "takeover", "legal",
        "log_start", "log", "view", "realtime", "result", "record", NULL};
    static const char *const seat_keys[] = {"player", "bot", "present",
                                            "claimed", "away", NULL};
    static const char *const rt_keys[] = {"tick_ms", "tick", "open",
                                          "left_ms", "asked", "chosen",
                                          NULL};
    if (c->intruder)
        fail_msg("a connection with a wrong token got a state message");
    only_keys(m, keys, "a state message");
    tbs_table *t = tbs_hub_table(
        W.hub, json_string_value(json_object_get(m, "table")));
    assert_non_null(t);
    int follow = t == W.table; /* the logs are followed for W.table */
    json_t *seat = json_object_get(m, "seat");
    if (c->viewer >= 0)
        assert_int_equal(json_integer_value(seat), c->viewer);
    else
        assert_true(json_is_null(seat));
    json_t *seats = json_object_get(m, "seats");
    for (size_t i = 0; i < json_array_size(seats); i++)
        only_keys(json_array_get(seats, i), seat_keys, "a seat entry");
    /* The view: exactly the seat's. */
    char *want_text = tb_view_json(t->g, t->st, c->viewer);
    json_error_t jerr;
    json_t *want = json_loads(want_text, 0, &jerr);
    free(want_text);
    if (!json_equal(want, json_object_get(m, "view")))
        fail_msg("%s: seat %d was sent a view that is not its own",
                 t->g->id, c->viewer);
    json_decref(want);
    /* Its legal moves, and only when it is to choose. */
    json_t *legal = expected_legal(t, c->viewer);
    if (!json_equal(legal, json_object_get(m, "legal")))
        fail_msg("%s: seat %d was offered other moves than its own",
                 t->g->id, c->viewer);
    json_decref(legal);
    /* Its move log: what tb_describe and tb_describe_chance told its
     * seat. */
    int v = tbs_viewer_index(t, c->viewer);
    int start = (int)json_integer_value(json_object_get(m, "log_start"));
    json_t *log = json_object_get(m, "log");
    if (c->log_next > 0)
        assert_int_equal(start, c->log_next);
    for (size_t i = 0; follow && i < json_array_size(log); i++) {
        int k = start + (int)i;
        assert_true(k < W.n_expect[v]);
        const char *got = json_string_value(json_array_get(log, i));
        if (strcmp(got, W.expect[v][k]) != 0)
            fail_msg("%s: seat %d's log entry %d is '%s', its seat saw "
                     "'%s'", t->g->id, c->viewer, k, got, W.expect[v][k]);
    }
    c->log_next = start + (int)json_array_size(log);
    if (follow)
        assert_int_equal(c->log_next, W.n_expect[v]);
    json_t *rt = json_object_get(m, "realtime");
    if (rt) {
        only_keys(rt, rt_keys, "the realtime part");
        json_t *chosen = json_object_get(rt, "chosen");
        if (!json_is_null(chosen)) {
            assert_true(c->viewer >= 0 && t->has_pending[c->viewer]);
            assert_string_equal(json_string_value(chosen),
                                t->pending[c->viewer]);
        }
    }
    int ended = strcmp(json_string_value(json_object_get(m, "status")),
                       "ended") == 0;
    assert_int_equal(ended, t->ended);
    assert_int_equal(json_object_get(m, "result") != NULL, ended);
    assert_int_equal(json_object_get(m, "record") != NULL, ended);
    /* The seed (which gives every hidden card) never goes out. */
    if (follow && strstr(text, W.seed_text))
        fail_msg("%s: a message carries the table's seed", t->g->id);
    json_decref(c->last);
    c->last = json_incref(m);
    c->got_state = 1;
    n_checked++;
}

/* Takes every message due to every client, checking each. */
static void drain_messages(void)
{
    /* As the event loop does after each turn: commit, then tell. */
    tbs_hub_flush(W.hub);
    follow_table();
    for (int i = 0; i < W.n_clients; i++) {
        client *c = &W.clients[i];
        size_t len;
        int close_after = 0;
        char *text;
        while (c->conn && (text = tbs_conn_next(c->conn, &len,
                                                &close_after))) {
            json_error_t jerr;
            json_t *m = json_loads(text, 0, &jerr);
            if (!m)
                fail_msg("the hub sent text that is not JSON: %s", text);
            const char *type = json_string_value(json_object_get(m, "type"));
            assert_non_null(type);
            if (strcmp(type, "state") == 0)
                check_state(c, text, m);
            else if (strcmp(type, "error") == 0)
                json_array_append(c->errors, m);
            else
                json_array_append(c->other, m);
            json_decref(m);
            free(text);
            if (close_after)
                break;
        }
        if (close_after && c->conn) {
            tbs_conn_close(c->conn);
            c->conn = NULL;
            c->closed = 1;
        }
    }
}

/* Runs every job posted (as the workers would), then drains messages;
 * until nothing is left to do. */
static void settle(void)
{
    drain_messages();
    while (W.n_jobs > 0) {
        tbs_job *j = W.jobs[0];
        memmove(W.jobs, W.jobs + 1, (size_t)(--W.n_jobs) * sizeof *W.jobs);
        tbs_job_run(j);
        tbs_hub_job_done(W.hub, j);
        drain_messages();
    }
}

/* The last message of a kind a client got (borrowed), or NULL. */
static json_t *last_of(client *c, const char *type)
{
    size_t n = json_array_size(c->other);
    for (size_t i = n; i-- > 0;) {
        json_t *m = json_array_get(c->other, i);
        if (strcmp(json_string_value(json_object_get(m, "type")), type) == 0)
            return m;
    }
    return NULL;
}

/* Expects the client's newest error to have this code. */
static void expect_error(client *c, const char *code)
{
    size_t n = json_array_size(c->errors);
    if (n == 0)
        fail_msg("expected error %s, got none", code);
    json_t *e = json_array_get(c->errors, n - 1);
    const char *got = json_string_value(json_object_get(e, "code"));
    const char *msg = json_string_value(json_object_get(e, "message"));
    if (strcmp(got, code) != 0)
        fail_msg("expected error %s, got %s (%s)", code, got, msg);
    assert_true(msg && strlen(msg) > 10);
    json_array_clear(c->errors);
}

static void expect_no_error(client *c)
{
    if (json_array_size(c->errors) > 0) {
        json_t *e = json_array_get(c->errors, 0);
        fail_msg("unexpected error %s: %s",
                 json_string_value(json_object_get(e, "code")),
                 json_string_value(json_object_get(e, "message")));
    }
}

/* Creates a table; returns the `created` reply (borrowed) and sets up the
 * replica.  seats: "human" or bot specs. */
static json_t *create_table(client *owner, const tb_game *g,
                            const tb_config *cfg, const char *const *seats,
                            const char *takeover)
{
    json_t *req = json_object();
    json_object_set_new(req, "type", json_string("create"));
    json_object_set_new(req, "game", json_string(g->id));
    json_object_set_new(req, "players", json_integer(cfg->players));
    json_t *opts = json_object();
    for (int i = 0; i < g->n_options; i++) {
        char v[64];
        tb_config_value_text(g, cfg, i, v, sizeof v);
        json_object_set_new(opts, g->options[i].name, json_string(v));
    }
    json_object_set_new(req, "options", opts);
    json_t *sa = json_array();
    for (int j = 0; j < cfg->players; j++)
        json_array_append_new(sa, json_string(seats[j]));
    json_object_set_new(req, "seats", sa);
    if (takeover)
        json_object_set_new(req, "takeover", json_string(takeover));
    json_object_set_new(req, "tick_ms", json_integer(200));
    char *text = json_dumps(req, JSON_COMPACT);
    json_decref(req);
    tbs_conn_message(owner->conn, text, strlen(text));
    free(text);
    drain_messages();
    expect_no_error(owner);
    json_t *created = last_of(owner, "created");
    assert_non_null(created);
    const char *id = json_string_value(json_object_get(created, "table"));
    forget_table();
    W.table = tbs_hub_table(W.hub, id);
    assert_non_null(W.table);
    W.g = g;
    W.replica = tb_state_new(g);
    W.before = tb_state_new(g);
    tb_init(g, W.replica, cfg, NULL, 0);
    W.replica_actions = W.replica_deals = 0;
    snprintf(W.seed_text, sizeof W.seed_text, "%llu",
             (unsigned long long)W.table->seed);
    return created;
}

static const char *token_of(json_t *created, int seat)
{
    json_t *s = json_array_get(json_object_get(created, "seats"),
                               (size_t)seat);
    return json_string_value(json_object_get(s, "token"));
}

static void join_seat(client *c, json_t *created, int seat)
{
    c->viewer = seat;
    send_msg(c, "{\"type\":\"join\",\"table\":\"%s\",\"token\":\"%s\"}",
             json_string_value(json_object_get(created, "table")),
             token_of(created, seat));
    drain_messages();
    expect_no_error(c);
    assert_true(c->got_state);
}

static void join_spectator(client *c, const char *table)
{
    c->viewer = TB_SPECTATOR;
    send_msg(c, "{\"type\":\"join\",\"table\":\"%s\"}", table);
    drain_messages();
    expect_no_error(c);
}

/* A random legal move from the client's last state message, or NULL. */
static const char *pick_move(client *c)
{
    json_t *legal = json_object_get(c->last, "legal");
    size_t n = json_array_size(legal);
    if (n == 0)
        return NULL;
    return json_string_value(
        json_array_get(legal, tb_rng_below(&W.rng, (uint32_t)n)));
}

/* ------------------------------------------------------------ leak test */

/* Sends one of the bad inputs a player may send mid-game, from client c,
 * and checks it is refused and changes nothing. */
static void poke(client *c, int seat_to_move)
{
    tbs_table *t = W.table;
    int moves = t->rec.n_actions;
    switch (tb_rng_below(&W.rng, 5)) {
    case 0:
        send_msg(c, "{\"type\":\"act\",\"action\":\"zz-not-a-move\"}");
        drain_messages();
        if (c->viewer < 0)
            expect_error(c, "not_seated");
        else if (!(t->g->flags & TB_GAME_REALTIME) &&
                 c->viewer != seat_to_move)
            expect_error(c, "not_your_turn");
        else if (t->g->flags & TB_GAME_REALTIME &&
                 json_array_size(json_object_get(c->last, "legal")) == 0)
            json_array_clear(c->errors); /* not asked, or no tick open */
        else
            expect_error(c, "illegal");
        break;
    case 1:
        send_msg(c, "{\"type\":\"act\",\"action\":");
        drain_messages();
        expect_error(c, "bad_json");
        break;
    case 2:
        send_msg(c, "{\"type\":\"act\",\"action\":\"x\",\"move\":%d}",
                 moves + 7);
        drain_messages();
        expect_error(c, c->viewer < 0 ? "not_seated" : "stale");
        break;
    case 3:
        send_msg(c, "[1,2,3]");
        drain_messages();
        expect_error(c, "bad_request");
        break;
    default:
        tbs_conn_too_big(c->conn, TBS_MAX_MESSAGE + 1);
        drain_messages();
        expect_error(c, "too_big");
        break;
    }
    assert_int_equal(t->rec.n_actions, moves);
}

/* Plays one random game of g with cfg through the hub; with_bot puts a
 * random bot at the last seat and a takeover bot for seats left. */
static void play_one(const tb_game *g, const tb_config *cfg, int with_bot)
{
    close_clients();
    client *owner = client_new();
    const char *seats[TB_MAX_PLAYERS];
    for (int j = 0; j < cfg->players; j++)
        seats[j] = "human";
    if (with_bot && cfg->players > 1)
        seats[cfg->players - 1] = "random";
    json_t *created = json_incref(create_table(
        owner, g, cfg, seats, with_bot ? "heuristic" : NULL));
    const char *id = json_string_value(json_object_get(created, "table"));
    char table_id[TBS_ID_HEX + 1];
    snprintf(table_id, sizeof table_id, "%s", id);
    client *at[TB_MAX_PLAYERS] = {0};
    for (int j = 0; j < cfg->players; j++) {
        if (strcmp(seats[j], "human") != 0)
            continue;
        at[j] = client_new();
        join_seat(at[j], created, j);
    }
    client *spectator = client_new();
    join_spectator(spectator, table_id);
    client *intruder = client_new();
    intruder->intruder = 1;
    send_msg(intruder, "{\"type\":\"join\",\"table\":\"%s\",\"token\":"
             "\"00112233445566778899aabbccddeeff\"}", table_id);
    drain_messages();
    expect_error(intruder, "bad_token");
    json_decref(created);
    settle();
    int realtime = (g->flags & TB_GAME_REALTIME) != 0;
    for (int steps = 0; steps < MAX_STEPS && !W.table->ended; steps++) {
        tbs_table *t = W.table;
        if (tb_rng_below(&W.rng, 8) == 0) {
            client *c = tb_rng_below(&W.rng, 3) == 0 ? spectator
                        : at[tb_rng_below(&W.rng, (uint32_t)cfg->players)];
            if (c)
                poke(c, tb_current(g, t->st));
        }
        if (realtime) {
            for (int j = 0; j < cfg->players; j++) {
                const char *mv = at[j] ? pick_move(at[j]) : NULL;
                if (mv && tb_rng_below(&W.rng, 3) == 0) {
                    send_msg(at[j], "{\"type\":\"act\",\"action\":\"%s\"}",
                             mv);
                    drain_messages();
                    expect_no_error(at[j]);
                }
            }
            W.clock += t->tick_ms;
            tbs_hub_run_timers(W.hub);
            settle();
            continue;
        }
        int turn = tb_current(g, t->st);
        if (turn >= 0 && at[turn]) {
            const char *mv = pick_move(at[turn]);
            assert_non_null(mv);
            int n = t->rec.n_actions;
            send_msg(at[turn], "{\"type\":\"act\",\"action\":\"%s\","
                     "\"move\":%d}", mv, n);
            drain_messages();
            expect_no_error(at[turn]);
            assert_int_equal(t->rec.n_actions, n + 1);
        }
        W.clock += 10;
        tbs_hub_run_timers(W.hub);
        settle();
    }
    n_games++;
    n_ended += W.table->ended;
    /* Whatever happened, the intruder never saw the table. */
    assert_false(intruder->got_state);
    if (!W.table->ended)
        return; /* cut short: a very long game */
    /* The end: everyone has the result; the record replays. */
    for (int j = 0; j < cfg->players; j++)
        if (at[j])
            assert_non_null(json_object_get(at[j]->last, "result"));
    int status;
    char err[256];
    char *rec = tbs_hub_record(W.hub, table_id, &status, err, sizeof err);
    assert_int_equal(status, 200);
    void *st = ts_replay_json(rec);
    free(st);
    free(rec);
    /* A replay frame before the first move holds what seat 0 was told of
     * the first deal, and nothing more (its log has a chance entry, so it
     * is not cut at one entry a move). */
    for (int j = 0; j < cfg->players; j++) {
        if (!at[j] || at[j]->viewer != 0)
            continue;
        send_msg(at[j], "{\"type\":\"replay\",\"table\":\"%s\","
                 "\"move\":0,\"seat\":0}", table_id);
        drain_messages();
        json_t *frame = last_of(at[j], "frame");
        assert_non_null(frame);
        json_t *log = json_object_get(frame, "log");
        int k = 0;
        while (k < W.n_expect[0] && W.table->log[0].moves[k] == 0)
            k++;
        assert_int_equal((int)json_array_size(log), k);
        for (int i = 0; i < k; i++)
            assert_string_equal(json_string_value(json_array_get(log,
                                                                 (size_t)i)),
                                W.expect[0][i]);
        break;
    }
    /* A finished game refuses moves. */
    for (int j = 0; j < cfg->players; j++) {
        if (!at[j])
            continue;
        send_msg(at[j], "{\"type\":\"act\",\"action\":\"x\"}");
        drain_messages();
        expect_error(at[j], "game_over");
        break;
    }
}

static int games_per_config(void)
{
    const char *s = getenv("TABULA_SEEDS");
    int n = s ? atoi(s) : 0;
    return n > 0 ? n : 1;
}

/* Every configuration of one game: random games checked message by
 * message. */
static void leak_check(void **state)
{
    const tb_game *g = *state;
    world_open();
    tb_config cfgs[64];
    int n = ts_configs(g, cfgs, 64);
    if (n > MAX_CONFIGS)
        n = MAX_CONFIGS;
    /* Every configuration (up to MAX_CONFIGS) once, and at least
     * MIN_GAMES games, cycling through them; long games stop the cycling
     * once enough messages were checked. */
    int want = n * games_per_config();
    if (want < MIN_GAMES * games_per_config())
        want = MIN_GAMES * games_per_config();
    for (int k = 0; k < want; k++) {
        if (k >= n && n_checked > MESSAGE_BUDGET * games_per_config())
            break;
        play_one(g, &cfgs[k % n], k % 2 == 1);
    }
    world_close();
    print_message("%s: %ld games (%ld to the end), %ld state messages "
                  "checked\n", g->id, n_games, n_ended, n_checked);
    n_games = n_ended = n_checked = 0;
}

/* ------------------------------------------------------------ bad input */

static void bad_requests(void **state)
{
    (void)state;
    world_open();
    client *c = client_new();
    send_msg(c, "not json");
    drain_messages();
    expect_error(c, "bad_json");
    send_msg(c, "{\"type\":\"dance\"}");
    drain_messages();
    expect_error(c, "bad_request");
    send_msg(c, "{\"type\":\"games\",\"type\":\"games\"}");
    drain_messages();
    expect_error(c, "bad_json"); /* duplicate keys */
    tbs_conn_too_big(c->conn, 100000);
    drain_messages();
    expect_error(c, "too_big");
    send_msg(c, "{\"type\":\"create\",\"game\":\"chess\",\"seats\":[]}");
    drain_messages();
    expect_error(c, "unknown_game");
    send_msg(c, "{\"type\":\"create\",\"game\":\"no-thanks\",\"players\":9,"
             "\"seats\":[]}");
    drain_messages();
    expect_error(c, "bad_players");
    send_msg(c, "{\"type\":\"create\",\"game\":\"no-thanks\",\"players\":3,"
             "\"options\":{\"colour\":\"red\"},\"seats\":[\"human\","
             "\"human\",\"human\"]}");
    drain_messages();
    expect_error(c, "bad_option");
    send_msg(c, "{\"type\":\"create\",\"game\":\"6-nimmt\",\"players\":3,"
             "\"options\":{\"target\":\"lots\"},\"seats\":[\"human\","
             "\"human\",\"human\"]}");
    drain_messages();
    expect_error(c, "bad_option");
    send_msg(c, "{\"type\":\"create\",\"game\":\"no-thanks\",\"players\":3,"
             "\"seats\":[\"human\",\"ext:cmd=rm -rf /\",\"human\"]}");
    drain_messages();
    expect_error(c, "bad_bot");
    send_msg(c, "{\"type\":\"create\",\"game\":\"no-thanks\",\"players\":3,"
             "\"seats\":[\"human\",\"ismcts:time=1000\",\"human\"]}");
    drain_messages();
    expect_error(c, "bad_bot");
    send_msg(c, "{\"type\":\"create\",\"game\":\"no-thanks\",\"players\":3,"
             "\"seats\":[\"human\",\"human\"]}");
    drain_messages();
    expect_error(c, "bad_request");
    send_msg(c, "{\"type\":\"create\",\"game\":\"the-mind\",\"players\":2,"
             "\"seats\":[\"human\",\"human\"],\"tick_ms\":5}");
    drain_messages();
    expect_error(c, "bad_tick");
    send_msg(c, "{\"type\":\"join\",\"table\":\"0123456789abcdef\"}");
    drain_messages();
    expect_error(c, "unknown_table");
    send_msg(c, "{\"type\":\"join\",\"table\":\"../../etc/passwd\"}");
    drain_messages();
    expect_error(c, "unknown_table");
    send_msg(c, "{\"type\":\"act\",\"action\":\"take\"}");
    drain_messages();
    expect_error(c, "not_seated");
    send_msg(c, "{\"type\":\"games\"}");
    drain_messages();
    expect_no_error(c);
    json_t *games = last_of(c, "games");
    assert_int_equal(json_array_size(json_object_get(games, "games")),
                     tb_game_count());
    world_close();
}

/* Collects the stored steps of a table. */
typedef struct steps_seen {
    tbs_step_row rows[64];
    int n;
} steps_seen;

static int collect_step(void *user, const tbs_step_row *r)
{
    steps_seen *s = user;
    if (s->n < 64)
        s->rows[s->n++] = *r;
    return 0;
}

/* A new No Thanks! table of three people, with the heuristic bot to take
 * over a seat its person left; returns the `created` reply (its own
 * reference). */
static json_t *three_people_table(void)
{
    const tb_game *g = tb_find_game("no-thanks");
    tb_config cfg;
    tb_config_default(g, 3, &cfg);
    client *owner = client_new();
    const char *seats[] = {"human", "human", "human"};
    return json_incref(create_table(owner, g, &cfg, seats, "heuristic"));
}

/* Seats: tokens, reconnecting, moving a seat, invites, takeover. */
static void seats_and_tokens(void **state)
{
    (void)state;
    world_open();
    const tb_game *g = tb_find_game("no-thanks");
    json_t *created = three_people_table();
    const char *id = json_string_value(json_object_get(created, "table"));
    /* Tokens are 128 bits in hex, distinct, and only their hashes are
     * stored. */
    for (int j = 0; j < 3; j++) {
        assert_int_equal(strlen(token_of(created, j)), TBS_TOKEN_HEX);
        for (int k = 0; k < j; k++)
            assert_string_not_equal(token_of(created, j),
                                    token_of(created, k));
        uint8_t h[TBS_HASH];
        assert_int_equal(tbs_token_hash(token_of(created, j), h), 0);
        assert_true(tbs_hash_equal(h, W.table->seat[j].hash));
    }
    client *a = client_new();
    join_seat(a, created, 0);
    /* A bad token gets nothing of the table; neither does a token of
     * another table's form gone wrong. */
    client *x = client_new();
    x->intruder = 1;
    char bad[TBS_TOKEN_HEX + 1];
    snprintf(bad, sizeof bad, "%s", token_of(created, 1));
    bad[0] = bad[0] == 'a' ? 'b' : 'a';
    send_msg(x, "{\"type\":\"join\",\"table\":\"%s\",\"token\":\"%s\"}", id,
             bad);
    drain_messages();
    expect_error(x, "bad_token");
    send_msg(x, "{\"type\":\"join\",\"table\":\"%s\",\"token\":\"zz\"}", id);
    drain_messages();
    expect_error(x, "bad_token");
    send_msg(x, "{\"type\":\"join\",\"table\":\"%s\",\"token\":42}", id);
    drain_messages();
    expect_error(x, "bad_token");
    assert_false(x->got_state);
    /* The same token while its seat is open elsewhere: refused... */
    client *a2 = client_new();
    a2->viewer = 0;
    send_msg(a2, "{\"type\":\"join\",\"table\":\"%s\",\"token\":\"%s\"}", id,
             token_of(created, 0));
    drain_messages();
    expect_error(a2, "seat_in_use");
    assert_false(a2->got_state);
    /* ...unless moved on purpose: the first window is closed. */
    send_msg(a2, "{\"type\":\"join\",\"table\":\"%s\",\"token\":\"%s\","
             "\"takeover\":true}", id, token_of(created, 0));
    drain_messages();
    expect_no_error(a2);
    assert_true(a2->got_state);
    expect_error(a, "seat_moved");
    assert_true(a->closed);
    /* A reload: the connection goes, a new one comes with the link. */
    tbs_conn_close(a2->conn);
    a2->conn = NULL;
    client *a3 = client_new();
    join_seat(a3, created, 0);
    assert_int_equal(json_integer_value(json_object_get(a3->last, "seat")),
                     0);
    /* Taking a free seat needs the invite: the table's id (what a
     * spectator has) is not enough, nor a wrong invite. */
    client *spy = client_new();
    spy->intruder = 1;
    send_msg(spy, "{\"type\":\"join\",\"table\":\"%s\",\"claim\":true}", id);
    drain_messages();
    expect_error(spy, "bad_invite");
    send_msg(spy, "{\"type\":\"join\",\"table\":\"%s\",\"claim\":true,"
             "\"invite\":\"%032d\"}", id, 0);
    drain_messages();
    expect_error(spy, "bad_invite");
    /* Invites: seat 1's link is still unused, so an invite claims it and
     * its old link stops working (with a message that says why); seat 0,
     * the creator's, was never open to invites. */
    const char *invite =
        json_string_value(json_object_get(created, "invite"));
    assert_non_null(invite);
    client *inv = client_new();
    inv->viewer = 1;
    send_msg(inv, "{\"type\":\"join\",\"table\":\"%s\",\"claim\":true,"
             "\"invite\":\"%s\"}", id, invite);
    drain_messages();
    expect_no_error(inv);
    json_t *joined = last_of(inv, "joined");
    assert_int_equal(json_integer_value(json_object_get(joined, "seat")), 1);
    const char *fresh = json_string_value(json_object_get(joined, "token"));
    assert_non_null(fresh);
    assert_string_not_equal(fresh, token_of(created, 1));
    client *late = client_new();
    late->intruder = 1;
    send_msg(late, "{\"type\":\"join\",\"table\":\"%s\",\"token\":\"%s\"}",
             id, token_of(created, 1));
    drain_messages();
    expect_error(late, "token_replaced");
    client *c2 = client_new();
    join_seat(c2, created, 2);
    /* The invite was used: it opens nothing more. */
    client *again = client_new();
    again->intruder = 1;
    send_msg(again, "{\"type\":\"join\",\"table\":\"%s\",\"claim\":true,"
             "\"invite\":\"%s\"}", id, invite);
    drain_messages();
    expect_error(again, "bad_invite");
    /* A person at a seat makes a new one; with every seat taken it finds
     * the table full. */
    send_msg(a3, "{\"type\":\"invite\"}");
    drain_messages();
    expect_no_error(a3);
    json_t *fresh_inv = last_of(a3, "invite");
    assert_non_null(fresh_inv);
    client *full = client_new();
    send_msg(full, "{\"type\":\"join\",\"table\":\"%s\",\"claim\":true,"
             "\"invite\":\"%s\"}", id,
             json_string_value(json_object_get(fresh_inv, "invite")));
    drain_messages();
    expect_error(full, "table_full");
    /* Out of turn, and a move that is not legal: refused, nothing
     * changes. */
    int n = W.table->rec.n_actions;
    send_msg(inv, "{\"type\":\"act\",\"action\":\"take\"}");
    drain_messages();
    expect_error(inv, "not_your_turn");
    send_msg(a3, "{\"type\":\"act\",\"action\":\"grab\"}");
    drain_messages();
    expect_error(a3, "illegal");
    assert_int_equal(W.table->rec.n_actions, n);
    /* The record is not to be had while the game runs. */
    int status;
    char err[256];
    assert_null(tbs_hub_record(W.hub, id, &status, err, sizeof err));
    assert_int_equal(status, 403);
    send_msg(full, "{\"type\":\"replay\",\"table\":\"%s\"}", id);
    drain_messages();
    expect_error(full, "not_ended");
    /* Seat 0 takes; then leaves: the takeover bot plays its turns. */
    send_msg(a3, "{\"type\":\"act\",\"action\":\"pass\"}");
    drain_messages();
    expect_no_error(a3);
    assert_int_equal(W.table->rec.n_actions, n + 1);
    send_msg(a3, "{\"type\":\"leave\"}");
    drain_messages();
    assert_true(W.table->seat[0].away);
    /* Play seats 1 and 2 until seat 0's turn has come and gone. */
    for (int k = 0; k < 6 && !W.table->ended; k++) {
        int turn = tb_current(g, W.table->st);
        client *c = turn == 1 ? inv : turn == 2 ? c2 : NULL;
        if (c) {
            send_msg(c, "{\"type\":\"act\",\"action\":\"%s\"}", pick_move(c));
            drain_messages();
            expect_no_error(c);
        }
        W.clock += 10;
        tbs_hub_run_timers(W.hub);
        settle();
    }
    int by_takeover = 0;
    for (int i = n + 1; i < W.table->rec.n_actions; i++)
        by_takeover += W.table->rec.actions[i].seat == 0;
    assert_true(by_takeover > 0);
    /* The store says who made each move: the takeover bot's are marked
     * so (data, never recomputed). */
    steps_seen seen = {.n = 0};
    tbs_table_row row;
    tbs_seat_row srows[TB_MAX_PLAYERS];
    assert_int_equal(tbs_store_load(W.db, id, &row, srows), 0);
    assert_int_equal(tbs_store_steps(W.db, id, collect_step, &seen), 0);
    int marked = 0, acts = 0;
    for (int i = 0; i < seen.n; i++) {
        if (seen.rows[i].is_deal)
            continue;
        if (acts++ > n && seen.rows[i].seat == 0)
            marked += strcmp(seen.rows[i].source, "takeover") == 0;
        else
            assert_string_equal(seen.rows[i].source, "human");
    }
    assert_int_equal(marked, by_takeover);
    /* A person whose connection drops is taken over after the grace, and
     * gets the seat back by coming back. */
    tbs_conn_close(c2->conn);
    c2->conn = NULL;
    W.clock += 500;
    tbs_hub_run_timers(W.hub);
    assert_false(W.table->seat[2].away);
    W.clock += 600;
    tbs_hub_run_timers(W.hub);
    assert_true(W.table->seat[2].away);
    settle();
    client *c2b = client_new();
    join_seat(c2b, created, 2);
    assert_false(W.table->seat[2].away);
    json_decref(created);
    world_close();
}

/* A person who comes back while the takeover bot is thinking for their
 * seat gets the move: the bot's answer, late, is dropped. */
static void takeover_yields_to_return(void **state)
{
    (void)state;
    world_open();
    const tb_game *g = tb_find_game("no-thanks");
    json_t *created = three_people_table();
    client *c[3];
    for (int j = 0; j < 3; j++) {
        c[j] = client_new();
        join_seat(c[j], created, j);
    }
    int turn = tb_current(g, W.table->st);
    assert_true(turn >= 0 && turn < 3);
    int n = W.table->rec.n_actions;
    /* The person to move leaves: the takeover bot is asked (its job
     * posted, not yet run). */
    send_msg(c[turn], "{\"type\":\"leave\"}");
    drain_messages();
    assert_true(W.table->seat[turn].away);
    assert_int_equal(W.n_jobs, 1);
    /* They come back before the bot answers. */
    client *back = client_new();
    join_seat(back, created, turn);
    assert_false(W.table->seat[turn].away);
    settle();
    assert_int_equal(W.table->rec.n_actions, n);
    assert_int_equal(W.n_jobs, 0);
    /* The move is theirs, and they are told the bot is done. */
    assert_false(json_is_true(json_object_get(back->last, "thinking")));
    assert_true(json_array_size(json_object_get(back->last, "legal")) > 0);
    send_msg(back, "{\"type\":\"act\",\"action\":\"%s\"}",
             pick_move(back));
    drain_messages();
    expect_no_error(back);
    assert_int_equal(W.table->rec.n_actions, n + 1);
    json_decref(created);
    world_close();
}

/* A restart rebuilds every table from the store, bit for bit, and the
 * game goes on. */
static void restart_rebuilds(void **state)
{
    (void)state;
    world_open();
    for (int i = 0; i < tb_game_count(); i++) {
        const tb_game *g = tb_game_at(i);
        tb_config cfg;
        tb_config_default(g, g->min_players, &cfg);
        /* A few moves by bots (and ticks), then the restart. */
        close_clients();
        client *owner = client_new();
        const char *seats[TB_MAX_PLAYERS];
        for (int j = 0; j < cfg.players; j++)
            seats[j] = "random";
        seats[0] = "human";
        json_t *created = json_incref(create_table(owner, g, &cfg, seats,
                                                   NULL));
        char id[TBS_ID_HEX + 1];
        snprintf(id, sizeof id, "%s",
                 json_string_value(json_object_get(created, "table")));
        client *a = client_new();
        join_seat(a, created, 0);
        for (int k = 0; k < 40 && !W.table->ended; k++) {
            const char *mv = pick_move(a);
            if (mv) {
                send_msg(a, "{\"type\":\"act\",\"action\":\"%s\"}", mv);
                drain_messages();
                expect_no_error(a);
            }
            W.clock += W.table->tick_ms;
            tbs_hub_run_timers(W.hub);
            settle();
        }
        tbs_table *t = W.table;
        char *rec = tbs_table_record_text(t);
        char *views[TB_MAX_PLAYERS + 1];
        for (int v = -1; v < cfg.players; v++)
            views[v + 1] = tb_view_json(g, t->st, v);
        int moves = t->rec.n_actions;
        close_clients();
        tbs_hub_free(W.hub);
        forget_table();
        hub_start();
        t = tbs_hub_table(W.hub, id);
        if (!t) {
            /* An ended table is loaded on demand. */
            client *probe = client_new();
            join_spectator(probe, id);
            t = tbs_hub_table(W.hub, id);
        }
        assert_non_null(t);
        char *rec2 = tbs_table_record_text(t);
        assert_string_equal(rec, rec2);
        assert_int_equal(t->rec.n_actions, moves);
        for (int v = -1; v < cfg.players; v++) {
            char *view = tb_view_json(g, t->st, v);
            assert_string_equal(view, views[v + 1]);
            free(view);
            free(views[v + 1]);
        }
        free(rec);
        free(rec2);
        /* The same link still opens the seat after the restart. */
        W.table = t;
        W.g = g;
        W.replica = tb_state_new(g);
        W.before = tb_state_new(g);
        tb_init(g, W.replica, &cfg, NULL, 0);
        W.replica_actions = W.replica_deals = 0;
        snprintf(W.seed_text, sizeof W.seed_text, "%llu",
                 (unsigned long long)t->seed);
        client *b = client_new();
        join_seat(b, created, 0);
        json_decref(created);
    }
    world_close();
}

/* Notes the id of each table tbs_store_each lists. */
static int note_id(void *user, const tbs_table_row *row)
{
    char *ids = user;
    strcat(ids, row->id);
    strcat(ids, " ");
    return 0;
}

/* A table whose stored seed was damaged (by hand, or a disk error) cannot
 * be rebuilt as it was played: at start-up it is marked broken, with the
 * reason, and the server starts; the seed is never read as another one. */
static void damaged_seed_marks_table_broken(void **state)
{
    (void)state;
    world_open();
    const tb_game *g = tb_find_game("no-thanks");
    tb_config cfg;
    tb_config_default(g, g->min_players, &cfg);
    client *owner = client_new();
    const char *seats[TB_MAX_PLAYERS] = {"human", "random", "random"};
    json_t *created = create_table(owner, g, &cfg, seats, NULL);
    char id[TBS_ID_HEX + 1];
    snprintf(id, sizeof id, "%s",
             json_string_value(json_object_get(created, "table")));
    close_clients();
    tbs_hub_free(W.hub);
    forget_table();

    sqlite3 *db;
    assert_int_equal(sqlite3_open(W.path, &db), SQLITE_OK);
    char sql[160];
    snprintf(sql, sizeof sql,
             "UPDATE tables SET seed = '12x4' WHERE id = '%s'", id);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);

    hub_start();
    assert_null(tbs_hub_table(W.hub, id));
    tbs_table_row row;
    tbs_seat_row srows[TB_MAX_PLAYERS];
    assert_int_equal(tbs_store_load(W.db, id, &row, srows), -1);
    assert_non_null(strstr(tbs_store_error(W.db), "stored seed"));
    char ids[TBS_ID_HEX * 4] = "";
    assert_int_equal(tbs_store_each(W.db, "broken", -1, note_id, ids), 0);
    assert_non_null(strstr(ids, id));
    world_close();
}

/* Real time: people's choices in a tick are stored with the order they
 * arrived in; a person who does not choose gets the default ("timeout");
 * a tick ends early once every person at the table has chosen; the clock
 * stops while nobody is at the table. */
static void realtime_ticks(void **state)
{
    (void)state;
    world_open();
    const tb_game *g = tb_find_game("the-mind");
    tb_config cfg;
    tb_config_default(g, 3, &cfg);
    client *owner = client_new();
    const char *seats[] = {"human", "human", "human"};
    json_t *created = json_incref(create_table(owner, g, &cfg, seats, NULL));
    const char *id = json_string_value(json_object_get(created, "table"));
    tbs_table *t = W.table;
    /* Nobody there: no tick opens, however long we wait. */
    W.clock += 5000;
    tbs_hub_run_timers(W.hub);
    settle();
    assert_false(t->tick_open);
    assert_int_equal(t->rec.n_actions, 0);
    client *c[3];
    for (int j = 0; j < 3; j++) {
        c[j] = client_new();
        join_seat(c[j], created, j);
    }
    assert_true(t->tick_open);
    int tick = t->tick_no;
    /* Seat 2 then seat 0 choose; seat 1 does not: the tick runs its time. */
    send_msg(c[2], "{\"type\":\"act\",\"action\":\"play\"}");
    drain_messages();
    expect_no_error(c[2]);
    assert_non_null(last_of(c[2], "noted"));
    send_msg(c[0], "{\"type\":\"act\",\"action\":\"wait\"}");
    drain_messages();
    expect_no_error(c[0]);
    settle();
    assert_int_equal(t->rec.n_actions, 0); /* seat 1 has not chosen */
    W.clock += t->tick_ms;
    tbs_hub_run_timers(W.hub);
    settle();
    assert_int_equal(t->rec.n_actions, 3);
    steps_seen seen = {.n = 0};
    tbs_table_row row;
    tbs_seat_row srows[TB_MAX_PLAYERS];
    assert_int_equal(tbs_store_load(W.db, id, &row, srows), 0);
    assert_int_equal(tbs_store_steps(W.db, id, collect_step, &seen), 0);
    const tbs_step_row *acts[3];
    int k = 0;
    for (int i = 0; i < seen.n && k < 3; i++)
        if (!seen.rows[i].is_deal)
            acts[k++] = &seen.rows[i];
    assert_int_equal(k, 3);
    assert_int_equal(acts[0]->seat, 0);
    assert_string_equal(acts[0]->source, "human");
    assert_int_equal(acts[0]->arrival, 2); /* seat 0 chose second */
    assert_int_equal(acts[1]->seat, 1);
    assert_string_equal(acts[1]->source, "timeout");
    assert_int_equal(acts[1]->arrival, 0);
    assert_int_equal(acts[2]->seat, 2);
    assert_string_equal(acts[2]->source, "human");
    assert_int_equal(acts[2]->arrival, 1); /* seat 2 chose first */
    assert_string_equal(acts[2]->data, "play");
    /* Everyone chooses: the tick ends at once, without its time.  (A
     * level may have ended: the next tick then waits two ticks.) */
    for (int w = 0; w < 3 && !t->tick_open && !t->ended; w++) {
        W.clock += t->tick_ms;
        tbs_hub_run_timers(W.hub);
        settle();
    }
    if (t->ended) {
        json_decref(created);
        world_close();
        return; /* the random deal ended the game at once */
    }
    assert_true(t->tick_open && t->tick_no > tick);
    int n = t->rec.n_actions;
    for (int j = 0; j < 3; j++) {
        const char *mv = pick_move(c[j]);
        if (!mv)
            continue; /* a seat with no cards left does not choose */
        send_msg(c[j], "{\"type\":\"act\",\"action\":\"wait\"}");
        drain_messages();
        expect_no_error(c[j]);
    }
    settle();
    assert_true(t->rec.n_actions > n);
    /* Everyone leaves: the clock stops after the tick in hand. */
    for (int j = 0; j < 3; j++) {
        tbs_conn_close(c[j]->conn);
        c[j]->conn = NULL;
    }
    W.clock += 3 * t->tick_ms;
    tbs_hub_run_timers(W.hub);
    settle();
    n = t->rec.n_actions;
    int ticks = t->tick_no;
    W.clock += 10 * t->tick_ms;
    tbs_hub_run_timers(W.hub);
    settle();
    assert_int_equal(t->rec.n_actions, n);
    assert_int_equal(t->tick_no, ticks);
    json_decref(created);
    world_close();
}

/* Counts the rows tbs_store_list gives. */
static int count_row(void *user, const tbs_list_row *r)
{
    (void)r;
    (*(int *)user)++;
    return 0;
}

/* Issue 32: a new table must not cost a disk sync of its own on the event
 * loop.  It joins the turn's group commit: three creates of one turn are
 * in the open transaction (another connection to the database does not
 * see them yet) and nobody is told before the commit, so the creator
 * never holds links to a table that is not on disk; at the commit all
 * three are stored and told.  (The server before stored each at once in
 * a transaction of its own and answered at once.) */
static void creates_join_the_group_commit(void **state)
{
    (void)state;
    world_open();
    char err[512];
    tbs_store *other = NULL;
    if (tbs_store_open(&other, W.path, 0, err, sizeof err) != 0)
        fail_msg("store: %s", err);
    client *c = client_new();
    for (int i = 0; i < 3; i++)
        send_msg(c, "{\"type\":\"create\",\"game\":\"no-thanks\","
                 "\"players\":3,\"seats\":[\"human\",\"human\",\"human\"]}");
    assert_false(tbs_conn_pending(c->conn));
    int n = 0;
    assert_int_equal(tbs_store_list(other, count_row, &n), 0);
    assert_int_equal(n, 0);
    tbs_hub_flush(W.hub);
    n = 0;
    assert_int_equal(tbs_store_list(other, count_row, &n), 0);
    assert_int_equal(n, 3);
    for (int i = 0; i < 3; i++) {
        size_t len;
        int close_after = 0;
        char *text = tbs_conn_next(c->conn, &len, &close_after);
        assert_non_null(text);
        assert_non_null(strstr(text, "\"type\":\"created\""));
        free(text);
    }
    tbs_store_close(other);
    world_close();
}

int main(void)
{
    struct CMUnitTest tests[80];
    int n = 0;
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(bad_requests);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(seats_and_tokens);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(takeover_yields_to_return);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(restart_rebuilds);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(realtime_ticks);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(damaged_seed_marks_table_broken);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(creates_join_the_group_commit);
    for (int i = 0; i < tb_game_count() && n < 80; i++) {
        const tb_game *g = tb_game_at(i);
        tests[n++] = (struct CMUnitTest){g->id, leak_check, NULL, NULL,
                                         (void *)(uintptr_t)g};
    }
    return _cmocka_run_group_tests("server protocol", tests, (size_t)n, NULL,
                                   NULL);
}
