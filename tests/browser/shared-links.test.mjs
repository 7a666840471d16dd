// A shared link restores every demo instance on every page (issue 13: no test
// covered it). For each instance, one number or whole number is moved off the
// value the page starts with (instances with no number, such as table_compare, are left
// out), all of them in one URL; each control must show
// its value once the page is up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nativeCore } from '../support/core.mjs';
import { builtLessons, useSite } from '../support/site.mjs';

const site = useSite();
const declarations = new Map(nativeCore.list().map((d) => [d.id, d]));
const PAGES = builtLessons().map((slug) => `${slug}/`);

/** The first bounded number of the demo with a bound the demo accepts on its own, and that bound; none the lesson locks or hides. */
function movedValue(demoId, startParams, fixed) {
  for (const p of declarations.get(demoId).params) {
    if ((p.type !== 'number' && p.type !== 'integer') || fixed.includes(p.name)) continue;
    const start = startParams[p.name] ?? p.default;
    for (const v of [p.max, p.min]) {
      if (v === undefined || v === start) continue;
      if (nativeCore.run(demoId, { ...startParams, [p.name]: v }).ok) return { decl: p, value: v };
    }
  }
  return null;
}

/**
 * The value shown by the control of parameter `name` in instance `instance`, found by its label as the page
 * declares it (in the page's language).
 */
const shown = (page, instance, name) => page.evaluate(([inst, param]) => {
  const view = window.attnLesson.demos.get(inst);
  const text = window.attnLesson.core.demos.get(view.container.dataset.demo).params.find((d) => d.name === param).label;
  const control = [...document.querySelectorAll(`.demo[data-instance="${inst}"] .control`)]
    .find((c) => c.querySelector('label')?.textContent === text);
  return control ? document.getElementById(control.querySelector('label').htmlFor)?.value : undefined;
}, [instance, name]);

for (const lesson of PAGES) {
  test(`shared link: ${lesson} restores a moved number in every demo instance that has one, all at once`, async () => {
    const first = await site.open(lesson);
    const instances = await first.page.evaluate(() => [...document.querySelectorAll('.demo[data-instance]')]
      .map((d) => ({
        instance: d.dataset.instance, demo: d.dataset.demo, params: JSON.parse(d.dataset.params || '{}'),
        fixed: `${d.dataset.lock ?? ''},${d.dataset.hide ?? ''}`.split(',').map((n) => n.trim()).filter(Boolean),
      })));
    await first.page.close();
    const moved = instances.map((i) => ({ ...i, ...movedValue(i.demo, i.params, i.fixed) })).filter((i) => i.decl);
    assert.ok(moved.length >= 2, `${lesson}: at least two instances have a number to move`);
    const query = moved.map((m) => `${m.instance}.${m.decl.name}=${m.value}`).join('&');
    const { page, problems } = await site.open(`${lesson}?${query}`);
    for (const m of moved) {
      assert.equal(Number(await shown(page, m.instance, m.decl.name)), m.value, `${m.instance}.${m.decl.name}`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}
