// "Train again": trains the network a training-plan demo describes, in a Web
// Worker, with a progress bar, a live loss chart and a cancel button; then puts
// the new weights in the page's networks (networks.js), which recomputes the
// demos that read them. Also saves the current weights as a JSON file and loads
// weights from one. Training needs no pretrained weights; saving pretrained
// weights that load on request loads them first.
import { siteUpdated, UPDATED_MESSAGE } from './site-version.js';

const STILL_IN_USE = 'The network you had before is still the one in use.';
import { renderChart } from './render/charts.js';
import { networkName } from './networks.js';
import { el } from './dom.js';
import { workerCoreName } from './core.js';
import { sizeText } from './on-request.js';

// The bar and the status at most 5 times a second, the loss chart every 2 s: each redraw takes
// the main thread's time, which the training workers of a 2-core machine need (docs/page-performance.md).
const SHOW_EVERY_MS = 200;
const CHART_EVERY_MS = 2000;


/**
 * @param view       the mounted training-plan demo (mountDemo's return value)
 * @param networks   from createNetworks(): the page's networks, where the trained one goes
 * @param onRequest  from createOnRequest(): the pretrained weights that load on request
 * @returns {{train(config)}}  trains with these settings, as the button does with the plan's
 */
export function attachTrainPanel(view, networks, onRequest) {
  const train = el('button', { type: 'button', className: 'train', textContent: 'Train in your browser' });
  const cancel = el('button', { type: 'button', className: 'cancel', textContent: 'Cancel', disabled: true });
  const save = el('button', { type: 'button', textContent: 'Save these weights (JSON)' });
  const file = el('input', { type: 'file', accept: '.json,application/json', id: `${view.instance}-weights-file` });
  const fileLabel = el('label', { htmlFor: file.id, textContent: 'Load weights from a file' });
  const bar = el('progress', { max: 1, value: 0 });
  bar.setAttribute('aria-label', 'Training progress');
  const status = el('p', { className: 'train-status' });
  status.setAttribute('role', 'status');
  const chart = el('div', { className: 'loss-chart' });
  const panel = el('div', { className: 'train-panel' }, [
    el('div', { className: 'train-buttons' }, [train, cancel, save, el('span', { className: 'file' }, [fileLabel, file])]),
    bar, status, chart,
  ]);
  view.container.append(panel);

  let worker = null;
  let showing = null;  // the timer of the next redraw of the progress
  const slotOf = (params) => `${params.task}/${params.model}`;

  function finish(text) {
    worker?.terminate();
    worker = null;
    clearTimeout(showing);
    showing = null;
    train.disabled = false;
    cancel.disabled = true;
    status.textContent = text;
  }

  function drawLoss(points) {
    chart.replaceChildren(renderChart({
      name: 'loss', title: 'Training loss (mean squared error, m²) as the steps go by', x_label: 'step', y_label: 'loss',
      log_x: false, series: [{ name: 'batch loss', x: points.map((p) => p[0]), y: points.map((p) => p[1]) }],
    }));
  }

  function load(slot, text, source, origin) {
    const answer = networks.use(slot, text, origin);
    if (!answer.ok) return answer.error.message;
    return `${source} are now in use for ${slot}.`;
  }

  function start(params) {
    const slot = slotOf(params);
    const losses = [];
    let latest = null, shownAt = -Infinity, chartedAt = performance.now();
    const show = () => {
      showing = null;
      shownAt = performance.now();
      bar.value = latest.step / latest.total_steps;
      status.textContent = `Epoch ${latest.epoch} · step ${latest.step} of ${latest.total_steps} · loss ${latest.loss.toExponential(2)}`;
      if (shownAt - chartedAt >= CHART_EVERY_MS) {
        drawLoss(losses);
        chartedAt = shownAt;
      }
    };
    if (siteUpdated()) {  // the worker's script would be the new version's
      status.textContent = UPDATED_MESSAGE;
      return;
    }
    train.disabled = true;
    cancel.disabled = false;
    bar.value = 0;
    status.textContent = `Starting to train ${slot}…`;
    worker = new Worker(new URL('./train-worker.js', import.meta.url), { type: 'module', name: workerCoreName('training') });
    worker.onmessage = ({ data }) => {
      if (data.type === 'progress') {
        latest = data.progress;
        losses.push([latest.step, latest.loss]);
        showing ??= setTimeout(show, Math.max(0, shownAt + SHOW_EVERY_MS - performance.now()));
      } else if (data.type === 'done') {
        bar.value = 1;
        drawLoss(losses);
        const misses = data.result.misses;
        // The misses travel with the weights, so the comparison shows this network's figures.
        const config = { task: params.task, model: params.model, seed: params.seed, lr: params.lr, epochs: params.epochs };
        const loaded = load(slot, JSON.stringify({ ...data.result.weights, misses }), 'The new weights', { kind: 'trained', config });
        finish(`Done. Mean miss ${misses['4'].toFixed(1)} cm with 4 objects, ${misses['6'].toFixed(1)} cm with 6. ${loaded}`);
      } else {
        // The core's message says where and why ("training stopped at epoch 13, …"); the page keeps the network it had.
        finish(`${data.message.charAt(0).toUpperCase()}${data.message.slice(1)} ${STILL_IN_USE}`);
      }
    };
    worker.onerror = (event) => finish(`Training stopped: ${event.message}. ${STILL_IN_USE}`);
    worker.postMessage({ type: 'start', config: params, cores: navigator.hardwareConcurrency });
  }

  train.addEventListener('click', () => { if (view.shownParams()) start(view.shownParams()); });

  cancel.addEventListener('click', () => finish(`Cancelled. ${STILL_IN_USE}`));

  save.addEventListener('click', async () => {
    const slot = slotOf(view.shownParams());
    if (!networks.has(slot) && onRequest.listed[slot]) {
      const name = networkName(slot);
      status.textContent = `Loading ${name}'s weights to save them…`;
      try {
        await onRequest.load(slot);
      } catch (error) {
        status.textContent = `${name}'s weights could not be loaded (${error.message}), so there is nothing to save yet.`;
        return;
      }
      status.textContent = `${name}'s weights are loaded, and now in use on this page too.`;
    }
    const text = networks.text(slot);
    if (!text) { status.textContent = `No weights are loaded for ${slot} yet.`; return; }
    const link = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/json' })), download: `${slot.replace('/', '-')}.json` });
    link.click();
    URL.revokeObjectURL(link.href);
  });

  file.addEventListener('change', async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    file.value = '';
    // Refused by its size before it is read: the text would be copied into the module's memory
    // before the core could refuse it, and that memory never shrinks (100 MB grew it by 200 MB).
    if (chosen.size > networks.maxTextBytes) {
      status.textContent = tooLargeText(chosen, networks.maxTextBytes);
      return;
    }
    const slot = slotOf(view.shownParams());
    status.textContent = load(slot, await chosen.text(), `The weights from ${chosen.name}`, { kind: 'file', name: chosen.name });
  });

  return {
    /** Shows `config` in the plan (the settings a shared link asked for) and trains it. */
    train(config) {
      view.state.set(config);
      view.container.scrollIntoView({ block: 'start' });
      start({ ...view.state.values });
    },
  };
}

/** Why a file larger than the core takes was not loaded, with both sizes. */
export function tooLargeText(chosen, maxBytes) {
  const bytes = (n) => `${n.toLocaleString('en')} bytes (${sizeText(n)})`;
  return `${chosen.name} is too large to be a weights file: it has ${bytes(chosen.size)}, and a weights file ` +
    `can have at most ${bytes(maxBytes)}. Nothing was loaded; the weights in use stay.`;
}
