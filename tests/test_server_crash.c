/*
 * test_server_crash.c - `tabula serve` killed with SIGKILL at random points
 * of scripted games, 60 times: after each kill the table's record in the
 * database must hold exactly the moves the clients were told of, in order
 * (the text of every move a client was acknowledged, at its place), plus
 * at most what was in flight when the server died (the one move a client
 * had sent and not yet seen acknowledged, and moves of the bot that the
 * clients had not yet been told of).  Then the server is started again and
 * must rebuild the table to that very record: the clients rejoin with
 * their links and are shown the same move number, and play on.
 *
 * The server is the real binary (build/tabula beside this test's folder),
 * its clients the small WebSocket client of tests/wsc.c; the kill lands
 * between moves, right after a move is sent, or a random few hundred
 * microseconds later (inside the commit, often).  At the end the server
 * is stopped with SIGTERM and must exit cleanly.
 */
#include "support.h"

#include "wsc.h"

#include <jansson.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define KILLS 60
#define PLAYERS 4           /* No Thanks!: seats 0-2 people, seat 3 a bot */
#define BOT_SEAT 3

static char tabula[4096];
static char db_path[256];
static tb_rng rng;

typedef struct server {
    pid_t pid;
    int port;
} server;

/* Starts `tabula serve` on a free port; fails the test if it does not
 * come up. */
static void start_server(server *s)
{
    char *argv[] = {tabula, "serve", "--port", "0", "--bind", "127.0.0.1",
                    "--db", db_path, "--quiet", "--bot-pace", "0",
                    "--workers", "1", NULL};
    char out[512];
    int pid = wsc_spawn_server(argv, &s->port, out, sizeof out);
    if (pid < 0)
        fail_msg("tabula serve did not start (%s)", out[0] ? out : "no output");
    s->pid = pid;
}

static void kill_server(server *s)
{
    kill(s->pid, SIGKILL);
    int status;
    waitpid(s->pid, &status, 0);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
}

/* ------------------------------------------------------------ clients */

typedef struct player {
    wsc ws;
    int seat;
    char token[64];
    json_t *state;  /* its last state message */
} player;

typedef struct game {
    char table[32];
    player p[PLAYERS - 1];
    int told;              /* the highest move number any client was shown */
    char acked[1024][64];  /* acked[i]: the text of action i, when a
                              client's own move was acknowledged */
    int acked_seat[1024];
    int ended;
} game;

static void send_json(wsc *w, json_t *o)
{
    char *t = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    assert_int_equal(wsc_send(w, t, strlen(t)), 0);
    free(t);
}

/* Takes one message from a client (waiting up to ms); NULL on time out.
 * Notes what state messages tell. */
static json_t *take(game *g, player *pl, int ms)
{
    char *text;
    size_t len;
    int rc = wsc_recv(&pl->ws, ms, &text, &len);
    if (rc < 0)
        fail_msg("the server closed seat %d's connection", pl->seat);
    if (rc == 0)
        return NULL;
    json_error_t jerr;
    json_t *m = json_loads(text, 0, &jerr);
    free(text);
    assert_non_null(m);
    const char *type = json_string_value(json_object_get(m, "type"));
    if (strcmp(type, "state") == 0) {
        int move = (int)json_integer_value(json_object_get(m, "move"));
        if (move > g->told)
            g->told = move;
        g->ended = strcmp(json_string_value(json_object_get(m, "status")),
                          "ended") == 0;
        json_decref(pl->state);
        pl->state = json_incref(m);
    } else if (strcmp(type, "error") == 0) {
        fail_msg("seat %d got an error: %s", pl->seat,
                 json_string_value(json_object_get(m, "message")));
    }
    return m;
}

/* Reads every client's messages until each has been shown move `move`. */
static void settle_to(game *g, int move)
{
    for (int i = 0; i < PLAYERS - 1; i++) {
        player *pl = &g->p[i];
        while (!pl->state ||
               json_integer_value(json_object_get(pl->state, "move")) < move) {
            json_t *m = take(g, pl, 5000);
            if (!m)
                fail_msg("seat %d was not shown move %d", pl->seat, move);
            json_decref(m);
        }
    }
}

static void connect_all(game *g, server *s)
{
    char err[256];
    for (int i = 0; i < PLAYERS - 1; i++) {
        player *pl = &g->p[i];
        if (wsc_connect(&pl->ws, "127.0.0.1", s->port, err, sizeof err))
            fail_msg("%s", err);
        json_decref(pl->state);
        pl->state = NULL;
    }
}

static void close_all(game *g)
{
    for (int i = 0; i < PLAYERS - 1; i++) {
        wsc_close(&g->p[i].ws);
        json_decref(g->p[i].state);
        g->p[i].state = NULL;
    }
}

/* Joins every client to its seat and waits for the first state. */
static void join_all(game *g)
{
    for (int i = 0; i < PLAYERS - 1; i++) {
        json_t *o = json_pack("{s:s, s:s, s:s}", "type", "join", "table",
                              g->table, "token", g->p[i].token);
        send_json(&g->p[i].ws, o);
    }
    for (int i = 0; i < PLAYERS - 1; i++)
        while (!g->p[i].state) {
            json_t *m = take(g, &g->p[i], 5000);
            if (!m)
                fail_msg("seat %d got no state after joining", i);
            json_decref(m);
        }
}

/* A new table: three people and a random bot. */
static void new_table(game *g, server *s)
{
    char err[256];
    wsc w;
    if (wsc_connect(&w, "127.0.0.1", s->port, err, sizeof err))
        fail_msg("%s", err);
    const char *req = "{\"type\":\"create\",\"game\":\"no-thanks\","
                      "\"players\":4,\"seats\":[\"human\",\"human\","
                      "\"human\",\"random\"]}";
    assert_int_equal(wsc_send(&w, req, strlen(req)), 0);
    char *text;
    size_t len;
    assert_int_equal(wsc_recv(&w, 5000, &text, &len), 1);
    json_error_t jerr;
    json_t *m = json_loads(text, 0, &jerr);
    free(text);
    assert_string_equal(json_string_value(json_object_get(m, "type")),
                        "created");
    memset(g, 0, sizeof *g);
    snprintf(g->table, sizeof g->table, "%s",
             json_string_value(json_object_get(m, "table")));
    for (int i = 0; i < PLAYERS - 1; i++) {
        json_t *seat = json_array_get(json_object_get(m, "seats"), (size_t)i);
        g->p[i].seat = i;
        snprintf(g->p[i].token, sizeof g->p[i].token, "%s",
                 json_string_value(json_object_get(seat, "token")));
    }
    json_decref(m);
    wsc_close(&w);
}

/* ------------------------------------------------------------ the record */

typedef struct step {
    int seat;
    char text[64];
} step;

/* Reads the actions of the table from the database (as the server left
 * it); returns how many, and whether the table is marked broken. */
static int read_record(const char *table, step *out, int cap, int *broken)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY,
                                     NULL),
                     SQLITE_OK);
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT seat, data FROM steps WHERE "
                                        "table_id = ? AND kind = 'action' "
                                        "ORDER BY n",
                                        -1, &q, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(q, 1, table, -1, SQLITE_STATIC);
    int n = 0;
    while (sqlite3_step(q) == SQLITE_ROW && n < cap) {
        out[n].seat = sqlite3_column_int(q, 0);
        snprintf(out[n].text, sizeof out[n].text, "%s",
                 (const char *)sqlite3_column_text(q, 1));
        n++;
    }
    sqlite3_finalize(q);
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT status FROM tables WHERE "
                                        "id = ?", -1, &q, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(q, 1, table, -1, SQLITE_STATIC);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    *broken = strcmp((const char *)sqlite3_column_text(q, 0), "broken") == 0;
    sqlite3_finalize(q);
    sqlite3_close(db);
    return n;
}

static int flights_kept, flights_lost;

/* After a kill: the record holds what the clients were told, then at most
 * the move in flight and the bot's moves nobody was told of yet. */
static void check_record(game *g, const char *in_flight, int in_flight_seat)
{
    static step rec[1024];
    int broken;
    int n = read_record(g->table, rec, 1024, &broken);
    assert_false(broken);
    if (n < g->told)
        fail_msg("the record has %d moves but the clients were told of %d",
                 n, g->told);
    for (int i = 0; i < g->told; i++)
        if (g->acked[i][0] && (rec[i].seat != g->acked_seat[i] ||
                               strcmp(rec[i].text, g->acked[i]) != 0))
            fail_msg("move %d: acknowledged as seat %d's '%s', recorded as "
                     "seat %d's '%s'", i + 1, g->acked_seat[i], g->acked[i],
                     rec[i].seat, rec[i].text);
    int people = 0;
    for (int i = g->told; i < n; i++) {
        if (rec[i].seat == BOT_SEAT)
            continue;
        people++;
        if (!in_flight || rec[i].seat != in_flight_seat ||
            strcmp(rec[i].text, in_flight) != 0)
            fail_msg("move %d (seat %d's '%s') is recorded but nobody "
                     "sent it", i + 1, rec[i].seat, rec[i].text);
    }
    assert_true(people <= 1);
    if (in_flight) {
        flights_kept += people;
        flights_lost += 1 - people;
    }
}

/* ------------------------------------------------------------ the test */

/* The player to move (by the newest state), or NULL when the bot is. */
static player *to_move(game *g, int *turn)
{
    json_t *t = json_object_get(g->p[0].state, "turn");
    *turn = json_is_integer(t) ? (int)json_integer_value(t) : -1;
    return *turn >= 0 && *turn < PLAYERS - 1 ? &g->p[*turn] : NULL;
}

static void kill_at_random(void **state)
{
    (void)state;
    server s;
    game g;
    int kills = 0, games = 0, moves = 0;
    start_server(&s);
    new_table(&g, &s);
    games++;
    connect_all(&g, &s);
    join_all(&g);
    while (kills < KILLS) {
        /* Some moves, then the kill: between moves (mode 0), right after a
         * move is sent (1), or a little later (2). */
        int n = (int)tb_rng_below(&rng, 8), mode = (int)tb_rng_below(&rng, 3);
        char in_flight[64] = "";
        int in_flight_seat = -1;
        for (int k = 0; k < n && !g.ended; k++) {
            int turn;
            settle_to(&g, g.told);
            player *pl = to_move(&g, &turn);
            if (!pl) {
                /* The bot's turn: wait to be told of its move. */
                settle_to(&g, g.told + 1);
                continue;
            }
            json_t *legal = json_object_get(pl->state, "legal");
            assert_true(json_array_size(legal) > 0);
            const char *mv = json_string_value(json_array_get(
                legal, tb_rng_below(&rng, (uint32_t)json_array_size(legal))));
            char text[64];
            snprintf(text, sizeof text, "%s", mv);
            int at = g.told;
            send_json(&pl->ws, json_pack("{s:s, s:s, s:i}", "type", "act",
                                         "action", text, "move", at));
            if (k == n - 1 && mode > 0) {
                snprintf(in_flight, sizeof in_flight, "%s", text);
                in_flight_seat = turn;
                if (mode == 2)
                    usleep(tb_rng_below(&rng, 1500));
                break;
            }
            /* Its acknowledgement, then everyone is told. */
            for (;;) {
                json_t *m = take(&g, pl, 5000);
                if (!m)
                    fail_msg("move '%s' was not acknowledged", text);
                int ok = strcmp(json_string_value(json_object_get(m, "type")),
                                "ok") == 0;
                if (ok) {
                    assert_int_equal(json_integer_value(
                                         json_object_get(m, "move")),
                                     at + 1);
                    snprintf(g.acked[at], sizeof g.acked[at], "%s", text);
                    g.acked_seat[at] = turn;
                }
                json_decref(m);
                if (ok)
                    break;
            }
            settle_to(&g, at + 1);
            moves++;
        }
        kill_server(&s);
        kills++;
        check_record(&g, in_flight[0] ? in_flight : NULL, in_flight_seat);
        /* The move in flight, if it was committed, is now a told move for
         * the check after the next restart. */
        close_all(&g);
        start_server(&s);
        if (g.ended) {
            new_table(&g, &s);
            games++;
        }
        connect_all(&g, &s);
        int before = g.told;
        g.told = 0;
        join_all(&g);
        /* Rebuilt: the clients are shown the record's length. */
        static step rec[1024];
        int broken;
        int n_rec = read_record(g.table, rec, 1024, &broken);
        settle_to(&g, n_rec);
        assert_true(g.told >= before);
        for (int i = before; i < n_rec; i++)
            if (rec[i].seat != BOT_SEAT) {
                snprintf(g.acked[i], sizeof g.acked[i], "%s", rec[i].text);
                g.acked_seat[i] = rec[i].seat;
            }
    }
    /* Last, a clean stop: SIGTERM ends the server with status 0 (under
     * the sanitizers, also with no leak). */
    close_all(&g);
    kill(s.pid, SIGTERM);
    int status;
    waitpid(s.pid, &status, 0);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    print_message("%d kills over %d games, %d moves acknowledged; of the "
                  "moves in flight at a kill %d were committed and %d not\n",
                  kills, games, moves, flights_kept, flights_lost);
}

int main(int argc, char **argv)
{
    (void)argc;
    if (wsc_find_tabula(argv[0], tabula, sizeof tabula) != 0)
        return 1;
    snprintf(db_path, sizeof db_path, "/tmp/tabula-crash-%d.db",
             (int)getpid());
    /* Random points each run; TABULA_CRASH_SEED=S repeats a run. */
    uint64_t seed = (uint64_t)time(NULL) ^ (uint64_t)getpid();
    const char *given = getenv("TABULA_CRASH_SEED");
    if (given)
        seed = strtoull(given, NULL, 10);
    printf("test_server_crash: TABULA_CRASH_SEED=%llu\n",
           (unsigned long long)seed);
    tb_rng_seed(&rng, seed);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kill_at_random),
    };
    int rc = cmocka_run_group_tests_name("server crash", tests, NULL, NULL);
    wsc_remove_db(db_path);
    return rc;
}
