// The table lesson's rate sweep: for each network, the miss of every seed at
// every candidate learning rate, from lessons/table/data/rate_sweep.json (made
// by the native trainer, scripts/make_rate_sweep.sh). Drawn with the demos'
// chart renderer, one chart per network, each with its numbers as a table.
import { el } from './dom.js';
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

/** Draws one chart per network and the sweep's note into `container`. */
export function drawRateSweep(container, sweep) {
  const note = el('p', { className: 'help', textContent: `${sweep.measure}.${sweep.note ? ` ${sweep.note}` : ''}` });
  container.replaceChildren(...sweep.models.map((m) => chartOf(sweep, m)), note);
}

/**
 * Draws every <div class="rate-sweep" data-src="…"> on the page at the page's width. The build drew it already at a
 * desktop's (scripts/prerender.mjs): if the data cannot load, the problem is said after that drawing, which stays.
 */
export async function mountRateSweeps() {
  for (const container of document.querySelectorAll('.rate-sweep[data-src]')) {
    try {
      drawRateSweep(container, JSON.parse(await fetchText(container.dataset.src)));
    } catch (error) {
      container.append(el('p', { className: 'problem', textContent: say('sweep.failed', { error: error.message }) }));
    }
  }
}
