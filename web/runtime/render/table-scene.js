// The 1 m table seen from above, shared by the table lesson's pictures: the
// objects (with their kind written on them), a line from the request to each
// object as thick as the weight it gets, the network's answer as a dot and the
// true position as a ring. Drawn by hand because it is specific to the lesson;
// D3 provides the scales.
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { writeAttributes, writeText } from './in-place.js';
import { svg } from '../dom.js';
import { say } from '../strings/index.js';
import { formatNumber } from './format.js';

export const VIEW = 400;          // svg units across the table
const MARGIN = 36;                // room under the table for the request
const OBJECT_R = 15;              // svg units
const MAX_LINE = 14;              // svg units: the stroke of a weight of 1


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
 * caller can make them draggable. A layer drawn before keeps its elements (D3 joins on the
 * objects' order): a drag redraws on every move, and rebuilding the picture cost a phone its frame.
 * Only the attributes and texts that changed are written (in-place.js): a drag move changes the one
 * object's place and the lines' widths, and D3's attr() set the other 400-odd attributes of the table
 * lesson's six pictures again, each a restyle, and replaced every label's text.
 * scene: {objects: [{kind, x, y, weight}], request, answer: [x, y] | null, truth: [x, y] | null} in cm.
 */
export function drawScene(layer, scene, scales) {
  const { x, y } = scales;
  const [ax, ay] = requestAnchor();
  if (!layer.firstChild) {
    layer.append(svg('g', { class: 'weights' }), svg('g', { class: 'marks' }), svg('g', { class: 'objects' }),
      svg('text', { x: ax, y: ay + 2, 'text-anchor': 'middle', class: 'request-label' }));
  }
  const [lines, marks, objects, request] = layer.children;
  const asked = `request: ${scene.request}`;
  writeText(request, asked);
  select(lines).selectAll('line').data(scene.objects.filter((o) => o.weight !== undefined)).join('line')
    .each(function drawLine(o) {
      writeAttributes(this, { class: 'weight-line', x1: ax, y1: ay - 12, x2: x(o.x), y2: y(o.y), 'stroke-width': Math.max(0.5, o.weight * MAX_LINE) });
    });
  // Two objects closer than a circle's width (the layers scene's ball and cube) would hide one label
  // under the other circle: such an object's label goes outside, above the upper one and below the
  // lower, and its circle lets the other's outline show through ("crowded").
  const near = scene.objects.map((o) => scene.objects.find((p) => p !== o && Math.hypot(x(p.x) - x(o.x), y(p.y) - y(o.y)) < 2 * OBJECT_R));
  // From the object's centre, where its group is placed.
  const labelY = (o, i) => {
    if (!near[i]) return 4;
    const upper = y(o.y) < y(near[i].y) || (y(o.y) === y(near[i].y) && i < scene.objects.indexOf(near[i]));
    return upper ? -OBJECT_R - 4 : OBJECT_R + 12;
  };
  const groups = select(objects).selectAll(function objectGroups() { return this.children; }).data(scene.objects)
    .join((enter) => {
      const g = enter.append('g');
      g.append('circle').attr('r', OBJECT_R);
      g.append('text').attr('text-anchor', 'middle');
      return g;
    })
    .each(function drawObject(o, i) {
      const kind = ['object', o.kind === scene.request && 'requested', near[i] && 'crowded'].filter(Boolean).join(' ');
      // The group is moved, not its circle, label and hit area one by one: a browser restyles each element an
      // attribute is written to, and the Objects slider moves every object of the six pictures (docs/benchmarks.md).
      writeAttributes(this, { class: kind, 'data-index': i, transform: `translate(${x(o.x)},${y(o.y)})` });
      const label = this.querySelector('text');
      writeAttributes(label, { y: labelY(o, i) });
      writeText(label, o.kind);
    });
  // The ring under the dot, as drawn first.
  const rings = [scene.truth && { at: scene.truth, r: OBJECT_R + 7, class: 'truth' }, scene.answer && { at: scene.answer, r: 6, class: 'answer' }];
  select(marks).selectAll('circle').data(rings.filter(Boolean), (m) => m.class).join('circle')
    .each(function drawMark(m) { writeAttributes(this, { class: m.class, r: m.r, cx: x(m.at[0]), cy: y(m.at[1]) }); })
    .order();
  return groups.nodes();
}

/** The scene as rows of numbers (header first): the text alternative of the picture. */
export function sceneRows(scene, weightLabel = say('scene.weight')) {
  return [
    [say('scene.object'), say('scene.x'), say('scene.y'), weightLabel],
    ...scene.objects.map((o) => [o.kind, o.x.toFixed(1), o.y.toFixed(1), o.weight === undefined ? '—' : o.weight.toFixed(3)]),
    // A network's answer may fall off the table: "−0.4" with a minus sign, as every table writes it.
    ...(scene.answer ? [[say('scene.answer'), formatNumber(scene.answer[0], 1), formatNumber(scene.answer[1], 1), '']] : []),
    ...(scene.truth ? [[say('scene.truth'), scene.truth[0].toFixed(1), scene.truth[1].toFixed(1), '']] : []),
  ];
}
