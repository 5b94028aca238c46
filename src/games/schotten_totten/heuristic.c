/*
 * heuristic.c - placeholder.
 */
#include "stt.h"

tb_action stt_heuristic(const void *st, int seat, tb_rng *rng)
{
    (void)seat;
    tb_action buf[TB_MAX_ACTIONS];
    int n = stt_legal(st, buf);
    return buf[tb_rng_below(rng, (uint32_t)n)];
}
