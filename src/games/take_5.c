/*
 * take_5.c - Take 5 (Hornochsen), 2-6 players with cards 1-100.  Cards
 * laid in a circle start the sets; on a turn a player adds one to three
 * cards: a bull card joins the one set its number fits (by End-Numbers,
 * wrapping to the set with the largest End-Number), a special card ("x2" or
 * "+5") joins a set of the player's choice.  The fifth bull card of a set
 * takes the whole set.  When the last set is taken, green bulls count plus,
 * red bulls minus, "+5" cards add five, "x2" cards double the score, and
 * special cards still in hand cost ten each.  Highest score wins.
 *
 * Actions: a card number (the bull card, whose set is determined);
 * X2_ACTION + set or P5_ACTION + set (a special card to that set);
 * END_ACTION (end the turn after at least one card).
 */
#include "cards.h"
#include "dealt.h"
#include "deck100.h"
#include "internal.h"
#include "obs.h"
#include "redeal.h"

#include <string.h>

#define MAX_P 6
#define MAX_HAND 14
#define MAX_SETS 15
#define SET_FULL 5  /* the fifth bull card takes the set */
#define TURN_MAX 3  /* most cards one turn may play */
#define DECK 100
/* Most legal actions: every bull card, each special card on every set, and
 * "end". */
#define MAX_LEGAL (MAX_HAND + 2 * MAX_SETS + 1)

#define X2_ACTION 200u
#define P5_ACTION 300u
#define END_ACTION 400u

/* Special cards, as bits of a hand or of a set. */
enum { SP_X2 = 1, SP_P5 = 2 };
enum phase { PH_DEAL, PH_PLAY, PH_OVER };

/* The table of the rules: cards per player and cards on the table. */
static const struct {
    uint8_t hand, table;
} layout[MAX_P + 1] = {
    [2] = {14, 7}, [3] = {12, 9}, [4] = {12, 12}, [5] = {12, 15},
    [6] = {10, 15},
};

typedef struct take5 {
    uint8_t players, phase;
    uint8_t cur;     /* the seat whose turn it is */
    uint8_t played;  /* cards it has played this turn */
    uint8_t n_sets;  /* sets laid out at the start, in clockwise order */
    uint8_t live;    /* sets still on the table */
    int8_t last_set; /* the set taken most recently, -1 before any */
    uint8_t pad;
    uint16_t turns;  /* turns begun so far */
    uint8_t hand[MAX_P][MAX_HAND], hand_n[MAX_P];
    uint8_t special[MAX_P]; /* SP_ bits of the special cards still in hand */
    /* Set i: its bull cards from the first outwards, its special cards, and
     * the seat that took it plus one (0 while it is on the table). */
    uint8_t set_card[MAX_SETS][SET_FULL], set_n[MAX_SETS];
    uint8_t set_special[MAX_SETS], set_taker[MAX_SETS];
    /* Each seat's scoring pile. */
    int16_t pile_bulls[MAX_P];
    uint8_t pile_cards[MAX_P], pile_x2[MAX_P], pile_p5[MAX_P];
    uint8_t undealt_n;
    uint8_t undealt[DECK];
} take5;

static void init(void *vs, const tb_config *cfg)
{
    take5 *s = vs;
    s->players = (uint8_t)cfg->players;
    s->phase = PH_DEAL;
    s->last_set = -1;
}

static int current(const void *vs)
{
    const take5 *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_PLAY: return s->cur;
    default: return TB_TERMINAL;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    tbi_chance_numbers(c, 1, DECK, "shuffled deck");
}

/* Deals a shuffled deck: each seat's hand in seat order, then the table
 * cards, which are laid clockwise in increasing order so that set 0 (A)
 * starts with the lowest.  Every seat gets one "x2" and one "+5". */
static void apply_chance(void *vs, const uint16_t *deck)
{
    take5 *s = vs;
    int hand = layout[s->players].hand, table = layout[s->players].table;
    int k = 0;
    for (int p = 0; p < s->players; p++) {
        for (int i = 0; i < hand; i++)
            s->hand[p][i] = (uint8_t)deck[k++];
        s->hand_n[p] = (uint8_t)hand;
        tbi_sort_u8(s->hand[p], hand);
        s->special[p] = SP_X2 | SP_P5;
    }
    uint8_t starts[MAX_SETS];
    for (int i = 0; i < table; i++)
        starts[i] = (uint8_t)deck[k++];
    tbi_sort_u8(starts, table);
    for (int i = 0; i < table; i++) {
        s->set_card[i][0] = starts[i];
        s->set_n[i] = 1;
    }
    s->n_sets = s->live = (uint8_t)table;
    s->undealt_n = (uint8_t)(DECK - k);
    for (int i = 0; k < DECK; i++)
        s->undealt[i] = (uint8_t)deck[k++];
    s->phase = PH_PLAY;
    s->cur = 0;
    s->turns = 1;
}

static int set_live(const take5 *s, int i)
{
    return s->set_taker[i] == 0;
}

/* The End-Number of set i: its last bull card. */
static int set_end(const take5 *s, int i)
{
    return s->set_card[i][s->set_n[i] - 1];
}

/*
 * The set a bull card joins.  The rules: it must be larger than the set's
 * End-Number and smaller than the End-Number of the next set clockwise,
 * unless the set has the largest End-Number; a number smaller than every
 * End-Number joins the set with the largest.  Every addition keeps the
 * circle increasing clockwise (a card goes between its set's End-Number and
 * the next one), so that set is simply the one whose End-Number is the
 * highest below the card, or, when none is below it, the one with the
 * largest End-Number.  Exactly one set qualifies while any is on the table.
 */
static int set_for(const take5 *s, int card)
{
    int below = -1, below_end = 0, top = -1, top_end = 0;
    for (int i = 0; i < s->n_sets; i++) {
        if (!set_live(s, i))
            continue;
        int end = set_end(s, i);
        if (end < card && end > below_end) {
            below = i;
            below_end = end;
        }
        if (end > top_end) {
            top = i;
            top_end = end;
        }
    }
    return below >= 0 ? below : top;
}

/* Whether seat p holds the special card `bit` and some set on the table
 * has room for it (a set takes at most one of each type). */
static int special_playable(const take5 *s, int p, int bit)
{
    if (!(s->special[p] & bit))
        return 0;
    for (int i = 0; i < s->n_sets; i++)
        if (set_live(s, i) && !(s->set_special[i] & bit))
            return 1;
    return 0;
}

/* Whether seat p has any card it may play now. */
static int can_play(const take5 *s, int p)
{
    return s->hand_n[p] > 0 || special_playable(s, p, SP_X2) ||
           special_playable(s, p, SP_P5);
}

static int legal(const void *vs, tb_action *out)
{
    const take5 *s = vs;
    int p = s->cur, n = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        out[n++] = s->hand[p][i];
    static const int bits[2] = {SP_X2, SP_P5};
    static const tb_action base[2] = {X2_ACTION, P5_ACTION};
    for (int b = 0; b < 2; b++) {
        if (!(s->special[p] & bits[b]))
            continue;
        for (int i = 0; i < s->n_sets; i++)
            if (set_live(s, i) && !(s->set_special[i] & bits[b]))
                out[n++] = base[b] + (tb_action)i;
    }
    if (s->played > 0)
        out[n++] = END_ACTION;
    return n;
}

/* The sum of the bull values of set i's bull cards. */
static int set_bulls(const take5 *s, int i)
{
    int v = 0;
    for (int k = 0; k < s->set_n[i]; k++)
        v += tbi_take5_bulls(s->set_card[i][k]);
    return v;
}

/* Moves set i, special cards included, into seat p's scoring pile. */
static void take_set(take5 *s, int p, int i)
{
    s->pile_bulls[p] = (int16_t)(s->pile_bulls[p] + set_bulls(s, i));
    s->pile_cards[p] = (uint8_t)(s->pile_cards[p] + s->set_n[i]);
    s->pile_x2[p] = (uint8_t)(s->pile_x2[p] + !!(s->set_special[i] & SP_X2));
    s->pile_p5[p] = (uint8_t)(s->pile_p5[p] + !!(s->set_special[i] & SP_P5));
    s->set_taker[i] = (uint8_t)(p + 1);
    s->last_set = (int8_t)i;
    s->live--;
}

/* Passes the turn clockwise to the next seat that has a card it may play;
 * a seat with none is skipped.  While a set is on the table some bull card
 * is still in a hand (the hands hold exactly four cards per set), so some
 * seat can always play. */
static void next_turn(take5 *s)
{
    s->played = 0;
    for (int k = 1; k <= s->players; k++) {
        int p = (s->cur + k) % s->players;
        if (can_play(s, p)) {
            s->cur = (uint8_t)p;
            s->turns++;
            return;
        }
    }
    s->phase = PH_OVER; /* unreachable while sets remain */
}

static void apply(void *vs, tb_action a)
{
    take5 *s = vs;
    int p = s->cur;
    if (a == END_ACTION) {
        next_turn(s);
        return;
    }
    if (a >= X2_ACTION) {
        int bit = a >= P5_ACTION ? SP_P5 : SP_X2;
        int i = (int)(a - (bit == SP_P5 ? P5_ACTION : X2_ACTION));
        s->special[p] = (uint8_t)(s->special[p] & ~bit);
        s->set_special[i] = (uint8_t)(s->set_special[i] | bit);
    } else {
        int i = set_for(s, (int)a);
        tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)a);
        s->set_card[i][s->set_n[i]++] = (uint8_t)a;
        if (s->set_n[i] == SET_FULL)
            take_set(s, p, i);
    }
    s->played++;
    if (s->live == 0)
        s->phase = PH_OVER; /* the last set is taken */
    else if (s->played == TURN_MAX || !can_play(s, p))
        next_turn(s);
}

/* A seat's score by the rules: bull values plus five per "+5", doubled per
 * "x2", then minus ten per special card still in hand. */
static int score_of(int bulls, int p5, int x2, int specials_in_hand)
{
    return (bulls + 5 * p5) * (1 << x2) - 10 * specials_in_hand;
}

static int seat_score(const take5 *s, int p)
{
    return score_of(s->pile_bulls[p], s->pile_p5[p], s->pile_x2[p],
                    __builtin_popcount(s->special[p]));
}

static void result(const void *vs, tb_result *out)
{
    const take5 *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = seat_score(s, p);
    tbi_rank_by_score(out, 1);
}

/* Scores as if the game ended now; the round is the number of times the
 * turn has gone round the table. */
static int standing(const void *vs, double *scores)
{
    const take5 *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = seat_score(s, p);
    return s->players ? (s->turns + s->players - 1) / s->players : 0;
}

/* Deals the unseen cards again: the other hands and the undealt cards are
 * pooled, shuffled and handed back out in the same numbers.  Special cards
 * in hand are public (everyone has one of each until it is played). */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    take5 *s = vs;
    if (s->phase != PH_PLAY)
        return;
    tbi_redeal_hands_and_pile(s->hand[0], sizeof s->hand[0], s->hand_n,
                              s->players, seat, s->undealt, s->undealt_n, rng);
}

/* ------------------------------------------------------------ notation */

static char set_label(int i)
{
    return (char)('A' + i);
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    if (a == END_ACTION)
        snprintf(buf, cap, "end");
    else if (a >= P5_ACTION)
        snprintf(buf, cap, "+5 %c", set_label((int)(a - P5_ACTION)));
    else if (a >= X2_ACTION)
        snprintf(buf, cap, "x2 %c", set_label((int)(a - X2_ACTION)));
    else
        snprintf(buf, cap, "%u", a);
}

/* Whether the rest of a typed text is only white space. */
static int at_end(const char *t)
{
    return *tbi_skip_space(t) == '\0';
}

/* Reads the set letter after a special card's name and checks that the
 * special card may go there. */
static int parse_special(const take5 *s, const char *t, int bit,
                         tb_action *out, char *err, size_t cap)
{
    const char *name = bit == SP_X2 ? "x2" : "+5";
    t = tbi_skip_space(t);
    if (*t == ':' || *t == '@')
        t = tbi_skip_space(t + 1);
    char c = (char)(*t >= 'a' && *t <= 'z' ? *t - 'a' + 'A' : *t);
    if (c < 'A' || c >= 'A' + s->n_sets || !at_end(t + 1)) {
        tbi_errf(err, cap, "type %s and a set's letter, A to %c, e.g. '%s A'",
                 name, set_label(s->n_sets - 1), name);
        return TB_EPARSE;
    }
    int i = c - 'A';
    if (!(s->special[s->cur] & bit)) {
        tbi_errf(err, cap, "you have already played your %s card", name);
        return TB_EPARSE;
    }
    if (!set_live(s, i)) {
        tbi_errf(err, cap, "set %c has been taken", c);
        return TB_EPARSE;
    }
    if (s->set_special[i] & bit) {
        tbi_errf(err, cap, "set %c already has a %s card (one of each type "
                 "per set)", c, name);
        return TB_EPARSE;
    }
    *out = (bit == SP_X2 ? X2_ACTION : P5_ACTION) + (tb_action)i;
    return TB_OK;
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const take5 *s = vs;
    int p = s->cur, v;
    if ((text[0] == 'x' || text[0] == 'X') && text[1] == '2')
        return parse_special(s, text + 2, SP_X2, out, err, cap);
    if ((text[0] == '+' || text[0] == 'p' || text[0] == 'P') && text[1] == '5')
        return parse_special(s, text + 2, SP_P5, out, err, cap);
    const char *rest = tbi_read_uint(text, &v);
    if (rest && at_end(rest)) {
        if (v < 1 || v > 255 || !tbi_hand_has(s->hand[p], s->hand_n[p],
                                              (uint8_t)v)) {
            tbi_errf(err, cap, "%d is not in your hand", v);
            return TB_EPARSE;
        }
        *out = (tb_action)v;
        return TB_OK;
    }
    char word[8];
    size_t n = 0;
    while (text[n] && text[n] != ' ' && n + 1 < sizeof word) {
        word[n] = text[n];
        n++;
    }
    word[n] = '\0';
    if (at_end(text + n) && (tbi_word_eq(word, "end") ||
                             tbi_word_eq(word, "done"))) {
        if (s->played == 0) {
            tbi_errf(err, cap, "play at least one card before you end your "
                     "turn");
            return TB_EPARSE;
        }
        *out = END_ACTION;
        return TB_OK;
    }
    tbi_errf(err, cap, "type a card number from your hand, 'x2 A' or '+5 A' "
             "for a special card to set A, or 'end' after one card");
    return TB_EPARSE;
}

/* ------------------------------------------------------------ drawing */

/* Writes one bull card, green or red by its bulls, with its value when it
 * is not the plain +1. */
static void render_card(tb_text *t, unsigned style, int card)
{
    int b = tbi_take5_bulls(card);
    const char *col = b < 0 ? TBI_RED : b > 1 ? TBI_GREEN : TBI_RESET;
    char tag[8] = "";
    if (b != 1)
        snprintf(tag, sizeof tag, "(%+d)", b);
    tb_text_printf(t, " %s%d%s%s", tbi_color(style, col), card, tag,
                   tbi_color(style, TBI_RESET));
}

/* Writes the special-card marks of a bit set: "x2", "+5". */
static void render_specials(tb_text *t, unsigned style, int bits)
{
    if (bits & SP_X2)
        tb_text_printf(t, " %sx2%s", tbi_color(style, TBI_MAGENTA),
                       tbi_color(style, TBI_RESET));
    if (bits & SP_P5)
        tb_text_printf(t, " %s+5%s", tbi_color(style, TBI_CYAN),
                       tbi_color(style, TBI_RESET));
}

static void render_set(const take5 *s, int i, unsigned style, tb_text *t)
{
    tb_text_printf(t, "  %c ", set_label(i));
    if (!set_live(s, i)) {
        tb_text_printf(t, "%s(taken by seat %d:", tbi_color(style, TBI_DIM),
                       s->set_taker[i] - 1);
        for (int k = 0; k < s->set_n[i]; k++)
            tb_text_printf(t, " %d", s->set_card[i][k]);
        render_specials(t, TB_STYLE_PLAIN, s->set_special[i]);
        tb_text_printf(t, ")%s\n", tbi_color(style, TBI_RESET));
        return;
    }
    tb_text_puts(t, "[");
    render_specials(t, style, s->set_special[i]);
    tb_text_puts(t, " |");
    for (int k = 0; k < s->set_n[i]; k++)
        render_card(t, style, s->set_card[i][k]);
    tb_text_printf(t, " ]  end %d, %d bull card%s, %+d bulls%s\n",
                   set_end(s, i), s->set_n[i], s->set_n[i] == 1 ? "" : "s",
                   set_bulls(s, i),
                   s->set_n[i] == SET_FULL - 1 ? "  (the next bull card takes "
                                                 "it)" : "");
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const take5 *s = vs;
    tb_text_printf(t, "%sTake 5%s", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET));
    if (s->phase == PH_DEAL) {
        tb_text_puts(t, "  (not dealt yet)\n");
        return;
    }
    if (s->phase == PH_PLAY)
        tb_text_printf(t, "  turn %d: seat %d plays (%d of 1-3 cards "
                       "played)\n", s->turns, s->cur, s->played);
    else
        tb_text_puts(t, "  game over\n");
    tb_text_puts(t, "  sets, clockwise (special cards inwards, bull cards "
                 "outwards):\n");
    for (int i = 0; i < s->n_sets; i++)
        render_set(s, i, style, t);
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  seat %d%s: %d in hand, specials:", p,
                       p == seat ? " (you)" : "", s->hand_n[p]);
        if (s->special[p])
            render_specials(t, style, s->special[p]);
        else
            tb_text_puts(t, " none");
        tb_text_printf(t, "; pile %d cards, %+d bulls, %d +5, %d x2; %s "
                       "%d\n", s->pile_cards[p], s->pile_bulls[p],
                       s->pile_p5[p], s->pile_x2[p],
                       s->phase == PH_OVER ? "score" : "score now",
                       seat_score(s, p));
    }
    if (seat >= 0 && seat < s->players) {
        tb_text_puts(t, "  your hand:");
        for (int i = 0; i < s->hand_n[seat]; i++)
            render_card(t, style, s->hand[seat][i]);
        tb_text_puts(t, "\n");
    }
    tb_text_puts(t, "  bulls: a card without a mark is worth +1; 52(+2) is "
                 "worth +2 and 55(-7) costs 7\n");
}

static json_t *view_json(const void *vs, int seat)
{
    const take5 *s = vs;
    static const char *phase_names[] = {"deal", "play", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "turn", json_integer(s->turns));
    json_object_set_new(v, "to_move", json_integer(s->phase == PH_PLAY
                                                       ? s->cur : -1));
    json_object_set_new(v, "played_this_turn", json_integer(s->played));
    json_t *sets = json_array();
    for (int i = 0; i < s->n_sets; i++) {
        json_t *o = json_object();
        char label[2] = {set_label(i), '\0'};
        json_object_set_new(o, "set", json_string(label));
        json_object_set_new(o, "cards",
                            tbi_json_int_array(s->set_card[i], s->set_n[i]));
        json_object_set_new(o, "x2", json_boolean(s->set_special[i] & SP_X2));
        json_object_set_new(o, "+5", json_boolean(s->set_special[i] & SP_P5));
        json_object_set_new(o, "taken_by", json_integer(s->set_taker[i] - 1));
        json_array_append_new(sets, o);
    }
    json_object_set_new(v, "sets", sets);
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "hand_size", json_integer(s->hand_n[p]));
        json_object_set_new(o, "x2_in_hand",
                            json_boolean(s->special[p] & SP_X2));
        json_object_set_new(o, "+5_in_hand",
                            json_boolean(s->special[p] & SP_P5));
        json_object_set_new(o, "pile_cards", json_integer(s->pile_cards[p]));
        json_object_set_new(o, "pile_bulls", json_integer(s->pile_bulls[p]));
        json_object_set_new(o, "pile_x2", json_integer(s->pile_x2[p]));
        json_object_set_new(o, "pile_+5", json_integer(s->pile_p5[p]));
        json_object_set_new(o, "score", json_integer(seat_score(s, p)));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (seat >= 0 && seat < s->players && s->phase != PH_DEAL)
        json_object_set_new(v, "hand",
                            tbi_json_int_array(s->hand[seat], s->hand_n[seat]));
    return v;
}

/* ------------------------------------------------------------ describe */

/* Writes a count and its noun, "1 card" / "3 cards". */
static void say_count(tb_text *t, int n, const char *noun)
{
    tb_text_printf(t, "%d %s%s", n, noun, n == 1 ? "" : "s");
}

/* What every seat sees (every play is face up; only hands are secret): the
 * card and the set it joins, the set taken with what it holds, the end of
 * the turn and any seat skipped for want of a playable card, and at the
 * end of the game every score and the winner. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const take5 *b = vb, *s = va;
    int p = b->cur;
    (void)seat;
    if (a == END_ACTION) {
        tb_text_printf(t, "seat %d ends its turn\n", p);
    } else if (a >= X2_ACTION) {
        int p5 = a >= P5_ACTION;
        tb_text_printf(t, "seat %d puts its %s card on set %c\n", p,
                       p5 ? "+5" : "x2",
                       set_label((int)(a - (p5 ? P5_ACTION : X2_ACTION))));
    } else {
        int i = set_for(b, (int)a);
        tb_text_printf(t, "seat %d plays %u to set %c", p, a, set_label(i));
        if (s->set_taker[i]) {
            tb_text_printf(t, ", its fifth bull card, and takes the set:");
            for (int k = 0; k < s->set_n[i]; k++)
                render_card(t, TB_STYLE_PLAIN, s->set_card[i][k]);
            render_specials(t, TB_STYLE_PLAIN, s->set_special[i]);
            tb_text_printf(t, ", %+d bull%s", set_bulls(s, i),
                           set_bulls(s, i) * set_bulls(s, i) == 1 ? "" : "s");
        }
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_OVER) {
        tb_text_puts(t, "that was the last set, so the game ends; scores "
                     "(bulls, +5 each, doubled per x2, -10 per special card "
                     "left in hand):");
        for (int q = 0; q < s->players; q++) {
            tb_text_printf(t, "%s seat %d %d (%+d bull%s, ", q ? "," : "", q,
                           seat_score(s, q), s->pile_bulls[q],
                           s->pile_bulls[q] * s->pile_bulls[q] == 1 ? "" : "s");
            say_count(t, s->pile_p5[q], "+5 card");
            tb_text_puts(t, ", ");
            say_count(t, s->pile_x2[q], "x2 card");
            tb_text_puts(t, "; ");
            say_count(t, __builtin_popcount(s->special[q]), "special card");
            tb_text_puts(t, " left in hand)");
        }
        tb_text_puts(t, "\n");
        tb_result r = {0};
        result(s, &r);
        tbi_say_winners(t, &r);
        return;
    }
    if (s->turns == b->turns)
        return; /* the same turn goes on */
    if (a != END_ACTION)
        tb_text_printf(t, "seat %d's turn ends (%s)\n", p,
                       b->played + 1 == TURN_MAX
                           ? "three cards played"
                           : "it has no card it may play");
    for (int q = (p + 1) % s->players; q != s->cur; q = (q + 1) % s->players)
        tb_text_printf(t, "seat %d has no card it may play and is "
                       "skipped\n", q);
}

/* ------------------------------------------------------------ heuristic */

/* How much seat p's score (before hand penalties) would change if it took
 * set i with `extra` (a bull card, or 0) added and `add_special` bits
 * placed on it. */
static int take_gain(const take5 *s, int p, int i, int extra, int add_special)
{
    int bits = s->set_special[i] | add_special;
    int bulls = s->pile_bulls[p] + set_bulls(s, i) +
                (extra ? tbi_take5_bulls(extra) : 0);
    int p5 = s->pile_p5[p] + !!(bits & SP_P5);
    int x2 = s->pile_x2[p] + !!(bits & SP_X2);
    return score_of(bulls, p5, x2, 0) -
           score_of(s->pile_bulls[p], s->pile_p5[p], s->pile_x2[p], 0);
}

/* What set i is worth to a taker whose pile is about empty: its bulls,
 * five for a "+5", twice that for an "x2". */
static int plain_worth(const take5 *s, int i, int extra)
{
    int v = set_bulls(s, i) + (extra ? tbi_take5_bulls(extra) : 0) +
            (s->set_special[i] & SP_P5 ? 5 : 0);
    return s->set_special[i] & SP_X2 ? 2 * v : v;
}

/* Whether seat p holds a bull card other than `except` that would join set
 * i on the table as it stands. */
static int holds_card_for(const take5 *s, int p, int i, int except)
{
    for (int k = 0; k < s->hand_n[p]; k++)
        if (s->hand[p][k] != except && set_for(s, s->hand[p][k]) == i)
            return 1;
    return 0;
}

/* Whether a seat that has played `after` cards this turn can still add
 * two more: one now and the fifth card of a set next. */
static int can_follow_up(int after)
{
    return after + 1 < TURN_MAX;
}

/* Whether the game may end before seat p's next turn: the other seats
 * hold few enough bull cards to finish every set in one round. */
static int game_ends_soon(const take5 *s, int p)
{
    int others = 0;
    for (int q = 0; q < s->players; q++)
        if (q != p)
            others += s->hand_n[q];
    return others <= TURN_MAX * (s->players - 1) || s->hand_n[p] <= 2;
}

/* The value of playing bull card c now, for seat p. */
static double bull_value(const take5 *s, int p, int c)
{
    int i = set_for(s, c);
    int n = s->set_n[i];
    if (n == SET_FULL - 1)
        return take_gain(s, p, i, c, 0); /* c takes the set */
    /* Dumping red cards while it is harmless keeps them from forcing a
     * take later; holding green cards keeps chances to take. */
    double v = -0.1 * tbi_take5_bulls(c);
    if (n == SET_FULL - 2) {
        /* c makes the set ready to take: good if this seat takes it at once,
         * otherwise a gift (or a trap) for the next seats. */
        take5 after = *s;
        after.set_card[i][after.set_n[i]++] = (uint8_t)c;
        tbi_hand_remove(after.hand[p], &after.hand_n[p], (uint8_t)c);
        int worth = plain_worth(s, i, c);
        if (can_follow_up(s->played) && holds_card_for(&after, p, i, 0)) {
            int best = -1000;
            for (int k = 0; k < after.hand_n[p]; k++)
                if (set_for(&after, after.hand[p][k]) == i) {
                    int g = take_gain(&after, p, i, after.hand[p][k], 0);
                    best = g > best ? g : best;
                }
            if (best > 0)
                return v + 0.9 * best;
        }
        v += worth > 0 ? -0.8 * worth : -0.2 * worth;
    }
    return v;
}

/* What an "x2" would give another seat on average: the score it would
 * double, counted only when positive. */
static double others_gain_from_x2(const take5 *s, int p)
{
    double sum = 0;
    for (int q = 0; q < s->players; q++) {
        int v = score_of(s->pile_bulls[q], s->pile_p5[q], s->pile_x2[q], 0);
        if (q != p && v > 0)
            sum += v;
    }
    return sum / (s->players - 1);
}

/* The value of placing special card `bit` on set i now, for seat p. */
static double special_value(const take5 *s, int p, int bit, int i)
{
    int late = game_ends_soon(s, p);
    if (s->set_n[i] == SET_FULL - 1 && can_follow_up(s->played) &&
        holds_card_for(s, p, i, 0)) {
        /* This seat can take the set right after: the best card for it. */
        int with = -1000, without = -1000;
        for (int k = 0; k < s->hand_n[p]; k++) {
            int c = s->hand[p][k];
            if (set_for(s, c) != i)
                continue;
            int g1 = take_gain(s, p, i, c, bit), g0 = take_gain(s, p, i, c, 0);
            with = g1 > with ? g1 : with;
            without = g0 > without ? g0 : without;
        }
        int gain = with - without;
        if (with > 0 && gain > 0 && (bit == SP_P5 || late || with >= 12))
            return gain + 0.5;
    }
    if (!late)
        return -1.0; /* keep it for a set this seat can take */
    /* The game may end first, and ten points would be lost for certain.
     * A "+5" is worth less than that to whoever takes it; an "x2" doubles
     * its taker's score, so it is kept when the others are well ahead. */
    if (bit == SP_X2 && others_gain_from_x2(s, p) > 10)
        return -1.0;
    /* Put it on a set this seat may take itself: one its cards can reach. */
    return 2.0 + (holds_card_for(s, p, i, 0) ? 0.5 : 0.0) +
           0.1 * s->set_n[i];
}

/* A decent player's move: takes sets worth taking (with its own "+5" and,
 * late and when ahead, its "x2" laid on them first), avoids giving the next
 * seats a ready set, sheds red cards while harmless, ends its turn after one
 * card unless another helps, and plays its special cards before the end. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const take5 *s = vs;
    tb_action acts[MAX_LEGAL];
    int n = legal(vs, acts);
    tb_action best = acts[0];
    double best_v = -1e9;
    for (int k = 0; k < n; k++) {
        tb_action a = acts[k];
        double v;
        if (a == END_ACTION)
            v = 0.5;
        else if (a >= P5_ACTION)
            v = special_value(s, seat, SP_P5, (int)(a - P5_ACTION));
        else if (a >= X2_ACTION)
            v = special_value(s, seat, SP_X2, (int)(a - X2_ACTION));
        else
            v = bull_value(s, seat, (int)a);
        v += 0.01 * tb_rng_unit(rng); /* break ties at random */
        if (v > best_v) {
            best_v = v;
            best = a;
        }
    }
    return best;
}

/* The deal: each seat is told its own hand, everyone the cards that start
 * the sets. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const take5 *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    tbi_say_deal(t, seat, s->players, &s->hand[0][0], MAX_HAND, s->hand_n,
                 tbi_number_namer, NULL);
    tb_text_puts(t, "the sets start with");
    for (int i = 0; i < s->n_sets; i++)
        tb_text_printf(t, "%s %c %d", i ? "," : "", set_label(i),
                       s->set_card[i][0]);
    tb_text_puts(t, "\n");
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md): its hand (100 flags); for each of
 * the 15 places for a set (those past the sets laid out stay 0), its bull
 * cards in the order laid (/100 each, 0 for none), whether an x2 and a +5
 * lie on it, the seat that took it (one-hot counted from seat, none while
 * it is on the table); the set taken last (one-hot); per seat from seat
 * on, its cards in hand (/14), its x2 and +5 still in hand, and its
 * scoring pile: bulls (/30), cards (/20), x2 and +5 cards (/3); the seat
 * to move (one-hot), the cards it has played this turn (/3), the turns
 * begun (/100), the phase.  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const take5 *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players;
    tbi_obs_cards(&o, s->hand[seat], s->hand_n[seat], 1, DECK);
    for (int i = 0; i < MAX_SETS; i++) {
        for (int k = 0; k < SET_FULL; k++)
            tbi_obs_scalar(&o, k < s->set_n[i] ? s->set_card[i][k] / 100.0
                                                : 0);
        tbi_obs_scalar(&o, !!(s->set_special[i] & SP_X2));
        tbi_obs_scalar(&o, !!(s->set_special[i] & SP_P5));
        int taker = s->set_taker[i] - 1;
        tbi_obs_onehot(&o, taker >= 0 ? (taker - seat + n) % n : -1, n);
    }
    tbi_obs_onehot(&o, s->last_set, MAX_SETS);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        tbi_obs_scalar(&o, s->hand_n[p] / (double)MAX_HAND);
        tbi_obs_scalar(&o, !!(s->special[p] & SP_X2));
        tbi_obs_scalar(&o, !!(s->special[p] & SP_P5));
        tbi_obs_scalar(&o, s->pile_bulls[p] / 30.0);
        tbi_obs_scalar(&o, s->pile_cards[p] / 20.0);
        tbi_obs_scalar(&o, s->pile_x2[p] / 3.0);
        tbi_obs_scalar(&o, s->pile_p5[p] / 3.0);
    }
    tbi_obs_onehot(&o, s->phase == PH_PLAY ? (s->cur - seat + n) % n : -1, n);
    tbi_obs_scalar(&o, s->played / (double)TURN_MAX);
    tbi_obs_scalar(&o, s->turns / 100.0);
    tbi_obs_onehot(&o, s->phase, 3);
    return o.at;
}

/* Bull card c is c - 1; an x2 onto set i is 100 + i, a +5 onto set i is
 * 115 + i; ending the turn is 130. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return DECK + 2 * MAX_SETS + 1;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    if (a == END_ACTION)
        return DECK + 2 * MAX_SETS;
    if (a >= P5_ACTION)
        return DECK + MAX_SETS + (int)(a - P5_ACTION);
    if (a >= X2_ACTION)
        return DECK + (int)(a - X2_ACTION);
    return (int)a - 1;
}

const tb_game tbg_take_5 = {
    .id = "take-5",
    .title = "Take 5 (Hornochsen)",
    .blurb = "add one to three cards to a circle of sets; the fifth bull card "
             "takes the set; collect green bulls",
    .min_players = 2,
    .max_players = 6,
    .flags = TB_GAME_HIDDEN,
    .options = NULL,
    .n_options = 0,
    .state_size = sizeof(take5),
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
