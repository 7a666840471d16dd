// One page per demo instance, for embedding in a course platform:
//   site/<slug>/embed-<instance>.html   just that demo: its controls, output and the C++ it ran
// It sits beside the lesson's page, so the lesson's weights and data files resolve as there,
// and the same link (?<instance>.<param>=…&<instance>.lock=…) sets, locks and hides its controls.
import fs from 'node:fs';
import path from 'node:path';

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fill = (template, values) => template.replace(/\{\{(\w+)\}\}/g, (_, key) => values[key] ?? '');

/** The file name of an instance's embed page. */
export const embedFile = (instance) => `embed-${instance}.html`;

/**
 * Each demo of a built lesson body with the source listing after it: instance -> {html, id}.
 * The body is the lesson's after the build filled it (scripts/build-site.mjs).
 */
export function demoBlocks(body) {
  const blocks = new Map();
  // A demo's div holds its prerendered output (scripts/prerender.mjs), divs within divs:
  // its end is where the divs opened since its start are all closed again.
  for (const start of body.matchAll(/<div class="demo[ "][^>]*\sdata-demo="([\w-]+)"[^>]*>/g)) {
    let depth = 0;
    let end = start.index;
    for (const tag of body.slice(start.index).matchAll(/<div\b|<\/div>/g)) {
      depth += tag[0] === '</div>' ? -1 : 1;
      if (depth === 0) { end = start.index + tag.index + tag[0].length; break; }
    }
    const source = body.slice(end).match(/^<details class="demo-source">[\s\S]*?<\/details>/)?.[0] ?? '';
    const html = body.slice(start.index, end) + source;
    const instance = start[0].match(/\sdata-instance="([^"]+)"/)?.[1] ?? start[1];
    blocks.set(instance, { html, id: start[1] });
  }
  return blocks;
}

/**
 * Writes every instance's embed page of `lesson` into `folder` (site/<slug>/); `page` holds the values
 * the lesson's page fills in too (its networks, the root), so an embed loads what its page does; `coreOf(id)`
 * gives the values naming the modules a demo `id` needs (its lesson page's, or only its own where the page mixes).
 */
export function writeEmbedPages(folder, lesson, body, demos, template, page, coreOf) {
  for (const [instance, { html, id }] of demoBlocks(body)) {
    fs.writeFileSync(path.join(folder, embedFile(instance)), fill(template, {
      ...page, ...coreOf(id), title: escapeHtml(lesson.title), demo_title: escapeHtml(demos.get(id)?.title ?? id), instance: escapeHtml(instance),
      content: html,
    }));
  }
}
