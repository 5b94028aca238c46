/*
 * dealt.c - the lines said about a deal or a draw, for every game's
 * describe_chance (dealt.h): one wording for all games, so that a person
 * reads a deal the same way whichever game they play.
 */
#include "dealt.h"

void tbi_say_cards(tb_text *t, const uint8_t *cards, int n,
                   tbi_card_namer name, const void *ctx)
{
    for (int i = 0; i < n; i++) {
        if (i)
            tb_text_puts(t, i == n - 1 ? " and " : ", ");
        name(t, cards[i], ctx);
    }
}

void tbi_say_deal(tb_text *t, int seat, int players, const uint8_t *hands,
                  size_t stride, const uint8_t *hand_n, tbi_card_namer name,
                  const void *ctx)
{
    int same = 1;
    for (int p = 1; p < players; p++)
        same &= hand_n[p] == hand_n[0];
    if (same) {
        tb_text_printf(t, "the cards are dealt: %d to each seat\n",
                       hand_n[0]);
    } else {
        tb_text_puts(t, "the cards are dealt:");
        for (int p = 0; p < players; p++)
            tb_text_printf(t, "%s seat %d %d", p ? "," : "", p, hand_n[p]);
        tb_text_puts(t, "\n");
    }
    if (seat >= 0 && seat < players && hand_n[seat] > 0) {
        tb_text_puts(t, "you are dealt ");
        tbi_say_cards(t, hands + (size_t)seat * stride, hand_n[seat], name,
                      ctx);
        tb_text_puts(t, "\n");
    }
}

int tbi_new_cards(const uint8_t *before, int nb, const uint8_t *after,
                  int na, uint8_t *out)
{
    uint8_t used[256] = {0};
    int k = 0;
    for (int i = 0; i < na; i++) {
        int found = 0;
        for (int j = 0; j < nb && !found; j++)
            if (!used[j] && before[j] == after[i])
                used[j] = 1, found = 1;
        if (!found)
            out[k++] = after[i];
    }
    return k;
}

void tbi_say_draws(tb_text *t, int seat, int players,
                   const uint8_t *hands_before, const uint8_t *n_before,
                   const uint8_t *hands_after, const uint8_t *n_after,
                   size_t stride, tbi_card_namer name, const void *ctx)
{
    for (int p = 0; p < players; p++) {
        if (n_after[p] <= n_before[p])
            continue;
        if (p != seat) {
            int k = n_after[p] - n_before[p];
            tb_text_printf(t, "seat %d draws %d card%s\n", p, k,
                           k == 1 ? "" : "s");
            continue;
        }
        uint8_t got[256];
        int k = tbi_new_cards(hands_before + (size_t)p * stride, n_before[p],
                              hands_after + (size_t)p * stride, n_after[p],
                              got);
        tb_text_puts(t, "you draw ");
        tbi_say_cards(t, got, k, name, ctx);
        tb_text_puts(t, "\n");
    }
}
