// A heat map's cells as the explainer finds them. A map drawn as elements (the prerendered page) has a cell per
// value, row after row, --cols to a row: a cell's place follows from its index (no cell carries its place, to keep
// the prerendered page light). A painted map (render/heat-maps.js) shows its colours on a canvas and has only the
// cells the explainer outlines (its keyboard cursor, the value asked about, its operands): each is made when
// outlined, carries its row and column, is shown at its place, and goes with its last outline. A hidden cell per
// value was more than half the language model page's elements, added and taken at each change of the prompt's
// length (docs/benchmarks.md, 2026-12-05, 21:26).

/** The columns and rows of `map`, a heat map's cells' element (render/heat-maps.js writes both). */
export const columns = (map) => Number(map.style.getPropertyValue('--cols'));
export const rowCount = (map) => Number(map.dataset.rows);

const painted = (map) => map.parentElement?.classList.contains('painted');
const isMark = (cell) => cell.dataset.row !== undefined;

/** The row and column of a heat map's cell. */
export function cellPlace(cell) {
  if (isMark(cell)) return { row: Number(cell.dataset.row), col: Number(cell.dataset.col) };
  // Found in the live list, not a copy of it: a map has up to thousands of cells, and the cursor is most often the first.
  const at = Array.prototype.indexOf.call(cell.parentElement.children, cell);
  const cols = columns(cell.parentElement);
  return { row: Math.floor(at / cols), col: at % cols };
}

/** The cell of `map` at a row and column (a painted map's made if it has none there yet), or null outside the map. */
export function cellAt(map, row, col) {
  const cols = columns(map);
  if (row < 0 || col < 0 || row >= rowCount(map) || col >= cols) return null;
  if (!painted(map)) return map.children[row * cols + col] ?? null;
  for (const mark of map.children) if (Number(mark.dataset.row) === row && Number(mark.dataset.col) === col) return mark;
  const mark = document.createElement('i');
  Object.assign(mark.dataset, { row: String(row), col: String(col) });
  map.append(mark);
  placeCell(mark);
  return mark;
}

/** Gives an outlined cell its box in its map (percentages of the map's), where a painted map shows it. */
export function placeCell(cell) {
  const { row, col } = cellPlace(cell);
  const cols = columns(cell.parentElement);
  const rows = rowCount(cell.parentElement);
  const percent = (k, n) => `${(100 * k) / n}%`;
  Object.assign(cell.style, { left: percent(col, cols), top: percent(row, rows), width: percent(1, cols), height: percent(1, rows) });
}

/** Takes the outlines `names` off a cell; a painted map's cell goes with its last. */
export function unmark(cell, ...names) {
  cell.classList.remove(...names);
  if (isMark(cell) && !cell.classList.length) cell.remove();
}

/** Moves a heat map's keyboard cursor from the cell `from` (or none) to `to` (or none), shown at its place. */
export function moveCursor(from, to) {
  if (from === to) return;
  to?.classList.add('explain-cursor');
  if (from) unmark(from, 'explain-cursor');
}

/**
 * After `map` took a new shape: its cursor keeps its row and column, or goes to the nearest within the map; a
 * painted map's other cells outside it go, and each left is placed again (its box is a fraction of the map's).
 */
export function reshapeMarks(map, cursor, at) {
  const rows = rowCount(map);
  const cols = columns(map);
  const onlyMarks = painted(map);  // a painted map holds only the cells it marks
  if (onlyMarks) {
    for (const mark of [...map.children]) {
      if (mark !== cursor && (Number(mark.dataset.row) >= rows || Number(mark.dataset.col) >= cols)) mark.remove();
    }
  }
  if (cursor) moveCursor(cursor, rows && cols ? cellAt(map, Math.min(at.row, rows - 1), Math.min(at.col, cols - 1)) : null);
  if (onlyMarks) for (const cell of map.children) placeCell(cell);
}
