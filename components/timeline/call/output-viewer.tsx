'use client';

import { useState } from 'react';
import type { CallOutput } from '@/lib/runtime';

const COLLAPSED_CHARS = 600;
const COLLAPSED_LINES = 10;

function isLong(text: string): boolean {
  return text.length > COLLAPSED_CHARS || text.split('\n').length > COLLAPSED_LINES;
}

/** The exact text the model received for a call, collapsed when long; plus any details. */
export function OutputViewer({ output }: { output: CallOutput }) {
  const [expanded, setExpanded] = useState(false);
  const long = isLong(output.output);
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between text-[11px] text-fg-muted">
        <span>
          Model-visible output{output.endTurn ? ' · ends the turn' : ''}
          {output.summary && <span className="ml-1.5 text-fg">· {output.summary}</span>}
        </span>
        {long && (
          <button type="button" onClick={() => setExpanded((value) => !value)} className="underline hover:text-fg">
            {expanded ? 'Collapse' : `Show all ${output.output.length} characters`}
          </button>
        )}
      </div>
      <pre
        data-testid="call-output"
        className={`overflow-auto whitespace-pre-wrap break-words rounded border border-border bg-panel-muted px-2 py-1 font-mono text-[11px] leading-4 ${
          long && !expanded ? 'max-h-40' : ''
        }`}
      >
        {output.output === '' ? <span className="italic text-fg-muted">(empty)</span> : output.output}
      </pre>
      {output.details !== undefined && (
        <details className="text-[11px]">
          <summary className="cursor-pointer text-fg-muted">Details (not sent to the model)</summary>
          <pre className="mt-1 overflow-auto rounded bg-panel-muted px-2 py-1 font-mono">{JSON.stringify(output.details, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}
