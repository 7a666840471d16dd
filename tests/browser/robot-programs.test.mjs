// The robot lesson's "Edit and run the program" panels in headless Chromium:
// the program runs in a worker on the core's simulator, prints what the demo
// prints, can be edited, stopped, reloaded and put back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, printed, useSite } from '../support/site.mjs';

const site = useSite();
const panel = (page, instance) => demo(page, instance).locator('details.program');

async function openPanel(page, instance) {
  await panel(page, instance).locator('summary').click();
  await panel(page, instance).locator('.cm-content').waitFor();
}

async function runAndWait(page, instance) {
  await panel(page, instance).locator('.program-run').click();
  await page.waitForFunction((i) => {
    const d = document.querySelector(`.demo[data-instance="${i}"] details.program`);
    return d.dataset.state && !d.querySelector('.program-run').disabled;
  }, instance, { timeout: 20000 });
  return panel(page, instance).locator('.program-printout').innerText();
}

/** Replaces the editor's text as a learner's select-all and typing would. */
async function typeProgram(page, instance, text) {
  await panel(page, instance).locator('.cm-content').click();
  await page.evaluate(([i, t]) => {
    document.querySelector(`.demo[data-instance="${i}"] details.program`).programEditor.setText(t);
  }, [instance, text]);
}
const editorText = (page, instance) => page.evaluate((i) =>
  document.querySelector(`.demo[data-instance="${i}"] details.program`).programEditor.text(), instance);

const hostsOf = (page) => page.evaluate(() => [...new Set(performance.getEntriesByType('resource').map((r) => new URL(r.name).host))]);

test('programs: nothing of Python or CodeMirror loads until a panel is opened and run', async () => {
  const { page, problems } = await site.open('robot/');
  const names = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
  assert.ok(!names.some((n) => /micropython|programs\.js|program-worker/.test(n)), names.join('\n'));
  assert.deepEqual(problems, []);
});

test('programs: each unedited program prints what its demo prints', async () => {
  const { page, problems } = await site.open('robot/');
  for (const instance of ['scores', 'run', 'sharp', 'order']) {
    await openPanel(page, instance);
    assert.equal(await runAndWait(page, instance), await printed(page, instance), instance);
  }
  assert.deepEqual(await hostsOf(page), [new URL(site.server.url).host]);
  assert.deepEqual(problems, []);
});

test('programs: a changed demo setting is the program\'s constant when the panel opens', async () => {
  const { page, problems } = await site.open('robot/?sharp.keys=7');
  await openPanel(page, 'sharp');
  assert.equal(await runAndWait(page, 'sharp'), await printed(page, 'sharp'));
  assert.match(await panel(page, 'sharp').locator('.program-printout').innerText(), /all seven values/);
  assert.deepEqual(problems, []);
});

test('programs: editing a constant changes the printout as the demo\'s would; reload keeps it; Back restores it', async () => {
  const { page, problems } = await site.open('robot/');
  await openPanel(page, 'run');
  const original = await editorText(page, 'run');
  await typeProgram(page, 'run', original.replace('KEYS = 20', 'KEYS = 10'));
  const out = await runAndWait(page, 'run');
  // The edit reaches the address once typing pauses; only then does the demo follow it
  // (were the demo at 10 keys first, the edited program would be the lesson's own again).
  await page.waitForFunction(() => /run\.program=/.test(location.search));
  await demo(page, 'run').getByLabel('Number of keys', { exact: true }).fill('10');
  await page.waitForFunction(() => /10 keys: off by/.test(document.querySelector('.demo[data-instance="run"] pre.printed').innerText));
  assert.equal(out, await printed(page, 'run'));
  await page.waitForFunction(() => /run\.program=/.test(location.search) && /run\.keys=10/.test(location.search));
  await page.reload();
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="run"] details.program')?.dataset.ready === 'true');
  const text = () => editorText(page, 'run');
  assert.match(await text(), /^KEYS = 10$/m);
  await panel(page, 'run').locator('.program-back').click();
  assert.match(await text(), /^KEYS = 10$/m, 'the demo is at 10 keys now, so the lesson\'s program says so');
  await page.waitForFunction(() => !/run\.program=/.test(location.search));
  assert.deepEqual(problems, []);
});

test('programs: a syntax error names its line, marks it, and the page stays usable', async () => {
  const { page, problems } = await site.open('robot/');
  await openPanel(page, 'scores');
  const good = await runAndWait(page, 'scores');
  await typeProgram(page, 'scores', 'from robot import *\nconnect()\nprint("hello"\nx = = 2\n');
  await runAndWait(page, 'scores');
  const status = await panel(page, 'scores').locator('.program-status').innerText();
  assert.match(status, /^Line \d+: SyntaxError/);
  assert.equal(await panel(page, 'scores').locator('.cm-error-line').count(), 1);
  assert.equal(await panel(page, 'scores').locator('.program-printout').innerText(), good, 'the last good output stays');
  await typeProgram(page, 'scores', 'from robot import *\nconnect()\ndrive("fast", 0)\n');
  await runAndWait(page, 'scores');
  assert.match(await panel(page, 'scores').locator('.program-status').innerText(), /^Line 3: .*drive\(\): left must be a number between -100 and 100 percent \(got 'fast'\)/);
  await demo(page, 'scores').getByLabel('Divisor', { exact: true }).fill('0.7');
  await page.waitForFunction(() => /scores\.divisor=0\.7/.test(location.search));
  assert.deepEqual(problems, []);
});

test('programs: Stop ends an endless loop, keeps what it had printed, and the next run works', async () => {
  const { page, problems } = await site.open('robot/');
  await openPanel(page, 'order');
  await runAndWait(page, 'order');  // Python is loaded
  await typeProgram(page, 'order', 'print("looping")\nwhile True:\n    pass\n');
  await panel(page, 'order').locator('.program-run').click();
  // Stopped once the loop has begun: its first print is on screen.
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="order"] .program-printout').innerText.includes('looping'));
  // How soon it stops is a figure for the benchmarks, not a test (a loaded machine took over a second once).
  await panel(page, 'order').locator('.program-stop').click();
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="order"] details.program').dataset.state === 'stopped');
  assert.match(await panel(page, 'order').locator('.program-printout').innerText(), /looping/);
  await typeProgram(page, 'order', 'print(round(52.25, 1), 0.1 + 0.2)\n');
  assert.equal(await runAndWait(page, 'order'), '52.2 0.30000000000000004');
  assert.deepEqual(problems, []);
});

test('programs: the scrubber shows the mat and printout of an earlier step', async () => {
  const { page, problems } = await site.open('robot/');
  await openPanel(page, 'run');
  await runAndWait(page, 'run');
  const scrub = panel(page, 'run').locator('.program-scrub');
  assert.equal(await scrub.getAttribute('max'), '70');
  await scrub.fill('10');
  assert.equal(await panel(page, 'run').locator('.program-printout').innerText(), '');
  assert.equal(await panel(page, 'run').locator('.program-mat .drawn').count(), 0, 'no drawing before the history is full');
  await scrub.fill('70');
  assert.match(await panel(page, 'run').locator('.program-printout').innerText(), /20 keys: off by/);
  assert.deepEqual(problems, []);
});

test('programs: Step shows one more wait, and Play at x10 plays the recorded run to its end', async () => {
  const { page, problems } = await site.open('robot/');
  await openPanel(page, 'scores');
  await runAndWait(page, 'scores');
  const scrub = panel(page, 'scores').locator('.program-scrub');
  await scrub.fill('5');
  await panel(page, 'scores').locator('.program-step').click();
  assert.equal(await scrub.inputValue(), '6');
  await panel(page, 'scores').locator('.program-speed').selectOption('10');
  await panel(page, 'scores').locator('.program-play').click();  // 43 waits of 0.25 s at x10: about 1.1 s
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="scores"] .program-scrub').value === '49', null, { timeout: 5000 });
  assert.match(await panel(page, 'scores').locator('.program-printout').innerText(), /^what came next: \d+ cm$/m);
  assert.deepEqual(problems, []);
});

test('programs: plot of NaN is refused with its range in the status line, and the page logs no error', async () => {
  const { page, problems } = await site.open('robot/');
  await openPanel(page, 'scores');
  await typeProgram(page, 'scores', 'from robot import *\nplot("reading", 57)\nplot("reading", float("nan"))\n');
  await runAndWait(page, 'scores');
  assert.match(await panel(page, 'scores').locator('.program-status').innerText(),
    /^Line 3: .*plot\(\): value must be a number between -1e\+15 and 1e\+15 \(got nan\)/);
  assert.deepEqual(problems, []);
});
