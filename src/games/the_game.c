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
 * turn.  With the `talk` option the seat to move may also, before or
 * between its plays, say something about a pile from a small vocabulary
 * with no numbers in it ("please don't play on u1"): table talk, which the
 * rules allow, made an action so that it is public, recorded and replayed.
 * The one chance node is the shuffle of cards 2-99 at the start: hands are
 * dealt from it in seat order and the rest is the draw pile.
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
/* Talk: action ACT_SAY + kind * PILES + pile says `kind` about the pile
 * (SAY_NOTHING withdraws what the seat said there).  Plays are at most
 * 99 * 4 + 3, so the two ranges never meet. */
#define ACT_SAY 1024u
/* Things a seat may say in one turn, so that talk cannot go on forever. */
#define SAYS_PER_TURN 2

enum { OPT_TALK };

/* What a seat says about a pile.  Each seat has at most one standing
 * signal per pile; it stands until the seat withdraws or replaces it, plays
 * on that pile itself, or runs out of cards. */
enum say { SAY_NOTHING, SAY_HOLD, SAY_JUMP, SAY_FREE, N_SAY };

/* The notation of each kind (SAY_NOTHING is "withdraw"), and how the table
 * hears it; "%s" is the pile's name. */
static const char *const say_words[N_SAY] = {"withdraw", "hold", "jump",
                                             "free"};
static const char *const say_heard[N_SAY] = {
    "", "please don't play on %s", "I can make a big jump on %s",
    "play on %s as you like, I need nothing there"};
/* How the table shows a standing signal beside its pile. */
static const char *const say_shown[N_SAY] = {"", "don't play here",
                                             "big jump here", "play here"};

static const tb_option_def options[] = {
    {"talk", "table talk without numbers: the seat to move may say hold "
             "(don't play here), jump (I can make a big jump here), free "
             "(play here) or withdraw about a pile, twice a turn; off is "
             "the silent game",
     TB_OPT_BOOL, 1, 0, 1, NULL},
};

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
    uint8_t talk; /* table talk is allowed (the option, with 2+ players) */
    uint8_t said; /* things the seat to move has said this turn */
    uint8_t signal[MAX_P][PILES]; /* enum say: each seat's word per pile */
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
    /* A lone player has nobody to talk to. */
    s->talk = (uint8_t)(cfg->opt[OPT_TALK] && cfg->players > 1);
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
        s->said = 0;
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

static tb_action say_action(int kind, int pile)
{
    return ACT_SAY + (tb_action)(kind * PILES + pile);
}

/* Whether the seat to move may say `kind` about pile k now: talk is on, it
 * has not used up this turn's words, and the words change what it says
 * there (withdrawing needs something said). */
static int may_say(const thegame *s, int kind, int k)
{
    return s->talk && s->said < SAYS_PER_TURN &&
           s->signal[s->turn][k] != kind;
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
    for (int kind = 0; kind < N_SAY; kind++)
        for (int k = 0; k < PILES; k++)
            if (may_say(s, kind, k))
                out[n++] = say_action(kind, k);
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
    if (a >= ACT_SAY) {
        s->signal[p][(a - ACT_SAY) % PILES] = (uint8_t)((a - ACT_SAY) / PILES);
        s->said++;
        return;
    }
    int card = (int)(a / PILES), pile = (int)(a % PILES);
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)card);
    s->top[pile] = (uint8_t)card;
    s->pile_n[pile]++;
    s->played++;
    /* What the seat said about this pile is done with once it plays there
     * itself, and everything it said once it has no cards left. */
    s->signal[p][pile] = SAY_NOTHING;
    if (s->hand_n[p] == 0) {
        memset(s->signal[p], SAY_NOTHING, PILES);
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
    else if (a >= ACT_SAY)
        snprintf(buf, cap, "%s %s", say_words[(a - ACT_SAY) / PILES],
                 pile_names[(a - ACT_SAY) % PILES]);
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
                 "go up, d1 d2 go down), or 'end' to end your turn%s",
                 s->talk ? ", or say something about a pile: hold u1 "
                           "(don't play here), jump u1 (I can make a big "
                           "jump here), free u1 (play here), withdraw u1"
                         : "");
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

/* Reads a signal, "hold u1" (squeezed to "holdu1"), when w starts with
 * one of the words of talk: returns TB_OK or TB_EPARSE with a reason, or 1
 * when w is not talk at all. */
static int parse_say(const thegame *s, const char *w, tb_action *out,
                     char *err, size_t cap)
{
    int kind = -1;
    size_t len = 0;
    for (int i = 0; i < N_SAY; i++) {
        size_t n = strlen(say_words[i]);
        if (!strncmp(w, say_words[i], n)) {
            kind = i;
            len = n;
        }
    }
    if (kind < 0)
        return 1;
    int k = read_pile(w + len);
    if (k < 0) {
        tbi_errf(err, cap, "say which pile, like %s u1 (piles u1 u2 go up, "
                 "d1 d2 go down)", say_words[kind]);
        return TB_EPARSE;
    }
    if (!s->talk) {
        tbi_errf(err, cap, s->players > 1 ? "this game is played without "
                 "talk (talk=off)" : "a lone player has nobody to talk to");
        return TB_EPARSE;
    }
    if (s->said >= SAYS_PER_TURN) {
        tbi_errf(err, cap, "you have said %d things this turn, which is "
                 "all a turn allows: play a card or end your turn",
                 SAYS_PER_TURN);
        return TB_EPARSE;
    }
    if (s->signal[s->turn][k] == kind) {
        tbi_errf(err, cap, kind == SAY_NOTHING ? "you have said nothing "
                 "about %s" : "you already say that about %s",
                 pile_names[k]);
        return TB_EPARSE;
    }
    *out = say_action(kind, k);
    return TB_OK;
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const thegame *s = vs;
    char w[32];
    tbi_squeeze(text, w, sizeof w);
    int rc = parse_say(s, w, out, err, cap);
    if (rc != 1)
        return rc;
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
    for (int k = 0; k < PILES; k++) {
        tb_text_printf(t, "  %s %-4s %s%3d%s  (%d played)", pile_names[k],
                       ascending(k) ? up : down, tbi_color(style, TBI_CYAN),
                       s->top[k], tbi_color(style, TBI_RESET), s->pile_n[k]);
        /* What the seats say about this pile, beside it. */
        const char *sep = "  ";
        for (int p = 0; p < s->players; p++)
            if (s->signal[p][k]) {
                tb_text_printf(t, "%s%sseat %d: %s%s", sep,
                               tbi_color(style, TBI_YELLOW), p,
                               say_shown[s->signal[p][k]],
                               tbi_color(style, TBI_RESET));
                sep = "; ";
            }
        tb_text_puts(t, "\n");
    }
    for (int p = 0; p < s->players; p++) {
        int to_move = s->phase == PH_PLAY && p == s->turn;
        tb_text_printf(t, "  %s seat %d%s: %d cards", to_move ? ">" : " ", p,
                       p == seat ? " (you)" : "", s->hand_n[p]);
        if (to_move)
            tb_text_printf(t, ", played %d of %d required", s->played,
                           plays_required(s));
        if (to_move && s->talk)
            tb_text_printf(t, ", may say %d more", SAYS_PER_TURN - s->said);
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
        if (s->talk) {
            /* The standing signals about this pile, by seat. */
            json_t *said = json_array();
            for (int p = 0; p < s->players; p++)
                if (s->signal[p][k]) {
                    json_t *w = json_object();
                    json_object_set_new(w, "seat", json_integer(p));
                    json_object_set_new(
                        w, "says", json_string(say_words[s->signal[p][k]]));
                    json_array_append_new(said, w);
                }
            json_object_set_new(o, "signals", said);
        }
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
        if (s->talk)
            json_object_set_new(v, "may_say",
                                json_integer(SAYS_PER_TURN - s->said));
    }
    json_object_set_new(v, "talk", json_boolean(s->talk));
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
    if (a >= ACT_SAY) {
        int kind = (int)((a - ACT_SAY) / PILES), k = (int)((a - ACT_SAY) % PILES);
        if (kind == SAY_NOTHING) {
            tb_text_printf(t, "seat %d takes back what it said about %s\n", p,
                           pile_names[k]);
        } else {
            tb_text_printf(t, "seat %d says: ", p);
            tb_text_printf(t, say_heard[kind], pile_names[k]);
            tb_text_puts(t, "\n");
        }
        return;
    }
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
        for (int q = 0; q < PILES; q++)
            if (b->signal[p][q] && !s->signal[p][q])
                tb_text_printf(t, "seat %d no longer says \"%s\" on %s\n", p,
                               say_shown[b->signal[p][q]], pile_names[q]);
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
/* Talk.  The extra cost of moving a pile forward that another seat asked
 * the table to keep off ("don't play here": it holds a card close to the
 * top), and of one where another seat can make a big jump (the backwards
 * trick, which any forward play would spoil). */
#define HOLD_COST 1.5
#define JUMP_COST 3.0
/* A seat asks the others to keep off a pile when the best card it keeps
 * for it has at most this many cards still out between it and the top. */
#define HOLD_GAP 3

typedef struct planner {
    uint8_t top[PILES];
    uint8_t hand[MAX_HAND], hand_n;
    uint8_t used;   /* bit i: hand[i] is already played in this plan */
    tbi_set128 out; /* cards not on any pile (hands and draw pile) */
    tbi_set128 mine; /* the hand's cards not yet played in the plan */
    uint8_t top0[PILES];     /* the tops when the plan starts */
    double keep_off[PILES];  /* the cost of moving a pile other seats
                                asked to keep off (0: nobody asked) */
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
TBI_POPCNT_CLONES
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

/* How many cards out, not in the planner's hand, lie strictly between a
 * and b (in either order). */
TBI_POPCNT_CLONES
static int others_between(const planner *pl, int a, int b)
{
    unsigned lo = (unsigned)(a < b ? a : b) + 1, hi = (unsigned)(a < b ? b : a);
    if (lo >= hi)
        return 0;
    return tbi_set_count_range(&pl->out, lo, hi) -
           tbi_set_count_range(&pl->mine, lo, hi);
}

/* The cost of moving pile k forward to card c when other seats asked to
 * keep off it ("don't play here").  Their close card is taken to be any
 * of the first HOLD_GAP + 1 cards out past the top the plan started from
 * (cards not in the planner's hand), so the cost grows with how many of
 * those c passes; earlier plays on k in this plan paid for the ones they
 * passed. */
static double keep_off_cost(const planner *pl, int k, int c)
{
    int from = pl->top0[k], now = pl->top[k], window = HOLD_GAP + 1;
    int passed = others_between(pl, from, c);
    int paid = closed_to(k, from, now) ? 0 : others_between(pl, from, now);
    if (passed > window)
        passed = window;
    if (paid > window)
        paid = window;
    return passed > paid ? pl->keep_off[k] * (passed - paid) / window : 0.0;
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
            /* The first forward play on a pile another seat asked to keep
             * off also costs what it asked for. */
            if (pl->keep_off[k] > 0 && !closed_to(k, pl->top0[k], c))
                d += keep_off_cost(pl, k, c);
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

/* What seat, about to end its turn with the planner's hand, wants to say
 * about pile k, from its own hand alone: a big jump when it holds the card
 * that sends the pile back; "don't play here" when its best card for the
 * pile has at most HOLD_GAP cards still out between it and the top (a
 * play by anyone else would most likely pass it); else nothing. */
static int wanted_signal(const planner *pl, int k)
{
    int top = pl->top[k], best = -1;
    for (int i = 0; i < pl->hand_n; i++) {
        int c = pl->hand[i];
        if (c == (ascending(k) ? top - TRICK : top + TRICK))
            return SAY_JUMP;
        if (!fits(k, top, c))
            continue;
        int gap = others_between(pl, top, c);
        if (best < 0 || gap < best)
            best = gap;
    }
    return best >= 0 && best <= HOLD_GAP ? SAY_HOLD : SAY_NOTHING;
}

/* Before ending its turn, the first change seat wants in what it says
 * about the piles (words it may still say this turn), or ACT_END when it
 * has nothing to change.  Bots never say "play here" (a word for people),
 * so they leave such a word alone. */
static tb_action talk_before_ending(const thegame *s, const planner *pl,
                                    int seat)
{
    for (int k = 0; k < PILES && s->said < SAYS_PER_TURN; k++) {
        int want = wanted_signal(pl, k), now = s->signal[seat][k];
        if (want != now && now != SAY_FREE)
            return say_action(want, k);
    }
    return ACT_END;
}

/* The Game heuristic: plan the rest of the turn (the plays still owed and
 * a few optional ones) to do the least damage, and make the first play of
 * the best plan, or end the turn when stopping is best.  With talk, it
 * weighs what the other seats asked (a pile to keep off costs more to
 * move), and before ending its turn says what it wants kept. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const thegame *s = vs;
    (void)rng;
    planner pl;
    memset(&pl, 0, sizeof pl);
    memcpy(pl.top, s->top, sizeof pl.top);
    memcpy(pl.top0, s->top, sizeof pl.top0);
    if (s->talk)
        for (int p = 0; p < s->players; p++)
            for (int k = 0; k < PILES && p != seat; k++) {
                double cost = s->signal[p][k] == SAY_HOLD   ? HOLD_COST
                              : s->signal[p][k] == SAY_JUMP ? JUMP_COST
                                                            : 0.0;
                if (cost > pl.keep_off[k])
                    pl.keep_off[k] = cost;
            }
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
    if (a == ACT_END && owed == 0 && s->talk)
        return talk_before_ending(s, &pl, seat);
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
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
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
