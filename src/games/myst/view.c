/*
 * view.c - MYST as people and programs see it: the notation of actions
 * (text and back), the keys of the real-time race at a terminal, the
 * island drawn for a terminal, the JSON view, and what the table is told
 * of each move.  Every view shows a seat only what it may see: its own
 * cards, never the other team's before the end, nor a secret choice
 * before its tick resolves; with the board flipped, no picture of a space
 * until a piece covers it.
 */
#include "myst.h"

#include "dealt.h"

#include <ctype.h>
#include <string.h>

/* The keys that pick the race placements at the terminal, in the order
 * the placements are listed: a-z, A-Z and 0-9 but q (kept by the terminal
 * to quit) and w (wait). */
static const char race_keys[] =
    "abcdefghijklmnoprstuvxyzABCDEFGHIJKLMNOPRSTUVXYZ0123456789";
#define N_KEYS ((int)sizeof race_keys - 1)

static const char *landmark_name(int l)
{
    return tbi_myst_landmarks[l].name;
}

/* ------------------------------------------------------------ notation */

void tbi_myst_action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    char sp[8];
    tbi_myst_space_name(MYST_ARG(a), sp, sizeof sp);
    switch (MYST_KIND(a)) {
    case ACT_KEY:
        snprintf(buf, cap, "key %s", tbi_myst_landmarks[MYST_ARG(a)].word);
        break;
    case ACT_PLACE: snprintf(buf, cap, "place %s", sp); break;
    case ACT_LINK: snprintf(buf, cap, "link %s", sp); break;
    case ACT_WAIT: snprintf(buf, cap, "wait"); break;
    case ACT_MOVE: snprintf(buf, cap, "move %s", sp); break;
    case ACT_JUMP: snprintf(buf, cap, "jump %s", sp); break;
    case ACT_LAY: snprintf(buf, cap, "lay"); break;
    case ACT_REMOVE: snprintf(buf, cap, "remove"); break;
    case ACT_LEAVE: snprintf(buf, cap, "leave"); break;
    default: snprintf(buf, cap, "end"); break;
    }
}

/* Whether a is among the race actions of the team to move. */
static int race_legal(const myst *s, tb_action a)
{
    tb_action acts[MYST_SPACES + 1];
    int n = tbi_myst_race_actions(s, tbi_myst_current(s), acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    return 0;
}

/* The race action of the k-th key label, or 0: the labels name the
 * placements (or Linking Book placements) in the order they are listed. */
static tb_action labelled(const myst *s, int key)
{
    const char *at = key ? strchr(race_keys, key) : NULL;
    if (!at)
        return 0;
    int k = (int)(at - race_keys);
    tb_action acts[MYST_SPACES + 1];
    int n = tbi_myst_race_actions(s, tbi_myst_current(s), acts), j = 0;
    for (int i = 0; i < n; i++) {
        if (MYST_KIND(acts[i]) == ACT_WAIT)
            continue;
        if (j++ == k)
            return acts[i];
    }
    return 0;
}

/* Reads a space in the race: a placement touching the team's pieces, or
 * a Linking Book placement when the team can place nowhere else. */
static int parse_race_space(const myst *s, int kind, int sp, tb_action *out,
                            char *err, size_t cap)
{
    int team = tbi_myst_current(s);
    char name[8];
    tbi_myst_space_name(sp, name, sizeof name);
    if (s->owner[sp]) {
        tbi_errf(err, cap, "%s is covered already", name);
        return TB_EPARSE;
    }
    tb_action place = MYST_ACT(ACT_PLACE, sp), link = MYST_ACT(ACT_LINK, sp);
    if (kind != ACT_LINK && race_legal(s, place)) {
        *out = place;
        return TB_OK;
    }
    if (kind != ACT_PLACE && race_legal(s, link)) {
        *out = link;
        return TB_OK;
    }
    if (kind == ACT_LINK)
        tbi_errf(err, cap, "a Linking Book may be played in the race only "
                 "when %s can place no piece touching its colour, and only "
                 "if it holds one", tbi_myst_team(team));
    else
        tbi_errf(err, cap, "%s does not touch a %s piece", name,
                 tbi_myst_team(team));
    return TB_EPARSE;
}

/* Reads a move or a jump of the exploration. */
static int parse_explore_space(const myst *s, int kind, int sp,
                               tb_action *out, char *err, size_t cap)
{
    int me = s->mover;
    char name[8];
    tbi_myst_space_name(sp, name, sizeof name);
    if (sp == s->pos[tbi_myst_other(me)]) {
        tbi_errf(err, cap, "%s holds %s's playing piece: pieces may not "
                 "share a space", name, tbi_myst_team(tbi_myst_other(me)));
        return TB_EPARSE;
    }
    if (kind == ACT_JUMP) {
        *out = MYST_ACT(ACT_JUMP, sp);
        return TB_OK;
    }
    if (s->phase != PH_MOVE) {
        tbi_errf(err, cap, "%s has moved this turn: type jump SPACE or end",
                 tbi_myst_team(me));
        return TB_EPARSE;
    }
    *out = MYST_ACT(ACT_MOVE, sp);
    return TB_OK;
}

/* A word of the notation and the kind of action it names. */
typedef struct word_kind {
    const char *word;
    int kind;
} word_kind;

/* The words of the notation without an argument. */
static const word_kind bare_words[] = {
    {"wait", ACT_WAIT},     {"w", ACT_WAIT},      {"lay", ACT_LAY},
    {"remove", ACT_REMOVE}, {"leave", ACT_LEAVE}, {"no", ACT_LEAVE},
    {"end", ACT_END},       {"done", ACT_END},
};

/* The words before a space or a landmark. */
static const word_kind lead_words[] = {
    {"place", ACT_PLACE}, {"link", ACT_LINK}, {"book", ACT_LINK},
    {"move", ACT_MOVE},   {"jump", ACT_JUMP}, {"key", ACT_KEY},
};

int tbi_myst_parse_action(const void *vs, const char *text, tb_action *out,
                          char *err, size_t cap)
{
    const myst *s = vs;
    text = tbi_skip_space(text);
    for (size_t i = 0; i < sizeof bare_words / sizeof bare_words[0]; i++)
        if (tbi_word_eq(text, bare_words[i].word)) {
            *out = MYST_ACT(bare_words[i].kind, 0);
            return TB_OK;
        }
    if (tbi_word_eq(text, "stay") && s->phase == PH_MOVE) {
        *out = MYST_ACT(ACT_MOVE, s->pos[s->mover]);
        return TB_OK;
    }
    /* A single key label of the race, as the terminal shows it. */
    if (s->phase == PH_RACE && text[0] && !*tbi_skip_space(text + 1)) {
        tb_action a = labelled(s, text[0]);
        if (a) {
            *out = a;
            return TB_OK;
        }
    }
    int kind = 0;
    const char *rest = text;
    for (size_t i = 0; i < sizeof lead_words / sizeof lead_words[0]; i++) {
        size_t n = strlen(lead_words[i].word);
        if (strncasecmp(text, lead_words[i].word, n) == 0 &&
            (isspace((unsigned char)text[n]) || !text[n])) {
            kind = lead_words[i].kind;
            rest = tbi_skip_space(text + n);
            break;
        }
    }
    if (s->phase == PH_FIRST || s->phase == PH_REPICK || kind == ACT_KEY) {
        int l = tbi_myst_find_landmark(rest);
        if (l < 0) {
            tbi_errf(err, cap, "name a landmark: library, planetarium, "
                     "rocket, clock, cabin, ship, gear or dock");
            return TB_EPARSE;
        }
        if (s->phase == PH_REPICK && l == s->first_key[0]) {
            tbi_errf(err, cap, "yellow has placed the %s's Key Landmark "
                     "Piece: choose another landmark", landmark_name(l));
            return TB_EPARSE;
        }
        *out = MYST_ACT(ACT_KEY, l);
        return TB_OK;
    }
    int sp;
    const char *end = tbi_myst_read_space(rest, &sp);
    if (!end || *tbi_skip_space(end)) {
        tbi_errf(err, cap, "type a space as column and row (a-l, 1-8), "
                 "e.g. %sc4, or one of: %s", kind ? "" : "place ",
                 s->phase == PH_RACE ? "wait, link c4"
                 : s->phase == PH_KEY ? "lay, remove, leave"
                 : s->phase == PH_AFTER ? "jump c4, end"
                                        : "move c4, stay, jump c4");
        return TB_EPARSE;
    }
    if (s->phase == PH_RACE)
        return parse_race_space(s, kind, sp, out, err, cap);
    if (s->phase == PH_MOVE || s->phase == PH_AFTER)
        return parse_explore_space(s, kind ? kind : ACT_MOVE, sp, out, err,
                                   cap);
    tbi_errf(err, cap, "no space to choose now: type lay, remove or leave");
    return TB_EPARSE;
}

int tbi_myst_realtime_key(const void *vs, int key, tb_action *out)
{
    const myst *s = vs;
    if (s->phase != PH_RACE)
        return TB_EINVAL; /* only the race runs on the clock */
    tb_action acts[MYST_SPACES + 1];
    int n = tbi_myst_race_actions(s, tbi_myst_current(s), acts);
    int may_wait = MYST_KIND(acts[0]) == ACT_WAIT;
    if (key == 0) {
        /* No key: wait, or once waiting is over, the first placement. */
        *out = acts[may_wait || n == 1 ? 0 : 1];
        return TB_OK;
    }
    if ((key == ' ' || key == 'w' || key == 'W') && may_wait) {
        *out = acts[0];
        return TB_OK;
    }
    tb_action a = labelled(s, key);
    if (!a)
        return TB_EPARSE;
    *out = a;
    return TB_OK;
}

/* ------------------------------------------------------------ drawing */

/* The picture of a space as seen now: hidden (':') while open when the
 * board is flipped. */
static char picture_seen(const myst *s, int sp)
{
    if (s->flip && !s->owner[sp])
        return ':';
    if (tbi_myst_switch_scores(sp))
        return '*';
    return tbi_myst_picture[sp / MYST_W][sp % MYST_W];
}

/* Whether seat sees where landmark l lies: always, unless the board is
 * flipped and its key space is still open. */
static int landmark_seen(const myst *s, int l)
{
    return !s->flip || s->owner[tbi_myst_landmarks[l].key];
}

static const char *team_color(int team)
{
    return team == 0 ? TBI_YELLOW : TBI_BLUE;
}

/* The label of space sp for seat's race decision, or 0. */
static char label_at(const myst *s, int seat, int sp)
{
    if (s->phase != PH_RACE || tbi_myst_current(s) != seat || s->owner[sp])
        return 0;
    tb_action acts[MYST_SPACES + 1];
    int n = tbi_myst_race_actions(s, seat, acts), j = 0;
    for (int i = 0; i < n && j < N_KEYS; i++) {
        if (MYST_KIND(acts[i]) == ACT_WAIT)
            continue;
        if (MYST_ARG(acts[i]) == sp)
            return race_keys[j];
        j++;
    }
    return 0;
}

/* One space, three characters: the owner's letter (y, b), the picture,
 * and a mark: a playing piece (Y, B), a race key label for the seat to
 * place, or '+' where a piece lies on top of a Key Landmark Piece. */
static void draw_space(const myst *s, int seat, int sp, unsigned style,
                       tb_text *t)
{
    int own = s->owner[sp] - 1;
    char pic = picture_seen(s, sp), mark = ' ';
    int lm = tbi_myst_landmark_at(sp);
    for (int p = 0; p < 2; p++)
        if (s->pos[p] == sp)
            mark = p == 0 ? 'Y' : 'B';
    char label = label_at(s, seat, sp);
    if (label)
        mark = label;
    else if (mark == ' ' && lm >= 0 && tbi_myst_is_key(sp) && s->top[lm])
        mark = '+';
    const char *r = tbi_color(style, TBI_RESET);
    if (own >= 0)
        tb_text_printf(t, "%s%c%c%s", tbi_color(style, team_color(own)),
                       own == 0 ? 'y' : 'b', pic, r);
    else
        tb_text_printf(t, " %s%c%s",
                       pic == '~' || pic == ':' ? tbi_color(style, TBI_DIM)
                                                : "",
                       pic, r);
    if (label)
        tb_text_printf(t, "%s%c%s", tbi_color(style, TBI_BOLD), mark, r);
    else if (mark == 'Y' || mark == 'B')
        tb_text_printf(t, "%s%s%c%s", tbi_color(style, TBI_BOLD),
                       tbi_color(style, team_color(mark == 'B')), mark, r);
    else
        tb_text_printf(t, "%c", mark);
    tb_text_puts(t, " ");
}

static void draw_board(const myst *s, int seat, unsigned style, tb_text *t)
{
    tb_text_puts(t, "     ");
    for (int x = 0; x < MYST_W; x++)
        tb_text_printf(t, " %c  ", 'a' + x);
    tb_text_puts(t, "\n");
    for (int y = 0; y < MYST_H; y++) {
        tb_text_printf(t, "  %d  ", y + 1);
        for (int x = 0; x < MYST_W; x++)
            draw_space(s, seat, y * MYST_W + x, style, t);
        tb_text_puts(t, "\n");
    }
}

/* Who has the Key Landmark Piece of each landmark, and who controls it. */
static void draw_landmarks(const myst *s, tb_text *t)
{
    tb_text_puts(t, "  landmarks:\n");
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        char sp[8];
        tbi_myst_space_name(tbi_myst_landmarks[l].key, sp, sizeof sp);
        tb_text_printf(t, "    %c %-12s %-3s ", tbi_myst_landmarks[l].letter,
                       landmark_name(l), landmark_seen(s, l) ? sp : "?");
        int bottom = tbi_myst_key_owner(s, l);
        if (bottom < 0) {
            tb_text_puts(t, "open\n");
            continue;
        }
        tb_text_printf(t, "%s's piece", tbi_myst_team(bottom));
        if (s->top[l])
            tb_text_printf(t, ", %s's on top", tbi_myst_team(s->top[l] - 1));
        for (int p = 0; p < 2; p++)
            if (s->aside[p] >> l & 1)
                tb_text_printf(t, ", %s's put aside", tbi_myst_team(p));
        tb_text_printf(t, ": %s controls it\n",
                       tbi_myst_team(tbi_myst_controller(s, l)));
    }
}

/* Writes a hand's cards, Landmark cards first. */
static void put_cards(const myst *s, int team, tb_text *t)
{
    for (int i = 0; i < s->hand_n[team]; i++) {
        char name[32];
        tbi_myst_card_name(s->hand[team][i], name, sizeof name);
        tb_text_printf(t, "%s%s", i ? ", " : "", name);
    }
    if (s->hand_n[team] == 0)
        tb_text_puts(t, "none");
}

/* What a race choice did, as words: "placed c4", "waited". */
static void say_race_choice(tb_action a, tb_text *t)
{
    char sp[8];
    tbi_myst_space_name(MYST_ARG(a), sp, sizeof sp);
    switch (MYST_KIND(a)) {
    case ACT_PLACE: tb_text_printf(t, "places %s", sp); break;
    case ACT_LINK:
        tb_text_printf(t, "turns over a Linking Book and places %s", sp);
        break;
    default: tb_text_puts(t, "waits"); break;
    }
    int lm = tbi_myst_landmark_at(MYST_ARG(a));
    if (MYST_KIND(a) != ACT_WAIT && lm >= 0 &&
        tbi_myst_is_key(MYST_ARG(a)))
        tb_text_printf(t, " (the %s's Key Landmark Piece)", landmark_name(lm));
}

/* The last tick, revealed: each team's choice and a coin's decision. */
static void say_tick(const myst *s, tb_text *t)
{
    int t0 = MYST_KIND(s->last[0]) == ACT_WAIT ? -1 : MYST_ARG(s->last[0]);
    int t1 = MYST_KIND(s->last[1]) == ACT_WAIT ? -1 : MYST_ARG(s->last[1]);
    if (t0 >= 0 && t0 == t1) {
        char sp[8];
        tbi_myst_space_name(t0, sp, sizeof sp);
        tb_text_printf(t, "both teams reach for %s", sp);
        if (s->last_coin != MYST_NONE)
            tb_text_printf(t, "; the coin gives it to %s",
                           tbi_myst_team(s->last_coin));
        return;
    }
    tb_text_puts(t, "yellow ");
    say_race_choice(s->last[0], t);
    tb_text_puts(t, ", blue ");
    say_race_choice(s->last[1], t);
}

/* The team's cards as the viewer may know them. */
static void draw_teams(const myst *s, int seat, unsigned style, tb_text *t)
{
    int total[2], sw[2], lp[2][MYST_LANDMARKS];
    tbi_myst_score(s, total, sw, lp);
    for (int p = 0; p < 2; p++) {
        tb_text_printf(t, "  %s%-6s%s%s %2d piece%s, %d Marker Switch%s",
                       tbi_color(style, team_color(p)), tbi_myst_team(p),
                       tbi_color(style, TBI_RESET), p == seat ? " (you)" : "      ",
                       s->placed[p], s->placed[p] == 1 ? "" : "s", sw[p],
                       sw[p] == 1 ? "" : "es");
        if (s->first_key[p] != MYST_NONE)
            tb_text_printf(t, ", first key %s",
                           landmark_name(s->first_key[p]));
        if (s->phase == PH_OVER || p == seat) {
            tb_text_puts(t, "\n      cards: ");
            put_cards(s, p, t);
        } else if (s->phase != PH_DEAL) {
            int books = tbi_myst_books_held(s, p);
            if (s->books == BOOKS_EACH)
                tb_text_printf(t, "; %d cards%s", s->hand_n[p] - books,
                               books ? " and a Linking Book" : "");
            else
                tb_text_printf(t, "; %d cards", s->hand_n[p]);
        }
        if ((s->phase == PH_FIRST || s->phase == PH_RACE) && s->choice[p])
            tb_text_puts(t, "  (has chosen)");
        tb_text_puts(t, "\n");
    }
}

/* The heading: the phase, whose turn it is and what they decide. */
static void draw_heading(const myst *s, int seat, unsigned style, tb_text *t)
{
    const char *b = tbi_color(style, TBI_BOLD), *r = tbi_color(style, TBI_RESET);
    int cur = tbi_myst_current(s);
    const char *who = cur >= 0 ? tbi_myst_team(cur) : "";
    tb_text_printf(t, "%sMYST%s%s  ", b, r, s->flip ? " (board flipped)" : "");
    switch (s->phase) {
    case PH_DEAL: tb_text_puts(t, "the cards are to be dealt\n"); return;
    case PH_FIRST:
        tb_text_printf(t, "%s chooses its first Key Landmark in secret\n", who);
        return;
    case PH_REPICK:
        tb_text_printf(t, "blue chose the %s too and chooses again\n",
                       landmark_name(s->first_key[0]));
        return;
    case PH_RACE:
    case PH_COIN:
        tb_text_printf(t, "the puzzle race, tick %d, %d spaces open",
                       s->tick + 1, s->open_n);
        if (s->idle)
            tb_text_printf(t, " (quiet for %d; no waiting after %d)", s->idle,
                           s->stall);
        if (s->phase == PH_COIN)
            tb_text_puts(t, "; a coin decides\n");
        else
            tb_text_printf(t, "; %s chooses%s\n", who,
                           cur == seat ? "" : " in secret");
        return;
    case PH_TURNS:
        tb_text_puts(t, "the board is covered: the youngest spins the "
                     "number of turns\n");
        return;
    case PH_OVER: tb_text_puts(t, "the game is over\n"); return;
    default: break;
    }
    tb_text_printf(t, "the exploration, turn %d of %d: ", s->turn + 1,
                   s->turns);
    if (s->phase == PH_SPIN)
        tb_text_printf(t, "%s spins\n", tbi_myst_team(s->mover));
    else if (s->phase == PH_MOVE)
        tb_text_printf(t, "%s spun %d and moves up to %d space%s%s\n", who,
                       s->spin, s->spin, s->spin == 1 ? "" : "s",
                       s->jumped ? " from where it jumped" : "");
    else if (s->phase == PH_KEY)
        tb_text_printf(t, "%s may %s a Key Landmark Piece here\n", who,
                       tbi_myst_key_option(s, cur, s->pos[cur]) == ACT_LAY
                           ? "lay"
                           : "remove");
    else
        tb_text_printf(t, "%s may jump with a Linking Book, or end its "
                       "turn\n", who);
}

/* The scores at the end, as the text counts them. */
static void draw_scores(const myst *s, tb_text *t)
{
    int total[2], sw[2], lp[2][MYST_LANDMARKS];
    tbi_myst_score(s, total, sw, lp);
    for (int p = 0; p < 2; p++) {
        tb_text_printf(t, "  %s: %d point%s = %d Marker Switch%s",
                       tbi_myst_team(p), total[p], total[p] == 1 ? "" : "s",
                       sw[p], sw[p] == 1 ? "" : "es");
        for (int l = 0; l < MYST_LANDMARKS; l++)
            if (lp[p][l])
                tb_text_printf(t, " + %s %d", landmark_name(l), lp[p][l]);
        tb_text_puts(t, "\n");
    }
    if (total[0] == total[1])
        tb_text_printf(t, "  a tie at %d\n", total[0]);
    else
        tb_text_printf(t, "  %s wins\n", tbi_myst_team(total[1] > total[0]));
}

void tbi_myst_render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const myst *s = vs;
    draw_heading(s, seat, style, t);
    if (s->phase == PH_DEAL)
        return;
    draw_board(s, seat, style, t);
    tb_text_printf(t, "  (y/b: yellow's/blue's piece; Y/B: playing pieces; "
                   "* Marker Switch; ~ sea;%s capital: Key Landmark Piece; "
                   "+ a piece on top)\n",
                   s->flip ? " : not yet covered;" : "");
    if (s->phase == PH_RACE && s->tick > 0) {
        tb_text_puts(t, "  last tick: ");
        say_tick(s, t);
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_RACE && tbi_myst_current(s) == seat)
        tb_text_puts(t, "  your pieces may go on the lettered spaces\n");
    draw_landmarks(s, t);
    draw_teams(s, seat, style, t);
    if (s->phase == PH_OVER)
        draw_scores(s, t);
}

/* ------------------------------------------------------------ JSON */

static json_t *team_or_null(int team)
{
    return team < 0 ? json_null() : json_string(tbi_myst_team(team));
}

static json_t *cards_json(const myst *s, int team)
{
    json_t *a = json_array();
    for (int i = 0; i < s->hand_n[team]; i++) {
        char name[32];
        tbi_myst_card_name(s->hand[team][i], name, sizeof name);
        json_array_append_new(a, json_string(name));
    }
    return a;
}

static json_t *action_json(const myst *s, tb_action a)
{
    char text[TB_ACTION_TEXT];
    tbi_myst_action_text(s, a, text, sizeof text);
    return json_string(text);
}

json_t *tbi_myst_view_json(const void *vs, int seat)
{
    const myst *s = vs;
    static const char *phases[] = {"deal", "first key", "first key again",
                                   "race", "coin", "turns spin", "spin",
                                   "move", "key piece", "after moving",
                                   "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phases[s->phase]));
    json_object_set_new(v, "books", json_string(s->books == BOOKS_EACH
                                                    ? "each" : "dealt"));
    json_object_set_new(v, "flip", json_boolean(s->flip));
    json_object_set_new(v, "tick", json_integer(s->tick));
    json_object_set_new(v, "quiet_ticks", json_integer(s->idle));
    json_object_set_new(v, "stall", json_integer(s->stall));
    json_object_set_new(v, "open", json_integer(s->open_n));
    /* The board, a string per row: the picture as seen ("~" sea, "." land,
     * "*" Marker Switch, a landmark's letter, ":" hidden), and the owner
     * of each space ("y", "b", "." open). */
    json_t *pic = json_array(), *own = json_array();
    for (int y = 0; y < MYST_H; y++) {
        char row[MYST_W + 1], orow[MYST_W + 1];
        for (int x = 0; x < MYST_W; x++) {
            int sp = y * MYST_W + x;
            row[x] = picture_seen(s, sp);
            orow[x] = ".yb"[s->owner[sp]];
        }
        row[MYST_W] = orow[MYST_W] = '\0';
        json_array_append_new(pic, json_string(row));
        json_array_append_new(own, json_string(orow));
    }
    json_object_set_new(v, "picture", pic);
    json_object_set_new(v, "owners", own);
    json_t *lms = json_array();
    for (int l = 0; l < MYST_LANDMARKS; l++) {
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(landmark_name(l)));
        if (landmark_seen(s, l)) {
            char sp[8];
            tbi_myst_space_name(tbi_myst_landmarks[l].key, sp, sizeof sp);
            json_object_set_new(o, "key_space", json_string(sp));
        }
        json_object_set_new(o, "placed_by",
                            team_or_null(tbi_myst_key_owner(s, l)));
        json_object_set_new(o, "on_top", team_or_null(s->top[l] - 1));
        json_object_set_new(o, "controller",
                            team_or_null(tbi_myst_controller(s, l)));
        json_array_append_new(lms, o);
    }
    json_object_set_new(v, "landmarks", lms);
    int total[2], sw[2], lp[2][MYST_LANDMARKS];
    tbi_myst_score(s, total, sw, lp);
    json_t *teams = json_array();
    for (int p = 0; p < 2; p++) {
        json_t *o = json_object();
        json_object_set_new(o, "team", json_string(tbi_myst_team(p)));
        json_object_set_new(o, "pieces", json_integer(s->placed[p]));
        json_object_set_new(o, "switches", json_integer(sw[p]));
        json_object_set_new(o, "cards", json_integer(s->hand_n[p]));
        json_object_set_new(o, "books_played", json_integer(s->books_played[p]));
        if (s->books == BOOKS_EACH || p == seat || s->phase == PH_OVER)
            json_object_set_new(o, "books_held",
                                json_integer(tbi_myst_books_held(s, p)));
        if (s->first_key[p] != MYST_NONE)
            json_object_set_new(o, "first_key",
                                json_string(landmark_name(s->first_key[p])));
        if (s->pos[p] != MYST_NONE) {
            char sp[8];
            tbi_myst_space_name(s->pos[p], sp, sizeof sp);
            json_object_set_new(o, "position", json_string(sp));
        }
        if (s->aside[p])
            json_object_set_new(o, "put_aside", json_integer(s->aside[p]));
        int chosen = (s->phase == PH_FIRST || s->phase == PH_RACE) &&
                     s->choice[p];
        if (chosen && p == seat)
            json_object_set_new(o, "chosen", action_json(s, s->choice[p]));
        else if (chosen)
            json_object_set_new(o, "chosen", json_true());
        if (s->tick > 0 && s->phase >= PH_RACE)
            json_object_set_new(o, "last_tick", action_json(s, s->last[p]));
        if (s->phase == PH_OVER) {
            json_object_set_new(o, "hand", cards_json(s, p));
            json_object_set_new(o, "score", json_integer(total[p]));
        }
        json_array_append_new(teams, o);
    }
    json_object_set_new(v, "teams", teams);
    if (s->last_coin != MYST_NONE)
        json_object_set_new(v, "last_coin", team_or_null(s->last_coin));
    if (seat >= 0 && seat < 2 && s->phase != PH_DEAL)
        json_object_set_new(v, "hand", cards_json(s, seat));
    if (s->phase >= PH_SPIN && s->phase <= PH_OVER) {
        json_object_set_new(v, "turns", json_integer(s->turns));
        json_object_set_new(v, "turn", json_integer(s->turn));
        json_object_set_new(v, "first_mover",
                            json_string(tbi_myst_team(s->first_mover)));
        json_object_set_new(v, "mover", json_string(tbi_myst_team(s->mover)));
        if (s->phase != PH_SPIN && s->phase != PH_OVER)
            json_object_set_new(v, "spin", json_integer(s->spin));
    }
    return v;
}

/* ------------------------------------------------------------ describe */

/* Names a card for the lines of a deal (dealt.h). */
static void card_namer(tb_text *t, int card, const void *ctx)
{
    char name[32];
    (void)ctx;
    tbi_myst_card_name(card, name, sizeof name);
    tb_text_puts(t, name);
}

/* What a team (or the spectator) learns from luck, told as it happens:
 * the deal (each team its own cards), a coin's decision, the number of
 * turns and who goes first, a spin. */
void tbi_myst_describe_chance(const void *vb, const uint16_t *outcome, int n,
                              const void *va, int seat, tb_text *t)
{
    const myst *b = vb, *s = va;
    (void)outcome;
    (void)n;
    switch (b->phase) {
    case PH_DEAL:
        tb_text_printf(t, "each team is dealt %d cards%s\n", MYST_DEAL,
                       s->books == BOOKS_EACH ? " and a Linking Book" : "");
        if (seat == 0 || seat == 1) {
            tb_text_puts(t, "you are dealt ");
            tbi_say_cards(t, s->hand[seat], s->hand_n[seat], card_namer,
                          NULL);
            tb_text_puts(t, "\n");
        }
        break;
    case PH_COIN: {
        char sp[8];
        tbi_myst_space_name(MYST_ARG(s->last[s->last_coin]), sp, sizeof sp);
        tb_text_printf(t, "the coin gives %s to %s\n", sp,
                       tbi_myst_team(s->last_coin));
        break;
    }
    case PH_TURNS:
        tb_text_printf(t, "the spinner gives %d turns; %s placed %d pieces, "
                       "%s %d, so %s goes first\n", s->turns,
                       tbi_myst_team(0), s->placed[0], tbi_myst_team(1),
                       s->placed[1], tbi_myst_team(s->first_mover));
        break;
    default:
        tb_text_printf(t, "%s spins %d\n", tbi_myst_team(s->mover), s->spin);
        break;
    }
}

/* A first Key Landmark going down. */
static void say_first_key(int team, int l, tb_text *t)
{
    char sp[8];
    tbi_myst_space_name(tbi_myst_landmarks[l].key, sp, sizeof sp);
    tb_text_printf(t, "%s places its Key Landmark Piece of the %s on %s\n",
                   tbi_myst_team(team), landmark_name(l), sp);
}

/* The first-key choices: secret until both have chosen. */
static void describe_key(const myst *b, tb_action a, const myst *s, int p,
                         int seat, tb_text *t)
{
    int l = MYST_ARG(a);
    if (b->phase == PH_REPICK) {
        say_first_key(1, l, t);
        tb_text_puts(t, "the puzzle race begins\n");
        return;
    }
    if (seat == p)
        tb_text_printf(t, "%s chooses the %s as its first Key Landmark\n",
                       tbi_myst_team(p), landmark_name(l));
    else
        tb_text_printf(t, "%s chooses its first Key Landmark in secret\n",
                       tbi_myst_team(p));
    if (p == 0)
        return;
    say_first_key(0, s->first_key[0], t);
    if (s->phase == PH_REPICK) {
        tb_text_printf(t, "blue chose the %s too: blue chooses again\n",
                       landmark_name(l));
        return;
    }
    say_first_key(1, l, t);
    tb_text_puts(t, "the puzzle race begins\n");
}

/* A race choice: secret until the tick resolves. */
static void describe_race(const myst *b, tb_action a, const myst *s, int p,
                          int seat, tb_text *t)
{
    if (seat == p) {
        tb_text_printf(t, "%s chooses: ", tbi_myst_team(p));
        say_race_choice(a, t);
        tb_text_puts(t, "\n");
    } else {
        tb_text_printf(t, "%s chooses in secret\n", tbi_myst_team(p));
    }
    if (p == 0)
        return;
    tb_text_printf(t, "tick %d: ", b->tick + 1);
    if (s->phase == PH_COIN) {
        char sp[8];
        tbi_myst_space_name(MYST_ARG(a), sp, sizeof sp);
        tb_text_printf(t, "both teams reach for %s: a coin decides\n", sp);
        return;
    }
    say_tick(s, t);
    tb_text_puts(t, "\n");
    if (s->idle == s->stall && b->idle < b->stall)
        tb_text_printf(t, "%d quiet ticks in a row: from now on a team that "
                       "can place a piece must\n", s->idle);
    if (s->phase == PH_TURNS)
        tb_text_printf(t, "the board is covered: yellow placed %d piece%s, "
                       "blue %d\n", s->placed[0], s->placed[0] == 1 ? "" : "s",
                       s->placed[1]);
}

/* The end of the game told as the text scores it: the team that went
 * first counts its Marker Switches, then the other; then they take turns
 * turning over a Landmark card each, adding its Value (and the Bonus, once
 * per landmark, with the first card of it) where they control the
 * landmark, until every card is turned. */
static void say_scoring(const myst *s, tb_text *t)
{
    int total[2], sw[2], lp[2][MYST_LANDMARKS];
    tbi_myst_score(s, total, sw, lp);
    int order[2] = {s->first_mover, tbi_myst_other(s->first_mover)};
    int sum[2], next[2] = {0, 0};
    uint8_t bonus_taken[2] = {0, 0};
    tb_text_puts(t, "the exploration is over\n");
    for (int i = 0; i < 2; i++) {
        int p = order[i];
        sum[p] = sw[p];
        tb_text_printf(t, "%s controls %d Marker Switch%s: %d\n",
                       tbi_myst_team(p), sw[p], sw[p] == 1 ? "" : "es", sum[p]);
    }
    for (int turned = 1; turned;) {
        turned = 0;
        for (int i = 0; i < 2; i++) {
            int p = order[i];
            while (next[p] < s->hand_n[p] &&
                   s->hand[p][next[p]] >= MYST_LM_CARDS)
                next[p]++;
            if (next[p] >= s->hand_n[p])
                continue;
            int c = s->hand[p][next[p]++], l = tbi_myst_card_landmark[c];
            char name[32];
            tbi_myst_card_name(c, name, sizeof name);
            int pts = 0, bonus = 0;
            if (tbi_myst_controller(s, l) == p) {
                pts = tbi_myst_card_value[c];
                if (tbi_myst_key_owner(s, l) == p && !(bonus_taken[p] >> l & 1)) {
                    bonus = MYST_BONUS;
                    bonus_taken[p] |= (uint8_t)(1u << l);
                }
            }
            sum[p] += pts + bonus;
            tb_text_printf(t, "%s turns over %s: %s%d%s, total %d\n",
                           tbi_myst_team(p), name,
                           pts ? "" : "not controlled, ", pts + bonus,
                           bonus ? " with the Bonus" : "", sum[p]);
            turned = 1;
        }
    }
    if (total[0] == total[1])
        tb_text_printf(t, "a tie at %d points\n", total[0]);
    else {
        int w = total[1] > total[0];
        tb_text_printf(t, "%s wins, %d to %d\n", tbi_myst_team(w), total[w],
                       total[1 - w]);
    }
}

/* A step of the exploration: always public. */
static void describe_explore(const myst *b, tb_action a, const myst *s,
                             int p, tb_text *t)
{
    char sp[8], from[8];
    tbi_myst_space_name(MYST_ARG(a), sp, sizeof sp);
    tbi_myst_space_name(b->pos[p], from, sizeof from);
    const char *who = tbi_myst_team(p), *other = tbi_myst_team(1 - p);
    int l = tbi_myst_landmark_at(b->pos[p]);
    switch (MYST_KIND(a)) {
    case ACT_MOVE:
        if (MYST_ARG(a) == b->pos[p])
            tb_text_printf(t, "%s stays on %s\n", who, sp);
        else
            tb_text_printf(t, "%s moves from %s to %s\n", who, from, sp);
        break;
    case ACT_JUMP:
        tb_text_printf(t, "%s turns over a Linking Book and jumps from %s to "
                       "%s\n", who, from, sp);
        break;
    case ACT_LAY:
        tb_text_printf(t, "%s lays its Key Landmark Piece of the %s on %s's: "
                       "%s controls it now\n", who, landmark_name(l), other,
                       who);
        break;
    case ACT_REMOVE:
        tb_text_printf(t, "%s removes %s's Key Landmark Piece from the %s "
                       "(out of play): %s controls it again\n", who, other,
                       landmark_name(l), who);
        break;
    case ACT_LEAVE:
        tb_text_printf(t, "%s leaves the %s's Key Landmark Piece as it is\n",
                       who, landmark_name(l));
        break;
    default: tb_text_printf(t, "%s ends its turn\n", who); break;
    }
    int arrived = MYST_KIND(a) == ACT_MOVE || MYST_KIND(a) == ACT_JUMP;
    int lm = tbi_myst_landmark_at(MYST_ARG(a));
    if (arrived && lm >= 0 && tbi_myst_is_key(MYST_ARG(a)))
        tb_text_printf(t, "%s stands on the %s's Key Landmark Piece\n", who,
                       landmark_name(lm));
    if (s->phase == PH_OVER)
        say_scoring(s, t);
    else if (s->phase == PH_SPIN && s->turn != b->turn)
        tb_text_printf(t, "turn %d of %d is over\n", b->turn + 1, s->turns);
}

void tbi_myst_describe(const void *vb, tb_action a, const void *va, int seat,
                       tb_text *t)
{
    const myst *b = vb, *s = va;
    int p = tbi_myst_current(b);
    switch (MYST_KIND(a)) {
    case ACT_KEY: describe_key(b, a, s, p, seat, t); break;
    case ACT_PLACE:
    case ACT_LINK:
    case ACT_WAIT: describe_race(b, a, s, p, seat, t); break;
    default: describe_explore(b, a, s, p, t); break;
    }
}
