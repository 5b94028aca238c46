/*
 * up_and_down.c - Up and Down (Markus Hagenauer, 2013), a shedding race
 * for 2-6 players with the Mystique Deck: one deck for 2-3 players, the
 * gold and silver decks for 4-6.
 *
 * The cards are shuffled and split into equal face-down personal decks;
 * each player turns her top 4 cards face up as her hand.  Whoever holds the
 * highest card number (gold before silver on a tie) starts the pile with
 * it.  From then on a card may be played when it shares its colour or suit
 * with the last card played and its number is higher than or equal to the
 * last one's (heading "up"), or lower than or equal to it ("down").  A
 * player who can play must; one who cannot passes.  When every player has
 * passed in a row the direction changes; when every player passes again,
 * the holder of the highest card starts afresh, heading up.  After every
 * card played its player turns up her next card into her hand, and the
 * first who must refill from an empty deck wins.
 *
 * Hands are face up, so they are public; the only hidden thing is the
 * personal decks, whose cards nobody has seen: which of the unseen cards
 * lie in which deck, and in what order.
 *
 * Seats play in order 0, 1, 2, ... (the booklet names no direction).
 *
 * Actions: a card id 0-119 (text "3Rc", "3Rc+" for the silver copy) played
 * from the hand; PASS ("pass") when no card fits.
 */
#include "cards.h"
#include "dealt.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <string.h>

#define MAX_P 6
#define ALL_CARDS 120 /* two decks */
#define HAND 4
#define MAX_DECK 30   /* 60 / 2 or 120 / 4 */
#define PASS 200u
#define NONE 0xffu

enum phase { PH_DEAL, PH_PLAY, PH_OVER };

typedef struct updown {
    uint8_t players, decks, phase;
    uint8_t deck_size;     /* cards in each personal deck at the deal */
    uint8_t turn;          /* the seat to act */
    uint8_t up;            /* 1: higher or equal; 0: lower or equal */
    uint8_t passes;        /* passes in a row since a card or a change */
    uint8_t turned;        /* the direction changed since the last card */
    uint8_t starting;      /* the seat to act starts the pile afresh */
    uint8_t top;           /* the last card played, NONE at a start */
    uint8_t winner;        /* NONE until someone overdraws */
    uint8_t starts;        /* how many times the pile was started */
    uint8_t hand[MAX_P][HAND], hand_n[MAX_P];
    /* Each personal deck, top first: deck[p][deck_at[p]..deck_size) is
     * still face down. */
    uint8_t deck[MAX_P][MAX_DECK], deck_at[MAX_P];
    uint8_t pile[ALL_CARDS], pile_n; /* every card played, in order */
    uint8_t played[MAX_P];           /* cards each seat has played */
    uint8_t drew;          /* the card the last player turned up, or NONE */
    uint16_t moves;        /* decisions taken */
} updown;

/* ---------------------------------------------------------------- basics */

static int two_decks(const updown *s)
{
    return s->decks == 2;
}

static int deck_left(const updown *s, int p)
{
    return s->deck_size - s->deck_at[p];
}

/* "Your card must have colour or suit in common with the last card
 * played. When we're headed uphill, it can be a higher number; when we're
 * headed downhill, it can be lower; however, same-number plays are always
 * legal." */
static int fits(int card, int top, int up)
{
    if (tbi_mq_colour(card) != tbi_mq_colour(top) &&
        tbi_mq_suit(card) != tbi_mq_suit(top))
        return 0;
    int n = tbi_mq_number(card), m = tbi_mq_number(top);
    return up ? n >= m : n <= m;
}

/* The order of "the card with the highest card number": by card number,
 * and between the gold and silver copies of one number "the player with
 * the gold card starts". */
static int start_rank(int card)
{
    return tbi_mq_card_no(card) * 2 + (tbi_mq_back(card) == 0);
}

/* The seat holding the highest card of all hands, and that card. */
static int highest_holder(const updown *s, int *card)
{
    int best = -1, who = 0;
    for (int p = 0; p < s->players; p++)
        for (int i = 0; i < s->hand_n[p]; i++)
            if (start_rank(s->hand[p][i]) > best) {
                best = start_rank(s->hand[p][i]);
                who = p;
                *card = s->hand[p][i];
            }
    return who;
}

/* Cards a seat still has to play before it overdraws: its deck, plus the
 * one play that finds the deck empty (0 for the winner). */
static int still_to_play(const updown *s, int p)
{
    return p == s->winner ? 0 : deck_left(s, p) + 1;
}

/* ---------------------------------------------------------------- set-up */

/* "For 2-3 players use one Mystique Deck. For 4-6 players use two
 * decks." */
static int decks_for(int players)
{
    return players >= 4 ? 2 : 1;
}

static void init(void *vs, const tb_config *cfg)
{
    updown *s = vs;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    s->decks = (uint8_t)decks_for(cfg->players);
    s->deck_size = (uint8_t)(s->decks * TBI_MQ_CARDS / s->players);
    s->top = NONE;
    s->winner = NONE;
    s->drew = NONE;
    s->phase = PH_DEAL;
}

static int current(const void *vs)
{
    const updown *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_OVER: return TB_TERMINAL;
    default: return s->turn;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    const updown *s = vs;
    tbi_mq_chance_deck(c, s->decks);
}

/* "The player who has the card with the highest card number (1-60)
 * starts by playing this card": the holder is to move, and that card is
 * its only play.  Also the restart, "as if you were starting a new game":
 * heading up again. */
static void start_afresh(updown *s)
{
    int card;
    s->turn = (uint8_t)highest_holder(s, &card);
    s->starting = 1;
    s->top = NONE;
    s->up = 1;
    s->passes = 0;
    s->turned = 0;
    s->starts++;
}

/* "Shuffle the cards and divide them into equal-height face-down decks,
 * one for each player. Take the top 4 cards of your deck and place them
 * face-up in front of you."  Seat 0's deck is the first block of the
 * shuffled cards, top first, then seat 1's, and so on. */
static void apply_chance(void *vs, const uint16_t *cards)
{
    updown *s = vs;
    for (int p = 0; p < s->players; p++) {
        for (int i = 0; i < s->deck_size; i++)
            s->deck[p][i] = (uint8_t)cards[p * s->deck_size + i];
        memcpy(s->hand[p], s->deck[p], HAND);
        s->hand_n[p] = HAND;
        s->deck_at[p] = HAND;
        tbi_sort_u8(s->hand[p], HAND);
    }
    s->phase = PH_PLAY;
    start_afresh(s);
}

/* ---------------------------------------------------------------- legal */

/* The cards of the seat to move that may be played now, in hand order;
 * returns how many. */
static int playable(const updown *s, uint8_t *out)
{
    int p = s->turn, n = 0;
    if (s->starting) {
        int card;
        highest_holder(s, &card);
        out[n++] = (uint8_t)card;
        return n;
    }
    for (int i = 0; i < s->hand_n[p]; i++)
        if (fits(s->hand[p][i], s->top, s->up))
            out[n++] = s->hand[p][i];
    return n;
}

/* "If you do not have a card meeting those criteria, you must pass;
 * however, if you can play a card, you must." */
static int legal(const void *vs, tb_action *out)
{
    const updown *s = vs;
    uint8_t cards[HAND];
    int n = playable(s, cards);
    for (int i = 0; i < n; i++)
        out[i] = cards[i];
    if (n == 0)
        out[n++] = PASS;
    return n;
}

static int next_seat(const updown *s, int p)
{
    return (p + 1) % s->players;
}

/* A card is played: onto the pile, then "always refill your hand by
 * placing the top card of your deck face-up next to your other face-up
 * cards"; "If you need to refill your hand, but can't because you have no
 * more cards in your deck, you win!" */
static void play_card(updown *s, int card)
{
    int p = s->turn;
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)card);
    s->pile[s->pile_n++] = (uint8_t)card;
    s->played[p]++;
    s->top = (uint8_t)card;
    s->starting = 0;
    s->passes = 0;
    s->turned = 0;
    if (deck_left(s, p) == 0) {
        s->drew = NONE;
        s->winner = (uint8_t)p;
        s->phase = PH_OVER;
        return;
    }
    s->drew = s->deck[p][s->deck_at[p]++];
    tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], s->drew);
    s->turn = (uint8_t)next_seat(s, p);
}

/* "If all players have passed consecutively, the direction (higher/lower)
 * changes. In the rare case that all players still have to pass again,
 * the player who has the card with the highest card number begins, as if
 * you were starting a new game." */
static void pass(updown *s)
{
    s->drew = NONE;
    s->turn = (uint8_t)next_seat(s, s->turn);
    if (++s->passes < s->players)
        return;
    if (!s->turned) {
        s->up = !s->up;
        s->turned = 1;
        s->passes = 0;
        return;
    }
    start_afresh(s);
}

static void apply(void *vs, tb_action a)
{
    updown *s = vs;
    s->moves++;
    if (a == PASS)
        pass(s);
    else
        play_card(s, (int)a);
}

/* "Be the first to overdraw your deck": the winner is first; the others
 * are placed by how many cards each still had to play (fewer is better),
 * a placement the booklet does not give (see the doc). */
static void result(const void *vs, tb_result *out)
{
    const updown *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = -still_to_play(s, p);
    tbi_rank_by_score(out, 1);
}

static int standing(const void *vs, double *scores)
{
    const updown *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = -still_to_play(s, p);
    return s->moves / s->players;
}

/* ---------------------------------------------------------------- hidden */

/* Nobody has seen a card of any personal deck (its own included), so for
 * every seat alike the unseen cards are pooled and dealt back into the
 * decks in their sizes: which deck holds which, and in what order, is
 * sampled afresh.  The face-up hands and the pile are public and stay. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    updown *s = vs;
    (void)seat;
    if (s->phase != PH_PLAY)
        return;
    tbi_pool pool;
    tbi_pool_init(&pool);
    for (int p = 0; p < s->players; p++)
        tbi_pool_add_run(&pool, s->deck[p] + s->deck_at[p], deck_left(s, p));
    tbi_pool_shuffle(&pool, rng);
    for (int p = 0; p < s->players; p++)
        tbi_pool_take_run(&pool, s->deck[p] + s->deck_at[p], deck_left(s, p));
}

/* ---------------------------------------------------------------- bots */

/* How many seats after `seat`, in turn order, cannot follow `card` on
 * their turn (with their public hands) before one can; all the others
 * when none can. */
static int forced_passes(const updown *s, int seat, int card)
{
    int k = 0;
    for (int q = next_seat(s, seat); q != seat; q = next_seat(s, q)) {
        for (int i = 0; i < s->hand_n[q]; i++)
            if (fits(s->hand[q][i], card, s->up))
                return k;
        k++;
    }
    return k;
}

/* How many of seat's cards other than `card` could follow it. */
static int own_followers(const updown *s, int seat, int card)
{
    int k = 0;
    for (int i = 0; i < s->hand_n[seat]; i++)
        if (s->hand[seat][i] != card && fits(s->hand[seat][i], card, s->up))
            k++;
    return k;
}

/* How well seat's cards other than `card` fit what may come: a card of
 * number n fits 6n of the 60 possible tops heading up (those sharing its
 * colour or suit with a number up to n), 6(6 - n) heading down, so the sum
 * of n (or 6 - n) over the cards kept. */
static int kept_fitness(const updown *s, int seat, int card)
{
    int fit = 0;
    for (int i = 0; i < s->hand_n[seat]; i++) {
        int h = s->hand[seat][i], n = tbi_mq_number(h);
        if (h != card)
            fit += s->up ? n : 6 - n;
    }
    return fit;
}

/* A decent player.  The race is lost by passing, so it keeps the cards
 * most likely to fit later: heading up, the high numbers (a 5 fits any
 * top of its colour or suit), heading down the low ones, and plays the
 * others.  Every hand is face up, so it also sees when a card would stop
 * everyone else: then the turn comes back to it, and it takes such a card
 * first when it can follow it itself with a card it keeps (an extra play).
 * On equal terms it plays the card that makes more of the seats after it
 * pass.  (Measured against simpler weights in docs/games/up-and-down.md.) */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const updown *s = vs;
    (void)rng;
    uint8_t cards[HAND];
    int n = playable(s, cards);
    if (n == 0)
        return PASS;
    int best = 0, best_score = -1;
    for (int i = 0; i < n; i++) {
        int c = cards[i], k = forced_passes(s, seat, c);
        int extra = k == s->players - 1 && own_followers(s, seat, c) > 0;
        int score = 1000 * extra + 10 * kept_fitness(s, seat, c) + k;
        if (score > best_score) {
            best_score = score;
            best = i;
        }
    }
    return cards[best];
}

/* The `high` policy of the opponent pool: a player who simply plays the
 * highest number it may (the first such card in hand order). */
static tb_action play_high(const void *vs, int seat, tb_rng *rng)
{
    const updown *s = vs;
    (void)seat;
    (void)rng;
    uint8_t cards[HAND];
    int n = playable(s, cards);
    if (n == 0)
        return PASS;
    int best = 0;
    for (int i = 1; i < n; i++)
        if (tbi_mq_number(cards[i]) > tbi_mq_number(cards[best]))
            best = i;
    return cards[best];
}

static const tb_policy policies[] = {
    {"high", "play the highest number that fits", play_high},
};

/* ---------------------------------------------------------------- text */

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    const updown *s = vs;
    if (a == PASS)
        snprintf(buf, cap, "pass");
    else
        tbi_mq_short_name((int)a, two_decks(s), buf, cap);
}

/* "4 or higher" / "4 or lower". */
static const char *direction_words(int up)
{
    return up ? "or higher" : "or lower";
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const updown *s = vs;
    int p = s->turn;
    uint8_t cards[HAND];
    int n = playable(s, cards);
    char word[16];
    tbi_squeeze(text, word, sizeof word);
    if (strcmp(word, "pass") == 0) {
        if (n > 0) {
            tbi_errf(err, cap, "you can play a card, so you must (type ? for "
                     "the cards that fit)");
            return TB_EPARSE;
        }
        *out = PASS;
        return TB_OK;
    }
    int id;
    const char *typed = tbi_skip_space(text);
    const char *end = tbi_mq_parse(typed, two_decks(s), &id);
    if (!end || *tbi_skip_space(end)) {
        tbi_errf(err, cap, "type a card from your hand as number, colour and "
                 "suit, e.g. 3Rc (3 of red crowns)%s, or pass",
                 two_decks(s) ? ", 3Rc+ for the silver copy" : "");
        return TB_EPARSE;
    }
    int held = tbi_mq_held_copy(typed, id, two_decks(s), s->hand[p],
                                s->hand_n[p]);
    if (held < 0) {
        tbi_mq_which_copy(id, err, cap);
        return TB_EPARSE;
    }
    id = held;
    char name[8], top[8];
    tbi_mq_short_name(id, two_decks(s), name, sizeof name);
    if (!tbi_hand_has(s->hand[p], s->hand_n[p], (uint8_t)id)) {
        tbi_errf(err, cap, "%s is not in your hand", name);
        return TB_EPARSE;
    }
    if (!tbi_hand_has(cards, n, (uint8_t)id)) {
        if (s->starting) {
            tbi_mq_short_name(cards[0], two_decks(s), top, sizeof top);
            tbi_errf(err, cap, "you start with your highest card, %s", top);
        } else {
            tbi_mq_short_name(s->top, two_decks(s), top, sizeof top);
            tbi_errf(err, cap, "%s does not fit on %s: it must share its "
                     "colour or suit and be %d %s", name, top,
                     tbi_mq_number(s->top), direction_words(s->up));
        }
        return TB_EPARSE;
    }
    *out = (tb_action)id;
    return TB_OK;
}

static void say_card(tb_text *t, const updown *s, int card)
{
    char name[8];
    tbi_mq_short_name(card, two_decks(s), name, sizeof name);
    tb_text_puts(t, name);
}

/* ---------------------------------------------------------------- views */

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const updown *s = vs;
    int two = two_decks(s);
    tb_text_printf(t, "%sUp and Down%s  %d players, %s\n",
                   tbi_color(style, TBI_BOLD), tbi_color(style, TBI_RESET),
                   s->players, two ? "gold and silver decks" : "one deck");
    if (s->phase == PH_DEAL) {
        tb_text_puts(t, "  to be dealt\n");
        return;
    }
    tb_text_printf(t, "  pile: %d card%s", s->pile_n, s->pile_n == 1 ? "" : "s");
    if (s->top != NONE) {
        tb_text_puts(t, ", last played ");
        tbi_mq_render(t, s->top, two, style);
    }
    tb_text_printf(t, "; heading %s (%s)\n", s->up ? "up" : "down",
                   s->up ? "higher or equal" : "lower or equal");
    if (s->passes)
        tb_text_printf(t, "  %d pass%s in a row%s\n", s->passes,
                       s->passes == 1 ? "" : "es",
                       s->turned ? " since the direction changed" : "");
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  %s seat %d%s: hand", p == s->turn &&
                       s->phase == PH_PLAY ? ">" : " ", p,
                       p == seat ? " (you)" : "");
        for (int i = 0; i < s->hand_n[p]; i++) {
            tb_text_puts(t, " ");
            tbi_mq_render(t, s->hand[p][i], two, style);
        }
        tb_text_printf(t, "; deck %d; played %d\n", deck_left(s, p),
                       s->played[p]);
    }
    if (s->phase == PH_OVER) {
        tb_text_printf(t, "  game over: seat %d played a card with its deck "
                       "empty and wins\n", s->winner);
        return;
    }
    uint8_t cards[HAND];
    int n = playable(s, cards);
    if (s->starting) {
        tb_text_printf(t, "  seat %d starts the pile with the highest card, ",
                       s->turn);
        tbi_mq_render(t, cards[0], two, style);
        tb_text_puts(t, "\n");
    } else if (n == 0) {
        tb_text_printf(t, "  seat %d has no card that fits and must pass\n",
                       s->turn);
    } else {
        tb_text_printf(t, "  seat %d to play %s or %s, %d %s:", s->turn,
                       tbi_mq_colour_names[tbi_mq_colour(s->top)],
                       tbi_mq_suit_names[tbi_mq_suit(s->top)],
                       tbi_mq_number(s->top), direction_words(s->up));
        for (int i = 0; i < n; i++) {
            tb_text_puts(t, " ");
            tbi_mq_render(t, cards[i], two, style);
        }
        tb_text_puts(t, "\n");
    }
}

static json_t *view_json(const void *vs, int seat)
{
    const updown *s = vs;
    static const char *phase_names[] = {"deal", "play", "over"};
    int two = two_decks(s);
    (void)seat;
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "decks", json_integer(s->decks));
    json_object_set_new(v, "direction", json_string(s->up ? "up" : "down"));
    json_object_set_new(v, "passes", json_integer(s->passes));
    json_object_set_new(v, "direction_changed", json_boolean(s->turned));
    json_object_set_new(v, "starts", json_integer(s->starts));
    if (s->phase == PH_PLAY) {
        json_object_set_new(v, "turn", json_integer(s->turn));
        json_object_set_new(v, "starting", json_boolean(s->starting));
    }
    if (s->top != NONE) {
        char name[8];
        tbi_mq_short_name(s->top, two, name, sizeof name);
        json_object_set_new(v, "top", json_string(name));
    }
    json_object_set_new(v, "pile", tbi_mq_json_cards_decks(s->pile, s->pile_n,
                                                           two));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "hand", tbi_mq_json_cards_decks(s->hand[p],
                                                               s->hand_n[p],
                                                               two));
        json_object_set_new(o, "deck", json_integer(deck_left(s, p)));
        json_object_set_new(o, "played", json_integer(s->played[p]));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (s->phase == PH_OVER)
        json_object_set_new(v, "winner", json_integer(s->winner));
    return v;
}

/* ---------------------------------------------------------------- describe */

/* Everything is public (the card turned up is face up at once), so every
 * seat is told the same: the card played (or the pass), the card turned
 * up or the win, a change of direction, and a fresh start. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const updown *b = vb, *s = va;
    int p = b->turn;
    (void)seat;
    if (a == PASS) {
        tb_text_printf(t, "seat %d passes\n", p);
    } else {
        tb_text_printf(t, "seat %d %s ", p, b->starting ? "starts the pile with"
                                                         : "plays");
        say_card(t, b, (int)a);
        if (b->starting)
            tb_text_puts(t, ", the highest card");
        else {
            tb_text_puts(t, " on ");
            say_card(t, b, b->top);
        }
        tb_text_puts(t, "\n");
        if (s->phase == PH_OVER) {
            tb_text_printf(t, "seat %d must refill from an empty deck: seat "
                           "%d wins\n", p, p);
            return;
        }
        tb_text_printf(t, "seat %d turns up ", p);
        say_card(t, s, s->drew);
        tb_text_printf(t, " (%d left in its deck)\n", deck_left(s, p));
        return;
    }
    if (s->turned && !b->turned)
        tb_text_printf(t, "all %d players passed: now heading %s (%s)\n",
                       s->players, s->up ? "up" : "down",
                       s->up ? "higher or equal" : "lower or equal");
    else if (s->starts > b->starts) {
        int card;
        int who = highest_holder(s, &card);
        tb_text_printf(t, "all %d players passed again: seat %d, holding the "
                       "highest card ", s->players, who);
        say_card(t, s, card);
        tb_text_puts(t, ", starts afresh, heading up\n");
    }
}

/* The deal: every seat gets its own face-down deck and draws its hand
 * from it; each is told its own hand, everyone how many each holds. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const updown *s = va;
    int two = s->decks == 2;
    (void)vb;
    (void)outcome;
    (void)n;
    tb_text_printf(t, "each seat is dealt a deck of %d cards\n",
                   s->deck_size);
    tbi_say_deal(t, seat, s->players, &s->hand[0][0], HAND, s->hand_n,
                 tbi_mq_namer, &two);
}

/* ---------------------------------------------------------------- tensors */

/* seat's observation (docs/learning.md), over the C = 60 card ids of one
 * deck or 120 of two: per seat from seat on, its face-up hand (C flags),
 * the cards left in its deck (/30) and the cards it has played (/60); the
 * pile in order (tbi_obs_order); the last card played and the card last
 * turned up (one-hot, none for none); the direction (1 up), the passes in
 * a row (/6), whether the direction changed since the last card, whether
 * the seat to act starts the pile afresh, the starts (/10) and the
 * decisions taken (/1000); the seat to act and the winner (one-hot from
 * seat); the phase (deal, play, over).  Everything is public but the
 * order of the personal decks, which nobody has seen.  A NULL out only
 * counts. */
static int observe(const void *vs, int seat, float *out)
{
    const updown *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, ids = s->decks * TBI_MQ_CARDS;
    int play = s->phase == PH_PLAY;
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        tbi_obs_cards(&o, s->hand[p], s->hand_n[p], 0, ids);
        tbi_obs_scalar(&o, s->phase == PH_DEAL ? 0 : deck_left(s, p) / 30.0);
        tbi_obs_scalar(&o, s->played[p] / 60.0);
    }
    tbi_obs_order(&o, s->pile, s->pile_n, 0, ids, ids);
    tbi_obs_onehot(&o, s->top == NONE ? -1 : s->top, ids);
    tbi_obs_onehot(&o, s->drew == NONE ? -1 : s->drew, ids);
    tbi_obs_scalar(&o, s->up);
    tbi_obs_scalar(&o, s->passes / 6.0);
    tbi_obs_scalar(&o, s->turned);
    tbi_obs_scalar(&o, s->starting);
    tbi_obs_scalar(&o, s->starts / 10.0);
    tbi_obs_scalar(&o, s->moves / 1000.0);
    tbi_obs_seat(&o, play ? s->turn : -1, seat, n);
    tbi_obs_seat(&o, s->winner == NONE ? -1 : s->winner, seat, n);
    tbi_obs_onehot(&o, s->phase, 3);
    return o.at;
}

/* A card played is its id (0-59, or 0-119 with two decks); passing is the
 * number of ids. */
static int action_space(const tb_config *cfg)
{
    return decks_for(cfg->players) * TBI_MQ_CARDS + 1;
}

static int action_index(const void *vs, tb_action a)
{
    const updown *s = vs;
    return a == PASS ? s->decks * TBI_MQ_CARDS : (int)a;
}

const tb_game tbg_up_and_down = {
    .id = "up-and-down",
    .title = "Up and Down",
    .blurb = "race to overdraw your deck: follow colour or suit, higher or "
             "lower as the hill turns",
    .min_players = 2,
    .max_players = MAX_P,
    .flags = TB_GAME_HIDDEN,
    .options = NULL,
    .n_options = 0,
    .state_size = sizeof(updown),
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
    .policies = policies,
    .n_policies = 1,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
