/*
 * play.h - the layout of an input of the fuzz harness "play" (play.c),
 * shared with seeds.c, which writes such inputs from game records.
 *
 * An input is a fixed header of PLAY_HEADER bytes, then action text:
 *
 *   byte  0       the game: its index in the registry, modulo the count
 *   byte  1       the player count: min_players + byte % (the range's size)
 *   byte  2       flags: PLAY_HEURISTIC, and the render style in
 *                 bits PLAY_STYLE_SHIFT.. (TB_STYLE_* bits)
 *   bytes 3..18   option i's value as 16 bits, little-endian, at 3 + 2i:
 *                 min + value % (max - min + 1)
 *   bytes 19..26  the seed, little-endian: the deal is drawn from a
 *                 generator seeded with it, exactly as `tabula sim` and
 *                 `tabula play` draw it, so a record's moves replay
 *   bytes 27..28  how many moves to take before the text (16 bits,
 *                 little-endian, modulo PLAY_MAX_RANDOM + 1), uniformly at
 *                 random or by the game's heuristic (PLAY_HEURISTIC)
 *   the rest      action text, one move a line ('\n'), typed as a person
 *                 would at the seat to move
 */
#ifndef TABULA_FUZZ_PLAY_H
#define TABULA_FUZZ_PLAY_H

#define PLAY_GAME 0
#define PLAY_PLAYERS 1
#define PLAY_FLAGS 2
#define PLAY_OPTIONS 3  /* TB_MAX_OPTIONS values of 2 bytes */
#define PLAY_SEED 19    /* 8 bytes */
#define PLAY_RANDOM 27  /* 2 bytes */
#define PLAY_HEADER 29

#define PLAY_HEURISTIC 1u  /* the moves before the text are the heuristic's */
#define PLAY_STYLE_SHIFT 1 /* flags >> this & 3: the TB_STYLE_* of renders */

#define PLAY_MAX_RANDOM 1023 /* at most this many moves before the text */
#define PLAY_MAX_LINES 256   /* at most this many lines of text are tried */

#endif
