// Server-only: the MCP servers a turn (or a direct call) names, connected and listed, as runtime tools.
import type { TakeToolChanges, Tool } from '@/lib/runtime';
import { err, ok, type Result } from '@/lib/runtime';
import { redactMcpHeaders, removeMcpSecrets, type McpRecordedCall, type McpServerInfo, type McpServerRef } from '@/lib/contract';
import type { McpListedTool } from '../mcp-listed-tool';
import { createServerRequestAnswers } from './answer-server-requests';
import { connectMcpServer, type McpConnection } from './connect-mcp-server';
import type { McpTapeRecorder } from '../create-mcp-tape-recorder';
import { createLiveCall } from './create-live-call';
import { createRecordedCall } from './create-recorded-call';
import type { ValidateJson } from './create-mcp-tool';
import { createServerTools } from './create-server-tools';
import { listMcpTools } from './list-mcp-tools';
import { loadOperatorConfig } from './load-operator-config';
import type { McpEnvironment } from './mcp-environment';
import type { McpFailure } from './mcp-failure';
import { describeTarget } from './mcp-server-target';
import { resolveMcpServer } from './resolve-mcp-server';
import { createToolChangeWatch, type McpRelisted } from './watch-tool-changes';

/** One server as a turn had it: what a session records (never its URL's secrets or its headers). */
export type McpTurnServer = { name: string; info: McpServerInfo; tools: string[] };

/**
 * The servers' tools for one turn, the connections they call through until `close`, and the
 * servers that said their tools changed since (`notifications/tools/list_changed`), listed again.
 */
export type McpToolSources = { tools: Tool[]; servers: McpTurnServer[]; takeChanges: TakeToolChanges; close: () => Promise<void> };

export type OpenMcpToolSourcesOptions = {
  environment: McpEnvironment;
  validate: ValidateJson;
  signal?: AbortSignal;
  /** Keeps the servers, their calls and every JSON-RPC message either way, for the turn's tape. */
  recorder?: McpTapeRecorder;
  /** A person can answer the servers' questions (the turn runs under the registry): only then is elicitation declared. */
  canAsk?: boolean;
  /** A fork's recorded calls: a call made with the same arguments is answered from them, the others by the server. */
  recordedCalls?: readonly McpRecordedCall[];
};

/**
 * Connects to every server at once, reads each one's whole listing and keeps the tools the
 * request includes, offered in the namespace of the server's `name`. Any server that cannot be
 * reached or listed, or a named tool it does not have, fails the whole set (the turn would offer
 * different tools than the person chose), and what was opened is closed again.
 */
export async function openMcpToolSources(servers: readonly McpServerRef[], options: OpenMcpToolSourcesOptions): Promise<Result<McpToolSources, McpFailure>> {
  const config = await loadOperatorConfig(options.environment);
  const calls = { count: 0 };
  const opened: McpConnection[] = [];
  const watch = createToolChangeWatch(options.recorder);
  // A server's notices count once its first listing is in: until then that listing is the current one.
  const relisters = new Map<string, () => Promise<McpRelisted>>();
  const close = () => Promise.all(opened.map((connection) => connection.close().catch(() => undefined))).then(() => undefined);
  const results = await Promise.all(
    servers.map(async (reference) => {
      const target = resolveMcpServer(reference, { config, environment: options.environment });
      if (!target.ok) return target;
      const where = reference.url === undefined ? reference.name : describeTarget(target.value);
      const answers = createServerRequestAnswers({ server: reference.name, canAsk: options.canAsk === true });
      const connected = await connectMcpServer(target.value, {
        signal: options.signal,
        onMessage: (message, direction) => {
          options.recorder?.recordMessage(reference.name, direction, message);
          const relist = relisters.get(reference.name);
          if (relist && direction === 'received' && isToolListChanged(message)) watch.notice(reference.name, relist);
        },
        capabilities: answers.capabilities,
        prepareClient: answers.prepare,
      });
      if (!connected.ok) return err({ ...connected.error, message: `${reference.name}: ${connected.error.message}` });
      opened.push(connected.value);
      const listed = await listMcpTools(connected.value.client, { where, signal: options.signal, overflowed: connected.value.overflowed });
      if (!listed.ok) return err({ ...listed.error, message: `${reference.name}: ${listed.error.message}` });
      const included = includeTools(reference, listed.value.tools);
      return included.ok ? ok({ reference, where, connection: connected.value, answers, tools: included.value }) : included;
    }),
  );
  const failed = results.find((result) => !result.ok);
  if (failed && !failed.ok) {
    await close();
    return failed;
  }
  const tools: Tool[] = [];
  const described: McpTurnServer[] = [];
  for (const result of results) {
    if (!result.ok) continue;
    const { reference, where, connection, answers, tools: listed } = result.value;
    const live = createLiveCall({ name: reference.name, client: connection.client, overflowed: connection.overflowed, answers, recorder: options.recorder });
    const callTool = options.recordedCalls ? createRecordedCall(reference.name, options.recordedCalls, { recorder: options.recorder, live }) : live;
    const server = { name: reference.name, callTool, validate: options.validate, calls };
    tools.push(...createServerTools(reference, listed, server));
    relisters.set(reference.name, async () => {
      const again = await listMcpTools(connection.client, { where, signal: options.signal, overflowed: connection.overflowed });
      if (!again.ok) return err(`${reference.name}: ${again.error.message}`);
      const kept = keepIncluded(reference, again.value.tools);
      return ok({ tools: createServerTools(reference, kept, server), listed: kept });
    });
    const info = { ...connection.info, name: connection.info.name ?? reference.name };
    described.push({ name: reference.name, info, tools: listed.map((tool) => tool.name) });
    options.recorder?.recordServer({ name: reference.name, info, ...describeVisitorTarget(reference), tools: listed });
  }
  return ok({ tools, servers: described, takeChanges: (iteration) => watch.take(iteration), close });
}


/** A listing again, cut to the request's `tools`: a named tool the server no longer lists is no longer offered. */
function keepIncluded(reference: McpServerRef, listed: McpListedTool[]): McpListedTool[] {
  if (!reference.tools) return listed;
  const wanted = new Set(reference.tools);
  return listed.filter((tool) => wanted.has(tool.name));
}

function isToolListChanged(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'notifications/tools/list_changed';
}

/** The listing cut to the request's `tools`, in the server's order; a name it does not list is an error. */
function includeTools(reference: McpServerRef, listed: McpListedTool[]): Result<McpListedTool[], McpFailure> {
  if (!reference.tools) return ok(listed);
  const known = new Set(listed.map((tool) => tool.name));
  const missing = reference.tools.filter((name) => !known.has(name));
  if (missing.length > 0) return err({ code: 'protocol', message: `${reference.name}: the server has no tool named ${missing.map((name) => JSON.stringify(name)).join(', ')}.` });
  const wanted = new Set(reference.tools);
  return ok(listed.filter((tool) => wanted.has(tool.name)));
}

/** Where a visitor's server is, as a recording may keep it: its address without credentials, and its headers' names. */
function describeVisitorTarget(reference: McpServerRef): { url?: string; headers?: Record<string, string> } {
  const [safe] = removeMcpSecrets([reference]);
  return {
    ...(safe?.url === undefined ? {} : { url: safe.url }),
    ...(reference.headers && Object.keys(reference.headers).length > 0 ? { headers: redactMcpHeaders(reference.headers) } : {}),
  };
}
