/*
 * test_server_net.c - `tabula serve` over real sockets: a slow bot never
 * blocks other tables.
 *
 * The issue asks that "bots think in worker threads and never block other
 * tables".  Here the real binary runs with two workers.  Table A is three
 * ISMCTS bots that think for seconds per move; while its first move is
 * being thought out, table B (two people and a random bot) is played: each
 * of the people's moves must be acknowledged at once (the event loop is
 * not held by the thinking bot), B's bot must move too (on the other
 * worker), and A must still be thinking all the while, so the two really
 * overlapped.  At the end the server is stopped with SIGTERM and must exit
 * cleanly.
 */
#include "support.h"

#include "wsc.h"

#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How long A's bots think per move (seconds), and the longest a person's
 * move at another table may wait for its acknowledgement (milliseconds:
 * generous, for a loaded machine, but far below the bots' thinking). */
#define SLOW_BOT "ismcts:time=3"
#define ACK_LIMIT_MS 1500

static char tabula[4096];
static char db_path[256];
static int server_pid = -1;

/* Stops the server if a failed check left it running (SIGKILL: the test
 * has failed already, and its bots must not go on thinking). */
static int teardown(void **state)
{
    (void)state;
    if (server_pid > 0) {
        kill(server_pid, SIGKILL);
        waitpid(server_pid, NULL, 0);
        server_pid = -1;
    }
    return 0;
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void send_text(wsc *w, const char *text)
{
    assert_int_equal(wsc_send(w, text, strlen(text)), 0);
}

/* The next message of a type on w (others are skipped), waiting up to
 * ms; fails the test on an error message or a time out. */
static json_t *expect(wsc *w, const char *type, int ms)
{
    long long end = now_ms() + ms;
    for (;;) {
        long long left = end - now_ms();
        char *text;
        size_t len;
        int rc = left > 0 ? wsc_recv(w, (int)left, &text, &len) : 0;
        if (rc < 0)
            fail_msg("the server closed the connection");
        if (rc == 0)
            fail_msg("no '%s' message within %d ms", type, ms);
        json_error_t jerr;
        json_t *m = json_loads(text, 0, &jerr);
        free(text);
        assert_non_null(m);
        const char *got = json_string_value(json_object_get(m, "type"));
        if (strcmp(got, "error") == 0)
            fail_msg("error: %s",
                     json_string_value(json_object_get(m, "message")));
        if (strcmp(got, type) == 0)
            return m;
        json_decref(m);
    }
}

/* Creates a table; returns the `created` message. */
static json_t *create(wsc *w, const char *seats)
{
    char req[512];
    snprintf(req, sizeof req, "{\"type\":\"create\",\"game\":\"no-thanks\","
             "\"players\":3,\"seats\":%s}", seats);
    send_text(w, req);
    return expect(w, "created", 5000);
}

/* Joins w to a table: at seat j with its token, or as a spectator when j
 * is negative.  Returns the first state. */
static json_t *join(wsc *w, json_t *created, int j)
{
    const char *id = json_string_value(json_object_get(created, "table"));
    char req[256];
    if (j < 0) {
        snprintf(req, sizeof req, "{\"type\":\"join\",\"table\":\"%s\"}", id);
    } else {
        json_t *seat = json_array_get(json_object_get(created, "seats"),
                                      (size_t)j);
        snprintf(req, sizeof req,
                 "{\"type\":\"join\",\"table\":\"%s\",\"token\":\"%s\"}", id,
                 json_string_value(json_object_get(seat, "token")));
    }
    send_text(w, req);
    return expect(w, "state", 5000);
}

/* Reads what w has without waiting; returns its newest state (or keeps
 * *last). */
static void drain(wsc *w, json_t **last)
{
    char *text;
    size_t len;
    while (wsc_read(w, 0) == 1)
        ;
    while (wsc_next(w, &text, &len) == 1) {
        json_error_t jerr;
        json_t *m = json_loads(text, 0, &jerr);
        free(text);
        if (m && strcmp(json_string_value(json_object_get(m, "type")),
                        "state") == 0) {
            json_decref(*last);
            *last = m;
        } else {
            json_decref(m);
        }
    }
}

static void connect_to(wsc *w, int port)
{
    char err[256];
    if (wsc_connect(w, "127.0.0.1", port, err, sizeof err))
        fail_msg("%s", err);
}

static void slow_bot_blocks_no_other_table(void **state)
{
    (void)state;
    char *argv[] = {tabula, "serve", "--port", "0", "--bind", "127.0.0.1",
                    "--db", db_path, "--quiet", "--bot-pace", "0",
                    "--workers", "2", NULL};
    char out[512];
    int port;
    int pid = wsc_spawn_server(argv, &port, out, sizeof out);
    if (pid < 0)
        fail_msg("tabula serve did not start (%s)", out[0] ? out : "no output");
    server_pid = pid;
    /* Table A: bots only, each thinking for seconds. */
    wsc owner, watch_a;
    connect_to(&owner, port);
    connect_to(&watch_a, port);
    json_t *a = create(&owner, "[\"" SLOW_BOT "\",\"" SLOW_BOT "\",\""
                       SLOW_BOT "\"]");
    long long a_started = now_ms();
    json_t *a_state = join(&watch_a, a, -1);
    /* Table B: two people and a quick bot. */
    json_t *b = create(&owner, "[\"human\",\"human\",\"random\"]");
    wsc p[2];
    json_t *last[2];
    for (int j = 0; j < 2; j++) {
        connect_to(&p[j], port);
        last[j] = join(&p[j], b, j);
    }
    int people_moves = 0, bot_moves = 0;
    long long worst = 0;
    long long stop = a_started + 2500; /* inside A's first move */
    while (now_ms() < stop && (people_moves < 12 || bot_moves < 3)) {
        drain(&p[0], &last[0]);
        drain(&p[1], &last[1]);
        json_t *turn = json_object_get(last[0], "turn");
        int t = json_is_integer(turn) ? (int)json_integer_value(turn) : -1;
        if (t == 0 || t == 1) {
            json_t *legal = json_object_get(last[t], "legal");
            if (!json_array_size(legal)) {
                /* This seat's newest state is older than seat 0's. */
                usleep(5000);
                continue;
            }
            /* Passing when it may, so that the turn goes round. */
            const char *mv = json_string_value(json_array_get(legal, 0));
            for (size_t k = 0; k < json_array_size(legal); k++)
                if (strcmp(json_string_value(json_array_get(legal, k)),
                           "pass") == 0)
                    mv = "pass";
            char req[128];
            snprintf(req, sizeof req, "{\"type\":\"act\",\"action\":\"%s\"}",
                     mv);
            long long t0 = now_ms();
            send_text(&p[t], req);
            json_decref(expect(&p[t], "ok", ACK_LIMIT_MS));
            long long took = now_ms() - t0;
            if (took > worst)
                worst = took;
            people_moves++;
            /* Both people's states move on past this move. */
            json_decref(last[t]);
            last[t] = expect(&p[t], "state", ACK_LIMIT_MS);
        } else if (t == 2) {
            int before = (int)json_integer_value(
                json_object_get(last[0], "move"));
            long long t0 = now_ms();
            while (json_integer_value(json_object_get(last[0], "move")) ==
                   before) {
                if (now_ms() - t0 > ACK_LIMIT_MS)
                    fail_msg("table B's random bot did not move within %d "
                             "ms while table A's bots thought",
                             ACK_LIMIT_MS);
                json_decref(last[0]);
                last[0] = expect(&p[0], "state", ACK_LIMIT_MS);
            }
            bot_moves++;
        } else {
            break; /* B ended */
        }
    }
    long long overlap_end = now_ms();
    /* A is still on its first move, thinking, all the while. */
    drain(&watch_a, &a_state);
    assert_int_equal(json_integer_value(json_object_get(a_state, "move")), 0);
    assert_true(json_is_true(json_object_get(a_state, "thinking")));
    print_message("while table A's bot thought (%lld ms so far), table B "
                  "took %d moves by people (slowest acknowledged in %lld "
                  "ms) and %d by its bot\n",
                  overlap_end - a_started, people_moves, worst, bot_moves);
    assert_true(people_moves >= 4);
    assert_true(bot_moves >= 3);
    assert_true(worst < ACK_LIMIT_MS);
    /* A does move in the end. */
    while (json_integer_value(json_object_get(a_state, "move")) == 0) {
        json_decref(a_state);
        a_state = expect(&watch_a, "state", 15000);
    }
    for (int j = 0; j < 2; j++) {
        json_decref(last[j]);
        wsc_close(&p[j]);
    }
    json_decref(a_state);
    json_decref(a);
    json_decref(b);
    wsc_close(&watch_a);
    wsc_close(&owner);
    /* A clean stop (after the bots' moves in progress). */
    kill(pid, SIGTERM);
    int status;
    waitpid(pid, &status, 0);
    server_pid = -1;
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

int main(int argc, char **argv)
{
    (void)argc;
    if (wsc_find_tabula(argv[0], tabula, sizeof tabula) != 0)
        return 1;
    snprintf(db_path, sizeof db_path, "/tmp/tabula-net-%d.db", (int)getpid());
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(slow_bot_blocks_no_other_table, teardown),
    };
    int rc = cmocka_run_group_tests_name("server net", tests, NULL, NULL);
    wsc_remove_db(db_path);
    return rc;
}
