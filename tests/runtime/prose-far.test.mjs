// A sentence far from the screen is written once the page is idle (web/runtime/prose.js, render/write-soon.js),
// and says it is being updated meanwhile; one that quotes two demos is written at once with each result. On a
// small page in linkedom's DOM, with an IntersectionObserver that sees every block far from the screen and
// idle callbacks the test runs itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';

const { document } = parseHTML(`<html><body><main>
  <p id="own">The miss is <span data-num="lab.miss_cm" data-digits="2">0.07</span> cm.</p>
  <p id="both">The lab misses by <span data-num="lab.miss_cm" data-digits="2">0.07</span> cm,
     the other by <span data-num="other.miss_cm" data-digits="2">5.00</span> cm.</p>
</main></body></html>`);
globalThis.document = document;
globalThis.CSS = { escape: (s) => s };
const idle = [];
globalThis.requestIdleCallback = (run) => { idle.push(run); };
globalThis.IntersectionObserver = class {
  constructor(seen) { this.seen = seen; }
  observe(target) { queueMicrotask(() => this.seen([{ target, isIntersecting: false }])); }
  unobserve() {}
};
const { renderProse } = await import('../../web/runtime/prose.js');

const number = (block, instance) => document.querySelector(`#${block} [data-num="${instance}.miss_cm"]`).textContent;
const runIdle = () => { while (idle.length) idle.shift()({ didTimeout: false, timeRemaining: () => 50 }); };

test('prose: a sentence far from the screen waits for idle time, marked busy; one quoting two demos is written at once', async () => {
  renderProse('lab', { numbers: { miss_cm: 1.25 } });
  renderProse('other', { numbers: { miss_cm: 3 } });
  assert.equal(number('own', 'lab'), '1.25', 'before the observer has seen a block, it counts as near');
  await new Promise((resolve) => setTimeout(resolve, 0)); // the observer reports every block far from the screen

  renderProse('lab', { numbers: { miss_cm: 2.5 } });
  renderProse('other', { numbers: { miss_cm: 4 } });
  assert.equal(number('own', 'lab'), '1.25', 'the far sentence waits');
  assert.equal(document.querySelector('#own').getAttribute('aria-busy'), 'true');
  assert.ok(document.documentElement.hasAttribute('data-writing'), 'the page says a write waits');
  assert.equal(number('both', 'lab'), '2.50', 'the sentence quoting two demos has the lab\'s new number');
  assert.equal(number('both', 'other'), '4.00', 'and the other\'s');

  runIdle();
  assert.equal(number('own', 'lab'), '2.50');
  assert.equal(document.querySelector('#own').hasAttribute('aria-busy'), false);
  assert.equal(document.documentElement.hasAttribute('data-writing'), false);
});
