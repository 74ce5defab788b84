import { describe, expect, it } from 'vitest';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { warmTurnPath } from '@/lib/server/turns/warm-turn-path';

describe('warmTurnPath', () => {
  it('runs its turns to completion through the real path and leaves none running', { timeout: 60_000 }, async () => {
    const before = getTurnRegistry().countAll();
    expect(await warmTurnPath({ turns: 3, concurrency: 2 })).toEqual([]);
    expect(getTurnRegistry().countAll()).toBe(before);
  });
});
