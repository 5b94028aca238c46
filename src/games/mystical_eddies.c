/*
 * mystical_eddies.c - Mystical Eddies (Nathan Morse, 2013), a trick-taking
 * game for 3-8 players with the Mystique Deck.  Four cards are set aside
 * unseen and the rest dealt evenly.  The leader plays any card; the second
 * player decides what the trick is about by following the led card in suit,
 * colour or number (every attribute her card shares with it counts), and
 * the others must follow all of that if they can, else toss any card.  The
 * winner is the best of the cards that followed, ranked by the attributes
 * not followed; the led card competes only with the leader-competes option,
 * and when nobody follows it at all, the leader wins.  Scores are tricks won, or with the
 * Balance variant the lowest of three per-attribute counts.  The game lasts
 * a fixed number of rounds or until someone reaches a target.
 *
 * Actions: the card id (0-59) played; text is the deck's short form "3Rc".
 */
#include "cards.h"
#include "dealt.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"
#include "tricks.h"

#include <string.h>

#define MAX_P 8
#define MAX_HAND 18  /* 56 cards among 3 players */
#define ASIDE_MAX 6  /* the four set aside, plus two extras with 3 players */
#define SET_ASIDE 4
#define MAX_ROUNDS 1000 /* a safety stop for play to a target; see docs */

/* Attribute masks: which attributes of the led card a trick follows. */
#define M_NUMBER (1u << TBI_MQ_NUMBER)
#define M_SUIT (1u << TBI_MQ_SUIT)
#define M_COLOUR (1u << TBI_MQ_COLOUR)

/* Tags of cards in a trick. */
enum { TAG_LED, TAG_FOLLOWED, TAG_TOSSED };

enum { OPT_SCORING, OPT_END, OPT_ROUNDS, OPT_TARGET, OPT_LEADER };
enum { SCORING_BASIC, SCORING_BALANCE };
enum { END_ROUNDS, END_TARGET };
enum phase { PH_DEAL, PH_PLAY, PH_OVER };

static const char *const scoring_choices[] = {"basic", "balance"};
static const char *const end_choices[] = {"rounds", "target"};

static const tb_option_def options[] = {
    [OPT_SCORING] = {"scoring", "basic (a point per trick) or balance (the "
                     "lowest of your suit, colour and number tricks counts)",
                     TB_OPT_ENUM, SCORING_BASIC, 0, 1, scoring_choices},
    [OPT_END] = {"end", "rounds (play a fixed number of rounds) or target "
                 "(play until someone reaches the target score)",
                 TB_OPT_ENUM, END_ROUNDS, 0, 1, end_choices},
    [OPT_ROUNDS] = {"rounds", "rounds to play with end=rounds; 0: one per "
                    "player", TB_OPT_INT, 0, 0, 50, NULL},
    [OPT_TARGET] = {"target", "score that ends the game with end=target; 0: "
                    "the hand size (basic) or a fifth of it (balance)",
                    TB_OPT_INT, 0, 0, 500, NULL},
    [OPT_LEADER] = {"leader-competes", "off: only cards that follow compete "
                    "and the leader wins only when nobody follows (the "
                    "booklet); on: the led card competes with them",
                    TB_OPT_BOOL, 0, 0, 1, NULL},
};

typedef struct eddies {
    uint8_t players, scoring, end_by_target, phase;
    uint8_t leader_competes; /* option: the led card competes too */
    uint8_t rounds;      /* rounds to play when the end is by rounds */
    uint8_t hand_size;   /* cards each seat is dealt */
    uint16_t target;     /* score that ends the game, by target */
    uint16_t round;      /* the round being played, from 1 */
    uint8_t tricks_done; /* tricks completed this round */
    uint8_t established; /* attributes the trick follows; 0: none yet */
    tbi_trick trick;     /* the trick in progress */
    tbi_trick last;      /* the last completed trick of this round */
    uint8_t last_mask, last_winner, has_last;
    uint8_t hand[MAX_P][MAX_HAND], hand_n[MAX_P];
    uint8_t aside[ASIDE_MAX], aside_n;
    uint64_t played;               /* cards played this round, by id */
    /* Per seat, the cards (by id) it has shown it does not hold this
     * round: every card that would have followed when it tossed. */
    uint64_t lacks[MAX_P];
    uint16_t tricks[MAX_P];        /* tricks won in finished rounds */
    uint16_t cat[MAX_P][3];        /* balance points in finished rounds */
    uint8_t round_tricks[MAX_P];   /* tricks won this round */
    uint8_t round_cat[MAX_P][3];   /* balance points this round */
} eddies;

/* ------------------------------------------------------------ the ranking */

/* "suit: suns > moons > arms > crowns", as a rank (higher is better). */
static int suit_rank(int card)
{
    static const int rank[4] = {[TBI_MQ_SUNS] = 3, [TBI_MQ_MOONS] = 2,
                                [TBI_MQ_ARMS] = 1, [TBI_MQ_CROWNS] = 0};
    return rank[tbi_mq_suit(card)];
}

/* "colour: yellow > red > blue". */
static int colour_rank(int card)
{
    return 2 - tbi_mq_colour(card);
}

/* The attributes two cards share, as a mask. */
static unsigned shared(int a, int b)
{
    return (tbi_mq_number(a) == tbi_mq_number(b) ? M_NUMBER : 0u) |
           (tbi_mq_suit(a) == tbi_mq_suit(b) ? M_SUIT : 0u) |
           (tbi_mq_colour(a) == tbi_mq_colour(b) ? M_COLOUR : 0u);
}

/* How a card ranks in a trick that follows the attributes in mask, by the
 * rules' table: the followed attributes are equal, so the others decide
 * (first the main one, then the tie-break). */
static int trick_key(int card, unsigned mask)
{
    int n = tbi_mq_number(card), s = suit_rank(card), c = colour_rank(card);
    switch (mask) {
    case M_SUIT: return n * 3 + c;             /* number, then colour */
    case M_COLOUR: return s * 5 + n;           /* suit, then number */
    case M_NUMBER: return c * 4 + s;           /* colour, then suit */
    case M_SUIT | M_COLOUR: return n;          /* number */
    case M_SUIT | M_NUMBER: return c;          /* colour */
    case M_COLOUR | M_NUMBER: return s;        /* suit */
    default: return 0; /* no two cards share all three attributes */
    }
}

/* How a trick is judged: what it follows, and whether the led card
 * competes (the leader-competes option); the ctx of the trick hooks. */
typedef struct judge {
    unsigned mask;
    int leader_competes;
} judge;

/* tbi_trick_key hook. */
static int key_hook(int card, const void *ctx)
{
    return trick_key(card, ((const judge *)ctx)->mask);
}

/* tbi_trick_eligible hook: a tossed card never wins, and the led card
 * competes only with the leader-competes option. */
static int may_win(const tbi_trick *t, int i, const void *ctx)
{
    if (t->tag[i] == TAG_TOSSED)
        return 0;
    return t->tag[i] != TAG_LED || ((const judge *)ctx)->leader_competes;
}

/* The index in trick t (following mask) of the card that wins it as it
 * stands, or -1 while nobody has followed (then the leader wins if nobody
 * does).  By the booklet only cards that follow compete; with the
 * leader-competes option the led card does too. */
static int best_so_far(const tbi_trick *t, unsigned mask, int leader_competes)
{
    if (!mask)
        return -1;
    judge j = {mask, leader_competes};
    return tbi_trick_best(t, may_win, key_hook, &j);
}

/* What the card to play must follow: the led card and the established
 * attributes (0 while nobody has followed, when any shared one will do). */
typedef struct follow_rule {
    int led;
    unsigned mask;
} follow_rule;

/* tbi_card_pred hook: whether card follows the rule. */
static int follows(int card, const void *ctx)
{
    const follow_rule *r = ctx;
    unsigned m = shared(card, r->led);
    return r->mask ? (m & r->mask) == r->mask : m != 0;
}

static follow_rule rule_now(const eddies *s)
{
    follow_rule r = {s->trick.card[0], s->established};
    return r;
}

/* ------------------------------------------------------------ set-up */

static int check_config(const tb_config *cfg, char *err, size_t cap)
{
    if (cfg->opt[OPT_END] == END_ROUNDS && cfg->opt[OPT_TARGET] != 0) {
        tbi_errf(err, cap, "target applies only with --opt end=target");
        return TB_EINVAL;
    }
    if (cfg->opt[OPT_END] == END_TARGET && cfg->opt[OPT_ROUNDS] != 0) {
        tbi_errf(err, cap, "rounds applies only with --opt end=rounds");
        return TB_EINVAL;
    }
    return TB_OK;
}

/* The target when the option leaves it to the game: the hand size for the
 * basic game (about one round per player for an average player), and "about
 * a fifth of what you would for a basic game" with Balance. */
static int auto_target(int hand_size, int scoring)
{
    if (scoring == SCORING_BASIC)
        return hand_size;
    int t = (hand_size + 2) / 5;
    return t < 1 ? 1 : t;
}

static void init(void *vs, const tb_config *cfg)
{
    eddies *s = vs;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    s->scoring = (uint8_t)cfg->opt[OPT_SCORING];
    s->end_by_target = (uint8_t)(cfg->opt[OPT_END] == END_TARGET);
    s->leader_competes = (uint8_t)cfg->opt[OPT_LEADER];
    s->hand_size = (uint8_t)((TBI_MQ_CARDS - SET_ASIDE) / cfg->players);
    s->rounds = (uint8_t)(cfg->opt[OPT_ROUNDS] ? cfg->opt[OPT_ROUNDS]
                                               : cfg->players);
    s->target = (uint16_t)(cfg->opt[OPT_TARGET]
                               ? cfg->opt[OPT_TARGET]
                               : auto_target(s->hand_size, s->scoring));
    s->phase = PH_DEAL;
}

static int current(const void *vs)
{
    const eddies *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_PLAY: return tbi_trick_to_play(&s->trick);
    default: return TB_TERMINAL;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    tbi_mq_chance_deck(c, 1);
}

/* Deals a shuffled deck: the first four cards are set aside, then each seat
 * in turn takes a block of hand_size cards, and any extras join the cards
 * set aside.  The first trick of round r is led by seat (r - 1) mod N. */
static void apply_chance(void *vs, const uint16_t *deck)
{
    eddies *s = vs;
    int k = 0;
    s->aside_n = 0;
    for (int i = 0; i < SET_ASIDE; i++)
        s->aside[s->aside_n++] = (uint8_t)deck[k++];
    for (int p = 0; p < s->players; p++) {
        for (int i = 0; i < s->hand_size; i++)
            s->hand[p][i] = (uint8_t)deck[k++];
        s->hand_n[p] = s->hand_size;
        tbi_sort_u8(s->hand[p], s->hand_size);
        s->round_tricks[p] = 0;
        memset(s->round_cat[p], 0, sizeof s->round_cat[p]);
    }
    while (k < TBI_MQ_CARDS)
        s->aside[s->aside_n++] = (uint8_t)deck[k++];
    s->played = 0;
    memset(s->lacks, 0, sizeof s->lacks);
    s->tricks_done = 0;
    s->has_last = 0;
    s->established = 0;
    s->round++;
    tbi_trick_start(&s->trick, s->players, (s->round - 1) % s->players, 0);
    s->phase = PH_PLAY;
}

/* ------------------------------------------------------------ play */

/* The cards the seat to play may play, in hand order. */
static int playable(const eddies *s, uint8_t *out)
{
    int p = tbi_trick_to_play(&s->trick);
    if (s->trick.n == 0) {
        memcpy(out, s->hand[p], s->hand_n[p]);
        return s->hand_n[p];
    }
    follow_rule r = rule_now(s);
    return tbi_trick_playable(s->hand[p], s->hand_n[p], follows, &r, out);
}

static int legal(const void *vs, tb_action *out)
{
    uint8_t cards[MAX_HAND];
    int n = playable(vs, cards);
    for (int i = 0; i < n; i++)
        out[i] = cards[i];
    return n;
}

/* A seat's score: tricks won, or with Balance the lowest category.  With
 * this_round set, the round in progress counts too. */
static int score_of(const eddies *s, int p, int this_round)
{
    if (s->scoring == SCORING_BASIC)
        return s->tricks[p] + (this_round ? s->round_tricks[p] : 0);
    int low = 0;
    for (int a = 0; a < 3; a++) {
        int v = s->cat[p][a] + (this_round ? s->round_cat[p][a] : 0);
        if (a == 0 || v < low)
            low = v;
    }
    return low;
}

/* Banks the round's points and decides whether the game is over: after the
 * last round, or when someone has reached the target. */
static void end_round(eddies *s)
{
    int over = 0;
    for (int p = 0; p < s->players; p++) {
        s->tricks[p] = (uint16_t)(s->tricks[p] + s->round_tricks[p]);
        for (int a = 0; a < 3; a++)
            s->cat[p][a] = (uint16_t)(s->cat[p][a] + s->round_cat[p][a]);
        if (s->end_by_target && score_of(s, p, 0) >= s->target)
            over = 1;
    }
    if (!s->end_by_target && s->round >= s->rounds)
        over = 1;
    if (s->round >= MAX_ROUNDS)
        over = 1;
    s->phase = over ? PH_OVER : PH_DEAL;
}

/* The seat that wins the trick (when complete; as it stands, before): the
 * best card among those that followed (and the led card, with
 * leader-competes), or the leader when nobody followed the led card. */
static int trick_winner(const eddies *s)
{
    int i = best_so_far(&s->trick, s->established, s->leader_competes);
    return i < 0 ? s->trick.leader : tbi_trick_seat_of(&s->trick, i);
}

/* Scores a completed trick and starts the next, or ends the round when the
 * hands are empty.  The winner leads the next trick. */
static void finish_trick(eddies *s)
{
    int w = trick_winner(s);
    s->round_tricks[w]++;
    for (int a = 0; a < 3; a++)
        if (s->established & (1u << a))
            s->round_cat[w][a]++;
    s->last = s->trick;
    s->last_mask = s->established;
    s->last_winner = (uint8_t)w;
    s->has_last = 1;
    s->tricks_done++;
    s->established = 0;
    tbi_trick_start(&s->trick, s->players, w, 0);
    if (s->hand_n[w] == 0)
        end_round(s);
}

/* How a card played now is tagged, establishing the followed attributes
 * when it is the first card to share any with the led card. */
static int tag_play(eddies *s, int card)
{
    if (s->trick.n == 0)
        return TAG_LED;
    unsigned m = shared(card, s->trick.card[0]);
    if (!s->established) {
        if (!m)
            return TAG_TOSSED;
        s->established = (uint8_t)m;
        return TAG_FOLLOWED;
    }
    return (m & s->established) == s->established ? TAG_FOLLOWED : TAG_TOSSED;
}

/* The cards (by id) that follow rule r, as follows() decides card by
 * card: with nothing established, those having any of the led card's three
 * traits; else those having each of its traits whose attribute is
 * established.  From the deck's trait sets, as this runs at every toss of
 * every playout. */
static uint64_t following_cards(const follow_rule *r)
{
    unsigned traits = tbi_mq_traits_of(r->led);
    if (!r->mask)
        return tbi_mq_trait_cards(traits);
    uint64_t set = TBI_MQ_ALL_CARDS;
    for (unsigned t = traits; t; t &= t - 1) {
        int trait = __builtin_ctz(t);
        if (r->mask >> tbi_mq_trait_attr(trait) & 1u)
            set &= tbi_mq_trait_set(trait);
    }
    return set;
}

/* A card played may be a toss only when no card in its player's hand
 * follows the rule in force (legal), so a toss shows the whole table that
 * the seat holds none of the cards that would have followed: they join
 * what it lacks this round. */
static void apply(void *vs, tb_action a)
{
    eddies *s = vs;
    int p = tbi_trick_to_play(&s->trick);
    if (s->trick.n > 0) {
        follow_rule r = rule_now(s);
        if (!follows((int)a, &r))
            s->lacks[p] |= following_cards(&r);
    }
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)a);
    s->played |= 1ull << a;
    tbi_trick_play(&s->trick, (int)a, tag_play(s, (int)a));
    if (tbi_trick_complete(&s->trick))
        finish_trick(s);
}

static void result(const void *vs, tb_result *out)
{
    const eddies *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = score_of(s, p, 0);
    tbi_rank_by_score(out, 1);
}

static int standing(const void *vs, double *scores)
{
    const eddies *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = score_of(s, p, s->phase == PH_PLAY);
    return s->round;
}

_Static_assert(MAX_P + 1 <= TBI_DEAL_PLACES_MAX &&
                   MAX_P <= TBI_DEAL_CONSTRAINED_MAX,
               "every hand and the cards set aside are places to deal to");

/* Deals the cards `seat` has not seen again: the other hands and the cards
 * set aside are pooled, shuffled and handed back in the same numbers.
 * Played cards are public and stay where they are.  A seat that has
 * tossed gets none of the cards it showed it lacks (the constrained deal
 * of redeal.h); until someone has, the plain redeal does. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    eddies *s = vs;
    if (s->phase != PH_PLAY)
        return;
    int shown = 0;
    for (int q = 0; q < s->players; q++)
        shown |= q != seat && s->lacks[q] != 0;
    if (!shown) {
        tbi_redeal_hands_and_pile(s->hand[0], sizeof s->hand[0], s->hand_n,
                                  s->players, seat, s->aside, s->aside_n,
                                  rng);
        return;
    }
    tbi_pool pool;
    tbi_pool_init(&pool);
    tbi_pool_add_hands(&pool, s->hand[0], sizeof s->hand[0], s->hand_n,
                       s->players, seat);
    tbi_pool_add_run(&pool, s->aside, s->aside_n);
    tbi_pool_shuffle(&pool, rng);
    tbi_deal_place pl[MAX_P + 1];
    tbi_set128 deny[MAX_P];
    int np = 0;
    for (int q = 0; q < s->players; q++) {
        if (q == seat)
            continue;
        deny[q] = (tbi_set128){{s->lacks[q], 0}};
        pl[np++] = (tbi_deal_place){s->hand[q], s->hand_n[q],
                                    s->lacks[q] ? &deny[q] : NULL};
    }
    pl[np++] = (tbi_deal_place){s->aside, s->aside_n, NULL};
    tbi_pool_deal_constrained(&pool, pl, np, rng);
    for (int q = 0; q < s->players; q++)
        if (q != seat)
            tbi_sort_u8(s->hand[q], s->hand_n[q]);
}

/* ------------------------------------------------------------ text */

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    tbi_mq_short_name((int)a, 0, buf, cap);
}

/* Appends the names of the followed attributes with their values, as in
 * "suit (moons) and number (3)". */
static void describe_mask(char *buf, size_t cap, unsigned mask, int led)
{
    tb_text t;
    tb_text_init(&t, buf, cap);
    static const int order[3] = {TBI_MQ_SUIT, TBI_MQ_COLOUR, TBI_MQ_NUMBER};
    int first = 1;
    for (int i = 0; i < 3; i++) {
        int a = order[i];
        if (!(mask & (1u << a)))
            continue;
        tb_text_puts(&t, first ? "" : " and ");
        first = 0;
        if (a == TBI_MQ_SUIT)
            tb_text_printf(&t, "suit (%s)", tbi_mq_suit_names[tbi_mq_suit(led)]);
        else if (a == TBI_MQ_COLOUR)
            tb_text_printf(&t, "colour (%s)",
                           tbi_mq_colour_names[tbi_mq_colour(led)]);
        else
            tb_text_printf(&t, "number (%d)", tbi_mq_number(led));
    }
    if (first)
        tb_text_puts(&t, "nothing");
}

/* Explains why a card in hand may not be played now, listing the cards
 * that follow. */
static void explain_follow(const eddies *s, int card, char *err, size_t cap)
{
    uint8_t ok[MAX_HAND];
    int n = playable(s, ok);
    char led[8], what[64], c[8];
    tbi_mq_short_name(s->trick.card[0], 0, led, sizeof led);
    tbi_mq_short_name(card, 0, c, sizeof c);
    if (s->established)
        describe_mask(what, sizeof what, s->established, s->trick.card[0]);
    else
        snprintf(what, sizeof what, "suit, colour or number");
    tb_text t;
    tb_text_init(&t, err, cap);
    tb_text_printf(&t, "%s does not follow the led %s's %s; you can play:",
                   c, led, what);
    for (int i = 0; i < n; i++) {
        tbi_mq_short_name(ok[i], 0, c, sizeof c);
        tb_text_printf(&t, " %s", c);
    }
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const eddies *s = vs;
    int id;
    const char *end = tbi_mq_parse(text, 0, &id);
    if (!end || *tbi_skip_space(end)) {
        tbi_errf(err, cap, "type a card from your hand as number, colour "
                 "and suit, e.g. 3Rc (3 of red crowns) or 5Ys");
        return TB_EPARSE;
    }
    int p = tbi_trick_to_play(&s->trick);
    if (!tbi_hand_has(s->hand[p], s->hand_n[p], (uint8_t)id)) {
        char name[8];
        tbi_mq_short_name(id, 0, name, sizeof name);
        tbi_errf(err, cap, "%s is not in your hand", name);
        return TB_EPARSE;
    }
    if (s->trick.n > 0) {
        follow_rule r = rule_now(s);
        int must = tbi_trick_can_follow(s->hand[p], s->hand_n[p], follows, &r);
        /* The engine refuses the action; the message says why. */
        if (must && !follows(id, &r))
            explain_follow(s, id, err, cap);
    }
    *out = (tb_action)id;
    return TB_OK;
}

/* ------------------------------------------------------------ views */

static const char *const tag_names[3] = {"led", "followed", "tossed"};

/* Draws the cards of a trick, marking tossed ones. */
static void render_trick(tb_text *t, const tbi_trick *tr, unsigned style)
{
    for (int i = 0; i < tr->n; i++) {
        tb_text_printf(t, "  s%d ", tbi_trick_seat_of(tr, i));
        tbi_mq_render(t, tr->card[i], 0, style);
        if (tr->tag[i] == TAG_TOSSED)
            tb_text_printf(t, " %s(tossed)%s", tbi_color(style, TBI_DIM),
                           tbi_color(style, TBI_RESET));
    }
}

/* The cards not yet played that seat p has shown it does not hold (by
 * tossing when they would have followed), ascending, during play: public,
 * since everyone saw the toss. */
static int shown_lacking(const eddies *s, int p, uint8_t *out)
{
    if (s->phase != PH_PLAY)
        return 0;
    int n = 0;
    for (uint64_t b = s->lacks[p] & ~s->played; b; b &= b - 1)
        out[n++] = (uint8_t)__builtin_ctzll(b);
    return n;
}

/* One seat's line: score, this round's tricks, categories, cards held;
 * then, once it has tossed, the unplayed cards it has shown it lacks. */
static void render_seat(const eddies *s, int p, int seat, tb_text *t)
{
    tb_text_printf(t, "  seat %d%s: score %d", p, p == seat ? " (you)" : "",
                   score_of(s, p, 0));
    if (s->scoring == SCORING_BALANCE)
        tb_text_printf(t, " [suit %d colour %d number %d]",
                       s->cat[p][TBI_MQ_SUIT], s->cat[p][TBI_MQ_COLOUR],
                       s->cat[p][TBI_MQ_NUMBER]);
    if (s->phase == PH_PLAY) {
        tb_text_printf(t, ", this round %d trick%s", s->round_tricks[p],
                       s->round_tricks[p] == 1 ? "" : "s");
        if (s->scoring == SCORING_BALANCE)
            tb_text_printf(t, " [%d %d %d]", s->round_cat[p][TBI_MQ_SUIT],
                           s->round_cat[p][TBI_MQ_COLOUR],
                           s->round_cat[p][TBI_MQ_NUMBER]);
        tb_text_printf(t, ", %d card%s", s->hand_n[p],
                       s->hand_n[p] == 1 ? "" : "s");
    }
    tb_text_puts(t, "\n");
    uint8_t lacks[TBI_MQ_CARDS];
    int n = shown_lacking(s, p, lacks);
    if (n > 0) {
        tb_text_puts(t, "    has shown it holds none of:");
        for (int i = 0; i < n; i++) {
            char name[8];
            tbi_mq_short_name(lacks[i], 0, name, sizeof name);
            tb_text_printf(t, " %s", name);
        }
        tb_text_puts(t, "\n");
    }
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const eddies *s = vs;
    tb_text_printf(t, "%sMystical Eddies%s  round %d", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET), s->round);
    if (s->end_by_target)
        tb_text_printf(t, ", to a score of %d", s->target);
    else
        tb_text_printf(t, " of %d", s->rounds);
    tb_text_printf(t, ", %s scoring", scoring_choices[s->scoring]);
    if (s->leader_competes)
        tb_text_puts(t, ", the led card competes");
    if (s->phase == PH_PLAY)
        tb_text_printf(t, ", trick %d of %d", s->tricks_done + 1, s->hand_size);
    tb_text_puts(t, "\n");
    for (int p = 0; p < s->players; p++)
        render_seat(s, p, seat, t);
    char what[64];
    if (s->phase == PH_PLAY)
        tb_text_printf(t, "  set aside: %d cards, unseen\n", s->aside_n);
    if (s->has_last) {
        tb_text_puts(t, "  last trick:");
        render_trick(t, &s->last, style);
        describe_mask(what, sizeof what, s->last_mask, s->last.card[0]);
        tb_text_printf(t, "\n    followed %s; seat %d won\n", what,
                       s->last_winner);
    }
    if (s->phase != PH_PLAY)
        return;
    tb_text_printf(t, "  this trick:");
    render_trick(t, &s->trick, style);
    if (s->trick.n == 0)
        tb_text_printf(t, " seat %d leads", s->trick.leader);
    tb_text_puts(t, "\n");
    if (s->trick.n > 0) {
        describe_mask(what, sizeof what, s->established, s->trick.card[0]);
        tb_text_printf(t, "    %s %s\n", s->established ? "to follow:"
                                                          : "not yet followed:",
                       s->established ? what : "suit, colour or number");
        int i = best_so_far(&s->trick, s->established, s->leader_competes);
        char card[8];
        if (i >= 0) {
            tbi_mq_short_name(s->trick.card[i], 0, card, sizeof card);
            tb_text_printf(t, "    winning now: seat %d with %s\n",
                           tbi_trick_seat_of(&s->trick, i), card);
        } else {
            tb_text_printf(t, "    winning now: nobody has followed; seat %d, "
                           "the leader, wins if nobody does\n",
                           s->trick.leader);
        }
    }
    if (seat >= 0 && seat < s->players) {
        tb_text_puts(t, "  your hand:");
        for (int i = 0; i < s->hand_n[seat]; i++) {
            tb_text_puts(t, " ");
            tbi_mq_render(t, s->hand[seat][i], 0, style);
        }
        tb_text_puts(t, "\n");
    }
    tb_text_printf(t, "  seat %d to play\n", tbi_trick_to_play(&s->trick));
}

/* A JSON list of the followed attributes. */
static json_t *json_mask(unsigned mask)
{
    json_t *a = json_array();
    for (int attr = 0; attr < 3; attr++)
        if (mask & (1u << attr))
            json_array_append_new(a, json_string(tbi_mq_attr_names[attr]));
    return a;
}

static json_t *json_trick(const tbi_trick *tr, unsigned mask)
{
    json_t *o = json_object();
    json_object_set_new(o, "leader", json_integer(tr->leader));
    json_t *cards = json_array();
    for (int i = 0; i < tr->n; i++) {
        json_t *c = json_object();
        char name[8];
        tbi_mq_short_name(tr->card[i], 0, name, sizeof name);
        json_object_set_new(c, "seat", json_integer(tbi_trick_seat_of(tr, i)));
        json_object_set_new(c, "card", json_string(name));
        json_object_set_new(c, "play", json_string(tag_names[tr->tag[i]]));
        json_array_append_new(cards, c);
    }
    json_object_set_new(o, "cards", cards);
    json_object_set_new(o, "followed", json_mask(mask));
    return o;
}

static json_t *json_seat(const eddies *s, int p)
{
    json_t *o = json_object();
    json_object_set_new(o, "score", json_integer(score_of(s, p, 0)));
    json_object_set_new(o, "tricks", json_integer(s->tricks[p]));
    json_object_set_new(o, "round_tricks", json_integer(s->round_tricks[p]));
    if (s->scoring == SCORING_BALANCE) {
        json_t *c = json_object(), *rc = json_object();
        for (int a = 0; a < 3; a++) {
            json_object_set_new(c, tbi_mq_attr_names[a],
                                json_integer(s->cat[p][a]));
            json_object_set_new(rc, tbi_mq_attr_names[a],
                                json_integer(s->round_cat[p][a]));
        }
        json_object_set_new(o, "categories", c);
        json_object_set_new(o, "round_categories", rc);
    }
    json_object_set_new(o, "hand_size", json_integer(s->hand_n[p]));
    if (s->phase == PH_PLAY) {
        uint8_t lacks[TBI_MQ_CARDS];
        int n = shown_lacking(s, p, lacks);
        json_object_set_new(o, "lacks", tbi_mq_json_cards(lacks, n));
    }
    return o;
}

static json_t *view_json(const void *vs, int seat)
{
    const eddies *s = vs;
    static const char *phase_names[] = {"deal", "play", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "round", json_integer(s->round));
    json_object_set_new(v, "scoring", json_string(scoring_choices[s->scoring]));
    json_object_set_new(v, "leader_competes",
                        json_boolean(s->leader_competes));
    if (s->end_by_target)
        json_object_set_new(v, "target", json_integer(s->target));
    else
        json_object_set_new(v, "rounds", json_integer(s->rounds));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++)
        json_array_append_new(seats, json_seat(s, p));
    json_object_set_new(v, "seats", seats);
    if (s->has_last) {
        json_t *last = json_trick(&s->last, s->last_mask);
        json_object_set_new(last, "winner", json_integer(s->last_winner));
        json_object_set_new(v, "last_trick", last);
    }
    if (s->phase != PH_PLAY)
        return v;
    json_object_set_new(v, "tricks_done", json_integer(s->tricks_done));
    json_object_set_new(v, "set_aside", json_integer(s->aside_n));
    uint8_t played[TBI_MQ_CARDS];
    int n = 0;
    for (int c = 0; c < TBI_MQ_CARDS; c++)
        if (s->played >> c & 1u)
            played[n++] = (uint8_t)c;
    json_object_set_new(v, "played", tbi_mq_json_cards(played, n));
    json_t *trick = json_trick(&s->trick, s->established);
    if (s->trick.n > 0) {
        /* Who wins the trick as it stands (the leader while nobody has
         * followed: she wins if nobody does). */
        json_object_set_new(trick, "winning", json_integer(trick_winner(s)));
    }
    json_object_set_new(v, "trick", trick);
    if (seat >= 0 && seat < s->players)
        json_object_set_new(v, "hand", tbi_mq_json_cards(s->hand[seat],
                                                  s->hand_n[seat]));
    return v;
}

/* ------------------------------------------------------------ the log */

/* Each seat's score, as "seat 0 12, seat 1 9" (with Balance, each
 * category too). */
static void scores_text(const eddies *s, tb_text *t)
{
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "%sseat %d %d", p ? ", " : "", p, score_of(s, p, 0));
        if (s->scoring == SCORING_BALANCE)
            tb_text_printf(t, " (suit %d, colour %d, number %d)",
                           s->cat[p][TBI_MQ_SUIT], s->cat[p][TBI_MQ_COLOUR],
                           s->cat[p][TBI_MQ_NUMBER]);
    }
}

/* The end of a round (and of the game): the round's tricks, the scores,
 * and the winners when it is the last. */
static void describe_round_end(const eddies *s, tb_text *t)
{
    tb_text_printf(t, "round %d ends; tricks this round:", s->round);
    for (int p = 0; p < s->players; p++)
        tb_text_printf(t, "%s seat %d %d", p ? "," : "", p,
                       s->round_tricks[p]);
    tb_text_puts(t, "\nscores: ");
    scores_text(s, t);
    tb_text_puts(t, "\n");
    if (s->phase != PH_OVER)
        return;
    int best = 0, n = 0;
    for (int p = 0; p < s->players; p++)
        best = score_of(s, p, 0) > best ? score_of(s, p, 0) : best;
    tb_text_puts(t, "the game ends: ");
    for (int p = 0; p < s->players; p++)
        if (score_of(s, p, 0) == best)
            tb_text_printf(t, "%sseat %d", n++ ? " and " : "", p);
    tb_text_printf(t, " %s with %d\n", n > 1 ? "share the win" : "wins",
                   best);
}

/*
 * How a card played looks to every seat (all play is face up): the lead,
 * the card that establishes what the trick follows, a follow or a toss;
 * then who won a completed trick and why, and the end of a round or of the
 * game with the scores.
 */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    (void)seat;
    const eddies *b = vb, *s = va;
    int p = tbi_trick_to_play(&b->trick), i = b->trick.n;
    int done = s->trick.n == 0; /* a new trick has begun */
    const tbi_trick *tr = done ? &s->last : &s->trick;
    unsigned mask = done ? s->last_mask : s->established;
    char card[8], led[8], what[64];
    tbi_mq_short_name((int)a, 0, card, sizeof card);
    tbi_mq_short_name(tr->card[0], 0, led, sizeof led);
    if (i == 0) {
        tb_text_printf(t, "seat %d leads %s\n", p, card);
    } else if (tr->tag[i] == TAG_TOSSED) {
        tb_text_printf(t, "seat %d tosses %s: it cannot follow %s\n", p, card,
                       b->established ? "what is established" : "the led card");
    } else if (!b->established) {
        describe_mask(what, sizeof what, mask, tr->card[0]);
        tb_text_printf(t, "seat %d plays %s, following the led %s's %s\n", p,
                       card, led, what);
    } else {
        tb_text_printf(t, "seat %d plays %s, following\n", p, card);
    }
    if (!done)
        return;
    if (mask) {
        describe_mask(what, sizeof what, mask, tr->card[0]);
        tb_text_printf(t, "seat %d wins the trick, which followed %s\n",
                       s->last_winner, what);
    } else {
        tb_text_printf(t, "nobody followed the led %s: seat %d, who led it, "
                       "wins the trick\n", led, s->last_winner);
    }
    if (s->phase != PH_PLAY)
        describe_round_end(s, t);
}

/* ------------------------------------------------------------ the bot */

#define ALPHA 0.2 /* tricks' worth of card strength given up per unit */

/* A card's strength for later tricks, from 0 to 3: for each attribute,
 * the share of the unseen cards sharing it that the card outranks in a
 * trick following that attribute (smoothed, so that a card with no rivals
 * left counts as strong but not certain).  Spending a strong card on a
 * trick a weaker one would win wastes it. */
static double strength(int card, const uint8_t *unseen, int u)
{
    double sum = 0;
    for (int a = 0; a < 3; a++) {
        unsigned m = 1u << a;
        int beaten = 0, rivals = 0;
        for (int i = 0; i < u; i++) {
            if (!(shared(unseen[i], card) & m))
                continue;
            rivals++;
            beaten += trick_key(card, m) > trick_key(unseen[i], m);
        }
        sum += (beaten + 1.0) / (rivals + 2.0);
    }
    return sum;
}

/* What winning a trick that follows mask is worth to seat p: a point in
 * the basic game; with Balance, its points weighted toward the categories
 * that are lowest, since only the lowest one counts. */
static double trick_value(const eddies *s, int p, unsigned mask, int leading)
{
    if (s->scoring == SCORING_BASIC)
        return 1.0;
    int v[3], low = 0;
    for (int a = 0; a < 3; a++) {
        v[a] = s->cat[p][a] + s->round_cat[p][a];
        low = a == 0 || v[a] < low ? v[a] : low;
    }
    double w = 0;
    for (int a = 0; a < 3; a++)
        if (leading || (mask & (1u << a)))
            w += v[a] == low ? 1.0 : 0.35;
    return leading ? w / 3.0 : w;
}

/* The chance that the leader's card wins.  By the booklet the leader
 * "has to assume she won't win the trick": she wins only when nobody
 * follows, that is when no unseen card sharing an attribute with hers is
 * held by another seat.  With leader-competes her card also wins when no
 * unseen card that shares an attribute and outranks it in that context is
 * held (the second player would pick such a context). */
static double lead_chance(const eddies *s, int card, const uint8_t *unseen,
                          int u)
{
    int threats = 0;
    for (int i = 0; i < u; i++) {
        unsigned m = shared(unseen[i], card);
        if (m && (!s->leader_competes ||
                  trick_key(unseen[i], m) > trick_key(card, m)))
            threats++;
    }
    return tbi_chance_none_among(threats, u, u - s->aside_n);
}

/* The chance that a card played now (not leading) wins: it must outrank
 * every card that followed so far in the context it leaves, and no unseen
 * card outranking it may be held by the seats still to play. */
static double follow_chance(const eddies *s, int card, const uint8_t *unseen,
                            int u, unsigned *mask_out)
{
    int led = s->trick.card[0];
    unsigned m = shared(card, led);
    unsigned mask = s->established ? s->established : m;
    *mask_out = mask;
    if (!m || (m & mask) != mask)
        return 0.0; /* a tossed card */
    int key = trick_key(card, mask);
    judge j = {mask, s->leader_competes};
    for (int i = 0; i < s->trick.n; i++)
        if (may_win(&s->trick, i, &j) && trick_key(s->trick.card[i], mask) > key)
            return 0.0;
    int threats = 0;
    for (int i = 0; i < u; i++)
        if ((shared(unseen[i], led) & mask) == mask &&
            trick_key(unseen[i], mask) > key)
            threats++;
    int p = tbi_trick_to_play(&s->trick);
    int r = tbi_trick_after_current(&s->trick) * s->hand_n[p];
    return tbi_chance_none_among(threats, u, r);
}

/* The bot: for each playable card, the chance it wins the trick times what
 * the trick is worth, less a small price for spending a strong card (its
 * strength against the cards still unseen); the best total is played.  Cards it cannot see (other hands and the cards set
 * aside) are treated as unknown, never read one by one. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    (void)rng;
    const eddies *s = vs;
    uint8_t cards[MAX_HAND], unseen[TBI_MQ_CARDS];
    int n = playable(s, cards), u = 0;
    for (int c = 0; c < TBI_MQ_CARDS; c++)
        if (!(s->played >> c & 1u) &&
            !tbi_hand_has(s->hand[seat], s->hand_n[seat], (uint8_t)c))
            unseen[u++] = (uint8_t)c;
    int best = 0;
    double best_v = -1e9;
    for (int i = 0; i < n; i++) {
        double v;
        if (s->trick.n == 0) {
            v = lead_chance(s, cards[i], unseen, u) *
                trick_value(s, seat, 0, 1);
        } else {
            unsigned mask;
            double p = follow_chance(s, cards[i], unseen, u, &mask);
            v = p * trick_value(s, seat, mask, 0);
        }
        v -= ALPHA * strength(cards[i], unseen, u);
        if (v > best_v) {
            best_v = v;
            best = i;
        }
    }
    return cards[best];
}

/* A round's deal: each seat is told its own hand, everyone how many each
 * got; the cards set aside stay face down. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const eddies *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    tbi_say_deal(t, seat, s->players, &s->hand[0][0], MAX_HAND, s->hand_n,
                 tbi_mq_namer, NULL);
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md), cards over the 60 ids: its hand
 * and the cards played this round (flags); the trick in progress and the
 * last trick of this round (tbi_obs_trick, with each card's tag: led,
 * followed, tossed), each with the attributes it follows (3 flags) and
 * its winner so far or at the end (one-hot from seat); per seat from seat
 * on: its score (/60), tricks won in finished rounds (/60) and this round
 * (/20), with Balance its points per attribute in finished rounds (/60)
 * and this round (/20), its cards in hand (/18) and the unplayed cards it
 * has shown it lacks this round by tossing (60 flags); the tricks done this
 * round (/20), the cards set aside (/6), the round, the rounds to play
 * (/50) and the target (/500); the scoring (1 balance), the end (1 by
 * target), leader-competes; the seat to act (one-hot); the phase (deal,
 * play, over).  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const eddies *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, play = s->phase == PH_PLAY;
    tbi_obs_cards(&o, s->hand[seat], play ? s->hand_n[seat] : 0, 0,
                  TBI_MQ_CARDS);
    tbi_obs_bits(&o, play ? s->played : 0, 0, TBI_MQ_CARDS);
    tbi_obs_trick(&o, &s->trick, play, seat, n, 0, TBI_MQ_CARDS, 3);
    tbi_obs_bits(&o, play ? s->established : 0, 0, 3);
    tbi_obs_seat(&o, play && s->trick.n ? trick_winner(s) : -1, seat, n);
    tbi_obs_trick(&o, &s->last, s->has_last, seat, n, 0, TBI_MQ_CARDS, 3);
    tbi_obs_bits(&o, s->has_last ? s->last_mask : 0, 0, 3);
    tbi_obs_seat(&o, s->has_last ? s->last_winner : -1, seat, n);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        tbi_obs_scalar(&o, score_of(s, p, 0) / 60.0);
        tbi_obs_scalar(&o, s->tricks[p] / 60.0);
        tbi_obs_scalar(&o, s->round_tricks[p] / 20.0);
        for (int a = 0; a < 3; a++) {
            int balance = s->scoring == SCORING_BALANCE;
            tbi_obs_scalar(&o, balance ? s->cat[p][a] / 60.0 : 0);
            tbi_obs_scalar(&o, balance ? s->round_cat[p][a] / 20.0 : 0);
        }
        tbi_obs_scalar(&o, play ? s->hand_n[p] / (double)MAX_HAND : 0);
        tbi_obs_bits(&o, play ? s->lacks[p] & ~s->played : 0, 0,
                     TBI_MQ_CARDS);
    }
    tbi_obs_scalar(&o, s->tricks_done / 20.0);
    tbi_obs_scalar(&o, play ? s->aside_n / (double)ASIDE_MAX : 0);
    tbi_obs_scalar(&o, s->round / 50.0);
    tbi_obs_scalar(&o, s->rounds / 50.0);
    tbi_obs_scalar(&o, s->target / 500.0);
    tbi_obs_scalar(&o, s->scoring == SCORING_BALANCE);
    tbi_obs_scalar(&o, s->end_by_target);
    tbi_obs_scalar(&o, s->leader_competes);
    tbi_obs_seat(&o, play ? tbi_trick_to_play(&s->trick) : -1, seat, n);
    tbi_obs_onehot(&o, s->phase, 3);
    return o.at;
}

/* A card played is its id, 0-59. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return TBI_MQ_CARDS;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return (int)a;
}

const tb_game tbg_mystical_eddies = {
    .id = "mystical-eddies",
    .title = "Mystical Eddies",
    .blurb = "trick-taking where the second card decides what the trick "
             "follows: suit, colour or number",
    .min_players = 3,
    .max_players = MAX_P,
    .flags = TB_GAME_HIDDEN,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(eddies),
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
    .describe = describe,
    .describe_chance = describe_chance,
    .search_defaults = "widen=0,horizon=round", /* docs/bots.md, Strength */
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
