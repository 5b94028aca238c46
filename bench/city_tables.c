/*
 * city_tables.c - Mystery City's card tables tried against each other.
 * The card table is the project's own (docs/games/mystery-city.md, "The
 * cards"), so what a measurement shows may be the table's doing or the
 * rules'.  This program plays `heuristic` bots in every seat, as the
 * balance test does, with the game's table, a table read from a file, or a
 * fresh random table for every game, and reports how games end (by the
 * text's rule or at the combat limit), each seat's win rate, how often the
 * attacker wins a combat, and each card's win rate, with 95% intervals.
 *
 * It is built from the game's own files compiled with MC_TABLE_MUTABLE
 * (mc.h), which leaves the table writable; the game itself keeps it
 * constant.  `make bench-city-tables CITY_ARGS="-p 4 -n 4000 --random"`.
 *
 *   city_tables [-p N] [-n GAMES] [--seed S] [--table FILE | --random]
 *               [--limit L] [--cards]
 *
 * A table file holds 17 rows of five values (ST DX IQ MO HT, 2-12 or ?):
 * the 16 cards in card-number order, then Chomp; a word starting with #
 * begins a comment to the end of its line.  --random draws each
 * regular card's five values uniformly from 2-12 for every game (the
 * special cards and Chomp keep the game's values).
 */
#include "mc.h"
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const tb_game tbg_mystery_city;

/* Reads a table file into the card table; exits on a malformed file. */
static void load_table(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    char word[16];
    for (int c = 0; c <= MC_CARDS; c++)
        for (int a = 0; a < MC_ATTRS; a++) {
            int got;
            while ((got = fscanf(f, "%15s", word)) == 1 && word[0] == '#') {
                int ch; /* a comment: the rest of the line */
                while ((ch = fgetc(f)) != EOF && ch != '\n')
                    ;
            }
            if (got != 1) {
                fprintf(stderr, "%s: 17 rows of 5 values expected\n", path);
                exit(2);
            }
            int v = word[0] == '?' ? MC_Q : atoi(word);
            if (v != MC_Q && (v < 2 || v > 12)) {
                fprintf(stderr, "%s: %s is not 2-12 or ?\n", path, word);
                exit(2);
            }
            if (c < MC_CARDS)
                mc_cards[c].attr[a] = (uint8_t)v;
            else
                mc_chomp[a] = (uint8_t)v;
        }
    fclose(f);
}

/* Draws every regular card's five values uniformly from 2-12. */
static void random_table(tb_rng *rng)
{
    for (int c = 0; c < MC_CARDS; c++)
        if (!mc_is_special(c))
            for (int a = 0; a < MC_ATTRS; a++)
                mc_cards[c].attr[a] = (uint8_t)(2 + tb_rng_below(rng, 11));
}

/* The winner of the combat that just ended: the last MC_EV_COLLECT. */
static int last_collector(const mc_state *s)
{
    for (int i = 1; i <= MC_LOG && i <= s->ev_n; i++) {
        const mc_event *e = &s->ev[(s->ev_n - i) % MC_LOG];
        if (e->kind == MC_EV_COLLECT)
            return e->a;
    }
    return MC_NONE;
}

/* Prints a share with its 95% Wilson interval. */
static void share(const char *what, double k, double n)
{
    double lo, hi;
    tbi_wilson95(k, n, &lo, &hi);
    printf("%s %.3f [%.3f, %.3f] of %.0f\n", what, n > 0 ? k / n : 0.0, lo,
           hi, n);
}

int main(int argc, char **argv)
{
    int players = 4, games = 1000, limit = 100, random = 0, by_card = 0;
    uint64_t seed = 1;
    const char *table = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-p") && v)
            players = atoi(argv[++i]);
        else if (!strcmp(a, "-n") && v)
            games = atoi(argv[++i]);
        else if (!strcmp(a, "--seed") && v)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--table") && v)
            table = argv[++i];
        else if (!strcmp(a, "--limit") && v)
            limit = atoi(argv[++i]);
        else if (!strcmp(a, "--random"))
            random = 1;
        else if (!strcmp(a, "--cards"))
            by_card = 1;
        else {
            fprintf(stderr, "usage: city_tables [-p N] [-n GAMES] [--seed S] "
                            "[--table FILE | --random] [--limit L] "
                            "[--cards]\n");
            return 2;
        }
    }
    if (table)
        load_table(table);
    const tb_game *g = &tbg_mystery_city;
    tb_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.players = players;
    cfg.opt[0] = limit;
    tb_rng table_rng;
    tb_rng_seed(&table_rng, seed ^ 0x9e3779b97f4a7c15u);
    double seat_all[MC_MAX_P] = {0}, seat_rule[MC_MAX_P] = {0};
    double win[MC_CARDS] = {0}, dealt[MC_CARDS] = {0};
    double at_limit = 0, combats = 0, att_won = 0, first_won = 0;
    for (int i = 0; i < games; i++) {
        if (random)
            random_table(&table_rng);
        mc_state *s = tb_state_new(g);
        char err[200];
        if (!s || tb_init(g, s, &cfg, err, sizeof err) != TB_OK) {
            fprintf(stderr, "%s\n", s ? err : "out of memory");
            return 1;
        }
        tb_rng rng;
        tb_rng_seed(&rng, seed * 1000003u + (uint64_t)i);
        tb_settle(g, s, &rng);
        uint16_t hands[MC_MAX_P];
        memcpy(hands, s->hand, sizeof hands);
        while (tb_current(g, s) != TB_TERMINAL) {
            int cur = tb_current(g, s), marker = s->marker;
            unsigned before = s->combats;
            if (cur == TB_CHANCE) {
                tb_sample_chance(g, s, &rng, NULL, NULL);
            } else {
                mc_state d = *s;
                tb_determinize(g, &d, cur, &rng);
                tb_apply_legal(g, s, mc_heuristic(&d, cur, &rng));
            }
            /* A combat has just ended: did its attacker (the marker's
             * holder while it lasted) win it? */
            if (s->combats > before) {
                int w = last_collector(s);
                att_won += w == marker;
                if (before == 0)
                    first_won += w == marker;
            }
        }
        tb_result r;
        tb_result_of(g, s, &r);
        int first = 0;
        for (int p = 0; p < players; p++)
            first += r.rank[p] == 1;
        at_limit += s->at_limit;
        combats += s->combats;
        for (int p = 0; p < players; p++) {
            double w = r.rank[p] == 1 ? 1.0 / first : 0.0;
            seat_all[p] += w;
            if (!s->at_limit)
                seat_rule[p] += w;
            for (int c = 0; c < MC_CARDS; c++)
                if (hands[p] >> c & 1) {
                    dealt[c]++;
                    win[c] += w;
                }
        }
        free(s);
    }
    printf("%d players, %d games, %s, seed %llu: %.1f combats a game\n",
           players, games,
           random ? "a random table each game" : table ? table : "the game's table",
           (unsigned long long)seed, combats / games);
    share("ended at the combat limit:", at_limit, games);
    share("combats won by the attacker:", att_won, combats);
    share("first combats won by seat 0 (the attacker):", first_won, games);
    for (int p = 0; p < players; p++) {
        char what[64];
        snprintf(what, sizeof what, "seat %d wins:", p);
        share(what, seat_all[p], games);
    }
    for (int p = 0; p < players && at_limit > 0; p++) {
        char what[64];
        snprintf(what, sizeof what, "seat %d wins (games ended by the rule):",
                 p);
        share(what, seat_rule[p], games - at_limit);
    }
    for (int c = 0; c < MC_CARDS && by_card; c++)
        if (dealt[c] > 0) {
            char what[64];
            snprintf(what, sizeof what, "  %-8s", mc_cards[c].name);
            share(what, win[c], dealt[c]);
        }
    return 0;
}
