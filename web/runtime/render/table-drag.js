// Moving the objects of table pictures by hand: drag one with the pointer, or
// focus it and use the arrow keys (Shift for bigger steps). A move sets the
// demo's `positions` parameter, exactly as typing them would, so the network
// reruns and every picture of the demo is redrawn from its answer.
import { drawScene, tableScales } from './table-scene.js';

const KEY_STEP_CM = 1;
const KEY_STEP_FAST_CM = 5;
const DRAG_GRID_CM = 0.5;

/**
 * One per demo, shared by all its pictures: they show the same objects, so a
 * move in any of them moves them all.
 * @param demo  what a renderer receives: `demo.setParams({positions})` reruns it,
 *              `demo.state` holds the positions the learner has set ([] until a first move)
 * @returns {{attach: (root: SVGSVGElement) => void, draw: (layer: SVGGElement, scene: object) => void}}
 */
export function createTableDrag(demo) {
  let sizeCm = 100;
  let scales = tableScales(sizeCm);
  let drawn = [];          // [[x, y] cm] of the scene on screen: where a first move starts from

  const clamp = (v) => Math.min(sizeCm, Math.max(0, Math.round(v / DRAG_GRID_CM) * DRAG_GRID_CM));
  // The state's positions, ahead of the rerun a move causes; the scene's own until the first move.
  const current = () => {
    const set = demo.state.get('positions');
    return set?.length === drawn.length ? set : drawn;
  };
  function moveObject(i, cx, cy) {
    demo.setParams({ positions: current().map((p, k) => (k === i ? [clamp(cx), clamp(cy)] : p)) });
  }

  /** Listens for drags and arrow keys on one picture's <svg>, which must outlive the redraws. */
  function attach(root) {
    let dragging = null;   // index of the object being dragged
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
      root.setPointerCapture(event.pointerId);  // keep the drag when the pointer outruns the redraw
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
      const [x, y] = current()[i];
      moveObject(i, x + move[0], y + move[1]);
    });
  }

  /**
   * Draws `scene` (see drawScene, plus size_cm) into `layer` of an attached
   * picture, with its objects focusable and labelled, and moves start from its
   * positions.
   */
  function draw(layer, scene) {
    sizeCm = scene.size_cm;
    scales = tableScales(sizeCm);
    drawn = scene.objects.map((o) => [o.x, o.y]);
    const focused = layer.contains(document.activeElement) ? document.activeElement.closest('.object')?.dataset.index : undefined;
    const groups = drawScene(layer, scene, scales);
    groups.forEach((g, i) => {
      const o = scene.objects[i];
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', `${o.kind} at x ${o.x.toFixed(1)} cm, y ${o.y.toFixed(1)} cm, weight ${o.weight.toFixed(3)}. Arrow keys move it.`);
    });
    if (focused !== undefined) groups[Number(focused)]?.focus(); // keep keyboard focus across the redraw
  }

  return { attach, draw };
}
