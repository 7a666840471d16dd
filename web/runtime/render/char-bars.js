// Labelled horizontal bars, longest first: the next character's probabilities in the language
// model lesson (core/lessons/lm/lm_next.cpp). Each bar's length is its value against 1, so a
// sure guess fills its row; the table under the demo holds the same numbers.
import { el } from '../dom.js';
import { formatNumber } from './format.js';
import { removeChildrenFrom, writeText, unlessSame } from './in-place.js';

export function createCharBars() {
  const figure = el('figure', { className: 'char-bars' });
  const list = el('ol', { className: 'char-bar-list' });
  const caption = el('figcaption');
  figure.append(list, caption);
  const update = unlessSame(figure, (_, fig) => {
    writeText(caption, fig.title);
    removeChildrenFrom(list, fig.bars.length);
    fig.bars.forEach((bar, i) => {
      const li = list.children[i] ?? list.appendChild(el('li', {}, [
        el('span', { className: 'char-bar-label' }), el('span', { className: 'char-bar-track' }, [el('span', { className: 'char-bar' })]),
        el('span', { className: 'char-bar-value' }),
      ]));
      const [label, track, value] = li.children;
      writeText(label, bar.label);
      track.firstElementChild.style.setProperty('--w', Math.min(1, Math.max(0, bar.value)).toFixed(4));
      writeText(value, formatNumber(bar.value, 3));
    });
  });
  return { element: figure, update };
}
