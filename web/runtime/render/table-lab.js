// The attention lab: the table with the learner's scene. Any object can be
// dragged (or focused and moved with the arrow keys); that sets the demo's
// `positions` parameter, so the network reruns on every move.
import { createTableSvg, drawScene, sceneTable, svg, tableScales } from './table-scene.js';

const KEY_STEP_CM = 1;
const KEY_STEP_FAST_CM = 5;
const DRAG_GRID_CM = 0.5;

export function createTableLab(demo) {
  let fig = null;
  let positions = [];      // [[x, y] cm] as the learner last left them, ahead of the rerun
  let dragging = null;     // index of the object being dragged
  const root = createTableSvg('The table from above: drag an object to move it');
  const layer = svg('g');
  root.append(layer);
  const details = document.createElement('details');
  details.className = 'chart-data';
  const summary = Object.assign(document.createElement('summary'), { textContent: 'The scene as numbers' });
  const caption = Object.assign(document.createElement('figcaption'), {
    textContent: 'Lines run from the request to every object, as thick as the weight the network gives it. Dot: the network\'s answer; ring: where the requested object really is. Drag an object, or focus it and use the arrow keys.',
  });
  const element = document.createElement('figure');
  element.className = 'table-lab';
  element.append(root, caption, details);
  let scales = tableScales(100);

  const clamp = (v) => Math.min(fig.size_cm, Math.max(0, Math.round(v / DRAG_GRID_CM) * DRAG_GRID_CM));
  function moveObject(i, cx, cy) {
    positions = positions.map((p, k) => (k === i ? [clamp(cx), clamp(cy)] : p));
    demo.setParams({ positions });
  }
  function pointerToTable(event) {
    const point = root.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const p = point.matrixTransform(root.getScreenCTM().inverse());
    return [scales.x.invert(p.x), scales.y.invert(p.y)];
  }
  root.addEventListener('pointerdown', (event) => {
    const group = event.target.closest('.object');
    if (!group) return;
    dragging = Number(group.dataset.index);
    root.setPointerCapture(event.pointerId);
    event.preventDefault();
  });
  root.addEventListener('pointermove', (event) => { if (dragging !== null) moveObject(dragging, ...pointerToTable(event)); });
  const endDrag = () => { dragging = null; };
  root.addEventListener('pointerup', endDrag);
  root.addEventListener('pointercancel', endDrag);
  root.addEventListener('keydown', (event) => {
    const group = event.target.closest('.object');
    const step = event.shiftKey ? KEY_STEP_FAST_CM : KEY_STEP_CM;
    const move = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[event.key];
    if (!group || !move) return;
    event.preventDefault();
    const i = Number(group.dataset.index);
    moveObject(i, positions[i][0] + move[0], positions[i][1] + move[1]);
  });

  function update(next) {
    fig = next;
    scales = tableScales(fig.size_cm);
    positions = fig.objects.map((o) => [o.x, o.y]);
    const focused = document.activeElement?.closest?.('.object')?.dataset.index;
    const groups = drawScene(layer, fig, scales);
    groups.forEach((g, i) => {
      const o = fig.objects[i];
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', `${o.kind} at x ${o.x.toFixed(1)} cm, y ${o.y.toFixed(1)} cm, weight ${o.weight.toFixed(3)}. Arrow keys move it.`);
    });
    if (focused !== undefined) groups[Number(focused)]?.focus(); // keep keyboard focus across the redraw
    details.replaceChildren(summary, sceneTable(fig));
  }
  return { element, update };
}
