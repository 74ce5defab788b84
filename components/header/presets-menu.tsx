'use client';

import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { PlaygroundPreset } from '@/lib/client';

export type PresetsMenuProps = {
  presets: readonly PlaygroundPreset[];
  currentId: string | null;
  onSelect: (preset: PlaygroundPreset) => void;
};

/** A dropdown of ready-made scenarios; choosing one loads it and runs it. */
export function PresetsMenu({ presets, currentId, onSelect }: PresetsMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = presets.find((preset) => preset.id === currentId);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        data-testid="presets-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-md border border-border bg-panel px-2.5 py-1 text-xs hover:bg-panel-muted"
      >
        <span className="text-fg-muted">Preset</span>
        <span className="max-w-56 truncate font-medium">{current?.title ?? 'Choose…'}</span>
        <span aria-hidden className="text-fg-muted">▾</span>
      </button>
      {open && (
        <ul
          role="menu"
          data-testid="presets-menu"
          onKeyDown={moveFocusWithArrows}
          className="absolute left-0 top-full z-50 mt-1 max-h-[70vh] w-[26rem] overflow-auto rounded-lg border border-border bg-panel p-1 shadow-xl"
        >
          {presets.length === 0 && <li className="px-3 py-2 text-xs text-fg-muted">No presets available.</li>}
          {presets.map((preset) => (
            <li key={preset.id} role="none">
              <button
                type="button"
                role="menuitem"
                data-testid={`preset-${preset.id}`}
                autoFocus={preset.id === (currentId ?? presets[0]?.id)}
                onClick={() => {
                  setOpen(false);
                  onSelect(preset);
                  // Focus stays in the header, not on <body>, after the menu closes.
                  buttonRef.current?.focus();
                }}
                className={`block w-full rounded-md px-3 py-2 text-left hover:bg-panel-muted focus-visible:bg-panel-muted ${
                  preset.id === currentId ? 'bg-panel-muted' : ''
                }`}
              >
                <span className="block text-xs font-semibold">{preset.title}</span>
                <span className="mt-0.5 block text-[11px] leading-snug text-fg-muted">{preset.summary}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Up/Down (and Home/End) move between the menu's items, wrapping, as in any menu. */
function moveFocusWithArrows(event: ReactKeyboardEvent<HTMLUListElement>): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  if (items.length === 0) return;
  const index = items.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'ArrowDown' ? (index + 1) % items.length
    : event.key === 'ArrowUp' ? (index - 1 + items.length) % items.length
    : event.key === 'Home' ? 0
    : event.key === 'End' ? items.length - 1
    : -1;
  if (next === -1) return;
  event.preventDefault();
  items[next]?.focus();
}
