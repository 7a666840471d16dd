// The colours of a painted heat map's cells (render/heat-maps.js), as the style sheet mixes a cell's: from
// --heat-low at weight 0 to --bar-high (or --heat-negative below zero) at 1, in Oklab (color-mix). The browser
// resolves the three theme colours (light or dark) and gives them in Oklab; the weights between are mixed here
// and a canvas turns them into sRGB bytes: a palette of a thousandth of a weight a step, as the cells' --w.
// Made again when the theme changes and around printing (print is light), and each painted map repainted.
const LEVELS = 1001;

let palette = null;        // {positive, negative}: LEVELS RGBA words each, for the scheme it was made in
let printing = false;
const repaints = new Set(); // each painted picture's repaint, called when the colours change

/** The Oklab [L, a, b] of a theme colour, as the page resolves it now (light or dark). */
function oklab(probe, property) {
  probe.style.color = `color-mix(in oklab, var(${property}) 100%, var(${property}) 0%)`;
  return getComputedStyle(probe).color.match(/oklab\(([^)]+)\)/)[1].trim().split(/\s+/).map(Number);
}

function make() {
  const probe = document.createElement('span');
  if (printing) probe.style.colorScheme = 'light';
  document.body.append(probe);
  const [low, high, negative] = ['--heat-low', '--bar-high', '--heat-negative'].map((p) => oklab(probe, p));
  probe.remove();
  const canvas = document.createElement('canvas');
  canvas.width = LEVELS;
  canvas.height = 2;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  [high, negative].forEach((end, row) => {
    for (let k = 0; k < LEVELS; ++k) {
      const t = k / (LEVELS - 1);
      context.fillStyle = `oklab(${end.map((v, i) => low[i] + (v - low[i]) * t).join(' ')})`;
      context.fillRect(k, row, 1, 1);
    }
  });
  // Each colour's four bytes (RGBA) as one 32-bit word, in the machine's order, as an ImageData's words read them.
  const words = new Uint32Array(context.getImageData(0, 0, LEVELS, 2).data.buffer);
  return { positive: words.subarray(0, LEVELS), negative: words.subarray(LEVELS) };
}

/** The palettes now: index round(weight × 1000) of `positive` or `negative` is a cell's RGBA, as one 32-bit word. */
export function heatPalette() {
  palette ??= make();
  return palette;
}

/** Calls `repaint` whenever the colours change (theme, printing); it stays called for the page's life. */
export function onPaletteChange(repaint) {
  repaints.add(repaint);
}

function changed() {
  palette = null;
  for (const repaint of repaints) repaint();
}

if (typeof window === 'object' && typeof MutationObserver === 'function') {
  new MutationObserver(changed).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', changed);
  window.addEventListener('beforeprint', () => { printing = true; changed(); });
  window.addEventListener('afterprint', () => { printing = false; changed(); });
}
