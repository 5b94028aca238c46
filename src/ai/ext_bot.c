/*
 * ext_bot.c - the `ext` bot: an outside program plays a seat, speaking the
 * line protocol of docs/protocol.md over its stdin and stdout, as chess
 * engines speak UCI.  The spec is "ext:[time=S] [fallback=BOT] COMMAND";
 * COMMAND runs under /bin/sh.
 *
 * The program is sent the game, options and its seat when a game starts,
 * then at each decision the seat's view (tb_view_json of a state
 * determinized for the seat, so not even a faulty view can leak a hidden
 * card) and the texts of the legal actions; it answers one of them.  It is
 * never trusted to behave:
 *   - an answer that is not a legal action: the program is told "error
 *     ...", and the fallback bot plays that one move;
 *   - no answer within the time limit, the program's exit or crash, or an
 *     unwritable pipe: the program is killed, and the fallback bot plays the
 *     seat for the rest of the bot's life (every later game too).
 * The fallback is `random` unless fallback=BOT names another.  tabula
 * never waits longer than the limit, and a dead program cannot raise
 * SIGPIPE (the channel is a socket written with MSG_NOSIGNAL).
 */
#include "ext_bot.h"
#include "internal.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define DEFAULT_TIME 10.0
#define LINE_MAX_LEN 4096
#define QUIT_GRACE 0.5 /* seconds a program gets to leave after "quit" */

typedef struct ext {
    char cmd[TB_SEAT_SPEC];
    char fallback_spec[TB_SEAT_SPEC];
    double time;       /* seconds per answer */
    pid_t pid;         /* 0 when not running */
    int fd;            /* our end of the socket, -1 when closed */
    int dead;          /* failed for good: the fallback plays on */
    int started;       /* the program has been started once */
    int in_game;       /* the current game was announced */
    int seat;
    tb_config cfg;
    int have_cfg;
    tbi_bot *fallback;
    long fallback_moves;
    long bad_answers;  /* only the first is reported on stderr */
    char buf[LINE_MAX_LEN];
    size_t len;        /* bytes buffered in buf */
} ext;

/* ------------------------------------------------------------ process */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Kills the program, if running, and reaps it. */
static void stop_process(ext *x)
{
    if (x->fd >= 0)
        close(x->fd);
    x->fd = -1;
    if (x->pid > 0) {
        kill(-x->pid, SIGKILL); /* its process group: sh and what it ran */
        kill(x->pid, SIGKILL);
        waitpid(x->pid, NULL, 0);
    }
    x->pid = 0;
}

/* Starts the program with a socket as its stdin and stdout (stderr is
 * left to the terminal, for the program's own messages).  posix_spawn
 * rather than fork, as sims run bots on several threads. */
static int start_process(ext *x, char *why, size_t cap)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        tbi_errf(why, cap, "cannot make a socket: %s", strerror(errno));
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
    /* A process group of its own, so that a kill reaches whatever the
     * shell started too. */
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    char *argv[] = {"sh", "-c", x->cmd, NULL};
    pid_t pid;
    int rc = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&fa);
    close(sv[1]);
    if (rc != 0) {
        close(sv[0]);
        tbi_errf(why, cap, "cannot start it: %s", strerror(rc));
        return -1;
    }
    x->pid = pid;
    x->fd = sv[0];
    x->len = 0;
    x->started = 1;
    return 0;
}

/* Sends text (one or more whole lines), waiting at most the answer time
 * for the program to make room: a program that stops reading fails like
 * one that stops answering, instead of blocking tabula in send(). */
static int send_text(ext *x, const char *text, char *why, size_t cap)
{
    size_t n = strlen(text), off = 0;
    double deadline = now() + x->time;
    while (off < n) {
        ssize_t w = send(x->fd, text + off, n - off,
                         MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            double left = deadline - now();
            if (left <= 0) {
                tbi_errf(why, cap, "it stopped reading for %g s", x->time);
                return -1;
            }
            struct pollfd p = {.fd = x->fd, .events = POLLOUT};
            if (poll(&p, 1, (int)(left * 1000) + 1) < 0 && errno != EINTR) {
                tbi_errf(why, cap, "cannot wait to write (%s)",
                         strerror(errno));
                return -1;
            }
            continue;
        }
        if (w <= 0) {
            tbi_errf(why, cap, "it stopped reading (%s)", strerror(errno));
            return -1;
        }
        off += (size_t)w;
    }
    return 0;
}

/* Reads one line into line (without its newline) by the deadline,
 * skipping comment lines ("#..." and "info ...") and blank ones. */
static int read_line(ext *x, char *line, size_t cap, double deadline,
                     char *why, size_t wcap)
{
    for (;;) {
        char *nl = memchr(x->buf, '\n', x->len);
        if (nl) {
            size_t n = (size_t)(nl - x->buf);
            size_t keep = n < cap - 1 ? n : cap - 1;
            memcpy(line, x->buf, keep);
            line[keep] = '\0';
            if (keep && line[keep - 1] == '\r')
                line[keep - 1] = '\0';
            memmove(x->buf, nl + 1, x->len - n - 1);
            x->len -= n + 1;
            if (line[0] == '#' || line[0] == '\0' ||
                strncmp(line, "info ", 5) == 0 || strcmp(line, "info") == 0)
                continue;
            return 0;
        }
        if (x->len == sizeof x->buf) {
            tbi_errf(why, wcap, "it wrote a line longer than %d bytes",
                     LINE_MAX_LEN);
            return -1;
        }
        double left = deadline - now();
        if (left <= 0) {
            tbi_errf(why, wcap, "it did not answer within %g s", x->time);
            return -1;
        }
        struct pollfd p = {.fd = x->fd, .events = POLLIN};
        int ms = (int)(left * 1000) + 1;
        int r = poll(&p, 1, ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            continue; /* the deadline check above reports it */
        ssize_t got = recv(x->fd, x->buf + x->len, sizeof x->buf - x->len, 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            int status = 0;
            if (x->pid > 0 && waitpid(x->pid, &status, WNOHANG) == x->pid) {
                x->pid = 0;
                if (WIFSIGNALED(status))
                    tbi_errf(why, wcap, "it crashed (signal %d)",
                             WTERMSIG(status));
                else
                    tbi_errf(why, wcap, "it exited (status %d)",
                             WEXITSTATUS(status));
            } else {
                tbi_errf(why, wcap, "it closed its output");
            }
            return -1;
        }
        x->len += (size_t)got;
    }
}

/* Gives the seat to the fallback for good, saying why once on stderr. */
static void fail(tbi_bot *b, const char *why)
{
    ext *x = b->data;
    stop_process(x);
    x->dead = 1;
    fprintf(stderr, "tabula: ext agent '%s' (seat %d): %s; %s plays the "
            "seat from now on\n", x->cmd, x->seat, why, x->fallback_spec);
}

/* ------------------------------------------------------------ protocol */

/* Announces a game: protocol version (once per process), game, players,
 * options, seat; waits for "ready". */
static int announce(tbi_bot *b, char *why, size_t cap)
{
    ext *x = b->data;
    const tb_game *g = b->game;
    char msg[2048];
    tb_text t;
    tb_text_init(&t, msg, sizeof msg);
    if (!x->pid) {
        if (x->started) {
            tbi_errf(why, cap, "it is no longer running");
            return -1;
        }
        if (start_process(x, why, cap))
            return -1;
        tb_text_printf(&t, "tabula %d\n", TBI_PROTOCOL_VERSION);
    }
    tb_config cfg = x->cfg;
    if (!x->have_cfg)
        tb_config_default(g, 0, &cfg);
    tb_text_printf(&t, "game %s\nplayers %d\n", g->id, cfg.players);
    for (int i = 0; i < g->n_options; i++) {
        char v[64];
        tb_config_value_text(g, &cfg, i, v, sizeof v);
        tb_text_printf(&t, "option %s %s\n", g->options[i].name, v);
    }
    tb_text_printf(&t, "seat %d\nbegin\n", x->seat);
    char line[LINE_MAX_LEN];
    if (send_text(x, msg, why, cap) ||
        read_line(x, line, sizeof line, now() + x->time, why, cap))
        return -1;
    if (strcmp(line, "ready") != 0) {
        tbi_errf(why, cap, "it answered '%.60s' to begin, not 'ready'", line);
        return -1;
    }
    x->in_game = 1;
    return 0;
}

/* Asks the program for a move: sends the view and the legal actions and
 * reads one answer.  Returns 0 with *out set, 1 after a bad answer (the
 * program lives on), -1 when the program failed for good. */
static int ask(tbi_bot *b, const void *st, int seat, tb_action *out,
               char *why, size_t cap)
{
    ext *x = b->data;
    const tb_game *g = b->game;
    if (!x->in_game && announce(b, why, cap))
        return -1;
    char *view = tb_view_json(g, st, seat);
    tb_action acts[TB_MAX_ACTIONS];
    int n = g->legal(st, acts);
    int rc = send_text(x, "decide\nview ", why, cap) ||
             send_text(x, view ? view : "{}", why, cap);
    free(view);
    char msg[TB_ACTION_TEXT + 32];
    snprintf(msg, sizeof msg, "\nlegal %d\n", n);
    rc = rc || send_text(x, msg, why, cap);
    for (int i = 0; i < n && !rc; i++) {
        g->action_text(st, acts[i], msg, sizeof msg - 1);
        strcat(msg, "\n");
        rc = send_text(x, msg, why, cap);
    }
    rc = rc || send_text(x, "go\n", why, cap);
    char line[LINE_MAX_LEN];
    if (rc || read_line(x, line, sizeof line, now() + x->time, why, cap))
        return -1;
    char err[200];
    if (tb_parse_action(g, st, line, out, err, sizeof err) == TB_OK)
        return 0;
    char reply[300];
    snprintf(reply, sizeof reply, "error '%.60s' is not a legal action: %s\n",
             line, err);
    if (send_text(x, reply, why, cap))
        return -1;
    tbi_errf(why, cap, "it answered '%.60s', not a legal action", line);
    return 1;
}

/* ------------------------------------------------------------ bot kind */

/* Reads "[time=S] [fallback=BOT] COMMAND": options first, each one word. */
static int ext_create(tbi_bot *b, const char *params, char *err, size_t cap)
{
    ext *x = calloc(1, sizeof *x);
    if (!x) {
        tbi_errf(err, cap, "out of memory");
        return TB_ENOMEM;
    }
    b->data = x;
    x->fd = -1;
    x->time = DEFAULT_TIME;
    snprintf(x->fallback_spec, sizeof x->fallback_spec, "random");
    const char *p = params;
    for (;;) {
        while (*p == ' ')
            p++;
        size_t w = strcspn(p, " ");
        if (strncmp(p, "time=", 5) == 0) {
            char *end;
            double v = strtod(p + 5, &end);
            if (end != p + w || !(v > 0 && v <= 3600)) {
                tbi_errf(err, cap, "ext: time takes seconds (up to 3600), "
                         "not '%.*s'", (int)w, p);
                return TB_EINVAL;
            }
            x->time = v;
        } else if (strncmp(p, "fallback=", 9) == 0) {
            if (w - 9 >= sizeof x->fallback_spec || w == 9 ||
                strncmp(p + 9, "ext", 3) == 0) {
                tbi_errf(err, cap, "ext: fallback names a bot that is not "
                         "ext, such as random or heuristic");
                return TB_EINVAL;
            }
            snprintf(x->fallback_spec, sizeof x->fallback_spec, "%.*s",
                     (int)(w - 9), p + 9);
        } else {
            break;
        }
        p += w;
    }
    /* A command written with the shell's quotes kept ("ext:\"cmd\""). */
    size_t n = strlen(p);
    if (n >= 2 && (p[0] == '"' || p[0] == '\'') && p[n - 1] == p[0]) {
        p++;
        n -= 2;
    }
    if (n == 0) {
        tbi_errf(err, cap, "ext needs a command to run: ext:COMMAND, e.g. "
                 "ext:python3 agents/rules_agent.py");
        return TB_EINVAL;
    }
    snprintf(x->cmd, sizeof x->cmd, "%.*s", (int)n, p);
    x->fallback = tbi_bot_new(b->game, x->fallback_spec, err, cap);
    return x->fallback ? TB_OK : TB_EINVAL;
}

static void ext_start(tbi_bot *b, const tb_config *cfg, int seat)
{
    ext *x = b->data;
    x->cfg = *cfg;
    x->have_cfg = 1;
    x->seat = seat;
    x->in_game = 0;
    tbi_bot_start(x->fallback, cfg, seat, tb_rng_next(&b->rng));
}

static tb_action ext_choose(tbi_bot *b, void *st, int seat)
{
    ext *x = b->data;
    x->seat = seat;
    if (!x->dead) {
        char why[256];
        tb_action a;
        int rc = ask(b, st, seat, &a, why, sizeof why);
        if (rc == 0)
            return a;
        if (rc < 0)
            fail(b, why);
        else if (x->bad_answers++ == 0)
            fprintf(stderr, "tabula: ext agent '%s' (seat %d): %s; %s plays "
                    "this move, and every move it answers wrongly (not "
                    "reported again)\n", x->cmd, seat, why, x->fallback_spec);
    }
    x->fallback_moves++;
    return tbi_bot_choose(x->fallback, st, seat);
}

/* Sends news of the table that wants no answer (the end of a round or of
 * the game): a first line, then the seat's view of world, and, when
 * given, the result.  Only to a program that is playing this game. */
static void tell(tbi_bot *b, const char *head, const void *world,
                 const tb_result *r)
{
    ext *x = b->data;
    if (x->dead || !x->in_game || x->fd < 0)
        return;
    char why[256];
    char *view = tb_view_json(b->game, world, x->seat);
    char *result = NULL;
    if (r) {
        json_t *o = tbi_result_json(r);
        result = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
    }
    int rc = send_text(x, head, why, sizeof why);
    if (!rc && result)
        rc = send_text(x, "result ", why, sizeof why) ||
             send_text(x, result, why, sizeof why) ||
             send_text(x, "\n", why, sizeof why);
    rc = rc || send_text(x, "view ", why, sizeof why) ||
         send_text(x, view ? view : "{}", why, sizeof why) ||
         send_text(x, "\n", why, sizeof why);
    free(view);
    free(result);
    if (rc)
        fail(b, why);
}

static void ext_round_end(tbi_bot *b, const void *world, int round)
{
    char head[64];
    snprintf(head, sizeof head, "end-round %d\n", round);
    tell(b, head, world, NULL);
}

static void ext_game_end(tbi_bot *b, const void *world, const tb_result *r)
{
    ext *x = b->data;
    tell(b, "end-game\n", world, r);
    x->in_game = 0;
}

/* Says "quit", gives the program a moment to leave, then kills it. */
static void ext_destroy(tbi_bot *b)
{
    ext *x = b->data;
    if (!x)
        return;
    if (x->pid > 0 && x->fd >= 0) {
        char why[64];
        if (send_text(x, "quit\n", why, sizeof why) == 0) {
            double until = now() + QUIT_GRACE;
            while (now() < until && waitpid(x->pid, NULL, WNOHANG) == 0) {
                struct timespec ts = {0, 5000000};
                nanosleep(&ts, NULL);
            }
            if (waitpid(x->pid, NULL, WNOHANG) != 0)
                x->pid = 0;
        }
    }
    stop_process(x);
    tbi_bot_free(x->fallback);
    free(x);
    b->data = NULL;
}

long tbi_ext_fallback_moves(const tbi_bot *b)
{
    return b->kind == &tbi_bot_ext ? ((const ext *)b->data)->fallback_moves
                                   : 0;
}

long tbi_ext_bad_answers(const tbi_bot *b)
{
    return b->kind == &tbi_bot_ext ? ((const ext *)b->data)->bad_answers : 0;
}

const tbi_bot_kind tbi_bot_ext = {
    .name = "ext",
    .help = "ext:[time=S] [fallback=BOT] COMMAND: an outside program, "
            "speaking docs/protocol.md",
    .legal_only = 0,
    .create = ext_create,
    .choose = ext_choose,
    .destroy = ext_destroy,
    .start = ext_start,
    .round_end = ext_round_end,
    .game_end = ext_game_end,
};
