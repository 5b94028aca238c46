/*
 * grid.h - the shared model of grids that card games lay cards on: square
 * grids (orthogonal and diagonal lines, segments of a line), hexagonal grids
 * in offset coordinates (neighbours, distance), and connected groups of
 * cells on either.  Used by Mystique Energy (an unbounded hex grid held in a
 * fixed array), Clique Mystique (a 7x7 board) and any later game that lays
 * cards out in space (Mystique Maze, Chain of Restraints), by MYST's island
 * of puzzle pieces (distances for movement and for its bots), and floating
 * windows: a play area of fixed size whose place on the table is set only
 * as the cards laid grow it (Chain of Restraints' 4x4).
 *
 * A grid is a rectangle of w x h cells, numbered cell = y * w + x with x the
 * column (left to right) and y the row (top to bottom).  Everything here is
 * allocation-free and works on caller-owned arrays.
 *
 * Hexagonal grids use "odd-r" offset coordinates: rows are horizontal, and
 * every odd row (y odd) is drawn shifted half a cell to the right, so cell
 * (x, y) of an odd row touches cells x and x+1 of the rows above and below,
 * and cell (x, y) of an even row touches x-1 and x.
 */
#ifndef TABULA_GRID_H
#define TABULA_GRID_H

#include <stddef.h>
#include <stdint.h>

/* How the cells of a grid touch. */
typedef enum tbi_grid_kind {
    TBI_GRID_SQUARE4, /* square cells, orthogonal neighbours */
    TBI_GRID_SQUARE8, /* square cells, orthogonal and diagonal neighbours */
    TBI_GRID_HEX      /* hexagons, odd-r offset rows, six neighbours */
} tbi_grid_kind;

typedef struct tbi_grid {
    int w, h;
    tbi_grid_kind kind;
} tbi_grid;

#define TBI_GRID_MAX_NEIGHBOURS 8
#define TBI_GRID_MAX_CELLS 4096 /* most cells tbi_grid_groups examines */

/* ---------------------------------------------------------------- square */

/* The eight directions of a square grid: 0-3 are the "forward" directions
 * of the four lines (east, south, south-east, south-west) and 4-7 their
 * opposites, so direction d + 4 reverses d. */
#define TBI_SQ_DIRS 8
#define TBI_SQ_LINES 4
extern const int8_t tbi_sq_dx[TBI_SQ_DIRS];
extern const int8_t tbi_sq_dy[TBI_SQ_DIRS];

/* Whether (x, y) lies on a w x h grid. */
static inline int tbi_grid_inside(int w, int h, int x, int y)
{
    return x >= 0 && y >= 0 && x < w && y < h;
}

/* The cells of the segment of len cells that starts at (x, y) and runs in
 * direction dir, written to cells[0..len).  Returns 1 when the whole
 * segment lies on the w x h grid, 0 (cells untouched) otherwise. */
int tbi_sq_segment(int w, int h, int x, int y, int dir, int len, int *cells);

/* A cell's name as a person types it, chess-like: the column letter from
 * the left (a, b, ...) and the row number from the bottom (1 is the row
 * y = h - 1), so "d4" is (3, 3) on a 7x7 board.  w is at most 26. */
void tbi_sq_cell_name(int w, int h, int cell, char *buf, size_t cap);
/* Reads a cell name at s (the letter in any case); returns the position
 * after it, or NULL when s does not start with one.  *cell is -1 when the
 * name lies off the w x h board. */
const char *tbi_sq_read_cell(const char *s, int w, int h, int *cell);

/* A segment: len consecutive cells of one line (row, column or diagonal),
 * in order along the line. */
#define TBI_SEG_MAX 8
typedef struct tbi_segment {
    uint8_t len;
    uint16_t cells[TBI_SEG_MAX];
} tbi_segment;

/* Writes every segment of min_len..max_len cells (at most TBI_SEG_MAX) along
 * the four lines of a w x h grid into out (capacity cap) and returns how
 * many there are.  With through >= 0 only the segments that contain that
 * cell are written (quicker than filtering the whole list).  The order is
 * fixed: for the whole grid by first cell, then line (the forward
 * directions 0-3), then length; through a cell by line, then length. */
int tbi_sq_segments(int w, int h, int min_len, int max_len, int through,
                    tbi_segment *out, int cap);

/* ---------------------------------------------------------------- window */

/*
 * A floating window: the cards laid must always fit in some w x h
 * rectangle, but where that rectangle lies is not set in advance; it is
 * fixed along a side only once the cards span its whole length.  The
 * window is held as the bounding box of the occupied cells (x0..x1,
 * y0..y1, inclusive; empty when x0 > x1), in any coordinates, negative
 * ones too.
 */
typedef struct tbi_box {
    int8_t x0, y0, x1, y1;
} tbi_box;

/* The empty box. */
static inline void tbi_box_clear(tbi_box *b)
{
    b->x0 = b->y0 = 1;
    b->x1 = b->y1 = 0;
}

static inline int tbi_box_empty(const tbi_box *b)
{
    return b->x0 > b->x1;
}

/* Grows the box to hold (x, y).  This and tbi_box_reach are inline: a
 * bot asks them for every cell it may play to. */
static inline void tbi_box_add(tbi_box *b, int x, int y)
{
    if (tbi_box_empty(b)) {
        b->x0 = b->x1 = (int8_t)x;
        b->y0 = b->y1 = (int8_t)y;
        return;
    }
    if (x < b->x0)
        b->x0 = (int8_t)x;
    if (x > b->x1)
        b->x1 = (int8_t)x;
    if (y < b->y0)
        b->y0 = (int8_t)y;
    if (y > b->y1)
        b->y1 = (int8_t)y;
}
/* Whether the box grown to hold (x, y) would still fit in w x h. */
int tbi_box_fits(const tbi_box *b, int x, int y, int w, int h);
/* The cells some w x h window holding the box may still cover, written to
 * *reach: the box widened on each side by the room left in w and h (the
 * box itself when it already spans w x h; empty for an empty box). */
static inline void tbi_box_reach(const tbi_box *b, int w, int h,
                                 tbi_box *reach)
{
    *reach = *b;
    if (tbi_box_empty(b))
        return;
    /* The room left along a side is how far the window may still slide. */
    int room_x = w - 1 - (b->x1 - b->x0), room_y = h - 1 - (b->y1 - b->y0);
    reach->x0 = (int8_t)(b->x0 - room_x);
    reach->x1 = (int8_t)(b->x1 + room_x);
    reach->y0 = (int8_t)(b->y0 - room_y);
    reach->y1 = (int8_t)(b->y1 + room_y);
}

/* ---------------------------------------------------------------- hex */

#define TBI_HEX_DIRS 6

/* Whether row y is an odd row (drawn half a cell right), negative rows too. */
static inline int tbi_hex_odd_row(int y)
{
    return y % 2 != 0;
}

/* The neighbour of (x, y) in direction dir (0-5: east, south-east,
 * south-west, west, north-west, north-east) on an odd-r grid; the result
 * may lie off any given rectangle. */
void tbi_hex_step(int x, int y, int dir, int *nx, int *ny);
/* Offset (x, y) as axial coordinates (q, r): q + r/2 shifts are undone. */
void tbi_hex_axial(int x, int y, int *q, int *r);
/* The number of steps between two hexagons. */
int tbi_hex_distance(int x1, int y1, int x2, int y2);

/* ---------------------------------------------------------------- any */

/* The neighbours of cell that lie on the grid, written to out (capacity
 * TBI_GRID_MAX_NEIGHBOURS); returns how many. */
int tbi_grid_neighbours(const tbi_grid *g, int cell, int *out);

/*
 * Connected groups.  key[cell] gives each cell a value, 0 meaning "no card
 * here"; two neighbouring cells belong to the same group when their keys
 * are equal and not 0.  Only the n cells listed in cells[] are examined (the
 * occupied ones: every cell with a key other than 0 must be listed), so the
 * cost is proportional to n, not to the grid's size; n is at most
 * TBI_GRID_MAX_CELLS.
 *
 * group_of[cell] receives the group number (0..groups-1) of each listed
 * cell with a key, -1 for listed cells whose key is 0; other entries are
 * left alone.  size[i] receives the number of cells of group i (capacity n).
 * Groups are numbered in the order of their first cell in cells[].
 * Returns the number of groups.
 */
int tbi_grid_groups(const tbi_grid *g, const uint8_t *key,
                    const uint16_t *cells, int n, int16_t *group_of,
                    uint16_t *size);

/*
 * Distances.  The number of steps from the nearest of n source cells to
 * every cell, moving from neighbour to neighbour only through cells whose
 * pass[cell] is not 0 (a source is reached whether passable or not, and
 * is left only to passable cells), and no further than max_dist steps.
 * dist[cell] (one entry per cell of the grid, at most TBI_GRID_MAX_CELLS)
 * receives the distance of every cell reached and TBI_GRID_FAR for the
 * others; pass may be NULL, letting every cell through.  Returns how many
 * cells were reached, the sources included.  A breadth-first search,
 * allocation-free: movement on a board ("up to 4 spaces, not through the
 * other piece") and "how far is that landmark from my pieces".
 */
#define TBI_GRID_FAR 255
int tbi_grid_distances(const tbi_grid *g, const uint8_t *pass,
                       const int *sources, int n, int max_dist,
                       uint8_t *dist);

/* The size of the largest group whose key is v (0 when there is none),
 * from the output of tbi_grid_groups. */
int tbi_grid_largest(const uint8_t *key, const uint16_t *cells, int n,
                     const int16_t *group_of, const uint16_t *size,
                     uint8_t v);

#endif
