// One short sentence per change for a screen reader (web/runtime/announce.js): what changed and the key
// result, never the whole printout again; the page's first result is not announced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';

const { document } = parseHTML('<html lang="en"><body></body></html>');
globalThis.document = document;
const { changeSentence, createAnnouncer, keyLine, noteChange } = await import('../../web/runtime/announce.js');
const { createDemoState } = await import('../../web/runtime/state.js');

const DECLS = [
  { name: 'divisor', label: 'Multiply the scores by:', type: 'number' },
  { name: 'keys', label: 'Keys', type: 'matrix' },
  { name: 'positions', label: 'Positions', type: 'matrix', input: 'picture' },
];

test('announce: the key line is the first printed line that differs from the last, cut to 100 characters', () => {
  assert.equal(keyLine(['a', 'b', 'c'], ['a', 'x', 'c']), 'b');
  assert.equal(keyLine(['', 'same'], ['', 'same']), 'same', 'nothing differs: the first line with text');
  const long = keyLine(['x'.repeat(150)], null);
  assert.equal(long.length, 100);
  assert.ok(long.endsWith('…'));
});

test('announce: a number is said with its label, a list or a picture\'s value only as changed, and several back at the preset as a reset', () => {
  assert.equal(changeSentence(DECLS, ['divisor'], { divisor: 0.1 + 0.2 }, false), 'Multiply the scores by: 0.3.');
  assert.equal(changeSentence(DECLS, ['keys'], { keys: [[1]] }, false), 'Keys changed.');
  assert.equal(changeSentence(DECLS, ['positions'], { positions: 'x' }, false), 'Positions changed.');
  assert.equal(changeSentence(DECLS, ['divisor', 'keys'], { divisor: 1, keys: [[0]] }, true), 'Back to the lesson\'s values.');
  assert.equal(changeSentence(DECLS, ['divisor', 'keys'], { divisor: 2, keys: [[0]] }, false), 'Multiply the scores by: 2. Keys changed.');
});

test('announce: the first result is silent; a change is one sentence with the output\'s new line, and a picture\'s own words come first', () => {
  const state = createDemoState(DECLS, { divisor: 1, keys: [[0]], positions: [[0, 0]] });
  const announcer = createAnnouncer(DECLS, state);
  state.set({ divisor: 5 });  // a change before the page's first result (a control set as the page opens)
  announcer.result({ printed: ['[0. 0. 1.]'] });
  assert.equal(announcer.element.textContent, '');
  state.set({ divisor: 20 });
  announcer.result({ printed: ['[0.1 0.2 0.7]'] });
  assert.match(announcer.element.textContent, /^Multiply the scores by: 20\..*\[0\.1 0\.2 0\.7\]/);
  assert.equal(announcer.element.querySelector('span').lang, 'en', 'the printout is marked as the program\'s English');
  noteChange(state, 'cup moved to x 31 cm, y 50 cm.');
  state.set({ positions: [[31, 50]] });
  announcer.result({ printed: ['[0.1 0.2 0.7]'], summary: 'miss 0.07 cm' });
  assert.match(announcer.element.textContent, /^cup moved to x 31 cm, y 50 cm\..*miss 0\.07 cm/);
  announcer.result({ printed: ['other'] });
  assert.match(announcer.element.textContent, /cup moved/, 'a redraw with nothing changed says nothing new');
});
