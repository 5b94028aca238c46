/*
 * tensors.c - Mystery City's learning tensors (docs/learning.md): what a
 * seat knows as a fixed vector of floats, and every action as a number
 * below a fixed bound, for tb_game.observe, action_space and action_index.
 */
#include "mc.h"

#include "obs.h"

#define MC_EVENT_KINDS (MC_EV_END + 1)
#define RECENT 8 /* events of the log in the tensor, newest first */
#define VALUE_SCALE 36.0 /* a value shown: two cards and a roll at most */

/* n floats: seat p (a byte, MC_NONE for none) counted from seat. */
static void obs_who(tbi_obs *o, int p, int seat, int n)
{
    tbi_obs_seat(o, p == MC_NONE ? -1 : p, seat, n);
}

/* A card (MC_NONE or beyond the cards: none) as a one-hot over 16. */
static void obs_card(tbi_obs *o, int c)
{
    tbi_obs_onehot(o, c < MC_CARDS ? c : -1, MC_CARDS);
}

/* A doubt about an unseen COUNTERINTELLIGENCE (mc_blur): whether there is
 * one, from and to whom (one-hot from seat), the cards it may be (flags),
 * the counts it keeps (/12) and its weights. */
static void obs_blur(tbi_obs *o, const mc_blur *b, int seat, int n)
{
    tbi_obs_scalar(o, b->on);
    obs_who(o, b->on ? b->from : MC_NONE, seat, n);
    obs_who(o, b->on ? b->to : MC_NONE, seat, n);
    tbi_obs_bits(o, b->cand, 0, MC_CARDS);
    for (int t = 0; t < 2; t++) {
        tbi_obs_scalar(o, b->punk[t] / 12.0);
        tbi_obs_scalar(o, b->qown[t] / 12.0);
        tbi_obs_scalar(o, b->w_type[t]);
    }
    tbi_obs_scalar(o, b->w_cand);
}

/* One event of the log as seat saw it (mc_event_seen): its kind, its two
 * seats, its two cards, its attribute (one-hot), its two numbers (/36)
 * and its two sets of cards; all 0 for no event. */
static void obs_event(tbi_obs *o, const mc_event *e, int seat, int n)
{
    mc_event seen = {0};
    if (e)
        mc_event_seen(e, seat, &seen);
    tbi_obs_onehot(o, e ? seen.kind : -1, MC_EVENT_KINDS);
    obs_who(o, e ? seen.a : MC_NONE, seat, n);
    obs_who(o, e ? seen.b : MC_NONE, seat, n);
    obs_card(o, e ? seen.card : MC_NONE);
    obs_card(o, e ? seen.card2 : MC_NONE);
    tbi_obs_onehot(o, e && seen.attr < MC_ATTRS ? seen.attr : -1, MC_ATTRS);
    tbi_obs_scalar(o, seen.v1 / VALUE_SCALE);
    tbi_obs_scalar(o, seen.v2 / VALUE_SCALE);
    tbi_obs_bits(o, seen.mask, 0, MC_CARDS);
    tbi_obs_bits(o, seen.mask2, 0, MC_CARDS);
}

/* How many of hand h's unknown cards of type t seat does not know, and
 * whether a doubt leaves that unsure (then the count is 0). */
static void obs_unknown(tbi_obs *o, const mc_state *s, int seat, int h, int t)
{
    int k = mc_unknown_of_type(s, seat, h, t);
    tbi_obs_scalar(o, k < 0 ? 0 : k / 12.0);
    tbi_obs_scalar(o, k < 0);
}

/* seat's observation (docs/learning.md), cards as the 16 ids: its hand,
 * the cards in other hands it is sure of, those everyone is sure of, the
 * cards discarded and set aside (flags); per seat from seat on: its cards
 * and its specials in hand (/16, /4; 0 while seat's doubt is about the
 * special taken from or to it), when it went out (/4), the cards of
 * its hand seat knows, the cards of seat's hand it knows (flags), and the
 * cards of each type (special, regular) of its hand seat does not know
 * (/12, with a flag when a doubt leaves that unsure); seat's doubt and
 * everyone's (obs_blur); the marker, the attacker and the defender
 * (one-hot from seat), the attribute and the attributes named this
 * combat; the table: each card's place in the order shown (tbi_obs_order)
 * and who showed it (one-hot per card), the round's two cards; the '?'
 * rolls of the round (each its card, side and roll); the combat's winner
 * and loser; the specials whose skills wait, in order, and how many are
 * done (/4); the pending pick (skill, from, to); the combats (/100), the
 * limit (/100), whether the game ended at it, the events so far (/200) and
 * the last RECENT events (obs_event); the seat to act (one-hot); the
 * phase.  A NULL out only counts. */
int mc_observe(const void *st, int seat, float *out)
{
    const mc_state *s = st;
    tbi_obs o = {out, 0};
    int n = s->players;
    uint16_t own = s->hand[seat];
    /* The cards seat knows where they lie: not those of its doubt, one
     * of which has moved (the doubt is encoded on its own). */
    const mc_blur *b = &s->blur[seat];
    uint16_t sure = (uint16_t)~(b->on ? b->cand : 0u);
    tbi_obs_bits(&o, own, 0, MC_CARDS);
    tbi_obs_bits(&o, s->known[seat], 0, MC_CARDS);
    tbi_obs_bits(&o, s->known[MC_SPEC], 0, MC_CARDS);
    tbi_obs_bits(&o, s->discard, 0, MC_CARDS);
    tbi_obs_bits(&o, s->removed, 0, MC_CARDS);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n, other = p != seat;
        tbi_obs_scalar(&o, mc_count(s->hand[p]) / 16.0);
        int doubt = b->on && (p == b->from || p == b->to);
        tbi_obs_scalar(&o, doubt ? 0
                                 : mc_count(mc_of_type(s->hand[p], 1)) / 4.0);
        tbi_obs_scalar(&o, s->out[p] / 4.0);
        tbi_obs_bits(&o, other ? s->hand[p] & s->known[seat] & sure : 0, 0,
                     MC_CARDS);
        tbi_obs_bits(&o, other ? (s->known[p] | s->known[MC_SPEC]) & own : 0,
                     0, MC_CARDS);
        for (int t = 0; t < 2; t++)
            if (other)
                obs_unknown(&o, s, seat, p, t);
            else
                tbi_obs_onehot(&o, -1, 2);
    }
    obs_blur(&o, b, seat, n);
    obs_blur(&o, &s->blur[MC_SPEC], seat, n);
    int dealt = s->phase != MC_PH_SPECIALS && s->phase != MC_PH_REGULARS;
    obs_who(&o, dealt ? s->marker : MC_NONE, seat, n);
    obs_who(&o, s->att, seat, n);
    obs_who(&o, s->def, seat, n);
    tbi_obs_onehot(&o, s->attr, MC_ATTRS);
    tbi_obs_bits(&o, s->named, 0, MC_ATTRS);
    tbi_obs_order(&o, s->tcard, s->tn, 0, MC_CARDS, MC_CARDS);
    for (int c = 0; c < MC_CARDS; c++) {
        int who = MC_NONE;
        for (int i = 0; i < s->tn; i++)
            if (s->tcard[i] == c)
                who = s->towner[i];
        obs_who(&o, who, seat, n);
    }
    obs_card(&o, s->att_i < s->tn ? s->tcard[s->att_i] : MC_NONE);
    obs_card(&o, s->def_i < s->tn ? s->tcard[s->def_i] : MC_NONE);
    tbi_obs_scalar(&o, s->nslots / 2.0);
    for (int i = 0; i < 2; i++) {
        int used = i < s->nslots;
        obs_card(&o, used ? s->slot_card[i] : MC_NONE);
        tbi_obs_scalar(&o, used && s->slot_side[i]);
        tbi_obs_scalar(&o, used ? s->slot_roll[i] / 12.0 : 0);
    }
    obs_who(&o, s->winner, seat, n);
    obs_who(&o, s->loser, seat, n);
    tbi_obs_order(&o, s->skq, s->skn, 0, MC_CARDS, MC_CARDS);
    tbi_obs_scalar(&o, s->ski / 4.0);
    int picking = s->phase == MC_PH_PICK;
    tbi_obs_onehot(&o, picking ? s->pick_skill : -1, 5);
    obs_who(&o, picking ? s->pick_from : MC_NONE, seat, n);
    obs_who(&o, picking ? s->pick_to : MC_NONE, seat, n);
    tbi_obs_scalar(&o, s->combats / 100.0);
    tbi_obs_scalar(&o, s->limit / 100.0);
    tbi_obs_scalar(&o, s->at_limit);
    tbi_obs_scalar(&o, s->ev_n / 200.0);
    for (int k = 0; k < RECENT; k++)
        obs_event(&o, k < s->ev_n ? mc_event_at(s, s->ev_n - 1u - (unsigned)k)
                                  : NULL,
                  seat, n);
    int cur = s->phase == MC_PH_ATTACK || s->phase == MC_PH_COUNTER ? s->att
              : s->phase == MC_PH_DEFEND ? s->def : MC_NONE;
    obs_who(&o, cur, seat, n);
    tbi_obs_onehot(&o, s->phase, MC_PH_OVER + 1);
    return o.at;
}

/* Defending with card c is c; an attack in attribute a on the opponent r
 * seats after the attacker (1-3) with card c is 16 + (4 a + r) 16 + c; a
 * counterattack in attribute a with card c is 336 + 16 a + c. */
#define ATTACKS (MC_CARDS + MC_ATTRS * MC_MAX_P * MC_CARDS)

int mc_action_space(const tb_config *cfg)
{
    (void)cfg;
    return ATTACKS + MC_ATTRS * MC_CARDS;
}

int mc_action_index(const void *st, tb_action a)
{
    const mc_state *s = st;
    int c = mc_a_card(a), attr = mc_a_attr(a);
    if (a & MC_A_COUNTER)
        return ATTACKS + attr * MC_CARDS + c;
    if (a & MC_A_ATTACK) {
        int r = (mc_a_opp(a) - s->att + MC_MAX_P) % MC_MAX_P;
        return MC_CARDS + (attr * MC_MAX_P + r) * MC_CARDS + c;
    }
    return c;
}
