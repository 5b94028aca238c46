// glyphs.js - Mysterium's 48 motifs drawn as small SVG glyphs, and its
// vision and psychic cards drawn from their motifs alone (the game's
// content is ours and generated from data: docs/games/mysterium.md, "Our
// content").  Every glyph is hand-made here from a few paths in a box of
// 24 x 24 units centred on (0, 0): colours as blots of paint, elements,
// shapes, objects and creatures as simple pictures, moods as faces or
// symbols.  A motif's strength (1-3, when the view gives one) is drawn as
// the glyph's size and opacity.  Everything is built with DOM calls, never
// from markup text.

import { svgEl } from './cards.js';

// The paint of each colour motif.
export const COLOURS = {
  red: '#d2473e', orange: '#e88a2e', yellow: '#eac435', green: '#4d9a4a',
  blue: '#3b6fc1', purple: '#8a4fb3', black: '#26262b', white: '#fbfbf7',
};

const INK = '#2b2722';

// The motifs by kind, in the order of the content (docs/games/
// mysterium.md, "Our content"): the legend's rows.
export const MOTIF_KINDS = {
  colour: Object.keys(COLOURS),
  element: ['fire', 'water', 'earth', 'air', 'ice', 'lightning', 'smoke', 'stone'],
  shape: ['circle', 'spiral', 'star', 'triangle', 'square', 'crescent', 'cross', 'wave'],
  object: ['key', 'book', 'clock', 'mirror', 'candle', 'rope', 'bell', 'mask'],
  creature: ['cat', 'owl', 'raven', 'snake', 'fish', 'horse', 'spider', 'butterfly'],
  mood: ['joy', 'sorrow', 'fear', 'anger', 'calm', 'mystery', 'love', 'pride'],
};

// Small drawing helpers: each adds to the group g.
const path = (g, d, fill, stroke = 'none', w = 1.6, extra = {}) =>
  svgEl('path', { d, fill, stroke, 'stroke-width': w, 'stroke-linejoin': 'round', 'stroke-linecap': 'round', ...extra }, g);
const circle = (g, cx, cy, r, fill, stroke = 'none', w = 1.6) =>
  svgEl('circle', { cx, cy, r, fill, stroke, 'stroke-width': w }, g);
const line = (g, x1, y1, x2, y2, stroke, w = 1.6) =>
  svgEl('line', { x1, y1, x2, y2, stroke, 'stroke-width': w, 'stroke-linecap': 'round' }, g);

// A five-pointed star's points, radius r, inner radius ri.
function starPoints(r, ri, n = 5) {
  const pts = [];
  for (let i = 0; i < 2 * n; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / n;
    const rr = i % 2 ? ri : r;
    pts.push(`${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

// A face for the moods: a yellow disc; `draw` adds the features.
function face(g, draw, fill = '#f6d05a') {
  circle(g, 0, 0, 10.5, fill, INK, 1.4);
  draw(g);
}

// Each motif's drawing.
const DRAW = {
  // elements
  fire: (g) => { path(g, 'M0,-11 C5,-5 9,-1 7,5 C5.5,10 -5.5,10 -7,5 C-8.5,0 -3,-3 -2,-7 C-1,-3 1,-2 0,-11Z', '#e2562b', '#a63216', 1);
    path(g, 'M0,-2 C3,1 4,4 3,6 C2,8.5 -2,8.5 -3,6 C-4,3.5 -1,2 0,-2Z', '#f7c948'); },
  water: (g) => { path(g, 'M0,-11 C4,-4 8,0 8,4 A8,7.5 0 0 1 -8,4 C-8,0 -4,-4 0,-11Z', '#3f8fd8', '#1f5a96', 1.2);
    path(g, 'M-4,3 A4,4 0 0 0 -1,7', 'none', '#d6ecff', 1.6); },
  earth: (g) => { path(g, 'M-11.5,9 L-4,-5 L0,1 L4,-3 L11.5,9Z', '#8a6a3d', '#5b4322', 1.2);
    path(g, 'M-11.5,9 C-5,5 5,5 11.5,9Z', '#5f8f3a'); },
  air: (g) => { for (const [y, l] of [[-5, 8], [0, 11], [5, 6]]) path(g, `M-11,${y} H${l - 3} A3,3 0 1 0 ${l - 5},${y - 3}`, 'none', '#6f8fa8', 2); },
  ice: (g) => { for (let i = 0; i < 3; i++) {
    const s = svgEl('g', { transform: `rotate(${i * 60})` }, g);
    line(s, 0, -11, 0, 11, '#58a9c9', 2);
    path(s, 'M-3,-9 L0,-6 L3,-9 M-3,9 L0,6 L3,9', 'none', '#58a9c9', 1.5);
  } },
  lightning: (g) => path(g, 'M3,-11.5 L-7,2 L-1,2 L-4,11.5 L7,-2 L1,-2 L5,-11.5Z', '#f3cd2a', '#8a6d00', 1.2),
  smoke: (g) => { circle(g, -4, 5, 5, '#a4a4a8'); circle(g, 3, 3, 5.5, '#b8b8bc'); circle(g, 0, -4, 5, '#c9c9cd'); circle(g, 4, -9, 3, '#dadade'); },
  stone: (g) => { path(g, 'M-10,7 L-8,-3 L-2,-8 L6,-6 L10,3 L5,9 L-6,9Z', '#8d8f93', '#55575b', 1.3);
    path(g, 'M-2,-8 L0,0 L10,3 M0,0 L-6,9', 'none', '#6b6d71', 1); },
  // shapes
  circle: (g) => circle(g, 0, 0, 9, '#f2eee4', INK, 2.2),
  spiral: (g) => path(g, 'M0,0 a2,2 0 0 1 4,0 a4,4 0 0 1 -8,0 a6,6 0 0 1 12,0 a8,8 0 0 1 -16,0', 'none', INK, 2),
  star: (g) => svgEl('polygon', { points: starPoints(11, 4.6), fill: '#f2d35e', stroke: INK, 'stroke-width': 1.4, 'stroke-linejoin': 'round' }, g),
  triangle: (g) => path(g, 'M0,-10 L10,8 L-10,8Z', '#f2eee4', INK, 2.2),
  square: (g) => svgEl('rect', { x: -8.5, y: -8.5, width: 17, height: 17, fill: '#f2eee4', stroke: INK, 'stroke-width': 2.2 }, g),
  crescent: (g) => path(g, 'M2,-9.8 A10,10 0 1 0 2,9.8 A10.2,10.2 0 0 1 2,-9.8Z', '#f0e08a', INK, 1.4),
  cross: (g) => path(g, 'M-2.2,-11 h4.4 v6 h6 v4.4 h-6 v11.6 h-4.4 v-11.6 h-6 v-4.4 h6z', '#f2eee4', INK, 1.6),
  wave: (g) => { for (const y of [-3, 4]) path(g, `M-11,${y} q2.75,-5 5.5,0 t5.5,0 t5.5,0 t5.5,0`, 'none', '#2f6fb0', 2.2); },
  // objects
  key: (g) => { circle(g, -6, 0, 4.5, 'none', '#a07a1c', 2.6); path(g, 'M-1.5,0 H11 M7,0 V4 M10,0 V5', 'none', '#a07a1c', 2.6); },
  book: (g) => { path(g, 'M0,-6 C-4,-9 -8,-9 -11,-7 V8 C-8,6 -4,6 0,9Z', '#b4442f', '#6d2416', 1.2);
    path(g, 'M0,-6 C4,-9 8,-9 11,-7 V8 C8,6 4,6 0,9Z', '#c85a43', '#6d2416', 1.2);
    path(g, 'M-8,-3 C-6,-4 -4,-4 -2,-3 M2,-3 C4,-4 6,-4 8,-3', 'none', '#f3d8c8', 1); },
  clock: (g) => { circle(g, 0, 0, 10, '#fbf6e6', INK, 1.8); path(g, 'M0,-6.5 V0 L4.5,3', 'none', INK, 1.8);
    for (let i = 0; i < 12; i += 3) { const a = (i * Math.PI) / 6; line(g, 8 * Math.sin(a), -8 * Math.cos(a), 9.2 * Math.sin(a), -9.2 * Math.cos(a), INK, 1.2); } },
  mirror: (g) => { svgEl('ellipse', { cx: 0, cy: -3, rx: 6.5, ry: 8, fill: '#cfe6f2', stroke: '#8a6a2a', 'stroke-width': 2.2 }, g);
    line(g, 0, 5, 0, 11.5, '#8a6a2a', 2.8); path(g, 'M-3,-7 L-1,-9', 'none', '#fff', 1.4); },
  candle: (g) => { svgEl('rect', { x: -3.5, y: -3, width: 7, height: 13, rx: 1, fill: '#f4eed8', stroke: INK, 'stroke-width': 1.3 }, g);
    line(g, 0, -3, 0, -5, INK, 1.2); path(g, 'M0,-12 C2.5,-9 2.5,-6.5 0,-5.5 C-2.5,-6.5 -2.5,-9 0,-12Z', '#f29b2a'); },
  rope: (g) => path(g, 'M-10,7 C-11,-9 9,-10 9,0 C9,7 -4,7 -4,0 C-4,-4 4,-4 3,0 M3,0 C2,4 8,9 11,10', 'none', '#a57a3c', 2.8),
  bell: (g) => { path(g, 'M-9,6 C-7,4 -7,-2 -6,-5 C-4.5,-9.5 4.5,-9.5 6,-5 C7,-2 7,4 9,6Z', '#e0b230', '#7c5d07', 1.3);
    circle(g, 0, 8.5, 2.3, '#7c5d07'); circle(g, 0, -10, 1.6, '#7c5d07'); },
  mask: (g) => { path(g, 'M-11,-5 C-6,-8 6,-8 11,-5 C11,3 6,7 0,4 C-6,7 -11,3 -11,-5Z', '#7b3fa0', '#3e1d52', 1.2);
    svgEl('ellipse', { cx: -5, cy: -1.5, rx: 2.8, ry: 1.9, fill: '#fbf6e6' }, g);
    svgEl('ellipse', { cx: 5, cy: -1.5, rx: 2.8, ry: 1.9, fill: '#fbf6e6' }, g); },
  // creatures
  cat: (g) => { path(g, 'M-8,-1 L-8.5,-11 L-3,-6 L3,-6 L8.5,-11 L8,-1 C8,6 4,9 0,9 C-4,9 -8,6 -8,-1Z', '#3a3431');
    circle(g, -3.3, 0, 1.5, '#c6e05a'); circle(g, 3.3, 0, 1.5, '#c6e05a'); path(g, 'M-1,4 L0,5 L1,4', 'none', '#f0a0a0', 1.1); },
  owl: (g) => { svgEl('ellipse', { cx: 0, cy: 1.5, rx: 8.5, ry: 10, fill: '#8a6a45' }, g); path(g, 'M-8,-6 L-7,-11 L-3,-8 M8,-6 L7,-11 L3,-8', '#8a6a45', '#8a6a45', 1.6);
    circle(g, -3.6, -2, 3.2, '#fbf1c7'); circle(g, 3.6, -2, 3.2, '#fbf1c7'); circle(g, -3.6, -2, 1.4, INK); circle(g, 3.6, -2, 1.4, INK);
    path(g, 'M-1.3,1.5 L0,4 L1.3,1.5Z', '#e2a72e'); },
  raven: (g) => { path(g, 'M-11,3 C-6,0 -3,-6 3,-7 L7,-9 L11,-7 L7,-5 C7,0 4,5 -2,6 L-8,10 L-6,5Z', '#1f1f26');
    circle(g, 5.6, -7, 0.9, '#ddd'); },
  snake: (g) => { path(g, 'M-10,9 C-10,3 8,5 8,-1 C8,-6 -6,-4 -5,-8 C-4.5,-10 0,-10.5 3,-10', 'none', '#3f8a3a', 3.6);
    circle(g, 4, -10, 2.4, '#3f8a3a'); path(g, 'M6,-10 L8.5,-10 M8.5,-10 L10,-11 M8.5,-10 L10,-9', 'none', '#c0392b', 0.9); },
  fish: (g) => { path(g, 'M-6,0 C-2,-7 6,-7 10,0 C6,7 -2,7 -6,0Z M-6,0 L-11,-6 L-11,6Z', '#e8863a', '#9a4d12', 1.1);
    circle(g, 5.5, -1.2, 1.3, INK); },
  horse: (g) => { path(g, 'M-5,11 L-5,2 C-9,0 -10,-4 -8,-6 L-2,-8 L-1,-12 L2,-8.5 C7,-8 10,-3 9,2 C8,5 4,4 3,1 L2,11Z', '#7a4a2a');
    circle(g, -3.5, -5, 1, '#fbf6e6'); path(g, 'M-1,-8 C2,-5 2,0 -1,3', 'none', '#3b2414', 1.3); },
  spider: (g) => { for (const s of [-1, 1]) for (const [y, dy] of [[-3, -8], [-1, -3], [1, 3], [3, 8]]) path(g, `M0,${y} L${s * 6},${y + dy / 2} L${s * 10},${y + dy}`, 'none', INK, 1.3);
    circle(g, 0, 3, 4, INK); circle(g, 0, -3.5, 2.8, INK); },
  butterfly: (g) => { for (const s of [-1, 1]) {
    svgEl('ellipse', { cx: s * 5.5, cy: -4, rx: 5.2, ry: 6, fill: '#e07ab0', stroke: '#7a2f5a', 'stroke-width': 1, transform: `rotate(${s * 20} ${s * 5.5} -4)` }, g);
    svgEl('ellipse', { cx: s * 4.5, cy: 5.5, rx: 3.8, ry: 4.4, fill: '#f2a95a', stroke: '#7a2f5a', 'stroke-width': 1 }, g);
  } svgEl('rect', { x: -1, y: -8, width: 2, height: 17, rx: 1, fill: INK }, g); },
  // moods
  joy: (g) => face(g, (f) => { circle(f, -3.5, -3, 1.3, INK); circle(f, 3.5, -3, 1.3, INK); path(f, 'M-6,2 C-3,8 3,8 6,2', 'none', INK, 1.6); }),
  sorrow: (g) => face(g, (f) => { circle(f, -3.5, -3, 1.3, INK); circle(f, 3.5, -3, 1.3, INK); path(f, 'M-5,7 C-2,3 2,3 5,7', 'none', INK, 1.6);
    path(f, 'M-4,0 C-3,2 -2.4,3 -3.4,4 C-4.6,4 -5,3 -4,0Z', '#4da3e0'); }, '#b9cfe6'),
  fear: (g) => face(g, (f) => { circle(f, -3.5, -2.5, 1.8, '#fff', INK, 1); circle(f, 3.5, -2.5, 1.8, '#fff', INK, 1);
    path(f, 'M-6,-6.5 L-2,-7.5 M6,-6.5 L2,-7.5', 'none', INK, 1.2); svgEl('ellipse', { cx: 0, cy: 4.5, rx: 2.5, ry: 3.2, fill: INK }, f); }, '#d6e6c0'),
  anger: (g) => face(g, (f) => { path(f, 'M-7,-6 L-2,-3.5 M7,-6 L2,-3.5', 'none', INK, 1.8); circle(f, -3.5, -1.5, 1.3, INK); circle(f, 3.5, -1.5, 1.3, INK);
    path(f, 'M-5,6 C-2,3 2,3 5,6', 'none', INK, 1.8); }, '#ef8a6a'),
  calm: (g) => face(g, (f) => { path(f, 'M-6,-2.5 C-5,-1 -3,-1 -2,-2.5 M2,-2.5 C3,-1 5,-1 6,-2.5', 'none', INK, 1.4); path(f, 'M-3.5,4 C-1,5.5 1,5.5 3.5,4', 'none', INK, 1.4); }, '#bfe3d0'),
  mystery: (g) => { circle(g, 0, 0, 10.5, '#3b2d5a'); path(g, 'M-4,-4 C-4,-9 4,-9 4,-4 C4,-1 0,-1 0,3', 'none', '#f2d35e', 2.4); circle(g, 0, 7, 1.6, '#f2d35e'); },
  love: (g) => path(g, 'M0,9 C-14,-1 -8,-12 0,-5 C8,-12 14,-1 0,9Z', '#d83a5a', '#8a1c33', 1.2),
  pride: (g) => { path(g, 'M-10,7 L-10,-6 L-5,0 L0,-9 L5,0 L10,-6 L10,7Z', '#e5b62c', '#7c5d07', 1.3);
    circle(g, 0, 3, 1.8, '#c0392b'); circle(g, -5.5, 4, 1.3, '#2f5fb0'); circle(g, 5.5, 4, 1.3, '#2f5fb0'); },
};

// A colour motif: a blot of its paint.
function blot(g, name) {
  path(g, 'M0,-10 C5,-11 10,-6 9.5,-1 C11,3 8,9 2,9.5 C-3,11 -9,8 -9.5,3 C-11,-2 -6,-9 0,-10Z', COLOURS[name], name === 'white' ? '#9a937f' : 'rgba(0,0,0,0.35)', 1.2);
}

// A motif's glyph as an SVG group at (x, y), scaled by `scale` (1: 24
// units) and by its strength (1 faint and small, 3 full).
export function glyph(parent, motif, x, y, scale = 1, strength = null) {
  const k = strength === 1 ? 0.68 : strength === 2 ? 0.85 : 1;
  const g = svgEl('g', { transform: `translate(${x} ${y}) scale(${(scale * k).toFixed(3)})`, class: `motif m-${motif}` }, parent);
  if (strength === 1) g.setAttribute('opacity', '0.55');
  else if (strength === 2) g.setAttribute('opacity', '0.8');
  const t = svgEl('title', {}, g);
  t.textContent = strength ? `${motif} (strength ${strength} of 3)` : motif;
  if (COLOURS[motif]) blot(g, motif);
  else if (DRAW[motif]) DRAW[motif](g);
  else {
    // A motif this page does not know (new content): its initial.
    circle(g, 0, 0, 10, '#eee', INK, 1.2);
    const tx = svgEl('text', { x: 0, y: 4, 'text-anchor': 'middle', class: 'glyph-initial' }, g);
    tx.textContent = String(motif).slice(0, 2);
  }
  return g;
}

// Where n glyphs go on a card's picture area (x0..x1, y0..y1): in rows of
// two, a lone one centred (five as the five of a die).
function layout(n, x0, y0, x1, y1) {
  const rows = [];
  if (n <= 2) rows.push(n);
  else if (n === 3) rows.push(2, 1);
  else if (n === 4) rows.push(2, 2);
  else if (n === 5) rows.push(2, 1, 2);
  else { let left = n; while (left > 0) { rows.push(Math.min(2, left)); left -= 2; } }
  const pts = [];
  const h = (y1 - y0) / rows.length;
  rows.forEach((k, r) => {
    const cy = y0 + h * (r + 0.5);
    const w = (x1 - x0) / k;
    for (let i = 0; i < k; i++) pts.push([x0 + w * (i + 0.5), cy]);
  });
  return { pts, cell: Math.min(h, (x1 - x0) / 2) };
}

function frame(cls, label, w, h) {
  const s = svgEl('svg', { viewBox: `0 0 ${w} ${h}`, class: `card myc ${cls}`, role: 'img' });
  s.setAttribute('aria-label', label);
  svgEl('title', {}, s).textContent = label;
  return s;
}

// The background of a card: its colour motifs as washes of paint (the
// card's own colours), else a pale parchment.
function wash(s, colours, w, h) {
  svgEl('rect', { x: 1, y: 1, width: w - 2, height: h - 2, rx: 7, class: 'myc-frame' }, s);
  if (!colours.length) return;
  colours.forEach((c, i) => {
    const y = 16 + ((h - 20) * i) / colours.length;
    const r = svgEl('rect', { x: 3, y, width: w - 6, height: (h - 20) / colours.length, rx: 5, fill: COLOURS[c] || '#ccc' }, s);
    r.setAttribute('opacity', c === 'white' ? '0.6' : '0.28');
  });
}

// A vision card: its number, and its motifs as glyphs (colours both as
// the card's washes and as blots, so that every motif is a glyph).
export function visionCard(v) {
  const motifs = v.motifs || [];
  const strength = Array.isArray(v.strength) ? v.strength : null;
  const label = `vision #${v.id}: ${motifs.map((m, i) => (strength && strength[i] ? `${m} (${strength[i]})` : m)).join(', ')}`;
  const W = 90, H = 126;
  const s = frame('myc-vision', label, W, H);
  wash(s, motifs.filter((m) => COLOURS[m]), W, H);
  svgEl('rect', { x: 1, y: 1, width: W - 2, height: 16, rx: 7, class: 'myc-band' }, s);
  const n = svgEl('text', { x: 7, y: 13, class: 'myc-no' }, s);
  n.textContent = `#${v.id}`;
  const { pts, cell } = layout(motifs.length, 4, 19, W - 4, H - 4);
  const scale = Math.min(1.55, (cell * 0.86) / 24);
  motifs.forEach((m, i) => glyph(s, m, pts[i][0], pts[i][1], scale, strength ? strength[i] : null));
  return s;
}

const KIND_CLASS = { character: 'myc-character', location: 'myc-location', object: 'myc-object' };

// A psychic card: its title, and its six motifs as glyphs in two columns.
export function psychicCard(c, kind) {
  const motifs = c.motifs || [];
  const W = 90, H = 126;
  const s = frame(`myc-psychic ${KIND_CLASS[kind] || ''}`, `${c.title || c.name} (${c.name}): ${motifs.join(', ')}`, W, H);
  svgEl('rect', { x: 1, y: 1, width: W - 2, height: H - 2, rx: 7, class: 'myc-frame' }, s);
  svgEl('rect', { x: 1, y: H - 24, width: W - 2, height: 23, rx: 7, class: 'myc-band' }, s);
  const title = String(c.title || c.name).replace(/^the /i, '');
  const t = svgEl('text', { x: W / 2, y: H - 8, 'text-anchor': 'middle', class: 'myc-title' }, s);
  t.textContent = title;
  if (title.length > 11) t.setAttribute('textLength', String(W - 10));
  if (title.length > 11) t.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  const { pts, cell } = layout(motifs.length, 4, 4, W - 4, H - 26);
  const scale = Math.min(1.25, (cell * 0.86) / 24);
  motifs.forEach((m, i) => glyph(s, m, pts[i][0], pts[i][1], scale));
  return s;
}
