/*
 * mystique_circle.c - Mystique Circle (Ricky Wilkins, 2013), a trick-taking
 * game for 2-5 players with the Mystique Deck and a secret bid.  The deck is
 * cut to 12 cards a player (the 1s go with 4 players, the 1s and 2s with 3,
 * the 1s to 3s with 2) and dealt out.  Each player sets aside three cards
 * face-down as her "hole", which is her bid: a moon counts 0 tricks, a sun
 * 1, an arm 2, a crown 3.  Nine tricks follow: the colour led must be
 * followed; a player who cannot follow tosses a card that can never win.
 * The suits beat one another round a cycle, suns > moons > crowns > arms >
 * suns, and the trick's winner is re-evaluated with every card: a card
 * takes the lead when its suit beats the current winner's suit, or when it
 * is of the same suit and higher.  A trick scores 1 point and a bid met 20
 * more; hands are played until someone has 60 points.
 *
 * Actions: a card id (0-59) played, text "3Rc"; or a hole, three card ids
 * packed with HOLE_FLAG, text "hole 1Bs 3Rc 5Ya".
 */
#include "cards.h"
#include "dealt.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"
#include "tricks.h"

#include <string.h>

#define MAX_P 5
#define DEALT 12     /* cards dealt to each player */
#define HOLE 3       /* cards set aside as the hole */
#define TRICKS 9     /* tricks in a hand: DEALT - HOLE */
#define BONUS 20     /* points for a bid met */
#define HOLE_FLAG (1u << 20)

/* Tags of cards in a trick. */
enum { TAG_LED, TAG_FOLLOWED, TAG_TOSSED };

enum { OPT_TARGET };
enum phase { PH_DEALER, PH_DEAL, PH_HOLE, PH_PLAY, PH_OVER };

static const tb_option_def options[] = {
    [OPT_TARGET] = {"target", "a hand that leaves someone with this many "
                    "points or more ends the game", TB_OPT_INT, 60, 1, 500,
                    NULL},
};

typedef struct circle {
    uint8_t players, phase, dealer;
    uint8_t lowest;      /* the lowest number in the deck: 6 - players */
    uint16_t target;     /* points that end the game */
    uint16_t hand_no;    /* the hand being played, from 1 */
    uint8_t holes_set;   /* seats that have set their hole this hand */
    uint8_t tricks_done; /* tricks completed this hand */
    tbi_trick trick;     /* the trick in progress */
    uint8_t lead_idx;    /* index in the trick of the card now winning it */
    tbi_trick last;      /* the last completed trick of this hand */
    uint8_t last_winner, has_last;
    uint8_t hand[MAX_P][DEALT], hand_n[MAX_P];
    uint8_t hole[MAX_P][HOLE], hole_n[MAX_P];
    uint8_t voids[MAX_P]; /* colours (bits) a seat has shown it lacks */
    uint8_t won[MAX_P];   /* tricks won this hand */
    uint64_t played;      /* cards played this hand, by id */
    uint16_t score[MAX_P];
    /* The hand last finished, revealed to all: holes, tricks, points. */
    uint8_t has_reveal;
    uint8_t rev_hole[MAX_P][HOLE], rev_won[MAX_P], rev_points[MAX_P];
    float trick_scale; /* the bot's calibration: see calibrate() */
} circle;

/* ------------------------------------------------------------ the cards */

/* The suit each suit beats, round the cycle suns > moons > crowns > arms >
 * suns (shared/rules/README.md records the cycle the text's icons lost). */
static const uint8_t prey[4] = {
    [TBI_MQ_SUNS] = TBI_MQ_MOONS,
    [TBI_MQ_MOONS] = TBI_MQ_CROWNS,
    [TBI_MQ_CROWNS] = TBI_MQ_ARMS,
    [TBI_MQ_ARMS] = TBI_MQ_SUNS,
};

/* Whether card x, played into a trick, takes the lead from card y, the
 * current winner: its suit beats y's suit, or it is of y's suit and higher.
 * The other two suits do not take it (the text's example: after a 3 led,
 * only the beating suit or a 4 or 5 of the same suit take charge). */
static int beats(int x, int y)
{
    int sx = tbi_mq_suit(x), sy = tbi_mq_suit(y);
    if (sx == sy)
        return tbi_mq_number(x) > tbi_mq_number(y);
    return prey[sx] == sy;
}

/* What a hole bids: each moon 0 tricks, sun 1, arm 2, crown 3 -- the suit's
 * index in the deck's order. */
static int bid_of(const uint8_t *hole, int n)
{
    int b = 0;
    for (int i = 0; i < n; i++)
        b += tbi_mq_suit(hole[i]);
    return b;
}

static int in_deck(const circle *s, int id)
{
    return tbi_mq_number(id) >= s->lowest;
}

/* tbi_card_pred hook: the card is of the colour led (ctx). */
static int of_colour(int card, const void *ctx)
{
    return tbi_mq_colour(card) == *(const int *)ctx;
}

static int led_colour(const circle *s)
{
    return tbi_mq_colour(s->trick.card[0]);
}

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* ------------------------------------------------------------ set-up */

static float calibrate(const circle *s);

static void init(void *vs, const tb_config *cfg)
{
    circle *s = vs;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    s->lowest = (uint8_t)(6 - cfg->players);
    s->target = (uint16_t)cfg->opt[OPT_TARGET];
    s->phase = PH_DEALER;
    s->trick_scale = calibrate(s);
}

/* The seat that sets its hole next: they go round from the dealer's left. */
static int hole_seat(const circle *s)
{
    return (s->dealer + 1 + s->holes_set) % s->players;
}

static int current(const void *vs)
{
    const circle *s = vs;
    switch (s->phase) {
    case PH_DEALER:
    case PH_DEAL: return TB_CHANCE;
    case PH_HOLE: return hole_seat(s);
    case PH_PLAY: return tbi_trick_to_play(&s->trick);
    default: return TB_TERMINAL;
    }
}

/* The first chance node picks the first dealer at random (one roll of a
 * seat number); every later one shuffles the cards in use. */
static void chance(const void *vs, tb_chance *c)
{
    const circle *s = vs;
    if (s->phase == PH_DEALER) {
        c->kind = TB_CHANCE_ROLL;
        c->n = 1;
        c->lo = 0;
        c->hi = s->players - 1;
        c->what = "first dealer";
        return;
    }
    c->kind = TB_CHANCE_SHUFFLE;
    c->what = "shuffled deck";
    c->n = 0;
    for (int id = 0; id < TBI_MQ_CARDS; id++)
        if (in_deck(s, id))
            c->items[c->n++] = (uint16_t)id;
    c->lo = 0;
    c->hi = TBI_MQ_CARDS - 1;
}

/* Deals the shuffled cards: 12 to each seat in turn, seat 0 first. */
static void deal(circle *s, const uint16_t *deck)
{
    int k = 0;
    for (int p = 0; p < s->players; p++) {
        for (int i = 0; i < DEALT; i++)
            s->hand[p][i] = (uint8_t)deck[k++];
        s->hand_n[p] = DEALT;
        tbi_sort_u8(s->hand[p], DEALT);
        s->hole_n[p] = 0;
        s->voids[p] = 0;
        s->won[p] = 0;
    }
    s->played = 0;
    s->holes_set = 0;
    s->tricks_done = 0;
    s->has_last = 0;
    s->hand_no++;
    s->phase = PH_HOLE;
}

static void apply_chance(void *vs, const uint16_t *outcome)
{
    circle *s = vs;
    if (s->phase == PH_DEALER) {
        s->dealer = (uint8_t)outcome[0];
        s->phase = PH_DEAL;
        return;
    }
    deal(s, outcome);
}

/* ------------------------------------------------------------ actions */

static tb_action hole_action(int a, int b, int c)
{
    return HOLE_FLAG | (tb_action)a | (tb_action)b << 6 | (tb_action)c << 12;
}

/* The three cards of a hole action. */
static void hole_cards(tb_action a, uint8_t *out)
{
    for (int i = 0; i < HOLE; i++)
        out[i] = (uint8_t)(a >> (6 * i) & 63u);
}

/* The cards the seat to play may play, in hand order: the colour led if it
 * has any, else any card (a toss). */
static int playable(const circle *s, uint8_t *out)
{
    int p = tbi_trick_to_play(&s->trick);
    if (s->trick.n == 0) {
        memcpy(out, s->hand[p], s->hand_n[p]);
        return s->hand_n[p];
    }
    int col = led_colour(s);
    return tbi_trick_playable(s->hand[p], s->hand_n[p], of_colour, &col, out);
}

/* Every choice of three cards of the hand, in hand order (220 of 12). */
static int hole_choices(const circle *s, tb_action *out)
{
    int p = hole_seat(s), n = s->hand_n[p], k = 0;
    const uint8_t *h = s->hand[p];
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            for (int l = j + 1; l < n; l++)
                out[k++] = hole_action(h[i], h[j], h[l]);
    return k;
}

static int legal(const void *vs, tb_action *out)
{
    const circle *s = vs;
    if (s->phase == PH_HOLE)
        return hole_choices(s, out);
    uint8_t cards[DEALT];
    int n = playable(s, cards);
    for (int i = 0; i < n; i++)
        out[i] = cards[i];
    return n;
}

/* Scores the hand: a point a trick and the bonus for a bid met; reveals the
 * holes; passes the deal to the left; ends the game when someone has
 * reached the target. */
static void end_hand(circle *s)
{
    int over = 0;
    for (int p = 0; p < s->players; p++) {
        int pts = s->won[p];
        if (s->won[p] == bid_of(s->hole[p], HOLE))
            pts += BONUS;
        s->score[p] = (uint16_t)(s->score[p] + pts);
        memcpy(s->rev_hole[p], s->hole[p], HOLE);
        s->rev_won[p] = s->won[p];
        s->rev_points[p] = (uint8_t)pts;
        s->hole_n[p] = 0;
        if (s->score[p] >= s->target)
            over = 1;
    }
    s->has_reveal = 1;
    s->dealer = (uint8_t)((s->dealer + 1) % s->players);
    s->phase = over ? PH_OVER : PH_DEAL;
}

/* The current winner takes the completed trick and leads the next; after
 * the ninth trick the hand is scored. */
static void finish_trick(circle *s)
{
    int w = tbi_trick_seat_of(&s->trick, s->lead_idx);
    s->won[w]++;
    s->last = s->trick;
    s->last_winner = (uint8_t)w;
    s->has_last = 1;
    s->tricks_done++;
    tbi_trick_start(&s->trick, s->players, w, 0);
    s->lead_idx = 0;
    if (s->tricks_done == TRICKS)
        end_hand(s);
}

/* Plays a card into the trick: it leads, follows (taking the lead when it
 * beats the card now winning) or is tossed, and a toss tells the table
 * that its player has none of the colour led. */
static void play_card(circle *s, int card)
{
    int p = tbi_trick_to_play(&s->trick);
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)card);
    s->played |= 1ull << card;
    if (s->trick.n == 0) {
        tbi_trick_play(&s->trick, card, TAG_LED);
        s->lead_idx = 0;
        return;
    }
    int col = led_colour(s);
    if (tbi_mq_colour(card) != col) {
        s->voids[p] = (uint8_t)(s->voids[p] | 1u << col);
        tbi_trick_play(&s->trick, card, TAG_TOSSED);
    } else {
        if (beats(card, s->trick.card[s->lead_idx]))
            s->lead_idx = s->trick.n;
        tbi_trick_play(&s->trick, card, TAG_FOLLOWED);
    }
    if (tbi_trick_complete(&s->trick))
        finish_trick(s);
}

static void apply(void *vs, tb_action a)
{
    circle *s = vs;
    if (s->phase == PH_PLAY) {
        play_card(s, (int)a);
        return;
    }
    int p = hole_seat(s);
    hole_cards(a, s->hole[p]);
    s->hole_n[p] = HOLE;
    for (int i = 0; i < HOLE; i++)
        tbi_hand_remove(s->hand[p], &s->hand_n[p], s->hole[p][i]);
    if (++s->holes_set == s->players) {
        s->phase = PH_PLAY;
        tbi_trick_start(&s->trick, s->players, (s->dealer + 1) % s->players,
                        0);
        s->lead_idx = 0;
    }
}

static void result(const void *vs, tb_result *out)
{
    const circle *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = s->score[p];
    tbi_rank_by_score(out, 1);
}

/* Scores so far, counting this hand's tricks (a bid is not known met until
 * the hand ends), and the hand number. */
static int standing(const void *vs, double *scores)
{
    const circle *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = s->score[p] + (s->phase == PH_PLAY ? s->won[p] : 0);
    return s->hand_no;
}

/* ------------------------------------------------------------ determinize */

static void infer_holes(circle *s, int seat);

/* Deals the cards `seat` has not seen again: the other hands and the holes
 * not yet revealed are pooled, shuffled and handed back in the same
 * numbers, keeping every colour a seat has shown it lacks out of its hand.
 * Played cards are public and stay where they are.  Then each other seat's
 * hole is chosen from its cards as the bot would choose it (infer_holes),
 * so that its bid is a plausible one. */
_Static_assert(2 * (MAX_P - 1) <= TBI_DEAL_PLACES_MAX &&
                   MAX_P - 1 <= TBI_DEAL_CONSTRAINED_MAX,
               "every other seat's hand and hole is a place to deal to");

static void determinize(void *vs, int seat, tb_rng *rng)
{
    circle *s = vs;
    if (s->phase != PH_HOLE && s->phase != PH_PLAY)
        return;
    tbi_pool pool;
    tbi_pool_init(&pool);
    tbi_deal_place pl[2 * MAX_P];
    tbi_set128 lacks[MAX_P];
    int np = 0;
    for (int q = 0; q < s->players; q++) {
        if (q == seat)
            continue;
        tbi_pool_add_run(&pool, s->hand[q], s->hand_n[q]);
        tbi_pool_add_run(&pool, s->hole[q], s->hole_n[q]);
        /* A hand takes no card of a colour its seat has shown it lacks; a
         * hole, set before any toss, takes any card. */
        lacks[q] = (tbi_set128){{0, 0}};
        for (int c = 0; c < 3; c++)
            if ((unsigned)s->voids[q] >> c & 1u)
                lacks[q].w[0] |= tbi_mq_trait_set(tbi_mq_trait(TBI_MQ_COLOUR, c));
        pl[np++] = (tbi_deal_place){s->hand[q], s->hand_n[q],
                                    s->voids[q] ? &lacks[q] : NULL};
        pl[np++] = (tbi_deal_place){s->hole[q], s->hole_n[q], NULL};
    }
    tbi_pool_shuffle(&pool, rng);
    tbi_pool_deal_constrained(&pool, pl, np, rng);
    for (int q = 0; q < s->players; q++) {
        if (q == seat)
            continue;
        tbi_sort_u8(s->hand[q], s->hand_n[q]);
        tbi_sort_u8(s->hole[q], s->hole_n[q]);
    }
    infer_holes(s, seat);
}

/* ------------------------------------------------------------ text */

/* Appends the short forms of n cards, separated by spaces. */
static void put_cards(tb_text *t, const uint8_t *cards, int n)
{
    for (int i = 0; i < n; i++) {
        char name[8];
        tbi_mq_short_name(cards[i], 0, name, sizeof name);
        tb_text_printf(t, "%s%s", i ? " " : "", name);
    }
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    if (!(a & HOLE_FLAG)) {
        tbi_mq_short_name((int)a, 0, buf, cap);
        return;
    }
    uint8_t h[HOLE];
    hole_cards(a, h);
    tb_text t;
    tb_text_init(&t, buf, cap);
    tb_text_puts(&t, "hole ");
    put_cards(&t, h, HOLE);
}

/* Explains why a card in hand may not be played now, listing the cards of
 * the colour led. */
static void explain_follow(const circle *s, int card, char *err, size_t cap)
{
    uint8_t ok[DEALT];
    int n = playable(s, ok);
    char c[8];
    tbi_mq_short_name(card, 0, c, sizeof c);
    tb_text t;
    tb_text_init(&t, err, cap);
    tb_text_printf(&t, "%s is not %s, the colour led, and you have %s; you "
                   "can play:", c, tbi_mq_colour_names[led_colour(s)],
                   tbi_mq_colour_names[led_colour(s)]);
    for (int i = 0; i < n; i++) {
        tbi_mq_short_name(ok[i], 0, c, sizeof c);
        tb_text_printf(&t, " %s", c);
    }
}

/* Reads "hole 1Bs 3Rc 5Ya" (the word is optional) for the seat to set its
 * hole: three different cards of its hand, in any order. */
static int parse_hole(const circle *s, const char *text, tb_action *out,
                      char *err, size_t cap)
{
    const char *p = tbi_skip_space(text);
    if (strncmp(p, "hole", 4) == 0 || strncmp(p, "HOLE", 4) == 0 ||
        strncmp(p, "Hole", 4) == 0)
        p += 4;
    int ids[HOLE], n = 0, seat = hole_seat(s);
    while (*(p = tbi_skip_space(p))) {
        int id;
        const char *end = n < HOLE ? tbi_mq_parse(p, 0, &id) : NULL;
        if (!end) {
            tbi_errf(err, cap, "set aside three cards of your hand as your "
                     "hole, e.g. hole 1Bs 3Rc 5Ya (moons bid 0 tricks, suns "
                     "1, arms 2, crowns 3)");
            return TB_EPARSE;
        }
        char name[8];
        tbi_mq_short_name(id, 0, name, sizeof name);
        if (!tbi_hand_has(s->hand[seat], s->hand_n[seat], (uint8_t)id)) {
            tbi_errf(err, cap, "%s is not in your hand", name);
            return TB_EPARSE;
        }
        for (int i = 0; i < n; i++)
            if (ids[i] == id) {
                tbi_errf(err, cap, "%s is named twice; a hole is three "
                         "different cards", name);
                return TB_EPARSE;
            }
        ids[n++] = id;
        p = end;
    }
    if (n != HOLE) {
        tbi_errf(err, cap, "a hole is three cards of your hand, e.g. hole "
                 "1Bs 3Rc 5Ya; you named %d", n);
        return TB_EPARSE;
    }
    uint8_t h[HOLE] = {(uint8_t)ids[0], (uint8_t)ids[1], (uint8_t)ids[2]};
    tbi_sort_u8(h, HOLE);
    *out = hole_action(h[0], h[1], h[2]);
    return TB_OK;
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const circle *s = vs;
    if (s->phase == PH_HOLE)
        return parse_hole(s, text, out, err, cap);
    int id;
    const char *end = tbi_mq_parse(tbi_skip_space(text), 0, &id);
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
        int col = led_colour(s);
        /* The engine refuses the action; the message says why. */
        if (tbi_mq_colour(id) != col &&
            tbi_trick_can_follow(s->hand[p], s->hand_n[p], of_colour, &col))
            explain_follow(s, id, err, cap);
    }
    *out = (tb_action)id;
    return TB_OK;
}

/* ------------------------------------------------------------ describe */

/* The end of a hand as every seat sees it: the holes turned up, each seat's
 * bid, tricks and points, the scores; then the end of the game or the next
 * dealer. */
static void describe_hand_end(const circle *s, tb_text *t)
{
    tb_text_printf(t, "hand %d is over; the holes are turned up:\n",
                   s->hand_no);
    for (int p = 0; p < s->players; p++) {
        int bid = bid_of(s->rev_hole[p], HOLE);
        tb_text_printf(t, "  seat %d's hole ", p);
        put_cards(t, s->rev_hole[p], HOLE);
        tb_text_printf(t, " bids %d; it won %d trick%s: %s%d point%s\n", bid,
                       s->rev_won[p], plural(s->rev_won[p]),
                       bid == s->rev_won[p] ? "bid met, " : "",
                       s->rev_points[p], plural(s->rev_points[p]));
    }
    tb_text_puts(t, "scores:");
    for (int p = 0; p < s->players; p++)
        tb_text_printf(t, "%s seat %d %d", p ? "," : "", p, s->score[p]);
    tb_text_puts(t, "\n");
    if (s->phase != PH_OVER) {
        tb_text_printf(t, "seat %d deals the next hand\n", s->dealer);
        return;
    }
    int n = 0;
    for (int p = 0; p < s->players; p++)
        if (s->score[p] >= s->target)
            tb_text_printf(t, "%sseat %d", n++ ? " and " : "", p);
    tb_text_printf(t, " reached %d points, so the game ends; the highest "
                   "score wins: ", s->target);
    tb_result r = {0};
    result(s, &r);
    tbi_say_winners(t, &r);
}

/* What seat sees when the seat to move in b takes action a (s is the state
 * after it): a hole set (its cards and bid only to its owner), a card led,
 * followed or tossed and whether it takes the lead, the trick taken, and
 * the end of the hand and of the game. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const circle *b = vb, *s = va;
    int p = current(b);
    if (b->phase == PH_HOLE) {
        tb_text_printf(t, "seat %d sets aside its hole", p);
        if (p == seat) {
            uint8_t h[HOLE];
            hole_cards(a, h);
            tb_text_puts(t, ": ");
            put_cards(t, h, HOLE);
            tb_text_printf(t, ", a bid of %d trick%s", bid_of(h, HOLE),
                           plural(bid_of(h, HOLE)));
        }
        tb_text_puts(t, "\n");
        if (s->phase == PH_PLAY)
            tb_text_printf(t, "every hole is set; seat %d leads the first "
                           "trick\n", s->trick.leader);
        return;
    }
    char name[8], win[8];
    tbi_mq_short_name((int)a, 0, name, sizeof name);
    if (b->trick.n == 0) {
        tb_text_printf(t, "seat %d leads %s\n", p, name);
    } else {
        int col = led_colour(b);
        int lead = b->trick.card[b->lead_idx];
        tbi_mq_short_name(lead, 0, win, sizeof win);
        if (tbi_mq_colour((int)a) != col)
            tb_text_printf(t, "seat %d has no %s and tosses %s\n", p,
                           tbi_mq_colour_names[col], name);
        else if (beats((int)a, lead))
            tb_text_printf(t, "seat %d plays %s and takes the lead from "
                           "%s\n", p, name, win);
        else
            tb_text_printf(t, "seat %d plays %s; %s still leads\n", p, name,
                           win);
    }
    if (b->trick.n + 1 < b->players)
        return;
    int w = s->last_winner;
    tbi_mq_short_name(s->last.card[tbi_trick_index_of(&s->last, w)], 0, win,
                      sizeof win);
    tb_text_printf(t, "seat %d wins the trick with %s (%d trick%s this "
                   "hand)\n", w, win, s->won[w], plural(s->won[w]));
    if (s->phase == PH_DEAL || s->phase == PH_OVER)
        describe_hand_end(s, t);
}

/* ------------------------------------------------------------ views */

static const char *const tag_names[3] = {"led", "followed", "tossed"};
static const char *const phase_names[] = {"dealer", "deal", "hole", "play",
                                          "over"};

/* Appends the colours in a bit set: "red and blue". */
static void put_colours(tb_text *t, unsigned set)
{
    int n = 0, total = __builtin_popcount(set);
    for (int c = 0; c < 3; c++)
        if (set >> c & 1u) {
            n++;
            tb_text_printf(t, "%s%s", n == 1 ? "" : n == total ? " or " : ", ",
                           tbi_mq_colour_names[c]);
        }
}

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

/* One seat's line: score, this hand's tricks and bid (its own, or every
 * seat's once the hand is over), cards held, colours it lacks. */
static void render_seat(const circle *s, int p, int seat, tb_text *t)
{
    int dealer = p == s->dealer && s->phase != PH_OVER;
    tb_text_printf(t, "  seat %d%s: %d point%s", p,
                   p == seat ? (dealer ? " (you, dealer)" : " (you)")
                             : (dealer ? " (dealer)" : ""),
                   s->score[p], plural(s->score[p]));
    if (s->phase == PH_HOLE || s->phase == PH_PLAY) {
        tb_text_printf(t, ", this hand %d trick%s", s->won[p],
                       plural(s->won[p]));
        if (s->hole_n[p] && p == seat)
            tb_text_printf(t, " (bid %d)", bid_of(s->hole[p], HOLE));
        else if (s->hole_n[p])
            tb_text_puts(t, " (bid hidden)");
        else
            tb_text_puts(t, " (no hole yet)");
        tb_text_printf(t, ", %d card%s", s->hand_n[p], plural(s->hand_n[p]));
        if (s->voids[p]) {
            tb_text_puts(t, ", has no ");
            put_colours(t, s->voids[p]);
        }
    }
    tb_text_puts(t, "\n");
}

/* The hand last finished: holes, bids, tricks and points. */
static void render_reveal(const circle *s, tb_text *t, unsigned style)
{
    tb_text_puts(t, "  last hand:\n");
    for (int p = 0; p < s->players; p++) {
        int bid = bid_of(s->rev_hole[p], HOLE);
        tb_text_printf(t, "    seat %d hole", p);
        for (int i = 0; i < HOLE; i++) {
            tb_text_puts(t, " ");
            tbi_mq_render(t, s->rev_hole[p][i], 0, style);
        }
        tb_text_printf(t, " bid %d, won %d: +%d%s\n", bid, s->rev_won[p],
                       s->rev_points[p], bid == s->rev_won[p] ? " (bid met)"
                                                               : "");
    }
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const circle *s = vs;
    tb_text_printf(t, "%sMystique Circle%s  hand %d, to %d points",
                   tbi_color(style, TBI_BOLD), tbi_color(style, TBI_RESET),
                   s->hand_no, s->target);
    if (s->phase == PH_PLAY)
        tb_text_printf(t, ", trick %d of %d", s->tricks_done + 1, TRICKS);
    tb_text_puts(t, "\n  suits: suns > moons > crowns > arms > suns; follow "
                 "the colour led\n");
    for (int p = 0; p < s->players; p++)
        render_seat(s, p, seat, t);
    if (s->has_reveal && (s->phase != PH_PLAY || s->tricks_done == 0))
        render_reveal(s, t, style);
    if (s->has_last && s->phase == PH_PLAY) {
        tb_text_puts(t, "  last trick:");
        render_trick(t, &s->last, style);
        tb_text_printf(t, "; seat %d won\n", s->last_winner);
    }
    if (s->phase == PH_OVER) {
        tb_result r = {0};
        result(s, &r);
        tb_text_puts(t, "  game over: ");
        tbi_say_winners(t, &r);
        return;
    }
    if (s->phase != PH_HOLE && s->phase != PH_PLAY)
        return;
    if (s->phase == PH_PLAY) {
        tb_text_puts(t, "  this trick:");
        render_trick(t, &s->trick, style);
        if (s->trick.n == 0) {
            tb_text_printf(t, " seat %d leads\n", s->trick.leader);
        } else {
            int lead = s->trick.card[s->lead_idx];
            tb_text_printf(t, "\n    %s led; seat %d is winning with ",
                           tbi_mq_colour_names[led_colour(s)],
                           tbi_trick_seat_of(&s->trick, s->lead_idx));
            tbi_mq_render(t, lead, 0, style);
            tb_text_printf(t, " (beaten by a higher %s or any %s)\n",
                           tbi_mq_suit_names[tbi_mq_suit(lead)],
                           tbi_mq_suit_names[prey[prey[prey[tbi_mq_suit(
                               lead)]]]]);
        }
    }
    if (seat >= 0 && seat < s->players) {
        tb_text_puts(t, "  your hand:");
        for (int i = 0; i < s->hand_n[seat]; i++) {
            tb_text_puts(t, " ");
            tbi_mq_render(t, s->hand[seat][i], 0, style);
        }
        if (s->hole_n[seat]) {
            tb_text_puts(t, "\n  your hole:");
            for (int i = 0; i < HOLE; i++) {
                tb_text_puts(t, " ");
                tbi_mq_render(t, s->hole[seat][i], 0, style);
            }
            tb_text_printf(t, " (a bid of %d)", bid_of(s->hole[seat], HOLE));
        }
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_HOLE)
        tb_text_printf(t, "  seat %d to set aside a hole of three cards "
                       "(moons bid 0, suns 1, arms 2, crowns 3)\n",
                       hole_seat(s));
    else
        tb_text_printf(t, "  seat %d to play\n", tbi_trick_to_play(&s->trick));
}

static json_t *json_trick(const tbi_trick *tr)
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
    return o;
}

static json_t *json_seat(const circle *s, int p, int seat)
{
    json_t *o = json_object();
    json_object_set_new(o, "score", json_integer(s->score[p]));
    if (s->phase == PH_HOLE || s->phase == PH_PLAY) {
        json_object_set_new(o, "tricks", json_integer(s->won[p]));
        json_object_set_new(o, "hand_size", json_integer(s->hand_n[p]));
        json_object_set_new(o, "hole_set", json_boolean(s->hole_n[p] != 0));
        if (p == seat && s->hole_n[p]) {
            json_object_set_new(o, "hole", tbi_mq_json_cards(s->hole[p], HOLE));
            json_object_set_new(o, "bid",
                                json_integer(bid_of(s->hole[p], HOLE)));
        }
        json_t *v = json_array();
        for (int c = 0; c < 3; c++)
            if ((unsigned)s->voids[p] >> c & 1u)
                json_array_append_new(v, json_string(tbi_mq_colour_names[c]));
        json_object_set_new(o, "lacks", v);
    }
    return o;
}

static json_t *view_json(const void *vs, int seat)
{
    const circle *s = vs;
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "hand_no", json_integer(s->hand_no));
    json_object_set_new(v, "target", json_integer(s->target));
    if (s->phase != PH_DEALER)
        json_object_set_new(v, "dealer", json_integer(s->dealer));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++)
        json_array_append_new(seats, json_seat(s, p, seat));
    json_object_set_new(v, "seats", seats);
    if (s->has_reveal) {
        json_t *r = json_array();
        for (int p = 0; p < s->players; p++) {
            json_t *o = json_object();
            json_object_set_new(o, "hole",
                                tbi_mq_json_cards(s->rev_hole[p], HOLE));
            json_object_set_new(o, "bid",
                                json_integer(bid_of(s->rev_hole[p], HOLE)));
            json_object_set_new(o, "tricks", json_integer(s->rev_won[p]));
            json_object_set_new(o, "points", json_integer(s->rev_points[p]));
            json_array_append_new(r, o);
        }
        json_object_set_new(v, "last_hand", r);
    }
    if (s->phase != PH_HOLE && s->phase != PH_PLAY)
        return v;
    if (s->phase == PH_HOLE)
        json_object_set_new(v, "to_set_hole", json_integer(hole_seat(s)));
    json_object_set_new(v, "tricks_done", json_integer(s->tricks_done));
    uint8_t played[TBI_MQ_CARDS];
    int n = 0;
    for (int c = 0; c < TBI_MQ_CARDS; c++)
        if (s->played >> c & 1u)
            played[n++] = (uint8_t)c;
    json_object_set_new(v, "played", tbi_mq_json_cards(played, n));
    if (s->phase == PH_PLAY) {
        json_t *tr = json_trick(&s->trick);
        if (s->trick.n) {
            json_object_set_new(tr, "colour", json_string(
                                    tbi_mq_colour_names[led_colour(s)]));
            json_object_set_new(tr, "winning", json_integer(tbi_trick_seat_of(
                                                   &s->trick, s->lead_idx)));
        }
        json_object_set_new(v, "trick", tr);
    }
    if (s->has_last) {
        json_t *last = json_trick(&s->last);
        json_object_set_new(last, "winner", json_integer(s->last_winner));
        json_object_set_new(v, "last_trick", last);
    }
    if (seat >= 0 && seat < s->players)
        json_object_set_new(v, "hand", tbi_mq_json_cards(s->hand[seat],
                                                         s->hand_n[seat]));
    return v;
}

/* ------------------------------------------------------------ the bot */

/* The share of the seats that hold a card beating yours who are taken to
 * play it: a seat may hold one and still not use it (it keeps it, or has
 * its own bid to mind). */
#define USE_BEATER 0.75

/* What the bot knows of the unseen cards: which they are, and how many
 * each seat holds in hand. */
typedef struct outlook {
    uint8_t unseen[TBI_MQ_CARDS];
    int u;
} outlook;

/* The cards in the deck that `seat` has not seen: not in its hand or hole,
 * not played this hand. */
static void look(const circle *s, int seat, outlook *o)
{
    o->u = 0;
    for (int c = 0; c < TBI_MQ_CARDS; c++)
        if (in_deck(s, c) && !(s->played >> c & 1u) &&
            !tbi_hand_has(s->hand[seat], s->hand_n[seat], (uint8_t)c) &&
            !tbi_hand_has(s->hole[seat], s->hole_n[seat], (uint8_t)c))
            o->unseen[o->u++] = (uint8_t)c;
}

/* The chance that card x, winning its trick now, still wins it when the
 * seats holding `later` cards of the unseen ones play after it: none of
 * them holds a card of its colour that beats it, or one does and keeps it. */
static double hold_chance(int x, const outlook *o, int later)
{
    int threats = 0;
    for (int i = 0; i < o->u; i++)
        if (tbi_mq_colour(o->unseen[i]) == tbi_mq_colour(x) &&
            beats(o->unseen[i], x))
            threats++;
    double none = tbi_chance_none_among(threats, o->u, later);
    return none + (1.0 - none) * (1.0 - USE_BEATER);
}

/* The factor that turns a card's chance of holding a trick it leads into
 * its share of the hand's tricks: an average card of the deck should win
 * 1/N of a trick, as N players share the nine tricks.  (Taken alone, the
 * chance to hold overrates strong cards and underrates weak ones: a seat
 * can beat only one card a trick, and weak cards win when others must
 * toss.) */
static float calibrate(const circle *s)
{
    outlook o;
    double sum = 0.0;
    int n = 0;
    for (int x = 0; x < TBI_MQ_CARDS; x++) {
        if (!in_deck(s, x))
            continue;
        o.u = 0;
        for (int c = 0; c < TBI_MQ_CARDS; c++)
            if (in_deck(s, c) && c != x)
                o.unseen[o.u++] = (uint8_t)c;
        sum += hold_chance(x, &o, TRICKS * (s->players - 1));
        n++;
    }
    return (float)((double)n / s->players / sum);
}

/* A card's share of the tricks still to come: its chance to hold a trick
 * it leads, calibrated, at most 0.95. */
static double trick_share(const circle *s, int x, const outlook *o, int r)
{
    double p = hold_chance(x, o, r) * s->trick_scale;
    return p > 0.95 ? 0.95 : p;
}

/* Cards that the seats after the one to play hold and that may follow
 * colour col (seats that have shown they lack it cannot). */
static int later_cards(const circle *s, int col)
{
    int r = 0, n = tbi_trick_after_current(&s->trick);
    int p = tbi_trick_to_play(&s->trick);
    for (int k = 1; k <= n; k++) {
        int q = tbi_trick_seat_after(&s->trick, p, k);
        if (!((unsigned)s->voids[q] >> col & 1u))
            r += s->hand_n[q];
    }
    return r;
}

/* Cards all other seats hold that may follow colour col: what a card led
 * later in the hand faces. */
static int other_cards(const circle *s, int seat, int col)
{
    int r = 0;
    for (int q = 0; q < s->players; q++)
        if (q != seat && !((unsigned)s->voids[q] >> col & 1u))
            r += s->phase == PH_HOLE ? TRICKS : s->hand_n[q];
    return r;
}

/* The distribution of tricks won by n cards that win independently with
 * chances p[]: dist[k] for k = 0..n. */
static void trick_dist(const double *p, int n, double *dist)
{
    dist[0] = 1.0;
    for (int k = 1; k <= n; k++)
        dist[k] = 0.0;
    for (int i = 0; i < n; i++)
        for (int k = i + 1; k >= 0; k--)
            dist[k] = dist[k] * (1.0 - p[i]) + (k ? dist[k - 1] * p[i] : 0.0);
}

/* The hole `seat` would set aside from the n cards c[] (its hand and hole
 * as they are now) when it has already won `won` tricks: for every choice
 * of three cards that leaves in hand no colour of `lacks` (colour bits),
 * the bid it makes and the chance that the cards kept win exactly the
 * tricks still needed (each card taken as winning with the chance it
 * holds a trick it leads); the choice worth most (bonus times that chance
 * plus the tricks expected) is returned in out[].  Returns 0 when no
 * choice fits. */
static int best_hole(const circle *s, int seat, const uint8_t *c, int n,
                     int won, unsigned lacks, uint8_t *out)
{
    outlook o;
    look(s, seat, &o);
    double p[DEALT];
    for (int i = 0; i < n; i++)
        p[i] = trick_share(s, c[i], &o,
                           other_cards(s, seat, tbi_mq_colour(c[i])));
    double best_v = -1.0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            for (int l = j + 1; l < n; l++) {
                double q[DEALT], dist[DEALT + 1], mean = 0.0;
                int m = 0, bad = 0;
                for (int k = 0; k < n; k++)
                    if (k != i && k != j && k != l) {
                        bad |= (int)(lacks >> tbi_mq_colour(c[k]) & 1u);
                        q[m++] = p[k];
                        mean += p[k];
                    }
                if (bad)
                    continue;
                trick_dist(q, m, dist);
                uint8_t hole[HOLE] = {c[i], c[j], c[l]};
                int need = bid_of(hole, HOLE) - won;
                double v = mean + (need >= 0 && need <= m ? BONUS * dist[need]
                                                          : 0.0);
                if (v > best_v) {
                    best_v = v;
                    memcpy(out, hole, HOLE);
                }
            }
    return best_v >= 0.0;
}

/* The hole the bot sets aside: best_hole of its twelve cards. */
static tb_action choose_hole(const circle *s, int seat)
{
    uint8_t h[HOLE];
    best_hole(s, seat, s->hand[seat], s->hand_n[seat], 0, 0, h);
    return hole_action(h[0], h[1], h[2]);
}

/* After a determinization: each other seat that has set its hole is given
 * the hole the bot would have set from its cards (its hand and hole as
 * dealt in this world), keeping out of its hand the colours it has shown
 * it lacks.  Without this the others' bids would be random (4.5 tricks on
 * average where players bid about 9/N), and a search would model them as
 * fighting for tricks they do not want.  (The cards a seat has played are
 * not known by seat, so the choice is among the cards it holds now, with
 * its tricks won counted towards the bid.) */
static void infer_holes(circle *s, int seat)
{
    for (int q = 0; q < s->players; q++) {
        if (q == seat || s->hole_n[q] != HOLE)
            continue;
        uint8_t c[DEALT], h[HOLE];
        int n = s->hand_n[q];
        memcpy(c, s->hand[q], (size_t)n);
        memcpy(c + n, s->hole[q], HOLE);
        n += HOLE;
        tbi_sort_u8(c, n);
        if (!best_hole(s, q, c, n, s->won[q], s->voids[q], h))
            continue;
        memcpy(s->hole[q], h, HOLE);
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!tbi_hand_has(h, HOLE, c[i]))
                s->hand[q][k++] = c[i];
    }
}

/* How much a card's worth in later tricks (its trick share) weighs against
 * its chance to win the trick now when the bot picks the card to play. */
#define KEEP_WEIGHT 0.5

/* The bot.  It sets its hole as choose_hole says.  In play it steers for
 * its bid: while it is short of the bid, or past it (a trick is then still
 * a point), it wants the trick, and plays the card with the best chance to
 * win it now less half the card's worth in later tricks (so it wins with
 * the cheapest card that will do and throws its weakest when it cannot
 * win); once the bid is met it wants no more tricks, and plays the card
 * least likely to win now, shedding first the cards most likely to win
 * later.  A card's chance to win now is none if it does not take the lead
 * (only a card played later can take the lead from it), else its chance
 * to hold against the seats still to play.  It reads only its own hand
 * and hole, the cards played, the hand sizes and the colours seats have
 * shown they lack. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    (void)rng;
    const circle *s = vs;
    if (s->phase == PH_HOLE)
        return choose_hole(s, seat);
    outlook o;
    look(s, seat, &o);
    int want = bid_of(s->hole[seat], HOLE) != s->won[seat];
    uint8_t cards[DEALT];
    int m = playable(s, cards);
    tb_action best = cards[0];
    double best_v = -1e9;
    for (int c = 0; c < m; c++) {
        int x = cards[c], col = tbi_mq_colour(x);
        double w;
        if (s->trick.n == 0)
            w = hold_chance(x, &o, later_cards(s, col));
        else
            w = col == led_colour(s) &&
                        beats(x, s->trick.card[s->lead_idx])
                    ? hold_chance(x, &o, later_cards(s, col))
                    : 0.0;
        double later = trick_share(s, x, &o, other_cards(s, seat, col));
        double v = want ? w - KEEP_WEIGHT * later : KEEP_WEIGHT * later - w;
        if (v > best_v) {
            best_v = v;
            best = (tb_action)x;
        }
    }
    return best;
}

/* The draw for the first dealer is told to everyone; a hand's deal tells
 * each seat its own cards and everyone how many each got. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const circle *b = vb, *s = va;
    (void)outcome;
    (void)n;
    if (b->phase == PH_DEALER) {
        tb_text_printf(t, "seat %d is drawn to deal first\n", s->dealer);
        return;
    }
    tb_text_printf(t, "hand %d: seat %d deals\n", s->hand_no, s->dealer);
    tbi_say_deal(t, seat, s->players, &s->hand[0][0], DEALT, s->hand_n,
                 tbi_mq_namer, NULL);
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md), cards as flags over the 60 ids:
 * its hand, its hole, the cards played this hand; the trick in progress
 * and the last trick of this hand (tbi_obs_trick), the seat winning the
 * trick now and the last trick's winner (one-hot); per seat counted from seat,
 * its score (/100), tricks won this hand (/9), cards in hand (/12),
 * whether its hole is set, the colours it has shown it lacks (3 flags),
 * and from the hand last finished its hole (flags), tricks (/9) and
 * points (/29); the dealer (one-hot), the holes set (/5), the tricks done
 * (/9), the hand (/20), the target (/500), whether a hand has been
 * revealed, the seat to act (one-hot), the phase.  A NULL out only
 * counts. */
static int observe(const void *vs, int seat, float *out)
{
    const circle *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, dealt = s->phase == PH_HOLE || s->phase == PH_PLAY;
    int play = s->phase == PH_PLAY;
    tbi_obs_cards(&o, s->hand[seat], dealt ? s->hand_n[seat] : 0, 0,
                  TBI_MQ_CARDS);
    tbi_obs_cards(&o, s->hole[seat], dealt ? s->hole_n[seat] : 0, 0,
                  TBI_MQ_CARDS);
    tbi_obs_bits(&o, s->played, 0, TBI_MQ_CARDS);
    tbi_obs_trick(&o, &s->trick, play, seat, n, 0, TBI_MQ_CARDS, 0);
    tbi_obs_trick(&o, &s->last, s->has_last, seat, n, 0, TBI_MQ_CARDS, 0);
    int winning = play && s->trick.n
                      ? tbi_trick_seat_of(&s->trick, s->lead_idx) : -1;
    tbi_obs_onehot(&o, winning >= 0 ? (winning - seat + n) % n : -1, n);
    tbi_obs_onehot(&o, s->has_last ? (s->last_winner - seat + n) % n : -1, n);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        tbi_obs_scalar(&o, s->score[p] / 100.0);
        tbi_obs_scalar(&o, dealt ? s->won[p] / (double)TRICKS : 0);
        tbi_obs_scalar(&o, dealt ? s->hand_n[p] / (double)DEALT : 0);
        tbi_obs_scalar(&o, dealt && s->hole_n[p]);
        tbi_obs_bits(&o, dealt ? s->voids[p] : 0, 0, 3);
        tbi_obs_cards(&o, s->rev_hole[p], s->has_reveal ? HOLE : 0, 0,
                      TBI_MQ_CARDS);
        tbi_obs_scalar(&o, s->rev_won[p] / (double)TRICKS);
        tbi_obs_scalar(&o, s->rev_points[p] / (double)(TRICKS + BONUS));
    }
    tbi_obs_onehot(&o, s->phase == PH_DEALER ? -1 : (s->dealer - seat + n) % n,
                   n);
    tbi_obs_scalar(&o, s->holes_set / (double)MAX_P);
    tbi_obs_scalar(&o, s->tricks_done / (double)TRICKS);
    tbi_obs_scalar(&o, s->hand_no / 20.0);
    tbi_obs_scalar(&o, s->target / 500.0);
    tbi_obs_scalar(&o, s->has_reveal);
    int cur = dealt ? current(s) : -1;
    tbi_obs_onehot(&o, cur >= 0 ? (cur - seat + n) % n : -1, n);
    tbi_obs_onehot(&o, s->phase, 5);
    return o.at;
}

/* The choices of a hole: three places i < j < l of the sorted hand of 12,
 * numbered in that (lexicographic) order. */
#define HOLE_CHOICES (DEALT * (DEALT - 1) * (DEALT - 2) / 6)

/* A card played is its id (0-59); a hole is 60 plus the number of its
 * places in the hand among HOLE_CHOICES. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return TBI_MQ_CARDS + HOLE_CHOICES;
}

static int action_index(const void *vs, tb_action a)
{
    const circle *s = vs;
    if (!(a & HOLE_FLAG))
        return (int)a;
    const uint8_t *h = s->hand[hole_seat(s)];
    uint8_t cards[HOLE];
    hole_cards(a, cards);
    int k = 0;
    for (int i = 0; i < DEALT; i++)
        for (int j = i + 1; j < DEALT; j++)
            for (int l = j + 1; l < DEALT; l++, k++)
                if (h[i] == cards[0] && h[j] == cards[1] && h[l] == cards[2])
                    return TBI_MQ_CARDS + k;
    return -1; /* not a hole of this hand */
}

const tb_game tbg_mystique_circle = {
    .id = "mystique-circle",
    .title = "Mystique Circle",
    .blurb = "trick-taking round a cycle of suits, bidding with three "
             "secret cards",
    .min_players = 2,
    .max_players = MAX_P,
    .flags = TB_GAME_HIDDEN,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(circle),
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
    .search_defaults = "horizon=round", /* docs/bots.md, Strength */
    .describe = describe,
    .describe_chance = describe_chance,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
