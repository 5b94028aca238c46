/*
 * test_grid.c - the shared grid model: square-grid segments, hexagonal
 * neighbours and distances in odd-r offset coordinates, and connected
 * groups on both kinds of grid.
 */
#include "support.h"

#include "grid.h"

#include <string.h>

/* Every segment of 3-5 cells on a 7x7 board: rows and columns give
 * 7 * (5 + 4 + 3) each, each diagonal direction 25 + 16 + 9. */
static void seven_by_seven_has_268_segments(void **state)
{
    (void)state;
    tbi_segment seg[400];
    int n = tbi_sq_segments(7, 7, 3, 5, -1, seg, 400);
    assert_int_equal(n, 2 * 7 * 12 + 2 * 50);
    /* The first is the row a..c of the top line, in order. */
    assert_int_equal(seg[0].len, 3);
    assert_int_equal(seg[0].cells[0], 0);
    assert_int_equal(seg[0].cells[2], 2);
    /* Every segment is a straight run of neighbouring cells. */
    for (int i = 0; i < n; i++)
        for (int k = 1; k < seg[i].len; k++) {
            int dx = seg[i].cells[k] % 7 - seg[i].cells[k - 1] % 7;
            int dy = seg[i].cells[k] / 7 - seg[i].cells[k - 1] / 7;
            assert_true(dx >= -1 && dx <= 1 && dy >= 0 && dy <= 1);
        }
}

/* The segments through one cell are exactly those of the whole list that
 * hold it. */
static void segments_through_a_cell(void **state)
{
    (void)state;
    tbi_segment all[400], some[100];
    int n = tbi_sq_segments(7, 7, 3, 5, -1, all, 400);
    for (int cell = 0; cell < 49; cell++) {
        int want = 0;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < all[i].len; k++)
                want += all[i].cells[k] == cell;
        int got = tbi_sq_segments(7, 7, 3, 5, cell, some, 100);
        assert_int_equal(got, want);
        for (int i = 0; i < got; i++) {
            int holds = 0;
            for (int k = 0; k < some[i].len; k++)
                holds |= some[i].cells[k] == cell;
            assert_true(holds);
        }
    }
    /* The centre of a 7x7 board: on each of the 4 lines, 3 segments of 3
     * cells, 4 of 4, and only 3 of 5 (one would run off the board). */
    assert_int_equal(tbi_sq_segments(7, 7, 3, 5, 24, some, 100), 40);
}

/* Odd-r offset: an odd row sits half a cell right, so (x, y) of an odd row
 * touches x and x+1 of the rows around it, and of an even row x-1 and x;
 * negative rows follow the same parity. */
static void hex_neighbours_in_offset_rows(void **state)
{
    (void)state;
    int nx, ny;
    tbi_hex_step(0, 0, 1, &nx, &ny); /* south-east of an even row */
    assert_int_equal(nx, 0);
    assert_int_equal(ny, 1);
    tbi_hex_step(0, 1, 1, &nx, &ny); /* south-east of an odd row */
    assert_int_equal(nx, 1);
    assert_int_equal(ny, 2);
    tbi_hex_step(0, -1, 5, &nx, &ny); /* north-east of row -1 (odd) */
    assert_int_equal(nx, 1);
    assert_int_equal(ny, -2);
    /* Each direction's neighbour has the original as its opposite one, and
     * every neighbour is one step away. */
    for (int y = -3; y <= 3; y++)
        for (int x = -3; x <= 3; x++)
            for (int d = 0; d < TBI_HEX_DIRS; d++) {
                int bx, by;
                tbi_hex_step(x, y, d, &nx, &ny);
                tbi_hex_step(nx, ny, (d + 3) % 6, &bx, &by);
                assert_int_equal(bx, x);
                assert_int_equal(by, y);
                assert_int_equal(tbi_hex_distance(x, y, nx, ny), 1);
            }
    assert_int_equal(tbi_hex_distance(0, 0, -29, 1), 29);
    assert_int_equal(tbi_hex_distance(0, 0, 0, 4), 4);
}

/* On a bounded grid the neighbours stop at the edges. */
static void neighbours_stop_at_the_edge(void **state)
{
    (void)state;
    int nb[TBI_GRID_MAX_NEIGHBOURS];
    tbi_grid sq4 = {7, 7, TBI_GRID_SQUARE4}, sq8 = {7, 7, TBI_GRID_SQUARE8};
    tbi_grid hex = {5, 5, TBI_GRID_HEX};
    assert_int_equal(tbi_grid_neighbours(&sq4, 0, nb), 2);
    assert_int_equal(tbi_grid_neighbours(&sq8, 0, nb), 3);
    assert_int_equal(tbi_grid_neighbours(&sq8, 24, nb), 8);
    assert_int_equal(tbi_grid_neighbours(&hex, 12, nb), 6);
    assert_int_equal(tbi_grid_neighbours(&hex, 0, nb), 2); /* E and SE */
}

/* Groups join neighbouring cells with equal keys only. */
static void groups_join_equal_neighbours(void **state)
{
    (void)state;
    /* A 4x3 square grid:   1 1 2 0
     *                      0 1 2 2
     *                      1 0 0 2   */
    static const uint8_t key[12] = {1, 1, 2, 0, 0, 1, 2, 2, 1, 0, 0, 2};
    uint16_t cells[12];
    int n = 0;
    for (int c = 0; c < 12; c++)
        if (key[c])
            cells[n++] = (uint16_t)c;
    int16_t group_of[12];
    uint16_t size[12];
    tbi_grid g4 = {4, 3, TBI_GRID_SQUARE4};
    int groups = tbi_grid_groups(&g4, key, cells, n, group_of, size);
    assert_int_equal(groups, 3); /* {0,1,5}, {2,6,7,11}, {8} */
    assert_int_equal(tbi_grid_largest(key, cells, n, group_of, size, 1), 3);
    assert_int_equal(tbi_grid_largest(key, cells, n, group_of, size, 2), 4);
    assert_int_equal(tbi_grid_largest(key, cells, n, group_of, size, 3), 0);
    /* With diagonals, 8 joins 5 (diagonal neighbours). */
    tbi_grid g8 = {4, 3, TBI_GRID_SQUARE8};
    groups = tbi_grid_groups(&g8, key, cells, n, group_of, size);
    assert_int_equal(groups, 2);
    assert_int_equal(tbi_grid_largest(key, cells, n, group_of, size, 1), 4);
}

/* Distances go round what cannot be passed, stop at max_dist, and start
 * from the nearest of several sources. */
static void distances_go_round_walls(void **state)
{
    (void)state;
    /* A 5x3 board whose column 2 is a wall but for its bottom cell:
     *   S . # . T
     *   . . # . .
     *   . . . . .      from S (0) to T (4) the way round is 8 steps. */
    tbi_grid g = {5, 3, TBI_GRID_SQUARE4};
    uint8_t pass[15], dist[15];
    memset(pass, 1, sizeof pass);
    pass[2] = pass[7] = 0;
    int src = 0;
    int reached = tbi_grid_distances(&g, pass, &src, 1, 100, dist);
    assert_int_equal(reached, 13);
    assert_int_equal(dist[0], 0);
    assert_int_equal(dist[4], 8);
    assert_int_equal(dist[12], 4);
    assert_int_equal(dist[2], TBI_GRID_FAR);
    /* Without the wall it is 4 steps; no further than 2 leaves T out. */
    tbi_grid_distances(&g, NULL, &src, 1, 100, dist);
    assert_int_equal(dist[4], 4);
    reached = tbi_grid_distances(&g, NULL, &src, 1, 2, dist);
    assert_int_equal(reached, 6); /* 0; 1, 5; 2, 6, 10 */
    assert_int_equal(dist[4], TBI_GRID_FAR);
    /* Two sources: each cell counts from the nearer; an impassable source
     * is still a start. */
    int two[2] = {0, 4};
    pass[4] = 0;
    tbi_grid_distances(&g, pass, two, 2, 100, dist);
    assert_int_equal(dist[3], 1);
    assert_int_equal(dist[8], 2);
    assert_int_equal(dist[9], 1);
    assert_int_equal(dist[1], 1);
}

/* A floating 4x4 window: the first card may lie anywhere, the box grows
 * with the cards, a side is fixed once the cards span it, and a card that
 * would stretch the box past 4 cells is refused. */
static void floating_window_fixes_as_it_grows(void **state)
{
    (void)state;
    tbi_box b, reach;
    tbi_box_clear(&b);
    assert_true(tbi_box_empty(&b));
    assert_true(tbi_box_fits(&b, -7, 9, 4, 4));
    tbi_box_reach(&b, 4, 4, &reach);
    assert_true(tbi_box_empty(&reach));
    tbi_box_add(&b, 3, 3);
    /* One card: the window may still lie 3 cells off in every direction. */
    tbi_box_reach(&b, 4, 4, &reach);
    assert_int_equal(reach.x0, 0);
    assert_int_equal(reach.x1, 6);
    assert_int_equal(reach.y0, 0);
    assert_int_equal(reach.y1, 6);
    tbi_box_add(&b, 5, 3);
    tbi_box_add(&b, 4, 2);
    assert_int_equal(b.x0, 3);
    assert_int_equal(b.x1, 5);
    assert_int_equal(b.y0, 2);
    assert_int_equal(b.y1, 3);
    assert_true(tbi_box_fits(&b, 6, 3, 4, 4));
    assert_true(tbi_box_fits(&b, 2, 3, 4, 4));
    assert_false(tbi_box_fits(&b, 7, 3, 4, 4));
    assert_false(tbi_box_fits(&b, 1, 3, 4, 4));
    assert_true(tbi_box_fits(&b, 4, 0, 4, 4));
    assert_false(tbi_box_fits(&b, 4, -1, 4, 4));
    assert_false(tbi_box_fits(&b, 6, -1, 4, 4)); /* too wide and too high */
    tbi_box_reach(&b, 4, 4, &reach);
    assert_int_equal(reach.x0, 2);
    assert_int_equal(reach.x1, 6);
    assert_int_equal(reach.y0, 0);
    assert_int_equal(reach.y1, 5);
    /* Spanning four columns fixes them: the reach is the box there. */
    tbi_box_add(&b, 6, 3);
    tbi_box_reach(&b, 4, 4, &reach);
    assert_int_equal(reach.x0, 3);
    assert_int_equal(reach.x1, 6);
    assert_false(tbi_box_fits(&b, 2, 2, 4, 4));
    /* Cells inside the box always fit. */
    assert_true(tbi_box_fits(&b, 4, 3, 4, 4));
}

/* Cell names read chess-like: the column letter from the left, the row
 * number from the bottom; names off the board read as cell -1. */
static void cell_names_read_back(void **state)
{
    (void)state;
    char name[8];
    for (int cell = 0; cell < 49; cell++) {
        tbi_sq_cell_name(7, 7, cell, name, sizeof name);
        int back = -2;
        const char *end = tbi_sq_read_cell(name, 7, 7, &back);
        assert_non_null(end);
        assert_int_equal(*end, '\0');
        assert_int_equal(back, cell);
    }
    tbi_sq_cell_name(7, 7, 3 * 7 + 3, name, sizeof name);
    assert_string_equal(name, "d4");
    tbi_sq_cell_name(7, 7, 0, name, sizeof name);
    assert_string_equal(name, "a7");
    int cell;
    assert_non_null(tbi_sq_read_cell("D4 ", 7, 7, &cell));
    assert_int_equal(cell, 24);
    assert_non_null(tbi_sq_read_cell("h1", 7, 7, &cell));
    assert_int_equal(cell, -1);
    assert_non_null(tbi_sq_read_cell("a8", 7, 7, &cell));
    assert_int_equal(cell, -1);
    assert_null(tbi_sq_read_cell("4d", 7, 7, &cell));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seven_by_seven_has_268_segments),
        cmocka_unit_test(segments_through_a_cell),
        cmocka_unit_test(hex_neighbours_in_offset_rows),
        cmocka_unit_test(neighbours_stop_at_the_edge),
        cmocka_unit_test(groups_join_equal_neighbours),
        cmocka_unit_test(distances_go_round_walls),

        cmocka_unit_test(floating_window_fixes_as_it_grows),
        cmocka_unit_test(cell_names_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
