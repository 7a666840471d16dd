// One version of the site per page. When a newer version takes over while a page is open
// (offline.js marks <html data-site-updated>), the files a page fetches later (its program
// panel, a worker's script, weights) would come from the new version and run beside the
// page's old code. Whatever would fetch them asks here first and offers a reload instead.
import { say } from './strings/index.js';

/** True once a newer version of the site serves this page's requests. */
export const siteUpdated = () => document.documentElement.dataset.siteUpdated === 'true';

export const UPDATED_MESSAGE = say('site.updated');  // the page's language is set before any script runs

/** A paragraph saying so, with the button that reloads. */
export function updatedNote(className = 'problem') {
  const p = document.createElement('p');
  p.className = className;
  p.setAttribute('role', 'status');
  p.textContent = `${UPDATED_MESSAGE} `;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = say('site.reload');
  button.addEventListener('click', () => window.location.reload());
  p.append(button);
  return p;
}
