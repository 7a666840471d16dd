// The language model's training in the page, under the lm_train demo (its settings, declared in
// core/lessons/lm/lm_train.cpp): the text to learn from (the lessons' own, or the learner's pasted
// or opened, checked by the core before it is chosen), Train / Pause / Resume / Stop in 1, 2 or 4
// workers (train-worker.js, the same bits whatever the count), progress, the training and
// validation losses as a chart, a sample every few seconds; then the network goes to the page's
// networks (networks.js), so the four demos read it, with the way back to the shipped one; and the
// weights as a file, downloaded or loaded back.
import { renderChart } from './render/charts.js';
import { fragment, pageAddress } from './address.js';
import { el } from './dom.js';
import { fetchText } from './lesson-files.js';
import { saveFile } from './save-file.js';
import { siteUpdated, UPDATED_MESSAGE } from './site-version.js';
import { CHART_EVERY_MS, SHOW_EVERY_MS, trainInWorker, tooLargeText } from './train-panel.js';
import { say, sayCount } from './strings/index.js';
import { pageWords } from './strings/language.js';

export const LM_SLOT = 'next-character/char-lm';  // core/lessons/lm/shipped_network.hpp, kSlot
const TRAINING_FRAGMENT = 'training'; // the link to a training opens the page at this panel
const LESSONS_TEXT = '../assets/lessons.txt';      // scripts/lm-corpus.mjs, written by the site build
const SAMPLE = { count: 160, temperature: 0.8, top_k: 0, seed: 0 };

const count = (n) => n.toLocaleString('en');
const firstChar = (text) => [...text.replace(/\r/g, '')][0] ?? ' ';

function button(text, props = {}) {
  return el('button', { type: 'button', textContent: text, ...props });
}

/** The panel's parts, under the settings demo. */
function panelParts(view) {
  const id = view.instance;
  const p = {
    textStatus: el('p', { className: 'lm-text-status' }),
    paste: el('textarea', { id: `${id}-own-text`, rows: 4 }),
    usePaste: button(say('lm.use_pasted')),
    open: el('input', { type: 'file', accept: '.txt,text/plain', id: `${id}-text-file` }),
    useLessons: button(say('lm.use_lessons')),
    train: button(say('lm.train'), { className: 'train' }),
    pause: button(say('lm.pause'), { disabled: true }),
    stop: button(say('lm.stop'), { disabled: true }),
    workers: el('select', { id: `${id}-workers` }, [1, 2, 4].map((n) => el('option', { value: String(n), textContent: String(n) }))),
    bar: el('progress', { max: 1, value: 0 }),
    status: el('p', { className: 'train-status' }),
    chart: el('div', { className: 'loss-chart' }),
    sample: el('pre', { className: 'lm-sample waiting', textContent: say('lm.sample_none') }),
    download: button(say('lm.download')),
    load: el('input', { type: 'file', accept: '.json,application/json', id: `${id}-weights-file` }),
    back: button(say('lm.back')),
    link: el('a', { className: 'lm-retrain-link', textContent: say('lm.retrain_link') }),
    fileStatus: el('p', { className: 'lm-file-status' }),
  };
  p.workers.value = String(Math.min(4, navigator.hardwareConcurrency >= 4 ? 4 : navigator.hardwareConcurrency >= 2 ? 2 : 1));
  p.bar.setAttribute('aria-label', say('lm.progress'));
  p.status.setAttribute('role', 'status');
  p.textStatus.setAttribute('role', 'status');
  p.fileStatus.setAttribute('role', 'status');
  p.link.hidden = true;
  const label = (control, text) => el('label', { htmlFor: control.id, textContent: text });
  view.container.append(el('div', { className: 'train-panel lm-train-panel' }, [
    el('fieldset', { className: 'lm-text' }, [
      el('legend', { textContent: say('lm.text_legend') }),
      p.textStatus,
      label(p.paste, say('lm.paste_label')), p.paste,
      el('div', { className: 'train-buttons' }, [p.usePaste, el('span', { className: 'file' }, [label(p.open, say('lm.open_label')), p.open]), p.useLessons]),
    ]),
    el('div', { className: 'train-buttons' }, [p.train, p.pause, p.stop, el('span', {}, [label(p.workers, say('lm.workers_label')), ' ', p.workers])]),
    p.bar, p.status, p.chart,
    // A figure, so that its caption names the sample (axe refuses an aria-label on a <pre> with no role).
    el('figure', { className: 'lm-sample-figure' }, [el('figcaption', { className: 'help', textContent: say('lm.sample_heading') }), p.sample]),
    el('div', { className: 'train-buttons' }, [p.download, el('span', { className: 'file' }, [label(p.load, say('lm.load_label')), p.load]), p.back, p.link]),
    p.fileStatus,
  ]));
  return p;
}

function drawLosses(chart, losses, validations) {
  chart.replaceChildren(renderChart({
    name: 'lm-loss', title: say('lm.chart_title'), x_label: say('lm.chart_x'), y_label: say('lm.chart_y'), log_x: false,
    series: [
      { name: say('lm.chart_batch'), x: losses.map((p) => p[0]), y: losses.map((p) => p[1]) },
      { name: say('lm.chart_validation'), x: validations.map((p) => p[0]), y: validations.map((p) => p[1]) },
    ],
  }));
}

/**
 * The text to learn from: the lessons' (fetched when first needed) or the learner's. A text of the
 * learner's is checked by the core (the trainer's own start) before it replaces the one chosen, so a
 * refused text changes nothing and stays in the box to be fixed.
 */
function textChoice(p, settings, maxBytes) {
  let chosen = null;  // {text, name} of the learner's; null: the lessons'
  let lessons = null;
  const show = () => {
    p.textStatus.textContent = chosen
      ? say('lm.text_own', { name: chosen.name, chars: count([...chosen.text].length) })
      : say('lm.text_lessons');
    p.useLessons.disabled = !chosen;
  };
  function check(text, name) {
    p.textStatus.textContent = say('lm.checking', { name });
    const worker = trainInWorker('lm', { text, settings: settings(), sample: null }, 1, {
      checkOnly: true,
      progress() {},
      done(plan) {
        worker.terminate();
        chosen = { text, name };
        show();
        p.textStatus.textContent += ` ${say('lm.text_checked', { vocab: plan.vocab, parameters: count(plan.parameters) })}`;
      },
      failed(message) {
        worker.terminate();
        show();
        p.textStatus.textContent = say('lm.text_refused', { name, message });
      },
    });
  }
  p.usePaste.addEventListener('click', () => check(p.paste.value, say('lm.pasted_name')));
  p.open.addEventListener('change', async () => {
    const file = p.open.files[0];
    if (!file) return;
    p.open.value = '';
    // Refused by its size before it is read: a large file would be read whole first.
    if (file.size > maxBytes) {
      p.textStatus.textContent = say('lm.text_too_large', { name: file.name, size: count(file.size), max: count(maxBytes) });
      return;
    }
    check(await file.text(), file.name);
  });
  p.useLessons.addEventListener('click', () => { chosen = null; show(); });
  show();
  return {
    async text() {
      if (chosen) return chosen.text;
      lessons ??= await fetchText(LESSONS_TEXT);
      return lessons;
    },
    name: () => chosen?.name ?? null,
  };
}

/**
 * @param view      the mounted lm_train demo
 * @param networks  from createNetworks(): where the trained network goes
 * @param core      the page's core (the lm module: the settings' plan and the largest text)
 * @returns {{train(), pause(), stop()}}  what the buttons do (Pause again resumes)
 */
export function attachLmTrainPanel(view, networks, core) {
  const p = panelParts(view);
  const plan = core.run('lm_train', view.state.values);
  const maxTextBytes = plan.result?.numbers?.max_text_bytes ?? 2 * 1024 * 1024;  // nn/lm/text.hpp's bound
  const texts = textChoice(p, () => settingsOf(view.shownParams() ?? view.state.values), maxTextBytes);
  // The lesson's network is compiled into the module: "" is how its slot names it (api/lm_network.hpp).
  if (!networks.has(LM_SLOT)) networks.use(LM_SLOT, '', { kind: 'lesson' });
  let worker = null;
  let paused = false;

  function settingsOf(values) {
    const { layers, heads, width, context, batch, lr, steps, seed } = values;
    return { layers, heads, width, context, batch, lr, steps, seed };
  }

  function idle(text) {
    worker?.terminate();
    worker = null;
    paused = false;
    p.train.disabled = false;
    p.pause.disabled = true;
    p.pause.textContent = say('lm.pause');
    p.stop.disabled = true;
    p.workers.disabled = false;
    p.status.textContent = text;
  }

  function useTrained(result, settings, step, own) {
    const loss = result.validation_loss.toFixed(2);
    const answer = networks.use(LM_SLOT, result.file, {
      kind: 'trained', config: null,
      summary: say('lm.trained_summary', { steps: count(step), seed: settings.seed, loss }),
    });
    if (!answer.ok) return say('lm.not_used', { message: pageWords()(answer.error.message) });
    p.link.hidden = own;  // a text of the learner's is not in any link
    if (!own) p.link.href = pageAddress(undefined, TRAINING_FRAGMENT);
    return say('lm.in_use', { loss });
  }

  async function start() {
    if (siteUpdated()) { p.status.textContent = UPDATED_MESSAGE; return; }
    // The plan on screen is of the last settings that worked: while the learner's are refused, training
    // them would train another network than the controls show.
    const values = view.shownParams();
    if (!view.showsState()) { p.status.textContent = say('lm.fix_settings'); return; }
    const settings = settingsOf(values);
    p.train.disabled = true;
    p.workers.disabled = true;
    p.status.textContent = say('lm.starting');
    let text;
    try {
      text = await texts.text();
    } catch (error) {
      idle(say('lm.text_unavailable', { message: error.message }));
      return;
    }
    const own = texts.name() !== null;
    const losses = [], validations = [];
    let latest = null, sample = '', shownSample = '', shownAt = -Infinity, chartedAt = performance.now(), showing = null, workersUsed = 1;
    const workersSaid = () => sayCount(workersUsed, 'lm.workers');  // "1 worker", "2 workers"
    const chart = () => { drawLosses(p.chart, losses, validations); chartedAt = performance.now(); };
    const show = () => {
      showing = null;
      shownAt = performance.now();
      p.bar.value = latest.step / latest.total_steps;
      const validation = validations.length ? say('lm.validation', { loss: validations.at(-1)[1].toFixed(3) }) : '';
      p.status.textContent = say('lm.status', { step: count(latest.step), total: count(latest.total_steps), loss: latest.loss.toFixed(3), validation, workers: workersSaid() });
      // A sample comes every few seconds: the box is laid out and painted again only when it changes.
      if (sample !== shownSample) {
        p.sample.textContent = shownSample = sample;
        p.sample.classList.remove('waiting');
      }
      if (shownAt - chartedAt >= CHART_EVERY_MS) chart();
    };
    p.pause.disabled = false;
    p.stop.disabled = false;
    p.bar.value = 0;
    p.chart.replaceChildren();
    p.sample.textContent = say('lm.sample_soon');
    p.sample.classList.add('waiting');
    worker = trainInWorker('lm', { text, settings, sample: { ...SAMPLE, prompt: firstChar(text) } }, Number(p.workers.value), {
      progress(progress, workers) {
        latest = progress;
        workersUsed = workers;
        if (progress.loss !== null) losses.push([progress.step, progress.loss]);
        if (progress.validation !== undefined) validations.push([progress.step, progress.validation]);
        if (progress.sample !== undefined) sample = progress.sample;
        showing ??= setTimeout(show, Math.max(0, shownAt + SHOW_EVERY_MS - performance.now()));
      },
      paused(step) {
        clearTimeout(showing);  // a redraw still due would cover the message
        showing = null;
        if (latest) show();
        chart();  // up to the step it paused at, not the last redraw's (up to 2 s behind)
        p.status.textContent = say('lm.paused', { step: count(step) });
      },
      done(result) {
        clearTimeout(showing);
        if (latest) show();
        chart();
        const step = latest?.step ?? 0;
        const stopped = step < settings.steps;
        const used = useTrained(result, settings, step, own);
        idle(`${stopped ? say('lm.stopped', { step: count(step), workers: workersSaid() }) : say('lm.done', { workers: workersSaid() })} ${used}`);
        // The run, for the scale chart (lm-scale-sweep.js) to place beside the sweep's.
        const validation = validations.at(-1)?.[0] === step ? validations : [...validations, [step, result.validation_loss]];
        view.container.dispatchEvent(new CustomEvent('lm-trained', { bubbles: true, detail: {
          layers: settings.layers, width: settings.width, parameters: result.parameters, validation } }));
      },
      failed(message) {
        clearTimeout(showing);
        idle(`${message} ${say('lm.still_in_use')}`);
      },
    });
  }

  function togglePause() {
    if (!worker) return;
    paused = !paused;
    worker.postMessage({ type: paused ? 'pause' : 'resume' });
    p.pause.textContent = say(paused ? 'lm.resume' : 'lm.pause');
    if (!paused) p.status.textContent = say('lm.resumed');
  }

  p.train.addEventListener('click', start);
  p.pause.addEventListener('click', togglePause);
  p.stop.addEventListener('click', () => {
    if (!worker) return;
    p.stop.disabled = true;
    p.pause.disabled = true;
    worker.postMessage({ type: 'stop' });
  });
  p.download.addEventListener('click', () => {
    const text = networks.text(LM_SLOT);
    if (!text) { p.fileStatus.textContent = say('lm.nothing_to_download'); return; }
    saveFile('char-lm.json', text, 'application/json');
  });
  p.load.addEventListener('change', async () => {
    const file = p.load.files[0];
    if (!file) return;
    p.load.value = '';
    if (file.size > networks.maxTextBytes) { p.fileStatus.textContent = tooLargeText(file, networks.maxTextBytes); return; }
    const answer = networks.use(LM_SLOT, await file.text(), { kind: 'file', name: file.name });
    p.fileStatus.textContent = answer.ok ? say('lm.loaded', { name: file.name }) : pageWords()(answer.error.message);
  });
  p.back.addEventListener('click', () => {
    networks.backToLesson(LM_SLOT);
    p.fileStatus.textContent = say('lm.back_done');
  });
  const showBack = () => { p.back.disabled = networks.origin(LM_SLOT)?.kind === 'lesson'; p.download.disabled = p.back.disabled; };
  networks.onChange((slot) => { if (slot === LM_SLOT) showBack(); });
  showBack();
  if (fragment() === TRAINING_FRAGMENT) view.container.scrollIntoView({ block: 'start' });
  return { train: start, pause: togglePause, stop: () => p.stop.click() };
}
