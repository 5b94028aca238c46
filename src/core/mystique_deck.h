/*
 * mystique_deck.h - the 60-card Mystique Deck, shared by all 13 Mystique
 * games.  Card n (1-60) is combination c = (n-1)/5 with number (n-1)%5 + 1,
 * suit c/3 (moons, suns, arms, crowns) and colour c%3 (yellow, red, blue);
 * the 1 of a coloured suit is its ace, the 5 its palm.  Games that need two
 * decks use a gold and a silver copy.
 *
 * A card is held as an id 0..119: id % 60 + 1 is the card number and
 * id / 60 the back (0 gold, 1 silver).  Text forms: "3 of red crowns",
 * "ace of blue suns", "palm of yellow arms", and the short form a person
 * types, number + colour letter + suit letter: "3Rc", "1Bs", "5Ya"; a
 * trailing "+" marks the silver copy ("3Rc+").  Parsing ignores case, since
 * the colour letters (Y R B) and suit letters (m s a c) never collide; "#53"
 * names card 53 by number.
 */
#ifndef TABULA_MYSTIQUE_DECK_H
#define TABULA_MYSTIQUE_DECK_H

#include "graph.h"
#include "tabula.h"

#include <stdint.h>

#define TBI_MQ_CARDS 60

enum { TBI_MQ_MOONS, TBI_MQ_SUNS, TBI_MQ_ARMS, TBI_MQ_CROWNS };
enum { TBI_MQ_YELLOW, TBI_MQ_RED, TBI_MQ_BLUE };
/* The three attributes, for games that ask "which attribute is shared". */
enum { TBI_MQ_NUMBER, TBI_MQ_SUIT, TBI_MQ_COLOUR };

static inline int tbi_mq_card_no(int id) { return id % TBI_MQ_CARDS + 1; }
static inline int tbi_mq_number(int id) { return id % TBI_MQ_CARDS % 5 + 1; }
static inline int tbi_mq_suit(int id) { return id % TBI_MQ_CARDS / 5 / 3; }
static inline int tbi_mq_colour(int id) { return id % TBI_MQ_CARDS / 5 % 3; }
static inline int tbi_mq_back(int id) { return id / TBI_MQ_CARDS; }
/* Attribute attr (TBI_MQ_NUMBER, _SUIT or _COLOUR) of a card. */
int tbi_mq_attr(int id, int attr);
/* The id of the card with these attributes on the given back. */
int tbi_mq_make(int number, int suit, int colour, int back);

extern const char *const tbi_mq_suit_names[4];   /* "moons", ... */
extern const char *const tbi_mq_colour_names[3]; /* "yellow", ... */
extern const char *const tbi_mq_attr_names[3];   /* "number", ... */

/* "3 of red crowns" / "ace of blue suns" / "palm of yellow arms"; with
 * two decks, " (silver)" is added for the silver copy. */
void tbi_mq_long_name(int id, int two_decks, char *buf, size_t cap);
/* "3Rc", or "3Rc+" for the silver copy when two decks are in play. */
void tbi_mq_short_name(int id, int two_decks, char *buf, size_t cap);
/* The Mystique Deck's namer for the lines of a deal (dealt.h): the short
 * form; ctx is NULL for one deck, or points to an int that is non-zero
 * when two decks are in play ("3Rc+" for the silver copy). */
void tbi_mq_namer(tb_text *t, int card, const void *ctx);
/* A JSON array of the short names of n cards (one deck), for views. */
struct json_t *tbi_mq_json_cards(const uint8_t *ids, int n);
/* The same with two decks in play: the silver copies marked "+". */
struct json_t *tbi_mq_json_cards_decks(const uint8_t *ids, int n,
                                       int two_decks);
/* The same for a set of cards of one deck (bit id for card id 0-59), in
 * id order. */
struct json_t *tbi_mq_json_set(uint64_t cards);
/* Reads a short form or "#n" at s; returns the position after it, or NULL.
 * Without two decks a "+" is refused. */
const char *tbi_mq_parse(const char *s, int two_decks, int *id);
/* The card a person means by the name at `typed` that tbi_mq_parse read
 * as id, among the n cards a move may use (a hand, or the cards picked).
 * With two decks a short name without "+" ("3Rc") spells the gold copy and
 * "3Rc+" the silver; when the cards hold the silver copy and not the gold,
 * "3Rc" means the silver, so that a player holding one copy may type it
 * without looking at its back.  A card number ("#53") names no copy: it
 * means the copy held, and when both are held -1 is returned for the game
 * to ask which (tbi_mq_which_copy).  The gold copy keeps its own spelling,
 * so every card's short name still reads back as itself. */
int tbi_mq_held_copy(const char *typed, int id, int two_decks,
                     const uint8_t *cards, int n);
/* The question when a card number fits both copies held: "you hold both
 * copies of card 53: type 3Rc (gold) or 3Rc+ (silver)". */
void tbi_mq_which_copy(int id, char *err, size_t cap);
/* Appends a card for a terminal: coloured short form, with a suit symbol
 * in Unicode style. */
void tbi_mq_render(tb_text *t, int id, int two_decks, unsigned style);
/* Fills a shuffle spec with the ids of `decks` decks (1 or 2). */
void tbi_mq_chance_deck(tb_chance *c, int decks);
/* Fills a shuffle spec with the n cards (ids of one deck) of a pile,
 * listed in id order so that the record does not depend on the pile's
 * order (a discard pile shuffled into a new deck). */
void tbi_mq_chance_pile(tb_chance *c, const uint8_t *cards, int n,
                        const char *what);

/* ---------------------------------------------------------------- traits
 * A trait is one value of one attribute: a number ("threes"), a suit
 * ("suns") or a colour ("reds") -- what a group of cards "has in common" in
 * the climbing games (Mystique's spells).  Traits are numbered 0..11:
 * numbers 1-5 are 0-4, suits 5-8 (moons, suns, arms, crowns), colours 9-11
 * (yellow, red, blue).  A set of traits is a bit mask (bit t for trait t),
 * so the traits a group of cards shares is the AND of the cards' masks. */
#define TBI_MQ_TRAITS 12
#define TBI_MQ_ALL_TRAITS 0xfffu

/* The trait of value v of attribute attr (a number 1-5, a suit or colour
 * index). */
int tbi_mq_trait(int attr, int v);
/* The attribute (TBI_MQ_NUMBER, _SUIT, _COLOUR) a trait is a value of. */
int tbi_mq_trait_attr(int trait);
/* Each card's three traits as a mask, for both decks (ids 0-119): read
 * in the inner loops of the games' rules and bots, so a table lookup
 * rather than three divisions. */
extern const uint16_t tbi_mq_trait_table[2 * TBI_MQ_CARDS];
/* The mask of a card's three traits. */
static inline unsigned tbi_mq_traits_of(int id)
{
    return tbi_mq_trait_table[(unsigned)id % (2 * TBI_MQ_CARDS)];
}
static inline int tbi_mq_has_trait(int id, int trait)
{
    return (int)((tbi_mq_traits_of(id) >> trait) & 1u);
}
/* The cards of one deck (bit id, ids 0-59) that have any trait of the
 * mask: e.g. every card a row of reds would take, or every card that
 * shares a number, suit or colour with a card (its three traits). */
extern const uint64_t tbi_mq_trait_sets[TBI_MQ_TRAITS];
static inline uint64_t tbi_mq_trait_cards(unsigned traits)
{
    uint64_t set = 0;
    for (unsigned m = traits & TBI_MQ_ALL_TRAITS; m; m &= m - 1)
        set |= tbi_mq_trait_sets[__builtin_ctz(m)];
    return set;
}
/* The traits all n cards share (every trait when n is 0).  This and the
 * two below are inline: Mystique's rules and bot call them per card. */
static inline unsigned tbi_mq_shared_traits(const uint8_t *ids, int n)
{
    unsigned m = TBI_MQ_ALL_TRAITS;
    for (int i = 0; i < n; i++)
        m &= tbi_mq_traits_of(ids[i]);
    return m;
}
/* Whether n cards form a spell of up to max cards: at least one card, at
 * most max, all sharing a number, a suit or a colour. */
static inline int tbi_mq_is_spell(const uint8_t *ids, int n, int max)
{
    return n >= 1 && n <= max && tbi_mq_shared_traits(ids, n) != 0;
}
/* How many of n cards have the trait. */
static inline int tbi_mq_count_trait(const uint8_t *ids, int n, int trait)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += tbi_mq_has_trait(ids[i], trait);
    return k;
}
/* How many cards of `decks` decks have the trait: 12 per number, 15 per
 * suit and 20 per colour in each deck. */
int tbi_mq_trait_total(int trait, int decks);
/* The plural a player announces: "threes", "suns", "reds". */
const char *tbi_mq_trait_word(int trait);
/* The singular: "three", "sun", "red". */
const char *tbi_mq_trait_singular(int trait);
/* A spell of n cards of a trait, as a player says it, in words whatever
 * n is: "a single red", "four yellows", "six crowns", "twenty suns"
 * (n from 1 to 40; larger n is written in digits). */
void tbi_mq_spell_words(tb_text *t, int n, int trait);
/* Reads a trait at s: the plural or singular word in any case ("Suns",
 * "sun", "threes", "three", "red"), "aces"/"palms" for ones/fives, or a
 * digit 1-5.  Returns the position after it, or NULL. */
const char *tbi_mq_parse_trait(const char *s, int *trait);

/* ---------------------------------------------------------------- card sets
 * A set of the cards of one deck as a 60-bit mask, bit id for card id
 * 0-59: for games that ask "which cards match" many times a move (the
 * plays of Mystique Pillars, the solver of Mystique Chain).  Two different
 * cards of one deck share at most two attributes. */
#define TBI_MQ_ALL_CARDS ((1ull << TBI_MQ_CARDS) - 1)

/* How many attributes (number, suit, colour) two cards share, 0-3; the
 * back is ignored, so a card and its silver copy share all three. */
int tbi_mq_shared_attrs(int a, int b);
/* The cards of one deck that have the trait (12 for a number, 15 for a
 * suit, 20 for a colour). */
uint64_t tbi_mq_trait_set(int trait);
/* The cards of one deck that share exactly k of the three attributes with
 * card id (k = 3: the card itself, on one deck).  For every card there are
 * 9 cards sharing two attributes, 26 sharing one and 24 sharing none. */
uint64_t tbi_mq_sharing_set(int id, int k);

/* ---------------------------------------------------------------- steps
 * Mystique Maze lays the three attributes out as the edges of a box: the
 * numbers 1-2-3-4-5, the colours yellow-red-blue and the four suits in an
 * order the game chooses (the booklet lost the icons that gave it, and
 * what its text says of it does not fit any one order:
 * docs/games/mystique-maze.md), none wrapping round (blue is not next to
 * yellow, 5 not next to 1, the suits at the two ends not next to each
 * other).  A suit order is the four suits from one end of the edge to the
 * other, e.g. {TBI_MQ_SUNS, TBI_MQ_MOONS, TBI_MQ_CROWNS, TBI_MQ_ARMS}. */

/* Whether two cards are "connected" with the suits in order `suits`: they
 * share two attributes and the third is one step apart.  With suns -
 * moons - crowns - arms, the 2 of blue suns is connected to the 2 of blue
 * moons, to the 2 of red suns and to the ace and 3 of blue suns; not to
 * the 2 of blue arms (three steps), nor to itself or its copy from the
 * other deck. */
int tbi_mq_connected(int a, int b, const uint8_t suits[4]);
/* Builds into g the graph of the 60 cards of one deck (node = card id
 * 0-59) whose links are tbi_mq_connected with the suits in order `suits`:
 * each card has 3 to 6 neighbours.  Its links are translations of the
 * card ids (tbi_graph_translate: the suits' neighbours are 15, 30 or 45
 * ids apart), so that its walks expand sets by shifts (tests/test_decks.c
 * checks it against tbi_mq_connected). */
void tbi_mq_connection_graph(tbi_graph *g, const uint8_t suits[4]);

#endif
