import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { readClientAddress } from '@/lib/server/http';
import { takeRequestLimit } from '@/lib/server/admission';
import { ComparisonView } from '@/components/session/comparison-view';
import { SessionUnavailable } from '@/components/session/session-unavailable';
import { compareStoredSessions } from '@/lib/replay/server';
import { getSandboxPool, createPooledSessionTextRunner } from '@/lib/sandbox/pool';
import { withSessionStore } from '@/lib/server/sessions';
import { readComparedSides } from '@/lib/replay';

export const dynamic = 'force-dynamic';

type ComparePageProps = { params: Promise<{ a: string; b: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: 'Compare runs · Tool Runtime Playground' };

/** `/compare/<a>/<b>[?turnA=&turnB=]`: two shared sessions lined up, opened on their first divergence. */
export default async function ComparePage({ params, searchParams }: ComparePageProps) {
  const { a, b } = await params;
  const query = await searchParams;
  const search = new URLSearchParams({ a, b });
  for (const name of ['turnA', 'turnB'] as const) {
    const value = query[name];
    if (typeof value === 'string') search.set(name, value);
  }
  // The same budget as GET /api/compare: a comparison runs on the HTTP thread.
  const address = readClientAddress(new Request('http://compare.invalid/', { headers: await headers() }));
  const admitted = await takeRequestLimit('compares-per-address', address);
  if (!admitted.ok) return <SessionUnavailable title="Too many comparisons" message={admitted.error.message} />;
  const sides = readComparedSides(search);
  if (!sides.ok) return <SessionUnavailable title="These runs cannot be compared" message={sides.error} />;
  const result = await withSessionStore((store) => compareStoredSessions(sides.value.a, sides.value.b, { store, run: createPooledSessionTextRunner(getSandboxPool()) }));
  if (!result.ok) return <SessionUnavailable title="These runs cannot be compared" message={result.error.message} />;
  const { comparison } = result.value;
  const side = (label: 'A' | 'B', entry: typeof result.value.a, turn: number | undefined) => (
    <li>
      <span className="font-semibold">{label}</span> ·{' '}
      <Link href={`/s/${entry.id}`} className="underline">
        /s/{entry.id}
      </Link>
      {entry.title ? ` · ${entry.title}` : ''} · {turn === undefined ? `${entry.turns} turn${entry.turns === 1 ? '' : 's'}` : `turn ${turn + 1}`} · recorded {entry.createdAt.slice(0, 16).replace('T', ' ')} UTC
    </li>
  );
  return (
    <main className="mx-auto max-w-5xl space-y-3 px-4 py-4">
      <header className="space-y-1">
        <h1 className="text-sm font-semibold">
          <Link href="/" className="text-fg-muted hover:text-fg">
            Tool Runtime Playground
          </Link>{' '}
          · Compare runs
        </h1>
        <ul className="text-xs">
          {side('A', result.value.a, sides.value.a.turn)}
          {side('B', result.value.b, sides.value.b.turn)}
        </ul>
      </header>
      <ComparisonView comparison={comparison} />
    </main>
  );
}
