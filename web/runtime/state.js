// One demo instance's values, the single place they live (as TensorFlow
// Playground keeps one State for its page). The controls render from it and
// write into it, pictures call set(), the URL is written from it; nothing reads
// values back from the page.
//
//   preset:  the core's declared defaults, overridden by the lesson's data-params
//   follows: a parameter that depends on others (declared in the core) returns to
//            its declared default when one of them changes, so a dragged scene's
//            positions never outlive the scene they belong to
//   locked:  names a teacher fixed (web/runtime/locks.js): set() refuses to change them,
//            whatever calls it (a control, a picture, a script)

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * @param declarations  the core's parameter declarations for the demo
 * @param preset        name -> value for every declared parameter
 * @param locked        names whose values stay at the preset
 * @returns {{values, preset, get, set, reset, isPreset, onChange}}
 */
export function createDemoState(declarations, preset, locked = new Set()) {
  const defaults = Object.fromEntries(declarations.map((d) => [d.name, d.default]));
  const dependents = new Map(); // name -> the parameters that follow it
  for (const d of declarations) {
    for (const leader of d.follows ?? []) dependents.set(leader, [...(dependents.get(leader) ?? []), d.name]);
  }
  let values = { ...preset };
  const listeners = new Set();

  const emit = (changed) => { for (const listener of listeners) listener(values, changed); };

  /**
   * Applies `changes` (name -> value) and every value that follows them; tells the listeners what changed.
   * @returns the names it refused because they are locked
   */
  function set(requested) {
    const refused = Object.keys(requested).filter((name) => locked.has(name) && !same(requested[name], values[name]));
    const changes = Object.fromEntries(Object.entries(requested).filter(([name]) => !locked.has(name)));
    const next = { ...values, ...changes };
    for (const name of Object.keys(changes)) {
      if (same(changes[name], values[name])) continue;
      for (const follower of dependents.get(name) ?? []) {
        if (!(follower in changes) && !locked.has(follower)) next[follower] = defaults[follower];
      }
    }
    const changed = Object.keys(next).filter((name) => !same(next[name], values[name]));
    if (changed.length) {
      values = next;
      emit(changed);
    }
    return refused;
  }

  return {
    get values() { return values; },
    preset,
    locked,
    get: (name) => values[name],
    set,
    reset: () => set({ ...preset }),
    isPreset: () => declarations.every((d) => same(values[d.name], preset[d.name])),
    /** listener(values, changedNames); returns a function that removes it. */
    onChange(listener) { listeners.add(listener); return () => listeners.delete(listener); },
  };
}

/** The instance's preset: each declared default, or the lesson's value for it (data-params). */
export function presetOf(declarations, overrides) {
  return Object.fromEntries(declarations.map((d) => [d.name, d.name in overrides ? overrides[d.name] : d.default]));
}
