/*
 * mystique_pillars.c - Mystique Pillars (Martin Grider, 2-6 players) on
 * the Mystique Deck.  The shuffled deck is split into four face-up pillars
 * of 15 cards.  In an open draft each player takes the top card of a
 * pillar of her choice, one at a time round the table, until everyone
 * holds 8; a pillar that runs out is refilled by splitting another.  Then,
 * in turn, each either plays a card onto a pillar whose top card shares
 * two attributes with it, or draws a pillar's top card.  Whoever has
 * played all her cards wins at once.
 *
 * Everything a player draws comes off a face-up top, so every hand is
 * public.  What is hidden is the order of each pillar's original cards
 * below the top: a pillar is a stack whose bottom `unseen` cards nobody
 * has seen; every card above them has been in view (a top once, or played
 * there), so the table remembers it.  determinize deals the unseen cards
 * again into the same places and leaves the hands alone.
 *
 * Drawing and playing back can go on for ever, so the game has a turn cap
 * (option `turns`, building turns): reaching it ends the game in a draw.
 *
 * Actions: card * 4 + pillar plays a card (id 0-59) onto pillar 0-3;
 * DRAW + pillar takes that pillar's top card.  Text: "3Rc on B", "draw B".
 */
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#define MAX_P 6
#define PILLARS 4
#define HAND_SIZE 8 /* cards each player drafts */
#define DRAW 240u   /* DRAW + pillar: take that pillar's top card */

enum phase { PH_DEAL, PH_DRAFT, PH_BUILD, PH_OVER };
enum { OPT_TURNS, OPT_UNDO };
enum { UNDO_ALLOWED, UNDO_FORBIDDEN };

static const char *const undo_choices[] = {"allowed", "forbidden"};

static const tb_option_def options[] = {
    [OPT_TURNS] = {"turns", "building turns (all players together) after "
                   "which a game nobody has won ends in a draw",
                   TB_OPT_INT, 1000, 20, 5000, NULL},
    [OPT_UNDO] = {"undo", "whether a player may undo her last turn (draw "
                  "back the card she played, or play a card she drew back "
                  "where it came from): allowed (the text) or forbidden "
                  "(a table's rule against the loop)",
                  TB_OPT_ENUM, UNDO_ALLOWED, 0, 1, undo_choices},
};

/* How the game ended. */
enum { END_NONE, END_WIN, END_CAP, END_STUCK };

typedef struct pillars {
    uint8_t players, phase, mover;
    uint8_t drafted;           /* draft draws taken */
    uint8_t winner, end;       /* at PH_OVER */
    uint16_t turns;            /* building turns taken */
    uint16_t cap;              /* building turns allowed */
    uint8_t no_undo;           /* option undo=forbidden */
    uint8_t n[PILLARS];        /* cards in each pillar */
    uint8_t unseen[PILLARS];   /* its bottom cards nobody has seen */
    uint8_t pile[PILLARS][TBI_MQ_CARDS]; /* bottom first; top is n - 1 */
    uint64_t hand[MAX_P];      /* each seat's cards (public), by id */
    /* The last move, for the table: who, which action, and the split it
     * caused (the pillar emptied, the one split; -1 when none). */
    int8_t last_seat;
    uint8_t last_card;
    uint16_t last_action;
    int8_t split_from, split_to;
    uint8_t refill;            /* the split refilled a pillar already empty */
    /* Each seat's latest building move and the card it moved (0 and 0
     * before its first): taking that card back, or playing a drawn card
     * back where it came from, undoes the turn. */
    uint16_t prev_action[MAX_P];
    uint8_t prev_card[MAX_P];
} pillars;

/* The top card of pillar p, or -1 when it is empty. */
static int top(const pillars *s, int p)
{
    return s->n[p] ? s->pile[p][s->n[p] - 1] : -1;
}

/* The cards of a hand that may go onto pillar p: sharing exactly two
 * attributes with its top card (two different cards of one deck never
 * share three). */
static uint64_t playable_on(const pillars *s, uint64_t hand, int p)
{
    return s->n[p] ? hand & tbi_mq_sharing_set(top(s, p), 2) : 0;
}

static void init(void *vs, const tb_config *cfg)
{
    pillars *s = vs;
    s->players = (uint8_t)cfg->players;
    s->cap = (uint16_t)cfg->opt[OPT_TURNS];
    s->no_undo = cfg->opt[OPT_UNDO] == UNDO_FORBIDDEN;
    s->phase = PH_DEAL;
    s->last_seat = -1;
}

static int current(const void *vs)
{
    const pillars *s = vs;
    if (s->phase == PH_DEAL)
        return TB_CHANCE;
    if (s->phase == PH_OVER)
        return TB_TERMINAL;
    return s->mover;
}

static void chance(const void *vs, tb_chance *c)
{
    (void)vs;
    tbi_mq_chance_deck(c, 1);
}

/* The deal: deck[15p .. 15p + 15) is pillar p from the bottom up, so
 * deck[15p + 14] is its top, face up; seat 0 starts. */
static void apply_chance(void *vs, const uint16_t *deck)
{
    pillars *s = vs;
    for (int p = 0; p < PILLARS; p++) {
        s->n[p] = TBI_MQ_CARDS / PILLARS;
        s->unseen[p] = (uint8_t)(s->n[p] - 1);
        for (int i = 0; i < s->n[p]; i++)
            s->pile[p][i] = (uint8_t)deck[p * s->n[p] + i];
    }
    s->mover = 0;
    s->phase = PH_DRAFT;
}

/* "If a pillar runs out, split another pillar into two": the tallest
 * other pillar (the first in table order among equals) with two cards or
 * more is split in half; its upper half stays, its lower half (the larger
 * when the count is odd) becomes pillar p, and the card now on top of it
 * is turned face up.  Returns the pillar split, or -1 when none could be. */
static int split_into(pillars *s, int p)
{
    int q = -1;
    for (int i = 0; i < PILLARS; i++)
        if (i != p && s->n[i] >= 2 && (q < 0 || s->n[i] > s->n[q]))
            q = i;
    if (q < 0)
        return -1;
    int k = s->n[q], lower = (k + 1) / 2, hidden = s->unseen[q];
    memcpy(s->pile[p], s->pile[q], (size_t)lower);
    s->n[p] = (uint8_t)lower;
    s->unseen[p] = (uint8_t)(hidden < lower ? hidden : lower - 1);
    memmove(s->pile[q], s->pile[q] + lower, (size_t)(k - lower));
    s->n[q] = (uint8_t)(k - lower);
    s->unseen[q] = (uint8_t)(hidden > lower ? hidden - lower : 0);
    return q;
}

/* A pillar that ran out while no other had two cards stays empty only
 * until one has: after a play onto a pillar, an empty pillar is refilled
 * by the same split.  (An empty pillar exists only while every other
 * holds one card at most, so a play makes at most one pillar splittable,
 * and one split restores that.) */
static void refill_after_play(pillars *s)
{
    for (int p = 0; p < PILLARS; p++)
        if (s->n[p] == 0) {
            int q = split_into(s, p);
            if (q >= 0) {
                s->split_to = (int8_t)p;
                s->split_from = (int8_t)q;
                s->refill = 1;
            }
            return;
        }
}

/* Takes the top card of pillar p into seat's hand; the card below comes
 * into view, and an emptied pillar is refilled by a split. */
static void draw_top(pillars *s, int seat, int p)
{
    int card = top(s, p);
    s->hand[seat] |= 1ull << card;
    s->n[p]--;
    if (s->unseen[p] == s->n[p] && s->n[p] > 0)
        s->unseen[p]--;
    s->last_card = (uint8_t)card;
    if (s->n[p] == 0) {
        s->split_to = (int8_t)p;
        s->split_from = (int8_t)split_into(s, p);
    }
}

/* Whether some pillar still holds a card. */
static int any_pillar(const pillars *s)
{
    for (int p = 0; p < PILLARS; p++)
        if (s->n[p])
            return 1;
    return 0;
}

/*
 * Whether seat's building move a undoes its own last turn, the loop the
 * text allows: drawing back the card it has just played (each player
 * taking back the top the other needs, for ever), or playing the card it
 * has just drawn back onto the pillar it came from.  The bots never do
 * while they have another move.  Everything it reads is public.
 */
static int undoes(const pillars *s, int seat, tb_action a)
{
    int prev = s->prev_action[seat] - 1, card = s->prev_card[seat];
    if (s->phase != PH_BUILD || prev < 0)
        return 0;
    if (a >= DRAW)
        return prev < (int)DRAW && top(s, (int)(a - DRAW)) == card;
    return prev >= (int)DRAW && (int)(a / PILLARS) == card &&
           (int)(a % PILLARS) == prev - (int)DRAW;
}

static int legal(const void *vs, tb_action *out)
{
    const pillars *s = vs;
    int k = 0;
    if (s->phase == PH_BUILD) {
        uint64_t fit[PILLARS], any = 0;
        for (int p = 0; p < PILLARS; p++)
            any |= fit[p] = playable_on(s, s->hand[s->mover], p);
        for (uint64_t m = any; m; m &= m - 1) {
            int card = __builtin_ctzll(m);
            for (int p = 0; p < PILLARS; p++)
                if (fit[p] >> card & 1u)
                    out[k++] = (tb_action)(card * PILLARS + p);
        }
    }
    for (int p = 0; p < PILLARS; p++)
        if (s->n[p])
            out[k++] = DRAW + (tb_action)p;
    /* undo=forbidden: a move that undoes the mover's last turn is not
     * allowed, unless it is the only move (at most one move can undo it,
     * and then a draw is always left). */
    if (s->no_undo && k > 1)
        for (int i = 0; i < k; i++)
            if (undoes(s, s->mover, out[i])) {
                memmove(out + i, out + i + 1,
                        (size_t)(k - i - 1) * sizeof *out);
                k--;
                break;
            }
    return k;
}

static void apply(void *vs, tb_action a)
{
    pillars *s = vs;
    int seat = s->mover;
    s->last_seat = (int8_t)seat;
    s->last_action = (uint16_t)a;
    s->split_from = s->split_to = -1;
    s->refill = 0;
    if (a >= DRAW) {
        draw_top(s, seat, (int)(a - DRAW));
    } else {
        int card = (int)(a / PILLARS), p = (int)(a % PILLARS);
        s->hand[seat] &= ~(1ull << card);
        s->pile[p][s->n[p]++] = (uint8_t)card;
        s->last_card = (uint8_t)card;
        refill_after_play(s);
    }
    if (s->phase == PH_BUILD) {
        s->prev_action[seat] = (uint16_t)(a + 1);
        s->prev_card[seat] = s->last_card;
    }
    s->mover = (uint8_t)((seat + 1) % s->players);
    if (s->phase == PH_DRAFT) {
        if (++s->drafted == HAND_SIZE * s->players) {
            s->phase = PH_BUILD; /* the starting player goes first again */
            s->mover = 0;
        }
        return;
    }
    s->turns++;
    if (a < DRAW && s->hand[seat] == 0) {
        s->phase = PH_OVER;
        s->end = END_WIN;
        s->winner = (uint8_t)seat;
    } else if (!any_pillar(s)) {
        s->phase = PH_OVER; /* every card is in a hand: nobody can move */
        s->end = END_STUCK;
    } else if (s->turns >= s->cap) {
        s->phase = PH_OVER;
        s->end = END_CAP;
    }
}

/* The winner ranks first; the others by cards left, fewer being better.
 * A game ended by the cap (or with every card in hand) is a draw: nobody
 * won (tb_result.draw, every seat at rank 1).  A seat's score is minus
 * its cards left. */
static void result(const void *vs, tb_result *out)
{
    const pillars *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = (double)(0 - __builtin_popcountll(s->hand[p]));
    tbi_rank_by_score(out, 1);
    if (s->end != END_WIN)
        tbi_draw_result(out);
}

static int standing(const void *vs, double *scores)
{
    const pillars *s = vs;
    for (int p = 0; p < s->players; p++)
        scores[p] = (double)(0 - __builtin_popcountll(s->hand[p]));
    return s->phase == PH_BUILD || s->phase == PH_OVER
               ? 1 + s->turns / s->players
               : 0;
}

/* The unseen cards (the bottom of each pillar) are pooled, shuffled and
 * dealt back into the same places; everything else is in view or
 * remembered (hands, tops, cards that were tops or were played). */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    pillars *s = vs;
    (void)seat;
    if (s->phase == PH_DEAL)
        return;
    tbi_pool pool;
    tbi_pool_init(&pool);
    for (int p = 0; p < PILLARS; p++)
        tbi_pool_add_run(&pool, s->pile[p], s->unseen[p]);
    tbi_pool_shuffle(&pool, rng);
    for (int p = 0; p < PILLARS; p++)
        tbi_pool_take_run(&pool, s->pile[p], s->unseen[p]);
}

/* ---------------------------------------------------------------- text */

static const char pillar_names[PILLARS] = {'A', 'B', 'C', 'D'};

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    if (a >= DRAW) {
        snprintf(buf, cap, "draw %c", pillar_names[a - DRAW]);
        return;
    }
    char name[8];
    tbi_mq_short_name((int)(a / PILLARS), 0, name, sizeof name);
    snprintf(buf, cap, "%s on %c", name, pillar_names[a % PILLARS]);
}

/* Reads a pillar letter A-D (any case) standing alone at s; returns the
 * position after it, or NULL. */
static const char *read_pillar(const char *s, int *p)
{
    int c = toupper((unsigned char)*s);
    if (c < 'A' || c > 'D' || isalnum((unsigned char)s[1]))
        return NULL;
    *p = c - 'A';
    return s + 1;
}

/* Skips an optional word (any case) followed by a space or the end. */
static const char *skip_word(const char *s, const char *word)
{
    size_t n = strlen(word);
    if (strncasecmp(s, word, n) == 0 && !isalnum((unsigned char)s[n]))
        return tbi_skip_space(s + n);
    return s;
}

/* Explains why playing card on pillar p is refused. */
static void why_not(const pillars *s, int card, int p, char *err, size_t cap)
{
    char name[8], on[8];
    tbi_mq_short_name(card, 0, name, sizeof name);
    if (s->phase != PH_BUILD) {
        tbi_errf(err, cap, "in the draft you only draw: type draw A to D");
    } else if (!(s->hand[s->mover] >> card & 1u)) {
        tbi_errf(err, cap, "you do not hold %s", name);
    } else if (!s->n[p]) {
        tbi_errf(err, cap, "pillar %c is empty", pillar_names[p]);
    } else {
        tbi_mq_short_name(top(s, p), 0, on, sizeof on);
        tbi_errf(err, cap, "%s shares %d attribute%s with %s, the top of "
                 "pillar %c; a card must share two", name,
                 tbi_mq_shared_attrs(card, top(s, p)),
                 tbi_mq_shared_attrs(card, top(s, p)) == 1 ? "" : "s", on,
                 pillar_names[p]);
    }
}

/* Reads "draw B" (or "take B", or just "B"), "3Rc on B" ("3Rc B", "play
 * 3Rc on B"), or a bare card that fits exactly one pillar. */
static int parse_move(const void *vs, const char *text, tb_action *out,
                      char *err, size_t cap)
{
    const pillars *s = vs;
    const char *p = tbi_skip_space(text);
    int pillar = -1, card = -1;
    const char *q = skip_word(p, "draw");
    if (q == p)
        q = skip_word(p, "take");
    const char *end = read_pillar(q, &pillar);
    if (end && !*tbi_skip_space(end)) {
        if (!s->n[pillar]) {
            tbi_errf(err, cap, "pillar %c is empty", pillar_names[pillar]);
            return TB_EPARSE;
        }
        *out = DRAW + (tb_action)pillar;
        return TB_OK;
    }
    p = skip_word(p, "play");
    end = tbi_mq_parse(p, 0, &card);
    if (!end) {
        tbi_errf(err, cap, "type a card and a pillar (3Rc on B) or draw "
                 "and a pillar (draw B); pillars are A to D");
        return TB_EPARSE;
    }
    p = tbi_skip_space(end);
    if (*p == '>')
        p = tbi_skip_space(p + 1);
    p = skip_word(p, "on");
    if (*p) {
        end = read_pillar(p, &pillar);
        if (!end || *tbi_skip_space(end)) {
            tbi_errf(err, cap, "name the pillar as a letter A to D, e.g. "
                     "3Rc on B");
            return TB_EPARSE;
        }
        if (s->phase == PH_BUILD && s->hand[s->mover] >> card & 1u &&
            playable_on(s, 1ull << card, pillar)) {
            *out = (tb_action)(card * PILLARS + pillar);
            return TB_OK;
        }
        why_not(s, card, pillar, err, cap);
        return TB_EPARSE;
    }
    /* A bare card: the one pillar it fits. */
    int fits = 0;
    for (int i = 0; i < PILLARS; i++)
        if (s->phase == PH_BUILD && playable_on(s, s->hand[s->mover] & 1ull << card, i)) {
            fits++;
            pillar = i;
        }
    if (fits == 1) {
        *out = (tb_action)(card * PILLARS + pillar);
        return TB_OK;
    }
    char name[8];
    tbi_mq_short_name(card, 0, name, sizeof name);
    if (fits > 1)
        tbi_errf(err, cap, "%s fits more than one pillar: say which, e.g. "
                 "%s on %c", name, name, pillar_names[pillar]);
    else if (!(s->hand[s->mover] >> card & 1u) || s->phase != PH_BUILD)
        why_not(s, card, 0, err, cap);
    else
        tbi_errf(err, cap, "%s fits no pillar: a card must share two "
                 "attributes with a pillar's top", name);
    return TB_EPARSE;
}

/* Reads a move (parse_move), and with undo=forbidden refuses one that
 * undoes the mover's last turn, saying why. */
static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const pillars *s = vs;
    int rc = parse_move(vs, text, out, err, cap);
    if (rc != TB_OK || !s->no_undo || !undoes(s, s->mover, *out))
        return rc;
    tb_action list[TB_MAX_ACTIONS];
    if (legal(s, list) == 1)
        return rc; /* the only move there is */
    char name[8];
    tbi_mq_short_name(s->prev_card[s->mover], 0, name, sizeof name);
    tbi_errf(err, cap, "that undoes your last turn (%s): with undo=forbidden "
             "you may not take back the card you played, nor play back the "
             "card you drew", name);
    return TB_EPARSE;
}

/* ---------------------------------------------------------------- views */

/* Writes the cards of a mask in id order, separated by spaces. */
static void render_cards(tb_text *t, uint64_t cards, unsigned style)
{
    for (uint64_t m = cards; m; m &= m - 1) {
        tbi_mq_render(t, __builtin_ctzll(m), 0, style);
        if (m & (m - 1))
            tb_text_puts(t, " ");
    }
}

/* A pillar as the table sees it: its top, the cards below it that have
 * been in view (top down), and how many below those nobody has seen. */
static void render_pillar(tb_text *t, const pillars *s, int p, unsigned style)
{
    tb_text_printf(t, "  pillar %c (%2d): ", pillar_names[p], s->n[p]);
    if (!s->n[p]) {
        tb_text_puts(t, "empty\n");
        return;
    }
    tbi_mq_render(t, top(s, p), 0, style);
    if (s->n[p] - 1 > s->unseen[p]) {
        tb_text_printf(t, "%s  below:", tbi_color(style, TBI_DIM));
        for (int i = s->n[p] - 2; i >= s->unseen[p]; i--) {
            char name[8];
            tbi_mq_short_name(s->pile[p][i], 0, name, sizeof name);
            tb_text_printf(t, " %s", name);
        }
        tb_text_puts(t, tbi_color(style, TBI_RESET));
    }
    if (s->unseen[p])
        tb_text_printf(t, "  + %d unseen", s->unseen[p]);
    tb_text_puts(t, "\n");
}

/* "seat 1 draws 3Rc from pillar B" and the like, for the last move. */
static void move_words(tb_text *t, int seat, tb_action a, int card)
{
    char name[8];
    tbi_mq_short_name(card, 0, name, sizeof name);
    if (a >= DRAW)
        tb_text_printf(t, "seat %d draws %s from pillar %c", seat, name,
                       pillar_names[a - DRAW]);
    else
        tb_text_printf(t, "seat %d plays %s on pillar %c", seat, name,
                       pillar_names[a % PILLARS]);
}

/* What the table is told when the last move emptied a pillar. */
static void split_words(tb_text *t, const pillars *s)
{
    if (s->split_to < 0)
        return;
    if (s->refill)
        tb_text_printf(t, "empty pillar %c", pillar_names[s->split_to]);
    else
        tb_text_printf(t, "pillar %c runs out", pillar_names[s->split_to]);
    if (s->split_from < 0) {
        tb_text_puts(t, "; no pillar has two cards to split, so it stays "
                        "empty until one has\n");
        return;
    }
    char name[8];
    tbi_mq_short_name(top(s, s->split_to), 0, name, sizeof name);
    if (s->refill) {
        tb_text_printf(t, ": pillar %c now has %d cards, so it is split, "
                       "and its lower %d card%s refill%s pillar %c, "
                       "showing %s\n", pillar_names[s->split_from],
                       s->n[s->split_from] + s->n[s->split_to],
                       s->n[s->split_to], s->n[s->split_to] == 1 ? "" : "s",
                       s->n[s->split_to] == 1 ? "s" : "",
                       pillar_names[s->split_to], name);
        return;
    }
    tb_text_printf(t, ": pillar %c is split, and its lower %d cards become "
                   "pillar %c, showing %s\n", pillar_names[s->split_from],
                   s->n[s->split_to], pillar_names[s->split_to], name);
}

/* How the game ended, as a line. */
static void end_words(tb_text *t, const pillars *s)
{
    if (s->end == END_WIN)
        tb_text_printf(t, "seat %d has built all her cards and wins\n",
                       s->winner);
    else if (s->end == END_CAP)
        tb_text_printf(t, "%d building turns are played (the turn cap): "
                       "nobody has won, and the game is a draw\n", s->cap);
    else
        tb_text_puts(t, "every card is in a hand, so nobody can play or "
                        "draw: the game is a draw\n");
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const pillars *s = vs;
    static const char *phase_words[] = {"dealing", "open draft", "building",
                                        "game over"};
    tb_text_printf(t, "%sMystique Pillars%s  %s", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET), phase_words[s->phase]);
    if (s->phase == PH_DRAFT)
        tb_text_printf(t, ", draw %d of %d", s->drafted + 1,
                       HAND_SIZE * s->players);
    if (s->phase == PH_BUILD)
        tb_text_printf(t, ", turn %d (drawn after %d)", s->turns + 1, s->cap);
    if (s->phase == PH_OVER)
        tb_text_printf(t, " after %d building turns", s->turns);
    tb_text_puts(t, "\n");
    if (s->phase == PH_DEAL)
        return;
    for (int p = 0; p < PILLARS; p++)
        render_pillar(t, s, p, style);
    tb_text_puts(t, "  hands (all public: the draft is open):\n");
    for (int q = 0; q < s->players; q++) {
        int held = __builtin_popcountll(s->hand[q]);
        tb_text_printf(t, "  seat %d%s, ", q, q == seat ? " (you)" : "");
        if (held == 0)
            tb_text_puts(t, "no cards");
        else
            tb_text_printf(t, "%d card%s: ", held, held == 1 ? "" : "s");
        render_cards(t, s->hand[q], style);
        if (s->phase != PH_OVER && q == s->mover)
            tb_text_puts(t, "  <- to move");
        tb_text_puts(t, "\n");
    }
    if (s->last_seat >= 0) {
        tb_text_puts(t, "  last: ");
        move_words(t, s->last_seat, s->last_action, s->last_card);
        tb_text_puts(t, "\n");
        if (s->split_to >= 0) {
            tb_text_puts(t, "  ");
            split_words(t, s);
        }
    }
    if (s->phase == PH_OVER) {
        tb_text_printf(t, "  %sgame over: ", tbi_color(style, TBI_BOLD));
        end_words(t, s);
        tb_text_puts(t, tbi_color(style, TBI_RESET));
        return;
    }
    if (s->phase == PH_BUILD) {
        int any = 0;
        tb_text_printf(t, "  seat %d can play:", s->mover);
        for (int p = 0; p < PILLARS; p++) {
            uint64_t fit = playable_on(s, s->hand[s->mover], p);
            for (uint64_t m = fit; m; m &= m - 1) {
                char name[8];
                tbi_mq_short_name(__builtin_ctzll(m), 0, name, sizeof name);
                tb_text_printf(t, "%s %s on %c", any ? "," : "", name,
                               pillar_names[p]);
                any = 1;
            }
        }
        tb_text_puts(t, any ? "  (or draw a top card)\n"
                            : " nothing; it must draw a top card\n");
    }
}

/* Every move is public: each seat is told the same.  A draw names the
 * card taken and the card now on top. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const pillars *b = vb, *s = va;
    (void)seat;
    int card = a >= DRAW ? top(b, (int)(a - DRAW)) : (int)(a / PILLARS);
    move_words(t, b->mover, a, card);
    if (a < DRAW) {
        char on[8];
        tbi_mq_short_name(top(b, (int)(a % PILLARS)), 0, on, sizeof on);
        tb_text_printf(t, " (on %s)\n", on);
    } else if (s->n[a - DRAW] && s->split_to < 0) {
        char name[8];
        tbi_mq_short_name(top(s, (int)(a - DRAW)), 0, name, sizeof name);
        tb_text_printf(t, "; %s is now on top\n", name);
    } else {
        tb_text_puts(t, "\n");
    }
    split_words(t, s);
    if (b->phase == PH_DRAFT && s->phase == PH_BUILD)
        tb_text_puts(t, "the draft is over: seat 0 starts building\n");
    if (s->phase == PH_OVER) {
        end_words(t, s); /* a draw is said there */
        if (s->end == END_WIN) {
            tb_result r = {0};
            result(s, &r);
            tbi_say_winners(t, &r);
        }
    }
}

/* The deal, told alike to everyone: the deck is split into four pillars
 * and each one's top card is turned face up (the cards below stay
 * unseen). */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const pillars *s = va;
    (void)vb;
    (void)outcome;
    (void)n;
    (void)seat;
    tb_text_printf(t, "the deck is split into %d pillars of %d cards; "
                   "their tops:", PILLARS, TBI_MQ_CARDS / PILLARS);
    for (int p = 0; p < PILLARS; p++) {
        char name[8];
        tbi_mq_short_name(top(s, p), 0, name, sizeof name);
        tb_text_printf(t, "%s pillar %c %s", p ? "," : "", pillar_names[p],
                       name);
    }
    tb_text_puts(t, "\n");
}

static json_t *view_json(const void *vs, int seat)
{
    const pillars *s = vs;
    static const char *phase_names[] = {"deal", "draft", "build", "over"};
    (void)seat;
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "turns", json_integer(s->turns));
    json_object_set_new(v, "turn_cap", json_integer(s->cap));
    if (s->phase == PH_DEAL)
        return v;
    json_object_set_new(v, "drafted", json_integer(s->drafted));
    json_t *piles = json_array();
    for (int p = 0; p < PILLARS; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "size", json_integer(s->n[p]));
        json_object_set_new(o, "unseen", json_integer(s->unseen[p]));
        /* The cards in view or remembered, bottom up; the last is the top. */
        json_object_set_new(o, "seen", tbi_mq_json_cards(s->pile[p] + s->unseen[p],
                                                         s->n[p] - s->unseen[p]));
        json_array_append_new(piles, o);
    }
    json_object_set_new(v, "pillars", piles);
    json_t *hands = json_array();
    for (int q = 0; q < s->players; q++)
        json_array_append_new(hands, tbi_mq_json_set(s->hand[q]));
    json_object_set_new(v, "hands", hands);
    if (s->phase == PH_OVER) {
        static const char *ends[] = {"", "win", "turn cap", "no cards left"};
        json_object_set_new(v, "end", json_string(ends[s->end]));
        if (s->end == END_WIN)
            json_object_set_new(v, "winner", json_integer(s->winner));
    } else {
        json_object_set_new(v, "to_move", json_integer(s->mover));
    }
    if (s->last_seat >= 0) {
        char text[TB_ACTION_TEXT];
        action_text(s, s->last_action, text, sizeof text);
        json_t *o = json_object();
        json_object_set_new(o, "seat", json_integer(s->last_seat));
        json_object_set_new(o, "action", json_string(text));
        char name[8];
        tbi_mq_short_name(s->last_card, 0, name, sizeof name);
        json_object_set_new(o, "card", json_string(name));
        if (s->split_to >= 0) {
            json_object_set_new(o, "emptied", json_integer(s->split_to));
            json_object_set_new(o, "split", json_integer(s->split_from));
            if (s->refill)
                json_object_set_new(o, "refilled", json_true());
        }
        json_object_set_new(v, "last", o);
    }
    return v;
}

/* ---------------------------------------------------------------- bots */

/* The cards of hand that can go onto some pillar now. */
static uint64_t playable(const pillars *s, uint64_t hand)
{
    uint64_t fit = 0;
    for (int p = 0; p < PILLARS; p++)
        fit |= playable_on(s, hand, p);
    return fit;
}

/* The pillars onto whose top some card of hand fits. */
static int fitting_pillars(const pillars *s, uint64_t hand)
{
    int k = 0;
    for (int p = 0; p < PILLARS; p++)
        k += playable_on(s, hand, p) != 0;
    return k;
}

/*
 * How good the table is for seat after its move (higher is better): its
 * own cards count most (each one it still holds costs 100), then whether
 * it can play again, how many of its cards fit and onto how many pillars
 * (a card that fits two pillars cannot be blocked by one draw); against
 * that, an opponent that can play its last card wins on its turn, which
 * costs the more the sooner that turn comes.  An opponent that could
 * merely play some card is not blocked: taking tops away from players who
 * are not about to win costs a card and is what made these bots draw
 * their games (docs/games/mystique-pillars.md, "Heuristic bot").
 */
static double evaluate(const pillars *s, int seat)
{
    int mine = __builtin_popcountll(s->hand[seat]);
    if (mine == 0)
        return 1e6;
    uint64_t fit = playable(s, s->hand[seat]);
    double v = -100.0 * mine + 8.0 * (fit != 0) +
               2.0 * __builtin_popcountll(fit) +
               10.0 * fitting_pillars(s, s->hand[seat]);
    for (int k = 1; k < s->players; k++) {
        int q = (seat + k) % s->players;
        if (__builtin_popcountll(s->hand[q]) == 1 && playable(s, s->hand[q]))
            v -= 400.0 / k;
    }
    return v;
}

/* What taking card x is worth in the draft: it links with the cards held
 * that share two attributes with it (each a play onto it, or it onto
 * them), and a little with those still on the pillars, which can come up
 * as tops later. */
static double draft_value(const pillars *s, int seat, int x)
{
    uint64_t near = tbi_mq_sharing_set(x, 2);
    uint64_t held = 0;
    for (int q = 0; q < s->players; q++)
        held |= s->hand[q];
    return 3.0 * __builtin_popcountll(near & s->hand[seat]) +
           0.5 * __builtin_popcountll(near & ~held);
}

/* ISMCTS's root candidates (prune=on, the search default): every move but
 * those that undo seat's last turn, unless all do.  The heuristic's choice
 * is among them: it undoes a turn only when every move does. */
static int candidates(const void *vs, int seat, tb_action *acts, int n)
{
    const pillars *s = vs;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!undoes(s, seat, acts[i]))
            acts[k++] = acts[i];
    return k ? k : n;
}

/*
 * The heuristic.  In the draft it takes the top card that links best with
 * its hand.  In building it tries every legal move on a copy of the state
 * (a draw takes the top and shows the card below; where that card is
 * unseen the copy holds one sampled card, as the state given is already
 * determinized) and keeps the move whose table evaluates best, never
 * undoing its own last turn (see undoes) while it has another move.  Ties at
 * random.
 */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const pillars *s = vs;
    tb_action list[TB_MAX_ACTIONS];
    int n = legal(s, list), ties = 0;
    double best = 0;
    tb_action pick = list[0];
    for (int i = 0; i < n; i++) {
        double v;
        if (s->phase == PH_DRAFT) {
            v = draft_value(s, seat, top(s, (int)(list[i] - DRAW)));
        } else {
            pillars after = *s;
            apply(&after, list[i]);
            v = evaluate(&after, seat);
            if (undoes(s, seat, list[i]))
                v -= 1e4; /* more than any difference evaluate makes */
        }
        if (ties == 0 || v > best + 1e-9) {
            best = v;
            ties = 1;
            pick = list[i];
        } else if (v > best - 1e-9 && tb_rng_below(rng, (uint32_t)++ties) == 0) {
            pick = list[i];
        }
    }
    return pick;
}

/* The `eager` policy of the opponent pool: play a card whenever one fits
 * (the first in card order, onto the first pillar it fits), else draw
 * from the tallest pillar; in the draft, take from the tallest pillar. */
static tb_action eager(const void *vs, int seat, tb_rng *rng)
{
    const pillars *s = vs;
    (void)seat;
    (void)rng;
    tb_action list[TB_MAX_ACTIONS];
    int n = legal(s, list);
    if (list[0] < DRAW)
        return list[0];
    tb_action pick = list[0];
    for (int i = 1; i < n; i++)
        if (s->n[list[i] - DRAW] > s->n[pick - DRAW])
            pick = list[i];
    return pick;
}

static const tb_policy policies[] = {
    {"eager", "plays the first card that fits, else draws from the tallest "
              "pillar", eager},
};

/* ---------------------------------------------------------------- tensors */

/* A move as 8 kinds, one-hot: playing onto pillar p is p, drawing from it
 * 4 + p (none for -1); with the card it moved, the move is whole. */
static void obs_move(tbi_obs *o, int a)
{
    tbi_obs_onehot(o, a < 0 ? -1 : a >= (int)DRAW ? PILLARS + a - (int)DRAW
                                                  : a % PILLARS,
                   2 * PILLARS);
}

/* seat's observation (docs/learning.md), cards over the 60 ids: per pillar
 * its cards (/60), those at its bottom nobody has seen (/60), the cards
 * above them in order (tbi_obs_order, over the seen part) and its top
 * (one-hot); per seat from seat on, its hand (flags: every hand is
 * public) and its latest building move and card (obs_move, one-hot; what
 * undo reads); the last move: its seat, kind and card, the pillar it
 * emptied and the one split to refill it (one-hot each) and whether the
 * split refilled a pillar already empty; the draft draws taken (/48), the
 * building turns taken (/1000), the turn cap (/5000), undo=forbidden; the
 * seat to move and the winner (one-hot); how the game ended (none, win,
 * cap, stuck); the phase (deal, draft, build, over).  A NULL out only
 * counts. */
static int observe(const void *vs, int seat, float *out)
{
    const pillars *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, last = s->last_seat >= 0;
    for (int p = 0; p < PILLARS; p++) {
        tbi_obs_scalar(&o, s->n[p] / 60.0);
        tbi_obs_scalar(&o, s->unseen[p] / 60.0);
        tbi_obs_order(&o, s->pile[p] + s->unseen[p], s->n[p] - s->unseen[p],
                      0, TBI_MQ_CARDS, TBI_MQ_CARDS);
        tbi_obs_onehot(&o, top(s, p), TBI_MQ_CARDS);
    }
    for (int r = 0; r < n; r++) {
        int q = (seat + r) % n, moved = s->prev_action[q] > 0;
        tbi_obs_bits(&o, s->hand[q], 0, TBI_MQ_CARDS);
        obs_move(&o, s->prev_action[q] - 1);
        tbi_obs_onehot(&o, moved ? s->prev_card[q] : -1, TBI_MQ_CARDS);
    }
    tbi_obs_seat(&o, s->last_seat, seat, n);
    obs_move(&o, last ? s->last_action : -1);
    tbi_obs_onehot(&o, last ? s->last_card : -1, TBI_MQ_CARDS);
    tbi_obs_onehot(&o, last ? s->split_to : -1, PILLARS);
    tbi_obs_onehot(&o, last ? s->split_from : -1, PILLARS);
    tbi_obs_scalar(&o, s->refill);
    tbi_obs_scalar(&o, s->drafted / (double)(HAND_SIZE * MAX_P));
    tbi_obs_scalar(&o, s->turns / 1000.0);
    tbi_obs_scalar(&o, s->cap / 5000.0);
    tbi_obs_scalar(&o, s->no_undo);
    int moving = s->phase == PH_DRAFT || s->phase == PH_BUILD;
    tbi_obs_seat(&o, moving ? s->mover : -1, seat, n);
    tbi_obs_seat(&o, s->end == END_WIN ? s->winner : -1, seat, n);
    tbi_obs_onehot(&o, s->end, 4);
    tbi_obs_onehot(&o, s->phase, 4);
    return o.at;
}

/* The actions are numbered as they are held: card * 4 + pillar plays a
 * card (0-239), 240 + pillar draws that pillar's top. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return (int)DRAW + PILLARS;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return (int)a;
}

const tb_game tbg_mystique_pillars = {
    .id = "mystique-pillars",
    .title = "Mystique Pillars",
    .blurb = "draft from four face-up pillars, then build your cards onto "
             "tops that share two attributes",
    .min_players = 2,
    .max_players = MAX_P,
    .flags = TB_GAME_HIDDEN,
    .options = options,
    .n_options = 2,
    .state_size = sizeof(pillars),
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
    /* Playouts to the end of the round, scored by the cards each seat
     * holds: measured in docs/bots.md ("Mystique Pillars"). */
    .search_defaults = "horizon=round,prune=on",
    .describe = describe,
    .describe_chance = describe_chance,
    .policies = policies,
    .n_policies = 1,
    .candidates = candidates,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
