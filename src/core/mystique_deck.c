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

int tbi_mq_held_copy(const char *typed, int id, int two_decks,
                     const uint8_t *cards, int n)
{
    if (!two_decks || tbi_mq_back(id) != 0)
        return id;
    int silver = id + TBI_MQ_CARDS;
    int gold_held = tbi_hand_has(cards, n, (uint8_t)id);
    int silver_held = tbi_hand_has(cards, n, (uint8_t)silver);
    if (*typed == '#' && gold_held && silver_held)
        return -1;
    return silver_held && !gold_held ? silver : id;
}

void tbi_mq_which_copy(int id, char *err, size_t cap)
{
    char gold[8], silver[8];
    tbi_mq_short_name(id % TBI_MQ_CARDS, 1, gold, sizeof gold);
    tbi_mq_short_name(id % TBI_MQ_CARDS + TBI_MQ_CARDS, 1, silver,
                      sizeof silver);
    tbi_errf(err, cap, "you hold both copies of card %d: type %s (gold) or "
             "%s (silver)", tbi_mq_card_no(id), gold, silver);
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
const uint64_t tbi_mq_trait_sets[TBI_MQ_TRAITS] = {
    0x0084210842108421ull, 0x0108421084210842ull, 0x0210842108421084ull,
    0x0421084210842108ull, 0x0842108421084210ull, 0x0000000000007fffull,
    0x000000003fff8000ull, 0x00001fffc0000000ull, 0x0fffe00000000000ull,
    0x0003e007c00f801full, 0x007c00f801f003e0ull, 0x0f801f003e007c00ull};

uint64_t tbi_mq_trait_set(int trait)
{
    return tbi_mq_trait_sets[trait];
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

/* The traits of card id (number, suit, colour: see tbi_mq_trait), as the
 * compiler works them out for the table below. */
#define TRAITS_OF(id) (1u << ((id) % 5) | 1u << (5 + (id) / 15) | \
                       1u << (9 + (id) / 5 % 3))
#define TRAITS_OF10(b) TRAITS_OF(b), TRAITS_OF(b + 1), TRAITS_OF(b + 2), \
    TRAITS_OF(b + 3), TRAITS_OF(b + 4), TRAITS_OF(b + 5), TRAITS_OF(b + 6), \
    TRAITS_OF(b + 7), TRAITS_OF(b + 8), TRAITS_OF(b + 9)
#define TRAITS_OF60 TRAITS_OF10(0), TRAITS_OF10(10), TRAITS_OF10(20), \
    TRAITS_OF10(30), TRAITS_OF10(40), TRAITS_OF10(50)
const uint16_t tbi_mq_trait_table[2 * TBI_MQ_CARDS] = {TRAITS_OF60,
                                                      TRAITS_OF60};


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

/* The place of each suit along the suit edge of the box, from its order
 * (the suits from one end to the other). */
static void suit_places(const uint8_t suits[4], int place[4])
{
    for (int i = 0; i < 4; i++)
        place[suits[i]] = i;
}

int tbi_mq_connected(int a, int b, const uint8_t suits[4])
{
    int place[4];
    suit_places(suits, place);
    int dn = tbi_mq_number(a) - tbi_mq_number(b);
    int ds = place[tbi_mq_suit(a)] - place[tbi_mq_suit(b)];
    int dc = tbi_mq_colour(a) - tbi_mq_colour(b);
    /* One step along one edge of the box: the three differences sum to 1
     * in absolute value. */
    return (dn < 0 ? -dn : dn) + (ds < 0 ? -ds : ds) + (dc < 0 ? -dc : dc) == 1;
}

void tbi_mq_connection_graph(tbi_graph *g, const uint8_t suits[4])
{
    tbi_graph_init(g, TBI_MQ_CARDS);
    /* A step in number is id + 1 within the card's five, a step in colour
     * id + 5 within its suit. */
    uint64_t number_up = 0, colour_up = 0;
    for (int id = 0; id < TBI_MQ_CARDS; id++) {
        if (tbi_mq_number(id) < 5)
            number_up |= tbi_node_bit(id);
        if (tbi_mq_colour(id) < TBI_MQ_BLUE)
            colour_up |= tbi_node_bit(id);
    }
    tbi_graph_translate(g, 1, number_up);
    tbi_graph_translate(g, 5, colour_up);
    /* Two neighbouring suits s < t (in id order) are 15 x (t - s) ids
     * apart, whatever their places on the edge. */
    for (int i = 0; i + 1 < 4; i++) {
        int s = suits[i] < suits[i + 1] ? suits[i] : suits[i + 1];
        int t = suits[i] ^ suits[i + 1] ^ s;
        tbi_graph_translate(g, 15 * (t - s),
                            tbi_mq_trait_set(tbi_mq_trait(TBI_MQ_SUIT, s)));
    }
}
