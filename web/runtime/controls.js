// Builds a demo's controls from the parameter declarations the core sends
// (name, type, default, label, help, bounds). A control shows the value the
// demo's state gives it (show) and hands what the learner enters to the state
// (onInput); it keeps no value of its own. Nothing here validates: a value the
// learner types goes to the core as typed, and the core's message comes back.
import { el } from './dom.js';
import { writeAttributes, writeText } from './render/in-place.js';
import { say } from './strings/index.js';

let nextId = 0;
const uniqueId = (stem) => `${stem}-${++nextId}`;


/**
 * "0.5" -> 0.5; anything that is not a plain decimal number, or is too large to
 * hold ("1e999"), stays text for the core to name the problem.
 */
export function parseNumber(text) {
  const trimmed = String(text).trim();
  const plain = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed);
  return plain && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function numberBox(id, value, decl, ariaLabel) {
  // type=text keeps what was typed ("abc", "1e999"), so the core can name the problem;
  // a type=number box would silently turn it into "".
  return el('input', {
    id, type: 'text', inputMode: 'decimal', value: String(value), className: 'num',
    autocomplete: 'off', spellcheck: false, ...(ariaLabel ? { ariaLabel } : {}),
    title: decl.min !== undefined ? say('controls.range', { min: decl.min, max: decl.max }) : '',
  });
}

/** The range input of every slider, named after its box's label. */
const rangeInput = (id, labelText, attrs) => el('input', { type: 'range', ...attrs, ariaLabel: `${labelText} (slider)`, tabIndex: 0, id: `${id}-slider` });

function sliderFor(decl, id, labelText, pairing) {
  if (decl.min === undefined || decl.max === undefined) return null;
  if (decl.scale === 'log') return logSlider(decl, id, labelText);
  if (pairing) return pairedSlider(decl, id, labelText, pairing);
  // A whole number steps by one when its declaration names no step: 'any' moved the language model's
  // Head slider by 0.03 a key, which the core refused, so the slider never changed the head.
  const step = decl.step || (decl.type === 'integer' ? 1 : 0);
  const steps = (decl.max - decl.min) / (step || 1);
  if (steps > 2000) return null;
  const input = rangeInput(id, labelText, { min: decl.min, max: decl.max, step: step || 'any', value: decl.default });
  return { input, valueOf: () => Number(input.value), show: (v) => { input.value = v; } };
}

// The marks of a logarithmic slider: 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 and 8 in every decade, those
// within the bounds that the declared step allows (0.01: no 0.012). Equal steps of the track are then
// about equal ratios, so 0.01 to 10 gives each decade the same room and every arrow key moves the value.
const MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];
export function logMarks(min, max, step = 0) {
  const marks = [];
  for (let e = Math.floor(Math.log10(min)); 10 ** e <= max; ++e) {
    for (const m of MANTISSAS) {
      const v = Number((m * 10 ** e).toPrecision(3));
      const onStep = !step || Math.abs(v / step - Math.round(v / step)) < 1e-9;
      if (v >= min && v <= max && onStep) marks.push(v);
    }
  }
  return marks;
}

/**
 * A slider whose position is the index of one of its stops, not the value. `stopsFor(values)` gives the stops
 * (undefined: keep them), `distance` picks the nearest to a value, `shows(v)` says which values move it. With no
 * stops (a paired slider beside a refused value) it is a plain slider over the declared range.
 */
function stopsSlider(decl, id, labelText, { scale, stopsFor, distance, shows }) {
  const input = rangeInput(id, labelText, { min: decl.min, max: decl.max, step: 1, value: decl.default });
  input.dataset.scale = scale;
  let stops = [];
  const nearest = (v) => stops.reduce((best, m, k) => (distance(m, v) < distance(stops[best], v) ? k : best), 0);
  const show = (v, values) => {
    stops = stopsFor(values) ?? stops;
    if (!shows(v)) return;
    // Written only when they change (writeAttributes): a screen reader says the value, not the position.
    writeAttributes(input, { min: stops.length ? 0 : decl.min, max: stops.length ? stops.length - 1 : decl.max, 'aria-valuetext': v });
    input.value = stops.length ? nearest(v) : v;
  };
  show(decl.default);
  return { input, valueOf: () => (stops.length ? stops[Number(input.value)] : Number(input.value)), show };
}

/** A slider along the logarithm of the value: its stops are logMarks. */
function logSlider(decl, id, labelText) {
  const marks = logMarks(decl.min, decl.max, decl.step);
  return stopsSlider(decl, id, labelText, {
    scale: 'log', stopsFor: () => marks, distance: (m, v) => Math.abs(Math.log(m / v)), shows: (v) => v > 0,
  });
}

/**
 * Two whole numbers of which one must divide the other (a head count and the width it shares out: the core's
 * `divides`): each one's slider stops only at the values that agree with the other's present value, the divisor's
 * at the divisors, the other's at the multiples. Without it, most stops of the heads slider were refused.
 * @returns null, or { reads: the other's name, marks(values): this one's stops }
 */
export function pairingOf(decl, decls) {
  if (decl.type !== 'integer') return null;
  // The state holds what was typed before the core refuses it (a width of 1e9): the stops are counted within this
  // slider's own declared range, never up to the other value.
  const whole = (v) => Number.isInteger(v) && v > 0;
  const from = Math.max(1, decl.min);
  if (decl.divides) {
    const other = decl.divides;
    return { reads: other, marks: (values) => (whole(values[other]) ? range(from, Math.min(decl.max, values[other])).filter((k) => values[other] % k === 0) : []) };
  }
  const divisor = decls.find((d) => d.divides === decl.name);
  if (!divisor) return null;
  const other = divisor.name;
  return {
    reads: other,
    marks: (values) => (whole(values[other]) ? range(Math.ceil(from / values[other]), Math.floor(decl.max / values[other])).map((k) => k * values[other]) : []),
  };
}

const range = (from, to) => Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);

/** A slider whose stops follow the other value's (pairingOf). */
function pairedSlider(decl, id, labelText, pairing) {
  return stopsSlider(decl, id, labelText, {
    scale: 'stops', stopsFor: (values) => values && pairing.marks(values), distance: (m, v) => Math.abs(m - v),
    shows: (v) => typeof v === 'number',
  });
}

/** A single number or whole number, as a text box with a slider when the range is small. */
function scalarControl(decl, onInput, pairing) {
  const id = uniqueId(decl.name);
  const box = numberBox(id, decl.default, decl);
  const slider = sliderFor(decl, id, decl.label, pairing);
  box.addEventListener('input', () => onInput(parseNumber(box.value)));
  slider?.input.addEventListener('input', () => onInput(slider.valueOf()));
  return {
    id,
    inputs: [box, slider?.input].filter(Boolean),
    body: el('div', { className: 'scalar' }, [slider?.input, box, decl.unit ? el('span', { className: 'unit', textContent: decl.unit }) : ''].filter(Boolean)),
    reads: pairing?.reads,
    show(v, values) {
      // While the learner types "0.50" the state holds 0.5: leave their text alone.
      if (!same(parseNumber(box.value), v)) box.value = String(v);
      if (slider && typeof v === 'number') slider.show(v, values);
    },
  };
}

function booleanControl(decl, onInput) {
  const id = uniqueId(decl.name);
  const box = el('input', { id, type: 'checkbox', checked: decl.default });
  box.addEventListener('change', () => onInput(box.checked));
  return { id, inputs: [box], body: box, show: (v) => { box.checked = v === true; } };
}

function choiceControl(decl, onInput) {
  const id = uniqueId(decl.name);
  const label = (c, i) => decl.choice_labels?.[i] ?? c;
  const select = el('select', { id }, decl.choices.map((c, i) => el('option', { value: c, textContent: label(c, i) })));
  select.value = decl.default;
  select.addEventListener('change', () => onInput(select.value));
  return { id, inputs: [select], body: select, show: (v) => { select.value = v; } };
}

/** A line of text (a prompt): what is typed goes to the core as it is, which names any character it refuses. */
function textControl(decl, onInput) {
  const id = uniqueId(decl.name);
  const box = el('input', {
    id, type: 'text', value: decl.default, className: 'text', autocomplete: 'off', spellcheck: false,
    maxLength: decl.max_len ?? 200,
  });
  box.addEventListener('input', () => onInput(box.value));
  return { id, inputs: [box], body: box, show: (v) => { if (box.value !== v) box.value = String(v); } };
}

/**
 * A new cell's value: 0 where the declaration allows it, else the bound nearest to 0 (a list of
 * divisors from 0.01 gets 0.01), so that a new box never holds a value the core refuses.
 */
export function freshCell(decl) {
  if (decl.min !== undefined && decl.min > 0) return decl.min;
  if (decl.max !== undefined && decl.max < 0) return decl.max;
  return 0;
}

/**
 * A grid of number boxes for a matrix (rows x cols) or a vector (one row).
 * Buttons add or remove rows and columns within the declared bounds; a dimension the declaration
 * fixes has no buttons. Rows and columns are named as the core declares them ("feature 1",
 * "hidden unit 3"), "token" and "feature" when it does not say.
 */
function gridControl(decl, onInput) {
  const id = uniqueId(decl.name);
  const isVector = decl.type === 'vector';
  const rowName = decl.row_name ?? say('controls.row');
  const columnStem = isVector ? say('controls.entry') : decl.column_name ?? say('controls.column');
  const columnName = (j) => decl.column_names?.[j] ?? `${columnStem} ${j}`;
  const rowsOf = (v) => (isVector ? [v] : v);
  let cells = rowsOf(decl.default).map((row) => row.slice()); // what the state last gave, as rows
  const table = el('table', { className: 'grid-editor' });
  const buttons = el('div', { className: 'grid-buttons' });
  const send = () => onInput(isVector ? cells[0].slice() : cells.map((row) => row.slice()));

  // Each button is made once; draw() only enables or disables it, so the clicked one keeps the focus
  // (a button replaced under the pointer lost it, and its removal laid the page out at once).
  const button = (text, enabled, action) => {
    const b = el('button', { type: 'button', textContent: text });
    b.addEventListener('click', () => {
      cells = cells.map((row) => row.slice());
      action();
      // The boxes follow at once (the state's answer has this same shape).
      draw();
      send();
    });
    return { element: b, enabled };
  };
  const [minCols, maxCols] = isVector ? [decl.min_len, decl.max_len] : [decl.min_cols, decl.max_cols];
  const fresh = freshCell(decl);
  const colsOf = () => cells[0]?.length ?? decl.min_cols ?? 0;
  const controls = [
    ...(!isVector && decl.min_len !== decl.max_len ? [
      button(`+ ${rowName}`, (rows) => rows < decl.max_len, () => cells.push(Array(colsOf()).fill(fresh))),
      button(`− ${rowName}`, (rows) => rows > decl.min_len, () => cells.pop()),
    ] : []),
    ...(minCols !== maxCols ? [
      button(`+ ${columnStem}`, (rows, cols) => cols < maxCols, () => cells.forEach((r) => r.push(fresh))),
      button(`− ${columnStem}`, (rows, cols) => cols > minCols, () => cells.forEach((r) => r.pop())),
    ] : []),
  ];
  buttons.append(...controls.map((c) => c.element));
  buttons.hidden = !controls.length;

  // One box of the grid, made when its row or column first appears; it stays at its place (i, j), as a
  // row or column is only ever added or removed at the end.
  const cellAt = (i, j, v) => {
    const where = isVector ? `${decl.label} ${columnStem} ${j}` : `${decl.label}, ${rowName} ${i}, ${columnName(j)}`;
    const box = numberBox(i === 0 && j === 0 ? id : uniqueId(decl.name), v, decl, where);
    box.dataset.cell = `${i},${j}`;
    box.addEventListener('input', () => {
      cells = cells.map((r) => r.slice());
      cells[i][j] = parseNumber(box.value);
      send();
    });
    return el('td', {}, box);
  };
  // Column headers say what each column is, as the row headers do for rows.
  const head = isVector ? null : el('tr', {}, [el('td')]);
  const bodyRows = [];
  const first = isVector ? 0 : 1;  // a matrix's rows start with their header

  /**
   * Fits the boxes to `cells`: a row or column more or less is added or removed at the end and the other
   * boxes stay, so "+ token" adds one row instead of making every box again (each new box is styled and
   * laid out as new).
   */
  function draw() {
    const rows = cells.length;
    const cols = colsOf();
    if (head) {
      if (rows && head.parentNode !== table) table.prepend(head);
      if (!rows) head.remove();
      while (head.children.length > 1 + cols) head.lastElementChild.remove();
      for (let j = head.children.length - 1; j < cols; ++j) head.append(el('th', { scope: 'col', textContent: columnName(j) }));
    }
    while (bodyRows.length > rows) bodyRows.pop().remove();
    while (bodyRows.length < rows) {
      const tr = el('tr', {}, isVector ? [] : [el('th', { scope: 'row', textContent: `${rowName} ${bodyRows.length}` })]);
      bodyRows.push(tr);
      table.append(tr);
    }
    cells.forEach((row, i) => {
      const tr = bodyRows[i];
      while (tr.children.length > first + row.length) tr.lastElementChild.remove();
      row.forEach((v, j) => {
        const box = tr.children[first + j]?.firstElementChild;
        if (!box) tr.append(cellAt(i, j, v));
        else if (!same(parseNumber(box.value), v)) box.value = String(v);
      });
    });
    for (const { element, enabled } of controls) {
      const off = !enabled(rows, cols);
      if (element.disabled !== off) element.disabled = off;
    }
  }
  draw();
  return {
    id,
    get inputs() { return [...table.querySelectorAll('input')]; },
    // A grid wider than a phone scrolls in its own box, which says so as a table's does (demo-view.js marks it);
    // the buttons stay outside it, in sight.
    body: el('div', { className: 'grid' }, [el('div', { className: 'grid-scroll' }, table), buttons]),
    show(v) {
      const rows = rowsOf(v);
      if (!Array.isArray(rows) || !rows.length || !rows.every(Array.isArray)) return; // a hand-edited URL: the core names it
      cells = rows.map((r) => r.slice());
      // Every box is kept whose place remains; one whose number is the state's keeps the learner's text
      // ("0.50" while the state holds 0.5) and, being the same element, the focus.
      draw();
    },
  };
}

const builders = {
  number: scalarControl, integer: scalarControl, boolean: booleanControl,
  choice: choiceControl, vector: gridControl, matrix: gridControl, text: textControl,
};

/**
 * One labelled control with its help text and an error line.
 * @param onInput  called with the value the learner entered
 * @param decls  every declaration of the demo (a pairing with another: pairingOf)
 * @returns {{name, element, reads, show(value, values), showError, clearError}}
 */
export function buildControl(decl, onInput, decls = [decl]) {
  const control = builders[decl.type](decl, onInput, pairingOf(decl, decls));
  const errorId = `${control.id}-error`;
  const helpId = `${control.id}-help`;
  const error = el('p', { className: 'error', id: errorId, hidden: true });
  error.setAttribute('role', 'alert');
  const label = el('label', { htmlFor: control.id, textContent: decl.label });
  const element = el('div', { className: `control control-${decl.type}` }, [
    label, control.body,
    decl.help ? el('p', { className: 'help', id: helpId, textContent: decl.help }) : '',
    error,
  ]);
  // Written only when it changes: a browser restyles an input whose attribute is set, even to the same value.
  const describe = (withError) => {
    const describedBy = [decl.help ? helpId : '', withError ? errorId : ''].join(' ').trim();
    for (const input of control.inputs) {
      if (input.getAttribute('aria-describedby') !== describedBy) input.setAttribute('aria-describedby', describedBy);
      if (withError) { if (input.getAttribute('aria-invalid') !== 'true') input.setAttribute('aria-invalid', 'true'); }
      else if (input.hasAttribute('aria-invalid')) input.removeAttribute('aria-invalid');
    }
  };
  describe(false);
  return {
    name: decl.name,
    element,
    reads: control.reads, // another parameter whose value changes what this control offers (pairingOf)
    show: (v, values) => { control.show(v, values); describe(!error.hidden); },
    // The message's text node is rewritten in place, as a refusal typed key after key keeps its box refused.
    showError(message) { writeText(error, message); if (error.hidden) error.hidden = false; element.classList.add('invalid'); describe(true); },
    clearError() {
      if (error.hidden) return; // every result clears every control: most have nothing to clear
      error.textContent = ''; error.hidden = true; element.classList.remove('invalid'); describe(false);
    },
  };
}
