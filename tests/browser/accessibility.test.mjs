// axe-core on every page of the site, as a learner meets it: at desktop and
// phone width, in the light and the dark theme (the system setting, as
// prefers-color-scheme), once the demos are ready and again after one edit.
// Every violation fails the test, and the message lists them all.
//
// What each run covers (one axe run over the language model's page takes 20-40 s): the light theme runs
// every rule; the dark theme, which changes colours only, runs the rules that read colours. After the edit,
// axe looks again at the section the edited demo is in, the part of the page the edit redrew (its notes
// about the preset included).
//
// axe comes from node_modules (a dev dependency) and is put into the page by the
// test only: the site never serves it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from '../support/site.mjs';
import { injectAxe } from '../support/axe.mjs';
import { demosReady, writesDone } from '../support/browser.mjs';

const PAGES = [['index', ''], ['robot', 'robot/'], ['attention', 'attention/'], ['attention-fr', 'attention-fr/'], ['table', 'table/'], ['block', 'block/'], ['lm', 'lm/']];
const VIEWPORTS = [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]];
const THEMES = ['light', 'dark'];

const site = useSite();

/** Opens a page in a colour scheme; waits for its demos when it has any (the list of lessons has none). */
async function open(relative, viewport, colorScheme) {
  const page = await site.browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme });
  await page.goto(`${site.server.url}${relative}`);
  await demosReady(page);
  return page;
}

// target-size (WCAG 2.2 AA: every tap target at least 24 × 24 px) is off in axe by default; the lessons ask for it.
const EVERY_RULE = { rules: { 'target-size': { enabled: true } } };
const COLOUR_RULES = { runOnly: ['color-contrast', 'link-in-text-block'] };

/**
 * The violations axe finds in the page (or in the part `within` selects), each as one readable line per
 * element; `rules` as above.
 */
async function violations(page, rules, within = null) {
  await injectAxe(page);
  const found = await page.evaluate(async ({ rules, within }) => (await window.axe.run(within ? document.querySelector(within) : document, {
    resultTypes: ['violations'], ...rules,
  })).violations, { rules, within });
  return found.flatMap((v) => v.nodes.map((n) =>
    `${v.id} (${v.impact}): ${v.help}\n    at ${n.target.join(' ')}\n    ${n.failureSummary.replace(/\n/g, '\n    ')}`));
}

/**
 * One edit a learner would make: the page's first slider one step up, then wait for the redraw. Returns
 * a selector of the section that holds the edited demo.
 *
 * The redraw is the edited demo's own: each update of a demo ends with a "demo-update:INSTANCE" measure
 * (demo-view.js; the benchmark reads it too), whether the step changed its printed text or not. (Waiting for
 * the page's first printed text to change, as this did, waited 5 s for nothing on the four pages whose first
 * slider is not in their first demo.)
 */
async function editOnce(page) {
  const slider = page.locator('.demo input[type="range"]').first();
  const { section, update } = await slider.evaluate((s) => {
    const around = s.closest('section[id]');
    return { section: around ? `section#${CSS.escape(around.id)}` : 'main', update: `demo-update:${s.closest('.demo').dataset.instance}` };
  });
  const before = await page.evaluate((name) => performance.getEntriesByName(name).length, update);
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(({ update, before }) => performance.getEntriesByName(update).length > before, { update, before }, { timeout: 5000 })
    .catch(() => { throw new Error(`the edit did not redraw its demo (no new "${update}")`); });
  // What the redraw leaves to the next frame (the scrolling marks) or to idle time (the note about the text written
  // for the preset, tables far from the screen) is written by then.
  await writesDone(page);
  return section;
}

for (const [name, relative] of PAGES) {
  for (const [width, viewport] of VIEWPORTS) {
    for (const theme of THEMES) {
      test(`axe: ${name} page, ${width} (${viewport.width} px), ${theme}: no violations when ready, nor in the edited section after an edit`, async () => {
        const page = await open(relative, viewport, theme);
        const rules = theme === 'light' ? EVERY_RULE : COLOUR_RULES;
        try {
          const ready = await violations(page, rules);
          assert.deepEqual(ready, [], `when ready, ${ready.length} violation(s):\n  ${ready.join('\n  ')}`);
          if (relative) {
            const section = await editOnce(page);
            const edited = await violations(page, rules, section);
            assert.deepEqual(edited, [], `after an edit, ${edited.length} violation(s):\n  ${edited.join('\n  ')}`);
          }
        } finally {
          await page.close();
        }
      });
    }
  }
}
