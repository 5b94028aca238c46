/*
 * cmd_replay.c - `tabula replay FILE [--verbose]`: checks that a record
 * holds against the rules, or shows it move by move, with what each deal,
 * card turned up or roll showed the seat it is shown as.
 */
#include "cli.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What a verbose replay shows, and to whom. */
typedef struct replay_view {
    unsigned style;
    int from_seat; /* show it as `seat` saw it (else everything) */
    int seat;      /* a seat, or TB_SPECTATOR */
    int dealt;     /* a deal came since the last table drawn */
    int told;      /* a chance step since the last table showed something */
} replay_view;

/* Prints each move.  Without a seat: its recorded text (every secret
 * shown: the record is finished) and the spectator's table whenever a
 * deal is due or the game ends (show_chance tells the luck between).  From a seat: what that seat saw happen
 * (tb_describe), and its table after each deal and at each end. */
static void show_move(const tb_game *g, const void *before, tb_action a,
                      const void *st, const tb_record_step *step, int move_no,
                      void *user)
{
    replay_view *v = user;
    int ended = g->current(st) == TB_TERMINAL || g->current(st) == TB_CHANCE;
    if (!v->from_seat) {
        printf("%4d. seat %d: %s\n", move_no, step->seat, step->text);
        if (ended)
            cli_draw(g, st, TB_SPECTATOR, v->style);
        return;
    }
    if (v->dealt)
        cli_draw(g, before, v->seat, v->style);
    v->dealt = ended;
    static char buf[8192];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_describe(g, before, a, st, v->seat, &t);
    /* Number the move's first line; its consequences follow indented. */
    char *line = buf;
    int first = 1;
    while (*line) {
        char *nl = strchr(line, '\n');
        int len = nl ? (int)(nl - line) : (int)strlen(line);
        if (first)
            printf("%4d. %.*s\n", move_no, len, line);
        else
            printf("      %.*s\n", len, line);
        first = 0;
        line += len + (nl ? 1 : 0);
    }
    if (ended)
        cli_draw(g, st, v->seat, v->style);
}

/* Prints what the viewer learnt from a chance outcome (a deal, a reveal,
 * a roll: tb_describe_chance), indented under the moves, as a spectator
 * when no seat was asked for; once the chance steps in a row are resolved,
 * if any of them showed something, the table is drawn as it now stands
 * (and not again before the next move). */
static void show_chance(const tb_game *g, const void *before,
                        const uint16_t *outcome, int n, const void *after,
                        int deal_no, int move_no, void *user)
{
    replay_view *v = user;
    (void)deal_no;
    (void)move_no;
    int seat = v->from_seat ? v->seat : TB_SPECTATOR;
    static char buf[8192];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    tb_describe_chance(g, before, outcome, n, after, seat, &t);
    char *line = buf;
    while (*line) {
        char *nl = strchr(line, '\n');
        int len = nl ? (int)(nl - line) : (int)strlen(line);
        printf("      %.*s\n", len, line);
        line += len + (nl ? 1 : 0);
    }
    v->told |= buf[0] != '\0';
    if (g->current(after) != TB_CHANCE && v->told) {
        cli_draw(g, after, seat, v->style);
        v->told = 0;
        v->dealt = 0;
    }
}

static void print_result(const tb_result *r)
{
    if (r->cooperative)
        printf("team %s, score %g\n", r->team_win ? "wins" : "loses",
               r->team_score);
    if (r->draw)
        printf("the game is a draw: nobody wins\n");
    for (int j = 0; j < r->players; j++)
        printf("seat %d: score %g, rank %d\n", j, r->score[j], r->rank[j]);
}

int cmd_replay(int argc, char **argv)
{
    const char *path = NULL;
    int verbose = 0;
    replay_view view;
    memset(&view, 0, sizeof view);
    view.dealt = 1; /* the first deal */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf(
                "usage: tabula replay FILE [--verbose [--seat N|spectator]]\n\n"
                "Replays a game record (from play --record or sim --record-dir,\n"
                "or typed in) against the rules: every deal entry must fit,\n"
                "every move must be legal for its seat, its text the move's own\n"
                "(as tabula writes it; case and spacing aside), and the result\n"
                "must match.  Exit 0 when it holds; otherwise the first\n"
                "mismatch is reported with its move number.\n\n"
                "  --verbose   show the game move by move: without --seat, every\n"
                "              move's text as recorded, secret choices included\n"
                "              (a finished record reveals everything), what a\n"
                "              spectator was told of each deal, card turned up\n"
                "              or roll, and the table as a spectator sees it\n"
                "              whenever a deal is due, after luck that showed\n"
                "              something, and when the game ends\n"
                "  --seat N    show the game as seat N (or 'spectator') saw it:\n"
                "              each move as the table saw it, what that seat\n"
                "              learnt from each deal, card turned up or roll,\n"
                "              and its table after each deal and at each end\n\n"
                "FILE may be - for standard input.\n");
            return 0;
        }
        if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0)
            verbose = 1;
        else if (strcmp(argv[i], "--seat") == 0) {
            if (i + 1 >= argc)
                return cli_error("replay: --seat takes a seat number or "
                                 "'spectator'");
            const char *w = argv[++i];
            long seat;
            view.from_seat = 1;
            if (strcmp(w, "spectator") == 0)
                view.seat = TB_SPECTATOR;
            else if (cli_parse_long("--seat", w, 0, TB_MAX_PLAYERS - 1,
                                    &seat))
                return 2;
            else
                view.seat = (int)seat;
        }
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
    if (view.from_seat && !verbose)
        verbose = 1; /* --seat only makes sense move by move */
    if (view.from_seat && view.seat >= rec.cfg.players) {
        int last = rec.cfg.players - 1;
        tb_record_free(&rec);
        return cli_error("replay: --seat %d, but %s has seats 0 to %d",
                         view.seat, path, last);
    }
    void *st = tb_state_new(rec.game);
    view.style = isatty(1) ? TB_STYLE_COLOR | TB_STYLE_UNICODE : 0;
    int rc = tb_record_replay_chance(&rec, st, verbose ? show_move : NULL,
                                     verbose ? show_chance : NULL, &view,
                                     err, sizeof err);
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
