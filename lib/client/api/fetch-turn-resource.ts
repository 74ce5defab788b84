import { err, ok, type Result } from '@/lib/runtime';
import { turnControlHeaders } from './turn-control-tokens';

/**
 * The JSON answer of `GET /api/turns/<turnId>/<resource>` (sent with the turn's control token);
 * every failure is a sentence fit to show (the server's reason when it gave one).
 */
export async function fetchTurnResource(turnId: string, resource: 'exchanges' | 'record', fetcher: typeof fetch = fetch): Promise<Result<unknown, string>> {
  let response: Response;
  try {
    response = await fetcher(`/api/turns/${encodeURIComponent(turnId)}/${resource}`, { cache: 'no-store', headers: turnControlHeaders(turnId) });
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
  return ok(body);
}
