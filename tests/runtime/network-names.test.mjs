// How the page names a network (web/runtime/networks.js, networkName) under Node: by the label the network
// table gives it, which the site build writes on <main> (data-network-labels), and a slot the table does not
// have (a hand-made link's) quoted as it was written. A window and a <main> with only what the module reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { networkLabels } from '../../scripts/lesson-networks.mjs';

const labels = networkLabels();
globalThis.window = { location: new URL('http://127.0.0.1/lm/'), history: { replaceState: () => {} }, addEventListener: () => {} };
globalThis.document = { querySelector: (selector) => (selector === 'main' ? { dataset: { networkLabels: JSON.stringify(labels) } } : null) };
const { networkName } = await import('../../web/runtime/networks.js');

test('network names: a slot is named by its network\'s label in the table, whatever its task', () => {
  assert.equal(networkName('next-character/char-lm'), labels['char-lm']);
  assert.notEqual(labels['char-lm'], 'Char-lm', 'the language model\'s label is not its name capitalised');
  for (const [name, label] of Object.entries(labels)) assert.equal(networkName(`find/${name}`), label);
});

test('network names: a slot whose network the table lacks is quoted as the link wrote it', () => {
  for (const slot of ['find/lstm', 'find/', 'find/constructor', 'find/__proto__']) assert.equal(networkName(slot), `“${slot}”`);
});
