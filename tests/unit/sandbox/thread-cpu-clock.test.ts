import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openThreadCpuClock, readOwnThreadId, readThreadCpuMs } from '@/lib/sandbox/quickjs/thread-cpu-clock';

const onLinux = existsSync('/proc/thread-self');

describe.runIf(onLinux)('openThreadCpuClock (Linux)', () => {
  it('advances while the thread computes and stands still while it sleeps', async () => {
    const clock = openThreadCpuClock();
    expect(clock.measuresCpu).toBe(true);
    // Spin until the clock has counted 100 ms of this thread's CPU. On a loaded machine that takes
    // longer than 100 ms of wall time, never less: the clock counts CPU, which cannot outrun the wall.
    const spinStart = clock.now();
    const wallStart = performance.now();
    const giveUpAt = wallStart + 20_000;
    while (clock.now() - spinStart < 100 && performance.now() < giveUpAt);
    const spun = clock.now() - spinStart;
    const wall = performance.now() - wallStart;
    expect(spun).toBeGreaterThanOrEqual(100);
    expect(spun).toBeLessThanOrEqual(wall + 5);
    const sleepStart = clock.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(clock.now() - sleepStart).toBeLessThan(60);
  });

  it('reads the same thread from elsewhere by its id', () => {
    const threadId = readOwnThreadId();
    expect(threadId).toBeGreaterThan(0);
    const own = openThreadCpuClock().now();
    const read = readThreadCpuMs(threadId!);
    expect(read).toBeGreaterThanOrEqual(own);
    expect(read! - own).toBeLessThan(50);
    expect(readThreadCpuMs(2 ** 30)).toBeUndefined();
  });
});
