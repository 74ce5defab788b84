'use client';

import { useEffect, useState } from 'react';
import { SessionUnavailable } from '@/components/session/session-unavailable';
import { fetchSession, type SessionApiError } from '@/lib/sessions';
import type { SessionRecord } from '@/lib/sessions';
import { Playground } from './playground';

export type SharedSessionPlaygroundProps = { id: string };

type Loading = { kind: 'loading' } | { kind: 'loaded'; record: SessionRecord } | { kind: 'failed'; error: SessionApiError };

/**
 * `/s/<id>`: the server sends the page without the record (its cost would be the record's), and
 * the record is fetched here, as stored, and read without being checked again: the server checked
 * it once, when it was written.
 */
export function SharedSessionPlayground({ id }: SharedSessionPlaygroundProps) {
  const [loading, setLoading] = useState<Loading>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    void fetchSession(id).then((result) => {
      if (current) setLoading(result.ok ? { kind: 'loaded', record: result.value } : { kind: 'failed', error: result.error });
    });
    return () => {
      current = false;
    };
  }, [id]);
  switch (loading.kind) {
    case 'loading':
      return (
        <main data-testid="session-loading" className="grid min-h-dvh place-items-center bg-bg p-6 text-sm text-fg-muted" aria-busy="true">
          Opening the shared session…
        </main>
      );
    case 'failed':
      return <SessionUnavailable title={loading.error.status === 429 ? 'Too many sessions opened' : 'This session cannot be opened'} message={loading.error.message} />;
    case 'loaded':
      return <Playground presets={[]} shared={loading.record} />;
  }
}
