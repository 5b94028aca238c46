/*
 * deck100.c - card values of the 1-100 deck, as the rules tables give them.
 */
#include "deck100.h"

/* Cattle heads of cards 0-104 (0 is no card), by the rule: 55 -> 7,
 * multiples of 11 -> 5, of 10 -> 3, ending in 5 -> 2, else 1.  A table,
 * because 6 nimmt! looks heads up in its innermost loop; test_decks checks
 * it against the rule. */
const uint8_t tbi_cattle_heads_table[105] = {
    0, 1, 1, 1, 1, 2, 1, 1, 1, 1, 3, 5, 1, 1, 1, 2, 1, 1, 1, 1, 3,
    1, 5, 1, 1, 2, 1, 1, 1, 1, 3, 1, 1, 5, 1, 2, 1, 1, 1, 1, 3, 1,
    1, 1, 5, 2, 1, 1, 1, 1, 3, 1, 1, 1, 1, 7, 1, 1, 1, 1, 3, 1, 1,
    1, 1, 2, 5, 1, 1, 1, 3, 1, 1, 1, 1, 2, 1, 5, 1, 1, 3, 1, 1, 1,
    1, 2, 1, 1, 5, 1, 3, 1, 1, 1, 1, 2, 1, 1, 1, 5, 3, 1, 1, 1, 1,
};

int tbi_cattle_heads(int card)
{
    if (card == 55)
        return 7;
    if (card % 11 == 0)
        return 5;
    if (card % 10 == 0)
        return 3;
    if (card % 5 == 0)
        return 2;
    return 1;
}

int tbi_take5_bulls(int card)
{
    int red = tbi_cattle_heads(card);
    if (red > 1)
        return -red;
    return card % 10 == 2 ? 2 : 1;
}

int tbi_peppers(int card)
{
    if (card % 5 == 0)
        return 3;
    if (card % 3 == 0)
        return 2;
    return 1;
}

void tbi_chance_numbers(tb_chance *c, int lo, int hi, const char *what)
{
    c->kind = TB_CHANCE_SHUFFLE;
    c->n = hi - lo + 1;
    c->lo = lo;
    c->hi = hi;
    c->what = what;
    for (int i = 0; i < c->n; i++)
        c->items[i] = (uint16_t)(lo + i);
}

void tbi_number_namer(tb_text *t, int card, const void *ctx)
{
    (void)ctx;
    tb_text_printf(t, "%d", card);
}
