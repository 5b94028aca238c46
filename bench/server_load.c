/*
 * server_load.c - the load bench of `tabula serve` (make bench-server; the
 * figures are in docs/server.md).  It starts the server on loopback with a
 * fresh database, makes TABLES two-seat tables of a mix of games, connects
 * two WebSocket clients to each (one per seat) and lets every client play
 * random legal moves for SECONDS: a client moves as soon as it is to move
 * and has no move outstanding, so the load is bounded by the games'
 * rhythm (at most one move in flight per client).  A finished game is
 * replaced by a new table of the same game.
 *
 * It reports moves per second, the latency from sending a move to
 * receiving the state that shows it (p50, p99, max), every error, and the
 * server's memory (resident set now and at its peak) and CPU time.  One
 * thread polls all the clients; the server has its own threads.
 *
 * Each client comes from an address of its own (X-Forwarded-For, the
 * server trusting it as behind its reverse proxy), as people would, so
 * that the per-address quotas see 500 people, not one.  With --attack, a
 * second process attacks the server all the while, as issue 32 did, from
 * addresses of its own: clients that send `rules` requests and never read
 * (backpressure), clients that create tables as fast as they are
 * answered (quotas, lifetimes), and clients that guess seat tokens; it
 * reconnects whatever is dropped.
 *
 * usage: server_load [--tabula PATH] [--tables N] [--seconds S]
 *                    [--sync full|normal] [--workers N] [--games a,b,...]
 *                    [--attack 0|1]
 */
#include "../tests/wsc.h"

#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct client {
    wsc ws;
    int table;          /* index into tables */
    int seat;
    int move;           /* the move number of its last state */
    json_t *legal;      /* its last legal moves */
    int outstanding;    /* a move sent, its state not yet seen */
    int expect;         /* the move number that shows it */
    double sent_at;
    int ended;
} client;

typedef struct table {
    char id[32];
    char game[40];
    char tokens[2][64];
    int creating;       /* a create request is on its way */
} table;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static long errors;
static long moves;
static long games_done;
static double *lat;
static long n_lat, cap_lat;

static void note_latency(double s)
{
    if (n_lat == cap_lat) {
        cap_lat = cap_lat ? 2 * cap_lat : 65536;
        lat = realloc(lat, (size_t)cap_lat * sizeof *lat);
        if (!lat)
            exit(1);
    }
    lat[n_lat++] = s;
}

static void send_json(wsc *w, json_t *o)
{
    char *t = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    if (wsc_send(w, t, strlen(t)) != 0)
        errors++;
    free(t);
}

/* Starts the server; returns its pid and port. */
static pid_t start_server(const char *tabula, const char *db, const char *sync,
                          const char *workers, int *port)
{
    char *argv[] = {(char *)tabula, "serve", "--port", "0", "--bind",
                    "127.0.0.1", "--db", (char *)db, "--quiet", "--bot-pace",
                    "0", "--sync", (char *)sync, "--workers", (char *)workers,
                    "--trust-proxy", NULL};
    char out[512];
    int pid = wsc_spawn_server(argv, port, out, sizeof out);
    if (pid < 0) {
        fprintf(stderr, "server_load: the server did not start: %s\n", out);
        exit(1);
    }
    return (pid_t)pid;
}

/* Connects w from address `addr` (X-Forwarded-For); 0, or -1. */
static int connect_as(wsc *w, int port, const char *addr)
{
    char headers[128], err[256];
    snprintf(headers, sizeof headers, "X-Forwarded-For: %s\r\n", addr);
    return wsc_connect_with(w, "127.0.0.1", port, "/", headers, err,
                            sizeof err);
}

/* ------------------------------------------------------------ attackers */

#define FLOODERS 20
#define CREATORS 20
#define GUESSERS 20

/* Sends a text frame without blocking: 0 when sent, 1 when the server is
 * not reading (the frame is dropped whole or the connection given up),
 * -1 when closed. */
static int attack_send(wsc *w, const char *text)
{
    unsigned char frame[512];
    size_t len = strlen(text), n = 0;
    frame[n++] = 0x81;
    frame[n++] = (unsigned char)(0x80 | len); /* len < 126 */
    memset(frame + n, 0, 4);                   /* a mask of zeros */
    n += 4;
    memcpy(frame + n, text, len);
    n += len;
    ssize_t r = send(w->fd, frame, n, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (r == (ssize_t)n)
        return 0;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return 1;
    return -1; /* closed, or a frame cut: start again */
}

/* The attackers' process: runs until killed. */
static void attack(int port)
{
    wsc flood[FLOODERS], make[CREATORS], guess[GUESSERS];
    char addr[64];
    memset(flood, 0, sizeof flood);
    memset(make, 0, sizeof make);
    memset(guess, 0, sizeof guess);
    for (int i = 0; i < FLOODERS; i++)
        flood[i].fd = make[i].fd = guess[i].fd = -1;
    srand((unsigned)getpid());
    for (long round = 0;; round++) {
        for (int i = 0; i < FLOODERS; i++) {
            wsc *w = &flood[i];
            snprintf(addr, sizeof addr, "192.0.2.%d", i + 1);
            if (w->fd < 0 && connect_as(w, port, addr) != 0)
                continue;
            /* Reads nothing: what comes is left in the kernel. */
            for (int k = 0; k < 20; k++) {
                int rc = attack_send(w, "{\"type\":\"rules\",\"game\":"
                                        "\"6-nimmt\"}");
                if (rc < 0) {
                    wsc_close(w);
                    break;
                }
                if (rc > 0)
                    break;
            }
        }
        for (int i = 0; i < CREATORS; i++) {
            wsc *w = &make[i];
            snprintf(addr, sizeof addr, "198.51.100.%d", i + 1);
            if (w->fd < 0 && connect_as(w, port, addr) != 0)
                continue;
            if (attack_send(w, "{\"type\":\"create\",\"game\":"
                               "\"no-thanks\",\"players\":3,\"seats\":"
                               "[\"human\",\"human\",\"human\"]}") < 0) {
                wsc_close(w);
                continue;
            }
            if (wsc_read(w, 0) < 0)
                wsc_close(w);
            else
                w->len = 0;
        }
        for (int i = 0; i < GUESSERS; i++) {
            wsc *w = &guess[i];
            snprintf(addr, sizeof addr, "203.0.113.%d", i + 1);
            if (w->fd < 0 && connect_as(w, port, addr) != 0)
                continue;
            char req[160];
            snprintf(req, sizeof req, "{\"type\":\"join\",\"table\":"
                     "\"%08x%08x\",\"token\":\"%08x%08x%08x%08x\"}",
                     (unsigned)rand(), (unsigned)rand(), (unsigned)rand(),
                     (unsigned)rand(), (unsigned)rand(), (unsigned)rand());
            if (attack_send(w, req) < 0) {
                wsc_close(w);
                continue;
            }
            if (wsc_read(w, 0) < 0)
                wsc_close(w);
            else
                w->len = 0;
        }
        usleep(2000);
    }
}

/* The server's memory (kB) from /proc: resident now and at the peak. */
static void server_memory(pid_t pid, long *rss, long *hwm)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    *rss = *hwm = -1;
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        sscanf(line, "VmRSS: %ld", rss);
        sscanf(line, "VmHWM: %ld", hwm);
    }
    fclose(f);
}

/* The server's CPU seconds (user + system). */
static double server_cpu(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char buf[2048];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *p = strrchr(buf, ')');
    unsigned long ut = 0, st = 0;
    if (p)
        sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
               &ut, &st);
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static table *tables;
static client *clients;
static int n_tables;

/* Sends a create request for table t from its seat-0 client. */
static void create(int t)
{
    client *c = &clients[2 * t];
    tables[t].creating = 1;
    send_json(&c->ws, json_pack("{s:s, s:s, s:i, s:[s,s]}", "type", "create",
                                "game", tables[t].game, "players", 2, "seats",
                                "human", "human"));
}

static void join(client *c)
{
    table *t = &tables[c->table];
    c->move = -1;
    c->outstanding = 0;
    c->ended = 0;
    send_json(&c->ws, json_pack("{s:s, s:s, s:s}", "type", "join", "table",
                                t->id, "token", t->tokens[c->seat]));
}

/* Moves if it is this client's turn and nothing is outstanding. */
static void maybe_move(client *c)
{
    if (c->outstanding || c->ended || !c->legal)
        return;
    size_t n = json_array_size(c->legal);
    if (n == 0)
        return;
    const char *mv = json_string_value(
        json_array_get(c->legal, (size_t)rand() % n));
    c->outstanding = 1;
    c->expect = c->move + 1;
    c->sent_at = now_s();
    send_json(&c->ws, json_pack("{s:s, s:s, s:i}", "type", "act", "action",
                                mv, "move", c->move));
}

static void handle(client *c, const char *text, int measuring)
{
    json_error_t jerr;
    json_t *m = json_loads(text, 0, &jerr);
    if (!m) {
        errors++;
        return;
    }
    const char *type = json_string_value(json_object_get(m, "type"));
    if (!type) {
        errors++;
    } else if (strcmp(type, "created") == 0) {
        table *t = &tables[c->table];
        snprintf(t->id, sizeof t->id, "%s",
                 json_string_value(json_object_get(m, "table")));
        for (int s = 0; s < 2; s++)
            snprintf(t->tokens[s], sizeof t->tokens[s], "%s",
                     json_string_value(json_object_get(
                         json_array_get(json_object_get(m, "seats"),
                                        (size_t)s),
                         "token")));
        t->creating = 0;
        join(&clients[2 * c->table]);
        join(&clients[2 * c->table + 1]);
    } else if (strcmp(type, "state") == 0) {
        const char *id = json_string_value(json_object_get(m, "table"));
        if (!id || strcmp(id, tables[c->table].id) != 0) {
            json_decref(m); /* news of the table it left */
            return;
        }
        int move = (int)json_integer_value(json_object_get(m, "move"));
        c->move = move;
        json_decref(c->legal);
        c->legal = json_incref(json_object_get(m, "legal"));
        if (c->outstanding && move >= c->expect) {
            if (measuring) {
                note_latency(now_s() - c->sent_at);
                moves++;
            }
            c->outstanding = 0;
        }
        const char *status = json_string_value(json_object_get(m, "status"));
        if (status && strcmp(status, "ended") == 0 && !c->ended) {
            c->ended = 1;
            if (c->seat == 0) {
                games_done++;
                create(c->table);
            }
        }
        maybe_move(c);
    } else if (strcmp(type, "error") == 0) {
        /* A stale move can happen when both seats' turns interleave with a
         * table's replacement; anything else is a real error. */
        if (errors < 10)
            fprintf(stderr, "server_load: error: %s\n",
                    json_string_value(json_object_get(m, "message")));
        errors++;
        c->outstanding = 0;
    }
    json_decref(m);
}

int main(int argc, char **argv)
{
    const char *tabula = "build/tabula", *sync = "full", *workers = "2";
    const char *games_list = "6-nimmt,schotten-totten,mystique-energy,"
                             "clique-mystique,battle-for-the-suns,take-5";
    int seconds = 60, attacking = 0;
    n_tables = 250;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--tabula") == 0) tabula = argv[i + 1];
        else if (strcmp(argv[i], "--tables") == 0) n_tables = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--seconds") == 0) seconds = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--sync") == 0) sync = argv[i + 1];
        else if (strcmp(argv[i], "--workers") == 0) workers = argv[i + 1];
        else if (strcmp(argv[i], "--games") == 0) games_list = argv[i + 1];
        else if (strcmp(argv[i], "--attack") == 0) attacking = atoi(argv[i + 1]);
        else {
            fprintf(stderr, "usage: server_load [--tabula PATH] [--tables N] "
                    "[--seconds S] [--sync full|normal] [--workers N] "
                    "[--games a,b,...] [--attack 0|1]\n");
            return 2;
        }
    }
    if (n_tables < 1 || seconds < 1)
        return 2;
    char db[128];
    snprintf(db, sizeof db, "/tmp/tabula-load-%d.db", (int)getpid());
    unlink(db);
    int port;
    pid_t pid = start_server(tabula, db, sync, workers, &port);
    srand(12345);
    char games[16][40];
    int n_games = 0;
    char list[512];
    snprintf(list, sizeof list, "%s", games_list);
    for (char *tok = strtok(list, ","); tok && n_games < 16;
         tok = strtok(NULL, ","))
        snprintf(games[n_games++], sizeof games[0], "%s", tok);
    tables = calloc((size_t)n_tables, sizeof *tables);
    clients = calloc((size_t)(2 * n_tables), sizeof *clients);
    struct pollfd *pfd = calloc((size_t)(2 * n_tables), sizeof *pfd);
    double t0 = now_s();
    for (int i = 0; i < 2 * n_tables; i++) {
        client *c = &clients[i];
        c->table = i / 2;
        c->seat = i % 2;
        char addr[64];
        snprintf(addr, sizeof addr, "10.%d.%d.%d", (i >> 16) & 255,
                 (i >> 8) & 255, i & 255);
        if (connect_as(&c->ws, port, addr) != 0) {
            fprintf(stderr, "server_load: client %d cannot connect\n", i);
            kill(pid, SIGTERM);
            return 1;
        }
    }
    for (int t = 0; t < n_tables; t++) {
        snprintf(tables[t].game, sizeof tables[t].game, "%s",
                 games[t % n_games]);
        create(t);
    }
    double setup = now_s() - t0;
    pid_t attacker = -1;
    if (attacking) {
        attacker = fork();
        if (attacker == 0) {
            attack(port);
            _exit(0);
        }
    }
    long peak_rss = 0;
    double next_sample = now_s();
    double start = now_s(), end = start + seconds;
    double cpu0 = server_cpu(pid);
    int measuring = 1;
    while (now_s() < end) {
        for (int i = 0; i < 2 * n_tables; i++) {
            pfd[i].fd = clients[i].ws.fd;
            pfd[i].events = POLLIN;
            pfd[i].revents = 0;
        }
        if (now_s() >= next_sample) {
            long r, hw;
            server_memory(pid, &r, &hw);
            if (r > peak_rss)
                peak_rss = r;
            next_sample = now_s() + 0.5;
        }
        int left = (int)((end - now_s()) * 1000) + 1;
        if (poll(pfd, (nfds_t)(2 * n_tables), left < 100 ? left : 100) < 0)
            continue;
        for (int i = 0; i < 2 * n_tables; i++) {
            if (!(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            client *c = &clients[i];
            if (wsc_read(&c->ws, 0) < 0) {
                fprintf(stderr, "server_load: client %d lost its "
                        "connection\n", i);
                errors++;
                continue;
            }
            char *text;
            size_t len;
            int rc;
            while ((rc = wsc_next(&c->ws, &text, &len)) == 1) {
                handle(c, text, measuring);
                free(text);
            }
            if (rc < 0)
                errors++;
        }
    }
    double elapsed = now_s() - start;
    if (attacker > 0) {
        kill(attacker, SIGKILL);
        waitpid(attacker, NULL, 0);
    }
    long rss, hwm;
    server_memory(pid, &rss, &hwm);
    double cpu = server_cpu(pid) - cpu0;
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    qsort(lat, (size_t)n_lat, sizeof *lat, cmp_double);
    double p50 = n_lat ? lat[n_lat / 2] : 0;
    double p99 = n_lat ? lat[(long)((double)n_lat * 0.99)] : 0;
    double max = n_lat ? lat[n_lat - 1] : 0;
    printf("tabula serve load bench: %d clients at %d tables (%s), %d s, "
           "sync=%s, %s workers\n",
           2 * n_tables, n_tables, games_list, seconds, sync, workers);
    printf("  setup (connect, create, join): %.2f s\n", setup);
    printf("  moves: %ld (%.0f per second), games finished: %ld\n", moves,
           (double)moves / elapsed, games_done);
    printf("  latency from move to its state: p50 %.2f ms, p99 %.2f ms, "
           "max %.2f ms\n", 1000 * p50, 1000 * p99, 1000 * max);
    printf("  attackers: %s\n", attacking ? "20 not reading, 20 creating "
           "tables, 20 guessing tokens, all the while" : "none");
    printf("  errors: %ld\n", errors);
    printf("  server RSS sampled every 0.5 s: peak %ld kB\n", peak_rss);
    printf("  server memory: %ld kB resident at the end, %ld kB at the "
           "peak; CPU %.1f s in %.1f s (%.0f%% of one core)\n",
           rss, hwm, cpu, elapsed, 100 * cpu / elapsed);
    wsc_remove_db(db);
    return errors ? 1 : 0;
}
