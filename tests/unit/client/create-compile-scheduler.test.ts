import { describe, expect, it } from 'vitest';
import { createCompileScheduler, type SchedulerClock } from '@/lib/client/compile';

/** A clock whose timers run only when the test advances it. */
function createFakeClock(): SchedulerClock & { advance(ms: number): Promise<void> } {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer.id !== handle);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const due = timers[0];
        if (!due || due.at > end) break;
        timers.shift();
        now = due.at;
        due.run();
        // Let compile promises settle before the next timer.
        await Promise.resolve();
        await Promise.resolve();
      }
      now = end;
    },
  };
}

/** A compile that answers when the test says so, recording when each started. */
function createCompiles(clock: SchedulerClock) {
  const started: { source: string; at: number }[] = [];
  const answers: (() => void)[] = [];
  const compile = (source: string) => {
    started.push({ source, at: clock.now() });
    return new Promise<void>((resolve) => answers.push(resolve));
  };
  const answer = async () => {
    answers.shift()?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { started, compile, answer };
}

describe('createCompileScheduler', () => {
  it('compiles the first change after a pause at once', async () => {
    const clock = createFakeClock();
    const compiles = createCompiles(clock);
    const scheduler = createCompileScheduler({ compile: compiles.compile, debounceMs: 40, rate: { capacity: 1, refillIntervalMs: 100 }, clock });
    scheduler.update('a');
    await clock.advance(0);
    expect(compiles.started).toEqual([{ source: 'a', at: 0 }]);
    await compiles.answer();
    await clock.advance(300);
    scheduler.update('ab');
    await clock.advance(0);
    expect(compiles.started).toEqual([
      { source: 'a', at: 0 },
      { source: 'ab', at: 300 },
    ]);
  });

  it('holds changes in quick succession until typing pauses, then sends only the newest', async () => {
    const clock = createFakeClock();
    const compiles = createCompiles(clock);
    const scheduler = createCompileScheduler({ compile: compiles.compile, debounceMs: 40, rate: { capacity: 1, refillIntervalMs: 10 }, clock });
    scheduler.update('a');
    await clock.advance(0);
    await compiles.answer();
    await clock.advance(20);
    scheduler.update('ab');
    await clock.advance(30);
    scheduler.update('abc');
    await clock.advance(39);
    expect(compiles.started.map((start) => start.source)).toEqual(['a']);
    await clock.advance(1);
    expect(compiles.started).toEqual([
      { source: 'a', at: 0 },
      { source: 'abc', at: 90 },
    ]);
  });

  it('keeps the pending compile when the same text is reported twice (the editor, then React)', async () => {
    const clock = createFakeClock();
    const compiles = createCompiles(clock);
    const scheduler = createCompileScheduler({ compile: compiles.compile, debounceMs: 40, rate: { capacity: 1, refillIntervalMs: 100 }, clock });
    scheduler.update('a');
    scheduler.update('a');
    await clock.advance(0);
    expect(compiles.started).toEqual([{ source: 'a', at: 0 }]);
  });

  it('keeps one compile in flight; what was typed meanwhile goes when its answer is back', async () => {
    const clock = createFakeClock();
    const compiles = createCompiles(clock);
    const scheduler = createCompileScheduler({ compile: compiles.compile, debounceMs: 40, rate: { capacity: 1, refillIntervalMs: 100 }, clock });
    scheduler.update('a');
    await clock.advance(40);
    scheduler.update('ab');
    scheduler.update('abc');
    await clock.advance(500);
    expect(compiles.started.map((start) => start.source)).toEqual(['a']);
    await compiles.answer();
    await clock.advance(0);
    expect(compiles.started.map((start) => start.source)).toEqual(['a', 'abc']);
  });

  it('with a burst of one, starts compiles at least the refill interval apart, however fast the answers come', async () => {
    const clock = createFakeClock();
    const compiles = createCompiles(clock);
    const scheduler = createCompileScheduler({ compile: compiles.compile, debounceMs: 10, rate: { capacity: 1, refillIntervalMs: 100 }, clock });
    for (let key = 1; key <= 10; key += 1) {
      scheduler.update('x'.repeat(key));
      await clock.advance(30);
      await compiles.answer();
    }
    await clock.advance(200);
    const starts = compiles.started.map((start) => start.at);
    expect(starts.length).toBeGreaterThan(1);
    starts.slice(1).forEach((at, index) => expect(at - starts[index]!).toBeGreaterThanOrEqual(100));
    expect(compiles.started.at(-1)?.source).toBe('x'.repeat(10));
  });

  it('does not compile a text it already sent, and stops after dispose', async () => {
    const clock = createFakeClock();
    const compiles = createCompiles(clock);
    const scheduler = createCompileScheduler({ compile: compiles.compile, debounceMs: 40, rate: { capacity: 1, refillIntervalMs: 100 }, clock });
    scheduler.update('a');
    await clock.advance(40);
    await compiles.answer();
    scheduler.update('a');
    await clock.advance(200);
    expect(compiles.started).toHaveLength(1);
    // After a pause a change is sent from inside the update call itself.
    scheduler.update('ab');
    expect(compiles.started.map((start) => start.source)).toEqual(['a', 'ab']);
    await compiles.answer();
    await clock.advance(10);
    scheduler.update('abc');
    scheduler.dispose();
    await clock.advance(200);
    expect(compiles.started).toHaveLength(2);
  });

  it('starts compiles back to back while the burst lasts, then one per refill interval', async () => {
    const clock = createFakeClock();
    const compiles = createCompiles(clock);
    const scheduler = createCompileScheduler({ compile: compiles.compile, debounceMs: 40, rate: { capacity: 3, refillIntervalMs: 100 }, clock });
    // Keystrokes 50 ms apart, each answered at once: each is a first change after a pause.
    for (let key = 1; key <= 6; key += 1) {
      scheduler.update('y'.repeat(key));
      await compiles.answer();
      await clock.advance(50);
    }
    await clock.advance(500);
    const starts = compiles.started.map((start) => start.at);
    // Half a token comes back every 50 ms: the first five leave as they are typed, the last of them taking the last token.
    expect(starts.slice(0, 5)).toEqual([0, 50, 100, 150, 200]);
    // The sixth finds half a token and waits 50 ms for the rest.
    expect(starts[5]).toBe(300);
    expect(compiles.started.at(-1)?.source).toBe('yyyyyy');
  });
});
