// The worker that runs the learner's Python programs, with its own instance of the
// core and of MicroPython, so an endless loop never freezes the page: Stop is
// removing the frame it runs in. It is started inside the sandboxed frame
// (program-frame.js) from text the page hands over, so it has an opaque origin
// (no caches, storage or cookies of the site) and the frame's policy lets no
// request out: whatever a program does with MicroPython's `js` module, it reaches
// only this worker's own globals. Every message it posts is a JSON string, which
// the page checks as untrusted data (worker-client.js).
//   in:  {type: 'load', files: {micropython, core: ArrayBuffer (.wasm), robot: text}, words: {table, lang}}   once
//        (words: the runner's messages in the page's language, run-program.js's RUNNER_WORDS)
//        {type: 'run', code, budget}
//   out: {type: 'ready', ms}           once, when both are loaded
//        {type: 'events', events}      what the program did, in batches while it runs
//        {type: 'done', ok, error?}    error: {kind: 'python' | 'budget' | 'internal', message, line}
// Bundled as one classic script (scripts/program-sandbox.mjs): the frame can start no module worker.
import { loadMicroPython } from '@micropython/micropython-webassembly-pyscript/micropython.mjs';
import createProgramsCore from 'attn-programs-core';
import { wrapCore } from '../core-face.js';
import { createRunner } from './run-program.js';

const FLUSH_MS = 50;  // at most one batch of events per this long, so a fast program posts a few messages, not thousands

const post = (message) => self.postMessage(JSON.stringify(message));
let runnerPromise = null;

async function load(files, words) {
  const started = performance.now();
  // MicroPython's loader fetches its .wasm by address, and the frame lets no request out: it is handed the bytes.
  self.fetch = async () => new Response(files.micropython, { headers: { 'Content-Type': 'application/wasm' } });
  const core = wrapCore(await createProgramsCore({ wasmBinary: files.core }));
  const runner = await createRunner(loadMicroPython, core, files.robot, words, { url: 'micropython.wasm' });
  post({ type: 'ready', ms: performance.now() - started });
  return runner;
}

async function run({ code, budget }) {
  const runner = await runnerPromise;
  let batch = [];
  let last = -Infinity;  // the first event of a run goes out at once: a print before an endless loop is seen
  const flush = () => {
    if (batch.length) post({ type: 'events', events: batch });
    batch = [];
    last = performance.now();
  };
  const answer = runner.run(code, (event) => {
    batch.push(event);
    if (performance.now() - last > FLUSH_MS) flush();
  }, { budget });
  flush();
  post({ type: 'done', ...answer });
}

self.onmessage = ({ data }) => {
  if (data?.type === 'load' && !runnerPromise) {
    runnerPromise = load(data.files, data.words);
    runnerPromise.catch((error) => post({ type: 'done', ok: false, error: { kind: 'internal', message: String(error?.message ?? error), line: null } }));
  } else if (data?.type === 'run' && runnerPromise) {
    run(data);
  }
};
