// A picture's caption in two parts: what it shows, then how to move what is in it (drag, keys), which print
// leaves out (style.css: nothing moves on paper, and a worksheet has no keyboard).
import { el } from '../dom.js';

export const movingCaption = (shows, howToMove) =>
  el('figcaption', {}, [el('span', { textContent: shows }), ' ', el('span', { className: 'how-to-move', textContent: howToMove })]);
