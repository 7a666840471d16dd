// Small heat maps side by side, one per matrix over the same rows and columns: a head's attention
// weights (scale "weights", 0 to 1), or rows of vectors (scale "signed": the colour's strength is the
// size of the value against the map's largest, its hue the sign). The language model lesson's
// pictures (core/lessons/lm/); the demo's tables hold the same numbers.
import { el } from '../dom.js';
import { fitChildren, placeChildren, writeAttributes, writeText, unlessSame } from './in-place.js';
import { forget, watch, writeSoon } from './write-soon.js';
import { heatPalette, onPaletteChange } from './heat-palette.js';
import { cellPlace, reshapeMarks } from './heat-cell-place.js';
import { say } from '../strings/index.js';

// In a browser a map's colours are painted on a canvas, a pixel a cell that the style sheet scales up, and the map
// has no cell but those the explainer outlines (render/heat-cell-place.js): as an element a cell, a letter typed
// into the heads demo's prompt restyled, laid out and painted 1,155 of them on a phone (docs/benchmarks.md,
// 2026-12-05). Without a canvas (the build's prerender) a cell per value carries the colours.
let canPaint;
const painting = () => (canPaint ??= Boolean(document.createElement('canvas').getContext?.('2d')));

/**
 * Each value's colour as one signed number: its size, 0..1, the colour's strength, and below zero the other hue.
 * A number, not an object a value: a map is painted again at every letter typed (thousands of values).
 */
function weights(values, scale) {
  if (scale !== 'signed') return (v) => (v === null ? 0 : Math.min(1, Math.max(0, v)));
  let largest = 1e-12;
  for (const row of values) for (const v of row) largest = Math.max(largest, Math.abs(v ?? 0));
  return (v) => (v ?? 0) / largest;
}

/**
 * Writes one map's colours, label and caption into `drawn` (its elements, made by drawMap for a map of the
 * same rows and columns): painted, or as cells, of which only those whose colour changed are touched.
 */
function fillMap(drawn, map, fig) {
  const weigh = weights(map.values, fig.scale);
  if (drawn.canvas) paintMap(drawn, map.values, weigh);
  else colourCells(drawn, map.values, weigh);
  writeAttributes(drawn.root, { 'aria-label': say('heat.label', { label: map.label, rows: drawn.rows, cols: drawn.cols }) });
  writeText(drawn.caption, map.label);
}

/** Each cell's colour weight as --w (none when 0, the style sheet's default) and its sign as .negative. */
function colourCells(drawn, values, weigh) {
  const cells = drawn.root.children;
  values.flat().forEach((v, k) => {
    const signed = weigh(v);
    const negative = signed < 0;
    const cell = cells[k];
    if (cell.classList.contains('negative') !== negative) cell.classList.toggle('negative', negative);
    const fixed = Math.abs(signed).toFixed(3);
    const weight = fixed === '0.000' ? '' : fixed;
    if (cell.style.getPropertyValue('--w') === weight) return;
    if (weight) cell.style.setProperty('--w', weight); else cell.style.removeProperty('--w');
  });
}

/**
 * The map's pixels from the palette, a thousandth of a weight a step (as the cells' --w), in the top left
 * cols × rows of its canvas. The canvas only grows: a canvas given a new width or height makes its bitmap again,
 * 2.9–4.7 ms at 4x CPU, and each of the embed demo's four maps changed its height at every letter typed
 * (docs/benchmarks.md, 2026-12-06). Its frame shows those pixels alone, each of its columns one pixel.
 */
function paintMap(drawn, values, weigh) {
  const { canvas, rows, cols } = drawn;
  drawn.painted = { values, weigh };  // painted again as they are when the colours change
  if (!rows || !cols) return;
  if (canvas.width < cols) canvas.width = cols;
  if (canvas.height < rows) canvas.height = rows;
  const width = `${(100 * canvas.width) / cols}%`;
  if (canvas.style.width !== width) canvas.style.width = width;
  const context = canvas.getContext('2d');
  // Past a smaller map the canvas is clear, as it was when it grew: nothing of the last map at the frame's edge.
  if (rows < drawn.image?.height || cols < drawn.image?.width) context.clearRect(0, 0, canvas.width, canvas.height);
  // Every pixel is written below: the last paint's image is reused while the map keeps its size.
  if (drawn.image?.width !== cols || drawn.image?.height !== rows) drawn.image = context.createImageData(cols, rows);
  const { image } = drawn;
  const pixels = new Uint32Array(image.data.buffer);  // a cell's four bytes at once, as the palette holds them
  const { positive, negative } = heatPalette();
  let k = 0;
  for (const row of values) {
    for (const v of row) {
      const signed = weigh(v);
      pixels[k++] = (signed < 0 ? negative : positive)[Math.round(Math.abs(signed) * 1000)];
    }
  }
  context.putImageData(image, 0, 0);
}

function drawMap(map, fig) {
  // Cells row after row, --cols to a row (render/heat-cell-place.js finds a cell's place from its index). Drawn as
  // elements (the prerendered page), each carries only its colour's weight, and none when it is 0 (the style
  // sheet's default); no cell carries its place: a place's digits would be most of the prerendered cells' bytes
  // (docs/benchmarks.md). The style sheet wraps them as flex rows: a CSS grid took a third more of an input's
  // main-thread time in layout on the heads demo (docs/benchmarks.md).
  const root = el('div', { className: 'heat-map-cells' });
  root.setAttribute('role', 'img');
  const caption = document.createElement('figcaption');
  const one = document.createElement('figure');
  // A canvas starts 300 × 150 pixels; this one grows from none to its map's size (paintMap).
  const canvas = painting() ? Object.assign(document.createElement('canvas'), { width: 0, height: 0 }) : null;
  const frame = canvas ? el('div', { className: 'heat-map-paint' }) : null;  // the canvas's part that is the map
  if (frame) {
    frame.setAttribute('aria-hidden', 'true');  // the cells' element is the picture, with its label
    frame.append(canvas);
  }
  one.append(...(frame ? [frame] : []), root, caption);
  const drawn = { one, root, canvas, frame, caption, rows: -1, cols: -1 };  // no shape yet: fitMap gives it one
  fitMap(drawn, map, fig);
  return drawn;
}

/**
 * Makes `drawn` a map of `map`'s rows and columns, in place: cells are added or taken at the end (a prompt one
 * character longer adds a row and a column, 2T + 1 cells, where a new map made all T² again), then written.
 */
function fitMap(drawn, map, fig) {
  const rows = map.values.length;
  const cols = rows ? map.values[0].length : 0;
  if (rows !== drawn.rows || cols !== drawn.cols) {
    const { root } = drawn;
    // The explainer's keyboard cursor keeps its row and column (a drawn cell's place moves with the columns).
    const cursor = root.querySelector('.explain-cursor');
    const at = cursor && cellPlace(cursor);
    // <i>: the shortest element, in a prerendered page that has thousands of these cells.
    if (!drawn.canvas) fitChildren(root, rows * cols, () => document.createElement('i'));
    root.style.setProperty('--cols', String(cols));
    root.dataset.rows = String(rows);
    if (drawn.frame) drawn.frame.style.aspectRatio = `${cols || 1} / ${rows || 1}`;
    drawn.one.className = `${cols > rows * 2 ? 'heat-map wide' : 'heat-map'}${drawn.canvas ? ' painted' : ''}`;
    Object.assign(drawn, { rows, cols });
    reshapeMarks(root, cursor, at);
  }
  fillMap(drawn, map, fig);
}

/**
 * The heat maps of a picture. Each map is written on its own when on the screen and later when not
 * (render/write-soon.js): on a phone the language model's heads demo shows two of its eight maps below the
 * prompt, and a letter typed rewrote all eight, 5,000 cells at a 25-character prompt (docs/benchmarks.md).
 * `demo.written` hears of a map written late (the explainer's marks follow it).
 */
export function createHeatMaps(demo) {
  const figure = document.createElement('figure');
  figure.className = 'heat-maps';
  const grid = document.createElement('div');
  grid.className = 'heat-map-grid';
  const caption = document.createElement('figcaption');
  figure.append(grid, caption);
  let maps = [];  // what drawMap made, one per map on screen
  onPaletteChange(() => maps.forEach((drawn) => drawn.painted && paintMap(drawn, drawn.painted.values, drawn.painted.weigh)));
  const update = unlessSame(figure, (_, fig) => {
    writeAttributes(figure, { 'data-name': fig.name });  // which picture of the demo it is (explain-panel.js opens its cells)
    writeText(caption, fig.title);
    const next = fig.maps.map((m, i) => {
      const drawn = maps[i];
      if (!drawn) return drawMap(m, fig);
      writeSoon(drawn.one, (late) => { fitMap(drawn, m, fig); if (late) demo?.written?.(); });
      return drawn;
    });
    maps.slice(next.length).forEach((drawn) => forget(drawn.one));
    if (next.length !== maps.length || next.some((d, i) => d !== maps[i])) {
      placeChildren(grid, next.map((d) => d.one));
      next.forEach((d) => watch(d.one));
    }
    maps = next;
  });
  return { element: figure, update };
}
