/*
 * bot.c - MYST's bots: the heuristic (a decent team) and the `nearest`
 * policy for opponent pools.  Both are only given a state determinized for
 * their seat, and read the other team's cards only as odds over the cards
 * they have not seen.
 *
 * The heuristic values each landmark by its own cards (Values, and the
 * Bonus when it can still lay the Key Landmark Piece in the puzzle) and by
 * what the other team may expect from it, then in the race grows toward
 * the key spaces and Marker Switches it can reach first, blocks the other
 * team's way to theirs, and in the exploration walks (or jumps with a
 * Linking Book) to the Key Landmark Pieces where laying or removing one
 * gains the most.
 */
#include "myst.h"

#include <string.h>

/* How much denying the other team a point is worth against gaining one:
 * less than 1, as the other team's cards are only guessed. */
#define DENY 0.6
/* The least gain that spends a Linking Book on a jump before the last
 * turn. */
#define JUMP_GAIN 4.0
/* Average spaces a spin moves (the outer ring's mean). */
#define MEAN_SPIN 3.5

/* What a team expects from the landmarks: its own points, and its guess
 * of the other team's. */
typedef struct outlook {
    double mine[MYST_LANDMARKS];   /* Values of own cards */
    int my_cards[MYST_LANDMARKS];  /* own cards of the landmark */
    double theirs[MYST_LANDMARKS]; /* expected Values of the other's cards */
    double their_any[MYST_LANDMARKS]; /* chance it holds one at all */
} outlook;

/* The team's cards, and the other team's as odds: each Landmark card the
 * team has not seen is in the other team's hand with the same chance. */
static void look_ahead(const myst *s, int me, outlook *o)
{
    const uint8_t *box_cards = tbi_myst_landmark_cards;
    const uint8_t *box_values = tbi_myst_landmark_values;
    int mine = 0;
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        o->mine[l] = 0.0;
        o->my_cards[l] = 0;
    }
    for (int i = 0; i < s->hand_n[me]; i++) {
        int c = s->hand[me][i];
        if (c >= MYST_LM_CARDS)
            continue;
        o->mine[tbi_myst_card_landmark[c]] += tbi_myst_card_value[c];
        o->my_cards[tbi_myst_card_landmark[c]]++;
        mine++;
    }
    int other = tbi_myst_other(me), theirs = 0;
    for (int i = 0; i < s->hand_n[other]; i++)
        theirs += s->hand[other][i] < MYST_LM_CARDS;
    int unseen = MYST_LM_CARDS - mine;
    double p = unseen ? (double)theirs / unseen : 0.0;
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        o->theirs[l] = p * (box_values[l] - o->mine[l]);
        double none = 1.0;
        for (int k = o->my_cards[l]; k < box_cards[l]; k++)
            none *= 1.0 - p;
        o->their_any[l] = 1.0 - none;
    }
}

/* What covering landmark l's key space in the race is worth to me: my
 * Values and the Bonus, and part of what the other team would have had
 * from laying it (its Values and Bonus). */
static double key_worth(const outlook *o, int l)
{
    double mine = o->my_cards[l] ? o->mine[l] + MYST_BONUS : 0.0;
    double theirs = o->theirs[l] + MYST_BONUS * o->their_any[l];
    return mine + DENY * theirs;
}

/* The steps between two spaces on the open board. */
static int manhattan(int a, int b)
{
    int dx = a % MYST_W - b % MYST_W, dy = a / MYST_W - b / MYST_W;
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

/* ------------------------------------------------------------ race */

#define MAX_TARGETS (MYST_LANDMARKS + 16)

/* The open spaces worth heading for in the race: the key spaces and the
 * scoring Marker Switches, each with its worth and its distances (steps
 * through open spaces) from every space. */
typedef struct targets {
    int n;
    int space[MAX_TARGETS];
    double worth[MAX_TARGETS];
    uint8_t dist[MAX_TARGETS][MYST_SPACES];
    int mine[MAX_TARGETS], theirs[MAX_TARGETS]; /* steps from each side */
} targets;

/* The fewest steps from a team's pieces to a target: one more than the
 * nearest open space it touches, 0 for none. */
static int team_steps(const myst *s, int team, const uint8_t *dist)
{
    int best = TBI_GRID_FAR;
    for (int sp = 0; sp < MYST_SPACES; sp++)
        if (dist[sp] < best && tbi_myst_touches(s, team, sp))
            best = dist[sp];
    return best;
}

static void find_targets(const myst *s, int me, const outlook *o, targets *g)
{
    uint8_t open[MYST_SPACES];
    for (int sp = 0; sp < MYST_SPACES; sp++)
        open[sp] = !s->owner[sp];
    g->n = 0;
    for (int sp = 0; sp < MYST_SPACES && g->n < MAX_TARGETS; sp++) {
        if (s->owner[sp])
            continue;
        double w;
        if (tbi_myst_is_key(sp))
            w = key_worth(o, tbi_myst_landmark_at(sp));
        else if (tbi_myst_switch_scores(sp))
            w = 1.0 + DENY;
        else
            continue;
        int k = g->n++;
        g->space[k] = sp;
        g->worth[k] = w;
        tbi_grid_distances(&tbi_myst_grid, open, &sp, 1, TBI_GRID_FAR,
                           g->dist[k]);
        g->mine[k] = team_steps(s, me, g->dist[k]);
        g->theirs[k] = team_steps(s, tbi_myst_other(me), g->dist[k]);
    }
}

/* How good it is to put a piece on open space sp: what it covers, how
 * much nearer it brings the targets this team reaches first (a target the
 * other team reaches first counts little), how it stands in the other
 * team's way, and room to grow. */
static double placement_worth(const myst *s, int me, const targets *g,
                              int sp, int linked)
{
    double v = 0.0;
    for (int k = 0; k < g->n; k++) {
        int d = g->dist[k][sp];
        if (g->space[k] == sp) {
            v += 3.0 * g->worth[k] + 1.0;
            continue;
        }
        if (d == TBI_GRID_FAR)
            continue;
        if (linked) {
            v += g->worth[k] / (1.0 + d);
            continue;
        }
        if (d == g->mine[k]) {
            double urgency = g->mine[k] <= g->theirs[k] ? 1.0 : 0.3;
            v += g->worth[k] * urgency / (1.0 + d);
        }
        /* On the other team's shortest way to a target it would win. */
        if (d == g->theirs[k] && g->theirs[k] < g->mine[k])
            v += 0.5 * g->worth[k] / (1.0 + d);
    }
    if (tbi_myst_touches(s, tbi_myst_other(me), sp))
        v += 0.3;
    int x = sp % MYST_W, y = sp / MYST_W, room = 0;
    room += x > 0 && !s->owner[sp - 1];
    room += x < MYST_W - 1 && !s->owner[sp + 1];
    room += y > 0 && !s->owner[sp - MYST_W];
    room += y < MYST_H - 1 && !s->owner[sp + MYST_W];
    return v + 0.05 * room;
}

static tb_action race_choice(const myst *s, int me, tb_rng *rng)
{
    tb_action acts[MYST_SPACES + 1];
    int n = tbi_myst_race_actions(s, me, acts);
    outlook o;
    look_ahead(s, me, &o);
    targets g;
    find_targets(s, me, &o, &g);
    tb_action best = acts[0];
    double best_v = -1.0;
    for (int i = 0; i < n; i++) {
        if (MYST_KIND(acts[i]) == ACT_WAIT)
            continue;
        double v = placement_worth(s, me, &g, MYST_ARG(acts[i]),
                                   MYST_KIND(acts[i]) == ACT_LINK) +
                   1e-3 * tb_rng_unit(rng);
        if (v > best_v) {
            best_v = v;
            best = acts[i];
        }
    }
    return best;
}

/* The quick race: the same targets and worths, but distances as the crow
 * flies (Manhattan, ignoring covered spaces), so no search of the board:
 * each open target pulls a candidate by its worth over one more than its
 * distance.  Much cheaper than race_choice, a little weaker. */
static tb_action quick_race_choice(const myst *s, int me, tb_rng *rng)
{
    tb_action acts[MYST_SPACES + 1];
    int n = tbi_myst_race_actions(s, me, acts);
    outlook o;
    look_ahead(s, me, &o);
    int target[MAX_TARGETS], n_t = 0;
    double worth[MAX_TARGETS];
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        int sp = tbi_myst_landmarks[l].key;
        if (!s->owner[sp]) {
            worth[n_t] = key_worth(&o, l);
            target[n_t++] = sp;
        }
    }
    for (int k = 0; k < MYST_SWITCHES; k++) {
        int sp = tbi_myst_switch_spaces[k];
        if (!s->owner[sp]) {
            worth[n_t] = 1.0 + DENY;
            target[n_t++] = sp;
        }
    }
    tb_action best = acts[0];
    double best_v = -1.0;
    for (int i = 0; i < n; i++) {
        if (MYST_KIND(acts[i]) == ACT_WAIT)
            continue;
        int sp = MYST_ARG(acts[i]);
        double v = 1e-3 * tb_rng_unit(rng);
        for (int k = 0; k < n_t; k++)
            v += target[k] == sp ? 3.0 * worth[k] + 1.0
                                 : worth[k] / (1.0 + manhattan(sp, target[k]));
        if (tbi_myst_touches(s, tbi_myst_other(me), sp))
            v += 0.3;
        if (v > best_v) {
            best_v = v;
            best = acts[i];
        }
    }
    return best;
}

/* ------------------------------------------------------------ exploration */

/* What arriving on key space sp would gain me now: laying my piece on the
 * other team's (my Values; the other loses what it expected), or removing
 * its piece from mine (my Values and Bonus back, for good). */
static double arrival_gain(const myst *s, int me, const outlook *o, int sp)
{
    int opt = tbi_myst_key_option(s, me, sp);
    if (!opt)
        return 0.0;
    int l = tbi_myst_landmark_at(sp);
    double theirs = o->theirs[l];
    if (opt == ACT_LAY)
        return o->mine[l] + DENY * (theirs + MYST_BONUS * o->their_any[l]) +
               0.1;
    return (o->my_cards[l] ? o->mine[l] + MYST_BONUS : 0.0) + DENY * theirs +
           0.1;
}

/* What arriving on each landmark's key space would gain me now. */
static void arrival_gains(const myst *s, int me, const outlook *o,
                          double *gain)
{
    for (int l = 0; l < MYST_LANDMARKS; l++)
        gain[l] = arrival_gain(s, me, o, tbi_myst_landmarks[l].key);
}

/* The best key space to arrive on from anywhere (a jump's target), and
 * its gain; -1 when there is none. */
static int best_target(const myst *s, int me, const double *gains,
                       double *gain)
{
    int best = -1;
    *gain = 0.0;
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        int sp = tbi_myst_landmarks[l].key;
        if (sp == s->pos[tbi_myst_other(me)] || sp == s->pos[me])
            continue;
        if (gains[l] > *gain) {
            *gain = gains[l];
            best = sp;
        }
    }
    return best;
}

/* The key spaces worth arriving on, for the walk: where they are and what
 * each gains (those the other playing piece stands on left out). */
typedef struct goals {
    int n;
    int x[MYST_LANDMARKS], y[MYST_LANDMARKS], l[MYST_LANDMARKS];
    double gain[MYST_LANDMARKS];
} goals;

static void find_goals(const myst *s, int me, const double *gains, goals *g)
{
    g->n = 0;
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        int k = tbi_myst_landmarks[l].key;
        if (gains[l] <= 0.0 || k == s->pos[tbi_myst_other(me)])
            continue;
        g->x[g->n] = k % MYST_W;
        g->y[g->n] = k / MYST_W;
        g->l[g->n] = l;
        g->gain[g->n++] = gains[l];
    }
}

/* How good it is to end a move on (x, y), landmark `here`'s key space or
 * not (-1), with `turns` turns of mine left after this one: what arriving
 * gains now, and the best goal still ahead, discounted by the spins it
 * needs. */
static double destination_worth(const goals *g, const double *gains, int x,
                                int y, int here, int turns)
{
    double v = here >= 0 ? gains[here] : 0.0, ahead = 0.0;
    for (int i = 0; i < g->n; i++) {
        if (g->l[i] == here)
            continue;
        int dx = x - g->x[i], dy = y - g->y[i];
        double need = ((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy)) / MEAN_SPIN;
        if (need > turns)
            continue;
        double w = g->gain[i] / (1.0 + need);
        if (w > ahead)
            ahead = w;
    }
    return v + 0.8 * ahead;
}

static tb_action explore_choice(const myst *s, int me, tb_rng *rng)
{
    if (s->phase == PH_KEY)
        return MYST_ACT(tbi_myst_key_option(s, me, s->pos[me]), 0);
    outlook o;
    look_ahead(s, me, &o);
    double gains[MYST_LANDMARKS];
    arrival_gains(s, me, &o, gains);
    int left = s->turns - s->turn; /* my turns, this one included */
    int book = tbi_myst_books_held(s, me) > 0 && !s->jumped;
    double jump_gain = 0.0;
    int jump_to = book ? best_target(s, me, gains, &jump_gain) : -1;
    int worth_a_jump = jump_to >= 0 && (jump_gain >= JUMP_GAIN || left == 1);
    if (s->phase == PH_AFTER)
        return worth_a_jump ? MYST_ACT(ACT_JUMP, jump_to) : MYST_ACT(ACT_END, 0);
    /* PH_MOVE: the best destination in reach. */
    uint8_t pass[MYST_SPACES], dist[MYST_SPACES];
    memset(pass, 1, sizeof pass);
    pass[s->pos[tbi_myst_other(me)]] = 0;
    int from = s->pos[me];
    tbi_grid_distances(&tbi_myst_grid, pass, &from, 1, s->spin, dist);
    goals g;
    find_goals(s, me, gains, &g);
    tb_action best = MYST_ACT(ACT_MOVE, from);
    double best_v = -1.0, best_now = 0.0;
    int ties = 0;
    for (int sp = 0; sp < MYST_SPACES; sp++) {
        if (dist[sp] == TBI_GRID_FAR)
            continue;
        int here = tbi_myst_is_key(sp) ? tbi_myst_landmark_at(sp) : -1;
        double v = destination_worth(&g, gains, sp % MYST_W, sp / MYST_W,
                                     here, left - 1);
        /* Equal destinations are taken at random, each alike. */
        if (v > best_v + 1e-9)
            ties = 1;
        else if (v < best_v - 1e-9 || tb_rng_below(rng, (uint32_t)++ties))
            continue;
        best_v = v;
        best_now = here >= 0 ? gains[here] : 0.0;
        best = MYST_ACT(ACT_MOVE, sp);
    }
    /* A jump first, when walking gains nothing now and the best target
     * is worth the book (or this is the last turn). */
    if (worth_a_jump && best_now <= 0.0 && jump_gain > 0.0)
        return MYST_ACT(ACT_JUMP, jump_to);
    return best;
}

/* ------------------------------------------------------------ first key */

/* The first Key Landmark: the landmark worth most by the team's cards
 * (Values and the Bonus), the one named first on a tie. */
static tb_action first_key_choice(const myst *s, int me)
{
    outlook o;
    look_ahead(s, me, &o);
    int best = -1;
    double best_v = -1.0;
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        if (s->phase == PH_REPICK && l == s->first_key[0])
            continue;
        double v = key_worth(&o, l);
        if (v > best_v) {
            best_v = v;
            best = l;
        }
    }
    return MYST_ACT(ACT_KEY, best);
}

tb_action tbi_myst_heuristic(const void *vs, int seat, tb_rng *rng)
{
    const myst *s = vs;
    switch (s->phase) {
    case PH_FIRST:
    case PH_REPICK: return first_key_choice(s, seat);
    case PH_RACE: return race_choice(s, seat, rng);
    default: return explore_choice(s, seat, rng);
    }
}

/* The quick policy, for ISMCTS playouts: the heuristic but for the race,
 * where it plays quick_race_choice. */
tb_action tbi_myst_quick(const void *vs, int seat, tb_rng *rng)
{
    const myst *s = vs;
    if (s->phase == PH_RACE)
        return quick_race_choice(s, seat, rng);
    return tbi_myst_heuristic(vs, seat, rng);
}

/* ------------------------------------------------------------ nearest */

/* The nearest of the spaces in want[] to sp, by steps on the open board
 * (Manhattan distance: the board is a rectangle). */
static int nearest_distance(int sp, const uint8_t *want)
{
    int best = TBI_GRID_FAR;
    for (int k = 0; k < MYST_SPACES; k++)
        if (want[k] && manhattan(sp, k) < best)
            best = manhattan(sp, k);
    return best;
}

/* A simple team: it starts at the landmark it holds most cards of, grows
 * toward the nearest open key space or Marker Switch whatever its cards,
 * and in the exploration walks to the nearest Key Landmark Piece it may
 * lay or remove, which it always does; it never jumps. */
tb_action tbi_myst_nearest(const void *vs, int seat, tb_rng *rng)
{
    const myst *s = vs;
    (void)rng;
    tb_action acts[2 * MYST_SPACES + 2];
    int n;
    uint8_t want[MYST_SPACES];
    switch (s->phase) {
    case PH_FIRST:
    case PH_REPICK: {
        outlook o;
        look_ahead(s, seat, &o);
        int best = s->phase == PH_REPICK && s->first_key[0] == 0 ? 1 : 0;
        for (int l = 0; l < MYST_LANDMARKS; l++)
            if (o.my_cards[l] > o.my_cards[best] &&
                !(s->phase == PH_REPICK && l == s->first_key[0]))
                best = l;
        return MYST_ACT(ACT_KEY, best);
    }
    case PH_RACE:
        n = tbi_myst_race_actions(s, seat, acts);
        for (int sp = 0; sp < MYST_SPACES; sp++)
            want[sp] = !s->owner[sp] && (tbi_myst_is_key(sp) ||
                                         tbi_myst_switch_scores(sp));
        break;
    case PH_KEY: return MYST_ACT(tbi_myst_key_option(s, seat, s->pos[seat]), 0);
    case PH_AFTER: return MYST_ACT(ACT_END, 0);
    default: {
        n = 0;
        uint8_t pass[MYST_SPACES], dist[MYST_SPACES];
        memset(pass, 1, sizeof pass);
        pass[s->pos[tbi_myst_other(seat)]] = 0;
        int from = s->pos[seat];
        tbi_grid_distances(&tbi_myst_grid, pass, &from, 1, s->spin, dist);
        for (int sp = 0; sp < MYST_SPACES; sp++)
            if (dist[sp] != TBI_GRID_FAR)
                acts[n++] = MYST_ACT(ACT_MOVE, sp);
        for (int sp = 0; sp < MYST_SPACES; sp++)
            want[sp] = sp != s->pos[tbi_myst_other(seat)] &&
                       tbi_myst_key_option(s, seat, sp) != 0;
        break;
    }
    }
    tb_action best = acts[0];
    int best_d = TBI_GRID_FAR + 1;
    for (int i = 0; i < n; i++) {
        if (MYST_KIND(acts[i]) == ACT_WAIT)
            continue;
        int d = nearest_distance(MYST_ARG(acts[i]), want);
        if (d < best_d) {
            best_d = d;
            best = acts[i];
        }
    }
    return best;
}
