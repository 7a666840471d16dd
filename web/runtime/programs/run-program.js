// Runs one of the lesson's Python programs in MicroPython against the core's
// robot, recording what it does as a list of events. The worker
// (program-worker.js) and the Node tests both use it, so the tests run the
// very code the page does.
//   events: {type: 'print', text} | {type: 'plot', name, value}
//         | {type: 'draw', name, points: [[x, y], ...], colour, shape, size}
//         | {type: 'wait', time, x, y, heading}   (one step of simulated time)

export const DEFAULT_BUDGET = 20000;  // prints and robot calls per run before asking [-]
const HEAP_BYTES = 8 * 1024 * 1024;   // the programs' lists are small; 1 MB (the default) is tight for edits

// CPython's round(x, n) for floats (MicroPython's differs near halves, README),
// and print() counted against the step budget. A module of its own (/_prelude.py), so
// that CLEAN, which empties __main__ before every run, leaves its names alone.
const PRELUDE = `
import builtins, _core
_int_round = builtins.round
def _round(x, n=None):
    if n is None or type(x) is not float:
        return _int_round(x) if n is None else _int_round(x, n)
    return float(_core.round(x, n))
builtins.round = _round
_uncounted_print = builtins.print
def _print(*args, **kwargs):
    _core.step()  # a loop that only prints must meet the step budget too
    _uncounted_print(*args, **kwargs)
builtins.print = _print
`;
const CLEAN = `
for _name in list(globals()):
    if _name != '__name__':
        del globals()[_name]
del _name
`;

/**
 * @param loadMicroPython  from micropython.mjs
 * @param core             wrapCore(module) of the core (core-face.js)
 * @param robotSource      the text of web/runtime/programs/robot.py
 * @param mpOptions        extra options for loadMicroPython (url of the .wasm in a worker)
 */
export async function createRunner(loadMicroPython, core, robotSource, mpOptions = {}) {
  let sink = () => {};
  let steps = 0;
  let budget = DEFAULT_BUDGET;
  let spent = false;  // set when the budget ran out: Python sees only a JsException, which it might even catch
  const step = () => {
    if (++steps <= budget) return;
    spent = true;
    throw new Error(`the program took more than ${budget} steps`);
  };
  const emit = (event) => { step(); sink(event); };
  const mp = await loadMicroPython({
    heapsize: HEAP_BYTES, ...mpOptions,
    // Never throw from here: it is inside MicroPython's own write. print() counts its step first (PRELUDE).
    stdout: (text) => sink({ type: 'print', text }),
    stderr: () => {},  // tracebacks arrive as the exception's text instead
  });
  mp.registerJsModule('_core', coreBridge(core, emit, step));
  mp.FS.writeFile('/robot.py', robotSource);
  mp.FS.writeFile('/_prelude.py', PRELUDE);
  mp.runPython('import _prelude');

  /** Runs `code`; calls onEvent for each event; resolves to {ok} or {ok: false, error: {message, line, kind}}. */
  function run(code, onEvent, options = {}) {
    sink = onEvent;
    steps = 0;
    budget = options.budget ?? DEFAULT_BUDGET;
    spent = false;
    try {
      mp.runPython(CLEAN);
      mp.runPython('import sys\nif "robot" in sys.modules: del sys.modules["robot"]');
      mp.runPython(code);
      return { ok: true };
    } catch (error) {
      if (spent) return { ok: false, error: { kind: 'budget', message: `The program took more than ${budget} steps.`, line: null, budget } };
      return { ok: false, error: describe(error) };
    } finally {
      sink = () => {};
    }
  }
  return { run };
}

// What the Python side of the robot module reaches (robot.py's `_core`).
function coreBridge(core, emit, step) {
  const pose = () => core.robot('position');
  return {
    call(op, argsJson) {
      step();
      const answer = core.robot(op, JSON.parse(argsJson));
      if (!answer.ok) return answer.error.message;
      if (op === 'wait') {
        const at = pose();
        emit({ type: 'wait', time: answer.time, x: at.x, y: at.y, heading: core.robot('heading').deg });
      }
      return '';
    },
    read(what) {
      step();
      if (what === 'distance') return checked(core.robot('distance')).cm;
      if (what === 'heading') return checked(core.robot('heading')).deg;
      return checked(pose())[what];
    },
    step,
    round: (x, n) => core.pythonRound(x, n),
    plot: (name, value) => emit({ type: 'plot', name, value }),
    draw(name, flatJson, colour, shape, size) {
      const xs = JSON.parse(flatJson);  // text, not a proxy of a Python list: nothing of it outlives the call
      const points = [];
      for (let i = 0; i + 1 < xs.length; i += 2) points.push([xs[i], xs[i + 1]]);
      emit({ type: 'draw', name, points, colour, shape, size });
    },
  };
}

function checked(answer) {
  if (!answer.ok) throw new Error(answer.error.message);
  return answer;
}

// A Python traceback becomes its last line and the program's line it points at.
function describe(error) {
  const text = String(error.message ?? error);
  const lines = [...text.matchAll(/File "<stdin>", line (\d+)/g)];
  const last = text.trim().split('\n').pop();
  return { kind: error.name === 'PythonError' ? 'python' : 'internal', message: last, line: lines.length ? Number(lines.at(-1)[1]) : null };
}
