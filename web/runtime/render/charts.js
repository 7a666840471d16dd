// Line charts from named series, drawn with D3 scales and axes and lines of svg-path.js,
// each followed by its data as a table for screen readers and for reading exact values.
import { scaleLinear, scaleLog } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { circle, polyline } from './svg-path.js';
import { select } from 'd3-selection';
import { formatIn, formatNumber, formatOnLogAxis, formatTick } from './format.js';
import { say } from '../strings/index.js';
import { SVG_NS } from '../dom.js';
import { chartXs } from './chart-xs.js';
import { attributesOf, writeAttributes, writeRows, writeText, writeTree, writeWhenOpen } from './in-place.js';

// The chart's canvas in svg units. The svg is scaled to its box, so on a phone a
// 640-unit canvas would shrink its 12-unit tick labels to about 6 px: there it is
// drawn as wide as the screen instead (one unit about one pixel, labels at least
// 11 px), with fewer ticks rather than smaller text.
const FULL_WIDTH = 640;
const PAGE_GUTTER = 48; // px of page and demo padding beside a chart on a narrow screen
// The page's width, read once and again after a resize only: read after a redraw's writes,
// it forced a layout of the whole page in every slider step.
let pageWidth = null;
window.addEventListener('resize', () => { pageWidth = null; });
function canvas() {
  pageWidth ??= document.documentElement.clientWidth;
  const width = Math.round(Math.min(FULL_WIDTH, Math.max(280, pageWidth - PAGE_GUTTER)));
  return width < FULL_WIDTH
    ? { WIDTH: width, HEIGHT: 260, xTicks: width < 480 ? 4 : 6, yTicks: 5 }
    : { WIDTH: FULL_WIDTH, HEIGHT: 300, xTicks: 6, yTicks: 5 };
}
const MARGIN = { top: 12, right: 16, bottom: 44, left: 72 };

// A series of one point (the robot's "what came next") is a path of one vertex, which draws nothing:
// it is drawn as a marker instead, and its legend entry shows a marker too (web/style.css).
const MARKER = circle(90);

// From a thousand up, ",.3~g" writes ticks as "1.5e+5"; a person reads "150,000", and from a million
// "40 billion" rather than "40,000,000,000", which is wider than the chart's margin.
// In the page's language: "150 000" and "40 milliards" in French.
const largeTick = (v) => {
  const size = Math.abs(v);
  const inWords = (n) => formatIn(',.3~r')(n);
  if (size >= 1e9) return say(size < 2e9 ? 'chart.billion_one' : 'chart.billion', { n: inWords(v / 1e9) });
  if (size >= 1e6) return say(size < 2e6 ? 'chart.million_one' : 'chart.million', { n: inWords(v / 1e6) });
  return formatIn(',.6~r')(v);
};
const tickFormatFor = (scale) => (Math.max(...scale.domain().map(Math.abs)) >= 1000 ? largeTick : formatTick);
/**
 * A log axis's ticks: d3 leaves some unlabelled (""), and the others are written in the page's language, from a
 * thousand up as a linear axis's are ("10,000" beside a table's "6,497", not "10000").
 */
const logTicks = (scale, n) => {
  const shown = scale.tickFormat(n, '~g');
  return (v) => (!shown(v) ? '' : Math.abs(v) >= 1000 ? largeTick(v) : formatIn('~g')(v));
};

// The left margin holds the y-axis title (turned on its side) and the tick labels beside the axis. Both are
// measured in characters, as the chart is drawn before it is on the page: about 7 px each at 12-13 px type.
const CHAR_PX = 7;   // and the right margin half the widest x tick label, centred on the last tick
const TITLE_LINE = 14;  // px from one line of the y-axis title to the next
const TICK_GAP = 10;    // px of tick and padding between a label and the axis
/** The y-axis title in lines that fit the plot's height: two, split at the space nearest the middle, when one does not. */
function titleLines(title, room) {
  if (title.length * CHAR_PX <= room || !title.includes(' ')) return [title];
  const spaces = [...title.matchAll(/ /g)].map((m) => m.index);
  const cut = spaces.reduce((best, at) => (Math.abs(at - title.length / 2) < Math.abs(best - title.length / 2) ? at : best));
  return [title.slice(0, cut), title.slice(cut + 1)];
}

// The attention lesson's cost chart runs from 1 to 2T tokens. The core draws its comparison line through the
// curve's last point, so it lies above the T × T curve everywhere and growing like T looks the costlier.
// Drawn through the curve's point at the learner's T (the middle of the chart, the point the text starts
// from), it shows what the text says: doubling T doubles the line and quadruples the curve.
const COMPARISON = { chart: 'growth', series: 1, with: 0 };
function drawnSeries(spec) {
  if (spec.name !== COMPARISON.chart || spec.series.length <= COMPARISON.series) return spec.series;
  const line = spec.series[COMPARISON.series];
  const curve = spec.series[COMPARISON.with];
  const middle = Math.floor((curve.y.length - 1) / 2);
  const scale = line.y[middle] ? curve.y[middle] / line.y[middle] : 1;
  return spec.series.map((s, i) => (i === COMPARISON.series ? { ...s, y: s.y.map((v) => v * scale) } : s));
}

// An axis that counts (blocks, objects, a reading's number: every value on it whole) gets whole-number
// ticks only; d3 would put one at 0.5 when the range is short.
const counts = (values) => values.every(Number.isInteger);
const wholeTicks = (scale, n) => scale.ticks(n).filter(Number.isInteger);

/**
 * Draws `axis` into the selection `g` as d3 draws it, written in place (in-place.js writeTree): d3 sets every
 * tick's attributes and replaces each label's text on every call, so a new domain (a block more on the stack
 * demo's chart) restyled and laid out every tick again, most of them where they were.
 */
function drawAxis(g, axis) {
  const model = document.createElementNS(SVG_NS, 'g');
  select(model).call(axis);
  writeAttributes(g.node(), attributesOf(model));
  writeTree(g.node(), model);
}

function extent(values) {
  return [Math.min(...values), Math.max(...values)];
}

function dataTable(spec) {
  const details = document.createElement('details');
  details.className = 'chart-data';
  const summary = document.createElement('summary');
  summary.textContent = say('chart.numbers', { title: spec.title });
  details.append(summary, document.createElement('table'));
  return details;
}

/**
 * The data table's rows: a header, then one row per x of any series, with each series' y there
 * ("—" where a series has no point: "what came next" is one point after the readings).
 */
function dataRows(spec) {
  spec = { ...spec, series: drawnSeries(spec) };
  const xs = chartXs(spec.series);
  const at = spec.series.map((s) => new Map(s.x.map((x, k) => [x, s.y[k]])));
  // A column prints as whole numbers only if every number in it is whole, as a table does (tables.js): a spread
  // that reaches exactly 0 reads "0.000" under "0.198", not "0".
  const columnFormat = (values, log) => {
    if (log) return formatOnLogAxis;
    const digits = counts(values) ? undefined : 3;
    return (value) => formatNumber(value, digits);
  };
  const onX = columnFormat(xs, spec.log_x);
  const onY = spec.series.map((s) => columnFormat(s.y, spec.log_y));
  return [[spec.x_label, ...spec.series.map((s) => s.name)],
    ...xs.map((x) => [onX(x), ...at.map((ys, i) => (ys.has(x) ? onY[i](ys.get(x)) : '—'))])];
}

/** The chart's parts a new result can redraw in place: scales, axes, lines, the data table's cells. */
function drawChart(spec) {
  const { WIDTH, HEIGHT, xTicks, yTicks } = canvas();
  const x = (spec.log_x ? scaleLog() : scaleLinear()).range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = (spec.log_y ? scaleLog() : scaleLinear()).range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const series = (i) => `series series-${i % 10}`; // coloured by the theme (web/style.css)

  const figure = document.createElement('figure');
  figure.className = 'chart';
  figure.dataset.name = spec.name;
  const svg = select(figure).append(() => document.createElementNS(SVG_NS, 'svg'))
    .attr('viewBox', `0 0 ${WIDTH} ${HEIGHT}`)
    .attr('role', 'img')
    .attr('aria-label', say('chart.label', { title: spec.title }));
  const xAxis = svg.append('g').attr('transform', `translate(0,${HEIGHT - MARGIN.bottom})`);
  const yAxis = svg.append('g').attr('transform', `translate(${MARGIN.left},0)`);
  const yTitle = titleLines(spec.y_label, HEIGHT - MARGIN.bottom - MARGIN.top);
  const yLabel = svg.append('text').attr('class', 'axis-label').attr('transform', 'rotate(-90)')
    .attr('y', 14).attr('text-anchor', 'middle');
  yTitle.forEach((text, k) => yLabel.append('tspan').attr('x', -(HEIGHT - MARGIN.bottom + MARGIN.top) / 2)
    .attr('dy', k ? TITLE_LINE : 0).text(text));
  const xLabel = svg.append('text').attr('class', 'axis-label').attr('y', HEIGHT - 6).attr('text-anchor', 'middle').text(spec.x_label);
  // The left margin the tick labels need (set with the axes, below).
  const leftFor = (labels) => Math.max(MARGIN.left,
    4 + yTitle.length * TITLE_LINE + Math.max(...labels.map((t) => t.length)) * CHAR_PX + TICK_GAP);
  const rightFor = (labels) => Math.max(MARGIN.right, Math.ceil((Math.max(...labels.map((t) => t.length)) * CHAR_PX) / 2) + 2);
  let margins = [MARGIN.left, MARGIN.right];
  // One line and one marker per series, the markers drawn over every line; a series more or less (an entry
  // added to the scores) adds or removes its own, and the chart's other elements stay.
  const paths = [];
  const markers = [];
  const addSeries = (i) => {
    paths.push(svg.insert('path', () => markers[0]?.node() ?? null).attr('class', series(i)));
    markers.push(svg.append('path').attr('class', `marker ${series(i)}`).attr('d', MARKER));
  };

  const caption = document.createElement('figcaption');
  caption.textContent = spec.title;
  const legend = document.createElement('ul');
  legend.className = 'legend';
  const items = [];
  /** Fits the lines, markers and legend entries to `next`'s series, keeping those it still has. */
  const fitSeries = (next) => {
    while (paths.length > next.series.length) { paths.pop().remove(); markers.pop().remove(); items.pop().remove(); }
    while (paths.length < next.series.length) {
      addSeries(paths.length);
      items.push(legend.appendChild(Object.assign(document.createElement('li'), { className: series(items.length) })));
    }
    next.series.forEach((s, i) => writeText(items[i], s.name));
  };
  caption.append(legend);
  const data = dataTable(spec);
  const table = data.querySelector('table');
  const writeData = writeWhenOpen(data);
  figure.append(caption, data);

  // The domain each axis was last drawn for: a step that keeps an axis's leaves its ticks alone, as
  // rewriting each tick's text makes the browser lay out every label of the chart again (and building an
  // axis with D3 is a third of a chart's update at 4x CPU: the x axis of most charts never moves).
  const drawnDomains = { x: null, y: null };

  /** Redraws the lines, the axes and the table's numbers for `next`, a spec of the same shape (any length). */
  function update(next) {
    fitSeries(next);
    const drawn = drawnSeries(next);
    const xs = drawn.flatMap((s) => s.x);
    const ys = drawn.flatMap((s) => s.y);
    x.domain(extent(xs));
    y.domain(next.log_y ? extent(ys) : [Math.min(0, ...ys), Math.max(...ys)]).nice();
    const domains = { x: JSON.stringify([x.domain(), counts(xs)]), y: JSON.stringify([y.domain(), counts(ys)]) };
    if (domains.x !== drawnDomains.x || domains.y !== drawnDomains.y) {
      const bottom = axisBottom(x).ticks(xTicks).tickFormat(next.log_x ? logTicks(x, xTicks) : tickFormatFor(x));
      const side = axisLeft(y).ticks(yTicks).tickFormat(next.log_y ? logTicks(y, yTicks) : tickFormatFor(y));
      if (!next.log_x && counts(xs)) bottom.tickValues(wholeTicks(x, xTicks));
      if (!next.log_y && counts(ys)) side.tickValues(wholeTicks(y, yTicks));
      const labels = (axis, scale, n, log) => (axis.tickValues() ?? scale.ticks(n)).map(axis.tickFormat() ?? scale.tickFormat(n, log ? '~g' : undefined));
      const needed = [leftFor(labels(side, y, yTicks, next.log_y)), rightFor(labels(bottom, x, xTicks, next.log_x))];
      if (needed[0] !== margins[0] || needed[1] !== margins[1] || !xLabel.attr('x')) {
        margins = needed;
        x.range([margins[0], WIDTH - margins[1]]);
        yAxis.attr('transform', `translate(${margins[0]},0)`);
        xLabel.attr('x', (margins[0] + WIDTH - margins[1]) / 2);
        drawnDomains.x = null;  // the x axis's ticks move with its range
      }
      if (domains.x !== drawnDomains.x) drawAxis(xAxis, bottom);
      if (domains.y !== drawnDomains.y) drawAxis(yAxis, side);
      Object.assign(drawnDomains, domains);
    }
    drawn.forEach((s, i) => {
      const point = s.x.length === 1;
      // Each attribute written only when it changed: the markers of lines (all but the robot's one point)
      // stay hidden step after step, and a browser restyles an element whose attribute is set, even to the same value.
      writeAttributes(paths[i].node(), { d: point ? null : polyline(s.x.map((v, k) => [x(v), y(s.y[k])])) });
      writeAttributes(markers[i].node(), { display: point ? null : 'none', transform: point ? `translate(${x(s.x[0])},${y(s.y[0])})` : null });
      if (items[i].classList.contains('point') !== point) items[i].classList.toggle('point', point);
    });
    writeData(() => writeRows(table, dataRows(next)));
  }
  update(spec);
  return { figure, update, width: WIDTH };
}

// What a drawn chart is made of besides its numbers: a new result with the same keeps the chart
// (longer or shorter series too: a run of other length redraws its lines and table rows in place; and more
// or fewer series, or series named anew: their lines and legend entries are fitted in place).
const shapeOf = (spec) => JSON.stringify([spec.name, spec.title, spec.x_label, spec.y_label, spec.log_x, spec.log_y]);

/**
 * One chart that follows a demo's results: a result of the same shape (series and labels, of any length) is
 * drawn into the same svg, so a slider step moves lines and ticks instead of building a new chart.
 * @returns {{element: () => HTMLElement, inPlace: (spec) => boolean, update: (spec) => void}}
 */
export function createChartView() {
  let drawn = null;
  let shape = null;
  return {
    element: () => drawn.figure,
    /** Whether `spec` would be drawn into the chart on screen, not as a new one. */
    inPlace: (spec) => Boolean(drawn) && shape === shapeOf(spec) && drawn.width === canvas().WIDTH,
    update(spec) {
      if (this.inPlace(spec)) { drawn.update(spec); return; }
      drawn = drawChart(spec);
      shape = shapeOf(spec);
    },
  };
}

export function renderChart(spec) {
  return drawChart(spec).figure;
}
