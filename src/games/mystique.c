/*
 * mystique.c - Mystique (Néstor Romeral Andrés, 2013), the climbing game of
 * the Mystique Deck booklet, for 2-6 players (one deck up to 4 players, the
 * gold and silver decks for 5-6), alone or in 2 or 3 couples.
 *
 * The spellcaster opens a round with a spell: 1-5 cards sharing a number, a
 * suit or a colour, announced ("three suns").  Each following player must
 * cast as many cards of that very trait or more, or take every card of the
 * round as burns and open the next round.  A skirmish ends when the
 * spellcaster to open has no cards: every hand then burns too, and the
 * fewest burns win the skirmish.  A game is the best of 1, 3 or 5
 * skirmishes.  Optional rules: aces count 5 burns; palms (fives) deflect a
 * colour or suit spell to the next player.
 *
 * Seats are numbered in the order of play: the game goes anticlockwise, so
 * seat p + 1 sits on seat p's right and plays after it.
 *
 * Actions (a spell is built one card at a time, then cast):
 *   card id 0..119         pick that card for the spell being built ("3Rc")
 *   CAST + trait           cast the picked cards ("cast suns"; "cast" when
 *                          answering, as the trait is already announced)
 *   TAKE                   take the round's cards as burns ("take")
 *   DEFLECT + card id      deflect with a solitary palm ("deflect 5Ys")
 *   UNPICK + card id       take a picked card back into the hand before
 *                          casting ("unpick 5Ys"; "back" takes back the
 *                          card picked last)
 */
#include "cards.h"
#include "dealt.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <pthread.h>
#include <string.h>

#define MAX_P 6
#define ALL_CARDS 120 /* two decks */
#define MAX_HAND 24   /* 120 cards among 5 players */
#define OPEN_MAX 5    /* an opening spell has up to five cards */
#define ASIDE_2P 20   /* the 2-player game sets 20 cards aside */
#define ACE_BURNS 5   /* an ace's burns with the aces-scoring rule */
#define NONE 0xffu

#define CAST 200u
#define TAKE 300u
#define DEFLECT 400u
#define UNPICK 600u
/* Redeals a determinization may try before it hands the seat to act the
 * cards of the trait its begun answer shows it holds (see determinize). */
#define REDEAL_TRIES 8

enum { OPT_SKIRMISHES, OPT_ACES, OPT_DEFLECTION, OPT_PARTNERSHIP };
enum phase { PH_DRAW, PH_DEAL, PH_PLAY, PH_OVER };

static const char *const skirmish_choices[] = {"1", "3", "5"};

static const tb_option_def options[] = {
    [OPT_SKIRMISHES] = {"skirmishes", "the game is the best of 1, 3 or 5 "
                        "skirmishes (ends early once a player or couple has "
                        "won a majority of them)",
                        TB_OPT_ENUM, 1, 0, 2, skirmish_choices},
    [OPT_ACES] = {"aces", "optional rule: aces count 5 burns each at the end "
                  "of the skirmish", TB_OPT_BOOL, 0, 0, 1, NULL},
    [OPT_DEFLECTION] = {"deflection", "optional rule: a solitary palm (five) "
                        "of the announced suit or colour deflects the spell "
                        "to the next player", TB_OPT_BOOL, 0, 0, 1, NULL},
    [OPT_PARTNERSHIP] = {"partnership", "play in couples (4 or 6 players): "
                         "partners sit facing each other (seats p and "
                         "p + players/2) and add up their burns",
                         TB_OPT_BOOL, 0, 0, 1, NULL},
};

typedef struct mystique {
    uint8_t players, decks, best_of, aces, deflection, partnership;
    uint8_t phase;
    uint8_t skirmish;        /* skirmishes dealt so far */
    uint8_t contend;         /* bit p: seat p still draws for the deal */
    uint8_t drew[MAX_P];     /* each seat's latest draw for the deal, or NONE */
    uint8_t dealer;
    uint8_t turn;            /* the seat to act */
    uint8_t caster;          /* the spellcaster who opened this round */
    uint8_t last;            /* who cast the spell to beat */
    uint8_t deflector;       /* who deflected last since that spell, or NONE */
    uint8_t trait;           /* the announced trait, NONE before the opening */
    uint8_t need;            /* cards an answer needs: the last spell's size */
    uint8_t begun;           /* the seat to act has picked a card to answer */
    uint8_t hand[MAX_P][MAX_HAND], hand_n[MAX_P];
    uint8_t sel[MAX_HAND], sel_n;  /* the spell being built, face up */
    uint8_t table[ALL_CARDS], table_n; /* this round's cards, in order */
    uint8_t spell_at;        /* where the spell to beat starts in table[] */
    uint8_t aside[ASIDE_2P], aside_n;
    uint16_t round;          /* spellcastings begun in this skirmish */
    uint8_t burn_n[MAX_P];   /* cards in each burns pile */
    uint8_t burn_aces[MAX_P];/* aces among them */
    uint8_t won[MAX_P];      /* skirmishes won, by side (seat or couple) */
    uint16_t total[MAX_P];   /* burns of finished skirmishes, by side */
    uint8_t last_winners;    /* bit s: side s won the last skirmish */
    uint16_t last_burns[MAX_P]; /* each side's burns in the last skirmish */
    tbi_set128 played;       /* cards played face up this skirmish */
    tbi_set128 back;         /* cards the seat to act took back this turn */
    tbi_set128 known;        /* cards seen going back into a hand, not
                                played since: everyone knows who holds them */
} mystique;

/* ---------------------------------------------------------------- basics */

static int next_seat(const mystique *s, int p)
{
    return (p + 1) % s->players;
}

/* The side a seat scores for: its couple (p and p + players/2 sit facing
 * each other) in a partnership game, else the seat itself. */
static int side_of(const mystique *s, int p)
{
    return s->partnership ? p % (s->players / 2) : p;
}

static int sides(const mystique *s)
{
    return s->partnership ? s->players / 2 : s->players;
}

/* Burns a pile counts at the end of a skirmish: one per card, or five per
 * ace under the aces-scoring rule. */
static int pile_burns(const mystique *s, int p)
{
    int per_ace = s->aces ? ACE_BURNS : 1;
    return s->burn_n[p] - s->burn_aces[p] + per_ace * s->burn_aces[p];
}

static int side_burns(const mystique *s, int side)
{
    int b = 0;
    for (int p = 0; p < s->players; p++)
        if (side_of(s, p) == side)
            b += pile_burns(s, p);
    return b;
}

static int hand_size(const mystique *s)
{
    int aside = s->players == 2 ? ASIDE_2P : 0;
    return (s->decks * TBI_MQ_CARDS - aside) / s->players;
}

static int check_config(const tb_config *cfg, char *err, size_t cap)
{
    if (cfg->opt[OPT_PARTNERSHIP] && cfg->players != 4 && cfg->players != 6) {
        tbi_errf(err, cap, "mystique partnership is for 4 players (2 couples) "
                 "or 6 (3 couples), not %d", cfg->players);
        return TB_EINVAL;
    }
    return TB_OK;
}

static void init(void *vs, const tb_config *cfg)
{
    mystique *s = vs;
    static const uint8_t best_of[] = {1, 3, 5};
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    s->decks = cfg->players > 4 ? 2 : 1;
    s->best_of = best_of[cfg->opt[OPT_SKIRMISHES]];
    s->aces = (uint8_t)cfg->opt[OPT_ACES];
    s->deflection = (uint8_t)cfg->opt[OPT_DEFLECTION];
    s->partnership = (uint8_t)cfg->opt[OPT_PARTNERSHIP];
    s->phase = PH_DRAW;
    s->contend = (uint8_t)((1u << s->players) - 1);
    memset(s->drew, NONE, sizeof s->drew);
    s->trait = NONE;
}

static int current(const void *vs)
{
    const mystique *s = vs;
    switch (s->phase) {
    case PH_DRAW:
    case PH_DEAL: return TB_CHANCE;
    case PH_OVER: return TB_TERMINAL;
    default: return s->turn;
    }
}

/* Both chance nodes shuffle the whole deck (or both decks): the draw for
 * the deal gives the contending seats its first cards in seat order; the
 * deal gives each seat a block of cards, seat 0 first. */
static void chance(const void *vs, tb_chance *c)
{
    const mystique *s = vs;
    tbi_mq_chance_deck(c, s->decks);
    if (s->phase == PH_DRAW)
        c->what = "draw for the deal";
}

/* Each contending seat draws a card; the highest card number (1-60) deals.
 * With two decks the gold and silver copies of a number can tie: the tied
 * seats draw again (another chance node). */
static void apply_draw(mystique *s, const uint16_t *deck)
{
    int k = 0, best = 0;
    uint8_t top = 0;
    memset(s->drew, NONE, sizeof s->drew);
    for (int p = 0; p < s->players; p++) {
        if (!((unsigned)s->contend >> p & 1u))
            continue;
        s->drew[p] = (uint8_t)deck[k++];
        int no = tbi_mq_card_no(s->drew[p]);
        if (no > best) {
            best = no;
            top = 0;
        }
        if (no == best)
            top |= (uint8_t)(1u << p);
    }
    s->contend = top;
    if (top & (top - 1))
        return; /* a tie: draw again */
    s->dealer = (uint8_t)__builtin_ctz(top);
    s->phase = PH_DEAL;
}

/* Deals a shuffled deck: hand_size() cards to each seat, seat 0 first; the
 * rest (20 cards with 2 players, none otherwise) is set aside unseen.  The
 * player on the dealer's right -- the next seat -- is the first
 * spellcaster. */
static void apply_deal(mystique *s, const uint16_t *deck)
{
    int h = hand_size(s), k = 0;
    for (int p = 0; p < s->players; p++) {
        for (int i = 0; i < h; i++)
            s->hand[p][i] = (uint8_t)deck[k++];
        s->hand_n[p] = (uint8_t)h;
        tbi_sort_u8(s->hand[p], h);
        s->burn_n[p] = s->burn_aces[p] = 0;
    }
    memset(s->drew, NONE, sizeof s->drew);
    s->aside_n = 0;
    while (k < s->decks * TBI_MQ_CARDS)
        s->aside[s->aside_n++] = (uint8_t)deck[k++];
    s->skirmish++;
    s->round = 1;
    s->caster = s->turn = (uint8_t)next_seat(s, s->dealer);
    s->trait = NONE;
    s->need = 0;
    s->begun = 0;
    s->table_n = s->sel_n = 0;
    s->deflector = NONE;
    memset(&s->played, 0, sizeof s->played);
    memset(&s->back, 0, sizeof s->back);
    memset(&s->known, 0, sizeof s->known);
    s->phase = PH_PLAY;
}

static void apply_chance(void *vs, const uint16_t *deck)
{
    mystique *s = vs;
    if (s->phase == PH_DRAW)
        apply_draw(s, deck);
    else
        apply_deal(s, deck);
}

/* ---------------------------------------------------------------- legal */

/* Whether the round has no spell yet: the spellcaster is opening. */
static int opening(const mystique *s)
{
    return s->trait == NONE;
}

/* Whether the trait can be deflected: palms deflect colour or suit, not
 * number. */
static int deflectable(const mystique *s)
{
    return s->deflection && !opening(s) &&
           tbi_mq_trait_attr(s->trait) != TBI_MQ_NUMBER;
}

/* How many cards of the announced trait the seat to act may still pick:
 * those in its hand that it has not taken back this turn. */
static int pickable_of_trait(const mystique *s)
{
    int p = s->turn, n = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        n += tbi_mq_has_trait(s->hand[p][i], s->trait) &&
             !tbi_set_has(&s->back, s->hand[p][i]);
    return n;
}

/* Whether the picked cards and card still form an opening. */
static int opening_fits(const mystique *s, int card)
{
    return s->sel_n + 1 <= OPEN_MAX &&
           (tbi_mq_shared_traits(s->sel, s->sel_n) &
            tbi_mq_traits_of(card)) != 0;
}

/* Whether card may be added to the spell being built; `pickable` is
 * pickable_of_trait(s) when answering (legal counts it once for the whole
 * hand rather than once per card). */
static int can_pick_counted(const mystique *s, int card, int pickable)
{
    /* A card taken back stays in hand until the turn ends: taking back is
     * for mending a spell, and without this a spell could be picked and
     * taken back for ever (random play and search would go round it).
     * Only a spellcaster left with nothing else to open with may pick it
     * again, as she must open. */
    if (tbi_set_has(&s->back, (unsigned)card)) {
        if (!opening(s) || !opening_fits(s, card))
            return 0;
        int p = s->turn;
        for (int i = 0; i < s->hand_n[p]; i++)
            if (!tbi_set_has(&s->back, s->hand[p][i]) &&
                opening_fits(s, s->hand[p][i]))
                return 0;
        return 1;
    }
    if (opening(s))
        return opening_fits(s, card);
    if (!tbi_mq_has_trait(card, s->trait))
        return 0;
    /* An answer is only begun when it can reach the spell's size. */
    return s->sel_n > 0 || pickable >= s->need;
}

/* Whether card may be added to the spell being built. */
static int can_pick(const mystique *s, int card)
{
    return can_pick_counted(s, card,
                            opening(s) ? 0 : pickable_of_trait(s));
}

/* Whether a picked card may be taken back: once a turn.  A card picked
 * again after it was taken back (only a spellcaster with nothing else to
 * open with may) stays in the spell; otherwise picking it and taking it
 * back could go on for ever, and a search that finds the two as good as
 * each other did so for tens of thousands of moves. */
static int can_unpick(const mystique *s, int card)
{
    return !tbi_set_has(&s->back, (unsigned)card);
}

/* Whether the seat to act may deflect with card (a palm of the trait). */
static int can_deflect(const mystique *s, int card)
{
    return deflectable(s) && s->sel_n == 0 && tbi_mq_number(card) == 5 &&
           tbi_mq_has_trait(card, s->trait);
}

/* The traits the picked cards can be cast as: any they share when opening,
 * the announced trait once the answer is big enough. */
static unsigned castable(const mystique *s)
{
    if (s->sel_n == 0)
        return 0;
    if (opening(s))
        return tbi_mq_shared_traits(s->sel, s->sel_n);
    return s->sel_n >= s->need ? 1u << s->trait : 0;
}

/* Legal actions in a fixed order: picks (by card id), casts (by trait),
 * take, deflections (by card id), then taking back picked cards (in the
 * order they were picked). */
static int legal(const void *vs, tb_action *out)
{
    const mystique *s = vs;
    int p = s->turn, n = 0;
    int pickable = opening(s) ? 0 : pickable_of_trait(s);
    for (int i = 0; i < s->hand_n[p]; i++)
        if (can_pick_counted(s, s->hand[p][i], pickable))
            out[n++] = s->hand[p][i];
    unsigned casts = castable(s);
    for (int t = 0; t < TBI_MQ_TRAITS; t++)
        if (casts >> t & 1u)
            out[n++] = CAST + (tb_action)t;
    if (!opening(s) && s->sel_n == 0)
        out[n++] = TAKE;
    for (int i = 0; i < s->hand_n[p]; i++)
        if (can_deflect(s, s->hand[p][i]))
            out[n++] = DEFLECT + s->hand[p][i];
    for (int i = 0; i < s->sel_n; i++)
        if (can_unpick(s, s->sel[i]))
            out[n++] = UNPICK + s->sel[i];
    return n;
}

/* ---------------------------------------------------------------- apply */

/* Moves a card face up onto the table. */
static void to_table(mystique *s, uint8_t card)
{
    s->table[s->table_n++] = card;
    tbi_set_add(&s->played, card);
    tbi_set_del(&s->known, card);
}

/* The turn passes: what the seat began and took back is over. */
static void end_turn(mystique *s)
{
    s->begun = 0;
    memset(&s->back, 0, sizeof s->back);
}

/* Ends the skirmish: every hand goes to its burns pile, the side(s) with
 * the fewest burns win it, and the game ends once a side has won a
 * majority of best_of skirmishes or best_of have been played. */
static void end_skirmish(mystique *s)
{
    for (int p = 0; p < s->players; p++) {
        for (int i = 0; i < s->hand_n[p]; i++)
            s->burn_aces[p] = (uint8_t)(s->burn_aces[p] +
                                        (tbi_mq_number(s->hand[p][i]) == 1));
        s->burn_n[p] = (uint8_t)(s->burn_n[p] + s->hand_n[p]);
        s->hand_n[p] = 0;
    }
    int fewest = 1 << 30, over = s->skirmish >= s->best_of;
    for (int d = 0; d < sides(s); d++)
        if (side_burns(s, d) < fewest)
            fewest = side_burns(s, d);
    s->last_winners = 0;
    for (int d = 0; d < sides(s); d++) {
        int b = side_burns(s, d);
        s->last_burns[d] = (uint16_t)b;
        s->total[d] = (uint16_t)(s->total[d] + b);
        if (b == fewest) {
            s->won[d]++;
            s->last_winners |= (uint8_t)(1u << d);
        }
        if (2 * s->won[d] > s->best_of)
            over = 1;
    }
    s->trait = NONE;
    if (over) {
        s->phase = PH_OVER;
        return;
    }
    s->phase = PH_DRAW;
    s->contend = (uint8_t)((1u << s->players) - 1);
}

/* The seat to act takes the round's cards as burns and becomes the
 * spellcaster; with no cards to open, the skirmish ends. */
static void take(mystique *s)
{
    int p = s->turn;
    for (int i = 0; i < s->table_n; i++)
        s->burn_aces[p] = (uint8_t)(s->burn_aces[p] +
                                    (tbi_mq_number(s->table[i]) == 1));
    s->burn_n[p] = (uint8_t)(s->burn_n[p] + s->table_n);
    s->table_n = 0;
    s->trait = NONE;
    s->need = 0;
    s->deflector = NONE;
    end_turn(s);
    s->caster = (uint8_t)p;
    s->round++;
    if (s->hand_n[p] == 0)
        end_skirmish(s);
}

/* Lays the picked cards down as the spell to beat and passes the turn. */
static void cast(mystique *s, int trait)
{
    s->trait = (uint8_t)trait;
    s->need = s->sel_n;
    s->spell_at = s->table_n;
    for (int i = 0; i < s->sel_n; i++)
        to_table(s, s->sel[i]);
    memset(s->sel, 0, s->sel_n); /* as in apply's UNPICK */
    s->sel_n = 0;
    s->last = s->turn;
    s->deflector = NONE;
    end_turn(s);
    s->turn = (uint8_t)next_seat(s, s->turn);
}

static void apply(void *vs, tb_action a)
{
    mystique *s = vs;
    int p = s->turn;
    if (a < CAST) {
        tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)a);
        s->sel[s->sel_n++] = (uint8_t)a;
        /* Everyone saw the seat begin an answer, which it may only do
         * holding enough cards of the trait: determinize keeps that true
         * even if the seat takes its cards back. */
        s->begun = (uint8_t)(s->begun || !opening(s));
    } else if (a < TAKE) {
        cast(s, (int)(a - CAST));
    } else if (a == TAKE) {
        take(s);
    } else if (a < UNPICK) {
        uint8_t card = (uint8_t)(a - DEFLECT);
        tbi_hand_remove(s->hand[p], &s->hand_n[p], card);
        to_table(s, card);
        s->deflector = (uint8_t)p;
        end_turn(s);
        s->turn = (uint8_t)next_seat(s, p);
    } else {
        /* Taking a card back keeps the other picks in their order; what is
         * left of an opening still shares a trait, and what is left of an
         * answer is still of the announced trait.  The card was seen: all
         * know it is back in this hand. */
        uint8_t card = (uint8_t)(a - UNPICK);
        tbi_hand_remove(s->sel, &s->sel_n, card);
        /* The freed slot forgets the card (cast clears the spell too), so
         * that two states a seat sees alike have the same bytes where
         * their spells are built (tb_infoset_key, tests/test_tensors.c). */
        s->sel[s->sel_n] = 0;
        tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], card);
        tbi_set_add(&s->back, card);
        tbi_set_add(&s->known, card);
    }
}

/* ---------------------------------------------------------------- score */

/* Ranks sides by skirmishes won, then by fewer burns over all skirmishes;
 * the score of each seat is its side's skirmishes won. */
static void result(const void *vs, tb_result *out)
{
    const mystique *s = vs;
    tb_result key;
    key.players = out->players = s->players;
    for (int p = 0; p < s->players; p++) {
        int d = side_of(s, p);
        out->score[p] = s->won[d];
        key.score[p] = s->won[d] * 1e4 - s->total[d];
    }
    tbi_rank_by_score(&key, 1);
    memcpy(out->rank, key.rank, sizeof out->rank);
}

/* Skirmishes won, less a ten-thousandth per burn taken so far (in earlier
 * skirmishes and this one's piles): the same order as the final ranking,
 * so that the leader is defined during the first skirmish too. */
static int standing(const void *vs, double *scores)
{
    const mystique *s = vs;
    int now = s->phase == PH_PLAY;
    for (int p = 0; p < s->players; p++) {
        int d = side_of(s, p);
        scores[p] = s->won[d] - (s->total[d] + now * side_burns(s, d)) / 1e4;
    }
    return s->skirmish;
}

/* ---------------------------------------------------------------- hidden */

/* How many cards of the announced trait the seat to act is known to hold
 * in hand: an answer may only be begun by a seat holding as many cards of
 * the trait as the spell to beat, and everyone saw it begin (its picks are
 * laid face up).  0 when nothing is known. */
static int known_trait_cards(const mystique *s)
{
    if (opening(s) || !s->begun)
        return 0;
    return s->need > s->sel_n ? s->need - s->sel_n : 0;
}

/* Deals the cards seat has not seen again: the other hands but for the
 * cards known to be in them (taken back into the hand in view of all) and
 * the cards set aside are pooled, shuffled and handed back in the same
 * numbers, hands sorted. */
static void redeal(mystique *s, int seat, tb_rng *rng)
{
    tbi_pool pool;
    tbi_pool_init(&pool);
    for (int q = 0; q < s->players; q++)
        for (int i = 0; q != seat && i < s->hand_n[q]; i++)
            if (!tbi_set_has(&s->known, s->hand[q][i]))
                tbi_pool_add(&pool, s->hand[q][i]);
    tbi_pool_add_run(&pool, s->aside, s->aside_n);
    tbi_pool_shuffle(&pool, rng);
    for (int q = 0; q < s->players; q++) {
        if (q == seat)
            continue;
        for (int i = 0; i < s->hand_n[q]; i++)
            if (!tbi_set_has(&s->known, s->hand[q][i]))
                s->hand[q][i] = tbi_pool_take(&pool);
        tbi_sort_u8(s->hand[q], s->hand_n[q]);
    }
    tbi_pool_take_run(&pool, s->aside, s->aside_n);
}

/* Swaps cards of the trait from the other unseen places (the hands of the
 * seats other than `seat` and the mover, and the set-aside cards) into the
 * mover's hand, for random cards of another trait, until it holds `want`
 * cards of the trait.  The true deal had them, so enough are unseen. */
static void hand_trait_cards(mystique *s, int seat, int want, tb_rng *rng)
{
    int m = s->turn, t = s->trait;
    uint8_t *h = s->hand[m];
    while (tbi_mq_count_trait(h, s->hand_n[m], t) < want) {
        uint8_t *from[ALL_CARDS];
        int n = 0, k = 0, give[MAX_HAND];
        for (int q = 0; q < s->players; q++)
            for (int i = 0; q != seat && q != m && i < s->hand_n[q]; i++)
                if (tbi_mq_has_trait(s->hand[q][i], t) &&
                    !tbi_set_has(&s->known, s->hand[q][i]))
                    from[n++] = &s->hand[q][i];
        for (int i = 0; i < s->aside_n; i++)
            if (tbi_mq_has_trait(s->aside[i], t))
                from[n++] = &s->aside[i];
        for (int i = 0; i < s->hand_n[m]; i++)
            if (!tbi_mq_has_trait(h[i], t) && !tbi_set_has(&s->known, h[i]))
                give[k++] = i;
        if (n == 0 || k == 0)
            break; /* cannot happen in a state reached by legal play */
        uint8_t *a = from[tb_rng_below(rng, (uint32_t)n)];
        uint8_t *b = &h[give[tb_rng_below(rng, (uint32_t)k)]];
        uint8_t c = *a;
        *a = *b;
        *b = c;
    }
    for (int q = 0; q < s->players; q++)
        if (q != seat)
            tbi_sort_u8(s->hand[q], s->hand_n[q]);
}

/* Deals the unseen cards again: every hand but seat's and the cards set
 * aside are pooled, shuffled and handed back in the same numbers.  Burns,
 * the table and the spell being built were all seen face up.  A seat that
 * has begun an answer is known to hold enough cards of the trait to finish
 * it: deals that break this are drawn again a few times (keeping the
 * sample uniform among the deals that fit), and then mended by swapping
 * cards of the trait into its hand, so that it always keeps a legal move. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    mystique *s = vs;
    if (s->phase != PH_PLAY)
        return;
    int m = s->turn, want = m == seat ? 0 : known_trait_cards(s);
    for (int i = 0; i < REDEAL_TRIES; i++) {
        redeal(s, seat, rng);
        if (want == 0 ||
            tbi_mq_count_trait(s->hand[m], s->hand_n[m], s->trait) >= want)
            return;
    }
    hand_trait_cards(s, seat, want, rng);
}

/* ---------------------------------------------------------------- text */

static int two_decks(const mystique *s)
{
    return s->decks == 2;
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    const mystique *s = vs;
    char card[16];
    if (a < CAST) {
        tbi_mq_short_name((int)a, two_decks(s), buf, cap);
    } else if (a < TAKE) {
        if (opening(s))
            snprintf(buf, cap, "cast %s", tbi_mq_trait_word((int)(a - CAST)));
        else
            snprintf(buf, cap, "cast");
    } else if (a == TAKE) {
        snprintf(buf, cap, "take");
    } else if (a < UNPICK) {
        tbi_mq_short_name((int)(a - DEFLECT), two_decks(s), card, sizeof card);
        snprintf(buf, cap, "deflect %s", card);
    } else {
        tbi_mq_short_name((int)(a - UNPICK), two_decks(s), card, sizeof card);
        snprintf(buf, cap, "unpick %s", card);
    }
}

/* Appends what the seat to act may type now, with examples taken from
 * its legal moves, so that a hint never offers a move this game and moment
 * lack: "a card to pick (e.g. '2Ym'); 'take' to take the round's cards as
 * burns; 'deflect 5Ys' to deflect with a palm". */
static void moves_hint(const mystique *s, tb_text *t)
{
    tb_action acts[TB_MAX_ACTIONS];
    int n = legal(s, acts), parts = 0;
    char text[TB_ACTION_TEXT];
    int pick = -1, casts = 0, take = 0, palm = -1;
    for (int i = 0; i < n; i++) {
        tb_action a = acts[i];
        if (a < CAST && pick < 0)
            pick = (int)a;
        casts += a >= CAST && a < TAKE;
        take |= a == TAKE;
        if (a > TAKE && a < UNPICK && palm < 0)
            palm = (int)a;
    }
    if (pick >= 0) {
        action_text(s, (tb_action)pick, text, sizeof text);
        tb_text_printf(t, "a card to pick (e.g. '%s')", text);
        parts++;
    }
    for (int i = 0, k = 0; i < n; i++) {
        if (acts[i] < CAST || acts[i] >= TAKE)
            continue;
        action_text(s, acts[i], text, sizeof text);
        const char *sep = k == 0 && parts ? "; " : k ? " or " : "";
        k++;
        tb_text_printf(t, "%s'%s'%s", sep, text,
                       k == casts ? " to cast the picked cards" : "");
        parts += k == casts;
    }
    if (take)
        tb_text_printf(t, "%s'take' to take the round's cards as burns",
                       parts++ ? "; " : "");
    if (palm >= 0) {
        action_text(s, (tb_action)palm, text, sizeof text);
        tb_text_printf(t, "%s'%s' to deflect with a palm", parts++ ? "; " : "",
                       text);
    }
    if (s->sel_n) {
        action_text(s, UNPICK + s->sel[s->sel_n - 1], text, sizeof text);
        tb_text_printf(t, "%s'back' or '%s' to take a picked card back",
                       parts ? "; " : "", text);
    }
}

/* Reads a word of letters at s into w (lower case); returns the end. */
static const char *read_word(const char *s, char *w, size_t cap)
{
    size_t n = 0;
    while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')) {
        if (n + 1 < cap)
            w[n++] = (char)(*s | 0x20);
        s++;
    }
    w[n] = '\0';
    return s;
}

/* Whether the seat to act holds card. */
static int holds(const mystique *s, int card)
{
    return tbi_hand_has(s->hand[s->turn], s->hand_n[s->turn], (uint8_t)card);
}

/* Reads "cast" with an optional trait. */
static int parse_cast(const mystique *s, const char *rest, tb_action *out,
                      char *err, size_t cap)
{
    int trait = -1;
    rest = tbi_skip_space(rest);
    if (*rest) {
        const char *end = tbi_mq_parse_trait(rest, &trait);
        if (!end || *tbi_skip_space(end)) {
            tbi_errf(err, cap, "cast what? e.g. 'cast suns', 'cast reds', "
                     "'cast threes'");
            return TB_EPARSE;
        }
    }
    if (s->sel_n == 0) {
        tbi_errf(err, cap, "pick the cards of your spell first (type them one "
                 "at a time, e.g. '3Rc'), then 'cast'");
        return TB_EPARSE;
    }
    if (!opening(s)) {
        if (trait >= 0 && trait != s->trait) {
            tbi_errf(err, cap, "the spell to beat is of %s",
                     tbi_mq_trait_word(s->trait));
            return TB_EPARSE;
        }
        if (s->sel_n < s->need) {
            tbi_errf(err, cap, "an answer needs at least %d %s: %d picked",
                     s->need, tbi_mq_trait_word(s->trait), s->sel_n);
            return TB_EPARSE;
        }
        *out = CAST + s->trait;
        return TB_OK;
    }
    unsigned shared = castable(s);
    if (trait < 0) {
        if (shared & (shared - 1)) {
            tbi_errf(err, cap, "announce what your cards share, e.g. 'cast %s'",
                     tbi_mq_trait_word(__builtin_ctz(shared)));
            return TB_EPARSE;
        }
        trait = __builtin_ctz(shared);
    }
    if (!(shared >> trait & 1u)) {
        tbi_errf(err, cap, "your picked cards are not all %s",
                 tbi_mq_trait_word(trait));
        return TB_EPARSE;
    }
    *out = CAST + (tb_action)trait;
    return TB_OK;
}

/* Explains why a picked card cannot be taken back. */
static void unpick_error(const char *name, char *err, size_t cap)
{
    tbi_errf(err, cap, "you took %s back once this turn and picked it "
             "again: it stays in the spell ('cast' it, or take back "
             "another card)", name);
}

/* Explains why card cannot be picked now. */
static void pick_error(const mystique *s, const char *name, int card,
                       char *err, size_t cap)
{
    int p = s->turn;
    if (!holds(s, card))
        tbi_errf(err, cap, "%s is not in your hand", name);
    else if (tbi_set_has(&s->back, (unsigned)card))
        tbi_errf(err, cap, "you took %s back this turn: it stays in your hand "
                 "until your turn ends", name);
    else if (opening(s) && s->sel_n >= OPEN_MAX)
        tbi_errf(err, cap, "a spell opens with at most 5 cards: 'cast' now");
    else if (opening(s))
        tbi_errf(err, cap, "%s shares no number, suit or colour with the "
                 "cards you picked", name);
    else if (!tbi_mq_has_trait(card, s->trait))
        tbi_errf(err, cap, "%s is not one of the %s", name,
                 tbi_mq_trait_word(s->trait));
    else
        tbi_errf(err, cap, "you hold %d %s, fewer than the %d needed: 'take'%s",
                 tbi_mq_count_trait(s->hand[p], s->hand_n[p], s->trait),
                 tbi_mq_trait_word(s->trait), s->need,
                 deflectable(s) ? " or deflect with a palm" : "");
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const mystique *s = vs;
    char w[16];
    const char *p = tbi_skip_space(text);
    const char *rest = read_word(p, w, sizeof w);
    if (tbi_word_eq(w, "take") && !*tbi_skip_space(rest)) {
        if (opening(s) || s->sel_n > 0) {
            tbi_errf(err, cap, opening(s) ? "the spellcaster must open: pick "
                     "cards, then 'cast'" : "finish your spell: pick more "
                     "cards or 'cast'");
            return TB_EPARSE;
        }
        *out = TAKE;
        return TB_OK;
    }
    if (tbi_word_eq(w, "cast"))
        return parse_cast(s, rest, out, err, cap);
    int unpick = tbi_word_eq(w, "unpick") || tbi_word_eq(w, "back");
    if (unpick && s->sel_n == 0) {
        tbi_errf(err, cap, "no card is picked, so none can be taken back");
        return TB_EPARSE;
    }
    if (unpick && !*tbi_skip_space(rest)) {
        int last = s->sel[s->sel_n - 1];
        if (!can_unpick(s, last)) {
            char last_name[16];
            tbi_mq_short_name(last, two_decks(s), last_name,
                              sizeof last_name);
            unpick_error(last_name, err, cap);
            return TB_EPARSE;
        }
        *out = UNPICK + (tb_action)last;
        return TB_OK;
    }
    int deflect = tbi_word_eq(w, "deflect") || tbi_word_eq(w, "d");
    const char *c = deflect || unpick ? tbi_skip_space(rest) : p;
    int card;
    const char *end = tbi_mq_parse(c, two_decks(s), &card);
    if (!end || *tbi_skip_space(end)) {
        if (err && cap) {
            tb_text t;
            tb_text_init(&t, err, cap);
            tb_text_puts(&t, "type ");
            moves_hint(s, &t);
        }
        return TB_EPARSE;
    }
    /* With two decks, "5Ym" also means the silver copy when that is the
     * only one among the cards the move takes from; "#55" asks which when
     * both are there. */
    int held = unpick ? tbi_mq_held_copy(c, card, two_decks(s), s->sel,
                                         s->sel_n)
                      : tbi_mq_held_copy(c, card, two_decks(s),
                                         s->hand[s->turn], s->hand_n[s->turn]);
    if (held < 0) {
        tbi_mq_which_copy(card, err, cap);
        return TB_EPARSE;
    }
    card = held;
    char name[16];
    tbi_mq_short_name(card, two_decks(s), name, sizeof name);
    if (unpick) {
        if (!tbi_hand_has(s->sel, s->sel_n, (uint8_t)card)) {
            tbi_errf(err, cap, "%s is not among your picked cards", name);
            return TB_EPARSE;
        }
        if (!can_unpick(s, card)) {
            unpick_error(name, err, cap);
            return TB_EPARSE;
        }
        *out = UNPICK + (tb_action)card;
        return TB_OK;
    }
    if (deflect) {
        if (!holds(s, card) || !can_deflect(s, card)) {
            tbi_errf(err, cap, !holds(s, card) ? "%s is not in your hand"
                     : !deflectable(s) ? "no spell can be deflected now (%s)"
                     : "only a palm of the spell's trait deflects (%s)", name);
            return TB_EPARSE;
        }
        *out = DEFLECT + (tb_action)card;
        return TB_OK;
    }
    if (!holds(s, card) || !can_pick(s, card)) {
        pick_error(s, name, card, err, cap);
        return TB_EPARSE;
    }
    *out = (tb_action)card;
    return TB_OK;
}

/* ---------------------------------------------------------------- views */

static void render_cards(tb_text *t, const mystique *s, const uint8_t *c,
                         int n, unsigned style)
{
    for (int i = 0; i < n; i++) {
        tb_text_puts(t, " ");
        tbi_mq_render(t, c[i], two_decks(s), style);
    }
}

/* "seat 2", or "couple 0 (seats 0 and 2)" with partnerships. */
static void side_name(tb_text *t, const mystique *s, int d)
{
    if (s->partnership)
        tb_text_printf(t, "couple %d (seats %d and %d)", d, d, d + sides(s));
    else
        tb_text_printf(t, "seat %d", d);
}

/* The sides in mask, as one list: "seat 2", "seats 0, 1 and 2", "couple
 * 0 (seats 0 and 2) and couple 1 (seats 1 and 3)". */
static void sides_list(tb_text *t, const mystique *s, unsigned mask)
{
    int n = __builtin_popcount(mask), k = 0;
    if (!s->partnership)
        tb_text_puts(t, n > 1 ? "seats " : "seat ");
    for (int d = 0; d < sides(s); d++) {
        if (!(mask >> d & 1u))
            continue;
        tb_text_puts(t, k == 0 ? "" : k == n - 1 ? " and " : ", ");
        if (s->partnership)
            side_name(t, s, d);
        else
            tb_text_printf(t, "%d", d);
        k++;
    }
}

/* "1 burn", "5 burns". */
static void burns_words(tb_text *t, int n)
{
    tb_text_printf(t, "%d burn%s", n, n == 1 ? "" : "s");
}

/* A side's record over the game: "1 skirmish won, 25 burns in earlier
 * skirmishes" during a skirmish; between skirmishes and at the end, when
 * the last skirmish is already counted, "... 25 burns in all". */
static void side_record(tb_text *t, const mystique *s, int d)
{
    tb_text_printf(t, "%d skirmish%s won, ", s->won[d],
                   s->won[d] == 1 ? "" : "es");
    burns_words(t, s->total[d]);
    tb_text_puts(t, s->phase == PH_PLAY ? " in earlier skirmishes"
                                        : " in all skirmishes");
}

/* The cards of seat p's hand that all have seen go back into it (taken
 * back from a spell), in hand order; returns how many. */
static int shown_in_hand(const mystique *s, int p, uint8_t *out)
{
    int n = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        if (tbi_set_has(&s->known, s->hand[p][i]))
            out[n++] = s->hand[p][i];
    return n;
}

/* One line per seat: cards in hand, burns of this skirmish, and (alone)
 * the seat's skirmishes won and burns of finished skirmishes; with
 * partnerships those are the couple's, on the couples' lines. */
static void render_seat(const mystique *s, int p, int seat, unsigned style,
                        tb_text *t)
{
    int d = side_of(s, p);
    int dealt = s->phase == PH_DEAL || s->phase == PH_PLAY;
    tb_text_printf(t, "  seat %d%s%s: ", p, p == seat ? " (you)" : "",
                   p == s->dealer && dealt ? " (dealer)" : "");
    if (s->phase == PH_PLAY) {
        tb_text_printf(t, "%d card%s in hand, ", s->hand_n[p],
                       s->hand_n[p] == 1 ? "" : "s");
        burns_words(t, pile_burns(s, p));
        tb_text_puts(t, " this skirmish");
        if (s->aces && s->burn_aces[p])
            tb_text_printf(t, " (%d cards, %d ace%s)", s->burn_n[p],
                           s->burn_aces[p], s->burn_aces[p] > 1 ? "s" : "");
        tb_text_puts(t, s->skirmish > 1 && !s->partnership ? "; " : "");
    }
    /* A record of the game so far once there is one. */
    int record = s->phase != PH_PLAY || s->skirmish > 1;
    if (s->partnership)
        tb_text_printf(t, "%scouple %d", s->phase == PH_PLAY ? ", " : "", d);
    else if (record)
        side_record(t, s, d);
    uint8_t shown[MAX_HAND];
    int k = shown_in_hand(s, p, shown);
    if (k && p != seat) {
        tb_text_puts(t, "; holds, taken back:");
        render_cards(t, s, shown, k, style);
    }
    if (s->drew[p] != NONE) {
        tb_text_puts(t, ", drew");
        render_cards(t, s, &s->drew[p], 1, style);
    }
    if (s->phase == PH_PLAY && p == s->turn)
        tb_text_printf(t, "  %s<- to %s%s", tbi_color(style, TBI_BOLD),
                       opening(s) ? "open" : "answer",
                       tbi_color(style, TBI_RESET));
    tb_text_puts(t, "\n");
}

/* The round so far: the spell to beat and everything on the table. */
static void render_round(const mystique *s, unsigned style, tb_text *t)
{
    tb_text_printf(t, "  round %d, spellcaster seat %d\n", s->round,
                   s->caster);
    if (opening(s)) {
        tb_text_puts(t, "  no spell yet: the spellcaster opens with 1-5 "
                        "cards sharing a number, suit or colour\n");
    } else {
        tb_text_puts(t, "  spell to beat: ");
        tbi_mq_spell_words(t, s->need, s->trait);
        tb_text_printf(t, ", cast by seat %d:", s->last);
        render_cards(t, s, s->table + s->spell_at, s->need, style);
        if (s->deflector != NONE)
            tb_text_printf(t, " (deflected by seat %d)", s->deflector);
        tb_text_printf(t, "\n  on the table (%d):", s->table_n);
        render_cards(t, s, s->table, s->table_n, style);
        tb_text_puts(t, "\n");
    }
    if (s->sel_n) {
        tb_text_printf(t, "  seat %d is casting:", s->turn);
        render_cards(t, s, s->sel, s->sel_n, style);
        tb_text_puts(t, "\n");
    } else if (s->begun) {
        /* Seen by all, and kept by determinize: say it. */
        tb_text_printf(t, "  seat %d began an answer and took it back: it "
                       "holds at least ", s->turn);
        if (s->need == 1)
            tb_text_printf(t, "one %s\n", tbi_mq_trait_singular(s->trait));
        else {
            tbi_mq_spell_words(t, s->need, s->trait);
            tb_text_puts(t, "\n");
        }
    }
}

/* The number of the last skirmish that has ended (0: none yet). */
static int last_skirmish(const mystique *s)
{
    if (!s->last_winners)
        return 0;
    return s->phase == PH_PLAY ? s->skirmish - 1 : s->skirmish;
}

/* Who won the last skirmish and with how many burns: "seat 2 won skirmish
 * 1 with 4 burns" or "seats 1 and 2 shared skirmish 1 with 4 burns each". */
static void winners_words(tb_text *t, const mystique *s)
{
    int n = __builtin_popcount(s->last_winners);
    int burns = s->last_burns[__builtin_ctz(s->last_winners)];
    sides_list(t, s, s->last_winners);
    tb_text_printf(t, " %s skirmish %d with the fewest burns, %d%s",
                   n > 1 ? "shared" : "won", last_skirmish(s), burns,
                   n > 1 ? " each" : "");
}

/* The couples' lines, the last skirmish's winners and the game's end. */
static void render_score(const mystique *s, unsigned style, tb_text *t)
{
    for (int d = 0; s->partnership && d < sides(s); d++) {
        tb_text_puts(t, "  ");
        side_name(t, s, d);
        tb_text_puts(t, ": ");
        if (s->phase == PH_PLAY) {
            burns_words(t, side_burns(s, d));
            tb_text_puts(t, " this skirmish");
            tb_text_puts(t, s->skirmish > 1 ? "; " : "");
        }
        if (s->phase != PH_PLAY || s->skirmish > 1)
            side_record(t, s, d);
        tb_text_puts(t, "\n");
    }
    if (last_skirmish(s)) {
        tb_text_printf(t, "  %s", tbi_color(style, TBI_BOLD));
        winners_words(t, s);
        tb_text_printf(t, "%s\n", tbi_color(style, TBI_RESET));
    }
}

/* The winners of a finished game: "seat 2 wins the game" or "couple 0
 * (seats 0 and 2) and couple 1 (...) share the game". */
static void game_winners(tb_text *t, const mystique *s)
{
    tb_result r;
    result(s, &r);
    /* Seat d (d < sides) is on side d, and partners share a rank. */
    unsigned first = 0;
    int won = 0;
    for (int d = 0; d < sides(s); d++)
        if (r.rank[d] == 1) {
            first |= 1u << d;
            won = s->won[d];
        }
    int n = __builtin_popcount(first);
    sides_list(t, s, first);
    tb_text_printf(t, " %s the game with %d skirmish%s won", n > 1 ? "share"
                   : "wins", won, won == 1 ? "" : "es");
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const mystique *s = vs;
    /* Before a deal, the skirmish about to be dealt. */
    int dealing = s->phase == PH_DRAW || s->phase == PH_DEAL;
    tb_text_printf(t, "%sMystique%s  skirmish %d of best of %d%s%s%s\n",
                   tbi_color(style, TBI_BOLD), tbi_color(style, TBI_RESET),
                   s->skirmish + dealing, s->best_of, s->aces ? ", aces score 5" : "",
                   s->deflection ? ", deflection" : "",
                   s->partnership ? ", couples" : "");
    if (s->phase == PH_DRAW)
        tb_text_puts(t, s->drew[__builtin_ctz(s->contend)] != NONE
                            ? "  a tie for the highest card: the tied seats "
                              "draw again\n"
                            : "  each player draws a card: the highest card "
                              "number deals\n");
    if (s->phase == PH_PLAY)
        tb_text_puts(t, "  (burns are the cards a player has taken, and at "
                        "the skirmish's end those left in hand: the fewest "
                        "win the skirmish)\n");
    for (int p = 0; p < s->players; p++)
        render_seat(s, p, seat, style, t);
    render_score(s, style, t);
    if (s->phase == PH_PLAY) {
        render_round(s, style, t);
        if (seat >= 0 && seat < s->players) {
            tb_text_puts(t, "  your hand:");
            render_cards(t, s, s->hand[seat], s->hand_n[seat], style);
            tb_text_puts(t, "\n");
        }
        if (seat == s->turn) {
            tb_text_puts(t, "  your move: ");
            moves_hint(s, t);
            tb_text_puts(t, "\n");
        }
    }
    if (s->phase == PH_OVER) {
        tb_text_printf(t, "  %sgame over: ", tbi_color(style, TBI_BOLD));
        game_winners(t, s);
        tb_text_printf(t, "%s\n", tbi_color(style, TBI_RESET));
    }
}

/* ---------------------------------------------------------------- describe
 *
 * Everything a Mystique player does is seen by the whole table: picks are
 * laid face up, spells, deflections and takes are public, and the hands
 * that burn at a skirmish's end are counted (their aces with aces scoring)
 * but not shown.  So every seat is told the same.
 */

/* "the card", "the 4 cards". */
static void the_cards(tb_text *t, int n)
{
    if (n == 1)
        tb_text_puts(t, "the card");
    else
        tb_text_printf(t, "the %d cards", n);
}

/* Appends " (picked so far: 5Ys 5Ym)" or " (nothing picked now)". */
static void picked_words(tb_text *t, const mystique *s)
{
    if (!s->sel_n) {
        tb_text_puts(t, " (nothing picked now)");
        return;
    }
    tb_text_puts(t, " (picked so far:");
    render_cards(t, s, s->sel, s->sel_n, TB_STYLE_PLAIN);
    tb_text_puts(t, ")");
}

/* The end of a skirmish, from the state before the last take (b) and the
 * state after it (s): the hands that burn, each side's burns, the winners,
 * and what follows. */
static void describe_skirmish_end(tb_text *t, const mystique *b,
                                  const mystique *s)
{
    tb_text_printf(t, "seat %d has no cards to open with: skirmish %d ends\n",
                   b->turn, s->skirmish);
    tb_text_puts(t, "the cards left in hand burn:");
    int k = 0;
    for (int p = 0; p < s->players; p++) {
        /* The taker's hand is empty: its new aces came off the table. */
        int n = b->hand_n[p];
        int aces = p == b->turn ? 0 : s->burn_aces[p] - b->burn_aces[p];
        if (n == 0)
            continue;
        tb_text_printf(t, "%s %d card%s of seat %d", k++ ? "," : "", n,
                       n == 1 ? "" : "s", p);
        if (s->aces && aces > 0)
            tb_text_printf(t, " (%d ace%s)", aces, aces > 1 ? "s" : "");
    }
    tb_text_puts(t, k ? "\n" : " none, every hand is empty\n");
    const char *who = s->partnership ? "couple" : "seat";
    tb_text_printf(t, "burns this skirmish%s:",
                   s->aces ? " (an ace counts 5)" : "");
    for (int d = 0; d < sides(s); d++)
        tb_text_printf(t, "%s %d for %s %d", d ? "," : "", s->last_burns[d],
                       who, d);
    tb_text_puts(t, "\n");
    winners_words(t, s);
    tb_text_puts(t, "\n");
    if (s->best_of > 1) {
        tb_text_puts(t, "skirmishes won so far:");
        for (int d = 0; d < sides(s); d++)
            tb_text_printf(t, "%s %d by %s %d", d ? "," : "", s->won[d], who,
                           d);
        tb_text_puts(t, "; burns in all skirmishes:");
        for (int d = 0; d < sides(s); d++)
            tb_text_printf(t, "%s %d for %s %d", d ? "," : "", s->total[d],
                           who, d);
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_OVER) {
        tb_text_puts(t, "the game is over: ");
        game_winners(t, s);
        tb_text_puts(t, "\n");
    } else {
        tb_text_printf(t, "skirmish %d of best of %d follows: a new draw for "
                       "the deal\n", s->skirmish + 1, s->best_of);
    }
}

static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const mystique *b = vb, *s = va;
    int p = b->turn;
    char card[16];
    (void)seat; /* every seat sees the same: see above */
    if (a < CAST) {
        tbi_mq_short_name((int)a, two_decks(b), card, sizeof card);
        tb_text_printf(t, "seat %d picks %s to %s", p, card,
                       opening(b) ? "open the round" : "answer");
        picked_words(t, s);
        tb_text_puts(t, "\n");
    } else if (a < TAKE) {
        tb_text_printf(t, "seat %d %s ", p, opening(b) ? "opens with"
                                                       : "answers with");
        tbi_mq_spell_words(t, s->need, s->trait);
        tb_text_puts(t, ":");
        render_cards(t, s, s->table + s->spell_at, s->need, TB_STYLE_PLAIN);
        tb_text_puts(t, "\n");
        if (s->hand_n[p] == 0)
            tb_text_printf(t, "seat %d has no cards left in hand\n", p);
        tb_text_printf(t, "seat %d is to beat it or take ", s->turn);
        the_cards(t, s->table_n);
        tb_text_puts(t, " on the table\n");
    } else if (a == TAKE) {
        /* A skirmish ends only when the taker's hand is empty, so its pile
         * after the hands burn is its pile after the take. */
        tb_text_printf(t, "seat %d takes ", p);
        the_cards(t, b->table_n);
        tb_text_puts(t, " of the round as burns (");
        burns_words(t, pile_burns(s, p));
        tb_text_puts(t, " this skirmish)\n");
        if (s->phase == PH_PLAY)
            tb_text_printf(t, "seat %d is the spellcaster and opens round "
                           "%d\n", p, s->round);
        else
            describe_skirmish_end(t, b, s);
    } else if (a < UNPICK) {
        tbi_mq_short_name((int)(a - DEFLECT), two_decks(b), card, sizeof card);
        tb_text_printf(t, "seat %d deflects the spell with the palm %s: seat "
                       "%d is to beat ", p, card, s->turn);
        tbi_mq_spell_words(t, s->need, s->trait);
        tb_text_puts(t, "\n");
    } else {
        tbi_mq_short_name((int)(a - UNPICK), two_decks(b), card, sizeof card);
        tb_text_printf(t, "seat %d takes %s back into hand", p, card);
        picked_words(t, s);
        tb_text_puts(t, "\n");
    }
}

/* A JSON array of card short names. */
static json_t *json_cards(const mystique *s, const uint8_t *c, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        char name[16];
        tbi_mq_short_name(c[i], two_decks(s), name, sizeof name);
        json_array_append_new(a, json_string(name));
    }
    return a;
}

static json_t *view_json(const void *vs, int seat)
{
    const mystique *s = vs;
    static const char *phase_names[] = {"draw", "deal", "play", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "skirmish", json_integer(s->skirmish));
    json_object_set_new(v, "best_of", json_integer(s->best_of));
    json_object_set_new(v, "decks", json_integer(s->decks));
    json_object_set_new(v, "dealer", json_integer(s->dealer));
    if (s->phase == PH_PLAY) {
        json_object_set_new(v, "round", json_integer(s->round));
        json_object_set_new(v, "spellcaster", json_integer(s->caster));
        json_object_set_new(v, "turn", json_integer(s->turn));
        if (!opening(s)) {
            json_object_set_new(v, "announced",
                                json_string(tbi_mq_trait_word(s->trait)));
            json_object_set_new(v, "need", json_integer(s->need));
            json_object_set_new(v, "last_caster", json_integer(s->last));
            json_object_set_new(v, "spell",
                                json_cards(s, s->table + s->spell_at, s->need));
        }
        json_object_set_new(v, "table", json_cards(s, s->table, s->table_n));
        json_object_set_new(v, "casting", json_cards(s, s->sel, s->sel_n));
        json_object_set_new(v, "answer_begun", json_boolean(s->begun));
        uint8_t seen[ALL_CARDS];
        int n = 0;
        for (int c = 0; c < ALL_CARDS; c++)
            if (tbi_set_has(&s->played, (unsigned)c))
                seen[n++] = (uint8_t)c;
        json_object_set_new(v, "played", json_cards(s, seen, n));
    }
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "hand_size", json_integer(s->hand_n[p]));
        uint8_t shown[MAX_HAND];
        int k = shown_in_hand(s, p, shown);
        if (k)
            json_object_set_new(o, "taken_back", json_cards(s, shown, k));
        json_object_set_new(o, "burn_cards", json_integer(s->burn_n[p]));
        json_object_set_new(o, "burn_aces", json_integer(s->burn_aces[p]));
        json_object_set_new(o, "burns", json_integer(pile_burns(s, p)));
        json_object_set_new(o, "side", json_integer(side_of(s, p)));
        json_object_set_new(o, "skirmishes_won",
                            json_integer(s->won[side_of(s, p)]));
        json_object_set_new(o, "total_burns",
                            json_integer(s->total[side_of(s, p)]));
        if (s->drew[p] != NONE)
            json_object_set_new(o, "drew", json_cards(s, &s->drew[p], 1));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (seat >= 0 && seat < s->players)
        json_object_set_new(v, "hand",
                            json_cards(s, s->hand[seat], s->hand_n[seat]));
    return v;
}

/* ---------------------------------------------------------------- bot
 *
 * The heuristic plays as a careful climber: it answers whenever it can,
 * with just enough cards -- or with enough more that the next player is
 * unlikely to hold as many of the trait, so that they must take the pile;
 * it deflects when it cannot answer, and takes only as a last resort.  It
 * opens with its biggest group (up to five), preferring traits the next
 * player is unlikely to match.  It spends the cards that belong to the
 * fewest other groups, and aces first under aces scoring.  It only reads
 * what it may see: its own hand and the cards played face up.
 */

#define BLOCK_CHANCE 0.15 /* a next player this unlikely to answer is "blocked" */
/* What an opening that probably blocks the next player is worth, in cards
 * shed: tuned by self-play (4 was clearly worse, 100 no better). */
#define BLOCK_WORTH 25.0

/* What the bot knows: its own cards (hand and picked) and, per trait, how
 * many it holds and how many it has not seen. */
typedef struct bot_info {
    uint8_t mine[MAX_HAND];
    int n, unseen;
    int count[TBI_MQ_TRAITS], unseen_of[TBI_MQ_TRAITS];
    int usable[TBI_MQ_TRAITS]; /* picked, or in hand and not taken back */
} bot_info;

static void bot_info_fill(const mystique *s, int me, bot_info *b)
{
    /* Per trait: the bot's own cards and those of its hand it took back
     * this turn, each card's traits read once from its mask, and the cards
     * played face up, counted on bit sets (the heuristic runs at every step
     * of a playout). */
    int back_of[TBI_MQ_TRAITS] = {0};
    memset(b->count, 0, sizeof b->count);
    b->n = 0;
    for (int i = 0; i < s->hand_n[me]; i++) {
        int c = s->hand[me][i];
        b->mine[b->n++] = (uint8_t)c;
        int taken = tbi_set_has(&s->back, (unsigned)c);
        for (unsigned m = tbi_mq_traits_of(c); m; m &= m - 1) {
            b->count[__builtin_ctz(m)]++;
            back_of[__builtin_ctz(m)] += taken;
        }
    }
    for (int i = 0; i < s->sel_n; i++) {
        b->mine[b->n++] = s->sel[i];
        for (unsigned m = tbi_mq_traits_of(s->sel[i]); m; m &= m - 1)
            b->count[__builtin_ctz(m)]++;
    }
    int played = tbi_set_count(&s->played);
    b->unseen = s->decks * TBI_MQ_CARDS - b->n - played;
    /* The played cards of each deck as a set of ids 0-59, to be counted
     * per trait against the trait's cards. */
    const uint64_t deck = (1ull << TBI_MQ_CARDS) - 1;
    uint64_t first = s->played.w[0] & deck;
    uint64_t second =
        (s->played.w[0] >> TBI_MQ_CARDS | s->played.w[1] << (64 - TBI_MQ_CARDS)) &
        deck;
    for (int t = 0; t < TBI_MQ_TRAITS; t++) {
        uint64_t cards = tbi_mq_trait_sets[t];
        int played_of = __builtin_popcountll(first & cards) +
                        __builtin_popcountll(second & cards);
        b->unseen_of[t] =
            tbi_mq_trait_total(t, s->decks) - b->count[t] - played_of;
        b->usable[t] = b->count[t] - back_of[t];
    }
}

/* n choose k as a double (exact enough for n up to 120). */
static double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0.0;
    if (k > n - k)
        k = n - k;
    double r = 1.0;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

/* choose(n, k) for every n of the unseen cards and k of a hand, worked
 * out once by choose itself (so every value is the very same double): the
 * heuristic asks for hundreds of them at each step of a playout.  Built by
 * whichever thread comes first (pthread_once), and only read after. */
static double binomial[ALL_CARDS + 1][MAX_HAND + 1];
static pthread_once_t binomial_once = PTHREAD_ONCE_INIT;

static void build_binomial(void)
{
    for (int n = 0; n <= ALL_CARDS; n++)
        for (int k = 0; k <= MAX_HAND; k++)
            binomial[n][k] = choose(n, k);
}

/* choose(n, k) from the table when it holds it. */
static double choose_fast(int n, int k)
{
    if (n >= 0 && n <= ALL_CARDS && k >= 0 && k <= MAX_HAND)
        return binomial[n][k];
    return choose(n, k);
}

/* The chance that the next seat, dealt at random from the unseen cards,
 * holds at least k cards of the trait (hypergeometric tail). */
static double p_answer(const mystique *s, const bot_info *b, int trait, int k)
{
    pthread_once(&binomial_once, build_binomial);
    int h = s->hand_n[next_seat(s, s->turn)], u = b->unseen_of[trait];
    double all = choose_fast(b->unseen, h), p = 0.0;
    if (all <= 0.0)
        return 0.0;
    for (int x = k; x <= u && x <= h; x++)
        p += choose_fast(u, x) * choose_fast(b->unseen - u, h - x);
    return p / all;
}

/* Whether the next seat is the bot's partner (then blocking hurts). */
static int partner_next(const mystique *s)
{
    int q = next_seat(s, s->turn);
    return s->partnership && q != s->turn && side_of(s, q) == side_of(s, s->turn);
}

/* How much a card is worth keeping when casting trait: the sizes of the
 * other groups it belongs to (squared, so big groups count most); aces
 * are worth shedding under aces scoring. */
static int keep_value(const mystique *s, const bot_info *b, int card, int trait)
{
    int v = 0;
    unsigned traits = tbi_mq_traits_of(card) & ~(1u << trait);
    for (int t = 0; t < TBI_MQ_TRAITS; t++)
        if (traits >> t & 1u) {
            int g = b->count[t] < OPEN_MAX ? b->count[t] : OPEN_MAX;
            v += g * g;
        }
    if (s->aces && tbi_mq_number(card) == 1)
        v -= 100;
    return v;
}

/* The k cards of trait to cast: those already picked, then the hand's
 * cards of the trait least worth keeping (ties by card id, so that the plan
 * is the same at every pick). */
static void plan_cards(const mystique *s, const bot_info *b, int trait, int k,
                       uint8_t *plan)
{
    int n = 0, me = s->turn;
    for (int i = 0; i < s->sel_n; i++)
        plan[n++] = s->sel[i];
    uint8_t used[MAX_HAND] = {0};
    while (n < k) {
        int best = -1, best_v = 0;
        for (int i = 0; i < s->hand_n[me]; i++) {
            int c = s->hand[me][i];
            if (used[i] || !tbi_mq_has_trait(c, trait) ||
                tbi_set_has(&s->back, (unsigned)c))
                continue;
            int v = keep_value(s, b, c, trait);
            if (best < 0 || v < best_v) {
                best = i;
                best_v = v;
            }
        }
        used[best] = 1;
        plan[n++] = s->hand[me][best];
    }
}

/* The opening: of the traits the picked cards still share, the one whose
 * spell (as many cards as possible, up to five) sheds most cards and is
 * least likely to be answered by the next player. */
static void choose_opening(const mystique *s, const bot_info *b, int *trait,
                           int *k)
{
    unsigned shared = tbi_mq_shared_traits(s->sel, s->sel_n);
    double best = -1e9;
    for (int t = 0; t < TBI_MQ_TRAITS; t++) {
        if (!(shared >> t & 1u) || b->usable[t] == 0)
            continue;
        int n = b->usable[t] < OPEN_MAX ? b->usable[t] : OPEN_MAX;
        double v = n;
        if (!partner_next(s))
            v += BLOCK_WORTH * (1.0 - p_answer(s, b, t, n));
        if (v > best) {
            best = v;
            *trait = t;
            *k = n;
        }
    }
}

/* The size of an answer: the fewest cards that probably block the next
 * player (never when that player is the bot's partner), else the fewest
 * allowed. */
static int choose_answer(const mystique *s, const bot_info *b)
{
    int t = s->trait, k = s->need > s->sel_n ? s->need : s->sel_n;
    if (partner_next(s))
        return k;
    for (int n = k; n <= b->usable[t]; n++)
        if (p_answer(s, b, t, n) < BLOCK_CHANCE)
            return n;
    return k;
}

/* The palm to deflect with (the one least worth keeping), or -1. */
static int choose_deflection(const mystique *s, const bot_info *b)
{
    int best = -1, best_v = 0, me = s->turn;
    for (int i = 0; i < s->hand_n[me]; i++) {
        int c = s->hand[me][i];
        if (!can_deflect(s, c))
            continue;
        int v = keep_value(s, b, c, s->trait);
        if (best < 0 || v < best_v) {
            best = c;
            best_v = v;
        }
    }
    return best;
}

TBI_POPCNT_CLONES_FLAT
static tb_action mystique_heuristic(const void *vs, int seat, tb_rng *rng)
{
    const mystique *s = vs;
    (void)rng;
    bot_info b;
    bot_info_fill(s, seat, &b);
    int trait = 0, k = 0;
    if (opening(s)) {
        choose_opening(s, &b, &trait, &k);
        if (k == 0) {
            /* Only cards taken back are left to open with: the first. */
            tb_action acts[TB_MAX_ACTIONS];
            legal(s, acts);
            return acts[0];
        }
    } else if (s->sel_n == 0 && b.usable[s->trait] < s->need) {
        int palm = choose_deflection(s, &b);
        return palm >= 0 ? DEFLECT + (tb_action)palm : TAKE;
    } else if (b.usable[s->trait] < s->need) {
        /* An answer that cannot be finished (cards were taken back): take
         * the picks back, then take or deflect. */
        return UNPICK + s->sel[s->sel_n - 1];
    } else {
        trait = s->trait;
        k = choose_answer(s, &b);
    }
    uint8_t plan[MAX_HAND];
    plan_cards(s, &b, trait, k, plan);
    if (k > s->sel_n)
        return plan[s->sel_n];
    return CAST + (tb_action)trait;
}

/* The draw for the deal is face up: everyone is told each card drawn, with
 * its number 1-60, and who deals (or that the highest tied and draw
 * again).  A skirmish's deal
 * tells each seat its own hand and everyone how many each got (the cards
 * set aside stay unseen). */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const mystique *b = vb, *s = va;
    int two = s->decks == 2;
    (void)outcome;
    (void)n;
    if (b->phase == PH_DRAW) {
        tb_text_puts(t, "the draw for the deal:");
        int first = 1;
        for (int p = 0; p < s->players; p++) {
            if (s->drew[p] == NONE)
                continue;
            tb_text_printf(t, "%s seat %d ", first ? "" : ",", p);
            tbi_mq_namer(t, s->drew[p], &two);
            tb_text_printf(t, " (#%d)", tbi_mq_card_no(s->drew[p]));
            first = 0;
        }
        if (s->phase == PH_DRAW)
            tb_text_puts(t, "; the highest numbers tie and draw again\n");
        else
            tb_text_printf(t, "; seat %d deals\n", s->dealer);
        return;
    }
    tb_text_printf(t, "skirmish %d: seat %d deals\n", s->skirmish,
                   s->dealer);
    tbi_say_deal(t, seat, s->players, &s->hand[0][0], MAX_HAND, s->hand_n,
                 tbi_mq_namer, &two);
}

/* ---------------------------------------------------------------- tensors */

/* seat's observation (docs/learning.md), cards as flags over the ids of
 * the decks in play (60 or 120, C below): its hand, the cards played this
 * skirmish, this round's table (each card's place in it plus one, /C),
 * the spell to beat (flags), the spell being built (each card's place in
 * it plus one, /24) and the cards the seat to act took back this turn;
 * per seat counted from seat: the cards all saw go back into its hand
 * (flags), its cards in hand (/24), the cards (/40) and aces (/8) of its
 * burns pile, and for its side the skirmishes won (/3), the burns of
 * finished skirmishes (/100) and of the last one (/60) and whether it won
 * the last one, its latest card drawn for the deal (its number /60, 0 for
 * none) and whether it still draws for the deal; the options (aces,
 * deflection, partnership, best of /5); the skirmish (/5); the dealer,
 * the spellcaster, the seat to act, the caster of the spell to beat and
 * the last deflector (one-hot from seat, none when there is none); the
 * announced trait (one-hot over 12, none when opening), the cards an
 * answer needs (/24) and whether an answer is begun; the round (/50); the
 * phase (draw, deal, play, over).  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const mystique *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, d = s->decks, c = d * TBI_MQ_CARDS;
    int play = s->phase == PH_PLAY, open = opening(s);
    tbi_obs_mq_cards(&o, s->hand[seat], s->hand_n[seat], d);
    tbi_obs_set128(&o, &s->played, 0, c);
    tbi_obs_order(&o, s->table, play ? s->table_n : 0, 0, c, c);
    tbi_obs_mq_cards(&o, s->table + s->spell_at, play && !open ? s->need : 0,
                     d);
    tbi_obs_order(&o, s->sel, play ? s->sel_n : 0, 0, c, MAX_HAND);
    tbi_obs_set128(&o, &s->back, 0, c);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n, side = side_of(s, p);
        uint8_t shown[MAX_HAND];
        tbi_obs_mq_cards(&o, shown, shown_in_hand(s, p, shown), d);
        tbi_obs_scalar(&o, s->hand_n[p] / (double)MAX_HAND);
        tbi_obs_scalar(&o, s->burn_n[p] / 40.0);
        tbi_obs_scalar(&o, s->burn_aces[p] / 8.0);
        tbi_obs_scalar(&o, s->won[side] / 3.0);
        tbi_obs_scalar(&o, s->total[side] / 100.0);
        tbi_obs_scalar(&o, s->last_burns[side] / 60.0);
        tbi_obs_scalar(&o, (double)(s->last_winners >> side & 1u));
        tbi_obs_scalar(&o, s->drew[p] == NONE ? 0
                               : tbi_mq_card_no(s->drew[p]) / 60.0);
        tbi_obs_scalar(&o, (double)((unsigned)s->contend >> p & 1u));
    }
    tbi_obs_scalar(&o, s->aces);
    tbi_obs_scalar(&o, s->deflection);
    tbi_obs_scalar(&o, s->partnership);
    tbi_obs_scalar(&o, s->best_of / 5.0);
    tbi_obs_scalar(&o, s->skirmish / 5.0);
    tbi_obs_seat(&o, s->phase == PH_DRAW && !s->skirmish ? -1 : s->dealer,
                 seat, n);
    tbi_obs_seat(&o, play ? s->caster : -1, seat, n);
    tbi_obs_seat(&o, play ? s->turn : -1, seat, n);
    tbi_obs_seat(&o, play && !open ? s->last : -1, seat, n);
    tbi_obs_seat(&o, play && s->deflector != NONE ? s->deflector : -1, seat,
                 n);
    tbi_obs_onehot(&o, play && !open ? s->trait : -1, TBI_MQ_TRAITS);
    tbi_obs_scalar(&o, play && !open ? s->need / (double)MAX_HAND : 0);
    tbi_obs_scalar(&o, s->begun);
    tbi_obs_scalar(&o, s->round / 50.0);
    tbi_obs_onehot(&o, s->phase, 4);
    return o.at;
}

/* The actions numbered over the C card ids of the decks in play: picking
 * card c is c, casting as trait t is C + t, taking is C + 12, deflecting
 * with card c is C + 13 + c, taking picked card c back is 2C + 13 + c. */
static int action_space(const tb_config *cfg)
{
    int c = (cfg->players > 4 ? 2 : 1) * TBI_MQ_CARDS;
    return 3 * c + TBI_MQ_TRAITS + 1;
}

static int action_index(const void *vs, tb_action a)
{
    const mystique *s = vs;
    int c = s->decks * TBI_MQ_CARDS;
    if (a < CAST)
        return (int)a;
    if (a < TAKE)
        return c + (int)(a - CAST);
    if (a == TAKE)
        return c + TBI_MQ_TRAITS;
    if (a < UNPICK)
        return c + TBI_MQ_TRAITS + 1 + (int)(a - DEFLECT);
    return 2 * c + TBI_MQ_TRAITS + 1 + (int)(a - UNPICK);
}

const tb_game tbg_mystique = {
    .id = "mystique",
    .title = "Mystique",
    .blurb = "climbing game of spells: match or beat the announced number, "
             "suit or colour, or take the burns",
    .min_players = 2,
    .max_players = 6,
    .flags = TB_GAME_HIDDEN,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(mystique),
    .check_config = check_config,
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
    .heuristic = mystique_heuristic,
    .describe = describe,
    .describe_chance = describe_chance,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
