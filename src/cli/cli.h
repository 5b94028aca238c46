/*
 * cli.h - what the `tabula` subcommands share: reading the common options
 * (game, players, seats, seed, --opt), printing errors, and the commands'
 * entry points.
 */
#ifndef TABULA_CLI_H
#define TABULA_CLI_H

#include "tabula.h"

#include <stdint.h>

/* Options common to play, sim and analyze, filled as they are read. */
typedef struct cli_game_args {
    const tb_game *game;
    tb_config cfg;
    int players_given;
    char seats[TB_MAX_PLAYERS][TB_SEAT_SPEC];
    int n_seats;
    uint64_t seed;
    int seed_given;
} cli_game_args;

/* Prints "tabula: <message>" on stderr; returns 2 (for `return cli_error`). */
int cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Finds a game by id or fails with a message listing the ids. */
const tb_game *cli_find_game(const char *id);
/* Reads a non-negative integer argument of an option, or fails. */
int cli_parse_long(const char *opt, const char *text, long min, long max,
                   long *out);
int cli_parse_u64(const char *opt, const char *text, uint64_t *out);
/* Records one --opt key=value for later (options are applied once the game
 * and player count are known). */
int cli_add_opt(const char *kv);
/* Handles an option every game command shares: -p/--players (c == 'p'),
 * --seats ('s'), --seed ('S') and --opt ('o').  Returns 0 when handled, 1
 * when c is not one of them, -1 after printing an error. */
int cli_game_option(cli_game_args *a, int c, const char *arg);
/* Draws a progress bar with a label on stderr (for long runs on a
 * terminal); the line is cleared when done == total. */
void cli_progress(long done, long total, const char *label);
/* Parses a --seats list "a,b,c" into args. */
int cli_parse_seats(cli_game_args *a, const char *list);
/* Completes args once the options are read: the player count (from -p, the
 * seat list or the game's minimum), the stored --opt values, and seats
 * (the last one named fills the rest; default_seat when none is named). */
int cli_finish_game_args(cli_game_args *a, const char *default_seat);
/* A seed from the clock, for runs that name none. */
uint64_t cli_clock_seed(void);

int cmd_list(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_arena(int argc, char **argv);

#endif
