// What a learner cannot see yet is written a little later (web/runtime/render/write-soon.js): a demo's tables
// and pictures far below the screen wait for idle time or for coming near the screen, and then hold the same
// numbers a page opened on the same link draws at once. Idle time is held back in these tests (the page's
// requestIdleCallback keeps its callbacks until the test lets them run), so "not yet" is not a race.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, useSite } from '../support/site.mjs';
import { heatMapsAsDrawn } from '../support/heat-maps.mjs';

const site = useSite();
const PHONE = { width: 390, height: 844 };

/** Holds the page's idle callbacks until window.__idle() runs them (each with a 50 ms idle period). */
function holdIdle() {
  const held = [];
  window.requestIdleCallback = (callback) => held.push(callback);
  window.__idle = () => { for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 }); };
}

/** The head demo's tables (text, and each heat cell's colour weight) and heat maps (each cell's colour), as drawn. */
const drawn = async (page) => ({
  ...await page.evaluate(() => {
    const output = document.querySelector('.demo[data-instance="head"] .output');
    return {
      tables: [...output.querySelectorAll('table.matrix')].map((t) => t.textContent),
      heat: [...output.querySelectorAll('td')].map((td) => td.style.getPropertyValue('--w')),
    };
  }),
  maps: await heatMapsAsDrawn(page, '.demo[data-instance="head"] .output'),
});

/** Lets the held idle callbacks run, frame after frame, until no write waits. */
const idleUntilWritten = (page) => page.waitForFunction(() => {
  window.__idle();
  return !document.documentElement.hasAttribute('data-writing');
}, null, { polling: 'raf' });
const twoFrames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

const outputTable = (page) => demo(page, 'head').locator('table.matrix[data-name="output"]');
const stale = (page) => page.evaluate(() => ({
  busy: document.querySelector('.demo[data-instance="head"] table[data-name="output"]').parentElement.getAttribute('aria-busy'),
  writing: document.documentElement.hasAttribute('data-writing'),
}));

/** The page opened on the link the first one wrote: its tables are drawn at once. */
async function fresh(page) {
  await page.waitForFunction(() => { window.__idle(); return !window.attnLesson.addressPending(); }, null, { polling: 'raf' });
  const opened = await site.open(`lm/${await page.evaluate(() => location.search)}`, PHONE);
  return drawn(opened.page);
}

/**
 * A phone's page, idle time held, scrolled to the head demo's identity switch, which is then switched on once
 * every earlier write is made; with the output table's text from before the switch.
 */
async function switchedOn() {
  const { page, problems } = await site.open('lm/', PHONE, { before: [holdIdle] });
  const identity = demo(page, 'head').getByRole('checkbox', { name: /Identity/ });
  await identity.scrollIntoViewIfNeeded();
  await idleUntilWritten(page);
  const before = await outputTable(page).textContent();
  await identity.click();
  await twoFrames(page);
  return { page, problems, before };
}

test('write soon: an off-screen table is written once the page is idle, with the same numbers as writing it at once', async () => {
  const { page, problems, before } = await switchedOn();
  assert.equal(await outputTable(page).textContent(), before, 'the output table, far below, still waits');
  assert.deepEqual(await stale(page), { busy: 'true', writing: true }, 'and the page says so');
  await idleUntilWritten(page);
  assert.notEqual(await outputTable(page).textContent(), before, 'written once idle');
  assert.deepEqual(await stale(page), { busy: null, writing: false });
  assert.deepEqual(await drawn(page), await fresh(page));
  assert.deepEqual(problems, []);
});

test('write soon: a stale table brought into view is written at once, without waiting for idle time', async () => {
  const { page, before } = await switchedOn();
  assert.equal((await stale(page)).busy, 'true', 'the output table waits');
  await outputTable(page).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('.demo[data-instance="head"] table[data-name="output"]').parentElement
    .hasAttribute('aria-busy'), null, { polling: 'raf' });
  assert.equal((await stale(page)).writing, true, 'the tables still off screen wait for idle time');
  const seen = await outputTable(page).textContent();
  assert.notEqual(seen, before);
  assert.equal(seen, (await fresh(page)).tables.at(-1), 'the output table holds the numbers a page opened on the link draws');
});

test('write soon: a later answer replaces a write still waiting, and only the newest is made', async () => {
  const { page } = await site.open('lm/', PHONE, { before: [holdIdle] });
  const head = demo(page, 'head');
  await head.getByRole('checkbox', { name: /Identity/ }).scrollIntoViewIfNeeded();
  await idleUntilWritten(page);
  const slider = head.getByRole('slider', { name: 'Block (slider)' });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await twoFrames(page);
  assert.equal((await stale(page)).busy, 'true', 'the first step left the output table waiting');
  await page.keyboard.press('ArrowLeft');
  await twoFrames(page);
  // Counted as the idle callback writes: the output table's cells that change text.
  await page.evaluate(() => {
    window.__changed = 0;
    new MutationObserver((records) => { window.__changed += records.length; })
      .observe(document.querySelector('.demo[data-instance="head"] table[data-name="output"]'), { subtree: true, characterData: true, childList: true });
  });
  await idleUntilWritten(page);
  assert.equal(await page.evaluate(() => window.__changed), 0, 'back at the first answer: the table it holds is already right');
  assert.deepEqual(await drawn(page), await fresh(page));
});

/** The heads demo's heat maps: for each, whether it waits (aria-busy), its columns and its cells' colours. */
const headsMaps = async (page) => {
  const busy = await page.evaluate(() => [...document.querySelectorAll('.demo[data-instance="heads"] figure.heat-map')].map((map) => map.getAttribute('aria-busy')));
  return (await heatMapsAsDrawn(page, '.demo[data-instance="heads"]')).map((map, i) => ({ busy: busy[i], cols: map.cols, cells: map.colours.join('|') }));
};

test('write soon: a letter typed into the heads demo\'s prompt on a phone redraws the maps near the screen at once, the far ones once idle, as a fresh page draws them', async () => {
  const { page, problems } = await site.open('lm/', PHONE, { before: [holdIdle] });
  const prompt = demo(page, 'heads').getByRole('textbox', { name: 'Prompt' });
  await prompt.scrollIntoViewIfNeeded();
  await idleUntilWritten(page);
  const before = await headsMaps(page);
  await prompt.press('End');
  await prompt.press('s');
  await twoFrames(page);
  const typed = await headsMaps(page);
  const cols = String(Number(before[0].cols) + 1);
  assert.equal(typed[0].busy, null, 'the first map, under the prompt, is written at once');
  assert.equal(typed[0].cols, cols, 'one column more');
  assert.deepEqual(typed.at(-1), { ...before.at(-1), busy: 'true' }, 'the last, screens below, waits and says so');
  await idleUntilWritten(page);
  const written = await headsMaps(page);
  assert.deepEqual(written.map((m) => [m.busy, m.cols]), before.map(() => [null, cols]), 'every map written, one column more');
  await page.waitForFunction(() => { window.__idle(); return !window.attnLesson.addressPending(); }, null, { polling: 'raf' });
  const opened = await site.open(`lm/${await page.evaluate(() => location.search)}`, PHONE);
  await opened.page.waitForFunction(() => !document.documentElement.hasAttribute('data-writing'));
  assert.deepEqual(written, await headsMaps(opened.page), 'the maps equal a page opened on the same link');
  assert.deepEqual(problems, []);
});

test('write soon: on a phone, a table that starts just below the screen waits for idle time like one screens below, and a table the screen shows any of is written at once', async () => {
  const { page, problems } = await site.open('table/', PHONE, { before: [holdIdle] });
  const slider = demo(page, 'hand').getByRole('slider', { name: /Objects on the table/ });
  await slider.scrollIntoViewIfNeeded();
  await idleUntilWritten(page);
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await twoFrames(page);
  const tables = await page.evaluate(() => [...document.querySelectorAll('.demo[data-instance="hand"] .table-wrap')].map((wrap) => {
    const box = wrap.getBoundingClientRect();
    return { shown: box.top < innerHeight && box.bottom > 0, belowBy: box.top - innerHeight, busy: wrap.getAttribute('aria-busy') };
  }));
  const shown = tables.filter((t) => t.shown);
  const justBelow = tables.filter((t) => !t.shown && t.belowBy < PHONE.height / 4);
  assert.ok(shown.length > 0 && justBelow.length > 0, `a table on the screen and one within a quarter screen below it: ${JSON.stringify(tables)}`);
  assert.deepEqual(shown.map((t) => t.busy), shown.map(() => null), 'what the screen shows is written at once');
  assert.deepEqual(tables.filter((t) => !t.shown).map((t) => t.busy), tables.filter((t) => !t.shown).map(() => 'true'), 'what it does not waits, however near');
  await idleUntilWritten(page);
  const written = await page.evaluate(() => [...document.querySelectorAll('.demo[data-instance="hand"] table')].map((t) => t.textContent));
  await page.waitForFunction(() => { window.__idle(); return !window.attnLesson.addressPending(); }, null, { polling: 'raf' });
  const opened = await site.open(`table/${await page.evaluate(() => location.search)}`, PHONE);
  await opened.page.waitForFunction(() => !document.documentElement.hasAttribute('data-writing'));
  assert.deepEqual(written, await opened.page.evaluate(() => [...document.querySelectorAll('.demo[data-instance="hand"] table')].map((t) => t.textContent)),
    'once idle, the tables equal a page opened on the same link');
  assert.deepEqual(problems, []);
});
