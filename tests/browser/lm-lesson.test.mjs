// The lesson "A language model you can read" in headless Chromium, used the way a learner uses it:
// type a prompt, read the pictures and sentences follow it, type a character the network has no
// vector for, change the seed and back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nativeCore } from '../support/core.mjs';
import { demo, printed, useSite } from '../support/site.mjs';
import { heatMapsAsDrawn, sameMaps } from '../support/heat-maps.mjs';

const site = useSite();
const lesson = (query = '', viewport) => site.open(`lm/${query}`, viewport);

test('lm page: at the defaults every demo prints what the core prints, with its pictures, and no console errors', async () => {
  const { page, problems } = await lesson();
  for (const [instance, id] of [['embed', 'lm_embed'], ['head', 'lm_head'], ['heads', 'lm_heads'], ['next', 'lm_next']]) {
    assert.equal(await printed(page, instance), nativeCore.run(id, {}).result.printed.join('\n'), instance);
  }
  assert.equal(await demo(page, 'heads').locator('figure.heat-map').count(), 8, 'one heat map per head of each block');
  assert.equal(await demo(page, 'next').locator('.char-bar-list li').count(), 10, 'ten bars');
  assert.deepEqual(problems, []);
});

test('lm page: the head demo\'s Head slider (a whole number declared without a step) moves one head a key, and the demo draws that head', async () => {
  const { page, problems } = await lesson();
  const head = demo(page, 'head');
  await head.getByRole('slider', { name: 'Head (slider)' }).focus();
  await page.keyboard.press('ArrowRight');
  await head.locator('figure.heat-map figcaption', { hasText: 'head 1' }).waitFor();
  assert.equal(await head.getByLabel('Head', { exact: true }).inputValue(), '1', 'the box shows the whole head the slider moved to');
  assert.equal(await printed(page, 'head'), nativeCore.run('lm_head', { head: 1 }).result.printed.join('\n'));
  assert.equal(await head.locator('.control.invalid').count(), 0, 'no control says its value was refused');
  assert.deepEqual(problems, []);
});

test('lm page: a typed prompt changes the heat maps, the bars and the sentences; an unknown character is named', async () => {
  const { page, problems } = await lesson();
  const box = demo(page, 'next').getByLabel('Prompt');
  const before = await page.locator('[data-num="next.top_char"]').first().innerText();
  await box.fill('The weights of a ');
  const expected = nativeCore.run('lm_next', { prompt: 'The weights of a ' }).result.texts.top_char;
  await page.waitForFunction((want) => document.querySelector('[data-num="next.top_char"]').textContent === want, expected);
  assert.ok(before.length > 0);
  await box.fill('naïve');
  const error = demo(page, 'next').locator('.control-text .error');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.innerText(), /“ï”/);
  assert.deepEqual(problems, []);
});

test('lm page: the same seed writes the same text, as natively; another seed another', async () => {
  const { page, problems } = await lesson('?next.seed=9');
  const written = nativeCore.run('lm_next', { seed: 9 }).result.texts.written;
  await page.waitForFunction((want) => document.querySelector('[data-num="next.written"]').textContent === want, written);
  assert.notEqual(nativeCore.run('lm_next', { seed: 10 }).result.texts.written, written);
  assert.deepEqual(problems, []);
});

test('lm page: the heat maps take the other theme\'s colours when the learner switches theme, as a page opened in that theme draws them, and the light ones to print', async () => {
  const { page, problems } = await lesson();
  const maps = () => heatMapsAsDrawn(page, '.demo[data-instance="embed"]');
  const light = await maps();
  await page.locator('#theme-choice').selectOption('dark');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  const dark = await maps();
  assert.ok(!sameMaps(dark, light), 'the colours changed with the theme');
  const opened = await site.open('lm/', undefined, { colorScheme: 'dark' });
  assert.ok(sameMaps(dark, await heatMapsAsDrawn(opened.page, '.demo[data-instance="embed"]')), 'as a page opened in the dark theme draws them');
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  assert.ok(sameMaps(await maps(), light), 'printed light');
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  assert.ok(sameMaps(await maps(), dark), 'dark again after printing');
  assert.deepEqual([...problems, ...opened.problems], []);
});
