// One live demo on the page:
//   state (state.js) -> core.run -> output, the lesson's numbers and claims, URL
// The controls are built from the core's declarations and write into the
// state; pictures that move things (a drag) call state.set too.
import { buildControl } from './controls.js';
import { writeParams } from './address.js';
import { createDemoState, presetOf } from './state.js';
import { createResultView } from './render/index.js';
import { attachDefaultsNotes, renderProse } from './prose.js';
import { el, markScrolls } from './dom.js';
import { writeText } from './render/in-place.js';
import { createExplainer } from './explainable.js';
import { loadExplainCore } from './core.js';
import { createAnnouncer } from './announce.js';
import { linkChanges, linkNote, lockControl, readLink } from './locks.js';
import { say } from './strings/index.js';


/**
 * @param container  <div class="demo" data-demo=ID data-instance=NAME [data-params=JSON]>
 * @param demo       the core's declaration of that demo
 * @param core       from loadCore()
 * @param networks   from createNetworks(), for a demo that reads trained networks
 * @param teaching   teacher mode (?teach): the link's locks and hides are left to the task-sheet builder
 */
export function mountDemo(container, demo, core, networks, { teaching = false } = {}) {
  const instance = container.dataset.instance || demo.id;
  const lessonPreset = presetOf(demo.params, container.dataset.params ? JSON.parse(container.dataset.params) : {});
  // A link's value for a parameter only it locks is the task's preset: Reset keeps it.
  const link = readLink(container, instance, demo.params, lessonPreset, (params) => core.run(demo.id, params), { teaching });
  const { preset, locks, values: fromUrl } = link;
  const state = createDemoState(demo.params, preset, locks.locked);

  // A change is drawn at once, in a microtask after the input's handlers (which coalesces the several
  // changes one input can make), so it reaches the next frame rather than waiting for it. Once a demo
  // has drawn since the last frame, further changes wait for the next frame and are drawn together,
  // so a burst of inputs is one update a frame (docs/page-performance.md).
  let dirty = false;
  let queued = false;
  let drewThisFrame = false;
  const updateIfDirty = () => { queued = false; if (dirty) update(); };
  const schedule = () => {
    dirty = true;
    if (queued) return;
    queued = true;
    if (drewThisFrame) requestAnimationFrame(updateIfDirty); else queueMicrotask(updateIfDirty);
  };
  // A parameter set by a picture (the lab's positions) has no control of its own:
  // the picture, its arrow keys and its table of numbers stand for it.
  const controls = demo.params.filter((decl) => decl.input !== 'picture' && !locks.hidden.has(decl.name))
    .map((decl) => buildControl(decl, (value) => state.set({ [decl.name]: value }), demo.params));
  for (const c of controls) c.show(preset[c.name], preset);
  for (const c of controls) if (locks.locked.has(c.name)) lockControl(c, locks.lockedByLink.has(c.name));
  const status = el('p', { className: 'status' }); // shown; said aloud by the announcer, the demo's one live region
  const announce = createAnnouncer(demo.params, state);
  // A demo with nothing the learner can change (the table comparison) has nothing to reset.
  const reset = demo.params.some((decl) => !locks.hidden.has(decl.name))
    ? el('button', { type: 'button', className: 'reset', textContent: say('demo.reset') }) : null;
  // A table or picture written after its result, off screen (render/write-soon.js): its scroll mark and the
  // explainer's marks follow it, once for all written in the same task.
  let lateQueued = false;
  const written = () => {
    markScrolling();
    if (lateQueued) return;
    lateQueued = true;
    queueMicrotask(() => { lateQueued = false; explainer?.refresh(); });
  };
  const view = createResultView({ instance, state, setParams: state.set, written });
  // The core declares which controls are not the demo's main ones: they wait under "More settings".
  const folded = new Set(demo.params.filter((d) => d.more).map((d) => d.name));
  const more = controls.some((c) => folded.has(c.name))
    ? el('details', { className: 'more-settings' }, [el('summary', { textContent: say('demo.more_settings') }),
      el('div', { className: 'more-controls' }, controls.filter((c) => folded.has(c.name)).map((c) => c.element))])
    : null;
  const form = el('form', { className: 'controls' }, [
    el('fieldset', {}, [el('legend', { textContent: demo.title }),
      ...controls.filter((c) => !folded.has(c.name)).map((c) => c.element), more, reset].filter(Boolean)),
  ]);
  form.addEventListener('submit', (e) => e.preventDefault());
  const note = linkNote(locks, demo.params, link.problems, link.refused ? () => state.reset() : null);
  container.replaceChildren(...[note, form, status, announce.element, view.element].filter(Boolean));
  container.classList.add('ready');

  let shown = null;  // the parameters of the result on screen: the last ones that worked
  let lastResult = null;
  // The preset's answer, kept once computed: a Reset draws it without asking the core again, a few ms of a slow
  // phone's frame (docs/benchmarks.md). The core's answer follows from the values and the networks the demo
  // reads: it is forgotten when one of those networks changes.
  let presetAnswer = null;
  let explainer;  // marks the numbers a click explains (explainable.js; its panel: explain-panel.js), once the first result is on screen

  // A wide table, printout or grid of boxes scrolls inside its own box, which says so while it has more to show
  // (web/style.css). Measured in the next frame, after the redraw's writes, and written only on a change.
  let measuring = false;
  // A large table off screen is not laid out (web/style.css, content-visibility), nor one just made large until
  // the browser has found where it lies: its mark is left as it is, and measured when it comes near the screen.
  // (Asked at the measuring, not kept from the events: a table made large again could be measured unlaid out.)
  const unlaid = (box) => box.matches('.large') && box.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) === false;
  const markScrolling = () => {
    if (measuring) return;
    measuring = true;
    requestAnimationFrame(() => {
      measuring = false;
      markScrolls([...view.element.querySelectorAll('pre.printed, .table-wrap, .strip-scroll, details.chart-data[open]'), ...form.querySelectorAll('.grid-scroll')]
        .filter((box) => !unlaid(box)));
    });
  };
  window.addEventListener('resize', markScrolling);
  // Fired at the table's box itself, without bubbling: heard on the way down.
  view.element.addEventListener('contentvisibilityautostatechange', (e) => { if (!e.skipped) markScrolling(); }, true);

  function show(result, params) {
    view.render(result);
    markScrolling();
    renderProse(instance, result);
    shown = params;
    lastResult = result;
    if (explainer === undefined) explainer = createExplainer({ demo, explainCore: loadExplainCore, instance, container, shown: () => ({ params: shown, result: lastResult }) });
    explainer?.refresh();
  }

  function update() {
    const started = performance.now();
    dirty = false;
    if (!drewThisFrame) { drewThisFrame = true; requestAnimationFrame(() => { drewThisFrame = false; }); }
    recompute();
    // Recompute + redraw time, read by scripts/bench.mjs through the User Timing API.
    performance.measure(`demo-update:${instance}`, { start: started });
  }

  /** The core's answer for `params`, or the one kept for the preset when they are the preset. */
  function answerFor(params, atPreset) {
    if (atPreset && presetAnswer) return presetAnswer;
    const answer = core.run(demo.id, params);
    if (atPreset && answer.ok) presetAnswer = answer;
    return answer;
  }

  function recompute() {
    const params = state.values;
    const started = performance.now();
    const answer = answerFor(params, state.isPreset());
    performance.measure(`demo-compute:${instance}`, { start: started });
    // A control refused again (a value typed key after key, each still out of bounds) keeps its message,
    // rewritten in place, rather than having it taken away and shown again.
    const refused = answer.ok ? null : answer.error.param;
    for (const c of controls) if (c.name !== refused) c.clearError();
    if (answer.ok) {
      if (status.textContent) status.textContent = ''; // most steps have no message to clear
      show(answer.result, params);
      announce.result(answer.result);
      return;
    }
    const control = controls.find((c) => c.name === answer.error.param);
    if (control) control.showError(answer.error.message);
    if (control && folded.has(control.name)) more.open = true; // the message beside a folded control is seen
    writeText(status, control ? say('demo.fix_value') : say('demo.refused', { message: answer.error.message }));
    announce.refused(answer.error.message);
    if (!shown) {
      // Opened with a bad value (a hand-edited URL, say): show the preset meanwhile.
      const fallback = answerFor(preset, true);
      if (fallback.ok) show(fallback.result, preset);
    }
  }

  state.onChange((values, changed) => {
    for (const c of controls) if (changed.includes(c.name) || changed.includes(c.reads)) c.show(values[c.name], values);
    writeParams(instance, values, lessonPreset);
    schedule();
  });
  reset?.addEventListener('click', () => state.reset());
  // The text written for the preset assumes the lesson's networks too.
  const lessonSetup = () => demo.networks.every((slot) => !networks?.has(slot) || networks.origin(slot).kind === 'lesson');
  const backToLesson = () => demo.networks.forEach((slot) => {
    if (networks?.has(slot) && networks.origin(slot).kind !== 'lesson' && networks.hasLessonNetwork(slot)) networks.backToLesson(slot);
  });
  const remark = attachDefaultsNotes(instance, state, lessonSetup, backToLesson, linkChanges(locks, demo.params));
  networks?.onChange((slot) => { if (demo.networks.includes(slot)) { presetAnswer = null; remark(); schedule(); } });

  if (Object.keys(fromUrl).length) state.set(fromUrl);
  // A link that changes a folded setting shows it.
  if (more && Object.keys(fromUrl).some((name) => folded.has(name))) more.open = true;
  update();
  return {
    instance,
    container,
    state,
    demo,
    /** The lesson's preset and its own locks and hides (data-params, data-lock, data-hide), for the task-sheet builder. */
    lesson: {
      preset: lessonPreset,
      locked: new Set([...locks.locked].filter((n) => !locks.lockedByLink.has(n))),
      hidden: new Set([...locks.hidden].filter((n) => !locks.hiddenByLink.has(n))),
    },
    /** In teacher mode, the locks and hides the link asked for, which the builder starts from. */
    ticked: link.ticked,
    /** Recomputes with the current state, e.g. after another network was loaded. */
    refresh: update,
    /** The parameters behind the output on screen (the last ones the core accepted). */
    shownParams: () => shown,
    /** Whether the output on screen is of the values the controls hold (not of the last ones that worked). */
    showsState: () => shown !== null && JSON.stringify(shown) === JSON.stringify(state.values),
    /** The result on screen. */
    shownResult: () => lastResult,
  };
}
