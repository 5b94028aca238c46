/*
 * mystique_domination.c - Mystique Domination (aquoiboniste), a partnership
 * climbing game for four players with the 60-card Mystique Deck.  Partners
 * sit opposite (seats 0 and 2 are team A, seats 1 and 3 team B).  Each seat
 * is dealt 15 cards and passes 3 of them face-down to its partner, all at
 * once in secret (modelled one seat at a time, seat 0 first, with `retract`
 * for search).  The holder of card 1 leads.  A play is a single-colour
 * n-of-a-kind or a single-colour run of consecutive numbers; a follow is any
 * such pattern of the led colour with a higher total.  When the other three
 * pass after a play, its player takes it and every card of the play pile
 * that shares a suit with it; the rest of the pile waits.  Going out ends
 * the round: the pile and the opponents' hands go to the goer's team, the
 * partner's hand to the opponents.  10 points per suit majority (8+ of 15)
 * and 10 for the card majority; rounds until a team reaches the target.
 *
 * Actions: a set of up to five cards packed six bits each (card id + 1,
 * ascending), both for the pass (three cards) and for a play; PASS (0) is
 * passing in a trick.
 */
#include "cards.h"
#include "dealt.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <string.h>

#define SEATS 4
#define DEAL 15
#define GIVE 3
#define HAND_MAX (DEAL + GIVE)
#define PLAY_MAX 5
#define PASS_ACTION 0u
#define NOBODY 0xff
#define POINTS 10        /* per suit majority, and for the card majority */
#define SUIT_MAJORITY 8  /* of a suit's 15 cards */
#define CARD_MAJORITY 30 /* more than this many of the 60 */

enum { OPT_TARGET, OPT_TIE };
enum phase { PH_DEAL, PH_GIVE, PH_PLAY, PH_OVER };
/* What a tie at or above the target does (option `tie`). */
enum { TIE_ANOTHER_ROUND, TIE_SHARED };

static const char *const tie_choices[] = {"another-round", "shared"};

static const tb_option_def options[] = {
    [OPT_TARGET] = {"target", "the game ends after the round in which a team "
                    "reaches this many points", TB_OPT_INT, 100, 10, 1000,
                    NULL},
    [OPT_TIE] = {"tie", "when a team has reached the target and the teams "
                 "are tied: another-round (play on until one has more) or "
                 "shared (both teams share the win)", TB_OPT_ENUM,
                 TIE_ANOTHER_ROUND, 0, 1, tie_choices},
};

typedef struct dom {
    uint8_t phase;
    uint16_t target, round;
    uint8_t tie;            /* TIE_*: what a tie at the target does */
    int16_t score[2];       /* team scores before this round */
    int16_t round_pts[2];   /* what the last finished round scored */
    uint8_t hand[SEATS][HAND_MAX], hand_n[SEATS];
    uint8_t give[SEATS][GIVE]; /* the cards each seat passes to its partner */
    uint8_t given;             /* bit p: seat p has chosen its pass */
    uint8_t known_give;        /* bit p: give[p] is known in this state (a
                                  determinization forgets the opponents') */
    uint8_t to_move;
    uint8_t first_leader;      /* who held card 1 after the pass, or NOBODY */
    uint8_t pile[60], pile_n;  /* the play pile, oldest first */
    uint8_t play_n;            /* cards in the last play (the pile's last
                                  play_n), 0 when a trick is to be led */
    uint8_t play_total;        /* its total value */
    uint8_t colour;            /* the colour led in this trick */
    uint8_t last_player;       /* who made the last play */
    uint8_t passes;            /* passes since the last play */
    uint8_t leader;            /* who led this trick */
    uint8_t went_out;          /* the seat that went out last round */
    uint8_t won[2][4];         /* this round's score piles, by suit */
    uint8_t won_n[2];
    uint8_t shown[SEATS][HAND_MAX], shown_n[SEATS]; /* the hands laid open
                                  when the last round ended (public) */
} dom;

static int team_of(int p) { return p & 1; }
static int partner_of(int p) { return (p + 2) % SEATS; }

/* ------------------------------------------------------------ card sets */

/* Packs n ascending card ids into an action. */
static tb_action pack(const uint8_t *ids, int n)
{
    tb_action a = 0;
    for (int i = 0; i < n; i++)
        a |= (tb_action)(ids[i] + 1) << (6 * i);
    return a;
}

/* Unpacks an action into its card ids; returns how many. */
static int unpack(tb_action a, uint8_t *ids)
{
    int n = 0;
    for (; a && n < PLAY_MAX; a >>= 6)
        ids[n++] = (uint8_t)((a & 63u) - 1);
    return n;
}

/* The total value of n cards. */
static int total_of(const uint8_t *ids, int n)
{
    int t = 0;
    for (int i = 0; i < n; i++)
        t += tbi_mq_number(ids[i]);
    return t;
}

/* The suits of n cards as a 4-bit mask. */
static unsigned suits_of(const uint8_t *ids, int n)
{
    unsigned m = 0;
    for (int i = 0; i < n; i++)
        m |= 1u << tbi_mq_suit(ids[i]);
    return m;
}

/* Whether n cards form a legal pattern: one colour, and either all of one
 * number (n-of-a-kind) or one card of each number of a run of consecutive
 * numbers.  Suits play no part. */
static int is_pattern(const uint8_t *ids, int n)
{
    if (n < 1 || n > PLAY_MAX)
        return 0;
    unsigned nums = 0;
    int same = 1;
    for (int i = 0; i < n; i++) {
        if (tbi_mq_colour(ids[i]) != tbi_mq_colour(ids[0]))
            return 0;
        same &= tbi_mq_number(ids[i]) == tbi_mq_number(ids[0]);
        nums |= 1u << tbi_mq_number(ids[i]);
    }
    if (same)
        return 1;
    if (__builtin_popcount(nums) != n)
        return 0; /* a repeated number in a mixed group */
    unsigned low = nums & -nums;
    return nums == ((low << n) - low); /* consecutive bits */
}

/* ------------------------------------------------------------ setup */

static void init(void *vs, const tb_config *cfg)
{
    dom *s = vs;
    s->target = (uint16_t)cfg->opt[OPT_TARGET];
    s->tie = (uint8_t)cfg->opt[OPT_TIE];
    s->phase = PH_DEAL;
    s->went_out = NOBODY;
}

static int current(const void *vs)
{
    const dom *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_OVER: return TB_TERMINAL;
    default: return s->to_move;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    tbi_mq_chance_deck(c, 1);
}

/* Deals the shuffled deck: 15 cards to each seat in turn, seat 0 first. */
static void apply_chance(void *vs, const uint16_t *deck)
{
    dom *s = vs;
    for (int p = 0; p < SEATS; p++) {
        for (int i = 0; i < DEAL; i++)
            s->hand[p][i] = (uint8_t)deck[p * DEAL + i];
        s->hand_n[p] = DEAL;
        tbi_sort_u8(s->hand[p], DEAL);
    }
    memset(s->give, 0, sizeof s->give);
    memset(s->won, 0, sizeof s->won);
    memset(s->won_n, 0, sizeof s->won_n);
    s->given = 0;
    s->known_give = 0;
    s->pile_n = s->play_n = s->play_total = s->passes = 0;
    s->first_leader = s->last_player = s->leader = NOBODY;
    s->to_move = 0;
    s->round++;
    s->phase = PH_GIVE;
}

/* ------------------------------------------------------------ legal */

/* Appends every pattern of colour c from hand whose total beats `beat`
 * to out, in a fixed order: n-of-a-kinds by number, then runs by start and
 * length.  Returns the new count. */
static int patterns_of_colour(const uint8_t *hand, int hn, int c, int beat,
                              tb_action *out, int n)
{
    uint8_t by[6][4];
    int cnt[6] = {0};
    for (int i = 0; i < hn; i++)
        if (tbi_mq_colour(hand[i]) == c) {
            int v = tbi_mq_number(hand[i]);
            by[v][cnt[v]++] = hand[i];
        }
    uint8_t pick[PLAY_MAX];
    for (int v = 1; v <= 5; v++)
        for (unsigned m = 1; m < (1u << cnt[v]); m++) {
            int k = 0;
            for (int i = 0; i < cnt[v]; i++)
                if (m >> i & 1u)
                    pick[k++] = by[v][i];
            if (v * k > beat)
                out[n++] = pack(pick, k);
        }
    for (int lo = 1; lo <= 4; lo++)
        for (int hi = lo + 1; hi <= 5 && cnt[hi]; hi++) {
            if (!cnt[lo])
                break;
            int len = hi - lo + 1;
            if ((lo + hi) * len / 2 <= beat)
                continue;
            int idx[PLAY_MAX] = {0};
            for (;;) {
                for (int i = 0; i < len; i++)
                    pick[i] = by[lo + i][idx[i]];
                tbi_sort_u8(pick, len);
                out[n++] = pack(pick, len);
                int i = len - 1;
                while (i >= 0 && ++idx[i] == cnt[lo + i])
                    idx[i--] = 0;
                if (i < 0)
                    break;
            }
        }
    return n;
}

static int legal(const void *vs, tb_action *out)
{
    const dom *s = vs;
    int p = s->to_move, hn = s->hand_n[p];
    const uint8_t *h = s->hand[p];
    int n = 0;
    if (s->phase == PH_GIVE) {
        uint8_t pick[GIVE];
        for (int i = 0; i < hn; i++)
            for (int j = i + 1; j < hn; j++)
                for (int k = j + 1; k < hn; k++) {
                    pick[0] = h[i];
                    pick[1] = h[j];
                    pick[2] = h[k];
                    out[n++] = pack(pick, GIVE);
                }
        return n;
    }
    if (s->play_n == 0) {
        for (int c = 0; c < 3; c++)
            n = patterns_of_colour(h, hn, c, 0, out, n);
        return n;
    }
    out[n++] = PASS_ACTION;
    return patterns_of_colour(h, hn, s->colour, s->play_total, out, n);
}

/* ------------------------------------------------------------ apply */

/* Adds a card to team t's score pile. */
static void score_card(dom *s, int t, int card)
{
    s->won[t][tbi_mq_suit(card)]++;
    s->won_n[t]++;
}

/* The winner of the trick takes her last play and every pile card that
 * shares a suit with it; the rest of the pile stays, in order. */
static void take_trick(dom *s)
{
    int w = s->last_player;
    const uint8_t *last = s->pile + s->pile_n - s->play_n;
    unsigned suits = suits_of(last, s->play_n);
    int k = 0;
    for (int i = 0; i < s->pile_n; i++) {
        int c = s->pile[i];
        if (i >= s->pile_n - s->play_n || (suits >> tbi_mq_suit(c) & 1u))
            score_card(s, team_of(w), c);
        else
            s->pile[k++] = (uint8_t)c;
    }
    s->pile_n = (uint8_t)k;
    s->play_n = s->play_total = s->passes = 0;
    s->to_move = s->leader = (uint8_t)w;
}

/* The points team t scores for this round's score piles: 10 per suit of
 * which it holds 8 or more, 10 for more than 30 cards (at 30 each, for the
 * team whose player went out). */
static int round_points(const dom *s, int t)
{
    int pts = 0;
    for (int u = 0; u < 4; u++)
        if (s->won[t][u] >= SUIT_MAJORITY)
            pts += POINTS;
    if (s->won_n[t] > CARD_MAJORITY ||
        (s->won_n[t] == CARD_MAJORITY && team_of(s->went_out) == t))
        pts += POINTS;
    return pts;
}

/* Whether the game is over after a round: a team has reached the target
 * and, unless the option shares a tie, one team has more points.  Another
 * round always settles a tie: every round scores 50 points (four suit
 * majorities and the card majority, 10 each, each to exactly one team), so
 * after k rounds the teams hold 50k in all, and a tie (25k each, a multiple
 * of 10) needs k even; the next round makes k odd.  So the game lasts at
 * most one round more than under `tie=shared`. */
static int game_over(const dom *s)
{
    if (s->score[0] < s->target && s->score[1] < s->target)
        return 0;
    return s->score[0] != s->score[1] || s->tie == TIE_SHARED;
}

/* Seat p has gone out: the pile and the opponents' hands go to its team,
 * its partner's hand to the opponents; the round is scored and the game
 * ends when a team has reached the target (and has more points). */
static void go_out(dom *s, int p)
{
    int t = team_of(p);
    for (int i = 0; i < s->pile_n; i++)
        score_card(s, t, s->pile[i]);
    s->pile_n = s->play_n = 0;
    for (int q = 0; q < SEATS; q++) {
        if (q == p)
            continue;
        for (int i = 0; i < s->hand_n[q]; i++)
            score_card(s, q == partner_of(p) ? 1 - t : t, s->hand[q][i]);
    }
    memcpy(s->shown, s->hand, sizeof s->shown);
    memcpy(s->shown_n, s->hand_n, sizeof s->shown_n);
    s->went_out = (uint8_t)p;
    for (int u = 0; u < 2; u++) {
        s->round_pts[u] = (int16_t)round_points(s, u);
        s->score[u] = (int16_t)(s->score[u] + s->round_pts[u]);
    }
    s->phase = game_over(s) ? PH_OVER : PH_DEAL;
}

/* The pass: seat p's three cards leave its hand; once all four have
 * chosen they arrive in the partners' hands and the holder of card 1
 * leads. */
static void apply_give(dom *s, int p, const uint8_t *ids)
{
    for (int i = 0; i < GIVE; i++) {
        s->give[p][i] = ids[i];
        tbi_hand_remove(s->hand[p], &s->hand_n[p], ids[i]);
    }
    s->given |= (uint8_t)(1u << p);
    s->known_give |= (uint8_t)(1u << p);
    if (s->given != (1u << SEATS) - 1) {
        int q = 0;
        while ((unsigned)s->given >> q & 1u)
            q++; /* the lowest seat yet to choose */
        s->to_move = (uint8_t)q;
        return;
    }
    for (int q = 0; q < SEATS; q++)
        for (int i = 0; i < GIVE; i++)
            tbi_hand_insert_sorted(s->hand[partner_of(q)],
                                   &s->hand_n[partner_of(q)], s->give[q][i]);
    for (int q = 0; q < SEATS; q++)
        if (tbi_hand_has(s->hand[q], s->hand_n[q], 0))
            s->first_leader = (uint8_t)q;
    s->to_move = s->leader = s->first_leader;
    s->phase = PH_PLAY;
}

static void apply(void *vs, tb_action a)
{
    dom *s = vs;
    int p = s->to_move;
    uint8_t ids[PLAY_MAX];
    int n = unpack(a, ids);
    if (s->phase == PH_GIVE) {
        apply_give(s, p, ids);
        return;
    }
    if (a == PASS_ACTION) {
        if (++s->passes == SEATS - 1)
            take_trick(s);
        else
            s->to_move = (uint8_t)((p + 1) % SEATS);
        return;
    }
    if (s->play_n == 0)
        s->colour = (uint8_t)tbi_mq_colour(ids[0]);
    for (int i = 0; i < n; i++) {
        tbi_hand_remove(s->hand[p], &s->hand_n[p], ids[i]);
        s->pile[s->pile_n++] = ids[i];
    }
    s->play_n = (uint8_t)n;
    s->play_total = (uint8_t)total_of(ids, n);
    s->last_player = (uint8_t)p;
    s->passes = 0;
    if (s->hand_n[p] == 0)
        go_out(s, p);
    else
        s->to_move = (uint8_t)((p + 1) % SEATS);
}

/* Both partners share the team's score and rank. */
static void result(const void *vs, tb_result *out)
{
    const dom *s = vs;
    out->players = SEATS;
    for (int p = 0; p < SEATS; p++)
        out->score[p] = s->score[team_of(p)];
    tbi_rank_by_score(out, 1);
}

static int standing(const void *vs, double *scores)
{
    const dom *s = vs;
    for (int p = 0; p < SEATS; p++)
        scores[p] = s->score[team_of(p)];
    return s->round;
}

/* ------------------------------------------------------------ hidden */

/* Whether seat p's chosen pass is still secret from `seat`. */
static int give_hidden(const dom *s, int p, int seat)
{
    return s->phase == PH_GIVE && ((unsigned)s->given >> p & 1u) &&
           p != seat;
}

/* Whether `seat` knows that card lies in seat q's hand: the cards seat
 * passed to its partner stay there until played, and card 1 stays with
 * the seat that led first until it is played. */
static int known_in_hand(const dom *s, int seat, int q, int card)
{
    if (s->phase != PH_PLAY)
        return 0;
    if (card == 0 && q == s->first_leader)
        return 1;
    if (seat < 0 || q != partner_of(seat) ||
        !((unsigned)s->known_give >> seat & 1u))
        return 0;
    for (int i = 0; i < GIVE; i++)
        if (s->give[seat][i] == card)
            return 1;
    return 0;
}

/* Deals the unseen cards again: the other hands (but for the cards seat
 * knows are in them) and the others' secret passes are pooled, shuffled
 * and handed back in the same numbers.  The passes of the opponents, never
 * seen by seat, are forgotten rather than guessed. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    dom *s = vs;
    if (s->phase == PH_DEAL || s->phase == PH_OVER)
        return;
    uint8_t keep[SEATS][HAND_MAX], keep_n[SEATS] = {0};
    tbi_pool pool;
    tbi_pool_init(&pool);
    for (int q = 0; q < SEATS; q++) {
        if (q == seat)
            continue;
        for (int i = 0; i < s->hand_n[q]; i++) {
            int c = s->hand[q][i];
            if (known_in_hand(s, seat, q, c))
                keep[q][keep_n[q]++] = (uint8_t)c;
            else
                tbi_pool_add(&pool, (uint8_t)c);
        }
        if (give_hidden(s, q, seat))
            tbi_pool_add_run(&pool, s->give[q], GIVE);
    }
    tbi_pool_shuffle(&pool, rng);
    for (int q = 0; q < SEATS; q++) {
        if (q == seat)
            continue;
        int n = s->hand_n[q];
        memcpy(s->hand[q], keep[q], keep_n[q]);
        tbi_pool_take_run(&pool, s->hand[q] + keep_n[q], n - keep_n[q]);
        tbi_sort_u8(s->hand[q], n);
        if (give_hidden(s, q, seat)) {
            tbi_pool_take_run(&pool, s->give[q], GIVE);
            tbi_sort_u8(s->give[q], GIVE);
        }
    }
    /* After the pass seat knows its own pass and the one it received. */
    for (int q = 0; q < SEATS; q++) {
        int seen = seat >= 0 && (q == seat || (s->phase == PH_PLAY &&
                                               q == partner_of(seat)));
        if (!seen && !give_hidden(s, q, seat)) {
            s->known_give &= (uint8_t)~(1u << q);
            if (s->phase == PH_PLAY)
                memset(s->give[q], 0, GIVE);
        }
    }
}

/* Takes back the passes seat has not seen: the cards return to their
 * hands and those seats choose again, lowest first, before seat. */
static void retract(void *vs, int seat)
{
    dom *s = vs;
    if (s->phase != PH_GIVE)
        return;
    for (int p = SEATS - 1; p >= 0; p--) {
        if (!give_hidden(s, p, seat))
            continue;
        for (int i = 0; i < GIVE; i++)
            tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], s->give[p][i]);
        s->given &= (uint8_t)~(1u << p);
        s->known_give &= (uint8_t)~(1u << p);
        s->to_move = (uint8_t)p;
    }
}

/* ------------------------------------------------------------ heuristic */

/* How well a card fits the rest of the hand: same-colour cards of the same
 * or an adjacent number, which make n-of-a-kinds and runs. */
static int fit(const uint8_t *h, int n, int card)
{
    int f = 0;
    for (int i = 0; i < n; i++) {
        if (h[i] == card || tbi_mq_colour(h[i]) != tbi_mq_colour(card))
            continue;
        int d = tbi_mq_number(h[i]) - tbi_mq_number(card);
        f += d == 0 ? 2 : (d == 1 || d == -1);
    }
    return f;
}

/* A decent player: passes the three cards that fit the hand worst (low ones
 * first); goes out whenever it can; leaves a trick its partner is winning;
 * otherwise plays the cheapest follow that beats, when the pile holds
 * something worth it or the play sheds several cards, and leads the
 * pattern that sheds the most cards for the lowest total. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const dom *s = vs;
    (void)rng;
    const uint8_t *h = s->hand[seat];
    int hn = s->hand_n[seat];
    if (s->phase == PH_GIVE) {
        uint8_t order[HAND_MAX];
        int key[HAND_MAX];
        for (int i = 0; i < hn; i++) {
            order[i] = h[i];
            key[i] = fit(h, hn, h[i]) * 8 + tbi_mq_number(h[i]);
        }
        for (int i = 1; i < hn; i++) /* insertion sort by key */
            for (int j = i; j > 0 && key[j] < key[j - 1]; j--) {
                int k = key[j];
                key[j] = key[j - 1];
                key[j - 1] = k;
                uint8_t c = order[j];
                order[j] = order[j - 1];
                order[j - 1] = c;
            }
        tbi_sort_u8(order, GIVE);
        return pack(order, GIVE);
    }
    static _Thread_local tb_action acts[TB_MAX_ACTIONS];
    int n = legal(s, acts);
    int best = -1, best_key = 0;
    for (int i = 0; i < n; i++) {
        if (acts[i] == PASS_ACTION)
            continue;
        uint8_t ids[PLAY_MAX];
        int k = unpack(acts[i], ids);
        if (k == hn)
            return acts[i]; /* going out */
        int key = total_of(ids, k) * 4 - k * 6;
        if (best < 0 || key < best_key) {
            best = i;
            best_key = key;
        }
    }
    if (s->play_n == 0)
        return acts[best];
    if (best < 0 || s->last_player == partner_of(seat))
        return PASS_ACTION;
    uint8_t ids[PLAY_MAX];
    int k = unpack(acts[best], ids);
    /* Worth it: the pile's cards of the suits this play would claim. */
    unsigned suits = suits_of(ids, k);
    int gain = k;
    for (int i = 0; i < s->pile_n; i++)
        gain += (int)(suits >> tbi_mq_suit(s->pile[i]) & 1u);
    return gain >= 3 || k >= 2 || total_of(ids, k) <= 3 ? acts[best]
                                                        : PASS_ACTION;
}

/* ------------------------------------------------------------ text */

/* Appends the short forms of n cards separated by spaces. */
static void cards_text(char *buf, size_t cap, const uint8_t *ids, int n)
{
    tb_text t;
    tb_text_init(&t, buf, cap);
    for (int i = 0; i < n; i++) {
        char c[8];
        tbi_mq_short_name(ids[i], 0, c, sizeof c);
        tb_text_printf(&t, "%s%s", i ? " " : "", c);
    }
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    if (a == PASS_ACTION) {
        snprintf(buf, cap, "pass");
        return;
    }
    uint8_t ids[PLAY_MAX];
    int n = unpack(a, ids);
    cards_text(buf, cap, ids, n);
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const dom *s = vs;
    int p = s->to_move;
    const char *t = tbi_skip_space(text);
    if (tbi_word_eq(t, "pass") || tbi_word_eq(t, "p")) {
        if (s->phase != PH_PLAY || s->play_n == 0) {
            tbi_errf(err, cap, s->phase == PH_GIVE
                                   ? "choose 3 cards to pass to your "
                                     "partner, e.g. 1Ym 4Rs 5Bc"
                                   : "you lead this trick: play a pattern");
            return TB_EPARSE;
        }
        *out = PASS_ACTION;
        return TB_OK;
    }
    uint8_t ids[PLAY_MAX + 1];
    int n = 0;
    while (*t) {
        int id;
        const char *e = tbi_mq_parse(t, 0, &id);
        if (!e || n == PLAY_MAX) {
            tbi_errf(err, cap, n == PLAY_MAX
                                   ? "a play has at most 5 cards"
                                   : "type cards like 3Rc 4Rs (number, colour "
                                     "Y/R/B, suit m/s/a/c), or pass");
            return TB_EPARSE;
        }
        for (int i = 0; i < n; i++)
            if (ids[i] == id) {
                tbi_errf(err, cap, "a card is named twice");
                return TB_EPARSE;
            }
        if (!tbi_hand_has(s->hand[p], s->hand_n[p], (uint8_t)id)) {
            char c[8];
            tbi_mq_short_name(id, 0, c, sizeof c);
            tbi_errf(err, cap, "%s is not in your hand", c);
            return TB_EPARSE;
        }
        ids[n++] = (uint8_t)id;
        t = tbi_skip_space(e);
        if (*t == ',')
            t = tbi_skip_space(t + 1);
    }
    tbi_sort_u8(ids, n);
    if (s->phase == PH_GIVE) {
        if (n != GIVE) {
            tbi_errf(err, cap, "pass exactly 3 cards to your partner");
            return TB_EPARSE;
        }
    } else if (!is_pattern(ids, n)) {
        tbi_errf(err, cap, "a play is cards of one colour, all of one number "
                 "or a run of consecutive numbers");
        return TB_EPARSE;
    } else if (s->play_n && tbi_mq_colour(ids[0]) != s->colour) {
        tbi_errf(err, cap, "follow in %s, the colour led (or pass)",
                 tbi_mq_colour_names[s->colour]);
        return TB_EPARSE;
    } else if (s->play_n && total_of(ids, n) <= s->play_total) {
        tbi_errf(err, cap, "your total %d must be higher than %d (or pass)",
                 total_of(ids, n), s->play_total);
        return TB_EPARSE;
    }
    *out = pack(ids, n);
    return TB_OK;
}

static const char *const team_names[2] = {"A", "B"};

/* Appends cards for a terminal. */
static void render_cards(tb_text *t, const uint8_t *ids, int n,
                         unsigned style)
{
    for (int i = 0; i < n; i++) {
        tb_text_puts(t, " ");
        tbi_mq_render(t, ids[i], 0, style);
    }
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const dom *s = vs;
    tb_text_printf(t, "%sMystique Domination%s  ", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET));
    if (s->phase == PH_OVER)
        tb_text_printf(t, "game over after round %d\n", s->round);
    else
        tb_text_printf(t, "round %d, to %d points\n", s->round, s->target);
    for (int u = 0; u < 2; u++) {
        tb_text_printf(t, "  team %s (seats %d and %d%s): %d points;"
                       " score pile %d card%s:", team_names[u], u, u + 2,
                       seat >= 0 && team_of(seat) == u ? ", yours" : "",
                       s->score[u], s->won_n[u], s->won_n[u] == 1 ? "" : "s");
        for (int k = 0; k < 4; k++)
            tb_text_printf(t, " %d %s%s", s->won[u][k], tbi_mq_suit_names[k],
                           k < 3 ? "," : "");
        tb_text_puts(t, "\n");
    }
    if (s->round > 0 && (s->phase == PH_DEAL || s->phase == PH_OVER))
        tb_text_printf(t, "  last round: seat %d went out; team A %d, team B "
                       "%d points\n", s->went_out, s->round_pts[0],
                       s->round_pts[1]);
    for (int p = 0; p < SEATS && s->round > 0 &&
                    (s->phase == PH_DEAL || s->phase == PH_OVER); p++) {
        if (p == s->went_out)
            continue;
        tb_text_printf(t, "  seat %d's hand went to team %s:", p,
                       team_names[p == partner_of(s->went_out)
                                      ? 1 - team_of(s->went_out)
                                      : team_of(s->went_out)]);
        render_cards(t, s->shown[p], s->shown_n[p], style);
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_GIVE || s->phase == PH_PLAY) {
        for (int p = 0; p < SEATS; p++) {
            tb_text_printf(t, "  seat %d%s (team %s, partner seat %d): %d "
                           "card%s", p, p == seat ? " (you)" : "",
                           team_names[team_of(p)], partner_of(p), s->hand_n[p],
                           s->hand_n[p] == 1 ? "" : "s");
            if (s->phase == PH_GIVE)
                tb_text_puts(t, (unsigned)s->given >> p & 1u
                                    ? ", has chosen its pass"
                                    : ", choosing its pass");
            if (s->phase == PH_PLAY && p == s->to_move)
                tb_text_puts(t, "  <- to move");
            tb_text_puts(t, "\n");
        }
        unsigned counts[4] = {0};
        for (int i = 0; i < s->pile_n; i++)
            counts[tbi_mq_suit(s->pile[i])]++;
        tb_text_printf(t, "  play pile (%d):", s->pile_n);
        render_cards(t, s->pile, s->pile_n, style);
        if (s->pile_n) {
            tb_text_puts(t, "  by suit:");
            for (int k = 0; k < 4; k++)
                tb_text_printf(t, " %u %s", counts[k], tbi_mq_suit_names[k]);
        }
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_PLAY) {
        if (s->play_n == 0)
            tb_text_printf(t, "  seat %d leads a new trick%s\n", s->to_move,
                           s->pile_n == 0 && s->leader == s->first_leader &&
                                   s->first_leader != NOBODY
                               ? " (it held card 1)"
                               : "");
        else {
            tb_text_printf(t, "  trick led by seat %d in %s; seat %d is "
                           "winning with", s->leader,
                           tbi_mq_colour_names[s->colour], s->last_player);
            render_cards(t, s->pile + s->pile_n - s->play_n, s->play_n, style);
            tb_text_printf(t, " (%d %s); %d pass%s since\n", s->play_total,
                           tbi_mq_colour_names[s->colour], s->passes,
                           s->passes == 1 ? "" : "es");
        }
    }
    if (s->phase == PH_GIVE && s->to_move == seat)
        tb_text_printf(t, "  seat %d: choose 3 cards to pass to your partner, "
                       "seat %d\n", seat, partner_of(seat));
    if (seat >= 0 && (s->phase == PH_GIVE || s->phase == PH_PLAY)) {
        tb_text_puts(t, "  your hand:");
        render_cards(t, s->hand[seat], s->hand_n[seat], style);
        tb_text_puts(t, "\n");
        if ((unsigned)s->given >> seat & 1u) {
            tb_text_printf(t, "  you passed to seat %d:", partner_of(seat));
            render_cards(t, s->give[seat], GIVE, style);
            tb_text_puts(t, "\n");
        }
        if (s->phase == PH_PLAY) {
            tb_text_printf(t, "  seat %d passed you:", partner_of(seat));
            render_cards(t, s->give[partner_of(seat)], GIVE, style);
            tb_text_puts(t, "\n");
        }
    }
}

static json_t *cards_json(const uint8_t *ids, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        char c[8];
        tbi_mq_short_name(ids[i], 0, c, sizeof c);
        json_array_append_new(a, json_string(c));
    }
    return a;
}

static json_t *view_json(const void *vs, int seat)
{
    const dom *s = vs;
    static const char *const phases[] = {"deal", "pass", "play", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phases[s->phase]));
    json_object_set_new(v, "round", json_integer(s->round));
    json_object_set_new(v, "target", json_integer(s->target));
    json_t *teams = json_array();
    for (int u = 0; u < 2; u++) {
        json_t *o = json_object();
        json_object_set_new(o, "seats", json_pack("[i,i]", u, u + 2));
        json_object_set_new(o, "score", json_integer(s->score[u]));
        json_object_set_new(o, "last_round", json_integer(s->round_pts[u]));
        json_object_set_new(o, "pile_cards", json_integer(s->won_n[u]));
        json_object_set_new(o, "pile_by_suit",
                            tbi_json_int_array(s->won[u], 4));
        json_array_append_new(teams, o);
    }
    json_object_set_new(v, "teams", teams);
    if (s->went_out != NOBODY) {
        json_object_set_new(v, "went_out", json_integer(s->went_out));
        json_t *shown = json_array();
        for (int p = 0; p < SEATS; p++)
            json_array_append_new(shown, cards_json(s->shown[p],
                                                    s->shown_n[p]));
        json_object_set_new(v, "hands_at_end", shown);
    }
    if (s->phase == PH_GIVE || s->phase == PH_PLAY) {
        json_object_set_new(v, "to_move", json_integer(s->to_move));
        json_t *sizes = json_array(), *chose = json_array();
        for (int p = 0; p < SEATS; p++) {
            json_array_append_new(sizes, json_integer(s->hand_n[p]));
            json_array_append_new(chose,
                                  json_boolean((unsigned)s->given >> p & 1u));
        }
        json_object_set_new(v, "hand_sizes", sizes);
        json_object_set_new(v, "passed", chose);
        json_object_set_new(v, "pile", cards_json(s->pile, s->pile_n));
    }
    if (s->phase == PH_PLAY) {
        json_object_set_new(v, "first_leader", json_integer(s->first_leader));
        json_object_set_new(v, "leader", json_integer(s->leader));
        if (s->play_n) {
            json_object_set_new(v, "colour",
                                json_string(tbi_mq_colour_names[s->colour]));
            json_object_set_new(v, "last_player",
                                json_integer(s->last_player));
            json_object_set_new(v, "last_play",
                                cards_json(s->pile + s->pile_n - s->play_n,
                                           s->play_n));
            json_object_set_new(v, "to_beat", json_integer(s->play_total));
            json_object_set_new(v, "passes", json_integer(s->passes));
        }
    }
    if (seat >= 0 && (s->phase == PH_GIVE || s->phase == PH_PLAY)) {
        json_object_set_new(v, "hand", cards_json(s->hand[seat],
                                                  s->hand_n[seat]));
        if ((unsigned)s->given >> seat & 1u)
            json_object_set_new(v, "gave", cards_json(s->give[seat], GIVE));
        if (s->phase == PH_PLAY)
            json_object_set_new(v, "received",
                                cards_json(s->give[partner_of(seat)], GIVE));
    }
    return v;
}

/* ------------------------------------------------------------ describe */

/* Appends " card card ..." to t. */
static void say_cards(tb_text *t, const uint8_t *ids, int n)
{
    for (int i = 0; i < n; i++) {
        char c[8];
        tbi_mq_short_name(ids[i], 0, c, sizeof c);
        tb_text_printf(t, " %s", c);
    }
}

/* The end of a round as the table sees it: who went out, where the cards
 * went, the round's points and the game's end. */
static void describe_out(tb_text *t, const dom *b, int p, const dom *s)
{
    int t0 = team_of(p);
    tb_text_printf(t, "seat %d goes out: team %s takes the play pile (%d "
                   "card%s)", p, team_names[t0], b->pile_n,
                   b->pile_n == 1 ? "" : "s");
    for (int q = 0; q < SEATS; q++) {
        if (q == p || q == partner_of(p))
            continue;
        tb_text_printf(t, " and seat %d's hand:", q);
        say_cards(t, b->hand[q], b->hand_n[q]);
    }
    tb_text_printf(t, "; seat %d's hand goes to team %s:", partner_of(p),
                   team_names[1 - t0]);
    say_cards(t, b->hand[partner_of(p)], b->hand_n[partner_of(p)]);
    tb_text_puts(t, "\n");
    for (int u = 0; u < 2; u++) {
        tb_text_printf(t, "team %s has %d cards (", team_names[u],
                       s->won_n[u]);
        for (int k = 0; k < 4; k++)
            tb_text_printf(t, "%s%d %s", k ? ", " : "", s->won[u][k],
                           tbi_mq_suit_names[k]);
        tb_text_printf(t, ") and scores %d, %d in all\n", s->round_pts[u],
                       s->score[u]);
    }
    if (s->phase != PH_OVER && s->score[0] == s->score[1] &&
        s->score[0] >= s->target)
        tb_text_printf(t, "a team has reached %d but the teams are tied at "
                       "%d: neither has more points, so another round is "
                       "played\n", s->target, s->score[0]);
    if (s->phase == PH_OVER) {
        if (s->score[0] == s->score[1])
            tb_text_printf(t, "a team has reached %d and the teams are tied "
                           "at %d: they share the win\n", s->target,
                           s->score[0]);
        else
            tb_text_printf(t, "a team has reached %d: team %s (seats %d and "
                           "%d) wins\n", s->target,
                           team_names[s->score[1] > s->score[0]],
                           s->score[1] > s->score[0],
                           (s->score[1] > s->score[0]) + 2);
    }
}

/* What seat sees when the seat to move takes action a: a pass is secret
 * but to the chooser until the cards arrive (each seat then learns what it
 * received, and everyone who leads); a play is public, with the trick's
 * end (what the winner takes, what stays) or the round's. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const dom *b = vb, *s = va;
    int p = b->to_move;
    uint8_t ids[PLAY_MAX];
    int n = unpack(a, ids);
    if (b->phase == PH_GIVE) {
        if (p == seat) {
            tb_text_printf(t, "seat %d passes", p);
            say_cards(t, ids, n);
            tb_text_printf(t, " to seat %d\n", partner_of(p));
        } else
            tb_text_printf(t, "seat %d chooses 3 cards to pass to seat %d\n",
                           p, partner_of(p));
        if (s->phase == PH_PLAY) {
            tb_text_puts(t, "the passed cards arrive\n");
            if (seat >= 0) {
                tb_text_printf(t, "seat %d passed you", partner_of(seat));
                say_cards(t, s->give[partner_of(seat)], GIVE);
                tb_text_puts(t, "\n");
            }
            tb_text_printf(t, "seat %d holds card 1 and leads\n",
                           s->first_leader);
        }
        return;
    }
    if (a == PASS_ACTION) {
        tb_text_printf(t, "seat %d passes\n", p);
        if (s->play_n == 0) {
            int w = b->last_player;
            tb_text_printf(t, "seat %d wins the trick and takes", w);
            for (int i = 0; i < b->pile_n; i++)
                if (!tbi_hand_has(s->pile, s->pile_n, b->pile[i]))
                    say_cards(t, b->pile + i, 1);
            tb_text_printf(t, " for team %s; %d card%s stay%s in the pile; "
                           "seat %d leads\n", team_names[team_of(w)],
                           s->pile_n, s->pile_n == 1 ? "" : "s",
                           s->pile_n == 1 ? "s" : "", w);
        }
        return;
    }
    tb_text_printf(t, "seat %d %s", p, b->play_n ? "plays" : "leads");
    say_cards(t, ids, n);
    tb_text_printf(t, " (%d %s)\n", total_of(ids, n),
                   tbi_mq_colour_names[tbi_mq_colour(ids[0])]);
    if (s->phase == PH_DEAL || s->phase == PH_OVER) {
        dom mid = *b; /* the pile and hands just before the going out */
        for (int i = 0; i < n; i++)
            mid.pile[mid.pile_n++] = ids[i];
        describe_out(t, &mid, p, s);
    }
}

/* A round's deal: each seat is told its own hand, everyone how many each
 * got. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const dom *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    tbi_say_deal(t, seat, SEATS, &s->hand[0][0], HAND_MAX, s->hand_n,
                 tbi_mq_namer, NULL);
}

/* ------------------------------------------------------------ tensors */

/* Whether seat sees seat q's pass: its own once chosen, and its
 * partner's (the cards it received) during play. */
static int sees_give(const dom *s, int seat, int q)
{
    return ((unsigned)s->known_give >> q & 1u) &&
           (q == seat || (s->phase == PH_PLAY && q == partner_of(seat)));
}

/* seat's observation (docs/learning.md), cards as flags over the 60 ids:
 * its hand; per seat counted from seat (its partner third) the pass it
 * chose when seat sees it, whether it has chosen one, its cards in hand
 * (/18) and its hand laid open at the end of the last round; the play
 * pile in order (each card's place plus one, /60); the last play's cards
 * (/5) and total (/25) and the colour led (one-hot); the seats that held
 * card 1, led this trick, made the last play and went out last (one-hot
 * from seat), the passes since the last play (/3); per team, seat's
 * first: its score pile by suit (/15) and in all (/60), its score (over
 * the target) and last round's points (/50); the target (/1000), whether
 * a tie is shared, the round (/20); the seat to move (one-hot); the phase
 * (deal, pass, play, over).  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const dom *s = vs;
    tbi_obs o = {out, 0};
    int live = s->phase == PH_GIVE || s->phase == PH_PLAY;
    tbi_obs_mq_cards(&o, s->hand[seat], live ? s->hand_n[seat] : 0, 1);
    for (int r = 0; r < SEATS; r++) {
        int q = (seat + r) % SEATS;
        tbi_obs_mq_cards(&o, s->give[q], sees_give(s, seat, q) ? GIVE : 0, 1);
        tbi_obs_scalar(&o, s->phase == PH_GIVE && ((unsigned)s->given >> q & 1u));
        tbi_obs_scalar(&o, live ? s->hand_n[q] / (double)HAND_MAX : 0);
        tbi_obs_mq_cards(&o, s->shown[q],
                         s->went_out != NOBODY ? s->shown_n[q] : 0, 1);
    }
    tbi_obs_order(&o, s->pile, live ? s->pile_n : 0, 0, TBI_MQ_CARDS,
                  TBI_MQ_CARDS);
    tbi_obs_scalar(&o, s->play_n / (double)PLAY_MAX);
    tbi_obs_scalar(&o, s->play_total / 25.0);
    tbi_obs_onehot(&o, s->colour, 3);
    int play = s->phase == PH_PLAY;
    tbi_obs_seat(&o, play && s->first_leader != NOBODY ? s->first_leader : -1,
                 seat, SEATS);
    tbi_obs_seat(&o, play && s->leader != NOBODY ? s->leader : -1, seat,
                 SEATS);
    tbi_obs_seat(&o, s->last_player != NOBODY ? s->last_player : -1, seat,
                 SEATS);
    tbi_obs_seat(&o, s->went_out != NOBODY ? s->went_out : -1, seat, SEATS);
    tbi_obs_scalar(&o, s->passes / 3.0);
    for (int r = 0; r < 2; r++) {
        int t = team_of(seat + r);
        for (int u = 0; u < 4; u++)
            tbi_obs_scalar(&o, s->won[t][u] / 15.0);
        tbi_obs_scalar(&o, s->won_n[t] / 60.0);
        tbi_obs_scalar(&o, s->score[t] / (double)s->target);
        tbi_obs_scalar(&o, s->round_pts[t] / 50.0);
    }
    tbi_obs_scalar(&o, s->target / 1000.0);
    tbi_obs_scalar(&o, s->tie);
    tbi_obs_scalar(&o, s->round / 20.0);
    tbi_obs_seat(&o, live ? s->to_move : -1, seat, SEATS);
    tbi_obs_onehot(&o, s->phase, 4);
    return o.at;
}

/* The actions' numbers: passing in a trick is 0; a pass of three cards
 * is 1 + the number of their places in the sorted hand of 15 among the
 * C(15, 3) = 455 choices (tbi_subset_rank); a play is 456 + the number
 * of its cards among the 5601 patterns (play_index). */
#define GIVE_CHOICES 455
#define KIND_PLAYS (3 * 5 * 15) /* colour, number, nonempty set of suits */
#define RUN_PLAYS 1792          /* per colour: runs of 2-5 numbers, a suit each */

/* A play's number among the patterns: an n-of-a-kind of colour c and
 * number v with the set of suits m (bit per suit) is c * 75 + (v - 1) *
 * 15 + m - 1; a run of colour c from number lo of length len (2-5), with
 * suit s_i for its i-th number, is 225 + c * 1792 + the runs before it
 * (those shorter, then those of its length starting lower) + the sum of
 * s_i 4^i. */
static int play_index(const uint8_t *ids, int n)
{
    int c = tbi_mq_colour(ids[0]), lo = 5, hi = 1;
    unsigned suits = 0;
    for (int i = 0; i < n; i++) {
        int v = tbi_mq_number(ids[i]);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
        suits |= 1u << tbi_mq_suit(ids[i]);
    }
    if (lo == hi)
        return c * 75 + (lo - 1) * 15 + (int)suits - 1;
    static const int before[6] = {0, 0, 0, 64, 256, 768};
    int len = hi - lo + 1, code = 0;
    for (int i = 0; i < n; i++)
        code += tbi_mq_suit(ids[i]) << (2 * (tbi_mq_number(ids[i]) - lo));
    return KIND_PLAYS + c * RUN_PLAYS + before[len] +
           (lo - 1) * (1 << (2 * len)) + code;
}

static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return 1 + GIVE_CHOICES + KIND_PLAYS + 3 * RUN_PLAYS;
}

static int action_index(const void *vs, tb_action a)
{
    const dom *s = vs;
    uint8_t ids[PLAY_MAX];
    int n = unpack(a, ids);
    if (s->phase != PH_GIVE)
        return a == PASS_ACTION ? 0 : 1 + GIVE_CHOICES + play_index(ids, n);
    const uint8_t *h = s->hand[s->to_move];
    int at[GIVE], k = 0;
    for (int i = 0; i < s->hand_n[s->to_move] && k < n; i++)
        if (h[i] == ids[k])
            at[k++] = i;
    return k == GIVE && s->hand_n[s->to_move] == DEAL
               ? 1 + tbi_subset_rank(at, GIVE, DEAL)
               : -1; /* not a pass from this hand */
}

const tb_game tbg_mystique_domination = {
    .id = "mystique-domination",
    .title = "Mystique Domination",
    .blurb = "partnership climbing with single-colour sets and runs; "
             "win suits",
    .min_players = 4,
    .max_players = 4,
    .flags = TB_GAME_SIMULTANEOUS | TB_GAME_HIDDEN,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(dom),
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
