/*
 * no_thanks.c - No Thanks! (3-7 players, cards 3-35).  24 of the 33 cards
 * are turned up one by one; the player to act either takes the card with
 * every token on it or pays a token onto it to pass.  A player without
 * tokens must take.  Whoever takes turns up the next card and acts first on
 * it.  At the end each run of consecutive cards scores only its lowest card,
 * and each token in hand is worth one point off; the lowest score wins.
 *
 * Actions: ACT_TAKE and ACT_PASS.  The one chance node is the shuffle at the
 * start: its first 24 cards are the draw pile in order, the last 9 are
 * removed unseen.
 */
#include "cards.h"
#include "dealt.h"
#include "deck100.h"
#include "internal.h"
#include "obs.h"

#include <string.h>

#define MAX_P 7
#define LOW_CARD 3
#define HIGH_CARD 35
#define N_CARDS (HIGH_CARD - LOW_CARD + 1) /* 33 */
#define N_USED 24                          /* the draw pile */
#define N_REMOVED (N_CARDS - N_USED)       /* 9, never seen */

enum { ACT_TAKE = 0, ACT_PASS = 1 };
enum phase { PH_DEAL, PH_BID, PH_OVER };

typedef struct nothanks {
    uint8_t players, phase;
    uint8_t turn;    /* seat to act on the face-up card */
    uint8_t flipped; /* cards turned up so far; deck[flipped - 1] is up */
    uint8_t pot;     /* tokens on the face-up card */
    uint8_t tokens[MAX_P];
    uint8_t deck[N_CARDS]; /* draw pile in order, then the removed cards */
    uint64_t taken[MAX_P]; /* bit c is set when the seat holds card c */
} nothanks;

/* Tokens each player starts with: 11, but 9 with six players and 7 with
 * seven, as the rules' preparation says. */
static int starting_tokens(int players)
{
    return players == 7 ? 7 : players == 6 ? 9 : 11;
}

static void init(void *vs, const tb_config *cfg)
{
    nothanks *s = vs;
    s->players = (uint8_t)cfg->players;
    s->phase = PH_DEAL;
    for (int p = 0; p < s->players; p++)
        s->tokens[p] = (uint8_t)starting_tokens(s->players);
}

static int current(const void *vs)
{
    const nothanks *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_OVER: return TB_TERMINAL;
    default: return s->turn;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    tbi_chance_numbers(c, LOW_CARD, HIGH_CARD, "shuffled cards 3-35");
}

/* Keeps the shuffled order: the first 24 are the draw pile, the rest are
 * the removed cards.  Seat 0 acts first on the first card. */
static void apply_chance(void *vs, const uint16_t *order)
{
    nothanks *s = vs;
    for (int i = 0; i < N_CARDS; i++)
        s->deck[i] = (uint8_t)order[i];
    s->flipped = 1;
    s->pot = 0;
    s->turn = 0;
    s->phase = PH_BID;
}

/* The face-up card. */
static int face_up(const nothanks *s)
{
    return s->deck[s->flipped - 1];
}

static int legal(const void *vs, tb_action *out)
{
    const nothanks *s = vs;
    out[0] = ACT_TAKE;
    if (s->tokens[s->turn] == 0)
        return 1; /* "until someone ... has no chips": they must take */
    out[1] = ACT_PASS;
    return 2;
}

/* The card points of a set of cards: each run of consecutive cards counts
 * only its lowest card. */
static int card_points(uint64_t cards)
{
    int sum = 0;
    for (int c = LOW_CARD; c <= HIGH_CARD; c++)
        if ((cards >> c & 1u) && !(cards >> (c - 1) & 1u))
            sum += c;
    return sum;
}

/* A seat's score as the rules count it: card points minus tokens. */
static int points(const nothanks *s, int p)
{
    return card_points(s->taken[p]) - s->tokens[p];
}

static void apply(void *vs, tb_action a)
{
    nothanks *s = vs;
    int p = s->turn;
    if (a == ACT_PASS) {
        s->tokens[p]--;
        s->pot++;
        s->turn = (uint8_t)((p + 1) % s->players);
        return;
    }
    s->taken[p] |= 1ull << face_up(s);
    s->tokens[p] = (uint8_t)(s->tokens[p] + s->pot);
    s->pot = 0;
    if (s->flipped == N_USED)
        s->phase = PH_OVER; /* the last card is taken */
    else
        s->flipped++; /* the taker turns up the next card and acts first */
}

static void result(const void *vs, tb_result *out)
{
    const nothanks *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = points(s, p);
    tbi_rank_by_score(out, 0);
}

static int standing(const void *vs, double *scores)
{
    const nothanks *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = points(s, p);
    return s->flipped;
}

/* Shuffles the cards nobody has seen: the rest of the draw pile and the
 * removed cards.  Every seat sees the same things, so `seat` is unused. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    nothanks *s = vs;
    (void)seat;
    if (s->phase != PH_BID)
        return;
    tbi_shuffle_unseen8(rng, s->deck + s->flipped, N_CARDS - s->flipped);
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    snprintf(buf, cap, "%s", a == ACT_TAKE ? "take" : "pass");
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const nothanks *s = vs;
    char w[16];
    tbi_squeeze(text, w, sizeof w);
    if (!strcmp(w, "take") || !strcmp(w, "t")) {
        *out = ACT_TAKE;
        return TB_OK;
    }
    if (!strcmp(w, "pass") || !strcmp(w, "p") || !strcmp(w, "no") ||
        !strcmp(w, "nothanks")) {
        if (s->phase == PH_BID && s->tokens[s->turn] == 0) {
            tbi_errf(err, cap, "you have no chips left, so you must take "
                     "the %d", face_up(s));
            return TB_EPARSE;
        }
        *out = ACT_PASS;
        return TB_OK;
    }
    tbi_errf(err, cap, "type 'take' to take the card and its chips, or "
             "'pass' (no thanks) to put a chip on it");
    return TB_EPARSE;
}

/* Writes a seat's cards grouped into runs, "5-7 20", each run's scoring
 * card first. */
static void render_runs(tb_text *t, uint64_t cards)
{
    int any = 0;
    for (int c = LOW_CARD; c <= HIGH_CARD; c++) {
        if (!(cards >> c & 1u) || (cards >> (c - 1) & 1u))
            continue;
        int end = c;
        while (end < HIGH_CARD && (cards >> (end + 1) & 1u))
            end++;
        tb_text_printf(t, any ? " %d" : "%d", c);
        if (end > c)
            tb_text_printf(t, "-%d", end);
        any = 1;
    }
    if (!any)
        tb_text_puts(t, "no cards");
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const nothanks *s = vs;
    tb_text_printf(t, "%sNo Thanks!%s", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET));
    if (s->phase == PH_DEAL) {
        tb_text_puts(t, "  (cards not yet shuffled)\n");
        return;
    }
    if (s->phase == PH_BID)
        tb_text_printf(t, "  card %s%d%s with %d chip%s on it; %d left in "
                       "the draw pile, %d removed unseen\n",
                       tbi_color(style, TBI_YELLOW), face_up(s),
                       tbi_color(style, TBI_RESET), s->pot,
                       s->pot == 1 ? "" : "s", N_USED - s->flipped, N_REMOVED);
    else
        tb_text_puts(t, "  game over\n");
    for (int p = 0; p < s->players; p++) {
        int to_move = s->phase == PH_BID && p == s->turn;
        tb_text_printf(t, "  %s seat %d%s: %2d chips, %3d points | ",
                       to_move ? ">" : " ", p, p == seat ? " (you)" : "",
                       s->tokens[p], points(s, p));
        render_runs(t, s->taken[p]);
        tb_text_puts(t, "\n");
    }
    tb_text_puts(t, "  points: a run such as 19-21 counts only its lowest "
                 "card, and each chip takes a point off; lowest wins\n");
}

/* What every seat sees (nothing here is secret): a pass with the chips
 * now on the card; a take with the card and its chips, then the card the
 * taker turns up, or after the last card the scores and the winner. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const nothanks *b = vb, *s = va;
    int p = b->turn, card = face_up(b);
    (void)seat;
    if (a == ACT_PASS) {
        tb_text_printf(t, "seat %d says no thanks to %d (pays a chip; %d "
                       "chip%s on it now)\n", p, card, b->pot + 1,
                       b->pot + 1 == 1 ? "" : "s");
        return;
    }
    if (b->pot)
        tb_text_printf(t, "seat %d takes %d with %d chip%s\n", p, card,
                       b->pot, b->pot == 1 ? "" : "s");
    else
        tb_text_printf(t, "seat %d takes %d with no chips\n", p, card);
    if (s->phase == PH_BID) {
        tb_text_printf(t, "seat %d turns up %d\n", p, face_up(s));
        return;
    }
    tb_text_puts(t, "that was the last card; card points minus chips, "
                 "lowest wins:");
    for (int q = 0; q < s->players; q++) {
        tb_text_printf(t, "%s seat %d %d (", q ? "," : "", q, points(s, q));
        render_runs(t, s->taken[q]);
        tb_text_printf(t, "; %d chip%s)", s->tokens[q],
                       s->tokens[q] == 1 ? "" : "s");
    }
    tb_text_puts(t, "\n");
    tb_result r = {0};
    result(s, &r);
    tbi_say_winners(t, &r);
}

/* A JSON array of the cards in a set, ascending. */
static json_t *cards_json(uint64_t cards)
{
    json_t *a = json_array();
    for (int c = LOW_CARD; c <= HIGH_CARD; c++)
        if (cards >> c & 1u)
            json_array_append_new(a, json_integer(c));
    return a;
}

static json_t *view_json(const void *vs, int seat)
{
    const nothanks *s = vs;
    (void)seat; /* every seat sees the same table */
    static const char *phase_names[] = {"deal", "bid", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    if (s->phase == PH_BID) {
        json_object_set_new(v, "card", json_integer(face_up(s)));
        json_object_set_new(v, "pot", json_integer(s->pot));
        json_object_set_new(v, "to_move", json_integer(s->turn));
    }
    if (s->phase != PH_DEAL)
        json_object_set_new(v, "draw_pile",
                            json_integer(N_USED - s->flipped));
    json_object_set_new(v, "removed", json_integer(N_REMOVED));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "tokens", json_integer(s->tokens[p]));
        json_object_set_new(o, "cards", cards_json(s->taken[p]));
        json_object_set_new(o, "points", json_integer(points(s, p)));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    return v;
}

/* ---------------------------------------------------------------- bot */

/* How many points taking card c would add to a seat's cards (negative when
 * it joins two runs or extends a run downwards). */
static int card_cost(uint64_t cards, int c)
{
    return card_points(cards | 1ull << c) - card_points(cards);
}

/* The most a seat with `tokens` tokens pays, in points net of the pot, to
 * take a card rather than keep passing: little while tokens are plentiful
 * (passing is cheap and the pot grows), much more once they run short, as
 * a seat without tokens must take whatever comes.  Tokens are counted as
 * if the game had started with 11, so six and seven players (9 and 7
 * tokens) are not rushed from the first card.  Tuned by self-play. */
static int take_limit(const nothanks *s, int tokens)
{
    int t = tokens * 11 / starting_tokens(s->players);
    return t >= 8 ? 6 : t >= 4 ? 16 : t >= 2 ? 20 : 24;
}

/* Whether seat p, by the bot's own rule, would take card c with `pot`
 * tokens on it. */
static int would_take(const nothanks *s, int p, int c, int pot)
{
    return s->tokens[p] == 0 ||
           card_cost(s->taken[p], c) - pot <= take_limit(s, s->tokens[p]);
}

/* Whether every other seat is expected to pass the card once more, so that
 * it comes back with one more token from each of them. */
static int others_pass(const nothanks *s, int seat, int c)
{
    int pot = s->pot + 1;
    for (int i = 1; i < s->players; i++, pot++) {
        int q = (seat + i) % s->players;
        if (would_take(s, q, c, pot))
            return 0;
    }
    return 1;
}

/* The No Thanks! heuristic: take when the card, net of the tokens on it,
 * costs no more than the seat's limit; but when the card is cheap for this
 * seat only (it extends its run) and every other seat is expected to pass,
 * pass once to let the pot grow. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const nothanks *s = vs;
    (void)rng;
    int c = face_up(s);
    if (s->tokens[seat] == 0)
        return ACT_TAKE;
    int net = card_cost(s->taken[seat], c) - s->pot;
    if (net > take_limit(s, s->tokens[seat]))
        return ACT_PASS;
    if (card_cost(s->taken[seat], c) <= 0 && s->tokens[seat] > 1 &&
        others_pass(s, seat, c))
        return ACT_PASS; /* milk the pot: it will come back */
    return ACT_TAKE;
}

/* The `threshold` policy of the opponent pool (docs/bots.md): take the
 * card when its net cost (the points it adds to the seat's cards, less the
 * tokens on it) is at most 0, else pass; take when out of tokens.  A plain
 * rule some players follow, with no read of the other seats, and the
 * playout policy of the outside ISMCTS of issue 20. */
static tb_action threshold(const void *vs, int seat, tb_rng *rng)
{
    const nothanks *s = vs;
    (void)rng;
    if (s->tokens[seat] == 0 ||
        card_cost(s->taken[seat], face_up(s)) - s->pot <= 0)
        return ACT_TAKE;
    return ACT_PASS;
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md), seats counted from seat: each
 * seat's cards (33 flags) and tokens (/11), the face-up card (33 flags)
 * and the tokens on it (/10), the cards left to turn up (/24), the seat to
 * act (one-hot) and the phase (deal, bid, over).  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const nothanks *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, bidding = s->phase == PH_BID;
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        tbi_obs_bits(&o, s->taken[p], LOW_CARD, N_CARDS);
        tbi_obs_scalar(&o, s->tokens[p] / 11.0);
    }
    tbi_obs_onehot(&o, bidding ? face_up(s) - LOW_CARD : -1, N_CARDS);
    tbi_obs_scalar(&o, s->pot / 10.0);
    tbi_obs_scalar(&o, s->phase == PH_DEAL ? 1 : (N_USED - s->flipped) / 24.0);
    tbi_obs_onehot(&o, bidding ? (s->turn - seat + n) % n : -1, n);
    tbi_obs_onehot(&o, s->phase, 3);
    return o.at;
}

static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return 2; /* take, pass */
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return (int)a;
}

static const tb_policy policies[] = {
    {"threshold", "take a card when its net cost is at most 0", threshold},
};

/* The shuffle: the first card is turned up for everyone (the cards left
 * out of the game stay unseen). */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const nothanks *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    (void)seat;
    tb_text_printf(t, "the cards are shuffled and the first is turned up: "
                   "%d\n", s->deck[s->flipped - 1]);
}

const tb_game tbg_no_thanks = {
    .id = "no-thanks",
    .title = "No Thanks!",
    .blurb = "take the card and its tokens, or pay a token to refuse it",
    .min_players = 3,
    .max_players = MAX_P,
    .flags = TB_GAME_HIDDEN,
    .options = NULL,
    .n_options = 0,
    .state_size = sizeof(nothanks),
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
    /* A full tree over a threshold model of the players: docs/bots.md,
     * "No Thanks! against a stranger". */
    .search_defaults = "playout=threshold,widen=off,rwiden=off,opp=on",
    .describe = describe,
    .describe_chance = describe_chance,
    .policies = policies,
    .n_policies = 1,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
