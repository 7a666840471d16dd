// A heat map's cells as the explainer finds them (web/runtime/render/heat-cell-place.js): a painted map has a cell
// only where something is outlined, a drawn map (the prerendered page) a cell per value. On linkedom's DOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';

const { document } = parseHTML('<html><body></body></html>');
globalThis.document = document;
const { cellAt, cellPlace, moveCursor, reshapeMarks, unmark } = await import('../../web/runtime/render/heat-cell-place.js');

/** A map's cells' element, `rows` × `cols`, painted (no cells) or drawn (a cell per value). */
function map(rows, cols, { painted }) {
  const figure = document.createElement('figure');
  figure.className = painted ? 'heat-map painted' : 'heat-map';
  const cells = document.createElement('div');
  cells.className = 'heat-map-cells';
  cells.style.setProperty('--cols', String(cols));
  cells.dataset.rows = String(rows);
  if (!painted) cells.append(...Array.from({ length: rows * cols }, () => document.createElement('i')));
  figure.append(cells);
  document.body.append(figure);
  return cells;
}

const reshape = (cells, rows, cols) => {
  const cursor = cells.querySelector('.explain-cursor');
  const at = cursor && cellPlace(cursor);
  cells.style.setProperty('--cols', String(cols));
  cells.dataset.rows = String(rows);
  reshapeMarks(cells, cursor, at);
};

test('heat map cells: a painted map has a cell only where one is outlined, at its row and column, and it goes with its last outline', () => {
  const cells = map(3, 4, { painted: true });
  assert.equal(cells.childElementCount, 0, 'no cell before anything is outlined');
  const cell = cellAt(cells, 2, 1);
  cell.classList.add('explain-operand');
  assert.deepEqual(cellPlace(cell), { row: 2, col: 1 });
  assert.equal(cell.style.left, '25%', 'one column of four in');
  assert.equal(cellAt(cells, 2, 1), cell, 'the same place is the same cell');
  assert.equal(cellAt(cells, 3, 0), null, 'no cell below the last row');
  moveCursor(null, cell);
  unmark(cell, 'explain-operand');
  assert.equal(cell.parentElement, cells, 'still the cursor: it stays');
  moveCursor(cell, cellAt(cells, 0, 0));
  assert.equal(cells.childElementCount, 1, 'the cursor left it and it went');
  assert.deepEqual(cellPlace(cells.firstElementChild), { row: 0, col: 0 });
});

test('heat map cells: a painted map made smaller keeps its cursor at the nearest place within it and drops the outlines outside it', () => {
  const cells = map(5, 5, { painted: true });
  moveCursor(null, cellAt(cells, 4, 1));
  cellAt(cells, 0, 4).classList.add('explain-operand');
  cellAt(cells, 1, 1).classList.add('explain-operand');
  reshape(cells, 3, 3);
  const cursor = cells.querySelector('.explain-cursor');
  assert.deepEqual(cellPlace(cursor), { row: 2, col: 1 }, 'the last row, the same column');
  assert.equal(cursor.style.top, `${(100 * 2) / 3}%`, 'placed in the map\'s new rows');
  assert.deepEqual([...cells.querySelectorAll('.explain-operand')].map(cellPlace), [{ row: 1, col: 1 }], 'the operand in column 4 went');
  reshape(cells, 0, 0);
  assert.equal(cells.childElementCount, 0, 'an empty map has no cell');
});

test('heat map cells: a drawn map\'s cell is found by its index, row after row', () => {
  const cells = map(2, 3, { painted: false });
  assert.equal(cellAt(cells, 1, 2), cells.children[5]);
  assert.deepEqual(cellPlace(cells.children[4]), { row: 1, col: 1 });
  unmark(cells.children[4], 'explain-operand');
  assert.equal(cells.childElementCount, 6, 'a drawn cell stays when its outline goes');
});
