import { checkProvider } from '@/lib/models/server';
import { providerCheckRequestSchema } from '@/lib/models';
import { BODY_LIMITS, readClientAddress, jsonError, readJsonBody, respondTooManyRequests } from '@/lib/server/http';
import { readModelEnvironment } from '@/lib/server/turns';
import { takeRouteRateLimit } from '@/lib/server/admission';

export const runtime = 'nodejs';

/** `POST /api/providers/check` `{ provider, baseURL, apiKey? }` → `{ outcome, message }`: one cheap request to the provider. */
export async function POST(request: Request): Promise<Response> {
  const admitted = await takeRouteRateLimit('POST /api/providers/check', readClientAddress(request));
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const body = await readJsonBody(request, providerCheckRequestSchema, BODY_LIMITS.providerCheck);
  if (!body.ok) return jsonError(body.status, body.error);
  return Response.json(await checkProvider(body.value, { env: readModelEnvironment() }));
}
