import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '@/lib/server/evaluations/create-group-commit';

describe('createGroupCommit', () => {
  it('flushes a lone item at once and the items that arrive meanwhile together in the next batch, each answered in order', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const add = createGroupCommit<number, string>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => `stored ${item}`);
    });
    const first = add(1);
    const rest = [add(2), add(3), add(4)];
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe('stored 1');
    expect(await Promise.all(rest)).toEqual(['stored 2', 'stored 3', 'stored 4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects every item of a batch whose flush throws, and flushes later items again', async () => {
    let fail = true;
    const add = createGroupCommit<number, number>(async (items) => {
      if (fail) throw new Error('database down');
      return items;
    });
    await expect(add(1)).rejects.toThrow('database down');
    fail = false;
    expect(await add(2)).toBe(2);
  });

  it('rejects items a flush answered no result for', async () => {
    const add = createGroupCommit<number, number>(async () => []);
    await expect(add(1)).rejects.toThrow('A batch of 1 was answered with 0 results.');
  });
});
