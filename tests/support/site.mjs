// The built site served over HTTP and one headless Chromium, shared by the
// tests of one file: call useSite() at the top level of a test file.
import { after, before } from 'node:test';
import path from 'node:path';
import { serveFolder } from './server.mjs';
import { launchChromium, openPage } from './browser.mjs';
import { ROOT } from './core.mjs';

/** A demo on a page, by its data-instance name, and what it printed. */
export const demo = (page, instance) => page.locator(`.demo[data-instance="${instance}"]`);
export const printed = (page, instance) => demo(page, instance).locator('pre.printed').innerText();

export function useSite() {
  const site = {
    server: null,
    browser: null,
    /** Opens a page of the site, e.g. site.open('attention/?worked.X=[[1]]'); options as openPage's. */
    open: (relative, viewport, options) => openPage(site.browser.context, `${site.server.url}${relative}`, viewport, options),
  };
  before(async () => {
    site.server = await serveFolder(path.join(ROOT, 'site'));
    site.browser = await launchChromium();
  });
  after(async () => {
    await site.browser?.close();
    site.server?.close();
  });
  return site;
}
