/*
 * test_graph.c - the shared graph helper (src/core/graph.h): neighbours,
 * reach, connectivity, shortest distances and paths, connected groups and
 * the cheapest path with free and paid nodes, on small hand-made graphs
 * whose answers can be seen by eye, and against a plain breadth-first
 * search on random graphs.
 */
#include "support.h"

#include "graph.h"

#include <string.h>

/* A path 0 - 1 - 2 - ... - (n-1). */
static void line_graph(tbi_graph *g, int n)
{
    tbi_graph_init(g, n);
    for (int v = 0; v + 1 < n; v++)
        tbi_graph_link(g, v, v + 1);
}

/* A w x h grid of cells y * w + x, orthogonal links. */
static int grid_rel(int a, int b, const void *ctx)
{
    int w = *(const int *)ctx;
    int dx = a % w - b % w, dy = a / w - b / w;
    return (dx == 0 && (dy == 1 || dy == -1)) ||
           (dy == 0 && (dx == 1 || dx == -1));
}

static uint64_t set_of(const int *v, int n)
{
    uint64_t s = 0;
    for (int i = 0; i < n; i++)
        s |= tbi_node_bit(v[i]);
    return s;
}

static void links_are_both_ways_and_not_to_itself(void **state)
{
    (void)state;
    tbi_graph g;
    tbi_graph_init(&g, 5);
    tbi_graph_link(&g, 1, 3);
    tbi_graph_link(&g, 2, 2);
    assert_true(tbi_node_in(tbi_graph_neighbours(&g, 1), 3));
    assert_true(tbi_node_in(tbi_graph_neighbours(&g, 3), 1));
    assert_int_equal(tbi_graph_neighbours(&g, 2), 0);
    assert_int_equal(tbi_graph_all(&g), 0x1f);
    tbi_graph_init(&g, 64);
    assert_true(tbi_graph_all(&g) == ~0ull);
    /* expand: every neighbour of a set. */
    line_graph(&g, 6);
    assert_int_equal(tbi_graph_expand(&g, tbi_node_bit(0) | tbi_node_bit(3)),
                     tbi_node_bit(1) | tbi_node_bit(2) | tbi_node_bit(4));
}

/* A walk only passes through allowed nodes; its ends need not be. */
static void reach_and_connected_keep_to_the_allowed_nodes(void **state)
{
    (void)state;
    tbi_graph g;
    line_graph(&g, 6);
    uint64_t all = tbi_graph_all(&g);
    assert_int_equal(tbi_graph_reach(&g, tbi_node_bit(0), all), all);
    /* Node 3 barred: from 0 only 1 and 2 are reached. */
    uint64_t no3 = all & ~tbi_node_bit(3);
    assert_int_equal(tbi_graph_reach(&g, tbi_node_bit(0), no3), 0x7);
    assert_false(tbi_graph_connected(&g, 0, 5, no3));
    /* The inner nodes 1-4 allowed, the ends not: still connected. */
    assert_true(tbi_graph_connected(&g, 0, 5, 0x1e));
    assert_false(tbi_graph_connected(&g, 0, 5, 0x1a));
    assert_true(tbi_graph_connected(&g, 2, 2, 0));
    assert_true(tbi_graph_connected(&g, 2, 3, 0)); /* linked directly */
}

/* On a 4 x 3 grid the distance is the Manhattan distance, and a barrier
 * makes a walk go round it. */
static void distances_and_paths_on_a_grid(void **state)
{
    (void)state;
    int w = 4;
    tbi_graph g;
    tbi_graph_build(&g, 12, grid_rel, &w);
    uint64_t all = tbi_graph_all(&g);
    for (int a = 0; a < 12; a++)
        for (int b = 0; b < 12; b++) {
            int dx = a % w - b % w, dy = a / w - b / w;
            int want = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
            assert_int_equal(tbi_graph_distance(&g, a, b, all), want);
        }
    /*  0  1  2  3
     *  4  5  6  7
     *  8  9 10 11    barred: 1, 5 (a wall down from the top) */
    uint64_t open = all & ~(tbi_node_bit(1) | tbi_node_bit(5));
    assert_int_equal(tbi_graph_distance(&g, 0, 2, open), 6);
    int path[TBI_GRAPH_MAX];
    int n = tbi_graph_path(&g, 0, 2, open, path);
    int want[] = {0, 4, 8, 9, 10, 6, 2};
    assert_int_equal(n, 7);
    assert_memory_equal(path, want, sizeof want);
    /* Walled off entirely. */
    uint64_t wall = all & ~set_of((int[]){1, 5, 9}, 3);
    assert_int_equal(tbi_graph_distance(&g, 0, 3, wall), -1);
    assert_int_equal(tbi_graph_path(&g, 0, 3, wall, path), -1);
    /* A path of one node. */
    assert_int_equal(tbi_graph_path(&g, 6, 6, 0, path), 1);
    assert_int_equal(path[0], 6);
}

static void components_split_a_set(void **state)
{
    (void)state;
    tbi_graph g;
    line_graph(&g, 10);
    uint64_t groups[4];
    /* {0,1,2} {4,5} {7} {9}: four groups, ordered by lowest node. */
    uint64_t s = set_of((int[]){0, 1, 2, 4, 5, 7, 9}, 7);
    assert_int_equal(tbi_graph_components(&g, s, groups, 4), 4);
    assert_int_equal(groups[0], 0x7);
    assert_int_equal(groups[1], 0x30);
    assert_int_equal(groups[2], 0x80);
    assert_int_equal(groups[3], 0x200);
    /* Only cap groups are written; the count is still whole. */
    assert_int_equal(tbi_graph_components(&g, s, groups, 1), 4);
    assert_int_equal(tbi_graph_components(&g, 0, groups, 4), 0);
}

/* On a line 0..6 with 0 and 6 the ends: the cost is the paid inner nodes,
 * and the wanted ones are exactly those. */
static void cheapest_counts_the_paid_nodes(void **state)
{
    (void)state;
    tbi_graph g;
    line_graph(&g, 7);
    uint64_t wanted;
    uint64_t free_ = set_of((int[]){1, 3, 5}, 3);
    uint64_t paid = set_of((int[]){2, 4}, 2);
    assert_int_equal(tbi_graph_cheapest(&g, 0, 6, free_, paid, &wanted), 2);
    assert_int_equal(wanted, paid);
    /* Everything free: cost 0, nothing wanted. */
    assert_int_equal(tbi_graph_cheapest(&g, 0, 6, 0x3e, 0, &wanted), 0);
    assert_int_equal(wanted, 0);
    /* Node 4 barred: no path. */
    assert_int_equal(tbi_graph_cheapest(&g, 0, 6, free_, tbi_node_bit(2),
                                        &wanted), -1);
    assert_int_equal(wanted, 0);
    /* A node in both sets is free. */
    assert_int_equal(tbi_graph_cheapest(&g, 0, 6, 0x3e, 0x3e, NULL), 0);
}

/* Two routes round a ring 0-1-2-3-4-5-0 from 0 to 3: via 1, 2 (one paid)
 * or via 5, 4 (two paid).  The cheaper is taken and only its paid node is
 * wanted; once both cost one, both paid nodes are wanted. */
static void cheapest_picks_the_route_with_fewer_paid_nodes(void **state)
{
    (void)state;
    tbi_graph g;
    line_graph(&g, 6);
    tbi_graph_link(&g, 5, 0);
    uint64_t wanted;
    int c = tbi_graph_cheapest(&g, 0, 3, tbi_node_bit(1),
                               set_of((int[]){2, 4, 5}, 3), &wanted);
    assert_int_equal(c, 1);
    assert_int_equal(wanted, tbi_node_bit(2));
    c = tbi_graph_cheapest(&g, 0, 3, tbi_node_bit(1) | tbi_node_bit(5),
                           set_of((int[]){2, 4}, 2), &wanted);
    assert_int_equal(c, 1);
    assert_int_equal(wanted, tbi_node_bit(2) | tbi_node_bit(4));
    /* A longer free detour beats a short paid one: 0-1-2-3 with 1 paid, or
     * round the other way through free nodes only. */
    c = tbi_graph_cheapest(&g, 0, 3, set_of((int[]){2, 4, 5}, 3),
                           tbi_node_bit(1), &wanted);
    assert_int_equal(c, 0);
    assert_int_equal(wanted, 0);
}

/* Reference: the cheapest cost by a plain Bellman-Ford over (node, links
 * used), for paths of at most max links (a simple path has fewer than n). */
static int slow_cheapest_within(const tbi_graph *g, int a, int b,
                                uint64_t free_, uint64_t paid, int max)
{
    enum { INF = 1000 };
    static int cost[TBI_GRAPH_MAX + 1][TBI_GRAPH_MAX];
    for (int d = 0; d <= max; d++)
        for (int v = 0; v < g->n; v++)
            cost[d][v] = INF;
    cost[0][a] = 0;
    for (int d = 0; d < max; d++)
        for (int u = 0; u < g->n; u++) {
            if (cost[d][u] == INF)
                continue;
            for (int v = 0; v < g->n; v++) {
                if (!tbi_node_in(g->adj[u], v))
                    continue;
                int step;
                if (v == b || v == a || tbi_node_in(free_, v))
                    step = 0;
                else if (tbi_node_in(paid, v))
                    step = 1;
                else
                    continue;
                if (cost[d][u] + step < cost[d + 1][v])
                    cost[d + 1][v] = cost[d][u] + step;
            }
        }
    int best = INF;
    for (int d = 0; d <= max; d++)
        if (cost[d][b] < best)
            best = cost[d][b];
    return best == INF ? -1 : best;
}

static int slow_cheapest(const tbi_graph *g, int a, int b, uint64_t free_,
                         uint64_t paid)
{
    return slow_cheapest_within(g, a, b, free_, paid, g->n);
}

/* Random graphs of 40 nodes: distance agrees with the cheapest path when
 * every node is paid (cost = distance - 1), the cheapest cost agrees with
 * the reference, and making one wanted node free lowers it by one. */
static void random_graphs_agree_with_a_plain_search(void **state)
{
    (void)state;
    tb_rng rng;
    tb_rng_seed(&rng, 12);
    for (int trial = 0; trial < 300; trial++) {
        tbi_graph g;
        tbi_graph_init(&g, 40);
        for (int k = 0; k < 70; k++)
            tbi_graph_link(&g, (int)tb_rng_below(&rng, 40),
                           (int)tb_rng_below(&rng, 40));
        uint64_t all = tbi_graph_all(&g), free_ = 0, paid = 0;
        for (int v = 0; v < 40; v++) {
            uint32_t r = tb_rng_below(&rng, 3);
            if (r == 0)
                free_ |= tbi_node_bit(v);
            else if (r == 1)
                paid |= tbi_node_bit(v);
        }
        int a = (int)tb_rng_below(&rng, 40), b = (int)tb_rng_below(&rng, 40);
        int d = tbi_graph_distance(&g, a, b, all);
        int c_all = tbi_graph_cheapest(&g, a, b, 0, all, NULL);
        if (a == b)
            assert_int_equal(d, 0);
        else
            assert_int_equal(c_all, d < 0 ? -1 : d == 0 ? 0 : d - 1);
        uint64_t wanted;
        int c = tbi_graph_cheapest(&g, a, b, free_, paid, &wanted);
        assert_int_equal(c, slow_cheapest(&g, a, b, free_, paid));
        assert_int_equal(wanted & ~paid, 0);
        for (uint64_t w = wanted; w; w &= w - 1) {
            int v = __builtin_ctzll(w);
            assert_int_equal(tbi_graph_cheapest(&g, a, b,
                                                free_ | tbi_node_bit(v),
                                                paid, NULL), c - 1);
        }
        /* And no paid node outside wanted would lower it. */
        for (uint64_t w = paid & ~wanted & ~tbi_node_bit(a) & ~tbi_node_bit(b);
             w; w &= w - 1) {
            int v = __builtin_ctzll(w);
            if (c > 0)
                assert_int_equal(tbi_graph_cheapest(&g, a, b,
                                                    free_ | tbi_node_bit(v),
                                                    paid, NULL), c);
        }
        /* A shortest path is a real path of that length inside all. */
        int path[TBI_GRAPH_MAX];
        int n = tbi_graph_path(&g, a, b, all, path);
        assert_int_equal(n, d < 0 ? -1 : d + 1);
        for (int i = 1; i < n; i++)
            assert_true(tbi_node_in(g.adj[path[i - 1]], path[i]));
    }
}

/* A bound on the links: on a ring of 8 from 0 to 4 both ways take 4
 * links; with a shortcut 0-6 the way through 6, 5 is 3 links.  Free nodes
 * 1, 2, 3 (the long way) and paid 5, 6: unbounded the cheapest costs 0
 * (4 links); within 3 links it must pay for 6 and 5. */
static void cheapest_within_a_bound(void **state)
{
    (void)state;
    tbi_graph g;
    line_graph(&g, 8);
    tbi_graph_link(&g, 7, 0);
    tbi_graph_link(&g, 0, 6);
    uint64_t free_ = set_of((int[]){1, 2, 3}, 3);
    uint64_t paid = set_of((int[]){5, 6, 7}, 3), wanted;
    assert_int_equal(tbi_graph_cheapest(&g, 0, 4, free_, paid, NULL), 0);
    assert_int_equal(tbi_graph_cheapest_within(&g, 0, 4, free_, paid, 4,
                                               &wanted), 0);
    assert_int_equal(wanted, 0);
    assert_int_equal(tbi_graph_cheapest_within(&g, 0, 4, free_, paid, 3,
                                               &wanted), 2);
    assert_int_equal(wanted, tbi_node_bit(5) | tbi_node_bit(6));
    assert_int_equal(tbi_graph_cheapest_within(&g, 0, 4, free_, paid, 2,
                                               &wanted), -1);
    assert_int_equal(wanted, 0);
}

/* Random graphs: the bounded cost agrees with the reference, falls to the
 * unbounded one as the bound grows, and each wanted node lowers it by one
 * (no other paid node does). */
static void bounded_random_graphs_agree_with_a_plain_search(void **state)
{
    (void)state;
    tb_rng rng;
    tb_rng_seed(&rng, 21);
    for (int trial = 0; trial < 300; trial++) {
        tbi_graph g;
        tbi_graph_init(&g, 30);
        for (int k = 0; k < 45; k++)
            tbi_graph_link(&g, (int)tb_rng_below(&rng, 30),
                           (int)tb_rng_below(&rng, 30));
        uint64_t free_ = 0, paid = 0;
        for (int v = 0; v < 30; v++) {
            uint32_t r = tb_rng_below(&rng, 3);
            if (r == 0)
                free_ |= tbi_node_bit(v);
            else if (r == 1)
                paid |= tbi_node_bit(v);
        }
        int a = (int)tb_rng_below(&rng, 30), b = (int)tb_rng_below(&rng, 30);
        int max = 1 + (int)tb_rng_below(&rng, 10);
        uint64_t wanted;
        int c = tbi_graph_cheapest_within(&g, a, b, free_, paid, max, &wanted);
        assert_int_equal(c, slow_cheapest_within(&g, a, b, free_, paid, max));
        for (uint64_t w = paid & ~free_ & ~tbi_node_bit(a) & ~tbi_node_bit(b);
             w; w &= w - 1) {
            int v = __builtin_ctzll(w);
            int lower = tbi_graph_cheapest_within(&g, a, b,
                                                  free_ | tbi_node_bit(v),
                                                  paid, max, NULL);
            if (c > 0)
                assert_int_equal(lower, tbi_node_in(wanted, v) ? c - 1 : c);
        }
        /* Never cheaper than without a bound; the same with room enough
         * for the cheapest path found by the unbounded search when it is
         * short. */
        int u = tbi_graph_cheapest(&g, a, b, free_, paid, NULL);
        if (c >= 0)
            assert_true(c >= u);
        int wide = tbi_graph_cheapest_within(&g, a, b, free_, paid,
                                             TBI_GRAPH_MAX_STEPS, NULL);
        assert_int_equal(wide, slow_cheapest_within(&g, a, b, free_, paid,
                                                    TBI_GRAPH_MAX_STEPS));
    }
}

/* A lattice expands sets by shifts exactly as by its links: a 4 x 3 x 2
 * box against the same graph built from the grid relation. */
static int box_rel(int a, int b, const void *ctx)
{
    (void)ctx;
    int d = 0;
    int size[3] = {4, 3, 2}, sa = a, sb = b;
    for (int k = 0; k < 3; k++) {
        int x = sa % size[k] - sb % size[k];
        d += x < 0 ? -x : x;
        sa /= size[k];
        sb /= size[k];
    }
    return d == 1;
}

static void lattices_expand_by_shifts(void **state)
{
    (void)state;
    tbi_graph lat, plain;
    tbi_graph_lattice(&lat, 3, (const int[]){4, 3, 2});
    tbi_graph_build(&plain, 24, box_rel, NULL);
    assert_int_equal(lat.n, 24);
    assert_memory_equal(lat.adj, plain.adj, sizeof lat.adj);
    tb_rng rng;
    tb_rng_seed(&rng, 5);
    for (int i = 0; i < 1000; i++) {
        uint64_t s = tb_rng_next(&rng) & tbi_graph_all(&lat);
        assert_true(tbi_graph_expand(&lat, s) == tbi_graph_expand(&plain, s));
    }
    /* A corner (0) has one neighbour per axis. */
    assert_int_equal(tbi_graph_neighbours(&lat, 0),
                     tbi_node_bit(1) | tbi_node_bit(4) | tbi_node_bit(12));
}

/* A graph of translations need not be a lattice: a path whose nodes are
 * numbered out of order (0 - 2 - 1 - 3: links of strides 2, 1 and 2) is
 * walked by shifts, one translation for each stride, and expands every
 * set as the same links made one by one do.  A link that is no
 * translation turns the shifts off (the walks then read each node's
 * neighbours); so does a graph that already has such a link. */
static void translations_expand_by_shifts(void **state)
{
    (void)state;
    tbi_graph t, plain;
    tbi_graph_init(&t, 4);
    tbi_graph_translate(&t, 2, tbi_node_bit(0) | tbi_node_bit(1));
    tbi_graph_translate(&t, 1, tbi_node_bit(1));
    assert_int_equal(t.axes, 2);
    assert_int_equal(t.stride[0], 2);
    tbi_graph_init(&plain, 4);
    tbi_graph_link(&plain, 0, 2);
    tbi_graph_link(&plain, 2, 1);
    tbi_graph_link(&plain, 1, 3);
    assert_int_equal(plain.axes, 0);
    assert_memory_equal(t.adj, plain.adj, sizeof t.adj);
    for (uint64_t s = 0; s < 16; s++)
        assert_true(tbi_graph_expand(&t, s) == tbi_graph_expand(&plain, s));
    assert_int_equal(tbi_graph_distance(&t, 0, 3, tbi_graph_all(&t)), 3);
    tbi_graph_link(&t, 0, 3);
    assert_int_equal(t.axes, 0);
    assert_true(tbi_graph_expand(&t, tbi_node_bit(0)) ==
                (tbi_node_bit(2) | tbi_node_bit(3)));
    tbi_graph_translate(&plain, 3, tbi_node_bit(0));
    assert_int_equal(plain.axes, 0);
    assert_true(tbi_graph_expand(&plain, tbi_node_bit(0)) ==
                (tbi_node_bit(2) | tbi_node_bit(3)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(links_are_both_ways_and_not_to_itself),
        cmocka_unit_test(reach_and_connected_keep_to_the_allowed_nodes),
        cmocka_unit_test(distances_and_paths_on_a_grid),
        cmocka_unit_test(components_split_a_set),
        cmocka_unit_test(cheapest_counts_the_paid_nodes),
        cmocka_unit_test(cheapest_picks_the_route_with_fewer_paid_nodes),
        cmocka_unit_test(random_graphs_agree_with_a_plain_search),
        cmocka_unit_test(cheapest_within_a_bound),
        cmocka_unit_test(lattices_expand_by_shifts),
        cmocka_unit_test(translations_expand_by_shifts),
        cmocka_unit_test(bounded_random_graphs_agree_with_a_plain_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
