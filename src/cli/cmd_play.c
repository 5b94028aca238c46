/*
 * cmd_play.c - `tabula play`: a game at the terminal between people and
 * bots.  People type moves in each game's notation, with line editing,
 * history and tab completion of the legal moves (libedit); '?' lists them.
 * Without a human seat the bots play to the end and the result is printed,
 * so the command is scriptable.
 *
 * Every move is shown through tb_describe, as the table saw it, never as
 * the mover's raw action text: with one person, as that person's seat saw
 * it; with several people sharing the terminal, as a spectator sees it,
 * and each person's hand only at their turn, after the screen was handed
 * over (cleared on a terminal, a separator in a pipe).  Luck is shown the
 * same way, through tb_describe_chance: a deal, a card turned up, a roll,
 * as the viewer learnt it.  Whenever a move ends a tick, hand, level or
 * game (the state after it is a shuffle, a new deal, or the end) the
 * table is drawn, before the next deal is made; after luck that showed
 * something (a deal, a reveal, a roll of dice or a coin within a turn)
 * it is drawn once the chance steps in a row are resolved, as its outcome
 * shows in the table (not when a person moves next: the table is drawn
 * for them then).
 * With --record the record's place is checked before the game starts and
 * the record is written however the game ends: finished, quit, or stopped
 * by Ctrl-C, SIGTERM or SIGHUP.
 *
 * Real-time games (TB_GAME_REALTIME, e.g. The Mind) with one person at a
 * terminal run on a wall clock instead: the terminal goes raw, a tick
 * passes every --tick milliseconds, a key press during a tick is that
 * person's choice (mapped by the game's realtime_key), no key is the
 * game's default, and the table is drawn again every tick.  Bots, records
 * and replays see the same plain decisions as ever.  A game may run only
 * one phase on the clock (MYST's race): at decisions its realtime_key
 * refuses with TB_EINVAL the terminal asks for typed moves as usual.
 *
 * A sand timer (--timer S, added for Mysterium's).  A game whose view
 * has a `timer` object (Mysterium) runs one sand timer for a phase: S
 * seconds from the moment the view's timer.running turns true, shared by
 * every move of that phase and by nobody outside it (so Mysterium's ghost
 * is never timed); a person whose time has run out keeps what they
 * marked, and each of their turns left in the phase is answered `done`
 * for them (never a bot's choice).  In any other game it limits each move
 * a person makes to S seconds: when the time runs out the move is made
 * for them by the game's heuristic (random play in a game without one),
 * and the table is told so.  Bots answer at once, untimed.
 */
#include "cli.h"
#include "internal.h"
#include "levels.h"
#include "match.h"

#include <editline/readline.h>
#include <errno.h>
#include <jansson.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* The bot that fills the seats nobody named: the game's expert level,
 * the strongest bot its ladder measured within about a second a move
 * (the search in most games, the heuristic where no search was shown
 * above it), so that the default is the measured best rather than one
 * spec for every game. */
#define DEFAULT_BOT "expert"

static int usage(void)
{
    printf(
        "usage: tabula play GAME [-p N] [--seats human,random,...] [--seed S]\n"
        "                   [--level L] [--opt key=value]... [--record FILE]\n"
        "                   [--watch]\n"
        "                   [--plain] [--tick MS] [--timer S]\n\n"
        "Plays GAME at the terminal.  Each seat is 'human' or a bot; the last\n"
        "seat named fills the rest (default: you at seat 0, bots elsewhere).\n"
        "At your turn type a move (see 'tabula rules GAME' for the notation),\n"
        "'?' for the legal moves, 'board' to draw the table again, or 'quit'.\n"
        "Tab completes moves.  Moves are shown as the table sees them: to one\n"
        "person as their seat sees them; when several people share the\n"
        "terminal, as a spectator sees them, and each one's hand only at\n"
        "their turn, after the screen is cleared and they press Enter.  With\n"
        "no human seat the bots play to the end and only the result is\n"
        "printed (see --watch).\n\n"
        "  -p N            players\n"
        "  --seats LIST    who sits where, e.g. human,random,random, or\n"
        "                  human,hard: a level (easy, medium, hard, expert;\n"
        "                  'tabula bots GAME' lists them with their ratings)\n"
        "  --level L       without --seats: you at seat 0 and bots of level L\n"
        "                  elsewhere (default: " DEFAULT_BOT ", the game's\n"
        "                  strongest measured level, at most about a second\n"
        "                  a move)\n"
        "  --seed S        the deal's seed (default: from the clock, printed)\n"
        "  --opt key=value a game option; see 'tabula rules GAME'\n"
        "  --record FILE   write the game's record to FILE, also when you quit\n"
        "                  or the game is stopped (Ctrl-C, SIGTERM, SIGHUP);\n"
        "                  FILE is checked before the game starts\n"
        "  --watch         with bots only: show every move (as a spectator\n"
        "                  sees it) and the table at each deal's end\n"
        "  --plain         no colours or symbols\n"
        "  --tick MS       real-time games (the-mind, myst's race) with one\n"
        "                  person at a terminal: milliseconds per tick\n"
        "                  (default 1000; 0 plays them turn by turn with\n"
        "                  typed moves)\n"
        "  --timer S       a sand timer: in mysterium one timer of S seconds\n"
        "                  for the psychics' sand-timer phase (a person out of\n"
        "                  time keeps what they marked and is taken as done);\n"
        "                  in other games each move of a person must come\n"
        "                  within S seconds, or the game's heuristic makes it\n"
        "                  (default 0: no limit; bots are never timed)\n");
    return 0;
}

/* The state tab completion reads its candidates from. */
static const tb_game *complete_game;
static const void *complete_state;

static char *complete_move(const char *text, int index)
{
    static tb_action buf[TB_MAX_ACTIONS];
    static int n, next;
    if (index == 0) {
        n = tb_legal(complete_game, complete_state, buf);
        next = 0;
    }
    while (next < n) {
        char t[TB_ACTION_TEXT];
        complete_game->action_text(complete_state, buf[next++], t, sizeof t);
        if (strncmp(t, text, strlen(text)) == 0)
            return strdup(t);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    return rl_completion_matches(text, complete_move);
}

static double now_ms(void);

/* Reads one line from a pipe: a malloc'd line without its newline, or
 * NULL at end of input. */
static char *read_piped_line(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len = getline(&line, &cap, stdin);
    if (len < 0) {
        free(line);
        return NULL;
    }
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = '\0';
    putchar('\n');
    return line;
}

/* The line libedit's callback interface hands over (NULL at end of
 * input), and whether it has. */
static char *timed_line;
static int timed_done;

static void on_timed_line(char *line)
{
    timed_line = line;
    timed_done = 1;
}

/* Reads one line before the time deadline (ms, now_ms's clock): through
 * libedit's callback interface on a terminal, plainly from a pipe (a line
 * begun in a pipe is read to its end).  Returns a malloc'd line, or NULL
 * at end of input or, setting *late, when the time ran out. */
static char *read_line_until(const char *prompt, int interactive,
                             double deadline, int *late)
{
    *late = 0;
    if (!interactive) {
        fputs(prompt, stdout);
        fflush(stdout);
    } else {
        timed_done = 0;
        timed_line = NULL;
        rl_callback_handler_install(prompt, on_timed_line);
    }
    for (;;) {
        double left = deadline - now_ms();
        if (left <= 0) {
            *late = 1;
            break;
        }
        struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
        if (poll(&pfd, 1, left > 1e6 ? 1000000 : (int)left + 1) <= 0)
            continue;
        if (!interactive)
            break;
        rl_callback_read_char();
        if (timed_done)
            break;
    }
    if (interactive) {
        rl_callback_handler_remove();
        if (*late) {
            putchar('\n');
            return NULL;
        }
        if (timed_line && *timed_line)
            add_history(timed_line);
        return timed_line;
    }
    if (*late) {
        putchar('\n');
        return NULL;
    }
    return read_piped_line();
}

/* Reads one line: through libedit on a terminal, plainly from a pipe.
 * Returns a malloc'd line without its newline, or NULL at end of input. */
static char *read_line(const char *prompt, int interactive)
{
    if (interactive) {
        char *line = readline(prompt);
        if (line && *line)
            add_history(line);
        return line;
    }
    fputs(prompt, stdout);
    fflush(stdout);
    return read_piped_line();
}

static void list_moves(const tb_game *g, const void *st)
{
    static tb_action buf[TB_MAX_ACTIONS];
    int n = tb_legal(g, st, buf);
    printf("legal moves (%d):", n);
    for (int i = 0; i < n; i++) {
        char t[TB_ACTION_TEXT];
        g->action_text(st, buf[i], t, sizeof t);
        printf("%s%s", i % 12 == 0 ? "\n  " : "  ", t);
    }
    putchar('\n');
}

/* Whether the game runs a sand timer for a phase, by its view of seat:
 * 1 while the view's timer.running is true, 0 when the view has a timer
 * that is not running, -1 when the game's view has no timer (the timer
 * is then per move). */
static int sand_phase(const tb_game *g, const void *st, int seat)
{
    if (!g->view_json)
        return -1;
    json_t *v = g->view_json(st, seat);
    json_t *timer = json_object_get(v, "timer");
    int r = json_is_object(timer)
                ? json_is_true(json_object_get(timer, "running"))
                : -1;
    json_decref(v);
    return r;
}

/* Asks a person at seat for a move until one is legal, before the time
 * `deadline` (now_ms) when that is not 0.  Returns 0 with the action, 1
 * when the time ran out, or -1 when they quit or the input ends. */
static int ask_human(const tb_game *g, const void *st, int seat,
                     unsigned style, int interactive, double deadline,
                     tb_action *out)
{
    cli_draw(g, st, seat, style);
    complete_game = g;
    complete_state = st;
    char prompt[64];
    if (deadline > 0)
        printf("(sand timer: %.0f s left)\n",
               (deadline - now_ms()) / 1000.0 + 0.5);
    snprintf(prompt, sizeof prompt, "seat %d> ", seat);
    for (;;) {
        int late = 0;
        char *line = deadline > 0
                         ? read_line_until(prompt, interactive, deadline,
                                           &late)
                         : read_line(prompt, interactive);
        if (late)
            return 1;
        if (!line)
            return -1;
        const char *s = tbi_skip_space(line);
        char err[256];
        int rc = 1;
        if (!*s) {
            /* An empty line asks again. */
        } else if (strcmp(s, "?") == 0 || tbi_word_eq(s, "help")) {
            list_moves(g, st);
        } else if (tbi_word_eq(s, "quit") || tbi_word_eq(s, "q") ||
                   tbi_word_eq(s, "exit")) {
            rc = -1;
        } else if (tbi_word_eq(s, "board") || tbi_word_eq(s, "show")) {
            cli_draw(g, st, seat, style);
        } else if (tb_parse_action(g, st, s, out, err, sizeof err) == TB_OK) {
            rc = 0;
        } else {
            printf("%s\n", err);
        }
        free(line);
        if (rc <= 0)
            return rc;
    }
}

/* Recent lines of what happened at the table, as one viewer saw them: the
 * clock shows the last few under the table, and a shared terminal shows
 * the ones since the last hand-over again after clearing the screen.
 * When full, the oldest lines go. */
typedef struct move_log {
    char buf[8192];
    size_t len;
} move_log;

static void log_add(move_log *l, const char *text)
{
    size_t n = strlen(text);
    if (n >= sizeof l->buf)
        text += n - (sizeof l->buf - 1), n = sizeof l->buf - 1;
    while (l->len + n >= sizeof l->buf) {
        char *nl = memchr(l->buf, '\n', l->len);
        size_t drop = nl ? (size_t)(nl - l->buf) + 1 : l->len;
        memmove(l->buf, l->buf + drop, l->len - drop);
        l->len -= drop;
    }
    memcpy(l->buf + l->len, text, n + 1);
    l->len += n;
}

/* Prints the last `lines` lines of the log. */
static void log_tail(const move_log *l, int lines)
{
    size_t i = l->len;
    int seen = 0;
    while (i > 0) {
        if (l->buf[i - 1] == '\n' && i != l->len && ++seen == lines)
            break;
        i--;
    }
    fputs(l->buf + i, stdout);
}

/* Records and applies the action a of the seat to move, keeping the state
 * before it in `before`, and writes into desc what `viewer` saw happen
 * (tb_describe): the one way moves are shown, whatever the mode of play. */
static void play_action(const tb_game *g, void *st, void *before,
                        tb_action a, tb_record *rec, int viewer, char *desc,
                        size_t cap)
{
    tbi_step_action(g, st, before, a, rec);
    tb_text t;
    tb_text_init(&t, desc, cap);
    tb_describe(g, before, a, st, viewer, &t);
}

/* Resolves the chance node at st from the deal's generator and records
 * it, keeping the node in `before`, and writes into desc what `viewer`
 * learnt from the outcome (tb_describe_chance): nothing when it showed
 * that viewer nothing. */
static void play_chance(const tb_game *g, void *st, void *before,
                        tb_rng *deal, tb_record *rec, int viewer, char *desc,
                        size_t cap)
{
    uint16_t outcome[TB_MAX_CHANCE];
    int n = 0;
    memcpy(before, st, g->state_size);
    tbi_step_chance(g, st, deal, rec, outcome, &n);
    tb_text t;
    tb_text_init(&t, desc, cap);
    tb_describe_chance(g, before, outcome, n, st, viewer, &t);
}

static void print_result(const tb_game *g, const void *st, unsigned style)
{
    tb_result r;
    tb_result_of(g, st, &r);
    cli_draw(g, st, TB_SPECTATOR, style);
    printf("%sgame over%s\n", tbi_color(style, TBI_BOLD),
           tbi_color(style, TBI_RESET));
    if (r.cooperative)
        printf("the team %s with a score of %g\n",
               r.team_win ? "wins" : "loses", r.team_score);
    if (r.draw)
        printf("the game is a draw: nobody wins\n");
    for (int j = 0; j < r.players; j++)
        printf("seat %d: score %g, rank %d%s\n", j, r.score[j], r.rank[j],
               r.rank[j] == 1 && !r.cooperative && !r.draw ? " (winner)"
                                                           : "");
}

/* ------------------------------------------------------------ signals */

/* The record's place, checked when the game starts: a temporary file
 * beside it, kept open, that becomes the record by a rename at the end
 * (tbi_whole_open). */
static FILE *rec_file;
static char rec_tmp[4200];
static const char *rec_path;
static mode_t rec_mode;
/* The record as text when the program last waited for a person, for the
 * signal handler to write: it may not build JSON, but it may write bytes
 * it already has. */
static char *volatile rec_snapshot;
/* Set while the program waits for a person (a typed move, Enter): a
 * signal then ends the program at once, writing the snapshot. */
static volatile sig_atomic_t waiting;
/* A signal that came while the program was working; the loop stops at the
 * next step, writes the record and re-raises it. */
static volatile sig_atomic_t got_signal;

/* The terminal's settings before it went raw, restored on every way out. */
static struct termios saved_tty;
static volatile sig_atomic_t tty_is_raw;

static void tty_restore(void)
{
    if (tty_is_raw) {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_tty);
        tty_is_raw = 0;
    }
}

/* Keys arrive one at a time, unechoed; signals (Ctrl-C) still work. */
static void tty_raw(void)
{
    struct termios raw = saved_tty;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0)
        tty_is_raw = 1;
}

static void on_signal(int sig);

/* Installs on_signal for sig, without SA_RESTART, so that a wait for a
 * key is interrupted. */
static void catch_signal(int sig)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

/* Writes the last snapshot as the record, with calls a signal handler may
 * make (write, fchmod, rename). */
static void write_snapshot(void)
{
    char *text = rec_snapshot;
    if (!rec_file || !text)
        return;
    int fd = fileno(rec_file);
    size_t len = strlen(text), done = 0;
    if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
        return;
    while (done < len) {
        ssize_t w = write(fd, text + done, len - done);
        if (w <= 0)
            return;
        done += (size_t)w;
    }
    if (fchmod(fd, rec_mode) == 0 && rename(rec_tmp, rec_path) == 0) {
        static const char msg[] = "\nstopped; the record is written\n";
        ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
        (void)ignored;
        rec_file = NULL; /* renamed: nothing to remove */
    }
}

/* Ctrl-Z stops with the terminal restored and makes it raw again after
 * the continue.  Ctrl-C, SIGTERM, SIGHUP and SIGQUIT end the game: while
 * a person is being waited for, at once (the record written from the
 * snapshot, the terminal restored, the signal re-raised); otherwise the
 * game loop notices got_signal after the step in hand. */
static void on_signal(int sig)
{
    if (sig == SIGTSTP) {
        int was_raw = tty_is_raw;
        tty_restore();
        signal(SIGTSTP, SIG_DFL);
        raise(SIGTSTP);
        /* Continued: back to raw keys, and catch the next stop. */
        if (was_raw)
            tty_raw();
        catch_signal(SIGTSTP);
        return;
    }
    if (waiting) {
        write_snapshot();
        tty_restore();
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    got_signal = sig;
}

/* Starts a wait for a person.  Returns 1 (not waiting) when a signal came
 * since the game loop last looked: set after that look but before the
 * flag, it would otherwise leave the program blocked on input it will
 * never get. */
static int begin_wait(void)
{
    waiting = 1;
    if (got_signal) {
        waiting = 0;
        return 1;
    }
    return 0;
}

static const int end_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

/* Catches the signals that end or stop the game.  A hangup or quit that
 * was ignored when the program started (nohup) stays ignored; Ctrl-C and
 * SIGTERM are always caught, so that the record is written. */
static void signals_start(void)
{
    for (size_t i = 0; i < sizeof end_signals / sizeof end_signals[0]; i++) {
        int sig = end_signals[i];
        struct sigaction old;
        if ((sig == SIGHUP || sig == SIGQUIT) &&
            sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        catch_signal(sig);
    }
    catch_signal(SIGTSTP);
}

/* Publishes the record as it stands for the signal handler: called before
 * each wait for a person. */
static void snapshot(const tb_record *rec)
{
    if (!rec_file)
        return;
    char *text = tbi_record_text(rec);
    if (!text)
        return;
    char *old = rec_snapshot;
    rec_snapshot = text;
    free(old);
}

/* Checks the record's place before the game and keeps a temporary file
 * open there; 0, or -1 after saying why it cannot be written. */
static int record_start(const char *path)
{
    if (strcmp(path, "-") == 0)
        return 0;
    FILE *f = tbi_whole_open(path, rec_tmp, sizeof rec_tmp);
    if (!f) {
        cli_error("cannot write record %s: %s", path, strerror(errno));
        return -1;
    }
    mode_t mask = umask(0);
    umask(mask);
    rec_mode = 0666 & ~mask;
    rec_file = f;
    rec_path = path;
    return 0;
}

/* Writes the record at the end of the game (finished or not); 0, or 2
 * after saying why it could not be written. */
static int record_finish(const tb_record *rec, const char *path, int humans)
{
    char err[512];
    int status = 0;
    if (!path)
        return 0;
    if (strcmp(path, "-") == 0) {
        if (tb_record_save(rec, path, err, sizeof err) != TB_OK)
            status = cli_error("%s", err);
        return status;
    }
    char *text = tbi_record_text(rec);
    FILE *f = rec_file;
    rec_file = NULL;
    if (!f) /* already written by the signal handler */
        return 0;
    if (text)
        fputs(text, f);
    if (tbi_whole_close(f, rec_tmp, path, text != NULL) != 0 || !text)
        status = cli_error("cannot write record %s: %s", path,
                           text ? strerror(errno) : "out of memory");
    else if (humans)
        printf("record written to %s\n", path);
    free(text);
    return status;
}

/* ------------------------------------------------------------ real time */

static int tty_start(void)
{
    if (tcgetattr(STDIN_FILENO, &saved_tty) != 0)
        return -1;
    atexit(tty_restore);
    tty_raw();
    return tty_is_raw ? 0 : -1;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* Waits until the time t for one key; returns the byte, 0 when the time
 * ran out, or 'q' when the terminal has gone (end of input). */
static int key_until(double t)
{
    for (;;) {
        if (got_signal)
            return 'q';
        double left = t - now_ms();
        if (left <= 0)
            return 0;
        struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
        if (poll(&pfd, 1, (int)left + 1) > 0) {
            unsigned char c;
            ssize_t got = read(STDIN_FILENO, &c, 1);
            if (got == 0 || (got < 0 && (pfd.revents & (POLLHUP | POLLERR))))
                return 'q';
            if (got == 1 && c != 0)
                return c;
        }
    }
}

/* The keys the game understands now, from its realtime_key alone:
 * "space/p: play  h/s: raise  w: wait  (no key: wait)". */
static void key_legend(const tb_game *g, const void *st, char *buf,
                       size_t cap)
{
    tb_text t;
    tb_text_init(&t, buf, cap);
    tb_action seen[16];
    int n_seen = 0;
    for (int k = ' '; k <= '~'; k++) {
        tb_action a;
        if (k == 'q' || g->realtime_key(st, k, &a) != TB_OK)
            continue;
        int dup = 0;
        for (int i = 0; i < n_seen; i++)
            dup |= seen[i] == a;
        if (dup || n_seen == 16)
            continue;
        seen[n_seen++] = a;
        /* Every key that gives this action, lower case only. */
        int first = 1;
        for (int j = ' '; j <= '~'; j++) {
            tb_action b;
            if (j == 'q' || (j >= 'A' && j <= 'Z') ||
                g->realtime_key(st, j, &b) != TB_OK || b != a)
                continue;
            tb_text_printf(&t, j == ' ' ? "%sspace" : "%s%c",
                           first ? "" : "/", j);
            first = 0;
        }
        char text[TB_ACTION_TEXT];
        g->action_text(st, a, text, sizeof text);
        tb_text_printf(&t, ": %s   ", text);
    }
    tb_action a;
    char text[TB_ACTION_TEXT] = "?";
    if (g->realtime_key(st, 0, &a) == TB_OK)
        g->action_text(st, a, text, sizeof text);
    tb_text_printf(&t, "q: quit   (no key: %s)", text);
}

/* Lets the time run until t while the person only watches; returns 1 when
 * they press q (other keys mean nothing now and are dropped). */
static int watch_until(double t)
{
    int key;
    while ((key = key_until(t)) != 0)
        if (key == 'q' || key == 'Q')
            return 1;
    return 0;
}

/* Draws the table for the person from the top of the screen, with the
 * last moves as their seat saw them. */
static void draw_clock(const tb_game *g, const void *st, int seat,
                       unsigned style, const move_log *log,
                       const char *status)
{
    fputs("\033[H\033[J", stdout);
    cli_draw(g, st, seat, style);
    log_tail(log, 6);
    printf("%s\n", status);
    fflush(stdout);
}

/* Whether st waits for a shuffle: a new deal, which ends a hand, level or
 * tick (a roll of dice or a coin is a chance node too, but within a turn). */
static int before_deal(const tb_game *g, const void *st)
{
    if (tb_current(g, st) != TB_CHANCE)
        return 0;
    tb_chance spec;
    tb_chance_spec(g, st, &spec);
    return spec.kind == TB_CHANCE_SHUFFLE;
}

/* Whether the seat to move in st decides on the clock: always in a game
 * that is real-time throughout, in one phase of a game that is not. */
static int on_clock(const tb_game *g, const void *st)
{
    tb_action a;
    return tb_current(g, st) >= 0 && g->realtime_key(st, 0, &a) != TB_EINVAL;
}

/* A game on the clock, one person at seat `human` and bots elsewhere.
 * Decisions within a tick come seat by seat in ascending order, so a seat
 * to move that is not above the previous one (or a deal) starts a new
 * tick.  Each tick lasts tick_ms unless the person presses a key first,
 * which ends it at once.  When the game reaches a decision not taken on
 * the clock the terminal leaves real time, showing the last moves.
 * Returns 1 when the person quits, else 0. */
static int play_on_clock(const tb_game *g, void *st, tbi_bot **bots,
                         int human, int tick_ms, unsigned style,
                         tb_record *rec, tb_rng *deal)
{
    if (tty_start() != 0) {
        tty_restore();
        cli_error("play: cannot set up the terminal for real time");
        return 1;
    }
    int last_seat = TB_MAX_PLAYERS, quit = 0;
    double tick_end = now_ms();
    char status[512];
    static move_log log;
    static char desc[4096];
    void *before = tb_state_new(g);
    if (!before) {
        tty_restore();
        cli_error("play: out of memory");
        return 1;
    }
    while (!quit) {
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            if (rec->n_actions > 0 && before_deal(g, st)) {
                /* Between deals (a level done): show it for two ticks.  A
                 * roll within a tick (MYST's coin) is no pause. */
                if ((quit = watch_until(tick_end)) != 0)
                    break;
                draw_clock(g, st, human, style, &log, "(next deal: q quits)");
                tick_end = now_ms() + 2.0 * tick_ms;
            }
            play_chance(g, st, before, deal, rec, human, desc, sizeof desc);
            if (desc[0])
                log_add(&log, desc);
            last_seat = TB_MAX_PLAYERS;
            continue;
        }
        if (!on_clock(g, st)) {
            /* The real-time phase is over: let its last tick be seen. */
            if ((quit = watch_until(tick_end)) != 0)
                break;
            break;
        }
        if (cur <= last_seat) {
            /* A new tick: let the last one run its time, show its end.
             * A key counts only in the tick it is pressed in: keys pressed
             * while watching or between levels are dropped (q quits). */
            if ((quit = watch_until(tick_end)) != 0)
                break;
            tcflush(STDIN_FILENO, TCIFLUSH);
            tick_end = now_ms() + tick_ms;
            draw_clock(g, st, human, style, &log, "(watching: q quits)");
        }
        last_seat = cur;
        tb_action a;
        if (bots[cur]) {
            a = tbi_bot_choose(bots[cur], st, cur);
        } else {
            char legend[400];
            key_legend(g, st, legend, sizeof legend);
            snprintf(status, sizeof status, "seat %d, your move this tick "
                     "(%d ms): %s", cur, tick_ms, legend);
            draw_clock(g, st, human, style, &log, status);
            for (;;) {
                int key = key_until(tick_end);
                if (key == 'q' || key == 'Q') {
                    quit = 1;
                    break;
                }
                if (g->realtime_key(st, key, &a) == TB_OK)
                    break;
            }
            if (quit)
                break;
            tick_end = now_ms(); /* a key ends the tick now */
        }
        play_action(g, st, before, a, rec, human, desc, sizeof desc);
        log_add(&log, desc);
    }
    free(before);
    tty_restore();
    if (!quit) {
        fputs("\033[H\033[J", stdout);
        log_tail(&log, 6);
    }
    return quit;
}

/* Hands a shared terminal to the person at seat, hiding the previous
 * person's hand and choice first: on a terminal the screen and its
 * scrollback are cleared and seat must press Enter before its table is
 * drawn (then the moves since the last hand-over are shown again, as a
 * spectator saw them); in a pipe, which has no screen to clear, a clear
 * separator is printed.  Returns -1 when input ends. */
static int hand_over(int seat, int screen, int interactive, move_log *since)
{
    if (screen) {
        fputs("\033[H\033[2J\033[3J", stdout);
        char prompt[80];
        snprintf(prompt, sizeof prompt,
                 "seat %d, press Enter when you are ready ", seat);
        if (begin_wait())
            return -1;
        char *line = read_line(prompt, interactive);
        waiting = 0;
        if (!line)
            return -1;
        free(line);
        fputs("\033[H\033[2J\033[3J", stdout);
        if (since->len)
            printf("since the last turn at this terminal:\n%s", since->buf);
    } else {
        printf("\n======== seat %d's turn: the previous hand is hidden "
               "(a terminal is cleared here) ========\n", seat);
    }
    since->len = 0;
    since->buf[0] = '\0';
    return 0;
}

int cmd_play(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"players", required_argument, NULL, 'p'},
        {"seats", required_argument, NULL, 's'},
        {"seed", required_argument, NULL, 'S'},
        {"opt", required_argument, NULL, 'o'},
        {"record", required_argument, NULL, 'r'},
        {"plain", no_argument, NULL, 'P'},
        {"tick", required_argument, NULL, 'T'},
        {"timer", required_argument, NULL, 'L'},
        {"watch", no_argument, NULL, 'W'},
        {"level", required_argument, NULL, 'l'},
        {"verbose", no_argument, NULL, 'W'},
        {NULL, 0, NULL, 0},
    };
    cli_game_args ga;
    memset(&ga, 0, sizeof ga);
    const char *record_path = NULL;
    const char *default_bot = DEFAULT_BOT;
    int plain = 0, c, tick_ms = 1000, watch = 0, timer_s = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "hp:", longopts, NULL)) != -1) {
        long v;
        switch (c) {
        case 'h': return usage();
        case 'r': record_path = optarg; break;
        case 'P': plain = 1; break;
        case 'W': watch = 1; break;
        case 'l':
            if (!tbi_is_level(optarg))
                return cli_error("--level takes easy, medium, hard or expert, "
                                 "not '%s'", optarg);
            default_bot = optarg;
            break;
        case 'T':
            if (cli_parse_long("--tick", optarg, 0, 60000, &v))
                return 2;
            tick_ms = (int)v;
            break;
        case 'L':
            if (cli_parse_long("--timer", optarg, 0, 3600, &v))
                return 2;
            timer_s = (int)v;
            break;
        default:
            v = cli_game_option(&ga, c, optarg);
            if (v < 0)
                return 2;
            if (v > 0)
                return cli_error("play: unknown or incomplete option '%s'; try "
                                 "'tabula play --help'", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return cli_error("play: which game? usage: tabula play GAME");
    if (optind + 1 < argc)
        return cli_error("play: unexpected argument '%s'", argv[optind + 1]);
    if (!(ga.game = cli_find_game(argv[optind])))
        return 2;
    /* Default table: you at seat 0 and bots elsewhere. */
    if (ga.n_seats == 0) {
        snprintf(ga.seats[0], sizeof ga.seats[0], "human");
        snprintf(ga.seats[1], sizeof ga.seats[1], "%s", default_bot);
        ga.n_seats = 2;
        if (!ga.players_given) {
            ga.cfg.players = ga.game->min_players;
            ga.players_given = 1;
        }
        if (ga.cfg.players == 1)
            ga.n_seats = 1;
    }
    if (cli_finish_game_args(&ga, default_bot))
        return 2;
    const tb_game *g = ga.game;
    int players = ga.cfg.players, humans = 0;
    tbi_bot *bots[TB_MAX_PLAYERS] = {0};
    char err[512];
    for (int j = 0; j < players; j++) {
        if (strcmp(ga.seats[j], "human") == 0) {
            humans++;
            continue;
        }
        if (!(bots[j] = tbi_bot_new(g, ga.seats[j], err, sizeof err))) {
            for (int k = 0; k < j; k++)
                tbi_bot_free(bots[k]);
            return cli_error("%s", err);
        }
        tbi_bot_start(bots[j], &ga.cfg, j, tbi_seat_seed(ga.seed, j));
    }
    /* The sand timer's stand-in, which moves for a person out of time. */
    tbi_bot *stand_in = NULL;
    if (timer_s && humans) {
        stand_in = tbi_bot_new(g, g->heuristic ? "heuristic" : "random", err,
                               sizeof err);
        if (!stand_in) {
            for (int j = 0; j < players; j++)
                tbi_bot_free(bots[j]);
            return cli_error("%s", err);
        }
        tbi_bot_start(stand_in, &ga.cfg, 0,
                      tbi_seat_seed(ga.seed, TB_MAX_PLAYERS));
    }
    unsigned style = (!plain && isatty(1)) ? TB_STYLE_COLOR | TB_STYLE_UNICODE
                                           : TB_STYLE_PLAIN;
    int interactive = isatty(0);
    rl_attempted_completion_function = complete;
    /* The record's place is checked now, not after the whole game. */
    if (record_path && record_start(record_path) != 0) {
        for (int j = 0; j < players; j++)
            tbi_bot_free(bots[j]);
        tbi_bot_free(stand_in);
        return 2;
    }
    signals_start();
    void *st = tb_state_new(g), *before = tb_state_new(g);
    if (!st || !before) {
        free(st);
        free(before);
        return cli_error("play: out of memory");
    }
    tb_init(g, st, &ga.cfg, NULL, 0);
    tb_record rec;
    tb_record_init(&rec, g, &ga.cfg, ga.seed);
    for (int j = 0; j < players; j++)
        snprintf(rec.seats[j], sizeof rec.seats[j], "%s", ga.seats[j]);
    tb_rng deal;
    tb_rng_seed(&deal, ga.seed);
    if (humans)
        printf("%s, %d players, seed %llu\n", g->title, players,
               (unsigned long long)ga.seed);
    int quit = 0;
    int human_seat = 0;
    while (human_seat < players && bots[human_seat])
        human_seat++;
    int clock = (g->flags & TB_GAME_REALTIME) && g->realtime_key &&
                humans == 1 && tick_ms > 0 && interactive && isatty(1);
    /* Who the moves are shown to: the one person, or anyone who may be
     * looking when several share the terminal (and when bots are watched). */
    int viewer = humans == 1 ? human_seat : TB_SPECTATOR;
    int show = humans > 0 || watch, shared = humans > 1;
    int screen = interactive && isatty(1);
    int last_human = -1;
    static move_log since; /* spectator lines since the last hand-over */
    static char desc[4096];
    int drawn_due = 0; /* the table is to be drawn after the chance steps */
    double sand_deadline = 0; /* when this phase's sand timer runs out */
    int rounds = 0; /* whether some bot hears of each round's end */
    for (int j = 0; j < players; j++)
        rounds |= bots[j] && tbi_bot_wants_rounds(bots[j]);
    double standing[TB_MAX_PLAYERS];
    int round = rounds ? g->standing(st, standing) : 0;
    while (!quit) {
        if (got_signal) {
            quit = 1;
            break;
        }
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            /* What the viewer learnt from the outcome (a deal, a reveal, a
             * roll) is said, and the table is drawn after it, as after a
             * roll within a turn (whose outcome the table shows even in a
             * game that says nothing of it): once the chance nodes in a row
             * are all resolved, and unless a person moves next (the table
             * is drawn for them anyway). */
            drawn_due |= show && rec.n_actions > 0 && !before_deal(g, st);
            play_chance(g, st, before, &deal, &rec, viewer, desc,
                        sizeof desc);
            if (rounds)
                round = tbi_note_round(g, st, round, bots, players);
            if (show && desc[0]) {
                fputs(desc, stdout);
                if (shared)
                    log_add(&since, desc);
                drawn_due = 1;
            }
            int next = tb_current(g, st);
            if (next != TB_CHANCE) {
                if (drawn_due && next >= 0 && bots[next])
                    cli_draw(g, st, viewer, style);
                drawn_due = 0;
            }
            continue;
        }
        if (clock && on_clock(g, st)) {
            quit = play_on_clock(g, st, bots, human_seat, tick_ms, style,
                                 &rec, &deal);
            continue;
        }
        tb_action a;
        if (!bots[cur]) {
            if (shared && cur != last_human) {
                snapshot(&rec);
                if (hand_over(cur, screen, interactive, &since) != 0) {
                    quit = 1;
                    break;
                }
                last_human = cur;
            }
            snapshot(&rec);
            if (begin_wait()) {
                quit = 1;
                break;
            }
            /* The sand timer: one for a phase in a game that runs one
             * (started when the phase is first seen running), else one
             * per move. */
            int sand = timer_s ? sand_phase(g, st, cur) : -1;
            double deadline = 0;
            if (sand == 1) {
                if (sand_deadline == 0)
                    sand_deadline = now_ms() + 1000.0 * timer_s;
                deadline = sand_deadline;
            } else if (sand < 0 && timer_s) {
                deadline = now_ms() + 1000.0 * timer_s;
            }
            int rc = sand == 1 && now_ms() >= sand_deadline
                         ? 1
                         : ask_human(g, st, cur, style, interactive, deadline,
                                     &a);
            waiting = 0;
            if (rc == 1 && sand == 1) {
                /* Out of time: what they marked stands; they are done. */
                char why[256];
                if (tb_parse_action(g, st, "done", &a, why, sizeof why) !=
                    TB_OK) {
                    quit = 1;
                    break;
                }
                printf("the sand timer has run out: seat %d is done (what "
                       "they marked stands)\n", cur);
            } else if (rc == 1) {
                a = tbi_bot_choose(stand_in, st, cur);
                printf("the sand timer has run out: the %s moves for seat "
                       "%d\n", g->heuristic ? "heuristic" : "random player",
                       cur);
            } else if (rc != 0) {
                quit = 1;
                break;
            }
        } else {
            a = tbi_bot_choose(bots[cur], st, cur);
        }
        /* Bots that listen (keep=on, opp=on) hear of every move, people's
         * included, as their seat saw it. */
        for (int j = 0; j < players; j++)
            if (bots[j])
                tbi_bot_observe(bots[j], st, a);
        play_action(g, st, before, a, &rec, viewer, desc, sizeof desc);
        /* The phase's sand timer is over when its phase is. */
        if (sand_deadline > 0 && sand_phase(g, st, 0) != 1)
            sand_deadline = 0;
        if (rounds)
            round = tbi_note_round(g, st, round, bots, players);
        if (show) {
            fputs(desc, stdout);
            if (shared)
                log_add(&since, desc);
            /* The move ended a tick, hand, level or game: show the table
             * as it stands before the next deal (the game's end is drawn
             * with the result below).  A roll within a turn is no end. */
            if (before_deal(g, st))
                cli_draw(g, st, viewer, style);
        }
    }
    if (quit) {
        printf("game left unfinished after %d moves\n", rec.n_actions);
    } else {
        print_result(g, st, style);
        tb_result_of(g, st, &rec.result);
        rec.has_result = 1;
        for (int j = 0; j < players; j++)
            if (bots[j])
                tbi_bot_game_end(bots[j], st);
    }
    fflush(stdout);
    int status = record_finish(&rec, record_path, humans);
    tb_record_free(&rec);
    for (int j = 0; j < players; j++)
        tbi_bot_free(bots[j]);
    tbi_bot_free(stand_in);
    free(st);
    free(before);
    free(rec_snapshot);
    rec_snapshot = NULL;
    if (got_signal) {
        /* Stopped by a signal: end the way it asks, record written. */
        signal(got_signal, SIG_DFL);
        raise(got_signal);
    }
    return status;
}
