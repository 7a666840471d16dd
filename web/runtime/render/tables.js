// Labelled matrices as HTML tables. A weight table is coloured like a heatmap,
// but it stays a real table, so the numbers are the text alternative of the colours.
import { numberFormat, pageLanguage } from './format.js';
import { writeAttributes, writeRows, writeText } from './in-place.js';
import { el } from '../dom.js';

const TABLE_DIGITS = 3;

// What a drawn table is made of besides its title, labels and numbers: a new result with the same keeps
// the table, and writes even a new title or a new row or column count into it in place (a slider for the
// number of keys or tokens then adds a row instead of building a new table; the lm head demo's identity
// switch changes its scores table's title, √8 to √32, and keeps its 529 cells).
const shapeOf = (spec) => JSON.stringify([spec.name, spec.heat]);
const drawnShape = new WeakMap(); // table-wrap -> shapeOf(the spec it was drawn for)
// A table of one quantity (the core's `one_format`) is whole only if every cell is, as NumPy prints an array.
const wholeColumns = (spec) => {
  const whole = spec.col_labels.map((_, j) => spec.values.every((row) => row[j] === null || Number.isInteger(row[j])));
  return spec.one_format ? whole.map(() => whole.every(Boolean)) : whole;
};
// The corner is a plain cell, the column labels and each row's label are headers.
const isHeader = (i, j) => (i === 0 ? j > 0 : j === 0);

// What a table's new number cells are made as (`markCells`): a copy of a marked cell.
const cellsLike = new WeakMap(); // <table> -> <td>

/**
 * From now on the number cells `table` gains are copies of `like` (a <td> with the explainer's class and
 * tabindex, explainable.js): made so, they join the page marked instead of being marked, and restyled,
 * once there.
 */
export function markCells(table, like) {
  cellsLike.set(table, like);
}

// A label is kept on one line ("token 11" split after "token" reads as two labels), unless it is a phrase
// ("miss, 4 objects [cm]", "Plain-256 (recorded)") in a table of a few columns: such a phrase may wrap
// (web/style.css `th.phrase`), so that on a phone the table's numbers fit beside its labels instead of behind a
// sideways scroll. A table of more columns scrolls on a phone anyway: its labels wrapped would only make it
// taller ("key 0 (20 back)" on three lines).
const PHRASE = 12;      // characters: longer than "feature 11" or "token 11"
const FEW_COLUMNS = 6;  // of numbers: the act demo's tables have 3 and 4, the comparison's 3
const isPhrase = (label) => String(label).length > PHRASE;

/** Marks each label of `table`, a table of `columns` columns of numbers, that may wrap; unmarks the others. */
export function markPhrases(table, columns) {
  const few = columns <= FEW_COLUMNS;
  for (const th of table.querySelectorAll('th')) {
    const phrase = few && isPhrase(th.textContent);
    if (th.classList.contains('phrase') !== phrase) th.classList.toggle('phrase', phrase);
  }
}
const phrased = new WeakSet(); // tables drawn with a label marked
function markSpecPhrases(table, spec) {
  const any = spec.col_labels.length <= FEW_COLUMNS && (spec.col_labels.some(isPhrase) || spec.row_labels.some(isPhrase));
  if (!any && !phrased.has(table)) return;  // most tables: no label to look at
  markPhrases(table, spec.col_labels.length);
  if (any) phrased.add(table); else phrased.delete(table);
}

/** Writes `spec`'s labels and numbers, and a heat table's colours, into `table`. */
function fill(table, spec) {
  // In the page's language ("0,707" in French); the printout above the table keeps the program's point.
  // (The language and its formats are read once a table: a table has hundreds of cells.)
  const lang = pageLanguage();
  const asWhole = numberFormat(undefined, lang);
  const asDecimal = numberFormat(spec.digits ?? TABLE_DIGITS, lang);
  // A column of whole numbers (readings in cm, steps back) prints as it is; the rest with TABLE_DIGITS decimals,
  // or the table's own (the core's `digits`).
  const formats = wholeColumns(spec).map((whole) => (whole ? asWhole : asDecimal));
  writeRows(table, [['', ...spec.col_labels], ...spec.values.map((row, i) => [spec.row_labels[i], ...row.map((v, j) => formats[j](v))])],
    isHeader, cellsLike.get(table));
  markSpecPhrases(table, spec);
  if (!spec.heat) return;
  // The colour is mixed in web/style.css from --w, so it follows the theme; one ink reads on every cell.
  const rows = table.querySelectorAll('tr');
  spec.values.forEach((row, i) => {
    const cells = rows[i + 1].children;
    row.forEach((value, j) => {
      const td = cells[j + 1];
      const w = value === null ? '' : Math.min(1, Math.max(0, value)).toFixed(3); // a thousandth: as the heat maps
      if (td.style.getPropertyValue('--w') === w) return;
      if (w) td.style.setProperty('--w', w); else td.style.removeProperty('--w');
    });
  });
}

/**
 * Off screen, the browser skips a large table's style, layout and paint (web/style.css: content-visibility on
 * `.large`), so a change of head in the language model's demo lays out the table on screen, not all six. Until
 * the browser has drawn a table once, it holds the room of its rows and columns (a cell is about 4.2 by 1.9 rem,
 * the caption and the scroll note 2.5 rem). That room is a guess, and a table drawn when it comes into view
 * moves what follows by the guess's error (7 px for the attention scaling demo's small table, enough to move its
 * chart's line from under a click): a small table costs little to lay out, so only large ones are skipped. The
 * room is set as the property itself, not as custom properties for the style sheet: those are inherited, and a
 * change of one restyled every cell of the table.
 */
const LARGE = 150; // cells: the lm head demo's tables have 184 to 529, the robot's keys table 180 at its preset
const heldRoom = new WeakMap(); // table-wrap -> its contain-intrinsic-size ('' for a small table)
function holdRoom(wrap, spec) {
  const rem = (x) => `${Math.round(x * 10) / 10}rem`;
  const large = spec.values.length * spec.col_labels.length >= LARGE;
  const room = large ? `auto ${rem(5 + 4.2 * spec.col_labels.length)} auto ${rem(2.5 + 1.9 * (spec.values.length + 1))}` : '';
  if ((heldRoom.get(wrap) ?? '') === room) return;
  heldRoom.set(wrap, room);
  wrap.classList.toggle('large', large);
  wrap.style.containIntrinsicSize = room;
}

/** Whether `wrap` is a table renderTable drew for a spec of the same name and kind as `spec`. */
export const sameShape = (wrap, spec) => drawnShape.get(wrap) === shapeOf(spec);

/**
 * Writes `spec` into `wrap`, a table renderTable drew for a spec of the same name and kind, in place (a
 * slider step then touches only the cells that changed); false if those differ.
 */
export function updateTable(wrap, spec) {
  if (!sameShape(wrap, spec)) return false;
  const table = wrap.firstElementChild;
  writeText(table.firstElementChild, spec.title);  // its caption
  writeAttributes(wrap, { 'aria-label': spec.title });
  fill(table, spec);
  holdRoom(wrap, spec);
  return true;
}

export function renderTable(spec) {
  const table = document.createElement('table');
  table.className = spec.heat ? 'matrix heat' : 'matrix';
  table.dataset.name = spec.name;
  table.append(el('caption', { textContent: spec.title }));
  fill(table, spec);
  const wrap = document.createElement('div');
  wrap.className = 'table-wrap';
  drawnShape.set(wrap, shapeOf(spec));
  holdRoom(wrap, spec);
  // A wide table scrolls sideways inside this box: it takes focus so a keyboard can scroll it
  // (a named group, as the printout in index.js).
  Object.assign(wrap, { tabIndex: 0, role: 'group', ariaLabel: spec.title });
  wrap.append(table);
  return wrap;
}
