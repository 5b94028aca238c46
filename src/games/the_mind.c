/*
 * the_mind.c - The Mind (2-4 players, cooperative).  The team plays the
 * cards 1-100 onto one pile in ascending order without talking, level after
 * level; level n deals n cards to each player.  A card played while someone
 * still holds a lower one costs a life and discards every lower card.
 *
 * The game has no turn order and runs in real time, so time is modelled as
 * ticks: in each tick every player who still holds cards makes one secret
 * choice (wait, play the lowest card, or raise/lower a hand for a
 * shuriken); the engine asks them one seat at a time, lowest seat first,
 * and resolves the tick when the last has chosen.  Bots and people play
 * the same game: `tabula play` runs the ticks on a wall clock when a person
 * sits at the table (TB_GAME_REALTIME, realtime_key below).
 *
 * Actions: ACT_WAIT, ACT_PLAY, ACT_HAND (raise or lower, by the hand's
 * current position).
 */
#include "cards.h"
#include "dealt.h"
#include "deck100.h"
#include "internal.h"
#include "obs.h"
#include "redeal.h"

#include <string.h>

#define MAX_P 4
#define MAX_HAND 12   /* level 12 is the last level of a 2-player game */
#define DECK 100
#define MAX_LIVES 5   /* the life cards in the box */
#define MAX_SHURIKENS 3

enum { ACT_WAIT = 1, ACT_PLAY = 2, ACT_HAND = 3 };
enum { OPT_STALL };
enum phase { PH_DEAL, PH_TICK, PH_WON, PH_LOST };

static const tb_option_def options[] = {
    [OPT_STALL] = {"stall", "after this many ticks in a row in which no card "
                   "left a hand, nobody may wait any longer: everyone "
                   "holding cards must play", TB_OPT_INT, 50, 1, 250, NULL},
};

typedef struct mind {
    uint8_t players, last_level, level, phase;
    uint8_t lives, shurikens, stall, idle; /* idle: quiet ticks in a row */
    uint8_t completed;                     /* levels completed */
    uint16_t tick;                         /* ticks played in this level */
    uint8_t hand[MAX_P][MAX_HAND], hand_n[MAX_P];
    uint8_t raised[MAX_P];    /* hand raised for a shuriken (public) */
    uint8_t choice[MAX_P];    /* this tick's secret choice, 0 while unchosen */
    uint8_t last[MAX_P];      /* last tick's revealed choices (0: none) */
    uint8_t last_card[MAX_P]; /* the card each seat played last tick */
    /* Last tick: lives lost, whether the shuriken was played, and where
     * its discards begin in discard[]: first the cards lost to mistakes
     * (from last_discard_from), then the shuriken's (from
     * last_shuriken_from). */
    uint8_t last_lost, last_shuriken, last_discard_from, last_shuriken_from;
    uint8_t pile[DECK], pile_n;       /* this level's pile, in order */
    uint8_t discard[DECK], discard_n; /* this level's face-up discards */
    uint8_t undealt[DECK], undealt_n; /* cards not dealt this level */
} mind;

/* The number of levels, lives and shurikens the table gives each player
 * count: 2 players 12/2/1, 3 players 10/3/1, 4 players 8/4/1. */
static void init(void *vs, const tb_config *cfg)
{
    mind *s = vs;
    s->players = (uint8_t)cfg->players;
    s->last_level = (uint8_t)(16 - 2 * cfg->players);
    s->lives = (uint8_t)cfg->players;
    s->shurikens = 1;
    s->stall = (uint8_t)cfg->opt[OPT_STALL];
    s->level = 1;
    s->phase = PH_DEAL;
}

static int holds_cards(const mind *s, int p)
{
    return s->hand_n[p] > 0;
}

static int current(const void *vs)
{
    const mind *s = vs;
    switch (s->phase) {
    case PH_DEAL: return TB_CHANCE;
    case PH_TICK:
        /* Secret choices are taken one seat at a time, lowest seat first,
         * from the players who still hold cards. */
        for (int p = 0; p < s->players; p++)
            if (holds_cards(s, p) && !s->choice[p])
                return p;
        return TB_TERMINAL; /* unreachable: a tick resolves at once */
    default: return TB_TERMINAL;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    tbi_chance_numbers(c, 1, DECK, "shuffled deck");
}

/* Deals a shuffled deck for the current level: `level` cards to each seat
 * in seat order; the rest stay unused (and unseen) this level. */
static void apply_chance(void *vs, const uint16_t *deck)
{
    mind *s = vs;
    int k = 0;
    for (int p = 0; p < s->players; p++) {
        for (int i = 0; i < s->level; i++)
            s->hand[p][i] = (uint8_t)deck[k++];
        s->hand_n[p] = s->level;
        tbi_sort_u8(s->hand[p], s->level);
    }
    s->undealt_n = (uint8_t)(DECK - k);
    for (int i = 0; k < DECK; i++)
        s->undealt[i] = (uint8_t)deck[k++];
    memset(s->raised, 0, sizeof s->raised);
    memset(s->choice, 0, sizeof s->choice);
    memset(s->last, 0, sizeof s->last);
    s->pile_n = s->discard_n = 0;
    s->last_lost = s->last_shuriken = s->last_discard_from = 0;
    s->last_shuriken_from = 0;
    s->idle = 0;
    s->tick = 0;
    s->phase = PH_TICK;
}

/* Whether waiting (and moving a hand) is still allowed: after `stall`
 * quiet ticks in a row somebody must break the silence, so all must play. */
static int may_wait(const mind *s)
{
    return s->idle < s->stall;
}

/* The legal choices of any seat holding cards: they depend only on public
 * facts (the quiet-tick count, the shurikens left), never on a hand. */
static int legal(const void *vs, tb_action *out)
{
    const mind *s = vs;
    int n = 0;
    if (may_wait(s))
        out[n++] = ACT_WAIT;
    out[n++] = ACT_PLAY;
    if (may_wait(s) && s->shurikens > 0)
        out[n++] = ACT_HAND;
    return n;
}

static int pile_top(const mind *s)
{
    return s->pile_n ? s->pile[s->pile_n - 1] : 0;
}

/* Discards from every hand each card lower than `card` (face up).
 * Returns how many cards were discarded. */
static int discard_below(mind *s, int card)
{
    int gone = 0;
    for (int p = 0; p < s->players; p++) {
        int keep = 0;
        while (keep < s->hand_n[p] && s->hand[p][keep] < card)
            s->discard[s->discard_n++] = s->hand[p][keep++];
        memmove(s->hand[p], s->hand[p] + keep, (size_t)(s->hand_n[p] - keep));
        s->hand_n[p] = (uint8_t)(s->hand_n[p] - keep);
        gone += keep;
    }
    return gone;
}

/* Plays one card onto the pile: if anyone holds a lower card the team
 * loses a life and every lower card is discarded. */
static void play_card(mind *s, int card)
{
    if (discard_below(s, card) > 0) {
        s->lives--;
        s->last_lost++;
    }
    s->pile[s->pile_n++] = (uint8_t)card;
}

static int cards_held(const mind *s)
{
    int n = 0;
    for (int p = 0; p < s->players; p++)
        n += s->hand_n[p];
    return n;
}

/* Whether every player still holding cards has a hand raised. */
static int all_hands_raised(const mind *s)
{
    for (int p = 0; p < s->players; p++)
        if (holds_cards(s, p) && !s->raised[p])
            return 0;
    return 1;
}

/* The shuriken: every player discards their lowest card (face up). */
static void play_shuriken(mind *s)
{
    s->shurikens--;
    s->last_shuriken = 1;
    s->last_shuriken_from = s->discard_n;
    for (int p = 0; p < s->players; p++) {
        if (!holds_cards(s, p))
            continue;
        s->discard[s->discard_n++] = s->hand[p][0];
        memmove(s->hand[p], s->hand[p] + 1, (size_t)(s->hand_n[p] - 1));
        s->hand_n[p]--;
    }
    memset(s->raised, 0, sizeof s->raised);
}

/* The level is complete: the bonus for it (a shuriken after levels 2, 5
 * and 8, a life after 3, 6 and 9, as far as the box has cards), then the
 * next level's deal, or the win after the last level. */
static void complete_level(mind *s)
{
    s->completed = s->level;
    if (s->level == s->last_level) {
        s->phase = PH_WON;
        return;
    }
    if ((s->level == 2 || s->level == 5 || s->level == 8) &&
        s->shurikens < MAX_SHURIKENS)
        s->shurikens++;
    if ((s->level == 3 || s->level == 6 || s->level == 9) &&
        s->lives < MAX_LIVES)
        s->lives++;
    s->level++;
    s->phase = PH_DEAL;
}

/* Reveals the tick's choices: moves the hands and takes each played card
 * out of its hand into played[].  Returns how many cards were played. */
static int reveal_choices(mind *s, uint8_t *played)
{
    int n = 0;
    memcpy(s->last, s->choice, sizeof s->last);
    memset(s->last_card, 0, sizeof s->last_card);
    s->last_lost = s->last_shuriken = 0;
    s->last_discard_from = s->discard_n;
    for (int p = 0; p < s->players; p++) {
        if (s->choice[p] == ACT_HAND)
            s->raised[p] = !s->raised[p];
        if (s->choice[p] == ACT_PLAY) {
            s->last_card[p] = s->hand[p][0];
            played[n++] = s->hand[p][0];
            memmove(s->hand[p], s->hand[p] + 1, (size_t)(s->hand_n[p] - 1));
            s->hand_n[p]--;
        }
    }
    memset(s->choice, 0, sizeof s->choice);
    return n;
}

/* Resolves a tick once every player holding cards has chosen: hands move
 * first, then the played cards go down in ascending order (so cards played
 * in the same tick never cost a life among themselves), then the shuriken
 * is played if every player still holding cards has a hand raised. */
static void resolve_tick(mind *s)
{
    int before = cards_held(s);
    uint8_t played[MAX_P];
    int n_played = reveal_choices(s, played);
    tbi_sort_u8(played, n_played);
    for (int i = 0; i < n_played && s->lives > 0; i++)
        play_card(s, played[i]);
    s->tick++;
    if (s->lives == 0) {
        s->phase = PH_LOST;
        return;
    }
    if (cards_held(s) > 0 && s->shurikens > 0 && all_hands_raised(s))
        play_shuriken(s);
    s->idle = cards_held(s) < before ? 0 : (uint8_t)(s->idle + 1);
    if (cards_held(s) == 0)
        complete_level(s);
}

static void apply(void *vs, tb_action a)
{
    mind *s = vs;
    int p = current(vs);
    if (p < 0)
        return; /* never: apply is only given a decision */
    s->choice[p] = (uint8_t)a;
    if (current(vs) == TB_TERMINAL)
        resolve_tick(s);
}

static void result(const void *vs, tb_result *out)
{
    const mind *s = vs;
    tbi_team_result(out, s->players, s->phase == PH_WON, s->completed);
}

/* The search reward: a win counts most, and among losses more levels
 * completed is better, so search can tell a near miss from a rout. */
static double reward(const tb_result *r, int seat)
{
    (void)seat;
    double levels = (double)(16 - 2 * r->players); /* 12, 10 or 8 */
    return 0.5 * r->team_win + 0.5 * r->team_score / levels;
}

static int standing(const void *vs, double *scores)
{
    const mind *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = s->completed;
    return s->level;
}

/* Whether seat p's choice this tick is still secret from `seat`. */
static int choice_hidden(const mind *s, int p, int seat)
{
    return s->phase == PH_TICK && s->choice[p] && p != seat;
}

/* Deals the unseen cards again (the other hands and the unused deck, in the
 * same numbers) and redraws the other seats' secret choices of this tick
 * among the choices they had. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    mind *s = vs;
    if (s->phase != PH_TICK)
        return;
    tbi_redeal_hands_and_pile(s->hand[0], sizeof s->hand[0], s->hand_n,
                              s->players, seat, s->undealt, s->undealt_n, rng);
    tb_action acts[4];
    int n_acts = legal(s, acts);
    for (int p = 0; p < s->players; p++)
        if (choice_hidden(s, p, seat))
            s->choice[p] = (uint8_t)acts[tb_rng_below(rng, (uint32_t)n_acts)];
}

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    const mind *s = vs;
    int p = current(vs);
    const char *t = a == ACT_WAIT ? "wait"
                    : a == ACT_PLAY ? "play"
                    : (p >= 0 && s->raised[p]) ? "lower"
                                               : "raise";
    snprintf(buf, cap, "%s", t);
}

/* Reads a choice: wait (w), play (p, or the number of your lowest card),
 * raise / lower / hand (h, s) for the shuriken hand. */
static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const mind *s = vs;
    int p = current(vs);
    text = tbi_skip_space(text);
    int v;
    const char *end = tbi_read_uint(text, &v);
    if (end && !*tbi_skip_space(end)) {
        int lowest = s->hand[p][0];
        if (v != lowest) {
            if (v <= DECK && tbi_hand_has(s->hand[p], s->hand_n[p], (uint8_t)v))
                tbi_errf(err, cap, "you must play your lowest card, %d",
                         lowest);
            else
                tbi_errf(err, cap, "%d is not in your hand; your lowest card "
                         "is %d", v, lowest);
            return TB_EPARSE;
        }
        *out = ACT_PLAY;
        return TB_OK;
    }
    tb_action a = 0;
    if (tbi_word_eq(text, "wait") || tbi_word_eq(text, "w"))
        a = ACT_WAIT;
    else if (tbi_word_eq(text, "play") || tbi_word_eq(text, "p"))
        a = ACT_PLAY;
    else if (tbi_word_eq(text, "hand") || tbi_word_eq(text, "h") ||
             tbi_word_eq(text, "s"))
        a = ACT_HAND;
    else if (tbi_word_eq(text, "raise") || tbi_word_eq(text, "r"))
        a = s->raised[p] ? 0 : ACT_HAND;
    else if (tbi_word_eq(text, "lower") || tbi_word_eq(text, "l"))
        a = s->raised[p] ? ACT_HAND : 0;
    else {
        tbi_errf(err, cap, "type wait, play (or your lowest card), or "
                 "raise / lower for the shuriken");
        return TB_EPARSE;
    }
    if (a == 0) {
        tbi_errf(err, cap, "your hand is already %s",
                 s->raised[p] ? "raised" : "down");
        return TB_EPARSE;
    }
    if (a == ACT_HAND && s->shurikens == 0) {
        tbi_errf(err, cap, "the team has no shuriken left");
        return TB_EPARSE;
    }
    if (a != ACT_PLAY && !may_wait(s)) {
        tbi_errf(err, cap, "nobody has played for %d ticks: you must play "
                 "now", s->idle);
        return TB_EPARSE;
    }
    *out = a;
    return TB_OK;
}

/* The action a person at the seat to move takes with one key in real
 * time: space or p plays the lowest card, s or h raises or lowers the
 * hand, w waits; no key until the tick ends waits (or plays once waiting
 * is no longer allowed). */
static int realtime_key(const void *vs, int key, tb_action *out)
{
    const mind *s = vs;
    tb_action a;
    if (key == 0)
        a = may_wait(s) ? ACT_WAIT : ACT_PLAY;
    else if (key == ' ' || key == 'p' || key == 'P')
        a = ACT_PLAY;
    else if (key == 's' || key == 'S' || key == 'h' || key == 'H')
        a = ACT_HAND;
    else if (key == 'w' || key == 'W')
        a = ACT_WAIT;
    else
        return TB_EPARSE;
    tb_action buf[4];
    int n = legal(s, buf);
    for (int i = 0; i < n; i++)
        if (buf[i] == a) {
            *out = a;
            return TB_OK;
        }
    return TB_EPARSE;
}

/* The words for a revealed choice, for the last-tick line: a hand moved
 * up unless it is down now and no shuriken put it down. */
static const char *choice_word(const mind *s, int p)
{
    switch (s->last[p]) {
    case ACT_WAIT: return "waited";
    case ACT_PLAY: return "played";
    case ACT_HAND: return s->raised[p] || s->last_shuriken ? "raised a hand"
                                                           : "lowered a hand";
    default: return NULL;
    }
}

/* Writes cards [from, to) of the discards, each after a space. */
static void put_discards(const mind *s, int from, int to, tb_text *t)
{
    for (int i = from; i < to; i++)
        tb_text_printf(t, " %d", s->discard[i]);
}

/* What the last tick brought about, as one line's worth of text: each
 * seat's revealed choice but waiting (with `waits` set, "the others
 * waited" or "everyone waited" after them), then the lives lost to cards
 * played out of order and the cards that cost, then the shuriken and its
 * discards. */
static void say_tick(const mind *s, int waits, unsigned style, tb_text *t)
{
    const char *sep = "";
    int waited = 0, chose = 0;
    for (int p = 0; p < s->players; p++) {
        chose += s->last[p] != 0;
        waited += s->last[p] == ACT_WAIT;
    }
    int alone = waits && chose == 1; /* a lone seat's wait is named */
    for (int p = 0; p < s->players; p++) {
        const char *w = choice_word(s, p);
        if (!w || (s->last[p] == ACT_WAIT && !alone))
            continue;
        tb_text_printf(t, "%s seat %d %s", *sep ? "," : "", p, w);
        if (s->last[p] == ACT_PLAY)
            tb_text_printf(t, " %d", s->last_card[p]);
        sep = ";";
    }
    if (waits && waited && !alone) {
        tb_text_printf(t, "%s %s", sep,
                       waited == chose ? "everyone waited"
                       : waited == 1   ? "the other waited"
                                       : "the others waited");
        sep = ";";
    }
    int mistakes_to = s->last_shuriken ? s->last_shuriken_from : s->discard_n;
    if (s->last_lost) {
        tb_text_printf(t, "%s %sout of order: %d %s lost%s; discarded", sep,
                       tbi_color(style, TBI_RED), s->last_lost,
                       s->last_lost > 1 ? "lives" : "life",
                       tbi_color(style, TBI_RESET));
        put_discards(s, s->last_discard_from, mistakes_to, t);
        sep = ";";
    }
    if (s->last_shuriken) {
        tb_text_printf(t, "%s the shuriken is played: discarded", sep);
        put_discards(s, s->last_shuriken_from, s->discard_n, t);
    }
}

/* Lives and shurikens, as symbols when the style allows. */
static void render_counters(const mind *s, unsigned style, tb_text *t)
{
    int uni = (style & TB_STYLE_UNICODE) != 0;
    tb_text_printf(t, "  lives %s", tbi_color(style, TBI_RED));
    for (int i = 0; i < s->lives; i++)
        tb_text_puts(t, uni ? "\xe2\x99\xa5" : "*");
    tb_text_printf(t, "%s %d   shurikens %s", tbi_color(style, TBI_RESET),
                   s->lives, tbi_color(style, TBI_CYAN));
    for (int i = 0; i < s->shurikens; i++)
        tb_text_puts(t, uni ? "\xe2\x9c\xb4" : "+");
    tb_text_printf(t, "%s %d\n", tbi_color(style, TBI_RESET), s->shurikens);
}

/* What happened in the last tick: who played what, lives lost, the
 * shuriken and the cards discarded. */
static void render_last_tick(const mind *s, unsigned style, tb_text *t)
{
    int any = 0;
    for (int p = 0; p < s->players; p++)
        any |= s->last[p] == ACT_PLAY || s->last[p] == ACT_HAND;
    if (!any && !s->last_shuriken)
        return;
    tb_text_puts(t, "  last tick:");
    say_tick(s, 0, style, t);
    tb_text_puts(t, "\n");
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const mind *s = vs;
    const char *b = tbi_color(style, TBI_BOLD), *r = tbi_color(style, TBI_RESET);
    if (s->phase == PH_WON || s->phase == PH_LOST) {
        tb_text_printf(t, "%sThe Mind%s  the team %s: %d of %d levels "
                       "completed\n", b, r,
                       s->phase == PH_WON ? "wins" : "loses", s->completed,
                       s->last_level);
    } else if (s->phase == PH_DEAL && s->completed) {
        tb_text_printf(t, "%sThe Mind%s  level %d complete; level %d of %d to "
                       "be dealt\n", b, r, s->completed, s->level,
                       s->last_level);
    } else if (s->phase == PH_DEAL) {
        tb_text_printf(t, "%sThe Mind%s  level %d of %d to be dealt\n", b, r,
                       s->level, s->last_level);
    } else {
        tb_text_printf(t, "%sThe Mind%s  level %d of %d   tick %d, quiet for "
                       "%d (must play after %d)\n", b, r, s->level,
                       s->last_level, s->tick, s->idle, s->stall);
    }
    render_counters(s, style, t);
    if (s->phase == PH_DEAL && s->completed == 0)
        return;
    tb_text_puts(t, "  pile:");
    for (int i = s->pile_n > 10 ? s->pile_n - 10 : 0; i < s->pile_n; i++)
        tb_text_printf(t, i == s->pile_n - 1 ? " %s[%d]%s" : " %s%d%s",
                       i == s->pile_n - 1 ? b : "", s->pile[i],
                       i == s->pile_n - 1 ? r : "");
    if (s->pile_n == 0)
        tb_text_puts(t, " (empty)");
    if (s->discard_n) {
        tb_text_printf(t, "   discarded:%s", tbi_color(style, TBI_DIM));
        for (int i = 0; i < s->discard_n; i++)
            tb_text_printf(t, " %d", s->discard[i]);
        tb_text_puts(t, r);
    }
    tb_text_puts(t, "\n");
    render_last_tick(s, style, t);
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  seat %d%s: %d card%s", p,
                       p == seat ? " (you)" : "", s->hand_n[p],
                       s->hand_n[p] == 1 ? "" : "s");
        if (s->raised[p])
            tb_text_printf(t, "  %shand raised%s", tbi_color(style, TBI_CYAN),
                           r);
        if (s->phase == PH_TICK && s->choice[p])
            tb_text_puts(t, "  has chosen");
        tb_text_puts(t, "\n");
    }
    if (seat >= 0 && seat < s->players && s->phase == PH_TICK) {
        tb_text_puts(t, "  your hand:");
        for (int i = 0; i < s->hand_n[seat]; i++)
            tb_text_printf(t, " %s%d%s", i == 0 ? b : "", s->hand[seat][i],
                           i == 0 ? r : "");
        if (s->hand_n[seat] == 0)
            tb_text_puts(t, " (none: wait for the others)");
        tb_text_puts(t, "\n");
    }
}

static json_t *view_json(const void *vs, int seat)
{
    const mind *s = vs;
    static const char *phase_names[] = {"deal", "tick", "won", "lost"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "level", json_integer(s->level));
    json_object_set_new(v, "last_level", json_integer(s->last_level));
    json_object_set_new(v, "completed", json_integer(s->completed));
    json_object_set_new(v, "lives", json_integer(s->lives));
    json_object_set_new(v, "shurikens", json_integer(s->shurikens));
    json_object_set_new(v, "tick", json_integer(s->tick));
    json_object_set_new(v, "quiet_ticks", json_integer(s->idle));
    json_object_set_new(v, "stall", json_integer(s->stall));
    json_object_set_new(v, "pile", tbi_json_int_array(s->pile, s->pile_n));
    json_object_set_new(v, "discarded",
                        tbi_json_int_array(s->discard, s->discard_n));
    json_object_set_new(v, "lives_lost_last_tick", json_integer(s->last_lost));
    json_object_set_new(v, "shuriken_last_tick",
                        json_boolean(s->last_shuriken));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        static const char *names[] = {NULL, "wait", "play", "hand"};
        json_t *o = json_object();
        json_object_set_new(o, "hand_size", json_integer(s->hand_n[p]));
        json_object_set_new(o, "raised", json_boolean(s->raised[p]));
        if (s->last[p])
            json_object_set_new(o, "last", json_string(names[s->last[p]]));
        if (s->last[p] == ACT_PLAY)
            json_object_set_new(o, "last_card", json_integer(s->last_card[p]));
        if (choice_hidden(s, p, seat))
            json_object_set_new(o, "chosen", json_true());
        else if (s->phase == PH_TICK && s->choice[p])
            json_object_set_new(o, "chosen",
                                json_string(names[s->choice[p]]));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (seat >= 0 && seat < s->players && s->phase == PH_TICK)
        json_object_set_new(v, "hand",
                            tbi_json_int_array(s->hand[seat], s->hand_n[seat]));
    return v;
}

/* What `seat` sees when the seat to move in `before` makes its choice
 * for the tick: the choice itself only to the chooser (it is secret until
 * the tick resolves), then, when it was the last choice of the tick, what
 * the tick revealed (every seat's choice, lives lost and the cards they
 * cost, the shuriken), the silence rule taking hold, and the end of the
 * level or of the game. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const mind *b = vb, *s = va;
    int p = current(vb);
    if (seat == p) {
        if (a == ACT_PLAY)
            tb_text_printf(t, "seat %d chooses to play %d\n", p, b->hand[p][0]);
        else if (a == ACT_WAIT)
            tb_text_printf(t, "seat %d chooses to wait\n", p);
        else
            tb_text_printf(t, "seat %d chooses to %s a hand\n", p,
                           b->raised[p] ? "lower" : "raise");
    } else {
        tb_text_printf(t, "seat %d chooses in secret\n", p);
    }
    if (s->tick == b->tick && s->phase == PH_TICK)
        return; /* others still to choose: nothing is revealed yet */
    tb_text_printf(t, "tick %d:", b->tick + 1);
    say_tick(s, 1, TB_STYLE_PLAIN, t);
    tb_text_puts(t, "\n");
    if (s->last_lost && s->lives)
        tb_text_printf(t, "%d %s left\n", s->lives,
                       s->lives == 1 ? "life" : "lives");
    if (s->phase == PH_TICK && !may_wait(s) && may_wait(b))
        tb_text_printf(t, "%d quiet ticks in a row: from now on everyone "
                       "holding cards must play\n", s->idle);
    if (s->phase == PH_LOST) {
        tb_text_printf(t, "no lives left: the team loses, %d of %d levels "
                       "completed\n", s->completed, s->last_level);
    } else if (s->phase == PH_WON) {
        tb_text_printf(t, "level %d is complete: the team wins the game\n",
                       s->completed);
    } else if (s->phase == PH_DEAL) {
        tb_text_printf(t, "level %d is complete", s->completed);
        /* A bonus is what the counters hold beyond this tick's losses. */
        if (s->shurikens > b->shurikens - s->last_shuriken)
            tb_text_puts(t, "; the team gains a shuriken");
        if (s->lives > b->lives - s->last_lost)
            tb_text_puts(t, "; the team gains a life");
        tb_text_printf(t, "; next, level %d: %d card%s each\n", s->level,
                       s->level, s->level == 1 ? "" : "s");
    }
}

/* The heuristic's tempo: it plays its lowest card after waiting about one
 * tick for every RATE points between that card and the top of the pile,
 * misjudging each wait by up to NOISE of it either way (a person's inner
 * clock is not exact, which is what makes The Mind hard). */
#define RATE 3.0
#define NOISE 0.45

/* Whether the heuristic starts a shuriken: at the start of a level or
 * just after a card, while the team still holds at least three cards per
 * player (a shuriken then clears the lowest card of every hand, and the
 * lowest cards are where two players most often misjudge each other).
 * Tried against "never" and "only with the last life": this does best. */
static int wants_shuriken(const mind *s)
{
    return s->idle == 0 && cards_held(s) >= 3 * s->players;
}

/* A policy that uses only public facts and its own hand: waits in
 * proportion to the gap between its lowest card and the pile, follows a
 * raised hand, and plays at once when nobody else holds cards. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const mind *s = vs;
    if (!may_wait(s))
        return ACT_PLAY;
    int others = 0, other_raised = 0;
    for (int p = 0; p < s->players; p++) {
        if (p != seat && holds_cards(s, p)) {
            others = 1;
            other_raised |= s->raised[p];
        }
    }
    if (!others)
        return ACT_PLAY;
    double gap = s->hand[seat][0] - pile_top(s);
    if (s->shurikens > 0 && !s->raised[seat] &&
        (other_raised || wants_shuriken(s)))
        return ACT_HAND;
    double judged = gap / RATE * (1.0 + NOISE * (2.0 * tb_rng_unit(rng) - 1.0));
    return s->idle + 1 >= judged ? ACT_PLAY : ACT_WAIT;
}

/* A level's deal: each seat is told its own cards, everyone how many each
 * got. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const mind *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    tb_text_printf(t, "level %d is dealt\n", s->level);
    tbi_say_deal(t, seat, s->players, &s->hand[0][0], MAX_HAND, s->hand_n,
                 tbi_number_namer, NULL);
}

/* ------------------------------------------------------------ tensors */

/* seat's observation (docs/learning.md), cards as flags over 1-100: its
 * hand, this level's pile and its discards, with where last tick's
 * discards begin (/100: the mistakes', then the shuriken's); per seat
 * counted from seat, its cards in hand (/12), its hand raised, last
 * tick's choice (wait, play, hand) and the card it played then (/100),
 * its choice this tick when seat may see it and whether a secret one is
 * made; the lives (/5), shurikens (/3), level, last level and levels
 * completed (/12), the tick (/100), the quiet ticks in a row and the stall
 * limit (/250), the lives lost last tick (/4) and whether the shuriken was
 * played then, the seat to act (one-hot), the phase.  The other hands and
 * the unused cards are the cards in none of the three sets.  A NULL out
 * only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const mind *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players;
    tbi_obs_cards(&o, s->hand[seat], s->hand_n[seat], 1, DECK);
    tbi_obs_cards(&o, s->pile, s->pile_n, 1, DECK);
    tbi_obs_cards(&o, s->discard, s->discard_n, 1, DECK);
    tbi_obs_scalar(&o, s->last_discard_from / 100.0);
    tbi_obs_scalar(&o, s->last_shuriken_from / 100.0);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n, hidden = choice_hidden(s, p, seat);
        tbi_obs_scalar(&o, s->hand_n[p] / (double)MAX_HAND);
        tbi_obs_scalar(&o, s->raised[p]);
        tbi_obs_onehot(&o, s->last[p] - ACT_WAIT, 3);
        tbi_obs_scalar(&o, s->last_card[p] / 100.0);
        tbi_obs_onehot(&o, hidden ? -1 : s->choice[p] - ACT_WAIT, 3);
        tbi_obs_scalar(&o, hidden);
    }
    tbi_obs_scalar(&o, s->lives / (double)MAX_LIVES);
    tbi_obs_scalar(&o, s->shurikens / (double)MAX_SHURIKENS);
    tbi_obs_scalar(&o, s->level / 12.0);
    tbi_obs_scalar(&o, s->last_level / 12.0);
    tbi_obs_scalar(&o, s->completed / 12.0);
    tbi_obs_scalar(&o, s->tick / 100.0);
    tbi_obs_scalar(&o, s->idle / 250.0);
    tbi_obs_scalar(&o, s->stall / 250.0);
    tbi_obs_scalar(&o, s->last_lost / 4.0);
    tbi_obs_scalar(&o, s->last_shuriken);
    int cur = current(s);
    tbi_obs_onehot(&o, cur >= 0 ? (cur - seat + n) % n : -1, n);
    tbi_obs_onehot(&o, s->phase, 4);
    return o.at;
}

/* Wait is 0, play 1, hand 2. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return 3;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return (int)a - ACT_WAIT;
}

const tb_game tbg_the_mind = {
    .id = "the-mind",
    .title = "The Mind",
    .blurb = "cooperative: play 1-100 in ascending order together, without "
             "a word, in real time",
    .min_players = 2,
    .max_players = 4,
    .flags = TB_GAME_COOPERATIVE | TB_GAME_SIMULTANEOUS | TB_GAME_HIDDEN |
             TB_GAME_REALTIME,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(mind),
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
    /* A hundred iterations a tick: more search plays worse here (no level
     * 12 won in 20 games at 300 or 1000 iterations, about half at 100;
     * docs/bots.md, "The Mind: a small search"), and a time budget then
     * ends at the hundredth iteration too. */
    .search_defaults = "iters=100",
    .reward = reward,
    .realtime_key = realtime_key,
    .describe = describe,
    .describe_chance = describe_chance,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
