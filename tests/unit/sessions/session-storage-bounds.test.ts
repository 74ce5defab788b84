import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSessionBody } from '@/lib/sessions/store/read-stored-session';
import { readSessionStorageLimits, DEFAULT_SESSION_STORAGE_LIMITS } from '@/lib/sessions/store/session-storage-limits';
import type { SessionStore, StoredSessionRow } from '@/lib/sessions/store/session-store';
import { openTestStore, STORE_BACKENDS, type StoreBackend } from './session-fixtures';

const HOUR_MS = 60 * 60 * 1000;

/** A stored row of `bytes` bytes (the body's content does not matter to the sweep). */
function row(id: string, createdAt: number, bytes: number, owner?: string): StoredSessionRow {
  return { id, createdAt: new Date(createdAt).toISOString(), version: 5, body: '{}', bytes, title: id, description: '', ...(owner ? { owner } : {}) };
}

describe('session storage limits from the environment', () => {
  it('reads days and megabytes, and keeps the default for anything that is not a positive number', () => {
    expect(readSessionStorageLimits({ PLAYGROUND_SESSION_RETENTION_DAYS: '7', PLAYGROUND_SESSION_STORAGE_MB: '0.5', PLAYGROUND_SESSION_QUOTA_MB: 'lots' })).toEqual({
      retentionMs: 7 * 24 * HOUR_MS,
      maxBytes: 500_000,
      quotaBytesPerDay: DEFAULT_SESSION_STORAGE_LIMITS.quotaBytesPerDay,
    });
  });
});

describe.each(STORE_BACKENDS.filter((backend) => backend.available))('stored sessions have bounds, on $name', describeBounds);

function describeBounds({ open }: StoreBackend): void {
  let store: SessionStore;
  let time = Date.UTC(2026, 0, 10);
  beforeAll(async () => {
    ({ store } = await openTestStore(open, { now: () => time, storage: { retentionMs: 48 * HOUR_MS, maxBytes: 1000, quotaBytesPerDay: 700 } }));
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });

  it('keeps an address to its quota a day, and other addresses apart', async () => {
    expect(await store.createSession(row('QUOTAQUOTAQUOTAQUOTA01', time, 300, 'owner-a'))).toEqual({ kind: 'stored' });
    expect(await store.createSession(row('QUOTAQUOTAQUOTAQUOTA02', time, 300, 'owner-a'))).toEqual({ kind: 'stored' });
    expect(await store.createSession(row('QUOTAQUOTAQUOTAQUOTA03', time, 300, 'owner-a'))).toEqual({ kind: 'over-quota', usedBytes: 600, quotaBytes: 700 });
    expect(await store.createSession(row('QUOTAQUOTAQUOTAQUOTA04', time + 1, 300, 'owner-b'))).toEqual({ kind: 'stored' });
  });

  it('evicts the least recently opened sessions past the budget, and sessions unopened past the retention', async () => {
    // 900 bytes are stored (three rows above); one more of 300 passes the budget of 1,000.
    time += HOUR_MS * 2;
    expect((await readSessionBody('QUOTAQUOTAQUOTAQUOTA01', store)).ok, 'opened now, so kept').toBe(true);
    time += HOUR_MS;
    expect(await store.createSession(row('EVICTEVICTEVICTEVICT01', time, 300))).toEqual({ kind: 'stored' });
    const kept = await Promise.all(['QUOTAQUOTAQUOTAQUOTA01', 'QUOTAQUOTAQUOTAQUOTA02', 'QUOTAQUOTAQUOTAQUOTA04', 'EVICTEVICTEVICTEVICT01'].map(async (id) => (await readSessionBody(id, store)).ok));
    // The two never opened since they were written are the least recently opened: the earlier written goes.
    expect(kept).toEqual([true, false, true, true]);
    time += 49 * HOUR_MS;
    expect(await store.createSession(row('EVICTEVICTEVICTEVICT02', time, 10))).toEqual({ kind: 'stored' });
    expect((await readSessionBody('QUOTAQUOTAQUOTAQUOTA04', store)).ok, 'unopened for 49 hours').toBe(false);
    expect((await readSessionBody('EVICTEVICTEVICTEVICT02', store)).ok).toBe(true);
  });
}

describe.each(STORE_BACKENDS.filter((backend) => backend.available))('the quota holds against simultaneous writes, on $name', ({ open }) => {
  it('stores no more than the quota when one address writes many sessions at once', async () => {
    const time = Date.UTC(2026, 0, 10);
    const { store, client } = await openTestStore(open, { now: () => time, storage: { retentionMs: 48 * HOUR_MS, maxBytes: 1_000_000, quotaBytesPerDay: 700 } });
    try {
      const ids = Array.from({ length: 24 }, (_, index) => `RACERACERACERACERAC${String(index).padStart(3, '0')}`);
      const outcomes = await Promise.all(ids.map((id) => store.createSession(row(id, time, 100, 'owner-racing'))));
      expect(outcomes.filter((outcome) => outcome.kind === 'stored')).toHaveLength(7);
      expect(outcomes.filter((outcome) => outcome.kind === 'over-quota')).toHaveLength(17);
      const used = await client.query<{ used: string | number }>("SELECT sum(bytes) AS used FROM sessions WHERE owner = 'owner-racing'");
      expect(Number(used[0]?.used)).toBe(700);
    } finally {
      await store.close();
    }
  }, 60_000);
});
