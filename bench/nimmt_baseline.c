/*
 * nimmt_baseline.c - a single-purpose C loop that plays uniformly random
 * 6 nimmt! (cards 1-100, 4 players, to 66 heads) as fast as it can, with no
 * engine in between.  It is the yardstick for `tabula bench 6-nimmt -p 4`:
 * the engine's generic interface should reach at least half its speed.
 *
 * Build and run: make bench-baseline
 */
#include "tabula.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static int heads(int c)
{
    return c == 55 ? 7 : c % 11 == 0 ? 5 : c % 10 == 0 ? 3 : c % 5 == 0 ? 2 : 1;
}

/* Plays one game and returns the number of rounds. */
static int play_game(tb_rng *rng, const int *head)
{
    enum { P = 4 };
    int total[P] = {0}, rounds = 0;
    for (;;) {
        uint8_t deck[100];
        for (int i = 0; i < 100; i++)
            deck[i] = (uint8_t)(i + 1);
        tb_rng_shuffle8(rng, deck, 100);
        uint8_t hand[P][10], hand_n[P];
        for (int p = 0; p < P; p++) {
            memcpy(hand[p], deck + 10 * p, 10);
            hand_n[p] = 10;
        }
        int end[4], len[4], sum[4];
        for (int r = 0; r < 4; r++) {
            end[r] = deck[40 + r];
            len[r] = 1;
            sum[r] = head[end[r]];
        }
        for (int turn = 0; turn < 10; turn++) {
            int card[P], order[P];
            for (int p = 0; p < P; p++) {
                int k = (int)tb_rng_below(rng, hand_n[p]);
                card[p] = hand[p][k];
                hand[p][k] = hand[p][--hand_n[p]];
                int i = p;
                while (i > 0 && card[order[i - 1]] > card[p]) {
                    order[i] = order[i - 1];
                    i--;
                }
                order[i] = p;
            }
            for (int i = 0; i < P; i++) {
                int p = order[i], c = card[p], best = -1;
                for (int r = 0; r < 4; r++)
                    if (end[r] < c && (best < 0 || end[r] > end[best]))
                        best = r;
                if (best < 0 || len[best] == 5) {
                    if (best < 0)
                        best = (int)tb_rng_below(rng, 4);
                    total[p] += sum[best];
                    len[best] = 0;
                    sum[best] = 0;
                }
                end[best] = c;
                len[best]++;
                sum[best] += head[c];
            }
        }
        rounds++;
        for (int p = 0; p < P; p++)
            if (total[p] >= 66)
                return rounds;
    }
}

int main(void)
{
    int head[101];
    for (int c = 1; c <= 100; c++)
        head[c] = heads(c);
    tb_rng rng;
    tb_rng_seed(&rng, 1);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long games = 0, rounds = 0;
    double elapsed;
    do {
        for (int i = 0; i < 1000; i++, games++)
            rounds += play_game(&rng, head);
        clock_gettime(CLOCK_MONOTONIC, &b);
        elapsed = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    } while (elapsed < 2.0);
    printf("baseline 6-nimmt, 4 players, to 66: %.0f games/s (%.2f rounds a game)\n",
           (double)games / elapsed, (double)rounds / (double)games);
    return 0;
}
