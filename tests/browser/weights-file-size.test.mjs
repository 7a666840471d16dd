// A weights file larger than the core takes, opened through the table lesson's own file input:
// the page refuses it by its size before reading it, so the module's memory does not grow
// (before, a 100 MB file grew it from 17 to 217 MB, for good: WebAssembly memory never shrinks).
import { test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { demo, printed, useSite } from '../support/site.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

const site = useSite();
// How many times the core's limit the test file is: past it by enough that a copy into the module
// (about 17 MB of memory once the networks are loaded) would have to grow its memory.
const TIMES_THE_LIMIT = 2;

test('table page: a weights file over the core\'s limit is refused by its size, in words, and the module\'s memory does not grow', async () => {
  const { page, problems } = await site.open('table/');
  const train = demo(page, 'train');
  await train.locator('input[type=file]').waitFor({ state: 'attached' });
  const labBefore = await printed(page, 'lab');
  const limit = await page.evaluate(() => window.attnLesson.core.maxJsonBytes);  // the core's own number
  assert.equal(typeof limit, 'number');
  const memory = () => page.evaluate(() => window.attnLesson.core.module.HEAP8.byteLength);
  const before = await memory();

  const size = TIMES_THE_LIMIT * limit;
  const buffer = Buffer.alloc(size, ' ');
  buffer.write('{"format": "attn-nn-weights", "version": 1, "model": "lookup", "parameters": []}');
  // Given as a file on disk, which the browser opens itself: as a buffer, playwright-core would send
  // every byte over its pipe in base64 (18 s for 8 MB on a busy machine).
  const file = path.join(scratchDir('weights-size-'), 'huge.json');
  fs.writeFileSync(file, buffer);
  const status = train.locator('.train-status');
  const statusBefore = await status.innerText();
  await train.locator('input[type=file]').setInputFiles(file);
  await page.waitForFunction((old) => document.querySelector('.demo[data-instance="train"] .train-status').innerText !== old, statusBefore);

  assert.equal(await memory(), before, 'the module\'s memory is as it was');
  const text = await status.innerText();
  assert.match(text, /^huge\.json is too large to be a weights file/);
  assert.ok(text.includes(`${size.toLocaleString('en')} bytes`), text);
  assert.ok(text.includes(`at most ${limit.toLocaleString('en')} bytes`), text);
  assert.match(text, /Nothing was loaded; the weights in use stay\.$/);
  assert.equal(await printed(page, 'lab'), labBefore);
  assert.deepEqual(problems, []);
  fs.rmSync(path.dirname(file), { recursive: true });
});
