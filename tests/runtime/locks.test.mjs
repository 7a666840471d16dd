// A teacher's locks and hides (web/runtime/locks.js, docs/lesson-format.md): the lesson's lock beats a link's
// value, a link may lock only at a value the core takes, and what a link asked for and did not get is named.
import { test } from 'node:test';
import assert from 'node:assert/strict';

globalThis.window = { location: new URL('http://127.0.0.1/block/'), addEventListener: () => {} };
const { readLink, linkChanges } = await import('../../web/runtime/locks.js');
const { MAX_UNKNOWN_NAMED } = await import('../../web/runtime/link-values.js');

const DECLS = [
  { name: 'blocks', label: 'Blocks', type: 'number' },
  { name: 'residual', label: 'Residual', type: 'bool' },
  { name: 'norm', label: 'Norm', type: 'bool' },
];
const PRESET = { blocks: 2, residual: true, norm: true };
const demo = (lock = '', hide = '') => ({ dataset: { lock, hide } });
// A core that takes at most 8 blocks, as the stack demo declares.
const accepts = (params) => (params.blocks > 8 ? { ok: false, error: { param: 'blocks', message: '“Blocks” is at most 8' } } : { ok: true });
const link = (search, container = demo(), options = {}) => readLink(container, 'stack', DECLS, PRESET, accepts, { search, ...options });

test('locks: a link locks a parameter at its own value when the core takes it', () => {
  const read = link('?stack.blocks=6&stack.lock=blocks&stack.hide=norm');
  assert.deepEqual(read.preset, { blocks: 6, residual: true, norm: true });
  assert.deepEqual([...read.locks.locked], ['blocks']);
  assert.deepEqual([...read.locks.hiddenByLink], ['norm']);
  assert.deepEqual(read.problems, []);
});

test('locks: the lesson\'s lock beats a link\'s value, and the link is told so', () => {
  const read = link('?stack.blocks=6', demo('blocks'));
  assert.equal(read.preset.blocks, 2);
  assert.deepEqual(read.problems, ['The link you followed sets “Blocks”, which the lesson locks: the lesson\'s value stays.']);
  assert.deepEqual([...read.locks.lockedByLink], []);
});

test('locks: a link that locks a value the core refuses is not locked there, and says why in the core\'s words', () => {
  const read = link('?stack.blocks=12&stack.lock=blocks,residual');
  assert.deepEqual([...read.locks.locked], ['residual']);
  assert.equal(read.preset.blocks, 2);
  assert.equal(read.refused, true);
  assert.deepEqual(read.problems, ['The link you followed locks “Blocks” at a value this demo cannot use, so it is not locked. “Blocks” is at most 8.']);
});

test('locks: names a demo does not have are named one by one up to the limit, then counted', () => {
  const names = Array.from({ length: MAX_UNKNOWN_NAMED + 4 }, (_, i) => `typo${i}`).join(',');
  const read = link(`?stack.lock=${names},blocks`);
  assert.equal(read.problems.length, MAX_UNKNOWN_NAMED + 1);
  assert.match(read.problems[0], /lock “typo0”, which this demo does not have/);
  assert.match(read.problems.at(-1), /names 4 more/);
  assert.deepEqual([...read.locks.locked], ['blocks']);
});

test('locks: in teacher mode a link\'s locks are ticks of the builder, and only the lesson\'s locks hold', () => {
  const read = link('?stack.blocks=6&stack.lock=blocks&stack.hide=norm', demo('residual'), { teaching: true });
  assert.deepEqual([...read.locks.locked], ['residual']);
  assert.deepEqual(read.preset, PRESET);
  assert.deepEqual(read.values, { blocks: 6 });
  assert.deepEqual({ lock: [...read.ticked.lock], hide: [...read.ticked.hide] }, { lock: ['blocks'], hide: ['norm'] });
});

test('locks: what a link changed for the lesson\'s paragraphs is said in the declarations\' order', () => {
  const locks = { lockedByLink: new Set(['norm', 'blocks']), hiddenByLink: new Set(['residual']) };
  assert.equal(linkChanges(locks, DECLS), 'locked “Blocks”, “Norm” and hid “Residual”');
  assert.equal(linkChanges({ lockedByLink: new Set(), hiddenByLink: new Set() }, DECLS), '');
});
