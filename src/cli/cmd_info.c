/*
 * cmd_info.c - `tabula list` and `tabula rules`: what games there are, and
 * each game's rules as implemented, notation and options.
 */
#include "cli.h"
#include "internal.h"

#include <jansson.h>
#include <stdio.h>
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
    return 0;
}
