// The attention lesson in French (lessons/attention-fr, docs/languages.md): the page says it is French, its
// interface and the core's words are French, the numbers of its sentences are written with a decimal comma,
// and the printouts stay as the program prints them (NumPy and CPython print a point in any language).
// (Its axe and truth checks are in accessibility.test.mjs and truth.test.mjs, with every page's.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, printed, useSite } from '../support/site.mjs';
import fr from '../../web/runtime/strings/fr.js';

const site = useSite();
const text = (page, selector) => page.locator(selector).first().textContent();

test('French lesson: the page is lang="fr", and its interface and the core\'s words are in French', async () => {
  const { page, problems } = await site.open('attention-fr/');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(await page.locator('a.skip').innerText(), fr['page.skip']);
  const worked = demo(page, 'worked');
  assert.equal(await worked.locator('legend').first().innerText(), 'Un exemple détaillé : trois jetons, deux caractéristiques');
  assert.equal(await worked.getByRole('button', { name: fr['demo.reset'] }).count(), 1);
  assert.equal(await worked.getByRole('checkbox', { name: 'Diviser les scores par √d' }).count(), 1);
  // textContent: a table off screen is not drawn (web/style.css), and innerText reads only what is drawn.
  assert.ok((await worked.locator('caption').allTextContents()).some((c) => c.startsWith('Poids')), 'the tables are titled in French');
  assert.equal(await page.locator('#my-progress h2').innerText(), fr['progress.heading']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('French lesson: the numbers of the text, the tables and the charts\' ticks have a decimal comma while the printouts keep the point', async () => {
  const { page, problems } = await site.open('attention-fr/');
  // The sum of token 0's exponentials (2 decimals) and the memory of the cost demo (3), as the sentences write them.
  assert.match(await text(page, '[data-num="worked.token0_exp_sum"]'), /^\d+,\d{2}$/);
  assert.match(await text(page, '[data-num="cost.megabytes_all_heads"]'), /^\d+,\d{3}$/);
  assert.equal(await text(page, '[data-num="worked.token0_scores_text"]'), '0,707 ; 0 et 0,707');
  // The program's own output: NumPy's print, with a point.
  assert.match(await printed(page, 'worked'), /0\.707/);
  assert.doesNotMatch(await printed(page, 'worked'), /\d,\d/);
  assert.equal(await text(page, '[data-num="scaling.soft_weights"]'), '[0.09  0.245 0.665]', 'a quoted printout keeps its point');
  // The tables' numbers and the charts' ticks in French: a decimal comma, thousands grouped by a narrow space.
  assert.match(await demo(page, 'worked').locator('table.matrix td').nth(1).textContent(), /^\d,\d{3}$/);
  const ticks = async (instance) => demo(page, instance).locator('.tick text').allTextContents();
  assert.ok((await ticks('scaling')).includes('0,2'), (await ticks('scaling')).join(' | '));
  assert.ok((await ticks('q3')).includes('1\u202f000') && (await ticks('q3')).includes('2 millions'), (await ticks('q3')).join(' | '));
  // After an edit, the live number follows in French: a scale of 2.5 reads 2,500.
  await page.evaluate(() => window.attnLesson.demos.get('scaling').state.set({ scale: 2.5 }));
  await page.waitForFunction(() => document.querySelector('[data-num="scaling.scale"]').textContent === '2,500');
  assert.deepEqual(problems, []);
  await page.close();
});

// Words of the runtime's English (its tables, its pictures' labels, the style sheet's hints) that French never
// uses. A word here that the French page shows is a string the runtime wrote without its table.
const ENGLISH = /\b(?:the|and|of|with|from|your|this|these|numbers|head|heads|token|tokens|weights?|scroll|sideways|split|reads|features?|below|loading|show|hide|reset|step|steps|play|pause|back|close|made|exact|number|computed|starting|available|quite|better|rows?|columns?)\b/i;

/** Every text the page shows or says (text, labels, titles, the style sheet's ::before and ::after), except
 *  what is English by design: the printouts (pre, code), the typeset formulas, and links to English lessons. */
const shownTexts = (page) => page.evaluate(() => {
  const english = (node) => node.closest('pre, code, script, style, .katex, [lang="en"], [hreflang="en"]');
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) {
      if (!english(n.parentElement) && n.parentElement.checkVisibility() && n.textContent.trim()) texts.push(n.textContent.trim());
      continue;
    }
    if (english(n)) continue;
    for (const name of ['aria-label', 'aria-roledescription', 'title', 'placeholder', 'alt']) if (n.getAttribute(name)) texts.push(n.getAttribute(name));
    for (const pseudo of ['::before', '::after']) {
      const content = getComputedStyle(n, pseudo).content;
      if (content.startsWith('"')) texts.push(content);
    }
  }
  return texts;
});

test('French lesson: with its controls used, its panels open, a number explained and boxes scrolling on a phone, the page shows no English word of the runtime', async () => {
  const { page, problems } = await site.open('attention-fr/', { width: 390, height: 844 });
  // Each demo's first slider one step up, and each checkbox flipped, as a learner would with the keyboard.
  for (const container of await page.locator('.demo[data-instance]').all()) {
    const slider = container.locator('input[type="range"]:not([disabled])').first();
    if (await slider.count()) { await slider.focus(); await page.keyboard.press('ArrowRight'); }
    for (const box of await container.locator('input[type="checkbox"]:not([disabled])').all()) await box.click();
  }
  await page.evaluate(() => document.querySelectorAll('details:not([open]) > summary').forEach((s) => s.click()));
  // The explain panel, opened on a weight of the worked example.
  await demo(page, 'worked').locator('td.explainable').first().click();
  await demo(page, 'worked').locator('.explain-panel[data-state="shown"]:not([hidden])').waitFor();
  // A wide box says it scrolls (web/style.css's hint, from the table through page.html).
  await page.waitForFunction(() => document.querySelector('[data-scrolls]'));
  const texts = await shownTexts(page);
  assert.ok(texts.length > 200, `the page shows its text (${texts.length} pieces)`);
  assert.ok(texts.includes(`"${fr['css.scroll_more']}"`), 'the scroll hint is the French one');
  assert.deepEqual(texts.filter((t) => ENGLISH.test(t)), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('French lesson: an explanation, and each explanation its operands link to, reads in French: its name, step, words and operands, none marked as English', async () => {
  const { page, problems } = await site.open('attention-fr/');
  const panel = demo(page, 'scaling').locator('.explain-panel');
  const shown = () => demo(page, 'scaling').locator('.explain-panel[data-state="shown"]:not([hidden])').waitFor();
  // A weight of the scaling demo's table (the softmax at the learner's factor), then each of its operands in turn.
  await demo(page, 'scaling').locator('table.matrix td.explainable').last().click();
  await shown();
  const seen = [];
  const links = await panel.locator('button.explain-link').count();
  assert.ok(links >= 2, `the weight is made from its operands (${links})`);
  for (let k = 0; k <= links; ++k) {
    seen.push(await panel.innerText(), await panel.locator('.visually-hidden').allTextContents().then((t) => t.join(' ')));
    assert.equal(await panel.locator('[lang]').count(), 0, 'nothing of the panel is marked as another language');
    if (k === links) break;
    await panel.locator('button.explain-link').nth(k).click();
    await shown();
    await panel.getByRole('button', { name: fr['explain.back'] }).click();
    await shown();
  }
  // The formula is the lesson's notation (w₀, e^, Σ): the words around it are French.
  assert.deepEqual(seen.filter((t) => ENGLISH.test(t) || /\b(?:which|you|set|at|scale|factor|power|divided|sum|every)\b/.test(t)), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('French lesson: the explain panel writes the numbers of its formula, its arithmetic, its result, the exact value and the operands with a decimal comma', async () => {
  const { page, problems } = await site.open('attention-fr/');
  const panel = demo(page, 'worked').locator('.explain-panel');
  // The weight w₀₂ of the worked example: e^0.707 / (e^0.707 + e^0 + e^0.707) = 0.401 in English.
  await demo(page, 'worked').locator('table.matrix[data-name="weights"] tr').nth(1).locator('td').nth(2).click();
  await demo(page, 'worked').locator('.explain-panel[data-state="shown"]:not([hidden])').waitFor();
  assert.equal(await panel.locator('.explain-plugged').textContent(), '= e^0,707 / (e^0,707 + e^0 + e^0,707)');
  assert.equal(await panel.locator('.explain-result').innerText(), '= 0,401');
  assert.match(await panel.locator('.explain-exact code').innerText(), /^0,40\d{10,}$/, 'the exact value keeps every digit');
  assert.match(await panel.locator('.explain-operands li').first().innerText(), / = 0,707$/);
  assert.doesNotMatch(await panel.innerText(), /\d\.\d/, 'no number of the panel has a decimal point');
  assert.deepEqual(problems, []);
  await page.close();
});

test('French lesson: a formula that says words says them in French: the cost demo\'s megabytes, T × T × têtes, and the heads you set', async () => {
  const { page, problems } = await site.open('attention-fr/');
  const panel = demo(page, 'cost').locator('.explain-panel');
  const megabytes = page.locator('[data-num="cost.megabytes_all_heads"]').first();
  await megabytes.focus();
  await page.keyboard.press('Enter');
  await demo(page, 'cost').locator('.explain-panel[data-state="shown"]:not([hidden])').waitFor();
  assert.match(await panel.locator('.explain-formula').innerText(), /^T × T × têtes × 4 octets \/ 10⁶/);
  await panel.locator('button.explain-link').nth(1).click();
  assert.match(await panel.locator('.explain-formula').innerText(), /^têtes = \d+$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('French lesson: a value past a control\'s edge, typed or in a link, is refused in French, with the French numbers', async () => {
  const nbsp = '\u202f';  // Intl.NumberFormat('fr') groups thousands with a narrow no-break space
  // A link's value the demo cannot use: the link's note quotes the core's refusal, translated.
  const { page, problems } = await site.open('attention-fr/?cost.heads=65&causal.hide_key=0');
  assert.match(await demo(page, 'cost').locator('.link-problem').first().innerText(),
    /« Têtes » : la valeur est trop grande ; elle doit être comprise entre 1 et 64 \(reçu : 65\)/);
  // A combination the demo refuses (its own C++ message), with the mask's key hidden.
  assert.match(await demo(page, 'causal').locator('.link-problem').first().innerText(), /Masquer la clé 0 avec le masque causal activé laisse le jeton 0 sans rien à lire/);
  // Typed beside the control: one past the largest number of tokens.
  const cost = demo(page, 'cost');
  await cost.getByLabel('Jetons T', { exact: true }).fill('100001');
  assert.equal(await cost.locator('.control.invalid .error').innerText(),
    `« Jetons T » : la valeur est trop grande ; elle doit être comprise entre 1 et 100${nbsp}000 (reçu : 100${nbsp}001)`);
  assert.doesNotMatch(await cost.locator('.controls').innerText(), /too large|must be|got/);
  // A number past what a double holds, typed: the core's refusal quotes it as typed, in French.
  await cost.getByLabel('Jetons T', { exact: true }).fill('1e999');
  // A demo draws once a frame, so the refusal of 100001 can still be shown: wait for the one that quotes 1e999.
  assert.match(await cost.locator('.control.invalid .error', { hasText: '1e999' }).innerText(), /^« Jetons T » : la valeur est trop grande ; elle doit être un nombre entier compris entre 1 et 100\u202f000 \(reçu : « 1e999 »\)$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('French lesson: the worked example counts its keys in French at any number of tokens, and with one token speaks of one key', async () => {
  // Before: the build's table had only the preset's "three", so two tokens read "avec les two clés".
  const { page, problems } = await site.open(`attention-fr/?worked.X=${encodeURIComponent('[[1,2],[3,1]]')}`);
  const paragraph = page.locator('p', { hasText: 'Calculez le jeton 0' });
  assert.match(await paragraph.innerText(), /avec les deux clés valent/);
  const one = await site.open(`attention-fr/?worked.X=${encodeURIComponent('[[1,2]]')}`);
  const alone = await one.page.locator('p', { hasText: 'Calculez le jeton 0' }).innerText();
  assert.match(alone, /il n'y a qu'une clé, la sienne/);
  assert.doesNotMatch(alone, /produits scalaires|des scores|Leur somme/, 'one key: one dot product, one score, one weight');
  assert.deepEqual([...problems, ...one.problems], []);
});
