// Under each demo of a lesson page: a permalink to the demo on its own page
// (site/<slug>/embed-<instance>.html, made by scripts/embed-pages.mjs) carrying
// this instance's link state, and an "Embed" button that gives the <iframe> snippet.
import { el } from './dom.js';
import { besidePage, instanceQuery } from './address.js';
import { hostListener } from './embed-height.js';
import { say } from './strings/index.js';

// Tall enough for a demo's controls and first output on a laptop: the frame's height until the embed page
// says its own (embed-height.js), and for good where the host's page runs no script of its own.
const IFRAME_HEIGHT_PX = 720;

/** The absolute address of `instance`'s embed page with its current state (or with `query`, a task sheet's). */
export function embedUrl(instance, query = instanceQuery(instance)) {
  return besidePage(`embed-${encodeURIComponent(instance)}.html${query}`);
}

export function iframeSnippet(instance, title, query = undefined) {
  const escape = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${escape(embedUrl(instance, query))}" title="${escape(title)}" width="100%" height="${IFRAME_HEIGHT_PX}" style="border:0" loading="lazy"></iframe>\n${hostListener()}`;
}

/** Adds the permalink and the embed button under one mounted demo. */
export function attachEmbedLinks(view, title) {
  const link = el('a', { className: 'demo-permalink', textContent: say('embed.open'), href: embedUrl(view.instance) });
  // The URL is written a moment after a change (address.js), so the address is read when it is used.
  const refresh = () => { link.href = embedUrl(view.instance); };
  for (const type of ['pointerenter', 'focus', 'click']) link.addEventListener(type, refresh);
  // A <pre>, not a <textarea>: a knowledge check's only text box is the learner's answer (reader.js).
  const snippet = el('pre', { className: 'embed-snippet', tabIndex: 0, ariaLabel: say('embed.snippet_label') });
  const box = el('div', { className: 'embed-box', hidden: true }, [
    el('p', { textContent: say('embed.paste') }), snippet,
  ]);
  const button = el('button', { type: 'button', className: 'embed-button', textContent: say('embed.button'), ariaExpanded: 'false' });
  button.addEventListener('click', () => {
    snippet.textContent = iframeSnippet(view.instance, title);
    box.hidden = !box.hidden;
    button.setAttribute('aria-expanded', String(!box.hidden));
    if (!box.hidden) window.getSelection()?.selectAllChildren(snippet); // ready to copy
  });
  view.container.append(el('p', { className: 'demo-links' }, [link, ' ', button]), box);
}
