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
/* Reads a seed: plain decimal digits, 0 to 2^64-1 (tbi_parse_u64). */
int cli_parse_u64(const char *opt, const char *text, uint64_t *out);
/* Records one --opt key=value for later (options are applied once the game
 * and player count are known). */
int cli_add_opt(const char *kv);
/* Handles an option every game command shares: -p/--players (c == 'p'),
 * --seats ('s'), --seed ('S') and --opt ('o').  Returns 0 when handled, 1
 * when c is not one of them, -1 after printing an error. */
int cli_game_option(cli_game_args *a, int c, const char *arg);
/* Reports a long run's progress on stderr: a bar with a label on a
 * terminal (cleared when done == total), elsewhere a line at most once a
 * minute. */
void cli_progress(long done, long total, const char *label);
/* cli_progress as the sim engine's progress callback (tbi_sim_spec):
 * label is the const char * given as progress_user. */
void cli_progress_callback(long done, long total, void *label);
/* Parses a --seats list "a,b,c" into args. */
int cli_parse_seats(cli_game_args *a, const char *list);
/* Completes args once the options are read: the player count (from -p,
 * else the game's minimum or the number of seats named if that is more), the stored --opt values, and seats
 * (the last one named fills the rest; default_seat when none is named). */
int cli_finish_game_args(cli_game_args *a, const char *default_seat);
/* Checks that every bot seat of args names a bot that can be made (so
 * that a bad --seats fails before any file is touched); 0, or -1 after
 * printing why. */
int cli_check_bots(const cli_game_args *a);
/* Makes sure files can be written into dir (`what` names it in messages,
 * e.g. "record directory"), creating it when it does not exist (*created
 * says so).  0, or -1 after printing a reason and leaving nothing behind. */
int cli_prepare_dir(const char *what, const char *dir, int *created);
/* Removes dir and the files in it: for a failed command to take back a
 * directory it created, so that nothing partial is left. */
void cli_remove_dir(const char *dir);
/* Prints the table as seat (or TB_SPECTATOR) sees it. */
void cli_draw(const tb_game *g, const void *st, int seat, unsigned style);
/* A seed from the clock, for runs that name none. */
uint64_t cli_clock_seed(void);

int cmd_list(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_bots(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
