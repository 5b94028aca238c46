/*
 * chain.h - what the files of Mystique Chain share: the flat game state,
 * the action encoding, the rule of which pool cards may follow, and the
 * exact solver (solver.c) that the game's `solver` policy and the
 * first-player measurement (bench/chain_solve.c) use.
 *
 * A card is a Mystique Deck id 0-59 (mystique_deck.h).  An action is
 * card * 3 + attribute: take that card (the first declarer's own drawn
 * card, at the first declaration) and declare that attribute of it
 * (TBI_MQ_NUMBER, _SUIT or _COLOUR) for the other player to follow.
 */
#ifndef TABULA_MYSTIQUE_CHAIN_H
#define TABULA_MYSTIQUE_CHAIN_H

#include "mystique_deck.h"
#include "tabula.h"

#include <stdint.h>

#define CHAIN_POOL 30 /* cards revealed face up as the pool */
#define CHAIN_LINKS (CHAIN_POOL + 1) /* the first declarer's card, then the pool */

enum { CHAIN_DEAL, CHAIN_PLAY, CHAIN_OVER };
/* The `match` option: what a card taken must have in common with the
 * card before it. */
enum {
    CHAIN_DECLARED,   /* the declared attribute (other attributes free) */
    CHAIN_EXACTLY_ONE /* the declared attribute, and only that one */
};

typedef struct chain_state {
    uint8_t phase;
    uint8_t match;   /* CHAIN_DECLARED or CHAIN_EXACTLY_ONE */
    uint8_t first;   /* the seat that drew the higher card: declares first */
    uint8_t mover;   /* the seat to move */
    uint8_t winner;  /* at CHAIN_OVER */
    uint8_t voided;  /* deals voided because no first declaration could be
                        followed (match=exactly-one only; saturates) */
    uint8_t links;   /* cards in the chain so far */
    uint8_t drawn[2];            /* each seat's drawn card */
    uint8_t card[CHAIN_LINKS];   /* the chain: the first declarer's card,
                                    then each card taken from the pool */
    uint8_t attr[CHAIN_LINKS];   /* the attribute declared with each */
    uint8_t deck[TBI_MQ_CARDS];  /* the deal: pool, two drawn cards, rest */
    uint64_t pool;               /* the cards still in the pool (bit = id) */
} chain_state;

static inline tb_action chain_action(int card, int attr)
{
    return (tb_action)(card * 3 + attr);
}
static inline int chain_action_card(tb_action a) { return (int)(a / 3); }
static inline int chain_action_attr(tb_action a) { return (int)(a % 3); }

/* The cards of a deck that may follow `card` declared by `attr`: those
 * sharing that attribute's value (match=declared), or sharing it and
 * nothing else (match=exactly-one). */
uint64_t chain_follow_set(int match, int card, int attr);
/* The pool cards the seat to move may take now (0 at the first
 * declaration, where it plays its own card). */
uint64_t chain_to_follow(const chain_state *s);

/* ---------------------------------------------------------------- solver */

/*
 * The solver (solver.c).  After the deal Mystique Chain is a game of
 * perfect information (the pool is face up, both drawn cards are shown,
 * and the 28 cards flipped out of play are known by elimination), with no
 * chance and no draws, so every position is won or lost for the seat to
 * move.  The solver searches for a proof either way, within a budget of
 * positions: what it proves is exact, and when the budget runs out it
 * says the outcome is unknown and names the move its search found most
 * promising.
 *
 * A solver holds its table (2^log2 entries of 16 bytes) and can be reused
 * for any number of positions; it is not thread-safe, so each thread
 * makes its own.
 */
typedef struct chain_solver chain_solver;

/* What a search found for the seat to move. */
enum { CHAIN_UNKNOWN, CHAIN_WON, CHAIN_LOST };

/* The `solver` policy's table (4 MB) and budget per decision. */
#define CHAIN_POLICY_LOG2 18
#define CHAIN_POLICY_BUDGET 100000L

/* A new solver with a table of 2^log2_entries entries (0: 2^20, 16 MB),
 * or NULL when memory runs out. */
chain_solver *chain_solver_new(int log2_entries);
void chain_solver_free(chain_solver *sv);
/* The solver's move for the seat to move in s (a decision of a game in
 * play), searching at most `budget` positions, and in *outcome (if not
 * NULL) what it proved: CHAIN_WON (the move returned wins), CHAIN_LOST
 * (every move loses against perfect play; the one returned leaves the
 * opponent the most safe replies) or CHAIN_UNKNOWN (the move the search
 * found most promising). */
tb_action chain_solver_move(chain_solver *sv, const chain_state *s,
                            long budget, int *outcome);
/* What the seat to move in s can achieve, within the budget. */
int chain_solver_outcome(chain_solver *sv, const chain_state *s, long budget);
/* Positions searched since the solver was made (for measurements). */
long chain_solver_nodes(const chain_solver *sv);

/*
 * The retrograde solver (retro.c), for match=declared only: it values
 * every position below s at once, all the subsets of the pool for every
 * trait declared, in a table of 2^n words of 16 bits for a pool of n
 * cards (2 GB for a whole deal of 30), a second or two a deal with
 * AVX-512.  It is what the first player's share is counted with
 * (bench/chain_solve.c --retro); the game's bot is the df-pn solver.
 */
typedef struct chain_retro chain_retro;

/* Which compiled kernel a retrograde solver may use: the best the
 * processor has (AVX-512, else AVX2, else plain), at most AVX2, or the
 * plain one (the tests check that all agree). */
enum { CHAIN_RETRO_BEST, CHAIN_RETRO_AVX2, CHAIN_RETRO_PLAIN };

/* A retrograde solver for pools of up to max_cards cards (at most 30;
 * its table is 2^max_cards x 2 bytes, mapped as it is first written), or
 * NULL when memory runs out. */
chain_retro *chain_retro_new(int max_cards, int kernel);
void chain_retro_free(chain_retro *r);
/* CHAIN_WON or CHAIN_LOST for the seat to move in s, exactly; or
 * CHAIN_UNKNOWN when s is not a decision under match=declared, or its
 * pool exceeds the solver's max_cards. */
int chain_retro_outcome(chain_retro *r, const chain_state *s);
/* Positions valued since the solver was made: subsets of the pools x 12
 * traits (for measurements). */
long long chain_retro_positions(const chain_retro *r);

/* The `solver` policy of the game's opponent pool. */
tb_action chain_solver_policy(const void *st, int seat, tb_rng *rng);
/* The game's solve hook (tb_game.solve): the `solver` policy's move and
 * what it proved, TB_PROVEN_WIN, TB_PROVEN_LOSS or TB_UNPROVEN. */
int chain_solve(const void *st, int seat, tb_action *out);

#endif
