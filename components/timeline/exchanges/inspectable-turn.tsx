'use client';

import { createContext, useMemo, type ReactNode } from 'react';
import type { TimelineState } from '@/lib/runtime';
import { describeInspectedTurn, type InspectedTurn } from './match-exchange';

/** The turn the rows below belong to; without it a request row offers no inspector. */
export const InspectedTurnContext = createContext<InspectedTurn | undefined>(undefined);

/** Lets the model-request rows of one turn's timeline open that turn's raw exchanges. */
export function InspectableTurn({ state, children }: { state: TimelineState; children: ReactNode }) {
  const turn = useMemo(() => describeInspectedTurn(state), [state]);
  return <InspectedTurnContext value={turn}>{children}</InspectedTurnContext>;
}
