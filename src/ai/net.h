/*
 * net.h - the multilayer perceptron of the `net` bot (src/ai/net_bot.c):
 * reading a weights file (.tbn, format in docs/learning.md and
 * python/tabula/net.py) and running it in plain C.  Internal: the tests
 * use it to check the reader and the arithmetic.
 */
#ifndef TABULA_NET_H
#define TABULA_NET_H

#include <stddef.h>

#define TBI_NET_MAX_LAYERS 8
#define TBI_NET_MAX_WIDTH 65536
#define TBI_NET_MAX_FLOATS (16L * 1024 * 1024)

typedef struct tbi_net {
    char game[32];      /* the game id the file names */
    int players;        /* the player count it was trained for */
    int layers;         /* linear layers, ReLU between them */
    int sizes[TBI_NET_MAX_LAYERS + 1]; /* inputs, hidden widths, outputs */
    float *params;      /* per layer: weights (rows of inputs), biases */
    float *act[2];      /* activations, each as wide as the widest layer */
} tbi_net;

/* Reads a net from the bytes of a .tbn file; `what` names the source in
 * messages (a path, or "the built-in net for GAME").  All memory the net
 * will use is allocated here.  TB_OK, or TB_EINVAL / TB_ENOMEM with a
 * message in err. */
int tbi_net_parse(tbi_net *net, const unsigned char *data, size_t len,
                  const char *what, char *err, size_t cap);
/* Reads a net from the file at path, as tbi_net_parse. */
int tbi_net_load(tbi_net *net, const char *path, char *err, size_t cap);
/* The built-in weights for game id (data/net/<id>.tbn compiled in), or
 * NULL; *len gets their length. */
const unsigned char *tbi_net_builtin(const char *id, size_t *len);
/* Runs the net on an observation of sizes[0] floats; returns its
 * sizes[layers] logits, in a buffer of the net's own (valid until the
 * next call). */
const float *tbi_net_forward(tbi_net *net, const float *obs);
/* Frees what tbi_net_parse allocated (safe on a zeroed net). */
void tbi_net_free(tbi_net *net);

#endif
