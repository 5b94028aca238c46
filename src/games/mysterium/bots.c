/*
 * bots.c - how Mysterium's bots reason.  The psychics and the ghost share
 * one reading of the cards, as a table of people soon does: a vision card
 * points to a psychic card as strongly as the motifs they share, and a
 * psychic's visions together point to the card with the most shared motifs
 * in all.
 *
 * The psychic keeps a belief over its candidates (the cards of the kind it
 * looks for that nobody found and it has not guessed wrongly): each
 * candidate weighs exp(BETA * motifs shared with its visions).  Because
 * every psychic's card is a different one, the psychics looking for the
 * same kind are read together: the belief is the marginal of the joint
 * distribution over assignments of different cards, computed exactly by a
 * sum over subsets of the row.  It guesses its most likely card, places a
 * clairvoyance token where it is confident of another psychic's guess,
 * and votes for the group the shared-vision cards it sees fit best.
 *
 * The ghost knows the targets and reads as the psychics do, so it can
 * foresee each guess: for each psychic it scores every set of cards in its
 * hand by the chance the psychic then gives its target and whether the
 * target becomes the psychic's pick, checks the best few with the joint
 * reading, serves first the psychic it can serve best (the others get a
 * fresh hand after each gift), and discards when its hand cannot make any
 * remaining psychic's target the pick.  For the epilogue it tries every
 * group and every three cards, foreseeing each vote for each order the
 * shuffle may give, and picks what wins most often.
 *
 * Everything here reads only what the seat may see: the bots are given
 * states determinized for their seat.
 */
#include "msy.h"

#include <math.h>
#include <string.h>

/* How sharply a psychic believes the motifs: each shared motif multiplies
 * a card's weight by exp(BETA). */
#define BETA 1.0

/* The clairvoyance confidence a token needs, except in the last hour
 * before the tokens are gone for good (hour III, when they come back at
 * IV, and hour VII), when any lean will do. */
#define TOKEN_CONFIDENCE 0.8

/* exp(BETA * e) for a whole number of motifs e, from a table each thread
 * fills once for e in [-64, 64) (the bots' hot path multiplies many of
 * them); below, the value at -64 (a psychic holding dozens of visions, in
 * random play, can get there: a card so far behind stays possible, if
 * barely); above, computed. */
static double expb(int e)
{
    static _Thread_local double table[128];
    static _Thread_local int ready;
    if (e < -64)
        e = -64;
    if (e >= 64)
        return exp(BETA * e);
    if (!ready) {
        for (int i = 0; i < 128; i++)
            table[i] = exp(BETA * (i - 64));
        ready = 1;
    }
    return table[e + 64];
}

/* ------------------------------------------------------------ belief */

/* The motifs psychic i's visions share with each candidate. */
static void evidence(const msy *s, int i, int e[MSY_MAX_SUSPECTS])
{
    int k = s->stage[i];
    for (int pos = 0; pos < s->suspects; pos++) {
        e[pos] = 0;
        for (int c = 0; c < s->vis_n[i]; c++)
            e[pos] += tbi_msy_overlap(s->vis[i][c], k, s->row[k][pos]);
    }
}

/* Whether psychic i could still hold row position pos of its kind. */
static int candidate(const msy *s, int i, int pos)
{
    int k = s->stage[i];
    return !tbi_msy_has((s->sleeved[k] | s->wrong[i][k]), pos);
}

/* Turns scores into weights exp(BETA * (e - max)) over the candidates. */
static void weights_of(const msy *s, int i, const int *e,
                       double w[MSY_MAX_SUSPECTS])
{
    int top = -1;
    for (int pos = 0; pos < s->suspects; pos++)
        if (candidate(s, i, pos) && e[pos] > top)
            top = e[pos];
    for (int pos = 0; pos < MSY_MAX_SUSPECTS; pos++)
        w[pos] = pos < s->suspects && candidate(s, i, pos)
                     ? expb(e[pos] - top)
                     : 0.0;
}

void tbi_msy_weights(const msy *s, int i, double w[MSY_MAX_SUSPECTS])
{
    int e[MSY_MAX_SUSPECTS];
    evidence(s, i, e);
    weights_of(s, i, e, w);
}

/* The next larger set with as many members as S (Gosper's hack); S > 0. */
static unsigned next_same_size(unsigned S)
{
    unsigned low = S & -S, ripple = S + low;
    return (((ripple ^ S) >> 2) / low) | ripple;
}

/* The marginals of m psychics' different cards among n positions: p[a][c]
 * is the chance psychic a holds c when each assignment of different cards
 * weighs the product of w[a][card].  Forward sums f[a][S] over the ways the
 * first a psychics can take the set S, backward sums h[a][S] over the ways
 * the others can be placed outside S, each over the sets of a members
 * only (n <= 9 positions). */
static void joint_marginals(int m, int n,
                            const double w[][MSY_MAX_SUSPECTS],
                            double p[][MSY_MAX_SUSPECTS])
{
    enum { SETS = 1 << MSY_MAX_SUSPECTS };
    static _Thread_local double f[MSY_MAX_PSY + 1][SETS];
    static _Thread_local double h[MSY_MAX_PSY + 1][SETS];
    unsigned sets = 1u << n;
    memset(p, 0, (size_t)m * sizeof *p);
    if (m == 1) {
        double total = 0.0;
        for (int c = 0; c < n; c++)
            total += w[0][c];
        for (int c = 0; c < n && total > 0.0; c++)
            p[0][c] = w[0][c] / total;
        return;
    }
    /* The sets of a members, for a = 0..m, in increasing order. */
#define EACH_SET(S, a) \
    for (unsigned S = (1u << (a)) - 1; S < sets; \
         S = (a) ? next_same_size(S) : sets)
    f[0][0] = 1.0;
    for (int a = 0; a < m; a++) {
        EACH_SET(S, a + 1) f[a + 1][S] = 0.0;
        EACH_SET(S, a) {
            if (f[a][S] == 0.0)
                continue;
            for (int c = 0; c < n; c++)
                if (!(S >> c & 1u) && w[a][c] > 0.0)
                    f[a + 1][S | 1u << c] += f[a][S] * w[a][c];
        }
    }
    EACH_SET(S, m) h[m][S] = 1.0;
    for (int a = m - 1; a >= 0; a--)
        EACH_SET(S, a) {
            double sum = 0.0;
            for (int c = 0; c < n; c++)
                if (!(S >> c & 1u) && w[a][c] > 0.0)
                    sum += w[a][c] * h[a + 1][S | 1u << c];
            h[a][S] = sum;
        }
    for (int a = 0; a < m; a++) {
        double total = 0.0;
        EACH_SET(S, a) {
            if (f[a][S] == 0.0)
                continue;
            for (int c = 0; c < n; c++)
                if (!(S >> c & 1u) && w[a][c] > 0.0)
                    p[a][c] += f[a][S] * w[a][c] * h[a + 1][S | 1u << c];
        }
        for (int c = 0; c < n; c++)
            total += p[a][c];
        for (int c = 0; c < n && total > 0.0; c++)
            p[a][c] /= total;
    }
#undef EACH_SET
}

/* The joint reading of the psychics looking for kind k (tbi_msy_beliefs
 * for one kind). */
static void beliefs_of_kind(const msy *s, int k,
                            double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS])
{
    int who[MSY_MAX_PSY], m = 0;
    double w[MSY_MAX_PSY][MSY_MAX_SUSPECTS], q[MSY_MAX_PSY][MSY_MAX_SUSPECTS];
    for (int i = 0; i < s->psychics; i++)
        if (tbi_msy_active(s, i) && s->stage[i] == k) {
            tbi_msy_weights(s, i, w[m]);
            who[m++] = i;
        }
    if (m == 0)
        return;
    joint_marginals(m, s->suspects, w, q);
    for (int a = 0; a < m; a++)
        memcpy(p[who[a]], q[a], sizeof q[a]);
}

void tbi_msy_beliefs(const msy *s, double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS])
{
    for (int k = 0; k < MSY_KINDS; k++)
        beliefs_of_kind(s, k, p);
}

/* The position with the highest chance (the lowest on a tie). */
static int most_likely(const double *p, int n)
{
    int best = 0;
    for (int c = 1; c < n; c++)
        if (p[c] > p[best])
            best = c;
    return best;
}

/* ------------------------------------------------------------ psychics */

/* The psychic to guess names its likeliest card by the joint reading. */
static tb_action psychic_guess(const msy *s)
{
    double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS];
    int i = tbi_msy_guesser(s);
    beliefs_of_kind(s, s->stage[i], p);
    return MSY_ACT(MSY_K_GUESS, most_likely(p[i], s->suspects));
}

/* A clairvoyance token where the psychic is surest about another's guess:
 * 'yes' if it thinks the guess right, 'no' if wrong, when its confidence
 * reaches TOKEN_CONFIDENCE, or any lean in the last hour the tokens can be
 * used (III and VII); else done. */
static tb_action psychic_token(const msy *s)
{
    double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS];
    tbi_msy_beliefs(s, p);
    int i = s->clair_who, best = -1;
    double best_conf = 0.0;
    for (int j = 0; j < s->psychics; j++) {
        if (j == i || s->guess[j] == MSY_NONE || s->ctok[i][j])
            continue;
        double right = p[j][s->guess[j]];
        double conf = right > 1.0 - right ? right : 1.0 - right;
        if (conf > best_conf) {
            best_conf = conf;
            best = j;
        }
    }
    double need = s->hour == 3 || s->hour == MSY_HOURS ? 0.5 : TOKEN_CONFIDENCE;
    if (best < 0 || best_conf < need)
        return MSY_ACT(MSY_K_DONE, 0);
    int yes = p[best][s->guess[best]] >= 0.5;
    return MSY_ACT(yes ? MSY_K_YES : MSY_K_NO, best);
}

/* How well the vision cards seen[0..n) fit group g: the sum, over the
 * ways of matching the cards to different kinds of the group, of the
 * product of exp(BETA * shared motifs). */
static double group_fit(const msy *s, const uint8_t *seen, int n, int g)
{
    static const uint8_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    double total = 0.0;
    /* With one card each matching is counted twice: no matter. */
    for (int q = 0; q < 6; q++) {
        int e = 0;
        for (int c = 0; c < n; c++) {
            int k = perms[q][c];
            e += tbi_msy_overlap(seen[c], k, s->row[k][s->group[g][k]]);
        }
        total += expb(e);
    }
    return total;
}

void tbi_msy_group_weights(const msy *s, int seat, double w[MSY_MAX_GROUPS])
{
    uint8_t seen[MSY_SHARED];
    int n = seat == 0 ? 0 : tbi_msy_shared_seen(s, seat);
    memcpy(seen, s->shared, (size_t)n);
    double top = 0.0;
    for (int g = 0; g < MSY_MAX_GROUPS; g++) {
        w[g] = g < s->groups ? (n ? group_fit(s, seen, n, g) : 1.0) : 0.0;
        top = w[g] > top ? w[g] : top;
    }
    for (int g = 0; g < s->groups && top > 0.0; g++)
        w[g] /= top;
}

/* The group the cards seen[0..n) point to (the lowest on a tie). */
static int vote_for(const msy *s, const uint8_t *seen, int n)
{
    int best = 0;
    double top = -1.0;
    for (int g = 0; g < s->groups; g++) {
        double f = group_fit(s, seen, n, g);
        if (f > top + 1e-9) {
            top = f;
            best = g;
        }
    }
    return best;
}

/* The voter at seat votes for the group the cards it sees fit best. */
static tb_action psychic_vote(const msy *s, int seat)
{
    int n = tbi_msy_shared_seen(s, seat);
    return MSY_ACT(MSY_K_VOTE, vote_for(s, s->shared, n));
}

/* ------------------------------------------------------------ the ghost */

/* How a gift would do: psychic i's chance of its target afterwards (the
 * independent reading), and whether the target becomes its pick. */
typedef struct gift {
    unsigned mask;
    double chance;
    int pick; /* the target is the psychic's strict favourite */
    double score;
} gift;

/* The score that ranks gifts: a target made the pick beats any other; then
 * the higher chance; then fewer cards. */
static double gift_score(double chance, int pick, unsigned mask)
{
    return (pick ? 2.0 : 0.0) + chance - 0.001 * __builtin_popcount(mask);
}

/* Scores every set of hand cards for psychic i by the independent
 * reading; writes the `keep` best into out (best first), returns how
 * many. */
static int best_gifts(const msy *s, int i, gift *out, int keep)
{
    int k = s->stage[i], t = s->target[i][k];
    int e[MSY_MAX_SUSPECTS], add[MSY_HAND][MSY_MAX_SUSPECTS];
    int cand[MSY_MAX_SUSPECTS], n_cand = 0;
    evidence(s, i, e);
    for (int pos = 0; pos < s->suspects; pos++)
        if (candidate(s, i, pos))
            cand[n_cand++] = pos;
    for (int c = 0; c < s->hand_n; c++)
        for (int pos = 0; pos < s->suspects; pos++)
            add[c][pos] = tbi_msy_overlap(s->hand[c], k, s->row[k][pos]);
    int sum[1 << MSY_HAND][MSY_MAX_SUSPECTS];
    memcpy(sum[0], e, sizeof e);
    int n = 0;
    for (unsigned m = 1; m < 1u << s->hand_n; m++) {
        int c = __builtin_ctz(m);
        unsigned rest = m & (m - 1);
        for (int pos = 0; pos < s->suspects; pos++)
            sum[m][pos] = sum[rest][pos] + add[c][pos];
        /* The psychic's weights over its candidates, as weights_of. */
        int top = sum[m][t], pick = 1;
        for (int a = 0; a < n_cand; a++) {
            int pos = cand[a];
            top = sum[m][pos] > top ? sum[m][pos] : top;
            if (pos != t && sum[m][pos] >= sum[m][t])
                pick = 0;
        }
        double total = 0.0;
        for (int a = 0; a < n_cand; a++)
            total += expb(sum[m][cand[a]] - top);
        gift g = {m, expb(sum[m][t] - top) / total, pick, 0.0};
        g.score = gift_score(g.chance, g.pick, m);
        /* Insert into the kept best, best first. */
        int at = n < keep ? n++ : keep;
        while (at > 0 && out[at - 1].score < g.score) {
            if (at < keep)
                out[at] = out[at - 1];
            at--;
        }
        if (at < keep)
            out[at] = g;
    }
    return n;
}

/* Rescores a gift with the joint reading of every psychic of that kind:
 * the state as it would be with the cards given. */
static void joint_rescore(const msy *s, int i, gift *g)
{
    static _Thread_local msy after;
    memcpy(&after, s, sizeof after);
    for (int c = 0; c < s->hand_n; c++)
        if (g->mask >> c & 1u)
            after.vis[i][after.vis_n[i]++] = s->hand[c];
    double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS];
    beliefs_of_kind(&after, s->stage[i], p);
    int t = s->target[i][s->stage[i]];
    g->chance = p[i][t];
    /* A strict favourite: the ghost does not count on how a psychic
     * breaks a tie. */
    g->pick = 1;
    for (int pos = 0; pos < s->suspects; pos++)
        if (pos != t && p[i][pos] >= p[i][t] - 1e-9)
            g->pick = 0;
    g->score = gift_score(g->chance, g->pick, g->mask);
}

/* The cards of the hand that point to no remaining psychic's target on
 * their own (sharing more motifs with it than with any other candidate):
 * what the ghost throws away when it discards. */
static unsigned useless_cards(const msy *s)
{
    unsigned useless = (1u << s->hand_n) - 1;
    for (int i = 0; i < s->psychics; i++) {
        if (!tbi_msy_active(s, i) || s->given[i])
            continue;
        int k = s->stage[i], t = s->target[i][k];
        for (int c = 0; c < s->hand_n; c++) {
            int on = tbi_msy_overlap(s->hand[c], k, s->row[k][t]), beats = 1;
            for (int pos = 0; pos < s->suspects && beats; pos++)
                if (pos != t && candidate(s, i, pos) &&
                    tbi_msy_overlap(s->hand[c], k, s->row[k][pos]) >= on)
                    beats = 0;
            if (beats)
                useless &= ~(1u << c);
        }
    }
    return useless;
}

/* Whether the ghost should spend a crow now: on easy whenever its hand
 * cannot make a remaining psychic's target the pick (a crow a turn); on
 * medium and hard, with fewer crows, only when at least two psychics
 * remain unserved or from the fourth hour on. */
static int wants_discard(const msy *s, int unserved)
{
    if (!tbi_msy_may_discard(s) || s->shuffle_pending)
        return 0;
    if (s->difficulty == MSY_EASY)
        return 1;
    return unserved >= 2 || s->hour >= 4;
}

/* The ghost's vision: every waiting psychic is screened by the
 * independent reading (cheap), the one it can serve best is chosen, and
 * with `joint` set its best few sets are checked with the joint reading of
 * all psychics of that kind.  Discards instead when even that best does
 * not make the target the psychic's favourite.  Without `joint` (the quick
 * policy) only the first psychic waiting is screened and served. */
static tb_action ghost_vision(const msy *s, int joint)
{
    enum { KEEP = 6 };
    int best_i = -1, unserved = 0, n_top = 0;
    gift top[KEEP] = {{0, 0.0, 0, -1.0}};
    for (int i = 0; i < s->psychics; i++) {
        if (!tbi_msy_active(s, i) || s->given[i])
            continue;
        if (s->hand_n == 0)
            return MSY_ACT(MSY_K_SKIP, i << 7);
        gift g[KEEP];
        int n = best_gifts(s, i, g, KEEP);
        unserved += !g[0].pick;
        if (best_i < 0 || g[0].score > top[0].score) {
            memcpy(top, g, (size_t)n * sizeof *g);
            n_top = n;
            best_i = i;
        }
        if (!joint)
            break;
    }
    gift best = top[0];
    for (int a = 0; joint && a < n_top; a++) {
        joint_rescore(s, best_i, &top[a]);
        if (a == 0 || top[a].score > best.score)
            best = top[a];
    }
    if (!best.pick && wants_discard(s, unserved)) {
        unsigned m = useless_cards(s);
        if (m == 0)
            m = (1u << s->hand_n) - 1;
        return MSY_ACT(MSY_K_DISCARD, m);
    }
    return MSY_ACT(MSY_K_GIVE, best_i << 7 | (int)best.mask);
}

/* The group a voter chooses after seeing the hand cards of mask m (1 to 3
 * cards; the order of the cards seen does not change the vote), for every
 * such mask. */
static void votes_by_mask(const msy *s, uint8_t vote[1 << MSY_HAND])
{
    for (unsigned m = 1; m < 1u << s->hand_n; m++) {
        if (__builtin_popcount(m) > MSY_SHARED)
            continue;
        uint8_t seen[MSY_SHARED];
        int n = 0;
        for (int c = 0; c < s->hand_n; c++)
            if (m >> c & 1u)
                seen[n++] = s->hand[c];
        vote[m] = (uint8_t)vote_for(s, seen, n);
    }
}

/* For the three hand cards of mask m, how many of the 6 orders the
 * shuffle may give them lead the vote to each group (wins[g]): each voter
 * sees the first 1, 2 or 3 cards by its clairvoyance. */
static void shared_outcomes(const msy *s, const uint8_t *vote, unsigned m,
                            const int *sees, int wins[MSY_MAX_GROUPS])
{
    static const uint8_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    unsigned bit[MSY_SHARED];
    for (int c = 0, b = 0; c < s->hand_n; c++)
        if (m >> c & 1u)
            bit[b++] = 1u << c;
    memset(wins, 0, MSY_MAX_GROUPS * sizeof *wins);
    for (int q = 0; q < 6; q++) {
        unsigned prefix[MSY_SHARED + 1] = {0};
        for (int c = 0; c < MSY_SHARED; c++)
            prefix[c + 1] = prefix[c] | bit[perms[q][c]];
        uint8_t votes[MSY_MAX_P];
        memset(votes, MSY_NONE, sizeof votes);
        for (int v = 1; v < s->players; v++)
            votes[v] = vote[prefix[sees[v]]];
        wins[tbi_msy_tally_votes(s, votes)]++;
    }
}

/* The shared vision: every group and three cards, by how often the vote
 * would find that group; on a tie the stronger fit.  Discards (if a crow
 * is left) the cards outside the best three when that wins less than
 * always. */
static tb_action ghost_shared(const msy *s)
{
    uint8_t vote[1 << MSY_HAND];
    votes_by_mask(s, vote);
    int sees[MSY_MAX_P] = {0};
    for (int v = 1; v < s->players; v++)
        sees[v] = tbi_msy_clairvoyance(s) ? tbi_msy_sees(s, v - 1)
                                          : MSY_SHARED;
    double best = -1.0;
    unsigned best_mask = 7;
    int best_g = 0;
    for (unsigned m = 1; m < 1u << s->hand_n; m++) {
        if (__builtin_popcount(m) != MSY_SHARED)
            continue;
        int wins[MSY_MAX_GROUPS];
        shared_outcomes(s, vote, m, sees, wins);
        uint8_t three[MSY_SHARED];
        for (int c = 0, n = 0; c < s->hand_n; c++)
            if (m >> c & 1u)
                three[n++] = s->hand[c];
        for (int g = 0; g < s->groups; g++) {
            double rate = wins[g] / 6.0;
            if (rate + 1e-3 < best)
                continue;
            double score = rate + 1e-6 * log(group_fit(s, three, 3, g));
            if (score > best) {
                best = score;
                best_mask = m;
                best_g = g;
            }
        }
    }
    if (best < 0.99 && tbi_msy_may_discard(s) && !s->shuffle_pending) {
        unsigned rest = ((1u << s->hand_n) - 1) & ~best_mask;
        if (rest)
            return MSY_ACT(MSY_K_DISCARD, rest);
    }
    return MSY_ACT(MSY_K_SHARED, best_g << 7 | (int)best_mask);
}

/* ------------------------------------------------------------ policies */

tb_action tbi_msy_heuristic(const void *st, int seat, tb_rng *rng)
{
    const msy *s = st;
    (void)rng;
    switch (s->phase) {
    case MSY_VISION: return ghost_vision(s, 1);
    case MSY_SHARED_VISION: return ghost_shared(s);
    case MSY_GUESS: return psychic_guess(s);
    case MSY_CLAIR: return psychic_token(s);
    case MSY_VOTE: return psychic_vote(s, seat);
    default: return MSY_ACT(MSY_K_DONE, 0);
    }
}

/* The single card of the hand that points best to psychic i's target:
 * the one whose worst margin over another candidate is largest. */
static int best_single_card(const msy *s, int i)
{
    int k = s->stage[i], t = s->target[i][k], best = 0, top = -99;
    for (int c = 0; c < s->hand_n; c++) {
        int margin = 99;
        int on = tbi_msy_overlap(s->hand[c], k, s->row[k][t]);
        for (int pos = 0; pos < s->suspects; pos++)
            if (pos != t && candidate(s, i, pos)) {
                int d = on - tbi_msy_overlap(s->hand[c], k, s->row[k][pos]);
                margin = d < margin ? d : margin;
            }
        if (margin > top) {
            top = margin;
            best = c;
        }
    }
    return best;
}

/* A ghost of one card a vision: each psychic in turn gets the single
 * card that points best to its target; no discards. */
static tb_action one_card_vision(const msy *s)
{
    for (int i = 0; i < s->psychics; i++) {
        if (!tbi_msy_active(s, i) || s->given[i])
            continue;
        if (s->hand_n == 0)
            return MSY_ACT(MSY_K_SKIP, i << 7);
        return MSY_ACT(MSY_K_GIVE, i << 7 | 1 << best_single_card(s, i));
    }
    return MSY_ACT(MSY_K_DONE, 0); /* unreachable */
}

/* A cheaper policy for search playouts, which plays as the heuristic but
 * for two shortcuts: the ghost picks its visions by the independent
 * reading alone (no joint check), and psychics place no clairvoyance
 * tokens.  (A quick policy whose psychics read their own visions alone, and
 * whose ghost gave one card, misled the search: see docs/bots.md.) */
tb_action tbi_msy_quick(const void *st, int seat, tb_rng *rng)
{
    const msy *s = st;
    switch (s->phase) {
    case MSY_VISION: return ghost_vision(s, 0);
    case MSY_CLAIR: return MSY_ACT(MSY_K_DONE, 0);
    default: return tbi_msy_heuristic(st, seat, rng);
    }
}

/* A narrower ghost: one card a vision (its best single card), no
 * discards; the shared vision and the psychics as the heuristic. */
tb_action tbi_msy_one_card_ghost(const void *st, int seat, tb_rng *rng)
{
    const msy *s = st;
    if (s->phase == MSY_VISION)
        return one_card_vision(s);
    return tbi_msy_heuristic(st, seat, rng);
}

/* The floor: a ghost whose visions carry nothing.  As the ghost: one card
 * at random to the first psychic still waiting; the shared vision three
 * random cards for a random group; never a discard.  As a psychic: the
 * heuristic. */
tb_action tbi_msy_random_ghost(const void *st, int seat, tb_rng *rng)
{
    const msy *s = st;
    if (s->phase == MSY_VISION) {
        for (int i = 0; i < s->psychics; i++) {
            if (!tbi_msy_active(s, i) || s->given[i])
                continue;
            if (s->hand_n == 0)
                return MSY_ACT(MSY_K_SKIP, i << 7);
            int c = (int)tb_rng_below(rng, s->hand_n);
            return MSY_ACT(MSY_K_GIVE, i << 7 | 1 << c);
        }
    }
    if (s->phase == MSY_SHARED_VISION) {
        uint8_t pos[MSY_HAND];
        for (int c = 0; c < s->hand_n; c++)
            pos[c] = (uint8_t)c;
        tb_rng_shuffle8(rng, pos, s->hand_n);
        unsigned m = 1u << pos[0] | 1u << pos[1] | 1u << pos[2];
        int g = (int)tb_rng_below(rng, s->groups);
        return MSY_ACT(MSY_K_SHARED, g << 7 | (int)m);
    }
    return tbi_msy_heuristic(st, seat, rng);
}
