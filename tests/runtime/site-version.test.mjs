// One version of the site per page (web/runtime/site-version.js): once a newer version serves the page's
// requests (offline.js marks <html data-site-updated>), whatever would fetch a file offers a reload instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';

const { document } = parseHTML('<html><body></body></html>');
globalThis.document = document;
let reloads = 0;
globalThis.window = { location: { reload: () => { reloads += 1; } } };
const { siteUpdated, updatedNote, UPDATED_MESSAGE } = await import('../../web/runtime/site-version.js');

test('site version: a page is updated only once offline.js marks it so', () => {
  assert.equal(siteUpdated(), false);
  document.documentElement.dataset.siteUpdated = 'true';
  assert.equal(siteUpdated(), true);
  delete document.documentElement.dataset.siteUpdated;
});

test('site version: the note says so as a status, and its button reloads the page', () => {
  const note = updatedNote('site-updated');
  document.body.append(note);
  assert.equal(note.className, 'site-updated');
  assert.equal(note.getAttribute('role'), 'status');
  assert.ok(note.textContent.startsWith(UPDATED_MESSAGE));
  note.querySelector('button').click();
  assert.equal(reloads, 1);
});
