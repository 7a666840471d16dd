// The picture of multi-head attention's split: each token's d_model features
// shared out among the heads. Drawn by hand because it is specific to this
// lesson; each head's colour comes from the theme (--series-N in web/style.css). The list under it says the same in words.
import { unlessSame } from './in-place.js';
import { svg } from '../dom.js';
import { say } from '../strings/index.js';

const CELL = 22;       // px per feature cell
const GAP = 10;        // px between heads
const LABEL_W = 70;    // px for the "token i" labels
const HEAD_MIN = 48;   // px a head's column takes at least: its "head 15" label, centred over it, needs about 45

function drawHeadSplit(figure, fig) {
  // A head one or two features wide gets a column as wide as its label, its cells centred in it.
  const slot = Math.max(fig.d_head * CELL, HEAD_MIN);
  const width = LABEL_W + fig.heads * slot + (fig.heads - 1) * GAP + 10;
  const height = 30 + fig.tokens * CELL + 10;
  const root = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, role: 'img',
    'aria-label': say('split.label', { features: fig.words.features, tokens: fig.words.tokens, heads: fig.words.heads }),
  });
  root.style.maxWidth = `${width}px`; // drawn at its natural size, shrunk only on narrow screens
  for (let h = 0; h < fig.heads; ++h) {
    const left = LABEL_W + h * (slot + GAP) + (slot - fig.d_head * CELL) / 2;
    root.append(svg('text', { x: left + (fig.d_head * CELL) / 2, y: 18, 'text-anchor': 'middle', class: 'head-label' }, say('split.head', { h })));
    for (let t = 0; t < fig.tokens; ++t) {
      for (let c = 0; c < fig.d_head; ++c) {
        root.append(svg('rect', {
          x: left + c * CELL + 1, y: 28 + t * CELL + 1, width: CELL - 2, height: CELL - 2, rx: 3, class: `series-${h % 10}`,
        }));
      }
    }
  }
  for (let t = 0; t < fig.tokens; ++t) {
    root.append(svg('text', { x: 4, y: 28 + t * CELL + CELL * 0.7, class: 'token-label' }, say('split.token', { t })));
  }
  figure.replaceChildren(root);
  const caption = document.createElement('figcaption');
  const list = document.createElement('ul');
  for (let h = 0; h < fig.heads; ++h) {
    const item = document.createElement('li');
    const features = fig.d_head === 1 ? say('split.feature', { n: h }) : say('split.features', { from: h * fig.d_head, to: (h + 1) * fig.d_head - 1 });
    item.textContent = say('split.head_reads', { h, features, n: fig.tokens });
    list.append(item);
  }
  caption.append(say('split.caption', { features: fig.words.features, heads: fig.words.heads }), list);
  figure.append(caption);
}

export function createHeadSplit() {
  const figure = document.createElement('figure');
  figure.className = 'head-split';
  return { element: figure, update: unlessSame(figure, drawHeadSplit) };
}
