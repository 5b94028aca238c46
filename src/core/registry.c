/*
 * registry.c - the one explicit table of every game tabula plays, and the
 * lookup of each game's compiled-in documentation.  Adding a game means
 * adding its descriptor here; there is no other registration.
 */
#include "tabula.h"

#include <string.h>

extern const tb_game tbg_six_nimmt;
extern const tb_game tbg_no_thanks;
extern const tb_game tbg_the_game;
extern const tb_game tbg_the_mind;
extern const tb_game tbg_take_5;
extern const tb_game tbg_dicht_dran;
extern const tb_game tbg_schotten_totten;
extern const tb_game tbg_mystique;
extern const tb_game tbg_mystique_energy;
extern const tb_game tbg_clique_mystique;
extern const tb_game tbg_mystical_eddies;
extern const tb_game tbg_mystique_circle;
extern const tb_game tbg_battle_for_the_suns;
extern const tb_game tbg_mystique_domination;
extern const tb_game tbg_mystique_pillars;
extern const tb_game tbg_mystique_chain;
extern const tb_game tbg_up_and_down;
extern const tb_game tbg_mystique_maze;
extern const tb_game tbg_chain_of_restraints;
extern const tb_game tbg_mystique_guilds;
extern const tb_game tbg_mystery_city;
extern const tb_game tbg_mysterium;
extern const tb_game tbg_myst;

static const tb_game *const registry[] = {
    &tbg_six_nimmt,
    &tbg_no_thanks,
    &tbg_the_game,
    &tbg_the_mind,
    &tbg_take_5,
    &tbg_dicht_dran,
    &tbg_schotten_totten,
    &tbg_mystique,
    &tbg_mystique_energy,
    &tbg_clique_mystique,
    &tbg_mystical_eddies,
    &tbg_mystique_circle,
    &tbg_battle_for_the_suns,
    &tbg_mystique_domination,
    &tbg_mystique_pillars,
    &tbg_mystique_chain,
    &tbg_up_and_down,
    &tbg_mystique_maze,
    &tbg_chain_of_restraints,
    &tbg_mystique_guilds,
    &tbg_mystery_city,
    &tbg_mysterium,
    &tbg_myst,
};

int tb_game_count(void)
{
    return (int)(sizeof registry / sizeof registry[0]);
}

const tb_game *tb_game_at(int index)
{
    if (index < 0 || index >= tb_game_count())
        return NULL;
    return registry[index];
}

const tb_game *tb_find_game(const char *id)
{
    for (int i = 0; i < tb_game_count(); i++)
        if (strcmp(registry[i]->id, id) == 0)
            return registry[i];
    return NULL;
}

/* Generated from the files in docs/games by tools/embed.c. */
extern const struct tbi_doc {
    const char *id, *text;
} tbi_docs[];

const char *tb_game_doc(const tb_game *g)
{
    for (int i = 0; tbi_docs[i].id; i++)
        if (strcmp(tbi_docs[i].id, g->id) == 0)
            return tbi_docs[i].text;
    return NULL;
}
