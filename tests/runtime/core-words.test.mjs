// The core's English words in another language (web/runtime/strings/core-words.js, docs/languages.md): a key is
// the English text with each number replaced by {}, and the numbers come back written as the language writes
// them, every digit kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreWords, formatNumberIn, keyOf, needsWords, notationIn, skeleton } from '../../web/runtime/strings/core-words.js';

const NNBSP = '\u202f'; // French groups thousands with a narrow no-break space (Intl.NumberFormat('fr'))

test('core words: a text\'s key replaces every number, grouped, signed or in scientific notation, by {}', () => {
  assert.deepEqual(skeleton('Head 2 of 38,416 scores, −0.5 to 1e+06'), { key: 'Head {} of {} scores, {} to {}', numbers: ['2', '38,416', '−0.5', '1e+06'] });
  assert.equal(keyOf('“Tokens T” is too small (got "abc"): at least 2'), '“{q}” is too small (got "{s}"): at least {}');
  assert.equal(needsWords('[{}, {}]'), false);
  assert.equal(needsWords('{}, {} and {}'), false, 'a list of numbers needs no key');
  assert.equal(needsWords('Head {}'), true);
});

test('core words: a translated text gets its numbers back in French, every digit kept', () => {
  const words = coreWords('fr', { 'Head {} weights': 'Poids de la tête {}', 'Total {}': 'Total {}' });
  assert.equal(words('Head 2 weights'), 'Poids de la tête 2');
  assert.equal(words('Total 38416.25'), `Total 38${NNBSP}416,25`);
  assert.equal(words('Never translated'), 'Never translated', 'a text with no key stays readable in English');
  assert.equal(words('[0.09  0.245 0.665]'), '[0.09  0.245 0.665]', 'a printout is quoted as the program printed it');
});

test('core words: a refusal\'s label is translated on its own and what the learner typed is kept', () => {
  const words = coreWords('fr', { 'Divisor': 'Diviseur', '“{q}” must be a number (got "{s}")': '« {q} » doit être un nombre (reçu "{s}")' });
  assert.equal(words('“Divisor” must be a number (got "1,5")'), '« Diviseur » doit être un nombre (reçu "1,5")');
});

test('core words: a list of numbers is joined as the language joins a list', () => {
  const words = coreWords('fr', { '{list}': '{items} et {last}', '{item}': ' ; ' });
  assert.equal(words('1.5, 2 and 3'), '1,5 ; 2 et 3');
  assert.equal(words('[0.5, 1]'), '[0,5 ; 1]');
});

test('core words: notation keeps indices and puts the language\'s separator between max\'s arguments', () => {
  assert.equal(notationIn('fr', { '{item}': ' ; ' })('max(0.5, w₀₂) = 1234.5'), `max(0,5 ; w₀₂) = 1${NNBSP}234,5`);
  assert.equal(notationIn('en')('max(0.5, 1)'), 'max(0.5, 1)');
});

test('core words: a sentence\'s number in French has the decimals asked for, a minus sign only when not zero', () => {
  assert.equal(formatNumberIn('fr', 0.6652), '0,665');
  assert.equal(formatNumberIn('fr', -0.0001, 2), '0,00');
  assert.equal(formatNumberIn('fr', -2.5, 1), '−2,5');
  assert.equal(formatNumberIn('fr', null), '−∞');
});
