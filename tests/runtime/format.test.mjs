// Numbers as the page writes them (web/runtime/render/format.js): a program's format for the demos' cells,
// the page's language for pictures. French expectations come from Intl.NumberFormat('fr') (a narrow no-break
// space between thousands, a decimal comma), English ones from the lesson's printed numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatIn, formatNumber, formatOnLogAxis, formatValue, numberFormat, quoteResult } from '../../web/runtime/render/format.js';

test('format: a cell has three decimals unless whole, a whole number has thousands commas, a masked score is −∞', () => {
  assert.equal(formatValue(0.66524), '0.665');
  assert.equal(formatValue(38416), '38,416');
  assert.equal(formatValue(0.5, 1), '0.5');
  assert.equal(formatValue(2, 2), '2.00');
  assert.equal(formatValue(null), '−∞');
  assert.equal(formatValue('n/a'), 'n/a');
});

test('format: a picture\'s number in French is written as Intl writes French', () => {
  const fr = new Intl.NumberFormat('fr');
  assert.equal(formatNumber(38416, undefined, 'fr'), fr.format(38416));
  assert.equal(formatNumber(0.5, 1, 'fr'), new Intl.NumberFormat('fr', { minimumFractionDigits: 1 }).format(0.5));
  assert.equal(formatNumber(0.5, 1, 'en'), '0.5');
  assert.equal(formatIn(',.3~g', 'de')(0.5), '0.5', 'a language with no locale here is written as English');
  assert.equal(formatIn(',.3~g', 'fr')(0.5), '0,5');
});

test('format: a sentence quotes a number formatted, the core\'s words as they are, and nothing it lacks', () => {
  const result = { numbers: { miss_cm: 0.0712, count: 12000 }, texts: { verdict: 'well under a millimetre' } };
  assert.equal(quoteResult(result, 'miss_cm', 2), '0.07');
  assert.equal(quoteResult(result, 'count'), '12,000');
  assert.equal(quoteResult(result, 'verdict'), 'well under a millimetre');
  assert.equal(quoteResult(result, 'other'), null);
});

test('format: a table\'s formatter, fetched once, writes each number as formatNumber does, in each language', () => {
  const values = [0, 1, -1, 12000, 0.5, -0.0004, 2.71828, -1234.5678, null, 'n/a'];
  for (const lang of ['en', 'fr', 'de']) {
    for (const digits of [undefined, 3, 1]) {
      const format = numberFormat(digits, lang);
      assert.deepEqual(values.map(format), values.map((v) => formatNumber(v, digits, lang)), `${lang}, ${digits} digits`);
    }
  }
});

test('format: on a logarithmic axis a value too small for three decimals keeps three significant digits, never "0.000"', () => {
  // The table lesson's rate sweep (lessons/table/data/rate_sweep.json): its smallest rate and one seed's miss.
  assert.equal(formatOnLogAxis(0.0003, 'en'), '0.0003');
  assert.equal(formatOnLogAxis(3.99e-5, 'en'), '0.0000399');
  assert.equal(formatOnLogAxis(0.0003, 'fr'), '0,0003');
  assert.equal(formatOnLogAxis(0.129, 'en'), formatNumber(0.129, undefined, 'en'), 'three decimals where they show the value');
  assert.equal(formatOnLogAxis(36.15485, 'en'), '36.155');
});
