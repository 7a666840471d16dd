// The boxes outside a demo's redraw that scroll sideways say so, as a demo's wide table does (web/style.css):
// - a chart's or a picture's numbers (<details class="chart-data">), which open in the page's flow at their full
//   height: a box of fixed height hid the rows below its edge with nothing to say so (a phone shows no scroll bar),
//   as the table layers demo's second table, cut after its header;
// - the C++ listings (<figure class="source"> <pre>), wider than a phone.
// Marked once shown: at load, when their <details> opens, and when the window's width changes; a demo marks its
// own open numbers again after each new result (demo-view.js). A closed one is unmarked.
import { markScrolls } from './dom.js';

const BOXES = 'details.chart-data, figure.source > pre';
/** The boxes in `root`, `root` too if it is one, that are on the page (not in a closed <details>), marked next frame. */
const markIn = (root) => requestAnimationFrame(() => markScrolls(
  [root, ...root.querySelectorAll(BOXES)].filter((box) => box.matches?.(BOXES) && box.checkVisibility())));

export function markPageScrolls() {
  markIn(document);
  // toggle does not bubble: heard on the way down
  document.addEventListener('toggle', (e) => { if (e.target.matches?.('details')) markIn(e.target); }, true);
  window.addEventListener('resize', () => markIn(document));
}
