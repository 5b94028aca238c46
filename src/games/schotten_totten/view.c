/*
 * view.c - how people read and write Schotten Totten: the card and action
 * notation (text and parsing with helpful errors), the terminal drawing of
 * the border, and the JSON view.  Every view shows only what its seat may
 * see: its own hand, the backs of the other hand (how many clan and tactic
 * cards), the deck positions it filled itself with the Recruiter, and the
 * opponent's cards it knows because it had put them there.
 */
#include "stt.h"

#include <ctype.h>
#include <string.h>

static const char *const tactic_names[STT_TAC_N + 1] = {
    "", "joker", "joker", "spy", "shield", "bluff", "mud",
    "recruiter", "strategist", "banshee", "traitor"};

static const char *const tactic_titles[STT_TAC_N + 1] = {
    "", "Joker", "Joker", "Spy", "Shield Bearer", "Blind Man's Bluff",
    "Mud Fight", "Recruiter", "Strategist", "Banshee", "Traitor"};

void stt_card_name(int card, char *buf, size_t cap)
{
    if (stt_is_tactic(card))
        snprintf(buf, cap, "%s", tactic_names[card]);
    else
        snprintf(buf, cap, "%d", card);
}

void stt_action_text(const void *st, tb_action a, char *buf, size_t cap)
{
    (void)st;
    char name[16];
    if (a == STT_A_PASS) {
        snprintf(buf, cap, "pass");
    } else if (a == STT_A_CLAN || a == STT_A_TACTIC) {
        snprintf(buf, cap, "%s", a == STT_A_CLAN ? "clan" : "tactic");
    } else if (a >= STT_A_DEST) {
        if (a == STT_A_DEST)
            snprintf(buf, cap, "discard");
        else
            snprintf(buf, cap, "@%u", a - STT_A_DEST);
    } else if (a >= STT_A_PICK) {
        stt_card_name((int)(a - STT_A_PICK), buf, cap);
    } else {
        stt_card_name((int)(a / 16), name, sizeof name);
        if (a % 16)
            snprintf(buf, cap, "%s@%u", name, a % 16);
        else
            snprintf(buf, cap, "%s", name);
    }
}

/* ------------------------------------------------------------ parsing */

/* Reads a card: a clan number (11-69), a tactic number (1-10) or a tactic
 * name or its unambiguous start ("rec", "sh").  Returns the position after
 * it, or NULL. */
static const char *read_card(const char *t, int *card)
{
    t = tbi_skip_space(t);
    if (isdigit((unsigned char)*t))
        return tbi_read_uint(t, card);
    char word[16];
    size_t n = 0;
    while ((isalpha((unsigned char)t[n]) || t[n] == '\'' || t[n] == '-') &&
           n < sizeof word - 1) {
        word[n] = (char)tolower((unsigned char)t[n]);
        n++;
    }
    word[n] = '\0';
    if (n < 2)
        return NULL;
    static const struct {
        const char *name;
        int card;
    } names[] = {{"joker", 1}, {"spy", 3}, {"shield", 4}, {"shield-bearer", 4},
                 {"bluff", 5}, {"blind", 5}, {"mud", 6}, {"recruiter", 7},
                 {"strategist", 8}, {"banshee", 9}, {"traitor", 10}};
    int found = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strncmp(names[i].name, word, n) != 0)
            continue;
        if (found && found != names[i].card)
            return NULL; /* "s" could be spy, shield or strategist */
        found = names[i].card;
    }
    if (!found)
        return NULL;
    *card = found;
    return t + n;
}

/* Whether action a is legal now. */
static int is_legal(const stt_state *s, tb_action a)
{
    tb_action buf[TB_MAX_ACTIONS];
    int n = stt_legal(s, buf);
    for (int i = 0; i < n; i++)
        if (buf[i] == a)
            return 1;
    return 0;
}

/* A Joker typed by name or number is whichever Joker the list offers. */
static tb_action joker_variant(const stt_state *s, tb_action a, tb_action other)
{
    return is_legal(s, a) ? a : is_legal(s, other) ? other : a;
}

/* Says why playing card to stone k (-1: no stone given) is not legal. */
static void explain_play(const stt_state *s, int card, int k, char *err,
                         size_t cap)
{
    int p = s->turn;
    char name[16];
    stt_card_name(card, name, sizeof name);
    int held = tbi_hand_has(s->hand[p], s->hand_n[p], (uint8_t)card) ||
               (stt_is_joker(card) &&
                (tbi_hand_has(s->hand[p], s->hand_n[p], STT_JOKER1) ||
                 tbi_hand_has(s->hand[p], s->hand_n[p], STT_JOKER2)));
    int tp = s->tac_played[p], to = s->tac_played[1 - p];
    if (!stt_is_clan(card) && !stt_is_tactic(card))
        tbi_errf(err, cap, "there is no card %s: clan cards are 11-69 (colour "
                 "= tens digit, strength = units digit, 1-9)", name);
    else if (!held)
        tbi_errf(err, cap, "%s is not in your hand", name);
    else if (stt_is_tactic(card) && !stt_may_play_tactic(s, p))
        tbi_errf(err, cap, "you may not play a tactic card now: you have "
                 "played %d, your opponent %d", tp, to);
    else if (stt_is_joker(card) && stt_has_joker_on_side(s, p))
        tbi_errf(err, cap, "you already have a Joker on your side");
    else if (stt_is_tactic(card) && card >= STT_RECRUITER)
        tbi_errf(err, cap, "the %s has nothing to act on now",
                 tactic_titles[card]);
    else if (k < 0)
        tbi_errf(err, cap, "say where: %s@STONE, stone 1-9", name);
    else if (k >= STT_STONES)
        tbi_errf(err, cap, "the stones are 1 to 9");
    else if (s->owner[k])
        tbi_errf(err, cap, "stone %d is already claimed", k + 1);
    else
        tbi_errf(err, cap, "your side of stone %d is full", k + 1);
}

/* What the seat to move may type at its play, naming only what exists
 * in this game and is legal now: CARD@STONE (with a Joker's example only
 * with Tactics), the ruses it could play, or pass when nothing else. */
static void play_hint(const stt_state *s, char *buf, size_t cap)
{
    tb_action acts[TB_MAX_ACTIONS];
    int n = stt_legal(s, acts), placed = 0;
    char ruses[96] = "";
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        if (acts[i] == STT_A_PASS)
            continue;
        if (acts[i] % 16) {
            placed = 1;
            continue;
        }
        int card = (int)(acts[i] / 16);
        len += (size_t)snprintf(ruses + len, sizeof ruses - len, "%s%s",
                                len ? ", " : "", tactic_names[card]);
    }
    if (n == 1 && acts[0] == STT_A_PASS)
        snprintf(buf, cap, "no card can be played now: pass");
    else if (!placed)
        snprintf(buf, cap, "play a ruse: %s", ruses);
    else
        snprintf(buf, cap, "play a card as CARD@STONE (e.g. %s)%s%s",
                 s->tactics ? "35@4 or joker@2" : "35@4: card 35 to stone 4",
                 len ? ", or a ruse: " : "", ruses);
}

static int parse_play(const stt_state *s, const char *t, tb_action *out,
                      char *err, size_t cap)
{
    if (tbi_word_eq(t, "pass")) {
        *out = STT_A_PASS;
        if (is_legal(s, STT_A_PASS))
            return TB_OK;
        tbi_errf(err, cap, "you may pass only when no card can be played");
        return TB_EPARSE;
    }
    int card, k = 0;
    const char *rest = read_card(t, &card);
    if (!rest) {
        char hint[160];
        play_hint(s, hint, sizeof hint);
        tbi_errf(err, cap, "%s", hint);
        return TB_EPARSE;
    }
    rest = tbi_skip_space(rest);
    if (*rest == '@')
        rest = tbi_skip_space(rest + 1);
    if (*rest && (!(rest = tbi_read_uint(rest, &k)) || *tbi_skip_space(rest) ||
                  k < 1)) {
        tbi_errf(err, cap, "type CARD@STONE with a stone from 1 to 9");
        return TB_EPARSE;
    }
    if (!stt_is_clan(card) && !stt_is_tactic(card)) {
        explain_play(s, card, -1, err, cap);
        return TB_EPARSE;
    }
    if (stt_is_tactic(card) && card >= STT_RECRUITER) {
        if (k) {
            tbi_errf(err, cap, "a ruse goes to no stone: type just %s",
                     tactic_names[card]);
            return TB_EPARSE;
        }
        *out = (tb_action)(card * 16);
    } else if (k < 1 || k > STT_STONES) {
        explain_play(s, card, k ? STT_STONES : -1, err, cap);
        return TB_EPARSE;
    } else if (stt_is_joker(card)) {
        *out = joker_variant(s, stt_play_action(STT_JOKER1, k - 1),
                             stt_play_action(STT_JOKER2, k - 1));
    } else {
        *out = stt_play_action(card, k - 1);
    }
    if (is_legal(s, *out))
        return TB_OK;
    explain_play(s, card, k ? k - 1 : -1, err, cap);
    return TB_EPARSE;
}

/* The prompt of a sub-step, for error messages. */
static const char *pick_prompt(const stt_state *s)
{
    switch (s->phase) {
    case STT_PH_RECRUIT_RETURN:
        return "Recruiter: name a card of your hand to put under its deck";
    case STT_PH_STRAT_PICK:
        return "Strategist: name one of your cards on an unclaimed stone";
    case STT_PH_BANSHEE:
        return "Banshee: name an opponent card on an unclaimed stone";
    default:
        return "Traitor: name an opponent clan card on an unclaimed stone";
    }
}

static int parse_pick(const stt_state *s, const char *t, tb_action *out,
                      char *err, size_t cap)
{
    int card;
    const char *rest = read_card(t, &card);
    if (!rest || *tbi_skip_space(rest) ||
        (!stt_is_clan(card) && !stt_is_tactic(card))) {
        tbi_errf(err, cap, "%s", pick_prompt(s));
        return TB_EPARSE;
    }
    *out = STT_A_PICK + (tb_action)card;
    if (stt_is_joker(card))
        *out = joker_variant(s, STT_A_PICK + STT_JOKER1, STT_A_PICK + STT_JOKER2);
    if (is_legal(s, *out))
        return TB_OK;
    char name[16];
    stt_card_name(card, name, sizeof name);
    tbi_errf(err, cap, "%s cannot be chosen. %s", name, pick_prompt(s));
    return TB_EPARSE;
}

static int parse_dest(const stt_state *s, const char *t, tb_action *out,
                      char *err, size_t cap)
{
    int k;
    const char *hint = s->phase == STT_PH_STRAT_DEST
                           ? "type @STONE (another unclaimed stone with room "
                             "on your side) or discard"
                           : "type @STONE: an unclaimed stone with room on "
                             "your side";
    if (tbi_word_eq(t, "discard") || tbi_word_eq(t, "d")) {
        *out = STT_A_DEST;
    } else {
        if (*t == '@')
            t++;
        const char *rest = tbi_read_uint(tbi_skip_space(t), &k);
        if (!rest || *tbi_skip_space(rest) || k < 1 || k > STT_STONES) {
            tbi_errf(err, cap, "%s", hint);
            return TB_EPARSE;
        }
        *out = STT_A_DEST + (tb_action)k;
    }
    if (is_legal(s, *out))
        return TB_OK;
    tbi_errf(err, cap, "not there: %s", hint);
    return TB_EPARSE;
}

static int parse_deck(const stt_state *s, const char *t, tb_action *out,
                      char *err, size_t cap)
{
    (void)s;
    if (tbi_word_eq(t, "clan") || tbi_word_eq(t, "c")) {
        *out = STT_A_CLAN;
        return TB_OK;
    }
    if (tbi_word_eq(t, "tactic") || tbi_word_eq(t, "t")) {
        *out = STT_A_TACTIC;
        return TB_OK;
    }
    tbi_errf(err, cap, "draw from which deck? type clan or tactic");
    return TB_EPARSE;
}

int stt_parse_action(const void *st, const char *text, tb_action *out,
                     char *err, size_t cap)
{
    const stt_state *s = st;
    char t[TB_ACTION_TEXT];
    snprintf(t, sizeof t, "%s", tbi_skip_space(text));
    for (size_t n = strlen(t); n > 0 && isspace((unsigned char)t[n - 1]); n--)
        t[n - 1] = '\0';
    switch (s->phase) {
    case STT_PH_PLAY:
        return parse_play(s, t, out, err, cap);
    case STT_PH_DRAW:
    case STT_PH_RECRUIT_DRAW:
        return parse_deck(s, t, out, err, cap);
    case STT_PH_STRAT_DEST:
    case STT_PH_TRAITOR_DEST:
        return parse_dest(s, t, out, err, cap);
    case STT_PH_RECRUIT_RETURN:
    case STT_PH_STRAT_PICK:
    case STT_PH_BANSHEE:
    case STT_PH_TRAITOR_PICK:
        return parse_pick(s, t, out, err, cap);
    default:
        tbi_errf(err, cap, "no decision is due");
        return TB_EPARSE;
    }
}

/* ------------------------------------------------------------ drawing */

static const char *colour_code(int card)
{
    static const char *const codes[] = {TBI_RESET, TBI_RED, TBI_YELLOW,
                                        TBI_GREEN, TBI_BLUE, TBI_MAGENTA,
                                        TBI_CYAN};
    return stt_is_clan(card) ? codes[stt_colour(card)] : TBI_BOLD;
}

/* Appends the cards of a list, coloured by clan colour, to a line; returns
 * the printed width (without colour codes). */
static int put_cards(tb_text *t, unsigned style, const uint8_t *cards, int n)
{
    int width = 0;
    for (int i = 0; i < n; i++) {
        char name[16];
        stt_card_name(cards[i], name, sizeof name);
        tb_text_printf(t, "%s%s%s%s", i ? " " : "",
                       tbi_color(style, colour_code(cards[i])), name,
                       tbi_color(style, TBI_RESET));
        width += (int)strlen(name) + (i ? 1 : 0);
    }
    return width;
}

/* The width put_cards will print. */
static int cards_width(const uint8_t *cards, int n)
{
    int width = 0;
    for (int i = 0; i < n; i++) {
        char name[16];
        stt_card_name(cards[i], name, sizeof name);
        width += (int)strlen(name) + (i ? 1 : 0);
    }
    return width;
}

/* A side's formation, when complete: "colour run 12". */
static void formation_note(const stt_state *s, int k, int p, char *buf,
                           size_t cap)
{
    buf[0] = '\0';
    int need = stt_need(s, k);
    if (s->side_n[k][p] < need)
        return;
    int v = stt_best_value(s->side[k][p], s->side_n[k][p], need, NULL,
                           s->bluff[k]);
    snprintf(buf, cap, "(%s %d)", stt_rank_name(v, need), v % 100);
}

static void render_stone(const stt_state *s, int k, unsigned style,
                         tb_text *t)
{
    char note0[32], note1[32];
    formation_note(s, k, 0, note0, sizeof note0);
    formation_note(s, k, 1, note1, sizeof note1);
    int w = cards_width(s->side[k][0], s->side_n[k][0]) +
            (note0[0] ? (int)strlen(note0) + 1 : 0);
    tb_text_printf(t, "  %*s", w < 40 ? 40 - w : 0, "");
    if (note0[0])
        tb_text_printf(t, "%s ", note0);
    put_cards(t, style, s->side[k][0], s->side_n[k][0]);
    const char *mark0 = s->owner[k] == 1 ? "<" : " ";
    const char *mark1 = s->owner[k] == 2 ? ">" : " ";
    tb_text_printf(t, "  %s%s[%d]%s%s  ", tbi_color(style, TBI_BOLD), mark0,
                   k + 1, mark1, tbi_color(style, TBI_RESET));
    put_cards(t, style, s->side[k][1], s->side_n[k][1]);
    if (note1[0])
        tb_text_printf(t, " %s", note1);
    if (s->mud[k] || s->bluff[k] || s->claim_kind[k] == STT_CLAIM_PROOF)
        tb_text_printf(t, "   %s%s%s%s%s", tbi_color(style, TBI_DIM),
                       s->mud[k] ? " {mud: 4 cards}" : "",
                       s->bluff[k] ? " {bluff: sums only}" : "",
                       s->claim_kind[k] == STT_CLAIM_PROOF ? " {claimed by proof}"
                                                           : "",
                       tbi_color(style, TBI_RESET));
    tb_text_puts(t, "\n");
}

static int hand_tactics(const stt_state *s, int p)
{
    int n = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        n += stt_is_tactic(s->hand[p][i]);
    return n;
}

/* The cards of p's hand that `seat` (p's opponent) knows. */
static int known_cards(const stt_state *s, int p, uint8_t *out)
{
    int n = 0;
    for (int i = 0; i < s->hand_n[p]; i++)
        if (tbi_set_has(&s->known[p], s->hand[p][i]))
            out[n++] = s->hand[p][i];
    return n;
}

/* What the seat to move is asked, in words. */
static const char *prompt(const stt_state *s)
{
    switch (s->phase) {
    case STT_PH_PLAY: return NULL; /* play_hint says it */
    case STT_PH_DRAW: return "draw from the clan or the tactic deck";
    case STT_PH_RECRUIT_DRAW:
        return "Recruiter: draw from the clan or the tactic deck";
    case STT_PH_STRAT_DEST:
        return "Strategist: move it to @STONE, or discard";
    case STT_PH_TRAITOR_DEST: return "Traitor: place it at @STONE on your side";
    default: return pick_prompt(s);
    }
}

void stt_render(const void *st, int seat, unsigned style, tb_text *t)
{
    const stt_state *s = st;
    tb_text_printf(t, "%sSchotten Totten%s%s  turn %d", tbi_color(style, TBI_BOLD),
                   s->tactics ? " (Tactics)" : "", tbi_color(style, TBI_RESET),
                   s->turns + 1);
    if (s->phase == STT_PH_OVER)
        tb_text_printf(t, ", game over: %s\n",
                       s->res == STT_RES_DRAW ? "a draw"
                       : s->res == STT_RES_WIN0 ? "seat 0 wins" : "seat 1 wins");
    else if (s->phase >= STT_PH_PLAY)
        tb_text_printf(t, ", seat %d to act\n", s->turn);
    else
        tb_text_puts(t, ", shuffling\n");
    tb_text_printf(t, "  %40s  stone  %s\n", "seat 0", "seat 1");
    int claimed = 0, formed = 0;
    for (int k = 0; k < STT_STONES; k++) {
        render_stone(s, k, style, t);
        claimed |= s->owner[k] != 0;
        for (int p = 0; p < 2; p++)
            formed |= s->side_n[k][p] >= stt_need(s, k);
    }
    if (claimed)
        tb_text_puts(t, "  <[n]: seat 0 holds stone n;  [n]>: seat 1 holds "
                        "it\n");
    if (formed)
        tb_text_puts(t, "  (run 15): a complete side's formation and strength "
                        "sum. Best first: colour\n  run, three of a kind, "
                        "colour, run, sum; then higher sum; then first "
                        "complete\n");
    tb_text_printf(t, "  decks: clan %d", s->clan_n);
    if (s->tactics)
        tb_text_printf(t, ", tactic %d;  tactics played: seat 0 %d, seat 1 %d",
                       s->tac_n, s->tac_played[0], s->tac_played[1]);
    tb_text_puts(t, "\n");
    if (s->discard_n) {
        tb_text_puts(t, "  discarded: ");
        put_cards(t, style, s->discard, s->discard_n);
        tb_text_puts(t, "\n");
    }
    for (int p = 0; p < 2; p++) {
        int tac = hand_tactics(s, p);
        tb_text_printf(t, "  seat %d%s holds %d card%s", p,
                       p == seat ? " (you)" : "", s->hand_n[p],
                       s->hand_n[p] == 1 ? "" : "s");
        if (s->tactics)
            tb_text_printf(t, " (%d clan, %d tactic)", s->hand_n[p] - tac, tac);
        if (p == seat) {
            tb_text_puts(t, ": ");
            put_cards(t, style, s->hand[p], s->hand_n[p]);
        } else if (seat >= 0) {
            uint8_t k[STT_HAND_MAX];
            int n = known_cards(s, p, k);
            if (n) {
                tb_text_puts(t, "; you know it holds ");
                put_cards(t, style, k, n);
            }
        }
        tb_text_puts(t, "\n");
    }
    if (s->phase >= STT_PH_PLAY && s->phase < STT_PH_OVER) {
        char hint[160];
        const char *ask = prompt(s);
        if (!ask && seat == s->turn) {
            play_hint(s, hint, sizeof hint); /* from its hand: its own eyes */
            ask = hint;
        } else if (!ask) {
            ask = "to play a card";
        }
        tb_text_printf(t, "  seat %d: %s", s->turn, ask);
        if (s->phase == STT_PH_STRAT_DEST || s->phase == STT_PH_TRAITOR_DEST) {
            char name[16];
            stt_card_name(s->sel_card, name, sizeof name);
            tb_text_printf(t, " (moving %s from stone %d)", name,
                           s->sel_stone + 1);
        }
        tb_text_puts(t, "\n");
    }
}

/* ------------------------------------------------------------ JSON */

static const char *const phase_names[] = {
    "shuffle-clan", "shuffle-tactic", "play", "recruiter-draw",
    "recruiter-return", "strategist-pick", "strategist-destination",
    "banshee", "traitor-pick", "traitor-destination", "draw", "over"};

static json_t *stone_json(const stt_state *s, int k)
{
    json_t *o = json_object();
    json_object_set_new(o, "stone", json_integer(k + 1));
    json_t *sides = json_array();
    for (int p = 0; p < 2; p++)
        json_array_append_new(sides,
                              tbi_json_int_array(s->side[k][p], s->side_n[k][p]));
    json_object_set_new(o, "sides", sides);
    json_object_set_new(o, "need", json_integer(stt_need(s, k)));
    json_object_set_new(o, "owner", s->owner[k] ? json_integer(s->owner[k] - 1)
                                                : json_null());
    if (s->owner[k])
        json_object_set_new(o, "by_proof",
                            json_boolean(s->claim_kind[k] == STT_CLAIM_PROOF));
    json_object_set_new(o, "mud", json_boolean(s->mud[k]));
    json_object_set_new(o, "bluff", json_boolean(s->bluff[k]));
    return o;
}

/* The deck positions `seat` filled itself, counted from the bottom. */
static json_t *known_bottom(const uint8_t *deck, const uint8_t *known, int n,
                            int seat)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        if ((known[i] >> seat) & 1) {
            json_t *pair = json_array();
            json_array_append_new(pair, json_integer(i));
            json_array_append_new(pair, json_integer(deck[i]));
            json_array_append_new(a, pair);
        }
    return a;
}

json_t *stt_view_json(const void *st, int seat)
{
    const stt_state *s = st;
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "tactics", json_boolean(s->tactics));
    json_object_set_new(v, "turn", json_integer(s->turns + 1));
    json_object_set_new(v, "to_move", json_integer(s->turn));
    json_t *stones = json_array();
    for (int k = 0; k < STT_STONES; k++)
        json_array_append_new(stones, stone_json(s, k));
    json_object_set_new(v, "stones", stones);
    json_object_set_new(v, "clan_deck", json_integer(s->clan_n));
    json_object_set_new(v, "tactic_deck", json_integer(s->tac_n));
    json_object_set_new(v, "discard", tbi_json_int_array(s->discard, s->discard_n));
    json_object_set_new(v, "tactics_played", tbi_json_int_array(s->tac_played, 2));
    if (s->phase == STT_PH_STRAT_DEST || s->phase == STT_PH_TRAITOR_DEST) {
        json_object_set_new(v, "moving", json_integer(s->sel_card));
        json_object_set_new(v, "moving_from", json_integer(s->sel_stone + 1));
    }
    if (s->phase == STT_PH_RECRUIT_DRAW || s->phase == STT_PH_RECRUIT_RETURN)
        json_object_set_new(v, "pending", json_integer(s->pending));
    json_t *seats = json_array();
    for (int p = 0; p < 2; p++) {
        json_t *o = json_object();
        int tac = hand_tactics(s, p);
        json_object_set_new(o, "hand_clan", json_integer(s->hand_n[p] - tac));
        json_object_set_new(o, "hand_tactic", json_integer(tac));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (seat >= 0 && seat < 2) {
        uint8_t k[STT_HAND_MAX];
        json_object_set_new(v, "hand",
                            tbi_json_int_array(s->hand[seat], s->hand_n[seat]));
        int n = known_cards(s, 1 - seat, k);
        json_object_set_new(v, "opponent_known", tbi_json_int_array(k, n));
        n = known_cards(s, seat, k);
        json_object_set_new(v, "known_to_opponent", tbi_json_int_array(k, n));
        json_object_set_new(v, "clan_bottom_known",
                            known_bottom(s->clan, s->clan_known, s->clan_n, seat));
        json_object_set_new(v, "tactic_bottom_known",
                            known_bottom(s->tac, s->tac_known, s->tac_n, seat));
    }
    if (s->phase == STT_PH_OVER)
        json_object_set_new(v, "winner", s->res == STT_RES_DRAW
                                             ? json_null()
                                             : json_integer(s->res - 1));
    return v;
}

/* ------------------------------------------------------------ describe */

/* A card as a sentence names it: a clan card by number, a tactic card by
 * its title with "the" ("the Joker"). */
static void card_words(int card, char *buf, size_t cap)
{
    if (stt_is_tactic(card))
        snprintf(buf, cap, "the %s", tactic_titles[card]);
    else
        snprintf(buf, cap, "%d", card);
}

/* A formation's value in words: "colour run (sum 24)", or "sum 18" when
 * only the sum counts. */
static void value_words(int value, int need, char *buf, size_t cap)
{
    if (value / 100 == STT_SUM)
        snprintf(buf, cap, "sum of %d", value % 100);
    else
        snprintf(buf, cap, "%s (sum %d)", stt_rank_name(value, need),
                 value % 100);
}

/* The line for a stone that seat p claimed in `s`: why it was its due,
 * from what both seats see (a proof names no unseen card). */
static void say_claim(const stt_state *s, int k, int p, tb_text *t)
{
    int need = stt_need(s, k), sum_only = s->bluff[k];
    char mine[48], theirs[48];
    int v = stt_best_value(s->side[k][p], s->side_n[k][p], need, NULL,
                           sum_only);
    value_words(v, need, mine, sizeof mine);
    if (s->claim_kind[k] == STT_CLAIM_PROOF) {
        tb_text_printf(t, "seat %d claims stone %d by proof: no cards it "
                       "has not seen can complete seat %d's side to beat its "
                       "%s\n", p, k + 1, 1 - p, mine);
        return;
    }
    int w = stt_best_value(s->side[k][1 - p], s->side_n[k][1 - p], need, NULL,
                           sum_only);
    value_words(w, need, theirs, sizeof theirs);
    if (v > w)
        tb_text_printf(t, "seat %d claims stone %d: its %s beats seat %d's %s",
                       p, k + 1, mine, 1 - p, theirs);
    else
        tb_text_printf(t, "seat %d claims stone %d: its %s ties seat %d's %s, "
                       "and it completed its side first", p, k + 1, mine,
                       1 - p, theirs);
    tb_text_puts(t, sum_only ? " (Blind Man's Bluff: only sums count)\n"
                             : "\n");
}

/* The end of the game in `s`: who won and how. */
static void say_end(const stt_state *s, tb_text *t)
{
    int held[2] = {0, 0}, run[2] = {0, 0}, best[2] = {0, 0};
    for (int k = 0; k < STT_STONES; k++)
        for (int q = 0; q < 2; q++) {
            int mine = s->owner[k] == q + 1;
            held[q] += mine;
            run[q] = mine ? run[q] + 1 : 0;
            if (run[q] > best[q])
                best[q] = run[q];
        }
    if (s->res == STT_RES_DRAW) {
        tb_text_printf(t, "neither seat can play or draw: the game ends in a "
                       "draw, %d stones each\n", held[0]);
        return;
    }
    int w = s->res == STT_RES_WIN0 ? 0 : 1;
    if (best[w] >= 3)
        tb_text_printf(t, "seat %d wins with three adjacent stones\n", w);
    else if (held[w] >= 5)
        tb_text_printf(t, "seat %d wins with five stones\n", w);
    else
        tb_text_printf(t, "neither seat can play or draw: the game ends and "
                       "seat %d wins, holding %d stones to %d\n", w, held[w],
                       held[1 - w]);
}

/* The cards drawn by the seat to move between `b` and `s` (in one action
 * every draw comes off the top of a deck; a card the Recruiter returned,
 * `returned`, lies under its deck and can be drawn back from an otherwise
 * empty one), said as `seat` sees them: the drawer learns which cards, its
 * opponent those it had put there itself, anyone else only how many. */
static void say_draws(const stt_state *b, const stt_state *s, int returned,
                      int seat, tb_text *t)
{
    int p = b->turn;
    for (int tactic = 0; tactic <= 1; tactic++) {
        uint8_t deck[STT_CLAN_N + 1], known[STT_CLAN_N + 1];
        int n = 0;
        if (returned && stt_is_tactic(returned) == tactic) {
            deck[n] = (uint8_t)returned;
            known[n++] = (uint8_t)(1u << p);
        }
        const uint8_t *from = tactic ? b->tac : b->clan;
        const uint8_t *kn = tactic ? b->tac_known : b->clan_known;
        for (int i = 0; i < (tactic ? b->tac_n : b->clan_n); i++) {
            deck[n] = from[i];
            known[n++] = kn[i];
        }
        int drawn = n - (tactic ? s->tac_n : s->clan_n);
        if (drawn <= 0)
            continue;
        const char *kind = tactic ? "tactic" : "clan";
        int told = 0;
        tb_text_printf(t, "seat %d draws", p);
        for (int i = n - 1; i >= n - drawn; i--) {
            if (seat != p && !(seat >= 0 && ((known[i] >> seat) & 1)))
                continue;
            char name[24];
            card_words(deck[i], name, sizeof name);
            tb_text_printf(t, "%s %s", told ? "," : "", name);
            told++;
        }
        if (told == drawn)
            tb_text_printf(t, " from the %s deck", kind);
        else if (told)
            tb_text_printf(t, " (which you had put there) and %d more %s "
                           "card%s", drawn - told, kind,
                           drawn - told == 1 ? "" : "s");
        else if (drawn == 1)
            tb_text_printf(t, " a %s card", kind);
        else
            tb_text_printf(t, " %d %s cards", drawn, kind);
        if (seat != p && told == drawn)
            tb_text_puts(t, " (you had put it there)");
        tb_text_puts(t, "\n");
    }
}

/* The action itself as the table sees it (draws and claims are said
 * apart).  `returned` receives the card a Recruiter put back, or 0. */
static void say_action(const stt_state *b, tb_action a, int seat,
                       int *returned, tb_text *t)
{
    int p = b->turn, o = 1 - p;
    char name[24];
    *returned = 0;
    if (a == STT_A_PASS) {
        tb_text_printf(t, "seat %d cannot play a card and passes\n", p);
        return;
    }
    if (a == STT_A_CLAN || a == STT_A_TACTIC)
        return; /* the draw is the whole action: say_draws says it */
    if (a >= STT_A_DEST) {
        int dest = (int)(a - STT_A_DEST) - 1;
        card_words(b->sel_card, name, sizeof name);
        if (b->phase == STT_PH_TRAITOR_DEST)
            tb_text_printf(t, "seat %d puts %s at stone %d on its side\n", p,
                           name, dest + 1);
        else if (dest < 0)
            tb_text_printf(t, "seat %d discards its %s from stone %d\n", p,
                           name, b->sel_stone + 1);
        else
            tb_text_printf(t, "seat %d moves its %s from stone %d to stone "
                           "%d\n", p, name, b->sel_stone + 1, dest + 1);
        return;
    }
    if (a >= STT_A_PICK) {
        int card = (int)(a - STT_A_PICK);
        card_words(card, name, sizeof name);
        int k = 0;
        for (int i = 0; i < STT_STONES; i++)
            for (int q = 0; q < 2; q++)
                for (int j = 0; j < b->side_n[i][q]; j++)
                    if (b->side[i][q][j] == card)
                        k = i;
        switch (b->phase) {
        case STT_PH_RECRUIT_RETURN:
            *returned = card;
            if (seat == p)
                tb_text_printf(t, "seat %d puts %s under the %s deck\n", p,
                               name, stt_is_tactic(card) ? "tactic" : "clan");
            else
                tb_text_printf(t, "seat %d puts a %s card under the %s "
                               "deck\n", p,
                               stt_is_tactic(card) ? "tactic" : "clan",
                               stt_is_tactic(card) ? "tactic" : "clan");
            return;
        case STT_PH_STRAT_PICK:
            tb_text_printf(t, "seat %d picks up its %s from stone %d\n", p,
                           name, k + 1);
            return;
        case STT_PH_BANSHEE:
            tb_text_printf(t, "seat %d discards seat %d's %s from stone %d\n",
                           p, o, name, k + 1);
            return;
        default:
            tb_text_printf(t, "seat %d takes seat %d's %s from stone %d\n", p,
                           o, name, k + 1);
            return;
        }
    }
    int card = (int)(a / 16), k = (int)(a % 16) - 1;
    card_words(card, name, sizeof name);
    switch (card) {
    case STT_MUD:
        tb_text_printf(t, "seat %d plays Mud Fight on stone %d: both sides "
                       "there now need four cards\n", p, k + 1);
        return;
    case STT_BLUFF:
        tb_text_printf(t, "seat %d plays Blind Man's Bluff on stone %d: only "
                       "the sum of each side counts there\n", p, k + 1);
        return;
    case STT_RECRUITER:
        tb_text_printf(t, "seat %d plays the Recruiter: it draws three cards, "
                       "then puts two cards of its hand under their decks\n",
                       p);
        return;
    case STT_STRATEGIST:
        tb_text_printf(t, "seat %d plays the Strategist: it moves one of its "
                       "cards on an unclaimed stone, or discards it\n", p);
        return;
    case STT_BANSHEE:
        tb_text_printf(t, "seat %d plays the Banshee: it discards one of seat "
                       "%d's cards on an unclaimed stone\n", p, o);
        return;
    case STT_TRAITOR:
        tb_text_printf(t, "seat %d plays the Traitor: it takes one of seat "
                       "%d's clan cards to its own side\n", p, o);
        return;
    default:
        tb_text_printf(t, "seat %d plays %s at stone %d\n", p, name, k + 1);
    }
}

void stt_describe(const void *before, tb_action a, const void *after, int seat,
                  tb_text *t)
{
    const stt_state *b = before, *s = after;
    int returned;
    int drew = a == STT_A_CLAN || a == STT_A_TACTIC;
    say_action(b, a, seat, &returned, t);
    if (drew)
        say_draws(b, s, returned, seat, t);
    for (int k = 0; k < STT_STONES; k++)
        if (!b->owner[k] && s->owner[k])
            say_claim(s, k, s->owner[k] - 1, t);
    if (s->phase == STT_PH_OVER)
        say_end(s, t);
    if (!drew)
        say_draws(b, s, returned, seat, t);
}
