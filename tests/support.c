/*
 * support.c - helpers shared by the test programs.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends cfg to out when the game accepts it and it is not there yet. */
static void add_config(const tb_game *g, tb_config *out, int *n, int cap,
                       const tb_config *cfg)
{
    if (*n >= cap || tb_config_check(g, cfg, NULL, 0) != TB_OK)
        return;
    for (int i = 0; i < *n; i++)
        if (memcmp(&out[i], cfg, sizeof *cfg) == 0)
            return;
    out[(*n)++] = *cfg;
}

int ts_configs(const tb_game *g, tb_config *out, int cap)
{
    int n = 0;
    tb_config cfg;
    for (int p = g->min_players; p <= g->max_players; p++) {
        tb_config_default(g, p, &cfg);
        add_config(g, out, &n, cap, &cfg);
    }
    for (int i = 0; i < g->n_options; i++) {
        const tb_option_def *o = &g->options[i];
        int values[3] = {o->min, o->max, o->def};
        int nv = o->type == TB_OPT_INT ? 2 : 0;
        for (int v = o->min; o->type != TB_OPT_INT && v <= o->max; v++) {
            /* Every value of a bool or enum; the range ends of an int. */
            int ends[2] = {g->min_players, g->max_players};
            for (int e = 0; e < 2; e++)
                for (int p = ends[e]; p >= g->min_players; p--) {
                    tb_config_default(g, p, &cfg);
                    cfg.opt[i] = v;
                    if (tb_config_check(g, &cfg, NULL, 0) == TB_OK) {
                        add_config(g, out, &n, cap, &cfg);
                        break;
                    }
                }
        }
        for (int k = 0; k < nv; k++) {
            /* Extreme integer values can make games very long (a target of
             * 999 points); the battery plays a small value and the default. */
            int v = k == 0 ? values[0] : values[2];
            tb_config_default(g, g->min_players, &cfg);
            cfg.opt[i] = v;
            add_config(g, out, &n, cap, &cfg);
            tb_config_default(g, g->max_players, &cfg);
            cfg.opt[i] = v;
            add_config(g, out, &n, cap, &cfg);
        }
    }
    return n;
}

const char *ts_config_name(const tb_game *g, const tb_config *cfg)
{
    static char buf[256];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_text_printf(&t, "%s -p %d", g->id, cfg->players);
    for (int i = 0; i < g->n_options; i++) {
        char v[64];
        tb_config_value_text(g, cfg, i, v, sizeof v);
        tb_text_printf(&t, " %s=%s", g->options[i].name, v);
    }
    return buf;
}

void *ts_new_game(const tb_game *g, const tb_config *cfg)
{
    void *st = tb_state_new(g);
    char err[256];
    if (tb_init(g, st, cfg, err, sizeof err) != TB_OK)
        fail_msg("%s: %s", ts_config_name(g, cfg), err);
    return st;
}

void ts_play(const tb_game *g, void *st, const char *move)
{
    tb_action a;
    char err[256];
    int rc = tb_parse_action(g, st, move, &a, err, sizeof err);
    if (rc != TB_OK)
        fail_msg("move '%s' refused: %s", move, err);
    assert_int_equal(tb_apply(g, st, a), TB_OK);
}

void ts_play_texts(const tb_game *g, void *st, tb_rng *rng,
                   const char *const *moves, int n)
{
    for (int i = 0; i < n; i++) {
        tb_settle(g, st, rng);
        ts_play(g, st, moves[i]);
    }
}

int ts_is_legal_text(const tb_game *g, const void *st, const char *move)
{
    tb_action buf[TB_MAX_ACTIONS];
    int n = tb_legal(g, st, buf);
    for (int i = 0; i < n; i++) {
        char text[TB_ACTION_TEXT];
        tb_action_text(g, st, buf[i], text, sizeof text);
        if (strcmp(text, move) == 0)
            return 1;
    }
    return 0;
}
