/*
 * deck100.h - the numbered 1-100 deck shared by The Mind, The Game, 6 nimmt!,
 * Take 5, No Thanks!, Dicht Dran and Schotten Totten: card values the rules
 * define by number (cattle heads, Take 5 bulls, Dicht Dran peppers), and the
 * chance spec of a shuffled run of numbers.
 */
#ifndef TABULA_DECK100_H
#define TABULA_DECK100_H

#include "tabula.h"

/* 6 nimmt! cattle heads of a card (positive; 1-104):
 * 55 -> 7, multiples of 11 -> 5, of 10 -> 3, ending in 5 -> 2, else 1. */
int tbi_cattle_heads(int card);
/* The same values as a table indexed by card (0-104), for hot loops. */
extern const uint8_t tbi_cattle_heads_table[105];
/* Take 5 bull value of a card, signed: red bulls as for 6 nimmt! but
 * negative, cards ending in 2 (not multiples of 11) +2, others +1. */
int tbi_take5_bulls(int card);
/* Dicht Dran peppers: multiples of 5 -> 3, of 3 (not 5) -> 2, else 1. */
int tbi_peppers(int card);

/* Fills a shuffle chance spec with the numbers lo..hi in order. */
void tbi_chance_numbers(tb_chance *c, int lo, int hi, const char *what);

/* The numbered deck's namer for the lines of a deal (dealt.h): the
 * card's number; ctx is unused. */
void tbi_number_namer(tb_text *t, int card, const void *ctx);
#endif
