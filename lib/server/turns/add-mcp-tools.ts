// Server-only: a turn's MCP servers, connected while its module is evaluated, beside the module's tools.
import { err, ok, type Result, type TakeToolChanges, type Tool, type ToolSourceChange } from '@/lib/runtime';
import type { McpServerRef, McpTape } from '@/lib/contract';
import type { McpTapeRecorder } from '@/lib/mcp';
import { openMcpToolSources, openRecordedMcpTools, type McpFailure, type ValidateJson } from '@/lib/mcp/server';
import { createPooledResultValidator, resolveSentParametersInPool, type SandboxPool } from '@/lib/sandbox/pool';
import { readMcpEnvironment } from '../mcp';
import type { OpeningTurnSandbox } from './open-turn-sandbox';

export type AddMcpToolsOptions = {
  servers: readonly McpServerRef[] | undefined;
  pool: SandboxPool;
  /** Keeps the turn's MCP side for its tape. */
  recorder?: McpTapeRecorder;
  /** A recorded turn's MCP side (replay): its servers' tools are rebuilt from it and their calls answered by it, without connecting. */
  recorded?: McpTape;
  /** A forked turn's MCP side: the servers are connected again, and a call the recording made with the same arguments is answered from it. */
  forkOf?: McpTape;
  /** A person can answer what the servers ask during a call (the run is in the turn registry). */
  canAsk?: boolean;
};

/** What a fork that cannot reach a recorded server says first: unlike Replay, a fork continues live. */
const FORK_RECONNECTS = 'A fork continues live, so it connects to the session’s MCP servers again (with the headers of your Sources), and one could not be used:';

/**
 * Starts connecting to the request's servers at once (beside the module's evaluation) and offers
 * their tools after the module's. A server that cannot be used fails the turn's tools as
 * `mcp-server-unavailable`, with the reason. Disposing the sandbox (the turn's stream closed:
 * ended, stopped, or its client gone) stops a connection still being made and closes the open ones.
 */
export function addMcpTools(sandbox: OpeningTurnSandbox, options: AddMcpToolsOptions): OpeningTurnSandbox {
  const servers = options.servers ?? [];
  if (servers.length === 0) return sandbox;
  const validate: ValidateJson = (schema, value) => createPooledResultValidator(options.pool, schema)(value);
  if (options.recorded) {
    const recorded = openRecordedMcpTools(servers, options.recorded, { validate, recorder: options.recorder });
    if (!recorded.ok) return withTools(sandbox, { opening: Promise.resolve(recorded), toolChanges: async () => [] }, () => undefined);
    return withTools(sandbox, { opening: resolveInPool(options.pool, ok(recorded.value.tools)), toolChanges: resolveChangesInPool(options.pool, recorded.value.takeChanges) }, () => undefined);
  }
  let close: (() => Promise<void>) | undefined;
  let takeChanges: TakeToolChanges | undefined;
  let disposed = false;
  const stopped = new AbortController();
  const opening = openMcpToolSources(servers, { environment: readMcpEnvironment(), validate, signal: stopped.signal, recorder: options.recorder, canAsk: options.canAsk, ...(options.forkOf ? { recordedCalls: options.forkOf.calls } : {}) }).then((opened) => {
    if (!opened.ok) return options.forkOf ? err({ ...opened.error, message: `${FORK_RECONNECTS} ${opened.error.message}` }) : opened;
    close = opened.value.close;
    takeChanges = opened.value.takeChanges;
    if (disposed) void close();
    return resolveInPool(options.pool, ok(opened.value.tools));
  });
  const toolChanges = resolveChangesInPool(options.pool, async (iteration) => (takeChanges ? takeChanges(iteration) : []));
  return withTools(sandbox, { opening, toolChanges }, () => {
    disposed = true;
    stopped.abort();
    void close?.();
  });
}

/** The servers' schemas are checked and strictified in a worker: a hostile listing's cost stays off the HTTP thread. */
async function resolveInPool(pool: SandboxPool, opened: Result<Tool[], McpFailure>): Promise<Result<Tool[], McpFailure>> {
  if (!opened.ok) return opened;
  const resolved = await resolveSentParametersInPool(pool, opened.value);
  if (resolved.ok) return resolved;
  return err({ code: resolved.error.code === 'busy' ? 'busy' : 'protocol', message: `The MCP servers' tool schemas could not be prepared for the model: ${resolved.error.message}` });
}

/** A server's tools listed again are prepared in the pool like its first listing; one that cannot be is a failed listing. */
function resolveChangesInPool(pool: SandboxPool, take: TakeToolChanges): TakeToolChanges {
  return async (iteration) => {
    const changes = await take(iteration);
    return Promise.all(
      changes.map(async (change): Promise<ToolSourceChange> => {
        if (change.error !== undefined) return change;
        const resolved = await resolveInPool(pool, ok([...change.tools]));
        return resolved.ok ? { server: change.server, tools: resolved.value } : { server: change.server, error: resolved.error.message };
      }),
    );
  };
}

function withTools(sandbox: OpeningTurnSandbox, mcp: { opening: Promise<Result<Tool[], McpFailure>>; toolChanges: TakeToolChanges }, dispose: () => void): OpeningTurnSandbox {
  const { opening } = mcp;
  let disposed = false;
  return {
    files: sandbox.files,
    toolChanges: mcp.toolChanges,
    openTools: async () => {
      const [module, mcp] = await Promise.all([sandbox.openTools(), opening]);
      if (!module.ok) return module;
      if (!mcp.ok) return err({ code: 'mcp-server-unavailable', message: mcp.error.message, diagnostics: [] });
      return ok([...module.value, ...mcp.value]);
    },
    dispose() {
      sandbox.dispose();
      if (disposed) return;
      disposed = true;
      dispose();
    },
  };
}
