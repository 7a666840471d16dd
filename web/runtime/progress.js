// The learner's progress, kept in this browser only, with no account:
//   - an "I tried this" mark beside every demo, per page (attn-tried:<path>);
//   - the knowledge-check answers reader.js keeps (attn-answers:<path>);
//   - at the end of the page: export everything this site keeps, for every page, as a
//     small JSON file, or as a printable page; and one button that erases all of it.
const TRIED_PREFIX = 'attn-tried:';
const ANSWERS_PREFIX = 'attn-answers:';
const TRIED_KEY = `${TRIED_PREFIX}${location.pathname}`;
const OURS = (key) => key.startsWith(TRIED_PREFIX) || key.startsWith(ANSWERS_PREFIX) || key === 'attn-theme';

const make = (tag, props = {}, children = []) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

function readJson(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

function storedKeys() {
  try {
    return Object.keys(localStorage).filter(OURS);
  } catch {
    return []; // storage off: nothing is kept
  }
}

/** A checkbox after each demo (outside it: the runtime replaces the demo's insides). */
function markTried(containers) {
  const tried = readJson(TRIED_KEY);
  for (const container of containers) {
    const instance = container.dataset.instance || container.dataset.demo;
    const box = make('input', { type: 'checkbox', checked: tried[instance] === true });
    box.dataset.tried = instance;
    box.addEventListener('change', () => {
      const now = readJson(TRIED_KEY);
      if (box.checked) now[instance] = true; else delete now[instance];
      try {
        if (Object.keys(now).length) localStorage.setItem(TRIED_KEY, JSON.stringify(now));
        else localStorage.removeItem(TRIED_KEY);
      } catch { /* storage off: the mark stays until the page is left */ }
    });
    const label = make('label', { className: 'tried' }, [box, ' I tried this']);
    const after = container.nextElementSibling?.matches('details.demo-source') ? container.nextElementSibling : container;
    after.after(label);
  }
}

/** Everything this site keeps in this browser: {exported, pages: {path: {answers, tried}}}. */
export function progressReport() {
  const pages = {};
  for (const key of storedKeys()) {
    const [prefix, kind] = key.startsWith(TRIED_PREFIX) ? [TRIED_PREFIX, 'tried'] : key.startsWith(ANSWERS_PREFIX) ? [ANSWERS_PREFIX, 'answers'] : [];
    if (!prefix) continue;
    const page = (pages[key.slice(prefix.length)] ??= { answers: {}, tried: [] });
    const value = readJson(key);
    if (kind === 'tried') page.tried = Object.keys(value).filter((k) => value[k] === true);
    else page.answers = Object.fromEntries(Object.entries(value).map(([i, text]) => [`question ${Number(i) + 1}`, text]));
  }
  return { exported: new Date().toISOString(), pages };
}

function download(report) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(report, null, 2)}\n`], { type: 'application/json' }));
  const a = make('a', { href: url, download: 'my-progress.json' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The report as a page of its own, in a new window, for printing. */
function printable(report) {
  const page = window.open('', '_blank');
  if (!page) return;
  const doc = page.document;
  doc.title = 'My progress';
  doc.body.append(make('h1', { textContent: 'My progress' }), make('p', { textContent: `Exported ${report.exported}` }));
  for (const [path, { answers, tried }] of Object.entries(report.pages)) {
    doc.body.append(make('h2', { textContent: path }),
      make('p', { textContent: tried.length ? `Demos tried: ${tried.join(', ')}` : 'No demos marked as tried.' }),
      ...Object.entries(answers).map(([q, text]) => make('p', {}, [make('strong', { textContent: `${q}: ` }), text])));
  }
}

function progressPanel() {
  const status = make('p', { className: 'progress-status' });
  status.setAttribute('role', 'status');
  const button = (text, action) => {
    const b = make('button', { type: 'button', textContent: text });
    b.addEventListener('click', action);
    return b;
  };
  const section = make('section', { className: 'progress', id: 'my-progress' }, [
    make('h2', { textContent: 'Your progress' }),
    make('p', { textContent: 'Your answers and "I tried this" marks stay in this browser only: no account, nothing is sent anywhere.' }),
    make('p', { className: 'progress-buttons' }, [
      button('Export my progress (JSON)', () => download(progressReport())), ' ',
      button('Printable page', () => printable(progressReport())), ' ',
      button('Erase everything this site kept', () => {
        for (const key of storedKeys()) localStorage.removeItem(key);
        for (const box of document.querySelectorAll('input[data-tried]')) box.checked = false;
        for (const box of document.querySelectorAll('.check textarea')) { box.value = ''; box.dispatchEvent(new Event('input')); }
        for (const key of storedKeys()) localStorage.removeItem(key); // the answers the input events just wrote
        status.textContent = 'Everything this site kept in this browser was erased.';
      }),
    ]),
    status,
  ]);
  return section;
}

export function attachProgress() {
  const main = document.querySelector('main');
  const containers = [...document.querySelectorAll('.demo[data-demo]')];
  if (!main || main.dataset.embed !== undefined) return; // an embed page keeps nothing of its own
  markTried(containers);
  if (containers.length || document.querySelector('.check')) main.append(progressPanel());
}
