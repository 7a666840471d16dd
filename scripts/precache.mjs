// Writes <site>/sw.js from web/sw.js with the list of every file of the built site and a hash of
// each file's bytes (its revision), so a rebuild that changes any file gives a new worker, which
// fetches only the files whose revision changed. Called by scripts/build-site.mjs as its last step;
// the tests call it on a copy of the site to make "a new version".
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hash = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/**
 * @param site  the built site's folder
 * @param lazy  site-relative paths cached at first use instead of at install (weights that load on request)
 * @returns {{version: string, files: {url: string, revision: string, lazy?: true}[]}}
 */
export function writeServiceWorker(site, lazy = []) {
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]);
  const later = new Set(lazy);
  const files = walk(site)
    .map((file) => path.relative(site, file).split(path.sep).join('/'))
    .filter((url) => url !== 'sw.js')
    .sort()
    .map((url) => ({ url, revision: hash(fs.readFileSync(path.join(site, url))), ...(later.has(url) ? { lazy: true } : {}) }));
  for (const url of later) {
    if (!files.some((f) => f.url === url)) throw new Error(`precache: ${url} is to be cached at first use, but the site does not have it`);
  }
  const manifest = { version: hash(JSON.stringify(files)), files };
  const source = fs.readFileSync(path.join(ROOT, 'web/sw.js'), 'utf8');
  const marker = /\/\* MANIFEST \*\/ \{[^\n]*\};/;
  if (!marker.test(source)) throw new Error('precache: web/sw.js has lost its /* MANIFEST */ line');
  fs.writeFileSync(path.join(site, 'sw.js'), source.replace(marker, () => `${JSON.stringify(manifest)};`));
  return manifest;
}
