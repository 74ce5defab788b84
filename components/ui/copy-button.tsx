'use client';

import { useState } from 'react';

export type CopyButtonProps = { text: string; label?: string; testId?: string };

/** Copies `text` to the clipboard and says whether it worked. */
export function CopyButton({ text, label = 'Copy', testId }: CopyButtonProps) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setStatus('copied'),
      (error: unknown) => {
        console.warn('Clipboard write failed:', error);
        setStatus('failed');
      },
    );
    setTimeout(() => setStatus('idle'), 1500);
  };
  return (
    <button
      type="button"
      onClick={copy}
      data-testid={testId}
      className="shrink-0 whitespace-nowrap rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] font-medium text-fg hover:bg-panel-muted"
    >
      {status === 'copied' ? 'Copied' : status === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
