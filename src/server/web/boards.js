// boards.js - the games that have a board get one: Schotten Totten (nine
// stones between two sides), Clique Mystique (the 7 x 7 grid of stacks),
// Mystique Energy (the brick wall of cards in offset rows) and MYST (the
// island as a map).  Each draws the board from the view and names its
// places with the tokens of the game's move texts (data-tok: a stone "@3",
// a cell "c4", an open slot "1,-2"), so that the kit's picker (kit.js)
// turns clicks into moves: a card chosen from the hand, then a place.

import { h } from './dom.js';
import { cardFor, svgEl } from './cards.js';
import { card, backs, splitMove, facts, zone } from './kit.js';

// A card on the board, named for clicking by its text.
function boardCard(ctx, v, extra = '') {
  return card(ctx.game, v, { cls: extra });
}

// ---------------------------------------------------------------- Schotten Totten

function schotten(ctx) {
  const { view } = ctx;
  const me = ctx.seat === 1 ? 1 : 0, them = 1 - me;
  const board = h('div', { class: 'stt-board' });
  const stones = view.stones || [];
  const sideRow = (p, cls) => h('div', { class: `stt-sides ${cls}` }, stones.map((st) =>
    h('div', { class: 'stt-side' }, (st.sides[p] || []).map((c) => boardCard(ctx, c)))));
  board.appendChild(sideRow(them, 'them'));
  board.appendChild(h('div', { class: 'stt-stones' }, stones.map((st) => {
    const k = String(st.stone);
    const owner = st.owner === null || st.owner === undefined ? null : st.owner;
    const cls = ['stt-stone'];
    if (owner !== null) cls.push(owner === me ? 'mine' : 'theirs');
    const stone = h('div', {
      class: cls.join(' '), dataset: { stone: k, tok: `@${k}` },
      title: `stone ${k}${owner !== null ? `: held by seat ${owner}` : ''}`,
    }, h('span', { class: 'stt-stone-no' }, k),
    st.mud ? h('span', { class: 'badge' }, 'mud 4') : null,
    st.bluff ? h('span', { class: 'badge' }, 'bluff') : null,
    owner !== null ? h('span', { class: 'badge owner' }, owner === me ? (ctx.seat === null ? 'seat 0' : 'yours') : (ctx.seat === null ? 'seat 1' : 'theirs')) : null);
    return stone;
  })));
  board.appendChild(sideRow(me, 'mine'));
  const seats = view.seats || [];
  const opp = seats[them] || {};
  const info = h('div', { class: 'stt-info' },
    h('div', { class: 'field' }, h('div', { class: 'field-key' }, ctx.seat === null ? `seat ${them}'s hand` : "opponent's hand"),
      backs((opp.hand_clan || 0) + (opp.hand_tactic || 0))),
    h('span', { class: 'chip' }, h('span', { class: 'chip-key' }, 'clan deck'), ` ${view.clan_deck ?? '-'}`),
    view.tactics ? h('span', { class: 'chip' }, h('span', { class: 'chip-key' }, 'tactic deck'), ` ${view.tactic_deck ?? '-'}`) : null,
    view.discard && view.discard.length ? h('div', { class: 'field' }, h('div', { class: 'field-key' }, 'discard'),
      h('div', { class: 'cards small' }, view.discard.map((c) => boardCard(ctx, c)))) : null);
  return {
    el: h('div', { class: 'board-wrap stt-wrap' }, h('div', { class: 'stt-scroll' }, board), info),
    skip: new Set(['stones', 'seats', 'hand', 'to_move', 'clan_deck', 'tactic_deck', 'discard', 'tactics']),
    // "13@4" plays card 13 at stone 4: the card, then the stone.
    split: (m) => { const x = /^(\S*)(@\d)$/.exec(m); return x ? (x[1] ? [x[1], x[2]] : [x[2]]) : splitMove(m); },
  };
}

// ---------------------------------------------------------------- Clique Mystique

function clique(ctx) {
  const { view } = ctx;
  const lastCells = new Set(view.last_group ? view.last_group.cells : []);
  const turned = new Set(view.last_group ? view.last_group.turned : []);
  const grid = h('div', { class: 'cq-grid' });
  const cols = 'abcdefg';
  grid.appendChild(h('span', { class: 'cq-label' }));
  for (const c of cols) grid.appendChild(h('span', { class: 'cq-label' }, c));
  for (let r = 7; r >= 1; r--) {
    grid.appendChild(h('span', { class: 'cq-label' }, String(r)));
    for (const c of cols) {
      const cell = `${c}${r}`;
      const s = view.board ? view.board[cell] : null;
      const cls = ['cq-cell'];
      if (lastCells.has(cell)) cls.push('last');
      if (turned.has(cell)) cls.push('turned');
      const el = h('div', { class: cls.join(' '), dataset: { cell, tok: cell }, title: cell });
      if (s && s.stack && s.stack.length) {
        const top = s.stack[s.stack.length - 1];
        el.appendChild(card(ctx.game, top, { tok: false, cls: `owner-${s.owner}${s.new ? ' new' : ''}` }));
        if (s.stack.length > 1) el.appendChild(h('span', { class: 'cq-height' }, String(s.stack.length)));
      }
      grid.appendChild(el);
    }
  }
  const legend = h('p', { class: 'legend' }, 'Upright cards are seat 0\'s, sideways cards seat 1\'s; a number is the height of a stack. ',
    'Outlined: the last Group placed; dashed: the stacks it turned.');
  return { el: h('div', { class: 'board-wrap' }, grid, legend), skip: new Set(['board', 'seats', 'hand', 'to_move', 'last_group']) };
}

// ---------------------------------------------------------------- Mystique Energy

function energy(ctx) {
  const { view } = ctx;
  const cards = view.table || [];
  const slots = ctx.legal.map((m) => {
    const p = /^\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*$/.exec(m);
    return p ? { x: Number(p[1]), y: Number(p[2]), move: m } : null;
  }).filter(Boolean);
  const all = cards.map((c) => ({ x: c.x, y: c.y })).concat(slots);
  if (!all.length) all.push({ x: 0, y: 0 });
  const odd = (y) => Math.abs(y) % 2 === 1;
  const px = (x, y) => x + (odd(y) ? 0.5 : 0);
  const minX = Math.min(...all.map((c) => px(c.x, c.y))), maxX = Math.max(...all.map((c) => px(c.x, c.y)));
  const minY = Math.min(...all.map((c) => c.y)), maxY = Math.max(...all.map((c) => c.y));
  // Smaller cards on a phone, so that a wall of a few cards fits its width.
  const small = window.innerWidth < 520;
  const W = small ? 44 : 64, H = small ? 62 : 88;
  const wall = h('div', { class: `en-wall${small ? ' small' : ''}` });
  wall.style.setProperty('width', `${(maxX - minX + 1) * W}px`);
  wall.style.setProperty('height', `${(maxY - minY + 1) * H}px`);
  const place = (el, x, y) => {
    el.style.setProperty('left', `${(px(x, y) - minX) * W}px`);
    el.style.setProperty('top', `${(y - minY) * H}px`);
    return el;
  };
  for (const c of cards) {
    wall.appendChild(place(h('div', { class: 'en-cell', title: `${c.x},${c.y}` }, card(ctx.game, c.card, { tok: false })), c.x, c.y));
  }
  for (const s of slots) {
    wall.appendChild(place(h('div', { class: 'en-cell en-slot', title: s.move, dataset: { tok: s.move } }, h('span', {}, s.move)), s.x, s.y));
  }
  const mine = ctx.seat !== null && view.seats ? view.seats[ctx.seat] : null;
  const side = h('div', { class: 'en-side' },
    mine && mine.energy !== undefined ? h('div', { class: 'field' }, h('div', { class: 'field-key' }, 'your energy card'),
      h('div', { class: 'cards' }, h('span', { class: 'card-wrap' }, cardFor(ctx.game, mine.energy)))) : null,
    mine && mine.card !== undefined ? h('div', { class: 'field' }, h('div', { class: 'field-key' }, 'your card to place'),
      h('div', { class: 'cards' }, h('span', { class: 'card-wrap' }, cardFor(ctx.game, mine.card)))) : null,
    h('span', { class: 'chip' }, h('span', { class: 'chip-key' }, 'deck'), ` ${view.deck ?? '-'}`),
    h('span', { class: 'chip' }, h('span', { class: 'chip-key' }, 'placed'), ` ${view.placed ?? '-'}`));
  return {
    el: h('div', { class: 'board-wrap en' }, h('div', { class: 'en-scroll' }, wall), side),
    skip: new Set(['table', 'hand', 'to_move', 'deck', 'placed']),
  };
}

const BOARDS_ALL = {
  'schotten-totten': schotten,
  'clique-mystique': clique,
  'mystique-energy': energy,
};
export const BOARDS = BOARDS_ALL;

// ---------------------------------------------------------------- MYST

// The island's spaces by their picture letter (docs/games/myst.md).
const MYST_LANDMARKS = { l: 'Library', p: 'Planetarium', r: 'Rocket Ship', t: 'Clock Tower', c: 'Log Cabin', s: 'Sunken Ship', g: 'Giant Gear', d: 'Dock' };
const MYST_TEAMS = ['yellow', 'blue'];

// The island as an SVG map: 12 x 8 spaces with their coordinates, the sea,
// the land, the Marker Switches and the landmarks' images; each team's
// pieces as its colour over the space (the picture being assembled), the
// playing pieces, and every space a move names is a thing to click.
function myst(ctx) {
  const { view } = ctx;
  const pic = view.picture || [];
  const owners = view.owners || [];
  const rows = pic.length || 8, cols = pic[0] ? pic[0].length : 12;
  const S = 40, M = 18;
  const svg = svgEl('svg', { viewBox: `0 0 ${M + cols * S + 4} ${M + rows * S + 4}`, class: 'myst-map', role: 'img' });
  svg.setAttribute('aria-label', 'the island');
  const names = new Set(ctx.legal.map((m) => splitMove(m)).flat());
  const pieces = new Map();
  for (const t of view.teams || []) if (t.position) pieces.set(t.position, t.team);
  for (let c = 0; c < cols; c++) {
    const t = svgEl('text', { x: M + c * S + S / 2, y: 13, class: 'myst-coord', 'text-anchor': 'middle' }, svg);
    t.textContent = String.fromCharCode(97 + c);
  }
  for (let r = 0; r < rows; r++) {
    const t = svgEl('text', { x: 8, y: M + r * S + S / 2 + 4, class: 'myst-coord', 'text-anchor': 'middle' }, svg);
    t.textContent = String(r + 1);
    for (let c = 0; c < cols; c++) {
      const cell = `${String.fromCharCode(97 + c)}${r + 1}`;
      const ch = (pic[r] || '')[c] || '.';
      const own = (owners[r] || '')[c] || '.';
      const kind = ch === '~' ? 'sea' : ch === '*' ? 'switch' : ch === ':' ? 'hidden' : ch === '.' ? 'land' : 'landmark';
      const g = svgEl('g', { class: `myst-space ${kind}${own === 'y' ? ' own-yellow' : own === 'b' ? ' own-blue' : ''}`, transform: `translate(${M + c * S} ${M + r * S})` }, svg);
      g.dataset.cell = cell;
      if (names.has(cell)) g.dataset.tok = cell;
      const title = svgEl('title', {}, g);
      title.textContent = `${cell}${kind === 'landmark' ? `: ${MYST_LANDMARKS[ch.toLowerCase()] || ch}${ch === ch.toUpperCase() ? ' (Key Landmark Piece)' : ''}` : kind === 'switch' ? ': a Marker Switch' : ''}`;
      svgEl('rect', { x: 1, y: 1, width: S - 2, height: S - 2, rx: 4, class: 'myst-ground' }, g);
      if (kind === 'switch') svgEl('circle', { cx: S / 2, cy: S / 2, r: 7, class: 'myst-switch' }, g);
      if (kind === 'landmark') {
        const l = svgEl('text', { x: S / 2, y: S / 2 + 5, 'text-anchor': 'middle', class: `myst-letter${ch === ch.toUpperCase() ? ' key' : ''}` }, g);
        l.textContent = ch.toUpperCase();
      }
      if (own !== '.') svgEl('rect', { x: 3, y: 3, width: S - 6, height: S - 6, rx: 4, class: 'myst-piece' }, g);
      if (pieces.has(cell)) svgEl('circle', { cx: S / 2, cy: S / 2, r: 10, class: `myst-pawn ${pieces.get(cell)}` }, g);
    }
  }
  const lms = view.landmarks || [];
  const legend = h('div', { class: 'myst-legend' },
    h('span', { class: 'key-sea' }, 'sea'), h('span', { class: 'key-land' }, 'land'), h('span', { class: 'key-switch' }, 'Marker Switch'),
    h('span', { class: 'key-yellow' }, 'yellow piece'), h('span', { class: 'key-blue' }, 'blue piece'),
    h('span', {}, 'letters: landmarks (capital: Key Landmark Piece)'));
  const teams = h('div', { class: 'zones' }, (view.teams || []).map((t, j) => zone(`${t.team}${j === ctx.seat ? ' (you)' : ''}`,
    facts([['pieces', t.pieces], ['switches', t.switches], ['cards', t.cards], ['books', t.books_held], ['first key', t.first_key || '-'], ['last', t.last_tick || '-'], t.score !== undefined ? ['score', t.score] : null]),
    { cls: `team-${t.team}` })));
  const landmarks = h('table', { class: 'myst-landmarks' }, h('tr', {}, h('th', {}, 'landmark'), h('th', {}, 'key'), h('th', {}, 'controlled by')),
    lms.map((l) => h('tr', {}, h('td', {}, l.name), h('td', {}, l.key_space || '?'), h('td', { class: l.controller ? `team-${l.controller}` : '' }, l.controller || '-'))));
  return {
    el: h('div', { class: 'board-wrap myst' },
      facts([['phase', view.phase], view.tick !== undefined ? ['tick', view.tick] : null, ['quiet ticks', `${view.quiet_ticks ?? 0} of ${view.stall}`], ['open spaces', view.open]].filter(Boolean)),
      h('div', { class: 'myst-scroll' }, svg), legend, teams, landmarks),
    skip: new Set(['picture', 'owners', 'landmarks', 'teams', 'hand', 'to_move', 'phase', 'tick', 'quiet_ticks', 'stall', 'open', 'books', 'flip']),
    split: (m) => splitMove(m),
  };
}

BOARDS_ALL.myst = myst;
