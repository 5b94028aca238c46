/*
 * test_conformance.c - the generic battery every registered game passes,
 * with no game-specific code: random playouts over many seeds at every
 * player count and option value; determinism; clone independence; action
 * text round-trips; illegal actions refused with the state unchanged; views
 * that do not change when only hidden information does; determinized states
 * that agree with the seat's view; records that replay; every game ends.
 *
 * TABULA_SEEDS=n raises the number of random playouts per configuration.
 */
#include "support.h"

#include "match.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define MAX_STEPS 200000L /* a game longer than this is taken as endless */
#define MAX_CONFIGS 64

static int seeds_per_config(void)
{
    const char *s = getenv("TABULA_SEEDS");
    int n = s ? atoi(s) : 0;
    return n > 0 ? n : 12;
}

/* Fails unless the legal actions are between 1 and TB_MAX_ACTIONS and
 * distinct. */
static void check_legal_list(const tb_game *g, const tb_action *a, int n)
{
    if (n < 1 || n > TB_MAX_ACTIONS)
        fail_msg("%s: %d legal actions", g->id, n);
    if (n > 200)
        return; /* distinctness of very long lists is checked by parsing */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (a[i] == a[j])
                fail_msg("%s: action %u listed twice", g->id, a[i]);
}

/* Checks a finished game's result against the game's kind. */
static void check_result(const tb_game *g, const tb_config *cfg,
                         const void *st)
{
    tb_result r;
    assert_int_equal(tb_result_of(g, st, &r), TB_OK);
    assert_int_equal(r.players, cfg->players);
    assert_int_equal(r.cooperative, (g->flags & TB_GAME_COOPERATIVE) != 0);
    int best = 0;
    for (int i = 0; i < r.players; i++) {
        assert_true(r.rank[i] >= 1 && r.rank[i] <= r.players);
        best += r.rank[i] == 1;
    }
    assert_true(best >= 1);
}

/* Plays one uniformly random game, checking every decision's legal list,
 * and returns the number of actions. */
static long random_game(const tb_game *g, const tb_config *cfg, void *st,
                        uint64_t seed)
{
    char err[256];
    if (tb_init(g, st, cfg, err, sizeof err) != TB_OK)
        fail_msg("%s: %s", ts_config_name(g, cfg), err);
    tb_rng rng;
    tb_rng_seed(&rng, seed);
    tb_action buf[TB_MAX_ACTIONS];
    long steps = 0;
    for (;;) {
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            assert_int_equal(tb_sample_chance(g, st, &rng, NULL, NULL), TB_OK);
            continue;
        }
        assert_true(cur >= 0 && cur < cfg->players);
        int n = tb_legal(g, st, buf);
        check_legal_list(g, buf, n);
        tb_apply_legal(g, st, buf[tb_rng_below(&rng, (uint32_t)n)]);
        if (++steps > MAX_STEPS)
            fail_msg("%s seed %llu: no end after %ld actions",
                     ts_config_name(g, cfg), (unsigned long long)seed, steps);
    }
    check_result(g, cfg, st);
    return steps;
}

/* Checks that the text of every legal action parses back to it. */
static void check_texts(const tb_game *g, const void *st, const tb_action *a,
                        int n)
{
    for (int i = 0; i < n; i++) {
        char text[TB_ACTION_TEXT], err[256];
        assert_int_equal(tb_action_text(g, st, a[i], text, sizeof text), TB_OK);
        assert_true(text[0] != '\0');
        tb_action back;
        if (tb_parse_action(g, st, text, &back, err, sizeof err) != TB_OK)
            fail_msg("%s: text '%s' of action %u does not parse: %s", g->id,
                     text, a[i], err);
        if (back != a[i])
            fail_msg("%s: text '%s' parses to %u, not %u", g->id, text, back,
                     a[i]);
    }
}

/* Whether a is in the list. */
static int listed(const tb_action *a, int n, tb_action x)
{
    for (int i = 0; i < n; i++)
        if (a[i] == x)
            return 1;
    return 0;
}

/* Tries actions that are not legal and checks each is refused with the
 * state unchanged; also that garbage text is refused. */
static void check_illegal(const tb_game *g, void *st, const tb_action *a,
                          int n, tb_rng *rng)
{
    void *before = malloc(g->state_size);
    memcpy(before, st, g->state_size);
    tb_action tries[8] = {0, 1, 0xffffffffu, a[0] + 1, a[n - 1] + 1,
                          a[0] - 1, (tb_action)tb_rng_next(rng),
                          (tb_action)tb_rng_below(rng, 1024)};
    for (int i = 0; i < 8; i++) {
        if (listed(a, n, tries[i]))
            continue;
        assert_int_equal(tb_apply(g, st, tries[i]), TB_EILLEGAL);
        assert_memory_equal(before, st, g->state_size);
    }
    tb_action out;
    char err[256];
    assert_int_not_equal(tb_parse_action(g, st, "#nonsense#", &out, err,
                                         sizeof err), TB_OK);
    assert_true(err[0] != '\0');
    assert_memory_equal(before, st, g->state_size);
    free(before);
}

/* The view of seat as JSON plus text, for comparison. */
static char *view_of(const tb_game *g, const void *st, int seat)
{
    char *json = tb_view_json(g, st, seat);
    assert_non_null(json);
    static char text[1 << 16];
    tb_text t;
    tb_text_init(&t, text, sizeof text);
    tb_render(g, st, seat, TB_STYLE_PLAIN, &t);
    size_t len = strlen(json) + t.len + 2;
    char *both = malloc(len);
    snprintf(both, len, "%s\n%s", json, text);
    free(json);
    return both;
}

/* Determinizing for any seat or the spectator keeps every choice a seat
 * has begun possible: the seat to move is the same and has a legal action.
 * With `playout` set, the determinized state is also played to its end by
 * random moves (tb_random_playout refuses a state with no legal action). */
static void check_determinized_playable(const tb_game *g, const tb_config *cfg,
                                        const void *st, void *det,
                                        tb_rng *rng, int playout)
{
    static tb_action acts[TB_MAX_ACTIONS];
    int cur = tb_current(g, st);
    if (cur < 0)
        return;
    for (int seat = TB_SPECTATOR; seat < cfg->players; seat++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, seat, rng);
        if (tb_current(g, det) != cur)
            fail_msg("%s: determinizing for seat %d changed the seat to move "
                     "from %d to %d", ts_config_name(g, cfg), seat, cur,
                     tb_current(g, det));
        if (tb_legal(g, det, acts) < 1)
            fail_msg("%s: determinizing for seat %d left seat %d, to move, "
                     "with no legal action (a begun choice must stay "
                     "possible)", ts_config_name(g, cfg), seat, cur);
        if (playout) {
            if (tb_random_playout(g, det, rng) < 0)
                fail_msg("%s: a playout from a state determinized for seat "
                         "%d reached a decision with no legal action",
                         ts_config_name(g, cfg), seat);
            assert_int_equal(tb_current(g, det), TB_TERMINAL);
        }
    }
}

/* A game flagged TB_GAME_VIEW_HEURISTIC promises that its heuristic reads
 * only what the seat to move may see (the heuristic bot then skips
 * determinize): it must choose the same in the true state as in states
 * determinized for that seat, on the same generator. */
static void check_view_heuristic(const tb_game *g, const tb_config *cfg,
                                 const void *st, void *det, tb_rng *rng)
{
    int cur = tb_current(g, st);
    if (!(g->flags & TB_GAME_VIEW_HEURISTIC) || cur < 0)
        return;
    for (int k = 0; k < 2; k++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, cur, rng);
        tb_rng a = *rng, b = *rng;
        tb_action real = g->heuristic(st, cur, &a);
        tb_action sampled = g->heuristic(det, cur, &b);
        if (real != sampled)
            fail_msg("%s: flagged TB_GAME_VIEW_HEURISTIC, but seat %d's "
                     "heuristic chose %u in the true state and %u in a state "
                     "determinized for it: it reads hidden information",
                     ts_config_name(g, cfg), cur, (unsigned)real,
                     (unsigned)sampled);
    }
}

/* A game's candidates (tb_game.candidates, what ISMCTS's prune=on
 * searches) must be a non-empty subset of the legal actions, in their
 * order, holding the heuristic's choice; the state must be left as it was;
 * and, like a view-only heuristic, they must read only what the seat to
 * move may see: alike in the true state and in states determinized for
 * it. */
static void check_candidates(const tb_game *g, const tb_config *cfg,
                             const void *st, const tb_action *legal, int n,
                             void *det, tb_rng *rng)
{
    int cur = tb_current(g, st);
    if (!g->candidates || cur < 0)
        return;
    const char *name = ts_config_name(g, cfg);
    tb_action real[TB_MAX_ACTIONS], sampled[TB_MAX_ACTIONS];
    memcpy(det, st, g->state_size);
    memcpy(real, legal, (size_t)n * sizeof legal[0]);
    int k = g->candidates(st, cur, real, n);
    if (memcmp(det, st, g->state_size) != 0)
        fail_msg("%s: candidates changed the state", name);
    if (k < 1 || k > n)
        fail_msg("%s: candidates kept %d of %d legal actions", name, k, n);
    for (int i = 0, j = 0; i < k; i++, j++) {
        while (j < n && legal[j] != real[i])
            j++;
        if (j == n)
            fail_msg("%s: candidate %u is not a legal action, or out of the "
                     "legal order", name, (unsigned)real[i]);
    }
    if (g->heuristic) {
        tb_rng a = *rng;
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, cur, &a);
        tb_action h = g->heuristic(det, cur, &a);
        int has = 0;
        for (int i = 0; i < k; i++)
            has |= real[i] == h;
        if (!has)
            fail_msg("%s: the heuristic's choice %u is not among seat %d's "
                     "candidates", name, (unsigned)h, cur);
    }
    for (int t = 0; t < 2; t++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, cur, rng);
        memcpy(sampled, legal, (size_t)n * sizeof legal[0]);
        int m = g->candidates(det, cur, sampled, n);
        if (m != k || memcmp(sampled, real, (size_t)k * sizeof real[0]))
            fail_msg("%s: seat %d's candidates differ between the true state "
                     "and a state determinized for it: they read hidden "
                     "information", name, cur);
    }
}

/* A game's solve hook (tb_game.solve, what ISMCTS's solve=on asks at the
 * root) must answer one of the TB_PROVEN_* values or TB_UNPROVEN with a
 * legal action, leave the state as it was, and prove from what the seat
 * to move may see alone: the same value and move in the true state and
 * in a state determinized for it. */
static void check_solve(const tb_game *g, const tb_config *cfg,
                        const void *st, const tb_action *legal, int n,
                        void *det, tb_rng *rng)
{
    int cur = tb_current(g, st);
    if (!g->solve || cur < 0)
        return;
    const char *name = ts_config_name(g, cfg);
    memcpy(det, st, g->state_size);
    tb_action real, sampled;
    int v = g->solve(st, cur, &real);
    if (memcmp(det, st, g->state_size) != 0)
        fail_msg("%s: solve changed the state", name);
    if (v < TB_UNPROVEN || v > TB_PROVEN_DRAW)
        fail_msg("%s: solve answered %d", name, v);
    int has = 0;
    for (int i = 0; i < n; i++)
        has |= legal[i] == real;
    if (!has)
        fail_msg("%s: solve's move %u is not legal", name, (unsigned)real);
    tb_determinize(g, det, cur, rng);
    int w = g->solve(det, cur, &sampled);
    if (w != v || sampled != real)
        fail_msg("%s: seat %d's solve answered %d (%u) in the true state and "
                 "%d (%u) in a state determinized for it: it reads hidden "
                 "information", name, cur, v, (unsigned)real, w,
                 (unsigned)sampled);
}

/* What observer sees of action a in st, as text (static buffer per slot). */
static const char *described(const tb_game *g, const void *st, tb_action a,
                             const void *after, int observer, int slot)
{
    static char bufs[2][8192];
    tb_text t;
    tb_text_init(&t, bufs[slot], sizeof bufs[slot]);
    assert_int_equal(tb_describe(g, st, a, after, observer, &t), TB_OK);
    if (t.len == 0)
        fail_msg("%s: action %u is described to seat %d as nothing", g->id, a,
                 observer);
    return bufs[slot];
}

/* How the moves are shown to the others: for every seat but the mover and
 * the spectator, (a) two legal actions that leave that seat's view the same
 * are described to it alike, and (b) an action is described alike in a
 * state where only what that seat cannot see was resampled, when its view
 * after the action is the same too. */
static void check_descriptions(const tb_game *g, const tb_config *cfg,
                               const void *st, const tb_action *acts, int n,
                               void *det, tb_rng *rng)
{
    enum { K = 12 };
    int cur = tb_current(g, st);
    size_t size = g->state_size;
    char *after = malloc(K * size), *det_after = malloc(size);
    tb_action pick[K];
    int k = n < K ? n : K;
    for (int i = 0; i < k; i++)
        pick[i] = acts[n <= K ? i : (int)tb_rng_below(rng, (uint32_t)n)];
    for (int i = 0; i < k; i++) {
        memcpy(after + (size_t)i * size, st, size);
        tb_apply_legal(g, after + (size_t)i * size, pick[i]);
        described(g, st, pick[i], after + (size_t)i * size, cur, 0);
    }
    static tb_action dl[TB_MAX_ACTIONS];
    for (int seat = TB_SPECTATOR; seat < cfg->players; seat++) {
        if (seat == cur)
            continue;
        char *views[K];
        for (int i = 0; i < k; i++)
            views[i] = view_of(g, after + (size_t)i * size, seat);
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++) {
                if (pick[i] == pick[j] || strcmp(views[i], views[j]) != 0)
                    continue;
                const char *di = described(g, st, pick[i],
                                           after + (size_t)i * size, seat, 0);
                const char *dj = described(g, st, pick[j],
                                           after + (size_t)j * size, seat, 1);
                if (strcmp(di, dj) != 0)
                    fail_msg("%s: seat %d's view is the same after actions %u "
                             "and %u of seat %d, but they are described to it "
                             "differently (a secret shown):\n%s---\n%s",
                             ts_config_name(g, cfg), seat, pick[i], pick[j],
                             cur, di, dj);
            }
        /* (b) the first picked action in a world resampled for seat. */
        memcpy(det, st, size);
        tb_determinize(g, det, seat, rng);
        int dn = tb_legal(g, det, dl);
        if (listed(dl, dn, pick[0])) {
            memcpy(det_after, det, size);
            tb_apply_legal(g, det_after, pick[0]);
            char *dv = view_of(g, det_after, seat);
            if (strcmp(dv, views[0]) == 0) {
                const char *d1 = described(g, st, pick[0], after, seat, 0);
                const char *d2 = described(g, det, pick[0], det_after, seat, 1);
                if (strcmp(d1, d2) != 0)
                    fail_msg("%s: action %u of seat %d is described to seat %d "
                             "differently when only what seat %d cannot see "
                             "changed:\n%s---\n%s", ts_config_name(g, cfg),
                             pick[0], cur, seat, seat, d1, d2);
            }
            free(dv);
        }
        for (int i = 0; i < k; i++)
            free(views[i]);
    }
    free(after);
    free(det_after);
}

/* For every seat and the spectator: determinizing for that seat must leave
 * its view unchanged (the view shows nothing it resamples) and, for the seat
 * to move, its legal actions.  Returns whether any determinization changed
 * the state (so hidden information was really resampled). */
static int check_views(const tb_game *g, const tb_config *cfg, const void *st,
                       void *det, tb_rng *rng)
{
    int changed = 0;
    int cur = tb_current(g, st);
    for (int seat = TB_SPECTATOR; seat < cfg->players; seat++) {
        memcpy(det, st, g->state_size);
        tb_determinize(g, det, seat, rng);
        changed |= memcmp(det, st, g->state_size) != 0;
        assert_int_equal(tb_current(g, det), cur);
        char *v1 = view_of(g, st, seat), *v2 = view_of(g, det, seat);
        if (strcmp(v1, v2) != 0)
            fail_msg("%s: seat %d's view changed when only hidden information "
                     "did:\n--- true state\n%s\n--- determinized\n%s",
                     ts_config_name(g, cfg), seat, v1, v2);
        free(v1);
        free(v2);
        /* The information-set key sees no more than the view does. */
        static char scratch[1 << 16];
        assert_true(g->state_size <= sizeof scratch);
        if (tb_infoset_key(g, st, seat, scratch) !=
            tb_infoset_key(g, det, seat, scratch))
            fail_msg("%s: seat %d's information-set key changed when only "
                     "hidden information did (does determinize depend on "
                     "where the hidden cards lay?)", ts_config_name(g, cfg),
                     seat);
        if (seat == cur && cur >= 0) {
            static tb_action a1[TB_MAX_ACTIONS], a2[TB_MAX_ACTIONS];
            int n1 = tb_legal(g, st, a1), n2 = tb_legal(g, det, a2);
            assert_int_equal(n1, n2);
            assert_memory_equal(a1, a2, (size_t)n1 * sizeof *a1);
        }
    }
    return changed;
}

/* Seat 0's information-set key must change whenever its view does (or
 * search would merge decisions taken on different knowledge).  *last_view
 * and *last_key hold the previous check's view and key. */
static void check_key_follows_view(const tb_game *g, const tb_config *cfg,
                                   const void *st, void *scratch,
                                   char **last_view, uint64_t *last_key)
{
    char *view = view_of(g, st, 0);
    uint64_t key = tb_infoset_key(g, st, 0, scratch);
    if (*last_view && strcmp(view, *last_view) != 0 && key == *last_key)
        fail_msg("%s: seat 0's view changed but its information-set key did "
                 "not:\n%s", ts_config_name(g, cfg), view);
    free(*last_view);
    *last_view = view;
    *last_key = key;
}

/* Walks one random game checking texts, illegal actions, chance checks and
 * views at every step. */
static void deep_game(const tb_game *g, const tb_config *cfg, uint64_t seed)
{
    void *st = ts_new_game(g, cfg);
    void *det = tb_state_new(g);
    tb_rng rng, aux;
    tb_rng_seed(&rng, seed);
    tb_rng_seed(&aux, seed ^ 0xabcdefull);
    static tb_action buf[TB_MAX_ACTIONS];
    int hidden_seen = 0;
    long steps = 0;
    char *last_view = NULL;
    uint64_t last_key = 0;
    for (;;) {
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            tb_chance c;
            assert_int_equal(tb_chance_spec(g, st, &c), TB_OK);
            assert_true(c.n >= 1 && c.n <= TB_MAX_CHANCE);
            assert_int_equal(tb_apply(g, st, 0), TB_ECHANCE);
            uint16_t zeros[TB_MAX_CHANCE] = {0};
            assert_int_equal(tb_apply_chance(g, st, zeros, c.n + 1),
                             TB_EILLEGAL);
            tb_sample_chance(g, st, &rng, NULL, NULL);
            continue;
        }
        int n = tb_legal(g, st, buf);
        check_legal_list(g, buf, n);
        /* Full checks on the first steps and then every few, so that long
         * games stay quick; determinized states keep a legal move at
         * every step. */
        int full = steps < 40 || steps % 7 == 0;
        check_determinized_playable(g, cfg, st, det, &aux, full);
        if (full) {
            check_view_heuristic(g, cfg, st, det, &aux);
            check_candidates(g, cfg, st, buf, n, det, &aux);
            /* A solver may spend its whole budget early in a game: asked
             * every third step. */
            if (steps % 3 == 2)
                check_solve(g, cfg, st, buf, n, det, &aux);
            check_texts(g, st, buf, n);
            check_illegal(g, st, buf, n, &aux);
            hidden_seen |= check_views(g, cfg, st, det, &aux);
            check_key_follows_view(g, cfg, st, det, &last_view, &last_key);
            check_descriptions(g, cfg, st, buf, n, det, &aux);
        }
        tb_apply_legal(g, st, buf[tb_rng_below(&rng, (uint32_t)n)]);
        steps++;
        assert_true(steps < MAX_STEPS);
    }
    assert_int_equal(tb_apply(g, st, buf[0]), TB_ETERMINAL);
    if ((g->flags & TB_GAME_HIDDEN) && !hidden_seen)
        fail_msg("%s: flagged as hiding information, but determinizing never "
                 "changed the state", ts_config_name(g, cfg));
    check_views(g, cfg, st, det, &aux);
    free(last_view);
    free(det);
    free(st);
}

/* The same seed twice gives the same game, bit for bit; a clone taken
 * mid-game and played on with the same generator ends where the original
 * does; and a clone determinized mid-game still plays to an end. */
static void check_determinism_and_clones(const tb_game *g,
                                         const tb_config *cfg, uint64_t seed)
{
    void *a = tb_state_new(g), *b = tb_state_new(g);
    long na = random_game(g, cfg, a, seed), nb = random_game(g, cfg, b, seed);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, g->state_size);

    /* Clone at the middle of the game. */
    char err[256];
    tb_init(g, a, cfg, err, sizeof err);
    tb_rng rng;
    tb_rng_seed(&rng, seed);
    tb_action buf[TB_MAX_ACTIONS];
    for (long i = 0; i < na / 2; i++) {
        tb_settle(g, a, &rng);
        int n = tb_legal(g, a, buf);
        tb_apply_legal(g, a, buf[tb_rng_below(&rng, (uint32_t)n)]);
    }
    memcpy(b, a, g->state_size);
    tb_rng rng_b = rng;
    void *snapshot = malloc(g->state_size);
    memcpy(snapshot, b, g->state_size);
    tb_random_playout(g, a, &rng);
    assert_memory_equal(b, snapshot, g->state_size); /* untouched */
    tb_random_playout(g, b, &rng_b);
    assert_memory_equal(a, b, g->state_size);

    /* A determinized copy is a playable state. */
    memcpy(b, snapshot, g->state_size);
    int cur = tb_current(g, b);
    tb_determinize(g, b, cur >= 0 ? cur : TB_SPECTATOR, &rng_b);
    tb_random_playout(g, b, &rng_b);
    check_result(g, cfg, b);
    free(snapshot);
    free(a);
    free(b);
}

/* Plays a game between random bots with a record, writes it to a file,
 * reads it back and replays it; then spoils one move and checks that the
 * replay refuses it, naming that move. */
static void check_record(const tb_game *g, const tb_config *cfg,
                         uint64_t seed)
{
    char err[512];
    tbi_bot *bots[TB_MAX_PLAYERS];
    for (int j = 0; j < cfg->players; j++) {
        bots[j] = tbi_bot_new(g, "random", err, sizeof err);
        assert_non_null(bots[j]);
    }
    void *st = tb_state_new(g), *st2 = tb_state_new(g);
    tb_record rec;
    tb_record_init(&rec, g, cfg, seed);
    for (int j = 0; j < cfg->players; j++)
        snprintf(rec.seats[j], sizeof rec.seats[j], "random");
    tbi_match_stats stats;
    assert_int_equal(tbi_play_match(g, cfg, seed, bots, st, &rec, &stats, err,
                                    sizeof err), TB_OK);
    char path[] = "/tmp/tabula-record-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(tb_record_save(&rec, path, err, sizeof err), TB_OK);
    tb_record back;
    if (tb_record_load(&back, path, err, sizeof err) != TB_OK)
        fail_msg("%s: record does not load: %s", g->id, err);
    if (tb_record_replay(&back, st2, NULL, NULL, err, sizeof err) != TB_OK)
        fail_msg("%s: record does not replay: %s", ts_config_name(g, cfg), err);
    assert_memory_equal(st, st2, g->state_size);
    if (back.n_actions > 0) {
        int k = back.n_actions / 2;
        snprintf(back.actions[k].text, sizeof back.actions[k].text, "#bad#");
        assert_int_equal(tb_record_replay(&back, st2, NULL, NULL, err,
                                          sizeof err), TB_EMISMATCH);
        char want[32];
        snprintf(want, sizeof want, "move %d:", k + 1);
        if (!strstr(err, want))
            fail_msg("%s: replay error does not name %s: %s", g->id, want, err);
    }
    unlink(path);
    tb_record_free(&back);
    tb_record_free(&rec);
    for (int j = 0; j < cfg->players; j++)
        tbi_bot_free(bots[j]);
    free(st);
    free(st2);
}

/* ------------------------------------------------------------------------
 * Parsed texts name their actions (issue 31).
 *
 * The rule, which every game's parse_action keeps (include/tabula.h,
 * docs/api.md): a text that parses to action c names only what c uses.
 * Tested thus: at random positions, every legal action's text parses back
 * to it, and texts made by replacing one token of a legal action's text
 * (or adding one at its end) with a token taken from the other legal texts
 * or from what the seat to move sees (card names, piles, cells, "seat",
 * seat numbers) must, whenever they parse to some action c, name c: each of
 * their tokens must fit a distinct token of c's own text.  A typed token
 * fits a token of the text when the two are equal ignoring case, or when
 * the typed one is the text's token without trailing characters that are
 * when the typed one is a shorthand of it: the part of a token with digits
 * that holds all its digits (`5Ym` for `5Ym+`, the only copy held with two
 * decks; `2` for the row `r2`), or the beginning of a word (`p` for
 * `pass`); tokens with no letter or digit are punctuation and are ignored.
 * So case, spacing, word order and words left out are free, but a card,
 * pile, cell or seat named that the action does not use is refused.
 * ---------------------------------------------------------------------- */

#define PT_TOKENS 32 /* tokens of one text looked at */
#define PT_TOKEN 24  /* longest token kept */
#define PT_VOCAB 512 /* distinct replacement tokens kept per position */

/* Texts taken for an action they do not name, in the game being checked. */
static int pt_failures;

/* One text's tokens: where each starts in the text and how long it is. */
typedef struct {
    int n;
    int at[PT_TOKENS], len[PT_TOKENS];
} pt_tokens;

/* Whether c separates tokens: spaces and list punctuation. */
static int pt_sep(char c)
{
    return c == '\0' || strchr(" \t\r\n,;:()[]{}|\"'", c) != NULL;
}

/* Splits text into tokens (at most PT_TOKENS): runs between separators,
 * each `@` beginning a new one. */
static void pt_split(const char *text, pt_tokens *out)
{
    out->n = 0;
    for (int i = 0; text[i] && out->n < PT_TOKENS;) {
        if (pt_sep(text[i])) {
            i++;
            continue;
        }
        int j = i + 1; /* `@` begins a token: `36@8` is a card at a stone */
        while (!pt_sep(text[j]) && text[j] != '@')
            j++;
        out->at[out->n] = i;
        out->len[out->n++] = j - i;
        i = j;
    }
}

/* Whether the token (t, n) has a letter or digit. */
static int pt_alnum(const char *t, int n)
{
    for (int i = 0; i < n; i++)
        if (isalnum((unsigned char)t[i]))
            return 1;
    return 0;
}

/* Whether typed token x fits token y of an action's text, ignoring case:
 * when y has digits, x is a part of y holding all of them (`5Ym` for
 * `5Ym+`, `2` for the row `r2`, `5Y` for `5Ya`); when y has none, x begins
 * y (`p` for `pass`).  A sign y begins with is part of its meaning (`@8` is
 * a stone, `8` may be a card): x must begin with it too. */
static int pt_fits(const char *x, int xn, const char *y, int yn)
{
    if (yn > 0 && !isalnum((unsigned char)y[0]) &&
        (xn == 0 || x[0] != y[0]))
        return 0;
    int first = -1, last = -1;
    for (int i = 0; i < yn; i++)
        if (isdigit((unsigned char)y[i])) {
            if (first < 0)
                first = i;
            last = i;
        }
    for (int o = 0; o + xn <= yn; o++) {
        if (first < 0 ? o > 0 : o > first || o + xn <= last)
            continue;
        if (strncasecmp(x, y + o, (size_t)xn) == 0)
            return 1;
    }
    return 0;
}

/* The tokens of a position: distinct (ignoring case). */
typedef struct {
    int n;
    char t[PT_VOCAB][PT_TOKEN];
} pt_vocab;

/* Whether token x fits a token of v. */
static int pt_in_vocab(const pt_vocab *v, const char *x, int xn)
{
    for (int i = 0; i < v->n; i++)
        if (pt_fits(x, xn, v->t[i], (int)strlen(v->t[i])))
            return 1;
    return 0;
}

/* Whether x is the beginning of a word followed by the number after it
 * in text (`s1` for "seat 1", `r2` for "row 2"). */
static int pt_fits_pair(const char *x, int xn, const char *text,
                        const pt_tokens *tk)
{
    for (int j = 0; j + 1 < tk->n; j++) {
        const char *w = text + tk->at[j], *num = text + tk->at[j + 1];
        int wn = tk->len[j], nn = tk->len[j + 1], k = 0;
        while (k < xn && isalpha((unsigned char)x[k]))
            k++;
        if (k == 0 || k > wn || xn - k != nn ||
            strncasecmp(x, w, (size_t)k) != 0 ||
            strncmp(x + k, num, (size_t)nn) != 0)
            continue;
        int digits = 1;
        for (int i = 0; i < nn; i++)
            digits &= isdigit((unsigned char)num[i]) != 0;
        if (digits)
            return 1;
    }
    return 0;
}

/* What a position offers to tell a lie with: the tokens of its legal
 * texts, the tokens with a digit of what the seat to move sees (its card
 * names, cells, numbered cards), and the lengths of the bare numbers the
 * legal texts hold (bit k: k digits; then numbers of that length name
 * cards, and such a number in view names one). */
typedef struct {
    pt_vocab named, seen;
    unsigned bare_numbers;
} pt_names_in;

/* Whether typed names action c of st and nothing else.  Each token of
 * typed must fit a distinct token of c's own text or of what the mover is
 * told c does (tb_describe: "you take 4Ya from the Discard Deck"; `5Ym`
 * fits `5Ym+`), be a word and number of it written together (`s1`), or
 * else name nothing at this position: fit no token of any legal text and,
 * when it has a digit, not be in the view (a bare number only counts when
 * the legal texts hold bare numbers as long, and not when the game reads
 * that number alone as c).  So aliases the games document (`back`,
 * `#10` for the card numbered 10, `aces`) pass, and a card, pile, cell or
 * seat the action does not use is refused. */
static int pt_names(const tb_game *g, const void *st, const char *typed,
                    tb_action c, const pt_names_in *in)
{
    static char own[TB_ACTION_TEXT + 8192];
    tb_action_text(g, st, c, own, TB_ACTION_TEXT);
    size_t len = strlen(own);
    own[len++] = '\n';
    tb_text t;
    tb_text_init(&t, own + len, sizeof own - len);
    tb_describe(g, st, c, NULL, tb_current(g, st), &t);
    pt_tokens tt, ot;
    pt_split(typed, &tt);
    pt_split(own, &ot);
    int used[PT_TOKENS] = {0}, done[PT_TOKENS] = {0};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < tt.n; i++) {
            const char *x = typed + tt.at[i];
            int xn = tt.len[i];
            while (xn > 0 && *x == '#')
                x++, xn--;
            if (done[i] || !pt_alnum(x, xn)) {
                done[i] = 1;
                continue;
            }
            for (int j = 0; j < ot.n && !done[i]; j++) {
                const char *y = own + ot.at[j];
                if (used[j] || (pass == 0 && xn != ot.len[j]) ||
                    !pt_fits(x, xn, y, ot.len[j]))
                    continue;
                used[j] = done[i] = 1;
            }
            if (pass == 0 || done[i] || pt_fits_pair(x, xn, own, &ot))
                continue;
            int digit = 0, letter = 0;
            for (int k = 0; k < xn; k++) {
                digit |= isdigit((unsigned char)x[k]) != 0;
                letter |= isalpha((unsigned char)x[k]) != 0;
            }
            if (pt_in_vocab(&in->named, x, xn) ||
                (digit && letter && pt_in_vocab(&in->seen, x, xn)))
                return 0;
            if (digit && !letter && xn < 32 && (in->bare_numbers >> xn & 1u) &&
                pt_in_vocab(&in->seen, x, xn)) {
                /* A number in view names the card of that number, unless
                 * the game reads it, alone, as c itself: a number the
                 * game documents for c (Schotten Totten's tactic number
                 * 10 beside its clan cards 11-99). */
                char alone[PT_TOKEN];
                tb_action b;
                snprintf(alone, sizeof alone, "%.*s", xn, x);
                if (tb_parse_action(g, st, alone, &b, NULL, 0) != TB_OK ||
                    b != c)
                    return 0;
            }
        }
    return 1;
}

/* Adds the tokens of text that have a letter or digit (with `digits`, only
 * those with a digit: the card, cell, row and seat names of a view rather
 * than its words) and fit in PT_TOKEN, once each; a leading `#` and a
 * trailing full stop are not part of a token. */
static void pt_vocab_add(pt_vocab *v, const char *text, int digits)
{
    pt_tokens tk;
    for (const char *p = text; *p;) {
        pt_split(p, &tk);
        if (tk.n == 0)
            break;
        for (int i = 0; i < tk.n && v->n < PT_VOCAB; i++) {
            const char *w = p + tk.at[i];
            int len = tk.len[i];
            while (len > 0 && *w == '#')
                w++, len--;
            while (len > 0 && w[len - 1] == '.')
                len--;
            if (len == 0 || len >= PT_TOKEN || !pt_alnum(w, len))
                continue;
            int has_digit = 0;
            for (int j = 0; j < len; j++)
                has_digit |= isdigit((unsigned char)w[j]) != 0;
            if (digits && !has_digit)
                continue;
            int k = 0;
            while (k < v->n && !(strlen(v->t[k]) == (size_t)len &&
                                 strncasecmp(v->t[k], w, (size_t)len) == 0))
                k++;
            if (k == v->n)
                snprintf(v->t[v->n++], PT_TOKEN, "%.*s", len, w);
        }
        /* Go on after the last token read (pt_split stops at PT_TOKENS). */
        p += tk.at[tk.n - 1] + tk.len[tk.n - 1];
    }
}

/* Checks the rule above at one position of the seat to move: every legal
 * text parses back to its action, and no mutated text parses to an action
 * it does not name.  Returns the number of texts tried. */
static long pt_check_position(const tb_game *g, const tb_config *cfg,
                              const void *st, const tb_action *acts, int n,
                              tb_rng *rng)
{
    enum { ACTIONS = 8, TRIES = 6 };
    static pt_names_in in;
    static pt_vocab pool;
    static char texts[TB_MAX_ACTIONS][TB_ACTION_TEXT];
    static char render[1 << 16];
    check_texts(g, st, acts, n);
    in.named.n = in.seen.n = 0;
    in.bare_numbers = 0;
    for (int i = 0; i < n; i++) {
        tb_action_text(g, st, acts[i], texts[i], sizeof texts[i]);
        pt_vocab_add(&in.named, texts[i], 0);
    }
    for (int i = 0; i < in.named.n; i++) {
        size_t len = strlen(in.named.t[i]);
        if (strspn(in.named.t[i], "0123456789") == len && len < 32)
            in.bare_numbers |= 1u << len;
    }
    tb_text t;
    tb_text_init(&t, render, sizeof render);
    tb_render(g, st, tb_current(g, st), TB_STYLE_PLAIN, &t);
    pt_vocab_add(&in.seen, render, 1);
    /* The replacements: the legal texts' tokens, the view's, and seats. */
    char seats[64] = "seat";
    for (int p = 0; p <= cfg->players; p++)
        snprintf(seats + strlen(seats), sizeof seats - strlen(seats), " %d",
                 p);
    pool = in.named;
    pt_vocab_add(&pool, seats, 0);
    for (int i = 0; i < in.seen.n; i++)
        pt_vocab_add(&pool, in.seen.t[i], 0);
    long tried = 0;
    int k = n < ACTIONS ? n : ACTIONS;
    for (int i = 0; i < k; i++) {
        int ai = n <= ACTIONS ? i : (int)tb_rng_below(rng, (uint32_t)n);
        const char *own = texts[ai];
        pt_tokens tk;
        pt_split(own, &tk);
        /* Each token replaced, then one token added at the end. */
        for (int pos = 0; pos <= tk.n; pos++)
            for (int r = 0; r < TRIES; r++) {
                const char *x = pool.t[tb_rng_below(rng, (uint32_t)pool.n)];
                char typed[2 * TB_ACTION_TEXT];
                if (pos < tk.n)
                    snprintf(typed, sizeof typed, "%.*s%s%s", tk.at[pos], own,
                             x, own + tk.at[pos] + tk.len[pos]);
                else
                    snprintf(typed, sizeof typed, "%s %s", own, x);
                tb_action c;
                char err[256];
                tried++;
                if (tb_parse_action(g, st, typed, &c, err, sizeof err) !=
                    TB_OK)
                    continue;
                if (!pt_names(g, st, typed, c, &in) && pt_failures++ < 3) {
                    char named[TB_ACTION_TEXT];
                    tb_action_text(g, st, c, named, sizeof named);
                    print_error("%s: '%s' (made from the legal '%s') is "
                                "taken as '%s', which it does not name\n",
                                ts_config_name(g, cfg), typed, own, named);
                }
            }
    }
    return tried;
}

/* Plays random games of every configuration of g and checks parsing at
 * their decisions: every decision of the first few dozen, then every few,
 * so that the whole check stays at a few seconds per game. */
static void pt_check_game(const tb_game *g)
{
    tb_config cfgs[MAX_CONFIGS];
    int nc = ts_configs(g, cfgs, MAX_CONFIGS);
    static tb_action acts[TB_MAX_ACTIONS];
    long tried = 0, positions = 0;
    for (int c = 0; c < nc; c++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            void *st = ts_new_game(g, &cfgs[c]);
            tb_rng rng, aux;
            tb_rng_seed(&rng, 3100 + seed);
            tb_rng_seed(&aux, 3100 + seed + 7);
            for (long step = 0;; step++) {
                tb_settle(g, st, &rng);
                if (tb_current(g, st) == TB_TERMINAL)
                    break;
                int n = tb_legal(g, st, acts);
                if (step < 40 || step % 4 == 0) {
                    tried += pt_check_position(g, &cfgs[c], st, acts, n, &aux);
                    positions++;
                }
                tb_apply_legal(g, st, acts[tb_rng_below(&rng, (uint32_t)n)]);
                assert_true(step < MAX_STEPS);
            }
            free(st);
        }
    print_message("%s: %ld texts tried at %ld positions\n", g->id, tried,
                  positions);
}

/* A stub game for the engine's side of the rule: one seat, one legal
 * action (7); its parser reads "seven" as 7, and "lie" as 7 too while
 * writing why it should not (as Guilds did with `take 5Rs`). */
static int stub_current(const void *st)
{
    (void)st;
    return 0;
}

static int stub_legal(const void *st, tb_action *out)
{
    (void)st;
    out[0] = 7;
    return 1;
}

static int stub_parse(const void *st, const char *text, tb_action *out,
                      char *err, size_t cap)
{
    (void)st;
    *out = 7;
    if (strcmp(text, "lie") == 0)
        snprintf(err, cap, "that names another card");
    return TB_OK;
}

/* tb_parse_action refuses a text whose parser wrote an objection though it
 * returned TB_OK, with or without a message buffer from the caller, and
 * passes the objection on. */
static void parser_objection_refuses(void **state)
{
    (void)state;
    tb_game stub = {.id = "stub", .current = stub_current,
                    .legal = stub_legal, .parse_action = stub_parse};
    char st[8] = {0}, err[64];
    tb_action a = 0;
    assert_int_equal(tb_parse_action(&stub, st, "seven", &a, err, sizeof err),
                     TB_OK);
    assert_int_equal(a, 7);
    a = 0;
    assert_int_equal(tb_parse_action(&stub, st, "lie", &a, err, sizeof err),
                     TB_EILLEGAL);
    assert_string_equal(err, "that names another card");
    assert_int_equal(tb_parse_action(&stub, st, "lie", &a, NULL, 0),
                     TB_EILLEGAL);
    assert_int_equal(a, 0);
}

/* The parse check for every registered game (one cmocka test, so that it
 * stands apart from the per-game battery). */
static void parsed_texts_name_their_actions(void **state)
{
    (void)state;
    const char *only = getenv("TABULA_PARSE_GAME");
    int bad = 0;
    for (int i = 0; i < tb_game_count(); i++)
        if (!only || strcmp(only, tb_game_at(i)->id) == 0) {
            pt_failures = 0;
            pt_check_game(tb_game_at(i));
            if (pt_failures)
                print_error("%s: %d texts taken for actions they do not "
                            "name\n", tb_game_at(i)->id, bad += pt_failures);
        }
    if (bad)
        fail_msg("%d texts were taken for actions they do not name", bad);
}

/* What seat learns from the chance outcome that led from before to after
 * (static buffer per slot). */
static const char *chance_described(const tb_game *g, const void *before,
                                    const uint16_t *o, int n,
                                    const void *after, int seat, int slot)
{
    static char bufs[2][8192];
    tb_text t;
    tb_text_init(&t, bufs[slot], sizeof bufs[slot]);
    assert_int_equal(tb_describe_chance(g, before, o, n, after, seat, &t),
                     TB_OK);
    assert_false(t.truncated);
    return bufs[slot];
}

/* How chance outcomes are told, at every chance node of a random game:
 * for every seat and the spectator, (a) an outcome told to anyone is told
 * to every seat whose view it changed (so a deal's public cards are told
 * to the spectator too, not only the seats their hands; an unseen shuffle
 * may be told to nobody), and
 * (b) when the outcome leads to a decision, it is told alike when only
 * what that seat cannot see is resampled in the state after it (the
 * others' new hands, the order of the deck): so a deal tells a seat its
 * own cards and nobody else's, and a spectator no card in any hand.  (b)
 * reads only what the seat may see, since a determinized state agrees
 * with the seat's view (check_views). */
static void check_chance_game(const tb_game *g, const tb_config *cfg,
                              uint64_t seed)
{
    void *st = ts_new_game(g, cfg);
    size_t size = g->state_size;
    void *before = tb_state_new(g), *det = tb_state_new(g);
    tb_rng rng, aux;
    tb_rng_seed(&rng, seed);
    tb_rng_seed(&aux, seed ^ 0x5eedull);
    static tb_action buf[TB_MAX_ACTIONS];
    long steps = 0;
    int told = 0;
    for (;;) {
        int cur = tb_current(g, st);
        if (cur == TB_TERMINAL)
            break;
        if (cur != TB_CHANCE) {
            int n = tb_legal(g, st, buf);
            tb_apply_legal(g, st, buf[tb_rng_below(&rng, (uint32_t)n)]);
            assert_true(++steps < MAX_STEPS);
            continue;
        }
        uint16_t o[TB_MAX_CHANCE];
        int n = 0;
        memcpy(before, st, size);
        assert_int_equal(tb_sample_chance(g, st, &rng, o, &n), TB_OK);
        int decision = tb_current(g, st) >= 0, anyone = 0;
        for (int seat = TB_SPECTATOR; seat < cfg->players; seat++)
            anyone |= chance_described(g, before, o, n, st, seat, 0)[0] != 0;
        told |= anyone;
        for (int seat = TB_SPECTATOR; seat < cfg->players; seat++) {
            const char *d = chance_described(g, before, o, n, st, seat, 0);
            char *v0 = view_of(g, before, seat), *v1 = view_of(g, st, seat);
            int changed = strcmp(v0, v1) != 0;
            free(v0);
            if (anyone && changed && !d[0])
                fail_msg("%s: a chance outcome told to others changed seat "
                         "%d's view but tells it nothing:\n%s",
                         ts_config_name(g, cfg),
                         seat, v1);
            if (decision) {
                memcpy(det, st, size);
                tb_determinize(g, det, seat, &aux);
                const char *d2 = chance_described(g, before, o, n, det, seat,
                                                  1);
                if (strcmp(d, d2) != 0)
                    fail_msg("%s: a chance outcome is told to seat %d "
                             "differently when only what it cannot see "
                             "changed (a secret shown):\n%s---\n%s",
                             ts_config_name(g, cfg), seat, d, d2);
            }
            free(v1);
        }
    }
    if (!told)
        fail_msg("%s: no chance outcome of a whole game told anyone "
                 "anything", ts_config_name(g, cfg));
    free(det);
    free(before);
    free(st);
}

/* check_chance_game for every game, at every configuration, on two
 * seeds. */
static void chance_descriptions(void **state)
{
    (void)state;
    tb_config cfgs[MAX_CONFIGS];
    for (int i = 0; i < tb_game_count(); i++) {
        const tb_game *g = tb_game_at(i);
        int n = ts_configs(g, cfgs, MAX_CONFIGS);
        for (int c = 0; c < n; c++)
            for (int s = 0; s < 2; s++)
                check_chance_game(g, &cfgs[c], 4242u + (uint64_t)s);
    }
}

/* The battery for one game, over all of its configurations. */
static void battery(void **state)
{
    const tb_game *g = *state;
    tb_config cfgs[MAX_CONFIGS];
    int n = ts_configs(g, cfgs, MAX_CONFIGS);
    assert_true(n >= 1);
    assert_true(g->state_size <= 64 * 1024);
    int seeds = seeds_per_config();
    void *st = tb_state_new(g);
    for (int c = 0; c < n; c++) {
        for (int s = 0; s < seeds; s++)
            random_game(g, &cfgs[c], st, 1000u + (uint64_t)s);
        for (int s = 0; s < 2; s++) {
            deep_game(g, &cfgs[c], 77u + (uint64_t)s);
            check_determinism_and_clones(g, &cfgs[c], 91u + (uint64_t)s);
            check_record(g, &cfgs[c], 5u + (uint64_t)s);
        }
    }
    free(st);
    /* Bad configurations are refused with a message. */
    tb_config bad;
    char err[256] = "";
    tb_config_default(g, g->max_players + 1, &bad);
    assert_int_equal(tb_config_check(g, &bad, err, sizeof err), TB_EINVAL);
    assert_true(err[0] != '\0');
    assert_int_equal(tb_config_set(g, &bad, "no-such-option", "1", err,
                                   sizeof err), TB_EINVAL);
}

/* Every game has a document and distinct, non-empty metadata. */
static void registry_is_sound(void **state)
{
    (void)state;
    assert_true(tb_game_count() >= 1);
    for (int i = 0; i < tb_game_count(); i++) {
        const tb_game *g = tb_game_at(i);
        assert_ptr_equal(tb_find_game(g->id), g);
        assert_true(g->min_players >= 1 && g->max_players <= TB_MAX_PLAYERS);
        assert_true(g->n_options <= TB_MAX_OPTIONS);
        if (!tb_game_doc(g))
            fail_msg("%s has no docs/games/%s.md", g->id, g->id);
        assert_non_null(g->init);
        assert_non_null(g->determinize);
        assert_non_null(g->view_json);
        if (!g->describe)
            fail_msg("%s has no describe: moves could not be shown to "
                     "people without their secrets", g->id);
        if (!g->describe_chance)
            fail_msg("%s has no describe_chance: its deals and rolls could "
                     "not be shown to people", g->id);
        if ((g->flags & TB_GAME_VIEW_HEURISTIC) && !g->heuristic)
            fail_msg("%s is flagged TB_GAME_VIEW_HEURISTIC but has no "
                     "heuristic", g->id);
    }
    assert_null(tb_find_game("no-such-game"));
}

int main(void)
{
    struct CMUnitTest tests[64];
    int n = 0;
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(registry_is_sound);
    tests[n++] =
        (struct CMUnitTest)cmocka_unit_test(parsed_texts_name_their_actions);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(parser_objection_refuses);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(chance_descriptions);
    for (int i = 0; i < tb_game_count() && n < 64; i++) {
        const tb_game *g = tb_game_at(i);
        tests[n++] = (struct CMUnitTest){g->id, battery, NULL, NULL,
                                         (void *)(uintptr_t)g};
    }
    return _cmocka_run_group_tests("conformance", tests, (size_t)n, NULL, NULL);
}
