// A lesson's data files (weights, summaries, charts' data), fetched from the
// site with errors that name the file, and handed to the core with its
// refusals turned into errors that name the file too.
import { pageWords } from './strings/language.js';

/** The file's text; throws "<file>: HTTP <status>" when the server refuses it. */
export async function fetchText(file) {
  const response = await fetch(file);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response.text();
}

/** A weights file's JSON text; a packed one (weights/x.f32, packed-weights.js) unpacked, its refusal naming the file. */
export async function fetchWeights(file) {
  if (!file.endsWith('.f32')) return fetchText(file);
  // Its reader is a file of its own, fetched with the weights by the pages that have packed ones (the table's).
  const reader = import('./packed-weights.js');
  reader.catch(() => {});  // a failure is said below, where it is awaited
  const response = await fetch(file);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  const [bytes, { unpackWeights }] = await Promise.all([response.arrayBuffer(), reader]);
  try {
    return unpackWeights(bytes);
  } catch (error) {
    throw new Error(`${file}: ${error.message}`);
  }
}

/** Throws "<file>: <the core's message>" (in the page's language) when the core refused what `file` held. */
export function requireLoaded(answer, file) {
  if (!answer.ok) throw new Error(`${file}: ${pageWords()(answer.error.message)}`);
}
