/*
 * net_bot.c - the `net` bot: a policy learnt by self-play (learn/
 * train_net.py) played in plain C.  A multilayer perceptron reads the
 * observation tensor of the bot's own seat (tb_game.observe, which encodes
 * exactly what that seat may see) and the bot plays the legal action with
 * the highest logit.  The weights come from a .tbn file (net:file=PATH) or,
 * by default, from data/net/<game>.tbn compiled into the library
 * (tools/embed.c), so the bot works from any directory and in the server.
 * Every buffer is allocated when the bot is made; a move allocates nothing.
 * The file format is in docs/learning.md and python/tabula/net.py.
 */
#include "bot.h"
#include "internal.h"
#include "net.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the net */

#define HEADER_FIXED 44 /* magic, game id, players, layer count */

/* The little-endian uint32 at p. */
static uint32_t read_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* The little-endian IEEE-754 float at p, whatever the host's order. */
static float read_f32(const unsigned char *p)
{
    uint32_t u = read_u32(p);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

int tbi_net_parse(tbi_net *net, const unsigned char *data, size_t len,
                  const char *what, char *err, size_t cap)
{
    memset(net, 0, sizeof *net);
    if (len < HEADER_FIXED || memcmp(data, "TBN1", 4) != 0) {
        tbi_errf(err, cap, "%s is not a tabula net file (it should begin "
                 "with \"TBN1\"; see docs/learning.md)", what);
        return TB_EINVAL;
    }
    memcpy(net->game, data + 4, 32);
    if (net->game[31] != '\0') {
        tbi_errf(err, cap, "%s: the game id is not terminated", what);
        return TB_EINVAL;
    }
    uint32_t players = read_u32(data + 36), layers = read_u32(data + 40);
    if (players < 1 || players > TB_MAX_PLAYERS || layers < 1 ||
        layers > TBI_NET_MAX_LAYERS) {
        tbi_errf(err, cap, "%s: bad header (%u players, %u layers; at most "
                 "%d layers)", what, players, layers, TBI_NET_MAX_LAYERS);
        return TB_EINVAL;
    }
    net->players = (int)players;
    net->layers = (int)layers;
    size_t head = HEADER_FIXED + 4 * ((size_t)layers + 1);
    if (len < head) {
        tbi_errf(err, cap, "%s is cut short in its header", what);
        return TB_EINVAL;
    }
    size_t floats = 0;
    int widest = 0;
    for (int l = 0; l <= net->layers; l++) {
        uint32_t s = read_u32(data + HEADER_FIXED + 4 * (size_t)l);
        if (s < 1 || s > TBI_NET_MAX_WIDTH) {
            tbi_errf(err, cap, "%s: layer size %u out of range (1 to %d)",
                     what, s, TBI_NET_MAX_WIDTH);
            return TB_EINVAL;
        }
        net->sizes[l] = (int)s;
        widest = net->sizes[l] > widest ? net->sizes[l] : widest;
        if (l > 0)
            floats += (size_t)net->sizes[l - 1] * s + s;
        if (floats > (size_t)TBI_NET_MAX_FLOATS) {
            tbi_errf(err, cap, "%s: more than %ld weights", what,
                     TBI_NET_MAX_FLOATS);
            return TB_EINVAL;
        }
    }
    if (len != head + 4 * floats) {
        tbi_errf(err, cap, "%s holds %zu bytes, but its layer sizes call "
                 "for %zu (cut short or padded)", what, len,
                 head + 4 * floats);
        return TB_EINVAL;
    }
    net->params = malloc(floats * sizeof *net->params);
    net->act[0] = malloc((size_t)widest * sizeof(float));
    net->act[1] = malloc((size_t)widest * sizeof(float));
    if (!net->params || !net->act[0] || !net->act[1]) {
        tbi_net_free(net);
        tbi_errf(err, cap, "out of memory for %s", what);
        return TB_ENOMEM;
    }
    for (size_t i = 0; i < floats; i++) {
        net->params[i] = read_f32(data + head + 4 * i);
        if (!isfinite(net->params[i])) {
            tbi_net_free(net);
            tbi_errf(err, cap, "%s: weight %zu is not a finite number",
                     what, i);
            return TB_EINVAL;
        }
    }
    return TB_OK;
}

int tbi_net_load(tbi_net *net, const char *path, char *err, size_t cap)
{
    memset(net, 0, sizeof *net);
    FILE *f = fopen(path, "rb");
    if (!f) {
        tbi_errf(err, cap, "cannot read the net file %s: %s", path,
                 strerror(errno));
        return TB_EIO;
    }
    /* The largest file the limits allow. */
    long most = HEADER_FIXED + 4 * (TBI_NET_MAX_LAYERS + 1) +
                4 * TBI_NET_MAX_FLOATS;
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        tbi_errf(err, cap, "cannot read the net file %s", path);
        return TB_EIO;
    }
    if (size > most) {
        fclose(f);
        tbi_errf(err, cap, "%s is too large for a net file (%ld bytes; at "
                 "most %ld)", path, size, most);
        return TB_EINVAL;
    }
    unsigned char *buf = malloc(size > 0 ? (size_t)size : 1);
    if (!buf) {
        fclose(f);
        tbi_errf(err, cap, "out of memory reading %s", path);
        return TB_ENOMEM;
    }
    size_t n = fread(buf, 1, (size_t)size, f);
    int bad = ferror(f) || n != (size_t)size;
    fclose(f);
    int rc;
    if (bad) {
        tbi_errf(err, cap, "cannot read the net file %s", path);
        rc = TB_EIO;
    } else {
        rc = tbi_net_parse(net, buf, n, path, err, cap);
    }
    free(buf);
    return rc;
}

/* The table tools/embed.c writes from data/net/<id>.tbn. */
extern const struct tbi_net_file {
    const char *id;
    const char *data;
    size_t len;
} tbi_net_files[];

const unsigned char *tbi_net_builtin(const char *id, size_t *len)
{
    for (int i = 0; tbi_net_files[i].id; i++)
        if (strcmp(tbi_net_files[i].id, id) == 0) {
            *len = tbi_net_files[i].len;
            return (const unsigned char *)tbi_net_files[i].data;
        }
    return NULL;
}

/* Layer by layer: out = W x + b, then ReLU but after the last layer.
 * Zero inputs (most of an observation's flags) are skipped. */
const float *tbi_net_forward(tbi_net *net, const float *obs)
{
    const float *x = obs;
    const float *p = net->params;
    for (int l = 0; l < net->layers; l++) {
        int n_in = net->sizes[l], n_out = net->sizes[l + 1];
        float *y = net->act[l & 1];
        const float *bias = p + (size_t)n_in * (size_t)n_out;
        for (int j = 0; j < n_out; j++) {
            const float *row = p + (size_t)j * (size_t)n_in;
            float s = 0.0f;
            for (int i = 0; i < n_in; i++)
                if (x[i] != 0.0f)
                    s += row[i] * x[i];
            s += bias[j];
            y[j] = (l + 1 < net->layers && s < 0.0f) ? 0.0f : s;
        }
        p = bias + n_out;
        x = y;
    }
    return x;
}

void tbi_net_free(tbi_net *net)
{
    free(net->params);
    free(net->act[0]);
    free(net->act[1]);
    net->params = net->act[0] = net->act[1] = NULL;
}

/* ------------------------------------------------------------ the bot */

typedef struct netbot {
    tbi_net net;
    float *obs;   /* the observation, sizes[0] floats */
    int mismatch; /* the table's tensors do not fit the net (see start) */
    int warned;   /* whether the mismatch has been reported */
} netbot;

/* Whether the net's input and output sizes are a table's (n_obs
 * observation floats, space actions); else a message in err. */
static int fits(const tbi_net *net, int n_obs, int space, int players,
                char *err, size_t cap)
{
    if (n_obs == net->sizes[0] && space == net->sizes[net->layers])
        return 1;
    tbi_errf(err, cap, "the net was trained for %s with %d players (%d "
             "inputs, %d actions), but this table has %d players "
             "(observation %d, %d actions): train one for it "
             "(docs/learning.md)", net->game, net->players, net->sizes[0],
             net->sizes[net->layers], players, n_obs, space);
    return 0;
}

/* Reads "file=PATH" (or nothing, for the built-in net) and checks the
 * net against the game at the player count it was trained for. */
static int net_create(tbi_bot *b, const char *params, char *err, size_t cap)
{
    const tb_game *g = b->game;
    netbot *nb = calloc(1, sizeof *nb);
    if (!nb) {
        tbi_errf(err, cap, "out of memory");
        return TB_ENOMEM;
    }
    b->data = nb;
    int rc;
    if (strncmp(params, "file=", 5) == 0 && params[5]) {
        rc = tbi_net_load(&nb->net, params + 5, err, cap);
    } else if (params[0]) {
        tbi_errf(err, cap, "net takes file=PATH (a .tbn weights file) or "
                 "nothing (the built-in net), not '%s'", params);
        return TB_EINVAL;
    } else {
        size_t len;
        const unsigned char *data = tbi_net_builtin(g->id, &len);
        if (!data) {
            tbi_errf(err, cap, "no trained net for %s is built in; give "
                     "one with net:file=PATH (docs/learning.md)", g->id);
            return TB_EINVAL;
        }
        char what[80];
        snprintf(what, sizeof what, "the built-in net for %s", g->id);
        rc = tbi_net_parse(&nb->net, data, len, what, err, cap);
    }
    if (rc != TB_OK)
        return rc;
    tbi_net *net = &nb->net;
    if (strcmp(net->game, g->id) != 0) {
        tbi_errf(err, cap, "the net file holds a net for '%s', not for %s",
                 net->game, g->id);
        return TB_EINVAL;
    }
    if (!tb_has_tensors(g)) {
        tbi_errf(err, cap, "%s has no observation tensors", g->id);
        return TB_EINVAL;
    }
    tb_config cfg;
    char why[200];
    if (tb_config_default(g, net->players, &cfg) != TB_OK ||
        tb_config_check(g, &cfg, why, sizeof why) != TB_OK) {
        tbi_errf(err, cap, "the net was trained for %d players, which %s "
                 "does not allow", net->players, g->id);
        return TB_EINVAL;
    }
    int n_obs = tb_observation_size(g, &cfg), space = tb_action_space(g, &cfg);
    if (!fits(net, n_obs, space, net->players, err, cap))
        return TB_EINVAL;
    if (!(nb->obs = malloc((size_t)net->sizes[0] * sizeof *nb->obs))) {
        tbi_errf(err, cap, "out of memory");
        return TB_ENOMEM;
    }
    return TB_OK;
}

static void net_destroy(tbi_bot *b)
{
    netbot *nb = b->data;
    if (nb) {
        tbi_net_free(&nb->net);
        free(nb->obs);
    }
    free(nb);
    b->data = NULL;
}

/* Checks the table's settings against the net (another player count or a
 * deck option can change the sizes), on the bot's scratch block, which is
 * free before the first move. */
static void net_start(tbi_bot *b, const tb_config *cfg, int seat)
{
    (void)seat;
    netbot *nb = b->data;
    const tb_game *g = b->game;
    memset(b->scratch, 0, g->state_size);
    g->init(b->scratch, cfg);
    char err[300];
    nb->mismatch = !fits(&nb->net, g->observe(b->scratch, 0, NULL),
                         g->action_space(cfg), cfg->players, err, sizeof err);
    if (nb->mismatch && !nb->warned) {
        fprintf(stderr, "tabula: %s: %s; it plays the heuristic instead\n",
                b->spec, err);
        nb->warned = 1;
    }
}

/* The legal action with the highest logit (the lowest index on a tie).
 * A table that does not fit the net gets the game's heuristic. */
static tb_action net_choose(tbi_bot *b, void *st, int seat)
{
    netbot *nb = b->data;
    const tb_game *g = b->game;
    tbi_net *net = &nb->net;
    int outs = net->sizes[net->layers];
    tb_action acts[TB_MAX_ACTIONS];
    int n = g->legal(st, acts);
    if (!nb->mismatch && g->observe(st, seat, NULL) == net->sizes[0]) {
        g->observe(st, seat, nb->obs);
        const float *z = tbi_net_forward(net, nb->obs);
        int best = -1, best_k = 0;
        for (int i = 0; i < n; i++) {
            int k = g->action_index(st, acts[i]);
            if (k < 0 || k >= outs) {
                best = -1;
                break;
            }
            if (best < 0 || z[k] > z[best_k] ||
                (z[k] == z[best_k] && k < best_k)) {
                best = i;
                best_k = k;
            }
        }
        if (best >= 0)
            return acts[best];
    }
    if (!nb->warned) {
        fprintf(stderr, "tabula: %s: the table does not fit the net (%s "
                "with %d players); it plays the heuristic instead\n",
                b->spec, net->game, net->players);
        nb->warned = 1;
    }
    nb->mismatch = 1;
    return g->heuristic ? g->heuristic(st, seat, &b->rng)
                        : tbi_random_action(g, st, &b->rng);
}

const tbi_bot_kind tbi_bot_net = {
    .name = "net",
    .help = "net[:file=PATH]: a policy learnt by self-play (a neural net "
            "reading its seat's view; built in for some games, "
            "docs/learning.md)",
    .legal_only = 0,
    .create = net_create,
    .choose = net_choose,
    .destroy = net_destroy,
    .start = net_start,
};
