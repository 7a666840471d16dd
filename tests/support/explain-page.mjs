// What the browser tests of the explain panel (issue 23) share: the panel of a demo, waiting for its
// answer, opening a number by keyboard, a sentence's number, a table's or a heat map's cell, and where a printout's text is on screen for a click.
import { demo } from './site.mjs';

export const panelOf = (page, instance) => demo(page, instance).locator('.explain-panel');
// The panel once its explanation is on screen: the first one waits for the explain module to load.
export const answered = (page, instance) => demo(page, instance).locator('.explain-panel[data-state="shown"]:not([hidden])').waitFor();
/** Focuses `target` (a number of `instance`: a sentence's, a cell, a label), presses Enter and waits for the panel's answer. @returns the panel */
export async function openByKeyboard(page, instance, target) {
  await target.focus();
  await page.keyboard.press('Enter');
  await answered(page, instance);
  return panelOf(page, instance);
}
/** The first place the lesson's text quotes the number `num` ("worked.token0_exp_sum"). */
export const sentenceNumber = (page, num) => page.locator(`[data-num="${num}"]`).first();
export const cell = (page, instance, table, row, col) =>
  demo(page, instance).locator(`table.matrix[data-name="${table}"] tr`).nth(row + 1).locator('td').nth(col);
/**
 * The cell at `row`, `col` of a heat map (`map`: its grid of cells, filled row after row, --cols to a row), for a
 * click: a painted map's cells are hidden under its canvas (render/heat-maps.js), so the click falls on that place.
 */
export async function heatCell(map, row, col) {
  const { cols, rows } = await map.evaluate((grid) => {
    const columns = Number(grid.style.getPropertyValue('--cols'));
    return { cols: columns, rows: Number(grid.dataset.rows) };
  });
  return {
    click: async () => {
      const box = await map.evaluate((grid) => ({ width: grid.clientWidth, height: grid.clientHeight, left: grid.clientLeft, top: grid.clientTop }));
      await map.click({ position: { x: box.left + (col + 0.5) * box.width / cols, y: box.top + (row + 0.5) * box.height / rows } });
    },
  };
}

/** The middle of the character `offset` into the printout's text `needle` in `instance`, for a click. */
export const printedAt = (page, instance, needle, offset = 0) => page.evaluate(({ instance, needle, offset }) => {
  const pre = document.querySelector(`.demo[data-instance="${instance}"] pre.printed`);
  pre.scrollIntoView({ block: 'center' });
  const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const at = text.data.indexOf(needle);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(text, at + offset);
    range.setEnd(text, at + offset + 1);
    const r = range.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }
  return null;
}, { instance, needle, offset });
