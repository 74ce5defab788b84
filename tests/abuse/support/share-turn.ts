import { expect } from 'vitest';
import { describeRun, runTurn, turnBody, turnEnd } from './run-turn';

/** Runs one completed turn and shares it; the session's id. */
export async function shareTurn(baseURL: string, options: { source: string; message: string; model: unknown; title: string }): Promise<string> {
  const { source, message, model, title } = options;
  const run = await runTurn(baseURL, turnBody({ source, message, model }), { timeoutMs: 20_000 });
  expect(turnEnd(run)?.reason, describeRun(run)).toBe('completed');
  const share = await fetch(`${baseURL}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title, playground: { source, message, model, permissions: { mode: 'auto' }, mode: 'chat' }, turnIds: [run.headers.get('x-turn-id')] }),
    signal: AbortSignal.timeout(20_000),
  });
  const shared = (await share.json()) as { id?: string; error?: string };
  expect(share.status, JSON.stringify(shared)).toBe(201);
  return shared.id as string;
}
