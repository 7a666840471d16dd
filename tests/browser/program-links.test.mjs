// Program links that are damaged or hostile (issue 20, item 3): ?INSTANCE.program= is refused past 64 KB
// packed and unpacked as a stream that stops at 256 KB, so a deflate bomb costs nothing, and a link whose
// program cannot be opened says so in the panel, which then shows the lesson's program.
// (A file of its own, with its own browser: the robot page's panels load Python and CodeMirror.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { demo, useSite } from '../support/site.mjs';
import { ROOT } from '../support/core.mjs';

const site = useSite();
const q = encodeURIComponent;

// The packing: deflate-raw, then base64url (web/runtime/programs/program-pack.js).
const base64url = (bytes) => Buffer.from(bytes).toString('base64url');
const panel = (page, instance) => demo(page, instance).locator('details.program');
const programReady = (page, instance) => page.waitForFunction((i) =>
  document.querySelector(`.demo[data-instance="${i}"] details.program`)?.dataset.ready === 'true', instance, { timeout: 20000 });
const editorText = (page, instance) => page.evaluate((i) =>
  document.querySelector(`.demo[data-instance="${i}"] details.program`).programEditor.text(), instance);
const lessonProgramStart = fs.readFileSync(path.join(ROOT, 'lessons/robot/programs/scores.py'), 'utf8').split('\n')[0];

test('program links: a deflate bomb (52 KB of link, 40 MB unpacked) is refused with a message and the lesson\'s program opens', async () => {
  const bomb = base64url(zlib.deflateRawSync(Buffer.alloc(40 * 1024 * 1024, 'a'), { level: 9 }));
  const started = Date.now();
  const { page, problems } = await site.open(`robot/?scores.program=${bomb}`);
  await programReady(page, 'scores');
  console.log(`# deflate bomb: ${(bomb.length / 1024).toFixed(0)} KB packed, 40 MB unpacked: panel ready after ${Date.now() - started} ms`);
  assert.equal(await panel(page, 'scores').locator('.program-origin').innerText(),
    'The program in this link is too long to open (over 256 KB once unpacked); the lesson\'s program is shown instead.');
  assert.equal((await editorText(page, 'scores')).split('\n')[0], lessonProgramStart);
  assert.deepEqual(problems, []);
  await page.close();
});

test('program links: a program link over 64 KB packed is refused before it is unpacked', async () => {
  const html = fs.readFileSync(path.join(ROOT, 'site/robot/index.html'), 'utf8');
  const { page, problems } = await site.open('robot/');
  // Python's http.server answers 414 to so long an address; the page itself is served from the file here.
  await page.route(/robot\/\?scores\.program=/, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${site.server.url}robot/?scores.program=${'A'.repeat(70 * 1024)}`);
  await programReady(page, 'scores');
  assert.equal(await panel(page, 'scores').locator('.program-origin').innerText(),
    'The program in this link is too long to open (over 64 KB packed); the lesson\'s program is shown instead.');
  assert.deepEqual(problems, []);
  await page.close();
});

test('program links: a program link that is not base64url or not deflate says it could not be read', async () => {
  for (const packed of ['not*base64!', base64url(Buffer.from('plain text, never deflated'))]) {
    const { page, problems } = await site.open(`robot/?scores.program=${q(packed)}`);
    await programReady(page, 'scores');
    assert.equal(await panel(page, 'scores').locator('.program-origin').innerText(),
      'The program in this link could not be read (the link may have been cut short or changed); the lesson\'s program is shown instead.', packed);
    assert.equal((await editorText(page, 'scores')).split('\n')[0], lessonProgramStart);
    assert.deepEqual(problems, []);
    await page.close();
  }
});
