// The 1 m table seen from above, shared by the table lesson's pictures: the
// objects (with their kind written on them), a line from the request to each
// object as thick as the weight it gets, the network's answer as a dot and the
// true position as a ring. Drawn by hand because it is specific to the lesson;
// D3 provides the scales.
import { scaleLinear } from 'd3-scale';

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const VIEW = 400;          // svg units across the table
const MARGIN = 36;                // room under the table for the request
const OBJECT_R = 15;              // svg units
const MAX_LINE = 14;              // svg units: the stroke of a weight of 1

export function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Scales from table cm to svg units; y grows away from the viewer, so up on
 * screen. The surface reaches one object's radius past the edge positions, so an
 * object at the very edge is still drawn wholly on the table.
 */
export function tableScales(sizeCm) {
  return {
    x: scaleLinear().domain([0, sizeCm]).range([OBJECT_R, VIEW - OBJECT_R]),
    y: scaleLinear().domain([0, sizeCm]).range([VIEW - OBJECT_R, OBJECT_R]),
  };
}

export function createTableSvg(label) {
  const root = svg('svg', { viewBox: `-4 -4 ${VIEW + 8} ${VIEW + MARGIN + 8}`, class: 'table-top', role: 'group', 'aria-label': label });
  root.append(svg('rect', { x: 0, y: 0, width: VIEW, height: VIEW, class: 'table-surface' }));
  return root;
}

/** Where the request's lines start: just off the near edge of the table, in the middle. */
export const requestAnchor = () => [VIEW / 2, VIEW + MARGIN - 6];

/**
 * Draws one scene into `layer` (an svg <g>), and returns the object groups so a
 * caller can make them draggable.
 * scene: {objects: [{kind, x, y, weight}], request, answer: [x, y] | null, truth: [x, y] | null} in cm.
 */
export function drawScene(layer, scene, scales) {
  const { x, y } = scales;
  const [ax, ay] = requestAnchor();
  layer.replaceChildren();
  const lines = svg('g', { class: 'weights' });
  const marks = svg('g', { class: 'marks' });
  const objects = svg('g', { class: 'objects' });
  layer.append(lines, marks, objects);
  layer.append(svg('text', { x: ax, y: ay + 2, 'text-anchor': 'middle', class: 'request-label' }, `request: ${scene.request}`));
  const groups = scene.objects.map((o, i) => {
    if (o.weight !== undefined) {
      lines.append(svg('line', { x1: ax, y1: ay - 12, x2: x(o.x), y2: y(o.y), class: 'weight-line', 'stroke-width': Math.max(0.5, o.weight * MAX_LINE) }));
    }
    const g = svg('g', { class: o.kind === scene.request ? 'object requested' : 'object', 'data-index': i });
    g.append(svg('circle', { cx: x(o.x), cy: y(o.y), r: OBJECT_R }), svg('text', { x: x(o.x), y: y(o.y) + 4, 'text-anchor': 'middle' }, o.kind));
    objects.append(g);
    return g;
  });
  if (scene.truth) marks.append(svg('circle', { cx: x(scene.truth[0]), cy: y(scene.truth[1]), r: OBJECT_R + 7, class: 'truth' }));
  if (scene.answer) marks.append(svg('circle', { cx: x(scene.answer[0]), cy: y(scene.answer[1]), r: 6, class: 'answer' }));
  return groups;
}

/** The scene as a table of numbers: the text alternative of the picture. */
export function sceneTable(scene, weightLabel = 'weight') {
  const table = document.createElement('table');
  table.className = 'matrix';
  const row = (cells, tag = 'td') => {
    const tr = document.createElement('tr');
    for (const c of cells) tr.append(Object.assign(document.createElement(tag), { textContent: c }));
    return tr;
  };
  table.append(row(['object', 'x [cm]', 'y [cm]', weightLabel], 'th'));
  for (const o of scene.objects) table.append(row([o.kind, o.x.toFixed(1), o.y.toFixed(1), o.weight === undefined ? '—' : o.weight.toFixed(3)]));
  if (scene.answer) table.append(row(['network\'s answer', scene.answer[0].toFixed(1), scene.answer[1].toFixed(1), '']));
  if (scene.truth) table.append(row(['true position', scene.truth[0].toFixed(1), scene.truth[1].toFixed(1), '']));
  return table;
}
