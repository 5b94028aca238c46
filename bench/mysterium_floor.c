/*
 * mysterium_floor.c - how often Mysterium's psychics win against a ghost
 * whose visions carry nothing, by elimination alone (docs/games/
 * mysterium.md, "The random-vision floor").
 *
 * Against a ghost that gives random visions, the psychics still learn from
 * the rules themselves: a wrong guess eliminates that card for its
 * psychic, a found card leaves the table, and the psychics' cards of a
 * kind are all different.  This program plays psychics that use exactly
 * that and nothing else, coordinated as one mind: every hour each psychic
 * still looking guesses the card of its kind most likely to be its own
 * under the exact posterior (every assignment of different cards to the
 * psychics consistent with the wrong guesses and the found cards is
 * equally likely), breaking ties first for a card no other psychic
 * guesses this hour (so that the misses of one hour eliminate the most)
 * and then for the lowest card.  It reports the probability that every
 * psychic completes its three cards within the seven hours.  That is a
 * strategy any psychics can follow, so it bounds from below what the best
 * psychics reach by elimination; with a random shared vision the epilogue
 * then picks the culprit's group one time in G (G groups: 4 with 2-3
 * players, one a psychic with 4-7), and the team's win rate against a
 * vision-less ghost is at least P(complete) / G.
 *
 * The strategy is deterministic given the psychics' secret cards, so where
 * the assignments are few (2-3 players) the program enumerates all of
 * them and the probability is exact; elsewhere it samples deals and gives
 * a 95% Wilson interval.  The table of cards on the table is the rules'
 * (shared/rules/002_d78842dbe10ab59e.txt, the difficulty table).
 *
 *     make bench-mysterium-floor           (builds build/mysterium_floor, runs it)
 *     build/mysterium_floor [SAMPLES]      (default 200000 sampled deals; a few minutes)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define KINDS 3
#define HOURS 7
#define MAXPSY 6
#define MAXN 9

/* The rules' table: psychic cards of each kind on the table by
 * difficulty (easy, medium, hard) and players 2-7. */
static const int suspects[3][8] = {
    {0, 0, 4, 5, 5, 6, 6, 7},
    {0, 0, 5, 6, 6, 7, 8, 8},
    {0, 0, 6, 7, 7, 8, 9, 9},
};
static const char *const names[3] = {"easy", "medium", "hard"};

/* Psychics and epilogue groups by player count (2 players: 2 psychics
 * and 2 groups made of left-over cards; 3 players: 4 psychics). */
static int psychics_of(int players)
{
    return players == 2 ? 2 : players == 3 ? 4 : players - 1;
}
static int groups_of(int players)
{
    return players <= 3 ? 4 : players - 1;
}

/* The number of ways to give the psychics in `left` (a bitmask) different
 * cards among cards c..n-1 that each may hold (allowed[j] a bitmask of
 * cards): a dynamic program over the cards, each card taken by at most
 * one psychic. */
static double matchings(int n, int npsy, const unsigned allowed[MAXPSY],
                        unsigned left)
{
    double ways[1 << MAXPSY] = {0};
    ways[0] = 1.0; /* ways[S]: psychics S placed on the cards seen so far */
    for (int c = 0; c < n; c++)
        for (int S = (1 << npsy) - 1; S >= 0; S--) {
            if (!ways[S] || ((unsigned)S & ~left))
                continue;
            for (int j = 0; j < npsy; j++)
                if ((left >> j & 1u) && !(S >> j & 1) &&
                    (allowed[j] >> c & 1u))
                    ways[S | 1 << j] += ways[S];
        }
    return ways[left];
}

/* Plays one deal: target[k][j] is psychic j's card of kind k.  Returns 1
 * when every psychic completes its combination within the seven hours. */
static int play(int n, int npsy, int target[KINDS][MAXPSY])
{
    int stage[MAXPSY] = {0};
    unsigned wrong[MAXPSY] = {0}; /* cards eliminated for its current kind */
    for (int hour = 1; hour <= HOURS; hour++) {
        int guess[MAXPSY];
        for (int k = 0; k < KINDS; k++) {
            /* The psychics looking for kind k may hold any card of it not
             * found, less their own misses.  The psychics that have not
             * come to k yet may hold any card not found: whichever cards
             * the looking psychics hold, they have the same number of
             * ways left, so they weigh every candidate alike and are left
             * out; the psychics past k hold their found cards. */
            unsigned found = 0, allowed[MAXPSY];
            int look[MAXPSY], nl = 0;
            for (int j = 0; j < npsy; j++)
                if (stage[j] > k && stage[j] <= KINDS)
                    found |= 1u << target[k][j];
            for (int j = 0; j < npsy; j++)
                if (stage[j] == k) {
                    allowed[nl] = ((1u << n) - 1) & ~found & ~wrong[j];
                    look[nl++] = j;
                }
            unsigned everyone = (1u << nl) - 1;
            unsigned taken = 0; /* cards guessed this hour so far */
            for (int a = 0; a < nl; a++) {
                double best = -1.0;
                int pick = -1;
                for (int c = 0; c < n; c++) {
                    if (!(allowed[a] >> c & 1u))
                        continue;
                    unsigned fixed[MAXPSY];
                    for (int j = 0; j < nl; j++)
                        fixed[j] = allowed[j] & ~(1u << c);
                    double w = matchings(n, nl, fixed, everyone & ~(1u << a));
                    int fresh = !(taken >> c & 1u);
                    int pick_fresh = pick >= 0 && !(taken >> pick & 1u);
                    if (w > best * (1 + 1e-12) ||
                        (fabs(w - best) <= best * 1e-12 && fresh &&
                         !pick_fresh)) {
                        best = w;
                        pick = c;
                    }
                }
                guess[look[a]] = pick;
                taken |= 1u << pick;
            }
        }
        /* The manifestation: all guesses of the hour at once. */
        int done = 1;
        for (int i = 0; i < npsy; i++) {
            if (stage[i] >= KINDS)
                continue;
            if (guess[i] == target[stage[i]][i]) {
                stage[i]++;
                wrong[i] = 0;
            } else {
                wrong[i] |= 1u << guess[i];
            }
            done &= stage[i] >= KINDS;
        }
        if (done)
            return 1;
    }
    return 0;
}

/* Enumerates every assignment of different cards of kind k.. to the
 * psychics (deterministic play: the exact probability). */
static void enumerate(int n, int npsy, int k, int j,
                      int target[KINDS][MAXPSY], unsigned used,
                      double *wins, double *total)
{
    if (k == KINDS) {
        *wins += play(n, npsy, target);
        *total += 1;
        return;
    }
    if (j == npsy) {
        enumerate(n, npsy, k + 1, 0, target, 0, wins, total);
        return;
    }
    for (int c = 0; c < n; c++)
        if (!(used >> c & 1u)) {
            target[k][j] = c;
            enumerate(n, npsy, k, j + 1, target, used | 1u << c, wins,
                      total);
        }
}

/* A small seeded generator (splitmix64), so that runs repeat. */
static uint64_t rng_state = 2026;
static unsigned next_below(unsigned n)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (unsigned)(z % n);
}

int main(int argc, char **argv)
{
    long samples = argc > 1 ? atol(argv[1]) : 200000;
    printf("| players | difficulty | cards a kind | psychics | groups | "
           "P(all found by hour VII) | floor = P / groups | how |\n");
    printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (int players = 2; players <= 7; players++)
        for (int d = 0; d < 3; d++) {
            int n = suspects[d][players], npsy = psychics_of(players);
            int g = groups_of(players);
            double perms = 1;
            for (int j = 0; j < npsy; j++)
                perms *= n - j;
            int target[KINDS][MAXPSY];
            double wins = 0, total = 0;
            int exact = perms * perms * perms <= 2e6;
            if (exact) {
                enumerate(n, npsy, 0, 0, target, 0, &wins, &total);
            } else {
                for (long x = 0; x < samples; x++) {
                    for (int k = 0; k < KINDS; k++) {
                        int row[MAXN];
                        for (int c = 0; c < n; c++)
                            row[c] = c;
                        for (int j = 0; j < npsy; j++) {
                            int r = j + (int)next_below((unsigned)(n - j));
                            int t = row[j];
                            row[j] = row[r];
                            row[r] = t;
                            target[k][j] = row[j];
                        }
                    }
                    wins += play(n, npsy, target);
                    total += 1;
                }
            }
            double p = wins / total;
            if (exact) {
                printf("| %d | %s | %d | %d | %d | %.2f%% | %.2f%% | exact "
                       "(%.0f deals) |\n",
                       players, names[d], n, npsy, g, 100 * p, 100 * p / g,
                       total);
            } else {
                double z = 1.96, den = 1 + z * z / total;
                double mid = (p + z * z / (2 * total)) / den;
                double half = z * sqrt(p * (1 - p) / total +
                                       z * z / (4 * total * total)) / den;
                printf("| %d | %s | %d | %d | %d | %.2f%% [%.2f, %.2f] | "
                       "%.2f%% [%.2f, %.2f] | %.0f sampled deals |\n",
                       players, names[d], n, npsy, g, 100 * p,
                       100 * (mid - half), 100 * (mid + half),
                       100 * p / g, 100 * (mid - half) / g,
                       100 * (mid + half) / g, total);
            }
            fflush(stdout);
        }
    return 0;
}
