// Labelled matrices as HTML tables. A weight table is coloured like a heatmap,
// but it stays a real table, so the numbers are the text alternative of the colours.
import { formatValue } from './format.js';

const TABLE_DIGITS = 3;

function cell(tag, text, props = {}) {
  const node = document.createElement(tag);
  node.textContent = text;
  Object.assign(node, props);
  return node;
}

// What a drawn table is made of besides its numbers: a new result with the same keeps the table.
const shapeOf = (spec) => JSON.stringify([spec.name, spec.title, spec.heat, spec.row_labels, spec.col_labels]);
const drawnShape = new WeakMap(); // table-wrap -> shapeOf(the spec it was drawn for)
const wholeColumns = (spec) => spec.col_labels.map((_, j) => spec.values.every((row) => row[j] === null || Number.isInteger(row[j])));
const cellText = (value, whole) => (whole ? formatValue(value) : formatValue(value, TABLE_DIGITS));

/**
 * Writes `spec`'s numbers into `wrap`, a table renderTable drew for the same shape, in place
 * (a slider step then touches only the cells that changed); false if the shape differs.
 */
export function updateTable(wrap, spec) {
  if (drawnShape.get(wrap) !== shapeOf(spec)) return false;
  const whole = wholeColumns(spec);
  const rows = wrap.querySelectorAll('tr');
  spec.values.forEach((row, i) => {
    const cells = rows[i + 1].querySelectorAll('td');
    row.forEach((value, j) => {
      const td = cells[j];
      const text = cellText(value, whole[j]);
      if (td.textContent !== text) td.textContent = text;
      if (spec.heat) {
        if (value === null) td.style.removeProperty('--w');
        else td.style.setProperty('--w', Math.min(1, Math.max(0, value)));
      }
    });
  });
  return true;
}

export function renderTable(spec) {
  // A column of whole numbers (readings in cm, steps back) prints as it is; the rest with TABLE_DIGITS decimals.
  const whole = wholeColumns(spec);
  const table = document.createElement('table');
  table.className = spec.heat ? 'matrix heat' : 'matrix';
  table.dataset.name = spec.name;
  table.append(cell('caption', spec.title));
  const head = document.createElement('tr');
  head.append(cell('td', ''), ...spec.col_labels.map((label) => cell('th', label, { scope: 'col' })));
  table.append(head);
  spec.values.forEach((row, i) => {
    const tr = document.createElement('tr');
    tr.append(cell('th', spec.row_labels[i], { scope: 'row' }));
    row.forEach((value, j) => {
      const td = cell('td', cellText(value, whole[j]));
      if (spec.heat && value !== null) {
        // The colour is mixed in web/style.css from --w, so it follows the theme; one ink reads on every cell.
        td.style.setProperty('--w', Math.min(1, Math.max(0, value)));
      }
      tr.append(td);
    });
    table.append(tr);
  });
  const wrap = document.createElement('div');
  wrap.className = 'table-wrap';
  drawnShape.set(wrap, shapeOf(spec));
  // A wide table scrolls sideways inside this box: it takes focus so a keyboard can scroll it
  // (a named group, as the printout in index.js).
  Object.assign(wrap, { tabIndex: 0, role: 'group', ariaLabel: spec.title });
  wrap.append(table);
  return wrap;
}
