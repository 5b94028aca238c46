/*
 * seeds.c - turns game records (as `tabula sim --record-dir` writes them)
 * into seed inputs of the fuzz harness "play" (layout in play.h): the
 * record's game, its player count, options and seed, and the record's
 * moves as lines of text.  Since the harness draws the deal from
 * the seed as `tabula sim` does, the moves replay the recorded game, and
 * the fuzzer starts from real play.  Each record gives SPLITS inputs that
 * take its first moves quickly (PLAY_TEXT_FIRST) and check the next
 * PLAY_MAX_LINES from the start, a third, two thirds and near the end of
 * the game, so that every part of a game is checked by some cheap input.
 *
 * Usage: fuzz-seeds OUT-FOLDER RECORD...
 * (writes OUT-FOLDER/<record name>.<i> for i < SPLITS)
 */
#include "play.h"
#include "tabula.h"

#include <stdio.h>
#include <string.h>

/* Writes n bytes of v little-endian at p. */
static void write_le(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++, v >>= 8)
        p[i] = (uint8_t)(v & 0xff);
}

#define SPLITS 4

/* Writes the play input of record r to path that takes its first `first`
 * moves quickly; returns 0 or -1. */
static int write_input(const tb_record *r, int first, const char *path)
{
    const tb_game *g = r->game;
    uint8_t head[PLAY_HEADER] = {0};
    head[PLAY_PLAYERS] = (uint8_t)(r->cfg.players - g->min_players);
    for (int i = 0; i < g->n_options; i++)
        write_le(head + PLAY_OPTIONS + 2 * i,
                 (uint64_t)(r->cfg.opt[i] - g->options[i].min), 2);
    write_le(head + PLAY_SEED, r->seed, 8);
    head[PLAY_FLAGS] = PLAY_TEXT_FIRST;
    write_le(head + PLAY_FIRST, (uint64_t)first, 2);
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fprintf(f, "%s\n", g->id);
    fwrite(head, 1, sizeof head, f);
    for (int i = 0; i < r->n_actions && i < first + PLAY_MAX_LINES; i++)
        fprintf(f, "%s\n", r->actions[i].text);
    return fclose(f) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: fuzz-seeds OUT-FOLDER RECORD...\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        tb_record r;
        char err[512];
        if (tb_record_load(&r, argv[i], err, sizeof err) != TB_OK) {
            fprintf(stderr, "fuzz-seeds: %s: %s\n", argv[i], err);
            return 1;
        }
        const char *name = strrchr(argv[i], '/');
        name = name ? name + 1 : argv[i];
        char path[4096];
        int rc = 0, n = r.n_actions;
        int at[SPLITS] = {0, n / 3, 2 * n / 3, n - PLAY_MAX_LINES / 4};
        for (int k = 0; k < SPLITS && rc == 0; k++) {
            int first = at[k] < 0 ? 0 : at[k] > PLAY_MAX_FIRST ? PLAY_MAX_FIRST
                                                              : at[k];
            snprintf(path, sizeof path, "%s/%s.%d", argv[1], name, k);
            rc = write_input(&r, first, path);
        }
        tb_record_free(&r);
        if (rc < 0) {
            fprintf(stderr, "fuzz-seeds: cannot write %s\n", path);
            return 1;
        }
    }
    return 0;
}
