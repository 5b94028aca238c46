/*
 * battle_for_the_suns.c - Battle for the Suns (Matthew Peppler, 2013), a
 * bidding game for 2-4 players with the Mystique Deck.  The 15 suns form a
 * shuffled horizon and the other 45 cards the deck; everyone holds 5.  Each
 * sun that rises is bid for in up to three rounds of secret cards revealed
 * at once: everyone bids in the first, and in the second and third each
 * player still bidding adds a card or stops.  A card bids its number, +1
 * for the sun's colour and +1 for the sun's number; the single highest
 * total takes the sun, a tie for highest removes it.  Bids are discarded,
 * hands refill to 5 (the discards are reshuffled when the deck runs out),
 * and when the horizon is empty the highest total of won suns' numbers
 * wins.
 *
 * Secret simultaneous bids are taken one seat at a time (seat 0 first, as
 * in 6 nimmt!): a seat's choice, a card or "stop", stays hidden from the
 * others until the round's reveal.
 *
 * Actions: the card id (0-59) bid, text "3Rc"; ACT_STOP, text "stop".
 */
#include "cards.h"
#include "dealt.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <string.h>

#define MAX_P 4
#define HAND 5
#define SUNS 15
#define DECK (TBI_MQ_CARDS - SUNS) /* the 45 cards that are not suns */
#define BID_ROUNDS 3
#define ACT_STOP 100u
#define CH_NONE 0xffu /* no choice made yet this bidding round */
#define CH_STOP 0xfeu /* the seat stops bidding for this sun */
#define NOBODY 0xffu

enum phase { PH_HORIZON, PH_DECK, PH_RESHUFFLE, PH_BID, PH_OVER };

typedef struct suns {
    uint8_t players, phase;
    uint8_t horizon[SUNS]; /* the shuffled suns, top first */
    uint8_t risen;         /* suns flipped so far; horizon[risen] is next */
    uint8_t sun;           /* the sun bid for now (an id), while bidding */
    uint8_t deck[DECK];    /* the deck in play, top first */
    uint8_t deck_top;      /* deck[deck_top..deck_n) are still to draw */
    uint8_t deck_n;
    uint8_t discard[DECK], discard_n;
    uint8_t hand[MAX_P][HAND], hand_n[MAX_P];
    uint8_t round;         /* bidding round 1-3 */
    uint8_t active[MAX_P]; /* still bidding for this sun */
    uint8_t choice[MAX_P]; /* this round's secret: CH_NONE, CH_STOP or a card */
    uint8_t to_move;
    uint8_t bid[MAX_P][BID_ROUNDS], bid_n[MAX_P]; /* revealed bids */
    uint8_t total[MAX_P];  /* the value of the revealed bids */
    uint8_t won[MAX_P][SUNS], won_n[MAX_P];
    uint8_t removed[SUNS], removed_n;
    uint8_t score[MAX_P];
    uint8_t refill_next;   /* while refilling: the next seat to draw */
    uint8_t reshuffles;    /* times the discards became the deck */
    /* The cards shuffled into the current deck (bit = id): the whole deck
     * at first, then the discards of the last reshuffle.  Public, and what
     * determinize needs to know which unseen cards can still be in it. */
    uint64_t gen;
    /* The last sun's outcome, kept for the table until the next one. */
    uint8_t last_sun, last_winner, has_last;
    uint8_t last_bid[MAX_P][BID_ROUNDS], last_bid_n[MAX_P], last_total[MAX_P];
} suns;

/* ------------------------------------------------------------ values */

/* "Each card you bid will have a face value (1-5), but it will receive a
 * bonus +1 if it matches the colour or number of the current sun": +1 for
 * each, so up to 7. */
static int bid_value(int card, int sun)
{
    return tbi_mq_number(card) +
           (tbi_mq_colour(card) == tbi_mq_colour(sun)) +
           (tbi_mq_number(card) == tbi_mq_number(sun));
}

static int is_sun(int id)
{
    return tbi_mq_suit(id) == TBI_MQ_SUNS;
}

/* The ids of the 45 cards that are not suns, ascending; returns 45. */
static int deck_ids(uint16_t *out)
{
    int n = 0;
    for (int id = 0; id < TBI_MQ_CARDS; id++)
        if (!is_sun(id))
            out[n++] = (uint16_t)id;
    return n;
}

/* Whether seat p has chosen a card in secret that seat `seat` has not seen
 * (the choice is revealed with the others' when the round is complete). */
static int choice_hidden(const suns *s, int p, int seat)
{
    return s->phase == PH_BID && p != seat && s->choice[p] != CH_NONE;
}

/* The cards seat p holds as the table counts them: its hand, plus a card it
 * has put face down this round (a choice not yet revealed may be a card or
 * "stop", and the table must not tell which). */
static int cards_held(const suns *s, int p)
{
    return s->hand_n[p] + (s->phase == PH_BID && s->choice[p] < CH_STOP);
}

/* ------------------------------------------------------------ set-up */

static void init(void *vs, const tb_config *cfg)
{
    suns *s = vs;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    s->sun = NOBODY;
    s->last_winner = NOBODY;
    memset(s->choice, CH_NONE, sizeof s->choice);
    s->phase = PH_HORIZON;
}

static int current(const void *vs)
{
    const suns *s = vs;
    switch (s->phase) {
    case PH_BID: return s->to_move;
    case PH_OVER: return TB_TERMINAL;
    default: return TB_CHANCE;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    const suns *s = vs;
    c->kind = TB_CHANCE_SHUFFLE;
    c->lo = 0;
    c->hi = TBI_MQ_CARDS - 1;
    if (s->phase == PH_HORIZON) {
        c->what = "horizon (the 15 suns)";
        c->n = SUNS;
        for (int i = 0; i < SUNS; i++)
            c->items[i] = (uint16_t)tbi_mq_make(i % 5 + 1, TBI_MQ_SUNS, i / 5, 0);
    } else if (s->phase == PH_DECK) {
        c->what = "deck (the 45 other cards)";
        c->n = deck_ids(c->items);
    } else {
        tbi_mq_chance_pile(c, s->discard, s->discard_n,
                           "discards shuffled into a new deck");
    }
}

/* Starts bidding round r for the seats still active. */
static void start_round(suns *s, int r)
{
    s->round = (uint8_t)r;
    memset(s->choice, CH_NONE, sizeof s->choice);
    s->to_move = 0;
    while (!s->active[s->to_move])
        s->to_move++;
}

/* "The Sun Rises": the top sun of the horizon is flipped and everyone bids
 * for it in the first round. */
static void rise(suns *s)
{
    s->sun = s->horizon[s->risen++];
    for (int p = 0; p < s->players; p++) {
        s->active[p] = 1;
        s->bid_n[p] = 0;
        s->total[p] = 0;
    }
    start_round(s, 1);
}

/* Each seat in turn from seat 0 draws back up to five cards.  When the deck
 * runs out with cards still owed, the game stops at a chance node that
 * shuffles the discards into a new deck; the drawing then goes on. */
static void refill(suns *s)
{
    for (; s->refill_next < s->players; s->refill_next++) {
        int p = s->refill_next;
        while (s->hand_n[p] < HAND) {
            if (s->deck_top == s->deck_n) {
                s->phase = PH_RESHUFFLE;
                return;
            }
            tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p],
                                   s->deck[s->deck_top++]);
        }
    }
    s->phase = PH_BID;
}

/* Takes a shuffled deck of n cards (top first) as the deck in play. */
static void new_deck(suns *s, const uint16_t *cards, int n)
{
    s->gen = 0;
    for (int i = 0; i < n; i++) {
        s->deck[i] = (uint8_t)cards[i];
        s->gen |= 1ull << cards[i];
    }
    s->deck_n = (uint8_t)n;
    s->deck_top = 0;
}

static void apply_chance(void *vs, const uint16_t *outcome)
{
    suns *s = vs;
    if (s->phase == PH_HORIZON) {
        for (int i = 0; i < SUNS; i++)
            s->horizon[i] = (uint8_t)outcome[i];
        s->phase = PH_DECK;
        return;
    }
    if (s->phase == PH_DECK) {
        /* Dealt one card at a time round the table, seat 0 first. */
        new_deck(s, outcome, DECK);
        for (int k = 0; k < HAND * s->players; k++) {
            int p = k % s->players;
            s->hand[p][s->hand_n[p]++] = s->deck[s->deck_top++];
        }
        for (int p = 0; p < s->players; p++)
            tbi_sort_u8(s->hand[p], s->hand_n[p]);
        rise(s);
        s->phase = PH_BID;
        return;
    }
    /* PH_RESHUFFLE: "If the deck runs out, shuffle the discards to create a
     * new deck." */
    new_deck(s, outcome, s->discard_n);
    s->discard_n = 0;
    s->reshuffles++;
    refill(s);
}

/* ------------------------------------------------------------ play */

static int legal(const void *vs, tb_action *out)
{
    const suns *s = vs;
    int p = s->to_move, n = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        out[n++] = s->hand[p][i];
    /* "You must bid in the first round, but may choose to stop after
     * that." */
    if (s->round > 1)
        out[n++] = ACT_STOP;
    return n;
}

/* Awards the sun after the last reveal: "If a player has the single
 * highest total bid ... she wins that sun"; "If several people tie with
 * the highest total bid ... Remove that sun from the game".  Then the bids
 * go to the discard pile, and either the horizon is empty and the game
 * ends, or the next sun rises and the hands are refilled. */
static void award(suns *s)
{
    int best = -1, winner = NOBODY;
    for (int p = 0; p < s->players; p++) {
        if (s->total[p] > best) {
            best = s->total[p];
            winner = p;
        } else if (s->total[p] == best) {
            winner = NOBODY;
        }
    }
    s->last_sun = s->sun;
    s->last_winner = (uint8_t)winner;
    s->has_last = 1;
    if (winner != NOBODY) {
        s->won[winner][s->won_n[winner]++] = s->sun;
        s->score[winner] = (uint8_t)(s->score[winner] + tbi_mq_number(s->sun));
    } else {
        s->removed[s->removed_n++] = s->sun;
    }
    for (int p = 0; p < s->players; p++) {
        memcpy(s->last_bid[p], s->bid[p], sizeof s->bid[p]);
        s->last_bid_n[p] = s->bid_n[p];
        s->last_total[p] = s->total[p];
        for (int i = 0; i < s->bid_n[p]; i++)
            s->discard[s->discard_n++] = s->bid[p][i];
        s->bid_n[p] = 0;
        s->total[p] = 0;
    }
    s->sun = NOBODY;
    memset(s->choice, CH_NONE, sizeof s->choice);
    if (s->risen == SUNS) {
        s->phase = PH_OVER;
        return;
    }
    /* The next sun is flipped before the hands are refilled: the two piles
     * are apart, so the order changes nothing, and the new sun is on the
     * table even when a reshuffle interrupts the drawing. */
    rise(s);
    s->refill_next = 0;
    refill(s);
}

/* Reveals the round's choices at once: a card joins its seat's bid, a stop
 * ends its seat's bidding for this sun.  "If nobody reveals a card, or this
 * is the end of the third bidding round", the sun is awarded; otherwise
 * the seats that added a card bid again. */
static void reveal(suns *s)
{
    int any = 0;
    for (int p = 0; p < s->players; p++) {
        if (!s->active[p])
            continue;
        if (s->choice[p] == CH_STOP) {
            s->active[p] = 0;
            continue;
        }
        any = 1;
        s->bid[p][s->bid_n[p]++] = s->choice[p];
        s->total[p] = (uint8_t)(s->total[p] + bid_value(s->choice[p], s->sun));
    }
    if (!any || s->round == BID_ROUNDS)
        award(s);
    else
        start_round(s, s->round + 1);
}

static void apply(void *vs, tb_action a)
{
    suns *s = vs;
    int p = s->to_move;
    if (a == ACT_STOP) {
        s->choice[p] = CH_STOP;
    } else {
        tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)a);
        s->choice[p] = (uint8_t)a;
    }
    int q = p + 1;
    while (q < s->players && !s->active[q])
        q++;
    if (q < s->players)
        s->to_move = (uint8_t)q;
    else
        reveal(s);
}

static void result(const void *vs, tb_result *out)
{
    const suns *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = s->score[p];
    /* "Whoever has the highest total wins.  If there's a tie for the win,
     * play again!": tied seats share first place. */
    tbi_rank_by_score(out, 1);
}

static int standing(const void *vs, double *scores)
{
    const suns *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = s->score[p];
    return s->risen;
}

/* ------------------------------------------------------------ hidden */

/* How many of the cards seat p holds (its hand and a face-down card) are
 * from the current deck.  A seat drew them after the last reshuffle (the
 * discards held none of the cards in hands then), so the count is public:
 * the draws each seat made since, less its revealed bids from that deck. */
static int fresh_held(const suns *s, int p)
{
    int n = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        n += (int)(s->gen >> s->hand[p][i] & 1u);
    if (s->phase == PH_BID && s->choice[p] < CH_STOP)
        n += (int)(s->gen >> s->choice[p] & 1u);
    return n;
}

/* Resamples what `seat` has not seen: the other seats' hands and their
 * secret choices this round (a card or "stop"), the order of the deck and
 * of the suns still on the horizon.  Unseen cards of the current deck and
 * unseen older cards are pooled apart: a seat's cards from the current
 * deck (a public count) are dealt from the first pool, its older cards from
 * the second, and the deck is what remains of the first, for an older card
 * cannot be in a deck made of the discards.  A resampled choice is "stop"
 * (where allowed) or any of the seat's cards, each equally likely. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    suns *s = vs;
    if (s->phase == PH_HORIZON || s->phase == PH_DECK || s->phase == PH_OVER)
        return;
    tbi_pool fresh, old;
    tbi_pool_init(&fresh);
    tbi_pool_init(&old);
    int held[MAX_P], nfresh[MAX_P];
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        held[p] = cards_held(s, p);
        nfresh[p] = fresh_held(s, p);
        for (int i = 0; i < s->hand_n[p]; i++) {
            uint8_t c = s->hand[p][i];
            tbi_pool_add(s->gen >> c & 1u ? &fresh : &old, c);
        }
        if (choice_hidden(s, p, seat) && s->choice[p] != CH_STOP) {
            uint8_t c = s->choice[p];
            tbi_pool_add(s->gen >> c & 1u ? &fresh : &old, c);
        }
    }
    tbi_pool_add_run(&fresh, s->deck + s->deck_top, s->deck_n - s->deck_top);
    tbi_pool_shuffle(&fresh, rng);
    tbi_pool_shuffle(&old, rng);
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        uint8_t cards[HAND];
        tbi_pool_take_run(&fresh, cards, nfresh[p]);
        tbi_pool_take_run(&old, cards + nfresh[p], held[p] - nfresh[p]);
        int n = held[p];
        if (choice_hidden(s, p, seat)) {
            /* The pools are shuffled, so a uniform index picks uniformly. */
            int k = (int)tb_rng_below(rng, (uint32_t)(n + (s->round > 1)));
            if (k < n) {
                s->choice[p] = cards[k];
                cards[k] = cards[--n];
            } else {
                s->choice[p] = CH_STOP;
            }
        }
        /* Cleared first: a key of the information set hashes the whole
         * state, so no byte past the hand may keep an old card. */
        memset(s->hand[p], 0, sizeof s->hand[p]);
        memcpy(s->hand[p], cards, (size_t)n);
        s->hand_n[p] = (uint8_t)n;
        tbi_sort_u8(s->hand[p], n);
    }
    tbi_pool_take_run(&fresh, s->deck + s->deck_top, s->deck_n - s->deck_top);
    /* The suns still on the horizon, in a new order. */
    tbi_pool horizon;
    tbi_pool_init(&horizon);
    tbi_pool_add_run(&horizon, s->horizon + s->risen, SUNS - s->risen);
    tbi_pool_shuffle(&horizon, rng);
    tbi_pool_take_run(&horizon, s->horizon + s->risen, SUNS - s->risen);
}

/* Takes back the secret choices of this round that seat has not seen: the
 * cards go back to their hands and those seats choose again before seat
 * (search replays them with its model of the players). */
static void retract(void *vs, int seat)
{
    suns *s = vs;
    if (s->phase != PH_BID)
        return;
    for (int p = s->players - 1; p >= 0; p--) {
        if (!choice_hidden(s, p, seat))
            continue;
        if (s->choice[p] != CH_STOP)
            tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], s->choice[p]);
        s->choice[p] = CH_NONE;
        s->to_move = (uint8_t)p; /* the lowest seat retracted chooses next */
    }
}

/* ------------------------------------------------------------ the bot */

/* What a card added by a rival still bidding is expected to bid: a number
 * of 3 on average, +1/3 for the colour and +1/5 for the number. */
#define RIVAL_ADD 3.5

/* A decent player.  A bid card is not lost: the hand refills from the
 * deck, whose cards average 3.  So a card's price is its number less 3: a
 * 1 or a 2 is better spent than kept, a 5 kept for a big sun.  First round:
 * for a sun of 3 or more it bids its strongest card for this sun; for a
 * smaller sun its cheapest.  Later rounds: it expects each rival still
 * bidding to add RIVAL_ADD in every round left, and takes the highest such
 * rival total as the threat.  When it is ahead of the threat it adds only a
 * card worth spending anyway (a 1 or a 2) and otherwise stops; when behind,
 * it adds the cheapest card that gets it ahead if the price is not out of
 * proportion to the sun, else for a sun of 3 or more its strongest card
 * (to fight on in the next round), else a cheap card or a stop.  It reads
 * only its hand and the revealed bids. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const suns *s = vs;
    (void)rng;
    const uint8_t *h = s->hand[seat];
    int n = s->hand_n[seat], sun = s->sun, v = tbi_mq_number(sun);
    int cheap = 0, strong = 0; /* lowest number; highest value */
    for (int i = 1; i < n; i++) {
        int ni = tbi_mq_number(h[i]), nc = tbi_mq_number(h[cheap]);
        int vi = bid_value(h[i], sun), vs_ = bid_value(h[strong], sun);
        if (ni < nc || (ni == nc && vi > bid_value(h[cheap], sun)))
            cheap = i;
        if (vi > vs_ || (vi == vs_ && ni < tbi_mq_number(h[strong])))
            strong = i;
    }
    if (s->round == 1)
        return h[v >= 3 ? strong : cheap];
    double threat = 0;
    int left = BID_ROUNDS + 1 - s->round; /* this round and the ones after */
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        double t = s->total[p] + (s->active[p] ? RIVAL_ADD * left : 0.0);
        threat = t > threat ? t : threat;
    }
    double gap = threat - s->total[seat];
    int dump = tbi_mq_number(h[cheap]) <= 2;
    if (gap < 0)
        return dump ? h[cheap] : ACT_STOP;
    int pick = -1;
    for (int i = 0; i < n; i++)
        if (bid_value(h[i], sun) > gap && tbi_mq_number(h[i]) - 3 <= v &&
            (pick < 0 || tbi_mq_number(h[i]) < tbi_mq_number(h[pick])))
            pick = i;
    if (pick >= 0)
        return h[pick];
    if (v >= 3 && s->round < BID_ROUNDS)
        return h[strong];
    return dump ? h[cheap] : ACT_STOP;
}

/* ------------------------------------------------------------ text */

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    if (a == ACT_STOP)
        snprintf(buf, cap, "stop");
    else
        tbi_mq_short_name((int)a, 0, buf, cap);
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const suns *s = vs;
    int p = s->to_move;
    char word[16];
    tbi_squeeze(text, word, sizeof word);
    if (strcmp(word, "stop") == 0) {
        if (s->round == 1) {
            tbi_errf(err, cap, "everyone must bid in the first round: type a "
                     "card from your hand, e.g. 3Rc");
            return TB_EPARSE;
        }
        *out = ACT_STOP;
        return TB_OK;
    }
    int id;
    const char *end = tbi_mq_parse(tbi_skip_space(text), 0, &id);
    if (!end || *tbi_skip_space(end)) {
        tbi_errf(err, cap, "type a card from your hand as number, colour and "
                 "suit, e.g. 3Rc (3 of red crowns)%s",
                 s->round > 1 ? ", or stop" : "");
        return TB_EPARSE;
    }
    if (!tbi_hand_has(s->hand[p], s->hand_n[p], (uint8_t)id)) {
        char name[8];
        tbi_mq_short_name(id, 0, name, sizeof name);
        tbi_errf(err, cap, "%s is not in your hand", name);
        return TB_EPARSE;
    }
    *out = (tb_action)id;
    return TB_OK;
}

/* "s" after a count other than one. */
static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* Appends a card's short name. */
static void say_card(tb_text *t, int id)
{
    char name[8];
    tbi_mq_short_name(id, 0, name, sizeof name);
    tb_text_puts(t, name);
}

/* "the 4 of red suns" */
static void say_sun(tb_text *t, int sun)
{
    char name[40];
    tbi_mq_long_name(sun, 0, name, sizeof name);
    tb_text_printf(t, "the %s", name);
}

/* Appends "seats 0 and 2" or "seat 1" for the seats whose flag is set. */
static void say_seats(tb_text *t, const int *flag, int players)
{
    int n = 0, k = 0;
    for (int p = 0; p < players; p++)
        n += flag[p] != 0;
    tb_text_puts(t, n == 1 ? "seat" : "seats");
    for (int p = 0; p < players; p++)
        if (flag[p]) {
            k++;
            tb_text_printf(t, "%s %d", k == 1 ? "" : k == n ? " and" : ",", p);
        }
}

/* ------------------------------------------------------------ views */

/* The seats tied for the highest revealed total this sun, and that total. */
static int leaders(const suns *s, int *lead)
{
    int best = -1;
    for (int p = 0; p < s->players; p++)
        best = s->total[p] > best ? s->total[p] : best;
    for (int p = 0; p < s->players; p++)
        lead[p] = s->total[p] == best;
    return best;
}

/* A list of cards with their value for sun (when sun is a sun): "3Rc=4". */
static void render_cards(tb_text *t, const uint8_t *cards, int n, int sun,
                         unsigned style)
{
    for (int i = 0; i < n; i++) {
        tb_text_puts(t, " ");
        tbi_mq_render(t, cards[i], 0, style);
        if (sun != NOBODY)
            tb_text_printf(t, "=%d", bid_value(cards[i], sun));
    }
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const suns *s = vs;
    tb_text_printf(t, "%sBattle for the Suns%s  ", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET));
    if (s->phase == PH_HORIZON || s->phase == PH_DECK) {
        tb_text_puts(t, "to be dealt\n");
        return;
    }
    if (s->phase == PH_OVER)
        tb_text_puts(t, "game over: the horizon is empty\n");
    else
        tb_text_printf(t, "sun %d of %d, bidding round %d of %d\n", s->risen,
                       SUNS, s->round, BID_ROUNDS);
    if (s->sun != NOBODY) {
        tb_text_puts(t, "  the sun: ");
        tbi_mq_render(t, s->sun, 0, style);
        tb_text_printf(t, " (");
        say_sun(t, s->sun);
        tb_text_printf(t, "), worth %d; a %s card or a %d bids 1 more\n",
                       tbi_mq_number(s->sun),
                       tbi_mq_colour_names[tbi_mq_colour(s->sun)],
                       tbi_mq_number(s->sun));
    }
    tb_text_printf(t, "  horizon: %d sun%s left; deck %d, discards %d",
                   SUNS - s->risen, plural(SUNS - s->risen),
                   s->deck_n - s->deck_top, s->discard_n);
    if (s->removed_n) {
        tb_text_puts(t, "; removed:");
        render_cards(t, s->removed, s->removed_n, NOBODY, style);
    }
    tb_text_puts(t, "\n");
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  seat %d%s: %d point%s", p,
                       p == seat ? " (you)" : "", s->score[p],
                       plural(s->score[p]));
        if (s->won_n[p]) {
            tb_text_puts(t, " (");
            for (int i = 0; i < s->won_n[p]; i++) {
                if (i)
                    tb_text_puts(t, " ");
                tbi_mq_render(t, s->won[p][i], 0, style);
            }
            tb_text_puts(t, ")");
        }
        if (s->phase != PH_BID) {
            tb_text_puts(t, "\n");
            continue;
        }
        tb_text_printf(t, ", %d card%s; bid", cards_held(s, p),
                       plural(cards_held(s, p)));
        if (s->bid_n[p] == 0)
            tb_text_puts(t, " none yet");
        render_cards(t, s->bid[p], s->bid_n[p], s->sun, style);
        if (s->bid_n[p])
            tb_text_printf(t, ", total %d", s->total[p]);
        if (!s->active[p])
            tb_text_puts(t, ", stopped");
        else if (p == seat && s->choice[p] == CH_STOP)
            tb_text_puts(t, ", you stop this round");
        else if (p == seat && s->choice[p] != CH_NONE) {
            tb_text_puts(t, ", you add");
            render_cards(t, &s->choice[p], 1, s->sun, style);
        } else if (s->choice[p] != CH_NONE)
            tb_text_puts(t, ", has chosen");
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_BID && s->round > 1) {
        int lead[MAX_P];
        int best = leaders(s, lead), n = 0;
        for (int p = 0; p < s->players; p++)
            n += lead[p];
        tb_text_puts(t, n == 1 ? "  leading: " : "  tied for the lead: ");
        say_seats(t, lead, s->players);
        tb_text_printf(t, " with %d\n", best);
    }
    if (s->has_last) {
        tb_text_puts(t, "  last sun: ");
        tbi_mq_render(t, s->last_sun, 0, style);
        if (s->last_winner != NOBODY)
            tb_text_printf(t, " went to seat %d;", s->last_winner);
        else
            tb_text_puts(t, " was removed (a tie);");
        for (int p = 0; p < s->players; p++) {
            tb_text_printf(t, "%s seat %d", p ? "," : "", p);
            render_cards(t, s->last_bid[p], s->last_bid_n[p], s->last_sun,
                         style);
            tb_text_printf(t, " = %d", s->last_total[p]);
        }
        tb_text_puts(t, "\n");
    }
    if (s->phase != PH_BID)
        return;
    if (seat >= 0 && seat < s->players) {
        tb_text_puts(t, "  your hand (value for this sun):");
        render_cards(t, s->hand[seat], s->hand_n[seat], s->sun, style);
        tb_text_puts(t, "\n");
    }
    tb_text_printf(t, "  seat %d to %s\n", s->to_move,
                   s->round == 1 ? "bid a card" : "add a card or stop");
}

/* The cards of a bit set of ids, ascending. */
static json_t *json_card_set(uint64_t set)
{
    uint8_t cards[TBI_MQ_CARDS];
    int n = 0;
    for (int id = 0; id < TBI_MQ_CARDS; id++)
        if (set >> id & 1u)
            cards[n++] = (uint8_t)id;
    return tbi_mq_json_cards(cards, n);
}

static json_t *json_seat(const suns *s, int p, int seat)
{
    json_t *o = json_object();
    json_object_set_new(o, "score", json_integer(s->score[p]));
    json_object_set_new(o, "won", tbi_mq_json_cards(s->won[p], s->won_n[p]));
    json_object_set_new(o, "cards", json_integer(cards_held(s, p)));
    json_object_set_new(o, "from_deck", json_integer(fresh_held(s, p)));
    if (s->phase == PH_BID) {
        json_object_set_new(o, "bids", tbi_mq_json_cards(s->bid[p], s->bid_n[p]));
        json_object_set_new(o, "total", json_integer(s->total[p]));
        json_object_set_new(o, "bidding", json_boolean(s->active[p]));
        if (choice_hidden(s, p, seat))
            json_object_set_new(o, "chosen", json_true());
        else if (s->choice[p] == CH_STOP)
            json_object_set_new(o, "chosen", json_string("stop"));
        else if (s->choice[p] != CH_NONE)
            json_object_set_new(o, "chosen", tbi_mq_json_cards(&s->choice[p], 1));
    }
    return o;
}

static json_t *view_json(const void *vs, int seat)
{
    const suns *s = vs;
    static const char *phase_names[] = {"deal", "deal", "reshuffle", "bid",
                                        "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "risen", json_integer(s->risen));
    json_object_set_new(v, "horizon", json_integer(SUNS - s->risen));
    if (s->sun != NOBODY) {
        char name[8];
        tbi_mq_short_name(s->sun, 0, name, sizeof name);
        json_object_set_new(v, "sun", json_string(name));
        json_object_set_new(v, "round", json_integer(s->round));
        json_object_set_new(v, "to_move", json_integer(s->to_move));
    }
    json_object_set_new(v, "deck", json_integer(s->deck_n - s->deck_top));
    json_object_set_new(v, "discards", tbi_mq_json_cards(s->discard, s->discard_n));
    /* The cards the deck was last made of, once the discards have been
     * reshuffled: everyone saw them face up. */
    if (s->reshuffles)
        json_object_set_new(v, "reshuffled", json_card_set(s->gen));
    json_object_set_new(v, "removed", tbi_mq_json_cards(s->removed, s->removed_n));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++)
        json_array_append_new(seats, json_seat(s, p, seat));
    json_object_set_new(v, "seats", seats);
    if (s->has_last) {
        json_t *o = json_object();
        char name[8];
        tbi_mq_short_name(s->last_sun, 0, name, sizeof name);
        json_object_set_new(o, "sun", json_string(name));
        json_object_set_new(o, "winner", s->last_winner == NOBODY
                                             ? json_null()
                                             : json_integer(s->last_winner));
        json_t *bids = json_array();
        for (int p = 0; p < s->players; p++)
            json_array_append_new(bids, tbi_mq_json_cards(s->last_bid[p],
                                                   s->last_bid_n[p]));
        json_object_set_new(o, "bids", bids);
        json_object_set_new(v, "last", o);
    }
    if (seat >= 0 && seat < s->players && s->phase != PH_HORIZON &&
        s->phase != PH_DECK)
        json_object_set_new(v, "hand", tbi_mq_json_cards(s->hand[seat],
                                                  s->hand_n[seat]));
    return v;
}

/* ------------------------------------------------------------ describe */

/* The reveal of round r: each active seat's card (with its value and the
 * new total) or its stop. */
static void say_reveal(tb_text *t, const suns *b, const suns *chosen)
{
    tb_text_printf(t, "round %d bids are revealed:", b->round);
    int k = 0;
    for (int p = 0; p < b->players; p++) {
        if (!b->active[p])
            continue;
        int c = chosen->choice[p];
        tb_text_printf(t, "%s seat %d ", k++ ? "," : "", p);
        if (c == CH_STOP) {
            tb_text_printf(t, "stops at %d", b->total[p]);
            continue;
        }
        tb_text_puts(t, b->round == 1 ? "bids " : "adds ");
        say_card(t, c);
        int v = bid_value(c, b->sun);
        tb_text_printf(t, " (%d)", v);
        if (b->round > 1)
            tb_text_printf(t, " for %d", b->total[p] + v);
    }
    tb_text_puts(t, "\n");
}

/* What seat sees when the seat to move bids: its choice (the card or the
 * stop only to the chooser until the round's reveal; to the others "bids a
 * card" in the first round, where a card is a must, and "decides in
 * secret" after), then the reveal, the award of the sun, the new sun and
 * the refill, and the end of the game with its scores. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const suns *b = vb, *s = va;
    int p = b->to_move;
    if (p == seat) {
        if (a == ACT_STOP) {
            tb_text_printf(t, "seat %d stops bidding\n", p);
        } else {
            tb_text_printf(t, "seat %d %s ", p, b->round == 1 ? "bids" : "adds");
            say_card(t, (int)a);
            tb_text_printf(t, " (%d)\n", bid_value((int)a, b->sun));
        }
    } else if (b->round == 1) {
        tb_text_printf(t, "seat %d bids a card\n", p);
    } else {
        tb_text_printf(t, "seat %d decides in secret whether to add a card\n",
                       p);
    }
    if (s->phase == PH_BID && s->risen == b->risen && s->round == b->round)
        return; /* others still to choose: nothing is revealed yet */
    suns chosen = *b;
    chosen.choice[p] = a == ACT_STOP ? CH_STOP : (uint8_t)a;
    say_reveal(t, b, &chosen);
    if (s->risen == b->risen && s->phase == PH_BID) {
        int still[MAX_P] = {0}, n = 0;
        for (int q = 0; q < s->players; q++)
            n += still[q] = s->active[q];
        say_seats(t, still, s->players);
        tb_text_printf(t, " bid%s on in round %d\n", n == 1 ? "s" : "",
                       s->round);
        return;
    }
    if (s->last_winner != NOBODY) {
        tb_text_printf(t, "seat %d wins ", s->last_winner);
        say_sun(t, s->last_sun);
        tb_text_printf(t, " with %d and scores %d\n",
                       s->last_total[s->last_winner],
                       tbi_mq_number(s->last_sun));
    } else {
        int lead[MAX_P];
        for (int q = 0; q < s->players; q++)
            lead[q] = 0;
        int best = 0;
        for (int q = 0; q < s->players; q++)
            best = s->last_total[q] > best ? s->last_total[q] : best;
        for (int q = 0; q < s->players; q++)
            lead[q] = s->last_total[q] == best;
        say_seats(t, lead, s->players);
        tb_text_printf(t, " tie at %d: ", best);
        say_sun(t, s->last_sun);
        tb_text_puts(t, " is removed from the game\n");
    }
    if (s->phase == PH_OVER) {
        tb_text_puts(t, "the horizon is empty, so the game ends; points:");
        for (int q = 0; q < s->players; q++)
            tb_text_printf(t, "%s seat %d %d", q ? "," : "", q, s->score[q]);
        tb_text_puts(t, "\n");
        tb_result r = {0};
        result(s, &r);
        tbi_say_winners(t, &r);
        return;
    }
    if (s->phase == PH_RESHUFFLE)
        tb_text_printf(t, "the bids are discarded; the deck runs out as the "
                       "hands are refilled: the %d discards are shuffled into "
                       "a new deck\n", s->discard_n);
    else
        tb_text_puts(t, "the bids are discarded; everyone draws back up to "
                        "5 cards\n");
    tb_text_puts(t, "the next sun rises: ");
    say_sun(t, s->sun);
    tb_text_printf(t, " (%d left on the horizon)\n", SUNS - s->risen);
}

/* What seat learns from luck.  The horizon's shuffle shows nothing: the
 * suns rise one at a time.  The deal tells each seat its five cards and
 * everyone the first sun, which rises with it.  A reshuffle of the
 * discards (which the bids' description announced) lets the seats still
 * owed cards draw on: each learns its own. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const suns *b = vb, *s = va;
    (void)outcome;
    (void)n;
    if (b->phase == PH_HORIZON)
        return;
    if (b->phase == PH_DECK) {
        tbi_say_deal(t, seat, s->players, &s->hand[0][0], HAND, s->hand_n,
                     tbi_mq_namer, NULL);
        tb_text_puts(t, "the first sun rises: ");
        say_sun(t, s->sun);
        tb_text_printf(t, " (%d left on the horizon)\n", SUNS - s->risen);
        return;
    }
    tbi_say_draws(t, seat, s->players, &b->hand[0][0], b->hand_n,
                  &s->hand[0][0], s->hand_n, HAND, tbi_mq_namer, NULL);
}

/* ------------------------------------------------------------ tensors */

/* The place of a sun among the 15: colour * 5 + number - 1; -1 for no
 * sun (NOBODY). */
static int sun_index(int id)
{
    return id == NOBODY ? -1
                        : tbi_mq_colour(id) * 5 + tbi_mq_number(id) - 1;
}

/* n floats, 1 for each of the count suns given (by sun_index). */
static void obs_suns(tbi_obs *o, const uint8_t *ids, int count)
{
    uint64_t bits = 0;
    for (int i = 0; i < count; i++)
        bits |= 1ull << sun_index(ids[i]);
    tbi_obs_bits(o, bits, 0, SUNS);
}

/* seat's observation (docs/learning.md), cards as flags over the 60 ids:
 * its hand, the discards, the cards the current deck was made of, the
 * cards it has not seen (the others' hands and secret cards, the deck and
 * the suns still on the horizon); the sun bid for and the last sun (one-hot
 * over the 15 suns), the suns removed (flags); per seat counted from seat,
 * its score (/40), the suns it won (flags), the cards it holds and those
 * from the current deck (/5), its bids for this sun (flags) and their
 * total (/21), whether it still bids, its choice this round when seat may
 * see it (a card or stop, one-hot) and whether a secret one is made, its
 * bids for the last sun (flags) and their total (/21); the last sun's
 * winner (one-hot, none for a tie), the bidding round (one-hot), the suns
 * risen (/15), the deck (/45), the reshuffles (/5), the seats that have
 * refilled (/4), the seat to act (one-hot), the phase.  A NULL out only
 * counts. */
static int observe(const void *vs, int seat, float *out)
{
    const suns *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, bidding = s->phase == PH_BID;
    uint64_t unseen = 0;
    if (s->phase != PH_HORIZON && s->phase != PH_DECK) {
        for (int p = 0; p < n; p++) {
            if (p == seat)
                continue;
            for (int i = 0; i < s->hand_n[p]; i++)
                unseen |= 1ull << s->hand[p][i];
            if (choice_hidden(s, p, seat) && s->choice[p] != CH_STOP)
                unseen |= 1ull << s->choice[p];
        }
        for (int i = s->deck_top; i < s->deck_n; i++)
            unseen |= 1ull << s->deck[i];
        for (int i = s->risen; i < SUNS; i++)
            unseen |= 1ull << s->horizon[i];
    }
    tbi_obs_cards(&o, s->hand[seat], s->hand_n[seat], 0, TBI_MQ_CARDS);
    tbi_obs_cards(&o, s->discard, s->discard_n, 0, TBI_MQ_CARDS);
    tbi_obs_bits(&o, s->gen, 0, TBI_MQ_CARDS);
    tbi_obs_bits(&o, unseen, 0, TBI_MQ_CARDS);
    tbi_obs_onehot(&o, sun_index(s->sun), SUNS);
    tbi_obs_onehot(&o, s->has_last ? sun_index(s->last_sun) : -1, SUNS);
    obs_suns(&o, s->removed, s->removed_n);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n, hidden = choice_hidden(s, p, seat);
        int chosen = !bidding || hidden || s->choice[p] == CH_NONE ? -1
                     : s->choice[p] == CH_STOP ? TBI_MQ_CARDS
                                               : s->choice[p];
        tbi_obs_scalar(&o, s->score[p] / 40.0);
        obs_suns(&o, s->won[p], s->won_n[p]);
        tbi_obs_scalar(&o, cards_held(s, p) / (double)HAND);
        tbi_obs_scalar(&o, fresh_held(s, p) / (double)HAND);
        tbi_obs_cards(&o, s->bid[p], s->bid_n[p], 0, TBI_MQ_CARDS);
        tbi_obs_scalar(&o, s->total[p] / 21.0);
        tbi_obs_scalar(&o, bidding && s->active[p]);
        tbi_obs_onehot(&o, chosen, TBI_MQ_CARDS + 1);
        tbi_obs_scalar(&o, hidden);
        tbi_obs_cards(&o, s->last_bid[p], s->last_bid_n[p], 0, TBI_MQ_CARDS);
        tbi_obs_scalar(&o, s->last_total[p] / 21.0);
    }
    int winner = s->has_last && s->last_winner != NOBODY
                     ? (s->last_winner - seat + n) % n : -1;
    tbi_obs_onehot(&o, winner, n);
    tbi_obs_onehot(&o, bidding ? s->round - 1 : -1, BID_ROUNDS);
    tbi_obs_scalar(&o, s->risen / (double)SUNS);
    tbi_obs_scalar(&o, (s->deck_n - s->deck_top) / (double)DECK);
    tbi_obs_scalar(&o, s->reshuffles / 5.0);
    tbi_obs_scalar(&o, s->refill_next / (double)MAX_P);
    tbi_obs_onehot(&o, bidding ? (s->to_move - seat + n) % n : -1, n);
    tbi_obs_onehot(&o, s->phase, 5);
    return o.at;
}

/* A card bid is its id (0-59); stop is 60. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return TBI_MQ_CARDS + 1;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return a == ACT_STOP ? TBI_MQ_CARDS : (int)a;
}

const tb_game tbg_battle_for_the_suns = {
    .id = "battle-for-the-suns",
    .title = "Battle for the Suns",
    .blurb = "bid secret cards in up to three rounds for each sun that rises; "
             "the single highest bid takes it, a tie removes it",
    .min_players = 2,
    .max_players = MAX_P,
    .flags = TB_GAME_SIMULTANEOUS | TB_GAME_HIDDEN,
    .options = NULL,
    .n_options = 0,
    .state_size = sizeof(suns),
    .init = init,
    .current = current,
    .chance = chance,
    .apply_chance = apply_chance,
    .legal = legal,
    .apply = apply,
    .result = result,
    .determinize = determinize,
    .action_text = action_text,
    .parse_action = parse_action,
    .render = render,
    .view_json = view_json,
    .standing = standing,
    .heuristic = heuristic,
    .retract = retract,
    .describe = describe,
    .describe_chance = describe_chance,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
