/*
 * stt.h - what the files of Schotten Totten share: the card numbering, the
 * flat game state, the phases of a turn, the action encoding, and the
 * functions one file offers another (formation values and proof claims,
 * rules queries, views, the heuristic bot).  Names carry the stt_ prefix.
 *
 * Cards keep the rules' numbers: 1-10 are the tactic cards, 11-69 without
 * 20, 30, 40, 50, 60 the clan cards (colour = tens digit, strength = units
 * digit).  Stones are 0-8 inside, 1-9 in every text a person reads.
 */
#ifndef STT_H
#define STT_H

#include "cards.h"
#include "internal.h"

#define STT_STONES 9
#define STT_SIDE_MAX 4   /* Mud Fight: four cards a side */
#define STT_CLAN_N 54
#define STT_TAC_N 10
#define STT_HAND_MAX 64  /* every card there is: hands cannot overflow */
#define STT_DISCARD_MAX 16
#define STT_COLOURS 6

/* The tactic cards, by the rules' numbers. */
enum {
    STT_JOKER1 = 1,
    STT_JOKER2 = 2,
    STT_SPY = 3,
    STT_SHIELD = 4,
    STT_BLUFF = 5, /* Blind Man's Bluff */
    STT_MUD = 6,   /* Mud Fight */
    STT_RECRUITER = 7,
    STT_STRATEGIST = 8,
    STT_BANSHEE = 9,
    STT_TRAITOR = 10
};

/* The steps of a game.  Each sub-step of a tactic card is a decision of
 * the same seat. */
enum stt_phase {
    STT_PH_SHUFFLE_CLAN,  /* chance: the clan deck */
    STT_PH_SHUFFLE_TAC,   /* chance: the tactic deck (Tactics only) */
    STT_PH_PLAY,          /* play a card (or pass when none can be played) */
    STT_PH_RECRUIT_DRAW,  /* Recruiter: which deck to draw from next */
    STT_PH_RECRUIT_RETURN,/* Recruiter: a card to put under its deck */
    STT_PH_STRAT_PICK,    /* Strategist: one of your cards to move */
    STT_PH_STRAT_DEST,    /* Strategist: where it goes, or discard */
    STT_PH_BANSHEE,       /* Banshee: an opponent card to discard */
    STT_PH_TRAITOR_PICK,  /* Traitor: an opponent clan card to take */
    STT_PH_TRAITOR_DEST,  /* Traitor: a stone on your side for it */
    STT_PH_DRAW,          /* refill: clan or tactic deck */
    STT_PH_OVER
};

/* Action encoding.  Playing card c to stone k (0-8) is c * 16 + k + 1;
 * ruses, which go to no stone, are c * 16. */
#define STT_A_PASS 1200u
#define STT_A_CLAN 1300u   /* draw from the clan deck */
#define STT_A_TACTIC 1301u /* draw from the tactic deck */
#define STT_A_PICK 1400u   /* + card: choose that card */
#define STT_A_DEST 1500u   /* + stone + 1: move to that stone; + 0: discard */

static inline tb_action stt_play_action(int card, int stone)
{
    return (tb_action)(card * 16 + stone + 1);
}

/* How a game ended. */
enum { STT_RES_NONE, STT_RES_WIN0, STT_RES_WIN1, STT_RES_DRAW };

/* How a stone was claimed. */
enum { STT_CLAIM_NONE, STT_CLAIM_COMPARE, STT_CLAIM_PROOF };

typedef struct stt_state {
    uint8_t tactics;   /* the Tactics variant is on */
    uint8_t phase;
    uint8_t turn;      /* the seat whose turn it is */
    uint8_t res;       /* STT_RES_* once the game is over */
    uint8_t passed;    /* this turn's player could not play a card */
    uint8_t dry_passes;/* turns in a row with no card played or drawn */
    uint8_t pending;   /* Recruiter: draws or returns still to make */
    uint8_t sel_card, sel_stone; /* Strategist/Traitor: the card chosen */
    uint8_t clan_n, tac_n;
    uint8_t clan[STT_CLAN_N], tac[STT_TAC_N];  /* index 0 is the bottom */
    /* Bit p: seat p knows which card lies there (it put it there with the
     * Recruiter).  Parallel to clan[] and tac[]. */
    uint8_t clan_known[STT_CLAN_N], tac_known[STT_TAC_N];
    uint8_t hand_n[2];
    uint8_t hand[2][STT_HAND_MAX]; /* ascending */
    /* Cards in seat p's hand that p's opponent knows (it had put them under
     * a deck and p drew them). */
    tbi_set128 known[2];
    uint8_t side[STT_STONES][2][STT_SIDE_MAX];
    uint8_t side_n[STT_STONES][2];
    /* When each side was completed (a tick of `clock`), 0 while it is not
     * complete: a tie goes to the side completed first. */
    uint16_t done_at[STT_STONES][2];
    uint16_t clock;
    uint8_t owner[STT_STONES];    /* 0: unclaimed, else 1 + seat */
    uint8_t claim_kind[STT_STONES];
    uint8_t mud[STT_STONES], bluff[STT_STONES];
    uint8_t discard_n;
    uint8_t discard[STT_DISCARD_MAX]; /* face up next to the decks */
    uint8_t tac_played[2];
    uint16_t turns;    /* turns completed */
    /* Every card played from a hand: on a side, on a stone (combat modes)
     * or discarded.  Such a card never returns to a hand or a deck, so the
     * set only grows; it makes the cards a seat has not seen (proof
     * claims, bots) a few mask operations. */
    tbi_set128 gone;
    /* Kept with the sides as they change, so that claims and bots need not
     * recompute them: bit k of full[p] when p's side of stone k is
     * complete (done_at[k][p] != 0), bit k of held[p] when p holds stone k
     * (owner[k] == p + 1), and the value of each complete side as the
     * stone's mode counts it (a sum under Blind Man's Bluff), 0 while it
     * is incomplete. */
    uint16_t full[2], held[2];
    uint16_t value[STT_STONES][2];
    /* The clan cards of each side as a stt_shape counts them (the rest of
     * the shape follows from these), kept with the sides too: the quick
     * policy and proof claims read them instead of the cards. */
    uint16_t shape_have[STT_STONES][2];
    uint8_t shape_colours[STT_STONES][2], shape_sum[STT_STONES][2];
    uint8_t shape_n[STT_STONES][2];
    /* Kept with the cards as they move, as stt_pool bits (bit v of [c]:
     * the clan card of colour c and strength v): the clan cards not yet
     * played (in a hand or a deck) and those in each hand. */
    uint16_t unplayed_bits[STT_COLOURS + 1];
    uint16_t hand_bits[2][STT_COLOURS + 1];
} stt_state;

/* ---- card facts */

static inline int stt_is_tactic(int card) { return card >= 1 && card <= 10; }
static inline int stt_is_clan(int card)
{
    /* Bit c of the two words: card c is a clan card (11-69, no tens). */
    static const uint64_t clan_bits[2] = {0xeffbfeffbfeff800ull, 0x3full};
    return (unsigned)card < 128 &&
           (int)(clan_bits[(unsigned)card >> 6] >> ((unsigned)card & 63) & 1u);
}
static inline int stt_is_joker(int card)
{
    return card == STT_JOKER1 || card == STT_JOKER2;
}
/* Elite troops join a formation like clan cards. */
static inline int stt_is_troop(int card)
{
    return stt_is_clan(card) || (card >= STT_JOKER1 && card <= STT_SHIELD);
}
static inline int stt_colour(int card) { return card / 10; }
static inline int stt_strength(int card) { return card % 10; }

/* ---- formation.c: formation values and what a pool of cards allows */

/* Cards that may still complete a formation: clan cards as one bit per
 * strength for each colour (bits[c] bit v), and the elite troops. */
typedef struct stt_pool {
    uint16_t bits[STT_COLOURS + 1];
    uint8_t jokers, spy, shield;
} stt_pool;

void stt_pool_add(stt_pool *p, int card);

/* Formation ranks; a value is rank * 100 + the sum of strengths. */
enum { STT_SUM, STT_RUN, STT_COLOUR, STT_KIND, STT_COLOUR_RUN };
#define STT_VALUE(rank, sum) ((rank) * 100 + (sum))

/* The value of a complete formation of `need` clan cards: their strengths
 * as a bit per strength (`have`), their sum, and whether they share one
 * colour and one strength. */
static inline int stt_clan_value(unsigned have, int sum, int same_colour,
                                 int same_strength, int need, int sum_only)
{
    if (sum_only)
        return STT_VALUE(STT_SUM, sum);
    /* need distinct strengths in a row: then have has need bits from its
     * lowest one (with a strength twice it has fewer). */
    int run = have == ((1u << need) - 1) << __builtin_ctz(have);
    int rank = run && same_colour ? STT_COLOUR_RUN
               : same_strength    ? STT_KIND
               : same_colour      ? STT_COLOUR
               : run              ? STT_RUN
                                  : STT_SUM;
    return STT_VALUE(rank, sum);
}

/* The clan cards of a formation, summarised: how many (n), their sum,
 * their strengths as a bit per strength (have) and their colours as a bit
 * per colour; and what follows from those (stt_shape_finish). */
typedef struct stt_shape {
    int n, sum;
    unsigned have, colours;
    int lo, hi;   /* the lowest and highest strength; 9 and 1 when none */
    int colour;   /* their one colour; 0: no card, -1: mixed */
    int strength; /* their one strength; 0: no card, -1: mixed */
    int distinct; /* no strength twice */
} stt_shape;

/* Fills the fields of sh that follow from n, have and colours. */
static inline void stt_shape_finish(stt_shape *sh)
{
    unsigned h = sh->have, c = sh->colours;
    if (h == 0) { /* no clan card: the common case of an empty side */
        sh->lo = 9;
        sh->hi = 1;
        sh->colour = sh->strength = 0;
        sh->distinct = 1;
        return;
    }
    int bits = 0;
    for (unsigned x = h; x; x &= x - 1)
        bits++;
    sh->lo = h ? __builtin_ctz(h) : 9;
    sh->hi = h ? 31 - __builtin_clz(h) : 1;
    sh->colour = c == 0 ? 0 : (c & (c - 1)) ? -1 : __builtin_ctz(c);
    sh->strength = h == 0 ? 0 : (h & (h - 1)) ? -1 : __builtin_ctz(h);
    sh->distinct = bits == sh->n;
}

/* The shape of the clan cards among m cards (wild cards are left out). */
void stt_shape_of_cards(const uint8_t *cards, int m, stt_shape *sh);

/* The highest start of a run of `need` strengths (3 or 4) that lies in
 * avail (a bit per strength, 1-9) and covers every strength from lo to hi,
 * or 0 when there is none (with no cards yet, lo = 9 and hi = 1 cover
 * every start). */
static inline int stt_run_start(unsigned avail, int need, int lo, int hi)
{
    unsigned starts = avail & avail >> 1 & avail >> 2;
    if (need == 4)
        starts &= avail >> 3;
    int from = hi - need + 1 < 1 ? 1 : hi - need + 1;
    if (from > lo)
        return 0;
    starts &= (2u << lo) - (1u << from); /* starts from..lo */
    return starts ? 31 - __builtin_clz(starts) : 0;
}
/* The best value the m cards can reach as a formation of `need` cards,
 * completed from pool (NULL: from nothing), every wild card taking the
 * strength and colour best for its owner; -1 when it cannot be completed.
 * With sum_only (Blind Man's Bluff) only the sum counts. */
int stt_best_value(const uint8_t *cards, int m, int need, const stt_pool *pool,
                   int sum_only);
/* The same with two pools: cards from `near` are free, each card from
 * `far` costs far_cost; the best value minus cost, or STT_IMPOSSIBLE. */
#define STT_IMPOSSIBLE (-100000)
int stt_estimate(const uint8_t *cards, int m, int need, const stt_pool *near,
                 const stt_pool *far, int far_cost, int sum_only);
/* Whether some completion of the m cards from pool is worth more than
 * value: the exact test of a proof claim, stopping as soon as it knows. */
int stt_can_exceed(const uint8_t *cards, int m, int need, const stt_pool *pool,
                   int sum_only, int value);
/* stt_can_exceed for a side of clan cards only (shape), completed from a
 * pool without wild cards: the proof claim of the base game, without
 * looking at the cards. */
int stt_shape_can_exceed(const stt_shape *sh, int need, const stt_pool *pool,
                         int sum_only, int value);
/* stt_estimate by the pattern-by-pattern evaluator even where a fast path
 * for clan cards applies: the reference the tests check those against. */
int stt_estimate_general(const uint8_t *cards, int m, int need,
                         const stt_pool *near, const stt_pool *far,
                         int far_cost, int sum_only);
/* The name of a value's rank ("colour run", "three of a kind", ...). */
const char *stt_rank_name(int value, int need);

/* ---- rules (schotten_totten.c) */

/* Takes card out of p's hand, keeping hand_bits (the rules' hand_remove
 * also forgets that the opponent knew it). */
static inline void stt_hand_drop(stt_state *s, int p, int card)
{
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)card);
    if (stt_is_clan(card))
        s->hand_bits[p][stt_colour(card)] &=
            (uint16_t)~(1u << stt_strength(card));
}

/* The shape of the clan cards on p's side of stone k, from the state. */
static inline void stt_side_shape(const stt_state *s, int k, int p,
                                  stt_shape *sh)
{
    sh->n = s->shape_n[k][p];
    sh->sum = s->shape_sum[k][p];
    sh->have = s->shape_have[k][p];
    sh->colours = s->shape_colours[k][p];
    stt_shape_finish(sh);
}

int stt_need(const stt_state *s, int stone);
/* Whether seat p may play a tactic card now (the tactic-count rule). */
int stt_may_play_tactic(const stt_state *s, int p);
/* Whether seat p has a Joker on its side of the border. */
int stt_has_joker_on_side(const stt_state *s, int p);
/* The pool of cards p has not seen: not on the table, not discarded and
 * not in p's hand (usable by p's opponent). */
void stt_unseen_pool(const stt_state *s, int p, stt_pool *out);
/* The pool of the cards not yet played (in a hand or a deck): what may
 * still join a formation, whoever holds it. */
void stt_unplayed_pool(const stt_state *s, stt_pool *out);
int stt_legal(const stt_state *s, tb_action *out);
/* The stones where seat p may add a card now, as a bit per stone: the
 * order of a card's plays in stt_legal. */
static inline unsigned stt_room_mask(const stt_state *s, int p)
{
    return 0x1ffu & ~(unsigned)(s->full[p] | s->held[0] | s->held[1]);
}
void stt_apply(stt_state *s, tb_action a);

/* ---- view.c: notation, drawing, JSON */

void stt_card_name(int card, char *buf, size_t cap);
void stt_action_text(const void *st, tb_action a, char *buf, size_t cap);
int stt_parse_action(const void *st, const char *text, tb_action *out,
                     char *err, size_t errcap);
void stt_render(const void *st, int seat, unsigned style, tb_text *out);
json_t *stt_view_json(const void *st, int seat);
/* How an action looks to seat (tb_game.describe): the move, the stones it
 * let the mover claim and why, the end of the game, and the cards drawn
 * (which ones only to those who know them). */
void stt_describe(const void *before, tb_action a, const void *after, int seat,
                  tb_text *out);

/* ---- tensors.c: the learning tensors (tb_game.observe, action_space,
 * action_index; docs/learning.md) */

int stt_observe(const void *st, int seat, float *out);
int stt_action_space(const tb_config *cfg);
int stt_action_index(const void *st, tb_action a);

/* ---- heuristic.c */

tb_action stt_heuristic(const void *st, int seat, tb_rng *rng);
tb_action stt_quick(const void *st, int seat, tb_rng *rng);

#endif
