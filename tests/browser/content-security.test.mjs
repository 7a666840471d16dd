// Every page ships the site's Content-Security-Policy (scripts/program-sandbox.mjs, sitePolicy) as a
// <meta>, has no inline script, and does all it does under that policy: the demos, the theme kept
// before the first paint, training and the Python programs, with no violation reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { demo, useSite } from '../support/site.mjs';
import { ROOT } from '../support/core.mjs';

const site = useSite();
const SITE = path.join(ROOT, 'site');
const pages = () => ['index.html', ...fs.readdirSync(SITE).filter((d) => fs.existsSync(path.join(SITE, d, 'index.html')))
  .flatMap((d) => fs.readdirSync(path.join(SITE, d)).filter((f) => f.endsWith('.html')).map((f) => `${d}/${f}`))];
const policyOf = (html) => html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)?.[1];
const directives = (policy) => Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

// Counts every violation the page's own document reports (the programs' frame has a stricter policy of its own).
const recordViolations = () => {
  window.violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
};

test('content security: every page carries the policy, before anything it loads, and no inline script', () => {
  for (const page of pages()) {
    const html = fs.readFileSync(path.join(SITE, page), 'utf8');
    const policy = policyOf(html);
    assert.ok(policy, `${page} has no Content-Security-Policy`);
    const d = directives(policy);
    assert.deepEqual(d['script-src'].slice(0, 2), ["'self'", "'wasm-unsafe-eval'"], page);
    assert.ok(d['script-src'].slice(2).every((s) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s)), `${page}: ${d['script-src']}`);
    assert.deepEqual(d['connect-src'], ["'self'"], page);
    assert.deepEqual(d['object-src'], ["'none'"], page);
    assert.ok(!('frame-ancestors' in d), `${page}: embeds must stay possible`);
    assert.ok(html.indexOf('http-equiv="Content-Security-Policy"') < html.search(/<script|<link rel="(stylesheet|modulepreload|preload)"/), `${page}: the policy comes after what it governs`);
    // A data block (type="application/json", a translation's words) is never run, so the policy does not govern it.
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>/g)].map((m) => m[0]);
    assert.deepEqual(inline.filter((tag) => !/\stype="application\/json"/.test(tag)), [], `${page} has an inline script`);
  }
});

for (const [slug, act] of [
  ['', null],
  ['attention/', async (page) => { await demo(page, 'worked').locator('input').first().fill('2'); }],
  ['block/', null],
  ['robot/', async (page) => {
    const panel = demo(page, 'order').locator('details.program');
    await panel.locator('summary').click();
    await panel.locator('.cm-content').waitFor();
    await panel.locator('.program-run').click();
    await page.waitForFunction(() => document.querySelector('.demo[data-instance="order"] details.program').dataset.state === 'done', null, { timeout: 20000 });
  }],
  ['table/', null],
  ['robot/embed-scores.html', null],
]) {
  test(`content security: ${slug || 'the list of lessons'} works under the policy with no violation`, async () => {
    const { page, problems } = await site.open(slug, undefined, { demos: slug !== '', before: [recordViolations] });
    await act?.(page);
    assert.deepEqual(await page.evaluate(() => window.violations), []);
    assert.deepEqual(problems, []);
  });
}

test('content security: the kept dark theme is applied before the first paint without an inline script', async () => {
  const { page } = await site.open('block/', undefined, { before: [() => localStorage.setItem('attn-theme', 'dark')] });
  // Read at the first paint: a module would run too late for this.
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  const atParse = await page.evaluate(() => performance.getEntriesByName(new URL('../assets/theme-first.js', location.href).href).length);
  assert.equal(atParse, 1);
});
