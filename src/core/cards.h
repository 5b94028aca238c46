/*
 * cards.h - small, allocation-free helpers for hands and card sets shared by
 * every card game: sorted hands of small card numbers, and 128-bit sets of
 * card numbers for "which cards has this seat seen".
 */
#ifndef TABULA_CARDS_H
#define TABULA_CARDS_H

#include "tabula.h"

#include <stdint.h>
#include <string.h>

/* TBI_POPCNT_CLONES marks a hot function that counts bits.  The x86-64
 * baseline that Debian builds for has no popcount instruction, so
 * __builtin_popcount becomes a call into libgcc; a function so marked is
 * compiled twice, with and without the instruction, and the loader picks
 * the one this CPU can run (an ifunc, GCC 6+ and clang 14+ on glibc).
 * Every build still runs everywhere; -DTBI_NO_CLONES turns it off.
 * A clone calls the functions it calls as they are (compiled without the
 * instruction) and does not fold them in; TBI_POPCNT_CLONES_FLAT marks
 * the entry of a hot path instead: with GCC everything it calls is
 * folded into each clone (`flatten`), so that the whole path counts bits
 * with the instruction and no call stands between its parts.  Clang
 * refuses `flatten` beside `target_clones`; there it is a plain clone,
 * whose callees clang inlines by its own measure. */
#if defined(__x86_64__) && defined(__linux__) && defined(__GLIBC__) &&     \
    !defined(TBI_NO_CLONES) && !defined(__POPCNT__) &&                      \
    ((defined(__clang__) && __clang_major__ >= 14) ||                       \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 6))
#define TBI_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#if defined(__clang__)
#define TBI_POPCNT_CLONES_FLAT TBI_POPCNT_CLONES
#else
#define TBI_POPCNT_CLONES_FLAT                                               \
    __attribute__((flatten, target_clones("popcnt", "default")))
#endif
#else
#define TBI_POPCNT_CLONES
#define TBI_POPCNT_CLONES_FLAT
#endif

/* TBI_VECTOR_CLONES_FLAT marks the entry of a hot path that works on
 * 64-byte vectors (GCC and clang vector extension): it is compiled for
 * AVX-512, where such a vector is one register and one instruction, and
 * for the baseline (SSE2, four of each), everything it calls folded in as
 * with TBI_POPCNT_CLONES_FLAT, and the loader picks the one this CPU
 * runs.  (An AVX2 clone, two registers a vector, was slower than the
 * baseline's in Clique Mystique's search: its many live vectors went to
 * the stack.)  Off where TBI_POPCNT_CLONES is, and when the build targets
 * AVX-512 already. */
#if defined(__x86_64__) && defined(__linux__) && defined(__GLIBC__) &&     \
    !defined(TBI_NO_CLONES) && !defined(__AVX512F__) &&                     \
    ((defined(__clang__) && __clang_major__ >= 14) ||                       \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 6))
#if defined(__clang__)
#define TBI_VECTOR_CLONES_FLAT                                               \
    __attribute__((target_clones("avx512f", "default")))
#else
#define TBI_VECTOR_CLONES_FLAT                                               \
    __attribute__((flatten, target_clones("avx512f", "default")))
#endif
#else
#define TBI_VECTOR_CLONES_FLAT
#endif

/* Shuffles a determinization's pool of unseen cards after putting it in
 * ascending order, so that the sample depends only on which cards are
 * unseen and on the generator, never on where the hidden cards really lay:
 * a bot seeded alike then chooses alike whatever the hidden truth
 * (tests/test_bots.c checks it).  The sort marks each card in a 256-bit
 * set and reads the set back in order: O(n), as this runs at every bot
 * decision and every search iteration.  A pool with a card twice (two
 * decks) falls back to a counting sort, which keeps the copies. */
static inline void tbi_shuffle_unseen8(tb_rng *rng, uint8_t *pool, int n)
{
    uint64_t seen[4] = {0, 0, 0, 0};
    int twice = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = 1ull << (pool[i] & 63);
        twice |= (seen[pool[i] >> 6] & bit) != 0;
        seen[pool[i] >> 6] |= bit;
    }
    if (!twice) {
        int k = 0;
        for (int w = 0; w < 4; w++)
            for (uint64_t b = seen[w]; b; b &= b - 1)
                pool[k++] = (uint8_t)(w * 64 + __builtin_ctzll(b));
    } else {
        uint16_t count[256] = {0};
        for (int i = 0; i < n; i++)
            count[pool[i]]++;
        int k = 0;
        for (int v = 0; v < 256; v++)
            for (int c = 0; c < count[v]; c++)
                pool[k++] = (uint8_t)v;
    }
    tb_rng_shuffle8(rng, pool, n);
}

/* Removes the first copy of card from hand h of *n cards, keeping order.
 * Returns 1 when the card was there. */
static inline int tbi_hand_remove(uint8_t *h, uint8_t *n, uint8_t card)
{
    /* A plain loop: hands are short, and a call to memmove costs more
     * than the few bytes it would move. */
    for (int i = 0; i < *n; i++) {
        if (h[i] == card) {
            for (int k = i + 1; k < *n; k++)
                h[k - 1] = h[k];
            (*n)--;
            /* The freed slot would keep a copy of the last card: cleared,
             * so that a hand's hidden cards never linger past its count
             * (where determinize does not reach, and tb_infoset_key,
             * which hashes every byte, would see them). */
            h[*n] = 0;
            return 1;
        }
    }
    return 0;
}

/* Inserts card into the ascending hand h of *n cards. */
static inline void tbi_hand_insert_sorted(uint8_t *h, uint8_t *n, uint8_t card)
{
    int i = *n;
    while (i > 0 && h[i - 1] > card) {
        h[i] = h[i - 1];
        i--;
    }
    h[i] = card;
    (*n)++;
}

/* Sorts n small values ascending (insertion sort: hands are short). */
static inline void tbi_sort_u8(uint8_t *a, int n)
{
    for (int i = 1; i < n; i++) {
        uint8_t v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

/* Whether hand h of n cards holds card. */
static inline int tbi_hand_has(const uint8_t *h, int n, uint8_t card)
{
    for (int i = 0; i < n; i++)
        if (h[i] == card)
            return 1;
    return 0;
}

/* A set of card numbers 0-127. */
typedef struct tbi_set128 {
    uint64_t w[2];
} tbi_set128;

static inline void tbi_set_add(tbi_set128 *s, unsigned c)
{
    s->w[c >> 6] |= 1ull << (c & 63);
}
/* Adds the n cards of an array (a hand, a pile) to s. */
static inline void tbi_set_add_all(tbi_set128 *s, const uint8_t *cards, int n)
{
    for (int i = 0; i < n; i++)
        tbi_set_add(s, cards[i]);
}

static inline void tbi_set_del(tbi_set128 *s, unsigned c)
{
    s->w[c >> 6] &= ~(1ull << (c & 63));
}
static inline int tbi_set_has(const tbi_set128 *s, unsigned c)
{
    return (int)((s->w[c >> 6] >> (c & 63)) & 1u);
}
static inline int tbi_set_count(const tbi_set128 *s)
{
    return __builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]);
}
/* Writes the members of s in ascending order to out; returns how many. */
static inline int tbi_set_to_sorted(const tbi_set128 *s, uint8_t *out)
{
    uint8_t *o = out;
    for (uint64_t bits = s->w[0]; bits; bits &= bits - 1)
        *o++ = (uint8_t)__builtin_ctzll(bits);
    for (uint64_t bits = s->w[1]; bits; bits &= bits - 1)
        *o++ = (uint8_t)(64 + __builtin_ctzll(bits));
    return (int)(o - out);
}

/* The r-th set bit of w, counting from 0 (r < the bits set), in a fixed
 * number of steps ("broadword" select): the bit counts of w's bytes are
 * added up in one multiplication, the byte holding the bit is the number
 * of those running sums not above r (found with one subtraction, the sums
 * being under 128), and the bit within that byte is found in at most
 * seven steps. */
static inline int tbi_select64(uint64_t w, int r)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t c = w - ((w >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0f0f0f0f0f0f0f0full;
    uint64_t sums = c * ones; /* byte i: the bits set in bytes 0 to i */
    uint64_t ahead = (((uint64_t)r * ones | highs) - sums) & highs;
    int byte = (int)(((ahead >> 7) * ones) >> 56);
    int before = byte ? (int)((sums >> (8 * byte - 8)) & 255) : 0;
    uint64_t bits = (w >> (8 * byte)) & 255;
    for (int i = r - before; i > 0; i--)
        bits &= bits - 1;
    return 8 * byte + __builtin_ctzll(bits);
}

/* The r-th smallest member of s, counting from 0 (r < tbi_set_count(s)). */
static inline int tbi_set_select(const tbi_set128 *s, int r)
{
    int low = __builtin_popcountll(s->w[0]);
    return r < low ? tbi_select64(s->w[0], r)
                   : 64 + tbi_select64(s->w[1], r - low);
}

/* How many card numbers below x the set holds (0 <= x <= 128): the rank
 * of x among the set's members, in two bit counts and no branch. */
static inline int tbi_set_count_below(const tbi_set128 *s, unsigned x)
{
    /* The masks are built from comparisons turned into all-zero or
     * all-one words: written with ?: gcc compiles them to jumps, and which
     * half of the line x lies in is a coin toss to the branch predictor. */
    uint64_t part = (1ull << (x & 63)) - 1;
    uint64_t low_full = 0 - (uint64_t)(x >= 64);
    uint64_t high_full = 0 - (uint64_t)(x >= 128);
    uint64_t high_part = 0 - (uint64_t)(x > 64);
    uint64_t low = low_full | part, high = high_full | (part & high_part);
    return __builtin_popcountll(s->w[0] & low) +
           __builtin_popcountll(s->w[1] & high);
}

/* How many card numbers in [lo, hi) the set holds (0 <= lo <= hi <= 128):
 * the difference of two ranks, with no branch. */
static inline int tbi_set_count_range(const tbi_set128 *s, unsigned lo,
                                      unsigned hi)
{
    return tbi_set_count_below(s, hi) - tbi_set_count_below(s, lo);
}

/* The chance that none of t particular cards lies among r cards dealt at
 * random from u unseen ones (the hypergeometric "none drawn"): how likely
 * it is that the seats still to play hold no card that beats yours, when
 * together they hold r of the u cards you have not seen. */
static inline double tbi_chance_none_among(int t, int u, int r)
{
    double p = 1.0;
    for (int i = 0; i < t; i++) {
        if (u - r - i <= 0)
            return 0.0;
        p *= (double)(u - r - i) / (double)(u - i);
    }
    return p;
}

#endif
