// An edited program is kept in the address, deflated and in base64url, as
// ?<instance>.program=..., so a reload or a shared link opens the same program.
// Other entries of the query (the demos' parameters, url-state.js) are left as they are.

const keyOf = (instance) => `${instance}.program`;

async function streamed(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function toBase64Url(bytes) {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export async function packProgram(text) {
  return toBase64Url(await streamed(new TextEncoder().encode(text), new CompressionStream('deflate-raw')));
}

export async function unpackProgram(packed) {
  return new TextDecoder().decode(await streamed(fromBase64Url(packed), new DecompressionStream('deflate-raw')));
}

/** The edited program the address holds for this instance, or null (none, or not readable). */
export async function readProgram(instance) {
  const packed = new URLSearchParams(window.location.search).get(keyOf(instance));
  if (!packed) return null;
  try {
    return await unpackProgram(packed);
  } catch {
    return null;  // a damaged link opens the lesson's program instead
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
