// A chart's axis written in place (web/runtime/render/chart-axis.js) is the axis d3-axis draws afresh, element for
// element, and a new domain writes only the ticks it moved or relabelled. On linkedom's DOM, as the prerender uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';
import { scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { select } from 'd3-selection';

const { document } = parseHTML('<html><body><svg id="s"></svg></body></html>');
globalThis.document = document;
const { writeAxis } = await import('../../web/runtime/render/chart-axis.js');
const SVG_NS = 'http://www.w3.org/2000/svg';

const AXES = { bottom: axisBottom, left: axisLeft };
/** What d3-axis draws for the same ticks into a new group that has `g`'s own transform. */
function drawnByD3(g, orient, scale, values, format) {
  const model = document.createElementNS(SVG_NS, 'g');
  model.setAttribute('transform', g.getAttribute('transform'));
  select(model).call(AXES[orient](scale).tickValues(values).tickFormat(format));
  return model.outerHTML;
}

// Domains as a chart's steps give them: more ticks, fewer, moved, relabelled, and labels left empty (a log axis's).
const STEPS = [
  [[0, 100], [72, 624], (v) => `${v}`],
  [[0, 40], [80, 620], (v) => `${v} cm`],
  [[-5, 5], [80, 620], (v) => (v % 2 ? '' : `${v}`)],
  [[0, 1000], [90, 600], (v) => v.toLocaleString('en')],
  [[0, 1000], [90, 600], (v) => v.toLocaleString('en')],
  [[3, 4], [72, 624], (v) => `${v}`],
];

for (const orient of ['bottom', 'left']) {
  test(`chart axis (${orient}): each step draws what d3-axis draws afresh, element for element`, () => {
    const g = document.getElementById('s').appendChild(document.createElementNS(SVG_NS, 'g'));
    g.setAttribute('transform', 'translate(0,256)');
    for (const [domain, range, format] of STEPS) {
      const scale = scaleLinear().domain(domain).range(range);
      const values = scale.ticks(6);
      writeAxis(g, orient, scale, values, format);
      assert.equal(g.outerHTML, drawnByD3(g, orient, scale, values, format), `domain ${domain}`);
    }
    g.remove();
  });
}

test('chart axis: a new domain with as many ticks keeps every element and text node, and writes only the moved ticks and changed labels', () => {
  const g = document.getElementById('s').appendChild(document.createElementNS(SVG_NS, 'g'));
  const format = (v) => `${v}`;
  const before = scaleLinear().domain([0, 10]).range([0, 100]);
  writeAxis(g, 'bottom', before, [0, 2, 4, 6, 8, 10], format);
  const nodes = [...g.querySelectorAll('*')];
  const texts = [...g.querySelectorAll('text')].map((t) => t.firstChild);
  const writes = [];
  for (const node of [g, ...nodes]) {
    const set = node.setAttribute.bind(node);
    node.setAttribute = (name, value) => { writes.push(name); set(name, value); };
  }
  for (const text of texts) {
    const { data } = text;
    let written = data;
    Object.defineProperty(text, 'data', { get: () => written, set: (v) => { writes.push('text'); written = v; } });
  }
  // The same range, the last two ticks relabelled in place (8 and 10 become 9 and 12 at the same places).
  writeAxis(g, 'bottom', before, [0, 2, 4, 6, 8, 10], (v) => (v >= 8 ? `${v + v / 8 + (v === 10 ? 0.75 : 0)}` : `${v}`));
  assert.deepEqual(writes, ['text', 'text'], 'only the two changed labels are written');
  writes.length = 0;
  // A new domain: the same six ticks, each but 0 moved, and the last two labelled as before again.
  writeAxis(g, 'bottom', scaleLinear().domain([0, 12]).range([0, 100]), [0, 2, 4, 6, 8, 10], format);
  assert.deepEqual(writes.sort(), [...Array(2).fill('text'), ...Array(5).fill('transform')], 'the ticks that moved get a new place (0 stays at 0)');
  assert.deepEqual([...g.querySelectorAll('*')], nodes, 'every element is the one drawn before');
  assert.deepEqual([...g.querySelectorAll('text')].map((t) => t.firstChild), texts, 'every label keeps its text node');
  g.remove();
});
