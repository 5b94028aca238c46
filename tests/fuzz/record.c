/*
 * record.c - fuzz harness "record": the input is the text of a game record
 * (JSON).  It is loaded with tb_record_load_string and replayed with
 * tb_record_replay, with a hook that describes every replayed move to every
 * seat and the spectator (tb_describe).  Wherever the replay stops (the
 * game's end, an unfinished record, or the first move the rules refuse),
 * the state it reached is a position a person could set up: every seat's
 * views are drawn, and the state is determinized for every seat and the
 * spectator and played out to its end.
 *
 * Failures: any crash, leak or undefined behaviour; an error returned
 * without a message; a description refused or not whole lines; a view
 * that cannot be made; a determinized state whose mover has no legal
 * action.  Seed corpus: records written by `tabula sim --record-dir`.
 * TABULA_FUZZ_GAMES (fuzz.h) limits the games.
 */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

/* The replay hook: every move described to every seat. */
static void describe_move(const tb_game *g, const void *before, tb_action a,
                          const void *after, const tb_record_step *step,
                          int move_no, void *user)
{
    const tb_record *r = user;
    (void)step;
    (void)move_no;
    fz_describe_all(g, before, a, after, r->cfg.players);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The loader reads a C string: give it one of exactly this size, so
     * that ASan sees any read past its end. */
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    tb_record r;
    char err[512] = "";
    int rc = tb_record_load_string(&r, text, err, sizeof err);
    free(text);
    if (rc != TB_OK) {
        if (!err[0])
            fz_fail("tb_record_load_string refused a record (%d) without "
                    "saying why", rc);
        return 0;
    }

    const tb_game *g = r.game;
    if (!fz_game_wanted(g)) {
        tb_record_free(&r);
        return 0;
    }
    void *st = tb_state_new(g), *scratch = tb_state_new(g);
    if (!st || !scratch)
        fz_fail("out of memory for two states of %s", g->id);
    err[0] = '\0';
    rc = tb_record_replay(&r, st, describe_move, &r, err, sizeof err);
    if (rc != TB_OK && !err[0])
        fz_fail("%s: tb_record_replay refused a record (%d) without saying "
                "why", g->id, rc);
    if (rc == TB_OK || rc == TB_EMISMATCH) {
        /* Finish any deal the record left open, then look at the table. */
        tb_rng rng;
        tb_rng_seed(&rng, r.seed);
        tb_settle(g, st, &rng);
        fz_views(g, st, r.cfg.players, TB_STYLE_PLAIN);
        fz_determinize_all(g, st, r.cfg.players, scratch, r.seed,
                           fz_final_rounds, 1);
    }
    free(st);
    free(scratch);
    tb_record_free(&r);
    return 0;
}
