/**
 * Next.js calls this once when the server starts, before it serves requests: the sandbox workers
 * boot (and warm) and the session database opens now, so no visitor's request waits seconds for
 * either (opening the embedded PGlite database holds the thread for ~3 s), and a few throwaway
 * turns run the turn path once before visitors do. It also hands the turn and evaluation
 * streams' handlers to `server.mjs`, which serves them without Next's routing in between.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getSandboxPool } = await import('@/lib/sandbox/pool/get-sandbox-pool');
  const { getSessionStore } = await import('@/lib/server/sessions');
  const { registerDirectRoutes } = await import('@/lib/server/http');
  const { registerServerLimits } = await import('@/lib/server/http');
  registerServerLimits();
  const { registerRequestBodyGate } = await import('@/lib/server/http');
  registerRequestBodyGate();
  const [{ serveTurnRequest }, toolCall, compile, evaluations] = await Promise.all([
    import('@/lib/server/turns'),
    import('@/app/api/tools/call/route'),
    import('@/app/api/tools/compile/route'),
    import('@/app/api/evaluations/route'),
  ]);
  // An evaluation's stream too: served here, a client that goes away cancels it at once (Stop).
  registerDirectRoutes({
    'POST /api/turns': { node: serveTurnRequest },
    'POST /api/tools/call': toolCall.POST,
    'POST /api/tools/compile': compile.POST,
    'POST /api/evaluations': evaluations.POST,
  });
  getSandboxPool();
  // A database that cannot open now is retried on first use and reported there.
  await getSessionStore().catch((error: unknown) => console.error('The session database did not open at start:', error));
  // The first visitors' turns should not be the ones that run the turn path's code cold.
  const { warmTurnPath } = await import('@/lib/server/turns');
  const problems = await warmTurnPath({ turns: 16, concurrency: 8 });
  if (problems.length > 0) console.warn(`Warming the turn path at start: ${problems[0]}`);
}
