// Why scale matters: the language model's validation loss against the steps for each size, and
// against the parameter count at the last step, from lessons/lm/data/scale_sweep.json (made by the
// native trainer, scripts/make_lm_scale_sweep.sh). Drawn with the demos' chart renderer, each chart
// with its numbers as a table; a training in the page (lm-train-panel.js's 'lm-trained' event) adds
// the learner's own run to both.
import { el } from './dom.js';
import { renderChart } from './render/charts.js';
import { fetchText } from './lesson-files.js';
import { say } from './strings/index.js';
import { formatIn } from './render/format.js';

const count = (n) => formatIn(',')(n);
const sizeName = (r) => say(r.layers === 1 ? 'sweep.size_one' : 'sweep.size', { parameters: count(r.parameters), layers: r.layers, width: r.width });

function charts(sweep, own) {
  const runs = own ? [...sweep.runs, own] : sweep.runs;
  const name = (r) => (r === own ? say('sweep.your_run', { size: sizeName(r) }) : sizeName(r));
  const bySteps = renderChart({
    name: 'lm-scale-steps', title: say('sweep.by_steps'),
    x_label: say('sweep.step'), y_label: say('sweep.validation_loss'), log_x: false,
    series: runs.map((r) => ({ name: name(r), x: r.validation.map((p) => p[0]), y: r.validation.map((p) => p[1]) })),
  });
  const last = (r) => r.validation.at(-1);
  const bySize = renderChart({
    name: 'lm-scale-size', title: say('sweep.by_size', { steps: count(sweep.steps) }),
    x_label: say('sweep.parameters'), y_label: say('sweep.validation_loss'), log_x: true,
    series: [{ name: say('sweep.the_sweep'), x: sweep.runs.map((r) => r.parameters), y: sweep.runs.map((r) => last(r)[1]) },
      ...(own ? [{ name: say('sweep.your_point', { steps: count(last(own)[0]) }), x: [own.parameters], y: [last(own)[1]] }] : [])],
  });
  return [bySteps, bySize];
}

/** Draws the sweep's two charts and its note into `container`, with the learner's run (`own`) when there is one. */
export function drawScaleSweep(container, sweep, own = null) {
  const note = el('p', { className: 'help', textContent: say('sweep.made_by', { measure: sweep.measure, made_by: sweep.made_by }) });
  container.replaceChildren(...charts(sweep, own), note);
}

/**
 * Fills every <div class="scale-sweep" data-src="…"> on the page at the page's width, and redraws it after each
 * training. The build drew it already at a desktop's (scripts/prerender.mjs): if the data cannot load, the
 * problem is said after that drawing, which stays.
 */
export async function mountScaleSweeps() {
  for (const container of document.querySelectorAll('.scale-sweep[data-src]')) {
    let sweep;
    try {
      sweep = JSON.parse(await fetchText(container.dataset.src));
    } catch (error) {
      container.append(el('p', { className: 'problem', textContent: say('sweep.scale_failed', { error: error.message }) }));
      continue;
    }
    drawScaleSweep(container, sweep);
    document.addEventListener('lm-trained', ({ detail }) => {
      if (detail.validation.length) drawScaleSweep(container, sweep, detail);
    });
  }
}
