'use client';

import { useState } from 'react';
import { downloadText } from '@/components/interop/download-text';
import { exportSessionFile, fetchSession } from '@/lib/sessions';
import type { SessionRecord } from '@/lib/sessions';

export type ExportSessionButtonProps = {
  sessionId: string;
  /** The record when the page already holds it; otherwise it is fetched. */
  record?: SessionRecord;
};

/** Downloads the session record as `session-<id>.json`, the file Import session reads back. */
export function ExportSessionButton({ sessionId, record }: ExportSessionButtonProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const exportRecord = async () => {
    setBusy(true);
    setError(null);
    const loaded = record ? { ok: true as const, value: record } : await fetchSession(sessionId);
    setBusy(false);
    if (!loaded.ok) {
      setError(`Export failed: ${loaded.error.message}`);
      return;
    }
    const file = exportSessionFile(loaded.value);
    downloadText(file.fileName, file.text);
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        data-testid="export-session-button"
        disabled={busy}
        onClick={() => void exportRecord()}
        className="rounded-md border border-border bg-panel px-2 py-0.5 text-[11px] font-medium hover:bg-panel-muted disabled:opacity-50"
      >
        Export session
      </button>
      {error && (
        <span data-testid="export-session-error" role="alert" className="text-[11px] text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
    </span>
  );
}
