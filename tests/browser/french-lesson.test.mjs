// The attention lesson in French (lessons/attention-fr, docs/languages.md): the page says it is French, its
// interface and the core's words are French, the numbers of its sentences are written with a decimal comma,
// and the printouts stay as the program prints them (NumPy and CPython print a point in any language).
// (Its axe and truth checks are in accessibility.test.mjs and truth.test.mjs, with every page's.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, printed, useSite } from '../support/site.mjs';
import fr from '../../web/runtime/strings/fr.js';

const site = useSite();
const text = (page, selector) => page.locator(selector).first().textContent();

test('French lesson: the page is lang="fr", and its interface and the core\'s words are in French', async () => {
  const { page, problems } = await site.open('attention-fr/');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(await page.locator('a.skip').innerText(), fr['page.skip']);
  const worked = demo(page, 'worked');
  assert.equal(await worked.locator('legend').first().innerText(), 'Un exemple détaillé : trois jetons, deux caractéristiques');
  assert.equal(await worked.getByRole('button', { name: fr['demo.reset'] }).count(), 1);
  assert.equal(await worked.getByRole('checkbox', { name: 'Diviser les scores par √d' }).count(), 1);
  assert.ok((await worked.locator('caption').allInnerTexts()).some((c) => c.startsWith('Poids')), 'the tables are titled in French');
  assert.equal(await page.locator('#my-progress h2').innerText(), fr['progress.heading']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('French lesson: the numbers of the text have a decimal comma while the printouts keep the point', async () => {
  const { page, problems } = await site.open('attention-fr/');
  // The sum of token 0's exponentials (2 decimals) and the memory of the cost demo (3), as the sentences write them.
  assert.match(await text(page, '[data-num="worked.token0_exp_sum"]'), /^\d+,\d{2}$/);
  assert.match(await text(page, '[data-num="cost.megabytes_all_heads"]'), /^\d+,\d{3}$/);
  assert.equal(await text(page, '[data-num="worked.token0_scores_text"]'), '0,707 ; 0 et 0,707');
  // The program's own output: NumPy's print, with a point.
  assert.match(await printed(page, 'worked'), /0\.707/);
  assert.doesNotMatch(await printed(page, 'worked'), /\d,\d/);
  assert.equal(await text(page, '[data-num="scaling.soft_weights"]'), '[0.09  0.245 0.665]', 'a quoted printout keeps its point');
  // After an edit, the live number follows in French: a scale of 2.5 reads 2,500.
  await page.evaluate(() => window.attnLesson.demos.get('scaling').state.set({ scale: 2.5 }));
  await page.waitForFunction(() => document.querySelector('[data-num="scaling.scale"]').textContent === '2,500');
  assert.deepEqual(problems, []);
  await page.close();
});
