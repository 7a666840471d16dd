// The demos' editors and the words beside them, used as a learner uses them: click "+ token",
// "+ feature", "+ entry", type into the new boxes, drag a slider by keyboard, open "More settings",
// set a count to 1; then check what the page shows (the boxes, their labels, the printed lines,
// the sentences), not only the state. Expected values come from the native core or the lesson.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, printed, useSite } from '../support/site.mjs';
import { nativeCore } from '../support/core.mjs';
import { writesDone } from '../support/browser.mjs';

const site = useSite();
const PHONE = { width: 390, height: 844 };

/** The values in a grid editor's boxes, row by row, as the learner sees them. */
const boxes = (control) => control.locator('table.grid-editor tr').evaluateAll((rows) => rows
  .map((tr) => [...tr.querySelectorAll('input')].map((b) => b.value))
  .filter((row) => row.length));
/** The control whose label is `label` in a demo. */
const control = (page, instance, label) => demo(page, instance).locator('.control').filter({
  has: page.locator(`label:text-is("${label}")`),
});
const urlValue = (page, key) => page.evaluate((k) => JSON.parse(new URLSearchParams(location.search).get(k)), key);
/** Every sentence of a section as the learner reads it (hidden claims are not read). */
const sectionText = (page, id) => page.locator(`section#${id}`).evaluate((s) => s.innerText);

for (const [name, viewport] of [['desktop', undefined], ['phone', PHONE]]) {
  test(`worked example (${name}): + feature after + token shows 4 × 3 boxes holding the state's values`, async () => {
    const { page, problems } = await site.open('attention/', viewport);
    const X = control(page, 'worked', 'Tokens X (one row per token)');
    await X.getByRole('button', { name: '+ token' }).click();
    await X.getByRole('button', { name: '+ feature' }).click();
    await page.waitForFunction(() => document.querySelector('[data-num="worked.output_shape"]').innerText === '(4, 3)');
    // The address is written once the input pauses, so it may first hold the 4 × 2 state of the first click.
    await page.waitForFunction(() => JSON.parse(new URLSearchParams(location.search).get('worked.X'))?.every((r) => r.length === 3));
    const state = await urlValue(page, 'worked.X');
    assert.deepEqual(state.map((r) => r.length), [3, 3, 3, 3]);
    assert.deepEqual(await boxes(X), state.map((r) => r.map(String)), 'the boxes show the state, new ones included');
    // The new box is a real one: typing into it reaches the core.
    await X.getByLabel('Tokens X (one row per token), token 3, feature 2', { exact: true }).fill('3');
    await page.waitForFunction(() => JSON.parse(new URLSearchParams(location.search).get('worked.X'))[3][2] === 3);
    const expected = nativeCore.run('worked_example', { X: await urlValue(page, 'worked.X') }).result.printed.join('\n');
    await page.waitForFunction((want) => document.querySelector('.demo[data-instance="worked"] pre.printed').innerText === want, expected);
    // Each column is named above its boxes, as each row is beside them.
    assert.deepEqual(await X.locator('th[scope="col"]').allInnerTexts(), ['feature 0', 'feature 1', 'feature 2']);
    // − undoes it, box by box.
    await X.getByRole('button', { name: '− token' }).click();
    await page.waitForFunction(() => document.querySelector('[data-num="worked.output_shape"]').innerText === '(3, 3)');
    assert.equal((await boxes(X)).length, 3);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('robot sharpness: + entry adds a box holding a divisor the demo accepts, and "add 10 and 0.01" works', async () => {
  const { page, problems } = await site.open('robot/');
  const divisors = control(page, 'sharp', 'Divisors to compare');
  const declared = nativeCore.list().find((d) => d.id === 'robot_sharpness').params.find((p) => p.name === 'divisors');
  await divisors.getByRole('button', { name: '+ entry' }).click();
  await page.waitForFunction(() => /sharp\.divisors=/.test(location.search));
  const state = await urlValue(page, 'sharp.divisors');
  assert.equal(state.length, 4);
  assert.ok(state[3] >= declared.min && state[3] <= declared.max, `the new entry ${state[3]} is within the declared bounds`);
  assert.deepEqual(await boxes(divisors), [state.map(String)], 'the fourth box is on screen with the state\'s value');
  assert.equal(await demo(page, 'sharp').locator('.control.invalid').count(), 0, 'no message: the demo takes the new entry');
  // The lesson's Try-it: "Add 10 and 0.01 to the list."
  await divisors.getByRole('button', { name: '+ entry' }).click();
  await divisors.getByLabel('Divisors to compare entry 3', { exact: true }).fill('10');
  await divisors.getByLabel('Divisors to compare entry 4', { exact: true }).fill('0.01');
  const wanted = [...declared.default, 10, 0.01];
  const expected = nativeCore.run('robot_sharpness', { divisors: wanted }).result.printed.join('\n');
  await page.waitForFunction((want) => document.querySelector('.demo[data-instance="sharp"] pre.printed').innerText === want, expected);
  assert.match(expected, /^divide by 10\.0 : /m);
  assert.match(expected, /^divide by 0\.01 : biggest weight 1\.0 /m, 'at 0.01 one bar stands at 1');
  assert.deepEqual(problems, []);
  await page.close();
});

test('block feed-forward: W₂ takes a third column, its boxes and the output\'s third feature are drawn', async () => {
  const { page, problems } = await site.open('block/');
  const W2 = control(page, 'ffn', 'Weights W₂');
  await W2.getByRole('button', { name: '+ feature' }).click();
  await page.waitForFunction(() => /ffn\.W2=/.test(location.search));
  const state = await urlValue(page, 'ffn.W2');
  assert.deepEqual(state.map((r) => r.length), [3, 3, 3, 3]);
  assert.deepEqual(await boxes(W2), state.map((r) => r.map(String)));
  const expected = nativeCore.run('block_feed_forward', { W2: state }).result;
  await page.waitForFunction((want) => document.querySelector('[data-num="ffn.output_shape"]').innerText === want, expected.texts.output_shape);
  const output = demo(page, 'ffn').locator('table.matrix[data-name="output"] tr').first().locator('th');
  assert.deepEqual(await output.allInnerTexts(), expected.tables.find((t) => t.name === 'output').col_labels);
  assert.deepEqual(problems, []);
  await page.close();
});

test('block feed-forward: W₁\'s rows are features and its columns hidden units, W₂\'s rows hidden units; no token buttons', async () => {
  const { page, problems } = await site.open('block/');
  const W1 = control(page, 'ffn', 'Weights W₁'), W2 = control(page, 'ffn', 'Weights W₂');
  assert.deepEqual(await W1.locator('th[scope="row"]').allInnerTexts(), ['feature 0', 'feature 1']);
  assert.deepEqual(await W1.locator('th[scope="col"]').allInnerTexts(), ['hidden unit 0', 'hidden unit 1', 'hidden unit 2', 'hidden unit 3']);
  assert.deepEqual(await W2.locator('th[scope="row"]').allInnerTexts(), ['hidden unit 0', 'hidden unit 1', 'hidden unit 2', 'hidden unit 3']);
  assert.equal(await W1.getByLabel('Weights W₁, feature 1, hidden unit 3', { exact: true }).count(), 1);
  // A dimension the declaration fixes has no buttons, disabled or not.
  assert.equal(await W1.locator('button').count(), 0);
  assert.deepEqual(await W2.locator('button').allInnerTexts(), ['+ feature', '− feature']);
  // X's width is W₁'s height: its help does not offer a feature it cannot have.
  const X = control(page, 'ffn', 'Tokens X (one row per token)');
  assert.deepEqual(await X.locator('button').allInnerTexts(), ['+ token', '− token']);
  assert.doesNotMatch(await X.locator('.help').innerText(), /features \(columns\)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('block feed-forward: the hidden layer prints every value with the same decimals, as NumPy does', async () => {
  const { page, problems } = await site.open('block/');
  const cells = await demo(page, 'ffn').locator('table.matrix[data-name="hidden"] tr:nth-of-type(n+2) td').allInnerTexts();
  const decimals = new Set(cells.map((c) => (c.split('.')[1] ?? '').length));
  assert.equal(decimals.size, 1, `one format: ${cells.join(' ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('block stacking: a chart\'s table of numbers prints a spread that reaches exactly 0 as "0.000", as the rest of its column', async () => {
  const { page, problems } = await site.open('block/?stack.residual=false&stack.norm=false&stack.blocks=4');
  const spreads = nativeCore.run('block_stack', { residual: false, norm: false, blocks: 4 }).result.charts[0].series[0].y;
  assert.ok(spreads.at(-1) === 0 && !Number.isInteger(spreads[1]), `the native spreads end at exactly 0: ${spreads}`);
  const table = demo(page, 'stack').locator('details.chart-data');
  await table.locator('summary').click();
  await writesDone(page);
  const cells = await table.locator('tr:nth-of-type(n+2) > :last-child').allInnerTexts(); // the spread, after the block
  assert.equal(cells.length, spreads.length);
  assert.deepEqual(cells.at(-1), '0.000', `the column reads ${cells.join(' ')}`);
  assert.equal(new Set(cells.map((c) => (c.split('.')[1] ?? '').length)).size, 1, `one format: ${cells.join(' ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('robot demo 1: with one key the text says there is no runner-up, with no placeholder and "the one score"', async () => {
  const { page, problems } = await site.open('robot/');
  await demo(page, 'scores').getByLabel('Number of keys', { exact: true }).fill('1');
  await page.waitForFunction(() => document.querySelector('[data-num="scores.keys"]')?.innerText === '1'
    || /scores\.keys=1/.test(location.search));
  await page.waitForFunction(() => /With one key there is no runner-up/.test(document.querySelector('section#scores').innerText));
  const text = await sectionText(page, 'scores');
  assert.doesNotMatch(text, /—|undefined|NaN|null/);
  assert.doesNotMatch(text, /Second comes|third the one/);
  assert.match(text, /the one score is (not )?negative/);
  assert.match(text, /Softmax turns the one score into a weight of 1\.000/);
  // Two keys: a second and no third.
  await demo(page, 'scores').getByLabel('Number of keys', { exact: true }).fill('2');
  await page.waitForFunction(() => /with two keys there is no third/.test(document.querySelector('section#scores').innerText));
  assert.doesNotMatch(await sectionText(page, 'scores'), /—|undefined|NaN/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('counts at 1 read as English: 1 object, 1 token, 1 weight per head, 1 head of 8, Decoder: 1 layer', async () => {
  const table = await site.open('table/');
  await demo(table.page, 'tokens').getByLabel('Objects on the table', { exact: true }).fill('1');
  await table.page.waitForFunction(() => document.querySelector('[data-num="tokens.objects_text"]').innerText === '1 object');
  assert.match(await table.page.locator('p', { has: table.page.locator('[data-num="tokens.objects_text"]') }).innerText(), /has 1 object and asks/);
  await demo(table.page, 'act').getByLabel('Heads', { exact: true }).fill('1');
  const act = demo(table.page, 'act').locator('figcaption');
  // Waits for the new head count itself: the preset's caption already reads "Decoder: 1 layer", so waiting for
  // that passed before the update landed on a loaded machine.
  await table.page.waitForFunction(() => /Encoder: \d+ self-attention layers, 1 head,/.test(document.querySelector('.demo[data-instance="act"] figcaption').innerText));
  assert.match(await act.innerText(), /Decoder: 1 layer, /);
  assert.doesNotMatch(await act.innerText(), /layer\(s\)|1 heads|1 action queries/);
  assert.deepEqual(table.problems, []);
  await table.page.close();

  const { page, problems } = await site.open('attention/');
  await demo(page, 'cost').getByLabel('Tokens T', { exact: true }).fill('1');
  await page.waitForFunction(() => /= 1 weight per head/.test(document.querySelector('.demo[data-instance="cost"] pre.printed').innerText));
  await writesDone(page); // the sentence is below the screen: written once the page is idle
  const sentence = await page.locator('p', { has: page.locator('[data-num="cost.entries_counted"]') }).innerText();
  assert.match(sentence, /your current choice of 1 token, each head holds 1 weight\./);
  await demo(page, 'heads').getByLabel('Heads', { exact: true }).fill('1');
  await page.waitForFunction(() => /The split: \d+ features per token, 1 head of \d+\./.test(document.querySelector('.demo[data-instance="heads"] figcaption').innerText));
  assert.deepEqual(problems, []);
  await page.close();
});

test('counting axes: the blocks and the reading numbers are ticked at whole numbers only', async () => {
  const block = await site.open('block/');
  await demo(block.page, 'stack').getByLabel('Blocks', { exact: true }).fill('2');
  await block.page.waitForFunction((want) => document.querySelector('.demo[data-instance="stack"] pre.printed').innerText === want,
    nativeCore.run('block_stack', { blocks: 2 }).result.printed.join('\n'));
  // The x axis's labels (d3's axisBottom sets dy 0.71em on them, axisLeft 0.32em).
  const xTicks = (page, instance) => demo(page, instance).locator('figure.chart svg g.tick text[dy="0.71em"]');
  const ticks = async (page, instance) => xTicks(page, instance).allTextContents();
  assert.ok((await ticks(block.page, 'stack')).length > 0);
  for (const t of await ticks(block.page, 'stack')) assert.ok(/^-?[\d,]+$/.test(t), `tick "${t}" is a whole number`);
  assert.deepEqual(block.problems, []);
  await block.page.close();

  const robot = await site.open('robot/', PHONE);
  await demo(robot.page, 'scores').getByLabel('Number of keys', { exact: true }).fill('1');
  await robot.page.waitForFunction((want) => document.querySelector('.demo[data-instance="scores"] pre.printed').innerText === want,
    nativeCore.run('robot_scores', { keys: 1 }).result.printed.join('\n'));
  const chart = demo(robot.page, 'scores').locator('figure.chart[data-name="history"] svg g.tick text[dy="0.71em"]');
  await robot.page.waitForFunction(() => document.querySelectorAll('.demo[data-instance="scores"] figure.chart g.tick').length > 0);
  for (const t of await chart.allTextContents()) assert.ok(/^-?[\d,]+$/.test(t), `tick "${t}" is a whole number`);
  assert.deepEqual(robot.problems, []);
  await robot.page.close();
});

test('robot divisor: the slider is logarithmic, the preset 0.5 sits mid-track and each arrow key moves the value', async () => {
  const { page, problems } = await site.open('robot/');
  const scores = demo(page, 'scores');
  const slider = scores.getByLabel('Divisor (slider)', { exact: true });
  const box = scores.getByLabel('Divisor', { exact: true });
  const preset = Number(await box.inputValue());
  const at = await slider.evaluate((s) => (Number(s.value) - Number(s.min)) / (Number(s.max) - Number(s.min)));
  // 0.5 between 0.01 and 10 on a log scale: log(50) / log(1000) of the track.
  assert.ok(Math.abs(at - Math.log(preset / 0.01) / Math.log(1000)) < 0.05, `at ${(at * 100).toFixed(0)} % of the track`);
  assert.equal(await slider.getAttribute('aria-valuetext'), String(preset));
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /scores\.divisor=/.test(location.search));
  const up = Number(await box.inputValue());
  assert.ok(up > preset && up < preset * 1.5, `one step up from ${preset} is ${up}`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((want) => document.querySelector('.demo[data-instance="scores"] input[aria-label="Divisor (slider)"]').getAttribute('aria-valuetext') === want, String(preset));
  assert.equal(Number(await box.inputValue()), preset);
  // The Try-it's 0.01 is at the left end of the track.
  await page.keyboard.press('Home');
  await page.waitForFunction(() => /scores\.divisor=0\.01/.test(location.search));
  assert.deepEqual(problems, []);
  await page.close();
});

test('robot demo 1: the main controls come first, the run\'s setup waits under "More settings"', async () => {
  const { page, problems } = await site.open('robot/', PHONE);
  const scores = demo(page, 'scores');
  const more = scores.locator('details.more-settings');
  assert.equal(await more.locator('summary').innerText(), 'More settings');
  assert.equal(await more.evaluate((d) => d.open), false);
  for (const label of ['Patch length', 'Number of keys', 'Divisor']) assert.ok(await scores.getByLabel(label, { exact: true }).isVisible(), label);
  for (const label of ['Start x', 'Start y', 'Seed', 'Readings in the run']) {
    assert.equal(await scores.getByLabel(label, { exact: true }).isVisible(), false, `${label} is folded`);
  }
  await more.locator('summary').click();
  await scores.getByLabel('Seed', { exact: true }).fill('12');
  await page.waitForFunction(() => /scores\.seed=12/.test(location.search));
  assert.deepEqual(problems, []);
  await page.close();

  // A link that changes a folded setting opens the fold, so the learner sees what differs.
  const shared = await site.open('robot/?scores.seed=12');
  assert.equal(await demo(shared.page, 'scores').locator('details.more-settings').evaluate((d) => d.open), true);
  assert.deepEqual(shared.problems, []);
  await shared.page.close();
});
