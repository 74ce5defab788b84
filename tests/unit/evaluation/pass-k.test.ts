import { describe, expect, it } from 'vitest';
import { passAtK, passHatK, passHatKCurve } from '@/lib/evaluation';

describe('pass^k and pass@k', () => {
  it('pass^k is C(c,k)/C(n,k): all k tries drawn from the runs pass', () => {
    expect(passHatK({ runs: 10, passed: 8, k: 1 })).toBeCloseTo(0.8, 12);
    expect(passHatK({ runs: 10, passed: 8, k: 2 })).toBeCloseTo(28 / 45, 12);
    expect(passHatK({ runs: 10, passed: 8, k: 3 })).toBeCloseTo(56 / 120, 12);
    expect(passHatK({ runs: 10, passed: 8, k: 8 })).toBeCloseTo(1 / 45, 12);
    expect(passHatK({ runs: 10, passed: 8, k: 9 })).toBe(0);
  });

  it('pass@k is 1 − C(n−c,k)/C(n,k): at least one of k tries passes', () => {
    expect(passAtK({ runs: 10, passed: 8, k: 1 })).toBeCloseTo(0.8, 12);
    expect(passAtK({ runs: 10, passed: 8, k: 2 })).toBeCloseTo(44 / 45, 12);
    expect(passAtK({ runs: 10, passed: 8, k: 3 })).toBe(1);
    expect(passAtK({ runs: 20, passed: 1, k: 5 })).toBeCloseTo(5 / 20, 12);
  });

  it('every run passing or none gives 1 and 0 at every k', () => {
    expect(passHatKCurve(5, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(passHatKCurve(4, 0)).toEqual([0, 0, 0, 0]);
    expect(passAtK({ runs: 4, passed: 0, k: 4 })).toBe(0);
  });

  it('the curve runs k = 1…n and never rises', () => {
    const curve = passHatKCurve(100, 90);
    expect(curve).toHaveLength(100);
    expect(curve[0]).toBeCloseTo(0.9, 12);
    expect(curve[1]).toBeCloseTo((90 * 89) / (100 * 99), 12);
    expect(curve.every((value, index) => index === 0 || value <= (curve[index - 1] ?? 1))).toBe(true);
    expect(curve[90]).toBe(0);
  });

  it('refuses counts that cannot be', () => {
    expect(() => passHatK({ runs: 3, passed: 4, k: 1 })).toThrow('0 ≤ passed ≤ runs');
    expect(() => passAtK({ runs: 3, passed: 1, k: 4 })).toThrow('1 ≤ k ≤ runs');
    expect(() => passHatK({ runs: 3, passed: 1.5, k: 1 })).toThrow(RangeError);
  });
});
