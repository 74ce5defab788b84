'use client';

import type { Dispatch } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { abortTurn, sendApproval, sendElicitationAnswer, sendManualOutput, streamEvents } from '@/lib/client/api';
import type { ElicitationAnswerRequest, ForkRequestBody } from '@/lib/contract';
import { err, ok, type Result } from '@/lib/runtime';
import type { TurnRequest } from '@/lib/client';
import type { PlaygroundAction, RunState } from '@/lib/client';

/** How long Stop waits for the server's own `turn-end` before it drops the connection. */
const STOP_GRACE_MS = 3000;

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
  const nextRunIdRef = useRef(1);
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
      const runId = nextRunIdRef.current;
      nextRunIdRef.current += 1;
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
    const controller = controllerRef.current;
    dispatch({ type: 'run-stopping', runId });
    if (!turnId) {
      controller?.abort();
      return;
    }
    void abortTurn(turnId).then((result) => {
      if (!result.ok) dispatch({ type: 'problem-reported', message: `Stop request failed: ${result.error.message}` });
      setTimeout(() => controller?.abort(), result.ok ? STOP_GRACE_MS : 0);
    });
  }, [dispatch]);

  const decide = useCallback(
    (callId: string, approved: boolean, reason?: string) => {
      const { turnId } = runRef.current;
      if (!turnId) return;
      void sendApproval(turnId, { callId, approved, ...(reason ? { reason } : {}) }).then((result) => {
        if (!result.ok) {
          dispatch({ type: 'problem-reported', message: `Could not send the decision for ${callId}: ${result.error.message}` });
        }
      });
    },
    [dispatch],
  );

  const answer = useCallback(
    (callId: string, output: string) => {
      const { turnId } = runRef.current;
      if (!turnId) return;
      void sendManualOutput(turnId, { callId, output }).then((result) => {
        if (!result.ok) dispatch({ type: 'problem-reported', message: `Could not send the output for ${callId}: ${result.error.message}` });
      });
    },
    [dispatch],
  );

  const elicit = useCallback(async (answer: ElicitationAnswerRequest): Promise<Result<void, string>> => {
    const { turnId } = runRef.current;
    if (!turnId) return err('The turn is not running.');
    const sent = await sendElicitationAnswer(turnId, answer);
    return sent.ok ? ok(undefined) : err(sent.error.message);
  }, []);

  return { start, stop, decide, answer, elicit };
}
