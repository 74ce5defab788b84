'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CallActions } from '@/components/timeline/call';
import { err, ok, type RuntimeEvent } from '@/lib/runtime';
import { abortTurn, sendApproval, sendElicitationAnswer, sendManualOutput, callTool, type ToolCallRequest } from '@/lib/client/api';

/** One Try run: its events as they arrived, and the line to show when something outside them failed. */
export type ToolCallRun = { status: 'idle' | 'running' | 'ended'; events: RuntimeEvent[]; problem?: string };

export type ToolCallRunner = {
  run: ToolCallRun;
  start: (request: ToolCallRequest) => void;
  stop: () => void;
  /** Approve/Deny and typed outputs, sent to this run's own turn. */
  actions: CallActions;
};

const IDLE: ToolCallRun = { status: 'idle', events: [] };

/** Drives one direct call at a time for a tool card's Try panel; a new Run replaces the last. */
export function useToolCallRunner(): ToolCallRunner {
  const [run, setRun] = useState<ToolCallRun>(IDLE);
  const controllerRef = useRef<AbortController | null>(null);
  // The turn id arrives with `turn-start`; actions read it when a person clicks.
  const turnIdRef = useRef<string | undefined>(undefined);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const report = useCallback((problem: string) => setRun((current) => ({ ...current, problem })), []);

  const start = useCallback((request: ToolCallRequest) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    turnIdRef.current = undefined;
    setRun({ status: 'running', events: [] });
    void callTool(request, {
      signal: controller.signal,
      onEvent: (event) => {
        if (controller.signal.aborted) return;
        turnIdRef.current ??= event.turnId;
        setRun((current) => ({ ...current, events: [...current.events, event] }));
      },
      onInvalidEvent: (message) => setRun((current) => ({ ...current, problem: message })),
    }).then((result) => {
      if (controllerRef.current !== controller) return;
      setRun((current) => ({ ...current, status: 'ended', ...(result.ok || result.error.code === 'aborted' ? {} : { problem: result.error.message }) }));
    });
  }, []);

  const stop = useCallback(() => {
    const turnId = turnIdRef.current;
    const controller = controllerRef.current;
    if (!turnId) {
      controller?.abort();
      return;
    }
    // The server ends the call with its own turn-end; dropping the stream is the fallback.
    void abortTurn(turnId).then((result) => {
      if (!result.ok) controller?.abort();
    });
  }, []);

  const actions = useMemo<CallActions>(
    () => ({
      decide: (callId, approved, reason) => {
        const turnId = turnIdRef.current;
        if (!turnId) return;
        void sendApproval(turnId, { callId, approved, ...(reason ? { reason } : {}) }).then((result) => {
          if (!result.ok) report(`Could not send the decision for ${callId}: ${result.error.message}`);
        });
      },
      answer: (callId, output) => {
        const turnId = turnIdRef.current;
        if (!turnId) return;
        void sendManualOutput(turnId, { callId, output }).then((result) => {
          if (!result.ok) report(`Could not send the output for ${callId}: ${result.error.message}`);
        });
      },
      elicit: async (answer) => {
        const turnId = turnIdRef.current;
        if (!turnId) return err('The call is not running.');
        const sent = await sendElicitationAnswer(turnId, answer);
        return sent.ok ? ok(undefined) : err(sent.error.message);
      },
    }),
    [report],
  );

  return { run, start, stop, actions };
}
