/*
 * svg.c - writes the report's charts as SVG text.  SVG is a plain text
 * format and these charts need only rectangles, lines and labels, so they
 * are written directly rather than through a plotting library.
 */
#include "svg.h"
#include "internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A qualitative palette readable by most colour-blind people. */
static const char *const palette[] = {"#4477aa", "#ee6677", "#228833",
                                      "#ccbb44", "#66ccee", "#aa3377",
                                      "#bbbbbb", "#000000"};
#define PALETTE_N 8

#define FONT "font-family=\"Helvetica, Arial, sans-serif\""

static void text(FILE *f, double x, double y, const char *anchor, int size,
                 const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Writes one label, escaping the characters XML reserves. */
static void text(FILE *f, double x, double y, const char *anchor, int size,
                 const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\" "
               FONT ">", x, y, anchor, size);
    for (const char *c = buf; *c; c++) {
        if (*c == '<')
            fputs("&lt;", f);
        else if (*c == '>')
            fputs("&gt;", f);
        else if (*c == '&')
            fputs("&amp;", f);
        else
            fputc(*c, f);
    }
    fputs("</text>\n", f);
}

/* The temporary file a chart is written to before it is renamed over its
 * path (tbi_whole_open), so that no half-written chart is left behind. */
static char svg_tmp[4200];

static FILE *open_svg(const char *path, int w, int h)
{
    FILE *f = tbi_whole_open(path, svg_tmp, sizeof svg_tmp);
    if (!f)
        return NULL;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
               "height=\"%d\" viewBox=\"0 0 %d %d\">\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            w, h, w, h);
    return f;
}

static int close_svg(FILE *f, const char *path)
{
    fputs("</svg>\n", f);
    return tbi_whole_close(f, svg_tmp, path, 1);
}

/* A "nice" tick step (1, 2 or 5 times a power of ten) for a span. */
static double nice_step(double span, int ticks)
{
    if (span <= 0)
        return 1;
    double raw = span / ticks;
    double mag = pow(10, floor(log10(raw)));
    double r = raw / mag;
    return (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * mag;
}

/* Draws a vertical value axis with grid lines from lo to hi. */
static void y_axis(FILE *f, double x0, double x1, double y0, double y1,
                   double lo, double hi, const char *label)
{
    double step = nice_step(hi - lo, 5);
    for (double v = ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) {
        double y = y0 - (v - lo) / (hi - lo) * (y0 - y1);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                   "stroke=\"#dddddd\"/>\n", x0, y, x1, y);
        text(f, x0 - 6, y + 4, "end", 11, "%g", fabs(v) < step * 1e-9 ? 0 : v);
    }
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
               "stroke=\"#333333\"/>\n", x0, y0, x0, y1);
    fprintf(f, "<text transform=\"translate(14,%.1f) rotate(-90)\" "
               "text-anchor=\"middle\" font-size=\"12\" " FONT ">%s</text>\n",
            (y0 + y1) / 2, label);
}

int svg_write_bars(const char *path, const svg_bars *b)
{
    int per_group = b->n_series * 28 + 24;
    int w = 90 + b->n_groups * per_group + 30, h = 360;
    if (w < 420)
        w = 420;
    FILE *f = open_svg(path, w, h + (b->n_series > 1 ? 24 : 0));
    if (!f)
        return -1;
    double top = 0;
    for (int i = 0; i < b->n_groups * b->n_series; i++)
        top = fmax(top, fmax(b->hi[i], b->value[i]));
    top = fmax(top, b->reference);
    top = top <= 0 ? 1 : top * 1.1;
    double x0 = 70, x1 = w - 20, y0 = h - 50, y1 = 40;
    text(f, w / 2.0, 22, "middle", 15, "%s", b->title);
    y_axis(f, x0, x1, y0, y1, 0, top, b->y_label);
    double slot = (x1 - x0) / b->n_groups;
    for (int gi = 0; gi < b->n_groups; gi++) {
        double gx = x0 + gi * slot + (slot - b->n_series * 24.0) / 2;
        for (int si = 0; si < b->n_series; si++) {
            int k = si * b->n_groups + gi;
            double x = gx + si * 24.0;
            double y = y0 - b->value[k] / top * (y0 - y1);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"20\" height=\"%.1f\" "
                       "fill=\"%s\"><title>%.4f [%.4f, %.4f]</title></rect>\n",
                    x, y, y0 - y, palette[si % PALETTE_N], b->value[k],
                    b->lo[k], b->hi[k]);
            double ylo = y0 - b->lo[k] / top * (y0 - y1);
            double yhi = y0 - b->hi[k] / top * (y0 - y1);
            fprintf(f, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\" "
                       "stroke=\"#222222\" stroke-width=\"1.5\" fill=\"none\"/>\n",
                    x + 10, ylo, yhi, x + 5, ylo, x + 15, x + 5, yhi, x + 15);
        }
        text(f, x0 + gi * slot + slot / 2, y0 + 18, "middle", 12, "%s",
             b->group_names[gi]);
    }
    if (b->reference >= 0) {
        double y = y0 - b->reference / top * (y0 - y1);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                   "stroke=\"#555555\" stroke-dasharray=\"6 4\"/>\n",
                x0, y, x1, y);
        text(f, x1, y - 5, "end", 11, "%s", b->reference_label);
    }
    if (b->n_series > 1) {
        double lx = x0;
        for (int si = 0; si < b->n_series; si++) {
            fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"12\" height=\"12\" "
                       "fill=\"%s\"/>\n", lx, h - 10, palette[si % PALETTE_N]);
            text(f, lx + 16, h, "start", 12, "%s", b->series_names[si]);
            lx += 30 + 7.0 * (double)strlen(b->series_names[si]);
        }
    }
    return close_svg(f, path);
}

int svg_write_hist(const char *path, const svg_hist *h)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < h->n_panels; k++)
        for (size_t i = 0; i < h->counts[k]; i++) {
            lo = fmin(lo, h->values[k][i]);
            hi = fmax(hi, h->values[k][i]);
        }
    if (!(lo <= hi))
        lo = hi = 0;
    /* Bins: whole numbers when few enough, else about 30 equal bins. */
    int bins;
    double width;
    if (h->integer_bins && hi - lo < 60) {
        lo = floor(lo) - 0.5;
        hi = ceil(hi) + 0.5;
        bins = (int)(hi - lo);
        width = 1;
    } else {
        bins = 30;
        if (hi == lo)
            hi = lo + 1;
        width = (hi - lo) / bins;
    }
    int cols = h->n_panels <= 2 ? h->n_panels : h->n_panels <= 4 ? 2 : 3;
    int rows = (h->n_panels + cols - 1) / cols;
    int pw = 300, ph = 170, w = cols * pw + 20, ht = rows * ph + 60;
    FILE *f = open_svg(path, w, ht);
    if (!f)
        return -1;
    text(f, w / 2.0, 22, "middle", 15, "%s", h->title);
    int counts[512];
    for (int k = 0; k < h->n_panels; k++) {
        memset(counts, 0, sizeof counts);
        int top = 1;
        for (size_t i = 0; i < h->counts[k]; i++) {
            int b = (int)((h->values[k][i] - lo) / width);
            b = b < 0 ? 0 : b >= bins ? bins - 1 : b;
            if (b < 512 && ++counts[b] > top)
                top = counts[b];
        }
        double px = 10 + (k % cols) * pw + 40, py = 40 + (k / cols) * ph;
        double x1 = px + pw - 60, y0 = py + ph - 40, y1 = py + 20;
        text(f, (px + x1) / 2, py + 12, "middle", 12, "%s", h->panel_names[k]);
        double bw = (x1 - px) / bins;
        for (int b = 0; b < bins && b < 512; b++) {
            double bh = (double)counts[b] / top * (y0 - y1);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.2f\" "
                       "height=\"%.1f\" fill=\"%s\"><title>%g..%g: %d</title>"
                       "</rect>\n", px + b * bw, y0 - bh, bw * 0.92, bh,
                    palette[h->colour[k] % PALETTE_N], lo + b * width,
                    lo + (b + 1) * width, counts[b]);
        }
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                   "stroke=\"#333333\"/>\n", px, y0, x1, y0);
        double step = nice_step(hi - lo, 4);
        for (double v = ceil(lo / step) * step; v <= hi; v += step) {
            double x = px + (v - lo) / (hi - lo) * (x1 - px);
            text(f, x, y0 + 14, "middle", 10, "%g", fabs(v) < step * 1e-9 ? 0 : v);
        }
        /* The count axis: ticks from 0 up, and what it counts. */
        double cstep = nice_step(top, 3);
        if (cstep < 1)
            cstep = 1;
        for (double c = 0; c <= top + cstep * 1e-9; c += cstep) {
            double y = y0 - c / top * (y0 - y1);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                       "y2=\"%.1f\" stroke=\"#999999\"/>\n", px - 3, y, px, y);
            text(f, px - 5, y + 3.5, "end", 9, "%g", c);
        }
        fprintf(f, "<text transform=\"translate(%.1f,%.1f) rotate(-90)\" "
                   "text-anchor=\"middle\" font-size=\"10\" " FONT
                   ">games</text>\n", px - 30, (y0 + y1) / 2);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                   "stroke=\"#999999\"/>\n", px, y0, px, y1);
        text(f, (px + x1) / 2, y0 + 28, "middle", 11, "%s", h->x_label);
    }
    return close_svg(f, path);
}
