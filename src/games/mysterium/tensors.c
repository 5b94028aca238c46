/*
 * tensors.c - Mysterium's learning tensors (docs/learning.md): what a seat
 * knows as a fixed vector of floats, and every action as a number below a
 * fixed bound, for tb_game.observe, action_space and action_index.
 *
 * A psychic seat's observation is made through its eyes (docs/games/
 * mysterium.md, Design): the motifs it sees on the psychic cards and the
 * strengths it sees on the visions, never the print; the ghost's holds the
 * print, its hand and the combinations.
 */
#include "msy.h"

#include "obs.h"

#define TRACK_SCALE 16.0 /* a clairvoyance track: 6 tokens + 6 hours */
#define STRENGTH_SCALE 9.0 /* the strengths of one motif over visions */

/* Whether seat sees through psychic eyes (the ghost and onlookers see the
 * print). */
static const uint8_t *eyes_of(const msy *s, int seat)
{
    return seat > 0 && seat < s->players && s->phase != MSY_OVER
               ? s->percept[seat]
               : NULL;
}

/* 48 floats: the strength (/STRENGTH_SCALE) of each motif summed over the
 * vision cards given, as seat's eyes see them (the print for the ghost). */
static void obs_strengths(tbi_obs *o, const msy *s, int seat,
                          const uint8_t *cards, int n)
{
    const uint8_t *eye = eyes_of(s, seat);
    for (int m = 0; m < MSY_MOTIFS; m++) {
        int sum = 0;
        for (int c = 0; c < n; c++)
            sum += tbi_msy_perceived_eye(eye, s->difficulty, cards[c], m);
        tbi_obs_scalar(o, sum / STRENGTH_SCALE);
    }
}

/* One row position as a one-hot code (none: MSY_NONE or out of range). */
static void obs_pos(tbi_obs *o, int pos)
{
    tbi_obs_onehot(o, pos < MSY_MAX_SUSPECTS ? pos : -1, MSY_MAX_SUSPECTS);
}

/* seat's observation (docs/learning.md, Mysterium): the table (players,
 * difficulty, seat, phase, hour, crows, pile, discards and hand sizes);
 * what seat was told of its eyes (each motif's shift /2, 0 for the ghost);
 * the psychic cards on the table by kind and row position (which card,
 * who found it, the motifs seat sees on it); per psychic: its stage, the
 * hour it finished, its found and (ghost, end) secret targets, its wrong
 * guesses, its intuition token, the visions in front of it in the order
 * given (tbi_obs_order) and how many came before this hour, the strengths
 * seat sees on them, given this hour, its track, level and tokens, the
 * tokens it placed this hour, its last-hour guess, verdict and tokens;
 * the sand timer (whose turn, who is done, turns); the discards the
 * psychics saw (order) and which places of the pile they fill; the
 * ghost's hand (ghost only); the epilogue: groups, the shared vision seat
 * sees (a set for the ghost, in order for a psychic) and its strengths,
 * the votes seat sees (a flag for a hidden vote), the culprit (ghost, end),
 * the chosen group and the result.  A NULL out only counts. */
int tbi_msy_observe(const void *st, int seat, float *out)
{
    const msy *s = st;
    tbi_obs o = {out, 0};
    int over = s->phase == MSY_OVER, ghost = seat == 0;
    int dealt = s->phase > MSY_DEAL_CARDS;
    const uint8_t *eye = eyes_of(s, seat);
    tbi_obs_onehot(&o, s->players, MSY_MAX_P + 1);
    tbi_obs_onehot(&o, s->difficulty, 3);
    tbi_obs_onehot(&o, seat, MSY_MAX_P);
    tbi_obs_onehot(&o, s->phase, MSY_OVER + 1);
    tbi_obs_scalar(&o, s->hour / (double)MSY_HOURS);
    tbi_obs_scalar(&o, s->crows_used / 3.0);
    tbi_obs_scalar(&o, s->crows_turn);
    tbi_obs_scalar(&o, s->shuffle_pending);
    tbi_obs_scalar(&o, s->deck_n / (double)MSY_VISIONS);
    tbi_obs_scalar(&o, s->disc_n / (double)MSY_VISIONS);
    tbi_obs_scalar(&o, s->hand_n / (double)MSY_HAND);
    tbi_obs_scalar(&o, s->perceived_n / (double)MSY_MAX_P);
    for (int m = 0; m < MSY_MOTIFS; m++) {
        int told = eye && seat <= s->perceived_n;
        tbi_obs_scalar(&o, told ? tbi_msy_shift_of_rank(s->difficulty,
                                                        eye[m]) / 2.0
                                : 0);
    }
    for (int k = 0; k < MSY_KINDS; k++)
        for (int pos = 0; pos < MSY_MAX_SUSPECTS; pos++) {
            int on = dealt && pos < s->suspects;
            tbi_obs_onehot(&o, on ? s->row[k][pos] : -1, MSY_PER_KIND);
            tbi_obs_onehot(&o, on && tbi_msy_has(s->sleeved[k], pos)
                                   ? s->sleeved_by[k][pos] : -1,
                           MSY_MAX_PSY);
            for (int m = 0; m < MSY_MOTIFS; m++)
                tbi_obs_scalar(&o, on && tbi_msy_attention(
                                             eye,
                                             tbi_msy_murk(s->difficulty,
                                                          s->players),
                                             k,
                                             s->row[k][pos], m));
        }
    for (int i = 0; i < MSY_MAX_PSY; i++) {
        int in = i < s->psychics && dealt;
        tbi_obs_onehot(&o, in ? s->stage[i] : -1, MSY_KINDS + 1);
        tbi_obs_scalar(&o, in ? s->done_hour[i] / (double)MSY_HOURS : 0);
        for (int k = 0; k < MSY_KINDS; k++) {
            int known = in && (k < s->stage[i] || ghost || over);
            obs_pos(&o, known ? s->target[i][k] : MSY_NONE);
            tbi_obs_bits(&o, in ? s->wrong[i][k] : 0, 0, MSY_MAX_SUSPECTS);
        }
        obs_pos(&o, in ? s->guess[i] : MSY_NONE);
        tbi_obs_order(&o, s->vis[i], in ? s->vis_n[i] : 0, 0, MSY_VISIONS,
                      MSY_VISIONS);
        tbi_obs_scalar(&o, in ? s->vis_new[i] / (double)MSY_VISIONS : 0);
        obs_strengths(&o, s, seat, s->vis[i], in ? s->vis_n[i] : 0);
        tbi_obs_scalar(&o, in && s->given[i]);
        tbi_obs_scalar(&o, in ? s->track[i] / TRACK_SCALE : 0);
        tbi_obs_onehot(&o, in && tbi_msy_clairvoyance(s)
                               ? tbi_msy_level(s, s->track[i]) : -1,
                       3);
        tbi_obs_scalar(&o, in ? s->tokens[i] / 6.0 : 0);
        tbi_obs_scalar(&o, in ? s->tokens_back[i] / 6.0 : 0);
        for (int j = 0; j < MSY_MAX_PSY; j++) {
            tbi_obs_onehot(&o, in ? s->ctok[i][j] - 1 : -1, 2);
            tbi_obs_onehot(&o, in ? s->last_ctok[i][j] - 1 : -1, 2);
        }
        obs_pos(&o, in ? s->last_guess[i] : MSY_NONE);
        tbi_obs_scalar(&o, in && s->last_right[i]);
    }
    tbi_obs_scalar(&o, s->last_hour / (double)MSY_HOURS);
    tbi_obs_onehot(&o, s->phase == MSY_TIMER ? s->timer_turn : -1,
                   MSY_MAX_PSY);
    tbi_obs_bits(&o, s->timer_done, 0, MSY_MAX_PSY);
    tbi_obs_scalar(&o, s->timer_turns / (double)(MSY_TIMER_ROUNDS *
                                                 MSY_MAX_PSY));
    /* The discard pile: the cards the psychics saw at their places, and
     * which places they fill (the ghost's own discards it alone knows,
     * but the determinized state it searches keeps them where they lie:
     * the ghost's observation has them too). */
    for (int v = 0; v < MSY_VISIONS; v++) {
        int place = -1;
        for (int c = 0; c < s->disc_n; c++)
            if (s->disc[c] == v && (s->disc_seen[c] || ghost))
                place = c;
        tbi_obs_scalar(&o, (place + 1) / (double)MSY_VISIONS);
    }
    for (int c = 0; c < MSY_VISIONS; c++)
        tbi_obs_scalar(&o, c < s->disc_n && s->disc_seen[c]);
    tbi_obs_cards(&o, s->hand, ghost && !over ? s->hand_n : 0, 0,
                  MSY_VISIONS);
    /* The epilogue. */
    tbi_obs_scalar(&o, s->groups / (double)MSY_MAX_GROUPS);
    for (int g = 0; g < MSY_MAX_GROUPS; g++)
        for (int k = 0; k < MSY_KINDS; k++)
            obs_pos(&o, g < s->groups ? s->group[g][k] : MSY_NONE);
    tbi_obs_scalar(&o, s->shared_n / (double)MSY_SHARED);
    int seen = ghost && !over ? 0 : tbi_msy_shared_seen(s, seat);
    tbi_obs_cards(&o, s->shared, ghost && !over ? s->shared_n : 0, 0,
                  MSY_VISIONS);
    tbi_obs_order(&o, s->shared, seen, 0, MSY_VISIONS, MSY_SHARED);
    obs_strengths(&o, s, seat, s->shared,
                  ghost && !over ? s->shared_n : seen);
    for (int v = 1; v < MSY_MAX_P; v++) {
        int cast = v < s->players && s->vote[v] != MSY_NONE;
        tbi_obs_scalar(&o, cast);
        tbi_obs_onehot(&o, cast && tbi_msy_vote_seen(s, seat, v) ? s->vote[v]
                                                                 : -1,
                       MSY_MAX_GROUPS);
    }
    int culprit = (ghost || over) && s->culprit != MSY_NONE ? s->culprit : -1;
    tbi_obs_onehot(&o, culprit, MSY_MAX_GROUPS);
    tbi_obs_onehot(&o, over && s->chosen != MSY_NONE ? s->chosen : -1,
                   MSY_MAX_GROUPS);
    tbi_obs_scalar(&o, over && s->won);
    return o.at;
}

/* The actions by kind, each kind a block of indices: give to psychic i
 * the hand places of mask m (1-127) is i 128 + m; discard m is 768 + m;
 * skip psychic i 896 + i; guess row position p 902 + p; yes, no and take
 * on psychic j 911 + j, 917 + j, 923 + j; done 929; the shared vision
 * for group g with the hand places of mask m (3 places) 930 + g 128 + m;
 * vote for group g 1698 + g.  The masks are the action's own argument
 * (the hand is sorted), so no two legal actions share an index. */
#define MASKS 128
#define A_GIVE 0
#define A_DISCARD (A_GIVE + MSY_MAX_PSY * MASKS)
#define A_SKIP (A_DISCARD + MASKS)
#define A_GUESS (A_SKIP + MSY_MAX_PSY)
#define A_YES (A_GUESS + MSY_MAX_SUSPECTS)
#define A_NO (A_YES + MSY_MAX_PSY)
#define A_TAKE (A_NO + MSY_MAX_PSY)
#define A_DONE (A_TAKE + MSY_MAX_PSY)
#define A_SHARED (A_DONE + 1)
#define A_VOTE (A_SHARED + MSY_MAX_GROUPS * MASKS)
#define A_SPACE (A_VOTE + MSY_MAX_GROUPS)

int tbi_msy_action_space(const tb_config *cfg)
{
    (void)cfg;
    return A_SPACE;
}

int tbi_msy_action_index(const void *st, tb_action a)
{
    (void)st;
    int arg = (int)(a & 0xfffu), hi = arg >> 7, mask = arg & 0x7f;
    switch (MSY_A_KIND(a)) {
    case MSY_K_GIVE: return A_GIVE + hi * MASKS + mask;
    case MSY_K_DISCARD: return A_DISCARD + mask;
    case MSY_K_SKIP: return A_SKIP + hi;
    case MSY_K_GUESS: return A_GUESS + arg;
    case MSY_K_YES: return A_YES + arg;
    case MSY_K_NO: return A_NO + arg;
    case MSY_K_TAKE: return A_TAKE + arg;
    case MSY_K_DONE: return A_DONE;
    case MSY_K_SHARED: return A_SHARED + hi * MASKS + mask;
    default: return A_VOTE + arg; /* MSY_K_VOTE */
    }
}
