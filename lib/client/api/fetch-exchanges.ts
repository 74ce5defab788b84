import { z } from 'zod';
import { tapeEntrySchema, type TapeEntry } from '@/lib/contract';
import { err, ok, type Result } from '@/lib/runtime';
import { fetchTurnResource } from './fetch-turn-resource';

const exchangesBodySchema = z.object({ exchanges: z.array(tapeEntrySchema) });

/**
 * The raw model exchanges of a turn from `GET /api/turns/<turnId>/exchanges`; every failure is a
 * sentence fit to show in the inspector (the server's reason when it gave one).
 */
export async function fetchExchanges(turnId: string, fetcher: typeof fetch = fetch): Promise<Result<TapeEntry[], string>> {
  const body = await fetchTurnResource(turnId, 'exchanges', fetcher);
  if (!body.ok) return body;
  const parsed = exchangesBodySchema.safeParse(body.value);
  if (!parsed.success) return err('The server answered without a list of exchanges.');
  return ok(parsed.data.exchanges);
}
