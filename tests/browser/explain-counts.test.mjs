// The explain panel (issue 23) on the numbers explained since explain5, in headless Chromium: counts
// printed with thousands separators (38,416 is one number, whichever digits are clicked), the language
// model's printouts and its counts of heads (a place picked by argmax, an indicator added up), and the
// robot run chart's guesses, each the scores demo over the keys before its reading (its table of numbers
// by keyboard). Kept apart from explain.test.mjs, which already takes minutes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, useSite } from '../support/site.mjs';
import { answered, cell, heatCell, openByKeyboard, panelOf, printedAt, sentenceNumber } from '../support/explain-page.mjs';

const site = useSite();
const DESKTOP = { width: 1280, height: 900 };

/** Clicks the printout of `instance` at the character `offset` into `needle` and waits for the panel's answer. */
async function clickPrinted(page, instance, needle, offset) {
  const at = await printedAt(page, instance, needle, offset);
  assert.ok(at, `the printout of ${instance} shows "${needle}"`);
  await page.mouse.click(at.x, at.y);
  await answered(page, instance);
}

test('attention lesson: a printed count with thousands separators is one number, on either side of its comma, down to T × T', async () => {
  const { page, problems } = await site.open('attention/', DESKTOP);
  const panel = panelOf(page, 'cost');
  for (const offset of [0, 4]) {  // "38" and "416" of "38,416"
    await clickPrinted(page, 'cost', '= 38,416 weights', 2 + offset);
    assert.match(await panel.locator('.explain-title').innerText(), /weights one head holds/i);
    assert.equal(await panel.locator('.explain-result').innerText(), '= 38416');
    await page.keyboard.press('Escape');
  }
  await clickPrinted(page, 'cost', '= 38,416 weights', 2);
  await panel.getByRole('button', { name: 'the weights one head holds' }).click();
  assert.equal(await panel.locator('.explain-plugged').innerText(), '= 196 × 196');
  await page.keyboard.press('Escape');
  // A length the lesson quotes: 1,000 tokens.
  await clickPrinted(page, 'cost', 'T = 1,000', 6);
  assert.match(await panel.locator('.explain-title').innerText(), /a length the lesson quotes/i);
  assert.deepEqual(problems, []);
});

test('table lesson: ACT\'s printout explains its counts, the encoder\'s table per head through the tables\' queries and keys', async () => {
  const { page, problems } = await site.open('table/', DESKTOP);
  const text = await demo(page, 'act').locator('pre.printed').innerText();
  const table = text.match(/= (\d{1,3}(?:,\d{3})+);/)[1];  // the encoder's table per head, T × T
  await clickPrinted(page, 'act', `= ${table};`, 3);
  const panel = panelOf(page, 'act');
  assert.equal(await panel.locator('.explain-result').innerText(), `= ${table.replaceAll(',', '')}`);
  await panel.getByRole('button', { name: 'the weights per head of the encoder' }).click();
  assert.match(await panel.locator('.explain-formula').innerText(), /queries × keys/);
  assert.deepEqual(problems, []);
});

test('language model lesson: the heads that read the place before (Enter on the sentence\'s count) add up argmax indicators; the most-read place is an argmax; the printout explains its numbers', async () => {
  const { page, problems } = await site.open('lm/', DESKTOP);
  const panel = await openByKeyboard(page, 'heads', sentenceNumber(page, 'heads.last_reads_previous_text'));
  assert.match(await panel.locator('.explain-formula').innerText(), /Σ over heads \[argmaxⱼ w.*ⱼ = \d+\]/);
  assert.match(await panel.locator('.explain-plugged').innerText(), /^= \[\d+ = \d+\]( \+ \[\d+ = \d+\])*$/);
  await panel.getByRole('button', { name: /^the place the last place reads most in block 0, head 0$/ }).click();
  assert.match(await panel.locator('.explain-plugged').innerText(), /^= argmax\(/);
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.num), 'heads.last_reads_previous_text', 'focus is back on the count');

  await openByKeyboard(page, 'heads', sentenceNumber(page, 'heads.row_sum_error'));
  assert.match(await panel.locator('.explain-plugged').innerText(), /^= max\(/);
  await panel.getByRole('button', { name: 'row 0 of block 0, head 0' }).click();
  assert.match(await panel.locator('.explain-formula').innerText(), /\|Σⱼ w₀ⱼ − 1\|/);
  await page.keyboard.press('Escape');

  await clickPrinted(page, 'heads', ' heat maps', -1);  // the count of heat maps, blocks × heads
  assert.match(await panel.locator('.explain-title').innerText(), /heat maps/);
  await page.keyboard.press('Escape');
  await clickPrinted(page, 'embed', 'x[0][:8]', 2);  // row 0: a place, picked
  assert.match(await panelOf(page, 'embed').innerText(), /A place in a list/);
  assert.deepEqual(problems, []);
});

test('robot lesson: a guess of the run chart, from its table of numbers by keyboard, is the weights times the values, down to a dot product of readings', async () => {
  const { page, problems } = await site.open('robot/', DESKTOP);
  const numbers = demo(page, 'run').locator('figure.chart details.chart-data');
  await numbers.locator('summary').click();
  // Point 0 of series 1 (attention with every key): the row's first cell is its reading's number.
  const guess = numbers.locator('table tr').nth(1).locator('td').nth(2);
  await guess.waitFor();
  const panel = await openByKeyboard(page, 'run', guess);
  assert.match(await panel.locator('.explain-formula').innerText(), /guess = Σⱼ wⱼ · vⱼ/);
  assert.match(await panel.locator('.explain-title').innerText(), /guess with every key for reading \d+/i);
  await panel.getByRole('button', { name: 'the weight of key 0' }).click();
  await panel.getByRole('button', { name: 'the score of key 0' }).click();
  await panel.getByRole('button', { name: 'the dot product of key 0' }).click();
  assert.match(await panel.locator('.explain-plugged').innerText(), /− 50\) \/ 25/);
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.activeElement.closest('details.chart-data') !== null), true, 'focus is back in the chart\'s numbers');
  assert.deepEqual(problems, []);
});

test('language model lesson: a cell of the embedding heat maps opens its sum, the token map\'s cell plus the position map\'s, down to a trained number; a sine\'s cell is worked out from the width', async () => {
  const { page, problems } = await site.open('lm/', DESKTOP);
  const maps = demo(page, 'embed').locator('figure.heat-maps .heat-map-cells.explainable');
  await (await heatCell(maps.nth(2), 1, 3)).click();  // x at place 1, feature 3
  await answered(page, 'embed');
  const panel = panelOf(page, 'embed');
  assert.match(await panel.locator('.explain-formula').innerText(), /xᵢⱼ = tok_emb\[idᵢ\]\[j\] \+ pos_emb\[i\]\[j\]/);
  assert.equal(await demo(page, 'embed').locator('.heat-map-cells > i.explain-operand:visible').count(), 2, 'both terms are outlined in their maps');
  assert.equal(await maps.nth(2).locator('i.explain-picked').isVisible(), true, 'the cell asked about is outlined in its map');
  await panel.getByRole('button', { name: /^tok_emb\[\d+\]\[3\]$/ }).click();
  await panel.getByRole('button', { name: /^tok_emb\[\d+\]\[3\] of the language model$/ }).click();
  assert.match(await panel.innerText(), /learned in training/);
  await page.keyboard.press('Escape');
  await maps.nth(3).focus();  // the original transformer's sines, by keyboard: place 0, feature 1
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await answered(page, 'embed');
  assert.match(await panel.locator('.explain-plugged').innerText(), /^= cos\(0 \/ \(10000\^\(0 \/ \d+\)\)\)$/);
  assert.equal(await panel.locator('.explain-result').innerText(), '= 1');
  // A painted map has a cell only where something is outlined: with the panel closed, only the cursors are left.
  await page.keyboard.press('Escape');
  const outlined = await demo(page, 'embed').locator('.heat-map-cells > i').evaluateAll((cells) => cells.map((c) => c.className));
  assert.deepEqual(outlined, outlined.map(() => 'explain-cursor'), 'no cell is left but a map\'s keyboard cursor');
  assert.ok(outlined.length <= await maps.count(), 'one cursor a map at most');
  assert.deepEqual(problems, []);
});

test('language model lesson: the count of the network\'s learned numbers in the text adds up every layer\'s tables from the network\'s sizes, a block\'s from the width', async () => {
  const { page, problems } = await site.open('lm/', DESKTOP);
  const count = sentenceNumber(page, 'embed.parameters_text');
  const panel = await openByKeyboard(page, 'embed', count);
  assert.match(await panel.locator('.explain-formula').innerText(), /^V × E \+ C × E \+ N × \(a block's\) \+ 2E \+ \(E × V \+ V\)/);
  assert.equal((await panel.locator('.explain-result').innerText()).replace('= ', ''), (await count.innerText()).replaceAll(',', ''));
  await panel.getByRole('button', { name: 'the numbers each block learned' }).click();
  assert.match(await panel.locator('.explain-plugged').innerText(), /^= 2 × \d+ \+ 3 × \d+ × \d+/);
  await panel.getByRole('button', { name: 'the width E' }).click();
  assert.match(await panel.innerText(), /a size of the network|fixed when it was made/i);
  assert.deepEqual(problems, []);
});

test('table lesson: the lab picture\'s own table of numbers opens each of its numbers, the network\'s answer and the true place too', async () => {
  const { page, problems } = await site.open('table/', DESKTOP);
  const numbers = demo(page, 'lab').locator('figure.table-lab details');
  await numbers.locator('summary').click();
  const rows = numbers.locator('tr');
  await rows.nth(1).locator('td.explainable').first().waitFor();
  const count = await rows.count();
  for (let r = 1; r < count; r += 1) {
    const cells = rows.nth(r).locator('td');
    const numbered = (await cells.allInnerTexts()).filter((t) => /\d/.test(t)).length;
    assert.equal(await rows.nth(r).locator('td.explainable').count(), numbered, `every number of row ${r} explains itself`);
  }
  // The row of the network's answer: its x, by keyboard.
  const answer = rows.nth(count - 2).locator('td.explainable').first();
  const panel = await openByKeyboard(page, 'lab', answer);
  assert.match(await panel.locator('.explain-title').innerText(), /answer's x/i);
  assert.ok(Math.abs(Number((await panel.locator('.explain-result').innerText()).replace('= ', '')) - Number(await answer.innerText())) <= 0.05, 'the cell opens the number it shows');
  assert.deepEqual(problems, []);
});

test('table lesson: the layers pictures\' tables of places and of weights open each number; a miss reads as its cell does and says its places are in that table, not "not printed"', async () => {
  const { page, problems } = await site.open('table/', DESKTOP);
  const numbers = demo(page, 'layers').locator('figure.table-attention details');
  await numbers.locator('summary').click();
  const places = numbers.locator('table').first();
  const rows = places.locator('tr');
  await rows.nth(1).locator('td.explainable').first().waitFor();
  const count = await rows.count();
  for (let r = 1; r < count; r += 1) {
    const numbered = (await rows.nth(r).locator('td').allInnerTexts()).filter((t) => /\d/.test(t)).length;
    assert.equal(await rows.nth(r).locator('td.explainable').count(), numbered, `every number of row ${r} explains itself`);
  }
  const x = rows.nth(1).locator('td.explainable').first();
  const panel = await openByKeyboard(page, 'layers', x);
  assert.match(await panel.locator('.explain-title').innerText(), /^X \[cm\] of object 0/);
  // A place is drawn from the scene's seed: no arithmetic, "where the scene put it = 51.671".
  const drawn = Number((await panel.locator('.explain-formula').innerText()).split('= ').pop());
  assert.ok(Math.abs(drawn - Number(await x.innerText())) <= 0.05, 'the cell opens the number it shows');
  await page.keyboard.press('Escape');
  // The deep network's miss on this scene: measured from the nearest object's place, which the table shows.
  const miss = cell(page, 'layers', 'misses', 2, 3);
  await miss.click();
  await answered(page, 'layers');
  assert.equal(await panel.locator('.explain-result').innerText(), `= ${await miss.innerText()}`, 'the panel prints the miss as its cell does, to two decimals');
  const operands = await panel.locator('.explain-operands').innerText();
  assert.match(operands, /the nearest object's x \[cm\] = [\d.]+ \(shown in a picture's table of numbers\)/);
  assert.doesNotMatch(operands, /nearest object's . \[cm\] = [\d.]+ \(worked out, not printed/);
  assert.equal(await places.locator('td.explain-operand').count(), 2, 'the nearest object\'s x and y are marked in the table');
  await page.keyboard.press('Escape');
  // The table of weights: a row per view (each layer's heads averaged, then its heads), a column per object.
  const weights = numbers.locator('table').nth(1);
  const views = weights.locator('tr');
  for (let r = 1; r < await views.count(); r += 1) {
    const numbered = (await views.nth(r).locator('td').allInnerTexts()).filter((t) => /\d/.test(t)).length;
    assert.equal(await views.nth(r).locator('td.explainable').count(), numbered, `every weight of view ${r} explains itself`);
  }
  const averaged = views.nth(1).locator('td.explainable').first();
  await averaged.click();
  await answered(page, 'layers');
  assert.match(await panel.locator('.explain-title').innerText(), /^The request token's weight on object 0 \(\w+\) in layer 1$/);
  assert.doesNotMatch(await panel.locator('.explain-operands').innerText(), /not printed/);
  const heads = await panel.locator('.explain-operands li').count();
  assert.equal(await weights.locator('td.explain-operand').count(), heads, 'each head\'s weight is marked in its row');
  await page.keyboard.press('Escape');
  const firstHead = views.nth(2).locator('td.explainable').first();
  await firstHead.click();
  await answered(page, 'layers');
  assert.match(await panel.locator('.explain-title').innerText(), /^Head 1's weight of the request token on object 0 \(\w+\) in layer 1$/);
  const given = Number((await panel.locator('.explain-formula').innerText()).split('= ').pop());
  assert.ok(Math.abs(given - Number(await firstHead.innerText())) <= 0.0005, 'the cell opens the weight it shows');
  assert.deepEqual(problems, []);
});

test('robot lesson: a weight strip\'s table of numbers opens each value and weight, as the tables do; the order demo\'s guess marks its weights and values in its strip', async () => {
  const { page, problems } = await site.open('robot/', DESKTOP);
  for (const instance of ['scores', 'sharp']) {
    const numbers = demo(page, instance).locator('figure.weight-strip details');
    await numbers.locator('summary').click();
    const rows = numbers.locator('tr');
    await rows.nth(2).locator('td.explainable').first().waitFor();
    for (let r = 1; r < await rows.count(); r += 1) {
      assert.equal(await rows.nth(r).locator('td.explainable').count(), await rows.nth(r).locator('td').count(), `${instance}: every value and weight of row ${r} explains itself`);
    }
    // The strip's last weight of its last row is the weights table's last cell: the same explanation.
    const last = rows.last().locator('td').last();
    await last.click();
    await answered(page, instance);
    const panel = panelOf(page, instance);
    const title = await panel.locator('.explain-title').innerText();
    assert.match(title, /weight of key \d+/i);
    await page.keyboard.press('Escape');
    const table = demo(page, instance).locator('table.matrix[data-name="weights"]');
    await table.locator('tr').last().locator('td').last().click();
    await answered(page, instance);
    assert.equal(await panel.locator('.explain-title').innerText(), title, `${instance}: the strip's weight is the table's`);
    await page.keyboard.press('Escape');
    // Key 9's value: the reading that came after it, tick 9 + 5 of the window.
    const value = rows.nth(1).locator('td').nth(9);
    await value.click();
    await answered(page, instance);
    assert.match(await panel.locator('.explain-title').innerText(), /^(The reading that came after key 9|Reading 14 of the last window)$/);
    assert.match(await panel.innerText(), new RegExp(`= ${await value.innerText()}\\b`), `${instance}: the value opens the reading it shows`);
    await page.keyboard.press('Escape');
  }
  const strip = demo(page, 'order').locator('figure.weight-strip details');
  await strip.locator('summary').click();
  const weight = strip.locator('tr').nth(3).locator('td').nth(9);  // position worth 0.0 (the row label is a header), key 9
  await weight.click();
  await answered(page, 'order');
  const panel = panelOf(page, 'order');
  assert.match(await panel.locator('.explain-title').innerText(), /^The weight of key 9 /);
  assert.match(await panel.locator('.explain-result').innerText(), new RegExp(`^= ${(await weight.innerText()).replace('.', '\\.')}`));
  await page.keyboard.press('Escape');
  await sentenceNumber(page, 'order.plain_guess').click();
  await answered(page, 'order');
  // Its 20 weights and 20 values: the first ten listed, the rest under "and 30 more", so the result stays on a phone's screen.
  assert.equal(await panel.locator('.explain-operands li').count(), 10);
  const more = panel.locator('details.explain-more');
  assert.equal(await more.locator('summary').innerText(), 'and 30 more');
  await more.locator('summary').click();
  assert.equal(await more.locator('li').count(), 30);
  const operands = (await panel.locator('.explain-operands, .explain-more').allInnerTexts()).join('\n');
  assert.doesNotMatch(operands, /weight of key \d+ = [\d.]+ \(worked out, not printed/);
  assert.match(operands, /the reading after key 0 = \d+ \(shown in a picture's table of numbers\)/);
  assert.equal(await strip.locator('tr').nth(2).locator('td.explain-operand').count(), await strip.locator('tr').nth(2).locator('td').count(),
    'every weight of the row without a position number is marked');
  assert.equal(await strip.locator('tr').nth(1).locator('td.explain-operand').count(), await strip.locator('tr').nth(1).locator('td').count(),
    'and every key\'s value');
  assert.deepEqual(problems, []);
});

test('robot lesson: the mat\'s table of points opens each number; a hit is the robot\'s place plus the reading along its heading, and marks that row\'s heading and distance', async () => {
  const { page, problems } = await site.open('robot/', DESKTOP);
  const numbers = demo(page, 'run').locator('figure.bugbot details');
  // Written at the first result, but looked at only once opened: an update does not walk 490 numbers nobody sees.
  assert.ok(await numbers.locator('td').count() > 400);
  assert.equal(await numbers.locator('td.explainable').count(), 0, 'the closed table\'s numbers are not marked');
  await numbers.locator('summary').click();
  const rows = numbers.locator('tr');
  await rows.nth(1).locator('td.explainable').first().waitFor();
  assert.equal(await rows.last().locator('td.explainable').count(), 6, 'time, heading, distance, hit x, hit y and the guess after it');
  assert.equal(await rows.nth(1).locator('td.explainable').count(), 5, 'the first reading has no guess after it ("—")');
  const panel = panelOf(page, 'run');
  await rows.nth(10).locator('td').nth(4).click();  // reading 9's hit x
  await answered(page, 'run');
  assert.equal(await panel.locator('.explain-title').innerText(), 'The x [cm] of the point reading 9 hit');
  assert.match(await panel.locator('.explain-formula').innerText(), /^x \+ d · sin\(θ · π\/180\)/);
  assert.match(await panel.locator('.explain-operands').innerText(), /reading 9 \[cm\] = \d+ \(shown in a picture's table of numbers\)/);
  assert.deepEqual(await rows.nth(10).locator('td').evaluateAll((tds) => tds.map((td) => td.classList.contains('explain-operand'))),
    [false, false, true, true, false, false, false], 'its heading and distance are marked in its row');
  await page.keyboard.press('Escape');
  // The last row's guess is the one for the reading after the run, which the sentence under the demo quotes.
  await rows.last().locator('td').last().click();
  await answered(page, 'run');
  assert.match(await panel.locator('.explain-title').innerText(), /^The guess with every key for the reading after the run$/);
  assert.equal(await rows.last().locator('td').last().innerText(), await sentenceNumber(page, 'run.next_guess').innerText());
  assert.deepEqual(problems, []);
});

test('robot lesson: the scores demo\'s chart of readings opens each point by its own x, "what came next" one reading after the window; "—" opens nothing, and the arrows move between its numbers', async () => {
  const { page, problems } = await site.open('robot/', DESKTOP);
  const numbers = demo(page, 'scores').locator('figure.chart[data-name="history"] details.chart-data');
  await numbers.locator('summary').click();
  const rows = numbers.locator('tr');
  await rows.nth(1).locator('td.explainable').first().waitFor();
  const count = await rows.count();
  // A row per reading of the window, then one for what came next: each row has one number and one "—".
  for (const r of [1, count - 2, count - 1]) {
    assert.equal(await rows.nth(r).locator('td.explainable').count(), 1, `row ${r}: its one number explains itself, its "—" not`);
  }
  const panel = panelOf(page, 'scores');
  const next = rows.nth(count - 1).locator('td').last();
  await next.click();
  await answered(page, 'scores');
  assert.equal(await panel.locator('.explain-title').innerText(), 'What came next');
  assert.equal(await next.innerText(), await sentenceNumber(page, 'scores.truth').innerText(), 'the point is the sentence\'s "what came next"');
  await page.keyboard.press('Escape');
  // Reading 5 of the window is the first key's value, the keys table's cell.
  await rows.nth(6).locator('td.explainable').click();
  await answered(page, 'scores');
  assert.equal(await panel.locator('.explain-title').innerText(), 'The reading that came after key 0');
  await page.keyboard.press('Escape');
  await rows.nth(1).locator('td.explainable').focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.closest('tr').rowIndex), 2, 'ArrowDown moves to the next reading');
  assert.deepEqual(problems, []);
});
