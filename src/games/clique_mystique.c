/*
 * clique_mystique.c - Clique Mystique (Larry Wheeler, 2 players) on the
 * Mystique Deck: a tile-laying battle on a virtual 7x7 board around the
 * centre card of a dealt 3x3 array.  Cards upright belong to the first
 * player, cards sideways to the second.  A turn places one to three cards
 * in a line so that they form a Group (a Clique of closely related cards or
 * a Motley Crew of unrelated ones) with at least one of the player's cards
 * already there and at least one of the opponent's; the opponent's cards and
 * stacks in that Group, and in any incidental Group the play forms that
 * meets the same two conditions, are turned to the player.  Instead a player
 * may replace cards of their hand or pass; two passes in a row end the game.
 * Score: cards in the stacks you own minus cards in your hand.
 *
 * Actions: a Group is put down one card at a time (card and cell, A_PUT),
 * every step keeping a legal Group reachable, and ends with A_DONE (or by
 * itself when it cannot grow).  A replacement is A_REPLACE, then a card per
 * step (A_ASIDE), then A_DONE; A_BACK, before A_DONE, takes the started
 * replacement back (once a turn).  A_PASS passes.  See the doc for the
 * text.
 */
#include "cards.h"
#include "dealt.h"
#include "grid.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <assert.h>
#include <pthread.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
/* capture_lines has a version for AVX-512 (with VBMI2), chosen at run
 * time where the processor has it (GCC and clang on x86-64). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(TBI_NO_CLONES) && \
    (defined(__clang__) ? __clang_major__ >= 14 : __GNUC__ >= 8)
#define CAPTURE_AVX512 1
#include <immintrin.h>
#endif
#include <string.h>

#define SIDE 7
#define CELLS (SIDE * SIDE)
#define HAND 7
#define MAX_NEW 3           /* cards put down in one Group */
#define MIN_LINE 3          /* the shortest Group */
#define MAX_LINE 5          /* the longest Group (all five numbers) */
#define IDLE_LIMIT 6        /* the bot's patience without a Group placed */
/* Turns in a row without a Group placed that end the game (30 each): the
 * rules let players replace cards for ever, and a game must end. */
#define STALL_TURNS 60
#define MAX_SEGS 300        /* segments of 3-5 cells on the board: 268 */

/* Action codes. */
#define A_PUT 0u            /* + card * CELLS + cell */
#define A_DONE 3000u
#define A_REPLACE 3001u
#define A_PASS 3002u
#define A_BACK 3003u        /* replacing: give up the replacement */
#define A_ASIDE 3100u       /* + card */

enum phase { PH_DEAL, PH_TURN, PH_PLACE, PH_REPLACE, PH_SHUFFLE, PH_OVER };

typedef struct clique {
    uint8_t phase, seat;      /* seat: the player to move */
    uint8_t passes;           /* consecutive passes just made */
    uint8_t idle;             /* turns since a Group was last placed */
    uint16_t turn;            /* turns begun, from 1 */
    uint8_t top[CELLS];       /* top card id + 1 of each stack, 0 if empty */
    uint8_t height[CELLS];    /* cards in each stack */
    uint8_t owner[CELLS];     /* the seat owning each stack */
    uint8_t below[TBI_MQ_CARDS]; /* the card under each card, + 1 */
    uint8_t hand[2][HAND], hand_n[2]; /* sorted hands */
    uint8_t aside;            /* replacing: bit i sets aside hand[seat][i] */
    /* This turn a replacement was started and taken back: `replace` is not
     * offered again until the next turn, so that starting and taking back
     * cannot go round for ever. */
    uint8_t withdrawn;
    uint8_t new_n;            /* placing: cards put down so far */
    uint8_t new_cell[MAX_NEW];
    uint8_t deck_n;           /* draw pile; its top is deck[deck_n - 1] */
    uint8_t deck[TBI_MQ_CARDS];
    /* What the table remembers of the last turns, all public: the last
     * turn's kind (LAST_*), seat and card count (put down or replaced), and
     * the last Group placed (by either seat): its cells and the stacks it
     * turned, marked on the board until the next Group. */
    uint8_t last_kind, last_seat, last_count;
    uint8_t group_seat, group_n;  /* group_n 0: no Group placed yet */
    uint8_t group_cell[MAX_NEW];
    uint64_t group_flip;          /* bit cell: a stack the Group turned */
    /* The board as bit masks of cells, kept beside top[] and owner[] for
     * the move generator: the stacks, and those of seat 1. */
    uint64_t full, seat1;
} clique;

/* Kinds of the last turn taken. */
enum { LAST_NONE, LAST_GROUP, LAST_REPLACE, LAST_PASS };

static void init(void *vs, const tb_config *cfg)
{
    clique *s = vs;
    (void)cfg;
    s->phase = PH_DEAL;
}

static int current(const void *vs)
{
    const clique *s = vs;
    switch (s->phase) {
    case PH_DEAL:
    case PH_SHUFFLE: return TB_CHANCE;
    case PH_OVER: return TB_TERMINAL;
    default: return s->seat;
    }
}

/* At the deal, the whole deck is shuffled.  After a replacement the pile is
 * shuffled as a permutation of its positions (0 = the bottom card), so that
 * the spec tells nothing about which cards the pile holds. */
static void chance(const void *vs, tb_chance *c)
{
    const clique *s = vs;
    if (s->phase == PH_DEAL) {
        tbi_mq_chance_deck(c, 1);
        return;
    }
    c->kind = TB_CHANCE_SHUFFLE;
    c->n = s->deck_n;
    c->lo = 0;
    c->hi = s->deck_n - 1;
    c->what = "positions of the pile with the replaced cards";
    for (int i = 0; i < s->deck_n; i++)
        c->items[i] = (uint16_t)i;
}

/* Draws the top card of the pile into seat p's hand. */
static void draw(clique *s, int p)
{
    uint8_t card = s->deck[--s->deck_n];
    tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], card);
}

/* Puts a card on a cell for seat p, on top of whatever stack is there. */
static void put_card(clique *s, int cell, int card, int p)
{
    s->below[card] = s->top[cell];
    s->top[cell] = (uint8_t)(card + 1);
    s->height[cell]++;
    s->owner[cell] = (uint8_t)p;
    s->full |= 1ull << cell;
    s->seat1 = p ? s->seat1 | 1ull << cell : s->seat1 & ~(1ull << cell);
}

/* Turns the stacks of the mask flip to seat p. */
static void turn_stacks(clique *s, uint64_t flip, int p)
{
    for (uint64_t m = flip; m; m &= m - 1)
        s->owner[__builtin_ctzll(m)] = (uint8_t)p;
    s->seat1 = p ? s->seat1 | flip : s->seat1 & ~flip;
}

/*
 * The setup deal: the first nine cards of the shuffled deck form the 3x3
 * array around d4 row by row from its top-left (c5, d5, e5, c4, ...), with
 * the centre and the corners sideways (the second player's five) and the
 * four others upright (the first player's); then seven cards to each seat;
 * the other 37 are the draw pile, whose top is the deck's last card.
 */
static void deal(clique *s, const uint16_t *deck)
{
    int k = 0;
    for (int y = 2; y <= 4; y++)
        for (int x = 2; x <= 4; x++)
            put_card(s, y * SIDE + x, deck[k++], (x + y) % 2 == 0);
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < HAND; i++)
            s->hand[p][i] = (uint8_t)deck[k++];
        s->hand_n[p] = HAND;
        tbi_sort_u8(s->hand[p], HAND);
    }
    s->deck_n = (uint8_t)(TBI_MQ_CARDS - k);
    for (int i = 0; i < s->deck_n; i++)
        s->deck[i] = (uint8_t)deck[k + i];
    s->seat = 0;
    s->turn = 1;
}

static void apply_chance(void *vs, const uint16_t *outcome)
{
    clique *s = vs;
    if (s->phase == PH_DEAL) {
        deal(s, outcome);
    } else {
        uint8_t before[TBI_MQ_CARDS];
        memcpy(before, s->deck, s->deck_n);
        for (int i = 0; i < s->deck_n; i++)
            s->deck[i] = before[outcome[i]];
        s->seat ^= 1u;
        s->turn++;
    }
    s->phase = PH_TURN;
}

/* ---------------------------------------------------------------- groups */

/* A card's three attributes as one-hot bit fields: number in bits 0-4,
 * suit in bits 5-8, colour in bits 9-11, so that OR-ing the codes of a line
 * and counting bits per field tells how many values each attribute takes. */
#define NUMBER_BITS 0x001fu
#define SUIT_BITS 0x01e0u
#define COLOUR_BITS 0x0e00u
#define CODE_VALUES (1u << 12) /* codes of any set of cards: 12 bits */

/* The number of bits set in a 5-bit value (no hardware popcount assumed). */
static int bits5(unsigned v)
{
    static const uint8_t table[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
                                      3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4,
                                      3, 4, 4, 5};
    return table[v & 31u];
}

/* The code of card id, computed by the compiler for all 60 cards. */
#define CODE(i) (1u << ((i) % 5) | 1u << (5 + (i) / 15) | \
                 1u << (9 + (i) / 5 % 3))
#define CODES10(b) CODE(b), CODE(b + 1), CODE(b + 2), CODE(b + 3), \
    CODE(b + 4), CODE(b + 5), CODE(b + 6), CODE(b + 7), CODE(b + 8), CODE(b + 9)
static const uint16_t attr_code[TBI_MQ_CARDS] = {
    CODES10(0), CODES10(10), CODES10(20), CODES10(30), CODES10(40),
    CODES10(50)};

/*
 * Whether n cards (the top cards of a line of len, known so far)
 * can still be, or with n == len are, a Group:
 *   - 3 cards: a Clique of all three colours sharing a suit or a number, or
 *     a Motley Crew with no colour, suit or number in common;
 *   - 4 cards: a Clique of all four suits sharing a colour or a number;
 *   - 5 cards: a Clique of all five numbers sharing a colour or a suit.
 * An attribute with n different values among n cards is "all different",
 * with one value "shared".  Returns 0 when not, 1 for a Group, 2 for a
 * Clique with two attributes constant (it counts twice in the tiebreaker).
 * `all` is the OR of the cards' codes.  This is the rule as written; the
 * searches read it from kind_table (kind_of below), filled from it once.
 */
static int kind_by_rule(unsigned all, int n, int len)
{
    int numbers, suits, colours;
    int shared1, shared2; /* values of the shared attributes */
    switch (len) {
    case 3:
        if ((colours = bits5((all & COLOUR_BITS) >> 9)) != n)
            return 0;
        suits = bits5((all & SUIT_BITS) >> 5);
        numbers = bits5(all & NUMBER_BITS);
        shared1 = suits, shared2 = numbers;
        break;
    case 4:
        if ((suits = bits5((all & SUIT_BITS) >> 5)) != n)
            return 0;
        colours = bits5((all & COLOUR_BITS) >> 9);
        numbers = bits5(all & NUMBER_BITS);
        shared1 = colours, shared2 = numbers;
        break;
    default:
        if ((numbers = bits5(all & NUMBER_BITS)) != n)
            return 0;
        colours = bits5((all & COLOUR_BITS) >> 9);
        suits = bits5((all & SUIT_BITS) >> 5);
        shared1 = colours, shared2 = suits;
        break;
    }
    if (shared1 <= 1 || shared2 <= 1)
        return shared1 <= 1 && shared2 <= 1 ? 2 : 1;
    return len == 3 && suits == n && numbers == n;
}

/* kind_by_rule for every line length and code, with n taken to be the
 * number of values of the attribute that must vary (the only n for which
 * the answer can be other than 0): entry n << 2 | kind, and bit 5 set in
 * a line of three when the cards differ in everything (fitting's Motley
 * Crew so far).  The searches ask it some sixty times a placement found,
 * so one load replaces the counts. */
static uint8_t kind_table[MAX_LINE - MIN_LINE + 1][CODE_VALUES];

/* The bits of the attribute that must vary in a line of len. */
static const unsigned varied_bits[MAX_LINE - MIN_LINE + 1] = {
    COLOUR_BITS, SUIT_BITS, NUMBER_BITS};

static void build_kind_table(void)
{
    for (int len = MIN_LINE; len <= MAX_LINE; len++)
        for (unsigned all = 0; all < CODE_VALUES; all++) {
            unsigned field = len == 3   ? (all & COLOUR_BITS) >> 9
                             : len == 4 ? (all & SUIT_BITS) >> 5
                                        : all & NUMBER_BITS;
            int n = bits5(field);
            int motley = len == 3 && bits5((all & SUIT_BITS) >> 5) == n &&
                         bits5(all & NUMBER_BITS) == n;
            kind_table[len - MIN_LINE][all] =
                (uint8_t)(motley << 5 | n << 2 | kind_by_rule(all, n, len));
        }
}

/* cover_ok[own][down]: the subsets of `own` own cards (bit j: the j-th
 * is covered) that a Group may cover when `down` cards (those put down
 * already and the holes) go down anyway: one own card at least stays, and
 * one to three cards go down in all.  Filled once (build_kind_table). */
static uint16_t cover_ok[MAX_LINE][MAX_NEW + 1];

/* covers_within[k]: the subsets of four own cards (as in cover_ok) of at
 * most k cards: each card covered takes a hand card, beside those the
 * holes take.  Filled with cover_ok. */
static uint16_t covers_within[MAX_NEW + 1];

static void build_cover_ok(void)
{
    for (int k = 0; k <= MAX_NEW; k++)
        for (int cover = 0; cover < 16; cover++)
            if (bits5((unsigned)cover) <= k)
                covers_within[k] |= (uint16_t)(1u << cover);
    for (int own = 0; own < MAX_LINE; own++)
        for (int down = 0; down <= MAX_NEW; down++)
            for (int cover = 0; cover < (1 << own) - 1; cover++) {
                int all = down + bits5((unsigned)cover);
                if (all >= 1 && all <= MAX_NEW)
                    cover_ok[own][down] |= (uint16_t)(1u << cover);
            }
}

/* kind_by_rule(all, n, len), read from the table (built by board()). */
static inline int kind_of(unsigned all, int n, int len)
{
    unsigned e = kind_table[len - MIN_LINE][all];
    return (int)(e >> 2 & 7u) == n ? (int)(e & 3u) : 0;
}

/* Whether kind_of(all, n, len) is not 0, as 0 or 1, computed without a
 * jump. */
static inline unsigned kind_ok(unsigned all, int n, int len)
{
    unsigned e = kind_table[len - MIN_LINE][all];
    return ((e >> 2 & 7u) == (unsigned)n) & ((e & 3u) != 0);
}

/* Eight 16-bit codes, worked on at once (GCC and clang vector extension:
 * SSE2 on any x86-64, plain code where there is no vector unit). */
typedef uint16_t codes8 __attribute__((vector_size(16)));
typedef int16_t flags8 __attribute__((vector_size(16)));

/* For each line length, the bits of the two attributes of which one at
 * least must be shared (or, in a line of three, all of them vary). */
static const unsigned shared_bits[MAX_LINE - MIN_LINE + 1][2] = {
    {SUIT_BITS, NUMBER_BITS},
    {COLOUR_BITS, NUMBER_BITS},
    {COLOUR_BITS, SUIT_BITS}};

/*
 * The hand cards (bit i: hand card i, of hn; hc holds eight codes, 0
 * past the hand) that with the cards coded `code`, which can be a Group
 * of a line of len or part of one, can still be (kind_of with one card
 * more): those adding a value of the attribute that must vary, so that
 * the count of its values stays the count of cards, and then keeping one
 * of the other two attributes to one value, or, in a line of three whose
 * cards so far differ in everything (a Motley Crew so far), adding a new
 * suit and a new number too.  All eight are tested at once, with no jump
 * on the answers, which the processor could not foresee.
 */
static inline unsigned fitting(const uint16_t *hc, int hn, unsigned code,
                               int len)
{
    unsigned varied = varied_bits[len - MIN_LINE];
    unsigned one = shared_bits[len - MIN_LINE][0];
    unsigned two = shared_bits[len - MIN_LINE][1];
    /* In a line of three: whether the cards so far differ in everything
     * (kind_table's bit 5). */
    int motley = kind_table[len - MIN_LINE][code] >> 5 & 1;
    codes8 h;
    memcpy(&h, hc, sizeof h);
    codes8 all = h | (uint16_t)code;
    codes8 x1 = all & (uint16_t)one, x2 = all & (uint16_t)two;
    flags8 fits = (h & (uint16_t)(code & varied)) == 0;
    flags8 shared = ((x1 & (x1 - 1)) == 0) | ((x2 & (x2 - 1)) == 0) |
                    (((h & (uint16_t)(code & (one | two))) == 0) &
                     (int16_t)-motley);
    fits &= shared;
#ifdef __SSE2__
    /* Each lane's flag to one byte, then the bytes' top bits to a word. */
    __m128i bytes = _mm_packs_epi16((__m128i)fits, _mm_setzero_si128());
    unsigned fit = (unsigned)_mm_movemask_epi8(bytes);
#else
    unsigned fit = 0;
    for (int a = 0; a < 8; a++)
        fit |= (unsigned)(fits[a] & 1) << a;
#endif
    return fit & ((1u << hn) - 1);
}

/* The same for n cards given by id. */
static int group_kind(const uint8_t *cards, int n, int len)
{
    unsigned all = 0;
    for (int i = 0; i < n; i++)
        all |= attr_code[cards[i]];
    return kind_of(all, n, len);
}

/* Whether cell is among the cards put down this turn. */
static int is_new(const clique *s, int cell)
{
    for (int i = 0; i < s->new_n; i++)
        if (s->new_cell[i] == cell)
            return 1;
    return 0;
}

/* A complete placement: every card the Group puts down this turn (those
 * already down first), with the cell each goes to. */
typedef struct plan {
    int n;
    uint8_t card[MAX_NEW], cell[MAX_NEW];
} plan;

/* The board's segments of 3-5 cells, with each one's cells as a bit mask,
 * in the order of tbi_sq_segments (all of them, and those through each
 * cell, by number in the first list): the move generator and the
 * heuristic read them at every step of a playout, and a mask tells at
 * once whether a segment can matter.  Built by whichever thread comes
 * first (pthread_once), and only read after, with kind_table. */
#define THROUGH_MAX 48 /* segments through one cell: 4 lines x (3+4+5) */
#define NO_CELL CELLS  /* after a short segment's cells: code 0 */
/* A set of segments: bit i % 64 of word i / 64, the words in a 64-byte
 * vector (GCC and clang vector extension, as codes8 below), so that the
 * search can ask a question of all the segments at once (placeable, one
 * instruction a set with AVX-512: TBI_VECTOR_CLONES_FLAT). */
#define SEG_BYTES 64
#define SEG_LANES (SEG_BYTES / 8)
#define SEG_V ((MAX_SEGS + 64 * SEG_LANES - 1) / (64 * SEG_LANES))
typedef uint64_t segv __attribute__((vector_size(SEG_BYTES)));
/* The word of set that holds segment i's bit. */
#define SEG_BIT(set, i) \
    ((set).v[(i) / (64 * SEG_LANES)][(i) / 64 % SEG_LANES])
typedef struct segset {
    segv v[SEG_V];
} segset;
typedef struct board_lines {
    int n;
    uint8_t cells[MAX_SEGS][MAX_LINE]; /* padded with NO_CELL */
    uint8_t len[MAX_SEGS];
    uint64_t mask[MAX_SEGS];
    uint16_t through[CELLS][THROUGH_MAX];
    uint8_t through_n[CELLS];
    /* through_mask[c][j]: the cells of segment through[c][j], 0 past
     * through_n[c] (capture_lines reads eight at a time). */
    uint64_t through_mask[CELLS][THROUGH_MAX];
    /* Whether capture_lines_avx512 may run here. */
    int avx512;
    /* through_set[c]: the segments that hold cell c; of_len[k]: those of
     * MIN_LINE + k cells. */
    segset through_set[CELLS];
    segset of_len[MAX_LINE - MIN_LINE + 1];
} board_lines;

static board_lines lines;
static pthread_once_t lines_once = PTHREAD_ONCE_INIT;

static void build_lines(void)
{
    tbi_segment seg[MAX_SEGS];
    lines.n = tbi_sq_segments(SIDE, SIDE, MIN_LINE, MAX_LINE, -1, seg,
                              MAX_SEGS);
    for (int i = 0; i < lines.n; i++) {
        lines.len[i] = seg[i].len;
        memset(lines.cells[i], NO_CELL, MAX_LINE);
        for (int k = 0; k < seg[i].len; k++) {
            /* search_segment reads a segment's cells off masks, in
             * ascending order: the order they come in here. */
            assert(k == 0 || seg[i].cells[k] > seg[i].cells[k - 1]);
            lines.cells[i][k] = (uint8_t)seg[i].cells[k];
            lines.mask[i] |= 1ull << seg[i].cells[k];
        }
        SEG_BIT(lines.of_len[seg[i].len - MIN_LINE], i) |= 1ull << (i % 64);
    }
    for (int c = 0; c < CELLS; c++) {
        tbi_segment through[THROUGH_MAX];
        int n = tbi_sq_segments(SIDE, SIDE, MIN_LINE, MAX_LINE, c, through,
                                THROUGH_MAX);
        for (int j = 0; j < n; j++) {
            uint64_t m = 0;
            for (int k = 0; k < through[j].len; k++)
                m |= 1ull << through[j].cells[k];
            for (int i = 0; i < lines.n; i++)
                if (lines.mask[i] == m) {
                    lines.through_mask[c][lines.through_n[c]] = m;
                    lines.through[c][lines.through_n[c]++] = (uint16_t)i;
                    SEG_BIT(lines.through_set[c], i) |= 1ull << (i % 64);
                }
        }
    }
    build_kind_table();
    build_cover_ok();
#ifdef CAPTURE_AVX512
    __builtin_cpu_init();
    lines.avx512 = __builtin_cpu_supports("avx512f") &&
                   __builtin_cpu_supports("avx512vl") &&
                   __builtin_cpu_supports("avx512bw") &&
                   __builtin_cpu_supports("avx512vbmi2") &&
                   __builtin_cpu_supports("popcnt");
#endif
}

static const board_lines *board(void)
{
    pthread_once(&lines_once, build_lines);
    return &lines;
}

/* The OR of the codes of the top cards on segment i, from code_at (the
 * code of each cell's top card, and 0 at NO_CELL, where a segment shorter
 * than five is padded). */
static inline unsigned segment_code(const board_lines *b, int i,
                                    const uint16_t *code_at)
{
    const uint8_t *c = b->cells[i];
    return code_at[c[0]] | code_at[c[1]] | code_at[c[2]] | code_at[c[3]] |
           code_at[c[4]];
}

/* The board as masks of cells for the seat to move: stacks, its own
 * stacks (not counting the cards put down this turn) and the opponent's,
 * and the cards put down this turn. */
typedef struct masks {
    uint64_t full, own, theirs, fresh;
} masks;

static masks board_masks(const clique *s)
{
    masks m = {s->full, s->seat ? s->seat1 : s->full & ~s->seat1, 0, 0};
    for (int i = 0; i < s->new_n; i++)
        m.fresh |= 1ull << s->new_cell[i];
    m.own &= ~m.fresh;
    m.theirs = m.full & ~m.own & ~m.fresh;
    return m;
}

#ifdef CAPTURE_AVX512
/* capture_lines with AVX-512: eight segments through a cell tested at
 * once, and those that pass packed into out by one store (out has room
 * for eight more than the answer). */
#define AVX512_CAPTURE_TARGET "avx512f,avx512vl,avx512bw,avx512vbmi2,popcnt"
__attribute__((target(AVX512_CAPTURE_TARGET))) static int
capture_lines_avx512(const board_lines *b, uint64_t fresh, uint64_t full,
                     uint64_t own, uint64_t theirs, uint16_t *out)
{
    __m512i empty = _mm512_set1_epi64((long long)~full);
    __m512i mine = _mm512_set1_epi64((long long)own);
    __m512i other = _mm512_set1_epi64((long long)theirs);
    int n = 0;
    for (uint64_t f = fresh; f; f &= f - 1) {
        int c = __builtin_ctzll(f);
        for (int j = 0; j < b->through_n[c]; j += 8) {
            __m512i line = _mm512_loadu_si512(&b->through_mask[c][j]);
            __mmask8 pass = (__mmask8)(_mm512_testn_epi64_mask(line, empty) &
                                       _mm512_test_epi64_mask(line, mine) &
                                       _mm512_test_epi64_mask(line, other));
            __m128i segs = _mm_loadu_si128((const __m128i *)&b->through[c][j]);
            _mm_storeu_si128((__m128i *)(out + n),
                             _mm_maskz_compress_epi16(pass, segs));
            n += __builtin_popcount(pass);
        }
    }
    return n;
}
#endif

/* Room for capture_lines' answer: every segment through three cells,
 * and eight more for capture_lines_avx512's last store. */
#define CAP_ROOM (MAX_NEW * THROUGH_MAX + 8)

/* The first half of capture_mask: the segments through a card put down
 * that are full and hold a stack of each seat, written to out (a segment
 * through two such cards twice); returns how many.  They depend only on
 * where cards go down, not on which cards, so the bot gathers them once for
 * all the placements onto the same cells.  Segments whose opponent stacks
 * are all among `taken` (those the caller knows to turn anyway) are left
 * out: they could turn nothing more. */
static int capture_lines(const board_lines *b, uint64_t fresh, uint64_t full,
                         uint64_t own, uint64_t theirs, uint64_t taken,
                         uint16_t *out)
{
    theirs &= ~taken;
#ifdef CAPTURE_AVX512
    if (b->avx512)
        return capture_lines_avx512(b, fresh, full, own, theirs, out);
#endif
    int n = 0;
    for (uint64_t f = fresh; f; f &= f - 1) {
        int c = __builtin_ctzll(f);
        /* Gathered without a jump per segment (which way each goes is a
         * coin toss to the processor). */
        for (int j = 0; j < b->through_n[c]; j++) {
            uint64_t line = b->mask[b->through[c][j]];
            out[n] = b->through[c][j];
            n += !(line & ~full) & ((line & own) != 0) & ((line & theirs) != 0);
        }
    }
    return n;
}

/* The second half: of those n segments, the opponent stacks on the ones
 * whose top cards form a Group (tested without a jump on the answer). */
static uint64_t captured(const board_lines *b, const uint16_t *code_at,
                         const uint16_t *lines_in, int n, uint64_t theirs)
{
    uint64_t flip = 0;
    for (int j = 0; j < n; j++) {
        int i = lines_in[j], len = b->len[i];
        unsigned group = kind_ok(segment_code(b, i, code_at), len, len);
        flip |= b->mask[i] & theirs & (0ull - group);
    }
    return flip;
}

/*
 * The opponent stacks that the cards put down this turn (the cells of
 * fresh) capture, on a board given as masks (full, own: the player's
 * stacks that were there before, still uncovered; theirs) and each
 * stack's top code: those in the main Group and in every incidental
 * Group, that is every segment through a card put down that is full,
 * forms a Group, and includes one of the player's cards that was there
 * before and one of the opponent's.  Ownership is judged as it was before
 * the play; all turn at once.
 */
static uint64_t capture_mask(const board_lines *b, const uint16_t *code_at,
                             uint64_t fresh, uint64_t full, uint64_t own,
                             uint64_t theirs)
{
    uint16_t found[CAP_ROOM];
    int n = capture_lines(b, fresh, full, own, theirs, 0, found);
    return captured(b, code_at, found, n, theirs);
}

/* What a search for the legal next steps collects. */
typedef struct steps {
    uint64_t put[TBI_MQ_CARDS]; /* bit cell: the card may go there next */
    int done;                   /* the cards put down are a Group already */
} steps;

/* What the bot's search over complete placements keeps: the best value
 * seen, how many plans shared it, and the first new card of a best one;
 * base is the score difference the placement starts from (value_plan). */
#define MEMO_EVENTS 62
typedef struct pick {
    int best, ties, found;
    int card, cell; /* the next card to put down, or -1 for done */
    int base;
    tb_rng *rng;
    /* The placements that drew a random number (a best so far, or tied
     * with it), in order, for value_memos; ev_n counts past the room. */
    int ev_n;
    uint16_t ev[MEMO_EVENTS];
} pick;

/* An entry of pick.ev: the placement's first new card and cell
 * (card * CELLS + cell, or EV_DONE), and EV_BEST when it was better than
 * every one before it. */
#define EV_DONE 0x7fffu
#define EV_BEST 0x8000u

/* Takes the tie-break draw of value_plan for a placement whose first new
 * card and cell are `first` (an entry of pick.ev without EV_BEST). */
static void pick_draw(pick *pk, unsigned first)
{
    if (tb_rng_below(pk->rng, (uint32_t)++pk->ties) == 0) {
        pk->card = first == EV_DONE ? -1 : (int)(first / CELLS);
        pk->cell = first == EV_DONE ? -1 : (int)(first % CELLS);
    }
}

/* What a search over placements does with each one it finds: collect the
 * next steps (legal), stop at the first one that puts down a card or at
 * the first at all (whether a Group can go on), or value it (the bot). */
enum { VISIT_STEPS, VISIT_ANY_PUT, VISIT_ANY, VISIT_VALUE };

/* One search over the placements that extend the cards put down so far,
 * with what every segment's search reads, made once: the board's masks,
 * the code of each stack's top card and of each hand card, and the plan
 * being built (the cards already down first). */
typedef struct plan_search {
    const clique *s;
    const board_lines *b;
    masks m;
    int mode, stop;
    int hand_n;
    uint16_t hand_code[8];   /* 0 past the hand (fitting) */
    uint16_t code_at[CELLS + 1]; /* read where there is a stack, and at
                                  * NO_CELL (0) */
    plan pl;
    steps *st;               /* VISIT_STEPS */
    pick *pk;                /* VISIT_VALUE */
    /* VISIT_VALUE: the segments that may capture when cards go down on
     * the cells of the placements being filled (capture_lines), or
     * cap_n < 0 when not gathered yet for those cells. */
    int cap_n;
    uint16_t cap[CAP_ROOM];
    /* The segment of the main Group of the placements being filled
     * (search_segment). */
    int seg;
} plan_search;

static void plan_search_init(plan_search *ps, const clique *s, int mode)
{
    int p = s->seat;
    ps->s = s;
    ps->b = board();
    ps->m = board_masks(s);
    ps->mode = mode;
    ps->stop = 0;
    ps->hand_n = s->hand_n[p];
    memset(ps->hand_code, 0, sizeof ps->hand_code);
    for (int i = 0; i < s->hand_n[p]; i++)
        ps->hand_code[i] = attr_code[s->hand[p][i]];
    for (uint64_t f = s->full; f; f &= f - 1) {
        int c = __builtin_ctzll(f);
        ps->code_at[c] = attr_code[s->top[c] - 1];
    }
    ps->code_at[NO_CELL] = 0;
    for (int i = 0; i < s->new_n; i++) {
        ps->pl.card[i] = (uint8_t)(s->top[s->new_cell[i]] - 1);
        ps->pl.cell[i] = s->new_cell[i];
    }
    ps->pl.n = s->new_n;
    ps->st = NULL;
    ps->pk = NULL;
    ps->cap_n = -1;
    ps->seg = 0;
}

/*
 * Values a complete placement by the score difference it leaves (own score
 * minus the opponent's), counting captured stacks and the hand refill, and
 * breaking ties at random among the best.  The difference is worked out
 * from the placement alone, with no copy of the board: each card put down
 * adds one to the player's stacks, the captured stacks move their heights
 * from the opponent to the player, and the hand loses the cards and draws
 * back up to seven as far as the pile goes.
 */
static void value_plan(plan_search *ps)
{
    const clique *s = ps->s;
    const plan *pl = &ps->pl;
    pick *pk = ps->pk;
    int p = s->seat, put = pl->n - s->new_n;
    uint64_t placed = 0;
    uint16_t saved[MAX_NEW];
    for (int i = s->new_n; i < pl->n; i++) {
        placed |= 1ull << pl->cell[i];
        saved[i] = ps->code_at[pl->cell[i]];
        ps->code_at[pl->cell[i]] = attr_code[pl->card[i]];
    }
    /* The main Group always captures: its segment is full, forms a Group,
     * keeps an own card uncovered and holds an opponent's (segment_open).
     * So its opponent stacks turn without a test, and the segments that
     * could only turn some of them are not tested either. */
    uint64_t main = ps->b->mask[ps->seg] & ps->m.theirs;
    if (ps->cap_n < 0)
        ps->cap_n = capture_lines(ps->b, ps->m.fresh | placed,
                                  ps->m.full | placed, ps->m.own & ~placed,
                                  ps->m.theirs, main, ps->cap);
    uint64_t flip = main | captured(ps->b, ps->code_at, ps->cap, ps->cap_n,
                                    ps->m.theirs);
    for (int i = pl->n - 1; i >= s->new_n; i--)
        ps->code_at[pl->cell[i]] = saved[i];
    int turned = 0;
    for (uint64_t f = flip; f; f &= f - 1)
        turned += s->height[__builtin_ctzll(f)];
    int hand = s->hand_n[p] - put, refill = HAND - hand;
    hand += refill < s->deck_n ? refill : s->deck_n;
    int value = pk->base + put + 2 * turned - hand;
    if (pk->found && value < pk->best)
        return;
    unsigned ev = put ? (unsigned)(pl->card[s->new_n] * CELLS +
                                   pl->cell[s->new_n])
                      : EV_DONE;
    if (!pk->found || value > pk->best) {
        pk->best = value;
        pk->ties = 0;
        pk->found = 1;
        ev |= EV_BEST;
    }
    if (pk->ev_n < MEMO_EVENTS)
        pk->ev[pk->ev_n] = (uint16_t)ev;
    pk->ev_n++;
    pick_draw(pk, ev & ~EV_BEST);
}

/* Hands the complete placement ps->pl to what the search is for. */
static void visit(plan_search *ps)
{
    const plan *pl = &ps->pl;
    int new_n = ps->s->new_n;
    switch (ps->mode) {
    case VISIT_STEPS:
        if (pl->n == new_n)
            ps->st->done = 1;
        for (int i = new_n; i < pl->n; i++)
            ps->st->put[pl->card[i]] |= 1ull << pl->cell[i];
        break;
    case VISIT_ANY_PUT:
        ps->stop = pl->n > new_n;
        break;
    case VISIT_ANY:
        ps->stop = 1;
        break;
    default:
        value_plan(ps);
        break;
    }
}

/*
 * Gives each of the `slots` cells still to fill (at most three) a hand
 * card in turn, each card at most once, pruning as soon as the cards so
 * far cannot be a Group (code: the OR of the codes of the cards that
 * stay, which can be one or part of one), and visits each complete
 * placement: the first slot's card by hand order, then the second's, then
 * the third's.  first: the hand cards that fit the first slot
 * (fitting(code)), which the caller has worked out.
 */
static void fill_slots(plan_search *ps, const uint8_t *slot, int slots,
                       unsigned code, int len, unsigned first)
{
    const uint8_t *hand = ps->s->hand[ps->s->seat];
    const uint16_t *hc = ps->hand_code;
    int n0 = ps->s->new_n, hn = ps->hand_n;
    plan *pl = &ps->pl;
    pl->n = n0 + slots;
    if (slots == 0) {
        visit(ps);
        return;
    }
    pl->cell[n0] = slot[0];
    if (slots > 1)
        pl->cell[n0 + 1] = slot[1];
    if (slots > 2)
        pl->cell[n0 + 2] = slot[2];
    for (unsigned ma = first; ma; ma &= ma - 1) {
        int a = __builtin_ctz(ma);
        unsigned ca = code | hc[a];
        pl->card[n0] = hand[a];
        if (slots == 1) {
            visit(ps);
            if (ps->stop)
                return;
            continue;
        }
        unsigned mb = fitting(hc, hn, ca, len) & ~(1u << a);
        for (; mb; mb &= mb - 1) {
            int b = __builtin_ctz(mb);
            unsigned cb = ca | hc[b];
            pl->card[n0 + 1] = hand[b];
            if (slots == 2) {
                visit(ps);
                if (ps->stop)
                    return;
                continue;
            }
            unsigned mc = fitting(hc, hn, cb, len) &
                          ~(1u << a | 1u << b);
            for (; mc; mc &= mc - 1) {
                pl->card[n0 + 2] = hand[__builtin_ctz(mc)];
                visit(ps);
                if (ps->stop)
                    return;
            }
        }
    }
}

/*
 * Visits every complete placement whose main Group is segment i: all cards
 * put down so far lie on it, every empty cell of it gets a card, the
 * player may also cover some own cards on it, one to three cards are put
 * down in all, at least one own card that was already there stays
 * uncovered and at least one opponent card is in it.  The caller has
 * checked segment_open.
 */
static void search_segment(plan_search *ps, int i)
{
    const board_lines *b = ps->b;
    uint64_t line = b->mask[i];
    int len = b->len[i], new_n = ps->s->new_n;
    int own_n = 0, fixed_n = 0;
    uint8_t own[MAX_LINE];
    unsigned fixed = 0; /* codes of the cards that stay: new ones, opponent's */
    /* A segment's cells run in ascending order (tbi_sq_segments), so its
     * holes and own cells are read off masks in the segment's order. */
    for (uint64_t f = line & ps->m.full & ~ps->m.own; f; f &= f - 1) {
        fixed |= ps->code_at[__builtin_ctzll(f)];
        fixed_n++;
    }
    if (!kind_of(fixed, fixed_n, len))
        return;
    for (uint64_t o = line & ps->m.own; o; o &= o - 1)
        own[own_n++] = (uint8_t)__builtin_ctzll(o);
    int empty = len - fixed_n - own_n; /* the rest of its cells */
    /* Each subset of the own cards to cover, keeping one uncovered, that
     * puts down one to three cards (cover_ok) and leaves a Group possible:
     * the codes of the cards kept, for each subset, built up one card at a
     * time, and all the subsets tested with no jump on the answers (as in
     * fitting). */
    unsigned kept_code[1 << (MAX_LINE - 1)];
    int whole = (1 << own_n) - 1;
    kept_code[0] = fixed;
    for (int kept = 1; kept <= whole; kept++)
        kept_code[kept] = kept_code[kept & (kept - 1)] |
                          ps->code_at[own[__builtin_ctz((unsigned)kept)]];
    int spare = ps->hand_n - empty; /* hand cards left to cover with */
    unsigned valid = cover_ok[own_n][new_n + empty] &
                     covers_within[spare < 0 ? 0 : spare > 3 ? 3 : spare] &
                     (0u - (spare >= 0));
    for (int cover = 0; cover < whole; cover++) {
        int kept = whole ^ cover;
        valid &= ~((kind_ok(kept_code[kept], fixed_n + bits5((unsigned)kept),
                            len) ^ 1u)
                   << cover);
    }
    for (; valid; valid &= valid - 1) {
        int cover = __builtin_ctz(valid);
        int slots = empty + bits5((unsigned)cover);
        unsigned code = kept_code[whole ^ cover];
        /* The hand cards that fit the first cell to fill: for most covers
         * there are none, and they are passed before their cells are
         * listed. */
        unsigned first = fitting(ps->hand_code, ps->hand_n, code, len);
        if (!first && slots > 0)
            continue;
        /* The cells to fill: the holes, then the covered own cells. */
        uint8_t slot[MAX_LINE];
        int n = 0;
        for (uint64_t h = line & ~ps->m.full; h; h &= h - 1)
            slot[n++] = (uint8_t)__builtin_ctzll(h);
        for (int j = 0; j < own_n; j++)
            if (cover >> j & 1)
                slot[n++] = own[j];
        ps->cap_n = -1; /* new cells to fill */
        ps->seg = i;
        fill_slots(ps, slot, slots, code, len, first);
        if (ps->stop)
            return;
    }
}

/* Whether search_segment can find a placement on a segment of cells
 * `line` at all: it holds every card put down so far, an opponent's
 * stack and one of the player's own.  Then it has room enough: those
 * are new_n + 2 of its at most five cells, so new_n plus its empty cells
 * is at most three, the most a Group puts down. */
static int segment_open(const masks *m, uint64_t line)
{
    return !(m->fresh & ~line) & ((m->theirs & line) != 0) &
           ((m->own & line) != 0);
}

/* The code bits of a card's number, suit and colour (0-4, 5-8, 9-11). */
static inline void code_values(unsigned code, int *n, int *u, int *c)
{
    *n = __builtin_ctz(code & NUMBER_BITS);
    *u = __builtin_ctz(code & SUIT_BITS);
    *c = __builtin_ctz(code & COLOUR_BITS);
}

/* others[v]: the segments of p[] (one set per code bit) holding a card
 * with another value of v's attribute than v, for the bits lo..hi-1 of
 * one attribute. */
static void other_values(const segset *p, segset *others, int lo, int hi)
{
    for (int k = 0; k < SEG_V; k++) {
        segv before = {0}, after = {0};
        for (int v = lo; v < hi; v++) {
            others[v].v[k] = before;
            before |= p[v].v[k];
        }
        for (int v = hi - 1; v >= lo; v--) {
            others[v].v[k] |= after;
            after |= p[v].v[k];
        }
    }
}

/* The three attributes' others sets (other_values) of p. */
static void all_other_values(const segset *p, segset *others)
{
    other_values(p, others, 0, 5);
    other_values(p, others, 5, 9);
    other_values(p, others, 9, 12);
}

/*
 * With no card put down yet: the segments on which search_segment may
 * find a placement, worked out for all segments at once on sets of
 * segments (the segments through each cell, board_lines.through_set), so
 * that the segments without one, most of them, are not searched one by
 * one.  Every condition is one that a placement on the segment meets, so
 * a segment left out has none, and the search visits the same placements
 * in the same order.  A segment must hold an opponent's stack and one of
 * the player's own (segment_open), and then:
 *   - with one own stack, no own card may be covered, so the first cell
 *     filled takes a hand card h that fits all the stacks' top cards
 *     (fitting: h adds a value of the attribute that must vary, and
 *     keeps one of the two others to one value, or in a line of three
 *     adds a new suit and a new number), and the own card has a value of
 *     the attribute that must vary that no opponent's card there has;
 *   - with two or more, that hand card fits the opponent's cards on it
 *     (a part of the cards kept), and an own card on it (one is kept at
 *     least) has a value of the attribute that must vary that neither
 *     the hand card nor an opponent's card has and, in a line of four or
 *     five, shares with the hand card the attribute the opponent's cards
 *     keep to one value.
 * Looser than search_segment's own tests (the values are asked of the
 * segment's cards as sets: "some card of the segment has this value"),
 * never stricter.
 */
TBI_VECTOR_CLONES_FLAT
static void placeable(const plan_search *ps, segset *can)
{
    const board_lines *b = ps->b;
    /* Per code bit: the segments holding an opponent's (pt), an own (po)
     * or any (pa) card with that value. */
    segset pt[12], po[12], pa[12], nt[12], na[12];
    segset one, two; /* segments with one own stack at least, two */
    /* The segments holding an own card of a colour and suit (pcu), a
     * colour and number (pcn), a suit and number (pun). */
    segset pcu[3][4], pcn[3][5], pun[4][5];
    memset(pt, 0, sizeof pt);
    memset(po, 0, sizeof po);
    memset(pcu, 0, sizeof pcu);
    memset(pcn, 0, sizeof pcn);
    memset(pun, 0, sizeof pun);
    memset(&one, 0, sizeof one);
    memset(&two, 0, sizeof two);
    for (uint64_t m = ps->m.theirs; m; m &= m - 1) {
        int c = __builtin_ctzll(m), vn, vs, vc;
        const segv *t = b->through_set[c].v;
        code_values(ps->code_at[c], &vn, &vs, &vc);
        for (int k = 0; k < SEG_V; k++) {
            pt[vn].v[k] |= t[k];
            pt[vs].v[k] |= t[k];
            pt[vc].v[k] |= t[k];
        }
    }
    for (uint64_t m = ps->m.own; m; m &= m - 1) {
        int c = __builtin_ctzll(m), vn, vs, vc;
        const segv *t = b->through_set[c].v;
        code_values(ps->code_at[c], &vn, &vs, &vc);
        for (int k = 0; k < SEG_V; k++) {
            po[vn].v[k] |= t[k];
            po[vs].v[k] |= t[k];
            po[vc].v[k] |= t[k];
            pcu[vc - 9][vs - 5].v[k] |= t[k];
            pcn[vc - 9][vn].v[k] |= t[k];
            pun[vs - 5][vn].v[k] |= t[k];
            two.v[k] |= one.v[k] & t[k];
            one.v[k] |= t[k];
        }
    }
    for (int v = 0; v < 12; v++)
        for (int k = 0; k < SEG_V; k++)
            pa[v].v[k] = pt[v].v[k] | po[v].v[k];
    all_other_values(pt, nt);
    all_other_values(pa, na);
    segset fit_all, fit_two;
    memset(&fit_all, 0, sizeof fit_all);
    memset(&fit_two, 0, sizeof fit_two);
    for (int h = 0; h < ps->hand_n; h++) {
        int n, u, c; /* the hand card's number, suit and colour bits */
        code_values(ps->hand_code[h], &n, &u, &c);
        for (int k = 0; k < SEG_V; k++) {
            segv l3 = b->of_len[0].v[k], l4 = b->of_len[1].v[k],
                 l5 = b->of_len[2].v[k];
            /* fitting(h) on the cards of the segment's stacks. */
            segv fa =
                (l3 & ~pa[c].v[k] &
                 ~(na[u].v[k] & na[n].v[k] & (pa[u].v[k] | pa[n].v[k]))) |
                (l4 & ~pa[u].v[k] & ~(na[c].v[k] & na[n].v[k])) |
                (l5 & ~pa[n].v[k] & ~(na[c].v[k] & na[u].v[k]));
            /* With two own stacks or more: fitting(h) on the opponent's
             * cards with an own card that h may join: one whose value of
             * the attribute that must vary is neither h's nor an
             * opponent card's, and that shares with h the attribute that
             * the opponent's cards keep to h's value (or in a line of
             * three, a Motley Crew, any such card). */
            segv own3u = {0}, own3n = {0}, own3m = {0}, own4c = {0},
                 own4n = {0}, own5c = {0}, own5u = {0};
            for (int x = 0; x < 3; x++)
                if (x != c - 9) {
                    own3u |= pcu[x][u - 5].v[k] & ~pt[9 + x].v[k];
                    own3n |= pcn[x][n].v[k] & ~pt[9 + x].v[k];
                    own3m |= po[9 + x].v[k] & ~pt[9 + x].v[k];
                }
            for (int x = 0; x < 4; x++)
                if (x != u - 5) {
                    own4c |= pcu[c - 9][x].v[k] & ~pt[5 + x].v[k];
                    own4n |= pun[x][n].v[k] & ~pt[5 + x].v[k];
                }
            for (int x = 0; x < 5; x++)
                if (x != n) {
                    own5c |= pcn[c - 9][x].v[k] & ~pt[x].v[k];
                    own5u |= pun[u - 5][x].v[k] & ~pt[x].v[k];
                }
            segv ft2 =
                (l3 & ~pt[c].v[k] &
                 ((~nt[u].v[k] & own3u) | (~nt[n].v[k] & own3n) |
                  (~pt[u].v[k] & ~pt[n].v[k] & own3m))) |
                (l4 & ~pt[u].v[k] &
                 ((~nt[c].v[k] & own4c) | (~nt[n].v[k] & own4n))) |
                (l5 & ~pt[n].v[k] &
                 ((~nt[c].v[k] & own5c) | (~nt[u].v[k] & own5u)));
            fit_all.v[k] |= fa;
            fit_two.v[k] |= ft2;
        }
    }
    for (int k = 0; k < SEG_V; k++) {
        segv theirs = pt[9].v[k] | pt[10].v[k] | pt[11].v[k];
        /* With one own stack, its card's value of the attribute that must
         * vary is none of the opponent's cards' there (kind_ok of the
         * cards kept). */
        segv new3 = {0}, new4 = {0}, new5 = {0};
        for (int v = 0; v < 5; v++)
            new5 |= po[v].v[k] & ~pt[v].v[k];
        for (int v = 5; v < 9; v++)
            new4 |= po[v].v[k] & ~pt[v].v[k];
        for (int v = 9; v < 12; v++)
            new3 |= po[v].v[k] & ~pt[v].v[k];
        segv fresh_value = (b->of_len[0].v[k] & new3) |
                           (b->of_len[1].v[k] & new4) |
                           (b->of_len[2].v[k] & new5);
        can->v[k] = theirs & one.v[k] &
                    ((~two.v[k] & fit_all.v[k] & fresh_value) |
                     (two.v[k] & fit_two.v[k]));
    }
}

/* Visits every complete placement that extends the cards put down so far
 * (a placement may be visited once per segment that makes it legal), in
 * the order of the segments, until the search stops.  Once a card is
 * down, only the lines through it can hold the main Group. */
static void each_plan(plan_search *ps)
{
    const board_lines *b = ps->b;
    const clique *s = ps->s;
    /* With no card down yet a placement puts one down at least: an empty
     * hand has none (in playouts, where the pile runs out and hands are
     * replaced into it, about one search in twelve). */
    if (!s->new_n && !ps->hand_n)
        return;
    if (s->new_n) {
        int c = s->new_cell[0];
        for (int j = 0; j < b->through_n[c] && !ps->stop; j++) {
            int i = b->through[c][j];
            if (segment_open(&ps->m, b->mask[i]))
                search_segment(ps, i);
        }
        return;
    }
    segset can;
    placeable(ps, &can);
    for (int v = 0; v < SEG_V; v++)
        for (int w = 0; w < SEG_LANES; w++)
            for (uint64_t m = can.v[v][w]; m && !ps->stop; m &= m - 1)
                search_segment(ps, 64 * (SEG_LANES * v + w) +
                                       __builtin_ctzll(m));
}

/* ---------------------------------------------------------------- memo */

/*
 * ISMCTS asks the same search again and again: at every iteration whose
 * walk passes a node of the searching seat's own turn (the root above
 * all), the world holds the same board and the same hand of that seat,
 * since a determinized world deals again only what the seat has not seen.
 * So each thread keeps the last answers of the two searches that walk
 * asks (the legal steps, and the heuristic's placement search), keyed by
 * everything the search reads of the state; an answer found there is the
 * search's answer exactly.  The heuristic's answer is kept as the list of
 * placements that drew a tie-break number (pick.ev), and is replayed
 * drawing the same numbers, so the random stream and the choice are those
 * of the search.  In a playout the worlds part at once and the memo is
 * simply missed; no allocation, about 28 kB a thread.
 */
typedef struct search_key {
    uint64_t full, seat1;
    int16_t base;             /* the heuristic's: pick.base */
    uint8_t seat, new_n, hand_n, deck_n;
    uint8_t new_cell[MAX_NEW], hand[HAND];
    uint8_t top[CELLS];
    uint8_t height[CELLS];    /* the heuristic's (turned heights) */
} search_key;

/* Slots per thread, direct-mapped by hash: the heuristic's answers are
 * small and found again at more nodes of the tree than the legal steps.
 * A key's slot is read off the hash's high bits (MEMO_SLOT), the ones
 * every word of the key has reached. */
#define VALUE_SLOTS 64
#define STEPS_SLOTS 16
#define MEMO_SLOT(hash, slots) ((size_t)((hash) >> 32) % (slots))
/* An answer found again is kept against this many others that would take
 * its slot: those of a playout, which come once and go, must not push out
 * the root's, asked once an iteration (hits counts up to this). */
#define MEMO_KEEP 4

typedef struct value_memo {
    search_key key;
    int used, hits, n;
    uint16_t ev[MEMO_EVENTS];
} value_memo;

typedef struct steps_memo {
    search_key key;
    int used, hits;
    steps st;
} steps_memo;

/* Whether a new answer may take a slot: it is free, or its answer has not
 * been found again lately (each refusal ages it). */
static int memo_yields(int used, int *hits)
{
    if (used && *hits > 0) {
        --*hits;
        return 0;
    }
    return 1;
}

static _Thread_local value_memo value_memos[VALUE_SLOTS];
static _Thread_local steps_memo steps_memos[STEPS_SLOTS];

/* Fills the key of a search of the seat to move in s (with the board's
 * heights, the pile's size and base when `value`, for the heuristic) and
 * returns its hash. */
static uint64_t search_key_of(const clique *s, int value, int base,
                              search_key *k)
{
    int p = s->seat;
    memset(k, 0, sizeof *k); /* padding and unused places compare equal */
    k->full = s->full;
    k->seat1 = s->seat1;
    k->seat = (uint8_t)p;
    k->new_n = s->new_n;
    memcpy(k->new_cell, s->new_cell, s->new_n);
    k->hand_n = s->hand_n[p];
    memcpy(k->hand, s->hand[p], s->hand_n[p]);
    memcpy(k->top, s->top, CELLS);
    if (value) {
        k->base = (int16_t)base;
        k->deck_n = s->deck_n;
        memcpy(k->height, s->height, CELLS);
    }
    uint64_t w[sizeof *k / 8], h = 0;
    memcpy(w, k, sizeof w);
    for (size_t i = 0; i < sizeof w / 8; i++)
        h = (h ^ w[i]) * 0x9e3779b97f4a7c15ull;
    return h;
}

/* The legal next steps of the seat to move (steps_memos keeps the last
 * answers). */
static void find_steps(const clique *s, steps *st)
{
    search_key key;
    steps_memo *m =
        &steps_memos[MEMO_SLOT(search_key_of(s, 0, 0, &key), STEPS_SLOTS)];
    if (m->used && !memcmp(&m->key, &key, sizeof key)) {
        m->hits += m->hits < MEMO_KEEP;
        *st = m->st;
        return;
    }
    plan_search ps;
    memset(st, 0, sizeof *st);
    plan_search_init(&ps, s, VISIT_STEPS);
    ps.st = st;
    each_plan(&ps);
    if (memo_yields(m->used, &m->hits)) {
        m->key = key;
        m->st = *st;
        m->used = 1;
    }
}

/* Whether a search of the given mode (VISIT_ANY_PUT or VISIT_ANY) finds
 * a placement. */
static int finds_any(const clique *s, int mode)
{
    plan_search ps;
    plan_search_init(&ps, s, mode);
    each_plan(&ps);
    return ps.stop;
}

/* Writes the put-down steps in ascending action order; returns the count. */
static int list_puts(const steps *st, tb_action *out)
{
    int n = 0;
    for (int card = 0; card < TBI_MQ_CARDS; card++)
        for (uint64_t m = st->put[card]; m; m &= m - 1)
            out[n++] = A_PUT + (tb_action)(card * CELLS + __builtin_ctzll(m));
    return n;
}

/* Whether the seat to move may start a replacement: it has cards, and has
 * not taken one back this turn. */
static int can_replace(const clique *s)
{
    return s->hand_n[s->seat] > 0 && !s->withdrawn;
}

static int legal(const void *vs, tb_action *out)
{
    const clique *s = vs;
    int p = s->seat, n = 0;
    if (s->phase == PH_REPLACE) {
        for (int i = 0; i < s->hand_n[p]; i++)
            if (!(s->aside >> i & 1))
                out[n++] = A_ASIDE + s->hand[p][i];
        if (s->aside)
            out[n++] = A_DONE;
        out[n++] = A_BACK;
        return n;
    }
    steps st;
    find_steps(s, &st);
    n = list_puts(&st, out);
    if (s->phase == PH_PLACE) {
        if (st.done)
            out[n++] = A_DONE;
        return n;
    }
    if (can_replace(s))
        out[n++] = A_REPLACE;
    out[n++] = A_PASS;
    return n;
}

/* Ends the turn of the seat to move and hands it to the other. */
static void next_turn(clique *s)
{
    s->seat ^= 1u;
    s->turn++;
    s->phase = PH_TURN;
    s->withdrawn = 0;
}

/* The opponent stacks the cards put down this turn capture (capture_mask
 * on the board as it stands). */
static uint64_t captures(const clique *s)
{
    uint16_t code_at[CELLS + 1];
    masks m = board_masks(s);
    code_at[NO_CELL] = 0;
    for (uint64_t f = s->full; f; f &= f - 1) {
        int c = __builtin_ctzll(f);
        code_at[c] = attr_code[s->top[c] - 1];
    }
    return capture_mask(board(), code_at, m.fresh, m.full, m.own, m.theirs);
}
/* Finishes a placed Group: turns the captured stacks, refills the hand to
 * seven from the pile (as far as it goes) and passes the turn. */
static void resolve(clique *s)
{
    uint64_t flip = captures(s);
    turn_stacks(s, flip, s->seat);
    s->last_kind = LAST_GROUP;
    s->last_seat = s->group_seat = s->seat;
    s->last_count = s->group_n = s->new_n;
    memcpy(s->group_cell, s->new_cell, sizeof s->group_cell);
    s->group_flip = flip;
    while (s->hand_n[s->seat] < HAND && s->deck_n > 0)
        draw(s, s->seat);
    s->new_n = 0;
    s->passes = 0;
    s->idle = 0;
    next_turn(s);
}

/* Finishes a replacement: the set-aside cards leave the hand, as many cards
 * are drawn as the pile allows, then the set-aside cards go into the pile,
 * which is shuffled (a chance node) unless it holds a single card. */
static void finish_replace(clique *s)
{
    int p = s->seat, k = 0;
    uint8_t aside[HAND], keep[HAND], kept = 0;
    for (int i = 0; i < s->hand_n[p]; i++) {
        if (s->aside >> i & 1)
            aside[k++] = s->hand[p][i];
        else
            keep[kept++] = s->hand[p][i];
    }
    memcpy(s->hand[p], keep, kept);
    s->hand_n[p] = kept;
    for (int i = 0; i < k && s->deck_n > 0; i++)
        draw(s, p);
    for (int i = 0; i < k; i++)
        s->deck[s->deck_n++] = aside[i];
    s->aside = 0;
    s->passes = 0;
    s->last_kind = LAST_REPLACE;
    s->last_seat = (uint8_t)p;
    s->last_count = (uint8_t)k;
    if (++s->idle >= STALL_TURNS)
        s->phase = PH_OVER;
    else if (s->deck_n > 1)
        s->phase = PH_SHUFFLE;
    else
        next_turn(s);
}

/* Index of card in seat p's hand, or -1. */
static int hand_index(const clique *s, int p, int card)
{
    for (int i = 0; i < s->hand_n[p]; i++)
        if (s->hand[p][i] == card)
            return i;
    return -1;
}

/* Puts down one card of a Group; the Group is finished at once when it
 * cannot take another card. */
static void apply_put(clique *s, int card, int cell)
{
    int p = s->seat;
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)card);
    put_card(s, cell, card, p);
    s->new_cell[s->new_n++] = (uint8_t)cell;
    s->phase = PH_PLACE;
    if (s->new_n < MAX_NEW && finds_any(s, VISIT_ANY_PUT))
        return;
    resolve(s);
}

static void apply(void *vs, tb_action a)
{
    clique *s = vs;
    int p = s->seat;
    if (a == A_PASS) {
        s->last_kind = LAST_PASS;
        s->last_seat = (uint8_t)p;
        s->last_count = 0;
        s->idle++;
        if (++s->passes >= 2 || s->idle >= STALL_TURNS)
            s->phase = PH_OVER;
        else
            next_turn(s);
    } else if (a == A_REPLACE) {
        s->phase = PH_REPLACE;
        s->aside = 0;
    } else if (a == A_BACK) {
        /* Nothing was drawn or shuffled yet: the set-aside cards simply
         * stay in the hand, and the turn is open again. */
        s->phase = PH_TURN;
        s->aside = 0;
        s->withdrawn = 1;
    } else if (a == A_DONE) {
        if (s->phase == PH_REPLACE)
            finish_replace(s);
        else
            resolve(s);
    } else if (a >= A_ASIDE) {
        s->aside |= (uint8_t)(1u << hand_index(s, p, (int)(a - A_ASIDE)));
        if (s->aside == (1u << s->hand_n[p]) - 1)
            finish_replace(s);
    } else {
        apply_put(s, (int)((a - A_PUT) / CELLS), (int)((a - A_PUT) % CELLS));
    }
}

/* ---------------------------------------------------------------- score */

/* Cards in the stacks seat p owns. */
static int board_cards(const clique *s, int p)
{
    int n = 0;
    for (uint64_t m = p ? s->seat1 : s->full & ~s->seat1; m; m &= m - 1)
        n += s->height[__builtin_ctzll(m)];
    return n;
}

/* The score the rules give: cards in owned stacks minus cards in hand. */
static int score_of(const clique *s, int p)
{
    return board_cards(s, p) - s->hand_n[p];
}

/* The tiebreaker: the cards (whole stacks) of every intact Group seat p
 * owns entirely, once per Group, twice for a Clique with two attributes
 * constant. */
static int tiebreak_of(const clique *s, int p)
{
    const board_lines *b = board();
    uint64_t mine = p ? s->seat1 : s->full & ~s->seat1;
    int total = 0;
    for (int j = 0; j < b->n; j++) {
        if (b->mask[j] & ~mine)
            continue; /* a cell of it is empty or not p's */
        uint8_t cards[MAX_LINE];
        int stacked = 0;
        for (int i = 0; i < b->len[j]; i++) {
            int c = b->cells[j][i];
            cards[i] = (uint8_t)(s->top[c] - 1);
            stacked += s->height[c];
        }
        total += group_kind(cards, b->len[j], b->len[j]) * stacked;
    }
    return total;
}

/* Ranks by score, then by the tiebreaker; seats equal in both share. */
static void result(const void *vs, tb_result *out)
{
    const clique *s = vs;
    int score[2], tie[2];
    out->players = 2;
    for (int p = 0; p < 2; p++) {
        score[p] = score_of(s, p);
        tie[p] = tiebreak_of(s, p);
        out->score[p] = score[p];
    }
    for (int p = 0; p < 2; p++) {
        int q = 1 - p;
        int behind = score[q] > score[p] ||
                     (score[q] == score[p] && tie[q] > tie[p]);
        out->rank[p] = 1 + behind;
    }
}

static int standing(const void *vs, double *scores)
{
    const clique *s = vs;
    if (s->phase == PH_DEAL)
        return 0;
    for (int p = 0; p < 2; p++)
        scores[p] = score_of(s, p);
    return s->turn;
}

/* Whether the seat placing a Group can go on: the cards put down are a
 * Group already, or some card of its hand can be put down next. */
static int can_go_on(const clique *s)
{
    return finds_any(s, VISIT_ANY);
}

/* Deals that determinize draws, at most, before it builds one. */
#define REDEAL_TRIES 64

/* The i-th place holding a card `seat` has not seen: the placing seat's
 * hand, then the other hand unless it is seat's own, then the pile. */
static uint8_t *unseen_at(clique *s, int seat, int i)
{
    int p = s->seat, q = 1 - p;
    if (i < s->hand_n[p])
        return &s->hand[p][i];
    i -= s->hand_n[p];
    if (q != seat) {
        if (i < s->hand_n[q])
            return &s->hand[q][i];
        i -= s->hand_n[q];
    }
    return &s->deck[i];
}

static void swap_u8(uint8_t *a, uint8_t *b)
{
    uint8_t c = *a;
    *a = *b;
    *b = c;
}

/*
 * The last resort of determinize: brings one unseen card, then two, into
 * the placing seat's hand (the first two places of it), trying them in the
 * order the last deal left them, which depends on nothing seat has not
 * seen, until the Group can go on.  The true hand proves that one or two
 * such cards exist among them.
 */
static void give_a_way_on(clique *s, int seat)
{
    int p = s->seat, q = 1 - p, h = s->hand_n[p];
    int n = h + (q != seat ? s->hand_n[q] : 0) + s->deck_n;
    for (int two = 0; two < 2 && two < h; two++) {
        for (int x = 0; x < n; x++) {
            for (int y = two ? 0 : n - 1; y < n; y++) {
                if (two && y == x)
                    continue;
                clique t = *s;
                swap_u8(&t.hand[p][0], unseen_at(&t, seat, x));
                if (two) /* where the card first at y is now */
                    swap_u8(&t.hand[p][1], unseen_at(&t, seat, y ? y : x));
                tbi_sort_u8(t.hand[p], h);
                tbi_sort_u8(t.hand[q], t.hand_n[q]);
                if (can_go_on(&t)) {
                    *s = t;
                    return;
                }
            }
        }
    }
}

/*
 * Deals the unseen cards again: the other seat's hand (with any cards it
 * has set aside) and the draw pile are pooled, shuffled and handed back in
 * the same numbers.  A Group being placed is a begun choice everybody saw:
 * the placing seat is known to hold cards that finish it, so a deal that
 * leaves it no way on is drawn again (which samples exactly the hands
 * consistent with that), and in the unlikely case that many deals all fail
 * the cards are moved into its hand by give_a_way_on.
 */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    clique *s = vs;
    if (s->phase == PH_DEAL)
        return;
    for (int tries = 0; tries < REDEAL_TRIES; tries++) {
        tbi_redeal_hands_and_pile(s->hand[0], sizeof s->hand[0], s->hand_n, 2,
                                  seat, s->deck, s->deck_n, rng);
        if (s->phase != PH_PLACE || seat == s->seat || can_go_on(s))
            return;
    }
    give_a_way_on(s, seat);
}

/* ---------------------------------------------------------------- text */

static void cell_name(int cell, char *buf, size_t cap)
{
    tbi_sq_cell_name(SIDE, SIDE, cell, buf, cap);
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    char card[16], cell[8];
    if (a == A_DONE) {
        snprintf(buf, cap, "done");
    } else if (a == A_REPLACE) {
        snprintf(buf, cap, "replace");
    } else if (a == A_PASS) {
        snprintf(buf, cap, "pass");
    } else if (a == A_BACK) {
        snprintf(buf, cap, "back");
    } else if (a >= A_ASIDE) {
        tbi_mq_short_name((int)(a - A_ASIDE), 0, buf, cap);
    } else {
        tbi_mq_short_name((int)((a - A_PUT) / CELLS), 0, card, sizeof card);
        cell_name((int)((a - A_PUT) % CELLS), cell, sizeof cell);
        snprintf(buf, cap, "%s %s", card, cell);
    }
}

/* Explains why a card cannot go to a cell now. */
static void explain_put(const clique *s, int card, int cell, char *err,
                        size_t cap)
{
    char name[16], where[8];
    tbi_mq_short_name(card, 0, name, sizeof name);
    cell_name(cell, where, sizeof where);
    if (hand_index(s, s->seat, card) < 0)
        tbi_errf(err, cap, "%s is not in your hand", name);
    else if (s->top[cell] && s->owner[cell] != s->seat)
        tbi_errf(err, cap, "%s holds your opponent's card", where);
    else if (is_new(s, cell))
        tbi_errf(err, cap, "you have just put a card on %s", where);
    else
        tbi_errf(err, cap, "%s on %s cannot complete a Clique or Motley Crew "
                 "of one to three cards with your cards and your opponent's",
                 name, where);
}

/* Reads text that is one keyword (done, replace, pass, back) and nothing
 * else. */
static int read_keyword(const char *text, tb_action *out)
{
    static const struct {
        const char *word;
        tb_action a;
    } words[] = {{"done", A_DONE},
                 {"replace", A_REPLACE},
                 {"pass", A_PASS},
                 {"back", A_BACK}};
    char word[16];
    size_t n = 0;
    while (text[n] && text[n] != ' ' && n + 1 < sizeof word) {
        word[n] = text[n];
        n++;
    }
    word[n] = '\0';
    if (*tbi_skip_space(text + n))
        return 0;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (tbi_word_eq(word, words[i].word)) {
            *out = words[i].a;
            return 1;
        }
    }
    return 0;
}

/* Whether `done` is legal now: the cards put down so far are a Group
 * (public: it does not depend on the hand), or cards are set aside. */
static int done_is_legal(const clique *s)
{
    if (s->phase == PH_REPLACE)
        return s->aside != 0;
    if (s->phase != PH_PLACE)
        return 0;
    steps st;
    find_steps(s, &st);
    return st.done;
}

/* Says what the seat to move may do now, naming only moves that are legal:
 * a real card and cell of its own as the example, `done` only when a
 * Group or a replacement can end, `replace` only with cards in hand. */
static void hint_moves(const clique *s, tb_text *t)
{
    tb_action acts[HAND * CELLS + 2]; /* every put, replace and pass */
    int n = legal(s, acts), done = done_is_legal(s);
    char ex[TB_ACTION_TEXT] = "";
    if (n > 0 && (acts[0] < A_DONE || acts[0] >= A_ASIDE))
        action_text(s, acts[0], ex, sizeof ex);
    if (s->phase == PH_REPLACE) {
        tb_text_printf(t, "set aside a card of your hand (e.g. %s)%s, or "
                       "back to keep your cards", ex,
                       done ? ", done to draw" : "");
        return;
    }
    if (ex[0])
        tb_text_printf(t, "put down a card on a cell (e.g. %s)", ex);
    else if (s->phase == PH_TURN)
        tb_text_puts(t, "no Group can be placed from your hand");
    if (s->phase == PH_PLACE) {
        if (done)
            tb_text_puts(t, ", or type done to end the Group");
        return;
    }
    tb_text_printf(t, "%s%s pass", can_replace(s) ? ", replace" : "",
                   ex[0] || can_replace(s) ? " or" : ":");
}

/* Writes an error message: what is wrong, then what may be done now. */
static void refuse(const clique *s, char *err, size_t cap, const char *what)
{
    tb_text t;
    tb_text_init(&t, err, cap);
    tb_text_printf(&t, "%s: ", what);
    hint_moves(s, &t);
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const clique *s = vs;
    if (read_keyword(text, out)) {
        /* Explains a keyword that does not fit the moment (the engine
         * refuses it as illegal and shows this). */
        if (s->phase == PH_PLACE && *out != A_DONE)
            refuse(s, err, cap, "finish the Group you are placing");
        else if (s->phase == PH_PLACE && !done_is_legal(s))
            refuse(s, err, cap, "the cards put down are not a Group yet");
        else if (s->phase == PH_REPLACE && *out != A_DONE && *out != A_BACK)
            refuse(s, err, cap, "you are replacing cards");
        else if (s->phase == PH_REPLACE && *out == A_DONE && !s->aside)
            refuse(s, err, cap, "set aside at least one card first");
        else if (s->phase == PH_TURN && *out == A_BACK)
            refuse(s, err, cap, "back takes back a replacement you have "
                   "started; there is none");
        else if (s->phase == PH_TURN && *out == A_REPLACE && s->withdrawn)
            refuse(s, err, cap, "you took a replacement back this turn");
        else if (s->phase == PH_TURN && *out == A_DONE)
            refuse(s, err, cap, "nothing to finish");
        else if (s->phase == PH_TURN && *out == A_REPLACE && !s->hand_n[s->seat])
            refuse(s, err, cap, "you have no cards to replace");
        return TB_OK;
    }
    int card, cell;
    const char *end = tbi_mq_parse(text, 0, &card);
    if (!end) {
        refuse(s, err, cap, s->phase == PH_REPLACE
               ? "type a card as number, colour and suit (3Rc is the 3 of "
                 "red crowns)"
               : "type a card as number, colour and suit (3Rc is the 3 of "
                 "red crowns) and a cell (a1 to g7)");
        return TB_EPARSE;
    }
    end = tbi_skip_space(end);
    if (s->phase == PH_REPLACE) {
        if (*end) {
            refuse(s, err, cap, "while replacing, type just the card");
            return TB_EPARSE;
        }
        *out = A_ASIDE + (tb_action)card;
        if (hand_index(s, s->seat, card) < 0)
            tbi_errf(err, cap, "that card is not in your hand");
        return TB_OK;
    }
    if (*end == '@' || *end == '-')
        end = tbi_skip_space(end + 1);
    const char *after = tbi_sq_read_cell(end, SIDE, SIDE, &cell);
    if (!after || *tbi_skip_space(after)) {
        refuse(s, err, cap, "after the card, type the cell (a1 to g7)");
        return TB_EPARSE;
    }
    if (cell < 0) {
        tbi_errf(err, cap, "cards stay on the 7x7 board: a1 to g7");
        return TB_EPARSE;
    }
    *out = A_PUT + (tb_action)(card * CELLS + cell);
    /* The explanation is for a put the engine will refuse: a message
     * written for a legal action would refuse it (tb_parse_action). */
    tb_action acts[TB_MAX_ACTIONS];
    int n = legal(s, acts), listed = 0;
    for (int i = 0; i < n && !listed; i++)
        listed = acts[i] == *out;
    if (!listed)
        explain_put(s, card, cell, err, cap);
    return TB_OK;
}

/* ---------------------------------------------------------------- views */

/* Whether the seat viewing may see the cards seat p holds. */
static int sees_hand(int seat, int p)
{
    return seat == p;
}

/* Whether cell holds a card of the last Group placed. */
static int in_last_group(const clique *s, int cell)
{
    for (int i = 0; i < s->group_n; i++)
        if (s->group_cell[i] == cell)
            return 1;
    return 0;
}

/* Writes one board cell, 8 characters wide: |card| for the first player's
 * upright cards, =card= for the second player's sideways ones, then the
 * stack's height when above one, * for a card put down this turn, + for a
 * card of the last Group placed and ! for a stack that Group turned. */
static void render_cell(const clique *s, tb_text *t, int c, unsigned style)
{
    if (!s->top[c]) {
        tb_text_printf(t, "  %s.%s     ", tbi_color(style, TBI_DIM),
                       tbi_color(style, TBI_RESET));
        return;
    }
    const char *mark = s->owner[c] ? "=" : "|";
    const char *col = tbi_color(style, s->owner[c] ? TBI_MAGENTA : TBI_CYAN);
    const char *reset = tbi_color(style, TBI_RESET);
    tb_text_printf(t, "%s%s%s", col, mark, reset);
    tbi_mq_render(t, s->top[c] - 1, 0, style);
    tb_text_printf(t, "%s%s%s", col, mark, reset);
    int used = 5 + ((style & TB_STYLE_UNICODE) != 0);
    if (s->height[c] > 1) {
        tb_text_printf(t, "%d", s->height[c]);
        used += s->height[c] >= 10 ? 2 : 1;
    }
    const char *flag = is_new(s, c) ? "*"
                       : in_last_group(s, c) ? "+"
                       : s->group_flip >> c & 1 ? "!" : NULL;
    if (flag) {
        tb_text_printf(t, "%s%s%s", tbi_color(style, TBI_BOLD), flag, reset);
        used++;
    }
    tb_text_printf(t, "%*s", used < 8 ? 8 - used : 1, "");
}

/* The column letters, each over the middle of its cells. */
static void render_columns(tb_text *t)
{
    tb_text_puts(t, "      ");
    for (int x = 0; x < SIDE; x++)
        tb_text_printf(t, "%*c", x ? 8 : 3, 'a' + x);
    tb_text_puts(t, "\n");
}

static void render_hand(const clique *s, tb_text *t, int p, unsigned style)
{
    for (int i = 0; i < s->hand_n[p]; i++) {
        tb_text_puts(t, " ");
        tbi_mq_render(t, s->hand[p][i], 0, style);
        if (s->phase == PH_REPLACE && s->seat == p && (s->aside >> i & 1))
            tb_text_puts(t, "(aside)");
    }
}

/* The cards in the stacks on the cells of mask. */
static int mask_cards(const clique *s, uint64_t mask)
{
    int n = 0;
    for (int c = 0; c < CELLS; c++)
        if (mask >> c & 1)
            n += s->height[c];
    return n;
}

/* Appends the cells of mask, as "d4, e5". */
static void cells_text(tb_text *t, uint64_t mask)
{
    const char *sep = "";
    for (int c = 0; c < CELLS; c++) {
        if (!(mask >> c & 1))
            continue;
        char name[8];
        cell_name(c, name, sizeof name);
        tb_text_printf(t, "%s%s", sep, name);
        sep = ", ";
    }
}

/* Lists every stack of two or more cards, top card first, a few to a
 * line: the cards below were face up when put down, so both players know
 * them. */
static void render_stacks(const clique *s, tb_text *t, unsigned style)
{
    int width = 0; /* printed width of the current line, 0: none begun */
    int card_w = 4 + ((style & TB_STYLE_UNICODE) != 0);
    for (int c = 0; c < CELLS; c++) {
        if (s->height[c] < 2)
            continue;
        int w = 2 + card_w * s->height[c];
        if (!width) {
            tb_text_puts(t, "  stacks, top card first:\n   ");
            width = 3;
        } else if (width + 3 + w > 76) {
            tb_text_puts(t, "\n   ");
            width = 3;
        } else {
            tb_text_puts(t, "  ");
            width += 2;
        }
        char name[8];
        cell_name(c, name, sizeof name);
        tb_text_printf(t, " %s", name);
        for (int k = s->top[c]; k; k = s->below[k - 1]) {
            tb_text_puts(t, " ");
            tbi_mq_render(t, k - 1, 0, style);
        }
        width += 1 + w;
    }
    if (width)
        tb_text_puts(t, "\n");
}

/* Says what the last Group did (its marks on the board) and the last turn
 * when it was a replacement or a pass. */
static void render_last(const clique *s, tb_text *t)
{
    if (s->group_n) {
        int n = mask_cards(s, s->group_flip);
        tb_text_printf(t, "  last Group: seat %d put down %d card%s (+) and "
                       "turned %d card%s (!: ", s->group_seat, s->group_n,
                       s->group_n == 1 ? "" : "s", n, n == 1 ? "" : "s");
        cells_text(t, s->group_flip);
        tb_text_puts(t, ")\n");
    }
    if (s->last_kind == LAST_REPLACE)
        tb_text_printf(t, "  last turn: seat %d replaced %d card%s\n",
                       s->last_seat, s->last_count,
                       s->last_count == 1 ? "" : "s");
    else if (s->last_kind == LAST_PASS)
        tb_text_printf(t, "  last turn: seat %d passed\n", s->last_seat);
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const clique *s = vs;
    tb_text_printf(t, "%sClique Mystique%s  turn %d, %d cards in the deck\n",
                   tbi_color(style, TBI_BOLD), tbi_color(style, TBI_RESET),
                   s->turn, s->deck_n);
    if (s->phase == PH_DEAL)
        return;
    render_columns(t);
    for (int y = 0; y < SIDE; y++) {
        tb_text_printf(t, "  %d   ", SIDE - y);
        for (int x = 0; x < SIDE; x++)
            render_cell(s, t, y * SIDE + x, style);
        tb_text_printf(t, "%d\n", SIDE - y);
    }
    render_columns(t);
    tb_text_puts(t, "  |card| upright: seat 0's   =card= sideways: seat 1's   "
                 "digit: cards in the stack\n  * put down this turn   + the "
                 "last Group placed   ! a stack it turned   centre: d4\n");
    render_stacks(s, t, style);
    render_last(s, t);
    for (int p = 0; p < 2; p++) {
        tb_text_printf(t, "  seat %d%s: %d cards on the board, %d in hand, "
                       "score %d", p, p == seat ? " (you)" : "",
                       board_cards(s, p), s->hand_n[p], score_of(s, p));
        if (s->phase != PH_OVER && p == s->seat)
            tb_text_puts(t, "  <- to play");
        tb_text_puts(t, "\n");
    }
    if (seat >= 0 && seat < 2) {
        tb_text_puts(t, "  your hand:");
        render_hand(s, t, seat, style);
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_PLACE)
        tb_text_printf(t, "  seat %d is placing a Group: %d card%s down\n",
                       s->seat, s->new_n, s->new_n == 1 ? "" : "s");
    else if (s->phase == PH_REPLACE)
        tb_text_printf(t, "  seat %d is replacing cards: %d set aside\n",
                       s->seat, __builtin_popcount(s->aside));
    else if (s->phase == PH_TURN && s->passes)
        tb_text_printf(t, "  seat %d passed; another pass ends the game\n",
                       s->seat ^ 1);
    else if (s->phase == PH_OVER)
        tb_text_printf(t, "  game over; tiebreaker (cards in intact Groups): "
                       "%d - %d\n", tiebreak_of(s, 0), tiebreak_of(s, 1));
    if (seat == s->seat && current(s) == seat) {
        tb_text_puts(t, "  you may: ");
        hint_moves(s, t);
        tb_text_puts(t, "\n");
    }
}

/* The cards of the stack on cell, bottom first, as a JSON array. */
static json_t *stack_json(const clique *s, int cell)
{
    uint8_t cards[TBI_MQ_CARDS];
    int n = 0;
    for (int c = s->top[cell]; c; c = s->below[c - 1])
        cards[n++] = (uint8_t)(c - 1);
    json_t *arr = json_array();
    while (n > 0)
        json_array_append_new(arr, json_integer(cards[--n]));
    return arr;
}

static json_t *view_json(const void *vs, int seat)
{
    const clique *s = vs;
    static const char *phase_names[] = {"deal", "turn", "place", "replace",
                                        "shuffle", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "turn", json_integer(s->turn));
    json_object_set_new(v, "seat", json_integer(s->seat));
    json_object_set_new(v, "passes", json_integer(s->passes));
    if (s->withdrawn) /* public: everyone saw the replacement taken back */
        json_object_set_new(v, "withdrawn", json_true());
    json_object_set_new(v, "deck", json_integer(s->deck_n));
    json_t *board = json_object();
    for (int c = 0; c < CELLS && s->phase != PH_DEAL; c++) {
        if (!s->top[c])
            continue;
        char name[8];
        cell_name(c, name, sizeof name);
        json_t *o = json_object();
        json_object_set_new(o, "owner", json_integer(s->owner[c]));
        json_object_set_new(o, "stack", stack_json(s, c));
        if (is_new(s, c))
            json_object_set_new(o, "new", json_true());
        json_object_set_new(board, name, o);
    }
    json_object_set_new(v, "board", board);
    json_t *seats = json_array();
    for (int p = 0; p < 2; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "hand_size", json_integer(s->hand_n[p]));
        json_object_set_new(o, "score", json_integer(score_of(s, p)));
        if (sees_hand(seat, p))
            json_object_set_new(o, "hand",
                                tbi_json_int_array(s->hand[p], s->hand_n[p]));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (s->phase == PH_REPLACE) {
        json_object_set_new(v, "set_aside",
                            json_integer(__builtin_popcount(s->aside)));
        if (sees_hand(seat, s->seat)) {
            uint8_t aside[HAND];
            int k = 0;
            for (int i = 0; i < s->hand_n[s->seat]; i++)
                if (s->aside >> i & 1)
                    aside[k++] = s->hand[s->seat][i];
            json_object_set_new(v, "aside_cards", tbi_json_int_array(aside, k));
        }
    }
    if (s->group_n) {
        json_t *o = json_object(), *cells = json_array(), *turned = json_array();
        char name[8];
        for (int i = 0; i < s->group_n; i++) {
            cell_name(s->group_cell[i], name, sizeof name);
            json_array_append_new(cells, json_string(name));
        }
        for (int c = 0; c < CELLS; c++) {
            if (!(s->group_flip >> c & 1))
                continue;
            cell_name(c, name, sizeof name);
            json_array_append_new(turned, json_string(name));
        }
        json_object_set_new(o, "seat", json_integer(s->group_seat));
        json_object_set_new(o, "cells", cells);
        json_object_set_new(o, "turned", turned);
        json_object_set_new(v, "last_group", o);
    }
    if (s->last_kind != LAST_NONE) {
        static const char *kinds[] = {"none", "group", "replace", "pass"};
        json_t *o = json_object();
        json_object_set_new(o, "seat", json_integer(s->last_seat));
        json_object_set_new(o, "kind", json_string(kinds[s->last_kind]));
        json_object_set_new(o, "cards", json_integer(s->last_count));
        json_object_set_new(v, "last_turn", o);
    }
    if (s->phase == PH_OVER) {
        json_t *tb = json_array();
        for (int p = 0; p < 2; p++)
            json_array_append_new(tb, json_integer(tiebreak_of(s, p)));
        json_object_set_new(v, "tiebreak", tb);
    }
    return v;
}

/* ---------------------------------------------------------------- log */

/* Appends the cards of hand `after` that hand `before` did not hold (the
 * cards just drawn), each after a space; returns how many there are. */
static int new_cards(const uint8_t *before, int nb, const uint8_t *after,
                     int na, tb_text *t)
{
    int n = 0;
    for (int i = 0; i < na; i++) {
        if (tbi_hand_has(before, nb, after[i]))
            continue;
        if (t) {
            char name[16];
            tbi_mq_short_name(after[i], 0, name, sizeof name);
            tb_text_printf(t, " %s", name);
        }
        n++;
    }
    return n;
}

/* Says how many cards seat p drew after its turn (which ones, to p). */
static void describe_draw(const clique *b, const clique *s, int p, int seat,
                          tb_text *t)
{
    int n = new_cards(b->hand[p], b->hand_n[p], s->hand[p], s->hand_n[p],
                      NULL);
    if (n == 0) {
        tb_text_printf(t, "seat %d draws no card: the pile is empty\n", p);
        return;
    }
    tb_text_printf(t, "seat %d draws %d card%s", p, n, n == 1 ? "" : "s");
    if (seat == p) {
        tb_text_puts(t, ":");
        new_cards(b->hand[p], b->hand_n[p], s->hand[p], s->hand_n[p], t);
    }
    tb_text_puts(t, "\n");
}

/* The end of the game: both scores, and who wins (by the tiebreaker when
 * the scores are level). */
static void describe_end(const clique *s, tb_text *t)
{
    tb_text_puts(t, "the game ends:");
    for (int p = 0; p < 2; p++)
        tb_text_printf(t, "%s seat %d scores %d (%d cards in its stacks, %d "
                       "in hand)", p ? ";" : "", p, score_of(s, p),
                       board_cards(s, p), s->hand_n[p]);
    tb_text_puts(t, "\n");
    int d = score_of(s, 0) - score_of(s, 1);
    int t0 = tiebreak_of(s, 0), t1 = tiebreak_of(s, 1);
    if (d)
        tb_text_printf(t, "seat %d wins\n", d > 0 ? 0 : 1);
    else if (t0 != t1)
        tb_text_printf(t, "level on score; the tiebreaker (cards in intact "
                       "Groups) is %d - %d: seat %d wins\n", t0, t1,
                       t0 > t1 ? 0 : 1);
    else
        tb_text_printf(t, "level on score and tiebreaker (%d each): a "
                       "draw\n", t0);
}

/* Says why the game ended after a pass or a replacement, then how. */
static void describe_over(const clique *s, tb_text *t)
{
    if (s->phase != PH_OVER)
        return;
    if (s->last_kind == LAST_PASS && s->passes >= 2)
        tb_text_puts(t, "both players passed in a row\n");
    else
        tb_text_printf(t, "%d turns in a row without a Group placed\n",
                       STALL_TURNS);
    describe_end(s, t);
}

/* A Group just finished: what it turned, the draw and the scores. */
static void describe_group(const clique *b, const clique *s, int seat,
                           tb_text *t)
{
    int p = b->seat, n = mask_cards(s, s->group_flip);
    tb_text_printf(t, " and captures %d card%s (", n, n == 1 ? "" : "s");
    cells_text(t, s->group_flip);
    tb_text_puts(t, ")\n");
    describe_draw(b, s, p, seat, t);
    tb_text_printf(t, "scores: seat 0 %d, seat 1 %d\n", score_of(s, 0),
                   score_of(s, 1));
}

/* Appends the cards put down so far in this turn's Group: " 5Bc at b4". */
static void placed_text(const clique *b, tb_text *t)
{
    for (int i = 0; i < b->new_n; i++) {
        char name[16], where[8];
        tbi_mq_short_name(b->top[b->new_cell[i]] - 1, 0, name, sizeof name);
        cell_name(b->new_cell[i], where, sizeof where);
        tb_text_printf(t, "%s%s at %s", i ? ", " : "", name, where);
    }
}

/*
 * How a move looks to seat.  A card put down is public ("seat 1 plays 2Rs
 * at f5"), and so is what a finished Group turns ("and captures 3 cards");
 * the cards drawn after it are told to the drawer only.  A replacement is
 * face down: the others hear "seat 1 sets a card aside" and "seat 1
 * replaces 2 cards", the replacer which cards left and came.
 */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const clique *b = vb, *s = va;
    int p = b->seat;
    char name[16], where[8];
    if (a == A_PASS) {
        tb_text_printf(t, "seat %d passes\n", p);
        describe_over(s, t);
    } else if (a == A_REPLACE) {
        tb_text_printf(t, "seat %d starts replacing cards (face down)\n", p);
    } else if (a == A_BACK) {
        tb_text_printf(t, "seat %d takes the replacement back and keeps its "
                       "cards\n", p);
    } else if (b->phase == PH_REPLACE) {
        if (a >= A_ASIDE && seat == p) {
            tbi_mq_short_name((int)(a - A_ASIDE), 0, name, sizeof name);
            tb_text_printf(t, "seat %d sets %s aside\n", p, name);
        } else if (a >= A_ASIDE) {
            tb_text_printf(t, "seat %d sets a card aside\n", p);
        }
        if (s->phase == PH_REPLACE)
            return;
        int k = s->last_count;
        tb_text_printf(t, "seat %d replaces %d card%s", p, k,
                       k == 1 ? "" : "s");
        if (seat == p) {
            tb_text_puts(t, ":");
            for (int i = 0; i < b->hand_n[p]; i++) {
                if (!(b->aside >> i & 1) && a != A_ASIDE + b->hand[p][i])
                    continue;
                tbi_mq_short_name(b->hand[p][i], 0, name, sizeof name);
                tb_text_printf(t, " %s", name);
            }
        }
        tb_text_puts(t, "\n");
        describe_draw(b, s, p, seat, t);
        tb_text_printf(t, "the card%s set aside %s shuffled into the pile\n",
                       k == 1 ? "" : "s", k == 1 ? "is" : "are");
        describe_over(s, t);
    } else if (a == A_DONE) {
        tb_text_printf(t, "seat %d ends its Group (", p);
        placed_text(b, t);
        tb_text_puts(t, ")");
        describe_group(b, s, seat, t);
    } else {
        int card = (int)((a - A_PUT) / CELLS), cell = (int)((a - A_PUT) % CELLS);
        tbi_mq_short_name(card, 0, name, sizeof name);
        cell_name(cell, where, sizeof where);
        tb_text_printf(t, "seat %d plays %s at %s", p, name, where);
        if (b->top[cell]) {
            tbi_mq_short_name(b->top[cell] - 1, 0, name, sizeof name);
            tb_text_printf(t, " (on its %s)", name);
        }
        if (s->phase == PH_PLACE) {
            tb_text_puts(t, "; the Group goes on\n");
            return;
        }
        if (b->new_n) {
            tb_text_puts(t, ", completing a Group with ");
            placed_text(b, t);
            tb_text_puts(t, ",");
        }
        describe_group(b, s, seat, t);
    }
}

/* ---------------------------------------------------------------- bot */

/* Whether seat p would win if the game ended now. */
static int winning(const clique *s, int p)
{
    int mine = score_of(s, p), theirs = score_of(s, 1 - p);
    return mine > theirs ||
           (mine == theirs && tiebreak_of(s, p) > tiebreak_of(s, 1 - p));
}

/*
 * The heuristic: end the game by passing when the opponent has just passed
 * and the bot is ahead; otherwise place the Group worth most (by the score
 * difference it leaves); failing that, replace the whole hand when that
 * helps (the pile is empty, so the hand shrinks, or the bot has not been
 * stuck long), else pass.
 */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const clique *s = vs;
    if (s->phase == PH_REPLACE) {
        for (int i = 0; i < s->hand_n[seat]; i++)
            if (!(s->aside >> i & 1))
                return A_ASIDE + s->hand[seat][i];
        return A_DONE;
    }
    if (s->phase == PH_TURN && s->passes && winning(s, seat))
        return A_PASS;
    pick pk = {.rng = rng, .card = -1, .cell = -1};
    pk.base = board_cards(s, seat) - board_cards(s, 1 - seat) +
              s->hand_n[1 - seat];
    search_key key;
    value_memo *m = &value_memos[MEMO_SLOT(
        search_key_of(s, 1, pk.base, &key), VALUE_SLOTS)];
    if (m->used && !memcmp(&m->key, &key, sizeof key)) {
        m->hits += m->hits < MEMO_KEEP;
        /* The search's draws again, from its list (value_memos). */
        for (int i = 0; i < m->n; i++) {
            if (m->ev[i] & EV_BEST)
                pk.ties = 0;
            pk.found = 1;
            pick_draw(&pk, m->ev[i] & ~EV_BEST);
        }
    } else {
        plan_search ps;
        plan_search_init(&ps, s, VISIT_VALUE);
        ps.pk = &pk;
        each_plan(&ps);
        if (pk.ev_n <= MEMO_EVENTS && memo_yields(m->used, &m->hits)) {
            m->used = 1;
            m->key = key;
            m->n = pk.ev_n;
            memcpy(m->ev, pk.ev, (size_t)pk.ev_n * sizeof pk.ev[0]);
        }
    }
    if (pk.found)
        return pk.card < 0 ? A_DONE
                           : A_PUT + (tb_action)(pk.card * CELLS + pk.cell);
    if (s->hand_n[seat] && (s->deck_n == 0 || s->idle < IDLE_LIMIT))
        return A_REPLACE;
    return A_PASS;
}

/* The setup deal: everyone is told the nine cards laid round d4 and whose
 * each is; each seat its own hand.  The shuffle of the cards set aside
 * into the pile (which the replacement's description announced) shows
 * nobody anything. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const clique *b = vb, *s = va;
    (void)outcome;
    (void)n;
    if (b->phase != PH_DEAL)
        return;
    tb_text_puts(t, "nine cards are laid round d4:");
    for (int y = 2; y <= 4; y++)
        for (int x = 2; x <= 4; x++) {
            char cell[8], name[8];
            int c = y * SIDE + x;
            cell_name(c, cell, sizeof cell);
            tbi_mq_short_name(s->top[c] - 1, 0, name, sizeof name);
            tb_text_printf(t, "%s %s %s", c == 2 * SIDE + 2 ? "" : ",", cell,
                           name);
        }
    tb_text_puts(t, " (the centre and the corners are seat 1's, the others "
                    "seat 0's)\n");
    tbi_say_deal(t, seat, 2, &s->hand[0][0], HAND, s->hand_n, tbi_mq_namer,
                 NULL);
}

/* ---------------------------------------------------------------- tensors */

/* Writes, for each cell, the place of the cell among the n cells given
 * (one-hot over MAX_NEW, none when it is not among them): the order in
 * which a Group's cards were put down. */
static void obs_cell_order(tbi_obs *o, const uint8_t *cells, int n)
{
    for (int c = 0; c < CELLS; c++) {
        int at = -1;
        for (int i = 0; i < n; i++)
            if (cells[i] == c)
                at = i;
        tbi_obs_onehot(o, at, MAX_NEW);
    }
}

/* seat's observation (docs/learning.md): its hand and, while it replaces,
 * the cards it has set aside (flags over the 60 ids); each card on the
 * board, its cell (one-hot over the 49) and its height in the stack (/10,
 * the bottom card 1/10), so that every stack is known to the last card;
 * each cell's owner (2 flags, the observer's first); the cards of the
 * Group being put down and of the last Group placed, each cell's place in
 * them (one-hot over 3), who placed the last Group (one-hot from seat)
 * and the stacks it turned (cell flags); the last turn's kind (none,
 * group, replace, pass), seat and cards (/7); per seat its cards in hand
 * (/7); the cards set aside (/7), the pile (/60), the passes in a row
 * (/2), the turns without a Group (/60), the turn (/100), whether a
 * replacement was taken back; the seat to move (one-hot from seat); the
 * phase (deal, turn, place, replace, shuffle, over).  A NULL out only
 * counts. */
static int observe(const void *vs, int seat, float *out)
{
    const clique *s = vs;
    tbi_obs o = {out, 0};
    int dealt = s->phase != PH_DEAL, mover = s->seat;
    int replacing = s->phase == PH_REPLACE;
    tbi_obs_mq_cards(&o, s->hand[seat], dealt ? s->hand_n[seat] : 0, 1);
    uint8_t aside[HAND];
    int k = 0;
    for (int i = 0; replacing && seat == mover && i < s->hand_n[mover]; i++)
        if (s->aside >> i & 1)
            aside[k++] = s->hand[mover][i];
    tbi_obs_mq_cards(&o, aside, k, 1);
    uint8_t where[TBI_MQ_CARDS], level[TBI_MQ_CARDS] = {0};
    memset(where, 0xff, sizeof where);
    for (int c = 0; dealt && c < CELLS; c++) {
        int h = s->height[c];
        for (int id = s->top[c]; id; id = s->below[id - 1]) {
            where[id - 1] = (uint8_t)c;
            level[id - 1] = (uint8_t)h--;
        }
    }
    tbi_obs_places(&o, where, TBI_MQ_CARDS, CELLS);
    for (int id = 0; id < TBI_MQ_CARDS; id++)
        tbi_obs_scalar(&o, level[id] / 10.0);
    for (int c = 0; c < CELLS; c++)
        tbi_obs_seat(&o, dealt && s->top[c] ? s->owner[c] : -1, seat, 2);
    obs_cell_order(&o, s->new_cell, s->phase == PH_PLACE ? s->new_n : 0);
    obs_cell_order(&o, s->group_cell, s->group_n);
    tbi_obs_seat(&o, s->group_n ? s->group_seat : -1, seat, 2);
    tbi_obs_bits(&o, s->group_n ? s->group_flip : 0, 0, CELLS);
    tbi_obs_onehot(&o, s->last_kind, 4);
    tbi_obs_seat(&o, s->last_kind != LAST_NONE ? s->last_seat : -1, seat, 2);
    tbi_obs_scalar(&o, s->last_count / (double)HAND);
    for (int r = 0; r < 2; r++)
        tbi_obs_scalar(&o, s->hand_n[(seat + r) % 2] / (double)HAND);
    tbi_obs_scalar(&o, replacing ? __builtin_popcount(s->aside) / (double)HAND
                                 : 0);
    tbi_obs_scalar(&o, s->deck_n / 60.0);
    tbi_obs_scalar(&o, s->passes / 2.0);
    tbi_obs_scalar(&o, s->idle / (double)STALL_TURNS);
    tbi_obs_scalar(&o, s->turn / 100.0);
    tbi_obs_scalar(&o, s->withdrawn);
    tbi_obs_seat(&o, dealt && s->phase != PH_OVER ? mover : -1, seat, 2);
    tbi_obs_onehot(&o, s->phase, 6);
    return o.at;
}

/* Putting card id c on cell k is c * 49 + k; then done 2940, replace
 * 2941, pass 2942, taking the replacement back 2943, and setting card id
 * c aside 2944 + c. */
#define IDX_WORDS (TBI_MQ_CARDS * CELLS)

static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return IDX_WORDS + 4 + TBI_MQ_CARDS;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    if (a >= A_ASIDE)
        return IDX_WORDS + 4 + (int)(a - A_ASIDE);
    if (a >= A_DONE)
        return IDX_WORDS + (int)(a - A_DONE);
    return (int)(a - A_PUT);
}

const tb_game tbg_clique_mystique = {
    .id = "clique-mystique",
    .title = "Clique Mystique",
    .blurb = "form Cliques and Motley Crews in lines on a 7x7 board to turn "
             "your opponent's cards and stacks",
    .min_players = 2,
    .max_players = 2,
    .flags = TB_GAME_HIDDEN,
    .options = NULL,
    .n_options = 0,
    .state_size = sizeof(clique),
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
