// kit.js - the shared table kit: the pieces every game's table is built
// from (cards, piles, rows, tricks, zones, seat strips) and the one way of
// making a move by clicking, for every game.
//
// Moving by clicking.  The client gets the legal moves' texts.  Each text
// is split into tokens (a game's adapter may split its own way: "16u1" ->
// "16", "u1"); each clickable thing on the page carries the token that
// names it (data-tok: a card's text, a pile's name, a cell, a stone).
// Clicking things picks tokens; the moves still possible are those whose
// tokens contain every picked one.  When one move is left and the tokens
// it has beyond the picked ones are not things on the page (verbs such as
// "draw" or "play"), it is played; otherwise the moves left are shown as
// buttons (never more than MAX_BUTTONS: grouped by their next token when
// more), so a card then its pile, several cards then "confirm", or a verb
// button all work the same way in every game.

import { h } from './dom.js';
import { cardFor, cardText, cardBack, mqParse, mqName, sttName, deckOf } from './cards.js';

export const MAX_BUTTONS = 30;

// The default split of a move text: at spaces.
export function splitMove(text) {
  return text.split(/\s+/).filter(Boolean);
}

// Whether the multiset of tokens `have` holds every token of `want`.
function holds(have, want) {
  const left = have.slice();
  for (const t of want) {
    const i = left.indexOf(t);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

// The tokens of `have` left once those of `want` are taken out.
function minus(have, want) {
  const left = have.slice();
  for (const t of want) {
    const i = left.indexOf(t);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

// The picker: the legal moves, split, and the tokens picked so far (kept
// in ui.picked across renders of the same position).
export class Picker {
  constructor(legal, split, ui) {
    this.ui = ui;
    this.moves = legal.map((text) => ({ text, toks: split(text) }));
    if (!Array.isArray(ui.picked)) ui.picked = [];
    if (ui.pickedFor !== legal.join('\n')) {
      ui.picked = [];
      ui.pickedFor = legal.join('\n');
    }
    this.onPage = new Set();
  }

  get picked() { return this.ui.picked; }

  // The moves that hold every picked token.
  compatible(picked = this.picked) {
    return this.moves.filter((m) => holds(m.toks, picked));
  }

  // Whether clicking a thing named t is useful now: it continues the
  // selection, or starts a new one.
  state(t) {
    if (this.picked.includes(t)) return 'selected';
    if (this.compatible([...this.picked, t]).length) return this.picked.length ? 'target' : 'playable';
    if (this.moves.some((m) => m.toks.includes(t))) return 'playable';
    return null;
  }

  // A click on the thing named t.  Returns the move to play, or null
  // (then the page is drawn again with the new selection).
  click(t) {
    const p = this.picked;
    const i = p.indexOf(t);
    if (i >= 0) {
      p.splice(i, 1);
      return null;
    }
    p.push(t);
    if (!this.compatible().length) p.splice(0, p.length, t);
    return this.ready();
  }

  // The move the picked tokens settle, if one is settled: the only move
  // left whose other tokens are no things on the page.
  ready() {
    const c = this.compatible();
    if (!this.picked.length || !c.length) return null;
    if (c.length === 1) {
      const rest = minus(c[0].toks, this.picked);
      if (rest.every((t) => !this.onPage.has(t))) return c[0].text;
    }
    return null;
  }

  // The buttons to show: with nothing picked, the moves that name no thing
  // on the page (pass, draw, cast threes) or every move when no thing can
  // be clicked; else the moves left.  Grouped by their next token when
  // more than MAX_BUTTONS, within a group of ui.group.
  buttons() {
    let shown;
    if (!this.picked.length) {
      shown = this.moves.filter((m) => !m.toks.some((t) => this.onPage.has(t)));
      const clickable = this.moves.some((m) => m.toks.some((t) => this.onPage.has(t)));
      if (!clickable) shown = this.moves;
    } else {
      shown = this.compatible();
    }
    if (shown.length <= MAX_BUTTONS) return { moves: shown, groups: null };
    // Group by the first position whose tokens (other than the picked ones)
    // tell the moves apart into at most MAX_BUTTONS groups.
    for (let pos = 0; pos < 6; pos++) {
      const groups = new Map();
      for (const m of shown) {
        const rest = minus(m.toks, this.picked);
        const key = rest.slice(0, pos + 1).join(' ');
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(m);
      }
      if (groups.size > 1 && groups.size <= MAX_BUTTONS) return { moves: [], groups };
    }
    return { moves: shown.slice(0, MAX_BUTTONS), groups: null, cut: shown.length - MAX_BUTTONS };
  }
}

// Makes every [data-tok] element under root clickable as the picker says,
// and returns the picker's move if a click settles one.
export function bindTokens(roots, picker, onPick) {
  const els = [];
  for (const r of roots) els.push(...r.querySelectorAll('[data-tok]'));
  for (const el of els) picker.onPage.add(el.dataset.tok);
  for (const el of els) {
    const st = picker.state(el.dataset.tok);
    el.classList.remove('playable', 'target', 'selected');
    if (!st) continue;
    el.classList.add(st === 'selected' ? 'selected' : st === 'target' ? 'target' : 'playable');
    if (st !== 'selected' && st !== 'target') el.classList.add('playable');
    if (st === 'target') el.classList.add('playable');
    el.setAttribute('role', 'button');
    el.setAttribute('tabindex', '0');
    const go = (e) => { e.stopPropagation(); onPick(el.dataset.tok); };
    el.addEventListener('click', go);
    el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(e); } });
  }
}

// ---------------------------------------------------------------- names

// A card's name in words, as the table names it: "3 of red crowns",
// "purple 7" (Schotten Totten), "42".
export function cardName(game, v) {
  const c = mqParse(v);
  if (c) return mqName(c);
  if (deckOf(game) === 'stt' && typeof v === 'number') return sttName(v);
  return String(v);
}

// A piece of text with the card names in it drawn as small coloured names
// (Mystique short forms everywhere; Schotten Totten's ids after "plays").
export function richText(game, text) {
  const span = h('span', { class: 'rich' });
  const re = /\b([1-5][YRB][msac]\+?)(?![A-Za-z])/g;
  let at = 0;
  let m;
  let src = text;
  if (game === 'schotten-totten') {
    src = src.replace(/\b(plays|discards|takes|moves|its|puts|with|card|draws|drew) (\d{1,2})\b/g, (all, w, n) => `${w} ${sttName(Number(n))}`);
  }
  while ((m = re.exec(src))) {
    if (m.index > at) span.appendChild(document.createTextNode(src.slice(at, m.index)));
    const c = mqParse(m[1]);
    span.appendChild(h('span', { class: `mq-name mq-${['yellow', 'red', 'blue'][c.colour]}`, title: m[1] },
      h('span', { class: `mq-suit s${c.suit}` }), mqName(c)));
    at = m.index + m[0].length;
  }
  if (at < src.length) span.appendChild(document.createTextNode(src.slice(at)));
  return span;
}

// A move's button label: its card tokens named in words.
export function moveLabel(game, text) {
  if (game === 'schotten-totten') {
    const m = /^(\d+)@(\d)$/.exec(text);
    if (m) return document.createTextNode(`${sttName(Number(m[1]))} → stone ${m[2]}`);
    if (/^@\d$/.test(text)) return document.createTextNode(`claim stone ${text.slice(1)}`);
  }
  if (game === 'the-game') {
    const m = /^(\d+)([ud]\d)$/.exec(text);
    if (m) return document.createTextNode(`${m[1]} on ${m[2]}`);
  }
  return richText(game, text);
}

// ---------------------------------------------------------------- pieces

// One card, named by its text for clicking (tok: false for a card that is
// not a thing to click, such as a card shown in a log).
export function card(game, v, opts = {}) {
  const text = cardText(game, v);
  const wrap = h('span', { class: `card-wrap${opts.cls ? ` ${opts.cls}` : ''}`, dataset: { card: text }, title: cardName(game, v) },
    cardFor(game, v));
  if (opts.tok !== false) wrap.dataset.tok = opts.tok || text;
  if (opts.label) wrap.appendChild(h('span', { class: 'card-label' }, opts.label));
  return wrap;
}

// A row of cards (a hand, a row, a tableau); `overlap` stacks them.
export function cards(game, list, opts = {}) {
  const row = h('div', { class: `cards${opts.small ? ' small' : ''}${opts.overlap ? ' overlap' : ''}${opts.cls ? ` ${opts.cls}` : ''}` });
  for (const v of list || []) row.appendChild(card(game, v, { tok: opts.tok === false ? false : undefined }));
  return row;
}

// A zone of the table: a title, content, and optionally a token that makes
// the whole zone a thing to click (a pile, a row, a pillar).
export function zone(title, content, opts = {}) {
  const z = h('div', { class: `zone${opts.cls ? ` ${opts.cls}` : ''}` });
  if (opts.tok) z.dataset.tok = opts.tok;
  if (title) z.appendChild(h('div', { class: 'zone-title' }, title, opts.badge !== undefined ? h('span', { class: 'count' }, String(opts.badge)) : null));
  for (const c of [].concat(content)) if (c) z.appendChild(c);
  return z;
}

// A pile: its top card (or a back for a face-down pile), and its size.
export function pile(game, title, top, size, opts = {}) {
  const body = h('div', { class: 'pile-body' });
  if (top !== null && top !== undefined) body.appendChild(card(game, top, { tok: opts.cardTok === false ? false : undefined }));
  else if (size) body.appendChild(back());
  else body.appendChild(h('span', { class: 'empty-slot' }, 'empty'));
  return zone(title, body, { ...opts, badge: size === undefined ? undefined : size, cls: `pile ${opts.cls || ''}` });
}

export function back(label = 'a hidden card') {
  return h('span', { class: 'card-wrap back-wrap' }, cardBack(label));
}

// Face-down cards of a count, small.
export function backs(n, max = 6) {
  const row = h('div', { class: 'cards small backs' });
  for (let i = 0; i < Math.min(n, max); i++) row.appendChild(h('span', { class: 'card-wrap' }, cardBack()));
  if (n > max) row.appendChild(h('span', { class: 'more-n' }, `+${n - max}`));
  return row;
}

// A trick: the cards played, each labelled with its seat; the winning one
// marked.
export function trick(game, plays, opts = {}) {
  const box = h('div', { class: 'trick' });
  for (const p of plays || []) {
    const c = card(game, p.card, { tok: false, cls: p.seat === opts.winning ? 'winning' : '', label: seatName(p.seat, opts.me) });
    box.appendChild(c);
  }
  if (!plays || !plays.length) box.appendChild(h('span', { class: 'empty-slot' }, opts.empty || 'no card yet'));
  return box;
}

export function seatName(j, me) {
  return j === me ? 'you' : `seat ${j}`;
}

// A strip of the seats as the table shows them: name, turn marker, a few
// facts, and their face-down hand.
export function seatStrip(ctx, facts) {
  const strip = h('div', { class: 'seat-strip' });
  const n = ctx.players || (ctx.view.seats ? ctx.view.seats.length : 0);
  for (let j = 0; j < n; j++) {
    const f = facts(j) || {};
    const cls = ['seat-chip'];
    if (ctx.turn === j) cls.push('turn');
    if (ctx.seat === j) cls.push('me');
    const el = h('div', { class: cls.join(' '), dataset: { seatChip: j } },
      h('b', {}, seatName(j, ctx.seat)), ctx.turn === j ? h('span', { class: 'turn-dot', title: 'to move' }, '●') : null,
      (f.text || []).map((t) => h('span', { class: 'fact' }, t)),
      f.cards ? f.cards : null,
      typeof f.hidden === 'number' && f.hidden > 0 && j !== ctx.seat ? backs(f.hidden, 4) : null);
    if (f.tok) el.dataset.tok = f.tok;
    strip.appendChild(el);
  }
  return strip;
}

// A fact of the table: "deck 21".
export function fact(key, value) {
  return h('span', { class: 'chip' }, h('span', { class: 'chip-key' }, key), ' ', value === undefined || value === null ? '-' : String(value));
}

export function facts(list) {
  return h('div', { class: 'chips' }, list.filter(Boolean).map(([k, v]) => fact(k, v)));
}

export { cardText, deckOf };
