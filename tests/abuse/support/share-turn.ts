import { expect } from 'vitest';
import { shareFinishedTurn } from '../../../harness/share-finished-turn';

/** Runs one completed turn and shares it; the session's id. */
export async function shareTurn(baseURL: string, options: { source: string; message: string; model: unknown; title: string; headers?: Record<string, string> }): Promise<string> {
  const shared = await shareFinishedTurn(baseURL, options);
  expect(shared.ok ? '' : shared.problem).toBe('');
  return shared.ok ? shared.id : '';
}
