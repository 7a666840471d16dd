// Where the request token looks, layer by layer (and head by head): one small
// table per view, lines as thick as the weights. Text alternative: the table of
// weights under the pictures.
import { createTableSvg, drawScene, svg, tableScales } from './table-scene.js';

function viewsOf(fig) {
  return fig.layers.flatMap((layer) => [
    { label: `${layer.label}, heads averaged`, weights: layer.weights },
    ...layer.heads.map((w, h) => ({ label: `${layer.label}, head ${h + 1}`, weights: w })),
  ]);
}

function draw(element, fig) {
  const scales = tableScales(fig.size_cm);
  const views = viewsOf(fig);
  const grid = document.createElement('div');
  grid.className = 'attention-grid';
  for (const view of views) {
    const root = createTableSvg(view.label);
    const layer = svg('g');
    root.append(layer);
    const last = view === views[views.length - 1];
    drawScene(layer, {
      ...fig,
      objects: fig.objects.map((o, i) => ({ ...o, weight: view.weights[i] })),
      answer: last ? fig.answer : null,
      truth: last ? fig.truth : null,
    }, scales);
    const small = document.createElement('figure');
    small.append(root, Object.assign(document.createElement('figcaption'), { textContent: view.label }));
    grid.append(small);
  }
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
  const details = document.createElement('details');
  details.className = 'chart-data';
  details.append(Object.assign(document.createElement('summary'), { textContent: 'The weights as numbers' }), table);
  element.replaceChildren(grid, details);
}

export function createTableAttention() {
  const element = document.createElement('figure');
  element.className = 'table-attention';
  return { element, update: (fig) => draw(element, fig) };
}
