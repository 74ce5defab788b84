import { turnExchangesSchema, type TurnExchanges } from '@/lib/contract';
import { err, ok, type Result } from '@/lib/runtime';
import { fetchTurnResource } from './fetch-turn-resource';

/**
 * The raw exchanges of a turn (the model's, and its MCP servers' JSON-RPC side) from
 * `GET /api/turns/<turnId>/exchanges`; every failure is a sentence fit to show in the inspector
 * (the server's reason when it gave one).
 */
export async function fetchExchanges(turnId: string, fetcher: typeof fetch = fetch): Promise<Result<TurnExchanges, string>> {
  const body = await fetchTurnResource(turnId, 'exchanges', fetcher);
  if (!body.ok) return body;
  const parsed = turnExchangesSchema.safeParse(body.value);
  if (!parsed.success) return err('The server answered without a list of exchanges.');
  return ok(parsed.data);
}
