import Link from 'next/link';

/** Above a fork: where it came from, and that the original stays as it was. */
export function ForkedSessionNotice({ sessionId }: { sessionId: string }) {
  return (
    <p data-testid="forked-session-notice" className="shrink-0 border-b border-border bg-panel-muted px-4 py-1.5 text-[11px] text-fg-muted">
      Fork of shared session{' '}
      <Link href={`/s/${sessionId}`} className="font-mono text-accent hover:underline">
        {sessionId}
      </Link>{' '}
      — an editable copy; the original link is unchanged. Run, then Share for a link to this version.
    </p>
  );
}
