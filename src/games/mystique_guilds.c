/*
 * mystique_guilds.c - Mystique Guilds (Néstor Romeral Andrés, 2013), for
 * 2-4 players with the Mystique Deck.  Each suit and colour pair is a
 * guild (12 of them).  Nobody is dealt a card: in turn each player draws a
 * card from the Draw Deck or the top card of the face-up Discard Deck, or
 * buys: shows a card of her own (the Influence Card), draws up to its
 * number of cards from the Draw Deck and puts the Influence Card on the
 * Discard Deck.  The game ends as soon as the Draw Deck is empty; then in
 * every guild the single highest total of card numbers takes 1 point (the
 * blue suns 2), and the most points win, fewer cards breaking a tie.
 *
 * Options: `open` (the face-up tableau the booklet recommends: every hand
 * is public; default on), `both-decks` (Variant 1: a purchase may draw
 * from the Discard Deck too) and `from-players` (Variant 2: a purchase may
 * ask cards of another player, who accepts the offer or declines it; the
 * Influence Card goes to that player).
 *
 * A hand is a set of cards (bit id): a tableau sorted into guilds has no
 * order.  Actions: the card id (0-59) is "buy 4Rc" at the start of a turn;
 * ACT_ASK + id is "ask 3Bs"; the others are words (draw, take, stop,
 * offer, accept, decline).
 */
#include "cards.h"
#include "dealt.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <math.h>
#include <string.h>

#define MAX_P 4
#define GUILDS 12
#define NONE 0xffu
#define BLUE_SUNS (TBI_MQ_SUNS * 3 + TBI_MQ_BLUE) /* the guild worth 2 */
/* Turns in a row without a card leaving the Draw Deck after which the
 * game ends (only the variants can get there: see the doc). */
#define STALL_LIMIT 60

#define ACT_ASK 64u
#define ACT_DRAW 128u
#define ACT_TAKE 129u
#define ACT_STOP 130u
#define ACT_OFFER 131u
#define ACT_ACCEPT 132u
#define ACT_DECLINE 133u

enum { OPT_OPEN, OPT_BOTH_DECKS, OPT_FROM_PLAYERS, N_OPTIONS };

enum phase {
    PH_DEAL,
    PH_TURN,   /* the seat to move draws, takes or starts a purchase */
    PH_BUY,    /* a purchase: drawing up to the Influence Card's number */
    PH_ASK,    /* Variant 2: asking cards of the seller */
    PH_ANSWER, /* Variant 2: the seller accepts or declines */
    PH_OVER
};

/* What the last finished turn was, for the table. */
enum last_kind { LAST_NONE, LAST_DRAW, LAST_TAKE, LAST_BUY, LAST_TRADE };

typedef struct guilds {
    uint8_t players, phase;
    uint8_t open, both_decks, from_players;
    uint8_t deck[TBI_MQ_CARDS]; /* the Draw Deck, top first */
    uint8_t deck_top;           /* deck[deck_top..60) are still to draw */
    uint8_t discard[TBI_MQ_CARDS], discard_n; /* the Discard Deck, top last */
    uint64_t hand[MAX_P];       /* each seat's cards (bit id) */
    uint64_t shown[MAX_P];      /* those the whole table has seen there */
    uint8_t to_move;            /* whose turn it is */
    uint8_t influence;          /* the Influence Card of a purchase, or NONE */
    uint8_t bought;             /* cards drawn so far in the purchase */
    uint8_t seller;             /* Variant 2: the seat asked, or NONE */
    uint64_t asked;             /* Variant 2: the cards asked for */
    uint8_t declined;           /* Variant 2: seats that declined this turn */
    uint8_t stall;              /* turns since a card last left the Draw Deck */
    uint8_t deck_at_turn;       /* the Draw Deck's size when the turn began */
    uint8_t capped;             /* ended by STALL_LIMIT */
    uint16_t turn;              /* turns finished */
    /* The last finished turn: who, what, the card taken or the Influence
     * Card, how many cards it brought, and the seller of a trade. */
    uint8_t last_seat, last_kind, last_card, last_count, last_seller;
} guilds;

/* ------------------------------------------------------------ cards */

static uint64_t bit(int card)
{
    return 1ull << card;
}

static int guild_of(int card)
{
    return card / 5; /* suit * 3 + colour: the card's combination */
}

static int worth(int guild)
{
    return guild == BLUE_SUNS ? 2 : 1;
}

static int count(uint64_t set)
{
    return __builtin_popcountll(set);
}

static int deck_left(const guilds *s)
{
    return TBI_MQ_CARDS - s->deck_top;
}

static int discard_top(const guilds *s)
{
    return s->discard_n ? s->discard[s->discard_n - 1] : -1;
}

/* The guild totals of a hand: the numbers of its cards, guild by guild. */
static void totals_of(uint64_t hand, int *total)
{
    for (int g = 0; g < GUILDS; g++)
        total[g] = 0;
    for (uint64_t m = hand; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        total[guild_of(c)] += tbi_mq_number(c);
    }
}

/* The points of every seat: "The player with the highest total value for
 * any given guild controls that guild and scores 1 point ... If two or
 * more players have the same total value for a guild, none of them scores
 * for it.  The guild of blue suns is special, and scores 2 points". */
static void points_of(const uint64_t *hands, int players, int *points)
{
    int total[MAX_P][GUILDS];
    for (int p = 0; p < players; p++) {
        totals_of(hands[p], total[p]);
        points[p] = 0;
    }
    for (int g = 0; g < GUILDS; g++) {
        int best = 0, who = -1;
        for (int p = 0; p < players; p++) {
            if (total[p][g] > best) {
                best = total[p][g];
                who = p;
            } else if (total[p][g] == best) {
                who = -1;
            }
        }
        if (who >= 0)
            points[who] += worth(g);
    }
}

/* ------------------------------------------------------------ options */

static const tb_option_def options[N_OPTIONS] = {
    {"open", "play with the hands face up in a tableau, as the booklet "
             "recommends (off: hands are secret)",
     TB_OPT_BOOL, 1, 0, 1, NULL},
    {"both-decks", "Variant 1: a purchase may draw from the Discard Deck "
                   "as well as the Draw Deck",
     TB_OPT_BOOL, 0, 0, 1, NULL},
    {"from-players", "Variant 2: a purchase may ask cards of another player, "
                     "who accepts or declines; the Influence Card goes to "
                     "that player (needs open)",
     TB_OPT_BOOL, 0, 0, 1, NULL},
};

static int check_config(const tb_config *cfg, char *err, size_t cap)
{
    if (cfg->opt[OPT_FROM_PLAYERS] && !cfg->opt[OPT_OPEN]) {
        tbi_errf(err, cap, "from-players (Variant 2) needs open=on: the buyer "
                 "names the cards she asks for, so she must see them");
        return TB_EINVAL;
    }
    return TB_OK;
}

/* ------------------------------------------------------------ set-up */

static void init(void *vs, const tb_config *cfg)
{
    guilds *s = vs;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    s->open = (uint8_t)cfg->opt[OPT_OPEN];
    s->both_decks = (uint8_t)cfg->opt[OPT_BOTH_DECKS];
    s->from_players = (uint8_t)cfg->opt[OPT_FROM_PLAYERS];
    s->influence = s->seller = s->last_seat = s->last_card = NONE;
    s->last_seller = NONE;
    s->phase = PH_DEAL;
}

static int current(const void *vs)
{
    const guilds *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_OVER: return TB_TERMINAL;
    case PH_ANSWER: return s->seller;
    default: return s->to_move;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    c->what = "Draw Deck";
    tbi_mq_chance_deck(c, 1);
}

/* "Shuffle the deck and place it face-down in the middle of the table";
 * seat 0 starts ("by any peaceful means"). */
static void apply_chance(void *vs, const uint16_t *outcome)
{
    guilds *s = vs;
    for (int i = 0; i < TBI_MQ_CARDS; i++)
        s->deck[i] = (uint8_t)outcome[i];
    s->deck_at_turn = TBI_MQ_CARDS;
    s->phase = PH_TURN;
}

/* ------------------------------------------------------------ play */

/* The seats the buyer may still ask cards of: those holding cards that
 * have not declined an offer this turn. */
static uint64_t askable(const guilds *s)
{
    uint64_t m = 0;
    for (int q = 0; q < s->players; q++)
        if (q != s->to_move && !(s->declined >> q & 1u))
            m |= s->hand[q];
    return m;
}

static int legal(const void *vs, tb_action *out)
{
    const guilds *s = vs;
    int n = 0, p = s->to_move;
    switch (s->phase) {
    case PH_TURN:
        out[n++] = ACT_DRAW;
        if (s->discard_n)
            out[n++] = ACT_TAKE;
        for (uint64_t m = s->hand[p]; m; m &= m - 1)
            out[n++] = (tb_action)__builtin_ctzll(m);
        break;
    case PH_BUY:
        out[n++] = ACT_DRAW;
        if (s->both_decks && s->discard_n)
            out[n++] = ACT_TAKE;
        if (s->bought)
            out[n++] = ACT_STOP;
        else if (s->from_players)
            for (uint64_t m = askable(s); m; m &= m - 1)
                out[n++] = ACT_ASK + (tb_action)__builtin_ctzll(m);
        break;
    case PH_ASK:
        out[n++] = ACT_OFFER;
        for (uint64_t m = s->hand[s->seller] & ~s->asked; m; m &= m - 1)
            out[n++] = ACT_ASK + (tb_action)__builtin_ctzll(m);
        break;
    case PH_ANSWER:
        out[n++] = ACT_ACCEPT;
        out[n++] = ACT_DECLINE;
        break;
    }
    return n;
}

/* Seat p gets a card; the table sees it when hands are open or when it
 * came face up (from the Discard Deck, or from another player). */
static void give(guilds *s, int p, int card, int seen)
{
    s->hand[p] |= bit(card);
    if (seen || s->open)
        s->shown[p] |= bit(card);
}

static void lose(guilds *s, int p, int card)
{
    s->hand[p] &= ~bit(card);
    s->shown[p] &= ~bit(card);
}

static void draw_top(guilds *s, int p)
{
    give(s, p, s->deck[s->deck_top++], 0);
}

static void take_top(guilds *s, int p)
{
    give(s, p, s->discard[--s->discard_n], 1);
}

/* The turn is over: the next seat's begins, unless the Draw Deck is empty
 * ("If, at any moment, there are no cards left in the Draw Deck, the game
 * ends") or the game has stalled for STALL_LIMIT turns. */
static void end_turn(guilds *s, int kind, int card, int n)
{
    s->last_seat = s->to_move;
    s->last_kind = (uint8_t)kind;
    s->last_card = (uint8_t)card;
    s->last_count = (uint8_t)n;
    s->last_seller = kind == LAST_TRADE ? s->seller : NONE;
    s->turn++;
    s->stall = deck_left(s) < s->deck_at_turn ? 0 : (uint8_t)(s->stall + 1);
    s->deck_at_turn = (uint8_t)deck_left(s);
    s->influence = s->seller = NONE;
    s->bought = 0;
    s->asked = 0;
    s->declined = 0;
    if (deck_left(s) == 0 || s->stall >= STALL_LIMIT) {
        s->capped = deck_left(s) > 0;
        s->phase = PH_OVER;
        return;
    }
    s->to_move = (uint8_t)((s->to_move + 1) % s->players);
    s->phase = PH_TURN;
}

/* "Place the Influence Card face-up on the Discard Deck": the purchase
 * ends when the buyer stops, has drawn the card's number, or the Draw Deck
 * is empty (which ends the game at once). */
static void end_purchase(guilds *s)
{
    s->discard[s->discard_n++] = s->influence;
    end_turn(s, LAST_BUY, s->influence, s->bought);
}

/* After a card drawn in a purchase. */
static void bought_one(guilds *s)
{
    s->bought++;
    if (s->bought == tbi_mq_number(s->influence) || deck_left(s) == 0)
        end_purchase(s);
}

/* Variant 2: the offer goes to the seller. */
static void make_offer(guilds *s)
{
    s->phase = PH_ANSWER;
}

/* Variant 2, after an ask: the offer is made at once when nothing more
 * could be asked (the card's number reached, or the seller's cards all
 * asked for). */
static void asked_one(guilds *s)
{
    if (count(s->asked) == tbi_mq_number(s->influence) ||
        !(s->hand[s->seller] & ~s->asked))
        make_offer(s);
}

static void apply(void *vs, tb_action a)
{
    guilds *s = vs;
    int p = s->to_move;
    if (s->phase == PH_TURN) {
        if (a == ACT_DRAW) {
            int card = s->deck[s->deck_top];
            draw_top(s, p);
            end_turn(s, LAST_DRAW, card, 1);
        } else if (a == ACT_TAKE) {
            int card = discard_top(s);
            take_top(s, p);
            end_turn(s, LAST_TAKE, card, 1);
        } else {
            /* "Place one of your cards face-up before you. This is the
             * Influence Card." */
            lose(s, p, (int)a);
            s->influence = (uint8_t)a;
            s->bought = 0;
            s->phase = PH_BUY;
        }
        return;
    }
    switch (a) {
    case ACT_DRAW:
        draw_top(s, p);
        bought_one(s);
        break;
    case ACT_TAKE:
        take_top(s, p);
        bought_one(s);
        break;
    case ACT_STOP:
        end_purchase(s);
        break;
    case ACT_OFFER:
        make_offer(s);
        break;
    case ACT_ACCEPT: {
        /* "Give the Influence Card to that player, instead of discarding
         * it." */
        int q = s->seller;
        for (uint64_t m = s->asked; m; m &= m - 1) {
            lose(s, q, __builtin_ctzll(m));
            give(s, p, __builtin_ctzll(m), 1);
        }
        give(s, q, s->influence, 1);
        end_turn(s, LAST_TRADE, s->influence, count(s->asked));
        break;
    }
    case ACT_DECLINE:
        /* The Influence Card goes back to the buyer, whose turn goes on;
         * she may not ask that player again this turn. */
        give(s, p, s->influence, 1);
        s->declined |= (uint8_t)(1u << s->seller);
        s->influence = s->seller = NONE;
        s->asked = 0;
        s->phase = PH_TURN;
        break;
    default: { /* an ask */
        int card = (int)(a - ACT_ASK);
        if (s->phase == PH_BUY) {
            for (int q = 0; q < s->players; q++)
                if (s->hand[q] & bit(card))
                    s->seller = (uint8_t)q;
            s->phase = PH_ASK;
        }
        s->asked |= bit(card);
        asked_one(s);
        break;
    }
    }
}

/* Each seat's cards, for the tie-break. */
static int cards_of(const guilds *s, int p)
{
    return count(s->hand[p]);
}

static void result(const void *vs, tb_result *out)
{
    const guilds *s = vs;
    int points[MAX_P];
    points_of(s->hand, s->players, points);
    out->players = s->players;
    /* "Ties for first place are broken by the lowest number of cards. If a
     * tie persists, then play again": seats level in points and cards
     * share their place. */
    for (int p = 0; p < s->players; p++) {
        out->score[p] = points[p];
        out->rank[p] = 1;
        for (int q = 0; q < s->players; q++)
            if (points[q] > points[p] ||
                (points[q] == points[p] && cards_of(s, q) < cards_of(s, p)))
                out->rank[p]++;
    }
}

static int standing(const void *vs, double *scores)
{
    const guilds *s = vs;
    int points[MAX_P];
    points_of(s->hand, s->players, points);
    for (int p = 0; p < s->players; p++)
        scores[p] = points[p];
    return s->turn;
}

/* ------------------------------------------------------------ hidden */

/* Resamples what seat has not seen: the order of the Draw Deck and, with
 * secret hands, the other seats' cards the table has not seen (pooled
 * with the Draw Deck and dealt back in the same numbers). */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    guilds *s = vs;
    if (s->phase == PH_DEAL || s->phase == PH_OVER)
        return;
    tbi_pool pool;
    tbi_pool_init(&pool);
    int hidden[MAX_P];
    for (int p = 0; p < s->players; p++) {
        hidden[p] = 0;
        if (p == seat)
            continue;
        for (uint64_t m = s->hand[p] & ~s->shown[p]; m; m &= m - 1) {
            tbi_pool_add(&pool, (uint8_t)__builtin_ctzll(m));
            hidden[p]++;
        }
    }
    tbi_pool_add_run(&pool, s->deck + s->deck_top, deck_left(s));
    tbi_pool_shuffle(&pool, rng);
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        s->hand[p] = s->shown[p];
        for (int k = 0; k < hidden[p]; k++)
            s->hand[p] |= bit(tbi_pool_take(&pool));
    }
    tbi_pool_take_run(&pool, s->deck + s->deck_top, deck_left(s));
    /* The cards already drawn stay in deck[] as history, and the last
     * turn remembers the card drawn: with secret hands they name cards
     * seat never saw, so they are forgotten (nothing reads them again;
     * tb_infoset_key and the learning tensors need a state to hold only
     * what seat may see). */
    memset(s->deck, 0, s->deck_top);
    if (s->last_kind == LAST_DRAW && !s->open && s->last_seat != seat)
        s->last_card = NONE;
}

/* ------------------------------------------------------------ the bot */

/* The bot's picture of the table: every seat's guild totals, and how
 * soft the margins still are. */
typedef struct picture {
    int players;
    int total[MAX_P][GUILDS];
    double width;
} picture;

static void picture_of(const guilds *s, picture *pic)
{
    pic->players = s->players;
    for (int p = 0; p < s->players; p++)
        totals_of(s->hand[p], pic->total[p]);
    /* A lead is less sure while many cards are still to come. */
    pic->width = 1.0 + 3.0 * deck_left(s) / TBI_MQ_CARDS;
}

/* How the bot values a guild where seat leads by margin d (negative when
 * behind the best rival): a smooth step from -1 to 1. */
static double guild_value(const picture *pic, int seat, int g)
{
    int rival = 0;
    for (int p = 0; p < pic->players; p++)
        if (p != seat && pic->total[p][g] > rival)
            rival = pic->total[p][g];
    double d = pic->total[seat][g] - rival;
    return worth(g) * d / (fabs(d) + pic->width);
}

/* The change in seat's estimate when card joins (sign 1) or leaves (sign
 * -1) its hand: only the card's guild changes. */
static double card_gain(picture *pic, int seat, int card, int sign)
{
    int g = guild_of(card);
    double before = guild_value(pic, seat, g);
    pic->total[seat][g] += sign * tbi_mq_number(card);
    double after = guild_value(pic, seat, g);
    pic->total[seat][g] -= sign * tbi_mq_number(card);
    return after - before;
}

/* How much seat's estimate falls if seat q gets card. */
static double gift_cost(picture *pic, int seat, int q, int card)
{
    int g = guild_of(card);
    double before = guild_value(pic, seat, g);
    pic->total[q][g] += tbi_mq_number(card);
    double after = guild_value(pic, seat, g);
    pic->total[q][g] -= tbi_mq_number(card);
    return before - after;
}

/* The cards seat cannot place: the Draw Deck and, with secret hands, the
 * cards of other hands the table has not seen. */
static uint64_t unseen_by(const guilds *s, int seat)
{
    uint64_t m = 0;
    for (int i = s->deck_top; i < TBI_MQ_CARDS; i++)
        m |= bit(s->deck[i]);
    for (int p = 0; p < s->players; p++)
        if (p != seat)
            m |= s->hand[p] & ~s->shown[p];
    return m;
}

/* The mean gain for seat of one more card from the unseen ones. */
static double mean_gain(picture *pic, int seat, uint64_t unseen)
{
    double sum = 0;
    int n = 0;
    for (uint64_t m = unseen; m; m &= m - 1, n++)
        sum += card_gain(pic, seat, __builtin_ctzll(m), 1);
    return n ? sum / n : 0.0;
}

/* Whether seat would win if the game ended with these hands: sole first
 * place after the tie-break. */
static int would_win(const uint64_t *hands, int players, int seat)
{
    int points[MAX_P];
    points_of(hands, players, points);
    for (int q = 0; q < players; q++)
        if (q != seat && (points[q] > points[seat] ||
                          (points[q] == points[seat] &&
                           count(hands[q]) <= count(hands[seat]))))
            return 0;
    return 1;
}

/* Whether seat has more points than every other seat with these hands: a
 * lead that cards it draws cannot take away (its own cards never lower its
 * points nor raise another's). */
static int sole_leader(const uint64_t *hands, int players, int seat)
{
    int points[MAX_P];
    points_of(hands, players, points);
    for (int q = 0; q < players; q++)
        if (q != seat && points[q] >= points[seat])
            return 0;
    return 1;
}

/* Whether leaving k cards in the Draw Deck after seat's turn lets the next
 * seat end the game as the sole leader: drawing the last card, or buying
 * with a card of number k or more and drawing the deck out. */
static int hands_the_end(const guilds *s, int seat, int k)
{
    int q = (seat + 1) % s->players;
    if (k < 1 || k > 5 || !sole_leader(s->hand, s->players, q))
        return 0;
    if (k == 1)
        return 1;
    for (uint64_t m = s->hand[q]; m; m &= m - 1) {
        int x = __builtin_ctzll(m);
        uint64_t hands[MAX_P];
        memcpy(hands, s->hand, sizeof hands);
        hands[q] &= ~bit(x);
        if (tbi_mq_number(x) >= k && sole_leader(hands, s->players, q))
            return 1;
    }
    return 0;
}

/* What the bot charges for a move that hands the next seat a winning
 * end: about a guild and a half. */
#define END_RISK 3.0

/* The share of the unseen cards that, drawn as the Draw Deck's last card,
 * leave seat the winner. */
static double win_if_last(const guilds *s, int seat, uint64_t unseen)
{
    uint64_t hands[MAX_P];
    memcpy(hands, s->hand, sizeof hands);
    int wins = 0, n = 0;
    for (uint64_t m = unseen; m; m &= m - 1, n++) {
        hands[seat] = s->hand[seat] | bit(__builtin_ctzll(m));
        wins += would_win(hands, s->players, seat);
    }
    return n ? (double)wins / n : 0.0;
}

/* A trade in the bot's reckoning: the table after it, and what it gains
 * the buyer (the seat to move) and the seller, both measured against the
 * Influence Card x staying with the buyer (what a refusal leaves). */
typedef struct trade {
    picture after;
    int buyer, seller;
    double buyer_gain, seller_gain;
} trade;

/* Moves card from seat `from` to seat `to` in t's table and adds the
 * change in the card's guild to both gains. */
static void trade_move(trade *t, int card, int from, int to)
{
    int g = guild_of(card), n = tbi_mq_number(card);
    double b0 = guild_value(&t->after, t->buyer, g);
    double s0 = guild_value(&t->after, t->seller, g);
    t->after.total[from][g] -= n;
    t->after.total[to][g] += n;
    t->buyer_gain += guild_value(&t->after, t->buyer, g) - b0;
    t->seller_gain += guild_value(&t->after, t->seller, g) - s0;
}

/* The gains of t with one more card asked, t left as it was. */
static void trade_try(trade *t, int card, double *buyer_gain,
                      double *seller_gain)
{
    double b = t->buyer_gain, g = t->seller_gain;
    trade_move(t, card, t->seller, t->buyer);
    *buyer_gain = t->buyer_gain;
    *seller_gain = t->seller_gain;
    trade_move(t, card, t->buyer, t->seller);
    t->buyer_gain = b;
    t->seller_gain = g;
}

/* The trade of x for the cards asked of seller. */
static void trade_of(const guilds *s, const picture *pic, int x, int seller,
                     uint64_t asked, trade *t)
{
    t->after = *pic;
    t->buyer = s->to_move;
    t->seller = seller;
    t->buyer_gain = t->seller_gain = 0;
    if (s->influence == x) /* x lies before the buyer, out of her hand */
        t->after.total[t->buyer][guild_of(x)] += tbi_mq_number(x);
    trade_move(t, x, t->buyer, seller);
    for (uint64_t m = asked; m; m &= m - 1)
        trade_move(t, __builtin_ctzll(m), seller, t->buyer);
}

/* What a seller must gain by a trade, in its own estimate, to accept it:
 * a trade that leaves it no better off only helps a rival. */
#define ACCEPT_GAIN 0.05

/* The cards to ask of seller for x, chosen one at a time while each
 * raises the buyer's gain and the seller would still accept (it gains
 * more than ACCEPT_GAIN), after those already asked; returns the buyer's
 * gain (-1e9 when it asks nothing). */
static double plan_asks(const guilds *s, const picture *pic, int x,
                        int seller, uint64_t *asked)
{
    trade t;
    trade_of(s, pic, x, seller, *asked, &t);
    double best = *asked ? t.buyer_gain : -1e9;
    while (count(*asked) < tbi_mq_number(x)) {
        int pick = -1;
        double pick_gain = best;
        for (uint64_t m = s->hand[seller] & ~*asked; m; m &= m - 1) {
            double bg, sg;
            trade_try(&t, __builtin_ctzll(m), &bg, &sg);
            if (sg > ACCEPT_GAIN && bg > pick_gain + 1e-9) {
                pick_gain = bg;
                pick = __builtin_ctzll(m);
            }
        }
        if (pick < 0)
            break;
        trade_move(&t, pick, seller, t.buyer);
        *asked |= bit(pick);
        best = pick_gain;
    }
    return best;
}

/* Variant 2: the best trade for card x over the sellers the buyer may
 * still ask; its first card goes to *first (0 when none is worth it). */
static double best_trade(const guilds *s, const picture *pic, int x,
                         uint64_t *first)
{
    double best = -1e9;
    *first = 0;
    for (int q = 0; q < s->players; q++) {
        if (q == s->to_move || (s->declined >> q & 1u) || !s->hand[q])
            continue;
        uint64_t asked = 0;
        double g = plan_asks(s, pic, x, q, &asked);
        if (asked && g > best) {
            best = g;
            *first = asked & -asked;
        }
    }
    return best;
}

/* What the heuristic knows of the moment, computed once per decision. */
typedef struct outlook {
    picture pic;
    uint64_t unseen;
    int left, top;
    int last_wins;    /* drawing the Draw Deck's last card now wins */
    double draw_gain; /* the mean gain of a card from the Draw Deck */
    double take_gain; /* the gain of the Discard Deck's top card */
} outlook;

static void outlook_of(const guilds *s, int seat, outlook *o)
{
    picture_of(s, &o->pic);
    o->unseen = unseen_by(s, seat);
    o->left = deck_left(s);
    o->top = discard_top(s);
    o->last_wins = o->left == 1 && win_if_last(s, seat, o->unseen) >= 0.5;
    o->draw_gain = mean_gain(&o->pic, seat, o->unseen);
    o->take_gain = o->top >= 0 ? card_gain(&o->pic, seat, o->top, 1) : -1e9;
}

/* In a purchase: draw the deck out when that wins; with Variant 2 ask for
 * a trade that beats drawing; stop rather than draw the last card, or
 * leave the next seat a winning end, when that loses; take from the
 * Discard Deck (Variant 1) when its top card beats a draw; stop when a
 * card is worth nothing more. */
static tb_action purchase_move(const guilds *s, int seat, outlook *o)
{
    uint64_t first;
    int left = o->left;
    if (left <= tbi_mq_number(s->influence) - s->bought &&
        sole_leader(s->hand, s->players, seat))
        return ACT_DRAW;
    if (s->bought == 0 && s->from_players &&
        best_trade(s, &o->pic, s->influence, &first) >
            o->draw_gain * tbi_mq_number(s->influence) &&
        first)
        return ACT_ASK + (tb_action)__builtin_ctzll(first);
    if (left == 1 && s->bought && !o->last_wins)
        return ACT_STOP;
    if (s->bought && hands_the_end(s, seat, left - 1) &&
        !hands_the_end(s, seat, left))
        return ACT_STOP;
    if (s->both_decks && o->top >= 0 && o->take_gain > o->draw_gain)
        return ACT_TAKE;
    if (s->bought && o->draw_gain <= 0)
        return ACT_STOP;
    return ACT_DRAW;
}

/* The purchase that ends the game at once, drawing the Draw Deck out with
 * 2-5 cards left, when that leaves seat the sole leader, paid with the
 * card it misses least; ACT_DRAW when there is none. */
static tb_action winning_end(const guilds *s, int seat, outlook *o)
{
    tb_action end_with = ACT_DRAW;
    double end_cost = -1e9;
    for (uint64_t m = s->hand[seat]; o->left > 1 && o->left <= 5 && m;
         m &= m - 1) {
        int x = __builtin_ctzll(m);
        uint64_t hands[MAX_P];
        memcpy(hands, s->hand, sizeof hands);
        hands[seat] &= ~bit(x);
        double cost = card_gain(&o->pic, seat, x, -1);
        if (tbi_mq_number(x) >= o->left && cost > end_cost &&
            sole_leader(hands, s->players, seat)) {
            end_with = (tb_action)x;
            end_cost = cost;
        }
    }
    return end_with;
}

/* Variant 2: trades are planned only with the highest-numbered cards
 * (those that can ask for most; three of them or a little more, all cards
 * of the lowest number among them), which keeps the search for them
 * cheap.  Returns that lowest number (6: no trades). */
static int trade_floor(const guilds *s, int seat)
{
    int floor = 6;
    for (int k = 0, n = 0; s->from_players && k < 5 && n < 3; k++) {
        floor = 5 - k;
        for (uint64_t m = s->hand[seat]; m; m &= m - 1)
            n += tbi_mq_number(__builtin_ctzll(m)) == floor;
    }
    return floor;
}

/* The worth of buying with x: its draws (fewer when that leaves the next
 * seat no winning end), less what x is worth to seat, less the risk of
 * the end it leaves, less what x is worth to the next seat when that seat
 * would take it from the Discard Deck; or a better trade (Variant 2). */
static double purchase_worth(const guilds *s, int seat, outlook *o, int x,
                             double next_draw, int floor)
{
    int next = (seat + 1) % s->players, left = o->left;
    double first_draw = s->both_decks && o->take_gain > o->draw_gain
                            ? o->take_gain
                            : o->draw_gain;
    /* Short of ending the game, a purchase draws at most left - 1. */
    int n = tbi_mq_number(x), draws = n < left ? n : left - 1;
    while (draws > 1 && hands_the_end(s, seat, left - draws))
        draws--;
    double v = -1e9;
    if (draws >= 1) {
        v = first_draw + (draws - 1) * o->draw_gain +
            card_gain(&o->pic, seat, x, -1) -
            END_RISK * hands_the_end(s, seat, left - draws);
        if (card_gain(&o->pic, next, x, 1) > next_draw)
            v -= gift_cost(&o->pic, seat, next, x);
    }
    if (s->from_players && n >= floor) {
        uint64_t first;
        double g = best_trade(s, &o->pic, x, &first);
        v = g > v ? g : v;
    }
    return v;
}

/* The start of a turn: end the game when that wins; avoid drawing the
 * last card otherwise; else the best of drawing, taking and buying with
 * each card, each less the risk of the end it leaves the next seat. */
static tb_action turn_move(const guilds *s, int seat, outlook *o)
{
    if (o->left == 1 && o->last_wins)
        return ACT_DRAW;
    tb_action end_with = winning_end(s, seat, o);
    if (end_with != ACT_DRAW)
        return end_with;
    if (o->left == 1 && o->top >= 0)
        return ACT_TAKE;
    int next = (seat + 1) % s->players, floor = trade_floor(s, seat);
    double next_draw = mean_gain(&o->pic, next, o->unseen);
    tb_action pick = ACT_DRAW;
    double best = o->draw_gain - END_RISK * hands_the_end(s, seat, o->left - 1);
    double take = o->take_gain - END_RISK * hands_the_end(s, seat, o->left);
    if (o->top >= 0 && take > best) {
        best = take;
        pick = ACT_TAKE;
    }
    for (uint64_t m = s->hand[seat]; m; m &= m - 1) {
        int x = __builtin_ctzll(m);
        double v = purchase_worth(s, seat, o, x, next_draw, floor);
        if (v > best + 1e-9) {
            best = v;
            pick = (tb_action)x;
        }
    }
    return pick;
}

/* A decent player, valuing the table guild by guild (guild_value).  At the
 * start of a turn it compares drawing (the mean gain of an unseen card),
 * taking the Discard Deck's top card and buying with each of its cards
 * (turn_move); near the end it avoids emptying the Draw Deck unless that
 * leaves it the winner.  In a purchase it draws on while a card is worth
 * having and the deck will not run out under it, unless that wins
 * (purchase_move).  With Variant 2 it asks for the trade it expects the
 * seller to accept (plan_asks), and as a seller it accepts an offer that
 * raises its own valuation by more than ACCEPT_GAIN. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const guilds *s = vs;
    (void)rng;
    if (s->phase == PH_ANSWER || s->phase == PH_ASK) {
        picture pic;
        picture_of(s, &pic);
        if (s->phase == PH_ANSWER) {
            trade t;
            trade_of(s, &pic, s->influence, seat, s->asked, &t);
            return t.seller_gain > ACCEPT_GAIN ? ACT_ACCEPT : ACT_DECLINE;
        }
        uint64_t asked = s->asked;
        plan_asks(s, &pic, s->influence, s->seller, &asked);
        if (asked != s->asked)
            return ACT_ASK + (tb_action)__builtin_ctzll(asked & ~s->asked);
        return ACT_OFFER;
    }
    outlook o;
    outlook_of(s, seat, &o);
    return s->phase == PH_BUY ? purchase_move(s, seat, &o)
                              : turn_move(s, seat, &o);
}

/* A simple policy for opponent pools, the way a casual player collects:
 * it takes the Discard Deck's top card when it already has a card of that
 * guild, buys with a 4 or a 5 (its lowest such card) and draws the
 * purchase out, and otherwise draws.  It never weighs its rivals or the
 * end. */
static tb_action collector(const void *vs, int seat, tb_rng *rng)
{
    const guilds *s = vs;
    (void)rng;
    if (s->phase == PH_ANSWER)
        return ACT_DECLINE;
    if (s->phase == PH_ASK)
        return ACT_OFFER;
    if (s->phase == PH_BUY)
        return ACT_DRAW;
    int top = discard_top(s);
    if (top >= 0) {
        uint64_t guild = 0x1full << (guild_of(top) * 5);
        if (s->hand[seat] & guild)
            return ACT_TAKE;
    }
    for (int number = 4; number <= 5; number++)
        for (uint64_t m = s->hand[seat]; m; m &= m - 1)
            if (tbi_mq_number(__builtin_ctzll(m)) == number)
                return (tb_action)__builtin_ctzll(m);
    return ACT_DRAW;
}

static const tb_policy policies[] = {
    {"collector", "take a discard of a guild it has, buy with 4s and 5s, "
                  "else draw", collector},
};

/* ------------------------------------------------------------ text */

static void card_name(int card, char *buf, size_t cap)
{
    tbi_mq_short_name(card, 0, buf, cap);
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    const guilds *s = vs;
    char name[8];
    switch (a) {
    case ACT_DRAW: snprintf(buf, cap, "draw"); return;
    case ACT_TAKE:
        card_name(discard_top(s), name, sizeof name);
        snprintf(buf, cap, "take %s", name);
        return;
    case ACT_STOP: snprintf(buf, cap, "stop"); return;
    case ACT_OFFER: snprintf(buf, cap, "offer"); return;
    case ACT_ACCEPT: snprintf(buf, cap, "accept"); return;
    case ACT_DECLINE: snprintf(buf, cap, "decline"); return;
    default:
        card_name((int)(a >= ACT_ASK ? a - ACT_ASK : a), name, sizeof name);
        snprintf(buf, cap, "%s %s", a >= ACT_ASK ? "ask" : "buy", name);
    }
}

/* The moves the seat to move may type now, as words, with an example of
 * each kind that names a card ("draw, take 5Rs or buy CARD (e.g. buy
 * 3Ba)"), for the table and for a refused move. */
static void hint(const guilds *s, char *buf, size_t cap)
{
    tb_action acts[TB_MAX_ACTIONS];
    int n = legal(s, acts), kinds = 0;
    char words[4][48];
    tb_action buy = NONE, ask = NONE;
    for (int i = 0; i < n; i++) {
        if (acts[i] < ACT_ASK && buy == NONE)
            buy = acts[i];
        else if (acts[i] >= ACT_ASK && acts[i] < ACT_DRAW && ask == NONE)
            ask = acts[i];
        else if (acts[i] >= ACT_DRAW && kinds < 4)
            action_text(s, acts[i], words[kinds++], sizeof words[0]);
    }
    tb_text t;
    tb_text_init(&t, buf, cap);
    for (int k = 0; k < kinds; k++)
        tb_text_printf(&t, "%s%s", k ? ", " : "", words[k]);
    char example[TB_ACTION_TEXT];
    if (buy != NONE) {
        action_text(s, buy, example, sizeof example);
        tb_text_printf(&t, "%sbuy CARD (e.g. %s)", kinds ? " or " : "",
                       example);
    }
    if (ask != NONE) {
        action_text(s, ask, example, sizeof example);
        tb_text_printf(&t, "%sask CARD (e.g. %s)", kinds ? " or " : "",
                       example);
    }
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const guilds *s = vs;
    static const struct {
        const char *word;
        tb_action a;
    } words[] = {{"draw", ACT_DRAW},     {"stop", ACT_STOP},
                 {"offer", ACT_OFFER},   {"accept", ACT_ACCEPT},
                 {"decline", ACT_DECLINE}};
    char squeezed[32];
    tbi_squeeze(text, squeezed, sizeof squeezed);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(squeezed, words[i].word) == 0) {
            *out = words[i].a;
            return TB_OK;
        }
    const char *p = tbi_skip_space(text);
    int card;
    if (strncmp(squeezed, "take", 4) == 0) {
        if (squeezed[4] == '\0') {
            *out = ACT_TAKE;
            return TB_OK;
        }
        const char *end = tbi_mq_parse(tbi_skip_space(p + 4), 0, &card);
        if (!end || *tbi_skip_space(end)) {
            tbi_errf(err, cap, "type take, or take and the Discard Deck's top "
                     "card (e.g. take 4Rc)");
            return TB_EPARSE;
        }
        /* A text naming a card must name the card taken: the top one.
         * Anything else is refused, never read as the top card (issue 31:
         * a record's text must be the move's own). */
        if (card != discard_top(s)) {
            tbi_errf(err, cap, "take draws the Discard Deck's top card%s",
                     s->discard_n ? ", and that is another card" : ", and it "
                     "is empty");
            return TB_EILLEGAL;
        }
        *out = ACT_TAKE;
        return TB_OK;
    }
    int ask = strncmp(squeezed, "ask", 3) == 0;
    int buy = strncmp(squeezed, "buy", 3) == 0;
    const char *end = NULL;
    if (ask || buy)
        end = tbi_mq_parse(tbi_skip_space(p + 3), 0, &card);
    if (!end || *tbi_skip_space(end)) {
        char h[160];
        hint(s, h, sizeof h);
        tbi_errf(err, cap, "type %s", h);
        return TB_EPARSE;
    }
    char name[8];
    card_name(card, name, sizeof name);
    if (buy) {
        *out = (tb_action)card;
        if (s->phase != PH_TURN) {
            char h[160];
            hint(s, h, sizeof h);
            tbi_errf(err, cap, "a purchase starts a turn; now type %s", h);
        }
        else if (!(s->hand[s->to_move] & bit(card)))
            tbi_errf(err, cap, "%s is not one of your cards", name);
        return TB_OK;
    }
    *out = ACT_ASK + (tb_action)card;
    if (!s->from_players)
        tbi_errf(err, cap, "asking cards of another player is Variant 2 "
                 "(--opt from-players=on)");
    else if (s->phase != PH_ASK && (s->phase != PH_BUY || s->bought))
        tbi_errf(err, cap, "ask comes right after buy CARD, before drawing");
    else if (s->phase == PH_ASK && !(s->hand[s->seller] & bit(card)))
        tbi_errf(err, cap, "%s is not one of seat %d's cards; all cards asked "
                 "come from one seller", name, s->seller);
    return TB_OK;
}

/* ------------------------------------------------------------ views */

/* Whether viewer sees all of seat p's cards. */
static int sees_all(const guilds *s, int viewer, int p)
{
    return s->open || viewer == p || s->phase == PH_OVER;
}

static uint64_t visible(const guilds *s, int viewer, int p)
{
    return sees_all(s, viewer, p) ? s->hand[p] : s->shown[p];
}

static void say_card(tb_text *t, int card)
{
    char name[8];
    card_name(card, name, sizeof name);
    tb_text_puts(t, name);
}

static void say_set(tb_text *t, uint64_t set)
{
    for (uint64_t m = set; m; m &= m - 1) {
        tb_text_puts(t, " ");
        say_card(t, __builtin_ctzll(m));
    }
}

/* A guild's short name: colour letter and suit letter, "Bs". */
static void guild_name(int g, char *buf, size_t cap)
{
    static const char colour[] = "YRB", suit[] = "msac";
    snprintf(buf, cap, "%c%c", colour[g % 3], suit[g / 3]);
}

static void render_cards(tb_text *t, uint64_t set, unsigned style)
{
    for (uint64_t m = set; m; m &= m - 1) {
        tb_text_puts(t, " ");
        tbi_mq_render(t, __builtin_ctzll(m), 0, style);
    }
}

/* The guild table: each seat's total in every guild it shows cards of,
 * with "*" where it holds the single highest total among what the viewer
 * sees. */
static void render_guilds(const guilds *s, int viewer, tb_text *t)
{
    int total[MAX_P][GUILDS];
    uint64_t seen[MAX_P];
    for (int p = 0; p < s->players; p++) {
        seen[p] = visible(s, viewer, p);
        totals_of(seen[p], total[p]);
    }
    int points[MAX_P];
    points_of(seen, s->players, points);
    tb_text_puts(t, "  guild       ");
    for (int g = 0; g < GUILDS; g++) {
        char name[4];
        guild_name(g, name, sizeof name);
        tb_text_printf(t, " %3s", name);
    }
    tb_text_puts(t, "  points cards\n");
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  seat %d%-6s", p, p == viewer ? " (you)" : "");
        for (int g = 0; g < GUILDS; g++) {
            int lead = total[p][g] > 0;
            for (int q = 0; q < s->players; q++)
                if (q != p && total[q][g] >= total[p][g])
                    lead = 0;
            if (total[p][g])
                tb_text_printf(t, " %2d%s", total[p][g], lead ? "*" : " ");
            else
                tb_text_puts(t, "  . ");
        }
        tb_text_printf(t, "  %4d %5d", points[p], count(s->hand[p]));
        if (!sees_all(s, viewer, p))
            tb_text_printf(t, " (%d unseen)", count(s->hand[p] & ~s->shown[p]));
        tb_text_puts(t, "\n");
    }
    tb_text_puts(t, "  * the single highest total controls the guild; Bs "
                    "(blue suns) is worth 2 points\n");
}

static void render_last(const guilds *s, tb_text *t)
{
    if (s->last_kind == LAST_NONE)
        return;
    tb_text_printf(t, "  last turn: seat %d ", s->last_seat);
    switch (s->last_kind) {
    case LAST_DRAW: tb_text_puts(t, "drew from the Draw Deck"); break;
    case LAST_TAKE:
        tb_text_puts(t, "took ");
        say_card(t, s->last_card);
        tb_text_puts(t, " from the Discard Deck");
        break;
    case LAST_BUY:
        tb_text_puts(t, "bought with ");
        say_card(t, s->last_card);
        tb_text_printf(t, ": %d card%s", s->last_count,
                       s->last_count == 1 ? "" : "s");
        break;
    default:
        tb_text_printf(t, "bought %d card%s of seat %d with ", s->last_count,
                       s->last_count == 1 ? "" : "s", s->last_seller);
        say_card(t, s->last_card);
    }
    tb_text_puts(t, "\n");
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const guilds *s = vs;
    tb_text_printf(t, "%sMystique Guilds%s  turn %d; Draw Deck %d card%s; "
                   "Discard Deck", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET), s->turn + 1, deck_left(s),
                   deck_left(s) == 1 ? "" : "s");
    if (s->discard_n == 0)
        tb_text_puts(t, " empty");
    for (int i = 0; i < s->discard_n; i++) {
        tb_text_puts(t, " ");
        tbi_mq_render(t, s->discard[i], 0, style);
    }
    tb_text_puts(t, s->discard_n > 1 ? " (top last)\n" : "\n");
    if (s->phase == PH_DEAL)
        return;
    render_guilds(s, seat, t);
    for (int p = 0; p < s->players; p++) {
        uint64_t v = visible(s, seat, p);
        if (!v)
            continue;
        tb_text_printf(t, "  seat %d%s:", p,
                       sees_all(s, seat, p) ? "" : " (seen)");
        render_cards(t, v, style);
        tb_text_puts(t, "\n");
    }
    render_last(s, t);
    if (s->phase == PH_OVER) {
        if (s->capped)
            tb_text_printf(t, "  game over: %d turns without a card leaving "
                           "the Draw Deck\n", STALL_LIMIT);
        else
            tb_text_puts(t, "  game over: the Draw Deck is empty\n");
        return;
    }
    if (s->influence != NONE) {
        tb_text_printf(t, "  seat %d is buying with ", s->to_move);
        tbi_mq_render(t, s->influence, 0, style);
        if (s->phase == PH_BUY)
            tb_text_printf(t, " (the Influence Card): %d of up to %d cards "
                           "drawn\n", s->bought, tbi_mq_number(s->influence));
        else {
            tb_text_printf(t, " from seat %d, asking for", s->seller);
            render_cards(t, s->asked, style);
            tb_text_printf(t, " (up to %d)\n", tbi_mq_number(s->influence));
        }
    }
    if (s->stall >= STALL_LIMIT / 2)
        tb_text_printf(t, "  %d turns without a card leaving the Draw Deck; "
                       "at %d the game ends\n", s->stall, STALL_LIMIT);
    int cur = current(s);
    tb_text_printf(t, "  seat %d to %s\n", cur,
                   s->phase == PH_ANSWER ? "accept or decline the offer"
                   : s->phase == PH_TURN ? "draw, take or buy"
                   : s->phase == PH_BUY ? "draw on or stop"
                                        : "ask for more or offer");
    if (cur == seat) {
        char h[160];
        hint(s, h, sizeof h);
        tb_text_printf(t, "  you may type: %s\n", h);
    }
}

static json_t *view_json(const void *vs, int seat)
{
    const guilds *s = vs;
    static const char *const phases[] = {"deal", "turn", "buy", "ask",
                                         "answer", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phases[s->phase]));
    json_object_set_new(v, "turn", json_integer(s->turn + 1));
    if (s->phase != PH_OVER && s->phase != PH_DEAL)
        json_object_set_new(v, "to_move", json_integer(current(s)));
    json_object_set_new(v, "draw_deck", json_integer(deck_left(s)));
    json_object_set_new(v, "discard_deck",
                        tbi_mq_json_cards(s->discard, s->discard_n));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "cards", json_integer(count(s->hand[p])));
        if (sees_all(s, seat, p)) {
            int points[MAX_P];
            json_object_set_new(o, "tableau", tbi_mq_json_set(s->hand[p]));
            if (s->open || s->phase == PH_OVER) {
                points_of(s->hand, s->players, points);
                json_object_set_new(o, "points", json_integer(points[p]));
            }
        } else {
            json_object_set_new(o, "seen", tbi_mq_json_set(s->shown[p]));
        }
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (s->influence != NONE) {
        json_t *o = json_object();
        json_object_set_new(o, "influence", tbi_mq_json_set(bit(s->influence)));
        json_object_set_new(o, "drawn", json_integer(s->bought));
        json_object_set_new(o, "up_to", json_integer(tbi_mq_number(s->influence)));
        if (s->seller != NONE) {
            json_object_set_new(o, "seller", json_integer(s->seller));
            json_object_set_new(o, "asked", tbi_mq_json_set(s->asked));
        }
        json_object_set_new(v, "purchase", o);
    }
    if (s->declined) {
        json_t *d = json_array();
        for (int q = 0; q < s->players; q++)
            if (s->declined >> q & 1u)
                json_array_append_new(d, json_integer(q));
        json_object_set_new(v, "declined", d);
    }
    json_object_set_new(v, "stalled_turns", json_integer(s->stall));
    if (s->phase == PH_OVER)
        json_object_set_new(v, "stalled_out", json_boolean(s->capped));
    return v;
}

/* ------------------------------------------------------------ describe */

/* The game's end: each seat's guilds and points, and who wins. */
static void say_end(const guilds *s, tb_text *t)
{
    if (s->capped)
        tb_text_printf(t, "%d turns have passed without a card leaving the "
                       "Draw Deck: the game ends\n", STALL_LIMIT);
    else
        tb_text_puts(t, "the Draw Deck is empty: the game ends\n");
    int total[MAX_P][GUILDS], points[MAX_P];
    for (int p = 0; p < s->players; p++)
        totals_of(s->hand[p], total[p]);
    points_of(s->hand, s->players, points);
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "seat %d controls", p);
        int any = 0;
        for (int g = 0; g < GUILDS; g++) {
            int sole = total[p][g] > 0;
            for (int q = 0; q < s->players; q++)
                if (q != p && total[q][g] >= total[p][g])
                    sole = 0;
            if (sole) {
                char name[4];
                guild_name(g, name, sizeof name);
                tb_text_printf(t, " %s", name);
                any = 1;
            }
        }
        tb_text_printf(t, "%s: %d point%s with %d cards\n", any ? "" : " nothing",
                       points[p], points[p] == 1 ? "" : "s", count(s->hand[p]));
    }
    tb_result r = {0};
    result(s, &r);
    tbi_say_winners(t, &r);
}

/* What seat sees when the seat to move acts: the card drawn (to the drawer
 * alone when hands are secret), taken or shown, asks, offers and answers,
 * the Influence Card's way, and the game's end with its scores. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const guilds *b = vb, *s = va;
    int p = current(b);
    int sees = b->open || seat == p;
    switch (a) {
    case ACT_DRAW:
        tb_text_printf(t, "seat %d draws ", p);
        if (sees)
            say_card(t, b->deck[b->deck_top]);
        else
            tb_text_puts(t, "a card");
        tb_text_puts(t, " from the Draw Deck");
        if (b->phase == PH_BUY)
            tb_text_printf(t, " (%d of up to %d)", b->bought + 1,
                           tbi_mq_number(b->influence));
        tb_text_puts(t, "\n");
        break;
    case ACT_TAKE:
        tb_text_printf(t, "seat %d takes ", p);
        say_card(t, discard_top(b));
        tb_text_puts(t, " from the Discard Deck");
        if (b->phase == PH_BUY)
            tb_text_printf(t, " (%d of up to %d)", b->bought + 1,
                           tbi_mq_number(b->influence));
        tb_text_puts(t, "\n");
        break;
    case ACT_STOP:
        tb_text_printf(t, "seat %d stops after %d card%s\n", p, b->bought,
                       b->bought == 1 ? "" : "s");
        break;
    case ACT_OFFER:
        break; /* told below, with the offer */
    case ACT_ACCEPT:
        tb_text_printf(t, "seat %d accepts: seat %d takes", p, b->to_move);
        say_set(t, b->asked);
        tb_text_printf(t, " and seat %d gets ", p);
        say_card(t, b->influence);
        tb_text_puts(t, "\n");
        break;
    case ACT_DECLINE:
        tb_text_printf(t, "seat %d declines; ", p);
        say_card(t, b->influence);
        tb_text_printf(t, " goes back to seat %d, whose turn goes on\n",
                       b->to_move);
        break;
    default:
        if (a < ACT_ASK) {
            tb_text_printf(t, "seat %d buys with ", p);
            say_card(t, (int)a);
            tb_text_printf(t, " (the Influence Card): up to %d card%s\n",
                           tbi_mq_number((int)a),
                           tbi_mq_number((int)a) == 1 ? "" : "s");
        } else {
            int seller = b->phase == PH_ASK ? b->seller : -1;
            for (int q = 0; seller < 0 && q < b->players; q++)
                if (b->hand[q] & bit((int)(a - ACT_ASK)))
                    seller = q;
            tb_text_printf(t, "seat %d asks seat %d for ", p, seller);
            say_card(t, (int)(a - ACT_ASK));
            tb_text_puts(t, "\n");
        }
    }
    if (s->phase == PH_ANSWER && b->phase != PH_ANSWER) {
        tb_text_printf(t, "seat %d offers ", p);
        say_card(t, s->influence);
        tb_text_printf(t, " to seat %d for", s->seller);
        say_set(t, s->asked);
        tb_text_printf(t, "; seat %d accepts or declines\n", s->seller);
    }
    if ((b->phase == PH_BUY && s->phase != PH_BUY) &&
        (a == ACT_DRAW || a == ACT_TAKE || a == ACT_STOP)) {
        say_card(t, b->influence);
        tb_text_printf(t, " goes onto the Discard Deck (seat %d bought %d "
                       "card%s)\n", p, s->last_count,
                       s->last_count == 1 ? "" : "s");
    }
    if (s->phase == PH_OVER)
        say_end(s, t);
}

/* The shuffle shows nobody a card (every hand starts empty and cards come
 * from the Draw Deck one at a time), but the table sees it made. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    (void)vb;
    (void)outcome;
    (void)seat;
    (void)va;
    tb_text_printf(t, "the %d cards are shuffled face down into the Draw "
                   "Deck\n", n);
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md), cards as flags over the 60 ids:
 * per seat counted from seat, the cards of its hand seat sees (all of
 * them with open hands, its own, or at the end; else those the table has
 * seen there) and its cards in all (/30); the Discard Deck in order (each
 * card's place plus one, /60; the top is the highest); the Influence Card
 * of a purchase (one-hot), the cards drawn with it (/5), the seller asked
 * (one-hot from seat) and the cards asked for (flags), the seats that
 * declined this turn (flags from seat); the Draw Deck (/60) and its size
 * when the turn began (/60), the turns without a card drawn from it (/60),
 * the turns finished (/100), whether the game stalled out; the options
 * (open, both-decks, from-players); the last turn: its seat (one-hot from
 * seat), kind (none, draw, take, buy, trade), card (one-hot, unless a
 * card drawn unseen), cards brought (/5) and seller (one-hot from seat);
 * the seat to move (one-hot); the phase (deal, turn, buy, ask, answer,
 * over).  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const guilds *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, live = s->phase != PH_DEAL && s->phase != PH_OVER;
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        tbi_obs_mq_set(&o, visible(s, seat, p));
        tbi_obs_scalar(&o, count(s->hand[p]) / 30.0);
    }
    tbi_obs_order(&o, s->discard, s->discard_n, 0, TBI_MQ_CARDS,
                  TBI_MQ_CARDS);
    int buying = s->influence != NONE;
    tbi_obs_mq_card(&o, buying ? s->influence : -1, 1);
    tbi_obs_scalar(&o, buying ? s->bought / 5.0 : 0);
    tbi_obs_seat(&o, s->seller != NONE ? s->seller : -1, seat, n);
    tbi_obs_mq_set(&o, s->asked);
    for (int r = 0; r < n; r++)
        tbi_obs_scalar(&o, (double)(s->declined >> (seat + r) % n & 1u));
    tbi_obs_scalar(&o, deck_left(s) / 60.0);
    tbi_obs_scalar(&o, s->deck_at_turn / 60.0);
    tbi_obs_scalar(&o, s->stall / (double)STALL_LIMIT);
    tbi_obs_scalar(&o, s->turn / 100.0);
    tbi_obs_scalar(&o, s->capped);
    tbi_obs_scalar(&o, s->open);
    tbi_obs_scalar(&o, s->both_decks);
    tbi_obs_scalar(&o, s->from_players);
    int last = s->last_kind != LAST_NONE;
    int unseen = s->last_kind == LAST_DRAW &&
                 !sees_all(s, seat, s->last_seat);
    tbi_obs_seat(&o, last ? s->last_seat : -1, seat, n);
    tbi_obs_onehot(&o, s->last_kind, 5);
    tbi_obs_mq_card(&o, last && !unseen ? s->last_card : -1, 1);
    tbi_obs_scalar(&o, s->last_count / 5.0);
    tbi_obs_seat(&o, s->last_seller != NONE ? s->last_seller : -1, seat, n);
    tbi_obs_seat(&o, live ? current(s) : -1, seat, n);
    tbi_obs_onehot(&o, s->phase, 6);
    return o.at;
}

/* Buying with card id c is c, asking for card id c is 60 + c; then draw
 * 120, take 121, stop 122, offer 123, accept 124, decline 125. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return 2 * TBI_MQ_CARDS + (int)(ACT_DECLINE - ACT_DRAW) + 1;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    if (a >= ACT_DRAW)
        return 2 * TBI_MQ_CARDS + (int)(a - ACT_DRAW);
    if (a >= ACT_ASK)
        return TBI_MQ_CARDS + (int)(a - ACT_ASK);
    return (int)a;
}

const tb_game tbg_mystique_guilds = {
    .id = "mystique-guilds",
    .title = "Mystique Guilds",
    .blurb = "draw, take from the discards or buy with an Influence Card; "
             "the single highest total of each suit and colour controls it",
    .min_players = 2,
    .max_players = MAX_P,
    .flags = TB_GAME_HIDDEN,
    .options = options,
    .n_options = N_OPTIONS,
    .state_size = sizeof(guilds),
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
    .heuristic = heuristic,
    /* A narrow root and the others kept to the heuristic below it: the
     * outcome of a move is noisy (the Draw Deck's order), so a small
     * budget is spent on a few likely moves; measured in docs/bots.md. */
    .search_defaults = "rwiden=0.2,widen=0,opp=on",
    .describe = describe,
    .describe_chance = describe_chance,
    .policies = policies,
    .n_policies = 1,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
