/*
 * test_records.c - what the tools rely on beneath the command line (issue
 * 10, items 10, 11 and 13): records are checked as they are read (player
 * counts, scores, sizes), seeds round-trip exactly through text, JSON and
 * records, files are written whole, and a win rate's interval always holds
 * the rate itself; and (issue 31) a record's move texts are the moves'
 * own.
 */
#include "support.h"

#include "internal.h"
#include "match.h"
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "A win rate of 0 prints its interval's lower end as 3.469446952e-18; an
 * interval must contain its estimate exactly (0 and 1 included)." */
static void wilson_interval_holds_its_estimate(void **state)
{
    (void)state;
    for (int n = 1; n <= 400; n += (n < 40 ? 1 : 37))
        for (int k2 = 0; k2 <= 2 * n; k2++) {
            double k = k2 / 2.0, lo, hi; /* ties give half wins */
            tbi_wilson95(k, n, &lo, &hi);
            double p = k / n;
            assert_true(lo <= p && p <= hi);
            assert_true(lo >= 0.0 && hi <= 1.0);
            if (k2 == 0)
                assert_true(lo == 0.0);
            if (k2 == 2 * n)
                assert_true(hi == 1.0);
        }
    double lo, hi;
    tbi_wilson95(0, 1e9, &lo, &hi);
    assert_true(lo == 0.0 && hi > 0.0);
}

/* "--seed ' -1' is accepted as 2^64-1 ... reject ' -1' and anything not a
 * plain decimal 0..2^64-1." */
static void seeds_read_only_plain_digits(void **state)
{
    (void)state;
    uint64_t v = 7;
    const char *bad[] = {" -1", "-1", "+1", " 5", "5 ", "5x", "0x10", "",
                         "18446744073709551616", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(tbi_parse_u64(bad[i], &v), -1);
    assert_int_equal(tbi_parse_u64("18446744073709551615", &v), 0);
    assert_true(v == UINT64_MAX);
    assert_int_equal(tbi_parse_u64("0", &v), 0);
    assert_true(v == 0);
}

/* "seeds of 2^63 and above are written as negative numbers ... JSON must
 * write seeds >= 2^63 exactly; read both forms back." */
static void seeds_round_trip_through_json(void **state)
{
    (void)state;
    const uint64_t seeds[] = {0, 1, (1ull << 53) - 1, 1ull << 53,
                              1ull << 63, UINT64_MAX};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        json_t *j = tbi_json_u64(seeds[i]);
        char *text = json_dumps(j, JSON_ENCODE_ANY);
        assert_null(strchr(text, '-'));
        json_error_t je;
        json_t *back = json_loads(text, JSON_DECODE_ANY, &je);
        uint64_t v = 0;
        assert_int_equal(tbi_json_get_u64(back, &v), 0);
        assert_true(v == seeds[i]);
        free(text);
        json_decref(j);
        json_decref(back);
    }
    json_t *neg = json_integer(-1);
    uint64_t v;
    assert_int_equal(tbi_json_get_u64(neg, &v), -1);
    json_decref(neg);
}

/* A record of No Thanks! for 3 with `players` and `scores` spliced in. */
static int load_with(const char *players, const char *scores, char *err,
                     size_t cap)
{
    char text[512];
    snprintf(text, sizeof text,
             "{\"game\":\"no-thanks\",\"players\":%s,\"seed\":1,"
             "\"deal\":[],\"actions\":[],"
             "\"result\":{\"scores\":%s,\"ranks\":[1,2,3]}}",
             players, scores);
    tb_record r;
    int rc = tb_record_load_string(&r, text, err, cap);
    if (rc == TB_OK)
        tb_record_free(&r);
    return rc;
}

/* "\"players\" is not checked (0, -3, 4294967299 are accepted; 2.5 is
 * reported as missing); null scores read as 0." */
static void records_check_players_and_scores(void **state)
{
    (void)state;
    char err[256];
    const char *bad[] = {"0", "-3", "4294967299", "2.5", "\"3\"", "null",
                         "8"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(load_with(bad[i], "[1,2,3]", err, sizeof err),
                         TB_EPARSE);
        assert_non_null(strstr(err, "\"players\" must be"));
    }
    assert_int_equal(load_with("3", "[null,2,3]", err, sizeof err), TB_EPARSE);
    assert_non_null(strstr(err, "score for seat 0"));
    assert_int_equal(load_with("3", "[1,\"2\",3]", err, sizeof err),
                     TB_EPARSE);
    assert_int_equal(load_with("3", "[1,2,3]", err, sizeof err), TB_OK);
}

/* "a directory given to replay gets a JSON error; load errors do not name
 * the file; a 60 MB record ... refuse oversized records early." */
static void record_files_are_checked_before_parsing(void **state)
{
    (void)state;
    char err[512];
    tb_record r;
    assert_int_equal(tb_record_load(&r, "tests", err, sizeof err), TB_EIO);
    assert_non_null(strstr(err, "tests"));
    assert_non_null(strstr(err, "directory"));
    char path[] = "/tmp/tabula-test-big-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    for (long i = 0; i <= TBI_RECORD_MAX_BYTES / 1000; i++)
        fprintf(f, "%999s\n", "");
    fclose(f);
    assert_int_equal(tb_record_load(&r, path, err, sizeof err), TB_EIO);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "MB"));
    unlink(path);
}

/* Records keep a seed of 2^64-1 and are written whole: no temporary file
 * is left beside them. */
static void records_save_whole_and_keep_their_seed(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("no-thanks");
    tb_config cfg;
    tb_config_default(g, 3, &cfg);
    tb_record r;
    tb_record_init(&r, g, &cfg, UINT64_MAX);
    char dir[] = "/tmp/tabula-test-rec-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/r.json", dir);
    assert_int_equal(tb_record_save(&r, path, err, sizeof err), TB_OK);
    tb_record back;
    assert_int_equal(tb_record_load(&back, path, err, sizeof err), TB_OK);
    assert_true(back.seed == UINT64_MAX);
    tb_record_free(&back);
    tb_record_free(&r);
    unlink(path);
    assert_int_equal(rmdir(dir), 0); /* empty: no temporary file left */
    /* A place that cannot be written is refused with its reason, and
     * leaves nothing. */
    tb_record_init(&r, g, &cfg, 1);
    assert_int_equal(tb_record_save(&r, "/dev/null/r.json", err, sizeof err),
                     TB_EIO);
    assert_non_null(strstr(err, "/dev/null/r.json"));
    tb_record_free(&r);
}

/* A game of Mystique Guilds between random bots, recorded, with seed
 * chosen so that some seat takes from the Discard Deck; returns the index
 * of the first such move (its text "take CARD"). */
static int guilds_record_with_a_take(tb_record *rec, void *st)
{
    const tb_game *g = tb_find_game("mystique-guilds");
    char err[256];
    tbi_bot *bots[2];
    for (int j = 0; j < 2; j++)
        bots[j] = tbi_bot_new(g, "random", err, sizeof err);
    tb_config cfg;
    tb_config_default(g, 2, &cfg);
    for (uint64_t seed = 1; seed < 100; seed++) {
        tb_record_init(rec, g, &cfg, seed);
        tbi_match_stats stats;
        assert_int_equal(tbi_play_match(g, &cfg, seed, bots, st, rec, &stats,
                                        err, sizeof err), TB_OK);
        for (int i = 0; i < rec->n_actions; i++)
            if (strncmp(rec->actions[i].text, "take ", 5) == 0) {
                for (int j = 0; j < 2; j++)
                    tbi_bot_free(bots[j]);
                return i;
            }
        tb_record_free(rec);
    }
    fail_msg("no random game of Guilds takes from the Discard Deck");
    return -1;
}

/* tb_record_copy: the copy owns its memory (it replays after the original
 * is freed, and editing it leaves the original alone). */
static void a_record_copy_stands_alone(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("mystique-guilds");
    void *st = tb_state_new(g);
    tb_record rec, copy;
    guilds_record_with_a_take(&rec, st);
    assert_int_equal(tb_record_copy(&copy, &rec), TB_OK);
    assert_int_equal(copy.n_actions, rec.n_actions);
    assert_int_equal(copy.n_deal, rec.n_deal);
    snprintf(copy.actions[0].text, sizeof copy.actions[0].text, "nonsense");
    char err[512];
    assert_int_equal(tb_record_replay(&rec, st, NULL, NULL, err, sizeof err),
                     TB_OK);
    snprintf(copy.actions[0].text, sizeof copy.actions[0].text, "%s",
             rec.actions[0].text);
    tb_record_free(&rec);
    assert_int_equal(tb_record_replay(&copy, st, NULL, NULL, err, sizeof err),
                     TB_OK);
    tb_record_free(&copy);
    free(st);
}

/* Issue 31: "a record edited to say `take 5Bs` where 3Ya was on top
 * replays as 'the record holds'".  A record is evidence: each move's text
 * must be the text of the action it is read as (case and spacing aside),
 * so a take naming another card, or a bare `take` where the record should
 * name the card taken, is refused, naming the move and both texts. */
static void records_hold_each_moves_own_text(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("mystique-guilds");
    void *st = tb_state_new(g);
    tb_record rec;
    int k = guilds_record_with_a_take(&rec, st);
    char own[TB_ACTION_TEXT], err[512], want[32];
    snprintf(own, sizeof own, "%s", rec.actions[k].text);
    snprintf(want, sizeof want, "move %d:", k + 1);
    assert_int_equal(tb_record_replay(&rec, st, NULL, NULL, err, sizeof err),
                     TB_OK);
    /* Another card than the one on top: refused. */
    const char *other = strcmp(own + 5, "5Bs") ? "take 5Bs" : "take 5Rs";
    snprintf(rec.actions[k].text, sizeof rec.actions[k].text, "%s", other);
    assert_int_equal(tb_record_replay(&rec, st, NULL, NULL, err, sizeof err),
                     TB_EMISMATCH);
    assert_non_null(strstr(err, want));
    assert_non_null(strstr(err, other));
    /* A text the game reads as the move but which is not its own: refused,
     * saying what the move's text is. */
    snprintf(rec.actions[k].text, sizeof rec.actions[k].text, "take");
    assert_int_equal(tb_record_replay(&rec, st, NULL, NULL, err, sizeof err),
                     TB_EMISMATCH);
    assert_non_null(strstr(err, want));
    assert_non_null(strstr(err, own));
    /* Case and spacing are free. */
    snprintf(rec.actions[k].text, sizeof rec.actions[k].text, "  TAKE   %.8s ",
             own + 5);
    assert_int_equal(tb_record_replay(&rec, st, NULL, NULL, err, sizeof err),
                     TB_OK);
    tb_record_free(&rec);
    free(st);
}

/* Issue 31: a draw (nobody won) is kept by a record as "draw": true and
 * read back; a record without the field (older, or a game won) reads as
 * no draw, and a draw field that is not true or false is refused. */
static void a_draw_round_trips_through_a_record(void **state)
{
    (void)state;
    const tb_game *g = tb_find_game("mystique-pillars");
    tb_config cfg;
    tb_config_default(g, 2, &cfg);
    tb_record r;
    tb_record_init(&r, g, &cfg, 5);
    r.has_result = 1;
    r.result.players = 2;
    r.result.score[0] = -3;
    r.result.score[1] = -2;
    r.result.rank[0] = r.result.rank[1] = 1;
    r.result.draw = 1;
    char dir[] = "/tmp/tabula-test-draw-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/r.json", dir);
    assert_int_equal(tb_record_save(&r, path, err, sizeof err), TB_OK);
    tb_record back;
    assert_int_equal(tb_record_load(&back, path, err, sizeof err), TB_OK);
    assert_int_equal(back.result.draw, 1);
    assert_int_equal(back.result.rank[0], 1);
    assert_int_equal(back.result.rank[1], 1);
    tb_record_free(&back);
    r.result.draw = 0;
    r.result.rank[0] = 2;
    assert_int_equal(tb_record_save(&r, path, err, sizeof err), TB_OK);
    assert_int_equal(tb_record_load(&back, path, err, sizeof err), TB_OK);
    assert_int_equal(back.result.draw, 0);
    tb_record_free(&back);
    tb_record_free(&r);
    unlink(path);
    assert_int_equal(rmdir(dir), 0);
    const char *wrong =
        "{\"game\":\"mystique-pillars\",\"players\":2,\"deal\":[],"
        "\"actions\":[],\"result\":{\"scores\":[0,0],\"ranks\":[1,1],"
        "\"draw\":1}}";
    assert_int_equal(tb_record_load_string(&back, wrong, err, sizeof err),
                     TB_EPARSE);
    assert_non_null(strstr(err, "draw must be true or false"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wilson_interval_holds_its_estimate),
        cmocka_unit_test(seeds_read_only_plain_digits),
        cmocka_unit_test(seeds_round_trip_through_json),
        cmocka_unit_test(records_check_players_and_scores),
        cmocka_unit_test(record_files_are_checked_before_parsing),
        cmocka_unit_test(records_save_whole_and_keep_their_seed),
        cmocka_unit_test(records_hold_each_moves_own_text),
        cmocka_unit_test(a_draw_round_trips_through_a_record),
        cmocka_unit_test(a_record_copy_stands_alone),
    };
    return cmocka_run_group_tests_name("records", tests, NULL, NULL);
}
