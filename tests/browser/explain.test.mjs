// The explain panel (issue 23) in headless Chromium: a learner clicks a table cell, a number of
// a sentence or of the printout, or reaches one with the keyboard and presses Enter, and the
// panel shows the core's formula, the same with the operands plugged in, and links to each
// operand down to the values the learner set; Escape closes it and gives focus back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, useSite } from '../support/site.mjs';
import { answered, cell, heatCell, openByKeyboard, panelOf, printedAt, sentenceNumber } from '../support/explain-page.mjs';
import { injectAxe } from '../support/axe.mjs';

const site = useSite();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
// Both the panel and the picture's table print 3 decimals: the same value reads the same to a unit of the last.
const SHOWN_DIGITS = 1e-3;

test('a table cell: click shows the formula, the arithmetic plugged in and the operands highlighted; links lead to what the learner set', async () => {
  const { page, problems } = await site.open('attention/', DESKTOP);
  await cell(page, 'worked', 'weights', 0, 2).click();
  const panel = panelOf(page, 'worked');
  await answered(page, 'worked');
  assert.match(await panel.locator('.explain-title').innerText(), /w₀₂/);
  // e^x is typeset with x raised; its text (what a screen reader reads) keeps the caret.
  assert.equal(await panel.locator('.explain-plugged').textContent(), '= e^0.707 / (e^0.707 + e^0 + e^0.707)');
  assert.equal(await panel.locator('.explain-plugged sup').count(), 4);
  assert.equal(await panel.locator('.explain-result').innerText(), '= 0.401');
  assert.match(await panel.locator('.explain-exact').innerText(), /0\.40\d{10,}/, 'the exact value has all its digits');
  assert.equal(await demo(page, 'worked').locator('table[data-name="scores"] td.explain-operand').count(), 3, 'row 0 of the scores is highlighted');
  await panel.getByRole('button', { name: 'the score s₀₀' }).click();
  assert.match(await panel.locator('.explain-title').innerText(), /score s₀₀/);
  await panel.getByRole('button', { name: 'X[0][0], which you set' }).first().click();
  assert.match(await panel.innerText(), /You set this value/);
  assert.equal(await demo(page, 'worked').locator('input.explain-picked').count(), 1, 'the box the learner typed it in is marked');
  await panel.getByRole('button', { name: 'Back' }).click();
  assert.match(await panel.locator('.explain-title').innerText(), /score s₀₀/);
  assert.deepEqual(problems, []);
});

test('keyboard: Enter on a sentence number and on a table cell opens the panel, arrows move between cells, Escape closes and returns focus', async () => {
  const { page, problems } = await site.open('attention/', DESKTOP);
  const panel = await openByKeyboard(page, 'worked', sentenceNumber(page, 'worked.token0_exp_sum'));
  assert.equal(await page.evaluate(() => document.activeElement.className), 'explain-title', 'focus moves to the panel');
  assert.match(await panel.locator('.explain-plugged').innerText(), /^= 2\.028 \+ 1 \+ 2\.028$/);
  await page.keyboard.press('Escape');
  assert.equal(await panel.isHidden(), true);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.num), 'worked.token0_exp_sum', 'focus is back on the number');

  const first = cell(page, 'worked', 'output', 0, 0);
  assert.equal(await first.getAttribute('tabindex'), '0', 'a table is one tab stop');
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await answered(page, 'worked');
  assert.match(await panel.locator('.explain-title').innerText(), /Feature 1 of token 1/);
  assert.match(await panel.locator('.explain-formula').innerText(), /o₁₁ = Σⱼ w₁ⱼ · vⱼ₁/);
  assert.match(await panel.locator('.explain-formula').innerText(), /that is: .*sum over every token/, 'the formula is also said in words');
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.activeElement.closest('table')?.dataset.name), 'output');
  assert.deepEqual(problems, []);
});

test('a number of the printout opens its own explanation, and a sentence quoting several numbers lists them', async () => {
  const { page, problems } = await site.open('attention/', DESKTOP);
  // The third number of the second printed block: the weight w₀₂.
  const box = await page.evaluate(() => {
    const pre = document.querySelector('.demo[data-instance="worked"] pre.printed');
    pre.scrollIntoView({ block: 'center' });
    const text = pre.firstChild;
    const at = text.data.indexOf('[[0.401 0.198 0.401]') + 15;
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 3);
    const r = range.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.mouse.click(box.x, box.y);
  const panel = panelOf(page, 'worked');
  await answered(page, 'worked');
  assert.match(await panel.locator('.explain-title').innerText(), /w₀₂/);
  await page.keyboard.press('Escape');
  await page.locator('[data-num="worked.token0_dots_text"]').first().click();
  await answered(page, 'worked');
  await panel.getByRole('button', { name: 'number 3' }).click();
  assert.match(await panel.locator('.explain-title').innerText(), /dot product of token 0 with token 2/);
  assert.equal(await panel.locator('.explain-plugged').innerText(), '= 1 × 1 + 0 × 1');
  assert.deepEqual(problems, []);
});

test('block lesson: a normalised value shows the mean, variance, gain and shift it came from', async () => {
  const { page, problems } = await site.open('block/', DESKTOP);
  await cell(page, 'norm', 'normalised', 1, 0).click();
  const panel = panelOf(page, 'norm');
  await answered(page, 'norm');
  assert.match(await panel.locator('.explain-formula').innerText(), /y₁₀ = \(x₁₀ − μ₁\) \/ √\(σ₁² \+ ε\) · γ \+ β/);
  assert.equal(await panel.locator('.explain-plugged').innerText(), '= (10 − 25) / √(125 + ε) × 1 + 0');
  await panel.getByRole('button', { name: 'the mean μ₁' }).click();
  assert.equal(await panel.locator('.explain-plugged').innerText(), '= (10 + 20 + 30 + 40) / 4');
  assert.deepEqual(problems, []);
});

test('390 and 1280 px, light and dark: the open panel fits the page and axe finds no violation', async () => {
  const { page, problems } = await site.open('attention/', PHONE);
  await cell(page, 'worked', 'weights', 0, 2).click();
  const panel = panelOf(page, 'worked');
  await answered(page, 'worked');
  await injectAxe(page);
  for (const [size, viewport] of [['390 px', PHONE], ['1280 px', DESKTOP]]) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const fits = await page.evaluate(() => {
        const p = document.querySelector('.demo[data-instance="worked"] .explain-panel');
        return p.scrollWidth <= p.clientWidth && p.getBoundingClientRect().right <= window.innerWidth;
      });
      assert.equal(fits, true, `${size}, ${scheme}: the panel is no wider than the screen`);
      const found = await page.evaluate(async () => (await window.axe.run(document, {
        resultTypes: ['violations'], rules: { 'target-size': { enabled: true } },
      })).violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${n.target.join(' ')}`)));
      assert.deepEqual(found, [], `${size}, ${scheme}`);
    }
  }
  assert.equal(await panel.isVisible(), true);
  assert.deepEqual(problems, []);
});

test('the explanations load on the first click, not with the page: a loading state, then the answer; a failed load says so and a second click tries again', async () => {
  const { page, problems } = await site.open('attention/', DESKTOP);
  const explainCore = await page.evaluate(() => document.querySelector('main').dataset.explainCore);
  assert.ok(explainCore, 'the page names its explain module');
  const fetched = () => page.evaluate((name) => performance.getEntriesByType('resource')
    .filter((e) => e.name.endsWith(`/core-${name}.wasm`)).length, explainCore);
  assert.equal(await fetched(), 0, 'the page loads without the explain module');
  const requests = [];
  page.on('request', (r) => { if (r.url().endsWith(`/core-${explainCore}.wasm`)) requests.push(r.url()); });

  // The first load fails (the connection drops): the panel says so in words.
  assert.deepEqual(problems, []);
  await page.route(`**/core-${explainCore}.wasm`, (route) => route.abort());
  const panel = panelOf(page, 'worked');
  await cell(page, 'worked', 'weights', 0, 2).click();
  await demo(page, 'worked').locator('.explain-panel[data-state="error"]').waitFor();
  assert.match(await panel.innerText(), /could not be loaded.*click the number again/s);
  await page.unroute(`**/core-${explainCore}.wasm`);
  const sinceFailure = problems.length;  // the failed load's own console messages are expected

  // The second click: held until the test lets the module through, so the loading state is seen.
  const before = requests.length;
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(`**/core-${explainCore}.wasm`, async (route) => { await held; await route.continue(); });
  await cell(page, 'worked', 'weights', 0, 2).click();
  await demo(page, 'worked').locator('.explain-panel[data-state="loading"]').waitFor();
  assert.match(await panel.locator('.explain-title').innerText(), /Loading/);
  assert.equal(await panel.getAttribute('aria-busy'), 'true');
  release();
  await answered(page, 'worked');
  assert.match(await panel.locator('.explain-title').innerText(), /w₀₂/);
  assert.equal(await panel.getAttribute('aria-busy'), null);
  await page.unroute(`**/core-${explainCore}.wasm`);

  // Later clicks use the module already loaded.
  await page.keyboard.press('Escape');
  await cell(page, 'worked', 'weights', 1, 0).click();
  await answered(page, 'worked');
  assert.match(await panel.locator('.explain-title').innerText(), /w₁₀/);
  assert.equal(requests.length - before, 1, 'fetched once after the failed load, not again for a later number');
  assert.deepEqual(problems.slice(sinceFailure), [], 'no problem once the module loads');
});

test('a score the causal mask hid says so, and a weight beside it writes the hidden key as e^−∞', async () => {
  const { page, problems } = await site.open('attention/', DESKTOP);
  await cell(page, 'causal', 'masked_scores', 0, 1).click();
  await answered(page, 'causal');
  const panel = panelOf(page, 'causal');
  assert.match(await panel.locator('.explain-title').innerText(), /hidden by the mask/);
  assert.match(await panel.innerText(), /The mask hides this key/);
  assert.match(await panel.locator('.explain-exact').innerText(), /−∞/);
  await page.keyboard.press('Escape');
  await cell(page, 'causal', 'weights', 1, 0).click();
  await answered(page, 'causal');
  assert.match(await panel.locator('.explain-plugged').textContent(), /e\^−∞\)$/);
  assert.deepEqual(problems, []);
});

test('table lesson: a score by hand is q·k/√16 from the query and key tables, down to a weight of the Lookup; the lab\'s weight opens by keyboard', async () => {
  const { page, problems } = await site.open('table/', DESKTOP);
  await cell(page, 'hand', 'steps', 0, 0).click();
  const panel = panelOf(page, 'hand');
  await answered(page, 'hand');
  assert.match(await panel.locator('.explain-formula').innerText(), /sᵢ = Σₙ qₙ kᵢₙ \/ √16/);
  assert.equal(await demo(page, 'hand').locator('table[data-name="query"] td.explain-operand').count(), 16, 'the query is highlighted');
  await panel.getByRole('button', { name: 'q₀' }).click();
  assert.match(await panel.locator('.explain-title').innerText(), /number 0 of the query/i);
  await panel.getByRole('button', { name: /^Wq\[0\]\[0\] of the Lookup$/ }).click();
  assert.match(await panel.innerText(), /learned in training/);
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.activeElement.closest('table')?.dataset.name), 'steps', 'focus is back on the number');

  await openByKeyboard(page, 'lab', cell(page, 'lab', 'objects', 0, 3));
  assert.match(await panelOf(page, 'lab').locator('.explain-formula').textContent(), /wᵢ = e\^sᵢ \/ Σⱼ e\^sⱼ/);
  await page.keyboard.press('Escape');
  assert.equal(await panelOf(page, 'lab').isHidden(), true);
  assert.deepEqual(problems, []);
});

test('language model lesson: an embedding sum, a masked score, and a bar\'s label of the next character (click and Enter); 390 px in both themes with axe', async () => {
  const { page, problems } = await site.open('lm/', PHONE);
  await cell(page, 'embed', 'sum', 1, 0).click();
  await answered(page, 'embed');
  assert.match(await panelOf(page, 'embed').locator('.explain-formula').innerText(), /xᵢⱼ = tok_emb\[idᵢ\]\[j\] \+ pos_emb\[i\]\[j\]/);
  await page.keyboard.press('Escape');
  await cell(page, 'head', 'scores', 0, 1).click();
  await answered(page, 'head');
  assert.match(await panelOf(page, 'head').locator('.explain-exact').innerText(), /−∞/);
  await page.keyboard.press('Escape');
  const label = demo(page, 'next').locator('.char-bar-value.explainable-label').first();
  const panel = await openByKeyboard(page, 'next', label);
  assert.match(await panel.locator('.explain-formula').textContent(), /p_c = e\^\(z_c\/T\)/);
  assert.equal(await panel.locator('.explain-result').innerText(), `= ${await label.innerText()}`, 'the label opens the number it shows');
  await injectAxe(page);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const found = await page.evaluate(async () => (await window.axe.run(document, {
      resultTypes: ['violations'], rules: { 'target-size': { enabled: true } },
    })).violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${n.target.join(' ')}`)));
    assert.deepEqual(found, [], scheme);
  }
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('char-bar-value')), true, 'focus is back on the label');
  assert.deepEqual(problems, []);
});

test('a chart\'s line opens the point nearest the click', async () => {
  const { page, problems } = await site.open('attention/', DESKTOP);
  const chart = page.locator('figure.chart.explains-lines').first();
  const instance = await chart.evaluate((f) => f.closest('.demo').dataset.instance);
  const box = await chart.evaluate((f) => {
    f.scrollIntoView({ block: 'center' });
    const path = f.querySelector('svg path.series:not(.marker)');
    const at = path.getPointAtLength(path.getTotalLength() / 2);
    const p = new DOMPoint(at.x, at.y).matrixTransform(path.getScreenCTM());
    return { x: p.x, y: p.y };
  });
  await page.mouse.click(box.x, box.y);
  await answered(page, instance);
  assert.match(await panelOf(page, instance).locator('.explain-title').innerText(), /\w/);
  assert.deepEqual(problems, []);
});

test('robot lesson: the order demo\'s guess with a position number, and a key\'s number in the printout is a place, not arithmetic', async () => {
  const { page, problems } = await site.open('robot/', DESKTOP);
  await cell(page, 'order', 'positions', 1, 0).click();
  await answered(page, 'order');
  const panel = panelOf(page, 'order');
  assert.match(await panel.locator('.explain-formula').innerText(), /guess = Σⱼ wⱼ · vⱼ/);
  await panel.getByRole('button', { name: 'the weight of key 0' }).click();
  await panel.getByRole('button', { name: 'the score of key 0' }).click();
  await panel.getByRole('button', { name: 'the dot product of key 0' }).click();
  assert.match(await panel.locator('.explain-formula').innerText(), /λ × j\/\(K − 1\) × λ/, 'the dot product gains the position numbers');
  await page.keyboard.press('Escape');
  const key = await printedAt(page, 'scores', 'key ', 4);
  await page.mouse.click(key.x, key.y);
  await answered(page, 'scores');
  assert.match(await panelOf(page, 'scores').innerText(), /A place in a list/);
  assert.deepEqual(problems, []);
});

test('table lesson: a network\'s measured miss, ACT\'s parameters per layer from the shape you set, the shuffled answer', async () => {
  const { page, problems } = await site.open('table/', DESKTOP);
  await cell(page, 'compare', 'misses', 0, 1).click();
  await answered(page, 'compare');
  assert.match(await panelOf(page, 'compare').innerText(), /Measured on 2,000 new scenes/);
  await page.keyboard.press('Escape');
  await cell(page, 'act', 'parameters', 0, 1).click();
  await answered(page, 'act');
  assert.match(await panelOf(page, 'act').locator('.explain-plugged').innerText(), /^= 3 × 512² \+ 3 × 512 \+ 512² \+ 512/);
  await page.keyboard.press('Escape');
  await cell(page, 'order', 'answers', 1, 0).click();
  await answered(page, 'order');
  assert.match(await panelOf(page, 'order').locator('.explain-formula').innerText(), /answer = W_out p \+ b_out/);
  await page.keyboard.press('Escape');
  // The lab's picture holds its own table of numbers: its weight of object 0, by keyboard.
  await demo(page, 'lab').locator('figure.table-lab details summary').click();
  const weight = demo(page, 'lab').locator('figure.table-lab details tr').nth(1).locator('td').nth(3);
  await weight.waitFor();
  await openByKeyboard(page, 'lab', weight);
  assert.match(await panelOf(page, 'lab').locator('.explain-title').innerText(), /weight on object 0/i);
  const shown = Number((await panelOf(page, 'lab').locator('.explain-result').innerText()).replace('= ', ''));
  assert.ok(Math.abs(shown - Number(await weight.innerText())) <= SHOWN_DIGITS, 'the cell opens the number it shows');
  assert.deepEqual(problems, []);
});

test('language model lesson: a heat map\'s cell opens its weight by click, and by arrows and Enter', async () => {
  const { page, problems } = await site.open('lm/', DESKTOP);
  const map = demo(page, 'heads').locator('.heat-map-cells.explainable').nth(1);
  await (await heatCell(map, 1, 0)).click();
  await answered(page, 'heads');
  const panel = panelOf(page, 'heads');
  assert.match(await panel.locator('.explain-title').innerText(), /place 1 gives place 0 in block 0, head 1/);
  await page.keyboard.press('Escape');
  await map.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await answered(page, 'heads');
  assert.match(await panel.locator('.explain-title').innerText(), /place 2 gives place 1 in block 0, head 1/);
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('heat-map-cells')), true, 'focus is back on the map');
  assert.deepEqual(problems, []);
});

test('language model lesson: a heat map\'s keyboard cursor keeps its row and column when a letter typed into the prompt widens the map', async () => {
  const { page, problems } = await site.open('lm/', DESKTOP);
  const map = demo(page, 'heads').locator('.heat-map-cells.explainable').first();
  await map.focus();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
  const prompt = demo(page, 'heads').getByRole('textbox', { name: 'Prompt' });
  const cols = Number(await map.evaluate((m) => m.style.getPropertyValue('--cols')));
  await prompt.press('End');
  await prompt.press('s');
  await page.waitForFunction(([m, n]) => Number(document.querySelectorAll(m)[0].style.getPropertyValue('--cols')) === n,
    ['.demo[data-instance="heads"] .heat-map-cells', cols + 1]);
  await map.focus();
  await page.keyboard.press('Enter');
  await answered(page, 'heads');
  assert.match(await panelOf(page, 'heads').locator('.explain-title').innerText(), /place 2 gives place 1 in block 0, head 0/);
  assert.deepEqual(problems, []);
});
