// The offline worker's list of files (scripts/precache.mjs): every file of the site with a hash of
// its bytes, the worker itself left out, the files that load on request marked lazy, and a new
// version exactly when a file changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { writeServiceWorker } from '../../scripts/precache.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

function site(files) {
  const dir = scratchDir('precache-');
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
const FILES = { 'index.html': 'list', 'robot/index.html': 'robot', 'assets/core-attention.wasm': 'wasm', 'table/weights/big.json': '{}' };

test('precache: every file but sw.js, with relative URLs and content hashes; on-request files are lazy', () => {
  const dir = site(FILES);
  const manifest = writeServiceWorker(dir, ['table/weights/big.json']);
  assert.deepEqual(manifest.files.map((f) => f.url), Object.keys(FILES).sort());
  assert.ok(manifest.files.every((f) => /^[0-9a-f]{16}$/.test(f.revision)));
  assert.deepEqual(manifest.files.filter((f) => f.lazy).map((f) => f.url), ['table/weights/big.json']);
  const worker = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  assert.ok(worker.includes(`const MANIFEST = ${JSON.stringify(manifest)};`));
  assert.equal(writeServiceWorker(dir, ['table/weights/big.json']).files.length, manifest.files.length, 'sw.js never lists itself');
  fs.rmSync(dir, { recursive: true });
});

test('precache: the version changes when one file changes, and only that file\'s revision', () => {
  const dir = site(FILES);
  const first = writeServiceWorker(dir);
  assert.equal(writeServiceWorker(dir).version, first.version, 'same bytes, same version');
  fs.writeFileSync(path.join(dir, 'robot/index.html'), 'robot, new text');
  const second = writeServiceWorker(dir);
  assert.notEqual(second.version, first.version);
  const changed = second.files.filter((f, i) => f.revision !== first.files[i].revision).map((f) => f.url);
  assert.deepEqual(changed, ['robot/index.html']);
  fs.rmSync(dir, { recursive: true });
});

test('precache: a lazy file the site does not have is refused', () => {
  const dir = site(FILES);
  assert.throws(() => writeServiceWorker(dir, ['table/weights/gone.json']), /gone\.json/);
  fs.rmSync(dir, { recursive: true });
});
