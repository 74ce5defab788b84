'use client';

import type { Dispatch } from 'react';
import { useEffect } from 'react';
import { markForkHandoffRun, type ForkHandoff } from '@/lib/client';
import type { PlaygroundAction, PlaygroundState } from '@/lib/client';
import { playgroundReducer } from '@/lib/client';
import { fetchSession } from '@/lib/sessions';

export type ForkLoaderOptions = {
  dispatch: Dispatch<PlaygroundAction>;
  readState: () => PlaygroundState;
  startRun: (state: PlaygroundState) => void;
  /** Runs a recorded turn again with its changes (a handoff's `forkRun`). */
  startForkRun: (sessionId: string, forkRun: NonNullable<ForkHandoff['forkRun']>, target: PlaygroundState) => void;
};

/**
 * `/?fork=<id>`: loads the edits handed over from `/s/<id>` in this tab (and runs them when the
 * user pressed Run there), or else the stored session itself.
 */
export function useForkLoader(forkId: string | undefined, { dispatch, readState, startRun, startForkRun }: ForkLoaderOptions): void {
  useEffect(() => {
    if (!forkId) return;
    let cancelled = false;
    // Deferred so that a mount immediately undone (React's development double mount) neither runs nor loads twice.
    const timer = setTimeout(async () => {
      // Its schema (Zod, the event union) is needed only here, so it loads with a fork, not with every page.
      const { readForkHandoff } = await import('@/lib/client/readers');
      if (cancelled) return;
      const handoff = readForkHandoff(window.sessionStorage, forkId);
      if (handoff) {
        const action = { type: 'fork-restored', handoff } as const;
        dispatch(action);
        if (!handoff.autoRun) return;
        const marked = markForkHandoffRun(window.sessionStorage, handoff);
        if (!marked.ok) dispatch({ type: 'problem-reported', message: marked.error });
        // The restored state is not rendered yet: the run starts from it, not from the page's last render.
        const restored = playgroundReducer(readState(), action);
        if (handoff.forkRun) startForkRun(handoff.sessionId, handoff.forkRun, restored);
        else startRun(restored);
        return;
      }
      void fetchSession(forkId).then((result) => {
        if (cancelled) return;
        if (result.ok) dispatch({ type: 'session-loaded', record: result.value, origin: 'forked' });
        else dispatch({ type: 'problem-reported', message: `Could not load session ${forkId} to fork it: ${result.error.message}` });
      });
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [forkId, dispatch, readState, startRun, startForkRun]);
}
