// How a page's training workers pass their gradient blocks ('shared', 'messages' or 'none'), as
// train-worker.js says in each progress message: a learner cannot see it, so tests and benchmarks read it here.

/** Run in the page before its own scripts: every worker's messages are watched for `exchange`. */
function watch() {
  const Native = window.Worker;
  window.trainingExchanges = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ({ data }) => { if (data?.exchange) window.trainingExchanges.push(data.exchange); });
    }
  };
}

/** A script to run in a page before its own (page.addInitScript({content})), so that exchangesSeen() can tell later. */
export const WATCH_EXCHANGE = `(${watch})();`;

/** The same page as on a machine of `cores` cores (navigator.hardwareConcurrency, read by the training panels). */
export const withCores = (cores) => `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${Number(cores)} });`;

/** The distinct ways the page's trainings passed their blocks, in order of first use. */
export const exchangesSeen = (page) => page.evaluate(() => [...new Set(window.trainingExchanges)]);
