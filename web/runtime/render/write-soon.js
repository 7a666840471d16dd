// What a learner cannot see yet is written a little later. A demo's new answer rewrites its tables, heat maps
// and pictures; on a slow phone the browser's style, layout and paint of those far below the control (the lm
// head demo's six tables and its heat map, about 1,800 cells) were half or more of an input's time
// (docs/benchmarks.md). So an element on the screen is written at once, and one beyond it waits:
//   - for idle time after the frame that shows the input, then written an element at a time;
//   - or for the moment it comes onto the screen (an IntersectionObserver), when it is written at once;
//   - a later answer replaces its pending write: only the newest is ever made.
// What is on the screen but is not the input's answer (the greyed text and note of prose.js) waits for idle
// time too.
// Nothing is left stale for good: the idle callback has a timeout, printing writes everything first, and
// while any write waits the page says so (`<html data-writing>`, and aria-busy on each stale element), so
// a screen reader, a test (tests/support/browser.mjs `writesDone`) or a script knows when the numbers are current.

// An idle callback runs once the frames leave time over; a slider held down (a step a frame on a slow phone)
// leaves none, and the timeout writes the waiting elements within half a second all the same [ms].
const IDLE_TIMEOUT = 500;
// A slice writes elements while the idle period has this much left: one table of 529 cells takes about 4 ms
// unthrottled, and a write is never split [ms].
const SLICE_LEFT = 4;

const onScreen = new WeakMap(); // element -> whether the observer last saw it on the screen
const pending = new Map();     // element -> its newest write, oldest first
let observer = null;
let idleQueued = false;
let waiting = false;           // whether any write waits (<html data-writing>)

// requestIdleCallback where the browser has it; elsewhere (Safari) a task after the frame's, which lets the
// frame paint first and spreads the writes over tasks, one slice a task.
const whenIdle = (run) => (typeof requestIdleCallback === 'function'
  ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT })
  : setTimeout(() => run({ didTimeout: true, timeRemaining: () => 0 }), 16));

function writeNow(element, write, late) {
  pending.delete(element);
  if (element.hasAttribute('aria-busy')) element.removeAttribute('aria-busy');
  write(late);
}

function settleIfDone() {
  if (pending.size || !waiting) return;
  document.documentElement.removeAttribute('data-writing');
  waiting = false;
}

function writeWhileIdle(deadline) {
  idleQueued = false;
  // At least one write a callback, so a page never idle (or one timed out) still gets through its queue.
  let first = true;
  for (const [element, write] of pending) {
    if (!first && deadline.timeRemaining() < SLICE_LEFT) break;
    first = false;
    writeNow(element, write, true);
  }
  if (pending.size) queueIdle();
  settleIfDone();
}

function queueIdle() {
  if (idleQueued) return;
  idleQueued = true;
  whenIdle(writeWhileIdle);
}

function seen(entries) {
  for (const { target, isIntersecting } of entries) {
    onScreen.set(target, isIntersecting);
    if (isIntersecting && pending.has(target)) writeNow(target, pending.get(target), true);
  }
  settleIfDone();
}

/**
 * Follows whether `element` is on the screen, if only by its edge, from now on: call it as the element is made.
 * What lies just beyond the screen waits too (written at once, it added up to half to an input's layout:
 * docs/page-performance.md): its idle write comes a frame or two after the input, before a learner scrolls, and
 * a scroll that outruns it shows the old numbers, marked busy, for a frame.
 */
export function watch(element) {
  if (onScreen.has(element) || typeof IntersectionObserver !== 'function') return;
  observer ??= new IntersectionObserver(seen);
  onScreen.set(element, true);  // until the observer has seen it (after the next frame), it counts as on the screen
  observer.observe(element);
}

/**
 * Makes `write` (an update of `element`'s contents) now if `element` is on the screen or was never watched,
 * else once the page is idle or the element comes onto the screen, whichever is first; a later call for the
 * same element replaces a write still waiting. `write(late)` is told whether it was made later than asked.
 */
export function writeSoon(element, write) {
  if (onScreen.get(element) !== false) writeNow(element, write, false);
  else writeAfterFrame(element, write);
}

/**
 * Makes `write` (an update of `element` that is not the answer to the learner's input, such as a note about the
 * text) once the page is idle after the frame that shows the input, on the screen or not; a later call for the
 * same element replaces a write still waiting.
 */
export function writeAfterFrame(element, write) {
  pending.set(element, write);
  if (!element.hasAttribute('aria-busy')) element.setAttribute('aria-busy', 'true');
  if (!waiting) {
    waiting = true;
    document.documentElement.setAttribute('data-writing', '');
  }
  queueIdle();
}

/** Stops following `element`, taken off the page for good: a write still waiting for it is dropped. */
export function forget(element) {
  observer?.unobserve(element);
  onScreen.delete(element);
  if (pending.delete(element)) settleIfDone();
}

/** Makes every waiting write now (before printing, say). */
export function writeAll() {
  for (const [element, write] of pending) writeNow(element, write, true);
  settleIfDone();
}

if (typeof addEventListener === 'function') addEventListener('beforeprint', writeAll);
