// Every number explains itself (issue 23), checked as a property in the modules the site serves:
// for every demo instance on every page whose demo explains its values, at its preset and at
// random valid settings, random explainable values: the explanation's arithmetic, re-evaluated
// here with the operands' values read from the result and the parameters (not from the
// explanation), equals the value; and every operand's reference resolves to a value of the
// result, a parameter, or a value the core explains on its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { lessonModels, ROOT } from '../support/core.mjs';
import { declaredModules, loadModule } from '../../scripts/core-modules.mjs';
import { randomChanges, seededRandom } from '../support/random-params.mjs';
import { slotsRead } from '../../web/runtime/core-face.js';

// Doubles summed or multiplied in another order than the core's: a few thousand ulps of the error
// scale evaluate() works out (well above the real differences, far below any mistake in a formula).
const DOUBLE_REORDERED = 1e-12;
// A demo that runs a trained network in float (its `arithmetic` "float32"): its arithmetic, re-evaluated
// in double from its float operands, agrees to a few float roundings of the same error scale.
const FLOAT_REORDERED = 1e-5;
// A printed number is within half a unit of its last printed digit of the value, and a little more
// for the decimal rounding of a double that lies near a half.
const HALF_UNIT_SLACK = 1 + 1e-9;
// The sweep (20 and 20) runs with EXPLAIN_SETTINGS=20 EXPLAIN_VALUES=20 (scripts/explain-sweep.sh);
// the test command samples fewer, so that it stays within its time.
const SETTINGS = Number(process.env.EXPLAIN_SETTINGS ?? 4);  // random valid settings per instance, besides its preset
const VALUES = Number(process.env.EXPLAIN_VALUES ?? 8);      // random explainable values per setting
// Trained numbers (operands of kind "weight") asked of the core again per explanation: a query of the
// language model has 64; each is checked against the lesson's weights file where it has one.
const WEIGHTS_ASKED = 3;
const INNER_DEPTH = 6;     // worked-out values followed down from each (a random operand at each step)
// Worked-out (inner) operands asked of the core again per explanation: an output cell of multi-head has
// 64, each a whole recomputation (about 18 ms in WebAssembly); the others keep the explanation's value.
const INNER_ASKED = 3;
const SLOT = /\b(?:find|nearest|next-character)\/[\w-]+/;  // a network's slot in the core's model store
const DOUBLED = /\b(\w+) \1\b/i;                           // "the place place 3 reads"
const BARE_MARK = /\b(?:of|logit|id) [^\w\s“](?:\s|$)/;        // "the logit of ," rather than "of “,”"
// A printout's number, not part of a name (plain-16, W1); a count with thousands separators (38,416) is one.
const NUMBER_TOKEN = /(?<![\w.-])-?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi;
// A sentence may quote a count with thousands separators ("38,416 weights", format_count): one number.
const SENTENCE_TOKEN = /-?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi;

const declared = [...declaredModules()];
// EXPLAIN_MODULES=table-explain,lm-explain checks only those (scripts/explain-sweep.sh passes it on).
const only = process.env.EXPLAIN_MODULES?.split(',');
const explaining = declared.filter(([name, { api }]) => api.includes('explain') && (!only || only.includes(name)));
// Each explain module beside the page module of the same lessons, which the page shows its numbers from.
const pageModuleOf = (lessons) => declared.find(([, m]) => !m.api.includes('explain') && JSON.stringify(m.lessons) === JSON.stringify(lessons))[0];
const modules = await Promise.all(explaining.map(async ([name, { lessons }]) =>
  ({ name, lessons, core: await loadModule(name), page: await loadModule(pageModuleOf(lessons)) })));

// The lessons' own weights files by slot (as the network table ships them), parsed: {slot: {tensor: {shape, values}}}.
const weightTexts = Object.fromEntries(lessonModels().map(([slot, file]) => [slot, fs.readFileSync(file, 'utf8')]));
const weightTensors = Object.fromEntries(Object.entries(weightTexts).map(([slot, text]) =>
  [slot, Object.fromEntries(JSON.parse(text).parameters.map((t) => [t.name, t]))]));
// The page and the explain module hold the same networks, those the explain module's demos read
// (web/runtime/main.js, copyNetworks, by slotsRead): the table lessons' explain module takes the lesson's
// weights files, the others none of them.
for (const { name, core, page } of modules) {
  const read = slotsRead(core);
  const handed = Object.keys(weightTexts).filter((slot) => read.has(slot));
  if (typeof core.module.loadModel !== 'function') {
    assert.equal(handed.length, 0, `${name} reads ${handed.join(', ')} but cannot load a network`);
    continue;
  }
  for (const slot of handed) assert.ok(core.loadModel(slot, weightTexts[slot]).ok && page.loadModel(slot, weightTexts[slot]).ok, `${slot} loads into ${name}`);
}

/** A trained number as the lesson's weights file holds it (a bias, one row: its col), or undefined. */
function fileWeight(ref) {
  const t = weightTensors[ref.slot]?.[ref.tensor];
  if (!t) return undefined;
  return t.values[t.shape.length === 2 ? ref.row * t.shape[1] + ref.col : ref.col];
}

/** Every demo instance of every lesson page whose demo this module has: {name, demo, params}. */
function lessonInstancesIn(core) {
  const list = [];
  for (const slug of fs.readdirSync(path.join(ROOT, 'lessons'))) {
    const file = path.join(ROOT, 'lessons', slug, 'lesson.html');
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<div class="demo"[^>]*>/g)) {
      const id = match[0].match(/data-demo="([^"]+)"/)?.[1];
      if (!core.demos.has(id)) continue;
      const name = match[0].match(/data-instance="([^"]+)"/)?.[1] ?? id;
      const params = JSON.parse(match[0].match(/data-params='([^']*)'/)?.[1] ?? '{}');
      list.push({ name: `${slug}/${name}`, demo: core.demos.get(id), params });
    }
  }
  return list;
}

const defaultsOf = (demo) => Object.fromEntries(demo.params.map((d) => [d.name, d.default]));

/**
 * A sum of exponentials, or their quotient (softmax's weight), worked out from their logarithms: e^x for
 * x below about −745 is 0 in a double, though e^x / Σ e^y is not (the core's softmax subtracts the largest
 * score first and holds 1.15e-275 where e^−800 / (e^−167 + …) would give 0 / e^−167). Each value that is
 * a positive e^x, or built of them by a sum or a quotient, also carries `ln` (its logarithm) and `rel`
 * (its error scale over its size): a sum's ln is the largest term's plus ln Σ e^(ln − largest), a
 * quotient's the difference, so no term underflows; the value is e^ln. Null when an argument carries no ln.
 */
function inLogs(op, a) {
  const logs = a.map((x) => (x.ln !== undefined ? x : x.v === 0 && x.err === 0 ? { ln: -Infinity, rel: 0 } : null));
  if (logs.includes(null)) return null;
  const at = (ln, rel) => ({ v: Math.exp(ln), err: Math.exp(ln) * rel, ln, rel });
  if (op === 'div') return at(logs[0].ln - logs[1].ln, logs[0].rel + logs[1].rel);
  const largest = Math.max(...logs.map((x) => x.ln));
  if (largest === -Infinity) return null;
  const ln = largest + Math.log(logs.reduce((s, x) => s + Math.exp(x.ln - largest), 0));
  return at(ln, logs.reduce((s, x) => s + x.rel * Math.exp(x.ln - ln), 0));
}

/**
 * The value an expression of the explanation has, with operand k = values[k], and the scale of the
 * rounding error it may carry: each double carries its own size (a sum, the sizes of its terms; a
 * product, each factor's scale times the other; e^x, e^x times x's scale plus one), which the
 * tolerance multiplies by DOUBLE_REORDERED. Exponentials are added and divided in logs (inLogs).
 */
function evaluate(e, values) {
  const a = (e.args ?? []).map((x) => evaluate(x, values));
  const [p, q] = a;
  const only = (v, err) => ({ v, err });
  if (e.op === 'exp') return { v: Math.exp(p.v), err: Math.exp(p.v) * (p.err + 1), ln: p.v, rel: p.err + 1 };
  if (e.op === 'sum' || e.op === 'div') {
    const logs = inLogs(e.op, a);
    if (logs) return logs;
  }
  switch (e.op) {
    case 'operand': return only(values[e.i], Math.abs(values[e.i]));
    case 'const': return only(e.value, Math.abs(e.value));
    case 'add': return only(p.v + q.v, p.err + q.err);
    case 'sub': return only(p.v - q.v, p.err + q.err);
    case 'sum': return only(a.reduce((t, x) => t + x.v, 0), a.reduce((t, x) => t + x.err, 0));
    case 'mul': return only(p.v * q.v, p.err * Math.abs(q.v) + Math.abs(p.v) * q.err);
    case 'div': return only(p.v / q.v, p.err / Math.abs(q.v) + Math.abs(p.v / q.v) * (q.err / Math.abs(q.v)));
    case 'max': return only(Math.max(...a.map((x) => x.v)), Math.max(...a.map((x) => x.err)));
    case 'min': return only(Math.min(...a.map((x) => x.v)), Math.max(...a.map((x) => x.err)));
    case 'sqrt': return only(Math.sqrt(p.v), p.v > 0 ? p.err / (2 * Math.sqrt(p.v)) + Math.sqrt(p.v) : Math.sqrt(p.err));
    case 'square': return only(p.v * p.v, 2 * Math.abs(p.v) * p.err);
    case 'relu': return only(Math.max(0, p.v), p.err);
    case 'abs': return only(Math.abs(p.v), p.err);
    case 'sin': return only(Math.sin(p.v), p.err + 1);
    case 'cos': return only(Math.cos(p.v), p.err + 1);
    case 'pow': {
      const v = p.v ** q.v;
      return only(v, Math.abs(v) * (Math.abs(q.v) * p.err / Math.abs(p.v) + Math.abs(Math.log(Math.abs(p.v))) * q.err + 1));
    }
    // A place picked and an indicator: exact, so the re-evaluation must give the very value.
    case 'argmax': return only(a.reduce((best, x, k) => (x.v > a[best].v ? k : best), 0), 0);
    case 'equal': return only(p.v === q.v ? 1 : 0, 0);
    default: throw new Error(`an operation the test does not know: ${e.op}`);
  }
}

/** A sentence's number: one value, or the index-th of the numbers its text quotes. */
function sentenceValue(result, ref) {
  // A sentence quotes a number of the result, or a text that words numbers ("3.994 apart").
  const v = result.numbers[ref.name] ?? result.texts?.[ref.name];
  assert.ok(v !== undefined, `the result has no number or text "${ref.name}"`);
  if (typeof v === 'number' && ref.index === undefined) return { exact: v };
  // A list of numbers: its entries, exact (as text, [111, 111, 111] would read as the one number 111,111,111).
  if (Array.isArray(v)) {
    assert.ok(ref.index < v.length, `"${ref.name}" lists ${v.length} numbers, not a number ${ref.index}`);
    return { exact: v[ref.index] };
  }
  const tokens = (String(v).replaceAll('−', '-').match(SENTENCE_TOKEN) ?? []).map((t) => t.replaceAll(',', ''));
  const k = ref.index ?? 0;
  assert.ok(k < tokens.length, `"${ref.name}" quotes ${tokens.length} numbers, not a number ${k}`);
  return { printed: Number(tokens[k]), half: halfUnit(tokens[k]) };
}

/** A printout's number: the index-th number of all its lines, in reading order. */
function printedValue(result, ref) {
  const tokens = result.printed.join('\n').match(NUMBER_TOKEN) ?? [];
  assert.ok(ref.index < tokens.length, `the printout has ${tokens.length} numbers`);
  const token = tokens[ref.index].replaceAll(',', '');
  return { printed: Number(token), half: halfUnit(token) };
}

/** Half a unit of the last digit a number is printed with: "0.707" 0.0005, "1.2e+03" 50, "2981" 0.5. */
function halfUnit(token) {
  const [mantissa, exponent = '0'] = token.toLowerCase().split('e');
  const decimals = mantissa.includes('.') ? mantissa.length - mantissa.indexOf('.') - 1 : 0;
  return 0.5 * 10 ** (Number(exponent) - decimals);
}

/**
 * Where the value `ref` names is, independently of any explanation: {exact} for a table cell, a
 * parameter or a sentence's number; {printed} for a number only printed; {explained} for a value the
 * demo computes but does not print (an "inner" step), which must itself explain.
 */
function resolve(core, demo, params, result, ref) {
  switch (ref.kind) {
    case 'table': {
      const table = result.tables.find((t) => t.name === ref.table);
      assert.ok(table, `the result has no table "${ref.table}"`);
      assert.ok(ref.row < table.values.length && ref.col < table.values[ref.row].length, `${ref.table}[${ref.row}][${ref.col}] is outside the table`);
      return { exact: table.values[ref.row][ref.col] };
    }
    case 'chart': {
      const chart = result.charts.find((c) => c.name === ref.chart);
      assert.ok(chart, `the result has no chart "${ref.chart}"`);
      assert.ok(ref.point < chart.series[ref.series]?.y.length, `${ref.chart} has no point ${ref.series}/${ref.point}`);
      return { exact: chart.series[ref.series].y[ref.point] };
    }
    case 'param': {
      assert.ok(ref.name in params, `no parameter "${ref.name}"`);
      const v = params[ref.name];
      if (ref.index !== undefined) return { exact: v[ref.index] };
      return { exact: ref.row === undefined ? v : v[ref.row][ref.col] };
    }
    case 'number': return sentenceValue(result, ref);
    case 'printed': return printedValue(result, ref);
    case 'weight': {
      const inFile = fileWeight(ref);
      if (inFile !== undefined) return { exact: Math.fround(inFile) };
      const answer = core.explain(demo.id, params, ref);
      assert.ok(answer.ok && answer.explanation.given === 'weight', `${JSON.stringify(ref)}: ${answer.error?.message}`);
      return { explained: answer.explanation.value };
    }
    case 'figure': {
      // A picture's value: a heat map's cell ({"figure", "map", "row", "col"}).
      const figure = result.figures.find((f) => f.name === ref.figure);
      assert.ok(figure, `the result has no figure "${ref.figure}"`);
      const v = figure.maps?.[ref.map]?.values?.[ref.row]?.[ref.col];
      assert.ok(v !== undefined, `${ref.figure} has no cell ${ref.map}/${ref.row}/${ref.col}`);
      return { exact: v };
    }
    case 'inner': {
      const answer = core.explain(demo.id, params, ref);
      assert.ok(answer.ok, `${JSON.stringify(ref)}: ${answer.error?.message}`);
      return { explained: answer.explanation.value };
    }
    default: throw new Error(`an operand's reference of an unknown kind: ${JSON.stringify(ref)}`);
  }
}

const close = (a, b, scale) => Math.abs(a - b) <= DOUBLE_REORDERED * Math.max(1, scale);

/** Checks that `resolved` (from resolve) and the explanation's own value of that reference agree. */
function agrees(resolved, value, what) {
  assert.ok(!('exact' in resolved) || resolved.exact !== null, `${what}: a hidden score (−∞) is no operand`);
  if ('exact' in resolved) assert.ok(close(resolved.exact, value, Math.abs(value)), `${what}: the result holds ${resolved.exact}, the explanation ${value}`);
  else if ('printed' in resolved) {
    assert.ok(Math.abs(resolved.printed - value) <= resolved.half * HALF_UNIT_SLACK, `${what}: printed ${resolved.printed}, the explanation's value ${value}`);
  }
  else assert.ok(close(resolved.explained, value, Math.abs(value)), `${what}: explained on its own as ${resolved.explained}, here ${value}`);
}

/** Every reference to an explainable value of `result`, as the page would send it. */
function explainableRefs(core, demo, params, result) {
  const { explanation: contents } = core.explain(demo.id, params, { kind: 'contents' });
  const refs = [];
  for (const t of result.tables) {
    if (!contents.tables.includes(t.name)) continue;
    t.values.forEach((row, r) => row.forEach((_, c) => refs.push({ kind: 'table', table: t.name, row: r, col: c })));
  }
  for (const c of result.charts) {
    if (!(contents.charts ?? []).includes(c.name)) continue;
    c.series.forEach((series, j) => series.y.forEach((_, point) => refs.push({ kind: 'chart', chart: c.name, series: j, point })));
  }
  for (const f of result.figures ?? []) {
    if (!(contents.figures ?? []).includes(f.name)) continue;
    f.maps.forEach((m, map) => m.values.forEach((row, r) => row.forEach((_, c) => refs.push({ kind: 'figure', figure: f.name, map, row: r, col: c }))));
  }
  for (const name of contents.numbers) if (name in result.numbers || name in (result.texts ?? {})) refs.push({ kind: 'number', name });
  if (contents.printed) {
    const count = (result.printed.join('\n').match(NUMBER_TOKEN) ?? []).length;
    for (let index = 0; index < count; index += 1) refs.push({ kind: 'printed', index });
  }
  return refs;
}

/**
 * Checks one explanation; returns the references it leads to: a list's items, or one of its worked-out
 * (inner) operands at random, whose own arithmetic is checked next, down to where it starts.
 */
function checkExplanation(core, demo, params, result, ref, where, random) {
  const answer = core.explain(demo.id, params, ref);
  const what = `${where} ${JSON.stringify(ref)}`;
  assert.ok(answer.ok, `${what}: ${answer.error?.message}`);
  const e = answer.explanation;
  assert.deepEqual(e.ref, ref, `${what}: the explanation names the value it was asked for`);
  assert.ok(e.name && e.step, `${what}: the explanation names the value and the lesson's step`);
  // A learner reads these: a network by the lessons' name for it, never by its slot ("nearest/lookup").
  for (const words of [e.name, ...(e.operands ?? []).map((o) => o.label)]) {
    assert.doesNotMatch(words ?? '', SLOT, `${what}: "${words}"`);
    assert.doesNotMatch(words ?? '', DOUBLED, `${what}: "${words}" says a word twice`);
    assert.doesNotMatch(words ?? '', BARE_MARK, `${what}: "${words}" names a mark without quotes`);
  }
  // Two operands of one explanation are told apart by their labels ("the answer's x", "the answer's y").
  const labels = new Map();
  for (const o of e.operands ?? []) {
    const at = JSON.stringify(o.ref);
    assert.ok((labels.get(o.label) ?? at) === at, `${what}: two operands are both "${o.label}"`);
    labels.set(o.label, at);
  }
  if (e.given === 'mask') {
    // A score the mask hid is −∞: the result's table holds it as null, and it has no arithmetic.
    assert.equal(resolve(core, demo, params, result, ref).exact, null, `${what}: only a hidden score is explained as masked`);
    assert.equal(e.shown, '−∞');
    return [];
  }
  assert.equal(Number(e.exact), e.value, `${what}: the exact text reads back as the value`);
  if (e.items) {
    assert.ok(e.items.length > 0, `${what}: a sentence's list names its numbers`);
    return e.items.map((item) => item.ref);
  }
  agrees(resolve(core, demo, params, result, ref), e.value, what);
  if (e.given) {
    // Where the arithmetic starts: a value the learner set, one the demo drew from the learner's seed, or a
    // reading of the simulator (shown in a table or a sentence), or its clock and the robot's pose.
    // A trained weight, or a value the network's earlier layers computed (the language model's
    // normalised inputs, not worked out here); a size of the network, fixed when it was made. A place in a list (a key's number, the top key) is picked, not computed; a network's mean
    // miss was measured on 2,000 new scenes when its weights were made.
    const where = { param: ['param'], random: ['inner', 'table'], reading: ['table', 'number', 'inner', 'chart'], weight: ['weight'], forward: ['inner', 'figure'], index: ['inner', 'printed', 'table'], measured: ['table', 'number', 'chart', 'printed'], shape: ['number', 'printed', 'inner'], simulated: ['inner'] }[e.given] ?? [];
    assert.ok(where.includes(ref.kind), `${what}: given "${e.given}" for a reference of kind ${ref.kind}`);
    return [];
  }
  assert.ok(e.expression && e.plugged && e.formula, `${what}: a computed value has a formula and its arithmetic`);
  const ofKind = (kind) => e.operands.map((o, k) => (o.ref.kind === kind ? k : -1)).filter((k) => k >= 0);
  const asked = new Set([...ofKind('inner').sort(() => random() - 0.5).slice(0, INNER_ASKED),
    ...ofKind('weight').filter((k) => fileWeight(e.operands[k].ref) !== undefined),
    ...ofKind('weight').sort(() => random() - 0.5).slice(0, WEIGHTS_ASKED)]);
  const values = e.operands.map((operand, k) => {
    if ((operand.ref.kind === 'inner' || operand.ref.kind === 'weight') && !asked.has(k)) return operand.value;
    const resolved = resolve(core, demo, params, result, operand.ref);
    agrees(resolved, operand.value, `${what}, operand ${k} ${JSON.stringify(operand.ref)}`);
    return resolved.exact ?? resolved.explained ?? operand.value;  // a printed-only value: the core's own
  });
  const again = evaluate(e.expression, values);
  const tolerance = demo.arithmetic === 'float32' ? FLOAT_REORDERED : DOUBLE_REORDERED;
  assert.ok(Math.abs(again.v - e.value) <= tolerance * again.err,
    `${what}: ${e.plugged} re-evaluated is ${again.v}, the value is ${e.value}`);
  const inner = e.operands.filter((o) => o.ref.kind === 'inner' || o.ref.kind === 'weight');
  return inner.length ? [inner[Math.floor(random() * inner.length)].ref] : [];
}

for (const { name, core, page } of modules) {
  test(`explain (${name}): every explainable value of every instance, at its preset and at ${SETTINGS} random settings, re-evaluates to itself`, () => {
    const random = seededRandom(23);
    let checked = 0;
    for (const { name: instance, demo, params: preset } of lessonInstancesIn(core)) {
      if (!core.explain(demo.id, defaultsOf(demo), { kind: 'contents' }).ok) continue;
      const settings = [{ ...defaultsOf(demo), ...preset }];
      for (let k = 0; k < SETTINGS; k += 1) settings.push({ ...settings[0], ...randomChanges(random, demo.params) });
      for (const params of settings) {
        const run = core.run(demo.id, params);
        // The page shows the numbers its own module computed: the explain module's are the same, to the bit.
        assert.deepEqual(page.run(demo.id, params), run, `${instance}: the page's module and ${name} agree`);
        if (!run.ok) continue;  // a combination the demo refuses (W₁'s rows against X's columns)
        const refs = explainableRefs(core, demo, params, run.result);
        for (let v = 0; v < VALUES && refs.length; v += 1) {
          const ref = refs[Math.floor(random() * refs.length)];
          let next = checkExplanation(core, demo, params, run.result, ref, instance, random);
          for (let depth = 0; next.length && depth < INNER_DEPTH; depth += 1) {
            next = next.flatMap((r) => checkExplanation(core, demo, params, run.result, r, instance, random));
          }
          checked += 1;
        }
      }
    }
    assert.ok(checked > 0, 'some values were checked');
  });
}

const attentionModule = modules.find((m) => m.core.demos.has('worked_example'));

test('explain: the worked example\'s weight w₀₂ at the preset is e^s₀₂ over the row\'s sum, from the scores table', { skip: !attentionModule }, () => {
  const { core } = modules.find((m) => m.core.demos.has('worked_example'));
  const { explanation: e } = core.explain('worked_example', {}, { kind: 'table', table: 'weights', row: 0, col: 2 });
  // The lesson's example: token 0 = [1, 0], scores (1, 0, 1)/√2, so w₀₂ = e^0.707 / (e^0.707 + e^0 + e^0.707).
  const s = 1 / Math.SQRT2;
  assert.ok(Math.abs(e.value - Math.exp(s) / (2 * Math.exp(s) + 1)) <= DOUBLE_REORDERED);
  assert.equal(e.plugged, 'e^0.707 / (e^0.707 + e^0 + e^0.707)');
  assert.deepEqual(e.operands.map((o) => o.ref), [0, 1, 2].map((col) => ({ kind: 'table', table: 'scores', row: 0, col })));
});

test('explain: a value the learner set says so, and a reference to no value is refused with a message', { skip: !attentionModule }, () => {
  const { core } = modules.find((m) => m.core.demos.has('worked_example'));
  const given = core.explain('worked_example', {}, { kind: 'param', name: 'X', row: 0, col: 1 });
  assert.equal(given.explanation.given, 'param');
  for (const ref of [{ kind: 'table', table: 'weights', row: 9, col: 0 }, { kind: 'nothing' }, [], { kind: 'table' }]) {
    const answer = core.explain('worked_example', {}, ref);
    assert.equal(answer.ok, false, JSON.stringify(ref));
    assert.match(answer.error.message, /reference|outside|no value|needs/);
  }
  const deep = core.module.explainValue('worked_example', '{}', '['.repeat(100000));
  assert.equal(JSON.parse(deep).ok, false);
});

test('explain panel: a sum whose printed terms add up to another printed total carries a rounding note', { skip: !attentionModule }, async () => {
  const { roundingNote } = await import('../../web/runtime/explain-panel.js');
  const terms = (values, shown) => ({
    expression: { op: 'sum', args: values.map((_, i) => ({ op: 'operand', i })) },
    operands: values.map((value) => ({ value })), shown,
  });
  // Three thirds print as 0.333 each: 0.999 as printed, 1 in the core.
  assert.match(roundingNote(terms([0.3334, 0.3334, 0.3332], '1')), /add up to 0\.999, not 1/);
  assert.equal(roundingNote(terms([0.25, 0.25, 0.5], '1')), '');
  const { core } = modules.find((m) => m.core.demos.has('worked_example'));
  const { explanation } = core.explain('worked_example', {}, { kind: 'number', name: 'token0_exp_sum' });
  assert.equal(roundingNote(explanation), '', 'the lesson\'s e^0.707 + e^0 + e^0.707 print as they add up: 2.028 + 1 + 2.028 = 5.056');
});

test('explain modules: each is handed only the networks its own demos read (copyNetworks), the same its page module\'s demos read', () => {
  for (const { name, core, page } of modules) {
    const read = slotsRead(core);
    assert.deepEqual([...read].sort(), [...slotsRead(page)].sort(), `${name} and its page module read the same networks`);
    const tableSlots = Object.keys(weightTexts).filter((slot) => read.has(slot));
    if (core.demos.has('table_hand')) assert.ok(tableSlots.includes('find/lookup') && tableSlots.includes('nearest/transformer-2'), `${name} takes the table lesson's networks`);
    else assert.deepEqual(tableSlots, [], `${name} takes none of the table lesson's networks`);
  }
});

test('explain: a point of the scaling demo\'s chart whose weight is e^−800 over e^−170 re-evaluates to the core\'s 1e-274, not to 0', { skip: !attentionModule }, () => {
  const { core } = attentionModule;
  const demo = core.demos.get('softmax_scaling');
  // Scores −8 and −1.7 at the chart's largest factor, 100: e^−800 alone is 0 in a double, the weight is not.
  const params = { ...defaultsOf(demo), scores: [-8, -1.7] };
  const { result } = core.run(demo.id, params);
  const ref = { kind: 'chart', chart: 'sweep', series: 0, point: 60 };
  const { explanation } = core.explain(demo.id, params, ref);
  assert.ok(explanation.value > 0 && explanation.value < 1e-270, `the core holds ${explanation.value}`);
  assert.equal(explanation.expression.op, 'div', 'written as e^(c·s₀) / Σₖ e^(c·sₖ), no score past e^700');
  checkExplanation(core, demo, params, result, ref, 'scaling', seededRandom(1));
});

const tableModule = modules.find((m) => m.core.demos.has('table_lab'));

test('explain: the table lab\'s picture names, row by row, the sentence numbers its rows of the answer and the true place repeat', { skip: !tableModule }, () => {
  const { explanation } = tableModule.core.explain('table_lab', {}, { kind: 'contents' });
  assert.deepEqual(explanation.pictures.table_lab.after, [['answer_x', 'answer_y'], ['truth_x', 'truth_y']]);
  for (const name of explanation.pictures.table_lab.after.flat()) assert.ok(explanation.numbers.includes(name), `${name} explains itself`);
});

test('explain: the layers demo\'s miss on this scene and its weights are made of places and heads\' weights its pictures\' tables show, and say so', { skip: !tableModule }, () => {
  const { core } = tableModule;
  const { explanation: contents } = core.explain('table_layers', {}, { kind: 'contents' });
  assert.equal(contents.pictures.table_layers.inner, 'place');
  for (const name of contents.pictures.table_layers.after.flat()) assert.ok(contents.numbers.includes(name), `${name} explains itself`);
  for (const ref of [{ kind: 'table', table: 'misses', row: 2, col: 3 }, { kind: 'number', name: 'miss_cm' }, { kind: 'number', name: 'truth_y' }]) {
    const { explanation } = core.explain('table_layers', {}, ref);
    const places = explanation.operands.filter((o) => o.ref.name === 'place');
    assert.ok(places.length > 0, `${JSON.stringify(ref)} reads a place`);
    for (const o of places) assert.equal(o.source, 'pictured', `${o.label} is in the pictures' table`);
  }
  // The table of weights: a view that averages a layer's heads repeats the layers table; each head's weights are worked out, and shown there.
  assert.deepEqual(contents.pictures.table_layers_weights, { mean: { kind: 'table', table: 'layers' }, head: { kind: 'inner', name: 'head_weight' } });
  const { explanation: mean } = core.explain('table_layers', {}, { kind: 'table', table: 'layers', row: 0, col: 1 });
  const heads = mean.operands.filter((o) => o.ref.name === 'head_weight');
  assert.ok(heads.length > 1, 'layer 2 averages its heads');
  for (const o of heads) assert.equal(o.source, 'pictured', `${o.label} is in the pictures' table`);
});

const robotModule = modules.find((m) => m.core.demos.has('robot_order'));

test('explain: a robot weight strip\'s weights open the weights table\'s cells, or the order demo\'s worked-out weights, which its guesses call pictured', { skip: !robotModule }, () => {
  const { core } = robotModule;
  const strip = (id) => core.explain(id, {}, { kind: 'contents' }).explanation.pictures.weight_strip.weights;  // the rows of weights
  assert.deepEqual(strip('robot_scores'), { kind: 'table', table: 'weights' });
  assert.deepEqual(strip('robot_sharpness'), { kind: 'table', table: 'weights' });
  assert.deepEqual(strip('robot_order'), { kind: 'inner', name: 'weight' });
  // The row of values: key j's value is the reading at tick j + patch, which each demo explains (the scores demo as its keys table's cell).
  for (const id of ['robot_scores', 'robot_sharpness', 'robot_order']) {
    assert.deepEqual(core.explain(id, {}, { kind: 'contents' }).explanation.pictures.weight_strip.values, { ref: { kind: 'inner', name: 'reading' }, from: 'patch' });
    const { result } = core.run(id, {});
    const values = result.figures.find((f) => f.kind === 'weight_strip').values;
    for (const j of [0, values.length - 1]) {
      const answer = core.explain(id, {}, { kind: 'inner', name: 'reading', row: j + 5 });
      assert.ok(answer.ok, `${id}: ${answer.error?.message}`);
      assert.equal(answer.explanation.value, values[j], `${id}: key ${j}'s value is the reading at tick ${j} + 5`);
    }
  }
  const { explanation } = core.explain('robot_order', {}, { kind: 'number', name: 'plain_guess' });
  const weights = explanation.operands.filter((o) => o.ref.name === 'weight');
  assert.equal(weights.length, 20, 'the guess reads every key\'s weight');
  for (const o of weights) assert.equal(o.source, 'pictured', `${o.label} is in the strip's table`);
  // A key's value is the reading after it, in the strip's row of values; a reading before the first key's value is not shown.
  const { explanation: dot } = core.explain('robot_order', {}, { kind: 'inner', name: 'dot', row: 0, col: 0 });
  const readings = dot.operands.filter((o) => o.ref.name === 'reading');
  assert.ok(readings.some((o) => o.source === 'pictured') && readings.some((o) => o.source !== 'pictured'), 'key 0\'s readings: before and after the values begin');
  for (const o of readings) assert.equal(o.source === 'pictured', o.ref.row >= 5, `${o.label}: tick ${o.ref.row}, patch 5`);
});

test('explain: every number of the mat\'s table of points opens the value it shows, its hits the robot\'s place plus the reading along its heading', { skip: !robotModule }, () => {
  const { core } = robotModule;
  const demo = core.demos.get('robot_run');
  const params = defaultsOf(demo);
  const { result } = core.run('robot_run', params);
  const { frames } = result.figures.find((f) => f.kind === 'bugbot_mat');
  const { row, first, columns } = core.explain('robot_run', params, { kind: 'contents' }).explanation.pictures.bugbot_mat;
  assert.equal(row, 'tick');
  assert.equal(first, 1, 'the reading\'s own number is the row\'s label, and opens nothing');
  const shown = [(f) => f.time_s, (f) => f.heading, (f) => f.reading, (f) => f.hit[0], (f) => f.hit[1], (f) => f.guess_wide];
  const random = seededRandom(7);
  for (const f of frames) {
    columns.forEach((column, j) => {
      const ref = { ...column, tick: f.tick };
      const answer = core.explain('robot_run', params, ref);
      if (shown[j](f) === null) {
        assert.ok(!answer.ok && /first guess comes after reading/.test(answer.error.message), `reading ${f.tick}: no guess yet, and it says so`);
        return;
      }
      assert.ok(answer.ok, `${JSON.stringify(ref)}: ${answer.error?.message}`);
      assert.equal(answer.explanation.value, shown[j](f), `${JSON.stringify(ref)} opens the number the table shows`);
      checkExplanation(core, demo, params, result, ref, 'mat', random);
    });
  }
  // A hit: x + d · sin(θ · π/180), its distance and heading the table's own (pictured), the robot's place the learner's start.
  const last = frames.at(-1);
  const { explanation: hit } = core.explain('robot_run', params, { kind: 'inner', name: 'hit', axis: 0, tick: last.tick });
  assert.equal(hit.formula, 'x + d · sin(θ · π/180)');
  assert.deepEqual(hit.operands.map((o) => [o.ref.name, o.source]), [['start_x', 'param'], ['reading', 'pictured'], ['heading', 'pictured']]);
  assert.equal(core.explain('robot_run', params, hit.operands[0].ref).explanation?.given, 'param', 'the start opens as the learner\'s setting');
  // The last row's guess is the one for the reading after the run, which the lesson's sentence quotes.
  const after = core.explain('robot_run', params, { kind: 'inner', name: 'guess_after', tick: last.tick }).explanation;
  assert.equal(after.value, result.numbers.next_guess);
  assert.match(after.name, /for the reading after the run$/);
});

const lmModule = modules.find((m) => m.core.demos.has('lm_embed'));

test('explain: every cell of the embedding demo\'s heat maps explains itself: a sum of the token and position maps\' cells down to the trained rows, the sines from the width', { skip: !lmModule }, () => {
  const { core } = lmModule;
  const { result } = core.run('lm_embed', {});
  const maps = result.figures.find((f) => f.name === 'embed').maps;
  const cell = (map, row, col) => ({ kind: 'figure', figure: 'embed', map, row, col });
  const explained = (map, row, col) => {
    const answer = core.explain('lm_embed', {}, cell(map, row, col));
    assert.ok(answer.ok, answer.error?.message);
    assert.equal(answer.explanation.value, maps[map].values[row][col], 'the cell holds the value explained');
    return answer.explanation;
  };
  assert.deepEqual(core.explain('lm_embed', {}, { kind: 'contents' }).explanation.figures, ['embed']);
  const sum = explained(2, 1, 3);
  assert.deepEqual(sum.operands.map((o) => o.ref), [cell(0, 1, 3), cell(1, 1, 3)], 'x is the token map\'s cell plus the position map\'s');
  assert.equal(explained(0, 1, 3).operands[0].ref.tensor, 'tok_emb.weight');
  assert.deepEqual(explained(1, 1, 3).operands[0].ref, { kind: 'weight', slot: 'lm/shipped', tensor: 'pos_emb.weight', row: 1, col: 3 });
  const width = result.numbers.width;
  assert.equal(explained(3, 2, 4).plugged, `sin(2 / (10000^(4 / ${width})))`);
  assert.equal(explained(3, 2, 5).plugged, `cos(2 / (10000^(4 / ${width})))`);
  assert.deepEqual(explained(3, 2, 5).operands.map((o) => o.ref), [{ kind: 'number', name: 'width' }]);
});

test('explain: the language model\'s count of learned numbers is every layer\'s tables added up, each from the network\'s sizes', { skip: !lmModule }, () => {
  const { core } = lmModule;
  const { result } = core.run('lm_embed', {});
  const { explanation: e } = core.explain('lm_embed', {}, { kind: 'number', name: 'parameters_text' });
  assert.equal(e.value, result.numbers.parameters);
  assert.equal(Number(result.texts.parameters_text.replaceAll(',', '')), e.value, 'the sentence quotes the count explained');
  const refs = e.operands.map((o) => o.ref);
  for (const name of ['vocab', 'width', 'context', 'layers']) assert.deepEqual(refs.filter((r) => r.name === name), [{ kind: 'number', name }], `${name}, a size the sentences quote`);
  const { explanation: block } = core.explain('lm_embed', {}, { kind: 'inner', name: 'block_parameters' });
  const { numbers: n } = result;
  assert.equal(block.value, 12 * n.width * n.width + 13 * n.width, 'a block: two layer norms, the attention\'s two projections and the feed-forward\'s two layers');
  assert.equal(e.value, 2 * n.vocab * n.width + n.vocab + n.context * n.width + n.layers * block.value + 2 * n.width);
});

test('explain: names and labels read as phrases: "the reading after key 3", "added[0][0] of block 1\'s feed-forward sub-layer", "the self-attention\'s weights", "the weight of key 5 when dividing by 2.24"', () => {
  const coreOf = (id) => modules.find((m) => m.core.demos.has(id))?.core;
  const explained = (id, ref) => {
    const answer = coreOf(id).explain(id, {}, ref);
    assert.ok(answer.ok, answer.error?.message);
    return answer.explanation;
  };
  assert.match(explained('robot_scores', { kind: 'number', name: 'best_value' }).name, /^the reading after key \d+$/);
  // A block's output with the residual on: the second sub-layer's sum, by the code's name and the sub-layer's.
  const y = explained('block_stack', { kind: 'inner', name: 'y', block: 0, row: 0, col: 1 });
  assert.ok(y.operands.some((o) => o.label === 'added[0][0] of block 1\'s feed-forward sub-layer'), y.operands.map((o) => o.label).join(', '));
  // A divisor or strength the learner listed, by its value as the tables' rows say it, or by its place: "under
  // divisor 1" read as dividing by 1 where the first divisor is 2.24.
  const sharp = explained('robot_sharpness', { kind: 'table', table: 'weights', row: 0, col: 5 });
  assert.equal(sharp.name, 'the weight of key 5 when dividing by 2.24');
  assert.ok(sharp.operands.some((o) => o.label === 'the first divisor, which you set'), sharp.operands.map((o) => o.label).join(', '));
  assert.equal(explained('robot_order', { kind: 'inner', name: 'weight', row: 2, col: 0 }).name, 'the weight of key 0 with the position worth 0.6');
  // Two indices, one of two digits, kept apart: w₂₂₀ could be either.
  const last = explained('lm_head', { kind: 'number', name: 'last_best_weight' });
  assert.ok(last.operands.some((o) => o.label === 'w₂₂,₀'), last.operands.map((o) => o.label).slice(0, 3).join(', '));
  const total = explained('act_sizes', { kind: 'number', name: 'decoder_tables_total' });
  assert.deepEqual(total.operands.map((o) => o.label), ['the self-attention\'s weights', 'the cross-attention\'s weights']);
});

// What an explanation may be written in: letters, digits, punctuation and maths signs, and the subscripts and
// superscripts Unicode has (ᵢ, ⱼ, ₖ, ₕ, ᵤ: there is no subscript c). Anything else, such as the tone letter
// U+A700 that stood for a subscript c, draws as an empty box in the page's fonts.
const WRITTEN = /^[\u0020-\u007E\u00A0-\u024F\u0370-\u03FF\u1D62-\u1D6A\u2010-\u205E\u2070-\u209C\u2190-\u22FF\u2300-\u23FF\u2C7C]*$/u;
// TeX's way of writing a sum's range ("Σ_{k ≤ i}", "Σ_d"), which the panel would show as typed.
const TEX_SUM = /Σ_|_\{/;
// One of a thing counted as many ("at 1 tokens"), in the nouns the explanations count.
const ONE_AS_MANY = /(?<![\d.,])\b1 (?:tokens|objects|keys|heads|blocks|layers|steps|readings|characters|places|features|weights|units|divisors|strengths)\b/;

// A reference less its place in a table, chart, map or list: its kind (a printed number's place is its kind: each
// says its own words).
const kindOf = (ref) => JSON.stringify(Object.entries(ref).filter(([k]) => !['row', 'col', 'point', 'index'].includes(k) || ref.kind === 'printed'));

test('explain: every kind of value, and every value it is worked out from, is explained in letters, digits, punctuation and maths signs (no tone letter standing in for a subscript c, no TeX "Σ_{k ≤ i}"), one of a thing in the singular', () => {
  for (const { name, core } of modules) {
    for (const { name: instance, demo, params: preset } of lessonInstancesIn(core)) {
      if (!core.explain(demo.id, defaultsOf(demo), { kind: 'contents' }).ok) continue;
      const params = { ...defaultsOf(demo), ...preset };
      const run = core.run(demo.id, params);
      assert.ok(run.ok, `${instance}: ${run.error?.message}`);
      // Followed down through the worked-out values, one of each kind.
      const queue = explainableRefs(core, demo, params, run.result);
      const seen = new Set();
      while (queue.length) {
        const ref = queue.shift();
        if (seen.has(kindOf(ref))) continue;
        seen.add(kindOf(ref));
        const answer = core.explain(demo.id, params, ref);
        assert.ok(answer.ok, `${name} ${instance} ${JSON.stringify(ref)}: ${answer.error?.message}`);
        const e = answer.explanation;
        for (const text of [e.name, e.formula, e.plugged, e.words, e.shown, ...(e.operands ?? []).map((o) => o.label)]) {
          if (typeof text !== 'string') continue;
          const odd = [...text].filter((c) => !WRITTEN.test(c)).map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase()}`);
          assert.deepEqual(odd, [], `${name} ${instance} ${JSON.stringify(ref)}: "${text}"`);
          assert.doesNotMatch(text, ONE_AS_MANY, `${name} ${instance} ${JSON.stringify(ref)}`);
          assert.doesNotMatch(text, TEX_SUM, `${name} ${instance} ${JSON.stringify(ref)}`);
        }
        queue.push(...(e.operands ?? []).map((o) => o.ref).filter((r) => r.kind === 'inner'), ...(e.items ?? []).map((item) => item.ref));
      }
    }
  }
});
