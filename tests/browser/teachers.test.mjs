// What a teacher can do with the lesson format, in the browser (issue 12):
// the fourth lesson's demos at their presets, locks and hides from the lesson and
// from a link, Reset back to the preset, each demo's embed page inside an iframe,
// and the learner's progress (kept, exported, erased).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { demo, printed, useSite } from '../support/site.mjs';
import { demosReady, dialogAnswered, openPage } from '../support/browser.mjs';
import { ROOT } from '../support/core.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

const site = useSite();
const { cases } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/block_reference.json'), 'utf8'));
const numpyAt = (id, params) => cases.find((c) => c.demo === id && JSON.stringify(c.params) === JSON.stringify(params)).printed.join('\n');

test('block lesson: each demo prints what NumPy prints at its preset, with no console errors', async () => {
  const { page, problems } = await site.open('block/');
  for (const [instance, id, params] of [['residual', 'block_residual', {}], ['norm', 'block_layer_norm', {}],
    ['ffn', 'block_feed_forward', {}], ['stack', 'block_stack', {}]]) {
    assert.equal((await printed(page, instance)).trim(), numpyAt(id, params), instance);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('locks: a control the lesson locks is disabled with the reason, and the state refuses it', async () => {
  const { page } = await site.open('block/');
  const q2 = demo(page, 'q2');
  const residual = q2.locator('.control.locked', { hasText: 'Residual connections' });
  assert.equal(await residual.locator('input').isDisabled(), true);
  assert.match(await residual.textContent(), /Locked by the lesson/); // inside a closed <details>: not rendered
  const refused = await page.evaluate(() => window.attnLesson.demos.get('q2').state.set({ residual: true }));
  assert.deepEqual(refused, ['residual']);
  assert.equal(await page.evaluate(() => window.attnLesson.demos.get('q2').state.get('residual')), false);
  await page.close();
});

test('locks: a link sets, locks and hides, says which controls it locked, and Reset keeps the link\'s locked value', async () => {
  const { page } = await site.open('block/?stack.blocks=6&stack.lock=blocks,residual&stack.hide=norm');
  const stack = demo(page, 'stack');
  assert.match(await stack.locator('.link-locks').innerText(), /locked “Blocks”, “Residual connections”/);
  assert.equal(await stack.locator('.control', { hasText: 'Layer normalisation' }).count(), 0);
  assert.match(await stack.locator('.control.locked', { hasText: 'Blocks' }).innerText(), /Locked by the link/);
  assert.equal((await printed(page, 'stack')).trim(), numpyAt('block_stack', { blocks: 6 }));
  await stack.locator('button.reset').click();
  assert.equal(await page.evaluate(() => window.attnLesson.demos.get('stack').state.get('blocks')), 6);
  await page.close();
});

test('reset: an unlocked demo returns to the lesson\'s preset', async () => {
  const { page } = await site.open('block/?stack.blocks=3');
  await demo(page, 'stack').locator('button.reset').click();
  await page.waitForFunction(() => window.attnLesson.demos.get('stack').state.isPreset());
  await page.waitForFunction(() => !location.search.includes('stack.blocks'));
  await page.close();
});

test('embed: every demo instance of every lesson has its own page, and one works inside an iframe with the link\'s locks', async () => {
  for (const slug of ['attention', 'robot', 'table', 'block']) {
    const html = fs.readFileSync(path.join(ROOT, 'site', slug, 'index.html'), 'utf8');
    for (const [, instance] of html.matchAll(/<div class="demo" data-demo="[\w-]+" data-instance="([^"]+)"/g)) {
      assert.ok(fs.existsSync(path.join(ROOT, 'site', slug, `embed-${instance}.html`)), `${slug}: embed-${instance}.html`);
    }
  }
  const host = `<!doctype html><title>Course</title><iframe title="demo" width="800" height="700"
    src="/block/embed-stack.html?stack.blocks=6&stack.lock=blocks"></iframe>`;
  const { page, problems } = await site.open('index.html', undefined);
  await page.route('**/course.html', (route) => route.fulfill({ contentType: 'text/html', body: host }));
  await page.goto(`${site.server.url}course.html`);
  const frame = page.frameLocator('iframe');
  await frame.locator('.demo[data-instance="stack"] pre.printed').first().waitFor({ timeout: 20000 });
  assert.equal((await frame.locator('.demo[data-instance="stack"] pre.printed').innerText()).trim(), numpyAt('block_stack', { blocks: 6 }));
  assert.equal(await frame.locator('.control.locked', { hasText: 'Blocks' }).locator('input').first().isDisabled(), true);
  assert.equal(await frame.locator('details.demo-source').count(), 1);
  assert.equal(await frame.locator('.demo-links').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('embed: the Embed button gives an iframe snippet pointing at the demo\'s page with its state', async () => {
  const { page } = await site.open('block/?stack.blocks=3');
  await demo(page, 'stack').locator('button.embed-button').click();
  const snippet = await demo(page, 'stack').locator('pre.embed-snippet').textContent();
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/block\/embed-stack\.html\?stack\.blocks=3" title="[^"]+"/);
  await page.close();
});

test('progress: answers and I-tried-this marks survive a reload, export, and are gone after erase', async () => {
  const { page } = await site.open('block/');
  await page.locator('.check textarea').first().fill('a row of zeros');
  await page.locator('input[data-tried="stack"]').check();
  await page.reload();
  await demosReady(page);
  assert.equal(await page.locator('.check textarea').first().inputValue(), 'a row of zeros');
  assert.equal(await page.locator('input[data-tried="stack"]').isChecked(), true);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export my progress (JSON)' }).click()]);
  const report = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  const mine = report.lessons.block; // docs/progress-export.md
  assert.deepEqual(mine.tried.map((t) => t.instance), ['stack']);
  assert.equal(mine.tried[0].title, await demo(page, 'stack').locator('legend').first().innerText(), 'each demo is named by its title');
  assert.equal(mine.answers[0].answer, 'a row of zeros');

  await page.getByRole('button', { name: 'Erase all my answers and marks…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Erase them all' }).click(); // it asks first
  await dialogAnswered(page);
  await page.reload();
  await demosReady(page);
  assert.equal(await page.locator('.check textarea').first().inputValue(), '');
  assert.equal(await page.locator('input[data-tried="stack"]').isChecked(), false);
  assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('attn-')).length), 0);
  await page.close();
});

test('new lesson: the lesson scripts/new-lesson.sh makes builds, and its demo works in the browser', async () => {
  const { execFileSync } = await import('node:child_process');
  const os = await import('node:os');
  const { buildLessons } = await import('../support/site-build.mjs');
  const { serveFolder } = await import('../support/server.mjs');
  const { openPage } = await import('../support/browser.mjs');
  const lessons = scratchDir('attn-lessons-');
  execFileSync(path.join(ROOT, 'scripts/new-lesson.sh'), ['my-course'], { env: { ...process.env, ATTN_LESSONS: lessons } });
  const { status, stderr, site: folder } = buildLessons(lessons);
  assert.equal(status, 0, stderr);
  const server = await serveFolder(folder);
  try {
    const { page, problems } = await openPage(site.browser.context, `${server.url}my-course/`);
    assert.equal((await printed(page, 'first')).trim(), numpyAt('block_residual', {}));
    assert.equal(await demo(page, 'first').locator('.control', { hasText: 'Add the input back' }).count(), 0, 'data-hide="residual"');
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    server.close();
  }
});

test('embed: a host page on another origin that pastes the Embed snippet fits the frame to the demo, and follows it when it grows', async () => {
  const { serveFolder } = await import('../support/server.mjs');
  const os = await import('node:os');
  const { MIN_HEIGHT_PX, MAX_HEIGHT_PX } = await import('../../web/runtime/embed-height.js');
  const { page: lesson } = await site.open('block/?stack.blocks=2');
  await demo(lesson, 'stack').locator('button.embed-button').click();
  const snippet = await demo(lesson, 'stack').locator('pre.embed-snippet').textContent();
  await lesson.close();
  assert.match(snippet, /height="720"/, 'the fixed height stays as the fallback');
  const folder = scratchDir('attn-host-');
  fs.writeFileSync(path.join(folder, 'course.html'), `<!doctype html><html lang="en"><title>Course</title><link rel="icon" href="data:,"><h1>A course page</h1>\n${snippet}\n<p>After the demo.</p></html>`);
  const host = await serveFolder(folder); // another port: another origin than the site's
  try {
    const { page, problems } = await openPage(site.browser.context, `${host.url}course.html`, undefined, { demos: false });
    const frameElement = page.locator('iframe');
    const frame = page.frameLocator('iframe');
    await frame.locator('html[data-demos-ready="true"]').waitFor({ timeout: 20000 });
    const inner = () => frame.locator('body').evaluate((body) => Math.ceil(body.getBoundingClientRect().bottom + window.scrollY));
    const outer = () => frameElement.evaluate((f) => f.getBoundingClientRect().height);
    const nextFrame = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    /** Waits, frame by frame, until the iframe is as tall as its content and `also` holds. */
    const fitted = async (also = () => true) => {
      for (let i = 0; ; i++) {
        const [o, n] = [await outer(), await inner()];
        if (Math.abs(o - n) <= 1 && also(o)) return o;
        assert.ok(i < 600, `the frame is ${o} px tall for ${n} px of content`);
        await nextFrame();
      }
    };
    const before = await fitted();
    assert.notEqual(before, 720, 'the frame left its fixed height');
    // Changes that grow the demo: more blocks, and the C++ it ran opened under it.
    await frame.locator('.control', { hasText: 'Blocks' }).getByRole('textbox').fill('6');
    await frame.locator('details.demo-source summary').click();
    await fitted((height) => height > before + 100);

    // Only its frame's messages of the documented shape move it, within bounds. A listener added after
    // the snippet's sees each message once the snippet's has handled it.
    const seen = await page.evaluate(() => {
      window.heights = [];
      addEventListener('message', (event) => window.heights.push(document.querySelector('iframe').style.height));
      window.postMessage({ type: 'attn-embed-height', height: 300 }, '*'); // the host's own window, not the frame
      return document.querySelector('iframe').style.height;
    });
    const inFrame = page.frames().find((f) => f !== page.mainFrame());
    await inFrame.evaluate(() => {
      for (const data of [{ type: 'other', height: 300 }, { type: 'attn-embed-height', height: 'tall' }, { type: 'attn-embed-height', height: Infinity },
        null, { type: 'attn-embed-height', height: 1e9 }, { type: 'attn-embed-height', height: 2 }]) window.parent.postMessage(data, '*');
    });
    // (A frame cut to the smallest height may then send its height again, with a scroll bar: a later message.)
    await page.waitForFunction(() => window.heights.length >= 7);
    assert.deepEqual(await page.evaluate(() => window.heights.slice(0, 7)),
      [seen, seen, seen, seen, seen, `${MAX_HEIGHT_PX}px`, `${MIN_HEIGHT_PX}px`]);
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    host.close();
  }
});
