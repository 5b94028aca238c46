/*
 * cmd_play.c - `tabula play`: a game at the terminal between people and
 * bots.  People type moves in each game's notation, with line editing,
 * history and tab completion of the legal moves (libedit); '?' lists them.
 * Without a human seat the bots play to the end and the result is printed,
 * so the command is scriptable.
 */
#include "cli.h"
#include "internal.h"
#include "match.h"

#include <editline/readline.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
        "  --plain         no colours or symbols\n");
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
        {NULL, 0, NULL, 0},
    };
    cli_game_args ga;
    memset(&ga, 0, sizeof ga);
    const char *record_path = NULL;
    int plain = 0, c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "hp:", longopts, NULL)) != -1) {
        long v;
        switch (c) {
        case 'h': return usage();
        case 'p':
            if (cli_parse_long("-p", optarg, 1, TB_MAX_PLAYERS, &v))
                return 2;
            ga.cfg.players = (int)v;
            ga.players_given = 1;
            break;
        case 's':
            if (cli_parse_seats(&ga, optarg))
                return 2;
            break;
        case 'S':
            if (cli_parse_u64("--seed", optarg, &ga.seed))
                return 2;
            ga.seed_given = 1;
            break;
        case 'o':
            if (cli_add_opt(optarg))
                return 2;
            break;
        case 'r': record_path = optarg; break;
        case 'P': plain = 1; break;
        default:
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
        snprintf(ga.seats[1], sizeof ga.seats[1], "random");
        ga.n_seats = 2;
        if (!ga.players_given) {
            ga.cfg.players = ga.game->min_players;
            ga.players_given = 1;
        }
        if (ga.cfg.players == 1)
            ga.n_seats = 1;
    }
    if (cli_finish_game_args(&ga, "random"))
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
        tbi_bot_seed(bots[j], tbi_seat_seed(ga.seed, j));
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
