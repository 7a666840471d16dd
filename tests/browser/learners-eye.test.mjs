// The learner's-eye test (issue 19, docs/learners-eye.md): every demo instance on every lesson page of the
// built site, at 1280 and 390 px, operated as a person operates it (each editor button, sliders by arrow
// keys, number boxes by typing, every option of each select, checkboxes, pictures by keyboard and pointer,
// every panel opened), and after each step a look at what is shown (tests/support/learners-eye-look.js):
// editors that show the state's shape and values, nothing clipped, pictures' words tall enough to read, a mark
// for every legend entry, and sentences with no placeholder and no "1 objects".
//
// In the test command it is sampled so that it stays small: each control is worked at one of the two widths
// (they take turns down the page), each number at its slider's ends and one step back, or typed at its bounds
// and one seeded value between; each button once, one grid box; the program and training panels at phone
// width. LEARNERS_EYE=full (scripts/learners-eye-full.sh) works every control at both widths, every slider
// position, and more typed values: minutes rather than seconds.
// Each page and width runs in a browser context of its own (nothing kept is shared), several side by side.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { builtLessons, demo, pageLanguage } from '../support/site.mjs';
import { serveFolder } from '../support/server.mjs';
import { launchBrowser, openPage, writesDrawn } from '../support/browser.mjs';
import { ROOT } from '../support/core.mjs';
import { seededRandom } from '../support/random-params.mjs';

const FULL = process.env.LEARNERS_EYE === 'full';
const WIDTHS = [['1280', { width: 1280, height: 900 }], ['390', { width: 390, height: 844 }]];
const LOOK = path.join(ROOT, 'tests/support/learners-eye-look.js');
const TYPED_BETWEEN = FULL ? 5 : 1;   // seeded values typed into a number box besides its bounds
const SLIDER_POSITIONS = 60;          // the full sweep's most slider steps, from Home by ArrowRight
const SIDE_BY_SIDE = Number(process.env.LEARNERS_EYE_PAGES ?? 4); // pages worked at once

/** A value between a number's bounds, on its step, drawn by `random`; near the lower bound when the range is huge. */
function between(decl, random) {
  const step = decl.step || (decl.type === 'integer' ? 1 : 0);
  const hi = Math.min(decl.max, decl.min + 200 * (step || 1));
  const x = decl.min + random() * (hi - decl.min);
  const snapped = step ? decl.min + Math.round((x - decl.min) / step) * step : x;
  return Number(Math.min(hi, snapped).toPrecision(4));
}

/**
 * Works one demo instance and returns what was found wrong, each as "INSTANCE, after STEP: FINDING".
 * `mine()`, asked once for each control, the picture and Embed in page order, says whether this width works it
 * (the widths take turns; both work everything in the full sweep); `panels`, whether it opens the program and
 * training panels.
 */
async function operateDemo(page, instance, random, { mine, panels }) {
  const found = new Map();  // finding -> the first step it was seen after
  const box = demo(page, instance);
  const step = async (label, action) => {
    await action();
    for (const f of await page.evaluate((i) => window.learnersEye.look(i), instance)) if (!found.has(f)) found.set(f, label);
  };
  // A demo inside a closed question is opened, as the learner opens the question to use it, and so is every
  // picture's table of numbers, so that the look reads them at every step.
  await step('opening the page', () => box.evaluate((d) => {
    for (let n = d; n; n = n.parentElement) if (n.tagName === 'DETAILS') n.open = true;
    for (const numbers of d.querySelectorAll('figure details.chart-data')) numbers.open = true;
  }));
  const declarations = await page.evaluate((i) => {
    const view = window.attnLesson.demos.get(i);
    return window.attnLesson.core.demos.get(view.container.dataset.demo).params;
  }, instance);
  const more = box.locator('details.more-settings > summary');
  if (await more.count()) await step('opening "More settings"', () => more.click());
  const reset = box.getByRole('button', { name: 'Reset to the lesson\'s values' });

  for (const decl of declarations) {
    if (!mine()) continue;
    const control = box.locator('form.controls .control').filter({ has: page.locator(`label:text-is(${JSON.stringify(decl.label)})`) });
    if (!(await control.count()) || await control.locator('input:disabled, select:disabled').count()) continue; // a picture's, hidden or locked
    const what = `"${decl.label}"`;
    if (decl.type === 'number' || decl.type === 'integer') {
      const slider = control.locator('input[type="range"]');
      if (await slider.count()) {
        await slider.focus();
        await step(`${what} slider to its start (Home)`, () => page.keyboard.press('Home'));
        if (FULL) {
          const positions = await slider.evaluate((s) => Math.round((Number(s.max) - Number(s.min)) / (Number(s.step) || 1)));
          for (let p = 1; p <= Math.min(positions, SLIDER_POSITIONS); ++p) await step(`${what} slider ${p} steps from its start`, () => page.keyboard.press('ArrowRight'));
        }
        await step(`${what} slider to its end (End)`, () => page.keyboard.press('End'));
        await step(`${what} slider one step back (ArrowLeft)`, () => page.keyboard.press('ArrowLeft'));
      }
      const input = control.locator('input.num');
      const bounded = decl.min !== undefined && decl.max !== undefined;
      const values = bounded
        ? [...(await slider.count() && !FULL ? [] : [decl.min, decl.max]), ...Array.from({ length: TYPED_BETWEEN }, () => between(decl, random))]
        : [decl.default + 1];
      for (const v of values) await step(`typing ${v} into ${what}`, () => input.fill(String(v)));
    } else if (decl.type === 'boolean') {
      const check = control.locator('input[type="checkbox"]');
      await step(`${decl.default ? 'unticking' : 'ticking'} ${what}`, () => check.click());
    } else if (decl.type === 'choice') {
      const select = control.locator('select');
      for (const option of await select.locator('option').evaluateAll((os) => os.map((o) => o.value))) {
        await step(`choosing "${option}" in ${what}`, () => select.selectOption(option));
      }
    } else if (decl.type === 'vector' || decl.type === 'matrix') {
      for (const name of await control.locator('.grid-buttons button:enabled').evaluateAll((bs) => bs.map((b) => b.textContent))) {
        const button = control.getByRole('button', { name, exact: true });
        if (await button.isEnabled()) await step(`"${name}" under ${what}`, () => button.click());
      }
      const cells = control.locator('table.grid-editor input');
      const count = await cells.count();
      for (const c of FULL ? [...Array(count).keys()] : [Math.floor(random() * count)]) {
        const cell = cells.nth(c);
        const v = decl.min !== undefined && decl.max !== undefined ? between(decl, random) : Math.round(random() * 40 - 20) / 10;
        await step(`typing ${v} into ${await cell.getAttribute('aria-label') ?? what}`, () => cell.fill(String(v)));
      }
    }
    await step(`Reset after ${what}`, () => reset.click());
  }

  // A picture with things to move: its one tab stop, arrow keys, N for the next object, then a drag.
  const object = box.locator('svg [tabindex="0"]').first();
  if (mine() && await object.count()) {
    await object.focus();
    await step('an arrow key on the picture', () => page.keyboard.press('ArrowRight'));
    await step('N, then an arrow key on the picture', async () => { await page.keyboard.press('n'); await page.keyboard.press('ArrowUp'); });
    const at = await box.locator('svg [tabindex="0"]').first().boundingBox();
    if (at) {
      await step('dragging an object of the picture', async () => {
        await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
        await page.mouse.down();
        await page.mouse.move(at.x + at.width / 2 + 25, at.y + at.height / 2 + 15, { steps: 3 });
        await page.mouse.up();
      });
    }
    await step('Reset after the picture', () => reset.click());
  }

  // The panels a demo carries: pretrained weights on request, the program, training, embedding.
  const weights = box.locator('button.load-weights');
  if (await weights.count() && panels) {
    await step('loading the weights on request', async () => {
      await weights.click();
      await page.waitForFunction((i) => !document.querySelector(`.demo[data-instance="${i}"] button.load-weights:not([hidden])`)
        || /loaded|could not/.test(document.querySelector(`.demo[data-instance="${i}"]`).innerText), instance);
    });
  }
  const program = box.locator('details.program');
  if (await program.count() && panels) {
    await step('opening "Edit and run the program" and running it', async () => {
      await program.locator(':scope > summary').click();
      await page.waitForFunction((i) => document.querySelector(`.demo[data-instance="${i}"] details.program`).dataset.ready === 'true', instance, { timeout: 30000 });
      await program.getByRole('button', { name: 'Run', exact: true }).click();
      await page.waitForFunction((i) => {
        const d = document.querySelector(`.demo[data-instance="${i}"] details.program`);
        return d.querySelector('.program-stop').disabled && d.querySelector('.program-printout').textContent !== '';
      }, instance, { timeout: 30000 });
    });
    await step('closing the program', () => program.locator(':scope > summary').click());
  }
  const train = box.getByRole('button', { name: 'Train in your browser' });
  if (await train.count() && panels) {
    // One epoch (the table's networks) or 20 steps (the language model), so that the run is short.
    const epochs = box.getByLabel('Epochs (0: the lesson\'s choice)', { exact: true });
    const [setting, value, what] = await epochs.count() ? [epochs, '1', 'one epoch'] : [box.getByLabel('Steps', { exact: true }), '20', '20 steps'];
    await step(`training ${what} in the browser`, async () => {
      await setting.fill(value);
      await train.click();
      await page.waitForFunction((i) => {
        const d = document.querySelector(`.demo[data-instance="${i}"]`);
        return !d.querySelector('button.train').disabled && d.querySelector('.train-status').textContent !== '';
      }, instance, { timeout: 60000 });
    });
    await step('Reset after training', () => reset.click());
  }
  const embed = box.getByRole('button', { name: 'Embed', exact: true });
  if (mine() && await embed.count()) {
    await step('opening "Embed"', () => embed.click());
    await step('closing "Embed"', () => embed.click());
  }
  // "I tried this" follows the demo (and its C++ source, when shown).
  const tried = box.locator('xpath=following-sibling::label[contains(concat(" ", @class, " "), " tried ")][1]').locator('input[type="checkbox"]');
  // Ticked once the page is still, as a learner reads before ticking: brought near the screen, a picture written
  // late (render/write-soon.js) can take another height and move the box from under a click made at once.
  if (await tried.count()) {
    await step('ticking "I tried this"', async () => {
      await tried.scrollIntoViewIfNeeded();
      await writesDrawn(page);
      await tried.check();
    });
  }
  return [...found].map(([finding, afterStep]) => `${instance}, after ${afterStep}: ${finding}`);
}

/**
 * What each demo of `page` shows with every fold of it open (the question around it, "More settings", the program,
 * a picture's numbers) and with its embed code shown, as the look reads it.
 */
async function lookOpened(page) {
  const found = [];
  for (const instance of await page.locator('.demo[data-demo]').evaluateAll((ds) => ds.map((d) => d.dataset.instance))) {
    const box = demo(page, instance);
    await box.evaluate((d) => {
      for (let n = d; n; n = n.parentElement) if (n.tagName === 'DETAILS') n.open = true;
      for (const fold of d.querySelectorAll('details')) fold.open = true;
    });
    const embed = box.getByRole('button', { name: 'Embed', exact: true });
    if (await embed.count()) await embed.click();
    for (const f of await page.evaluate((i) => window.learnersEye.look(i), instance)) found.push(`${instance}: ${f}`);
  }
  return found;
}

const site = { server: null, browser: null };
before(async () => {
  site.server = await serveFolder(path.join(ROOT, 'site'));
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  site.server?.close();
});

describe('learner\'s eye', { concurrency: SIDE_BY_SIDE }, () => {
  // The look reads English (support/learners-eye-look.js); a translated page is checked by its own test (french-lesson.test.mjs).
  for (const slug of builtLessons().filter((s) => pageLanguage(s) === 'en')) {
    WIDTHS.forEach(([width, viewport], w) => {
      test(`${slug} at ${width} px: every control, picture and panel of every demo shows the state, fits its width and reads as English`, async () => {
        const context = await site.browser.newContext();
        try {
          const { page, problems } = await openPage(context, `${site.server.url}${slug}/`, viewport, { before: [{ path: LOOK }] });
          page.setDefaultTimeout(30000);
          const random = seededRandom(19 + w);
          const found = [];
          const instances = await page.locator('.demo[data-demo]').evaluateAll((ds) => ds.map((d) => d.dataset.instance));
          assert.ok(instances.length > 0, `${slug} has demos`);
          let turn = 0; // the things to work, counted down the page: the widths take turns
          const mine = () => FULL || turn++ % WIDTHS.length === w;
          for (const instance of instances) found.push(...await operateDemo(page, instance, random, { mine, panels: FULL || width === '390' }));
          // The page's own panel: progress, and the question it asks before erasing.
          for (const f of await page.evaluate(() => window.learnersEye.lookAt('section.progress'))) found.push(`progress: ${f}`);
          // The marks ticked above are there to erase, so the page asks first.
          await page.locator('section.progress').getByRole('button', { name: /^Erase all/ }).click();
          const asked = await page.waitForFunction(() => document.querySelector('dialog[open]')
            || document.querySelector('section.progress .progress-status').textContent).then((h) => h.evaluate((v) => v === true || typeof v !== 'string'));
          if (asked) {
            for (const f of await page.evaluate(() => window.learnersEye.lookAt('dialog[open]'))) found.push(`erase dialog: ${f}`);
            await page.keyboard.press('Escape');
          } else {
            found.push(`"Erase all…" asked nothing and said "${await page.locator('section.progress .progress-status').textContent()}"`);
          }
          assert.deepEqual(found, [], `${found.length} things a learner would see wrong`);
          assert.deepEqual(problems, []);
        } finally {
          await context.close();
        }
      });
    });
  }
});

// 320 px is the width WCAG's reflow rule asks a page to work at: a small phone, or a 1280 px screen zoomed to 400 %.
// The controls are worked at 390 and 1280 px above; here each demo is looked at once, every fold of it open.
describe('learner\'s eye at 320 px', { concurrency: SIDE_BY_SIDE }, () => {
  for (const slug of builtLessons().filter((s) => pageLanguage(s) === 'en')) {
    test(`${slug} at 320 px: every demo, each of its panels open, fits the screen`, async () => {
      const context = await site.browser.newContext();
      try {
        const { page, problems } = await openPage(context, `${site.server.url}${slug}/`, { width: 320, height: 700 }, { before: [{ path: LOOK }] });
        const found = await lookOpened(page);
        assert.deepEqual(found, [], `${found.length} things a learner would see wrong`);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});
