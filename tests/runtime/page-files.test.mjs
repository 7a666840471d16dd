// Files the page fetches and saves: a lesson's data files with errors that name the file (web/runtime/
// lesson-files.js), packed weights unpacked on the way, and a file offered as a download (save-file.js) whose
// address outlives the click by a minute, as a slow machine needs.
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';

const { document } = parseHTML('<html><body></body></html>');
globalThis.document = document;
const { fetchText, fetchWeights, requireLoaded } = await import('../../web/runtime/lesson-files.js');
const { saveFile } = await import('../../web/runtime/save-file.js');

/** A fetch that serves `files` (name -> text or bytes) and answers 404 for any other. */
const serve = (files) => async (name) => (name in files
  ? { ok: true, status: 200, text: async () => files[name], arrayBuffer: async () => files[name] }
  : { ok: false, status: 404 });

test('lesson files: a file the server refuses is an error that names it and the status', async () => {
  globalThis.fetch = serve({ 'a.json': '{"x":1}' });
  assert.equal(await fetchText('a.json'), '{"x":1}');
  await assert.rejects(fetchText('weights/b.json'), { message: 'weights/b.json: HTTP 404' });
  await assert.rejects(fetchWeights('weights/b.f32'), { message: 'weights/b.f32: HTTP 404' });
});

test('lesson files: packed weights are unpacked into the weights file\'s JSON, and a damaged one is named with the reason', async () => {
  const one = new Uint8Array([...new TextEncoder().encode('{"parameters":[{"values":1}]}\n'), 0, 0, 0x80, 0x3f]); // 1.0f, lowest byte first
  globalThis.fetch = serve({ 'w.f32': one.buffer, 'bad.f32': new Uint8Array([1, 2, 3]).buffer });
  assert.deepEqual(JSON.parse(await fetchWeights('w.f32')), { parameters: [{ values: [1] }] });
  await assert.rejects(fetchWeights('bad.f32'), /^Error: bad\.f32: /);
});

test('lesson files: a weights file the core refused is an error naming the file and the core\'s words', () => {
  assert.doesNotThrow(() => requireLoaded({ ok: true }, 'w.json'));
  assert.throws(() => requireLoaded({ ok: false, error: { message: 'no "model" field' } }, 'w.json'), { message: 'w.json: no "model" field' });
});

test('save file: the download link carries the name, is clicked once and gone, and its address is revoked a minute later', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  const revoked = [];
  const made = [];
  globalThis.URL.createObjectURL = (blob) => { made.push(blob); return 'blob:1'; };
  globalThis.URL.revokeObjectURL = (url) => revoked.push(url);
  const clicks = [];
  document.addEventListener('click', (event) => clicks.push([event.target.download, event.target.getAttribute('href')]));
  saveFile('progress.json', '{"a":1}', 'application/json');
  assert.deepEqual(clicks, [['progress.json', 'blob:1']]);
  assert.equal(made[0].type, 'application/json');
  assert.equal(document.querySelector('a'), null, 'the link is gone after the click');
  mock.timers.tick(59_999);
  assert.deepEqual(revoked, []);
  mock.timers.tick(1);
  assert.deepEqual(revoked, ['blob:1']);
  mock.timers.reset();
});
