// Turns one demo result (see core/result.hpp) into page content.
import { renderTable } from './tables.js';
import { renderChart } from './charts.js';
import { renderHeadSplit } from './head-split.js';
import { formatValue } from './format.js';

const figureRenderers = { head_split: renderHeadSplit };

/** Fills the demo's output area: printed lines, then tables, charts and pictures. */
export function renderResult(output, result) {
  const printed = document.createElement('pre');
  printed.className = 'printed';
  printed.textContent = result.printed.join('\n');
  printed.setAttribute('aria-label', 'What the program prints');
  const tables = document.createElement('div');
  tables.className = 'tables';
  tables.append(...result.tables.map(renderTable));
  output.replaceChildren(
    printed, tables,
    ...result.charts.map(renderChart),
    ...result.figures.filter((f) => figureRenderers[f.kind]).map((f) => figureRenderers[f.kind](f)),
  );
}

/** Updates every sentence on the page that quotes a number of this instance. */
export function renderNumbers(instance, numbers) {
  for (const span of document.querySelectorAll(`[data-num^="${instance}."]`)) {
    const name = span.dataset.num.slice(instance.length + 1);
    if (!(name in numbers)) continue;
    const digits = span.dataset.digits === undefined ? undefined : Number(span.dataset.digits);
    span.textContent = formatValue(numbers[name], digits);
  }
}
