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

export function renderTable(spec) {
  // A column of whole numbers (readings in cm, steps back) prints as it is; the rest with TABLE_DIGITS decimals.
  const whole = spec.col_labels.map((_, j) => spec.values.every((row) => row[j] === null || Number.isInteger(row[j])));
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
      const td = cell('td', whole[j] ? formatValue(value) : formatValue(value, TABLE_DIGITS));
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
  // A wide table scrolls sideways inside this box: it takes focus so a keyboard can scroll it
  // (a named group, as the printout in index.js).
  Object.assign(wrap, { tabIndex: 0, role: 'group', ariaLabel: spec.title });
  wrap.append(table);
  return wrap;
}
