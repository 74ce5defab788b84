import { describe, expect, it } from 'vitest';
import { createEventBudget } from '@/lib/server/turns/create-event-budget';
import { createWaitBudget } from '@/lib/server/turns/create-wait-budget';
import type { RuntimeEvent } from '@/lib/runtime';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a turn\'s time budgets', () => {
  it('adds up waits (overlapping ones once) and says when they pass the budget, while a wait is still going on', async () => {
    let spentAt: number | undefined;
    const started = Date.now();
    const waits = createWaitBudget({ budgetMs: 120, onSpent: () => (spentAt = Date.now() - started) });
    await Promise.all([waits.during(() => pause(60)), waits.during(() => pause(60))]);
    expect(spentAt).toBeUndefined();
    await pause(100);
    expect(spentAt, 'time between waits is not waiting').toBeUndefined();
    await waits.during(() => pause(150));
    expect(spentAt).toBeDefined();
    waits.dispose();
  });

  it('says when a turn starts and stops waiting, overlapping waits as one', async () => {
    const changes: boolean[] = [];
    const waits = createWaitBudget({ budgetMs: 10_000, onSpent: () => undefined, onWaitingChange: (waiting) => changes.push(waiting) });
    await Promise.all([waits.during(() => pause(20)), waits.during(() => pause(40))]);
    await waits.during(() => pause(5));
    waits.dispose();
    expect(changes).toEqual([true, false, true, false]);
  });

  it('stops a turn for a budget: nothing more goes out but its turn-end, rewritten as an error naming the budget', () => {
    const written: RuntimeEvent[] = [];
    let aborted = 0;
    const budget = createEventBudget({ maxEvents: 100, onOverflow: () => (aborted += 1), write: (event) => written.push(event) });
    budget.send({ type: 'turn-start', turnId: 't', seq: 0, at: 0, mode: 'chat', model: 'm', permissionMode: 'auto', maxIterations: 1, userMessage: 'hi' });
    budget.stop('The turn ran for 600 s, the longest a turn may hold its slot, and was stopped.');
    budget.stop('a second reason is not kept');
    budget.send({ type: 'tools-assembled', turnId: 't', seq: 1, at: 1, tools: [] } as unknown as RuntimeEvent);
    budget.send({ type: 'turn-end', turnId: 't', seq: 2, at: 2, reason: 'aborted', iterations: 0 } as RuntimeEvent);
    expect(aborted).toBe(1);
    expect(written.map((event) => event.type)).toEqual(['turn-start', 'turn-end']);
    expect(written[1]).toMatchObject({ seq: 1, reason: 'error', error: 'The turn ran for 600 s, the longest a turn may hold its slot, and was stopped.' });
  });
});
