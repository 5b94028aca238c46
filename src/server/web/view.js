// view.js - the generic table: any game's JSON view (tb_view_json) drawn
// as labelled boxes, with every value that is a card drawn as a card (and
// a map of board cells, "b3", as a grid), and the box to type a move in.
// A game without a table of its own (tables.js) is drawn by this alone;
// the others use it for the "More" of their view.

import { h, words } from './dom.js';
import { cardFor, cardText, isCardValue, mqParse } from './cards.js';

// Keys whose values are cards (or lists of cards), in any game.
const CARD_KEYS = new Set([
  'hand', 'hands', 'cards', 'card', 'pile', 'rows', 'row', 'discard', 'discards', 'discarded',
  'circle', 'played', 'last_card', 'stack', 'won', 'table', 'spell', 'casting', 'sun',
  'bids', 'taken_back', 'hole', 'gave', 'received', 'last_play', 'top', 'last', 'sides',
  'energy', 'trick', 'tricks', 'lead', 'set', 'opponent_known', 'known_to_opponent',
]);

// Keys whose single value (not a list) is a card; "cards" alone is often a
// count.
const SCALAR_CARD_KEYS = new Set(['card', 'top', 'last', 'last_card', 'sun', 'energy', 'lead', 'moving']);

// Keys drawn elsewhere (the seats panel, the hand, the header).
const SKIP = new Set(['hand', 'seats', 'to_move']);

function isCardList(game, key, v) {
  return Array.isArray(v) && v.length > 0 && v.every((x) => isCardValue(game, x)) &&
    (CARD_KEYS.has(key) || v.every((x) => typeof x === 'string'));
}

// A row of cards; `small` for the side panel.
export function cardRow(game, values, opts = {}) {
  const row = h('div', { class: `cards${opts.small ? ' small' : ''}${opts.fan ? ' fan' : ''}` });
  for (const v of values) {
    const c = cardFor(game, v);
    const text = cardText(game, v);
    const wrap = h('span', { class: 'card-wrap', dataset: { card: text } }, c);
    if (opts.onCard) opts.onCard(wrap, text, v);
    row.appendChild(wrap);
  }
  return row;
}

// Draws one value of the view, by its shape.
export function renderValue(game, key, v, depth = 0) {
  if (v === null || v === undefined) return h('span', { class: 'val none' }, '-');
  if (typeof v === 'boolean') return h('span', { class: `val bool ${v ? 'yes' : 'no'}` }, v ? 'yes' : 'no');
  if (typeof v === 'number' || typeof v === 'string') {
    if ((SCALAR_CARD_KEYS.has(key) && isCardValue(game, v)) || (typeof v === 'string' && mqParse(v))) {
      return cardRow(game, [v], { small: depth > 1 });
    }
    return h('span', { class: 'val' }, String(v));
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return h('span', { class: 'val none' }, 'none');
    if (isCardList(game, key, v)) return cardRow(game, v, { small: depth > 1 });
    if (v.every((x) => Array.isArray(x)) &&
        (CARD_KEYS.has(key) || v.every((r) => r.every((x) => typeof x === 'string' && mqParse(x))))) {
      return h('div', { class: 'rows' }, v.map((r, i) =>
        h('div', { class: 'row-line' }, h('span', { class: 'row-label' }, String(i + 1)),
          r.length ? cardRow(game, r.filter((x) => isCardValue(game, x)), { small: depth > 1 }) :
            h('span', { class: 'val none' }, 'empty'))));
    }
    if (v.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) {
      // Seats and teams are numbered from 0, as the rules text and the log
      // number them.
      const label = key === 'seats' ? 'seat' : key === 'teams' ? 'team' : null;
      return h('div', { class: 'obj-list' }, v.map((o, i) => {
        const box = renderObject(game, o, depth + 1);
        if (label) box.prepend(h('div', { class: 'box-title' }, `${label} ${i}`));
        return box;
      }));
    }
    // Strings of one length, not all words, are rows of a grid (a map, a
    // picture); words of one length ("clock", "raven") are a list.
    if (v.length > 1 && v.every((x) => typeof x === 'string' && x.length === v[0].length && x.length >= 4) &&
        v.some((x) => /[^A-Za-z ]/.test(x))) {
      return h('pre', { class: 'grid-text' }, v.join('\n'));
    }
    return h('span', { class: 'val' }, v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', '));
  }
  if (isCellMap(game, v)) return cellGrid(game, v);
  return renderObject(game, v, depth + 1);
}

// Whether o maps board cells ("b3", "D4") to cards or stacks of cards:
// then it is drawn as a grid, whatever the game.
const CELL = /^([A-Za-z])(\d{1,2})$/;
function isCellMap(game, o) {
  const keys = Object.keys(o);
  return keys.length >= 2 && keys.every((k) => CELL.test(k)) &&
    Object.values(o).every((v) => isCardValue(game, v) ||
      (Array.isArray(v) && v.every((x) => isCardValue(game, x))));
}

// A grid of the cells of o (columns by letter, rows by number, the highest
// row on top): each cell shows its top card and the height of its stack.
function cellGrid(game, o) {
  const cells = Object.keys(o).map((k) => { const m = CELL.exec(k); return { k, c: m[1].charCodeAt(0), r: Number(m[2]) }; });
  const c0 = Math.min(...cells.map((x) => x.c)), c1 = Math.max(...cells.map((x) => x.c));
  const r0 = Math.min(...cells.map((x) => x.r)), r1 = Math.max(...cells.map((x) => x.r));
  const upper = cells.some((x) => x.k[0] !== x.k[0].toLowerCase());
  const at = new Map(cells.map((x) => [`${x.c}:${x.r}`, o[x.k]]));
  const grid = h('div', { class: 'cq-grid cell-grid' });
  grid.style.setProperty('--cols', String(c1 - c0 + 1));
  grid.appendChild(h('span', { class: 'cq-label' }));
  for (let c = c0; c <= c1; c++) grid.appendChild(h('span', { class: 'cq-label' }, String.fromCharCode(c)));
  for (let r = r1; r >= r0; r--) {
    grid.appendChild(h('span', { class: 'cq-label' }, String(r)));
    for (let c = c0; c <= c1; c++) {
      const name = `${String.fromCharCode(c)}${r}`;
      const v = at.get(`${c}:${r}`);
      const stack = v === undefined ? [] : Array.isArray(v) ? v : [v];
      const el = h('div', { class: 'cq-cell', dataset: { cell: upper ? name.toUpperCase() : name }, title: name });
      if (stack.length) {
        el.appendChild(cardFor(game, stack[stack.length - 1]));
        if (stack.length > 1) el.appendChild(h('span', { class: 'cq-height' }, String(stack.length)));
      }
      grid.appendChild(el);
    }
  }
  return grid;
}

// Draws an object as a box of labelled fields.
export function renderObject(game, o, depth = 0, skip = null, hideEmpty = false) {
  const box = h('div', { class: `box depth-${Math.min(depth, 3)}` });
  const scalars = h('div', { class: 'chips' });
  const blocks = [];
  for (const [k, v] of Object.entries(o)) {
    if (skip && skip.has(k)) continue;
    if (hideEmpty && Array.isArray(v) && v.length === 0) continue;
    const simple = v === null || typeof v !== 'object';
    const asCard = simple && ((SCALAR_CARD_KEYS.has(k) && isCardValue(game, v)) || (typeof v === 'string' && mqParse(v)));
    if (simple && !asCard) {
      scalars.appendChild(h('span', { class: 'chip' }, h('span', { class: 'chip-key' }, words(k)), ' ', renderValue(game, k, v, depth)));
    } else {
      blocks.push(h('div', { class: 'field' }, h('div', { class: 'field-key' }, words(k)), renderValue(game, k, v, depth)));
    }
  }
  if (scalars.childNodes.length) box.appendChild(scalars);
  for (const b of blocks) box.appendChild(b);
  return box;
}

// The generic table: every field of the view but the hand and seats.
export function renderGeneric(game, view, skip = SKIP, hideEmpty = false) {
  return h('div', { class: 'generic' }, renderObject(game, view, 0, skip, hideEmpty));
}

// The seat's own hand, wherever the view keeps it.
export function handOf(view, seat) {
  if (!view) return null;
  if (Array.isArray(view.hand)) return view.hand;
  const s = Array.isArray(view.seats) && seat !== null && seat >= 0 ? view.seats[seat] : null;
  if (s && Array.isArray(s.hand)) return s.hand;
  return null;
}

// A box to type a move in, completing from the legal moves.
export function typeMove(legal, act) {
  const id = 'legal-moves';
  const list = h('datalist', { id }, legal.map((m) => h('option', { value: m })));
  const input = h('input', { type: 'text', list: id, placeholder: 'or type a move', autocomplete: 'off', 'aria-label': 'type a move' });
  const form = h('form', { class: 'type-move', onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) act(input.value.trim()); input.value = ''; } },
    input, list, h('button', { type: 'submit' }, 'Play'));
  return form;
}

// A hand of objects (cards with several fields: Mysterium's visions) drawn
// as the generic view draws them; its moves are the buttons.  Hands of
// plain cards are the kit's (kit.js), clickable by their names.
export function renderHand(game, hand) {
  return renderValue(game, 'hand', hand, 1);
}
