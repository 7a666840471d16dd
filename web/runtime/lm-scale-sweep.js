// Why scale matters: the language model's validation loss against the steps for each size, and
// against the parameter count at the last step, from lessons/lm/data/scale_sweep.json (made by the
// native trainer, scripts/make_lm_scale_sweep.sh). Drawn with the demos' chart renderer, each chart
// with its numbers as a table; a training in the page (lm-train-panel.js's 'lm-trained' event) adds
// the learner's own run to both.
import { renderChart } from './render/charts.js';
import { fetchText } from './lesson-files.js';

const count = (n) => n.toLocaleString('en');
const sizeName = (r) => `${count(r.parameters)} parameters (${r.layers} ${r.layers === 1 ? 'block' : 'blocks'}, width ${r.width})`;

function charts(sweep, own) {
  const runs = own ? [...sweep.runs, own] : sweep.runs;
  const name = (r) => (r === own ? `your run: ${sizeName(r)}` : sizeName(r));
  const bySteps = renderChart({
    name: 'lm-scale-steps', title: 'Validation loss as the steps go by, one line per size',
    x_label: 'step', y_label: 'validation loss [nats per character]', log_x: false,
    series: runs.map((r) => ({ name: name(r), x: r.validation.map((p) => p[0]), y: r.validation.map((p) => p[1]) })),
  });
  const last = (r) => r.validation.at(-1);
  const bySize = renderChart({
    name: 'lm-scale-size', title: `Validation loss after ${count(sweep.steps)} steps against the parameter count`,
    x_label: 'parameters', y_label: 'validation loss [nats per character]', log_x: true,
    series: [{ name: 'the sweep', x: sweep.runs.map((r) => r.parameters), y: sweep.runs.map((r) => last(r)[1]) },
      ...(own ? [{ name: `your run (after ${count(last(own)[0])} steps)`, x: [own.parameters], y: [last(own)[1]] }] : [])],
  });
  return [bySteps, bySize];
}

/** Fills every <div class="scale-sweep" data-src="…"> on the page, and redraws it after each training. */
export async function mountScaleSweeps() {
  for (const container of document.querySelectorAll('.scale-sweep[data-src]')) {
    let sweep;
    try {
      sweep = JSON.parse(await fetchText(container.dataset.src));
    } catch (error) {
      container.replaceChildren(Object.assign(document.createElement('p'), { className: 'problem', textContent: `The scale chart could not load (${error.message}).` }));
      continue;
    }
    const note = Object.assign(document.createElement('p'), { className: 'help', textContent: `${sweep.measure}; made by ${sweep.made_by}.` });
    container.replaceChildren(...charts(sweep, null), note);
    document.addEventListener('lm-trained', ({ detail }) => {
      if (detail.validation.length) container.replaceChildren(...charts(sweep, detail), note);
    });
  }
}
