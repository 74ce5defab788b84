import { describe, expect, it } from 'vitest';
import { createTurnStepGate, waitForTurnStep } from '@/lib/server/turns/wait-for-turn-step';

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

describe('createTurnStepGate', () => {
  const options = { stepsPerLoopTurn: 2, admissionQuietMs: 10, maxHoldMs: 50 };
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  it('holds steps while turns are being admitted, and lets them through once admissions pause', async () => {
    const gate = createTurnStepGate({ ...options, now: () => performance.now() });
    gate.noteAdmission();
    let released = false;
    const step = gate.wait().then(() => {
      released = true;
    });
    await nextLoopTurn();
    expect(released).toBe(false);
    await step;
    expect(released).toBe(true);
  });

  it('holds them at most maxHoldMs however steadily turns keep arriving', async () => {
    let clock = 0;
    const gate = createTurnStepGate({ ...options, now: () => clock });
    gate.noteAdmission();
    const admitEvery5 = setInterval(() => {
      clock += 5;
      gate.noteAdmission();
    }, 1);
    let released = false;
    const step = gate.wait().then(() => {
      released = true;
    });
    while (!released && clock < 1_000) await pause(1);
    clearInterval(admitEvery5);
    await step;
    // Admissions never paused for 10 ms, yet the step went through once 50 ms of holding had passed.
    expect(clock).toBeGreaterThanOrEqual(50);
    expect(clock).toBeLessThan(150);
  });

  it('does not hold steps when no turn was admitted lately', async () => {
    const gate = createTurnStepGate({ ...options, now: () => performance.now() });
    const released: number[] = [];
    const steps = [0, 1, 2].map((index) => gate.wait().then(() => released.push(index)));
    await nextLoopTurn();
    expect(released).toEqual([0, 1]);
    await Promise.all(steps);
  });
});
