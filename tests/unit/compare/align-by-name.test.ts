import { describe, expect, it } from 'vitest';
import { alignByName } from '@/lib/compare/align-by-name';

describe('alignByName', () => {
  it('pairs equal names in order and leaves insertions and deletions in place', () => {
    expect(alignByName(['read', 'write', 'read'], ['read', 'search', 'read'])).toEqual([
      { a: 0, b: 0, moved: false },
      { a: 1 },
      { b: 1 },
      { a: 2, b: 2, moved: false },
    ]);
  });

  it('pairs names that came back in another order as moved', () => {
    expect(alignByName(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([
      { a: 0, b: 1, moved: false },
      { a: 1, b: 2, moved: false },
      { a: 2, b: 0, moved: true },
    ]);
  });

  it('pairs repeated names in order', () => {
    expect(alignByName(['get', 'get'], ['get', 'get', 'get'])).toEqual([
      { a: 0, b: 0, moved: false },
      { a: 1, b: 1, moved: false },
      { b: 2 },
    ]);
  });

  it('falls back to pairing names in order, in linear time, above the cell limit', () => {
    const a = Array.from({ length: 20_000 }, (_, index) => `tool_${index}`);
    const b = [...a.slice(0, 100), 'extra', ...a.slice(100, 19_000)];
    const started = performance.now();
    const rows = alignByName(a, b);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(rows).toHaveLength(20_001);
    expect(rows[100]).toEqual({ b: 100 });
    expect(rows[101]).toEqual({ a: 100, b: 101, moved: false });
    expect(rows.filter((row) => row.b === undefined)).toHaveLength(1_000);
    expect(alignByName(['a', 'b'], ['b', 'a'], 0)).toEqual([
      { a: 0, b: 1, moved: false },
      { a: 1, b: 0, moved: true },
    ]);
  });
});
