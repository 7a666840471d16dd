// What one input makes the browser do beyond the demo's own update (docs/page-performance.md): work the
// page forces at once, outside the frame, which a slow phone pays on every input. Counted, not timed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, useSite } from '../support/site.mjs';

const site = useSite();

/**
 * Counts the page's calls of the caret lookups (each lays the whole page out at once, then hit-tests it)
 * and of history.replaceState, from the page's first script on.
 */
function countCalls() {
  window.__calls = { caret: 0, replaceState: 0 };
  for (const name of ['caretPositionFromPoint', 'caretRangeFromPoint']) {
    const original = Document.prototype[name];
    if (original) Document.prototype[name] = function counted(...args) { window.__calls.caret += 1; return original.apply(this, args); };
  }
  const replace = History.prototype.replaceState;
  History.prototype.replaceState = function counted(...args) { window.__calls.replaceState += 1; return replace.apply(this, args); };
}

let counting = null;
/** A page of the site whose calls are counted (countCalls). */
async function open(relative) {
  counting ??= site.browser.context.addInitScript(countCalls);
  await counting;
  return site.open(relative, { width: 390, height: 844 });
}

test('a grid\'s + token and − token keep their buttons and the focus, and no click on a control asks for the caret\'s place', async () => {
  const { page, problems } = await open('block/');
  const stack = demo(page, 'stack');
  const add = stack.getByRole('button', { name: '+ token' });
  await add.evaluate((b) => { b.dataset.first = 'yes'; });
  const rows = () => stack.locator('table.grid-editor tr').count();
  const before = await rows();
  await add.click();
  await page.waitForFunction((n) => document.querySelectorAll('.demo[data-instance="stack"] table.grid-editor tr').length === n + 1, before);
  assert.equal(await add.evaluate((b) => b.dataset.first), 'yes', 'the button pressed is still on the page, not a copy');
  assert.equal(await add.evaluate((b) => document.activeElement === b), true, 'the focus stays on the button pressed');
  await stack.getByRole('button', { name: '− token' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.demo[data-instance="stack"] table.grid-editor tr').length === n, before);
  await stack.getByRole('button', { name: /^Reset/ }).click();
  await stack.getByLabel('Residual connections').click();
  const calls = await page.evaluate(() => window.__calls);
  assert.equal(calls.caret, 0, 'clicks on buttons and a checkbox never ask where the caret is');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a click on a printout that explains itself still finds its number', async () => {
  const { page, problems } = await open('block/');
  // The middle of the printout's first number (the block lesson's printouts explain themselves).
  const box = await page.evaluate(() => {
    const pre = document.querySelector('.demo pre.printed.explainable-text');
    pre.scrollIntoView({ block: 'center' });
    const text = pre.firstChild;
    const at = text.data.search(/\d/);
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    const r = range.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  const before = await page.evaluate(() => window.__calls.caret);
  await page.mouse.click(box.x, box.y);
  // The panel opens on it; the caret is asked for by the panel's code, which the first pointer on a number fetches.
  await page.locator('.explain-panel:not([hidden])').first().waitFor();
  assert.equal(await page.evaluate(() => window.__calls.caret), before + 1, 'a click on the printout asks for the caret\'s place once');
  assert.deepEqual(problems, []);
  await page.close();
});
