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
#include "dealt.h"
#include "deck100.h"
#include "internal.h"
#include "obs.h"
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
    tbi_set128 out;  /* cards not on a pile (in hands or the draw pile):
                        public, and what a seat has not seen is this less
                        its own hand */
    tbi_set128 deck; /* in a determinized world, the cards not placed yet
                        (see below); the real game leaves it empty */
    /* The turn so far, public: the cards played in it and the tops when
     * it began.  The heuristic plans a turn once, at its start, and reads
     * these to know that plan again mid-turn (see `turn_plan`). */
    tbi_set128 turn_played;
    uint8_t turn_top[PILES];
    /* A determinized world keeps the cards it has not placed as the set
     * `deck`, in no order: the draw pile and the hidden hands that nothing
     * has looked at yet (bit p of `undealt`: seat p's).  Each card drawn,
     * and each card of such a hand when the hand is first needed (its
     * seat's turn, or the end of the game), is a random one of the set,
     * from this world's own generator (its seed drawn when it was
     * determinized).  The cards being alike, that is a uniform deal, found
     * only as far as the world is played: a bot that looks only at its own
     * hand costs no dealing at all.  The real game (lazy == 0) draws
     * draw[] in order. */
    uint8_t lazy;       /* 1: a determinized world, draw_rng not yet
                           seeded from draw_seed; 2: seeded */
    uint8_t undealt;    /* bit p: seat p's hand is not dealt yet */
    uint64_t draw_seed;
    tb_rng draw_rng;
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

/* Takes a random card out of a determinized world's cards not yet placed
 * (`deck`, not empty). */
static uint8_t take_unplaced(thegame *s)
{
    if (s->lazy == 1) { /* the world's first card */
        tb_rng_seed(&s->draw_rng, s->draw_seed);
        s->lazy = 2;
    }
    uint32_t r = tb_rng_below(&s->draw_rng, (uint32_t)tbi_set_count(&s->deck));
    uint8_t c = (uint8_t)tbi_set_select(&s->deck, (int)r);
    tbi_set_del(&s->deck, c);
    return c;
}

/* Takes the next card of the draw pile (which is not empty). */
static uint8_t next_card(thegame *s)
{
    if (s->lazy)
        return take_unplaced(s);
    return s->draw[s->drawn];
}

/* Writes the cards of the draw pile in ascending order to out; returns
 * how many. */
static int draw_pile_sorted(const thegame *s, uint8_t *out)
{
    tbi_set128 pile = s->deck;
    if (!s->lazy) {
        memset(&pile, 0, sizeof pile);
        tbi_set_add_all(&pile, s->draw + s->drawn, N_CARDS - s->drawn);
    }
    return tbi_set_to_sorted(&pile, out);
}

/* Draws seat p's hand back up to the hand size while cards remain. */
static void draw_up(thegame *s, int p)
{
    while (s->hand_n[p] < s->hand_size && s->drawn < N_CARDS) {
        uint8_t c = next_card(s);
        s->drawn++;
        tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], c);
    }
}

/* In a determinized world, deals seat p's hand if it is not dealt yet. */
static void deal_hidden(thegame *s, int p)
{
    if (!((s->undealt >> p) & 1))
        return;
    s->undealt = (uint8_t)(s->undealt & ~(1u << p));
    tbi_set128 got = {{0, 0}};
    for (int i = 0; i < s->hand_n[p]; i++)
        tbi_set_add(&got, take_unplaced(s));
    tbi_set_to_sorted(&got, s->hand[p]);
}

/* Ends the game; a determinized world deals the hands it has not dealt,
 * so that the cards left can be shown. */
static void game_over(thegame *s)
{
    s->phase = PH_OVER;
    for (int p = 0; p < s->players; p++)
        deal_hidden(s, p);
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
        memset(&s->turn_played, 0, sizeof s->turn_played);
        memcpy(s->turn_top, s->top, PILES);
        s->turns++;
        deal_hidden(s, p);
        if (!can_play(s, p))
            game_over(s); /* owes plays it cannot make: a loss */
        return;
    }
    game_over(s); /* every card is on a pile */
}

static void apply_chance(void *vs, const uint16_t *order)
{
    thegame *s = vs;
    for (int i = 0; i < N_CARDS; i++)
        s->draw[i] = (uint8_t)order[i];
    /* Every card is out: 2-63 in the low word, 64-99 in the high one. */
    s->out.w[0] = ~0ull << LOW_CARD;
    s->out.w[1] = (1ull << (HIGH_CARD + 1 - 64)) - 1;
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
    tbi_set_del(&s->out, (unsigned)card);
    tbi_set_add(&s->turn_played, (unsigned)card);
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
        game_over(s); /* owes a play it cannot make: a loss */
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

/* The cards that fit some pile. */
static tbi_set128 fitting_cards(const thegame *s)
{
    tbi_set128 fit = {{0, 0}};
    for (int c = LOW_CARD; c <= HIGH_CARD; c++)
        for (int k = 0; k < PILES; k++)
            if (fits(k, s->top[k], c)) {
                tbi_set_add(&fit, (unsigned)c);
                break;
            }
    return fit;
}

/* Deals the unseen cards again.  The seat to move, when it is not `seat`,
 * gets its hand at once from the cards out less the seat's own hand (its
 * legal moves must be known); every other hidden hand, and the draw pile,
 * is left as the set of cards not yet placed, dealt only as the world is
 * played on (see `undealt`).  One thing about a hidden hand is public: the
 * seat to move can make a play it still owes (else the game would have
 * ended), so its hand gets at least one card that fits a pile, drawn as a
 * uniform deal among those that have one. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    thegame *s = vs;
    if (s->phase != PH_PLAY)
        return;
    int own = seat >= 0 && seat < s->players;
    if (own)
        deal_hidden(s, seat); /* a world made for another seat */
    tbi_set128 unseen = s->out;
    if (own)
        for (int i = 0; i < s->hand_n[seat]; i++)
            tbi_set_del(&unseen, s->hand[seat][i]);
    int mover = s->turn;
    if (mover != seat) {
        tbi_set128 fit = {{0, 0}};
        int owes = s->played < plays_required(s);
        if (owes)
            fit = fitting_cards(s);
        tbi_set_take_hand_requiring(&unseen, s->hand[mover], s->hand_n[mover],
                                    &fit, owes, rng);
    }
    s->undealt = 0;
    for (int p = 0; p < s->players; p++)
        if (p != seat && p != mover && s->hand_n[p] > 0) {
            s->undealt = (uint8_t)(s->undealt | 1u << p);
            memset(s->hand[p], 0, MAX_HAND);
        }
    s->deck = unseen;
    s->lazy = 1;
    s->draw_seed = tb_rng_next(rng);
    memset(&s->draw_rng, 0, sizeof s->draw_rng);
    /* No order is kept.  Cleared 16 bytes at a time: one memset of the
     * whole array compiles to `rep stos`, whose start-up alone cost some
     * 4% of a heuristic game (there is a determinize per decision). */
    for (size_t i = 0; i + 16 <= sizeof s->draw; i += 16)
        memset(s->draw + i, 0, 16);
    memset(s->draw + sizeof s->draw / 16 * 16, 0, sizeof s->draw % 16);
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
        int n = draw_pile_sorted(s, rest);
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
        int n = draw_pile_sorted(s, rest);
        json_object_set_new(v, "draw_pile_left",
                            tbi_json_int_array(rest, n));
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
 * The heuristic plans the rest of its turn exactly, in a model of the game
 * chosen to make planning cheap (the chain planner).  With the hands of
 * seven and eight cards of one and two players it uses a dearer search
 * over the plays themselves instead (the exact planner, below), which
 * plays clearly better there.
 *
 * Homes.  Each card out (not on a pile: public knowledge) can still go on
 * up to four piles, its homes.  A pile closes a card when its top passes
 * it, and losing a home costs more the fewer a card has left; a backwards
 * trick opens the pile again to the cards it passes back over and wins
 * those costs back.  Cards in the planner's own hand count a quarter as
 * much (the plan may play them, and the planner can steer around them next
 * turn).
 *
 * Plans.  A plan gives each pile a chain of cards from the hand, played on
 * it in order.  How many homes the cards out keep depends only on where
 * each pile ends and on which cards were played, never on the order of the
 * plays: so a chain is priced by the cards out between the pile's old top
 * and its last card that it did not play, and chains on different piles
 * are priced apart (exact when their stretches do not overlap; a plan that
 * moves two piles over the same cards is a poor one anyway).  A plan must
 * make the plays still owed; each play beyond them earns a credit, so
 * optional plays are made while they cost less than it.
 *
 * Search.  A backwards trick the hand can make at once costs nothing and
 * gives homes back: it is made first.  Otherwise a pile's chains are its
 * nearest cards in order (skipping a card only closes it too): the first
 * one, the first two, and so on, a longer one kept only when it is cheaper
 * than every shorter one that makes the plays owed; and a jump to a card
 * whose trick card (10 back) is also in hand, the trick card next, going
 * on with the nearest cards from there, the jump made at once or after
 * the first, the first two... nearest cards short of the trick card.  The
 * planner picks one chain a pile, no card twice, for the cheapest plan
 * (branch and bound, bounded by the cheapest way for the remaining piles
 * to make the plays still owed, so that the first plan found is nearly
 * always the best).  It plans a turn once, at its start, and plays the
 * plan out (see `turn_plan`).
 *
 * Costs are kept as the sum S(x) of what the cards of others below x would
 * cost by each losing one more home: the four tops cut the line of card
 * numbers into stretches in which every card has lost the same homes, so
 * S at any card is a sum over the stretches below it, and the cost of
 * moving a pile forward is a difference of two sums.
 */

/* home_loss[n]: the cost, in hundredths, of a card out losing a home when
 * it has already lost n of its four.  The first loss is cheap (every card
 * loses some homes as the piles close in); the last ones nearly lose the
 * card.  (A card with no home left lies in no pile's way: index 4 only
 * keeps the sums along the whole line in range.) */
static const int home_loss[PILES + 1] = {40, 100, 200, 500, 500};
/* home_regain[n]: what a card out that has lost n homes wins back by
 * regaining one (home_loss[n - 1]; nothing when it has lost none). */
static const int home_regain[PILES + 1] = {0, 40, 100, 200, 500};
/* Cards in the planner's own hand count home_loss / OWN_CARD_SHARE. */
#define OWN_CARD_SHARE 4
/* The credit for each play beyond those required: an optional play is
 * made when it costs less than this.  The exact planner prices each play
 * alone and was tuned at 105; the chain planner prices a chain as a whole
 * (a dear first play can be paid for by cheap ones after it) and plays
 * best with less.  3 players: 30.9% wins at 65 against 30.1% at 105
 * (10,000 games, seed 7), 31.3% against 29.2% (6000 games, seed 11; 80
 * and 50 gave 30.9% and 31.3% on seed 7); 4 and 5 players (4000 games,
 * seed 11): 46.5% and 50.5% against 44.7% and 48.1%.  Single runs of
 * 2000 games are level within their noise. */
#define EXTRA_PLAY_CREDIT 105
#define CHAIN_PLAY_CREDIT 65
/* The cost of a required play that a plan leaves unmade. */
#define STUCK_COST 100000
/* Plays a plan may make beyond those required. */
#define EXTRA_PLAYS 4
/* Talk.  The extra cost of moving a pile forward that another seat asked
 * the table to keep off ("don't play here": it holds a card close to the
 * top), and of one where another seat can make a big jump (the backwards
 * trick, which any forward play would spoil). */
#define HOLD_COST 150
#define JUMP_COST 300
/* A seat asks the others to keep off a pile when the best card it keeps
 * for it has at most this many cards still out between it and the top;
 * a forward play on a held pile costs more the more of the first
 * HOLD_GAP + 1 cards out past the top it passes. */
#define HOLD_GAP 3
/* Room for one pile's chains: its nearest cards and the jumps from a hand
 * of at most 8. */
#define MAX_CHAINS 64
/* The most plays a turn owes. */
#define MAX_OWED 2

/* One pile's part of a plan: a chain of cards from the hand. */
typedef struct chain {
    int32_t value; /* its cost less the credit of its plays */
    uint8_t cards; /* the hand cards it plays (bit i: hand[i]) */
    uint8_t plays;
    uint8_t first; /* the card it plays first */
    uint8_t jump;  /* the card it jumps to, the trick card next (0: none) */
    uint8_t pre;   /* the hand cards it plays before the jump */
} chain;

typedef struct planner {
    int n;                  /* cards in hand */
    uint8_t hand[MAX_HAND]; /* ascending */
    uint8_t top[PILES];
    tbi_set128 mine;   /* the hand */
    tbi_set128 others; /* cards out not in the hand */
    /* The stretches of the line: stretch i is [start[i], start[i + 1]),
     * its cards have lost level[i] homes, rank_at[i] cards of others lie
     * below it and S there is cost_at[i]. */
    int start[PILES + 2], level[PILES + 1], rank_at[PILES + 1];
    int32_t cost_at[PILES + 1];
    /* S and the number of cards of others below each hand card and each
     * top; the hand cards behind each top (that do not fit it going
     * forward). */
    int32_t cost[MAX_HAND], top_cost[PILES];
    int rank[MAX_HAND], top_rank[PILES], behind[PILES];
    /* What each hand card would cost by losing one more home, and win
     * back by regaining one. */
    int32_t own_close[MAX_HAND], own_open[MAX_HAND];
    int32_t keep_off[PILES]; /* the cost of moving a pile other seats
                                asked to keep off (0: nobody asked) */
    int owed;                /* plays the turn still owes */
    int max_plays;           /* the most a plan makes */
    chain chains[PILES][MAX_CHAINS];
    int n_chains[PILES];
    /* least[k][p]: pile k's cheapest chain of p plays (MAX_OWED: or
     * more); floor[k][r]: the least the piles from k on add to a plan
     * that still owes r plays (a bound: chains may share cards here). */
    int32_t least[PILES][MAX_OWED + 1];
    int32_t floor[PILES + 1][MAX_OWED + 1];
    int32_t best;
    int pick[PILES], trying[PILES];
} planner;

/* Orders a and b. */
static void order2(int *a, int *b)
{
    int lo = *a < *b ? *a : *b, hi = *a < *b ? *b : *a;
    *a = lo;
    *b = hi;
}

/* How many piles are closed to card u (u is on their far side). */
static int closed_piles(const uint8_t *top, int u)
{
    return (u < top[0]) + (u < top[1]) + (u > top[2]) + (u > top[3]);
}

/* Cuts the line where a pile closes: at an ascending pile's top (closed
 * below it), just past a descending one's (closed above it).  Below every
 * cut the two ascending piles are closed; each cut opens one or closes
 * one.  The cards of others below a cut are those below its pile's top
 * (which is not out), and S there is S at the top. */
static void cut_line(planner *pl)
{
    int cut[PILES]; /* cut << 2 | pile, sorted by a network */
    for (int k = 0; k < PILES; k++)
        cut[k] = (ascending(k) ? pl->top[k] : pl->top[k] + 1) << 2 | k;
    order2(&cut[0], &cut[1]);
    order2(&cut[2], &cut[3]);
    order2(&cut[0], &cut[2]);
    order2(&cut[1], &cut[3]);
    order2(&cut[1], &cut[2]);
    int level = 2, rank = 0;
    int32_t cost = 0;
    pl->start[0] = 0;
    pl->level[0] = level;
    pl->rank_at[0] = 0;
    pl->cost_at[0] = 0;
    for (int i = 0; i < PILES; i++) {
        int k = cut[i] & 3;
        cost += home_loss[level] * (pl->top_rank[k] - rank);
        rank = pl->top_rank[k];
        level += ascending(k) ? -1 : 1;
        pl->start[i + 1] = cut[i] >> 2;
        pl->level[i + 1] = level;
        pl->rank_at[i + 1] = rank;
        pl->cost_at[i + 1] = cost;
        pl->top_cost[k] = cost;

    }
    pl->start[PILES + 1] = 128;
}

/* Of four words (enum say, one a byte), 1 in each byte that is `word`
 * and 0 in the others.  The words are under 4, so a byte is `word` when
 * its two low bits of said ^ word are both 0. */
static uint32_t said_bytes(uint32_t said, uint32_t word)
{
    uint32_t x = said ^ word * 0x01010101u;
    return ~(x | x >> 1) & 0x01010101u;
}

/* Sets the planner up for seat in s holding `hand` (n cards, ascending,
 * MAX_HAND bytes) with the piles' tops `top` and the cards `out` not on a
 * pile: its hand, the cards out, S along the line, and what the other
 * seats asked (read from s). */
static void plan_setup_at(planner *pl, const thegame *s, int seat,
                          const uint8_t *hand, int n, const uint8_t *top,
                          const tbi_set128 *out)
{
    pl->n = n;
    memcpy(pl->hand, hand, MAX_HAND);
    memcpy(pl->top, top, PILES);
    tbi_set128 mine = {{0, 0}};
    tbi_set_add_all(&mine, pl->hand, n);
    tbi_set128 others = {{out->w[0] & ~mine.w[0], out->w[1] & ~mine.w[1]}};
    pl->mine = mine;
    pl->others = others;
    for (int k = 0; k < PILES; k++) {
        pl->top_rank[k] = tbi_set_count_below(&others, pl->top[k]);
        int below = tbi_set_count_below(&mine, pl->top[k]);
        pl->behind[k] = ascending(k) ? below : n - below;
    }
    cut_line(pl);
    for (int i = 0; i < n; i++) {
        int c = pl->hand[i], rank = tbi_set_count_below(&others, (unsigned)c);
        /* The stretch holding c: the cuts at or below it (counted, not
         * walked: which way a walk's test goes is a coin toss to the
         * branch predictor). */
        int at = (c >= pl->start[1]) + (c >= pl->start[2]) +
                 (c >= pl->start[3]) + (c >= pl->start[4]);
        int level = closed_piles(pl->top, c);
        pl->rank[i] = rank;
        pl->cost[i] = pl->cost_at[at] +
                      home_loss[pl->level[at]] * (rank - pl->rank_at[at]);
        pl->own_close[i] = home_loss[level];
        pl->own_open[i] = home_regain[level];
    }
    memset(pl->keep_off, 0, sizeof pl->keep_off);
    if (!s->talk)
        return;
    /* Each seat's words, one byte a pile, taken four at once: a byte of
     * `hold` (`jump`) is 1 where some other seat says "hold" ("jump"). */
    uint32_t hold = 0, jump = 0;
    for (int p = 0; p < s->players; p++) {
        uint32_t said;
        memcpy(&said, s->signal[p], sizeof said);
        if (p == seat || !said)
            continue;
        hold |= said_bytes(said, SAY_HOLD);
        jump |= said_bytes(said, SAY_JUMP);
    }
    if (!(hold | jump))
        return;
    uint8_t held[PILES], jumped[PILES];
    memcpy(held, &hold, sizeof held);
    memcpy(jumped, &jump, sizeof jumped);
    for (int k = 0; k < PILES; k++)
        pl->keep_off[k] = jumped[k] ? JUMP_COST : held[k] ? HOLD_COST : 0;
}

/* Sets the planner up for seat in s as it stands. */
static void plan_setup(planner *pl, const thegame *s, int seat)
{
    plan_setup_at(pl, s, seat, s->hand[seat], s->hand_n[seat], s->top,
                  &s->out);
}

/* What the cards of others strictly between lo and hi would win back by
 * each regaining a home (a backwards trick on a pile closed to them). */
static int32_t regained(const planner *pl, int lo, int hi)
{
    /* Each stretch's part of (lo, hi), empty where they do not meet,
     * counted without a branch (whether they meet is a coin toss to the
     * branch predictor). */
    int32_t v = 0;
    for (int i = 0; i <= PILES; i++) {
        int a = pl->start[i] > lo + 1 ? pl->start[i] : lo + 1;
        int b = pl->start[i + 1] < hi ? pl->start[i + 1] : hi;
        b = b > a ? b : a;
        v += home_regain[pl->level[i]] *
             tbi_set_count_range(&pl->others, (unsigned)a, (unsigned)b);
    }
    return v;
}

/* A card's place along pile k's way: forward is up the line for an
 * ascending pile, down it for a descending one. */
static int along(int k, int card)
{
    return ascending(k) ? card : 101 - card;
}

/* The cost of moving pile k forward to hand[last] (the cards of others
 * passed lose the pile), with what other seats asked about it. */
static int32_t forward_cost(const planner *pl, int k, int last)
{
    int32_t v = pl->cost[last] - pl->top_cost[k];
    if (!ascending(k)) /* the line runs the other way */
        v = -v;
    /* Priced whether or not anyone asked (keep_off is then 0): a test
     * would be a coin toss to the branch predictor. */
    int passed = pl->rank[last] - pl->top_rank[k];
    if (passed < 0)
        passed = -passed;
    if (passed > HOLD_GAP + 1)
        passed = HOLD_GAP + 1;
    return v + pl->keep_off[k] * passed / (HOLD_GAP + 1);
}

/* Adds a chain to pile k's list: it plays the hand cards `cards` (bit i:
 * hand[i]), `plays` of them, at total value `value`: first the cards in
 * `pre` in the pile's direction (the first of them is `first`), then,
 * when `jump` is not 0, the card `jump` and straight back the trick card
 * 10 behind it, then the rest in the pile's direction. */
static void add_chain(planner *pl, int k, int32_t value, unsigned cards,
                      int plays, int first, int jump, unsigned pre)
{
    chain *c = &pl->chains[k][pl->n_chains[k]++];
    int p = plays < MAX_OWED ? plays : MAX_OWED;
    c->value = value;
    c->cards = (uint8_t)cards;
    c->plays = (uint8_t)plays;
    c->first = (uint8_t)first;
    c->jump = (uint8_t)jump;
    c->pre = (uint8_t)pre;
    if (value < pl->least[k][p])
        pl->least[k][p] = value;
}

/* The value of a chain on pile k that ends on hand[last] having played
 * the hand cards in `played`: the cost of what it closes (or, gone back
 * past its old top, minus what it opens), with the planner's own cards
 * passed and not played, less the credit of its plays. */
static int32_t chain_value(const planner *pl, int k, int last, unsigned played,
                           int plays)
{
    int a = pl->top[k], b = pl->hand[last];
    int lo = a < b ? a : b, hi = a < b ? b : a;
    int forward = along(k, b) > along(k, a);
    int32_t v, own = 0;
    /* The hand cards strictly between the top and hand[last] are a run of
     * the (ascending) hand, from the first past the top up to last or from
     * just past last up to the top: walk the ones not played. */
    int below = tbi_set_count_below(&pl->mine, (unsigned)a);
    int from = b > a ? below : last + 1, to = b > a ? last : below;
    unsigned run = (1u << to) - (1u << from);
    for (unsigned u = run & ~played; u; u &= u - 1) {
        int i = __builtin_ctz(u);
        own += forward ? pl->own_close[i] : -pl->own_open[i];
    }
    v = forward ? forward_cost(pl, k, last) : -regained(pl, lo, hi);
    return v + own / OWN_CARD_SHARE - CHAIN_PLAY_CREDIT * plays;
}

/* The hand index of card c, which is in hand. */
static int hand_index(const planner *pl, int c)
{
    return tbi_set_count_below(&pl->mine, (unsigned)c);
}

/* Lists the chains on pile k that play the hand cards in `pre` (pn of
 * them: the nearest cards, all short of the trick card), then jump to hand
 * card y and come straight back by the trick with the card 10 back from
 * it, then go on with the nearest cards from there. */
static void list_jump_chains(planner *pl, int k, int y, unsigned pre, int pn)
{
    int step = ascending(k) ? 1 : -1, n = pl->n;
    int last = hand_index(pl, y - step * TRICK);
    unsigned played = pre | 1u << hand_index(pl, y) | 1u << last;
    int first = pn ? pl->hand[__builtin_ctz(pre)] : y;
    if (pn && !ascending(k))
        first = pl->hand[31 - __builtin_clz(pre)];
    for (int plays = pn + 2; plays <= pl->max_plays; plays++) {
        if (pl->n_chains[k] == MAX_CHAINS)
            return;
        add_chain(pl, k, chain_value(pl, k, last, played, plays), played,
                  plays, first, y, pre);
        do /* the nearest card not yet played */
            last += step;
        while (last >= 0 && last < n && ((played >> last) & 1));
        if (last < 0 || last >= n)
            return;
        played |= 1u << last;
    }
}

/* Lists pile k's chains: its nearest cards in order (the first one, the
 * first two, and so on; a chain longer than the plays owed is kept only
 * when it is cheaper than every shorter one that makes them, else that
 * one is the better plan), and the jumps to a card whose trick card is in
 * hand (`pairs`: those cards, for k's direction). */
static void list_chains(planner *pl, int k, const tbi_set128 *pairs)
{
    int n = pl->n, asc = ascending(k), behind = pl->behind[k];
    int ahead = n - behind, step = asc ? 1 : -1;
    int first = asc ? behind : ahead - 1, owed = pl->owed;
    int most = ahead < pl->max_plays ? ahead : pl->max_plays;
    int32_t record = 0; /* the cheapest chain making the plays owed */
    unsigned cards = 0;
    pl->n_chains[k] = 0;
    pl->least[k][0] = 0;
    pl->least[k][1] = pl->least[k][2] = INT32_MAX / 2;
    for (int plays = 1, j = first; plays <= most; plays++, j += step) {
        int32_t cost = forward_cost(pl, k, j);
        /* No longer chain can beat the record now. */
        if (plays > owed && cost - CHAIN_PLAY_CREDIT * most >= record)
            break;
        int32_t v = cost - CHAIN_PLAY_CREDIT * plays;
        cards |= 1u << j;
        if (plays <= owed || v < record) {
            add_chain(pl, k, v, cards, plays, pl->hand[first], 0, 0);
            record = v;
        }
    }
    if (pl->max_plays < 2 || !(pairs->w[0] | pairs->w[1]))
        return;
    for (int j = first, i = 0; i < ahead; i++, j += step) {
        int y = pl->hand[j];
        if (!tbi_set_has(pairs, (unsigned)y))
            continue;
        list_jump_chains(pl, k, y, 0, 0);
        /* The nearest cards first, then the jump: each run of them short
         * of the trick card (of y when the trick card is behind the top:
         * the pile then ends further back than by jumping first). */
        int back = y - step * TRICK;
        int stop = along(k, back) > along(k, pl->top[k]) ? along(k, back)
                                                          : along(k, y);
        unsigned pre = 0;
        for (int q = first, pn = 1; along(k, pl->hand[q]) < stop &&
                                    pn + 2 <= pl->max_plays;
             q += step, pn++) {
            pre |= 1u << q;
            list_jump_chains(pl, k, y, pre, pn);
        }
    }
}

/* The backwards trick the hand can make at once, the one opening the most
 * (ACT_END when there is none). */
static tb_action trick_at_once(const planner *pl)
{
    tb_action a = ACT_END;
    int32_t most = -1;
    for (int k = 0; k < PILES; k++) {
        int top = pl->top[k], c = ascending(k) ? top - TRICK : top + TRICK;
        if (c < LOW_CARD || c > HIGH_CARD ||
            !tbi_set_has(&pl->mine, (unsigned)c))
            continue;
        int32_t v = regained(pl, top < c ? top : c, top < c ? c : top);
        if (v > most) {
            most = v;
            a = play_action(c, k);
        }
    }
    return a;
}

/* floor[k] from floor[k + 1] and pile k's cheapest chains. */
static void set_floor(planner *pl, int k)
{
    const int32_t *next = pl->floor[k + 1], *least = pl->least[k];
    for (int r = 0; r <= MAX_OWED; r++) {
        int32_t v = next[r];
        for (int p = 1; p <= MAX_OWED; p++) {
            int32_t w = least[p] + next[r > p ? r - p : 0];
            if (w < v)
                v = w;
        }
        pl->floor[k][r] = v;
    }
}

/* Picks a chain (or none) for each pile from k on, no hand card twice,
 * the plan so far having played `used` in `plays` plays, still owing
 * `owed`, at total value `value`; keeps the cheapest plan in pl->pick.
 * The choice with the lowest bound is tried first, so the first plan found
 * is the best one unless chains share cards, and the rest are cut off.
 * (k < PILES.) */
static void choose_chains(planner *pl, int k, unsigned used, int plays,
                          int owed, int32_t value)
{
    int n = pl->n_chains[k];
    int32_t bound[MAX_CHAINS + 1];
    int first = n; /* index n stands for no chain */
    bound[n] = value + pl->floor[k + 1][owed];
    for (int i = 0; i < n; i++) {
        const chain *c = &pl->chains[k][i];
        int rest = owed > c->plays ? owed - c->plays : 0;
        bound[i] = (c->cards & used) || plays + c->plays > pl->max_plays
                       ? INT32_MAX
                       : value + c->value + pl->floor[k + 1][rest];
        if (bound[i] < bound[first])
            first = i;
    }
    if (k == PILES - 1) {
        /* At the last pile a bound is the plan's exact value (floor[PILES]
         * is the cost of the plays left owed), so the lowest one is the
         * only plan here that can beat pl->best: no need to recurse. */
        if (bound[first] < pl->best) {
            pl->trying[k] = first < n ? first : -1;
            pl->best = bound[first];
            memcpy(pl->pick, pl->trying, sizeof pl->pick);
        }
        return;
    }
    for (int j = -1; j <= n; j++) {
        int i = j < 0 ? first : j;
        if ((j >= 0 && j == first) || bound[i] >= pl->best)
            continue;
        pl->trying[k] = i < n ? i : -1;
        if (i == n) {
            choose_chains(pl, k + 1, used, plays, owed, value);
        } else {
            const chain *c = &pl->chains[k][i];
            choose_chains(pl, k + 1, used | c->cards, plays + c->plays,
                          owed > c->plays ? owed - c->plays : 0,
                          value + c->value);
        }
    }
}

/* Shifts a set of card numbers up (n > 0) or down (n < 0) by |n| < 64. */
static tbi_set128 set_shift(tbi_set128 s, int n)
{
    tbi_set128 r;
    if (n > 0) {
        r.w[1] = s.w[1] << n | s.w[0] >> (64 - n);
        r.w[0] = s.w[0] << n;
    } else {
        r.w[0] = s.w[0] >> -n | s.w[1] << (64 + n);
        r.w[1] = s.w[1] >> -n;
    }
    return r;
}

/* Finds the cheapest plan that makes `owed` plays: pl->pick[k] is the
 * chain it plays on pile k (-1: none). */
static void plan_chains(planner *pl, int owed)
{
    pl->owed = owed;
    pl->max_plays = owed + EXTRA_PLAYS;
    /* The hand cards whose trick card (10 back) is in hand, going up and
     * going down. */
    tbi_set128 up = set_shift(pl->mine, TRICK), down = set_shift(pl->mine, -TRICK);
    tbi_set128 pairs[2] = {{{pl->mine.w[0] & up.w[0], pl->mine.w[1] & up.w[1]}},
                           {{pl->mine.w[0] & down.w[0],
                             pl->mine.w[1] & down.w[1]}}};
    for (int k = 0; k < PILES; k++)
        list_chains(pl, k, &pairs[!ascending(k)]);
    for (int k = 0; k < PILES; k++)
        pl->pick[k] = -1;
    for (int r = 0; r <= MAX_OWED; r++)
        pl->floor[PILES][r] = (STUCK_COST - CHAIN_PLAY_CREDIT) * r;
    for (int k = PILES - 1; k >= 0; k--)
        set_floor(pl, k);
    pl->best = INT32_MAX;
    choose_chains(pl, 0, 0, 0, owed, 0);
}

/* The plays of the plan in pl->pick, in order, written to out: pile by
 * pile, each chain's cards before the jump in the pile's direction, then
 * the jump and the trick card, then the rest in the pile's direction (see
 * add_chain).  Returns how many. */
static int plan_plays(const planner *pl, tb_action *out)
{
    int m = 0;
    for (int k = 0; k < PILES; k++) {
        if (pl->pick[k] < 0)
            continue;
        const chain *c = &pl->chains[k][pl->pick[k]];
        for (int pass = 0; pass < 2; pass++) {
            unsigned part = pass ? c->cards & ~(unsigned)c->pre : c->pre;
            if (pass && c->jump) {
                int back = c->jump - (ascending(k) ? TRICK : -TRICK);
                out[m++] = play_action(c->jump, k);
                out[m++] = play_action(back, k);
                part &= ~(1u << hand_index(pl, c->jump) |
                          1u << hand_index(pl, back));
            }
            while (part) {
                int i = ascending(k) ? __builtin_ctz(part)
                                     : 31 - __builtin_clz(part);
                part &= ~(1u << i);
                out[m++] = play_action(pl->hand[i], k);
            }
        }
    }
    return m;
}

/* The first play of the cheapest plan that makes `owed` plays, a
 * backwards trick the hand can make at once first (ACT_END when the
 * cheapest plan is to stop). */
static tb_action plan_first_play(planner *pl, int owed)
{
    tb_action a = trick_at_once(pl);
    if (a != ACT_END)
        return a;
    plan_chains(pl, owed);
    for (int k = 0; k < PILES; k++)
        if (pl->pick[k] >= 0)
            return play_action(pl->chains[k][pl->pick[k]].first, k);
    return ACT_END;
}

/* What a seat holding `hand` (n cards, ascending; `mine`: the same as a
 * set), about to end its turn, wants to say about each pile, the piles'
 * tops being `top` and the cards not on a pile `out`, from its own hand
 * alone: a big jump when it holds the card that sends the pile back;
 * "don't play here" when its nearest card for the pile has at most
 * HOLD_GAP cards of others between it and the top (a play by anyone else
 * would most likely pass it); else nothing. */
static void wanted_signals(const uint8_t *hand, int n, const tbi_set128 *mine,
                           const tbi_set128 *out, const uint8_t *top,
                           uint8_t *want)
{
    /* Written without branches on the cards (which word to say is a coin
     * toss to the branch predictor, and this runs at every plan). */
    for (int k = 0; k < PILES; k++) {
        int t = top[k], asc = ascending(k), back = asc ? t - TRICK : t + TRICK;
        int jump = (back >= LOW_CARD) & (back <= HIGH_CARD) &
                   tbi_set_has(mine, (unsigned)back & 127);
        /* The top is on its pile, so the hand's cards below it are those
         * before the pile's nearest one going up. */
        int below = tbi_set_count_below(mine, (unsigned)t);
        int at = asc ? below : below - 1;
        int has_nearest = (at >= 0) & (at < n);
        int nearest = hand[has_nearest ? at : 0];
        int lo = t < nearest ? t : nearest, hi = t < nearest ? nearest : t;
        /* Cards out between: the hand's own cards there are none, as the
         * nearest card is the hand's first past the top. */
        int gap = tbi_set_count_range(out, (unsigned)lo + 1, (unsigned)hi);
        int hold = has_nearest & (gap <= HOLD_GAP);
        want[k] = (uint8_t)(jump ? SAY_JUMP : hold ? SAY_HOLD : SAY_NOTHING);
    }
}

/* Before ending its turn, the first change seat wants in what it says
 * about the piles (`want`: what it wants said; words it may still say
 * this turn), or ACT_END when it has nothing to change.  Bots never say
 * "play here" (a word for people), so they leave such a word alone. */
static tb_action talk_change(const thegame *s, int seat, const uint8_t *want)
{
    for (int k = 0; k < PILES && s->said < SAYS_PER_TURN; k++) {
        int now = s->signal[seat][k];
        if (want[k] != now && now != SAY_FREE)
            return say_action(want[k], k);
    }
    return ACT_END;
}

/* talk_change with what seat wants said now. */
static tb_action talk_before_ending(const thegame *s, int seat)
{
    uint8_t want[PILES];
    tbi_set128 mine = {{0, 0}};
    tbi_set_add_all(&mine, s->hand[seat], s->hand_n[seat]);
    wanted_signals(s->hand[seat], s->hand_n[seat], &mine, &s->out, s->top,
                   want);
    return talk_change(s, seat, want);
}

/*
 * The exact planner, for hands of 7 and 8 (one and two players).  It
 * searches the plays themselves, in every order that matters (plays on
 * different piles are grouped by pile), pricing each play with the tops as
 * the plan has left them, own cards passed over included.  Dearer than
 * the chain planner, and with the larger hands of one and two players it
 * plays clearly better: 16.6% wins alone against 9.7%, 56.8% against
 * 49.8% with two players (docs/games/the-game.md); with six cards it wins
 * 1-3 points more but costs 25-35 times as much (docs/performance.md).
 */

/* Games dealing hands of this many cards are planned exactly. */
#define EXACT_HAND 7

typedef struct seq_planner {
    uint8_t top[PILES], top0[PILES]; /* now, and when the plan starts */
    uint8_t hand[MAX_HAND], hand_n;
    uint8_t used;    /* bit i: hand[i] is already played in this plan */
    tbi_set128 out;  /* cards not on any pile (hands and draw pile) */
    tbi_set128 mine; /* the hand's cards not yet played in the plan */
    double keep_off[PILES]; /* as planner.keep_off, in cards */
} seq_planner;

/* Whether pile k is closed to card u (u is on its far side). */
static int closed_to(int k, int top, int u)
{
    return ascending(k) ? u < top : u > top;
}

/* How many homes card u has lost on the piles other than `skip`. */
static int homes_lost(const seq_planner *pl, int u, int skip)
{
    int n = 0;
    for (int k = 0; k < PILES; k++)
        if (k != skip && closed_to(k, pl->top[k], u))
            n++;
    return n;
}

/* The damage of moving pile k from its top to card c, in cards: the cards
 * out strictly between them lose (or, for a backwards trick, regain) this
 * pile; the other piles' tops cut that range into stretches in which every
 * card has lost the same homes elsewhere, so each stretch is priced at
 * once. */
static double play_damage(const seq_planner *pl, int k, int c)
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
            d += (n - (1.0 - 1.0 / OWN_CARD_SHARE) * m) *
                 home_loss[homes_lost(pl, start, k)] / 100.0;
    }
    return closing ? d : -d;
}

/* How many cards out, not in the planner's hand, lie strictly between a
 * and b (in either order). */
static int others_between(const seq_planner *pl, int a, int b)
{
    unsigned lo = (unsigned)(a < b ? a : b) + 1, hi = (unsigned)(a < b ? b : a);
    if (lo >= hi)
        return 0;
    return tbi_set_count_range(&pl->out, lo, hi) -
           tbi_set_count_range(&pl->mine, lo, hi);
}

/* The cost of moving pile k forward to card c when other seats asked to
 * keep off it: the asker's card is taken to be any of the first
 * HOLD_GAP + 1 cards out past the top the plan started from, so the cost
 * grows with how many of those c passes; earlier plays on k in this plan
 * paid for the ones they passed. */
static double keep_off_cost(const seq_planner *pl, int k, int c)
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
 * optional plays are credited EXTRA_PLAY_CREDIT each, so they are made
 * only when cheaper than that.  A plan is searched in one order only: by
 * pile (min_pile is the lowest pile still open to it).  *first receives
 * the best first play (ACT_END when stopping is best).  (Compiled with
 * and without the popcount instruction: see TBI_POPCNT_CLONES.) */
TBI_POPCNT_CLONES_FLAT
static double plan_exactly(seq_planner *pl, int owed, int extra, int min_pile,
                           tb_action *first)
{
    double best = owed > 0 ? STUCK_COST / 100.0 * owed : 0.0;
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
            if (pl->keep_off[k] > 0 && !closed_to(k, pl->top0[k], c))
                d += keep_off_cost(pl, k, c);
            if (owed == 0) {
                d -= EXTRA_PLAY_CREDIT / 100.0;
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
            d += plan_exactly(pl, owed > 0 ? owed - 1 : 0,
                              owed > 0 ? extra : extra - 1, k, NULL);
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

/* The first play of the exact planner's best plan for the hand the chain
 * planner pl was set up with (ACT_END when stopping is best). */
static tb_action exact_first_play(const planner *pl, const thegame *s,
                                  int owed)
{
    seq_planner sp;
    memset(&sp, 0, sizeof sp);
    memcpy(sp.top, pl->top, PILES);
    memcpy(sp.top0, pl->top, PILES);
    memcpy(sp.hand, pl->hand, MAX_HAND);
    sp.hand_n = (uint8_t)pl->n;
    sp.out = s->out;
    sp.mine = pl->mine;
    for (int k = 0; k < PILES; k++)
        sp.keep_off[k] = pl->keep_off[k] / 100.0;
    tb_action a;
    plan_exactly(&sp, owed, EXTRA_PLAYS, 0, &a);
    return a;
}

/*
 * The turn plan.  The chain planner plans a turn once, from the position
 * at its start, and then plays that plan out: the whole plan, not only
 * its first play, is the policy's answer for the turn.  Its decisions are
 * a function of the position all the same (the game keeps the cards
 * played in the turn and the tops it began with, which are public), so a
 * decision mid-turn can be made afresh by planning the turn from its
 * start again;
 * the plan of the last turn a thread planned is kept (`last_plan`), and
 * answers the calls of the rest of that turn without a search.  When the
 * turn has left the plan (another policy chose some of its plays, in a
 * search), it plans from the position as it stands at each call, as the
 * planner did before plans were kept.
 */

/* What the chain planner reads of a position at the start of a turn. */
typedef struct plan_key {
    tbi_set128 mine; /* the hand */
    tbi_set128 out;  /* the cards not on a pile */
    uint8_t signal[MAX_P][PILES]; /* what the other seats say (own row
                                     zero, and all when talk is off) */
    uint8_t top[PILES];
    uint8_t seat, owed, talk, unused;
} plan_key;

typedef struct turn_plan {
    plan_key key; /* the turn's start */
    int len;      /* plays planned; then the turn ends */
    tb_action play[MAX_HAND];
    /* After the first i plays: the tops, and the cards played. */
    uint8_t tops[MAX_HAND + 1][PILES];
    tbi_set128 played[MAX_HAND + 1];
    uint8_t want[PILES]; /* with talk, what to say once it is played out */
} turn_plan;

/* The last turn this thread planned (valid when have_last_plan). */
static _Thread_local turn_plan last_plan;
static _Thread_local int have_last_plan;

/* The start of the turn in s, as seat (to move) planned it. */
static void plan_key_of(plan_key *key, const thegame *s, int seat)
{
    memset(key, 0, sizeof *key);
    key->mine = s->turn_played;
    tbi_set_add_all(&key->mine, s->hand[seat], s->hand_n[seat]);
    key->out.w[0] = s->out.w[0] | s->turn_played.w[0];
    key->out.w[1] = s->out.w[1] | s->turn_played.w[1];
    if (s->talk) {
        memcpy(key->signal, s->signal, sizeof key->signal);
        memset(key->signal[seat], 0, PILES);
    }
    memcpy(key->top, s->turn_top, PILES);
    key->seat = (uint8_t)seat;
    key->owed = (uint8_t)plays_required(s);
    key->talk = s->talk;
}

/* Whether a backwards trick is open to a hand `mine` with the piles'
 * tops `top`. */
static int trick_open(const tbi_set128 *mine, const uint8_t *top)
{
    for (int k = 0; k < PILES; k++) {
        int c = ascending(k) ? top[k] - TRICK : top[k] + TRICK;
        if (c >= LOW_CARD && c <= HIGH_CARD && tbi_set_has(mine, (unsigned)c))
            return 1;
    }
    return 0;
}

/* Plans the turn starting at tp->key for seat of s (only what other seats
 * said is read from s).  A backwards trick the hand can make at once is
 * made first, and the turn planned again from the position after it;
 * otherwise the chain planner's cheapest plan is played pile by pile, and
 * the turn ends after it, unless it has opened a backwards trick (a
 * chain may end 10 past a card in hand), when the turn is planned again
 * from there. */
static void plan_turn(turn_plan *tp, const thegame *s, int seat)
{
    const plan_key *key = &tp->key;
    uint8_t hand[MAX_HAND] = {0}, n, top[PILES];
    n = (uint8_t)tbi_set_to_sorted(&key->mine, hand);
    memcpy(top, key->top, PILES);
    tbi_set128 out = key->out, mine = key->mine, played = {{0, 0}};
    int owed = key->owed, len = 0, more = 1;
    memcpy(tp->tops[0], top, PILES);
    tp->played[0] = played;
    planner pl;
    while (more && n > 0) {
        tb_action seq[MAX_HAND];
        int m = 1, chained = 0;
        plan_setup_at(&pl, s, seat, hand, n, top, &out);
        seq[0] = trick_at_once(&pl);
        if (seq[0] == ACT_END) {
            plan_chains(&pl, owed);
            m = plan_plays(&pl, seq);
            chained = 1;
        }
        for (int i = 0; i < m; i++) {
            uint8_t card = (uint8_t)(seq[i] / PILES);
            top[seq[i] % PILES] = card;
            tbi_set_del(&out, card);
            tbi_set_del(&mine, card);
            tbi_set_add(&played, card);
            if (owed > 0)
                owed--;
            tp->play[len++] = seq[i];
            memcpy(tp->tops[len], top, PILES);
            tp->played[len] = played;
        }
        /* The hand left, read back off the set (cheaper than taking the
         * plays out of the array one by one). */
        n = (uint8_t)tbi_set_to_sorted(&mine, hand);
        more = m > 0 && (!chained || trick_open(&mine, top));
    }
    tp->len = len;
    if (key->talk)
        wanted_signals(hand, n, &mine, &out, top, tp->want);
}

/* The chain planner's decision for seat in s, owing `owed` plays: the
 * next play of the turn's plan, or, when the plan is played out, what it
 * wants to say and then the end of the turn; from a position off the
 * plan, the first play of a plan made from it (or what it wants to say
 * and the end of the turn).  `memo`: use and keep last_plan (0: plan
 * afresh; the same decisions, for tests). */
static tb_action chain_decision(const thegame *s, int seat, int owed,
                                int memo)
{
    plan_key key;
    plan_key_of(&key, s, seat);
    turn_plan fresh, *tp = &fresh;
    if (memo)
        tp = &last_plan;
    if (!memo || !have_last_plan || memcmp(&tp->key, &key, sizeof key)) {
        tp->key = key;
        plan_turn(tp, s, seat);
        have_last_plan |= memo;
    }
    int i = s->played;
    if (i <= tp->len && !memcmp(tp->tops[i], s->top, PILES) &&
        !memcmp(&tp->played[i], &s->turn_played, sizeof s->turn_played)) {
        if (i < tp->len)
            return tp->play[i];
        if (owed == 0)
            return s->talk ? talk_change(s, seat, tp->want) : ACT_END;
    }
    planner pl;
    plan_setup(&pl, s, seat);
    tb_action a = plan_first_play(&pl, owed);
    if (a == ACT_END && owed == 0 && s->talk)
        return talk_before_ending(s, seat);
    return a;
}

/* The Game heuristic's decision for seat in s (see `heuristic`); memo as
 * for chain_decision. */
static tb_action decide(const thegame *s, int seat, int memo)
{
    int owed = plays_required(s) - s->played;
    if (owed < 0)
        owed = 0;
    tb_action a;
    if (s->hand_size >= EXACT_HAND) {
        planner pl;
        plan_setup(&pl, s, seat);
        a = exact_first_play(&pl, s, owed);
        if (a == ACT_END && owed == 0 && s->talk)
            return talk_before_ending(s, seat);
    } else {
        /* Talk at the end of the turn is the chain planner's part. */
        a = chain_decision(s, seat, owed, memo);
    }
    if (a == ACT_END && owed > 0) {
        /* No plan makes a required play (cannot happen while the game
         * goes on); any legal play will do. */
        tb_action buf[TB_MAX_ACTIONS];
        legal(s, buf);
        a = buf[0];
    }
    return a;
}

/* The heuristic's decision without the kept plan: every decision planned
 * afresh from the start of the turn.  For tests, which check that keeping
 * the plan changes no decision. */
tb_action tbi_the_game_decide_afresh(const void *vs, int seat);
tb_action tbi_the_game_decide_afresh(const void *vs, int seat)
{
    return decide(vs, seat, 0);
}

/* The Game heuristic: plan the turn (the plays owed and up to EXTRA_PLAYS
 * optional ones) to do the least damage, and play the plan out, ending the
 * turn when it is done.  With hands of 6 the chain planner plans the turn
 * once, at its start (see `turn_plan`); with hands of 7 and 8 the exact
 * planner plans the rest of the turn again at every decision and makes its
 * first play.  With talk, it weighs what the other seats asked (a pile to
 * keep off costs more to move), and before ending its turn says what it
 * wants kept.  (Compiled with and without the popcount instruction,
 * everything it calls folded in: see TBI_POPCNT_CLONES.) */
TBI_POPCNT_CLONES_FLAT
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    (void)rng;
    return decide(vs, seat, 1);
}

/* The search reward: a win counts most, and among losses fewer cards left
 * is better, so search can tell a near miss from a rout. */
static double reward(const tb_result *r, int seat)
{
    (void)seat;
    return 0.5 * r->team_win + 0.5 * (1.0 - r->team_score / N_CARDS);
}

/* The deal: each seat is told its own hand, everyone how many each got. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const thegame *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    tbi_say_deal(t, seat, s->players, &s->hand[0][0], MAX_HAND, s->hand_n,
                 tbi_number_namer, NULL);
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md), cards as flags over 2-99: its
 * hand, the cards not on a pile yet (in hands or the draw pile), the cards
 * played this turn; per pile its top and its top when the turn began
 * (/100) and the cards on it (/98); per seat counted from seat, its cards
 * in hand (/8) and what it says about each pile (hold, jump, free as
 * flags); the seat to move (one-hot), the cards it has played this turn
 * (/8) and the words it has said (/2), the draw pile (/98), the turns
 * begun (/100), whether talk is on, the phase.  The hidden hands are left
 * out: what determinize deals again.  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const thegame *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, play = s->phase == PH_PLAY;
    tbi_obs_cards(&o, s->hand[seat], s->hand_n[seat], LOW_CARD, N_CARDS);
    tbi_obs_set128(&o, &s->out, LOW_CARD, N_CARDS);
    tbi_obs_set128(&o, &s->turn_played, LOW_CARD, N_CARDS);
    for (int k = 0; k < PILES; k++) {
        tbi_obs_scalar(&o, s->top[k] / 100.0);
        tbi_obs_scalar(&o, s->turn_top[k] / 100.0);
        tbi_obs_scalar(&o, s->pile_n[k] / (double)N_CARDS);
    }
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        tbi_obs_scalar(&o, s->hand_n[p] / (double)MAX_HAND);
        for (int k = 0; k < PILES; k++)
            tbi_obs_onehot(&o, s->signal[p][k] - 1, N_SAY - 1);
    }
    tbi_obs_onehot(&o, play ? (s->turn - seat + n) % n : -1, n);
    tbi_obs_scalar(&o, s->played / (double)MAX_HAND);
    tbi_obs_scalar(&o, s->said / (double)SAYS_PER_TURN);
    tbi_obs_scalar(&o, deck_left(s) / (double)N_CARDS);
    tbi_obs_scalar(&o, s->turns / 100.0);
    tbi_obs_scalar(&o, s->talk);
    tbi_obs_onehot(&o, s->phase, 3);
    return o.at;
}

/* Card c onto pile k is (c - 2) * 4 + k; ending the turn follows, then
 * each word about each pile (kind * 4 + pile), withdraw first. */
#define IDX_END (N_CARDS * PILES)
#define IDX_SAY (IDX_END + 1)

static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return IDX_SAY + N_SAY * PILES;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    if (a == ACT_END)
        return IDX_END;
    if (a >= ACT_SAY)
        return IDX_SAY + (int)(a - ACT_SAY);
    return (int)a - LOW_CARD * PILES;
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
    .describe_chance = describe_chance,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
