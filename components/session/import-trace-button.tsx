'use client';

import { useState } from 'react';
import { TraceImportDialog } from './trace-import-dialog';

/** "Import trace": an app's trace (a file or pasted) as a new session. */
export function ImportTraceButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="import-trace-button"
        onClick={() => setOpen(true)}
        title="Open an app's trace (OTLP JSON: OpenTelemetry GenAI, OpenInference, AI SDK; or an OpenAI Agents export) as a replayable session"
        className="rounded-md border border-border px-2 py-1 text-xs hover:bg-panel-muted"
      >
        Import trace
      </button>
      {open && <TraceImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
