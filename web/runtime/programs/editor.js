// The program's editor: CodeMirror 6 with Python highlighting and line numbers,
// and one line that can be marked as the line an error points at.
import { EditorView, basicSetup } from 'codemirror';
import { python } from '@codemirror/lang-python';
import { StateEffect, StateField } from '@codemirror/state';
import { Decoration } from '@codemirror/view';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';

// The page's own light-dark() colours (web/style.css, --code-*), so the editor follows the
// theme: CodeMirror's default colours are for a light background only.
const pageColours = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword, tags.operatorKeyword], color: 'var(--code-keyword)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--code-string)' },
  { tag: [tags.comment, tags.lineComment], color: 'var(--code-comment)', fontStyle: 'italic' },
  { tag: [tags.number, tags.bool, tags.null, tags.self], color: 'var(--code-number)' },
  { tag: [tags.definition(tags.variableName), tags.function(tags.definition(tags.variableName)), tags.definition(tags.className)], color: 'var(--code-definition)' },
]);
const pageTheme = EditorView.theme({
  '&': { color: 'var(--ink)', backgroundColor: 'var(--surface)' },
  '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--line)' },
  '.cm-activeLine': { backgroundColor: 'var(--code-active)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--code-active)', color: 'var(--ink)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--ink)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'var(--code-selection)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--code-selection)', color: 'inherit' },
});

const markLine = StateEffect.define();  // a line number, or null to clear
const errorLine = Decoration.line({ class: 'cm-error-line' });

const marked = StateField.define({
  create: () => Decoration.none,
  update(lines, tr) {
    for (const e of tr.effects) {
      if (!e.is(markLine)) continue;
      if (e.value === null || e.value > tr.state.doc.lines) return Decoration.none;
      return Decoration.set([errorLine.range(tr.state.doc.line(e.value).from)]);
    }
    return tr.docChanged ? Decoration.none : lines;  // an edit makes the old mark stale
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** @returns {{element, text(), setText(text), markError(line|null), focusLine(line)}} */
export function createEditor(parent, text, onChange, label) {
  const view = new EditorView({
    doc: text,
    parent,
    extensions: [
      basicSetup, python(), marked, pageTheme, syntaxHighlighting(pageColours),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.updateListener.of((u) => { if (u.docChanged) onChange(view.state.doc.toString()); }),
    ],
  });
  return {
    element: view.dom,
    text: () => view.state.doc.toString(),
    setText: (next) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } }),
    // The mark, and the cursor put on the line and scrolled to, so the learner lands where to mend it.
    markError: (line) => {
      const at = line && line <= view.state.doc.lines ? view.state.doc.line(line).from : null;
      view.dispatch({ effects: markLine.of(line), ...(at === null ? {} : { selection: { anchor: at }, scrollIntoView: true }) });
      if (at !== null) view.focus();
    },
    view,
  };
}
