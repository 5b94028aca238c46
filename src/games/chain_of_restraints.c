/*
 * chain_of_restraints.c - Chain of Restraints (Nathan Morse, 2013), for 2-4
 * players with the Mystique Deck.  Everyone holds 5 cards; in turn each
 * plays one onto a shared playfield that may never grow beyond 4x4 cells,
 * though where that 4x4 window lies is fixed only as the cards spread:
 * atop any card, or on an empty cell orthogonally next to one.  The card
 * must share neither number, colour nor suit with the card played just
 * before (the restraint).  A player who has no such card shows her hand
 * and all hands pass one seat to the right until she can play; after a
 * whole round of passing she discards and draws new hands instead.  Then
 * she draws back to five.  Four top cards in a row (orthogonal or
 * diagonal) sharing one number, colour or suit win; a deck that runs out
 * is a draw.
 *
 * The playfield is held in a 7x7 frame with the first card on its centre
 * d4: any 4x4 window holding d4 lies inside it.  The hidden information is
 * the deck and the hands; a hand shown to the table, or seen by a seat it
 * passed through, stays known to those who saw it (known[][] and open[]),
 * and determinize keeps it.
 *
 * Actions: card << 6 | cell (cell 0-48, a7 = 0 ... g1 = 48), text "3Rc d4".
 */
#include "cards.h"
#include "dealt.h"
#include "grid.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <pthread.h>
#include <string.h>

#define MAX_P 4
#define HAND 5
#define SIDE 7               /* the frame the window floats in */
#define CELLS (SIDE * SIDE)
#define WINDOW 4             /* the playfield's extent, each way */
#define START (3 * SIDE + 3) /* d4, the first card's cell */
#define NONE 0xffu
#define ROW 4                /* cards in a winning row */
#define SEGMENTS 88          /* lines of 4 cells in the 7x7 frame */
#define THROUGH 16           /* most lines of 4 through one cell */

enum phase { PH_DEAL, PH_PLAY, PH_OVER };

/* What every game shares: the lines of four cells of the frame, the lines
 * through each cell, and each card's traits (tbi_mq_traits_of), as tables
 * that the rules and the bot read in their inner loops.  Built once, by
 * whichever thread comes first (pthread_once), and only read after. */
typedef struct geometry {
    uint8_t line[SEGMENTS][ROW];
    uint64_t line_cells[SEGMENTS];
    uint8_t through[CELLS][THROUGH], through_n[CELLS];
    uint64_t through_set[CELLS][2]; /* bit l: line l holds the cell */
    uint8_t place[CELLS][SEGMENTS]; /* the cell's place on line l */
    /* Each card's traits, and 0 at NONE (and every other byte), so that a
     * cell's top card reads as the traits it offers, an empty cell none. */
    uint16_t traits[256];
    /* The cards having a trait of a set, by the set's low six and high six
     * traits: tbi_mq_trait_cards as two lookups, with no loop over the
     * set's bits (whose count the branch predictor cannot guess). */
    uint64_t trait_lo[64], trait_hi[64];
} geometry;

static geometry geo;
static pthread_once_t geo_once = PTHREAD_ONCE_INIT;

static void build_geometry(void)
{
    tbi_segment seg[SEGMENTS];
    int n = tbi_sq_segments(SIDE, SIDE, ROW, ROW, -1, seg, SEGMENTS);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < ROW; k++) {
            int c = seg[i].cells[k];
            geo.line[i][k] = (uint8_t)c;
            geo.line_cells[i] |= 1ull << c;
            geo.through_set[c][i / 64] |= 1ull << (i % 64);
            geo.place[c][i] = (uint8_t)k;
            geo.through[c][geo.through_n[c]++] = (uint8_t)i;
        }
    for (int id = 0; id < TBI_MQ_CARDS; id++)
        geo.traits[id] = (uint16_t)tbi_mq_traits_of(id);
    for (unsigned m = 0; m < 64; m++) {
        geo.trait_lo[m] = tbi_mq_trait_cards(m);
        geo.trait_hi[m] = tbi_mq_trait_cards(m << 6);
    }
}

/* The tables, built if need be: every entry point that reads them calls
 * this first. */
static const geometry *frame(void)
{
    pthread_once(&geo_once, build_geometry);
    return &geo;
}

static unsigned traits(int card)
{
    return geo.traits[card];
}

/* tbi_mq_trait_cards(m) from the tables (m holds traits only). */
static uint64_t trait_cards(unsigned m)
{
    return geo.trait_lo[m & 63u] | geo.trait_hi[m >> 6 & 63u];
}

typedef struct restraints {
    uint8_t players, phase;
    uint8_t deck[TBI_MQ_CARDS]; /* the shuffled deck, top first */
    uint8_t deck_top;           /* deck[deck_top..60) are still to draw */
    uint8_t hand[MAX_P][HAND], hand_n[MAX_P]; /* ascending */
    /* known[o][h]: the cards of h's hand seat o has seen there (all of
     * its own hand; a hand shown to the table; a hand that passed through
     * o on its way to h).  open[h]: those shown to the whole table. */
    uint64_t known[MAX_P][MAX_P];
    uint64_t open[MAX_P];
    uint64_t occupied;          /* bit cell: the cells holding a card */
    uint8_t top[CELLS];         /* the top card of each cell, NONE if empty */
    uint8_t height[CELLS];
    uint8_t laid[TBI_MQ_CARDS], laid_cell[TBI_MQ_CARDS], laid_n; /* in order */
    uint8_t discard[TBI_MQ_CARDS], discard_n; /* hands thrown away */
    uint64_t gone;              /* bit card: the cards laid or discarded */
    tbi_box box;                /* the cells in use, (x, y) of the frame */
    uint8_t to_move;
    uint8_t last;               /* the card played last: the restraint */
    uint8_t last_seat;
    uint8_t winner;             /* NONE, or the seat that made a row */
    uint8_t row[ROW];           /* its cells */
    uint8_t drawn;              /* the deck ran out: a draw */
    uint8_t turn;               /* cards played so far */
    /* The last time a seat could not play: the seat (NONE: never), how
     * often the hands went round, and how many new hands it drew. */
    uint8_t stuck_seat, stuck_turn, passes, redraws;
} restraints;

/* ------------------------------------------------------------ cards */

static uint64_t bit(int card)
{
    return 1ull << card;
}

static uint64_t hand_mask(const restraints *s, int p)
{
    uint64_t m = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        m |= bit(s->hand[p][i]);
    return m;
}

/* Whether a card may follow the card played last: "The card you play must
 * match neither the number, the colour, nor the suit of the card the
 * previous player played."  The first card is free. */
static int free_of_restraint(const restraints *s, int card)
{
    return s->last == NONE ||
           (traits(card) & traits(s->last)) == 0;
}

static int can_play(const restraints *s, int p)
{
    for (int i = 0; i < s->hand_n[p]; i++)
        if (free_of_restraint(s, s->hand[p][i]))
            return 1;
    return 0;
}

/* ------------------------------------------------------------ the field */

static int cell_x(int cell)
{
    return cell % SIDE;
}

static int cell_y(int cell)
{
    return cell / SIDE;
}

/* Cell sets are bit sets (bit cell) of the 49 cells. */
#define ALL_CELLS ((1ull << CELLS) - 1)
#define COLUMN_A 0x0040810204081ull /* x = 0 on every row */
#define COLUMN_G (COLUMN_A << (SIDE - 1))

/* The cells orthogonally next to a set of cells. */
static uint64_t next_to(uint64_t set)
{
    return ((set << 1 & ~COLUMN_A) | (set >> 1 & ~COLUMN_G) | set << SIDE |
            set >> SIDE) & ALL_CELLS;
}

/* The cells of a rectangle of the frame: one row's run of cells, copied
 * onto each of its rows by one multiplication (the copies fall in
 * separate 7-bit rows, so nothing carries). */
static uint64_t rectangle(const tbi_box *b)
{
    int x0 = b->x0 < 0 ? 0 : b->x0, x1 = b->x1 > SIDE - 1 ? SIDE - 1 : b->x1;
    int y0 = b->y0 < 0 ? 0 : b->y0, y1 = b->y1 > SIDE - 1 ? SIDE - 1 : b->y1;
    if (x1 < x0 || y1 < y0)
        return 0;
    uint64_t run = ((1ull << (x1 - x0 + 1)) - 1) << x0;
    uint64_t rows = ((1ull << (SIDE * (y1 - y0 + 1))) - 1) /
                    ((1ull << SIDE) - 1);
    return run * rows << (SIDE * y0);
}

/* The cells a card may go on: "either atop another card, or to an empty
 * space orthogonally adjacent to something in play, but without causing
 * the playfield to become larger than 4x4".  A cell keeps the playfield
 * within 4x4 when it lies where some 4x4 window holding the cards in use
 * may still lie.  The first card goes on d4. */
static uint64_t open_cells(uint64_t occupied, const tbi_box *box)
{
    if (!occupied)
        return 1ull << START;
    tbi_box reach;
    tbi_box_reach(box, WINDOW, WINDOW, &reach);
    return (occupied | next_to(occupied)) & rectangle(&reach);
}

static int cell_open(const restraints *s, int cell)
{
    return (int)(open_cells(s->occupied, &s->box) >> cell & 1u);
}

/* The traits the top cards of a line of four share (0 when a cell is
 * empty or they share none). */
static unsigned line_traits(const uint8_t *top, const uint8_t *cells)
{
    unsigned m = TBI_MQ_ALL_TRAITS;
    for (int i = 0; i < ROW; i++) {
        if (top[cells[i]] == NONE)
            return 0;
        m &= traits(top[cells[i]]);
    }
    return m;
}

/* Where a cell comes when a row is told: by column, then from the bottom. */
static int row_order(int cell)
{
    return cell_x(cell) * SIDE + SIDE - 1 - cell_y(cell);
}

/* Whether the card just put on cell completes four in a row of one trait:
 * "place a card such that it creates 4-in-a-row of a single attribute type
 * ... either orthogonal or diagonal".  Only lines through that cell
 * changed.  The row's cells go to s->row. */
static int completes_row(restraints *s, int cell)
{
    const geometry *g = frame();
    for (int i = 0; i < g->through_n[cell]; i++) {
        int l = g->through[cell][i];
        if (g->line_cells[l] & ~s->occupied)
            continue; /* a cell of the line is empty */
        const uint8_t *line = g->line[l];
        if (line_traits(s->top, line)) {
            /* Told from left to right, a column from the bottom up. */
            for (int k = 0; k < ROW; k++) {
                int c = line[k], j = k;
                for (; j > 0 && row_order(s->row[j - 1]) > row_order(c); j--)
                    s->row[j] = s->row[j - 1];
                s->row[j] = (uint8_t)c;
            }
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ telling */

static void say_card(tb_text *t, int card)
{
    char name[8];
    tbi_mq_short_name(card, 0, name, sizeof name);
    tb_text_puts(t, name);
}

static void say_cell(tb_text *t, int cell)
{
    char name[8];
    tbi_sq_cell_name(SIDE, SIDE, cell, name, sizeof name);
    tb_text_puts(t, name);
}

/* The cards of a set, ascending, each after a space. */
static void say_set(tb_text *t, uint64_t set)
{
    for (uint64_t m = set; m; m &= m - 1) {
        tb_text_puts(t, " ");
        say_card(t, __builtin_ctzll(m));
    }
}

/* "no fives, blues or suns": what the card played last forbids. */
static void say_restraint(tb_text *t, int card)
{
    int k = 0;
    for (unsigned m = tbi_mq_traits_of(card); m; m &= m - 1, k++)
        tb_text_printf(t, "%s%s", k == 0 ? "no " : k == 1 ? ", " : " or ",
                       tbi_mq_trait_word(__builtin_ctz(m)));
}

/* ------------------------------------------------------------ set-up */

static void init(void *vs, const tb_config *cfg)
{
    restraints *s = vs;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    memset(s->top, NONE, sizeof s->top);
    tbi_box_clear(&s->box);
    s->last = s->last_seat = s->winner = s->stuck_seat = NONE;
    s->phase = PH_DEAL;
}

static int current(const void *vs)
{
    const restraints *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_PLAY: return s->to_move;
    default: return TB_TERMINAL;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    c->what = "deck";
    tbi_mq_chance_deck(c, 1);
}

/* "Shuffle the deck, and deal 5 cards to each player": one card at a time
 * round the table, seat 0 first; seat 0 plays first. */
static void apply_chance(void *vs, const uint16_t *outcome)
{
    restraints *s = vs;
    for (int i = 0; i < TBI_MQ_CARDS; i++)
        s->deck[i] = (uint8_t)outcome[i];
    for (int k = 0; k < HAND * s->players; k++) {
        int p = k % s->players;
        s->hand[p][s->hand_n[p]++] = s->deck[s->deck_top++];
    }
    for (int p = 0; p < s->players; p++) {
        tbi_sort_u8(s->hand[p], s->hand_n[p]);
        s->known[p][p] = hand_mask(s, p);
    }
    s->phase = PH_PLAY;
}

/* ------------------------------------------------------------ play */

static int legal(const void *vs, tb_action *out)
{
    const restraints *s = vs;
    (void)frame();
    int p = s->to_move, n = 0;
    uint64_t cells = open_cells(s->occupied, &s->box);
    for (int i = 0; i < s->hand_n[p]; i++) {
        int card = s->hand[p][i];
        if (!free_of_restraint(s, card))
            continue;
        for (uint64_t m = cells; m; m &= m - 1)
            out[n++] = (tb_action)(card << 6 | __builtin_ctzll(m));
    }
    return n;
}

/* Seat p draws the top card of the deck, which must not be empty. */
static void draw_card(restraints *s, int p)
{
    int card = s->deck[s->deck_top++];
    tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], (uint8_t)card);
    s->known[p][p] |= bit(card);
}

/* The deck has run out: "which ends the game in a draw". */
static void deck_out(restraints *s, tb_text *say)
{
    s->drawn = 1;
    s->phase = PH_OVER;
    if (say)
        tb_text_puts(say, "the deck has run out: the game ends in a draw\n");
}

/* Seat p shows its hand to the table. */
static void show_hand(restraints *s, int p, tb_text *say)
{
    uint64_t h = hand_mask(s, p);
    s->open[p] = h;
    for (int o = 0; o < s->players; o++)
        s->known[o][p] = h;
    if (say) {
        tb_text_printf(say, "seat %d shows its hand:", p);
        say_set(say, h);
        tb_text_puts(say, "\n");
    }
}

/* "All players pass their hands one player to the right": play goes
 * clockwise, so the player on a seat's right is the one before it, and
 * seat p receives the hand of seat p + 1.  What anyone knew of a hand
 * goes with it, and each seat now sees the hand it holds. */
static void pass_hands(restraints *s, tb_text *say, int observer)
{
    int n = s->players;
    uint8_t hand[MAX_P][HAND], hand_n[MAX_P];
    uint64_t known[MAX_P][MAX_P], open[MAX_P];
    memcpy(hand, s->hand, sizeof hand);
    memcpy(hand_n, s->hand_n, sizeof hand_n);
    memcpy(known, s->known, sizeof known);
    memcpy(open, s->open, sizeof open);
    for (int p = 0; p < n; p++) {
        int from = (p + 1) % n;
        memcpy(s->hand[p], hand[from], sizeof s->hand[p]);
        s->hand_n[p] = hand_n[from];
        s->open[p] = open[from];
        for (int o = 0; o < n; o++)
            s->known[o][p] = known[o][from];
    }
    for (int p = 0; p < n; p++)
        s->known[p][p] = hand_mask(s, p);
    s->passes++;
    if (!say)
        return;
    tb_text_puts(say, "every seat passes its hand one seat to the right\n");
    if (observer >= 0 && observer < n) {
        tb_text_printf(say, "seat %d (you) now holds seat %d's hand:",
                       observer, (observer + 1) % n);
        say_set(say, hand_mask(s, observer));
        tb_text_puts(say, "\n");
    }
}

/* Seat p throws its hand away (face up) and draws a new one; returns 0
 * when the deck runs out first. */
static int new_hand(restraints *s, int p, tb_text *say, int observer)
{
    if (say) {
        tb_text_printf(say, "seat %d discards its hand and draws a new one",
                       p);
    }
    for (int i = 0; i < s->hand_n[p]; i++) {
        s->gone |= bit(s->hand[p][i]);
        s->discard[s->discard_n++] = s->hand[p][i];
    }
    s->hand_n[p] = 0;
    s->open[p] = 0;
    for (int o = 0; o < s->players; o++)
        s->known[o][p] = 0;
    s->redraws++;
    for (int k = 0; k < HAND; k++) {
        if (s->deck_top == TBI_MQ_CARDS) {
            if (say)
                tb_text_puts(say, "\n");
            deck_out(s, say);
            return 0;
        }
        draw_card(s, p);
    }
    if (say) {
        if (observer == p) {
            tb_text_puts(say, ":");
            say_set(say, hand_mask(s, p));
        }
        tb_text_printf(say, " (%d left in the deck)\n",
                       TBI_MQ_CARDS - s->deck_top);
    }
    return 1;
}

/* The start of seat q's turn.  "If you have no such cards, reveal your
 * hand, and all players pass their hands one player to the right until
 * you can play.  If, after rotating through all the players, it still is
 * not possible to play, discard your hand, and draw a new hand until you
 * can play."  Each hand seat q holds and cannot play from is shown, so
 * the table can check it; a whole round of passing brings every hand home
 * again, all of them shown. */
static void start_turn(restraints *s, tb_text *say, int observer)
{
    int q = s->to_move;
    if (can_play(s, q))
        return;
    s->stuck_seat = (uint8_t)q;
    s->stuck_turn = s->turn;
    s->passes = 0;
    s->redraws = 0;
    if (say) {
        tb_text_printf(say, "seat %d has no card free of ", q);
        say_card(say, s->last);
        tb_text_puts(say, " (");
        say_restraint(say, s->last);
        tb_text_puts(say, ")\n");
    }
    for (;;) {
        show_hand(s, q, say);
        pass_hands(s, say, observer);
        if (s->passes == s->players)
            break;
        if (can_play(s, q)) {
            if (say)
                tb_text_printf(say, "seat %d can play from seat %d's hand\n",
                               q, (q + s->passes) % s->players);
            return;
        }
        if (say)
            tb_text_printf(say, "seat %d still cannot play\n", q);
    }
    if (say)
        tb_text_printf(say, "the hands have gone all the way round and seat "
                       "%d still cannot play\n", q);
    for (;;) {
        if (!new_hand(s, q, say, observer))
            return;
        if (can_play(s, q))
            return;
        if (say)
            tb_text_printf(say, "seat %d cannot play from its new hand either\n",
                           q);
        show_hand(s, q, say);
    }
}

/* The whole of a move: seat p plays a card to a cell, wins with a row or
 * draws back to five (a draw game when the deck is empty), and the next
 * seat's turn begins.  With say set, what observer sees of it is told
 * there (describe); apply passes NULL. */
static void play(restraints *s, tb_action a, tb_text *say, int observer)
{
    (void)frame();
    int p = s->to_move, card = (int)(a >> 6), cell = (int)(a & 63);
    int under = s->top[cell];
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)card);
    for (int o = 0; o < s->players; o++)
        s->known[o][p] &= ~bit(card);
    s->open[p] &= ~bit(card);
    s->top[cell] = (uint8_t)card;
    s->occupied |= 1ull << cell;
    s->height[cell]++;
    s->gone |= bit(card);
    s->laid[s->laid_n] = (uint8_t)card;
    s->laid_cell[s->laid_n++] = (uint8_t)cell;
    tbi_box_add(&s->box, cell_x(cell), cell_y(cell));
    s->last = (uint8_t)card;
    s->last_seat = (uint8_t)p;
    s->turn++;
    if (say) {
        tb_text_printf(say, "seat %d plays ", p);
        say_card(say, card);
        tb_text_puts(say, under == NONE ? " at " : " on ");
        if (under != NONE) {
            say_card(say, under);
            tb_text_puts(say, " at ");
        }
        say_cell(say, cell);
        tb_text_puts(say, "\n");
    }
    if (completes_row(s, cell)) {
        s->winner = (uint8_t)p;
        s->phase = PH_OVER;
        if (say) {
            unsigned m = line_traits(s->top, s->row);
            tb_text_printf(say, "seat %d completes four %s in a row (", p,
                           tbi_mq_trait_word(__builtin_ctz(m)));
            for (int k = 0; k < ROW; k++) {
                if (k)
                    tb_text_puts(say, " ");
                say_cell(say, s->row[k]);
            }
            tb_text_printf(say, ") and wins\n");
        }
        return;
    }
    /* "At the end of your turn, draw a card to return your hand size to
     * five cards." */
    while (s->hand_n[p] < HAND) {
        if (s->deck_top == TBI_MQ_CARDS) {
            deck_out(s, say);
            return;
        }
        draw_card(s, p);
        if (say) {
            tb_text_printf(say, "seat %d draws ", p);
            if (observer == p)
                say_card(say, s->deck[s->deck_top - 1]);
            else
                tb_text_puts(say, "a card");
            tb_text_printf(say, " (%d left in the deck)\n",
                           TBI_MQ_CARDS - s->deck_top);
        }
    }
    s->to_move = (uint8_t)((p + 1) % s->players);
    start_turn(s, say, observer);
}

static void apply(void *vs, tb_action a)
{
    play(vs, a, NULL, TB_SPECTATOR);
}

static void result(const void *vs, tb_result *out)
{
    const restraints *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = p == s->winner;
    /* A draw: nobody won ("Play again to determine a winner" is a new
     * game); every seat at rank 1. */
    tbi_rank_by_score(out, 1);
    if (s->drawn)
        tbi_draw_result(out);
}

static int standing(const void *vs, double *scores)
{
    const restraints *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = p == s->winner;
    return s->turn;
}

/* ------------------------------------------------------------ hidden */

/* The seat to move is known to hold a card free of the restraint (a seat
 * that has none passes hands or draws anew before its turn goes on): when
 * its known cards include none, the shuffled pool is made to give its
 * unknown places at least one (tbi_pool_require, uniform among such
 * deals).  Its unknown places are taken from the pool after those of the
 * seats before it. */
static void keep_mover_able(const restraints *s, int seat,
                            const uint64_t *keep, tbi_pool *pool, tb_rng *rng)
{
    int q = s->to_move, off = 0;
    if (q == seat || s->last == NONE)
        return;
    for (uint64_t m = keep[q]; m; m &= m - 1)
        if (free_of_restraint(s, __builtin_ctzll(m)))
            return;
    for (int h = 0; h < q; h++)
        if (h != seat)
            off += s->hand_n[h] - __builtin_popcountll(keep[h]);
    tbi_set128 good = {{0, 0}};
    for (int c = 0; c < TBI_MQ_CARDS; c++)
        if (free_of_restraint(s, c))
            tbi_set_add(&good, (unsigned)c);
    tbi_pool_require(pool, off, s->hand_n[q] - __builtin_popcountll(keep[q]),
                     &good, 1, rng);
}

/* Resamples what seat has not seen: the deck's order and the cards of the
 * other hands it does not know.  Known cards stay where they are (a hand
 * shown to the table, or one that passed through seat); the rest are
 * pooled with the deck and dealt back in the same numbers.  What the
 * other seats know of the hands is cut down to what seat knows they know:
 * of a hand whose cards seat knows, the others who saw it knew the same
 * cards; the rest of their knowledge was of cards just resampled. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    restraints *s = vs;
    (void)frame();
    if (s->phase != PH_PLAY)
        return;
    int n = s->players;
    uint64_t keep[MAX_P];
    tbi_pool pool;
    tbi_pool_init(&pool);
    for (int h = 0; h < n; h++) {
        if (h == seat)
            continue;
        keep[h] = seat >= 0 ? s->known[seat][h] : s->open[h];
        for (int i = 0; i < s->hand_n[h]; i++)
            if (!(keep[h] & bit(s->hand[h][i])))
                tbi_pool_add(&pool, s->hand[h][i]);
    }
    tbi_pool_add_run(&pool, s->deck + s->deck_top, TBI_MQ_CARDS - s->deck_top);
    tbi_pool_shuffle(&pool, rng);
    keep_mover_able(s, seat, keep, &pool, rng);
    for (int h = 0; h < n; h++) {
        if (h == seat)
            continue;
        int k = 0;
        for (uint64_t m = keep[h]; m; m &= m - 1)
            s->hand[h][k++] = (uint8_t)__builtin_ctzll(m);
        tbi_pool_take_run(&pool, s->hand[h] + k, s->hand_n[h] - k);
        memset(s->hand[h] + s->hand_n[h], 0, (size_t)(HAND - s->hand_n[h]));
        tbi_sort_u8(s->hand[h], s->hand_n[h]);
    }
    tbi_pool_take_run(&pool, s->deck + s->deck_top, TBI_MQ_CARDS - s->deck_top);
    /* The cards already dealt or drawn keep their first places in the deck
     * in the order they came, which nobody saw (hands are sorted): that
     * order is forgotten, so it cannot tell two deals apart. */
    memset(s->deck, 0, s->deck_top);
    for (int o = 0; o < n; o++) {
        if (o == seat)
            continue;
        for (int h = 0; h < n; h++)
            if (h != seat)
                s->known[o][h] &= keep[h];
        s->known[o][o] = hand_mask(s, o);
    }
}

/* ------------------------------------------------------------ the bot */

/* What seat knows of the cards: everything but the deck and the cards of
 * other hands it has not seen. */
static uint64_t unseen_by(const restraints *s, int seat)
{
    uint64_t seen = s->gone;
    for (int h = 0; h < s->players; h++)
        seen |= s->known[seat][h];
    return ~seen & ((1ull << TBI_MQ_CARDS) - 1);
}

/* A line of four cells as the bot sees it on the field before its move:
 * its cells, its empty cell when just one is (0 when none is), and the
 * cards that would complete it there (for a full line, on any of its
 * cells). */
typedef struct line_view {
    uint64_t cells, hole;
    uint64_t makers;
} line_view;

/* The traits of a line's four cells packed 16 bits each, cell k in bits
 * 16k to 16k + 15: words that the bot works on whole, in registers (four
 * small arrays written and read back made the processor wait on its
 * store buffer). */
static unsigned field16(uint64_t w, int k)
{
    return (unsigned)(w >> (16 * k)) & 0xffffu;
}

/* From the traits t each cell of a line offers (packed, none for an empty
 * cell), what the three top cards but the k-th share, for each k: each
 * field ANDed with its pair's other field, then with the other pair's
 * common part. */
static uint64_t others_share(uint64_t t)
{
    uint64_t swapped = (t >> 16 & 0x0000ffff0000ffffull) |
                       (t << 16 & 0xffff0000ffff0000ull);
    uint64_t pairs = t & swapped;
    return swapped & (pairs >> 32 | pairs << 32);
}

/* What the bot reads of every line of the field, as it stands: how many
 * of its cells are empty and, where that is at most two (a play can leave
 * it one short of a row at most), the traits its four top cards offer,
 * 16 bits each (none for an empty cell). */
typedef struct field_lines {
    uint64_t offer[SEGMENTS];
    /* near[h][w]: bit l of word w set when line 64w + l has at most h + 1
     * holes (a play there leaves it one short of a row at most: h = 0 for
     * a play atop a card, 1 for one on an empty cell). */
    uint64_t near[2][2];
} field_lines;

/* Fills in f, and writes the lines of the field that some card could
 * complete (one hole or none): at a line's hole, the cards having a trait
 * the other three top cards share; on a full line, those completing it at
 * any of its cells (a union of tbi_mq_trait_cards is that of the union of
 * their traits).  Returns how many lines it wrote. */
static int survey(const uint8_t *top, uint64_t occupied, field_lines *f,
                  line_view *out)
{
    int n = 0;
    /* Only a line holding two cards or more can be at most two short of
     * a row: those are the lines through two of the cards' cells, gathered
     * from the cells' line sets (some 16 cells, against 88 lines). */
    uint64_t once[2] = {0, 0}, twice[2] = {0, 0};
    for (uint64_t m = occupied; m; m &= m - 1) {
        const uint64_t *through = geo.through_set[__builtin_ctzll(m)];
        for (int w = 0; w < 2; w++) {
            twice[w] |= once[w] & through[w];
            once[w] |= through[w];
        }
    }
    for (int w = 0; w < 2; w++) {
        uint64_t near0 = 0, near1 = 0;
        for (uint64_t m = twice[w]; m; m &= m - 1) {
            int i = 64 * w + __builtin_ctzll(m);
            uint64_t empty = geo.line_cells[i] & ~occupied;
            int holes = __builtin_popcountll(empty);
            near0 |= (uint64_t)(holes <= 1) << (i % 64);
            near1 |= m & -m;
            const uint8_t *c = geo.line[i];
            uint64_t t = (uint64_t)geo.traits[top[c[0]]] |
                         (uint64_t)geo.traits[top[c[1]]] << 16 |
                         (uint64_t)geo.traits[top[c[2]]] << 32 |
                         (uint64_t)geo.traits[top[c[3]]] << 48;
            f->offer[i] = t;
            if (holes > 1)
                continue;
            uint64_t others = others_share(t);
            unsigned need = 0;
            for (int k = 0; k < ROW; k++)
                if (!empty || empty == 1ull << c[k])
                    need |= field16(others, k);
            if (!need)
                continue;
            line_view *l = &out[n++];
            l->cells = geo.line_cells[i];
            l->hole = empty;
            l->makers = trait_cards(need);
        }
        f->near[0][w] = near0;
        f->near[1][w] = near1;
    }
    return n;
}

/* What the heuristic needs to know of a play on one cell, whatever the
 * card (worked out once per cell, not once per card and cell):
 *   row:  the traits that complete a full line through the cell, that is
 *         the traits the other three top cards share, over every such line
 *         (the card makes a row when it has one of them);
 *   base: the cards that would complete a row next whatever card goes
 *         there: those of the lines elsewhere as they stand, where their
 *         hole is then open, and those of the lines through the cell at the
 *         cell itself;
 *   with: the traits which, where the card shares them, make further cards
 *         complete a line through the cell at another of its cells: there
 *         the makers are the cards having a trait the other three share,
 *         the card among them.
 * The makers after a card c are then base and the cards with a trait of
 * traits(c) & with, because a union of tbi_mq_trait_cards is that of the
 * union of their traits. */
typedef struct cell_view {
    unsigned row, with;
    uint64_t base;
} cell_view;

static void view_cell(const restraints *s, const field_lines *f,
                      const line_view *lines, int nlines, int cell,
                      uint64_t open, cell_view *v)
{
    uint64_t at = 1ull << cell;
    v->row = v->with = 0;
    v->base = 0;
    for (int i = 0; i < nlines; i++) {
        const line_view *l = &lines[i];
        /* A line elsewhere counts where it is full or its hole is open
         * (taken with no jump on the answer). */
        uint64_t counts = !(l->cells & at) & ((open & l->hole) == l->hole);
        v->base |= l->makers & (0ull - counts);
    }
    uint64_t occupied = s->occupied | at;
    unsigned base_traits = 0;
    /* A line through the cell is one short of a row at most, after the
     * play, when it has at most one hole besides the cell. */
    const uint64_t *near = f->near[!(s->occupied & at)];
    for (int w = 0; w < 2; w++) {
        for (uint64_t m = geo.through_set[cell][w] & near[w]; m; m &= m - 1) {
            int l = 64 * w + __builtin_ctzll(m), kc = geo.place[cell][l];
            uint64_t empty = geo.line_cells[l] & ~occupied;
            /* The card's own place stands for every trait: ANDed in, it
             * leaves what the card must share. */
            uint64_t others = others_share(
                f->offer[l] | (uint64_t)TBI_MQ_ALL_TRAITS << (16 * kc));
            if (empty) {
                /* The hole is where the next card would complete it. */
                if (open & empty)
                    v->with |= field16(
                        others, geo.place[__builtin_ctzll(empty)][l]);
                continue;
            }
            /* A full line: every cell of it holds a card after the play,
             * and every card lies in the box, so within the window's
             * reach: all four are open, no test needed.  At the cell
             * itself a further card completes it with what the other
             * three share; at the others, with what the card shares with
             * the two left. */
            unsigned at_cell = field16(others, kc);
            v->row |= at_cell;
            base_traits |= at_cell;
            uint64_t rest = others & ~(0xffffull << (16 * kc));
            rest |= rest >> 32;
            v->with |= (unsigned)(rest | rest >> 16) & 0xffffu;
        }
    }
    v->base |= trait_cards(base_traits);
}

/* Whether card on cell completes a row. */
static int makes_row(const restraints *s, int card, int cell)
{
    uint64_t occupied = s->occupied | 1ull << cell;
    unsigned have = traits(card);
    for (int i = 0; i < geo.through_n[cell]; i++) {
        int l = geo.through[cell][i];
        if (geo.line_cells[l] & ~occupied)
            continue;
        unsigned m = have;
        for (int k = 0; k < ROW; k++)
            if (geo.line[l][k] != cell)
                m &= traits(s->top[geo.line[l][k]]);
        if (m)
            return 1;
    }
    return 0;
}

/* A decent player.  It completes a row when it can.  Otherwise it weighs
 * each play by the danger that the next seat then completes one: the next
 * seat may play no card sharing a trait with ours, so a card that shares
 * the trait of an open line shuts it for a turn.  The danger is 1 when the
 * next seat is known to hold a card that makes a row, else the chance that
 * its unseen cards hold one (the hypergeometric "none drawn").  Among the
 * safest plays it prefers those leaving rows it can itself complete with
 * the cards it keeps (threats the next seat must answer), then chance.  It
 * reads only what its seat knows. */
/* (Named apart from other games' heuristics: clang emits a clone resolver
 * under the function's own name, global, so two alike would clash.) */
TBI_POPCNT_CLONES_FLAT
static tb_action restraints_heuristic(const void *vs, int seat, tb_rng *rng)
{
    const restraints *s = vs;
    line_view lines[SEGMENTS];
    field_lines f;
    (void)frame();
    int nlines = survey(s->top, s->occupied, &f, lines);
    int next = (seat + 1) % s->players;
    uint64_t unseen = unseen_by(s, seat), mine = hand_mask(s, seat);
    uint64_t certain = s->known[seat][next];
    int unknown = s->hand_n[next] - __builtin_popcountll(certain);
    int pool = __builtin_popcountll(unseen);
    /* cost[k]: the score's danger part, -10 times the chance that the next
     * seat holds one of k unseen cards (1 when it is known to hold one,
     * cost[TBI_MQ_CARDS + 1]); worked out at a count's first use, so that
     * a card costs a lookup (1.0 marks a count not worked out yet: a cost
     * is never above 0). */
    double cost[TBI_MQ_CARDS + 2];
    for (int k = 0; k <= pool; k++)
        cost[k] = 1.0;
    cost[TBI_MQ_CARDS + 1] = -10.0 * 1.0;
    /* The hand's cards free of the restraint, with their traits and the
     * cards sharing one: the same for every cell. */
    int free_n = 0, card_of[HAND];
    unsigned has[HAND];
    uint64_t unlike[HAND], kept[HAND];
    for (int i = 0; i < s->hand_n[seat]; i++) {
        int card = s->hand[seat][i];
        if (!free_of_restraint(s, card))
            continue;
        card_of[free_n] = card;
        has[free_n] = traits(card);
        unlike[free_n] = ~trait_cards(traits(card));
        kept[free_n++] = mine & ~bit(card);
    }
    double best = -1e9;
    tb_action pick = 0;
    int ties = 0;
    /* The cells open after a play on cell (open_cells of the field with
     * it): those next to a card or the cell, within the window's reach,
     * which changes only when the play widens the cards' box. */
    uint64_t near = s->occupied | next_to(s->occupied);
    tbi_box reach;
    tbi_box_reach(&s->box, WINDOW, WINDOW, &reach);
    uint64_t within = rectangle(&reach);
    for (uint64_t cells = open_cells(s->occupied, &s->box); cells;
         cells &= cells - 1) {
        int cell = __builtin_ctzll(cells);
        tbi_box box = s->box;
        tbi_box_add(&box, cell_x(cell), cell_y(cell));
        uint64_t room = within;
        if (memcmp(&box, &s->box, sizeof box)) {
            tbi_box_reach(&box, WINDOW, WINDOW, &reach);
            room = rectangle(&reach);
        }
        uint64_t open = (near | next_to(1ull << cell)) & room;
        cell_view v;
        view_cell(s, &f, lines, nlines, cell, open, &v);
        for (int i = 0; i < free_n; i++) {
            int card = card_of[i];
            tb_action a = (tb_action)(card << 6 | cell);
            if (has[i] & v.row)
                return a; /* it completes a row */
            unsigned shared = has[i] & v.with;
            uint64_t makers =
                v.base | trait_cards(shared);
            uint64_t theirs = makers & unlike[i];
            /* The chance depends on the count alone.  Whether the next
             * seat surely holds one picks the last entry, by masks rather
             * than a jump (which the predictor guessed badly). */
            int k = __builtin_popcountll(theirs & unseen);
            int sure = -(int)((theirs & certain) != 0);
            k ^= (k ^ (TBI_MQ_CARDS + 1)) & sure;
            if (cost[k] > 0.5)
                cost[k] = -10.0 * (1.0 - tbi_chance_none_among(k, pool,
                                                               unknown));
            int threats = __builtin_popcountll(makers & kept[i]);
            double score = cost[k] + (threats > 2 ? 2 : threats);
            if (score > best + 1e-9) {
                best = score;
                pick = a;
                ties = 1;
            } else if (score > best - 1e-9 &&
                       tb_rng_below(rng, (uint32_t)++ties) == 0) {
                pick = a;
            }
        }
    }
    return pick;
}

/* A simple policy for opponent pools: completes a row when it can, and
 * otherwise plays a random free card on a random open cell, blind to what
 * it leaves the next seat. */
static tb_action opportunist(const void *vs, int seat, tb_rng *rng)
{
    const restraints *s = vs;
    tb_action acts[TB_MAX_ACTIONS];
    int n = legal(s, acts);
    for (int i = 0; i < n; i++)
        if (makes_row(s, (int)(acts[i] >> 6), (int)(acts[i] & 63)))
            return acts[i];
    (void)seat;
    return acts[tb_rng_below(rng, (uint32_t)n)];
}

static const tb_policy policies[] = {
    {"opportunist", "complete a row when possible, else a random move",
     opportunist},
};

/* ------------------------------------------------------------ text */

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    char card[8], cell[8];
    tbi_mq_short_name((int)(a >> 6), 0, card, sizeof card);
    tbi_sq_cell_name(SIDE, SIDE, (int)(a & 63), cell, sizeof cell);
    snprintf(buf, cap, "%s %s", card, cell);
}

/* Says why card cannot go on cell now, or nothing when it can (a message
 * written for a legal move would have tb_parse_action refuse it). */
static void explain(const restraints *s, int card, int cell, char *err,
                    size_t cap)
{
    (void)frame();
    char name[8], where[8], last[8];
    tbi_mq_short_name(card, 0, name, sizeof name);
    tbi_sq_cell_name(SIDE, SIDE, cell, where, sizeof where);
    if (!tbi_hand_has(s->hand[s->to_move], s->hand_n[s->to_move],
                      (uint8_t)card)) {
        tbi_errf(err, cap, "%s is not in your hand", name);
    } else if (!free_of_restraint(s, card)) {
        tb_text t;
        tbi_mq_short_name(s->last, 0, last, sizeof last);
        tb_text_init(&t, err, cap);
        tb_text_printf(&t, "%s shares a number, colour or suit with %s, "
                       "played last: ", name, last);
        say_restraint(&t, s->last);
    } else if (tbi_box_empty(&s->box)) {
        if (cell != START)
            tbi_errf(err, cap, "the first card goes on d4, the middle of "
                     "the frame: type %s d4", name);
    } else if (s->top[cell] == NONE && !(next_to(s->occupied) >> cell & 1u)) {
        tbi_errf(err, cap, "%s is empty and touches no card orthogonally",
                 where);
    } else if (!cell_open(s, cell)) {
        tbi_errf(err, cap, "a card on %s would stretch the playfield past "
                 "4x4", where);
    }
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const restraints *s = vs;
    int card, cell;
    const char *end = tbi_mq_parse(tbi_skip_space(text), 0, &card);
    if (!end) {
        tbi_errf(err, cap, "type a card from your hand and a cell, e.g. 3Rc "
                 "d4 (number, colour Y/R/B, suit m/s/a/c; column a-g, row "
                 "1-7)");
        return TB_EPARSE;
    }
    end = tbi_skip_space(end);
    if (*end == '@')
        end = tbi_skip_space(end + 1);
    if (*end == '\0' && tbi_box_empty(&s->box)) {
        cell = START; /* the first card has one place */
    } else {
        const char *after = tbi_sq_read_cell(end, SIDE, SIDE, &cell);
        if (!after) {
            tbi_errf(err, cap, "after the card, type the cell: a column a-g "
                     "and a row 1-7, e.g. d4");
            return TB_EPARSE;
        }
        if (*tbi_skip_space(after)) {
            /* The card and the cell were read: say what is left over
             * rather than asking again for the cell. */
            tbi_errf(err, cap, "'%s' is more than a move: type just the "
                     "card and the cell, e.g. %.*s", tbi_skip_space(after),
                     (int)(after - tbi_skip_space(text)),
                     tbi_skip_space(text));
            return TB_EPARSE;
        }
        if (cell < 0) {
            tbi_errf(err, cap, "the playfield lies within a1 to g7 (the "
                     "first card is on d4)");
            return TB_EPARSE;
        }
    }
    *out = (tb_action)(card << 6 | cell);
    explain(s, card, cell, err, cap);
    return TB_OK;
}

/* ------------------------------------------------------------ views */

/* The cells drawn: the cells in use and, on each side where the window may
 * still grow, one more row or column. */
static tbi_box drawn_area(const restraints *s)
{
    tbi_box b = s->box, area = b;
    if (tbi_box_empty(&b)) {
        area.x0 = area.x1 = area.y0 = area.y1 = 3;
        return area;
    }
    if (b.x1 - b.x0 < WINDOW - 1) {
        area.x0 = (int8_t)(b.x0 - 1);
        area.x1 = (int8_t)(b.x1 + 1);
    }
    if (b.y1 - b.y0 < WINDOW - 1) {
        area.y0 = (int8_t)(b.y0 - 1);
        area.y1 = (int8_t)(b.y1 + 1);
    }
    return area;
}

static void render_columns(tb_text *t, const tbi_box *area)
{
    tb_text_puts(t, "      ");
    for (int x = area->x0; x <= area->x1; x++)
        tb_text_printf(t, "  %c      ", 'a' + x);
    tb_text_puts(t, "\n");
}

/* One cell, nine columns wide: the top card, ":n" for a stack of n,
 * "*" for the card played last; "." for an empty cell a card may go on. */
static void render_cell(const restraints *s, tb_text *t, int cell,
                        unsigned style, uint64_t open)
{
    int card = s->top[cell], width = 0;
    if (card == NONE) {
        tb_text_puts(t, open >> cell & 1u ? "  .      " : "         ");
        return;
    }
    tb_text_puts(t, " ");
    tbi_mq_render(t, card, 0, style);
    width = 4 + ((style & TB_STYLE_UNICODE) != 0);
    if (s->height[cell] > 1) {
        tb_text_printf(t, ":%d", s->height[cell]);
        width += 2;
    }
    if (s->laid_n && s->laid_cell[s->laid_n - 1] == cell) {
        tb_text_puts(t, "*");
        width++;
    }
    for (; width < 9; width++)
        tb_text_puts(t, " ");
}

/* How far the cards spread along one side of the window: "columns c-f
 * (fixed)" once they span four, else "3 of 4 columns in use". */
static void render_span(tb_text *t, const char *what, const char *from,
                        const char *to, int used)
{
    if (used == WINDOW)
        tb_text_printf(t, "%s %s-%s (fixed)", what, from, to);
    else
        tb_text_printf(t, "%d of 4 %s in use", used, what);
}

/* The window line: each side fixed or still floating. */
static void render_window(const restraints *s, tb_text *t)
{
    char from[8], to[8];
    const tbi_box *b = &s->box;
    snprintf(from, sizeof from, "%c", 'a' + b->x0);
    snprintf(to, sizeof to, "%c", 'a' + b->x1);
    tb_text_puts(t, "  window: ");
    render_span(t, "columns", from, to, b->x1 - b->x0 + 1);
    snprintf(from, sizeof from, "%d", SIDE - b->y1);
    snprintf(to, sizeof to, "%d", SIDE - b->y0);
    tb_text_puts(t, ", ");
    render_span(t, "rows", from, to, b->y1 - b->y0 + 1);
    tb_text_puts(t, "\n  . a cell you may play on   * played last   "
                    ":n cards in the stack\n");
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const restraints *s = vs;
    (void)frame();
    tb_text_printf(t, "%sChain of Restraints%s  turn %d, %d cards in the deck\n",
                   tbi_color(style, TBI_BOLD), tbi_color(style, TBI_RESET),
                   s->turn + 1, TBI_MQ_CARDS - s->deck_top);
    if (s->phase == PH_DEAL) {
        tb_text_puts(t, "  to be dealt\n");
        return;
    }
    tbi_box area = drawn_area(s);
    uint64_t open = s->phase == PH_PLAY ? open_cells(s->occupied, &s->box) : 0;
    render_columns(t, &area);
    for (int y = area.y0; y <= area.y1; y++) {
        tb_text_printf(t, "  %d   ", SIDE - y);
        for (int x = area.x0; x <= area.x1; x++)
            render_cell(s, t, y * SIDE + x, style, open);
        tb_text_printf(t, "%d\n", SIDE - y);
    }
    render_columns(t, &area);
    if (tbi_box_empty(&s->box)) {
        tb_text_puts(t, "  the first card goes on d4; the 4x4 window is "
                        "set as the cards spread\n");
    } else {
        render_window(s, t);
    }
    if (s->last != NONE) {
        tb_text_printf(t, "  restraint: seat %d played ", s->last_seat);
        tbi_mq_render(t, s->last, 0, style);
        tb_text_puts(t, " last, so ");
        tb_text_puts(t, s->phase == PH_PLAY ? "the next card has " : "");
        say_restraint(t, s->last);
        tb_text_puts(t, "\n");
    }
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  seat %d%s: %d card%s", p, p == seat ? " (you)" : "",
                       s->hand_n[p], s->hand_n[p] == 1 ? "" : "s");
        uint64_t shown = seat == p ? hand_mask(s, p)
                         : seat >= 0 && seat < s->players ? s->known[seat][p]
                                                          : s->open[p];
        if (shown && seat != p)
            tb_text_puts(t, ", known:");
        else if (shown)
            tb_text_puts(t, ":");
        for (uint64_t m = shown; m; m &= m - 1) {
            tb_text_puts(t, " ");
            tbi_mq_render(t, __builtin_ctzll(m), 0, style);
        }
        if (s->phase == PH_PLAY && p == s->to_move)
            tb_text_puts(t, "  <- to play");
        tb_text_puts(t, "\n");
    }
    if (s->discard_n) {
        tb_text_printf(t, "  discarded:");
        for (int i = 0; i < s->discard_n; i++) {
            tb_text_puts(t, " ");
            tbi_mq_render(t, s->discard[i], 0, style);
        }
        tb_text_puts(t, "\n");
    }
    if (s->stuck_seat != NONE && s->stuck_turn == s->turn) {
        tb_text_printf(t, "  seat %d had no free card: the hands went right "
                       "%d time%s", s->stuck_seat, s->passes,
                       s->passes == 1 ? "" : "s");
        if (s->redraws)
            tb_text_printf(t, ", then it drew %d new hand%s", s->redraws,
                           s->redraws == 1 ? "" : "s");
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_OVER) {
        if (s->winner != NONE) {
            tb_text_printf(t, "  seat %d wins with four in a row:", s->winner);
            for (int k = 0; k < ROW; k++) {
                tb_text_puts(t, " ");
                say_cell(t, s->row[k]);
            }
            tb_text_puts(t, "\n");
        } else {
            tb_text_puts(t, "  the deck ran out: the game is a draw\n");
        }
        return;
    }
    if (seat == s->to_move) {
        tb_text_puts(t, "  you may play:");
        for (int i = 0; i < s->hand_n[seat]; i++)
            if (free_of_restraint(s, s->hand[seat][i])) {
                tb_text_puts(t, " ");
                say_card(t, s->hand[seat][i]);
            }
        tb_text_puts(t, tbi_box_empty(&s->box)
                            ? " on d4 (e.g. "
                            : ", on a card or a '.' cell (e.g. ");
        tb_action acts[TB_MAX_ACTIONS];
        char first[TB_ACTION_TEXT];
        legal(s, acts);
        action_text(s, acts[0], first, sizeof first);
        tb_text_printf(t, "%s)\n", first);
    }
}

/* The cards laid on a cell, bottom first. */
static json_t *stack_json(const restraints *s, int cell)
{
    uint8_t cards[TBI_MQ_CARDS];
    int n = 0;
    for (int i = 0; i < s->laid_n; i++)
        if (s->laid_cell[i] == cell)
            cards[n++] = s->laid[i];
    return tbi_mq_json_cards(cards, n);
}

static json_t *cell_json(int cell)
{
    char name[8];
    tbi_sq_cell_name(SIDE, SIDE, cell, name, sizeof name);
    return json_string(name);
}

static json_t *view_json(const void *vs, int seat)
{
    const restraints *s = vs;
    static const char *const phases[] = {"deal", "play", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phases[s->phase]));
    json_object_set_new(v, "turn", json_integer(s->turn + 1));
    json_object_set_new(v, "deck", json_integer(TBI_MQ_CARDS - s->deck_top));
    if (s->phase == PH_PLAY)
        json_object_set_new(v, "to_move", json_integer(s->to_move));
    if (s->last == NONE) {
        json_object_set_new(v, "restraint", json_null());
    } else {
        char name[8];
        tbi_mq_short_name(s->last, 0, name, sizeof name);
        json_object_set_new(v, "restraint", json_string(name));
    }
    json_t *board = json_object();
    for (int c = 0; c < CELLS; c++) {
        if (s->top[c] == NONE)
            continue;
        char name[8];
        tbi_sq_cell_name(SIDE, SIDE, c, name, sizeof name);
        json_object_set_new(board, name, stack_json(s, c));
    }
    json_object_set_new(v, "board", board);
    if (!tbi_box_empty(&s->box)) {
        json_t *w = json_object();
        json_object_set_new(w, "from", cell_json(s->box.y1 * SIDE + s->box.x0));
        json_object_set_new(w, "to", cell_json(s->box.y0 * SIDE + s->box.x1));
        json_object_set_new(v, "in_use", w);
    }
    if (s->phase == PH_PLAY) {
        json_t *open = json_array();
        for (uint64_t m = open_cells(s->occupied, &s->box); m; m &= m - 1)
            json_array_append_new(open, cell_json(__builtin_ctzll(m)));
        json_object_set_new(v, "open", open);
    }
    json_object_set_new(v, "discard", tbi_mq_json_cards(s->discard, s->discard_n));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "cards", json_integer(s->hand_n[p]));
        uint64_t shown = seat >= 0 && seat < s->players ? s->known[seat][p]
                                                        : s->open[p];
        if (p != seat)
            json_object_set_new(o, "known", tbi_mq_json_set(shown));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (seat >= 0 && seat < s->players && s->phase != PH_DEAL)
        json_object_set_new(v, "hand", tbi_mq_json_cards(s->hand[seat],
                                                         s->hand_n[seat]));
    if (s->stuck_seat != NONE) {
        json_t *o = json_object();
        json_object_set_new(o, "seat", json_integer(s->stuck_seat));
        json_object_set_new(o, "turn", json_integer(s->stuck_turn + 1));
        json_object_set_new(o, "passes", json_integer(s->passes));
        json_object_set_new(o, "new_hands", json_integer(s->redraws));
        json_object_set_new(v, "stuck", o);
    }
    if (s->phase == PH_OVER) {
        json_object_set_new(v, "winner", s->winner == NONE
                                             ? json_null()
                                             : json_integer(s->winner));
        if (s->winner != NONE) {
            json_t *row = json_array();
            for (int k = 0; k < ROW; k++)
                json_array_append_new(row, cell_json(s->row[k]));
            json_object_set_new(v, "row", row);
        }
        json_object_set_new(v, "draw", json_boolean(s->drawn));
    }
    return v;
}

/* What seat sees when the seat to move plays: the card and where it went,
 * a row completed, the draw (the card only to the drawer), the next seat's
 * hands shown and passed when it cannot play (the hand it receives only
 * to each receiver), new hands drawn, and the end. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    (void)va;
    restraints s = *(const restraints *)vb;
    play(&s, a, t, seat);
}

/* The deal: each seat is told its own hand, everyone how many each got. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const restraints *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    tbi_say_deal(t, seat, s->players, &s->hand[0][0], HAND, s->hand_n,
                 tbi_mq_namer, NULL);
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md), cards as flags over the 60 ids:
 * its hand; for each seat o and each hand h (both counted from seat) the
 * cards of h that o is known to have seen there (of another's hand, only
 * those seat has seen too: what seat knows o knows), and the cards shown
 * to the table from each hand; the field as each laid card's cell
 * (one-hot over the 7x7 frame) and its place in the order of play plus
 * one (/60), the cells open now (flags); the discards in order (place
 * plus one, /60); the restraint (one-hot), who played it, the seat to
 * move, the winner and the seat last stuck (one-hot from seat); the row
 * that won (cell flags), whether the deck ran out; per seat its cards in
 * hand (/5); the cards played (/60), the deck (/60), the turn of the last
 * stuck seat (/60), its passes and new hands (/4); the phase.  A NULL out
 * only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const restraints *s = vs;
    (void)frame();
    tbi_obs o = {out, 0};
    int n = s->players, play = s->phase == PH_PLAY;
    tbi_obs_mq_cards(&o, s->hand[seat], s->phase == PH_DEAL ? 0
                                                             : s->hand_n[seat], 1);
    for (int r = 0; r < n; r++)
        for (int k = 0; k < n; k++) {
            int viewer = (seat + r) % n, h = (seat + k) % n;
            uint64_t mask = h == seat ? ~0ull : s->known[seat][h];
            tbi_obs_mq_set(&o, s->known[viewer][h] & mask);
        }
    for (int r = 0; r < n; r++)
        tbi_obs_mq_set(&o, s->open[(seat + r) % n]);
    uint8_t where[TBI_MQ_CARDS];
    memset(where, NONE, sizeof where);
    for (int i = 0; i < s->laid_n; i++)
        where[s->laid[i]] = s->laid_cell[i];
    tbi_obs_places(&o, where, TBI_MQ_CARDS, CELLS);
    tbi_obs_order(&o, s->laid, s->laid_n, 0, TBI_MQ_CARDS, TBI_MQ_CARDS);
    tbi_obs_bits(&o, play ? open_cells(s->occupied, &s->box) : 0, 0, CELLS);
    tbi_obs_order(&o, s->discard, s->discard_n, 0, TBI_MQ_CARDS,
                  TBI_MQ_CARDS);
    tbi_obs_mq_card(&o, s->last == NONE ? -1 : s->last, 1);
    tbi_obs_seat(&o, s->last_seat == NONE ? -1 : s->last_seat, seat, n);
    tbi_obs_seat(&o, play ? s->to_move : -1, seat, n);
    tbi_obs_seat(&o, s->winner == NONE ? -1 : s->winner, seat, n);
    tbi_obs_seat(&o, s->stuck_seat == NONE ? -1 : s->stuck_seat, seat, n);
    uint64_t row = 0;
    for (int k = 0; s->winner != NONE && k < ROW; k++)
        row |= 1ull << s->row[k];
    tbi_obs_bits(&o, row, 0, CELLS);
    tbi_obs_scalar(&o, s->drawn);
    for (int r = 0; r < n; r++)
        tbi_obs_scalar(&o, s->hand_n[(seat + r) % n] / (double)HAND);
    tbi_obs_scalar(&o, s->turn / 60.0);
    tbi_obs_scalar(&o, (TBI_MQ_CARDS - s->deck_top) / 60.0);
    tbi_obs_scalar(&o, s->stuck_seat == NONE ? 0 : s->stuck_turn / 60.0);
    tbi_obs_scalar(&o, s->passes / (double)MAX_P);
    tbi_obs_scalar(&o, s->redraws / (double)MAX_P);
    tbi_obs_onehot(&o, s->phase, 3);
    return o.at;
}

/* Playing card id c to cell k of the 7x7 frame (a7 = 0 ... g1 = 48) is
 * c * 49 + k. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return TBI_MQ_CARDS * CELLS;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return (int)(a >> 6) * CELLS + (int)(a & 63);
}

const tb_game tbg_chain_of_restraints = {
    .id = "chain-of-restraints",
    .title = "Chain of Restraints",
    .blurb = "play to a floating 4x4 grid a card sharing nothing with the "
             "last one; four in a row of a number, colour or suit wins",
    .min_players = 2,
    .max_players = MAX_P,
    .flags = TB_GAME_HIDDEN,
    .options = NULL,
    .n_options = 0,
    .state_size = sizeof(restraints),
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
    .heuristic = restraints_heuristic,
    /* The tree keeps the other seats to the heuristic's moves below the
     * root: measured in docs/bots.md. */
    .search_defaults = "widen=0",
    .describe = describe,
    .describe_chance = describe_chance,
    .policies = policies,
    .n_policies = 1,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
