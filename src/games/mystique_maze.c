/*
 * mystique_maze.c - Mystique Maze (Néstor Romeral Andrés, 2013), a
 * draw-and-discard race for 2-4 players with the Mystique Deck.
 *
 * Each player has two "corner cards" face up, opposite corners of the box
 * whose edges are the three attributes (numbers 1-5, colours yellow-red-
 * blue, suits suns-moons-crowns-arms, none wrapping round): A the ace of
 * yellow suns and the 5 of blue arms, B the ace of blue suns and the 5 of
 * yellow arms, C the ace of blue arms and the 5 of yellow suns, D the ace
 * of yellow arms and the 5 of blue suns.  The booklet lost the icons of
 * the suit order, and what it says of it fits no one order: the default
 * is the one its design shows (opposite corners, its example, a shortest
 * chain of exactly a hand), the order the rules' README gives (moons-
 * suns-arms-crowns) an option (`suit-order`; docs/games/mystique-maze.md,
 * Interpretations).  The corners of absent players stay in the deck.
 * Everyone is dealt 8 cards; in turn, anticlockwise,
 * a player draws the top card of the deck or of the discard pile, then
 * discards a card.  When the deck runs out the discards but the last one
 * are shuffled into a new deck.  A player wins when, at the end of her
 * turn, her hand holds a chain of "connected" cards (two attributes equal,
 * the third one step apart: tbi_mq_connected) from one of her corner cards
 * to the other.  The deck can cycle for ever, so a game that reaches the
 * turn limit (option `rounds`) ends in a draw.
 *
 * Seats are numbered in the order of play (anticlockwise: seat p + 1 sits
 * on seat p's right); seat 0 is player A and plays first.
 *
 * Actions: DRAW ("draw", the top of the deck), TAKE ("take", the top of
 * the discard pile), then a card id 0-59 discarded ("3Rc").
 */
#include "cards.h"
#include "dealt.h"
#include "graph.h"
#include "internal.h"
#include "mystique_deck.h"
#include "obs.h"
#include "redeal.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#define MAX_P 4
#define HAND 8
#define DRAW 100u
#define TAKE 101u
#define NONE 0xffu
#define MAX_SHOWN_WANTED 12 /* cards a terminal hint lists at most */
#define HISTORY 4 /* turns of each seat remembered (inference): a byte
                     each in a 32-bit word */
#ifndef MAZE_INFER_SPLIT
#define MAZE_INFER_SPLIT 1 /* ...and which hand holds an older deck's card */
#endif
#ifndef MAZE_INFER
#define MAZE_INFER 1 /* determinize infers hands (0: uniform, to compare) */
#endif

enum { OPT_ROUNDS, OPT_SUIT_ORDER };

/* The orders of the suits along the box's suit edge that the option
 * `suit-order` offers, from one end to the other: the default fits the
 * booklet's design (opposite corners, its example, a shortest chain of
 * exactly 8 cards), the other the rules' README and the booklet's no-wrap
 * note (docs/games/mystique-maze.md, Interpretations).  Everything that
 * depends on the order is read from orders[] below, or derived from it
 * once (boxes). */
enum { ORDER_SMCA, ORDER_MSAC, ORDERS };
static const char *const order_names[ORDERS] = {
    [ORDER_SMCA] = "suns-moons-crowns-arms",
    [ORDER_MSAC] = "moons-suns-arms-crowns",
};
/* For each order, the suits from one end of the edge to the other, and
 * how determinize weighs a sampled hand's distance from a chain
 * (infer_prior: hand_fit's charge for each card it misses) and how many
 * Metropolis steps for each hand infer_split takes.  With suns-moons-
 * crowns-arms a chain needs all 8 cards of a hand, and sampled hands
 * missed far more cards than real ones under the weights fitted for
 * moons-suns-arms-crowns (2.7 against 2.0 with 2 players, 2.6 against
 * 1.5 after a reshuffle with 3; tested): a stronger pull, and three
 * times the steps to share out the older cards, bring them back in
 * line (docs/bots.md, Mystique Maze, "The suit order"). */
static const struct maze_order {
    uint8_t suits[4];
    double infer_prior;
    int split_steps;
} orders[ORDERS] = {
    [ORDER_SMCA] = {{TBI_MQ_SUNS, TBI_MQ_MOONS, TBI_MQ_CROWNS, TBI_MQ_ARMS},
                    4.0, 36},
    [ORDER_MSAC] = {{TBI_MQ_MOONS, TBI_MQ_SUNS, TBI_MQ_ARMS, TBI_MQ_CROWNS},
                    2.0, 12},
};
enum phase { PH_DEAL, PH_DRAW, PH_DISCARD, PH_RESHUFFLE, PH_OVER };

static const tb_option_def options[] = {
    [OPT_ROUNDS] = {"rounds", "turn limit: the game ends in a draw after this "
                    "many rounds (a turn of every player) without a winner, "
                    "since the deck can cycle for ever",
                    TB_OPT_INT, 100, 10, 1000, NULL},
    [OPT_SUIT_ORDER] = {"suit-order", "the order of the suits along the "
                        "maze's suit edge, none wrapping round: "
                        "suns-moons-crowns-arms (the booklet's design: "
                        "each player's corners are opposite) or "
                        "moons-suns-arms-crowns (the rules' README)",
                        TB_OPT_ENUM, ORDER_SMCA, 0, ORDERS - 1, order_names},
};

/* The corner cards of players A-D: (number, suit, colour) of the ace and
 * of the 5. */
static const uint8_t corner_spec[MAX_P][2][3] = {
    {{1, TBI_MQ_SUNS, TBI_MQ_YELLOW}, {5, TBI_MQ_ARMS, TBI_MQ_BLUE}},
    {{1, TBI_MQ_SUNS, TBI_MQ_BLUE}, {5, TBI_MQ_ARMS, TBI_MQ_YELLOW}},
    {{1, TBI_MQ_ARMS, TBI_MQ_BLUE}, {5, TBI_MQ_SUNS, TBI_MQ_YELLOW}},
    {{1, TBI_MQ_ARMS, TBI_MQ_YELLOW}, {5, TBI_MQ_SUNS, TBI_MQ_BLUE}},
};

typedef struct maze {
    uint8_t players, phase;
    uint8_t turn;           /* the seat to act */
    uint8_t winner;         /* NONE: nobody (yet, or a draw) */
    uint8_t drawn;          /* the card the seat to act drew, or NONE */
    uint8_t took;           /* ...and it came from the discard pile */
    uint8_t reshuffles;
    uint8_t order;          /* the suit order (option suit-order) */
    uint8_t hand[MAX_P][HAND + 1], hand_n[MAX_P];
    uint8_t deck[TBI_MQ_CARDS], deck_top, deck_n; /* deck[deck_top..deck_n) */
    uint8_t discard[TBI_MQ_CARDS], discard_n;     /* the top is the last */
    uint16_t turns;         /* turns completed */
    uint16_t max_turns;     /* the turn limit: rounds x players */
    /* Cards in hands whose holder everyone knows: taken from the discard
     * pile and not discarded since (bit = card id). */
    uint64_t known;
    /* The cards the deck in play was shuffled from: at first every card
     * but the corners in front of the players, after a reshuffle the
     * discards (public: they lay face up). */
    uint64_t gen;
    uint64_t corners;       /* the corner cards in front of the players */
    /* The public history of each seat, what the search infers its hand
     * from (determinize).  The last HISTORY turns, newest first: the card on
     * top of the discard pile when it drew (NONE: the pile was empty),
     * whether it took that card (else it drew from the deck, refusing
     * it), and the card it discarded, a byte a turn in three words (turn i,
     * counted from the newest, in byte i: see history_at), so that a turn
     * is written with three shifts; log_n[p] of them are filled. */
    uint32_t log_top[MAX_P], log_took[MAX_P], log_disc[MAX_P];
    uint8_t log_n[MAX_P];
    /* Since the last reshuffle: the cards each seat left on top of the
     * discard pile when it drew from the deck instead, and the cards it
     * discarded (public: the view shows them). */
    uint64_t refused[MAX_P], discarded[MAX_P];
} maze;

/* ---------------------------------------------------------------- basics */

static int corner(int seat, int end)
{
    const uint8_t *c = corner_spec[seat][end];
    return tbi_mq_make(c[0], c[1], c[2], 0);
}

/* What each suit order makes of the maze: the graph of connected cards
 * (tbi_mq_connection_graph), and for each player the cards that lie on
 * some shortest chain between her corners.  Built once, by whichever
 * thread comes first (pthread_once), and only read after. */
typedef struct box_of {
    tbi_graph graph;
    uint64_t on_chain[MAX_P];
} box_of;

static box_of boxes[ORDERS];
static pthread_once_t boxes_once = PTHREAD_ONCE_INIT;

static void build_boxes(void)
{
    for (int o = 0; o < ORDERS; o++) {
        tbi_graph *g = &boxes[o].graph;
        tbi_mq_connection_graph(g, orders[o].suits);
        uint64_t all = tbi_graph_all(g);
        for (int p = 0; p < MAX_P; p++) {
            int a = corner(p, 0), b = corner(p, 1);
            int d = tbi_graph_distance(g, a, b, all);
            for (int v = 0; v < TBI_MQ_CARDS; v++)
                if (tbi_graph_distance(g, a, v, all) +
                        tbi_graph_distance(g, v, b, all) == d)
                    boxes[o].on_chain[p] |= tbi_node_bit(v);
        }
    }
}

/* The maze of s's suit order. */
static const box_of *box(const maze *s)
{
    pthread_once(&boxes_once, build_boxes);
    return &boxes[s->order];
}

/* The graph of connected cards in s's suit order. */
static const tbi_graph *maze_graph(const maze *s)
{
    return &box(s)->graph;
}

static uint64_t set_of(const uint8_t *cards, int n)
{
    uint64_t s = 0;
    for (int i = 0; i < n; i++)
        s |= tbi_node_bit(cards[i]);
    return s;
}

static uint64_t hand_set(const maze *s, int p)
{
    return set_of(s->hand[p], s->hand_n[p]);
}

/* "A player wins the game when, at the end of her turn, the cards in her
 * hand form a chain of connected cards that links her two corner cards." */
static int chains(const maze *s, int p)
{
    return tbi_graph_connected(maze_graph(s), corner(p, 0), corner(p, 1),
                               hand_set(s, p));
}

/* The cards of seat p's hand that nobody but p knows and that came from
 * the deck in play: a count anyone at the table can keep (the draws it
 * made from this deck, less the discards of such cards). */
static int unknown_from_deck(const maze *s, int p)
{
    int k = 0;
    for (int i = 0; i < s->hand_n[p]; i++) {
        uint8_t c = s->hand[p][i];
        k += !tbi_node_in(s->known, c) && tbi_node_in(s->gen, c);
    }
    return k;
}

static int next_seat(const maze *s, int p)
{
    return (p + 1) % s->players;
}

/* ---------------------------------------------------------------- set-up */

static void init(void *vs, const tb_config *cfg)
{
    maze *s = vs;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)cfg->players;
    s->max_turns = (uint16_t)(cfg->opt[OPT_ROUNDS] * cfg->players);
    s->order = (uint8_t)cfg->opt[OPT_SUIT_ORDER];
    s->winner = NONE;
    s->drawn = NONE;
    for (int p = 0; p < s->players; p++)
        s->corners |= tbi_node_bit(corner(p, 0)) | tbi_node_bit(corner(p, 1));
    s->phase = PH_DEAL;
}

static int current(const void *vs)
{
    const maze *s = vs;
    switch (s->phase) {
    case PH_DRAW:
    case PH_DISCARD: return s->turn;
    case PH_OVER: return TB_TERMINAL;
    default: return TB_CHANCE;
    }
}

/* The deal shuffles every card but the corners in front of the players;
 * a reshuffle, the discards but the last (ascending, for the record). */
static void chance(const void *vs, tb_chance *c)
{
    const maze *s = vs;
    c->kind = TB_CHANCE_SHUFFLE;
    c->lo = 0;
    c->hi = TBI_MQ_CARDS - 1;
    c->n = 0;
    if (s->phase == PH_DEAL) {
        c->what = "shuffled deck (without the corner cards in play)";
        for (int id = 0; id < TBI_MQ_CARDS; id++)
            if (!tbi_node_in(s->corners, id))
                c->items[c->n++] = (uint16_t)id;
        return;
    }
    tbi_mq_chance_pile(c, s->discard, s->discard_n - 1,
                       "discards but the last, shuffled into a new deck");
}

/* Takes a shuffled deck of n cards (top first) as the deck in play. */
static void new_deck(maze *s, const uint16_t *cards, int n)
{
    s->gen = 0;
    for (int i = 0; i < n; i++) {
        s->deck[i] = (uint8_t)cards[i];
        s->gen |= tbi_node_bit(cards[i]);
    }
    s->deck_n = (uint8_t)n;
    s->deck_top = 0;
}

/* "Deal each player 8 cards face-down. Place the remaining cards
 * face-down in the centre of the table as the deck": one card at a time
 * round the table, seat 0 first.  "If the deck runs out, reshuffle the
 * discard pile (except for the last discarded card) to make a new deck;
 * the last discarded card remains to seed the discard pile." */
static void apply_chance(void *vs, const uint16_t *cards)
{
    maze *s = vs;
    if (s->phase == PH_DEAL) {
        int n = TBI_MQ_CARDS - 2 * s->players;
        new_deck(s, cards, n);
        for (int k = 0; k < HAND * s->players; k++) {
            int p = k % s->players;
            s->hand[p][s->hand_n[p]++] = s->deck[s->deck_top++];
        }
        for (int p = 0; p < s->players; p++)
            tbi_sort_u8(s->hand[p], s->hand_n[p]);
        s->turn = 0;
        s->phase = PH_DRAW;
        return;
    }
    new_deck(s, cards, s->discard_n - 1);
    s->discard[0] = s->discard[s->discard_n - 1];
    s->discard_n = 1;
    s->reshuffles++;
    memset(s->refused, 0, sizeof s->refused);
    memset(s->discarded, 0, sizeof s->discarded);
    s->phase = PH_DRAW;
}

/* ---------------------------------------------------------------- play */

/* "On your turn, draw the top card of either the deck or the discard pile
 * (face-up pile next to the deck), then discard a card from your hand
 * face-up on the discard pile." */
static int legal(const void *vs, tb_action *out)
{
    const maze *s = vs;
    int n = 0;
    if (s->phase == PH_DRAW) {
        if (s->deck_top < s->deck_n)
            out[n++] = DRAW;
        if (s->discard_n > 0)
            out[n++] = TAKE;
        return n;
    }
    int p = s->turn;
    for (int i = 0; i < s->hand_n[p]; i++)
        out[n++] = s->hand[p][i];
    return n;
}

/* The end of a turn: the win is checked for the player whose turn it was,
 * then the turn limit; an empty deck is reshuffled before the next turn. */
static void end_turn(maze *s)
{
    int p = s->turn;
    s->turns++;
    s->drawn = NONE;
    if (chains(s, p)) {
        s->winner = (uint8_t)p;
        s->phase = PH_OVER;
        return;
    }
    if (s->turns >= s->max_turns) {
        s->phase = PH_OVER;
        return;
    }
    s->turn = (uint8_t)next_seat(s, p);
    s->phase = s->deck_top == s->deck_n ? PH_RESHUFFLE : PH_DRAW;
}

/* Turn i of a seat's history (0: its last) from one of its words. */
static uint8_t history_at(uint32_t word, int i)
{
    return (uint8_t)(word >> (8 * i));
}

/* Writes seat p's turn, ending with the discard d, into its public
 * history: the card on top of the discard pile when it drew is the one it
 * took, or else the pile's top still (nothing has been laid on it since). */
static void log_turn(maze *s, int p, uint8_t d)
{
    uint8_t top = s->took ? s->drawn
                          : s->discard_n ? s->discard[s->discard_n - 1] : NONE;
    s->log_top[p] = s->log_top[p] << 8 | top;
    s->log_took[p] = s->log_took[p] << 8 | s->took;
    s->log_disc[p] = s->log_disc[p] << 8 | d;
    if (s->log_n[p] < HISTORY)
        s->log_n[p]++;
    s->discarded[p] |= tbi_node_bit(d);
}

static void apply(void *vs, tb_action a)
{
    maze *s = vs;
    int p = s->turn;
    if (a == DRAW || a == TAKE) {
        uint8_t card;
        if (a == DRAW) {
            card = s->deck[s->deck_top++];
            if (s->discard_n > 0)
                s->refused[p] |= tbi_node_bit(s->discard[s->discard_n - 1]);
        } else {
            card = s->discard[--s->discard_n];
            s->known |= tbi_node_bit(card);
        }
        tbi_hand_insert_sorted(s->hand[p], &s->hand_n[p], card);
        s->drawn = card;
        s->took = a == TAKE;
        s->phase = PH_DISCARD;
        return;
    }
    tbi_hand_remove(s->hand[p], &s->hand_n[p], (uint8_t)a);
    s->known &= ~tbi_node_bit((int)a);
    log_turn(s, p, (uint8_t)a);
    s->discard[s->discard_n++] = (uint8_t)a;
    end_turn(s);
}

/* ---------------------------------------------------------------- end */

/* How many cards seat's hand misses at the end for a chain that fits in a
 * hand, counting every card not in front of a player as one it might have
 * got (0 for a chain; HAND + 1 when none could be made). */
static int final_gap(const maze *s, int p)
{
    uint64_t hand = hand_set(s, p);
    const tbi_graph *g = maze_graph(s);
    int m = tbi_graph_cheapest_within(g, corner(p, 0), corner(p, 1), hand,
                                      tbi_graph_all(g) & ~s->corners & ~hand,
                                      HAND + 1, NULL);
    return m < 0 ? HAND + 1 : m;
}

/* The winner is first and everyone else second; a draw at the turn limit
 * is a shared first place.  Each seat scores minus the cards its hand
 * still missed (0 for the winner), which says how close a loser came. */
static void result(const void *vs, tb_result *out)
{
    const maze *s = vs;
    out->players = s->players;
    for (int p = 0; p < s->players; p++) {
        out->score[p] = -final_gap(s, p);
        out->rank[p] = s->winner == NONE || p == s->winner ? 1 : 2;
    }
    if (s->winner == NONE) /* the turn limit: nobody won */
        tbi_draw_result(out);
}

/* ---------------------------------------------------------------- chains */

/* The cards `seat` could still get into its hand as far as it can tell:
 * those of the deck in play (some of which the others have drawn since)
 * and of the discard pile, but not its own, the corner cards in front of
 * the players, nor those it knows the others hold.  Before the first
 * reshuffle the deck in play is every other card; after one, a card that
 * was in no one's sight when the discards were shuffled (in nobody's
 * deck, nor in the discard pile now) is in another hand, and stays there
 * unless it is discarded. */
static uint64_t obtainable(const maze *s, int seat)
{
    uint64_t mine = hand_set(s, seat);
    uint64_t others_known = s->known & ~mine;
    uint64_t seen = s->gen | set_of(s->discard, s->discard_n);
    return seen & ~s->corners & ~mine & ~others_known;
}

/* Everything seat might still get one day: any card but its own, the
 * corner cards and those it knows the others hold, including the unseen
 * cards of other hands (they may be discarded). */
static uint64_t reachable(const maze *s, int seat)
{
    uint64_t mine = hand_set(s, seat);
    return tbi_graph_all(maze_graph(s)) & ~s->corners & ~mine &
           ~(s->known & ~mine);
}

/* The fewest cards seat's hand `hand` misses for a chain between its
 * corners that fits in a hand (at most HAND cards, so HAND + 1 links): a
 * plan made of obtainable cards when there is one, else (*loose set) of
 * cards other hands may hold unseen, which must be given up first; -1
 * when no chain can be made at all.  *wanted (when not NULL) receives the
 * cards each of which would bring the plan one card closer. */
static int chain_gap(const maze *s, int seat, uint64_t hand, uint64_t *wanted,
                     int *loose)
{
    const tbi_graph *g = maze_graph(s);
    int a = corner(seat, 0), b = corner(seat, 1);
    *loose = 0;
    int m = tbi_graph_cheapest_within(g, a, b, hand,
                                      obtainable(s, seat) & ~hand, HAND + 1,
                                      wanted);
    if (m >= 0)
        return m;
    *loose = 1;
    return tbi_graph_cheapest_within(g, a, b, hand, reachable(s, seat) & ~hand,
                                     HAND + 1, wanted);
}

/* How far a hand is from a chain, for the bots: chain_gap, a plan that
 * needs cards from other hands counting as further than any plan that
 * does not; and in *outs (when not NULL) how many cards would each bring
 * the plan one closer. */
static int missing(const maze *s, int seat, uint64_t hand, int *outs)
{
    uint64_t wanted;
    int loose, m = chain_gap(s, seat, hand, outs ? &wanted : NULL, &loose);
    if (outs)
        *outs = __builtin_popcountll(wanted);
    if (m < 0)
        return TBI_MQ_CARDS;
    return m + (loose ? HAND + 1 : 0);
}

/* Each seat's standing: minus the cards its hand misses for a chain, as
 * far as that seat knows (0 for a chain), and a little more for each card
 * that would bring it closer (the heuristic's measure of a hand).  Read
 * from a determinized state, as search does, it is the sampled world's.
 * The round is a turn of every player. */
static int standing(const void *vs, double *scores)
{
    const maze *s = vs;
    for (int p = 0; p < s->players; p++) {
        int outs, m = missing(s, p, hand_set(s, p), &outs);
        scores[p] = -m + (m ? outs / (double)TBI_MQ_CARDS : 0.0);
    }
    return s->turns / s->players;
}

/* How a hand's distance from a chain weighs in the race at a search's
 * cut-off, by player count (2-4): a seat's odds fall by e^race_beta for
 * each card it misses and by e^(race_beta x race_loose) more when its
 * plan needs cards other hands hold, and rise by e^RACE_OUTS for each
 * card that would bring it one closer.  Fitted to which seat went on to
 * win from the standings of games between heuristic players
 * (bench/maze_world.c; docs/bots.md, Mystique Maze): with 3 and 4
 * players a hand's distance tells less, and a plan through other hands
 * is far from hopeless. */
static const double race_beta[MAX_P + 1] = {0, 0, 0.75, 0.5, 0.5};
static const double race_loose[MAX_P + 1] = {0, 0, 4.0, 2.0, 4.0};
#define RACE_OUTS 0.05

/* The weight of a seat with standing `score` in the race (standing():
 * minus the cards missing, plus less than one for the cards that would
 * help; HAND + 1 more missing for a plan through other hands). */
static double race_weight(double score, int players)
{
    int m = (int)ceil(-score - 1e-9);
    double outs = (score + m) * TBI_MQ_CARDS;
    int loose = m > HAND;
    if (loose)
        m = m - (HAND + 1) > HAND ? HAND + 1 : m - (HAND + 1);
    return exp(-race_beta[players] * (m + race_loose[players] * loose) +
               RACE_OUTS * outs);
}

/* The search reward: the seat's chance of winning.  A finished game with
 * a winner (a hand that misses nothing) is a win or a loss, a draw a
 * share of it.  At the search's cut-off (ISMCTS's horizon scores the
 * seats by their standings) it is the seat's share of a race in which
 * each seat's odds fall with the cards it misses (race_weight): a graded
 * value, where the rank of the standings alone (the win of the seat
 * nearest a chain) made a hand one card behind worth nothing, however the
 * others stood (docs/bots.md, Mystique Maze). */
static double reward(const tb_result *r, int seat)
{
    int firsts = 0, done = 0;
    for (int p = 0; p < r->players; p++) {
        firsts += r->rank[p] == 1;
        done |= r->score[p] >= 0;
    }
    if (done || firsts == r->players)
        return tbi_win_share(r, seat);
    double sum = 0;
    for (int p = 0; p < r->players; p++)
        sum += race_weight(r->score[p], r->players);
    return race_weight(r->score[seat], r->players) / sum;
}

/* ---------------------------------------------------------------- hidden */

/* How determinize infers the other hands (docs/games/mystique-maze.md,
 * Search defaults).  A hand is judged by how well the heuristic's way of
 * play, holding it, explains its seat's public history: each of its last
 * HISTORY turns whose draw or discard the hand would not have made costs a
 * penalty, a turn older by one counting INFER_DECAY times as much, and a
 * hand costs the suit order's infer_prior (orders[]) for each card it
 * misses for a chain, from its seat's INFER_PRIOR_ROUNDS-th round on
 * (less before: a dealt hand is uniform, a hand players have built for a
 * while misses few cards).  The
 * sample is drawn by INFER_STEPS steps of Metropolis: swap one unseen
 * card of the hand with one of the cards left for the deck, keep the
 * swap with probability e to the change in the judgement (at most 1). */
#define INFER_STEPS 24
#define INFER_PENALTY 3.0
#define INFER_DECAY 0.9
#define INFER_PRIOR_ROUNDS 8

/* The judgement of seat p's hand in s (higher is likelier): the log of
 * how well it explains p's last turns, as said above.  Each turn checks
 * what it can of the present hand: a card it discarded would not now
 * bring its chain closer; a card it took and still holds is of use to
 * it; a card it refused (drawing from the deck instead) is not one it
 * now wants. */
static double hand_fit(const maze *s, int p)
{
    uint64_t hand = hand_set(s, p), wanted;
    int loose, g = chain_gap(s, p, hand, &wanted, &loose);
    /* While the plan is made of obtainable cards, an obtainable card would
     * bring it closer exactly when it is one of those wanted (graph.h:
     * each wanted card, once held, lowers the cost by one, and no other
     * paid card does), which saves a walk; other cards are walked. */
    uint64_t decided = g >= 0 && !loose ? obtainable(s, p) : 0;
    g = g < 0 ? TBI_MQ_CARDS : g + (loose ? HAND + 1 : 0);
    int rounds = s->turns / s->players;
    double fit = -orders[s->order].infer_prior * g *
                 (rounds < INFER_PRIOR_ROUNDS ? rounds : INFER_PRIOR_ROUNDS) /
                 INFER_PRIOR_ROUNDS;
    double w = INFER_PENALTY;
    for (int i = 0; i < s->log_n[p]; i++, w *= INFER_DECAY) {
        int x = history_at(s->log_disc[p], i);
        int t = history_at(s->log_top[p], i);
        if (!tbi_node_in(hand, x) &&
            (tbi_node_in(decided, x)
                 ? tbi_node_in(wanted, x)
                 : missing(s, p, hand | tbi_node_bit(x), NULL) < g))
            fit -= w;
        if (history_at(s->log_took[p], i)) {
            if (tbi_node_in(hand, t) &&
                missing(s, p, hand & ~tbi_node_bit(t), NULL) <= g)
                fit -= w;
        } else if (t != NONE && !tbi_node_in(hand, t) &&
                   tbi_node_in(wanted, t)) {
            fit -= w;
        }
    }
    return fit;
}

/* Draws seat p's unseen cards of the deck in play (dealt uniformly into
 * its hand from the pool) again as the public history makes likely
 * (hand_fit): Metropolis steps swapping one of them with a card of the
 * pool not yet dealt (pool->card[pool->next..n), the cards left for the
 * deck). */
static void infer_hand(maze *s, int p, tbi_pool *pool, tb_rng *rng)
{
    int idx[HAND + 1], k = 0;
    for (int i = 0; i < s->hand_n[p]; i++) {
        int c = s->hand[p][i];
        if (!tbi_node_in(s->known, c) && tbi_node_in(s->gen, c))
            idx[k++] = i;
    }
    int left = pool->n - pool->next;
    if (k == 0 || left == 0)
        return;
    double fit = hand_fit(s, p);
    for (int step = 0; step < INFER_STEPS; step++) {
        uint8_t *a = &s->hand[p][idx[tb_rng_below(rng, (uint32_t)k)]];
        uint8_t *b = &pool->card[pool->next +
                                 (int)tb_rng_below(rng, (uint32_t)left)];
        uint8_t t = *a;
        *a = *b;
        *b = t;
        double f = hand_fit(s, p);
        if (f >= fit || tb_rng_unit(rng) < exp(f - fit)) {
            fit = f;
        } else {
            *b = *a;
            *a = t;
        }
    }
    tbi_sort_u8(s->hand[p], s->hand_n[p]);
}

/* Draws again, as the public history makes likely (hand_fit), which of
 * the other hands holds each unseen card of an older deck.  Those cards
 * are in some hand, but not in which: dealt at random they told nothing
 * after a reshuffle, which with 3 and 4 players is most of a game.  Each
 * of the suit order's split_steps Metropolis steps per hand (orders[])
 * swaps such a card of one hand with one of another hand, judged by both
 * hands' fit (a step that
 * draws two cards of one hand is spent doing nothing).  Only the hands
 * of seats between turns (at most HAND cards) and other than `seat` take
 * part. */
static void infer_split(maze *s, int seat, tb_rng *rng)
{
    uint8_t who[MAX_P * (HAND + 1)], at[MAX_P * (HAND + 1)];
    int k = 0, holders = 0;
    double fit[MAX_P] = {0};
    for (int p = 0; p < s->players; p++) {
        if (p == seat || s->hand_n[p] > HAND)
            continue;
        int k0 = k;
        for (int i = 0; i < s->hand_n[p]; i++) {
            int c = s->hand[p][i];
            if (!tbi_node_in(s->known, c) && !tbi_node_in(s->gen, c)) {
                who[k] = (uint8_t)p;
                at[k++] = (uint8_t)i;
            }
        }
        if (k > k0) {
            holders++;
            fit[p] = hand_fit(s, p);
        }
    }
    if (holders < 2)
        return;
    int steps = orders[s->order].split_steps * holders;
    for (int step = 0; step < steps; step++) {
        int x = (int)tb_rng_below(rng, (uint32_t)k);
        int y = (int)tb_rng_below(rng, (uint32_t)k);
        int p = who[x], q = who[y];
        if (p == q)
            continue;
        uint8_t *a = &s->hand[p][at[x]], *b = &s->hand[q][at[y]];
        uint8_t t = *a;
        *a = *b;
        *b = t;
        double fp = hand_fit(s, p), fq = hand_fit(s, q);
        double change = fp + fq - fit[p] - fit[q];
        if (change >= 0 || tb_rng_unit(rng) < exp(change)) {
            fit[p] = fp;
            fit[q] = fq;
        } else {
            *b = *a;
            *a = t;
        }
    }
    for (int p = 0; p < s->players; p++)
        if (p != seat)
            tbi_sort_u8(s->hand[p], s->hand_n[p]);
}

/* Resamples what `seat` has not seen: the other hands' cards that were
 * not taken from the discard pile, and the order of the deck.  Unseen
 * cards of the deck in play and older ones are pooled apart: each hand
 * gets back as many of each as it held (a public count: the draws it made
 * from this deck, less the discards of such cards), and the deck is what
 * remains of the first pool, since a card of an older deck cannot be in
 * the new one.  The card the seat to act drew from the deck, when that is
 * not `seat`, is forgotten (its hand is resampled). */
static void determinize(void *vs, int seat, tb_rng *rng)
{
    maze *s = vs;
    if (s->phase == PH_DEAL || s->phase == PH_OVER)
        return;
    tbi_pool fresh, old;
    tbi_pool_init(&fresh);
    tbi_pool_init(&old);
    int nfresh[MAX_P] = {0}, nold[MAX_P] = {0};
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->hand_n[p]; i++) {
            uint8_t c = s->hand[p][i];
            if (tbi_node_in(s->known, c))
                continue;
            if (tbi_node_in(s->gen, c)) {
                tbi_pool_add(&fresh, c);
                nfresh[p]++;
            } else {
                tbi_pool_add(&old, c);
                nold[p]++;
            }
        }
    }
    tbi_pool_add_run(&fresh, s->deck + s->deck_top, s->deck_n - s->deck_top);
    tbi_pool_shuffle(&fresh, rng);
    tbi_pool_shuffle(&old, rng);
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        uint8_t cards[HAND + 1];
        int n = 0;
        for (int i = 0; i < s->hand_n[p]; i++)
            if (tbi_node_in(s->known, s->hand[p][i]))
                cards[n++] = s->hand[p][i];
        tbi_pool_take_run(&fresh, cards + n, nfresh[p]);
        n += nfresh[p];
        tbi_pool_take_run(&old, cards + n, nold[p]);
        n += nold[p];
        /* Cleared first: the information-set key hashes the whole state. */
        memset(s->hand[p], 0, sizeof s->hand[p]);
        memcpy(s->hand[p], cards, (size_t)n);
        tbi_sort_u8(s->hand[p], n);
    }
    /* The unseen cards of each hand but the one of the seat to act that
     * has drawn (its hand is between two turns) are drawn again as that
     * seat's public history makes likely, and then which of those hands
     * holds each older card. */
    for (int p = 0; p < s->players; p++)
        if (MAZE_INFER && p != seat && s->hand_n[p] <= HAND && nfresh[p] > 0)
            infer_hand(s, p, &fresh, rng);
    if (MAZE_INFER && MAZE_INFER_SPLIT)
        infer_split(s, seat, rng);
    tbi_pool_take_run(&fresh, s->deck + s->deck_top, s->deck_n - s->deck_top);
    /* The cards drawn from the deck (or dealt from it) are no longer
     * read, but they are the real ones: cleared, so that the sample, and
     * the information-set key that hashes it, never hold them. */
    memset(s->deck, 0, s->deck_top);
    if (s->phase == PH_DISCARD && s->turn != seat && !s->took)
        s->drawn = NONE;
}

/* ---------------------------------------------------------------- bots */

/* Whether a card would serve the next player: it lies on some shortest
 * chain between that player's corners (with the suits moons-suns-arms-
 * crowns only the suns and arms do, the corners being a step apart in
 * suit; with suns-moons-crowns-arms every card, the corners being
 * opposite), and more so when it is connected to a card that player is
 * known to hold. */
static int feeds_next(const maze *s, int seat, int card)
{
    int q = next_seat(s, seat);
    const box_of *b = box(s);
    int on_chain = tbi_node_in(b->on_chain[q], card);
    uint64_t theirs = hand_set(s, q) & s->known;
    return on_chain +
           2 * ((tbi_graph_neighbours(&b->graph, card) & theirs) != 0);
}

/* The cards of seat's hand whose discard leaves the fewest cards missing
 * for a chain, as a set: the heuristic discards one of them
 * (best_discard), and a search compares them all (candidates). */
static uint64_t closest_discards(const maze *s, int seat)
{
    uint64_t hand = hand_set(s, seat), closest = 0;
    int least = -1;
    for (int i = 0; i < s->hand_n[seat]; i++) {
        uint64_t bit = tbi_node_bit(s->hand[seat][i]);
        int gap = missing(s, seat, hand & ~bit, NULL);
        if (least < 0 || gap < least) {
            least = gap;
            closest = 0;
        }
        if (gap == least)
            closest |= bit;
    }
    return closest;
}

/* The discard that leaves seat's hand best: the fewest cards missing,
 * then the most obtainable cards that would bring it closer, then the
 * card least useful to the next player, then the first in hand order.
 * (The counts of such cards are only worked out for the discards that
 * leave the fewest missing: they cost a second walk.) */
static int best_discard(const maze *s, int seat)
{
    uint64_t hand = hand_set(s, seat), closest = closest_discards(s, seat);
    int best = -1, best_outs = 0, best_feed = 0;
    for (int i = 0; i < s->hand_n[seat]; i++) {
        int c = s->hand[seat][i], outs = 0;
        if (!tbi_node_in(closest, c))
            continue;
        missing(s, seat, hand & ~tbi_node_bit(c), &outs);
        int feed = feeds_next(s, seat, c);
        if (best < 0 || outs > best_outs ||
            (outs == best_outs && feed < best_feed)) {
            best = c;
            best_outs = outs;
            best_feed = feed;
        }
    }
    return best;
}

/* A decent player.  It measures a hand by the cards it still misses for a
 * chain between its corners that fits in a hand (the cheapest path of at
 * most 9 links through the connection graph where its cards cost nothing
 * and every card it could still get costs one: chain_gap), then by how
 * many obtainable cards would bring it closer.  It takes the discard pile's top card when that card
 * is one of those (so it shortens the chain), else draws from the deck;
 * it discards the card whose loss hurts least, keeping back, on equal
 * terms, cards on the next player's shortest chains and cards next to
 * those that player is known to hold, which would serve that player. */
static tb_action heuristic(const void *vs, int seat, tb_rng *rng)
{
    const maze *s = vs;
    (void)rng;
    if (s->phase == PH_DISCARD)
        return (tb_action)best_discard(s, seat);
    if (s->discard_n == 0)
        return DRAW;
    if (s->deck_top == s->deck_n)
        return TAKE;
    int top = s->discard[s->discard_n - 1];
    uint64_t wanted;
    int loose;
    chain_gap(s, seat, hand_set(s, seat), &wanted, &loose);
    return tbi_node_in(wanted, top) ? TAKE : DRAW;
}

/* The moves a search compares (tb_game.candidates): the discards that
 * leave the hand missing as few cards as the heuristic's does.  Which of
 * them is best turns on what the others hold and will do, which the
 * search judges in its sampled worlds; how far a hand is from a chain the
 * heuristic already weighs exactly, and a search that traded a card of
 * its chain for a guess about the others lost (docs/bots.md, Mystique
 * Maze).  The draw is the heuristic's alone: it takes the discard pile's
 * top exactly when that card brings the chain closer. */
static int candidates(const void *vs, int seat, tb_action *acts, int n)
{
    const maze *s = vs;
    if (s->phase != PH_DISCARD) {
        acts[0] = heuristic(vs, seat, NULL);
        return 1;
    }
    uint64_t closest = closest_discards(s, seat);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (tbi_node_in(closest, (int)acts[i]))
            acts[k++] = acts[i];
    return k;
}

/* The `deck` policy of the opponent pool: a player who never takes from
 * the discard pile and discards as the heuristic does. */
static tb_action deck_only(const void *vs, int seat, tb_rng *rng)
{
    const maze *s = vs;
    (void)rng;
    if (s->phase == PH_DISCARD)
        return (tb_action)best_discard(s, seat);
    return s->deck_top < s->deck_n ? DRAW : TAKE;
}

static const tb_policy policies[] = {
    {"deck", "always draw from the deck; discard as the heuristic", deck_only},
};

/* ---------------------------------------------------------------- text */

static void action_text(const void *vs, tb_action a, char *buf, size_t cap)
{
    (void)vs;
    if (a == DRAW)
        snprintf(buf, cap, "draw");
    else if (a == TAKE)
        snprintf(buf, cap, "take");
    else
        tbi_mq_short_name((int)a, 0, buf, cap);
}

static int parse_action(const void *vs, const char *text, tb_action *out,
                        char *err, size_t cap)
{
    const maze *s = vs;
    int p = s->turn;
    char word[16];
    tbi_squeeze(text, word, sizeof word);
    if (s->phase == PH_DRAW) {
        if (strcmp(word, "draw") == 0 || strcmp(word, "deck") == 0) {
            *out = DRAW;
            return TB_OK;
        }
        if (strcmp(word, "take") == 0 || strcmp(word, "pile") == 0) {
            if (s->discard_n == 0) {
                tbi_errf(err, cap, "the discard pile is empty: type draw");
                return TB_EPARSE;
            }
            *out = TAKE;
            return TB_OK;
        }
        tbi_errf(err, cap, "first draw a card: type draw (the top of the "
                 "deck) or take (the top of the discard pile)");
        return TB_EPARSE;
    }
    int id;
    const char *end = tbi_mq_parse(tbi_skip_space(text), 0, &id);
    if (!end || *tbi_skip_space(end)) {
        tbi_errf(err, cap, "now discard a card: type it as number, colour "
                 "and suit, e.g. 3Rc (3 of red crowns)");
        return TB_EPARSE;
    }
    if (!tbi_hand_has(s->hand[p], s->hand_n[p], (uint8_t)id)) {
        /* "Take your corner cards, and place them face-up in front of
         * you": they are never in a hand, so a corner card typed here is
         * answered as one, not as a card missing from the hand. */
        char name[8];
        tbi_mq_short_name(id, 0, name, sizeof name);
        int owner = -1;
        for (int q = 0; q < s->players && owner < 0; q++)
            if (id == corner(q, 0) || id == corner(q, 1))
                owner = q;
        if (owner == p)
            tbi_errf(err, cap, "%s is one of your corner cards: they stay "
                     "face up in front of you; discard a card from your "
                     "hand", name);
        else if (owner >= 0)
            tbi_errf(err, cap, "%s is a corner card of seat %d, face up in "
                     "front of them; discard a card from your hand", name,
                     owner);
        else
            tbi_errf(err, cap, "%s is not in your hand", name);
        return TB_EPARSE;
    }
    *out = (tb_action)id;
    return TB_OK;
}

static void say_card(tb_text *t, int card)
{
    char name[8];
    tbi_mq_short_name(card, 0, name, sizeof name);
    tb_text_puts(t, name);
}

/* Appends the chain of seat's hand between its corners: "1Ys 2Ys ... 5Ba". */
static void say_chain(tb_text *t, const maze *s, int seat)
{
    int path[TBI_GRAPH_MAX];
    int n = tbi_graph_path(maze_graph(s), corner(seat, 0),
                           corner(seat, 1), hand_set(s, seat), path);
    for (int i = 0; i < n; i++) {
        tb_text_puts(t, i ? " " : "");
        say_card(t, path[i]);
    }
}

/* ---------------------------------------------------------------- views */

static void render_cards(tb_text *t, const uint8_t *cards, int n,
                         unsigned style)
{
    for (int i = 0; i < n; i++) {
        tb_text_puts(t, " ");
        tbi_mq_render(t, cards[i], 0, style);
    }
}

static void render(const void *vs, int seat, unsigned style, tb_text *t)
{
    const maze *s = vs;
    tb_text_printf(t, "%sMystique Maze%s  turn %d of at most %d\n",
                   tbi_color(style, TBI_BOLD), tbi_color(style, TBI_RESET),
                   s->turns + (s->phase != PH_OVER), s->max_turns);
    if (s->phase == PH_DEAL) {
        tb_text_puts(t, "  to be dealt\n");
        return;
    }
    tb_text_printf(t, "  deck: %d card%s; discard pile: %d", s->deck_n -
                   s->deck_top, s->deck_n - s->deck_top == 1 ? "" : "s",
                   s->discard_n);
    if (s->discard_n) {
        tb_text_puts(t, ", top");
        render_cards(t, &s->discard[s->discard_n - 1], 1, style);
    }
    if (s->reshuffles)
        tb_text_printf(t, "; reshuffled %d time%s", s->reshuffles,
                       s->reshuffles == 1 ? "" : "s");
    tb_text_puts(t, "\n");
    for (int p = 0; p < s->players; p++) {
        tb_text_printf(t, "  %s seat %d (%c)%s: corners", p == s->turn &&
                       s->phase != PH_OVER ? ">" : " ", p, 'A' + p,
                       p == seat ? " (you)" : "");
        uint8_t ends[2] = {(uint8_t)corner(p, 0), (uint8_t)corner(p, 1)};
        render_cards(t, ends, 2, style);
        tb_text_printf(t, "; %d cards", s->hand_n[p]);
        uint8_t shown[HAND + 1];
        int k = 0;
        for (int i = 0; i < s->hand_n[p]; i++)
            if (tbi_node_in(s->known, s->hand[p][i]))
                shown[k++] = s->hand[p][i];
        if (k && p != seat) {
            tb_text_puts(t, ", known:");
            render_cards(t, shown, k, style);
        }
        tb_text_puts(t, "\n");
    }
    if (s->phase == PH_OVER) {
        if (s->winner == NONE) {
            tb_text_printf(t, "  game over: the turn limit (%d turns) is "
                           "reached, a draw\n", s->max_turns);
        } else {
            tb_text_printf(t, "  game over: seat %d's chain: ", s->winner);
            say_chain(t, s, s->winner);
            tb_text_printf(t, "; seat %d wins\n", s->winner);
        }
        return;
    }
    if (seat >= 0 && seat < s->players) {
        tb_text_puts(t, "  your hand:");
        render_cards(t, s->hand[seat], s->hand_n[seat], style);
        if (seat == s->turn && s->drawn != NONE) {
            tb_text_printf(t, " (%s ", s->took ? "took" : "drew");
            tbi_mq_render(t, s->drawn, 0, style);
            tb_text_puts(t, ")");
        }
        tb_text_puts(t, "\n");
        uint64_t wanted;
        int loose, m = chain_gap(s, seat, hand_set(s, seat), &wanted, &loose);
        if (m < 0)
            tb_text_puts(t, "  no chain can be made from what you may still "
                            "get\n");
        else
            tb_text_printf(t, "  your chain misses %d card%s%s", m,
                           m == 1 ? "" : "s", loose ? " (some now in other "
                           "hands)" : "");
        if (m > 0) {
            tb_text_puts(t, "; any of these would help:");
            int k = 0;
            for (; wanted && k < MAX_SHOWN_WANTED; wanted &= wanted - 1, k++) {
                uint8_t c = (uint8_t)__builtin_ctzll(wanted);
                render_cards(t, &c, 1, style);
            }
            if (wanted)
                tb_text_puts(t, " ...");
        }
        if (m >= 0)
            tb_text_puts(t, "\n");
    }
    tb_text_printf(t, "  seat %d to %s\n", s->turn, s->phase == PH_DRAW
                   ? "draw (from the deck) or take (the discard pile's top)"
                   : "discard a card");
}

/* Seat p's last turns, newest first, as the table saw them: the card on
 * top of the discard pile when it drew (null: none), whether it took it,
 * and the card it discarded. */
static json_t *last_turns_json(const maze *s, int p)
{
    json_t *a = json_array();
    for (int i = 0; i < s->log_n[p]; i++) {
        json_t *o = json_object();
        uint8_t top = history_at(s->log_top[p], i);
        uint8_t d = history_at(s->log_disc[p], i);
        json_object_set_new(o, "top", top == NONE
                                          ? json_null()
                                          : tbi_mq_json_cards(&top, 1));
        json_object_set_new(o, "took",
                            json_boolean(history_at(s->log_took[p], i)));
        json_object_set_new(o, "discarded", tbi_mq_json_cards(&d, 1));
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *view_json(const void *vs, int seat)
{
    const maze *s = vs;
    static const char *phase_names[] = {"deal", "draw", "discard",
                                        "reshuffle", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(v, "turns", json_integer(s->turns));
    json_object_set_new(v, "max_turns", json_integer(s->max_turns));
    json_object_set_new(v, "turn", json_integer(s->turn));
    json_object_set_new(v, "deck", json_integer(s->deck_n - s->deck_top));
    json_object_set_new(v, "discards", tbi_mq_json_cards(s->discard,
                                                         s->discard_n));
    json_object_set_new(v, "reshuffles", json_integer(s->reshuffles));
    if (s->reshuffles) {
        /* The cards the deck was last made of: everyone saw them. */
        json_object_set_new(v, "reshuffled", tbi_mq_json_set(s->gen));
    }
    if (s->phase == PH_DISCARD && s->took)
        json_object_set_new(v, "taken", tbi_mq_json_cards(&s->drawn, 1));
    json_t *seats = json_array();
    for (int p = 0; p < s->players; p++) {
        json_t *o = json_object();
        uint8_t ends[2] = {(uint8_t)corner(p, 0), (uint8_t)corner(p, 1)};
        json_object_set_new(o, "corners", tbi_mq_json_cards(ends, 2));
        json_object_set_new(o, "cards", json_integer(s->hand_n[p]));
        uint8_t shown[HAND + 1];
        int k = 0;
        for (int i = 0; i < s->hand_n[p]; i++)
            if (tbi_node_in(s->known, s->hand[p][i]))
                shown[k++] = s->hand[p][i];
        json_object_set_new(o, "known", tbi_mq_json_cards(shown, k));
        json_object_set_new(o, "from_deck",
                            json_integer(unknown_from_deck(s, p)));
        /* Its public history, which the search infers its hand from:
         * since the last reshuffle, the cards it left on top of the
         * discard pile drawing from the deck instead and the cards it
         * discarded; and its last turns. */
        json_object_set_new(o, "refused", tbi_mq_json_set(s->refused[p]));
        json_object_set_new(o, "discarded",
                            tbi_mq_json_set(s->discarded[p]));
        json_object_set_new(o, "last_turns", last_turns_json(s, p));
        json_array_append_new(seats, o);
    }
    json_object_set_new(v, "seats", seats);
    if (seat >= 0 && seat < s->players && s->phase != PH_DEAL) {
        json_object_set_new(v, "hand", tbi_mq_json_cards(s->hand[seat],
                                                         s->hand_n[seat]));
        int loose, m = chain_gap(s, seat, hand_set(s, seat), NULL, &loose);
        json_object_set_new(v, "missing", json_integer(m));
        if (seat == s->turn && s->drawn != NONE)
            json_object_set_new(v, "drawn", tbi_mq_json_cards(&s->drawn, 1));
    }
    if (s->phase == PH_OVER)
        json_object_set_new(v, "winner", s->winner == NONE
                                             ? json_null()
                                             : json_integer(s->winner));
    return v;
}

/* ---------------------------------------------------------------- describe */

/* What seat sees: a draw from the deck is a secret of the drawer (the
 * others hear "draws from the deck"), a card taken from the discard pile
 * and a discard are seen by all; then a win with its chain, the turn
 * limit, or a reshuffle. */
static void describe(const void *vb, tb_action a, const void *va, int seat,
                     tb_text *t)
{
    const maze *b = vb, *s = va;
    int p = b->turn;
    if (a == DRAW) {
        tb_text_printf(t, "seat %d draws ", p);
        if (seat == p) {
            say_card(t, s->drawn);
            tb_text_puts(t, " ");
        }
        tb_text_puts(t, "from the deck\n");
        return;
    }
    if (a == TAKE) {
        tb_text_printf(t, "seat %d takes ", p);
        say_card(t, b->discard[b->discard_n - 1]);
        tb_text_puts(t, " from the discard pile\n");
        return;
    }
    tb_text_printf(t, "seat %d discards ", p);
    say_card(t, (int)a);
    tb_text_puts(t, "\n");
    if (s->phase == PH_OVER && s->winner != NONE) {
        tb_text_printf(t, "seat %d's hand chains its corners: ", p);
        say_chain(t, s, p);
        tb_text_printf(t, "\nseat %d wins\n", p);
    } else if (s->phase == PH_OVER) {
        tb_text_printf(t, "the turn limit (%d turns) is reached: the game is "
                       "a draw\n", s->max_turns);
    } else if (s->phase == PH_RESHUFFLE) {
        tb_text_printf(t, "the deck is empty: the %d discards under ",
                       s->discard_n - 1);
        say_card(t, (int)a);
        tb_text_puts(t, " are shuffled into a new deck\n");
    }
}

/* The deal: each seat is told its own hand, everyone how many each got
 * (the corner cards lie face up from the start).  A reshuffle of the
 * discards shows nobody a card, but the table sees it made. */
static void describe_chance(const void *vb, const uint16_t *outcome, int n,
                            const void *va, int seat, tb_text *t)
{
    const maze *b = vb, *s = va;
    (void)outcome;
    if (b->phase == PH_DEAL) {
        tbi_say_deal(t, seat, s->players, &s->hand[0][0], HAND + 1,
                     s->hand_n, tbi_mq_namer, NULL);
        return;
    }
    tb_text_printf(t, "the deck has run out: the %d discards under the top "
                   "one are shuffled into a new deck\n", n);
}

/* ---------------------------------------------------------------- tensors */

/* A card or NONE as a one-hot over the 60 ids (none for NONE). */
static void obs_card(tbi_obs *o, uint8_t card)
{
    tbi_obs_onehot(o, card == NONE ? -1 : card, TBI_MQ_CARDS);
}

/* seat's observation (docs/learning.md), cards over the 60 ids: its hand
 * (flags); the card it drew this turn, or the card the seat to act took
 * from the discard pile (one-hot), and whether the card drawn was taken;
 * the discard pile in order (tbi_obs_order); the cards the deck in play
 * was shuffled from (flags); the deck (/60); per seat from seat on: its
 * cards (/9), those everyone knows it holds (flags), its unknown cards
 * from the deck in play (/9), the cards it refused and discarded since
 * the last reshuffle (flags), and its last 4 turns, newest first, each the
 * discard pile's top when it drew (one-hot), whether it took it and the
 * card it discarded (one-hot); the turns done (/1000), the turn limit
 * (/4000), the reshuffles (/10), the suit order (1 for
 * moons-suns-arms-crowns); the seat to act and the winner (one-hot); the
 * phase (deal, draw, discard, reshuffle, over).  The corners follow from
 * the player count.  A NULL out only counts. */
static int observe(const void *vs, int seat, float *out)
{
    const maze *s = vs;
    tbi_obs o = {out, 0};
    int n = s->players, dealt = s->phase != PH_DEAL;
    int sees_drawn = s->phase == PH_DISCARD && (s->turn == seat || s->took);
    tbi_obs_cards(&o, s->hand[seat], s->hand_n[seat], 0, TBI_MQ_CARDS);
    obs_card(&o, sees_drawn ? s->drawn : NONE);
    tbi_obs_scalar(&o, s->took);
    tbi_obs_order(&o, s->discard, s->discard_n, 0, TBI_MQ_CARDS,
                  TBI_MQ_CARDS);
    tbi_obs_bits(&o, s->gen, 0, TBI_MQ_CARDS);
    tbi_obs_scalar(&o, (s->deck_n - s->deck_top) / 60.0);
    for (int r = 0; r < n; r++) {
        int p = (seat + r) % n;
        tbi_obs_scalar(&o, s->hand_n[p] / (double)(HAND + 1));
        tbi_obs_bits(&o, s->known & hand_set(s, p), 0, TBI_MQ_CARDS);
        tbi_obs_scalar(&o, dealt ? unknown_from_deck(s, p) / (double)(HAND + 1)
                                 : 0);
        tbi_obs_bits(&o, s->refused[p], 0, TBI_MQ_CARDS);
        tbi_obs_bits(&o, s->discarded[p], 0, TBI_MQ_CARDS);
        for (int i = 0; i < HISTORY; i++) {
            int kept = i < s->log_n[p];
            obs_card(&o, kept ? history_at(s->log_top[p], i) : NONE);
            tbi_obs_scalar(&o, kept && history_at(s->log_took[p], i));
            obs_card(&o, kept ? history_at(s->log_disc[p], i) : NONE);
        }
    }
    tbi_obs_scalar(&o, s->turns / 1000.0);
    tbi_obs_scalar(&o, s->max_turns / 4000.0);
    tbi_obs_scalar(&o, s->reshuffles / 10.0);
    tbi_obs_scalar(&o, s->order);
    int acting = s->phase == PH_DRAW || s->phase == PH_DISCARD;
    tbi_obs_seat(&o, acting ? s->turn : -1, seat, n);
    tbi_obs_seat(&o, s->winner == NONE ? -1 : s->winner, seat, n);
    tbi_obs_onehot(&o, s->phase, 5);
    return o.at;
}

/* Discarding card id c is c (0-59); drawing from the deck is 60, taking
 * the discard pile's top 61. */
static int action_space(const tb_config *cfg)
{
    (void)cfg;
    return TBI_MQ_CARDS + 2;
}

static int action_index(const void *vs, tb_action a)
{
    (void)vs;
    return a == DRAW ? TBI_MQ_CARDS : a == TAKE ? TBI_MQ_CARDS + 1 : (int)a;
}

const tb_game tbg_mystique_maze = {
    .id = "mystique-maze",
    .title = "Mystique Maze",
    .blurb = "draw and discard until your hand chains your two corner cards "
             "through connected cards",
    .min_players = 2,
    .max_players = MAX_P,
    .flags = TB_GAME_HIDDEN | TB_GAME_VIEW_HEURISTIC,
    .options = options,
    .n_options = 2,
    .state_size = sizeof(maze),
    .init = init,
    .current = current,
    .chance = chance,
    .apply_chance = apply_chance,
    .legal = legal,
    .apply = apply,
    .result = result,
    .determinize = determinize,
    .action_text = action_text,
    .parse_action = parse_action,
    .render = render,
    .view_json = view_json,
    .standing = standing,
    .heuristic = heuristic,
    /* The draw is the heuristic's; the discards that keep the hand as
     * near a chain as the heuristic's (candidates, prune) are compared
     * paired (pair) in worlds whose hands are inferred from the public
     * history (determinize), 300 plays of one discard in one world in
     * all, the heuristic playing every seat after it (flat) until the
     * searching seat is to move again (horizon=turn), valued as a race
     * (reward); the heuristic's discard is kept unless another is a
     * standard error of the paired difference better (anchor):
     * docs/games/mystique-maze.md, Search defaults, and docs/bots.md,
     * Mystique Maze, "Candidate moves". */
    .search_defaults = "iters=300,horizon=turn,anchor=1,pair=on,flat=on,"
                       "prune=on",
    .reward = reward,
    .describe = describe,
    .describe_chance = describe_chance,
    .policies = policies,
    .n_policies = 1,
    .candidates = candidates,
    .observe = observe,
    .action_space = action_space,
    .action_index = action_index,
};
