// Runs one of the lesson's Python programs in MicroPython against the core's
// robot, recording what it does as a list of events. The worker
// (program-worker.js) and the Node tests both use it, so the tests run the
// very code the page does.
//   events: {type: 'print', text} | {type: 'plot', name, value}
//         | {type: 'draw', name, points: [[x, y], ...], colour, shape, size}
//         | {type: 'wait', time, x, y, heading}   (one step of simulated time)

import { bracketProblem } from './brackets.js';

// The runner's own messages (the program's RuntimeError, the run's budget): keys of the runtime's table of
// strings. The worker has no page and so no table: the page hands it these strings in its language
// (worker-client.js), with the language for their numbers; the Node tests hand it English's.
export const RUNNER_WORDS = ['program.too_many_steps', 'program.printed_too_much', 'program.too_many_plot_lines', 'program.too_many_mat_points'];

export const DEFAULT_BUDGET = 20000;  // prints and robot calls per run before asking [-]
const HEAP_BYTES = 8 * 1024 * 1024;   // the programs' lists are small; 1 MB (the default) is tight for edits

// What one run may show, whatever way the program finds to produce it. Each is far above what the
// lesson's programs make at their largest settings (a few thousand lines, 3 lines, 26 points).
export const LIMITS = {
  printedPerStep: 50,  // characters of output per step of the budget: 1,000,000 at the default budget [-]
  plotLines: 20,       // distinct plot() names: a chart with more could not be read [-]
  matPoints: 5000,     // points of every drawing on the mat at once: each is a mark the page draws [-]
};

// CPython's round(x, n) and repr(x) for floats, in print() and repr() of numbers,
// lists, tuples and dicts (MicroPython's own differ: 0.07 prints as 0.07000000000000001;
// docs/programs.md), and print() counted against the step budget. A module of its own (/_prelude.py), so
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
 * @param words            {table, lang}: RUNNER_WORDS' strings (key -> text with {name}s) and their language
 * @param mpOptions        extra options for loadMicroPython (url of the .wasm in a worker)
 */
export async function createRunner(loadMicroPython, core, robotSource, words, mpOptions = {}) {
  const say = (key, values) => String(words.table[key] ?? key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  const tooManySteps = () => say('program.too_many_steps', { steps: budget.toLocaleString(words.lang) });
  let sink = () => {};
  let steps = 0;
  let budget = DEFAULT_BUDGET;
  let spent = false;  // the budget ran out: the run reports that, whatever Python did with the exception
  /** Counts one step; the budget's message once it has run out, else ''. */
  const step = () => {
    if (++steps <= budget) return '';
    spent = true;
    return tooManySteps();
  };
  const emit = (event) => step() || (sink(event), '');
  let printed = 0;      // characters written by any path (print, sys.stdout.write, ...) this run
  let overflow = '';    // why the run's output was cut, once it was
  let line = [];        // the bytes of the line being written
  const decoder = new TextDecoder();
  const interrupt = () => mp._module._mp_sched_keyboard_interrupt();  // raised at the VM's next check, in any loop
  // An interrupt asked for by the last write of a program that then ended is still pending: a loop takes it.
  const absorbInterrupt = () => { try { mp.runPython('for _ in range(2): pass'); } catch { /* the pending interrupt */ } };
  const endLine = () => {
    sink({ type: 'print', text: decoder.decode(new Uint8Array(line)) });
    line = [];
  };
  // MicroPython hands over each byte it writes (linebuffer: false: its own line buffer would hold a
  // line that never ends, uncounted). Never throw from here: it is inside MicroPython's own write.
  const write = ([byte]) => {
    if (overflow) return interrupt();
    if ((byte & 0xc0) !== 0x80 && ++printed > LIMITS.printedPerStep * budget) {  // a character starts
      overflow = say('program.printed_too_much', { characters: (LIMITS.printedPerStep * budget).toLocaleString(words.lang) });
      spent = true;
      if (line.length) endLine();
      return interrupt();
    }
    if (byte === 10) endLine();
    else line.push(byte);
  };
  const mp = await loadMicroPython({
    heapsize: HEAP_BYTES, ...mpOptions,
    linebuffer: false, stdout: write,
    stderr: () => {},  // tracebacks arrive as the exception's text instead
  });
  const shown = { plots: new Set(), drawn: new Map() };  // plot names and drawing -> its points, this run
  mp.registerJsModule('_core', coreBridge(core, emit, step, shown, say));
  mp.FS.writeFile('/robot.py', robotSource);
  mp.FS.writeFile('/_prelude.py', PRELUDE);
  mp.runPython('import _prelude');

  const overBudget = () => ({
    ok: false, error: { kind: 'budget', message: `${capitalised(overflow || tooManySteps())}.`, line: null, budget },
  });

  /** Runs `code`; calls onEvent for each event; resolves to {ok} or {ok: false, error: {message, line, kind}}. */
  function run(code, onEvent, options = {}) {
    sink = onEvent;
    steps = 0;
    budget = options.budget ?? DEFAULT_BUDGET;
    spent = false;
    printed = 0;
    overflow = '';
    line = [];
    shown.plots.clear();
    shown.drawn.clear();
    try {
      mp.runPython(CLEAN);
      mp.runPython('import sys\nif "robot" in sys.modules: del sys.modules["robot"]');
      mp.runPython(code);
      return spent ? overBudget() : { ok: true };  // a last write can pass the limit with nothing left to interrupt
    } catch (error) {
      return spent ? overBudget() : { ok: false, error: describe(error, code) };
    } finally {
      if (line.length) endLine();  // what was written after the last newline, as CPython would show it
      sink = () => {};
      if (overflow) absorbInterrupt();
    }
  }
  return { run };
}

// What the Python side of the robot module reaches (robot.py's `_core`). Nothing
// here may throw: a JavaScript exception unwinding through MicroPython leaves it
// running in the wrong module's globals. So each call answers with a value, or
// with its error as text, which robot.py raises as a Python exception.
function coreBridge(core, emit, step, shown, say) {
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
    plot: guarded((name, value) => {
      if (!shown.plots.has(name) && shown.plots.size >= LIMITS.plotLines) {
        return say('program.too_many_plot_lines', { lines: LIMITS.plotLines, name: String(name).slice(0, 40) });
      }
      shown.plots.add(name);
      return emit({ type: 'plot', name, value });
    }),
    draw: guarded((name, flatJson, colour, shape, size) => {
      const xs = JSON.parse(flatJson);  // text, not a proxy of a Python list: nothing of it outlives the call
      const points = [];
      for (let i = 0; i + 1 < xs.length; i += 2) points.push([xs[i], xs[i + 1]]);
      const onMat = [...shown.drawn].reduce((n, [other, count]) => n + (other === name ? 0 : count), 0) + points.length;
      if (onMat > LIMITS.matPoints) {
        return say('program.too_many_mat_points', { points: LIMITS.matPoints, made: onMat });
      }
      shown.drawn.set(name, points.length);
      return emit({ type: 'draw', name, points, colour, shape, size });
    }),
  };
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A double's IEEE 754 bytes, little-endian, as hex: Python reads them back with struct. */
function bytesOf(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x, true);
  return [...new Uint8Array(view.buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// A Python traceback becomes its last line and the program's line it points at; for brackets
// that do not pair up, the line and words CPython would give (brackets.js).
function describe(error, code) {
  const text = String(error.message ?? error);
  const lines = [...text.matchAll(/File "<stdin>", line (\d+)/g)];
  const last = text.trim().split('\n').pop();
  const brackets = /^SyntaxError/.test(last) ? bracketProblem(code) : null;
  if (brackets) return { kind: 'python', ...brackets };
  return { kind: error.name === 'PythonError' ? 'python' : 'internal', message: last, line: lines.length ? Number(lines.at(-1)[1]) : null };
}
