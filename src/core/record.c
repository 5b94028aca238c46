/*
 * record.c - game records: one JSON document holding the game, its options,
 * the seats, the seed, the deal (every chance outcome in order), every action
 * in text form with its seat, and the result.  Records are written and read
 * with jansson and replayed against the rules without any generator.
 */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define RECORD_FORMAT "tabula-record/1"

void tb_record_init(tb_record *r, const tb_game *g, const tb_config *cfg,
                    uint64_t seed)
{
    memset(r, 0, sizeof *r);
    r->game = g;
    if (cfg)
        r->cfg = *cfg;
    r->seed = seed;
    r->has_seed = 1;
}

void tb_record_free(tb_record *r)
{
    for (int i = 0; i < r->n_deal; i++)
        free(r->deal[i]);
    free(r->deal);
    free(r->deal_len);
    free(r->actions);
    memset(r, 0, sizeof *r);
}

int tb_record_copy(tb_record *dst, const tb_record *src)
{
    *dst = *src;
    dst->deal = NULL;
    dst->deal_len = NULL;
    dst->actions = NULL;
    dst->n_deal = dst->deal_cap = dst->n_actions = dst->actions_cap = 0;
    for (int i = 0; i < src->n_deal; i++)
        if (tb_record_add_deal(dst, src->deal[i], src->deal_len[i]) != TB_OK)
            goto oom;
    if (src->n_actions > 0) {
        dst->actions = malloc((size_t)src->n_actions * sizeof *dst->actions);
        if (!dst->actions)
            goto oom;
        memcpy(dst->actions, src->actions,
               (size_t)src->n_actions * sizeof *dst->actions);
        dst->n_actions = dst->actions_cap = src->n_actions;
    }
    return TB_OK;
oom:
    tb_record_free(dst);
    return TB_ENOMEM;
}

int tb_record_add_deal(tb_record *r, const uint16_t *outcome, int n)
{
    if (r->n_deal == r->deal_cap) {
        int cap = r->deal_cap ? r->deal_cap * 2 : 8;
        uint16_t **d = realloc(r->deal, (size_t)cap * sizeof *d);
        if (!d)
            return TB_ENOMEM;
        r->deal = d;
        int *l = realloc(r->deal_len, (size_t)cap * sizeof *l);
        if (!l)
            return TB_ENOMEM;
        r->deal_len = l;
        r->deal_cap = cap;
    }
    uint16_t *copy = malloc((size_t)(n > 0 ? n : 1) * sizeof *copy);
    if (!copy)
        return TB_ENOMEM;
    memcpy(copy, outcome, (size_t)n * sizeof *copy);
    r->deal[r->n_deal] = copy;
    r->deal_len[r->n_deal] = n;
    r->n_deal++;
    return TB_OK;
}

int tb_record_add_action(tb_record *r, int seat, const char *text)
{
    if (r->n_actions == r->actions_cap) {
        int cap = r->actions_cap ? r->actions_cap * 2 : 64;
        tb_record_step *a = realloc(r->actions, (size_t)cap * sizeof *a);
        if (!a)
            return TB_ENOMEM;
        r->actions = a;
        r->actions_cap = cap;
    }
    tb_record_step *s = &r->actions[r->n_actions++];
    s->seat = seat;
    snprintf(s->text, sizeof s->text, "%s", text);
    return TB_OK;
}

/* ------------------------------------------------------------ writing */

json_t *tbi_result_json(const tb_result *res)
{
    json_t *o = json_object();
    json_t *scores = json_array(), *ranks = json_array();
    for (int i = 0; i < res->players; i++) {
        double s = res->score[i];
        json_array_append_new(scores, s == floor(s) ? json_integer((json_int_t)s)
                                                    : json_real(s));
        json_array_append_new(ranks, json_integer(res->rank[i]));
    }
    json_object_set_new(o, "scores", scores);
    json_object_set_new(o, "ranks", ranks);
    /* Written only for a draw, so that the records of games won are as
     * before, and records made before draws were told apart still load
     * (an absent "draw" reads as false). */
    if (res->draw)
        json_object_set_new(o, "draw", json_true());
    if (res->cooperative) {
        json_object_set_new(o, "team_win", json_boolean(res->team_win));
        double s = res->team_score;
        json_object_set_new(o, "team_score",
                            s == floor(s) ? json_integer((json_int_t)s)
                                          : json_real(s));
    }
    return o;
}

static json_t *record_to_json(const tb_record *r)
{
    const tb_game *g = r->game;
    json_t *o = json_object();
    json_object_set_new(o, "format", json_string(RECORD_FORMAT));
    json_object_set_new(o, "game", json_string(g->id));
    json_object_set_new(o, "players", json_integer(r->cfg.players));
    json_t *opts = json_object();
    for (int i = 0; i < g->n_options; i++) {
        const tb_option_def *d = &g->options[i];
        if (d->type == TB_OPT_INT)
            json_object_set_new(opts, d->name, json_integer(r->cfg.opt[i]));
        else if (d->type == TB_OPT_BOOL)
            json_object_set_new(opts, d->name, json_boolean(r->cfg.opt[i]));
        else
            json_object_set_new(opts, d->name,
                                json_string(d->choices[r->cfg.opt[i]]));
    }
    json_object_set_new(o, "options", opts);
    json_t *seats = json_array();
    for (int i = 0; i < r->cfg.players; i++)
        json_array_append_new(seats, json_string(r->seats[i][0] ? r->seats[i]
                                                                : "unknown"));
    json_object_set_new(o, "seats", seats);
    if (r->has_seed)
        json_object_set_new(o, "seed", tbi_json_u64(r->seed));
    json_t *deal = json_array();
    for (int i = 0; i < r->n_deal; i++) {
        json_t *d = json_array();
        for (int j = 0; j < r->deal_len[i]; j++)
            json_array_append_new(d, json_integer(r->deal[i][j]));
        json_array_append_new(deal, d);
    }
    json_object_set_new(o, "deal", deal);
    json_t *actions = json_array();
    for (int i = 0; i < r->n_actions; i++) {
        json_t *a = json_object();
        json_object_set_new(a, "seat", json_integer(r->actions[i].seat));
        json_object_set_new(a, "move", json_string(r->actions[i].text));
        json_array_append_new(actions, a);
    }
    json_object_set_new(o, "actions", actions);
    if (r->has_result)
        json_object_set_new(o, "result", tbi_result_json(&r->result));
    return o;
}

/* Writes the record's JSON text to f.  jansson indents every level alike,
 * which spreads a 104-card deal over 104 lines; so the top-level keys go
 * one per line, each deal entry and each action compactly on a line of its
 * own.  Returns 0, or -1 when out of memory. */
static int write_record(const tb_record *r, FILE *f)
{
    json_t *o = record_to_json(r);
    if (!o)
        return -1;
    int rc = 0;
    fputs("{\n", f);
    const char *key;
    json_t *val;
    int first = 1;
    json_object_foreach(o, key, val) {
        if (!first)
            fputs(",\n", f);
        first = 0;
        fprintf(f, "  \"%s\": ", key);
        if (json_is_array(val) && json_array_size(val) > 0 &&
            (strcmp(key, "actions") == 0 || strcmp(key, "deal") == 0)) {
            fputs("[\n", f);
            for (size_t i = 0; i < json_array_size(val); i++) {
                char *s = json_dumps(json_array_get(val, i),
                                     JSON_COMPACT | JSON_PRESERVE_ORDER);
                rc |= s ? 0 : -1;
                fprintf(f, "    %s%s\n", s ? s : "null",
                        i + 1 < json_array_size(val) ? "," : "");
                free(s);
            }
            fputs("  ]", f);
        } else {
            char *s = json_dumps(val, JSON_COMPACT | JSON_PRESERVE_ORDER |
                                          JSON_ENCODE_ANY);
            rc |= s ? 0 : -1;
            fputs(s ? s : "null", f);
            free(s);
        }
    }
    fputs("\n}\n", f);
    json_decref(o);
    return rc;
}

char *tbi_record_text(const tb_record *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    int rc = write_record(r, f);
    if (fclose(f) != 0 || rc != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

int tb_record_save(const tb_record *r, const char *path, char *err,
                   size_t errcap)
{
    if (strcmp(path, "-") == 0) {
        int rc = write_record(r, stdout);
        fflush(stdout);
        if (rc != 0) {
            tbi_errf(err, errcap, "out of memory writing the record");
            return TB_ENOMEM;
        }
        return TB_OK;
    }
    /* Written whole, through a temporary file renamed over path: a record
     * is never seen half written, and a failure leaves nothing behind. */
    size_t cap = strlen(path) + 16;
    char *tmp = malloc(cap);
    if (!tmp) {
        tbi_errf(err, errcap, "out of memory writing the record");
        return TB_ENOMEM;
    }
    FILE *f = tbi_whole_open(path, tmp, cap);
    int rc = TB_OK;
    if (!f) {
        tbi_errf(err, errcap, "cannot write record %s: %s", path,
                 strerror(errno));
        rc = TB_EIO;
    } else {
        int wrote = write_record(r, f);
        if (tbi_whole_close(f, tmp, path, wrote == 0) != 0 || wrote != 0) {
            tbi_errf(err, errcap, "cannot write record %s: %s", path,
                     wrote ? "out of memory" : strerror(errno));
            rc = wrote ? TB_ENOMEM : TB_EIO;
        }
    }
    free(tmp);
    return rc;
}

/* ------------------------------------------------------------ reading */

/* Reads the "options" object into cfg, by name, as typed values or text. */
static int options_from_json(tb_record *r, json_t *opts, char *err,
                             size_t errcap)
{
    const char *key;
    json_t *val;
    json_object_foreach(opts, key, val) {
        char text[64];
        if (json_is_integer(val))
            snprintf(text, sizeof text, "%" JSON_INTEGER_FORMAT,
                     json_integer_value(val));
        else if (json_is_boolean(val))
            snprintf(text, sizeof text, "%s", json_is_true(val) ? "on" : "off");
        else if (json_is_string(val))
            snprintf(text, sizeof text, "%s", json_string_value(val));
        else {
            tbi_errf(err, errcap, "record: option %s has a value of the "
                     "wrong type", key);
            return TB_EPARSE;
        }
        char why[200];
        if (tb_config_set(r->game, &r->cfg, key, text, why, sizeof why) !=
            TB_OK) {
            tbi_errf(err, errcap, "record: %s", why);
            return TB_EPARSE;
        }
    }
    return TB_OK;
}

static int deal_from_json(tb_record *r, json_t *deal, char *err, size_t errcap)
{
    size_t i;
    json_t *d;
    json_array_foreach(deal, i, d) {
        if (!json_is_array(d) || json_array_size(d) > TB_MAX_CHANCE) {
            tbi_errf(err, errcap, "record: deal entry %zu must be an array of "
                     "at most %d numbers", i + 1, TB_MAX_CHANCE);
            return TB_EPARSE;
        }
        uint16_t out[TB_MAX_CHANCE];
        size_t j;
        json_t *v;
        json_array_foreach(d, j, v) {
            if (!json_is_integer(v) || json_integer_value(v) < 0 ||
                json_integer_value(v) > 65535) {
                tbi_errf(err, errcap, "record: deal entry %zu, value %zu is "
                         "not a number from 0 to 65535", i + 1, j + 1);
                return TB_EPARSE;
            }
            out[j] = (uint16_t)json_integer_value(v);
        }
        if (tb_record_add_deal(r, out, (int)json_array_size(d)) != TB_OK)
            return TB_ENOMEM;
    }
    return TB_OK;
}

static int actions_from_json(tb_record *r, json_t *actions, char *err,
                             size_t errcap)
{
    size_t i;
    json_t *a;
    json_array_foreach(actions, i, a) {
        json_t *seat = json_object_get(a, "seat");
        json_t *move = json_object_get(a, "move");
        if (!json_is_integer(seat) || !json_is_string(move) ||
            json_string_length(move) >= TB_ACTION_TEXT) {
            tbi_errf(err, errcap, "record: action %zu needs \"seat\" (a "
                     "number) and \"move\" (a short text)", i + 1);
            return TB_EPARSE;
        }
        json_int_t s = json_integer_value(seat);
        if (s < 0 || s >= r->cfg.players) {
            tbi_errf(err, errcap, "record: action %zu has seat %" 
                     JSON_INTEGER_FORMAT ", but seats run from 0 to %d",
                     i + 1, s, r->cfg.players - 1);
            return TB_EPARSE;
        }
        if (tb_record_add_action(r, (int)s, json_string_value(move)) != TB_OK)
            return TB_ENOMEM;
    }
    return TB_OK;
}

/* Reads a number of the result, which must be there and be a number:
 * a missing or null score must not read as 0 and then look like a real
 * one. */
static int result_number(json_t *v, const char *what, int seat, double *out,
                         char *err, size_t errcap)
{
    if (!json_is_number(v)) {
        if (seat >= 0)
            tbi_errf(err, errcap, "record: result's %s for seat %d must be a "
                     "number, not %s", what, seat,
                     v && json_is_null(v) ? "null" : "missing or text");
        else
            tbi_errf(err, errcap, "record: result's %s must be a number",
                     what);
        return TB_EPARSE;
    }
    *out = json_number_value(v);
    return TB_OK;
}

static int result_from_json(tb_record *r, json_t *res, char *err,
                            size_t errcap)
{
    json_t *scores = json_object_get(res, "scores");
    json_t *ranks = json_object_get(res, "ranks");
    if (!json_is_object(res) || !json_is_array(scores) ||
        !json_is_array(ranks) ||
        (int)json_array_size(scores) != r->cfg.players ||
        (int)json_array_size(ranks) != r->cfg.players) {
        tbi_errf(err, errcap, "record: result needs \"scores\" and \"ranks\", "
                 "one per seat");
        return TB_EPARSE;
    }
    r->result.players = r->cfg.players;
    for (int i = 0; i < r->cfg.players; i++) {
        if (result_number(json_array_get(scores, (size_t)i), "score", i,
                          &r->result.score[i], err, errcap) != TB_OK)
            return TB_EPARSE;
        json_t *rk = json_array_get(ranks, (size_t)i);
        if (!json_is_integer(rk) || json_integer_value(rk) < 1 ||
            json_integer_value(rk) > r->cfg.players) {
            tbi_errf(err, errcap, "record: result's rank for seat %d must be "
                     "a whole number from 1 to %d", i, r->cfg.players);
            return TB_EPARSE;
        }
        r->result.rank[i] = (int)json_integer_value(rk);
    }
    json_t *dr = json_object_get(res, "draw");
    if (dr) {
        if (!json_is_boolean(dr)) {
            tbi_errf(err, errcap, "record: result's draw must be true or "
                     "false");
            return TB_EPARSE;
        }
        r->result.draw = json_is_true(dr);
    }
    json_t *tw = json_object_get(res, "team_win");
    if (tw) {
        if (!json_is_boolean(tw)) {
            tbi_errf(err, errcap, "record: result's team_win must be true or "
                     "false");
            return TB_EPARSE;
        }
        r->result.cooperative = 1;
        r->result.team_win = json_is_true(tw);
        if (result_number(json_object_get(res, "team_score"), "team_score",
                          -1, &r->result.team_score, err, errcap) != TB_OK)
            return TB_EPARSE;
    }
    r->has_result = 1;
    return TB_OK;
}

static int seed_from_json(tb_record *r, json_t *seed, char *err,
                          size_t errcap)
{
    if (!seed || json_is_null(seed))
        return TB_OK;
    if (tbi_json_get_u64(seed, &r->seed) != 0) {
        tbi_errf(err, errcap, "record: \"seed\" must be a whole number from "
                 "0 to 18446744073709551615 (a number, or its digits as a "
                 "string)");
        return TB_EPARSE;
    }
    r->has_seed = 1;
    return TB_OK;
}

static int record_from_json(tb_record *r, json_t *o, char *err, size_t errcap)
{
    if (!json_is_object(o)) {
        tbi_errf(err, errcap, "record: the document must be a JSON object");
        return TB_EPARSE;
    }
    json_t *fmt = json_object_get(o, "format");
    if (fmt && (!json_is_string(fmt) ||
                strcmp(json_string_value(fmt), RECORD_FORMAT) != 0)) {
        tbi_errf(err, errcap, "record: format must be \"%s\"", RECORD_FORMAT);
        return TB_EPARSE;
    }
    json_t *game = json_object_get(o, "game");
    if (!json_is_string(game)) {
        tbi_errf(err, errcap, "record: \"game\" (the game's id) is missing");
        return TB_EPARSE;
    }
    const tb_game *g = tb_find_game(json_string_value(game));
    if (!g) {
        tbi_errf(err, errcap, "record: unknown game '%s' (see tabula list)",
                 json_string_value(game));
        return TB_EPARSE;
    }
    json_t *players = json_object_get(o, "players");
    if (!players) {
        tbi_errf(err, errcap, "record: \"players\" (the number of seats) is "
                 "missing");
        return TB_EPARSE;
    }
    /* Checked before it becomes an int: 4294967299 must not wrap to 3. */
    if (!json_is_integer(players) ||
        json_integer_value(players) < g->min_players ||
        json_integer_value(players) > g->max_players) {
        char got[64];
        if (json_is_number(players))
            snprintf(got, sizeof got, "%.17g", json_number_value(players));
        else
            snprintf(got, sizeof got, "%s", json_is_null(players) ? "null"
                     : json_is_string(players) ? "a text" : "an object");
        if (g->min_players == g->max_players)
            tbi_errf(err, errcap, "record: \"players\" must be %d for %s, "
                     "not %s", g->min_players, g->id, got);
        else
            tbi_errf(err, errcap, "record: \"players\" must be a whole number "
                     "from %d to %d for %s, not %s", g->min_players,
                     g->max_players, g->id, got);
        return TB_EPARSE;
    }
    tb_config cfg;
    tb_config_default(g, (int)json_integer_value(players), &cfg);
    tb_record_init(r, g, &cfg, 0);
    r->has_seed = 0;
    int rc;
    json_t *opts = json_object_get(o, "options");
    if (opts && !json_is_object(opts)) {
        tbi_errf(err, errcap, "record: \"options\" must be an object");
        return TB_EPARSE;
    }
    if (opts && (rc = options_from_json(r, opts, err, errcap)) != TB_OK)
        return rc;
    char why[200];
    if (tb_config_check(g, &r->cfg, why, sizeof why) != TB_OK) {
        tbi_errf(err, errcap, "record: %s", why);
        return TB_EPARSE;
    }
    json_t *seats = json_object_get(o, "seats");
    if (json_is_array(seats)) {
        for (int i = 0; i < r->cfg.players && i < (int)json_array_size(seats);
             i++) {
            json_t *s = json_array_get(seats, (size_t)i);
            if (json_is_string(s))
                snprintf(r->seats[i], sizeof r->seats[i], "%s",
                         json_string_value(s));
        }
    }
    if ((rc = seed_from_json(r, json_object_get(o, "seed"), err, errcap)))
        return rc;
    json_t *deal = json_object_get(o, "deal");
    json_t *actions = json_object_get(o, "actions");
    if (!json_is_array(deal) || !json_is_array(actions)) {
        tbi_errf(err, errcap, "record: \"deal\" and \"actions\" must be "
                 "arrays");
        return TB_EPARSE;
    }
    if ((rc = deal_from_json(r, deal, err, errcap)) != TB_OK)
        return rc;
    if ((rc = actions_from_json(r, actions, err, errcap)) != TB_OK)
        return rc;
    json_t *res = json_object_get(o, "result");
    if (res && !json_is_null(res) &&
        (rc = result_from_json(r, res, err, errcap)) != TB_OK)
        return rc;
    return TB_OK;
}

int tb_record_load_string(tb_record *r, const char *text, char *err,
                          size_t errcap)
{
    json_error_t je;
    memset(r, 0, sizeof *r);
    json_t *o = json_loads(text, 0, &je);
    if (!o) {
        tbi_errf(err, errcap, "record: not valid JSON at line %d: %s", je.line,
                 je.text);
        return TB_EPARSE;
    }
    int rc = record_from_json(r, o, err, errcap);
    json_decref(o);
    if (rc != TB_OK)
        tb_record_free(r);
    return rc;
}

/* Reads at most TBI_RECORD_MAX_BYTES of f into a malloc'd, NUL-terminated
 * buffer.  Returns it, or NULL with a message when f is too big or cannot
 * be read; the size is checked before the text is parsed, because parsing
 * takes some twenty times a record's size in memory. */
static char *read_limited(FILE *f, const char *path, size_t *len, char *err,
                          size_t errcap)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        if (n > (size_t)TBI_RECORD_MAX_BYTES) {
            tbi_errf(err, errcap, "%s is more than the %ld MB a record may "
                     "have, far more than any game's record; refusing to "
                     "read it", path, TBI_RECORD_MAX_BYTES >> 20);
            free(buf);
            return NULL;
        }
        if (n == cap) {
            cap *= 2;
            char *more = realloc(buf, cap + 1);
            if (!more)
                break;
            buf = more;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                tbi_errf(err, errcap, "cannot read record %s: %s", path,
                         strerror(errno));
                free(buf);
                return NULL;
            }
            buf[n] = '\0';
            *len = n;
            return buf;
        }
    }
    free(buf);
    tbi_errf(err, errcap, "out of memory reading record %s", path);
    return NULL;
}

int tb_record_load(tb_record *r, const char *path, char *err, size_t errcap)
{
    memset(r, 0, sizeof *r);
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "r");
    if (is_stdin)
        path = "standard input";
    if (!f) {
        tbi_errf(err, errcap, "cannot read record %s: %s", path,
                 strerror(errno));
        return TB_EIO;
    }
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0) {
        const char *why = S_ISDIR(sb.st_mode) ? "it is a directory; name one "
                                                "record file in it"
                          : S_ISREG(sb.st_mode) &&
                                  sb.st_size > TBI_RECORD_MAX_BYTES
                              ? "it is far larger than any game's record"
                              : NULL;
        if (why) {
            if (S_ISDIR(sb.st_mode))
                tbi_errf(err, errcap, "cannot read record %s: %s", path, why);
            else
                tbi_errf(err, errcap, "%s is %lld bytes, more than the %ld "
                         "MB a record may have; %s", path,
                         (long long)sb.st_size, TBI_RECORD_MAX_BYTES >> 20,
                         why);
            if (!is_stdin)
                fclose(f);
            return TB_EIO;
        }
    }
    size_t len = 0;
    char *text = read_limited(f, path, &len, err, errcap);
    if (!is_stdin)
        fclose(f);
    if (!text)
        return TB_EIO;
    json_error_t je;
    json_t *o = json_loadb(text, len, 0, &je);
    free(text);
    if (!o) {
        tbi_errf(err, errcap, "%s: not valid JSON at line %d: %s", path,
                 je.line, je.text);
        return TB_EPARSE;
    }
    char why[400];
    int rc = record_from_json(r, o, why, sizeof why);
    json_decref(o);
    if (rc != TB_OK) {
        /* Name the file rather than "record". */
        const char *msg = strncmp(why, "record: ", 8) == 0 ? why + 8 : why;
        tbi_errf(err, errcap, "%s: %s", path, msg);
        tb_record_free(r);
    }
    return rc;
}

/* ------------------------------------------------------------ replay */

/* Compares a replayed result a with the recorded one b.  A record that
 * says "draw" must replay to a draw; one that does not may have been
 * written before draws were told apart from ties for first (the ranks
 * alike), so a replayed draw is not held against it. */
static int same_result(const tb_result *a, const tb_result *b)
{
    for (int i = 0; i < a->players; i++)
        if (fabs(a->score[i] - b->score[i]) > 1e-9 || a->rank[i] != b->rank[i])
            return 0;
    if (b->draw && !a->draw)
        return 0;
    if (a->cooperative != b->cooperative)
        return 0;
    return !a->cooperative || (a->team_win == b->team_win &&
                               fabs(a->team_score - b->team_score) < 1e-9);
}

/* Writes "scores 3 2, ranks 1 2" (", a draw" after it for a draw) for a
 * result, to show a mismatch. */
static void describe_result(const tb_result *r, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int part = 0; part < 2 && len < cap; part++) {
        len += (size_t)snprintf(buf + len, cap - len, "%s",
                                part ? ", ranks" : "scores");
        for (int i = 0; i < r->players && len < cap; i++)
            len += (size_t)snprintf(buf + len, cap - len, " %g",
                                    part ? (double)r->rank[i] : r->score[i]);
    }
    if (r->draw && len < cap)
        snprintf(buf + len, cap - len, ", a draw");
}

/* Whether two move texts are the same, ignoring case and how much space
 * separates their words (and space at either end). */
static int same_text(const char *a, const char *b)
{
    for (;;) {
        a = tbi_skip_space(a);
        b = tbi_skip_space(b);
        while (*a && !isspace((unsigned char)*a) &&
               tolower((unsigned char)*a) == tolower((unsigned char)*b))
            a++, b++;
        int end_a = !*a || isspace((unsigned char)*a);
        int end_b = !*b || isspace((unsigned char)*b);
        if (!end_a || !end_b)
            return 0;
        if (!*tbi_skip_space(a) || !*tbi_skip_space(b))
            return !*tbi_skip_space(a) && !*tbi_skip_space(b);
    }
}

/* Replays r into st as tb_record_replay does; `before` is a state block
 * the hook's "before" copies are made in (NULL when there is no hook). */
static int replay_into(const tb_record *r, void *st, tb_replay_hook hook,
                       tb_replay_chance_hook chance_hook, void *user,
                       void *before, char *err, size_t errcap)
{
    const tb_game *g = r->game;
    int rc = tb_init(g, st, &r->cfg, err, errcap);
    if (rc != TB_OK)
        return rc;
    int next_deal = 0, next_action = 0;
    for (;;) {
        int cur = g->current(st);
        int move_no = next_action + 1;
        if (cur == TB_TERMINAL)
            break;
        if (cur == TB_CHANCE) {
            if (next_deal >= r->n_deal) {
                if (next_action >= r->n_actions)
                    return TB_OK; /* an unfinished game ends here */
                tbi_errf(err, errcap, "move %d: the game needs deal entry %d "
                         "but the record's deal has only %d", move_no,
                         next_deal + 1, r->n_deal);
                return TB_EMISMATCH;
            }
            if (chance_hook)
                memcpy(before, st, g->state_size);
            if (tb_apply_chance(g, st, r->deal[next_deal],
                                r->deal_len[next_deal]) != TB_OK) {
                tb_chance c;
                g->chance(st, &c);
                tbi_errf(err, errcap, "move %d: deal entry %d does not fit: "
                         "the game needs %s (%d values)", move_no,
                         next_deal + 1, c.what ? c.what : "an outcome", c.n);
                return TB_EMISMATCH;
            }
            next_deal++;
            if (chance_hook)
                chance_hook(g, before, r->deal[next_deal - 1],
                            r->deal_len[next_deal - 1], st, next_deal,
                            move_no, user);
            continue;
        }
        if (next_action >= r->n_actions) {
            if (r->has_result) {
                tbi_errf(err, errcap, "move %d: the record ends but the game "
                         "is not over (seat %d to move)", move_no, cur);
                return TB_EMISMATCH;
            }
            return TB_OK;
        }
        const tb_record_step *step = &r->actions[next_action];
        if (step->seat != cur) {
            tbi_errf(err, errcap, "move %d: the record has seat %d moving, "
                     "but it is seat %d's turn", move_no, step->seat, cur);
            return TB_EMISMATCH;
        }
        tb_action a;
        char why[200];
        if (tb_parse_action(g, st, step->text, &a, why, sizeof why) != TB_OK) {
            tbi_errf(err, errcap, "move %d: seat %d's move '%s' is illegal: "
                     "%s", move_no, cur, step->text, why);
            return TB_EMISMATCH;
        }
        /* A record is evidence: its text must be the move's own text, not
         * a text the parser happens to read as that move (issue 31: `take
         * 5Bs` replayed as taking 3Ya).  Case and spacing are free. */
        char own[TB_ACTION_TEXT];
        g->action_text(st, a, own, sizeof own);
        if (!same_text(step->text, own)) {
            tbi_errf(err, errcap, "move %d: seat %d's move '%s' reads as "
                     "'%s': a record must give each move's own text",
                     move_no, cur, step->text, own);
            return TB_EMISMATCH;
        }
        if (hook)
            memcpy(before, st, g->state_size);
        g->apply(st, a);
        next_action++;
        if (hook)
            hook(g, before, a, st, step, move_no, user);
    }
    if (next_action < r->n_actions) {
        tbi_errf(err, errcap, "move %d: the game is over but the record has "
                 "%d more moves", next_action + 1, r->n_actions - next_action);
        return TB_EMISMATCH;
    }
    if (next_deal < r->n_deal) {
        tbi_errf(err, errcap, "the game is over but the record has %d unused "
                 "deal entries", r->n_deal - next_deal);
        return TB_EMISMATCH;
    }
    if (r->has_result) {
        tb_result res;
        tb_result_of(g, st, &res);
        if (!same_result(&res, &r->result)) {
            char got[160], want[160];
            describe_result(&res, got, sizeof got);
            describe_result(&r->result, want, sizeof want);
            tbi_errf(err, errcap, "the final result differs from the "
                     "record's: the moves give %s, the record says %s",
                     got, want);
            return TB_EMISMATCH;
        }
    }
    return TB_OK;
}

int tb_record_replay(const tb_record *r, void *st, tb_replay_hook hook,
                     void *user, char *err, size_t errcap)
{
    return tb_record_replay_chance(r, st, hook, NULL, user, err, errcap);
}

int tb_record_replay_chance(const tb_record *r, void *st, tb_replay_hook hook,
                            tb_replay_chance_hook chance_hook, void *user,
                            char *err, size_t errcap)
{
    void *before = NULL;
    if ((hook || chance_hook) && !(before = malloc(r->game->state_size))) {
        tbi_errf(err, errcap, "out of memory for the replay");
        return TB_ENOMEM;
    }
    int rc = replay_into(r, st, hook, chance_hook, user, before, err, errcap);
    free(before);
    return rc;
}
