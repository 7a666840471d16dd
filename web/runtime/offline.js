// Offline after the first visit: registers the site's service worker (web/sw.js, written into the
// site by scripts/precache.mjs) and says so on the page:
//   "Saved for offline use"     once the worker holds every file of the site;
//   "Updated"                   on the first visit served by a newer version than the last one seen;
//   a new version found while the page is open: if the learner has not touched the page yet it
//   reloads into the new version at once; otherwise a note offers to reload.
// Without service workers (file://, a plain-HTTP host other than localhost, an old browser) it does
// nothing and the site works from the network as before.
import './progress.js'; // says a full storage (for the theme menu: the list of lessons has no reader.js), with the export
import { say } from './strings/index.js';

const SW_URL = new URL('../sw.js', import.meta.url); // assets/offline.js -> the site's root, under any sub-path
const VERSION_KEY = `attn-site-version ${new URL('../', import.meta.url).pathname}`;
const RELOADED_KEY = 'attn-site-reloaded-for-update'; // this tab reloaded into a new version (sessionStorage)

function note(className, text, where) {
  let p = document.querySelector(`p.${className}`);
  if (!p) {
    p = document.createElement('p');
    p.className = `site-note ${className}`;
    p.setAttribute('role', 'status');
    where(p);
  }
  p.textContent = text;
  return p;
}
const atTop = (p) => document.querySelector('header.site')?.after(p);
const atFoot = (p) => (document.querySelector('footer.site') ?? document.querySelector('main') ?? document.body).append(p);

/**
 * What the worker that controls this page says: {version (a hash of the site's files), servedThisPage (it
 * served this page's own navigation)}, or null without a worker or an answer.
 */
function askController() {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage('version', [channel.port2]);
    // A worker that never answers (a version older than the question) must not hold the notes forever; a
    // busy machine can take seconds to start a worker, so the wait is long.
    setTimeout(() => resolve(null), 15000);
  });
}

/**
 * True once no version of the site's worker is being installed, waiting or activating; false if one still
 * is after 15 s. A navigation that reaches the registration while a new version activates was seen, under
 * load, never to finish (docs/offline.md), so a page reloads only once the registration is settled.
 * update() first: it finishes a check the browser has started (both go through one job queue). A new
 * version that installed while this page was loading was seen to stay waiting, its skipWaiting() at install
 * not acted on, until the page left (which is when the hang came): asked again, it activates. Once per
 * page: a second settling (the note's button after one that ran out of time, or that a touch made moot)
 * waits on the same check.
 */
let checked = null;
async function settled() {
  const registration = await navigator.serviceWorker.getRegistration(SW_URL);
  if (!registration) return true;
  checked ??= registration.update().catch(() => {}); // offline, or the host refuses: what is installed stays
  await checked;
  const busy = () => registration.installing || registration.waiting
    || (registration.active && registration.active.state !== 'activated');
  for (let tries = 0; busy(); ++tries) {
    if (tries === 150) return false;
    if (tries % 10 === 0) registration.waiting?.postMessage('skip-waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

function remember(version) {
  try {
    const before = localStorage.getItem(VERSION_KEY);
    localStorage.setItem(VERSION_KEY, version);
    return before;
  } catch { return null; }
}

async function start() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  let touched = false;
  let leaving = false; // reloading into a new version: this page's notes no longer matter
  for (const type of ['pointerdown', 'keydown', 'input']) document.addEventListener(type, () => { touched = true; }, { capture: true, once: true });
  const servedByWorker = Boolean(navigator.serviceWorker.controller);
  let updated = false; // a newer version serves this page's requests from now on

  const reload = () => {
    leaving = true;
    try { sessionStorage.setItem(RELOADED_KEY, '1'); } catch { /* the version check below still tells */ }
    window.location.reload();
  };
  const takeOver = async () => {
    if (updated) return;
    updated = true;
    document.documentElement.dataset.siteUpdated = 'true';  // what this page fetches now is another version (site-version.js)
    // A page the learner has not touched reloads once the registration is settled. A touched one says so at
    // once, and settles when the learner asks for the reload (so does one touched meanwhile, or not settled).
    if (!touched) {
      const ready = await settled();
      if (!touched && ready) { reload(); return; }
    }
    const p = note('update-note', say('offline.new_version'), atTop);
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = say('offline.reload');
    button.addEventListener('click', async () => { await settled(); reload(); });
    p.append(button);
  };
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (servedByWorker) takeOver(); // else the first install taking over this page: it already shows the newest files
  });

  try {
    await navigator.serviceWorker.register(SW_URL);
  } catch {
    return; // refused (an insecure host, private mode, a test browser that blocks workers): the network serves the site
  }
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  }
  const answer = await askController();
  // A newer version that took over while this page was still loading (before the listener above) sends no
  // event, and the page would show the old version's text under the new one's "Updated": the worker that
  // controls the page did not serve it.
  if (servedByWorker && answer && !answer.servedThisPage) await takeOver();
  if (leaving) return;
  const version = answer?.version ?? null;
  // A page taken over by a newer version shows the older one: its note offers the reload, and the
  // version is remembered by the page that shows it.
  const before = version && !updated ? remember(version) : null;
  let reloaded = false;
  try { reloaded = sessionStorage.getItem(RELOADED_KEY) === '1'; sessionStorage.removeItem(RELOADED_KEY); } catch { /* none */ }
  if (!updated && (reloaded || (before && before !== version))) note('update-note', say('offline.updated'), atTop);
  note('offline-note', say('offline.saved'), atFoot);
}

start();
