/*
 * bots.c - how Mysterium's bots reason under the uncertainty of reading.
 * A vision card points to a psychic card through the motifs they share,
 * each as strongly as the reader perceives it (its printed prominence
 * shifted by the reader's secret perception, mysterium.c): so a psychic
 * reads through its own eyes, and the ghost, who does not know them,
 * only probably foresees what a psychic will read.
 *
 * The psychic is Bayesian: each candidate (a card of the kind it looks
 * for that nobody found and it has not guessed wrongly) weighs
 * exp(BETA * the strength its visions point to it with), the likelihood
 * of those visions if it were the card.  Because every psychic's card is
 * a different one, the psychics looking for the same kind are read
 * together: the belief is the marginal of the joint distribution over
 * assignments of different cards, computed exactly by a sum over subsets
 * of the row.  During the sand timer it moves its intuition token to its
 * likeliest card, places a clairvoyance token on another's intuition
 * token when its own reading of that psychic's visions makes it sure
 * enough the token is right (or wrong), takes a token back when it no
 * longer believes it, and says done when it has nothing to change.
 *
 * The ghost knows the targets, not the perceptions: for each psychic it
 * imagines SAMPLES perceptions drawn as the deal draws them, and scores
 * every set of cards in its hand by the share of those in which the
 * psychic would then read its target as the strict favourite (the
 * expected chance it picks right); it serves first the psychic it can
 * serve best (the others get a fresh hand after each gift), and discards
 * when its hand serves nobody well.  For the epilogue it tries every
 * group and every three cards, foreseeing each vote (by the printed
 * prominences) for each order the shuffle may give, and picks what wins
 * most often.
 *
 * Everything here reads only what the seat may see: the bots are given
 * states determinized for their seat, and read no perception but their
 * own seat's.
 */
#include "msy.h"

#include <math.h>
#include <string.h>

/* How sharply a psychic believes the visions: each point of strength a
 * vision points to a card with multiplies its weight by exp(BETA). */
#define BETA 0.35

/* The clairvoyance confidence a token needs, except in the last hour
 * before the tokens are gone for good (hour III, when they come back at
 * IV, and hour VII), when any lean will do. */
#define TOKEN_CONFIDENCE 0.8

/* Perceptions the ghost imagines for a psychic when it weighs a vision
 * (the heuristic; the quick policy imagines QUICK_SAMPLES). */
#define SAMPLES 24
#define QUICK_SAMPLES 6

/* Below this chance of a right pick, a vision is not worth giving when a
 * crow can bring better cards. */
#define DISCARD_BELOW 0.45

/* Whether this thread reads as the counting policy does: each motif it
 * sees on both cards counts 1, whatever its strength.  Set only while
 * tbi_msy_counting decides. */
static _Thread_local int counting;

/* exp(BETA * e) for a whole number e, from a table each thread fills once
 * for e in [-128, 128) (the bots' hot path multiplies many of them);
 * below, the value at -128 (a psychic holding dozens of visions, in
 * random play, can get there: a card so far behind stays possible, if
 * barely); above, computed. */
static double expb(int e)
{
    static _Thread_local double table[256];
    static _Thread_local int ready;
    if (e < -128)
        e = -128;
    if (e >= 128)
        return exp(BETA * e);
    if (!ready) {
        for (int i = 0; i < 256; i++)
            table[i] = exp(BETA * (i - 128));
        ready = 1;
    }
    return table[e + 128];
}

/* ------------------------------------------------------------ reading */

/* The eyes of seat `reader`: its own perception for a psychic seat, NULL
 * (the printed prominences) for the ghost and onlookers. */
static const uint8_t *eye_of(const msy *s, int reader)
{
    return reader > 0 && reader < s->players ? s->percept[reader] : NULL;
}

/* How strongly vision v points to a card of which eyes `eye` (NULL: the
 * print) see the motifs `seen` (tbi_msy_attended), with the difficulty's
 * weights; when counting, the number of the vision's motifs among them
 * that these eyes see on the vision too (a weight above 0). */
static int read_seen(const uint8_t *eye, const int8_t (*weight)[4], int v,
                     uint64_t seen)
{
    if (!counting)
        return tbi_msy_reading_seen(eye, weight, v, seen);
    int n = 0;
    for (uint64_t both = tbi_msy_visions[v] & seen; both; both &= both - 1) {
        int m = __builtin_ctzll(both);
        n += !eye || weight[eye[m]][tbi_msy_strength(v, m)] > 0;
    }
    return n;
}

/* How strongly vision v points to card c of kind k through eyes `eye`
 * (read_seen, the card's attended motifs worked out for this reading). */
static int reading(const msy *s, const uint8_t *eye, int v, int k, int c)
{
    return read_seen(eye, tbi_msy_weight_table(s->difficulty), v,
                     tbi_msy_attended(eye, tbi_msy_murk(s->difficulty,
                                                        s->players), k, c));
}

/* ------------------------------------------------------------ belief */

/* The strength with which psychic i's visions point to each candidate,
 * as reader perceives them (each card's attended motifs worked out once,
 * for all the visions). */
static void evidence(const msy *s, const uint8_t *eye, int i,
                     int e[MSY_MAX_SUSPECTS])
{
    int k = s->stage[i];
    int murk_level = tbi_msy_murk(s->difficulty, s->players);
    const int8_t(*weight)[4] = tbi_msy_weight_table(s->difficulty);
    for (int pos = 0; pos < s->suspects; pos++) {
        uint64_t seen = tbi_msy_attended(eye, murk_level, k, s->row[k][pos]);
        e[pos] = 0;
        for (int c = 0; c < s->vis_n[i]; c++)
            e[pos] += read_seen(eye, weight, s->vis[i][c], seen);
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

void tbi_msy_weights(const msy *s, int reader, int i,
                     double w[MSY_MAX_SUSPECTS])
{
    int e[MSY_MAX_SUSPECTS];
    evidence(s, eye_of(s, reader), i, e);
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
static void beliefs_of_kind(const msy *s, int reader, int k,
                            double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS])
{
    int who[MSY_MAX_PSY], m = 0;
    double w[MSY_MAX_PSY][MSY_MAX_SUSPECTS], q[MSY_MAX_PSY][MSY_MAX_SUSPECTS];
    for (int i = 0; i < s->psychics; i++)
        if (tbi_msy_active(s, i) && s->stage[i] == k) {
            tbi_msy_weights(s, reader, i, w[m]);
            who[m++] = i;
        }
    if (m == 0)
        return;
    joint_marginals(m, s->suspects, w, q);
    for (int a = 0; a < m; a++)
        memcpy(p[who[a]], q[a], sizeof q[a]);
}

void tbi_msy_beliefs(const msy *s, int reader,
                     double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS])
{
    for (int k = 0; k < MSY_KINDS; k++)
        beliefs_of_kind(s, reader, k, p);
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

/* A clairvoyance move of psychic i, reading with seat's eyes from beliefs
 * p: take back a token it no longer believes (a ✓ on a guess it now
 * thinks wrong, a ✗ on one it thinks right); else a token on the
 * intuition token it is surest about, ✓ or ✗, when its confidence reaches
 * TOKEN_CONFIDENCE, or any lean in the last hour the tokens can be used
 * (III and VII).  Returns 0 when it has none to make. */
static tb_action token_move(const msy *s, int i,
                            double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS])
{
    int best = -1;
    double best_conf = 0.0;
    for (int j = 0; j < s->psychics; j++) {
        if (j == i || s->guess[j] == MSY_NONE)
            continue;
        double right = p[j][s->guess[j]];
        if (s->ctok[i][j]) {
            if ((s->ctok[i][j] == 1 && right < 0.5) ||
                (s->ctok[i][j] == 2 && right > 0.5))
                return MSY_ACT(MSY_K_TAKE, j);
            continue;
        }
        double conf = right > 1.0 - right ? right : 1.0 - right;
        if (conf > best_conf) {
            best_conf = conf;
            best = j;
        }
    }
    double need = s->hour == 3 || s->hour == MSY_HOURS ? 0.5 : TOKEN_CONFIDENCE;
    if (best < 0 || s->tokens[i] == 0 || best_conf < need)
        return 0;
    int yes = p[best][s->guess[best]] >= 0.5;
    return MSY_ACT(yes ? MSY_K_YES : MSY_K_NO, best);
}

/* A turn of the sand timer: the psychic puts its intuition token on its
 * likeliest card by the joint reading through its own eyes; once there,
 * a clairvoyance move; else done. */
static tb_action psychic_turn(const msy *s, int seat)
{
    double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS];
    int i = tbi_msy_guesser(s);
    tbi_msy_beliefs(s, seat, p);
    if (tbi_msy_active(s, i)) {
        int best = most_likely(p[i], s->suspects);
        if (s->guess[i] != best)
            return MSY_ACT(MSY_K_GUESS, best);
    }
    if (tbi_msy_clairvoyance(s)) {
        tb_action a = token_move(s, i, p);
        if (a)
            return a;
    }
    return MSY_ACT(MSY_K_DONE, 0);
}

/* How strongly each of the vision cards cards[0..n) points, through eyes
 * `eye`, to each group's card of each kind: r[c][g][k] (each group card's
 * attended motifs worked out once, for all the cards). */
typedef int group_readings[MSY_HAND][MSY_MAX_GROUPS][MSY_KINDS];

static void read_groups(const msy *s, const uint8_t *eye, const uint8_t *cards,
                        int n, group_readings r)
{
    int murk_level = tbi_msy_murk(s->difficulty, s->players);
    const int8_t(*weight)[4] = tbi_msy_weight_table(s->difficulty);
    for (int g = 0; g < s->groups; g++)
        for (int k = 0; k < MSY_KINDS; k++) {
            uint64_t seen = tbi_msy_attended(
                eye, murk_level, k, s->row[k][s->group[g][k]]);
            for (int c = 0; c < n; c++)
                r[c][g][k] = read_seen(eye, weight, cards[c], seen);
        }
}

/* How well the cards idx[0..n) of readings r fit group g: the sum, over
 * the ways of matching the cards to different kinds of the group, of the
 * product of exp(BETA * strength). */
static double fit_of(const group_readings r, const int *idx, int n, int g)
{
    static const uint8_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    double total = 0.0;
    /* With one card each matching is counted twice: no matter. */
    for (int q = 0; q < 6; q++) {
        int e = 0;
        for (int c = 0; c < n; c++)
            e += r[idx[c]][g][perms[q][c]];
        total += expb(e);
    }
    return total;
}

static const int identity[MSY_HAND] = {0, 1, 2, 3, 4, 5, 6};

void tbi_msy_group_weights(const msy *s, int seat, double w[MSY_MAX_GROUPS])
{
    int n = seat == 0 ? 0 : tbi_msy_shared_seen(s, seat);
    group_readings r;
    if (n)
        read_groups(s, eye_of(s, seat), s->shared, n, r);
    double top = 0.0;
    for (int g = 0; g < MSY_MAX_GROUPS; g++) {
        w[g] = g < s->groups ? (n ? fit_of(r, identity, n, g) : 1.0) : 0.0;
        top = w[g] > top ? w[g] : top;
    }
    for (int g = 0; g < s->groups && top > 0.0; g++)
        w[g] /= top;
}

/* The group the cards idx[0..n) of readings r point to (the lowest on a
 * tie). */
static int vote_of(const msy *s, const group_readings r, const int *idx,
                   int n)
{
    int best = 0;
    double top = -1.0;
    for (int g = 0; g < s->groups; g++) {
        double f = fit_of(r, idx, n, g);
        if (f > top + 1e-9) {
            top = f;
            best = g;
        }
    }
    return best;
}

/* The group the cards seen[0..n) point to as reader reads them (the
 * lowest on a tie). */
static int vote_for(const msy *s, const uint8_t *eye, const uint8_t *seen,
                    int n)
{
    group_readings r;
    read_groups(s, eye, seen, n, r);
    return vote_of(s, r, identity, n);
}

/* The voter at seat votes for the group the cards it sees fit best, read
 * with its own eyes (or counted, for the counting policy). */
static tb_action psychic_vote(const msy *s, int seat, const uint8_t *eye)
{
    int n = tbi_msy_shared_seen(s, seat);
    return MSY_ACT(MSY_K_VOTE, vote_for(s, eye, s->shared, n));
}

/* ------------------------------------------------------------ the ghost */

/* How a gift would do: the share of imagined perceptions in which
 * psychic i then reads its target as its strict favourite, and the score
 * that ranks gifts (that chance, less a little for each card spent). */
typedef struct gift {
    unsigned mask;
    double chance;
    double score;
} gift;

/* Scores every set of hand cards for psychic i over `samples` imagined
 * perceptions of its seat; returns the best (the first on a tie).  A tie
 * between the target and another card counts half: the ghost does not
 * count on how a psychic breaks it. */
static gift best_gift(const msy *s, int i, int samples, tb_rng *rng)
{
    int k = s->stage[i], t = s->target[i][k];
    int cand[MSY_MAX_SUSPECTS], n_cand = 0;
    for (int pos = 0; pos < s->suspects; pos++)
        if (candidate(s, i, pos) && pos != t)
            cand[n_cand++] = pos;
    int murk_level = tbi_msy_murk(s->difficulty, s->players);
    const int8_t(*weight)[4] = tbi_msy_weight_table(s->difficulty);
    unsigned masks = 1u << s->hand_n;
    static _Thread_local double hits[1 << MSY_HAND];
    static _Thread_local int sum[1 << MSY_HAND][MSY_MAX_SUSPECTS];
    memset(hits, 0, masks * sizeof *hits);
    for (int x = 0; x < samples; x++) {
        uint8_t pc[MSY_MOTIFS];
        tbi_msy_draw_perception(pc, rng);
        int add[MSY_HAND][MSY_MAX_SUSPECTS];
        for (int pos = 0; pos < s->suspects; pos++) {
            uint64_t seen = tbi_msy_attended(pc, murk_level, k, s->row[k][pos]);
            int e = 0;
            for (int c = 0; c < s->vis_n[i]; c++)
                e += tbi_msy_reading_seen(pc, weight, s->vis[i][c], seen);
            sum[0][pos] = e;
            for (int c = 0; c < s->hand_n; c++)
                add[c][pos] = tbi_msy_reading_seen(pc, weight, s->hand[c], seen);
        }
        for (unsigned m = 1; m < masks; m++) {
            int c = __builtin_ctz(m);
            unsigned rest = m & (m - 1);
            for (int pos = 0; pos < s->suspects; pos++)
                sum[m][pos] = sum[rest][pos] + add[c][pos];
            int on = sum[m][t], ties = 0, beaten = 0;
            for (int a = 0; a < n_cand && !beaten; a++) {
                int other = sum[m][cand[a]];
                beaten = other > on;
                ties += other == on;
            }
            if (!beaten)
                hits[m] += ties ? 0.5 : 1.0;
        }
    }
    gift best = {0, 0.0, -1.0};
    for (unsigned m = 1; m < masks; m++) {
        double chance = hits[m] / samples;
        double score = chance - 0.01 * __builtin_popcount(m);
        if (score > best.score) {
            best.mask = m;
            best.chance = chance;
            best.score = score;
        }
    }
    return best;
}

/* The cards of the hand that point to no waiting psychic's target on
 * their own (by the printed prominences, more strongly than to any other
 * candidate): what the ghost throws away when it discards. */
static unsigned useless_cards(const msy *s)
{
    unsigned useless = (1u << s->hand_n) - 1;
    for (int i = 0; i < s->psychics; i++) {
        if (!tbi_msy_active(s, i) || s->given[i])
            continue;
        int k = s->stage[i], t = s->target[i][k];
        for (int c = 0; c < s->hand_n; c++) {
            int on = reading(s, NULL, s->hand[c], k, s->row[k][t]), beats = 1;
            for (int pos = 0; pos < s->suspects && beats; pos++)
                if (pos != t && candidate(s, i, pos) &&
                    reading(s, NULL, s->hand[c], k, s->row[k][pos]) >= on)
                    beats = 0;
            if (beats)
                useless &= ~(1u << c);
        }
    }
    return useless;
}

/* Whether the ghost should spend a crow now: on easy whenever its hand
 * serves nobody well (a crow a turn); on medium and hard, with fewer
 * crows, only when at least two psychics remain badly served or from the
 * fourth hour on. */
static int wants_discard(const msy *s, int unserved)
{
    if (!tbi_msy_may_discard(s) || s->shuffle_pending)
        return 0;
    if (s->difficulty == MSY_EASY)
        return 1;
    return unserved >= 2 || s->hour >= 4;
}

/* The ghost's vision: every waiting psychic's best gift is weighed over
 * `samples` imagined perceptions, and the psychic it can serve best gets
 * it; when even that is a poor chance, it discards instead (if it
 * should).  With `first_only` (the quick policy) only the first psychic
 * waiting is weighed and served. */
static tb_action ghost_vision(const msy *s, int samples, int first_only,
                              tb_rng *rng)
{
    int best_i = -1, unserved = 0;
    gift top = {0, 0.0, -1.0};
    for (int i = 0; i < s->psychics; i++) {
        if (!tbi_msy_active(s, i) || s->given[i])
            continue;
        if (s->hand_n == 0)
            return MSY_ACT(MSY_K_SKIP, i << 7);
        gift g = best_gift(s, i, samples, rng);
        unserved += g.chance < DISCARD_BELOW;
        if (best_i < 0 || g.score > top.score) {
            top = g;
            best_i = i;
        }
        if (first_only)
            break;
    }
    if (top.chance < DISCARD_BELOW && wants_discard(s, unserved)) {
        unsigned m = useless_cards(s);
        if (m == 0)
            m = (1u << s->hand_n) - 1;
        return MSY_ACT(MSY_K_DISCARD, m);
    }
    return MSY_ACT(MSY_K_GIVE, best_i << 7 | (int)top.mask);
}

/* The group a voter with eyes `eye` chooses after seeing the hand cards
 * of mask m (1 to 3 cards; the order of the cards seen does not change
 * the vote), for every such mask. */
static void votes_by_mask(const msy *s, const uint8_t *eye,
                          uint8_t vote[1 << MSY_HAND])
{
    group_readings r;
    read_groups(s, eye, s->hand, s->hand_n, r);
    for (unsigned m = 1; m < 1u << s->hand_n; m++) {
        int idx[MSY_HAND], n = 0;
        for (int c = 0; c < s->hand_n && n <= MSY_SHARED; c++)
            if (m >> c & 1u)
                idx[n++] = c;
        if (n <= MSY_SHARED)
            vote[m] = (uint8_t)vote_of(s, r, idx, n);
    }
}

/* For the three hand cards of mask m, how many of the 6 orders the
 * shuffle may give them lead the vote to each group (added to wins[g]):
 * each voter v sees the first sees[v] cards and votes vote[v][mask]. */
static void shared_outcomes(const msy *s,
                            uint8_t vote[MSY_MAX_P][1 << MSY_HAND],
                            unsigned m, const int *sees,
                            int wins[MSY_MAX_GROUPS])
{
    static const uint8_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    unsigned bit[MSY_SHARED];
    for (int c = 0, b = 0; c < s->hand_n; c++)
        if (m >> c & 1u)
            bit[b++] = 1u << c;
    for (int q = 0; q < 6; q++) {
        unsigned prefix[MSY_SHARED + 1] = {0};
        for (int c = 0; c < MSY_SHARED; c++)
            prefix[c + 1] = prefix[c] | bit[perms[q][c]];
        uint8_t votes[MSY_MAX_P];
        memset(votes, MSY_NONE, sizeof votes);
        for (int v = 1; v < s->players; v++)
            votes[v] = vote[v][prefix[sees[v]]];
        wins[tbi_msy_tally_votes(s, votes)]++;
    }
}

/* The shared vision: every group and three cards, by how often the vote
 * would find that group, over SHARED_SAMPLES imagined perceptions of the
 * voters and the 6 orders of the shuffle; on a tie the stronger printed
 * fit.  Discards (if a crow is left) the cards outside the best three
 * when that wins less than nearly always. */
static tb_action ghost_shared(const msy *s, tb_rng *rng)
{
    enum { SHARED_SAMPLES = 12, TRIPLES = 35 };
    static _Thread_local uint8_t vote[MSY_MAX_P][1 << MSY_HAND];
    int sees[MSY_MAX_P] = {0};
    for (int v = 1; v < s->players; v++)
        sees[v] = tbi_msy_clairvoyance(s) ? tbi_msy_sees(s, v - 1)
                                          : MSY_SHARED;
    unsigned triple[TRIPLES];
    int n_triples = 0;
    for (unsigned m = 1; m < 1u << s->hand_n; m++)
        if (__builtin_popcount(m) == MSY_SHARED)
            triple[n_triples++] = m;
    int wins[TRIPLES][MSY_MAX_GROUPS];
    memset(wins, 0, sizeof wins);
    for (int x = 0; x < SHARED_SAMPLES; x++) {
        for (int v = 1; v < s->players; v++) {
            uint8_t eye[MSY_MOTIFS];
            tbi_msy_draw_perception(eye, rng);
            votes_by_mask(s, eye, vote[v]);
        }
        for (int t = 0; t < n_triples; t++)
            shared_outcomes(s, vote, triple[t], sees, wins[t]);
    }
    double best = -1.0;
    unsigned best_mask = 7;
    int best_g = 0;
    group_readings printed;
    read_groups(s, NULL, s->hand, s->hand_n, printed);
    for (int t = 0; t < n_triples; t++) {
        int three[MSY_SHARED];
        for (int c = 0, n = 0; c < s->hand_n; c++)
            if (triple[t] >> c & 1u)
                three[n++] = c;
        for (int g = 0; g < s->groups; g++) {
            double rate = wins[t][g] / (6.0 * SHARED_SAMPLES);
            if (rate + 1e-3 < best)
                continue;
            double score = rate + 1e-6 * log(fit_of(printed, three, 3, g));
            if (score > best) {
                best = score;
                best_mask = triple[t];
                best_g = g;
            }
        }
    }
    if (best < 0.9 && tbi_msy_may_discard(s) && !s->shuffle_pending) {
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
    switch (s->phase) {
    case MSY_VISION: return ghost_vision(s, SAMPLES, 0, rng);
    case MSY_SHARED_VISION: return ghost_shared(s, rng);
    case MSY_TIMER: return psychic_turn(s, seat);
    case MSY_VOTE: return psychic_vote(s, seat, eye_of(s, seat));
    default: return MSY_ACT(MSY_K_DONE, 0);
    }
}

/* The single card of the hand that points best to psychic i's target by
 * the printed prominences: the one whose worst margin over another
 * candidate is largest. */
static int best_single_card(const msy *s, int i)
{
    int k = s->stage[i], t = s->target[i][k], best = 0, top = -99;
    for (int c = 0; c < s->hand_n; c++) {
        int margin = 99;
        int on = reading(s, NULL, s->hand[c], k, s->row[k][t]);
        for (int pos = 0; pos < s->suspects; pos++)
            if (pos != t && candidate(s, i, pos)) {
                int d = on - reading(s, NULL, s->hand[c], k, s->row[k][pos]);
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
 * for two shortcuts: the ghost weighs fewer imagined perceptions and
 * serves the psychics in order, and psychics place no clairvoyance
 * tokens. */
tb_action tbi_msy_quick(const void *st, int seat, tb_rng *rng)
{
    const msy *s = st;
    switch (s->phase) {
    case MSY_VISION: return ghost_vision(s, QUICK_SAMPLES, 1, rng);
    case MSY_TIMER: {
        int i = tbi_msy_guesser(s);
        if (!tbi_msy_active(s, i))
            return MSY_ACT(MSY_K_DONE, 0);
        double p[MSY_MAX_PSY][MSY_MAX_SUSPECTS];
        beliefs_of_kind(s, seat, s->stage[i], p);
        int best = most_likely(p[i], s->suspects);
        return s->guess[i] == best ? MSY_ACT(MSY_K_DONE, 0)
                                   : MSY_ACT(MSY_K_GUESS, best);
    }
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

/* The naive psychic: it counts the motifs it sees both on its visions and
 * on each card nobody found, whatever their strength, reads its own
 * visions alone and forgets its wrong guesses (the rules allow guessing a
 * card again), puts its intuition token on the highest count (the first
 * on a tie), places no clairvoyance tokens and votes by the same count.
 * As the ghost, the heuristic. */
tb_action tbi_msy_counting(const void *st, int seat, tb_rng *rng)
{
    const msy *s = st;
    if (s->phase == MSY_VOTE) {
        counting = 1;
        tb_action a = psychic_vote(s, seat, eye_of(s, seat));
        counting = 0;
        return a;
    }
    if (s->phase != MSY_TIMER)
        return tbi_msy_heuristic(st, seat, rng);
    int i = tbi_msy_guesser(s);
    if (!tbi_msy_active(s, i))
        return MSY_ACT(MSY_K_DONE, 0);
    int e[MSY_MAX_SUSPECTS], best = -1;
    counting = 1;
    evidence(s, eye_of(s, seat), i, e);
    counting = 0;
    for (int pos = 0; pos < s->suspects; pos++)
        if (!tbi_msy_has(s->sleeved[s->stage[i]], pos) &&
            (best < 0 || e[pos] > e[best]))
            best = pos;
    if (best < 0 || s->guess[i] == best)
        return MSY_ACT(MSY_K_DONE, 0);
    return MSY_ACT(MSY_K_GUESS, best);
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
