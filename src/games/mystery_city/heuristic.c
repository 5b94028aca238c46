/*
 * heuristic.c - the bots' policies for Mystery City: `heuristic`, which
 * weighs each move by the chance it wins the round against what its seat
 * knows of the opponent's hand, and `bold`, which plays its highest value.
 *
 * Both are given a state determinized for their seat; `heuristic` reads of
 * other hands only the cards its seat knows (mc_state.known) and, for the
 * rest, how many unknown cards each hand holds and which cards are unknown
 * to it, never the sampled cards themselves.
 */
#include "mc.h"

#include <string.h>

/* What a card is worth keeping: a regular card about one card, and more
 * the higher its best attribute (it wins the attacks it makes there); a
 * special card somewhat less: it is discarded whenever it is shown, but
 * until then it is the card to give up when an attack cannot be beaten
 * (the attacker gains nothing), and its skill works whoever wins. */
#define WORTH_REGULAR 1.0
#define WORTH_SPECIAL 0.8 /* a sacrifice that gives the attacker nothing */
#define SKILL_INVESTIGATION 0.2
#define SKILL_ASSASSINATION 0.7
#define SKILL_COUNTERINTELLIGENCE 1.3
#define SKILL_COMPANIONSHIP 0.0
#define TIE_SHARE 0.45 /* how much of a won round a tie is worth */

static const double skill_worth[5] = {0.0, SKILL_INVESTIGATION,
                                      SKILL_ASSASSINATION,
                                      SKILL_COUNTERINTELLIGENCE,
                                      SKILL_COMPANIONSHIP};

/* The value of a '?' as a number for comparisons that ignore dice: its
 * mean. */
static int printed(int c, int a)
{
    int v = mc_attr(c, a);
    return v == MC_Q ? 7 : v;
}

/* What keeping card c is worth. */
static double worth(int c)
{
    if (mc_is_special(c))
        return WORTH_SPECIAL;
    int best = 0;
    for (int a = 0; a < MC_ATTRS; a++)
        if (printed(c, a) > best)
            best = printed(c, a);
    return WORTH_REGULAR + (best - 9) * 0.05;
}

/* ------------------------------------------------------------ one round */

/* The chances that the attacker and the defender win a round, their
 * values being v[0] and v[1] with the '?' cards q[] (-1: none) rolled:
 * each '?' card once, a roll owned by the side whose value it makes, or
 * when it makes both by side `shared_owner`; equal rolls of the two sides
 * roll again.  pt gets the chance of a tie. */
static void round_odds(const mc_value *v, const int *q, int shared_owner,
                       int couple, double *pa, double *pd, double *pt)
{
    int shared = q[0] >= 0 && q[0] == q[1];
    int rolls = shared ? 1 : (q[0] >= 0) + (q[1] >= 0);
    int lo0 = rolls ? 2 : 0, hi0 = rolls ? 12 : 0;
    int lo1 = rolls == 2 ? 2 : 0, hi1 = rolls == 2 ? 12 : 0;
    int chomp[2] = {v[0].chomp, v[1].chomp};
    double win[2] = {0.0, 0.0}, tie = 0.0, total = 0.0;
    for (int r0 = lo0; r0 <= hi0; r0++) {
        for (int r1 = lo1; r1 <= hi1; r1++) {
            if (rolls == 2 && r0 == r1)
                continue; /* equal rolls are rolled again */
            double w = (rolls ? mc_2d6[r0] : 1) * (rolls == 2 ? mc_2d6[r1] : 1);
            /* The first roll is the attacker's '?' (or the only one). */
            int r[2] = {r0, r0};
            if (rolls == 2)
                r[1] = r1;
            int val[2], own[2] = {0, 0};
            for (int side = 0; side < 2; side++) {
                val[side] = v[side].fixed;
                if (q[side] >= 0) {
                    val[side] += r[side];
                    own[shared ? shared_owner : side] = r[side];
                }
            }
            int why, w_side = mc_decide(val, own, couple, chomp, &why);
            total += w;
            if (w_side < 0)
                tie += w;
            else
                win[w_side] += w;
        }
    }
    *pa = win[0] / total;
    *pd = win[1] / total;
    *pt = tie / total;
}

/* The odds of the round if seat att shows card c in attribute a (c already
 * pushed on the scratch table at index ai) and seat def answers with d. */
static void odds_of(mc_state *x, int att, int c, int ai, int def, int d,
                    int a, double *pa, double *pd, double *pt)
{
    int q[2];
    mc_value v[2];
    v[0] = mc_value_at(x, att, c, a, ai, &q[0]);
    x->tcard[x->tn] = (uint8_t)d;
    x->towner[x->tn] = (uint8_t)def;
    x->tn++;
    v[1] = mc_value_at(x, def, d, a, x->tn - 1, &q[1]);
    int couple = mc_couple_on_table(x);
    x->tn--;
    int shared_owner = 0;
    if (q[0] >= 0 && q[0] == q[1]) {
        for (int i = 0; i <= x->tn; i++)
            if (x->tcard[i] == q[0])
                shared_owner = x->towner[i] == att ? 0 : 1;
    }
    round_odds(v, q, shared_owner, couple, pa, pd, pt);
}

/* ------------------------------------------------------------ defending */

/* The defender's pick: the card whose outcome is best for it, counting a
 * win as the attacker's card gained (when regular), a loss as its own card
 * lost, a special card as lost anyway but its skill gained. */
static tb_action defend(const mc_state *s, int seat)
{
    mc_state x = *s;
    int c = s->tcard[s->att_i];
    double gain = mc_is_special(c) ? 0.0 : worth(c);
    double best = -1e9;
    int pick = -1;
    for (int d = 0; d < MC_CARDS; d++) {
        if (!(s->hand[seat] >> d & 1))
            continue;
        double pa, pd, pt;
        odds_of(&x, s->att, c, s->att_i, seat, d, s->attr, &pa, &pd, &pt);
        /* A tie on the last card wins; otherwise it means a
         * counterattack, about an even fight. */
        if (mc_count(s->hand[seat]) == 1 || mc_count(s->hand[s->att]) == 0) {
            pd += pt;
            pt = 0.0;
        }
        double lose = mc_is_special(d) ? worth(d) : worth(d) * (pa + TIE_SHARE * pt);
        double u = (pd + TIE_SHARE * pt) * gain - lose +
                   (mc_is_special(d) ? skill_worth[mc_cards[d].skill] : 0.0);
        if (u > best + 1e-9) {
            best = u;
            pick = d;
        }
    }
    return (tb_action)pick;
}

/* ------------------------------------------------------------ attacking */

/* The cards of seat o's hand seat `seat` knows, and how many special and
 * regular cards it holds that `seat` does not know (from the counts, or in
 * the proportions of the unknown cards when a blur hides them). */
static void opponent_hand(const mc_state *s, int seat, int o, uint16_t pool,
                          uint16_t *sure, double *unk)
{
    *sure = s->hand[o] & s->known[seat];
    int left = mc_count(s->hand[o]) - mc_count(*sure);
    for (int t = 0; t < 2; t++) {
        int k = mc_unknown_of_type(s, seat, o, t);
        if (k < 0) {
            int n = mc_count(pool);
            unk[t] = n ? (double)left * mc_count(mc_of_type(pool, t)) / n : 0;
        } else {
            unk[t] = k;
        }
    }
}

/* The average chances that a card drawn from the unknown cards of each
 * type beats and ties card c shown by `seat` in attribute a, answered by
 * seat o.  (Who answers changes nothing in a first round; in a
 * counterattack there is one defender.) */
static void pool_odds(mc_state *x, int seat, int c, int a, int o,
                      uint16_t pool, double *beat, double *tie)
{
    int ai = x->tn;
    x->tcard[ai] = (uint8_t)c;
    x->towner[ai] = (uint8_t)seat;
    x->tn++;
    for (int t = 0; t < 2; t++) {
        uint16_t pt_pool = mc_of_type(pool, t);
        int n = mc_count(pt_pool);
        beat[t] = tie[t] = 0.0;
        for (int d = 0; d < MC_CARDS; d++)
            if (pt_pool >> d & 1) {
                double pa, pd, pt;
                odds_of(x, seat, c, ai, o, d, a, &pa, &pd, &pt);
                beat[t] += pd / n;
                tie[t] += pt / n;
            }
    }
    x->tn--;
}

/* The chance that seat o, holding `sure` and unk[t] unknown cards of type
 * t (whose odds against the card are beat[t] and tie[t]), has no card that
 * beats card c shown by seat `seat` in attribute a (and that none ties, in
 * *no_tie). */
static double survives(mc_state *x, int seat, int c, int a, int o,
                       uint16_t sure, const double *unk, const double *beat,
                       const double *tie, double *no_tie)
{
    int ai = x->tn;
    x->tcard[ai] = (uint8_t)c;
    x->towner[ai] = (uint8_t)seat;
    x->tn++;
    double p_safe = 1.0, p_notie = 1.0;
    for (int d = 0; d < MC_CARDS; d++)
        if (sure >> d & 1) {
            double pa, pd, pt;
            odds_of(x, seat, c, ai, o, d, a, &pa, &pd, &pt);
            p_safe *= 1.0 - pd;
            p_notie *= 1.0 - pt;
        }
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < (int)(unk[t] + 0.5); k++) {
            p_safe *= 1.0 - beat[t];
            p_notie *= 1.0 - tie[t];
        }
    x->tn--;
    *no_tie = p_notie;
    return p_safe;
}

/* The attacker's (or the counterattacker's) pick: the attribute, opponent
 * and card with the best expected outcome, the defender answering with a
 * card that beats the attacker's whenever it has one. */
static tb_action attack(const mc_state *s, int seat, tb_rng *rng)
{
    mc_state x = *s;
    uint16_t pool = mc_in_other_hands(s, seat) & (uint16_t)~s->known[seat];
    int counter = s->phase == MC_PH_COUNTER;
    int attrs = counter ? mc_counter_attrs(s) : 31;
    double best = -1e9;
    tb_action pick = 0;
    int last = mc_count(s->hand[seat]) == 1;
    /* The unknown cards' odds against each card and attribute, once. */
    double beat[MC_ATTRS][MC_CARDS][2], ties[MC_ATTRS][MC_CARDS][2];
    int first_opp = counter ? s->def : -1;
    for (int o = 0; o < s->players && first_opp < 0; o++)
        if (o != seat && mc_alive(s, o))
            first_opp = o;
    for (int a = 0; a < MC_ATTRS; a++)
        for (int c = 0; c < MC_CARDS; c++)
            if ((attrs >> a & 1) && (s->hand[seat] >> c & 1))
                pool_odds(&x, seat, c, a, first_opp, pool, beat[a][c],
                          ties[a][c]);
    for (int o = 0; o < s->players; o++) {
        if (o == seat || !mc_alive(s, o) || (counter && o != s->def))
            continue;
        uint16_t sure;
        double unk[2];
        opponent_hand(s, seat, o, pool, &sure, unk);
        /* What winning brings: the card the defender gives up (often its
         * least useful), and an opponent nearer the end. */
        double gain = 0.6 + 0.3 / mc_count(s->hand[o]);
        for (int a = 0; a < MC_ATTRS; a++) {
            if (!(attrs >> a & 1))
                continue;
            for (int c = 0; c < MC_CARDS; c++) {
                if (!(s->hand[seat] >> c & 1))
                    continue;
                double no_tie;
                double safe = survives(&x, seat, c, a, o, sure, unk,
                                       beat[a][c], ties[a][c], &no_tie);
                double tie = safe * (1.0 - no_tie);
                double win = safe - tie;
                if (last)
                    tie = 0.0; /* a tie on its last card loses */
                double lose = 1.0 - win - tie;
                double u = (win + TIE_SHARE * tie) * gain;
                if (mc_is_special(c))
                    u += skill_worth[mc_cards[c].skill] - worth(c);
                else
                    u -= (lose + TIE_SHARE * tie) * worth(c);
                /* A little noise breaks ties between seats at random, so
                 * that no seat is everyone's first target by its number. */
                u += 0.01 * tb_rng_unit(rng);
                if (u > best) {
                    best = u;
                    pick = counter ? mc_counter(a, c) : mc_attack(a, o, c);
                }
            }
        }
    }
    return pick;
}

tb_action mc_heuristic(const void *st, int seat, tb_rng *rng)
{
    const mc_state *s = st;
    if (s->phase == MC_PH_DEFEND)
        return defend(s, seat);
    return attack(s, seat, rng);
}

/* ------------------------------------------------------------ bold */

tb_action mc_bold(const void *st, int seat, tb_rng *rng)
{
    const mc_state *s = st;
    (void)rng;
    uint16_t h = s->hand[seat];
    if (s->phase == MC_PH_DEFEND) {
        int best = -1, pick = -1;
        for (int c = 0; c < MC_CARDS; c++)
            if ((h >> c & 1) && printed(c, s->attr) > best) {
                best = printed(c, s->attr);
                pick = c;
            }
        return (tb_action)pick;
    }
    int attrs = s->phase == MC_PH_COUNTER ? mc_counter_attrs(s) : 31;
    int best = -1, pc = -1, pa = -1;
    for (int a = 0; a < MC_ATTRS; a++)
        for (int c = 0; c < MC_CARDS; c++)
            if ((attrs >> a & 1) && (h >> c & 1) && printed(c, a) > best) {
                best = printed(c, a);
                pc = c;
                pa = a;
            }
    if (s->phase == MC_PH_COUNTER)
        return mc_counter(pa, pc);
    int opp = -1, most = -1;
    for (int o = 0; o < s->players; o++)
        if (o != seat && mc_alive(s, o) && mc_count(s->hand[o]) > most) {
            most = mc_count(s->hand[o]);
            opp = o;
        }
    return mc_attack(pa, opp, pc);
}
