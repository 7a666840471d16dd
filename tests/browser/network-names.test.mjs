// The page names each network as the network table labels it (core/nn/network_table.cpp, written into
// the page by the site build; web/runtime/networks.js, networkName), never by spelling out its slot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, useSite } from '../support/site.mjs';
import { lessonNetworks, networkTable } from '../../scripts/lesson-networks.mjs';

const site = useSite();
const labelOf = (name) => networkTable().find((e) => e.name === name).label;

test('network names: the language model\'s page names its network by the table\'s label, not its slot', async () => {
  const { page, problems } = await site.open('lm/');
  const line = demo(page, 'next').locator('.network-line');
  await line.waitFor();
  const label = labelOf('char-lm');
  assert.match(await line.innerText(), new RegExp(`^${label}: the lesson's network\\.`));
  assert.doesNotMatch(await line.innerText(), /char-lm/i);
  assert.deepEqual(problems, []);
  await page.close();
});

test('network names: the table page\'s buttons and lines name every network it ships by the table\'s label', async () => {
  const { page, problems } = await site.open('table/');
  const onRequest = lessonNetworks('table').filter((n) => n.onRequest);
  assert.ok(onRequest.length > 0, 'the table lesson loads a network on request');
  for (const { name, slot } of onRequest) {
    await page.locator(`.demo[data-load-weights="${slot}"]`).getByRole('button', { name: `Load ${labelOf(name)}'s weights`, exact: false }).waitFor();
  }
  const lines = await demo(page, 'compare').locator('.network-line').innerText();
  for (const name of ['lookup', 'plain-16']) assert.match(lines, new RegExp(`${labelOf(name)}: the lesson's network\\.`));
  assert.deepEqual(problems, []);
  await page.close();
});
