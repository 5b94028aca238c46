/*
 * tabula.h - the one public header of tabula, a C engine that plays tabletop
 * card and board games by their real rules.
 *
 * The model, in brief:
 *
 *   - A game is a const descriptor (struct tb_game) of labelled function
 *     pointers, listed in one registry table (tb_game_at / tb_find_game).
 *   - A game state is a flat, fixed-size block of g->state_size bytes with no
 *     pointers in it: the caller owns the memory and cloning is memcpy.
 *   - The state holds no random generator.  Wherever the rules call for luck
 *     (a shuffle, a die) the state stops at a *chance node*: tb_current()
 *     returns TB_CHANCE and tb_chance_spec() says what is needed.  The caller
 *     supplies the outcome, from a tb_rng (tb_sample_chance) or from a record
 *     (tb_apply_chance).  This is why the same seed and the same actions give
 *     the same game bit for bit, why a record can replay a real table's deal,
 *     and why a bot holding a copy of the state cannot learn future draws:
 *     they have not been drawn yet.
 *   - Per-seat views (text and JSON) show only what that seat may see, and
 *     tb_determinize() resamples everything a seat has not seen.
 *
 * Every function that can fail returns an int error code (TB_OK is 0, errors
 * are negative) and, where a person will read it, fills a message buffer.
 */
#ifndef TABULA_H
#define TABULA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TB_VERSION "0.1.0"

/* ---------------------------------------------------------------- limits */

#define TB_MAX_PLAYERS 10   /* most seats any game supports */
#define TB_MAX_OPTIONS 8    /* most options (variants) one game defines */
#define TB_MAX_ACTIONS 4096 /* most legal actions in any state of any game */
#define TB_MAX_CHANCE 160   /* most values in one chance outcome */
#define TB_ACTION_TEXT 64   /* buffer size that fits any action's text form */
#define TB_SEAT_SPEC 96     /* buffer size of a seat's spec ("ismcts:iters=...") */

/* Special values returned by tb_current(). */
#define TB_TERMINAL (-1) /* the game is over */
#define TB_CHANCE (-2)   /* luck decides next: see tb_chance_spec() */

/* The seat argument of a view that only shows public information. */
#define TB_SPECTATOR (-1)

/* ---------------------------------------------------------------- errors */

enum {
    TB_OK = 0,
    TB_EINVAL = -1,    /* a bad argument: unknown game, option, player count */
    TB_EILLEGAL = -2,  /* the action is not legal in this state */
    TB_ETERMINAL = -3, /* the game is over */
    TB_ECHANCE = -4,   /* wrong kind of step: chance vs. player decision */
    TB_EPARSE = -5,    /* text could not be read as an action or a value */
    TB_EIO = -6,       /* a file could not be read or written */
    TB_EMISMATCH = -7, /* a replayed record disagrees with the rules */
    TB_ENOMEM = -8     /* out of memory */
};

/* Returns a short English description of an error code. */
const char *tb_strerror(int code);

/* ---------------------------------------------------------------- random */

/* xoshiro256**: small, fast and good enough for simulation; seeded through
 * splitmix64 so that any 64-bit seed (including 0) gives a usable stream. */
typedef struct tb_rng {
    uint64_t s[4];
} tb_rng;

void tb_rng_seed(tb_rng *rng, uint64_t seed);
uint64_t tb_rng_next(tb_rng *rng);
/* A uniform integer in [0, n); n must be at least 1. Unbiased. */
uint32_t tb_rng_below(tb_rng *rng, uint32_t n);
/* A uniform double in [0, 1). */
double tb_rng_unit(tb_rng *rng);
/* Fisher-Yates shuffle of n 16-bit values. */
void tb_rng_shuffle16(tb_rng *rng, uint16_t *a, int n);
void tb_rng_shuffle8(tb_rng *rng, uint8_t *a, int n);
/* Derives the seed of the i-th independent sub-stream of a master seed
 * (game i of a simulation, seat j's bot), the same on every thread count. */
uint64_t tb_seed_derive(uint64_t master, uint64_t i);

/* ---------------------------------------------------------------- text */

/* A bounded string builder over a caller's buffer: appends never overflow,
 * they truncate and set `truncated`.  No allocation. */
typedef struct tb_text {
    char *buf;
    size_t cap;
    size_t len;
    int truncated;
} tb_text;

void tb_text_init(tb_text *t, char *buf, size_t cap);
void tb_text_printf(tb_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void tb_text_puts(tb_text *t, const char *s);

/* Render styles for tb_render(). */
#define TB_STYLE_PLAIN 0u
#define TB_STYLE_COLOR 1u   /* ANSI colours */
#define TB_STYLE_UNICODE 2u /* suit symbols and box drawing */

/* ---------------------------------------------------------------- games */

typedef uint32_t tb_action;

typedef enum tb_option_type {
    TB_OPT_INT,  /* an integer in [min, max] */
    TB_OPT_BOOL, /* 0 or 1; accepts on/off, yes/no, true/false, 1/0 */
    TB_OPT_ENUM  /* an index into choices[], written by name */
} tb_option_type;

/* One option (variant) a game offers. */
typedef struct tb_option_def {
    const char *name;
    const char *help;
    tb_option_type type;
    int def, min, max;          /* for TB_OPT_ENUM: min 0, max n-1 */
    const char *const *choices; /* TB_OPT_ENUM only: the value names */
} tb_option_def;

/* The settings one game is started with: the number of players and the
 * value of every option, by the option's index in the game's table. */
typedef struct tb_config {
    int players;
    int opt[TB_MAX_OPTIONS];
} tb_config;

/* What a chance node needs. */
typedef enum tb_chance_kind {
    TB_CHANCE_SHUFFLE, /* the outcome is a permutation of items[0..n) */
    TB_CHANCE_ROLL     /* the outcome is n values, each in [lo, hi] */
} tb_chance_kind;

typedef struct tb_chance {
    tb_chance_kind kind;
    int n;
    int lo, hi;
    const char *what; /* a few words for records: "deck", "2d6" */
    uint16_t items[TB_MAX_CHANCE];
} tb_chance;

/* The outcome of a finished game.  For competitive games, rank 1 is best and
 * tied seats share a rank.  For cooperative games `cooperative` is set,
 * every seat has the team's score and team_win says whether the team won.
 * `draw` is set when a competitive game ended with nobody winning (a turn
 * cap reached, no move left, a deck run out where the rules call that a
 * draw): every seat then has rank 1, since nobody beat anybody, and the
 * scores stay the game's own (cards left, stones held) for information.
 * A tie for first that the rules call a shared win is not a draw: draw is
 * 0 and the tied seats share rank 1.  Reports that split wins count a draw
 * as 1/players of a win for each seat, as a tie of all seats, and count
 * draws apart. */
typedef struct tb_result {
    int players;
    int cooperative;
    double score[TB_MAX_PLAYERS];
    int rank[TB_MAX_PLAYERS];
    int team_win;
    double team_score;
    int draw;
} tb_result;

/* Flags of a game descriptor. */
#define TB_GAME_COOPERATIVE 1u  /* one team against the game */
#define TB_GAME_SIMULTANEOUS 2u /* some choices are made in secret at once */
#define TB_GAME_HIDDEN 4u       /* some information is hidden from some seats */
#define TB_GAME_REALTIME 8u     /* played on a clock of ticks: realtime_key */
/* The heuristic reads only what the seat it plays may see (its own cards
 * and the table), so the `heuristic` bot may give it the true state and
 * skip determinize, which may be costly (a game whose determinize infers
 * hands).  The conformance battery checks the promise: the heuristic must
 * choose alike in the true state and in states determinized for the seat
 * to move. */
#define TB_GAME_VIEW_HEURISTIC 16u

/* A simple named policy a game offers beside its heuristic, so that bots
 * are measured against a field of different players, not only against
 * their own model (an "opponent pool": docs/bots.md).  A seat spec names
 * it like a bot ("threshold").  Same contract as tb_game.heuristic: it is
 * only given a state determinized for seat, the seat to move. */
typedef struct tb_policy {
    const char *name; /* one word, lowercase; not a bot kind's name */
    const char *help; /* one line: how it plays */
    tb_action (*choose)(const void *st, int seat, tb_rng *rng);
} tb_policy;

/*
 * A game, as one const descriptor.  Each function receives a state block of
 * state_size bytes.  The engine's tb_* wrappers below check arguments; the
 * game's functions may assume them (an action given to apply is legal, a
 * chance outcome given to apply_chance fits the spec).
 */
typedef struct tb_game {
    const char *id;    /* short, lowercase, used on the command line */
    const char *title; /* as printed on the box */
    const char *blurb; /* one line */
    int min_players, max_players;
    unsigned flags;
    const tb_option_def *options;
    int n_options;
    size_t state_size;

    /* Optional: checks option combinations and player counts beyond the
     * ranges above, writing a message a person can act on.  It is also
     * asked first when the player count is outside the range, so that a
     * game can say what its count means; returning TB_OK there leaves the
     * engine's own message. */
    int (*check_config)(const tb_config *cfg, char *err, size_t errcap);
    /* Sets up a new game; the first steps are usually chance nodes. */
    void (*init)(void *st, const tb_config *cfg);
    /* The seat to act, TB_CHANCE or TB_TERMINAL. */
    int (*current)(const void *st);
    /* At a chance node: what luck must decide. */
    void (*chance)(const void *st, tb_chance *out);
    /* At a chance node: applies an outcome that fits the spec. */
    void (*apply_chance)(void *st, const uint16_t *outcome);
    /* At a decision: writes the legal actions (at most TB_MAX_ACTIONS) in a
     * fixed order and returns how many there are (at least one). */
    int (*legal)(const void *st, tb_action *out);
    /* Applies a legal action of the current seat. */
    void (*apply)(void *st, tb_action a);
    /* At a terminal state: the result. */
    void (*result)(const void *st, tb_result *out);
    /* Resamples everything `seat` has not seen (other hands, secret choices
     * not yet revealed, the order of unseen cards), consistently with what
     * it has seen.  TB_SPECTATOR resamples every hidden thing. */
    void (*determinize)(void *st, int seat, tb_rng *rng);
    /* The short text form of a legal action of the current seat. */
    void (*action_text)(const void *st, tb_action a, char *buf, size_t cap);
    /* Reads the text form back (case-insensitive, spaces ignored where the
     * notation allows); returns TB_OK or TB_EPARSE with a hint in err.
     * A text it accepts names only what the action uses: one naming a
     * card, pile, cell or seat the action does not use is refused, never
     * read as another action (aliases and shorthand the game documents
     * are fine; docs/api.md).  A message written with TB_OK makes
     * tb_parse_action refuse the text: write one only for an action that
     * is not legal now, to say why. */
    int (*parse_action)(const void *st, const char *text, tb_action *out,
                        char *err, size_t errcap);
    /* The table as `seat` sees it, for a terminal. */
    void (*render)(const void *st, int seat, unsigned style, tb_text *out);
    /* The table as `seat` sees it, as a JSON object (jansson json_t *). */
    struct json_t *(*view_json)(const void *st, int seat);
    /* Optional: each seat's score if the game ended now (for drama metrics)
     * and the current round number (returned). */
    int (*standing)(const void *st, double *scores);
    /* Optional: a cheap hand-written policy that plays the way a decent
     * player does: a legal action for seat, the seat to move.  It is only
     * ever given a determinized state (for that seat, or in ISMCTS playouts
     * a world sampled for the searching seat), so it cannot cheat; the
     * `heuristic` bot and ISMCTS playouts use it. */
    tb_action (*heuristic)(const void *st, int seat, tb_rng *rng);
    /* Optional, for games whose heuristic is too slow to call thousands of
     * times a move: a much cheaper policy (weaker, but far better than
     * random moves) that ISMCTS plays its playouts with instead.  Same
     * contract as heuristic. */
    tb_action (*quick)(const void *st, int seat, tb_rng *rng);
    /* Optional: ISMCTS parameters that suit this game better than the
     * generic defaults, as "key=value,..." text (docs/bots.md); a seat's
     * own parameters override them.  Each should be backed by a measurement
     * in docs/bots.md. */
    const char *search_defaults;
    /* Optional; only for games flagged TB_GAME_REALTIME (added for The
     * Mind).  Such a game runs on a clock of ticks: in each tick every seat
     * still in play makes one secret decision, seats in ascending order, and
     * the tick resolves after the last of them (so a seat to move that is not
     * above the previous one starts a new tick).  Bots and records see plain
     * decisions; `tabula play` runs the ticks on a wall clock when one person
     * sits at a terminal.  This maps a key that person pressed during the
     * tick (a byte), or 0 when the tick ran out without one, to the action
     * of the seat to move: TB_OK and a legal action, or TB_EPARSE when the
     * key means nothing now.  The key 'q' is kept by the terminal (quit).
     * A game whose real-time part is one phase among turn-based ones (MYST:
     * the puzzle race, then the exploration) returns TB_EINVAL, for any
     * key, while the seat to move does not decide on the clock; the
     * terminal then asks for a typed move, and goes back to the clock when
     * the game does. */
    int (*realtime_key)(const void *st, int key, tb_action *out);
    /* Optional: how good a finished game with result r was for seat, in
     * [0, 1] (higher is better), for search bots (ISMCTS) to maximize.
     * When NULL, search uses a generic reward: for competitive games the
     * win share (1 for a sole win, 1/k for a k-way tie) blended with the
     * seat's placement and score margin; for cooperative games team_win
     * alone, since only the game knows whether a higher team_score is
     * better.  Cooperative games whose team_score grades a loss (cards
     * left, levels reached) should set it, e.g. team_win plus a small term
     * from team_score, so that search can tell a near miss from a rout. */
    double (*reward)(const tb_result *r, int seat);
    /* Optional, for games whose secret simultaneous choices are taken one
     * seat at a time: takes back the choices of the current step that seat
     * has not seen (each card returns to its owner's hand, as if not yet
     * chosen), so that those seats are to choose again, in the usual order,
     * before seat faces the very decision it faces now.  Search calls it on
     * a state already determinized for seat and replays those choices with
     * its model of the players, rather than keeping the uniformly resampled
     * ones (which a real player would rarely have made).  No allocation. */
    void (*retract)(void *st, int seat);
    /* Required: what `seat` (or TB_SPECTATOR) sees happen when the seat to
     * move in `before` takes the legal action a, `after` being the state right after
     * it (before any chance node that follows is resolved).  Written as
     * lines a person at the table would say, each ending in a newline:
     * first the action as the table sees it ("seat 1 takes 27 with 4
     * chips", "seat 0 chooses a card", "seat 2 replaces 2 cards"), then
     * what it brought about that seat saw (cards revealed, a row or trick
     * taken, a life lost, a hand's or the game's end with its scores).  It
     * shows nothing seat may not see: two actions that leave seat's view
     * the same are described to it alike.  The seat that acted is told its
     * own secret ("seat 0 chooses 58").  Not a hot path. */
    void (*describe)(const void *before, tb_action a, const void *after,
                     int seat, tb_text *out);
    /* Optional: further simple policies for opponent pools (tb_policy),
     * n_policies of them. */
    const tb_policy *policies;
    int n_policies;
    /* Optional: ISMCTS parameters for one player count, read after
     * search_defaults (and before a seat's own), e.g. {[3] = "iters=600",
     * [4] = "iters=600"} for a game whose best search differs with more
     * players.  The bot learns the count when a game starts, or from the
     * state at its first decision.  Each backed by a measurement in
     * docs/bots.md, like search_defaults. */
    const char *search_defaults_for[TB_MAX_PLAYERS + 1];
    /* Optional, for search (ISMCTS's prune=on): narrows the n legal
     * actions of seat, the seat to move, in acts to the candidates worth
     * comparing by search, in place and in their order, and returns how
     * many are kept: the moves the game's own knowledge cannot tell apart
     * from the heuristic's choice (say, every discard that leaves a hand
     * as near its goal as the heuristic's), so that a search spends its
     * worlds on what it can judge better (what the others hold, what they
     * will do) and never trades away what the heuristic weighs well.  It
     * keeps at least the heuristic's choice, reads only what seat may see
     * (the conformance battery checks both) and allocates nothing. */
    int (*candidates)(const void *st, int seat, tb_action *acts, int n);
    /* Optional, for learning agents (docs/learning.md), as OpenSpiel's
     * observation tensors and distinct actions; a game defines all three
     * or none.  observe: writes the floats that encode exactly what `seat`
     * sees in st (equal for two states the seat cannot tell apart,
     * different for two it can; the conformance battery checks both) and
     * returns how many; with out NULL it only counts them.  The count
     * depends on the settings alone (the engine learns it from a new
     * game: tb_observation_size).  action_space: the number of distinct
     * actions under cfg.  action_index: the index in [0, action_space) of
     * a legal action of the seat to move, distinct for distinct legal
     * actions of one state.  No allocation. */
    int (*observe)(const void *st, int seat, float *out);
    int (*action_space)(const tb_config *cfg);
    int (*action_index)(const void *st, tb_action a);
    /* Optional, but set by every game whose luck shows anyone anything:
     * what `seat` (or TB_SPECTATOR) learns when the chance node `before`
     * is resolved with outcome (n values, fitting its spec), `after` being
     * the state right after it.  Written like describe, as lines a person
     * at the table would say, each ending in a newline: a deal ("you are
     * dealt 3Ys, 5Rm, ..." to the seat, "the cards are dealt, 8 each" to
     * the others), a reveal ("the first sun is the 4 of red suns"), a roll
     * ("seat 1 rolls 3 and 5"), a spin.  It shows nothing seat may not see:
     * two outcomes that leave seat's view the same are described to it
     * alike (the conformance battery checks this).  It writes nothing when
     * the outcome shows seat nothing (an unseen shuffle).  Not a hot path. */
    void (*describe_chance)(const void *before, const uint16_t *outcome,
                            int n, const void *after, int seat,
                            tb_text *out);
    /* Optional, for games a search can prove positions of (an exact
     * solver, as Mystique Chain's): what the decision in st is worth to
     * seat, the seat to move, as far as the game can prove it within a
     * budget of its own choosing: TB_PROVEN_WIN (seat wins whatever the
     * others do), TB_PROVEN_LOSS (seat loses against their best play),
     * TB_PROVEN_DRAW, or TB_UNPROVEN when the budget ran out first.  It
     * always writes a legal action to *out: on a proven win a winning
     * move, on a proven draw a move that keeps the draw, on a proven loss
     * the move the game rates hardest for the others to answer, and
     * unproven the move its search found most promising.  Like the
     * heuristic it is only given a state determinized for seat, and it
     * proves from what seat may see alone: its answer is the same in
     * every state determinized for seat (the conformance battery checks
     * this), so that a proof never rests on a card seat has not seen.
     * ISMCTS asks it at the root of each decision (solve=on, docs/bots.md)
     * and, in a game not flagged TB_GAME_HIDDEN (where a state looks the
     * same to every seat), about the positions its chosen moves leave,
     * for the seat to move there (verify).  It is no hot path: it may take
     * a while and may allocate.  It leaves st unchanged. */
    int (*solve)(const void *st, int seat, tb_action *out);
} tb_game;

/* What tb_game.solve proved for the seat to move. */
enum {
    TB_UNPROVEN = 0,    /* not within the game's budget */
    TB_PROVEN_WIN = 1,  /* the move written wins */
    TB_PROVEN_LOSS = 2, /* every move loses against best play */
    TB_PROVEN_DRAW = 3  /* the move written draws, and none wins */
};

/* ---------------------------------------------------------------- registry */

int tb_game_count(void);
const tb_game *tb_game_at(int index);
/* Finds a game by id; NULL when there is none. */
const tb_game *tb_find_game(const char *id);
/* The game's documentation (docs/games/<id>.md, compiled in), or NULL. */
const char *tb_game_doc(const tb_game *g);

/* ---------------------------------------------------------------- config */

/* Fills cfg with the defaults for `players` seats (0: the minimum). */
int tb_config_default(const tb_game *g, int players, tb_config *cfg);
/* Sets one option from text ("cards", "104").  Returns TB_EINVAL with a
 * message that names the valid names or range. */
int tb_config_set(const tb_game *g, tb_config *cfg, const char *key,
                  const char *value, char *err, size_t errcap);
/* Checks the player count and every option. */
int tb_config_check(const tb_game *g, const tb_config *cfg, char *err,
                    size_t errcap);
/* The text form of option i's value in cfg (bool: on/off, enum: its name). */
void tb_config_value_text(const tb_game *g, const tb_config *cfg, int i,
                          char *buf, size_t cap);
/* Finds an option by name; -1 when there is none. */
int tb_option_index(const tb_game *g, const char *name);

/* ---------------------------------------------------------------- play */

/* Checks cfg and sets up a game in st (g->state_size bytes). */
int tb_init(const tb_game *g, void *st, const tb_config *cfg, char *err,
            size_t errcap);
/* Allocates a zeroed state block, or NULL.  Free it with free(). */
void *tb_state_new(const tb_game *g);
/* The seat to act, TB_CHANCE or TB_TERMINAL. */
int tb_current(const tb_game *g, const void *st);
/* Legal actions of the current seat into out (TB_MAX_ACTIONS capacity);
 * returns their number, or 0 at a chance node or terminal state. */
int tb_legal(const tb_game *g, const void *st, tb_action *out);
/* Applies an action after checking that it is legal; on error the state is
 * unchanged. */
int tb_apply(const tb_game *g, void *st, tb_action a);
/* Applies an action known to be legal (taken from tb_legal on this very
 * state): the fast path for search and simulation. */
void tb_apply_legal(const tb_game *g, void *st, tb_action a);
/* At a chance node: what luck must decide. */
int tb_chance_spec(const tb_game *g, const void *st, tb_chance *out);
/* At a chance node: checks and applies an outcome of n values. */
int tb_apply_chance(const tb_game *g, void *st, const uint16_t *outcome,
                    int n);
/* At a chance node: draws an outcome from rng and applies it.  When
 * outcome/n are not NULL they receive it (TB_MAX_CHANCE capacity). */
int tb_sample_chance(const tb_game *g, void *st, tb_rng *rng,
                     uint16_t *outcome, int *n);
/* Resolves chance nodes from rng until a decision or the end. */
void tb_settle(const tb_game *g, void *st, tb_rng *rng);
/* The result of a finished game. */
int tb_result_of(const tb_game *g, const void *st, tb_result *out);
/* Replaces hidden information with a sample consistent with seat's view. */
void tb_determinize(const tb_game *g, void *st, int seat, tb_rng *rng);
/* A 64-bit key of seat's information set in st: two states get the same
 * key when seat sees the same in both (and, but for hash collisions,
 * different keys when it does not).  It hashes the state determinized for
 * seat from a fixed seed, which works because determinize samples from what
 * the seat has seen alone, never from where hidden cards really lay.
 * scratch is a state block of g->state_size bytes.  No allocation. */
uint64_t tb_infoset_key(const tb_game *g, const void *st, int seat,
                        void *scratch);
/* Plays uniformly random actions (and chance) to the end; returns the
 * number of actions taken, or -1 (leaving the state where it stopped) if
 * the game ever offers no legal action, which breaks the game's contract:
 * the engine never applies an action it did not get from legal.
 * Allocation-free. */
long tb_random_playout(const tb_game *g, void *st, tb_rng *rng);

/* Text form of a legal action of the current seat. */
int tb_action_text(const tb_game *g, const void *st, tb_action a, char *buf,
                   size_t cap);
/* Reads an action typed by a person; checks it is legal now, and refuses
 * it (TB_EILLEGAL) when the game's parser wrote an objection in err though
 * it returned TB_OK. */
int tb_parse_action(const tb_game *g, const void *st, const char *text,
                    tb_action *out, char *err, size_t errcap);

/* What seat (or TB_SPECTATOR) sees happen when the seat to move in
 * `before` takes the legal action a: lines of text appended to out, said as
 * a person at the table would say them and showing only what seat may see
 * (tb_game.describe).  `after` is the state after a, or NULL to have it
 * computed here (one allocation).  Returns TB_EILLEGAL, writing nothing,
 * when a is not legal in before, and TB_ENOMEM when after cannot be made. */
int tb_describe(const tb_game *g, const void *before, tb_action a,
                const void *after, int seat, tb_text *out);

/* What seat (or TB_SPECTATOR) learns when the chance node `before` is
 * resolved with the n values of outcome: lines of text appended to out, as
 * tb_describe writes them for an action (tb_game.describe_chance), and
 * nothing when the outcome shows seat nothing or the game has no
 * describe_chance.  `after` is the state after it, or NULL to have it
 * computed here (one allocation).  Returns TB_ECHANCE, writing nothing,
 * when before is not a chance node, TB_EILLEGAL when the outcome does not
 * fit its spec, and TB_ENOMEM when after cannot be made. */
int tb_describe_chance(const tb_game *g, const void *before,
                       const uint16_t *outcome, int n, const void *after,
                       int seat, tb_text *out);

/* The table as seat sees it. */
void tb_render(const tb_game *g, const void *st, int seat, unsigned style,
               tb_text *out);
/* The view of seat as a JSON text (malloc'd; free it), or NULL. */
char *tb_view_json(const tb_game *g, const void *st, int seat);

/* ---------------------------------------------------------------- learning */

/*
 * Fixed-size tensors for learning agents (docs/learning.md): a seat's
 * observation as floats, and the actions numbered 0..space-1 with a mask of
 * the legal ones.  Only games that define them (tb_game.observe) have them;
 * the others return TB_EINVAL.
 */

/* Whether g defines observations and numbered actions. */
int tb_has_tensors(const tb_game *g);
/* The number of floats of a seat's observation under cfg, or TB_EINVAL. */
int tb_observation_size(const tb_game *g, const tb_config *cfg);
/* Writes seat's observation of st (tb_observation_size floats). */
int tb_observe(const tb_game *g, const void *st, int seat, float *out);
/* The number of distinct actions under cfg, or TB_EINVAL. */
int tb_action_space(const tb_game *g, const tb_config *cfg);
/* The index of a legal action a of the seat to move in st. */
int tb_action_index(const tb_game *g, const void *st, tb_action a,
                    int *index);
/* Sets mask[i] to 1 for the index of each legal action and to 0 for the
 * other indices below space; returns the number of legal actions, or an
 * error (TB_ECHANCE, TB_ETERMINAL, TB_EINVAL). */
int tb_action_mask(const tb_game *g, const void *st, uint8_t *mask,
                   int space);
/* The legal action whose index is `index`; TB_EILLEGAL when none is. */
int tb_action_of_index(const tb_game *g, const void *st, int index,
                       tb_action *out);

/*
 * Many games stepped at once, for learning loops that want throughput: n
 * games of g under cfg, each played from its own seed, chance resolved
 * inside.  After tb_vec_new and each tb_vec_step every game is at a seat's
 * decision: the arrays below hold, for game i, the seat to move, that
 * seat's observation (obs_size floats at obs + i*obs_size) and the mask of
 * its legal actions (space bytes at mask + i*space).  tb_vec_step takes
 * one action index per game; a game that ends is scored into reward
 * (players doubles at reward + i*players: the game's reward for each seat,
 * tb_game.reward or the win share) with done[i] = 1 and is dealt again at
 * once; otherwise reward is 0 and done[i] = 0.  The arrays are the vec's
 * own and stay at the same address, so a caller may wrap them once.
 */
typedef struct tb_vec tb_vec;
tb_vec *tb_vec_new(const tb_game *g, const tb_config *cfg, int n,
                   uint64_t seed, char *err, size_t errcap);
void tb_vec_free(tb_vec *v);
int tb_vec_step(tb_vec *v, const int32_t *actions, char *err,
                size_t errcap);
int tb_vec_size(const tb_vec *v);        /* n */
int tb_vec_obs_size(const tb_vec *v);
int tb_vec_space(const tb_vec *v);
const float *tb_vec_obs(const tb_vec *v);
const uint8_t *tb_vec_mask(const tb_vec *v);
const int32_t *tb_vec_seat(const tb_vec *v);
const double *tb_vec_reward(const tb_vec *v);
const uint8_t *tb_vec_done(const tb_vec *v);

/* ---------------------------------------------------------------- records */

/*
 * A record is one JSON document: game, options, players, seats, seed, the
 * deal (every chance outcome, in order), the actions in text form with the
 * seat that made each, and the result.  It replays without the generator.
 */
typedef struct tb_record_step {
    int seat;           /* the seat that acted */
    char text[TB_ACTION_TEXT];
} tb_record_step;

typedef struct tb_record {
    const tb_game *game;
    tb_config cfg;
    uint64_t seed;
    int has_seed;
    char seats[TB_MAX_PLAYERS][TB_SEAT_SPEC]; /* who sat there: "human" */
    int n_deal;
    int deal_cap;
    uint16_t **deal;  /* deal[i]: outcome i, deal_len[i] values */
    int *deal_len;
    int n_actions;
    int actions_cap;
    tb_record_step *actions; /* seat and text of each action */
    int has_result;
    tb_result result;
} tb_record;

/* Starts an empty record of a game. */
void tb_record_init(tb_record *r, const tb_game *g, const tb_config *cfg,
                    uint64_t seed);
void tb_record_free(tb_record *r);
/* Makes dst a copy of src that owns its own memory (dst need not be
 * initialised; free it with tb_record_free).  TB_ENOMEM leaves dst empty. */
int tb_record_copy(tb_record *dst, const tb_record *src);
int tb_record_add_deal(tb_record *r, const uint16_t *outcome, int n);
int tb_record_add_action(tb_record *r, int seat, const char *text);
/* Writes the record as JSON to path ("-" for stdout). */
int tb_record_save(const tb_record *r, const char *path, char *err,
                   size_t errcap);
/* Reads a record from path; messages name the field that is wrong. */
int tb_record_load(tb_record *r, const char *path, char *err, size_t errcap);
int tb_record_load_string(tb_record *r, const char *json, char *err,
                          size_t errcap);

/* Called by tb_record_replay after each action, for a move-by-move
 * display: `before` is the state the action a was taken in, `after` the
 * state it led to (before any chance that follows), so that the hook can
 * show the move as any seat saw it (tb_describe). */
typedef void (*tb_replay_hook)(const tb_game *g, const void *before,
                               tb_action a, const void *after,
                               const tb_record_step *step, int move_no,
                               void *user);
/* Replays a record into st (g->state_size bytes): every chance outcome must
 * fit its spec, every action must be legal for its seat and its text the
 * action's own (tb_action_text, ignoring case and spacing: a record is
 * evidence, not typing), and the final result must match.  On a mismatch returns TB_EMISMATCH and err names the
 * move number (1-based, counting actions) and what was wrong. */
int tb_record_replay(const tb_record *r, void *st, tb_replay_hook hook,
                     void *user, char *err, size_t errcap);

/* Called by tb_record_replay_chance after each chance outcome the record
 * resolves (deal entry deal_no, 1-based): `before` is the chance node,
 * `after` the state the outcome led to, so that the hook can show what
 * any seat learnt from it (tb_describe_chance); move_no is the number the
 * next action will have. */
typedef void (*tb_replay_chance_hook)(const tb_game *g, const void *before,
                                      const uint16_t *outcome, int n,
                                      const void *after, int deal_no,
                                      int move_no, void *user);
/* tb_record_replay with a second hook (either may be NULL) called after
 * every chance outcome, in the order of play. */
int tb_record_replay_chance(const tb_record *r, void *st, tb_replay_hook hook,
                            tb_replay_chance_hook chance_hook, void *user,
                            char *err, size_t errcap);

/* ---------------------------------------------------------------- bots */

/*
 * The engine's bots (docs/bots.md) for programs that play against them: a
 * bot is made from a seat spec such as "random", "heuristic" or
 * "ismcts:iters=2000".  It only ever sees a copy of the state determinized
 * for its seat, so it cannot cheat whatever state it is given.
 */
typedef struct tb_bot tb_bot;

/* Makes a bot of spec for g, its generator seeded with seed; NULL with a
 * message in err when the spec is wrong (or memory runs out). */
tb_bot *tb_bot_new(const tb_game *g, const char *spec, uint64_t seed,
                   char *err, size_t errcap);
void tb_bot_free(tb_bot *b);
/* Reseeds the bot's generator. */
void tb_bot_seed(tb_bot *b, uint64_t seed);
/* The bot's choice for the seat to move in st, written to *out.  Returns
 * TB_ECHANCE or TB_ETERMINAL when no seat is to move. */
int tb_bot_choose(tb_bot *b, const void *st, tb_action *out);
/* Tells the bot it plays `seat` in a game of cfg, from the game's start:
 * its parameters tuned for the player count are read and what it learnt
 * of the players in an earlier game is forgotten.  A bot that is never
 * started still chooses well, but learns nothing from tb_bot_observe. */
void tb_bot_start(tb_bot *b, const tb_config *cfg, int seat);
/* Tells a started bot that the seat to move in `before` (the true state:
 * the bot keeps only what its own seat could see of the move) takes action
 * a.  Call it for every action of the game in order, the bot's own
 * included, before the action is applied; a bot that reads the table
 * (ISMCTS with `opp=on`) infers from it how each other seat plays. */
void tb_bot_observe(tb_bot *b, const void *before, tb_action a);
/* Starts the bot for `seat` of the game in rec (tb_bot_start) and tells
 * it every action of the record in order (tb_bot_observe), for a program
 * that resumes a game from its record, as a server does for each bot
 * move: the bot then reads the table as if it had sat there from the
 * start.  A bot that learns nothing from play is only started.  Returns
 * TB_OK, or the error of tb_record_replay (with err) for a record that
 * does not replay; TB_ENOMEM when memory runs out. */
int tb_bot_follow(tb_bot *b, const tb_record *rec, int seat, char *err,
                  size_t errcap);

/* ---------------------------------------------------------------- sim */

/* What tb_sim reports (the figures of `tabula sim`). */
typedef struct tb_sim_report {
    long games;
    double wins[TB_MAX_PLAYERS];          /* a k-way tie for first counts 1/k */
    double win_rate_ci95[TB_MAX_PLAYERS][2]; /* Wilson interval */
    double mean_score[TB_MAX_PLAYERS];
    double mean_score_ci95[TB_MAX_PLAYERS];  /* half-width */
    double mean_actions;
    double team_wins;                     /* cooperative games */
    double team_win_rate_ci95[2];
    double team_mean_score, team_mean_score_ci95;
    /* Competitive games: games that ended in a draw (tb_result.draw; each
     * also counts 1/players in every seat's wins), and the draw rate's
     * Wilson interval. */
    double draws;
    double draw_rate_ci95[2];
} tb_sim_report;

/* Plays `games` games of g with cfg between bots (seats[j] is seat j's
 * spec, cfg->players of them) on `threads` threads: game i is dealt and
 * played from seeds derived from seed and i, so the report is the same for
 * any thread count and the same as `tabula sim` with that seed. */
int tb_sim(const tb_game *g, const tb_config *cfg, const char *const *seats,
           long games, uint64_t seed, int threads, tb_sim_report *out,
           char *err, size_t errcap);

#ifdef __cplusplus
}
#endif
#endif /* TABULA_H */
