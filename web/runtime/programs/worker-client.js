// The one worker that runs the page's programs (program-worker.js), started on
// the first Run, so Python costs nothing until a learner asks for it. Stop is
// terminating it; the next Run starts a new one.
import { workerCoreName } from '../core.js';

let worker = null;
let current = null;  // {onEvents, resolve} of the run in progress

function start() {
  worker = new Worker(new URL('./program-worker.js', import.meta.url), { type: 'module', name: workerCoreName('robot') });
  worker.onmessage = ({ data }) => {
    if (data.type === 'events') current?.onEvents(data.events);
    else if (data.type === 'done') finish(data);
  };
  worker.onerror = (e) => finish({ ok: false, error: { kind: 'internal', message: e.message || 'Python could not start.', line: null } });
}

function finish(answer) {
  const run = current;
  current = null;
  run?.resolve(answer);
}

/** Runs `code`; onEvents gets each batch; resolves to {ok, error?} (or {stopped: true}). */
export function runProgram(code, onEvents, budget) {
  if (current) stopProgram();
  if (!worker) start();
  return new Promise((resolve) => {
    current = { onEvents, resolve };
    worker.postMessage({ type: 'run', code, budget });
  });
}

/** Ends the program at once, endless loop or not. */
export function stopProgram() {
  worker?.terminate();
  worker = null;
  finish({ ok: false, stopped: true });
}

export const isRunning = () => current !== null;
