/*
 * schotten_totten.c - Schotten Totten for 2 players, with the Tactics
 * variant as an option.  Nine stones lie between the players; each plays
 * cards to its side of a stone to build a three-card formation (colour run,
 * three of a kind, colour, run, sum), and claims a stone when its complete
 * formation beats the other side's, or earlier when it can prove that no
 * card it has not seen lets the opponent win.  Three adjacent stones or five
 * in all win at once.
 *
 * A turn: play a card (successive decisions for the tactic cards that need
 * them), then every stone the player can claim is claimed, then the player
 * draws (choosing the deck when both still have cards).  See
 * docs/games/schotten-totten.md for the notation and the interpretations.
 */
#include "stt.h"

#include "dealt.h"

#include <string.h>

enum { OPT_TACTICS };

static const tb_option_def options[] = {
    [OPT_TACTICS] = {"tactics", "the Tactics variant: ten tactic cards "
                     "(Jokers, Spy, Shield Bearer, Blind Man's Bluff, Mud "
                     "Fight, Recruiter, Strategist, Banshee, Traitor)",
                     TB_OPT_BOOL, 0, 0, 1, NULL},
};

#define HAND_START 6

/* ------------------------------------------------------------ small facts */

int stt_need(const stt_state *s, int stone)
{
    return s->mud[stone] ? 4 : 3;
}

static int room(const stt_state *s, int stone, int p)
{
    return !s->owner[stone] && s->side_n[stone][p] < stt_need(s, stone);
}


int stt_may_play_tactic(const stt_state *s, int p)
{
    return s->tac_played[p] <= s->tac_played[1 - p];
}

int stt_has_joker_on_side(const stt_state *s, int p)
{
    /* A Joker on a side was played: mostly neither has been. */
    if (!tbi_set_has(&s->gone, STT_JOKER1) && !tbi_set_has(&s->gone, STT_JOKER2))
        return 0;
    for (int k = 0; k < STT_STONES; k++)
        for (int i = 0; i < s->side_n[k][p]; i++)
            if (stt_is_joker(s->side[k][p][i]))
                return 1;
    return 0;
}

/* Whether seat p has a card on an unclaimed stone (that clan_only: a clan
 * card). */
static int has_card_on_open_stone(const stt_state *s, int p, int clan_only)
{
    for (int k = 0; k < STT_STONES; k++) {
        if (s->owner[k])
            continue;
        for (int i = 0; i < s->side_n[k][p]; i++)
            if (!clan_only || stt_is_clan(s->side[k][p][i]))
                return 1;
    }
    return 0;
}

/* The value of p's complete side of stone k for the stone's mode: from
 * its shape when it holds clan cards only. */
static int full_side_value(const stt_state *s, int k, int p,
                           const stt_shape *sh)
{
    int need = stt_need(s, k);
    if (sh->n == need && s->side_n[k][p] == need)
        return stt_clan_value(sh->have, sh->sum, sh->colour > 0,
                              sh->strength > 0, need, s->bluff[k]);
    return stt_best_value(s->side[k][p], s->side_n[k][p], need, NULL,
                          s->bluff[k]);
}

/* Records whether a side is complete after it or its stone's mode
 * changed: a side that becomes complete gets the next tick of the clock,
 * one that is no longer complete loses its tick; its bit in full[p] and
 * its value follow (its shape must be up to date). */
static void update_done(stt_state *s, int k, int p)
{
    int need = stt_need(s, k), full = s->side_n[k][p] >= need;
    if (full && !s->done_at[k][p])
        s->done_at[k][p] = ++s->clock;
    else if (!full)
        s->done_at[k][p] = 0;
    s->full[p] = (uint16_t)((s->full[p] & ~(1u << k)) | (unsigned)full << k);
    s->value[k][p] = 0;
    if (full) {
        stt_shape sh;
        stt_side_shape(s, k, p, &sh);
        s->value[k][p] = (uint16_t)full_side_value(s, k, p, &sh);
    }
}

static void side_add(stt_state *s, int k, int p, int card)
{
    s->side[k][p][s->side_n[k][p]++] = (uint8_t)card;
    if (stt_is_clan(card)) {
        s->shape_n[k][p]++;
        s->shape_sum[k][p] = (uint8_t)(s->shape_sum[k][p] + stt_strength(card));
        s->shape_have[k][p] |= (uint16_t)(1u << stt_strength(card));
        s->shape_colours[k][p] |= (uint8_t)(1u << stt_colour(card));
    }
    update_done(s, k, p);
}

/* Takes card off side p of stone k, keeping the others in playing order;
 * the side's shape is counted again from its cards. */
static void side_remove(stt_state *s, int k, int p, int card)
{
    tbi_hand_remove(s->side[k][p], &s->side_n[k][p], (uint8_t)card);
    stt_shape sh;
    stt_shape_of_cards(s->side[k][p], s->side_n[k][p], &sh);
    s->shape_have[k][p] = (uint16_t)sh.have;
    s->shape_colours[k][p] = (uint8_t)sh.colours;
    s->shape_sum[k][p] = (uint8_t)sh.sum;
    s->shape_n[k][p] = (uint8_t)sh.n;
    update_done(s, k, p);
}

/* The stone where card lies on side p, or -1. */
static int stone_of(const stt_state *s, int p, int card)
{
    for (int k = 0; k < STT_STONES; k++)
        for (int i = 0; i < s->side_n[k][p]; i++)
            if (s->side[k][p][i] == card)
                return k;
    return -1;
}

static void hand_add(stt_state *s, int p, int card)
{
    tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], (uint8_t)card);
    if (stt_is_clan(card))
        s->hand_bits[p][stt_colour(card)] |= (uint16_t)(1u << stt_strength(card));
}

static void hand_remove(stt_state *s, int p, int card)
{
    stt_hand_drop(s, p, card);
    tbi_set_del(&s->known[p], (unsigned)card);
}

/* Counts hand_bits again from the hands (after determinize dealt them). */
static void recount_hand_bits(stt_state *s)
{
    memset(s->hand_bits, 0, sizeof s->hand_bits);
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < s->hand_n[p]; i++) {
            int card = s->hand[p][i];
            if (stt_is_clan(card))
                s->hand_bits[p][stt_colour(card)] |=
                    (uint16_t)(1u << stt_strength(card));
        }
}

static void to_discard(stt_state *s, int card)
{
    s->discard[s->discard_n++] = (uint8_t)card;
}

/* ------------------------------------------------------------ claiming */

/* The cards seat p has seen: every card played (s->gone) and its hand. */
static tbi_set128 seen_by(const stt_state *s, int p)
{
    tbi_set128 seen = s->gone;
    tbi_set_add_all(&seen, s->hand[p], s->hand_n[p]);
    return seen;
}

/* The pool of the cards not in `seen` (the tactic cards only with
 * Tactics).  Colour c's clan cards are bits 10c+1 to 10c+9 of the set. */
static void pool_outside(const stt_state *s, const tbi_set128 *seen,
                         stt_pool *out)
{
    uint64_t lo = seen->w[0], hi = seen->w[1];
    out->bits[0] = 0;
    for (int c = 1; c <= STT_COLOURS; c++) {
        unsigned shift = 10u * (unsigned)c;
        out->bits[c] = (uint16_t)(~(lo >> shift | hi << (64 - shift)) & 0x3fe);
    }
    out->jokers = out->spy = out->shield = 0;
    if (s->tactics) {
        out->jokers = (uint8_t)(2 - (int)(lo >> STT_JOKER1 & 1) -
                                (int)(lo >> STT_JOKER2 & 1));
        out->spy = (uint8_t)!(lo >> STT_SPY & 1);
        out->shield = (uint8_t)!(lo >> STT_SHIELD & 1);
    }
}

/* The pool of the cards p has not seen in the base game (clan cards
 * only), from the bits kept in the state. */
static void unseen_clan_pool(const stt_state *s, int p, stt_pool *out)
{
    out->bits[0] = 0;
    for (int c = 1; c <= STT_COLOURS; c++)
        out->bits[c] = (uint16_t)(s->unplayed_bits[c] & ~s->hand_bits[p][c]);
    out->jokers = out->spy = out->shield = 0;
}

void stt_unseen_pool(const stt_state *s, int p, stt_pool *out)
{
    if (s->tactics) {
        tbi_set128 seen = seen_by(s, p);
        pool_outside(s, &seen, out);
    } else {
        unseen_clan_pool(s, p, out);
    }
}

void stt_unplayed_pool(const stt_state *s, stt_pool *out)
{
    if (s->tactics) {
        pool_outside(s, &s->gone, out);
        return;
    }
    memcpy(out->bits, s->unplayed_bits, sizeof out->bits);
    out->jokers = out->spy = out->shield = 0;
}

/* The value of p's complete side of stone k, as a formation or as a sum:
 * kept in the state for the stone's own mode. */
static int side_value(const stt_state *s, int k, int p, int sum_only)
{
    if (sum_only == s->bluff[k])
        return s->value[k][p];
    return stt_best_value(s->side[k][p], s->side_n[k][p], stt_need(s, k), NULL,
                          sum_only);
}

/* What seat p's proof claims this turn rest on, the same for every stone:
 * whether a proof is possible at all, the opponent's possible cards, and
 * whether Blind Man's Bluff is unseen. */
typedef struct proof_ctx {
    int possible;
    int bluff_unseen;
    stt_pool pool;
} proof_ctx;

/* Fills ctx for seat p.  With Tactics, a proof is impossible while a card
 * that could change the contest other than by adding to the opponent's
 * side (Mud Fight, Banshee, Strategist, Traitor) is unseen by p (a Mud
 * Fight already on the stone is seen: it was played); the opponent's
 * possible cards are those p has not seen, without Jokers when it has one
 * on its side already. */
static void proof_context(const stt_state *s, int p, proof_ctx *ctx)
{
    ctx->possible = 1;
    ctx->bluff_unseen = 0;
    if (!s->tactics) {
        unseen_clan_pool(s, p, &ctx->pool);
        return;
    }
    tbi_set128 seen = seen_by(s, p);
    static const int spoilers[] = {STT_MUD, STT_BANSHEE, STT_STRATEGIST,
                                   STT_TRAITOR};
    for (int i = 0; i < 4; i++)
        if (!tbi_set_has(&seen, (unsigned)spoilers[i]))
            ctx->possible = 0;
    if (!ctx->possible)
        return;
    ctx->bluff_unseen = !tbi_set_has(&seen, STT_BLUFF);
    pool_outside(s, &seen, &ctx->pool);
    if (stt_has_joker_on_side(s, 1 - p))
        ctx->pool.jokers = 0;
}

/* The proof claim: p's side of stone k is complete, the opponent's is not,
 * and no completion of the opponent's side from the cards p has not seen
 * (ctx) beats it (a tie goes to p, which completed first).  If Blind Man's
 * Bluff is unseen the proof must also hold when only sums count. */
static int proof_holds(const stt_state *s, int k, int p, const proof_ctx *ctx)
{
    int o = 1 - p, need = stt_need(s, k);
    if (!ctx->possible)
        return 0;
    int modes = 1 + (!s->bluff[k] && ctx->bluff_unseen);
    /* Clan cards only, on the side and in the pool: by the side's shape. */
    stt_shape sh;
    stt_side_shape(s, k, o, &sh);
    int by_shape = sh.n == s->side_n[k][o] && !ctx->pool.jokers &&
                   !ctx->pool.spy && !ctx->pool.shield;
    for (int m = 0; m < modes; m++) {
        int sum_only = s->bluff[k] || m == 1;
        int value = side_value(s, k, p, sum_only);
        if (by_shape ? stt_shape_can_exceed(&sh, need, &ctx->pool, sum_only,
                                            value)
                     : stt_can_exceed(s->side[k][o], s->side_n[k][o], need,
                                      &ctx->pool, sum_only, value))
            return 0;
    }
    return 1;
}

/* Whether p can claim stone k now (its side complete and stronger, or by
 * proof), judged from what p knows; ctx is p's proof context, filled only
 * when a proof needs it (ctx_ready: it is). */
static int can_claim_with(const stt_state *s, int k, int p, proof_ctx *ctx,
                          int *ctx_ready)
{
    int o = 1 - p;
    if (s->owner[k] || !((unsigned)s->full[p] >> k & 1u))
        return 0;
    if (!((unsigned)s->full[o] >> k & 1u)) {
        if (!*ctx_ready) {
            proof_context(s, p, ctx);
            *ctx_ready = 1;
        }
        return proof_holds(s, k, p, ctx);
    }
    int mine = side_value(s, k, p, s->bluff[k]);
    int theirs = side_value(s, k, o, s->bluff[k]);
    return mine > theirs || (mine == theirs && s->done_at[k][p] < s->done_at[k][o]);
}

/* Whether seat p holds three adjacent stones or five in all. */
static int has_won(const stt_state *s, int p)
{
    unsigned m = s->held[p];
    if (m & m >> 1 & m >> 2)
        return 1;
    int total = 0;
    for (; m; m &= m - 1)
        total++;
    return total >= 5;
}

/* Step 2 of a turn: the player claims every stone it can; the game ends at
 * once if that wins it. */
static void claim_step(stt_state *s)
{
    int p = s->turn, ready = 0;
    proof_ctx ctx;
    unsigned open = s->full[p] & ~(unsigned)(s->held[0] | s->held[1]);
    for (; open; open &= open - 1) {
        int k = __builtin_ctz(open);
        if (!can_claim_with(s, k, p, &ctx, &ready))
            continue;
        s->claim_kind[k] = (unsigned)s->full[1 - p] >> k & 1u ? STT_CLAIM_COMPARE
                                                    : STT_CLAIM_PROOF;
        s->owner[k] = (uint8_t)(p + 1);
        s->held[p] |= (uint16_t)(1u << k);
    }
    if (has_won(s, p)) {
        s->res = (uint8_t)(p == 0 ? STT_RES_WIN0 : STT_RES_WIN1);
        s->phase = STT_PH_OVER;
    }
}

/* ------------------------------------------------------------ decks */

/* Draws the top card of a deck into p's hand.  A card that p's opponent
 * put under the deck is known to that opponent. */
static void draw_from(stt_state *s, int p, int tactic)
{
    uint8_t *deck = tactic ? s->tac : s->clan;
    uint8_t *known = tactic ? s->tac_known : s->clan_known;
    uint8_t *n = tactic ? &s->tac_n : &s->clan_n;
    int card = deck[*n - 1];
    int opp_knows = (int)((known[*n - 1] >> (1 - p)) & 1);
    (*n)--;
    hand_add(s, p, card);
    if (opp_knows)
        tbi_set_add(&s->known[p], (unsigned)card);
}

/* Puts card from p's hand under its deck, where p knows it lies. */
static void return_to_bottom(stt_state *s, int p, int card)
{
    int tactic = stt_is_tactic(card);
    uint8_t *deck = tactic ? s->tac : s->clan;
    uint8_t *known = tactic ? s->tac_known : s->clan_known;
    uint8_t *n = tactic ? &s->tac_n : &s->clan_n;
    hand_remove(s, p, card);
    memmove(deck + 1, deck, *n);
    memmove(known + 1, known, *n);
    deck[0] = (uint8_t)card;
    known[0] = (uint8_t)(1u << p);
    (*n)++;
}

/* ------------------------------------------------------------ turn flow */

static void next_turn(stt_state *s, int drew)
{
    s->dry_passes = (uint8_t)(s->passed && !drew ? s->dry_passes + 1 : 0);
    s->passed = 0;
    s->turns++;
    s->turn ^= 1u;
    s->phase = STT_PH_PLAY;
    /* Neither player could play a card, and no card is left to draw: the
     * game cannot go on. */
    if (s->dry_passes >= 2) {
        int a = 0, b = 0;
        for (int k = 0; k < STT_STONES; k++) {
            a += s->owner[k] == 1;
            b += s->owner[k] == 2;
        }
        s->res = (uint8_t)(a > b ? STT_RES_WIN0 : b > a ? STT_RES_WIN1
                                                        : STT_RES_DRAW);
        s->phase = STT_PH_OVER;
    }
}

/* Step 3: the player draws, choosing the deck if both have cards. */
static void draw_step(stt_state *s)
{
    if (s->tactics && s->clan_n && s->tac_n) {
        s->phase = STT_PH_DRAW;
        return;
    }
    if (s->clan_n || s->tac_n) {
        draw_from(s, s->turn, s->clan_n == 0);
        next_turn(s, 1);
    } else {
        next_turn(s, 0);
    }
}

/* Steps 2 and 3, once the card played has taken its full effect. */
static void end_of_play(stt_state *s)
{
    claim_step(s);
    if (s->phase != STT_PH_OVER)
        draw_step(s);
}

/* Recruiter: draws from the only deck that has cards without asking; asks
 * when both have; then asks for the two cards to return. */
static void recruiter_continue(stt_state *s)
{
    while (s->phase == STT_PH_RECRUIT_DRAW && s->pending > 0) {
        if (s->clan_n && s->tac_n)
            return;
        if (s->clan_n || s->tac_n)
            draw_from(s, s->turn, s->clan_n == 0);
        else
            s->pending = 0;
        if (s->pending)
            s->pending--;
    }
    if (s->phase == STT_PH_RECRUIT_DRAW) {
        s->phase = STT_PH_RECRUIT_RETURN;
        s->pending = (uint8_t)(s->hand_n[s->turn] < 2 ? s->hand_n[s->turn] : 2);
    }
    if (s->pending == 0)
        end_of_play(s);
}

/* ------------------------------------------------------------ legal */

/* Writes the plays of one card from hand: to every stone with room (troop
 * cards, `rooms` as stt_room_mask gives them), to every unclaimed stone
 * without that mode (combat modes), or alone (ruses whose effect can be
 * carried out). */
static int plays_of(const stt_state *s, int p, int card, unsigned rooms,
                    tb_action *out)
{
    int n = 0;
    if (stt_is_troop(card)) {
        for (unsigned m = rooms; m; m &= m - 1)
            out[n++] = stt_play_action(card, __builtin_ctz(m));
    } else if (card == STT_MUD || card == STT_BLUFF) {
        for (int k = 0; k < STT_STONES; k++)
            if (!s->owner[k])
                out[n++] = stt_play_action(card, k);
    } else {
        int ok = card == STT_RECRUITER ||
                 (card == STT_STRATEGIST && has_card_on_open_stone(s, p, 0)) ||
                 (card == STT_BANSHEE && has_card_on_open_stone(s, 1 - p, 0)) ||
                 (card == STT_TRAITOR && has_card_on_open_stone(s, 1 - p, 1) &&
                  rooms);
        if (ok)
            out[n++] = (tb_action)(card * 16);
    }
    return n;
}

static int legal_play(const stt_state *s, tb_action *out)
{
    int p = s->turn, n = 0;
    unsigned rooms = stt_room_mask(s, p);
    int tactic_ok = stt_may_play_tactic(s, p);
    /* A clan card's plays are its action base plus these, one per stone
     * with room (the common case, written without branches): all three
     * blocks of four are written, as vectors (GCC and clang lower them to
     * plain stores where there is no SIMD), and those past the stones with
     * room are overwritten by the next card's (out has room for
     * TB_MAX_ACTIONS). */
    typedef tb_action four_actions __attribute__((vector_size(16)));
    tb_action to[12] = {0};
    int n_to = 0;
    for (unsigned m = rooms; m; m &= m - 1)
        to[n_to++] = (tb_action)__builtin_ctz(m) + 1;
    four_actions to_v[3];
    memcpy(to_v, to, sizeof to_v);
    for (int i = 0; i < s->hand_n[p]; i++) {
        int c = s->hand[p][i];
        if (stt_is_clan(c)) {
            tb_action base = (tb_action)(c * 16);
            four_actions v0 = to_v[0] + base, v1 = to_v[1] + base,
                         v2 = to_v[2] + base;
            memcpy(out + n, &v0, sizeof v0);
            memcpy(out + n + 4, &v1, sizeof v1);
            memcpy(out + n + 8, &v2, sizeof v2);
            n += n_to;
            continue;
        }
        if (stt_is_tactic(c)) {
            if (!tactic_ok)
                continue;
            /* The two Jokers are the same card: offer the first only. */
            if (stt_is_joker(c) &&
                ((i > 0 && stt_is_joker(s->hand[p][i - 1])) ||
                 stt_has_joker_on_side(s, p)))
                continue;
        }
        n += plays_of(s, p, c, rooms, out + n);
    }
    if (n == 0)
        out[n++] = STT_A_PASS;
    return n;
}

/* The cards on side q of unclaimed stones (clan_only: clan cards). */
static int picks_on_table(const stt_state *s, int q, int clan_only,
                          tb_action *out)
{
    int n = 0;
    for (int k = 0; k < STT_STONES; k++) {
        if (s->owner[k])
            continue;
        for (int i = 0; i < s->side_n[k][q]; i++)
            if (!clan_only || stt_is_clan(s->side[k][q][i]))
                out[n++] = STT_A_PICK + s->side[k][q][i];
    }
    return n;
}

static int legal_destinations(const stt_state *s, int except, int discard,
                              tb_action *out)
{
    int n = 0;
    for (int k = 0; k < STT_STONES; k++)
        if (k != except && room(s, k, s->turn))
            out[n++] = STT_A_DEST + (tb_action)k + 1;
    if (discard)
        out[n++] = STT_A_DEST;
    return n;
}

int stt_legal(const stt_state *s, tb_action *out)
{
    int p = s->turn, n = 0;
    switch (s->phase) {
    case STT_PH_PLAY:
        return legal_play(s, out);
    case STT_PH_DRAW:
    case STT_PH_RECRUIT_DRAW:
        out[0] = STT_A_CLAN;
        out[1] = STT_A_TACTIC;
        return 2;
    case STT_PH_RECRUIT_RETURN:
        for (int i = 0; i < s->hand_n[p]; i++) {
            int c = s->hand[p][i];
            if (!(stt_is_joker(c) && i > 0 && stt_is_joker(s->hand[p][i - 1])))
                out[n++] = STT_A_PICK + (tb_action)c;
        }
        return n;
    case STT_PH_STRAT_PICK:
        return picks_on_table(s, p, 0, out);
    case STT_PH_STRAT_DEST:
        return legal_destinations(s, s->sel_stone, 1, out);
    case STT_PH_BANSHEE:
        return picks_on_table(s, 1 - p, 0, out);
    case STT_PH_TRAITOR_PICK:
        return picks_on_table(s, 1 - p, 1, out);
    case STT_PH_TRAITOR_DEST:
        return legal_destinations(s, -1, 0, out);
    default:
        return 0;
    }
}

/* ------------------------------------------------------------ apply */

/* Plays a card from hand: troops and combat modes to their stone, ruses to
 * the discard pile and into their first decision. */
static void play_card(stt_state *s, int card, int stone)
{
    int p = s->turn;
    hand_remove(s, p, card);
    tbi_set_add(&s->gone, (unsigned)card);
    if (stt_is_clan(card))
        s->unplayed_bits[stt_colour(card)] &=
            (uint16_t)~(1u << stt_strength(card));
    if (stt_is_tactic(card))
        s->tac_played[p]++;
    if (stt_is_troop(card)) {
        side_add(s, stone, p, card);
    } else if (card == STT_MUD) {
        s->mud[stone] = 1;
        update_done(s, stone, 0);
        update_done(s, stone, 1);
    } else if (card == STT_BLUFF) {
        s->bluff[stone] = 1;
        update_done(s, stone, 0);
        update_done(s, stone, 1);
    } else {
        to_discard(s, card);
        switch (card) {
        case STT_RECRUITER:
            s->phase = STT_PH_RECRUIT_DRAW;
            s->pending = 3;
            recruiter_continue(s);
            return;
        case STT_STRATEGIST: s->phase = STT_PH_STRAT_PICK; return;
        case STT_BANSHEE: s->phase = STT_PH_BANSHEE; return;
        default: s->phase = STT_PH_TRAITOR_PICK; return;
        }
    }
    end_of_play(s);
}

/* A card chosen in one of the sub-steps. */
static void apply_pick(stt_state *s, int card)
{
    int p = s->turn, o = 1 - p;
    switch (s->phase) {
    case STT_PH_RECRUIT_RETURN:
        return_to_bottom(s, p, card);
        if (--s->pending == 0)
            end_of_play(s);
        return;
    case STT_PH_BANSHEE:
        side_remove(s, stone_of(s, o, card), o, card);
        to_discard(s, card);
        end_of_play(s);
        return;
    case STT_PH_STRAT_PICK:
        s->sel_stone = (uint8_t)stone_of(s, p, card);
        s->phase = STT_PH_STRAT_DEST;
        break;
    default: /* STT_PH_TRAITOR_PICK */
        s->sel_stone = (uint8_t)stone_of(s, o, card);
        s->phase = STT_PH_TRAITOR_DEST;
        break;
    }
    s->sel_card = (uint8_t)card;
}

/* The destination of the Strategist's or the Traitor's card. */
static void apply_dest(stt_state *s, int dest)
{
    int p = s->turn;
    int from_side = s->phase == STT_PH_STRAT_DEST ? p : 1 - p;
    side_remove(s, s->sel_stone, from_side, s->sel_card);
    if (dest < 0)
        to_discard(s, s->sel_card);
    else
        side_add(s, dest, p, s->sel_card);
    s->sel_card = s->sel_stone = 0;
    end_of_play(s);
}

void stt_apply(stt_state *s, tb_action a)
{
    if (a == STT_A_PASS) {
        s->passed = 1;
        end_of_play(s);
    } else if (a == STT_A_CLAN || a == STT_A_TACTIC) {
        draw_from(s, s->turn, a == STT_A_TACTIC);
        if (s->phase == STT_PH_DRAW) {
            next_turn(s, 1);
        } else {
            s->pending--;
            recruiter_continue(s);
        }
    } else if (a >= STT_A_DEST) {
        apply_dest(s, (int)(a - STT_A_DEST) - 1);
    } else if (a >= STT_A_PICK) {
        apply_pick(s, (int)(a - STT_A_PICK));
    } else {
        play_card(s, (int)(a / 16), (int)(a % 16) - 1);
    }
}

/* ------------------------------------------------------------ descriptor */

static void init(void *vs, const tb_config *cfg)
{
    stt_state *s = vs;
    memset(s, 0, sizeof *s);
    s->tactics = (uint8_t)cfg->opt[OPT_TACTICS];
    s->phase = STT_PH_SHUFFLE_CLAN;
    for (int c = 1; c <= STT_COLOURS; c++)
        s->unplayed_bits[c] = 0x3fe; /* strengths 1-9 */
}

static int current(const void *vs)
{
    const stt_state *s = vs;
    switch (s->phase) {
    case STT_PH_SHUFFLE_CLAN:
    case STT_PH_SHUFFLE_TAC: return TB_CHANCE;
    case STT_PH_OVER: return TB_TERMINAL;
    default: return s->turn;
    }
}

static void chance(const void *vs, tb_chance *c)
{
    const stt_state *s = vs;
    c->kind = TB_CHANCE_SHUFFLE;
    c->lo = c->hi = 0;
    c->n = 0;
    if (s->phase == STT_PH_SHUFFLE_TAC) {
        c->what = "tactic deck, top first";
        for (int card = 1; card <= STT_TAC_N; card++)
            c->items[c->n++] = (uint16_t)card;
    } else {
        c->what = "clan deck, top first";
        for (int card = 11; card <= 69; card++)
            if (stt_is_clan(card))
                c->items[c->n++] = (uint16_t)card;
    }
}

/* Lays a shuffled deck face down (outcome[0] on top) and deals from it:
 * six clan cards to seat 0 then six to seat 1; one tactic card each. */
static void apply_chance(void *vs, const uint16_t *outcome)
{
    stt_state *s = vs;
    int tactic = s->phase == STT_PH_SHUFFLE_TAC;
    int n = tactic ? STT_TAC_N : STT_CLAN_N;
    uint8_t *deck = tactic ? s->tac : s->clan;
    for (int i = 0; i < n; i++)
        deck[n - 1 - i] = (uint8_t)outcome[i];
    if (tactic)
        s->tac_n = (uint8_t)n;
    else
        s->clan_n = (uint8_t)n;
    int each = tactic ? 1 : HAND_START;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < each; i++)
            draw_from(s, p, tactic);
    s->phase = (uint8_t)(!tactic && s->tactics ? STT_PH_SHUFFLE_TAC
                                               : STT_PH_PLAY);
}

static int legal(const void *vs, tb_action *out)
{
    return stt_legal(vs, out);
}

static void apply(void *vs, tb_action a)
{
    stt_apply(vs, a);
}

/* Each seat's score is the stones it holds; the rank says who won, since
 * three adjacent stones beat four apart. */
static void result(const void *vs, tb_result *out)
{
    const stt_state *s = vs;
    out->players = 2;
    out->score[0] = out->score[1] = 0;
    for (int k = 0; k < STT_STONES; k++)
        if (s->owner[k])
            out->score[s->owner[k] - 1] += 1;
    out->rank[0] = s->res == STT_RES_WIN1 ? 2 : 1;
    out->rank[1] = s->res == STT_RES_WIN0 ? 2 : 1;
    out->draw = s->res == STT_RES_DRAW; /* neither can play or draw */
}

static int standing(const void *vs, double *scores)
{
    const stt_state *s = vs;
    tb_result r;
    result(s, &r);
    scores[0] = r.score[0];
    scores[1] = r.score[1];
    return s->turns / 2 + 1;
}

/* For search: the win (a draw is half of one), and a little for the
 * stones held beyond the opponent's, so that a near miss is told from a
 * rout. */
static double reward(const tb_result *r, int seat)
{
    double win = r->rank[seat] == 1 ? (r->rank[1 - seat] == 1 ? 0.5 : 1.0)
                                    : 0.0;
    double margin = (r->score[seat] - r->score[1 - seat]) / STT_STONES;
    return 0.8 * win + 0.2 * (0.5 + 0.5 * margin);
}

/* ------------------------------------------------------------ determinize */

/* The places of one deck kind (clan or tactic) that `seat` has not seen:
 * the deck positions it did not fill itself and the opponent's hand slots
 * it does not know (TB_SPECTATOR: every position and every hand slot).
 * Gathers their cards into pool (gather = 1) or deals pool back into the
 * same places (gather = 0); returns how many there are. */
static int hidden_places(stt_state *s, int seat, int tactic,
                         const uint8_t kflag[2][STT_HAND_MAX], uint8_t *pool,
                         int gather)
{
    int n = 0;
    uint8_t *deck = tactic ? s->tac : s->clan;
    const uint8_t *known = tactic ? s->tac_known : s->clan_known;
    int deck_n = tactic ? s->tac_n : s->clan_n;
    for (int i = 0; i < deck_n; i++) {
        if (seat >= 0 && ((known[i] >> seat) & 1))
            continue;
        if (gather)
            pool[n++] = deck[i];
        else
            deck[i] = pool[n++];
    }
    for (int p = 0; p < 2; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->hand_n[p]; i++) {
            if (stt_is_tactic(s->hand[p][i]) != tactic ||
                (seat >= 0 && kflag[p][i]))
                continue;
            if (gather)
                pool[n++] = s->hand[p][i];
            else
                s->hand[p][i] = pool[n++];
        }
    }
    return n;
}

/* Resamples what `seat` has not seen: the opponent's unknown hand cards and
 * the unknown deck positions, clan and tactic cards apart (their backs
 * differ, so how many of each a hand holds is public).  Knowledge of an
 * opponent's hand card stays with its hand slot: a seat's own determinizing
 * keeps those cards, a spectator's moves the knowledge to the new card, so
 * each seat still knows as many of the other's cards as before. */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    stt_state *s = vs;
    if (s->phase == STT_PH_SHUFFLE_CLAN || s->phase == STT_PH_SHUFFLE_TAC)
        return;
    uint8_t kflag[2][STT_HAND_MAX];
    for (int p = 0; p < 2; p++) {
        int known = 0;
        for (int i = 0; i < s->hand_n[p]; i++)
            known += kflag[p][i] =
                (uint8_t)tbi_set_has(&s->known[p], s->hand[p][i]);
        /* A spectator resamples every card, so which slots were known must
         * not follow where the real cards lay: the first ones are. */
        if (seat < 0)
            for (int i = 0; i < s->hand_n[p]; i++)
                kflag[p][i] = i < known;
    }
    for (int tactic = 0; tactic <= s->tactics; tactic++) {
        uint8_t pool[STT_CLAN_N + STT_HAND_MAX];
        int n = hidden_places(s, seat, tactic, kflag, pool, 1);
        tbi_shuffle_unseen8(rng, pool, n);
        hidden_places(s, seat, tactic, kflag, pool, 0);
    }
    for (int p = 0; p < 2; p++) {
        memset(&s->known[p], 0, sizeof s->known[p]);
        for (int i = 0; i < s->hand_n[p]; i++)
            if (kflag[p][i])
                tbi_set_add(&s->known[p], s->hand[p][i]);
        tbi_sort_u8(s->hand[p], s->hand_n[p]);
    }
    recount_hand_bits(s);
}

static void action_text(const void *st, tb_action a, char *buf, size_t cap)
{
    stt_action_text(st, a, buf, cap);
}

/* Names a Schotten Totten card for the lines of a deal (dealt.h). */
static void stt_namer(tb_text *t, int card, const void *ctx)
{
    char name[32];
    (void)ctx;
    stt_card_name(card, name, sizeof name);
    tb_text_puts(t, name);
}

/* The deal: the clan deck's shuffle deals six cards to each seat, the
 * tactic deck's (with tactics on) one more; each seat is told its own,
 * everyone how many each got. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const stt_state *b = vb, *s = va;
    (void)outcome;
    (void)n;
    if (b->phase == STT_PH_SHUFFLE_CLAN) {
        tbi_say_deal(t, seat, 2, &s->hand[0][0], STT_HAND_MAX, s->hand_n,
                     stt_namer, NULL);
        return;
    }
    tb_text_puts(t, "the tactic cards are shuffled\n");
    tbi_say_draws(t, seat, 2, &b->hand[0][0], b->hand_n, &s->hand[0][0],
                  s->hand_n, STT_HAND_MAX, stt_namer, NULL);
}

const tb_game tbg_schotten_totten = {
    .id = "schotten-totten",
    .title = "Schotten Totten",
    .blurb = "two clans, nine border stones: poker-like three-card "
             "formations, claims by proof (Tactics variant as an option)",
    .min_players = 2,
    .max_players = 2,
    .flags = TB_GAME_HIDDEN,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(stt_state),
    .init = init,
    .current = current,
    .chance = chance,
    .apply_chance = apply_chance,
    .legal = legal,
    .apply = apply,
    .result = result,
    .determinize = determinize,
    .action_text = action_text,
    .parse_action = stt_parse_action,
    .render = stt_render,
    .view_json = stt_view_json,
    .standing = standing,
    .heuristic = stt_heuristic,
    .quick = stt_quick,
    .reward = reward,
    .search_defaults = "rwiden=0.2", /* docs/bots.md, Strength */
    .describe = stt_describe,
    .describe_chance = describe_chance,
    .observe = stt_observe,
    .action_space = stt_action_space,
    .action_index = stt_action_index,
};
