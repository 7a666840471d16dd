// Runs one of the lesson's Python programs in MicroPython against the core's
// robot, recording what it does as a list of events. The worker
// (program-worker.js) and the Node tests both use it, so the tests run the
// very code the page does.
//   events: {type: 'print', text} | {type: 'plot', name, value}
//         | {type: 'draw', name, points: [[x, y], ...], colour, shape, size}
//         | {type: 'wait', time, x, y, heading}   (one step of simulated time)

export const DEFAULT_BUDGET = 20000;  // prints and robot calls per run before asking [-]
const HEAP_BYTES = 8 * 1024 * 1024;   // the programs' lists are small; 1 MB (the default) is tight for edits

// CPython's round(x, n) and repr(x) for floats, in print() and repr() of numbers,
// lists, tuples and dicts (MicroPython's own differ: 0.07 prints as 0.07000000000000001;
// README), and print() counted against the step budget. A module of its own (/_prelude.py), so
// that CLEAN, which empties __main__ before every run, leaves its names alone.
const PRELUDE = `
import builtins, struct, _core
_int_round = builtins.round
_own_repr = builtins.repr
_uncounted_print = builtins.print

def _round(x, n=None):
    if n is None or type(x) is not float:
        return _int_round(x) if n is None else _int_round(x, n)
    # as the double's 8 bytes: a whole number would cross from JavaScript as a 32-bit int (and -0.0 as 0)
    return struct.unpack('<d', bytes.fromhex(_core.round(x, n)))[0]

def _repr(v):
    t = type(v)
    if t is float:
        return _core.repr(v)
    if t is list:
        return "[" + ", ".join([_repr(x) for x in v]) + "]"
    if t is tuple:
        return "(" + ", ".join([_repr(x) for x in v]) + ("," if len(v) == 1 else "") + ")"
    if t is dict:
        return "{" + ", ".join([_repr(k) + ": " + _repr(x) for k, x in v.items()]) + "}"
    return _own_repr(v)

def _text(v):
    return v if type(v) is str else _repr(v)

def _print(*args, sep=" ", end="\\n"):
    spent = _core.step()  # a loop that only prints must meet the step budget too
    if spent:
        raise RuntimeError(spent)
    _uncounted_print(sep.join([_text(a) for a in args]), end=end)

builtins.round = _round
builtins.repr = _repr
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
  let spent = false;  // the budget ran out: the run reports that, whatever Python did with the exception
  /** Counts one step; the budget's message once it has run out, else ''. */
  const step = () => {
    if (++steps <= budget) return '';
    spent = true;
    return `the program took more than ${budget} steps`;
  };
  const emit = (event) => step() || (sink(event), '');
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

// What the Python side of the robot module reaches (robot.py's `_core`). Nothing
// here may throw: a JavaScript exception unwinding through MicroPython leaves it
// running in the wrong module's globals. So each call answers with a value, or
// with its error as text, which robot.py raises as a Python exception.
function coreBridge(core, emit, step) {
  const guarded = (f) => (...args) => {
    try {
      return f(...args);
    } catch (error) {
      return String(error.message ?? error);
    }
  };
  const pose = () => core.robot('position');
  return {
    call: guarded((op, argsJson) => {
      // The core's declaration of the calls' arguments, which robot.py reads as it is imported: no step of the program.
      if (op === 'arguments') return JSON.stringify(core.robot('arguments').arguments);
      const spent = step();
      if (spent) return spent;
      // The text as Python wrote it, unparsed: the core says in words what is wrong with it (JSON.parse would say "Unexpected token N").
      const answer = core.robot(op, String(argsJson));
      if (!answer.ok) return answer.error.message;
      if (op !== 'wait') return '';
      const at = pose();
      return emit({ type: 'wait', time: answer.time, x: at.x, y: at.y, heading: core.robot('heading').deg });
    }),
    // A number, or the error as text.
    read: guarded((what) => {
      const spent = step();
      if (spent) return spent;
      const answer = what === 'distance' ? core.robot('distance') : what === 'heading' ? core.robot('heading') : pose();
      if (!answer.ok) return answer.error.message;
      return what === 'distance' ? answer.cm : what === 'heading' ? answer.deg : answer[what];
    }),
    step,
    round: (x, n) => bytesOf(core.pythonRound(x, n)),
    repr: (x) => core.pythonRepr(x),
    plot: guarded((name, value) => emit({ type: 'plot', name, value })),
    draw: guarded((name, flatJson, colour, shape, size) => {
      const xs = JSON.parse(flatJson);  // text, not a proxy of a Python list: nothing of it outlives the call
      const points = [];
      for (let i = 0; i + 1 < xs.length; i += 2) points.push([xs[i], xs[i + 1]]);
      return emit({ type: 'draw', name, points, colour, shape, size });
    }),
  };
}

/** A double's IEEE 754 bytes, little-endian, as hex: Python reads them back with struct. */
function bytesOf(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x, true);
  return [...new Uint8Array(view.buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// A Python traceback becomes its last line and the program's line it points at.
function describe(error) {
  const text = String(error.message ?? error);
  const lines = [...text.matchAll(/File "<stdin>", line (\d+)/g)];
  const last = text.trim().split('\n').pop();
  return { kind: error.name === 'PythonError' ? 'python' : 'internal', message: last, line: lines.length ? Number(lines.at(-1)[1]) : null };
}
