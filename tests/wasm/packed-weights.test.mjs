// The weights a page fetches with its module travel packed (web/runtime/packed-weights.js, written by
// scripts/pack-weights.mjs): read back, every network gives the core the floats its JSON gives, so every
// demo the same answer; bytes that are not a packed weights file are refused in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadModule } from '../../scripts/core-modules.mjs';
import { packWeights } from '../../scripts/pack-weights.mjs';
import { MAX_HEADER_BYTES, MAX_VALUES, unpackWeights } from '../../web/runtime/packed-weights.js';
import { lessonModels } from '../support/core.mjs';

const arrayBuffer = (bytes) => { const b = Buffer.from(bytes); return b.buffer.slice(b.byteOffset, b.byteOffset + b.length); };

test('packed weights: every lesson network read back from its packed form gives each demo the answer its JSON gives', async () => {
  const fromJson = await loadModule('table');
  const fromPacked = await loadModule('table');
  const models = lessonModels();
  assert.ok(models.length >= 5);
  for (const [slot, file] of models) {
    const text = fs.readFileSync(file, 'utf8');
    assert.equal(fromJson.loadModel(slot, text).ok, true, file);
    const unpacked = unpackWeights(arrayBuffer(packWeights(text, file)));
    assert.equal(fromPacked.loadModel(slot, unpacked).ok, true, file);
  }
  for (const id of fromJson.demos.keys()) assert.deepEqual(fromPacked.run(id, {}), fromJson.run(id, {}), id);
});

test('packed weights: bytes that are not a packed weights file are refused in words, naming what is wrong', () => {
  const [, file] = lessonModels()[0];
  const packed = packWeights(fs.readFileSync(file, 'utf8'), file);
  const refusals = [
    [[1, 2, 3], /first line is not the JSON description/],
    [new Uint8Array(MAX_HEADER_BYTES + 10).fill(32), /first line is not the JSON description/],
    [packed.subarray(0, packed.length - 1), /length does not match the number of values/],
    [Buffer.concat([packed, Buffer.from([0])]), /length does not match the number of values/],
    [Buffer.from('{"parameters":[{"values":-1}]}\n'), /whole number from 1/],
    [Buffer.from(`{"parameters":[{"values":${MAX_VALUES + 1}}]}\n`), /whole number from 1/],
    [Buffer.from(`{"parameters":[{"values":${MAX_VALUES}},{"values":${MAX_VALUES}}]}\n`), /length does not match/],
    [Buffer.from('{"model":"lookup"}\n'), /lists no parameters/],
  ];
  for (const [bytes, message] of refusals) assert.throws(() => unpackWeights(arrayBuffer(bytes)), message);
});
