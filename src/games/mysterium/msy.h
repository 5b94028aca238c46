/*
 * msy.h - what the files of Mysterium share: the state, the phases, the
 * action encoding and the few functions one file offers the others
 * (mysterium.c: rules; view.c: texts, views and descriptions; bots.c: the
 * ghost's and the psychics' reasoning; tensors.c: the learning tensors).
 *
 * Seats: seat 0 is the ghost.  The psychics are numbered 0..P-1; with 4-7
 * players psychic i is seat i + 1; with 2 and 3 players each psychic
 * player plays two psychics (seat 1 psychics 0 and 1, seat 2 psychics 2
 * and 3).  People see psychics numbered from 1.
 */
#ifndef TABULA_MYSTERIUM_H
#define TABULA_MYSTERIUM_H

#include "content.h"
#include "internal.h"

#include <stdint.h>

#define MSY_MAX_P 7          /* players */
#define MSY_MAX_PSY 6        /* psychics */
#define MSY_MAX_SUSPECTS 9   /* psychic cards of a kind on the table */
#define MSY_HAND 7           /* the ghost's hand */
#define MSY_HOURS 7          /* the clock */
#define MSY_MAX_GROUPS 6     /* suspect groups in the epilogue */
#define MSY_SHARED 3         /* cards of the shared vision */
#define MSY_NONE 0xff        /* no card, guess or vote */

enum msy_difficulty { MSY_EASY, MSY_MEDIUM, MSY_HARD };

enum msy_phase {
    MSY_DEAL_CARDS,    /* chance: the psychic cards (suspects, targets) */
    MSY_DEAL_VISIONS,  /* chance: the vision deck */
    MSY_DEAL_PERCEPTION, /* chance: each psychic seat's perception */
    MSY_VISION,        /* the ghost gives visions, or discards */
    MSY_TIMER,         /* the sand timer: intuition and clairvoyance
                        * tokens placed, moved or taken back openly, one
                        * psychic's turn at a time */
    MSY_GROUPS,        /* chance: 2 players, the two extra groups */
    MSY_SHARED_VISION, /* the ghost picks the culprit and 3 cards */
    MSY_SHUFFLE,       /* chance: the shared vision is shuffled */
    MSY_VOTE,          /* the psychic players vote */
    MSY_OVER
};

/* Actions: a kind in bits 12-15, its argument below. */
#define MSY_A_KIND(a) ((a) >> 12)
enum {
    MSY_K_GIVE = 1,    /* psychic << 7 | mask of hand positions */
    MSY_K_DISCARD = 2, /* mask of hand positions */
    MSY_K_SKIP = 3,    /* psychic << 7: no card left to give (never in play) */
    MSY_K_GUESS = 4,   /* row position: the intuition token placed/moved */
    MSY_K_YES = 5,     /* psychic: a ✓ token on that psychic's guess */
    MSY_K_NO = 6,      /* psychic: a ✗ token */
    MSY_K_DONE = 7,    /* finished, until someone changes something */
    MSY_K_SHARED = 8,  /* group << 7 | mask of 3 hand positions */
    MSY_K_VOTE = 9,    /* group */
    MSY_K_TAKE = 10    /* psychic: take back one's token from its guess */
};

/* The sand timer's stand-in in turns: the timer phase ends when every
 * psychic has said done since the last change, or after this many turns
 * per psychic (the sand runs out). */
#define MSY_TIMER_ROUNDS 6

/* A perception shift (-2..+2) for each rank of a seat's shuffled motifs
 * at a difficulty: the first motifs of the shuffle this seat sees more
 * strongly than they are printed, the last ones more faintly
 * (mysterium.c). */
int tbi_msy_shift_of_rank(int difficulty, int rank);
#define MSY_ACT(kind, arg) ((tb_action)((unsigned)(kind) << 12 | (unsigned)(arg)))

typedef struct msy {
    uint8_t players, difficulty, psychics, suspects;
    uint8_t phase, hour;         /* hour 1-7 */
    uint8_t shuffle_pending;     /* the draw pile ran out: chance reshuffles */
    uint8_t crows_used, crows_turn; /* discards this game / this turn */
    uint8_t won;
    /* Each psychic seat's perception (secret to that seat): the rank of
     * every motif in the order in which it catches that seat's eye, dealt
     * by chance (one shuffle of the motifs a seat); perceived_n seats
     * dealt. */
    uint8_t percept[MSY_MAX_P][MSY_MOTIFS];
    uint8_t perceived_n;
    /* The sand timer: whose turn (a psychic), who has said done since
     * the last change (bit i: psychic i) and the turns taken. */
    uint8_t timer_turn, timer_done, timer_turns;
    /* The psychic cards on the table: row[k][pos] is card index (0-17) of
     * kind k, ascending; sleeved[k] has bit pos once a psychic found it. */
    uint8_t row[MSY_KINDS][MSY_MAX_SUSPECTS];
    uint16_t sleeved[MSY_KINDS];
    uint8_t sleeved_by[MSY_KINDS][MSY_MAX_SUSPECTS];
    /* Each psychic's secret combination (row positions), known to the
     * ghost; the kind it is looking for (3: done) and the hour it ended. */
    uint8_t target[MSY_MAX_PSY][MSY_KINDS];
    uint8_t stage[MSY_MAX_PSY], done_hour[MSY_MAX_PSY];
    /* Row positions each psychic guessed wrongly, by kind (public). */
    uint16_t wrong[MSY_MAX_PSY][MSY_KINDS];
    /* The vision cards.  The draw pile is deck[0..deck_n), drawn from the
     * end; the ghost's hand is sorted; the discard pile keeps which of its
     * cards the psychics saw face up (the ghost's discards they did not). */
    uint8_t deck[MSY_VISIONS], deck_n;
    uint8_t hand[MSY_HAND], hand_n;
    uint8_t disc[MSY_VISIONS], disc_n;
    uint8_t disc_seen[MSY_VISIONS];
    /* The visions in front of each psychic, in the order given; the cards
     * from vis_new[i] on were given this hour. */
    uint8_t vis[MSY_MAX_PSY][MSY_VISIONS], vis_n[MSY_MAX_PSY];
    uint8_t vis_new[MSY_MAX_PSY];
    uint8_t given[MSY_MAX_PSY];  /* has had its vision this hour */
    uint8_t guess[MSY_MAX_PSY];  /* the open intuition token (row position) */
    /* Clairvoyance: tokens in hand, tokens spent in hours 1-3 (back at the
     * fourth hour), the track and this hour's tokens ctok[from][to] (0
     * none, 1 ✓, 2 ✗). */
    uint8_t tokens[MSY_MAX_PSY], tokens_back[MSY_MAX_PSY];
    uint8_t track[MSY_MAX_PSY];
    uint8_t ctok[MSY_MAX_PSY][MSY_MAX_PSY];
    /* Last hour, for the table: each guess and whether it was right. */
    uint8_t last_hour, last_guess[MSY_MAX_PSY], last_right[MSY_MAX_PSY];
    uint8_t last_ctok[MSY_MAX_PSY][MSY_MAX_PSY];
    /* The epilogue: the groups (row positions of a character, a location
     * and an object), the culprit's group, the shared vision in the order
     * shuffled, each seat's vote (MSY_NONE: not yet) and the group the
     * psychics chose. */
    uint8_t groups, group[MSY_MAX_GROUPS][MSY_KINDS];
    uint8_t culprit, shared[MSY_SHARED], shared_n;
    uint8_t vote[MSY_MAX_P];
    uint8_t chosen;
} msy;

/* Whether bit pos of a set of row positions (sleeved, wrong) is set. */
static inline int tbi_msy_has(unsigned set, int pos)
{
    return (int)(set >> pos & 1u);
}

/* ---------------------------------------------------------- mysterium.c */

/* The seat that plays psychic i. */
int tbi_msy_seat_of(const msy *s, int psychic);
/* Whether seat plays psychic i (the ghost plays none). */
int tbi_msy_controls(const msy *s, int seat, int psychic);
/* Whether psychic i is still looking for cards (not yet done). */
int tbi_msy_active(const msy *s, int psychic);
/* The psychic whose turn it is in the sand timer, or -1. */
int tbi_msy_guesser(const msy *s);
/* How strongly seat perceives motif m of vision card v (0 when the card
 * does not show it or the seat does not see it): the printed prominence
 * for the ghost and onlookers, shifted by the seat's perception for a
 * psychic seat, at most 3. */
int tbi_msy_perceived(const msy *s, int seat, int v, int m);
/* The same for eyes `eye` at a difficulty (NULL: the print). */
int tbi_msy_perceived_eye(const uint8_t *eye, int difficulty, int v, int m);
/* The strength with which seat reads vision v as pointing to psychic
 * card c of kind k: the perceived strengths of the motifs they share. */
int tbi_msy_reading(const msy *s, int seat, int v, int k, int c);
/* The seats that vote, in order, into seats[]; returns how many. */
int tbi_msy_voters(const msy *s, int *seats);
/* Whether the game uses clairvoyance (4-7 players). */
int tbi_msy_clairvoyance(const msy *s);
/* How many shared-vision cards psychic i sees (1-3) by its track. */
int tbi_msy_sees(const msy *s, int psychic);
/* The clairvoyance level 0 low, 1 intermediate, 2 high of a track. */
int tbi_msy_level(const msy *s, int track);
/* Whether the ghost may discard now (crows left for the difficulty). */
int tbi_msy_may_discard(const msy *s);
/* Whether seat may see the vote of voter seat v. */
int tbi_msy_vote_seen(const msy *s, int seat, int v);
/* How many shared-vision cards seat sees now (0-3). */
int tbi_msy_shared_seen(const msy *s, int seat);
/* The legal actions (the game's legal()). */
int tbi_msy_legal(const msy *s, tb_action *out);
/* The group the psychics' votes choose (with the tie-breaks); _votes
 * counts the votes vote[seat] instead of the state's. */
int tbi_msy_tally(const msy *s);
int tbi_msy_tally_votes(const msy *s, const uint8_t *vote);
/* How many psychic cards the team has identified. */
int tbi_msy_identified(const msy *s);

/* ---------------------------------------------------------------- view.c */

void tbi_msy_action_text(const void *st, tb_action a, char *buf, size_t cap);
int tbi_msy_parse_action(const void *st, const char *text, tb_action *out,
                         char *err, size_t cap);
void tbi_msy_render(const void *st, int seat, unsigned style, tb_text *t);
struct json_t *tbi_msy_view_json(const void *st, int seat);
void tbi_msy_describe(const void *before, tb_action a, const void *after,
                      int seat, tb_text *t);
/* What a seat learns from luck (tb_game.describe_chance). */
void tbi_msy_describe_chance(const void *before, const uint16_t *outcome,
                             int n, const void *after, int seat,
                             tb_text *out);
/* A vision card as words: "#12 red owl spiral calm". */
void tbi_msy_vision_words(int v, tb_text *t);

/* ------------------------------------------------------------- tensors.c */

/* The learning tensors (tb_game.observe, action_space, action_index). */
int tbi_msy_observe(const void *st, int seat, float *out);
int tbi_msy_action_space(const tb_config *cfg);
int tbi_msy_action_index(const void *st, tb_action a);

/* ---------------------------------------------------------------- bots.c */

/* The psychics' reading of the visions as seat `reader` perceives them
 * (public cards, the reader's own perception): for each psychic i still
 * looking, p[i][pos] is the chance that its target is row position pos of
 * its current kind, taking into account that the psychics looking for the
 * same kind have different targets. */
void tbi_msy_beliefs(const msy *s, int reader,
                     double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS]);
/* Unnormalized weights of psychic i's candidates from its visions alone,
 * as reader perceives them: 0 for a card it cannot hold (found by
 * another, or guessed wrongly). */
void tbi_msy_weights(const msy *s, int reader, int i,
                     double w[MSY_MAX_SUSPECTS]);
/* Draws a perception (a shift for each motif) from the prior, as the
 * deal does: what a seat that does not know another's perception
 * imagines it to be. */
void tbi_msy_draw_perception(uint8_t out[MSY_MOTIFS], tb_rng *rng);
/* The murk of a table (mysterium.c): an index naming its difficulty and
 * its player count, which together set how the eyes see (the shifts on
 * visions by difficulty, the passing-over of psychic cards by both). */
int tbi_msy_murk(int difficulty, int players);
/* How strongly vision v points to psychic card c of kind k for eyes that
 * rank the motifs as eye[] does at a murk (tbi_msy_murk): over the motifs the eyes
 * see on both cards, what each seen strength tells of the print (x4);
 * with NULL eyes (the ghost), 4 x the printed prominences. */
int tbi_msy_reading_eye(const uint8_t *eye, int murk_level, int v, int k,
                        int c);
/* Whether eyes `eye` see motif m of psychic card c of kind k (1) at a
 * murk (tbi_msy_murk) or pass over it (0; 0 too when the card does not
 * show m; NULL eyes see all). */
int tbi_msy_attention(const uint8_t *eye, int murk_level, int k, int c,
                      int m);
/* The motifs of psychic card c of kind k that eyes `eye` see at a murk
 * (all of them for NULL eyes): the set tbi_msy_attention tests, for
 * readers that read many visions against one card. */
uint64_t tbi_msy_attended(const uint8_t *eye, int murk_level, int k, int c);
/* The table the readings add up at a difficulty: entry [rank][base] is
 * what eyes that rank a motif at `rank` read from it where a vision
 * prints it at `base` (1-3), 0 when they do not see it. */
const int8_t (*tbi_msy_weight_table(int difficulty))[4];
/* tbi_msy_reading_eye of vision v against a card of which the eyes see
 * the motifs `seen` (tbi_msy_attended), with the difficulty's weight
 * table: the reading with the card's attention worked out once. */
int tbi_msy_reading_seen(const uint8_t *eye, const int8_t (*weight)[4],
                         int v, uint64_t seen);
/* How well the shared-vision cards seat sees fit each group (relative
 * weights; all alike when it sees none): how a psychic reads the culprit. */
void tbi_msy_group_weights(const msy *s, int seat, double w[MSY_MAX_GROUPS]);
tb_action tbi_msy_heuristic(const void *st, int seat, tb_rng *rng);
tb_action tbi_msy_quick(const void *st, int seat, tb_rng *rng);
tb_action tbi_msy_random_ghost(const void *st, int seat, tb_rng *rng);
tb_action tbi_msy_one_card_ghost(const void *st, int seat, tb_rng *rng);
tb_action tbi_msy_counting(const void *st, int seat, tb_rng *rng);

#endif
