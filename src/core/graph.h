/*
 * graph.h - small graphs and the walks card games make on them, beside
 * grid.h (which lays cards out in space): here the nodes are cards (or any
 * small set of things) and an edge says that two of them "connect" by a
 * game's rule.  Mystique Maze chains cards that are one step apart in one
 * attribute (tbi_mq_connection_graph in mystique_deck.h builds that graph
 * for the 60 cards of one deck, the suits in a given order); any game
 * that walks cards as a graph -- a chain of matching cards, a path
 * through a tableau -- can use it.
 *
 * A graph has at most TBI_GRAPH_MAX = 64 nodes, numbered 0..n-1 (a
 * Mystique card id of one deck fits), and is held as one 64-bit set of
 * neighbours per node.  A set of nodes is a uint64_t with bit v for node v,
 * so "which nodes may a walk use" (a hand, the cards still to be found) is
 * one word, and a breadth-first step over a whole frontier is a few ORs.
 * The struct is flat (about 600 bytes): a game may build it once, keep it
 * in a static, or hold it in its state.  Nothing here allocates; every walk is
 * bounded by n steps of at most n nodes each.
 *
 * The walks:
 *   - tbi_graph_reach      every node a set of nodes reaches through a set
 *                          of allowed nodes (flood fill);
 *   - tbi_graph_connected  whether two nodes are joined through allowed
 *                          nodes (Mystique Maze's win: a hand that chains
 *                          the two corner cards);
 *   - tbi_graph_distance   the fewest steps between two nodes, and
 *     tbi_graph_path       one such shortest path;
 *   - tbi_graph_components the connected groups of a set of nodes;
 *   - tbi_graph_cheapest   the fewest "paid" nodes a path between two nodes
 *                          must use when others are free (cards already in
 *                          hand cost nothing, cards still to be drawn cost
 *                          one each), and which paid nodes lie on such a
 *                          path (the cards worth drawing); and
 *     tbi_graph_cheapest_within  the same for paths of at most so many
 *                          links (a chain that must fit in a hand).
 */
#ifndef TABULA_GRAPH_H
#define TABULA_GRAPH_H

#include <stdint.h>

#define TBI_GRAPH_MAX 64
#define TBI_GRAPH_MAX_AXES 4

typedef struct tbi_graph {
    int n;                        /* nodes 0..n-1 */
    uint64_t adj[TBI_GRAPH_MAX];  /* adj[v]: bit w set when v and w are linked */
    /* Optional (axes > 0): every link of the graph is a translation of
     * the node numbers, so that a whole set is expanded by shifts, a few
     * word operations however many nodes it holds.  Along translation k
     * the nodes of up[k] are linked to v + stride[k], those of down[k] to
     * v - stride[k].  A box lattice is one (an axis a translation: the
     * Mystique cards under Maze's steps, number, colour and suit); so is a
     * box whose positions along an axis are numbered out of order, with
     * one translation for each distance between neighbours (the Maze's
     * suits in another order).  Made by tbi_graph_lattice or
     * tbi_graph_translate; 0 for any other graph. */
    int axes;
    int stride[TBI_GRAPH_MAX_AXES];
    uint64_t up[TBI_GRAPH_MAX_AXES], down[TBI_GRAPH_MAX_AXES];
} tbi_graph;

/* The set holding node v alone. */
static inline uint64_t tbi_node_bit(int v)
{
    return 1ull << v;
}

/* Whether set s holds node v. */
static inline int tbi_node_in(uint64_t s, int v)
{
    return (int)((s >> v) & 1u);
}

/* The set of all n nodes of g. */
static inline uint64_t tbi_graph_all(const tbi_graph *g)
{
    return g->n >= 64 ? ~0ull : (1ull << g->n) - 1;
}

/* An empty graph of n nodes (0 <= n <= TBI_GRAPH_MAX). */
void tbi_graph_init(tbi_graph *g, int n);
/* Links a and b both ways (a link of a node to itself is ignored). */
void tbi_graph_link(tbi_graph *g, int a, int b);
/* A graph of n nodes in which a and b are linked when linked(a, b, ctx)
 * says so (asked once for each pair a < b; the relation is taken to be
 * symmetric). */
void tbi_graph_build(tbi_graph *g, int n,
                     int (*linked)(int a, int b, const void *ctx),
                     const void *ctx);

/* The box lattice of axes (1 to TBI_GRAPH_MAX_AXES) axes of size[k]
 * positions each (their product at most TBI_GRAPH_MAX): node v has
 * coordinate v / stride[k] % size[k] along axis k, the first axis
 * varying fastest (stride 1), and is linked to the nodes one step away
 * along one axis.  Its walks expand sets by shifts. */
void tbi_graph_lattice(tbi_graph *g, int axes, const int *size);

/* Links each node v of the set `up` to v + stride (stride > 0, every
 * v + stride a node), both ways, as one translation: when every link of g
 * was made so (by this or tbi_graph_lattice, up to TBI_GRAPH_MAX_AXES
 * strides; the links of one stride are merged), its walks expand sets by
 * shifts; otherwise (a tbi_graph_link, or too many strides) by reading
 * the neighbours of each node, with the same result. */
void tbi_graph_translate(tbi_graph *g, int stride, uint64_t up);

/* The neighbours of node v. */
static inline uint64_t tbi_graph_neighbours(const tbi_graph *g, int v)
{
    return g->adj[v];
}
/* Every node linked to some node of set s (s itself included only where a
 * member is linked to another member). */
uint64_t tbi_graph_expand(const tbi_graph *g, uint64_t s);

/* The nodes reached from the set `from` by steps into nodes of `within`:
 * from itself, and every node of within joined to it by a path whose
 * nodes after the first all lie in within. */
uint64_t tbi_graph_reach(const tbi_graph *g, uint64_t from, uint64_t within);

/* Whether a path joins a to b whose inner nodes all lie in `within` (a and
 * b themselves need not): true when a == b, or a and b are linked. */
int tbi_graph_connected(const tbi_graph *g, int a, int b, uint64_t within);

/* The fewest steps (links) of a path from a to b whose inner nodes lie in
 * `within`, or -1 when there is none; 0 when a == b. */
int tbi_graph_distance(const tbi_graph *g, int a, int b, uint64_t within);

/* Writes one shortest such path, a first and b last, to path (room for
 * TBI_GRAPH_MAX nodes) and returns its number of nodes (distance + 1), or
 * -1 when there is none.  Among shortest paths it takes, at each step from
 * b back to a, the lowest-numbered node, so the choice is fixed. */
int tbi_graph_path(const tbi_graph *g, int a, int b, uint64_t within,
                   int *path);

/* Splits `within` into its connected groups (two nodes of within are in
 * one group when a path inside within joins them): writes each group's
 * set to groups[] (capacity cap, in the order of each group's lowest node)
 * and returns how many groups there are (only the first cap are written). */
int tbi_graph_components(const tbi_graph *g, uint64_t within,
                         uint64_t *groups, int cap);

/*
 * The cheapest path from a to b when every inner node must come from
 * `free_` (costing nothing) or `paid` (costing one each); other nodes are
 * barred.  a and b are the path's ends and cost nothing; a node in both
 * sets counts as free.  Returns the fewest paid nodes such a path uses, or
 * -1 when no path exists.  (A game reads the cost as "cards still missing
 * from the chain".)  When wanted is not NULL it receives the paid nodes
 * that lie on some cheapest path: each one, once free, lowers the cost by
 * one (the cards worth drawing).
 */
int tbi_graph_cheapest(const tbi_graph *g, int a, int b, uint64_t free_,
                       uint64_t paid, uint64_t *wanted);

/* Most steps tbi_graph_cheapest_within takes a bound of. */
#define TBI_GRAPH_MAX_STEPS 16

/* The same, for paths of at most max_steps links (1 to
 * TBI_GRAPH_MAX_STEPS; a larger bound is taken as TBI_GRAPH_MAX_STEPS):
 * when what a path may hold is limited (a chain must fit in a hand of 8
 * cards: at most 9 links between two corner cards outside the hand), the
 * cheapest path may be longer than the shortest, and the cheapest
 * unbounded path may be too long to hold.  wanted receives the paid nodes
 * of the cheapest paths within the bound.  About max_steps^2 set
 * expansions, where tbi_graph_cheapest takes about (cost + 1) x nodes
 * reached. */
int tbi_graph_cheapest_within(const tbi_graph *g, int a, int b,
                              uint64_t free_, uint64_t paid, int max_steps,
                              uint64_t *wanted);

#endif
