/*
 * rng.c - the engine's only source of randomness: xoshiro256** seeded by
 * splitmix64, with unbiased bounded integers and Fisher-Yates shuffles.
 */
#include "tabula.h"

/* splitmix64 turns any seed into well-mixed words; it is also how seeds of
 * independent sub-streams are derived. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void tb_rng_seed(tb_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t tb_rng_next(tb_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Lemire's nearly-divisionless method: multiply a 32-bit draw by n and keep
 * the high half, rejecting the few low halves that would bias the result. */
uint32_t tb_rng_below(tb_rng *rng, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(tb_rng_next(rng) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(tb_rng_next(rng) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

double tb_rng_unit(tb_rng *rng)
{
    return (double)(tb_rng_next(rng) >> 11) * 0x1.0p-53;
}

/* Bounded draws for shuffles: each 64-bit output gives two 32-bit words,
 * each turned into an index below n by Lemire's multiply-shift, with
 * rejection keeping it unbiased.  Halving the generator calls matters
 * because every round of many card games starts with a shuffle. */
typedef struct word_pool {
    uint64_t spare;
    int have;
} word_pool;

static inline uint32_t pool_word(tb_rng *rng, word_pool *w)
{
    if (w->have) {
        w->have = 0;
        return (uint32_t)w->spare;
    }
    w->spare = tb_rng_next(rng);
    w->have = 1;
    return (uint32_t)(w->spare >> 32);
}

static inline uint32_t pool_below(tb_rng *rng, word_pool *w, uint32_t n)
{
    uint64_t m = (uint64_t)pool_word(rng, w) * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while ((uint32_t)m < threshold)
            m = (uint64_t)pool_word(rng, w) * n;
    }
    return (uint32_t)(m >> 32);
}

void tb_rng_shuffle16(tb_rng *rng, uint16_t *a, int n)
{
    word_pool w = {0, 0};
    for (int i = n - 1; i > 0; i--) {
        uint32_t j = pool_below(rng, &w, (uint32_t)i + 1);
        uint16_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

void tb_rng_shuffle8(tb_rng *rng, uint8_t *a, int n)
{
    word_pool w = {0, 0};
    for (int i = n - 1; i > 0; i--) {
        uint32_t j = pool_below(rng, &w, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

uint64_t tb_seed_derive(uint64_t master, uint64_t i)
{
    uint64_t x = master ^ (i * 0xd1b54a32d192ed03ull);
    splitmix64(&x);
    return splitmix64(&x);
}
