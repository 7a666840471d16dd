// Small heat maps side by side, one per matrix over the same rows and columns: a head's attention
// weights (scale "weights", 0 to 1), or rows of vectors (scale "signed": the colour's strength is the
// size of the value against the map's largest, its hue the sign). The language model lesson's
// pictures (core/lessons/lm/); the demo's tables hold the same numbers.
import { el } from '../dom.js';
import { writeText, unlessSame } from './in-place.js';
import { say } from '../strings/index.js';

/** The colour weight of each value: 0..1, and whether it is below zero. */
function strengths(values, scale) {
  if (scale !== 'signed') return (v) => ({ w: v === null ? 0 : Math.min(1, Math.max(0, v)), negative: false });
  const largest = Math.max(1e-12, ...values.flat().map((v) => Math.abs(v ?? 0)));
  return (v) => ({ w: Math.abs(v ?? 0) / largest, negative: (v ?? 0) < 0 });
}

function drawMap(map, fig) {
  const rows = map.values.length;
  const cols = rows ? map.values[0].length : 0;
  const strength = strengths(map.values, fig.scale);
  // Cells row after row, --cols to a row (explain-panel.js finds a cell's place from its index); each
  // carries only its colour's weight, and none when it is 0 (the style sheet's default). No cell carries
  // its place: a place's digits would be most of the prerendered cells' bytes (docs/benchmarks.md).
  // The style sheet wraps them as flex rows: a CSS grid took a third more of an input's main-thread
  // time in layout on the heads demo (docs/benchmarks.md).
  const root = el('div', { className: 'heat-map-cells' });
  root.setAttribute('role', 'img');
  root.setAttribute('aria-label', say('heat.label', { label: map.label, rows, cols }));
  root.style.setProperty('--cols', String(cols));
  for (const v of map.values.flat()) {
    const { w, negative } = strength(v);
    // <i>: the shortest element, in a page that has thousands of these cells.
    const cell = document.createElement('i');
    if (negative) cell.className = 'negative';
    const weight = w.toFixed(3);
    if (weight !== '0.000') cell.style.setProperty('--w', weight);
    root.append(cell);
  }
  const caption = document.createElement('figcaption');
  writeText(caption, map.label);
  const one = document.createElement('figure');
  one.className = cols > rows * 2 ? 'heat-map wide' : 'heat-map';
  one.append(root, caption);
  return one;
}

export function createHeatMaps() {
  const figure = document.createElement('figure');
  figure.className = 'heat-maps';
  const grid = document.createElement('div');
  grid.className = 'heat-map-grid';
  const caption = document.createElement('figcaption');
  figure.append(grid, caption);
  const update = unlessSame(figure, (_, fig) => {
    figure.dataset.name = fig.name;  // which picture of the demo it is (explain-panel.js opens its cells)
    writeText(caption, fig.title);
    grid.replaceChildren(...fig.maps.map((m) => drawMap(m, fig)));
  });
  return { element: figure, update };
}
