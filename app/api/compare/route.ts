import { readClientAddress, respondTooManyRequests, respondWithSessionResult } from '@/lib/server/http';
import { takeRequestLimit } from '@/lib/server/admission';
import { compareStoredSessions } from '@/lib/replay/server';
import { getSandboxPool, createPooledSessionTextRunner } from '@/lib/sandbox/pool';
import { withSessionStore } from '@/lib/server/sessions';
import { readComparedSides } from '@/lib/replay';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/compare?a=<id>&b=<id>[&turnA=<n>&turnB=<n>]`: two sessions (or one turn of each,
 * counted from 1) lined up turn by turn and call by call, with their first divergence.
 */
export async function GET(request: Request): Promise<Response> {
  const admitted = await takeRequestLimit('compares-per-address', readClientAddress(request));
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const sides = readComparedSides(new URL(request.url).searchParams);
  if (!sides.ok) return Response.json({ error: sides.error }, { status: 400 });
  return respondWithSessionResult(await withSessionStore((store) => compareStoredSessions(sides.value.a, sides.value.b, { store, run: createPooledSessionTextRunner(getSandboxPool()) })));
}
