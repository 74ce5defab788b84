'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';

/** The dialog, with the OpenAPI parser and YAML reader behind it, loads on first open, not with the page. */
const ImportDialog = dynamic(() => import('./import-dialog').then((loaded) => loaded.ImportDialog), { ssr: false });

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
