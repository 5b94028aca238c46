// mysterium.js - Mysterium's table in the browser: the clock, the psychic
// cards on the table, each psychic's visions, guess, finds and place on the
// clairvoyance track, and in the epilogue the groups, the shared vision and
// the votes; cards are drawn from their motifs (glyphs.js).
//
// Moving by clicking.  Mysterium's moves are sets (the ghost gives any
// cards of its hand: several hundred move texts), so the kit's picker,
// which shows what is left as buttons, does not fit them; this table has
// its own selection, still read from the legal move texts only (nothing
// here knows a rule): a card of the hand is clickable when some legal
// move names it; selected cards and a psychic make a move when
// "give P <those cards>" is legal, a group and three cards when
// "culprit G <those cards>" is, the selection alone when "discard
// <those cards>" is.  A psychic card is clickable when "guess NAME" is
// legal, a psychic's intuition token carries a ✓ and a ✗ when "yes P" and
// "no P" are, a group when "vote G" is.  Every other legal move (done,
// skip, take, those the engine adds) is a button.
//
// Cards here carry data-vision / data-name, not the kit's data-card: the
// log names motifs ("key", "mirror") and psychics by number, which the
// page's last-move marking would take for cards.

import { h } from './dom.js';
import { visionCard, psychicCard, glyph, MOTIF_KINDS } from './glyphs.js';
import { svgEl } from './cards.js';
import { facts } from './kit.js';

const KINDS = ['character', 'location', 'object'];
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];
// Each psychic's colour (its intuition token, its pawn on the track).
const PSY_COLOURS = ['#e0543f', '#3f8fd8', '#47a85a', '#e8b52c', '#9b59b6', '#e07a2e', '#2fb5a8'];

const PHASES = {
  deal: 'the deal', vision: 'the ghost gives visions', guess: 'the psychics guess',
  clairvoyance: 'clairvoyance: ✓ and ✗ on the guesses', groups: 'the epilogue: the groups',
  shared_vision: 'the epilogue: the ghost makes the shared vision', vote: 'the epilogue: the psychics vote',
  over: 'the game is over',
};

const ids = (list) => list.map(Number).filter((n) => Number.isInteger(n)).sort((a, b) => a - b).join(',');

// The legal moves sorted by what the page clicks to make them.
export function parseLegal(legal) {
  const r = {
    give: new Map(), discard: new Map(), culprit: new Map(), guess: new Map(), yes: new Map(),
    no: new Map(), vote: new Map(), take: new Map(), other: [], cards: new Set(), givePs: new Set(), culpritGs: new Set(),
  };
  for (const text of legal) {
    const t = text.trim().split(/[\s,]+/).filter((w) => w && w !== '#');
    const verb = t[0];
    if (verb === 'give' && t.length >= 3) {
      r.give.set(`${t[1]}|${ids(t.slice(2))}`, text);
      r.givePs.add(t[1]);
      t.slice(2).forEach((v) => r.cards.add(Number(v)));
    } else if (verb === 'discard' && t.length >= 2) {
      r.discard.set(ids(t.slice(1)), text);
      t.slice(1).forEach((v) => r.cards.add(Number(v)));
    } else if (verb === 'culprit' && t.length >= 3) {
      r.culprit.set(`${t[1]}|${ids(t.slice(2))}`, text);
      r.culpritGs.add(t[1]);
      t.slice(2).forEach((v) => r.cards.add(Number(v)));
    } else if (verb === 'guess' && t.length === 2) r.guess.set(t[1], text);
    else if ((verb === 'yes' || verb === 'no' || verb === 'vote' || verb === 'take') && t.length === 2) r[verb].set(t[1], text);
    else r.other.push(text);
  }
  // "pass" is another word for "done": one button is enough.
  if (r.other.includes('done')) r.other = r.other.filter((m) => m !== 'pass');
  return r;
}

// The moves a selection makes: the cards `sel` (vision numbers, in any
// order) and the group `group` (a string, or null), against the parsed
// legal moves: { give: Map psychic -> text, discard, culprit }.
export function selectionMoves(L, sel, group = null) {
  const k = ids(sel);
  const give = new Map();
  if (sel.length) for (const p of [...L.givePs].sort((a, b) => a - b)) if (L.give.has(`${p}|${k}`)) give.set(p, L.give.get(`${p}|${k}`));
  return {
    give,
    discard: sel.length ? L.discard.get(k) || null : null,
    culprit: sel.length && group ? L.culprit.get(`${group}|${k}`) || null : null,
  };
}

const roman = (n) => ROMAN[n - 1] || String(n);
const psyColour = (p) => PSY_COLOURS[(p - 1) % PSY_COLOURS.length];

// An element in psychic p's colour (set through the style object: the
// page's Content-Security-Policy refuses style attributes).
function tinted(el, p) {
  el.style.setProperty('--c', psyColour(p));
  return el;
}

// A psychic's token: a coloured disc with its number.
function token(p, extra = '') {
  return tinted(h('span', { class: `myst-token${extra ? ` ${extra}` : ''}`, title: `psychic ${p}` }, String(p)), p);
}

// A ✓ or ✗ clairvoyance token of psychic `from`.
function mark(from, tok) {
  return tinted(h('span', { class: `myst-mark ${tok}`, title: `psychic ${from}: ${tok}` }, tok === 'yes' ? '✓' : '✗', String(from)), from);
}

// A card name as a chip: the title, in its kind's colour.
function nameChip(kind, name, title) {
  return h('span', { class: `myst-name k-${kind}`, title: name }, title || name);
}

// Clickable: a role, a key, a click handler; classes as the kit's.
function clickable(el, st, fn) {
  el.classList.add(st === 'target' ? 'target' : st === 'selected' ? 'selected' : 'playable');
  if (st === 'target') el.classList.add('playable');
  el.setAttribute('role', 'button');
  el.setAttribute('tabindex', '0');
  const go = (e) => { e.stopPropagation(); fn(); };
  el.addEventListener('click', go);
  el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(e); } });
  return el;
}

// The clock: hours I-VII, the one being played lit.
function clock(v) {
  const hour = v.hour || 1;
  const over = v.phase === 'over' || ['groups', 'shared_vision', 'vote'].includes(v.phase);
  return h('div', { class: 'myst-clock', 'aria-label': `hour ${roman(hour)} of VII` },
    ROMAN.map((r, i) => h('span', { class: `myst-hour${i + 1 < hour ? ' past' : ''}${i + 1 === hour && !over ? ' now' : ''}` }, r)));
}

// The clairvoyance track: each psychic's pawn at its step (pawns on one
// step side by side, two a row).
function track(psychics) {
  const steps = Math.max(12, ...psychics.map((p) => (p.track || 0) + 1));
  const CW = 30, H = 50, W = CW * (steps + 1);
  const s = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, width: W, class: 'myst-track-svg', role: 'img', 'aria-label': `clairvoyance track: ${psychics.map((p, i) => `psychic ${i + 1} at ${p.track || 0}`).join(', ')}` });
  for (let i = 0; i <= steps; i++) {
    svgEl('rect', { x: i * CW + 2, y: 2, width: CW - 4, height: H - 4, rx: 5, class: `myst-step${i % 4 === 0 && i ? ' mark' : ''}` }, s);
    const t = svgEl('text', { x: i * CW + CW / 2, y: H - 7, 'text-anchor': 'middle', class: 'myst-step-no' }, s);
    t.textContent = String(i);
  }
  const at = new Map();
  psychics.forEach((p, i) => {
    const step = p.track || 0;
    const k = at.get(step) || 0;
    at.set(step, k + 1);
    const x = step * CW + 8.5 + (k % 2) * 13, y = 10 + Math.floor(k / 2) * 13;
    const g = svgEl('g', {}, s);
    svgEl('circle', { cx: x, cy: y, r: 6.2, fill: psyColour(i + 1), stroke: '#fff', 'stroke-width': 1.4 }, g);
    const n = svgEl('text', { x, y: y + 3, 'text-anchor': 'middle', class: 'myst-pawn-no' }, g);
    n.textContent = String(i + 1);
    svgEl('title', {}, g).textContent = `psychic ${i + 1}: ${step} (${p.level || ''})`;
  });
  return h('div', { class: 'myst-track' }, s);
}

// A legend of the glyphs: the 48 motifs, a row a kind, each named.
function legend() {
  const box = h('details', { class: 'myst-legend' }, h('summary', {}, 'What the pictures are'));
  const s = svgEl('svg', { viewBox: '0 0 480 300', class: 'myst-legend-svg', role: 'img', 'aria-label': 'the 48 motifs' });
  Object.values(MOTIF_KINDS).forEach((list, r) => list.forEach((m, c) => {
    glyph(s, m, 30 + c * 60, 22 + r * 48, 1);
    const t = svgEl('text', { x: 30 + c * 60, y: 46 + r * 48, 'text-anchor': 'middle', class: 'myst-legend-name' }, s);
    t.textContent = m;
  }));
  box.appendChild(s);
  return box;
}

// The table of Mysterium for the page (app.js): { el, hand, moves }.  The
// ghost's hand is drawn on the table itself (hand: null tells the page to
// draw none); moves is the box of this seat's moves, or null when it has
// none.  The selection (ui.myst) lasts while the legal moves stay the same.
export function mysterium(ctx) {
  const v = ctx.view || {};
  const legal = ctx.legal || [];
  const L = parseLegal(legal);
  const ui = ctx.ui;
  const key = legal.join('\n');
  if (!ui.myst || ui.myst.key !== key) ui.myst = { key, sel: [], group: null };
  const st = ui.myst;
  const psychics = Array.isArray(v.psychics) ? v.psychics : [];
  const cards = v.cards || {};
  const hand = Array.isArray(v.hand) ? v.hand : null;
  const epi = v.epilogue || null;
  const mine = psychics.map((p, i) => (p.seat === ctx.seat ? i + 1 : 0)).filter(Boolean);
  const selKey = ids(st.sel);
  const toggle = (id) => {
    const i = st.sel.indexOf(id);
    if (i >= 0) st.sel.splice(i, 1); else st.sel.push(id);
    ctx.rerender();
  };

  // Which psychic the seat to move plays now (a seat may play two).
  const acting = (() => {
    if (ctx.turn === null || ctx.turn === undefined || ctx.turn === 0) return null;
    const own = psychics.map((p, i) => ({ p, n: i + 1 })).filter((x) => x.p.seat === ctx.turn);
    if (v.phase === 'guess') {
      const left = own.find((x) => x.p.looking_for && (x.p.guess === null || x.p.guess === undefined));
      if (left) return left.n;
    }
    return own.length ? own[0].n : null;
  })();

  // ------------------------------------------------ the banner
  const who = ctx.turn === null || ctx.turn === undefined ? '' : ctx.turn === 0 ? 'the ghost (seat 0)' :
    `${acting ? `psychic ${acting}` : 'a psychic'} (seat ${ctx.turn})`;
  const yours = ctx.seat !== null && ctx.seat === ctx.turn;
  const timer = v.timer && typeof v.timer === 'object' ? v.timer : null;
  const banner = h('div', { class: 'myst-banner' },
    clock(v),
    h('div', { class: 'myst-phase' },
      h('b', {}, v.phase === 'over' ? 'The game is over' : `Hour ${roman(v.hour || 1)}: ${PHASES[v.phase] || v.phase || ''}`),
      who && v.phase !== 'over' ? h('span', { class: `myst-who${yours ? ' yours' : ''}` }, yours ? ' · your turn' : ` · to act: ${who}`) : null,
      ctx.seat === 0 ? h('span', { class: 'myst-role' }, ' · you are the ghost') :
        mine.length ? h('span', { class: 'myst-role' }, ` · you are psychic ${mine.join(' and ')}`) : null),
    timer && timer.running ? h('div', { class: 'myst-timer' }, '⏳ the sand timer runs',
      Array.isArray(timer.done) && timer.done.length ? ` · done: ${timer.done.join(', ')}` : '') : null,
    facts([['difficulty', v.difficulty], ['crows used', v.crows_used], ['vision pile', v.vision_pile], ['discards', v.vision_discards],
      ctx.seat !== 0 && typeof v.hand_size === 'number' ? ['ghost\'s hand', v.hand_size] : null].filter(Boolean)));

  // ------------------------------------------------ the psychics
  // The tokens others placed on each psychic's guess this hour.
  const onGuess = new Map();
  psychics.forEach((p, i) => (p.tokens_placed || []).forEach((tp) => {
    if (!onGuess.has(tp.on)) onGuess.set(tp.on, []);
    onGuess.get(tp.on).push({ from: i + 1, token: tp.token });
  }));
  const titleOf = (name) => {
    for (const k of KINDS) for (const c of cards[k] || []) if (c.name === name) return { kind: k, title: c.title || name };
    return { kind: '', title: name };
  };
  const made = selectionMoves(L, st.sel, st.group);
  const givable = (p) => made.give.has(String(p));
  const psyZones = psychics.map((p, i) => {
    const n = i + 1;
    const cls = ['zone', 'myst-psychic'];
    if (mine.includes(n)) cls.push('mine');
    if (acting === n) cls.push('acting');
    const head = h('div', { class: 'zone-title' }, token(n), h('b', {}, `Psychic ${n}`),
      h('span', {}, `seat ${p.seat}${p.seat === ctx.seat ? ' (you)' : ''}`),
      p.looking_for ? h('span', { class: `myst-looking k-${p.looking_for}` }, `looks for the ${p.looking_for}`) : h('span', { class: 'myst-looking done' }, 'done ✓'));
    const found = (p.found || []).length ? h('div', { class: 'myst-found' }, 'found ', (p.found || []).map((nm) => { const t = titleOf(nm); return nameChip(t.kind, nm, t.title); })) : null;
    const left = Array.isArray(p.combination_left) && p.combination_left.length ?
      h('div', { class: 'myst-secret' }, ctx.seat === 0 ? 'secret: ' : 'was: ', p.combination_left.map((nm) => { const t = titleOf(nm); return nameChip(t.kind, nm, t.title); })) : null;
    const wrong = (p.wrong_guesses || []).length ? h('div', { class: 'myst-wrong' }, 'wrong: ', p.wrong_guesses.map((nm) => h('s', {}, titleOf(nm).title))) : null;
    // Its visions, this hour's marked new.
    const from = typeof p.new_visions_from === 'number' ? p.new_visions_from : (p.visions || []).length;
    const visions = (p.visions || []).length ? h('div', { class: `cards myst-visions${mine.includes(n) || ctx.seat === null ? ' big' : ''}` }, p.visions.map((vc, k) =>
      h('span', { class: `card-wrap myst-vision${k >= from ? ' new' : ''}`, dataset: { vision: String(vc.id) } }, visionCard(vc)))) :
      (p.looking_for ? h('span', { class: 'empty-slot' }, 'no vision yet') : null);
    // Its intuition token, and the ✓ / ✗ others may put on it.
    let guess = null;
    if (p.guess === true) guess = h('div', { class: 'myst-guess' }, token(n, 'intuition'), h('i', {}, 'has guessed (hidden)'));
    else if (typeof p.guess === 'string' && p.guess) {
      const t = titleOf(p.guess);
      const marks = h('span', { class: 'myst-marks' }, (onGuess.get(n) || []).map((x) => mark(x.from, x.token)));
      const btns = [];
      for (const [w, sym] of [['yes', '✓'], ['no', '✗']]) {
        const text = L[w].get(String(n));
        if (text) btns.push(h('button', { type: 'button', class: `myst-tok-btn ${w}`, dataset: { move: text }, title: `${w === 'yes' ? '✓ right' : '✗ wrong'}: psychic ${n}'s guess`, onclick: () => ctx.act(text) }, sym));
      }
      guess = h('div', { class: 'myst-guess' }, token(n, 'intuition'), 'on ', nameChip(t.kind, p.guess, t.title), marks, btns);
    } else if (p.looking_for && ['guess', 'clairvoyance'].includes(v.phase)) guess = h('div', { class: 'myst-guess' }, h('i', {}, 'no guess yet'));
    const clair = typeof p.track === 'number' ? h('div', { class: 'myst-clair' },
      `track ${p.track} · ${p.level || ''} · tokens ${p.tokens ?? '-'}`,
      (p.tokens_placed || []).length ? h('span', {}, ' · placed ', p.tokens_placed.map((tp) => `${tp.token === 'yes' ? '✓' : '✗'} on ${tp.on}`).join(', ')) : null) : null;
    // The card it looks for, when this view knows it (the ghost's): drawn
    // next to its visions, so that the ghost compares them at a glance.
    const goal = p.looking_for && Array.isArray(p.combination_left) && p.combination_left.length ?
      (cards[p.looking_for] || []).find((c) => c.name === p.combination_left[0]) : null;
    const pics = goal ? h('div', { class: 'myst-pics' },
      h('div', { class: 'myst-goal', title: `psychic ${n} looks for ${goal.title || goal.name}` }, psychicCard(goal, p.looking_for), h('span', {}, 'its card')),
      visions) : visions;
    const z = h('div', { class: cls.join(' '), dataset: { psychic: String(n) } }, head, found, left, wrong, guess, clair, pics);
    if (givable(n)) {
      clickable(z, 'target', () => ctx.act(made.give.get(String(n))));
      z.appendChild(h('div', { class: 'myst-give-here' }, `give the ${st.sel.length === 1 ? 'card' : `${st.sel.length} cards`} here`));
    }
    return z;
  });

  // ------------------------------------------------ the psychic cards
  const guessesOn = new Map();
  psychics.forEach((p, i) => { if (typeof p.guess === 'string') { if (!guessesOn.has(p.guess)) guessesOn.set(p.guess, []); guessesOn.get(p.guess).push(i + 1); } });
  const wrongBy = new Map();
  psychics.forEach((p, i) => (p.wrong_guesses || []).forEach((nm) => { if (!wrongBy.has(nm)) wrongBy.set(nm, []); wrongBy.get(nm).push(i + 1); }));
  // The rows this seat looks in (the acting psychic's alone when the seat
  // plays two and one of them is to guess).
  const rowFor = new Set((mine.includes(acting) ? [acting] : mine).map((n) => (psychics[n - 1] || {}).looking_for).filter(Boolean));
  // The row this seat looks in comes first.
  const order = [...KINDS.filter((k) => rowFor.has(k)), ...KINDS.filter((k) => !rowFor.has(k))];
  const rows = order.filter((k) => (cards[k] || []).length).map((k) => {
    const row = h('div', { class: 'cards myst-row' }, cards[k].map((c) => {
      const labels = [];
      if (typeof c.found_by === 'number') labels.push(h('span', { class: 'myst-foundby' }, token(c.found_by), 'found'));
      for (const p of guessesOn.get(c.name) || []) labels.push(token(p, 'intuition'));
      for (const p of wrongBy.get(c.name) || []) labels.push(h('span', { class: 'myst-wrongby', title: `psychic ${p} guessed it wrongly` }, `✗${p}`));
      const wrap = h('div', { class: `card-wrap myst-pcard${typeof c.found_by === 'number' ? ' found' : ''}`, dataset: { name: c.name } },
        psychicCard(c, k), h('div', { class: 'myst-pcard-foot' }, h('span', { class: 'myst-pname' }, c.name), labels));
      const g = L.guess.get(c.name);
      if (g) clickable(wrap, 'playable', () => ctx.act(g));
      return wrap;
    }));
    return h('div', { class: `zone myst-kind k-${k}${rowFor.has(k) ? ' mine' : ''}` },
      h('div', { class: 'zone-title' }, `${k}s`, rowFor.has(k) ? h('span', { class: 'myst-looking' }, 'you look for one of these') : null), row);
  });

  // ------------------------------------------------ the last hour
  const last = Array.isArray(v.last_hour) && v.last_hour.length ? h('div', { class: 'zone myst-last' },
    h('div', { class: 'zone-title' }, 'the last hour'),
    h('ul', { class: 'plain' }, v.last_hour.map((g) => h('li', {}, token(g.psychic), ' guessed ', nameChip(titleOf(g.guess).kind, g.guess, titleOf(g.guess).title),
      g.right ? h('b', { class: 'myst-right' }, ' right') : h('b', { class: 'myst-wrongword' }, ' wrong'),
      (g.tokens || []).length ? h('span', { class: 'myst-marks' }, (g.tokens || []).map((x) => mark(x.from, x.token))) : null)))) : null;

  // ------------------------------------------------ the epilogue
  let epilogue = null;
  if (epi) {
    const groups = Array.isArray(epi.groups) ? epi.groups : [];
    const votes = epi.votes && typeof epi.votes === 'object' ? epi.votes : {};
    const votesFor = (g) => Object.entries(votes).filter(([, x]) => x === g).map(([s]) => `seat ${s}`);
    const gz = groups.map((grp, i) => {
      const g = i + 1;
      const gs = String(g);
      const cls = ['zone', 'myst-group'];
      if (epi.culprit === g) cls.push('culprit');
      if (epi.chosen === g) cls.push('chosen');
      const z = h('div', { class: cls.join(' '), dataset: { group: gs } },
        h('div', { class: 'zone-title' }, h('b', {}, `Group ${g}`), epi.culprit === g ? h('span', { class: 'myst-culprit' }, 'the culprit') : null,
          epi.chosen === g ? h('span', { class: 'myst-chosen' }, 'chosen') : null,
          votesFor(g).length ? h('span', {}, `votes: ${votesFor(g).join(', ')}`) : null),
        h('div', { class: 'cards myst-group-cards' }, (grp || []).map((nm, k) => {
          const c = (cards[KINDS[k]] || []).find((x) => x.name === nm) || { name: nm, title: nm, motifs: [] };
          return h('div', { class: 'myst-gcard' }, psychicCard(c, KINDS[k]));
        })));
      if (L.vote.has(gs)) clickable(z, 'playable', () => ctx.act(L.vote.get(gs)));
      else if (L.culpritGs.has(gs)) {
        const full = st.sel.length && L.culprit.get(`${gs}|${selKey}`);
        clickable(z, st.group === gs ? 'selected' : full ? 'target' : 'playable', () => {
          if (full && st.group !== gs) ctx.act(full);
          else { st.group = st.group === gs ? null : gs; ctx.rerender(); }
        });
      }
      return z;
    });
    const seen = Array.isArray(epi.shared_vision_seen) ? epi.shared_vision_seen : [];
    const hiddenVotes = Object.values(votes).filter((x) => x === true).length;
    epilogue = h('div', { class: 'zone wide myst-epilogue' },
      h('div', { class: 'zone-title' }, 'the epilogue: which group is the culprit\'s?'),
      h('div', { class: 'zones' }, gz),
      h('div', { class: 'myst-shared' }, h('span', {}, epi.shared_vision_cards === 0 ? 'the shared vision: not made yet' :
        `the shared vision${typeof epi.shared_vision_cards === 'number' ? ` (${epi.shared_vision_cards} cards)` : ''}${seen.length ? ', as you see it:' : ''}`),
        seen.length ? h('div', { class: 'cards myst-visions big' }, seen.map((vc) => h('span', { class: 'card-wrap myst-vision', dataset: { vision: String(vc.id) } }, visionCard(vc)))) : null),
      hiddenVotes ? h('div', {}, `${hiddenVotes} secret vote${hiddenVotes > 1 ? 's' : ''} cast`) : null);
  }

  // ------------------------------------------------ the ghost's hand
  let handEl;
  if (hand) {
    handEl = h('div', { class: 'cards myst-hand' }, hand.map((c) => {
      const wrap = h('span', { class: 'card-wrap myst-vision', dataset: { vision: String(c.id) } }, visionCard(c));
      if (L.cards.has(c.id)) clickable(wrap, st.sel.includes(c.id) ? 'selected' : 'playable', () => toggle(c.id));
      return wrap;
    }));
  }

  // ------------------------------------------------ the moves
  // The selection's moves are buttons under the hand (bar); the others
  // below the table (box).
  let moves = null;
  const bar = h('div', { class: 'moves myst-handbar' });
  if (legal.length) {
    const box = h('div', { class: 'moves' });
    const help = [];
    if (L.give.size || L.culprit.size || L.discard.size) {
      if (st.sel.length) {
        bar.appendChild(h('button', { class: 'move back', type: 'button', onclick: () => { st.sel = []; st.group = null; ctx.rerender(); } }, '✕ clear'));
      }
      for (const [p, text] of made.give) {
        bar.appendChild(h('button', { class: 'move primary', type: 'button', dataset: { move: text }, onclick: () => ctx.act(text) }, `Give to psychic ${p}`));
      }
      const crow = made.discard;
      if (crow) bar.appendChild(h('button', { class: 'move', type: 'button', dataset: { move: crow }, onclick: () => ctx.act(crow) }, `Discard (a crow)`));
      const culprit = made.culprit;
      if (culprit) bar.appendChild(h('button', { class: 'move primary confirm', type: 'button', dataset: { move: culprit }, onclick: () => ctx.act(culprit) }, `Confirm: group ${st.group}, shared vision ${st.sel.map((x) => `#${x}`).join(' ')}`));
      if (L.give.size) help.push(st.sel.length ? (made.give.size ? 'Click a psychic (or a button) to give it the selected cards; click a card again to unselect it.' : 'No psychic can get this set: change it.') :
        'Select one or more cards of your hand, then click the psychic to give them to.');
      if (L.discard.size) help.push('A crow: select cards and discard them to draw new ones.');
      if (L.culprit.size) help.push(`Choose the culprit's group (click it) and three cards of your hand: the shared vision.${st.group ? ` Group ${st.group} chosen.` : ''}`);
    }
    if (L.guess.size) help.push(`Click the ${acting && psychics[acting - 1] ? psychics[acting - 1].looking_for || 'card' : 'card'} you think is ${acting ? `psychic ${acting}'s` : 'yours'}: your intuition token goes on it.`);
    if (L.yes.size || L.no.size) help.push('Put ✓ (right) or ✗ (wrong) on the other psychics\' guesses with the buttons on their tokens; then Done.');
    if (L.vote.size) help.push('Click the group you think is the culprit\'s.');
    for (const [p, text] of L.take) {
      const placed = (psychics[(acting || mine[0] || 1) - 1] || {}).tokens_placed || [];
      const label = placed.some((tp) => String(tp.on) === p) ? `Take back your token from psychic ${p}'s guess` : `Take back token (${p})`;
      box.appendChild(h('button', { class: 'move', type: 'button', dataset: { move: text }, onclick: () => ctx.act(text) }, label));
    }
    for (const text of L.other) {
      const m = /^skip (\d+)$/.exec(text);
      const label = text === 'done' || text === 'pass' ? 'Done' : m ? `No vision for psychic ${m[1]} (your hand is empty)` : text;
      box.appendChild(h('button', { class: `move${text === 'done' ? ' primary' : ''}`, type: 'button', dataset: { move: text }, onclick: () => ctx.act(text) }, label));
    }
    // The main thing to do, said at the top of the table too (on a phone
    // the moves are far below).
    const main = help.find((t) => !t.startsWith('A crow'));
    if (main) banner.appendChild(h('div', { class: 'myst-hint' }, main));
    moves = h('div', { class: 'myst-moves' }, h('h3', {}, 'Your move'),
      help.map((t) => h('p', { class: 'myst-help' }, t)), box);
  }

  // The ghost's hand is on the table, above the psychics it gives to (on a
  // phone too), with the selection's buttons under it.
  const handZone = handEl ? h('div', { class: 'zone wide myst-handzone', dataset: { count: String(hand.length) } },
    h('div', { class: 'zone-title' }, 'your hand', h('span', { class: 'count' }, String(hand.length)),
      st.sel.length ? h('span', { class: 'myst-selected' }, `selected: ${st.sel.map((x) => `#${x}`).join(' ')}`) : null),
    hand.length ? handEl : h('span', { class: 'empty-slot' }, 'empty'), bar.childNodes.length ? bar : null) : null;
  const hasTrack = psychics.some((p) => typeof p.track === 'number');
  // A psychic's own visions come first, with the rows of cards right under
  // them (to read one against the other, on a phone too), then the other
  // psychics; while tokens are placed on the others' guesses, every
  // psychic comes first.
  const first = mine.length && !(L.yes.size || L.no.size) ? psyZones.filter((z, i) => mine.includes(i + 1)) : psyZones;
  const after = first === psyZones ? [] : psyZones.filter((z, i) => !mine.includes(i + 1));
  const el = h('div', { class: 'felt myst' },
    banner,
    epilogue,
    handZone,
    h('div', { class: 'zones myst-psychics' }, first),
    h('div', { class: 'myst-rows' }, rows),
    after.length ? h('div', { class: 'zones myst-psychics' }, after) : null,
    hasTrack ? h('div', { class: 'zone wide' }, h('div', { class: 'zone-title' }, 'the clairvoyance track (1 step a right ✓ or ✗)'), track(psychics)) : null,
    last,
    legend());
  return { el, hand: hand ? null : undefined, moves };
}
