// Where the request token looks, layer by layer (and head by head): one small
// table per view, lines as thick as the weights. The objects can be dragged or
// moved with the arrow keys in any view (see table-drag.js), and every view
// follows. Text alternative: the table of weights under the pictures.
import { createTableSvg, svg } from './table-scene.js';
import { createTableDrag } from './table-drag.js';

function viewsOf(fig) {
  return fig.layers.flatMap((layer) => [
    { label: `${layer.label}, heads averaged`, weights: layer.weights },
    ...layer.heads.map((w, h) => ({ label: `${layer.label}, head ${h + 1}`, weights: w })),
  ]);
}

function weightsTable(fig, views) {
  const table = document.createElement('table');
  table.className = 'matrix';
  const head = document.createElement('tr');
  for (const t of ['', ...fig.objects.map((o) => o.kind)]) head.append(Object.assign(document.createElement('th'), { textContent: t }));
  table.append(head);
  for (const view of views) {
    const tr = document.createElement('tr');
    tr.append(Object.assign(document.createElement('th'), { textContent: view.label, scope: 'row' }));
    for (const w of view.weights) tr.append(Object.assign(document.createElement('td'), { textContent: w.toFixed(3) }));
    table.append(tr);
  }
  return table;
}

export function createTableAttention(demo) {
  const drag = createTableDrag(demo);
  const grid = document.createElement('div');
  grid.className = 'attention-grid';
  const caption = Object.assign(document.createElement('figcaption'), {
    textContent: 'Lines run from the request to every object, as thick as the weight the request token gives it in that layer and head. Last picture: the network\'s answer (dot) and the true nearest object (ring). Drag an object in any picture, or focus it and use the arrow keys: it moves in all of them.',
  });
  const details = document.createElement('details');
  details.className = 'chart-data';
  const summary = Object.assign(document.createElement('summary'), { textContent: 'The weights as numbers' });
  const element = document.createElement('figure');
  element.className = 'table-attention';
  element.append(grid, caption, details);
  // The pictures outlive the reruns (a drag holds on to its <svg>); they are
  // built anew only when the network has other layers or heads.
  let pictures = [];       // [{label, layer}], one per view

  function picture(label) {
    const root = createTableSvg(`${label}: the table from above; drag an object to move it`);
    const layer = svg('g');
    root.append(layer);
    drag.attach(root);
    const small = document.createElement('figure');
    small.append(root, Object.assign(document.createElement('figcaption'), { textContent: label }));
    grid.append(small);
    return { label, layer };
  }

  function update(fig) {
    const views = viewsOf(fig);
    if (views.map((v) => v.label).join('\n') !== pictures.map((p) => p.label).join('\n')) {
      grid.replaceChildren();
      pictures = views.map((view) => picture(view.label));
    }
    views.forEach((view, k) => {
      const last = k === views.length - 1;
      drag.draw(pictures[k].layer, {
        ...fig,
        objects: fig.objects.map((o, i) => ({ ...o, weight: view.weights[i] })),
        answer: last ? fig.answer : null,
        truth: last ? fig.truth : null,
      });
    });
    details.replaceChildren(summary, weightsTable(fig, views));
  }
  return { element, update };
}
