'use client';

import dynamic from 'next/dynamic';
import type { CompileDiagnostic } from '@/lib/client/compile';
import type { EditorTab } from '@/lib/client';
import { EDITOR_DOCUMENTS } from './editor-documents';

const MonacoCodeEditor = dynamic(() => import('./monaco-code-editor'), {
  ssr: false,
  loading: () => <p className="p-4 text-xs text-neutral-500">Loading editor…</p>,
});

export type CodeEditorProps = {
  documents: Record<EditorTab, string>;
  activeTab: EditorTab;
  onSelectTab: (tab: EditorTab) => void;
  onChange: (tab: EditorTab, text: string) => void;
  diagnostics: CompileDiagnostic[];
  theme: 'light' | 'dark';
  onRun: () => void;
  /** Tabs whose document the current settings do not use, shown muted. */
  unusedTabs: EditorTab[];
};

/** The tabbed editor: the tool module and the JSON side documents a turn may use. */
export function CodeEditor(props: CodeEditorProps) {
  const { documents, activeTab, onSelectTab, onChange, diagnostics, theme, onRun, unusedTabs } = props;
  const errorCount = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return (
    <section className="@container flex h-full min-h-0 flex-col" aria-label="Editor">
      <div className="flex shrink-0 items-end border-b border-border bg-panel-muted px-2 pt-1.5">
        <div role="tablist" aria-label="Documents" className="flex min-w-0 flex-1 items-end gap-px overflow-x-auto">
          {EDITOR_DOCUMENTS.map((document) => {
            const selected = document.tab === activeTab;
            const unused = unusedTabs.includes(document.tab);
            return (
              <button
                key={document.tab}
                type="button"
                role="tab"
                aria-selected={selected}
                data-testid={`editor-tab-${document.tab}`}
                onClick={() => onSelectTab(document.tab)}
                title={unused ? 'Not used by the current run settings' : undefined}
                className={`shrink-0 whitespace-nowrap rounded-t-md border border-b-0 px-3 py-1.5 font-mono text-xs outline-offset-[-2px] ${
                  selected
                    ? 'border-border bg-panel text-fg'
                    : 'border-transparent text-fg-muted hover:text-fg'
                } ${unused && !selected ? 'opacity-60' : ''}`}
              >
                {document.label}
                {document.tab === 'tools' && errorCount > 0 && (
                  <span className="ml-1.5 rounded-full bg-red-600 px-1.5 text-[10px] font-semibold text-white">{errorCount}</span>
                )}
              </button>
            );
          })}
        </div>
        {/* Shown only where the editor is wide enough to hold it beside the tabs, shorter when it is narrower. */}
        <span
          data-testid="editor-keys-inline-hint"
          className="hidden shrink-0 self-center whitespace-nowrap pb-1 pl-3 text-[10px] text-fg-muted @[32rem]:inline"
          title="Tab indents inside the editor; Escape closes a widget, then extra cursors, and never moves focus by itself. Ctrl+M makes Tab move focus."
        >
          <span className="@[48rem]:hidden">Esc then Tab leaves</span>
          <span className="hidden @[48rem]:inline">Esc then Tab leaves the editor · Ctrl+M: Tab moves focus</span>
        </span>
      </div>
      <div className="min-h-0 flex-1 bg-panel">
        <MonacoCodeEditor
          tab={activeTab}
          documents={documents}
          onChange={onChange}
          diagnostics={diagnostics}
          theme={theme}
          onRun={onRun}
        />
      </div>
    </section>
  );
}
