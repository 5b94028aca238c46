/*
 * stats.c - running moments and confidence intervals.
 */
#include "stats.h"

#include <math.h>

#define Z95 1.959963984540054

void tbi_moments_add(tbi_moments *m, double x)
{
    m->n += 1;
    m->sum += x;
    m->sumsq += x * x;
}

void tbi_moments_merge(tbi_moments *into, const tbi_moments *from)
{
    into->n += from->n;
    into->sum += from->sum;
    into->sumsq += from->sumsq;
}

double tbi_moments_mean(const tbi_moments *m)
{
    return m->n > 0 ? m->sum / m->n : 0.0;
}

double tbi_moments_sd(const tbi_moments *m)
{
    if (m->n < 2)
        return 0.0;
    double mean = m->sum / m->n;
    double var = (m->sumsq - m->n * mean * mean) / (m->n - 1);
    return var > 0 ? sqrt(var) : 0.0;
}

double tbi_moments_ci95(const tbi_moments *m)
{
    return m->n > 1 ? Z95 * tbi_moments_sd(m) / sqrt(m->n) : 0.0;
}

void tbi_wilson95(double successes, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = successes / n, z2 = Z95 * Z95;
    double denom = 1 + z2 / n;
    double centre = (p + z2 / (2 * n)) / denom;
    double half = Z95 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
    /* Rounding can leave centre - half a hair above 0 when there are no
     * successes (3.5e-18), or the estimate a hair outside; the interval
     * must contain its estimate exactly, 0 and 1 included. */
    *lo = successes <= 0 ? 0.0 : fmin(p, fmax(0.0, centre - half));
    *hi = successes >= n ? 1.0 : fmax(p, fmin(1.0, centre + half));
}
