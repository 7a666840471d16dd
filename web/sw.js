// The site's service worker: every lesson works offline after one visit.
//
// Our own short worker rather than Workbox: the site needs only a precache with content-hashed
// revisions, one cache-at-first-use rule and a clean-up, which fit in this one readable file with
// no runtime dependency; and a later change that must wrap every response (COOP/COEP headers for
// cross-origin isolation) is one edit in `respond()` below, with no library's strategies in between.
//
// scripts/precache.mjs writes site/sw.js from this file, replacing MANIFEST with
//   { version, files: [{ url, revision, lazy? }] }
// url relative to this file (the site's root), revision a hash of the file's bytes, lazy for a file
// cached when first asked for (the table lesson's Plain-256 weights: 1.1 MB that load only on request).
//
//   install   fetch every file whose revision is not cached yet (unchanged files are kept as they are),
//             then take over at once: the next page load reads the new version
//   activate  delete what the manifest no longer lists; control the open pages
//   fetch     a listed file from the cache (a lazy one from the network the first time), a page or a
//             worker's script with the headers of cross-origin isolation (isolated()); anything else
//             goes to the network untouched
//
// Cache keys are the file's absolute URL plus "?rev=<revision>", in one cache per scope, so two copies
// of the site under different paths of one host never delete each other's files.
const MANIFEST = /* MANIFEST */ { version: 'dev', files: [] };

const SCOPE = self.registration.scope; // ends with "/"
const CACHE = `attn-site ${SCOPE}`;
const entries = new Map(MANIFEST.files.map((f) => {
  const href = new URL(f.url, SCOPE).href;
  return [href, { ...f, href, key: `${href}?rev=${f.revision}` }];
}));

/** The manifest's entry for a request to this site, a folder URL meaning its index.html; the query is ignored. */
function entryFor(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  url.search = '';
  url.hash = '';
  return entries.get(url.href.endsWith('/') ? `${url.href}index.html` : url.href) ?? null;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([...entries.values()].filter((e) => !e.lazy).map(async (e) => {
      if (await cache.match(e.key)) return;
      const response = await fetch(e.href, { cache: 'no-cache' }); // past the HTTP cache: the bytes of this revision
      if (!response.ok) throw new Error(`${e.url}: HTTP ${response.status}`);
      await cache.put(e.key, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const keep = new Set([...entries.values()].map((e) => e.key));
    const stale = (await cache.keys()).filter((request) => !keep.has(request.url));
    await Promise.all(stale.map((request) => cache.delete(request))); // at once: pages wait for the activation to end
    await self.clients.claim();
  })());
});

async function respond(entry, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(entry.key);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(entry.key, response.clone());
  return response;
}

/**
 * A page's or a worker script's answer with the two headers that make the page cross-origin isolated
 * (a static host sends neither): its training workers can then share memory (web/runtime/train-worker.js,
 * 0.05-0.1 ms less waiting a step than messages). Every file the site loads is its own (same origin), so
 * require-corp blocks nothing; in another site's frame the page is not isolated and uses messages.
 */
function isolated(response) {
  if (response.type !== 'basic' && response.type !== 'default') return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
const needsHeaders = (request) => request.mode === 'navigate' || request.destination === 'worker';

// The pages this version served, by the client id their navigation made: a page an older version served
// shows that version's text even when this one has taken it over since (web/runtime/offline.js asks).
const served = new Set();

self.addEventListener('fetch', (event) => {
  const entry = entryFor(event.request);
  if (!entry) return;
  if (event.request.mode === 'navigate' && event.resultingClientId) served.add(event.resultingClientId);
  const answer = respond(entry, event.request);
  event.respondWith(needsHeaders(event.request) ? answer.then(isolated) : answer);
});

// The page asks which version serves it and whether that version served the page itself
// (web/runtime/offline.js), to say when the lessons were updated and to reload a page left behind.
// A page about to reload into a waiting version asks it to take over (web/runtime/offline.js, settled()).
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') { event.waitUntil(self.skipWaiting()); return; }
  if (event.data !== 'version') return;
  event.ports[0]?.postMessage({ version: MANIFEST.version, servedThisPage: served.has(event.source?.id) });
});
