'use client';

import { useEffect, type ReactNode } from 'react';
import { useFocusTrap } from '@/components/ui/use-focus-trap';

export type ModalFrameProps = {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  /** `wide`: most of the page, for results laid out in columns. */
  size?: 'default' | 'wide';
};

/** A centred dialog over a dimmed page; Escape and the backdrop close it; it holds keyboard focus while open and gives it back. */
export function ModalFrame({ title, testId, onClose, children, size = 'default' }: ModalFrameProps) {
  const dialog = useFocusTrap<HTMLDivElement>();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} tabIndex={-1} role="dialog" aria-modal="true" aria-label={title} data-testid={testId} className={`flex w-full flex-col ${size === 'wide' ? 'h-[92vh] max-w-6xl' : 'max-h-[90vh] max-w-3xl'} rounded-lg border border-border bg-panel shadow-lg`}>
        <header className="flex h-10 shrink-0 items-center justify-between border-b border-border px-3">
          <h2 className="text-sm font-semibold">{title}</h2>
          <button type="button" onClick={onClose} data-testid={`${testId}-close`} aria-label="Close" className="rounded px-2 text-fg-muted hover:text-fg">
            ×
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto p-3">{children}</div>
      </div>
    </div>
  );
}
