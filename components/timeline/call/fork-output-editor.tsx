'use client';

import { useState } from 'react';

export type ForkOutputEditorProps = {
  callId: string;
  name: string;
  /** The output the recording gave the model. */
  output: string;
  onFork: (callId: string, output: string) => void;
};

/**
 * On a shared session's call: change what the model got back and run the turn again from there.
 * The recording answers everything before the change; the model runs live after it.
 */
export function ForkOutputEditor({ callId, name, output, onFork }: ForkOutputEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <button
        type="button"
        data-testid={`fork-output-${callId}`}
        onClick={() => setDraft(output)}
        title="Run this turn again with another output for this call: the recording answers up to here, the model runs live after it"
        className="rounded border border-border px-1.5 text-[11px] text-fg-muted hover:bg-panel-muted hover:text-fg"
      >
        Change output & fork…
      </button>
    );
  }
  const unchanged = draft === output;
  return (
    <form
      className="space-y-1.5 rounded border border-violet-200 bg-violet-50 px-2 py-1.5 text-xs dark:border-violet-900 dark:bg-violet-950/40"
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged) onFork(callId, draft);
      }}
    >
      <p className="text-violet-900 dark:text-violet-200">
        The output {name} should have returned. The fork runs this turn again: the recording answers up to this call, the model runs live from the first request that differs.
      </p>
      <textarea
        data-testid={`fork-output-text-${callId}`}
        aria-label={`New output for ${name}`}
        value={draft}
        autoFocus
        spellCheck={false}
        rows={Math.min(12, Math.max(3, draft.split('\n').length))}
        onChange={(event) => setDraft(event.target.value)}
        className="block w-full resize-y rounded border border-border bg-panel px-2 py-1 font-mono text-[12px]"
      />
      <div className="flex items-center justify-end gap-2">
        {unchanged && <span className="mr-auto text-[11px] text-fg-muted">Change the text to fork.</span>}
        <button type="button" onClick={() => setDraft(null)} className="rounded border border-border px-2 py-0.5 hover:bg-panel-muted">
          Cancel
        </button>
        <button
          type="submit"
          data-testid={`fork-output-run-${callId}`}
          disabled={unchanged}
          className="rounded bg-accent px-2.5 py-0.5 font-semibold text-accent-fg disabled:opacity-50"
        >
          Fork & run
        </button>
      </div>
    </form>
  );
}
