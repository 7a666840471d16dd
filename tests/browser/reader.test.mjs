// What the site does for a reader beyond the demos: the light / dark / system
// theme menu (kept by the browser), the knowledge-check answers kept per page
// (and erased on request), the print layout, and charts that stay legible on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from '../support/site.mjs';

const site = useSite();
const PHONE = { width: 390, height: 844 };
const MIN_LABEL_PX = 11;   // chart axis labels on screen, at least (issue 11)

/** The page's background colour as the browser computes it, as [r, g, b]. */
const background = (page) => page.evaluate(() => {
  const probe = document.createElement('div');
  probe.style.color = getComputedStyle(document.documentElement).backgroundColor;
  document.body.append(probe);
  // Chromium may report light-dark() results in any colour syntax: let a canvas turn it into sRGB bytes.
  const ctx = Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d');
  ctx.fillStyle = getComputedStyle(probe).color;
  ctx.fillRect(0, 0, 1, 1);
  probe.remove();
  return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
});
const isDark = async (page) => (await background(page)).every((c) => c < 80);

async function openIn(relative, colorScheme, viewport) {
  const { page, problems } = await site.open(relative, viewport);
  await page.emulateMedia({ colorScheme });
  return { page, problems };
}

test('theme: follows the system, and a choice in the menu wins over it and is kept across pages and reloads', async () => {
  const { page, problems } = await openIn('', 'dark');
  const menu = page.getByLabel('Theme');
  await menu.waitFor();
  assert.equal(await menu.inputValue(), 'system');
  assert.ok(await isDark(page), 'dark system setting gives the dark theme');
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'light dark');

  await menu.selectOption('light');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.ok(!(await isDark(page)), 'the choice "light" wins over a dark system');

  // On a lesson page, opened afresh: the kept choice is applied by the <head>, before the runtime runs.
  await page.goto(`${site.server.url}attention/`);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(await page.getByLabel('Theme').inputValue(), 'light');
  assert.ok(!(await isDark(page)));

  await page.getByLabel('Theme').selectOption('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  assert.ok(await isDark(page), 'the choice "dark" wins over a light system');
  await page.getByLabel('Theme').selectOption('system');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), undefined);
  assert.equal(await page.evaluate(() => localStorage.getItem('attn-theme')), null, '"system" is the default, so nothing is kept');
  assert.ok(!(await isDark(page)));
  assert.deepEqual(problems, []);
  await page.close();
});

test('knowledge checks: an answer is kept for this page only, comes back on reload, and can be erased', async () => {
  const { page, problems } = await site.open('attention/');
  const first = page.locator('.check textarea').first();
  await first.fill('A 6 × 6 table; each row adds up to 1.');
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.demosReady === 'true');
  assert.equal(await page.locator('.check textarea').first().inputValue(), 'A 6 × 6 table; each row adds up to 1.');

  // Another lesson's "Question 1" has its own answer.
  await page.goto(`${site.server.url}robot/`);
  assert.equal(await page.locator('.check textarea').first().inputValue(), '');

  await page.goto(`${site.server.url}attention/`);
  const check = page.locator('.check').first();
  await check.getByRole('button', { name: 'Erase my answers' }).click();
  assert.equal(await page.locator('.check textarea').first().inputValue(), '');
  await page.reload();
  assert.equal(await page.locator('.check textarea').first().inputValue(), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('print: a lesson prints as a document: no controls, the demos\' output, the explanations open, the answers as text', async () => {
  const { page, problems } = await site.open('robot/');
  await page.locator('.check textarea').first().fill('Averaging delays every change.');
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  assert.equal(await page.locator('.demo .controls').first().isVisible(), false, 'controls are left out');
  assert.equal(await page.locator('header.site').isVisible(), false);
  assert.ok(await page.locator('.demo pre.printed').first().isVisible(), 'the printed output is there');
  assert.ok(await page.locator('.check details > p').first().isVisible(), 'the explanation is open');
  const answer = page.locator('.check .answer-print').first();
  assert.ok(await answer.isVisible());
  assert.equal(await answer.innerText(), 'Averaging delays every change.');
  assert.ok(!(await isDark(page)), 'print is always in the light theme');
  // Long printed lines wrap inside the page instead of scrolling.
  const overflowing = await page.evaluate(() => [...document.querySelectorAll('pre, .table-wrap, .strip-scroll')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1).length);
  assert.equal(overflowing, 0);
  await page.locator('.check .erase-answers').first().evaluate((b) => b.click()); // leave no answer behind
  assert.deepEqual(problems, []);
  await page.close();
});

for (const lesson of ['attention', 'table']) {
  test(`phone: the ${lesson} page's chart labels are at least ${MIN_LABEL_PX} px on screen and nothing but scroll boxes scrolls sideways`, async () => {
    const { page, problems } = await site.open(`${lesson}/`, PHONE);
    const sizes = await page.evaluate(() => [...document.querySelectorAll('figure.chart svg text')]
      .filter((t) => t.getBBox().width > 0)
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a));
    assert.ok(sizes.length > 0, 'the page has charts');
    assert.ok(Math.min(...sizes) >= MIN_LABEL_PX, `smallest chart label ${Math.min(...sizes).toFixed(1)} px`);
    // Only boxes made to scroll (a printout, a wide table, a wide picture, all focusable) may scroll sideways.
    const unexpected = await page.evaluate(() => [...document.querySelectorAll('main *')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
      .filter((e) => e.tabIndex < 0 && !e.querySelector('input, button, select, textarea, [tabindex], summary'))
      .map((e) => e.className || e.tagName));
    assert.deepEqual(unexpected, []);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, 'the page itself does not scroll sideways');
    assert.deepEqual(problems, []);
    await page.close();
  });
}
