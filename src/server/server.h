/*
 * server.h - what the parts of `tabula serve` share (docs/server.md).
 *
 * The server is built in layers, so that everything but the sockets can be
 * tested without them:
 *
 *   token.c   seat tokens: random from the OS, stored as SHA-256 hashes,
 *             compared in constant time
 *   store.c   SQLite (WAL): tables, seats, and every step (deal or action)
 *   table.c   one table in memory: the game, its record, each viewer's
 *             move log; a step is committed to the store before the table
 *             in memory takes it; restart rebuilds a table by replaying
 *   job.c     the work done off the event loop: a bot's move, a real-time
 *             tick; workers.c runs jobs on threads
 *   hub.c     the protocol: connections, requests, replies, the per-seat
 *             messages, bots, clocks (no sockets: hooks say how to write)
 *   net.c     libwebsockets: the event loop, HTTP (the embedded UI, record
 *             downloads) and WebSocket connections, handed to the hub
 *
 * Every function here runs on the event-loop thread, except tbs_job_run
 * (worker threads, on a job's own copies) and the workers' queue.
 */
#ifndef TABULA_SERVER_H
#define TABULA_SERVER_H

#include "tabula.h"

#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------- limits */

#define TBS_HASH 32          /* SHA-256 */
#define TBS_TOKEN_BYTES 16   /* 128 random bits per seat token */
#define TBS_TOKEN_HEX (2 * TBS_TOKEN_BYTES)
#define TBS_ID_HEX 16        /* a table's id: 64 random bits in hex */
#define TBS_MAX_MESSAGE 8192 /* the longest message a client may send */
#define TBS_LOG_ON_JOIN 300  /* move-log entries sent to a new connection */
#define TBS_MAX_WATCHERS 64  /* connections per table besides its seats */
#define TBS_TICK_MIN 100     /* real-time tick bounds, milliseconds */
#define TBS_TICK_MAX 10000

/* ---------------------------------------------------------------- tokens */

/* Fills buf with n random bytes from the OS (getrandom); 0, or -1. */
int tbs_random_bytes(void *buf, size_t n);
/* A new seat token: its text (TBS_TOKEN_HEX hex digits and a NUL) and the
 * hash that is stored.  0, or -1 when the OS gives no random bytes. */
int tbs_token_new(char text[TBS_TOKEN_HEX + 1], uint8_t hash[TBS_HASH]);
/* The hash of a token's text; -1 when the text is not a token's form. */
int tbs_token_hash(const char *text, uint8_t hash[TBS_HASH]);
/* Whether two hashes are equal, in time that does not depend on where
 * they differ. */
int tbs_hash_equal(const uint8_t a[TBS_HASH], const uint8_t b[TBS_HASH]);
/* A new table id (TBS_ID_HEX hex digits and a NUL); 0, or -1. */
int tbs_table_id_new(char id[TBS_ID_HEX + 1]);
/* Whether text has a table id's form. */
int tbs_is_table_id(const char *text);

/* ---------------------------------------------------------------- store */

typedef struct tbs_store tbs_store;

/* Opens (creating when needed) the database at path, ":memory:" for one
 * in memory.  sync_full: fsync at every commit (survives power loss), else
 * only the OS's copy (survives the process being killed).  0, or -1 with a
 * message. */
int tbs_store_open(tbs_store **out, const char *path, int sync_full,
                   char *err, size_t errcap);
void tbs_store_close(tbs_store *db);
/* Transactions: every write below goes inside one.  0, or -1 with the
 * reason in tbs_store_error. */
int tbs_store_begin(tbs_store *db);
/* Whether a transaction is open. */
int tbs_store_in_transaction(tbs_store *db);
int tbs_store_commit(tbs_store *db);
void tbs_store_rollback(tbs_store *db);
const char *tbs_store_error(const tbs_store *db);

/* A table's row (the fields tables holds; see docs/server.md). */
typedef struct tbs_table_row {
    char id[TBS_ID_HEX + 1];
    char game[64];
    int players;
    char options[1024]; /* JSON object: option name -> value text */
    uint64_t seed;
    char takeover[TB_SEAT_SPEC];
    int tick_ms;
    long long created_ms;
    char status[16]; /* "playing", "ended" or "broken" */
    long long ended_ms;
    char result[1024]; /* JSON, when ended */
} tbs_table_row;

typedef struct tbs_seat_row {
    int seat;
    char player[TB_SEAT_SPEC]; /* "human" or a bot spec */
    int has_hash, has_old;
    uint8_t hash[TBS_HASH];
    uint8_t old_hash[TBS_HASH];
    int claimed;
} tbs_seat_row;

/* One step of a table's game, in order: a deal (a chance outcome, as a JSON
 * array in data) or an action (its text). */
typedef struct tbs_step_row {
    int n;
    int is_deal;
    int seat;
    char data[TB_MAX_CHANCE * 6 + 8];
    char source[16]; /* "human", "bot", "takeover", "timeout" */
    int arrival;     /* real time: order of arrival in its tick, else 0 */
    long long at_ms;
} tbs_step_row;

int tbs_store_add_table(tbs_store *db, const tbs_table_row *t);
int tbs_store_set_seat(tbs_store *db, const char *id, const tbs_seat_row *s);
int tbs_store_add_step(tbs_store *db, const char *id, const tbs_step_row *s);
int tbs_store_end_table(tbs_store *db, const char *id, const char *status,
                        long long ended_ms, const char *result);

/* Reads a table's row and seats.  Returns 1 when there is no such table,
 * 0 when read, -1 on error (a stored seed that is not a number is one). */
int tbs_store_load(tbs_store *db, const char *id, tbs_table_row *row,
                   tbs_seat_row seats[TB_MAX_PLAYERS]);
/* Calls step with each of a table's steps in order; step returns 0 to go
 * on.  Returns 0 when all were read, -1 when step stopped or on error. */
int tbs_store_steps(tbs_store *db, const char *id,
                    int (*step)(void *user, const tbs_step_row *s), void *user);
/* Calls fn with the id of every table with the given status, oldest
 * first (limit < 0: all), or of the `limit` most recently ended when
 * status is "ended" (newest first). */
int tbs_store_each(tbs_store *db, const char *status, int limit,
                   int (*fn)(void *user, const tbs_table_row *row),
                   void *user);

/* Lifetimes: calls fn with the id of every table that is (TBS_IDS_ACTIVE)
 * being played and had a step or was made at or after arg ms, (..._
 * UNCLAIMED) being played, made before arg and where no person ever moved
 * (at most 1000, oldest first), or (..._CLOSED) closed by the operator at
 * or after arg; fn returns nonzero to stop.  0, or -1. */
enum { TBS_IDS_ACTIVE, TBS_IDS_UNCLAIMED, TBS_IDS_CLOSED };
int tbs_store_each_id(tbs_store *db, int which, long long arg,
                      int (*fn)(void *user, const char *id), void *user);
/* A table's invite: its hash stored (hash NULL: removed); 0, or -1.  And
 * read: 1 (hash filled), 0 when it has none, -1 on error. */
int tbs_store_set_invite(tbs_store *db, const char *id, const uint8_t *hash);
int tbs_store_get_invite(tbs_store *db, const char *id, uint8_t *hash);
/* Deletes a table, its seats, invite and steps (inside a transaction). */
int tbs_store_delete_table(tbs_store *db, const char *id);

/* One line of the operator's list (tabula serve --list). */
typedef struct tbs_list_row {
    char id[TBS_ID_HEX + 1];
    char game[64];
    int players;
    char status[16];
    long long created_ms, last_ms; /* last_ms: the last step (0: none) */
    int moves, claimed, humans;
} tbs_list_row;
int tbs_store_list(tbs_store *db,
                   int (*fn)(void *user, const tbs_list_row *r), void *user);

/* ---------------------------------------------------------------- tables */

/* Who made an action (the `source` column). */
enum { TBS_BY_HUMAN, TBS_BY_BOT, TBS_BY_TAKEOVER, TBS_BY_TIMEOUT };
const char *tbs_source_name(int source);

/* One action to take: the seat to move's legal action, with the data
 * logged beside it. */
typedef struct tbs_move {
    int seat;
    tb_action a;
    char text[TB_ACTION_TEXT];
    int source;
    int arrival;
    long long at_ms;
} tbs_move;

/* The move log as one viewer saw it: an entry for each action
 * (tb_describe) and for each chance outcome that showed the viewer
 * something (tb_describe_chance), so the viewers' logs differ in length. */
typedef struct tbs_log {
    char **lines; /* lines[i]: what the viewer saw of step i */
    int *moves;   /* moves[i]: the actions taken once step i was made */
    int n, cap;
} tbs_log;

typedef struct tbs_seat {
    int bot;                  /* a bot sits here from the start */
    char spec[TB_SEAT_SPEC];  /* its spec; "human" for a person */
    int has_hash, has_old;
    uint8_t hash[TBS_HASH];   /* the seat token's hash */
    uint8_t old_hash[TBS_HASH]; /* the one replaced by an invite claim */
    int claimed;              /* a person has opened the seat */
    /* Runtime (hub.c): */
    int present;              /* connections holding the seat */
    int away;                 /* its person left: the takeover bot plays */
    long long gone_at;        /* when its last connection went (or 0) */
} tbs_seat;

typedef struct tbs_conn tbs_conn;
typedef struct tbs_job tbs_job;
typedef struct tbs_stage tbs_stage;

typedef struct tbs_table {
    char id[TBS_ID_HEX + 1];
    const tb_game *g;
    tb_config cfg;
    uint64_t seed;
    tb_rng rng;           /* the deal's generator, seeded with seed */
    void *st;             /* the game as it stands */
    void *before;         /* scratch state blocks */
    void *scratch;
    tb_record rec;        /* the deal and every action: the data */
    int n_steps;          /* rows in the store's steps for this table */
    tbs_stage *stage;     /* moves staged in the open transaction */
    int ended, broken;
    int closed;           /* closed by the operator (broken is set too) */
    long long created_ms, ended_ms;
    tbs_seat seat[TB_MAX_PLAYERS];
    int has_invite;       /* the invite link's hash (single use) */
    uint8_t invite_hash[TBS_HASH];
    char takeover[TB_SEAT_SPEC]; /* bot for a seat its person left; "" */
    int tick_ms;
    tbs_log log[TB_MAX_PLAYERS + 1]; /* per seat; [players]: spectators */
    /* Runtime (hub.c): */
    tbs_conn *conns;      /* everyone connected to the table */
    int watchers;         /* connections that hold no seat */
    int busy;             /* a job for the table is running */
    tbs_job *held;        /* a bot's move waiting for its pace */
    long long held_until;
    long long deadline;   /* when hub_run_timers must look (0: never) */
    long long retry_at;   /* after a failed save: no bot before this */
    long long used_ms;    /* last asked for (ended tables leave memory by it) */
    long long last_step_ms;
    /* Real time: the tick being collected. */
    int tick_open;
    long long tick_end, next_tick_at;
    int tick_no;
    int asked[TB_MAX_PLAYERS];         /* seats that choose this tick */
    int has_pending[TB_MAX_PLAYERS];   /* a person's choice has come */
    char pending[TB_MAX_PLAYERS][TB_ACTION_TEXT];
    int arrival[TB_MAX_PLAYERS];
    long long arrived_ms[TB_MAX_PLAYERS];
    int arrivals;
    struct tbs_table *next; /* the hub's list */
} tbs_table;

/* Makes a new table (not yet stored): fresh id and seed, the game set up
 * and its first deal drawn (not yet stored either: tbs_table_save does
 * both).  specs[j] is "human" or a bot spec.  NULL with a message. */
tbs_table *tbs_table_new(const tb_game *g, const tb_config *cfg,
                         char specs[][TB_SEAT_SPEC], const char *takeover,
                         int tick_ms, long long now_ms, char *err,
                         size_t errcap);
/* Adds a new table to the store's open transaction (the caller begins it
 * and commits it: the hub's group commit): its row, seats, invite and the
 * steps made so far.  0, or -1 with a message (rows already added are
 * left to the caller, who deletes them or rolls back). */
int tbs_table_save(tbs_table *t, tbs_store *db, char *err, size_t errcap);
/* Rebuilds a table from the store by replaying its steps (each deal is
 * checked against the seed's).  NULL with a message (*missing set when the
 * table does not exist). */
tbs_table *tbs_table_load(tbs_store *db, const char *id, int *missing,
                          char *err, size_t errcap);
void tbs_table_free(tbs_table *t);

/* Stages moves in order (each legal when its turn comes, as tbs_job or
 * the hub checked) and the chance outcomes that follow them: they are
 * worked out on a copy and appended to the store's open transaction (the
 * caller began it), with the table marked ended when the game ends; the
 * table in memory does not change.  A table holds one staged set at a
 * time.  0, or -1 with a message (nothing staged). */
int tbs_table_stage(tbs_table *t, tbs_store *db, const tbs_move *moves,
                    int n, long long now_ms, char *err, size_t errcap);
/* Once the transaction is committed: the table takes what was staged
 * (its state, record and every viewer's log).  Returns the number of
 * deals taken. */
int tbs_table_apply_staged(tbs_table *t, long long now_ms);
/* When the transaction was rolled back: forgets what was staged. */
void tbs_table_drop_staged(tbs_table *t);

/* The seat to move (TB_TERMINAL at the end; never TB_CHANCE at rest). */
int tbs_table_turn(const tbs_table *t);
/* Index of viewer v's log: seats 0..players-1, spectators players. */
int tbs_viewer_index(const tbs_table *t, int viewer);
/* The record as tb_record_save writes it (malloc'd), or NULL. */
char *tbs_table_record_text(const tbs_table *t);
/* The result of a table whose game is over, as records write it
 * ({"scores", "ranks", ...}; the caller owns it), or NULL. */
struct json_t *tbs_table_result(const tbs_table *t);
/* Seat j's row for the store: its player, token hashes and claim. */
void tbs_table_seat_row(const tbs_table *t, int j, tbs_seat_row *row);

/* Real time: walks the tick that starts at t's state in scratch (a state
 * block), every seat asked taking its default, and marks in asked[] the
 * seats that choose in it.  With stop_at >= 0 the walk stops where that
 * seat is to choose (scratch then holds that point, for its legal moves)
 * and returns 1, or returns 0 when that seat does not choose this tick;
 * asked[] then holds the seats below it only. */
int tbs_tick_walk(const tb_game *g, const void *st, void *scratch,
                  int asked[TB_MAX_PLAYERS], int stop_at);
/* The default choice of the seat to move in a real-time game. */
tb_action tbs_tick_default(const tb_game *g, const void *st);

/* ---------------------------------------------------------------- jobs */

enum { TBS_JOB_BOT, TBS_JOB_TICK };

/* Work for a worker thread: everything it needs is copied in, so the
 * table may change meanwhile (the result is dropped if it did). */
struct tbs_job {
    struct tbs_job *next;
    int kind;
    int slow;             /* a searching bot: the workers' slow queue */
    tbs_table *table;     /* not touched by the worker */
    int generation;       /* the table's action count when posted */
    const tb_game *g;
    void *st;             /* a copy of the table's state */
    tb_record rec;        /* a copy of its record, told to the bots */
    uint64_t seed;
    /* TBS_JOB_BOT: the seat and who plays it. */
    int seat;
    int source;
    char spec[TB_SEAT_SPEC];
    /* TBS_JOB_TICK: per seat, its bot spec ("" for a person) and a
     * person's choice if one came. */
    char specs[TB_MAX_PLAYERS][TB_SEAT_SPEC];
    int sources[TB_MAX_PLAYERS];
    int has_pending[TB_MAX_PLAYERS];
    char pending[TB_MAX_PLAYERS][TB_ACTION_TEXT];
    int arrival[TB_MAX_PLAYERS];
    long long arrived_ms[TB_MAX_PLAYERS];
    long long now_ms;
    /* Results. */
    int n_moves;
    tbs_move moves[TB_MAX_PLAYERS];
    int rc;
    char err[256];
};

/* Makes a job with a copy of st, or NULL when memory runs out. */
tbs_job *tbs_job_new(int kind, tbs_table *t);
void tbs_job_free(tbs_job *j);
/* Does the job's work (on any thread): fills moves, or rc and err. */
void tbs_job_run(tbs_job *j);

/* A pool of worker threads (and one more for quick jobs only: see
 * workers.c).  Jobs are run in order of posting, quick ones first; each
 * done job is queued back and `wake` is called (from the worker), so that
 * the event loop takes it with tbs_workers_done. */
typedef struct tbs_workers tbs_workers;
tbs_workers *tbs_workers_new(int threads, void (*wake)(void *user),
                             void *user);
void tbs_workers_post(tbs_workers *w, tbs_job *j);
tbs_job *tbs_workers_done(tbs_workers *w);
/* Stops the threads (after the job each is running) and frees the pool;
 * jobs not yet run are freed. */
void tbs_workers_free(tbs_workers *w);

/* ---------------------------------------------------------------- hub */

typedef struct tbs_hub tbs_hub;

/* How the hub reaches the outside world (net.c, or a test). */
typedef struct tbs_hooks {
    void *user;
    /* The connection has messages to write: call tbs_conn_next soon. */
    void (*want_write)(void *user, void *net);
    /* A job for the workers. */
    void (*post_job)(void *user, tbs_job *j);
    /* Call tbs_hub_run_timers at (or soon after) at_ms. */
    void (*wake_at)(void *user, long long at_ms);
    /* The clock, in milliseconds (Unix time). */
    long long (*now_ms)(void *user);
    /* Stop (pause 1) or resume (0) reading the connection's messages:
     * its outgoing queue is full (backpressure).  May be NULL. */
    void (*rx_pause)(void *user, void *net, int pause);
    /* Close the connection now, without writing what is queued (its
     * client has not read its replies for too long).  tbs_conn_close
     * follows.  May be NULL (then the hub only stops queueing for it). */
    void (*drop)(void *user, void *net);
} tbs_hooks;

typedef struct tbs_hub_config {
    int bot_pace_ms;   /* least time between a step and a bot's next move */
    int grace_ms;      /* a person gone this long is taken over */
    /* Backpressure, after Redis's client-output-buffer-limit (0: the
     * default of docs/server.md).  A connection whose queue of messages
     * not yet written holds out_soft bytes is not read until it drains
     * to half that; one that stays over out_soft for out_soft_ms, or
     * reaches out_hard, is dropped; and when every connection's queues
     * together pass out_total, the one holding most is dropped. */
    long out_soft, out_hard, out_total;
    int out_soft_ms;
    /* Quotas per client address (0: the default of docs/server.md): open
     * connections, seats held by them, tables created an hour, wrong seat
     * tokens a minute.  A connection opened without an address (tests)
     * has none. */
    int max_conns, max_seats, tables_per_hour, guesses_per_min;
    /* Lifetimes (0: never).  A table nobody has been at for archive_ms
     * leaves memory (it stays stored and its links reopen it); one where
     * no person ever moved is deleted expire_ms after it was made. */
    long long archive_ms, expire_ms;
    int max_tables;    /* tables in memory, for every address together */
    int bot_time_max_s; /* the most an ismcts bot may be given a move */
    int tables_burst;   /* tables an address may create at once (then
                         * tables_per_hour refills them) */
} tbs_hub_config;

#define TBS_TABLES_BURST 5

#define TBS_MAX_TABLES 20000
#define TBS_BOT_TIME_MAX 5

#define TBS_MAX_CONNS 32
#define TBS_MAX_SEATS 16
#define TBS_TABLES_PER_HOUR 30
#define TBS_GUESSES_PER_MIN 10
#define TBS_ADDR 64 /* an address's text, IPv6 included */

#define TBS_OUT_SOFT (256L * 1024)
#define TBS_OUT_HARD (1024L * 1024)
#define TBS_OUT_TOTAL (64L * 1024 * 1024)
#define TBS_OUT_SOFT_MS 10000

/* What the hub holds, for tests and the operator. */
typedef struct tbs_hub_stats {
    long long out_bytes;   /* queued for every connection, not yet written */
    long long out_peak;    /* the most out_bytes has been */
    long long dropped;     /* connections dropped for not reading */
    int conns, tables;
} tbs_hub_stats;
void tbs_hub_stats_get(const tbs_hub *h, tbs_hub_stats *s);

/* Makes the hub over an open store and loads every table still being
 * played (rebuilt by replaying; a table that cannot be is marked broken
 * and reported on stderr).  NULL with a message. */
tbs_hub *tbs_hub_new(tbs_store *db, const tbs_hooks *hooks,
                     const tbs_hub_config *cfg, char *err, size_t errcap);
void tbs_hub_free(tbs_hub *h);
/* Starts what the loaded tables need (bots, clocks): call once the hooks
 * can take jobs and timers. */
void tbs_hub_start(tbs_hub *h);

/* A connection: opened when a WebSocket is established; net is the net
 * layer's handle for it (passed back in the hooks). */
tbs_conn *tbs_conn_open(tbs_hub *h, void *net);
/* The same for a client at addr (its IP address, an IPv6 one cut to its
 * /64 network), whose quotas it counts against; "" for none. */
tbs_conn *tbs_conn_open_from(tbs_hub *h, void *net, const char *addr);
/* A whole message from the client (at most TBS_MAX_MESSAGE bytes; a
 * longer one is reported with tbs_conn_too_big instead). */
void tbs_conn_message(tbs_conn *c, const char *text, size_t len);
void tbs_conn_too_big(tbs_conn *c, size_t len);
/* The next message to write to the client (malloc'd; free it) and its
 * length, or NULL when nothing is due.  *close_after is set when the hub
 * wants the connection closed once this message is written. */
char *tbs_conn_next(tbs_conn *c, size_t *len, int *close_after);
/* Whether tbs_conn_next has something to give (or a close to ask). */
int tbs_conn_pending(const tbs_conn *c);
/* The connection is gone: forgets it. */
void tbs_conn_close(tbs_conn *c);

/* A job the workers finished (the hub frees it). */
void tbs_hub_job_done(tbs_hub *h, tbs_job *j);
/* Does what is due by now (ticks, takeovers, paced bot moves). */
void tbs_hub_run_timers(tbs_hub *h);
/* Commits the moves staged since the last flush in one transaction (one
 * disk sync for all of them: a group commit), then lets their tables take
 * them and tells everyone; if the commit fails, nothing changes and the
 * movers are told.  The net layer calls it after each turn of its event
 * loop, so that no move is told before it is on disk. */
void tbs_hub_flush(tbs_hub *h);

/* For the HTTP side: the record of an ended table, as JSON text
 * (malloc'd) and *status 200; else NULL with *status 404 (no such table)
 * or 403 (still being played) and a message in err. */
char *tbs_hub_record(tbs_hub *h, const char *id, int *status, char *err,
                     size_t errcap);

/* For tests: the table with this id in memory, or NULL. */
tbs_table *tbs_hub_table(tbs_hub *h, const char *id);

/* ---------------------------------------------------------------- net */

typedef struct tbs_serve_options {
    int port;             /* 0: any free port */
    const char *bind;     /* NULL: every address */
    const char *db_path;
    int sync_full;
    int workers;
    int bot_pace_ms;
    int grace_ms;
    int quiet;
    /* Backpressure (tbs_hub_config; 0: the defaults). */
    long out_soft_kb, out_hard_kb, out_total_mb;
    int out_soft_s;
    /* Quotas per address (tbs_hub_config; 0: the defaults). */
    int max_conns, max_seats, tables_per_hour, guesses_per_min;
    /* The client's address is the last one of X-Forwarded-For (set by
     * the reverse proxy in front), not the socket's peer. */
    int trust_proxy;
    /* Origins (scheme://host[:port], comma-separated) whose pages may
     * open the WebSocket besides the served host's own; NULL: none. */
    const char *origins;
    /* Lifetimes (tbs_hub_config), seconds. */
    long archive_s, expire_s;
    int max_tables;
    int bot_time_max_s;
    int tables_burst;
    /* The operator's commands: list the tables, or close one, and stop. */
    int list;
    const char *close_id;
} tbs_serve_options;

/* Runs the server until SIGINT or SIGTERM; returns the exit status. */
int tbs_serve(const tbs_serve_options *o);

/* The UI's files, compiled in by tools/embed.c (gen/web.c). */
typedef struct tbs_asset {
    const char *path; /* "/index.html" */
    const char *data;
    size_t len;
} tbs_asset;
extern const tbs_asset tbs_assets[];

#endif
