'use client';

import type { editor } from 'monaco-editor';
import { useEffect, useRef } from 'react';
import type { EditorTab } from '@/lib/client/playground-state';
import type { MonacoApi } from './configure-monaco';
import { EDITOR_DOCUMENTS } from './editor-documents';

/** Texts emitted while typing that React state may still show; past this many the oldest are forgotten. */
const MAX_PENDING_TEXTS = 200;

/**
 * The editor owns its text: one Monaco model per document, created once, never fed back from
 * React state while the user types. State reaches a model only when it changed from elsewhere (a
 * preset, a fork, an import): then it is applied as one undoable edit. A state that is merely
 * behind (it shows a text this editor emitted a few keystrokes ago) is recognised and ignored,
 * so a late render can never move the cursor or drop a character.
 *
 * Returns `emit(tab, text)`, to be called from the editor's change handler.
 */
export function useDocumentModels(api: MonacoApi | null, documents: Record<EditorTab, string>, onChange: (tab: EditorTab, text: string) => void) {
  const pending = useRef(new Map<EditorTab, Set<string>>());
  const applying = useRef(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!api) return;
    for (const document of EDITOR_DOCUMENTS) {
      const uri = api.Uri.parse(document.path);
      const text = documents[document.tab];
      const model = api.editor.getModel(uri) ?? api.editor.createModel(text, document.language, uri);
      const current = model.getValue();
      const sent = pending.current.get(document.tab);
      if (current === text) {
        sent?.clear();
        continue;
      }
      // Behind, not different: React has not caught up with the keystrokes yet.
      if (sent?.has(text)) continue;
      applyExternalText(model, text, applying);
      sent?.clear();
    }
  }, [api, documents]);

  return (tab: EditorTab, text: string) => {
    if (applying.current) return;
    const sent = pending.current.get(tab) ?? new Set<string>();
    pending.current.set(tab, sent);
    sent.add(text);
    if (sent.size > MAX_PENDING_TEXTS) sent.delete(sent.values().next().value as string);
    onChangeRef.current(tab, text);
  };
}

/** Replaces a model's text as one edit on the undo stack (Ctrl+Z brings the old text back). */
function applyExternalText(model: editor.ITextModel, text: string, applying: { current: boolean }): void {
  applying.current = true;
  try {
    model.pushStackElement();
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
    model.pushStackElement();
  } finally {
    applying.current = false;
  }
}
