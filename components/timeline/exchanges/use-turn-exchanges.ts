'use client';

import { useCallback, useContext, useEffect, useState } from 'react';
import type { McpTape, TapeEntry, TurnExchanges } from '@/lib/contract';
import type { Result } from '@/lib/runtime';
import { ExchangesContext, type LoadExchanges } from './exchanges-context';

export type ExchangesLoad = { status: 'loading' } | { status: 'loaded'; exchanges: TapeEntry[]; mcp?: McpTape } | { status: 'failed'; error: string };

/** `final`: read after the turn ended, so the tape cannot grow any more. */
type CachedExchanges = { recorded: TurnExchanges; final: boolean };

// Per loader, so a page answering from its own record never sees the server's copy or another page's.
const caches = new WeakMap<LoadExchanges, Map<string, CachedExchanges>>();

function cacheFor(load: LoadExchanges): Map<string, CachedExchanges> {
  let cache = caches.get(load);
  if (!cache) {
    cache = new Map();
    caches.set(load, cache);
  }
  return cache;
}

export type UseTurnExchangesOptions = {
  turnId: string;
  /** Exchanges the events say exist by now; a cached copy with fewer is stale and read again. */
  expected: number;
  ended: boolean;
  /** Nothing is fetched until the inspector opens. */
  enabled: boolean;
};

/** A turn's raw exchanges, fetched when first needed and cached per turn; `reload` reads them again. */
export function useTurnExchanges(options: UseTurnExchangesOptions): { load: ExchangesLoad; reload: () => void } {
  const { turnId, expected, ended, enabled } = options;
  const load = useContext(ExchangesContext);
  const [attempt, setAttempt] = useState(0);
  const [fetched, setFetched] = useState<{ key: string; result: Result<TurnExchanges, string> } | undefined>(undefined);
  const entry = cacheFor(load).get(turnId);
  const cached = entry && (entry.final || entry.recorded.exchanges.length >= expected) ? entry.recorded : undefined;
  const key = `${turnId}\n${expected}\n${ended}\n${attempt}`;

  useEffect(() => {
    if (!enabled || cached) return;
    let current = true;
    void load(turnId)
      .catch((error: unknown) => ({ ok: false, error: error instanceof Error ? error.message : String(error) }) as const)
      .then((result) => {
        if (result.ok) cacheFor(load).set(turnId, { recorded: result.value, final: ended });
        if (current) setFetched({ key, result });
      });
    return () => {
      current = false;
    };
  }, [enabled, cached, load, turnId, ended, key]);

  const reload = useCallback(() => {
    cacheFor(load).delete(turnId);
    setAttempt((value) => value + 1);
  }, [load, turnId]);

  if (cached) return { load: loaded(cached), reload };
  if (fetched?.key !== key) return { load: { status: 'loading' }, reload };
  return { load: fetched.result.ok ? loaded(fetched.result.value) : { status: 'failed', error: fetched.result.error }, reload };
}

function loaded(recorded: TurnExchanges): ExchangesLoad {
  return { status: 'loaded', exchanges: recorded.exchanges, ...(recorded.mcp ? { mcp: recorded.mcp } : {}) };
}
