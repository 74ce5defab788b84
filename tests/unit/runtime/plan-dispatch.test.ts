import { describe, expect, it } from 'vitest';
import { planDispatch } from '@/lib/runtime';

const p = (id: string) => ({ callId: id, mode: 'parallel' as const });
const s = (id: string) => ({ callId: id, mode: 'sequential' as const });

describe('planDispatch', () => {
  it('groups consecutive parallel calls and isolates each sequential call', () => {
    expect(planDispatch([p('a'), p('b'), s('w'), p('c'), s('x'), s('y'), p('d')])).toEqual([
      { mode: 'parallel', callIds: ['a', 'b'] },
      { mode: 'sequential', callIds: ['w'] },
      { mode: 'parallel', callIds: ['c'] },
      { mode: 'sequential', callIds: ['x'] },
      { mode: 'sequential', callIds: ['y'] },
      { mode: 'parallel', callIds: ['d'] },
    ]);
  });

  it('keeps model order and returns nothing for no calls', () => {
    expect(planDispatch([])).toEqual([]);
    expect(planDispatch([p('3'), p('1'), p('2')]).flatMap((batch) => batch.callIds)).toEqual(['3', '1', '2']);
  });
});
