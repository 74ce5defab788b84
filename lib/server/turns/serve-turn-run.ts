// Server-only: a registered run of the runtime (a model turn, a direct call) served as its event feed.
import { TURN_LIMITS } from '@/lib/contract';
import type { RuntimeEvent } from '@/lib/runtime';
import { createTurnEventFeed, type TurnEventFeed } from './create-turn-event-feed';
import { createTurnWaitBudget, type TurnWaitBudget } from './create-turn-wait-budget';
import type { OpeningTurnSandbox } from './open-turn-sandbox';
import { getTurnRegistry, type LiveTurnExtras } from './registry/turn-registry';

/** What a run is given: where its events go, its abort signal, and its wait budget. */
export type TurnRunContext = {
  send: (event: RuntimeEvent) => void;
  /** Aborted when the reader goes away, a budget runs out, or the run is stopped. */
  signal: AbortSignal;
  /** Everything the run waits on (a tool, a person) goes through it; disposed however the run ends. */
  waits: TurnWaitBudget;
};

export type ServeTurnRunOptions<T> = {
  turnId: string;
  /** Whom the run counts against, as its registry entry says. */
  clientId: string;
  /** Names the run in the reason it is stopped with when its wait budget is spent. */
  kind: 'turn' | 'call';
  sandbox: OpeningTurnSandbox;
  /** Events the run may stream; `TURN_LIMITS.eventsPerTurn` unless given. */
  maxEvents?: number;
  /** What the registry keeps of the run for others to read (a turn's tape, for a fork). */
  extras?: LiveTurnExtras;
  /** Runs the runtime, every event through `send`. */
  run: (context: TurnRunContext) => Promise<T>;
  /** After the run and its wait budget are over, with what it returned and every event it sent. */
  afterRun?: (result: T, sent: readonly RuntimeEvent[]) => Promise<void>;
};

/**
 * Registers the run (so Approve/Deny, typed outputs and abort reach it by turn id), starts it at
 * once under the events-per-turn and wall budgets, and answers with its control token and feed.
 * When the run is over, however it ended, it is unregistered and its sandbox disposed.
 */
export function serveTurnRun<T>(options: ServeTurnRunOptions<T>): { controlToken: string; events: TurnEventFeed } {
  const { turnId, sandbox } = options;
  const registry = getTurnRegistry();
  const controller = new AbortController();
  const controlToken = registry.register(turnId, options.clientId, controller, options.extras);
  const events = createTurnEventFeed({
    turnId,
    controller,
    maxEvents: options.maxEvents ?? TURN_LIMITS.eventsPerTurn,
    wallMs: TURN_LIMITS.wallMs,
    onClose: () => {
      registry.unregister(turnId);
      sandbox.dispose();
    },
    run: async ({ send, sent, stop }) => {
      // A sleeping tool or an unanswered approval holds the slot no longer than the run's wait budget.
      const waits = createTurnWaitBudget({ registry, turnId, kind: options.kind, stop });
      const result = await options.run({ send, signal: controller.signal, waits }).finally(() => waits.dispose());
      await options.afterRun?.(result, sent);
    },
  });
  return { controlToken, events };
}
