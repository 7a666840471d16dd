// The figure kinds the page draws, checked against their one declaration (core/demo/figure_kinds.json),
// which the core's tests hold its results to as well: a figure of another kind, or one missing a field,
// is a mismatch between the core and the page, shown as an error rather than silently left out.
import declared from '../../../core/demo/figure_kinds.json' with { type: 'json' };

const typeOf = (value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** @returns why `figure` is not one the page can draw, in words, or null when it is */
export function figureProblem(figure, kinds = declared.kinds) {
  const fields = kinds[figure?.kind];
  if (!fields) return `the core sent a picture of a kind this page does not know (“${figure?.kind}”)`;
  const wrong = Object.entries(fields).filter(([name, type]) => typeOf(figure[name]) !== type).map(([name]) => name);
  return wrong.length ? `the core sent a ${figure.kind} picture without ${wrong.join(', ')} as declared` : null;
}

export const FIGURE_KINDS = Object.keys(declared.kinds);
