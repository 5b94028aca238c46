/*
 * graph.c - breadth-first walks over small graphs held as 64-bit neighbour
 * sets (see graph.h).  Every walk advances a whole frontier at a time, so
 * its cost is a few word operations per node reached, with no queue and
 * no allocation.
 */
#include "graph.h"

#include <string.h>

void tbi_graph_init(tbi_graph *g, int n)
{
    memset(g, 0, sizeof *g);
    g->n = n;
}

/* Links a and b both ways, leaving the graph's translations as they
 * are. */
static void link_both(tbi_graph *g, int a, int b)
{
    g->adj[a] |= tbi_node_bit(b);
    g->adj[b] |= tbi_node_bit(a);
}

/* Forgets g's translations: its walks read each node's neighbours. */
static void plain(tbi_graph *g)
{
    g->axes = 0;
    memset(g->stride, 0, sizeof g->stride);
    memset(g->up, 0, sizeof g->up);
    memset(g->down, 0, sizeof g->down);
}

void tbi_graph_link(tbi_graph *g, int a, int b)
{
    if (a == b)
        return;
    link_both(g, a, b);
    /* A link that is no translation: the shifts would miss it. */
    plain(g);
}

void tbi_graph_build(tbi_graph *g, int n,
                     int (*linked)(int a, int b, const void *ctx),
                     const void *ctx)
{
    tbi_graph_init(g, n);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (linked(a, b, ctx))
                tbi_graph_link(g, a, b);
}

/* Whether g has any link. */
static int has_links(const tbi_graph *g)
{
    for (int v = 0; v < g->n; v++)
        if (g->adj[v])
            return 1;
    return 0;
}

void tbi_graph_translate(tbi_graph *g, int stride, uint64_t up)
{
    /* The translation can be walked by shifts only if every link made
     * before it was a translation too (or there was none). */
    int shifts = g->axes > 0 || !has_links(g);
    uint64_t down = 0;
    for (uint64_t m = up; m; m &= m - 1) {
        int v = __builtin_ctzll(m);
        link_both(g, v, v + stride);
        down |= tbi_node_bit(v + stride);
    }
    if (!shifts)
        return;
    int k = 0;
    while (k < g->axes && g->stride[k] != stride)
        k++;
    if (k == TBI_GRAPH_MAX_AXES) {
        plain(g);
        return;
    }
    if (k == g->axes) {
        g->stride[k] = stride;
        g->axes++;
    }
    g->up[k] |= up;
    g->down[k] |= down;
}

void tbi_graph_lattice(tbi_graph *g, int axes, const int *size)
{
    int n = 1;
    for (int k = 0; k < axes; k++)
        n *= size[k];
    tbi_graph_init(g, n);
    for (int k = 0, stride = 1; k < axes; stride *= size[k], k++) {
        uint64_t up = 0;
        for (int v = 0; v < n; v++)
            if (v / stride % size[k] + 1 < size[k])
                up |= tbi_node_bit(v);
        tbi_graph_translate(g, stride, up);
    }
}

/* tbi_graph_expand, inlined into the walks below, where it is most of
 * the work (the Maze's heuristic spends 85% of its time in them).  A
 * graph of translations is expanded along three or four, written out so
 * that no loop is left: the translations a graph lacks have no up or down
 * nodes and add nothing. */
_Static_assert(TBI_GRAPH_MAX_AXES == 4, "expand() writes out four axes");
#define ALONG(g, k, s)                                                       \
    (((s) & (g)->up[k]) << (g)->stride[k] | ((s) & (g)->down[k]) >> (g)->stride[k])
static inline uint64_t expand(const tbi_graph *g, uint64_t s)
{
    if (g->axes > 3)
        return ALONG(g, 0, s) | ALONG(g, 1, s) | ALONG(g, 2, s) |
               ALONG(g, 3, s);
    if (g->axes)
        return ALONG(g, 0, s) | ALONG(g, 1, s) | ALONG(g, 2, s);
    uint64_t out = 0;
    for (; s; s &= s - 1)
        out |= g->adj[__builtin_ctzll(s)];
    return out;
}

uint64_t tbi_graph_expand(const tbi_graph *g, uint64_t s)
{
    return expand(g, s);
}

uint64_t tbi_graph_reach(const tbi_graph *g, uint64_t from, uint64_t within)
{
    uint64_t seen = from, frontier = from;
    while (frontier) {
        frontier = expand(g, frontier) & within & ~seen;
        seen |= frontier;
    }
    return seen;
}

int tbi_graph_connected(const tbi_graph *g, int a, int b, uint64_t within)
{
    return tbi_node_in(tbi_graph_reach(g, tbi_node_bit(a),
                                       within | tbi_node_bit(b)),
                       b);
}

/* Breadth-first layers from a: layer[d] is the set of nodes first reached
 * after d steps, inner nodes in within, b allowed as an end.  Stops at the
 * layer that reaches b and returns its number, or -1 when b is never
 * reached. */
static int layers_to(const tbi_graph *g, int a, int b, uint64_t within,
                     uint64_t *layer)
{
    uint64_t seen = tbi_node_bit(a), target = tbi_node_bit(b);
    within |= target;
    layer[0] = seen;
    for (int d = 0; layer[d]; d++) {
        if (layer[d] & target)
            return d;
        /* Only nodes of within go on: a walk may not pass a barred one. */
        layer[d + 1] = expand(g, layer[d]) & within & ~seen;
        seen |= layer[d + 1];
    }
    return -1;
}

int tbi_graph_distance(const tbi_graph *g, int a, int b, uint64_t within)
{
    uint64_t layer[TBI_GRAPH_MAX + 1];
    return layers_to(g, a, b, within, layer);
}

int tbi_graph_path(const tbi_graph *g, int a, int b, uint64_t within,
                   int *path)
{
    uint64_t layer[TBI_GRAPH_MAX + 1];
    int d = layers_to(g, a, b, within, layer);
    if (d < 0)
        return -1;
    path[d] = b;
    for (int k = d - 1; k >= 0; k--) {
        /* Some node of layer k is linked to the node after it: take the
         * lowest. */
        uint64_t back = layer[k] & g->adj[path[k + 1]];
        path[k] = __builtin_ctzll(back);
    }
    return d + 1;
}

int tbi_graph_components(const tbi_graph *g, uint64_t within,
                         uint64_t *groups, int cap)
{
    int n = 0;
    while (within) {
        uint64_t group = tbi_graph_reach(g, within & -within, within);
        if (n < cap)
            groups[n] = group;
        n++;
        within &= ~group;
    }
    return n;
}

/* Cost layers from a: reach[k] is every node a path from a reaches using
 * at most k paid nodes (inner nodes from free or paid, the end b too).
 * Fills reach[0..] up to the layer holding `stop` (or every layer when
 * stop is -1, up to `limit`) and returns the last layer's number, or -1
 * when stop is never reached. */
static int cost_layers(const tbi_graph *g, int a, int stop, uint64_t free_,
                       uint64_t paid, int limit, uint64_t *reach)
{
    uint64_t target = stop >= 0 ? tbi_node_bit(stop) : 0;
    reach[0] = tbi_graph_reach(g, tbi_node_bit(a), free_);
    for (int k = 0;; k++) {
        if (reach[k] & target)
            return k;
        if (k == limit)
            return stop >= 0 ? -1 : k;
        /* One more paid node, then anything free from there. */
        uint64_t step = expand(g, reach[k]) & paid & ~reach[k];
        if (!step)
            return stop >= 0 ? -1 : k;
        reach[k + 1] = tbi_graph_reach(g, reach[k] | step, free_);
    }
}

int tbi_graph_cheapest(const tbi_graph *g, int a, int b, uint64_t free_,
                       uint64_t paid, uint64_t *wanted)
{
    uint64_t ends = tbi_node_bit(a) | tbi_node_bit(b);
    free_ |= ends;
    paid &= ~free_;
    uint64_t from_a[TBI_GRAPH_MAX + 1], from_b[TBI_GRAPH_MAX + 1];
    int best = cost_layers(g, a, b, free_, paid, TBI_GRAPH_MAX, from_a);
    if (wanted)
        *wanted = 0;
    if (best <= 0 || !wanted)
        return best;
    /* A paid node v costs da from a (itself counted) and db to b (itself
     * counted): it lies on a cheapest path when da + db - 1 == best.  The
     * layers from b are needed up to best. */
    int top = cost_layers(g, b, -1, free_, paid, best, from_b);
    for (int k = 1; k <= best; k++) {
        int j = best - k + 1;
        if (j > top)
            continue;
        uint64_t first_a = from_a[k] & ~from_a[k - 1];
        uint64_t first_b = from_b[j] & ~from_b[j - 1];
        *wanted |= first_a & first_b & paid;
    }
    return best;
}

/* Walk sets from a for paths of at most max links: w[d][c] is every node
 * some walk from a reaches in at most d links using at most c paid nodes
 * (the node reached counted), inner nodes from free or paid, the end b as
 * free.  Fills w[0..max][0..max] (a path of max links has at most max - 1
 * paid inner nodes, and a walk no fewer than a path). */
static void bounded_walks(const tbi_graph *g, int a, uint64_t free_,
                          uint64_t paid, int max,
                          uint64_t w[][TBI_GRAPH_MAX_STEPS + 1])
{
    /* The walk's stores into w could alias g's words as far as the
     * compiler knows, so a lattice's shifts are read once into a copy. */
    tbi_graph lattice;
    if (g->axes) {
        lattice.axes = g->axes;
        memcpy(lattice.stride, g->stride, sizeof lattice.stride);
        memcpy(lattice.up, g->up, sizeof lattice.up);
        memcpy(lattice.down, g->down, sizeof lattice.down);
        g = &lattice;
    }
    for (int c = 0; c <= max; c++)
        w[0][c] = tbi_node_bit(a);
    for (int d = 0; d < max; d++) {
        /* A walk of d links pays for at most d nodes, so w[d][c] is
         * w[d][d] for every c above d: only costs up to d + 1 are new. */
        uint64_t below = 0, e = 0; /* the expansions of w[d][c - 1], w[d][c] */
        int top = d + 1 < max ? d + 1 : max;
        for (int c = 0; c <= top; c++) {
            if (c <= d)
                e = expand(g, w[d][c]);
            w[d + 1][c] = w[d][c] | (e & free_) | (below & paid);
            below = e;
        }
        for (int c = top + 1; c <= max; c++)
            w[d + 1][c] = w[d + 1][top];
    }
}

int tbi_graph_cheapest_within(const tbi_graph *g, int a, int b,
                              uint64_t free_, uint64_t paid, int max_steps,
                              uint64_t *wanted)
{
    int max = max_steps < 1 ? 1
              : max_steps > TBI_GRAPH_MAX_STEPS ? TBI_GRAPH_MAX_STEPS
                                                : max_steps;
    uint64_t ends = tbi_node_bit(a) | tbi_node_bit(b);
    free_ |= ends;
    paid &= ~free_;
    uint64_t from_a[TBI_GRAPH_MAX_STEPS + 1][TBI_GRAPH_MAX_STEPS + 1];
    if (wanted)
        *wanted = 0;
    bounded_walks(g, a, free_, paid, max, from_a);
    int best = -1;
    for (int c = 0; c <= max && best < 0; c++)
        if (tbi_node_in(from_a[max][c], b))
            best = c;
    if (best <= 0 || !wanted)
        return best;
    /* A paid node v lies on a cheapest path within the bound when a walk
     * from a reaches it in d links at cost c (v counted) and a walk from b
     * in max - d links at cost best + 1 - c: together one walk of at most
     * max links and cost best, which could only shed a loop through v by
     * costing less than best, so v is on a path. */
    uint64_t from_b[TBI_GRAPH_MAX_STEPS + 1][TBI_GRAPH_MAX_STEPS + 1];
    bounded_walks(g, b, free_, paid, max, from_b);
    for (int d = 0; d <= max; d++)
        for (int c = 1; c <= best; c++)
            *wanted |= from_a[d][c] & from_b[max - d][best + 1 - c] & paid;
    return best;
}
