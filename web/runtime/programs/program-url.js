// An edited program is kept in the address, deflated and in base64url, as
// ?<instance>.program=..., so a reload or a shared link opens the same program.
// Other entries of the query (the demos' parameters, url-state.js) are left as they are.

const keyOf = (instance) => `${instance}.program`;

// A program link is read within two limits, so a damaged or hostile link costs next to nothing:
// Python's http.server and many hosts refuse an address over 64 KB, and the lesson's programs pack
// to under 1.5 KB, so no working link is longer than this (in base64url characters).
export const MAX_PACKED_CHARS = 64 * 1024;
// The lesson's longest program is 2.5 KB; a hundred times that is more than anyone types into the
// panel, and unpacking stops there, so a deflate bomb (1,000 times its size) never fills the memory.
export const MAX_PROGRAM_BYTES = 256 * 1024;

const INSTEAD = 'the lesson\'s program is shown instead.';
const TOO_LONG_PACKED = `The program in this link is too long to open (over ${MAX_PACKED_CHARS / 1024} KB packed); ${INSTEAD}`;
const TOO_LONG = `The program in this link is too long to open (over ${MAX_PROGRAM_BYTES / 1024} KB once unpacked); ${INSTEAD}`;
const UNREADABLE = `The program in this link could not be read (the link may have been cut short or changed); ${INSTEAD}`;

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
 * The edited program the address holds for this instance.
 * @returns {Promise<null | {text: string} | {error: string}>}  null: the link has none; error: why the
 *          link's program cannot be opened, in the learner's words (the panel shows the lesson's)
 */
export async function readProgram(instance) {
  const packed = new URLSearchParams(window.location.search).get(keyOf(instance));
  if (!packed) return null;
  if (packed.length > MAX_PACKED_CHARS) return { error: TOO_LONG_PACKED };
  try {
    return { text: await unpackProgram(packed) };
  } catch (error) {
    return { error: error instanceof TooLong ? TOO_LONG : UNREADABLE };
  }
}

/** Puts the edited program in the address, or removes it (null: the lesson's program). */
export async function writeProgram(instance, text) {
  const packed = text === null ? null : await packProgram(text);
  const url = new URL(window.location.href);
  if (packed === null) url.searchParams.delete(keyOf(instance));
  else url.searchParams.set(keyOf(instance), packed);
  window.history.replaceState(null, '', url);
}

export const hasProgram = (instance) => new URLSearchParams(window.location.search).has(keyOf(instance));
