/*
 * dealt.h - the lines a person at the table says about luck (a deal, a
 * draw, a reveal), shared by every game's describe_chance so that a deal
 * is told the same way in all of them: "you are dealt 3Ys, 5Rm and 1Bc" to
 * the seat that holds the cards, "the cards are dealt: 8 to each seat" to
 * everyone else.  A game names its cards through a tbi_card_namer (the
 * Mystique Deck's and the numbered deck's are in mystique_deck.h and
 * deck100.h).
 */
#ifndef TABULA_DEALT_H
#define TABULA_DEALT_H

#include "tabula.h"

#include <stddef.h>
#include <stdint.h>

/* Appends the name of card to t; ctx is the namer's own (say, whether two
 * decks are in play). */
typedef void (*tbi_card_namer)(tb_text *t, int card, const void *ctx);

/* Appends n cards as a list a person says: "3Ys", "3Ys and 5Rm",
 * "3Ys, 5Rm and 1Bc". */
void tbi_say_cards(tb_text *t, const uint8_t *cards, int n,
                   tbi_card_namer name, const void *ctx);

/* What a deal of hands tells seat (or TB_SPECTATOR): first, to everyone,
 * "the cards are dealt: N to each seat" (or each seat's count when they
 * differ); then, to a seat that was dealt cards, "you are dealt ...".
 * hands[p * stride ...] holds seat p's hand_n[p] cards. */
void tbi_say_deal(tb_text *t, int seat, int players, const uint8_t *hands,
                  size_t stride, const uint8_t *hand_n, tbi_card_namer name,
                  const void *ctx);

/* The cards of after (na of them) that are not in before (nb), counted
 * with their multiplicity: the cards a hand gained.  Returns how many went
 * into out (at most na). */
int tbi_new_cards(const uint8_t *before, int nb, const uint8_t *after,
                  int na, uint8_t *out);

/* What the drawing of cards into hands tells seat: for every seat whose
 * hand grew from hands_before to hands_after, "seat p draws 2 cards" to
 * the others and "you draw 3Ys and 5Rm" to p (nothing when no hand grew). */
void tbi_say_draws(tb_text *t, int seat, int players,
                   const uint8_t *hands_before, const uint8_t *n_before,
                   const uint8_t *hands_after, const uint8_t *n_after,
                   size_t stride, tbi_card_namer name, const void *ctx);

#endif
