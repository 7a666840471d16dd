// The lesson "Attention and self-attention" in headless Chromium, used the way
// a learner uses it: read, type, share a link, make mistakes, reset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serveFolder } from '../support/server.mjs';
import { demosReady, openPage } from '../support/browser.mjs';
import { ROOT } from '../support/core.mjs';
import { demo, printed, useSite } from '../support/site.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

const SEED_WORKED_EXAMPLE = [
  '[[0.707 0.    0.707]', ' [0.    0.707 0.707]', ' [0.707 0.707 1.414]]',
  '[[0.401 0.198 0.401]', ' [0.198 0.401 0.401]', ' [0.248 0.248 0.503]]',
  '[[0.802 0.599]', ' [0.599 0.802]', ' [0.752 0.752]]',
].join('\n');
const SEED_CAUSAL = '[[1.    0.    0.   ]\n [0.33  0.67  0.   ]\n [0.248 0.248 0.503]]';

const site = useSite();
const lesson = (query = '', viewport) => site.open(`attention/${query}`, viewport);

test('page: at the defaults every demo prints the lesson\'s numbers, with no console errors', async () => {
  const { page, problems } = await lesson();
  assert.equal(await printed(page, 'worked'), SEED_WORKED_EXAMPLE);
  assert.equal(await printed(page, 'scaling'), '[0.09  0.245 0.665]\n[0. 0. 1.]');
  assert.equal(await printed(page, 'causal'), SEED_CAUSAL);
  assert.equal(await printed(page, 'heads'), '(2, 3, 3) (3, 8)');
  assert.match(await printed(page, 'cost'), /T = 196: 196 x 196 = 38,416 weights per head/);
  assert.match(await printed(page, 'cost'), /T = 1,000: 1,000 x 1,000 = 1,000,000 weights per head/);
  assert.equal(await page.locator('.katex').count() > 10, true, 'math is typeset');
  assert.deepEqual(problems, []);
});

test('worked example: editing a cell of X changes the printed numbers, the heatmap and the sentences', async () => {
  const { page, problems } = await lesson();
  const cell = demo(page, 'worked').getByLabel('Tokens X (one row per token), token 2, feature 0');
  await cell.fill('3');
  await page.waitForFunction(() => !document.querySelector('.demo[data-instance="worked"] pre.printed').innerText.includes('0.752 0.752'));
  const text = await printed(page, 'worked');
  assert.notEqual(text, SEED_WORKED_EXAMPLE);
  await page.waitForFunction(() => /worked\.X=/.test(location.search)); // the URL records the change
  const quoted = await page.locator('[data-num="worked.row0_top_weight"]').first().innerText();
  assert.notEqual(quoted, '0.401', 'the sentence quoting row 0 follows the demo');
  assert.deepEqual(problems, []);
});

test('worked example: a shared X with a wide range prints in scientific notation, as NumPy does', async () => {
  // Issue 10's X: the scores span 0.007 to 141, so NumPy switches every entry to the e-notation.
  const X = JSON.stringify([[10, 10], [0.1, -0.1], [0.1, 0]]);
  const { page, problems } = await lesson(`?worked.X=${encodeURIComponent(X)}`);
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="worked"] pre.printed').innerText.includes('e+02'));
  assert.match(await printed(page, 'worked'), /^\[\[1\.41421e\+02 0\.00000e\+00 7\.07000e-01\]\n \[0\.00000e\+00 1\.40000e-02 7\.00000e-03\]/);
  assert.deepEqual(problems, []);
});

test('worked example: a token and a feature can be added and the shapes follow', async () => {
  const { page } = await lesson();
  const worked = demo(page, 'worked');
  await worked.getByRole('button', { name: '+ token' }).click();
  await worked.getByRole('button', { name: '+ feature' }).click();
  await page.waitForFunction(() => document.querySelector('[data-num="worked.output_shape"]').innerText === '(4, 3)');
  assert.equal(await worked.locator('table.matrix.heat tr').count(), 5, 'a 4 x 4 weight table with its header row');
});

test('url: a shared link restores every parameter it carries', async () => {
  const query = '?scaling.scale=2&scaling.scores=[1,2,4]&heads.heads=4&worked.scale_by_sqrt_d=false';
  const { page, problems } = await lesson(query);
  assert.equal(await demo(page, 'scaling').getByLabel('Multiply the scores by', { exact: true }).inputValue(), '2');
  assert.doesNotMatch(await printed(page, 'scaling'), /\[0\.09 /, 'scores [1, 2, 4] give other weights');
  assert.equal(await printed(page, 'heads'), '(4, 3, 3) (3, 8)');
  assert.equal(await demo(page, 'worked').getByLabel('Divide the scores by √d').isChecked(), false);
  assert.match(await printed(page, 'worked'), /^\[\[1\. 0\. 1\.\]/, 'unscaled scores are the raw dot products');
  assert.deepEqual(problems, []);
});

test('bad input: the message sits beside the control, the last good output stays, and fixing it recovers', async () => {
  const { page, problems } = await lesson();
  const scaling = demo(page, 'scaling');
  const box = scaling.getByLabel('Multiply the scores by', { exact: true });
  const before = await printed(page, 'scaling');
  for (const bad of ['abc', 'NaN', 'Infinity', '1000', '-1']) {
    await box.fill(bad);
    const error = scaling.locator('.control.invalid .error');
    await error.waitFor();
    assert.match(await error.innerText(), /“Multiply the scores by” (must be|is too)/, `message for ${bad}`);
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    assert.equal(await printed(page, 'scaling'), before, 'the last good result is still shown');
  }
  await box.fill('20');
  await scaling.locator('.control.invalid').waitFor({ state: 'detached' });
  assert.equal(await printed(page, 'scaling'), '[0.09  0.245 0.665]\n[0. 0. 1.]');
  assert.equal(await scaling.locator('.error:not([hidden])').count(), 0);
  assert.deepEqual(problems, []);
});

test('bad input: rules across parameters are explained too (heads must divide d_model; a fully hidden row)', async () => {
  const { page } = await lesson();
  await demo(page, 'heads').getByLabel('Heads', { exact: true }).fill('3');
  assert.match(await demo(page, 'heads').locator('.control.invalid .error').innerText(), /Heads must divide the embedding width d_model \(8\)/);
  await demo(page, 'causal').getByLabel('Also hide one key from everyone', { exact: true }).fill('0');
  assert.match(await demo(page, 'causal').locator('.control.invalid .error').innerText(), /nothing to read/);
  assert.equal(await printed(page, 'causal'), SEED_CAUSAL, 'the last good table stays');
});

test('heads: the Heads slider stops only at head counts that divide d_model, and d_model\'s only at their multiples', async () => {
  const { page, problems } = await lesson();
  const heads = demo(page, 'heads');
  const values = () => page.evaluate(() => ({ ...window.attnLesson.demos.get('heads').state.values }));
  const press = async (label, key) => {
    await heads.getByLabel(label, { exact: true }).press(key);
    await page.waitForFunction(() => !document.querySelector('.demo[data-instance="heads"] [aria-busy="true"]'));
  };
  await press('Heads (slider)', 'ArrowRight');
  assert.equal((await values()).heads, 4, 'from 2 the next stop at d_model 8 is 4, not the refused 3');
  await press('Heads (slider)', 'ArrowRight');
  assert.equal((await values()).heads, 8);
  await press('Heads (slider)', 'ArrowRight');
  assert.equal((await values()).heads, 8, 'and 8 is the last');
  await press('Embedding width d_model (slider)', 'ArrowRight');
  assert.equal((await values()).d_model, 16, 'with 8 heads the width steps by 8');
  await press('Heads (slider)', 'ArrowLeft');
  assert.equal((await values()).heads, 4);
  assert.equal(await heads.getByLabel('Heads (slider)', { exact: true }).getAttribute('aria-valuetext'), '4', 'a screen reader hears the count, not the stop');
  assert.equal(await heads.locator('.control.invalid').count(), 0, 'no step was refused');
  assert.deepEqual(problems, []);
});

test('bad link: a malformed value in the URL is reported beside its control and the defaults are shown', async () => {
  const { page, problems } = await lesson('?scaling.scale=oops');
  const scaling = demo(page, 'scaling');
  assert.match(await scaling.locator('.control.invalid .error').innerText(), /“Multiply the scores by” must be a number between 0.01 and 100/);
  assert.equal(await printed(page, 'scaling'), '[0.09  0.245 0.665]\n[0. 0. 1.]');
  assert.deepEqual(problems, []);
});

test('reset: "Reset to the lesson\'s values" restores the controls, the output and the URL', async () => {
  const { page } = await lesson('?causal.causal=false');
  const causal = demo(page, 'causal');
  assert.notEqual(await printed(page, 'causal'), SEED_CAUSAL);
  await causal.getByRole('button', { name: 'Reset to the lesson\'s values' }).click();
  await page.waitForFunction(() => !location.search.includes('causal.'));
  assert.equal(await printed(page, 'causal'), SEED_CAUSAL);
  assert.equal(await causal.getByLabel('Causal mask on').isChecked(), true);
});

test('keyboard: a learner can reach a slider by Tab and change it with the arrow keys', async () => {
  const { page } = await lesson();
  await demo(page, 'cost').getByLabel('Tokens T', { exact: true }).focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Heads (slider)');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="cost"] pre.printed').innerText.includes('for 3 heads'));
  const unlabelled = await page.evaluate(() => [...document.querySelectorAll('input, select, textarea, button')]
    .filter((e) => !(e.labels?.length || e.getAttribute('aria-label') || e.textContent.trim()))
    .map((e) => e.outerHTML.slice(0, 80)));
  assert.deepEqual(unlabelled, [], 'every control has a label');
});

test('knowledge check: revealing question 1 shows a live (1, 6, 6) table; question 3 shows the factor 4', async () => {
  const { page } = await lesson();
  const q1 = page.locator('.check').filter({ hasText: 'Question 1' });
  await q1.locator('textarea').fill('6 by 6, rows sum to one');
  await q1.getByText('Reveal the explanation').click();
  assert.equal(await printed(page, 'q1'), '(1, 6, 6) (6, 8)');
  assert.equal(await demo(page, 'q1').locator('table.matrix.heat tr').count(), 7);
  const q3 = page.locator('.check').filter({ hasText: 'Question 3' });
  await q3.getByText('Reveal the explanation').click();
  assert.match(await printed(page, 'q3'), /\(x4\)/);
});

test('loading: if the WebAssembly file cannot be fetched, every demo says so instead of staying blank', async () => {
  const page = await site.browser.context.newPage();
  await page.route('**/core-*.wasm', (route) => route.abort());
  await page.goto(`${site.server.url}attention/`);
  const message = demo(page, 'worked').locator('.problem');
  await message.waitFor({ timeout: 20000 });
  assert.match(await message.innerText(), /could not start/);
  assert.equal(await page.locator('.demo .problem').count(), await page.locator('.demo').count());
  await page.close();
});

test('phone: the page fits a 390 px wide screen without sideways scrolling', async () => {
  const { page, problems } = await lesson('', { width: 390, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  assert.deepEqual(problems, []);
});

test('hosting: the site works from any sub-path of a static server (all URLs are relative)', async () => {
  const top = scratchDir('host-');
  fs.mkdirSync(path.join(top, 'courses/ml'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'site'), path.join(top, 'courses/ml/attention-site'));
  const nested = await serveFolder(top);
  try {
    const visit = await openPage(site.browser.context, `${nested.url}courses/ml/attention-site/index.html`, undefined,
      { demos: false });
    await visit.page.locator('.lesson-list > li > a', { hasText: 'Attention and self-attention' }).click(); // the lesson's own link, not a "builds on" one
    // The lesson's document first: polled while the list was unloading, the page had no document element.
    await visit.page.waitForURL('**/attention-site/attention/');
    await demosReady(visit.page);
    assert.equal(await printed(visit.page, 'worked'), SEED_WORKED_EXAMPLE);
    assert.deepEqual(visit.problems, []);
  } finally {
    nested.close();
    fs.rmSync(top, { recursive: true, force: true });
  }
});

test('attention lesson: with one token, the worked example\'s text speaks of one key, one score and one weight', async () => {
  // Before: "Its dot products with the one keys are 5, … turns them into the scores 3.536".
  const { page, problems } = await site.open(`attention/?worked.X=${encodeURIComponent('[[1,2]]')}`);
  const text = await page.locator('p', { hasText: 'Work token 0 through by hand' }).innerText();
  assert.match(text, /With one token there is one key, its own, and its dot product with it is 5, and dividing by √2 turns it into the score 3\.536\./);
  assert.match(text, /the weight is 1, as a lone key always takes all of it/);
  assert.doesNotMatch(text, /one keys|dot products|the scores|These add up/);
  assert.deepEqual(problems, []);
});

test('attention lesson: with a single score, the scaling text says it takes the whole weight rather than calling it an even split', async () => {
  // Before: "the first row is an even split, because the scores are (nearly) equal and the second an even split too".
  const { page, problems } = await site.open(`attention/?scaling.scores=${encodeURIComponent('[2]')}`);
  const text = await page.locator('p', { hasText: 'At scale 1 the weights are' }).innerText();
  assert.match(text, /With a single score there is nothing to share: softmax gives it the whole weight, 1, at every factor\./);
  assert.doesNotMatch(text, /even split/);
  assert.deepEqual(problems, []);
});
