// The lesson's sentences read the demo's result (web/runtime/prose.js, docs/lesson-format.md): live numbers and
// claim phrases follow the result, paragraphs written for the preset keep their numbers and are greyed once
// the demo leaves it, with one note that brings it back. On a small page in linkedom's DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';

const { document } = parseHTML(`<html><body><main>
  <p>The miss is <span data-num="lab.miss_cm" data-digits="2">0.07</span> cm,
     <span data-claim="lab.size" data-is="small">small</span><span data-claim="lab.size" data-is="large" hidden>large</span>;
     <span data-num="lab.third">1</span> <span data-num="other.miss_cm">5</span></p>
  <p data-defaults="lab">At the defaults the miss is <span data-num="lab.miss_cm" data-digits="2">0.07</span> cm.</p>
  <div class="demo" data-instance="lab"></div><details class="demo-source"></details>
</main></body></html>`);
globalThis.document = document;
globalThis.CSS = { escape: (s) => s };
const { renderProse, attachDefaultsNotes } = await import('../../web/runtime/prose.js');
const { createDemoState } = await import('../../web/runtime/state.js');
const { writeAll } = await import('../../web/runtime/render/write-soon.js');

const live = () => document.querySelector('p:not([data-defaults]) [data-num="lab.miss_cm"]');
const shown = () => [...document.querySelectorAll('[data-claim="lab.size"]')].filter((s) => !s.hidden).map((s) => s.dataset.is);

test('prose: a live number shows the result with its digits, and a number the result lacks shows a dash, not an old value', () => {
  renderProse('lab', { numbers: { miss_cm: 1.2345 }, claims: { size: 'large' } });
  assert.equal(live().textContent, '1.23');
  assert.equal(document.querySelector('[data-num="lab.third"]').textContent, '—');
  assert.equal(document.querySelector('[data-num="other.miss_cm"]').textContent, '5', 'another instance\'s number is left alone');
  assert.deepEqual(shown(), ['large']);
});

test('prose: a paragraph written for the preset keeps the preset\'s numbers', () => {
  renderProse('lab', { numbers: { miss_cm: 9 }, claims: { size: 'small' } });
  assert.equal(document.querySelector('[data-defaults] [data-num]').textContent, '0.07');
  assert.deepEqual(shown(), ['small']);
});

test('prose: leaving the preset greys its paragraphs and shows one note after the demo\'s code, once the change is drawn; its button brings the preset back', () => {
  const state = createDemoState([{ name: 'x', default: 1 }], { x: 1 });
  attachDefaultsNotes('lab', state);
  const note = document.querySelector('.defaults-note[data-for="lab"]');
  const paragraph = document.querySelector('[data-defaults="lab"]');
  assert.equal(note.previousElementSibling.matches('details.demo-source'), true);
  assert.equal(note.hidden, true);
  state.set({ x: 2 });
  assert.equal(note.hidden, true, 'not in the frame that shows the change');
  assert.equal(document.documentElement.hasAttribute('data-writing'), true, 'the page says a write waits');
  writeAll(); // what the idle time after that frame does
  assert.equal(note.hidden, false);
  assert.equal(paragraph.classList.contains('off-preset'), true);
  note.querySelector('button').click();
  assert.deepEqual(state.values, { x: 1 });
  writeAll();
  assert.equal(note.hidden, true);
  assert.equal(paragraph.classList.contains('off-preset'), false);
  note.remove();
});

test('prose: a link that locked a control keeps the note shown, with its button only once the learner moves too', () => {
  const state = createDemoState([{ name: 'x', default: 1 }], { x: 1 });
  attachDefaultsNotes('lab', state, () => true, () => {}, 'locked “X”');
  const note = document.querySelector('.defaults-note[data-for="lab"]');
  assert.equal(note.hidden, false);
  assert.match(note.textContent, /locked “X”/);
  assert.equal(note.querySelector('button').hidden, true);
  state.set({ x: 3 });
  writeAll();
  assert.equal(note.querySelector('button').hidden, false);
  note.remove();
});
