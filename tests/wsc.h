/*
 * wsc.h - a small WebSocket client (RFC 6455, text messages, no TLS) for
 * the server's crash test and load bench: a blocking handshake, then
 * frames read from a buffer filled by the caller's reads (so that one
 * thread can poll hundreds of them).
 */
#ifndef TABULA_WSC_H
#define TABULA_WSC_H

#include <stddef.h>

typedef struct wsc {
    int fd;
    char *buf;      /* bytes read and not yet parsed */
    size_t len, cap;
    char *msg;      /* a fragmented message being put together */
    size_t msg_len;
} wsc;

/* Connects to host:port and does the handshake for path "/".  0, or -1
 * with a message. */
int wsc_connect(wsc *c, const char *host, int port, char *err, size_t cap);
/* The same with the request's path and extra header lines (each ending
 * in \r\n; "" for none), as an attacker or a proxy would send them. */
int wsc_connect_with(wsc *c, const char *host, int port, const char *path,
                     const char *headers, char *err, size_t cap);
void wsc_close(wsc *c);
/* Sends one text message (masked, as a client must).  0, or -1. */
int wsc_send(wsc *c, const char *text, size_t len);
/* Reads what the socket has (waiting up to timeout_ms when nothing is
 * there; 0 does not wait).  1 when bytes came, 0 on time out, -1 when
 * the connection is closed. */
int wsc_read(wsc *c, int timeout_ms);
/* Takes the next whole text message from what was read: 1 with *msg
 * (malloc'd, NUL-terminated; free it), 0 when none is complete, -1 when
 * the server closed.  Pings are answered here. */
int wsc_next(wsc *c, char **msg, size_t *len);
/* Waits up to timeout_ms for the next message (both steps above). */
int wsc_recv(wsc *c, int timeout_ms, char **msg, size_t *len);

/* Starts `tabula serve` (argv: the program and its arguments, which must
 * bind 127.0.0.1 and may ask for port 0) and reads the port from the line
 * it prints.  Returns the child's pid with *port set, or -1 when it did
 * not start (its output, if any, in out). */
int wsc_spawn_server(char *const argv[], int *port, char *out, size_t cap);
/* Finds the tabula binary beside the test's folder (build/tabula for
 * build/tests/x): 0 with its path in out, or -1 with a message on
 * stderr when it is not built. */
int wsc_find_tabula(const char *argv0, char *out, size_t cap);
/* Removes a test's database and its WAL files. */
void wsc_remove_db(const char *path);

#endif
