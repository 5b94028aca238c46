/*
 * cmd_play.c - `tabula play`: a game at the terminal between people and
 * bots.  People type moves in each game's notation, with line editing,
 * history and tab completion of the legal moves (libedit); '?' lists them.
 * Without a human seat the bots play to the end and the result is printed,
 * so the command is scriptable.
 *
 * Real-time games (TB_GAME_REALTIME, e.g. The Mind) with one person at a
 * terminal run on a wall clock instead: the terminal goes raw, a tick
 * passes every --tick milliseconds, a key press during a tick is that
 * person's choice (mapped by the game's realtime_key), no key is the
 * game's default, and the table is drawn again every tick.  Bots, records
 * and replays see the same plain decisions as ever.
 */
#include "cli.h"
#include "internal.h"
#include "match.h"

#include <editline/readline.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* The bot that fills the seats nobody named: strong, and quick enough to
 * play against (about a second per move). */
#define DEFAULT_BOT "ismcts:time=1"

static int usage(void)
{
    printf(
        "usage: tabula play GAME [-p N] [--seats human,random,...] [--seed S]\n"
        "                   [--opt key=value]... [--record FILE] [--plain]\n\n"
        "Plays GAME at the terminal.  Each seat is 'human' or a bot; the last\n"
        "seat named fills the rest (default: you at seat 0, bots elsewhere).\n"
        "At your turn type a move (see 'tabula rules GAME' for the notation),\n"
        "'?' for the legal moves, 'board' to draw the table again, or 'quit'.\n"
        "Tab completes moves.  With no human seat the bots play to the end.\n\n"
        "  -p N            players\n"
        "  --seats LIST    who sits where, e.g. human,random,random\n"
        "  --seed S        the deal's seed (default: from the clock, printed)\n"
        "  --opt key=value a game option; see 'tabula rules GAME'\n"
        "  --record FILE   write the game's record to FILE (also when you quit)\n"
        "  --plain         no colours or symbols\n"
        "  --tick MS       real-time games (the-mind) with one person at a\n"
        "                  terminal: milliseconds per tick (default 1000; 0\n"
        "                  plays them turn by turn with typed moves)\n");
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
    char *line = NULL;
    size_t cap = 0;
    ssize_t len = getline(&line, &cap, stdin);
    if (len < 0) {
        free(line);
        return NULL;
    }
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = '\0';
    if (!interactive)
        putchar('\n');
    return line;
}

static void draw(const tb_game *g, const void *st, int seat, unsigned style)
{
    static char buf[1 << 16];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(g, st, seat, style, &t);
    fputs(buf, stdout);
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

/* Asks a person at seat for a move until one is legal.  Returns 0 with the
 * action, or -1 when they quit or the input ends. */
static int ask_human(const tb_game *g, const void *st, int seat,
                     unsigned style, int interactive, tb_action *out)
{
    draw(g, st, seat, style);
    complete_game = g;
    complete_state = st;
    char prompt[64];
    snprintf(prompt, sizeof prompt, "seat %d> ", seat);
    for (;;) {
        char *line = read_line(prompt, interactive);
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
            draw(g, st, seat, style);
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

static void print_result(const tb_game *g, const void *st, unsigned style)
{
    tb_result r;
    tb_result_of(g, st, &r);
    draw(g, st, TB_SPECTATOR, style);
    printf("%sgame over%s\n", tbi_color(style, TBI_BOLD),
           tbi_color(style, TBI_RESET));
    if (r.cooperative)
        printf("the team %s with a score of %g\n",
               r.team_win ? "wins" : "loses", r.team_score);
    for (int j = 0; j < r.players; j++)
        printf("seat %d: score %g, rank %d%s\n", j, r.score[j], r.rank[j],
               r.rank[j] == 1 && !r.cooperative ? " (winner)" : "");
}

/* ------------------------------------------------------------ real time */

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

static void tty_on_signal(int sig);

/* Installs the handler for the signals that end or stop the program, so
 * the terminal is never left raw. */
static void tty_catch(int sig)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = tty_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

/* Restores the terminal, then lets the signal do what it normally does;
 * after a stop (Ctrl-Z) and continue, the terminal goes raw again. */
static void tty_on_signal(int sig)
{
    if (sig == SIGCONT) {
        tty_raw();
        tty_catch(SIGTSTP);
        return;
    }
    tty_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

static int tty_start(void)
{
    if (tcgetattr(STDIN_FILENO, &saved_tty) != 0)
        return -1;
    atexit(tty_restore);
    int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        tty_catch(sigs[i]);
    tty_raw();
    return tty_is_raw ? 0 : -1;
}

static void tty_stop(void)
{
    tty_restore();
    int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], SIG_DFL);
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

/* Draws the table for the person from the top of the screen. */
static void draw_clock(const tb_game *g, const void *st, int seat,
                       unsigned style, const char *status)
{
    fputs("\033[H\033[J", stdout);
    draw(g, st, seat, style);
    printf("%s\n", status);
    fflush(stdout);
}

/* A game on the clock, one person at seat `human` and bots elsewhere.
 * Decisions within a tick come seat by seat in ascending order, so a seat
 * to move that is not above the previous one (or a deal) starts a new
 * tick.  Each tick lasts tick_ms unless the person presses a key first,
 * which ends it at once.  Returns 1 when the person quits, else 0. */
static int play_on_clock(const tb_game *g, void *st, tbi_bot **bots,
                         int human, int tick_ms, unsigned style,
                         tb_record *rec, tb_rng *deal)
{
    if (tty_start() != 0) {
        tty_stop();
        cli_error("play: cannot set up the terminal for real time");
        return 1;
    }
    int last_seat = TB_MAX_PLAYERS, quit = 0;
    double tick_end = now_ms();
    char status[512];
    while (!quit) {
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            if (rec->n_actions > 0) {
                /* Between deals (a level done): show it for two ticks. */
                if ((quit = watch_until(tick_end)) != 0)
                    break;
                draw_clock(g, st, human, style, "(next deal: q quits)");
                tick_end = now_ms() + 2.0 * tick_ms;
            }
            uint16_t outcome[TB_MAX_CHANCE];
            int n;
            tb_sample_chance(g, st, deal, outcome, &n);
            tb_record_add_deal(rec, outcome, n);
            last_seat = TB_MAX_PLAYERS;
            continue;
        }
        if (cur <= last_seat) {
            /* A new tick: let the last one run its time, show its end.
             * A key counts only in the tick it is pressed in: keys pressed
             * while watching or between levels are dropped (q quits). */
            if ((quit = watch_until(tick_end)) != 0)
                break;
            tcflush(STDIN_FILENO, TCIFLUSH);
            tick_end = now_ms() + tick_ms;
            draw_clock(g, st, human, style, "(watching: q quits)");
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
            draw_clock(g, st, human, style, status);
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
        char text[TB_ACTION_TEXT];
        g->action_text(st, a, text, sizeof text);
        tb_record_add_action(rec, cur, text);
        g->apply(st, a);
    }
    tty_stop();
    if (!quit)
        fputs("\033[H\033[J", stdout);
    return quit;
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
        {NULL, 0, NULL, 0},
    };
    cli_game_args ga;
    memset(&ga, 0, sizeof ga);
    const char *record_path = NULL;
    int plain = 0, c, tick_ms = 1000;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "hp:", longopts, NULL)) != -1) {
        long v;
        switch (c) {
        case 'h': return usage();
        case 'r': record_path = optarg; break;
        case 'P': plain = 1; break;
        case 'T':
            if (cli_parse_long("--tick", optarg, 0, 60000, &v))
                return 2;
            tick_ms = (int)v;
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
        snprintf(ga.seats[1], sizeof ga.seats[1], DEFAULT_BOT);
        ga.n_seats = 2;
        if (!ga.players_given) {
            ga.cfg.players = ga.game->min_players;
            ga.players_given = 1;
        }
        if (ga.cfg.players == 1)
            ga.n_seats = 1;
    }
    if (cli_finish_game_args(&ga, DEFAULT_BOT))
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
    unsigned style = (!plain && isatty(1)) ? TB_STYLE_COLOR | TB_STYLE_UNICODE
                                           : TB_STYLE_PLAIN;
    int interactive = isatty(0);
    rl_attempted_completion_function = complete;
    void *st = tb_state_new(g);
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
    if ((g->flags & TB_GAME_REALTIME) && g->realtime_key && humans == 1 &&
        tick_ms > 0 && interactive && isatty(1))
        quit = play_on_clock(g, st, bots, human_seat, tick_ms, style, &rec,
                             &deal);
    while (!quit) {
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            uint16_t outcome[TB_MAX_CHANCE];
            int n;
            tb_sample_chance(g, st, &deal, outcome, &n);
            tb_record_add_deal(&rec, outcome, n);
            continue;
        }
        tb_action a;
        if (!bots[cur]) {
            if (humans > 1)
                printf("\n--- seat %d to play (others look away) ---\n", cur);
            if (ask_human(g, st, cur, style, interactive, &a) != 0) {
                quit = 1;
                break;
            }
        } else {
            a = tbi_bot_choose(bots[cur], st, cur);
        }
        char text[TB_ACTION_TEXT];
        g->action_text(st, a, text, sizeof text);
        tb_record_add_action(&rec, cur, text);
        if (humans)
            printf("seat %d (%s) plays %s\n", cur, ga.seats[cur], text);
        g->apply(st, a);
    }
    if (quit) {
        printf("game left unfinished after %d moves\n", rec.n_actions);
    } else {
        print_result(g, st, style);
        tb_result_of(g, st, &rec.result);
        rec.has_result = 1;
    }
    int status = 0;
    if (record_path) {
        if (tb_record_save(&rec, record_path, err, sizeof err) != TB_OK)
            status = cli_error("%s", err);
        else if (humans)
            printf("record written to %s\n", record_path);
    }
    tb_record_free(&rec);
    for (int j = 0; j < players; j++)
        tbi_bot_free(bots[j]);
    free(st);
    return status;
}
