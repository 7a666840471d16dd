// The list of lessons says, under each, what this browser kept of it (web/runtime/lesson-path.js): demos tried
// and questions answered, never more than the lesson has, and nothing for a lesson not begun.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';
import { MemoryStorage } from '../support/memory-storage.mjs';

globalThis.localStorage = new MemoryStorage();
const store = localStorage.map;
const { recordKey } = await import('../../web/runtime/kept.js');
store.set(recordKey('block'), JSON.stringify({
  title: 'Block', tried: ['stack', 'norm', 'gone'],
  answers: [{ number: 1, answer: 'a' }, { number: 1, answer: 'again' }, { number: 2, answer: '  ' }, { number: 3, answer: 'old', earlier: true }],
}));
store.set(recordKey('robot'), JSON.stringify({ title: 'Robot', tried: ['order'], answers: [] }));
const { document } = parseHTML(`<html><body><ol>
  <li><p class="lesson-progress" data-slug="block" data-demos="2" data-checks="4" hidden></p></li>
  <li><p class="lesson-progress" data-slug="robot" data-demos="1" data-checks="0" hidden></p></li>
  <li><p class="lesson-progress" data-slug="lm" data-demos="5" data-checks="3" hidden></p></li>
</ol></body></html>`);
globalThis.document = document;
await import('../../web/runtime/lesson-path.js');
const line = (slug) => document.querySelector(`[data-slug="${slug}"]`);

test('lesson path: a lesson begun says the demos tried and questions answered, each at most what the lesson has', () => {
  assert.equal(line('block').textContent, 'In this browser you tried 2 of 2 demos and answered 1 of 4 questions.');
  assert.equal(line('block').hidden, false);
});

test('lesson path: a lesson with no questions says only its demos, in the singular for one', () => {
  assert.equal(line('robot').textContent, 'In this browser you tried 1 of 1 demo.');
});

test('lesson path: a lesson not begun says nothing', () => {
  assert.equal(line('lm').hidden, true);
  assert.equal(line('lm').textContent, '');
});
