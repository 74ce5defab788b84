'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { ModalFrame } from '@/components/interop/modal-frame';
import { HiddenJsonFileInput } from '@/components/ui/hidden-json-file-input';
import type { ImportedTrace } from '@/lib/client/api';
import { useTraceImport } from './use-trace-import';

const BUTTON_CLASS = 'rounded-md border border-border bg-panel px-2 py-1 text-xs font-medium hover:bg-panel-muted disabled:opacity-50';

/** The format names the server answers, as people know them. */
const FORMAT_LABELS: Record<string, string> = {
  'otel-genai': 'OpenTelemetry GenAI',
  openinference: 'OpenInference (Phoenix, Arize)',
  'ai-sdk': 'Vercel AI SDK telemetry',
  'openai-agents': 'OpenAI Agents trace',
};

export type TraceImportDialogProps = { onClose: () => void };

/** Import a trace from a file or pasted text; then what did not import (and why), and the session to open. */
export function TraceImportDialog({ onClose }: TraceImportDialogProps) {
  const { status, importText, reset } = useTraceImport();
  const [pasted, setPasted] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const readFile = (file: File) => void file.text().then((text) => importText(text, file.name));
  return (
    <ModalFrame title="Import a trace" testId="trace-import-dialog" onClose={onClose}>
      {status.kind === 'done' ? (
        <ImportedTraceSummary imported={status.imported} onAnother={reset} />
      ) : (
        <div className="space-y-3 text-xs">
          <p className="text-fg-muted">
            An OTLP JSON trace of your app&apos;s run (OpenTelemetry GenAI, OpenInference, the Vercel AI SDK&apos;s telemetry) or an OpenAI Agents trace export becomes a session you can replay, fork and compare. Its tools are answered from the recording.
          </p>
          <div className="flex items-center gap-2">
            <button type="button" data-testid="trace-import-choose-file" disabled={status.kind === 'importing'} onClick={() => fileInput.current?.click()} className={BUTTON_CLASS}>
              Choose a file…
            </button>
            <span className="text-fg-muted">or paste it below</span>
            <HiddenJsonFileInput ref={fileInput} testId="trace-import-file" onFile={readFile} />
          </div>
          <textarea
            data-testid="trace-import-text"
            aria-label="Trace JSON"
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            placeholder='{"resourceSpans": [ … ]}'
            spellCheck={false}
            className="h-48 w-full resize-y rounded-md border border-border bg-panel p-2 font-mono text-[11px]"
          />
          <div className="flex items-center gap-3">
            <button type="button" data-testid="trace-import-submit" disabled={status.kind === 'importing'} onClick={() => importText(pasted, 'the pasted trace')} className={BUTTON_CLASS}>
              {status.kind === 'importing' ? 'Importing…' : 'Import'}
            </button>
            {status.kind === 'failed' && (
              <p data-testid="trace-import-error" role="alert" className="break-words text-red-700 dark:text-red-400">
                {status.message}
              </p>
            )}
          </div>
        </div>
      )}
    </ModalFrame>
  );
}

function ImportedTraceSummary({ imported, onAnother }: { imported: ImportedTrace; onAnother: () => void }) {
  const router = useRouter();
  const count = imported.notes.length;
  return (
    <div data-testid="trace-import-result" className="space-y-3 text-xs">
      <p>
        Imported as <span className="font-semibold">{FORMAT_LABELS[imported.format] ?? imported.format}</span>
        {count === 0 ? ': everything carried over.' : `; ${count} note${count === 1 ? '' : 's'} on what did not carry over, or carried over changed:`}
      </p>
      {count > 0 && (
        <ul data-testid="trace-import-notes" className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-border bg-panel-muted/50 p-2">
          {imported.notes.map((note, index) => (
            <li key={index} data-testid="trace-import-note" className="leading-snug">
              <span className="font-mono text-[11px] text-fg-muted">{note.where}</span> {note.reason}
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-2">
        <button type="button" data-testid="trace-import-open" onClick={() => router.push(imported.url)} className={`${BUTTON_CLASS} border-accent`}>
          Open session
        </button>
        <button type="button" onClick={onAnother} className={BUTTON_CLASS}>
          Import another
        </button>
      </div>
    </div>
  );
}
