/*
 * fuzz.c - the checks every fuzz harness makes of the states it reaches:
 * descriptions of a move for every seat, every seat's views, and
 * determinization for every seat followed by a playout.  A broken contract
 * aborts, so that libFuzzer (or the plain driver) reports the input.
 */
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

int fz_game_wanted(const tb_game *g)
{
    const char *list = getenv("TABULA_FUZZ_GAMES");
    if (!list || !*list)
        return 1;
    size_t n = strlen(g->id);
    for (const char *p = list; (p = strstr(p, g->id)) != NULL; p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return 1;
    return 0;
}

void fz_describe_all(const tb_game *g, const void *before, tb_action a,
                     const void *after, int players)
{
    static char buf[16384];
    for (int seat = TB_SPECTATOR; seat < players; seat++) {
        tb_text t;
        tb_text_init(&t, buf, sizeof buf);
        int rc = tb_describe(g, before, a, after, seat, &t);
        if (rc != TB_OK)
            fz_fail("%s: tb_describe of a legal action for seat %d returned "
                    "%d (%s)", g->id, seat, rc, tb_strerror(rc));
        /* Every description is whole lines, the action first: never
         * nothing, and never a line without its newline (unless the text
         * filled the buffer, which says nothing about the game). */
        if (t.len == 0)
            fz_fail("%s: the description of a move to seat %d is empty",
                    g->id, seat);
        if (!t.truncated && t.buf[t.len - 1] != '\n')
            fz_fail("%s: the description of a move to seat %d does not end "
                    "its line: \"%s\"", g->id, seat, t.buf);
    }
}

void fz_views(const tb_game *g, const void *st, int players, unsigned style)
{
    static char buf[65536];
    for (int seat = TB_SPECTATOR; seat < players; seat++) {
        tb_text t;
        tb_text_init(&t, buf, sizeof buf);
        tb_render(g, st, seat, style, &t);
        char *json = tb_view_json(g, st, seat);
        if (!json)
            fz_fail("%s: no JSON view for seat %d", g->id, seat);
        free(json);
    }
}

int fz_final_rounds = 4;

void fz_determinize_all(const tb_game *g, const void *st, int players,
                        void *scratch, uint64_t seed, int rounds,
                        int playout)
{
    static tb_action acts[TB_MAX_ACTIONS];
    int cur = tb_current(g, st);
    for (int seat = TB_SPECTATOR; seat < players; seat++) {
        tb_rng rng;
        tb_rng_seed(&rng, tb_seed_derive(seed, (uint64_t)(seat + 1)));
        for (int round = 0; round < rounds; round++) {
            memcpy(scratch, st, g->state_size);
            tb_determinize(g, scratch, seat, &rng);
            int now = tb_current(g, scratch);
            if (now != cur)
                fz_fail("%s: determinizing for seat %d changed the seat to "
                        "move from %d to %d", g->id, seat, cur, now);
            if (cur >= 0 && tb_legal(g, scratch, acts) < 1)
                fz_fail("%s: determinizing for seat %d left seat %d, to "
                        "move, with no legal action", g->id, seat, cur);
            if (playout && round == 0 &&
                tb_random_playout(g, scratch, &rng) < 0)
                fz_fail("%s: a random playout from the state determinized "
                        "for seat %d reached a decision with no legal "
                        "action", g->id, seat);
        }
    }
}
