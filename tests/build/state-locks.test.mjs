// A demo's state (web/runtime/state.js) with locked parameters: the lock holds
// whoever calls set(), not only the disabled control on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDemoState } from '../../web/runtime/state.js';

const declarations = [
  { name: 'blocks', default: 2 },
  { name: 'residual', default: true },
  { name: 'seed', default: 0, follows: ['blocks'] },
];
const preset = { blocks: 4, residual: false, seed: 0 };

test('state: a locked parameter cannot be changed by set, which names it as refused', () => {
  const state = createDemoState(declarations, preset, new Set(['residual']));
  assert.deepEqual(state.set({ residual: true, blocks: 6 }), ['residual']);
  assert.equal(state.get('residual'), false);
  assert.equal(state.get('blocks'), 6);
});

test('state: a locked parameter that follows another keeps its value when the other changes', () => {
  const state = createDemoState(declarations, { ...preset, seed: 7 }, new Set(['seed']));
  state.set({ blocks: 1 });
  assert.equal(state.get('seed'), 7);
});

test('state: reset returns every parameter to the preset', () => {
  const state = createDemoState(declarations, preset, new Set(['residual']));
  state.set({ blocks: 9 });
  state.reset();
  assert.deepEqual(state.values, preset);
  assert.ok(state.isPreset());
});
