/*
 * play.c - fuzz harness "play": the input's first bytes choose a game, a
 * player count, options, a seed and a number of first moves, taken at
 * random, by the game's heuristic, or from the text; the rest is action
 * text, one move a line, fed through tb_parse_action and tb_apply as a
 * person at the terminal would type it (the layout is in play.h).
 *
 * After every typed move past the first ones it describes the move to every seat and the
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
 * TABULA_FUZZ_GAMES (fuzz.h) limits the games; TABULA_FUZZ_VERBOSE=1
 * prints what an input sets up, what becomes of each line and the table
 * before the last check, to read a failing input.
 */
#include "fuzz.h"
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(PLAY_SEED == PLAY_OPTIONS + 2 * TB_MAX_OPTIONS,
               "play.h: the options fill bytes 2..17");

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

/* The input's action text, read a line at a time. */
typedef struct lines {
    const char *p, *end;
} lines;

/* The next line of text as a string in a block of its own size (so that
 * ASan sees any read past its end; free it), or NULL at the end. */
static char *next_line(lines *in)
{
    if (in->p >= in->end)
        return NULL;
    const char *nl = memchr(in->p, '\n', (size_t)(in->end - in->p));
    size_t len = (size_t)((nl ? nl : in->end) - in->p);
    char *line = malloc(len + 1);
    if (!line)
        fz_fail("out of memory for a line of %zu bytes", len);
    memcpy(line, in->p, len);
    line[len] = '\0';
    in->p += len + 1;
    return line;
}

/* Reads a typed line as a move of the seat to move.  A refusal must say
 * why and leave the state as it was; a move read must be legal and its
 * own text must read back as it.  Returns whether *a is a move. */
static int read_move(const tb_game *g, const void *st, void *before,
                     const char *line, tb_action *a)
{
    char err[512] = "";
    memcpy(before, st, g->state_size);
    int rc = tb_parse_action(g, st, line, a, err, sizeof err);
    if (memcmp(before, st, g->state_size) != 0)
        fz_fail("%s: reading '%s' changed the state", g->id, line);
    if (verbose)
        fprintf(stderr, "seat %d: '%s': %s\n", tb_current(g, st), line,
                rc == TB_OK ? "taken" : err);
    if (rc != TB_OK) {
        if (!err[0])
            fz_fail("%s: '%s' was refused (%d) without a message", g->id,
                    line, rc);
        return 0;
    }
    char text[TB_ACTION_TEXT];
    tb_action back;
    if (tb_action_text(g, st, *a, text, sizeof text) != TB_OK ||
        tb_parse_action(g, st, text, &back, err, sizeof err) != TB_OK ||
        back != *a)
        fz_fail("%s: '%s' was read as action %u whose text '%s' does not "
                "read back as it", g->id, line, *a, text);
    return 1;
}

/* Applies a move read from text, which tb_apply must accept. */
static void apply_read(const tb_game *g, void *st, const char *line,
                       tb_action a)
{
    int rc = tb_apply(g, st, a);
    if (rc != TB_OK)
        fz_fail("%s: '%s' was read as a legal move, but tb_apply refused it "
                "(%d)", g->id, line, rc);
}

/* Tries one typed line in st with every check: a move read is applied,
 * described to every seat, and then the table is looked at from every
 * seat and determinized for every seat. */
static void type_line(const tb_game *g, const tb_config *cfg, void *st,
                      void *before, void *scratch, const char *line,
                      unsigned style, tb_rng *deal, tb_rng *rng)
{
    tb_action a;
    if (!read_move(g, st, before, line, &a))
        return;
    apply_read(g, st, line, a);
    fz_describe_all(g, before, a, st, cfg->players);
    tb_settle(g, st, deal);
    fz_views(g, st, cfg->players, style);
    fz_determinize_all(g, st, cfg->players, scratch, tb_rng_next(rng), 1,
                       0);
}

/* The game named by the input's first line, or NULL; *header receives
 * where the bytes after that line begin. */
static const tb_game *read_game(const uint8_t *data, size_t size,
                                const uint8_t **header)
{
    size_t n = size < PLAY_MAX_ID ? size : PLAY_MAX_ID;
    const uint8_t *nl = memchr(data, '\n', n);
    if (!nl)
        return NULL;
    char id[PLAY_MAX_ID];
    memcpy(id, data, (size_t)(nl - data));
    id[nl - data] = '\0';
    *header = nl + 1;
    return tb_find_game(id);
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    const uint8_t *data;
    const tb_game *g = read_game(input, size, &data);
    if (!g || (size_t)(input + size - data) < PLAY_HEADER)
        return 0;
    tb_config cfg;
    if (!fz_game_wanted(g) || read_config(g, data, &cfg) != TB_OK)
        return 0;
    verbose = getenv("TABULA_FUZZ_VERBOSE") != NULL;
    unsigned flags = data[PLAY_FLAGS];
    unsigned style = flags >> PLAY_STYLE_SHIFT & 3u;
    uint64_t seed = read_le(data + PLAY_SEED, 8);
    long first = (long)(read_le(data + PLAY_FIRST, 2) % (PLAY_MAX_FIRST + 1));

    void *st = tb_state_new(g), *before = tb_state_new(g),
         *scratch = tb_state_new(g);
    if (!st || !before || !scratch)
        fz_fail("out of memory for three states of %s", g->id);
    char err[256];
    if (tb_init(g, st, &cfg, err, sizeof err) != TB_OK)
        fz_fail("%s: a checked configuration was refused: %s", g->id, err);
    if (verbose) {
        char name[TB_MAX_OPTIONS * 40] = "";
        tb_text t;
        tb_text_init(&t, name, sizeof name);
        for (int i = 0; i < g->n_options; i++) {
            char v[32];
            tb_config_value_text(g, &cfg, i, v, sizeof v);
            tb_text_printf(&t, " %s=%s", g->options[i].name, v);
        }
        fprintf(stderr, "%s -p %d%s, seed %llu, first %ld moves %s\n",
                g->id, cfg.players, name, (unsigned long long)seed, first,
                flags & PLAY_TEXT_FIRST  ? "typed"
                : flags & PLAY_HEURISTIC ? "by the heuristic"
                                         : "at random");
    }
    /* The deal comes from its own generator seeded as `tabula sim` seeds
     * it, so that a record's moves typed here meet the record's deal. */
    tb_rng deal, rng;
    tb_rng_seed(&deal, seed);
    tb_rng_seed(&rng, tb_seed_derive(seed, 1));
    tb_settle(g, st, &deal);
    lines in = {(const char *)data + PLAY_HEADER,
                (const char *)input + size};

    /* The first moves, quickly: only what reading a line checks. */
    for (long i = 0; i < first && tb_current(g, st) >= 0; i++) {
        if (flags & PLAY_TEXT_FIRST) {
            char *line = next_line(&in);
            tb_action a;
            if (!line)
                break;
            if (read_move(g, st, before, line, &a))
                apply_read(g, st, line, a);
            free(line);
        } else {
            take_move(g, st, scratch, (flags & PLAY_HEURISTIC) != 0, &rng);
        }
        tb_settle(g, st, &deal);
    }

    /* Then typed moves with every check. */
    char *line;
    for (int n = 0; n < PLAY_MAX_LINES && tb_current(g, st) >= 0 &&
                    (line = next_line(&in)) != NULL;
         n++) {
        type_line(g, &cfg, st, before, scratch, line, style, &deal, &rng);
        free(line);
    }

    fz_views(g, st, cfg.players, style);
    if (verbose) {
        static char table[65536];
        tb_text t;
        tb_text_init(&t, table, sizeof table);
        tb_render(g, st, TB_SPECTATOR, TB_STYLE_PLAIN, &t);
        fprintf(stderr, "the table before the last check, as the spectator "
                "sees it:\n%s\n", table);
    }
    fz_determinize_all(g, st, cfg.players, scratch, tb_rng_next(&rng),
                       fz_final_rounds, 1);
    free(st);
    free(before);
    free(scratch);
    return 0;
}
