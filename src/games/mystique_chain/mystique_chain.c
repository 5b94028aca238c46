/*
 * mystique_chain.c - Mystique Chain (Markus Hagenauer, 2 players) on the
 * Mystique Deck.  Thirty cards are laid face up as the pool; each player
 * draws a card, the lower card starts the discard pile (the other 28
 * cards are flipped out of play), and the higher card's player plays hers
 * and declares one of its attributes, one that some pool card matches.
 * Then each in turn takes a pool card that follows the declaration,
 * plays it and declares one of its attributes; whoever cannot follow
 * loses.  The `match` option chooses between the two readings of
 * "follow" (docs/games/mystique-chain.md).
 *
 * After the deal nothing is hidden, so the game is one of perfect
 * information and its `solver` policy (solver.c) plays it exactly.
 */
#include "chain.h"

#include "cards.h"
#include "dealt.h"
#include "internal.h"
#include "obs.h"

#include <string.h>
#include <strings.h>

static const char *const match_choices[] = {"declared", "exactly-one"};

static const tb_option_def options[] = {
    {"match",
     "what a card taken must share with the card before it: the declared "
     "attribute (other attributes free), or exactly-one (the declared "
     "attribute and nothing else)",
     TB_OPT_ENUM, CHAIN_DECLARED, 0, 1, match_choices},
};

enum { OPT_MATCH };

uint64_t chain_follow_set(int match, int card, int attr)
{
    uint64_t with = tbi_mq_trait_set(tbi_mq_trait(attr, tbi_mq_attr(card, attr)));
    if (match == CHAIN_DECLARED)
        return with;
    return with & tbi_mq_sharing_set(card, 1);
}

uint64_t chain_to_follow(const chain_state *s)
{
    if (s->links == 0)
        return 0;
    int last = s->links - 1;
    return s->pool & chain_follow_set(s->match, s->card[last], s->attr[last]);
}

static void init(void *vs, const tb_config *cfg)
{
    chain_state *s = vs;
    s->match = (uint8_t)cfg->opt[OPT_MATCH];
    s->phase = CHAIN_DEAL;
}

static int current(const void *vs)
{
    const chain_state *s = vs;
    if (s->phase == CHAIN_DEAL)
        return TB_CHANCE;
    if (s->phase == CHAIN_OVER)
        return TB_TERMINAL;
    return s->mover;
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    tbi_mq_chance_deck(c, 1);
}

/* Whether the first declarer has an attribute that some pool card
 * follows ("just this once, it must be an attribute for which there is a
 * card in the pool that matches"). */
static int friendly_possible(const chain_state *s)
{
    for (int a = 0; a < 3; a++)
        if (s->pool & chain_follow_set(s->match, s->drawn[s->first], a))
            return 1;
    return 0;
}

/* The deal: deck[0..30) is the pool, deck[30] seat 0's card, deck[31]
 * seat 1's, the rest is flipped out of play.  The higher card declares
 * first.  Under match=exactly-one a pool can (very rarely) hold no card
 * sharing exactly one attribute with the higher card; no friendly
 * declaration is then possible, and the deal is void and made again. */
static void apply_chance(void *vs, const uint16_t *deck)
{
    chain_state *s = vs;
    s->pool = 0;
    for (int i = 0; i < TBI_MQ_CARDS; i++) {
        s->deck[i] = (uint8_t)deck[i];
        if (i < CHAIN_POOL)
            s->pool |= 1ull << deck[i];
    }
    s->drawn[0] = s->deck[CHAIN_POOL];
    s->drawn[1] = s->deck[CHAIN_POOL + 1];
    s->first = s->drawn[1] > s->drawn[0];
    s->mover = s->first;
    s->links = 0;
    if (!friendly_possible(s)) {
        if (s->voided < 255)
            s->voided++;
        return; /* still CHAIN_DEAL: shuffle again */
    }
    s->phase = CHAIN_PLAY;
}

static int legal(const void *vs, tb_action *out)
{
    const chain_state *s = vs;
    int n = 0;
    if (s->links == 0) {
        int card = s->drawn[s->first];
        for (int a = 0; a < 3; a++)
            if (s->pool & chain_follow_set(s->match, card, a))
                out[n++] = chain_action(card, a);
        return n;
    }
    for (uint64_t m = chain_to_follow(s); m; m &= m - 1)
        for (int a = 0; a < 3; a++)
            out[n++] = chain_action(__builtin_ctzll(m), a);
    return n;
}

static void apply(void *vs, tb_action act)
{
    chain_state *s = vs;
    int card = chain_action_card(act);
    s->pool &= ~(1ull << card);
    s->card[s->links] = (uint8_t)card;
    s->attr[s->links] = (uint8_t)chain_action_attr(act);
    s->links++;
    s->mover = (uint8_t)(1 - s->mover);
    if (!chain_to_follow(s)) {
        s->phase = CHAIN_OVER;
        s->winner = (uint8_t)(1 - s->mover);
    }
}

static void result(const void *vs, tb_result *out)
{
    const chain_state *s = vs;
    out->players = 2;
    for (int p = 0; p < 2; p++) {
        out->score[p] = p == s->winner;
        out->rank[p] = p == s->winner ? 1 : 2;
    }
}

static int standing(const void *vs, double *scores)
{
    const chain_state *s = vs;
    scores[0] = scores[1] = 0;
    if (s->phase == CHAIN_OVER)
        scores[s->winner] = 1;
    return s->links;
}

/* Nothing to resample: after the deal every card's place is known (the
 * pool and both drawn cards are face up, and the 28 cards out of play are
 * the rest), and no decision is taken before the deal. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    (void)vs;
    (void)seat;
    (void)rng;
}

/* ---------------------------------------------------------------- text */

/* The trait a declaration of attr on card names ("reds"). */
static const char *declared_word(int card, int attr)
{
    return tbi_mq_trait_word(tbi_mq_trait(attr, tbi_mq_attr(card, attr)));
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    char name[8];
    int card = chain_action_card(a), attr = chain_action_attr(a);
    tbi_mq_short_name(card, 0, name, sizeof name);
    snprintf(buf, cap, "%s %s", name, declared_word(card, attr));
}

/* Reads an attribute's name ("colour", "color", "suit", "number") at s;
 * returns the position after it, or NULL. */
static const char *parse_attr_name(const char *s, int *attr)
{
    static const char *const names[] = {"number", "suit", "colour", "color"};
    static const int attrs[] = {TBI_MQ_NUMBER, TBI_MQ_SUIT, TBI_MQ_COLOUR,
                                TBI_MQ_COLOUR};
    for (int i = 0; i < 4; i++) {
        size_t len = strlen(names[i]);
        if (strncasecmp(s, names[i], len) == 0 &&
            !((s[len] >= 'a' && s[len] <= 'z') || (s[len] >= 'A' && s[len] <= 'Z'))) {
            *attr = attrs[i];
            return s + len;
        }
    }
    return NULL;
}

/* Lists the legal actions' texts into err after a message. */
static void hint_legal(const chain_state *s, char *err, size_t cap,
                       const char *why)
{
    tb_action list[TB_MAX_ACTIONS];
    int n = legal(s, list);
    char buf[512];
    tb_text t;
    tb_text_init(&t, buf, sizeof buf);
    for (int i = 0; i < n; i++) {
        char text[TB_ACTION_TEXT];
        action_text(s, list[i], text, sizeof text);
        tb_text_printf(&t, "%s%s", i ? ", " : "", text);
    }
    tbi_errf(err, cap, "%s; you can play: %s", why, buf);
}

/* Reads "[card] declaration": the card is optional when the declaration
 * names one legal move only (at the first declaration the card is always
 * the seat's own).  The declaration is a trait ("reds", "red", "3",
 * "crowns") or, after a card, an attribute's name ("colour"). */
static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const chain_state *s = vs;
    const char *p = tbi_skip_space(text);
    int card = -1, trait = -1, attr = -1;
    const char *after = tbi_mq_parse(p, 0, &card);
    if (after)
        p = tbi_skip_space(after);
    else
        card = -1;
    while (*p == ',' || *p == ':' || *p == '>' || *p == '/')
        p = tbi_skip_space(p + 1);
    if (strncasecmp(p, "declare", 7) == 0) {
        p += 7;
        if (*p == 's' || *p == 'S')
            p++;
        p = tbi_skip_space(p);
    }
    if (*p) {
        const char *end = tbi_mq_parse_trait(p, &trait);
        if (!end) {
            trait = -1;
            end = card >= 0 ? parse_attr_name(p, &attr) : NULL;
        }
        if (!end || *tbi_skip_space(end)) {
            tbi_errf(err, cap, "type a card and what to follow, e.g. 3Rc "
                     "reds (a trait: a number 1-5, moons/suns/arms/crowns, "
                     "yellow/red/blue)");
            return TB_EPARSE;
        }
    } else if (card < 0) {
        tbi_errf(err, cap, "type a card and what to follow, e.g. 3Rc reds");
        return TB_EPARSE;
    }
    if (card < 0 && s->links == 0)
        card = s->drawn[s->first]; /* the first declarer plays her own */
    if (card >= 0 && trait >= 0) {
        if (!tbi_mq_has_trait(card, trait)) {
            char name[8];
            tbi_mq_short_name(card, 0, name, sizeof name);
            tbi_errf(err, cap, "%s has no %s to declare: declare its %s, %s "
                     "or %s", name, tbi_mq_trait_word(trait),
                     declared_word(card, TBI_MQ_NUMBER),
                     declared_word(card, TBI_MQ_SUIT),
                     declared_word(card, TBI_MQ_COLOUR));
            return TB_EPARSE;
        }
        attr = tbi_mq_trait_attr(trait);
    }
    tb_action list[TB_MAX_ACTIONS];
    int n = legal(s, list), found = 0;
    tb_action pick = 0;
    for (int i = 0; i < n; i++) {
        int c = chain_action_card(list[i]), a = chain_action_attr(list[i]);
        if ((card < 0 || c == card) && (attr < 0 || a == attr) &&
            (trait < 0 || tbi_mq_trait(a, tbi_mq_attr(c, a)) == trait)) {
            pick = list[i];
            found++;
        }
    }
    if (found == 1 || (found > 1 && card >= 0 && attr >= 0)) {
        *out = pick;
        return TB_OK;
    }
    char name[8] = "";
    if (card >= 0)
        tbi_mq_short_name(card, 0, name, sizeof name);
    if (found > 1) {
        hint_legal(s, err, cap, card >= 0 ? "say what to declare"
                                          : "several cards fit: name the card");
    } else if (card >= 0 && s->links == 0 && card != s->drawn[s->first]) {
        char own[8];
        tbi_mq_short_name(s->drawn[s->first], 0, own, sizeof own);
        tbi_errf(err, cap, "you play your drawn card, %s, and declare one of "
                 "its attributes", own);
    } else if (card >= 0 && s->links > 0 && !(s->pool >> card & 1u)) {
        tbi_errf(err, cap, "%s is not in the pool", name);
    } else if (card >= 0 && s->links > 0 && !(chain_to_follow(s) >> card & 1u)) {
        int last = s->links - 1;
        char before[8], why[96];
        tbi_mq_short_name(s->card[last], 0, before, sizeof before);
        const char *want = declared_word(s->card[last], s->attr[last]);
        if (s->match == CHAIN_EXACTLY_ONE &&
            tbi_mq_attr(card, s->attr[last]) ==
                tbi_mq_attr(s->card[last], s->attr[last]))
            snprintf(why, sizeof why, "%s shares more than %s with %s "
                     "(match=exactly-one)", name, want, before);
        else
            snprintf(why, sizeof why, "%s is not one of the %s to follow",
                     name, want);
        hint_legal(s, err, cap, why);
    } else if (s->links == 0) {
        hint_legal(s, err, cap, "the first declaration must be one that a "
                   "pool card follows");
    } else {
        hint_legal(s, err, cap, "no card of the pool fits that");
    }
    return TB_EPARSE;
}

/* ---------------------------------------------------------------- views */

/* The line of what must be followed now: "follow reds after 4Rs". */
static void follow_words(tb_text *t, const chain_state *s)
{
    int last = s->links - 1;
    char name[8];
    tbi_mq_short_name(s->card[last], 0, name, sizeof name);
    tb_text_printf(t, "%s after %s", declared_word(s->card[last], s->attr[last]),
                   name);
    if (s->match == CHAIN_EXACTLY_ONE)
        tb_text_puts(t, " (and nothing else in common with it)");
}

/* The pool as a table: a row per suit, a column per colour, the numbers
 * present in each ('.' where a number is gone). */
static void render_pool(tb_text *t, const chain_state *s, unsigned style)
{
    static const char *ansi[3] = {TBI_YELLOW, TBI_RED, TBI_BLUE};
    tb_text_puts(t, "           yellow      red         blue\n");
    for (int suit = 0; suit < 4; suit++) {
        tb_text_printf(t, "  %-8s", tbi_mq_suit_names[suit]);
        for (int col = 0; col < 3; col++) {
            tb_text_printf(t, "%s%s", col ? "  " : " ",
                           tbi_color(style, ansi[col]));
            for (int num = 1; num <= 5; num++) {
                int id = tbi_mq_make(num, suit, col, 0);
                if (s->pool >> id & 1u)
                    tb_text_printf(t, " %d", num);
                else
                    tb_text_puts(t, " .");
            }
            tb_text_puts(t, tbi_color(style, TBI_RESET));
        }
        tb_text_puts(t, "\n");
    }
}

/* The chain so far, a few links a line: "4Rs reds > 3Rc threes > ...". */
static void render_chain(tb_text *t, const chain_state *s, unsigned style)
{
    int low = 1 - s->first;
    tb_text_puts(t, "  discard pile: ");
    tbi_mq_render(t, s->drawn[low], 0, style);
    tb_text_printf(t, " (seat %d's lower card) and 28 cards out of play\n",
                   low);
    if (s->links == 0)
        return;
    tb_text_puts(t, "  chain:");
    for (int i = 0; i < s->links; i++) {
        if (i && i % 6 == 0)
            tb_text_puts(t, "\n        ");
        tb_text_printf(t, "%s", i % 6 ? " > " : " ");
        tbi_mq_render(t, s->card[i], 0, style);
        tb_text_printf(t, " %s", declared_word(s->card[i], s->attr[i]));
    }
    tb_text_puts(t, "\n");
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const chain_state *s = vs;
    tb_text_printf(t, "%sMystique Chain%s  match=%s  pool: %d cards\n",
                   tbi_color(style, TBI_BOLD), tbi_color(style, TBI_RESET),
                   match_choices[s->match], __builtin_popcountll(s->pool));
    if (s->phase == CHAIN_DEAL)
        return;
    render_pool(t, s, style);
    for (int p = 0; p < 2; p++) {
        tb_text_printf(t, "  seat %d%s drew ", p, p == seat ? " (you)" : "");
        tbi_mq_render(t, s->drawn[p], 0, style);
        tb_text_puts(t, p == s->first ? " (higher: declares first)\n"
                                      : " (lower: starts the discard pile)\n");
    }
    render_chain(t, s, style);
    if (s->phase == CHAIN_OVER) {
        tb_text_printf(t, "  %sgame over: seat %d cannot follow ",
                       tbi_color(style, TBI_BOLD), 1 - s->winner);
        follow_words(t, s);
        tb_text_printf(t, "; seat %d wins%s\n", s->winner,
                       tbi_color(style, TBI_RESET));
        return;
    }
    if (s->links == 0) {
        tb_text_printf(t, "  seat %d%s to play ", s->mover,
                       s->mover == seat ? " (you)" : "");
        tbi_mq_render(t, s->drawn[s->first], 0, style);
        tb_text_puts(t, " and declare an attribute some pool card matches\n");
        return;
    }
    tb_text_printf(t, "  seat %d%s to take a pool card: ", s->mover,
                   s->mover == seat ? " (you)" : "");
    follow_words(t, s);
    uint64_t may = chain_to_follow(s);
    tb_text_printf(t, "\n  %d cards fit:", __builtin_popcountll(may));
    for (uint64_t m = may; m; m &= m - 1) {
        tb_text_puts(t, " ");
        tbi_mq_render(t, __builtin_ctzll(m), 0, style);
    }
    tb_text_puts(t, "\n");
}

/* Every seat is told every move alike: nothing in this game is secret. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const chain_state *b = vb, *s = va;
    (void)seat;
    int card = chain_action_card(a), attr = chain_action_attr(a);
    char name[8], low[8];
    tbi_mq_short_name(card, 0, name, sizeof name);
    if (b->links == 0) {
        tbi_mq_short_name(b->drawn[1 - b->first], 0, low, sizeof low);
        tb_text_printf(t, "seat %d plays its drawn card %s on seat %d's "
                       "lower %s and declares %s\n", b->mover, name,
                       1 - b->first, low, declared_word(card, attr));
    } else {
        tb_text_printf(t, "seat %d takes %s from the pool and declares %s\n",
                       b->mover, name, declared_word(card, attr));
    }
    if (s->phase != CHAIN_OVER)
        return;
    tb_text_printf(t, "seat %d cannot follow ", s->mover);
    follow_words(t, s);
    tb_text_puts(t, ": no such card is left in the pool\n");
    tb_result r = {0};
    result(s, &r);
    tbi_say_winners(t, &r);
}

/* The deal, told alike to everyone, since all of it is face up: the 30
 * cards of the pool and each seat's drawn card (the higher declares
 * first); or, when no pool card could follow any first declaration
 * (match=exactly-one), that the deal is void and the cards are shuffled
 * again. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const chain_state *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    (void)seat;
    uint8_t pool[CHAIN_POOL];
    int k = 0;
    for (uint64_t m = s->pool; m && k < CHAIN_POOL; m &= m - 1)
        pool[k++] = (uint8_t)__builtin_ctzll(m);
    tb_text_puts(t, "the pool is dealt face up: ");
    tbi_say_cards(t, pool, k, tbi_mq_namer, NULL);
    tb_text_puts(t, "\n");
    char d0[8], d1[8];
    tbi_mq_short_name(s->drawn[0], 0, d0, sizeof d0);
    tbi_mq_short_name(s->drawn[1], 0, d1, sizeof d1);
    tb_text_printf(t, "the drawn cards: seat 0 %s, seat 1 %s", d0, d1);
    if (s->phase == CHAIN_DEAL)
        tb_text_puts(t, "; no pool card could follow any declaration of "
                        "the higher card, so the deal is void and the "
                        "cards are shuffled again\n");
    else
        tb_text_printf(t, "; seat %d, higher, declares first\n", s->first);
}

static json_t *view_json(const void *vs, int seat)
{
    const chain_state *s = vs;
    static const char *phase_names[] = {"deal", "play", "over"};
    (void)seat;
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "match", json_string(match_choices[s->match]));
    if (s->phase == CHAIN_DEAL)
        return v;
    json_object_set_new(v, "pool", tbi_mq_json_set(s->pool));
    json_object_set_new(v, "drawn", tbi_mq_json_cards(s->drawn, 2));
    json_object_set_new(v, "first", json_integer(s->first));
    /* The cards out of play: face up on the discard pile, and known to
     * both players by elimination anyway. */
    uint8_t ids[TBI_MQ_CARDS];
    int n = 0;
    for (int i = CHAIN_POOL + 2; i < TBI_MQ_CARDS; i++)
        ids[n++] = s->deck[i];
    tbi_sort_u8(ids, n);
    json_object_set_new(v, "out_of_play", tbi_mq_json_cards(ids, n));
    json_t *links = json_array();
    for (int i = 0; i < s->links; i++) {
        json_t *o = json_object();
        char name[8];
        tbi_mq_short_name(s->card[i], 0, name, sizeof name);
        json_object_set_new(o, "card", json_string(name));
        json_object_set_new(o, "declared", json_string(tbi_mq_attr_names[s->attr[i]]));
        json_object_set_new(o, "follow", json_string(declared_word(s->card[i], s->attr[i])));
        json_array_append_new(links, o);
    }
    json_object_set_new(v, "chain", links);
    if (s->phase == CHAIN_PLAY) {
        json_object_set_new(v, "to_move", json_integer(s->mover));
        json_object_set_new(v, "may_take", tbi_mq_json_set(chain_to_follow(s)));
    } else {
        json_object_set_new(v, "winner", json_integer(s->winner));
    }
    return v;
}

/* ---------------------------------------------------------------- bot */

/* Whether the seat to move after a move that left `pool` and asks for
 * `follow` (a set of cards) can win at once: take a card and declare
 * something no card left can follow. */
static int reply_kills(const chain_state *s, uint64_t pool, uint64_t follow)
{
    for (uint64_t m = pool & follow; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        uint64_t left = pool & ~(1ull << c);
        for (int a = 0; a < 3; a++)
            if (!(left & chain_follow_set(s->match, c, a)))
                return 1;
    }
    return 0;
}

/*
 * The heuristic looks two moves ahead.  It takes a move whose declaration
 * nothing left in the pool can follow (a win on the spot); else it avoids
 * moves after which the opponent has such a win; among the rest it leaves
 * the opponent the fewest cards to choose from.  Ties at random.
 */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const chain_state *s = vs;
    (void)seat;
    tb_action list[TB_MAX_ACTIONS];
    int n = legal(s, list);
    long best = 0;
    int ties = 0;
    tb_action pick = list[0];
    for (int i = 0; i < n; i++) {
        int c = chain_action_card(list[i]), a = chain_action_attr(list[i]);
        uint64_t pool = s->pool & ~(1ull << c);
        uint64_t follow = chain_follow_set(s->match, c, a);
        int replies = __builtin_popcountll(pool & follow);
        long score = replies == 0               ? 1000
                     : reply_kills(s, pool, follow) ? -1000 - replies
                                                    : -replies;
        if (ties == 0 || score > best) {
            best = score;
            ties = 1;
            pick = list[i];
        } else if (score == best && tb_rng_below(rng, (uint32_t)++ties) == 0) {
            pick = list[i];
        }
    }
    return pick;
}

static const tb_policy policies[] = {
    {"solver", "plays perfectly after the deal (exact search with a "
               "transposition table); when lost, leaves the fewest winning "
               "replies", chain_solver_policy},
};

/* ---------------------------------------------------------------- tensors */

/* seat's observation (docs/learning.md).  Nothing is hidden after the
 * deal, so it is the whole table: by card id, the pool, the cards out of
 * play, each seat's drawn card (from seat on), the chain (each card's
 * place in it, and the attribute declared with it: 3 flags), and the
 * cards the seat to move may take now; who declared first, the seat to
 * move and the winner (counted from seat); the `match` option; the links
 * made (/31); the phase (deal, play, over).  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const chain_state *s = vs;
    tbi_obs o = {out, 0};
    int dealt = s->phase != CHAIN_DEAL, play = s->phase == CHAIN_PLAY;
    uint64_t out_of_play = 0;
    for (int i = CHAIN_POOL + 2; dealt && i < TBI_MQ_CARDS; i++)
        out_of_play |= 1ull << s->deck[i];
    tbi_obs_mq_set(&o, dealt ? s->pool : 0);
    tbi_obs_mq_set(&o, out_of_play);
    for (int r = 0; r < 2; r++)
        tbi_obs_mq_card(&o, dealt ? s->drawn[(seat + r) % 2] : -1, 1);
    tbi_obs_order(&o, s->card, s->links, 0, TBI_MQ_CARDS, CHAIN_LINKS);
    int attr[TBI_MQ_CARDS];
    for (int c = 0; c < TBI_MQ_CARDS; c++)
        attr[c] = -1;
    for (int i = 0; i < s->links; i++)
        attr[s->card[i]] = s->attr[i];
    for (int c = 0; c < TBI_MQ_CARDS; c++)
        tbi_obs_onehot(&o, attr[c], 3);
    tbi_obs_mq_set(&o, play ? chain_to_follow(s) : 0);
    tbi_obs_seat(&o, dealt ? s->first : -1, seat, 2);
    tbi_obs_seat(&o, play ? s->mover : -1, seat, 2);
    tbi_obs_seat(&o, s->phase == CHAIN_OVER ? s->winner : -1, seat, 2);
    tbi_obs_scalar(&o, s->match);
    tbi_obs_scalar(&o, s->links / (double)CHAIN_LINKS);
    tbi_obs_onehot(&o, s->phase, 3);
    return o.at;
}

/* Every action is a card and the attribute declared with it: card * 3 +
 * attribute, as the action itself (chain.h). */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return TBI_MQ_CARDS * 3;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return (int)a;
}

const tb_game tbg_mystique_chain = {
    .id = "mystique-chain",
    .title = "Mystique Chain",
    .blurb = "take pool cards that follow the declared attribute; whoever "
             "cannot follow loses",
    .min_players = 2,
    .max_players = 2,
    .flags = 0,
    .options = options,
    .n_options = 1,
    .state_size = sizeof(chain_state),
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
    .solve = chain_solve,
};
