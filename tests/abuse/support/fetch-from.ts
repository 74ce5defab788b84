import { Agent, fetch as undiciFetch } from 'undici';

const agents = new Map<string, Agent>();

/**
 * `fetch` from another loopback address (127.0.0.2, 127.0.0.3, …): the server sees a different peer,
 * so per-address limits count the attacker apart from the health probes (which come from 127.0.0.1).
 */
export async function fetchFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {}): Promise<{ status: number; text: string; headers: Headers; elapsedMs: number }> {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ localAddress });
    agents.set(localAddress, agent);
  }
  const started = performance.now();
  try {
    const response = await undiciFetch(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body, dispatcher: agent, signal: AbortSignal.timeout(init.timeoutMs ?? 60_000) });
    const text = await response.text();
    return { status: response.status, text, headers: response.headers as unknown as Headers, elapsedMs: performance.now() - started };
  } catch (error) {
    return { status: 0, text: `no answer: ${String(error)}`, headers: new Headers(), elapsedMs: performance.now() - started };
  }
}

/** Closes the agents `fetchFrom` opened. */
export async function closeFetchAgents(): Promise<void> {
  await Promise.all([...agents.values()].map((agent) => agent.close()));
  agents.clear();
}
