/*
 * mystique_energy.c - Mystique Energy (Néstor Romeral Andrés, 2-6 players)
 * on the Mystique Deck.  Each player holds a secret energy card and one
 * playing card; in turn they place their playing card on an imaginary,
 * borderless hexagonal grid, touching two cards already there (the first
 * card anywhere, the second next to it), and draw another.  When the last
 * card is placed, each player multiplies the sizes of the largest connected
 * groups of cards sharing their energy card's colour, suit and number; the
 * lowest product wins, ties going to whoever placed their final card first.
 *
 * The grid is unbounded in the rules but the state is fixed-size: a card
 * can lie at most floor(k/2) steps from the first card after k cards (see
 * the doc), so the 58 cards of the largest game lie within 29 steps and a
 * 61 x 61 array in odd-r offset coordinates, centred on the first card,
 * holds every game with a cell to spare on each side.
 *
 * Actions: the array cell of the position where the playing card goes
 * (each player holds exactly one card, so the card needs no choosing).
 * Text "x,y": column x and row y relative to the first card, rows growing
 * downwards and odd rows drawn half a cell to the right.
 */
#include "cards.h"
#include "dealt.h"
#include "grid.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <string.h>

#define MAX_P 6
#define SPAN 61                /* cells per side of the fixed array */
#define ORIGIN 30              /* array index of coordinate 0 (even) */
#define CELLS (SPAN * SPAN)
#define MAX_PLACED (TBI_MQ_CARDS - 2)
#define NO_CARD 0xffu
#define WORDS ((CELLS + 63) / 64)

enum phase { PH_DEAL, PH_PLAY, PH_OVER };

/* The three attributes a player's energy card names, in scoring order. */
static const int score_attrs[3] = {TBI_MQ_COLOUR, TBI_MQ_SUIT, TBI_MQ_NUMBER};

static const tbi_grid hex = {SPAN, SPAN, TBI_GRID_HEX};

typedef struct energy {
    uint8_t players, phase;
    uint8_t placed;             /* cards on the table */
    uint8_t to_place;           /* cards placed in the whole game */
    uint8_t next_draw;          /* deck[next_draw] is the top of the pile */
    uint8_t deck[TBI_MQ_CARDS]; /* the shuffled deck, dealt from the start */
    uint8_t energy[MAX_P];      /* each seat's secret energy card */
    uint8_t hand[MAX_P];        /* each seat's playing card, or NO_CARD */
    uint8_t last_turn[MAX_P];   /* number (1-based) of each seat's latest card */
    uint16_t where[MAX_PLACED]; /* array cell of each placed card, in order */
    uint8_t grid[CELLS];        /* card id + 1 at each cell, 0 when empty */
} energy;

static void init(void *vs, const tb_config *cfg)
{
    energy *s = vs;
    s->players = (uint8_t)cfg->players;
    s->to_place = (uint8_t)(TBI_MQ_CARDS - cfg->players);
    s->phase = PH_DEAL;
}

static int current(const void *vs)
{
    const energy *s = vs;
    if (s->phase == PH_DEAL)
        return TB_CHANCE;
    if (s->phase == PH_OVER)
        return TB_TERMINAL;
    /* Every seat places the same number of cards (the player count divides
     * 60), so the turn simply goes round. */
    return s->placed % s->players;
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    tbi_mq_chance_deck(c, 1);
}

/* Deals from the shuffled deck: an energy card to each seat in turn, then a
 * playing card to each; the rest is the draw pile. */
static void apply_chance(void *vs, const uint16_t *deck)
{
    energy *s = vs;
    for (int i = 0; i < TBI_MQ_CARDS; i++)
        s->deck[i] = (uint8_t)deck[i];
    for (int p = 0; p < s->players; p++) {
        s->energy[p] = s->deck[p];
        s->hand[p] = s->deck[s->players + p];
    }
    s->next_draw = (uint8_t)(2 * s->players);
    s->phase = PH_PLAY;
}

/* ---------------------------------------------------------------- grid */

static int cell_x(int cell) { return cell % SPAN - ORIGIN; }
static int cell_y(int cell) { return cell / SPAN - ORIGIN; }
static int cell_at(int x, int y) { return (y + ORIGIN) * SPAN + x + ORIGIN; }

/* How many cards touch cell. */
static int cards_around(const energy *s, int cell)
{
    int nb[TBI_GRID_MAX_NEIGHBOURS], k = tbi_grid_neighbours(&hex, cell, nb);
    int n = 0;
    for (int i = 0; i < k; i++)
        n += s->grid[nb[i]] != 0;
    return n;
}

/* Writes the legal positions in ascending cell order: the centre for the
 * first card, the neighbours of the first card for the second, and after
 * that every empty cell touching two or more cards. */
static int placements(const energy *s, tb_action *out)
{
    if (s->placed == 0) {
        out[0] = (tb_action)cell_at(0, 0);
        return 1;
    }
    int need = s->placed == 1 ? 1 : 2;
    uint64_t seen[WORDS] = {0}, ok[WORDS] = {0};
    for (int i = 0; i < s->placed; i++) {
        int nb[TBI_GRID_MAX_NEIGHBOURS];
        int k = tbi_grid_neighbours(&hex, s->where[i], nb);
        for (int j = 0; j < k; j++) {
            int c = nb[j];
            if (s->grid[c] || (seen[c >> 6] >> (c & 63) & 1u))
                continue;
            seen[c >> 6] |= 1ull << (c & 63);
            if (cards_around(s, c) >= need)
                ok[c >> 6] |= 1ull << (c & 63);
        }
    }
    int n = 0;
    for (int w = 0; w < WORDS; w++)
        for (uint64_t m = ok[w]; m; m &= m - 1)
            out[n++] = (tb_action)(w * 64 + __builtin_ctzll(m));
    return n;
}

static int legal(const void *vs, tb_action *out)
{
    return placements(vs, out);
}

static void apply(void *vs, tb_action a)
{
    energy *s = vs;
    int p = current(vs);
    s->grid[a] = (uint8_t)(s->hand[p] + 1);
    s->where[s->placed++] = (uint16_t)a;
    s->last_turn[p] = s->placed;
    s->hand[p] = s->next_draw < TBI_MQ_CARDS ? s->deck[s->next_draw++]
                                             : (uint8_t)NO_CARD;
    if (s->placed == s->to_place)
        s->phase = PH_OVER;
}

/* The connected groups of the table for one attribute: key[cell] is the
 * card's value of attr plus one (0 where there is no card). */
typedef struct attr_groups {
    uint8_t key[CELLS];
    int16_t group_of[CELLS];
    uint16_t size[MAX_PLACED];
} attr_groups;

static void find_groups(const energy *s, int attr, attr_groups *g)
{
    memset(g->key, 0, sizeof g->key);
    for (int i = 0; i < s->placed; i++)
        g->key[s->where[i]] =
            (uint8_t)(tbi_mq_attr(s->grid[s->where[i]] - 1, attr) + 1);
    tbi_grid_groups(&hex, g->key, s->where, s->placed, g->group_of, g->size);
}

/* The largest group matching `card` in attribute attr. */
static int largest_like(const energy *s, const attr_groups *g, int attr,
                        int card)
{
    return tbi_grid_largest(g->key, s->where, s->placed, g->group_of, g->size,
                            (uint8_t)(tbi_mq_attr(card, attr) + 1));
}

/* Each seat's three group sizes (colour, suit, number) and their product,
 * the score the rules tally (lower is better). */
static void tally(const energy *s, int sizes[MAX_P][3], long product[MAX_P])
{
    attr_groups g;
    for (int p = 0; p < s->players; p++)
        product[p] = 1;
    for (int a = 0; a < 3; a++) {
        find_groups(s, score_attrs[a], &g);
        for (int p = 0; p < s->players; p++) {
            sizes[p][a] = largest_like(s, &g, score_attrs[a], s->energy[p]);
            product[p] *= sizes[p][a];
        }
    }
}

/* Ranks by lowest product; among equal products, whoever placed their
 * final card earlier is ahead, so no two seats share a rank. */
static void result(const void *vs, tb_result *out)
{
    const energy *s = vs;
    int sizes[MAX_P][3];
    long product[MAX_P];
    tally(s, sizes, product);
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = -(double)product[p];
    for (int p = 0; p < s->players; p++) {
        int ahead = 0;
        for (int q = 0; q < s->players; q++)
            ahead += product[q] < product[p] ||
                     (product[q] == product[p] &&
                      s->last_turn[q] < s->last_turn[p]);
        out->rank[p] = ahead + 1;
    }
}

static int standing(const void *vs, double *scores)
{
    const energy *s = vs;
    int sizes[MAX_P][3];
    long product[MAX_P];
    if (s->phase == PH_DEAL)
        return 0;
    tally(s, sizes, product);
    for (int p = 0; p < s->players; p++)
        scores[p] = -(double)product[p];
    return s->placed / s->players + 1;
}

/* Whether seat p's energy card and playing card are hidden from `seat`. */
static int hidden_from(const energy *s, int p, int seat)
{
    return p != seat && s->phase == PH_PLAY;
}

/* Deals the unseen cards again: other seats' energy and playing cards and
 * the draw pile are pooled, shuffled and handed back in the same places. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    energy *s = vs;
    if (s->phase != PH_PLAY)
        return;
    tbi_pool pool;
    tbi_pool_init(&pool);
    for (int p = 0; p < s->players; p++) {
        if (!hidden_from(s, p, seat))
            continue;
        tbi_pool_add(&pool, s->energy[p]);
        if (s->hand[p] != NO_CARD)
            tbi_pool_add(&pool, s->hand[p]);
    }
    tbi_pool_add_run(&pool, s->deck + s->next_draw,
                     TBI_MQ_CARDS - s->next_draw);
    tbi_pool_shuffle(&pool, rng);
    for (int p = 0; p < s->players; p++) {
        if (!hidden_from(s, p, seat))
            continue;
        s->energy[p] = tbi_pool_take(&pool);
        if (s->hand[p] != NO_CARD)
            s->hand[p] = tbi_pool_take(&pool);
    }
    tbi_pool_take_run(&pool, s->deck + s->next_draw,
                      TBI_MQ_CARDS - s->next_draw);
}

/* ---------------------------------------------------------------- text */

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    snprintf(buf, cap, "%d,%d", cell_x((int)a), cell_y((int)a));
}

/* Reads an optionally signed integer; returns the position after it. */
static const char *read_int(const char *s, int *out)
{
    int neg = *s == '-';
    if (*s == '-' || *s == '+')
        s++;
    const char *end = tbi_read_uint(s, out);
    if (end && neg)
        *out = -*out;
    return end;
}

/* Reads "x,y" (spaces and brackets allowed) into a column and a row. */
static int read_position(const char *text, int *x, int *y)
{
    const char *s = tbi_skip_space(text);
    if (*s == '(' || *s == '[')
        s = tbi_skip_space(s + 1);
    s = read_int(s, x);
    if (!s)
        return 0;
    s = tbi_skip_space(s);
    if (*s != ',' && *s != ' ' && *s != ';')
        return 0;
    s = tbi_skip_space(s + 1);
    s = read_int(s, y);
    if (!s)
        return 0;
    s = tbi_skip_space(s);
    if (*s == ')' || *s == ']')
        s = tbi_skip_space(s + 1);
    return *s == '\0';
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const energy *s = vs;
    int x, y;
    if (!read_position(text, &x, &y)) {
        tbi_errf(err, cap, "type a position as column,row, e.g. 1,-2 (see "
                 "the labels around the grid)");
        return TB_EPARSE;
    }
    if (x < -ORIGIN || x > ORIGIN || y < -ORIGIN || y > ORIGIN) {
        tbi_errf(err, cap, "%d,%d is too far from the cards", x, y);
        return TB_EPARSE;
    }
    int cell = cell_at(x, y);
    tb_action list[TB_MAX_ACTIONS];
    int n = placements(s, list);
    for (int i = 0; i < n; i++) {
        if (list[i] == (tb_action)cell) {
            *out = (tb_action)cell;
            return TB_OK;
        }
    }
    if (s->grid[cell]) {
        char name[16];
        tbi_mq_short_name(s->grid[cell] - 1, 0, name, sizeof name);
        tbi_errf(err, cap, "%d,%d already holds %s", x, y, name);
    } else if (s->placed == 0) {
        tbi_errf(err, cap, "the first card goes at 0,0");
    } else {
        tbi_errf(err, cap, "%d,%d does not touch %s", x, y,
                 s->placed == 1 ? "the first card" : "two cards");
    }
    return TB_EPARSE;
}

/* ---------------------------------------------------------------- views */

#define PITCH 6 /* characters per cell; odd rows are shifted by half */

/* The rectangle of coordinates to draw: the cards and one cell around. */
static void window(const energy *s, int *x0, int *x1, int *y0, int *y1)
{
    *x0 = *y0 = -1;
    *x1 = *y1 = 1;
    for (int i = 0; i < s->placed; i++) {
        int x = cell_x(s->where[i]), y = cell_y(s->where[i]);
        if (x - 1 < *x0) *x0 = x - 1;
        if (x + 1 > *x1) *x1 = x + 1;
        if (y - 1 < *y0) *y0 = y - 1;
        if (y + 1 > *y1) *y1 = y + 1;
    }
}

/* The column labels above the grid, one line for even rows and one, half
 * a cell further right, for odd rows; each label sits over the middle of
 * its cards. */
static void render_header(tb_text *t, int x0, int x1, int odd_rows,
                          unsigned style)
{
    tb_text_printf(t, "%s%-9s%*s", tbi_color(style, TBI_DIM),
                   odd_rows ? " odd y:" : "even y:", odd_rows ? PITCH / 2 : 0,
                   "");
    for (int x = x0; x <= x1; x++)
        tb_text_printf(t, "%*d", x == x0 ? 3 : PITCH, x);
    tb_text_printf(t, "%s\n", tbi_color(style, TBI_RESET));
}

/* One row of the grid: cards, '+' where the card to play may go.  Blank
 * cells are written only when something follows them on the line. */
static void render_row(const energy *s, tb_text *t, int y, int x0, int x1,
                       const uint64_t *ok, unsigned style)
{
    char label[16];
    snprintf(label, sizeof label, "y=%d", y);
    tb_text_printf(t, "%s %s%s", tbi_color(style, TBI_DIM), label,
                   tbi_color(style, TBI_RESET));
    /* Spaces owed before the next cell: the label is padded to 8. */
    int blank = 8 - (int)strlen(label) + (tbi_hex_odd_row(y) ? PITCH / 2 : 0);
    int wide = (style & TB_STYLE_UNICODE) != 0; /* card plus suit symbol */
    for (int x = x0; x <= x1; x++) {
        int c = cell_at(x, y);
        if (s->grid[c]) {
            tb_text_printf(t, "%*s", blank + 1, "");
            tbi_mq_render(t, s->grid[c] - 1, 0, style);
            blank = PITCH - 4 - wide;
        } else if (ok[c >> 6] >> (c & 63) & 1u) {
            tb_text_printf(t, "%*s%s+%s", blank + 2, "",
                           tbi_color(style, TBI_GREEN),
                           tbi_color(style, TBI_RESET));
            blank = PITCH - 3;
        } else {
            blank += PITCH;
        }
    }
    tb_text_puts(t, "\n");
}

/* Writes a card's short name, or "?" for a hidden one. */
static void render_card_or_hidden(tb_text *t, int card, int shown,
                                  unsigned style)
{
    if (shown)
        tbi_mq_render(t, card, 0, style);
    else
        tb_text_puts(t, "?");
}

/* "4 yellows x 3 arms x 2 twos = 24": a seat's three largest groups of its
 * energy card's colour, suit and number, and their product. */
static void groups_words(tb_text *t, const energy *s, int p,
                         const int sizes[MAX_P][3], const long *product)
{
    for (int a = 0; a < 3; a++) {
        int trait = tbi_mq_trait(score_attrs[a],
                                 tbi_mq_attr(s->energy[p], score_attrs[a]));
        tb_text_printf(t, "%s%d %s", a ? " x " : "", sizes[p][a],
                       sizes[p][a] == 1 ? tbi_mq_trait_singular(trait)
                                        : tbi_mq_trait_word(trait));
    }
    tb_text_printf(t, " = %ld", product[p]);
}

/* The seats in order of the result, best first: "seat 1 wins with the
 * lowest product, 6". */
static void winner_words(tb_text *t, const energy *s, const long *product)
{
    tb_result r;
    result(s, &r);
    for (int p = 0; p < s->players; p++)
        if (r.rank[p] == 1) {
            int tied = 0;
            for (int q = 0; q < s->players; q++)
                tied += q != p && product[q] == product[p];
            tb_text_printf(t, "seat %d wins with the lowest product, %ld%s",
                           p, product[p], tied ? " (a tie, won by placing "
                           "the final card first)" : "");
        }
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const energy *s = vs;
    tb_text_printf(t, "%sMystique Energy%s  %d of %d cards placed, %d in the "
                   "deck\n", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET), s->placed, s->to_place,
                   s->phase == PH_DEAL ? 0 : TBI_MQ_CARDS - s->next_draw);
    if (s->phase == PH_DEAL)
        return;
    uint64_t ok[WORDS] = {0};
    if (s->phase == PH_PLAY) {
        tb_action list[TB_MAX_ACTIONS];
        int n = placements(s, list);
        for (int i = 0; i < n; i++)
            ok[list[i] >> 6] |= 1ull << (list[i] & 63);
    }
    int x0, x1, y0, y1;
    window(s, &x0, &x1, &y0, &y1);
    render_header(t, x0, x1, 0, style);
    render_header(t, x0, x1, 1, style);
    for (int y = y0; y <= y1; y++)
        render_row(s, t, y, x0, x1, ok, style);
    tb_text_puts(t, "  (a position is typed x,y; odd rows sit half a cell "
                 "right; + marks where the card to play may go)\n");
    int sizes[MAX_P][3];
    long product[MAX_P];
    if (s->phase == PH_OVER)
        tally(s, sizes, product);
    for (int p = 0; p < s->players; p++) {
        int shown = !hidden_from(s, p, seat);
        tb_text_printf(t, "  seat %d%s: energy ", p, p == seat ? " (you)" : "");
        render_card_or_hidden(t, s->energy[p], shown, style);
        if (s->phase == PH_OVER) {
            tb_text_puts(t, "  largest groups ");
            groups_words(t, s, p, sizes, product);
        } else if (s->hand[p] != NO_CARD) {
            tb_text_puts(t, "  playing card ");
            render_card_or_hidden(t, s->hand[p], shown, style);
        }
        if (s->phase == PH_PLAY && p == current(vs))
            tb_text_puts(t, "  <- to play");
        tb_text_puts(t, "\n");
    }
    if (s->placed > 0) {
        /* The latest card, so that the next player sees what was done. */
        int cell = s->where[s->placed - 1];
        int by = (s->placed - 1) % s->players;
        tb_text_puts(t, "  last card: seat ");
        tb_text_printf(t, "%d placed ", by);
        tbi_mq_render(t, s->grid[cell] - 1, 0, style);
        tb_text_printf(t, " at %d,%d\n", cell_x(cell), cell_y(cell));
    }
    if (s->phase == PH_OVER) {
        tb_text_printf(t, "  %sgame over: ", tbi_color(style, TBI_BOLD));
        winner_words(t, s, product);
        tb_text_printf(t, "%s\n", tbi_color(style, TBI_RESET));
    }
}

/* What each seat is told of a placement: the card and where it went (the
 * card was secret until now), then the draw -- the card itself to the
 * seat that drew it, "a card" to everyone else -- and, after the last
 * card, the energy cards revealed, every seat's groups and the winner. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const energy *b = vb, *s = va;
    int p = current(b);
    char card[16];
    tbi_mq_short_name(b->hand[p], 0, card, sizeof card);
    tb_text_printf(t, "seat %d places %s at %d,%d\n", p, card, cell_x((int)a),
                   cell_y((int)a));
    if (s->hand[p] != NO_CARD && p == seat) {
        tbi_mq_short_name(s->hand[p], 0, card, sizeof card);
        tb_text_printf(t, "seat %d draws %s\n", p, card);
    } else if (s->hand[p] != NO_CARD) {
        tb_text_printf(t, "seat %d draws a card (%d left in the deck)\n", p,
                       TBI_MQ_CARDS - s->next_draw);
    }
    if (s->phase != PH_OVER)
        return;
    int sizes[MAX_P][3];
    long product[MAX_P];
    tally(s, sizes, product);
    tb_text_puts(t, "the last card is placed: the game ends and the energy "
                    "cards are shown\n");
    for (int q = 0; q < s->players; q++) {
        tbi_mq_short_name(s->energy[q], 0, card, sizeof card);
        tb_text_printf(t, "seat %d's energy card is %s: largest groups ", q,
                       card);
        groups_words(t, s, q, sizes, product);
        tb_text_puts(t, "\n");
    }
    winner_words(t, s, product);
    tb_text_puts(t, "\n");
}

static json_t *view_json(const void *vs, int seat)
{
    const energy *s = vs;
    static const char *phase_names[] = {"deal", "play", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "placed", json_integer(s->placed));
    json_object_set_new(v, "to_place", json_integer(s->to_place));
    if (s->phase == PH_DEAL)
        return v;
    json_object_set_new(v, "deck", json_integer(TBI_MQ_CARDS - s->next_draw));
    json_t *table = json_array();
    for (int i = 0; i < s->placed; i++) {
        json_t *c = json_object();
        json_object_set_new(c, "x", json_integer(cell_x(s->where[i])));
        json_object_set_new(c, "y", json_integer(cell_y(s->where[i])));
        json_object_set_new(c, "card", json_integer(s->grid[s->where[i]] - 1));
        json_array_append_new(table, c);
    }
    json_object_set_new(v, "table", table);
    int sizes[MAX_P][3];
    long product[MAX_P];
    if (s->phase == PH_OVER)
        tally(s, sizes, product);
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        int shown = !hidden_from(s, p, seat);
        if (shown)
            json_object_set_new(o, "energy", json_integer(s->energy[p]));
        json_object_set_new(o, "holding", json_boolean(s->hand[p] != NO_CARD));
        if (shown && s->hand[p] != NO_CARD)
            json_object_set_new(o, "card", json_integer(s->hand[p]));
        json_object_set_new(o, "last_turn", json_integer(s->last_turn[p]));
        if (s->phase == PH_OVER) {
            int groups[3] = {sizes[p][0], sizes[p][1], sizes[p][2]};
            json_t *g = json_array();
            for (int a = 0; a < 3; a++)
                json_array_append_new(g, json_integer(groups[a]));
            json_object_set_new(o, "groups", g);
            json_object_set_new(o, "product", json_integer(product[p]));
        }
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    return v;
}

/* ---------------------------------------------------------------- bot */

/*
 * The heuristic: for each position, what the seat's own tally would become
 * (the product of its three largest groups) is the main cost; then the size
 * of any own-attribute group the card joins, squared so that feeding a big
 * group hurts more than starting a small one; then, as a bonus, how much of
 * the seat's own groups a card that does not share the attribute walls in,
 * since a cell taken by a stranger can no longer link them.
 */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const energy *s = vs;
    tb_action list[TB_MAX_ACTIONS];
    int n = placements(s, list);
    if (n == 1 || s->placed < 2)
        return list[tb_rng_below(rng, (uint32_t)n)];
    attr_groups g[3];
    int card = s->hand[seat], mine[3], biggest[3];
    for (int a = 0; a < 3; a++) {
        find_groups(s, score_attrs[a], &g[a]);
        mine[a] = tbi_mq_attr(s->energy[seat], score_attrs[a]) + 1;
        biggest[a] = largest_like(s, &g[a], score_attrs[a], s->energy[seat]);
    }
    long best = 0;
    int best_n = 0;
    tb_action pick = list[0];
    for (int i = 0; i < n; i++) {
        int nb[TBI_GRID_MAX_NEIGHBOURS];
        int k = tbi_grid_neighbours(&hex, (int)list[i], nb);
        long product = 1, spread = 0, wall = 0;
        for (int a = 0; a < 3; a++) {
            int matches = tbi_mq_attr(card, score_attrs[a]) + 1 == mine[a];
            int seen[TBI_GRID_MAX_NEIGHBOURS], n_seen = 0, joined = 1;
            for (int j = 0; j < k; j++) {
                if (g[a].key[nb[j]] != mine[a])
                    continue;
                int grp = g[a].group_of[nb[j]], dup = 0;
                for (int q = 0; q < n_seen; q++)
                    dup |= seen[q] == grp;
                if (dup)
                    continue;
                seen[n_seen++] = grp;
                joined += g[a].size[grp];
            }
            product *= matches && joined > biggest[a] ? joined : biggest[a];
            if (matches)
                spread += (long)joined * joined;
            else
                wall += joined - 1;
        }
        long cost = product * 10000 + spread * 10 - wall;
        if (best_n == 0 || cost < best) {
            best = cost;
            best_n = 1;
            pick = list[i];
        } else if (cost == best && tb_rng_below(rng, (uint32_t)++best_n) == 0) {
            pick = list[i];
        }
    }
    return pick;
}

/* The deal: every seat gets a secret energy card and a card to play; each
 * is told its own two (and any it may see of the others'). */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const energy *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    tb_text_puts(t, "each seat is dealt a secret energy card and a card to "
                    "play\n");
    for (int p = 0; p < s->players; p++) {
        if (hidden_from(s, p, seat))
            continue;
        char e[8], c[8];
        tbi_mq_short_name(s->energy[p], 0, e, sizeof e);
        tbi_mq_short_name(s->hand[p], 0, c, sizeof c);
        if (p == seat)
            tb_text_printf(t, "your energy card is %s and your card to play "
                           "%s\n", e, c);
        else
            tb_text_printf(t, "seat %d's energy card is %s and its card to "
                           "play %s\n", p, e, c);
    }
}

/* ---------------------------------------------------------------- tensors */

/* seat's observation (docs/learning.md), by card id (60 each): for each
 * card whether it is on the table, its column and row from the first card
 * (/30) and when it was placed (/58, first 1/58); its playing card
 * (one-hot); the cards it has not seen (the others' energy and playing
 * cards and the draw pile, flags); per seat counted from seat, its energy
 * card when seat may see it (one-hot), whether it holds a playing card
 * and the number of its latest card (/58); the cards placed (/58) and
 * left in the draw pile (/60), the seat to act (one-hot), the phase.  A
 * NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const energy *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players;
    uint8_t turn[TBI_MQ_CARDS] = {0};
    uint16_t cell[TBI_MQ_CARDS] = {0};
    for (int i = 0; i < s->placed; i++) {
        int c = s->grid[s->where[i]] - 1;
        turn[c] = (uint8_t)(i + 1);
        cell[c] = s->where[i];
    }
    for (int c = 0; c < TBI_MQ_CARDS; c++) {
        tbi_obs_scalar(&o, turn[c] > 0);
        tbi_obs_scalar(&o, turn[c] ? cell_x(cell[c]) / 30.0 : 0);
        tbi_obs_scalar(&o, turn[c] ? cell_y(cell[c]) / 30.0 : 0);
        tbi_obs_scalar(&o, turn[c] / (double)MAX_PLACED);
    }
    int play = s->phase == PH_PLAY;
    tbi_obs_onehot(&o, play && s->hand[seat] != NO_CARD ? s->hand[seat] : -1,
                   TBI_MQ_CARDS);
    uint64_t unseen = 0;
    for (int p = 0; p < n; p++)
        if (hidden_from(s, p, seat)) {
            unseen |= 1ull << s->energy[p];
            if (s->hand[p] != NO_CARD)
                unseen |= 1ull << s->hand[p];
        }
    if (s->phase != PH_DEAL)
        for (int i = s->next_draw; i < TBI_MQ_CARDS; i++)
            unseen |= 1ull << s->deck[i];
    tbi_obs_bits(&o, unseen, 0, TBI_MQ_CARDS);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        int shown = s->phase != PH_DEAL && !hidden_from(s, p, seat);
        tbi_obs_onehot(&o, shown ? s->energy[p] : -1, TBI_MQ_CARDS);
        tbi_obs_scalar(&o, play && s->hand[p] != NO_CARD);
        tbi_obs_scalar(&o, s->last_turn[p] / (double)MAX_PLACED);
    }
    tbi_obs_scalar(&o, s->placed / (double)MAX_PLACED);
    tbi_obs_scalar(&o, s->phase == PH_DEAL ? 0
                       : (TBI_MQ_CARDS - s->next_draw) / (double)TBI_MQ_CARDS);
    tbi_obs_onehot(&o, play ? (current(s) - seat + n) % n : -1, n);
    tbi_obs_onehot(&o, s->phase, 3);
    return o.at;
}

/* A position is its cell of the fixed array (the action itself): row
 * (y + 30) * 61 plus column x + 30. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return CELLS;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return (int)a;
}

const tb_game tbg_mystique_energy = {
    .id = "mystique-energy",
    .title = "Mystique Energy",
    .blurb = "place cards on a borderless hex grid; keep your three secret "
             "energy attributes in small groups",
    .min_players = 2,
    .max_players = MAX_P,
    .flags = TB_GAME_HIDDEN,
    .options = NULL,
    .n_options = 0,
    .state_size = sizeof(energy),
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
    .describe = describe,
    .describe_chance = describe_chance,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
