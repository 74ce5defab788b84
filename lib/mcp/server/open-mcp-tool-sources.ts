// Server-only: the MCP servers a turn (or a direct call) names, connected and listed, as runtime tools.
import type { Tool } from '@/lib/runtime';
import { err, ok, type Result } from '@/lib/runtime';
import { redactMcpHeaders, removeMcpSecrets, type McpServerInfo, type McpServerRef } from '@/lib/contract';
import { toMcpToolSpecs } from '../describe-mcp-tools';
import type { McpListedTool } from '../mcp-listed-tool';
import { createServerRequestAnswers } from './answer-server-requests';
import { connectMcpServer, type McpConnection } from './connect-mcp-server';
import type { McpTapeRecorder } from '../create-mcp-tape-recorder';
import { createLiveCall } from './create-live-call';
import { createMcpTool, type ValidateJson } from './create-mcp-tool';
import { listMcpTools } from './list-mcp-tools';
import { loadOperatorConfig } from './load-operator-config';
import type { McpEnvironment } from './mcp-environment';
import type { McpFailure } from './mcp-failure';
import { describeTarget } from './mcp-server-target';
import { resolveMcpServer } from './resolve-mcp-server';

/** One server as a turn had it: what a session records (never its URL's secrets or its headers). */
export type McpTurnServer = { name: string; info: McpServerInfo; tools: string[] };

/** The servers' tools for one turn, and the connections they call through until `close`. */
export type McpToolSources = { tools: Tool[]; servers: McpTurnServer[]; close: () => Promise<void> };

export type OpenMcpToolSourcesOptions = {
  environment: McpEnvironment;
  validate: ValidateJson;
  signal?: AbortSignal;
  /** Keeps the servers, their calls and every JSON-RPC message either way, for the turn's tape. */
  recorder?: McpTapeRecorder;
  /** A person can answer the servers' questions (the turn runs under the registry): only then is elicitation declared. */
  canAsk?: boolean;
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
  const close = () => Promise.all(opened.map((connection) => connection.close().catch(() => undefined))).then(() => undefined);
  const results = await Promise.all(
    servers.map(async (reference) => {
      const target = resolveMcpServer(reference, { config, environment: options.environment });
      if (!target.ok) return target;
      const where = reference.url === undefined ? reference.name : describeTarget(target.value);
      const answers = createServerRequestAnswers({ server: reference.name, canAsk: options.canAsk === true });
      const connected = await connectMcpServer(target.value, {
        signal: options.signal,
        onMessage: (message, direction) => options.recorder?.recordMessage(reference.name, direction, message),
        capabilities: answers.capabilities,
        prepareClient: answers.prepare,
      });
      if (!connected.ok) return err({ ...connected.error, message: `${reference.name}: ${connected.error.message}` });
      opened.push(connected.value);
      const listed = await listMcpTools(connected.value.client, { where, signal: options.signal, overflowed: connected.value.overflowed });
      if (!listed.ok) return err({ ...listed.error, message: `${reference.name}: ${listed.error.message}` });
      const included = includeTools(reference, listed.value.tools);
      return included.ok ? ok({ reference, connection: connected.value, answers, tools: included.value }) : included;
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
    const { reference, connection, answers, tools: listed } = result.value;
    const callTool = createLiveCall({ name: reference.name, client: connection.client, overflowed: connection.overflowed, answers, recorder: options.recorder });
    const server = { name: reference.name, callTool, validate: options.validate, calls };
    const specs = toMcpToolSpecs(listed, { namespace: reference.name, settings: reference.settings });
    specs.forEach((spec, index) => {
      const tool = listed[index];
      if (tool) tools.push(createMcpTool({ spec, serverToolName: tool.name, title: tool.title ?? tool.annotations?.title, server }));
    });
    const info = { ...connection.info, name: connection.info.name ?? reference.name };
    described.push({ name: reference.name, info, tools: listed.map((tool) => tool.name) });
    options.recorder?.recordServer({ name: reference.name, info, ...describeVisitorTarget(reference), tools: listed });
  }
  return ok({ tools, servers: described, close });
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
