/*
 * formation.c - the value of a Schotten Totten formation, and the best value
 * a partial formation can still reach from pools of cards.
 *
 * One evaluator serves three needs: the value of a complete side (no pool),
 * the exact proof claim (the opponent's best completion from every card the
 * claimer has not seen) and the heuristic bot's estimates (cards in its
 * hand are free, cards it has not seen cost a penalty each).  It does not
 * enumerate completions: for each formation pattern (a colour run of a
 * colour and start, a kind of a strength, a colour, a run of a start, the
 * sum) it checks whether the cards on the side fit and at what cost the
 * missing slots can be filled, and keeps the best value minus cost.
 * Because a completion that fits a pattern is worth at least that pattern,
 * the maximum over patterns is the maximum over completions.
 *
 * Wild cards (Joker: any card; Spy: strength 7; Shield Bearer: strength
 * 1-3, each of any colour) may stand for a card that exists elsewhere: the
 * rules only say their owner chooses colour and strength.
 */
#include "stt.h"

#define NONE STT_IMPOSSIBLE

enum { W_JOKER, W_SPY, W_SHIELD };

typedef struct side_cards {
    int n_clan, n_wild;
    int col[STT_SIDE_MAX], str[STT_SIDE_MAX];
    int wild[STT_SIDE_MAX];
    int has_joker;
} side_cards;

/* What the pools offer: clan cards near (free) and far (cost each), and
 * the wild cards that may still join this side, each with its cost (one
 * Joker at most: a side may hold only one). */
typedef struct offer {
    const uint16_t *near, *far;
    int cost;
    int n_wild;
    int wild[3], wild_cost[3];
} offer;

void stt_pool_add(stt_pool *p, int card)
{
    if (stt_is_clan(card))
        p->bits[stt_colour(card)] |= (uint16_t)(1u << stt_strength(card));
    else if (stt_is_joker(card))
        p->jokers++;
    else if (card == STT_SPY)
        p->spy = 1;
    else if (card == STT_SHIELD)
        p->shield = 1;
}

static int wild_fits(int w, int v)
{
    return w == W_JOKER || (w == W_SPY && v == 7) ||
           (w == W_SHIELD && v >= 1 && v <= 3);
}

static int wild_max(int w)
{
    return w == W_JOKER ? 9 : w == W_SPY ? 7 : 3;
}

static void split(const uint8_t *cards, int m, side_cards *sc)
{
    sc->n_clan = sc->n_wild = sc->has_joker = 0;
    for (int i = 0; i < m; i++) {
        int c = cards[i];
        if (stt_is_clan(c)) {
            sc->col[sc->n_clan] = stt_colour(c);
            sc->str[sc->n_clan++] = stt_strength(c);
        } else {
            int w = stt_is_joker(c) ? W_JOKER : c == STT_SPY ? W_SPY : W_SHIELD;
            sc->has_joker |= w == W_JOKER;
            sc->wild[sc->n_wild++] = w;
        }
    }
}

/* Lists the wild cards the pools offer, the near copy of each kind first. */
static void offer_wilds(offer *o, const stt_pool *near, const stt_pool *far,
                        int side_has_joker)
{
    o->n_wild = 0;
    const int near_has[3] = {near->jokers && !side_has_joker, near->spy,
                             near->shield};
    const int far_has[3] = {far->jokers && !side_has_joker, far->spy,
                            far->shield};
    for (int w = 0; w < 3; w++) {
        if (!near_has[w] && !far_has[w])
            continue;
        o->wild[o->n_wild] = w;
        o->wild_cost[o->n_wild++] = near_has[w] ? 0 : o->cost;
    }
}

/* Whether a clan card of strength v (colour col, 0: any) is in bits. */
static int has_clan(const uint16_t *bits, int col, int v)
{
    if (col)
        return (int)((bits[col] >> v) & 1);
    for (int c = 1; c <= STT_COLOURS; c++)
        if ((bits[c] >> v) & 1)
            return 1;
    return 0;
}

/* The cheapest way to fill the open slots from slot i on (strengths v[],
 * colour col, 0: any), using the pool wilds not in `used`; NONE-like
 * large cost when impossible.  Slots have distinct strengths, so a clan
 * card fits at most one of them, and a free one is always worth taking. */
static int fill_cost(const offer *o, int col, const int *v, const int *open,
                     int n, int i, unsigned used)
{
    while (i < n && !open[i])
        i++;
    if (i == n)
        return 0;
    if (has_clan(o->near, col, v[i]))
        return fill_cost(o, col, v, open, n, i + 1, used);
    int best = -NONE;
    if (has_clan(o->far, col, v[i]))
        best = o->cost + fill_cost(o, col, v, open, n, i + 1, used);
    for (int w = 0; w < o->n_wild; w++) {
        if (((used >> w) & 1u) || !wild_fits(o->wild[w], v[i]))
            continue;
        int c = o->wild_cost[w] +
                fill_cost(o, col, v, open, n, i + 1, used | (1u << w));
        if (c < best)
            best = c;
    }
    return best;
}

/* Places the side's wild cards w[i..] in open slots they fit, every way,
 * and returns the cheapest cost of filling the rest from the pools. */
static int place_wilds(const side_cards *sc, int i, const offer *o, int col,
                       const int *v, int *open, int n)
{
    if (i == sc->n_wild)
        return fill_cost(o, col, v, open, n, 0, 0);
    int best = -NONE;
    for (int j = 0; j < n; j++) {
        if (!open[j] || !wild_fits(sc->wild[i], v[j]))
            continue;
        open[j] = 0;
        int c = place_wilds(sc, i + 1, o, col, v, open, n);
        open[j] = 1;
        if (c < best)
            best = c;
    }
    return best;
}

/* The cost of completing a run (col 0) or colour run (col 1-6) of `need`
 * strengths from `start`; -NONE when it cannot be. */
static int run_cost(const side_cards *sc, const offer *o, int col, int start,
                    int need)
{
    int v[STT_SIDE_MAX], open[STT_SIDE_MAX];
    for (int i = 0; i < need; i++) {
        v[i] = start + i;
        open[i] = 1;
    }
    for (int i = 0; i < sc->n_clan; i++) {
        int idx = sc->str[i] - start;
        if ((col && sc->col[i] != col) || idx < 0 || idx >= need || !open[idx])
            return -NONE;
        open[idx] = 0;
    }
    return place_wilds(sc, 0, o, col, v, open, need);
}

/* The cost of `need` cards of strength v: clan cards of one strength are
 * all of different colours, so only how many each pool holds matters. */
static int kind_cost(const side_cards *sc, const offer *o, int v, int need)
{
    for (int i = 0; i < sc->n_clan; i++)
        if (sc->str[i] != v)
            return -NONE;
    for (int i = 0; i < sc->n_wild; i++)
        if (!wild_fits(sc->wild[i], v))
            return -NONE;
    int k = need - sc->n_clan - sc->n_wild, free_n = 0, paid_n = 0;
    for (int c = 1; c <= STT_COLOURS; c++) {
        free_n += (int)((o->near[c] >> v) & 1);
        paid_n += (int)((o->far[c] >> v) & 1);
    }
    for (int w = 0; w < o->n_wild; w++)
        if (wild_fits(o->wild[w], v)) {
            if (o->wild_cost[w])
                paid_n++;
            else
                free_n++;
        }
    if (k <= free_n)
        return 0;
    return k - free_n <= paid_n ? (k - free_n) * o->cost : -NONE;
}

/* The best sum minus cost of the side's cards plus k more: clan cards of
 * colour col (0: any), or wild cards at their highest strength; NONE when
 * too few qualify. */
static int max_sum(const side_cards *sc, const offer *o, int col, int k)
{
    int sum = 0;
    for (int i = 0; i < sc->n_clan; i++) {
        if (col && sc->col[i] != col)
            return NONE;
        sum += sc->str[i];
    }
    for (int i = 0; i < sc->n_wild; i++)
        sum += wild_max(sc->wild[i]);
    /* Candidates by net worth: strength, minus the cost when far. */
    int worth[64], n = 0;
    for (int v = 1; v <= 9; v++)
        for (int c = 1; c <= STT_COLOURS; c++) {
            if (col && c != col)
                continue;
            if ((o->near[c] >> v) & 1)
                worth[n++] = v;
            else if ((o->far[c] >> v) & 1)
                worth[n++] = v - o->cost;
        }
    for (int w = 0; w < o->n_wild; w++)
        worth[n++] = wild_max(o->wild[w]) - o->wild_cost[w];
    if (n < k)
        return NONE;
    /* Partial selection of the k largest: k is at most 4. */
    for (int i = 0; i < k; i++) {
        int best = i;
        for (int j = i + 1; j < n; j++)
            if (worth[j] > worth[best])
                best = j;
        int t = worth[i];
        worth[i] = worth[best];
        worth[best] = t;
        sum += worth[i];
    }
    return sum;
}

/* Keeps the better of best and a pattern worth value at cost. */
static void consider(int *best, int value, int cost)
{
    if (cost < -NONE && value - cost > *best)
        *best = value - cost;
}

/* The value of a complete formation without wild cards, directly. */
static int plain_value(const side_cards *sc, int need, int sum_only)
{
    int sum = 0, same_col = 1, same_str = 1;
    unsigned seen = 0;
    for (int i = 0; i < need; i++) {
        sum += sc->str[i];
        seen |= 1u << sc->str[i];
        same_col &= sc->col[i] == sc->col[0];
        same_str &= sc->str[i] == sc->str[0];
    }
    return stt_clan_value(seen, sum, same_col, same_str, need, sum_only);
}

/* The best run (col 0) or colour run (every colour) with the best value
 * minus cost.  With free pools the first that fits, from the highest start
 * down, is the best; `floor` stops the search where no pattern left can
 * exceed it. */
static void best_runs(const side_cards *sc, const offer *o, int coloured,
                      int need, int floor, int *best)
{
    int rank = coloured ? STT_COLOUR_RUN : STT_RUN;
    for (int start = 10 - need; start >= 1; start--) {
        int value = STT_VALUE(rank, need * start + need * (need - 1) / 2);
        if (o->cost == 0 && value <= floor)
            return;
        for (int c = coloured ? 1 : 0; c <= (coloured ? STT_COLOURS : 0); c++)
            consider(best, value, run_cost(sc, o, c, start, need));
        if (o->cost == 0 && *best > NONE)
            return;
    }
}

/* The best colour run, kind, colour and run, each minus its cost.  When
 * nothing costs, the first pattern found in a rank is its best and a lower
 * rank cannot beat it, so the search stops there, or where no pattern left
 * can exceed floor. */
static int best_pattern(const side_cards *sc, const offer *o, int need,
                        int floor)
{
    int best = NONE, free_only = o->cost == 0;
    best_runs(sc, o, 1, need, floor, &best);
    if (free_only && (best > NONE || floor >= STT_VALUE(STT_COLOUR_RUN, 0)))
        return best;
    for (int v = 9; v >= 1; v--)
        consider(&best, STT_VALUE(STT_KIND, need * v), kind_cost(sc, o, v, need));
    if (free_only && (best > NONE || floor >= STT_VALUE(STT_KIND, 0)))
        return best;
    int k = need - sc->n_clan - sc->n_wild;
    for (int c = 1; c <= STT_COLOURS; c++) {
        int sum = max_sum(sc, o, c, k);
        if (sum > NONE)
            consider(&best, STT_VALUE(STT_COLOUR, 0) + sum, 0);
    }
    if (free_only && (best > NONE || floor >= STT_VALUE(STT_COLOUR, 0)))
        return best;
    best_runs(sc, o, 0, need, floor, &best);
    return best;
}

/* ---- the fast path: clan cards only, from a free pool, by bit masks */

void stt_shape_of_cards(const uint8_t *cards, int m, stt_shape *sh)
{
    sh->n = sh->sum = 0;
    sh->have = sh->colours = 0;
    for (int i = 0; i < m; i++) {
        int c = cards[i];
        if (!stt_is_clan(c))
            continue;
        sh->n++;
        sh->sum += stt_strength(c);
        sh->have |= 1u << stt_strength(c);
        sh->colours |= 1u << stt_colour(c);
    }
    stt_shape_finish(sh);
}

/* The shape of the clan cards of sc. */
static void shape_of_split(const side_cards *sc, stt_shape *sh)
{
    sh->n = sc->n_clan;
    sh->sum = 0;
    sh->have = sh->colours = 0;
    for (int i = 0; i < sc->n_clan; i++) {
        sh->sum += sc->str[i];
        sh->have |= 1u << sc->str[i];
        sh->colours |= 1u << sc->col[i];
    }
    stt_shape_finish(sh);
}

/* The sum of the k highest strengths in mask (a bit per strength), or
 * NONE when it has fewer than k. */
static int top_sum(unsigned mask, int k)
{
    int sum = 0;
    for (int i = 0; i < k; i++) {
        if (!mask)
            return NONE;
        int v = 31 - __builtin_clz(mask);
        sum += v;
        mask &= ~(1u << v);
    }
    return sum;
}

/* The best value of the clan cards sh completed to `need` by clan cards of
 * pool (bits[c] bit v: colour c, strength v), when neither holds a wild
 * card: each rank is a few mask operations, tried from the highest down,
 * and the first rank reachable holds the best value (a rank is worth more
 * than any sum).  It stops with NONE once no rank left can exceed floor,
 * and with a floor (above NONE) it may return a value above floor that is
 * not the best.
 * The general evaluator (best_pattern) gives the same values
 * (tests/test_schotten_totten.c checks it on random positions). */
static int clan_best(const stt_shape *sh, int need, const uint16_t *pool,
                     int sum_only, int floor)
{
    int k = need - sh->n, sum = sh->sum, lo = sh->lo, hi = sh->hi;
    int colour = sh->colour, strength = sh->strength, distinct = sh->distinct;
    unsigned have = sh->have;
    int c_lo = colour > 0 ? colour : 1, c_hi = colour > 0 ? colour : 6;
    if (!sum_only) {
        int best = 0;
        if (STT_VALUE(STT_COLOUR_RUN, 99) <= floor)
            return NONE;
        if (distinct && colour >= 0)
            for (int c = c_lo; c <= c_hi; c++) {
                int st = stt_run_start(pool[c] | have, need, lo, hi);
                best = st > best ? st : best;
                /* Enough to exceed floor: the best is not needed. */
                if (floor > NONE && st &&
                    STT_VALUE(STT_COLOUR_RUN, need * st + need * (need - 1) / 2) >
                        floor)
                    break;
            }
        if (best)
            return STT_VALUE(STT_COLOUR_RUN,
                             need * best + need * (need - 1) / 2);
        if (STT_VALUE(STT_KIND, 99) <= floor)
            return NONE;
    }
    /* Strengths held by at least 1, 2, 3 and 4 colours of the pool. */
    unsigned any = 0, two = 0, three = 0, four = 0;
    for (int c = 1; c <= STT_COLOURS; c++) {
        unsigned x = pool[c];
        four |= three & x;
        three |= two & x;
        two |= any & x;
        any |= x;
    }
    if (!sum_only) {
        int best;
        if (strength >= 0) {
            const unsigned at_least[5] = {0x3fe, any, two, three, four};
            unsigned ok = at_least[k];
            if (strength > 0)
                ok &= 1u << strength;
            if (ok)
                return STT_VALUE(STT_KIND, need * (31 - __builtin_clz(ok)));
        }
        if (STT_VALUE(STT_COLOUR, 99) <= floor)
            return NONE;
        best = NONE;
        if (colour >= 0)
            for (int c = c_lo; c <= c_hi; c++) {
                int t = top_sum(pool[c], k);
                best = t > best ? t : best;
            }
        if (best > NONE)
            return STT_VALUE(STT_COLOUR, sum + best);
        if (STT_VALUE(STT_RUN, 99) <= floor)
            return NONE;
        int st = distinct ? stt_run_start(any | have, need, lo, hi) : 0;
        if (st)
            return STT_VALUE(STT_RUN, need * st + need * (need - 1) / 2);
        if (STT_VALUE(STT_SUM, 99) <= floor)
            return NONE;
    }
    /* The sum: the k highest strengths, each as often as colours hold it. */
    const unsigned level[4] = {any, two, three, four};
    for (unsigned x = any; k > 0 && x;) {
        int v = 31 - __builtin_clz(x);
        x &= ~(1u << v);
        for (int j = 0; j < 4 && k > 0 && (level[j] >> v & 1u); j++) {
            sum += v;
            k--;
        }
    }
    return k > 0 ? NONE : STT_VALUE(STT_SUM, sum);
}

/* ---- the fast path with costs (the heuristic bot's estimates) */

/* Writes the k highest strengths of a multiset, highest first, into out:
 * level[j] holds the strengths present at least j + 1 times.  Returns how
 * many there were (at most k). */
static int highest(const unsigned *level, int k, int *out)
{
    int n = 0;
    for (unsigned x = level[0]; x && n < k;) {
        int v = 31 - __builtin_clz(x);
        x &= ~(1u << v);
        for (int j = 0; j < 4 && n < k && (level[j] >> v & 1u); j++)
            out[n++] = v;
    }
    return n;
}

/* The sum of the k highest worths among free cards (worth their strength;
 * `free_lv` as in highest) and paid ones (worth their strength minus
 * cost), or NONE when there are fewer than k. */
static int top_worth(const unsigned *free_lv, const unsigned *paid_lv,
                     int cost, int k)
{
    int a[4], b[4];
    int na = highest(free_lv, k, a), nb = highest(paid_lv, k, b);
    if (na + nb < k)
        return NONE;
    int sum = 0, i = 0, j = 0;
    while (k-- > 0) {
        if (j >= nb || (i < na && a[i] >= b[j] - cost))
            sum += a[i++];
        else
            sum += b[j++] - cost;
    }
    return sum;
}

/* The number of bits in a mask of strengths.  A loop rather than
 * __builtin_popcount: the masks hold few bits, and on the x86-64 baseline
 * the builtin is a call into libgcc, which made the heuristic about 4%
 * slower (`tabula bench schotten-totten`, heuristic games a second). */
static int count_bits(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* The best value minus cost of a run of need strengths from a start
 * (coloured: rank colour run) around the strengths `have` (lo to hi), the
 * missing strengths free from near, else at `cost` each from far; NONE
 * when none can be made. */
static int best_run_cost(unsigned have, int lo, int hi, int need,
                         unsigned near, unsigned far, int cost, int coloured)
{
    int best = NONE, rank = coloured ? STT_COLOUR_RUN : STT_RUN;
    for (int start = 10 - need; start >= 1; start--) {
        if (start > lo || start + need - 1 < hi)
            continue;
        unsigned missing = (((1u << need) - 1) << start) & ~have;
        if (missing & ~(near | far))
            continue;
        int v = STT_VALUE(rank, need * start + need * (need - 1) / 2) -
                count_bits(missing & ~near) * cost;
        best = v > best ? v : best;
    }
    return best;
}

/* The best value minus cost of the clan cards sh completed to `need` from
 * near (free) and far (cost each, cost > 0) when no wild card is on the
 * side or in the pools: every pattern of best_pattern and the sum, each
 * in a few mask operations, with the same values (tests/
 * test_schotten_totten.c checks it against the general evaluator). */
static int clan_estimate(const stt_shape *sh, int need, const uint16_t *near,
                         const uint16_t *far, int cost, int sum_only)
{
    int k = need - sh->n, sum = sh->sum, lo = sh->lo, hi = sh->hi;
    int colour = sh->colour, strength = sh->strength, distinct = sh->distinct;
    unsigned have = sh->have;
    /* Per strength, how many colours hold it free, and free or paid (a
     * card in both pools counts as free), as levels. */
    unsigned free_lv[4] = {0, 0, 0, 0}, paid_lv[4] = {0, 0, 0, 0};
    unsigned near_any = 0, far_any = 0;
    for (int c = 1; c <= STT_COLOURS; c++) {
        unsigned x = near[c], y = far[c] & ~near[c];
        for (int j = 3; j > 0; j--) {
            free_lv[j] |= free_lv[j - 1] & x;
            paid_lv[j] |= paid_lv[j - 1] & y;
        }
        free_lv[0] |= x;
        paid_lv[0] |= y;
        near_any |= near[c];
        far_any |= far[c];
    }
    int best = NONE;
    if (!sum_only) {
        int c_lo = colour > 0 ? colour : 1, c_hi = colour > 0 ? colour : 6;
        if (distinct && colour >= 0)
            for (int c = c_lo; c <= c_hi; c++) {
                int v = best_run_cost(have, lo, hi, need, near[c], far[c],
                                      cost, 1);
                best = v > best ? v : best;
            }
        if (strength >= 0)
            for (int v = strength > 0 ? strength : 9;
                 v >= (strength > 0 ? strength : 1); v--) {
                int free_n = 0, paid_n = 0;
                for (int c = 1; c <= STT_COLOURS; c++) {
                    free_n += (int)(near[c] >> v & 1u);
                    paid_n += (int)(far[c] >> v & 1u);
                }
                int kc = k <= free_n ? 0 : k - free_n <= paid_n
                                                ? (k - free_n) * cost : -NONE;
                if (kc < -NONE && STT_VALUE(STT_KIND, need * v) - kc > best)
                    best = STT_VALUE(STT_KIND, need * v) - kc;
            }
        if (colour >= 0)
            for (int c = c_lo; c <= c_hi; c++) {
                const unsigned f[4] = {near[c], 0, 0, 0};
                const unsigned p[4] = {far[c] & ~near[c], 0, 0, 0};
                int t = top_worth(f, p, cost, k);
                if (t > NONE && STT_VALUE(STT_COLOUR, sum + t) > best)
                    best = STT_VALUE(STT_COLOUR, sum + t);
            }
        if (distinct) {
            int v = best_run_cost(have, lo, hi, need, near_any, far_any, cost,
                                  0);
            best = v > best ? v : best;
        }
    }
    int t = top_worth(free_lv, paid_lv, cost, k);
    if (t > NONE && STT_VALUE(STT_SUM, sum + t) > best)
        best = STT_VALUE(STT_SUM, sum + t);
    return best;
}

/* The evaluator behind every entry point: the best value minus cost of
 * the m cards completed to `need` from near (free) and far (far_cost
 * each).  With free pools it may stop early once it knows the best is at
 * most floor (then it returns some value at most floor), or, on the fast
 * path, once it finds a value above floor (then it returns that).  Without wild
 * cards and costs it takes the fast path (clan_best) unless `general`. */
static int evaluate(const uint8_t *cards, int m, int need, const stt_pool *near,
                    const stt_pool *far, int far_cost, int sum_only, int floor,
                    int general)
{
    static const stt_pool empty;
    side_cards sc;
    split(cards, m, &sc);
    if (m == need && sc.n_wild == 0)
        return plain_value(&sc, need, sum_only);
    if (!general && sc.n_wild == 0 && !far && (!near || (!near->jokers && !near->spy &&
                                             !near->shield))) {
        stt_shape sh;
        shape_of_split(&sc, &sh);
        int v = clan_best(&sh, need, (near ? near : &empty)->bits, sum_only,
                          floor);
        return v > NONE ? v : STT_IMPOSSIBLE;
    }
    if (!general && sc.n_wild == 0 && far && far_cost > 0 &&
        (!near || (!near->jokers && !near->spy && !near->shield)) &&
        !far->jokers && !far->spy && !far->shield) {
        stt_shape sh;
        shape_of_split(&sc, &sh);
        int v = clan_estimate(&sh, need, (near ? near : &empty)->bits,
                              far->bits, far_cost, sum_only);
        return v > NONE ? v : STT_IMPOSSIBLE;
    }
    offer o;
    o.near = (near ? near : &empty)->bits;
    o.far = (far ? far : &empty)->bits;
    o.cost = far ? far_cost : 0;
    offer_wilds(&o, near ? near : &empty, far ? far : &empty, sc.has_joker);
    int best = NONE;
    if (!sum_only)
        best = best_pattern(&sc, &o, need, o.cost ? NONE : floor);
    if (o.cost == 0 && (best > NONE || floor >= STT_VALUE(STT_RUN, 0)))
        return best > NONE ? best : STT_IMPOSSIBLE;
    int sum = max_sum(&sc, &o, 0, need - m);
    if (sum > NONE && STT_VALUE(STT_SUM, 0) + sum > best)
        best = sum;
    return best > NONE ? best : STT_IMPOSSIBLE;
}

int stt_estimate(const uint8_t *cards, int m, int need, const stt_pool *near,
                 const stt_pool *far, int far_cost, int sum_only)
{
    return evaluate(cards, m, need, near, far, far_cost, sum_only, NONE, 0);
}

int stt_best_value(const uint8_t *cards, int m, int need, const stt_pool *pool,
                   int sum_only)
{
    int v = evaluate(cards, m, need, pool, NULL, 0, sum_only, NONE, 0);
    return v == STT_IMPOSSIBLE ? -1 : v;
}

int stt_can_exceed(const uint8_t *cards, int m, int need, const stt_pool *pool,
                   int sum_only, int value)
{
    return evaluate(cards, m, need, pool, NULL, 0, sum_only, value, 0) > value;
}

int stt_shape_can_exceed(const stt_shape *sh, int need, const stt_pool *pool,
                         int sum_only, int value)
{
    return clan_best(sh, need, pool->bits, sum_only, value) > value;
}

int stt_estimate_general(const uint8_t *cards, int m, int need,
                         const stt_pool *near, const stt_pool *far,
                         int far_cost, int sum_only)
{
    return evaluate(cards, m, need, near, far, far_cost, sum_only, NONE, 1);
}

const char *stt_rank_name(int value, int need)
{
    static const char *const names[] = {"sum", "run", "colour", "",
                                        "colour run"};
    int r = value / 100;
    if (value < 0 || r > STT_COLOUR_RUN)
        return "incomplete";
    if (r == STT_KIND)
        return need == 4 ? "four of a kind" : "three of a kind";
    return names[r];
}
