import { describe, expect, it } from 'vitest';
import { isWorkerStuck } from '@/lib/sandbox/pool/is-worker-stuck';

describe('isWorkerStuck', () => {
  it('is stuck when silent past its allowance while running all along', () => {
    expect(isWorkerStuck({ silentForMs: 4_000, ranForMs: 3_900, allowedMs: 3_500 })).toBe(true);
  });
  it('is not stuck while within its allowance', () => {
    expect(isWorkerStuck({ silentForMs: 3_000, ranForMs: 3_000, allowedMs: 3_500 })).toBe(false);
  });
  it('is waiting, not stuck, when it ran less than its allowance in that silence', () => {
    expect(isWorkerStuck({ silentForMs: 9_000, ranForMs: 800, allowedMs: 3_500 })).toBe(false);
  });
  it('goes by silence alone where CPU time cannot be read', () => {
    expect(isWorkerStuck({ silentForMs: 4_000, ranForMs: Number.POSITIVE_INFINITY, allowedMs: 3_500 })).toBe(true);
  });
});
