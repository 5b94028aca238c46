/*
 * cmd_info.c - `tabula list`, `tabula rules` and `tabula bots`: what games
 * there are, each game's rules as implemented, notation and options, and
 * the levels its bots play at, with the measurements that step them.
 */
#include "bot.h"
#include "cli.h"
#include "internal.h"
#include "levels.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

int cmd_list(int argc, char **argv)
{
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            printf("usage: tabula list [--json]\n\n"
                   "Lists every game with its id, player counts and title.\n"
                   "  --json   one JSON array of {id, title, min_players, "
                   "max_players, cooperative, options}\n");
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else
            return cli_error("list: unknown argument '%s'", argv[i]);
    }
    if (json) {
        json_t *arr = json_array();
        for (int i = 0; i < tb_game_count(); i++) {
            const tb_game *g = tb_game_at(i);
            json_t *opts = json_array();
            for (int k = 0; k < g->n_options; k++)
                json_array_append_new(opts, json_string(g->options[k].name));
            json_array_append_new(
                arr, json_pack("{s:s,s:s,s:i,s:i,s:b,s:o}", "id", g->id,
                               "title", g->title, "min_players", g->min_players,
                               "max_players", g->max_players, "cooperative",
                               (g->flags & TB_GAME_COOPERATIVE) != 0,
                               "options", opts));
        }
        char *s = json_dumps(arr, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        puts(s);
        free(s);
        json_decref(arr);
        return 0;
    }
    /* The id column is as wide as the longest id, so the columns align. */
    int width = 0;
    for (int i = 0; i < tb_game_count(); i++) {
        int len = (int)strlen(tb_game_at(i)->id);
        width = len > width ? len : width;
    }
    for (int i = 0; i < tb_game_count(); i++) {
        const tb_game *g = tb_game_at(i);
        char range[16];
        if (g->min_players == g->max_players)
            snprintf(range, sizeof range, "%d", g->min_players);
        else
            snprintf(range, sizeof range, "%d-%d", g->min_players,
                     g->max_players);
        printf("%-*s %-6s players  %s%s\n", width, g->id, range, g->title,
               g->flags & TB_GAME_COOPERATIVE ? " (cooperative)" : "");
    }
    return 0;
}

/* Prints a game's options with their ranges and defaults. */
static void print_options(const tb_game *g)
{
    printf("\nOptions (--opt name=value):\n");
    if (g->n_options == 0)
        printf("  (none)\n");
    tb_config cfg;
    tb_config_default(g, 0, &cfg);
    for (int i = 0; i < g->n_options; i++) {
        const tb_option_def *o = &g->options[i];
        char def[64], range[256];
        tb_config_value_text(g, &cfg, i, def, sizeof def);
        tb_text t;
        tb_text_init(&t, range, sizeof range);
        if (o->type == TB_OPT_BOOL)
            tb_text_puts(&t, "on|off");
        else if (o->type == TB_OPT_INT)
            tb_text_printf(&t, "%d..%d", o->min, o->max);
        else
            for (int c = o->min; c <= o->max; c++)
                tb_text_printf(&t, "%s%s", c > o->min ? "|" : "", o->choices[c]);
        printf("  %s=%s (default %s)\n      %s\n", o->name, range, def, o->help);
    }
}

/* Prints step i of g's levels: the figure, whether it is a measured step,
 * and the command that reproduces it. */
static void print_step(const tb_game *g, const tbi_levels *lv,
                       const tbi_steps *ss, int i)
{
    const tbi_step *st = &ss->step[i];
    const char *up = lv->level[i + 1].name, *down = lv->level[i].name;
    if (st->games <= 0) {
        printf("    %s over %s: not measured\n", up, down);
        return;
    }
    const char *verdict = tbi_step_shown(lv, ss, i) ? "" : "; NOT a measured step";
    if (lv->team)
        printf("    %s over %s: team success %.1f%% [%.1f, %.1f] against "
               "%.1f%% [%.1f, %.1f];\n      mean team score %.2f [%.2f, "
               "%.2f] against %.2f [%.2f, %.2f]%s%s\n", up, down, st->share,
               st->lo, st->hi, st->below, st->below_lo, st->below_hi,
               st->score, st->score_lo, st->score_hi, st->below_score,
               st->below_score_lo, st->below_score_hi,
               ss->fewer_better ? " (lower is better)" : "", verdict);
    else
        printf("    %s over %s: %.1f%% [%.1f, %.1f] of %d meetings%s\n", up,
               down, st->share, st->lo, st->hi, st->pairs, verdict);
    printf("      tabula arena %s -p %d -n %d --agents %s --seed %d "
           "--threads 1\n", g->id, st->players, st->games, st->agents,
           TBI_LEVEL_SEED);
}

/* Prints g's levels: each one's spec, then each step up with its measured
 * figure and the command that reproduces it (or, for a game calibrated
 * the older way, each level's rating in an arena of the four). */
static void print_levels(const tb_game *g)
{
    const tbi_levels *lv = tbi_levels_of(g);
    if (!lv)
        return;
    const tbi_steps *ss = tbi_steps_of(g);
    printf("\nLevels (a seat spec: --seats human,hard; 'tabula play %s "
           "--level hard';\nexpert fills the seats 'tabula play' is not "
           "told of):\n", g->id);
    for (int i = 0; i < TBI_LEVELS; i++) {
        const tbi_level *l = &lv->level[i];
        if (ss || lv->games <= 0)
            printf("  %-7s %s\n", l->name, l->spec);
        else if (lv->team)
            printf("  %-7s %-22s team success %.0f%% [%.0f, %.0f]\n",
                   l->name, l->spec, l->rating, l->lo, l->hi);
        else
            printf("  %-7s %-22s rating %+5.0f [%+.0f, %+.0f]\n", l->name,
                   l->spec, l->rating, l->lo, l->hi);
    }
    const char *opts = tbi_levels_options(lv);
    if (ss) {
        printf(lv->team
                   ? "Each step up, measured with the level in every seat "
                     "(95%% intervals):\n"
                   : "Each step up, head to head: the upper level's share "
                     "of its meetings with the\nlevel below, seats rotated "
                     "on the same deals (a tie counts a half; 95%%\n"
                     "interval):\n");
        for (int i = 0; i < TBI_LEVELS - 1; i++)
            print_step(g, lv, ss, i);
        if (!lv->team && ss->step[0].players > 2)
            printf("(At %d players the share is read from the arena's "
                   "--json: docs/bots.md, \"Levels\".)\n",
                   ss->step[0].players);
        if (ss->expert_ms > 0)
            printf("The expert thought %.2g ms a move in its arena (one core "
                   "of a shared machine).\n", ss->expert_ms);
    } else if (lv->games > 0) {
        printf("%s from %d games of an arena of the four levels at %d "
               "players%s%s:\n  tabula arena %s -p %d -n %d --agents "
               "easy,medium,hard,expert%s%s --seed 2026 --threads 1\n",
               lv->team ? "Team success rates (each level plays every seat), "
                          "95% interval,"
                        : "Ratings: Bradley-Terry on the Elo scale (mean 0 "
                          "over the four), 95%\nbootstrap interval,",
               lv->games, lv->players, opts ? ", " : "", opts ? opts : "",
               g->id, lv->players, lv->games, opts ? " --opt " : "",
               opts ? opts : "");
    } else {
        printf("Not calibrated yet: docs/bots.md, \"Levels\".\n");
    }
    if (lv->note)
        printf("%s\n", lv->note);
}

/* The JSON of step i of g's levels. */
static json_t *step_json(const tb_game *g, const tbi_levels *lv,
                         const tbi_steps *ss, int i)
{
    const tbi_step *st = &ss->step[i];
    json_t *e = json_pack("{s:s,s:s}", "upper", lv->level[i + 1].name,
                          "lower", lv->level[i].name);
    if (st->games <= 0) {
        json_object_set_new(e, "measured", json_false());
        return e;
    }
    char cmd[400];
    snprintf(cmd, sizeof cmd, "tabula arena %s -p %d -n %d --agents %s "
             "--seed %d --threads 1", g->id, st->players, st->games,
             st->agents, TBI_LEVEL_SEED);
    json_object_set_new(e, "measured", json_true());
    json_object_set_new(e, "players", json_integer(st->players));
    json_object_set_new(e, "games", json_integer(st->games));
    if (lv->team) {
        json_object_set_new(e, "upper_success", json_real(st->share / 100));
        json_object_set_new(e, "upper_success_ci95",
                            json_pack("[f,f]", st->lo / 100, st->hi / 100));
        json_object_set_new(e, "lower_success", json_real(st->below / 100));
        json_object_set_new(e, "lower_success_ci95",
                            json_pack("[f,f]", st->below_lo / 100,
                                      st->below_hi / 100));
        json_object_set_new(e, "upper_mean_score", json_real(st->score));
        json_object_set_new(e, "upper_mean_score_ci95",
                            json_pack("[f,f]", st->score_lo, st->score_hi));
        json_object_set_new(e, "lower_mean_score", json_real(st->below_score));
        json_object_set_new(e, "lower_mean_score_ci95",
                            json_pack("[f,f]", st->below_score_lo,
                                      st->below_score_hi));
    } else {
        json_object_set_new(e, "meetings", json_integer(st->pairs));
        json_object_set_new(e, "head_to_head", json_real(st->share / 100));
        json_object_set_new(e, "head_to_head_ci95",
                            json_pack("[f,f]", st->lo / 100, st->hi / 100));
    }
    json_object_set_new(e, "shown", json_boolean(tbi_step_shown(lv, ss, i)));
    json_object_set_new(e, "command", json_string(cmd));
    return e;
}

int cmd_bots(int argc, char **argv)
{
    int json = 0;
    const char *id = NULL;
    for (int i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            printf("usage: tabula bots [GAME] [--json]\n\n"
                   "Lists a game's levels of play (easy, medium, hard, "
                   "expert): the bot spec\neach stands for and how each "
                   "level was shown a step above the one below\n(its "
                   "head-to-head share in an arena of the two), with the "
                   "commands that\nmeasure it; then the other bots a seat "
                   "may name.  Without GAME, every game's\nsteps, one line "
                   "each.  A level's name is a seat spec for play, sim,\n"
                   "analyze, arena and the browser lobby.  Any bot spec "
                   "may add blunder=P (0 to\n1): with probability P a move "
                   "is a uniformly random legal one instead of the\nbot's "
                   "choice (e.g. heuristic:blunder=0.3); the levels use it "
                   "to step below a\ngame's best bot.\n"
                   "  --json   one JSON object (an array of them without "
                   "GAME)\n");
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (!id && argv[i][0] != '-')
            id = argv[i];
        else
            return cli_error("bots: unknown argument '%s'", argv[i]);
    }
    const tb_game *only = NULL;
    if (id && !(only = cli_find_game(id)))
        return 2;
    json_t *arr = json_array();
    for (int k = 0; k < tb_game_count(); k++) {
        const tb_game *g = tb_game_at(k);
        const tbi_levels *lv = tbi_levels_of(g);
        if ((only && g != only) || !lv)
            continue;
        json_t *o = json_object();
        json_object_set_new(o, "game", json_string(g->id));
        json_object_set_new(o, "players", json_integer(lv->players));
        json_object_set_new(o, "games", json_integer(lv->games));
        if (tbi_levels_options(lv))
            json_object_set_new(o, "options",
                                json_string(tbi_levels_options(lv)));
        json_object_set_new(o, "measure",
                            json_string(lv->team ? "team success (%)"
                                                 : "rating (Elo)"));
        json_t *levels = json_array();
        for (int i = 0; i < TBI_LEVELS; i++) {
            const tbi_level *l = &lv->level[i];
            json_t *e = json_pack("{s:s,s:s}", "level", l->name, "spec",
                                  l->spec);
            if (lv->games > 0) {
                json_object_set_new(e, "rating", json_real(l->rating));
                json_object_set_new(e, "rating_ci95",
                                    json_pack("[f,f]", l->lo, l->hi));
            }
            json_array_append_new(levels, e);
        }
        json_object_set_new(o, "levels", levels);
        const tbi_steps *ss = tbi_steps_of(g);
        if (ss) {
            json_t *steps = json_array();
            for (int i = 0; i < TBI_LEVELS - 1; i++)
                json_array_append_new(steps, step_json(g, lv, ss, i));
            json_object_set_new(o, "steps", steps);
            if (ss->expert_ms > 0)
                json_object_set_new(o, "expert_ms_per_move",
                                    json_real(ss->expert_ms));
        }
        if (lv->note)
            json_object_set_new(o, "note", json_string(lv->note));
        json_array_append_new(arr, o);
    }
    if (json) {
        json_t *out = only ? json_incref(json_array_get(arr, 0)) : json_incref(arr);
        char *s = json_dumps(out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        puts(s);
        free(s);
        json_decref(out);
        json_decref(arr);
        return 0;
    }
    json_decref(arr);
    if (only) {
        printf("%s: levels of play\n", only->title);
        print_levels(only);
        printf("\nOther bots a seat may name: ");
        for (int i = 0; i < tbi_bot_kind_count(); i++)
            printf("%s%s", i ? ", " : "", tbi_bot_kind_at(i)->name);
        for (int i = 0; i < only->n_policies; i++)
            printf(", %s (%s)", only->policies[i].name,
                   only->policies[i].help);
        printf("\n(docs/bots.md explains each, with its parameters; any "
               "spec may add blunder=P.)\n");
        return 0;
    }
    printf("%-20s %-3s %-6s %-24s %-24s %s\n", "game", "p", "games",
           "medium over easy", "hard over medium", "expert over hard");
    for (int k = 0; k < tb_game_count(); k++) {
        const tb_game *g = tb_game_at(k);
        const tbi_levels *lv = tbi_levels_of(g);
        if (!lv)
            continue;
        const tbi_steps *ss = tbi_steps_of(g);
        int players = lv->players, games = lv->games;
        if (ss) {
            /* The games of each arena once, where steps share one. */
            games = 0;
            for (int i = 0; i < TBI_LEVELS - 1; i++) {
                const tbi_step *st = &ss->step[i];
                if (st->games <= 0 ||
                    (i > 0 && ss->step[i - 1].agents &&
                     strcmp(ss->step[i - 1].agents, st->agents) == 0))
                    continue;
                games += st->games;
                players = st->players;
            }
        }
        printf("%-20s %-3d %-6d", g->id, players, games);
        for (int i = 0; i < TBI_LEVELS - 1; i++) {
            const tbi_step *st = ss ? &ss->step[i] : NULL;
            char cell[48];
            const char *no = tbi_step_shown(lv, ss, i) ? "" : " no";
            if (!st || st->games <= 0)
                snprintf(cell, sizeof cell, "-");
            else if (lv->team)
                snprintf(cell, sizeof cell, "%.0f%% v %.0f%%, %.1f v %.1f%s",
                         st->share, st->below, st->score, st->below_score, no);
            else
                snprintf(cell, sizeof cell, "%.0f%% [%.0f, %.0f]%s",
                         st->share, st->lo, st->hi, no);
            printf(i < TBI_LEVELS - 2 ? " %-24s" : " %s", cell);
        }
        printf("\n");
    }
    printf("\nEach step: the upper level's head-to-head share against the "
           "level below (95%%\ninterval); a cooperative game's: the team "
           "success rates and mean team scores\nof the two levels.  'no': "
           "not a measured step; '-': not measured step by\nstep.  "
           "'tabula bots GAME' gives the specs, the intervals and the "
           "commands.\n");
    return 0;
}

int cmd_rules(int argc, char **argv)
{
    if (argc < 2 || is_help(argv[1])) {
        printf("usage: tabula rules GAME\n\n"
               "Prints the rules as tabula implements them, the notation for "
               "typing moves, the options and the interpretations made where "
               "the rules are unclear.\n");
        return argc < 2 ? 2 : 0;
    }
    const tb_game *g = cli_find_game(argv[1]);
    if (!g)
        return 2;
    const char *doc = tb_game_doc(g);
    if (doc)
        fputs(doc, stdout);
    else
        printf("%s (%s)\n", g->title, g->blurb);
    print_options(g);
    print_levels(g);
    return 0;
}
