// The 1 m mat seen from above, for the robot lesson: the robot, its sensor ray,
// the points the last readings hit, and the one reading the current guess leans
// on most; a playback with play/pause and a time scrubber; and the robot can be
// dragged (or moved with the arrow keys) to change where the run starts.
// Drawn by hand because it is specific to this lesson; D3 provides the scales.
// The table under it gives the same points as numbers.
import { scaleLinear } from 'd3-scale';
import { noteChange } from '../announce.js';
import { el, svg } from '../dom.js';
import { fitChildren, writeAttributes, writeRows, writeText, writeWhenOpen } from './in-place.js';
import { say } from '../strings/index.js';
import { formatNumber } from './format.js';
import { movingCaption } from './moving-caption.js';

const VIEW = 400;              // svg units across the mat
const HIT_RADIUS = 4;          // svg units
const KEY_STEP_CM = 1;         // arrow key moves the robot this far
const KEY_STEP_FAST_CM = 5;    // with Shift
const DRAG_GRID_CM = 0.5;      // dragged positions are rounded to this
const GRAB_RADIUS = 26;        // svg units: an invisible circle around the robot, 46 px across on a phone (44 px is the goal)

// A hit just past a wall (the sensor's noise) is negative: written "−0.4" with a minus sign, as every table writes it.
const fixed1 = (v) => (v === null || v === undefined ? '—' : formatNumber(v, 1));

/** Heading between two frames, turning the short way round (headings wrap at 360°). */
function interpolateHeading(a, b, f) {
  const delta = ((b - a + 540) % 360) - 180;
  return (a + delta * f + 360) % 360;
}

/** The picture's elements: the svg mat with the robot, the playback controls, the readout and the table. */
function matParts() {
  // A group, not an image, so the robot inside stays a control a screen reader can reach.
  const root = svg('svg', { viewBox: `0 0 ${VIEW} ${VIEW}`, class: 'mat', role: 'group', 'aria-label': say('mat.label') });
  const parts = {
    root,
    grid: svg('g', { class: 'mat-grid' }),
    hits: svg('g', { class: 'hits' }),
    source: svg('circle', { r: HIT_RADIUS * 2.6, class: 'source' }),
    ray: svg('line', { class: 'ray' }),
    body: svg('circle', { class: 'robot-body' }),
    nose: svg('line', { class: 'robot-nose' }),
    // The mat's one movable thing, so its one tab stop; the demo's live region says where it moved (announce.js).
    robot: svg('g', { class: 'robot', tabindex: 0, role: 'button', 'aria-roledescription': say('mat.robot_role') }),
    grab: svg('rect', { class: 'hit-area' }), // a round rect: the robot's circle stays its body
    play: el('button', { type: 'button', className: 'play', textContent: say('mat.play') }),
    scrubber: el('input', { type: 'range', min: 0, step: 1, className: 'scrubber', ariaLabel: say('mat.time') }),
    // Not live: it changes on every frame of a playback; the demo's announcer says one sentence per change.
    readout: el('p', { className: 'readout' }),
    pointsTable: el('table', { className: 'points' }),
  };
  parts.robot.append(parts.grab, parts.body, parts.nose);
  root.append(svg('rect', { x: 0, y: 0, width: VIEW, height: VIEW, class: 'mat-surface' }), parts.grid, parts.hits, parts.source, parts.ray, parts.robot);
  parts.pointsData = el('details', { className: 'chart-data' }, [el('summary', { textContent: say('mat.numbers') }), parts.pointsTable]);
  parts.element = el('figure', { className: 'bugbot' }, [
    root,
    el('div', { className: 'playback' }, [parts.play, parts.scrubber]),
    parts.readout,
    movingCaption(say('mat.caption'), say('mat.moving')),
    parts.pointsData,
  ]);
  return parts;
}

/** Drawing one run's figure `view.fig` into `parts`, with the scales `view.x`, `view.y` (cm -> svg units). */
function matDrawing(parts, view) {
  const { x, y } = view;
  const toView = ([px, py]) => [x(px), y(py)]; // a hit point is [x, y] in cm
  const writeData = writeWhenOpen(parts.pointsData);
  let gridSize = null;     // the mat size the grid lines are drawn for

  function grid(size) {
    if (size === gridSize) return;
    gridSize = size;
    parts.grid.replaceChildren();
    for (let cm = 10; cm < size; cm += 10) {
      parts.grid.append(svg('line', { x1: x(cm), y1: 0, x2: x(cm), y2: VIEW }), svg('line', { x1: 0, y1: y(cm), x2: VIEW, y2: y(cm) }));
    }
  }

  // Each attribute is written only when it changed (writeAttributes): a new run after a Reset or a typed
  // setting leaves the robot where it was and most of the window's dots in place, and a browser restyles
  // an element whose attribute is set, even to the value it had.
  function robotAt(px, py, heading) {
    const r = x(view.fig.robot_radius_cm) - x(0);
    const rad = (heading * Math.PI) / 180; // clockwise from +y on the mat
    const [cx, cy] = [x(px), y(py)];
    const { body, grab, nose } = parts;
    writeAttributes(body, { cx, cy, r });
    const g = Math.max(r, GRAB_RADIUS);
    writeAttributes(grab, { x: cx - g, y: cy - g, width: 2 * g, height: 2 * g, rx: g });
    writeAttributes(nose, { x1: cx, y1: cy, x2: cx + r * Math.sin(rad), y2: cy - r * Math.cos(rad) });
    writeAttributes(parts.robot, { 'aria-label': say('mat.robot', { x: fixed1(px), y: fixed1(py) }) });
  }

  /** The window's dots, moved in place: a playback or a drag moves them on every frame. */
  function hitDots(shown) {
    const { hits } = parts;
    fitChildren(hits, shown.length, () => svg('circle', { r: HIT_RADIUS, class: 'hit' })).forEach((dot, n) => {
      const [cx, cy] = toView(shown[n].hit);
      writeAttributes(dot, { cx, cy });
    });
  }

  /** Everything that depends on the whole frame number: hits, ray, source ring, readout. */
  function frame(i) {
    const { frames } = view.fig;
    const f = frames[i];
    hitDots(frames.slice(Math.max(0, i - view.fig.window + 1), i + 1));
    const [hx, hy] = toView(f.hit);
    const { ray, source } = parts;
    writeAttributes(ray, { x1: x(f.x), y1: y(f.y), x2: hx, y2: hy });
    const leanOn = f.source_tick === null ? null : frames[f.source_tick];
    if (source.style.display !== (leanOn ? '' : 'none')) source.style.display = leanOn ? '' : 'none';
    if (leanOn) {
      const [cx, cy] = toView(leanOn.hit);
      writeAttributes(source, { cx, cy });
    }
    writeText(parts.readout, say('mat.reading', { tick: f.tick, time: f.time_s.toFixed(2), heading: f.heading.toFixed(0), distance: f.reading }) +
      (f.guess_wide === null ? say('mat.no_guess') : say('mat.guess', { guess: fixed1(f.guess_wide), source: f.source_tick })));
    if (parts.scrubber.value !== String(i)) parts.scrubber.value = i;
  }

  function table() {
    writeData(() => writeRows(parts.pointsTable, [[say('mat.column_reading'), say('mat.column_time'), say('mat.column_heading'), say('mat.column_distance'),
      say('mat.column_hit_x'), say('mat.column_hit_y'), say('mat.column_guess')],
      ...view.fig.frames.map((f) => [f.tick, f.time_s.toFixed(2), f.heading.toFixed(0), f.reading,
        fixed1(f.hit[0]), fixed1(f.hit[1]), fixed1(f.guess_wide)].map(String))]));
  }

  return { grid, robotAt, frame, table };
}

/** Play / pause and the time scrubber over the run's frames; `view.frame` is the frame shown (fractional while playing). */
function attachPlayback(parts, view, draw) {
  const { play, scrubber } = parts;
  let lastTick = null;    // time of the previous animation frame [ms]

  function show(at) {
    const { frames } = view.fig;
    const i = Math.min(frames.length - 1, Math.floor(at));
    const next = frames[Math.min(frames.length - 1, i + 1)];
    const heading = interpolateHeading(frames[i].heading, next.heading, at - i);
    if (!view.dragging) draw.robotAt(frames[i].x, frames[i].y, heading);
    if (i !== Math.floor(view.frame) || !view.playing) draw.frame(i);
    view.frame = at;
  }

  function stop() {
    view.playing = false;
    play.textContent = say('mat.play');
    play.setAttribute('aria-pressed', 'false');
  }

  function tick(now) {
    if (!view.playing) return;
    const seconds = lastTick === null ? 0 : Math.max(0, now - lastTick) / 1000;
    lastTick = now;
    const at = view.frame + seconds / view.fig.tick_seconds;
    if (at >= view.fig.frames.length - 1) {
      stop();
      show(view.fig.frames.length - 1);
      return;
    }
    show(at);
    requestAnimationFrame(tick);
  }

  play.addEventListener('click', () => {
    if (view.playing) { stop(); return; }
    if (view.frame >= view.fig.frames.length - 1) view.frame = 0;
    view.playing = true;
    view.followEnd = false;
    play.textContent = say('mat.pause');
    play.setAttribute('aria-pressed', 'true');
    lastTick = null;
    requestAnimationFrame(tick);
  });
  scrubber.addEventListener('input', () => {
    stop();
    view.followEnd = Number(scrubber.value) === view.fig.frames.length - 1;
    show(Number(scrubber.value));
  });
  return { show };
}

/** Dragging the robot, or its arrow keys, change the demo's start_x / start_y, which reruns the simulation. */
function attachRobotMoves(parts, view, draw, demo) {
  const { root, robot } = parts;
  function moveTo(px, py) {
    const margin = view.fig.robot_radius_cm;
    const clamp = (v) => Math.min(view.fig.size_cm - margin, Math.max(margin, Math.round(v / DRAG_GRID_CM) * DRAG_GRID_CM));
    const [cx, cy] = [clamp(px), clamp(py)];
    draw.robotAt(cx, cy, view.fig.frames[Math.floor(view.frame)].heading);
    noteChange(demo.state, say('mat.moved', { x: fixed1(cx), y: fixed1(cy) }));
    demo.setParams({ start_x: cx, start_y: cy });
  }
  function pointerToMat(event) {
    const point = root.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const p = point.matrixTransform(root.getScreenCTM().inverse());
    return [view.x.invert(p.x), view.y.invert(p.y)];
  }
  robot.addEventListener('pointerdown', (event) => {
    view.dragging = true;
    robot.setPointerCapture(event.pointerId);
    robot.classList.add('dragging');
    event.preventDefault();
  });
  robot.addEventListener('pointermove', (event) => { if (view.dragging) moveTo(...pointerToMat(event)); });
  const endDrag = () => { view.dragging = false; robot.classList.remove('dragging'); };
  robot.addEventListener('pointerup', endDrag);
  robot.addEventListener('pointercancel', endDrag);
  robot.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? KEY_STEP_FAST_CM : KEY_STEP_CM;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    // From the state, which is ahead of the rerun a move causes.
    moveTo(Number(demo.state.get('start_x')) + move[0], Number(demo.state.get('start_y')) + move[1]);
  });
}

export function createBugbotMat(demo) {
  const view = {
    fig: null,
    frame: 0,          // the frame shown, 0 .. frames.length - 1 (fractional while playing)
    playing: false,
    followEnd: true,   // a new run shows its last frame unless the learner has scrubbed
    dragging: false,
    x: scaleLinear(),
    y: scaleLinear(),
  };
  const parts = matParts();
  const draw = matDrawing(parts, view);
  const playback = attachPlayback(parts, view, draw);
  attachRobotMoves(parts, view, draw, demo);

  function update(next) {
    view.fig = next;
    view.x.domain([0, next.size_cm]).range([0, VIEW]);
    view.y.domain([0, next.size_cm]).range([VIEW, 0]); // the mat's y grows away from the viewer: up on screen
    draw.grid(next.size_cm);
    draw.table();
    if (parts.scrubber.max !== String(next.frames.length - 1)) parts.scrubber.max = next.frames.length - 1;
    const at = view.followEnd ? next.frames.length - 1 : Math.min(view.frame, next.frames.length - 1);
    view.frame = -1; // a new run: show() draws its whole frame, even while playing
    playback.show(at);
  }

  return { element: parts.element, update };
}
