import { z } from 'zod';
import { tapeEntrySchema, type TapeEntry } from '@/lib/models/model-config';
import { err, ok, type Result } from '@/lib/runtime/result';
import { turnControlHeaders } from './turn-control-tokens';

const exchangesBodySchema = z.object({ exchanges: z.array(tapeEntrySchema) });

/**
 * The raw model exchanges of a turn from `GET /api/turns/<turnId>/exchanges`; every failure is a
 * sentence fit to show in the inspector (the server's reason when it gave one).
 */
export async function fetchExchanges(turnId: string, fetcher: typeof fetch = fetch): Promise<Result<TapeEntry[], string>> {
  let response: Response;
  try {
    response = await fetcher(`/api/turns/${encodeURIComponent(turnId)}/exchanges`, { cache: 'no-store', headers: turnControlHeaders(turnId) });
  } catch (error) {
    return err(`Could not reach the server: ${error instanceof Error ? error.message : String(error)}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    // A SyntaxError is a body that is not JSON; anything else is the connection failing mid-body.
    return err(error instanceof SyntaxError ? `The server answered ${response.status} without JSON.` : `The answer could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    const reason = typeof (body as { error?: unknown } | null)?.error === 'string' ? (body as { error: string }).error : `HTTP ${response.status}`;
    return err(reason);
  }
  const parsed = exchangesBodySchema.safeParse(body);
  if (!parsed.success) return err('The server answered without a list of exchanges.');
  return ok(parsed.data.exchanges);
}
