/**
 * Next.js calls this once when the server starts, before it serves requests: the sandbox workers
 * boot (and warm) and the session database opens now, so no visitor's request waits seconds for
 * either (opening the embedded PGlite database holds the thread for ~3 s).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getSandboxPool } = await import('@/lib/sandbox/pool/get-sandbox-pool');
  const { getSessionStore } = await import('@/lib/sessions/get-session-store');
  getSandboxPool();
  // A database that cannot open now is retried on first use and reported there.
  await getSessionStore().catch((error: unknown) => console.error('The session database did not open at start:', error));
}
