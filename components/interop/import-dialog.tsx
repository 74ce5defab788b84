'use client';

import { useState, type ChangeEvent } from 'react';
import { importToolDefinitions } from '@/lib/interop/import-tool-definitions';
import type { ImportError, ToolImport } from '@/lib/interop/imported-tool';
import { ModalFrame } from './modal-frame';

export type ImportDialogProps = {
  /** Receives the generated tool module; the page puts it in the editor. */
  onImport: (source: string) => void;
  onClose: () => void;
};

type Preview = { status: 'empty' } | { status: 'ok'; value: ToolImport } | { status: 'error'; error: ImportError };

function preview(text: string): Preview {
  if (text.trim() === '') return { status: 'empty' };
  const result = importToolDefinitions(text);
  return result.ok ? { status: 'ok', value: result.value } : { status: 'error', error: result.error };
}

/** Paste or open an MCP tools/list result, an OpenAI/Chat Completions tools array or an OpenAPI 3 document (JSON). */
export function ImportDialog({ onImport, onClose }: ImportDialogProps) {
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const current = preview(text);
  const openFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    file.text().then(
      (content) => {
        setFileError(null);
        setText(content);
      },
      (error: unknown) => setFileError(`Could not read ${file.name}: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  return (
    <ModalFrame title="Import tools" testId="import-dialog" onClose={onClose}>
      <p className="text-xs text-fg-muted">
        An MCP <code>tools/list</code> result, an OpenAI Responses or Chat Completions <code>tools</code> array, or an OpenAPI 3 document (JSON). The
        result replaces the tool module in the editor; each <code>execute</code> is a stub to fill in.
      </p>
      <input data-testid="import-file" type="file" accept=".json,application/json" onChange={openFile} className="mt-2 block text-xs" />
      <textarea
        data-testid="import-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        placeholder='{"tools": [...]}'
        className="mt-2 h-56 w-full rounded-md border border-border bg-panel-muted p-2 font-mono text-[11px] leading-4"
      />
      {fileError && <p className="mt-1 text-[11px] text-red-700 dark:text-red-400">{fileError}</p>}
      {current.status === 'error' && (
        <p data-testid="import-error" data-code={current.error.code} className="mt-1 text-[11px] text-red-700 dark:text-red-400">
          {current.error.message}
        </p>
      )}
      {current.status === 'ok' && (
        <div data-testid="import-preview" data-format={current.value.format} className="mt-1 text-[11px]">
          <p>
            {current.value.tools.length} tool{current.value.tools.length === 1 ? '' : 's'}:{' '}
            <span className="font-mono">{current.value.tools.map((tool) => (tool.namespace ? `${tool.namespace}.${tool.name}` : tool.name)).join(', ')}</span>
          </p>
          {current.value.notes.length > 0 && (
            <ul className="mt-1 list-disc pl-4 text-amber-800 dark:text-amber-300">
              {current.value.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          data-testid="import-submit"
          disabled={current.status !== 'ok'}
          onClick={() => {
            if (current.status !== 'ok') return;
            onImport(current.value.source);
            onClose();
          }}
          className="rounded-md bg-blue-600 px-3 py-1 text-xs font-medium text-white hover:bg-blue-700 disabled:opacity-50"
        >
          Replace editor module
        </button>
      </div>
    </ModalFrame>
  );
}
