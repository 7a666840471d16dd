// What one input makes the browser do beyond the demo's own update (docs/page-performance.md): work the
// page forces at once, outside the frame, which a slow phone pays on every input. Counted, not timed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { heatMapsAsDrawn } from '../support/heat-maps.mjs';
import { demo, printed, useSite } from '../support/site.mjs';
import { tap, writesDone } from '../support/browser.mjs';

const site = useSite();

/**
 * Counts the page's calls of the caret lookups (each lays the whole page out at once, then hit-tests it)
 * and of history.replaceState, from the page's first script on.
 */
function countCalls() {
  window.__calls = { caret: 0, replaceState: 0 };
  for (const name of ['caretPositionFromPoint', 'caretRangeFromPoint']) {
    const original = Document.prototype[name];
    if (original) Document.prototype[name] = function counted(...args) { window.__calls.caret += 1; return original.apply(this, args); };
  }
  const replace = History.prototype.replaceState;
  History.prototype.replaceState = function counted(...args) { window.__calls.replaceState += 1; return replace.apply(this, args); };
}

let counting = null;
/** A page of the site whose calls are counted (countCalls). */
async function open(relative) {
  counting ??= site.browser.context.addInitScript(countCalls);
  await counting;
  return site.open(relative, { width: 390, height: 844 });
}

test('a grid\'s + token and − token keep their buttons and the focus, and no click on a control asks for the caret\'s place', async () => {
  const { page, problems } = await open('block/');
  const stack = demo(page, 'stack');
  const add = stack.getByRole('button', { name: '+ token' });
  await add.evaluate((b) => { b.dataset.first = 'yes'; });
  const rows = () => stack.locator('table.grid-editor tr').count();
  const before = await rows();
  await add.click();
  await page.waitForFunction((n) => document.querySelectorAll('.demo[data-instance="stack"] table.grid-editor tr').length === n + 1, before);
  assert.equal(await add.evaluate((b) => b.dataset.first), 'yes', 'the button pressed is still on the page, not a copy');
  assert.equal(await add.evaluate((b) => document.activeElement === b), true, 'the focus stays on the button pressed');
  await stack.getByRole('button', { name: '− token' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.demo[data-instance="stack"] table.grid-editor tr').length === n, before);
  await stack.getByRole('button', { name: /^Reset/ }).click();
  await stack.getByLabel('Residual connections').click();
  const calls = await page.evaluate(() => window.__calls);
  assert.equal(calls.caret, 0, 'clicks on buttons and a checkbox never ask where the caret is');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the benchmarks\' tap presses and releases a frame apart, so a click\'s time from its event counts the release alone', async () => {
  const { page, problems } = await open('attention/');
  const reset = demo(page, 'worked').locator('button.reset');
  await reset.scrollIntoViewIfNeeded();
  // Frames drawn between the press and the click's own handler, and the handler's start after the click's event.
  await page.evaluate(() => {
    window.__tap = { frames: 0, pressed: false };
    const count = () => { if (window.__tap.pressed && !window.__tap.clicked) window.__tap.frames += 1; requestAnimationFrame(count); };
    requestAnimationFrame(count);
    document.addEventListener('pointerdown', () => { window.__tap.pressed = true; }, true);
    document.addEventListener('click', (e) => { window.__tap.clicked = e.target.className; }, true);
  });
  await tap(page, reset);
  await page.waitForFunction(() => window.__tap.clicked !== undefined);
  const { frames, clicked } = await page.evaluate(() => window.__tap);
  assert.equal(clicked, 'reset', 'the click reaches the button tapped');
  assert.ok(frames >= 1, `a frame is drawn between the press and the click (${frames})`);
  assert.equal(await reset.evaluate((b) => document.activeElement === b), true, 'the button tapped has the focus, as after a click');
  assert.deepEqual(problems, []);
  await page.close();
});

/** The trace's timeline events, in time order, while `act` (here, driving the page) runs. */
async function traced(page, act) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  await act();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return events.sort((a, b) => a.ts - b.ts);
}

/** Elements the browser restyles while `act` runs in the page (the trace's style recalculations, counted). */
const restyled = async (page, act) => (await traced(page, () => page.evaluate(act)))
  .filter((e) => e.name === 'UpdateLayoutTree').reduce((n, e) => n + (e.args?.elementCount ?? 0), 0);

test('a key typed in a grid\'s box lays out the box alone before the demo hears of it, and the box sits and measures as a plain box did', async () => {
  const { page, problems } = await open('attention/');
  const worked = demo(page, 'worked');
  const box = worked.locator('table.grid-editor input').nth(3);
  await box.focus();
  await page.keyboard.press('End');
  await writesDone(page);
  const events = await traced(page, async () => { await page.keyboard.press('5'); await writesDone(page); });
  const layouts = events.filter((e) => e.name === 'Layout' && e.args?.beginData);
  assert.ok(layouts.length >= 2, `the key lays out the box, then the demo's answer (${layouts.length} layouts)`);
  const first = layouts[0].args.beginData;
  assert.ok(first.totalObjects <= 8, `the first layout after the key is the box's own: ${first.dirtyObjects} of ${first.totalObjects} objects`);
  assert.match(await box.inputValue(), /5$/);
  // Where the box and its row are, with the rules that make it its own layout and without them.
  const places = () => box.evaluate((b) => [b, b.closest('tr'), b.closest('.demo')]
    .map((e) => Object.values(e.getBoundingClientRect().toJSON()).map((v) => v.toFixed(2)).join(' ')));
  const contained = await places();
  await page.addStyleTag({ content: '.grid-editor input.num { display: inline-block !important; height: auto !important; contain: none !important; }' });
  assert.deepEqual(contained, await places());
  assert.deepEqual(problems, []);
  await page.close();
});

test('greying a Try-it paragraph restyles the paragraph, not each element of its formulas, and a Try-it list ending its section keeps no bottom margin once greyed', async () => {
  const { page, problems } = await open('attention/');
  const paragraph = page.locator('p[data-defaults="worked"]', { has: page.locator('.katex') }).first();
  const inside = await paragraph.evaluate((p) => p.getElementsByTagName('*').length);  // its formulas' spans
  const count = await restyled(page, () => {
    const p = [...document.querySelectorAll('p[data-defaults="worked"]')].find((q) => q.querySelector('.katex'));
    p.classList.add('off-preset');
    getComputedStyle(p).color; // the restyle, now
  });
  assert.ok(inside >= 10, `the paragraph holds its formulas' elements (${inside})`);
  assert.ok(count < 5, `elements restyled: ${count} of the paragraph's ${inside + 1}`);
  await page.close();
  // The robot's Try-it list ends its section: greyed and back, its class attribute stays (class="").
  const robot = await open('robot/');
  const list = robot.page.locator('main > section > div[data-defaults]:last-child > :last-child').first();
  const margin = () => list.evaluate((l) => getComputedStyle(l).marginBottom);
  assert.equal(await margin(), '0px');
  await list.evaluate((l) => { l.parentElement.classList.add('off-preset'); l.parentElement.classList.remove('off-preset'); });
  assert.equal(await margin(), '0px', 'the section ends where it did before the demo left its preset');
  assert.deepEqual([...problems, ...robot.problems], []);
  await robot.page.close();
});

test('a step off the preset is drawn before the text written for the preset is greyed and its note shown; both follow once the page is idle', async () => {
  const { page, problems } = await open('robot/');
  const sharp = demo(page, 'sharp');
  const slider = sharp.getByRole('slider', { name: 'Sensor noise' });
  const before = await printed(page, 'sharp');
  // What the frame that shows the step holds, read in its requestAnimationFrame (the demo has drawn by then).
  await page.evaluate(() => {
    window.__atFrame = new Promise((done) => document.addEventListener('input', () => requestAnimationFrame(() => done({
      printed: document.querySelector('.demo[data-instance="sharp"] pre.printed').textContent,
      noteShown: !document.querySelector('.defaults-note[data-for="sharp"]').hidden,
      greyed: document.querySelectorAll('[data-defaults="sharp"].off-preset').length,
    })), { once: true }));
  });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  const atFrame = await page.evaluate(() => window.__atFrame);
  assert.notEqual(atFrame.printed, before, 'the printout shows the step in its frame');
  assert.deepEqual([atFrame.noteShown, atFrame.greyed], [false, 0], 'the note and the greying wait');
  await writesDone(page);
  assert.equal(await page.locator('.defaults-note[data-for="sharp"]').isVisible(), true, 'then the note shows');
  assert.equal(await page.locator('[data-defaults="sharp"]:not(.off-preset)').count(), 0, 'and every paragraph written for the preset is greyed');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a click on a printout that explains itself still finds its number', async () => {
  const { page, problems } = await open('block/');
  // The middle of the printout's first number (the block lesson's printouts explain themselves).
  const box = await page.evaluate(() => {
    const pre = document.querySelector('.demo pre.printed.explainable-text');
    pre.scrollIntoView({ block: 'center' });
    const text = pre.firstChild;
    const at = text.data.search(/\d/);
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    const r = range.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  const before = await page.evaluate(() => window.__calls.caret);
  await page.mouse.click(box.x, box.y);
  // The panel opens on it; the caret is asked for by the panel's code, which the first pointer on a number fetches.
  await page.locator('.explain-panel:not([hidden])').first().waitFor();
  assert.equal(await page.evaluate(() => window.__calls.caret), before + 1, 'a click on the printout asks for the caret\'s place once');
  assert.deepEqual(problems, []);
  await page.close();
});

/** Marks every element `selector` finds in the demo, so a later count tells which ones are still the same. */
const mark = (scope, selector) => scope.locator(selector).evaluateAll((els) => els.forEach((e) => { e.dataset.kept = 'yes'; }));
const kept = (scope, selector) => scope.locator(selector).evaluateAll((els) => els.filter((e) => e.dataset.kept === 'yes').length);

test('a grid\'s + token and + feature add one row or column of boxes and keep every box already there', async () => {
  const { page, problems } = await open('attention/');
  const worked = demo(page, 'worked');
  const boxes = 'table.grid-editor input';
  const before = await worked.locator(boxes).count();
  await mark(worked, boxes);
  const rows = await worked.locator('table.grid-editor tr').count() - 1;  // the first row names the columns
  const cols = before / rows;
  await worked.getByRole('button', { name: '+ token' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.demo[data-instance="worked"] table.grid-editor input').length === n, before + cols);
  assert.equal(await kept(worked, boxes), before, 'the boxes already there are the same elements');
  await worked.getByRole('button', { name: '+ feature' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.demo[data-instance="worked"] table.grid-editor input').length === n, before + cols + rows + 1);
  assert.equal(await kept(worked, boxes), before, 'a column more keeps them too');
  // The boxes show what the state holds: the new row's and column's boxes 0, each at its own place.
  const shown = await worked.locator(boxes).evaluateAll((els) => els.map((e) => [e.dataset.cell, e.value]));
  assert.equal(shown.length, (rows + 1) * (cols + 1));
  shown.forEach(([cell, value], k) => {
    assert.equal(cell, `${Math.floor(k / (cols + 1))},${k % (cols + 1)}`, 'boxes in reading order, one per place');
    const [i, j] = cell.split(',').map(Number);
    if (i === rows || j === cols) assert.equal(value, '0', `box ${cell} of the new row or column holds 0`);
  });
  await worked.getByRole('button', { name: '− feature' }).click();
  await worked.getByRole('button', { name: '− token' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.demo[data-instance="worked"] table.grid-editor input').length === n, before);
  assert.equal(await kept(worked, boxes), before, 'removing them again leaves the first boxes');
  assert.deepEqual(problems, []);
  await page.close();
});

test('an entry more in the scores adds its line to the sweep chart, which keeps its other elements and draws what a link to those scores draws', async () => {
  const { page, problems } = await open('attention/');
  const scaling = demo(page, 'scaling');
  const chart = 'figure.chart';
  await mark(scaling, `${chart}, ${chart} svg *, ${chart} li`);
  const before = await scaling.locator(`${chart} svg *`).count();
  await scaling.getByRole('button', { name: '+ entry' }).click();
  await scaling.locator(`${chart} .legend li`).nth(3).waitFor();
  assert.equal(await kept(scaling, chart), 1, 'the chart is the same element');
  assert.equal(await kept(scaling, `${chart} svg *`), before, 'every line, marker, axis and tick is kept');
  // A chart's lines (class and path) and legend entries (class and name).
  const drawn = (scope) => scope.locator(chart).evaluate((f) => ({
    lines: [...f.querySelectorAll('svg path.series:not(.marker)')].map((p) => [p.getAttribute('class'), p.getAttribute('d')]),
    legend: [...f.querySelectorAll('.legend li')].map((li) => [li.className, li.textContent]),
  }));
  const live = await drawn(scaling);
  assert.equal(live.lines.length, 4);
  const { page: linked } = await open('attention/?scaling.scores=[1,2,3,0]');
  assert.deepEqual(live, await drawn(demo(linked, 'scaling')), 'the lines and legend are those of a page opened at these scores');
  await scaling.getByRole('button', { name: '− entry' }).click();
  await scaling.locator(`${chart} .legend li`).nth(3).waitFor({ state: 'detached' });
  assert.equal(await scaling.locator(`${chart} svg path.series`).count(), 6, 'three lines and their three markers');
  assert.deepEqual(problems, []);
  await linked.close();
  await page.close();
});

test('a change of head paints the heat map again on the same canvas, each value\'s colour as a page opened at that head draws it', async () => {
  const { page, problems } = await open('lm/');
  const head = demo(page, 'head');
  const canvas = 'figure.heat-map.painted canvas';
  assert.equal(await head.locator(canvas).count(), 1, 'the map is painted');
  assert.equal(await head.locator('.heat-map-cells > i:not(.explain-cursor)').count(), 0, 'a painted map has no cell but its keyboard cursor');
  await mark(head, canvas);
  await head.getByLabel('Head', { exact: true }).fill('1');
  await head.locator('figure.heat-map figcaption', { hasText: 'head 1' }).waitFor();
  assert.equal(await kept(head, canvas), 1, 'the canvas is the same element');
  const live = await heatMapsAsDrawn(page, '.demo[data-instance="head"]');
  const { page: linked } = await open('lm/?head.head=1');
  await demo(linked, 'head').locator('figure.heat-map figcaption', { hasText: 'head 1' }).waitFor();
  assert.deepEqual(live, await heatMapsAsDrawn(linked, '.demo[data-instance="head"]'), 'each cell\'s colour is that of a page opened at head 1');
  assert.deepEqual(problems, []);
  await linked.close();
  await page.close();
});

test('a letter typed into the embed prompt and erased repaints each heat map on the bitmap it had, the frame showing the map alone, as a page opened at that prompt draws it', async () => {
  const { page, problems } = await open('lm/');
  const embed = demo(page, 'embed');
  const canvas = 'figure.heat-map.painted canvas';
  const bitmaps = () => embed.locator(canvas).evaluateAll((cs) => cs.map((c) => `${c.width} × ${c.height}`));
  assert.equal(await embed.locator(canvas).count(), 4, 'four painted maps');
  await mark(embed, canvas);
  const rowsShown = (n) => embed.locator(`.heat-map-cells[data-rows="${n}"]`).nth(3).waitFor();
  const prompt = embed.getByLabel('Prompt', { exact: true });
  const length = (await prompt.inputValue()).length;
  await prompt.press('End');
  await prompt.press('e');
  await rowsShown(length + 1);
  const grown = await bitmaps();
  await prompt.press('Backspace');
  await rowsShown(length);
  assert.deepEqual(await bitmaps(), grown, 'a map one row shorter is painted on the bitmap it had');
  assert.equal(await kept(embed, canvas), 4, 'the same canvases');
  // The frame's content box is the canvas's first `length` rows, to a hundredth of a pixel.
  const fits = await embed.locator('.heat-map-paint').evaluateAll((frames) => frames.map((f) => {
    const c = f.firstElementChild.getBoundingClientRect();
    const { width, height } = f.getBoundingClientRect();  // the frame's border is a pixel each side
    const cells = f.nextElementSibling;
    const shown = { width: (c.width * Number(cells.style.getPropertyValue('--cols'))) / f.firstElementChild.width, height: (c.height * Number(cells.dataset.rows)) / f.firstElementChild.height };
    return Math.abs(width - 2 - shown.width) < 0.01 && Math.abs(height - 2 - shown.height) < 0.01 ? 'fits' : `${width - 2} × ${height - 2} shows ${shown.width} × ${shown.height}`;
  }));
  assert.deepEqual(fits, ['fits', 'fits', 'fits', 'fits'], 'each frame shows the map\'s rows and columns of its canvas and no more');
  const live = await heatMapsAsDrawn(page, '.demo[data-instance="embed"]');
  const { page: linked } = await open(`lm/?embed.prompt=${encodeURIComponent(await prompt.inputValue())}`);
  await demo(linked, 'embed').locator(`.heat-map-cells[data-rows="${length}"]`).nth(3).waitFor();
  assert.deepEqual(live, await heatMapsAsDrawn(linked, '.demo[data-instance="embed"]'), 'each cell\'s colour is that of a page opened at this prompt');
  assert.deepEqual(problems, []);
  await linked.close();
  await page.close();
});

test('a change of head keeps every table cell, writes what a page opened at that head shows, and leaves the tables far off screen undrawn until they come into view', async () => {
  const { page, problems } = await open('lm/');
  const head = demo(page, 'head');
  const cells = 'table.matrix td';
  const count = await head.locator(cells).count();
  await mark(head, cells);
  const box = head.getByLabel('Head', { exact: true });
  await box.scrollIntoViewIfNeeded();
  await box.fill('1');
  await head.locator('figure.heat-map figcaption', { hasText: 'head 1' }).waitFor();
  assert.equal(await kept(head, cells), count, 'every cell is the same element');
  // The browser draws a table only near the screen (content-visibility): the last of the six is screens below the box.
  const last = head.locator('.table-wrap').last();
  const drawn = () => last.locator('table').evaluate((t) => t.checkVisibility({ contentVisibilityAuto: true }));
  assert.equal(await drawn(), false, 'the last table, far below the screen, is not drawn');
  // Its numbers are in the page all the same once the page is idle (render/write-soon.js), as a page opened at head 1 writes them.
  await writesDone(page);
  const numbers = (scope) => scope.locator(cells).evaluateAll((els) => els.map((e) => `${e.className}:${e.textContent}:${e.style.getPropertyValue('--w')}`));
  const { page: linked } = await open('lm/?head.head=1');
  await demo(linked, 'head').locator('figure.heat-map figcaption', { hasText: 'head 1' }).waitFor();
  assert.deepEqual(await numbers(head), await numbers(demo(linked, 'head')), 'each cell\'s number, marks and colour are those of a page opened at head 1');
  // Scrolled to, it is drawn, and says it scrolls sideways exactly when it does.
  await last.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const wrap = [...document.querySelectorAll('.demo[data-instance="head"] .table-wrap')].at(-1);
    return wrap.firstElementChild.checkVisibility({ contentVisibilityAuto: true }) && wrap.hasAttribute('data-scrolls') === wrap.scrollWidth > wrap.clientWidth + 1;
  });
  assert.equal(await drawn(), true);
  assert.equal(await last.evaluate((w) => w.hasAttribute('data-scrolls')), true, 'a 23 by 16 table is wider than a phone');
  assert.deepEqual(problems, []);
  await linked.close();
  await page.close();
});

// ---- Branch pace9: whole-number sliders, the split picture and the robot's mat written in place,
// no same-value writes (docs/benchmarks.md, 2026-12-03 12:40). Counted, not timed.

/** Records, from now on, every attribute the page sets on the elements `selector` finds, with whether it changed. */
const watchAttributes = (scope, selector) => scope.locator(selector).evaluateAll((els) => {
  window.__written = [];
  const observer = new MutationObserver((list) => {
    for (const m of list) window.__written.push({ name: m.attributeName, same: m.oldValue === m.target.getAttribute(m.attributeName) });
  });
  for (const e of els) observer.observe(e, { attributes: true, attributeOldValue: true });
});
const written = (page) => page.evaluate(() => window.__written);

test('an arrow key on a whole number\'s slider with no declared step moves it to the next whole number, which the core accepts', async () => {
  const { page, problems } = await open('lm/');
  const next = demo(page, 'next');
  for (const [label, value] of [['Top-k', '1'], ['Characters to write', '81']]) {
    const slider = next.getByLabel(`${label} (slider)`);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await slider.inputValue(), value, `${label} steps by 1`);
    await page.waitForFunction(([box, v]) => document.getElementById(box).value === v, [await slider.evaluate((s) => s.id.replace(/-slider$/, '')), value]);
  }
  await page.waitForFunction(() => !document.querySelector('.demo[data-instance="next"] p.status').textContent);
  assert.equal(await next.locator('p.error:not([hidden])').count(), 0, 'no value is refused');
  assert.match(await next.locator('pre.printed').innerText(), /only the 1 likeliest kept/);
  assert.match(await next.locator('pre.printed').innerText(), /generate\(prompt, 81, seed=1\)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a token more keeps every element of the split picture, adds one row of cells per head, and draws what a page opened with that many tokens draws', async () => {
  const { page, problems } = await open('attention/');
  const heads = demo(page, 'heads');
  const parts = 'figure.head-split, figure.head-split svg, figure.head-split svg *, figure.head-split li';
  const before = await heads.locator(parts).count();
  const cells = await heads.locator('figure.head-split rect').count();
  await mark(heads, parts);
  await heads.getByLabel('Tokens T', { exact: true }).fill('4');
  await heads.locator('figure.head-split text.token-label', { hasText: 'token 3' }).waitFor();
  assert.equal(await kept(heads, parts), before, 'every element already there is the same element');
  assert.equal(await heads.locator('figure.head-split rect').count(), cells / 3 * 4, 'a row of cells more per head');
  const drawn = (scope) => scope.locator('figure.head-split').evaluate((f) => ({
    svg: ['viewBox', 'aria-label', 'style'].map((a) => f.querySelector('svg').getAttribute(a)),
    shapes: [...f.querySelectorAll('svg rect, svg text')].map((e) => [e.tagName, ...['x', 'y', 'width', 'height', 'class'].map((a) => e.getAttribute(a)), e.textContent])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    caption: f.querySelector('figcaption').textContent,
  }));
  const { page: linked } = await open('attention/?heads.tokens=4');
  assert.deepEqual(await drawn(heads), await drawn(demo(linked, 'heads')), 'the picture is that of a page opened with 4 tokens');
  assert.deepEqual(problems, []);
  await linked.close();
  await page.close();
});

test('a new run that leaves the robot where it starts sets none of the robot\'s attributes, and no attribute of the mat to the value it had', async () => {
  const { page, problems } = await open('robot/');
  const run = demo(page, 'run');
  await watchAttributes(run, 'svg.mat *');
  const reading = await run.locator('.readout').textContent();
  await run.getByLabel('Patch length', { exact: true }).fill('4');
  await page.waitForFunction((r) => document.querySelector('.demo[data-instance="run"] .readout').textContent !== r, reading);
  const writes = await written(page);
  assert.ok(writes.length > 0, 'the new run moves the dots');
  assert.deepEqual(writes.filter((w) => w.same), [], 'no attribute is set to the value it had');
  assert.deepEqual(writes.filter((w) => ['r', 'rx', 'width', 'height', 'aria-label'].includes(w.name)), [], 'the robot is not drawn again');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a number typed key after key, refused at each key, keeps its message element and the bars of the strip get no same-value writes', async () => {
  const { page, problems } = await open('robot/');
  const sharp = demo(page, 'sharp');
  const box = sharp.getByLabel('Spin speed (turn setting)', { exact: true });
  await box.selectText();
  await page.keyboard.type('2');  // below the bound: refused
  const message = sharp.locator('p.error:not([hidden])');
  await message.waitFor();
  const text = await message.evaluate((p) => { p.firstChild.__first = true; return p.textContent; });
  await watchAttributes(sharp, 'svg rect.strip-bar, input');
  await page.keyboard.type('.');  // "2.": still below the bound
  await page.keyboard.type('5');  // "2.5": still below it
  await page.waitForFunction(() => document.querySelector('.demo[data-instance="sharp"] p.error:not([hidden])')?.textContent.includes('2.5'));
  assert.equal(await message.evaluate((p) => p.firstChild.__first === true), true, 'the message is rewritten in its own text node');
  assert.notEqual(await message.textContent(), text);
  assert.deepEqual((await written(page)).filter((w) => w.same), [], 'aria-invalid and aria-describedby are not set again');
  await box.selectText();
  await page.keyboard.type('25');
  await sharp.locator('p.error:not([hidden])').waitFor({ state: 'detached' }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.demo[data-instance="sharp"] p.error:not([hidden])'));
  assert.deepEqual((await written(page)).filter((w) => w.same), [], 'a new weight that draws the same bar leaves its attributes alone');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a block more on the stack moves the chart\'s ticks in place: no tick element is made again and no attribute is set to the value it had', async () => {
  const { page, problems } = await open('block/');
  const stack = demo(page, 'stack');
  const ticks = 'figure.chart g.tick, figure.chart g.tick *';
  await mark(stack, ticks);
  const before = await stack.locator(ticks).count();
  await watchAttributes(stack, `${ticks}, figure.chart path.domain`);
  const slider = stack.getByLabel('Blocks (slider)');
  const blocks = Number(await slider.inputValue());
  const printout = await stack.locator('pre.printed').textContent();
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((p) => document.querySelector('.demo[data-instance="stack"] pre.printed').textContent !== p, printout);
  assert.equal(await kept(stack, ticks), before, 'every tick already there is the same element');
  assert.deepEqual((await written(page)).filter((w) => w.same), [], 'no attribute of an axis is set to the value it had');
  const { page: linked } = await open(`block/?stack.blocks=${blocks + 1}`);
  const axes = (scope) => scope.locator('figure.chart').first().evaluate((f) => [...f.querySelectorAll('svg > g')].map((g) => g.outerHTML.replace(/ data-kept="yes"/g, '')));
  assert.deepEqual(await axes(stack), await axes(demo(linked, 'stack')), 'the axes are those of a page opened with that many blocks');
  assert.deepEqual(problems, []);
  await linked.close();
  await page.close();
});

// ---- Branch lmhead10: the lm head demo's identity switch (docs/benchmarks.md, 2026-12-03 15:30). Counted, not timed.

test('the identity switch keeps the head demo\'s six tables, writes the scores table\'s new title in place, and on and off shows what a page opened so shows, each number explainable with one tab stop a table', async () => {
  const { page, problems } = await open('lm/');
  const head = demo(page, 'head');
  const wraps = '.table-wrap';
  await mark(head, wraps);
  const tables = await head.locator(wraps).count();
  const box = head.getByLabel('Identity Q, K, V (as in the robot lesson)');
  // What a learner sees of the tables, and what the explainer made of their numbers.
  const shown = (scope) => scope.locator(wraps).evaluateAll((ws) => ws.map((w) => {
    const cells = [...w.querySelectorAll('tr ~ tr > :not(:first-child)')];
    return { label: w.getAttribute('aria-label'), text: w.textContent,
      explainable: cells.every((c) => c.classList.contains('explainable') && c.tabIndex <= 0), stops: cells.filter((c) => c.tabIndex === 0).length };
  }));
  for (const on of [true, false]) {
    await box.setChecked(on);
    await head.locator('figure.heat-map figcaption', { hasText: on ? 'identity' : /^block 0, head 0$/ }).waitFor();
    await writesDone(page);
    assert.equal(await kept(head, wraps), tables, `identity ${on}: every table is the one drawn first`);
    const live = await shown(head);
    assert.match(live.find((t) => t.text.startsWith('scores')).label, on ? /√32/ : /√8/, 'the scores table says its divisor');
    assert.deepEqual(live.map((t) => [t.explainable, t.stops]), live.map(() => [true, 1]), 'every number can be explained, one tab stop a table');
    const { page: linked } = await open(`lm/?head.identity=${on}`);
    await demo(linked, 'head').locator('figure.heat-map figcaption', { hasText: on ? 'identity' : /^block 0, head 0$/ }).waitFor();
    await writesDone(linked);
    assert.deepEqual(live, await shown(demo(linked, 'head')), `identity ${on}: the tables of a page opened so`);
    await linked.close();
  }
  assert.deepEqual(problems, []);
  await page.close();
});

// ---- Branch lmhead12: the identity switch's new cells are made marked (docs/benchmarks.md, 2026-12-03 22:40). Counted.

test('the identity switch makes the head demo\'s 2,208 new number cells already marked: none is given a class or a tabindex once in the page', async () => {
  const { page, problems } = await open('lm/');
  const head = demo(page, 'head');
  const box = head.getByLabel('Identity Q, K, V (as in the robot lesson)');
  // Every class or tabindex written on a table cell already in the page, and every number cell added.
  await head.locator('.tables').evaluate((tables) => {
    window.__marks = [];
    window.__added = 0;
    new MutationObserver((list) => {
      for (const m of list) {
        if (m.type === 'attributes' && m.target.matches('td')) window.__marks.push(`${m.attributeName}: ${m.oldValue} -> ${m.target.getAttribute(m.attributeName)}`);
        if (m.type === 'childList') for (const node of m.addedNodes) window.__added += node.nodeType === 1 ? node.querySelectorAll?.('td').length + (node.matches('td') ? 1 : 0) : 0;
      }
    }).observe(tables, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'tabindex'], attributeOldValue: true });
  });
  await box.setChecked(true);
  await head.locator('figure.heat-map figcaption', { hasText: 'identity' }).waitFor();
  await writesDone(page); // the tables off screen are written in idle time (render/write-soon.js)
  const { marks, added } = await page.evaluate(() => ({ marks: window.__marks, added: window.__added }));
  assert.equal(added, 4 * 23 * 24, 'Q, K, V and the output gain 24 columns of 23 numbers');
  assert.deepEqual(marks.slice(0, 3), [], 'no cell is marked once in the page');
  const cells = await head.locator('table.matrix tr ~ tr > :not(:first-child)').evaluateAll((tds) => tds.filter((td) => !td.classList.contains('explainable') || td.tabIndex > 0).length);
  assert.equal(cells, 0, 'every number is explainable, reachable by the arrows');
  assert.deepEqual(problems, []);
  await page.close();
});

// ---- Branch robot10: a key more in the robot's scores writes only what changed in its table of keys
// (docs/benchmarks.md, 2026-12-03 16:00). Counted, not timed.

test('a key more in the robot\'s scores keeps every key\'s readings, value, dot product and score and the labels under its bar, writes only the weights and row labels, and shows what a page opened with that many keys shows', async () => {
  const { page, problems } = await open('robot/');
  const scores = demo(page, 'scores');
  const table = scores.locator('table.matrix[data-name="keys"]');
  const keys = Number(await scores.getByLabel('Number of keys (slider)').inputValue());
  // Each row already there, marked; then every cell whose text is written, by the label of its column.
  await table.evaluate((t) => {
    for (const tr of [...t.rows].slice(1)) tr.dataset.kept = 'yes';
    window.__writtenColumns = [];
    new MutationObserver((list) => {
      for (const m of list) {
        const cell = (m.target.nodeType === 1 ? m.target : m.target.parentElement).closest('td, th');
        if (cell?.parentElement.dataset.kept !== 'yes') continue;
        window.__writtenColumns.push(t.rows[0].children[cell.cellIndex].textContent || 'label');
      }
    }).observe(t, { subtree: true, characterData: true, childList: true });
  });
  // And every value and steps-back label under the strip's bars whose text is written.
  await scores.locator('.strip-foot').evaluate((foot) => {
    const before = new Set(foot.children);
    window.__writtenLabels = 0;
    const label = (node) => (node.nodeType === 1 ? node : node.parentElement);
    new MutationObserver((list) => { window.__writtenLabels += list.filter((m) => before.has(label(m.target))).length; })
      .observe(foot, { subtree: true, characterData: true, childList: true });
  });
  const slider = scores.getByLabel('Number of keys (slider)');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((n) => document.querySelectorAll('.demo[data-instance="scores"] table.matrix[data-name="keys"] tr').length === n + 1, keys + 1);
  const written = new Set(await page.evaluate(() => window.__writtenColumns));
  assert.deepEqual([...written].sort(), ['label', 'weight'], 'in the rows already there, only the row labels and the weights are written');
  assert.equal(await table.locator('tr[data-kept="yes"]').count(), keys, 'every row already there is the same element');
  assert.equal(await page.evaluate(() => window.__writtenLabels), 0, 'under the strip, the new key\'s labels are added and no other label is written');
  const { page: linked } = await open(`robot/?scores.keys=${keys + 1}`);
  const cells = (scope) => scope.locator('table.matrix').evaluateAll((ts) => ts.map((t) => [...t.rows].map((tr) => [...tr.children].map((c) => c.textContent))));
  assert.deepEqual(await cells(scores), await cells(demo(linked, 'scores')), 'the tables are those of a page opened with that many keys');
  const strip = (scope) => scope.locator('figure.weight-strip').evaluate((f) => ({
    foot: [...f.querySelector('.strip-foot').children].map((c) => [c.className, c.textContent]),
    columns: f.querySelector('.strip-foot').style.gridTemplateColumns,
    bars: [...f.querySelectorAll('rect')].map((r) => ['x', 'y', 'width', 'height'].map((a) => r.getAttribute(a)).concat(r.style.getPropertyValue('--w'))),
  }));
  assert.deepEqual(await strip(scores), await strip(demo(linked, 'scores')), 'the strip is that of a page opened with that many keys');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((n) => document.querySelectorAll('.demo[data-instance="scores"] table.matrix[data-name="keys"] tr').length === n + 1, keys);
  const { page: preset } = await open('robot/');
  assert.deepEqual(await cells(scores), await cells(demo(preset, 'scores')), 'a key fewer again: the tables of the lesson\'s page');
  assert.deepEqual(await strip(scores), await strip(demo(preset, 'scores')), 'and its strip');
  assert.deepEqual(problems, []);
  await Promise.all([linked.close(), preset.close()]);
  await page.close();
});

// ---- Branch ctl11: the slowest single controls (docs/benchmarks.md, 2026-12-03 18:05). Counted, not timed.

test('a drag move on the layers demo\'s pictures sets no attribute to the value it had, keeps every label\'s text, and draws what a page opened with those positions draws', async () => {
  const { page, problems } = await open('table/');
  const layers = demo(page, 'layers');
  await watchAttributes(layers, 'svg.table-top *');
  await layers.locator('svg.table-top text').evaluateAll((texts) => texts.forEach((t) => { t.firstChild.kept = true; }));
  const first = layers.locator('.attention-grid > figure:first-child .object').first();
  await first.scrollIntoViewIfNeeded();
  const box = await first.locator('circle').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let k = 1; k <= 3; ++k) await page.mouse.move(box.x + box.width / 2 + 8 * k, box.y + box.height / 2 + 4 * k);
  await page.mouse.up();
  await page.waitForFunction(() => !window.attnLesson.addressPending() && /layers\.positions=/.test(location.search));
  const writes = await written(page);
  assert.ok(writes.some((w) => w.name === 'transform'), 'the object moved');
  assert.deepEqual(writes.filter((w) => w.same), [], 'no attribute is set to the value it had');
  assert.equal(await layers.locator('svg.table-top text').evaluateAll((texts) => texts.filter((t) => !t.firstChild.kept).length), 0,
    'every label keeps its text node');
  const { page: linked } = await open(`table/${await page.evaluate(() => location.search)}`);
  // The tab stop is on the object last moved (a fresh page has it on the first): the rest must be the same.
  const pictures = (scope) => scope.locator('.attention-grid').evaluate((grid) => grid.innerHTML.replace(/ tabindex="-?\d"/g, ''));
  assert.equal(await pictures(layers), await pictures(demo(linked, 'layers')), 'the pictures are those of a page opened with those positions');
  assert.deepEqual(problems, []);
  await linked.close();
  await page.close();
});

test('a Reset draws the answer its demo computed for the preset without asking the core again, and asks once a network the demo reads has changed', async () => {
  const { page, problems } = await open('table/');
  const hand = demo(page, 'hand');
  const atPreset = await printed(page, 'hand');
  // Every call the page makes to the core for this demo, counted from here on.
  await page.evaluate(() => {
    const { core, demos } = window.attnLesson;
    const id = demos.get('hand').demo.id;
    const run = core.run;
    window.__runs = 0;
    core.run = (demoId, params) => { if (demoId === id) window.__runs += 1; return run.call(core, demoId, params); };
  });
  const runs = () => page.evaluate(() => window.__runs);
  await hand.getByLabel('Objects on the table', { exact: true }).fill('6');
  await page.waitForFunction((before) => document.querySelector('.demo[data-instance="hand"] pre.printed').innerText !== before, atPreset);
  assert.equal(await runs(), 1, 'a new value asks the core');
  await hand.getByRole('button', { name: 'Reset to the lesson\'s values' }).click();
  await page.waitForFunction((before) => document.querySelector('.demo[data-instance="hand"] pre.printed').innerText === before, atPreset);
  assert.equal(await runs(), 1, 'the Reset draws the preset\'s answer the demo has');
  // The same weights loaded again, as a file: the network the demo reads has changed, so its answer is asked again.
  await page.evaluate(() => {
    const { demos, networks } = window.attnLesson;
    const slot = demos.get('hand').demo.networks[0];
    networks.use(slot, networks.text(slot), { kind: 'file', name: 'the-same-weights.json' });
  });
  await page.waitForFunction(() => window.__runs === 2);
  assert.equal(await printed(page, 'hand'), atPreset, 'the same weights give the same answer');
  assert.deepEqual(problems, []);
  await page.close();
});
