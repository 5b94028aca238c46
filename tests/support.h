/*
 * support.h - helpers shared by the test programs: configurations to test
 * for a game, positions built by feeding a deal a chosen deck order, moves
 * played or refused by their text, and reading the JSON views.
 */
#ifndef TABULA_TEST_SUPPORT_H
#define TABULA_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>

#include "tabula.h"

/* Every configuration the battery plays for game g: each player count with
 * default options, and each value of every bool/enum option (and the range
 * ends of every int option) at the smallest and largest valid player count.
 * Returns how many were written to out (at most cap). */
int ts_configs(const tb_game *g, tb_config *out, int cap);
/* A short description of a configuration, for failure messages. */
const char *ts_config_name(const tb_game *g, const tb_config *cfg);

/* The default configuration of g for `players` seats with options given
 * as "key=value" texts (a NULL-terminated list, or NULL), failing the test
 * when one is refused. */
tb_config ts_config(const tb_game *g, int players, const char *const *opts);
/* Sets up g with cfg, failing the test when that is refused. */
void *ts_new_game(const tb_game *g, const tb_config *cfg);

/* A deck order of the cards lo..hi for a deal's chance node, cut into
 * `parts` consecutive parts (hands, rows, a pile...) of size[i] cards: part
 * i starts with the n_named[i] cards named[i] and is filled up with the
 * lowest cards nobody was given; all the cards left follow in ascending
 * order.  Fails the test when a card is named twice or is not in lo..hi.
 * Writes and returns the number of cards (out needs hi - lo + 1 places). */
int ts_deck_order(uint16_t *out, int lo, int hi, int parts,
                  const int *const *named, const int *n_named, const int *size);
/* The common case: the n cards `first`, then the rest of lo..hi in order. */
int ts_deck_first(uint16_t *out, int lo, int hi, const int *first, int n);

/* A new game of g with cfg whose first chance node (the deal) gets the
 * order ts_deck_first makes: the n cards `first`, then the rest of lo..hi
 * ascending. */
void *ts_deal_first(const tb_game *g, const tb_config *cfg, int lo, int hi,
                    const int *first, int n);

/* The id of a Mystique card named in short form ("5Bs", one deck). */
int ts_mq_card(const char *name);
/* Reads the Mystique cards named in text (short forms separated by spaces;
 * NULL reads none) into ids, at most cap; returns how many. */
int ts_mq_cards(const char *text, int two_decks, int *ids, int cap);

/* Applies text actions in order to st (settling chance from rng), failing
 * the test on any action that does not parse or is not legal. */
void ts_play_texts(const tb_game *g, void *st, tb_rng *rng,
                   const char *const *moves, int n);
/* Applies one action by its text, failing the test when it is refused. */
void ts_play(const tb_game *g, void *st, const char *move);

/* The texts of the current seat's legal actions, one string with a space
 * between them ("1Ym 2Ym ..."), in a static buffer. */
const char *ts_legal_text(const tb_game *g, const void *st);
/* Whether the text of every legal action of the current seat includes move. */
int ts_is_legal_text(const tb_game *g, const void *st, const char *move);
/* The text of the action that `text` parses to in st (a static buffer);
 * fails the test when it does not parse. */
const char *ts_parsed_text(const tb_game *g, const void *st,
                           const char *text);
/* Expects text to be refused with a message containing want; returns the
 * error code, for tests that also check which one. */
int ts_refused(const tb_game *g, const void *st, const char *text,
               const char *want);

/* The text of the move g's heuristic picks for seat (a static buffer). */
const char *ts_heuristic_text(const tb_game *g, const void *st, int seat,
                              tb_rng *rng);

/* What seat (or TB_SPECTATOR) is told of the move typed as `move` by the
 * seat to move in st (tb_describe), in a static buffer; fails the test
 * when the move is refused.  st is not changed. */
const char *ts_describe(const tb_game *g, const void *st, const char *move,
                        int seat);
/* Writes a record's deal entry as JSON text, "[a,b,...]": the n cards
 * `first`, then the rest of lo..hi ascending (as ts_deck_first). */
void ts_deal_json(char *out, size_t cap, int lo, int hi, const int *first,
                  int n);
/* Loads a record from JSON text and replays it into a new state (free it),
 * failing the test with the loader's or the replay's message. */
void *ts_replay_json(const char *json);

/* The JSON view of seat, parsed (json_decref it). */
json_t *ts_view(const tb_game *g, const void *st, int seat);
/* An integer field of the spectator's view. */
int ts_view_int(const tb_game *g, const void *st, const char *key);
/* Whether the JSON text of seat's view contains text. */
int ts_view_has(const tb_game *g, const void *st, int seat, const char *text);

#endif
