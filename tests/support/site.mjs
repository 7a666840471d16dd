// The built site served over HTTP and one headless Chromium, shared by the
// tests of one file: call useSite() at the top level of a test file.
import { after, before } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { serveFolder } from './server.mjs';
import { launchChromium, openPage } from './browser.mjs';
import { ROOT } from './core.mjs';

/** A demo on a page, by its data-instance name, and what it printed. */
export const demo = (page, instance) => page.locator(`.demo[data-instance="${instance}"]`);
export const printed = (page, instance) => demo(page, instance).locator('pre.printed').innerText();

/**
 * The lessons of the built site (site/), each folder whose page has a live demo, in name order: a test that
 * covers every lesson finds a new one without being edited. Throws when the site has not been built.
 */
/** The language of a built lesson's page, as its <html lang> says ("en", "fr"). */
export const pageLanguage = (slug) => fs.readFileSync(path.join(ROOT, 'site', slug, 'index.html'), 'utf8').match(/<html lang="([\w-]+)"/)?.[1] ?? 'en';

export function builtLessons() {
  const site = path.join(ROOT, 'site');
  const lessons = fs.readdirSync(site, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((slug) => {
      const page = path.join(site, slug, 'index.html');
      return fs.existsSync(page) && /\sdata-demo="/.test(fs.readFileSync(page, 'utf8'));
    })
    .sort();
  if (!lessons.length) throw new Error(`no lesson with a demo in ${site}: build the site first (node scripts/build-site.mjs)`);
  return lessons;
}

/** @param {{isolated?: boolean}} options  isolated: a host that sends COOP and COEP (serveFolder) */
export function useSite({ isolated = false } = {}) {
  const site = {
    server: null,
    browser: null,
    /** Opens a page of the site, e.g. site.open('attention/?worked.X=[[1]]'); options as openPage's. */
    open: (relative, viewport, options) => openPage(site.browser.context, `${site.server.url}${relative}`, viewport, options),
  };
  before(async () => {
    site.server = await serveFolder(path.join(ROOT, 'site'), { isolated });
    site.browser = await launchChromium();
  });
  after(async () => {
    await site.browser?.close();
    site.server?.close();
  });
  return site;
}
