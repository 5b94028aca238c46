/*
 * tensors.c - Schotten Totten's learning tensors (docs/learning.md): what a
 * seat sees as a fixed vector of floats, and every action as a number
 * below a fixed bound, for tb_game.observe, action_space and action_index.
 */
#include "stt.h"

#include "obs.h"

/* Card values 1-69 (tactic cards 1-10, clan cards 11-69 but the tens). */
#define CARD_LO 1
#define CARD_VALUES 69
/* A tick of the clock, a turn, a deck position: the scale of each. */
#define CLOCK_SCALE 64.0
#define TURN_SCALE 200.0

/* The action numbers: a play is held as card * 16 + stone + 1 (a ruse as
 * card * 16), below PLAYS; then pass, the two draws, a pick of each card
 * value 0-69 and the ten destinations (discard, stones 1-9). */
enum {
    PLAYS = (CARD_LO + CARD_VALUES) * 16,
    I_PASS = PLAYS,
    I_CLAN,
    I_TACTIC,
    I_PICK,
    I_DEST = I_PICK + CARD_LO + CARD_VALUES,
    SPACE = I_DEST + STT_STONES + 1
};

/* The cards of p's hand that p's opponent knows. */
static tbi_set128 known_in_hand(const stt_state *s, int p)
{
    tbi_set128 k = {{0, 0}};
    for (int i = 0; i < s->hand_n[p]; i++)
        if (tbi_set_has(&s->known[p], s->hand[p][i]))
            tbi_set_add(&k, s->hand[p][i]);
    return k;
}

/* One deck as seat sees it: per position from the bottom (54 for the clan
 * deck, 10 for the tactic deck), whether seat and whether its opponent
 * knows the card there (they put it there with the Recruiter); and per
 * card value, its position plus one (/54) when seat knows it. */
static void obs_deck(tbi_obs *o, const uint8_t *deck, const uint8_t *known,
                     int n, int cap, int seat)
{
    for (int r = 0; r < 2; r++) {
        int p = (seat + r) % 2;
        for (int i = 0; i < cap; i++)
            tbi_obs_scalar(o, i < n && (known[i] >> p & 1));
    }
    float *at = o->out ? o->out + o->at : NULL;
    tbi_obs_onehot(o, -1, CARD_VALUES);
    for (int i = 0; at && i < n; i++)
        if (known[i] >> seat & 1)
            at[deck[i] - CARD_LO] = (float)(i + 1) / STT_CLAN_N;
}

/* seat's observation (docs/learning.md), cards as the 69 values 1-69: its
 * hand, the cards of its opponent's hand it knows, the cards of its hand
 * its opponent knows (flags); each seat's tactic and clan cards in hand
 * (/10), from seat on; the clan and the tactic deck (obs_deck) and their
 * sizes (/54, /10); per stone, per side from seat's on, the cards in the
 * order laid (tbi_obs_order) and when the side was completed (/64, 0 for
 * not), then the stone's owner (one-hot from seat), how it was claimed
 * (none, compared, proof), Mud Fight, Blind Man's Bluff; the clock
 * (/64); every card played (flags); the discards in order; the tactic
 * cards each seat has played (/10); the card and stone chosen for a
 * Strategist or Traitor move (one-hot); the draws or returns pending
 * (/3); whether the player passed, the turns in a row with no card played
 * or drawn (/4), the turns completed (/200), Tactics; the seat to move
 * (one-hot); the result (none, seat 0, seat 1 won, draw: from seat); the
 * phase.  A NULL out only counts. */
int stt_observe(const void *st, int seat, float *out)
{
    const stt_state *s = st;
    tbi_obs o = {out, 0};
    int opp = 1 - seat;
    tbi_set128 mine = known_in_hand(s, seat), theirs = known_in_hand(s, opp);
    tbi_obs_cards(&o, s->hand[seat], s->hand_n[seat], CARD_LO, CARD_VALUES);
    tbi_obs_set128(&o, &theirs, CARD_LO, CARD_VALUES);
    tbi_obs_set128(&o, &mine, CARD_LO, CARD_VALUES);
    for (int r = 0; r < 2; r++) {
        int p = (seat + r) % 2, tac = 0;
        for (int i = 0; i < s->hand_n[p]; i++)
            tac += stt_is_tactic(s->hand[p][i]);
        tbi_obs_scalar(&o, tac / 10.0);
        tbi_obs_scalar(&o, (s->hand_n[p] - tac) / 10.0);
    }
    obs_deck(&o, s->clan, s->clan_known, s->clan_n, STT_CLAN_N, seat);
    obs_deck(&o, s->tac, s->tac_known, s->tac_n, STT_TAC_N, seat);
    tbi_obs_scalar(&o, s->clan_n / (double)STT_CLAN_N);
    tbi_obs_scalar(&o, s->tac_n / (double)STT_TAC_N);
    for (int k = 0; k < STT_STONES; k++) {
        for (int r = 0; r < 2; r++) {
            int p = (seat + r) % 2;
            tbi_obs_order(&o, s->side[k][p], s->side_n[k][p], CARD_LO,
                          CARD_VALUES, CARD_VALUES);
            tbi_obs_scalar(&o, s->done_at[k][p] / CLOCK_SCALE);
        }
        tbi_obs_seat(&o, s->owner[k] - 1, seat, 2);
        tbi_obs_onehot(&o, s->claim_kind[k], 3);
        tbi_obs_scalar(&o, s->mud[k]);
        tbi_obs_scalar(&o, s->bluff[k]);
    }
    tbi_obs_scalar(&o, s->clock / CLOCK_SCALE);
    tbi_obs_set128(&o, &s->gone, CARD_LO, CARD_VALUES);
    tbi_obs_order(&o, s->discard, s->discard_n, CARD_LO, CARD_VALUES,
                  CARD_VALUES);
    for (int r = 0; r < 2; r++)
        tbi_obs_scalar(&o, s->tac_played[(seat + r) % 2] / 10.0);
    tbi_obs_onehot(&o, s->sel_card - CARD_LO, CARD_VALUES);
    tbi_obs_onehot(&o, s->sel_stone, STT_STONES);
    tbi_obs_scalar(&o, s->pending / 3.0);
    tbi_obs_scalar(&o, s->passed);
    tbi_obs_scalar(&o, s->dry_passes / 4.0);
    tbi_obs_scalar(&o, s->turns / TURN_SCALE);
    tbi_obs_scalar(&o, s->tactics);
    int moving = s->phase >= STT_PH_PLAY && s->phase < STT_PH_OVER;
    tbi_obs_seat(&o, moving ? s->turn : -1, seat, 2);
    int res = s->res == STT_RES_WIN0 || s->res == STT_RES_WIN1
                  ? 1 + (s->res - STT_RES_WIN0 - seat + 2) % 2
                  : s->res;
    tbi_obs_onehot(&o, res, 4);
    tbi_obs_onehot(&o, s->phase, STT_PH_OVER + 1);
    return o.at;
}

int stt_action_space(const tb_config *cfg)
{
    (void)cfg;
    return SPACE;
}

/* A play keeps its number (card * 16 + stone + 1, a ruse card * 16);
 * pass, the clan and the tactic draw follow, then a pick of card c at
 * I_PICK + c and a destination d (0 discard, 1-9 a stone) at I_DEST + d
 * (docs/learning.md). */
int stt_action_index(const void *st, tb_action a)
{
    (void)st;
    if (a >= STT_A_DEST)
        return I_DEST + (int)(a - STT_A_DEST);
    if (a >= STT_A_PICK)
        return I_PICK + (int)(a - STT_A_PICK);
    if (a == STT_A_TACTIC)
        return I_TACTIC;
    if (a == STT_A_CLAN)
        return I_CLAN;
    if (a == STT_A_PASS)
        return I_PASS;
    return (int)a;
}
