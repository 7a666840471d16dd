// The attention lab: the table with the learner's scene. Any object can be
// dragged (or moved with the keyboard: one tab stop, arrow keys, N / P; see table-drag.js); that
// sets the demo's `positions` parameter, so the network reruns on every move.
import { createTableSvg, sceneRows } from './table-scene.js';
import { svg } from '../dom.js';
import { writeRows, writeWhenOpen } from './in-place.js';
import { createTableDrag } from './table-drag.js';
import { say } from '../strings/index.js';
import { movingCaption } from './moving-caption.js';

export function createTableLab(demo) {
  const drag = createTableDrag(demo);
  const root = createTableSvg(say('scene.lab_label'));
  const layer = svg('g');
  root.append(layer);
  drag.attach(root);
  const details = document.createElement('details');
  details.className = 'chart-data';
  const summary = Object.assign(document.createElement('summary'), { textContent: say('scene.numbers') });
  const table = Object.assign(document.createElement('table'), { className: 'matrix' });
  details.append(summary, table);
  const caption = movingCaption(say('scene.lab_caption'), say('scene.keys_help'));
  const element = document.createElement('figure');
  element.className = 'table-lab';
  element.append(root, caption, details);
  const writeData = writeWhenOpen(details);

  function update(fig) {
    drag.draw(layer, fig);
    writeData(() => writeRows(table, sceneRows(fig)));
  }
  return { element, update };
}
