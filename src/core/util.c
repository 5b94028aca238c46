/*
 * util.c - small helpers used across the engine and the games: error
 * messages, ranking by score, cooperative results, terminal colours,
 * reading typed words, seeds as text and as JSON, files written whole.
 */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void tbi_errf(char *err, size_t cap, const char *fmt, ...)
{
    if (!err || cap == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

void tbi_rank_by_score(tb_result *out, int higher_wins)
{
    for (int i = 0; i < out->players; i++) {
        int better = 0;
        for (int j = 0; j < out->players; j++) {
            if (higher_wins ? out->score[j] > out->score[i]
                            : out->score[j] < out->score[i])
                better++;
        }
        out->rank[i] = better + 1;
    }
}

double tbi_win_share(const tb_result *r, int seat)
{
    if (r->rank[seat] != 1)
        return 0.0;
    int firsts = 0;
    for (int j = 0; j < r->players; j++)
        firsts += r->rank[j] == 1;
    return 1.0 / firsts;
}

int tbi_paired_clear(double sum, double sq, double k, double z)
{
    if (k < 2)
        return 0;
    double mean = sum / k;
    double var = (sq - k * mean * mean) / (k - 1);
    return mean > 0 && mean > z * sqrt(var > 0 ? var / k : 0);
}

void tbi_say_winners(tb_text *t, const tb_result *r)
{
    if (r->draw) {
        tb_text_puts(t, "nobody wins: the game is a draw\n");
        return;
    }
    int n = 0, last = -1;
    for (int p = 0; p < r->players; p++)
        if (r->rank[p] == 1) {
            n++;
            last = p;
        }
    if (n == 1) {
        tb_text_printf(t, "seat %d wins\n", last);
        return;
    }
    tb_text_puts(t, "seats");
    for (int p = 0, k = 0; p < r->players; p++)
        if (r->rank[p] == 1) {
            k++;
            tb_text_printf(t, "%s %d", k == 1 ? "" : k == n ? " and" : ",", p);
        }
    tb_text_puts(t, " share the win\n");
}

void tbi_draw_result(tb_result *out)
{
    out->draw = 1;
    for (int p = 0; p < out->players; p++)
        out->rank[p] = 1;
}

void tbi_team_result(tb_result *out, int players, int team_win,
                     double team_score)
{
    out->players = players;
    out->cooperative = 1;
    out->team_win = team_win;
    out->team_score = team_score;
    for (int p = 0; p < players; p++) {
        out->score[p] = team_score;
        out->rank[p] = 1;
    }
}

const char *tbi_color(unsigned style, const char *ansi_code)
{
    if (!(style & TB_STYLE_COLOR))
        return "";
    /* A small fixed table keeps the returned strings static. */
    static const struct {
        const char *code, *seq;
    } table[] = {
        {TBI_RESET, "\033[0m"},   {TBI_BOLD, "\033[1m"},
        {TBI_DIM, "\033[2m"},     {TBI_RED, "\033[31m"},
        {TBI_GREEN, "\033[32m"},  {TBI_YELLOW, "\033[33m"},
        {TBI_BLUE, "\033[34m"},   {TBI_MAGENTA, "\033[35m"},
        {TBI_CYAN, "\033[36m"},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].code, ansi_code) == 0)
            return table[i].seq;
    return "";
}

int tbi_has_action(const tb_action *acts, int n, tb_action a)
{
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    return 0;
}

int tbi_word_eq(const char *a, const char *b)
{
    while (*a && *b) {
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
        a++;
        b++;
    }
    return *a == *b;
}

const char *tbi_skip_space(const char *s)
{
    while (*s && isspace((unsigned char)*s))
        s++;
    return s;
}

const char *tbi_read_uint(const char *s, int *out)
{
    if (!isdigit((unsigned char)*s))
        return NULL;
    long v = 0;
    while (isdigit((unsigned char)*s)) {
        v = v * 10 + (*s - '0');
        if (v > 1000000)
            return NULL;
        s++;
    }
    *out = (int)v;
    return s;
}

void tbi_squeeze(const char *text, char *out, size_t cap)
{
    size_t n = 0;
    for (; *text && n + 1 < cap; text++)
        if (!isspace((unsigned char)*text))
            out[n++] = (char)tolower((unsigned char)*text);
    if (cap)
        out[n] = '\0';
}

json_t *tbi_json_int_array(const uint8_t *a, int n)
{
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(arr, json_integer(a[i]));
    return arr;
}

int tbi_parse_u64(const char *text, uint64_t *out)
{
    uint64_t v = 0;
    if (!text || !*text)
        return -1;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9')
            return -1;
        unsigned d = (unsigned)(*c - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1; /* above 2^64-1 */
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

json_t *tbi_json_u64(uint64_t v)
{
    if (v < (1ull << 53))
        return json_integer((json_int_t)v);
    char buf[24];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    return json_string(buf);
}

int tbi_json_get_u64(const json_t *v, uint64_t *out)
{
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *out = (uint64_t)json_integer_value(v);
        return 0;
    }
    if (json_is_string(v))
        return tbi_parse_u64(json_string_value(v), out);
    return -1;
}

FILE *tbi_whole_open(const char *path, char *tmp, size_t tmpcap)
{
    /* The temporary file sits in path's own folder, so that the rename is
     * atomic (same file system); its name starts with a dot and ends with
     * random letters so that it neither shows nor clashes. */
    const char *slash = strrchr(path, '/');
    size_t dir = slash ? (size_t)(slash - path + 1) : 0;
    if ((size_t)snprintf(tmp, tmpcap, "%.*s.%s.XXXXXX", (int)dir, path,
                         path + dir) >= tmpcap) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    int fd = mkstemp(tmp);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        int e = errno;
        close(fd);
        unlink(tmp);
        errno = e;
    }
    return f;
}

int tbi_whole_close(FILE *f, const char *tmp, const char *path, int ok)
{
    int e = 0;
    if (fflush(f) != 0 || ferror(f))
        e = errno ? errno : EIO;
    if (fclose(f) != 0 && !e)
        e = errno ? errno : EIO;
    /* mkstemp makes the file readable by its owner alone; a record or a
     * report is an ordinary file, so give it the usual permissions. */
    if (ok && !e) {
        mode_t mask = umask(0);
        umask(mask);
        if (chmod(tmp, 0666 & ~mask) != 0 || rename(tmp, path) != 0)
            e = errno;
    }
    if (!ok || e)
        unlink(tmp);
    if (e) {
        errno = e;
        return -1;
    }
    return 0;
}
