// boards.js - the games that have a board get one: Schotten Totten (nine
// stones between two sides), Clique Mystique (the 7 x 7 grid of stacks) and
// Mystique Energy (the brick wall of cards in offset rows).  Each draws the
// board from the view and turns clicks into moves of the game's notation:
// a card chosen from the hand, then a place on the board.  What a board
// does not draw is left to the generic view (the keys it returns in skip).

import { h } from './dom.js';
import { cardFor, cardText, cardBack } from './cards.js';
import { backs, firstWord } from './view.js';

// The moves that begin with the selected card: "14@3" -> "@3".
function targets(legal, selected) {
  const out = new Map();
  if (!selected) return out;
  for (const m of legal) {
    const [w, rest] = firstWord(m);
    if (w === selected && rest) out.set(rest.trim().replace(/^@/, ''), m);
  }
  return out;
}

// A card on the board, clickable when a move names it alone.
function boardCard(ctx, v, extra = '') {
  const text = cardText(ctx.game, v);
  const wrap = h('span', { class: `card-wrap ${extra}`, dataset: { card: text } }, cardFor(ctx.game, v));
  if (ctx.legal.includes(text) && !ctx.handTexts.has(text)) {
    wrap.classList.add('playable');
    wrap.setAttribute('role', 'button');
    wrap.setAttribute('tabindex', '0');
    wrap.addEventListener('click', (e) => { e.stopPropagation(); ctx.act(text); });
  }
  return wrap;
}

// ---------------------------------------------------------------- Schotten Totten

function schotten(ctx) {
  const { view } = ctx;
  const me = ctx.seat === 1 ? 1 : 0, them = 1 - me;
  const tg = targets(ctx.legal, ctx.ui.selected);
  const board = h('div', { class: 'stt-board' });
  const stones = view.stones || [];
  const sideRow = (p, cls) => h('div', { class: `stt-sides ${cls}` }, stones.map((st) =>
    h('div', { class: 'stt-side' }, (st.sides[p] || []).map((c) => boardCard(ctx, c)))));
  board.appendChild(sideRow(them, 'them'));
  board.appendChild(h('div', { class: 'stt-stones' }, stones.map((st) => {
    const k = String(st.stone);
    const move = tg.get(k) || (ctx.legal.includes(`@${k}`) ? `@${k}` : null);
    const owner = st.owner === null || st.owner === undefined ? null : st.owner;
    const cls = ['stt-stone'];
    if (owner !== null) cls.push(owner === me ? 'mine' : 'theirs');
    if (move) cls.push('target');
    const stone = h('div', {
      class: cls.join(' '), dataset: { stone: k },
      role: move ? 'button' : null, tabindex: move ? '0' : null,
      title: `stone ${k}${owner !== null ? `: held by seat ${owner}` : ''}`,
    }, h('span', { class: 'stt-stone-no' }, k),
    st.mud ? h('span', { class: 'badge' }, 'mud 4') : null,
    st.bluff ? h('span', { class: 'badge' }, 'bluff') : null,
    owner !== null ? h('span', { class: 'badge owner' }, owner === me ? (ctx.seat === null ? 'seat 0' : 'yours') : (ctx.seat === null ? 'seat 1' : 'theirs')) : null);
    if (move) {
      stone.addEventListener('click', () => ctx.act(move));
      stone.addEventListener('keydown', (e) => { if (e.key === 'Enter') ctx.act(move); });
    }
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
    el: h('div', { class: 'board-wrap' }, board, info),
    skip: new Set(['stones', 'seats', 'hand', 'to_move', 'clan_deck', 'tactic_deck', 'discard', 'tactics']),
  };
}

// ---------------------------------------------------------------- Clique Mystique

function clique(ctx) {
  const { view } = ctx;
  const tg = targets(ctx.legal, ctx.ui.selected);
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
      const move = tg.get(cell);
      const cls = ['cq-cell'];
      if (move) cls.push('target');
      if (lastCells.has(cell)) cls.push('last');
      if (turned.has(cell)) cls.push('turned');
      const el = h('div', { class: cls.join(' '), dataset: { cell }, title: cell, role: move ? 'button' : null, tabindex: move ? '0' : null });
      if (s && s.stack && s.stack.length) {
        const top = s.stack[s.stack.length - 1];
        el.appendChild(boardCard(ctx, top, `owner-${s.owner}${s.new ? ' new' : ''}`));
        if (s.stack.length > 1) el.appendChild(h('span', { class: 'cq-height' }, String(s.stack.length)));
      }
      if (move) {
        el.addEventListener('click', () => ctx.act(move));
        el.addEventListener('keydown', (e) => { if (e.key === 'Enter') ctx.act(move); });
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
  const W = 64, H = 88;
  const wall = h('div', { class: 'en-wall' });
  wall.style.setProperty('width', `${(maxX - minX + 1) * W}px`);
  wall.style.setProperty('height', `${(maxY - minY + 1) * H}px`);
  const place = (el, x, y) => {
    el.style.setProperty('left', `${(px(x, y) - minX) * W}px`);
    el.style.setProperty('top', `${(y - minY) * H}px`);
    return el;
  };
  for (const c of cards) {
    wall.appendChild(place(h('div', { class: 'en-cell', title: `${c.x},${c.y}` }, boardCard(ctx, c.card)), c.x, c.y));
  }
  for (const s of slots) {
    const el = place(h('div', { class: 'en-cell en-slot target', role: 'button', tabindex: '0', title: s.move, dataset: { move: s.move } },
      h('span', {}, s.move)), s.x, s.y);
    el.addEventListener('click', () => ctx.act(s.move));
    el.addEventListener('keydown', (e) => { if (e.key === 'Enter') ctx.act(s.move); });
    wall.appendChild(el);
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

export const BOARDS = {
  'schotten-totten': schotten,
  'clique-mystique': clique,
  'mystique-energy': energy,
};

export { cardBack };
