/*
 * myst.h - what the files of MYST share: the content of the box (the
 * island, the 30 cards, the spinner: content.c, the project's own data),
 * the state, the action encoding, and the rule helpers that the rules
 * (myst.c), the views (view.c) and the bots (bot.c) all need.  Not part of
 * the public API: names carry the tbi_myst_ prefix.
 *
 * Seats are the two teams: seat 0 is yellow, and is taken to hold the
 * youngest player (it chooses, places and spins first where the text says
 * "the youngest"); seat 1 is blue.
 */
#ifndef TABULA_MYST_H
#define TABULA_MYST_H

#include "cards.h"
#include "grid.h"
#include "internal.h"

#include <stdint.h>

/* ------------------------------------------------------------ content */

#define MYST_W 12 /* columns a-l */
#define MYST_H 8  /* rows 1-8, top to bottom */
#define MYST_SPACES (MYST_W * MYST_H)
#define MYST_LANDMARKS 8
#define MYST_LM_CARDS 28 /* Landmark cards: ids 0-27 */
#define MYST_CARDS 30    /* and the two Linking Books: ids 28 and 29 */
#define MYST_BOOK 28     /* the first Linking Book's id */
#define MYST_DEAL 5      /* cards dealt to each team */
#define MYST_HAND_MAX 6  /* five cards and a Linking Book */
#define MYST_SECTORS 8   /* sectors of the spinner card */
#define MYST_BONUS 2     /* "Bonuses are always worth two points" */
#define MYST_NONE 0xff

typedef struct tbi_myst_landmark {
    const char *name; /* "Rocket Ship" */
    const char *word; /* one word to type: "rocket" */
    char letter;      /* on the map: upper case on its key space */
    uint8_t key;      /* its Key Landmark Piece space */
} tbi_myst_landmark;

extern const tbi_myst_landmark tbi_myst_landmarks[MYST_LANDMARKS];
/* The picture of the board, one string per row: '~' sea, '.' land, a
 * landmark's letter on the spaces of its image (upper case on its Key
 * Landmark Piece space). */
extern const char tbi_myst_picture[MYST_H][MYST_W + 1];
/* Where the picture shows a Marker Switch ('*'): on plain spaces they
 * score, inside a landmark's image they do not. */
extern const char tbi_myst_switches[MYST_H][MYST_W + 1];
/* The spaces of the Marker Switches that score. */
#define MYST_SWITCHES 8
extern const uint8_t tbi_myst_switch_spaces[MYST_SWITCHES];
/* Landmark and Value of each Landmark card (ids 0-27). */
extern const uint8_t tbi_myst_card_landmark[MYST_LM_CARDS];
extern const uint8_t tbi_myst_card_value[MYST_LM_CARDS];
/* Each landmark's number of cards and the sum of their Values (the two
 * tables above summed, for the bots' loops). */
extern const uint8_t tbi_myst_landmark_cards[MYST_LANDMARKS];
extern const uint8_t tbi_myst_landmark_values[MYST_LANDMARKS];
/* The spinner: the inner ring (number of turns) and the outer ring
 * (spaces to move) of each sector. */
extern const uint8_t tbi_myst_spin_turns[MYST_SECTORS];
extern const uint8_t tbi_myst_spin_spaces[MYST_SECTORS];
/* The island's spaces as a grid: square, orthogonal neighbours (puzzle
 * pieces touch on their four sides). */
extern const tbi_grid tbi_myst_grid;

/* 1 + the landmark of each letter of the picture (either case), 0 for
 * other characters (tests/test_myst.c checks it against the landmarks'
 * letters). */
extern const uint8_t tbi_myst_letter_landmark[128];

/* The landmark whose image covers space s, or -1. */
static inline int tbi_myst_landmark_at(int s)
{
    unsigned char c = (unsigned char)tbi_myst_picture[s / MYST_W][s % MYST_W];
    return tbi_myst_letter_landmark[c & 0x7f] - 1;
}

/* Whether s is a Key Landmark Piece space (upper case in the picture). */
static inline int tbi_myst_is_key(int s)
{
    char c = tbi_myst_picture[s / MYST_W][s % MYST_W];
    return c >= 'A' && c <= 'Z';
}
/* Whether s shows a Marker Switch that scores (one outside the images). */
int tbi_myst_switch_scores(int s);
/* Whether s shows a Marker Switch at all (one inside an image too). */
int tbi_myst_switch_drawn(int s);
/* Whether s is sea. */
int tbi_myst_is_sea(int s);
/* A space's name, "c4" (column letter, row number), into buf. */
void tbi_myst_space_name(int s, char *buf, size_t cap);
/* Reads a space's name ("c4", "C4"); returns the position after it or
 * NULL. */
const char *tbi_myst_read_space(const char *text, int *space);
/* A card's name: "Rocket Ship 5", "Linking Book". */
void tbi_myst_card_name(int card, char *buf, size_t cap);
/* The landmark named by a typed word (its one word, its letter, or its
 * name without spaces), or -1. */
int tbi_myst_find_landmark(const char *text);

/* ------------------------------------------------------------ state */

enum myst_phase {
    PH_DEAL,   /* chance: the shuffled cards */
    PH_FIRST,  /* each team secretly chooses its first Key Landmark */
    PH_REPICK, /* blue chose the same as yellow: blue chooses again */
    PH_RACE,   /* the puzzle race, in ticks */
    PH_COIN,   /* chance: both teams reached for one space */
    PH_TURNS,  /* chance: the youngest spins the number of turns */
    PH_SPIN,   /* chance: the team to move spins its spaces */
    PH_MOVE,   /* the team moves (or first jumps with a Linking Book) */
    PH_KEY,    /* the team may lay or remove a Key Landmark Piece */
    PH_AFTER,  /* the team may jump with its Linking Book after moving */
    PH_OVER
};

enum myst_books { BOOKS_EACH, BOOKS_DEALT };
enum { OPT_BOOKS, OPT_FLIP, OPT_STALL };

/* Actions: kind << 8 | argument (a landmark or a space). */
enum myst_kind {
    ACT_KEY = 1,   /* choose a first Key Landmark */
    ACT_PLACE = 2, /* place a puzzle piece touching the team's colour */
    ACT_LINK = 3,  /* play a Linking Book and place a piece anywhere open */
    ACT_WAIT = 4,  /* place nothing this tick */
    ACT_MOVE = 5,  /* move the playing piece (to its own space: stay) */
    ACT_JUMP = 6,  /* play a Linking Book and jump anywhere */
    ACT_LAY = 7,   /* lay the team's Key Landmark Piece on the other's */
    ACT_REMOVE = 8, /* remove the other's piece laid on the team's */
    ACT_LEAVE = 9, /* leave the Key Landmark Piece as it is */
    ACT_END = 10   /* end the turn without a jump */
};
#define MYST_ACT(kind, arg) ((tb_action)((unsigned)(kind) << 8 | (unsigned)(arg)))
#define MYST_KIND(a) ((int)((a) >> 8))
#define MYST_ARG(a) ((int)((a) & 0xffu))

typedef struct myst {
    uint8_t phase, books, flip, stall;
    uint8_t hand[2][MYST_HAND_MAX], hand_n[2]; /* card ids, ascending */
    uint8_t undealt[MYST_CARDS], undealt_n;    /* never seen until the end */
    uint8_t books_played[2];                   /* Linking Books turned over */
    uint8_t owner[MYST_SPACES]; /* 0 open, else 1 + the team whose piece */
    uint8_t open_n;             /* spaces still open */
    /* The open spaces touching each team's pieces, a bit per space: where
     * it may place next (kept by tbi_myst_place). */
    tbi_set128 front[2];
    uint8_t placed[2];          /* pieces each team placed */
    uint8_t first_key[2];       /* each team's first Key Landmark */
    uint8_t top[MYST_LANDMARKS]; /* 1 + the team whose piece lies on top */
    uint8_t aside[2]; /* bit l: the team's piece of landmark l was removed */
    uint16_t choice[2]; /* this step's secret choices (0: not yet chosen) */
    uint16_t last[2];   /* the last tick's choices, revealed */
    uint8_t last_coin;  /* who won the last tick's clash, or MYST_NONE */
    uint8_t idle;       /* race ticks in a row with no piece placed */
    uint16_t tick;      /* race ticks played */
    /* The exploration. */
    uint8_t turns, turn;      /* turns spun; full turns played */
    uint8_t first_mover, mover;
    uint8_t pos[2];           /* the playing pieces' spaces */
    uint8_t spin;             /* spaces of the mover's spin */
    uint8_t moved, jumped;    /* what the mover has done this turn */
    uint8_t from;             /* where the mover began its turn */
} myst;

/* ------------------------------------------------------------ rules */

static inline int tbi_myst_other(int team)
{
    return 1 - team;
}

/* The team that laid the Key Landmark Piece of landmark l on the board in
 * the puzzle phase (the piece at the bottom), or -1 while it is open. */
static inline int tbi_myst_key_owner(const myst *s, int l)
{
    return s->owner[tbi_myst_landmarks[l].key] - 1;
}

/* The team that controls landmark l now: the piece showing on top. */
static inline int tbi_myst_controller(const myst *s, int l)
{
    return s->top[l] ? s->top[l] - 1 : tbi_myst_key_owner(s, l);
}

/* Covers a space with a piece of team's colour (the one way a piece goes
 * down: it keeps the counts and the teams' frontiers). */
void tbi_myst_place(myst *s, int team, int space);
/* How many Linking Books team holds. */
int tbi_myst_books_held(const myst *s, int team);
/* Whether space s is open and touches a piece of team's colour. */
int tbi_myst_touches(const myst *s, int team, int space);
/* The race actions of team (the seat to move in the race), as legal()
 * lists them; returns how many. */
int tbi_myst_race_actions(const myst *s, int team, tb_action *out);
/* ACT_LAY or ACT_REMOVE when team, standing on space, may lay or remove a
 * Key Landmark Piece there, else 0. */
int tbi_myst_key_option(const myst *s, int team, int space);
/* Each team's points if the game ended now, and the parts they come from:
 * switches[t], and per landmark the Value and Bonus points of team t
 * (landmark_points[t][l], 0 where t does not control l). */
void tbi_myst_score(const myst *s, int *total, int *switches,
                    int landmark_points[2][MYST_LANDMARKS]);
/* The seat to move, TB_CHANCE or TB_TERMINAL. */
int tbi_myst_current(const myst *s);
/* The team's name: "yellow" or "blue". */
const char *tbi_myst_team(int team);

/* ------------------------------------------------------------ views */

void tbi_myst_action_text(const void *st, tb_action a, char *buf, size_t cap);
int tbi_myst_parse_action(const void *st, const char *text, tb_action *out,
                          char *err, size_t cap);
int tbi_myst_realtime_key(const void *st, int key, tb_action *out);
void tbi_myst_render(const void *st, int seat, unsigned style, tb_text *out);
struct json_t *tbi_myst_view_json(const void *st, int seat);
void tbi_myst_describe(const void *before, tb_action a, const void *after,
                       int seat, tb_text *out);
/* What a team learns from luck (tb_game.describe_chance). */
void tbi_myst_describe_chance(const void *before, const uint16_t *outcome,
                              int n, const void *after, int seat,
                              tb_text *out);

/* ------------------------------------------------------------ bots */

tb_action tbi_myst_heuristic(const void *st, int seat, tb_rng *rng);
/* The quick policy of ISMCTS playouts (bot.c). */
tb_action tbi_myst_quick(const void *st, int seat, tb_rng *rng);
/* The `nearest` policy (docs/games/myst.md, "Other policies"). */
tb_action tbi_myst_nearest(const void *st, int seat, tb_rng *rng);

#endif
