'use client';

import type { Dispatch } from 'react';
import { useCallback } from 'react';
import { selectActiveBranch } from '@/lib/client';
import { selectForkEdits } from '@/lib/client';
import type { ForkHandoff } from '@/lib/client';
import type { PlaygroundAction, PlaygroundState } from '@/lib/client';
import type { SessionRecord } from '@/lib/sessions';

type Fork = (autoRun: boolean, fromTurn?: number, forkRun?: ForkHandoff['forkRun']) => void;

export type SharedTurnActions = {
  /** A call's output changed on its card: its turn runs again, in a fork, with that output. */
  forkWithOutput: (callId: string, output: string) => void;
  /** A turn runs again, in a fork, with the edits made on the shared page. */
  rerunWithEdits: (turn: number) => void;
};

export type SharedTurnActionsOptions = {
  shared: SessionRecord | undefined;
  fork: Fork;
  readState: () => PlaygroundState;
  dispatch: Dispatch<PlaygroundAction>;
};

/** On a shared session's page: running one of its turns again, changed, means forking it. */
export function useSharedTurnActions({ shared, fork, readState, dispatch }: SharedTurnActionsOptions): SharedTurnActions {
  const forkWithOutput = useCallback(
    (callId: string, output: string) => {
      const current = readState();
      const turns = selectActiveBranch(current.conversation).turns;
      const turn = turns.findIndex((candidate) => candidate.events.some((event) => event.type === 'tool-output' && event.callId === callId));
      if (turn === -1 || !shared) return;
      fork(true, undefined, { turn, message: turns[turn]?.message ?? '', outputs: [{ callId, output }], ...selectForkEdits(current, shared) });
    },
    [fork, shared, readState],
  );
  const rerunWithEdits = useCallback(
    (turn: number) => {
      const current = readState();
      if (!shared) return;
      const edits = selectForkEdits(current, shared);
      if (Object.keys(edits).length === 0) {
        dispatch({ type: 'problem-reported', message: 'Nothing to re-run with: edit the module, the model or a run setting first, or change a call\'s output on its card.' });
        return;
      }
      const message = selectActiveBranch(current.conversation).turns[turn]?.message ?? '';
      fork(true, undefined, { turn, message, outputs: [], ...edits });
    },
    [fork, shared, readState, dispatch],
  );
  return { forkWithOutput, rerunWithEdits };
}
