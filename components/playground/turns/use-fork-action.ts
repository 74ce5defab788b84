'use client';

import { useRouter } from 'next/navigation';
import type { Dispatch } from 'react';
import { useCallback } from 'react';
import { createForkHandoff, writeForkHandoff, type ForkHandoff } from '@/lib/client';
import type { PlaygroundAction, PlaygroundState } from '@/lib/client';

/**
 * On `/s/<id>`: hands the playground (with any edits) and the turns up to `fromTurn` (all when
 * absent) to `/?fork=<id>` and goes there, running the composer's message next when `autoRun`. The shared session itself is never written to.
 */
export function useForkAction(
  readState: () => PlaygroundState,
  dispatch: Dispatch<PlaygroundAction>,
): (autoRun: boolean, fromTurn?: number, forkRun?: ForkHandoff['forkRun']) => void {
  const router = useRouter();
  return useCallback(
    (autoRun: boolean, fromTurn?: number, forkRun?: ForkHandoff['forkRun']) => {
      const state = readState();
      if (state.origin.kind !== 'shared') return;
      const { sessionId } = state.origin;
      const written = writeForkHandoff(window.sessionStorage, createForkHandoff(state, { sessionId, autoRun, fromTurn, forkRun }));
      if (!written.ok) {
        dispatch({ type: 'problem-reported', message: `${written.error} Open /?fork=${sessionId} to fork the stored session without these edits.` });
        return;
      }
      router.push(`/?fork=${encodeURIComponent(sessionId)}`);
    },
    [readState, dispatch, router],
  );
}
