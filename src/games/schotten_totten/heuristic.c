/*
 * heuristic.c - the hand-written Schotten Totten bot.  It looks one decision
 * ahead: every legal action is applied to a copy of the state (with the
 * decks emptied so that nothing is drawn: the bot must not peek at the
 * sampled deck order) and the border is evaluated from what the seat
 * knows: its hand, the table and the cards it has not seen.
 *
 * The evaluation sums, over the stones, the stone's worth times how likely
 * the seat is to win it.  That likelihood compares two estimates of the
 * final formations: the best each side can reach, where cards from the
 * seat's own hand are free and each card it would still have to draw (or
 * the opponent would have to hold) costs a penalty.  A complete side is
 * exact, and a stone that can no longer be lost (or won) counts in full.
 * Sub-steps of tactic cards are chosen the same way, and the value of
 * playing a ruse is the value of its best sub-steps.
 */
#include "stt.h"

#include <math.h>
#include <string.h>

#define STONE_WORTH 100.0
#define WIN_WORTH 100000.0
#define MY_DRAW_COST 45       /* per card the seat still has to draw */
#define THEIR_CARD_COST 35    /* per card the opponent still needs */
#define PROGRESS_BONUS 8      /* per card already on a side */
#define TEMPERATURE 40.0      /* value gap that makes a stone ~73% */
#define TACTIC_COST 12.0      /* using up the tactic allowance */
#define RECRUITER_BONUS 25.0  /* three fresh cards, two weak ones out */

/* What the seat knows, as pools. */
typedef struct knowledge {
    int me;
    stt_pool hand, unseen, reach; /* reach: hand and unseen together */
    uint64_t key;                 /* a hash of the two pools */
} knowledge;

/* Remembered stone terms: most candidate actions change one stone, so the
 * others repeat (for the same hand) and are looked up here. */
#define MEMO_SIZE 512
typedef struct memo {
    uint64_t key[MEMO_SIZE];
    double term[MEMO_SIZE];
} memo;

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

static uint64_t pool_key(const stt_pool *p)
{
    uint64_t h = 0;
    for (int c = 1; c <= STT_COLOURS; c++)
        h = mix(h, p->bits[c]);
    return mix(h, (uint64_t)(p->jokers | p->spy << 2 | p->shield << 3));
}

/* Everything the term of stone k depends on, hashed (never 0). */
static uint64_t stone_key(const stt_state *s, int k, const knowledge *kn)
{
    int me = kn->me, op = 1 - me;
    uint64_t h = mix(kn->key, (uint64_t)k);
    for (int p = 0; p < 2; p++) {
        h = mix(h, s->side_n[k][p]);
        for (int i = 0; i < s->side_n[k][p]; i++)
            h = mix(h, s->side[k][p][i]);
    }
    h = mix(h, (uint64_t)(s->owner[k] | s->mud[k] << 2 | s->bluff[k] << 3 |
                          (s->done_at[k][me] < s->done_at[k][op]) << 4 |
                          stt_has_joker_on_side(s, op) << 5));
    return h | 1u;
}

static void pool_union(const stt_pool *a, const stt_pool *b, stt_pool *out)
{
    for (int c = 0; c <= STT_COLOURS; c++)
        out->bits[c] = (uint16_t)(a->bits[c] | b->bits[c]);
    out->jokers = (uint8_t)(a->jokers + b->jokers);
    out->spy = (uint8_t)(a->spy | b->spy);
    out->shield = (uint8_t)(a->shield | b->shield);
}

static void know(const stt_state *s, int me, knowledge *kn)
{
    kn->me = me;
    memset(&kn->hand, 0, sizeof kn->hand);
    for (int i = 0; i < s->hand_n[me]; i++)
        stt_pool_add(&kn->hand, s->hand[me][i]);
    stt_unseen_pool(s, me, &kn->unseen);
    pool_union(&kn->hand, &kn->unseen, &kn->reach);
    kn->key = mix(pool_key(&kn->hand), pool_key(&kn->unseen));
}

/* How likely the seat is to win unclaimed stone k, from 0 to 1. */
static double win_chance(const stt_state *s, int k, const knowledge *kn)
{
    int me = kn->me, op = 1 - me, need = stt_need(s, k), bluff = s->bluff[k];
    const uint8_t *mine = s->side[k][me], *theirs = s->side[k][op];
    int nm = s->side_n[k][me], nt = s->side_n[k][op];
    stt_pool opp_pool = kn->unseen;
    if (stt_has_joker_on_side(s, op))
        opp_pool.jokers = 0;
    if (nm == need && nt == need) {
        int a = stt_best_value(mine, nm, need, NULL, bluff);
        int b = stt_best_value(theirs, nt, need, NULL, bluff);
        return a > b || (a == b && s->done_at[k][me] < s->done_at[k][op]);
    }
    int mv, tv;
    if (nt == need) {
        tv = stt_best_value(theirs, nt, need, NULL, bluff);
        if (!stt_can_exceed(mine, nm, need, &kn->reach, bluff, tv))
            return 0.0;
    } else {
        tv = stt_estimate(theirs, nt, need, NULL, &opp_pool, THEIR_CARD_COST,
                          bluff) + PROGRESS_BONUS * (nt - need);
    }
    if (nm == need) {
        mv = stt_best_value(mine, nm, need, NULL, bluff);
        if (!stt_can_exceed(theirs, nt, need, &opp_pool, bluff, mv))
            return 1.0;
    } else {
        mv = stt_estimate(mine, nm, need, &kn->hand, &kn->unseen, MY_DRAW_COST,
                          bluff) + PROGRESS_BONUS * (nm - need);
        if (mv <= STT_IMPOSSIBLE / 2)
            return 0.0;
    }
    return 1.0 / (1.0 + exp(-(double)(mv - tv) / TEMPERATURE));
}

/* The term of stone k: its worth, signed by who holds it, or scaled by
 * the chance of winning it. */
static double stone_term(const stt_state *s, int k, const knowledge *kn,
                         memo *mm)
{
    if (s->owner[k])
        return s->owner[k] == kn->me + 1 ? STONE_WORTH : -STONE_WORTH;
    uint64_t key = stone_key(s, k, kn);
    unsigned slot = (unsigned)(key >> 40) % MEMO_SIZE;
    if (mm->key[slot] == key)
        return mm->term[slot];
    double t = STONE_WORTH * (2.0 * win_chance(s, k, kn) - 1.0);
    mm->key[slot] = key;
    mm->term[slot] = t;
    return t;
}

/* The worth of the border for the seat: stones held count in full, open
 * stones by the chance of winning them; a finished game dwarfs all. */
static double evaluate(const stt_state *s, int me, memo *mm)
{
    if (s->phase == STT_PH_OVER)
        return s->res == STT_RES_DRAW ? 0.0
               : s->res == (me == 0 ? STT_RES_WIN0 : STT_RES_WIN1) ? WIN_WORTH
                                                                 : -WIN_WORTH;
    knowledge kn;
    know(s, me, &kn);
    double total = 0;
    for (int k = 0; k < STT_STONES; k++)
        total += stone_term(s, k, &kn, mm);
    return total;
}

static int my_sub_step(const stt_state *s, int me)
{
    return s->turn == me &&
           (s->phase == STT_PH_STRAT_PICK || s->phase == STT_PH_STRAT_DEST ||
            s->phase == STT_PH_BANSHEE || s->phase == STT_PH_TRAITOR_PICK ||
            s->phase == STT_PH_TRAITOR_DEST);
}

static double best_value(const stt_state *s, int me, memo *mm,
                         tb_action *best);

/* The worth of action a: applied to a copy whose decks are emptied (no
 * card is drawn, so the sampled deck order cannot leak into the choice),
 * following the seat's own sub-steps with their best choices. */
static double action_value(const stt_state *s, int me, tb_action a, memo *mm)
{
    stt_state c = *s;
    if (a == (tb_action)(STT_RECRUITER * 16)) {
        /* Its draws are unknown: count the card gone and a fixed gain. */
        stt_hand_drop(&c, me, STT_RECRUITER);
        return evaluate(&c, me, mm) + RECRUITER_BONUS - TACTIC_COST;
    }
    if (s->phase == STT_PH_RECRUIT_RETURN) {
        /* Worth the hand without that card.  (Applying the return to an
         * emptied deck would let the turn's draw take it straight back.) */
        stt_hand_drop(&c, me, (int)(a - STT_A_PICK));
        return evaluate(&c, me, mm);
    }
    c.clan_n = c.tac_n = 0;
    stt_apply(&c, a);
    double v = my_sub_step(&c, me) ? best_value(&c, me, mm, NULL)
                                   : evaluate(&c, me, mm);
    if (a < STT_A_PASS && stt_is_tactic((int)(a / 16)))
        v -= TACTIC_COST;
    return v;
}

/* The best action of the seat to move and its worth. */
static double best_value(const stt_state *s, int me, memo *mm,
                         tb_action *best)
{
    tb_action buf[TB_MAX_ACTIONS];
    int n = stt_legal(s, buf);
    double top = -1e18;
    for (int i = 0; i < n; i++) {
        double v = action_value(s, me, buf[i], mm);
        if (v > top) {
            top = v;
            if (best)
                *best = buf[i];
        }
    }
    return top;
}

/* Which deck to draw from: a tactic card when the hand has none and the
 * seat may still play one, else a clan card. */
static tb_action choose_deck(const stt_state *s, int me)
{
    int tactics = 0;
    for (int i = 0; i < s->hand_n[me]; i++)
        tactics += stt_is_tactic(s->hand[me][i]);
    return tactics == 0 && s->tac_played[me] <= s->tac_played[1 - me] + 1
               ? STT_A_TACTIC : STT_A_CLAN;
}

tb_action stt_heuristic(const void *st, int seat, tb_rng *rng)
{
    const stt_state *s = st;
    (void)rng;
    if (s->phase == STT_PH_DRAW || s->phase == STT_PH_RECRUIT_DRAW)
        return choose_deck(s, seat);
    tb_action best = 0;
    memo mm;
    memset(mm.key, 0, sizeof mm.key);
    best_value(s, seat, &mm, &best);
    return best;
}

/* ------------------------------------------------------------ quick policy */

/* Scores of the quick policy (see stt_quick). */
#define QUICK_NOISE 60u      /* random spread, so playouts differ */
#define QUICK_OPEN 150       /* a card that opens an empty side */
#define QUICK_BEATEN (-300)  /* a side completed below the one it faces */
#define QUICK_TACTIC (-1000) /* tactic cards only when nothing else fits */

/* What stt_quick knows of the seat's side of one stone, gathered once per
 * decision: every clan card to that stone is then judged in a few
 * operations. */
typedef struct quick_side {
    int n, need, bluff;
    int facing;        /* the value of the complete side facing it, or -1 */
    int wild;          /* a wild card on it: completions by the evaluator */
    int colour;        /* its clan cards' one colour; 0: none, -1: mixed */
    int strength;      /* their one strength; 0: none, -1: mixed */
    int lo, hi, sum, distinct;
    unsigned have, colours; /* a bit per strength, per colour */
} quick_side;

static void quick_side_of(const stt_state *s, int k, int p, quick_side *q)
{
    int op = 1 - p;
    stt_shape sh;
    stt_side_shape(s, k, p, &sh);
    q->n = s->side_n[k][p];
    q->need = stt_need(s, k);
    q->bluff = s->bluff[k];
    q->facing = (unsigned)s->full[op] >> k & 1u ? s->value[k][op] : -1;
    q->wild = sh.n != q->n;
    q->colour = sh.colour;
    q->strength = sh.strength;
    q->sum = sh.sum;
    q->lo = sh.lo;
    q->hi = sh.hi;
    q->distinct = sh.distinct;
    q->have = sh.have;
    q->colours = sh.colours;
}

/* Whether mask has at least k bits. */
static int bits_at_least(unsigned mask, int k)
{
    for (; k > 0; k--) {
        if (!mask)
            return 0;
        mask &= mask - 1;
    }
    return 1;
}

/* The colours (a bit per colour) whose clan card of strength v is in
 * pool. */
static unsigned colours_with(const stt_pool *pool, int v)
{
    unsigned m = 0;
    for (int col = 1; col <= STT_COLOURS; col++)
        m |= (pool->bits[col] >> v & 1u) << col;
    return m;
}

/* The best formation rank that clan card c still leaves open on the seat's
 * side q of a stone, as a score: judged from the clan cards there (wild
 * cards fit any formation) and from the cards that could still complete
 * it (reach: the player's hand and every card not yet played; `any`, the
 * strengths left in some colour; `wild`, whether a wild card is left); a
 * side that can no longer beat the complete side facing it scores as
 * beaten, and completing a side scores its exact value. */
static int quick_fit(const stt_state *s, int k, int p, const quick_side *q,
                     int c, int colour, int v, const stt_pool *reach,
                     unsigned any, int wild)
{
    int need = q->need;
    if (q->n == 0 && q->facing < 0)
        return QUICK_OPEN + 5 * v; /* no formation to judge, none to fear */
    int same_colour = q->colour == 0 || q->colour == colour;
    int same_kind = q->strength == 0 || q->strength == v;
    if (q->n + 1 == need) {
        int mine;
        if (q->wild) {
            uint8_t cards[STT_SIDE_MAX];
            memcpy(cards, s->side[k][p], (size_t)q->n);
            cards[q->n] = (uint8_t)c;
            mine = stt_best_value(cards, need, need, NULL, q->bluff);
        } else {
            mine = stt_clan_value(q->have | 1u << v, q->sum + v, same_colour,
                                  same_kind, need, q->bluff);
        }
        return q->facing > mine ? QUICK_BEATEN : mine;
    }
    int distinct = q->distinct && !(q->have >> v & 1u);
    unsigned have = q->have | 1u << v, colours = q->colours | 1u << colour;
    int lo = q->lo < v ? q->lo : v, hi = q->hi > v ? q->hi : v;
    int missing = need - q->n - 1;
    int run_shape = distinct && hi - lo < need;
    unsigned own = reach->bits[colour];
    /* A run can still be made when some window of need strengths around
     * the cards lies in what is left and held. */
    int rank =
        same_colour && run_shape &&
                (wild || stt_run_start(own | have, need, lo, hi))
            ? STT_COLOUR_RUN
        : same_kind && (wild || bits_at_least(colours_with(reach, v) &
                                                  ~colours, missing))
            ? STT_KIND
        : same_colour && (wild || bits_at_least(own & ~have, missing))
            ? STT_COLOUR
        : run_shape && (wild || stt_run_start(any | have, need, lo, hi))
            ? STT_RUN
            : STT_SUM;
    if (q->facing > STT_VALUE(rank, 27))
        return QUICK_BEATEN;
    if (q->n == 0)
        return QUICK_OPEN + 5 * v;
    return STT_VALUE(rank, 3 * v);
}

/* The clan cards of the hand stt_quick places, summarised for
 * quick_bound: their colours and strengths as bits, their top strength. */
typedef struct quick_hand {
    unsigned colours, strengths;
    int top;
} quick_hand;

/* The highest score quick_fit can give a clan card of hand h on the side
 * q: the formations the side's cards still allow, of those only the ones
 * some card of the hand fits (a colour needs a card of the side's colour,
 * a kind one of its strength), and the hand's top strength. */
static int quick_bound(const quick_side *q, const quick_hand *h)
{
    if (q->n == 0)
        return QUICK_OPEN + 5 * h->top;
    if (q->n + 1 == q->need && q->wild)
        return STT_VALUE(STT_COLOUR_RUN, 36);
    int run = q->distinct && (q->have == 0 || q->hi - q->lo < q->need);
    int colour = q->colour == 0 ||
                 (q->colour > 0 && (h->colours >> q->colour & 1u));
    int kind = q->strength == 0 ||
               (q->strength > 0 && (h->strengths >> q->strength & 1u));
    int rank = run && colour ? STT_COLOUR_RUN
               : kind        ? STT_KIND
               : colour      ? STT_COLOUR
               : run         ? STT_RUN
                             : STT_SUM;
    if (q->n + 1 == q->need)
        return STT_VALUE(q->bluff ? STT_SUM : rank, q->sum + h->top);
    return STT_VALUE(rank, 3 * h->top);
}

/* Plays the action with the highest score plus noise uniform in
 * [0, QUICK_NOISE), the first such one on ties.  An action scoring
 * QUICK_NOISE or more below the best score (`high`) can never be that one,
 * so its noise is not drawn: the choice has the same distribution as with
 * noise for every action, at a fraction of the draws. */
static int noisy_best(const int *score, int n, int high, tb_rng *rng)
{
    int best = 0, top = -(1 << 30);
    for (int i = 0; i < n; i++) {
        if (score[i] <= high - (int)QUICK_NOISE)
            continue;
        int v = score[i] + (int)tb_rng_below(rng, QUICK_NOISE);
        if (v > top) {
            top = v;
            best = i;
        }
    }
    return best;
}

/* A cheap policy for search playouts, about a thousand times faster than
 * stt_heuristic and much weaker: each clan card goes where it best keeps
 * a strong formation open (or completes the best one), with some noise;
 * tactic cards only when no clan card can be played; draws as the
 * heuristic draws; other steps at random.
 *
 * A clan card's play always scores above any tactic card's (QUICK_BEATEN
 * and QUICK_NOISE are far above QUICK_TACTIC), so when a clan card can be
 * played only those plays are scored, in stt_legal's order (hand order,
 * then stones in order), without listing the others. */
tb_action stt_quick(const void *st, int seat, tb_rng *rng)
{
    const stt_state *s = st;
    if (s->phase == STT_PH_DRAW || s->phase == STT_PH_RECRUIT_DRAW)
        return choose_deck(s, seat);
    tb_action acts[TB_MAX_ACTIONS];
    int score[TB_MAX_ACTIONS], n = 0, high = -(1 << 30);
    unsigned rooms = stt_room_mask(s, seat);
    /* The clan cards in hand, and the stones with room, in order. */
    int card[STT_HAND_MAX], colour[STT_HAND_MAX], strength[STT_HAND_MAX];
    int stone[STT_STONES], nc = 0, nr = 0;
    if (s->phase == STT_PH_PLAY && rooms) {
        quick_hand hand = {0, 0, 0};
        for (int i = 0; i < s->hand_n[seat]; i++) {
            int c = s->hand[seat][i];
            if (stt_is_clan(c)) {
                card[nc] = c;
                colour[nc] = stt_colour(c);
                strength[nc] = stt_strength(c);
                hand.colours |= 1u << colour[nc];
                hand.strengths |= 1u << strength[nc];
                hand.top = strength[nc] > hand.top ? strength[nc] : hand.top;
                nc++;
            }
        }
        for (unsigned m = rooms; m; m &= m - 1)
            stone[nr++] = __builtin_ctz(m);
        stt_pool reach;
        stt_unplayed_pool(s, &reach);
        unsigned any = 0;
        for (int col = 1; col <= STT_COLOURS; col++)
            any |= reach.bits[col];
        int wild = reach.jokers + reach.spy + reach.shield > 0;
        /* Stone by stone, the most promising first; the play of card i to
         * the r-th stone is action i * nr + r, stt_legal's order.  A stone
         * whose bound is QUICK_NOISE below the best score found so far
         * cannot hold the choice (see noisy_best): its plays are not
         * scored. */
        quick_side q[STT_STONES];
        int order[STT_STONES], bound[STT_STONES];
        for (int r = 0; r < nr; r++) {
            quick_side_of(s, stone[r], seat, &q[r]);
            bound[r] = quick_bound(&q[r], &hand);
            int j = r;
            for (; j > 0 && bound[order[j - 1]] < bound[r]; j--)
                order[j] = order[j - 1];
            order[j] = r;
        }
        n = nc * nr;
        /* Plays to stones left unscored keep this score, far below any
         * other (every byte 0x80: one memset instead of a strided fill). */
        memset(score, 0x80, (size_t)n * sizeof score[0]);
        for (int o = 0; o < nr; o++) {
            int r = order[o], k = stone[r];
            const quick_side *qs = &q[r];
            if (bound[r] <= high - (int)QUICK_NOISE)
                break; /* the bounds left are no higher */
            int open = qs->n == 0 && qs->facing < 0;
            for (int i = 0; i < nc; i++) {
                int at = i * nr + r;
                score[at] = open ? QUICK_OPEN + 5 * strength[i]
                                 : quick_fit(s, k, seat, qs, card[i], colour[i],
                                             strength[i], &reach, any, wild);
                high = score[at] > high ? score[at] : high;
            }
        }
    }
    if (n > 0) {
        int i = noisy_best(score, n, high, rng);
        return stt_play_action(card[i / nr], stone[i % nr]);
    }
    n = stt_legal(s, acts);
    if (s->phase != STT_PH_PLAY)
        return acts[tb_rng_below(rng, (uint32_t)n)];
    for (int i = 0; i < n; i++) {
        score[i] = acts[i] == STT_A_PASS ? 2 * QUICK_TACTIC : QUICK_TACTIC;
        high = score[i] > high ? score[i] : high;
    }
    return acts[noisy_best(score, n, high, rng)];
}
