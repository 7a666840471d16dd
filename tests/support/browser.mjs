// Debian's Chromium driven by playwright-core, with the flags that keep it
// from reaching for hosts this machine cannot reach (platform note).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

/**
 * serviceWorkers 'block' (the default) keeps the site's offline worker out of a test, so each page is
 * fetched from the server and page.route() sees every request (it cannot see what a worker answers);
 * tests/browser/offline.test.mjs asks for 'allow'.
 */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

export async function launchChromium({ serviceWorkers = 'block' } = {}) {
  const profile = scratchDir('chromium-profile-');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    serviceWorkers,
    args: ARGS,
  });
  return {
    context,
    profile,  // its folder, which names its processes on their command lines (thread-times.mjs)
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * One Chromium for pages that must not share what the browser keeps (localStorage, caches): each
 * newContext() is a fresh profile, as another person's browser would be. Service workers blocked, as above.
 */
export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });
  return {
    newContext: () => browser.newContext({ serviceWorkers: 'block' }),
    close: () => browser.close(),
  };
}

/**
 * Opens a page and records every console error and uncaught exception on it.
 * A lesson page must mount its demos: a timeout fails the test that opened it
 * (it used to be swallowed, so a test could pass with no demo on screen).
 * Pass { demos: false } for a page without demos, such as the index, and
 * { before: [fn, arg] } for a script to run in the page before its own, { colorScheme: 'dark' } for the
 * system's colour scheme the page opens in.
 */
export async function openPage(context, url, viewport = { width: 1100, height: 900 }, { demos = true, before, colorScheme } = {}) {
  const page = await context.newPage();
  if (before) await page.addInitScript(...before);
  await page.setViewportSize(viewport);
  if (colorScheme) await page.emulateMedia({ colorScheme });
  const problems = [];
  page.on('console', (msg) => {
    if (msg.text() === 'Service Worker registration blocked by Playwright') return; // serviceWorkers: 'block', above
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`exception: ${err.message}`));
  page.on('requestfailed', (req) => {
    // Chromium reports the script of a worker started from a blob (the programs' sandbox) as aborted at
    // times while the worker runs it: no request left the page, and the learner sees nothing of it.
    if (req.url().startsWith('blob:') && req.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.url()}`);
  });
  await page.goto(url);
  if (demos) {
    await demosReady(page).catch((error) => { throw new Error(`${url}: the demos never became ready (${problems.join('; ') || error.message})`); });
  }
  return { page, problems };
}

/**
 * Waits until every demo on the page is mounted (web/runtime/main.js sets `<html data-demos-ready>`); a page without
 * demos (the list of lessons) is ready when loaded. A test waits for it before it leaves a page, as a reader does:
 * leaving sooner aborts the demos' scripts still loading, which the page's problems would count as failed requests.
 * A benchmark's slowed page needs a longer `timeout`; one that times the wait polls more often than once a frame.
 */
export const demosReady = (page, { timeout = 20000, polling = 'raf' } = {}) => page.waitForFunction(
  () => document.documentElement.dataset.demosReady === 'true' || !document.querySelector('.demo[data-demo]'), null, { timeout, polling });

/**
 * Waits until the page has acted on the learner's answer to one of its questions (progress.js askFirst):
 * a closed <dialog> leaves the accessibility tree at once, but its "close" event, where the page erases or
 * gives the focus back, is a task the browser queues after it.
 */
export const dialogAnswered = (page) => page.locator('dialog.ask-first').waitFor({ state: 'detached' });

/**
 * Waits until the tables and pictures a demo's change left for idle time are written (web/runtime/render/write-soon.js:
 * `<html data-writing>` while any waits). Two frames first: a change made by a key or a click in a burst may be drawn
 * in the next frame (demo-view.js), and only then leaves its writes waiting.
 */
export async function writesDone(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-writing'), null, { polling: 'raf' });
}

/**
 * writesDone, then two frames more: the browser styles, lays out and paints what the idle writes wrote in the frame
 * after them, so a benchmark's next input is measured alone (scripts/bench-phone.mjs, scripts/trace-input.mjs).
 */
export async function writesDrawn(page) {
  await writesDone(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Presses the mouse on the middle of `locator`'s element and releases it a frame later, as a finger or a mouse
 * does. Playwright's click() sends the press and the release at once, so the browser handled both in one task:
 * the press's hit tests, focus change and Playwright's own hit-target check (elementsFromPoint, 15 ms at 4x CPU)
 * were counted in the click's time from its event (scripts/bench-phone.mjs, scripts/trace-input.mjs).
 */
export async function tap(page, locator) {
  const box = await locator.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.mouse.up();
}
