// Where the request token looks, layer by layer (and head by head): one small
// table per view, lines as thick as the weights. The objects can be dragged in
// any view, and every view follows; the keyboard moves them in the first view,
// the figure's one tab stop (see table-drag.js). Text alternative: two tables under the pictures, where
// everything is and the weights of each view.
import { createTableSvg, sceneRows } from './table-scene.js';
import { layerViews } from './layer-views.js';
import { el, svg } from '../dom.js';
import { createTableDrag } from './table-drag.js';
import { writeRows, writeWhenOpen } from './in-place.js';
import { say } from '../strings/index.js';
import { markPhrases } from './tables.js';
import { movingCaption } from './moving-caption.js';

function viewsOf(fig) {
  return layerViews(fig).map(({ layer: l, head }) => {
    const layer = fig.layers[l];
    return head === null ? { label: say('scene.heads_averaged', { layer: layer.label }), weights: layer.weights }
      : { label: say('scene.layer_head', { layer: layer.label, h: head + 1 }), weights: layer.heads[head] };
  });
}

/** The weights as rows of numbers (header first): the text alternative of the pictures. */
const weightRows = (fig, views) => [['', ...fig.objects.map((o) => o.kind)],
  ...views.map((view) => [view.label, ...view.weights.map((w) => w.toFixed(3))])];

export function createTableAttention(demo) {
  const drag = createTableDrag(demo);
  const grid = document.createElement('div');
  grid.className = 'attention-grid';
  const caption = movingCaption(say('scene.attention_caption'), say('scene.keys_help_first'));
  const details = document.createElement('details');
  details.className = 'chart-data';
  const summary = Object.assign(document.createElement('summary'), { textContent: say('scene.weights_numbers') });
  const captioned = (key) => el('table', { className: 'matrix' }, el('caption', { textContent: say(key) }));
  const places = captioned('scene.places_caption');
  const table = captioned('scene.weights_caption');
  details.append(summary, places, table);
  const element = document.createElement('figure');
  element.className = 'table-attention';
  element.append(grid, caption, details);
  const writeData = writeWhenOpen(details);
  // The pictures outlive the reruns (a drag holds on to its <svg>); they are
  // built anew only when the network has other layers or heads.
  let pictures = [];       // [{label, layer}], one per view

  function picture(label, keys) {
    const root = createTableSvg(say(keys ? 'scene.picture_movable' : 'scene.picture', { label }));
    const layer = svg('g');
    root.append(layer);
    drag.attach(root);
    const small = document.createElement('figure');
    small.append(root, Object.assign(document.createElement('figcaption'), { textContent: label }));
    grid.append(small);
    return { label, layer, keys };
  }

  function update(fig) {
    const views = viewsOf(fig);
    if (views.map((v) => v.label).join('\n') !== pictures.map((p) => p.label).join('\n')) {
      grid.replaceChildren();
      pictures = views.map((view, k) => picture(view.label, k === 0));
    }
    views.forEach((view, k) => {
      const last = k === views.length - 1;
      drag.draw(pictures[k].layer, {
        ...fig,
        objects: fig.objects.map((o, i) => ({ ...o, weight: view.weights[i] })),
        answer: last ? fig.answer : null,
        truth: last ? fig.truth : null,
      }, { keys: pictures[k].keys });
    });
    writeData(() => {
      // The places without the weight column: each picture has its own weights, in the table below.
      writeRows(places, sceneRows(fig).map((row) => row.slice(0, 3)), (i, j) => i === 0 || j === 0);
      writeRows(table, weightRows(fig, views), (i, j) => i === 0 || j === 0);
      markPhrases(table, fig.objects.length);
    });
  }
  return { element, update };
}
