// The "Edit and run the program" panel as a learner on a phone and in the dark theme
// sees it: it fits the screen, its editor follows the theme, and an error takes the
// learner to its line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, useSite } from '../support/site.mjs';

const site = useSite();
const PHONE = { width: 390, height: 844 };
const panel = (page, instance) => demo(page, instance).locator('details.program');
const RGB = /rgba?\((\d+), (\d+), (\d+)/;

async function openAndRun(page, instance, code) {
  await panel(page, instance).locator('summary').click();
  await panel(page, instance).locator('.cm-content').waitFor();
  if (code !== undefined) {
    await page.evaluate(([i, t]) => document.querySelector(`.demo[data-instance="${i}"] details.program`).programEditor.setText(t), [instance, code]);
  }
  await panel(page, instance).locator('.program-run').click();
  await page.waitForFunction((i) => {
    const d = document.querySelector(`.demo[data-instance="${i}"] details.program`);
    return d.dataset.state && !d.querySelector('.program-run').disabled;
  }, instance, { timeout: 20000 });
}

/** Boxes in the panel that reach past its right edge, leaving out what scrolls inside a scrolling box. */
const overflowing = (details) => details.evaluate((d) => {
  const right = d.getBoundingClientRect().right + 1;
  const scrolls = (n) => ['auto', 'scroll'].includes(getComputedStyle(n).overflowX);
  const insideScroller = (n) => { for (let p = n.parentElement; p && p !== d; p = p.parentElement) if (scrolls(p)) return true; return false; };
  return [...d.querySelectorAll('*')].filter((n) => n.getBoundingClientRect().right > right && !insideScroller(n))
    .map((n) => `${n.tagName.toLowerCase()}.${n.getAttribute('class') ?? ''}`);
});

// WCAG's relative luminance and contrast ratio.
function luminance(rgb) {
  const [r, g, b] = rgb.match(RGB).slice(1).map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const TEXT_CONTRAST = 4.5;  // WCAG AA for text

for (const instance of ['scores', 'run', 'sharp', 'order']) {
  test(`program panel: at 390 px every part of the ${instance} panel fits, the editor and printout scroll in themselves`, async () => {
    const { page, problems } = await site.open('robot/', PHONE);
    await openAndRun(page, instance);
    assert.deepEqual(await overflowing(panel(page, instance)), []);
    assert.ok(await panel(page, instance).evaluate((d) => d.getBoundingClientRect().right <= document.documentElement.clientWidth));
    assert.deepEqual(problems, []);
  });
}

test('program panel: in the dark theme the editor\'s gutter, comments and keywords read against their background', async () => {
  const { page } = await site.open('robot/', PHONE);
  await page.emulateMedia({ colorScheme: 'dark' });
  await openAndRun(page, 'run');
  const colours = await panel(page, 'run').evaluate((d) => {
    const style = (n) => getComputedStyle(n);
    const editorBg = style(d.querySelector('.cm-editor')).backgroundColor;
    const gutter = d.querySelector('.cm-gutters');
    const number = d.querySelector('.cm-gutterElement:not(.cm-activeLineGutter)');
    const line = [...d.querySelectorAll('.cm-line')].find((l) => l.textContent.trim().startsWith('#'));
    const keyword = [...d.querySelectorAll('.cm-line span')].find((s) => s.textContent === 'def');
    return { editorBg, gutterBg: style(gutter).backgroundColor, number: style(number).color, comment: style(line.firstElementChild ?? line).color, keyword: style(keyword).color };
  });
  assert.ok(luminance(colours.gutterBg) < 0.1, `gutter ${colours.gutterBg}`);
  assert.ok(contrast(colours.number, colours.gutterBg) >= TEXT_CONTRAST, `line numbers ${colours.number} on ${colours.gutterBg}`);
  assert.ok(contrast(colours.comment, colours.editorBg) >= TEXT_CONTRAST, `comment ${colours.comment} on ${colours.editorBg}`);
  assert.ok(contrast(colours.keyword, colours.editorBg) >= TEXT_CONTRAST, `keyword ${colours.keyword} on ${colours.editorBg}`);
});

test('program panel: an unclosed parenthesis names the line that opened it and puts the cursor there', async () => {
  const { page, problems } = await site.open('robot/');
  const lines = ['x = 1', 'print(x', ...Array.from({ length: 50 }, (_, i) => `y${i} = ${i}`)];
  await openAndRun(page, 'order', `${lines.join('\n')}\n`);
  assert.equal(await panel(page, 'order').locator('.program-status').innerText(), "Line 2: SyntaxError: '(' was never closed");
  const cursorLine = await page.evaluate(() => {
    const { view } = document.querySelector('.demo[data-instance="order"] details.program').programEditor;
    return view.state.doc.lineAt(view.state.selection.main.head).number;
  });
  assert.equal(cursorLine, 2);
  assert.equal(await panel(page, 'order').locator('.cm-error-line').innerText(), 'print(x');
  assert.deepEqual(problems, []);
});
