// What the learner's-eye test (tests/browser/learners-eye.test.mjs) looks at after each step, run inside the page:
// a plain script whose functions are put into the page with addInitScript, so one call per step looks
// at everything. Each function returns findings, sentences that say what a learner would see wrong;
// none means the page shows what it should.
/* global window, document, getComputedStyle, requestAnimationFrame */

window.learnersEye = (() => {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  // As web/runtime/controls.js reads a box: a plain decimal is a number, anything else stays text.
  const parse = (text) => {
    const t = String(text).trim();
    return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t) && Number.isFinite(Number(t)) ? Number(t) : t;
  };
  const name = (n) => {
    const label = n.getAttribute?.('aria-label') || n.querySelector?.(':scope > label, :scope > summary, :scope > legend')?.textContent;
    const cls = typeof n.className === 'string' && n.className ? `.${n.className.trim().split(/\s+/).join('.')}` : '';
    return `<${n.tagName.toLowerCase()}${cls}>${label ? ` "${label.slice(0, 40)}"` : ''}`;
  };
  const shown = (n) => n.getClientRects().length > 0 && getComputedStyle(n).visibility !== 'hidden';
  // A box under 2 px (web/style.css's .visually-hidden) is read by a screen reader, not seen.
  const seen = (n) => shown(n) && n.clientWidth > 1 && n.clientHeight > 1;

  /** Waits until the demo's last change is computed and drawn, and its scroll marks measured (two frames). */
  async function settle() {
    for (let k = 0; k < 3; ++k) await new Promise((done) => requestAnimationFrame(done));
  }

  /** Each editor of the demo against the state: its shape, its values, its row and column names, its buttons. */
  function editors(instance) {
    const view = window.attnLesson.demos.get(instance);
    const declarations = window.attnLesson.core.demos.get(view.container.dataset.demo).params;
    const values = view.state.values;
    const controls = [...view.container.querySelectorAll('form.controls .control')];
    const found = [];
    for (const decl of declarations) {
      const control = controls.find((c) => c.querySelector(':scope > label')?.textContent === decl.label);
      if (!control) continue; // set by a picture, or hidden by a teacher's link
      const v = values[decl.name];
      const say = (what) => found.push(`"${decl.label}" ${what}`);
      if (decl.type === 'number' || decl.type === 'integer') {
        const box = control.querySelector('input.num');
        if (!same(parse(box.value), v)) say(`shows "${box.value}" while the state holds ${JSON.stringify(v)}`);
        const slider = control.querySelector('input[type="range"]');
        if (slider && typeof v === 'number' && v >= decl.min && v <= decl.max) {
          if (slider.dataset.scale) { // a position along marks or stops, not the value (controls.js)
            if (slider.getAttribute('aria-valuetext') !== String(v)) say(`slider says ${slider.getAttribute('aria-valuetext')} for ${v}`);
          } else if (Math.abs(Number(slider.value) - v) > (decl.step || 1) / 2 + 1e-9) {
            say(`slider stands at ${slider.value} for ${v}`);
          }
        }
      } else if (decl.type === 'boolean') {
        if (control.querySelector('input[type="checkbox"]').checked !== v) say(`is ${v ? 'unticked' : 'ticked'} while the state holds ${v}`);
      } else if (decl.type === 'choice') {
        const select = control.querySelector('select');
        if (select.value !== v) say(`shows "${select.value}" while the state holds "${v}"`);
      } else if (decl.type === 'vector' || decl.type === 'matrix') {
        const rows = decl.type === 'vector' ? [v] : v;
        const boxes = [...control.querySelectorAll('table.grid-editor tr')]
          .map((tr) => [...tr.querySelectorAll('input')].map((b) => parse(b.value))).filter((r) => r.length);
        const shape = (m) => `${m.length} × ${m[0]?.length ?? 0}`;
        if (shape(boxes) !== shape(rows) || boxes.some((r) => r.length !== boxes[0].length)) {
          say(`shows ${shape(boxes)} boxes while the state holds ${shape(rows)}`);
          continue;
        }
        if (!same(boxes, rows)) say(`boxes show ${JSON.stringify(boxes)} while the state holds ${JSON.stringify(rows)}`);
        if (decl.type === 'matrix') {
          const rowNames = control.querySelectorAll('th[scope="row"]').length;
          const colNames = control.querySelectorAll('th[scope="col"]').length;
          if (rowNames !== rows.length || colNames !== rows[0].length) say(`names ${rowNames} rows and ${colNames} columns of ${shape(rows)}`);
        }
        // A button that adds is enabled exactly while there is room, one that removes while there is more than the least.
        const [minCols, maxCols] = decl.type === 'vector' ? [decl.min_len, decl.max_len] : [decl.min_cols, decl.max_cols];
        for (const b of control.querySelectorAll('.grid-buttons button')) {
          const adds = b.textContent.startsWith('+');
          const isRow = decl.type === 'matrix' && b.textContent.slice(2) === (decl.row_name ?? 'token');
          const [n, lo, hi] = isRow ? [rows.length, decl.min_len, decl.max_len] : [rows[0].length, minCols, maxCols];
          if (b.disabled !== (adds ? n >= hi : n <= lo)) say(`"${b.textContent}" is ${b.disabled ? 'disabled' : 'enabled'} at ${n}`);
        }
      }
    }
    return found;
  }

  const scrolls = (n) => ['auto', 'scroll'].includes(getComputedStyle(n).overflowX);
  // A focused summary scrolls its details by the arrow keys, as a focused button scrolls its box.
  const reachable = (n) => n.tabIndex >= 0 || n.isContentEditable
    || Boolean(n.querySelector('[contenteditable="true"], input, textarea, select, button, a[href], summary, [tabindex="0"]'));

  /**
   * Nothing clipped: wide content scrolls in its own reachable box, the root holds its content and lies
   * inside the window, and no ancestor cuts it off. (A demo may be wider than the text column around it:
   * on a wide screen it takes the window's width, on a phone it reaches a little into the page's margin.)
   */
  function clipping(root) {
    const found = [];
    if (!shown(root)) return found;
    if (root.scrollWidth > root.clientWidth + 1 && !scrolls(root)) found.push(`${name(root)} holds ${root.scrollWidth} px in ${root.clientWidth} px`);
    for (let n = root.parentElement; n && n !== document.body; n = n.parentElement) {
      if (n.scrollWidth > n.clientWidth + 1 && ['hidden', 'clip'].includes(getComputedStyle(n).overflowX)) {
        found.push(`${name(n)} cuts off ${n.scrollWidth - n.clientWidth} px of its width`);
      }
    }
    const page = document.documentElement;
    const box = root.getBoundingClientRect();
    if (box.left < -1 || box.right > page.clientWidth + 1) {
      found.push(`${name(root)} reaches from ${Math.round(box.left)} to ${Math.round(box.right)} px in a ${page.clientWidth} px window`);
    }
    if (page.scrollWidth > page.clientWidth + 1) found.push(`the page scrolls sideways (${page.scrollWidth} px in ${page.clientWidth} px)`);
    for (const n of [root, ...root.querySelectorAll('*')]) {
      if (!(n instanceof HTMLElement) || !seen(n)) continue;
      const wide = n.scrollWidth > n.clientWidth + 1;
      const tall = n.scrollHeight > n.clientHeight + 1;
      if (!wide && !tall) continue;
      const style = getComputedStyle(n);
      if (wide && ['hidden', 'clip'].includes(style.overflowX)) found.push(`${name(n)} cuts off ${n.scrollWidth - n.clientWidth} px of its width`);
      if (tall && ['hidden', 'clip'].includes(style.overflowY)) found.push(`${name(n)} cuts off ${n.scrollHeight - n.clientHeight} px of its height`);
      if (wide && scrolls(n) && !reachable(n)) found.push(`${name(n)} scrolls sideways but the keyboard cannot reach it`);
      // A box of fixed height hides the rows below its edge, and a phone shows no scroll bar to say so; a
      // program's editor is the one box made to scroll up and down (its lines numbered in its gutter). A large
      // table far from the screen is not laid out (content-visibility): its box keeps the height it last had
      // until it comes near, and is not judged by it.
      const skipped = style.contentVisibility === 'auto' && n.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) === false;
      if (tall && ['auto', 'scroll'].includes(style.overflowY) && !n.matches('.program-editor') && !skipped) {
        found.push(`${name(n)} hides ${n.scrollHeight - n.clientHeight} px of its height below its edge`);
      }
    }
    // A wide table's title is read whole in its box's visible part, not cut mid-word at the box's edge (a
    // table far from the screen is not laid out, and is looked at when it comes near).
    for (const caption of root.querySelectorAll('caption')) {
      const box = caption.closest('table').parentElement;
      if (!seen(caption) || !scrolls(box) || !caption.checkVisibility({ contentVisibilityAuto: true })) continue;
      const text = document.createRange();
      text.selectNodeContents(caption);
      const right = Math.max(...[...text.getClientRects()].map((r) => r.right));
      const edge = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
      if (right > edge + 1) found.push(`the title "${caption.textContent}" runs ${Math.round(right - edge)} px past its box's edge`);
    }
    // The labels of a picture lie inside it (an svg clips what is outside its box).
    for (const svg of root.querySelectorAll('svg')) {
      if (!shown(svg) || getComputedStyle(svg).overflow === 'visible') continue;
      const box = svg.getBoundingClientRect();
      for (const text of svg.querySelectorAll('text')) {
        const r = text.getBoundingClientRect();
        if (!r.width || !text.textContent.trim()) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
          found.push(`the label "${text.textContent}" of ${name(svg.closest('figure') ?? svg)} is cut by its picture's edge`);
        }
      }
    }
    return found;
  }

  // The least height of a word drawn in a picture: a 13 px label at four fifths, the most a picture
  // shrinks before it scrolls (web/runtime/render/readable-width.js), is about 13 px tall.
  const SMALLEST_LABEL_PX = 10;

  /** Every word drawn in a picture is tall enough to read. */
  function readable(root) {
    const found = [];
    for (const text of root.querySelectorAll('svg text')) {
      const { height } = text.getBoundingClientRect();
      if (height > 0 && height < SMALLEST_LABEL_PX && text.textContent.trim()) {
        found.push(`the label "${text.textContent}" of ${name(text.closest('figure') ?? text.closest('svg'))} is ${height.toFixed(1)} px tall`);
      }
    }
    return found;
  }

  /** Every legend entry of every chart names something drawn: a line with length, or a marker with area. */
  function legends(root) {
    const found = [];
    for (const figure of root.querySelectorAll('figure.chart')) {
      if (!shown(figure)) continue;
      [...figure.querySelectorAll('.legend li')].forEach((item, i) => {
        const line = figure.querySelector(`svg path.series-${i}:not(.marker)`);
        const marker = figure.querySelector(`svg path.marker.series-${i}`);
        const length = line?.getAttribute('d') ? line.getTotalLength() : 0;
        const drawn = (p) => p && p.getAttribute('display') !== 'none' && p.getAttribute('d')
          && getComputedStyle(p).fill !== 'none' && (() => { const b = p.getBBox(); return b.width > 0 || b.height > 0; })();
        if (!(length > 0) && !drawn(marker)) found.push(`"${item.textContent}" in the legend of "${figure.querySelector('figcaption')?.firstChild?.textContent}" has nothing drawn`);
      });
    }
    return found;
  }

  // Plural nouns that are fine after "1" (units and words that end in s in the singular).
  const SINGULAR_S = new Set(['bias', 'class', 'process', 'loss', 'axis', 'focus', 'plus', 'minus', 'status', 'chess', 'mass',
    'less', 'cross', 'across', 'is', 'was', 'has', 'does', 'as', 'its', 'this', 'thus', 'ms', 's', 'cms', 'ns', 'yes', 'us', 'bus']);
  const lines = (text) => text.split('\n');

  /** Placeholders and counts at odds with their nouns, in the text the learner reads around and in the demo. */
  function words(instance) {
    const view = window.attnLesson.demos.get(instance);
    const section = view.container.closest('section') ?? view.container;
    const found = [];
    for (const n of section.querySelectorAll('[data-num]')) {
      if (!shown(n)) continue;
      const t = n.textContent.trim();
      if (t === '' || t === '—' || /^(undefined|NaN|null)$/.test(t)) found.push(`the number "${n.dataset.num}" reads "${t}"`);
    }
    // A table writes a negative number with a minus sign, "−0.4", as NumPy's printouts cannot: "-0.4" in a table is a slip.
    for (const table of view.container.querySelectorAll('table')) {
      const hyphen = [...table.querySelectorAll('td')].find((td) => /^-\d/.test(td.textContent.trim()));
      const name = table.closest('details')?.querySelector('summary')?.textContent ?? table.querySelector('caption')?.textContent ?? 'a table';
      if (hyphen) found.push(`"${hyphen.textContent.trim()}" in "${name}" has a hyphen for its minus sign`);
    }
    for (const line of lines(section.innerText)) {
      const at = (m) => `"${line.trim().slice(Math.max(0, m.index - 40), m.index + 50)}"`;
      for (const m of line.matchAll(/\b(undefined|NaN|null)\b/g)) found.push(`a placeholder "${m[1]}" in ${at(m)}`);
      // A value shown as a dash: "the key —, scoring —" (a dash between words is punctuation). A table's row (its
      // cells joined by tabs) may have a dash for "no value here": a chart's series without a point at that x.
      for (const m of line.includes('\t') ? [] : line.matchAll(/(?:^|[\s(])—(?=[,.;:)]|\s*$)/g)) found.push(`a dash where a value belongs in ${at(m)}`);
      // "Head 1 weights" names head 1; "1 weights" counts them, and so does "1 latest keys"; in "√1 turns them" the 1 is a root.
      for (const m of line.matchAll(/(?<![\d.,−\-+×/^√]|\b(?:head|token|key|block|layer|step|entry|feature|unit|row|column|object|scene|question|view|epoch|seed|camera|query|position|reading|tick|picture|figure|line|part) )\b1 ((?:(?:latest|last|first|recent|scored|hidden|other|more|new|remaining|wrong|correct|negative|positive|extra|whole|distinct|neighbouring) )?([a-z]+s))\b(?!\.\d)/gi)) {
        if (!SINGULAR_S.has(m[2].toLowerCase())) found.push(`"1 ${m[1]}" in ${at(m)}`);
      }
      for (const m of line.matchAll(/\b(layer|head|token|object|key|block|step|entry|weight)\(s\)/g)) found.push(`"${m[0]}" in ${at(m)}`);
    }
    return found;
  }

  /** Everything above for one demo, after its change has been drawn. */
  async function look(instance) {
    await settle();
    const view = window.attnLesson.demos.get(instance);
    return [...editors(instance), ...clipping(view.container), ...readable(view.container), ...legends(view.container), ...words(instance)];
  }

  async function lookAt(selector) {
    await settle();
    const root = document.querySelector(selector);
    return root ? [...clipping(root), ...readable(root), ...legends(root)] : [`nothing matches ${selector}`];
  }

  return { look, lookAt, settle };
})();
