// Packed weights (web/runtime/packed-weights.js): a header of JSON, a newline, then every value as a float32
// in four planes of bytes, lowest byte first. Packed here by hand from that description, then unpacked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_VALUES, packedName, unpackWeights } from '../../web/runtime/packed-weights.js';

/** The packed bytes of `doc` whose parameters hold `values` lists (the format as the module's comment states it). */
function pack(doc) {
  const all = doc.parameters.flatMap((p) => p.values);
  const header = JSON.stringify({ ...doc, parameters: doc.parameters.map((p) => ({ ...p, values: p.values.length })) });
  const head = new TextEncoder().encode(`${header}\n`);
  const out = new Uint8Array(head.length + 4 * all.length);
  out.set(head);
  const one = new DataView(new ArrayBuffer(4));
  all.forEach((v, at) => {
    one.setFloat32(0, v, true);
    for (let b = 0; b < 4; ++b) out[head.length + b * all.length + at] = one.getUint8(b);
  });
  return out.buffer;
}

test('packed weights: each value comes back as the float32 nearest it, written with nine significant digits', () => {
  const doc = { model: 'lookup', parameters: [{ name: 'W', shape: [2], values: [0.1, -2.5] }, { name: 'b', shape: [1], values: [1e-8] }] };
  assert.deepEqual(JSON.parse(unpackWeights(pack(doc))), {
    model: 'lookup',
    parameters: [{ name: 'W', shape: [2], values: [0.100000001, -2.5] }, { name: 'b', shape: [1], values: [9.99999994e-9] }],
  });
});

test('packed weights: bytes one short of the counts, a header with no newline and a count out of range are refused in words', () => {
  const bytes = new Uint8Array(pack({ parameters: [{ name: 'W', values: [1, 2] }] }));
  assert.throws(() => unpackWeights(bytes.slice(0, -1).buffer), /weights/i);
  assert.throws(() => unpackWeights(new TextEncoder().encode('{"parameters": []}').buffer), /weights/i);
  const tooMany = new TextEncoder().encode(`${JSON.stringify({ parameters: [{ values: MAX_VALUES + 1 }] })}\n`);
  assert.throws(() => unpackWeights(tooMany.buffer), /weights/i);
  const notWhole = new TextEncoder().encode(`${JSON.stringify({ parameters: [{ values: 1.5 }] })}\n\0\0\0\0`);
  assert.throws(() => unpackWeights(notWhole.buffer), /weights/i);
});

test('packed weights: the packed form of weights/x.json is weights/x.f32', () => {
  assert.equal(packedName('table/weights/find-plain-256.json'), 'table/weights/find-plain-256.f32');
});
