// The figure kinds the page draws, checked against their one declaration (core/demo/figure_kinds.json),
// which the core's tests hold its results to as well: a figure of another kind, or one missing a field,
// is a mismatch between the core and the page, shown as an error rather than silently left out.
import declared from '../../../core/demo/figure_kinds.json' with { type: 'json' };
import { say } from '../strings/index.js';

const typeOf = (value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** @returns why `figure` is not one the page can draw, in words, or null when it is */
export function figureProblem(figure, kinds = declared.kinds) {
  const fields = kinds[figure?.kind];
  if (!fields) return say('render.unknown_kind', { kind: figure?.kind });
  const wrong = Object.entries(fields).filter(([name, type]) => typeOf(figure[name]) !== type).map(([name]) => name);
  return wrong.length ? say('render.missing_fields', { kind: figure.kind, fields: wrong.join(', ') }) : null;
}

export const FIGURE_KINDS = Object.keys(declared.kinds);
