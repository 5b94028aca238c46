// tables.js - each game's own table, built from the kit's pieces (kit.js):
// which zones the game has (piles, rows, tricks, pillars, the chain...),
// which token makes each one a thing to click, and, when the game's move
// texts are not split at spaces, how to split them.  An adapter returns
// { el, split?, hand? }: the table, the split of move texts, and (for hands
// that are not plain cards) the hand's drawing.  Boards with their own
// drawing (Schotten Totten, Clique Mystique, Mystique Energy, MYST) are in
// boards.js and come here through the same shape.

import { h } from './dom.js';
import { card, cards, zone, pile, trick, seatStrip, facts, backs, splitMove, seatName, richText } from './kit.js';
import { BOARDS } from './boards.js';
import { mysterium } from './mysterium.js';

// The cards of a list as a zone, when the list is not empty.
function cardZone(ctx, title, list, opts = {}) {
  if (!list || !list.length) return opts.always ? zone(title, h('span', { class: 'empty-slot' }, 'none'), opts) : null;
  return zone(title, cards(ctx.game, list, { small: opts.small, tok: opts.tok, overlap: opts.overlap }), opts);
}

function felt(...children) {
  return h('div', { class: 'felt' }, children.flat().filter(Boolean));
}

const val = (x, d = '-') => (x === undefined || x === null ? d : x);

// A trick-taking table: the trick in the middle, the last trick, the seats.
function trickTable(ctx, extraFacts, seatFacts) {
  const v = ctx.view;
  const t = v.trick || null;
  const lt = v.last_trick || null;
  return felt(
    seatStrip(ctx, seatFacts),
    facts(extraFacts),
    h('div', { class: 'zones' },
      zone(t && t.colour ? `trick (${t.colour} led)` : 'trick', trick(ctx.game, t ? t.cards : [], { winning: t ? t.winning : -1, me: ctx.seat, empty: 'to lead' }), { cls: 'trick-zone' }),
      lt ? zone(`last trick: ${seatName(lt.winner, ctx.seat)} won`, trick(ctx.game, lt.cards, { winning: lt.winner, me: ctx.seat }), { cls: 'last-trick' }) : null));
}

// ---------------------------------------------------------------- Mystique deck

function mystique(ctx) {
  const v = ctx.view;
  return {
    el: felt(
      seatStrip(ctx, (j) => {
        const s = (v.seats || [])[j] || {};
        return { text: [`skirmishes ${val(s.skirmishes_won, 0)}`, `burns ${val(s.burns, 0)}`, j === v.spellcaster ? 'spellcaster' : null].filter(Boolean), hidden: s.hand_size };
      }),
      facts([['round', v.round], ['skirmish', `${v.skirmish} of best ${v.best_of}`], ['phase', v.phase],
        v.announced ? ['spell', `${v.need} ${v.announced}`] : null].filter(Boolean)),
      h('div', { class: 'zones' },
        cardZone(ctx, `the spell to beat${v.last_caster !== undefined ? ` (${seatName(v.last_caster, ctx.seat)})` : ''}`, v.spell, { cls: 'trick-zone' }),
        cardZone(ctx, 'picked so far', v.casting, { always: true }),
        cardZone(ctx, 'on the table this round', v.table, { small: true, tok: false }),
        cardZone(ctx, 'taken back', ((v.seats || [])[ctx.seat] || {}).taken_back, { small: true }),
        cardZone(ctx, 'played this skirmish', v.played, { small: true, tok: false, cls: 'wide' }))),
  };
}

function pillars(ctx) {
  const v = ctx.view;
  const names = 'ABCD';
  return {
    el: felt(
      h('div', { class: 'pillars' }, (v.pillars || []).map((p, i) => zone(`pillar ${names[i]}`,
        [cards(ctx.game, p.seen, { overlap: true, cls: 'column' }), p.unseen ? h('div', { class: 'under' }, backs(Math.min(p.unseen, 1), 1), `${p.unseen} face down`) : null],
        { tok: names[i], badge: p.size, cls: 'pillar' }))),
      facts([['phase', v.phase], ['drafted', v.drafted], ['turns', `${v.turns} of ${v.turn_cap}`]]),
      h('div', { class: 'zones' }, (v.hands || []).map((hd, j) => j === ctx.seat ? null :
        cardZone(ctx, `${seatName(j, ctx.seat)}'s cards`, hd, { small: true, tok: false, always: true })))),
    hand: (v.hands || [])[ctx.seat],
  };
}

function chain(ctx) {
  const v = ctx.view;
  const may = new Set(v.may_take || []);
  const pool = h('div', { class: 'cards pool' }, (v.pool || []).map((c) => card(ctx.game, c, { cls: may.has(c) ? 'may' : 'dim' })));
  const links = h('div', { class: 'chain-links' }, (v.chain || []).map((l, i) =>
    h('div', { class: 'link' }, card(ctx.game, l.card, { tok: false }), h('span', { class: 'follow' }, i === v.chain.length - 1 ? `next: ${l.follow}` : l.follow))));
  return {
    el: felt(
      facts([['phase', v.phase], ['match', v.match], ['first', seatName(v.first, ctx.seat)]]),
      zone('the chain', links, { cls: 'wide' }),
      zone('the pool (outlined: may be taken now)', pool, { cls: 'wide' }),
      cardZone(ctx, 'drawn', v.drawn, { small: true, tok: false }),
      cardZone(ctx, 'out of play', v.out_of_play, { small: true, tok: false, cls: 'wide' })),
  };
}

function suns(ctx) {
  const v = ctx.view;
  const last = v.last;
  return {
    el: felt(
      seatStrip(ctx, (j) => {
        const s = (v.seats || [])[j] || {};
        return { text: [`score ${val(s.score, 0)}`, s.bidding ? 'bidding' : 'out'], hidden: s.cards, cards: s.bids && s.bids.length ? cards(ctx.game, s.bids, { small: true, tok: false }) : null };
      }),
      facts([['round', v.round], ['horizon', v.horizon], ['deck', v.deck], ['suns risen', v.risen], ['phase', v.phase]]),
      h('div', { class: 'zones' },
        zone('the sun to win', v.sun ? card(ctx.game, v.sun, { tok: false }) : h('span', { class: 'empty-slot' }, 'none'), { cls: 'sun' }),
        last ? zone(`last sun: ${seatName(last.winner, ctx.seat)} won`, [card(ctx.game, last.sun, { tok: false }),
          h('div', { class: 'bids' }, last.bids.map((b, j) => h('div', { class: 'bid' }, h('span', {}, seatName(j, ctx.seat)), cards(ctx.game, b, { small: true, tok: false }))))]) : null,
        cardZone(ctx, 'suns you won', ((v.seats || [])[ctx.seat] || {}).won, { small: true, tok: false }))),
  };
}

function domination(ctx) {
  const v = ctx.view;
  return {
    el: felt(
      seatStrip(ctx, (j) => ({ text: [`team ${(v.teams || []).findIndex((t) => t.seats.includes(j))}`, v.passed && v.passed[j] ? 'passed' : null].filter(Boolean), hidden: (v.hand_sizes || [])[j] })),
      h('div', { class: 'zones' }, (v.teams || []).map((t, i) => zone(`team ${i}: seats ${t.seats.join(' & ')}`,
        facts([['score', t.score], ['pile', t.pile_cards], ['last round', t.last_round]]), { cls: t.seats.includes(ctx.seat) ? 'mine' : '' }))),
      facts([['round', v.round], ['target', v.target], ['colour', v.colour], ['to beat', v.to_beat], ['leader', seatName(v.leader, ctx.seat)]]),
      h('div', { class: 'zones' },
        zone(`last play${v.last_player !== undefined && v.last_player !== null ? ` (${seatName(v.last_player, ctx.seat)})` : ''}`, v.last_play && v.last_play.length ? cards(ctx.game, v.last_play, { tok: false }) : h('span', { class: 'empty-slot' }, 'to lead'), { cls: 'trick-zone' }),
        cardZone(ctx, 'the pile', v.pile, { small: true, tok: false, overlap: true }),
        cardZone(ctx, 'you gave', v.gave, { small: true, tok: false }),
        cardZone(ctx, 'you received', v.received, { small: true, tok: false }))),
  };
}

function circle(ctx) {
  const v = ctx.view;
  const el = trickTable(ctx, [['hand', v.hand_no], ['target', v.target], ['tricks', v.tricks_done], ['phase', v.phase]], (j) => {
    const s = (v.seats || [])[j] || {};
    return { text: [`score ${val(s.score, 0)}`, `tricks ${val(s.tricks, 0)}`, s.bid !== undefined ? `bid ${s.bid}` : null, s.lacks && s.lacks.length ? `lacks ${s.lacks.join(', ')}` : null].filter(Boolean), hidden: s.hand_size };
  });
  const mine = (v.seats || [])[ctx.seat] || {};
  if (mine.hole && mine.hole.length) el.appendChild(cardZone(ctx, 'your hole', mine.hole, { small: true, tok: false }));
  return { el };
}

function eddies(ctx) {
  const v = ctx.view;
  const el = trickTable(ctx, [['round', `${v.round} of ${v.rounds}`], ['tricks', v.tricks_done], ['scoring', v.scoring], ['set aside', v.set_aside]], (j) => {
    const s = (v.seats || [])[j] || {};
    return { text: [`score ${val(s.score, 0)}`, `tricks ${val(s.round_tricks, 0)}`], hidden: s.hand_size };
  });
  const t = v.trick;
  if (t && t.followed && t.followed.length) el.appendChild(h('p', { class: 'note' }, `followed so far: ${t.followed.join(', ')}`));
  return { el };
}

function upAndDown(ctx) {
  const v = ctx.view;
  return {
    el: felt(
      seatStrip(ctx, (j) => {
        const s = (v.seats || [])[j] || {};
        return { text: [`deck ${val(s.deck, 0)}`, `played ${val(s.played, 0)}`], cards: j !== ctx.seat && s.hand ? cards(ctx.game, s.hand, { small: true, tok: false }) : null };
      }),
      facts([['direction', v.direction === 'up' ? 'up ↑' : 'down ↓'], ['passes', v.passes], ['phase', v.phase]]),
      h('div', { class: 'zones' }, pile(ctx.game, 'the pile', v.top, (v.pile || []).length, { cardTok: false, cls: 'main-pile' }),
        cardZone(ctx, 'under it', (v.pile || []).slice(0, -1).slice(-6), { small: true, tok: false, overlap: true }))),
  };
}

function maze(ctx) {
  const v = ctx.view;
  const top = v.discards && v.discards.length ? v.discards[v.discards.length - 1] : null;
  return {
    el: felt(
      seatStrip(ctx, (j) => {
        const s = (v.seats || [])[j] || {};
        return { text: [`cards ${val(s.cards, 0)}`], hidden: j === ctx.seat ? 0 : s.cards, cards: s.corners ? h('span', { class: 'corners' }, 'corners ', cards(ctx.game, s.corners, { small: true, tok: false })) : null };
      }),
      facts([['phase', v.phase], ['turn', `${v.turns} of ${v.max_turns}`], ['missing', v.missing], ['reshuffles', v.reshuffles]]),
      h('div', { class: 'zones' },
        pile(ctx.game, 'the deck', null, v.deck, { tok: 'draw' }),
        pile(ctx.game, 'discard pile', top, (v.discards || []).length, { tok: 'take', cardTok: false }),
        cardZone(ctx, 'just drawn', v.drawn, { small: true, tok: false }),
        cardZone(ctx, 'cards known of others', [].concat(...(v.seats || []).map((s, j) => (j === ctx.seat ? [] : s.known || []))), { small: true, tok: false }))),
  };
}

function restraints(ctx) {
  const v = ctx.view;
  const board = v.board || {};
  const open = new Set(v.open || []);
  const cellsUsed = Object.keys(board).concat(v.open || []);
  const col = (k) => k.charCodeAt(0) - 97, row = (k) => Number(k.slice(1));
  const c0 = Math.min(...cellsUsed.map(col)), c1 = Math.max(...cellsUsed.map(col));
  const r0 = Math.min(...cellsUsed.map(row)), r1 = Math.max(...cellsUsed.map(row));
  const grid = h('div', { class: 'cq-grid cell-grid floating' });
  grid.style.setProperty('--cols', String(c1 - c0 + 1));
  grid.appendChild(h('span', { class: 'cq-label' }));
  for (let c = c0; c <= c1; c++) grid.appendChild(h('span', { class: 'cq-label' }, String.fromCharCode(97 + c)));
  for (let r = r1; r >= r0; r--) {
    grid.appendChild(h('span', { class: 'cq-label' }, String(r)));
    for (let c = c0; c <= c1; c++) {
      const k = `${String.fromCharCode(97 + c)}${r}`;
      const st = board[k];
      const el = h('div', { class: `cq-cell${st ? ' filled' : ''}${open.has(k) ? ' open' : ''}`, title: k, dataset: open.has(k) ? { tok: k, cell: k } : { cell: k } });
      if (st && st.length) {
        el.appendChild(card(ctx.game, st[st.length - 1], { tok: false }));
        if (st.length > 1) el.appendChild(h('span', { class: 'cq-height' }, String(st.length)));
      }
      grid.appendChild(el);
    }
  }
  return {
    el: felt(
      seatStrip(ctx, (j) => { const s = (v.seats || [])[j] || {}; return { text: [], hidden: s.cards }; }),
      facts([['deck', v.deck], ['turn', v.turn], ['in use', v.in_use ? `${v.in_use.from}–${v.in_use.to}` : '-']]),
      h('div', { class: 'zones' }, zone('the floating grid (dashed: open cells)', grid, { cls: 'wide' }),
        v.restraint ? zone('the restraint', card(ctx.game, v.restraint, { tok: false })) : null,
        cardZone(ctx, 'discard', v.discard, { small: true, tok: false }))),
  };
}

function guilds(ctx) {
  const v = ctx.view;
  const dd = v.discard_deck || [];
  return {
    el: felt(
      seatStrip(ctx, (j) => { const s = (v.seats || [])[j] || {}; return { text: [`points ${val(s.points, 0)}`], hidden: s.cards }; }),
      facts([['phase', v.phase], ['turn', v.turn]]),
      h('div', { class: 'zones' },
        pile(ctx.game, 'draw deck', null, v.draw_deck, { tok: 'draw' }),
        zone('discard deck', dd.length ? cards(ctx.game, dd, { overlap: true }) : h('span', { class: 'empty-slot' }, 'empty'), { badge: dd.length })),
      h('div', { class: 'zones' }, (v.seats || []).map((s, j) => zone((j === ctx.seat ? 'your guild' : `seat ${j}'s guild`), cards(ctx.game, s.tableau || [], { small: j !== ctx.seat, tok: j === ctx.seat ? undefined : false }), { cls: j === ctx.seat ? 'mine wide' : '' })))),
  };
}

// ---------------------------------------------------------------- 1-100

function theGame(ctx) {
  const v = ctx.view;
  return {
    el: felt(
      seatStrip(ctx, (j) => ({ text: [], hidden: ((v.seats || [])[j] || {}).hand_size })),
      facts([['draw pile', v.draw_pile], ['cards left', v.cards_left], v.required === undefined ? null : ['played this turn', `${v.played_this_turn} of ${v.required}`]]),
      h('div', { class: 'zones piles4' }, (v.piles || []).map((p) => zone(`${p.direction === 'up' ? '↑ 1 up' : '↓ 100 down'} (${p.name})`,
        [card(ctx.game, p.top, { tok: false }), p.signals && p.signals.length ? h('div', { class: 'signals' }, p.signals.map((s) => `${seatName(s.seat, ctx.seat)}: ${s.says}`).join('; ')) : null],
        { tok: p.name, cls: 'pile' })))),
    split: (m) => { const x = /^(\d+)([ud]\d)$/.exec(m); return x ? [x[1], x[2]] : splitMove(m); },
  };
}

function take5(ctx) {
  const v = ctx.view;
  return {
    el: felt(
      seatStrip(ctx, (j) => { const s = (v.seats || [])[j] || {}; return { text: [`score ${s.score}`, `pile ${s.pile_cards}`], hidden: s.hand_size }; }),
      facts([['played this turn', v.played_this_turn], ['turn', v.turn], ['phase', v.phase]]),
      h('div', { class: 'zones sets' }, (v.sets || []).map((s) => zone(`set ${s.set}${s['+5'] ? ' +5' : ''}${s.x2 ? ' ×2' : ''}${s.taken_by >= 0 ? ` (taken by ${seatName(s.taken_by, ctx.seat)})` : ''}`,
        cards(ctx.game, s.cards, { small: true, tok: false, overlap: true }), { tok: s.set, cls: 'set' })))),
  };
}

function dichtDran(ctx) {
  const v = ctx.view;
  return {
    el: felt(
      seatStrip(ctx, (j) => { const s = (v.seats || [])[j] || {}; return { text: [`won ${s.won}`, `peppers ${s.won_peppers}`], hidden: s.hand_size, cards: s.last ? cards(ctx.game, [s.last], { small: true, tok: false }) : null }; }),
      facts([['game', `${v.game} of ${v.games}`], ['trick', v.trick], ['draw pile', v.draw_pile], ['phase', v.phase]]),
      h('div', { class: 'zones' }, zone('the circle', cards(ctx.game, v.circle, { tok: false }), { cls: 'wide' }),
        cardZone(ctx, 'discards', v.discards, { small: true, tok: false, overlap: true }))),
  };
}

function sixNimmt(ctx) {
  const v = ctx.view;
  return {
    el: felt(
      seatStrip(ctx, (j) => { const s = (v.seats || [])[j] || {}; return { text: [`heads ${s.heads}`], hidden: s.hand_size, cards: s.chosen !== undefined ? cards(ctx.game, [s.chosen], { small: true, tok: false }) : null }; }),
      facts([['round', v.round], ['target', v.target], ['phase', v.phase]]),
      h('div', { class: 'rows-zone' }, (v.rows || []).map((r, i) => zone(`row ${i + 1}`, cards(ctx.game, r, { tok: false }), { tok: `r${i + 1}`, cls: 'nimmt-row' })))),
  };
}

function noThanks(ctx) {
  const v = ctx.view;
  return {
    el: felt(
      seatStrip(ctx, (j) => { const s = (v.seats || [])[j] || {}; return { text: [`points ${s.points}`, s.tokens !== undefined ? `chips ${s.tokens}` : null].filter(Boolean), cards: s.cards && s.cards.length ? cards(ctx.game, s.cards, { small: true, tok: false }) : null }; }),
      h('div', { class: 'zones' },
        zone('the card on offer', [v.card !== undefined && v.card !== null ? card(ctx.game, v.card, { tok: false }) : null, h('div', { class: 'pot' }, `${v.pot || 0} chips on it`)], { cls: 'offer' }),
        pile(ctx.game, 'draw pile', null, v.draw_pile))),
  };
}

function theMind(ctx) {
  const v = ctx.view;
  const pileTop = v.pile && v.pile.length ? v.pile[v.pile.length - 1] : null;
  return {
    el: felt(
      seatStrip(ctx, (j) => { const s = (v.seats || [])[j] || {}; return { text: [s.raised ? 'hand raised' : null].filter(Boolean), hidden: s.hand_size }; }),
      facts([['level', `${v.level} of ${v.last_level}`], ['lives', v.lives], ['shurikens', v.shurikens], ['tick', v.tick]]),
      h('div', { class: 'zones' }, pile(ctx.game, 'the pile', pileTop, (v.pile || []).length, { cardTok: false }),
        cardZone(ctx, 'discarded', v.discarded, { small: true, tok: false }))),
  };
}

// ---------------------------------------------------------------- Mystery City

const ATTRS = ['ST', 'DX', 'IQ', 'HT', 'MO'];

// A character card: its name, number and the five attributes.
function character(c, opts = {}) {
  const el = h('div', { class: `character${c.special ? ' special' : ''}${opts.cls ? ` ${opts.cls}` : ''}`, dataset: { card: c.card } },
    h('div', { class: 'ch-head' }, h('b', {}, c.card), h('span', { class: 'ch-no' }, `#${c.number}`)),
    h('div', { class: 'ch-attrs' }, ATTRS.map((a) => h('span', { class: `ch-attr${opts.attr === a ? ' hot' : ''}` }, h('i', {}, a), String(c.attributes ? c.attributes[a] : '?')))),
    c.skill ? h('div', { class: 'ch-skill' }, c.skill) : null,
    c.couple ? h('div', { class: 'ch-couple' }, `♥ ${c.couple}`) : null,
    opts.label ? h('div', { class: 'card-label' }, opts.label) : null);
  if (opts.tok !== false) el.dataset.tok = c.card;
  el.classList.add('card-wrap');
  return el;
}

function mysteryCity(ctx) {
  const v = ctx.view;
  const knownBy = v.known_by || {};
  const hand = h('div', { class: 'cards characters' }, (v.hand || []).map((c) => {
    const by = knownBy[c.card] || [];
    return character(c, { attr: v.attribute, label: by.length ? `known by ${by.map((j) => seatName(j, ctx.seat)).join(', ')}` : null });
  }));
  return {
    el: felt(
      seatStrip(ctx, (j) => {
        const s = (v.seats || [])[j] || {};
        return { text: [s.out ? 'out' : null, s.known && s.known.length ? `you know: ${s.known.join(', ')}` : null].filter(Boolean), hidden: s.cards };
      }),
      facts([['combats', val(v.combats, 0)], ['attribute', val(v.attribute)], ['attacker', typeof v.attacker === 'number' ? seatName(v.attacker, ctx.seat) : '-'], ['defender', typeof v.defender === 'number' ? seatName(v.defender, ctx.seat) : '-'], ['phase', v.phase]]),
      h('div', { class: 'zones' },
        zone('the combat', (v.table || []).length ? h('div', { class: 'cards characters' }, v.table.map((c) => character(c, { tok: false, attr: v.attribute, label: seatName(c.seat, ctx.seat) }))) : h('span', { class: 'empty-slot' }, 'no combat now'), { cls: 'wide' }),
        v.discarded && v.discarded.length ? zone('out of the game', h('span', {}, v.discarded.join(', '))) : null,
        v.set_aside && v.set_aside.length ? zone('set aside', h('span', {}, v.set_aside.join(', '))) : null)),
    hand,
    handCount: (v.hand || []).length,
  };
}

export const TABLES = {
  mystique, 'mystique-pillars': pillars, 'mystique-chain': chain, 'battle-for-the-suns': suns,
  'mystique-domination': domination, 'mystique-circle': circle, 'mystical-eddies': eddies,
  'up-and-down': upAndDown, 'mystique-maze': maze, 'chain-of-restraints': restraints,
  'mystique-guilds': guilds, 'the-game': theGame, 'take-5': take5, 'dicht-dran': dichtDran,
  '6-nimmt': sixNimmt, 'no-thanks': noThanks, 'the-mind': theMind, 'mystery-city': mysteryCity,
  ...BOARDS, mysterium,
};

export { richText };
