'use client';

import type { Dispatch } from 'react';
import { useCallback } from 'react';
import { buildTurnRequest, type TurnTarget } from '@/lib/client';
import { buildForkBody, type ForkRun } from '@/lib/client';
import { readSessionMcpServers } from '@/lib/client/mcp';
import type { PlaygroundAction, PlaygroundState } from '@/lib/client';
import type { TurnRunner } from './use-turn-runner';

export type TurnStarters = {
  /** Builds the turn request from `target` and sends it; a request that cannot be built is refused with its reason. */
  startRun: (target: PlaygroundState, turn?: TurnTarget) => void;
  /**
   * Runs a stored session's turn again with its changes, through the session's fork route; `target`
   * is the state it runs from when the page's newest state is not yet rendered (a handoff just restored).
   */
  startForkRun: (sessionId: string, forkRun: ForkRun, target?: PlaygroundState) => void;
};

export type TurnStartersOptions = {
  dispatch: Dispatch<PlaygroundAction>;
  readState: () => PlaygroundState;
  start: TurnRunner['start'];
  showRunColumn: () => void;
};

export function useTurnStarters({ dispatch, readState, start, showRunColumn }: TurnStartersOptions): TurnStarters {
  const startRun = useCallback(
    (target: PlaygroundState, turn: TurnTarget = {}) => {
      const request = buildTurnRequest(target, turn);
      if (!request.ok) {
        dispatch({ type: 'run-refused', message: request.error });
        return;
      }
      const message = request.value.messages[0]?.content ?? '';
      showRunColumn();
      start(request.value, { message, ...(turn.branchAt === undefined ? {} : { branchAt: turn.branchAt }) });
      // The composer empties once its message is sent, as in a chat; an edit re-run leaves it alone.
      if (turn.message === undefined) dispatch({ type: 'message-changed', message: '' });
    },
    [dispatch, start, showRunColumn],
  );
  const startForkRun = useCallback(
    (sessionId: string, forkRun: ForkRun, target?: PlaygroundState) => {
      const state = target ?? readState();
      // A fork may start before the tab's stored MCP servers are restored into the state.
      const body = buildForkBody(state, forkRun, state.mcpServers.length > 0 ? state.mcpServers : readSessionMcpServers(window.sessionStorage));
      if (!body.ok) {
        dispatch({ type: 'run-refused', message: body.error });
        return;
      }
      showRunColumn();
      start(body.value, { message: forkRun.message, endpoint: `/api/sessions/${encodeURIComponent(sessionId)}/fork` });
    },
    [dispatch, readState, start, showRunColumn],
  );
  return { startRun, startForkRun };
}
