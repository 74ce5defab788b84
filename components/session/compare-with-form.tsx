'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

/** `https://host/s/<id>`, `/s/<id>` or a bare id → the id; null when it is none of them. */
export function readSessionId(text: string): string | null {
  const trimmed = text.trim();
  const match = /(?:^|\/s\/)([A-Za-z0-9_-]{22})\/?(?:[?#].*)?$/.exec(trimmed);
  return match?.[1] ?? null;
}

/** On `/s/<id>`: names another session and opens `/compare/<id>/<other>`. */
export function CompareWithForm({ sessionId }: { sessionId: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const other = readSessionId(text);
  if (!open) {
    return (
      <button
        type="button"
        data-testid="compare-with-button"
        onClick={() => setOpen(true)}
        className="rounded-md border border-border bg-panel px-2 py-0.5 text-[11px] font-medium hover:bg-panel-muted"
      >
        Compare with…
      </button>
    );
  }
  return (
    <form
      className="flex items-center gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        if (other) router.push(`/compare/${sessionId}/${other}`);
      }}
    >
      <input
        data-testid="compare-with-input"
        aria-label="Link or id of the session to compare with"
        placeholder="Paste a session link"
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        className="w-56 rounded border border-border bg-panel px-1.5 py-0.5 font-mono text-[11px]"
      />
      <button
        type="submit"
        data-testid="compare-with-submit"
        disabled={!other}
        className="rounded-md bg-accent px-2 py-0.5 text-[11px] font-semibold text-accent-fg disabled:opacity-50"
      >
        Compare
      </button>
      <button type="button" onClick={() => setOpen(false)} className="text-[11px] text-fg-muted hover:text-fg">
        Cancel
      </button>
    </form>
  );
}
