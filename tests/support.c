/*
 * support.c - helpers shared by the test programs.
 */
#include "support.h"

#include "internal.h"
#include "mystique_deck.h"

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

tb_config ts_config(const tb_game *g, int players, const char *const *opts)
{
    tb_config cfg;
    char err[256];
    tb_config_default(g, players, &cfg);
    for (int i = 0; opts && opts[i]; i++) {
        char key[64];
        const char *eq = strchr(opts[i], '=');
        if (!eq)
            fail_msg("option '%s' is not key=value", opts[i]);
        snprintf(key, sizeof key, "%.*s", (int)(eq - opts[i]), opts[i]);
        if (tb_config_set(g, &cfg, key, eq + 1, err, sizeof err) != TB_OK)
            fail_msg("%s: %s", opts[i], err);
    }
    return cfg;
}

void *ts_new_game(const tb_game *g, const tb_config *cfg)
{
    void *st = tb_state_new(g);
    char err[256];
    if (tb_init(g, st, cfg, err, sizeof err) != TB_OK)
        fail_msg("%s: %s", ts_config_name(g, cfg), err);
    return st;
}

int ts_deck_order(uint16_t *out, int lo, int hi, int parts,
                  const int *const *named, const int *n_named, const int *size)
{
    unsigned char used[TB_MAX_CHANCE] = {0};
    assert_true(lo <= hi && hi - lo < TB_MAX_CHANCE);
    for (int part = 0; part < parts; part++) {
        assert_true(n_named[part] <= size[part]);
        for (int i = 0; i < n_named[part]; i++) {
            int c = named[part][i];
            if (c < lo || c > hi || used[c - lo])
                fail_msg("card %d is named twice or is not in %d-%d", c, lo,
                         hi);
            used[c - lo] = 1;
        }
    }
    int k = 0, next = lo;
    for (int part = 0; part < parts; part++)
        for (int i = 0; i < size[part]; i++) {
            if (i < n_named[part]) {
                out[k++] = (uint16_t)named[part][i];
                continue;
            }
            while (next <= hi && used[next - lo])
                next++;
            assert_true(next <= hi); /* the parts hold more than the deck */
            used[next - lo] = 1;
            out[k++] = (uint16_t)next;
        }
    for (int c = lo; c <= hi; c++)
        if (!used[c - lo])
            out[k++] = (uint16_t)c;
    return k;
}

int ts_deck_first(uint16_t *out, int lo, int hi, const int *first, int n)
{
    return ts_deck_order(out, lo, hi, 1, &first, &n, &n);
}

void *ts_deal_first(const tb_game *g, const tb_config *cfg, int lo, int hi,
                    const int *first, int n)
{
    void *st = ts_new_game(g, cfg);
    uint16_t order[TB_MAX_CHANCE];
    int k = ts_deck_first(order, lo, hi, first, n);
    assert_int_equal(tb_apply_chance(g, st, order, k), TB_OK);
    return st;
}

int ts_mq_card(const char *name)
{
    int id;
    assert_non_null(tbi_mq_parse(name, 0, &id));
    return id;
}

int ts_mq_cards(const char *text, int two_decks, int *ids, int cap)
{
    int n = 0;
    while (text && *(text = tbi_skip_space(text))) {
        assert_true(n < cap);
        const char *end = tbi_mq_parse(text, two_decks, &ids[n]);
        if (!end)
            fail_msg("bad card in '%s'", text);
        n++;
        text = end;
    }
    return n;
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

const char *ts_legal_text(const tb_game *g, const void *st)
{
    static char buf[1 << 14];
    static tb_action a[TB_MAX_ACTIONS];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    int n = tb_legal(g, st, a);
    for (int i = 0; i < n; i++) {
        char text[TB_ACTION_TEXT];
        tb_action_text(g, st, a[i], text, sizeof text);
        tb_text_printf(&t, "%s%s", i ? " " : "", text);
    }
    assert_false(t.truncated);
    return buf;
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

const char *ts_parsed_text(const tb_game *g, const void *st,
                           const char *text)
{
    static char buf[TB_ACTION_TEXT];
    char err[256] = "";
    tb_action a;
    assert_int_equal(tb_parse_action(g, st, text, &a, err, sizeof err), TB_OK);
    tb_action_text(g, st, a, buf, sizeof buf);
    return buf;
}

int ts_refused(const tb_game *g, const void *st, const char *text,
               const char *want)
{
    tb_action a;
    char err[256] = "";
    int rc = tb_parse_action(g, st, text, &a, err, sizeof err);
    assert_int_not_equal(rc, TB_OK);
    if (!strstr(err, want))
        fail_msg("'%s' refused with \"%s\", expected \"%s\"", text, err, want);
    return rc;
}

const char *ts_heuristic_text(const tb_game *g, const void *st, int seat,
                              tb_rng *rng)
{
    static char text[TB_ACTION_TEXT];
    assert_non_null(g->heuristic);
    tb_action_text(g, st, g->heuristic(st, seat, rng), text, sizeof text);
    return text;
}

const char *ts_describe(const tb_game *g, const void *st, const char *move,
                        int seat)
{
    static char buf[8192];
    tb_action a;
    char err[256];
    if (tb_parse_action(g, st, move, &a, err, sizeof err) != TB_OK)
        fail_msg("move '%s' refused: %s", move, err);
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    assert_int_equal(tb_describe(g, st, a, NULL, seat, &t), TB_OK);
    return buf;
}

void ts_deal_json(char *out, size_t cap, int lo, int hi, const int *first,
                  int n)
{
    uint16_t deck[512];
    assert_true(hi - lo + 1 <= 512);
    int k = ts_deck_first(deck, lo, hi, first, n);
    size_t len = (size_t)snprintf(out, cap, "[");
    for (int i = 0; i < k && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s%u", i ? "," : "",
                                deck[i]);
    assert_true(len + 2 <= cap);
    snprintf(out + len, cap - len, "]");
}

void *ts_replay_json(const char *json)
{
    tb_record rec;
    char err[512];
    if (tb_record_load_string(&rec, json, err, sizeof err) != TB_OK)
        fail_msg("record refused: %s", err);
    void *st = tb_state_new(rec.game);
    assert_non_null(st);
    if (tb_record_replay(&rec, st, NULL, NULL, err, sizeof err) != TB_OK)
        fail_msg("record does not replay: %s", err);
    tb_record_free(&rec);
    return st;
}

json_t *ts_view(const tb_game *g, const void *st, int seat)
{
    char *text = tb_view_json(g, st, seat);
    assert_non_null(text);
    json_t *v = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(v);
    return v;
}

int ts_view_int(const tb_game *g, const void *st, const char *key)
{
    json_t *v = ts_view(g, st, TB_SPECTATOR);
    int n = (int)json_integer_value(json_object_get(v, key));
    json_decref(v);
    return n;
}

int ts_view_has(const tb_game *g, const void *st, int seat, const char *text)
{
    char *v = tb_view_json(g, st, seat);
    assert_non_null(v);
    int found = strstr(v, text) != NULL;
    free(v);
    return found;
}
