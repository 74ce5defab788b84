import { describe, expect, it } from 'vitest';
import { waitForTurnStep } from '@/lib/server/wait-for-turn-step';

const nextLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('waitForTurnStep', () => {
  it('lets waiting steps through in arrival order, two per turn of the event loop', async () => {
    const released: number[] = [];
    const all = Array.from({ length: 5 }, (_, index) => waitForTurnStep().then(() => released.push(index)));
    expect(released).toEqual([]);
    await nextLoopTurn();
    expect(released).toEqual([0, 1]);
    await nextLoopTurn();
    expect(released).toEqual([0, 1, 2, 3]);
    await Promise.all(all);
    expect(released).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts again for steps that arrive after the queue ran dry', async () => {
    await waitForTurnStep();
    let done = false;
    const later = waitForTurnStep().then(() => {
      done = true;
    });
    await nextLoopTurn();
    await later;
    expect(done).toBe(true);
  });
});
