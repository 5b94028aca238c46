/*
 * chain_solve.c - the share of Mystique Chain deals won by the first
 * player (the one who drew the higher card and declares first) under
 * perfect play, and the solver's speed.  Deal i is drawn exactly as
 * `tabula sim mystique-chain --seed S` draws game i's deal, each deal is
 * solved from its first decision, and the figure is reported with its 95%
 * Wilson interval.
 *
 * Build and run: make bench-chain [CHAIN_ARGS="-n 10000 --seed 1 --match declared"]
 */
#include "../src/games/mystique_chain/chain.h"
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int usage(void)
{
    fprintf(stderr, "usage: chain_solve [-n DEALS] [--seed S] "
                    "[--match declared|exactly-one] [--table LOG2]\n");
    return 2;
}

int main(int argc, char **argv)
{
    long deals = 10000;
    uint64_t seed = 1;
    int log2_entries = 0;
    const char *match = "declared";
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "-n") == 0)
            deals = atol(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[++i], NULL, 10);
        else if (i + 1 < argc && strcmp(argv[i], "--match") == 0)
            match = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--table") == 0)
            log2_entries = atoi(argv[++i]);
        else
            return usage();
    }
    const tb_game *g = tb_find_game("mystique-chain");
    tb_config cfg;
    char err[256];
    tb_config_default(g, 2, &cfg);
    if (tb_config_set(g, &cfg, "match", match, err, sizeof err) != TB_OK) {
        fprintf(stderr, "chain_solve: %s\n", err);
        return 2;
    }
    chain_solver *sv = chain_solver_new(log2_entries);
    void *st = tb_state_new(g);
    if (!sv || !st || deals < 1)
        return usage();
    long first_wins = 0, nodes = 0, most_nodes = 0;
    double start = now(), slowest = 0;
    for (long i = 0; i < deals; i++) {
        /* The deal of game i of `tabula sim` with this seed. */
        tb_rng rng;
        tb_rng_seed(&rng, tb_seed_derive(seed, (uint64_t)i));
        tb_init(g, st, &cfg, err, sizeof err);
        tb_settle(g, st, &rng);
        long before = chain_solver_nodes(sv);
        double t0 = now();
        first_wins += chain_solver_wins(sv, st);
        double took = now() - t0;
        long used = chain_solver_nodes(sv) - before;
        nodes += used;
        if (used > most_nodes)
            most_nodes = used;
        if (took > slowest)
            slowest = took;
    }
    double secs = now() - start;
    double lo, hi;
    tbi_wilson95((double)first_wins, (double)deals, &lo, &hi);
    printf("match=%s, %ld deals, seed %llu\n", match, deals,
           (unsigned long long)seed);
    printf("first player (the higher card, declaring first) wins %.2f%% "
           "[%.2f, %.2f] of deals under perfect play\n",
           100.0 * (double)first_wins / (double)deals, 100 * lo, 100 * hi);
    printf("solved in %.2f s: %.3f ms a deal on average, slowest %.1f ms; "
           "%.0f positions a deal on average, most %ld; %.2f M positions/s\n",
           secs, 1000 * secs / (double)deals, 1000 * slowest,
           (double)nodes / (double)deals, most_nodes,
           (double)nodes / secs / 1e6);
    chain_solver_free(sv);
    free(st);
    return 0;
}
