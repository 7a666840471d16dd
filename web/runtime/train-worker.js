// Trains one network in the background with its own instance of the core, so
// the page stays responsive. Messages:
//   in:  {type: 'start', config: {task, model, seed, lr, epochs}}
//   out: {type: 'progress', progress}  every few steps
//        {type: 'done', result: {weights, misses}}  |  {type: 'error', message, param}
// Cancelling is terminating the worker: nothing here needs to listen for it.
import { createCore } from './core.js';

const STEPS_PER_MESSAGE = 20;  // about 10-40 ms of work between progress reports

const corePromise = createCore(self.name);  // the module that trains (train-panel.js names the worker after it)

self.onmessage = async ({ data }) => {
  if (data.type !== 'start') return;
  const core = await corePromise;
  const started = core.trainStart(data.config);
  if (!started.ok) {
    self.postMessage({ type: 'error', ...started.error });
    return;
  }
  for (;;) {
    const progress = core.trainAdvance(STEPS_PER_MESSAGE);
    if (!progress.ok) {
      self.postMessage({ type: 'error', ...progress.error });
      return;
    }
    self.postMessage({ type: 'progress', progress });
    if (progress.failed) {
      self.postMessage({ type: 'error', message: progress.message, param: 'lr' });
      return;
    }
    if (progress.done) break;
  }
  const result = core.trainResult();
  self.postMessage(result.ok ? { type: 'done', result } : { type: 'error', ...result.error });
};
