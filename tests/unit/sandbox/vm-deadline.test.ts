import { describe, expect, it } from 'vitest';
import { armVmDeadline, isVmDue, nextCheckAt } from '@/lib/sandbox/quickjs/vm-deadline';

const NEVER = Number.POSITIVE_INFINITY;

describe('isVmDue', () => {
  it('is due when the thread ran the whole time since its CPU budget was armed', () => {
    const deadline = armVmDeadline({ cpuEndsAt: 1_100, wallEndsAt: NEVER }, 1_000, 50);
    expect(nextCheckAt(deadline)).toBe(1_100);
    expect(isVmDue(deadline, 1_101, 151)).toBe(true);
  });

  it('moves the end of the CPU budget by the time the thread waited for a core', () => {
    // Armed with 100 ms to go; 150 ms later the thread had run only 40 ms of them.
    const deadline = armVmDeadline({ cpuEndsAt: 1_100, wallEndsAt: NEVER }, 1_000, 50);
    expect(isVmDue(deadline, 1_150, 90)).toBe(false);
    expect(nextCheckAt(deadline)).toBe(1_210);
    // Then it runs the 60 ms it has left without waiting: due.
    expect(isVmDue(deadline, 1_211, 151)).toBe(true);
  });

  it('ignores a difference within the clocks\' granularity', () => {
    const deadline = armVmDeadline({ cpuEndsAt: 1_100, wallEndsAt: NEVER }, 1_000, 0);
    expect(isVmDue(deadline, 1_101, 85)).toBe(true);
  });

  it('stays due when even the moved end has passed', () => {
    // 500 ms later: 300 ms waited, 200 ms ran, which is past the 100 ms it had.
    const deadline = armVmDeadline({ cpuEndsAt: 1_100, wallEndsAt: NEVER }, 1_000, 0);
    expect(isVmDue(deadline, 1_500, 200)).toBe(true);
  });

  it('never moves a wall deadline: a call past it is due however little it ran', () => {
    const deadline = armVmDeadline({ cpuEndsAt: 3_000, wallEndsAt: 1_200 }, 1_000, 0);
    expect(nextCheckAt(deadline)).toBe(1_200);
    expect(isVmDue(deadline, 1_201, 10)).toBe(true);
  });

  it('checks the moved CPU end no later than the wall deadline', () => {
    const deadline = armVmDeadline({ cpuEndsAt: 1_100, wallEndsAt: 1_300 }, 1_000, 0);
    expect(isVmDue(deadline, 1_150, 20)).toBe(false);
    expect(nextCheckAt(deadline)).toBe(1_230);
    // 81 ms more, of which it ran 20: the CPU end moves to 1,291; the wall deadline still comes at 1,300.
    expect(isVmDue(deadline, 1_231, 40)).toBe(false);
    expect(nextCheckAt(deadline)).toBe(1_291);
    expect(isVmDue(deadline, 1_301, 45)).toBe(true);
  });
});
