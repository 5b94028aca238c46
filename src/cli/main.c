/*
 * main.c - the `tabula` command: dispatches to its subcommands and holds
 * the helpers they share for reading arguments.
 */
#include "bot.h"
#include "cli.h"
#include "internal.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *what;
} commands[] = {
    {"list", cmd_list, "the games, with their player counts"},
    {"rules", cmd_rules, "the rules as implemented, notation and options"},
    {"bots", cmd_bots, "the levels of play (easy to expert) with their ratings"},
    {"play", cmd_play, "play at the terminal, against bots or friends"},
    {"sim", cmd_sim, "simulate many games between bots and report"},
    {"replay", cmd_replay, "check a game record, or show it move by move"},
    {"bench", cmd_bench, "measure random-playout speed"},
    {"analyze", cmd_analyze, "write a balance report: seats, scores, length, drama, variants"},
    {"arena", cmd_arena, "measure bots against a field: every seating of each deal"},
    {"serve", cmd_serve, "the multiplayer server: play in a browser with friends and bots"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: tabula COMMAND [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].what);
    fprintf(f, "\n'tabula COMMAND --help' explains each command.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("tabula %s\n", TB_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    cli_error("unknown command '%s'; try 'tabula --help'", argv[1]);
    return 2;
}

/* ------------------------------------------------------------ helpers */

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("tabula: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

const tb_game *cli_find_game(const char *id)
{
    const tb_game *g = tb_find_game(id);
    if (!g) {
        char names[512];
        tb_text t;
        tb_text_init(&t, names, sizeof names);
        for (int i = 0; i < tb_game_count(); i++)
            tb_text_printf(&t, "%s%s", i ? ", " : "", tb_game_at(i)->id);
        cli_error("unknown game '%s'; the games are: %s", id, names);
    }
    return g;
}

int cli_parse_long(const char *opt, const char *text, long min, long max,
                   long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < min || v > max) {
        cli_error("%s takes a whole number from %ld to %ld, not '%s'", opt,
                  min, max, text);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_u64(const char *opt, const char *text, uint64_t *out)
{
    if (tbi_parse_u64(text, out) != 0) {
        cli_error("%s takes a whole number from 0 to 18446744073709551615 "
                  "written in plain digits, not '%s'", opt, text);
        return -1;
    }
    return 0;
}

#define MAX_OPTS 32
static char *pending_opts[MAX_OPTS];
static int n_pending_opts;

int cli_add_opt(const char *kv)
{
    if (!strchr(kv, '=')) {
        cli_error("--opt takes key=value, not '%s'", kv);
        return -1;
    }
    if (n_pending_opts == MAX_OPTS) {
        cli_error("too many --opt options");
        return -1;
    }
    pending_opts[n_pending_opts++] = strdup(kv);
    return 0;
}

int cli_game_option(cli_game_args *a, int c, const char *arg)
{
    long v;
    switch (c) {
    case 'p':
        if (cli_parse_long("-p", arg, 1, TB_MAX_PLAYERS, &v))
            return -1;
        a->cfg.players = (int)v;
        a->players_given = 1;
        return 0;
    case 's':
        return cli_parse_seats(a, arg) ? -1 : 0;
    case 'S':
        if (cli_parse_u64("--seed", arg, &a->seed))
            return -1;
        a->seed_given = 1;
        return 0;
    case 'o':
        return cli_add_opt(arg) ? -1 : 0;
    default:
        return 1;
    }
}

/* The progress of a long run on stderr.  On a terminal it is a bar
 * redrawn in place and cleared at the end.  Elsewhere (a log file, a pipe,
 * a run under nohup) carriage returns would fill the file, so a plain line
 * is written at most once a minute instead: a run of hours says how far it
 * is, and a run of under a minute (every test) writes nothing.  Workers
 * of several threads call it, hence the lock. */
void cli_progress(long done, long total, const char *label)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static int tty = -1; /* whether stderr is a terminal, asked once */
    static int started;
    static struct timespec last;
    pthread_mutex_lock(&lock);
    if (tty < 0)
        tty = isatty(2);
    if (tty) {
        int width = 30;
        int filled =
            total ? (int)((double)done / (double)total * width) : width;
        fprintf(stderr, "\r%-24.24s [%.*s%*s] %ld/%ld", label ? label : "",
                filled, "##############################", width - filled,
                "", done, total);
        if (done == total)
            fputs("\r\033[K", stderr);
        fflush(stderr);
    } else {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (!started) {
            started = 1;
            last = now;
        } else if (done < total && now.tv_sec - last.tv_sec >= 60) {
            last = now;
            fprintf(stderr, "%s: %ld of %ld games played (%.0f%%)\n",
                    label ? label : "progress", done, total,
                    total ? 100.0 * (double)done / (double)total : 100.0);
            fflush(stderr);
        }
    }
    pthread_mutex_unlock(&lock);
}

void cli_progress_callback(long done, long total, void *label)
{
    cli_progress(done, total, label);
}

/* Whether a comma-separated piece of a seat list is a further parameter of
 * the bot before it ("fine=0" in "ismcts:iters=200,fine=0,random"): bot
 * names never hold '=', so a piece with '=' and no ':' continues a spec. */
static int continues_spec(const char *piece, size_t len)
{
    const char *eq = memchr(piece, '=', len);
    return eq && !memchr(piece, ':', len);
}

/* The first comma of p that is not inside quotes ("..." or '...'), or
 * NULL: a seat list's commas separate seats, but an outside agent's
 * command may need commas of its own ("ext:'prog --weights 1,2'"). */
static const char *seat_separator(const char *p)
{
    for (char quote = 0; *p; p++) {
        if (quote)
            quote = *p == quote ? 0 : quote;
        else if (*p == '"' || *p == '\'')
            quote = *p;
        else if (*p == ',')
            return p;
    }
    return NULL;
}

int cli_parse_seats(cli_game_args *a, const char *list)
{
    a->n_seats = 0;
    const char *p = list;
    while (*p) {
        const char *comma = seat_separator(p);
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char *seat = a->n_seats ? a->seats[a->n_seats - 1] : NULL;
        if (seat && len && continues_spec(p, len)) {
            size_t have = strlen(seat);
            if (have + 1 + len >= sizeof a->seats[0]) {
                cli_error("--seats has an overlong entry in '%s'", list);
                return -1;
            }
            seat[have] = ',';
            memcpy(seat + have + 1, p, len);
            seat[have + 1 + len] = '\0';
        } else {
            if (a->n_seats == TB_MAX_PLAYERS) {
                cli_error("--seats names more than %d seats", TB_MAX_PLAYERS);
                return -1;
            }
            if (len == 0 || len >= sizeof a->seats[0]) {
                cli_error("--seats has an empty or overlong entry in '%s'",
                          list);
                return -1;
            }
            memcpy(a->seats[a->n_seats], p, len);
            a->seats[a->n_seats][len] = '\0';
            a->n_seats++;
        }
        p += len;
        if (*p == ',')
            p++;
    }
    if (a->n_seats == 0) {
        cli_error("--seats needs at least one entry");
        return -1;
    }
    return 0;
}

int cli_finish_game_args(cli_game_args *a, const char *default_seat)
{
    const tb_game *g = a->game;
    int players = a->cfg.players;
    /* Without -p the game's usual count: the minimum, or the number of
     * seats named when that is more.  A shorter list is completed by its
     * last entry, as the help says, so it never lowers the count. */
    if (!a->players_given)
        players = a->n_seats > g->min_players ? a->n_seats : g->min_players;
    if (a->players_given && a->n_seats > players) {
        cli_error("--seats names %d seats but -p is %d", a->n_seats, players);
        return -1;
    }
    tb_config_default(g, players, &a->cfg);
    for (int i = 0; i < n_pending_opts; i++) {
        char *kv = pending_opts[i];
        char *eq = strchr(kv, '=');
        *eq = '\0';
        char err[256];
        int rc = tb_config_set(g, &a->cfg, kv, eq + 1, err, sizeof err);
        *eq = '=';
        if (rc != TB_OK) {
            cli_error("%s", err);
            return -1;
        }
    }
    char err[256];
    if (tb_config_check(g, &a->cfg, err, sizeof err) != TB_OK) {
        cli_error("%s", err);
        return -1;
    }
    for (int j = a->n_seats; j < players; j++)
        snprintf(a->seats[j], sizeof a->seats[j], "%s",
                 a->n_seats ? a->seats[a->n_seats - 1] : default_seat);
    a->n_seats = players;
    if (!a->seed_given)
        a->seed = cli_clock_seed();
    return 0;
}

uint64_t cli_clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    /* Keep seeds short enough to type back in. */
    return ((uint64_t)ts.tv_sec * 1000003u + (uint64_t)ts.tv_nsec) % 1000000000u;
}

int cli_check_bots(const cli_game_args *a)
{
    for (int j = 0; j < a->n_seats; j++) {
        if (strcmp(a->seats[j], "human") == 0)
            continue;
        char err[512];
        tbi_bot *b = tbi_bot_new(a->game, a->seats[j], err, sizeof err);
        if (!b) {
            cli_error("%s", err);
            return -1;
        }
        tbi_bot_free(b);
    }
    return 0;
}

int cli_prepare_dir(const char *what, const char *dir, int *created)
{
    struct stat sb;
    *created = 0;
    if (stat(dir, &sb) == 0) {
        if (!S_ISDIR(sb.st_mode)) {
            cli_error("%s %s exists and is not a directory", what, dir);
            return -1;
        }
    } else if (mkdir(dir, 0777) == 0) {
        *created = 1;
    } else if (errno != EEXIST) { /* EEXIST: another tabula-mpi process
                                     made it meanwhile */
        cli_error("cannot create %s %s: %s", what, dir, strerror(errno));
        return -1;
    }
    /* Being able to make a directory (or its existing) does not mean files
     * can be written into it: try, before any work is done. */
    char probe[4200], tmp[4300];
    snprintf(probe, sizeof probe, "%s/probe", dir);
    FILE *f = tbi_whole_open(probe, tmp, sizeof tmp);
    if (!f) {
        int e = errno;
        if (*created)
            rmdir(dir);
        *created = 0;
        cli_error("cannot write into %s %s: %s", what, dir, strerror(e));
        return -1;
    }
    tbi_whole_close(f, tmp, probe, 0);
    return 0;
}

void cli_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char path[4400];
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

void cli_draw(const tb_game *g, const void *st, int seat, unsigned style)
{
    static char buf[1 << 16];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_render(g, st, seat, style, &t);
    fputs(buf, stdout);
}
