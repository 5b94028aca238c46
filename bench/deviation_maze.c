/*
 * deviation_maze.c - Mystique Maze's hook for bench/deviation.c: shuffles
 * the deck, which no seat has seen, again, so that a playout may see every
 * hand as it is and not the order of the cards still to come (as
 * bench/maze_deviation.c does).  The game is compiled in here only to
 * reach its state; its descriptor is renamed so as not to clash with the
 * library's.
 */
#define tbg_mystique_maze tbdev_maze_copy
#include "../src/games/mystique_maze.c"

void tbdev_maze_unseen(void *st, tb_rng *rng);

/* Draws the order of the deck in play again. */
void tbdev_maze_unseen(void *st, tb_rng *rng)
{
    maze *s = st;
    tb_rng_shuffle8(rng, s->deck + s->deck_top, s->deck_n - s->deck_top);
}
