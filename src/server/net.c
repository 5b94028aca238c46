/*
 * net.c - `tabula serve` on libwebsockets: one event-loop thread holds
 * every connection.  HTTP GET serves the UI compiled into the binary
 * (tbs_assets) and the records of ended games (/api/records/ID.json), and
 * nothing else: no file of the disk is ever served.  WebSocket connections
 * carry the protocol of docs/server.md, handed whole to the hub.  Bots and
 * real-time ticks run on worker threads, which wake the loop with
 * lws_cancel_service when a job is done; the hub's clocks run on one lws
 * timer.
 */
#include "server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define CHUNK 16384

/* A request's headers may hold TBS_MAX_HEADERS bytes (header_bytes):
 * more is answered 431.  libwebsockets keeps them in a buffer of
 * TBS_HEADER_BUFFER bytes (4096 by default) a connection, allocated while
 * its request is read; a request that overflows it is closed by
 * libwebsockets without an answer, which no callback or option of its
 * 4.1 can change (lws_parse returns LPR_FAIL from lws_pos_in_bounds and
 * the connection is shut down before any callback). */
#define TBS_MAX_HEADERS 8192
#define TBS_HEADER_BUFFER 16384

/* Per connection (HTTP request or WebSocket). */
typedef struct pss {
    tbs_conn *conn;       /* WebSocket: the hub's connection */
    char addr[TBS_ADDR];  /* the client's address (quotas) */
    char *rx;             /* the message being received */
    size_t rx_len;
    int rx_too_big;
    /* HTTP: the body being sent. */
    int head;             /* a HEAD request: headers only */
    const char *body;
    char *owned;          /* body, when it was made for this request */
    size_t len, sent;
    /* A request libwebsockets handed over as raw bytes (CONNECT, or a
     * method it does not know): the status it is answered. */
    unsigned raw_status;
} pss;

/* The server, for the callbacks. */
static struct {
    struct lws_context *ctx;
    tbs_hub *hub;
    tbs_workers *workers;
    lws_sorted_usec_list_t sul;
    int quiet;
    int trust_proxy;
    const char *origins;  /* more origins allowed besides the served host */
} srv;

static volatile sig_atomic_t interrupted;

static long long wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ------------------------------------------------------------ hooks */

static void hook_want_write(void *user, void *net)
{
    (void)user;
    lws_callback_on_writable((struct lws *)net);
}

static void hook_post_job(void *user, tbs_job *j)
{
    (void)user;
    tbs_workers_post(srv.workers, j);
}

static void on_timer(lws_sorted_usec_list_t *sul)
{
    (void)sul;
    tbs_hub_run_timers(srv.hub);
    /* lws runs ripe timers just before it waits in poll(), so what they
     * staged is committed (and told) now, not after the next event. */
    tbs_hub_flush(srv.hub);
}

static void hook_wake_at(void *user, long long at_ms)
{
    (void)user;
    long long delay = at_ms - wall_ms();
    if (delay < 0)
        delay = 0;
    lws_sul_schedule(srv.ctx, 0, &srv.sul, on_timer,
                     (lws_usec_t)delay * LWS_US_PER_MS);
}

/* Backpressure: lws stops reading the socket (what it has read already
 * waits in its own buffer) until reading is enabled again. */
static void hook_rx_pause(void *user, void *net, int pause)
{
    (void)user;
    lws_rx_flow_control((struct lws *)net,
                        (pause ? LWS_RXFLOW_REASON_APPLIES_DISABLE
                               : LWS_RXFLOW_REASON_APPLIES_ENABLE) |
                            LWS_RXFLOW_REASON_FLAG_PROCESS_NOW | 1);
}

/* Closes a connection from outside its callbacks: lws does it on its
 * next turn (its socket may never become writable again). */
static void hook_drop(void *user, void *net)
{
    (void)user;
    lws_set_timeout((struct lws *)net, PENDING_TIMEOUT_USER_OK,
                    LWS_TO_KILL_ASYNC);
}

static long long hook_now_ms(void *user)
{
    (void)user;
    return wall_ms();
}

/* Called by a worker thread: makes lws_service return with
 * LWS_CALLBACK_EVENT_WAIT_CANCELLED on the loop thread. */
static void wake_loop(void *user)
{
    (void)user;
    lws_cancel_service(srv.ctx);
}

/* ------------------------------------------------------------ HTTP */

static const char *content_type(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot)
        return "application/octet-stream";
    if (strcmp(dot, ".html") == 0)
        return "text/html; charset=utf-8";
    if (strcmp(dot, ".js") == 0)
        return "text/javascript; charset=utf-8";
    if (strcmp(dot, ".css") == 0)
        return "text/css; charset=utf-8";
    if (strcmp(dot, ".svg") == 0)
        return "image/svg+xml";
    if (strcmp(dot, ".json") == 0)
        return "application/json";
    return "application/octet-stream";
}

static const tbs_asset *find_asset(const char *path)
{
    if (strcmp(path, "/") == 0)
        path = "/index.html";
    for (int i = 0; tbs_assets[i].path; i++)
        if (strcmp(tbs_assets[i].path, path) == 0)
            return &tbs_assets[i];
    return NULL;
}

/* The headers on every HTTP answer: libwebsockets adds them (the vhost's
 * `headers`) to each status line it writes, ours and its own error pages
 * alike, and raw_answer writes them on the answers libwebsockets cannot
 * give.  One list, so that every answer carries the same set: a strict
 * Content-Security-Policy (no inline script or style, WebSockets to this
 * host only), no sniffing, no framing, no Referer, no caching. */
static const char *const security_headers[][2] = {
    {"content-security-policy:",
     "default-src 'self'; img-src 'self' data:; style-src 'self'; "
     "script-src 'self'; connect-src 'self'; base-uri 'none'; "
     "form-action 'none'; frame-ancestors 'none'"},
    {"x-content-type-options:", "nosniff"},
    {"x-frame-options:", "deny"},
    {"referrer-policy:", "no-referrer"},
    {"x-xss-protection:", "1; mode=block"},
    {"cache-control:", "no-cache"},
};
#define N_SECURITY_HEADERS \
    (sizeof security_headers / sizeof security_headers[0])

/* security_headers as libwebsockets' linked list (info.headers). */
static struct lws_protocol_vhost_options header_list[N_SECURITY_HEADERS];

static void build_header_list(void)
{
    for (size_t i = 0; i < N_SECURITY_HEADERS; i++) {
        header_list[i].next =
            i + 1 < N_SECURITY_HEADERS ? &header_list[i + 1] : NULL;
        header_list[i].options = NULL;
        header_list[i].name = security_headers[i][0];
        header_list[i].value = security_headers[i][1];
    }
}

/* Writes a whole HTTP/1.1 answer into buf: the status line, the security
 * headers, `extra` (more header lines, each ending in CRLF, or ""), a
 * text body and Connection: close.  It is for the requests libwebsockets
 * hands over as raw bytes (raw_request), where it writes no status line.
 * Returns the length. */
static size_t raw_answer(char *buf, size_t cap, unsigned status,
                         const char *reason, const char *extra,
                         const char *body)
{
    size_t n = (size_t)snprintf(buf, cap, "HTTP/1.1 %u %s\r\n", status,
                                reason);
    for (size_t i = 0; i < N_SECURITY_HEADERS && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s %s\r\n",
                              security_headers[i][0], security_headers[i][1]);
    if (n < cap)
        n += (size_t)snprintf(buf + n, cap - n,
                              "%scontent-type: text/plain; charset=utf-8\r\n"
                              "content-length: %zu\r\nconnection: close\r\n"
                              "\r\n%s",
                              extra, strlen(body), body);
    return n < cap ? n : cap - 1;
}

/* Writes the status line and headers of a response whose body p->body
 * (p->len bytes) follows in HTTP_WRITEABLE (none for HEAD); -1 closes the
 * connection. */
static int start_response(struct lws *wsi, pss *p, unsigned status,
                          const char *type, const char *download)
{
    unsigned char buf[LWS_PRE + 2048];
    unsigned char *start = buf + LWS_PRE, *q = start, *end = buf + sizeof buf;
    if (lws_add_http_common_headers(wsi, status, type,
                                    (lws_filepos_t)p->len, &q, end))
        return -1;
    /* RFC 9110 15.5.6: a 405 says which methods are allowed. */
    if (status == HTTP_STATUS_METHOD_NOT_ALLOWED &&
        lws_add_http_header_by_name(wsi, (const unsigned char *)"allow:",
                                    (const unsigned char *)"GET, HEAD", 9,
                                    &q, end))
        return -1;
    if (download) {
        char value[128];
        snprintf(value, sizeof value, "attachment; filename=\"%s\"",
                 download);
        if (lws_add_http_header_by_name(
                wsi, (const unsigned char *)"content-disposition:",
                (const unsigned char *)value, (int)strlen(value), &q, end))
            return -1;
    }
    if (lws_finalize_write_http_header(wsi, start, &q, end))
        return -1;
    if (p->head) {
        /* HEAD: the headers a GET would have, and no body. */
        p->body = NULL;
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    lws_callback_on_writable(wsi);
    return 0;
}

/* The bytes of a request's headers: every field libwebsockets knows (the
 * request line's URI, Cookie, Referer, User-Agent, X-Forwarded-For...),
 * each with 16 bytes for its name, colon and line end.  Fields it does not know are
 * not counted (libwebsockets 4.1 has no way to list them); they and the
 * rest are bounded by its buffer, TBS_HEADER_BUFFER. */
static size_t header_bytes(struct lws *wsi)
{
    size_t n = 0;
    for (int i = 0; i < (int)WSI_TOKEN_COUNT; i++) {
        int len = lws_hdr_total_length(wsi, (enum lws_token_indexes)i);
        if (len > 0)
            n += (size_t)len + 16;
    }
    return n;
}

/* Answers one GET. */
static int http_request(struct lws *wsi, pss *p, const char *path)
{
    p->head = lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0;
    if (header_bytes(wsi) > TBS_MAX_HEADERS) {
        p->body = "the request's headers are over 8 KB\n";
        p->len = strlen(p->body);
        return start_response(wsi, p, 431, "text/plain; charset=utf-8",
                              NULL);
    }
    if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0 && !p->head) {
        p->body = "only GET and HEAD are served here\n";
        p->len = strlen(p->body);
        return start_response(wsi, p, HTTP_STATUS_METHOD_NOT_ALLOWED,
                              "text/plain; charset=utf-8", NULL);
    }
    static const char prefix[] = "/api/records/";
    size_t plen = strlen(path);
    if (strncmp(path, prefix, sizeof prefix - 1) == 0 && plen > 5 &&
        strcmp(path + plen - 5, ".json") == 0) {
        char id[TBS_ID_HEX + 8];
        snprintf(id, sizeof id, "%.*s", (int)(plen - 5 - (sizeof prefix - 1)),
                 path + sizeof prefix - 1);
        char err[300], name[64];
        int status = 404;
        p->owned = tbs_hub_record(srv.hub, id, &status, err, sizeof err);
        if (p->owned) {
            p->body = p->owned;
            p->len = strlen(p->owned);
            snprintf(name, sizeof name, "tabula-%s.json", id);
            return start_response(wsi, p, HTTP_STATUS_OK, "application/json",
                                  name);
        }
        size_t n = strlen(err) + 2;
        p->owned = malloc(n);
        if (!p->owned)
            return -1;
        snprintf(p->owned, n, "%s\n", err);
        p->body = p->owned;
        p->len = strlen(p->owned);
        return start_response(wsi, p, (unsigned)status,
                              "text/plain; charset=utf-8", NULL);
    }
    const tbs_asset *a = find_asset(path);
    if (!a) {
        p->body = "not found\n";
        p->len = strlen(p->body);
        return start_response(wsi, p, HTTP_STATUS_NOT_FOUND,
                              "text/plain; charset=utf-8", NULL);
    }
    p->body = a->data;
    p->len = a->len;
    return start_response(wsi, p, HTTP_STATUS_OK,
                          content_type(strcmp(a->path, "/") ? a->path
                                                            : "/index.html"),
                          NULL);
}

/* Sends the next piece of an HTTP body; -1 when the connection is done. */
static int http_write(struct lws *wsi, pss *p)
{
    static unsigned char buf[LWS_PRE + CHUNK];
    size_t n = p->len - p->sent;
    if (n > CHUNK)
        n = CHUNK;
    memcpy(buf + LWS_PRE, p->body + p->sent, n);
    int last = p->sent + n == p->len;
    if (lws_write(wsi, buf + LWS_PRE, n,
                  last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) != (int)n)
        return -1;
    p->sent += n;
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* ------------------------------------------------------------ WebSocket */

/* An address as quotas count it: IPv4 as it is (an IPv4-mapped IPv6
 * address as IPv4), IPv6 cut to its /64 (one subscriber's network: one
 * machine can have any address in it). */
static void quota_addr(const char *text, char out[TBS_ADDR])
{
    unsigned char a[16];
    char buf[INET6_ADDRSTRLEN];
    /* Cut to fit (no real address is longer); copied by hand because an
     * snprintf that cuts is a warning at some optimisation levels. */
    size_t len = strnlen(text, TBS_ADDR - 1);
    memcpy(out, text, len);
    out[len] = '\0';
    if (inet_pton(AF_INET6, text, a) != 1)
        return;
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0,
                                             0, 0, 0, 0, 0xff, 0xff};
    if (memcmp(a, mapped, 12) == 0) {
        inet_ntop(AF_INET, a + 12, buf, sizeof buf);
    } else {
        memset(a + 8, 0, 8);
        inet_ntop(AF_INET6, a, buf, sizeof buf);
        snprintf(out, TBS_ADDR, "%s/64", buf);
        return;
    }
    snprintf(out, TBS_ADDR, "%s", buf);
}

/* The client's address: the socket's peer, or behind a trusted proxy the
 * last address of X-Forwarded-For (the one the proxy added: any before
 * it were sent by the client and prove nothing). */
static void client_addr(struct lws *wsi, char out[TBS_ADDR])
{
    char text[256] = "";
    if (srv.trust_proxy) {
        char xff[1024];
        int n = lws_hdr_copy(wsi, xff, sizeof xff, WSI_TOKEN_X_FORWARDED_FOR);
        if (n > 0) {
            char *last = strrchr(xff, ',');
            last = last ? last + 1 : xff;
            while (*last == ' ' || *last == '\t')
                last++;
            size_t len = strcspn(last, " \t");
            snprintf(text, sizeof text, "%.*s", (int)len, last);
        }
    }
    if (!text[0])
        lws_get_peer_simple(wsi, text, sizeof text);
    quota_addr(text[0] ? text : "unknown", out);
}

/* Gathers a message's fragments; hands the whole message to the hub. */
static int ws_receive(struct lws *wsi, pss *p, const void *in, size_t len)
{
    if (!p->conn)
        return -1;
    if (lws_is_first_fragment(wsi)) {
        p->rx_len = 0;
        p->rx_too_big = 0;
    }
    if (!p->rx_too_big && p->rx_len + len <= TBS_MAX_MESSAGE) {
        if (!p->rx && !(p->rx = malloc(TBS_MAX_MESSAGE + 1)))
            return -1;
        memcpy(p->rx + p->rx_len, in, len);
    } else {
        p->rx_too_big = 1;
    }
    p->rx_len += len;
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi))
        return 0;
    if (p->rx_too_big)
        tbs_conn_too_big(p->conn, p->rx_len);
    else
        tbs_conn_message(p->conn, p->rx, p->rx_len);
    return 0;
}

/* Writes the hub's next message for the connection; -1 closes it. */
static int ws_write(struct lws *wsi, pss *p)
{
    if (!p->conn)
        return -1;
    size_t len = 0;
    int close_after = 0;
    char *text = tbs_conn_next(p->conn, &len, &close_after);
    if (text) {
        unsigned char *buf = malloc(LWS_PRE + len);
        int ok = buf != NULL;
        if (ok) {
            memcpy(buf + LWS_PRE, text, len);
            ok = lws_write(wsi, buf + LWS_PRE, len, LWS_WRITE_TEXT) >=
                 (int)len;
        }
        free(buf);
        free(text);
        if (!ok)
            return -1;
    }
    if (close_after) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, NULL, 0);
        return -1;
    }
    if (tbs_conn_pending(p->conn))
        lws_callback_on_writable(wsi);
    return 0;
}

/* Whether the Origin of an upgrade (a browser always sends one) is the
 * host the page was served from, or one of --origin's; a client that is
 * not a browser sends none.  This stops any other web page from driving
 * its visitors' browsers into this server (cross-site WebSocket
 * hijacking). */
static int origin_ok(struct lws *wsi)
{
    char origin[512], host[512];
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) <= 0)
        return lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0;
    if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) > 0) {
        const char *o = strstr(origin, "://");
        o = o ? o + 3 : origin;
        if (strcmp(o, host) == 0)
            return 1;
    }
    if (srv.origins) {
        size_t n = strlen(origin);
        for (const char *a = srv.origins; *a;) {
            size_t len = strcspn(a, ",");
            if (len == n && strncmp(a, origin, n) == 0)
                return 1;
            a += len;
            if (*a == ',')
                a++;
        }
    }
    return 0;
}

/* Answers a refused upgrade with status and a line of text (lws's own
 * answer, with its security headers); returns 1 for
 * LWS_CALLBACK_HTTP_CONFIRM_UPGRADE. */
static int refuse(struct lws *wsi, unsigned status, const char *why)
{
    lws_return_http_status(wsi, status, why);
    return 1;
}

/* A request libwebsockets hands over as raw bytes instead of parsing it
 * (LWS_CALLBACK_RAW_RX): a CONNECT, which it turns into a raw tunnel (it
 * would then hang, holding the connection), or, with
 * LWS_SERVER_OPTION_FALLBACK_TO_APPLY_LISTEN_ACCEPT_CONFIG, a method it
 * does not know (TRACE, FOO...).  By RFC 9110 a method this server knows
 * but does not serve (CONNECT, TRACE) is 405 with Allow, and one it does
 * not recognise 501 (15.6.2).  Only the bytes of the read that made
 * libwebsockets give the request up are handed over: a request that came
 * in several pieces may be answered 501. */
static void raw_request(struct lws *wsi, pss *p, const char *in, size_t len)
{
    if (p->raw_status)
        return; /* the rest of the request: not read */
    static const char *const known[] = {"CONNECT ", "TRACE "};
    p->raw_status = 501;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (len >= strlen(known[i]) &&
            memcmp(in, known[i], strlen(known[i])) == 0)
            p->raw_status = HTTP_STATUS_METHOD_NOT_ALLOWED;
    lws_callback_on_writable(wsi);
}

/* Writes raw_request's answer; -1 then closes the connection. */
static int raw_write(struct lws *wsi, pss *p)
{
    unsigned char buf[LWS_PRE + 2048];
    char *text = (char *)buf + LWS_PRE;
    size_t n = p->raw_status == HTTP_STATUS_METHOD_NOT_ALLOWED
                   ? raw_answer(text, 2048, 405, "Method Not Allowed",
                                "allow: GET, HEAD\r\n",
                                "only GET and HEAD are served here\n")
                   : raw_answer(text, 2048, 501, "Not Implemented", "",
                                "unknown method: only GET and HEAD are "
                                "served here\n");
    if (p->raw_status)
        lws_write(wsi, buf + LWS_PRE, n, LWS_WRITE_RAW);
    return -1;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason,
                    void *user, void *in, size_t len)
{
    pss *p = user;
    switch (reason) {
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE: {
        /* The protocol lives at "/" only, and only for this site's pages
         * (or a client that is no browser); `in` is the Upgrade asked. */
        char uri[256];
        if (header_bytes(wsi) > TBS_MAX_HEADERS)
            return refuse(wsi, 431, "the request's headers are over 8 KB");
        /* libwebsockets would also take Upgrade: h2c (HTTP/2 without
         * TLS), which nothing here needs. */
        if (!in || strcasecmp((const char *)in, "websocket") != 0)
            return refuse(wsi, HTTP_STATUS_BAD_REQUEST,
                          "only the WebSocket upgrade is served here");
        if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0 ||
            strcmp(uri, "/") != 0)
            return refuse(wsi, HTTP_STATUS_NOT_FOUND,
                          "the WebSocket is at / only");
        if (!origin_ok(wsi))
            return refuse(wsi, HTTP_STATUS_FORBIDDEN,
                          "this server takes WebSockets from its own pages "
                          "only");
        break;
    }
    case LWS_CALLBACK_HTTP:
        memset(p, 0, sizeof *p);
        return http_request(wsi, p, (const char *)in);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (!p || !p->body)
            return -1;
        return http_write(wsi, p);
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_CLOSED_HTTP:
        if (p) {
            free(p->owned);
            p->owned = NULL;
            p->body = NULL;
        }
        break;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        /* The upgrade's headers are still here: who is asking. */
        memset(p, 0, sizeof *p);
        client_addr(wsi, p->addr);
        break;
    case LWS_CALLBACK_ESTABLISHED:
        p->conn = tbs_conn_open_from(srv.hub, wsi,
                                     p->addr[0] ? p->addr : "unknown");
        return p->conn ? 0 : -1;
    case LWS_CALLBACK_RECEIVE:
        return ws_receive(wsi, p, in, len);
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return ws_write(wsi, p);
    case LWS_CALLBACK_CLOSED:
        if (p && p->conn) {
            tbs_conn_close(p->conn);
            p->conn = NULL;
        }
        if (p) {
            free(p->rx);
            p->rx = NULL;
        }
        break;
    case LWS_CALLBACK_RAW_ADOPT:
        /* libwebsockets takes away the request's timeout when it hands
         * it over: it is given one again, whatever comes. */
        memset(p, 0, sizeof *p);
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, 5);
        return 0;
    case LWS_CALLBACK_RAW_RX:
        raw_request(wsi, p, in, len);
        return 0;
    case LWS_CALLBACK_RAW_WRITEABLE:
        return raw_write(wsi, p);
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED: {
        tbs_job *j;
        if (srv.workers && srv.hub)
            while ((j = tbs_workers_done(srv.workers)))
                tbs_hub_job_done(srv.hub, j);
        break;
    }
    default:
        break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

static const struct lws_protocols protocols[] = {
    {"tabula", callback, sizeof(pss), 4096, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* libwebsockets' own error lines, marked as such, except the one it
 * logs for every request whose headers overflow its buffer (anyone can
 * send those; they are closed, see TBS_HEADER_BUFFER). */
static void log_line(int level, const char *line)
{
    (void)level;
    if (strstr(line, "Ran out of header data space"))
        return;
    fprintf(stderr, "tabula serve: libwebsockets: %s", line);
}

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* One line of `tabula serve --list`. */
static int list_row(void *user, const tbs_list_row *r)
{
    (void)user;
    char made[32], last[32];
    time_t t = (time_t)(r->created_ms / 1000);
    struct tm tm;
    strftime(made, sizeof made, "%Y-%m-%d %H:%M", gmtime_r(&t, &tm));
    if (r->last_ms > 0) {
        t = (time_t)(r->last_ms / 1000);
        strftime(last, sizeof last, "%Y-%m-%d %H:%M", gmtime_r(&t, &tm));
    } else {
        snprintf(last, sizeof last, "-");
    }
    printf("%-16s  %-19s  %-7s  %5d  %d/%d  %s  %s\n", r->id, r->game,
           r->status, r->moves, r->claimed, r->humans, made, last);
    return 0;
}

/* The operator's commands on the database: --list and --close.  They go
 * through SQLite beside a running server (WAL: readers and a writer do
 * not block each other); a running server notices a close within a few
 * seconds and tells those at the table. */
static int operator_command(const tbs_serve_options *o, tbs_store *db)
{
    if (o->list) {
        printf("%-16s  %-19s  %-7s  %5s  %s  %-16s  %s\n", "table", "game",
               "status", "moves", "seats", "made (UTC)", "last step (UTC)");
        if (tbs_store_list(db, list_row, NULL) != 0) {
            fprintf(stderr, "tabula: serve: %s\n", tbs_store_error(db));
            return 1;
        }
        return 0;
    }
    tbs_table_row row;
    tbs_seat_row seats[TB_MAX_PLAYERS];
    int rc = tbs_is_table_id(o->close_id)
                 ? tbs_store_load(db, o->close_id, &row, seats)
                 : 1;
    if (rc == 1) {
        fprintf(stderr, "tabula: serve: --close: there is no table '%s' "
                "(see --list)\n", o->close_id);
        return 1;
    }
    if (rc == 0 && strcmp(row.status, "playing") != 0) {
        fprintf(stderr, "tabula: serve: --close: table %s is %s already\n",
                o->close_id, row.status);
        return 1;
    }
    if (tbs_store_begin(db) != 0 ||
        tbs_store_end_table(db, o->close_id, "closed", wall_ms(), NULL) ||
        tbs_store_commit(db) != 0) {
        fprintf(stderr, "tabula: serve: --close: %s\n", tbs_store_error(db));
        tbs_store_rollback(db);
        return 1;
    }
    printf("table %s is closed\n", o->close_id);
    return 0;
}

/* One server per database: an exclusive lock on DB.lock, held while the
 * server runs (the OS drops it when the process ends, even killed).  The
 * lock file holds the server's pid, for the message.  The descriptor, or
 * -1 with a message on stderr. */
static int lock_db(const char *db_path)
{
    char path[4200];
    snprintf(path, sizeof path, "%s.lock", db_path);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "tabula: serve: cannot open %s: %s\n", path,
                strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        char pid[32] = "";
        ssize_t n = read(fd, pid, sizeof pid - 1);
        pid[n > 0 ? n : 0] = '\0';
        pid[strcspn(pid, "\n")] = '\0';
        fprintf(stderr, "tabula: serve: another tabula serve%s%s%s is "
                "using %s; stop it first (--list and --close work beside "
                "it)\n", pid[0] ? " (pid " : "", pid, pid[0] ? ")" : "",
                db_path);
        close(fd);
        return -1;
    }
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%d\n", (int)getpid());
    if (ftruncate(fd, 0) != 0 || write(fd, pid, (size_t)n) != n) {
        /* The pid is only for the message. */
    }
    return fd;
}

static int serve(const tbs_serve_options *o);

int tbs_serve(const tbs_serve_options *o)
{
    if (o->list || o->close_id || strcmp(o->db_path, ":memory:") == 0)
        return serve(o);
    int lock = lock_db(o->db_path);
    if (lock < 0)
        return 1;
    int rc = serve(o);
    close(lock);
    return rc;
}

/* tbs_serve, once the database is locked. */
static int serve(const tbs_serve_options *o)
{
    char err[512];
    tbs_store *db = NULL;
    if (tbs_store_open(&db, o->db_path, o->sync_full, err, sizeof err) != 0) {
        fprintf(stderr, "tabula: serve: %s\n", err);
        return 1;
    }
    if (o->list || o->close_id) {
        int rc = operator_command(o, db);
        tbs_store_close(db);
        return rc;
    }
    memset(&srv, 0, sizeof srv);
    srv.quiet = o->quiet;
    srv.trust_proxy = o->trust_proxy;
    srv.origins = o->origins;
    tbs_hooks hooks = {NULL,        hook_want_write, hook_post_job,
                       hook_wake_at, hook_now_ms,     hook_rx_pause,
                       hook_drop};
    tbs_hub_config hc = {o->bot_pace_ms, o->grace_ms,
                         o->out_soft_kb * 1024L, o->out_hard_kb * 1024L,
                         o->out_total_mb * 1024L * 1024L,
                         o->out_soft_s * 1000,
                         o->max_conns, o->max_seats, o->tables_per_hour,
                         o->guesses_per_min, o->archive_s * 1000LL,
                         o->expire_s * 1000LL, o->max_tables,
                         o->bot_time_max_s, o->tables_burst};
    srv.hub = tbs_hub_new(db, &hooks, &hc, err, sizeof err);
    if (!srv.hub) {
        fprintf(stderr, "tabula: serve: %s\n", err);
        tbs_store_close(db);
        return 1;
    }
    /* Quiet while listening is set up (a port in use gets one line of our
     * own, below); then only libwebsockets' errors, marked as its. */
    lws_set_log_level(0, NULL);
    static const lws_retry_bo_t retry = {
        .secs_since_valid_ping = 30,
        .secs_since_valid_hangup = 70,
    };
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = o->port;
    info.iface = o->bind;
    info.protocols = protocols;
    info.retry_and_idle_policy = &retry;
    /* Unknown methods are handed to the callback as raw bytes
     * (raw_request) instead of libwebsockets' own 403; request headers
     * have room for TBS_HEADER_BUFFER bytes; every answer carries
     * security_headers. */
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 |
                   LWS_SERVER_OPTION_FALLBACK_TO_APPLY_LISTEN_ACCEPT_CONFIG;
    info.max_http_header_data = TBS_HEADER_BUFFER;
    build_header_list();
    info.headers = header_list;
    info.vhost_name = "tabula";
    srv.ctx = lws_create_context(&info);
    if (!srv.ctx) {
        fprintf(stderr, "tabula: serve: cannot listen on %s port %d (in use, "
                "or not an address of this machine?)\n",
                o->bind ? o->bind : "every address", o->port);
        tbs_hub_free(srv.hub);
        tbs_store_close(db);
        return 1;
    }
    lws_set_log_level(LLL_ERR, log_line);
    srv.workers = tbs_workers_new(o->workers, wake_loop, NULL);
    if (!srv.workers) {
        fprintf(stderr, "tabula: serve: cannot start worker threads\n");
        lws_context_destroy(srv.ctx);
        tbs_hub_free(srv.hub);
        tbs_store_close(db);
        return 1;
    }
    struct lws_vhost *vh = lws_get_vhost_by_name(srv.ctx, "tabula");
    int port = vh ? lws_get_vhost_listen_port(vh) : o->port;
    printf("tabula serve: open http://%s:%d/ in a browser (database %s, "
           "%d worker%s; Ctrl-C stops)\n",
           o->bind && strcmp(o->bind, "0.0.0.0") && strcmp(o->bind, "::")
               ? o->bind
               : "localhost",
           port, o->db_path, o->workers, o->workers == 1 ? "" : "s");
    fflush(stdout);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    tbs_hub_start(srv.hub);
    int n = 0;
    while (n >= 0 && !interrupted) {
        n = lws_service(srv.ctx, 0);
        /* Everything this turn of the loop staged is committed at once,
         * then told (tbs_hub_flush). */
        tbs_hub_flush(srv.hub);
    }
    lws_sul_cancel(&srv.sul);
    /* The workers first: a job finishing wakes the loop through ctx. */
    tbs_workers_free(srv.workers);
    srv.workers = NULL;
    lws_context_destroy(srv.ctx);
    tbs_hub_free(srv.hub);
    tbs_store_close(db);
    if (!o->quiet)
        fprintf(stderr, "tabula serve: stopped\n");
    return 0;
}
