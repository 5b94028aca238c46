/*
 * bot.h - computer players.  A bot kind (random, heuristic, greedy, ismcts,
 * ext, net) is a const descriptor listed in one table in bot.c; a bot is an
 * instance made from a seat spec such as "ismcts:iters=2000" (see
 * docs/bots.md).  A game's own simple policies (tb_game.policies, such as
 * No Thanks!'s "threshold") are bots too, through one further kind.
 *
 * A bot never sees the true state.  tbi_bot_choose() hands it a copy that
 * has been determinized for its seat: everything the seat has not seen is
 * resampled from the bot's own generator, so reading any field of the state
 * reveals nothing that the seat's view does not.
 */
#ifndef TABULA_BOT_H
#define TABULA_BOT_H

#include "tabula.h"

typedef struct tbi_bot tbi_bot;

typedef struct tbi_bot_kind {
    const char *name;
    const char *help; /* one line, with its parameters */
    /* Whether the kind only needs the legal actions of its seat (which
     * depend on that seat's own cards alone), so choose() may be given the
     * true state without determinizing it: a speed-up for random play. */
    int legal_only;
    /* Whether the kind only asks the game's heuristic (tb_game.heuristic),
     * so that in a game flagged TB_GAME_VIEW_HEURISTIC choose() may be
     * given the true state too. */
    int heuristic_only;
    /* Reads "key=value,..." parameters; returns TB_EINVAL with a message. */
    int (*create)(tbi_bot *b, const char *params, char *err, size_t cap);
    /* Picks a legal action for seat in st (a determinized copy, which the
     * bot may modify). */
    tb_action (*choose)(tbi_bot *b, void *st, int seat);
    void (*destroy)(tbi_bot *b);
    /* Optional: told that a new game begins, with its settings and the
     * bot's seat (an outside agent is sent them; see docs/protocol.md). */
    void (*start)(tbi_bot *b, const tb_config *cfg, int seat);
    /* Optional: told of each action taken at the table, the bot's own
     * included, as its seat saw it: the acting seat and the action when
     * the seat could tell it from every other legal action by what it
     * sees afterwards, else seen = 0 (and a = 0).  ISMCTS uses it to keep
     * its tree between decisions (keep=on); only bots that set
     * tbi_bot.observes are told.  When seen, world is the state before the
     * action determinized for the bot's seat (what the seat knew then, the
     * rest sampled), for opponent models; else NULL. */
    void (*observe)(tbi_bot *b, int seat, tb_action a, int seen,
                    const void *world);
    /* Optional: told that a round has just ended (the game's standing()
     * round number moved on), with world, the state at that moment
     * determinized for the bot's seat, and the number of the round that
     * ended.  For agents that learn (an outside agent is sent it). */
    void (*round_end)(tbi_bot *b, const void *world, int round);
    /* Optional: told that the game is over, with the result (public once
     * the game ends) and world, the final state determinized for the
     * bot's seat, for its view of what was revealed. */
    void (*game_end)(tbi_bot *b, const void *world, const tb_result *r);
} tbi_bot_kind;

struct tbi_bot {
    const tbi_bot_kind *kind;
    const tb_game *game;
    tb_rng rng;
    tb_rng obs_rng; /* samples the worlds observe() is given, so that
                     * listening does not shift the bot's own stream */
    /* The generic handicap (spec option blunder=P): with probability
     * blunder a decision is a uniformly random legal action, drawn from
     * blunder_rng, instead of the kind's choice. */
    double blunder;
    tb_rng blunder_rng;
    long blunders; /* decisions the handicap took, for tests and reports */
    char spec[TB_SEAT_SPEC]; /* as given, for records and reports */
    void *scratch;  /* a state-sized block for the determinized copy */
    void *data;     /* the kind's own */
    int seat;       /* the seat of the current game (tbi_bot_start) */
    int observes;   /* set by a kind that wants tbi_bot_observe's news */
    void *seen[2];  /* state blocks for tbi_bot_observe, made on first use */
    /* The seat's information-set key just after the action observe() was
     * last told of as seen (before any chance that follows it), so that a
     * kind can tell whether it saw anything else happen before its next
     * decision (belief.h). */
    uint64_t seen_key;
    /* Thinking time, summed by tbi_bot_choose when `timed` is set (the
     * arena reports time per move; sims skip the clock). */
    int timed;
    long moves;
    double seconds;
};

/* Creates a bot from a spec "kind[:key=value,...]" for game g.  Besides
 * its kind's own parameters every spec may hold blunder=P (0 to 1). */
tbi_bot *tbi_bot_new(const tb_game *g, const char *spec, char *err,
                     size_t cap);
void tbi_bot_free(tbi_bot *b);
/* Reseeds the bot's generator (one stream per game and seat). */
void tbi_bot_seed(tbi_bot *b, uint64_t seed);
/* Starts a game for the bot: reseeds it and tells its kind the settings
 * and its seat.  Every match calls it for each bot before the first move. */
void tbi_bot_start(tbi_bot *b, const tb_config *cfg, int seat, uint64_t seed);
/* tbi_bot_start without the reseeding: the bot keeps its stream. */
void tbi_bot_begin(tbi_bot *b, const tb_config *cfg, int seat);
/* The engine bot a public tb_bot wraps (for tests of tb_bot_follow). */
tbi_bot *tbi_bot_inner(tb_bot *b);
/* Tells the bot, if its kind listens, that the seat to move in `before`
 * (the true state) takes action a: the action itself only when the bot's
 * seat can tell it apart from every other legal action by its view after
 * it (tb_infoset_key), so nothing hidden is passed on.  Matches call it
 * for every bot after each choice, before the action is applied. */
void tbi_bot_observe(tbi_bot *b, const void *before, tb_action a);
/* Whether b's kind wants to hear of each round's end (round_end), so
 * that a match tracks rounds only when some bot listens. */
int tbi_bot_wants_rounds(const tbi_bot *b);
/* Tells b, if its kind listens, that round `round` of the game in st (the
 * true state) has just ended; the kind is given st determinized for its
 * seat. */
void tbi_bot_round_end(tbi_bot *b, const void *st, int round);
/* Tells b, if its kind listens, that the game in st (the true, finished
 * state) is over: its result, and st determinized for b's seat. */
void tbi_bot_game_end(tbi_bot *b, const void *st);
/* Which way g's standings point: 1 when the winner of a finished game
 * tends to have the highest standing, -1 the lowest.  Learnt from up to 16
 * random games played out from st determinized for seat, with a generator
 * of its own; world is a state-sized scratch block.  Cooperative games:
 * read off the game's reward of team_score.  *players gets the count. */
int tbi_standings_direction(const tb_game *g, const void *st, int seat,
                            void *world, int *players);
/* A uniformly random legal action of the seat to move in st. */
tb_action tbi_random_action(const tb_game *g, const void *st, tb_rng *rng);
/* Chooses an action for seat, which must be the seat to move in st. */
tb_action tbi_bot_choose(tbi_bot *b, const void *st, int seat);
/* The number of bot kinds, and the i-th one. */
int tbi_bot_kind_count(void);
const tbi_bot_kind *tbi_bot_kind_at(int i);

#endif
