// The robot lesson in headless Chromium: drag the robot, change the number of
// keys, play and scrub the run, open a shared link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, printed, useSite } from '../support/site.mjs';
import { nativeCore } from '../support/core.mjs';

const site = useSite();
const lesson = (query = '', viewport) => site.open(`robot/${query}`, viewport);
const quoted = (page, name) => page.locator(`[data-num="${name}"]`).first().innerText();

test('robot page: at the defaults the text quotes the numbers the core computes, with no console errors', async () => {
  const { page, problems } = await lesson();
  const run = nativeCore.run('robot_run', {}).result.numbers;
  assert.equal(await quoted(page, 'run.error_wide'), run.error_wide.toFixed(1));
  assert.equal(await quoted(page, 'run.error_no_change'), run.error_no_change.toFixed(1));
  const scores = nativeCore.run('robot_scores', {}).result.numbers;
  assert.equal(await quoted(page, 'scores.best_steps_back_text'), `${scores.best_steps_back} steps back`);
  assert.ok(run.error_wide < run.error_no_change / 2, 'the lesson\'s claim holds at the defaults');
  // The printouts are the Python programs': floats keep their .0, the count is spelled out.
  assert.match(await printed(page, 'scores'), /^the weights add up to: 1\.0$/m);
  assert.match(await printed(page, 'sharp'), /^the average of all twenty values: \d+\.\d$/m);
  assert.match(await printed(page, 'order'), /^position worth 0\.0 : guess /m);
  assert.deepEqual(problems, []);
});

test('robot page: with 3 keys the error figures, the table and the sentences change', async () => {
  const { page, problems } = await lesson();
  const before = await quoted(page, 'run.error_wide');
  await demo(page, 'run').getByLabel('Number of keys', { exact: true }).fill('3');
  await page.waitForFunction((old) => document.querySelector('[data-num="run.error_wide"]').innerText !== old, before);
  const expected = nativeCore.run('robot_run', { keys: 3 }).result.numbers;
  assert.equal(await quoted(page, 'run.error_wide'), expected.error_wide.toFixed(1));
  assert.match(await printed(page, 'run'), /3 keys: off by/);
  await page.waitForFunction(() => /run\.keys=3/.test(location.search));
  assert.deepEqual(problems, []);
});

test('robot page: dragging the robot moves its start, reruns the simulation and records it in the URL', async () => {
  const { page, problems } = await lesson();
  const run = demo(page, 'run');
  const robot = run.locator('.robot .robot-body');
  await robot.scrollIntoViewIfNeeded();
  const box = await robot.boundingBox();
  const mat = await run.locator('svg.mat').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // Towards the top-left corner, in a few steps as a hand would.
  for (let k = 1; k <= 5; ++k) await page.mouse.move(box.x + box.width / 2 - k * mat.width * 0.04, box.y + box.height / 2 - k * mat.height * 0.1);
  await page.mouse.up();
  await page.waitForFunction(() => /run\.start_y=/.test(location.search));
  const x = Number(await run.getByLabel('Start x', { exact: true }).inputValue());
  const y = Number(await run.getByLabel('Start y', { exact: true }).inputValue());
  assert.ok(x < 45 && y > 50, `robot moved up and left, to (${x}, ${y})`);
  const expected = nativeCore.run('robot_run', { start_x: x, start_y: y }).result.numbers;
  await page.waitForFunction((want) => document.querySelector('[data-num="run.error_wide"]').innerText === want, expected.error_wide.toFixed(1));
  assert.deepEqual(problems, []);
});

test('robot page: the robot can also be moved with the arrow keys', async () => {
  const { page } = await lesson();
  const run = demo(page, 'run');
  await run.locator('.robot').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => /run\.start_x=55/.test(location.search) && /run\.start_y=21/.test(location.search));
});

test('robot page: play runs the playback forward, pause stops it, and the scrubber picks a moment', async () => {
  const { page, problems } = await lesson();
  const run = demo(page, 'run');
  const scrubber = run.locator('input.scrubber');
  const play = run.getByRole('button', { name: 'Play' });
  const last = Number(await scrubber.getAttribute('max'));
  await play.click(); // at the end: starts again from the first reading
  // Started again from the first reading, and moving: past the first, not yet at the last.
  await page.waitForFunction((end) => {
    const at = Number(document.querySelector('.demo[data-instance="run"] input.scrubber').value);
    return at > 0 && at < end;
  }, last);
  const during = Number(await scrubber.inputValue());
  assert.ok(during > 0 && during < last, `playing, at reading ${during} of ${last}`);
  await run.getByRole('button', { name: 'Pause' }).click();
  const paused = Number(await scrubber.inputValue());
  // Paused: after animation frames covering three readings' time, which playing would have moved past, it is still there.
  await page.evaluate(() => new Promise((resolve) => {
    const mat = window.attnLesson.demos.get('run').shownResult().figures.find((f) => f.kind === 'bugbot_mat');
    const start = performance.now();
    const frame = (now) => (now - start > 3000 * mat.tick_seconds ? resolve() : requestAnimationFrame(frame));
    requestAnimationFrame(frame);
  }));
  assert.equal(Number(await scrubber.inputValue()), paused, 'paused playback stays put');
  await scrubber.fill('30');
  assert.match(await run.locator('.readout').innerText(), /^Reading 30 at/);
  assert.deepEqual(problems, []);
});

test('robot page: a shared link restores the run\'s parameters', async () => {
  const { page, problems } = await lesson('?run.keys=10&run.start_x=30&sharp.divisors=[1,0.2]&order.shuffle_seed=3');
  assert.equal(await demo(page, 'run').getByLabel('Number of keys', { exact: true }).inputValue(), '10');
  assert.equal(await demo(page, 'run').getByLabel('Start x', { exact: true }).inputValue(), '30');
  const expected = nativeCore.run('robot_run', { keys: 10, start_x: 30 }).result.numbers;
  assert.equal(await quoted(page, 'run.error_wide'), expected.error_wide.toFixed(1));
  assert.equal(await demo(page, 'sharp').locator('table.matrix.heat tr').count(), 3, 'two divisors, two rows');
  assert.deepEqual(problems, []);
});

test('robot page: a bad divisor is explained beside the control and the last good run stays', async () => {
  const { page } = await lesson();
  const run = demo(page, 'run');
  const before = await printed(page, 'run');
  await run.getByLabel('Divisor', { exact: true }).fill('0');
  assert.match(await run.locator('.control.invalid .error').innerText(), /“Divisor” is too small: it must be between 0.01 and 10 \(got 0\)/);
  assert.equal(await printed(page, 'run'), before);
});

test('robot page: fits a phone screen', async () => {
  const { page, problems } = await lesson('', { width: 390, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  assert.deepEqual(problems, []);
});

test('robot page: the history chart\'s table gives each series\' points at their own reading numbers', async () => {
  const { page, problems } = await lesson();
  const chart = nativeCore.run('robot_scores', {}).result.charts[0];
  const [readings, next] = chart.series;
  const rows = await demo(page, 'scores').locator('figure.chart details tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const row = (x) => rows.find((r) => Number(r[0]) === x);
  assert.equal(rows.length, 1 + new Set([...readings.x, ...next.x]).size, 'one row per reading number');
  assert.deepEqual(row(next.x[0]).slice(1), [readings.x.includes(next.x[0]) ? String(readings.y[readings.x.indexOf(next.x[0])]) : '—', String(next.y[0])]);
  assert.equal(row(readings.x[0])[2], '—', 'what came next has no point at the first reading');
  assert.ok(!rows.flat().includes('undefined'));
  assert.deepEqual(problems, []);
});
