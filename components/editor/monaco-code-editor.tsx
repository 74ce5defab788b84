'use client';

import Editor from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { useEffect, useRef, useState } from 'react';
import type { CompileDiagnostic } from '@/lib/client/compile';
import type { EditorTab } from '@/lib/client';
import type { MonacoApi } from './configure-monaco';
import { configureTypeScript, defineEditorThemes } from './configure-monaco';
import { findEditorDocument } from './editor-documents';
import { useDocumentModels } from './use-document-models';
import { useEditorKeys } from './use-editor-keys';

export type MonacoCodeEditorProps = {
  tab: EditorTab;
  /** Every document's text as the playground holds it; applied to a model only when it changed from elsewhere. */
  documents: Record<EditorTab, string>;
  onChange: (tab: EditorTab, text: string) => void;
  /** Compile diagnostics for tools.ts, shown as markers owned by `playground`. */
  diagnostics: CompileDiagnostic[];
  theme: 'light' | 'dark';
  onRun: () => void;
};

const MARKER_OWNER = 'playground';

export default function MonacoCodeEditor({ tab, documents, onChange, diagnostics, theme, onRun }: MonacoCodeEditorProps) {
  const document = findEditorDocument(tab);
  const [api, setApi] = useState<MonacoApi | null>(null);
  const emit = useDocumentModels(api, documents, onChange);
  const [typesProblem, setTypesProblem] = useState<string | null>(null);
  const [instance, setInstance] = useState<editor.IStandaloneCodeEditor | null>(null);
  const keys = useEditorKeys(instance);
  const onRunRef = useRef(onRun);
  useEffect(() => {
    onRunRef.current = onRun;
  }, [onRun]);

  useEffect(() => {
    if (!api) return;
    const model = api.editor.getModel(api.Uri.parse(findEditorDocument('tools').path));
    if (!model) return;
    api.editor.setModelMarkers(model, MARKER_OWNER, diagnostics.map((diagnostic) => toMarker(api, model, diagnostic)));
  }, [api, diagnostics, tab]);

  return (
    <div className="relative h-full min-h-0" data-testid="code-editor">
      <Editor
        path={document.path}
        language={document.language}
        defaultValue={documents[tab]}
        theme={theme === 'dark' ? 'playground-dark' : 'playground-light'}
        onChange={(text) => emit(tab, text ?? '')}
        beforeMount={(monaco) => {
          defineEditorThemes(monaco);
          void configureTypeScript(monaco).then(setTypesProblem);
        }}
        onMount={(instance, monaco) => {
          instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => onRunRef.current());
          setInstance(instance);
          setApi(monaco);
        }}
        loading={<p className="p-4 text-xs text-neutral-500">Loading editor…</p>}
        options={{
          minimap: { enabled: false },
          fontSize: 13,
          lineHeight: 19,
          scrollBeyondLastLine: false,
          automaticLayout: true,
          tabSize: 2,
          fixedOverflowWidgets: true,
          renderLineHighlight: 'line',
          padding: { top: 8 },
        }}
      />
      {keys.tabLeaves && (
        <p data-testid="editor-tab-leaves" className="pointer-events-none absolute right-3 top-1 rounded bg-panel-muted px-2 py-0.5 text-[11px] text-fg-muted shadow-sm">
          {keys.tabLeaves === 'after-escape' ? 'Tab now leaves the editor' : 'Tab moves on · type or click to edit'}
        </p>
      )}
      {keys.showHint && (
        <div role="note" data-testid="editor-keys-hint" className="absolute bottom-3 left-1/2 z-10 flex w-max max-w-[90%] -translate-x-1/2 items-start gap-2 rounded-md border border-border bg-panel px-3 py-2 text-xs shadow-lg">
          <p className="leading-snug">
            <span className="font-semibold">Leaving the editor by keyboard:</span> press <kbd className="rounded border border-border px-1 font-mono">Esc</kbd> then{' '}
            <kbd className="rounded border border-border px-1 font-mono">Tab</kbd> (or <kbd className="rounded border border-border px-1 font-mono">Shift+Tab</kbd>).
            Reached by Tab, the editor passes Tab on until you type. <kbd className="rounded border border-border px-1 font-mono">Ctrl+M</kbd> makes Tab always move focus.
          </p>
          <button type="button" data-testid="editor-keys-hint-dismiss" onClick={keys.dismissHint} className="shrink-0 whitespace-nowrap rounded border border-border px-2 py-0.5 font-medium hover:bg-panel-muted">
            Got it
          </button>
        </div>
      )}
      {typesProblem && (
        <p className="absolute bottom-1 right-2 rounded bg-amber-100 px-2 py-0.5 text-[11px] text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {typesProblem}
        </p>
      )}
    </div>
  );
}

function toMarker(api: MonacoApi, model: editor.ITextModel, diagnostic: CompileDiagnostic): editor.IMarkerData {
  const line = Math.min(Math.max(diagnostic.line, 1), model.getLineCount());
  const column = Math.max(diagnostic.column, 1);
  const word = model.getWordAtPosition({ lineNumber: line, column });
  const endColumn = word ? word.endColumn : model.getLineMaxColumn(line);
  return {
    severity: diagnostic.severity === 'error' ? api.MarkerSeverity.Error : api.MarkerSeverity.Warning,
    message: diagnostic.message,
    startLineNumber: line,
    startColumn: column,
    endLineNumber: line,
    endColumn: Math.max(endColumn, column + 1),
    source: 'playground',
  };
}
