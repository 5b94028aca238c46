/*
 * cmd_replay.c - `tabula replay FILE [--verbose]`: checks that a record
 * holds against the rules, or shows it move by move.
 */
#include "cli.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Prints each move and, every time a round of seats has moved, the table. */
static void show_move(const tb_game *g, const void *before, tb_action a,
                      const void *st, const tb_record_step *step, int move_no,
                      void *user)
{
    (void)before;
    (void)a;
    unsigned style = *(unsigned *)user;
    printf("%4d. seat %d: %s\n", move_no, step->seat, step->text);
    if (g->current(st) == TB_TERMINAL || g->current(st) == TB_CHANCE) {
        static char buf[1 << 16];
        tb_text t;
        tb_text_init(&t, buf, sizeof buf);
        tb_render(g, st, TB_SPECTATOR, style, &t);
        fputs(buf, stdout);
    }
}

static void print_result(const tb_result *r)
{
    if (r->cooperative)
        printf("team %s, score %g\n", r->team_win ? "wins" : "loses",
               r->team_score);
    for (int j = 0; j < r->players; j++)
        printf("seat %d: score %g, rank %d\n", j, r->score[j], r->rank[j]);
}

int cmd_replay(int argc, char **argv)
{
    const char *path = NULL;
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: tabula replay FILE [--verbose]\n\n"
                   "Replays a game record (from play --record or sim "
                   "--record-dir, or typed in) against the rules: every deal "
                   "entry must fit, every move must be legal for its seat and "
                   "the result must match.  Exit 0 when it holds; otherwise "
                   "the first mismatch is reported with its move number.\n"
                   "  --verbose   show the game move by move\n"
                   "FILE may be - for standard input.\n");
            return 0;
        }
        if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0)
            verbose = 1;
        else if (argv[i][0] == '-' && argv[i][1])
            return cli_error("replay: unknown option '%s'", argv[i]);
        else if (!path)
            path = argv[i];
        else
            return cli_error("replay: one record at a time");
    }
    if (!path)
        return cli_error("replay: which record? usage: tabula replay FILE");
    tb_record rec;
    char err[512];
    if (tb_record_load(&rec, path, err, sizeof err) != TB_OK)
        return cli_error("%s", err);
    void *st = tb_state_new(rec.game);
    unsigned style = isatty(1) ? TB_STYLE_COLOR | TB_STYLE_UNICODE : 0;
    int rc = tb_record_replay(&rec, st, verbose ? show_move : NULL, &style, err,
                              sizeof err);
    int status = 0;
    if (rc != TB_OK) {
        cli_error("%s: %s", path, err);
        status = 1;
    } else if (tb_current(rec.game, st) != TB_TERMINAL) {
        printf("%s: %s, %d moves, legal so far; the game is unfinished\n",
               path, rec.game->id, rec.n_actions);
    } else {
        tb_result res;
        tb_result_of(rec.game, st, &res);
        printf("%s: %s, %d players, %d moves: the record holds\n", path,
               rec.game->id, rec.cfg.players, rec.n_actions);
        if (verbose)
            print_result(&res);
    }
    free(st);
    tb_record_free(&rec);
    return status;
}
