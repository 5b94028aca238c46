/*
 * play.c - fuzz harness "play": the input's first bytes choose a game, a
 * player count, options, a seed and a number of moves taken at random (or
 * by the game's heuristic); the rest is action text, one move a line, fed
 * through tb_parse_action and tb_apply as a person at the terminal would
 * type it (the layout is in play.h).
 *
 * After every move typed it describes the move to every seat and the
 * spectator (tb_describe), draws every seat's table (tb_render) and JSON
 * view (tb_view_json), and determinizes the state for every seat and the
 * spectator, checking that the seat to move keeps a legal action.  At the
 * end the state is determinized for every seat and the spectator once more
 * and each copy is played out to its end (tb_random_playout).
 *
 * Failures: any crash, leak or undefined behaviour; a refusal without a
 * message, or one that changed the state; an accepted move that tb_apply
 * refuses or whose text does not read back as itself; a heuristic move
 * that is not legal; a description refused or not whole lines; a view
 * that cannot be made; a determinized state whose mover has no legal
 * action (a playout that returns -1).  Seed corpus: records written by
 * `tabula sim --record-dir`, turned into inputs by seeds.c.
 *
 * TABULA_FUZZ_GAMES=id,id... limits the fuzzing to those games (inputs
 * choosing another game are skipped), to spend a run on one game;
 * TABULA_FUZZ_VERBOSE=1 prints what an input sets up and what becomes of
 * each line, to read a failing input.
 */
#include "fuzz.h"
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(PLAY_SEED == PLAY_OPTIONS + 2 * TB_MAX_OPTIONS,
               "play.h: the options fill bytes 3..18");

/* Whether TABULA_FUZZ_VERBOSE is set (read once per input). */
static int verbose;

/* Reads n bytes little-endian. */
static uint64_t read_le(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* Whether TABULA_FUZZ_GAMES (when set) names game g. */
static int game_wanted(const tb_game *g)
{
    const char *list = getenv("TABULA_FUZZ_GAMES");
    if (!list || !*list)
        return 1;
    size_t n = strlen(g->id);
    for (const char *p = list; (p = strstr(p, g->id)) != NULL; p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return 1;
    return 0;
}

/* The configuration the header asks for; TB_OK when the game accepts it. */
static int read_config(const tb_game *g, const uint8_t *data, tb_config *cfg)
{
    int range = g->max_players - g->min_players + 1;
    tb_config_default(g, g->min_players + data[PLAY_PLAYERS] % range, cfg);
    for (int i = 0; i < g->n_options; i++) {
        const tb_option_def *o = &g->options[i];
        uint64_t v = read_le(data + PLAY_OPTIONS + 2 * i, 2);
        cfg->opt[i] = o->min + (int)(v % (uint64_t)(o->max - o->min + 1));
    }
    return tb_config_check(g, cfg, NULL, 0);
}

/* Takes one move for the seat to move: uniformly at random, or the one
 * the game's heuristic picks from a copy determinized for that seat (as
 * the heuristic bot does), which must be legal in the true state. */
static void take_move(const tb_game *g, void *st, void *scratch,
                      int heuristic, tb_rng *rng)
{
    static tb_action acts[TB_MAX_ACTIONS];
    int cur = tb_current(g, st);
    tb_action a;
    if (heuristic && g->heuristic) {
        memcpy(scratch, st, g->state_size);
        tb_determinize(g, scratch, cur, rng);
        a = g->heuristic(scratch, cur, rng);
        if (tb_apply(g, st, a) != TB_OK)
            fz_fail("%s: the heuristic chose action %u for seat %d, which "
                    "is not legal", g->id, a, cur);
        return;
    }
    int n = tb_legal(g, st, acts);
    if (n < 1)
        fz_fail("%s: seat %d is to move but has no legal action", g->id,
                cur);
    tb_apply_legal(g, st, acts[tb_rng_below(rng, (uint32_t)n)]);
}

/* Tries one typed line in st.  A refusal must say why and leave the state
 * as it was; an accepted move must apply, read back as itself, and be
 * described to every seat, after which the table is looked at from every
 * seat. */
static void type_line(const tb_game *g, const tb_config *cfg, void *st,
                     void *before, void *scratch, const char *line,
                     unsigned style, tb_rng *deal, tb_rng *rng)
{
    char err[512] = "";
    tb_action a;
    memcpy(before, st, g->state_size);
    int rc = tb_parse_action(g, st, line, &a, err, sizeof err);
    if (memcmp(before, st, g->state_size) != 0)
        fz_fail("%s: reading '%s' changed the state", g->id, line);
    if (verbose)
        fprintf(stderr, "seat %d: '%s': %s\n", tb_current(g, st), line,
                rc == TB_OK ? "taken" : err);
    if (rc != TB_OK) {
        if (!err[0])
            fz_fail("%s: '%s' was refused (%d) without a message", g->id,
                    line, rc);
        return;
    }
    /* The move's own text must read back as the same move. */
    char text[TB_ACTION_TEXT];
    tb_action back;
    if (tb_action_text(g, st, a, text, sizeof text) != TB_OK ||
        tb_parse_action(g, st, text, &back, err, sizeof err) != TB_OK ||
        back != a)
        fz_fail("%s: '%s' was read as action %u whose text '%s' does not "
                "read back as it", g->id, line, a, text);
    rc = tb_apply(g, st, a);
    if (rc != TB_OK)
        fz_fail("%s: '%s' was read as a legal move, but tb_apply refused it "
                "(%d)", g->id, line, rc);
    fz_describe_all(g, before, a, st, cfg->players);
    tb_settle(g, st, deal);
    fz_views(g, st, cfg->players, style);
    fz_determinize_all(g, st, cfg->players, scratch, rng, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < PLAY_HEADER)
        return 0;
    const tb_game *g = tb_game_at(data[PLAY_GAME] % tb_game_count());
    tb_config cfg;
    if (!game_wanted(g) || read_config(g, data, &cfg) != TB_OK)
        return 0;
    verbose = getenv("TABULA_FUZZ_VERBOSE") != NULL;
    unsigned flags = data[PLAY_FLAGS];
    unsigned style = flags >> PLAY_STYLE_SHIFT & 3u;
    uint64_t seed = read_le(data + PLAY_SEED, 8);
    long moves = (long)(read_le(data + PLAY_RANDOM, 2) % (PLAY_MAX_RANDOM + 1));

    void *st = tb_state_new(g), *before = tb_state_new(g),
         *scratch = tb_state_new(g);
    if (!st || !before || !scratch)
        fz_fail("out of memory for three states of %s", g->id);
    char err[256];
    if (tb_init(g, st, &cfg, err, sizeof err) != TB_OK)
        fz_fail("%s: a checked configuration was refused: %s", g->id, err);
    /* The deal comes from its own generator seeded as `tabula sim` seeds
     * it, so that a record's moves typed here meet the record's deal. */
    tb_rng deal, rng;
    tb_rng_seed(&deal, seed);
    tb_rng_seed(&rng, tb_seed_derive(seed, 1));
    tb_settle(g, st, &deal);
    for (long i = 0; i < moves && tb_current(g, st) >= 0; i++) {
        take_move(g, st, scratch, (flags & PLAY_HEURISTIC) != 0, &rng);
        tb_settle(g, st, &deal);
    }
    if (verbose) {
        char name[TB_MAX_OPTIONS * 40] = "";
        tb_text t;
        tb_text_init(&t, name, sizeof name);
        for (int i = 0; i < g->n_options; i++) {
            char v[32];
            tb_config_value_text(g, &cfg, i, v, sizeof v);
            tb_text_printf(&t, " %s=%s", g->options[i].name, v);
        }
        fprintf(stderr, "%s -p %d%s, seed %llu, %ld %s moves first\n", g->id,
                cfg.players, name, (unsigned long long)seed, moves,
                flags & PLAY_HEURISTIC ? "heuristic" : "random");
    }

    const char *p = (const char *)data + PLAY_HEADER;
    const char *end = (const char *)data + size;
    for (int lines = 0; p < end && lines < PLAY_MAX_LINES; lines++) {
        if (tb_current(g, st) < 0)
            break;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        /* Each line in a block of its own size, so that ASan sees any
         * read past its end. */
        char *line = malloc(len + 1);
        if (!line)
            fz_fail("out of memory for a line of %zu bytes", len);
        memcpy(line, p, len);
        line[len] = '\0';
        type_line(g, &cfg, st, before, scratch, line, style, &deal, &rng);
        free(line);
        p += len + 1;
    }

    fz_views(g, st, cfg.players, style);
    fz_determinize_all(g, st, cfg.players, scratch, &rng, 1);
    free(st);
    free(before);
    free(scratch);
    return 0;
}
