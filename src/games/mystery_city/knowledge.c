/*
 * knowledge.c - what each seat of Mystery City knows of where the cards
 * lie, and determinize, which resamples exactly the rest.
 *
 * A seat always knows its own hand, the table and the discards.  Of the
 * other hands it knows (mc_state.known) the cards it saw go there or saw
 * there: a card won in open combat is known to everyone; INVESTIGATION
 * shows one seat a whole hand at that moment; a card taken by
 * COUNTERINTELLIGENCE is known to the taker and to its owner.  It also
 * knows, from the deal and everything shown since, how many special and
 * regular cards each hand holds among those it does not know, and it
 * deduces a card's place when only one hand can hold it.
 *
 * The one event that leaves a seat unsure of something it knew is a card
 * taken face down between two other players: the watcher cannot tell which
 * card moved.  Its doubt is kept as a few weighted hypotheses (mc_blur:
 * the card taken was one it knew the victim held, or one of the victim's
 * cards it did not know, special or regular), updated as the victim and
 * the taker show cards (each hypothesis weighed by how likely it makes what
 * was shown) and settled as soon as only one remains.  The spectator is an
 * observer like the seats, with only what everyone sees.
 */
#include "mc.h"

#include <assert.h>
#include <string.h>

/* ------------------------------------------------------------ queries */

int mc_unknown_of_type(const mc_state *s, int o, int h, int t)
{
    const mc_blur *b = &s->blur[o];
    if (b->on && (h == b->from || h == b->to))
        return -1;
    return mc_count(mc_of_type(s->hand[h] & (uint16_t)~s->known[o], t));
}

/* The observers of a game: its seats, then the spectator. */
static int next_observer(const mc_state *s, int o)
{
    return o + 1 < s->players ? o + 1 : o < MC_SPEC ? MC_SPEC : MC_OBS;
}

/* ------------------------------------------------------------ doubt */

/* Scales the weights so the largest is 1 (they only ever shrink). */
static void blur_normalize(mc_blur *b)
{
    double m = b->w_cand;
    if (b->w_type[0] > m)
        m = b->w_type[0];
    if (b->w_type[1] > m)
        m = b->w_type[1];
    if (m > 0.0) {
        b->w_cand /= m;
        b->w_type[0] /= m;
        b->w_type[1] /= m;
    }
}

/* The doubt is settled: observer o is sure again of every card it knew in
 * the victim's hand (whichever was taken, it now knows where each is). */
static void blur_settle(mc_state *s, int o)
{
    mc_blur *b = &s->blur[o];
    s->known[o] |= b->cand;
    memset(b, 0, sizeof *b);
}

/* Settles the doubt once a single hypothesis is left. */
static void blur_check(mc_state *s, int o)
{
    mc_blur *b = &s->blur[o];
    int live = (b->w_cand > 0.0 ? mc_count(b->cand) : 0) +
               (b->w_type[0] > 0.0) + (b->w_type[1] > 0.0);
    if (live <= 1)
        blur_settle(s, o);
}

/* Weighs the hypotheses by the number of cards of type t each says seat
 * h (the victim or the taker) holds among those o does not know, as h
 * has just shown one of them: that count is the likelihood of the show
 * when the unknown cards lie at random. */
static void blur_weigh(mc_blur *b, int victim, int t)
{
    int base = victim ? b->punk[t] : b->qown[t];
    int if_t = victim ? base - 1 : base + 1; /* when the card taken was a t */
    if (base < 0)
        base = 0;
    if (if_t < 0)
        if_t = 0;
    b->w_cand *= base;
    b->w_type[t] *= if_t;
    b->w_type[1 - t] *= base;
    if (victim)
        b->punk[t]--;
    else
        b->qown[t]--;
    blur_normalize(b);
}

/* ------------------------------------------------------------ events */

void mc_know_shown(mc_state *s, int p, int c)
{
    uint16_t bit = (uint16_t)(1u << c);
    for (int o = 0; o < MC_OBS; o = next_observer(s, o)) {
        mc_blur *b = &s->blur[o];
        if (b->on && (p == b->from || p == b->to)) {
            if (b->cand & bit) {
                if (p == b->from) {
                    b->cand &= (uint16_t)~bit; /* it was not the one taken */
                    blur_check(s, o);
                } else {
                    blur_settle(s, o); /* it was */
                }
            } else if (!(s->known[o] & bit)) {
                blur_weigh(b, p == b->from, mc_type(c));
                blur_check(s, o);
            }
        }
        s->known[o] &= (uint16_t)~bit;
    }
}

void mc_know_taken(mc_state *s, int p, uint16_t set)
{
    for (int o = 0; o < MC_OBS; o = next_observer(s, o))
        if (o != p)
            s->known[o] |= set;
}

void mc_know_hand(mc_state *s, int o, int p)
{
    mc_blur *b = &s->blur[o];
    if (b->on && (p == b->from || p == b->to))
        blur_settle(s, o); /* a whole hand shows which card moved */
    s->known[o] |= s->hand[p];
}

void mc_know_stolen(mc_state *s, int q, int p, int c)
{
    uint16_t bit = (uint16_t)(1u << c);
    for (int o = 0; o < MC_OBS; o = next_observer(s, o)) {
        if (o == q) {
            s->known[o] &= (uint16_t)~bit;
            continue;
        }
        if (o == p) {
            s->known[o] |= bit;
            continue;
        }
        mc_blur *b = &s->blur[o];
        assert(!b->on); /* COUNTERINTELLIGENCE is used once a game */
        uint16_t unknown = (uint16_t)~s->known[o];
        b->on = 1;
        b->from = (uint8_t)p;
        b->to = (uint8_t)q;
        b->cand = s->hand[p] & s->known[o];
        for (int t = 0; t < 2; t++) {
            b->punk[t] = (int8_t)mc_count(mc_of_type(s->hand[p] & unknown, t));
            b->qown[t] = (int8_t)mc_count(mc_of_type(s->hand[q] & unknown, t));
            b->w_type[t] = b->punk[t];
        }
        b->w_cand = 1.0;
        blur_normalize(b);
        s->known[o] &= (uint16_t)~b->cand;
        blur_check(s, o);
    }
}

void mc_know_deduce(mc_state *s)
{
    for (int o = 0; o < MC_OBS; o = next_observer(s, o)) {
        if (s->blur[o].on)
            continue;
        uint16_t unknown = mc_in_other_hands(s, o < s->players ? o : -1) &
                           (uint16_t)~s->known[o];
        for (int t = 0; t < 2; t++) {
            uint16_t u = mc_of_type(unknown, t);
            int holders = 0;
            for (int h = 0; h < s->players; h++)
                holders += h != o && (s->hand[h] & u);
            if (holders == 1)
                s->known[o] |= u;
        }
    }
}

/* ------------------------------------------------------------ determinize */

/* Draws the hypothesis of a blur to sample from, by weight: a candidate
 * card (returned), or -2 - t for "one of the victim's unknown cards of type
 * t". */
static int draw_hypothesis(const mc_blur *b, tb_rng *rng)
{
    int n = mc_count(b->cand);
    double total = b->w_cand * n + b->w_type[0] + b->w_type[1];
    double x = tb_rng_unit(rng) * total;
    if (b->w_cand > 0.0)
        for (int c = 0; c < MC_CARDS; c++) {
            if (!(b->cand >> c & 1))
                continue;
            if (x < b->w_cand)
                return c;
            x -= b->w_cand;
        }
    if (b->w_type[0] > 0.0 && (x < b->w_type[0] || b->w_type[1] <= 0.0))
        return -2;
    return -3;
}

void mc_event_seen(const mc_event *e, int o, mc_event *out)
{
    *out = *e;
    if (e->kind != MC_EV_SKILL || o == e->a || o == e->b)
        return;
    if (e->v1 == MC_INVESTIGATION)
        out->mask = 0;
    if (e->v1 == MC_COUNTERINTELLIGENCE)
        out->card = MC_NONE;
}

/* Hides from observer o, in the log, what o did not see (mc_event_seen). */
static void redact_log(mc_state *s, int o)
{
    unsigned first = s->ev_n > MC_LOG ? (unsigned)s->ev_n - MC_LOG : 0u;
    for (unsigned i = first; i < s->ev_n; i++) {
        mc_event *e = &s->ev[i % MC_LOG];
        mc_event_seen(e, o, e);
    }
}

/*
 * Resamples what `seat` has not seen: which of the cards it does not know
 * each other hand holds, keeping every hand's size and its number of
 * special cards among them (public since the deal), and the cards it knows
 * where they are.  With a blur, a hypothesis is drawn first by weight and
 * fixes where the doubtful cards lie.  Then the others' knowledge is
 * rebuilt from what `seat` can be sure of: what everyone knows, and what
 * each of them knows of `seat`'s own hand; what they learnt of hands
 * `seat` cannot see is not modelled.  The unknown cards are pooled in card
 * order before shuffling, so the sample never depends on where they lay.
 */
void mc_determinize(void *st, int seat, tb_rng *rng)
{
    mc_state *s = st;
    if (s->phase == MC_PH_SPECIALS || s->phase == MC_PH_REGULARS)
        return;
    int o = mc_obs(seat);
    uint16_t own = mc_own(s, o);
    const mc_blur *b = &s->blur[o];
    uint16_t unknown = mc_in_other_hands(s, o < s->players ? o : -1) &
                       (uint16_t)~s->known[o];
    uint16_t loose = unknown & (uint16_t)~b->cand; /* to deal out */
    uint16_t fixed[MC_MAX_P];
    int slots[MC_MAX_P][2];
    for (int h = 0; h < s->players; h++) {
        fixed[h] = h == o ? s->hand[h] : s->hand[h] & s->known[o];
        for (int t = 0; t < 2; t++)
            slots[h][t] = h == o ? 0
                                 : mc_count(mc_of_type(s->hand[h] & loose, t));
    }
    if (b->on) {
        int hyp = draw_hypothesis(b, rng);
        for (int t = 0; t < 2; t++) {
            int moved = hyp == -2 - t;
            slots[b->from][t] = b->punk[t] - moved;
            slots[b->to][t] = b->qown[t] + moved;
        }
        fixed[b->from] |= b->cand;
        if (hyp >= 0) {
            fixed[b->from] &= (uint16_t)~(1u << hyp);
            fixed[b->to] |= (uint16_t)(1u << hyp);
        }
    }
    for (int t = 0; t < 2; t++) {
        uint8_t pool[MC_CARDS];
        int n = 0;
        for (int c = 0; c < MC_CARDS; c++)
            if (mc_of_type(loose, t) >> c & 1)
                pool[n++] = (uint8_t)c;
        tb_rng_shuffle8(rng, pool, n);
        int k = 0;
        for (int h = 0; h < s->players; h++) {
            assert(slots[h][t] >= 0 && k + slots[h][t] <= n);
            for (int i = 0; i < slots[h][t]; i++)
                fixed[h] |= (uint16_t)(1u << pool[k++]);
        }
        assert(k == n);
    }
    memcpy(s->hand, fixed, sizeof s->hand);
    for (int r = 0; r < s->players; r++) {
        if (r == o)
            continue;
        uint16_t others = mc_in_other_hands(s, r);
        s->known[r] = (s->known[MC_SPEC] | (s->known[r] & own)) & others;
        memset(&s->blur[r], 0, sizeof s->blur[r]);
    }
    redact_log(s, o);
}
