'use client';

import type { Dispatch } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { streamEvents } from '@/lib/client/api';
import { buildSideBySideRequests, isRunActive, type PlaygroundAction, type PlaygroundState } from '@/lib/client';
import type { TimelineProps } from '@/components/timeline';
import { answerCall, answerElicitation, decideCall, stopTurn, takeRunId } from './turn-controls';

export type SideBySideRunner = {
  /** Sends the composer's message to every configuration at once, one turn (and column) each; refused with the reason when one request cannot be built. */
  start: () => void;
  stop: (runId: number) => void;
  stopAll: () => void;
  /** Approvals and typed outputs for the column of run `runId`, sent to its own turn. */
  actionsFor: (runId: number) => TimelineProps['actions'];
};

/** Drives the side-by-side columns: each its own POST, stream, Stop, approvals and typed outputs. */
export function useSideBySideRunner(dispatch: Dispatch<PlaygroundAction>, readState: () => PlaygroundState, onStarted: () => void): SideBySideRunner {
  const controllersRef = useRef(new Map<number, AbortController>());
  useEffect(() => {
    const controllers = controllersRef.current;
    return () => controllers.forEach((controller) => controller.abort());
  }, []);
  const update = useCallback(
    (runId: number, change: Extract<PlaygroundAction, { type: 'column-updated' }>['update']) => dispatch({ type: 'column-updated', runId, update: change }),
    [dispatch],
  );
  const readTurnId = useCallback((runId: number) => readState().sideBySide?.columns.find((column) => column.run.runId === runId)?.run.turnId ?? null, [readState]);

  const start = useCallback(() => {
    const state = readState();
    const built = buildSideBySideRequests(state);
    if (!built.ok) {
      dispatch({ type: 'run-refused', message: built.error });
      return;
    }
    controllersRef.current.forEach((controller) => controller.abort());
    controllersRef.current.clear();
    const columns = built.value.map((column) => ({ ...column, runId: takeRunId(), controller: new AbortController() }));
    const message = columns[0]?.request.messages[0]?.content ?? '';
    dispatch({ type: 'side-by-side-started', message, columns: columns.map(({ settings, runId }) => ({ settings, runId })) });
    dispatch({ type: 'message-changed', message: '' });
    onStarted();
    for (const { runId, request, controller } of columns) {
      controllersRef.current.set(runId, controller);
      void streamEvents('/api/turns', request, {
        signal: controller.signal,
        onEvent: (event) => update(runId, { kind: 'event', event }),
        onInvalidEvent: (problem) => update(runId, { kind: 'problem', message: problem }),
      }, 'turn').then((result) => {
        controllersRef.current.delete(runId);
        // A refusal (a limit, a bad request) ends this column alone, with the server's reason.
        update(runId, result.ok || result.error.code === 'aborted' ? { kind: 'finished' } : { kind: 'failed', message: result.error.message });
      });
    }
  }, [dispatch, readState, update, onStarted]);

  const stop = useCallback(
    (runId: number) => {
      update(runId, { kind: 'stopping' });
      stopTurn(readTurnId(runId), controllersRef.current.get(runId), (problem) => update(runId, { kind: 'problem', message: problem }));
    },
    [update, readTurnId],
  );
  const stopAll = useCallback(() => {
    for (const column of readState().sideBySide?.columns ?? []) if (isRunActive(column.run)) stop(column.run.runId);
  }, [readState, stop]);

  const actionsFor = useCallback(
    (runId: number): TimelineProps['actions'] => {
      const report = (problem: string) => update(runId, { kind: 'problem', message: problem });
      return {
        decide: (callId, approved, reason) => {
          const turnId = readTurnId(runId);
          if (turnId) decideCall(turnId, { callId, approved, ...(reason ? { reason } : {}) }, report);
        },
        answer: (callId, output) => {
          const turnId = readTurnId(runId);
          if (turnId) answerCall(turnId, { callId, output }, report);
        },
        elicit: (answer) => answerElicitation(readTurnId(runId), answer),
      };
    },
    [update, readTurnId],
  );
  return { start, stop, stopAll, actionsFor };
}
