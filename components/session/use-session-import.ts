'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { importSessionFile } from '@/lib/sessions';
import { SESSION_LIMITS } from '@/lib/contract';

/** Where an import stands; `failed` carries the message shown to the user. */
export type SessionImportStatus = { kind: 'idle' } | { kind: 'importing'; fileName: string } | { kind: 'failed'; message: string };

export type SessionImport = {
  status: SessionImportStatus;
  importFile: (file: File) => void;
  dismiss: () => void;
};

/** Imports an exported session file as a new session and opens it at `/s/<newId>`. */
export function useSessionImport(): SessionImport {
  const router = useRouter();
  const [status, setStatus] = useState<SessionImportStatus>({ kind: 'idle' });
  const importFile = useCallback(
    (file: File) => {
      if (file.size > SESSION_LIMITS.recordBytes) {
        setStatus({ kind: 'failed', message: `${file.name} is ${formatMegabytes(file.size)}; a session file is limited to ${formatMegabytes(SESSION_LIMITS.recordBytes)}.` });
        return;
      }
      setStatus({ kind: 'importing', fileName: file.name });
      void file
        .text()
        .then(importSessionFile)
        .then(
          (result) => {
            if (result.ok) {
              setStatus({ kind: 'idle' });
              router.push(result.value.url);
            } else {
              setStatus({ kind: 'failed', message: `Could not import ${file.name}: ${result.error.message}` });
            }
          },
          (error: unknown) => setStatus({ kind: 'failed', message: `Could not read ${file.name}: ${error instanceof Error ? error.message : String(error)}` }),
        );
    },
    [router],
  );
  const dismiss = useCallback(() => setStatus({ kind: 'idle' }), []);
  return { status, importFile, dismiss };
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
