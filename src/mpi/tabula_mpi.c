/*
 * tabula_mpi.c - the `tabula-mpi` command: `tabula sim` and `tabula
 * analyze` with their games spread over the processes of mpirun.
 *
 * Every process runs the same command line.  The simulation engine
 * (src/ai/sim.c) plays on process `rank` only the blocks of 64 games whose
 * index modulo the number of processes is rank; this file then gathers
 * every block on every process, so that each one merges all blocks in
 * block order exactly as a single process does, and the report is the
 * same byte for byte.  Only rank 0 writes to standard output and report
 * files; the others print nothing but their errors.
 *
 * It is built only by `make mpi` (mpicc, Open MPI), so the default build
 * does not need MPI.  The processes are assumed to run the same binary on
 * machines of one architecture: blocks travel as raw bytes.
 */
#include "cli.h"
#include "sim.h"

#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The `tabula` command's main, renamed when main.c is compiled for this
 * binary (see the Makefile's mpi target). */
int tbi_cli_main(int argc, char **argv);

static int my_rank, n_ranks;

static uint64_t agree_seed(uint64_t seed)
{
    unsigned long long s = seed;
    MPI_Bcast(&s, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    return (uint64_t)s;
}

/* The bytes of this rank's blocks, packed in block order: each block's sums
 * followed by its games' summaries. */
static size_t block_span(long k, long n_games, long per_block,
                         size_t block_bytes, size_t game_bytes)
{
    long first = k * per_block;
    long last = first + per_block < n_games ? first + per_block : n_games;
    return block_bytes + (size_t)(last - first) * game_bytes;
}

/* Copies block k (its sums and its games) to or from a packed buffer at
 * *pos, advancing *pos. */
static void move_block(int pack, unsigned char *buf, size_t *pos, void *blocks,
                       size_t block_bytes, void *games, size_t game_bytes,
                       long n_games, long per_block, long k)
{
    unsigned char *b = (unsigned char *)blocks + (size_t)k * block_bytes;
    size_t gbytes =
        block_span(k, n_games, per_block, block_bytes, game_bytes) - block_bytes;
    unsigned char *gp =
        games ? (unsigned char *)games + (size_t)(k * per_block) * game_bytes
              : NULL;
    if (pack) {
        memcpy(buf + *pos, b, block_bytes);
        if (gbytes)
            memcpy(buf + *pos + block_bytes, gp, gbytes);
    } else {
        memcpy(b, buf + *pos, block_bytes);
        if (gbytes)
            memcpy(gp, buf + *pos + block_bytes, gbytes);
    }
    *pos += block_bytes + gbytes;
}

/* Gives every rank every block: first all ranks agree whether any failed
 * (so none waits for a rank that stopped), then each rank's blocks are
 * packed, gathered on all ranks and unpacked into place. */
static int share(void *blocks, size_t block_bytes, long n_blocks, void *games,
                 size_t game_bytes, long n_games, long per_block, int failed,
                 char *err, size_t errcap)
{
    int any_failed = 0;
    MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (any_failed) {
        if (!failed)
            snprintf(err, errcap, "another MPI process failed (its message "
                                  "is on its standard error)");
        return 1;
    }
    if (!games)
        game_bytes = 0;
    /* How many bytes each rank sends. */
    int *counts = calloc((size_t)n_ranks, sizeof *counts);
    int *displs = calloc((size_t)n_ranks, sizeof *displs);
    size_t total = 0, mine = 0;
    int too_big = 0;
    if (!counts || !displs) {
        free(counts);
        free(displs);
        snprintf(err, errcap, "out of memory sharing results between MPI "
                              "processes");
        MPI_Abort(MPI_COMM_WORLD, 2);
        return 1;
    }
    for (int r = 0; r < n_ranks; r++) {
        size_t bytes = 0;
        for (long k = r; k < n_blocks; k += n_ranks)
            bytes += block_span(k, n_games, per_block, block_bytes, game_bytes);
        if (bytes > INT_MAX || total > (size_t)INT_MAX - bytes)
            too_big = 1;
        counts[r] = (int)bytes;
        displs[r] = (int)total;
        total += bytes;
        if (r == my_rank)
            mine = bytes;
    }
    if (too_big) {
        free(counts);
        free(displs);
        snprintf(err, errcap, "%ld games are too many to share in one MPI "
                              "message (2 GB); run fewer games per command",
                 n_games);
        return 1;
    }
    unsigned char *send = malloc(mine ? mine : 1);
    unsigned char *all = malloc(total ? total : 1);
    if (!send || !all) {
        snprintf(err, errcap, "out of memory sharing results between MPI "
                              "processes");
        MPI_Abort(MPI_COMM_WORLD, 2);
        return 1;
    }
    size_t pos = 0;
    for (long k = my_rank; k < n_blocks; k += n_ranks)
        move_block(1, send, &pos, blocks, block_bytes, games, game_bytes,
                   n_games, per_block, k);
    MPI_Allgatherv(send, (int)mine, MPI_BYTE, all, counts, displs, MPI_BYTE,
                   MPI_COMM_WORLD);
    for (int r = 0; r < n_ranks; r++) {
        if (r == my_rank)
            continue;
        pos = (size_t)displs[r];
        for (long k = r; k < n_blocks; k += n_ranks)
            move_block(0, all, &pos, blocks, block_bytes, games, game_bytes,
                       n_games, per_block, k);
    }
    free(send);
    free(all);
    free(counts);
    free(displs);
    return 0;
}

static const char *const distributed[] = {"sim", "analyze"};

/* Whether argv names a command this binary runs: sim, analyze, or a
 * request for help or the version. */
static int runs_here(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-' || strcmp(argv[1], "help") == 0)
        return 1;
    for (size_t i = 0; i < sizeof distributed / sizeof distributed[0]; i++)
        if (strcmp(argv[1], distributed[i]) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    int provided = 0;
    /* Worker threads play games, but only the main thread calls MPI. */
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n_ranks);
    int status;
    if (!runs_here(argc, argv)) {
        if (my_rank == 0)
            cli_error("tabula-mpi runs 'sim' and 'analyze' over MPI; use "
                      "'tabula %s' for the rest", argv[1]);
        status = 2;
    } else {
        static tbi_sim_dist d;
        d.rank = my_rank;
        d.ranks = n_ranks;
        d.agree_seed = agree_seed;
        d.share = share;
        tbi_sim_distribute(&d);
        /* Only rank 0 reports; the others' results are the same. */
        if (my_rank != 0 && !freopen("/dev/null", "w", stdout)) {
            cli_error("rank %d cannot silence its output", my_rank);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        status = tbi_cli_main(argc, argv);
        fflush(stdout);
    }
    /* A process that failed outside the simulation's own exchange (say a
     * directory it could not write) would leave the others waiting in the
     * next exchange: end them all.  Its message is already printed. */
    if (status != 0) {
        fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, status);
    }
    MPI_Finalize();
    return status;
}
