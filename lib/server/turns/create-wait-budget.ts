// Server-only: how long a turn may wait on its tool calls and on people, in all.

export type WaitBudget = {
  /** Runs `work`, counting the time it takes as waiting (overlapping waits count once). */
  during<T>(work: () => Promise<T>): Promise<T>;
  dispose(): void;
};

/**
 * Adds up the time during which at least one of a turn's tool calls runs or a person is asked (a
 * sleeping tool, an approval, a typed output), and calls `onSpent` once when it passes `budgetMs`:
 * a turn that mostly waits cannot hold its slot for hours.
 */
export function createWaitBudget(options: { budgetMs: number; onSpent: () => void; now?: () => number; onWaitingChange?: (waiting: boolean) => void }): WaitBudget {
  const now = options.now ?? Date.now;
  let active = 0;
  let since = 0;
  let spent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const begin = () => {
    active += 1;
    if (active > 1 || disposed) return;
    options.onWaitingChange?.(true);
    since = now();
    timer = setTimeout(options.onSpent, Math.max(0, options.budgetMs - spent));
  };
  const end = () => {
    active -= 1;
    if (active > 0 || disposed) return;
    options.onWaitingChange?.(false);
    spent += now() - since;
    clearTimeout(timer);
  };
  return {
    async during(work) {
      begin();
      try {
        return await work();
      } finally {
        end();
      }
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}
