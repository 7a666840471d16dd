// The script of the sandboxed frame the learner's programs run in (worker-client.js
// makes the frame; scripts/program-sandbox.mjs puts this script into its document,
// with a policy that allows this script by its hash, blob: workers and WebAssembly,
// and no request of any kind). The frame has an opaque origin: the site's caches,
// storage and cookies are out of reach of it and of the worker it starts.
// It starts the program worker from the text the page hands it and passes the
// worker's messages on, each a string of bounded size at a bounded rate; the page
// reads them as untrusted data. A classic script, written for itself: it runs
// before, and apart from, anything else of the site.
(() => {
  // Opened any other way (a top-level tab, a frame of another site) it would have the site's origin: do nothing.
  if (self.origin !== 'null' || window.parent === window) return;
  const MAX_MESSAGE_CHARS = 4 * 1024 * 1024;  // an honest batch of 50 ms of output is far smaller [chars]
  const MAX_MESSAGES_PER_SECOND = 200;        // the worker batches to at most 20 a second [-]

  let worker = null;
  let second = 0;
  let sent = 0;
  const tell = (message) => window.parent.postMessage(message, '*');
  let words = {};  // the page's words for what goes wrong here (worker-client.js): the frame has no table of its own
  const fail = (message) => {
    worker?.terminate();
    tell(JSON.stringify({ type: 'done', ok: false, error: { kind: 'internal', message, line: null } }));
  };

  function relay({ data }) {
    const now = Math.floor(performance.now() / 1000);
    if (now !== second) [second, sent] = [now, 0];
    if (typeof data !== 'string' || data.length > MAX_MESSAGE_CHARS || ++sent > MAX_MESSAGES_PER_SECOND) {
      return fail(words.flood);
    }
    tell(data);
  }

  function start({ worker: text, files, words: given }) {
    words = given;
    worker = new Worker(URL.createObjectURL(new Blob([text], { type: 'text/javascript' })));
    worker.onmessage = relay;
    worker.onerror = (event) => {
      event.preventDefault();
      fail(words.noStart.replace('{error}', event.message || words.workerFailed));
    };
    worker.postMessage({ type: 'load', files, words: words.runner }, [files.micropython, files.core]);
  }

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const { data } = event;
    if (data?.type === 'start' && !worker) start(data);
    else if (data?.type === 'run' && worker) worker.postMessage({ type: 'run', code: String(data.code), budget: Number(data.budget) });
  });
  tell(JSON.stringify({ type: 'frame' }));
})();
