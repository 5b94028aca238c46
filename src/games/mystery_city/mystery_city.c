/*
 * mystery_city.c - Mystery City, the card game of the visual novel: 2-4
 * players fight with 16 character cards by their attributes (ST, DX, IQ,
 * MO, HT), win each other's cards, and are out when they have none.
 *
 * A turn is one combat.  The seat holding the turn marker names an
 * attribute and an opponent and shows a card; the opponent answers with a
 * card.  The higher value wins every card on the table (a red, special card
 * is discarded instead); a tie leaves them there and the defender
 * counterattacks with a new attribute, until someone wins.  '?' values are
 * rolled with 2d6 (a chance node), couples add up, and the special cards'
 * skills are used when the combat ends, the loser's first.  The last seat
 * holding cards wins; the others rank by when they went out.
 *
 * This file holds the rules; knowledge.c what each seat knows of the hands
 * (and determinize), view.c the notation, the drawing and describe,
 * heuristic.c the bots, cards.c the card table.
 */
#include "mc.h"

#include <assert.h>
#include <string.h>

enum { OPT_LIMIT };

static const tb_option_def options[] = {
    [OPT_LIMIT] = {"limit", "combats after which the game ends, the players "
                   "still in sharing first place (the project's rule: the "
                   "text sets no limit)", TB_OPT_INT, 100, 10, 5000,
                   NULL},
};

/* ------------------------------------------------------------ the log */

void mc_log(mc_state *s, const mc_event *e)
{
    s->ev[s->ev_n % MC_LOG] = *e;
    s->ev_n++;
}

const mc_event *mc_event_at(const mc_state *s, unsigned i)
{
    unsigned first = s->ev_n > MC_LOG ? (unsigned)s->ev_n - MC_LOG : 0u;
    if (i < first || i >= s->ev_n)
        return NULL;
    return &s->ev[i % MC_LOG];
}

/* Logs an event of the given kind and fields. */
static void log_ev(mc_state *s, int kind, int a, int b, int card, int card2,
                   int attr, int v1, int v2, uint16_t mask)
{
    mc_event e = {(uint8_t)kind, (uint8_t)a,    (uint8_t)b,
                  (uint8_t)card, (uint8_t)card2, (uint8_t)attr,
                  (uint8_t)v1,   (uint8_t)v2,    mask, 0};
    mc_log(s, &e);
}

/* ------------------------------------------------------------ values */

/* The index on the table of card c, or -1. */
static int table_index(const mc_state *s, int c)
{
    for (int i = 0; i < s->tn; i++)
        if (s->tcard[i] == c)
            return i;
    return -1;
}

/* The last card seat p has among the first `limit` cards on the table, or
 * -1. */
static int previous_before(const mc_state *s, int p, int limit)
{
    for (int i = limit - 1; i >= 0; i--)
        if (s->towner[i] == p)
            return i;
    return -1;
}

/* Adds card x's attribute a to v: its printed value, or the roll. */
static void add_term(mc_value *v, int x, int a, int *qcard)
{
    int val = mc_attr(x, a);
    if (val == MC_Q) {
        assert(*qcard < 0); /* the card table never sums two '?' */
        *qcard = x;
        v->has_roll = 1;
    } else {
        v->fixed += val;
    }
}

/*
 * The value seat p gets by showing card c in attribute a when the first
 * `limit` cards of the table were there before it.  "If one of these cards
 * is on the table and the complementary card is played, the attributes of
 * both will be added to the player who completed the couple."
 * COMPANIONSHIP "can add the Chomp's attributes to the previous card
 * he/she has on the table": Hazel counts as that card plus Chomp when her
 * owner has one there.  *qcard gets the card whose '?' is rolled, or -1.
 */
mc_value mc_value_at(const mc_state *s, int p, int c, int a, int limit,
                     int *qcard)
{
    mc_value v = {0, 0, -1, 0, -1};
    *qcard = -1;
    if (mc_cards[c].skill == MC_COMPANIONSHIP) {
        int prev = previous_before(s, p, limit);
        if (prev >= 0) {
            v.chomp = 1;
            v.prev = s->tcard[prev];
            v.fixed += mc_chomp[a];
            add_term(&v, s->tcard[prev], a, qcard);
            return v;
        }
    }
    add_term(&v, c, a, qcard);
    int pc = mc_cards[c].partner;
    if (pc >= 0) {
        int i = table_index(s, pc);
        if (i >= 0 && i < limit) {
            v.partner = pc;
            add_term(&v, pc, a, qcard);
        }
    }
    return v;
}

mc_value mc_value_of(const mc_state *s, int p, int c, int a)
{
    int q;
    return mc_value_at(s, p, c, a, s->tn, &q);
}

int mc_couple_on_table(const mc_state *s)
{
    for (int i = 0; i < s->tn; i++) {
        int pc = mc_cards[s->tcard[i]].partner;
        if (pc > s->tcard[i] && table_index(s, pc) >= 0)
            return 1;
    }
    return 0;
}

/* The values of this round's two cards (side 0 the attacker's, side 1 the
 * defender's) and the card each side's '?' comes from. */
static void round_values(const mc_state *s, mc_value *v, int *q)
{
    v[0] = mc_value_at(s, s->att, s->tcard[s->att_i], s->attr, s->att_i, &q[0]);
    v[1] = mc_value_at(s, s->def, s->tcard[s->def_i], s->attr, s->def_i, &q[1]);
}

/* ------------------------------------------------------------ set-up */

static void init(void *st, const tb_config *cfg)
{
    mc_state *s = st;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    s->limit = (uint16_t)cfg->opt[OPT_LIMIT];
    s->phase = MC_PH_SPECIALS;
    /* "3 players: ... Norma's card must be discarded from the game" */
    if (s->players == 3)
        s->removed = 1u << MC_NORMA;
    s->winner = s->loser = MC_NONE;
    s->att = s->def = MC_NONE;
}

static int current(const void *st)
{
    const mc_state *s = st;
    switch (s->phase) {
    case MC_PH_ATTACK:
    case MC_PH_COUNTER: return s->att;
    case MC_PH_DEFEND: return s->def;
    case MC_PH_OVER: return TB_TERMINAL;
    default: return TB_CHANCE;
    }
}

static void chance(const void *st, tb_chance *c)
{
    const mc_state *s = st;
    c->kind = TB_CHANCE_SHUFFLE;
    c->lo = 0;
    c->hi = MC_CARDS - 1;
    c->n = 0;
    if (s->phase == MC_PH_SPECIALS || s->phase == MC_PH_REGULARS) {
        int special = s->phase == MC_PH_SPECIALS;
        c->what = special ? "the special cards" : "the regular cards";
        for (int id = 0; id < MC_CARDS; id++)
            if (mc_is_special(id) == special && !(s->removed >> id & 1))
                c->items[c->n++] = (uint16_t)id;
        return;
    }
    c->kind = TB_CHANCE_ROLL;
    if (s->phase == MC_PH_ROLL) {
        c->what = s->nslots == 1 ? "2d6" : "2d6, then 2d6";
        c->n = 2 * s->nslots;
        c->lo = 1;
        c->hi = 6;
        return;
    }
    /* MC_PH_PICK: a card of the opponent's hand, "without looking": its
     * place in the hand, counted in card order. */
    c->what = "a card of the opponent's hand at random";
    c->n = 1;
    c->lo = 0;
    c->hi = mc_count(s->hand[s->pick_from]) - 1;
}

/* Deals a shuffled deck round the table, one card at a time from seat 0. */
static void deal(mc_state *s, const uint16_t *cards, int n)
{
    for (int i = 0; i < n; i++)
        s->hand[i % s->players] |= (uint16_t)(1u << cards[i]);
}

/* Starts the turn of the marker's holder. */
static void start_turn(mc_state *s)
{
    s->att = s->marker;
    s->def = MC_NONE;
    s->named = 0;
    s->tn = 0;
    s->nslots = 0;
    s->winner = s->loser = MC_NONE;
    s->skn = s->ski = 0;
    s->phase = MC_PH_ATTACK;
}

/* ------------------------------------------------------------ combat */

static void resolve_round(mc_state *s);

/* After both cards of a round are shown: the '?' values to roll (each card
 * once; a roll is the attacker's or the defender's: whose value it makes,
 * or, when it makes both, whose card it is), or the round's outcome. */
static void setup_round(mc_state *s)
{
    mc_value v[2];
    int q[2];
    round_values(s, v, q);
    s->nslots = 0;
    for (int side = 0; side < 2; side++) {
        if (q[side] < 0 || (side == 1 && q[1] == q[0]))
            continue;
        int owner = side;
        if (q[0] == q[1])
            owner = s->towner[table_index(s, q[0])] == s->att ? 0 : 1;
        s->slot_card[s->nslots] = (uint8_t)q[side];
        s->slot_side[s->nslots] = (uint8_t)owner;
        s->nslots++;
    }
    if (s->nslots)
        s->phase = MC_PH_ROLL;
    else
        resolve_round(s);
}

/* The other seat of the combat. */
static int opponent_in_combat(const mc_state *s, int p)
{
    return p == s->winner ? s->loser : s->winner;
}

static void end_combat(mc_state *s);

/* The combat is won: the skills of the special cards on the table are to
 * be used, "the defeated player ... first", each player's in the order
 * the cards were shown. */
static void win_combat(mc_state *s, int winner)
{
    s->winner = (uint8_t)winner;
    s->loser = (uint8_t)(winner == s->att ? s->def : s->att);
    s->skn = s->ski = 0;
    for (int pass = 0; pass < 2; pass++) {
        int who = pass == 0 ? s->loser : s->winner;
        for (int i = 0; i < s->tn; i++)
            if (s->towner[i] == who && mc_is_special(s->tcard[i]))
                s->skq[s->skn++] = s->tcard[i];
    }
    end_combat(s);
}

int mc_decide(const int *val, const int *own, int couple, const int *chomp,
               int *why)
{
    /* "A 2 value: the player loses the bet immediately, even in a tie" */
    *why = MC_WHY_TWO;
    if (own[0] == 2 || own[1] == 2)
        return own[0] == 2 ? 1 : 0;
    /* "A 12 value: the player wins the combat immediately, even in a tie,
     * if there is a couple in the table or when another player is using
     * the special skill COMPANIONSHIP" */
    *why = MC_WHY_TWELVE;
    for (int side = 0; side < 2; side++)
        if (own[side] == 12 && (couple || chomp[1 - side]))
            return side;
    *why = MC_WHY_HIGHER;
    if (val[0] != val[1])
        return val[0] > val[1] ? 0 : 1;
    *why = MC_WHY_TIE;
    return -1;
}

/* Compares the round's values once every '?' is rolled. */
static void resolve_round(mc_state *s)
{
    mc_value v[2];
    int q[2], val[2], own_roll[2] = {0, 0};
    round_values(s, v, q);
    for (int side = 0; side < 2; side++) {
        val[side] = v[side].fixed;
        for (int k = 0; k < s->nslots; k++) {
            if (s->slot_card[k] == q[side])
                val[side] += s->slot_roll[k];
            if (s->slot_side[k] == side)
                own_roll[side] = s->slot_roll[k];
        }
        int seat = side ? s->def : s->att;
        int with = v[side].chomp ? v[side].prev : v[side].partner;
        log_ev(s, MC_EV_VALUE, seat, 0, s->tcard[side ? s->def_i : s->att_i],
               with >= 0 ? with : MC_NONE,
               v[side].chomp ? MC_COMPANIONSHIP : MC_NONE, val[side], 0,
               0);
    }
    int chomp[2] = {v[0].chomp, v[1].chomp}, why;
    int winner = mc_decide(val, own_roll, mc_couple_on_table(s), chomp, &why);
    if (winner < 0) {
        why = MC_WHY_LAST;
        /* "If in a tie the defender shows his last card, he/she'll always
         * win the combat"; so does a defender whose attacker has no card
         * left to answer the counterattack with. */
        if (s->hand[s->def] == 0 || s->hand[s->att] == 0) {
            winner = 1;
        } else {
            /* "the defender has the opportunity to counterattack
             * announcing a new attribute" */
            log_ev(s, MC_EV_ROUND, MC_NONE, s->def, 0, 0, s->attr,
                   MC_WHY_TIE, 0, 0);
            uint8_t t = s->att;
            s->att = s->def;
            s->def = t;
            s->nslots = 0;
            s->phase = MC_PH_COUNTER;
            return;
        }
    }
    int seat = winner ? s->def : s->att;
    log_ev(s, MC_EV_ROUND, seat, winner ? s->att : s->def, 0, 0, s->attr,
           why, 0, 0);
    s->nslots = 0;
    win_combat(s, seat);
}

/* Uses the skills still to be used, in order; stops at a chance node when
 * one needs a card of the opponent's hand at random.  Then the table goes
 * to the winner, the players left without cards are out, and the marker
 * passes on (or the game ends). */
static void end_combat(mc_state *s)
{
    while (s->ski < s->skn) {
        int c = s->skq[s->ski];
        int owner = s->towner[table_index(s, c)];
        int opp = opponent_in_combat(s, owner);
        int skill = mc_cards[c].skill;
        if (skill == MC_COMPANIONSHIP) {
            s->ski++; /* used during the combat, if at all */
            continue;
        }
        if (skill == MC_INVESTIGATION) {
            /* "the player can ask to see all the opponent's cards" */
            log_ev(s, MC_EV_SKILL, owner, opp, MC_NONE, c, 0, skill, 0,
                   s->hand[opp]);
            mc_know_hand(s, owner, opp);
            s->ski++;
            continue;
        }
        if (s->hand[opp] == 0) {
            log_ev(s, MC_EV_SKILL, owner, opp, MC_NONE, c, 0, skill, 0, 0);
            s->ski++;
            continue;
        }
        s->pick_skill = (uint8_t)skill;
        s->pick_from = (uint8_t)opp;
        s->pick_to = (uint8_t)owner;
        s->phase = MC_PH_PICK;
        return;
    }
    /* "The defeated player card goes to the winner's hand"; special cards,
     * "once used, ... must be discarded from the game". */
    uint16_t taken = 0, gone = 0;
    for (int i = 0; i < s->tn; i++) {
        uint16_t bit = (uint16_t)(1u << s->tcard[i]);
        if (mc_is_special(s->tcard[i]))
            gone |= bit;
        else
            taken |= bit;
    }
    s->hand[s->winner] |= taken;
    s->discard |= gone;
    mc_know_taken(s, s->winner, taken);
    mc_event e = {MC_EV_COLLECT, s->winner, s->loser, 0, 0, 0, 0, 0, taken,
                  gone};
    mc_log(s, &e);
    s->tn = 0;
    s->combats++;
    /* "Players are eliminated when they lose their last card." */
    int any = 0;
    for (int k = 0; k < 2; k++) {
        int p = k ? s->winner : s->loser;
        if (mc_alive(s, p) && s->hand[p] == 0) {
            if (!any)
                s->out_steps++;
            any = 1;
            s->out[p] = s->out_steps;
            log_ev(s, MC_EV_ELIM, p, 0, 0, 0, 0, 0, 0, 0);
        }
    }
    int alive = 0, last = MC_NONE;
    for (int p = 0; p < s->players; p++)
        if (mc_alive(s, p)) {
            alive++;
            last = p;
        }
    /* "The game ends when the winner gets all the cards from the
     * opponents." */
    if (alive <= 1 || s->combats >= s->limit) {
        /* The project's limit: players who win each other's cards back
         * could fight for ever. */
        s->at_limit = alive > 1;
        log_ev(s, MC_EV_END, alive == 1 ? last : MC_NONE, 0, 0, 0, 0,
               s->at_limit, 0, 0);
        s->phase = MC_PH_OVER;
        s->att = s->def = MC_NONE;
        return;
    }
    /* "the marker ... passes to the next player in counterclockwise
     * order" */
    int m = s->marker;
    do
        m = (m + 1) % s->players;
    while (!mc_alive(s, m));
    s->marker = (uint8_t)m;
    start_turn(s);
}

/* The k-th card (in card order) of a set. */
static int kth_card(uint16_t set, int k)
{
    for (int c = 0; c < MC_CARDS; c++)
        if ((set >> c & 1) && k-- == 0)
            return c;
    return -1;
}

/* ASSASSINATION "discards one card, without looking the opponent's hand,
 * putting it on the discarded stack" (face up); COUNTERINTELLIGENCE "takes
 * one opponent's card, without looking": the taker and its owner know
 * which, nobody else does. */
static void apply_pick(mc_state *s, int k)
{
    int from = s->pick_from, to = s->pick_to;
    int c = kth_card(s->hand[from], k);
    uint16_t bit = (uint16_t)(1u << c);
    if (s->pick_skill == MC_ASSASSINATION) {
        mc_know_shown(s, from, c);
        s->hand[from] &= (uint16_t)~bit;
        s->discard |= bit;
    } else {
        mc_know_stolen(s, to, from, c);
        s->hand[from] &= (uint16_t)~bit;
        s->hand[to] |= bit;
    }
    log_ev(s, MC_EV_SKILL, to, from, c, s->skq[s->ski], 0, s->pick_skill, 0,
           0);
    s->ski++;
    end_combat(s);
}

static void apply_chance(void *st, const uint16_t *outcome)
{
    mc_state *s = st;
    switch (s->phase) {
    case MC_PH_SPECIALS:
        /* "2 players: 8 cards for each one (2 special and 6 regular)";
         * 3 players 1 and 4 (README); 4 players 1 and 3. */
        deal(s, outcome, s->players == 3 ? 3 : 4);
        s->phase = MC_PH_REGULARS;
        return;
    case MC_PH_REGULARS:
        deal(s, outcome, 12);
        start_turn(s);
        break;
    case MC_PH_ROLL: {
        for (int k = 0; k < s->nslots; k++) {
            s->slot_roll[k] = (uint8_t)(outcome[2 * k] + outcome[2 * k + 1]);
            int seat = s->slot_side[k] ? s->def : s->att;
            log_ev(s, MC_EV_ROLL, seat, 0, s->slot_card[k], 0, s->attr,
                   outcome[2 * k], outcome[2 * k + 1], 0);
        }
        /* "when both players have unknown attributes and roll the same
         * numbers, it is necessary to repeat the cast" */
        if (s->nslots == 2 && s->slot_roll[0] == s->slot_roll[1]) {
            log_ev(s, MC_EV_REROLL, s->att, s->def, 0, 0, s->attr,
                   s->slot_roll[0], 0, 0);
            return;
        }
        resolve_round(s);
        break;
    }
    case MC_PH_PICK:
        apply_pick(s, outcome[0]);
        break;
    default:
        break;
    }
    mc_know_deduce(s);
}

/* ------------------------------------------------------------ moves */

int mc_counter_attrs(const mc_state *s)
{
    /* "a new attribute": one not named yet in this combat, or, once all
     * five have been, any but the one that just tied. */
    int free = ~s->named & 31;
    return free ? free : 31 & ~(1 << s->attr);
}

static int legal(const void *st, tb_action *out)
{
    const mc_state *s = st;
    int n = 0;
    if (s->phase == MC_PH_DEFEND) {
        for (int c = 0; c < MC_CARDS; c++)
            if (s->hand[s->def] >> c & 1)
                out[n++] = (tb_action)c;
        return n;
    }
    uint16_t h = s->hand[s->att];
    if (s->phase == MC_PH_COUNTER) {
        int attrs = mc_counter_attrs(s);
        for (int a = 0; a < MC_ATTRS; a++)
            if (attrs >> a & 1)
                for (int c = 0; c < MC_CARDS; c++)
                    if (h >> c & 1)
                        out[n++] = mc_counter(a, c);
        return n;
    }
    for (int a = 0; a < MC_ATTRS; a++)
        for (int o = 0; o < s->players; o++)
            if (o != s->att && mc_alive(s, o))
                for (int c = 0; c < MC_CARDS; c++)
                    if (h >> c & 1)
                        out[n++] = mc_attack(a, o, c);
    return n;
}

/* Seat p shows card c: it goes face up on the table. */
static int show(mc_state *s, int p, int c)
{
    mc_know_shown(s, p, c);
    s->hand[p] &= (uint16_t)~(1u << c);
    s->tcard[s->tn] = (uint8_t)c;
    s->towner[s->tn] = (uint8_t)p;
    return s->tn++;
}

static void apply(void *st, tb_action a)
{
    mc_state *s = st;
    int c = mc_a_card(a);
    if (s->phase == MC_PH_DEFEND) {
        log_ev(s, MC_EV_DEFEND, s->def, s->att, c, 0, s->attr, 0, 0, 0);
        s->def_i = (uint8_t)show(s, s->def, c);
        setup_round(s);
    } else {
        s->attr = (uint8_t)mc_a_attr(a);
        s->named |= (uint8_t)(1u << s->attr);
        if (s->phase == MC_PH_ATTACK)
            s->def = (uint8_t)mc_a_opp(a);
        log_ev(s, s->phase == MC_PH_ATTACK ? MC_EV_ATTACK : MC_EV_COUNTER,
               s->att, s->def, c, 0, s->attr, 0, 0, 0);
        s->att_i = (uint8_t)show(s, s->att, c);
        s->phase = MC_PH_DEFEND;
    }
    mc_know_deduce(s);
}

/* ------------------------------------------------------------ the end */

/* A seat's score: how many players went out before it (the survivor
 * outlasted everyone).  Seats out at the same time share a score, and so
 * do the players still in when the limit ended the game. */
static int outlasted(const mc_state *s, int p)
{
    int n = 0;
    for (int q = 0; q < s->players; q++)
        if (q != p && !mc_alive(s, q) && (mc_alive(s, p) || s->out[q] < s->out[p]))
            n++;
    return n;
}

void mc_result(const void *st, tb_result *out)
{
    const mc_state *s = st;
    out->players = s->players;
    for (int p = 0; p < s->players; p++)
        out->score[p] = outlasted(s, p);
    /* "Results rank the survivor first and the others by the order in
     * which they were eliminated" (the issue). */
    tbi_rank_by_score(out, 1);
    /* At the project's combat limit nobody has won by the text's rule
     * ("the winner gets all the cards"): a draw, not a shared win (issue
     * 31); the scores still say who went out before whom. */
    if (s->at_limit)
        tbi_draw_result(out);
}

/* Players outlasted so far, and a seventeenth of a point per card held;
 * a round is one combat per player (the marker once round the table, as
 * long as nobody is out). */
static int standing(const void *st, double *scores)
{
    const mc_state *s = st;
    for (int p = 0; p < s->players; p++)
        scores[p] = outlasted(s, p) + mc_count(s->hand[p]) / 17.0;
    return s->combats / s->players;
}

static const tb_policy policies[] = {
    {"bold", "attacks in the attribute of its single highest value with that "
             "card, at the opponent with the most cards; answers with its "
             "highest card in the attribute", mc_bold},
};

const tb_game tbg_mystery_city = {
    .id = "mystery-city",
    .title = "Mystery City",
    .blurb = "fight with character cards by strength, dexterity, "
             "intelligence, moral or health; win the cards, keep the last",
    .min_players = 2,
    .max_players = MC_MAX_P,
    .flags = TB_GAME_HIDDEN,
    .options = options,
    .n_options = 1,
    .state_size = sizeof(mc_state),
    .init = init,
    .current = current,
    .chance = chance,
    .apply_chance = apply_chance,
    .legal = legal,
    .apply = apply,
    .result = mc_result,
    .determinize = mc_determinize,
    .action_text = mc_action_text,
    .parse_action = mc_parse_action,
    .render = mc_render,
    .view_json = mc_view_json,
    .standing = standing,
    .heuristic = mc_heuristic,
    .search_defaults = "widen=0,rwiden=0.3", /* docs/bots.md, Strength */
    .describe = mc_describe,
    .describe_chance = mc_describe_chance,
    .policies = policies,
    .n_policies = 1,
    .observe = mc_observe,
    .action_space = mc_action_space,
    .action_index = mc_action_index,
};
