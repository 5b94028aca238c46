/*
 * cmd_sim.c - `tabula sim`: many games between bots, reported per seat with
 * honest 95% intervals, identical for any --threads given the same seed.
 */
#include "cli.h"
#include "internal.h"
#include "sim.h"

#include <getopt.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int usage(void)
{
    printf(
        "usage: tabula sim GAME -n GAMES [-p N] [--seats BOT,...] [--seed S]\n"
        "                  [--threads T] [--opt key=value]... [--json]\n"
        "                  [--record-dir DIR]\n\n"
        "Plays GAMES games between bots and reports, per seat, wins (a k-way\n"
        "tie for first counts 1/k), the win rate with its 95%% Wilson interval\n"
        "and the mean score with its 95%% interval; the mean number of\n"
        "actions; and for cooperative games the team's win rate and score.\n"
        "Games that end with nobody winning (a draw) are counted, with the\n"
        "draw rate's interval, when there are any (always in --json); each\n"
        "also counts 1/N in every seat's wins, as a tie of all N seats.\n"
        "The same seed gives the same report for any number of threads.\n\n"
        "  -n GAMES          how many games (required)\n"
        "  -p N              players (default: the number of --seats, or the\n"
        "                    game's minimum)\n"
        "  --seats LIST      a bot per seat, e.g. random,random; the last one\n"
        "                    named fills the remaining seats (default random)\n"
        "  --seed S          master seed (default: from the clock, printed)\n"
        "  --threads T       worker threads (default 1)\n"
        "  --opt key=value   a game option; see 'tabula rules GAME'\n"
        "  --json            print one JSON object instead of a table\n"
        "  --record-dir DIR  write every game's record into DIR\n");
    return 0;
}

/* The games that ended in a draw, when there were any: nobody won them,
 * and each also counts 1/N in every seat's wins above. */
static void print_draws(const tbi_sim_out *out)
{
    if (out->draws <= 0)
        return;
    double lo, hi, n = (double)out->games;
    tbi_wilson95(out->draws, n, &lo, &hi);
    printf("draws (nobody won; each counts 1/N in every seat's wins): "
           "%.0f, rate %.4f [%.4f, %.4f]\n", out->draws, out->draws / n, lo,
           hi);
}

static void print_table(const tbi_sim_spec *spec, const tbi_sim_out *out)
{
    const tb_game *g = spec->game;
    double n = (double)out->games;
    printf("%s, %d players, %ld games, seed %llu\n", g->id, spec->cfg.players,
           out->games, (unsigned long long)spec->seed);
    if (g->flags & TB_GAME_COOPERATIVE) {
        double lo, hi;
        tbi_wilson95(out->team_wins, n, &lo, &hi);
        printf("team: win rate %.4f [%.4f, %.4f], mean score %.3f +/- %.3f\n",
               out->team_wins / n, lo, hi, tbi_moments_mean(&out->team_score),
               tbi_moments_ci95(&out->team_score));
    }
    printf("%-5s %-22s %10s %8s %18s %18s\n", "seat", "bot", "wins",
           "win rate", "95% interval", "mean score");
    for (int j = 0; j < spec->cfg.players; j++) {
        double lo, hi;
        tbi_wilson95(out->wins[j], n, &lo, &hi);
        char ci[40], ms[40];
        snprintf(ci, sizeof ci, "[%.4f, %.4f]", lo, hi);
        snprintf(ms, sizeof ms, "%.3f +/- %.3f",
                 tbi_moments_mean(&out->score[j]),
                 tbi_moments_ci95(&out->score[j]));
        printf("%-5d %-22s %10.2f %8.4f %18s %18s\n", j, spec->seats[j],
               out->wins[j], out->wins[j] / n, ci, ms);
    }
    printf("mean actions per game: %.2f\n", tbi_moments_mean(&out->actions));
    for (int j = 0; j < spec->cfg.players; j++)
        if (out->fallback_moves[j])
            printf("seat %d (%s): %ld answers that were not legal actions; "
                   "its fallback made %ld moves\n", j, spec->seats[j],
                   out->bad_answers[j], out->fallback_moves[j]);
    print_draws(out);
}

static json_t *interval(double lo, double hi)
{
    return json_pack("[f,f]", lo, hi);
}

static void print_json(const tbi_sim_spec *spec, const tbi_sim_out *out)
{
    const tb_game *g = spec->game;
    double n = (double)out->games;
    json_t *o = json_object();
    json_object_set_new(o, "game", json_string(g->id));
    json_object_set_new(o, "players", json_integer(spec->cfg.players));
    json_object_set_new(o, "games", json_integer(out->games));
    json_object_set_new(o, "seed", tbi_json_u64(spec->seed));
    json_t *opts = json_object();
    for (int i = 0; i < g->n_options; i++) {
        char v[64];
        tb_config_value_text(g, &spec->cfg, i, v, sizeof v);
        json_object_set_new(opts, g->options[i].name, json_string(v));
    }
    json_object_set_new(o, "options", opts);
    json_t *seats = json_array();
    for (int j = 0; j < spec->cfg.players; j++) {
        double lo, hi;
        tbi_wilson95(out->wins[j], n, &lo, &hi);
        double m = tbi_moments_mean(&out->score[j]);
        double h = tbi_moments_ci95(&out->score[j]);
        json_array_append_new(
            seats, json_pack("{s:i,s:s,s:f,s:f,s:o,s:f,s:o}", "seat", j, "bot",
                             spec->seats[j], "wins", out->wins[j], "win_rate",
                             out->wins[j] / n, "win_rate_ci95",
                             interval(lo, hi), "mean_score", m,
                             "mean_score_ci95", interval(m - h, m + h)));
        json_t *seat = json_array_get(seats, (size_t)j);
        json_object_set_new(seat, "fallback_moves",
                            json_integer(out->fallback_moves[j]));
        json_object_set_new(seat, "bad_answers",
                            json_integer(out->bad_answers[j]));
    }
    json_object_set_new(o, "seats", seats);
    json_object_set_new(o, "mean_actions",
                        json_real(tbi_moments_mean(&out->actions)));
    if (!(g->flags & TB_GAME_COOPERATIVE)) {
        double lo, hi;
        tbi_wilson95(out->draws, n, &lo, &hi);
        json_object_set_new(o, "draws", json_integer((json_int_t)out->draws));
        json_object_set_new(o, "draw_rate", json_real(out->draws / n));
        json_object_set_new(o, "draw_rate_ci95", interval(lo, hi));
    }
    if (g->flags & TB_GAME_COOPERATIVE) {
        double lo, hi;
        tbi_wilson95(out->team_wins, n, &lo, &hi);
        double m = tbi_moments_mean(&out->team_score);
        double h = tbi_moments_ci95(&out->team_score);
        json_object_set_new(
            o, "team",
            json_pack("{s:f,s:o,s:f,s:o}", "win_rate", out->team_wins / n,
                      "win_rate_ci95", interval(lo, hi), "mean_score", m,
                      "mean_score_ci95", interval(m - h, m + h)));
    }
    char *s = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
                                JSON_REAL_PRECISION(10));
    puts(s);
    free(s);
    json_decref(o);
}

int cmd_sim(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"players", required_argument, NULL, 'p'},
        {"games", required_argument, NULL, 'n'},
        {"seats", required_argument, NULL, 's'},
        {"seed", required_argument, NULL, 'S'},
        {"threads", required_argument, NULL, 't'},
        {"opt", required_argument, NULL, 'o'},
        {"json", no_argument, NULL, 'j'},
        {"record-dir", required_argument, NULL, 'r'},
        {NULL, 0, NULL, 0},
    };
    cli_game_args ga;
    memset(&ga, 0, sizeof ga);
    long games = -1, threads = 1;
    int json = 0;
    const char *record_dir = NULL;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "hp:n:t:", longopts, NULL)) != -1) {
        long v;
        switch (c) {
        case 'h': return usage();
        case 'n':
            if (cli_parse_long("-n", optarg, 1, 1000000000L, &games))
                return 2;
            break;
        case 't':
            if (cli_parse_long("--threads", optarg, 1, 256, &threads))
                return 2;
            break;
        case 'j': json = 1; break;
        case 'r': record_dir = optarg; break;
        default:
            v = cli_game_option(&ga, c, optarg);
            if (v < 0)
                return 2;
            if (v > 0)
                return cli_error("sim: unknown or incomplete option '%s'; try "
                                 "'tabula sim --help'", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return cli_error("sim: which game? usage: tabula sim GAME -n GAMES");
    if (optind + 1 < argc)
        return cli_error("sim: unexpected argument '%s'", argv[optind + 1]);
    if (!(ga.game = cli_find_game(argv[optind])))
        return 2;
    if (games < 0)
        return cli_error("sim: say how many games with -n GAMES");
    if (cli_finish_game_args(&ga, "random"))
        return 2;
    for (int j = 0; j < ga.n_seats; j++)
        if (strncmp(ga.seats[j], "human", 5) == 0)
            return cli_error("sim: seats are bots; 'human' plays with "
                             "'tabula play'");
    /* Everything that can be checked is checked before the record
     * directory is touched, so that a failed command leaves nothing. */
    if (cli_check_bots(&ga))
        return 2;
    int created = 0;
    if (record_dir && cli_prepare_dir("record directory", record_dir,
                                      &created))
        return 2;
    tbi_sim_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.game = ga.game;
    spec.cfg = ga.cfg;
    memcpy(spec.seats, ga.seats, sizeof spec.seats);
    spec.games = games;
    spec.seed = ga.seed;
    spec.threads = (int)threads;
    spec.record_dir = record_dir;
    spec.progress = cli_progress_callback;
    spec.progress_user = (void *)(uintptr_t)ga.game->id;
    tbi_sim_out out;
    char err[512];
    if (tbi_sim_run(&spec, &out, err, sizeof err) != TB_OK) {
        if (created)
            cli_remove_dir(record_dir);
        return cli_error("%s", err);
    }
    if (json)
        print_json(&spec, &out);
    else
        print_table(&spec, &out);
    tbi_sim_out_free(&out);
    return 0;
}
