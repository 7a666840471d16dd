// A chart's or a picture's numbers (<details class="chart-data">) open in the page's flow at their full height
// (web/style.css): a box of fixed height hid the rows below its edge with nothing to say so (a phone shows no
// scroll bar), as the table layers demo's second table, cut after its header. Wider than the page, they scroll
// sideways in their own box, which then says so, as a demo's wide table does: marked when opened and when the
// window's width changes, and by its demo after each new result while open (demo-view.js); unmarked when closed.
import { markScrolls } from './dom.js';

const opened = () => [...document.querySelectorAll('details.chart-data[open]')];

export function markChartDataScrolls() {
  document.addEventListener('toggle', (e) => {
    if (e.target.matches?.('details.chart-data')) requestAnimationFrame(() => markScrolls([e.target]));
  }, true);  // toggle does not bubble: heard on the way down
  window.addEventListener('resize', () => requestAnimationFrame(() => markScrolls(opened())));
}
