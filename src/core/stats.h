/*
 * stats.h - the statistics behind sim and analyze reports: running means
 * with variance, Wilson intervals for rates, normal intervals for means.
 */
#ifndef TABULA_STATS_H
#define TABULA_STATS_H

/* A running sum for means and standard errors; merge() combines two sums
 * exactly, so results do not depend on how games were split over threads
 * as long as merges happen in a fixed order. */
typedef struct tbi_moments {
    double n, sum, sumsq;
} tbi_moments;

void tbi_moments_add(tbi_moments *m, double x);
void tbi_moments_merge(tbi_moments *into, const tbi_moments *from);
double tbi_moments_mean(const tbi_moments *m);
/* Sample standard deviation (0 below two values). */
double tbi_moments_sd(const tbi_moments *m);
/* Half-width of the 95% normal interval of the mean. */
double tbi_moments_ci95(const tbi_moments *m);

/* The 95% Wilson score interval of a rate: successes (may be fractional,
 * as when ties share a win) out of n.  It always holds the estimate
 * successes/n, and is exactly [0, ..] at 0 successes and [.., 1] at n. */
void tbi_wilson95(double successes, double n, double *lo, double *hi);

#endif
