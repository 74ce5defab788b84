'use client';

import { useState } from 'react';
import { ImportDialog } from './import-dialog';

export type ImportButtonProps = { onImport: (source: string) => void };

/** Opens the import dialog; `onImport` receives the generated tool module text. */
export function ImportButton({ onImport }: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="import-button"
        onClick={() => setOpen(true)}
        className="rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg"
      >
        Import
      </button>
      {open && <ImportDialog onImport={onImport} onClose={() => setOpen(false)} />}
    </>
  );
}
