import { describe, expect, it } from 'vitest';
import { readNumber } from '@/components/ui/number-field';

describe('readNumber', () => {
  it('reads an empty or unreadable text as no number', () => {
    expect(readNumber('', {})).toBeUndefined();
    expect(readNumber('   ', { min: 0 })).toBeUndefined();
    expect(readNumber('e', {})).toBeUndefined();
  });

  it('clamps to the bounds and truncates integers', () => {
    expect(readNumber('3.7', { min: 0, max: 2 })).toBe(2);
    expect(readNumber('-1', { min: 0, max: 2 })).toBe(0);
    expect(readNumber('0.3', { min: 0, max: 2 })).toBe(0.3);
    expect(readNumber('12.9', { min: 1, integer: true })).toBe(12);
    expect(readNumber('0', { min: 1, max: 1_000_000, integer: true })).toBe(1);
    expect(readNumber('-42.5', { integer: true })).toBe(-42);
  });
});
