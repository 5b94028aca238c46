/*
 * view.c - Mystery City as people see it: the action notation (typed and
 * printed), the table drawn for a terminal, the JSON view, and what each
 * seat is told of a move.  Everything here shows a seat only what it may
 * see: its own hand, the table, the discards, and of other hands what it
 * knows (knowledge.c); the hand INVESTIGATION shows and the card
 * COUNTERINTELLIGENCE takes only to the two seats concerned.
 */
#include "mc.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------ words */

/* "?" or the number of a printed value. */
static const char *value_text(int v, char *buf, size_t cap)
{
    if (v == MC_Q)
        snprintf(buf, cap, "?");
    else
        snprintf(buf, cap, "%d", v);
    return buf;
}

/* "Paul (IQ 7)" */
static void say_card_attr(tb_text *t, int c, int a)
{
    char v[4];
    tb_text_printf(t, "%s (%s %s)", mc_cards[c].name, mc_attr_names[a],
                   value_text(mc_attr(c, a), v, sizeof v));
}

/* The names of a set of cards, "Paul, Bess and Clive", or "none". */
static void say_cards(tb_text *t, uint16_t set)
{
    int n = mc_count(set), k = 0;
    if (n == 0) {
        tb_text_puts(t, "none");
        return;
    }
    for (int c = 0; c < MC_CARDS; c++)
        if (set >> c & 1) {
            k++;
            tb_text_printf(t, "%s%s", k == 1 ? "" : k == n ? " and " : ", ",
                           mc_cards[c].name);
        }
}

static const char *ordinal(int n)
{
    static const char *const w[] = {"", "1st", "2nd", "3rd", "4th"};
    return n >= 1 && n <= 4 ? w[n] : "";
}

/* ------------------------------------------------------------ notation */

void mc_action_text(const void *st, tb_action a, char *buf, size_t cap)
{
    (void)st;
    const char *card = mc_cards[mc_a_card(a)].name;
    if (a & MC_A_ATTACK)
        snprintf(buf, cap, "%s %d %s", mc_attr_names[mc_a_attr(a)],
                 mc_a_opp(a), card);
    else if (a & MC_A_COUNTER)
        snprintf(buf, cap, "%s %s", mc_attr_names[mc_a_attr(a)], card);
    else
        snprintf(buf, cap, "%s", card);
}

/* The seat a typed word names ("2", "seat2", "s2"), or -1. */
static int seat_by_word(const char *w)
{
    if (strncasecmp(w, "seat", 4) == 0)
        w += 4;
    else if (tolower((unsigned char)w[0]) == 's')
        w += 1;
    int n;
    const char *end = tbi_read_uint(w, &n);
    return end && !*end ? n : -1;
}

/* Lists the attributes of a set of bits: "DX, MO or HT" (or "and"). */
static void list_attrs(char *buf, size_t cap, int attrs, const char *last)
{
    tb_text t;
    tb_text_init(&t, buf, cap);
    int n = 0, k = 0;
    for (int a = 0; a < MC_ATTRS; a++)
        n += attrs >> a & 1;
    for (int a = 0; a < MC_ATTRS; a++)
        if (attrs >> a & 1) {
            k++;
            tb_text_printf(&t, "%s%s", k == 1 ? "" : k == n ? last : ", ",
                           mc_attr_names[a]);
        }
}

/* Lists the names of a hand. */
static void list_hand(char *buf, size_t cap, uint16_t hand)
{
    tb_text t;
    tb_text_init(&t, buf, cap);
    say_cards(&t, hand);
}

/*
 * Reads a move: a card (to answer), an attribute and a card (to
 * counterattack), or an attribute, an opponent's seat and a card (to
 * attack; the seat may be left out when only one opponent is left).  The
 * words may come in any order, separated by spaces; case does not matter.
 */
int mc_parse_action(const void *st, const char *text, tb_action *out,
                    char *err, size_t errcap)
{
    const mc_state *s = st;
    char buf[128], names[160];
    snprintf(buf, sizeof buf, "%s", text);
    int card = -1, attr = -1, seat = -1;
    int mover = s->phase == MC_PH_DEFEND ? s->def : s->att;
    list_hand(names, sizeof names,
              mover < s->players ? s->hand[mover] : (uint16_t)0);
    for (char *w = strtok(buf, " \t,"); w; w = strtok(NULL, " \t,")) {
        int v;
        /* The game writes "seat 2": the word "seat" (or "s") may stand
         * apart from its number. */
        if (strcasecmp(w, "seat") == 0 || strcasecmp(w, "s") == 0) {
            char *num = strtok(NULL, " \t,");
            const char *end = num ? tbi_read_uint(num, &v) : NULL;
            if (!end || *end) {
                tbi_errf(err, errcap, "'%s' needs a seat number after it, "
                         "e.g. seat 1", w);
                return TB_EPARSE;
            }
        } else if ((v = mc_attr_by_name(w)) >= 0) {
            if (attr >= 0) {
                tbi_errf(err, errcap, "name one attribute: you typed %s and "
                         "%s", mc_attr_names[attr], mc_attr_names[v]);
                return TB_EPARSE;
            }
            attr = v;
            continue;
        } else if ((v = mc_card_by_name(w)) >= 0) {
            if (card >= 0) {
                tbi_errf(err, errcap, "name one card: you typed %s and %s "
                         "(your cards: %s)", mc_cards[card].name,
                         mc_cards[v].name, names);
                return TB_EPARSE;
            }
            card = v;
            continue;
        } else if ((v = seat_by_word(w)) < 0) {
            tbi_errf(err, errcap,
                     "'%s' is not a card, an attribute (ST, DX, IQ, MO, HT) "
                     "or a seat here; your cards: %s", w, names);
            return TB_EPARSE;
        }
        if (seat >= 0) {
            tbi_errf(err, errcap, "name one seat: you typed seat %d and seat "
                     "%d", seat, v);
            return TB_EPARSE;
        }
        seat = v;
    }
    if (s->phase != MC_PH_ATTACK && s->phase != MC_PH_COUNTER &&
        s->phase != MC_PH_DEFEND) {
        tbi_errf(err, errcap, "nobody is to move now");
        return TB_EPARSE;
    }
    int p = mover;
    if (card < 0) {
        tbi_errf(err, errcap, "name a card of your hand: %s", names);
        return TB_EPARSE;
    }
    if (!(s->hand[p] >> card & 1)) {
        tbi_errf(err, errcap, "%s is not in your hand; your cards: %s",
                 mc_cards[card].name, names);
        return TB_EPARSE;
    }
    if (s->phase == MC_PH_DEFEND) {
        if (attr >= 0 || seat >= 0) {
            tbi_errf(err, errcap, "answer with a card only (the attribute is "
                     "%s): one of %s", mc_attr_names[s->attr], names);
            return TB_EPARSE;
        }
        *out = (tb_action)card;
        return TB_OK;
    }
    if (s->phase == MC_PH_COUNTER) {
        int allowed = mc_counter_attrs(s);
        char list[64];
        list_attrs(list, sizeof list, allowed, " or ");
        if (attr < 0 || !(allowed >> attr & 1)) {
            tbi_errf(err, errcap, "counterattack in a new attribute: %s, "
                     "and a card (e.g. %s %s)", list,
                     mc_attr_names[__builtin_ctz((unsigned)allowed)],
                     mc_cards[__builtin_ctz(s->hand[p])].name);
            return TB_EPARSE;
        }
        if (seat >= 0 && seat != s->def) {
            tbi_errf(err, errcap, "a counterattack goes to seat %d", s->def);
            return TB_EPARSE;
        }
        *out = mc_counter(attr, card);
        return TB_OK;
    }
    int opponents = 0, only = -1;
    for (int q = 0; q < s->players; q++)
        if (q != p && mc_alive(s, q)) {
            opponents++;
            only = q;
        }
    if (seat < 0 && opponents == 1)
        seat = only;
    if (attr < 0 || seat < 0) {
        tbi_errf(err, errcap, "attack with an attribute, an opponent's seat "
                 "and a card, e.g. IQ %d %s", only,
                 mc_cards[__builtin_ctz(s->hand[p])].name);
        return TB_EPARSE;
    }
    if (seat >= s->players || seat == p || !mc_alive(s, seat)) {
        tbi_errf(err, errcap, "seat %d cannot be attacked: %s", seat,
                 seat >= s->players ? "there is no such seat"
                 : seat == p      ? "it is you"
                                  : "it is out of the game");
        return TB_EPARSE;
    }
    *out = mc_attack(attr, seat, card);
    return TB_OK;
}

/* ------------------------------------------------------------ events */

/* Why a round was decided, in words (after "seat N wins the combat"). */
static void say_why(tb_text *t, const mc_event *e)
{
    switch (e->v1) {
    case MC_WHY_TWO:
        tb_text_printf(t, ": seat %d rolled a 2", e->b);
        break;
    case MC_WHY_TWELVE:
        tb_text_puts(t, ": a 12 on the dice, with a couple on the table or "
                        "COMPANIONSHIP against it");
        break;
    case MC_WHY_LAST:
        tb_text_puts(t, ": a tie when one of them had no card left");
        break;
    default:
        tb_text_printf(t, " in %s", mc_attr_names[e->attr]);
    }
}

/* One event as observer o may hear it, as a line. */
static void say_event(tb_text *t, const mc_event *e, int o)
{
    int c = e->card;
    switch (e->kind) {
    case MC_EV_ATTACK:
        tb_text_printf(t, "seat %d attacks seat %d in %s with ", e->a, e->b,
                       mc_attr_names[e->attr]);
        say_card_attr(t, c, e->attr);
        break;
    case MC_EV_COUNTER:
        tb_text_printf(t, "seat %d counterattacks seat %d in %s with ", e->a,
                       e->b, mc_attr_names[e->attr]);
        say_card_attr(t, c, e->attr);
        break;
    case MC_EV_DEFEND:
        tb_text_printf(t, "seat %d answers with ", e->a);
        say_card_attr(t, c, e->attr);
        break;
    case MC_EV_ROLL:
        tb_text_printf(t, "seat %d rolls %d and %d for %s's %s: %d", e->a,
                       e->v1, e->v2, mc_cards[c].name, mc_attr_names[e->attr],
                       e->v1 + e->v2);
        break;
    case MC_EV_REROLL:
        tb_text_printf(t, "both rolled %d: seats %d and %d roll again", e->v1,
                       e->a, e->b);
        break;
    case MC_EV_VALUE:
        tb_text_printf(t, "seat %d's %s: %d", e->a,
                       mc_cards[c].name, e->v1);
        if (e->attr == MC_COMPANIONSHIP)
            tb_text_printf(t, " (COMPANIONSHIP: Chomp joins %s)",
                           mc_cards[e->card2].name);
        else if (e->card2 != MC_NONE)
            tb_text_printf(t, " (with %s: a couple)", mc_cards[e->card2].name);
        break;
    case MC_EV_ROUND:
        if (e->a == MC_NONE)
            tb_text_printf(t, "a tie in %s: seat %d counterattacks",
                           mc_attr_names[e->attr], e->b);
        else {
            tb_text_printf(t, "seat %d wins the combat", e->a);
            say_why(t, e);
        }
        break;
    case MC_EV_SKILL:
        tb_text_printf(t, "seat %d uses %s's %s", e->a,
                       mc_cards[e->card2].name, mc_skill_names[e->v1]);
        if (e->v1 == MC_INVESTIGATION) {
            tb_text_printf(t, " and sees seat %d's hand", e->b);
            if (o == e->a || o == e->b) {
                tb_text_puts(t, ": ");
                say_cards(t, e->mask);
            }
        } else if (c == MC_NONE && (o == e->a || o == e->b ||
                                    e->v1 == MC_ASSASSINATION)) {
            tb_text_printf(t, ": seat %d has no card to lose", e->b);
        } else if (e->v1 == MC_ASSASSINATION) {
            tb_text_printf(t, ": seat %d's %s is discarded at random", e->b,
                           mc_cards[c].name);
        } else {
            tb_text_printf(t, " and takes a card of seat %d's at random", e->b);
            if (o == e->a || o == e->b)
                tb_text_printf(t, ": %s", mc_cards[c].name);
        }
        break;
    case MC_EV_COLLECT:
        tb_text_printf(t, "seat %d takes ", e->a);
        say_cards(t, e->mask);
        if (e->mask2) {
            tb_text_puts(t, "; discarded from the game: ");
            say_cards(t, e->mask2);
        }
        break;
    case MC_EV_ELIM:
        tb_text_printf(t, "seat %d has no card left and is out", e->a);
        break;
    case MC_EV_END:
        if (e->v1)
            tb_text_puts(t, "the combat limit is reached: the game ends in "
                            "a draw");
        else if (e->a == MC_NONE)
            tb_text_puts(t, "nobody holds a card: the game ends");
        else
            tb_text_printf(t, "seat %d holds every card left and wins", e->a);
        break;
    default:
        break;
    }
    tb_text_puts(t, "\n");
}

/* ------------------------------------------------------------ describe */

/* What observer seat hears of the events logged from b to s (a move, or
 * a roll or random pick), and what is to happen next. */
static void say_since(const mc_state *b, const mc_state *s, int seat,
                      tb_text *out)
{
    int o = mc_obs(seat);
    for (unsigned i = b->ev_n; i < s->ev_n; i++) {
        const mc_event *e = mc_event_at(s, i);
        if (e)
            say_event(out, e, o);
    }
    if (s->phase == MC_PH_ROLL)
        tb_text_puts(out, "the '?' values are rolled with 2d6\n");
    if (s->phase == MC_PH_PICK)
        tb_text_printf(out, "a card of seat %d's hand is picked at random\n",
                       s->pick_from);
    if (s->phase == MC_PH_OVER) {
        tb_result r = {0};
        mc_result(s, &r);
        tbi_say_winners(out, &r);
    }
}

/* What observer seat hears of a move: the move itself, then everything
 * it brought about up to the next chance node or decision. */
void mc_describe(const void *before, tb_action a, const void *after, int seat,
                 tb_text *out)
{
    (void)a;
    say_since(before, after, seat, out);
}

/* What observer seat hears of luck: a deal (each seat its own cards,
 * everyone how many each got), or the events of a roll or a random pick,
 * told as the log tells them (a card taken at random named only to the
 * two seats concerned). */
void mc_describe_chance(const void *before, const uint16_t *outcome, int n,
                        const void *after, int seat, tb_text *out)
{
    const mc_state *b = before, *s = after;
    (void)outcome;
    (void)n;
    if (b->phase != MC_PH_SPECIALS && b->phase != MC_PH_REGULARS) {
        say_since(b, s, seat, out);
        return;
    }
    /* Hands hold no card of the type being dealt before its deal. */
    int special = b->phase == MC_PH_SPECIALS;
    int got[MC_MAX_P] = {0}, same = 1;
    for (int p = 0; p < s->players; p++) {
        got[p] = mc_count(mc_of_type(s->hand[p], special));
        same &= got[p] == got[0];
    }
    tb_text_printf(out, "the %s cards are dealt:",
                   special ? "special" : "regular");
    if (same)
        tb_text_printf(out, " %d to each seat", got[0]);
    else
        for (int p = 0; p < s->players; p++)
            tb_text_printf(out, "%s seat %d %d", p ? "," : "", p, got[p]);
    tb_text_puts(out, "\n");
    if (seat >= 0 && seat < s->players) {
        tb_text_puts(out, "you are dealt ");
        say_cards(out, mc_of_type(s->hand[seat], special));
        tb_text_puts(out, "\n");
    }
}

/* ------------------------------------------------------------ render */

/* One card as a row: number, name, the five attributes (the one in play
 * marked), and its couple or skill. */
static void card_row(tb_text *t, const char *label, int c, int hl,
                     unsigned style)
{
    const mc_card *k = &mc_cards[c];
    tb_text_printf(t, "  %-9s #%-2d %s%-8s%s", label, k->number,
                   tbi_color(style, k->special ? TBI_RED : TBI_RESET), k->name,
                   tbi_color(style, TBI_RESET));
    for (int a = 0; a < MC_ATTRS; a++) {
        char v[4];
        value_text(k->attr[a], v, sizeof v);
        if (a == hl)
            tb_text_printf(t, " %s[%2s]%s", tbi_color(style, TBI_BOLD), v,
                           tbi_color(style, TBI_RESET));
        else
            tb_text_printf(t, "  %2s ", v);
    }
    if (k->skill)
        tb_text_printf(t, "  %s", mc_skill_names[k->skill]);
    if (k->partner >= 0)
        tb_text_printf(t, "  %s %s", style & TB_STYLE_UNICODE ? "\u2665" : "couple:",
                       mc_cards[k->partner].name);
    tb_text_puts(t, "\n");
}

/* Who knows that card c is in seat o's hand, for its row: "all" when
 * everyone does, else the seats that do ("s1 s3"), else nothing. */
static void known_to(const mc_state *s, int o, int c, char *buf, size_t cap)
{
    buf[0] = 0;
    if (s->known[MC_SPEC] >> c & 1) {
        snprintf(buf, cap, "all");
        return;
    }
    size_t n = 0;
    for (int q = 0; q < s->players && n + 4 < cap; q++)
        if (q != o && (s->known[q] >> c & 1))
            n += (size_t)snprintf(buf + n, cap - n, "%ss%d", n ? " " : "", q);
}

/* The column heads of card rows; `label` heads the first column. */
static void card_head(tb_text *t, const char *label, int hl)
{
    tb_text_printf(t, "  %-9s %-3s %-8s", label, "no", "card");
    for (int a = 0; a < MC_ATTRS; a++)
        tb_text_printf(t, a == hl ? " [%2s]" : "  %2s ", mc_attr_names[a]);
    tb_text_puts(t, "\n");
}

/* What observer o knows of seat h's hand, as words. */
static void say_hand_knowledge(tb_text *t, const mc_state *s, int o, int h)
{
    uint16_t sure = s->hand[h] & s->known[o];
    int n = mc_count(s->hand[h]);
    tb_text_printf(t, "%d card%s", n, n == 1 ? "" : "s");
    if (n == 0)
        return;
    if (sure) {
        tb_text_puts(t, "; known: ");
        say_cards(t, sure);
    }
    int us = mc_unknown_of_type(s, o, h, 1), ur = mc_unknown_of_type(s, o, h, 0);
    if (us >= 0 && us + ur > 0)
        tb_text_printf(t, "; %d unknown (%d special)", us + ur, us);
    else if (us < 0)
        tb_text_puts(t, "; the rest unknown");
}

/* The last events of the log, as observer o may hear them: the current
 * combat's and the one before. */
static void render_events(tb_text *t, const mc_state *s, int o)
{
    unsigned first = s->ev_n > MC_LOG ? (unsigned)s->ev_n - MC_LOG : 0u;
    /* Back to the start of the previous combat (two attack events). */
    unsigned start = s->ev_n;
    int attacks = 0;
    while (start > first && attacks < 2) {
        start--;
        if (mc_event_at(s, start)->kind == MC_EV_ATTACK)
            attacks++;
    }
    if (start == s->ev_n)
        return;
    tb_text_puts(t, "Lately:\n");
    for (unsigned i = start; i < s->ev_n; i++) {
        tb_text_puts(t, "  ");
        say_event(t, mc_event_at(s, i), o);
    }
}

/* What the seat to move is to do, as a line. */
static void render_turn(tb_text *t, const mc_state *s, int o)
{
    char list[64];
    switch (s->phase) {
    case MC_PH_ATTACK: {
        int opp = (s->att + 1) % s->players;
        while (!mc_alive(s, opp))
            opp = (opp + 1) % s->players;
        tb_text_printf(t, "seat %d holds the marker: to attack, name an "
                       "attribute, an opponent and a card", s->att);
        if (o == s->att)
            tb_text_printf(t, " (e.g. IQ %d %s)", opp,
                           mc_cards[__builtin_ctz(s->hand[s->att])].name);
        tb_text_puts(t, "\n");
        break;
    }
    case MC_PH_COUNTER:
        list_attrs(list, sizeof list, mc_counter_attrs(s), " or ");
        tb_text_printf(t, "seat %d to counterattack seat %d: a new attribute "
                       "(%s) and a card\n", s->att, s->def, list);
        break;
    case MC_PH_DEFEND:
        tb_text_printf(t, "seat %d to answer seat %d's %s in %s: show a "
                       "card\n", s->def, s->att,
                       mc_cards[s->tcard[s->att_i]].name,
                       mc_attr_names[s->attr]);
        break;
    case MC_PH_ROLL:
        tb_text_puts(t, "the '?' values are to be rolled (2d6)\n");
        break;
    case MC_PH_PICK:
        tb_text_printf(t, "a card of seat %d's hand is to be picked at "
                       "random\n", s->pick_from);
        break;
    case MC_PH_OVER: {
        tb_result r = {0};
        mc_result(s, &r);
        if (s->at_limit)
            tb_text_printf(t, "the combat limit (%d) is reached: ", s->limit);
        tbi_say_winners(t, &r);
        break;
    }
    default:
        tb_text_puts(t, "the cards are to be dealt\n");
    }
}

void mc_render(const void *st, int seat, unsigned style, tb_text *t)
{
    const mc_state *s = st;
    int o = mc_obs(seat);
    tb_text_printf(t, "%sMystery City%s  %d players, ",
                   tbi_color(style, TBI_BOLD), tbi_color(style, TBI_RESET),
                   s->players);
    if (s->phase == MC_PH_OVER)
        tb_text_printf(t, "over after %d combats\n", s->combats);
    else
        tb_text_printf(t, "combat %d\n", s->combats + 1);
    if (s->phase == MC_PH_SPECIALS || s->phase == MC_PH_REGULARS) {
        render_turn(t, s, o);
        return;
    }
    int in_combat = s->tn > 0;
    int hl = in_combat ? s->attr : -1;
    if (in_combat) {
        tb_text_printf(t, "On the table (%s; attributes named: ",
                       mc_attr_long[s->attr]);
        char list[64];
        list_attrs(list, sizeof list, s->named, " and ");
        tb_text_printf(t, "%s):\n", list);
        card_head(t, "", hl);
        for (int i = 0; i < s->tn; i++) {
            char label[24];
            snprintf(label, sizeof label, "seat %d", s->towner[i]);
            card_row(t, label, s->tcard[i], hl, style);
        }
    }
    tb_text_puts(t, "Seats:\n");
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  seat %d%s%s: ", p, p == o ? " (you)" : "",
                       p == s->marker && s->phase != MC_PH_OVER ? " [marker]"
                                                                : "");
        if (!mc_alive(s, p))
            tb_text_printf(t, "out (%s out)\n", ordinal(s->out[p]));
        else if (p == o)
            tb_text_printf(t, "%d cards\n", mc_count(s->hand[p]));
        else {
            say_hand_knowledge(t, s, o, p);
            tb_text_puts(t, "\n");
        }
    }
    const mc_blur *b = &s->blur[o];
    if (b->on && b->cand) {
        tb_text_printf(t, "  (a card of seat %d's went to seat %d unseen: ",
                       b->from, b->to);
        say_cards(t, b->cand);
        tb_text_printf(t, " are with seat %d or seat %d)\n", b->from, b->to);
    }
    uint16_t known = 0;
    for (int p = 0; p < s->players; p++)
        if (p != o)
            known |= s->hand[p] & s->known[o];
    if (known) {
        tb_text_puts(t, o < s->players ? "Cards you know in other hands:\n"
                                       : "Cards known in hands:\n");
        card_head(t, "", hl);
        for (int c = 0; c < MC_CARDS; c++)
            if (known >> c & 1)
                for (int p = 0; p < s->players; p++)
                    if (s->hand[p] >> c & 1) {
                        char label[24];
                        snprintf(label, sizeof label, "seat %d", p);
                        card_row(t, label, c, hl, style);
                    }
    }
    if (o < s->players && s->hand[o]) {
        tb_text_puts(t, "Your hand:\n");
        card_head(t, "known to", hl);
        for (int c = 0; c < MC_CARDS; c++)
            if (s->hand[o] >> c & 1) {
                char label[16];
                known_to(s, o, c, label, sizeof label);
                card_row(t, label, c, hl, style);
            }
    }
    if (s->discard || s->removed) {
        tb_text_puts(t, "Discarded from the game: ");
        say_cards(t, s->discard);
        if (s->removed) {
            tb_text_puts(t, "; set aside: ");
            say_cards(t, s->removed);
        }
        tb_text_puts(t, "\n");
    }
    render_events(t, s, o);
    render_turn(t, s, o);
}

/* ------------------------------------------------------------ JSON */

/* A card as an object: name, number, special, skill, couple, attributes. */
static json_t *json_card(int c)
{
    const mc_card *k = &mc_cards[c];
    json_t *o = json_object();
    json_object_set_new(o, "card", json_string(k->name));
    json_object_set_new(o, "number", json_integer(k->number));
    json_object_set_new(o, "special", json_boolean(k->special));
    if (k->skill)
        json_object_set_new(o, "skill", json_string(mc_skill_names[k->skill]));
    if (k->partner >= 0)
        json_object_set_new(o, "couple", json_string(mc_cards[k->partner].name));
    json_t *at = json_object();
    for (int a = 0; a < MC_ATTRS; a++)
        json_object_set_new(at, mc_attr_names[a],
                            k->attr[a] == MC_Q ? json_string("?")
                                               : json_integer(k->attr[a]));
    json_object_set_new(o, "attributes", at);
    return o;
}

static json_t *json_cards(uint16_t set)
{
    json_t *arr = json_array();
    for (int c = 0; c < MC_CARDS; c++)
        if (set >> c & 1)
            json_array_append_new(arr, json_card(c));
    return arr;
}

static json_t *json_names(uint16_t set)
{
    json_t *arr = json_array();
    for (int c = 0; c < MC_CARDS; c++)
        if (set >> c & 1)
            json_array_append_new(arr, json_string(mc_cards[c].name));
    return arr;
}

static json_t *json_attrs(int attrs)
{
    json_t *arr = json_array();
    for (int a = 0; a < MC_ATTRS; a++)
        if (attrs >> a & 1)
            json_array_append_new(arr, json_string(mc_attr_names[a]));
    return arr;
}

/* Seat p as observer o sees it. */
static json_t *json_seat(const mc_state *s, int p, int o)
{
    json_t *v = json_object();
    json_object_set_new(v, "cards", json_integer(mc_count(s->hand[p])));
    json_object_set_new(v, "out", s->out[p] ? json_integer(s->out[p])
                                            : json_false());
    if (p != o) {
        json_object_set_new(v, "known", json_names(s->hand[p] & s->known[o]));
        int us = mc_unknown_of_type(s, o, p, 1);
        int ur = mc_unknown_of_type(s, o, p, 0);
        json_object_set_new(v, "unknown_specials",
                            us >= 0 ? json_integer(us) : json_null());
        json_object_set_new(v, "unknown_regulars",
                            ur >= 0 ? json_integer(ur) : json_null());
    }
    return v;
}

static const char *const phase_names[] = {"deal",    "deal", "attack",
                                          "defend",  "roll", "counterattack",
                                          "pick",    "over"};

json_t *mc_view_json(const void *st, int seat)
{
    const mc_state *s = st;
    int o = mc_obs(seat);
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "combats", json_integer(s->combats));
    if (s->phase == MC_PH_SPECIALS || s->phase == MC_PH_REGULARS)
        return v;
    json_object_set_new(v, "marker", json_integer(s->marker));
    if (s->att != MC_NONE)
        json_object_set_new(v, "attacker", json_integer(s->att));
    if (s->def != MC_NONE)
        json_object_set_new(v, "defender", json_integer(s->def));
    if (s->tn) {
        json_object_set_new(v, "attribute", json_string(mc_attr_names[s->attr]));
        json_object_set_new(v, "named", json_attrs(s->named));
        json_t *table = json_array();
        for (int i = 0; i < s->tn; i++) {
            json_t *c = json_card(s->tcard[i]);
            json_object_set_new(c, "seat", json_integer(s->towner[i]));
            json_array_append_new(table, c);
        }
        json_object_set_new(v, "table", table);
    }
    if (s->phase == MC_PH_COUNTER)
        json_object_set_new(v, "new_attributes", json_attrs(mc_counter_attrs(s)));
    json_object_set_new(v, "discarded", json_names(s->discard));
    json_object_set_new(v, "set_aside", json_names(s->removed));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++)
        json_array_append_new(seats, json_seat(s, p, o));
    json_object_set_new(v, "seats", seats);
    const mc_blur *b = &s->blur[o];
    if (b->on) {
        json_t *d = json_object();
        json_object_set_new(d, "from", json_integer(b->from));
        json_object_set_new(d, "to", json_integer(b->to));
        json_object_set_new(d, "either", json_names(b->cand));
        json_object_set_new(v, "unseen_take", d);
    }
    if (o < s->players) {
        json_object_set_new(v, "hand", json_cards(s->hand[o]));
        json_t *kb = json_object();
        for (int c = 0; c < MC_CARDS; c++) {
            if (!(s->hand[o] >> c & 1))
                continue;
            json_t *who = json_array();
            for (int r = 0; r < s->players; r++)
                if (r != o && (s->known[r] >> c & 1))
                    json_array_append_new(who, json_integer(r));
            json_object_set_new(kb, mc_cards[c].name, who);
        }
        json_object_set_new(v, "known_by", kb);
    }
    json_t *log = json_array();
    unsigned first = s->ev_n > MC_LOG ? (unsigned)s->ev_n - MC_LOG : 0u;
    for (unsigned i = first; i < s->ev_n; i++) {
        char line[256];
        tb_text t;
        tb_text_init(&t, line, sizeof line);
        say_event(&t, mc_event_at(s, i), o);
        if (t.len && line[t.len - 1] == '\n')
            line[t.len - 1] = '\0';
        json_array_append_new(log, json_string(line));
    }
    json_object_set_new(v, "log", log);
    return v;
}
