// run.mjs - the browser tests of `tabula serve` (make test-web): Playwright
// (playwright-core, pinned in package-lock.json; no browser is downloaded)
// driving Debian's Chromium against a server started here on a free port
// with a database of its own.
//
//   1. Two people in two browser contexts and a bot play a whole No Thanks!
//      game through the UI, by clicking, to its end; its record downloads
//      (and `tabula replay` reads it); the finished games page lists it and
//      its replay steps through it.
//   2. A spectator's page shows no hidden card: none of the cards in the
//      players' hands is drawn on it, and no message it gets has a hand.
//   3. A reload reconnects to the same seat.
//   4. Schotten Totten is played by clicking (a card, then a stone) until a
//      stone is claimed.
//   5. The Mind runs in real time: ticks pass on the server's clock with
//      nobody clicking, and a click plays the card in its tick.
//   6. HTTP serves the UI and the records of ended games, nothing else.
//   7. Every game: a person plays a whole game against bots
//      by clicking only (the things on the table, then move buttons), at
//      1280x800 and 390x844 at once, with screenshots at its start, middle
//      and end (in SHOTS, default build/web-shots: CI keeps them as
//      artifacts); every page, all along: no sideways scroll of the page,
//      at most 30 move buttons, every card of the hand drawn as a card,
//      whose turn it is shown.  MYST's race at the lobby's default pace
//      lets a newcomer who reads for 4 s place a piece.  Mysterium is
//      played as the ghost and as a psychic (its moves are sets of cards:
//      cards of the hand selected, then a psychic or a group), reaching
//      its epilogue's culprit and vote by clicking when the team gets there.
//   8. Every other game (none today): a table, a few moves, screenshots.
//   9. Links: a spectator's link opens no seat (not even turned into an
//      invite), the invite link opens one seat, and a seat link the person
//      at the seat reissued locks the old link out; the browser keeps only
//      its own seats' links, and forgets one when asked; an ended
//      game's seat links are forgotten (in 1).
//   No page may raise an error.
//
// TABULA=path/to/tabula picks the binary (default build/tabula); ONLY=regex
// runs the tests whose names match; VIEWPORT_SHOTS=1 takes the middle
// screenshots of whole games at the window's size (for docs/shots, `make
// docs-shots`) rather than of the whole page.

import { chromium } from 'playwright-core';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const tabula = resolve(root, process.env.TABULA || 'build/tabula');
const shots = resolve(root, process.env.SHOTS || 'build/web-shots');
mkdirSync(shots, { recursive: true });
const db = `${tmpdir()}/tabula-web-${process.pid}.db`;

const LAUNCH = {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };

// ---------------------------------------------------------------- server

function startServer(dbFile = db, pace = 150) {
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) rmSync(f, { force: true });
  const proc = spawn(tabula, ['serve', '--port', '0', '--bind', '127.0.0.1', '--db', dbFile,
    '--bot-pace', String(pace), '--grace', '2', '--quiet',
    // Every page here comes from one address, which makes far more tables
    // than a person would: the per-address table quota is lifted.
    '--max-tables', '10000', '--tables-burst', '10000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/[^\s]+:(\d+)\//.exec(out);
      if (m) ok({ proc, base: `http://127.0.0.1:${m[1]}` });
    });
    proc.on('exit', (code) => fail(new Error(`tabula serve exited (${code}): ${out}`)));
  });
}

// ---------------------------------------------------------------- helpers

let failures = 0;
let passes = 0;
const pageErrors = [];

function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;

async function test(name, fn) {
  if (only && !only.test(name)) return;
  const t0 = Date.now();
  try {
    await fn();
    passes++;
    console.log(`ok    ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failures++;
    console.log(`FAIL  ${name}: ${e.stack || e}`);
  }
}

async function newPage(browser, viewport = DESKTOP) {
  const ctx = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile || false, hasTouch: viewport.hasTouch || false });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(`${page.url()}: console: ${m.text()}`); });
  return page;
}

// Makes a table in the lobby: seats are 'you', 'human' or a bot spec.
// Returns { table, links: {seat: url}, invite, watch }.
async function createTable(page, base, game, seats, options = {}, extra = {}) {
  await page.goto(`${base}/#/`);
  await page.waitForSelector(`#game option[value="${game}"]`, { state: 'attached' });
  await page.selectOption('#game', game);
  await page.selectOption('#players', String(seats.length));
  for (let j = 0; j < seats.length; j++) await page.selectOption(`select[name=seat${j}]`, seats[j]);
  for (const [k, v] of Object.entries(options)) {
    const el = page.locator(`[data-option="${k}"]`);
    if ((await el.getAttribute('type')) === 'checkbox') await el.setChecked(Boolean(v));
    else if ((await el.evaluate((e) => e.tagName)) === 'SELECT') await el.selectOption(String(v));
    else await el.fill(String(v));
  }
  if (extra.takeover !== undefined) await page.selectOption('#takeover', extra.takeover);
  if (extra.tick && await page.locator('#pace').isVisible()) {
    await page.selectOption('#pace', '');
    await page.fill('#tick', String(extra.tick));
  }
  await page.click('#create');
  await page.waitForSelector('.created .links, .created a.button');
  const links = {};
  for (const li of await page.locator('ul.links li').all()) {
    const who = await li.locator('.who').innerText();
    const seat = Number(/Seat (\d+)/.exec(who)[1]);
    links[seat] = await li.locator('input.link').inputValue();
  }
  const inputs = page.locator('.created input.link');
  const n = await inputs.count();
  const watch = await inputs.nth(n - 1).inputValue();
  const invite = await inputs.nth(n - 2).inputValue();
  const table = /#\/t\/([0-9a-f]+)/.exec(watch)[1];
  return { table, links, invite, watch };
}

async function status(page) {
  return (await page.locator('#status').innerText()).trim();
}

// Clicks one of the legal moves shown (a random one), opening a group
// first when moves are grouped.  Returns the move's text, or null.
async function clickSomeMove(page) {
  // Groups open into smaller groups or moves (at most 30 buttons a level).
  for (let depth = 0; depth < 6; depth++) {
    const groups = page.locator('#moves button.move.group');
    const plain = page.locator('#moves button.move[data-move]');
    const ng = await groups.count(), np = await plain.count();
    if (ng + np === 0) return null;
    const k = Math.floor(Math.random() * (ng + np));
    if (k >= ng) {
      const m = plain.nth(k - ng);
      const text = await m.getAttribute('data-move');
      await m.click();
      return text;
    }
    const before = await page.locator('#moves').innerText();
    await groups.nth(k).click();
    await page.waitForFunction((b) => document.querySelector('#moves')?.innerText !== b, before, { timeout: 5000 });
  }
  return null;
}

async function moveNumber(page) {
  const t = await page.locator('.topbar .where').innerText();
  const m = /move (\d+)/.exec(t);
  return m ? Number(m[1]) : -1;
}

// ---------------------------------------------------------------- tests

async function noThanksToTheEnd(browser, base) {
  const owner = await newPage(browser);
  // The lobby offers the game's levels by name (issue 35) and seats a new
  // bot at medium; the table below seats one by its level's name.
  await owner.goto(`${base}/#/`);
  await owner.waitForSelector('#game option[value="no-thanks"]', { state: 'attached' });
  await owner.selectOption('#game', 'no-thanks');
  const expert = await owner.locator('select[name=seat1] option[value="expert"]').innerText();
  check(/^level: expert \(ismcts/.test(expert), `the lobby offers the expert level (${expert})`);
  const fresh = await owner.locator('select[name=seat1]').inputValue();
  check(fresh === 'medium', `a new bot seat is at the medium level (${fresh})`);
  const t = await createTable(owner, base, 'no-thanks', ['you', 'human', 'medium']);
  const friend = await newPage(browser);
  await owner.click('#go-to-seat');
  await friend.goto(t.links[1]);
  const players = [owner, friend];
  for (const p of players) await p.waitForSelector('.seat.you');
  const deadline = Date.now() + 120000;
  let clicks = 0;
  while (Date.now() < deadline) {
    let over = false;
    for (const p of players) {
      if (await p.locator('.end h2').count()) over = true;
    }
    if (over) break;
    let moved = false;
    for (const p of players) {
      if ((await status(p)) === 'Your turn.') {
        const before = await moveNumber(p);
        const t1 = Date.now();
        const text = await clickSomeMove(p);
        const t2 = Date.now();
        if (text) {
          clicks++;
          moved = true;
          await p.waitForFunction((n) => {
            const m = /move (\d+)/.exec(document.querySelector('.topbar .where')?.textContent || '');
            return m && Number(m[1]) > n;
          }, before, { timeout: 10000 });
          if (process.env.DEBUG) console.log(`click ${t2 - t1} ms, then state ${Date.now() - t2} ms`);
        }
      }
    }
    if (!moved) await owner.waitForTimeout(100);
  }
  if (process.env.DEBUG) {
    console.log('clicks', clicks, await status(owner), '|', await status(friend));
    await owner.screenshot({ path: `${shots}/debug-owner.png`, fullPage: true });
  }
  for (const p of players) {
    await p.waitForSelector('.end h2', { timeout: 10000 });
    check((await p.locator('.end').innerText()).includes('Game over'), 'the end is shown');
    check((await p.locator('ol.result li').count()) === 3, 'three seats in the result');
  }
  check(clicks >= 6, `people clicked moves (${clicks})`);
  // Seat links are kept only for games still going: the ended game's are
  // forgotten (issue 32).
  for (const p of players) {
    const stored = await p.evaluate(() => localStorage.getItem('tabula.tables') || '[]');
    check(!stored.includes(t.table), 'an ended game\'s seat link is forgotten');
  }
  await owner.screenshot({ path: `${shots}/no-thanks-end.png`, fullPage: true });
  // The record of the finished game downloads, and a replay shows it.
  const href = await owner.locator('.end a[download]').getAttribute('href');
  const rec = await owner.evaluate(async (u) => (await fetch(u)).json(), href);
  check(rec.game === 'no-thanks' && rec.actions.length > 20 && rec.result, 'the record downloads');
  // It is the JSON `tabula replay` reads.
  const recFile = `${tmpdir()}/tabula-web-record-${process.pid}.json`;
  writeFileSync(recFile, JSON.stringify(rec));
  const replay = spawnSync(tabula, ['replay', recFile], { encoding: 'utf8' });
  rmSync(recFile, { force: true });
  check(replay.status === 0, `tabula replay reads the downloaded record: ${replay.stderr}`);
  // The page of finished games lists it, with a link to its replay.
  await owner.goto(`${base}/#/finished`);
  const listed = owner.locator(`.finished-list a[href="#/replay/${t.table}"]`);
  await listed.waitFor({ timeout: 5000 });
  await owner.screenshot({ path: `${shots}/finished.png`, fullPage: true });
  await listed.click();
  await owner.waitForSelector('.replay-controls');
  await owner.click('#next');
  await owner.waitForFunction(() => /move 1 of/.test(document.querySelector('.replay-controls .where')?.textContent || ''));
  await owner.screenshot({ path: `${shots}/no-thanks-replay.png`, fullPage: true });
  await owner.context().close();
  await friend.context().close();
}

// The WebSocket messages a page receives, for leak checks.
function recordFrames(page) {
  const frames = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  return frames;
}

async function spectatorSeesNoHand(browser, base) {
  const owner = await newPage(browser);
  const t = await createTable(owner, base, '6-nimmt', ['you', 'human', 'random']);
  await owner.click('#go-to-seat');
  const friend = await newPage(browser);
  await friend.goto(t.links[1]);
  const spectator = await newPage(browser);
  const frames = recordFrames(spectator);
  await spectator.goto(t.watch);
  for (const p of [owner, friend]) await p.waitForSelector('#hand .card-wrap');
  await spectator.waitForSelector('#board .card-wrap');
  const handCards = new Set();
  for (const p of [owner, friend]) {
    for (const c of await p.locator('#hand .card-wrap').all()) handCards.add(await c.getAttribute('data-card'));
  }
  check(handCards.size === 20, `two hands of ten (${handCards.size})`);
  const shown = new Set();
  for (const c of await spectator.locator('.card-wrap[data-card]').all()) shown.add(await c.getAttribute('data-card'));
  for (const c of handCards) check(!shown.has(c), `a hand card (${c}) is not on the spectator's page`);
  check(await spectator.locator('#hand .card-wrap').count() === 0, 'the spectator has no hand');
  const text = await spectator.locator('body').innerText();
  check(!/your hand/i.test(text), 'no hand section for a spectator');
  check(frames.length > 0, 'the spectator got messages');
  for (const f of frames) check(!f.includes('"hand"'), 'no message to the spectator holds a hand');
  await spectator.screenshot({ path: `${shots}/6-nimmt-spectator.png`, fullPage: true });
  for (const p of [owner, friend, spectator]) await p.context().close();
}

async function reloadKeepsTheSeat(browser, base) {
  const owner = await newPage(browser);
  const t = await createTable(owner, base, 'no-thanks', ['you', 'human', 'human']);
  const page = await newPage(browser);
  await page.goto(t.links[2]);
  await page.waitForSelector('.seat.you');
  check((await page.locator('.seat.you').getAttribute('data-seat')) === '2', 'seat 2 before the reload');
  const before = await page.locator('.topbar .where').innerText();
  await page.reload();
  await page.waitForSelector('.seat.you');
  check((await page.locator('.seat.you').getAttribute('data-seat')) === '2', 'seat 2 after the reload');
  check((await page.locator('.topbar .where').innerText()) === before, 'the same table after the reload');
  check(await page.locator('.problem').count() === 0, 'no complaint about the seat after a reload');
  // The seat is "here" again, not taken over.
  await page.waitForFunction(() => document.querySelector('.seat.you .kind')?.textContent === 'person, here');
  await page.context().close();
  await owner.context().close();
}

// A seat link with a wrong token says so, alone: no empty hand, moves,
// seats or log around it.
async function wrongLinkShowsTheProblemAlone(browser, base) {
  const owner = await newPage(browser);
  const t = await createTable(owner, base, 'no-thanks', ['you', 'human', 'human']);
  const page = await newPage(browser, PHONE);
  await page.goto(t.links[1].replace(/\/[^/]+$/, '/0123456789abcdef0123456789abcdef'));
  await page.waitForSelector('.problem');
  check((await page.locator('.problem h2').innerText()).includes('Cannot sit here'), 'the problem is named');
  for (const sel of ['#seats', '#log', '#hand', '#moves']) check(!(await page.locator(sel).isVisible()), `${sel} is not shown`);
  await page.screenshot({ path: `${shots}/cannot-sit-here-phone.png`, fullPage: true });
  await page.context().close();
  await owner.context().close();
}

async function schottenTottenToAClaim(browser, base) {
  const owner = await newPage(browser);
  const t = await createTable(owner, base, 'schotten-totten', ['you', 'human']);
  await owner.click('#go-to-seat');
  const friend = await newPage(browser);
  await friend.goto(t.links[1]);
  const players = [owner, friend];
  for (const p of players) await p.waitForSelector('.stt-board');
  await owner.screenshot({ path: `${shots}/schotten-totten-start.png`, fullPage: true });
  let claimed = false;
  for (let turn = 0; turn < 40 && !claimed; turn++) {
    const p = players[turn % 2];
    await p.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn.', null, { timeout: 10000 });
    const before = await moveNumber(p);
    // A card from the hand, then the first stone it may go to.
    await p.locator('#hand .card-wrap.playable').first().click();
    const stone = p.locator('.stt-stone.target').first();
    await stone.waitFor({ timeout: 5000 });
    await stone.click();
    await p.waitForFunction((n) => {
      const m = /move (\d+)/.exec(document.querySelector('.topbar .where')?.textContent || '');
      return m && Number(m[1]) > n;
    }, before, { timeout: 10000 });
    // Draws, when a deck must be chosen (not with Tactics off).
    claimed = (await p.locator('.stt-stone.mine, .stt-stone.theirs').count()) > 0;
  }
  check(claimed, 'a stone was claimed');
  await owner.waitForSelector('.stt-stone.mine, .stt-stone.theirs');
  await owner.screenshot({ path: `${shots}/schotten-totten-claimed.png`, fullPage: true });
  check((await owner.locator('.log-list').innerText()).includes('claims stone'), 'the log says who claimed the stone');
  for (const p of players) await p.context().close();
}

async function theMindInRealTime(browser, base) {
  const owner = await newPage(browser);
  await createTable(owner, base, 'the-mind', ['you', 'heuristic'], {}, { tick: 400 });
  await owner.click('#go-to-seat');
  await owner.waitForSelector('.tick:not([hidden])');
  const tickOf = async () => Number(/[Tt]ick (\d+)/.exec(await owner.locator('#status').innerText())?.[1] || -1);
  const t0 = await tickOf();
  await owner.waitForTimeout(1500);
  const t1 = await tickOf();
  check(t1 >= t0 + 2, `ticks pass on the server's clock without a click (${t0} -> ${t1})`);
  await owner.screenshot({ path: `${shots}/the-mind.png`, fullPage: true });
  // Play the lowest card: the click is taken in its tick.
  const start = Date.now();
  let played = false;
  while (!played && Date.now() - start < 20000) {
    const play = owner.locator('#moves button.move[data-move="play"]');
    if (await play.count()) {
      const hand = await owner.locator('#hand .card-wrap').count();
      await play.click();
      await owner.waitForFunction((n) => document.querySelectorAll('#hand .card-wrap').length < n ||
        /seat 0 (played|chooses to play)/.test(document.querySelector('.log-list')?.textContent || ''), hand, { timeout: 5000 });
      played = true;
    } else {
      await owner.waitForTimeout(100);
    }
  }
  check(played, 'a card was played by clicking');
  await owner.waitForFunction(() => /seat 0 played \d+/.test(document.querySelector('.log-list')?.textContent || ''), null, { timeout: 5000 });
  await owner.context().close();
}

// HTTP serves the UI and the records of ended games, nothing else.
async function httpServesOnlyTheUi(browser, base) {
  const page = await newPage(browser);
  const t = await createTable(page, base, 'no-thanks', ['you', 'human', 'human']);
  await page.context().close();
  const get = async (path) => {
    const r = await fetch(`${base}${path}`, { redirect: 'manual' });
    return { status: r.status, text: await r.text(), type: r.headers.get('content-type'),
      csp: r.headers.get('content-security-policy') };
  };
  const index = await get('/');
  check(index.status === 200 && /text\/html/.test(index.type) && /default-src 'self'/.test(index.csp), 'the page is served, with a CSP');
  check((await get('/app.js')).status === 200, 'the scripts are served');
  for (const p of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/src/server/hub.c', '/tabula.db', '/api/records/../../etc/passwd',
    '/api/records/0123456789abcdef.json', '/index.html/../../Makefile']) {
    const r = await get(p);
    check(r.status === 404 && !/root:/.test(r.text), `${p} is not served (${r.status})`);
  }
  const running = await get(`/api/records/${t.table}.json`);
  check(running.status === 403 && !running.text.includes('"deal"'), 'no record of a game being played');
  const post = await fetch(`${base}/`, { method: 'POST', body: 'x' });
  check(post.status >= 400, `POST is refused (${post.status})`);
}

async function linksLockOut(browser, base) {
  const owner = await newPage(browser);
  const t = await createTable(owner, base, 'no-thanks', ['you', 'human', 'human']);
  check(t.invite.includes(`/#/join/${t.table}/`), 'the invite link has its own secret');
  // The browser keeps its own seat's link only, and can forget it.
  await owner.goto(`${base}/#/finished`);
  await owner.goto(`${base}/#/`);
  await owner.waitForSelector('#my-tables li');
  const kept = await owner.locator('#my-tables li').allInnerTexts();
  check(kept.length === 1 && kept[0].includes('seat 0'), `only the creator's seat is kept (${kept})`);
  await owner.click('#my-tables .forget');
  check(await owner.locator('#my-tables li').count() === 0, 'forgotten from the list');
  const stored = await owner.evaluate(() => localStorage.getItem('tabula.tables'));
  check(!stored.includes(t.table), 'and from the browser\'s storage');
  // The spectators' link, and the same turned into an invite: no seat.
  const spy = await newPage(browser);
  await spy.goto(t.watch);
  await spy.waitForSelector('.topbar .where');
  check((await spy.locator('.topbar .where').innerText()).startsWith('spectator'), 'the spectator link watches');
  await spy.goto(`${base}/#/join/${t.table}`);
  await spy.waitForSelector('.problem');
  check(await spy.locator('.seat.you').count() === 0, 'a spectator link turned into an invite takes no seat');
  // The invite: the first free seat (seat 1: seat 0 is the creator's).
  const friend = await newPage(browser);
  await friend.goto(t.invite);
  await friend.waitForSelector('.seat.you');
  check((await friend.locator('.seat.you').getAttribute('data-seat')) === '1', 'the invite opens seat 1');
  await friend.waitForFunction(() => /#\/t\/[0-9a-f]+\/[0-9a-f]+/.test(location.hash));
  const oldLink = friend.url();
  // The friend makes a new link for the seat: the old one stops working.
  friend.on('dialog', (d) => d.accept());
  await friend.click('#reissue');
  await friend.waitForSelector('#seat-link');
  const newLink = await friend.locator('#seat-link').inputValue();
  check(newLink !== oldLink, 'a new link');
  const thief = await newPage(browser);
  await thief.goto(oldLink);
  await thief.waitForSelector('.problem');
  check(await thief.locator('.seat.you').count() === 0, 'the old link opens no seat');
  check(/replaced/.test(await thief.locator('.problem').innerText()), 'the old link is said to be replaced');
  await friend.waitForSelector('.seat.you');
  check(await friend.locator('.problem').count() === 0, 'the friend keeps the seat');
  for (const p of [owner, spy, friend, thief]) await p.context().close();
}

async function everyGame(browser, base) {
  const page = await newPage(browser);
  await page.goto(`${base}/#/`);
  await page.waitForSelector('#game option', { state: 'attached' });
  const games = await page.locator('#game option').evaluateAll((os) => os.map((o) =>
    ({ id: o.value, min: Number(/\((\d+)-/.exec(o.textContent)[1]) })));
  await page.screenshot({ path: `${shots}/lobby.png`, fullPage: true });
  const phone = await newPage(browser, PHONE);
  await phone.goto(`${base}/#/`);
  await phone.waitForSelector('#game option', { state: 'attached' });
  await phone.screenshot({ path: `${shots}/lobby-phone.png`, fullPage: true });
  const fits = async (what) => {
    const w = await phone.evaluate(() => document.documentElement.scrollWidth);
    check(w <= PHONE.width + 1, `${what} fits a phone's width (${w} px)`);
  };
  await fits('the lobby');
  // The games played whole by clicking have their screenshots already.
  const played = new Set([...CLICK_GAMES.map((g) => g.id), 'mysterium']);
  for (const { id, min } of games.filter((g) => !played.has(g.id))) {
    const players = Math.max(min, 2);
    const seats = ['you'];
    for (let j = 1; j < players; j++) seats.push('random');
    if (players === 1) seats.length = 1;
    const t = await createTable(page, base, id, seats.slice(0, Math.max(min, seats.length)), {}, { tick: 500 });
    await page.goto(t.links[0]);
    await page.waitForSelector('.seat.you');
    // A few moves, to reach the middle of a game.
    for (let k = 0; k < 6; k++) {
      await page.waitForTimeout(350);
      if (await page.locator('.end h2').count()) break;
      if ((await page.locator('#moves button.move').count()) === 0) continue;
      await clickSomeMove(page).catch(() => {});
    }
    await page.waitForTimeout(400);
    check(await page.locator('#board').count() === 1, `${id}: the table is drawn`);
    check(!(await page.locator('body').innerText()).includes('[object'), `${id}: every value of the view is drawn as what it is`);
    await page.screenshot({ path: `${shots}/${id}.png`, fullPage: true });
    await phone.goto(t.links[0].replace(/\/t\//, '/t/'));
    await phone.waitForSelector('.seat.you, .problem');
    // The desktop page holds the seat: the phone moves it (takeover).
    const use = phone.locator('.problem button.primary');
    if (await use.count()) await use.click();
    await phone.waitForSelector('.seat.you');
    await phone.waitForTimeout(300);
    await phone.screenshot({ path: `${shots}/${id}-phone.png`, fullPage: true });
    await fits(`${id}'s table`);
  }
  await page.context().close();
  await phone.context().close();
}


// ---------------------------------------------------------------- whole games by clicking

// Each game with short options and fast bots, so that a whole game is a
// few dozen of the person's moves.
const CLICK_GAMES = [
  { id: 'mystique', seats: 2, options: { skirmishes: 1 } },
  { id: 'mystique-pillars', seats: 2, options: { turns: 20 } },
  { id: 'mystique-chain', seats: 2 },
  { id: 'mystique-energy', seats: 2 },
  { id: 'battle-for-the-suns', seats: 2 },
  { id: 'mystique-domination', seats: 4, options: { target: 10 } },
  { id: 'mystique-circle', seats: 3, options: { target: 5 } },
  { id: 'up-and-down', seats: 2 },
  { id: 'mystique-maze', seats: 2, options: { rounds: 10 } },
  { id: 'chain-of-restraints', seats: 2 },
  { id: 'mystical-eddies', seats: 3, options: { rounds: 1 } },
  { id: 'mystique-guilds', seats: 2 },
  { id: 'clique-mystique', seats: 2 },
  { id: 'the-game', seats: 2 },
  { id: 'take-5', seats: 3 },
  { id: 'dicht-dran', seats: 3 },
  { id: '6-nimmt', seats: 3, options: { 'single-round': true } },
  { id: 'no-thanks', seats: 3 },
  { id: 'the-mind', seats: 2, tick: 400 },
  { id: 'schotten-totten', seats: 2 },
  { id: 'mystery-city', seats: 2, options: { limit: 10 } },
  { id: 'myst', seats: 2, tick: 300, bot: 'nearest' },
];

// What the page shows now, and the checks every page must pass: no
// page-level sideways scroll, at most 30 move buttons, every card of the
// hand drawn as a card, whose turn it is shown.
async function look(page) {
  return page.evaluate(() => {
    const q = (s) => document.querySelectorAll(s);
    const hand = document.getElementById('hand');
    const status = document.getElementById('status')?.textContent.trim() || '';
    return {
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
      buttons: q('#moves button.move:not(.back)').length,
      handWant: hand && hand.dataset.count !== undefined ? Number(hand.dataset.count) : null,
      handDrawn: q('#hand .card-wrap').length,
      ended: q('.end h2').length > 0,
      status,
      turnShown: q('.seat.turn, .seat-chip.turn').length > 0 || /^Tick|Your turn|thinking|Waiting/.test(status),
      playing: !/over|out of order/.test(status),
      where: document.querySelector('.topbar .where')?.textContent || '',
      targets: q('#board .target, #hand .target').length,
      selected: q('#board .selected, #hand .selected').length,
      playable: q('#board .playable, #hand .playable').length,
      handPlayable: q('#hand .playable').length,
      moveButtons: q('#moves button.move[data-move], #moves button.move.group').length,
    };
  });
}

// Plays the person's seat to the end by clicking: a thing the selection
// can go on with (a target) first, else a card or place on the table or a
// move button, at random.
async function playByClicking(page, name, deadlineMs) {
  const t0 = Date.now();
  let clicks = 0, shotMid = false;
  const seen = { buttonsMax: 0 };
  await page.waitForSelector('#board .felt, #board .board-wrap, #board .generic');
  await page.screenshot({ path: `${shots}/${name}-start.png`, fullPage: true });
  for (;;) {
    const s = await look(page);
    check(s.scroll <= s.width + 1, `${name}: no sideways scroll of the page (${s.scroll} > ${s.width})`);
    check(s.buttons <= 30, `${name}: at most 30 move buttons (${s.buttons})`);
    if (s.handWant !== null) check(s.handDrawn === s.handWant, `${name}: every card in hand drawn (${s.handDrawn} of ${s.handWant})`);
    seen.buttonsMax = Math.max(seen.buttonsMax, s.buttons);
    if (s.ended) break;
    if (process.env.TRACE && new RegExp(process.env.TRACE).test(name)) console.log(`${name} ${Date.now() - t0} ms: ${s.status} | ${s.where} | targets ${s.targets} playable ${s.playable} buttons ${s.moveButtons}`);
    check(Date.now() - t0 < deadlineMs, `${name}: the game ends within ${deadlineMs / 1000} s (${clicks} clicks; ${s.status})`);
    if (s.playing && s.status) check(s.turnShown, `${name}: whose turn it is is shown (${s.status})`);
    let target = null;
    const r = Math.random();
    if (s.targets && r < 0.8) target = page.locator('#board .target, #hand .target');
    else if (s.selected && s.moveButtons && r < 0.9) target = page.locator('#moves button.move[data-move]:not([data-move="pass"]), #moves button.move.group');
    else if (s.handPlayable && r < 0.6) target = page.locator('#hand .playable');
    else if (s.playable && (r < 0.75 || !s.moveButtons)) target = page.locator('#board .playable, #hand .playable');
    else if (s.moveButtons) {
      // Passing is left for when nothing else is offered, so that a game
      // does not end at once on two passes (Clique Mystique).
      target = page.locator('#moves button.move[data-move]:not([data-move="pass"]), #moves button.move.group');
      if (!(await target.count())) target = page.locator('#moves button.move[data-move]');
    }
    if (!target) {
      await page.waitForTimeout(60);
      continue;
    }
    const n = await target.count();
    if (!n) continue;
    try {
      await target.nth(Math.floor(Math.random() * n)).click({ timeout: 1500 });
      clicks++;
    } catch {
      // The table was drawn again under the click (a bot moved, a tick
      // passed): look again.
    }
    await page.waitForTimeout(25);
    if (!shotMid && clicks >= 12) {
      shotMid = true;
      if (process.env.VIEWPORT_SHOTS) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/${name}-middle.png`, fullPage: !process.env.VIEWPORT_SHOTS });
    }
  }
  if (!shotMid) await page.screenshot({ path: `${shots}/${name}-middle.png`, fullPage: !process.env.VIEWPORT_SHOTS });
  await page.screenshot({ path: `${shots}/${name}-end.png`, fullPage: true });
  check(clicks >= 2, `${name}: the person clicked moves (${clicks})`);
  return { clicks, seconds: (Date.now() - t0) / 1000 };
}

// MYST's race at the lobby's default pace: a newcomer who reads the board
// for 4 s before clicking a space still places the piece in that tick.
async function mystNewcomerPlacesAPiece(browser, base) {
  const page = await newPage(browser, PHONE);
  const t = await createTable(page, base, 'myst', ['you', 'heuristic']);
  await page.goto(t.links[0]);
  // The first Key Landmark: a button.
  const key = page.locator('#moves button.move[data-move]').first();
  await key.waitFor();
  await key.click();
  await page.waitForSelector('.myst-space.playable', { timeout: 20000 });
  const tick0 = await status(page);
  await page.waitForTimeout(4000);
  check((await status(page)) === tick0, `the tick waits for a person reading for 4 s (${tick0} -> ${await status(page)})`);
  const space = page.locator('.myst-space.playable').first();
  const cell = await space.getAttribute('data-cell');
  await space.click();
  await page.waitForFunction((c) => new RegExp(`yellow places ${c}`).test(document.querySelector('.log-list')?.textContent || ''), cell, { timeout: 10000 });
  await page.screenshot({ path: `${shots}/myst-newcomer-phone.png`, fullPage: true });
  await page.context().close();
}

async function wholeGameByClicking(browser, base, g) {
  const run = async (size, tag) => {
    const page = await newPage(browser, size);
    const seats = ['you'];
    for (let j = 1; j < g.seats; j++) seats.push(g.bot || 'heuristic');
    const t = await createTable(page, base, g.id, seats, g.options || {}, { tick: g.tick || 500 });
    await page.goto(t.links[0]);
    const r = await playByClicking(page, `${g.id}-${tag}`, Number(process.env.GAME_SECONDS || 90) * 1000);
    await page.context().close();
    return `${tag} ${r.clicks} clicks ${r.seconds.toFixed(0)} s`;
  };
  const out = await Promise.all([run(DESKTOP, 'desktop'), run(PHONE, 'phone')]);
  if (process.env.DEBUG) console.log(`      ${g.id}: ${out.join(', ')}`);
}

// ---------------------------------------------------------------- Mysterium by clicking

// The motifs of the cards on a Mysterium page, read from the pictures'
// labels ("vision #12: red, owl (2)", "the Cook (cook): red, fire, ..."),
// and what the page offers: the test plays as a person would, from what is
// drawn.
async function mystLook(page) {
  return page.evaluate(() => {
    const motifsOf = (svg) => {
      const l = svg ? svg.getAttribute('aria-label') || '' : '';
      const i = l.lastIndexOf(': ');
      return i < 0 ? [] : l.slice(i + 2).split(', ').map((m) => m.replace(/ \(\d\)$/, ''));
    };
    const cards = {};
    for (const w of document.querySelectorAll('.myst-pcard')) cards[w.dataset.name] = motifsOf(w.querySelector('svg'));
    const psychics = [...document.querySelectorAll('.myst-psychic')].map((z) => ({
      n: Number(z.dataset.psychic),
      mine: z.classList.contains('mine'),
      acting: z.classList.contains('acting'),
      target: z.classList.contains('target'),
      secret: [...z.querySelectorAll('.myst-secret .myst-name')].map((e) => e.getAttribute('title')),
      wrong: z.querySelectorAll('.myst-wrong s').length,
      visions: [...z.querySelectorAll('.myst-visions svg')].map(motifsOf),
    }));
    const hand = [...document.querySelectorAll('.myst-hand .myst-vision')].map((w) => ({
      id: Number(w.dataset.vision), motifs: motifsOf(w.querySelector('svg')),
      playable: w.classList.contains('playable'), selected: w.classList.contains('selected') }));
    const groups = [...document.querySelectorAll('.myst-group')].map((z) => ({
      g: Number(z.dataset.group), playable: z.classList.contains('playable'), selected: z.classList.contains('selected'),
      cards: [...z.querySelectorAll('.myst-gcard svg')].map(motifsOf) }));
    const guessable = [...document.querySelectorAll('.myst-pcard.playable')].map((w) => w.dataset.name);
    const hourEl = document.querySelector('.myst-hour.now');
    return { cards, psychics, hand, groups, guessable,
      hour: hourEl ? hourEl.textContent : '',
      tokBtns: document.querySelectorAll('.myst-tok-btn').length,
      buttons: [...document.querySelectorAll('#moves button.move[data-move]')].map((b) => b.dataset.move) };
  });
}

const shared = (a, b) => a.filter((m) => b.includes(m)).length;

// Plays Mysterium's seat by clicking to the end: as the ghost, for a
// psychic the card of its hand that shares most with its secret card,
// selected, then the psychic clicked; in the epilogue a group and its
// three best cards.  As a psychic, the card of its row that shares most
// with its visions; a ✓ or ✗ on another's guess now and then, then Done;
// a vote for the group its shared vision fits best.  Every page passes
// the checks of every game's table (look); screenshots at the start, in
// the middle (hour II or later, a selection or a choice shown) and at the
// end.
async function mysteriumByClicking(page, name, deadlineMs) {
  const t0 = Date.now();
  let clicks = 0, shotMid = false, shotEpi = false, culprit = false, votes = 0, guesses = 0, gives = 0, tokens = 0;
  await page.waitForSelector('#board .myst');
  await page.screenshot({ path: `${shots}/${name}-start.png`, fullPage: true });
  const middle = async () => {
    if (shotMid) return;
    shotMid = true;
    if (process.env.VIEWPORT_SHOTS) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/${name}-middle.png`, fullPage: !process.env.VIEWPORT_SHOTS });
  };
  const click = async (loc) => {
    try {
      await loc.click({ timeout: 1500 });
      clicks++;
      await page.waitForTimeout(40);
      return true;
    } catch {
      return false;
    }
  };
  for (;;) {
    const s = await look(page);
    check(s.scroll <= s.width + 1, `${name}: no sideways scroll of the page (${s.scroll} > ${s.width})`);
    check(s.buttons <= 30, `${name}: at most 30 move buttons (${s.buttons})`);
    if (s.handWant !== null) check(s.handDrawn === s.handWant, `${name}: every card in hand drawn (${s.handDrawn} of ${s.handWant})`);
    if (s.ended) break;
    check(Date.now() - t0 < deadlineMs, `${name}: the game ends within ${deadlineMs / 1000} s (${clicks} clicks; ${s.status})`);
    if (s.playing && s.status) check(s.turnShown, `${name}: whose turn it is is shown (${s.status})`);
    check(await page.locator('button.move[data-move^="give"]').count() <= 6, `${name}: no list of gives`);
    const hand = await page.evaluate(() => {
      const z = document.querySelector('.myst-handzone');
      return z ? { want: Number(z.dataset.count), drawn: z.querySelectorAll('.myst-vision').length } : null;
    });
    if (hand) check(hand.want === hand.drawn, `${name}: every card of the ghost's hand drawn (${hand.drawn} of ${hand.want})`);
    if (s.status !== 'Your turn.') {
      await page.waitForTimeout(60);
      continue;
    }
    const m = await mystLook(page);
    const late = m.hour && m.hour !== 'I';
    if (!shotEpi && m.groups.some((g) => g.playable)) {
      shotEpi = true;
      await page.screenshot({ path: `${shots}/${name}-epilogue.png`, fullPage: true });
    }
    if (m.hand.length && m.groups.some((g) => g.playable)) {
      // The ghost's epilogue: a group, then its three best cards.
      let g = m.groups.find((x) => x.selected);
      if (!g) {
        g = m.groups.filter((x) => x.playable)[0];
        await click(page.locator(`.myst-group[data-group="${g.g}"]`));
        continue;
      }
      const sel = m.hand.filter((c) => c.selected);
      if (sel.length < 3) {
        const score = (c) => Math.max(...g.cards.map((pc) => shared(c.motifs, pc)));
        const best = m.hand.filter((c) => !c.selected && c.playable).sort((a, b) => score(b) - score(a))[0];
        await click(page.locator(`.myst-hand .myst-vision[data-vision="${best.id}"]`));
        if (sel.length === 2) await middle();
        continue;
      }
      const confirm = page.locator('.myst-handbar button.move.confirm');
      if (await confirm.count()) { if (await click(confirm)) culprit = true; continue; }
      await click(page.locator('.myst-handbar button.move.back'));
      continue;
    }
    if (m.hand.length && m.hand.some((c) => c.playable)) {
      // The ghost's visions: for each psychic with a secret left, its best
      // card; the first psychic it can be given to gets it.
      if (m.hand.some((c) => c.selected)) {
        const target = m.psychics.find((p) => p.target);
        if (late) await middle();
        if (target && await click(page.locator(`.myst-psychic[data-psychic="${target.n}"]`))) { gives++; continue; }
        await click(page.locator('.myst-handbar button.move.back'));
        continue;
      }
      const open = m.psychics.filter((p) => p.secret.length);
      open.sort(() => Math.random() - 0.5);
      let done = false;
      for (const p of open) {
        const want = m.cards[p.secret[0]] || [];
        const best = m.hand.filter((c) => c.playable).sort((a, b) => shared(b.motifs, want) - shared(a.motifs, want))[0];
        if (!best) break;
        await click(page.locator(`.myst-hand .myst-vision[data-vision="${best.id}"]`));
        const ok = await page.locator(`.myst-psychic[data-psychic="${p.n}"].target`).count();
        if (ok) {
          if (late) await middle();
          await click(page.locator(`.myst-psychic[data-psychic="${p.n}"]`));
          gives++;
          done = true;
          break;
        }
        await click(page.locator('.myst-handbar button.move.back'));
      }
      if (done) continue;
      // No psychic named by the content: any card, any psychic that takes it.
      await click(page.locator('.myst-hand .myst-vision.playable').first());
      const any = page.locator('.myst-psychic.target');
      if (await any.count()) { await click(any.first()); gives++; continue; }
    }
    if (m.guessable.length) {
      const me = m.psychics.find((p) => p.mine && p.acting) || m.psychics.find((p) => p.mine) || { visions: [] };
      const score = (nm) => me.visions.reduce((t, vm) => t + shared(vm, m.cards[nm] || []), 0) + Math.random() * 0.5;
      const best = m.guessable.sort((a, b) => score(b) - score(a))[0];
      if (late) await middle();
      if (await click(page.locator(`.myst-pcard[data-name="${best}"]`))) guesses++;
      continue;
    }
    if (m.tokBtns && Math.random() < 0.5) {
      const btn = page.locator('.myst-tok-btn');
      if (late) await middle();
      if (await click(btn.nth(Math.floor(Math.random() * m.tokBtns)))) tokens++;
      continue;
    }
    if (m.groups.some((g) => g.playable)) {
      await middle();
      const pick = m.groups.filter((g) => g.playable);
      if (await click(page.locator(`.myst-group[data-group="${pick[Math.floor(Math.random() * pick.length)].g}"]`))) votes++;
      continue;
    }
    if (m.buttons.length) {
      const b = m.buttons.includes('done') ? 'done' : m.buttons[0];
      await click(page.locator(`#moves button.move[data-move="${b}"]`).first());
      continue;
    }
    await page.waitForTimeout(60);
  }
  if (!shotMid) await page.screenshot({ path: `${shots}/${name}-middle.png`, fullPage: !process.env.VIEWPORT_SHOTS });
  await page.screenshot({ path: `${shots}/${name}-end.png`, fullPage: true });
  check(clicks >= 2, `${name}: the person clicked moves (${clicks})`);
  return { clicks, seconds: (Date.now() - t0) / 1000, culprit, votes, guesses, gives, tokens };
}

// Mysterium played whole by clicking, at 4 players (clairvoyance), as the
// ghost and as psychic 1, at a desktop's size and a phone's; and at 3
// players as the seat that plays psychics 1 and 2.
async function mysteriumWholeGames(browser, base) {
  const run = async (size, tag, seat, players = 4) => {
    const page = await newPage(browser, size);
    const seats = Array(players).fill('heuristic');
    seats[seat] = 'you';
    const t = await createTable(page, base, 'mysterium', seats, { difficulty: 'easy' });
    await page.goto(t.links[seat]);
    // A spectator (on the psychic's desktop game) sees the table and no
    // ghost's hand.
    let spy = null;
    if (seat === 1 && tag === 'desktop') {
      spy = await newPage(browser, DESKTOP);
      await spy.goto(t.watch);
      await spy.waitForSelector('#board .myst .myst-psychic');
      check(await spy.locator('.myst-hand, .myst-secret, .myst-goal').count() === 0, 'mysterium: a spectator sees no ghost\'s hand and no secret card');
    }
    const r = await mysteriumByClicking(page, `mysterium${seat === 0 ? '-ghost' : ''}-${tag}`, Number(process.env.GAME_SECONDS || 150) * 1000);
    const text = await page.locator('.end').innerText();
    check(/Game over/.test(text), `mysterium ${tag}: the end is shown`);
    if (seat === 0) check(r.gives >= 3, `mysterium ${tag}: the ghost gave visions by clicking (${r.gives})`);
    else check(r.guesses >= 1, `mysterium ${tag}: the psychic guessed by clicking (${r.guesses})`);
    if (spy) await spy.context().close();
    // Its replay draws the same table, move by move.
    if (seat === 0 && tag === 'desktop') {
      await page.click('.end a[href^="#/replay/"]');
      await page.waitForSelector('.replay-controls');
      for (let k = 0; k < 3; k++) await page.click('#next');
      await page.waitForFunction(() => /move 3 of/.test(document.querySelector('.replay-controls .where')?.textContent || ''));
      await page.waitForSelector('#app .board .myst .myst-clock');
      await page.screenshot({ path: `${shots}/mysterium-replay.png`, fullPage: true });
    }
    await page.context().close();
    return { tag, seat, ...r };
  };
  const out = await Promise.all([run(DESKTOP, 'desktop', 0), run(PHONE, 'phone', 0), run(DESKTOP, 'desktop', 1), run(PHONE, 'phone', 1)]);
  // With 3 players a seat plays two psychics, and there is no clairvoyance.
  out.push(await run(PHONE, '3p-phone', 1, 3));
  if (process.env.DEBUG) for (const r of out) console.log(`      mysterium ${r.seat ? 'psychic' : 'ghost'} ${r.tag}: ${JSON.stringify(r)}`);
  // The epilogue, when the team got there, was clicked too.
  for (const r of out) if (r.seat === 0 && r.votes === 0 && r.culprit === false) console.log(`      (mysterium ghost ${r.tag}: the team did not reach the epilogue)`);
  return out;
}

// ---------------------------------------------------------------- main

const { proc, base } = await startServer();
// The whole games by clicking play against bots at a quick pace.
const fastDb = `${db}-fast`;
const fast = await startServer(fastDb, 20);
const browser = await chromium.launch(LAUNCH);
try {
  await test('MYST: a newcomer places a piece at the default pace', () => mystNewcomerPlacesAPiece(browser, base));
  for (const g of CLICK_GAMES) {
    await test(`${g.id}: a whole game by clicking, desktop and phone`, () => wholeGameByClicking(browser, fast.base, g));
  }
  await test('mysterium: a whole game by clicking as the ghost and as a psychic, desktop and phone', () => mysteriumWholeGames(browser, fast.base));
  await test('No Thanks! played to its end by two people and a bot', () => noThanksToTheEnd(browser, base));
  await test('a spectator sees no hidden card', () => spectatorSeesNoHand(browser, base));
  await test('a reload reconnects to the same seat', () => reloadKeepsTheSeat(browser, base));
  await test('a wrong seat link shows the problem alone', () => wrongLinkShowsTheProblemAlone(browser, base));
  await test('Schotten Totten played by clicking to a claimed stone', () => schottenTottenToAClaim(browser, base));
  await test('The Mind runs in real time', () => theMindInRealTime(browser, base));
  await test('HTTP serves only the UI and ended games\' records', () => httpServesOnlyTheUi(browser, base));
  await test('links: a spectator link takes no seat, a reissued link locks the old out', () => linksLockOut(browser, base));
  await test('every other game: a table, a few moves, screenshots', () => everyGame(browser, base));
  await test('no page raised an error', async () => {
    check(pageErrors.length === 0, `page errors:\n${pageErrors.join('\n')}`);
  });
} finally {
  await browser.close();
  // The server stops cleanly on SIGTERM (under the sanitizers: no error,
  // no leak).
  const fastExit = new Promise((ok) => fast.proc.on('exit', (code, sig) => ok({ code, sig })));
  fast.proc.kill('SIGTERM');
  await fastExit;
  for (const f of [fastDb, `${fastDb}-wal`, `${fastDb}-shm`]) rmSync(f, { force: true });
  const exited = new Promise((ok) => proc.on('exit', (code, sig) => ok({ code, sig })));
  proc.kill('SIGTERM');
  const { code, sig } = await exited;
  if (code !== 0) {
    failures++;
    console.log(`FAIL  the server did not stop cleanly (exit ${code}, signal ${sig})`);
  }
  for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
}
console.log(`screenshots in ${shots}`);
console.log(`web: ${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
