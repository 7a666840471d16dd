// The pages stay true while the learner edits (issue 9): on every page and for
// every demo instance, at its preset and at many random valid parameter sets,
//   - what the page shows is the core's result for the demo's state,
//   - every live number in the text is the core's number for that state, written as the lesson writes
//     numbers (formatted here, not by the page's own formatter), and every quoted word is the core's,
//   - every claim phrase shown is the one the core's claim picks, and only that one,
//   - every paragraph written for the preset says so exactly when the demo is off it;
// and Reset brings the state, the controls, the output, the pictures and the URL back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtLessons, demo, printed, useSite } from '../support/site.mjs';
import { randomChanges, seededRandom } from '../support/random-params.mjs';
import { coreWords } from '../../web/runtime/strings/core-words.js';
import en from '../../web/runtime/strings/en.js';
import fr from '../../web/runtime/strings/fr.js';

const site = useSite();
const PAGES = builtLessons();
const SAMPLES = 50;  // random parameter sets per demo instance (issue 9: at least 50)
// A translated lesson runs the demos of its original, sampled there: here its numbers' and words' writing is checked.
const SAMPLES_TRANSLATED = 10;
const RUNTIME_WORDS = { en, fr };

/** The page's language and its table of the core's words (the build writes it into the page: strings/language.js). */
const languageOf = (page) => page.evaluate(() => ({
  lang: document.documentElement.lang, table: JSON.parse(document.getElementById('core-words')?.textContent ?? '{}'),
}));

/** Each instance on the open page: {instance, demo id, declarations}. */
const instancesOf = (page) => page.evaluate(() => [...window.attnLesson.demos.values()].map((v) => {
  const id = v.container.dataset.demo;
  return { instance: v.instance, id, params: window.attnLesson.core.demos.get(id).params };
}));

/**
 * Applies each change set to `instance` in turn (the first is the preset) and
 * returns what the page shows after each: the state, the core's own answer for
 * it, the result on screen, and the prose that quotes it.
 */
function showEach(page, instance, changeSets) {
  return page.evaluate(({ instance, changeSets }) => {
    const { demos, core, writeAll } = window.attnLesson;
    const view = demos.get(instance);
    const prefix = `${instance}.`;
    const mine = (attribute) => [...document.querySelectorAll(`[${attribute}^="${CSS.escape(prefix)}"]`)]
      .filter((node) => !node.closest('[data-defaults]'));
    return changeSets.map((changes, k) => {
      if (k === 0) view.state.reset(); else view.state.set(changes);
      view.refresh();
      writeAll(); // the sentences far from the screen too, which the page writes once idle
      return {
        values: view.state.values,
        isPreset: view.state.isPreset(),
        direct: core.run(view.container.dataset.demo, view.state.values),
        shown: view.shownResult(),
        numbers: mine('data-num').map((n) => ({ name: n.dataset.num.slice(prefix.length), digits: n.dataset.digits, text: n.textContent })),
        claims: mine('data-claim').map((n) => ({ name: n.dataset.claim.slice(prefix.length), is: n.dataset.is, hidden: n.hidden })),
        notes: [...document.querySelectorAll(`.defaults-note[data-for="${CSS.escape(instance)}"]`)].map((n) => n.hidden),
      };
    });
  }, { instance, changeSets });
}

/**
 * A number as a lesson's sentence writes it, from the core's value: whole numbers with thousands commas,
 * others with `digits` decimals (3 unless the sentence says), a minus sign (−) unless it rounds to zero,
 * "−∞" for a masked score. Written here rather than taken from the page, so a wrong formatter fails.
 */
function lessonText(value, digits, lang = 'en') {
  if (value === null) return '−∞';
  if (typeof value !== 'number') return String(value);
  const decimals = digits ?? (Number.isInteger(value) ? 0 : 3);
  const magnitude = lang === 'en' && digits === undefined && Number.isInteger(value)
    ? Math.abs(value).toLocaleString('en') : lang === 'en' ? Math.abs(value).toFixed(decimals)
      : Math.abs(value).toLocaleString(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return (value < 0 && /[1-9]/.test(magnitude) ? '−' : '') + magnitude;
}

/**
 * What the sentence quoting `name` shows for the core's `result`: its number, its words (in a translated page,
 * through the page's table of the core's words), or — when it has neither.
 */
function expectedQuote(result, name, digits, language = { lang: 'en' }) {
  if (name in result.numbers) return lessonText(result.numbers[name], digits, language.lang);
  const text = result.texts?.[name];
  if (text === undefined) return '—';
  return language.lang === 'en' ? text : coreWords(language.lang, language.table)(text);
}

/** @returns how many sentences' numbers and phrases were compared */
function checkShown(where, s, language) {
  const quoted = ({ numbers, texts, claims }) => ({ numbers, texts, claims });
  if (s.direct.ok) assert.deepEqual(quoted(s.shown), quoted(s.direct.result), `${where}: the page shows the core's result for its state`);
  const answer = s.direct.ok ? s.direct.result : s.shown;  // refused: the page keeps the last result the core gave
  for (const n of s.numbers) {
    const expected = expectedQuote(answer, n.name, n.digits === undefined ? undefined : Number(n.digits), language);
    assert.equal(n.text, expected, `${where}: the number ${n.name}`);
  }
  for (const c of s.claims) {
    assert.equal(c.hidden, s.shown.claims?.[c.name] !== c.is, `${where}: the phrase for ${c.name} = "${c.is}" (the core says "${s.shown.claims?.[c.name]}")`);
  }
  for (const hidden of s.notes) assert.equal(hidden, s.isPreset, `${where}: the "written for the preset" note`);
  return s.numbers.length + s.claims.length;
}

for (const slug of PAGES) {
  test(`${slug} page: at every preset and at ${SAMPLES} random settings per demo, every sentence agrees with the demo`, async () => {
    const { page, problems } = await site.open(`${slug}/`);
    const instances = await instancesOf(page);
    assert.ok(instances.length > 0);
    const language = await languageOf(page);
    const samples = language.lang === 'en' ? SAMPLES : SAMPLES_TRANSLATED;
    let compared = 0;
    for (const [k, { instance, params }] of instances.entries()) {
      const random = seededRandom(1000 * PAGES.indexOf(slug) + k);
      const changeSets = [{}, ...Array.from({ length: samples }, () => randomChanges(random, params))];
      const shown = await showEach(page, instance, changeSets);
      for (const [i, s] of shown.entries()) compared += checkShown(`${slug} ${instance} #${i} ${JSON.stringify(s.values)}`, s, language);
    }
    // Every live sentence of the page belongs to one of its demos, so each was compared at every setting.
    const live = await page.evaluate(() => document.querySelectorAll('[data-num], [data-claim]').length
      - document.querySelectorAll('[data-defaults] [data-num], [data-defaults] [data-claim]').length);
    assert.ok(live > 0, `${slug}: the lesson quotes its demos`);
    assert.equal(compared, live * (samples + 1), `${slug}: every live number and phrase was compared at each setting`);
    assert.deepEqual(problems, []);
  });
}

/** What a learner sees of a demo's controls: every input's value and every box's tick. */
const controlsOf = (page, instance) => demo(page, instance).locator('form.controls').evaluate((form) =>
  [...form.querySelectorAll('input, select')].map((input) => (input.type === 'checkbox' ? input.checked : input.value)));

for (const slug of PAGES) {
  test(`${slug} page: after edits and moves in every demo, Reset returns the state, the controls, the output and the URL to the preset`, async () => {
    const { page, problems } = await site.open(`${slug}/`);
    const instances = await instancesOf(page);
    const reset = RUNTIME_WORDS[(await languageOf(page)).lang]['demo.reset'];
    for (const [k, { instance, params }] of instances.entries()) {
      // A knowledge check's demo sits in its explanation: open it, as the learner would.
      await demo(page, instance).evaluate((node) => { const d = node.closest('details'); if (d) d.open = true; });
      // A demo with nothing to change has no Reset (the table comparison).
      const button = demo(page, instance).getByRole('button', { name: reset });
      assert.equal(await button.count(), params.length ? 1 : 0, `${instance}: a Reset if and only if it has settings`);
      if (!params.length) continue;
      const before = { printed: await printed(page, instance), controls: await controlsOf(page, instance) };
      const random = seededRandom(7000 + k);
      await page.evaluate(({ instance, changes }) => window.attnLesson.demos.get(instance).state.set(changes),
        { instance, changes: randomChanges(random, params) });
      // A move in the picture, as the learner makes it: focus a draggable thing, press an arrow key.
      const movable = demo(page, instance).locator('.object, .robot').first();
      if (await movable.count()) {
        await movable.focus();
        await page.keyboard.press('ArrowRight');
      }
      // Reset once the page shows the changes: the output is of the changed settings, or the demo says why not.
      await page.waitForFunction((name) => {
        const v = window.attnLesson.demos.get(name);
        return JSON.stringify(v.shownParams()) === JSON.stringify(v.state.values) || v.container.querySelector(':scope > .status').textContent !== '';
      }, instance);
      await button.click();
      // Reset reruns on the next frame and writes the URL once changes pause: wait for both.
      await page.waitForFunction((name) => {
        const v = window.attnLesson.demos.get(name);
        const inUrl = [...new URLSearchParams(location.search).keys()].some((key) => key.startsWith(`${name}.`));
        return !inUrl && JSON.stringify(v.shownParams()) === JSON.stringify(v.state.preset);
      }, instance);
      const state = await page.evaluate((name) => {
        const v = window.attnLesson.demos.get(name);
        return { values: v.state.values, preset: v.state.preset };
      }, instance);
      assert.deepEqual(state.values, state.preset, `${instance}: the state is the preset again`);
      assert.equal(await printed(page, instance), before.printed, `${instance}: the output is the preset's`);
      assert.deepEqual(await controlsOf(page, instance), before.controls, `${instance}: the controls show the preset`);
    }
    assert.deepEqual(problems, []);
  });
}

test('table page: after a drag, a new scene or object count brings that scene\'s own objects, with no error', async () => {
  const { page, problems } = await site.open('table/');
  const lab = demo(page, 'lab');
  await lab.locator('.object').first().focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.attnLesson.demos.get('lab').state.values.positions.length === 4);
  for (const [label, value] of [['Scene', '3'], ['Objects on the table', '6'], ['Scene', '11'], ['Objects on the table', '1']]) {
    await lab.getByLabel(label, { exact: true }).fill(value);
    await page.waitForFunction(() => {
      const v = window.attnLesson.demos.get('lab');
      return JSON.stringify(v.shownParams()) === JSON.stringify(v.state.values);
    });
    assert.equal(await lab.locator('.status').textContent(), '', `no error after ${label} = ${value}`);
    const shown = await page.evaluate(() => {
      const v = window.attnLesson.demos.get('lab');
      return { values: v.state.values, objects: v.shownResult().figures[0].objects.length };
    });
    assert.deepEqual(shown.values.positions, [], `after ${label} = ${value} the scene's own places are used`);
    assert.equal(shown.values.request, 'scene', `after ${label} = ${value} the request is the scene's own`);
    assert.equal(shown.objects, shown.values.objects, 'one drawn object per object on the table');
  }
  assert.deepEqual(problems, []);
});
