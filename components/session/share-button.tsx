'use client';

import { useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import type { PlaygroundState } from '@/lib/client';
import { selectShareableTurnIds } from '@/lib/client';
import { ExportSessionButton } from './export-session-button';
import { shareConversation } from './share-conversation';

export type ShareStatus =
  | { kind: 'idle' }
  | { kind: 'sharing' }
  | { kind: 'shared'; sessionId: string; link: string; copied: boolean }
  | { kind: 'failed'; message: string };

/** How a Share ended: the link, or why not. */
export type ShareOutcome = Extract<ShareStatus, { kind: 'shared' | 'failed' }>;

export type ShareButtonProps = { state: PlaygroundState };

/** Stores the conversation's finished turns with the playground as a session, copies its link and shows it. */
export function ShareButton({ state }: ShareButtonProps) {
  const [status, setStatus] = useState<ShareStatus>({ kind: 'idle' });
  const turnIds = selectShareableTurnIds(state);
  const share = async () => {
    if (turnIds.length === 0) return;
    setStatus(await shareConversation({ state, turnIds, onSharing: () => setStatus({ kind: 'sharing' }) }));
  };
  return (
    <div className="relative">
      <button
        type="button"
        data-testid="share-button"
        disabled={turnIds.length === 0 || status.kind === 'sharing'}
        onClick={() => void share()}
        title={
          turnIds.length > 0
            ? `Store ${turnIds.length === 1 ? 'this turn' : `these ${turnIds.length} turns`} and the playground as a session and copy its link`
            : 'Run a turn here first; Share links the conversation once its newest turn has ended.'
        }
        className="rounded-md border border-border px-2 py-1 text-xs font-medium text-fg hover:bg-panel-muted disabled:opacity-45"
      >
        {status.kind === 'sharing' ? 'Sharing…' : 'Share'}
      </button>
      {(status.kind === 'shared' || status.kind === 'failed') && <SharePopover status={status} onClose={() => setStatus({ kind: 'idle' })} />}
    </div>
  );
}

type SharePopoverProps = { status: ShareOutcome; onClose: () => void };

/** The link (copied, or to copy by hand) with Open and Export, or why the session was not shared. */
function SharePopover({ status, onClose }: SharePopoverProps) {
  return (
    <div
      data-testid="share-popover"
      role={status.kind === 'failed' ? 'alert' : 'status'}
      className="absolute right-0 top-full z-30 mt-1.5 w-96 space-y-2 rounded-lg border border-border bg-panel p-3 text-xs shadow-lg"
    >
      <div className="flex items-center justify-between">
        <span className="font-semibold">{status.kind === 'shared' ? (status.copied ? 'Link copied' : 'Session link') : 'Not shared'}</span>
        <button type="button" aria-label="Close" onClick={onClose} className="px-1 text-fg-muted hover:text-fg">
          ×
        </button>
      </div>
      {status.kind === 'failed' ? (
        <p data-testid="share-error" className="leading-snug text-red-700 dark:text-red-400">
          {status.message}
        </p>
      ) : (
        <>
          <div className="flex items-center gap-1.5">
            <input
              data-testid="share-link"
              readOnly
              value={status.link}
              onFocus={(event) => event.target.select()}
              className="h-7 min-w-0 flex-1 rounded-md border border-border bg-panel-muted px-2 font-mono text-[11px]"
            />
            <CopyButton text={status.link} />
          </div>
          <div className="flex items-center gap-3">
            <a href={status.link} target="_blank" rel="noreferrer" className="text-[11px] font-medium text-accent hover:underline">
              Open ↗
            </a>
            <ExportSessionButton sessionId={status.sessionId} />
          </div>
        </>
      )}
    </div>
  );
}
