'use client';

import type { DraftNotice as Notice } from './use-workspace-drafts';

export type DraftNoticeProps = {
  notice: Notice | null;
  /** Start fresh, or on a shared session's page go back to its shared version; the draft stays in History either way. */
  onStartFresh: () => void;
  onBringBack: (draftId: string) => void;
  onDismiss: () => void;
};

const BUTTON_CLASS = 'rounded border border-border bg-panel px-2 py-0.5 font-medium text-fg hover:bg-panel-muted';

/** The strip that says a draft was restored (and offers to start fresh), or that the one replaced is kept in the history. */
export function DraftNotice({ notice, onStartFresh, onBringBack, onDismiss }: DraftNoticeProps) {
  if (!notice) return null;
  return (
    <div role="status" data-testid="draft-notice" data-kind={notice.kind} className="flex shrink-0 items-center gap-3 border-b border-border bg-panel-muted px-4 py-1.5 text-xs">
      {notice.kind === 'restored' && (
        <>
          <span>Restored your draft from {formatSavedAt(notice.savedAt)}.</span>
          <button type="button" data-testid={notice.shared ? 'back-to-shared' : 'start-fresh'} onClick={onStartFresh} className={BUTTON_CLASS}>
            {notice.shared ? 'Back to the shared version' : 'Start fresh'}
          </button>
          <span className="text-fg-muted">(this draft stays in History)</span>
        </>
      )}
      {notice.kind === 'set-aside' && (
        <>
          <span>
            Your edits to <span className="font-semibold">{notice.title}</span> were not lost: they are kept in History.
          </span>
          <button type="button" data-testid="bring-back-draft" onClick={() => onBringBack(notice.draftId)} className={BUTTON_CLASS}>
            Bring them back
          </button>
        </>
      )}
      {notice.kind === 'problem' && <span className="text-amber-800 dark:text-amber-300">{notice.message}</span>}
      <button type="button" aria-label="Dismiss" data-testid="dismiss-draft-notice" onClick={onDismiss} className="ml-auto px-1 text-fg-muted hover:text-fg">
        ×
      </button>
    </div>
  );
}

/** "today 14:32", or the date for older drafts. */
export function formatSavedAt(savedAt: number, now = Date.now()): string {
  const date = new Date(savedAt);
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return new Date(now).toDateString() === date.toDateString() ? `today ${time}` : `${date.toLocaleDateString()} ${time}`;
}
