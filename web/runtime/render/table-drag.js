// Moving the objects of table pictures by hand: drag one with the pointer, or with the keyboard.
// A move sets the demo's `positions` parameter, exactly as typing them would, so the network reruns
// and every picture of the demo is redrawn from its answer.
//
// Keyboard: each picture is one composite widget with one tab stop (a roving tabindex): Tab reaches
// the object last used, the arrow keys move it (Shift: 5 cm instead of 1 cm), N and P (or ] and [)
// focus the next and the previous object, Home and End the first and the last. Each move is
// announced by the demo's live region as "cup moved to x 31 cm, y 50 cm." (announce.js).
// Every object has an invisible hit circle of HIT_R around it, so a finger can grab it on a phone.
import { drawScene, tableScales } from './table-scene.js';
import { svg } from '../dom.js';
import { writeAttributes } from './in-place.js';
import { noteChange } from '../announce.js';
import { say } from '../strings/index.js';

const KEY_STEP_CM = 1;
const KEY_STEP_FAST_CM = 5;
const DRAG_GRID_CM = 0.5;
const HIT_R = 26;          // svg units: 48 px across where the table is 360 px wide (a phone), 44 px is the goal

const cm = (v) => Number(v.toFixed(1));

/**
 * One per demo, shared by all its pictures: they show the same objects, so a move in any of them
 * moves them all, and the object the keyboard is on is the same in all of them.
 * @param demo  what a renderer receives: `demo.setParams({positions})` reruns it,
 *              `demo.state` holds the positions the learner has set ([] until a first move)
 * @returns {{attach: (root: SVGSVGElement) => void, draw: (layer: SVGGElement, scene: object, options?) => void}}
 */
export function createTableDrag(demo) {
  let sizeCm = 100;
  let scales = tableScales(sizeCm);
  let drawn = [];          // [[x, y] cm] of the scene on screen: where a first move starts from
  let kinds = [];          // the objects' names, for the announcements
  let active = 0;          // the object that holds the tab stop

  const clamp = (v) => Math.min(sizeCm, Math.max(0, Math.round(v / DRAG_GRID_CM) * DRAG_GRID_CM));
  // The state's positions, ahead of the rerun a move causes; the scene's own until the first move.
  const current = () => {
    const set = demo.state.get('positions');
    return set?.length === drawn.length ? set : drawn;
  };
  function moveObject(i, cx, cy) {
    const to = [clamp(cx), clamp(cy)];
    noteChange(demo.state, say('scene.moved', { object: kinds[i] ?? say('scene.object'), x: cm(to[0]), y: cm(to[1]) }));
    demo.setParams({ positions: current().map((p, k) => (k === i ? to : p)) });
  }

  /** Listens for drags and keys on one picture's <svg>, which must outlive the redraws. */
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
      active = dragging;
      root.setPointerCapture(event.pointerId);  // keep the drag when the pointer outruns the redraw
      event.preventDefault();
    });
    root.addEventListener('pointermove', (event) => { if (dragging !== null) moveObject(dragging, ...pointerToTable(event)); });
    const endDrag = () => { dragging = null; };
    root.addEventListener('pointerup', endDrag);
    root.addEventListener('pointercancel', endDrag);
    root.addEventListener('keydown', (event) => {
      const group = event.target.closest('.object');
      if (!group || event.altKey || event.ctrlKey || event.metaKey) return;
      const i = Number(group.dataset.index);
      const n = drawn.length;
      const pick = { n: i + 1, N: i + 1, ']': i + 1, p: i - 1, P: i - 1, '[': i - 1, Home: 0, End: n - 1 }[event.key];
      if (pick !== undefined) {
        event.preventDefault();
        active = (pick + n) % n;
        const groups = [...root.querySelectorAll('.object')];
        groups.forEach((g, k) => g.setAttribute('tabindex', k === active ? '0' : '-1'));
        groups[active]?.focus();
        return;
      }
      const step = event.shiftKey ? KEY_STEP_FAST_CM : KEY_STEP_CM;
      const move = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[event.key];
      if (!move) return;
      event.preventDefault();
      active = i;
      const [x, y] = current()[i];
      moveObject(i, x + move[0], y + move[1]);
    });
  }

  /**
   * Draws `scene` (see drawScene, plus size_cm) into `layer` of an attached picture, and moves start
   * from its positions. With { keys: false } the picture is one more view of objects another picture
   * of the demo moves with the keyboard: no tab stop of its own (the pointer still drags there).
   */
  function draw(layer, scene, { keys = true } = {}) {
    sizeCm = scene.size_cm;
    scales = tableScales(sizeCm);
    drawn = scene.objects.map((o) => [o.x, o.y]);
    kinds = scene.objects.map((o) => o.kind);
    active = Math.min(active, drawn.length - 1);
    const groups = drawScene(layer, scene, scales); // in place: the focused object keeps its focus
    groups.forEach((g, i) => {
      const o = scene.objects[i];
      // A round <rect>, not a circle, so "the object's circle" stays the one drawn; centred where the group is placed.
      if (!g.querySelector('.hit-area')) g.insertBefore(svg('rect', { x: -HIT_R, y: -HIT_R, width: 2 * HIT_R, height: 2 * HIT_R, rx: HIT_R, class: 'hit-area' }), g.firstChild);
      if (!keys) return;
      writeAttributes(g, {
        tabindex: i === active ? '0' : '-1',
        role: 'button',
        'aria-roledescription': say('scene.object_role'),
        'aria-label': say('scene.object_label', { object: o.kind, x: o.x.toFixed(1), y: o.y.toFixed(1), weight: o.weight.toFixed(3), i: i + 1, n: groups.length }),
      });
    });
  }

  return { attach, draw };
}
