/*
 * internal.h - helpers shared by the engine, the games and the tools, not
 * part of the public API.  Names carry the tbi_ prefix.
 */
#ifndef TABULA_INTERNAL_H
#define TABULA_INTERNAL_H

#include "tabula.h"

#include <jansson.h>
#include <stdio.h>

/* Writes a formatted message into err (if err is not NULL). */
void tbi_errf(char *err, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Ranks seats by score (higher is better when higher_wins, else lower),
 * giving tied seats the same rank, and fills out->rank. */
void tbi_rank_by_score(tb_result *out, int higher_wins);
/* Seat's share of the win of a finished competitive game: 1/k when it is
 * one of the k seats ranked first, else 0. */
double tbi_win_share(const tb_result *r, int seat);

/* Whether a paired difference, summed (sum) and summed squared (sq) over
 * k pairs, has a mean above zero by more than z standard errors of it:
 * the test by which a search departs from a base choice only when the
 * same worlds say so clearly (false with fewer than 2 pairs). */
int tbi_paired_clear(double sum, double sq, double k, double z);
/* Writes who won a finished competitive game, as a line a person at the
 * table would say: "seat 2 wins\n", or "seats 0 and 2 share the win\n"
 * when several share rank 1, or "nobody wins: the game is a draw\n" for
 * a draw (for describe). */
void tbi_say_winners(tb_text *t, const tb_result *r);
/* Marks a competitive result as a draw (nobody won): sets draw and gives
 * every seat rank 1, leaving the scores as the game set them. */
void tbi_draw_result(tb_result *out);
/* The result of a cooperative game: every seat has the team's score and
 * rank 1, and team_win says whether the team won. */
void tbi_team_result(tb_result *out, int players, int team_win,
                     double team_score);

/* ANSI colour helpers for render(): each returns "" in plain style. */
const char *tbi_color(unsigned style, const char *ansi_code);
#define TBI_RESET "0"
#define TBI_BOLD "1"
#define TBI_DIM "2"
#define TBI_RED "31"
#define TBI_GREEN "32"
#define TBI_YELLOW "33"
#define TBI_BLUE "34"
#define TBI_MAGENTA "35"
#define TBI_CYAN "36"

/* Whether a is among the n actions in acts. */
int tbi_has_action(const tb_action *acts, int n, tb_action a);
/* Case-insensitive comparison of a typed word with a keyword. */
int tbi_word_eq(const char *a, const char *b);
/* Skips leading white space. */
const char *tbi_skip_space(const char *s);
/* Reads a non-negative decimal integer; returns the position after it or
 * NULL when there is none. */
const char *tbi_read_uint(const char *s, int *out);
/* Copies typed text into out in lower case without any white space, so
 * that "No Thanks" and "nothanks" read alike; truncates to fit cap. */
void tbi_squeeze(const char *text, char *out, size_t cap);

/* A JSON array of n small integers. */
json_t *tbi_json_int_array(const uint8_t *a, int n);

/* Reads a 64-bit seed written as plain decimal digits (0 to 2^64-1, no
 * sign, space or other character); returns 0, or -1 when text is not one.
 * Every place a seed is read goes through here, so that a seed printed
 * anywhere reads back as the same seed. */
int tbi_parse_u64(const char *text, uint64_t *out);
/* A seed as JSON: a number when below 2^53 (which every JSON reader holds
 * exactly), else its decimal digits as a string, never a negative number. */
json_t *tbi_json_u64(uint64_t v);
/* Reads a seed written by tbi_json_u64 (a non-negative integer or a string
 * of decimal digits); returns 0, or -1 when v is neither. */
int tbi_json_get_u64(const json_t *v, uint64_t *out);

/* Writing a file whole: tbi_whole_open opens a new temporary file beside
 * path (its name goes into tmp, which needs strlen(path) + 16 bytes) and
 * tbi_whole_close closes it and, when ok and every write went well, renames
 * it over path; otherwise it removes it.  So a reader never sees half a
 * file, and a failed command leaves no partial one.  tbi_whole_open
 * returns NULL with errno set when the place cannot be written;
 * tbi_whole_close returns 0, or -1 with errno set. */
FILE *tbi_whole_open(const char *path, char *tmp, size_t tmpcap);
int tbi_whole_close(FILE *f, const char *tmp, const char *path, int ok);

/* The record as the JSON text tb_record_save writes (malloc'd; free it),
 * or NULL when out of memory. */
char *tbi_record_text(const tb_record *r);
/* A game's result as records write it: {"scores": [...], "ranks": [...]}
 * and, for cooperative games, team_win and team_score. */
json_t *tbi_result_json(const tb_result *r);
/* The largest record tb_record_load reads, in bytes: far above any real
 * game (the longest simulated records are tens of kilobytes), low enough
 * that reading one cannot exhaust memory. */
#define TBI_RECORD_MAX_BYTES (4L << 20)

#endif
