/*
 * the_game.c - The Game (cooperative, 1-5 players, cards 2-99).  Two piles
 * climb from 1 and two fall from 100.  On a turn a player must play at least
 * two cards (one once the draw pile is empty), may play more, then draws
 * back up to the hand size.  A card exactly 10 below an ascending pile's top
 * (or 10 above a descending one) may go back onto it: the backwards trick.
 * The team wins by playing all 98 cards and loses as soon as the player to
 * move cannot make the plays required; the score is the cards left.
 *
 * A turn is a series of decisions: play one card to one pile (action
 * card * 4 + pile), then, once enough cards are down, ACT_END ends the
 * turn.  The one chance node is the shuffle of cards 2-99 at the start:
 * hands are dealt from it in seat order and the rest is the draw pile.
 */
#include "cards.h"
#include "deck100.h"
#include "internal.h"
#include "redeal.h"

#include <string.h>

#define MAX_P 5
#define MAX_HAND 8
#define PILES 4
#define LOW_CARD 2
#define HIGH_CARD 99
#define N_CARDS (HIGH_CARD - LOW_CARD + 1) /* 98 */
#define TRICK 10
#define ACT_END 0u

enum phase { PH_DEAL, PH_PLAY, PH_OVER };

/* Piles 0 and 1 climb from 1; piles 2 and 3 fall from 100. */
static const char *const pile_names[PILES] = {"u1", "u2", "d1", "d2"};

typedef struct thegame {
    uint8_t players, hand_size, phase;
    uint8_t turn;   /* the seat to play */
    uint8_t played; /* cards played so far this turn */
    uint8_t drawn;  /* cards taken from draw[] so far (deal included) */
    uint16_t turns; /* turns begun, for standing() */
    uint8_t top[PILES];
    uint8_t pile_n[PILES]; /* cards played onto each pile */
    uint8_t hand[MAX_P][MAX_HAND], hand_n[MAX_P];
    uint8_t draw[N_CARDS]; /* the shuffled cards; draw[drawn..] is unseen */
} thegame;

/* Cards each player holds: 8 alone, 7 with two players, 6 with three to
 * five. */
static int hand_size_for(int players)
{
    return players == 1 ? 8 : players == 2 ? 7 : 6;
}

static int ascending(int pile)
{
    return pile < 2;
}

/* Whether card c may go onto a pile whose top is `top`: past it in the
 * pile's direction, or exactly 10 back (the backwards trick). */
static int fits(int pile, int top, int c)
{
    if (ascending(pile))
        return c > top || c == top - TRICK;
    return c < top || c == top + TRICK;
}

static int deck_left(const thegame *s)
{
    return N_CARDS - s->drawn;
}

/* Plays the seat must make this turn: two, or one once the draw pile is
 * empty. */
static int plays_required(const thegame *s)
{
    return deck_left(s) > 0 ? 2 : 1;
}

/* Whether seat p holds a card that fits some pile. */
static int can_play(const thegame *s, int p)
{
    for (int i = 0; i < s->hand_n[p]; i++)
        for (int k = 0; k < PILES; k++)
            if (fits(k, s->top[k], s->hand[p][i]))
                return 1;
    return 0;
}

/* Cards not yet on a pile: in hands or in the draw pile. */
static int cards_left(const thegame *s)
{
    int n = deck_left(s);
    for (int p = 0; p < s->players; p++)
        n += s->hand_n[p];
    return n;
}

static void init(void *vs, const tb_config *cfg)
{
    thegame *s = vs;
    s->players = (uint8_t)cfg->players;
    s->hand_size = (uint8_t)hand_size_for(cfg->players);
    s->phase = PH_DEAL;
    s->top[0] = s->top[1] = 1;
    s->top[2] = s->top[3] = 100;
}

static int current(const void *vs)
{
    const thegame *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_OVER: return TB_TERMINAL;
    default: return s->turn;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    tbi_chance_numbers(c, LOW_CARD, HIGH_CARD, "shuffled cards 2-99");
}

/* Draws seat p's hand back up to the hand size while cards remain. */
static void draw_up(thegame *s, int p)
{
    while (s->hand_n[p] < s->hand_size && s->drawn < N_CARDS)
        tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], s->draw[s->drawn++]);
}

/* Begins the turn of the first seat from `seat` on that still has cards
 * (a player out of cards is skipped).  The game ends when nobody has cards
 * (all are played: a win) or when the seat cannot make a single play it
 * owes (a loss). */
static void begin_turn(thegame *s, int seat)
{
    for (int i = 0; i < s->players; i++) {
        int p = (seat + i) % s->players;
        if (s->hand_n[p] == 0)
            continue;
        s->turn = (uint8_t)p;
        s->played = 0;
        s->turns++;
        if (!can_play(s, p))
            s->phase = PH_OVER; /* owes plays it cannot make: a loss */
        return;
    }
    s->phase = PH_OVER; /* every card is on a pile */
}

static void apply_chance(void *vs, const uint16_t *order)
{
    thegame *s = vs;
    for (int i = 0; i < N_CARDS; i++)
        s->draw[i] = (uint8_t)order[i];
    s->drawn = 0;
    for (int p = 0; p < s->players; p++)
        draw_up(s, p);
    s->phase = PH_PLAY;
    begin_turn(s, 0);
}

static tb_action play_action(int card, int pile)
{
    return (tb_action)(card * PILES + pile);
}

static int legal(const void *vs, tb_action *out)
{
    const thegame *s = vs;
    int p = s->turn, n = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        for (int k = 0; k < PILES; k++)
            if (fits(k, s->top[k], s->hand[p][i]))
                out[n++] = play_action(s->hand[p][i], k);
    if (s->played >= plays_required(s))
        out[n++] = ACT_END;
    return n;
}

/* Ends the current turn: the seat draws back up and play passes on. */
static void end_turn(thegame *s)
{
    draw_up(s, s->turn);
    begin_turn(s, (s->turn + 1) % s->players);
}

static void apply(void *vs, tb_action a)
{
    thegame *s = vs;
    int p = s->turn;
    if (a == ACT_END) {
        end_turn(s);
        return;
    }
    int card = (int)(a / PILES), pile = (int)(a % PILES);
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)card);
    s->top[pile] = (uint8_t)card;
    s->pile_n[pile]++;
    s->played++;
    if (s->hand_n[p] == 0) {
        end_turn(s); /* nothing left to play: the turn is over */
    } else if (s->played < plays_required(s) && !can_play(s, p)) {
        s->phase = PH_OVER; /* owes a play it cannot make: a loss */
    }
}

static void result(const void *vs, tb_result *out)
{
    const thegame *s = vs;
    int left = cards_left(s);
    tbi_team_result(out, s->players, left == 0, left);
}

static int standing(const void *vs, double *scores)
{
    const thegame *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = cards_left(s);
    return s->turns;
}

/* Deals the unseen cards again: the other hands and the draw pile are
 * pooled, shuffled and handed back in the same numbers.  One thing about a
 * hidden hand is public: the seat to move can make a play it still owes
 * (else the game would have ended), so when that seat's hand is dealt
 * again it gets at least one card that fits a pile, drawn as a uniform
 * deal among those that have one. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    thegame *s = vs;
    if (s->phase != PH_PLAY)
        return;
    size_t stride = sizeof s->hand[0];
    tbi_pool pool;
    tbi_pool_init(&pool);
    tbi_pool_add_hands(&pool, s->hand[0], stride, s->hand_n, s->players, seat);
    tbi_pool_add_run(&pool, s->draw + s->drawn, deck_left(s));
    tbi_pool_shuffle(&pool, rng);
    int p = s->turn;
    if (p != seat && s->played < plays_required(s)) {
        tbi_set128 fitting = {{0, 0}};
        for (int i = 0; i < pool.n; i++)
            for (int k = 0; k < PILES; k++)
                if (fits(k, s->top[k], pool.card[i]))
                    tbi_set_add(&fitting, pool.card[i]);
        int off = 0; /* where the mover's hand lies in the pool */
        for (int q = 0; q < p; q++)
            off += q == seat ? 0 : s->hand_n[q];
        tbi_pool_require(&pool, off, s->hand_n[p], &fitting, 1, rng);
    }
    tbi_pool_take_hands(&pool, s->hand[0], stride, s->hand_n, s->players,
                        seat);
    tbi_pool_take_run(&pool, s->draw + s->drawn, deck_left(s));
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    if (a == ACT_END)
        snprintf(buf, cap, "end");
    else
        snprintf(buf, cap, "%u%s", a / PILES, pile_names[a % PILES]);
}

/* Reads a pile name (u1 u2 d1 d2) at the start of w; -1 when there is
 * none. */
static int read_pile(const char *w)
{
    for (int k = 0; k < PILES; k++)
        if (!strcmp(w, pile_names[k]))
            return k;
    return -1;
}

/* Reads "37u1" (also "37 u1", "37 on u1", "37>u1"); a bare "37" is enough
 * when the card fits only one pile. */
static int parse_play(const thegame *s, const char *w, tb_action *out,
                      char *err, size_t cap)
{
    int card;
    const char *rest = tbi_read_uint(w, &card);
    if (!rest) {
        tbi_errf(err, cap, "type a card and a pile, like 37u1 (piles u1 u2 "
                 "go up, d1 d2 go down), or 'end' to end your turn");
        return TB_EPARSE;
    }
    if (!strncmp(rest, "on", 2) || !strncmp(rest, "to", 2))
        rest += 2;
    else if (*rest == '>')
        rest++;
    int p = s->turn;
    if (card > 255 || !tbi_hand_has(s->hand[p], s->hand_n[p], (uint8_t)card)) {
        tbi_errf(err, cap, "%d is not in your hand", card);
        return TB_EPARSE;
    }
    int pile = -1;
    if (*rest) {
        pile = read_pile(rest);
        if (pile < 0) {
            tbi_errf(err, cap, "'%s' is not a pile: u1 u2 go up, d1 d2 go "
                     "down", rest);
            return TB_EPARSE;
        }
        if (!fits(pile, s->top[pile], card)) {
            tbi_errf(err, cap, "%d does not fit on %s (top %d)", card,
                     pile_names[pile], s->top[pile]);
            return TB_EPARSE;
        }
    } else {
        int n_fit = 0;
        for (int k = 0; k < PILES; k++)
            if (fits(k, s->top[k], card)) {
                pile = k;
                n_fit++;
            }
        if (n_fit != 1) {
            tbi_errf(err, cap, n_fit ? "%d fits more than one pile: say "
                     "which, like %du1" : "%d fits no pile",
                     card, card);
            return TB_EPARSE;
        }
    }
    *out = play_action(card, pile);
    return TB_OK;
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const thegame *s = vs;
    char w[32];
    tbi_squeeze(text, w, sizeof w);
    if (!strcmp(w, "end") || !strcmp(w, "done") || !strcmp(w, "e")) {
        int owed = plays_required(s) - s->played;
        if (owed > 0) {
            tbi_errf(err, cap, "you must play %d more card%s before ending "
                     "your turn", owed, owed == 1 ? "" : "s");
            return TB_EPARSE;
        }
        *out = ACT_END;
        return TB_OK;
    }
    return parse_play(s, w, out, err, cap);
}

/* At the end of a lost game, which cards were left, one line each for the
 * hands that held some and for the draw pile (in order of value: its order
 * no longer matters), each line starting with `indent`.  Every hand is
 * shown face up once the game is over. */
static void say_cards_left(const thegame *s, const char *indent, tb_text *t)
{
    for (int p = 0; p < s->players; p++) {
        if (!s->hand_n[p])
            continue;
        tb_text_printf(t, "%sleft in seat %d's hand:", indent, p);
        for (int i = 0; i < s->hand_n[p]; i++)
            tb_text_printf(t, " %d", s->hand[p][i]);
        tb_text_puts(t, "\n");
    }
    if (deck_left(s)) {
        uint8_t rest[N_CARDS];
        int n = deck_left(s);
        memcpy(rest, s->draw + s->drawn, (size_t)n);
        tbi_sort_u8(rest, n);
        tb_text_printf(t, "%sleft in the draw pile (%d):", indent, n);
        for (int i = 0; i < n; i++)
            tb_text_printf(t, " %d", rest[i]);
        tb_text_puts(t, "\n");
    }
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const thegame *s = vs;
    tb_text_printf(t, "%sThe Game%s  (cooperative)", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET));
    if (s->phase == PH_DEAL) {
        tb_text_puts(t, "  cards not yet shuffled\n");
        return;
    }
    tb_text_printf(t, "  draw pile %d, cards left %d\n", deck_left(s),
                   cards_left(s));
    const char *up = style & TB_STYLE_UNICODE ? "\xe2\x86\x91" : "up";
    const char *down = style & TB_STYLE_UNICODE ? "\xe2\x86\x93" : "down";
    for (int k = 0; k < PILES; k++)
        tb_text_printf(t, "  %s %-4s %s%3d%s  (%d played)\n", pile_names[k],
                       ascending(k) ? up : down, tbi_color(style, TBI_CYAN),
                       s->top[k], tbi_color(style, TBI_RESET), s->pile_n[k]);
    for (int p = 0; p < s->players; p++) {
        int to_move = s->phase == PH_PLAY && p == s->turn;
        tb_text_printf(t, "  %s seat %d%s: %d cards", to_move ? ">" : " ", p,
                       p == seat ? " (you)" : "", s->hand_n[p]);
        if (to_move)
            tb_text_printf(t, ", played %d of %d required", s->played,
                           plays_required(s));
        tb_text_puts(t, "\n");
    }
    if (seat >= 0 && seat < s->players) {
        tb_text_puts(t, "  your hand:");
        for (int i = 0; i < s->hand_n[seat]; i++)
            tb_text_printf(t, " %d", s->hand[seat][i]);
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_OVER) {
        tb_text_printf(t, "  %s\n", cards_left(s) == 0
                                        ? "every card is played: the team wins"
                                        : "no more plays: the team loses");
        say_cards_left(s, "  ", t);
    }
}

static json_t *view_json(const void *vs, int seat)
{
    const thegame *s = vs;
    static const char *phase_names[] = {"deal", "play", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_t *piles = json_array();
    for (int k = 0; k < PILES; k++) {
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(pile_names[k]));
        json_object_set_new(o, "direction",
                            json_string(ascending(k) ? "up" : "down"));
        json_object_set_new(o, "top", json_integer(s->top[k]));
        json_object_set_new(o, "played", json_integer(s->pile_n[k]));
        json_array_append_new(piles, o);
    }
    json_object_set_new(v, "piles", piles);
    if (s->phase != PH_DEAL) {
        json_object_set_new(v, "draw_pile", json_integer(deck_left(s)));
        json_object_set_new(v, "cards_left", json_integer(cards_left(s)));
    }
    if (s->phase == PH_PLAY) {
        json_object_set_new(v, "to_move", json_integer(s->turn));
        json_object_set_new(v, "played_this_turn", json_integer(s->played));
        json_object_set_new(v, "required", json_integer(plays_required(s)));
    }
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "hand_size", json_integer(s->hand_n[p]));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (seat >= 0 && seat < s->players)
        json_object_set_new(v, "hand",
                            tbi_json_int_array(s->hand[seat], s->hand_n[seat]));
    if (s->phase == PH_OVER) {
        /* The game is over: the cards left are shown face up. */
        json_t *hands = json_array();
        for (int p = 0; p < s->players; p++)
            json_array_append_new(hands,
                                  tbi_json_int_array(s->hand[p], s->hand_n[p]));
        json_object_set_new(v, "hands_left", hands);
        uint8_t rest[N_CARDS];
        memcpy(rest, s->draw + s->drawn, (size_t)deck_left(s));
        tbi_sort_u8(rest, deck_left(s));
        json_object_set_new(v, "draw_pile_left",
                            tbi_json_int_array(rest, deck_left(s)));
    }
    return v;
}

/* What `seat` sees when the seat to move in `before` takes action a: the
 * card and pile (plays are public), or the end of the turn and how many
 * cards were drawn (which ones only to the drawer); then the seats skipped
 * for want of cards, and the end of the game with the cards left. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const thegame *b = vb, *s = va;
    int p = b->turn;
    int turn_over = a == ACT_END;
    if (a != ACT_END) {
        int card = (int)(a / PILES), k = (int)(a % PILES);
        int back = ascending(k) ? card < b->top[k] : card > b->top[k];
        if (back)
            tb_text_printf(t, "seat %d plays %d on %s (back from %d: the "
                           "backwards trick)\n", p, card, pile_names[k],
                           b->top[k]);
        else
            tb_text_printf(t, "seat %d plays %d on %s (%s from %d)\n", p, card,
                           pile_names[k], ascending(k) ? "up" : "down",
                           b->top[k]);
        turn_over = b->hand_n[p] == 1; /* the last card ends the turn */
    }
    int drawn = s->drawn - b->drawn;
    if (turn_over && cards_left(s) > 0) {
        if (a == ACT_END)
            tb_text_printf(t, "seat %d ends the turn", p);
        else
            tb_text_printf(t, "seat %d has played every card in hand, which "
                           "ends the turn,", p);
        if (drawn && seat == p) {
            /* The drawer's new cards: its hand after, less its hand
             * before the turn's last action. */
            tb_text_printf(t, " and draws");
            for (int i = 0; i < s->hand_n[p]; i++)
                if (!tbi_hand_has(b->hand[p], b->hand_n[p], s->hand[p][i]))
                    tb_text_printf(t, " %d", s->hand[p][i]);
        } else if (drawn) {
            tb_text_printf(t, " and draws %d card%s", drawn,
                           drawn == 1 ? "" : "s");
        } else {
            tb_text_puts(t, " with no card to draw");
        }
        tb_text_puts(t, "\n");
        if (drawn && deck_left(s) == 0)
            tb_text_puts(t, "the draw pile is empty: from now on one card a "
                            "turn is enough\n");
        for (int q = (p + 1) % s->players; q != s->turn;
             q = (q + 1) % s->players)
            tb_text_printf(t, "seat %d has no cards left and is skipped\n", q);
    }
    if (s->phase != PH_OVER)
        return;
    int left = cards_left(s);
    if (left == 0) {
        tb_text_puts(t, "every card is played: the team wins\n");
        return;
    }
    if (turn_over)
        tb_text_printf(t, "seat %d cannot play a card", s->turn);
    else
        tb_text_printf(t, "seat %d cannot make the play it still owes", p);
    tb_text_printf(t, ": the team loses with %d card%s left\n", left,
                   left == 1 ? "" : "s");
    say_cards_left(s, "", t);
}

/* ---------------------------------------------------------------- bot */

/*
 * The heuristic plans the rest of its turn.  It knows which cards are still
 * out (not on a pile: public knowledge) and its own hand.  Each card out has
 * up to four piles it can still go on (its homes).  A play that moves a pile
 * past some cards takes that pile from each of them, and losing a home
 * costs more the fewer a card has left; a backwards trick gives homes back.
 * The sum of these changes is the play's "damage".  The plan makes the plays it owes with the least damage,
 * plus optional plays while they are cheap.
 */

/* home_loss[n]: the cost of a card losing a home when it has already lost
 * n of its four.  The first loss is cheap (every card loses some homes as
 * the piles close in); the last ones nearly lose the card. */
static const double home_loss[PILES] = {0.4, 1.0, 2.0, 5.0};
/* Cards in the planner's own hand count for this much of a card out: the
 * plan itself may still play them elsewhere, and the planner can steer
 * around them next turn. */
#define OWN_CARD_WEIGHT 0.25
/* Damage under which an optional play (beyond those required) is made. */
#define EXTRA_PLAY_LIMIT 1.05
/* Value of a plan that leaves a required play unmade. */
#define STUCK_COST 1000.0
/* Optional plays a plan looks ahead, after the required ones. */
#define LOOK_AHEAD 4

typedef struct planner {
    uint8_t top[PILES];
    uint8_t hand[MAX_HAND], hand_n;
    uint8_t used;   /* bit i: hand[i] is already played in this plan */
    tbi_set128 out; /* cards not on any pile (hands and draw pile) */
    tbi_set128 mine; /* the hand's cards not yet played in the plan */
} planner;

/* Whether pile k is closed to card u (u is on its far side). */
static int closed_to(int k, int top, int u)
{
    return ascending(k) ? u < top : u > top;
}

/* How many homes card u has lost on the piles other than `skip`. */
static int homes_lost(const planner *pl, int u, int skip)
{
    int n = 0;
    for (int k = 0; k < PILES; k++)
        if (k != skip && closed_to(k, pl->top[k], u))
            n++;
    return n;
}

/* The damage of moving pile k from its top to card c.  The cards out
 * strictly between them lose (or, for a backwards trick, regain) this
 * pile; the other piles' tops cut that range into stretches in which every
 * card has lost the same homes elsewhere, so each stretch is priced at
 * once. */
static double play_damage(const planner *pl, int k, int c)
{
    int from = pl->top[k];
    int lo = (from < c ? from : c) + 1, hi = from < c ? c : from;
    int closing = ascending(k) ? c > from : c < from;
    /* Card u is closed by an ascending top T when u < T, by a descending
     * top T when u >= T + 1: these are the cut points. */
    int cut[PILES + 1], n_cut = 0;
    for (int j = 0; j < PILES; j++) {
        int b = ascending(j) ? pl->top[j] : pl->top[j] + 1;
        if (j != k && b > lo && b < hi)
            cut[n_cut++] = b;
    }
    cut[n_cut++] = hi;
    for (int i = 1; i < n_cut; i++) /* sort the few cut points */
        for (int j = i; j > 0 && cut[j - 1] > cut[j]; j--) {
            int t = cut[j];
            cut[j] = cut[j - 1];
            cut[j - 1] = t;
        }
    double d = 0;
    for (int i = 0, start = lo; i < n_cut; start = cut[i++]) {
        int n = tbi_set_count_range(&pl->out, (unsigned)start,
                                    (unsigned)cut[i]);
        int m = tbi_set_count_range(&pl->mine, (unsigned)start,
                                    (unsigned)cut[i]);
        if (n)
            d += (n - (1.0 - OWN_CARD_WEIGHT) * m) *
                 home_loss[homes_lost(pl, start, k)];
    }
    if (!closing)
        d = -d;
    return d;
}

/* The least total damage of finishing the turn from the planner's state
 * with `owed` plays still required and `extra` optional plays allowed;
 * optional plays are credited EXTRA_PLAY_LIMIT each, so they are made only
 * when cheaper than that.  Plays on different piles do not affect each
 * other, so a plan is searched in one order only: by pile (min_pile is the
 * lowest pile still open to it).  *first receives the best first play
 * (ACT_END when stopping is best). */
static double plan(planner *pl, int owed, int extra, int min_pile,
                   tb_action *first)
{
    double best = owed > 0 ? STUCK_COST * owed : 0.0;
    if (first)
        *first = ACT_END;
    if (owed == 0 && extra == 0)
        return best;
    for (int k = min_pile; k < PILES; k++) {
        /* Two piles of one direction with the same top are alike. */
        if ((k == 1 || k == 3) && pl->top[k] == pl->top[k - 1] &&
            min_pile < k)
            continue;
        for (int i = 0; i < pl->hand_n; i++) {
            int c = pl->hand[i];
            if (((pl->used >> i) & 1) || !fits(k, pl->top[k], c))
                continue;
            double d = play_damage(pl, k, c);
            if (owed == 0) {
                d -= EXTRA_PLAY_LIMIT;
                /* Prune costly optional plays unless they set up a trick
                 * with a card in hand. */
                int back = ascending(k) ? c - TRICK : c + TRICK;
                int trick_next = back >= LOW_CARD && back <= HIGH_CARD &&
                                 tbi_set_has(&pl->mine, (unsigned)back);
                if (d > 0 && !trick_next)
                    continue;
            }
            uint8_t old_top = pl->top[k];
            pl->top[k] = (uint8_t)c;
            pl->used |= (uint8_t)(1u << i);
            tbi_set_del(&pl->out, (unsigned)c);
            tbi_set_del(&pl->mine, (unsigned)c);
            d += plan(pl, owed > 0 ? owed - 1 : 0, owed > 0 ? extra : extra - 1,
                      k, NULL);
            tbi_set_add(&pl->out, (unsigned)c);
            tbi_set_add(&pl->mine, (unsigned)c);
            pl->used &= (uint8_t)~(1u << i);
            pl->top[k] = old_top;
            if (d < best - 1e-9) {
                best = d;
                if (first)
                    *first = play_action(c, k);
            }
        }
    }
    return best;
}

/* The Game heuristic: plan the rest of the turn (the plays still owed and
 * a few optional ones) to do the least damage, and make the first play of
 * the best plan, or end the turn when stopping is best. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const thegame *s = vs;
    (void)rng;
    planner pl;
    memset(&pl, 0, sizeof pl);
    memcpy(pl.top, s->top, sizeof pl.top);
    memcpy(pl.hand, s->hand[seat], MAX_HAND);
    pl.hand_n = s->hand_n[seat];
    for (int i = 0; i < pl.hand_n; i++)
        tbi_set_add(&pl.mine, pl.hand[i]);
    for (int p = 0; p < s->players; p++)
        for (int i = 0; i < s->hand_n[p]; i++)
            tbi_set_add(&pl.out, s->hand[p][i]);
    for (int i = s->drawn; i < N_CARDS; i++)
        tbi_set_add(&pl.out, s->draw[i]);
    int owed = plays_required(s) - s->played;
    if (owed < 0)
        owed = 0;
    tb_action a;
    plan(&pl, owed, LOOK_AHEAD, 0, &a);
    if (a == ACT_END && owed > 0) {
        /* Every plan is stuck; any legal play will do. */
        tb_action buf[MAX_HAND * PILES + 1];
        legal(s, buf);
        a = buf[0];
    }
    return a;
}

/* The search reward: a win counts most, and among losses fewer cards left
 * is better, so search can tell a near miss from a rout. */
static double reward(const tb_result *r, int seat)
{
    (void)seat;
    return 0.5 * r->team_win + 0.5 * (1.0 - r->team_score / N_CARDS);
}

const tb_game tbg_the_game = {
    .id = "the-game",
    .title = "The Game",
    .blurb = "cooperative: play all 98 cards onto two rising and two falling "
             "piles",
    .min_players = 1,
    .max_players = MAX_P,
    .flags = TB_GAME_COOPERATIVE | TB_GAME_HIDDEN,
    .options = NULL,
    .n_options = 0,
    .state_size = sizeof(thegame),
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
    .reward = reward,
    .describe = describe,
};
