import Link from 'next/link';

export type SessionUnavailableProps = { title: string; message: string };

/** A whole page for a session link that shows nothing: why, and the way back. */
export function SessionUnavailable({ title, message }: SessionUnavailableProps) {
  return (
    <main data-testid="session-unavailable" className="grid min-h-dvh place-items-center bg-bg p-6">
      <div className="max-w-md space-y-3 rounded-xl border border-border bg-panel p-6 shadow-sm">
        <h1 className="text-base font-semibold">{title}</h1>
        <p className="text-sm leading-relaxed text-fg-muted">{message}</p>
        <Link href="/" className="inline-block rounded-md bg-accent px-3 py-1.5 text-xs font-semibold text-accent-fg hover:opacity-90">
          Open the playground
        </Link>
      </div>
    </main>
  );
}
