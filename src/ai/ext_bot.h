/*
 * ext_bot.h - what the `ext` bot (an outside program speaking the agent
 * protocol of docs/protocol.md) exposes beyond the bot interface.
 */
#ifndef TABULA_EXT_BOT_H
#define TABULA_EXT_BOT_H

#include "bot.h"

extern const tbi_bot_kind tbi_bot_ext;

/* The moves the fallback bot made for an ext bot so far because the
 * program failed or answered wrongly (0 for other bots). */
long tbi_ext_fallback_moves(const tbi_bot *b);

#endif
