// "Train again": trains the network a training-plan demo describes, in a Web
// Worker, with a progress bar, a live loss chart and a cancel button; then puts
// the new weights in the page's networks (networks.js), which recomputes the
// demos that read them. Also saves the current weights as a JSON file and loads
// weights from one. Training needs no pretrained weights; saving pretrained
// weights that load on request loads them first.
import { siteUpdated, UPDATED_MESSAGE } from './site-version.js';
import { renderChart } from './render/charts.js';
import { networkName, networkOnTask } from './networks.js';
import { el } from './dom.js';
import { compileCore, workerCoreName } from './core.js';
import { MOST_PARTS, workerCount } from './team-size.js';
import { sizeText } from './on-request.js';
import { saveFile } from './save-file.js';
import { say } from './strings/index.js';
import { pageWords } from './strings/language.js';
import { formatIn } from './render/format.js';

// The bar and the status at most twice a second, the loss chart every 2 s (both training panels): each
// redraw is a frame of the whole page (its layout, paint and a hit test under the pointer), and on a 2-core
// machine every millisecond of it is taken from one of two training workers, which the other then waits out
// (docs/page-performance.md).
export const SHOW_EVERY_MS = 500;
export const CHART_EVERY_MS = 2000;
const slotOf = (params) => `${params.task}/${params.model}`;


/** The panel's buttons, file input, progress bar, status line and loss chart, under the plan's demo. */
function panelParts(view) {
  const parts = {
    train: el('button', { type: 'button', className: 'train', textContent: say('train.train') }),
    cancel: el('button', { type: 'button', className: 'cancel', textContent: say('train.cancel'), disabled: true }),
    save: el('button', { type: 'button', textContent: say('train.save') }),
    file: el('input', { type: 'file', accept: '.json,application/json', id: `${view.instance}-weights-file` }),
    bar: el('progress', { max: 1, value: 0 }),
    status: el('p', { className: 'train-status' }),
    chart: el('div', { className: 'loss-chart' }),
  };
  parts.bar.setAttribute('aria-label', say('train.progress'));
  parts.status.setAttribute('role', 'status');
  const fileLabel = el('label', { htmlFor: parts.file.id, textContent: say('train.load_label') });
  view.container.append(el('div', { className: 'train-panel' }, [
    el('div', { className: 'train-buttons' }, [parts.train, parts.cancel, parts.save, el('span', { className: 'file' }, [fileLabel, parts.file])]),
    parts.bar, parts.status, parts.chart,
  ]));
  return parts;
}

function drawLoss(chart, points) {
  chart.replaceChildren(renderChart({
    name: 'loss', title: say('train.chart_title'), x_label: say('train.chart_x'), y_label: say('train.chart_y'),
    log_x: false, series: [{ name: say('train.chart_series'), x: points.map((p) => p[0]), y: points.map((p) => p[1]) }],
  }));
}

/**
 * One training's progress on screen, redrawn at most every SHOW_EVERY_MS (the chart every CHART_EVERY_MS)
 * however often the worker reports. @returns {{progress(p), done(), cancel()}}
 */
function progressView({ bar, status, chart }) {
  const losses = [];
  let latest = null, shownAt = -Infinity, chartedAt = performance.now();
  let showing = null;  // the timer of the next redraw
  const show = () => {
    showing = null;
    shownAt = performance.now();
    bar.value = latest.step / latest.total_steps;
    status.textContent = say('train.status', { epoch: latest.epoch, step: latest.step, total: latest.total_steps, loss: latest.loss.toExponential(2) });
    if (shownAt - chartedAt >= CHART_EVERY_MS) {
      drawLoss(chart, losses);
      chartedAt = shownAt;
    }
  };
  return {
    progress(p) {
      latest = p;
      losses.push([p.step, p.loss]);
      showing ??= setTimeout(show, Math.max(0, shownAt + SHOW_EVERY_MS - performance.now()));
    },
    done() {
      this.cancel();
      bar.value = 1;
      drawLoss(chart, losses);
    },
    cancel() { clearTimeout(showing); showing = null; },
  };
}

const capitalised = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * Trains in a worker (train-worker.js). @param kind  'table' or 'lm'; @param workers  how many may share
 * the steps (1, 2 or 4); @param on  {progress(p, workers), paused?(step), done(result), failed(message)}
 * @returns worker 0's face (postMessage({type: 'pause' | 'resume' | 'stop'}); terminate() ends the training)
 *
 * The teammates start here, with worker 0, each with a port to every other worker: as many as the
 * most parts a batch has allow, since the training's own count is the core's answer in worker 0, which
 * then says how many it uses ({type: 'team'}) and the others are ended (a plain network: all of them).
 */
export function trainInWorker(kind, config, workers, on) {
  const coreName = workerCoreName(kind === 'lm' ? 'lm' : 'training');
  const make = () => new Worker(new URL('./train-worker.js', import.meta.url), { type: 'module', name: coreName });
  const team = Array.from({ length: on.checkOnly ? 1 : workerCount(MOST_PARTS, workers) }, make);
  const [worker] = team;
  const end = (from = 0) => team.slice(from).forEach((member) => member.terminate());
  const failed = (message) => { end(); on.failed(message); };
  worker.onmessage = ({ data }) => {
    if (data.type === 'team') end(data.count);
    else if (data.type === 'progress') data.progress.forEach((report) => on.progress(report, data.workers));
    else if (data.type === 'paused') on.paused?.(data.step);
    else if (data.type === 'done' || data.type === 'checked') { end(1); on.done(data.type === 'done' ? data.result : data.plan); }
    // The core's message says where and why ("training stopped at epoch 13, …"), in the page's language.
    else failed(capitalised(pageWords()(data.message)));
  };
  worker.onerror = (event) => failed(say('train.stopped', { message: event.message }));
  team.slice(1).forEach((member) => {
    member.onmessage = ({ data }) => failed(say('train.teammate_stopped', { message: data.message }));
    member.onerror = (event) => failed(say('train.teammate_stopped', { message: event.message }));
  });
  // ports[i]: [the other's index, port] for each other worker
  const ports = team.map(() => []);
  team.forEach((_, i) => team.slice(i + 1).forEach((__, k) => {
    const channel = new MessageChannel();
    ports[i].push([i + 1 + k, channel.port1]);
    ports[i + 1 + k].push([i, channel.port2]);
  }));
  compileCore(coreName).then((module) => team.forEach((member, index) => {
    const others = ports[index].map(([other]) => other);
    const message = index > 0 ? { type: 'team-prepare', kind, config, index, others, module }
      : { type: on.checkOnly ? 'check' : 'start', kind, config, workers, others, module };
    member.postMessage(message, ports[index].map(([, port]) => port));
  }));
  return { postMessage: (message) => worker.postMessage(message), terminate: () => end() };
}

/** "Save these weights" and "Load weights from a file". @param load  (slot, text, source, origin) => the message */
function attachWeightFiles({ save, file, status }, view, networks, onRequest, load) {
  save.addEventListener('click', async () => {
    const slot = slotOf(view.shownParams());
    if (!networks.has(slot) && onRequest.listed[slot]) {
      const name = networkName(slot);
      status.textContent = say('train.loading', { name });
      try {
        await onRequest.load(slot);
      } catch (error) {
        status.textContent = say('train.load_failed', { name, error: error.message });
        return;
      }
      status.textContent = say('train.loaded', { name });
    }
    const text = networks.text(slot);
    if (!text) { status.textContent = say('train.none_loaded', { network: networkOnTask(slot) }); return; }
    saveFile(`${slot.replace('/', '-')}.json`, text, 'application/json');
  });

  file.addEventListener('change', async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    file.value = '';
    // Refused by its size before it is read: the text would be copied into the module's memory
    // before the core could refuse it, and that memory never shrinks.
    if (chosen.size > networks.maxTextBytes) {
      status.textContent = tooLargeText(chosen, networks.maxTextBytes);
      return;
    }
    const slot = slotOf(view.shownParams());
    status.textContent = load(slot, await chosen.text(), say('train.from_file', { name: chosen.name }), { kind: 'file', name: chosen.name });
  });
}

/**
 * @param view       the mounted training-plan demo (mountDemo's return value)
 * @param networks   from createNetworks(): the page's networks, where the trained one goes
 * @param onRequest  from createOnRequest(): the pretrained weights that load on request
 * @returns {{train(config)}}  trains with these settings, as the button does with the plan's
 */
export function attachTrainPanel(view, networks, onRequest) {
  const parts = panelParts(view);
  const { train, cancel, bar, status } = parts;
  let worker = null;
  let shown = null;  // the progress view of the training under way

  function finish(text) {
    worker?.terminate();
    worker = null;
    shown?.cancel();
    train.disabled = false;
    cancel.disabled = true;
    status.textContent = text;
  }

  function load(slot, text, source, origin) {
    const answer = networks.use(slot, text, origin);
    if (!answer.ok) return pageWords()(answer.error.message);
    return say('train.in_use', { source, network: networkOnTask(slot) });
  }

  function start(params) {
    if (siteUpdated()) {  // the worker's script would be the new version's
      status.textContent = UPDATED_MESSAGE;
      return;
    }
    const slot = slotOf(params);
    train.disabled = true;
    cancel.disabled = false;
    bar.value = 0;
    status.textContent = say('train.starting', { network: networkOnTask(slot) });
    const progress = progressView(parts);
    shown = progress;
    worker = trainInWorker('table', params, navigator.hardwareConcurrency, {
      progress: (p) => progress.progress(p),
      done(result) {
        progress.done();
        const { misses } = result;
        // The misses travel with the weights, so the comparison shows this network's figures.
        const config = { task: params.task, model: params.model, seed: params.seed, lr: params.lr, epochs: params.epochs };
        const loaded = load(slot, JSON.stringify({ ...result.weights, misses }), say('train.new_weights'), { kind: 'trained', config });
        finish(`${say('train.done', { four: misses['4'].toFixed(1), six: misses['6'].toFixed(1) })} ${loaded}`);
      },
      failed: (message) => finish(`${message} ${say('train.still_in_use')}`),  // the page keeps the network it had
    });
  }

  // The plan on screen is of the last settings that worked: while the learner's are refused (a network the
  // lesson gave no rate, say), training would train another network than the menus show.
  train.addEventListener('click', () => {
    const shown = view.shownParams();
    if (!shown) return;
    if (!view.showsState()) status.textContent = say('train.fix_first');
    else start(shown);
  });
  cancel.addEventListener('click', () => finish(`${say('train.cancelled')} ${say('train.still_in_use')}`));
  attachWeightFiles(parts, view, networks, onRequest, load);

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
  const bytes = (n) => say('train.bytes', { n: formatIn(',')(n), size: sizeText(n) });
  return say('train.too_large', { name: chosen.name, size: bytes(chosen.size), max: bytes(maxBytes) });
}
