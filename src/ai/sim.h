/*
 * sim.h - playing many games between bots on several threads, with results
 * that are the same for any number of threads: game i always uses the seed
 * tbi_game_seed(seed, i), and games are summed in fixed blocks merged in
 * order.
 */
#ifndef TABULA_SIM_H
#define TABULA_SIM_H

#include "bot.h"
#include "stats.h"

/* What one finished game contributes (kept per game when asked). */
typedef struct tbi_game_summary {
    double score[TB_MAX_PLAYERS];
    uint8_t rank[TB_MAX_PLAYERS];
    uint32_t actions;
    uint8_t team_win;
    double team_score;
    /* From the game's standing() after every action (competitive games
     * that have one; otherwise has_drama is 0): */
    uint8_t has_drama;
    uint16_t rounds;        /* the round number at the end */
    uint16_t lead_changes;  /* times the sole leader became another seat */
    float decided_at;       /* share of the game after which a winner
                               always led (0: from the start) */
    uint8_t comeback;       /* the sole last seat at mid-game won */
    uint8_t draw;           /* nobody won (tb_result.draw) */
} tbi_game_summary;

typedef struct tbi_sim_spec {
    const tb_game *game;
    tb_config cfg;
    char seats[TB_MAX_PLAYERS][TB_SEAT_SPEC]; /* bot spec per seat */
    long games;
    long first_game;         /* play games first_game .. first_game+games-1 */
    uint64_t seed;
    int threads;
    const char *record_dir;  /* write one record per game there, or NULL */
    int keep_games;          /* fill tbi_sim_out.per_game (index 0 is
                                game first_game) */
    /* Called now and then, from any worker thread, with the games
     * finished so far (for a progress bar), one call at a time and in
     * order of the counts (it is called under the run's lock, so it must
     * not start a run itself); may be NULL.  Not called in a distributed
     * run (tbi_sim_distribute), whose processes each see only their own
     * games. */
    void (*progress)(long done, long total, void *user);
    void *progress_user;
} tbi_sim_spec;

typedef struct tbi_sim_out {
    long games;
    double wins[TB_MAX_PLAYERS];     /* a k-way tie for first counts 1/k */
    tbi_moments score[TB_MAX_PLAYERS];
    tbi_moments actions;
    double team_wins;
    tbi_moments team_score;
    /* Per seat, for outside agents (ext; 0 for other bots): the moves
     * their fallback made, and the answers that were not legal actions. */
    long fallback_moves[TB_MAX_PLAYERS];
    long bad_answers[TB_MAX_PLAYERS];
    double draws;                    /* games that ended in a draw */
    tbi_game_summary *per_game;      /* games entries when keep_games */
} tbi_sim_out;

/*
 * Spreading one simulation over several processes (the MPI build,
 * src/mpi/tabula_mpi.c).  Process `rank` of `ranks` plays only the blocks
 * of BLOCK consecutive games whose index modulo ranks is rank; then
 * share() gives every process every block's sums and per-game summaries,
 * so that each merges all blocks in block order and gets, byte for byte,
 * the result of a single process.  Without a call to tbi_sim_distribute
 * the simulation is local (rank 0 of 1).
 */
typedef struct tbi_sim_dist {
    int rank, ranks;
    /* Returns the seed of rank 0, so that a seed taken from each process's
     * clock is the same everywhere. */
    uint64_t (*agree_seed)(uint64_t seed);
    /* Called by every process after playing its blocks: n_blocks blocks of
     * block_bytes bytes each (block k owned by rank k % ranks) and games
     * per-game summaries of game_bytes each (block k holds games
     * k*per_block.., or none when game_bytes is 0).  Fills in the blocks of
     * the other ranks.  `failed` says this process failed (err holds why);
     * returns non-zero with a message when any process failed. */
    int (*share)(void *blocks, size_t block_bytes, long n_blocks,
                 void *games, size_t game_bytes, long n_games, long per_block,
                 int failed, char *err, size_t errcap);
} tbi_sim_dist;

/* Installs a distribution for every later simulation (NULL: local). */
void tbi_sim_distribute(const tbi_sim_dist *d);
/* Whether this process is the one that reports (rank 0, or local). */
int tbi_sim_is_main_rank(void);

/* Runs the simulation; on error returns non-zero with a message. */
int tbi_sim_run(const tbi_sim_spec *spec, tbi_sim_out *out, char *err,
                size_t errcap);
void tbi_sim_out_free(tbi_sim_out *out);

#endif
