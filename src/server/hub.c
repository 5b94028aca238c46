/*
 * hub.c - the protocol of `tabula serve` (docs/server.md): the tables in
 * memory, the connections, every request a client may send and every
 * message it is sent, the bots (as jobs for the workers) and the clocks
 * (real-time ticks, a left seat's takeover, the bots' pace).
 *
 * The hub never touches a socket: the net layer (net.c) or a test hands it
 * whole messages and asks it for the next one to write, through tbs_hooks.
 * What a connection at a seat is sent is built from the public API alone,
 * when it is written: tb_view_json for its seat, its legal moves (only when
 * it is to move), and the move log as tb_describe (and, for luck,
 * tb_describe_chance) told it to its seat; a
 * spectator gets the spectator's view and log.  The seed, the deal and
 * other seats' views never leave the hub; a game's record can be had only
 * once it has ended.
 */
#include "server.h"
#include "internal.h"
#include "levels.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_SEAT (-100)           /* a connection not at any table */
#define MAX_BAD_TOKENS 10        /* then the connection is closed */
#define FINISHED_LIST 100        /* games listed by `finished` */
#define KEEP_ENDED 64            /* idle ended tables kept in memory */

#define PEER_BUCKETS 4096       /* the hash of client addresses */
#define PRUNE_MS 60000           /* idle addresses are forgotten this often */

/* What one client address holds and has used (quotas, docs/server.md):
 * its open connections and the seats they hold, and two token buckets
 * (tables it may still create, wrong seat tokens it may still try), each
 * refilled at its rate up to its size. */
typedef struct peer {
    struct peer *next;
    char addr[TBS_ADDR];
    int conns, seats;
    double tables, guesses;
    long long tables_at, guesses_at; /* when each bucket was last filled */
} peer;

typedef struct msg {
    struct msg *next;
    char *text;
    size_t len;
} msg;

struct tbs_conn {
    tbs_hub *hub;
    void *net;
    tbs_table *table;
    int seat;             /* held seat, TB_SPECTATOR, or NO_SEAT */
    int log_sent;         /* entries of its viewer's log already sent */
    int dirty;            /* a state message is due */
    int bad_tokens;
    int closing;          /* close once the queue is written */
    int dropped;          /* dropped for not reading: nothing more queued */
    int paused;           /* not read: its queue is full */
    long long full_since; /* when it was paused (0: it is read) */
    long q_bytes;         /* bytes in q */
    struct peer *peer;    /* its client address's quotas (or NULL) */
    msg *q, *q_tail;
    tbs_conn *tnext, *tprev; /* the table's connections */
    tbs_conn *hnext, *hprev; /* every connection */
};

/* Moves (and new tables) staged in the open transaction, told once it is
 * committed. */
typedef struct staged {
    struct staged *next;
    tbs_table *t;
    tbs_conn *actor;  /* a person's move: told "ok" (NULL once gone) */
    tbs_job *job;     /* a job's moves: freed after */
    json_t *created;  /* a new table t: the `created` reply to the actor */
    char text[TB_ACTION_TEXT];
} staged;

struct tbs_hub {
    tbs_store *db;
    staged *staged;      /* the batch, newest first */
    tbs_hooks hooks;
    tbs_hub_config cfg;
    tbs_table *tables;   /* every table in memory */
    int n_tables;
    tbs_conn *conns;
    long long wake;      /* the time last asked of hooks.wake_at (0: none) */
    char *games_text;    /* the `games` reply, made once */
    int n_conns;
    int n_paused;        /* connections not read (their queues are full) */
    long long out_bytes; /* in every connection's queue */
    long long out_peak;
    long long dropped;
    peer *peers[PEER_BUCKETS];
    int n_peers;
    long long pruned_at;
    long long next_sweep;  /* lifetimes: the next look (0: never) */
    long long next_expire;
    long long closed_seen; /* operator's closes are looked for from here */
};

static long long now(tbs_hub *h)
{
    return h->hooks.now_ms(h->hooks.user);
}

/* ------------------------------------------------------------ sending */

/* Frees c's queue (its bytes leave the hub's count). */
static void free_queue(tbs_conn *c)
{
    while (c->q) {
        msg *m = c->q;
        c->q = m->next;
        free(m->text);
        free(m);
    }
    c->q_tail = NULL;
    c->hub->out_bytes -= c->q_bytes;
    c->q_bytes = 0;
}

/* Drops c: its client has not read what it was sent.  Its queue is freed
 * at once and nothing more is queued for it; the net layer closes it. */
static void drop_conn(tbs_conn *c)
{
    tbs_hub *h = c->hub;
    if (c->dropped)
        return;
    c->dropped = 1;
    h->dropped++;
    if (c->paused) {
        c->paused = 0;
        h->n_paused--;
    }
    free_queue(c);
    if (h->hooks.drop)
        h->hooks.drop(h->hooks.user, c->net);
}

static void schedule(tbs_hub *h);

/* Stops reading c until its queue drains (backpressure); it is dropped
 * if it stays full too long (tbs_hub_run_timers). */
static void pause_conn(tbs_conn *c)
{
    tbs_hub *h = c->hub;
    if (c->paused)
        return;
    c->paused = 1;
    h->n_paused++;
    c->full_since = h->hooks.now_ms(h->hooks.user);
    if (h->hooks.rx_pause)
        h->hooks.rx_pause(h->hooks.user, c->net, 1);
    schedule(h);
}

/* Applies the output limits after c's queue grew: the hard limit drops
 * it, the soft one stops reading it, and the whole server's limit drops
 * the connection that holds most. */
static void check_limits(tbs_conn *c)
{
    tbs_hub *h = c->hub;
    if (c->q_bytes >= h->cfg.out_hard) {
        drop_conn(c);
        return;
    }
    if (c->q_bytes >= h->cfg.out_soft)
        pause_conn(c);
    while (h->out_bytes > h->cfg.out_total) {
        tbs_conn *big = NULL;
        for (tbs_conn *o = h->conns; o; o = o->hnext)
            if (!o->dropped && (!big || o->q_bytes > big->q_bytes))
                big = o;
        if (!big || big->q_bytes == 0)
            break;
        drop_conn(big);
    }
}

/* Queues a message (takes text) for c. */
static void send_text(tbs_conn *c, char *text)
{
    msg *m = c->dropped ? NULL : malloc(sizeof *m);
    if (!m || !text) {
        free(m);
        free(text);
        return;
    }
    m->next = NULL;
    m->text = text;
    m->len = strlen(text);
    if (c->q_tail)
        c->q_tail->next = m;
    else
        c->q = m;
    c->q_tail = m;
    c->q_bytes += (long)m->len;
    c->hub->out_bytes += (long long)m->len;
    if (c->hub->out_bytes > c->hub->out_peak)
        c->hub->out_peak = c->hub->out_bytes;
    c->hub->hooks.want_write(c->hub->hooks.user, c->net);
    check_limits(c);
}

/* Queues a JSON object (takes it) for c. */
static void send_json(tbs_conn *c, json_t *o)
{
    send_text(c, json_dumps(o, JSON_COMPACT));
    json_decref(o);
}

/* The length of the UTF-8 sequence that starts with byte b (0: not a
 * lead byte). */
static int utf8_seq_len(unsigned char b)
{
    return b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3
         : (b & 0xF8) == 0xF0 ? 4 : 0;
}

/* Makes text valid UTF-8 in place: a byte that does not start a whole
 * sequence (a character cut by a length limit, "%.40s" or the end of a
 * buffer) becomes '?', so that the text can go into JSON (jansson refuses
 * invalid UTF-8: the message would be lost). */
static void utf8_clean(char *text)
{
    unsigned char *p = (unsigned char *)text;
    while (*p) {
        int n = utf8_seq_len(*p), ok = n > 0;
        for (int k = 1; ok && k < n; k++)
            ok = (p[k] & 0xC0) == 0x80;
        if (!ok) {
            *p++ = '?';
            continue;
        }
        p += n;
    }
}

/* The number of characters (code points) of UTF-8 text. */
static size_t utf8_chars(const char *text)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        n += (*p & 0xC0) != 0x80;
    return n;
}

/* Sends {"type":"error","code":..,"message":..,"in":..}. */
static void send_error(tbs_conn *c, const char *in, const char *code,
                       const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void send_error(tbs_conn *c, const char *in, const char *code,
                       const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    utf8_clean(text);
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("error"));
    json_object_set_new(o, "code", json_string(code));
    json_object_set_new(o, "message", json_string(text));
    if (in)
        json_object_set_new(o, "in", json_string(in));
    send_json(c, o);
}

/* Refuses a request over one of the quotas: {"type":"error","code":
 * "rate_limited","limit":..,"retry_after":seconds,"message":..}. */
static void send_limit(tbs_conn *c, const char *in, const char *limit,
                       long retry_after, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void send_limit(tbs_conn *c, const char *in, const char *limit,
                       long retry_after, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    utf8_clean(text);
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("error"));
    json_object_set_new(o, "code", json_string("rate_limited"));
    json_object_set_new(o, "limit", json_string(limit));
    json_object_set_new(o, "retry_after",
                        json_integer(retry_after < 1 ? 1 : retry_after));
    json_object_set_new(o, "message", json_string(text));
    if (in)
        json_object_set_new(o, "in", json_string(in));
    send_json(c, o);
}

/* ------------------------------------------------------------ quotas */

/* A hash of an address's text (FNV-1a). */
static unsigned peer_hash(const char *addr)
{
    uint32_t x = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)addr; *p; p++)
        x = (x ^ *p) * 16777619u;
    return x % PEER_BUCKETS;
}

/* The record of addr, made (with full buckets) when it has none; NULL
 * when memory runs out. */
static peer *peer_get(tbs_hub *h, const char *addr)
{
    unsigned k = peer_hash(addr);
    for (peer *p = h->peers[k]; p; p = p->next)
        if (strcmp(p->addr, addr) == 0)
            return p;
    peer *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    snprintf(p->addr, sizeof p->addr, "%s", addr);
    p->tables = h->cfg.tables_burst;
    p->guesses = h->cfg.guesses_per_min;
    p->tables_at = p->guesses_at = now(h);
    p->next = h->peers[k];
    h->peers[k] = p;
    h->n_peers++;
    return p;
}

/* Refills a token bucket that holds at most `size` tokens and gains
 * `rate` every period_ms, as of at. */
static void bucket_fill(double *tokens, long long *filled, double size,
                        double rate, long long period_ms, long long at)
{
    if (at > *filled) {
        *tokens += rate * (double)(at - *filled) / (double)period_ms;
        if (*tokens > size)
            *tokens = size;
    }
    *filled = at;
}

/* Seconds until a bucket that gains `rate` every period_ms holds one
 * token again. */
static long bucket_wait(double tokens, double rate, long long period_ms)
{
    double ms = (1.0 - tokens) * (double)period_ms / rate;
    return (long)ceil(ms / 1000.0);
}

/* Forgets the addresses that hold nothing and whose buckets are full
 * again (they would be made just so), at most once a PRUNE_MS. */
static void peers_prune(tbs_hub *h)
{
    long long at = now(h);
    if (at - h->pruned_at < PRUNE_MS)
        return;
    h->pruned_at = at;
    for (int k = 0; k < PEER_BUCKETS; k++) {
        peer **pp = &h->peers[k];
        while (*pp) {
            peer *p = *pp;
            bucket_fill(&p->tables, &p->tables_at, h->cfg.tables_burst,
                        h->cfg.tables_per_hour, 3600000, at);
            bucket_fill(&p->guesses, &p->guesses_at, h->cfg.guesses_per_min,
                        h->cfg.guesses_per_min, 60000, at);
            if (!p->conns && !p->seats &&
                p->tables >= h->cfg.tables_burst &&
                p->guesses >= h->cfg.guesses_per_min) {
                *pp = p->next;
                free(p);
                h->n_peers--;
            } else {
                pp = &p->next;
            }
        }
    }
}

/* Marks c as owing its client a fresh state message. */
static void mark_dirty(tbs_conn *c)
{
    if (!c->dirty) {
        c->dirty = 1;
        c->hub->hooks.want_write(c->hub->hooks.user, c->net);
    }
}

/* Every connection at t is owed a fresh state message. */
static void table_dirty(tbs_table *t)
{
    for (tbs_conn *c = t->conns; c; c = c->tnext)
        mark_dirty(c);
}

/* A bot's or a taken-over seat's player, as shown to everyone. */
static json_t *seats_json(const tbs_table *t)
{
    json_t *a = json_array();
    for (int j = 0; j < t->cfg.players; j++) {
        const tbs_seat *s = &t->seat[j];
        json_t *o = json_object();
        json_object_set_new(o, "player", json_string(s->spec));
        json_object_set_new(o, "bot", json_boolean(s->bot));
        json_object_set_new(o, "present", json_boolean(s->present > 0));
        json_object_set_new(o, "claimed", json_boolean(s->claimed));
        json_object_set_new(o, "away", json_boolean(s->away));
        json_array_append_new(a, o);
    }
    return a;
}

/* The text of every legal move of the seat to move in st. */
static json_t *legal_json(const tb_game *g, const void *st)
{
    static tb_action acts[TB_MAX_ACTIONS];
    json_t *a = json_array();
    int n = tb_legal(g, st, acts);
    for (int i = 0; i < n; i++) {
        char text[TB_ACTION_TEXT];
        tb_action_text(g, st, acts[i], text, sizeof text);
        json_array_append_new(a, json_string(text));
    }
    return a;
}

static int is_realtime(const tbs_table *t)
{
    return (t->g->flags & TB_GAME_REALTIME) != 0;
}

/* A bot's move could not be stored (why): the table tries again in a
 * second, its clock (if it runs in real time) waiting as long. */
static void retry_later(tbs_table *t, long long at, const char *why)
{
    fprintf(stderr, "tabula serve: table %s: %s (will retry)\n", t->id, why);
    t->retry_at = at + 1000;
    if (is_realtime(t))
        t->next_tick_at = t->retry_at;
}

/* The status word of a table. */
static const char *status_word(const tbs_table *t)
{
    if (t->closed)
        return "closed";
    return t->broken ? "broken" : t->ended ? "ended" : "playing";
}

/* A message of this type about t, with the table's id, game and size. */
static json_t *table_message(const char *type, const tbs_table *t)
{
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string(type));
    json_object_set_new(o, "table", json_string(t->id));
    json_object_set_new(o, "game", json_string(t->g->id));
    json_object_set_new(o, "title", json_string(t->g->title));
    json_object_set_new(o, "players", json_integer(t->cfg.players));
    return o;
}

/* Adds an ended table's result and the URL of its record to o. */
static void add_result(json_t *o, const tbs_table *t)
{
    json_t *rj = tbs_table_result(t);
    json_object_set_new(o, "result", rj ? rj : json_null());
    char url[64];
    snprintf(url, sizeof url, "/api/records/%s.json", t->id);
    json_object_set_new(o, "record", json_string(url));
}

/* What c's seat may do now: its legal moves when it is a person's seat to
 * move (in a real-time game: its choices in the open tick). */
static json_t *seat_legal(tbs_conn *c)
{
    tbs_table *t = c->table;
    int seat = c->seat;
    if (seat < 0 || t->ended || t->broken || t->seat[seat].bot)
        return json_array();
    if (is_realtime(t)) {
        int asked[TB_MAX_PLAYERS];
        if (!t->tick_open ||
            !tbs_tick_walk(t->g, t->st, t->scratch, asked, seat))
            return json_array();
        return legal_json(t->g, t->scratch);
    }
    if (tbs_table_turn(t) != seat)
        return json_array();
    return legal_json(t->g, t->st);
}

/* The state message for c: its seat's view and legal moves, and the move
 * log entries it has not had yet. */
static char *state_message(tbs_conn *c)
{
    tbs_hub *h = c->hub;
    tbs_table *t = c->table;
    int viewer = c->seat >= 0 ? c->seat : TB_SPECTATOR;
    json_t *o = table_message("state", t);
    json_object_set_new(o, "seat", c->seat >= 0 ? json_integer(c->seat)
                                                : json_null());
    json_object_set_new(o, "status", json_string(status_word(t)));
    int turn = tbs_table_turn(t);
    json_object_set_new(o, "turn", turn >= 0 && !is_realtime(t)
                                       ? json_integer(turn)
                                       : json_null());
    json_object_set_new(o, "move", json_integer(t->rec.n_actions));
    json_object_set_new(o, "thinking", json_boolean(t->busy || t->held));
    json_object_set_new(o, "seats", seats_json(t));
    json_object_set_new(o, "takeover", json_string(t->takeover));
    json_object_set_new(o, "legal", seat_legal(c));
    const tbs_log *l = &t->log[tbs_viewer_index(t, viewer)];
    int from = c->log_sent;
    if (from < l->n - TBS_LOG_ON_JOIN && from == 0)
        from = l->n - TBS_LOG_ON_JOIN;
    json_t *lines = json_array();
    for (int i = from; i < l->n; i++)
        json_array_append_new(lines, json_string(l->lines[i] ? l->lines[i]
                                                             : ""));
    json_object_set_new(o, "log_start", json_integer(from));
    json_object_set_new(o, "log", lines);
    c->log_sent = l->n;
    if (is_realtime(t)) {
        json_t *rt = json_object();
        json_object_set_new(rt, "tick_ms", json_integer(t->tick_ms));
        json_object_set_new(rt, "tick", json_integer(t->tick_no));
        json_object_set_new(rt, "open", json_boolean(t->tick_open));
        long long left = t->tick_open ? t->tick_end - now(h) : 0;
        json_object_set_new(rt, "left_ms", json_integer(left > 0 ? left : 0));
        int mine = c->seat >= 0 && t->tick_open && t->asked[c->seat];
        json_object_set_new(rt, "asked", json_boolean(mine));
        json_object_set_new(rt, "chosen",
                            mine && t->has_pending[c->seat]
                                ? json_string(t->pending[c->seat])
                                : json_null());
        json_object_set_new(o, "realtime", rt);
    }
    if (t->ended)
        add_result(o, t);
    /* The view goes in as the engine wrote it. */
    char *meta = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    char *view = tb_view_json(t->g, t->st, viewer);
    if (!meta || !view) {
        free(meta);
        free(view);
        return NULL;
    }
    size_t ml = strlen(meta), vl = strlen(view);
    char *out = malloc(ml + vl + 16);
    if (out) {
        memcpy(out, meta, ml - 1); /* without the closing brace */
        memcpy(out + ml - 1, ",\"view\":", 8);
        memcpy(out + ml + 7, view, vl);
        memcpy(out + ml + 7 + vl, "}", 2);
    }
    free(meta);
    free(view);
    return out;
}

int tbs_conn_pending(const tbs_conn *c)
{
    if (c->dropped)
        return 0;
    return c->q || c->closing || (c->dirty && c->table);
}

char *tbs_conn_next(tbs_conn *c, size_t *len, int *close_after)
{
    *close_after = 0;
    if (c->dropped) {
        *close_after = 1;
        return NULL;
    }
    msg *m = c->q;
    if (m) {
        c->q = m->next;
        if (!c->q)
            c->q_tail = NULL;
        char *text = m->text;
        *len = m->len;
        c->q_bytes -= (long)m->len;
        c->hub->out_bytes -= (long long)m->len;
        free(m);
        if (c->paused && c->q_bytes < c->hub->cfg.out_soft / 2) {
            c->paused = 0;
            c->full_since = 0;
            c->hub->n_paused--;
            if (c->hub->hooks.rx_pause)
                c->hub->hooks.rx_pause(c->hub->hooks.user, c->net, 0);
        }
        *close_after = c->closing && !c->q;
        return text;
    }
    if (c->closing) {
        *close_after = 1;
        return NULL;
    }
    if (c->dirty && c->table) {
        c->dirty = 0;
        char *text = state_message(c);
        if (text)
            *len = strlen(text);
        return text;
    }
    c->dirty = 0;
    return NULL;
}

/* ------------------------------------------------------------ timers */

/* Whether a real-time table's clock runs: it stops while none of its
 * people is at the table (none present, none played by the takeover bot),
 * so that a game nobody watches does not run itself out.  A table of bots
 * alone always runs. */
static int clock_runs(const tbs_table *t)
{
    int people = 0;
    for (int j = 0; j < t->cfg.players; j++) {
        const tbs_seat *s = &t->seat[j];
        if (s->bot)
            continue;
        people++;
        if (s->present || s->away)
            return 1;
    }
    return people == 0 && t->conns;
}

/* The next time t needs looking at, or 0. */
static long long table_deadline(const tbs_hub *h, const tbs_table *t)
{
    if (t->ended || t->broken)
        return 0;
    long long d = 0;
#define EARLIER(x) do { long long x_ = (x); if (x_ > 0 && (d == 0 || x_ < d)) d = x_; } while (0)
    if (t->held)
        EARLIER(t->held_until);
    if (t->retry_at > 0 && !t->busy && !t->held)
        EARLIER(t->retry_at);
    if (is_realtime(t) && !t->busy && !t->held &&
        (t->tick_open || clock_runs(t)))
        EARLIER(t->tick_open ? t->tick_end : t->next_tick_at);
    if (t->takeover[0])
        for (int j = 0; j < t->cfg.players; j++)
            if (!t->seat[j].bot && !t->seat[j].away &&
                !t->seat[j].present && t->seat[j].gone_at > 0)
                EARLIER(t->seat[j].gone_at + h->cfg.grace_ms);
#undef EARLIER
    return d;
}

/* Asks the net layer to call tbs_hub_run_timers by the earliest deadline. */
static void schedule(tbs_hub *h)
{
    long long d = 0;
    for (tbs_table *t = h->tables; t; t = t->next) {
        t->deadline = table_deadline(h, t);
        if (t->deadline > 0 && (d == 0 || t->deadline < d))
            d = t->deadline;
    }
    if (h->next_sweep > 0 && (d == 0 || h->next_sweep < d))
        d = h->next_sweep;
    if (h->n_paused > 0)
        for (tbs_conn *c = h->conns; c; c = c->hnext)
            if (c->paused && c->full_since > 0) {
                long long x = c->full_since + h->cfg.out_soft_ms;
                if (d == 0 || x < d)
                    d = x;
            }
    if (d > 0 && d != h->wake) {
        h->wake = d;
        h->hooks.wake_at(h->hooks.user, d);
    }
}

/* ------------------------------------------------------------ tables */

static void kick(tbs_hub *h, tbs_table *t);
static void table_dirty(tbs_table *t);

/* Stages moves at t in the batch: they are appended to the store's open
 * transaction (begun here if need be), and taken and told once
 * tbs_hub_flush has committed it.  0, or -1 with a message. */
static int stage(tbs_hub *h, tbs_table *t, const tbs_move *moves, int n,
                 tbs_conn *actor, tbs_job *job, char *err, size_t errcap)
{
    staged *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    if ((!tbs_store_in_transaction(h->db) && tbs_store_begin(h->db) != 0) ||
        tbs_table_stage(t, h->db, moves, n, now(h), err, errcap) != 0) {
        if (!err[0])
            snprintf(err, errcap, "%s", tbs_store_error(h->db));
        free(e);
        return -1;
    }
    e->t = t;
    e->actor = actor;
    e->job = job;
    snprintf(e->text, sizeof e->text, "%s", moves[0].text);
    e->next = h->staged;
    h->staged = e;
    return 0;
}

static void unload(tbs_hub *h, tbs_table *t);

/* A new table's creation, committed (ok) or not: the creator is sent
 * `created` and the table starts, or it is told and the table is gone. */
static void created_flushed(tbs_hub *h, staged *e, int ok, const char *why)
{
    if (ok && e->actor) {
        send_json(e->actor, e->created);
    } else {
        json_decref(e->created);
        if (!ok && e->actor)
            send_error(e->actor, "create", "storage", "the table could not "
                       "be saved (%s); try again", why);
    }
    if (ok)
        kick(h, e->t);
    else
        unload(h, e->t);
    free(e);
}

void tbs_hub_flush(tbs_hub *h)
{
    if (!h->staged) {
        if (tbs_store_in_transaction(h->db))
            tbs_store_rollback(h->db); /* only failed stages were in it */
        return;
    }
    int ok = tbs_store_commit(h->db) == 0;
    char why[300];
    snprintf(why, sizeof why, "%s", ok ? "" : tbs_store_error(h->db));
    if (!ok)
        tbs_store_rollback(h->db);
    /* In the order they were staged. */
    staged *list = NULL;
    while (h->staged) {
        staged *e = h->staged;
        h->staged = e->next;
        e->next = list;
        list = e;
    }
    long long at = now(h);
    while (list) {
        staged *e = list;
        list = e->next;
        tbs_table *t = e->t;
        if (e->created) {
            created_flushed(h, e, ok, why);
            continue;
        }
        if (ok) {
            int deals = tbs_table_apply_staged(t, at);
            table_dirty(t);
            if (e->actor) {
                json_t *o = json_object();
                json_object_set_new(o, "type", json_string("ok"));
                json_object_set_new(o, "move", json_integer(t->rec.n_actions));
                json_object_set_new(o, "action", json_string(e->text));
                send_json(e->actor, o);
            }
            /* After a new deal (a level done) the table is shown for two
             * ticks before the next one. */
            if (e->job && is_realtime(t))
                t->next_tick_at = at + (deals ? 2 * t->tick_ms : 0);
        } else {
            tbs_table_drop_staged(t);
            if (e->actor)
                send_error(e->actor, "act", "storage", "your move could not "
                           "be saved (%s); nothing changed, try again", why);
            if (e->job)
                retry_later(t, at, why);
        }
        tbs_job_free(e->job);
        free(e);
        kick(h, t);
    }
    schedule(h);
}

/* Opens the next real-time tick: who chooses in it, and when it ends. */
static void open_tick(tbs_hub *h, tbs_table *t)
{
    tbs_tick_walk(t->g, t->st, t->scratch, t->asked, -1);
    memset(t->has_pending, 0, sizeof t->has_pending);
    t->arrivals = 0;
    t->tick_open = 1;
    t->tick_no++;
    t->tick_end = now(h) + t->tick_ms;
    table_dirty(t);
}

/* Who plays seat j now: its bot's spec, the takeover bot's when its person
 * left, or NULL for a person. */
static const char *seat_bot(const tbs_table *t, int j, int *source)
{
    if (t->seat[j].bot) {
        *source = TBS_BY_BOT;
        return t->seat[j].spec;
    }
    if (t->seat[j].away && t->takeover[0]) {
        *source = TBS_BY_TAKEOVER;
        return t->takeover;
    }
    return NULL;
}

/* Whether a seat's bot spec searches (ISMCTS, itself or as a level). */
static int searches(const tb_game *g, const char *spec)
{
    const char *level = tbi_level_spec(g, spec);
    return strncmp(level ? level : spec, "ismcts", 6) == 0;
}

/* Posts a job for t; the table is busy until it is done. */
static void post(tbs_hub *h, tbs_table *t, tbs_job *j)
{
    uint64_t seed;
    if (tbs_random_bytes(&seed, sizeof seed) != 0)
        seed = (uint64_t)now(h);
    j->seed = seed;
    j->now_ms = now(h);
    /* A searching bot goes to the workers' slow queue. */
    j->slow = j->kind == TBS_JOB_BOT && searches(t->g, j->spec);
    for (int s = 0; j->kind == TBS_JOB_TICK && s < t->cfg.players; s++)
        j->slow |= searches(t->g, j->specs[s]);
    t->busy = 1;
    h->hooks.post_job(h->hooks.user, j);
    table_dirty(t); /* "thinking" */
}

/* Closes the open tick: the workers resolve it. */
static void close_tick(tbs_hub *h, tbs_table *t)
{
    tbs_job *j = tbs_job_new(TBS_JOB_TICK, t);
    if (!j)
        return; /* tried again at the next look */
    for (int s = 0; s < t->cfg.players; s++) {
        int source = 0;
        const char *bot = seat_bot(t, s, &source);
        snprintf(j->specs[s], sizeof j->specs[s], "%s", bot ? bot : "");
        j->sources[s] = source;
        j->has_pending[s] = t->has_pending[s];
        memcpy(j->pending[s], t->pending[s], sizeof j->pending[s]);
        j->arrival[s] = t->arrival[s];
        j->arrived_ms[s] = t->arrived_ms[s];
    }
    t->tick_open = 0;
    post(h, t, j);
}

/* Whether every person who chooses in the open tick and is at the table
 * has chosen (then the tick need not run its time). */
static int tick_complete(const tbs_table *t)
{
    int people = 0;
    for (int s = 0; s < t->cfg.players; s++) {
        if (!t->asked[s] || t->seat[s].bot || t->seat[s].away)
            continue;
        if (!t->seat[s].present)
            return 0;
        people++;
        if (!t->has_pending[s])
            return 0;
    }
    return people > 0;
}

/* Starts whatever t needs next: a bot's move, a tick, or nothing (a
 * person's turn). */
static void kick(tbs_hub *h, tbs_table *t)
{
    if (t->ended || t->broken || t->busy || t->held || t->stage ||
        now(h) < t->retry_at)
        return;
    /* A table nobody is at does not think: it goes on when someone
     * opens it (a table of bots alone plays for its watchers only). */
    if (!t->conns)
        return;
    if (is_realtime(t)) {
        if (!t->tick_open && now(h) >= t->next_tick_at && clock_runs(t))
            open_tick(h, t);
        if (t->tick_open && (now(h) >= t->tick_end || tick_complete(t)))
            close_tick(h, t);
        return;
    }
    int turn = tbs_table_turn(t), source = 0;
    if (turn < 0)
        return;
    const char *bot = seat_bot(t, turn, &source);
    if (!bot)
        return;
    tbs_job *j = tbs_job_new(TBS_JOB_BOT, t);
    if (!j)
        return;
    j->seat = turn;
    j->source = source;
    snprintf(j->spec, sizeof j->spec, "%s", bot);
    post(h, t, j);
}

/* Stores table id as broken, at once, in a transaction of its own. */
static void store_broken(tbs_hub *h, const char *id)
{
    if (tbs_store_begin(h->db) != 0 ||
        tbs_store_end_table(h->db, id, "broken", now(h), NULL) != 0 ||
        tbs_store_commit(h->db) != 0)
        tbs_store_rollback(h->db);
}

/* Marks t out of order (a bot could not move): stored at once. */
static void mark_broken(tbs_hub *h, tbs_table *t, const char *why)
{
    fprintf(stderr, "tabula serve: table %s: %s; it is marked broken\n",
            t->id, why);
    tbs_hub_flush(h);
    t->broken = 1;
    store_broken(h, t->id);
    table_dirty(t);
}

/* Stages a finished job's moves at its table, if they still fit.  Returns
 * 1 when the batch now owns the job, 0 when the caller frees it. */
static int stage_job(tbs_hub *h, tbs_table *t, tbs_job *j)
{
    if (j->rc != TB_OK) {
        mark_broken(h, t, j->err);
        return 0;
    }
    if (j->generation != t->rec.n_actions || t->ended || t->broken)
        return 0; /* the table moved on: this answer is stale */
    if (j->kind == TBS_JOB_BOT && j->source == TBS_BY_TAKEOVER &&
        !t->seat[j->seat].away)
        return 0; /* its person came back while the bot thought */
    char err[300] = "";
    if (stage(h, t, j->moves, j->n_moves, NULL, j, err, sizeof err) != 0) {
        retry_later(t, now(h), err);
        return 0;
    }
    return 1;
}

void tbs_hub_job_done(tbs_hub *h, tbs_job *j)
{
    tbs_table *t = j->table;
    t->busy = 0;
    long long due = t->last_step_ms + h->cfg.bot_pace_ms;
    if (j->kind == TBS_JOB_BOT && j->rc == TB_OK && now(h) < due) {
        /* Too quick for people to follow: wait for the pace. */
        t->held = j;
        t->held_until = due;
        schedule(h);
        return;
    }
    if (!stage_job(h, t, j)) {
        tbs_job_free(j);
        table_dirty(t); /* no longer "thinking" */
    }
    kick(h, t);
    schedule(h);
}

#define SWEEP_MS 2000    /* lifetimes are looked at this often */
#define EXPIRE_MS 60000  /* and unclaimed tables this often */

/* Whether t may leave memory now: nobody is at it and nothing is working
 * on it (it is all in the store). */
static int table_idle(const tbs_table *t)
{
    return !t->conns && !t->busy && !t->held && !t->stage;
}

/* Takes t out of memory (it stays in the store). */
static void unload(tbs_hub *h, tbs_table *t)
{
    for (tbs_table **p = &h->tables; *p; p = &(*p)->next)
        if (*p == t) {
            *p = t->next;
            h->n_tables--;
            tbs_table_free(t);
            return;
        }
}

/* An unclaimed table made too long ago: deleted, unless someone is at it
 * (a watcher of a table of bots). */
static int expire_one(void *user, const char *id)
{
    tbs_hub *h = user;
    tbs_table *t = tbs_hub_table(h, id);
    if (t && !table_idle(t))
        return 0;
    if (tbs_store_begin(h->db) != 0 || tbs_store_delete_table(h->db, id) ||
        tbs_store_commit(h->db) != 0) {
        tbs_store_rollback(h->db);
        return 1;
    }
    if (t)
        unload(h, t);
    return 0;
}

/* A table the operator closed (tabula serve --close): those at it are
 * told, and it takes no more moves. */
static int closed_one(void *user, const char *id)
{
    tbs_hub *h = user;
    tbs_table *t = tbs_hub_table(h, id);
    if (t && !t->closed) {
        t->closed = t->broken = 1;
        table_dirty(t);
    }
    return 0;
}

/* Lifetimes: archives idle tables, deletes unclaimed old ones, and takes
 * note of the operator's closes. */
static void sweep(tbs_hub *h, long long at)
{
    tbs_hub_flush(h); /* the store is used outside the batch below */
    tbs_store_each_id(h->db, TBS_IDS_CLOSED, h->closed_seen - SWEEP_MS,
                      closed_one, h);
    h->closed_seen = at;
    if (h->cfg.archive_ms > 0) {
        tbs_table *t = h->tables;
        while (t) {
            tbs_table *next = t->next;
            if (table_idle(t) && at - t->used_ms >= h->cfg.archive_ms)
                unload(h, t);
            t = next;
        }
    }
    if (h->cfg.expire_ms > 0 && at >= h->next_expire) {
        h->next_expire = at + (h->cfg.expire_ms / 2 < EXPIRE_MS
                                   ? h->cfg.expire_ms / 2
                                   : EXPIRE_MS);
        tbs_store_each_id(h->db, TBS_IDS_UNCLAIMED, at - h->cfg.expire_ms,
                          expire_one, h);
    }
    long long every = SWEEP_MS;
    if (h->cfg.archive_ms > 0 && h->cfg.archive_ms / 2 < every)
        every = h->cfg.archive_ms / 2 > 200 ? h->cfg.archive_ms / 2 : 200;
    h->next_sweep = at + every;
}

void tbs_hub_run_timers(tbs_hub *h)
{
    long long at = now(h);
    h->wake = 0;
    if (h->next_sweep > 0 && at >= h->next_sweep)
        sweep(h, at);
    /* A connection over its soft limit for too long is dropped. */
    if (h->n_paused > 0)
        for (tbs_conn *c = h->conns; c; c = c->hnext)
            if (c->paused && c->full_since > 0 &&
                at >= c->full_since + h->cfg.out_soft_ms)
                drop_conn(c);
    for (tbs_table *t = h->tables; t; t = t->next) {
        if (t->deadline == 0 || t->deadline > at)
            continue;
        for (int j = 0; j < t->cfg.players; j++) {
            tbs_seat *s = &t->seat[j];
            if (t->takeover[0] && !s->bot && !s->away && !s->present &&
                s->gone_at > 0 && at >= s->gone_at + h->cfg.grace_ms) {
                s->away = 1;
                table_dirty(t);
            }
        }
        if (t->held && at >= t->held_until) {
            tbs_job *j = t->held;
            t->held = NULL;
            if (!stage_job(h, t, j)) {
                tbs_job_free(j);
                table_dirty(t);
            }
        }
        kick(h, t);
    }
    schedule(h);
}

/* Adds a table to the hub's list. */
static void hub_add(tbs_hub *h, tbs_table *t)
{
    t->next = h->tables;
    h->tables = t;
    h->n_tables++;
}

/* Whether t may leave memory: an ended (or broken) table nobody is at and
 * nothing is working on. */
static int idle_ended(const tbs_table *t)
{
    return (t->ended || t->broken) && !t->conns && !t->busy && !t->held &&
           !t->stage;
}

/* Called when t may have become idle: keeps the KEEP_ENDED idle ended
 * tables used last in memory (for replays and records, which would
 * otherwise rebuild a table at each request) and drops the one used
 * longest ago beyond them (it is reloaded when asked for). */
static void maybe_evict(tbs_hub *h, tbs_table *t)
{
    if (!idle_ended(t))
        return;
    int idle = 0;
    tbs_table *oldest = NULL;
    for (tbs_table *u = h->tables; u; u = u->next) {
        if (!idle_ended(u))
            continue;
        idle++;
        if (!oldest || u->used_ms < oldest->used_ms)
            oldest = u;
    }
    if (idle <= KEEP_ENDED)
        return;
    for (tbs_table **p = &h->tables; *p; p = &(*p)->next) {
        if (*p == oldest) {
            *p = oldest->next;
            h->n_tables--;
            tbs_table_free(oldest);
            return;
        }
    }
}

tbs_table *tbs_hub_table(tbs_hub *h, const char *id)
{
    for (tbs_table *t = h->tables; t; t = t->next)
        if (strcmp(t->id, id) == 0)
            return t;
    return NULL;
}

/* The table with this id, loaded from the store when it is not in
 * memory; NULL with *missing set when there is none. */
static tbs_table *find_table(tbs_hub *h, const char *id, int *missing,
                             char *err, size_t errcap)
{
    *missing = 0;
    tbs_table *t = tbs_hub_table(h, id);
    if (!t) {
        t = tbs_table_load(h->db, id, missing, err, errcap);
        if (t)
            hub_add(h, t);
    }
    if (t)
        t->used_ms = now(h);
    return t;
}

/* ------------------------------------------------------------ seats */

/* Takes c away from its table, if any (which stays in memory: see
 * maybe_evict). */
static void detach(tbs_conn *c)
{
    tbs_table *t = c->table;
    if (!t)
        return;
    if (c->tprev)
        c->tprev->tnext = c->tnext;
    else
        t->conns = c->tnext;
    if (c->tnext)
        c->tnext->tprev = c->tprev;
    c->tnext = c->tprev = NULL;
    if (c->seat >= 0) {
        tbs_seat *s = &t->seat[c->seat];
        if (c->peer)
            c->peer->seats--;
        if (--s->present == 0)
            s->gone_at = now(c->hub);
        table_dirty(t);
    } else {
        t->watchers--;
    }
    t->used_ms = now(c->hub);
    c->table = NULL;
    c->seat = NO_SEAT;
    c->log_sent = 0;
    schedule(c->hub);
}

/* Puts c at t, in seat (or TB_SPECTATOR). */
static void attach(tbs_conn *c, tbs_table *t, int seat)
{
    t->used_ms = now(c->hub);
    c->table = t;
    c->seat = seat;
    c->log_sent = 0;
    c->tnext = t->conns;
    c->tprev = NULL;
    if (t->conns)
        t->conns->tprev = c;
    t->conns = c;
    if (seat >= 0) {
        tbs_seat *s = &t->seat[seat];
        if (c->peer)
            c->peer->seats++;
        s->present++;
        s->away = 0;
        s->gone_at = 0;
        table_dirty(t);
    } else {
        t->watchers++;
        mark_dirty(c);
    }
}

/* Writes seat j's row (its token hashes and claim) to the store. */
static int save_seat(tbs_hub *h, tbs_table *t, int j)
{
    tbs_hub_flush(h);
    tbs_seat_row r;
    tbs_table_seat_row(t, j, &r);
    if (tbs_store_begin(h->db) != 0 || tbs_store_set_seat(h->db, t->id, &r) ||
        tbs_store_commit(h->db) != 0) {
        tbs_store_rollback(h->db);
        return -1;
    }
    return 0;
}

/* Writes t's invite (or its absence) to the store. */
static int save_invite(tbs_hub *h, tbs_table *t)
{
    tbs_hub_flush(h);
    if (tbs_store_begin(h->db) != 0 ||
        tbs_store_set_invite(h->db, t->id,
                             t->has_invite ? t->invite_hash : NULL) != 0 ||
        tbs_store_commit(h->db) != 0) {
        tbs_store_rollback(h->db);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ requests */

/* The bots a table may seat: the game's levels (easy to expert), the
 * engine's kinds that run in bounded time and the game's own policies;
 * ISMCTS only with a bounded budget; the learnt `net` only with its
 * built-in weights (no file from a client). */
static int check_bot(const tb_game *g, const char *spec, int max_s,
                     char *err, size_t errcap)
{
    /* A level's spec is the game's own, with a bounded budget. */
    if (tbi_level_spec(g, spec))
        return 0;
    char name[TB_SEAT_SPEC];
    snprintf(name, sizeof name, "%s", spec);
    char *params = strchr(name, ':');
    if (params)
        *params++ = '\0';
    int known = strcmp(name, "random") == 0 ||
                strcmp(name, "heuristic") == 0 ||
                strcmp(name, "greedy") == 0 || strcmp(name, "ismcts") == 0 ||
                strcmp(name, "net") == 0;
    for (int i = 0; i < g->n_policies; i++)
        known |= strcmp(name, g->policies[i].name) == 0;
    if (!known) {
        char names[300];
        tb_text t;
        tb_text_init(&t, names, sizeof names);
        tb_text_puts(&t, "easy, medium, hard, expert, random, heuristic, "
                        "greedy, ismcts, net");
        for (int i = 0; i < g->n_policies; i++)
            tb_text_printf(&t, ", %s", g->policies[i].name);
        snprintf(err, errcap, "unknown bot '%s'; %s's bots are: %s", name,
                 g->id, names);
        return -1;
    }
    if (params && strcmp(name, "ismcts") != 0) {
        snprintf(err, errcap, "bot '%s' takes no parameters", name);
        return -1;
    }
    if (params) {
        /* One budget: time=S (at most the server's cap, max_s seconds)
         * or iters=N (at most 200000). */
        double v;
        char key[16], extra;
        if (sscanf(params, "%15[a-z]=%lf%c", key, &v, &extra) != 2 ||
            !((strcmp(key, "time") == 0 && v > 0 && v <= max_s) ||
              (strcmp(key, "iters") == 0 && v >= 1 && v <= 200000))) {
            snprintf(err, errcap, "ismcts here takes one budget: time=S "
                     "(up to %d seconds) or iters=N (up to 200000), not "
                     "'%s'", max_s, params);
            return -1;
        }
    }
    tb_bot *b = tb_bot_new(g, spec, 0, err, errcap);
    if (!b)
        return -1;
    tb_bot_free(b);
    return 0;
}

/* The reply to `games`: every game with its options and bots. */
static char *games_text(void)
{
    json_t *games = json_array();
    for (int i = 0; i < tb_game_count(); i++) {
        const tb_game *g = tb_game_at(i);
        json_t *o = json_object();
        json_object_set_new(o, "id", json_string(g->id));
        json_object_set_new(o, "title", json_string(g->title));
        json_object_set_new(o, "blurb", json_string(g->blurb));
        json_object_set_new(o, "min_players", json_integer(g->min_players));
        json_object_set_new(o, "max_players", json_integer(g->max_players));
        json_object_set_new(o, "cooperative",
                            json_boolean(g->flags & TB_GAME_COOPERATIVE));
        json_object_set_new(o, "realtime",
                            json_boolean(g->flags & TB_GAME_REALTIME));
        json_t *opts = json_array();
        for (int k = 0; k < g->n_options; k++) {
            const tb_option_def *d = &g->options[k];
            json_t *od = json_object();
            json_object_set_new(od, "name", json_string(d->name));
            json_object_set_new(od, "help", json_string(d->help));
            static const char *types[] = {"int", "bool", "enum"};
            json_object_set_new(od, "type", json_string(types[d->type]));
            if (d->type == TB_OPT_ENUM) {
                json_t *ch = json_array();
                for (int v = d->min; v <= d->max; v++)
                    json_array_append_new(ch, json_string(d->choices[v]));
                json_object_set_new(od, "choices", ch);
                json_object_set_new(od, "default",
                                    json_string(d->choices[d->def]));
            } else if (d->type == TB_OPT_BOOL) {
                json_object_set_new(od, "default", json_boolean(d->def));
            } else {
                json_object_set_new(od, "default", json_integer(d->def));
                json_object_set_new(od, "min", json_integer(d->min));
                json_object_set_new(od, "max", json_integer(d->max));
            }
            json_array_append_new(opts, od);
        }
        json_object_set_new(o, "options", opts);
        json_t *bots = json_array();
        /* The levels first, by name, with what each plays as. */
        const tbi_levels *lv = tbi_levels_of(g);
        for (int k = 0; lv && k < TBI_LEVELS; k++) {
            const tbi_level *l = &lv->level[k];
            char label[300];
            const tbi_steps *ss = tbi_steps_of(g);
            const tbi_step *st = ss && k > 0 ? &ss->step[k - 1] : NULL;
            if (st && st->games > 0 && lv->team)
                snprintf(label, sizeof label, "%s (%s, team success %.0f%%)",
                         l->name, l->spec, st->share);
            else if (st && st->games > 0)
                snprintf(label, sizeof label, "%s (%s, wins %.0f%% against "
                         "%s)", l->name, l->spec, st->share,
                         lv->level[k - 1].name);
            else if (ss)
                snprintf(label, sizeof label, "%s (%s)", l->name, l->spec);
            else if (lv->games > 0 && lv->team)
                snprintf(label, sizeof label, "%s (%s, team success %.0f%%)",
                         l->name, l->spec, l->rating);
            else if (lv->games > 0)
                snprintf(label, sizeof label, "%s (%s, rating %+.0f)",
                         l->name, l->spec, l->rating);
            else
                snprintf(label, sizeof label, "%s (%s)", l->name, l->spec);
            json_t *b = json_object();
            json_object_set_new(b, "spec", json_string(l->name));
            json_object_set_new(b, "label", json_string(label));
            json_object_set_new(b, "level", json_true());
            json_array_append_new(bots, b);
        }
        static const char *const std[][2] = {
            {"heuristic", "heuristic: a decent player, moves at once"},
            {"ismcts", "ismcts: the game's default search (docs/bots.md has its "
             "strength and time a move)"},
            {"random", "random: legal moves at random"},
        };
        for (size_t k = 0; k < sizeof std / sizeof std[0]; k++) {
            /* Only the bots that can be made for this game. */
            char err[256];
            tb_bot *probe = tb_bot_new(g, std[k][0], 0, err, sizeof err);
            if (!probe)
                continue;
            tb_bot_free(probe);
            json_t *b = json_object();
            json_object_set_new(b, "spec", json_string(std[k][0]));
            json_object_set_new(b, "label", json_string(std[k][1]));
            json_array_append_new(bots, b);
        }
        for (int k = 0; k < g->n_policies; k++) {
            json_t *b = json_object();
            char label[300];
            snprintf(label, sizeof label, "%s: %s", g->policies[k].name,
                     g->policies[k].help);
            json_object_set_new(b, "spec", json_string(g->policies[k].name));
            json_object_set_new(b, "label", json_string(label));
            json_array_append_new(bots, b);
        }
        json_object_set_new(o, "bots", bots);
        json_array_append_new(games, o);
    }
    json_t *reply = json_object();
    json_object_set_new(reply, "type", json_string("games"));
    json_object_set_new(reply, "version", json_string(TB_VERSION));
    json_object_set_new(reply, "games", games);
    json_t *limits = json_object();
    json_object_set_new(limits, "tick_min", json_integer(TBS_TICK_MIN));
    json_object_set_new(limits, "tick_max", json_integer(TBS_TICK_MAX));
    json_object_set_new(reply, "limits", limits);
    char *text = json_dumps(reply, JSON_COMPACT);
    json_decref(reply);
    return text;
}

static void req_games(tbs_conn *c)
{
    tbs_hub *h = c->hub;
    if (!h->games_text)
        h->games_text = games_text();
    if (h->games_text)
        send_text(c, strdup(h->games_text));
}

static void req_rules(tbs_conn *c, json_t *req)
{
    const char *id = json_string_value(json_object_get(req, "game"));
    const tb_game *g = id ? tb_find_game(id) : NULL;
    if (!g) {
        send_error(c, "rules", "unknown_game", "there is no game '%s'",
                   id ? id : "");
        return;
    }
    const char *doc = tb_game_doc(g);
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("rules"));
    json_object_set_new(o, "game", json_string(g->id));
    json_object_set_new(o, "text", json_string(doc ? doc : ""));
    send_json(c, o);
}

/* The game ids, for messages. */
static void game_names(char *buf, size_t cap)
{
    tb_text t;
    tb_text_init(&t, buf, cap);
    for (int i = 0; i < tb_game_count(); i++)
        tb_text_printf(&t, "%s%s", i ? ", " : "", tb_game_at(i)->id);
}

/* Reads the options object of a create request into cfg. */
static int read_options(tbs_conn *c, const tb_game *g, json_t *opts,
                        tb_config *cfg)
{
    if (!opts)
        return 0;
    if (!json_is_object(opts)) {
        send_error(c, "create", "bad_option", "options must be an object "
                   "of name: value");
        return -1;
    }
    const char *key;
    json_t *v;
    json_object_foreach(opts, key, v) {
        char value[64], err[256];
        if (json_is_string(v))
            snprintf(value, sizeof value, "%s", json_string_value(v));
        else if (json_is_integer(v))
            snprintf(value, sizeof value, "%lld",
                     (long long)json_integer_value(v));
        else if (json_is_boolean(v))
            snprintf(value, sizeof value, "%s", json_is_true(v) ? "on" : "off");
        else {
            send_error(c, "create", "bad_option", "option '%s' needs a "
                       "number, a word or true/false", key);
            return -1;
        }
        if (tb_config_set(g, cfg, key, value, err, sizeof err) != TB_OK) {
            send_error(c, "create", "bad_option", "%s", err);
            return -1;
        }
    }
    return 0;
}

static void req_create(tbs_conn *c, json_t *req)
{
    tbs_hub *h = c->hub;
    const char *id = json_string_value(json_object_get(req, "game"));
    const tb_game *g = id ? tb_find_game(id) : NULL;
    char err[512];
    if (!g) {
        char names[600];
        game_names(names, sizeof names);
        send_error(c, "create", "unknown_game", "unknown game '%.60s'; the "
                   "games are: %s", id ? id : "", names);
        return;
    }
    json_t *pj = json_object_get(req, "players");
    int players = g->min_players;
    if (pj) {
        if (!json_is_integer(pj) || json_integer_value(pj) < g->min_players ||
            json_integer_value(pj) > g->max_players) {
            send_error(c, "create", "bad_players", "%s takes %d to %d "
                       "players", g->title, g->min_players, g->max_players);
            return;
        }
        players = (int)json_integer_value(pj);
    }
    tb_config cfg;
    tb_config_default(g, players, &cfg);
    if (read_options(c, g, json_object_get(req, "options"), &cfg) != 0)
        return;
    if (tb_config_check(g, &cfg, err, sizeof err) != TB_OK) {
        send_error(c, "create", "bad_option", "%s", err);
        return;
    }
    char specs[TB_MAX_PLAYERS][TB_SEAT_SPEC];
    json_t *seats = json_object_get(req, "seats");
    if (!json_is_array(seats) || (int)json_array_size(seats) != players) {
        send_error(c, "create", "bad_request", "seats must list who sits "
                   "at each of the %d seats: \"human\" or a bot", players);
        return;
    }
    for (int j = 0; j < players; j++) {
        const char *s = json_string_value(json_array_get(seats, (size_t)j));
        if (!s || strlen(s) >= TB_SEAT_SPEC) {
            send_error(c, "create", "bad_request", "seat %d: \"human\" or a "
                       "bot's name", j);
            return;
        }
        if (strcmp(s, "human") != 0 && check_bot(g, s, h->cfg.bot_time_max_s, err,
                                                sizeof err)) {
            send_error(c, "create", "bad_bot", "seat %d: %s", j, err);
            return;
        }
        snprintf(specs[j], sizeof specs[j], "%s", s);
    }
    const char *takeover = "";
    json_t *tj = json_object_get(req, "takeover");
    if (tj && !json_is_null(tj)) {
        takeover = json_string_value(tj);
        if (!takeover || strlen(takeover) >= TB_SEAT_SPEC ||
            (takeover[0] && check_bot(g, takeover, h->cfg.bot_time_max_s,
                                      err, sizeof err))) {
            send_error(c, "create", "bad_bot", "takeover: %s",
                       takeover ? err : "a bot's name, or \"\" for none");
            return;
        }
    }
    int tick_ms = 1000;
    json_t *tk = json_object_get(req, "tick_ms");
    if (tk) {
        if (!json_is_integer(tk) || json_integer_value(tk) < TBS_TICK_MIN ||
            json_integer_value(tk) > TBS_TICK_MAX) {
            send_error(c, "create", "bad_tick", "tick_ms: a whole number of "
                       "milliseconds from %d to %d", TBS_TICK_MIN,
                       TBS_TICK_MAX);
            return;
        }
        tick_ms = (int)json_integer_value(tk);
    }
    /* The creator's seat is theirs from the start: no invite can take it
     * (default: the first person's seat; null: the creator only
     * watches). */
    int creator = -1;
    json_t *cj = json_object_get(req, "creator");
    if (cj && !json_is_null(cj)) {
        if (!json_is_integer(cj) || json_integer_value(cj) < 0 ||
            json_integer_value(cj) >= players ||
            strcmp(specs[json_integer_value(cj)], "human") != 0) {
            send_error(c, "create", "bad_request", "creator: the number of "
                       "a person's seat, or null");
            return;
        }
        creator = (int)json_integer_value(cj);
    } else if (!cj) {
        for (int j = players - 1; j >= 0; j--)
            if (strcmp(specs[j], "human") == 0)
                creator = j;
    }
    if (h->n_tables >= h->cfg.max_tables) {
        send_limit(c, "create", "server", 60, "this server holds %d "
                   "tables already; try again later", h->cfg.max_tables);
        return;
    }
    peer *p = c->peer;
    if (p) {
        bucket_fill(&p->tables, &p->tables_at, h->cfg.tables_burst,
                    h->cfg.tables_per_hour, 3600000, now(h));
        if (p->tables < 1) {
            send_limit(c, "create", "tables",
                       bucket_wait(p->tables, h->cfg.tables_per_hour,
                                   3600000),
                       "your address may create %d tables at once and %d "
                       "an hour; it has used them", h->cfg.tables_burst,
                       h->cfg.tables_per_hour);
            return;
        }
    }
    tbs_table *t = tbs_table_new(g, &cfg, specs, takeover, tick_ms, now(h),
                                 err, sizeof err);
    if (!t) {
        send_error(c, "create", "bad_option", "%s", err);
        return;
    }
    char tokens[TB_MAX_PLAYERS][TBS_TOKEN_HEX + 1];
    for (int j = 0; j < players; j++) {
        if (t->seat[j].bot)
            continue;
        if (tbs_token_new(tokens[j], t->seat[j].hash) != 0) {
            tbs_table_free(t);
            send_error(c, "create", "storage", "the system gave no random "
                       "numbers for the seat links");
            return;
        }
        t->seat[j].has_hash = 1;
    }
    if (creator >= 0)
        t->seat[creator].claimed = 1;
    char invite[TBS_TOKEN_HEX + 1] = "";
    int open_seats = 0;
    for (int j = 0; j < players; j++)
        open_seats += !t->seat[j].bot && !t->seat[j].claimed;
    if (open_seats > 0) {
        if (tbs_token_new(invite, t->invite_hash) != 0) {
            tbs_table_free(t);
            send_error(c, "create", "storage", "the system gave no random "
                       "numbers for the invite link");
            return;
        }
        t->has_invite = 1;
    }
    /* The new table joins the turn's group commit (one disk sync for
     * every move and table of the turn): `created` is sent once it is
     * committed (created_flushed), so the creator never holds links to a
     * table that is not on disk. */
    staged *e = calloc(1, sizeof *e);
    err[0] = '\0';
    if (!e ||
        (!tbs_store_in_transaction(h->db) && tbs_store_begin(h->db) != 0) ||
        tbs_table_save(t, h->db, err, sizeof err) != 0) {
        if (!err[0])
            snprintf(err, sizeof err, "%s",
                     e ? tbs_store_error(h->db) : "out of memory");
        if (tbs_store_in_transaction(h->db))
            tbs_store_delete_table(h->db, t->id); /* its rows, if any */
        free(e);
        tbs_table_free(t);
        send_error(c, "create", "storage", "the table could not be saved: "
                   "%s", err);
        return;
    }
    hub_add(h, t);
    t->used_ms = now(h);
    if (p)
        p->tables -= 1;
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("created"));
    json_object_set_new(o, "table", json_string(t->id));
    json_object_set_new(o, "game", json_string(g->id));
    json_t *toks = json_array();
    for (int j = 0; j < players; j++) {
        json_t *s = json_object();
        json_object_set_new(s, "seat", json_integer(j));
        json_object_set_new(s, "player", json_string(specs[j]));
        if (!t->seat[j].bot)
            json_object_set_new(s, "token", json_string(tokens[j]));
        json_array_append_new(toks, s);
    }
    json_object_set_new(o, "seats", toks);
    json_object_set_new(o, "creator", creator >= 0 ? json_integer(creator)
                                                   : json_null());
    json_object_set_new(o, "invite", invite[0] ? json_string(invite)
                                               : json_null());
    e->t = t;
    e->actor = c;
    e->created = o;
    e->next = h->staged;
    h->staged = e;
}

/* Finds the seat whose token is `text`: every seat's hash is compared,
 * in constant time, whatever matches.  The seat, -1 for no match, or -2
 * when the token is one an invite claim replaced. */
static int seat_of_token(const tbs_table *t, const uint8_t hash[TBS_HASH])
{
    int found = -1, replaced = 0;
    for (int j = 0; j < t->cfg.players; j++) {
        int eq = t->seat[j].has_hash && tbs_hash_equal(t->seat[j].hash, hash);
        int old = t->seat[j].has_old &&
                  tbs_hash_equal(t->seat[j].old_hash, hash);
        if (eq)
            found = j;
        replaced |= old;
    }
    return found >= 0 ? found : replaced ? -2 : -1;
}

/* Sends the `joined` reply. */
static void send_joined(tbs_conn *c, tbs_table *t, int seat,
                        const char *token)
{
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("joined"));
    json_object_set_new(o, "table", json_string(t->id));
    json_object_set_new(o, "seat", seat >= 0 ? json_integer(seat)
                                             : json_null());
    if (token)
        json_object_set_new(o, "token", json_string(token));
    send_json(c, o);
}

/* Gives seat j of t a new link for the request `in` ("join" with an
 * invite, which also claims the seat; "reissue"): a fresh token, written
 * as hex to fresh, whose hash replaces the seat's, the old hash kept so
 * that the old link is answered token_replaced; saved before it counts.
 * On failure the seat is as it was, c is sent the error, and -1 is
 * returned. */
static int renew_seat_link(tbs_conn *c, tbs_table *t, int j, const char *in,
                           int claim, char *fresh)
{
    tbs_hub *h = c->hub;
    tbs_seat saved = t->seat[j];
    t->seat[j].has_old = t->seat[j].has_hash;
    memcpy(t->seat[j].old_hash, t->seat[j].hash, TBS_HASH);
    if (tbs_token_new(fresh, t->seat[j].hash) != 0) {
        t->seat[j] = saved;
        send_error(c, in, "storage", "the system gave no random numbers "
                   "for a seat link");
        return -1;
    }
    t->seat[j].has_hash = 1;
    if (claim)
        t->seat[j].claimed = 1;
    if (save_seat(h, t, j) != 0) {
        t->seat[j] = saved;
        send_error(c, in, "storage", "the seat's new link could not be "
                   "saved: %s", tbs_store_error(h->db));
        return -1;
    }
    return 0;
}

/* Sends away every other connection that holds seat at t. */
static void move_seat(tbs_conn *c, tbs_table *t, int seat)
{
    tbs_conn *o = t->conns;
    while (o) {
        tbs_conn *next = o->tnext;
        if (o != c && o->seat == seat) {
            o->closing = 1;
            send_error(o, NULL, "seat_moved", "this seat was opened in "
                       "another window; this one is closed");
            detach(o);
        }
        o = next;
    }
}

static void req_join(tbs_conn *c, json_t *req)
{
    tbs_hub *h = c->hub;
    const char *id = json_string_value(json_object_get(req, "table"));
    json_t *tok = json_object_get(req, "token");
    int claim = json_is_true(json_object_get(req, "claim"));
    int force = json_is_true(json_object_get(req, "takeover"));
    char err[512];
    if (!id || !tbs_is_table_id(id)) {
        send_error(c, "join", "unknown_table", "a table id is %d hex "
                   "digits; check the link", TBS_ID_HEX);
        return;
    }
    if (tok && !json_is_string(tok)) {
        send_error(c, "join", "bad_token", "this seat link is not valid");
        return;
    }
    int missing;
    tbs_table *t = find_table(h, id, &missing, err, sizeof err);
    if (!t) {
        if (missing)
            send_error(c, "join", "unknown_table", "there is no table %s; "
                       "check the link", id);
        else
            send_error(c, "join", "broken", "table %s cannot be opened: %s",
                       id, err);
        return;
    }
    int seat = TB_SPECTATOR;
    char fresh[TBS_TOKEN_HEX + 1];
    int issued = 0;
    peer *p = c->peer;
    /* The seat c holds now (here or at another table) it gives up. */
    if (p && (tok || claim) && p->seats - (c->seat >= 0) >= h->cfg.max_seats) {
        send_limit(c, "join", "seats", 30, "your address holds %d seats "
                   "already, the most allowed; leave one first",
                   h->cfg.max_seats);
        maybe_evict(h, t);
        return;
    }
    json_t *inv = json_object_get(req, "invite");
    if (claim && (!inv || !json_is_string(inv))) {
        send_error(c, "join", "bad_invite", "taking a free seat needs the "
                   "table's invite link (a spectator's link opens no seat)");
        maybe_evict(h, t);
        return;
    }
    if ((tok || claim) && p) {
        /* Guesses are counted per address, so that reconnecting does not
         * give more; once they are used up no token is even looked at. */
        bucket_fill(&p->guesses, &p->guesses_at, h->cfg.guesses_per_min,
                    h->cfg.guesses_per_min, 60000, now(h));
        if (p->guesses < 1) {
            c->closing = 1;
            send_limit(c, "join", "guesses",
                       bucket_wait(p->guesses, h->cfg.guesses_per_min,
                                   60000),
                       "too many wrong seat links from your address; wait "
                       "before trying again");
            maybe_evict(h, t);
            return;
        }
    }
    if (tok) {
        uint8_t hash[TBS_HASH];
        int s = tbs_token_hash(json_string_value(tok), hash) == 0
                    ? seat_of_token(t, hash)
                    : -1;
        if (s < 0) {
            if (++c->bad_tokens >= MAX_BAD_TOKENS)
                c->closing = 1;
            if (p)
                p->guesses -= 1;
            if (s == -2)
                send_error(c, "join", "token_replaced", "this seat link was "
                           "replaced: someone took the seat with the "
                           "table's invite link; you can watch instead");
            else
                send_error(c, "join", "bad_token", "this seat link is not "
                           "valid for this table");
            maybe_evict(h, t);
            return;
        }
        seat = s;
    } else if (claim) {
        uint8_t ih[TBS_HASH];
        if (tbs_token_hash(json_string_value(inv), ih) != 0 ||
            !t->has_invite || !tbs_hash_equal(ih, t->invite_hash)) {
            if (++c->bad_tokens >= MAX_BAD_TOKENS)
                c->closing = 1;
            if (p)
                p->guesses -= 1;
            send_error(c, "join", "bad_invite", "this invite link was used "
                       "already or withdrawn; ask for a new one (you can "
                       "watch instead)");
            maybe_evict(h, t);
            return;
        }
        int s = -1;
        for (int j = 0; j < t->cfg.players && s < 0; j++)
            if (!t->seat[j].bot && !t->seat[j].claimed)
                s = j;
        if (s < 0 || t->ended) {
            send_error(c, "join", "table_full", "every seat at this table "
                       "is taken; you can watch instead");
            maybe_evict(h, t);
            return;
        }
        if (renew_seat_link(c, t, s, "join", 1, fresh) != 0)
            return;
        /* An invite opens one seat. */
        t->has_invite = 0;
        save_invite(h, t);
        seat = s;
        issued = 1;
    } else if (t->watchers >= TBS_MAX_WATCHERS) {
        send_error(c, "join", "table_full", "%d people are watching this "
                   "table already", TBS_MAX_WATCHERS);
        return;
    }
    if (seat >= 0 && t->seat[seat].present > 0 && !force &&
        !(c->table == t && c->seat == seat)) {
        send_error(c, "join", "seat_in_use", "seat %d is open in another "
                   "window; join with takeover to move it here", seat);
        maybe_evict(h, t);
        return;
    }
    if (c->table == t && c->seat == seat) {
        /* Joining again where it is: a fresh start of the log. */
        c->log_sent = 0;
        send_joined(c, t, seat, issued ? fresh : NULL);
        mark_dirty(c);
        return;
    }
    if (seat >= 0)
        move_seat(c, t, seat);
    tbs_table *old = c->table;
    detach(c);
    if (old && old != t)
        maybe_evict(h, old);
    if (seat >= 0 && !t->seat[seat].claimed) {
        t->seat[seat].claimed = 1;
        save_seat(h, t, seat); /* a lost claim flag only affects invites */
    }
    send_joined(c, t, seat, issued ? fresh : NULL);
    attach(c, t, seat);
    kick(h, t);
    schedule(h);
}

/* `invite`: a person at a seat makes a new invite link (the old one stops
 * working), or withdraws it with "revoke": true. */
static void req_invite(tbs_conn *c, json_t *req)
{
    tbs_hub *h = c->hub;
    tbs_table *t = c->table;
    if (!t || c->seat < 0) {
        send_error(c, "invite", "not_seated", "only a person at a seat of "
                   "the table may invite");
        return;
    }
    if (t->ended || t->broken) {
        send_error(c, "invite", "game_over", "the game is over");
        return;
    }
    int revoke = json_is_true(json_object_get(req, "revoke"));
    char text[TBS_TOKEN_HEX + 1] = "";
    int had = t->has_invite;
    uint8_t old[TBS_HASH];
    memcpy(old, t->invite_hash, TBS_HASH);
    if (revoke) {
        t->has_invite = 0;
    } else {
        if (tbs_token_new(text, t->invite_hash) != 0) {
            send_error(c, "invite", "storage", "the system gave no random "
                       "numbers for the invite link");
            return;
        }
        t->has_invite = 1;
    }
    if (save_invite(h, t) != 0) {
        t->has_invite = had;
        memcpy(t->invite_hash, old, TBS_HASH);
        send_error(c, "invite", "storage", "the invite could not be saved: "
                   "%s", tbs_store_error(h->db));
        return;
    }
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("invite"));
    json_object_set_new(o, "table", json_string(t->id));
    json_object_set_new(o, "invite", text[0] ? json_string(text)
                                             : json_null());
    send_json(c, o);
}

/* `reissue`: the person at a seat gets a new link for it; the old one
 * stops working (it is answered token_replaced) and any other window
 * holding the seat is closed. */
static void req_reissue(tbs_conn *c)
{
    tbs_table *t = c->table;
    if (!t || c->seat < 0) {
        send_error(c, "reissue", "not_seated", "join a table at a seat "
                   "first");
        return;
    }
    int j = c->seat;
    char fresh[TBS_TOKEN_HEX + 1];
    if (renew_seat_link(c, t, j, "reissue", 0, fresh) != 0)
        return;
    move_seat(c, t, j);
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("reissued"));
    json_object_set_new(o, "table", json_string(t->id));
    json_object_set_new(o, "seat", json_integer(j));
    json_object_set_new(o, "token", json_string(fresh));
    send_json(c, o);
}

/* Refuses a move the engine would not take, with the engine's reason;
 * the reason names the move when it does not already (a short reason,
 * such as "type draw", then still says what was refused). */
static void send_illegal(tbs_conn *c, const char *text, const char *why)
{
    if (strstr(why, text))
        send_error(c, "act", "illegal", "%s", why);
    else
        send_error(c, "act", "illegal", "'%s' is not a legal move now: %s",
                   text, why);
}

static void req_act(tbs_conn *c, json_t *req)
{
    tbs_hub *h = c->hub;
    tbs_table *t = c->table;
    const char *text = json_string_value(json_object_get(req, "action"));
    if (!t || c->seat < 0) {
        send_error(c, "act", "not_seated", "join a table at a seat first");
        return;
    }
    if (t->broken) {
        send_error(c, "act", t->closed ? "closed" : "broken",
                   t->closed ? "this table was closed by the server's "
                               "operator"
                             : "this table is out of order");
        return;
    }
    if (t->ended) {
        send_error(c, "act", "game_over", "the game is over");
        return;
    }
    if (!text || utf8_chars(text) > TB_ACTION_TEXT - 1) {
        send_error(c, "act", "bad_request", "action: a move in the game's "
                   "notation, at most %d characters", TB_ACTION_TEXT - 1);
        return;
    }
    if (strlen(text) >= TB_ACTION_TEXT) {
        /* Few characters but many bytes: no game's notation (plain
         * ASCII) has such a move. */
        send_illegal(c, "?", "moves are written in plain ASCII");
        return;
    }
    json_t *mv = json_object_get(req, "move");
    if (mv && !json_is_integer(mv)) {
        send_error(c, "act", "bad_request", "move: the number of moves the "
                   "client saw, a whole number (not a string)");
        return;
    }
    if (mv && json_integer_value(mv) != t->rec.n_actions) {
        send_error(c, "act", "stale", "the table has moved on since move "
                   "%lld; here it is now", (long long)json_integer_value(mv));
        mark_dirty(c);
        return;
    }
    char err[512];
    tb_action a;
    if (is_realtime(t)) {
        int asked[TB_MAX_PLAYERS];
        if (!t->tick_open) {
            send_error(c, "act", "not_now", "the next tick has not begun");
            return;
        }
        if (!tbs_tick_walk(t->g, t->st, t->scratch, asked, c->seat)) {
            send_error(c, "act", "not_your_turn", "you have no choice to "
                       "make in this tick");
            return;
        }
        if (tb_parse_action(t->g, t->scratch, text, &a, err, sizeof err) !=
            TB_OK) {
            send_illegal(c, text, err);
            return;
        }
        int s = c->seat;
        if (!t->has_pending[s])
            t->arrival[s] = ++t->arrivals;
        t->has_pending[s] = 1;
        tb_action_text(t->g, t->scratch, a, t->pending[s],
                       sizeof t->pending[s]);
        t->arrived_ms[s] = now(h);
        json_t *o = json_object();
        json_object_set_new(o, "type", json_string("noted"));
        json_object_set_new(o, "action", json_string(t->pending[s]));
        json_object_set_new(o, "tick", json_integer(t->tick_no));
        send_json(c, o);
        mark_dirty(c);
        kick(h, t);
        schedule(h);
        return;
    }
    int turn = tbs_table_turn(t);
    if (turn != c->seat) {
        send_error(c, "act", "not_your_turn", "it is seat %d's turn, not "
                   "yours", turn);
        return;
    }
    if (t->busy || t->held || t->stage) {
        send_error(c, "act", "busy", t->stage ? "your last move is being "
                   "saved; wait for it" : "a bot is moving for your seat; "
                   "wait for it");
        return;
    }
    if (tb_parse_action(t->g, t->st, text, &a, err, sizeof err) != TB_OK) {
        send_illegal(c, text, err);
        return;
    }
    tbs_move m;
    memset(&m, 0, sizeof m);
    m.seat = c->seat;
    m.a = a;
    tb_action_text(t->g, t->st, a, m.text, sizeof m.text);
    m.source = TBS_BY_HUMAN;
    m.at_ms = now(h);
    err[0] = '\0';
    if (stage(h, t, &m, 1, c, NULL, err, sizeof err) != 0)
        send_error(c, "act", "storage", "your move could not be saved (%s); "
                   "nothing changed, try again", err);
    /* It is taken, and told, when the batch is committed. */
}

static void req_leave(tbs_conn *c)
{
    tbs_hub *h = c->hub;
    tbs_table *t = c->table;
    if (t && c->seat >= 0 && t->takeover[0] && !t->ended)
        t->seat[c->seat].away = 1;
    detach(c);
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("left"));
    send_json(c, o);
    if (t) {
        table_dirty(t);
        kick(h, t);
        maybe_evict(h, t);
        schedule(h);
    }
}

/* One finished game for the `finished` list. */
static int list_one(void *user, const tbs_table_row *row)
{
    json_t *list = user;
    const tb_game *g = tb_find_game(row->game);
    json_t *o = json_object();
    json_object_set_new(o, "table", json_string(row->id));
    json_object_set_new(o, "game", json_string(row->game));
    json_object_set_new(o, "title", json_string(g ? g->title : row->game));
    json_object_set_new(o, "players", json_integer(row->players));
    json_object_set_new(o, "ended_ms", json_integer(row->ended_ms));
    json_error_t jerr;
    json_t *r = json_loads(row->result, 0, &jerr);
    json_object_set_new(o, "result", r ? r : json_null());
    json_array_append_new(list, o);
    return 0;
}

static void req_finished(tbs_conn *c)
{
    json_t *list = json_array();
    tbs_store_each(c->hub->db, "ended", FINISHED_LIST, list_one, list);
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("finished"));
    json_object_set_new(o, "tables", list);
    send_json(c, o);
}

/* Plays t's record up to `moves` actions into st (and the deals that
 * follow them). */
static void replay_to(const tbs_table *t, void *st, int moves)
{
    const tb_game *g = t->g;
    tb_init(g, st, &t->cfg, NULL, 0);
    int d = 0;
    for (int i = 0;; i++) {
        while (tb_current(g, st) == TB_CHANCE && d < t->rec.n_deal) {
            tb_apply_chance(g, st, t->rec.deal[d], t->rec.deal_len[d]);
            d++;
        }
        if (i >= moves)
            break;
        tb_action a;
        if (tb_parse_action(g, st, t->rec.actions[i].text, &a, NULL, 0) !=
            TB_OK)
            break;
        tb_apply(g, st, a);
    }
}

static void req_replay(tbs_conn *c, json_t *req)
{
    tbs_hub *h = c->hub;
    const char *id = json_string_value(json_object_get(req, "table"));
    json_t *mv = json_object_get(req, "move");
    json_t *sj = json_object_get(req, "seat");
    char err[512];
    if (!id || !tbs_is_table_id(id)) {
        send_error(c, "replay", "unknown_table", "a table id is %d hex "
                   "digits", TBS_ID_HEX);
        return;
    }
    int missing;
    tbs_table *t = find_table(h, id, &missing, err, sizeof err);
    if (!t) {
        send_error(c, "replay", missing ? "unknown_table" : "broken", "%s",
                   err);
        return;
    }
    if (!t->ended) {
        send_error(c, "replay", "not_ended", "a game can be replayed once "
                   "it has ended");
        maybe_evict(h, t);
        return;
    }
    int n = t->rec.n_actions;
    int move = json_is_integer(mv) ? (int)json_integer_value(mv) : n;
    if (move < 0)
        move = 0;
    if (move > n)
        move = n;
    int viewer = TB_SPECTATOR;
    if (json_is_integer(sj) && json_integer_value(sj) >= 0 &&
        json_integer_value(sj) < t->cfg.players)
        viewer = (int)json_integer_value(sj);
    replay_to(t, t->scratch, move);
    json_t *o = table_message("frame", t);
    json_object_set_new(o, "seat", viewer >= 0 ? json_integer(viewer)
                                               : json_null());
    json_object_set_new(o, "move", json_integer(move));
    json_object_set_new(o, "moves", json_integer(n));
    json_object_set_new(o, "seats", seats_json(t));
    const tbs_log *l = &t->log[tbs_viewer_index(t, viewer)];
    json_t *lines = json_array();
    for (int i = 0; i < l->n && l->moves[i] <= move; i++)
        json_array_append_new(lines, json_string(l->lines[i] ? l->lines[i]
                                                             : ""));
    json_object_set_new(o, "log", lines);
    add_result(o, t);
    json_error_t jerr;
    char *view = tb_view_json(t->g, t->scratch, viewer);
    json_t *vj = view ? json_loads(view, 0, &jerr) : NULL;
    free(view);
    json_object_set_new(o, "view", vj ? vj : json_null());
    send_json(c, o);
    maybe_evict(h, t);
}

void tbs_conn_message(tbs_conn *c, const char *text, size_t len)
{
    if (c->closing || c->dropped)
        return;
    json_error_t jerr;
    json_t *req = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!req) {
        send_error(c, NULL, "bad_json", "the message is not JSON: %s "
                   "(at character %d)", jerr.text, jerr.position);
        return;
    }
    const char *type = json_string_value(json_object_get(req, "type"));
    if (!json_is_object(req) || !type)
        send_error(c, NULL, "bad_request", "a message is a JSON object with "
                   "a \"type\"");
    else if (strcmp(type, "games") == 0)
        req_games(c);
    else if (strcmp(type, "rules") == 0)
        req_rules(c, req);
    else if (strcmp(type, "create") == 0)
        req_create(c, req);
    else if (strcmp(type, "join") == 0)
        req_join(c, req);
    else if (strcmp(type, "act") == 0)
        req_act(c, req);
    else if (strcmp(type, "leave") == 0)
        req_leave(c);
    else if (strcmp(type, "invite") == 0)
        req_invite(c, req);
    else if (strcmp(type, "reissue") == 0)
        req_reissue(c);
    else if (strcmp(type, "finished") == 0)
        req_finished(c);
    else if (strcmp(type, "replay") == 0)
        req_replay(c, req);
    else
        send_error(c, type, "bad_request", "unknown message type '%.40s'; "
                   "see docs/server.md", type);
    json_decref(req);
}

void tbs_conn_too_big(tbs_conn *c, size_t len)
{
    send_error(c, NULL, "too_big", "a message may have at most %d bytes, "
               "not %zu; it was dropped", TBS_MAX_MESSAGE, len);
}

/* ------------------------------------------------------------ life */

tbs_conn *tbs_conn_open(tbs_hub *h, void *net)
{
    return tbs_conn_open_from(h, net, "");
}

tbs_conn *tbs_conn_open_from(tbs_hub *h, void *net, const char *addr)
{
    tbs_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->hub = h;
    c->net = net;
    c->seat = NO_SEAT;
    h->n_conns++;
    c->hnext = h->conns;
    if (h->conns)
        h->conns->hprev = c;
    h->conns = c;
    if (addr && addr[0]) {
        peer *p = peer_get(h, addr);
        if (!p || p->conns >= h->cfg.max_conns) {
            /* Told why, then closed: it counts against nothing. */
            c->closing = 1;
            send_limit(c, NULL, "connections", 30, "%d connections from "
                       "your address are open already; close one (another "
                       "tab?) and try again", h->cfg.max_conns);
        } else {
            p->conns++;
            c->peer = p;
        }
    }
    return c;
}

void tbs_conn_close(tbs_conn *c)
{
    tbs_hub *h = c->hub;
    tbs_table *t = c->table;
    for (staged *e = h->staged; e; e = e->next)
        if (e->actor == c)
            e->actor = NULL;
    detach(c);
    if (t)
        maybe_evict(h, t);
    if (c->hprev)
        c->hprev->hnext = c->hnext;
    else
        h->conns = c->hnext;
    if (c->hnext)
        c->hnext->hprev = c->hprev;
    h->n_conns--;
    if (c->paused)
        h->n_paused--;
    if (c->peer)
        c->peer->conns--;
    free_queue(c);
    free(c);
    peers_prune(h);
    schedule(h);
}

/* Loads one unfinished table at start. */
static int load_id(void *user, const char *id)
{
    tbs_hub *h = user;
    char err[512];
    int missing;
    tbs_table *t = tbs_table_load(h->db, id, &missing, err, sizeof err);
    if (!t) {
        fprintf(stderr, "tabula serve: table %s cannot be rebuilt: %s; it "
                "is marked broken\n", id, err);
        store_broken(h, id);
        return 0;
    }
    t->used_ms = now(h);
    hub_add(h, t);
    return 0;
}

static int load_one(void *user, const tbs_table_row *row)
{
    return load_id(user, row->id);
}

tbs_hub *tbs_hub_new(tbs_store *db, const tbs_hooks *hooks,
                     const tbs_hub_config *cfg, char *err, size_t errcap)
{
    tbs_hub *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    h->db = db;
    h->hooks = *hooks;
    h->cfg = *cfg;
    if (h->cfg.out_soft <= 0)
        h->cfg.out_soft = TBS_OUT_SOFT;
    if (h->cfg.out_hard <= 0)
        h->cfg.out_hard = TBS_OUT_HARD;
    if (h->cfg.out_hard < h->cfg.out_soft)
        h->cfg.out_hard = h->cfg.out_soft;
    if (h->cfg.out_total <= 0)
        h->cfg.out_total = TBS_OUT_TOTAL;
    if (h->cfg.out_soft_ms <= 0)
        h->cfg.out_soft_ms = TBS_OUT_SOFT_MS;
    if (h->cfg.bot_time_max_s <= 0)
        h->cfg.bot_time_max_s = TBS_BOT_TIME_MAX;
    if (h->cfg.max_tables <= 0)
        h->cfg.max_tables = TBS_MAX_TABLES;
    if (h->cfg.max_conns <= 0)
        h->cfg.max_conns = TBS_MAX_CONNS;
    if (h->cfg.max_seats <= 0)
        h->cfg.max_seats = TBS_MAX_SEATS;
    if (h->cfg.tables_per_hour <= 0)
        h->cfg.tables_per_hour = TBS_TABLES_PER_HOUR;
    if (h->cfg.guesses_per_min <= 0)
        h->cfg.guesses_per_min = TBS_GUESSES_PER_MIN;
    if (h->cfg.tables_burst <= 0)
        h->cfg.tables_burst = TBS_TABLES_BURST;
    if (h->cfg.tables_burst > h->cfg.tables_per_hour)
        h->cfg.tables_burst = h->cfg.tables_per_hour;
    if (h->cfg.archive_ms > 0 || h->cfg.expire_ms > 0) {
        h->next_sweep = now(h) + SWEEP_MS;
        h->closed_seen = now(h);
    }
    /* With archiving, only the tables played lately are loaded; the
     * others wait in the store for their links. */
    if ((h->cfg.archive_ms > 0
             ? tbs_store_each_id(db, TBS_IDS_ACTIVE,
                                 now(h) - h->cfg.archive_ms, load_id, h)
             : tbs_store_each(db, "playing", -1, load_one, h)) != 0) {
        snprintf(err, errcap, "%s", tbs_store_error(db));
        tbs_hub_free(h);
        return NULL;
    }
    return h;
}

void tbs_hub_start(tbs_hub *h)
{
    for (tbs_table *t = h->tables; t; t = t->next) {
        /* Nobody is at any seat after a restart: a person who does not
         * come back is taken over after the grace. */
        for (int j = 0; j < t->cfg.players; j++)
            if (!t->seat[j].bot && t->seat[j].claimed)
                t->seat[j].gone_at = now(h);
        kick(h, t);
    }
    schedule(h);
}

void tbs_hub_free(tbs_hub *h)
{
    if (!h)
        return;
    while (h->staged) {
        staged *e = h->staged;
        h->staged = e->next;
        tbs_table_drop_staged(e->t);
        tbs_job_free(e->job);
        json_decref(e->created);
        free(e);
    }
    if (tbs_store_in_transaction(h->db))
        tbs_store_rollback(h->db);
    while (h->conns)
        tbs_conn_close(h->conns);
    while (h->tables) {
        tbs_table *t = h->tables;
        h->tables = t->next;
        tbs_job_free(t->held);
        tbs_table_free(t);
    }
    for (int k = 0; k < PEER_BUCKETS; k++)
        while (h->peers[k]) {
            peer *p = h->peers[k];
            h->peers[k] = p->next;
            free(p);
        }
    free(h->games_text);
    free(h);
}

void tbs_hub_stats_get(const tbs_hub *h, tbs_hub_stats *s)
{
    s->out_bytes = h->out_bytes;
    s->out_peak = h->out_peak;
    s->dropped = h->dropped;
    s->conns = h->n_conns;
    s->tables = h->n_tables;
}

char *tbs_hub_record(tbs_hub *h, const char *id, int *status, char *err,
                     size_t errcap)
{
    if (!tbs_is_table_id(id)) {
        *status = 404;
        snprintf(err, errcap, "no such table");
        return NULL;
    }
    int missing;
    tbs_table *t = find_table(h, id, &missing, err, errcap);
    if (!t) {
        *status = missing ? 404 : 500;
        return NULL;
    }
    char *text = NULL;
    if (!t->ended) {
        *status = 403;
        snprintf(err, errcap, "the record of a game can be had once it has "
                 "ended");
    } else {
        text = tbs_table_record_text(t);
        *status = text ? 200 : 500;
    }
    maybe_evict(h, t);
    return text;
}
