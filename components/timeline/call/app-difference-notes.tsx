'use client';

import { createContext, useContext } from 'react';
import type { AppDifference } from '@/lib/sessions';

/** A session imported from an app's trace: the calls the runtime decided otherwise about than the app, by call id (empty elsewhere). */
export const AppDifferencesContext = createContext<ReadonlyMap<string, readonly AppDifference[]>>(new Map());

const LABELS: Record<AppDifference['kind'], string> = {
  'unknown-tool': 'Unknown tool here',
  'arguments-rejected': 'Rejected here',
  'arguments-repaired': 'Repaired here',
  'permission-ask': 'The gate asks here',
  'permission-deny': 'The gate denies here',
};

/** On a call of an imported trace: where the runtime decided otherwise than the app, and how. */
export function AppDifferenceNotes({ callId }: { callId: string }) {
  const differences = useContext(AppDifferencesContext).get(callId);
  if (!differences || differences.length === 0) return null;
  return (
    <ul
      data-testid="app-differences"
      className="space-y-0.5 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-[11px] leading-snug text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {differences.map((difference) => (
        <li key={difference.kind} data-kind={difference.kind} className="break-words">
          <span className="font-semibold">{LABELS[difference.kind]}, not in the app:</span> {difference.note}
        </li>
      ))}
    </ul>
  );
}
