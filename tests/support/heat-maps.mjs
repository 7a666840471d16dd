// A language model lesson's heat maps as a learner sees them: each cell's colour, whether the map is painted on
// its canvas (web/runtime/render/heat-maps.js) or drawn as coloured cells (the prerendered page).

// sRGB steps a cell's colour may differ by between the two (at most 1 on the lm page's 7,057 cells, 2026-12-05):
// the canvas's colours are mixed in Oklab by the page (render/heat-palette.js), the cells' by the style sheet's
// color-mix, each rounded to bytes.
export const COLOUR_STEPS = 1;

/**
 * In the page: every heat map under `scope` (a selector) as {label, cols, colours}, colours one "r,g,b" per cell,
 * row after row.
 */
export const heatMapsAsDrawn = (page, scope) => page.evaluate((scope) => {
  const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const rgb = (data, k) => `${data[4 * k]},${data[4 * k + 1]},${data[4 * k + 2]}`;
  return [...document.querySelectorAll(`${scope} figure.heat-map`)].map((map) => {
    const cells = map.querySelector('.heat-map-cells');
    const canvas = map.querySelector('canvas');
    let colours;
    if (canvas && map.classList.contains('painted')) {
      // Read through a copy made for reading: the page's canvas is not, and Chromium warns of a second read.
      const copy = document.createElement('canvas');
      Object.assign(copy, { width: canvas.width, height: canvas.height });
      const context = copy.getContext('2d', { willReadFrequently: true });
      context.drawImage(canvas, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      // A painted map has no cell per value (render/heat-cell-place.js): its values are its canvas's top left
      // cols × rows pixels (the canvas may be larger: it only grows).
      const cols = Number(cells.style.getPropertyValue('--cols'));
      colours = Array.from({ length: Number(cells.dataset.rows) * cols }, (_, k) => rgb(data, Math.floor(k / cols) * canvas.width + (k % cols)));
    } else {
      colours = [...cells.children].map((cell) => {
        pixel.clearRect(0, 0, 1, 1);
        pixel.fillStyle = getComputedStyle(cell).backgroundColor;
        pixel.fillRect(0, 0, 1, 1);
        return rgb(pixel.getImageData(0, 0, 1, 1).data, 0);
      });
    }
    return { label: cells.getAttribute('aria-label'), cols: cells.style.getPropertyValue('--cols'), colours };
  });
}, scope);

/** Whether two lists of maps (heatMapsAsDrawn) show the same: labels, columns, and colours within COLOUR_STEPS. */
export function sameMaps(a, b) {
  const close = (x, y) => x.split(',').every((v, i) => Math.abs(Number(v) - Number(y.split(',')[i])) <= COLOUR_STEPS);
  return a.length === b.length && a.every((m, i) => m.label === b[i].label && m.cols === b[i].cols
    && m.colours.length === b[i].colours.length && m.colours.every((c, k) => close(c, b[i].colours[k])));
}
