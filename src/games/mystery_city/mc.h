/*
 * mc.h - what the files of Mystery City share: the card table's shape (the
 * data itself is in cards.c), the flat game state, the phases of a combat,
 * the action encoding, the log of what happened, and the functions one file
 * offers another.  Names carry the mc_ prefix.
 *
 * Cards are numbered 0-15 inside (the printed number less one) and held as
 * 16-bit sets: hand[p] bit c is set when seat p holds card c.  Seats are
 * numbered in the order the turn marker passes (counterclockwise), so seat
 * p + 1 plays after seat p.
 */
#ifndef MC_H
#define MC_H

#include "internal.h"

#include <stdint.h>

#define MC_MAX_P 4
#define MC_CARDS 16
#define MC_ATTRS 5
#define MC_OBS (MC_MAX_P + 1) /* observers: the seats, then the spectator */
#define MC_SPEC MC_MAX_P      /* the spectator's index among observers */
#define MC_Q 0                /* an attribute printed '?': 2d6 when compared */
#define MC_NONE 0xff
#define MC_LOG 32             /* events kept for the table (a ring) */

/* The attributes, in the order the cards print them. */
enum { MC_ST, MC_DX, MC_IQ, MC_MO, MC_HT };

/* The special skills. */
enum {
    MC_SKILL_NONE,
    MC_INVESTIGATION,
    MC_ASSASSINATION,
    MC_COUNTERINTELLIGENCE,
    MC_COMPANIONSHIP
};

/* Where a value of the card table comes from (the doc marks them). */
#define MC_FROM_TEXT(a) (1u << (a)) /* attribute a is stated by the text */
#define MC_TEXT_NAME 0x20u          /* the name is the text's */
#define MC_TEXT_NUMBER 0x40u        /* the printed number is the text's */
#define MC_TEXT_SPECIAL 0x80u       /* the text says it is a red card */
#define MC_TEXT_SKILL 0x100u        /* the text names its skill */

/* One character card. */
typedef struct mc_card {
    const char *name;  /* the short name typed and printed: "Amanda" */
    const char *full;  /* the full name: "Amanda (Mandy)" */
    const char *alias; /* another name a person may type, or NULL */
    uint8_t number;    /* the printed number, 1-16 */
    uint8_t special;   /* a red card: discarded once played */
    uint8_t skill;     /* MC_SKILL_* (specials only) */
    int8_t partner;    /* the other half of its couple, or -1 */
    uint8_t attr[MC_ATTRS]; /* 2-12, or MC_Q */
    uint16_t text;     /* MC_FROM_TEXT / MC_TEXT_* bits */
} mc_card;

/* The card table is constant in the game.  bench/city_tables.c, which
 * tries other tables to tell the rules' effects from the table's, builds
 * these files with MC_TABLE_MUTABLE defined to make it writable. */
#ifdef MC_TABLE_MUTABLE
#define MC_TABLE_CONST
#else
#define MC_TABLE_CONST const
#endif
extern MC_TABLE_CONST mc_card mc_cards[MC_CARDS];
/* Chomp, the dog whose attributes COMPANIONSHIP adds. */
extern MC_TABLE_CONST uint8_t mc_chomp[MC_ATTRS];
extern const char *const mc_attr_names[MC_ATTRS];  /* "ST" ... */
extern const char *const mc_attr_long[MC_ATTRS];   /* "strength" ... */
extern const char *const mc_skill_names[5];        /* "INVESTIGATION" ... */
/* The chance (in 36ths) that 2d6 sum to s, s = 0..12. */
extern const uint8_t mc_2d6[13];

/* The card ids the rules name. */
enum {
    MC_NORMA = 10,
    MC_HAZEL = 11 /* COMPANIONSHIP, with her dog Chomp */
};

#define MC_SPECIALS 0x0f00u /* cards 9-12 (ids 8-11) are the red ones */
static inline int mc_is_special(int c) { return (MC_SPECIALS >> c) & 1; }
static inline int mc_type(int c) { return mc_is_special(c); } /* 0 regular */

/* ---------------------------------------------------------------- state */

enum mc_phase {
    MC_PH_SPECIALS, /* chance: the special deck shuffled */
    MC_PH_REGULARS, /* chance: the regular deck shuffled, then the deal */
    MC_PH_ATTACK,   /* the marker's holder names attribute, opponent, card */
    MC_PH_DEFEND,   /* the defender shows a card */
    MC_PH_ROLL,     /* chance: 2d6 for the '?' values of the round */
    MC_PH_COUNTER,  /* after a tie the defender names a new attribute, card */
    MC_PH_PICK,     /* chance: a card of the opponent's hand at random */
    MC_PH_OVER
};

/*
 * What one seat (or the spectator) knows of where the cards lie, beyond
 * its own hand and the table.  `known` holds the cards in other hands whose
 * holder it is sure of.  After a COUNTERINTELLIGENCE it did not see (one
 * card of `from`'s hand went to `to`, face down) it cannot be sure which
 * card moved; `blur` keeps that doubt as a few hypotheses until something
 * settles it: the card taken was one of `cand` (cards it knew `from` held),
 * with weight w_cand each, or one of `from`'s cards it did not know, of
 * type t (0 regular, 1 special), with weight w_type[t].  punk[t] counts
 * `from`'s cards of type t it does not know (the taken one included, as if
 * still there) and qown[t] `to`'s own (the taken one not included).
 */
typedef struct mc_blur {
    uint8_t on, from, to;
    uint16_t cand;
    int8_t punk[2], qown[2];
    double w_cand, w_type[2];
} mc_blur;

/* One thing that happened, for the table (render, describe). */
typedef struct mc_event {
    uint8_t kind; /* MC_EV_* */
    uint8_t a, b; /* seats */
    uint8_t card, card2, attr;
    uint8_t v1, v2;
    uint16_t mask, mask2;
} mc_event;

enum {
    MC_EV_ATTACK,   /* a attacks b in attr with card */
    MC_EV_COUNTER,  /* a counterattacks b in attr with card */
    MC_EV_DEFEND,   /* a answers b with card */
    MC_EV_ROLL,     /* a rolls v1 + v2 for card's '?' */
    MC_EV_REROLL,   /* a and b rolled alike: both roll again */
    MC_EV_VALUE,    /* a's value v1 (card; card2 a partner, or the card
                     * Chomp joins when attr == MC_COMPANIONSHIP) */
    MC_EV_ROUND,    /* round in attr: winner a (MC_NONE: a tie, b then
                     * counterattacks), reason v1 */
    MC_EV_SKILL,    /* a uses skill v1 (card2's) on b; card: the card
                     * taken or discarded (MC_NONE: none, or unseen); mask:
                     * the hand INVESTIGATION showed */
    MC_EV_COLLECT,  /* a, winner over b, takes mask; mask2 is discarded */
    MC_EV_ELIM,     /* a is eliminated */
    MC_EV_END       /* the game ends; a the survivor or MC_NONE; v1 set
                     * when the combat limit ended it */
};

/* Why a round was decided (MC_EV_ROUND v1). */
enum {
    MC_WHY_HIGHER,   /* the higher value */
    MC_WHY_TIE,      /* a tie: the defender counterattacks */
    MC_WHY_TWO,      /* the loser rolled 2 */
    MC_WHY_TWELVE,   /* the winner rolled 12 with a couple or COMPANIONSHIP */
    MC_WHY_LAST      /* a tie on the defender's last card, or the attacker
                      * has none left to answer with */
};

typedef struct mc_state {
    uint8_t players, phase;
    uint16_t hand[MC_MAX_P];
    uint16_t removed;  /* set aside before the deal (Norma with 3 players) */
    uint16_t discard;  /* discarded from the game, face up */
    uint8_t marker;    /* the seat holding the turn marker */
    uint8_t out[MC_MAX_P]; /* 0 while in the game, else the elimination
                            * step (1 = the first players out) */
    uint8_t out_steps;
    uint16_t combats;  /* combats finished */
    uint16_t limit;    /* combats after which the game ends (option) */
    uint8_t at_limit;  /* the game ended at the limit */

    /* The combat under way. */
    uint8_t att, def;  /* this round's attacker and defender */
    uint8_t attr;      /* this round's attribute */
    uint8_t named;     /* attributes named in this combat (bits) */
    uint8_t tn;        /* cards on the table, in the order shown */
    uint8_t tcard[MC_CARDS], towner[MC_CARDS];
    uint8_t att_i, def_i; /* this round's cards: indexes into tcard */
    /* The '?' values the round rolls: up to two, each a card and the side
     * (0 attacker, 1 defender) the roll belongs to. */
    uint8_t nslots, slot_card[2], slot_side[2], slot_roll[2];
    uint8_t winner, loser; /* when the combat is decided */
    uint8_t skq[4], skn, ski; /* the specials whose skills are to be used */
    uint8_t pick_skill, pick_from, pick_to; /* the pending random pick */

    /* Knowledge: of each seat, then of the spectator (public knowledge). */
    uint16_t known[MC_OBS];
    mc_blur blur[MC_OBS];

    uint16_t ev_n; /* events so far; the last MC_LOG are kept */
    mc_event ev[MC_LOG];
} mc_state;

/* ---------------------------------------------------------------- actions */

/*
 * An action is a card (bits 0-3), an opponent (bits 4-5) and an attribute
 * (bits 6-8), with its kind in bits 9-10: a defence is the card alone, an
 * attack MC_A_ATTACK | attr << 6 | opponent << 4 | card, a counterattack
 * MC_A_COUNTER | attr << 6 | card.
 */
#define MC_A_ATTACK 0x200u
#define MC_A_COUNTER 0x400u
static inline tb_action mc_attack(int attr, int opp, int card)
{
    return MC_A_ATTACK | (tb_action)(attr << 6 | opp << 4 | card);
}
static inline tb_action mc_counter(int attr, int card)
{
    return MC_A_COUNTER | (tb_action)(attr << 6 | card);
}
static inline int mc_a_card(tb_action a) { return (int)(a & 15u); }
static inline int mc_a_opp(tb_action a) { return (int)(a >> 4 & 3u); }
static inline int mc_a_attr(tb_action a) { return (int)(a >> 6 & 7u); }

/* ---------------------------------------------------------------- helpers */

static inline int mc_count(uint16_t set)
{
    return __builtin_popcount(set);
}
/* The cards in hands other than `seat`'s (every hand for the spectator). */
static inline uint16_t mc_in_other_hands(const mc_state *s, int seat)
{
    uint16_t m = 0;
    for (int p = 0; p < s->players; p++)
        if (p != seat)
            m |= s->hand[p];
    return m;
}
/* The hand of observer o (none for the spectator). */
static inline uint16_t mc_own(const mc_state *s, int o)
{
    return o < s->players ? s->hand[o] : 0;
}
/* The observer index of a seat or TB_SPECTATOR. */
static inline int mc_obs(int seat)
{
    return seat < 0 ? MC_SPEC : seat;
}
/* The cards of type t (0 regular, 1 special) in a set. */
static inline uint16_t mc_of_type(uint16_t set, int t)
{
    return (uint16_t)(t ? set & MC_SPECIALS : set & ~MC_SPECIALS);
}

/* ---- cards.c */

/* The printed value of card c's attribute a: 2-12, or MC_Q for '?'. */
static inline int mc_attr(int c, int a) { return mc_cards[c].attr[a]; }
/* The card a typed name means (short name, alias, surname, "#9" or "9"),
 * or -1. */
int mc_card_by_name(const char *word);
/* The attribute a typed word means ("IQ", "intelligence"), or -1. */
int mc_attr_by_name(const char *word);

/* ---- mystery_city.c: rules */

/* Whether seat p is still in the game. */
static inline int mc_alive(const mc_state *s, int p)
{
    return s->out[p] == 0;
}
/* The attributes the seat to counterattack may name (bits). */
int mc_counter_attrs(const mc_state *s);
/* Appends an event to the log. */
void mc_log(mc_state *s, const mc_event *e);
/* The i-th event (0 = the first still kept); NULL past the end. */
const mc_event *mc_event_at(const mc_state *s, unsigned i);

/* How a card would count for the seat showing it now: a fixed part and,
 * when a '?' is involved, one 2d6 roll on top (has_roll).  partner is the
 * couple's other card added in (or -1), chomp whether COMPANIONSHIP joins
 * Chomp to the previous card `prev`. */
typedef struct mc_value {
    int fixed, has_roll;
    int partner, chomp, prev;
} mc_value;
/* The value seat p gets by showing card c in attribute a, given the cards
 * already on the table (and, for the defender, the attacker's card this
 * round, which is on the table when it answers). */
mc_value mc_value_of(const mc_state *s, int p, int c, int a);
/* Whether the two cards of a couple are on the table. */
int mc_couple_on_table(const mc_state *s);
/* Who wins a round (0 the attacker, 1 the defender, -1 a tie) with values
 * val[], the rolls each side owns own[] (0: none), whether a couple is on
 * the table and whether each side uses COMPANIONSHIP; *why gets MC_WHY_*. */
int mc_decide(const int *val, const int *own, int couple, const int *chomp,
              int *why);
/* The value seat p gets by showing card c in attribute a when the first
 * `limit` cards of the table were there before it; *qcard gets the card
 * whose '?' is rolled, or -1. */
mc_value mc_value_at(const mc_state *s, int p, int c, int a, int limit,
                     int *qcard);
void mc_result(const void *st, tb_result *out);

/* ---- knowledge.c: who knows what */

/* How many of hand h's cards of type t observer o does not know, or -1
 * when a blur leaves it unsure. */
int mc_unknown_of_type(const mc_state *s, int o, int h, int t);
/* Every observer sees card c leave seat p's hand face up. */
void mc_know_shown(mc_state *s, int p, int c);
/* Every observer sees the cards `set` go to seat p's hand face up. */
void mc_know_taken(mc_state *s, int p, uint16_t set);
/* Seat o sees seat p's whole hand (INVESTIGATION). */
void mc_know_hand(mc_state *s, int o, int p);
/* Seat q took card c from seat p's hand face down (COUNTERINTELLIGENCE):
 * called before the card moves. */
void mc_know_stolen(mc_state *s, int q, int p, int c);
/* Adds to each observer's knowledge what follows from the counts alone
 * (the only hand that can hold the cards of a type it does not know). */
void mc_know_deduce(mc_state *s);
void mc_determinize(void *st, int seat, tb_rng *rng);
/* Event e as observer o saw it: the hand INVESTIGATION showed another
 * seat and the card COUNTERINTELLIGENCE took between two others are
 * hidden (mask 0, card MC_NONE).  out may be e. */
void mc_event_seen(const mc_event *e, int o, mc_event *out);

/* ---- view.c: notation, drawing, JSON, describe */

void mc_action_text(const void *st, tb_action a, char *buf, size_t cap);
int mc_parse_action(const void *st, const char *text, tb_action *out,
                    char *err, size_t errcap);
void mc_render(const void *st, int seat, unsigned style, tb_text *out);
json_t *mc_view_json(const void *st, int seat);
void mc_describe(const void *before, tb_action a, const void *after, int seat,
                 tb_text *out);
void mc_describe_chance(const void *before, const uint16_t *outcome, int n,
                        const void *after, int seat, tb_text *out);

/* ---- tensors.c: the learning tensors (tb_game.observe, action_space,
 * action_index; docs/learning.md) */

int mc_observe(const void *st, int seat, float *out);
int mc_action_space(const tb_config *cfg);
int mc_action_index(const void *st, tb_action a);

/* ---- heuristic.c */

tb_action mc_heuristic(const void *st, int seat, tb_rng *rng);
tb_action mc_bold(const void *st, int seat, tb_rng *rng);

#endif
