'use client';

import { useCallback, useState } from 'react';
import { importTraceText, type ImportedTrace } from '@/lib/client/api';
import { SESSION_LIMITS } from '@/lib/contract';

/** Where a trace import stands: `done` holds the new session and what did not carry over. */
export type TraceImportStatus = { kind: 'idle' } | { kind: 'importing' } | { kind: 'failed'; message: string } | { kind: 'done'; imported: ImportedTrace };

export type TraceImport = { status: TraceImportStatus; importText: (text: string, from: string) => void; reset: () => void };

/** Sends a trace (a file's text or pasted text) to `POST /api/traces/import`; bounded like a session file. */
export function useTraceImport(): TraceImport {
  const [status, setStatus] = useState<TraceImportStatus>({ kind: 'idle' });
  const importText = useCallback((text: string, from: string) => {
    if (text.trim() === '') {
      setStatus({ kind: 'failed', message: 'Choose a trace file or paste a trace first.' });
      return;
    }
    if (text.length > SESSION_LIMITS.recordBytes) {
      setStatus({ kind: 'failed', message: `${from} is ${(text.length / 1_000_000).toFixed(1)} MB; a trace is limited to ${(SESSION_LIMITS.recordBytes / 1_000_000).toFixed(1)} MB.` });
      return;
    }
    setStatus({ kind: 'importing' });
    void importTraceText(text).then((result) =>
      setStatus(result.ok ? { kind: 'done', imported: result.value } : { kind: 'failed', message: `Could not import ${from}: ${result.error.message}` }),
    );
  }, []);
  const reset = useCallback(() => setStatus({ kind: 'idle' }), []);
  return { status, importText, reset };
}
