/*
 * ext_bot.h - what the `ext` bot (an outside program speaking the agent
 * protocol of docs/protocol.md) exposes beyond the bot interface.
 */
#ifndef TABULA_EXT_BOT_H
#define TABULA_EXT_BOT_H

#include "bot.h"

/* The protocol's version, the first line a program is sent ("tabula 2").
 * 2 added the news of each round's and the game's end (end-round,
 * end-game); a program of version 1 that ignores lines it does not know
 * plays on unchanged. */
#define TBI_PROTOCOL_VERSION 2

extern const tbi_bot_kind tbi_bot_ext;

/* The moves the fallback bot made for an ext bot so far because the
 * program failed or answered wrongly (0 for other bots). */
long tbi_ext_fallback_moves(const tbi_bot *b);
/* The answers of an ext bot's program that were not legal actions (each
 * also a fallback move; 0 for other bots). */
long tbi_ext_bad_answers(const tbi_bot *b);

#endif
