/*
 * seeds.c - turns game records (as `tabula sim --record-dir` writes them)
 * into seed inputs of the fuzz harness "play" (layout in play.h): the
 * record's game, player count, options and seed in the header, no moves
 * before the text, and the record's moves as lines of text.  Since the
 * harness draws the deal from the seed as `tabula sim` does, each seed
 * input replays its whole game, and the fuzzer starts from real play.
 *
 * Usage: fuzz-seeds OUT-FOLDER RECORD...   (writes OUT-FOLDER/<record name>)
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

/* Writes the play input of record r to path; returns 0 or -1. */
static int write_input(const tb_record *r, const char *path)
{
    const tb_game *g = r->game;
    uint8_t head[PLAY_HEADER] = {0};
    for (int i = 0; i < tb_game_count(); i++)
        if (tb_game_at(i) == g)
            head[PLAY_GAME] = (uint8_t)i;
    head[PLAY_PLAYERS] = (uint8_t)(r->cfg.players - g->min_players);
    for (int i = 0; i < g->n_options; i++)
        write_le(head + PLAY_OPTIONS + 2 * i,
                 (uint64_t)(r->cfg.opt[i] - g->options[i].min), 2);
    write_le(head + PLAY_SEED, r->seed, 8);
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fwrite(head, 1, sizeof head, f);
    for (int i = 0; i < r->n_actions; i++)
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
        snprintf(path, sizeof path, "%s/%s", argv[1], name);
        int rc = write_input(&r, path);
        tb_record_free(&r);
        if (rc < 0) {
            fprintf(stderr, "fuzz-seeds: cannot write %s\n", path);
            return 1;
        }
    }
    return 0;
}
