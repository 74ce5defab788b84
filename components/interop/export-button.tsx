'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { CompiledToolSummary } from '@/lib/client/compile';

/** The dialog, with the module embedding and provider formats behind it, loads on first open. */
const ExportDialog = dynamic(() => import('./export-dialog').then((loaded) => loaded.ExportDialog), { ssr: false });

export type ExportButtonProps = {
  tools: readonly CompiledToolSummary[];
  /** The compile the tools come from: the dialog loads their schemas by it. */
  moduleKey: string | null;
  toolName?: string;
  label?: string;
  testId?: string;
};

/** Opens the export dialog for the tool set, or for one tool when `toolName` is given. */
export function ExportButton({ tools, moduleKey, toolName, label = 'Export', testId = 'export-button' }: ExportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid={testId}
        disabled={tools.length === 0 || moduleKey === null}
        onClick={() => setOpen(true)}
        className="rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg disabled:opacity-50"
      >
        {label}
      </button>
      {open && moduleKey !== null && <ExportDialog tools={tools} moduleKey={moduleKey} initialToolName={toolName} onClose={() => setOpen(false)} />}
    </>
  );
}
