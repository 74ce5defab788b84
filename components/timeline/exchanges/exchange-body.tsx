'use client';

import { useMemo, useState } from 'react';
import { formatBody } from '@/lib/client/exchanges';
import type { JsonValue } from '@/lib/runtime';

/** Past this many characters only the start is rendered, so a multi-megabyte body cannot freeze the page. */
export const RENDERED_BODY_CHARS = 200_000;

export type ExchangeBodyProps = { body: JsonValue; testId: string; fileName: string };

function formatSize(chars: number): string {
  return chars < 1_000_000 ? `${Math.round(chars / 1_000)} KB` : `${(chars / 1_000_000).toFixed(1)} MB`;
}

/** Offers the whole text as a file, for bodies too large to read comfortably on the page. */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // Revoked a moment later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One body, pretty JSON (or raw text when it was not JSON), in a scrolling monospace block. */
export function ExchangeBody({ body, testId, fileName }: ExchangeBodyProps) {
  const text = useMemo(() => formatBody(body), [body]);
  const [showAll, setShowAll] = useState(false);
  const capped = !showAll && text.length > RENDERED_BODY_CHARS;
  return (
    <div className="space-y-1">
      {capped && (
        <p className="flex flex-wrap items-baseline gap-x-2 text-[11px] text-fg-muted">
          <span>
            Showing the first {formatSize(RENDERED_BODY_CHARS)} of {formatSize(text.length)}.
          </span>
          <button type="button" onClick={() => setShowAll(true)} className="underline hover:text-fg">
            Show all
          </button>
          <button type="button" onClick={() => download(text, fileName)} className="underline hover:text-fg">
            Download
          </button>
        </p>
      )}
      <pre
        data-testid={testId}
        className="max-h-96 overflow-auto whitespace-pre rounded border border-border bg-panel-muted px-2 py-1 font-mono text-[11px] leading-4"
      >
        {text === '' || body === null ? <span className="italic text-fg-muted">(no body)</span> : capped ? `${text.slice(0, RENDERED_BODY_CHARS)}\n…` : text}
      </pre>
    </div>
  );
}
