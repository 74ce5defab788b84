import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SharedSessionPlayground } from '@/components/playground';
import { SessionUnavailable } from '@/components/session/session-unavailable';
import { readClientAddress } from '@/lib/server/http';
import { takeRequestLimit } from '@/lib/server/admission';
import { withSessionStore } from '@/lib/server/sessions';
import { readSessionSummary } from '@/lib/sessions/store';

export const dynamic = 'force-dynamic';

type SharedSessionPageProps = { params: Promise<{ id: string }> };

/**
 * One read per request, shared by the page and its metadata: the view limit, then the title and
 * description stored with the session. The record itself is not read here (the browser fetches it).
 */
const readSession = cache(async (id: string) => {
  const address = readClientAddress(new Request('http://session.invalid/', { headers: await headers() }));
  const admitted = await takeRequestLimit('session-reads-per-address', address);
  if (!admitted.ok) return { ok: false as const, limited: admitted.error.message };
  return { ...(await withSessionStore((store) => readSessionSummary(id, store))), limited: undefined };
});

/** The link preview: Open Graph title and description, computed when the session was stored (the image is the site's). */
export async function generateMetadata({ params }: SharedSessionPageProps): Promise<Metadata> {
  const result = await readSession((await params).id);
  if (!result.ok) return { title: 'Shared session · Tool Runtime Playground' };
  const { title, description } = result.value;
  return { title, description, openGraph: { type: 'article', title, description }, twitter: { card: 'summary_large_image', title, description } };
}

/** A shared session: the playground as recorded, its timeline rendered from the stored events once the browser has them. */
export default async function SharedSessionPage({ params }: SharedSessionPageProps) {
  const { id } = await params;
  const result = await readSession(id);
  if (result.limited !== undefined) return <SessionUnavailable title="Too many sessions opened" message={result.limited} />;
  if (!result.ok) {
    if (result.error.code === 'not-found' || result.error.code === 'invalid') notFound();
    return <SessionUnavailable title="This session cannot be opened right now" message={result.error.message} />;
  }
  return <SharedSessionPlayground id={id} />;
}
