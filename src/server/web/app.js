// app.js - the browser UI of `tabula serve`: the lobby (make a table, get
// its links), a table (as one seat or as a spectator), the list of
// finished games and their replays.  Pages are addressed by the part of the
// URL after '#', which never reaches the server (nor a proxy's log):
//   #/                     the lobby
//   #/t/TABLE/TOKEN        a seat (the token is the seat's secret)
//   #/t/TABLE              the table as a spectator
//   #/join/TABLE/INVITE    take a free seat (the table's invite link:
//                          its own secret, used once)
//   #/finished             finished games
//   #/replay/TABLE         a finished game, move by move
// The server sends each seat only what that seat may see; this page draws
// it and sends moves in the game's notation.

import { h, clear, toast, copy, words } from './dom.js';
import { Connection } from './net.js';
import { renderGeneric, renderHand, typeMove, handOf, renderValue } from './view.js';
import { TABLES } from './tables.js';
import { Picker, bindTokens, splitMove, cards as cardRow, moveLabel, richText, cardName, backs } from './kit.js';

const app = document.getElementById('app');
const netStatus = document.getElementById('net');

let games = null;          // the `games` reply
let page = null;           // the current page's handlers
const waiting = [];        // callbacks for the next `games` reply

const conn = new Connection({
  onMessage: (m) => {
    if (m.type === 'games') {
      games = m;
      while (waiting.length) waiting.shift()(m);
    }
    if (page && page.onMessage) page.onMessage(m);
  },
  onOpen: () => {
    if (page && page.onOpen) page.onOpen();
  },
  onStatus: (s) => {
    netStatus.textContent = s === 'open' ? '' : s === 'connecting' ? 'connecting…' : 'offline: reconnecting…';
    netStatus.className = `net ${s}`;
  },
});

function withGames(fn) {
  if (games) fn(games);
  else {
    waiting.push(fn);
    conn.send({ type: 'games' });
  }
}

function gameInfo(id) {
  return games ? games.games.find((g) => g.id === id) : null;
}

// Tables this browser made or sat at, for the lobby's list.
function myTables() {
  try {
    return JSON.parse(localStorage.getItem('tabula.tables') || '[]');
  } catch {
    return [];
  }
}

function remember(entry) {
  const list = myTables().filter((e) => !(e.table === entry.table && e.seat === entry.seat));
  list.unshift({ ...entry, at: Date.now() });
  localStorage.setItem('tabula.tables', JSON.stringify(list.slice(0, 30)));
}

// A link to copy, with what it is.
function linkNote(text, url, id) {
  return h('p', { class: 'link-note' }, text, ' ', h('input', { class: 'link', readonly: true, value: url, id, onclick: (e) => e.target.select() }),
    h('button', { type: 'button', onclick: () => copy(url) }, 'Copy'));
}

// Forgets this browser's link to a seat (or to every seat of a table when
// seat is undefined): the game is over, the link was refused, or the
// person asked.
function forget(table, seat) {
  const list = myTables().filter((e) => !(e.table === table && (seat === undefined || e.seat === seat)));
  localStorage.setItem('tabula.tables', JSON.stringify(list));
}

function seatLink(table, token) {
  return `${location.origin}/#/t/${table}/${token}`;
}

function setTitle(text) {
  document.title = text ? `${text} · tabula` : 'tabula';
}

// ---------------------------------------------------------------- lobby

// The paces offered for real-time games: milliseconds a tick.
const PACES = [[6000, 'relaxed: up to 6 s a tick'], [3000, 'steady: up to 3 s a tick'],
  [1500, 'brisk: up to 1.5 s a tick'], [750, 'fast: up to 0.75 s a tick']];
const PACE_DEFAULT = { myst: 6000, 'the-mind': 1500 };

function lobbyPage() {
  setTitle('');
  const root = h('section', { class: 'lobby' });
  app.appendChild(root);
  const form = h('form', { class: 'create', onsubmit: (e) => { e.preventDefault(); create(); } });
  const result = h('div', { class: 'created' });
  const gameSel = h('select', { id: 'game', name: 'game', 'aria-label': 'game' });
  const playersSel = h('select', { id: 'players', name: 'players', 'aria-label': 'players' });
  const optsBox = h('div', { class: 'options' });
  const seatsBox = h('div', { class: 'seats-choice' });
  const takeoverSel = h('select', { id: 'takeover', 'aria-label': 'when a person leaves' });
  // The pace of a real-time game: a tick ends when every person in it has
  // chosen, so a long tick only waits for a person who is still reading;
  // the bots choose once a tick whatever its length.
  const tickInput = h('input', { id: 'tick', type: 'number', min: 100, max: 10000, step: 50, value: 1000, 'aria-label': 'milliseconds a tick' });
  const paceSel = h('select', { id: 'pace', 'aria-label': 'pace' },
    PACES.map(([ms, label]) => h('option', { value: ms }, label)), h('option', { value: '' }, 'my own (ms):'));
  paceSel.addEventListener('change', () => { if (paceSel.value) tickInput.value = paceSel.value; tickInput.hidden = paceSel.value !== ''; });
  tickInput.addEventListener('input', () => { paceSel.value = PACES.some(([ms]) => String(ms) === tickInput.value) ? tickInput.value : ''; });
  const tickRow = h('label', { class: 'row tick-row' }, h('span', {}, 'Pace (real time)'), h('span', { class: 'pace' }, paceSel, tickInput));
  const blurb = h('p', { class: 'blurb' });

  function refill() {
    const g = gameInfo(gameSel.value);
    if (!g) return;
    blurb.textContent = g.blurb;
    clear(playersSel);
    for (let p = g.min_players; p <= g.max_players; p++) playersSel.appendChild(h('option', { value: p }, `${p} players`));
    clear(optsBox);
    for (const o of g.options) {
      let input;
      if (o.type === 'bool') input = h('input', { type: 'checkbox', name: o.name, checked: o.default ? true : null });
      else if (o.type === 'enum') input = h('select', { name: o.name }, o.choices.map((c) => h('option', { value: c, selected: c === o.default ? true : null }, c)));
      else input = h('input', { type: 'number', name: o.name, min: o.min, max: o.max, value: o.default });
      input.dataset.option = o.name;
      optsBox.appendChild(h('label', { class: 'row', title: o.help }, h('span', {}, words(o.name)), input, h('small', {}, o.help)));
    }
    clear(takeoverSel);
    takeoverSel.appendChild(h('option', { value: '' }, 'waits for them'));
    for (const b of g.bots) takeoverSel.appendChild(h('option', { value: b.spec, selected: b.spec === 'heuristic' ? true : null }, `a bot plays for them (${b.spec})`));
    tickRow.hidden = !g.realtime;
    // A newcomer's pace by default: long enough to read the board and
    // place a piece (measured in MYST's race: docs/server.md).
    const pace = PACE_DEFAULT[g.id] || 3000;
    paceSel.value = String(pace);
    tickInput.value = String(pace);
    tickInput.hidden = true;
    seats();
  }

  function seats() {
    const g = gameInfo(gameSel.value);
    const n = Number(playersSel.value) || g.min_players;
    const old = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    clear(seatsBox);
    for (let j = 0; j < n; j++) {
      const sel = h('select', { name: `seat${j}`, 'aria-label': `seat ${j}` },
        h('option', { value: 'you' }, 'you'),
        h('option', { value: 'human' }, 'a friend (gets a link)'),
        g.bots.map((b) => h('option', { value: b.spec }, b.level ? `level: ${b.label}` : `bot: ${b.label}`)));
      // A new seat's bot is the game's medium level (its heuristic).
      const medium = g.bots.find((b) => b.spec === 'medium');
      sel.value = old[j] || (j === 0 ? 'you' : (medium || g.bots[0]).spec);
      seatsBox.appendChild(h('label', { class: 'row' }, h('span', {}, `Seat ${j}`), sel));
    }
  }

  function create() {
    const g = gameInfo(gameSel.value);
    const options = {};
    for (const el of optsBox.querySelectorAll('[data-option]')) {
      options[el.dataset.option] = el.type === 'checkbox' ? el.checked : el.type === 'number' ? Number(el.value) : el.value;
    }
    const chosen = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    const req = {
      type: 'create', game: g.id, players: Number(playersSel.value), options,
      seats: chosen.map((c) => (c === 'you' ? 'human' : c)), takeover: takeoverSel.value,
    };
    if (g.realtime) req.tick_ms = Number(tickInput.value);
    page.mine = chosen.map((c, j) => (c === 'you' ? j : -1)).filter((j) => j >= 0);
    // The creator's seat is theirs from the start: no invite can take it.
    req.creator = page.mine.length ? page.mine[0] : null;
    conn.send(req);
  }

  function showCreated(m) {
    clear(result);
    const g = gameInfo(m.game);
    const mine = page.mine || [];
    const links = h('ul', { class: 'links' });
    let first = null;
    for (const s of m.seats) {
      if (!s.token) continue;
      const url = seatLink(m.table, s.token);
      const you = mine.includes(s.seat);
      // Only this browser's own seats are kept (a friend's link is theirs).
      if (you) remember({ table: m.table, game: m.game, seat: s.seat, token: s.token });
      if (you && !first) first = url;
      links.appendChild(h('li', {}, h('span', { class: 'who' }, `Seat ${s.seat}${you ? ' (you)' : ''}`),
        h('input', { class: 'link', readonly: true, value: url, 'aria-label': `link for seat ${s.seat}`, onclick: (e) => e.target.select() }),
        h('button', { type: 'button', onclick: () => copy(url) }, 'Copy')));
    }
    const invite = m.invite ? `${location.origin}/#/join/${m.table}/${m.invite}` : '';
    const watch = `${location.origin}/#/t/${m.table}`;
    result.appendChild(h('div', { class: 'panel' },
      h('h2', {}, `${g ? g.title : m.game}: table ${m.table}`),
      h('p', {}, 'Send each friend the link of their seat (it is their key to it: keep it to come back). Or send the invite link: the first to open it takes the next free seat (it works once; make another at the table). The spectators\' link shows the table and opens no seat.'),
      links,
      invite ? h('p', {}, 'Invite link ', h('input', { class: 'link', readonly: true, value: invite, id: 'invite-link', onclick: (e) => e.target.select() }), h('button', { type: 'button', onclick: () => copy(invite) }, 'Copy')) : null,
      h('p', {}, 'Spectators ', h('input', { class: 'link', readonly: true, value: watch, onclick: (e) => e.target.select() }), h('button', { type: 'button', onclick: () => copy(watch) }, 'Copy')),
      first ? h('a', { class: 'button primary', href: first.slice(location.origin.length), id: 'go-to-seat' }, 'Go to my seat') :
        h('a', { class: 'button primary', href: `#/t/${m.table}` }, 'Watch the table')));
    result.scrollIntoView({ behavior: 'smooth' });
  }

  withGames((gm) => {
    for (const g of gm.games) gameSel.appendChild(h('option', { value: g.id }, `${g.title} (${g.min_players}-${g.max_players})`));
    const want = new URLSearchParams(location.hash.split('?')[1] || '').get('game');
    if (want && gameInfo(want)) gameSel.value = want;
    refill();
  });
  gameSel.addEventListener('change', refill);
  playersSel.addEventListener('change', seats);

  form.append(
    h('h2', {}, 'New table'),
    h('label', { class: 'row' }, h('span', {}, 'Game'), gameSel), blurb,
    h('label', { class: 'row' }, h('span', {}, 'Players'), playersSel),
    h('fieldset', {}, h('legend', {}, 'Who sits where'), seatsBox),
    h('fieldset', {}, h('legend', {}, 'Options'), optsBox),
    h('label', { class: 'row' }, h('span', {}, 'If a person leaves, their seat'), takeoverSel),
    tickRow,
    h('button', { type: 'submit', class: 'primary', id: 'create' }, 'Create the table'));
  const mine = myTables();
  root.append(h('div', { class: 'lobby-grid' }, form,
    h('div', { class: 'side-col' }, result,
      mine.length ? h('div', { class: 'panel' }, h('h2', {}, 'Your tables'), h('ul', { class: 'plain', id: 'my-tables' }, mine.slice(0, 10).map((e) =>
        h('li', {}, h('a', { href: `#/t/${e.table}/${e.token}` }, `${e.game}, seat ${e.seat}`), ` · table ${e.table} `,
          h('button', { type: 'button', class: 'quiet forget', onclick: (ev) => { forget(e.table, e.seat); ev.target.closest('li').remove(); } }, 'forget'))))) : null,
      h('div', { class: 'panel' }, h('h2', {}, 'Finished games'), h('p', {}, h('a', { href: '#/finished' }, 'Replay a finished game move by move'))))));

  return {
    onMessage(m) {
      if (m.type === 'created') showCreated(m);
      else if (m.type === 'error') toast(m.message, 'error');
    },
  };
}

// ---------------------------------------------------------------- table

// A finished game's result: the team's, or each seat's score and rank.
function resultBox(r, seat) {
  const box = h('div', { class: 'result-box' });
  if (r.team_win !== undefined) {
    // A cooperative game: every seat has the team's score and rank.
    box.appendChild(h('p', { class: 'big' }, r.team_win ? 'The team wins!' : 'The team loses.', ` Score ${r.team_score}.`));
    return box;
  }
  // A draw (nobody won): said as one, and no seat is marked the winner.
  if (r.draw) box.appendChild(h('p', { class: 'big' }, 'The game is a draw: nobody wins.'));
  const order = r.ranks.map((rank, j) => ({ rank, j })).sort((a, b) => a.rank - b.rank);
  box.appendChild(h('ol', { class: 'result' }, order.map(({ rank, j }) => h('li', { class: rank === 1 && !r.draw ? 'winner' : '' },
    `Seat ${j}${j === seat ? ' (you)' : ''}: score ${r.scores[j]}, rank ${rank}`))));
  return box;
}

// The log, one line a move as the game describes it, with cards named in
// words; the last move marked.
function fillLog(list, game, log) {
  clear(list);
  const from = Math.max(0, log.length - 200);
  list.start = from + 1;
  for (let i = from; i < log.length; i++) {
    const text = log[i].trimEnd().split('\n').join(' · ');
    list.appendChild(h('li', { class: i === log.length - 1 ? 'last' : '' }, richText(game, text)));
  }
  list.scrollTop = list.scrollHeight;
}

// Marks on the table the cards and places the last move names (its card
// texts and cells, not its seat or tick numbers).
function markLastMove(game, entry, roots) {
  const words = new Set(String(entry).replace(/\b(seat|tick|level|round|move|stone|row|set|pillar) \d+/gi, ' ')
    .split(/[^A-Za-z0-9+,-]+/).filter((w) => w && !/^(a|an|the|of|on|at|to|in|and|or|is|it|its|with)$/i.test(w)));
  if (!words.size) return;
  for (const r of roots) {
    for (const el of r.querySelectorAll('[data-card], [data-cell]')) {
      const k = el.dataset.card || el.dataset.cell;
      if (words.has(k)) el.classList.add('last-move');
    }
  }
}

function tablePage(table, token, claim) {
  const ui = { selected: null, log: [], state: null, seat: token ? undefined : null, left: false };
  const root = h('section', { class: 'table-page' });
  const header = h('div', { class: 'topbar' });
  const status = h('div', { class: 'status', id: 'status', 'aria-live': 'polite' });
  const tick = h('div', { class: 'tick', hidden: true }, h('div', { class: 'tick-fill' }));
  const boardEl = h('div', { class: 'board', id: 'board' });
  const handEl = h('div', { class: 'hand', id: 'hand' });
  const movesEl = h('div', { class: 'actions', id: 'moves' });
  const seatsEl = h('div', { class: 'seats', id: 'seats' });
  const logList = h('ol', { class: 'log-list' });
  const logEl = h('div', { class: 'log', id: 'log' }, h('h3', {}, 'Moves'), logList);
  const endEl = h('div', { class: 'end', hidden: true });
  root.append(header, status, tick, h('div', { class: 'layout' },
    h('div', { class: 'play' }, endEl, boardEl, handEl, movesEl),
    h('aside', { class: 'side' }, seatsEl, logEl)));
  app.appendChild(root);
  setTitle('table');

  let tickTimer = null;
  const session = `tabula.seat.${table}`;

  function join() {
    if (ui.kicked) return;
    const req = { type: 'join', table };
    if (token) {
      req.token = token;
      // The same tab coming back (a reload or a dropped connection) moves
      // its seat here even if the old connection lingers on the server.
      if (sessionStorage.getItem(session) === token) req.takeover = true;
    } else if (claim !== false) {
      req.claim = true;
      if (claim) req.invite = claim;
    }
    conn.send(req);
  }

  function act(text) {
    const s = ui.state;
    ui.picked = [];
    // A real-time choice is for the open tick, whatever the move number;
    // a turn's move names the move it answers, so a stale click is refused.
    conn.send({ type: 'act', action: text, move: s && !s.realtime ? s.move : undefined });
  }

  function rerender() {
    if (ui.state) render(ui.state);
  }

  function renderSeats(s) {
    clear(seatsEl);
    const v = s.view || {};
    seatsEl.appendChild(h('h3', {}, 'Seats'));
    s.seats.forEach((seat, j) => {
      const pub = Array.isArray(v.seats) ? v.seats[j] : null;
      const kind = seat.bot ? `bot: ${seat.player}` : seat.away ? `person, left: ${s.takeover} plays` :
        seat.present ? 'person, here' : seat.claimed ? 'person, away' : 'person, not here yet';
      const cls = ['seat'];
      if (s.turn === j) cls.push('turn');
      if (s.seat === j) cls.push('you');
      const box = h('div', { class: cls.join(' '), dataset: { seat: j } },
        h('div', { class: 'seat-head' }, h('span', { class: `dot ${seat.bot || seat.present ? 'on' : 'off'}` }),
          h('b', {}, `Seat ${j}`), s.seat === j ? ' (you)' : '', h('span', { class: 'kind' }, kind),
          s.turn === j ? h('span', { class: 'badge turn-badge' }, 'to move') : null));
      // A game with its own table shows the seats' facts there.
      if (pub && typeof pub === 'object' && !TABLES[s.game]) {
        const rest = {};
        for (const [k, val] of Object.entries(pub)) if (k !== 'hand') rest[k] = val;
        if (Object.keys(rest).length) box.appendChild(renderValue(s.game, 'seat', rest, 2));
        const hidden = pub.hand_size ?? pub.cards_in_hand;
        if (typeof hidden === 'number' && j !== s.seat && hidden > 0) box.appendChild(backs(hidden, 6));
      }
      seatsEl.appendChild(box);
    });
  }

  function renderLog(s) {
    if (s.log_start === 0 && ui.log.length && s.log.length === 0 && s.move === 0) ui.log = [];
    if (s.log_start <= ui.log.length) {
      ui.log.length = s.log_start;
      ui.log.push(...s.log);
    } else {
      ui.log = s.log.slice();
    }
    fillLog(logList, s.game, ui.log);
  }

  function statusText(s) {
    if (s.status === 'broken') return 'This table is out of order.';
    if (s.status === 'ended') return 'The game is over.';
    // A real-time game between its ticks with a seat to move (MYST's
    // exploration) is played turn by turn.
    const turnBased = s.realtime && !s.realtime.open && typeof s.turn === 'number';
    if (s.realtime && !turnBased) {
      const rt = s.realtime;
      // The game's own tick (the one its view and log count), not the
      // server's count of ticks opened.
      const n = s.view && typeof s.view.tick === 'number' ? s.view.tick : rt.tick;
      if (s.seat === null) return `Real time: tick ${n}.`;
      if (rt.asked && rt.chosen) return `Tick ${n}: you chose “${rt.chosen}”. (You may change it until the tick ends.)`;
      if (rt.asked) return `Tick ${n}: your choice — or wait.`;
      return `Tick ${n}: the others are choosing; nothing for you to do in this tick.`;
    }
    if (s.turn === null || s.turn === undefined) return '';
    const seat = s.seats[s.turn];
    if (s.turn === s.seat) return 'Your turn.';
    if (seat.bot || seat.away) return `Seat ${s.turn} (${seat.bot ? seat.player : s.takeover}) is thinking…`;
    return `Waiting for seat ${s.turn}.`;
  }

  function renderEnd(s) {
    endEl.hidden = s.status !== 'ended';
    clear(endEl);
    if (s.status !== 'ended' || !s.result) return;
    endEl.append(h('h2', {}, 'Game over'), resultBox(s.result, s.seat),
      h('p', {}, h('a', { class: 'button', href: `#/replay/${s.table}` }, 'Replay it'), ' ',
        h('a', { class: 'button', href: s.record, download: `tabula-${s.table}.json` }, 'Download the record'), ' ',
        h('a', { class: 'button', href: `#/?game=${s.game}` }, 'New table')));
  }

  function renderTick(s) {
    clearInterval(tickTimer);
    if (!s.realtime || !s.realtime.open || s.status !== 'playing') {
      tick.hidden = true;
      return;
    }
    tick.hidden = false;
    const fill = tick.firstChild;
    const end = performance.now() + s.realtime.left_ms;
    const total = s.realtime.tick_ms;
    const step = () => {
      const left = Math.max(0, end - performance.now());
      fill.style.setProperty('width', `${(100 * left) / total}%`);
      if (left <= 0) clearInterval(tickTimer);
    };
    step();
    tickTimer = setInterval(step, 50);
  }

  function render(s) {
    ui.state = s;
    const info = gameInfo(s.game);
    setTitle(s.title);
    clear(header);
    header.append(h('h2', {}, s.title),
      h('span', { class: 'where' }, s.seat === null ? 'spectator' : `seat ${s.seat}`, ` · move ${s.move}`),
      h('a', { class: 'rules-link', href: `#/rules/${s.game}` }, 'rules'));
    // Links: the person at a seat may make a new link for it (the old one
    // stops working) or a new invite link (the old one stops working).
    if (s.seat !== null && s.status === 'playing') {
      header.append(h('button', { type: 'button', class: 'quiet', id: 'reissue', onclick: () => {
        if (confirm('Make a new link for your seat? The old one will stop working.')) conn.send({ type: 'reissue' });
      } }, 'new seat link'),
      h('button', { type: 'button', class: 'quiet', id: 'new-invite', onclick: () => conn.send({ type: 'invite' }) }, 'invite link'));
    }
    if (ui.linkNote) header.append(ui.linkNote);
    status.textContent = statusText(s);
    status.className = `status${s.turn === s.seat && s.seat !== null && s.status === 'playing' ? ' yours' : ''}`;
    renderTick(s);
    renderEnd(s);
    const legal = s.legal || [];
    const ctx = {
      game: s.game, view: s.view || {}, seat: s.seat, legal, ui, act, rerender, players: s.players,
      turn: s.status === 'playing' ? s.turn : null,
    };
    clear(boardEl);
    clear(handEl);
    clear(movesEl);
    const table = TABLES[s.game];
    const b = table ? table(ctx) : null;
    if (b) {
      boardEl.appendChild(b.el);
      if (b.skip) {
        const skip = new Set(['hand', 'seats', 'to_move', ...b.skip]);
        const rest = renderGeneric(s.game, s.view || {}, skip, true);
        if (rest.textContent.trim()) boardEl.appendChild(h('details', { class: 'more-info' }, h('summary', {}, 'More'), rest));
      }
    } else {
      boardEl.appendChild(renderGeneric(s.game, s.view || {}, new Set(['hand', 'seats', 'to_move'])));
    }
    // The hand: the adapter's drawing, or the view's hand as cards.
    let hand = b && b.hand !== undefined ? b.hand : handOf(s.view, s.seat);
    if (hand && s.seat !== null) {
      let drawn;
      if (hand instanceof Element) {
        drawn = hand;
        handEl.dataset.count = String(b.handCount ?? hand.childElementCount);
      } else {
        drawn = hand.some((c) => c !== null && typeof c === 'object') ? renderHand(s.game, hand) : cardRow(s.game, hand, { cls: 'hand-cards' });
        handEl.dataset.count = String(hand.length);
      }
      handEl.append(h('h3', {}, 'Your hand', h('span', { class: 'count' }, String(handEl.dataset.count))), hand.length === 0 ? h('p', { class: 'val none' }, 'empty') : drawn);
    } else {
      delete handEl.dataset.count;
    }
    // Moves by clicking: the things on the table and in the hand name
    // tokens of the legal moves (kit.js).
    const picker = new Picker(legal, (b && b.split) || splitMove, ui);
    bindTokens([boardEl, handEl], picker, (tok) => {
      const move = picker.click(tok);
      if (move) act(move);
      else rerender();
    });
    markLastMove(s.game, ui.log.length ? ui.log[ui.log.length - 1] : (s.log.length ? s.log[s.log.length - 1] : ''), [boardEl]);
    if (b && b.moves !== undefined) {
      // A table with its own way of clicking moves (Mysterium's sets of
      // cards) gives its own buttons.
      if (b.moves) movesEl.append(b.moves, typeMove(legal, act));
      else if (s.seat !== null && s.status === 'playing' && !s.realtime) movesEl.append(h('p', { class: 'wait' }, 'Not your turn.'));
    } else if (legal.length) {
      const { moves, groups, cut } = picker.buttons();
      const box = h('div', { class: 'moves' });
      const picked = picker.picked;
      if (picked.length) {
        box.appendChild(h('button', { class: 'move back', type: 'button', onclick: () => { ui.picked = []; rerender(); } }, '✕ clear'));
      }
      for (const m of moves) {
        const exact = picked.length && m.toks.length === picked.length;
        box.appendChild(h('button', { class: `move${exact ? ' primary confirm' : ''}`, type: 'button', dataset: { move: m.text }, onclick: () => act(m.text) },
          exact ? 'Confirm: ' : '', moveLabel(s.game, m.text)));
      }
      if (groups) {
        for (const [key, ms] of groups) {
          box.appendChild(h('button', { class: 'move group', type: 'button', dataset: { group: key }, onclick: () => { ui.picked.push(...key.split(' ')); rerender(); } },
            moveLabel(s.game, key), h('span', { class: 'more' }, ` …${ms.length}`)));
        }
      }
      if (cut) box.appendChild(h('span', { class: 'more' }, ` and ${cut} more: type them below`));
      const head = picked.length ? h('h3', {}, 'Selected: ', picked.map((t) => cardName(s.game, t)).join(', ')) :
        h('h3', {}, moves.length || groups ? 'Your moves' : 'Your move: click a card or a place on the table');
      movesEl.append(head, box, typeMove(legal, act));
    } else if (s.seat !== null && s.status === 'playing' && !s.realtime) {
      movesEl.append(h('p', { class: 'wait' }, 'Not your turn.'));
    }
    if (s.seat !== null && s.status === 'playing') {
      movesEl.appendChild(h('p', { class: 'leave' }, h('button', { type: 'button', class: 'quiet', onclick: leave }, 'Leave the table')));
    }
    renderSeats(s);
    renderLog(s);
    if (info === null && !games) withGames(() => {});
  }

  function leave() {
    const s = ui.state;
    const msg = s && s.takeover ? `Leave? ${s.takeover} will play your seat until you come back with your link.` : 'Leave? Your seat waits for you: come back with your link.';
    if (!confirm(msg)) return;
    ui.left = true;
    conn.send({ type: 'leave' });
    sessionStorage.removeItem(session);
    location.hash = '#/';
  }

  function showProblem(title, text, extra) {
    // The page shows the problem alone: no empty hand, moves, seats or log.
    root.classList.add('problem-page');
    clear(boardEl);
    boardEl.appendChild(h('div', { class: 'panel problem' }, h('h2', {}, title), h('p', {}, text), extra || null,
      h('p', {}, h('a', { href: `#/t/${table}` }, 'Watch as a spectator'), ' · ', h('a', { href: '#/' }, 'Lobby'))));
  }

  return {
    onOpen: join,
    onMessage(m) {
      if (m.type === 'joined' && m.table === table) {
        ui.seat = m.seat;
        if (m.token) {
          token = m.token;
          claim = false;
          history.replaceState(null, '', `#/t/${table}/${token}`);
          remember({ table, game: '', seat: m.seat, token });
          toast(`You have seat ${m.seat}. Keep this page's link to come back.`);
        }
        if (token) sessionStorage.setItem(session, token);
      } else if (m.type === 'reissued' && m.table === table) {
        token = m.token;
        history.replaceState(null, '', `#/t/${table}/${token}`);
        sessionStorage.setItem(session, token);
        remember({ table, game: ui.state ? ui.state.game : '', seat: m.seat, token });
        ui.linkNote = linkNote('Your seat\'s new link (the old one no longer works):', seatLink(table, token), 'seat-link');
        rerender();
      } else if (m.type === 'invite' && m.table === table) {
        ui.linkNote = m.invite ? linkNote('Invite link (works once):', `${location.origin}/#/join/${table}/${m.invite}`, 'invite-link') : null;
        rerender();
      } else if (m.type === 'state' && m.table === table) {
        root.classList.remove('problem-page');
        // A seat link is kept only while its game goes on.
        if (m.status !== 'playing' && m.seat !== null) forget(table, m.seat);
        render(m);
      } else if (m.type === 'noted') {
        rerender();
      } else if (m.type === 'error') {
        if (m.code === 'seat_moved') {
          ui.kicked = true;
          sessionStorage.removeItem(session);
          showProblem('This seat is open in another window', m.message,
            h('button', { type: 'button', class: 'primary', onclick: () => { ui.kicked = false; conn.send({ type: 'join', table, token, takeover: true }); } }, 'Use it here'));
        } else if (m.code === 'seat_in_use') {
          showProblem('This seat is open in another window', 'You can move it here; the other window will stop.',
            h('button', { type: 'button', class: 'primary', onclick: () => conn.send({ type: 'join', table, token, takeover: true }) }, 'Use it here'));
        } else if (['bad_token', 'token_replaced', 'bad_invite', 'unknown_table', 'table_full', 'broken', 'rate_limited'].includes(m.code) && m.in === 'join') {
          if (token && ['bad_token', 'token_replaced', 'unknown_table'].includes(m.code)) {
            const mine = myTables().filter((e) => e.table === table && e.token === token);
            for (const e of mine) forget(table, e.seat);
          }
          showProblem('Cannot sit here', m.message);
        } else {
          toast(m.message, 'error');
        }
      }
    },
    leaveHandler() {
      clearInterval(tickTimer);
    },
  };
}

// ---------------------------------------------------------------- finished

function finishedPage() {
  setTitle('finished games');
  const list = h('div', { class: 'panel' }, h('h2', {}, 'Finished games'), h('p', {}, 'loading…'));
  app.appendChild(h('section', { class: 'finished' }, list));
  conn.send({ type: 'finished' });
  return {
    onMessage(m) {
      if (m.type !== 'finished') return;
      clear(list);
      list.appendChild(h('h2', {}, 'Finished games'));
      if (!m.tables.length) list.appendChild(h('p', {}, 'None yet.'));
      list.appendChild(h('ul', { class: 'plain finished-list' }, m.tables.map((t) => {
        const when = new Date(t.ended_ms).toLocaleString();
        let who = '';
        if (t.result && t.result.team_win !== undefined) who = t.result.team_win ? 'team won' : 'team lost';
        else if (t.result && t.result.draw) who = 'a draw';
        else if (t.result) who = `won by seat ${t.result.ranks.map((r, j) => (r === 1 ? j : null)).filter((j) => j !== null).join(' & ')}`;
        return h('li', {}, h('a', { href: `#/replay/${t.table}` }, `${t.title}, ${t.players} players`), ` · ${who} · ${when}`);
      })));
    },
  };
}

function replayPage(table) {
  setTitle('replay');
  const ui = { move: null, seat: null, moves: 0 };
  const head = h('div', { class: 'topbar' });
  const controls = h('div', { class: 'replay-controls' });
  const boardEl = h('div', { class: 'board' });
  const logList = h('ol', { class: 'log-list' });
  const seatSel = h('select', { 'aria-label': 'as seen by' });
  const slider = h('input', { type: 'range', min: 0, max: 0, value: 0, 'aria-label': 'move' });
  const label = h('span', { class: 'where' });
  app.appendChild(h('section', { class: 'replay' }, head, controls, h('div', { class: 'layout' }, h('div', { class: 'play' }, boardEl),
    h('aside', { class: 'side' }, h('div', { class: 'log' }, h('h3', {}, 'Moves'), logList)))));
  const ask = () => conn.send({ type: 'replay', table, move: ui.move, seat: ui.seat });
  const go = (m) => { ui.move = Math.max(0, Math.min(ui.moves, m)); ask(); };
  // The controls wait for the first frame, which says how many moves the
  // record has: a click before it would be clamped to move 0 and lost.
  const steps = [
    h('button', { type: 'button', onclick: () => go(0), title: 'start', 'aria-label': 'start', disabled: true }, '«'),
    h('button', { type: 'button', onclick: () => go((ui.move ?? 0) - 1), title: 'back', 'aria-label': 'back', id: 'prev', disabled: true }, '◀'),
    h('button', { type: 'button', onclick: () => go((ui.move ?? 0) + 1), title: 'forward', 'aria-label': 'forward', id: 'next', disabled: true }, '▶'),
    h('button', { type: 'button', onclick: () => go(ui.moves), title: 'end', 'aria-label': 'end', disabled: true }, '»'),
  ];
  slider.disabled = true;
  controls.append(steps[0], steps[1], slider, steps[2], steps[3],
    label, h('label', {}, ' as seen by ', seatSel));
  slider.addEventListener('input', () => go(Number(slider.value)));
  seatSel.addEventListener('change', () => { ui.seat = seatSel.value === '' ? null : Number(seatSel.value); ask(); });
  ui.move = 0;
  ask();
  return {
    onOpen: ask,
    onMessage(m) {
      if (m.type === 'error' && m.in === 'replay') {
        clear(boardEl);
        boardEl.appendChild(h('div', { class: 'panel problem' }, h('p', {}, m.message)));
        return;
      }
      if (m.type !== 'frame' || m.table !== table) return;
      ui.moves = m.moves;
      for (const b of steps) b.disabled = false;
      slider.disabled = false;
      setTitle(`replay: ${m.title}`);
      clear(head);
      head.append(h('h2', {}, `${m.title}: replay`), h('a', { class: 'button', href: m.record, download: `tabula-${table}.json` }, 'Download the record'));
      slider.max = String(m.moves);
      slider.value = String(m.move);
      label.textContent = ` move ${m.move} of ${m.moves}`;
      if (seatSel.options.length !== m.players + 1) {
        clear(seatSel);
        seatSel.appendChild(h('option', { value: '' }, 'a spectator'));
        for (let j = 0; j < m.players; j++) seatSel.appendChild(h('option', { value: j }, `seat ${j}`));
      }
      clear(boardEl);
      if (m.result && m.move === m.moves) boardEl.appendChild(resultBox(m.result, m.seat));
      const ctx = { game: m.game, view: m.view || {}, seat: m.seat, legal: [], ui: {}, act: () => {}, rerender: () => {}, players: m.players, turn: null };
      const tableOf = TABLES[m.game];
      const b = tableOf ? tableOf(ctx) : null;
      if (b) boardEl.appendChild(b.el);
      else boardEl.appendChild(renderGeneric(m.game, m.view || {}, new Set(['to_move', 'hand'])));
      const hand = b && b.hand !== undefined ? b.hand : handOf(m.view, m.seat);
      if (hand && m.seat !== null) {
        boardEl.appendChild(h('div', { class: 'hand' }, h('h3', {}, `Seat ${m.seat}'s hand`),
          hand instanceof Element ? hand : hand.some((c) => c !== null && typeof c === 'object') ? renderHand(m.game, hand) : cardRow(m.game, hand, { tok: false })));
      }
      fillLog(logList, m.game, m.log);
      markLastMove(m.game, m.log.length ? m.log[m.log.length - 1] : '', [boardEl]);
    },
  };
}

function rulesPage(game) {
  setTitle(`rules of ${game}`);
  const box = h('div', { class: 'panel rules' }, h('p', {}, 'loading…'));
  app.appendChild(h('section', {}, h('p', {}, h('button', { type: 'button', class: 'quiet', onclick: () => history.back() }, '← back')), box));
  conn.send({ type: 'rules', game });
  return {
    onMessage(m) {
      if (m.type === 'rules' && m.game === game) {
        clear(box);
        box.appendChild(h('pre', { class: 'doc' }, m.text));
      } else if (m.type === 'error') {
        clear(box);
        box.appendChild(h('p', {}, m.message));
      }
    },
  };
}

// ---------------------------------------------------------------- routing

function route() {
  if (page && page.leaveHandler) page.leaveHandler();
  clear(app);
  const path = location.hash.replace(/^#/, '').split('?')[0];
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 't' && parts[1]) page = tablePage(parts[1], parts[2] || null, false);
  else if (parts[0] === 'join' && parts[1]) page = tablePage(parts[1], null, parts[2] || '');
  else if (parts[0] === 'finished') page = finishedPage();
  else if (parts[0] === 'replay' && parts[1]) page = replayPage(parts[1]);
  else if (parts[0] === 'rules' && parts[1]) page = rulesPage(parts[1]);
  else page = lobbyPage();
  if (conn.ws && conn.ws.readyState === WebSocket.OPEN && page.onOpen) page.onOpen();
  window.scrollTo(0, 0);
}

window.addEventListener('hashchange', route);
withGames(() => {});
route();
