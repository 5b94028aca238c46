/*
 * test_tensors.c - the contract of the learning tensors (docs/learning.md)
 * for every game that defines them, with no game-specific code: at every
 * decision of random games at every player count and option value,
 *   - the mask marks exactly the legal actions, each index in range and
 *     distinct, and each index leads back to its action;
 *   - a seat's observation is the same in every state the seat cannot tell
 *     from the true one (determinized for it), and observing changes
 *     nothing;
 *   - two states with the same observation for a seat are the same to that
 *     seat (tb_infoset_key): the observation holds everything it sees;
 * and tb_vec plays many games at once as the same games played one by one
 * do.  Games without tensors answer TB_EINVAL.  TENSORS_GAME=id in the
 * environment checks that one game alone (for work on its encoding).
 */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CONFIGS 64
#define SEEDS 6
#define MAX_PAIRS 200000

/* A seat's observation, hashed, and what tb_infoset_key says of the same
 * state: the observation must determine the key. */
typedef struct pair {
    uint64_t obs, key;
} pair;

static uint64_t hash_floats(const float *v, int n)
{
    uint64_t h = 1469598103934665603ull;
    const unsigned char *b = (const unsigned char *)v;
    for (size_t i = 0; i < (size_t)n * sizeof *v; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static int cmp_pair(const void *a, const void *b)
{
    const pair *x = a, *y = b;
    if (x->obs != y->obs)
        return x->obs < y->obs ? -1 : 1;
    return x->key < y->key ? -1 : x->key > y->key;
}

/* The mask and the indices at one decision. */
static void check_actions(const tb_game *g, const void *st, int space)
{
    tb_action acts[TB_MAX_ACTIONS];
    int n = tb_legal(g, st, acts);
    uint8_t *mask = malloc((size_t)space);
    assert_non_null(mask);
    assert_int_equal(tb_action_mask(g, st, mask, space), n);
    int ones = 0;
    for (int k = 0; k < space; k++)
        ones += mask[k];
    if (ones != n)
        fail_msg("%s: %d legal actions share indices (%d marked)", g->id, n,
                 ones);
    for (int i = 0; i < n; i++) {
        int k;
        assert_int_equal(tb_action_index(g, st, acts[i], &k), TB_OK);
        assert_true(k >= 0 && k < space && mask[k]);
        tb_action back;
        assert_int_equal(tb_action_of_index(g, st, k, &back), TB_OK);
        assert_int_equal(back, acts[i]);
    }
    free(mask);
}

/* Every seat's observation at one decision: unchanged by determinizing
 * for the seat and by observing; recorded against the seat's infoset key. */
static void check_observations(const tb_game *g, const tb_config *cfg,
                               const void *st, int size, tb_rng *rng,
                               pair *pairs, long *n_pairs)
{
    float *a = malloc((size_t)size * sizeof *a);
    float *b = malloc((size_t)size * sizeof *b);
    void *copy = tb_state_new(g), *scratch = tb_state_new(g);
    assert_true(a && b && copy && scratch);
    for (int seat = 0; seat < cfg->players; seat++) {
        memcpy(copy, st, g->state_size);
        assert_int_equal(tb_observe(g, st, seat, a), TB_OK);
        assert_memory_equal(copy, st, g->state_size);
        for (int k = 0; k < 2; k++) {
            memcpy(copy, st, g->state_size);
            tb_determinize(g, copy, seat, rng);
            tb_observe(g, copy, seat, b);
            if (memcmp(a, b, (size_t)size * sizeof *a) != 0)
                fail_msg("%s: seat %d's observation changed when only what "
                         "it cannot see changed", ts_config_name(g, cfg),
                         seat);
        }
        if (*n_pairs < MAX_PAIRS) {
            pairs[*n_pairs].obs = hash_floats(a, size);
            pairs[*n_pairs].key = tb_infoset_key(g, st, seat, scratch);
            (*n_pairs)++;
        }
    }
    free(a);
    free(b);
    free(copy);
    free(scratch);
}

static void check_config(const tb_game *g, const tb_config *cfg)
{
    int size = tb_observation_size(g, cfg), space = tb_action_space(g, cfg);
    assert_true(size > 0 && space > 0);
    pair *pairs = malloc(MAX_PAIRS * sizeof *pairs);
    assert_non_null(pairs);
    long n_pairs = 0;
    void *st = tb_state_new(g);
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        char err[256];
        assert_int_equal(tb_init(g, st, cfg, err, sizeof err), TB_OK);
        tb_rng rng;
        tb_rng_seed(&rng, seed);
        for (long step = 0; step < 5000; step++) {
            int cur = tb_current(g, st);
            if (cur == TB_TERMINAL)
                break;
            if (cur == TB_CHANCE) {
                tb_sample_chance(g, st, &rng, NULL, NULL);
                continue;
            }
            check_actions(g, st, space);
            check_observations(g, cfg, st, size, &rng, pairs, &n_pairs);
            tb_action acts[TB_MAX_ACTIONS];
            int n = tb_legal(g, st, acts);
            tb_apply(g, st, acts[tb_rng_below(&rng, (uint32_t)n)]);
        }
    }
    qsort(pairs, (size_t)n_pairs, sizeof *pairs, cmp_pair);
    for (long i = 1; i < n_pairs; i++)
        if (pairs[i].obs == pairs[i - 1].obs && pairs[i].key != pairs[i - 1].key)
            fail_msg("%s: one observation stands for two different views "
                     "(it leaves out something the seat sees)",
                     ts_config_name(g, cfg));
    free(pairs);
    free(st);
}

static void test_every_game_with_tensors(void **state)
{
    (void)state;
    int with = 0;
    const char *only = getenv("TENSORS_GAME");
    for (int k = 0; k < tb_game_count(); k++) {
        const tb_game *g = tb_game_at(k);
        if (only && *only && strcmp(g->id, only) != 0)
            continue;
        tb_config cfgs[MAX_CONFIGS];
        int n = ts_configs(g, cfgs, MAX_CONFIGS);
        if (!tb_has_tensors(g)) {
            assert_int_equal(tb_observation_size(g, &cfgs[0]), TB_EINVAL);
            assert_int_equal(tb_action_space(g, &cfgs[0]), TB_EINVAL);
            continue;
        }
        with++;
        for (int i = 0; i < n; i++)
            check_config(g, &cfgs[i]);
    }
    assert_true(with >= 1);
}

/* tb_vec: n games stepped together are the games a plain loop plays from
 * the same seeds with the same choices (the first legal index each time,
 * then the last), games that end are scored and dealt again, and a bad
 * index is refused with nothing moved. */
static void test_vec_matches_one_by_one(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("no-thanks");
    tb_config cfg = ts_config(g, 4, NULL);
    char err[256];
    enum { N = 5 };
    tb_vec *v = tb_vec_new(g, &cfg, N, 99, err, sizeof err);
    assert_non_null(v);
    int space = tb_vec_space(v), size = tb_vec_obs_size(v);
    void *st[N];
    tb_rng rng[N];
    for (int i = 0; i < N; i++) {
        st[i] = tb_state_new(g);
        assert_int_equal(tb_init(g, st[i], &cfg, err, sizeof err), TB_OK);
        tb_rng_seed(&rng[i], tb_seed_derive(99, (uint64_t)i));
        tb_settle(g, st[i], &rng[i]);
    }
    uint64_t dealt = N;
    int32_t bad[N] = {0};
    bad[2] = space; /* out of range */
    assert_int_equal(tb_vec_step(v, bad, err, sizeof err), TB_EILLEGAL);
    float *obs = malloc((size_t)size * sizeof *obs);
    long finished = 0;
    for (int step = 0; step < 400; step++) {
        int32_t act[N];
        for (int i = 0; i < N; i++) {
            const uint8_t *m = tb_vec_mask(v) + (size_t)i * (size_t)space;
            int first = -1, last = -1;
            for (int k = 0; k < space; k++)
                if (m[k]) {
                    last = k;
                    if (first < 0)
                        first = k;
                }
            act[i] = step % 2 ? last : first;
            assert_int_equal(tb_vec_seat(v)[i], tb_current(g, st[i]));
            tb_observe(g, st[i], tb_current(g, st[i]), obs);
            assert_memory_equal(obs, tb_vec_obs(v) + (size_t)i * (size_t)size,
                                (size_t)size * sizeof *obs);
        }
        assert_int_equal(tb_vec_step(v, act, err, sizeof err), TB_OK);
        for (int i = 0; i < N; i++) {
            tb_action a;
            assert_int_equal(tb_action_of_index(g, st[i], act[i], &a), TB_OK);
            tb_apply(g, st[i], a);
            tb_settle(g, st[i], &rng[i]);
            int over = tb_current(g, st[i]) == TB_TERMINAL;
            assert_int_equal(tb_vec_done(v)[i], over);
            if (over) {
                tb_result r;
                tb_result_of(g, st[i], &r);
                double sum = 0;
                for (int j = 0; j < 4; j++)
                    sum += tb_vec_reward(v)[i * 4 + j];
                assert_true(sum > 0.99 && sum < 1.01); /* win shares */
                tb_init(g, st[i], &cfg, err, sizeof err);
                tb_rng_seed(&rng[i], tb_seed_derive(99, dealt++));
                tb_settle(g, st[i], &rng[i]);
                finished++;
            }
        }
    }
    assert_true(finished >= N);
    free(obs);
    for (int i = 0; i < N; i++)
        free(st[i]);
    tb_vec_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_game_with_tensors),
        cmocka_unit_test(test_vec_matches_one_by_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
