/*
 * six_nimmt.c - 6 nimmt! (2-9 players with cards 1-100, 2-10 with the
 * retail 104-card deck).  Every player picks a card in secret; the cards are
 * revealed and placed lowest first into four rows; the sixth card of a row
 * takes the five before it, and a card lower than every row end takes a row
 * of its player's choice.  Rounds repeat until someone reaches 66 heads.
 *
 * Actions: a card number while choosing; ROW_ACTION + r when taking row r.
 */
#include "cards.h"
#include "dealt.h"
#include "deck100.h"
#include "internal.h"
#include "obs.h"
#include "redeal.h"

#include <string.h>

#define MAX_P 10
#define HAND 10
#define ROWS 4
#define ROW_MAX 5
#define ROW_ACTION 200u

enum { OPT_CARDS, OPT_TARGET, OPT_SINGLE_ROUND };
enum phase { PH_DEAL, PH_CHOOSE, PH_TAKE_ROW, PH_OVER };

static const char *const cards_choices[] = {"100", "104"};

static const tb_option_def options[] = {
    [OPT_CARDS] = {"cards", "deck: 100 (the rules' cards 1-100, 2-9 players) "
                   "or 104 (the retail deck, 2-10 players)",
                   TB_OPT_ENUM, 0, 0, 1, cards_choices},
    [OPT_TARGET] = {"target", "the game ends after the round in which a "
                    "player reaches this many cattle heads",
                    TB_OPT_INT, 66, 1, 999, NULL},
    [OPT_SINGLE_ROUND] = {"single-round", "play one round of ten cards only",
                          TB_OPT_BOOL, 0, 0, 1, NULL},
};

typedef struct nimmt {
    uint8_t players, deck_size, single_round, phase;
    uint16_t target, round;
    uint8_t hand[MAX_P][HAND], hand_n[MAX_P];
    uint8_t row[ROWS][ROW_MAX], row_n[ROWS];
    uint8_t row_sum[ROWS]; /* cattle heads in each row, kept up to date */
    uint8_t row_end[ROWS]; /* the last card of each row, kept up to date */
    uint8_t to_move;       /* while choosing: the next seat to choose */
    uint8_t chosen[MAX_P]; /* this turn's secret card, 0 while unchosen */
    uint8_t n_chosen;
    uint8_t order[MAX_P];  /* seats by ascending chosen card */
    uint8_t placed;        /* how many of order[] are placed */
    uint8_t last[MAX_P];   /* the cards revealed last turn (public), 0
                              before a round's first reveal */
    uint8_t undealt_n;     /* cards of the deck not dealt this round */
    uint8_t undealt[104];
    int16_t heads[MAX_P];  /* heads taken in earlier rounds */
    int16_t round_heads[MAX_P];
} nimmt;

static int check_config(const tb_config *cfg, char *err, size_t cap)
{
    if (cfg->opt[OPT_CARDS] == 0 && cfg->players > 9) {
        tbi_errf(err, cap, "6-nimmt with cards=100 is for 2 to 9 players; "
                 "use --opt cards=104 for 10");
        return TB_EINVAL;
    }
    return TB_OK;
}

static void init(void *vs, const tb_config *cfg)
{
    nimmt *s = vs;
    s->players = (uint8_t)cfg->players;
    s->deck_size = cfg->opt[OPT_CARDS] ? 104 : 100;
    s->target = (uint16_t)cfg->opt[OPT_TARGET];
    s->single_round = (uint8_t)cfg->opt[OPT_SINGLE_ROUND];
    s->phase = PH_DEAL;
}

static int current(const void *vs)
{
    const nimmt *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_OVER: return TB_TERMINAL;
    case PH_TAKE_ROW: return s->order[s->placed];
    default:
        /* Secret choices are taken one seat at a time, lowest seat first. */
        return s->to_move;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    const nimmt *s = vs;
    tbi_chance_numbers(c, 1, s->deck_size, "shuffled deck");
}

/* Deals a shuffled deck: ten cards to each seat in turn, then four rows.
 * Each hand comes out sorted by marking its cards in a 128-bit set and
 * reading the set back in order, cheaper than sorting every hand. */
static void apply_chance(void *vs, const uint16_t *deck)
{
    nimmt *s = vs;
    int k = 0;
    for (int p = 0; p < s->players; p++) {
        tbi_set128 set = {{0, 0}};
        for (int i = 0; i < HAND; i++)
            tbi_set_add(&set, deck[k++]);
        s->hand_n[p] = (uint8_t)tbi_set_to_sorted(&set, s->hand[p]);
        s->chosen[p] = 0;
        s->last[p] = 0;
        s->round_heads[p] = 0;
    }
    for (int r = 0; r < ROWS; r++) {
        s->row[r][0] = s->row_end[r] = (uint8_t)deck[k++];
        s->row_n[r] = 1;
        s->row_sum[r] = tbi_cattle_heads_table[s->row[r][0]];
    }
    s->undealt_n = (uint8_t)(s->deck_size - k);
    for (int i = 0; k < s->deck_size; i++)
        s->undealt[i] = (uint8_t)deck[k++];
    s->n_chosen = 0;
    s->to_move = 0;
    s->round++;
    s->phase = PH_CHOOSE;
}

static int legal(const void *vs, tb_action *out)
{
    const nimmt *s = vs;
    if (s->phase == PH_TAKE_ROW) {
        for (int r = 0; r < ROWS; r++)
            out[r] = ROW_ACTION + (tb_action)r;
        return ROWS;
    }
    int p = current(vs);
    for (int i = 0; i < s->hand_n[p]; i++)
        out[i] = s->hand[p][i];
    return s->hand_n[p];
}

/* What a reveal or a row choice did, card by card, for describe: apply
 * passes no log, describe replays the action with one. */
enum ev_kind {
    EV_JOIN,    /* the card went to the end of a row (rules 1-2) */
    EV_SIXTH,   /* the card was the sixth of a row and took it (rule 3) */
    EV_TOO_LOW, /* the card is below every row: its player must take one */
    EV_TAKE     /* the player took the chosen row (rule 4) */
};
typedef struct nimmt_log {
    int n;
    struct {
        uint8_t kind, seat, card, row, cards, heads;
    } ev[MAX_P + 1];
} nimmt_log;

/* Notes one event in log, when there is a log. */
static void log_event(nimmt_log *log, int kind, int p, int card, int r,
                      int cards, int heads)
{
    if (!log || log->n >= MAX_P + 1)
        return;
    log->ev[log->n].kind = (uint8_t)kind;
    log->ev[log->n].seat = (uint8_t)p;
    log->ev[log->n].card = (uint8_t)card;
    log->ev[log->n].row = (uint8_t)r;
    log->ev[log->n].cards = (uint8_t)cards;
    log->ev[log->n].heads = (uint8_t)heads;
    log->n++;
}

/* Gives row r to seat p and starts it again with card; kind says why
 * (EV_SIXTH or EV_TAKE) for the log. */
static void take_row(nimmt *s, int p, int r, uint8_t card, int kind,
                     nimmt_log *log)
{
    log_event(log, kind, p, card, r, s->row_n[r], s->row_sum[r]);
    s->round_heads[p] = (int16_t)(s->round_heads[p] + s->row_sum[r]);
    s->row[r][0] = s->row_end[r] = card;
    s->row_n[r] = 1;
    s->row_sum[r] = tbi_cattle_heads_table[card];
}

/* The row a card joins by rules 1 and 2 (the row whose last card is the
 * highest below it), or -1 when it is lower than every row (rule 4). */
static int row_for(const nimmt *s, int card)
{
    int best = -1, best_end = 0;
    for (int r = 0; r < ROWS; r++) {
        int end = s->row_end[r];
        if (end < card && end > best_end) {
            best = r;
            best_end = end;
        }
    }
    return best;
}

/* Ends a round when the hands are empty: scores it and either ends the game
 * or asks for a new deal. */
static void end_turn(nimmt *s)
{
    memset(s->chosen, 0, sizeof s->chosen);
    s->n_chosen = 0;
    s->to_move = 0;
    s->phase = PH_CHOOSE;
    if (s->hand_n[0] > 0)
        return;
    int over = s->single_round;
    for (int p = 0; p < s->players; p++) {
        s->heads[p] = (int16_t)(s->heads[p] + s->round_heads[p]);
        s->round_heads[p] = 0;
        if (s->heads[p] >= s->target)
            over = 1;
    }
    s->phase = over ? PH_OVER : PH_DEAL;
}

/* Places the revealed cards in ascending order until all are placed or a
 * player must choose a row to take (rule 4), noting each step in log. */
static void place_cards(nimmt *s, nimmt_log *log)
{
    while (s->placed < s->players) {
        int p = s->order[s->placed];
        uint8_t card = s->chosen[p];
        int r = row_for(s, card);
        if (r < 0) {
            log_event(log, EV_TOO_LOW, p, card, 0, 0, 0);
            s->phase = PH_TAKE_ROW;
            return;
        }
        if (s->row_n[r] == ROW_MAX) {
            take_row(s, p, r, card, EV_SIXTH, log); /* rule 3 */
        } else {
            log_event(log, EV_JOIN, p, card, r, 0, 0);
            s->row[r][s->row_n[r]++] = s->row_end[r] = card;
            s->row_sum[r] = (uint8_t)(s->row_sum[r] + tbi_cattle_heads_table[card]);
        }
        s->placed++;
    }
    end_turn(s);
}

/* Reveals the secret cards: orders the seats by the card they chose. */
static void reveal(nimmt *s, nimmt_log *log)
{
    for (int p = 0; p < s->players; p++) {
        s->last[p] = s->chosen[p];
        int i = p;
        while (i > 0 && s->chosen[s->order[i - 1]] > s->chosen[p]) {
            s->order[i] = s->order[i - 1];
            i--;
        }
        s->order[i] = (uint8_t)p;
    }
    s->placed = 0;
    place_cards(s, log);
}

/* Applies an action, noting in log (when not NULL) what it brought about. */
static void apply_logged(nimmt *s, tb_action a, nimmt_log *log)
{
    if (s->phase == PH_TAKE_ROW) {
        int p = s->order[s->placed];
        take_row(s, p, (int)(a - ROW_ACTION), s->chosen[p], EV_TAKE, log);
        s->placed++;
        s->phase = PH_CHOOSE;
        place_cards(s, log);
        return;
    }
    int p = s->to_move;
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)a);
    s->chosen[p] = (uint8_t)a;
    s->to_move = (uint8_t)(p + 1);
    if (++s->n_chosen == s->players)
        reveal(s, log);
}

static void apply(void *vs, tb_action a)
{
    apply_logged(vs, a, NULL);
}

static void result(const void *vs, tb_result *out)
{
    const nimmt *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = -(double)s->heads[p];
    tbi_rank_by_score(out, 1);
}

static int standing(const void *vs, double *scores)
{
    const nimmt *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = -(double)(s->heads[p] + s->round_heads[p]);
    return s->round;
}

/* Whether seat p's chosen card is still secret from seat `seat`. */
static int choice_hidden(const nimmt *s, int p, int seat)
{
    return s->phase == PH_CHOOSE && s->chosen[p] && p != seat;
}

/* Deals the unseen cards again: the other hands, the others' secret
 * choices and the undealt cards are pooled, shuffled and handed back out in
 * the same numbers. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    nimmt *s = vs;
    if (s->phase == PH_DEAL || s->phase == PH_OVER)
        return;
    tbi_pool pool;
    tbi_pool_init(&pool);
    tbi_pool_add_hands(&pool, s->hand[0], sizeof s->hand[0], s->hand_n,
                       s->players, seat);
    for (int p = 0; p < s->players; p++)
        if (choice_hidden(s, p, seat))
            tbi_pool_add(&pool, s->chosen[p]);
    tbi_pool_add_run(&pool, s->undealt, s->undealt_n);
    tbi_pool_shuffle(&pool, rng);
    tbi_pool_take_hands(&pool, s->hand[0], sizeof s->hand[0], s->hand_n,
                        s->players, seat);
    for (int p = 0; p < s->players; p++)
        if (choice_hidden(s, p, seat))
            s->chosen[p] = tbi_pool_take(&pool);
    tbi_pool_take_run(&pool, s->undealt, s->undealt_n);
}

/* ------------------------------------------------------------ heuristic */

/* The cards this seat has not seen: the other hands, their secret choices
 * and the unused cards.  Their union is the same in every determinization,
 * so the heuristic reads only what the seat knows. */
static void unseen_cards(const nimmt *s, int seat, tbi_set128 *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < s->undealt_n; i++)
        tbi_set_add(out, s->undealt[i]);
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->hand_n[p]; i++)
            tbi_set_add(out, s->hand[p][i]);
        if (choice_hidden(s, p, seat))
            tbi_set_add(out, s->chosen[p]);
    }
}

/* Probability that at least `need` of `others` independent cards land in a
 * gap that each hits with probability q (a binomial tail). */
static double at_least(int need, int others, double q)
{
    if (need <= 0)
        return 1.0;
    double tail = 0, term = 1;
    /* term = C(others, k) q^k (1-q)^(others-k), summed for k >= need. */
    for (int k = 0; k < others; k++)
        term *= 1 - q;
    for (int k = 0; k <= others; k++) {
        if (k >= need)
            tail += term;
        if (k < others)
            term = q < 1 ? term * (others - k) / (k + 1) * q / (1 - q) : 0;
    }
    return tail;
}

/* Expected cattle heads a card costs if played now: a card below every row
 * takes the cheapest row; otherwise it is the sixth card if enough of the
 * other players' cards land between the row's end and it. */
static double card_risk(const nimmt *s, int card, const tbi_set128 *unseen,
                        int unseen_n, int others)
{
    int r = row_for(s, card);
    if (r < 0) {
        int cheapest = 255;
        for (int k = 0; k < ROWS; k++)
            cheapest = s->row_sum[k] < cheapest ? s->row_sum[k] : cheapest;
        return cheapest + 0.5;
    }
    int between = 0;
    for (int c = s->row_end[r] + 1; c < card; c++)
        between += tbi_set_has(unseen, (unsigned)c);
    double q = unseen_n ? (double)between / unseen_n : 0;
    double p_take = at_least(ROW_MAX - s->row_n[r], others, q);
    return p_take * (s->row_sum[r] + 1.5 * (ROW_MAX - s->row_n[r]));
}

/* A decent player: plays the card with the lowest expected cost, breaking
 * ties towards higher cards (low cards are kept to take cheap rows later);
 * under rule 4 takes the row with the fewest heads. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const nimmt *s = vs;
    (void)rng;
    if (s->phase == PH_TAKE_ROW) {
        int best = 0;
        for (int r = 1; r < ROWS; r++)
            if (s->row_sum[r] < s->row_sum[best] ||
                (s->row_sum[r] == s->row_sum[best] &&
                 s->row_end[r] > s->row_end[best]))
                best = r;
        return ROW_ACTION + (tb_action)best;
    }
    tbi_set128 unseen;
    unseen_cards(s, seat, &unseen);
    int unseen_n = tbi_set_count(&unseen);
    int others = s->players - 1;
    double best_risk = 1e9;
    int best = s->hand[seat][0];
    for (int i = 0; i < s->hand_n[seat]; i++) {
        int card = s->hand[seat][i];
        double risk = card_risk(s, card, &unseen, unseen_n, others);
        if (risk <= best_risk + 1e-9) {
            best_risk = risk;
            best = card;
        }
    }
    return (tb_action)best;
}

/* Takes back the secret choices seat has not seen this turn: the cards go
 * back to their hands and those seats choose again before seat (search
 * replays them with its model of the players). */
static void retract(void *vs, int seat)
{
    nimmt *s = vs;
    if (s->phase != PH_CHOOSE)
        return;
    for (int p = s->players - 1; p >= 0; p--) {
        if (!choice_hidden(s, p, seat))
            continue;
        tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], s->chosen[p]);
        s->chosen[p] = 0;
        s->n_chosen--;
        s->to_move = (uint8_t)p; /* the lowest seat retracted chooses next */
    }
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    if (a >= ROW_ACTION)
        snprintf(buf, cap, "r%u", a - ROW_ACTION + 1);
    else
        snprintf(buf, cap, "%u", a);
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const nimmt *s = vs;
    int v;
    int row = (text[0] == 'r' || text[0] == 'R');
    const char *end = tbi_read_uint(row ? text + 1 : text, &v);
    if (!end || *tbi_skip_space(end)) {
        tbi_errf(err, cap, s->phase == PH_TAKE_ROW
                               ? "type the row to take: r1 to r4"
                               : "type the number of a card in your hand");
        return TB_EPARSE;
    }
    if (s->phase == PH_TAKE_ROW) {
        if (v < 1 || v > ROWS) {
            tbi_errf(err, cap, "there are rows r1 to r4");
            return TB_EPARSE;
        }
        *out = ROW_ACTION + (tb_action)(v - 1);
        return TB_OK;
    }
    if (row) {
        tbi_errf(err, cap, "you take a row only when your card is lower than "
                 "every row; now choose a card");
        return TB_EPARSE;
    }
    if (!tbi_hand_has(s->hand[current(vs)], s->hand_n[current(vs)],
                      (uint8_t)(v > 255 ? 0 : v))) {
        tbi_errf(err, cap, "%d is not in your hand", v);
        return TB_EPARSE;
    }
    *out = (tb_action)v;
    return TB_OK;
}

/* "s" after a count other than one. */
static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* The width a card takes on screen: "44·5 " with Unicode, "44(5) "
 * in plain text, where a dot would read as a decimal point ("40.3"). */
static int card_width(unsigned style)
{
    return style & TB_STYLE_UNICODE ? 6 : 7;
}

/* Writes one card with its heads when it has more than one ("44·5",
 * plain "44(5)"), coloured by how dangerous it is, padded to card_width. */
static void render_card(tb_text *t, unsigned style, int card)
{
    int h = tbi_cattle_heads_table[card];
    const char *col = h >= 5 ? TBI_RED : h >= 2 ? TBI_YELLOW : TBI_RESET;
    tb_text_printf(t, "%s%3d", tbi_color(style, col), card);
    if (h == 1)
        tb_text_printf(t, "%s%*s", tbi_color(style, TBI_RESET),
                       card_width(style) - 3, "");
    else if (style & TB_STYLE_UNICODE)
        tb_text_printf(t, "\xc2\xb7%d%s ", h, tbi_color(style, TBI_RESET));
    else
        tb_text_printf(t, "(%d)%s ", h, tbi_color(style, TBI_RESET));
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const nimmt *s = vs;
    tb_text_printf(t, "%s6 nimmt!%s  ", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET));
    if (s->phase == PH_OVER)
        tb_text_printf(t, "game over after round %d\n", s->round);
    else if (s->phase == PH_DEAL && s->round > 0)
        tb_text_printf(t, "round %d is over; the next is to be dealt (to %d "
                       "heads)\n", s->round, s->target);
    else if (s->phase == PH_DEAL)
        tb_text_printf(t, "to be dealt (to %d heads)\n", s->target);
    else
        tb_text_printf(t, "round %d, to %d heads\n", s->round, s->target);
    for (int r = 0; r < ROWS && s->round > 0; r++) {
        tb_text_printf(t, "  r%d |", r + 1);
        for (int i = 0; i < s->row_n[r]; i++)
            render_card(t, style, s->row[r][i]);
        tb_text_printf(t, "%*s| %d head%s\n",
                       (ROW_MAX - s->row_n[r]) * card_width(style), "",
                       s->row_sum[r], plural(s->row_sum[r]));
    }
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  seat %d%s: %d head%s", p,
                       p == seat ? " (you)" : "", s->heads[p],
                       plural(s->heads[p]));
        if (s->phase == PH_CHOOSE || s->phase == PH_TAKE_ROW)
            tb_text_printf(t, " (+%d this round)", s->round_heads[p]);
        if (s->phase == PH_TAKE_ROW || (s->chosen[p] && !choice_hidden(s, p, seat)))
            tb_text_printf(t, "  plays %d", s->chosen[p]);
        else if (s->chosen[p])
            tb_text_puts(t, "  has chosen");
        if (s->last[p] && s->phase != PH_TAKE_ROW)
            tb_text_printf(t, "%s played %d last turn",
                           s->chosen[p] ? "," : " ", s->last[p]);
        tb_text_puts(t, "\n");
    }
    if (seat >= 0 && seat < s->players && s->phase != PH_DEAL &&
        s->phase != PH_OVER) {
        tb_text_puts(t, "  your hand:");
        for (int i = 0; i < s->hand_n[seat]; i++)
            render_card(t, style, s->hand[seat][i]);
        tb_text_puts(t, "\n");
    }
    if (s->round > 0)
        tb_text_printf(t, "  cattle heads: %s is the 44 with 5 heads; a card "
                       "without a mark has 1 head\n",
                       style & TB_STYLE_UNICODE ? "44\xc2\xb7" "5" : "44(5)");
    if (s->phase == PH_TAKE_ROW)
        tb_text_printf(t, "  seat %d's %d is lower than every row: seat %d "
                       "takes a row (r1-r4)\n", s->order[s->placed],
                       s->chosen[s->order[s->placed]], s->order[s->placed]);
}

static json_t *view_json(const void *vs, int seat)
{
    const nimmt *s = vs;
    json_t *v = json_object();
    static const char *phase_names[] = {"deal", "choose", "take-row", "over"};
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "round", json_integer(s->round));
    json_object_set_new(v, "target", json_integer(s->target));
    json_t *rows = json_array();
    for (int r = 0; r < ROWS && s->round > 0; r++)
        json_array_append_new(rows, tbi_json_int_array(s->row[r], s->row_n[r]));
    json_object_set_new(v, "rows", rows);
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "heads", json_integer(s->heads[p]));
        json_object_set_new(o, "round_heads", json_integer(s->round_heads[p]));
        json_object_set_new(o, "hand_size", json_integer(s->hand_n[p]));
        if (s->last[p])
            json_object_set_new(o, "last", json_integer(s->last[p]));
        if (choice_hidden(s, p, seat))
            json_object_set_new(o, "chosen", json_true());
        else if (s->chosen[p])
            json_object_set_new(o, "chosen", json_integer(s->chosen[p]));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (seat >= 0 && seat < s->players)
        json_object_set_new(v, "hand",
                            tbi_json_int_array(s->hand[seat], s->hand_n[seat]));
    return v;
}

/* ------------------------------------------------------------ describe */

/* One step of a reveal or a row choice, as the table sees it. */
static void describe_event(tb_text *t, int kind, int p, int card, int row,
                           int cards, int heads)
{
    switch (kind) {
    case EV_JOIN:
        tb_text_printf(t, "seat %d's %d joins row %d\n", p, card, row + 1);
        break;
    case EV_SIXTH:
        tb_text_printf(t, "seat %d's %d is the sixth card of row %d: seat %d "
                       "takes its %d cards (%d head%s), and the %d starts the "
                       "row\n", p, card, row + 1, p, cards, heads,
                       plural(heads), card);
        break;
    case EV_TOO_LOW:
        tb_text_printf(t, "seat %d's %d is lower than every row: seat %d "
                       "must take a row\n", p, card, p);
        break;
    default: /* EV_TAKE */
        tb_text_printf(t, "seat %d takes row %d (%d card%s, %d head%s), and "
                       "its %d starts the row\n", p, row + 1, cards,
                       plural(cards), heads, plural(heads), card);
        break;
    }
}

/* What seat sees when the seat to move takes action a: its choice (the
 * card only to the chooser until all have chosen), then the reveal with
 * every card, each placement lowest first, the rows taken, and the end of
 * the round and of the game with their scores.  The action is replayed on
 * a copy with a log, so the words follow the very rules apply follows. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const nimmt *b = vb;
    (void)va; /* the replay below reaches the same state */
    nimmt s = *b;
    nimmt_log log;
    log.n = 0;
    apply_logged(&s, a, &log);
    int p = current(b);
    if (b->phase == PH_CHOOSE) {
        if (p == seat)
            tb_text_printf(t, "seat %d chooses %u\n", p, a);
        else
            tb_text_printf(t, "seat %d chooses a card\n", p);
        if (b->n_chosen + 1 == b->players) {
            tb_text_puts(t, "the cards are revealed:");
            for (int q = 0; q < b->players; q++)
                tb_text_printf(t, "%s seat %d %d", q ? "," : "", q,
                               q == p ? (int)a : b->chosen[q]);
            tb_text_puts(t, "; they are placed lowest first\n");
        }
    }
    for (int i = 0; i < log.n; i++)
        describe_event(t, log.ev[i].kind, log.ev[i].seat, log.ev[i].card,
                       log.ev[i].row, log.ev[i].cards, log.ev[i].heads);
    if (s.phase != PH_DEAL && s.phase != PH_OVER)
        return;
    tb_text_printf(t, "round %d is over; heads this round (and in all):",
                   s.round);
    for (int q = 0; q < s.players; q++)
        tb_text_printf(t, "%s seat %d %d (%d)", q ? "," : "", q,
                       s.heads[q] - b->heads[q], s.heads[q]);
    tb_text_puts(t, "\n");
    if (s.phase == PH_OVER) {
        tb_result r = {0};
        result(&s, &r);
        if (s.single_round)
            tb_text_puts(t, "the game ends after its one round; fewest heads "
                         "wins: ");
        else {
            int n = 0;
            for (int q = 0; q < s.players; q++)
                if (s.heads[q] >= s.target)
                    tb_text_printf(t, "%sseat %d", n++ ? " and " : "", q);
            tb_text_printf(t, " reached %d heads, so the game ends; fewest "
                           "heads wins: ", s.target);
        }
        tbi_say_winners(t, &r);
    }
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md), cards as flags over the deck:
 * its hand, each row's cards, the cards it has not seen (the others'
 * hands and secret choices and the undealt cards: every other card is in
 * sight or gone this round); then per seat counted from seat, the heads
 * of earlier rounds and of this one (/target), the cards in hand (/10),
 * the card revealed last (/deck), the card chosen when seat may see it
 * (/deck) and whether a secret one is chosen; the seat to act (one-hot),
 * the phase, the round (/10).  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const nimmt *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, deck = s->deck_size;
    double target = s->target, cards = deck;
    tbi_obs_cards(&o, s->hand[seat], s->hand_n[seat], 1, deck);
    for (int r = 0; r < ROWS; r++)
        tbi_obs_cards(&o, s->row[r], s->round > 0 ? s->row_n[r] : 0, 1, deck);
    tbi_set128 unseen;
    unseen_cards(s, seat, &unseen);
    tbi_obs_set128(&o, &unseen, 1, deck);
    for (int k = 0; k < n; k++) {
        int p = (seat + k) % n;
        int hidden = choice_hidden(s, p, seat);
        tbi_obs_scalar(&o, s->heads[p] / target);
        tbi_obs_scalar(&o, s->round_heads[p] / target);
        tbi_obs_scalar(&o, s->hand_n[p] / 10.0);
        tbi_obs_scalar(&o, s->last[p] / cards);
        tbi_obs_scalar(&o, hidden ? 0 : s->chosen[p] / cards);
        tbi_obs_scalar(&o, hidden);
    }
    int cur = s->phase == PH_CHOOSE || s->phase == PH_TAKE_ROW
                  ? (current(s) - seat + n) % n : -1;
    tbi_obs_onehot(&o, cur, n);
    tbi_obs_onehot(&o, s->phase, 4);
    tbi_obs_scalar(&o, s->round / 10.0);
    return o.at;
}

/* Cards 1..deck are actions 0..deck-1; the rows follow. */
static int action_space(const tb_config *cfg)
{
    return (cfg->opt[OPT_CARDS] ? 104 : 100) + ROWS;
}

static int action_index(const void *vs, tb_action a)
{
    const nimmt *s = vs;
    return a >= ROW_ACTION ? s->deck_size + (int)(a - ROW_ACTION)
                           : (int)a - 1;
}

/* A round's deal: each seat is told its own ten cards, everyone the four
 * cards that start the rows. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const nimmt *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    tbi_say_deal(t, seat, s->players, &s->hand[0][0], HAND, s->hand_n,
                 tbi_number_namer, NULL);
    uint8_t starts[ROWS];
    for (int r = 0; r < ROWS; r++)
        starts[r] = s->row[r][0];
    tb_text_puts(t, "the rows start with ");
    tbi_say_cards(t, starts, ROWS, tbi_number_namer, NULL);
    tb_text_puts(t, "\n");
}

const tb_game tbg_six_nimmt = {
    .id = "6-nimmt",
    .title = "6 nimmt!",
    .blurb = "secret simultaneous card play into four rows; avoid cattle heads",
    .min_players = 2,
    .max_players = 10,
    .flags = TB_GAME_SIMULTANEOUS | TB_GAME_HIDDEN,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(nimmt),
    .check_config = check_config,
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
    /* Opponent models: measured in docs/bots.md ("Opponent models"). */
    .search_defaults = "opp=on",
    /* At 4 players the root's cards are compared in paired worlds, which
     * put the search clearly ahead of flat Monte Carlo of the same time
     * per move (docs/bots.md, "Against flat Monte Carlo"); the other
     * counts are not measured yet. */
    .search_defaults_for = {[4] = "pair=on"},
    .retract = retract,
    .describe = describe,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
    .describe_chance = describe_chance,
};
