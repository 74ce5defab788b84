import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openThreadCpuClock, readOwnThreadId, readThreadCpuMs } from '@/lib/sandbox/thread-cpu-clock';

const onLinux = existsSync('/proc/thread-self');

describe.runIf(onLinux)('openThreadCpuClock (Linux)', () => {
  it('advances while the thread computes and stands still while it sleeps', async () => {
    const clock = openThreadCpuClock();
    expect(clock.measuresCpu).toBe(true);
    const spinStart = clock.now();
    const until = performance.now() + 150;
    while (performance.now() < until);
    const spun = clock.now() - spinStart;
    expect(spun).toBeGreaterThan(100);
    expect(spun).toBeLessThan(200);
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
