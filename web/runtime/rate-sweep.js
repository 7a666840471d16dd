// The table lesson's rate sweep: for each network, the miss of every seed at
// every candidate learning rate, from lessons/table/data/rate_sweep.json (made
// by the native trainer, scripts/make_rate_sweep.sh). Drawn with the demos'
// chart renderer, one chart per network, each with its numbers as a table.
import { renderChart } from './render/charts.js';
import { fetchText } from './lesson-files.js';
import { say } from './strings/index.js';

function chartOf(sweep, model) {
  const seeds = model.runs[0].misses_cm.length;
  const series = Array.from({ length: seeds }, (_, seed) => ({
    name: say('sweep.seed', { seed }),
    x: model.runs.map((r) => r.rate),
    y: model.runs.map((r) => r.misses_cm[seed]),
  }));
  return renderChart({
    name: `sweep-${model.model}`,
    title: say('sweep.title', { model: model.model, rate: model.chosen_rate }),
    x_label: say('sweep.x'), y_label: say('sweep.y'), log_x: true, log_y: true, series,
  });
}

/** Fills every <div class="rate-sweep" data-src="…"> on the page. */
export async function mountRateSweeps() {
  for (const container of document.querySelectorAll('.rate-sweep[data-src]')) {
    try {
      const sweep = JSON.parse(await fetchText(container.dataset.src));
      const note = Object.assign(document.createElement('p'), { className: 'help', textContent: `${sweep.measure}.${sweep.note ? ` ${sweep.note}` : ''}` });
      container.replaceChildren(...sweep.models.map((m) => chartOf(sweep, m)), note);
    } catch (error) {
      container.replaceChildren(Object.assign(document.createElement('p'), { className: 'problem', textContent: say('sweep.failed', { error: error.message }) }));
    }
  }
}
