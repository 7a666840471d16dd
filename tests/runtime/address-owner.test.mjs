// One owner of the address (docs/url.md): no runtime module but web/runtime/address.js reads or writes the
// page's query, fragment or history. A module that reads the location for another reason (which lesson a path
// is, the page as the server sends it) says so, "not its keys", in the comments of the same paragraph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const RUNTIME = new URL('../../web/runtime/', import.meta.url).pathname;
const OWNER = 'address.js';
const READS_ADDRESS = /location\.(href|search|hash|pathname)|URLSearchParams|searchParams|history\.(replaceState|pushState)/;
const JUSTIFIED = /not its keys/;

const sources = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return sources(path);
  return entry.name.endsWith('.js') ? [path] : [];
});

/** The lines of `text` that read the address, each with whether its paragraph (back to a blank line) justifies it. */
function addressReads(text) {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    if (!READS_ADDRESS.test(line)) return [];
    let start = i;
    while (start > 0 && lines[start - 1].trim() !== '') --start;
    return [{ line: i + 1, text: line.trim(), justified: JUSTIFIED.test(lines.slice(start, i + 1).join('\n')) }];
  });
}

test('address owner: no runtime module but address.js reads or writes the address without saying why it is not about its keys', () => {
  const unjustified = sources(RUNTIME).filter((path) => relative(RUNTIME, path) !== OWNER).flatMap((path) =>
    addressReads(readFileSync(path, 'utf8')).filter((hit) => !hit.justified).map((hit) => `${relative(RUNTIME, path)}:${hit.line}: ${hit.text}`));
  assert.deepEqual(unjustified, []);
});

test('address owner: the scan finds a module reading the query, the fragment or the history, and takes a comment in its paragraph as the reason', () => {
  assert.equal(addressReads('const q = new URLSearchParams(window.location.search);')[0].justified, false);
  assert.equal(addressReads("if (location.hash === '#training') go();").length, 1);
  assert.equal(addressReads('history.replaceState(null, "", url);').length, 1);
  assert.equal(addressReads('// Reads the path, not its keys: which lesson.\nconst lesson = location.pathname;')[0].justified, true);
  assert.equal(addressReads('// not its keys\n\nconst lesson = location.pathname;')[0].justified, false, 'a comment past a blank line is another paragraph');
});

test('address owner: address.js itself reads the address (the scan looks where the reading is)', () => {
  assert.ok(addressReads(readFileSync(join(RUNTIME, OWNER), 'utf8')).length > 0);
});
