/*
 * test_golden.c - golden playthroughs: every tests/golden/NAME.json is a
 * game record (seed, deal, actions, result); replaying it must hold and
 * must print exactly tests/golden/NAME.expected: the moves in order and
 * what an onlooker was told of each and of every chance outcome, the
 * table after every deal as a spectator sees it, and the final table and
 * result.  Any change in rules, notation or drawing shows up as a diff.
 *
 * TABULA_GOLDEN_UPDATE=1 rewrites the .expected files (review the diff!).
 */
#include "support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GOLDEN_DIR "tests/golden"

typedef struct transcript {
    tb_text t;
    char buf[1 << 20];
} transcript;

static void on_step(const tb_game *g, const void *before, tb_action a,
                    const void *st, const tb_record_step *step, int move_no,
                    void *user)
{
    transcript *tr = user;
    tb_text_printf(&tr->t, "%d. seat %d: %s\n", move_no, step->seat,
                   step->text);
    /* What an onlooker was told of the move. */
    tb_describe(g, before, a, st, TB_SPECTATOR, &tr->t);
    int cur = tb_current(g, st);
    if (cur == TB_CHANCE || cur == TB_TERMINAL)
        tb_render(g, st, TB_SPECTATOR, TB_STYLE_PLAIN, &tr->t);
}

/* What an onlooker was told of a chance outcome (a deal, a reveal, a
 * roll), as `tabula replay --verbose` tells it. */
static void on_chance(const tb_game *g, const void *before,
                      const uint16_t *outcome, int n, const void *st,
                      int deal_no, int move_no, void *user)
{
    transcript *tr = user;
    (void)deal_no;
    (void)move_no;
    tb_describe_chance(g, before, outcome, n, st, TB_SPECTATOR, &tr->t);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = '\0';
    fclose(f);
    return s;
}

/* Replays one golden record and compares its transcript. */
static void check_golden(const char *name)
{
    char path[600], expected_path[600], err[512];
    snprintf(path, sizeof path, "%s/%.128s.json", GOLDEN_DIR, name);
    snprintf(expected_path, sizeof expected_path, "%s/%.128s.expected",
             GOLDEN_DIR, name);
    tb_record rec;
    if (tb_record_load(&rec, path, err, sizeof err) != TB_OK)
        fail_msg("%s: %s", path, err);
    transcript *tr = malloc(sizeof *tr);
    tb_text_init(&tr->t, tr->buf, sizeof tr->buf);
    void *st = tb_state_new(rec.game);
    if (tb_record_replay_chance(&rec, st, on_step, on_chance, tr, err,
                                sizeof err) != TB_OK)
        fail_msg("%s: %s", path, err);
    assert_int_equal(tb_current(rec.game, st), TB_TERMINAL);
    tb_result r;
    tb_result_of(rec.game, st, &r);
    for (int j = 0; j < r.players; j++)
        tb_text_printf(&tr->t, "result: seat %d score %g rank %d\n", j,
                       r.score[j], r.rank[j]);
    if (r.cooperative)
        tb_text_printf(&tr->t, "result: team %s, score %g\n",
                       r.team_win ? "wins" : "loses", r.team_score);
    if (getenv("TABULA_GOLDEN_UPDATE")) {
        FILE *f = fopen(expected_path, "w");
        assert_non_null(f);
        fputs(tr->buf, f);
        fclose(f);
    } else {
        char *want = read_file(expected_path);
        if (!want)
            fail_msg("%s is missing; run with TABULA_GOLDEN_UPDATE=1 to "
                     "create it", expected_path);
        if (strcmp(want, tr->buf) != 0) {
            /* Point at the first differing line. */
            const char *a = want, *b = tr->buf;
            int line = 1;
            while (*a && *a == *b) {
                line += *a == '\n';
                a++;
                b++;
            }
            fail_msg("%s: transcript differs from %s at line %d", path,
                     expected_path, line);
        }
        free(want);
    }
    free(st);
    free(tr);
    tb_record_free(&rec);
}

static void all_goldens(void **state)
{
    (void)state;
    DIR *d = opendir(GOLDEN_DIR);
    assert_non_null(d);
    int count = 0;
    struct dirent *e;
    static char names[256][128];
    while ((e = readdir(d)) && count < 256) {
        size_t len = strlen(e->d_name);
        if (len > 5 && len < 128 && strcmp(e->d_name + len - 5, ".json") == 0) {
            snprintf(names[count], sizeof names[count], "%.*s", (int)(len - 5),
                     e->d_name);
            count++;
        }
    }
    closedir(d);
    for (int i = 0; i < count; i++)
        check_golden(names[i]);
    /* Every game has at least one golden playthrough. */
    for (int i = 0; i < tb_game_count(); i++) {
        const char *id = tb_game_at(i)->id;
        int found = 0;
        for (int k = 0; k < count; k++)
            found |= strncmp(names[k], id, strlen(id)) == 0 &&
                     (names[k][strlen(id)] == '-' || names[k][strlen(id)] == 0);
        if (!found)
            fail_msg("%s has no golden playthrough in %s/%s-*.json", id,
                     GOLDEN_DIR, id);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(all_goldens),
    };
    return cmocka_run_group_tests_name("golden", tests, NULL, NULL);
}
