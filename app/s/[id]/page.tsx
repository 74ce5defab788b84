import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Playground } from '@/components/playground/playground';
import { SessionUnavailable } from '@/components/session/session-unavailable';
import { withSessionStore } from '@/lib/sessions/get-session-store';
import { readStoredSession } from '@/lib/sessions/read-stored-session';

export const dynamic = 'force-dynamic';

type SharedSessionPageProps = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: 'Shared session · Tool Runtime Playground' };

/** A shared session: the playground as recorded, its timeline rendered from the stored events. */
export default async function SharedSessionPage({ params }: SharedSessionPageProps) {
  const { id } = await params;
  const result = await withSessionStore((store) => readStoredSession(id, store));
  if (!result.ok) {
    if (result.error.code === 'not-found' || result.error.code === 'invalid') notFound();
    return <SessionUnavailable title="This session cannot be opened right now" message={result.error.message} />;
  }
  return <Playground presets={[]} shared={result.value} />;
}
