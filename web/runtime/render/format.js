import { format } from 'd3-format';

const general = format(',.3~g');
const whole = format(',');
const fixedFormats = new Map();  // digits -> formatter; building one parses its pattern
const fixed = (digits) => {
  if (!fixedFormats.has(digits)) fixedFormats.set(digits, format(`.${digits}f`));
  return fixedFormats.get(digits);
};

/** A table cell or a live number: 3 decimals by default, "−∞" for a masked score (null). */
export function formatValue(value, digits) {
  if (value === null) return '−∞';
  if (typeof value !== 'number') return String(value);
  if (digits !== undefined) return fixed(digits)(value);
  return Number.isInteger(value) ? whole(value) : fixed(3)(value);
}

/**
 * What a lesson's sentence shows for `name` of a result: a number (or list) formatted here, or the words the
 * core wrote for it (result.texts, core/demo/result.hpp) as they are. @returns the text, or null when it has neither
 */
export function quoteResult(result, name, digits) {
  if (name in result.numbers) return formatValue(result.numbers[name], digits);
  if (name in (result.texts ?? {})) return result.texts[name];
  return null;
}

export const formatTick = general;
