// Server-only: opens connections to MCP servers under the egress policy.
import { Client, SdkHttpError, SSEClientTransport, StreamableHTTPClientTransport, type ClientCapabilities, type jsonSchemaValidator, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { err, ok, type Result } from '@/lib/runtime';
import { MCP_LIMITS, type McpServerInfo, type McpTransportKind } from '@/lib/contract';
import { createEgressFetch } from '@/lib/models/server';
import { createBoundedFetch } from './create-bounded-fetch';
import { RecordingTransport, type McpMessageListener } from './create-recording-transport';
import { describeMcpFailure } from './describe-mcp-failure';
import type { McpFailure } from './mcp-failure';
import { describeTarget, type McpServerTarget } from './mcp-server-target';

/** An open connection: the official client, what the server said about itself, and how to end it. */
export type McpConnection = {
  client: Client;
  info: Omit<McpServerInfo, 'name'> & { name?: string };
  /** Aborts (with an `McpResponseTooLargeError`) once any answer of the server passed the size bound. */
  overflowed: AbortSignal;
  close: () => Promise<void>;
};

export type ConnectMcpServerOptions = {
  /** Every JSON-RPC message either way, for the turn's tape. */
  onMessage?: McpMessageListener;
  signal?: AbortSignal;
  /** Registers the client's handlers for server requests (sampling, roots, elicitation) before it connects. */
  prepareClient?: (client: Client) => void;
  /** What the client declares it can answer (elicitation only when a person can be asked); none when absent. */
  capabilities?: ClientCapabilities;
};

const CLIENT_INFO = { name: 'tool-runtime-playground', version: '1.0.0' };

/**
 * The client would compile every listed schema with Ajv on this thread; a server's schemas are a
 * stranger's input, so they are checked in the worker pool instead (see `createMcpTool`).
 */
const CHECKED_IN_THE_POOL: jsonSchemaValidator = { getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }) };

/**
 * Connects with the official client. Over HTTP it tries Streamable HTTP first, negotiating the
 * 2026-07-28 revision and falling back to the 2025 handshake; a 4xx other than 401/403 (what a
 * server of the legacy HTTP+SSE transport answers a POST) then tries HTTP+SSE at the same URL. Every
 * HTTP request goes through the egress policy and a response-size bound.
 */
export async function connectMcpServer(target: McpServerTarget, options: ConnectMcpServerOptions = {}): Promise<Result<McpConnection, McpFailure>> {
  const where = describeTarget(target);
  if (target.transport === 'stdio') {
    const stdio = new StdioClientTransport({ command: target.command, args: [...target.args], env: target.env ? { ...target.env } : undefined, cwd: target.cwd, stderr: 'ignore' });
    return attempt(stdio, 'stdio', { where, options, overflowed: new AbortController().signal });
  }
  const overflow = new AbortController();
  const fetch = createBoundedFetch(createEgressFetch({ allowPrivateNetwork: target.allowPrivateNetwork }), responseLimit, (error) => overflow.abort(error));
  const requestInit = { headers: { ...target.headers } };
  const url = new URL(target.url);
  const streamable = await attempt(new StreamableHTTPClientTransport(url, { fetch, requestInit }), 'streamable-http', { where, options, overflowed: overflow.signal });
  if (streamable.ok || !streamable.error.fallback) return stripFallback(streamable);
  const sse = await attempt(new SSEClientTransport(url, { fetch, requestInit, eventSourceInit: { fetch } }), 'sse', { where, options, overflowed: overflow.signal });
  // The Streamable HTTP answer is the better explanation when neither transport works.
  return sse.ok ? sse : stripFallback(streamable);
}

type Attempt = Result<McpConnection, McpFailure & { fallback: boolean }>;

async function attempt(transport: Transport, kind: McpTransportKind, context: { where: string; options: ConnectMcpServerOptions; overflowed: AbortSignal }): Promise<Attempt> {
  const { options } = context;
  const client = new Client(CLIENT_INFO, {
    capabilities: options.capabilities ?? {},
    versionNegotiation: kind === 'streamable-http' ? { mode: 'auto' } : { mode: 'legacy' },
    listMaxPages: MCP_LIMITS.listPages,
    jsonSchemaValidator: CHECKED_IN_THE_POOL,
  });
  options.prepareClient?.(client);
  const wire = new RecordingTransport(transport, options.onMessage);
  try {
    // An answer past the size bound ends the handshake at once, rather than at its deadline.
    const signal = options.signal ? AbortSignal.any([options.signal, context.overflowed]) : context.overflowed;
    await client.connect(wire, { timeout: MCP_LIMITS.connectMs, maxTotalTimeout: MCP_LIMITS.connectMs, signal });
  } catch (error) {
    await client.close().catch(() => undefined);
    const cause = context.overflowed.aborted ? context.overflowed.reason : error;
    return err({ ...describeMcpFailure(cause, context.where), fallback: kind === 'streamable-http' && isLegacyTransportAnswer(error) });
  }
  const server = client.getServerVersion();
  return ok({
    client,
    info: {
      ...(server?.name ? { name: server.name } : {}),
      ...(server?.title ? { title: server.title } : {}),
      version: server?.version ?? 'unknown',
      protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
      ...(client.getInstructions() ? { instructions: client.getInstructions() } : {}),
      transport: kind,
    },
    overflowed: context.overflowed,
    close: () => client.close(),
  });
}

/**
 * A page of `tools/list` is parsed on this thread by the client: one past the whole listing's
 * bound is cut before it is read, rather than parsed and then refused.
 */
function responseLimit(init: RequestInit | undefined): number {
  const body = init?.body;
  return typeof body === 'string' && body.includes('"method":"tools/list"') ? MCP_LIMITS.listingBytes : MCP_LIMITS.responseBytes;
}

/** A 4xx to the POST, other than a refusal of credentials: a server of the HTTP+SSE transport. */
function isLegacyTransportAnswer(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current instanceof SdkHttpError) return current.status >= 400 && current.status < 500 && current.status !== 401 && current.status !== 403;
    current = current.cause;
  }
  return false;
}

function stripFallback(result: Attempt): Result<McpConnection, McpFailure> {
  if (result.ok) return result;
  const { fallback: _fallback, ...failure } = result.error;
  return err(failure);
}
