/** Next.js calls this once when the server starts: the sandbox workers boot (and warm) before the first visitor. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getSandboxPool } = await import('@/lib/sandbox/pool/get-sandbox-pool');
  getSandboxPool();
}
