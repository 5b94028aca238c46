/*
 * test_net_bot.c - the `net` bot (src/ai/net_bot.c): its weights file is
 * read as docs/learning.md describes it, the network's arithmetic, legal
 * play that follows the logits, and a clear refusal of every bad file
 * (missing, not a net, cut short, padded, not finite, another game's,
 * sizes that do not fit the game).  The weights files are written here,
 * in the temporary directory.
 */
#include "support.h"

#include "bot.h"
#include "net.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A net under construction: header fields and all parameters in order. */
typedef struct spec {
    const char *game;
    uint32_t players, layers;
    uint32_t sizes[TBI_NET_MAX_LAYERS + 1];
    float params[4096];
} spec;

/* The number of parameters s's sizes call for. */
static size_t param_count(const spec *s)
{
    size_t n = 0;
    if (s->layers > TBI_NET_MAX_LAYERS)
        return 0; /* a header the bot must refuse: no weights follow */
    for (uint32_t l = 0; l < s->layers; l++)
        n += (size_t)s->sizes[l] * s->sizes[l + 1] + s->sizes[l + 1];
    return n;
}

/* Appends v as 4 little-endian bytes. */
static size_t put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
    return 4;
}

/* Serialises s as a .tbn file into buf (cap bytes); `extra` floats of
 * padding may be added, or -extra dropped from the end. */
static size_t encode(const spec *s, unsigned char *buf, size_t cap, int extra)
{
    size_t n = 0;
    memcpy(buf, "TBN1", 4);
    n += 4;
    memset(buf + n, 0, 32);
    memcpy(buf + n, s->game, strlen(s->game));
    n += 32;
    n += put_u32(buf + n, s->players);
    n += put_u32(buf + n, s->layers);
    /* Too many layers is written as such (the bot must refuse it), with
     * zero for the sizes beyond what a spec holds. */
    for (uint32_t l = 0; l <= s->layers; l++)
        n += put_u32(buf + n, l <= TBI_NET_MAX_LAYERS ? s->sizes[l] : 0);
    size_t floats = param_count(s);
    long total = (long)floats + extra;
    for (long i = 0; i < total; i++) {
        float f = (size_t)i < floats ? s->params[i] : 0.0f;
        uint32_t u;
        memcpy(&u, &f, 4);
        n += put_u32(buf + n, u);
    }
    assert_true(n <= cap);
    return n;
}

static unsigned char filebuf[1 << 16];

/* Writes s to a temporary file; returns its path (static). */
static const char *write_net(const spec *s, int extra)
{
    static char path[256];
    const char *tmp = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/tabula-net-%ld.tbn", tmp ? tmp : "/tmp",
             (long)getpid());
    size_t n = encode(s, filebuf, sizeof filebuf, extra);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(filebuf, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
    return path;
}

/* A one-layer net for No Thanks! with 3 players (observation 34 * 3 + 33
 * + 2 + 3 + 3 = 143 floats, actions 0 take and 1 pass): zero weights, so
 * the biases alone decide. */
/* A No Thanks! 3-player net of `layers` layers of the given sizes (the
 * input first), every parameter zero. */
static spec no_thanks_shape(uint32_t layers, const uint32_t *sizes)
{
    spec s;
    memset(&s, 0, sizeof s);
    s.game = "no-thanks";
    s.players = 3;
    s.layers = layers;
    for (uint32_t i = 0; i <= layers; i++)
        s.sizes[i] = sizes[i];
    return s;
}

static spec no_thanks_net(float take, float pass)
{
    spec s = no_thanks_shape(1, (const uint32_t[]){143, 2});
    s.params[143 * 2] = take;
    s.params[143 * 2 + 1] = pass;
    return s;
}

/* Makes a net bot from spec text, expecting success. */
static tbi_bot *net_bot(const tb_game *g, const char *spec_text)
{
    char err[512] = "";
    tbi_bot *b = tbi_bot_new(g, spec_text, err, sizeof err);
    if (!b)
        fail_msg("%s: %s", spec_text, err);
    return b;
}

/* Expects spec text to be refused with a message containing want. */
static void refused(const tb_game *g, const char *spec_text, const char *want)
{
    char err[512] = "";
    tbi_bot *b = tbi_bot_new(g, spec_text, err, sizeof err);
    if (b) {
        tbi_bot_free(b);
        fail_msg("%s was accepted", spec_text);
    }
    if (!strstr(err, want))
        fail_msg("%s: '%s' does not say '%s'", spec_text, err, want);
}

/* Plays whole games of No Thanks! (3 players) with the net bot in every
 * seat, checking that each of its moves is legal; counts in *n_free the
 * decisions where passing was legal and in *takes those of them where it
 * took the card.  Returns the number of moves. */
static int play_games(const tb_game *g, tbi_bot *b, int games, int *n_free,
                      int *takes)
{
    tb_config cfg = ts_config(g, 3, NULL);
    tb_rng rng;
    tb_rng_seed(&rng, 7);
    *n_free = *takes = 0;
    int moves = 0;
    for (int k = 0; k < games; k++) {
        void *st = ts_new_game(g, &cfg);
        for (int s = 0; s < 3; s++)
            tbi_bot_start(b, &cfg, s, (uint64_t)k);
        for (;;) {
            tb_settle(g, st, &rng);
            int seat = tb_current(g, st);
            if (seat == TB_TERMINAL)
                break;
            uint8_t mask[2];
            assert_true(tb_action_mask(g, st, mask, 2) >= 1);
            tb_action a = tbi_bot_choose(b, st, seat);
            int k2;
            assert_int_equal(tb_action_index(g, st, a, &k2), TB_OK);
            if (mask[1]) {
                ++*n_free;
                *takes += k2 == 0;
            }
            assert_int_equal(tb_apply(g, st, a), TB_OK); /* legal */
            moves++;
        }
        free(st);
    }
    return moves;
}

static void test_plays_legal_moves_by_its_logits(void **unused)
{
    (void)unused;
    const tb_game *g = tb_find_game("no-thanks");
    int free_, takes;
    /* Pass rated higher: the bot passes whenever it may (taking only when
     * out of tokens, the one legal move then). */
    spec s = no_thanks_net(0.0f, 1.0f);
    char text[300];
    snprintf(text, sizeof text, "net:file=%s", write_net(&s, 0));
    tbi_bot *b = net_bot(g, text);
    assert_true(play_games(g, b, 5, &free_, &takes) > 50);
    assert_true(free_ > 0);
    assert_int_equal(takes, 0);
    tbi_bot_free(b);
    /* Take rated higher: it never passes. */
    s = no_thanks_net(1.0f, 0.0f);
    snprintf(text, sizeof text, "net:file=%s", write_net(&s, 0));
    b = net_bot(g, text);
    play_games(g, b, 5, &free_, &takes);
    assert_int_equal(takes, free_);
    tbi_bot_free(b);
}

/* A hidden layer with a ReLU: inputs (1, -2), hidden h = relu(W1 x + b1)
 * with W1 = [[1, 1], [2, 0], [0, -1]], b1 = (0.5, 0, -3): h = (0, 2, 0);
 * out = W2 h + b2 with W2 = [[1, 2, 3]], b2 = 0.25: 4.25. */
static void test_forward_arithmetic(void **unused)
{
    (void)unused;
    spec s = no_thanks_shape(2, (const uint32_t[]){2, 3, 1});
    const float p[] = {1, 1, 2, 0, 0, -1, 0.5f, 0, -3, 1, 2, 3, 0.25f};
    memcpy(s.params, p, sizeof p);
    size_t n = encode(&s, filebuf, sizeof filebuf, 0);
    tbi_net net;
    char err[256];
    assert_int_equal(tbi_net_parse(&net, filebuf, n, "test", err, sizeof err),
                     TB_OK);
    assert_string_equal(net.game, "no-thanks");
    assert_int_equal(net.players, 3);
    const float x[2] = {1, -2};
    const float *z = tbi_net_forward(&net, x);
    assert_float_equal(z[0], 4.25, 1e-6);
    tbi_net_free(&net);
}

static void test_bad_files_are_refused_clearly(void **unused)
{
    (void)unused;
    const tb_game *g = tb_find_game("no-thanks");
    char text[300];
    refused(g, "net:file=/nonexistent/no.tbn",
            "cannot read the net file /nonexistent/no.tbn");
    refused(g, "net:depth=3", "net takes file=PATH");

    spec s = no_thanks_net(0, 1);
    const char *path = write_net(&s, -1); /* cut short */
    snprintf(text, sizeof text, "net:file=%s", path);
    refused(g, text, "cut short or padded");
    write_net(&s, 3); /* padded */
    refused(g, text, "cut short or padded");

    s.params[5] = NAN;
    write_net(&s, 0);
    refused(g, text, "weight 5 is not a finite number");

    s = no_thanks_net(0, 1);
    s.game = "6-nimmt";
    write_net(&s, 0);
    refused(g, text, "holds a net for '6-nimmt', not for no-thanks");

    /* Sizes that are not No Thanks!'s at 3 players. */
    s = no_thanks_net(0, 1);
    s.sizes[1] = 3;
    write_net(&s, 0);
    refused(g, text, "3 actions");
    s = no_thanks_net(0, 1);
    s.sizes[0] = 142;
    write_net(&s, 0);
    refused(g, text, "142 inputs");
    s = no_thanks_net(0, 1);
    s.players = 2;
    write_net(&s, 0);
    refused(g, text, "trained for 2 players, which no-thanks does not allow");
    s = no_thanks_net(0, 1);
    s.layers = 9;
    write_net(&s, 0);
    refused(g, text, "bad header");

    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("hello, this is not a net at all, but long enough for a header\n",
          f);
    fclose(f);
    refused(g, text, "is not a tabula net file");
    unlink(path);
}

/* A table the net was not trained for (4 players, where the net reads 3
 * players' observation): the bot says so once and plays legal moves (the
 * heuristic's). */
static void test_other_player_count_falls_back(void **unused)
{
    (void)unused;
    const tb_game *g = tb_find_game("no-thanks");
    spec s = no_thanks_net(0, 1);
    char text[300];
    snprintf(text, sizeof text, "net:file=%s", write_net(&s, 0));
    tbi_bot *b = net_bot(g, text);
    tb_config cfg = ts_config(g, 4, NULL);
    void *st = ts_new_game(g, &cfg);
    tb_rng rng;
    tb_rng_seed(&rng, 3);
    tbi_bot_start(b, &cfg, 0, 1);
    for (int moves = 0; moves < 40; moves++) {
        tb_settle(g, st, &rng);
        int seat = tb_current(g, st);
        if (seat == TB_TERMINAL)
            break;
        assert_int_equal(tb_apply(g, st, tbi_bot_choose(b, st, seat)), TB_OK);
    }
    free(st);
    tbi_bot_free(b);
}

/* The nets built into the library (data/net) load for their games. */
static void test_builtin_nets_load(void **unused)
{
    (void)unused;
    for (int i = 0; tb_game_at(i); i++) {
        const tb_game *g = tb_game_at(i);
        size_t len;
        if (!tbi_net_builtin(g->id, &len))
            continue;
        tbi_bot *b = net_bot(g, "net");
        tbi_bot_free(b);
    }
    char err[256];
    const tb_game *g = tb_find_game("up-and-down");
    size_t len;
    if (!tbi_net_builtin("up-and-down", &len)) {
        assert_null(tbi_bot_new(g, "net", err, sizeof err));
        assert_non_null(strstr(err, "no trained net for up-and-down"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plays_legal_moves_by_its_logits),
        cmocka_unit_test(test_forward_arithmetic),
        cmocka_unit_test(test_bad_files_are_refused_clearly),
        cmocka_unit_test(test_other_player_count_falls_back),
        cmocka_unit_test(test_builtin_nets_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
