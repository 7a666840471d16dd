// The lesson's trained weights as the site ships those a page loads at once: the
// weights file's JSON (core/nn/weights_json.hpp, its one reader) with each parameter's "values" list
// replaced by the number of its values, a newline, then every value as a float32 in four planes of bytes
// (the lowest byte of every value, then the next, ...). The same bits as the text's numbers, in 30 %
// fewer gzip bytes: a float's decimal digits take more than its four bytes, and its sign-and-exponent
// bytes side by side compress well. The page turns it back into the weights file's JSON, which the core
// reads and checks as ever; scripts/pack-weights.mjs writes it at build time and checks every bit.
import { say } from './strings/index.js';

/** The name of the packed form of weights file `file` (weights/x.json -> weights/x.f32). */
export const packedName = (file) => file.replace(/\.json$/, '.f32');

// The JSON part holds names, shapes and recorded figures, never the values: a few KB.
export const MAX_HEADER_BYTES = 64 * 1024;
// The most values a packed file may hold: as many as a weights file of the core's largest text could.
export const MAX_VALUES = 1 << 22;

/** A refusal in words, naming what is wrong with the file. */
const refuse = (why) => new Error(say('weights.packed_refused', { why }));

/** The parameters of the header, each with a whole, positive count of values; throws a refusal. */
function counts(doc) {
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.parameters)) throw refuse(say('weights.packed_no_parameters'));
  return doc.parameters.map((p) => {
    if (!p || !Number.isInteger(p.values) || p.values < 1 || p.values > MAX_VALUES) throw refuse(say('weights.packed_bad_count'));
    return p.values;
  });
}

/**
 * The weights file's JSON text from its packed bytes (an ArrayBuffer); throws a sentence when the bytes are
 * not a packed weights file (no header, a header too long or not JSON, counts that do not match the bytes).
 */
export function unpackWeights(buffer) {
  const bytes = new Uint8Array(buffer);
  const end = bytes.subarray(0, MAX_HEADER_BYTES + 1).indexOf(0x0a);
  if (end < 0) throw refuse(say('weights.packed_no_header'));
  let doc;
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end)));
  } catch {
    throw refuse(say('weights.packed_no_header'));
  }
  const sizes = counts(doc);
  const n = sizes.reduce((sum, k) => sum + k, 0);
  if (n > MAX_VALUES || bytes.length - end - 1 !== 4 * n) throw refuse(say('weights.packed_wrong_length'));
  const planes = bytes.subarray(end + 1);
  const float = new DataView(new ArrayBuffer(4));  // one value's four bytes, lowest first
  let at = 0;
  for (const [k, p] of doc.parameters.entries()) {
    p.values = new Array(sizes[k]);
    for (let i = 0; i < sizes[k]; ++i, ++at) {
      for (let b = 0; b < 4; ++b) float.setUint8(b, planes[b * n + at]);
      // Nine digits, as the weights file writes a float (core/nn/weights_json.cpp): the core reads them back to the same bits.
      p.values[i] = Number(float.getFloat32(0, true).toPrecision(9));
    }
  }
  return JSON.stringify(doc);
}
