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
    /* Called now and then from one thread with the games finished so far
     * (for a progress bar); may be NULL. */
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
    tbi_game_summary *per_game;      /* games entries when keep_games */
} tbi_sim_out;

/* Runs the simulation; on error returns non-zero with a message. */
int tbi_sim_run(const tbi_sim_spec *spec, tbi_sim_out *out, char *err,
                size_t errcap);
void tbi_sim_out_free(tbi_sim_out *out);

#endif
