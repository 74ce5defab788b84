'use client';

import { useState } from 'react';
import { addToolStarter } from '@/lib/client/compile';

export type NewToolButtonProps = {
  /** The editor's module; the starter goes at the end of its default export. */
  source: string;
  /** Receives the module with the starter added (one undoable edit in the editor). */
  onAdd: (source: string) => void;
};

/** Adds a small working tool to the module, to edit from there. */
export function NewToolButton({ source, onAdd }: NewToolButtonProps) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        data-testid="new-tool-button"
        title="Add a starter tool at the end of the module's default export"
        onClick={() => {
          const added = addToolStarter(source);
          if (added.ok) {
            setProblem(null);
            onAdd(added.value.source);
          } else {
            setProblem(added.error);
          }
        }}
        className="rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg"
      >
        + Tool
      </button>
      {problem && (
        <span role="alert" data-testid="new-tool-problem" className="sr-only">
          {problem}
        </span>
      )}
      {problem && (
        <span aria-hidden className="max-w-40 truncate text-[11px] text-red-700 dark:text-red-400" title={problem}>
          {problem}
        </span>
      )}
    </>
  );
}
