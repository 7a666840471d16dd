// Writes the packed form of a weights file (web/runtime/packed-weights.js says what it is and why), for the
// networks a page loads at once; the site build calls it for each (scripts/build-site.mjs, copyLessonFiles).
// It reads the packed bytes back as the page will and stops the build unless every float has the same bits
// as the core makes of the text (a decimal to the nearest double, then to the nearest float).
import { unpackWeights } from '../web/runtime/packed-weights.js';

/** The floats of a weights file's values, in file order, as the core reads them. */
const floatsOf = (doc) => Float32Array.from(doc.parameters.flatMap((p) => p.values));

/** @returns {Buffer} the packed bytes of the weights file's JSON `text` */
export function packWeights(text, file = 'weights') {
  const doc = JSON.parse(text);
  const floats = floatsOf(doc);
  const bytes = new Uint8Array(floats.buffer);  // little-endian on every machine this project builds on (checked below)
  const n = floats.length;
  const planes = new Uint8Array(4 * n);
  for (let i = 0; i < n; ++i) for (let b = 0; b < 4; ++b) planes[b * n + i] = bytes[4 * i + b];
  const header = { ...doc, parameters: doc.parameters.map((p) => ({ ...p, values: p.values.length })) };
  const packed = Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), planes]);
  const back = floatsOf(JSON.parse(unpackWeights(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length))));
  const same = back.length === n && new Uint32Array(back.buffer).every((bits, i) => bits === new Uint32Array(floats.buffer)[i]);
  if (!same) throw new Error(`${file}: its packed form does not read back to the same floats`);
  return packed;
}
