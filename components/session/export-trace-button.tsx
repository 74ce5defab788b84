'use client';

import { useState } from 'react';
import { downloadText } from '@/components/interop/download-text';
import { fetchSessionTrace } from '@/lib/client/api';

export type ExportTraceButtonProps = { sessionId: string };

/** Downloads the session as `trace-<id>.otlp.json`, an OTLP JSON trace any OTLP viewer opens (and Import trace reads back). */
export function ExportTraceButton({ sessionId }: ExportTraceButtonProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const exportTrace = async () => {
    setBusy(true);
    setError(null);
    const trace = await fetchSessionTrace(sessionId);
    setBusy(false);
    if (!trace.ok) {
      setError(`Export failed: ${trace.error.message}`);
      return;
    }
    downloadText(trace.value.fileName, trace.value.text);
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        data-testid="export-trace-button"
        disabled={busy}
        onClick={() => void exportTrace()}
        title="An OTLP JSON trace with the OpenTelemetry GenAI conventions: opens in Jaeger, Phoenix, Langfuse or any OTLP viewer"
        className="rounded-md border border-border bg-panel px-2 py-0.5 text-[11px] font-medium hover:bg-panel-muted disabled:opacity-50"
      >
        {busy ? 'Exporting…' : 'Export as trace (OTLP JSON)'}
      </button>
      {error && (
        <span data-testid="export-trace-error" role="alert" className="text-[11px] text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
    </span>
  );
}
