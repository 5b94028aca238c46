/*
 * myst.c - MYST (two teams), the rules: the deal, the secret choice of the
 * first Key Landmarks, the puzzle race and the exploration of the island,
 * and the scoring.  The island, cards and spinner are data (content.c);
 * the views and the notation are in view.c, the bots in bot.c.
 *
 * The puzzle race has no turns ("Teams do not have to take turns"), so
 * time is modelled as ticks, as in The Mind: in each tick both teams make
 * one secret choice (place a piece, play a Linking Book, or wait), yellow
 * first, and the tick resolves when both have chosen; two pieces reaching
 * for one space are decided by a coin, a chance node of its own, so the
 * record holds it.  `tabula play` runs the ticks on a wall clock when one
 * person sits at the table (realtime_key in view.c).  The exploration is
 * turn by turn, each spin a chance node.
 */
#include "myst.h"

#include "deck100.h"
#include "obs.h"
#include "redeal.h"

#include <string.h>

static const char *const books_choices[] = {"each", "dealt"};

static const tb_option_def options[] = {
    [OPT_BOOKS] = {"books", "how the two Linking Books reach the teams: each "
                   "(one to each team, beside its five cards) or dealt "
                   "(shuffled into the 30 cards: a team may get none, one "
                   "or both)", TB_OPT_ENUM, BOOKS_EACH, 0, 1, books_choices},
    [OPT_FLIP] = {"flip", "the extra challenge: the board is flipped over, so "
                  "a space's picture is seen only once a piece covers it",
                  TB_OPT_BOOL, 0, 0, 1, NULL},
    [OPT_STALL] = {"stall", "after this many race ticks in a row in which "
                   "nobody placed a piece, a team that can place one "
                   "touching its colour may no longer wait",
                   TB_OPT_INT, 10, 1, 250, NULL},
};

static void init(void *vs, const tb_config *cfg)
{
    myst *s = vs;
    s->phase = PH_DEAL;
    s->books = (uint8_t)cfg->opt[OPT_BOOKS];
    s->flip = (uint8_t)cfg->opt[OPT_FLIP];
    s->stall = (uint8_t)cfg->opt[OPT_STALL];
    s->open_n = MYST_SPACES;
    s->first_key[0] = s->first_key[1] = MYST_NONE;
    s->pos[0] = s->pos[1] = MYST_NONE;
    s->last_coin = MYST_NONE;
}

const char *tbi_myst_team(int team)
{
    return team == 0 ? "yellow" : "blue";
}

int tbi_myst_books_held(const myst *s, int team)
{
    int n = 0;
    for (int i = 0; i < s->hand_n[team]; i++)
        n += s->hand[team][i] >= MYST_BOOK;
    return n;
}

/* Whether, as far as the other team knows, team may still hold a Linking
 * Book: with one book each, until it plays it; with the books dealt,
 * while any book is unplayed (who holds it is secret).  The turn's steps
 * follow this, not the cards, so that they give nothing away. */
static int may_hold_book(const myst *s, int team)
{
    if (s->books == BOOKS_EACH)
        return s->books_played[team] == 0;
    return s->books_played[0] + s->books_played[1] < 2;
}

int tbi_myst_touches(const myst *s, int team, int space)
{
    return tbi_set_has(&s->front[team], (unsigned)space);
}

void tbi_myst_place(myst *s, int team, int space)
{
    s->owner[space] = (uint8_t)(team + 1);
    s->placed[team]++;
    s->open_n--;
    tbi_set_del(&s->front[0], (unsigned)space);
    tbi_set_del(&s->front[1], (unsigned)space);
    tbi_set128 *f = &s->front[team];
    int x = space % MYST_W, y = space / MYST_W;
    if (x > 0 && !s->owner[space - 1])
        tbi_set_add(f, (unsigned)(space - 1));
    if (x < MYST_W - 1 && !s->owner[space + 1])
        tbi_set_add(f, (unsigned)(space + 1));
    if (y > 0 && !s->owner[space - MYST_W])
        tbi_set_add(f, (unsigned)(space - MYST_W));
    if (y < MYST_H - 1 && !s->owner[space + MYST_W])
        tbi_set_add(f, (unsigned)(space + MYST_W));
}

int tbi_myst_current(const myst *s)
{
    switch (s->phase) {
    case PH_DEAL:
    case PH_COIN:
    case PH_TURNS:
    case PH_SPIN: return TB_CHANCE;
    case PH_FIRST:
    case PH_RACE: return s->choice[0] ? 1 : 0;
    case PH_REPICK: return 1;
    case PH_MOVE:
    case PH_KEY:
    case PH_AFTER: return s->mover;
    default: return TB_TERMINAL;
    }
}

static int current(const void *vs)
{
    return tbi_myst_current(vs);
}

static void chance(const void *vs, tb_chance *c)
{
    const myst *s = vs;
    if (s->phase == PH_DEAL) {
        int n = s->books == BOOKS_EACH ? MYST_LM_CARDS : MYST_CARDS;
        tbi_chance_numbers(c, 0, n - 1, "shuffled cards");
        return;
    }
    c->kind = TB_CHANCE_ROLL;
    c->n = 1;
    c->lo = 0;
    if (s->phase == PH_COIN) {
        c->hi = 1;
        c->what = "coin: the team that places the piece";
    } else {
        c->hi = MYST_SECTORS - 1;
        c->what = s->phase == PH_TURNS ? "spinner sector: number of turns"
                                       : "spinner sector: spaces to move";
    }
}

/* Deals the shuffled cards: the first five to yellow, the next five to
 * blue, the rest stay face down unused.  With one Linking Book each, the
 * 28 Landmark cards are shuffled and each team is also given a book. */
static void deal(myst *s, const uint16_t *deck)
{
    int n = s->books == BOOKS_EACH ? MYST_LM_CARDS : MYST_CARDS, k = 0;
    for (int t = 0; t < 2; t++) {
        s->hand_n[t] = 0;
        for (int i = 0; i < MYST_DEAL; i++)
            s->hand[t][s->hand_n[t]++] = (uint8_t)deck[k++];
        if (s->books == BOOKS_EACH)
            s->hand[t][s->hand_n[t]++] = (uint8_t)(MYST_BOOK + t);
        tbi_sort_u8(s->hand[t], s->hand_n[t]);
    }
    s->undealt_n = 0;
    while (k < n)
        s->undealt[s->undealt_n++] = (uint8_t)deck[k++];
    s->phase = PH_FIRST;
}

/* Turns over one of team's Linking Books: it leaves the hand for good. */
static void play_book(myst *s, int team)
{
    uint8_t *h = s->hand[team];
    for (int i = s->hand_n[team] - 1; i >= 0; i--)
        if (h[i] >= MYST_BOOK) {
            tbi_hand_remove(h, &s->hand_n[team], h[i]);
            break;
        }
    s->books_played[team]++;
}

/* The space a race choice covers, or -1 for a wait. */
static int race_target(tb_action a)
{
    int k = MYST_KIND(a);
    return k == ACT_PLACE || k == ACT_LINK ? MYST_ARG(a) : -1;
}

/* Carries out team's race choice: its piece goes down, and a Linking
 * Book played for it is turned over. */
static void carry_out(myst *s, int team)
{
    tb_action a = s->choice[team];
    int t = race_target(a);
    if (t < 0)
        return;
    tbi_myst_place(s, team, t);
    if (MYST_KIND(a) == ACT_LINK)
        play_book(s, team);
}

/* Ends a tick: the choices become public, and when the board is covered
 * the puzzle phase is over and the youngest spins the number of turns. */
static void finish_tick(myst *s, int placed_any)
{
    s->last[0] = s->choice[0];
    s->last[1] = s->choice[1];
    s->choice[0] = s->choice[1] = 0;
    s->tick++;
    s->idle = placed_any ? 0 : (uint8_t)(s->idle + 1);
    s->phase = s->open_n == 0 ? PH_TURNS : PH_RACE;
}

/* Resolves a tick once both teams have chosen: two pieces for one space
 * wait for the coin; otherwise both go down. */
static void resolve_tick(myst *s)
{
    int t0 = race_target(s->choice[0]), t1 = race_target(s->choice[1]);
    s->last_coin = MYST_NONE;
    if (t0 >= 0 && t0 == t1) {
        s->phase = PH_COIN;
        return;
    }
    carry_out(s, 0);
    carry_out(s, 1);
    finish_tick(s, t0 >= 0 || t1 >= 0);
}

/* The coin gives the contested space to one team; the other places
 * nothing this tick (and keeps a Linking Book it meant to play: no piece
 * of its went down). */
static void settle_clash(myst *s, int winner)
{
    s->last_coin = (uint8_t)winner;
    carry_out(s, winner);
    finish_tick(s, 1);
}

/* The exploration begins: the number of turns is spun, the playing
 * pieces stand on the first Key Landmark Pieces, and the team that placed
 * fewer pieces moves first (yellow, the youngest, on a tie). */
static void start_exploration(myst *s, int sector)
{
    s->turns = tbi_myst_spin_turns[sector];
    s->turn = 0;
    for (int t = 0; t < 2; t++)
        s->pos[t] = tbi_myst_landmarks[s->first_key[t]].key;
    s->first_mover = s->placed[1] < s->placed[0] ? 1 : 0;
    s->mover = s->first_mover;
    s->phase = PH_SPIN;
}

static void apply_chance(void *vs, const uint16_t *out)
{
    myst *s = vs;
    switch (s->phase) {
    case PH_DEAL: deal(s, out); break;
    case PH_COIN: settle_clash(s, out[0]); break;
    case PH_TURNS: start_exploration(s, out[0]); break;
    default: /* PH_SPIN */
        s->spin = tbi_myst_spin_spaces[out[0]];
        s->moved = s->jumped = 0;
        s->from = s->pos[s->mover];
        s->phase = PH_MOVE;
        break;
    }
}

int tbi_myst_race_actions(const myst *s, int team, tb_action *out)
{
    const tbi_set128 *f = &s->front[team];
    int frontier = (f->w[0] | f->w[1]) != 0, n = 0;
    if (!frontier || s->idle < s->stall)
        out[n++] = MYST_ACT(ACT_WAIT, 0);
    if (frontier) {
        uint8_t spaces[MYST_SPACES];
        int k = tbi_set_to_sorted(f, spaces);
        for (int i = 0; i < k; i++)
            out[n++] = MYST_ACT(ACT_PLACE, spaces[i]);
    } else if (tbi_myst_books_held(s, team) > 0) {
        for (int sp = 0; sp < MYST_SPACES; sp++)
            if (!s->owner[sp])
                out[n++] = MYST_ACT(ACT_LINK, sp);
    }
    return n;
}

int tbi_myst_key_option(const myst *s, int team, int space)
{
    if (!tbi_myst_is_key(space))
        return 0;
    int l = tbi_myst_landmark_at(space), other = tbi_myst_other(team);
    int bottom = tbi_myst_key_owner(s, l);
    if (bottom == other && !s->top[l] && !(s->aside[team] >> l & 1))
        return ACT_LAY;
    if (bottom == team && s->top[l] == other + 1)
        return ACT_REMOVE;
    return 0;
}

/* The spaces the mover may reach with its spin: up to s->spin steps from
 * where it stands, never onto or through the other playing piece;
 * standing still is a move of none.  Writes ACT_MOVE actions. */
static int moves(const myst *s, tb_action *out)
{
    uint8_t pass[MYST_SPACES], dist[MYST_SPACES];
    memset(pass, 1, sizeof pass);
    int me = s->mover, from = s->pos[me];
    pass[s->pos[tbi_myst_other(me)]] = 0;
    tbi_grid_distances(&tbi_myst_grid, pass, &from, 1, s->spin, dist);
    int n = 0;
    for (int sp = 0; sp < MYST_SPACES; sp++)
        if (dist[sp] != TBI_GRID_FAR)
            out[n++] = MYST_ACT(ACT_MOVE, sp);
    return n;
}

/* A Linking Book's jump: to any space but the two playing pieces'. */
static int jumps(const myst *s, tb_action *out)
{
    int n = 0;
    if (tbi_myst_books_held(s, s->mover) == 0)
        return 0;
    for (int sp = 0; sp < MYST_SPACES; sp++)
        if (sp != s->pos[0] && sp != s->pos[1])
            out[n++] = MYST_ACT(ACT_JUMP, sp);
    return n;
}

static int legal(const void *vs, tb_action *out)
{
    const myst *s = vs;
    int n = 0;
    switch (s->phase) {
    case PH_FIRST:
    case PH_REPICK:
        for (int l = 0; l < MYST_LANDMARKS; l++)
            if (s->phase == PH_FIRST || l != s->first_key[0])
                out[n++] = MYST_ACT(ACT_KEY, l);
        return n;
    case PH_RACE: return tbi_myst_race_actions(s, tbi_myst_current(s), out);
    case PH_MOVE:
        n = moves(s, out);
        if (!s->jumped)
            n += jumps(s, out + n);
        return n;
    case PH_KEY:
        out[n++] = MYST_ACT(tbi_myst_key_option(s, s->mover, s->pos[s->mover]),
                            0);
        out[n++] = MYST_ACT(ACT_LEAVE, 0);
        return n;
    case PH_AFTER:
        out[n++] = MYST_ACT(ACT_END, 0);
        return n + jumps(s, out + n);
    default: return 0;
    }
}

/* Lays team's first Key Landmark Piece on its space. */
static void place_first_key(myst *s, int team, int l)
{
    s->first_key[team] = (uint8_t)l;
    tbi_myst_place(s, team, tbi_myst_landmarks[l].key);
}

static void start_race(myst *s)
{
    s->choice[0] = s->choice[1] = 0;
    s->phase = PH_RACE;
}

/* Both first choices are made: yellow (the youngest) places first; blue
 * places its own unless it chose the same landmark, and then chooses
 * again. */
static void reveal_first_keys(myst *s)
{
    int k0 = MYST_ARG(s->choice[0]), k1 = MYST_ARG(s->choice[1]);
    place_first_key(s, 0, k0);
    s->last[0] = s->choice[0];
    s->last[1] = s->choice[1];
    if (k1 == k0) {
        s->choice[0] = s->choice[1] = 0;
        s->phase = PH_REPICK;
        return;
    }
    place_first_key(s, 1, k1);
    start_race(s);
}

/* The mover's turn is over: the other team spins, or after both have
 * moved the turn ends, and after the last turn the game. */
static void end_turn(myst *s)
{
    if (s->mover != s->first_mover && ++s->turn == s->turns) {
        s->phase = PH_OVER;
        return;
    }
    s->mover = (uint8_t)tbi_myst_other(s->mover);
    s->phase = PH_SPIN;
}

/* What follows a step of the turn: the move if it has not been made,
 * then the chance of a jump after moving, then the end of the turn. */
static void proceed(myst *s)
{
    if (!s->moved)
        s->phase = PH_MOVE;
    else if (!s->jumped && may_hold_book(s, s->mover))
        s->phase = PH_AFTER;
    else
        end_turn(s);
}

/* The playing piece arrives on a space (by moving or jumping): on a Key
 * Landmark Piece the team may lay or remove one. */
static void arrive(myst *s, int space)
{
    s->pos[s->mover] = (uint8_t)space;
    if (tbi_myst_key_option(s, s->mover, space))
        s->phase = PH_KEY;
    else
        proceed(s);
}

static void apply(void *vs, tb_action a)
{
    myst *s = vs;
    int p = tbi_myst_current(s), arg = MYST_ARG(a);
    switch (MYST_KIND(a)) {
    case ACT_KEY:
        if (s->phase == PH_REPICK) {
            s->last[1] = (uint16_t)a;
            place_first_key(s, 1, arg);
            start_race(s);
        } else {
            s->choice[p] = (uint16_t)a;
            if (p == 1)
                reveal_first_keys(s);
        }
        break;
    case ACT_PLACE:
    case ACT_LINK:
    case ACT_WAIT:
        s->choice[p] = (uint16_t)a;
        if (p == 1)
            resolve_tick(s);
        break;
    case ACT_MOVE:
        s->moved = 1;
        arrive(s, arg);
        break;
    case ACT_JUMP:
        s->jumped = 1;
        play_book(s, p);
        arrive(s, arg);
        break;
    case ACT_LAY: {
        int l = tbi_myst_landmark_at(s->pos[p]);
        s->top[l] = (uint8_t)(p + 1);
        proceed(s);
        break;
    }
    case ACT_REMOVE: {
        int l = tbi_myst_landmark_at(s->pos[p]);
        s->top[l] = 0;
        s->aside[tbi_myst_other(p)] |= (uint8_t)(1u << l);
        proceed(s);
        break;
    }
    case ACT_LEAVE: proceed(s); break;
    default: end_turn(s); break; /* ACT_END */
    }
}

/* Value points of team's cards of landmark l; *cards receives how many
 * it holds. */
static int card_points(const myst *s, int team, int l, int *cards)
{
    int pts = 0, n = 0;
    for (int i = 0; i < s->hand_n[team]; i++) {
        int c = s->hand[team][i];
        if (c < MYST_LM_CARDS && tbi_myst_card_landmark[c] == l) {
            pts += tbi_myst_card_value[c];
            n++;
        }
    }
    if (cards)
        *cards = n;
    return pts;
}

void tbi_myst_score(const myst *s, int *total, int *switches,
                    int landmark_points[2][MYST_LANDMARKS])
{
    for (int t = 0; t < 2; t++) {
        switches[t] = 0;
        for (int l = 0; l < MYST_LANDMARKS; l++)
            landmark_points[t][l] = 0;
    }
    for (int sp = 0; sp < MYST_SPACES; sp++)
        if (s->owner[sp] && tbi_myst_switch_scores(sp))
            switches[s->owner[sp] - 1]++;
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        int c = tbi_myst_controller(s, l), cards;
        if (c < 0)
            continue;
        int pts = card_points(s, c, l, &cards);
        /* One Bonus, on holding a card, for the piece laid in the puzzle. */
        if (cards > 0 && tbi_myst_key_owner(s, l) == c)
            pts += MYST_BONUS;
        landmark_points[c][l] = pts;
    }
    for (int t = 0; t < 2; t++) {
        total[t] = switches[t];
        for (int l = 0; l < MYST_LANDMARKS; l++)
            total[t] += landmark_points[t][l];
    }
}

static void result(const void *vs, tb_result *out)
{
    const myst *s = vs;
    int total[2], sw[2], lp[2][MYST_LANDMARKS];
    tbi_myst_score(s, total, sw, lp);
    memset(out, 0, sizeof *out);
    out->players = 2;
    out->score[0] = total[0];
    out->score[1] = total[1];
    tbi_rank_by_score(out, 1);
}

static int standing(const void *vs, double *scores)
{
    const myst *s = vs;
    int total[2], sw[2], lp[2][MYST_LANDMARKS];
    tbi_myst_score(s, total, sw, lp);
    scores[0] = total[0];
    scores[1] = total[1];
    return s->phase >= PH_TURNS ? 1 + s->turn : 0;
}

/* Whether team's choice of this step is still secret from seat. */
static int choice_hidden(const myst *s, int team, int seat)
{
    return (s->phase == PH_FIRST || s->phase == PH_RACE) &&
           s->choice[team] && team != seat;
}

/* Whether team's cards are hidden from seat: its Landmark cards (and,
 * when the books are dealt, its Linking Books) until the end, when every
 * card is turned over. */
static int hand_hidden(const myst *s, int team, int seat)
{
    return team != seat && s->phase != PH_OVER && s->phase != PH_DEAL;
}

/* Whether card c of a hidden hand is unseen: a Linking Book given to each
 * team is known to be there. */
static int card_unseen(const myst *s, int c)
{
    return c < MYST_LM_CARDS || s->books == BOOKS_DEALT;
}

/* Deals the cards seat has not seen again: the other team's unseen cards
 * (both teams' for the spectator) and the unused ones, in the same
 * numbers; then redraws the other team's secret choice of this step among
 * the choices it had. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    myst *s = vs;
    tbi_pool pool;
    tbi_pool_init(&pool);
    for (int t = 0; t < 2; t++)
        if (hand_hidden(s, t, seat))
            for (int i = 0; i < s->hand_n[t]; i++)
                if (card_unseen(s, s->hand[t][i]))
                    tbi_pool_add(&pool, s->hand[t][i]);
    tbi_pool_add_run(&pool, s->undealt, s->undealt_n);
    tbi_pool_shuffle(&pool, rng);
    for (int t = 0; t < 2; t++) {
        if (!hand_hidden(s, t, seat))
            continue;
        for (int i = 0; i < s->hand_n[t]; i++)
            if (card_unseen(s, s->hand[t][i]))
                s->hand[t][i] = tbi_pool_take(&pool);
        tbi_sort_u8(s->hand[t], s->hand_n[t]);
    }
    tbi_pool_take_run(&pool, s->undealt, s->undealt_n);
    tb_action acts[MYST_SPACES + 1];
    for (int t = 0; t < 2; t++) {
        if (!choice_hidden(s, t, seat))
            continue;
        int n = s->phase == PH_FIRST ? MYST_LANDMARKS
                                     : tbi_myst_race_actions(s, t, acts);
        uint32_t pick = tb_rng_below(rng, (uint32_t)n);
        s->choice[t] = (uint16_t)(s->phase == PH_FIRST
                                      ? MYST_ACT(ACT_KEY, pick)
                                      : acts[pick]);
    }
}

/* Takes back yellow's secret choice of this step when blue, to move, has
 * not seen it, so that yellow chooses again before blue's decision. */
static void retract(void *vs, int seat)
{
    myst *s = vs;
    if (choice_hidden(s, 0, seat))
        s->choice[0] = 0;
}

/* MYST is played by two teams, whatever the number of people: each team
 * is one seat.  A count other than 2 is refused with that said, since a
 * table of four would otherwise not know to ask for two seats. */
static int check_config(const tb_config *cfg, char *err, size_t cap)
{
    if (cfg->players != 2) {
        tbi_errf(err, cap, "myst is played by two teams, not %d player%s: "
                 "each team is one seat, whatever its size, so use 2 seats "
                 "(-p 2) and let each team's people share theirs",
                 cfg->players, cfg->players == 1 ? "" : "s");
        return TB_EINVAL;
    }
    return TB_OK;
}

static const tb_policy policies[] = {
    {"nearest", "starts at the landmark it holds most cards of, grows toward "
     "the nearest open key space or Marker Switch whatever its cards, walks "
     "to the nearest Key Landmark Piece it may lay or remove; never jumps",
     tbi_myst_nearest},
};

/* ------------------------------------------------------------ tensors */

#define KINDS ACT_END /* action kinds 1..ACT_END */

/* An action as its kind (one-hot over the 10 kinds) and its argument (a
 * landmark or a space: one-hot over the 96 spaces); all 0 for none. */
static void obs_action(tbi_obs *o, tb_action a)
{
    tbi_obs_onehot(o, a ? MYST_KIND(a) - 1 : -1, KINDS);
    tbi_obs_onehot(o, a ? MYST_ARG(a) : -1, MYST_SPACES);
}

/* A team counted from seat (0 seat's own, 1 the other), or none. */
static int team_from(int team, int seat)
{
    return team < 0 || team > 1 ? -1 : team != seat;
}

/* seat's observation (docs/learning.md): its cards (flags over the 30
 * ids), the other team's cards when seat may see them (its Linking Book
 * when each team gets one; all at the end) and how many it holds (/6);
 * the cards never dealt (/30); then, per team from seat's on, its
 * Linking Books played (/2), pieces placed (/48), first Key Landmark
 * (one-hot over 8), the landmarks whose piece was put aside (flags), its
 * choice of this step (obs_action) when seat may see it and whether it
 * has chosen, its choice of the last tick (obs_action) and its playing
 * piece (one-hot over 96); per space its owner (seat's team, the other:
 * 2 flags); per landmark whose piece lies on top (2 flags); the spaces
 * open (/96); the team that won the last tick's clash (2 flags); the
 * quiet ticks (/250), the ticks (/200), the turns spun and played (/20),
 * the team that moves first and the one moving (2 flags each), the spin
 * (/6), whether the mover has moved and has jumped, where it began its
 * turn (one-hot); the options: books dealt, flip, stall (/250); the seat
 * to act (2 flags); the phase.  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const myst *s = vs;
    tbi_obs o = {out, 0};
    int other = tbi_myst_other(seat);
    tbi_obs_cards(&o, s->hand[seat], s->hand_n[seat], 0, MYST_CARDS);
    uint8_t shown[MYST_HAND_MAX];
    int k = 0;
    for (int i = 0; i < s->hand_n[other]; i++)
        if (!hand_hidden(s, other, seat) || !card_unseen(s, s->hand[other][i]))
            shown[k++] = s->hand[other][i];
    tbi_obs_cards(&o, shown, k, 0, MYST_CARDS);
    tbi_obs_scalar(&o, s->hand_n[other] / (double)MYST_HAND_MAX);
    tbi_obs_scalar(&o, s->undealt_n / (double)MYST_CARDS);
    for (int r = 0; r < 2; r++) {
        int t = (seat + r) % 2, hidden = choice_hidden(s, t, seat);
        tbi_obs_scalar(&o, s->books_played[t] / 2.0);
        tbi_obs_scalar(&o, s->placed[t] / 48.0);
        tbi_obs_onehot(&o, s->first_key[t] == MYST_NONE ? -1 : s->first_key[t],
                       MYST_LANDMARKS);
        tbi_obs_bits(&o, s->aside[t], 0, MYST_LANDMARKS);
        obs_action(&o, hidden ? 0 : s->choice[t]);
        tbi_obs_scalar(&o, s->choice[t] != 0);
        obs_action(&o, s->last[t]);
        tbi_obs_onehot(&o, s->pos[t] == MYST_NONE ? -1 : s->pos[t],
                       MYST_SPACES);
    }
    for (int sp = 0; sp < MYST_SPACES; sp++)
        tbi_obs_onehot(&o, team_from(s->owner[sp] - 1, seat), 2);
    for (int l = 0; l < MYST_LANDMARKS; l++)
        tbi_obs_onehot(&o, team_from(s->top[l] - 1, seat), 2);
    tbi_obs_scalar(&o, s->open_n / (double)MYST_SPACES);
    tbi_obs_onehot(&o, team_from(s->last_coin, seat), 2);
    tbi_obs_scalar(&o, s->idle / 250.0);
    tbi_obs_scalar(&o, s->tick / 200.0);
    tbi_obs_scalar(&o, s->turns / 20.0);
    tbi_obs_scalar(&o, s->turn / 20.0);
    int exploring = s->phase >= PH_TURNS;
    tbi_obs_onehot(&o, exploring ? team_from(s->first_mover, seat) : -1, 2);
    tbi_obs_onehot(&o, exploring ? team_from(s->mover, seat) : -1, 2);
    tbi_obs_scalar(&o, s->spin / 6.0);
    tbi_obs_scalar(&o, s->moved);
    tbi_obs_scalar(&o, s->jumped);
    tbi_obs_onehot(&o, exploring && s->from != MYST_NONE ? s->from : -1,
                   MYST_SPACES);
    tbi_obs_scalar(&o, s->books == BOOKS_DEALT);
    tbi_obs_scalar(&o, s->flip);
    tbi_obs_scalar(&o, s->stall / 250.0);
    int cur = tbi_myst_current(s);
    tbi_obs_onehot(&o, cur >= 0 ? team_from(cur, seat) : -1, 2);
    tbi_obs_onehot(&o, s->phase, PH_OVER + 1);
    return o.at;
}

/* Action kind k (1-10) with argument x (a landmark 0-7, a space 0-95, or
 * 0) is 96 (k - 1) + x; 960 in all. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return KINDS * MYST_SPACES;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return (MYST_KIND(a) - 1) * MYST_SPACES + MYST_ARG(a);
}

const tb_game tbg_myst = {
    .id = "myst",
    .title = "MYST",
    .blurb = "two teams race to build the island's puzzle, then explore it "
             "to control its landmarks",
    .min_players = 2,
    .max_players = 2,
    .flags = TB_GAME_SIMULTANEOUS | TB_GAME_HIDDEN | TB_GAME_REALTIME,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(myst),
    .check_config = check_config,
    .init = init,
    .current = current,
    .chance = chance,
    .apply_chance = apply_chance,
    .legal = legal,
    .apply = apply,
    .result = result,
    .determinize = determinize,
    .action_text = tbi_myst_action_text,
    .parse_action = tbi_myst_parse_action,
    .render = tbi_myst_render,
    .view_json = tbi_myst_view_json,
    .standing = standing,
    .heuristic = tbi_myst_heuristic,
    .quick = tbi_myst_quick,
    /* A narrow root, and opponent models learned from play: see
     * docs/games/myst.md, "Search defaults". */
    .search_defaults = "rwiden=0.1,opp=on",
    .realtime_key = tbi_myst_realtime_key,
    .retract = retract,
    .describe = tbi_myst_describe,
    .describe_chance = tbi_myst_describe_chance,
    .policies = policies,
    .n_policies = (int)(sizeof policies / sizeof policies[0]),
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
