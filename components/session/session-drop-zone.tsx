'use client';

import { useEffect, useState, type DragEvent } from 'react';

export type SessionDropZoneProps = { onFile: (file: File) => void };

function carriesFiles(dataTransfer: DataTransfer | null): boolean {
  return dataTransfer !== null && Array.from(dataTransfer.types).includes('Files');
}

/** While a file is dragged over the page, a full-page target that imports the dropped session file. */
export function SessionDropZone({ onFile }: SessionDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    const handleDragEnter = (event: globalThis.DragEvent) => {
      if (carriesFiles(event.dataTransfer)) setDragging(true);
    };
    // A file dropped beside the target must not make the browser navigate away to it.
    const preventOpen = (event: globalThis.DragEvent) => {
      if (carriesFiles(event.dataTransfer)) event.preventDefault();
    };
    window.addEventListener('dragenter', handleDragEnter);
    window.addEventListener('dragover', preventOpen);
    window.addEventListener('drop', preventOpen);
    return () => {
      window.removeEventListener('dragenter', handleDragEnter);
      window.removeEventListener('dragover', preventOpen);
      window.removeEventListener('drop', preventOpen);
    };
  }, []);
  if (!dragging) return null;
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      data-testid="session-drop-zone"
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className="fixed inset-0 z-50 grid place-items-center bg-bg/80 p-8 backdrop-blur-sm"
    >
      <div className="pointer-events-none rounded-xl border-2 border-dashed border-accent px-10 py-8 text-center">
        <p className="text-sm font-semibold">Drop a session file to import it</p>
        <p className="mt-1 text-xs text-fg-muted">An exported session-….json opens as a new shared session.</p>
      </div>
    </div>
  );
}
