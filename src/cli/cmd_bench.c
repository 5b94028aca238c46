/*
 * cmd_bench.c - `tabula bench`: random playouts per second, actions per
 * second, complete games per second between heuristic bots, ISMCTS
 * iterations per second and state size, per game and player count, on one
 * thread, through the engine's generic interface (the same path search and
 * sim take).  `--json` writes the figures for bench/compare.py, which sets
 * them beside the baseline kept in bench/baseline.json.
 */
#include "cli.h"
#include "internal.h"
#include "ismcts.h"
#include "match.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bench_row {
    const tb_game *game;
    int players;
    double playouts_per_s, actions_per_s, heuristic_games_per_s,
        ismcts_iters_per_s;
} bench_row;

/* The --opt key=value settings, applied to every game benchmarked. */
static const char *bench_opts[16];
static int n_bench_opts;

/* The configuration for g with p players and the --opt settings; returns
 * non-zero (with a message printed) when an option does not apply. */
static int bench_config(const tb_game *g, int p, tb_config *cfg)
{
    tb_config_default(g, p, cfg);
    for (int i = 0; i < n_bench_opts; i++) {
        char key[64], err[256];
        const char *eq = strchr(bench_opts[i], '=');
        snprintf(key, sizeof key, "%.*s", (int)(eq - bench_opts[i]),
                 bench_opts[i]);
        if (tb_config_set(g, cfg, key, eq + 1, err, sizeof err) != TB_OK) {
            cli_error("%s", err);
            return -1;
        }
    }
    return 0;
}

/* Plays random games of g for about `seconds` and measures the rates. */
static void bench_one(const tb_game *g, const tb_config *given, double seconds,
                      bench_row *row)
{
    tb_config cfg = *given;
    int players = cfg.players;
    void *st = tb_state_new(g);
    tb_rng rng;
    tb_rng_seed(&rng, 12345);
    long games = 0, actions = 0;
    double start = now_seconds(), elapsed = 0;
    do {
        /* Check the clock every few games only, so timing costs nothing. */
        for (int k = 0; k < 16; k++) {
            tb_init(g, st, &cfg, NULL, 0);
            actions += tb_random_playout(g, st, &rng);
            games++;
        }
        elapsed = now_seconds() - start;
    } while (elapsed < seconds);
    free(st);
    row->game = g;
    row->players = players;
    row->playouts_per_s = (double)games / elapsed;
    row->actions_per_s = (double)actions / elapsed;
}

/* Plays complete games between `heuristic` bots for about `seconds`, as
 * `tabula sim --seats heuristic` does (each decision made on a copy of the
 * state determinized for the seat to move, deal included), and returns
 * games per second. */
static double bench_heuristic(const tb_game *g, const tb_config *cfg,
                              double seconds)
{
    char err[256];
    tbi_bot *bots[TB_MAX_PLAYERS] = {0};
    void *st = tb_state_new(g);
    double rate = 0;
    int ok = st != NULL;
    for (int j = 0; j < cfg->players && ok; j++)
        ok = (bots[j] = tbi_bot_new(g, "heuristic", err, sizeof err)) != NULL;
    if (ok) {
        long games = 0;
        double start = now_seconds(), elapsed = 0;
        do {
            tbi_match_stats stats;
            if (tbi_play_match(g, cfg, tbi_game_seed(4242, (uint64_t)games),
                               bots, st, NULL, &stats, err,
                               sizeof err) != TB_OK)
                break;
            games++;
            elapsed = now_seconds() - start;
        } while (elapsed < seconds);
        rate = elapsed > 0 ? (double)games / elapsed : 0;
    }
    for (int j = 0; j < cfg->players; j++)
        tbi_bot_free(bots[j]);
    free(st);
    return rate;
}

/* Times the default ISMCTS bot (a fixed iteration budget per decision) for
 * about `seconds` at decisions spread over whole games: random moves lead
 * from one measured decision to the next, so early and late positions both
 * count.  A quarter of the decisions are measured, drawn at random rather
 * than every fourth: in a game whose turns have a fixed number of
 * decisions (the Maze's draw, then discard) every fourth would always be
 * the same kind, perhaps one the search plays without searching.  Returns
 * iterations per second of search time. */
static double bench_ismcts(const tb_game *g, const tb_config *cfg,
                           double seconds)
{
    char err[256];
    tbi_bot *bot = tbi_bot_new(g, "ismcts:iters=200", err, sizeof err);
    void *st = tb_state_new(g);
    if (!bot || !st) {
        tbi_bot_free(bot);
        free(st);
        return 0;
    }
    tbi_bot_seed(bot, 777);
    tb_rng rng, pick;
    tb_rng_seed(&rng, 12345);
    tb_rng_seed(&pick, 54321);
    tb_action buf[TB_MAX_ACTIONS];
    long iters = 0;
    double searching = 0, start = now_seconds();
    tb_init(g, st, cfg, NULL, 0);
    while (now_seconds() - start < seconds) {
        tb_settle(g, st, &rng);
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL) {
            tb_init(g, st, cfg, NULL, 0);
            continue;
        }
        tb_action a;
        if (tb_rng_below(&pick, 4) == 0) {
            double t0 = now_seconds();
            a = tbi_bot_choose(bot, st, cur);
            searching += now_seconds() - t0;
            iters += tbi_ismcts_iterations(bot);
        } else {
            int n = tb_legal(g, st, buf);
            a = buf[tb_rng_below(&rng, (uint32_t)n)];
        }
        tb_apply_legal(g, st, a);
    }
    tbi_bot_free(bot);
    free(st);
    return searching > 0 ? (double)iters / searching : 0;
}

static int usage(void)
{
    printf("usage: tabula bench [GAME...] [-p N] [--seconds S] [--opt k=v] [--json]\n\n"
           "Measures uniformly random playouts, complete games between "
           "heuristic bots (as `tabula sim --seats heuristic` plays them), "
           "and the default ISMCTS bot's iterations (with 200 per decision, "
           "at decisions spread over whole games), on one thread, for every "
           "player count (or only N) of each game (or every game), with "
           "default options.\n"
           "  -p N          one player count\n"
           "  --seconds S   time per game and player count for playouts "
           "(default 0.5; heuristic games and ISMCTS get half as long each)\n"
           "  --opt k=v     a game option (repeatable)\n"
           "  --json        an array of {game, players, options, "
           "playouts_per_s, actions_per_s, heuristic_games_per_s, "
           "ismcts_iters_per_s, state_bytes}\n\n"
           "`make bench` writes build/bench.json and compares it with "
           "bench/baseline.json (bench/compare.py).\n");
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    const tb_game *games[64];
    int n_games = 0, players = 0, json = 0;
    double seconds = 0.5;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            return usage();
        if (strcmp(a, "--json") == 0) {
            json = 1;
        } else if (strcmp(a, "-p") == 0 || strcmp(a, "--players") == 0) {
            long v;
            if (i + 1 >= argc)
                return cli_error("%s needs a number", a);
            if (cli_parse_long(a, argv[++i], 1, TB_MAX_PLAYERS, &v))
                return 2;
            players = (int)v;
        } else if (strcmp(a, "--opt") == 0) {
            if (i + 1 >= argc || !strchr(argv[i + 1], '='))
                return cli_error("--opt takes key=value");
            if (n_bench_opts == 16)
                return cli_error("too many --opt options");
            bench_opts[n_bench_opts++] = argv[++i];
        } else if (strcmp(a, "--seconds") == 0) {
            if (i + 1 >= argc)
                return cli_error("--seconds needs a number");
            char *end;
            seconds = strtod(argv[++i], &end);
            if (*end || seconds <= 0 || seconds > 3600)
                return cli_error("--seconds takes a number above 0, not '%s'",
                                 argv[i]);
        } else if (a[0] == '-') {
            return cli_error("bench: unknown option '%s'", a);
        } else {
            const tb_game *g = cli_find_game(a);
            if (!g)
                return 2;
            if (n_games < 64)
                games[n_games++] = g;
        }
    }
    if (n_games == 0)
        for (int i = 0; i < tb_game_count() && i < 64; i++)
            games[n_games++] = tb_game_at(i);
    /* The --opt settings as one "k=v,k=v" string, for every JSON row. */
    char opts[256] = "";
    for (int o = 0; o < n_bench_opts; o++)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts), "%s%s",
                 o ? "," : "", bench_opts[o]);
    json_t *arr = json_array();
    if (!json)
        printf("%-20s %7s %13s %13s %13s %13s %7s\n", "game", "players",
               "playouts/s", "actions/s", "heur games/s", "ismcts it/s",
               "bytes");
    int any = 0;
    for (int i = 0; i < n_games; i++) {
        const tb_game *g = games[i];
        for (int p = g->min_players; p <= g->max_players; p++) {
            if (players && p != players)
                continue;
            tb_config cfg;
            if (bench_config(g, p, &cfg))
                return 2;
            if (tb_config_check(g, &cfg, NULL, 0) != TB_OK)
                continue;
            bench_row row;
            bench_one(g, &cfg, seconds, &row);
            row.heuristic_games_per_s = bench_heuristic(g, &cfg, seconds / 2);
            row.ismcts_iters_per_s = bench_ismcts(g, &cfg, seconds / 2);
            any = 1;
            if (json) {
                json_array_append_new(
                    arr,
                    json_pack("{s:s,s:i,s:s,s:f,s:f,s:f,s:f,s:I}", "game",
                              g->id, "players", p, "options", opts,
                              "playouts_per_s", row.playouts_per_s,
                              "actions_per_s", row.actions_per_s,
                              "heuristic_games_per_s",
                              row.heuristic_games_per_s, "ismcts_iters_per_s",
                              row.ismcts_iters_per_s, "state_bytes",
                              (json_int_t)g->state_size));
            } else {
                printf("%-20s %7d %13.0f %13.0f %13.0f %13.0f %7zu\n", g->id,
                       p, row.playouts_per_s, row.actions_per_s,
                       row.heuristic_games_per_s, row.ismcts_iters_per_s,
                       g->state_size);
                fflush(stdout);
            }
        }
    }
    if (json) {
        char *s = json_dumps(arr, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        puts(s);
        free(s);
    }
    json_decref(arr);
    if (!any)
        return cli_error("bench: no game takes %d players", players);
    return 0;
}
