/*
 * deviation_the_game.c - The Game's hook for bench/deviation.c: shuffles
 * the draw pile, which no seat has seen, again, so that a playout may see
 * every hand as it is and not the order of the cards still to come.  The
 * game is compiled in here only to reach its state; its public names are
 * renamed so as not to clash with the library's.
 */
#define tbg_the_game tbdev_the_game_copy
#define tbi_the_game_decide_afresh tbdev_the_game_decide_afresh
#include "../src/games/the_game.c"

void tbdev_the_game_unseen(void *st, tb_rng *rng);

/* Draws the order of the real game's draw pile again (a determinized
 * world, which keeps no order, is left alone). */
void tbdev_the_game_unseen(void *st, tb_rng *rng)
{
    thegame *s = st;
    if (s->lazy || s->drawn >= N_CARDS)
        return;
    tb_rng_shuffle8(rng, s->draw + s->drawn, N_CARDS - s->drawn);
}
