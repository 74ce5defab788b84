'use client';

import type { Dispatch } from 'react';
import { useCallback } from 'react';
import { isAnyRunActive, isSideBySide, playgroundReducer, type PlaygroundAction, type PlaygroundPreset, type PlaygroundState } from '@/lib/client';
import type { SessionRecord } from '@/lib/sessions';
import type { TurnStarters } from './use-turn-starters';
import type { WorkspaceDrafts } from '@/components/playground/drafts';

export type ScenarioCommands = {
  /** Run: the composer's message as a new turn (on a shared page, a fork of the session). */
  run: () => void;
  /** An earlier turn again with an edited message, in a new branch. */
  rerun: (turnIndex: number, message: string) => void;
  /** A preset replaces the workspace (its edits set aside) and runs at once. */
  selectPreset: (preset: PlaygroundPreset) => void;
  startFresh: () => void;
  /** On a shared page: the edits are set aside (kept in History) and the record is shown as shared. */
  backToShared: () => void;
};

export type ScenarioCommandsOptions = {
  presets: readonly PlaygroundPreset[];
  shared: SessionRecord | undefined;
  readState: () => PlaygroundState;
  dispatch: Dispatch<PlaygroundAction>;
  startRun: TurnStarters['startRun'];
  /** Sends the composer's message to every model configuration, a column each. */
  startSideBySide: () => void;
  fork: (autoRun: boolean) => void;
  drafts: WorkspaceDrafts;
};

/** What the header, the composer and the turn bars ask of the page: run, re-run, load a preset, start over. */
const KEEP_A_COLUMN_FIRST = 'Keep one of the side-by-side columns to continue the conversation from it, or Close them (their message comes back here), then Run again.';

export function useScenarioCommands({ presets, shared, readState, dispatch, startRun, startSideBySide, fork, drafts }: ScenarioCommandsOptions): ScenarioCommands {
  const run = useCallback(() => {
    const current = readState();
    // A shared session is a record: running it means running a fork of it.
    if (current.origin.kind === 'shared') fork(true);
    else if (isAnyRunActive(current)) return;
    else if (current.sideBySide) dispatch({ type: 'run-refused', message: KEEP_A_COLUMN_FIRST });
    else if (isSideBySide(current)) startSideBySide();
    else startRun(current);
  }, [startRun, startSideBySide, fork, readState, dispatch]);
  const rerun = useCallback(
    (turnIndex: number, message: string) => {
      const current = readState();
      if (current.origin.kind === 'shared' || isAnyRunActive(current)) return;
      if (current.sideBySide) dispatch({ type: 'run-refused', message: KEEP_A_COLUMN_FIRST });
      else startRun(current, { message, branchAt: turnIndex });
    },
    [startRun, readState, dispatch],
  );
  const selectPreset = useCallback(
    (preset: PlaygroundPreset) => {
      const action = { type: 'preset-loaded', preset } as const;
      drafts.setAside();
      dispatch(action);
      startRun(playgroundReducer(readState(), action));
    },
    [startRun, drafts, dispatch, readState],
  );
  const startFresh = useCallback(() => {
    const first = presets[0];
    drafts.setAside();
    if (first) dispatch({ type: 'preset-loaded', preset: first });
    else dispatch({ type: 'conversation-cleared' });
  }, [presets, drafts, dispatch]);
  const backToShared = useCallback(() => {
    if (!shared) return;
    drafts.setAside();
    dispatch({ type: 'session-loaded', record: shared, origin: 'shared' });
  }, [shared, drafts, dispatch]);
  return { run, rerun, selectPreset, startFresh, backToShared };
}
