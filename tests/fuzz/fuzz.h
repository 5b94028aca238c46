/*
 * fuzz.h - what the fuzz harnesses in tests/fuzz/ share: the one entry
 * point every harness defines (libFuzzer's), a check that stops the run
 * loudly when the engine breaks its contract, and the checks of a state
 * that every harness makes (views, descriptions, determinization).
 *
 * Each harness is built twice: by clang with libFuzzer, ASan and UBSan
 * (`make fuzz`), and by the ordinary compiler with the plain driver
 * (driver.c), which `make test` runs on every input kept in
 * tests/fuzz/regressions/<harness>/.
 */
#ifndef TABULA_FUZZ_H
#define TABULA_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "tabula.h"

/* libFuzzer's entry point: runs one input; always returns 0 (a failure
 * aborts the process, which is how libFuzzer and the driver notice it). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints "fuzz: " and the message to stderr and aborts: the engine broke
 * its contract on this input. */
void fz_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* Whether the environment variable TABULA_FUZZ_GAMES, a list of game ids
 * ("mystique,the-game"), names g, or is unset or empty: harnesses skip
 * inputs of other games, so that a run can be spent on a few games. */
int fz_game_wanted(const tb_game *g);

/* Describes action a (legal in before, leading to after) to every seat
 * and the spectator, failing unless each description is accepted and is
 * whole lines of text. */
void fz_describe_all(const tb_game *g, const void *before, tb_action a,
                     const void *after, int players);

/* Renders st for every seat and the spectator in the given style and
 * makes every seat's JSON view, failing when a view cannot be made. */
void fz_views(const tb_game *g, const void *st, int players, unsigned style);

/* How many times the last check of an input (fz_determinize_all with
 * playout) determinizes for each seat: a few under libFuzzer, which tries
 * millions of inputs, and many more under the plain driver, so that a kept
 * input whose failure needs a rare sample fails every time. */
extern int fz_final_rounds;

/* Determinizes copies of st for every seat and the spectator, `rounds`
 * times each, and fails unless the seat to move stays the same and keeps a
 * legal action; with `playout` set, the first copy of each seat is also
 * played to its end by random moves, failing if any decision on the way
 * offers no legal action.  Each seat's samples come from a generator of
 * its own seeded from `seed`, so that more rounds only add samples.
 * scratch is a state block of g->state_size bytes. */
void fz_determinize_all(const tb_game *g, const void *st, int players,
                        void *scratch, uint64_t seed, int rounds,
                        int playout);

#endif
