'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { selectColumnPlayground, selectShareableTurnIds, type PlaygroundState, type SideBySideColumn } from '@/lib/client';
import { shareConversation } from '@/components/session/share-conversation';

type CompareStatus = { kind: 'idle' } | { kind: 'sharing' } | { kind: 'failed'; message: string };

export type CompareColumnsButtonProps = { state: PlaygroundState; columns: readonly SideBySideColumn[] };

/** Shares the two picked columns as sessions of their own and opens the existing Compare of the two. */
export function CompareColumnsButton({ state, columns }: CompareColumnsButtonProps) {
  const router = useRouter();
  const [status, setStatus] = useState<CompareStatus>({ kind: 'idle' });
  const compare = async () => {
    const ids: string[] = [];
    for (const column of columns) {
      const playground = selectColumnPlayground(state, column);
      const outcome = await shareConversation({ state: playground, turnIds: selectShareableTurnIds(playground), onSharing: () => setStatus({ kind: 'sharing' }) });
      if (outcome.kind === 'failed') {
        setStatus(outcome);
        return;
      }
      ids.push(outcome.sessionId);
    }
    router.push(`/compare/${ids[0]}/${ids[1]}`);
  };
  return (
    <span className="flex items-center gap-2">
      <button
        type="button"
        data-testid="compare-columns"
        disabled={columns.length !== 2 || status.kind === 'sharing'}
        onClick={() => void compare()}
        title={columns.length === 2 ? 'Share the two picked columns and open them in Compare' : 'Pick two ended columns (their compare boxes) to compare them'}
        className="rounded-md border border-border px-2 py-0.5 text-[11px] font-medium text-fg hover:bg-panel-muted disabled:opacity-40"
      >
        {status.kind === 'sharing' ? 'Sharing…' : `Compare ${columns.length}/2`}
      </button>
      {status.kind === 'failed' && (
        <span data-testid="compare-columns-error" role="alert" className="text-[11px] text-red-700 dark:text-red-400">
          {status.message}
        </span>
      )}
    </span>
  );
}
