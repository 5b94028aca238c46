/*
 * engine.c - the checked public wrappers around a game descriptor: options
 * and player counts, setting up, legal actions, applying actions and chance
 * outcomes, random playouts, action text and views.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ config */

int tb_option_index(const tb_game *g, const char *name)
{
    for (int i = 0; i < g->n_options; i++)
        if (tbi_word_eq(g->options[i].name, name))
            return i;
    return -1;
}

int tb_config_default(const tb_game *g, int players, tb_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->players = players > 0 ? players : g->min_players;
    for (int i = 0; i < g->n_options; i++)
        cfg->opt[i] = g->options[i].def;
    return TB_OK;
}

/* Reads a boolean written as a person would: on/off, yes/no, true/false. */
static int parse_bool(const char *v, int *out)
{
    static const char *yes[] = {"1", "on", "yes", "true"};
    static const char *no[] = {"0", "off", "no", "false"};
    for (int i = 0; i < 4; i++) {
        if (tbi_word_eq(v, yes[i])) {
            *out = 1;
            return 1;
        }
        if (tbi_word_eq(v, no[i])) {
            *out = 0;
            return 1;
        }
    }
    return 0;
}

/* Lists the option names of a game into err, for "unknown option". */
static void list_option_names(const tb_game *g, char *buf, size_t cap)
{
    tb_text t;
    tb_text_init(&t, buf, cap);
    if (g->n_options == 0) {
        tb_text_puts(&t, "(this game has no options)");
        return;
    }
    for (int i = 0; i < g->n_options; i++)
        tb_text_printf(&t, "%s%s", i ? ", " : "", g->options[i].name);
}

int tb_config_set(const tb_game *g, tb_config *cfg, const char *key,
                  const char *value, char *err, size_t errcap)
{
    int i = tb_option_index(g, key);
    if (i < 0) {
        char names[256];
        list_option_names(g, names, sizeof names);
        tbi_errf(err, errcap, "%s has no option '%s'; its options: %s",
                 g->id, key, names);
        return TB_EINVAL;
    }
    const tb_option_def *o = &g->options[i];
    int v = 0;
    switch (o->type) {
    case TB_OPT_BOOL:
        if (!parse_bool(value, &v)) {
            tbi_errf(err, errcap, "option %s takes on or off, not '%s'",
                     o->name, value);
            return TB_EINVAL;
        }
        break;
    case TB_OPT_ENUM: {
        int found = -1;
        for (int c = o->min; c <= o->max; c++)
            if (tbi_word_eq(o->choices[c], value))
                found = c;
        if (found < 0) {
            char names[256];
            tb_text t;
            tb_text_init(&t, names, sizeof names);
            for (int c = o->min; c <= o->max; c++)
                tb_text_printf(&t, "%s%s", c > o->min ? ", " : "",
                               o->choices[c]);
            tbi_errf(err, errcap, "option %s takes one of %s, not '%s'",
                     o->name, names, value);
            return TB_EINVAL;
        }
        v = found;
        break;
    }
    case TB_OPT_INT: {
        const char *end = tbi_read_uint(value, &v);
        int neg = 0;
        if (!end && value[0] == '-') {
            end = tbi_read_uint(value + 1, &v);
            neg = 1;
        }
        if (!end || *end) {
            tbi_errf(err, errcap, "option %s takes a whole number, not '%s'",
                     o->name, value);
            return TB_EINVAL;
        }
        if (neg)
            v = -v;
        if (v < o->min || v > o->max) {
            tbi_errf(err, errcap, "option %s must be from %d to %d, not %d",
                     o->name, o->min, o->max, v);
            return TB_EINVAL;
        }
        break;
    }
    }
    cfg->opt[i] = v;
    return TB_OK;
}

void tb_config_value_text(const tb_game *g, const tb_config *cfg, int i,
                          char *buf, size_t cap)
{
    const tb_option_def *o = &g->options[i];
    int v = cfg->opt[i];
    if (o->type == TB_OPT_BOOL)
        snprintf(buf, cap, "%s", v ? "on" : "off");
    else if (o->type == TB_OPT_ENUM && v >= o->min && v <= o->max)
        snprintf(buf, cap, "%s", o->choices[v]);
    else
        snprintf(buf, cap, "%d", v);
}

int tb_config_check(const tb_game *g, const tb_config *cfg, char *err,
                    size_t errcap)
{
    if (cfg->players < g->min_players || cfg->players > g->max_players) {
        /* A game may know better what its count means (MYST's two seats
         * are two teams of any size): its own check speaks first. */
        if (g->check_config && g->check_config(cfg, err, errcap) != TB_OK)
            return TB_EINVAL;
        if (g->min_players == g->max_players)
            tbi_errf(err, errcap, "%s is for exactly %d players, not %d",
                     g->id, g->min_players, cfg->players);
        else
            tbi_errf(err, errcap, "%s is for %d to %d players, not %d",
                     g->id, g->min_players, g->max_players, cfg->players);
        return TB_EINVAL;
    }
    for (int i = 0; i < g->n_options; i++) {
        const tb_option_def *o = &g->options[i];
        if (cfg->opt[i] < o->min || cfg->opt[i] > o->max) {
            tbi_errf(err, errcap, "option %s must be from %d to %d", o->name,
                     o->min, o->max);
            return TB_EINVAL;
        }
    }
    if (g->check_config)
        return g->check_config(cfg, err, errcap);
    return TB_OK;
}

/* ------------------------------------------------------------ play */

void *tb_state_new(const tb_game *g)
{
    return calloc(1, g->state_size);
}

int tb_init(const tb_game *g, void *st, const tb_config *cfg, char *err,
            size_t errcap)
{
    int rc = tb_config_check(g, cfg, err, errcap);
    if (rc != TB_OK)
        return rc;
    memset(st, 0, g->state_size);
    g->init(st, cfg);
    return TB_OK;
}

int tb_current(const tb_game *g, const void *st)
{
    return g->current(st);
}

int tb_legal(const tb_game *g, const void *st, tb_action *out)
{
    if (g->current(st) < 0)
        return 0;
    return g->legal(st, out);
}

/* Whether a is among the current seat's legal actions. */
static int is_legal(const tb_game *g, const void *st, tb_action a)
{
    tb_action buf[TB_MAX_ACTIONS];
    return tbi_has_action(buf, g->legal(st, buf), a);
}

int tb_apply(const tb_game *g, void *st, tb_action a)
{
    int cur = g->current(st);
    if (cur == TB_TERMINAL)
        return TB_ETERMINAL;
    if (cur == TB_CHANCE)
        return TB_ECHANCE;
    if (!is_legal(g, st, a))
        return TB_EILLEGAL;
    g->apply(st, a);
    return TB_OK;
}

void tb_apply_legal(const tb_game *g, void *st, tb_action a)
{
    g->apply(st, a);
}

int tb_chance_spec(const tb_game *g, const void *st, tb_chance *out)
{
    if (g->current(st) != TB_CHANCE)
        return TB_ECHANCE;
    g->chance(st, out);
    return TB_OK;
}

/* Whether outcome is a permutation of the spec's items: each value must be
 * used exactly as often as it appears among the items. */
static int is_permutation(const tb_chance *c, const uint16_t *outcome)
{
    uint16_t want[TB_MAX_CHANCE], got[TB_MAX_CHANCE];
    memcpy(want, c->items, (size_t)c->n * sizeof *want);
    memcpy(got, outcome, (size_t)c->n * sizeof *got);
    /* Insertion sorts: n is at most TB_MAX_CHANCE and this is not hot. */
    for (uint16_t *a = want; a; a = (a == want ? got : NULL)) {
        for (int i = 1; i < c->n; i++) {
            uint16_t v = a[i];
            int j = i - 1;
            while (j >= 0 && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }
    return memcmp(want, got, (size_t)c->n * sizeof *want) == 0;
}

/* Whether st is a chance node whose spec the n values of outcome fit:
 * TB_OK, TB_ECHANCE (not a chance node) or TB_EILLEGAL. */
static int outcome_fits(const tb_game *g, const void *st,
                        const uint16_t *outcome, int n)
{
    tb_chance c;
    int rc = tb_chance_spec(g, st, &c);
    if (rc != TB_OK)
        return rc;
    if (n != c.n)
        return TB_EILLEGAL;
    if (c.kind == TB_CHANCE_SHUFFLE) {
        if (!is_permutation(&c, outcome))
            return TB_EILLEGAL;
    } else {
        for (int i = 0; i < n; i++)
            if (outcome[i] < c.lo || outcome[i] > c.hi)
                return TB_EILLEGAL;
    }
    return TB_OK;
}

int tb_apply_chance(const tb_game *g, void *st, const uint16_t *outcome,
                    int n)
{
    int rc = outcome_fits(g, st, outcome, n);
    if (rc != TB_OK)
        return rc;
    g->apply_chance(st, outcome);
    return TB_OK;
}

/* Draws an outcome for spec c from rng into out. */
static void draw_outcome(const tb_chance *c, tb_rng *rng, uint16_t *out)
{
    if (c->kind == TB_CHANCE_SHUFFLE) {
        memcpy(out, c->items, (size_t)c->n * sizeof *out);
        tb_rng_shuffle16(rng, out, c->n);
    } else {
        uint32_t span = (uint32_t)(c->hi - c->lo + 1);
        for (int i = 0; i < c->n; i++)
            out[i] = (uint16_t)(c->lo + (int)tb_rng_below(rng, span));
    }
}

int tb_sample_chance(const tb_game *g, void *st, tb_rng *rng,
                     uint16_t *outcome, int *n)
{
    tb_chance c;
    int rc = tb_chance_spec(g, st, &c);
    if (rc != TB_OK)
        return rc;
    uint16_t buf[TB_MAX_CHANCE];
    draw_outcome(&c, rng, buf);
    if (outcome)
        memcpy(outcome, buf, (size_t)c.n * sizeof *buf);
    if (n)
        *n = c.n;
    g->apply_chance(st, buf);
    return TB_OK;
}

void tb_settle(const tb_game *g, void *st, tb_rng *rng)
{
    while (g->current(st) == TB_CHANCE)
        tb_sample_chance(g, st, rng, NULL, NULL);
}

int tb_result_of(const tb_game *g, const void *st, tb_result *out)
{
    if (g->current(st) != TB_TERMINAL)
        return TB_EINVAL;
    memset(out, 0, sizeof *out);
    g->result(st, out);
    return TB_OK;
}

void tb_determinize(const tb_game *g, void *st, int seat, tb_rng *rng)
{
    g->determinize(st, seat, rng);
}

/* Hashes n bytes, eight at a time: states are up to a few kilobytes and
 * this runs at every level of every search iteration. */
static uint64_t hash_bytes(const void *data, size_t n)
{
    const unsigned char *p = data;
    uint64_t h = 0x243f6a8885a308d3ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ull;
    return h ^ h >> 32;
}

uint64_t tb_infoset_key(const tb_game *g, const void *st, int seat,
                        void *scratch)
{
    tb_rng rng;
    memcpy(scratch, st, g->state_size);
    tb_rng_seed(&rng, 0x1f0c0a5e7ull);
    g->determinize(scratch, seat, &rng);
    return hash_bytes(scratch, g->state_size);
}

long tb_random_playout(const tb_game *g, void *st, tb_rng *rng)
{
    tb_action buf[TB_MAX_ACTIONS];
    tb_chance c;
    uint16_t outcome[TB_MAX_CHANCE];
    long steps = 0;
    for (;;) {
        int cur = g->current(st);
        if (cur == TB_TERMINAL)
            return steps;
        if (cur == TB_CHANCE) {
            g->chance(st, &c);
            if (c.kind == TB_CHANCE_SHUFFLE) {
                /* Shuffle the spec's own items: saves a copy per deal. */
                tb_rng_shuffle16(rng, c.items, c.n);
                g->apply_chance(st, c.items);
            } else {
                draw_outcome(&c, rng, outcome);
                g->apply_chance(st, outcome);
            }
            continue;
        }
        int n = g->legal(st, buf);
        if (n < 1)
            return -1; /* a broken game: never apply what legal did not give */
        g->apply(st, buf[n == 1 ? 0 : tb_rng_below(rng, (uint32_t)n)]);
        steps++;
    }
}

/* ------------------------------------------------------------ text */

int tb_action_text(const tb_game *g, const void *st, tb_action a, char *buf,
                   size_t cap)
{
    if (g->current(st) < 0 || !is_legal(g, st, a)) {
        if (cap)
            buf[0] = '\0';
        return TB_EILLEGAL;
    }
    g->action_text(st, a, buf, cap);
    return TB_OK;
}

int tb_parse_action(const tb_game *g, const void *st, const char *text,
                    tb_action *out, char *err, size_t errcap)
{
    int cur = g->current(st);
    if (cur == TB_TERMINAL) {
        tbi_errf(err, errcap, "the game is over");
        return TB_ETERMINAL;
    }
    if (cur == TB_CHANCE) {
        tbi_errf(err, errcap, "it is luck's turn, not a player's");
        return TB_ECHANCE;
    }
    /* The game always gets a message buffer, even when the caller wants
     * no message, so that an objection it wrote can be seen. */
    char own[256];
    if (!err || !errcap) {
        err = own;
        errcap = sizeof own;
    }
    err[0] = '\0';
    tb_action a = 0;
    int rc = g->parse_action(st, tbi_skip_space(text), &a, err, errcap);
    if (rc != TB_OK) {
        if (!err[0])
            tbi_errf(err, errcap, "'%s' is not a move here; type ? for the "
                     "legal moves", text);
        return rc;
    }
    /* A parser that wrote an objection and still returned TB_OK has
     * refused the text: what it read is not what was typed, so no action
     * is given (a legal action under a text naming something else would
     * let a record lie).  The games may rely on this: they write why a
     * text is wrong and let this refuse it. */
    if (err[0] || !is_legal(g, st, a)) {
        if (!err[0])
            tbi_errf(err, errcap, "'%s' is not legal now; type ? for the "
                     "legal moves", text);
        return TB_EILLEGAL;
    }
    *out = a;
    return TB_OK;
}

int tb_describe(const tb_game *g, const void *before, tb_action a,
                const void *after, int seat, tb_text *out)
{
    if (g->current(before) < 0 || !is_legal(g, before, a))
        return TB_EILLEGAL;
    void *made = NULL;
    if (!after) {
        if (!(made = malloc(g->state_size)))
            return TB_ENOMEM;
        memcpy(made, before, g->state_size);
        g->apply(made, a);
        after = made;
    }
    g->describe(before, a, after, seat, out);
    free(made);
    return TB_OK;
}

int tb_describe_chance(const tb_game *g, const void *before,
                       const uint16_t *outcome, int n, const void *after,
                       int seat, tb_text *out)
{
    int rc = outcome_fits(g, before, outcome, n);
    if (rc != TB_OK)
        return rc;
    if (!g->describe_chance)
        return TB_OK;
    void *made = NULL;
    if (!after) {
        if (!(made = malloc(g->state_size)))
            return TB_ENOMEM;
        memcpy(made, before, g->state_size);
        g->apply_chance(made, outcome);
        after = made;
    }
    g->describe_chance(before, outcome, n, after, seat, out);
    free(made);
    return TB_OK;
}

void tb_render(const tb_game *g, const void *st, int seat, unsigned style,
               tb_text *out)
{
    g->render(st, seat, style, out);
}

char *tb_view_json(const tb_game *g, const void *st, int seat)
{
    json_t *v = g->view_json(st, seat);
    if (!v)
        return NULL;
    char *s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(v);
    return s;
}
