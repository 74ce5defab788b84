'use client';

import { useRef } from 'react';
import { HiddenJsonFileInput } from '@/components/ui/hidden-json-file-input';
import { SessionDropZone } from './session-drop-zone';
import { useSessionImport } from './use-session-import';

/** "Import session" (file picker) plus drag-and-drop anywhere on the page, with the outcome shown. */
export function SessionImport() {
  const { status, importFile, dismiss } = useSessionImport();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        data-testid="import-session-button"
        disabled={status.kind === 'importing'}
        onClick={() => inputRef.current?.click()}
        title="Open an exported session file (or drop it anywhere on the page)"
        className="rounded-md border border-border px-2 py-1 text-xs hover:bg-panel-muted disabled:opacity-50"
      >
        {status.kind === 'importing' ? 'Importing…' : 'Import session'}
      </button>
      <HiddenJsonFileInput ref={inputRef} testId="import-session-file" onFile={importFile} />
      <SessionDropZone onFile={importFile} />
      {status.kind === 'failed' && (
        <div
          data-testid="session-import-error"
          role="alert"
          className="fixed bottom-4 left-1/2 z-40 flex max-w-xl -translate-x-1/2 items-start gap-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-xs leading-snug text-red-900 shadow-lg dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <span data-testid="session-import-error-text" className="break-words">
            {status.message}
          </span>
          <button type="button" aria-label="Dismiss" onClick={dismiss} className="shrink-0 font-semibold">
            ×
          </button>
        </div>
      )}
    </>
  );
}
