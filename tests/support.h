/*
 * support.h - helpers shared by the test programs: configurations to test
 * for a game, random games with records, and state comparison.
 */
#ifndef TABULA_TEST_SUPPORT_H
#define TABULA_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tabula.h"

/* Every configuration the battery plays for game g: each player count with
 * default options, and each value of every bool/enum option (and the range
 * ends of every int option) at the smallest and largest valid player count.
 * Returns how many were written to out (at most cap). */
int ts_configs(const tb_game *g, tb_config *out, int cap);
/* A short description of a configuration, for failure messages. */
const char *ts_config_name(const tb_game *g, const tb_config *cfg);

/* Sets up g with cfg, failing the test when that is refused. */
void *ts_new_game(const tb_game *g, const tb_config *cfg);

/* Applies text actions in order to st (settling chance from rng), failing
 * the test on any action that does not parse or is not legal. */
void ts_play_texts(const tb_game *g, void *st, tb_rng *rng,
                   const char *const *moves, int n);
/* Applies one action by its text, failing the test when it is refused. */
void ts_play(const tb_game *g, void *st, const char *move);

/* Whether the text of every legal action of the current seat includes move. */
int ts_is_legal_text(const tb_game *g, const void *st, const char *move);

#endif
