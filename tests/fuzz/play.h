/*
 * play.h - the layout of an input of the fuzz harness "play" (play.c),
 * shared with seeds.c, which writes such inputs from game records.
 *
 * An input is the game's id on a line of its own ("mystique\n"), then a
 * fixed header of PLAY_HEADER bytes, then action text.  The game is named,
 * not numbered, so that a kept input means the same game however the
 * registry grows; an input naming no game is skipped.  The header:
 *
 *   byte  0       the player count: min_players + byte % (the range's size)
 *   byte  1       flags: PLAY_HEURISTIC, PLAY_TEXT_FIRST, and the render
 *                 style in bits PLAY_STYLE_SHIFT.. (TB_STYLE_* bits)
 *   bytes 2..17   option i's value as 16 bits, little-endian, at 2 + 2i:
 *                 min + value % (max - min + 1)
 *   bytes 18..25  the seed, little-endian: the deal is drawn from a
 *                 generator seeded with it, exactly as `tabula sim` and
 *                 `tabula play` draw it, so a record's moves replay
 *   bytes 26..27  how many first moves to take quickly, without the
 *                 checks made after every later move (16 bits,
 *                 little-endian, modulo PLAY_MAX_FIRST + 1): uniformly at
 *                 random, by the game's heuristic (PLAY_HEURISTIC), or as
 *                 the first lines of the text (PLAY_TEXT_FIRST), so that an
 *                 input can reach any point of a game cheaply
 *   the rest      action text, one move a line ('\n'), typed as a person
 *                 would at the seat to move; at most PLAY_MAX_LINES lines
 *                 after the first moves are tried
 */
#ifndef TABULA_FUZZ_PLAY_H
#define TABULA_FUZZ_PLAY_H

#define PLAY_MAX_ID 32 /* a game id is shorter than this */

#define PLAY_PLAYERS 0
#define PLAY_FLAGS 1
#define PLAY_OPTIONS 2 /* TB_MAX_OPTIONS values of 2 bytes */
#define PLAY_SEED 18   /* 8 bytes */
#define PLAY_FIRST 26  /* 2 bytes */
#define PLAY_HEADER 28

#define PLAY_HEURISTIC 1u  /* the first moves are the heuristic's */
#define PLAY_STYLE_SHIFT 1 /* flags >> this & 3: the TB_STYLE_* of renders */
#define PLAY_TEXT_FIRST 8u /* the first moves are the text's first lines */

#define PLAY_MAX_FIRST 1023 /* at most this many first moves */
#define PLAY_MAX_LINES 64   /* at most this many lines tried after them */

#endif
