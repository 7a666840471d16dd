// Tables and charts are written in place between results of the same shape
// (render/index.js, issue 14): after edits, what a demo shows equals what a fresh
// page opened on the same shared link draws from scratch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, printed, useSite } from '../support/site.mjs';
import { nativeCore } from '../support/core.mjs';
import { writesDone } from '../support/browser.mjs';
import { randomChanges, seededRandom } from '../support/random-params.mjs';

const site = useSite();
const PAGES = ['attention', 'robot', 'table'];
const EDITS = 2;  // random change sets per demo instance, each compared with a fresh page

/**
 * A demo's tables and charts as drawn: their text, every line's path and every tick's place. The numbers
 * behind a chart are read opened, as a learner reads them (closed, they wait for the opening: in-place.js).
 */
async function drawn(page, instance) {
  await writesDone(page); // what is off screen is written in idle time (render/write-soon.js)
  await page.evaluate((name) => {
    for (const d of document.querySelectorAll(`.demo[data-instance="${name}"] .output .rest details`)) d.open = true;
  }, instance);
  return page.evaluate((name) => {
  const rest = document.querySelector(`.demo[data-instance="${name}"] .output .rest`);
  return {
    text: rest.textContent,
    paths: [...rest.querySelectorAll('path')].map((p) => p.getAttribute('d')),
    ticks: [...rest.querySelectorAll('.tick')].map((t) => `${t.getAttribute('transform')} ${t.textContent}`),
    heat: [...rest.querySelectorAll('td')].map((td) => td.style.getPropertyValue('--w')),
  };
  }, instance);
}

for (const slug of PAGES) {
  test(`in place: on the ${slug} page, tables and charts after edits equal a fresh drawing`, async () => {
    const { page, problems } = await site.open(`${slug}/`);
    const instances = await page.evaluate(() => [...window.attnLesson.demos.values()]
      .map((v) => ({ instance: v.instance, params: window.attnLesson.core.demos.get(v.container.dataset.demo).params })));
    const randoms = instances.map((_, k) => seededRandom(4200 + k));
    // Each round edits every demo, then one fresh page opened on the link that results is compared with
    // them all (a page per demo and round made this file the suite's slowest after the learner's eye).
    for (let e = 0; e < EDITS; ++e) {
      const compared = [];
      for (const [k, { instance, params }] of instances.entries()) {
        await page.evaluate(({ instance, changes }) => window.attnLesson.demos.get(instance).state.set(changes),
          { instance, changes: randomChanges(randoms[k], params) });
        const accepted = await page.evaluate((name) => {
          const { demos, core } = window.attnLesson;
          const view = demos.get(name);
          return core.run(view.container.dataset.demo, view.state.values).ok;
        }, instance);
        if (accepted) compared.push(instance); // refused values keep the last good result, which a fresh page does not have
      }
      await page.waitForFunction(() => !window.attnLesson.addressPending()); // the URL is written once edits pause (address.js)
      const search = await page.evaluate(() => location.search);
      const fresh = await site.open(`${slug}/${search}`);
      const values = (p, instance) => p.evaluate((name) => window.attnLesson.demos.get(name).state.values, instance);
      for (const instance of compared) {
        assert.deepEqual(await values(fresh.page, instance), await values(page, instance), `${instance}: the link gives the same values`);
        assert.deepEqual(await drawn(page, instance), await drawn(fresh.page, instance), `${instance} after ${search}`);
      }
      await fresh.page.close();
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// Pictures, their tables of numbers and the lesson's text are kept between results and only
// what changed is written (issue 14: rebuilding them cost a slow phone its frame on every input).

/** Marks every node under the demo that `selector` finds, to tell later whether it was replaced. */
const markNodes = (page, instance, selector) => demo(page, instance).evaluate((root, sel) => {
  window.__kept = new Set(root.querySelectorAll(sel));
  return window.__kept.size;
}, selector);
/** How many of the nodes `selector` finds now are new since markNodes, and how many there are. */
const newNodes = (page, instance, selector) => demo(page, instance).evaluate((root, sel) => {
  const now = [...root.querySelectorAll(sel)];
  return { count: now.length, added: now.filter((n) => !window.__kept.has(n)).length };
}, selector);
/**
 * Sets a demo's values as a control would and waits until its output shows them, the tables and maps far from the
 * screen too: those are written in idle time (render/write-soon.js), which a loaded machine can put off past a frame.
 */
async function setAndShow(page, instance, changes) {
  await page.evaluate(({ name, changes }) => window.attnLesson.demos.get(name).state.set(changes), { name: instance, changes });
  await page.waitForFunction(({ name, changes }) => {
    const shown = window.attnLesson.demos.get(name).shownParams();
    return Object.entries(changes).every(([k, v]) => JSON.stringify(shown?.[k]) === JSON.stringify(v));
  }, { name: instance, changes });
  await writesDone(page);
}

test('in place: a drag in the table lab moves its objects and lines and rewrites its numbers without replacing a node', async () => {
  const { page, problems } = await site.open('table/');
  const everything = 'svg.table-top *, details.chart-data tr, details.chart-data th, details.chart-data td';
  // Its numbers are rewritten while they are open, as a learner reading them has them.
  await demo(page, 'lab').locator('details.chart-data summary').click();
  const marked = await markNodes(page, 'lab', everything);
  const ball = demo(page, 'lab').locator('.object', { hasText: 'ball' });
  const before = await ball.getAttribute('transform');
  const table = await demo(page, 'lab').locator('details.chart-data table').textContent();
  await ball.locator('circle').scrollIntoViewIfNeeded();
  const box = await ball.locator('circle').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let k = 1; k <= 4; ++k) await page.mouse.move(box.x + box.width / 2 + 15 * k, box.y + box.height / 2 + 10 * k);
  await page.mouse.up();
  await page.waitForFunction(() => /lab\.positions=/.test(location.search));
  assert.notEqual(await ball.getAttribute('transform'), before, 'the ball moved');
  assert.notEqual(await demo(page, 'lab').locator('details.chart-data table').textContent(), table, 'its numbers changed');
  assert.deepEqual(await newNodes(page, 'lab', everything), { count: marked, added: 0 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: a Reset that drops heads takes their tables out, and leaves the other tables, the output\'s among them, and the maps where they are', async () => {
  const { page, problems } = await site.open('attention/');
  const heads = demo(page, 'heads');
  await heads.getByLabel('Heads', { exact: true }).fill('4');
  await page.waitForFunction(() => /heads\.heads=4/.test(location.search));
  await writesDone(page);
  const count = () => heads.locator('.output .rest .table-wrap').count();
  const tablesAtFour = await count();
  // Every element the Reset takes out of the demo's output, and whether it is back in the page afterwards.
  await heads.evaluate((d) => {
    for (const table of d.querySelectorAll('table.matrix')) table.kept = true;
    window.__takenOut = [];
    new MutationObserver((records) => { for (const r of records) window.__takenOut.push(...[...r.removedNodes].filter((n) => n.nodeType === 1)); })
      .observe(d.querySelector('.output'), { childList: true, subtree: true });
  });
  await heads.locator('button.reset').click();
  await page.waitForFunction(() => !/heads\.heads=/.test(location.search));
  await writesDone(page);
  assert.ok(await count() < tablesAtFour, 'the Reset dropped the tables of the heads it took away');
  const putBack = await page.evaluate(() => window.__takenOut.filter((n) => n.isConnected).map((n) => n.className));
  assert.deepEqual(putBack, [], 'no table or map was taken out and put back');
  assert.equal(await heads.locator('table.matrix[data-name="output"]').evaluate((t) => t.kept), true,
    'the output table, one place up, is the table that was on the page');
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: a robot run of another length redraws its chart, mat and tables in place, adding only the new rows', async () => {
  const { page, problems } = await site.open('robot/');
  const ticks = await page.evaluate(() => window.attnLesson.demos.get('run').state.get('ticks'));
  const lasting = 'figure.chart, figure.chart path, svg.mat, svg.mat .robot, .output table';
  const rows = 'figure.chart details tr, figure.bugbot details tr';
  for (const summary of await demo(page, 'run').locator('figure.chart details summary, figure.bugbot details summary').all()) await summary.click();
  const before = await demo(page, 'run').locator(rows).count();
  const marked = await markNodes(page, 'run', `${lasting}, ${rows}`) - before;
  await setAndShow(page, 'run', { ticks: ticks + 10 });
  assert.deepEqual(await newNodes(page, 'run', lasting), { count: marked, added: 0 });
  const after = await newNodes(page, 'run', rows);
  assert.ok(after.count > before, 'the longer run has more rows');
  assert.equal(after.added, after.count - before, 'only the new rows are new');
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: the numbers behind a chart and the mat, closed during a change, are the new run\'s once opened', async () => {
  const { page, problems } = await site.open('robot/');
  const ticks = await page.evaluate(() => window.attnLesson.demos.get('run').state.get('ticks'));
  await setAndShow(page, 'run', { ticks: ticks + 10 });
  const values = await page.evaluate(() => window.attnLesson.demos.get('run').state.values);
  const { charts: [chart], figures } = nativeCore.run('robot_run', values).result;
  const frames = figures.find((f) => f.kind === 'bugbot_mat').frames;
  const opened = async (figure) => {
    const data = demo(page, 'run').locator(`${figure} details.chart-data`);
    await data.locator('summary').click();
    return data.locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  };
  const chartRows = await opened('figure.chart');
  const xs = [...new Set(chart.series.flatMap((s) => s.x))];
  assert.equal(chartRows.length, 1 + xs.length, 'one row per reading number of the new run');
  assert.equal(chartRows.at(-1)[0], String(Math.max(...xs)));
  const matRows = await opened('figure.bugbot');
  assert.equal(matRows.length, 1 + frames.length, 'one row per reading of the new run');
  assert.equal(matRows.at(-1)[3], String(frames.at(-1).reading));
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: a slider step rewrites only the lesson numbers whose text changes', async () => {
  const { page, problems } = await site.open('robot/');
  await page.evaluate(() => {
    window.__rewritten = new Set();
    const spans = [...document.querySelectorAll('[data-num^="run."]')];
    window.__texts = new Map(spans.map((s) => [s, s.textContent]));
    // A number's text node is changed in place (in-place.js writeText): its span is what was rewritten.
    new MutationObserver((records) => { for (const r of records) window.__rewritten.add(r.type === 'characterData' ? r.target.parentNode : r.target); })
      .observe(document.querySelector('main'), { childList: true, characterData: true, subtree: true });
  });
  const x = await page.evaluate(() => window.attnLesson.demos.get('run').state.get('start_x'));
  await setAndShow(page, 'run', { start_x: x + 1 });
  const { changed, rewritten, kept } = await page.evaluate(() => {
    const spans = [...window.__texts.keys()];
    return {
      changed: spans.filter((s) => s.textContent !== window.__texts.get(s)).length,
      rewritten: spans.filter((s) => window.__rewritten.has(s)).length,
      kept: spans.filter((s) => s.textContent === window.__texts.get(s)).length,
    };
  });
  assert.ok(changed > 0 && kept > 0, `some numbers change (${changed}) and some stay (${kept})`);
  assert.equal(rewritten, changed);
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: a slider step keeps the learner\'s sideways scroll of a weight strip on a phone', async () => {
  const { page, problems } = await site.open('robot/', { width: 390, height: 844 });
  const scroller = demo(page, 'scores').locator('.strip-scroll');
  const centred = await scroller.evaluate((s) => s.scrollLeft);
  assert.ok(centred > 0, 'a new strip opens on the key the first row leans on most');
  await scroller.evaluate((s) => { s.scrollLeft = 0; });
  const marked = await markNodes(page, 'scores', '.strip-scroll svg, .strip-scroll rect');
  const divisor = await page.evaluate(() => window.attnLesson.demos.get('scores').state.get('divisor'));
  await setAndShow(page, 'scores', { divisor: divisor * 2 });
  assert.equal(await scroller.evaluate((s) => s.scrollLeft), 0);
  assert.deepEqual(await newNodes(page, 'scores', '.strip-scroll svg, .strip-scroll rect'), { count: marked, added: 0 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: a typed divisor of the sharpness demo writes its strip row\'s label and bars in place, and leaves the other rows\' bars alone', async () => {
  const { page, problems } = await site.open('robot/');
  const strip = '.strip-scroll svg, .strip-scroll rect, .strip-scroll .strip-label';
  const marked = await markNodes(page, 'sharp', strip);
  const [first, ...others] = await page.evaluate(() => window.attnLesson.demos.get('sharp').state.get('divisors'));
  const bars = await demo(page, 'sharp').locator('.strip-scroll rect').count();
  const box = demo(page, 'sharp').locator('input[data-cell="0,0"]');
  await page.evaluate(() => {
    window.__written = new Set();
    new MutationObserver((records) => { for (const r of records) window.__written.add(r.target); })
      .observe(document.querySelector('.demo[data-instance="sharp"] .strip-scroll svg'), { attributes: true, subtree: true });
  });
  await box.fill(String(first * 2));
  await page.waitForFunction((d) => window.attnLesson.demos.get('sharp').shownParams().divisors[0] === d, first * 2);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  assert.deepEqual(await newNodes(page, 'sharp', strip), { count: marked, added: 0 });
  const labels = await demo(page, 'sharp').locator('.strip-scroll .strip-label').allTextContents();
  const expected = nativeCore.run('robot_sharpness', await page.evaluate(() => window.attnLesson.demos.get('sharp').state.values)).result.figures.find((f) => f.kind === 'weight_strip').rows.map((r) => r.label);
  assert.deepEqual(labels, expected);
  // Only the first row's bars were written: the others' weights did not change.
  const keys = bars / (1 + others.length);
  const written = await page.evaluate(() => [...window.__written].filter((n) => n.tagName === 'rect').length);
  assert.ok(written > 0 && written <= keys, `${written} bars written, at most the first row's ${keys}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: a divisor added to and removed from the sharpness demo\'s list adds and removes one strip row, drawn as a fresh page draws it', async () => {
  const { page, problems } = await site.open('robot/');
  const strip = '.strip-scroll svg, .strip-scroll rect, .strip-scroll .strip-label, .strip-scroll line';
  // What the strip draws: its box, each row's label and base line, and every bar, in order of place.
  const drawing = (p) => demo(p, 'sharp').locator('.strip-scroll svg').evaluate((svg) => ({
    viewBox: svg.getAttribute('viewBox'),
    labels: [...svg.parentElement.querySelectorAll('.strip-label')].map((t) => `${t.style.top} ${t.textContent}`).sort(),
    lines: [...svg.querySelectorAll('line')].map((l) => ['x1', 'x2', 'y1'].map((a) => l.getAttribute(a)).join(' ')).sort(),
    bars: [...svg.querySelectorAll('rect')].map((r) => `${['x', 'y', 'width', 'height'].map((a) => r.getAttribute(a)).join(' ')} ${r.style.getPropertyValue('--w')}`).sort(),
  }));
  const divisors = await page.evaluate(() => window.attnLesson.demos.get('sharp').state.get('divisors'));
  const marked = await markNodes(page, 'sharp', strip);
  const keys = await page.evaluate(() => window.attnLesson.demos.get('sharp').state.get('keys'));
  await setAndShow(page, 'sharp', { divisors: [...divisors, 1] });
  assert.deepEqual(await newNodes(page, 'sharp', strip), { count: marked + 2 + keys, added: 2 + keys }, 'a label, a line and a bar per key');
  await page.waitForFunction(() => !window.attnLesson.addressPending());
  const fresh = await site.open(`robot/${await page.evaluate(() => location.search)}`);
  assert.deepEqual(await drawing(page), await drawing(fresh.page));
  await fresh.page.close();
  await setAndShow(page, 'sharp', { divisors });
  assert.deepEqual(await newNodes(page, 'sharp', strip), { count: marked, added: 0 });
  const first = await site.open('robot/');
  assert.deepEqual(await drawing(page), await drawing(first.page));
  await first.page.close();
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: after a burst of inputs the address is written once, and it and the output show the last value', async () => {
  const { page, problems } = await site.open('robot/');
  await page.evaluate(() => {
    window.__writes = 0;
    const replace = history.replaceState.bind(history);
    history.replaceState = (...a) => { window.__writes += 1; return replace(...a); };
  });
  const x = await page.evaluate(() => window.attnLesson.demos.get('run').state.get('start_x'));
  // Twenty steps 20 ms apart, as a held-down arrow key gives them: for longer than the address waits.
  await page.evaluate(async (x0) => {
    for (let k = 1; k <= 20; ++k) {
      window.attnLesson.demos.get('run').state.set({ start_x: x0 + k });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, x);
  await page.waitForFunction((want) => new URLSearchParams(location.search).get('run.start_x') === String(want), x + 20);
  await page.waitForFunction(() => !window.attnLesson.addressPending());
  assert.equal(await page.evaluate(() => window.__writes), 1);
  assert.equal(await page.evaluate(() => window.attnLesson.demos.get('run').shownParams().start_x), x + 20);
  const expected = nativeCore.run('robot_run', { start_x: x + 20 }).result.printed.join('\n');
  assert.equal(await printed(page, 'run'), expected);
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: a step of the number of keys adds one bar and one value to the weight strip, each under its key', async () => {
  const { page, problems } = await site.open('robot/');
  const keys = await page.evaluate(() => window.attnLesson.demos.get('scores').state.get('keys'));
  const strip = '.strip-scroll svg, .strip-scroll rect, .strip-foot span';
  const marked = await markNodes(page, 'scores', strip);
  await setAndShow(page, 'scores', { keys: keys + 1 });
  const after = await newNodes(page, 'scores', strip);
  assert.deepEqual(after, { count: marked + 3, added: 3 }, 'a bar, a value and a step back are added; nothing is rebuilt');
  // Each value sits under its bar: the centres agree to a pixel, from the oldest key to the newest.
  const centres = await demo(page, 'scores').evaluate((root) => {
    const mid = (e) => { const r = e.getBoundingClientRect(); return r.left + r.width / 2; };
    return { bars: [...root.querySelectorAll('.strip-bar')].map(mid), values: [...root.querySelectorAll('.strip-value')].map(mid) };
  });
  assert.equal(centres.bars.length, keys + 1);
  assert.equal(centres.values.length, keys + 1);
  centres.bars.forEach((x, j) => assert.ok(Math.abs(x - centres.values[j]) <= 1, `key ${j}: bar at ${x} px, value at ${centres.values[j]} px`));
  const { values } = await page.evaluate(() => window.attnLesson.demos.get('scores').shownResult().figures.find((f) => f.kind === 'weight_strip'));
  assert.deepEqual(await demo(page, 'scores').locator('.strip-value').allTextContents(), values.map(String));
  assert.deepEqual(problems, []);
  await page.close();
});

test('in place: a step of the number of keys adds a row to the robot\'s tables instead of replacing them', async () => {
  const { page, problems } = await site.open('robot/');
  const keys = await page.evaluate(() => window.attnLesson.demos.get('scores').state.get('keys'));
  const tables = '.output .tables table, .output .tables tr';
  const before = await demo(page, 'scores').locator('.output .tables tr').count();
  const marked = await markNodes(page, 'scores', tables);
  await setAndShow(page, 'scores', { keys: keys + 1 });
  const after = await newNodes(page, 'scores', tables);
  assert.ok(after.count > marked, 'more rows');
  assert.equal(after.added, after.count - marked, 'every table and row drawn before is still there');
  assert.ok(await demo(page, 'scores').locator('.output .tables tr').count() > before);
  assert.deepEqual(problems, []);
  await page.close();
});
