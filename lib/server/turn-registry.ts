// Server-only: the live turns of this process, so approvals and aborts can reach them.
import type { ApprovalDecision } from '@/lib/runtime/gate-tool-call';

type LiveTurn = {
  clientId: string;
  controller: AbortController;
  approvals: Map<string, (decision: ApprovalDecision) => void>;
};

export type DeliverOutcome = 'delivered' | 'unknown-turn' | 'no-pending-approval';

/** In-memory registry of running turns, keyed by turn id. */
export function createTurnRegistry() {
  const turns = new Map<string, LiveTurn>();
  return {
    register(turnId: string, clientId: string, controller: AbortController): void {
      turns.set(turnId, { clientId, controller, approvals: new Map() });
    },
    unregister(turnId: string): void {
      turns.delete(turnId);
    },
    countForClient(clientId: string): number {
      return [...turns.values()].filter((turn) => turn.clientId === clientId).length;
    },
    awaitApproval(turnId: string, callId: string, signal: AbortSignal): Promise<ApprovalDecision> {
      return new Promise((resolve) => {
        const turn = turns.get(turnId);
        if (!turn) return resolve({ approved: false, reason: 'The turn is no longer running.' });
        turn.approvals.set(callId, resolve);
        signal.addEventListener('abort', () => turn.approvals.delete(callId), { once: true });
      });
    },
    deliverApproval(turnId: string, callId: string, decision: ApprovalDecision): DeliverOutcome {
      const turn = turns.get(turnId);
      if (!turn) return 'unknown-turn';
      const resolve = turn.approvals.get(callId);
      if (!resolve) return 'no-pending-approval';
      turn.approvals.delete(callId);
      resolve(decision);
      return 'delivered';
    },
    abort(turnId: string): boolean {
      const turn = turns.get(turnId);
      if (!turn) return false;
      turn.controller.abort('aborted by the user');
      return true;
    },
  };
}

export type TurnRegistry = ReturnType<typeof createTurnRegistry>;

const globalKey = Symbol.for('tool-runtime-playground.turn-registry');

/** One registry per server process, surviving hot reloads in development. */
export function getTurnRegistry(): TurnRegistry {
  const holder = globalThis as typeof globalThis & { [globalKey]?: TurnRegistry };
  holder[globalKey] ??= createTurnRegistry();
  return holder[globalKey];
}
