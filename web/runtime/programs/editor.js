// The program's editor: CodeMirror 6 with Python highlighting and line numbers,
// and one line that can be marked as the line an error points at.
import { EditorView, basicSetup } from 'codemirror';
import { python } from '@codemirror/lang-python';
import { StateEffect, StateField } from '@codemirror/state';
import { Decoration } from '@codemirror/view';

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
      basicSetup, python(), marked,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.updateListener.of((u) => { if (u.docChanged) onChange(view.state.doc.toString()); }),
    ],
  });
  return {
    element: view.dom,
    text: () => view.state.doc.toString(),
    setText: (next) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } }),
    markError: (line) => view.dispatch({ effects: markLine.of(line) }),
    view,
  };
}
