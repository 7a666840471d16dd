// The page's networks (web/runtime/networks.js): which network each slot holds and where it came from, the
// words for it, and the trained ones kept in the address by the settings that train them again.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { networkLabels } from '../../scripts/lesson-networks.mjs';

// The labels the site build writes on <main>, from the network table (tests/runtime/network-names.test.mjs).
globalThis.document = {
  documentElement: { lang: 'en' },
  querySelector: (selector) => (selector === 'main' ? { dataset: { networkLabels: JSON.stringify(networkLabels()) } } : null),
};
globalThis.window = {
  location: new URL('http://127.0.0.1/table/'),
  history: { replaceState: (state, title, url) => { window.location = new URL(url); } },
  addEventListener: () => {},
};
const { addressPending } = await import('../../web/runtime/address.js');
const { createNetworks, describeNetwork, linkedTrainings, trainingText } = await import('../../web/runtime/networks.js');

const written = async () => { while (addressPending()) await new Promise((resolve) => setTimeout(resolve, 10)); };
const open = (search) => { window.location = new URL(`http://127.0.0.1/table/${search}`); };
// A core that takes any weights text but "bad", as the module's loadModel answers.
const core = { maxJsonBytes: 1000, loadModel: (slot, text) => (text === 'bad' ? { ok: false, error: { message: 'not weights' } } : { ok: true }) };
const SLOT = 'find/lookup';

beforeEach(() => open(''));

test('networks: a training is said by its seed, rate and epochs, 0 standing for the lesson\'s choice', () => {
  assert.equal(trainingText({ seed: 3, lr: 0.01, epochs: 30 }), 'seed 3, rate 0.01, 30 epochs');
  assert.equal(trainingText({ seed: 1, lr: 0.5, epochs: 1 }), 'seed 1, rate 0.5, 1 epoch');
  assert.equal(trainingText({ seed: 0, lr: 0, epochs: 0 }), 'seed 0, rate the lesson\'s, the lesson\'s epochs');
});

test('networks: the lesson\'s network loading leaves the address alone; a trained one is kept in it, and going back removes it', async () => {
  const networks = createNetworks(core);
  networks.use(SLOT, 'lesson weights', { kind: 'lesson' });
  assert.equal(addressPending(), false);
  networks.use(SLOT, 'trained weights', { kind: 'trained', config: { seed: 4, lr: 0.02, epochs: 10, task: 'find' } });
  await written();
  assert.equal(new URLSearchParams(window.location.search).get(`net.${SLOT}`), '{"seed":4,"lr":0.02,"epochs":10}');
  networks.backToLesson(SLOT);
  await written();
  assert.equal(window.location.search, '');
  assert.equal(networks.text(SLOT), 'lesson weights');
  assert.deepEqual(networks.origin(SLOT), { kind: 'lesson' });
});

test('networks: weights the core refuses change nothing, and listeners hear only what was loaded', () => {
  const networks = createNetworks(core);
  const heard = [];
  networks.onChange((slot) => heard.push(slot));
  networks.use(SLOT, 'lesson weights', { kind: 'lesson' });
  assert.equal(networks.use(SLOT, 'bad', { kind: 'file', name: 'x.json' }).ok, false);
  assert.equal(networks.text(SLOT), 'lesson weights');
  assert.deepEqual(heard, [SLOT]);
});

test('networks: a link\'s training settings fill what they leave out from the plan\'s defaults, and one the core refuses is named', () => {
  open('?net.find/lookup={"seed":4,"other":1}&net.find/plain-16={"seed":-1}');
  const plan = {
    params: [{ name: 'seed', default: 1 }, { name: 'lr', default: 0.01 }, { name: 'epochs', default: 30 }, { name: 'model', default: 'lookup' }],
    run: (settings) => (settings.seed < 0 ? { ok: false, error: { message: 'seed must be at least 0' } } : { ok: true }),
  };
  const wanted = linkedTrainings(plan);
  assert.deepEqual(wanted.get('find/lookup'), { task: 'find', model: 'lookup', seed: 4, lr: 0.01, epochs: 30 });
  assert.equal(wanted.get('find/plain-16').problem, 'The link\'s value for Plain-16\'s training cannot be used: seed must be at least 0.');
});

test('networks: the line under a demo says whose network it is', () => {
  assert.equal(describeNetwork(SLOT, { kind: 'lesson' }), 'Lookup: the lesson\'s network.');
  assert.equal(describeNetwork(SLOT, { kind: 'trained', config: { seed: 3, lr: 0.01, epochs: 30 } }), 'Lookup: yours, trained in this browser (seed 3, rate 0.01, 30 epochs).');
  assert.equal(describeNetwork(SLOT, { kind: 'file', name: 'mine.json' }), 'Lookup: yours, from the file mine.json.');
  assert.match(describeNetwork(SLOT, undefined), /^Lookup: the figures recorded/);
});
