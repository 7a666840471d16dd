// Where a heat map's cell is. Cells fill their map's grid row after row, --cols to a row (render/heat-maps.js:
// no cell carries its place, to keep the prerendered page light), so a cell's row and column follow from its
// index. A painted map's cells are hidden under its canvas, and the few the explainer outlines (its keyboard
// cursor, an explanation's operands) are shown at their place, which each is given in its own style: a place
// the style sheet computed (sibling-index(), the map's --cols inherited) restyled all of a map's hundreds of
// cells each time its size changed (docs/benchmarks.md, 2026-12-05).

/** The columns of `map`, a heat map's cells' element. */
export const columns = (map) => Number(map.style.getPropertyValue('--cols'));

/** The row and column of a heat map's cell. */
export function cellPlace(cell) {
  // Found in the live list, not a copy of it: a map has up to thousands of cells, and the cursor is most often the first.
  const at = Array.prototype.indexOf.call(cell.parentElement.children, cell);
  const cols = columns(cell.parentElement);
  return { row: Math.floor(at / cols), col: at % cols };
}

/** Gives an outlined cell its box in its map (percentages of the map's), where a painted map shows it. */
export function placeCell(cell) {
  const { row, col } = cellPlace(cell);
  const cols = columns(cell.parentElement);
  const rows = Math.ceil(cell.parentElement.childElementCount / cols);
  const percent = (k, n) => `${(100 * k) / n}%`;
  Object.assign(cell.style, { left: percent(col, cols), top: percent(row, rows), width: percent(1, cols), height: percent(1, rows) });
}

/** Moves a heat map's keyboard cursor from the cell `from` (or none) to `to` (or none), shown at its place. */
export function moveCursor(from, to) {
  if (from === to) return;
  from?.classList.remove('explain-cursor');
  if (!to) return;
  to.classList.add('explain-cursor');
  placeCell(to);
}
