// Real MCP servers on loopback for tests (unit, abuse and e2e): the 2026-07-28 era through the v2 server SDK
// (@modelcontextprotocol/server + /node, stateless Streamable HTTP) and the 2025 era through SDK 1.32
// (stateful Streamable HTTP, or the legacy HTTP+SSE transport). Tools are plain JSON Schema.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createMcpHandler, inputRequired, Server as ModernServer } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { Server as LegacyServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { CallToolRequestSchema, CreateMessageResultSchema, ElicitResultSchema, ListRootsResultSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { InputNeeded, type McpTestCallResult, type McpTestRequestMethod, type McpTestTool } from './mcp-test-tool';

export type McpTestServerEra = 'modern' | 'legacy' | 'legacy-sse';

export type McpTestServerOptions = {
  era: McpTestServerEra;
  tools: McpTestTool[];
  name?: string;
  version?: string;
  instructions?: string;
  /** Tools per `tools/list` page; one page when absent. */
  pageSize?: number;
  /** Headers every request must carry, or it gets 401. */
  requiredHeaders?: Record<string, string>;
};

export type McpTestServer = {
  /** The MCP endpoint (`http://127.0.0.1:<port>/mcp`). */
  url: string;
  /** JSON-RPC methods received, in order (requests and notifications). */
  methods: string[];
  /** Header values seen on requests, by lower-case name. */
  headersSeen: Map<string, string[]>;
  /** Names of calls whose handler saw the client cancel. */
  cancelledCalls: string[];
  /** What the client answered the server's requests during calls: a result, or the JSON-RPC error's message. */
  answers: { method: McpTestRequestMethod; result?: Record<string, unknown>; error?: string }[];
  /** The client capabilities the server was told (the last `initialize`, or a 2026-07-28 request's envelope). */
  clientCapabilities: Record<string, unknown>[];
  /** Changes the tools the server lists and calls from now on (a server whose tools change while it runs). */
  setTools: (tools: McpTestTool[]) => void;
  close: () => Promise<void>;
};

type ListRequest = { params?: { cursor?: string } };
type CallRequest = { params: { name: string; arguments?: Record<string, unknown>; _meta?: { progressToken?: string | number } } };
type Notifier = (notification: { method: string; params: Record<string, unknown> }) => Promise<void>;
/** Sends one request to the client during a call. */
type Requester = (method: McpTestRequestMethod, params: Record<string, unknown> | undefined) => Promise<Record<string, unknown>>;
type TestState = { methods: string[]; cancelledCalls: string[]; answers: McpTestServer['answers']; clientCapabilities: Record<string, unknown>[] };


/** Starts a server on a free loopback port; `close` stops it and every open connection. */
export async function startMcpTestServer(options: McpTestServerOptions): Promise<McpTestServer> {
  const state = { methods: [] as string[], headersSeen: new Map<string, string[]>(), cancelledCalls: [] as string[], answers: [] as McpTestServer['answers'], clientCapabilities: [] as Record<string, unknown>[] };
  const handlers = createHandlers(options, state);
  const handle = options.era === 'modern' ? serveModern(options, handlers, state) : options.era === 'legacy' ? serveLegacy(options, handlers, state) : serveLegacySse(options, handlers, state);
  const http = createServer((request, response) => {
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') state.headersSeen.set(name, [...(state.headersSeen.get(name) ?? []), value]);
    const missing = Object.entries(options.requiredHeaders ?? {}).some(([name, value]) => request.headers[name.toLowerCase()] !== value);
    if (missing) {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, ...state, setTools: handlers.setTools, close: () => closeHttp(http) };
}

function createHandlers(options: McpTestServerOptions, state: TestState) {
  let tools = options.tools;
  let listed = tools.map(({ run: _run, ...tool }) => tool);
  return {
    setTools(next: McpTestTool[]) {
      tools = next;
      listed = next.map(({ run: _run, ...tool }) => tool);
    },
    list(request: ListRequest) {
      state.methods.push('tools/list');
      const size = options.pageSize ?? Math.max(1, listed.length);
      const start = Number(request.params?.cursor ?? 0);
      const end = start + size;
      return { tools: listed.slice(start, end), ...(end < listed.length ? { nextCursor: String(end) } : {}) };
    },
    async call(request: CallRequest, signal: AbortSignal, notify: Notifier, requestClient: Requester): Promise<McpTestCallResult> {
      state.methods.push('tools/call');
      const tool = tools.find((candidate) => candidate.name === request.params.name);
      if (!tool) return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true };
      signal.addEventListener('abort', () => state.cancelledCalls.push(tool.name), { once: true });
      const token = request.params._meta?.progressToken;
      const progress = async (value: number, total?: number, message?: string) => {
        if (token !== undefined) await notify({ method: 'notifications/progress', params: { progressToken: token, progress: value, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) } });
      };
      const args = request.params.arguments ?? {};
      const ask = async (method: McpTestRequestMethod, params?: Record<string, unknown>) => {
        try {
          const result = await requestClient(method, params);
          state.answers.push({ method, result });
          return result;
        } catch (error) {
          if (error instanceof InputNeeded) throw error;
          state.answers.push({ method, error: error instanceof Error ? error.message : String(error) });
          throw error;
        }
      };
      const toolsChanged = () => notify({ method: 'notifications/tools/list_changed', params: {} });
      return tool.run ? tool.run(args, { progress, toolsChanged, signal, request: ask }) : { content: [{ type: 'text', text: JSON.stringify(args) }] };
    },
  };
}

type Handlers = ReturnType<typeof createHandlers>;
type Handle = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

function serverInfo(options: McpTestServerOptions) {
  return { name: options.name ?? 'test-server', version: options.version ?? '1.2.3' };
}

function serveModern(options: McpTestServerOptions, handlers: Handlers, state: TestState): Handle {
  // createMcpHandler serves 2026-07-28 (server/discover) and answers 2025-era clients statelessly.
  const handler = createMcpHandler(() => {
    const server = new ModernServer(serverInfo(options), { capabilities: { tools: { listChanged: true } }, ...(options.instructions ? { instructions: options.instructions } : {}) });
    server.setRequestHandler('tools/list', (listRequest) => handlers.list(listRequest as ListRequest) as never);
    server.setRequestHandler('tools/call', async (callRequest, context) => {
      const capabilities = context.mcpReq.envelope?.['io.modelcontextprotocol/clientCapabilities' as never];
      if (capabilities) state.clientCapabilities.push(capabilities as Record<string, unknown>);
      const responses = (context.mcpReq.inputResponses ?? {}) as Record<string, Record<string, unknown>>;
      let asked = 0;
      // Stateless: every round runs the tool again; a request answered in an earlier round is answered from `inputResponses`.
      const requestClient: Requester = async (method, params) => {
        asked += 1;
        const key = `input-${asked}`;
        const answered = responses[key];
        if (answered) return answered;
        throw new InputNeeded(key, method, params);
      };
      try {
        return (await handlers.call(callRequest as CallRequest, context.mcpReq.signal, (notification) => context.mcpReq.notify(notification as never), requestClient)) as never;
      } catch (error) {
        if (!(error instanceof InputNeeded)) throw error;
        return inputRequired({ inputRequests: { [error.key]: { method: error.method, ...(error.params ? { params: error.params } : {}) } as never } }) as never;
      }
    });
    return server;
  });
  const node = toNodeHandler(handler);
  return async (request, response) => {
    await node(request, response);
  };
}

const LEGACY_RESULT_SCHEMAS = { 'elicitation/create': ElicitResultSchema, 'sampling/createMessage': CreateMessageResultSchema, 'roots/list': ListRootsResultSchema } as const;

function createLegacyServer(options: McpTestServerOptions, handlers: Handlers, state: TestState): LegacyServer {
  const server = new LegacyServer(serverInfo(options), { capabilities: { tools: { listChanged: true } }, ...(options.instructions ? { instructions: options.instructions } : {}) });
  server.oninitialized = () => state.clientCapabilities.push((server.getClientCapabilities() ?? {}) as Record<string, unknown>);
  server.setRequestHandler(ListToolsRequestSchema, (request) => handlers.list(request as ListRequest) as never);
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    handlers.call(
      request as CallRequest,
      extra.signal,
      (notification) => extra.sendNotification(notification as never),
      async (method, params) => (await extra.sendRequest({ method, ...(params ? { params } : {}) } as never, LEGACY_RESULT_SCHEMAS[method] as never, { timeout: 600_000 })) as Record<string, unknown>,
    ) as never,
  );
  return server;
}

function serveLegacy(options: McpTestServerOptions, handlers: Handlers, state: TestState): Handle {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  return async (request, response) => {
    const sessionId = request.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (!transport) {
      const created = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void sessions.set(id, created) });
      transport = created;
      await createLegacyServer(options, handlers, state).connect(created);
    }
    await transport.handleRequest(request, response);
  };
}

function serveLegacySse(options: McpTestServerOptions, handlers: Handlers, state: TestState): Handle {
  const sessions = new Map<string, SSEServerTransport>();
  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET') {
      const transport = new SSEServerTransport(url.pathname, response);
      sessions.set(transport.sessionId, transport);
      await createLegacyServer(options, handlers, state).connect(transport);
      return;
    }
    const transport = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (!transport) {
      response.writeHead(405, { allow: 'GET' }).end('This server speaks the HTTP+SSE transport: open the stream with GET.');
      return;
    }
    await transport.handlePostMessage(request, response);
  };
}

function closeHttp(http: HttpServer): Promise<void> {
  return new Promise((resolve) => {
    http.closeAllConnections();
    http.close(() => resolve());
  });
}
