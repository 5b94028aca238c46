/*
 * view.c - Mysterium as people see it: the text of each action and its
 * parsing, the table drawn for a terminal, the JSON view and the
 * descriptions of moves.  Each shows a seat only what it may see: the
 * ghost sees everything but the order of the draw pile and, with 4-7
 * players, the shuffled order of the shared vision and the secret votes;
 * a psychic never sees the ghost's hand or any target not yet found,
 * another seat's perception, or more of the shared vision than its
 * clairvoyance allows.  Vision cards are shown as their motifs in words,
 * each with its strength as the viewer perceives it ("#12 red:3 owl:2
 * spiral:1 calm:1"; the printed prominences for the ghost and onlookers).
 */
#include "msy.h"

#include "cards.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[MSY_KINDS] = {"character", "location",
                                                  "object"};
static const char *const kind_plural[MSY_KINDS] = {"Characters", "Locations",
                                                   "Objects"};
static const char *const level_names[3] = {"low", "intermediate", "high"};
static const char *const roman[MSY_HOURS + 2] = {"", "I", "II", "III", "IV",
                                                 "V", "VI", "VII", "VIII"};

/* "a" or "an" before a word: "an object", "a location". */
static const char *article(const char *word)
{
    return word[0] && strchr("aeiou", word[0]) ? "an" : "a";
}

/* The psychic card at row position pos of kind k. */
static const msy_card *card_at(const msy *s, int k, int pos)
{
    return &tbi_msy_cards[k * MSY_PER_KIND + s->row[k][pos]];
}

void tbi_msy_vision_words(int v, tb_text *t)
{
    tb_text_printf(t, "#%d", v + 1);
    for (int m = 0; m < MSY_MOTIFS; m++)
        if (tbi_msy_visions[v] >> m & 1u)
            tb_text_printf(t, " %s:%d", tbi_msy_motif_name[m],
                           tbi_msy_strength(v, m));
}

/* A vision card in words as seat perceives it, the motifs it does not
 * see left out: "#12 red:3 owl:1". */
static void vision_words_as(const msy *s, int seat, int v, tb_text *t)
{
    tb_text_printf(t, "#%d", v + 1);
    for (int m = 0; m < MSY_MOTIFS; m++) {
        int p = tbi_msy_perceived(s, seat, v, m);
        if (p > 0)
            tb_text_printf(t, " %s:%d", tbi_msy_motif_name[m], p);
    }
}

/* The eyes of seat: its perception for a psychic seat, NULL (the print)
 * for the ghost and onlookers. */
static const uint8_t *eye_of(const msy *s, int seat)
{
    return seat > 0 && seat < s->players ? s->percept[seat] : NULL;
}

/* The motifs of psychic card pos of kind k in words, as seat's eye takes
 * them in: those it passes over left out ("red fire bell cat"). */
static void card_words(const msy *s, int seat, int k, int pos, tb_text *t)
{
    int c = s->row[k][pos];
    uint64_t motifs = tbi_msy_cards[k * MSY_PER_KIND + c].motifs;
    const char *sep = "";
    for (int m = 0; m < MSY_MOTIFS; m++)
        if (motifs >> m & 1u) {
            int a = tbi_msy_attention(eye_of(s, seat), tbi_msy_murk(s->difficulty, s->players), k, c,
                                      m);
            if (!a)
                continue;
            tb_text_printf(t, "%s%s", sep, tbi_msy_motif_name[m]);
            sep = " ";
        }
}

/* The kind psychic i guessed last hour (it has moved on if it was right). */
static int last_kind(const msy *s, int i)
{
    return s->last_right[i] ? s->stage[i] - 1 : s->stage[i];
}

/* ------------------------------------------------------------ action text */

/* The vision numbers of hand mask m, each after a space. */
static void mask_numbers(const msy *s, unsigned m, tb_text *t)
{
    for (int i = 0; i < s->hand_n; i++)
        if (m >> i & 1u)
            tb_text_printf(t, " %d", s->hand[i] + 1);
}

void tbi_msy_action_text(const void *st, tb_action a, char *buf, size_t cap)
{
    const msy *s = st;
    unsigned arg = a & 0xfffu;
    tb_text t;
    tb_text_init(&t, buf, cap);
    switch (MSY_A_KIND(a)) {
    case MSY_K_GIVE:
        tb_text_printf(&t, "give %u", (arg >> 7) + 1);
        mask_numbers(s, arg & 0x7fu, &t);
        break;
    case MSY_K_SKIP: tb_text_printf(&t, "skip %u", (arg >> 7) + 1); break;
    case MSY_K_DISCARD:
        tb_text_puts(&t, "discard");
        mask_numbers(s, arg, &t);
        break;
    case MSY_K_GUESS: {
        int i = tbi_msy_guesser(s);
        tb_text_printf(&t, "guess %s",
                       card_at(s, i < 0 ? 0 : s->stage[i], (int)arg)->name);
        break;
    }
    case MSY_K_YES: tb_text_printf(&t, "yes %u", arg + 1); break;
    case MSY_K_TAKE: tb_text_printf(&t, "take %u", arg + 1); break;
    case MSY_K_NO: tb_text_printf(&t, "no %u", arg + 1); break;
    case MSY_K_DONE: tb_text_puts(&t, "done"); break;
    case MSY_K_SHARED:
        tb_text_printf(&t, "culprit %u", (arg >> 7) + 1);
        mask_numbers(s, arg & 0x7fu, &t);
        break;
    case MSY_K_VOTE: tb_text_printf(&t, "vote %u", arg + 1); break;
    default: tb_text_puts(&t, "?"); break;
    }
}

/* ------------------------------------------------------------ parsing */

/* Splits text into lowercase words (commas, colons and '#' are spaces);
 * returns how many, at most cap. */
static int split_words(const char *text, char words[][24], int cap)
{
    int n = 0;
    while (*text) {
        while (*text && (isspace((unsigned char)*text) || *text == ',' ||
                         *text == ':' || *text == '#' || *text == '+'))
            text++;
        if (!*text)
            break;
        int len = 0;
        while (*text && !isspace((unsigned char)*text) && *text != ',' &&
               *text != ':' && *text != '#' && *text != '+') {
            if (len < 23 && n < cap)
                words[n][len++] = (char)tolower((unsigned char)*text);
            text++;
        }
        if (n < cap)
            words[n][len] = '\0';
        n++;
    }
    return n;
}

/* Reads a whole word as a number in [lo, hi]; -1 when it is not one. */
static int word_number(const char *w, int lo, int hi)
{
    int v;
    const char *end = tbi_read_uint(w, &v);
    if (!end || *end || v < lo || v > hi)
        return -1;
    return v;
}

/* Reads vision numbers words[from..n) as a mask of hand positions. */
static int read_hand_mask(const msy *s, char words[][24], int from, int n,
                          unsigned *mask, char *err, size_t cap)
{
    *mask = 0;
    if (from >= n) {
        tbi_errf(err, cap, "name the vision cards by number, e.g. %d",
                 s->hand_n ? s->hand[0] + 1 : 1);
        return TB_EPARSE;
    }
    for (int w = from; w < n; w++) {
        int v = word_number(words[w], 1, MSY_VISIONS);
        int at = -1;
        for (int i = 0; v > 0 && i < s->hand_n; i++)
            if (s->hand[i] == v - 1)
                at = i;
        if (at < 0) {
            char hand[64];
            tb_text t;
            tb_text_init(&t, hand, sizeof hand);
            for (int i = 0; i < s->hand_n; i++)
                tb_text_printf(&t, " %d", s->hand[i] + 1);
            tbi_errf(err, cap, "'%s' is not a vision card in your hand "
                     "(your hand:%s)", words[w], hand);
            return TB_EPARSE;
        }
        if (*mask >> at & 1u) {
            tbi_errf(err, cap, "card %s is named twice", words[w]);
            return TB_EPARSE;
        }
        *mask |= 1u << at;
    }
    return TB_OK;
}

/* Reads a psychic number (1-based) that must be in [1, n]. */
static int read_psychic(const char *w, int n, char *err, size_t cap)
{
    int p = word_number(w, 1, n);
    if (p < 0)
        tbi_errf(err, cap, "'%s' is not a psychic: give a number from 1 to %d",
                 w, n);
    return p - 1;
}

/* A guess: a card's name ("cook").  (Not its number in the row: in the
 * sand timer numbers name psychics, as in "yes 2".) */
static int read_guess(const msy *s, const char *w, tb_action *out, char *err,
                      size_t cap)
{
    int i = tbi_msy_guesser(s);
    if (i < 0 || !tbi_msy_active(s, i)) {
        tbi_errf(err, cap, "your psychic has its whole combination: place "
                 "clairvoyance tokens (yes N, no N, take N) or type done");
        return TB_EPARSE;
    }
    int k = s->stage[i];
    int pos = -1;
    for (int p = 0; pos < 0 && p < s->suspects; p++)
        if (tbi_word_eq(card_at(s, k, p)->name, w))
            pos = p;
    if (pos < 0) {
        tbi_errf(err, cap, "'%s' is not %s %s on the table; type ? for the "
                 "cards", w, article(kind_names[k]), kind_names[k]);
        return TB_EPARSE;
    }
    if (tbi_msy_has(s->sleeved[k], pos)) {
        tbi_errf(err, cap, "%s was found already by psychic %d",
                 card_at(s, k, pos)->title, s->sleeved_by[k][pos] + 1);
        return TB_EPARSE;
    }
    if (s->guess[i] == pos) {
        tbi_errf(err, cap, "your intuition token is on %s already",
                 card_at(s, k, pos)->title);
        return TB_EPARSE;
    }
    *out = MSY_ACT(MSY_K_GUESS, pos);
    return TB_OK;
}

/* Checks that a is among the legal actions now; else a message. */
static int must_be_legal(const msy *s, tb_action a, tb_action *out, char *err,
                         size_t cap, const char *why)
{
    static _Thread_local tb_action acts[TB_MAX_ACTIONS];
    int n = tbi_msy_legal(s, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == a) {
            *out = a;
            return TB_OK;
        }
    tbi_errf(err, cap, "%s", why);
    return TB_EPARSE;
}

/* A discard: "discard V...", legal while a crow is left. */
static int read_discard(const msy *s, char words[][24], int n, tb_action *out,
                        char *err, size_t cap)
{
    unsigned mask;
    int rc = read_hand_mask(s, words, 1, n, &mask, err, cap);
    if (rc != TB_OK)
        return rc;
    return must_be_legal(s, MSY_ACT(MSY_K_DISCARD, mask), out, err, cap,
                         "no crow left: you may not discard now");
}

/* The most words a move takes: "give", a psychic and the ghost's whole
 * hand is 9; a little slack is left for stray words to be named. */
#define MAX_WORDS 12

/* What a move of the phase looks like, for an input far too long to be
 * one. */
static const char *longest_move(int phase)
{
    switch (phase) {
    case MSY_VISION:
        return "type give PSYCHIC CARDS... (at most 9 words: give, a "
               "psychic and the 7 cards of your hand) or discard CARDS...";
    case MSY_TIMER:
        return "type guess NAME, yes N, no N, take N (2 words) or done";
    case MSY_SHARED_VISION:
        return "type culprit GROUP and 3 cards (5 words), or discard "
               "CARDS...";
    case MSY_VOTE: return "type vote N (2 words)";
    default: return "no move now";
    }
}

int tbi_msy_parse_action(const void *st, const char *text, tb_action *out,
                         char *err, size_t cap)
{
    const msy *s = st;
    char w[MAX_WORDS][24];
    int n = split_words(text, w, MAX_WORDS);
    if (n == 0) {
        tbi_errf(err, cap, "type a move (? lists them)");
        return TB_EPARSE;
    }
    if (n > MAX_WORDS) {
        tbi_errf(err, cap, "%d words are too many for a move: %s", n,
                 longest_move(s->phase));
        return TB_EPARSE;
    }
    unsigned mask;
    int p, rc;
    switch (s->phase) {
    case MSY_VISION:
        if (!strcmp(w[0], "give") && n >= 2) {
            if ((p = read_psychic(w[1], s->psychics, err, cap)) < 0)
                return TB_EPARSE;
            if ((rc = read_hand_mask(s, w, 2, n, &mask, err, cap)) != TB_OK)
                return rc;
            return must_be_legal(s, MSY_ACT(MSY_K_GIVE, p << 7 | (int)mask),
                                 out, err, cap, "that psychic has had its "
                                 "vision this hour, or is done");
        }
        if (!strcmp(w[0], "skip") && n == 2) {
            if ((p = read_psychic(w[1], s->psychics, err, cap)) < 0)
                return TB_EPARSE;
            return must_be_legal(s, MSY_ACT(MSY_K_SKIP, p << 7), out, err,
                                 cap, "you skip a psychic only when your "
                                 "hand is empty");
        }
        if (!strcmp(w[0], "discard"))
            return read_discard(s, w, n, out, err, cap);
        tbi_errf(err, cap, "type give PSYCHIC CARDS... (e.g. give 1 %d) or "
                 "discard CARDS...", s->hand_n ? s->hand[0] + 1 : 1);
        return TB_EPARSE;
    case MSY_TIMER:
        if (n == 1 && (!strcmp(w[0], "done") || !strcmp(w[0], "pass")))
            return must_be_legal(s, MSY_ACT(MSY_K_DONE, 0), out, err, cap,
                                 "not now");
        if (n == 2 && (!strcmp(w[0], "yes") || !strcmp(w[0], "no") ||
                       !strcmp(w[0], "take"))) {
            if ((p = read_psychic(w[1], s->psychics, err, cap)) < 0)
                return TB_EPARSE;
            if (w[0][0] == 't')
                return must_be_legal(s, MSY_ACT(MSY_K_TAKE, p), out, err,
                                     cap, "you have no token on that "
                                     "psychic's intuition token");
            int kind = w[0][0] == 'y' ? MSY_K_YES : MSY_K_NO;
            return must_be_legal(s, MSY_ACT(kind, p), out, err, cap,
                                 "you cannot place a token there: not on "
                                 "your own intuition token, one per token, "
                                 "only while you hold tokens, and only on "
                                 "a psychic whose token is placed");
        }
        if (!strcmp(w[0], "guess") && n == 2)
            return read_guess(s, w[1], out, err, cap);
        if (n == 1)
            return read_guess(s, w[0], out, err, cap);
        tbi_errf(err, cap, "type guess NAME (your intuition token), yes N "
                 "or no N (a clairvoyance token on psychic N's), take N, "
                 "or done");
        return TB_EPARSE;
    case MSY_SHARED_VISION:
        if (!strcmp(w[0], "culprit") && n >= 2) {
            int g = word_number(w[1], 1, s->groups) - 1;
            if (g < 0) {
                tbi_errf(err, cap, "'%s' is not a group: 1 to %d", w[1],
                         s->groups);
                return TB_EPARSE;
            }
            if ((rc = read_hand_mask(s, w, 2, n, &mask, err, cap)) != TB_OK)
                return rc;
            if (__builtin_popcount(mask) != MSY_SHARED) {
                tbi_errf(err, cap, "the shared vision is exactly 3 cards");
                return TB_EPARSE;
            }
            return must_be_legal(s, MSY_ACT(MSY_K_SHARED, g << 7 | (int)mask),
                                 out, err, cap, "not now");
        }
        if (!strcmp(w[0], "discard"))
            return read_discard(s, w, n, out, err, cap);
        tbi_errf(err, cap, "type culprit GROUP CARD CARD CARD (e.g. culprit 1 "
                 "%d %d %d) or discard CARDS...", s->hand[0] + 1,
                 s->hand[1] + 1, s->hand[2] + 1);
        return TB_EPARSE;
    case MSY_VOTE: {
        const char *g = n == 2 && !strcmp(w[0], "vote") ? w[1]
                        : n == 1                          ? w[0]
                                                          : NULL;
        int v = g ? word_number(g, 1, s->groups) : -1;
        if (v < 0) {
            tbi_errf(err, cap, "type vote N, N a group from 1 to %d",
                     s->groups);
            return TB_EPARSE;
        }
        *out = MSY_ACT(MSY_K_VOTE, v - 1);
        return TB_OK;
    }
    default:
        tbi_errf(err, cap, "no move now");
        return TB_EPARSE;
    }
}

/* ------------------------------------------------------------ render */

/* The shared-vision cards seat sees, in a fixed order (sorted: the order
 * of the ones seen tells nothing more); returns how many. */
static int shared_shown(const msy *s, int seat, uint8_t *out)
{
    int n = tbi_msy_shared_seen(s, seat);
    if (seat == 0 && s->phase != MSY_OVER)
        n = s->shared_n; /* the ghost knows the three, not their order */
    memcpy(out, s->shared, (size_t)n);
    tbi_sort_u8(out, n);
    return n;
}

/* Whether seat may see psychic i's target of kind k. */
static int target_seen(const msy *s, int seat, int i, int k)
{
    return seat == 0 || s->phase == MSY_OVER || s->stage[i] > k;
}

static void render_rows(const msy *s, int seat, unsigned style, tb_text *t)
{
    const char *dim = tbi_color(style, TBI_DIM), *r = tbi_color(style,
                                                               TBI_RESET);
    for (int k = 0; k < MSY_KINDS; k++) {
        tb_text_printf(t, "  %s:\n", kind_plural[k]);
        for (int pos = 0; pos < s->suspects; pos++) {
            const msy_card *c = card_at(s, k, pos);
            int found = tbi_msy_has(s->sleeved[k], pos);
            tb_text_printf(t, "    %s%d %-11s %s: ", found ? dim : "", pos + 1,
                           c->name, c->title);
            card_words(s, seat, k, pos, t);
            if (found)
                tb_text_printf(t, "  (found by psychic %d)",
                               s->sleeved_by[k][pos] + 1);
            for (int i = 0; seat == 0 && i < s->psychics; i++)
                if (s->target[i][k] == pos && !found)
                    tb_text_printf(t, "  <- psychic %d's", i + 1);
            tb_text_printf(t, "%s\n", found ? r : "");
        }
    }
}

/* One psychic's lines: what it looks for, its track, its visions, its
 * wrong guesses and this hour's guess as seat may see it. */
static void render_psychic(const msy *s, int seat, int i, unsigned style,
                           tb_text *t)
{
    const char *b = tbi_color(style, TBI_BOLD), *r = tbi_color(style,
                                                              TBI_RESET);
    tb_text_printf(t, "  %spsychic %d%s (seat %d%s)", b, i + 1, r,
                   tbi_msy_seat_of(s, i),
                   tbi_msy_controls(s, seat, i) ? ", you" : "");
    if (!tbi_msy_active(s, i))
        tb_text_printf(t, ": done at hour %s", roman[s->done_hour[i]]);
    else
        tb_text_printf(t, ": looking for %s %s",
                       article(kind_names[s->stage[i]]),
                       kind_names[s->stage[i]]);
    if (tbi_msy_clairvoyance(s))
        tb_text_printf(t, "; track %d (%s); %d token%s", s->track[i],
                       level_names[tbi_msy_level(s, s->track[i])],
                       s->tokens[i], s->tokens[i] == 1 ? "" : "s");
    tb_text_puts(t, "\n");
    if (s->stage[i] > 0) {
        tb_text_puts(t, "    found:");
        for (int k = 0; k < s->stage[i]; k++)
            tb_text_printf(t, " %s", card_at(s, k, s->target[i][k])->title);
        tb_text_puts(t, "\n");
    }
    if (seat == 0 && tbi_msy_active(s, i)) {
        tb_text_puts(t, "    behind the screen:");
        for (int k = s->stage[i]; k < MSY_KINDS; k++)
            tb_text_printf(t, " %s", card_at(s, k, s->target[i][k])->title);
        tb_text_puts(t, "\n");
    }
    for (int c = 0; c < s->vis_n[i]; c++) {
        tb_text_printf(t, "    %s", c >= s->vis_new[i] ? b : "");
        vision_words_as(s, seat, s->vis[i][c], t);
        tb_text_printf(t, "%s%s\n", c >= s->vis_new[i] ? " (new)" : "",
                       c >= s->vis_new[i] ? r : "");
    }
    if (tbi_msy_active(s, i) && s->wrong[i][s->stage[i]]) {
        tb_text_puts(t, "    not:");
        for (int pos = 0; pos < s->suspects; pos++)
            if (tbi_msy_has(s->wrong[i][s->stage[i]], pos))
                tb_text_printf(t, " %s", card_at(s, s->stage[i], pos)->name);
        tb_text_puts(t, "\n");
    }
    if (s->guess[i] != MSY_NONE)
        tb_text_printf(t, "    intuition token on: %s%s\n",
                       card_at(s, s->stage[i], s->guess[i])->title,
                       s->phase == MSY_TIMER && (s->timer_done >> i & 1u)
                           ? " (done)"
                           : "");
    for (int j = 0; j < s->psychics; j++)
        if (s->ctok[j][i])
            tb_text_printf(t, "    psychic %d's token: %s\n", j + 1,
                           s->ctok[j][i] == 1 ? "yes" : "no");
}

/* What happened in the last hour's manifestation. */
static void render_last_hour(const msy *s, tb_text *t)
{
    if (!s->last_hour)
        return;
    tb_text_printf(t, "  hour %s:", roman[s->last_hour]);
    const char *sep = "";
    for (int i = 0; i < s->psychics; i++) {
        if (s->last_guess[i] == MSY_NONE)
            continue;
        int k = last_kind(s, i);
        tb_text_printf(t, "%s psychic %d %s %s", sep, i + 1,
                       s->last_right[i] ? "found" : "missed with",
                       card_at(s, k, s->last_guess[i])->name);
        for (int j = 0; j < s->psychics; j++)
            if (s->last_ctok[j][i])
                tb_text_printf(t, " (%s from %d)",
                               s->last_ctok[j][i] == 1 ? "yes" : "no", j + 1);
        sep = ";";
    }
    tb_text_puts(t, "\n");
}

static void render_epilogue(const msy *s, int seat, unsigned style,
                            tb_text *t)
{
    const char *b = tbi_color(style, TBI_BOLD), *r = tbi_color(style,
                                                              TBI_RESET);
    tb_text_printf(t, "  %sThe suspects' groups%s:\n", b, r);
    for (int g = 0; g < s->groups; g++) {
        tb_text_printf(t, "    group %d:", g + 1);
        for (int k = 0; k < MSY_KINDS; k++)
            tb_text_printf(t, " %s%s", card_at(s, k, s->group[g][k])->title,
                           k < MSY_KINDS - 1 ? "," : "");
        if (g >= s->psychics)
            tb_text_puts(t, " (drawn at random)");
        if (s->culprit == g && (seat == 0 || s->phase == MSY_OVER))
            tb_text_puts(t, "  <- the culprit");
        tb_text_puts(t, "\n");
    }
    uint8_t shown[MSY_SHARED];
    int n = shared_shown(s, seat, shown);
    if (s->shared_n) {
        tb_text_printf(t, "  shared vision (%d of 3 cards seen):\n", n);
        for (int c = 0; c < n; c++) {
            tb_text_puts(t, "    ");
            vision_words_as(s, seat, shown[c], t);
            tb_text_puts(t, "\n");
        }
    }
    for (int v = 1; v < s->players; v++) {
        if (s->vote[v] == MSY_NONE)
            continue;
        if (tbi_msy_vote_seen(s, seat, v))
            tb_text_printf(t, "  seat %d votes for group %d\n", v,
                           s->vote[v] + 1);
        else
            tb_text_printf(t, "  seat %d has voted (secret)\n", v);
    }
    if (s->phase == MSY_OVER)
        tb_text_printf(t, "  the psychics chose group %d; the culprit was "
                       "group %d\n", s->chosen + 1, s->culprit + 1);
}

/* The ghost's hand, for the ghost, with the printed prominences: what
 * each psychic will read in it is the ghost's to judge (no counts: a
 * psychic's perception is its own). */
static void render_hand(const msy *s, unsigned style, tb_text *t)
{
    tb_text_printf(t, "  %syour hand%s:\n", tbi_color(style, TBI_BOLD),
                   tbi_color(style, TBI_RESET));
    for (int c = 0; c < s->hand_n; c++) {
        tb_text_puts(t, "    ");
        tbi_msy_vision_words(s->hand[c], t);
        tb_text_puts(t, "\n");
    }
}

/* Whose turn it is, and to do what. */
static void render_to_move(const msy *s, tb_text *t)
{
    switch (s->phase) {
    case MSY_VISION: {
        int waiting = 0;
        for (int i = 0; i < s->psychics; i++)
            waiting += tbi_msy_active(s, i) && !s->given[i];
        tb_text_puts(t, waiting == 1 ? "  now: the ghost gives a vision to "
                                       "psychic"
                                     : "  now: the ghost gives a vision to "
                                       "one of psychics");
        const char *sep = " ";
        for (int i = 0; i < s->psychics; i++)
            if (tbi_msy_active(s, i) && !s->given[i]) {
                tb_text_printf(t, "%s%d", sep, i + 1);
                sep = ", ";
            }
        tb_text_puts(t, tbi_msy_may_discard(s) ? " (or discards)\n" : "\n");
        break;
    }
    case MSY_TIMER: {
        int i = tbi_msy_guesser(s);
        tb_text_printf(t, "  now: the sand timer runs; psychic %d (seat %d) "
                       "makes one change (", i + 1, tbi_msy_seat_of(s, i));
        if (tbi_msy_active(s, i))
            tb_text_printf(t, "guess %s %s, ", article(kind_names[s->stage[i]]),
                           kind_names[s->stage[i]]);
        if (tbi_msy_clairvoyance(s))
            tb_text_puts(t, "yes N / no N / take N, ");
        tb_text_puts(t, "or done)\n");
        break;
    }
    case MSY_SHARED_VISION:
        tb_text_puts(t, "  now: the ghost picks the culprit's group and three "
                        "cards for the shared vision\n");
        break;
    case MSY_VOTE:
        for (int v = 1; v < s->players; v++)
            if (s->vote[v] == MSY_NONE) {
                tb_text_printf(t, "  now: seat %d votes for a group%s\n", v,
                               s->players == 3 ? ", openly" : ", in secret");
                break;
            }
        break;
    default: break;
    }
}

static const char *crow_rule(const msy *s)
{
    switch (s->difficulty) {
    case MSY_EASY: return "1 a turn";
    case MSY_MEDIUM: return "3 a game";
    default: return "1 a game";
    }
}

void tbi_msy_render(const void *st, int seat, unsigned style, tb_text *t)
{
    const msy *s = st;
    static const char *const diff[] = {"easy", "medium", "hard"};
    const char *b = tbi_color(style, TBI_BOLD), *r = tbi_color(style,
                                                              TBI_RESET);
    tb_text_printf(t, "%sMysterium%s  %s, %d players, %d psychics  ", b, r,
                   diff[s->difficulty], s->players, s->psychics);
    if (s->phase == MSY_DEAL_CARDS || s->phase == MSY_DEAL_VISIONS ||
        s->phase == MSY_DEAL_PERCEPTION) {
        tb_text_puts(t, "the cards are to be dealt\n");
        return;
    }
    int epilogue = s->groups > 0;
    if (epilogue)
        tb_text_puts(t, "the epilogue");
    else
        tb_text_printf(t, "hour %s of VII", roman[s->hour]);
    tb_text_printf(t, "   crows used %d (%s)   vision pile %d, discards %d\n",
                   s->crows_used, crow_rule(s), s->deck_n, s->disc_n);
    if (s->phase == MSY_OVER)
        tb_text_printf(t, "  %sthe team %s%s\n", b,
                       s->won ? "wins: the ghost is laid to rest"
                              : "loses",
                       r);
    if (!epilogue)
        render_rows(s, seat, style, t);
    render_last_hour(s, t);
    for (int i = 0; i < s->psychics; i++)
        render_psychic(s, seat, i, style, t);
    if (epilogue)
        render_epilogue(s, seat, style, t);
    if (seat == 0 && s->phase != MSY_OVER)
        render_hand(s, style, t);
    render_to_move(s, t);
    if (s->phase == MSY_OVER && !epilogue) {
        tb_text_puts(t, "  the combinations were:\n");
        for (int i = 0; i < s->psychics; i++) {
            tb_text_printf(t, "    psychic %d:", i + 1);
            for (int k = 0; k < MSY_KINDS; k++)
                tb_text_printf(t, " %s", card_at(s, k, s->target[i][k])->title);
            tb_text_puts(t, "\n");
        }
    }
}

/* ------------------------------------------------------------ JSON */

/* A vision card: its number, its motifs and how strongly each shows as
 * seat perceives it (parallel arrays). */
static json_t *vision_json(const msy *s, int seat, int v)
{
    json_t *o = json_object(), *m = json_array(), *st = json_array();
    json_object_set_new(o, "id", json_integer(v + 1));
    for (int k = 0; k < MSY_MOTIFS; k++) {
        int p = tbi_msy_perceived(s, seat, v, k);
        if (p > 0) {
            json_array_append_new(m, json_string(tbi_msy_motif_name[k]));
            json_array_append_new(st, json_integer(p));
        }
    }
    json_object_set_new(o, "motifs", m);
    json_object_set_new(o, "strength", st);
    return o;
}

static json_t *visions_json(const msy *s, int seat, const uint8_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, vision_json(s, seat, v[i]));
    return a;
}

static json_t *card_json(const msy *s, int seat, int k, int pos)
{
    const msy_card *c = card_at(s, k, pos);
    json_t *o = json_object(), *m = json_array();
    json_object_set_new(o, "name", json_string(c->name));
    json_object_set_new(o, "title", json_string(c->title));
    for (int b = 0; b < MSY_MOTIFS; b++) {
        int a = tbi_msy_attention(eye_of(s, seat), tbi_msy_murk(s->difficulty, s->players), k,
                                  s->row[k][pos], b);
        if (a > 0)
            json_array_append_new(m, json_string(tbi_msy_motif_name[b]));
    }
    json_object_set_new(o, "motifs", m);
    if (tbi_msy_has(s->sleeved[k], pos))
        json_object_set_new(o, "found_by",
                            json_integer(s->sleeved_by[k][pos] + 1));
    return o;
}

static json_t *psychic_json(const msy *s, int seat, int i)
{
    json_t *o = json_object();
    json_object_set_new(o, "seat", json_integer(tbi_msy_seat_of(s, i)));
    json_object_set_new(o, "looking_for",
                        tbi_msy_active(s, i)
                            ? json_string(kind_names[s->stage[i]])
                            : json_null());
    json_object_set_new(o, "done_hour",
                        s->done_hour[i] ? json_integer(s->done_hour[i])
                                        : json_null());
    json_t *found = json_array(), *secret = json_array();
    for (int k = 0; k < MSY_KINDS; k++) {
        if (s->stage[i] > k)
            json_array_append_new(found,
                                  json_string(card_at(s, k,
                                                      s->target[i][k])->name));
        else if (target_seen(s, seat, i, k))
            json_array_append_new(secret,
                                  json_string(card_at(s, k,
                                                      s->target[i][k])->name));
    }
    json_object_set_new(o, "found", found);
    if (seat == 0 || s->phase == MSY_OVER)
        json_object_set_new(o, "combination_left", secret);
    else
        json_decref(secret);
    json_object_set_new(o, "visions", visions_json(s, seat, s->vis[i], s->vis_n[i]));
    json_object_set_new(o, "new_visions_from", json_integer(s->vis_new[i]));
    json_object_set_new(o, "given_this_hour", json_boolean(s->given[i]));
    json_t *wrong = json_array();
    for (int pos = 0; tbi_msy_active(s, i) && pos < s->suspects; pos++)
        if (tbi_msy_has(s->wrong[i][s->stage[i]], pos))
            json_array_append_new(wrong, json_string(card_at(s, s->stage[i],
                                                             pos)->name));
    json_object_set_new(o, "wrong_guesses", wrong);
    json_object_set_new(o, "guess",
                        s->guess[i] != MSY_NONE && tbi_msy_active(s, i)
                            ? json_string(card_at(s, s->stage[i],
                                                  s->guess[i])->name)
                            : json_null());
    if (tbi_msy_clairvoyance(s)) {
        json_object_set_new(o, "track", json_integer(s->track[i]));
        json_object_set_new(o, "level",
                            json_string(level_names[tbi_msy_level(s,
                                                                  s->track[i])]));
        json_object_set_new(o, "tokens", json_integer(s->tokens[i]));
        json_object_set_new(o, "tokens_to_come_back",
                            json_integer(s->tokens_back[i]));
        json_t *toks = json_array();
        for (int j = 0; j < s->psychics; j++)
            if (s->ctok[i][j])
                json_array_append_new(
                    toks, json_pack("{s:i,s:s}", "on", j + 1, "token",
                                    s->ctok[i][j] == 1 ? "yes" : "no"));
        json_object_set_new(o, "tokens_placed", toks);
    }
    return o;
}

static json_t *epilogue_json(const msy *s, int seat)
{
    json_t *o = json_object(), *groups = json_array();
    for (int g = 0; g < s->groups; g++) {
        json_t *grp = json_array();
        for (int k = 0; k < MSY_KINDS; k++)
            json_array_append_new(grp, json_string(card_at(s, k,
                                                           s->group[g][k])->name));
        json_array_append_new(groups, grp);
    }
    json_object_set_new(o, "groups", groups);
    uint8_t shown[MSY_SHARED];
    int n = shared_shown(s, seat, shown);
    json_object_set_new(o, "shared_vision_cards", json_integer(s->shared_n));
    json_object_set_new(o, "shared_vision_seen", visions_json(s, seat, shown, n));
    json_t *votes = json_object();
    for (int v = 1; v < s->players; v++) {
        char key[16];
        snprintf(key, sizeof key, "%d", v);
        if (s->vote[v] == MSY_NONE)
            continue;
        json_object_set_new(votes, key,
                            tbi_msy_vote_seen(s, seat, v)
                                ? json_integer(s->vote[v] + 1)
                                : json_true());
    }
    json_object_set_new(o, "votes", votes);
    if (s->culprit != MSY_NONE && (seat == 0 || s->phase == MSY_OVER))
        json_object_set_new(o, "culprit", json_integer(s->culprit + 1));
    if (s->phase == MSY_OVER)
        json_object_set_new(o, "chosen", json_integer(s->chosen + 1));
    return o;
}

json_t *tbi_msy_view_json(const void *st, int seat)
{
    const msy *s = st;
    static const char *const phase_names[] = {
        "deal", "deal", "deal", "vision", "timer", "groups",
        "shared_vision", "shared_vision", "vote", "over"};
    static const char *const diff[] = {"easy", "medium", "hard"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "difficulty", json_string(diff[s->difficulty]));
    json_object_set_new(v, "hour", json_integer(s->hour));
    json_object_set_new(v, "crows_used", json_integer(s->crows_used));
    json_object_set_new(v, "crows_this_turn", json_integer(s->crows_turn));
    json_object_set_new(v, "vision_pile", json_integer(s->deck_n));
    json_object_set_new(v, "vision_discards", json_integer(s->disc_n));
    json_object_set_new(v, "hand_size", json_integer(s->hand_n));
    json_object_set_new(v, "reshuffle_pending",
                        json_boolean(s->shuffle_pending));
    if (s->phase == MSY_DEAL_CARDS || s->phase == MSY_DEAL_VISIONS ||
        s->phase == MSY_DEAL_PERCEPTION)
        return v;
    json_t *rows = json_object();
    for (int k = 0; k < MSY_KINDS; k++) {
        json_t *row = json_array();
        for (int pos = 0; pos < s->suspects; pos++)
            json_array_append_new(row, card_json(s, seat, k, pos));
        json_object_set_new(rows, kind_names[k], row);
    }
    json_object_set_new(v, "cards", rows);
    json_t *ps = json_array();
    for (int i = 0; i < s->psychics; i++)
        json_array_append_new(ps, psychic_json(s, seat, i));
    json_object_set_new(v, "psychics", ps);
    /* The sand timer: whether it runs and the seats whose psychics have
     * all said done since the last change. */
    json_t *timer = json_object(), *done = json_array();
    int running = s->phase == MSY_TIMER;
    for (int seat_ = 1; running && seat_ < s->players; seat_++) {
        int all = 1;
        for (int i = 0; i < s->psychics; i++)
            if (tbi_msy_seat_of(s, i) == seat_ && !(s->timer_done >> i & 1u))
                all = 0;
        if (all)
            json_array_append_new(done, json_integer(seat_));
    }
    json_object_set_new(timer, "running", json_boolean(running));
    json_object_set_new(timer, "done", done);
    json_object_set_new(v, "timer", timer);
    if (s->last_hour) {
        json_t *last = json_array();
        for (int i = 0; i < s->psychics; i++) {
            if (s->last_guess[i] == MSY_NONE)
                continue;
            int k = last_kind(s, i);
            json_t *toks = json_array();
            for (int j = 0; j < s->psychics; j++)
                if (s->last_ctok[j][i])
                    json_array_append_new(
                        toks, json_pack("{s:i,s:s}", "from", j + 1, "token",
                                        s->last_ctok[j][i] == 1 ? "yes"
                                                                : "no"));
            json_array_append_new(
                last, json_pack("{s:i,s:s,s:b,s:o}", "psychic", i + 1, "guess",
                                card_at(s, k, s->last_guess[i])->name,
                                "right", s->last_right[i], "tokens", toks));
        }
        json_object_set_new(v, "last_hour", last);
    }
    if (seat == 0 && s->phase != MSY_OVER)
        json_object_set_new(v, "hand", visions_json(s, seat, s->hand, s->hand_n));
    if (s->groups)
        json_object_set_new(v, "epilogue", epilogue_json(s, seat));
    if (s->phase == MSY_OVER)
        json_object_set_new(v, "won", json_boolean(s->won));
    return v;
}

/* ------------------------------------------------------------ describe */

/* The cards of hand mask m in words as seat perceives them, "; "
 * between them. */
static void mask_words(const msy *s, int seat, unsigned m, tb_text *t)
{
    const char *sep = "";
    for (int i = 0; i < s->hand_n; i++)
        if (m >> i & 1u) {
            tb_text_puts(t, sep);
            vision_words_as(s, seat, s->hand[i], t);
            sep = "; ";
        }
}

/* What the ghost drew to refill its hand, to the ghost; the count to the
 * others. */
static void say_draw(const msy *b, const msy *s, int kept, int seat,
                     tb_text *t)
{
    int drawn = s->hand_n - kept;
    if (drawn <= 0)
        return;
    if (seat != 0) {
        tb_text_printf(t, "the ghost draws %d card%s\n", drawn,
                       drawn == 1 ? "" : "s");
        return;
    }
    tb_text_puts(t, "the ghost draws");
    for (int i = 0; i < s->hand_n; i++)
        if (!tbi_hand_has(b->hand, b->hand_n, s->hand[i]))
            tb_text_printf(t, " #%d", s->hand[i] + 1);
    tb_text_puts(t, "\n");
    (void)b;
}

/* The hour's guesses revealed, its manifestation and what the clock
 * brings: said when the last guess or token of the hour is placed. */
static void say_manifestation(const msy *s, tb_text *t)
{
    tb_text_printf(t, "the ghost manifests (hour %s):", roman[s->last_hour]);
    const char *sep = "";
    for (int i = 0; i < s->psychics; i++) {
        if (s->last_guess[i] == MSY_NONE)
            continue;
        int k = last_kind(s, i);
        tb_text_printf(t, "%s psychic %d's %s is %s", sep, i + 1,
                       card_at(s, k, s->last_guess[i])->name,
                       s->last_right[i] ? "right" : "wrong");
        sep = ";";
    }
    tb_text_puts(t, "\n");
    for (int i = 0; i < s->psychics; i++)
        if (s->last_guess[i] != MSY_NONE && s->last_right[i] &&
            !tbi_msy_active(s, i) && s->done_hour[i] == s->last_hour)
            tb_text_printf(t, "psychic %d has found a whole combination "
                           "(%d hour%s left)\n", i + 1,
                           MSY_HOURS - s->last_hour,
                           MSY_HOURS - s->last_hour == 1 ? "" : "s");
    if (s->phase == MSY_OVER)
        tb_text_puts(t, "the seventh hour is over: the team loses\n");
    else if (s->groups || s->phase == MSY_GROUPS ||
             s->phase == MSY_SHARED_VISION)
        tb_text_puts(t, "every psychic has a combination: the epilogue "
                        "begins\n");
    else
        tb_text_printf(t, "the clock strikes %s\n", roman[s->hour]);
}

/* The votes revealed and the outcome. */
static void say_votes(const msy *s, tb_text *t)
{
    tb_text_puts(t, "the votes:");
    for (int v = 1; v < s->players; v++)
        tb_text_printf(t, "%s seat %d group %d", v > 1 ? "," : "", v,
                       s->vote[v] + 1);
    tb_text_printf(t, "\nthe psychics choose group %d; the culprit is group "
                   "%d: the team %s\n", s->chosen + 1, s->culprit + 1,
                   s->won ? "wins" : "loses");
}

/* What a seat learns from luck.  The psychic cards' deal lays the
 * suspects face up for all and shows the ghost (seat 0) each psychic's
 * culprit behind the screen; the vision deck's, and any reshuffle of the
 * discards, fill the ghost's hand (its cards to the ghost, their count to
 * the others); the 2-player game's two extra groups are drawn face up;
 * the shared vision's shuffle is face down (told as made, its cards
 * unnamed). */
void tbi_msy_describe_chance(const void *vb, const uint16_t *outcome, int n,
                             const void *va, int seat, tb_text *t)
{
    const msy *b = vb, *s = va;
    (void)outcome;
    (void)n;
    if (b->shuffle_pending) {
        tb_text_printf(t, "the %d vision discards are shuffled into a new "
                       "pile\n", b->disc_n);
        say_draw(b, s, b->hand_n, seat, t);
        return;
    }
    switch (b->phase) {
    case MSY_DEAL_CARDS:
        tb_text_puts(t, "the suspects are laid out:");
        for (int k = 0; k < MSY_KINDS; k++) {
            tb_text_printf(t, "%s %s", k ? ";" : "", kind_plural[k]);
            for (int pos = 0; pos < s->suspects; pos++)
                tb_text_printf(t, "%s %s", pos ? "," : "",
                               card_at(s, k, pos)->name);
        }
        tb_text_puts(t, "\n");
        if (seat != 0)
            break;
        for (int i = 0; i < s->psychics; i++) {
            tb_text_printf(t, "behind the screen, psychic %d's:", i + 1);
            for (int k = 0; k < MSY_KINDS; k++)
                tb_text_printf(t, "%s %s", k ? "," : "",
                               card_at(s, k, s->target[i][k])->title);
            tb_text_puts(t, "\n");
        }
        break;
    case MSY_DEAL_VISIONS:
        say_draw(b, s, 0, seat, t);
        break;
    case MSY_DEAL_PERCEPTION: {
        /* A seat learns its own perception: the motifs it sees more
         * strongly or more faintly than printed. */
        int p = s->perceived_n;
        if (seat != p) {
            tb_text_printf(t, "seat %d's eyes are dealt (secret)\n", p);
            break;
        }
        tb_text_puts(t, "your eyes: you see more strongly");
        for (int m = 0; m < MSY_MOTIFS; m++) {
            int shift = tbi_msy_shift_of_rank(s->difficulty, s->percept[p][m]);
            if (shift > 0)
                tb_text_printf(t, " %s%s", tbi_msy_motif_name[m],
                               shift > 1 ? "++" : "+");
        }
        tb_text_puts(t, "; more faintly");
        for (int m = 0; m < MSY_MOTIFS; m++) {
            int shift = tbi_msy_shift_of_rank(s->difficulty, s->percept[p][m]);
            if (shift < 0)
                tb_text_printf(t, " %s%s", tbi_msy_motif_name[m],
                               shift < -1 ? "--" : "-");
        }
        tb_text_puts(t, "\n");
        break;
    }
    case MSY_GROUPS:
        for (int g = s->psychics; g < s->groups; g++) {
            tb_text_printf(t, "group %d is drawn at random:", g + 1);
            for (int k = 0; k < MSY_KINDS; k++)
                tb_text_printf(t, "%s %s", k ? "," : "",
                               card_at(s, k, s->group[g][k])->title);
            tb_text_puts(t, "\n");
        }
        break;
    default:
        tb_text_puts(t, "the shared vision's three cards are shuffled face "
                        "down\n");
        break;
    }
}

void tbi_msy_describe(const void *vb, tb_action a, const void *va, int seat,
                      tb_text *t)
{
    const msy *b = vb, *s = va;
    unsigned arg = a & 0xfffu;
    int mover = (int)arg; /* the psychic in yes/no/take */
    switch (MSY_A_KIND(a)) {
    case MSY_K_GIVE: {
        unsigned m = arg & 0x7fu;
        tb_text_printf(t, "the ghost gives psychic %u a vision: ",
                       (arg >> 7) + 1);
        mask_words(b, seat, m, t);
        tb_text_puts(t, "\n");
        say_draw(b, s, b->hand_n - __builtin_popcount(m), seat, t);
        if (s->phase == MSY_TIMER)
            tb_text_puts(t, "every psychic has a vision: the sand timer "
                            "runs\n");
        break;
    }
    case MSY_K_SKIP:
        tb_text_printf(t, "the ghost has no card left to give psychic %u\n",
                       (arg >> 7) + 1);
        if (s->phase == MSY_TIMER)
            tb_text_puts(t, "the sand timer runs\n");
        break;
    case MSY_K_DISCARD: {
        int n = __builtin_popcount(arg);
        if (seat == 0) {
            tb_text_puts(t, "the ghost discards");
            mask_numbers(b, arg, t);
            tb_text_puts(t, " (a crow)\n");
        } else {
            tb_text_printf(t, "the ghost discards %d card%s (a crow)\n", n,
                           n == 1 ? "" : "s");
        }
        say_draw(b, s, b->hand_n - n, seat, t);
        break;
    }
    case MSY_K_GUESS: {
        int i = tbi_msy_guesser(b), k = b->stage[i];
        if (b->guess[i] == MSY_NONE)
            tb_text_printf(t, "psychic %d puts its intuition token on %s\n",
                           i + 1, card_at(b, k, (int)arg)->title);
        else
            tb_text_printf(t, "psychic %d moves its intuition token from %s "
                           "to %s\n", i + 1,
                           card_at(b, k, b->guess[i])->title,
                           card_at(b, k, (int)arg)->title);
        for (int j = 0; j < b->psychics; j++)
            if (b->ctok[j][i])
                tb_text_printf(t, "psychic %d's '%s' token goes back to it\n",
                               j + 1, b->ctok[j][i] == 1 ? "yes" : "no");
        break;
    }
    case MSY_K_YES:
    case MSY_K_NO:
        tb_text_printf(t, "psychic %d puts a '%s' token on psychic %d's "
                       "intuition token\n", tbi_msy_guesser(b) + 1,
                       MSY_A_KIND(a) == MSY_K_YES ? "yes" : "no", mover + 1);
        break;
    case MSY_K_TAKE:
        tb_text_printf(t, "psychic %d takes back its token from psychic %d's "
                       "intuition token\n", tbi_msy_guesser(b) + 1,
                       mover + 1);
        break;
    case MSY_K_DONE:
        tb_text_printf(t, "psychic %d is done\n", tbi_msy_guesser(b) + 1);
        break;
    case MSY_K_SHARED:
        if (seat == 0) {
            tb_text_printf(t, "the ghost makes the shared vision for group "
                           "%u: ", (arg >> 7) + 1);
            mask_words(b, seat, arg & 0x7fu, t);
            tb_text_puts(t, "\n");
        } else if (!tbi_msy_clairvoyance(b)) {
            tb_text_puts(t, "the ghost makes the shared vision, face up: ");
            uint8_t sorted[MSY_SHARED];
            memcpy(sorted, s->shared, MSY_SHARED);
            tbi_sort_u8(sorted, MSY_SHARED);
            for (int c = 0; c < MSY_SHARED; c++) {
                tb_text_puts(t, c ? "; " : "");
                vision_words_as(s, seat, sorted[c], t);
            }
            tb_text_puts(t, "\n");
        } else {
            tb_text_puts(t, "the ghost makes the shared vision: three cards "
                            "face down\n");
        }
        break;
    case MSY_K_VOTE: {
        int v = 1;
        while (v < b->players && b->vote[v] != MSY_NONE)
            v++;
        if (tbi_msy_vote_seen(b, seat, v))
            tb_text_printf(t, "seat %d votes for group %u\n", v, arg + 1);
        else
            tb_text_printf(t, "seat %d votes in secret\n", v);
        if (s->phase == MSY_OVER)
            say_votes(s, t);
        break;
    }
    default: break;
    }
    if (b->phase == MSY_TIMER && (s->phase != MSY_TIMER || s->hour != b->hour))
        say_manifestation(s, t);
}
