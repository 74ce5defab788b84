'use client';

import type { editor } from 'monaco-editor';
import { useEffect, useRef } from 'react';
import { createEmittedTexts, type EmittedTexts } from '@/lib/client';
import type { EditorTab } from '@/lib/client';
import type { MonacoApi } from './configure-monaco';
import { EDITOR_DOCUMENTS } from './editor-documents';

/**
 * The editor owns its text: one Monaco model per document, created once, never fed back from
 * React state while the user types. State reaches a model only when it changed from elsewhere (a
 * preset, a fork, an import): then it is applied as one undoable edit. A state that is merely
 * behind (it shows a text this editor emitted a few keystrokes ago, `createEmittedTexts`) is
 * recognised and ignored, so a late render can never move the cursor or drop a character.
 *
 * Returns `emit(tab, text)`, to be called from the editor's change handler.
 */
export function useDocumentModels(api: MonacoApi | null, documents: Record<EditorTab, string>, onChange: (tab: EditorTab, text: string) => void) {
  const emittedTexts = useRef(new Map<EditorTab, EmittedTexts>());
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
      if (textsOf(emittedTexts.current, document.tab).judge(text, model.getValue()) === 'external') applyExternalText(model, text, applying);
    }
  }, [api, documents]);

  return (tab: EditorTab, text: string) => {
    if (applying.current) return;
    textsOf(emittedTexts.current, tab).emitted(text);
    onChangeRef.current(tab, text);
  };
}

function textsOf(byTab: Map<EditorTab, EmittedTexts>, tab: EditorTab): EmittedTexts {
  const existing = byTab.get(tab);
  if (existing) return existing;
  const created = createEmittedTexts();
  byTab.set(tab, created);
  return created;
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
