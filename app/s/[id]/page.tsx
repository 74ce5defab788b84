import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SharedSessionPlayground } from '@/components/session/shared-session-playground';
import { SessionUnavailable } from '@/components/session/session-unavailable';
import { withSessionStore } from '@/lib/sessions/get-session-store';
import { describeSessionPreview } from '@/lib/sessions/describe-session-preview';
import { migrateSessionRecord } from '@/lib/sessions/session-record';
import { readCompactSession } from '@/lib/sessions/read-compact-session';

export const dynamic = 'force-dynamic';

type SharedSessionPageProps = { params: Promise<{ id: string }> };

/** One read per request, shared by the page and its metadata. */
const readSession = cache((id: string) => withSessionStore((store) => readCompactSession(id, store)));

/** The link preview: Open Graph title and description from the session itself (the image is the site's). */
export async function generateMetadata({ params }: SharedSessionPageProps): Promise<Metadata> {
  const { id } = await params;
  const result = await readSession(id);
  const expanded = result.ok ? migrateSessionRecord(result.value) : null;
  if (!expanded?.ok) return { title: 'Shared session · Tool Runtime Playground' };
  const { title, description } = describeSessionPreview(expanded.value);
  return { title, description, openGraph: { type: 'article', title, description }, twitter: { card: 'summary_large_image', title, description } };
}

/** A shared session: the playground as recorded, its timeline rendered from the stored events. */
export default async function SharedSessionPage({ params }: SharedSessionPageProps) {
  const { id } = await params;
  const result = await readSession(id);
  if (!result.ok) {
    if (result.error.code === 'not-found' || result.error.code === 'invalid') notFound();
    return <SessionUnavailable title="This session cannot be opened right now" message={result.error.message} />;
  }
  return <SharedSessionPlayground record={result.value} />;
}
