// Server-only: the wait budget of one running turn or direct call, told to its registry.
import type { OpenTurnTools, Tool } from '@/lib/runtime';
import { createWaitBudget, type WaitBudget } from './create-wait-budget';
import type { TurnRegistry } from './registry/turn-registry';
import { TURN_LIMITS } from '@/lib/contract';

export type TurnWaitBudget = WaitBudget & {
  /** The module's tools, each execution counted as waiting (a sleeping tool holds its slot as surely as a person). */
  openTools(open: OpenTurnTools): ReturnType<OpenTurnTools>;
};

/**
 * `TURN_LIMITS.waitMs` for a run in the registry (`kind` names it in the reason it is stopped
 * with): the run can be stopped with a reason from now on, and says when it starts and stops
 * waiting, so a waiting run may give its slot up to another address when the server is full.
 */
export function createTurnWaitBudget(options: { registry: TurnRegistry; turnId: string; kind: 'turn' | 'call'; stop: (reason: string) => void; budgetMs?: number }): TurnWaitBudget {
  const { registry, turnId, kind, stop } = options;
  const budgetMs = options.budgetMs ?? TURN_LIMITS.waitMs;
  registry.setStop(turnId, stop);
  const waits = createWaitBudget({
    budgetMs,
    onSpent: () =>
      stop(
        kind === 'turn'
          ? `The turn waited ${budgetMs / 1000} s in all on its tool calls and on people, the most a turn may, and was stopped.`
          : `The call waited ${budgetMs / 1000} s in all on its tool and on people, the most a call may, and was stopped.`,
      ),
    onWaitingChange: (waiting) => registry.noteWaiting(turnId, waiting),
  });
  return {
    ...waits,
    async openTools(open) {
      const opened = await open();
      if (!opened.ok) return opened;
      return { ok: true, value: opened.value.map((tool): Tool => ({ ...tool, execute: (args, context) => waits.during(() => tool.execute(args, context)) })) };
    },
  };
}
