// The page's side of the programs' sandbox: a hidden frame with an opaque origin
// (sandbox="allow-scripts", no allow-same-origin) whose policy lets no request out,
// and in it the worker that runs Python (program-frame.js, program-worker.js). The
// first is made on the first Run, so Python costs nothing until a learner asks for it.
// The page fetches what the worker needs (its script, MicroPython, the core, robot.py)
// and hands it over; every message back is checked (worker-messages.js).
// Each run has a frame of its own, removed when the run ends, so nothing a program
// changes (robot.py in MicroPython's files, builtins, memory) outlives it; the next
// run's frame is made ahead, as soon as one ends, so a later Run starts at once.
// Stop is removing the frame, which ends its worker whatever it is doing.
import { workerCoreName } from '../core.js';
import { readWorkerMessage, runAllowance } from './worker-messages.js';
import { siteUpdated, UPDATED_MESSAGE } from '../site-version.js';
import { say } from '../strings/index.js';
import { pageLanguage } from '../strings/language.js';
import { RUNNER_WORDS } from './run-program.js';

const assets = (file) => new URL(file, import.meta.url).href;  // this bundle sits in assets/, beside the files
let files = null;        // Promise of {frame, worker, micropython, core, robot}, fetched once
const frames = new Set();  // every sandbox alive: {frame, ready: Promise, opened()}
let spare = null;        // Promise of the sandbox made ahead for the next run
let sandbox = null;      // the sandbox of the run in progress
let current = null;      // {onEvents, resolve, allowance} of the run in progress

function fetchFiles() {
  if (!files && siteUpdated()) return Promise.reject(new Error(UPDATED_MESSAGE));  // they would be the new version's
  const get = (file, as) => fetch(assets(file)).then((r) => {
    if (!r.ok) throw new Error(`${file}: ${r.status}`);
    return r[as]();
  });
  files ??= Promise.all([
    get('program-frame.json', 'json'), get('program-worker.js', 'text'), get('micropython.wasm', 'arrayBuffer'),
    get(`core-${workerCoreName('robot')}.wasm`, 'arrayBuffer'), get('robot.py', 'text'),
  ]).then(([frame, worker, micropython, core, robot]) => ({ frame: frame.html, worker, micropython, core, robot }));
  files.catch(() => { files = null; });  // a failed fetch (offline before the first visit) is tried again on the next Run
  return files;
}

/** What the frame and the runner say, in the page's language: they run apart from the page and its tables. */
const sandboxWords = () => ({
  flood: say('program.flood'), noStart: say('program.no_start'), workerFailed: say('program.worker_failed'),
  runner: { table: Object.fromEntries(RUNNER_WORDS.map((key) => [key, say(key)])), lang: pageLanguage() },
});

async function openSandbox() {
  const { frame: html, worker, micropython, core, robot } = await fetchFiles();
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.hidden = true;
  frame.srcdoc = html;
  let opened;
  const ready = new Promise((resolve) => { opened = resolve; });
  const own = { frame, ready, opened };
  frame.addEventListener('load', () => {
    // Copies: the frame takes its buffers, and a later frame needs them again.
    frame.contentWindow?.postMessage({ type: 'start', worker, files: { micropython: micropython.slice(0), core: core.slice(0), robot }, words: sandboxWords() }, '*');
  });
  frames.add(own);
  document.body.append(frame);
  return own;
}

function remove(own) {
  own?.frame.remove();  // the frame's worker ends with it
  frames.delete(own);
}

/** Makes the next run's sandbox now, unless one is made already. */
function prepareSpare() {
  if (spare) return;
  spare = openSandbox();
  spare.catch(() => { spare = null; });
}

/** The spare sandbox if there is one, else a new one. */
function takeSandbox() {
  const taken = spare ?? openSandbox();
  spare = null;
  return taken;
}

window.addEventListener('message', (event) => {
  const own = [...frames].find((f) => event.source === f.frame.contentWindow);
  if (!own) return;
  const message = readWorkerMessage(event.data, own === sandbox && current ? current.allowance : runAllowance(0));
  if (own !== sandbox) {  // the spare: ready, or it failed and the next run makes its own
    if (message?.type === 'ready') own.opened();
    else if (message?.type !== 'frame') {
      remove(own);
      spare = null;
    }
    return;
  }
  if (message === null) return end({ ok: false, error: { kind: 'internal', line: null, message: say('program.unshowable') } });
  if (message.type === 'ready') own.opened();
  else if (message.type === 'events') current?.onEvents(message.events);
  else if (message.type === 'done') end(message);
});

function finish(answer) {
  const run = current;
  current = null;
  run?.resolve(answer);
}

/** Ends the run with this answer, and its sandbox with it. */
function end(answer) {
  remove(sandbox);
  sandbox = null;
  finish(answer);
  prepareSpare();
}

/** Runs `code`; onEvents gets each checked batch; resolves to {ok, error?} (or {stopped: true}). */
export async function runProgram(code, onEvents, budget) {
  stopProgram();
  const answer = new Promise((resolve) => { current = { onEvents, resolve, allowance: runAllowance(budget) }; });
  const run = current;
  let own;
  try {
    own = await takeSandbox();
    if (!frames.has(own)) own = await openSandbox();  // the spare failed: make one now
  } catch (error) {
    const message = error.message === UPDATED_MESSAGE ? UPDATED_MESSAGE : say('program.python_failed', { error: error.message ?? error });
    if (current === run) finish({ ok: false, error: { kind: 'internal', line: null, message } });
    return answer;
  }
  if (current !== run) {  // stopped while Python was being fetched
    remove(own);
    return answer;
  }
  sandbox = own;
  own.ready.then(() => { if (sandbox === own) own.frame.contentWindow.postMessage({ type: 'run', code, budget }, '*'); });
  return answer;
}

/** Ends the program at once, endless loop or not. */
export function stopProgram() {
  if (!current) return;
  end({ ok: false, stopped: true });
}
