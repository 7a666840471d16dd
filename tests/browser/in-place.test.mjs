// Tables and charts are written in place between results of the same shape
// (render/index.js, issue 14): after edits, what a demo shows equals what a fresh
// page opened on the same shared link draws from scratch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from '../support/site.mjs';
import { randomChanges, seededRandom } from '../support/random-params.mjs';

const site = useSite();
const PAGES = ['attention', 'robot', 'table'];
const EDITS = 2;  // random change sets per demo instance, each compared with a fresh page

/** A demo's tables and charts as drawn: their text, every line's path and every tick's place. */
const drawn = (page, instance) => page.evaluate((name) => {
  const rest = document.querySelector(`.demo[data-instance="${name}"] .output .rest`);
  return {
    text: rest.textContent,
    paths: [...rest.querySelectorAll('path')].map((p) => p.getAttribute('d')),
    ticks: [...rest.querySelectorAll('.tick')].map((t) => `${t.getAttribute('transform')} ${t.textContent}`),
    heat: [...rest.querySelectorAll('td')].map((td) => td.style.getPropertyValue('--w')),
  };
}, instance);

for (const slug of PAGES) {
  test(`in place: on the ${slug} page, tables and charts after edits equal a fresh drawing`, async () => {
    const { page, problems } = await site.open(`${slug}/`);
    const instances = await page.evaluate(() => [...window.attnLesson.demos.values()]
      .map((v) => ({ instance: v.instance, params: window.attnLesson.core.demos.get(v.container.dataset.demo).params })));
    for (const [k, { instance, params }] of instances.entries()) {
      const random = seededRandom(4200 + k);
      for (let e = 0; e < EDITS; ++e) {
        await page.evaluate(({ instance, changes }) => window.attnLesson.demos.get(instance).state.set(changes),
          { instance, changes: randomChanges(random, params) });
        const accepted = await page.evaluate((name) => {
          const { demos, core } = window.attnLesson;
          const view = demos.get(name);
          return core.run(view.container.dataset.demo, view.state.values).ok;
        }, instance);
        if (!accepted) continue; // refused values keep the last good result, which a fresh page does not have
        await page.waitForTimeout(350); // the URL is written once edits pause (url-state.js)
        const search = await page.evaluate(() => location.search);
        const fresh = await site.open(`${slug}/${search}`);
        const values = (p) => p.evaluate((name) => window.attnLesson.demos.get(name).state.values, instance);
        assert.deepEqual(await values(fresh.page), await values(page), `${instance}: the link gives the same values`);
        assert.deepEqual(await drawn(page, instance), await drawn(fresh.page, instance), `${instance} after ${search}`);
        await fresh.page.close();
      }
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}
