/*
 * mystique_deck.c - names, parsing and drawing of Mystique Deck cards.
 */
#include "mystique_deck.h"
#include "cards.h"
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const char *const tbi_mq_suit_names[4] = {"moons", "suns", "arms", "crowns"};
const char *const tbi_mq_colour_names[3] = {"yellow", "red", "blue"};
const char *const tbi_mq_attr_names[3] = {"number", "suit", "colour"};

static const char suit_letters[4] = {'m', 's', 'a', 'c'};
static const char colour_letters[3] = {'Y', 'R', 'B'};

int tbi_mq_attr(int id, int attr)
{
    switch (attr) {
    case TBI_MQ_NUMBER: return tbi_mq_number(id);
    case TBI_MQ_SUIT: return tbi_mq_suit(id);
    default: return tbi_mq_colour(id);
    }
}

int tbi_mq_make(int number, int suit, int colour, int back)
{
    return back * TBI_MQ_CARDS + (suit * 3 + colour) * 5 + (number - 1);
}

void tbi_mq_long_name(int id, int two_decks, char *buf, size_t cap)
{
    int n = tbi_mq_number(id);
    const char *col = tbi_mq_colour_names[tbi_mq_colour(id)];
    const char *suit = tbi_mq_suit_names[tbi_mq_suit(id)];
    const char *back = two_decks ? (tbi_mq_back(id) ? " (silver)" : " (gold)")
                                 : "";
    if (n == 1)
        snprintf(buf, cap, "ace of %s %s%s", col, suit, back);
    else if (n == 5)
        snprintf(buf, cap, "palm of %s %s%s", col, suit, back);
    else
        snprintf(buf, cap, "%d of %s %s%s", n, col, suit, back);
}

void tbi_mq_short_name(int id, int two_decks, char *buf, size_t cap)
{
    snprintf(buf, cap, "%d%c%c%s", tbi_mq_number(id),
             colour_letters[tbi_mq_colour(id)], suit_letters[tbi_mq_suit(id)],
             two_decks && tbi_mq_back(id) ? "+" : "");
}

void tbi_mq_namer(tb_text *t, int card, const void *ctx)
{
    char name[16];
    tbi_mq_short_name(card, ctx && *(const int *)ctx, name, sizeof name);
    tb_text_puts(t, name);
}

/* Index of c (any case) in letters, or -1. */
static int letter_index(const char *letters, int n, char c)
{
    for (int i = 0; i < n; i++)
        if (tolower((unsigned char)letters[i]) == tolower((unsigned char)c))
            return i;
    return -1;
}

/* Reads the '+' that may follow a card to mark the second deck: 1 (and
 * steps past it) when there is one, 0 when there is none, -1 when there is
 * one but only one deck is in play. */
static int read_back_mark(const char **end, int two_decks)
{
    if (**end != '+')
        return 0;
    if (!two_decks)
        return -1;
    (*end)++;
    return 1;
}

const char *tbi_mq_parse(const char *s, int two_decks, int *id)
{
    if (*s == '#') {
        int no;
        const char *end = tbi_read_uint(s + 1, &no);
        if (!end || no < 1 || no > TBI_MQ_CARDS)
            return NULL;
        int back = read_back_mark(&end, two_decks);
        if (back < 0)
            return NULL;
        *id = back * TBI_MQ_CARDS + no - 1;
        return end;
    }
    if (s[0] < '1' || s[0] > '5')
        return NULL;
    int colour = letter_index(colour_letters, 3, s[1]);
    int suit = colour >= 0 ? letter_index(suit_letters, 4, s[2]) : -1;
    if (suit < 0)
        return NULL;
    const char *end = s + 3;
    int back = read_back_mark(&end, two_decks);
    if (back < 0)
        return NULL;
    *id = tbi_mq_make(s[0] - '0', suit, colour, back);
    return end;
}

void tbi_mq_render(tb_text *t, int id, int two_decks, unsigned style)
{
    static const char *ansi[3] = {TBI_YELLOW, TBI_RED, TBI_BLUE};
    /* Moon, sun, crossed swords, crown. */
    static const char *symbols[4] = {"\xe2\x98\xbe", "\xe2\x98\x80",
                                     "\xe2\x9a\x94", "\xe2\x99\x9b"};
    char name[16];
    tbi_mq_short_name(id, two_decks, name, sizeof name);
    tb_text_printf(t, "%s%s", tbi_color(style, TBI_BOLD),
                   tbi_color(style, ansi[tbi_mq_colour(id)]));
    if (style & TB_STYLE_UNICODE)
        tb_text_printf(t, "%s%s", name, symbols[tbi_mq_suit(id)]);
    else
        tb_text_puts(t, name);
    tb_text_puts(t, tbi_color(style, TBI_RESET));
}

void tbi_mq_chance_deck(tb_chance *c, int decks)
{
    c->kind = TB_CHANCE_SHUFFLE;
    c->n = decks * TBI_MQ_CARDS;
    c->lo = 0;
    c->hi = c->n - 1;
    c->what = decks == 2 ? "shuffled gold and silver decks" : "shuffled deck";
    for (int i = 0; i < c->n; i++)
        c->items[i] = (uint16_t)i;
}

void tbi_mq_chance_pile(tb_chance *c, const uint8_t *cards, int n,
                        const char *what)
{
    uint8_t sorted[TBI_MQ_CARDS];
    memcpy(sorted, cards, (size_t)n);
    tbi_sort_u8(sorted, n);
    c->kind = TB_CHANCE_SHUFFLE;
    c->lo = 0;
    c->hi = TBI_MQ_CARDS - 1;
    c->what = what;
    c->n = n;
    for (int i = 0; i < n; i++)
        c->items[i] = sorted[i];
}

/* ---------------------------------------------------------------- card sets */

int tbi_mq_shared_attrs(int a, int b)
{
    return __builtin_popcount(tbi_mq_traits_of(a) & tbi_mq_traits_of(b));
}

/* Each trait's cards, bit id for card id.  Card id is 15 x suit +
 * 5 x colour + (number - 1): a number's cards are every fifth id, a suit's
 * a run of 15, a colour's four runs of 5. */
static const uint64_t trait_cards[TBI_MQ_TRAITS] = {
    0x0084210842108421ull, 0x0108421084210842ull, 0x0210842108421084ull,
    0x0421084210842108ull, 0x0842108421084210ull, 0x0000000000007fffull,
    0x000000003fff8000ull, 0x00001fffc0000000ull, 0x0fffe00000000000ull,
    0x0003e007c00f801full, 0x007c00f801f003e0ull, 0x0f801f003e007c00ull};

uint64_t tbi_mq_trait_set(int trait)
{
    return trait_cards[trait];
}

uint64_t tbi_mq_sharing_set(int id, int k)
{
    uint64_t n = tbi_mq_trait_set(tbi_mq_trait(TBI_MQ_NUMBER, tbi_mq_number(id)));
    uint64_t s = tbi_mq_trait_set(tbi_mq_trait(TBI_MQ_SUIT, tbi_mq_suit(id)));
    uint64_t c = tbi_mq_trait_set(tbi_mq_trait(TBI_MQ_COLOUR, tbi_mq_colour(id)));
    switch (k) {
    case 3: return n & s & c;
    case 2: return (n & s & ~c) | (n & c & ~s) | (s & c & ~n);
    case 1: return (n & ~s & ~c) | (s & ~n & ~c) | (c & ~n & ~s);
    default: return ~(n | s | c) & TBI_MQ_ALL_CARDS;
    }
}

/* ---------------------------------------------------------------- traits */

static const char *const trait_words[TBI_MQ_TRAITS] = {
    "ones", "twos", "threes", "fours", "fives", "moons", "suns",
    "arms", "crowns", "yellows", "reds", "blues"};

int tbi_mq_trait(int attr, int v)
{
    switch (attr) {
    case TBI_MQ_NUMBER: return v - 1;
    case TBI_MQ_SUIT: return 5 + v;
    default: return 9 + v;
    }
}

int tbi_mq_trait_attr(int trait)
{
    return trait < 5 ? TBI_MQ_NUMBER : trait < 9 ? TBI_MQ_SUIT : TBI_MQ_COLOUR;
}

unsigned tbi_mq_traits_of(int id)
{
    return 1u << (tbi_mq_number(id) - 1) | 1u << (5 + tbi_mq_suit(id)) |
           1u << (9 + tbi_mq_colour(id));
}

uint64_t tbi_mq_trait_cards(unsigned traits)
{
    uint64_t set = 0;
    for (unsigned m = traits & TBI_MQ_ALL_TRAITS; m; m &= m - 1)
        set |= trait_cards[__builtin_ctz(m)];
    return set;
}

unsigned tbi_mq_shared_traits(const uint8_t *ids, int n)
{
    unsigned m = TBI_MQ_ALL_TRAITS;
    for (int i = 0; i < n; i++)
        m &= tbi_mq_traits_of(ids[i]);
    return m;
}

int tbi_mq_is_spell(const uint8_t *ids, int n, int max)
{
    return n >= 1 && n <= max && tbi_mq_shared_traits(ids, n) != 0;
}

int tbi_mq_count_trait(const uint8_t *ids, int n, int trait)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += tbi_mq_has_trait(ids[i], trait);
    return k;
}

int tbi_mq_trait_total(int trait, int decks)
{
    static const int per_deck[3] = {12, 15, 20};
    return per_deck[tbi_mq_trait_attr(trait)] * decks;
}

static const char *const trait_singular[TBI_MQ_TRAITS] = {
    "one", "two", "three", "four", "five", "moon", "sun",
    "arm", "crown", "yellow", "red", "blue"};

const char *tbi_mq_trait_word(int trait)
{
    return trait_words[trait];
}

const char *tbi_mq_trait_singular(int trait)
{
    return trait_singular[trait];
}

void tbi_mq_spell_words(tb_text *t, int n, int trait)
{
    static const char *const small[20] = {
        "zero", "one", "two", "three", "four", "five", "six", "seven",
        "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
        "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
    static const char *const tens[5] = {"", "", "twenty", "thirty", "forty"};
    const char *word = tbi_mq_trait_word(trait);
    /* "a single one" rather than "one one": a number trait beside a count
     * of one reads as a stutter. */
    if (n == 1)
        tb_text_printf(t, "a single %s", tbi_mq_trait_singular(trait));
    else if (n >= 0 && n < 20)
        tb_text_printf(t, "%s %s", small[n], word);
    else if (n <= 40 && n % 10 == 0)
        tb_text_printf(t, "%s %s", tens[n / 10], word);
    else if (n < 40)
        tb_text_printf(t, "%s-%s %s", tens[n / 10], small[n % 10], word);
    else
        tb_text_printf(t, "%d %s", n, word);
}

/* Whether s starts with word (any case) and the word ends there. */
static const char *match_word(const char *s, const char *word, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (tolower((unsigned char)s[i]) != word[i])
            return NULL;
    return isalpha((unsigned char)s[len]) ? NULL : s + len;
}

const char *tbi_mq_parse_trait(const char *s, int *trait)
{
    if (s[0] >= '1' && s[0] <= '5' && !isalnum((unsigned char)s[1])) {
        *trait = s[0] - '1';
        return s + 1;
    }
    for (int t = 0; t < TBI_MQ_TRAITS; t++) {
        const char *end = match_word(s, trait_words[t], strlen(trait_words[t]));
        if (!end)
            end = match_word(s, trait_singular[t], strlen(trait_singular[t]));
        if (end) {
            *trait = t;
            return end;
        }
    }
    const char *end;
    if ((end = match_word(s, "aces", 4)) || (end = match_word(s, "ace", 3))) {
        *trait = 0;
        return end;
    }
    if ((end = match_word(s, "palms", 5)) || (end = match_word(s, "palm", 4))) {
        *trait = 4;
        return end;
    }
    return NULL;
}

struct json_t *tbi_mq_json_cards(const uint8_t *ids, int n)
{
    return tbi_mq_json_cards_decks(ids, n, 0);
}

struct json_t *tbi_mq_json_set(uint64_t cards)
{
    uint8_t ids[TBI_MQ_CARDS];
    int n = 0;
    for (uint64_t m = cards; m; m &= m - 1)
        ids[n++] = (uint8_t)__builtin_ctzll(m);
    return tbi_mq_json_cards(ids, n);
}

struct json_t *tbi_mq_json_cards_decks(const uint8_t *ids, int n,
                                       int two_decks)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        char name[8];
        tbi_mq_short_name(ids[i], two_decks, name, sizeof name);
        json_array_append_new(a, json_string(name));
    }
    return a;
}

/* ---------------------------------------------------------------- steps */

int tbi_mq_connected(int a, int b)
{
    int dn = tbi_mq_number(a) - tbi_mq_number(b);
    int ds = tbi_mq_suit(a) - tbi_mq_suit(b);
    int dc = tbi_mq_colour(a) - tbi_mq_colour(b);
    /* One step along one edge of the box: the three differences sum to 1
     * in absolute value. */
    return (dn < 0 ? -dn : dn) + (ds < 0 ? -ds : ds) + (dc < 0 ? -dc : dc) == 1;
}

/* The neighbours of card id as a constant expression: one step in number
 * (id +- 1 within its five), in colour (id +- 5 within its suit) or in
 * suit (id +- 15).  STEP_BIT keeps every shift count in range, even in
 * the branches a condition rules out. */
#define STEP_BIT(k) ((k) >= 0 && (k) < TBI_MQ_CARDS ? 1ull << ((k) & 63) : 0ull)
#define NUMBER_UP(id) ((id) % 5 < 4)
#define NUMBER_DOWN(id) ((id) % 5 > 0)
#define COLOUR_UP(id) ((id) / 5 % 3 < 2)
#define COLOUR_DOWN(id) ((id) / 5 % 3 > 0)
#define SUIT_UP(id) ((id) / 15 < 3)
#define SUIT_DOWN(id) ((id) / 15 > 0)
#define STEPS(id)                                                            \
    (NUMBER_UP(id) ? STEP_BIT((id) + 1) : 0ull) |                            \
        (NUMBER_DOWN(id) ? STEP_BIT((id) - 1) : 0ull) |                      \
        (COLOUR_UP(id) ? STEP_BIT((id) + 5) : 0ull) |                        \
        (COLOUR_DOWN(id) ? STEP_BIT((id) - 5) : 0ull) |                      \
        (SUIT_UP(id) ? STEP_BIT((id) + 15) : 0ull) |                         \
        (SUIT_DOWN(id) ? STEP_BIT((id) - 15) : 0ull)
#define STEPS10(b)                                                           \
    STEPS(b), STEPS(b + 1), STEPS(b + 2), STEPS(b + 3), STEPS(b + 4),        \
        STEPS(b + 5), STEPS(b + 6), STEPS(b + 7), STEPS(b + 8), STEPS(b + 9)
/* The set of the ids for which COND holds. */
#define IF_BIT(COND, id) (COND(id) ? 1ull << (id) : 0ull)
#define MASK10(COND, b)                                                      \
    (IF_BIT(COND, b) | IF_BIT(COND, b + 1) | IF_BIT(COND, b + 2) |           \
     IF_BIT(COND, b + 3) | IF_BIT(COND, b + 4) | IF_BIT(COND, b + 5) |       \
     IF_BIT(COND, b + 6) | IF_BIT(COND, b + 7) | IF_BIT(COND, b + 8) |       \
     IF_BIT(COND, b + 9))
#define MASK(COND)                                                           \
    (MASK10(COND, 0) | MASK10(COND, 10) | MASK10(COND, 20) |                 \
     MASK10(COND, 30) | MASK10(COND, 40) | MASK10(COND, 50))

/* The lattice of 5 numbers x 3 colours x 4 suits, as tbi_graph_lattice
 * builds it (tests/test_decks.c checks that it does). */
const tbi_graph tbi_mq_connections = {
    .n = TBI_MQ_CARDS,
    .adj = {STEPS10(0), STEPS10(10), STEPS10(20), STEPS10(30), STEPS10(40),
            STEPS10(50)},
    .axes = 3,
    .stride = {1, 5, 15},
    .up = {MASK(NUMBER_UP), MASK(COLOUR_UP), MASK(SUIT_UP)},
    .down = {MASK(NUMBER_DOWN), MASK(COLOUR_DOWN), MASK(SUIT_DOWN)},
};
