'use client';

import { createContext } from 'react';
import type { McpTape, TapeEntry, TurnExchanges } from '@/lib/contract';
import type { Result } from '@/lib/runtime';

/** Where the inspector gets a turn's raw exchanges; the error is a sentence to show. */
export type LoadExchanges = (turnId: string) => Promise<Result<TurnExchanges, string>>;

// The answer's schema (Zod) loads with the first inspected exchange, not with the page.
const loadFromServer: LoadExchanges = (turnId) => import('@/lib/client/api').then((loaded) => loaded.fetchExchanges(turnId));

/**
 * The source of raw exchanges for the timeline's inspector: the server's
 * `GET /api/turns/<turnId>/exchanges` unless a page provides another, e.g. a shared session
 * answering from the tapes in its record. Keep a provided value stable (module scope or
 * `useCallback`): loaded exchanges are cached per loader.
 */
export const ExchangesContext = createContext<LoadExchanges>(loadFromServer);

/**
 * A loader answering from tapes already at hand (a shared session's record), for pages that
 * have them; create it once per record (`useMemo`) so its cache lasts.
 */
export function createTapeExchangesLoader(turns: readonly { turnId: string; tape: TapeEntry[]; mcp?: McpTape }[]): LoadExchanges {
  const tapes = new Map(turns.map((turn): [string, TurnExchanges] => [turn.turnId, { exchanges: turn.tape, ...(turn.mcp ? { mcp: turn.mcp } : {}) }]));
  return async (turnId) => {
    const recorded = tapes.get(turnId);
    return recorded ? { ok: true, value: recorded } : { ok: false, error: `This session holds no turn ${turnId}.` };
  };
}
