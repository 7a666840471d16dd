// Keyboard only, and what a screen reader hears (issue 11):
//   - every picture with things to move is one tab stop (a roving tabindex): Tab reaches it once,
//     the arrow keys move the focused object and the printout changes, N / P move to the next and
//     the previous object, and the focus is visible;
//   - each demo has one live region (web/runtime/announce.js), which after a change says one short
//     sentence: what moved where, or which value changed, and the key result; the printout is not live;
//   - the objects are easy to grab with a finger: a hit area of at least 44 px on a phone;
//   - axe still finds nothing after a keyboard move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, printed, useSite } from '../support/site.mjs';
import { injectAxe } from '../support/axe.mjs';

const site = useSite();
const SHORT = 200; // characters: "one short sentence", with the key result cut to 100 by announce.js

const announced = (page, instance) => demo(page, instance).locator('.announce').textContent();

/**
 * Presses Tab from the demo's Reset button until the focus has left the demo's output, and returns
 * how many presses landed inside `picture` (a selector inside the demo).
 */
async function tabStopsIn(page, instance, picture) {
  await demo(page, instance).locator('button.reset').focus();
  let inside = 0;
  for (let k = 0; k < 40; ++k) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(({ instance, picture }) => {
      const box = document.querySelector(`.demo[data-instance="${instance}"]`);
      const a = document.activeElement;
      return { inPicture: Boolean(a.closest(picture)) && box.contains(a), inDemo: box.contains(a) };
    }, { instance, picture });
    if (where.inPicture) inside += 1;
    else if (!where.inDemo) break;
  }
  return inside;
}

const focusedLabel = (page) => page.evaluate(() => document.activeElement.getAttribute('aria-label'));

test('keyboard: the lab is one tab stop; arrows move the focused object, N and P pick another, and one sentence says what moved', async () => {
  const { page, problems } = await site.open('table/');
  assert.equal(await tabStopsIn(page, 'lab', 'svg.table-top'), 1, 'Tab reaches the lab\'s picture once');
  const lab = demo(page, 'lab');
  assert.equal(await lab.locator('svg.table-top [tabindex="0"]').count(), 1);
  await lab.locator('.object[tabindex="0"]').focus();
  const first = await focusedLabel(page);
  const before = await printed(page, 'lab');

  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((old) => document.querySelector('.demo[data-instance="lab"] pre.printed').innerText !== old, before);
  const kind = first.split(' ')[0];
  const xOf = (label) => Number(label.match(/at x ([\d.]+) cm/)[1]);
  const now = await focusedLabel(page);
  assert.ok(now.startsWith(`${kind} at x `), 'the focus stays on the object moved');
  assert.ok(Math.abs(xOf(now) - (xOf(first) + 1)) <= 0.5, `the label says where it is now: ${first} -> ${now}`); // positions snap to 0.5 cm
  const sentence = await announced(page, 'lab');
  assert.match(sentence, new RegExp(`^${kind} moved to x ${xOf(now)} cm, y [\\d.]+ cm\\. The output now reads: `));
  assert.ok(sentence.length <= SHORT && !sentence.includes('\n'), `one short sentence: "${sentence}"`);
  // The focus is visible: the focused object's circle gets the focus colour.
  const stroke = await lab.locator('.object:focus circle').evaluate((c) => getComputedStyle(c).strokeWidth);
  assert.equal(stroke, '5px');

  await page.keyboard.press('n');
  const second = await focusedLabel(page);
  assert.notEqual(second.split(' ')[0], kind, 'N focuses the next object');
  assert.match(second, /object 2 of 4/);
  assert.equal(await lab.locator('svg.table-top [tabindex="0"]').count(), 1, 'still one tab stop, now on the next object');
  await page.keyboard.press('p');
  assert.equal((await focusedLabel(page)).split(' ')[0], kind, 'P goes back');
  await page.keyboard.press('End');
  assert.match(await focusedLabel(page), /object 4 of 4/);

  // Tab from the picture leaves it (to the next thing on the page), it does not walk the objects.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => Boolean(document.activeElement.closest('svg.table-top'))), false);
  assert.deepEqual(problems, []);
});

test('keyboard: the layers figure (six views of one scene) is one tab stop, and its arrows move the object in every view', async () => {
  const { page, problems } = await site.open('table/');
  assert.equal(await tabStopsIn(page, 'layers', '.attention-grid'), 1);
  const layers = demo(page, 'layers');
  // The pictures; the tables of numbers under them are a tab stop each, as every table is.
  assert.equal(await layers.locator('figure.table-attention .attention-grid [tabindex="0"]').count(), 1);
  assert.equal(await layers.locator('figure.table-attention .attention-grid [tabindex]').count(), 4, 'the four objects of the first view, and no others');
  await layers.locator('.object[tabindex="0"]').focus();
  const before = await printed(page, 'layers');
  await page.keyboard.press('Shift+ArrowUp');
  await page.waitForFunction((old) => document.querySelector('.demo[data-instance="layers"] pre.printed').innerText !== old, before);
  assert.match(await announced(page, 'layers'), /^\w+ moved to x [\d.]+ cm, y [\d.]+ cm\. The output now reads: /);
  assert.deepEqual(problems, []);
});

test('keyboard: the robot is the mat\'s one tab stop; its arrows move it and one sentence says where', async () => {
  const { page, problems } = await site.open('robot/');
  assert.equal(await tabStopsIn(page, 'run', 'svg.mat'), 1);
  await demo(page, 'run').locator('.robot').focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="run"] .announce').textContent !== '');
  const sentence = await announced(page, 'run');
  assert.match(sentence, /^Robot's start moved to x [\d.]+ cm, y [\d.]+ cm\. The output now reads: /);
  assert.ok(sentence.length <= SHORT);
  assert.equal(await demo(page, 'run').locator('.readout').getAttribute('aria-live'), null, 'the playback readout is not live');
  assert.deepEqual(problems, []);
});

test('live regions: one per demo, not the printout; after a slider step it holds one short sentence', async () => {
  const { page, problems } = await site.open('attention/');
  const counts = await page.locator('.demo.ready').evaluateAll((demos) => demos.map((d) => ({
    announcers: d.querySelectorAll('.announce[role="status"]').length,
    livePrintouts: d.querySelectorAll('pre.printed[aria-live]').length,
  })));
  assert.ok(counts.length > 0);
  for (const c of counts) assert.deepEqual(c, { announcers: 1, livePrintouts: 0 });
  assert.equal(await announced(page, 'cost'), '', 'nothing said before the learner changes anything');

  const slider = demo(page, 'cost').locator('input[type="range"]').first();
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="cost"] .announce').textContent !== '');
  const sentence = await announced(page, 'cost');
  assert.match(sentence, /^(Tokens T|Heads): \d+\. The output now reads: T = \d+/);
  assert.ok(sentence.length <= SHORT && !sentence.includes('\n'), `one short sentence: "${sentence}"`);
  assert.deepEqual(problems, []);
});

test('phone: every object of the lab and the robot can be grabbed by a finger (hit area at least 44 px)', async () => {
  const sizes = [];
  for (const [relative, selector] of [['table/', '.demo[data-instance="lab"] .object .hit-area'], ['robot/', '.demo[data-instance="run"] .robot .hit-area']]) {
    const { page } = await site.open(relative, { width: 390, height: 844 });
    for (const box of await page.locator(selector).evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()).map((r) => [r.width, r.height]))) {
      sizes.push([relative, ...box]);
    }
    await page.close();
  }
  assert.ok(sizes.length >= 5);
  for (const [where, w, h] of sizes) assert.ok(w >= 44 && h >= 44, `${where}: ${w.toFixed(0)} × ${h.toFixed(0)} px`);
});

test('axe: no violations on the table page after keyboard moves in the lab and the layers figure', async () => {
  const { page } = await site.open('table/');
  for (const instance of ['lab', 'layers']) {
    await demo(page, instance).locator('.object[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('n');
  }
  // Checked once both moves are drawn: each demo has said what moved.
  await page.waitForFunction(() => ['lab', 'layers'].every((instance) =>
    / moved to x /.test(document.querySelector(`.demo[data-instance="${instance}"] .announce`).textContent)));
  await injectAxe(page);
  const found = await page.evaluate(async () => (await window.axe.run(document, {
    resultTypes: ['violations'], rules: { 'target-size': { enabled: true } },
  })).violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)));
  assert.deepEqual(found, []);
});
