// What a program's events add up to at a given step, and its pictures: the
// printout, a chart of every plot() line, and the mat with every draw().
// Steps are the program's wait() calls; step k is everything before the k-th wait
// returned, so jumping to any step only replays the recorded events.
import { renderChart } from '../render/charts.js';
import { el } from '../dom.js';
import { say } from '../strings/index.js';

/** The printout, plots, drawings and pose after `steps` waits (Infinity: the whole run). */
export function stateAt(events, steps = Infinity) {
  const state = { printed: [], plots: new Map(), drawings: new Map(), pose: null, time: 0, steps: 0 };
  for (const e of events) {
    if (e.type === 'wait') {
      if (state.steps >= steps) break;
      state.steps += 1;
      state.pose = e;
      state.time = e.time;
    } else if (e.type === 'print') state.printed.push(e.text);
    else if (e.type === 'plot') {
      if (!state.plots.has(e.name)) state.plots.set(e.name, []);
      state.plots.get(e.name).push(e.value);
    } else if (e.type === 'draw') state.drawings.set(e.name, e);
  }
  return state;
}

export const countSteps = (events) => events.reduce((n, e) => n + (e.type === 'wait'), 0);

// Lines of the same length whose sizes are alike share a chart; a weight (0..1)
// beside a distance (20..90 cm) gets a chart of its own, or it would be a flat line.
function groups(plots) {
  const out = [];
  for (const [name, ys] of plots) {
    const size = Math.max(...ys.map(Math.abs), 1e-12);
    const home = out.find((g) => g.length === ys.length && g.size / size < 10 && size / g.size < 10);
    const series = { name, x: ys.map((_, i) => i), y: ys };
    if (home) home.series.push(series);
    else out.push({ length: ys.length, size, series: [series] });
  }
  return out;
}

export function renderPlots(plots) {
  return groups(plots).map((g, i) => renderChart({
    name: `program-plot-${i}`, title: g.series.map((s) => s.name).join(', '),
    x_label: say('program.plot_x'), y_label: say('program.plot_y'), series: g.series,
  }));
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const MAT = 100;  // the mat's side [cm] (core/worlds/robot/bugbot.hpp kMatSize)
const COLOURS = new Set(['blue', 'green', 'red', 'orange', 'purple', 'black', 'grey', 'gray']);

function svg(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The mat seen from above (y up), the robot where it is, and every drawing. */
export function renderMat(state) {
  const picture = svg('svg', { viewBox: `-2 -2 ${MAT + 4} ${MAT + 4}`, role: 'img', class: 'program-mat' });
  picture.setAttribute('aria-label', say('program.mat', { n: state.drawings.size }) +
    (state.pose ? say('program.mat_robot', { x: state.pose.x.toFixed(1), y: state.pose.y.toFixed(1) }) : ''));
  picture.append(svg('rect', { x: 0, y: 0, width: MAT, height: MAT, class: 'mat-floor' }));
  for (const d of state.drawings.values()) {
    // A colour the program names is used only if it is a plain word the page knows; the rest are blue.
    const colour = COLOURS.has(String(d.colour).toLowerCase()) ? String(d.colour).toLowerCase() : 'blue';
    const size = Math.min(Math.max(Number(d.size) || 4, 1), 20) / 2;  // [cm]: size 4 is a dot 2 cm across
    for (const [x, y] of d.points) {
      const at = { cx: x, cy: MAT - y };
      picture.append(d.shape === 'squares'
        ? svg('rect', { x: at.cx - size / 2, y: at.cy - size / 2, width: size, height: size, fill: 'none', stroke: colour, 'stroke-width': 0.8, class: 'drawn' })
        : svg('circle', { ...at, r: size / 2, fill: colour, class: 'drawn' }));
    }
  }
  if (state.pose) {
    const { x, y, heading } = state.pose;
    const h = (heading * Math.PI) / 180;
    picture.append(svg('circle', { cx: x, cy: MAT - y, r: 5, class: 'mat-robot' }),
      svg('line', { x1: x, y1: MAT - y, x2: x + 7 * Math.sin(h), y2: MAT - y - 7 * Math.cos(h), class: 'mat-robot-nose' }));
  }
  return el('figure', { className: 'program-mat-figure' }, [picture]);
}
