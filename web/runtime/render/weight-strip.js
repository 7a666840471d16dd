// Rows of attention weights over the keys, oldest on the left, each key's
// value written under its column: the robot lesson's "strip". Drawn by hand
// because it is specific to the lesson; D3 provides the scales, the theme the colours.
// The table under it holds the same numbers.
import { scaleBand, scaleLinear } from 'd3-scale';
import { formatValue } from './format.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const CELL = 30;        // svg units per key
const ROW = 72;         // svg units per row of weights
const LABEL = 150;      // svg units for the row labels
const FOOT = 44;        // svg units for the values and steps back under the rows

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function dataTable(fig) {
  const table = document.createElement('table');
  const row = (cells, header) => {
    const tr = document.createElement('tr');
    cells.forEach((c, i) => {
      const cell = document.createElement(header || i === 0 ? 'th' : 'td');
      cell.textContent = c;
      tr.append(cell);
    });
    return tr;
  };
  table.append(row(['', ...fig.steps_back.map((s) => `${s} back`)], true));
  table.append(row([`value [${fig.value_unit}]`, ...fig.values.map((v) => formatValue(v, 0))]));
  for (const r of fig.rows) table.append(row([r.label, ...r.weights.map((w) => formatValue(w, 3))]));
  return table;
}

function draw(figure, fig) {
  const keys = fig.values.length;
  const width = LABEL + keys * CELL;
  const height = fig.rows.length * ROW + FOOT;
  const x = scaleBand().domain(fig.values.map((_, j) => j)).range([LABEL, width]).padding(0.12);
  const bar = scaleLinear().domain([0, 1]).range([0, ROW - 10]);
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `${fig.title}. The numbers are in the table below.` });
  fig.rows.forEach((r, i) => {
    const base = (i + 1) * ROW - 4;
    root.append(svg('text', { x: LABEL - 8, y: base - ROW / 2 + 4, 'text-anchor': 'end', class: 'strip-label' }, r.label));
    root.append(svg('line', { x1: LABEL, x2: width, y1: base, y2: base, class: 'strip-base' }));
    r.weights.forEach((w, j) => {
      // Coloured from --w by .strip-bar (web/style.css), whose weight 0 is never the page's colour, so tiny bars still show.
      root.append(svg('rect', { x: x(j), width: x.bandwidth(), y: base - bar(w), height: Math.max(1, bar(w)), class: 'strip-bar', style: `--w: ${w}` }));
    });
  });
  const valuesY = fig.rows.length * ROW + 16;
  root.append(svg('text', { x: LABEL - 8, y: valuesY, 'text-anchor': 'end', class: 'strip-label' }, `value [${fig.value_unit}]`));
  root.append(svg('text', { x: LABEL - 8, y: valuesY + 20, 'text-anchor': 'end', class: 'strip-label' }, 'steps back'));
  fig.values.forEach((v, j) => {
    const cx = x(j) + x.bandwidth() / 2;
    root.append(svg('text', { x: cx, y: valuesY, 'text-anchor': 'middle', class: 'strip-value' }, formatValue(v, 0)));
    root.append(svg('text', { x: cx, y: valuesY + 20, 'text-anchor': 'middle', class: 'strip-step' }, String(fig.steps_back[j])));
  });
  const caption = document.createElement('figcaption');
  caption.textContent = fig.title;
  const details = document.createElement('details');
  details.className = 'chart-data';
  const summary = document.createElement('summary');
  summary.textContent = `${fig.title}: the numbers`;
  details.append(summary, dataTable(fig));
  const scroller = document.createElement('div');
  scroller.className = 'strip-scroll';
  // Scrolls sideways on a phone: it takes focus so a keyboard can scroll it (a named group, as the printout in index.js).
  Object.assign(scroller, { tabIndex: 0, role: 'group', ariaLabel: fig.title });
  root.style.minWidth = `${Math.min(width, 640)}px`; // stays readable on a phone; the box scrolls sideways
  root.style.maxWidth = `${width}px`; // and a strip of a few keys is not blown up to the page's width
  scroller.append(root);
  figure.replaceChildren(scroller, caption, details);
  // On a phone the strip scrolls sideways: open it on the key the first row leans on most,
  // not on the oldest keys at the left, which usually get next to nothing.
  if (scroller.scrollWidth > scroller.clientWidth && fig.rows.length) {
    const weights = fig.rows[0].weights;
    const heaviest = weights.indexOf(Math.max(...weights));
    const scale = root.getBoundingClientRect().width / width; // px per svg unit
    scroller.scrollLeft = (x(heaviest) + x.bandwidth() / 2) * scale - scroller.clientWidth / 2;
  }
}

export function createWeightStrip() {
  const figure = document.createElement('figure');
  figure.className = 'weight-strip';
  return { element: figure, update: (fig) => draw(figure, fig) };
}
