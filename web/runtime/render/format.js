import { format } from 'd3-format';

const fixed3 = format('.3f');
const general = format(',.3~g');

/** A table cell or a live number: 3 decimals by default, "−∞" for a masked score (null). */
export function formatValue(value, digits) {
  if (value === null) return '−∞';
  if (typeof value !== 'number') return String(value);
  if (digits !== undefined) return format(`.${digits}f`)(value);
  return Number.isInteger(value) ? format(',')(value) : fixed3(value);
}

export const formatTick = general;
