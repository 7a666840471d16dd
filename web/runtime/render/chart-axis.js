// A chart's bottom or left axis as d3-axis 3 draws it (`axisBottom(scale).tickValues(values).tickFormat(format)`
// called on a new group: the same elements, attributes in the same order, and texts; tests/runtime/chart-axis.test.mjs
// compares the two), written in place into the live group. Drawing d3's axis afresh into a detached group and
// copying what differed into the live one cost 10 ms of the robot's Reset at 4x CPU (docs/benchmarks.md,
// 2026-12-03 18:05): the elements of every tick made and compared again. Here a tick kept is only compared.
import { SVG_NS } from '../dom.js';
import { writeAttributes, writeText } from './in-place.js';

// d3-axis's defaults, which the charts keep.
const TICK_SIZE = 6;     // tickSizeInner and tickSizeOuter [svg units]
const TICK_PADDING = 3;  // between a tick and its label [svg units]
const ORIENTS = {
  bottom: { k: 1, along: 'x', across: 'y', dy: '0.71em', anchor: 'middle', place: (p) => `translate(${p},0)` },
  left: { k: -1, along: 'y', across: 'x', dy: '0.32em', anchor: 'end', place: (p) => `translate(0,${p})` },
};

const make = (tag, attrs) => {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
};

/** A tick as d3 makes it: `<g class="tick" opacity="1" transform><line stroke y2|x2/><text fill y|x dy>label</text></g>`. */
function newTick(o, transform, label) {
  const tick = make('g', { class: 'tick', opacity: 1, transform });
  const text = make('text', { fill: 'currentColor', [o.across]: o.k * (TICK_SIZE + TICK_PADDING), dy: o.dy });
  text.textContent = label;
  tick.append(make('line', { stroke: 'currentColor', [`${o.across}2`]: o.k * TICK_SIZE }), text);
  return tick;
}

/**
 * Draws the axis of `scale` (a continuous d3 scale) at `orient` ('bottom' or 'left') into `g`, a tick at each of
 * `values` labelled `format(value)`: a tick more is made at the end, a tick fewer removed there, and of the
 * others only a moved tick's transform and a changed label's text are written.
 */
export function writeAxis(g, orient, scale, values, format) {
  const o = ORIENTS[orient];
  // d3-axis's half-pixel shift, for crisp 1px lines on a screen of one device pixel per CSS pixel.
  const offset = typeof window !== 'undefined' && window.devicePixelRatio > 1 ? 0 : 0.5;
  const range = scale.range();
  const [from, to] = [+range[0] + offset, +range[range.length - 1] + offset];
  const outer = o.k * TICK_SIZE;
  const d = orient === 'left' ? `M${outer},${from}H${offset}V${to}H${outer}` : `M${from},${outer}V${offset}H${to}V${outer}`;
  let domain = g.firstElementChild;
  if (!domain) {
    writeAttributes(g, { fill: 'none', 'font-size': 10, 'font-family': 'sans-serif', 'text-anchor': o.anchor });
    domain = g.appendChild(make('path', { class: 'domain', stroke: 'currentColor' }));
  }
  writeAttributes(domain, { d });
  // children read again after each removal: the prerender's DOM (linkedom) gives a copy, not a live list.
  while (g.children.length > values.length + 1) g.lastElementChild.remove();
  const ticks = g.children;
  const added = [];
  values.forEach((value, i) => {
    const transform = o.place(+scale(value) + offset);
    const text = format(value, i);
    const label = text == null ? '' : String(text);  // as d3's selection.text writes a null
    const tick = ticks[i + 1];
    if (!tick) { added.push(newTick(o, transform, label)); return; }
    writeAttributes(tick, { transform });
    writeText(tick.lastElementChild, label);
  });
  if (added.length) g.append(...added);
}
