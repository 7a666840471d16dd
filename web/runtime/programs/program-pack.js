// An edited program travels in the address (address.js, the "program" family) deflated and in
// base64url. Packing and unpacking live here; unpacking stops at a limit, so a link costs next to nothing.
import { say } from '../strings/index.js';

// Python's http.server and many hosts refuse an address over 64 KB, so no working link is longer than
// this (in base64url characters; docs/url.md gives the lesson's programs' sizes).
export const MAX_PACKED_CHARS = 64 * 1024;
// Far more than anyone types into the panel; unpacking stops there, so a deflate bomb never fills the memory.
export const MAX_PROGRAM_BYTES = 256 * 1024;

const TOO_LONG_PACKED = () => say('program.link_too_long_packed', { kb: MAX_PACKED_CHARS / 1024 });
const TOO_LONG = () => say('program.link_too_long', { kb: MAX_PROGRAM_BYTES / 1024 });
const UNREADABLE = () => say('program.link_unreadable');

async function streamed(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

class TooLong extends Error {}

/** The bytes `stream` gives, stopping (and throwing TooLong) as soon as there are more than `limit`. */
async function readAtMost(stream, limit) {
  const reader = stream.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      reader.cancel().catch(() => {});
      throw new TooLong();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.length; }
  return bytes;
}

function toBase64Url(bytes) {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export async function packProgram(text) {
  return toBase64Url(await streamed(new TextEncoder().encode(text), new CompressionStream('deflate-raw')));
}

/** The program text packed in `packed`, unpacking at most MAX_PROGRAM_BYTES (TooLong past them). */
export async function unpackProgram(packed) {
  const stream = new Blob([fromBase64Url(packed)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new TextDecoder('utf-8', { fatal: true }).decode(await readAtMost(stream, MAX_PROGRAM_BYTES));
}

/**
 * The program packed in a link's text.
 * @returns {Promise<{value: string} | {problem: string}>}  problem: why the link's program cannot be
 *          opened, in the learner's words (the panel shows the lesson's)
 */
export async function readPackedProgram(packed) {
  if (packed.length > MAX_PACKED_CHARS) return { problem: TOO_LONG_PACKED() };
  try {
    return { value: await unpackProgram(packed) };
  } catch (error) {
    return { problem: (error instanceof TooLong ? TOO_LONG : UNREADABLE)() };
  }
}
