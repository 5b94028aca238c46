/*
 * content.h - Mysterium's content, which is ours (the box's cards are
 * artwork): a vocabulary of motifs, the 54 psychic cards (18 characters,
 * 18 locations, 18 objects), each a name and a set of motifs, and the 84
 * vision cards, each a set of 7 to 9 motifs, each motif shown with a
 * prominence: strong (3), medium (2) or faint (1).  A vision card points
 * to a psychic card through the motifs the two share, as strongly as a
 * player perceives them (the perception is per seat and secret:
 * mysterium.c); a terminal shows a card as its motifs in words, and a
 * browser can draw it from its motifs and prominences alone.
 *
 * The data is generated into content_data.c by gen_content.py from
 * content.txt (`make mysterium-content`); tests/test_mysterium.c checks its
 * properties.
 */
#ifndef TABULA_MYSTERIUM_CONTENT_H
#define TABULA_MYSTERIUM_CONTENT_H

#include <stdint.h>

#define MSY_MOTIFS 48       /* motifs in the vocabulary (a 64-bit set) */
#define MSY_MOTIF_KINDS 6   /* colours, elements, shapes, objects, ... */
#define MSY_KINDS 3         /* characters, locations, objects */
#define MSY_PER_KIND 18     /* psychic cards of each kind */
#define MSY_VISIONS 84      /* vision cards in the deck */

/* A psychic card: its one-word name (typed in a guess), its title as
 * printed ("the Cook") and its motifs (bit m: motif m). */
typedef struct msy_card {
    const char *name;
    const char *title;
    uint64_t motifs;
} msy_card;

extern const char *const tbi_msy_motif_name[MSY_MOTIFS];
extern const char *const tbi_msy_motif_kind_name[MSY_MOTIF_KINDS];
extern const unsigned char tbi_msy_motif_kind[MSY_MOTIFS];
/* Card k * MSY_PER_KIND + i is card i of kind k. */
extern const msy_card tbi_msy_cards[MSY_KINDS * MSY_PER_KIND];
/* The motifs of vision card v (0-83; printed as v + 1). */
extern const uint64_t tbi_msy_visions[MSY_VISIONS];

/* The prominence of the motifs of vision card v: the strong one (3) and
 * the medium ones (2); its other motifs are faint (1). */
extern const uint64_t tbi_msy_vision_strong[MSY_VISIONS];
extern const uint64_t tbi_msy_vision_medium[MSY_VISIONS];

/* How strongly motif m shows on vision card v: 3, 2, 1, or 0 when the
 * card does not show it. */
static inline int tbi_msy_strength(int v, int m)
{
    uint64_t b = 1ull << m;
    if (!(tbi_msy_visions[v] & b))
        return 0;
    return tbi_msy_vision_strong[v] & b   ? 3
           : tbi_msy_vision_medium[v] & b ? 2
                                          : 1;
}

/* The number of motifs each vision card shares with each psychic card,
 * generated with the rest (tests/test_mysterium.c checks it). */
extern const unsigned char
    tbi_msy_shared_motifs[MSY_VISIONS][MSY_KINDS * MSY_PER_KIND];

/* How many motifs vision card v shares with psychic card c of kind k. */
static inline int tbi_msy_overlap(int v, int k, int c)
{
    return tbi_msy_shared_motifs[v][k * MSY_PER_KIND + c];
}

#endif
