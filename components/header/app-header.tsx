'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import type { PlaygroundPreset } from '@/lib/client';
import { PresetsMenu } from './presets-menu';
import type { Theme } from './use-theme';

export type AppHeaderProps = {
  /** Empty on a shared session's page, where loading a preset would replace the recording. */
  presets: readonly PlaygroundPreset[];
  currentPresetId: string | null;
  onSelectPreset: (preset: PlaygroundPreset) => void;
  theme: Theme;
  onToggleTheme: () => void;
  /** Session actions (Share, Import session), shown before the theme toggle. */
  children?: ReactNode;
};

export function AppHeader({ presets, currentPresetId, onSelectPreset, theme, onToggleTheme, children }: AppHeaderProps) {
  return (
    <header className="flex h-11 shrink-0 items-center gap-4 border-b border-border bg-panel px-4">
      <h1 className="text-sm font-semibold tracking-tight">
        <Link href="/" className="flex items-center gap-2" title="A new playground">
          <span aria-hidden className="grid size-5 place-items-center rounded bg-accent font-mono text-[10px] text-accent-fg">
            ƒ
          </span>
          Tool Runtime Playground
        </Link>
      </h1>
      {presets.length > 0 && <PresetsMenu presets={presets} currentId={currentPresetId} onSelect={onSelectPreset} />}
      <div className="ml-auto flex items-center gap-3 text-xs text-fg-muted">
        <span className="hidden xl:inline">
          <kbd className="rounded border border-border px-1 font-mono">Ctrl</kbd>+
          <kbd className="rounded border border-border px-1 font-mono">Enter</kbd> to run
        </span>
        {children}
        <button
          type="button"
          data-testid="theme-toggle"
          onClick={onToggleTheme}
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          className="rounded-md border border-border px-2 py-1 hover:bg-panel-muted"
        >
          {theme === 'dark' ? '☀ Light' : '☾ Dark'}
        </button>
      </div>
    </header>
  );
}
