// "Edit and run the program" under a robot demo: the demo's Python program in
// an editor, Run / Stop, the printout, the plots and the mat, a step scrubber,
// and the edited program kept in the address. Loaded (with CodeMirror) only when
// a learner first opens a panel (entry.js).
import { createEditor } from './editor.js';
import { runProgram, stopProgram } from './worker-client.js';
import { stateAt, countSteps, renderPlots, renderMat } from './outputs.js';
import { withSettings } from './constants.js';
import { el } from '../dom.js';
import { say } from '../strings/index.js';

const DEFAULT_BUDGET = 20000;  // steps (prints and robot calls) before the page asks (run-program.js)

/**
 * @param details  the panel's <details> (entry.js)
 * @param view     the demo above it (demo-view.js): its state and shown result
 * @param file     the program's URL (lessons/<slug>/programs/<name>.py, copied by the build)
 * @param link     {read, write}: the program's key in the address (entry.js)
 */
export async function mountProgram(details, view, file, link) {
  const lessons = await fetch(file).then((r) => { if (!r.ok) throw new Error(`${file}: ${r.status}`); return r.text(); });
  const lessonProgram = () => withSettings(lessons, view.state.values, view.shownResult());
  const linked = await link.read();  // undefined, {value} or {problem}
  const edited = linked?.value ?? null;
  const parts = panelParts(view.instance);
  details.append(parts.element);

  const editor = createEditor(parts.editorBox, edited ?? lessonProgram(), (text) => {
    link.write(text === lessonProgram() ? null : text);  // written once typing pauses
  }, say('program.editor_label', { demo: view.instance }));
  parts.origin.textContent = linked?.problem ?? (edited
    ? say('program.edited')
    : say('program.lesson'));

  let good = null;  // the events of the last run that finished without an error
  let events = [];
  let budget = DEFAULT_BUDGET;

  const show = (steps = Infinity) => showState(parts, stateAt(events, steps));

  async function run() {
    player.pause();
    editor.markError(null);
    parts.status.textContent = say('program.running');
    parts.run.disabled = true;
    parts.stop.disabled = false;
    parts.more.hidden = true;
    const clicked = performance.now();
    let firstPrint = null;
    events = [];
    show();  // the last run's output does not stay under "Running…"
    let frame = 0;
    const answer = await runProgram(editor.text(), (batch) => {
      events.push(...batch);
      if (firstPrint === null && batch.some((e) => e.type === 'print')) firstPrint = performance.now() - clicked;
      frame ||= requestAnimationFrame(() => { frame = 0; show(); });
    }, budget);
    cancelAnimationFrame(frame);
    // Read by scripts/bench_programs.mjs: the Run click to the first printed line, and that line's page time.
    details.dataset.firstPrintMs = String(firstPrint ?? '');
    details.dataset.firstPrintAt = String(firstPrint === null ? '' : clicked + firstPrint);
    details.dataset.runMs = String(performance.now() - clicked);
    parts.run.disabled = false;
    parts.stop.disabled = true;
    finish(answer);
  }

  function finish(answer) {
    if (answer.ok) {
      good = events;
      budget = DEFAULT_BUDGET;
      parts.status.textContent = say('program.finished', { waits: countSteps(events), lines: stateAt(events).printed.length });
    } else if (answer.stopped) {
      show();  // every batch that arrived before Stop, also those since the last frame
      parts.status.textContent = say('program.stopped');
    } else {
      const { message, line, kind } = answer.error;
      if (line) editor.markError(line);
      parts.status.textContent = `${line ? say('program.line', { line }) : ''}${message}` +
        (good && kind !== 'budget' ? say('program.last_good') : '');
      if (kind === 'budget') offerMore();
      else if (good) events = good;
    }
    parts.scrub.max = String(countSteps(events));
    parts.scrub.disabled = !events.length;
    parts.play.disabled = parts.step.disabled = !countSteps(events);
    player.afterRun();
    details.dataset.state = answer.ok ? 'done' : answer.stopped ? 'stopped' : 'error';
  }

  function offerMore() {
    parts.more.hidden = false;
    parts.more.textContent = say('program.more_steps', { steps: budget * 4 });
  }

  parts.run.addEventListener('click', run);
  parts.stop.addEventListener('click', stopProgram);
  parts.more.addEventListener('click', () => { budget *= 4; run(); });
  parts.back.addEventListener('click', () => {
    editor.setText(lessonProgram());
    link.write(null);
    parts.origin.textContent = say('program.back_done');
  });
  const jump = (steps) => {
    parts.scrub.value = String(steps);
    parts.scrubLabel.textContent = say('program.step_of', { step: steps, total: parts.scrub.max });
    show(steps);
  };
  parts.scrub.addEventListener('input', () => { player.pause(); jump(Number(parts.scrub.value)); });
  const player = createPlayer(parts, () => events, jump);
  details.programEditor = editor;  // for the browser tests, which type as a learner would
  details.dataset.ready = 'true';
  return { editor, run };
}

function panelParts(instance) {
  const button = (text, cls) => el('button', { type: 'button', className: cls, textContent: text });
  const run = button(say('program.run'), 'program-run');
  const stop = button(say('program.stop'), 'program-stop');
  stop.disabled = true;
  const back = button(say('program.back'), 'program-back');
  const more = button(say('program.more'), 'program-more');
  more.hidden = true;
  const status = el('p', { className: 'program-status' });
  status.setAttribute('role', 'status');
  const scrub = el('input', { type: 'range', min: 0, max: 0, value: 0, step: 1, className: 'program-scrub', disabled: true, id: `${instance}-program-step` });
  const scrubLabel = el('label', { htmlFor: scrub.id, textContent: say('program.jump') });
  const play = button(say('program.play'), 'program-play');
  const step = button(say('program.step'), 'program-step');
  play.disabled = step.disabled = true;
  const speed = el('select', { className: 'program-speed', id: `${instance}-program-speed` }, [
    el('option', { value: '1', textContent: say('program.real_time') }), el('option', { value: '10', textContent: '×10' }),
    el('option', { value: 'Infinity', textContent: say('program.fastest'), selected: true }),
  ]);
  const speedLabel = el('label', { htmlFor: speed.id, textContent: say('program.speed') });
  const printout = el('pre', { className: 'program-printout', tabIndex: 0 });
  printout.setAttribute('aria-label', say('program.printed'));
  const editorBox = el('div', { className: 'program-editor' });
  const origin = el('p', { className: 'program-origin' });
  const plots = el('div', { className: 'program-plots' });
  const mat = el('div', { className: 'program-mat-box' });
  const element = el('div', { className: 'program-panel' }, [
    origin, editorBox,
    el('div', { className: 'program-buttons' }, [run, stop, back, more]),
    // Each label with its control, so that a narrow panel wraps between pairs, never between a label and its control.
    status, el('div', { className: 'program-time' }, [play, step, el('span', { className: 'program-setting' }, [speedLabel, speed]),
      el('span', { className: 'program-setting program-jump' }, [scrubLabel, scrub])]),
    printout, el('div', { className: 'program-pictures' }, [mat, plots]),
  ]);
  return { element, run, stop, back, more, status, scrub, scrubLabel, play, step, speed, printout, editorBox, origin, plots, mat };
}

function showState(parts, state) {
  parts.printout.textContent = state.printed.join('\n');
  parts.plots.replaceChildren(...(state.plots.size ? renderPlots(state.plots) : []));
  parts.mat.replaceChildren(renderMat(state));
}

// Play, pause and step one wait() through a finished run. Every step was recorded,
// so playing is only showing them in turn at the chosen speed (simulated seconds per second).
function createPlayer(parts, events, jump) {
  let timer = 0;
  const times = () => events().filter((e) => e.type === 'wait').map((e) => e.time);
  const at = () => Number(parts.scrub.value);
  const pause = () => { clearTimeout(timer); timer = 0; parts.play.textContent = say('program.play'); };
  function tick() {
    const t = times();
    if (at() >= t.length) return pause();
    jump(at() + 1);
    const speed = Number(parts.speed.value);
    const gap = at() < t.length ? ((t[at()] - t[at() - 1]) * 1000) / speed : 0;  // [ms]
    timer = setTimeout(tick, Number.isFinite(gap) ? gap : 0);
  }
  parts.play.addEventListener('click', () => {
    if (timer) return pause();
    if (Number(parts.speed.value) === Infinity) return jump(times().length);
    if (at() >= times().length) jump(0);
    parts.play.textContent = say('program.pause');
    tick();
  });
  parts.step.addEventListener('click', () => { pause(); if (at() < times().length) jump(at() + 1); });
  return {
    pause,
    // A run is shown at its end at full speed; at x1 or x10 it plays from its start.
    afterRun() {
      if (Number(parts.speed.value) === Infinity) jump(times().length);
      else { jump(0); parts.play.textContent = say('program.pause'); tick(); }
    },
  };
}
