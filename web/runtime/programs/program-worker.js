// Runs the learner's Python programs in the background with its own instance
// of the core and of MicroPython, so an endless loop never freezes the page:
// Stop is terminating this worker. Messages:
//   in:  {type: 'run', code, budget}
//   out: {type: 'ready', ms}           once, when both are loaded
//        {type: 'events', events}      what the program did, in batches while it runs
//        {type: 'done', ok, error?}    error: {kind: 'python' | 'budget' | 'internal', message, line}
// The core's loader and MicroPython's sit beside the bundled worker in assets/ (scripts/build-site.mjs).
import { loadMicroPython } from './micropython.mjs';
import { createCore } from '../core.js';
import { createRunner } from './run-program.js';

const FLUSH_MS = 50;  // batch events so a fast program posts a few messages, not thousands

const base = new URL('.', import.meta.url);  // assets/, where the core, MicroPython and robot.py are
const started = performance.now();
const runnerPromise = (async () => {
  const [core, robotSource] = await Promise.all([
    createCore(self.name),  // the module with the robot (worker-client.js names the worker after it)
    fetch(new URL('robot.py', base)).then((r) => r.text()),
  ]);
  return createRunner(loadMicroPython, core, robotSource, { url: new URL('micropython.wasm', base).href });
})();
runnerPromise.then(() => self.postMessage({ type: 'ready', ms: performance.now() - started }),
  (error) => self.postMessage({ type: 'done', ok: false, error: { kind: 'internal', message: String(error.message ?? error), line: null } }));

self.onmessage = async ({ data }) => {
  if (data.type !== 'run') return;
  const runner = await runnerPromise;
  let batch = [];
  let last = performance.now();
  const flush = () => {
    if (batch.length) self.postMessage({ type: 'events', events: batch });
    batch = [];
    last = performance.now();
  };
  const answer = runner.run(data.code, (event) => {
    batch.push(event);
    if (performance.now() - last > FLUSH_MS) flush();
  }, { budget: data.budget });
  flush();
  self.postMessage({ type: 'done', ...answer });
};
