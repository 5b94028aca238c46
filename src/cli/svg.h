/*
 * svg.h - the charts of a balance report, written as standalone SVG files:
 * bars with 95% intervals (grouped by seat, one colour per variant) and
 * histograms in small multiples (one panel per seat or variant), each with
 * labelled axes.
 */
#ifndef TABULA_SVG_H
#define TABULA_SVG_H

#include <stddef.h>

/* Bars with error bars: groups (e.g. seats) of series (e.g. variants).
 * value/lo/hi are indexed [series * n_groups + group]. A dashed line marks
 * `reference` when it is >= 0 (the fair share of wins). */
typedef struct svg_bars {
    const char *title, *y_label;
    int n_groups, n_series;
    const char *const *group_names;
    const char *const *series_names;
    const double *value, *lo, *hi;
    double reference;
    const char *reference_label;
} svg_bars;

/* Histograms sharing one x range: panel k has counts[k] values in
 * values[k] and is drawn in colour colour[k].  Colours mean the same in
 * every chart of a report: colour k is variant k (series k of the bars). */
typedef struct svg_hist {
    const char *title, *x_label;
    int n_panels;
    const char *const *panel_names;
    const double *const *values;
    const size_t *counts;
    int integer_bins; /* bins on whole numbers when the range allows */
    const int *colour;
} svg_hist;

/* Each writes the chart to path; returns 0, or -1 when it cannot. */
int svg_write_bars(const char *path, const svg_bars *b);
int svg_write_hist(const char *path, const svg_hist *h);

#endif
