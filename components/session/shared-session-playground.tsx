'use client';

import { useMemo } from 'react';
import { Playground } from '@/components/playground/playground';
import type { StoredSessionRecord } from '@/lib/sessions/compact-session-record';
import { migrateSessionRecord } from '@/lib/sessions/session-record';
import { SessionUnavailable } from './session-unavailable';

export type SharedSessionPlaygroundProps = { record: StoredSessionRecord };

/**
 * `/s/<id>`: the page hands over the record as stored, each module text once, and it is expanded
 * here, so a ten-turn session on a large module reaches the browser at its stored size.
 */
export function SharedSessionPlayground({ record }: SharedSessionPlaygroundProps) {
  const expanded = useMemo(() => migrateSessionRecord(record), [record]);
  if (!expanded.ok) return <SessionUnavailable title="This session cannot be opened" message={expanded.error} />;
  return <Playground presets={[]} shared={expanded.value} />;
}
