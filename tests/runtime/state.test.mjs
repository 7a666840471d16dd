// One demo's state (web/runtime/state.js): the single place its values live. A value that follows others goes
// back to its declared default when one of them changes, a locked value never moves, and listeners hear
// exactly the names that changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDemoState, presetOf } from '../../web/runtime/state.js';

// As the table lesson declares a scene and the positions dragged in it (the positions follow the scene).
const DECLS = [
  { name: 'scene', default: 1 },
  { name: 'positions', default: [[0, 0]], follows: ['scene'] },
  { name: 'seed', default: 3 },
];
const preset = () => presetOf(DECLS, { seed: 5 });

test('state: the preset is each declared default, or the lesson\'s value where it gives one', () => {
  assert.deepEqual(preset(), { scene: 1, positions: [[0, 0]], seed: 5 });
});

test('state: changing a value its follower depends on puts the follower back to its declared default', () => {
  const state = createDemoState(DECLS, preset());
  state.set({ positions: [[4, 2]] });
  state.set({ scene: 2 });
  assert.deepEqual(state.values, { scene: 2, positions: [[0, 0]], seed: 5 });
});

test('state: a follower set together with its leader keeps the value it was given', () => {
  const state = createDemoState(DECLS, preset());
  state.set({ scene: 2, positions: [[1, 1]] });
  assert.deepEqual(state.get('positions'), [[1, 1]]);
});

test('state: a locked value is refused and named, the rest of the same change is applied', () => {
  const state = createDemoState(DECLS, preset(), new Set(['seed']));
  assert.deepEqual(state.set({ seed: 9, scene: 3 }), ['seed']);
  assert.deepEqual(state.values, { scene: 3, positions: [[0, 0]], seed: 5 });
  assert.deepEqual(state.set({ seed: 5 }), [], 'asking for the locked value it has is no refusal');
});

test('state: a listener hears the names that changed, once per change, and nothing for a change to equal values', () => {
  const state = createDemoState(DECLS, preset());
  const heard = [];
  const stop = state.onChange((values, changed) => heard.push(changed));
  state.set({ positions: [[2, 2]] });
  state.set({ scene: 4 });
  state.set({ scene: 4, seed: 5 });
  stop();
  state.set({ seed: 1 });
  assert.deepEqual(heard, [['positions'], ['scene', 'positions']]);
});

test('state: reset brings back the preset, and isPreset compares values, not objects', () => {
  const state = createDemoState(DECLS, preset());
  state.set({ scene: 2, seed: 0 });
  assert.equal(state.isPreset(), false);
  state.set({ scene: 1, seed: 5 });
  assert.equal(state.isPreset(), true, 'a fresh [[0, 0]] after the scene changed back is the preset');
  state.set({ seed: 0 });
  state.reset();
  assert.deepEqual(state.values, preset());
});
