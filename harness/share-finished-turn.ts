import { describeRun, runTurn, turnBody, turnEnd } from './run-turn';

/** A session shared from one completed turn: its id, or what went wrong. */
export type SharedTurn = { ok: true; id: string } | { ok: false; problem: string };

/** Runs one turn to completion and shares it with its playground (no assertions: usable outside a test runner). */
export async function shareFinishedTurn(baseURL: string, options: { source: string; message: string; model: unknown; title: string; headers?: Record<string, string> }): Promise<SharedTurn> {
  const { source, message, model, title, headers = {} } = options;
  const run = await runTurn(baseURL, turnBody({ source, message, model }), { timeoutMs: 20_000, headers });
  if (turnEnd(run)?.reason !== 'completed') return { ok: false, problem: `the turn did not complete: ${describeRun(run)}` };
  const share = await fetch(`${baseURL}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ title, playground: { source, message, model, permissions: { mode: 'auto' }, mode: 'chat' }, turnIds: [run.headers.get('x-turn-id')] }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await share.text();
  const id = share.status === 201 ? (JSON.parse(text) as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? { ok: true, id } : { ok: false, problem: `share answered ${share.status}: ${text.slice(0, 300)}` };
}
