import { Agent, fetch } from 'undici';
import { followEventStream } from './follow-event-stream';
import type { RuntimeEvent } from '@/lib/runtime';
import { CONCURRENT_TURN_LIMITS } from '@/lib/server/admission/rate-limits';

/** A turn stream being read in the background: its events so far, and whether it ended. */
export type OpenTurn = { address: string; status: number; events: RuntimeEvent[]; ended: boolean; close: () => void };

/**
 * Turns started from given source addresses and read in the background, each until it ends or
 * `closeAll` closes it (call it after the test, with the agents it used).
 */
export function createOpenTurns() {
  const agents = new Map<string, Agent>();
  const open: OpenTurn[] = [];
  const agentFor = (address: string): Agent => {
    let agent = agents.get(address);
    if (!agent) {
      agent = new Agent({ connections: CONCURRENT_TURN_LIMITS.perAddress + 1, localAddress: address });
      agents.set(address, agent);
    }
    return agent;
  };
  return {
    /** Starts a turn from `address` on `baseURL` and reads its events in the background. */
    async start(baseURL: string, address: string, body: unknown): Promise<OpenTurn> {
      const controller = new AbortController();
      const response = await fetch(`${baseURL}/api/turns`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        dispatcher: agentFor(address),
        signal: controller.signal,
      });
      const turn: OpenTurn = { address, status: response.status, events: [], ended: response.status !== 200, close: () => controller.abort() };
      open.push(turn);
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel();
        return turn;
      }
      followEventStream<RuntimeEvent>(response.body as AsyncIterable<Uint8Array>, turn.events, () => {
        turn.ended = true;
      });
      return turn;
    },
    async closeAll(): Promise<void> {
      for (const turn of open) turn.close();
      await Promise.all([...agents.values()].map((agent) => agent.destroy()));
    },
  };
}

export const asksApproval = (turn: OpenTurn): boolean => turn.events.some((event) => event.type === 'tool-approval-request');
export const turnEndOf = (turn: OpenTurn): RuntimeEvent | undefined => turn.events.find((event) => event.type === 'turn-end');
