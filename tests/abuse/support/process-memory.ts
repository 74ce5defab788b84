import { readdir, readFile } from 'node:fs/promises';

/** Resident memory of every process in the server's process group, in bytes (Linux /proc). */
export async function readGroupRss(groupId: number): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesized command: state, ppid, pgrp, …
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      const status = await readFile(`/proc/${entry}/status`, 'utf8');
      const kilobytes = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
      total += kilobytes * 1024;
    } catch {
      // The process ended between readdir and read: it holds no memory any more.
    }
  }
  return total;
}

/** Samples `readGroupRss` every 100 ms while `during` runs; the highest value seen. */
export async function samplePeakRss(groupId: number, during: Promise<unknown>): Promise<number> {
  let running = true;
  const settled = Promise.allSettled([during]).then(() => {
    running = false;
  });
  let peak = await readGroupRss(groupId);
  while (running) {
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 100))]);
    peak = Math.max(peak, await readGroupRss(groupId));
  }
  return peak;
}
