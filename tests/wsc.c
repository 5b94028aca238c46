/*
 * wsc.c - a small WebSocket client for the server's tests and bench (see
 * wsc.h).  Only what a test needs: the handshake, masked text frames out,
 * text frames in (fragments joined), ping answered, close noticed.
 */
#include "wsc.h"

#include <arpa/inet.h>
#include <errno.h>
#include <libgen.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int write_all(int fd, const void *data, size_t n)
{
    const char *p = data;
    while (n > 0) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            struct pollfd pfd = {fd, POLLOUT, 0};
            poll(&pfd, 1, 1000);
            continue;
        }
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int grow(wsc *c, size_t need)
{
    if (c->len + need <= c->cap)
        return 0;
    size_t cap = c->cap ? c->cap : 4096;
    while (cap < c->len + need)
        cap *= 2;
    char *b = realloc(c->buf, cap);
    if (!b)
        return -1;
    c->buf = b;
    c->cap = cap;
    return 0;
}

int wsc_connect(wsc *c, const char *host, int port, char *err, size_t cap)
{
    return wsc_connect_with(c, host, port, "/", "", err, cap);
}

int wsc_connect_with(wsc *c, const char *host, int port, const char *path,
                     const char *headers, char *err, size_t cap)
{
    memset(c, 0, sizeof *c);
    c->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (c->fd < 0) {
        snprintf(err, cap, "socket: %s", strerror(errno));
        return -1;
    }
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &a.sin_addr) != 1 ||
        connect(c->fd, (struct sockaddr *)&a, sizeof a) != 0) {
        snprintf(err, cap, "connect %s:%d: %s", host, port, strerror(errno));
        wsc_close(c);
        return -1;
    }
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    char req[2048];
    int n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\n"
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n%s\r\n",
                     path, host, port, headers);
    if (n < 0 || (size_t)n >= sizeof req) {
        snprintf(err, cap, "handshake: headers too long");
        wsc_close(c);
        return -1;
    }
    if (write_all(c->fd, req, (size_t)n) != 0) {
        snprintf(err, cap, "handshake: cannot write");
        wsc_close(c);
        return -1;
    }
    /* Read the response up to its blank line; anything after it is the
     * first frames. */
    for (;;) {
        if (wsc_read(c, 5000) <= 0) {
            snprintf(err, cap, "handshake: no answer");
            wsc_close(c);
            return -1;
        }
        char *end = NULL;
        for (size_t i = 0; i + 3 < c->len; i++)
            if (memcmp(c->buf + i, "\r\n\r\n", 4) == 0) {
                end = c->buf + i + 4;
                break;
            }
        if (!end)
            continue;
        if (c->len < 12 || memcmp(c->buf, "HTTP/1.1 101", 12) != 0) {
            snprintf(err, cap, "handshake refused: %.40s",
                     c->len ? c->buf : "");
            wsc_close(c);
            return -1;
        }
        size_t used = (size_t)(end - c->buf);
        memmove(c->buf, end, c->len - used);
        c->len -= used;
        return 0;
    }
}

void wsc_close(wsc *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    free(c->buf);
    free(c->msg);
    c->buf = c->msg = NULL;
    c->len = c->cap = c->msg_len = 0;
}

/* Sends a frame with opcode op. */
static int send_frame(wsc *c, int op, const char *data, size_t len)
{
    unsigned char head[14];
    size_t h = 0;
    head[h++] = (unsigned char)(0x80 | op);
    if (len < 126) {
        head[h++] = (unsigned char)(0x80 | len);
    } else if (len < 65536) {
        head[h++] = 0x80 | 126;
        head[h++] = (unsigned char)(len >> 8);
        head[h++] = (unsigned char)len;
    } else {
        head[h++] = 0x80 | 127;
        for (int i = 7; i >= 0; i--)
            head[h++] = (unsigned char)((uint64_t)len >> (8 * i));
    }
    /* The mask need not be secret here: these are tests. */
    static uint32_t seed = 0x9e3779b9u;
    seed = seed * 1664525u + 1013904223u;
    unsigned char mask[4] = {(unsigned char)seed, (unsigned char)(seed >> 8),
                             (unsigned char)(seed >> 16),
                             (unsigned char)(seed >> 24)};
    memcpy(head + h, mask, 4);
    h += 4;
    char *out = malloc(h + len);
    if (!out)
        return -1;
    memcpy(out, head, h);
    for (size_t i = 0; i < len; i++)
        out[h + i] = (char)(data[i] ^ mask[i & 3]);
    int rc = write_all(c->fd, out, h + len);
    free(out);
    return rc;
}

int wsc_send(wsc *c, const char *text, size_t len)
{
    return send_frame(c, 1, text, len);
}

int wsc_read(wsc *c, int timeout_ms)
{
    if (c->fd < 0)
        return -1;
    struct pollfd pfd = {c->fd, POLLIN, 0};
    int p = poll(&pfd, 1, timeout_ms);
    if (p == 0)
        return 0;
    if (p < 0)
        return errno == EINTR ? 0 : -1;
    if (grow(c, 65536) != 0)
        return -1;
    ssize_t r = recv(c->fd, c->buf + c->len, c->cap - c->len, MSG_DONTWAIT);
    if (r < 0 && (errno == EAGAIN || errno == EINTR))
        return 0;
    if (r <= 0)
        return -1;
    c->len += (size_t)r;
    return 1;
}

int wsc_next(wsc *c, char **msg, size_t *len)
{
    for (;;) {
        if (c->len < 2)
            return 0;
        const unsigned char *b = (const unsigned char *)c->buf;
        int fin = b[0] & 0x80, op = b[0] & 0x0f;
        uint64_t n = b[1] & 0x7f;
        size_t h = 2;
        if (n == 126) {
            if (c->len < 4)
                return 0;
            n = (uint64_t)b[2] << 8 | b[3];
            h = 4;
        } else if (n == 127) {
            if (c->len < 10)
                return 0;
            n = 0;
            for (int i = 0; i < 8; i++)
                n = n << 8 | b[2 + i];
            h = 10;
        }
        if (b[1] & 0x80)
            h += 4; /* a server never masks, but skip a mask if there */
        if (c->len < h + n)
            return 0;
        const char *payload = c->buf + h;
        int done = 0;
        if (op == 8) {
            return -1;
        } else if (op == 9) {
            send_frame(c, 10, payload, (size_t)n);
        } else if (op == 1 || op == 0) {
            char *m = realloc(c->msg, c->msg_len + n + 1);
            if (!m)
                return -1;
            memcpy(m + c->msg_len, payload, (size_t)n);
            c->msg = m;
            c->msg_len += n;
            c->msg[c->msg_len] = '\0';
            done = fin != 0;
        }
        memmove(c->buf, c->buf + h + n, c->len - h - n);
        c->len -= h + n;
        if (done) {
            *msg = c->msg;
            *len = c->msg_len;
            c->msg = NULL;
            c->msg_len = 0;
            return 1;
        }
    }
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int wsc_recv(wsc *c, int timeout_ms, char **msg, size_t *len)
{
    long long end = now_ms() + timeout_ms;
    for (;;) {
        int rc = wsc_next(c, msg, len);
        if (rc != 0)
            return rc;
        long long left = end - now_ms();
        if (left <= 0)
            return 0;
        if (wsc_read(c, (int)left) < 0)
            return -1;
    }
}

int wsc_spawn_server(char *const argv[], int *port, char *out, size_t cap)
{
    int fds[2];
    *port = 0;
    if (cap)
        out[0] = '\0';
    if (pipe(fds) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(fds[1]);
    size_t len = 0;
    while (len + 1 < cap) {
        ssize_t r = read(fds[0], out + len, cap - 1 - len);
        if (r <= 0)
            break;
        len += (size_t)r;
        out[len] = '\0';
        const char *p = strstr(out, "127.0.0.1:");
        if (p && strchr(p, '/')) {
            *port = atoi(p + 10);
            break;
        }
    }
    close(fds[0]);
    if (*port <= 0) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return -1;
    }
    return (int)pid;
}

void wsc_remove_db(const char *path)
{
    static const char *const suffix[] = {"", "-wal", "-shm", ".lock"};
    for (int i = 0; i < 4; i++) {
        char name[4200];
        snprintf(name, sizeof name, "%s%s", path, suffix[i]);
        unlink(name);
    }
}

int wsc_find_tabula(const char *argv0, char *out, size_t cap)
{
    char self[4096];
    snprintf(self, sizeof self, "%s", argv0);
    snprintf(out, cap, "%s/../tabula", dirname(self));
    if (access(out, X_OK) != 0) {
        fprintf(stderr, "%s: %s is not built\n", argv0, out);
        return -1;
    }
    return 0;
}
