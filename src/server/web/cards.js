// cards.js - the cards of tabula's games drawn as SVG: the 1-100 deck (with
// each game's marks: 6 nimmt! cattle heads, Take 5 bulls, Dicht Dran
// peppers), the 60-card Mystique deck (its colours, suits and numbers; the
// silver copy of a two-deck game marked), Schotten Totten's clan and
// tactic cards, and card backs.  Everything is built with DOM calls from
// numbers and fixed names, never from markup text.

const SVG = 'http://www.w3.org/2000/svg';

export function svgEl(name, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

function svgText(parent, x, y, text, attrs = {}) {
  const t = svgEl('text', { x, y, 'text-anchor': 'middle', ...attrs }, parent);
  t.textContent = text;
  return t;
}

// A blank card: an <svg> of 60 x 84 units with a rounded frame.
function blank(cls, label) {
  const s = svgEl('svg', { viewBox: '0 0 60 84', class: `card ${cls}`, role: 'img' });
  s.setAttribute('aria-label', label);
  const title = svgEl('title', {}, s);
  title.textContent = label;
  svgEl('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, class: 'card-frame' }, s);
  return s;
}

// ---------------------------------------------------------------- 1-100

// The marks some games print on the 1-100 cards.
function heads(n) {
  if (n === 55) return 7;
  if (n % 11 === 0) return 5;
  if (n % 10 === 0) return 3;
  if (n % 5 === 0) return 2;
  return 1;
}

function marks(game, n) {
  if (game === '6-nimmt') return { count: heads(n), kind: 'head', title: 'cattle heads' };
  if (game === 'take-5') {
    const red = heads(n);
    if (red > 1) return { count: red, kind: 'bull-red', title: 'red bulls (minus)' };
    return { count: n % 10 === 2 ? 2 : 1, kind: 'bull-green', title: 'green bulls' };
  }
  if (game === 'dicht-dran') {
    const p = n % 5 === 0 ? 3 : n % 3 === 0 ? 2 : 1;
    return { count: p, kind: 'pepper', title: 'peppers' };
  }
  return null;
}

// The hue of a number: the deck runs through the colour wheel.
function hue(n) {
  return Math.round(((n - 1) / 100) * 300);
}

export function card100(n, game = '') {
  const m = marks(game, n);
  const s = blank('c100', m ? `${n} (${m.count} ${m.title})` : String(n));
  const band = svgEl('rect', { x: 1, y: 1, width: 58, height: 14, rx: 6, class: 'c100-band' }, s);
  band.style.setProperty('fill', `hsl(${hue(n)} 65% 55%)`);
  svgText(s, 8, 11, String(n), { class: 'c100-corner', 'text-anchor': 'start' });
  svgText(s, 30, 54, String(n), { class: 'c100-number' });
  if (m) {
    const y = 74, w = 7, x0 = 30 - ((m.count - 1) * w) / 2;
    for (let i = 0; i < m.count; i++) {
      if (m.kind === 'pepper') {
        svgEl('path', { d: `M${x0 + i * w},${y - 4} q3,2 1,8 q-4,-3 -1,-8z`, class: 'mark-pepper' }, s);
      } else {
        svgEl('circle', { cx: x0 + i * w, cy: y, r: 2.8, class: `mark-${m.kind}` }, s);
      }
    }
  }
  return s;
}

// A card of unknown meaning: just its number or text; a name (MYST's
// landmarks, say) is set in small type over up to three lines.
export function plainCard(v) {
  const text = String(v);
  const s = blank('cplain', text);
  if (text.length <= 4) {
    svgText(s, 30, 50, text, { class: 'c100-number small' });
    return s;
  }
  const lines = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + ' ' + word).length <= 9) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  const shown = lines.slice(0, 3);
  const longest = Math.max(...shown.map((l) => l.length));
  const size = Math.max(6, Math.min(12, Math.floor(100 / Math.max(longest, 1))));
  shown.forEach((l, i) => {
    const t = svgText(s, 30, 44 + (i - (shown.length - 1) / 2) * (size + 2), l, { class: 'cplain-name' });
    t.style.setProperty('font-size', `${size}px`);
  });
  return s;
}

// ---------------------------------------------------------------- Mystique

export const MQ_SUITS = ['moons', 'suns', 'arms', 'crowns'];
export const MQ_COLOURS = ['yellow', 'red', 'blue'];
const SUIT_LETTERS = 'msac';
const COLOUR_LETTERS = 'YRB';

// A Mystique card from an id (0..119: id % 60 + 1 is the card number, id /
// 60 the back) or a short form ("3Rc", "3Rc+" for the silver copy).
export function mqParse(v) {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 120) {
    const k = v % 60;
    return { number: (k % 5) + 1, suit: Math.floor(k / 15), colour: Math.floor(k / 5) % 3, silver: v >= 60 };
  }
  if (typeof v === 'string') {
    const m = /^([1-5])([YRB])([MSAC])(\+?)$/i.exec(v);
    if (m) {
      return {
        number: Number(m[1]),
        colour: COLOUR_LETTERS.indexOf(m[2].toUpperCase()),
        suit: SUIT_LETTERS.indexOf(m[3].toLowerCase()),
        silver: m[4] === '+',
      };
    }
  }
  return null;
}

export function mqShort(c) {
  return `${c.number}${COLOUR_LETTERS[c.colour]}${SUIT_LETTERS[c.suit]}${c.silver ? '+' : ''}`;
}

export function mqName(c) {
  const num = c.number === 1 ? 'ace' : c.number === 5 ? 'palm' : String(c.number);
  return `${num} of ${MQ_COLOURS[c.colour]} ${MQ_SUITS[c.suit]}${c.silver ? ' (silver)' : ''}`;
}

// The suit's icon, centred at (x, y), about 2r across.
function suitIcon(parent, suit, x, y, r) {
  const g = svgEl('g', { transform: `translate(${x} ${y}) scale(${r / 10})`, class: 'mq-icon' }, parent);
  if (suit === 0) {
    // A crescent: the left half of a circle less a flatter arc.
    svgEl('path', { d: 'M3,-10 A10,10 0 0,0 3,10 A14,14 0 0,1 3,-10 Z' }, g);
  } else if (suit === 1) {
    svgEl('circle', { cx: 0, cy: 0, r: 5.5 }, g);
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      svgEl('line', {
        x1: (7.5 * Math.cos(a)).toFixed(2), y1: (7.5 * Math.sin(a)).toFixed(2),
        x2: (10.5 * Math.cos(a)).toFixed(2), y2: (10.5 * Math.sin(a)).toFixed(2),
        class: 'mq-ray',
      }, g);
    }
  } else if (suit === 2) {
    svgEl('path', { d: 'M-8,-9 L8,-9 L8,0 Q8,7 0,10.5 Q-8,7 -8,0 Z' }, g);
    svgEl('path', { d: 'M0,-6 L0,6 M-4,-1 L4,-1', class: 'mq-cross' }, g);
  } else {
    svgEl('path', { d: 'M-10,7 L-10,-6 L-5,0 L0,-9 L5,0 L10,-6 L10,7 Z' }, g);
  }
  return g;
}

// Where the pips of a card with 1-5 icons go.
const PIPS = {
  1: [[30, 44]],
  2: [[30, 31], [30, 57]],
  3: [[30, 27], [30, 44], [30, 61]],
  4: [[20, 32], [40, 32], [20, 56], [40, 56]],
  5: [[20, 29], [40, 29], [30, 44], [20, 59], [40, 59]],
};

export function mqCard(v) {
  const c = typeof v === 'object' ? v : mqParse(v);
  if (!c) return plainCard(v);
  const s = blank(`mq mq-${MQ_COLOURS[c.colour]}${c.silver ? ' mq-silver' : ''}`, mqName(c));
  const label = c.number === 1 ? 'A' : c.number === 5 ? 'P' : String(c.number);
  svgText(s, 9, 14, String(c.number), { class: 'mq-corner' });
  svgText(s, 51, 78, String(c.number), { class: 'mq-corner' });
  const r = c.number === 1 ? 13 : c.number <= 3 ? 8.5 : 7.5;
  for (const [x, y] of PIPS[c.number]) suitIcon(s, c.suit, x, y, r);
  if (c.number === 1 || c.number === 5) svgText(s, 51, 14, label, { class: 'mq-rank' });
  if (c.silver) svgEl('circle', { cx: 9, cy: 76, r: 3, class: 'mq-silver-dot' }, s);
  return s;
}

// ---------------------------------------------------------------- Schotten Totten

const STT_TACTICS = {
  1: 'Joker', 2: 'Joker', 3: 'Spy', 4: 'Shield Bearer', 5: "Blind Man's Bluff",
  6: 'Mud Fight', 7: 'Recruiter', 8: 'Strategist', 9: 'Banshee', 10: 'Traitor',
};
export const STT_COLOURS = ['', 'red', 'orange', 'yellow', 'green', 'blue', 'purple'];

export function sttName(n) {
  if (n >= 1 && n <= 10) return STT_TACTICS[n];
  return `${STT_COLOURS[Math.floor(n / 10)] || '?'} ${n % 10}`;
}

export function sttCard(n) {
  if (n >= 1 && n <= 10) {
    const s = blank('stt stt-tactic', STT_TACTICS[n]);
    const words = STT_TACTICS[n].split(' ');
    words.forEach((w, i) => svgText(s, 30, 40 + (i - (words.length - 1) / 2) * 11, w, { class: 'stt-tactic-name' }));
    svgText(s, 30, 14, 'tactic', { class: 'stt-tactic-kind' });
    return s;
  }
  const colour = Math.floor(n / 10), strength = n % 10;
  if (colour < 1 || colour > 6 || strength < 1) return plainCard(n);
  const s = blank(`stt stt-c${colour}`, `${STT_COLOURS[colour]} ${strength}`);
  svgEl('rect', { x: 5, y: 5, width: 50, height: 74, rx: 4, class: 'stt-inner' }, s);
  svgText(s, 30, 53, String(strength), { class: 'stt-strength' });
  svgText(s, 11, 17, String(strength), { class: 'stt-corner' });
  svgText(s, 30, 75, String(n), { class: 'stt-id' });
  return s;
}

// ---------------------------------------------------------------- backs

export function cardBack(label = 'a hidden card') {
  const s = blank('back', label);
  svgEl('rect', { x: 6, y: 6, width: 48, height: 72, rx: 4, class: 'back-inner' }, s);
  svgEl('path', { d: 'M30,20 L42,42 L30,64 L18,42 Z', class: 'back-diamond' }, s);
  return s;
}

// ---------------------------------------------------------------- by game

// Which deck a game's integer cards come from (strings in Mystique short
// form are recognised in every game).
const DECKS = {
  '6-nimmt': 'd100', 'no-thanks': 'd100', 'the-game': 'd100', 'the-mind': 'd100',
  'take-5': 'd100', 'dicht-dran': 'd100', 'schotten-totten': 'stt',
  'clique-mystique': 'mq', 'mystique-energy': 'mq',
};

export function deckOf(game) {
  return DECKS[game] || 'number';
}

// Whether a value can be drawn as a card of the game.
export function isCardValue(game, v) {
  if (typeof v === 'string') return mqParse(v) !== null;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 120;
}

// The card for a value, drawn the game's way.
export function cardFor(game, v) {
  if (typeof v === 'string') return mqParse(v) ? mqCard(v) : plainCard(v);
  const deck = deckOf(game);
  if (deck === 'd100') return card100(v, game);
  if (deck === 'mq') return mqCard(v);
  if (deck === 'stt') return sttCard(v);
  return plainCard(v);
}

// The text a player types for a card (to match legal moves).
const STT_WORDS = ['', 'joker', 'joker', 'spy', 'shield', 'bluff', 'mud', 'recruiter',
  'strategist', 'banshee', 'traitor'];

export function cardText(game, v) {
  if (typeof v === 'string') return v;
  if (deckOf(game) === 'stt' && v >= 1 && v <= 10) return STT_WORDS[v];
  if (deckOf(game) === 'mq') {
    const c = mqParse(v);
    return c ? mqShort(c) : String(v);
  }
  return String(v);
}
