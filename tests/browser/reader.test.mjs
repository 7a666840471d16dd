// What the site does for a reader beyond the demos: the light / dark / system
// theme menu (kept by the browser), the knowledge-check answers kept per page
// (and erased on request), the print layout, and charts that stay legible on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from '../support/site.mjs';
import { demosReady, dialogAnswered } from '../support/browser.mjs';

const site = useSite();
const PHONE = { width: 390, height: 844 };
const MIN_LABEL_PX = 11;   // chart axis labels on screen, at least (issue 11)
const A4 = { width: 700, height: 990 }; // an A4 page inside web/style.css's @page margins, in CSS px
const MIN_CONTRAST = 4.5;  // text on a heat-map cell, WCAG AA

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
  await demosReady(page);
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

test('knowledge checks: an answer is kept for its lesson only, comes back on reload, and can be erased', async () => {
  const { page, problems } = await site.open('attention/');
  const first = page.locator('.check textarea').first();
  await first.fill('A 6 × 6 table; each row adds up to 1.');
  await page.reload();
  await demosReady(page);
  assert.equal(await page.locator('.check textarea').first().inputValue(), 'A 6 × 6 table; each row adds up to 1.');

  // Another lesson's "Question 1" has its own answer.
  await page.goto(`${site.server.url}robot/`);
  await demosReady(page);
  assert.equal(await page.locator('.check textarea').first().inputValue(), '');

  await page.goto(`${site.server.url}attention/`);
  await demosReady(page);
  const check = page.locator('.check').first();
  await check.getByRole('button', { name: /^Erase this answer/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Erase it' }).click(); // it asks first (tests/browser/progress.test.mjs)
  await dialogAnswered(page);
  assert.equal(await page.locator('.check textarea').first().inputValue(), '');
  await page.reload();
  await demosReady(page);
  assert.equal(await page.locator('.check textarea').first().inputValue(), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('print: a lesson prints as a document: no controls, the demos\' output, the explanations open, the answers as text', async () => {
  const { page, problems } = await site.open('robot/', A4);
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
  // A picture's caption prints what it shows; how to drag it or move it by keys is for the screen.
  assert.match(await page.locator('figure.bugbot figcaption').first().innerText(), /^The mat from above\./);
  const howToMove = await page.evaluate(() => [...document.querySelectorAll('main figcaption')]
    .map((c) => c.innerText).filter((t) => /arrow keys|Drag |Tab to/.test(t)));
  assert.deepEqual(howToMove, [], 'no printed caption tells the reader to drag or press a key');
  // Long printed lines wrap and wide tables shrink: nothing runs off the paper.
  const overflowing = await page.evaluate(() => [...document.querySelectorAll('main pre, main .table-wrap, main .strip-scroll')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.getAttribute('aria-label') ?? e.className));
  assert.deepEqual(overflowing, []);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), A4.width);
  await page.evaluate(() => localStorage.clear()); // leave no answer behind
  assert.deepEqual(problems, []);
  await page.close();
});

test('print: a worksheet has every question with room to answer and no explanation, its demos at the preset; an answer key has the explanations', async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { ROOT } = await import('../support/core.mjs');
  const { cases } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/block_reference.json'), 'utf8'));
  const numpyAt = (id, params) => cases.find((c) => c.demo === id && JSON.stringify(c.params) === JSON.stringify(params)).printed.join('\n');
  const { page, problems } = await site.open('block/?stack.blocks=6', A4); // the live demo is off its preset
  await page.locator('.check textarea').first().fill('My own answer, not for the worksheet.');
  const checks = await page.locator('main .check').count();
  assert.equal((await page.locator('.demo[data-instance="stack"] pre.printed').innerText()).trim(), numpyAt('block_stack', { blocks: 6 }), 'the live demo is off its preset');
  const menu = page.getByLabel('Print as');

  await menu.selectOption('worksheet');
  await page.waitForFunction(() => document.documentElement.dataset.print === 'worksheet');
  await page.emulateMedia({ media: 'print' });
  const visible = (selector) => page.locator(selector).evaluateAll((nodes) => nodes.filter((n) => n.checkVisibility()).length);
  assert.equal(await visible('.check details, .check details > p'), 0, 'no explanation');
  assert.equal(await visible('.answer-room'), checks, 'room to answer under every question');
  assert.equal(await visible('.check h3'), checks, 'every question');
  assert.equal(await visible('.answer-print, .check textarea'), 0, 'no answer of the learner\'s');
  assert.doesNotMatch(await page.locator('body').innerText(), /My own answer/);
  assert.match(await page.locator('.print-copy .print-kind').innerText(), /worksheet/i);
  assert.equal((await page.locator('.print-copy pre.printed').evaluateAll((pres) => pres.filter((p) => p.checkVisibility()).map((p) => p.textContent.trim())))
    .includes(numpyAt('block_stack', {})), true, 'the stack demo prints at the lesson\'s preset, not the link\'s 6 blocks');

  await page.emulateMedia({ media: 'screen' });
  await menu.selectOption('key');
  await page.waitForFunction(() => document.documentElement.dataset.print === 'key');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.print-copy .check').evaluateAll((all) => all.filter((c) => c.querySelector('details > p')?.checkVisibility()).length),
    checks, 'every question\'s explanation');
  assert.equal(await visible('.answer-room, .answer-print, .check textarea'), 0, 'no room and no answer');
  assert.match(await page.locator('.print-copy .print-kind').innerText(), /answer key/i);

  await page.emulateMedia({ media: 'screen' });
  await menu.selectOption('lesson');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await visible('.print-copy'), 0, 'the lesson prints as itself again');
  assert.equal(await page.locator('.check .answer-print').first().innerText(), 'My own answer, not for the worksheet.');
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(problems, []);
  await page.close();
});

for (const lesson of ['robot', 'attention', 'table']) {
  test(`phone: the ${lesson} page's chart labels are at least ${MIN_LABEL_PX} px on screen and nothing but scroll boxes scrolls sideways`, async () => {
    const { page, problems } = await site.open(`${lesson}/`, PHONE);
    const sizes = await page.evaluate(() => [...document.querySelectorAll('figure.chart svg text')]
      .filter((t) => t.checkVisibility() && t.textContent.trim()) // not those in a closed <details>
      .map((t) => { const m = t.getScreenCTM(); return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b); })); // the y label is turned 90°
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

for (const theme of ['light', 'dark']) {
  test(`heat map, ${theme}: text on a cell of any weight, 0 to 1, is at least ${MIN_CONTRAST}:1`, async () => {
    const { page, problems } = await openIn('attention/', theme);
    const ratios = await page.evaluate(() => {
      // sRGB bytes of any CSS colour (Chromium gives color-mix() results in oklab), then WCAG's relative luminance.
      const ctx = Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d', { willReadFrequently: true });
      const bytes = (css) => { ctx.clearRect(0, 0, 1, 1); ctx.fillStyle = css; ctx.fillRect(0, 0, 1, 1); return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)]; };
      const lum = (css) => bytes(css).map((c) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
      const cell = document.querySelector('table.heat td[style]');
      const saved = cell.style.getPropertyValue('--w');
      const out = [];
      for (let w = 0; w <= 1.0001; w += 0.05) {
        cell.style.setProperty('--w', w);
        const [a, b] = [lum(getComputedStyle(cell).backgroundColor), lum(getComputedStyle(cell).color)].sort((p, q) => q - p);
        out.push([Number(w.toFixed(2)), (a + 0.05) / (b + 0.05)]);
      }
      cell.style.setProperty('--w', saved);
      return out;
    });
    const worst = ratios.reduce((p, q) => (q[1] < p[1] ? q : p));
    assert.ok(worst[1] >= MIN_CONTRAST, `weight ${worst[0]}: ${worst[1].toFixed(2)}:1`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

for (const [name, relative] of [['index', ''], ['robot', 'robot/'], ['attention', 'attention/'], ['table', 'table/']]) {
  test(`phone: every control on the ${name} page is at least 24 × 24 px (WCAG 2.2 AA), sliders included`, async () => {
    const { page, problems } = await site.open(relative, PHONE);
    // Targets inside a sentence (links, numbers that explain themselves) are exempt (WCAG 2.5.8, "inline");
    // everything else a finger presses is measured.
    const small = await page.evaluate(() => [...document.querySelectorAll('button, input, select, textarea, summary, a, [tabindex="0"]')]
      .filter((e) => e.checkVisibility() && !(getComputedStyle(e).display === 'inline' && (e.tagName === 'A' || e.closest('p, li'))))
      .map((e) => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
      .filter(([, r]) => r.width < 24 || r.height < 24)
      .map(([html, r]) => `${html} is ${r.width.toFixed(0)} × ${r.height.toFixed(0)}`));
    assert.deepEqual(small, []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('theme: browsers without light-dark() get the same colours from the fallback the site build appends', async () => {
  const { page, problems } = await site.open('attention/');
  const cases = [['light', undefined], ['dark', undefined], ['light', 'dark'], ['dark', 'light']];
  for (const [system, chosen] of cases) {
    await page.emulateMedia({ colorScheme: system });
    const { names, modern, fallback, raw } = await page.evaluate(async (theme) => {
      if (theme) document.documentElement.dataset.theme = theme; else delete document.documentElement.dataset.theme;
      const css = await (await fetch(document.querySelector('link[href$="style.css"]').href)).text();
      const names = [...css.matchAll(/^\s*(--[\w-]+):\s*light-dark\(/gm)].map((m) => m[1]);
      const probe = document.body.appendChild(document.createElement('span'));
      const read = () => names.map((n) => { probe.style.color = `var(${n})`; return getComputedStyle(probe).color; });
      const modern = read();
      // The fallback's rules as an old browser would apply them: the @supports test taken away.
      const block = css.slice(css.indexOf('@supports not (color: light-dark('));
      const style = document.head.appendChild(document.createElement('style'));
      style.textContent = block.slice(block.indexOf('{') + 1, block.lastIndexOf('}'));
      const fallback = read();
      // The fallback's plain values are the ones in force (not light-dark() still).
      const raw = names.map((n) => getComputedStyle(document.documentElement).getPropertyValue(n)).filter((v) => v.includes('light-dark'));
      style.remove();
      probe.remove();
      return { names, modern, fallback, raw };
    }, chosen);
    assert.ok(names.length > 30, 'the colours are found');
    assert.deepEqual(raw, [], 'the fallback sets every colour');
    const differ = names.filter((_, i) => modern[i] !== fallback[i]).map((n, i) => `${n}: ${modern[i]} vs ${fallback[i]}`);
    assert.deepEqual(differ, [], `system ${system}, chosen ${chosen ?? 'none'}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
