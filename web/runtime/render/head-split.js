// The picture of multi-head attention's split: each token's d_model features
// shared out among the heads. Drawn by hand because it is specific to this
// lesson; each head's colour comes from the theme (--series-N in web/style.css). The list under it says the same in words.
import { fitChildren, unlessSame, writeAttributes, writeText } from './in-place.js';
import { el, svg } from '../dom.js';
import { smallestWidth } from './readable-width.js';
import { say } from '../strings/index.js';

const CELL = 22;       // px per feature cell
const GAP = 10;        // px between heads
const LABEL_W = 70;    // px for the "token i" labels
const HEAD_MIN = 48;   // px a head's column takes at least: its "head 15" label, centred over it, needs about 45

/**
 * The picture's elements, made once: a step of the tokens or heads slider writes into them, adding or
 * removing only the cells, labels and list items it changes the number of (every element made anew was
 * styled and laid out as new, and the svg replaced under a focused slider's demo laid out the figure again).
 */
function splitParts(figure) {
  const root = svg('svg', { role: 'img' });
  const heads = svg('g');   // one label per head
  const cells = svg('g');   // the feature cells, head after head, token after token
  const tokens = svg('g');  // one label per token
  root.append(heads, cells, tokens);
  const caption = document.createElement('figcaption');
  const words = document.createTextNode('');
  const list = document.createElement('ul');
  caption.append(words, list);
  // Many heads make the picture wider than a column: it scrolls sideways rather than shrink its labels away.
  const scroller = el('div', { className: 'strip-scroll', tabIndex: 0, role: 'group', ariaLabel: say('split.drawn') });
  scroller.append(root);
  figure.append(scroller, caption);
  return { root, heads, cells, tokens, words, list };
}

function drawHeadSplit(parts, fig) {
  // A head one or two features wide gets a column as wide as its label, its cells centred in it.
  const slot = Math.max(fig.d_head * CELL, HEAD_MIN);
  const width = LABEL_W + fig.heads * slot + (fig.heads - 1) * GAP + 10;
  const height = 30 + fig.tokens * CELL + 10;
  writeAttributes(parts.root, {
    viewBox: `0 0 ${width} ${height}`,
    'aria-label': say('split.label', { features: fig.words.features, tokens: fig.words.tokens, heads: fig.words.heads }),
  });
  // Drawn at its natural size, shrunk only on narrow screens and only so far (readable-width.js).
  if (parts.root.style.maxWidth !== `${width}px`) Object.assign(parts.root.style, { maxWidth: `${width}px`, minWidth: smallestWidth(width) });
  const left = (h) => LABEL_W + h * (slot + GAP) + (slot - fig.d_head * CELL) / 2;
  fitChildren(parts.heads, fig.heads, () => svg('text', { y: 18, 'text-anchor': 'middle', class: 'head-label' })).forEach((label, h) => {
    writeAttributes(label, { x: left(h) + (fig.d_head * CELL) / 2 });
    writeText(label, say('split.head', { h }));
  });
  const perHead = fig.tokens * fig.d_head;
  fitChildren(parts.cells, fig.heads * perHead, () => svg('rect', { width: CELL - 2, height: CELL - 2, rx: 3 })).forEach((cell, k) => {
    const [h, t, c] = [Math.floor(k / perHead), Math.floor((k % perHead) / fig.d_head), k % fig.d_head];
    writeAttributes(cell, { x: left(h) + c * CELL + 1, y: 28 + t * CELL + 1, class: `series-${h % 10}` });
  });
  fitChildren(parts.tokens, fig.tokens, () => svg('text', { x: 4, class: 'token-label' })).forEach((label, t) => {
    writeAttributes(label, { y: 28 + t * CELL + CELL * 0.7 });
    writeText(label, say('split.token', { t }));
  });
  const sentence = say('split.caption', { features: fig.words.features, heads: fig.words.heads });
  if (parts.words.data !== sentence) parts.words.data = sentence;
  fitChildren(parts.list, fig.heads, () => document.createElement('li')).forEach((item, h) => {
    const features = fig.d_head === 1 ? say('split.feature', { n: h }) : say('split.features', { from: h * fig.d_head, to: (h + 1) * fig.d_head - 1 });
    writeText(item, say('split.head_reads', { h, features, n: fig.tokens }));
  });
}

export function createHeadSplit() {
  const figure = document.createElement('figure');
  figure.className = 'head-split';
  const parts = splitParts(figure);
  return { element: figure, update: unlessSame(parts, drawHeadSplit) };
}
