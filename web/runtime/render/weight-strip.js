// Rows of attention weights over the keys, oldest on the left, each key's
// value written under its column: the robot lesson's "strip". Drawn by hand
// because it is specific to the lesson; D3 provides the scales, the theme the colours.
// The table under it holds the same numbers.
import { scaleBand, scaleLinear } from 'd3-scale';
import { formatNumber } from './format.js';
import { el, svg } from '../dom.js';
import { writeAttributes, writeRows, writeText, writeWhenOpen } from './in-place.js';
import { say } from '../strings/index.js';
import { smallestWidth } from './readable-width.js';

const CELL = 30;        // svg units per key
const ROW = 72;         // svg units per row of weights
const LABEL = 150;      // svg units for the row labels


/** The table under the strip: steps back, the values, then each row's weights. */
const dataRows = (fig) => [
  ['', ...fig.steps_back.map((s) => say('strip.back', { n: s }))],
  [say('strip.value', { unit: fig.value_unit }), ...fig.values.map((v) => formatNumber(v, 0))],
  ...fig.rows.map((r) => [r.label, ...r.weights.map((w) => formatNumber(w, 3))]),
];

// What a drawn strip is made of besides its rows, keys, weights, values and row labels: a new result with
// the same keeps it, and draws into it in place a new number of keys, a row more or less (a divisor added
// to the list) and a row's new label ("divide by 3.0" as a divisor is typed).
const shapeOf = (fig) => JSON.stringify([fig.title, fig.value_unit]);

/**
 * Builds the strip for `fig`'s shape: the bars in an svg, and under them each key's value and steps
 * back as HTML in a grid of the same columns: as svg text, those labels would be laid out anew on every
 * step of the number of keys (docs/page-performance.md).
 * Returns the parts a result of that shape redraws; setRows() and setKeys() then give it its rows and keys.
 */
function build(fig) {
  const root = svg('svg', { role: 'img', 'aria-label': say('chart.label', { title: fig.title }) });
  // Hidden from screen readers, who have the same numbers in the table.
  const foot = el('div', { className: 'strip-foot' });
  foot.setAttribute('aria-hidden', 'true');
  // Its cells in the grid's order: this label, each key's value, the next label, each key's steps back.
  foot.append(el('span', { className: 'strip-foot-label', textContent: say('strip.value', { unit: fig.value_unit }) }));
  const stepsLabel = foot.appendChild(el('span', { className: 'strip-foot-label', textContent: say('strip.steps_back') }));
  // The rows' labels, in HTML over the svg's left margin, held at the box's left edge as it scrolls
  // (web/style.css: sticky), so that a strip opened on its heaviest key still says which row is which.
  const labels = el('div', { className: 'strip-labels' });
  labels.setAttribute('aria-hidden', 'true');
  const canvas = el('div', { className: 'strip-canvas' }, [labels, root, foot]);
  return { canvas, root, labels, foot, rows: [], values: [], steps: [], stepsLabel, keys: 0, keysPlaced: false, x: null, width: 0 };
}

/** Gives the strip `count` rows of weights: adds or removes the last ones (each a label, a base line and its bars). */
function setRows(drawn, count) {
  const { root, labels, rows } = drawn;
  if (rows.length === count) return;
  while (rows.length > count) {
    const row = rows.pop();
    for (const node of [row.label, row.line, ...row.bars]) node.remove();
  }
  while (rows.length < count) {
    const base = (rows.length + 1) * ROW - 4;
    const label = labels.appendChild(el('span', { className: 'strip-label' }));
    const line = root.appendChild(svg('line', { x1: LABEL, y1: base, y2: base, class: 'strip-base' }));
    rows.push({ base, label, line, bars: [], weights: [] });  // weights: what each bar shows
  }
  // Each label at the middle of its row, in per cent of the svg's height, so it follows the svg's scale.
  rows.forEach((row, i) => { row.label.style.top = `${(100 * (i + 0.5)) / count}%`; });
  drawn.keysPlaced = false;  // setKeys gives the new rows their bars and the svg its new height
}

/**
 * Gives the grid under the bars a value and a steps-back label per key of `fig`: adds or removes them at its
 * left (after each line's label) when that leaves fewer texts to write than at its right. The robot's keys
 * run oldest first, so a key more is a new key at the left, and every other key keeps its value and steps
 * back: written at the right, every label of the line changed.
 */
function fitFoot(drawn, fig) {
  const { values, steps, foot, stepsLabel } = drawn;
  const want = [fig.values.map((v) => formatNumber(v, 0)), fig.steps_back.map(String)];
  const more = want[0].length - values.length;
  if (!more) return;
  const toWrite = (shift) => [values, steps].reduce((n, spans, k) => n + want[k].filter((text, j) => spans[j - shift]?.textContent !== text).length, 0);
  if (values.length && toWrite(more) < toWrite(0)) {
    if (more < 0) { for (const span of [...values.splice(0, -more), ...steps.splice(0, -more)]) span.remove(); return; }
    const made = (className) => Array.from({ length: more }, () => el('span', { className }));
    const [newValues, newSteps] = [made('strip-value'), made('strip-step')];
    values[0].before(...newValues);
    stepsLabel.after(...newSteps);
    values.unshift(...newValues);
    steps.unshift(...newSteps);
    return;
  }
  while (values.length > want[0].length) { values.pop().remove(); steps.pop().remove(); }
  while (values.length < want[0].length) {
    values.push(stepsLabel.insertAdjacentElement('beforebegin', el('span', { className: 'strip-value' })));
    steps.push(foot.appendChild(el('span', { className: 'strip-step' })));
  }
}

/**
 * Gives the strip `fig`'s number of keys as columns: adds or removes the last bars (and the labels under
 * them: fitFoot), and places them all. The grid's columns are the svg's in per cent of its width, so each
 * label sits under its bar.
 */
function setKeys(drawn, fig) {
  const keys = fig.values.length;
  if (drawn.keys === keys && drawn.keysPlaced) return;
  const { root, foot, rows } = drawn;
  drawn.keys = keys;
  drawn.keysPlaced = true;
  drawn.width = LABEL + keys * CELL;
  // Half the gap between bars at either end, so each band is centred in its CELL, as its grid column is.
  drawn.x = scaleBand().domain([...Array(keys).keys()]).range([LABEL, drawn.width]).paddingInner(0.12).paddingOuter(0.06);
  // Coloured from --w by .strip-bar (web/style.css), whose weight 0 is never the page's colour, so tiny bars still show.
  for (const row of rows) {
    while (row.bars.length > keys) row.bars.pop().remove();
    row.weights.length = Math.min(row.weights.length, keys);
    while (row.bars.length < keys) row.bars.push(root.appendChild(svg('rect', { class: 'strip-bar' })));
    row.bars.forEach((rect, j) => { writeAttributes(rect, { x: drawn.x(j), width: drawn.x.bandwidth() }); });
    writeAttributes(row.line, { x2: drawn.width });
  }
  fitFoot(drawn, fig);
  writeAttributes(root, { viewBox: `0 0 ${drawn.width} ${rows.length * ROW}` });
  foot.style.gridTemplateColumns = `${(100 * LABEL) / drawn.width}% repeat(${keys}, ${(100 * CELL) / drawn.width}%)`;
  drawn.labels.style.width = `${(100 * LABEL) / drawn.width}%`;
  drawn.canvas.style.minWidth = smallestWidth(drawn.width); // stays readable on a phone; the box scrolls sideways
  drawn.canvas.style.maxWidth = `${drawn.width}px`; // and a strip of a few keys is not blown up to the page's width
}

/** Writes `fig`'s weights and values into a strip of its shape and number of keys. */
function fill(drawn, fig) {
  const bar = scaleLinear().domain([0, 1]).range([0, ROW - 10]);
  fig.rows.forEach((r, i) => {
    const { base, label, bars, weights } = drawn.rows[i];
    writeText(label, r.label);
    r.weights.forEach((w, j) => {
      // A bar whose weight stayed is left alone (another divisor's row, as one divisor is typed): see writeAttributes.
      if (weights[j] === w) return;
      weights[j] = w;
      // Drawn to a hundredth of a unit and shaded to a thousandth, as the heat maps: more digits change no
      // pixel and cost the prerendered page bytes for every bar.
      // (A new weight often draws the same bar at this precision: those attributes are left alone too.)
      writeAttributes(bars[j], { y: +(base - bar(w)).toFixed(2), height: +Math.max(1, bar(w)).toFixed(2) });
      bars[j].style.setProperty('--w', w.toFixed(3));
    });
  });
  fig.values.forEach((v, j) => {
    writeText(drawn.values[j], formatNumber(v, 0));
    writeText(drawn.steps[j], String(fig.steps_back[j]));
  });
}

/**
 * On a phone the strip scrolls sideways: open it on the key the first row leans on most, not on the
 * oldest keys at the left, which usually get next to nothing. Only when a strip is built, and a
 * learner who scrolled keeps their place. It needs the strip's laid-out width: read in a
 * ResizeObserver, which runs after the frame's own layout and before its paint, as reading it here
 * would force a second layout of the whole page inside the update.
 */
function scrollToHeaviestOnceLaidOut(scroller, drawn, fig) {
  // The build's prerender (scripts/prerender.mjs) has no layout, and so no ResizeObserver, to scroll by.
  if (!fig.rows.length || typeof ResizeObserver === 'undefined') return;
  const weights = fig.rows[0].weights;
  const heaviest = weights.indexOf(Math.max(...weights));
  const observer = new ResizeObserver(([entry]) => {
    observer.disconnect();
    if (scroller.scrollWidth <= scroller.clientWidth) return;
    const scale = entry.contentRect.width / drawn.width; // px per svg unit
    scroller.scrollLeft = (drawn.x(heaviest) + drawn.x.bandwidth() / 2) * scale - scroller.clientWidth / 2;
  });
  observer.observe(drawn.root);
}

export function createWeightStrip() {
  const figure = document.createElement('figure');
  figure.className = 'weight-strip';
  const scroller = document.createElement('div');
  scroller.className = 'strip-scroll';
  // Scrolls sideways on a phone: it takes focus so a keyboard can scroll it (a named group, as the printout in index.js).
  Object.assign(scroller, { tabIndex: 0, role: 'group' });
  const caption = document.createElement('figcaption');
  const details = document.createElement('details');
  details.className = 'chart-data';
  const summary = document.createElement('summary');
  const table = document.createElement('table');
  details.append(summary, table);
  figure.append(scroller, caption, details);
  const writeData = writeWhenOpen(details);
  let drawn = null;
  let shape = null;

  function update(fig) {
    const built = shape !== shapeOf(fig);
    if (built) {
      drawn = build(fig);
      shape = shapeOf(fig);
      scroller.replaceChildren(drawn.canvas);
      scroller.ariaLabel = fig.title;
      caption.textContent = fig.title;
      summary.textContent = say('chart.numbers', { title: fig.title });
    }
    setRows(drawn, fig.rows.length);
    setKeys(drawn, fig);
    fill(drawn, fig);
    writeData(() => writeRows(table, dataRows(fig), (i, j) => i === 0 || j === 0));
    if (built) scrollToHeaviestOnceLaidOut(scroller, drawn, fig);
  }
  return { element: figure, update };
}
