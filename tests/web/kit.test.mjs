// kit.test.mjs - the table kit's move picker (src/server/web/kit.js) on its
// own, without a browser (make test-web runs it first): the moves a
// selection leaves, when a click settles a move, and the buttons shown;
// and Mysterium's selection of sets of cards (src/server/web/mysterium.js).

import assert from 'node:assert/strict';
import { Picker, splitMove, MAX_BUTTONS } from '../../src/server/web/kit.js';
import { parseLegal, selectionMoves } from '../../src/server/web/mysterium.js';

let n = 0;
function test(name, fn) {
  fn();
  n++;
  console.log(`ok    kit: ${name}`);
}

// A picker whose page holds the given things.
function picker(legal, things, split = splitMove) {
  const p = new Picker(legal, split, {});
  for (const t of things) p.onPage.add(t);
  return p;
}

test('a card that is a whole move is played at once', () => {
  const p = picker(['3Ym', '4Bc', 'cast threes'], ['3Ym', '4Bc']);
  assert.equal(p.click('3Ym'), '3Ym');
});

test('a card then a place: the place settles the move', () => {
  const legal = ['3Ym c7', '3Ym b6', '4Rm c7'];
  const p = picker(legal, ['3Ym', '4Rm', 'c7', 'b6']);
  assert.equal(p.click('3Ym'), null);
  assert.equal(p.state('c7'), 'target');
  assert.equal(p.state('4Rm'), 'playable');
  assert.equal(p.click('b6'), '3Ym b6');
});

test('a place first, then the card', () => {
  const p = picker(['3Ym c7', '4Rm c7'], ['3Ym', '4Rm', 'c7']);
  assert.equal(p.click('c7'), null);
  assert.equal(p.click('4Rm'), '4Rm c7');
});

test('a verb that is no thing on the table does not hold the move back', () => {
  const p = picker(['draw A', 'draw B', '5Bs on C'], ['A', 'B', 'C', '5Bs']);
  assert.equal(p.click('B'), 'draw B');
});

test('several cards, then the move is confirmed by its button', () => {
  const legal = ['pass', '3Ys', '1Ym 2Ya', '1Ym 3Ys 2Ya', '3Ys 2Ya'];
  const p = picker(legal, ['1Ym', '2Ya', '3Ys']);
  assert.equal(p.click('3Ys'), null);
  assert.deepEqual(p.buttons().moves.map((m) => m.text), ['3Ys', '1Ym 3Ys 2Ya', '3Ys 2Ya']);
  assert.equal(p.click('2Ya'), null);
  assert.equal(p.click('1Ym'), '1Ym 3Ys 2Ya');
});

test('clicking a picked thing again unpicks it; a thing off the selection starts anew', () => {
  const p = picker(['3Ym c7', '4Rm b6'], ['3Ym', '4Rm', 'c7', 'b6']);
  p.click('3Ym');
  p.click('3Ym');
  assert.deepEqual(p.picked, []);
  p.click('3Ym');
  assert.equal(p.click('4Rm'), null);
  assert.deepEqual(p.picked, ['4Rm']);
});

test('with nothing picked only the moves naming no thing are buttons', () => {
  const p = picker(['draw', 'take 1Ym', 'buy 3Ya'], ['1Ym', '3Ya']);
  assert.deepEqual(p.buttons().moves.map((m) => m.text), ['draw']);
});

test('never more than 30 buttons: many moves are grouped by their next token', () => {
  const legal = [];
  for (let c = 1; c <= 20; c++) for (let s = 1; s <= 9; s++) legal.push(`give ${c} ${s}`);
  const p = picker(legal, []);
  const b = p.buttons();
  assert.equal(b.moves.length, 0);
  assert.ok(b.groups.size <= MAX_BUTTONS && b.groups.size > 1, `${b.groups.size} groups`);
  p.picked.push(...[...b.groups.keys()][0].split(' '));
  assert.ok(p.buttons().moves.length <= MAX_BUTTONS);
});

test('a game splits its own move texts (The Game: 16u1)', () => {
  const split = (m) => { const x = /^(\d+)([ud]\d)$/.exec(m); return x ? [x[1], x[2]] : splitMove(m); };
  const p = picker(['16u1', '16d1', '18u1'], ['16', '18', 'u1', 'd1'], split);
  assert.equal(p.click('16'), null);
  assert.equal(p.click('d1'), '16d1');
});

test('a new position forgets the selection', () => {
  const ui = {};
  const p = new Picker(['3Ym c7', '3Ym b6'], splitMove, ui);
  p.click('3Ym');
  assert.deepEqual(new Picker(['3Ym c7', '3Ym b6'], splitMove, ui).picked, ['3Ym']);
  assert.deepEqual(new Picker(['4Rm c7'], splitMove, ui).picked, []);
});

test('Mysterium: selected cards, in any order, make the gives and the crow that are legal', () => {
  const L = parseLegal(['give 1 19', 'give 1 19 39', 'give 2 19 39', 'give 2 39', 'discard 19 39', 'discard 19']);
  const m = selectionMoves(L, [39, 19]);
  assert.deepEqual([...m.give.entries()], [['1', 'give 1 19 39'], ['2', 'give 2 19 39']]);
  assert.equal(m.discard, 'discard 19 39');
  assert.equal(m.culprit, null);
  assert.deepEqual([...selectionMoves(L, [39]).give.keys()], ['2']);
  assert.equal(selectionMoves(L, []).give.size, 0);
  assert.ok(L.cards.has(19) && L.cards.has(39) && !L.cards.has(41));
});

test('Mysterium: a group and three cards make the culprit move', () => {
  const L = parseLegal(['culprit 2 8 16 31', 'culprit 1 8 16 31', 'discard 8']);
  assert.equal(selectionMoves(L, [31, 8, 16], '2').culprit, 'culprit 2 8 16 31');
  assert.equal(selectionMoves(L, [31, 8], '2').culprit, null);
  assert.equal(selectionMoves(L, [31, 8, 16], null).culprit, null);
});

test('Mysterium: guesses, tokens and votes by what they name; other moves are buttons', () => {
  const L = parseLegal(['guess cook', 'yes 2', 'no 2', 'take 3', 'done', 'pass', 'vote 1', 'skip 2', 'wait 1']);
  assert.equal(L.guess.get('cook'), 'guess cook');
  assert.equal(L.yes.get('2'), 'yes 2');
  assert.equal(L.no.get('2'), 'no 2');
  assert.equal(L.take.get('3'), 'take 3');
  assert.equal(L.vote.get('1'), 'vote 1');
  // "pass" is "done" again: one button; a move this page does not know
  // (the engine may add some) is a button too.
  assert.deepEqual(L.other, ['done', 'skip 2', 'wait 1']);
});

console.log(`kit: ${n} passed, 0 failed`);
