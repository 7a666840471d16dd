// Puts "Edit and run the program" under each demo that names a program
// (data-program="NAME": lessons/<slug>/programs/NAME.py). The panel, CodeMirror
// and Python load only when a learner opens one, so the page's first load is unchanged.
import { el } from '../dom.js';
import { has, read, write } from '../address.js';
import { siteUpdated, updatedNote } from '../site-version.js';
import { say } from '../strings/index.js';

// A separate bundle beside runtime.js (scripts/build-site.mjs); a computed URL keeps esbuild from inlining it.
const panelModule = () => import(new URL('./programs.js', import.meta.url).href);

/** The panel's way to the address: handed over, as the panel's bundle must not hold a second owner of it. */
const programLink = (instance) => ({
  read: () => read('program', { instance }),               // undefined, or a promise of {value} or {problem}
  write: (text) => write('program', { instance }, text),  // null: the lesson's program
});

export function attachPrograms(views) {
  for (const view of views) {
    const name = view.container.dataset.program;
    if (!name) continue;
    const details = el('details', { className: 'program' }, [el('summary', { textContent: say('program.summary') })]);
    details.dataset.program = name;
    let mounted = null;
    details.addEventListener('toggle', () => {
      if (!details.open || mounted) return;
      if (siteUpdated()) {  // the panel's code and the program would be the new version's
        if (!details.querySelector('.site-updated')) details.append(updatedNote('problem site-updated'));
        return;
      }
      const file = new URL(`programs/${name}.py`, document.baseURI).href;
      mounted = panelModule().then((m) => m.mountProgram(details, view, file, programLink(view.instance))).catch((error) => {
        details.append(el('p', { className: 'problem', textContent: say('program.load_failed', { error: error.message ?? error }) }));
      });
    });
    view.container.append(details);
    if (has('program', { instance: view.instance })) details.open = true;  // a link to an edited program opens it
  }
}
