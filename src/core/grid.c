/*
 * grid.c - square and hexagonal grid geometry and connected groups, shared
 * by the games that lay cards out in space (see grid.h).
 */
#include "grid.h"

#include "internal.h"

#include <stdio.h>

/* East, south, south-east, south-west, then the opposites in that order. */
const int8_t tbi_sq_dx[TBI_SQ_DIRS] = {1, 0, 1, -1, -1, 0, -1, 1};
const int8_t tbi_sq_dy[TBI_SQ_DIRS] = {0, 1, 1, 1, 0, -1, -1, -1};

int tbi_sq_segment(int w, int h, int x, int y, int dir, int len, int *cells)
{
    int ex = x + tbi_sq_dx[dir] * (len - 1), ey = y + tbi_sq_dy[dir] * (len - 1);
    if (len < 1 || !tbi_grid_inside(w, h, x, y) || !tbi_grid_inside(w, h, ex, ey))
        return 0;
    for (int i = 0; i < len; i++)
        cells[i] = (y + tbi_sq_dy[dir] * i) * w + x + tbi_sq_dx[dir] * i;
    return 1;
}

void tbi_sq_cell_name(int w, int h, int cell, char *buf, size_t cap)
{
    snprintf(buf, cap, "%c%d", 'a' + cell % w, h - cell / w);
}

const char *tbi_sq_read_cell(const char *s, int w, int h, int *cell)
{
    char col = (char)(*s | 0x20);
    if (col < 'a' || col > 'z' || s[1] < '0' || s[1] > '9')
        return NULL;
    int row;
    const char *end = tbi_read_uint(s + 1, &row);
    if (col > 'a' + w - 1 || row < 1 || row > h)
        *cell = -1; /* off the board */
    else
        *cell = (h - row) * w + (col - 'a');
    return end;
}

/* Appends the segment of len cells from (x, y) in direction dir to out
 * when it lies on the grid and there is room. */
static void add_segment(int w, int h, int x, int y, int dir, int len,
                        tbi_segment *out, int *n, int cap)
{
    int cells[TBI_SEG_MAX];
    if (*n >= cap || !tbi_sq_segment(w, h, x, y, dir, len, cells))
        return;
    out[*n].len = (uint8_t)len;
    for (int i = 0; i < len; i++)
        out[*n].cells[i] = (uint16_t)cells[i];
    (*n)++;
}

int tbi_sq_segments(int w, int h, int min_len, int max_len, int through,
                    tbi_segment *out, int cap)
{
    int n = 0;
    if (max_len > TBI_SEG_MAX)
        max_len = TBI_SEG_MAX;
    if (through >= 0) {
        /* Each segment holding the cell starts `back` cells before it. */
        int tx = through % w, ty = through / w;
        for (int dir = 0; dir < TBI_SQ_LINES; dir++)
            for (int len = min_len; len <= max_len; len++)
                for (int back = len - 1; back >= 0; back--)
                    add_segment(w, h, tx - tbi_sq_dx[dir] * back,
                                ty - tbi_sq_dy[dir] * back, dir, len, out, &n,
                                cap);
        return n;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int dir = 0; dir < TBI_SQ_LINES; dir++)
                for (int len = min_len; len <= max_len; len++)
                    add_segment(w, h, x, y, dir, len, out, &n, cap);
    return n;
}

int tbi_box_fits(const tbi_box *b, int x, int y, int w, int h)
{
    tbi_box grown = *b;
    tbi_box_add(&grown, x, y);
    return grown.x1 - grown.x0 < w && grown.y1 - grown.y0 < h;
}

void tbi_hex_step(int x, int y, int dir, int *nx, int *ny)
{
    /* Column offsets of the diagonal neighbours depend on the row's parity:
     * an odd row sits half a cell right of the rows around it. */
    static const int8_t dy[TBI_HEX_DIRS] = {0, 1, 1, 0, -1, -1};
    static const int8_t dx_even[TBI_HEX_DIRS] = {1, 0, -1, -1, -1, 0};
    static const int8_t dx_odd[TBI_HEX_DIRS] = {1, 1, 0, -1, 0, 1};
    *nx = x + (tbi_hex_odd_row(y) ? dx_odd[dir] : dx_even[dir]);
    *ny = y + dy[dir];
}

void tbi_hex_axial(int x, int y, int *q, int *r)
{
    *q = x - (y - tbi_hex_odd_row(y)) / 2;
    *r = y;
}

int tbi_hex_distance(int x1, int y1, int x2, int y2)
{
    int q1, r1, q2, r2;
    tbi_hex_axial(x1, y1, &q1, &r1);
    tbi_hex_axial(x2, y2, &q2, &r2);
    int dq = q1 - q2, dr = r1 - r2, ds = dq + dr;
    dq = dq < 0 ? -dq : dq;
    dr = dr < 0 ? -dr : dr;
    ds = ds < 0 ? -ds : ds;
    return (dq + dr + ds) / 2;
}

int tbi_grid_neighbours(const tbi_grid *g, int cell, int *out)
{
    int x = cell % g->w, y = cell / g->w, n = 0;
    if (g->kind == TBI_GRID_HEX) {
        for (int d = 0; d < TBI_HEX_DIRS; d++) {
            int nx, ny;
            tbi_hex_step(x, y, d, &nx, &ny);
            if (tbi_grid_inside(g->w, g->h, nx, ny))
                out[n++] = ny * g->w + nx;
        }
        return n;
    }
    int diagonals = g->kind == TBI_GRID_SQUARE8;
    for (int d = 0; d < TBI_SQ_DIRS; d++) {
        int orthogonal = tbi_sq_dx[d] == 0 || tbi_sq_dy[d] == 0;
        if (!orthogonal && !diagonals)
            continue;
        int nx = x + tbi_sq_dx[d], ny = y + tbi_sq_dy[d];
        if (tbi_grid_inside(g->w, g->h, nx, ny))
            out[n++] = ny * g->w + nx;
    }
    return n;
}

int tbi_grid_groups(const tbi_grid *g, const uint8_t *key,
                    const uint16_t *cells, int n, int16_t *group_of,
                    uint16_t *size)
{
    for (int i = 0; i < n; i++)
        group_of[cells[i]] = -1;
    /* A flood fill from each unvisited cell; the work list holds each cell
     * at most once, so n entries are enough. */
    uint16_t work[TBI_GRID_MAX_CELLS];
    int groups = 0;
    for (int i = 0; i < n; i++) {
        int start = cells[i];
        if (!key[start] || group_of[start] >= 0)
            continue;
        int top = 0, count = 0;
        work[top++] = (uint16_t)start;
        group_of[start] = (int16_t)groups;
        while (top > 0) {
            int c = work[--top], nb[TBI_GRID_MAX_NEIGHBOURS];
            count++;
            int k = tbi_grid_neighbours(g, c, nb);
            for (int j = 0; j < k; j++) {
                if (key[nb[j]] != key[start] || group_of[nb[j]] >= 0)
                    continue;
                group_of[nb[j]] = (int16_t)groups;
                work[top++] = (uint16_t)nb[j];
            }
        }
        size[groups++] = (uint16_t)count;
    }
    return groups;
}

int tbi_grid_largest(const uint8_t *key, const uint16_t *cells, int n,
                     const int16_t *group_of, const uint16_t *size, uint8_t v)
{
    int best = 0;
    for (int i = 0; i < n; i++)
        if (v && key[cells[i]] == v && size[group_of[cells[i]]] > best)
            best = size[group_of[cells[i]]];
    return best;
}

int tbi_grid_distances(const tbi_grid *g, const uint8_t *pass,
                       const int *sources, int n, int max_dist,
                       uint8_t *dist)
{
    int cells = g->w * g->h;
    if (max_dist > TBI_GRID_FAR - 1)
        max_dist = TBI_GRID_FAR - 1;
    for (int c = 0; c < cells; c++)
        dist[c] = TBI_GRID_FAR;
    /* Every cell enters the queue at most once, so `cells` entries do. */
    uint16_t queue[TBI_GRID_MAX_CELLS];
    int head = 0, tail = 0;
    for (int i = 0; i < n; i++) {
        if (dist[sources[i]] == 0)
            continue;
        dist[sources[i]] = 0;
        queue[tail++] = (uint16_t)sources[i];
    }
    while (head < tail) {
        int c = queue[head++], nb[TBI_GRID_MAX_NEIGHBOURS], k = 0;
        if (dist[c] >= max_dist)
            continue;
        if (g->kind == TBI_GRID_SQUARE4) {
            /* The common case, without a call per cell. */
            int x = c % g->w;
            if (x > 0)
                nb[k++] = c - 1;
            if (x < g->w - 1)
                nb[k++] = c + 1;
            if (c >= g->w)
                nb[k++] = c - g->w;
            if (c < cells - g->w)
                nb[k++] = c + g->w;
        } else {
            k = tbi_grid_neighbours(g, c, nb);
        }
        for (int j = 0; j < k; j++) {
            int d = nb[j];
            if (dist[d] != TBI_GRID_FAR || (pass && !pass[d]))
                continue;
            dist[d] = (uint8_t)(dist[c] + 1);
            queue[tail++] = (uint16_t)d;
        }
    }
    return tail;
}
