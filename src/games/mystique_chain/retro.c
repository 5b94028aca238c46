/*
 * retro.c - decides a Mystique Chain position under match=declared by
 * retrograde analysis: the value of every position below it, computed
 * bottom-up over all the subsets of the pool, many subsets at a time with
 * vector instructions.  It is the exact count of the first player's share
 * (bench/chain_solve.c --retro); the df-pn solver (solver.c) stays the
 * game's bot, as it needs far less memory for the pools of a game.
 *
 * Under match=declared a position is the pool R left (a subset of the n
 * cards of the pool) and the trait t declared (one of the 12), and what
 * the mover at (R, t) may do depends only on them.  w(R) is a 12-bit word:
 * bit t is set when the mover at (R, t) wins.  The mover takes a card x
 * of R that has trait t and declares one of x's three traits T(x); she
 * wins when some declaration t' of them leaves the opponent lost at
 * (R \ x, t'), that is with bit t' of w(R \ x) clear (a trait no card of
 * R \ x has is lost for the opponent: its bit is clear).  So
 *
 *     w(R) = OR, over the cards x of R with ~w(R \ x) & T(x) != 0, of T(x)
 *
 * and w(empty) = 0.  With the cards as bits 0..n-1 of a subset's index,
 * R \ x < R: increasing order computes each w from final values.  The
 * table is 2^n words of 16 bits (2 GB for the 30 cards of a deal).
 *
 * The order used is one the vectors can follow.  Each pair (R \ x, R) is
 * a "contribution" ORed into w(R); all of them must arrive before w(R) is
 * read.  For card x = bit b >= 5 the subsets with bit b set come in runs
 * of 2^b contiguous words, and the run before each is its source: one
 * vector instruction handles 32 subsets (a cache line of 64 bytes).  The
 * five lowest cards lie within a vector (its 32 lanes are the subsets of
 * cards 0-4 with the higher cards fixed): those contributions are made by
 * permuting lanes, in five rounds by the number of low cards a lane holds
 * (round p fills the lanes of p low cards from the lanes of p - 1, which
 * are final, in p steps: a word permutation brings each lane its source
 * without its first, second, ... low card).  Above the lanes, the subsets of cards 0-19 form a block of
 * 2 MB that stays in the core's cache while it is solved; the blocks are
 * taken in increasing order of the higher cards, each first receiving in
 * one pass the contributions of its parent blocks (one higher card fewer),
 * so the table crosses main memory about six times a deal rather than
 * once per card.
 *
 * The kernel is compiled three times: for AVX-512 and for AVX2 (chosen at
 * run time when the processor has them) and for the plain target, which
 * the compiler lowers to what it has (SSE2 on any x86-64); all compute
 * the same table.
 */
#include "chain.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define LANE_CARDS 5 /* the cards within a vector: its 32 lanes */
#define LANES (1 << LANE_CARDS)
#define BLOCK_CARDS 20 /* the cards within a block solved in cache (2 MB) */
#define MAX_CARDS 32

typedef uint16_t vec __attribute__((vector_size(2 * LANES)));
typedef int16_t vmask __attribute__((vector_size(2 * LANES)));

struct chain_retro {
    int max_cards; /* the table holds 2^max_cards words */
    int kernel;    /* the best kernel allowed: CHAIN_RETRO_BEST, ... */
    uint16_t *w;
    size_t bytes;
    long long positions; /* (subset, trait) pairs valued so far */
};

/* What the kernel needs of a pool: its cards' traits, bit b of an index
 * being card b; cards beyond the pool (when it has fewer than 5) have no
 * traits, so they are never taken and change nothing. */
typedef struct fill_job {
    uint16_t *w;
    int n;   /* cards, at least LANE_CARDS */
    int low; /* the cards of a block: min(n, BLOCK_CARDS) */
    uint16_t traits[MAX_CARDS];
} fill_job;

/* A vector's 32 words (aligned: every offset used is a multiple of 32
 * words in a table aligned to a page). */
#define LOAD(p) (*(const vec *)(const void *)(p))
#define STORE(p, v) (*(vec *)(void *)(p) = (v))
/* The contribution of taking the card of traits t (a vector of it) to
 * the subsets whose sources (the subsets without the card) are s: t where
 * some trait of the card is lost for the opponent at the source, else 0. */
#define WINS(s, t) (ANY(~(s) & (t)) & (t))
/* All ones in the lanes of x (words of 12 bits) that are not 0, else 0:
 * by the sign of x + 0x7fff, with an add and a shift, which leave the
 * processor's shuffle port to the lane permutations (a comparison into a
 * mask register would take it too). */
#define ANY(x) ((vec)((vmask)((x) + 0x7fff) >> 15))
/* NEIGHBOURj lists, for each lane L, the lane of L with its (j+1)-th
 * lowest card taken out (L itself when it holds fewer cards): the source
 * of that card's contribution to L. */
#define NEIGHBOUR0 \
    0, 0, 0, 2, 0, 4, 4, 6, 0, 8, 8, 10, 8, 12, 12, 14, 0, 16, 16, 18, 16, \
    20, 20, 22, 16, 24, 24, 26, 24, 28, 28, 30
#define NEIGHBOUR1 \
    0, 1, 2, 1, 4, 1, 2, 5, 8, 1, 2, 9, 4, 9, 10, 13, 16, 1, 2, 17, 4, 17, \
    18, 21, 8, 17, 18, 25, 20, 25, 26, 29
#define NEIGHBOUR2 \
    0, 1, 2, 3, 4, 5, 6, 3, 8, 9, 10, 3, 12, 5, 6, 11, 16, 17, 18, 3, 20, 5, \
    6, 19, 24, 9, 10, 19, 12, 21, 22, 27
#define NEIGHBOUR3 \
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7, 16, 17, 18, 19, 20, \
    21, 22, 7, 24, 25, 26, 11, 28, 13, 14, 23
#define NEIGHBOUR4 \
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, \
    20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 15
/* The contributions to the lanes of t (the traits of each lane's
 * (j+1)-th card in the lanes of this round, else 0) from the sources
 * NEIGHBOURj, of v. */
#define STEP(v, neighbours, t)                                                 \
    (ANY(~__builtin_shufflevector(v, v, neighbours) & (t)) & (t))

/*
 * The whole table for k's pool.  Written once, inlined into the AVX-512
 * and the plain entry points, so that gcc lowers the vectors for each.
 */
static inline __attribute__((always_inline)) void fill(const fill_job *k)
{
    uint16_t *w = k->w;
    const int low = k->low, high = k->n - low;
    const size_t block = (size_t)1 << low;
    vec trait[MAX_CARDS];
    for (int c = 0; c < k->n; c++)
        trait[c] = (vec){0} + k->traits[c];
    /* in_round[p][j]: in the lanes of p low cards, the traits of the
     * lane's (j+1)-th card, else 0 (round p, step j). */
    vec in_round[LANE_CARDS + 1][LANE_CARDS];
    memset(in_round, 0, sizeof in_round);
    for (int l = 1; l < LANES; l++) {
        int p = __builtin_popcount((unsigned)l), j = 0;
        for (int i = 0; i < LANE_CARDS; i++)
            if (l >> i & 1)
                in_round[p][j++][l] = k->traits[i];
    }
    for (size_t h = 0; h < (size_t)1 << high; h++) {
        uint16_t *blk = w + (h << low);
        if (h) {
            /* The contributions of the higher cards: from each parent
             * block (the same subset of cards 0..low-1, one higher card
             * fewer), in one pass that writes the block once. */
            const uint16_t *parent[MAX_CARDS];
            vec ptrait[MAX_CARDS];
            int np = 0;
            for (int y = 0; y < high; y++)
                if (h >> y & 1) {
                    parent[np] = w + ((h ^ (size_t)1 << y) << low);
                    ptrait[np++] = trait[low + y];
                }
            for (size_t o = 0; o < block; o += LANES) {
                vec acc = WINS(LOAD(parent[0] + o), ptrait[0]);
                for (int j = 1; j < np; j++)
                    acc |= WINS(LOAD(parent[j] + o), ptrait[j]);
                STORE(blk + o, acc);
            }
        }
        /* Within the block, vector by vector in increasing order: before
         * the vector at offset o (a multiple of 32), the run of 2^b words
         * starting there (b its lowest set bit) receives the contributions
         * of card b from the run before it, which is final.  In block 0
         * nothing has been written before: the first write assigns. */
        for (size_t o = 0; o < block; o += LANES) {
            if (o) {
                int b = __builtin_ctzll((unsigned long long)o);
                size_t run = (size_t)1 << b;
                const uint16_t *src = blk + o - run;
                uint16_t *dst = blk + o;
                if (h == 0 && o == run)
                    for (size_t i = 0; i < run; i += LANES)
                        STORE(dst + i, WINS(LOAD(src + i), trait[b]));
                else
                    for (size_t i = 0; i < run; i += LANES)
                        STORE(dst + i, LOAD(dst + i) |
                                           WINS(LOAD(src + i), trait[b]));
            }
            /* Cards 0-4, within the vector, round by round. */
            vec v = h == 0 && o == 0 ? (vec){0} : LOAD(blk + o);
            /* Round p reads the lanes of p - 1 cards (final) and
             * writes those of p: its steps are independent, so they are
             * computed side by side from v as the round begins. */
            v |= STEP(v, NEIGHBOUR0, in_round[1][0]);
            v |= STEP(v, NEIGHBOUR0, in_round[2][0]) |
                 STEP(v, NEIGHBOUR1, in_round[2][1]);
            v |= STEP(v, NEIGHBOUR0, in_round[3][0]) |
                 STEP(v, NEIGHBOUR1, in_round[3][1]) |
                 STEP(v, NEIGHBOUR2, in_round[3][2]);
            v |= (STEP(v, NEIGHBOUR0, in_round[4][0]) |
                  STEP(v, NEIGHBOUR1, in_round[4][1])) |
                 (STEP(v, NEIGHBOUR2, in_round[4][2]) |
                  STEP(v, NEIGHBOUR3, in_round[4][3]));
            v |= (STEP(v, NEIGHBOUR0, in_round[5][0]) |
                  STEP(v, NEIGHBOUR1, in_round[5][1])) |
                 (STEP(v, NEIGHBOUR2, in_round[5][2]) |
                  STEP(v, NEIGHBOUR3, in_round[5][3])) |
                 STEP(v, NEIGHBOUR4, in_round[5][4]);
            STORE(blk + o, v);
        }
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_X86_KERNELS 1
__attribute__((target("avx512f,avx512bw"))) static void fill_avx512(const fill_job *k)
{
    fill(k);
}

__attribute__((target("avx2"))) static void fill_avx2(const fill_job *k)
{
    fill(k);
}
#endif

static void fill_plain(const fill_job *k)
{
    fill(k);
}

chain_retro *chain_retro_new(int max_cards, int kernel)
{
    if (max_cards < LANE_CARDS)
        max_cards = LANE_CARDS;
    if (max_cards > CHAIN_POOL)
        return NULL;
    chain_retro *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->max_cards = max_cards;
    r->kernel = kernel;
    r->bytes = ((size_t)1 << max_cards) * sizeof *r->w;
    /* Pages from the system, in huge pages where it allows (the table is
     * crossed a few times a deal: fewer TLB misses). */
    void *p = mmap(NULL, r->bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        free(r);
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    madvise(p, r->bytes, MADV_HUGEPAGE);
#endif
    r->w = p;
    return r;
}

void chain_retro_free(chain_retro *r)
{
    if (!r)
        return;
    munmap(r->w, r->bytes);
    free(r);
}

long long chain_retro_positions(const chain_retro *r)
{
    return r->positions;
}

/* w(pool) for s's pool (cards as bits in id order): the traits whose
 * declaration the mover facing them with the whole pool left wins. */
static unsigned pool_word(chain_retro *r, const chain_state *s)
{
    fill_job k = {.w = r->w};
    for (uint64_t m = s->pool; m; m &= m - 1)
        k.traits[k.n++] = (uint16_t)tbi_mq_traits_of(__builtin_ctzll(m));
    int cards = k.n;
    while (k.n < LANE_CARDS)
        k.traits[k.n++] = 0;
    k.low = k.n < BLOCK_CARDS ? k.n : BLOCK_CARDS;
#ifdef HAVE_X86_KERNELS
    if (r->kernel <= CHAIN_RETRO_BEST && __builtin_cpu_supports("avx512bw"))
        fill_avx512(&k);
    else if (r->kernel <= CHAIN_RETRO_AVX2 && __builtin_cpu_supports("avx2"))
        fill_avx2(&k);
    else
#endif
        fill_plain(&k);
    r->positions += (long long)TBI_MQ_TRAITS << k.n;
    return r->w[((size_t)1 << cards) - 1];
}

int chain_retro_outcome(chain_retro *r, const chain_state *s)
{
    if (s->match != CHAIN_DECLARED || s->phase != CHAIN_PLAY ||
        __builtin_popcountll(s->pool) > r->max_cards)
        return CHAIN_UNKNOWN;
    unsigned win = pool_word(r, s);
    if (s->links == 0) {
        /* The first declarer plays her own card and declares one of its
         * traits that some pool card has; she wins when the opponent
         * facing it with the whole pool loses. */
        int own = s->drawn[s->first];
        for (int a = 0; a < 3; a++) {
            int t = tbi_mq_trait(a, tbi_mq_attr(own, a));
            if ((s->pool & chain_follow_set(CHAIN_DECLARED, own, a)) &&
                !(win >> t & 1))
                return CHAIN_WON;
        }
        return CHAIN_LOST;
    }
    int last = s->card[s->links - 1], a = s->attr[s->links - 1];
    return win >> tbi_mq_trait(a, tbi_mq_attr(last, a)) & 1 ? CHAIN_WON
                                                               : CHAIN_LOST;
}
