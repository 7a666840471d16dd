import { format, formatLocale } from 'd3-format';

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

// Numbers a picture writes (a chart's ticks and its table of numbers, a diagram's sizes) are written as the
// page's language writes them: "0,5" and "38 416" in French, as Intl.NumberFormat('fr') does (a narrow
// no-break space between thousands). The demos' matrices and printouts keep the program's format (formatValue).
const LOCALES = {
  fr: { decimal: ',', thousands: '\u202f', grouping: [3], currency: ['', '\u00a0€'], minus: '−' },
};
/** "en", "fr": the page's <html lang>, without a region (as strings/index.js reads it). */
export const pageLanguage = () => (globalThis.document?.documentElement.lang || 'en').toLowerCase().split('-')[0];
const locales = new Map();   // "lang specifier" -> formatter
/** d3-format's `specifier` in the page's language (English for a language without a locale here). */
export function formatIn(specifier, lang = pageLanguage()) {
  const id = `${LOCALES[lang] ? lang : 'en'} ${specifier}`;
  if (!locales.has(id)) locales.set(id, (LOCALES[lang] ? formatLocale(LOCALES[lang]).format : format)(specifier));
  return locales.get(id);
}

/** formatValue's number in the page's language: a chart's table, a picture's label. */
export function formatNumber(value, digits, lang = pageLanguage()) {
  if (value === null) return '−∞';
  if (typeof value !== 'number') return String(value);
  if (digits !== undefined) return formatIn(`.${digits}f`, lang)(value);
  return formatIn(Number.isInteger(value) ? ',' : '.3f', lang)(value);
}

/**
 * formatNumber with its `digits` and `lang` fixed, for many numbers at once (a table's thousands of cells):
 * the formatters are looked up once rather than once a number.
 */
export function numberFormat(digits, lang = pageLanguage()) {
  const fixed = formatIn(`.${digits ?? 3}f`, lang);
  const whole = digits === undefined ? formatIn(',', lang) : fixed;
  return (value) => {
    if (value === null) return '−∞';
    if (typeof value !== 'number') return String(value);
    return (Number.isInteger(value) ? whole : fixed)(value);
  };
}

/**
 * A number on a logarithmic axis, for a chart's table: formatNumber's three decimals, but a value too small for
 * them keeps three significant digits. Such an axis spans decades (the table lesson's rates from 0.0003, a seed's
 * miss of 0.00004 cm), and "0.000" there would read as zero.
 */
export function formatOnLogAxis(value, lang = pageLanguage()) {
  if (typeof value !== 'number' || value === 0 || Math.abs(value) >= 0.0005) return formatNumber(value, undefined, lang);
  return formatIn('.3~r', lang)(value);
}

/** A chart's tick in the page's language: three significant digits, trailing zeros dropped. */
export const formatTick = (value) => (pageLanguage() === 'en' ? general(value) : formatIn(',.3~g')(value));
