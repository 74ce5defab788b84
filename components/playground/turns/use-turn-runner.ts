'use client';

import type { Dispatch } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { streamEvents } from '@/lib/client/api';
import type { ElicitationAnswerRequest, ForkRequestBody } from '@/lib/contract';
import type { Result } from '@/lib/runtime';
import type { TurnRequest } from '@/lib/client';
import type { PlaygroundAction, RunState } from '@/lib/client';
import { answerCall, answerElicitation, decideCall, stopTurn, takeRunId } from './turn-controls';

export type TurnRunner = {
  /**
   * Sends `request` as a new turn with `message`; `branchAt` re-runs that earlier turn in a new
   * branch. `endpoint` is `/api/turns` unless given (a fork posts its changes to the session's).
   */
  start: (request: TurnRequest | ForkRequestBody, turn: { message: string; branchAt?: number; endpoint?: string }) => void;
  stop: () => void;
  decide: (callId: string, approved: boolean, reason?: string) => void;
  /** Sends the output a person typed for a call answered by hand. */
  answer: (callId: string, output: string) => void;
  /** Sends a person's answer to a question an MCP server asked during a call; the reason when it was refused. */
  elicit: (answer: ElicitationAnswerRequest) => Promise<Result<void, string>>;
};

/** Drives one turn at a time (the current run): POST, stream events into the reducer, stop, approvals, typed outputs. */
export function useTurnRunner(run: RunState, dispatch: Dispatch<PlaygroundAction>): TurnRunner {
  const controllerRef = useRef<AbortController | null>(null);
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  }, [run]);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    (request: TurnRequest | ForkRequestBody, turn: { message: string; branchAt?: number; endpoint?: string }) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      const runId = takeRunId();
      dispatch({ type: 'run-started', runId, message: turn.message, ...(turn.branchAt === undefined ? {} : { branchAt: turn.branchAt }) });
      void streamEvents(turn.endpoint ?? '/api/turns', request, {
        signal: controller.signal,
        onEvent: (event) => dispatch({ type: 'run-event', runId, event }),
        onInvalidEvent: (message) => dispatch({ type: 'problem-reported', message }),
      }, 'turn').then((result) => {
        if (result.ok || result.error.code === 'aborted') dispatch({ type: 'run-finished', runId });
        else dispatch({ type: 'run-failed', runId, message: result.error.message });
      });
    },
    [dispatch],
  );

  const stop = useCallback(() => {
    const { runId, turnId } = runRef.current;
    dispatch({ type: 'run-stopping', runId });
    stopTurn(turnId, controllerRef.current, (message) => dispatch({ type: 'problem-reported', message }));
  }, [dispatch]);

  const decide = useCallback(
    (callId: string, approved: boolean, reason?: string) => {
      const { turnId } = runRef.current;
      if (turnId) decideCall(turnId, { callId, approved, ...(reason ? { reason } : {}) }, (message) => dispatch({ type: 'problem-reported', message }));
    },
    [dispatch],
  );

  const answer = useCallback(
    (callId: string, output: string) => {
      const { turnId } = runRef.current;
      if (turnId) answerCall(turnId, { callId, output }, (message) => dispatch({ type: 'problem-reported', message }));
    },
    [dispatch],
  );

  const elicit = useCallback((answer: ElicitationAnswerRequest): Promise<Result<void, string>> => answerElicitation(runRef.current.turnId, answer), []);

  return { start, stop, decide, answer, elicit };
}
