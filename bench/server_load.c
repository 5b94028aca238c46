/*
 * server_load.c - the load bench of `tabula serve` (make bench-server; the
 * figures are in docs/server.md).  It starts the server on loopback with a
 * fresh database, makes TABLES two-seat tables of a mix of games, connects
 * two WebSocket clients to each (one per seat) and lets every client play
 * random legal moves for SECONDS: a client moves as soon as it is to move
 * and has no move outstanding, so the load is bounded by the games'
 * rhythm (at most one move in flight per client).  A finished game is
 * replaced by a new table of the same game, created by a new person (the
 * seat-0 client reconnects from a fresh address: bots finish games in
 * seconds, and one address may create only a few tables at once).
 *
 * It reports moves per second, the latency from sending a move to
 * receiving the state that shows it (p50, p99, max), the latency of a
 * table's creation, every error, and the server's memory (resident set
 * now and at its peak) and CPU time.  One thread polls all the clients;
 * the server has its own threads.  At the end the server is killed
 * (SIGKILL) and every move it acknowledged (`ok`) is looked up in its
 * database: an acknowledged move that is not there, at its number, is
 * counted lost.
 *
 * Each client comes from an address of its own (X-Forwarded-For, the
 * server trusting it as behind its reverse proxy), as people would, so
 * that the per-address quotas see 500 people, not one.  With --attack, a
 * second process attacks the server all the while, as issue 32 did, from
 * addresses of its own: clients that send `rules` requests and never read
 * (backpressure), clients that create tables as fast as they are
 * answered (quotas, lifetimes), clients that watch tables of searching
 * bots (ISMCTS at the longest thinking time allowed) so that they think
 * all the while (fair CPU), and clients that guess seat tokens; and,
 * now and then, HTTP requests with 9 KB and 20 KB of headers, CONNECT
 * and TRACE requests, and WebSocket frames sent unmasked.  It reconnects
 * whatever is dropped.
 *
 * usage: server_load [--tabula PATH] [--tables N] [--seconds S]
 *                    [--sync full|normal] [--workers N] [--games a,b,...]
 *                    [--attack 0|1]
 */
#include "../tests/wsc.h"

#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <netinet/in.h>
#include <sqlite3.h>
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
    char sent_table[32]; /* the table its move was sent to */
    int ended;
} client;

typedef struct table {
    char id[32];
    char game[40];
    char tokens[2][64];
    int creating;       /* a create request is on its way */
    double create_at;   /* when it was sent */
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
/* Creates sent from then on are timed (the first tables, made all at
 * once before the clock starts, are not). */
static double measure_from = 1e300;

/* A growing list of latencies (seconds). */
typedef struct lats {
    double *v;
    long n, cap;
} lats;

static lats move_lat, create_lat;

static void note_latency(lats *l, double s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 65536;
        l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
        if (!l->v)
            exit(1);
    }
    l->v[l->n++] = s;
}

/* The moves the server acknowledged: table, move number, text. */
typedef struct ack {
    char table[32];
    int move;
    char action[64];
} ack;

static ack *acks;
static long n_acks, cap_acks;

static void note_ack(const char *id, int move, const char *action)
{
    if (n_acks == cap_acks) {
        cap_acks = cap_acks ? 2 * cap_acks : 65536;
        acks = realloc(acks, (size_t)cap_acks * sizeof *acks);
        if (!acks)
            exit(1);
    }
    ack *a = &acks[n_acks++];
    snprintf(a->table, sizeof a->table, "%s", id);
    a->move = move;
    snprintf(a->action, sizeof a->action, "%s", action);
}

/* Looks every acknowledged move up in the database of the killed server:
 * the table's move-th action must be there with that text.  The number
 * lost, or -1 when the database cannot be read. */
static long acks_lost(const char *db_path)
{
    sqlite3 *db;
    sqlite3_stmt *q;
    if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) !=
            SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT data FROM steps WHERE table_id = ? "
                           "AND kind = 'action' ORDER BY n LIMIT 1 OFFSET ?",
                           -1, &q, NULL) != SQLITE_OK) {
        fprintf(stderr, "server_load: %s: %s\n", db_path, sqlite3_errmsg(db));
        sqlite3_close(db);
        return -1;
    }
    long lost = 0;
    for (long i = 0; i < n_acks; i++) {
        sqlite3_bind_text(q, 1, acks[i].table, -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 2, acks[i].move - 1);
        int ok = sqlite3_step(q) == SQLITE_ROW &&
                 strcmp((const char *)sqlite3_column_text(q, 0),
                        acks[i].action) == 0;
        if (!ok && lost++ < 5)
            fprintf(stderr, "server_load: lost: table %s move %d '%s'\n",
                    acks[i].table, acks[i].move, acks[i].action);
        sqlite3_reset(q);
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return lost;
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
#define WATCHERS 4

/* Sends a raw HTTP request (or anything) on a connection of its own and
 * leaves: what it gets back is not read. */
static void http_junk(int port, const char *text, size_t len)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0)
        (void)!send(fd, text, len, MSG_DONTWAIT | MSG_NOSIGNAL);
    close(fd);
}

/* The HTTP attacks of one round: headers of 9 KB (answered 431) and 20 KB
 * (over libwebsockets' buffer), CONNECT and TRACE. */
static void http_attacks(int port)
{
    static char big[21000];
    for (size_t n = 9000; n <= 20000; n += 11000) {
        int h = snprintf(big, sizeof big, "GET / HTTP/1.1\r\nHost: x\r\n"
                         "Cookie: ");
        memset(big + h, 'a', n);
        memcpy(big + (size_t)h + n, "\r\n\r\n", 4);
        http_junk(port, big, (size_t)h + n + 4);
    }
    static const char *const lines[] = {
        "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: x\r\n\r\n",
        "TRACE / HTTP/1.1\r\nHost: x\r\n\r\n"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        http_junk(port, lines[i], strlen(lines[i]));
}

/* Sends `text` as one unmasked text frame (RFC 6455 forbids it). */
static int send_unmasked(wsc *w, const char *text)
{
    unsigned char frame[256];
    size_t len = strlen(text);
    frame[0] = 0x81;
    frame[1] = (unsigned char)len; /* len < 126, no mask bit */
    memcpy(frame + 2, text, len);
    return send(w->fd, frame, len + 2, MSG_DONTWAIT | MSG_NOSIGNAL) ==
                   (ssize_t)(len + 2)
               ? 0
               : -1;
}

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

/* Sends text on w and reads whatever answer came, dropping it (the
 * attackers only load the server); a connection that failed is closed,
 * to be opened again on the next round. */
static void send_and_drop_answer(wsc *w, const char *text)
{
    if (attack_send(w, text) < 0 || wsc_read(w, 0) < 0)
        wsc_close(w);
    else
        w->len = 0;
}

/* The attackers' process: runs until killed. */
static void attack(int port)
{
    wsc flood[FLOODERS], make[CREATORS], guess[GUESSERS], watch[WATCHERS],
        unmasked;
    int watching[WATCHERS]; /* 0: to create, 1: created asked, 2: watching */
    char addr[64];
    memset(flood, 0, sizeof flood);
    memset(make, 0, sizeof make);
    memset(guess, 0, sizeof guess);
    memset(watch, 0, sizeof watch);
    memset(&unmasked, 0, sizeof unmasked);
    for (int i = 0; i < FLOODERS; i++)
        flood[i].fd = make[i].fd = guess[i].fd = -1;
    for (int i = 0; i < WATCHERS; i++) {
        watch[i].fd = -1;
        watching[i] = 0;
    }
    unmasked.fd = -1;
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
            send_and_drop_answer(w, "{\"type\":\"create\",\"game\":"
                                    "\"no-thanks\",\"players\":3,\"seats\":"
                                    "[\"human\",\"human\",\"human\"]}");
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
            send_and_drop_answer(w, req);
        }
        /* Tables of searching bots, watched so that they think. */
        for (int i = 0; i < WATCHERS; i++) {
            wsc *w = &watch[i];
            snprintf(addr, sizeof addr, "198.18.0.%d", i + 1);
            if (w->fd < 0) {
                if (connect_as(w, port, addr) != 0)
                    continue;
                watching[i] = 0;
            }
            if (watching[i] == 0) {
                if (attack_send(w, "{\"type\":\"create\",\"game\":"
                                   "\"no-thanks\",\"players\":3,\"seats\":"
                                   "[\"ismcts:time=5\",\"ismcts:time=5\","
                                   "\"ismcts:time=5\"]}") != 0) {
                    wsc_close(w);
                    continue;
                }
                watching[i] = 1;
            }
            if (wsc_read(w, 0) < 0) {
                wsc_close(w);
                continue;
            }
            char *text;
            size_t len;
            while (wsc_next(w, &text, &len) == 1) {
                json_t *m = json_loads(text, 0, NULL);
                free(text);
                const char *type =
                    json_string_value(json_object_get(m, "type"));
                if (watching[i] == 1 && type &&
                    strcmp(type, "created") == 0) {
                    char req[128];
                    snprintf(req, sizeof req, "{\"type\":\"join\","
                             "\"table\":\"%s\"}",
                             json_string_value(json_object_get(m, "table")));
                    watching[i] = attack_send(w, req) == 0 ? 2 : 0;
                } else if (type && strcmp(type, "state") == 0) {
                    const char *st = json_string_value(
                        json_object_get(m, "status"));
                    if (st && strcmp(st, "playing") != 0)
                        watching[i] = 0; /* over: another */
                }
                json_decref(m);
            }
        }
        /* Now and then: HTTP junk and unmasked frames. */
        if (round % 50 == 0) {
            http_attacks(port);
            if (unmasked.fd < 0)
                connect_as(&unmasked, port, "198.18.1.1");
            if (unmasked.fd >= 0 &&
                (send_unmasked(&unmasked, "{\"type\":\"games\"}") != 0 ||
                 wsc_read(&unmasked, 0) < 0))
                wsc_close(&unmasked);
            else
                unmasked.len = 0;
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

/* The median, the 99th percentile and the largest of l (sorted here). */
static void percentiles(lats *l, double *p50, double *p99, double *max)
{
    if (l->n == 0) {
        *p50 = *p99 = *max = 0;
        return;
    }
    qsort(l->v, (size_t)l->n, sizeof *l->v, cmp_double);
    *p50 = l->v[l->n / 2];
    *p99 = l->v[(long)((double)l->n * 0.99)];
    *max = l->v[l->n - 1];
}

static table *tables;
static client *clients;
static int n_tables;
static int server_port;
/* Addresses handed out so far: every client connects from one of its own. */
static int addresses_used;

/* Connects c from an address no client has used yet: the bench's people
 * are many, and the server's quotas are per address. */
static int connect_fresh(client *c)
{
    char addr[64];
    int i = addresses_used++;
    snprintf(addr, sizeof addr, "10.%d.%d.%d", (i >> 16) & 255,
             (i >> 8) & 255, i & 255);
    return connect_as(&c->ws, server_port, addr);
}

/* Sends a create request for table t from its seat-0 client. */
static void create(int t)
{
    client *c = &clients[2 * t];
    tables[t].creating = 1;
    tables[t].create_at = now_s();
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
    snprintf(c->sent_table, sizeof c->sent_table, "%s",
             tables[c->table].id);
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
        if (measuring && t->create_at >= measure_from)
            note_latency(&create_lat, now_s() - t->create_at);
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
                note_latency(&move_lat, now_s() - c->sent_at);
                moves++;
            }
            c->outstanding = 0;
        }
        const char *status = json_string_value(json_object_get(m, "status"));
        if (status && strcmp(status, "ended") == 0 && !c->ended) {
            c->ended = 1;
            if (c->seat == 0) {
                /* The next game at this table is another person's: a bot
                 * finishes a game in seconds, and one address may only
                 * create a few tables at once (--tables-burst), as a
                 * person who plays for minutes never notices. */
                games_done++;
                wsc_close(&c->ws);
                if (connect_fresh(c) != 0) {
                    if (errors < 10)
                        fprintf(stderr, "server_load: a table's next "
                                "creator cannot connect\n");
                    errors++;
                    json_decref(m);
                    return;
                }
                create(c->table);
            }
        }
        maybe_move(c);
    } else if (strcmp(type, "ok") == 0) {
        const char *action = json_string_value(json_object_get(m, "action"));
        note_ack(c->sent_table,
                 (int)json_integer_value(json_object_get(m, "move")),
                 action ? action : "");
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
    server_port = port;
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
        if (connect_fresh(c) != 0) {
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
    measure_from = start;
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
    /* Killed, as a crash would: what it acknowledged must be on disk. */
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    long lost = acks_lost(db);
    double p50, p99, max, c50, c99, cmax;
    percentiles(&move_lat, &p50, &p99, &max);
    percentiles(&create_lat, &c50, &c99, &cmax);
    printf("tabula serve load bench: %d clients at %d tables (%s), %d s, "
           "sync=%s, %s workers\n",
           2 * n_tables, n_tables, games_list, seconds, sync, workers);
    printf("  setup (connect, create, join): %.2f s\n", setup);
    printf("  moves: %ld (%.0f per second), games finished: %ld\n", moves,
           (double)moves / elapsed, games_done);
    printf("  latency from move to its state: p50 %.2f ms, p99 %.2f ms, "
           "max %.2f ms\n", 1000 * p50, 1000 * p99, 1000 * max);
    printf("  latency of a new table (create to created, %ld tables): p50 "
           "%.2f ms, p99 %.2f ms, max %.2f ms\n", create_lat.n, 1000 * c50,
           1000 * c99, 1000 * cmax);
    printf("  attackers: %s\n", attacking ? "20 not reading, 20 creating "
           "tables, 4 watching tables of ISMCTS bots, 20 guessing tokens, "
           "HTTP junk and unmasked frames, all the while" : "none");
    printf("  errors: %ld\n", errors);
    printf("  acknowledged moves: %ld, lost after SIGKILL: %ld\n", n_acks,
           lost);
    printf("  server RSS sampled every 0.5 s: peak %ld kB\n", peak_rss);
    printf("  server memory: %ld kB resident at the end, %ld kB at the "
           "peak; CPU %.1f s in %.1f s (%.0f%% of one core)\n",
           rss, hwm, cpu, elapsed, 100 * cpu / elapsed);
    wsc_remove_db(db);
    return errors || lost ? 1 : 0;
}
