// Labelled matrices as HTML tables. A weight table is coloured like a heatmap,
// but it stays a real table, so the numbers are the text alternative of the colours.
import { scaleSequential } from 'd3-scale';
import { interpolateBlues } from 'd3-scale-chromatic';
import { formatValue } from './format.js';

const heat = scaleSequential(interpolateBlues).domain([0, 1]);
const TABLE_DIGITS = 3;
const DARK_CELL = 0.55; // above this weight the cell is dark enough for white text

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
        td.style.background = heat(value);
        if (value > DARK_CELL) td.style.color = '#fff';
      }
      tr.append(td);
    });
    table.append(tr);
  });
  const wrap = document.createElement('div');
  wrap.className = 'table-wrap';
  wrap.append(table);
  return wrap;
}
