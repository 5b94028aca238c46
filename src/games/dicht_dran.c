/*
 * dicht_dran.c - Dicht Dran (3-5 players, cards 1-100).  Six cards lie in a
 * circle, the 1 and the 100 opposite each other.  In turn each card of the
 * circle, clockwise from the 1, is the target: everyone plays a card in
 * secret, the card closest to the target wins it (ties to the higher card)
 * and takes its place in the circle; the other cards between the target's
 * two neighbours (the free range) are discarded, and a card outside the
 * range makes its player draw as many cards as it has peppers.  The game
 * ends when a player has no cards left; won peppers count for you, peppers
 * left in hand against you.
 *
 * Actions: the number of a card in your hand.
 */
#include "cards.h"
#include "dealt.h"
#include "deck100.h"
#include "internal.h"
#include "obs.h"
#include "redeal.h"

#include <math.h>
#include <string.h>

#define MAX_P 5
#define DECK 100
#define MIDDLE 98 /* the cards 2-99, shuffled: the 1 and 100 are set out */
#define CIRCLE 6
#define HAND_START 8
#define FAR_SIDE 3 /* the circle position of the 100, opposite the 1 */

enum { OPT_GAMES };
enum phase { PH_DEAL, PH_CHOOSE, PH_RESHUFFLE, PH_OVER };

static const tb_option_def options[] = {
    [OPT_GAMES] = {"games", "games played in a row, scores added (the rules "
                   "suggest 2)", TB_OPT_INT, 1, 1, 2, NULL},
};

typedef struct dicht {
    uint8_t players, games, game_no, phase;
    uint16_t trick;              /* tricks played in this game */
    uint8_t circle[CIRCLE];      /* clockwise; position 0 held the 1 */
    uint8_t target;              /* the target's position in the circle */
    uint8_t hand[MAX_P][MIDDLE], hand_n[MAX_P];
    uint8_t chosen[MAX_P];       /* this trick's secret card, 0 while none */
    uint8_t outside[MAX_P];      /* a played card outside the free range,
                                    waiting for its player to draw */
    uint8_t pending[MAX_P];      /* cards still to draw this trick */
    uint8_t draw[MIDDLE], draw_n;       /* the draw pile, top card last */
    uint8_t discard[MIDDLE], discard_n; /* the face-up discard pile */
    uint8_t gen;                 /* draw piles formed so far (reshuffles) */
    uint8_t card_gen[DECK + 1];  /* the draw pile a card in a hand came from */
    uint8_t won_n[MAX_P];        /* cards in each score pile */
    int16_t won_peppers[MAX_P];  /* their peppers */
    int16_t total[MAX_P];        /* scores of finished games */
    /* The last trick, for the table: the cards, the target, its range. */
    uint8_t last[MAX_P], last_drew[MAX_P];
    uint8_t last_target, last_lo, last_hi, last_winner;
} dicht;

static void init(void *vs, const tb_config *cfg)
{
    dicht *s = vs;
    s->players = (uint8_t)cfg->players;
    s->games = (uint8_t)cfg->opt[OPT_GAMES];
    s->game_no = 1;
    s->phase = PH_DEAL;
}

static int current(const void *vs)
{
    const dicht *s = vs;
    switch (s->phase) {
    case PH_DEAL:
    case PH_RESHUFFLE: return TB_CHANCE;
    case PH_CHOOSE:
        /* Secret choices are taken one seat at a time, lowest seat first. */
        for (int p = 0; p < s->players; p++)
            if (!s->chosen[p])
                return p;
        return TB_TERMINAL; /* unreachable: the reveal follows at once */
    default: return TB_TERMINAL;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    const dicht *s = vs;
    if (s->phase == PH_DEAL) {
        tbi_chance_numbers(c, 2, 99, "shuffled deck (2-99)");
        return;
    }
    c->kind = TB_CHANCE_SHUFFLE;
    c->n = s->discard_n;
    c->lo = 2;
    c->hi = 99;
    c->what = "reshuffled discards";
    for (int i = 0; i < s->discard_n; i++)
        c->items[i] = s->discard[i];
}

/* Sets up one game: the 1 and the 100 opposite each other, eight cards to
 * each seat in seat order, then four cards face up into the circle (two on
 * each side between the 1 and the 100, in the order dealt), then the rest
 * as the draw pile, the first of them on top. */
static void setup_game(dicht *s, const uint16_t *deck)
{
    int k = 0;
    for (int p = 0; p < s->players; p++) {
        for (int i = 0; i < HAND_START; i++) {
            s->hand[p][i] = (uint8_t)deck[k++];
            s->card_gen[s->hand[p][i]] = 0;
        }
        s->hand_n[p] = HAND_START;
        tbi_sort_u8(s->hand[p], HAND_START);
        s->won_n[p] = 0;
        s->won_peppers[p] = 0;
        s->last[p] = 0;
    }
    s->circle[0] = 1;
    s->circle[FAR_SIDE] = DECK;
    for (int pos = 1; pos < CIRCLE; pos++)
        if (pos != FAR_SIDE)
            s->circle[pos] = (uint8_t)deck[k++];
    s->draw_n = (uint8_t)(MIDDLE - k);
    for (int i = 0; i < s->draw_n; i++)
        s->draw[s->draw_n - 1 - i] = (uint8_t)deck[k + i];
    s->discard_n = 0;
    s->gen = 0;
    s->target = 1; /* the card clockwise from the 1 */
    s->trick = 0;
    s->phase = PH_CHOOSE;
}

static void finish_trick(dicht *s);

/* Continues the draws of the trick in seat order.  Returns 0 when the draw
 * pile ran out and the discards must be reshuffled first. */
static int do_draws(dicht *s)
{
    for (int p = 0; p < s->players; p++) {
        while (s->pending[p] > 0) {
            if (s->draw_n == 0) {
                if (s->discard_n > 0) {
                    s->phase = PH_RESHUFFLE;
                    return 0;
                }
                s->pending[p] = 0; /* no card anywhere: the draw lapses */
                break;
            }
            uint8_t c = s->draw[--s->draw_n];
            s->card_gen[c] = s->gen;
            tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], c);
            s->pending[p]--;
            s->last_drew[p]++;
        }
    }
    return 1;
}

/* A reshuffle: the discard pile, in the shuffled order, becomes the new
 * draw pile (the first card on top); the trick's draws then go on. */
static void reshuffle(dicht *s, const uint16_t *order)
{
    int n = s->discard_n;
    for (int i = 0; i < n; i++)
        s->draw[n - 1 - i] = (uint8_t)order[i];
    s->draw_n = (uint8_t)n;
    s->discard_n = 0;
    s->gen++;
    s->phase = PH_CHOOSE;
    if (do_draws(s))
        finish_trick(s);
}

static void apply_chance(void *vs, const uint16_t *outcome)
{
    dicht *s = vs;
    if (s->phase == PH_DEAL)
        setup_game(s, outcome);
    else
        reshuffle(s, outcome);
}

static int legal(const void *vs, tb_action *out)
{
    const dicht *s = vs;
    int p = current(vs);
    for (int i = 0; i < s->hand_n[p]; i++)
        out[i] = s->hand[p][i];
    return s->hand_n[p];
}

/* The free range of the target: its two neighbours, lower to higher. */
static void free_range(const dicht *s, int *lo, int *hi)
{
    int a = s->circle[(s->target + CIRCLE - 1) % CIRCLE];
    int b = s->circle[(s->target + 1) % CIRCLE];
    *lo = a < b ? a : b;
    *hi = a < b ? b : a;
}

/* Whether card a beats card b for the target: closer, or as close and
 * higher ("ties go to highest card"). */
static int beats(int a, int b, int target)
{
    int da = a > target ? a - target : target - a;
    int db = b > target ? b - target : target - b;
    return da < db || (da == db && a > b);
}

static int hand_peppers(const dicht *s, int p)
{
    int n = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        n += tbi_peppers(s->hand[p][i]);
    return n;
}

/* The end of a game: won peppers count, peppers in hand count against. */
static void score_game(dicht *s)
{
    for (int p = 0; p < s->players; p++)
        s->total[p] = (int16_t)(s->total[p] + s->won_peppers[p] -
                                hand_peppers(s, p));
    if (s->game_no < s->games) {
        s->game_no++;
        s->phase = PH_DEAL;
    } else {
        s->phase = PH_OVER;
    }
}

/* After the draws: the cards that made their players draw are discarded,
 * and the game ends if a player has run out of cards; otherwise the next
 * card clockwise is the target. */
static void finish_trick(dicht *s)
{
    int empty = 0;
    for (int p = 0; p < s->players; p++) {
        if (s->outside[p])
            s->discard[s->discard_n++] = s->outside[p];
        s->outside[p] = 0;
        empty |= s->hand_n[p] == 0;
    }
    s->trick++;
    s->target = (uint8_t)((s->target + 1) % CIRCLE);
    if (empty)
        score_game(s);
}

/* Reveals the secret cards: the closest wins the target and takes its
 * place; other cards inside the free range are discarded, cards outside
 * it make their players draw its peppers, then are discarded. */
static void reveal(dicht *s)
{
    int t = s->circle[s->target], lo, hi, w = 0;
    free_range(s, &lo, &hi);
    for (int p = 1; p < s->players; p++)
        if (beats(s->chosen[p], s->chosen[w], t))
            w = p;
    s->won_n[w]++;
    s->won_peppers[w] = (int16_t)(s->won_peppers[w] + tbi_peppers(t));
    s->circle[s->target] = s->chosen[w];
    s->last_target = (uint8_t)t;
    s->last_lo = (uint8_t)lo;
    s->last_hi = (uint8_t)hi;
    s->last_winner = (uint8_t)w;
    for (int p = 0; p < s->players; p++) {
        int c = s->chosen[p];
        s->last[p] = (uint8_t)c;
        s->last_drew[p] = 0;
        s->chosen[p] = 0;
        if (p == w)
            continue;
        if (c > lo && c < hi) {
            s->discard[s->discard_n++] = (uint8_t)c;
        } else {
            s->outside[p] = (uint8_t)c;
            s->pending[p] = (uint8_t)tbi_peppers(c);
        }
    }
    if (do_draws(s))
        finish_trick(s);
}

static void apply(void *vs, tb_action a)
{
    dicht *s = vs;
    int p = current(vs);
    if (p < 0)
        return; /* unreachable: apply is only called at a seat's turn */
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)a);
    s->chosen[p] = (uint8_t)a;
    if (current(vs) == TB_TERMINAL)
        reveal(s);
}

static void result(const void *vs, tb_result *out)
{
    const dicht *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = s->total[p];
    tbi_rank_by_score(out, 1);
}

/* Finished games plus the current one as if it ended now. */
static int standing(const void *vs, double *scores)
{
    const dicht *s = vs;
    int live = s->phase == PH_CHOOSE || s->phase == PH_RESHUFFLE;
    for (int p = 0; p < s->players; p++)
        scores[p] = s->total[p] +
                    (live ? s->won_peppers[p] - hand_peppers(s, p) : 0);
    return s->trick;
}

/* Whether seat p's chosen card is still secret from `seat`. */
static int choice_hidden(const dicht *s, int p, int seat)
{
    return s->phase == PH_CHOOSE && s->chosen[p] && p != seat;
}

/* Resamples the cards `seat` has not seen, one draw-pile generation at a
 * time: the cards a hand drew from the g-th draw pile (or were dealt, g =
 * 0) can only be cards of that pile, so the other seats' cards of
 * generation g, their secret choices of it and (for the current
 * generation) the draw pile are pooled, shuffled and handed back to the
 * same places. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    dicht *s = vs;
    if (s->phase != PH_CHOOSE && s->phase != PH_RESHUFFLE)
        return;
    for (int g = 0; g <= s->gen; g++) {
        tbi_pool pool;
        tbi_pool_init(&pool);
        for (int p = 0; p < s->players; p++) {
            if (p == seat)
                continue;
            for (int i = 0; i < s->hand_n[p]; i++)
                if (s->card_gen[s->hand[p][i]] == g)
                    tbi_pool_add(&pool, s->hand[p][i]);
            if (choice_hidden(s, p, seat) && s->card_gen[s->chosen[p]] == g)
                tbi_pool_add(&pool, s->chosen[p]);
        }
        if (g == s->gen)
            tbi_pool_add_run(&pool, s->draw, s->draw_n);
        tbi_pool_shuffle(&pool, rng);
        for (int p = 0; p < s->players; p++) {
            if (p == seat)
                continue;
            for (int i = 0; i < s->hand_n[p]; i++)
                if (s->card_gen[s->hand[p][i]] == g)
                    s->hand[p][i] = tbi_pool_take(&pool);
            if (choice_hidden(s, p, seat) && s->card_gen[s->chosen[p]] == g)
                s->chosen[p] = tbi_pool_take(&pool);
            tbi_sort_u8(s->hand[p], s->hand_n[p]);
        }
        if (g == s->gen)
            tbi_pool_take_run(&pool, s->draw, s->draw_n);
        for (int i = 0; i < pool.n; i++)
            s->card_gen[pool.card[i]] = (uint8_t)g;
    }
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    snprintf(buf, cap, "%u", a);
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const dicht *s = vs;
    int p = current(vs), v;
    const char *end = tbi_read_uint(tbi_skip_space(text), &v);
    if (!end || *tbi_skip_space(end)) {
        tbi_errf(err, cap, "type the number of a card in your hand");
        return TB_EPARSE;
    }
    if (v > 255 || !tbi_hand_has(s->hand[p], s->hand_n[p], (uint8_t)v)) {
        tbi_errf(err, cap, "%d is not in your hand", v);
        return TB_EPARSE;
    }
    *out = (tb_action)v;
    return TB_OK;
}

/* Writes one card with its peppers: red for three, yellow for two; in
 * plain text a mark ' per pepper. */
static void render_card(tb_text *t, unsigned style, int card)
{
    int pep = tbi_peppers(card);
    const char *col = pep == 3 ? TBI_RED : pep == 2 ? TBI_YELLOW : TBI_RESET;
    tb_text_printf(t, "%s%d%s%s", tbi_color(style, col), card,
                   pep == 3 ? "'''" : pep == 2 ? "''" : "'",
                   tbi_color(style, TBI_RESET));
}

/* The circle from the 1's position clockwise, the target in brackets. */
static void render_circle(const dicht *s, unsigned style, tb_text *t)
{
    tb_text_puts(t, "  circle (clockwise):");
    for (int pos = 0; pos < CIRCLE; pos++) {
        int is_target = pos == s->target && s->phase == PH_CHOOSE;
        tb_text_puts(t, is_target ? "  >" : "   ");
        render_card(t, style, s->circle[pos]);
        tb_text_puts(t, is_target ? "<" : "");
    }
    tb_text_puts(t, "\n");
    if (s->phase == PH_CHOOSE) {
        int lo, hi;
        free_range(s, &lo, &hi);
        tb_text_printf(t, "  target %s%d%s, free range %d-%d\n",
                       tbi_color(style, TBI_BOLD), s->circle[s->target],
                       tbi_color(style, TBI_RESET), lo, hi);
    }
}

static void render_last_trick(const dicht *s, tb_text *t)
{
    if (!s->last[0])
        return;
    tb_text_printf(t, "  last trick: target %d (range %d-%d):", s->last_target,
                   s->last_lo, s->last_hi);
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, " seat %d %d", p, s->last[p]);
        if (p == s->last_winner)
            tb_text_puts(t, " wins");
        else if (s->last[p] < s->last_lo || s->last[p] > s->last_hi)
            tb_text_printf(t, " draws %d", s->last_drew[p]);
        else
            tb_text_puts(t, " discarded");
        tb_text_puts(t, p + 1 < s->players ? "," : "\n");
    }
}

/* The cards of seat p's hand with their peppers, on the current line. */
static void render_hand(const dicht *s, unsigned style, int p, tb_text *t)
{
    if (s->hand_n[p] == 0)
        tb_text_puts(t, " (none)");
    for (int i = 0; i < s->hand_n[p]; i++) {
        tb_text_puts(t, " ");
        render_card(t, style, s->hand[p][i]);
    }
    tb_text_puts(t, "\n");
}

/* Whether a game has just ended (the last, or one before the next deal):
 * then every hand is laid open for the scoring. */
static int game_finished(const dicht *s)
{
    return s->phase == PH_OVER || (s->phase == PH_DEAL && s->game_no > 1);
}

/* The heading: which game, which trick, and what happens now. */
static void render_heading(const dicht *s, unsigned style, tb_text *t)
{
    tb_text_printf(t, "%sDicht Dran%s  ", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET));
    if (s->phase == PH_DEAL && s->game_no == 1)
        tb_text_printf(t, "game 1 of %d to be dealt\n", s->games);
    else if (game_finished(s))
        tb_text_printf(t, "game %d of %d over after %d tricks%s\n",
                       s->phase == PH_OVER ? s->game_no : s->game_no - 1,
                       s->games, s->trick,
                       s->phase == PH_OVER ? "" : "; the next is to be dealt");
    else
        tb_text_printf(t, "game %d of %d, trick %d   draw pile %d, discards "
                       "%d%s\n", s->game_no, s->games, s->trick + 1,
                       s->draw_n, s->discard_n,
                       s->phase == PH_RESHUFFLE
                           ? "   (draw pile empty: discards reshuffled)"
                           : "");
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const dicht *s = vs;
    render_heading(s, style, t);
    if (s->phase == PH_DEAL && s->game_no == 1)
        return;
    render_circle(s, style, t);
    render_last_trick(s, t);
    int open = game_finished(s);
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  seat %d%s: %d card%s", p,
                       p == seat ? " (you)" : "", s->hand_n[p],
                       s->hand_n[p] == 1 ? "" : "s");
        if (p == seat || open)
            tb_text_printf(t, " (%d pepper%s)", hand_peppers(s, p),
                           hand_peppers(s, p) == 1 ? "" : "s");
        tb_text_printf(t, ", won %d (%d pepper%s)", s->won_n[p],
                       s->won_peppers[p], s->won_peppers[p] == 1 ? "" : "s");
        if (open)
            tb_text_printf(t, ": game score %d, total %d",
                           s->won_peppers[p] - hand_peppers(s, p), s->total[p]);
        else if (s->games > 1)
            tb_text_printf(t, ", earlier games %d", s->total[p]);
        if (s->phase == PH_CHOOSE && s->chosen[p])
            tb_text_puts(t, "  has chosen");
        tb_text_puts(t, "\n");
    }
    if (open) {
        for (int p = 0; p < s->players; p++) {
            tb_text_printf(t, "  seat %d's hand:", p);
            render_hand(s, style, p, t);
        }
    } else if (seat >= 0 && seat < s->players) {
        tb_text_puts(t, "  your hand:");
        render_hand(s, style, seat, t);
    }    tb_text_puts(t, "  peppers: one mark ' per pepper; 40''' has 3 "
                 "(multiples of 5), 36'' has 2 (other multiples of 3), 37' "
                 "has 1\n");
}

static json_t *view_json(const void *vs, int seat)
{
    const dicht *s = vs;
    static const char *phase_names[] = {"deal", "choose", "reshuffle", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "game", json_integer(s->game_no));
    json_object_set_new(v, "games", json_integer(s->games));
    json_object_set_new(v, "trick", json_integer(s->trick));
    if (s->phase != PH_DEAL) {
        json_object_set_new(v, "circle", tbi_json_int_array(s->circle, CIRCLE));
        json_object_set_new(v, "target", json_integer(s->target));
    }
    json_object_set_new(v, "draw_pile", json_integer(s->draw_n));
    json_object_set_new(v, "discards",
                        tbi_json_int_array(s->discard, s->discard_n));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "hand_size", json_integer(s->hand_n[p]));
        json_object_set_new(o, "won", json_integer(s->won_n[p]));
        json_object_set_new(o, "won_peppers", json_integer(s->won_peppers[p]));
        json_object_set_new(o, "earlier_games", json_integer(s->total[p]));
        if (s->last[p])
            json_object_set_new(o, "last", json_integer(s->last[p]));
        if (choice_hidden(s, p, seat))
            json_object_set_new(o, "chosen", json_true());
        else if (s->phase == PH_CHOOSE && s->chosen[p])
            json_object_set_new(o, "chosen", json_integer(s->chosen[p]));
        if (game_finished(s))
            json_object_set_new(o, "hand", tbi_json_int_array(
                                               s->hand[p], s->hand_n[p]));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (seat >= 0 && seat < s->players && !(s->phase == PH_DEAL &&
                                            s->game_no == 1))
        json_object_set_new(v, "hand",
                            tbi_json_int_array(s->hand[seat], s->hand_n[seat]));
    return v;
}

/* ------------------------------------------------------------ describe */

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* Writes the cards seat p drew in the trick from before to after (the
 * cards of its hand after that it did not hold before), as " 17 and 77". */
static void say_drawn(tb_text *t, const dicht *b, const dicht *s, int p)
{
    int n = 0, k = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        n += !tbi_hand_has(b->hand[p], b->hand_n[p], s->hand[p][i]);
    for (int i = 0; i < s->hand_n[p]; i++) {
        if (tbi_hand_has(b->hand[p], b->hand_n[p], s->hand[p][i]))
            continue;
        k++;
        tb_text_printf(t, "%s%d", k == 1 ? " " : k == n ? " and " : ", ",
                       s->hand[p][i]);
    }
}

/* What happened to seat p's card in the trick just revealed (s is the
 * state after it): it won, was discarded inside the free range, or made
 * its player draw; seat learns which cards it drew itself. */
static void describe_card(tb_text *t, const dicht *b, const dicht *s, int p,
                          int seat)
{
    int c = s->last[p];
    if (p == s->last_winner) {
        tb_text_printf(t, "seat %d's %d is closest and wins the %d (%d "
                       "pepper%s); the %d takes its place in the circle\n",
                       p, c, s->last_target, tbi_peppers(s->last_target),
                       plural(tbi_peppers(s->last_target)), c);
        return;
    }
    if (c > s->last_lo && c < s->last_hi) {
        tb_text_printf(t, "seat %d's %d is inside the free range and is "
                       "discarded\n", p, c);
        return;
    }
    int pep = tbi_peppers(c), later = s->pending[p];
    int drew = s->last_drew[p] + later;
    tb_text_printf(t, "seat %d's %d is outside the free range: seat %d draws "
                   "%d card%s", p, c, p, drew, plural(drew));
    if (drew < pep)
        tb_text_printf(t, " (of its %d peppers: no more cards are left)",
                       pep);
    else
        tb_text_printf(t, " (its %d pepper%s)", pep, plural(pep));
    if (p == seat && s->last_drew[p]) {
        tb_text_puts(t, ":");
        say_drawn(t, b, s, p);
        if (later)
            tb_text_printf(t, ", %d more after the reshuffle", later);
    }
    tb_text_puts(t, "\n");
}

/* The end of a game in the state after the trick that ended it: who ran
 * out, each seat's peppers won and in hand with its hand laid open, the
 * totals, and the winner or the next game. */
static void describe_game_end(tb_text *t, const dicht *s)
{
    int game = s->phase == PH_OVER ? s->game_no : s->game_no - 1;
    for (int p = 0; p < s->players; p++)
        if (s->hand_n[p] == 0)
            tb_text_printf(t, "seat %d has no cards left\n", p);
    tb_text_printf(t, "game %d of %d is over; peppers won minus peppers in "
                   "hand:\n", game, s->games);
    for (int p = 0; p < s->players; p++) {
        int hand = hand_peppers(s, p);
        tb_text_printf(t, "seat %d won %d peppers, holds %d in hand (", p,
                       s->won_peppers[p], hand);
        for (int i = 0; i < s->hand_n[p]; i++)
            tb_text_printf(t, "%s%d", i ? " " : "", s->hand[p][i]);
        tb_text_printf(t, "%s): %d this game", s->hand_n[p] ? "" : "no cards",
                       s->won_peppers[p] - hand);
        if (s->games > 1)
            tb_text_printf(t, ", %d in all", s->total[p]);
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_OVER) {
        tb_result r = {0};
        result(s, &r);
        tbi_say_winners(t, &r);
    } else {
        tb_text_printf(t, "game %d is dealt next\n", s->game_no);
    }
}

/* What seat sees when the seat to move chooses card a: the choice (the
 * card only to its chooser until all have chosen); after the last choice
 * every card against the target and its free range, the winner, the
 * discards and draws (the drawn cards only to their drawer), a reshuffle,
 * and the end of a game with its scores and every hand. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const dicht *b = vb, *s = va;
    int p = current(b);
    if (p == seat)
        tb_text_printf(t, "seat %d chooses %u\n", p, a);
    else
        tb_text_printf(t, "seat %d chooses a card\n", p);
    if (s->phase == PH_CHOOSE && s->trick == b->trick &&
        s->game_no == b->game_no)
        return; /* others are still to choose */
    tb_text_printf(t, "the cards are revealed for the target %d (free range "
                   "%d-%d):", s->last_target, s->last_lo, s->last_hi);
    for (int q = 0; q < s->players; q++)
        tb_text_printf(t, "%s seat %d %d", q ? "," : "", q, s->last[q]);
    tb_text_puts(t, "\n");
    for (int q = 0; q < s->players; q++)
        describe_card(t, b, s, q, seat);
    if (s->phase == PH_RESHUFFLE) {
        tb_text_puts(t, "the draw pile has run out: the discards are "
                     "shuffled into a new one for the rest of the draws\n");
        return;
    }
    if (s->phase == PH_OVER || s->game_no != b->game_no)
        describe_game_end(t, s);
}

/* The cards `seat` cannot place: not in its hand, not on the table, not in
 * the discard pile.  Fills unseen[] and returns their number. */
static int unseen_cards(const dicht *s, int seat, uint8_t *unseen)
{
    tbi_set128 seen = {{0, 0}};
    tbi_set_add_all(&seen, s->hand[seat], s->hand_n[seat]);
    tbi_set_add_all(&seen, s->circle, CIRCLE);
    tbi_set_add_all(&seen, s->discard, s->discard_n);
    int n = 0;
    for (int c = 2; c < DECK; c++)
        if (!tbi_set_has(&seen, (unsigned)c))
            unseen[n++] = (uint8_t)c;
    return n;
}

/* A policy from the seat's own knowledge: for each card, the chance that
 * no other player beats it (each opponent taken to pick the best of a few
 * unseen cards), the peppers of the target that a win brings, the peppers
 * the card takes out of the hand, and the expected cost of the cards a
 * losing card outside the free range makes its player draw. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const dicht *s = vs;
    (void)rng;
    uint8_t unseen[MIDDLE];
    int n_unseen = unseen_cards(s, seat, unseen);
    int t = s->circle[s->target], lo, hi;
    free_range(s, &lo, &hi);
    double best = -1e9;
    tb_action pick = s->hand[seat][0];
    for (int i = 0; i < s->hand_n[seat]; i++) {
        int c = s->hand[seat][i];
        int beaten_by = 0;
        for (int k = 0; k < n_unseen; k++)
            beaten_by += beats(unseen[k], c, t);
        double q = n_unseen ? (double)beaten_by / n_unseen : 0.0;
        double p_win = 1.0;
        for (int p = 0; p < s->players; p++)
            if (p != seat)
                p_win *= pow(1.0 - q, s->hand_n[p] < 3 ? s->hand_n[p] : 3);
        int outside = c < lo || c > hi;
        double value = p_win * tbi_peppers(t) + tbi_peppers(c);
        if (outside)
            value -= (1.0 - p_win) * tbi_peppers(c) * 2.5;
        if (value > best) {
            best = value;
            pick = (tb_action)c;
        }
    }
    return pick;
}

/* A game's deal: each seat is told its own hand, everyone the five cards
 * laid face up round the circle.  A reshuffle of the discards (which the
 * trick's description announced) lets the trick's draws go on: each seat
 * learns the cards it drew, the others how many; a game that ends with
 * those draws is told too. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const dicht *b = vb, *s = va;
    (void)outcome;
    (void)n;
    if (b->phase == PH_DEAL) {
        tbi_say_deal(t, seat, s->players, &s->hand[0][0], MIDDLE, s->hand_n,
                     tbi_number_namer, NULL);
        tb_text_puts(t, "the circle, clockwise from the 1: ");
        tbi_say_cards(t, s->circle, CIRCLE, tbi_number_namer, NULL);
        tb_text_puts(t, "\n");
        return;
    }
    tbi_say_draws(t, seat, s->players, &b->hand[0][0], b->hand_n,
                  &s->hand[0][0], s->hand_n, MIDDLE, tbi_number_namer, NULL);
    if (s->phase == PH_OVER || s->game_no != b->game_no)
        describe_game_end(t, s);
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md), cards as 98 values over 2-99:
 * its hand (flags), the discard pile (flags), and the cards it has not
 * seen (the others' hands and secret choices and the draw pile), each
 * given as its draw-pile generation plus one (/10, 0 for a card it has
 * seen): determinize deals them again only within a generation; the
 * circle's six cards from the 1's place clockwise (/100) and the target's
 * place (one-hot); per seat from seat on, its cards in hand (/20), cards
 * won (/20) and their peppers (/20), the score of earlier games (/30),
 * the card it revealed last (/100) and the cards that made it draw
 * (/5), its chosen card when seat may see it (/100) and whether a secret
 * one is chosen, its card outside the range and the cards it has still to
 * draw (/5) while the discards are reshuffled; the last trick's target,
 * range (/100) and winner (one-hot); the draw pile (/98), the draw piles
 * formed (/10), the trick (/50), the game and the games to play (/2), the
 * seat to act (one-hot), the phase.  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const dicht *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players;
    uint8_t gen1[DECK + 1] = {0}; /* an unseen card's generation + 1 */
    for (int p = 0; p < n; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->hand_n[p]; i++)
            gen1[s->hand[p][i]] = (uint8_t)(s->card_gen[s->hand[p][i]] + 1);
        if (choice_hidden(s, p, seat))
            gen1[s->chosen[p]] = (uint8_t)(s->card_gen[s->chosen[p]] + 1);
    }
    for (int i = 0; i < s->draw_n; i++)
        gen1[s->draw[i]] = (uint8_t)(s->gen + 1);
    tbi_obs_cards(&o, s->hand[seat], s->hand_n[seat], 2, MIDDLE);
    tbi_obs_cards(&o, s->discard, s->discard_n, 2, MIDDLE);
    for (int c = 2; c < DECK; c++)
        tbi_obs_scalar(&o, gen1[c] / 10.0);
    for (int pos = 0; pos < CIRCLE; pos++)
        tbi_obs_scalar(&o, s->circle[pos] / 100.0);
    tbi_obs_onehot(&o, s->phase == PH_DEAL ? -1 : s->target, CIRCLE);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n, hidden = choice_hidden(s, p, seat);
        tbi_obs_scalar(&o, s->hand_n[p] / 20.0);
        tbi_obs_scalar(&o, s->won_n[p] / 20.0);
        tbi_obs_scalar(&o, s->won_peppers[p] / 20.0);
        tbi_obs_scalar(&o, s->total[p] / 30.0);
        tbi_obs_scalar(&o, s->last[p] / 100.0);
        tbi_obs_scalar(&o, s->last_drew[p] / 5.0);
        tbi_obs_scalar(&o, hidden ? 0 : s->chosen[p] / 100.0);
        tbi_obs_scalar(&o, hidden);
        tbi_obs_scalar(&o, s->outside[p] / 100.0);
        tbi_obs_scalar(&o, s->pending[p] / 5.0);
    }
    tbi_obs_scalar(&o, s->last_target / 100.0);
    tbi_obs_scalar(&o, s->last_lo / 100.0);
    tbi_obs_scalar(&o, s->last_hi / 100.0);
    tbi_obs_onehot(&o, (s->last_winner - seat + n) % n, n);
    tbi_obs_scalar(&o, s->draw_n / (double)MIDDLE);
    tbi_obs_scalar(&o, s->gen / 10.0);
    tbi_obs_scalar(&o, s->trick / 50.0);
    tbi_obs_scalar(&o, s->game_no / 2.0);
    tbi_obs_scalar(&o, s->games / 2.0);
    int cur = current(s);
    tbi_obs_onehot(&o, cur >= 0 ? (cur - seat + n) % n : -1, n);
    tbi_obs_onehot(&o, s->phase, 4);
    return o.at;
}

/* Card c (2-99: the 1 and the 100 never reach a hand) is c - 2. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return MIDDLE;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return (int)a - 2;
}

const tb_game tbg_dicht_dran = {
    .id = "dicht-dran",
    .title = "Dicht Dran",
    .blurb = "secret bids for the target card of a circle; play close, "
             "stay in range, shed your peppers",
    .min_players = 3,
    .max_players = 5,
    .flags = TB_GAME_SIMULTANEOUS | TB_GAME_HIDDEN,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(dicht),
    .init = init,
    .current = current,
    .chance = chance,
    .apply_chance = apply_chance,
    .legal = legal,
    .apply = apply,
    .result = result,
    .determinize = determinize,
    .action_text = action_text,
    .parse_action = parse_action,
    .render = render,
    .view_json = view_json,
    .standing = standing,
    .heuristic = heuristic,
    .describe = describe,
    .describe_chance = describe_chance,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
