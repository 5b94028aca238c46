/*
 * test_server_attacks.c - `tabula serve` attacked as anyone on the
 * internet could (issue 32), only ever on 127.0.0.1.  Each test is one
 * attack that took the server down, or took a seat, before the server
 * defended against it; each is short and bounded in time and memory.
 *
 *   backpressure  clients that send requests and never read their replies
 *                 must not grow the server's memory: their connections
 *                 stop being read, then are dropped
 *
 * The real binary runs (build/tabula serve) with small limits so that the
 * attacks are quick.
 */
#include "support.h"

#include "wsc.h"

#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char tabula[4096];
static char db_path[256];
static int server_pid = -1;
static int server_port;

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Starts the server on a fresh database with the given extra arguments
 * (a NULL-terminated list). */
static void start_server(const char *const *extra)
{
    snprintf(db_path, sizeof db_path, "/tmp/tabula-attacks-%d.db",
             (int)getpid());
    wsc_remove_db(db_path);
    char *argv[40];
    int n = 0;
    argv[n++] = tabula;
    argv[n++] = (char *)"serve";
    argv[n++] = (char *)"--bind";
    argv[n++] = (char *)"127.0.0.1";
    argv[n++] = (char *)"--port";
    argv[n++] = (char *)"0";
    argv[n++] = (char *)"--db";
    argv[n++] = db_path;
    argv[n++] = (char *)"--workers";
    argv[n++] = (char *)"1";
    argv[n++] = (char *)"--sync";
    argv[n++] = (char *)"normal";
    argv[n++] = (char *)"--quiet";
    for (int i = 0; extra && extra[i] && n < 39; i++)
        argv[n++] = (char *)extra[i];
    argv[n] = NULL;
    char out[1024];
    server_pid = wsc_spawn_server(argv, &server_port, out, sizeof out);
    if (server_pid <= 0)
        fail_msg("the server did not start: %s", out);
}

static void stop_server(void)
{
    if (server_pid > 0) {
        kill(server_pid, SIGKILL);
        waitpid(server_pid, NULL, 0);
        server_pid = -1;
    }
    wsc_remove_db(db_path);
}

static int teardown(void **state)
{
    (void)state;
    stop_server();
    return 0;
}

/* The server's resident memory, in kilobytes (from /proc). */
static long rss_kb(int pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
            kb = atol(line + 6);
    fclose(f);
    return kb;
}

static void connect_or_fail(wsc *w)
{
    char err[256];
    if (wsc_connect(w, "127.0.0.1", server_port, err, sizeof err) != 0)
        fail_msg("connect: %s", err);
}

/* Sends one masked text frame without ever blocking for more than
 * wait_ms in all: 0 when it went, -1 when the server stopped taking
 * bytes (its reading of this connection is paused) or closed. */
static int send_nowait(int fd, const char *text, int wait_ms)
{
    unsigned char frame[256];
    size_t len = strlen(text), n = 0;
    if (len > 125)
        return -1;
    frame[n++] = 0x81;
    frame[n++] = (unsigned char)(0x80 | len);
    static const unsigned char mask[4] = {0x12, 0x34, 0x56, 0x78};
    memcpy(frame + n, mask, 4);
    n += 4;
    for (size_t i = 0; i < len; i++)
        frame[n++] = (unsigned char)text[i] ^ mask[i % 4];
    size_t off = 0;
    long long end = now_ms() + wait_ms;
    while (off < n) {
        ssize_t w = send(fd, frame + off, n - off, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (w > 0) {
            off += (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return -1;
        long long left = end - now_ms();
        if (left <= 0)
            return off ? -2 : -1; /* -2: a frame cut (the stream is spoilt) */
        struct pollfd p = {fd, POLLOUT, 0};
        poll(&p, 1, (int)left);
    }
    return 0;
}

/* Reads and throws away what w is sent until the server closes it:
 * 1 when it did within ms, else 0. */
static int closed_within(wsc *w, int ms)
{
    long long end = now_ms() + ms;
    while (now_ms() < end) {
        int rc = wsc_read(w, 200);
        if (rc < 0)
            return 1;
        w->len = 0; /* the replies are not wanted */
    }
    return 0;
}

/* Issue 32, item 1: "One connection sending 10,000 `rules` requests and
 * reading nothing took RSS from 13 MB to 270 MB".  Two such connections
 * send up to 6,000 requests each (a 44-byte request gets a 26 KB reply)
 * and read nothing: the server's memory must stay under 64 MB, the
 * connections must be dropped once they stay full past --out-soft-time,
 * and an honest client must still be answered. */
static void test_backpressure(void **state)
{
    (void)state;
    static const char *const extra[] = {"--out-soft-time", "2", NULL};
    start_server(extra);
    long base = rss_kb(server_pid);
    wsc bad[2];
    for (int i = 0; i < 2; i++)
        connect_or_fail(&bad[i]);
    static const char req[] = "{\"type\":\"rules\",\"game\":\"6-nimmt\"}";
    int sent[2] = {0, 0}, stalled[2] = {0, 0};
    long peak = base;
    for (int k = 0; k < 6000; k++) {
        for (int i = 0; i < 2; i++) {
            if (stalled[i])
                continue;
            int rc = send_nowait(bad[i].fd, req, 1500);
            if (rc == 0)
                sent[i]++;
            else
                stalled[i] = 1;
        }
        if (k % 200 == 0) {
            long r = rss_kb(server_pid);
            if (r > peak)
                peak = r;
        }
        if (stalled[0] && stalled[1])
            break;
    }
    /* Reading nothing for longer than --out-soft-time. */
    for (int k = 0; k < 40; k++) {
        long r = rss_kb(server_pid);
        if (r > peak)
            peak = r;
        usleep(100000);
    }
    printf("# backpressure: sent %d and %d requests; RSS %ld kB at start, "
           "peak %ld kB\n", sent[0], sent[1], base, peak);
    assert_true(peak < 64 * 1024);
    /* Both were dropped: they stayed full past the soft limit's time
     * (what the kernel holds is read, then the end). */
    for (int i = 0; i < 2; i++) {
        assert_true(closed_within(&bad[i], 15000));
        wsc_close(&bad[i]);
    }
    /* And the server still answers an honest client. */
    wsc ok;
    connect_or_fail(&ok);
    assert_int_equal(wsc_send(&ok, req, strlen(req)), 0);
    char *text;
    size_t len;
    assert_int_equal(wsc_recv(&ok, 5000, &text, &len), 1);
    assert_non_null(strstr(text, "\"type\":\"rules\""));
    free(text);
    wsc_close(&ok);
    stop_server();
}

int main(int argc, char **argv)
{
    (void)argc;
    signal(SIGPIPE, SIG_IGN);
    if (wsc_find_tabula(argv[0], tabula, sizeof tabula) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_backpressure, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
