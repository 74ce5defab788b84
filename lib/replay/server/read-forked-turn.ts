import { ok, type Result } from '@/lib/runtime';
import type { ForkedTurn } from '@/lib/sessions';
import { addTabMcpHeaders, type ForkRequest } from '@/lib/contract';
import { readSessionBody } from '@/lib/sessions/store';
import type { SessionError } from '@/lib/sessions';
import type { SessionStore } from '@/lib/sessions/store';
import type { SessionTextRunner } from '../use-stored-session-text';

/**
 * The turn request a fork of session `id` runs (`buildForkRequest`), built through `run` (a sandbox
 * worker) from the stored text: the HTTP thread reads a string and gets back one turn's request and tape, not the
 * whole record. A fork that names no turn or changes nothing is `invalid`. The tab's MCP servers
 * (`fork.mcpServers`) never go to the worker: their headers join the recorded servers here.
 */
export async function readForkedTurn(id: string, fork: ForkRequest, { store, run }: { store: SessionStore; run: SessionTextRunner }): Promise<Result<ForkedTurn, SessionError>> {
  const text = await readSessionBody(id, store);
  if (!text.ok) return text;
  // The tab's headers stay on this side: the worker builds the request, the headers join it here.
  const { mcpServers: tabServers, ...changes } = fork;
  const forked = await run({ kind: 'fork', session: { id, text: text.value }, fork: changes });
  if (!forked.ok || !forked.value.request.mcpServers) return forked;
  return ok({ ...forked.value, request: { ...forked.value.request, mcpServers: addTabMcpHeaders(forked.value.request.mcpServers, tabServers) } });
}
