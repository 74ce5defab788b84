import { MCP_LIMITS, type ForkRequestBody, type McpServerRef } from '@/lib/contract';
import type { SessionRecord } from '@/lib/sessions';
import { err, ok, type Result } from '@/lib/runtime';
import { buildModelConfig } from './build-turn-request';
import type { ForkHandoff } from './fork-handoff';
import { createInitialState, playgroundReducer, type PlaygroundState } from './playground-state';
import { withHeaders, type McpServerEntry } from './mcp';

export type ForkRun = NonNullable<ForkHandoff['forkRun']>;

/** What the playground on `/s/<id>` changed from the recording: the module, the run settings, the model. */
export type ForkEdits = Omit<ForkRun, 'turn' | 'message' | 'outputs'>;

/**
 * The edits made on a shared session's page: its state compared with the same session as it
 * loads (so defaults a record leaves out are not edits); empty when nothing was changed.
 */
export function selectForkEdits(state: PlaygroundState, record: SessionRecord): ForkEdits {
  const loaded = playgroundReducer(createInitialState(), { type: 'session-loaded', record, origin: 'shared' });
  const model = JSON.stringify(buildModelConfig(state.model, state.documents.script));
  const modelChanged = model !== JSON.stringify(buildModelConfig(loaded.model, loaded.documents.script));
  return {
    ...(state.documents.tools === loaded.documents.tools ? {} : { source: state.documents.tools }),
    ...(state.permissionMode === loaded.permissionMode ? {} : { permissionMode: state.permissionMode }),
    ...(state.maxIterations === loaded.maxIterations ? {} : { maxIterations: state.maxIterations }),
    ...(state.instructions === loaded.instructions ? {} : { instructions: state.instructions }),
    ...(modelChanged ? { useModel: true } : {}),
  };
}

/**
 * The body of `POST /api/sessions/<id>/fork` for a handed-over fork run. The model goes with it
 * when it was changed, or when it is remote (its key is typed in this tab, never recorded), with
 * only the key typed for its own base URL. The tab's MCP servers that have headers go with it
 * too (`tabServers`, the state's unless given): the fork connects to the session's servers again,
 * and the server sends each header only to the address it was typed for.
 */
export function buildForkBody(state: PlaygroundState, forkRun: ForkRun, tabServers: readonly McpServerEntry[] = state.mcpServers): Result<ForkRequestBody, string> {
  const { turn, outputs, source, permissionMode, maxIterations, instructions, useModel } = forkRun;
  const remote = state.model.provider === 'openai' || state.model.provider === 'openai-compatible' || state.model.provider === 'anthropic' || state.model.provider === 'gemini';
  const model = useModel || remote ? buildModelConfig(state.model, state.documents.script, state.apiKeys) : undefined;
  if (model && !model.ok) return err(model.error);
  return ok({
    turn,
    ...(outputs.length > 0 ? { outputs } : {}),
    ...(source === undefined ? {} : { source }),
    ...(permissionMode === undefined ? {} : { permissionMode }),
    ...(maxIterations === undefined ? {} : { maxIterations }),
    ...(instructions === undefined ? {} : { instructions }),
    ...(model ? { model: model.value } : {}),
    ...withTabMcpServers(tabServers),
  });
}

/** The tab's URL servers with headers, one per name, as many as a request may name. */
function withTabMcpServers(servers: readonly McpServerEntry[]): { mcpServers?: McpServerRef[] } {
  const named = new Map<string, McpServerRef>();
  for (const entry of servers) {
    if (entry.source.kind !== 'url' || named.has(entry.namespace)) continue;
    const { headers } = withHeaders(entry.source.headers);
    if (headers) named.set(entry.namespace, { name: entry.namespace, url: entry.source.url, headers });
  }
  const mcpServers = [...named.values()].slice(0, MCP_LIMITS.serversPerRequest);
  return mcpServers.length > 0 ? { mcpServers } : {};
}
