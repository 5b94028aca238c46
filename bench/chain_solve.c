/*
 * chain_solve.c - the share of Mystique Chain deals won by the first
 * player (the one who drew the higher card and declares first) under
 * perfect play, and the solver's speed.  Deal i is drawn exactly as
 * `tabula sim mystique-chain --seed S` draws game i's deal (so --first
 * lets a long run be split into parts), each deal is searched from its
 * first decision within a budget of positions, and the deals proven
 * either way are counted: the share among them with its 95% Wilson
 * interval, and the bounds that the deals left unknown allow.
 *
 * --each prints a line a deal as it is decided ("deal", its index, "won",
 * "lost" or "unknown" for the seat to move, positions, seconds), so that a
 * computation too long for one sitting can be run in parts and kept:
 * --tally FILE reads such lines (any number of runs, in any order) and
 * prints the share of the deals proven, refusing a file that decides a
 * deal twice.  bench/chain_first_player.tsv keeps the deals decided so far.
 *
 * --retro decides each deal with the retrograde solver (retro.c:
 * match=declared only, a table of 2 GB, a second or two a deal) instead
 * of df-pn; its positions are the (subset of the pool, trait) pairs it
 * values, 12 x 2^30 for a whole deal.
 *
 * Build and run: make bench-chain [CHAIN_ARGS="-n 100 --budget 2000000"]
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

/* --selfplay: the solver plays both seats from the deal, each move within
 * the budget, and the result is the first declarer's (CHAIN_WON or
 * CHAIN_LOST).  *proven_at is the number of cards taken when a search
 * first proved the outcome (the solver then plays exactly to the end). */
static int play_out(chain_solver *sv, chain_state *s, long budget,
                    long *proven_at)
{
    const tb_game *g = tb_find_game("mystique-chain");
    int first = s->first;
    *proven_at = -1;
    while (s->phase == CHAIN_PLAY) {
        int outcome;
        tb_action a = chain_solver_move(sv, s, budget, &outcome);
        if (outcome != CHAIN_UNKNOWN && *proven_at < 0)
            *proven_at = s->links;
        g->apply(s, a);
    }
    return s->winner == first ? CHAIN_WON : CHAIN_LOST;
}

static int usage(void)
{
    fprintf(stderr, "usage: chain_solve [-n DEALS] [--first I] [--seed S] "
                    "[--match declared|exactly-one] [--budget POSITIONS] "
                    "[--table LOG2] [--after MOVES] [--selfplay] [--each] "
                    "[--retro]\n"
                    "       chain_solve --tally FILE\n");
    return 2;
}

/* --tally: the share of the first player's wins among the deals decided
 * in a file of --each lines.  A deal decided twice (runs that overlap) is
 * an error unless both say the same, as the solver is exact; a gap in the
 * deals' indices is reported, as the figure is then not over deals 0..n-1. */
static int tally(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    enum { MAX_DEALS = 1 << 20 };
    static signed char seen[MAX_DEALS]; /* 0 unseen, 1 won, 2 lost */
    char line[256], word[16];
    long deal, positions, n = 0, won = 0, lost = 0, top = -1, lineno = 0;
    double secs, total_secs = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (strncmp(line, "deal\t", 5) != 0)
            continue; /* a summary line of a run */
        if (sscanf(line, "deal\t%ld\t%15s\t%ld\t%lf", &deal, word, &positions,
                   &secs) != 4 || deal < 0 || deal >= MAX_DEALS) {
            fprintf(stderr, "%s:%ld: not a deal line: %s", path, lineno, line);
            fclose(f);
            return 1;
        }
        int v = strcmp(word, "won") == 0 ? 1 : strcmp(word, "lost") == 0 ? 2 : 0;
        if (v == 0)
            continue; /* unknown: the budget ran out; not counted */
        if (seen[deal] && seen[deal] != v) {
            fprintf(stderr, "%s:%ld: deal %ld is both won and lost\n", path,
                    lineno, deal);
            fclose(f);
            return 1;
        }
        if (seen[deal])
            continue;
        seen[deal] = (signed char)v;
        n++;
        won += v == 1;
        lost += v == 2;
        total_secs += secs;
        if (deal > top)
            top = deal;
    }
    fclose(f);
    if (n == 0) {
        fprintf(stderr, "%s: no deal decided\n", path);
        return 1;
    }
    double lo, hi;
    tbi_wilson95((double)won, (double)n, &lo, &hi);
    printf("%ld deals decided (%ld won, %ld lost by the first declarer); "
           "won %.2f%% [%.2f, %.2f]; %.0f s of solving\n", n, won, lost,
           100.0 * (double)won / (double)n, 100 * lo, 100 * hi, total_secs);
    if (n != top + 1)
        printf("deals 0..%ld: %ld not decided in this file\n", top, top + 1 - n);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--tally") == 0)
        return tally(argv[2]);
    long deals = 100, first = 0, budget = 2000000, after = 0, selfplay = 0;
    int each = 0, retro = 0;
    long sp_proven_at = 0, sp_proven_sum = 0;
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
        else if (strcmp(argv[i], "--selfplay") == 0)
            selfplay = 1;
        else if (strcmp(argv[i], "--each") == 0)
            each = 1;
        else if (strcmp(argv[i], "--retro") == 0)
            retro = 1;
        else if (i + 1 < argc && strcmp(argv[i], "--after") == 0)
            after = atol(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--first") == 0)
            first = atol(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--budget") == 0)
            budget = atol(argv[++i]);
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
    if (each && (after || selfplay)) {
        fprintf(stderr, "chain_solve: --each records the first declarer's "
                        "outcome under perfect play: not with --after or "
                        "--selfplay\n");
        return 2;
    }
    if (retro && (selfplay || strcmp(match, "declared") != 0)) {
        fprintf(stderr, "chain_solve: --retro decides positions under "
                        "match=declared: not with --selfplay or another "
                        "--match\n");
        return 2;
    }
    chain_solver *sv = chain_solver_new(log2_entries);
    chain_retro *rs = retro ? chain_retro_new(CHAIN_POOL, 0) : NULL;
    void *st = tb_state_new(g);
    if (retro && !rs) {
        fprintf(stderr, "chain_solve: --retro needs 2 GB of memory\n");
        return 1;
    }
    if (!sv || !st || deals < 1)
        return usage();
    long won = 0, lost = 0, unknown = 0, nodes = 0, most = 0, skipped = 0;
    double start = now(), slowest = 0;
    for (long i = first; i < first + deals; i++) {
        /* The deal of game i of `tabula sim` with this seed. */
        tb_rng rng;
        tb_rng_seed(&rng, tb_seed_derive(seed, (uint64_t)i));
        tb_init(g, st, &cfg, err, sizeof err);
        tb_settle(g, st, &rng);
        /* --after: the heuristic plays both seats first, to measure the
         * solver on smaller pools (the deal is skipped if the game ends). */
        for (long m = 0; m < after && tb_current(g, st) >= 0; m++)
            tb_apply(g, st, g->heuristic(st, tb_current(g, st), &rng));
        if (tb_current(g, st) < 0) {
            skipped++;
            continue;
        }
        long before = retro ? (long)chain_retro_positions(rs)
                            : chain_solver_nodes(sv);
        double t0 = now();
        int outcome = retro      ? chain_retro_outcome(rs, st)
                      : selfplay ? play_out(sv, st, budget, &sp_proven_at)
                                 : chain_solver_outcome(sv, st, budget);
        sp_proven_sum += sp_proven_at;
        double took = now() - t0;
        long used = (retro ? (long)chain_retro_positions(rs)
                           : chain_solver_nodes(sv)) - before;
        if (each) {
            printf("deal\t%ld\t%s\t%ld\t%.2f\n", i,
                   outcome == CHAIN_WON    ? "won"
                   : outcome == CHAIN_LOST ? "lost"
                                           : "unknown",
                   used, took);
            fflush(stdout);
        }
        won += outcome == CHAIN_WON;
        lost += outcome == CHAIN_LOST;
        unknown += outcome == CHAIN_UNKNOWN;
        nodes += used;
        if (used > most)
            most = used;
        if (took > slowest)
            slowest = took;
    }
    double secs = now() - start;
    printf("match=%s, deals %ld..%ld of seed %llu, ", match, first,
           first + deals - 1, (unsigned long long)seed);
    if (retro)
        printf("the retrograde solver\n");
    else
        printf("budget %ld positions a deal\n", budget);
    if (selfplay)
        printf("the solver playing both seats, %ld positions a move; cards "
               "taken when the outcome was first proven: %.1f on average\n",
               budget, (double)sp_proven_sum / (double)(deals - skipped));
    if (after)
        printf("after %ld moves of the heuristic (%ld deals ended before): "
               "the seat to move ", after, skipped);
    else
        printf("first player (the higher card, declaring first): ");
    if (selfplay)
        printf("%ld won, %ld lost\n", won, lost);
    else
        printf("%ld won, %ld lost, %ld unknown (budget spent)\n", won, lost,
               unknown);
    deals -= skipped;
    if (selfplay && deals > 0) {
        double lo, hi;
        tbi_wilson95((double)won, (double)deals, &lo, &hi);
        printf("the first declarer won %.2f%% [%.2f, %.2f] of the games\n",
               100.0 * (double)won / (double)deals, 100 * lo, 100 * hi);
    } else if (won + lost > 0 && deals > 0) {
        double lo, hi;
        tbi_wilson95((double)won, (double)(won + lost), &lo, &hi);
        printf("share won among proven deals: %.2f%% [%.2f, %.2f]; over all "
               "deals between %.2f%% and %.2f%%\n",
               100.0 * (double)won / (double)(won + lost), 100 * lo, 100 * hi,
               100.0 * (double)won / (double)deals,
               100.0 * (double)(won + unknown) / (double)deals);
    }
    if (deals < 1)
        deals = 1;
    printf("%.1f s: %.2f s a deal on average, slowest %.1f s; %.0f positions "
           "a deal on average, most %ld; %.0f positions/s\n",
           secs, secs / (double)deals, slowest, (double)nodes / (double)deals,
           most, (double)nodes / secs);
    chain_solver_free(sv);
    chain_retro_free(rs);
    free(st);
    return 0;
}
