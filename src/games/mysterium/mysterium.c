/*
 * mysterium.c - Mysterium (2-7 players, cooperative): the rules.  One
 * player is the ghost, who knows each psychic's secret combination of a
 * character, a location and an object, and can only point at them with
 * vision cards; the psychics read the visions and guess, one kind after
 * the other, within seven hours, then vote on the culprit's group from a
 * shared vision.  The cards are ours (content.h).
 *
 * The model: the ghost's visions are given one psychic at a time (seat 0
 * acts, everyone sees the cards); then the sand timer runs: the psychics,
 * one turn each in a cycle, place or move their intuition tokens openly
 * and place or take back clairvoyance tokens, one change a turn or
 * `done`, until every psychic has said done since the last change (or the
 * turns run out); then the ghost's manifestation resolves the hour.  Each
 * psychic seat perceives the visions in its own way (a secret perception
 * dealt by chance), so a vision points only probably.  The epilogue's
 * votes are secret (open with 3 players).  Views, texts and descriptions
 * are in view.c, the bots in bots.c.
 */
#include "msy.h"

#include "cards.h"
#include "redeal.h"

#include <assert.h>
#include <pthread.h>
#include <string.h>

enum { OPT_DIFFICULTY };

static const char *const difficulty_names[] = {"easy", "medium", "hard"};

static const tb_option_def options[] = {
    [OPT_DIFFICULTY] = {"difficulty", "easy, medium or hard: how many "
                        "suspects of each kind are on the table and how "
                        "often the ghost may discard (1 a turn, 3 a game, "
                        "1 a game)", TB_OPT_ENUM, MSY_EASY, 0, 2,
                        difficulty_names},
};

/* The difficulty table of the rules: psychic cards of each kind on the
 * table, by difficulty and number of players. */
static const uint8_t suspects_table[3][MSY_MAX_P + 1] = {
    [MSY_EASY] = {0, 0, 4, 5, 5, 6, 6, 7},
    [MSY_MEDIUM] = {0, 0, 5, 6, 6, 7, 8, 8},
    [MSY_HARD] = {0, 0, 6, 7, 7, 8, 9, 9},
};

/* The clairvoyance track's levels, which are OURS: the text says that low,
 * intermediate and high psychics see 1, 2 or 3 cards of the shared vision
 * but not where the levels begin.  A track at or above [players][0] is
 * intermediate, at or above [players][1] high.  A psychic gains a step for
 * each correct token and one for each hour left when it is done; 6-7
 * players have 6 tokens each, 4-5 players 4. */
static const uint8_t level_from[MSY_MAX_P + 1][2] = {
    [4] = {4, 8}, [5] = {4, 8}, [6] = {5, 10}, [7] = {5, 10},
};

/* Clairvoyance tokens per psychic by number of players. */
static const uint8_t tokens_table[MSY_MAX_P + 1] = {0, 0, 0, 0, 4, 4, 6, 6};

/* ------------------------------------------------------------ seats */

int tbi_msy_seat_of(const msy *s, int psychic)
{
    return s->players >= 4 ? psychic + 1 : 1 + psychic / 2;
}

int tbi_msy_controls(const msy *s, int seat, int psychic)
{
    return seat > 0 && tbi_msy_seat_of(s, psychic) == seat;
}

int tbi_msy_active(const msy *s, int psychic)
{
    return s->stage[psychic] < MSY_KINDS;
}

int tbi_msy_clairvoyance(const msy *s)
{
    return s->players >= 4;
}

int tbi_msy_level(const msy *s, int track)
{
    if (!tbi_msy_clairvoyance(s))
        return 2;
    return (track >= level_from[s->players][0]) +
           (track >= level_from[s->players][1]);
}

int tbi_msy_sees(const msy *s, int psychic)
{
    return 1 + tbi_msy_level(s, s->track[psychic]);
}

int tbi_msy_guesser(const msy *s)
{
    return s->phase == MSY_TIMER ? s->timer_turn : -1;
}

/* ------------------------------------------------------------ perception */

/* How murky the visions look at each difficulty (ours: the rules'
 * difficulty sets only the cards on the table and the crows; we let it set
 * the murk too, so that it matters, docs/games/mysterium.md "Design").
 * A seat's perception is one shuffle of the 48 motifs, its eye's order.
 * On a vision card, the first shift[0] motifs of the order look two steps
 * stronger than printed, the next shift[1] one step, then shift[2] as
 * printed, shift[3] one step fainter and the last shift[4] two steps
 * fainter (at most 3; at 0 or less the seat does not see the motif).  On
 * a psychic card the eye passes over the `overlooked` motifs latest in its
 * order (the seat does not see them), one more on the cards whose
 * lowest-numbered motif comes among the first `more` of the order.
 *
 * `overlooked` and `more` are by player count (index 2-7) as well: the
 * rules' table of cards on the table, the clairvoyance tokens and the
 * epilogue's groups make some counts easier than others at one murk (with
 * one murk a difficulty, medium won 57% at 6 players and 74% at 7, hard
 * 33% at 6 and 54% at 4), so the passing-over is tuned per count, with
 * 600-game runs, to bring medium near 65% and hard near 42% at every
 * count (docs/bots.md, "Mysterium after issue 34").  `more` is the fine
 * knob (about half a point of team wins a step); 4 overlooked with a few
 * more is a coarse step beyond 3 with all 48 more: a card seen by one or
 * two motifs is nearly unreadable. */
static const struct murk {
    uint8_t shift[5], overlooked[MSY_MAX_P + 1], more[MSY_MAX_P + 1];
} murk[3] = {
    [MSY_EASY] = {{4, 8, 24, 8, 4},
                  {0, 0, 0, 0, 0, 0, 0, 0},
                  {0, 0, 24, 24, 24, 24, 24, 24}},
    [MSY_MEDIUM] = {{8, 8, 16, 8, 8},
                    {0, 0, 3, 3, 4, 3, 3, 4},
                    {0, 0, 32, 36, 2, 40, 22, 3}},
    [MSY_HARD] = {{12, 12, 0, 12, 12},
                  {0, 0, 4, 3, 4, 3, 3, 3},
                  {0, 0, 2, 44, 0, 24, 12, 28}},
};

int tbi_msy_murk(int difficulty, int players)
{
    return difficulty * (MSY_MAX_P + 1) + players;
}

int tbi_msy_shift_of_rank(int difficulty, int rank)
{
    const uint8_t *n = murk[difficulty].shift;
    for (int band = 0, end = 0; band < 5; band++) {
        end += n[band];
        if (rank < end)
            return 2 - band;
    }
    return 0;
}

/* The strength eyes that rank motif m at `rank` see a motif printed at
 * `base` (1-3) with: shifted by the rank's shift, at most 3; 0 or less is
 * a motif they do not see at all. */
static int shifted(int difficulty, int base, int rank)
{
    int p = base + tbi_msy_shift_of_rank(difficulty, rank);
    return p < 0 ? 0 : p > 3 ? 3 : p;
}

int tbi_msy_perceived_eye(const uint8_t *eye, int difficulty, int v, int m)
{
    int base = tbi_msy_strength(v, m);
    if (base == 0 || !eye)
        return base;
    return shifted(difficulty, base, eye[m]);
}

int tbi_msy_perceived(const msy *s, int seat, int v, int m)
{
    if (seat <= 0 || seat >= s->players)
        return tbi_msy_strength(v, m);
    return tbi_msy_perceived_eye(s->percept[seat], s->difficulty, v, m);
}

uint64_t tbi_msy_attended(const uint8_t *eye, int murk_level, int k, int c)
{
    uint64_t card = tbi_msy_cards[k * MSY_PER_KIND + c].motifs;
    if (!eye)
        return card;
    const struct murk *mk = &murk[murk_level / (MSY_MAX_P + 1)];
    int p = murk_level % (MSY_MAX_P + 1);
    int over = mk->overlooked[p] + (eye[__builtin_ctzll(card)] < mk->more[p]);
    if (over <= 0)
        return card;
    /* The eye passes over the `over` motifs of the card that come latest
     * in its order (its ranks are all different). */
    int n = 0, motif[MSY_MOTIFS];
    for (uint64_t a = card; a; a &= a - 1)
        motif[n++] = __builtin_ctzll(a);
    if (over >= n)
        return 0;
    uint64_t seen = card;
    for (int r = 0; r < over; r++) {
        int last = -1;
        for (int j = 0; j < n; j++)
            if (seen >> motif[j] & 1u &&
                (last < 0 || eye[motif[j]] > eye[motif[last]]))
                last = j;
        seen &= ~(1ull << motif[last]);
    }
    return seen;
}

int tbi_msy_attention(const uint8_t *eye, int murk_level, int k, int c, int m)
{
    return (int)(tbi_msy_attended(eye, murk_level, k, c) >> m & 1u);
}

/* What a motif seen at strength p (1-3) tells of its print, for eyes
 * that do not know their own shifts: 4 x the expected printed prominence
 * given p, over the prominences of a vision card (1 strong, 2 medium, 5
 * faint of 8) and the difficulty's shifts; table[difficulty][p]. */
static int print_weight(int difficulty, int p)
{
    static int table[3][4], ready;
    if (!ready) {
        static const double prior[4] = {0.0, 5.0 / 8, 2.0 / 8, 1.0 / 8};
        for (int d = 0; d < 3; d++)
            for (int q = 1; q <= 3; q++) {
                double mass = 0.0, sum = 0.0;
                for (int base = 1; base <= 3; base++)
                    for (int band = 0; band < 5; band++) {
                        int seen = base + 2 - band;
                        seen = seen > 3 ? 3 : seen;
                        if (seen != q)
                            continue;
                        double w = prior[base] * murk[d].shift[band];
                        mass += w;
                        sum += w * base;
                    }
                table[d][q] = mass > 0 ? (int)(4.0 * sum / mass + 0.5) : 4 * q;
            }
        ready = 1;
    }
    return table[difficulty][p];
}

/* weights[d][rank][base]: what eyes that rank a motif at `rank` read from
 * it on a vision card where it is printed at `base` (1-3), at difficulty
 * d: print_weight of the strength they see, 0 when they do not see it.
 * Filled once, by whichever thread comes first (pthread_once). */
static int8_t weights[3][MSY_MOTIFS][4];
static pthread_once_t weights_once = PTHREAD_ONCE_INIT;

static void fill_weights(void)
{
    for (int d = 0; d < 3; d++)
        for (int rank = 0; rank < MSY_MOTIFS; rank++)
            for (int base = 1; base <= 3; base++) {
                int p = shifted(d, base, rank);
                weights[d][rank][base] = (int8_t)(p > 0 ? print_weight(d, p) : 0);
            }
}

const int8_t (*tbi_msy_weight_table(int difficulty))[4]
{
    pthread_once(&weights_once, fill_weights);
    return weights[difficulty];
}

int tbi_msy_reading_seen(const uint8_t *eye, const int8_t (*weight)[4],
                         int v, uint64_t seen)
{
    uint64_t both = tbi_msy_visions[v] & seen;
    int sum = 0;
    while (both) {
        int m = __builtin_ctzll(both);
        both &= both - 1;
        int base = tbi_msy_strength(v, m);
        sum += eye ? weight[eye[m]][base] : 4 * base;
    }
    return sum;
}

int tbi_msy_reading_eye(const uint8_t *eye, int murk_level, int v, int k,
                        int c)
{
    uint64_t card = tbi_msy_cards[k * MSY_PER_KIND + c].motifs;
    if (!(tbi_msy_visions[v] & card))
        return 0;
    const int8_t(*weight)[4] =
        tbi_msy_weight_table(murk_level / (MSY_MAX_P + 1));
    return tbi_msy_reading_seen(eye, weight, v,
                                tbi_msy_attended(eye, murk_level, k, c));
}

int tbi_msy_reading(const msy *s, int seat, int v, int k, int c)
{
    int eyed = seat > 0 && seat < s->players;
    return tbi_msy_reading_eye(eyed ? s->percept[seat] : NULL,
                               tbi_msy_murk(s->difficulty, s->players), v, k,
                               c);
}

/* With 4-7 players every psychic votes; with 3 the two psychic players
 * vote openly; with 2 the one psychic player votes once. */
int tbi_msy_voters(const msy *s, int *seats)
{
    int n = 0;
    for (int seat = 1; seat < s->players; seat++)
        seats[n++] = seat;
    return n;
}

/* The next voter, or -1. */
static int next_voter(const msy *s)
{
    for (int seat = 1; seat < s->players; seat++)
        if (s->vote[seat] == MSY_NONE)
            return seat;
    return -1;
}

int tbi_msy_vote_seen(const msy *s, int seat, int v)
{
    if (s->phase != MSY_VOTE || s->players == 3)
        return 1; /* revealed at the end; open with 3 players */
    return seat == v;
}

int tbi_msy_shared_seen(const msy *s, int seat)
{
    if (s->phase == MSY_OVER || !tbi_msy_clairvoyance(s))
        return s->shared_n; /* 2 and 3 players: face up */
    if (s->phase != MSY_VOTE)
        return 0; /* still being shuffled face down */
    if (seat <= 0)
        return 0; /* the ghost shuffled them face down; onlookers see none */
    return tbi_msy_sees(s, seat - 1);
}

int tbi_msy_may_discard(const msy *s)
{
    if (s->hand_n == 0)
        return 0;
    switch (s->difficulty) {
    case MSY_EASY: return s->crows_turn < 1;
    case MSY_MEDIUM: return s->crows_used < 3;
    default: return s->crows_used < 1;
    }
}

int tbi_msy_identified(const msy *s)
{
    int n = 0;
    for (int i = 0; i < s->psychics; i++)
        n += s->stage[i];
    return n;
}

/* ------------------------------------------------------------ setup */

static void init(void *st, const tb_config *cfg)
{
    msy *s = st;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    s->difficulty = (uint8_t)cfg->opt[OPT_DIFFICULTY];
    s->psychics = (uint8_t)(s->players >= 4 ? s->players - 1
                                            : 2 * (s->players - 1));
    s->suspects = suspects_table[s->difficulty][s->players];
    s->hour = 1;
    s->phase = MSY_DEAL_CARDS;
    for (int i = 0; i < MSY_MAX_PSY; i++) {
        s->guess[i] = s->last_guess[i] = MSY_NONE;
        s->tokens[i] = i < s->psychics ? tokens_table[s->players] : 0;
    }
    memset(s->vote, MSY_NONE, sizeof s->vote);
    memset(s->sleeved_by, MSY_NONE, sizeof s->sleeved_by);
    s->culprit = s->chosen = MSY_NONE;
}

static int current(const void *st)
{
    const msy *s = st;
    if (s->shuffle_pending)
        return TB_CHANCE;
    switch (s->phase) {
    case MSY_VISION:
    case MSY_SHARED_VISION: return 0;
    case MSY_TIMER: return tbi_msy_seat_of(s, s->timer_turn);
    case MSY_VOTE: return next_voter(s);
    case MSY_OVER: return TB_TERMINAL;
    default: return TB_CHANCE;
    }
}

/* The cards of the 2-player game's leftover pool: every psychic card on
 * the table that no psychic found, by card number (1-54). */
static int leftovers(const msy *s, uint16_t *out)
{
    int n = 0;
    for (int k = 0; k < MSY_KINDS; k++)
        for (int pos = 0; pos < s->suspects; pos++)
            if (!tbi_msy_has(s->sleeved[k], pos))
                out[n++] = (uint16_t)(k * MSY_PER_KIND + s->row[k][pos] + 1);
    return n;
}

static void chance(const void *st, tb_chance *c)
{
    const msy *s = st;
    c->kind = TB_CHANCE_SHUFFLE;
    c->lo = c->hi = 0;
    if (s->shuffle_pending) {
        /* The discards in a fixed order (where each lay is not told), as
         * card numbers 1-84. */
        uint8_t pile[MSY_VISIONS];
        memcpy(pile, s->disc, s->disc_n);
        tbi_sort_u8(pile, s->disc_n);
        c->n = s->disc_n;
        c->what = "vision discards";
        for (int i = 0; i < c->n; i++)
            c->items[i] = (uint16_t)(pile[i] + 1);
        return;
    }
    switch (s->phase) {
    case MSY_DEAL_CARDS:
        c->n = MSY_KINDS * MSY_PER_KIND;
        c->what = "psychic cards";
        break;
    case MSY_DEAL_VISIONS:
        c->n = MSY_VISIONS;
        c->what = "vision deck";
        break;
    case MSY_DEAL_PERCEPTION: /* a shuffle of the motifs, numbered 1-48 */
        c->n = MSY_MOTIFS;
        c->what = "perception";
        break;
    case MSY_GROUPS:
        c->n = leftovers(s, c->items);
        c->what = "leftover psychic cards";
        return;
    default: /* MSY_SHUFFLE: the three cards' places 1-3 */
        c->n = MSY_SHARED;
        c->what = "shared vision";
        break;
    }
    for (int i = 0; i < c->n; i++)
        c->items[i] = (uint16_t)(i + 1); /* card numbers from 1 */
}

/* Lays a shuffled pile of card numbers 1-84, top card first, as the draw
 * pile (drawn from the end of deck[]). */
static void lay_pile(msy *s, const uint16_t *outcome, int n)
{
    for (int i = 0; i < n; i++)
        s->deck[n - 1 - i] = (uint8_t)(outcome[i] - 1);
    s->deck_n = (uint8_t)n;
}

/* Draws from the pile until the hand holds 7 cards; when the pile runs
 * out the discards are shuffled into a new one (a chance node) first. */
static void refill(msy *s)
{
    while (s->hand_n < MSY_HAND) {
        if (s->deck_n == 0) {
            if (s->disc_n > 0)
                s->shuffle_pending = 1;
            return;
        }
        tbi_hand_insert_sorted(s->hand, &s->hand_n, s->deck[--s->deck_n]);
    }
}

/* The deal of the psychic cards: a shuffle of all 54, numbered 1-54
 * (characters, locations, objects).  For each kind the first `suspects`
 * cards of that kind in the shuffle go on the table (in ascending order,
 * so where they lie tells nothing), and the first of them are the
 * psychics' targets, psychic 0 first. */
static void deal_cards(msy *s, const uint16_t *order)
{
    uint8_t drawn[MSY_KINDS][MSY_MAX_SUSPECTS], n[MSY_KINDS] = {0};
    for (int i = 0; i < MSY_KINDS * MSY_PER_KIND; i++) {
        int id = order[i] - 1, k = id / MSY_PER_KIND;
        if (n[k] < s->suspects)
            drawn[k][n[k]++] = (uint8_t)(id % MSY_PER_KIND);
    }
    for (int k = 0; k < MSY_KINDS; k++) {
        memcpy(s->row[k], drawn[k], s->suspects);
        tbi_sort_u8(s->row[k], s->suspects);
        for (int i = 0; i < s->psychics; i++)
            for (int pos = 0; pos < s->suspects; pos++)
                if (s->row[k][pos] == drawn[k][i])
                    s->target[i][k] = (uint8_t)pos;
    }
    s->phase = MSY_DEAL_VISIONS;
}

/* The 2-player game's two extra groups: the first two leftover cards of
 * each kind in the shuffled order. */
static void deal_groups(msy *s, const uint16_t *order, int n)
{
    int got[MSY_KINDS] = {0};
    for (int i = 0; i < n; i++) {
        int k = (order[i] - 1) / MSY_PER_KIND, c = (order[i] - 1) % MSY_PER_KIND;
        int pos = 0;
        while (s->row[k][pos] != c)
            pos++;
        if (got[k] < 2)
            s->group[s->psychics + got[k]++][k] = (uint8_t)pos;
    }
    s->groups = (uint8_t)(s->psychics + 2);
    s->phase = MSY_SHARED_VISION;
}

static void apply_chance(void *st, const uint16_t *outcome)
{
    msy *s = st;
    if (s->shuffle_pending) {
        lay_pile(s, outcome, s->disc_n);
        s->disc_n = 0;
        s->shuffle_pending = 0;
        refill(s);
        return;
    }
    switch (s->phase) {
    case MSY_DEAL_CARDS: deal_cards(s, outcome); break;
    case MSY_DEAL_VISIONS:
        lay_pile(s, outcome, MSY_VISIONS);
        refill(s);
        s->phase = MSY_DEAL_PERCEPTION;
        break;
    case MSY_DEAL_PERCEPTION: {
        /* Psychic seat perceived_n + 1: motif outcome[r] gets the shift
         * of rank r. */
        int seat = ++s->perceived_n;
        for (int r = 0; r < MSY_MOTIFS; r++)
            s->percept[seat][outcome[r] - 1] = (uint8_t)r;
        if (s->perceived_n + 1 >= s->players)
            s->phase = MSY_VISION;
        break;
    }
    case MSY_GROUPS: {
        uint16_t pool[MSY_KINDS * MSY_MAX_SUSPECTS];
        deal_groups(s, outcome, leftovers(s, pool));
        break;
    }
    default: { /* MSY_SHUFFLE */
        uint8_t was[MSY_SHARED];
        memcpy(was, s->shared, MSY_SHARED);
        for (int i = 0; i < MSY_SHARED; i++)
            s->shared[i] = was[outcome[i] - 1];
        s->phase = MSY_VOTE;
        break;
    }
    }
}

/* ------------------------------------------------------------ legal */

/* The changes psychic i may make on its turn of the sand timer, into out
 * (NULL: only counted): place or move its intuition token to any card of
 * its kind nobody found (if it is still looking); a ✓ or ✗ token on
 * another psychic's intuition token (one each, while it has tokens); take
 * back a token it placed.  `done` is always there besides. */
static int timer_changes(const msy *s, int i, tb_action *out)
{
    int n = 0;
    if (tbi_msy_active(s, i)) {
        int k = s->stage[i];
        for (int pos = 0; pos < s->suspects; pos++)
            if (!tbi_msy_has(s->sleeved[k], pos) && pos != s->guess[i]) {
                if (out)
                    out[n] = MSY_ACT(MSY_K_GUESS, pos);
                n++;
            }
    }
    if (!tbi_msy_clairvoyance(s))
        return n;
    for (int j = 0; j < s->psychics; j++) {
        if (j == i || s->guess[j] == MSY_NONE)
            continue;
        if (s->ctok[i][j]) {
            if (out)
                out[n] = MSY_ACT(MSY_K_TAKE, j);
            n++;
        } else if (s->tokens[i] > 0) {
            if (out) {
                out[n] = MSY_ACT(MSY_K_YES, j);
                out[n + 1] = MSY_ACT(MSY_K_NO, j);
            }
            n += 2;
        }
    }
    return n;
}

/* Every non-empty set of hand positions with `size` members (0: any). */
static int hand_masks(const msy *s, int size, tb_action base, tb_action *out)
{
    int n = 0;
    for (unsigned m = 1; m < 1u << s->hand_n; m++)
        if (!size || __builtin_popcount(m) == size)
            out[n++] = base | m;
    return n;
}

int tbi_msy_legal(const msy *s, tb_action *out)
{
    int n = 0;
    switch (s->phase) {
    case MSY_VISION:
        for (int i = 0; i < s->psychics; i++) {
            if (!tbi_msy_active(s, i) || s->given[i])
                continue;
            if (s->hand_n == 0)
                out[n++] = MSY_ACT(MSY_K_SKIP, i << 7);
            else
                n += hand_masks(s, 0, MSY_ACT(MSY_K_GIVE, i << 7), out + n);
        }
        if (tbi_msy_may_discard(s))
            n += hand_masks(s, 0, MSY_ACT(MSY_K_DISCARD, 0), out + n);
        break;
    case MSY_TIMER:
        n = timer_changes(s, s->timer_turn, out);
        out[n++] = MSY_ACT(MSY_K_DONE, 0);
        break;
    case MSY_SHARED_VISION:
        for (int g = 0; g < s->groups; g++)
            n += hand_masks(s, MSY_SHARED, MSY_ACT(MSY_K_SHARED, g << 7),
                            out + n);
        if (tbi_msy_may_discard(s))
            n += hand_masks(s, 0, MSY_ACT(MSY_K_DISCARD, 0), out + n);
        break;
    case MSY_VOTE:
        for (int g = 0; g < s->groups; g++)
            out[n++] = MSY_ACT(MSY_K_VOTE, g);
        break;
    default: break;
    }
    return n;
}

static int legal(const void *st, tb_action *out)
{
    return tbi_msy_legal(st, out);
}

/* ------------------------------------------------------------ apply */

/* Takes the cards of hand mask m out of the hand into out[]; returns how
 * many. */
static int take_from_hand(msy *s, unsigned m, uint8_t *out)
{
    int n = 0, keep = 0;
    for (int i = 0; i < s->hand_n; i++) {
        if (m >> i & 1u)
            out[n++] = s->hand[i];
        else
            s->hand[keep++] = s->hand[i];
    }
    memset(s->hand + keep, 0, (size_t)(MSY_HAND - keep));
    s->hand_n = (uint8_t)keep;
    return n;
}

static void discard_card(msy *s, uint8_t v, int seen)
{
    s->disc_seen[s->disc_n] = (uint8_t)seen;
    s->disc[s->disc_n++] = v;
}

static void resolve_hour(msy *s);

/* The next turn of the sand timer: the next psychic in the cycle who has
 * not said done since the last change.  A psychic with no change to make
 * (done, and no token it could place or take back) is taken as done
 * without a turn.  When every psychic is done, or the turns run out (the
 * sand timer's stand-in), the ghost manifests. */
static void timer_next(msy *s)
{
    if (s->timer_turns >= MSY_TIMER_ROUNDS * s->psychics) {
        resolve_hour(s);
        return;
    }
    for (int step = 1; step <= s->psychics; step++) {
        int i = (s->timer_turn + step) % s->psychics;
        if ((s->timer_done >> i) & 1)
            continue;
        if (timer_changes(s, i, NULL) == 0) {
            s->timer_done = (uint8_t)(s->timer_done | 1u << i);
            continue;
        }
        s->timer_turn = (uint8_t)i;
        return;
    }
    resolve_hour(s);
}

/* Every vision is given: the sand timer starts, psychic 1 first. */
static void start_timer(msy *s)
{
    s->phase = MSY_TIMER;
    s->timer_done = 0;
    s->timer_turns = 0;
    s->timer_turn = (uint8_t)(s->psychics - 1);
    timer_next(s);
}

/* Psychic i moves its intuition token to row position pos: the
 * clairvoyance tokens on it judged the card it left, so they go back to
 * their owners (who may place them again). */
static void move_intuition(msy *s, int i, int pos)
{
    for (int j = 0; j < s->psychics; j++)
        if (s->ctok[j][i]) {
            s->ctok[j][i] = 0;
            s->tokens[j]++;
        }
    s->guess[i] = (uint8_t)pos;
}

/* A turn of the sand timer: a change reopens the timer for everyone (each
 * psychic must say done again after seeing it); done marks the psychic. */
static void timer_turn(msy *s, tb_action a)
{
    int i = s->timer_turn;
    unsigned arg = a & 0xfffu;
    switch (MSY_A_KIND(a)) {
    case MSY_K_GUESS: move_intuition(s, i, (int)arg); break;
    case MSY_K_YES:
    case MSY_K_NO:
        s->ctok[i][arg] = MSY_A_KIND(a) == MSY_K_YES ? 1 : 2;
        s->tokens[i]--;
        break;
    case MSY_K_TAKE:
        s->ctok[i][arg] = 0;
        s->tokens[i]++;
        break;
    default: break; /* done */
    }
    if (MSY_A_KIND(a) == MSY_K_DONE)
        s->timer_done = (uint8_t)(s->timer_done | 1u << i);
    else
        s->timer_done = 0;
    s->timer_turns++;
    timer_next(s);
}

/* The epilogue begins: the groups are formed (two more at random with 2
 * players), the ghost's hand is full again, and the ghost may discard once
 * more on easy (a new turn). */
static void start_epilogue(msy *s)
{
    for (int i = 0; i < s->psychics; i++)
        memcpy(s->group[i], s->target[i], MSY_KINDS);
    s->groups = s->psychics;
    s->crows_turn = 0;
    s->phase = s->players == 2 ? MSY_GROUPS : MSY_SHARED_VISION;
    refill(s);
}

/* The spectral manifestation: each guess is right or wrong; tokens pay;
 * the found cards are sleeved, those psychics' visions discarded; a
 * psychic done gains a step for each hour left; then the clock moves. */
static void resolve_hour(msy *s)
{
    s->last_hour = s->hour;
    memcpy(s->last_ctok, s->ctok, sizeof s->last_ctok);
    for (int i = 0; i < s->psychics; i++) {
        s->last_guess[i] = s->guess[i];
        s->last_right[i] = 0;
        if (s->guess[i] == MSY_NONE)
            continue;
        int k = s->stage[i], pos = s->guess[i];
        int right = s->target[i][k] == pos;
        s->last_right[i] = (uint8_t)right;
        for (int j = 0; j < s->psychics; j++)
            if (s->ctok[j][i] == (right ? 1 : 2))
                s->track[j]++;
        if (right) {
            s->sleeved[k] |= (uint16_t)(1u << pos);
            s->sleeved_by[k][pos] = (uint8_t)i;
            for (int c = 0; c < s->vis_n[i]; c++)
                discard_card(s, s->vis[i][c], 1);
            memset(s->vis[i], 0, sizeof s->vis[i]);
            s->vis_n[i] = 0;
            if (++s->stage[i] == MSY_KINDS) {
                s->done_hour[i] = s->hour;
                s->track[i] = (uint8_t)(s->track[i] + MSY_HOURS - s->hour);
            }
        } else {
            s->wrong[i][k] |= (uint16_t)(1u << pos);
        }
    }
    /* Spent tokens go to the clock; those of hours 1-3 come back. */
    for (int i = 0; i < s->psychics; i++)
        for (int j = 0; j < s->psychics; j++)
            if (s->ctok[i][j] && s->hour <= 3)
                s->tokens_back[i]++;
    memset(s->ctok, 0, sizeof s->ctok);
    memset(s->guess, MSY_NONE, sizeof s->guess);
    memset(s->given, 0, sizeof s->given);
    for (int i = 0; i < s->psychics; i++)
        s->vis_new[i] = s->vis_n[i];
    int done = 1;
    for (int i = 0; i < s->psychics; i++)
        done &= !tbi_msy_active(s, i);
    if (done) {
        start_epilogue(s);
        return;
    }
    if (s->hour == MSY_HOURS) {
        s->phase = MSY_OVER;
        return;
    }
    s->hour++;
    if (s->hour == 4)
        for (int i = 0; i < s->psychics; i++) {
            s->tokens[i] = (uint8_t)(s->tokens[i] + s->tokens_back[i]);
            s->tokens_back[i] = 0;
        }
    s->crows_turn = 0;
    s->phase = MSY_VISION;
}

/* Whether every psychic still looking has had a vision this hour. */
static int all_given(const msy *s)
{
    for (int i = 0; i < s->psychics; i++)
        if (tbi_msy_active(s, i) && !s->given[i])
            return 0;
    return 1;
}

/* The votes are counted: the group with the most votes; on a tie, among
 * the tied groups, the one voted for by the psychic furthest on the
 * clairvoyance track; if that still ties, the one the eldest of those
 * psychics voted for (the lowest seat: seat 1 is taken as the eldest). */
int tbi_msy_tally_votes(const msy *s, const uint8_t *vote)
{
    int count[MSY_MAX_GROUPS] = {0}, most = 0;
    for (int v = 1; v < s->players; v++)
        if (vote[v] != MSY_NONE)
            count[vote[v]]++;
    for (int g = 0; g < s->groups; g++)
        most = count[g] > most ? count[g] : most;
    int best_seat = -1, best_track = -1;
    for (int v = 1; v < s->players; v++) {
        int g = vote[v];
        if (g == MSY_NONE || count[g] != most)
            continue;
        int track = tbi_msy_clairvoyance(s) ? s->track[v - 1] : 0;
        if (track > best_track) { /* ties keep the earlier, elder seat */
            best_track = track;
            best_seat = v;
        }
    }
    return best_seat < 0 ? 0 : vote[best_seat];
}

int tbi_msy_tally(const msy *s)
{
    return tbi_msy_tally_votes(s, s->vote);
}

static void apply(void *st, tb_action a)
{
    msy *s = st;
    unsigned arg = a & 0xfffu;
    uint8_t cards[MSY_HAND];
    switch (MSY_A_KIND(a)) {
    case MSY_K_GIVE: {
        int i = (int)(arg >> 7), n = take_from_hand(s, arg & 0x7fu, cards);
        memcpy(s->vis[i] + s->vis_n[i], cards, (size_t)n);
        s->vis_n[i] = (uint8_t)(s->vis_n[i] + n);
        s->given[i] = 1;
        refill(s);
        if (all_given(s))
            start_timer(s);
        break;
    }
    case MSY_K_SKIP:
        s->given[arg >> 7] = 1;
        if (all_given(s))
            start_timer(s);
        break;
    case MSY_K_DISCARD: {
        int n = take_from_hand(s, arg, cards);
        for (int c = 0; c < n; c++)
            discard_card(s, cards[c], 0);
        s->crows_used++;
        s->crows_turn++;
        refill(s);
        break;
    }
    case MSY_K_GUESS:
    case MSY_K_YES:
    case MSY_K_NO:
    case MSY_K_TAKE:
    case MSY_K_DONE: timer_turn(s, a); break;
    case MSY_K_SHARED: {
        take_from_hand(s, arg & 0x7fu, cards);
        memcpy(s->shared, cards, MSY_SHARED);
        s->shared_n = MSY_SHARED;
        s->culprit = (uint8_t)(arg >> 7);
        s->phase = MSY_SHUFFLE;
        break;
    }
    case MSY_K_VOTE: {
        int v = next_voter(s);
        if (v < 0)
            break; /* never */
        s->vote[v] = (uint8_t)arg;
        if (next_voter(s) < 0) {
            s->chosen = (uint8_t)tbi_msy_tally(s);
            s->won = s->chosen == s->culprit;
            s->phase = MSY_OVER;
        }
        break;
    }
    default: break;
    }
}

/* ------------------------------------------------------------ result */

/* The team score: the psychic cards identified, and one more for the
 * culprit found (a win scores 3 a psychic + 1). */
static void result(const void *st, tb_result *out)
{
    const msy *s = st;
    tbi_team_result(out, s->players, s->won,
                    tbi_msy_identified(s) + (s->won ? 1 : 0));
}

/* The search reward: the win counts most; among losses, the more cards
 * the psychics found the nearer the miss. */
static double reward(const tb_result *r, int seat)
{
    (void)seat;
    int psychics = r->players >= 4 ? r->players - 1 : 2 * (r->players - 1);
    double found = r->team_score - r->team_win;
    return 0.7 * r->team_win + 0.3 * found / (3.0 * psychics);
}

static int standing(const void *st, double *scores)
{
    const msy *s = st;
    for (int p = 0; p < s->players; p++)
        scores[p] = tbi_msy_identified(s);
    return s->hour;
}

/* ------------------------------------------------------------ determinize */

/* Gives psychics who[a..n) different cards of kind k outside `used` that
 * each may hold (weight above 0), the first such assignment in order;
 * returns whether there is one. */
static int first_assignment(msy *s, int k, const int *who, int n, int a,
                            unsigned used,
                            double w[MSY_MAX_PSY][MSY_MAX_SUSPECTS])
{
    if (a == n)
        return 1;
    for (int pos = 0; pos < s->suspects; pos++) {
        if ((used >> pos & 1u) || w[who[a]][pos] <= 0.0)
            continue;
        s->target[who[a]][k] = (uint8_t)pos;
        if (first_assignment(s, k, who, n, a + 1, used | 1u << pos, w))
            return 1;
    }
    return 0;
}

/* A position drawn in proportion to the weights w[0..n) (some above 0). */
static int draw_weighted(const double *w, int n, tb_rng *rng)
{
    double total = 0.0;
    for (int pos = 0; pos < n; pos++)
        total += w[pos];
    double x = tb_rng_unit(rng) * total;
    int pos = 0;
    while (pos < n - 1 && (w[pos] <= 0.0 || x >= w[pos])) {
        x -= w[pos];
        pos++;
    }
    while (pos > 0 && w[pos] <= 0.0) /* rounding ran past the last one */
        pos--;
    return pos;
}

/* Samples the hidden targets of kind k of every psychic still looking for
 * that kind, all different and none among the cards found: psychic i's
 * chance of each card in proportion to w[i][pos] (0: it cannot be).  Draws
 * independently and starts again on a clash (exact); after many clashes
 * (weights crowding onto the same cards) takes the first consistent
 * assignment.  The true targets are never read, so the sample depends only
 * on what the weights say. */
static void sample_targets(msy *s, int k,
                           double w[MSY_MAX_PSY][MSY_MAX_SUSPECTS],
                           tb_rng *rng)
{
    int who[MSY_MAX_PSY], n = 0;
    for (int i = 0; i < s->psychics; i++)
        if (s->stage[i] <= k)
            who[n++] = i;
    uint8_t pick[MSY_MAX_PSY];
    for (int attempt = 0; attempt < 200; attempt++) {
        unsigned used = s->sleeved[k];
        int a = 0;
        for (; a < n; a++) {
            int pos = draw_weighted(w[who[a]], s->suspects, rng);
            if (used >> pos & 1u)
                break;
            used |= 1u << pos;
            pick[a] = (uint8_t)pos;
        }
        if (a == n) {
            for (a = 0; a < n; a++)
                s->target[who[a]][k] = pick[a];
            return;
        }
    }
    if (!first_assignment(s, k, who, n, 0, s->sleeved[k], w))
        assert(0 && "no consistent targets"); /* the true ones are */
}

/* The targets seat `reader` has not seen, drawn again: for the kind each
 * psychic is looking for, in proportion to how well its visions fit each
 * card as the reader perceives them (tbi_msy_weights); for the kinds
 * still ahead of it, uniformly among the cards left. */
static void resample_targets(msy *s, int reader, tb_rng *rng)
{
    double w[MSY_KINDS][MSY_MAX_PSY][MSY_MAX_SUSPECTS];
    for (int i = 0; i < s->psychics; i++)
        for (int k = 0; k < MSY_KINDS; k++) {
            if (k == s->stage[i]) {
                tbi_msy_weights(s, reader, i, w[k][i]);
                continue;
            }
            for (int pos = 0; pos < MSY_MAX_SUSPECTS; pos++)
                w[k][i][pos] = pos < s->suspects &&
                               !tbi_msy_has(s->sleeved[k], pos);
        }
    for (int k = 0; k < MSY_KINDS; k++)
        sample_targets(s, k, w[k], rng);
}

/* The vision cards seat has not seen (the ghost's hand, the draw pile,
 * the ghost's discards, the shared-vision cards it does not see; for the
 * ghost, only the order of the pile and of the shared vision) are pooled
 * and dealt back to the same places in the same numbers. */
static void redeal_visions(msy *s, int seat, tb_rng *rng)
{
    int seen_shared = seat == 0 ? 0 : tbi_msy_shared_seen(s, seat);
    tbi_pool pool;
    tbi_pool_init(&pool);
    tbi_pool_add_run(&pool, s->deck, s->deck_n);
    if (seat != 0) {
        tbi_pool_add_run(&pool, s->hand, s->hand_n);
        for (int c = 0; c < s->disc_n; c++)
            if (!s->disc_seen[c])
                tbi_pool_add(&pool, s->disc[c]);
        for (int c = seen_shared; c < s->shared_n; c++)
            tbi_pool_add(&pool, s->shared[c]);
    }
    tbi_pool_shuffle(&pool, rng);
    tbi_pool_take_run(&pool, s->deck, s->deck_n);
    if (seat != 0) {
        tbi_pool_take_run(&pool, s->hand, s->hand_n);
        tbi_sort_u8(s->hand, s->hand_n);
        for (int c = 0; c < s->disc_n; c++)
            if (!s->disc_seen[c])
                s->disc[c] = tbi_pool_take(&pool);
        for (int c = seen_shared; c < s->shared_n; c++)
            s->shared[c] = tbi_pool_take(&pool);
    } else if (s->phase == MSY_VOTE) {
        /* The ghost shuffled the shared vision face down. */
        tbi_pool shared;
        tbi_pool_init(&shared);
        tbi_pool_add_run(&shared, s->shared, s->shared_n);
        tbi_pool_shuffle(&shared, rng);
        tbi_pool_take_run(&shared, s->shared, s->shared_n);
    }
}

/* The culprit's group as seat may guess it: in proportion to how well the
 * shared-vision cards it sees fit each group (the psychics' reading),
 * uniformly when it sees none.  The shared vision is placed to point to
 * the culprit, so a uniform draw would ignore what the seat was shown. */
static int draw_culprit(const msy *s, int seat, tb_rng *rng)
{
    double w[MSY_MAX_GROUPS], total = 0.0;
    tbi_msy_group_weights(s, seat, w);
    for (int g = 0; g < s->groups; g++)
        total += w[g];
    double x = tb_rng_unit(rng) * total;
    int g = 0;
    while (g < s->groups - 1 && x >= w[g]) {
        x -= w[g];
        g++;
    }
    return g;
}

void tbi_msy_draw_perception(uint8_t out[MSY_MOTIFS], tb_rng *rng)
{
    uint8_t order[MSY_MOTIFS];
    for (int m = 0; m < MSY_MOTIFS; m++)
        order[m] = (uint8_t)m;
    tb_rng_shuffle8(rng, order, MSY_MOTIFS);
    for (int r = 0; r < MSY_MOTIFS; r++)
        out[order[r]] = (uint8_t)r;
}

/* Resamples what seat has not seen: unseen vision cards, the other
 * seats' perceptions (every psychic seat's for the ghost), the targets
 * not yet found (not for the ghost, who knows them), the votes it has not
 * seen, and the culprit (psychics do not know it).  The intuition and
 * clairvoyance tokens are open. */
static void determinize(void *st, int seat, tb_rng *rng)
{
    msy *s = st;
    if (s->phase == MSY_DEAL_CARDS || s->phase == MSY_DEAL_VISIONS ||
        s->phase == MSY_OVER)
        return;
    for (int p = 1; p <= s->perceived_n && p < s->players; p++)
        if (p != seat)
            tbi_msy_draw_perception(s->percept[p], rng);
    if (s->phase == MSY_DEAL_PERCEPTION)
        return;
    redeal_visions(s, seat, rng);
    if (seat != 0)
        resample_targets(s, seat, rng);
    for (int v = 1; v < s->players; v++)
        if (s->vote[v] != MSY_NONE && !tbi_msy_vote_seen(s, seat, v))
            s->vote[v] = (uint8_t)tb_rng_below(rng, s->groups);
    if (seat != 0 && s->culprit != MSY_NONE)
        s->culprit = (uint8_t)draw_culprit(s, seat, rng);
}

/* Takes back this step's secret choices seat has not seen (the secret
 * votes of other seats), so that search replays them with its model of
 * the players. */
static void retract(void *st, int seat)
{
    msy *s = st;
    if (s->phase == MSY_VOTE) {
        for (int v = 1; v < s->players; v++)
            if (!tbi_msy_vote_seen(s, seat, v))
                s->vote[v] = MSY_NONE;
    }
}

/* ------------------------------------------------------------ the game */

static const tb_policy policies[] = {
    {"random-ghost", "as the ghost, gives each psychic one card of its hand "
     "at random, never discards, and makes the shared vision of three random "
     "cards for a random group (the floor the visions are measured against); "
     "as a psychic, plays as the heuristic", tbi_msy_random_ghost},
    {"onecard", "as the ghost, gives each psychic in turn the one card of "
     "its hand that points best to its target and never discards; otherwise "
     "plays as the heuristic (a ghost of narrow visions)",
     tbi_msy_one_card_ghost},
    {"counting", "as a psychic, reads by naive counting: places its "
     "intuition token on the card that shares the most motifs with its "
     "visions (whatever their prominence), places no clairvoyance tokens "
     "and votes by the same count; as the ghost, plays as the heuristic",
     tbi_msy_counting},
};

const tb_game tbg_mysterium = {
    .id = "mysterium",
    .title = "Mysterium",
    .blurb = "cooperative: a silent ghost guides the psychics to a murder's "
             "suspects, places and objects with vision cards",
    .min_players = 2,
    .max_players = MSY_MAX_P,
    .flags = TB_GAME_COOPERATIVE | TB_GAME_SIMULTANEOUS | TB_GAME_HIDDEN,
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(msy),
    .init = init,
    .current = current,
    .chance = chance,
    .apply_chance = apply_chance,
    .legal = legal,
    .apply = apply,
    .result = result,
    .determinize = determinize,
    .action_text = tbi_msy_action_text,
    .parse_action = tbi_msy_parse_action,
    .render = tbi_msy_render,
    .view_json = tbi_msy_view_json,
    .standing = standing,
    .heuristic = tbi_msy_heuristic,
    .quick = tbi_msy_quick,
    /* One decision moves the team's chances by far less than the deal
     * does, below what playouts can tell apart; what the search can add
     * is the ghost's heuristic estimate (24 imagined pairs of eyes a
     * gift) pooled over the worlds it walks: each walk takes the
     * heuristic's choice in its world and the most frequent is played
     * (docs/games/mysterium.md, "Search defaults"). */
    .search_defaults = "vote=on,iters=300",
    .reward = reward,
    .retract = retract,
    .describe = tbi_msy_describe,
    .describe_chance = tbi_msy_describe_chance,
    .observe = tbi_msy_observe,
    .action_space = tbi_msy_action_space,
    .action_index = tbi_msy_action_index,
    .policies = policies,
    .n_policies = (int)(sizeof policies / sizeof policies[0]),
};
