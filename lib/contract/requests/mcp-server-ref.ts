// Shapes (what mcp-ui builds against):
//   McpServerRef = { name, url?, headers?, tools?, settings? }
//     name: ^[a-zA-Z0-9_-]{1,64}$, the namespace of its tools (calls are `name.tool`); without `url`,
//           the key of an operator server in mcp.json (GET /api/mcp/servers lists them).
//     url: http(s) URL of a visitor's server (Streamable HTTP, legacy HTTP+SSE as fallback).
//     headers: sent with every request to the server; secrets: never stored, redacted everywhere.
//     tools: the server's tool names (as `tools/list` spells them) to include; all when absent.
//     settings: per tool name { deferLoading?, executionMode?: 'parallel'|'sequential', needsApproval? }.
//   A turn request and POST /api/tools/call take `mcpServers?: McpServerRef[]` (at most 8).
import { z } from 'zod';
import { executionModeSchema, TOOL_NAME_PATTERN } from '@/lib/runtime';
import { MCP_LIMITS } from '../limits/mcp-limits';

/** The name of a server: its tools' namespace, so it follows the tool name rule. */
export const mcpServerNameSchema = z
  .string()
  .regex(TOOL_NAME_PATTERN, 'a server name must match ^[a-zA-Z0-9_-]{1,64}$ (it becomes the namespace of its tools).');

/** A URL's parser drops tabs and line breaks silently: a URL holding them (or any control character or space) is refused, not cleaned. */
export const mcpServerUrlSchema = z
  .string()
  .max(MCP_LIMITS.urlChars, `a server URL is limited to ${MCP_LIMITS.urlChars} characters.`)
  .regex(/^[^\u0000-\u0020\u007f]*$/, 'a server URL may not hold spaces, line breaks or control characters.')
  .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), 'a server URL must be an absolute http:// or https:// URL.');

/** Header names as HTTP allows them; values without line breaks or other control characters (a tab is allowed, as HTTP allows it). */
export const mcpHeadersSchema = z
  .record(
    z.string().min(1).max(MCP_LIMITS.headerNameChars, `a header name is limited to ${MCP_LIMITS.headerNameChars} characters.`).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'a header name may hold only the characters HTTP allows in a token.'),
    z.string().max(MCP_LIMITS.headerValueChars, `a header value is limited to ${MCP_LIMITS.headerValueChars} characters.`).regex(/^[^\u0000-\u0008\u000a-\u001f\u007f]*$/, 'a header value may not hold line breaks or control characters.'),
  )
  .refine((headers) => Object.keys(headers).length <= MCP_LIMITS.headersPerServer, `at most ${MCP_LIMITS.headersPerServer} headers per server.`);

/** How the runtime treats one of the server's tools; absent fields follow the tool's annotations. */
export const mcpToolSettingSchema = z.object({
  deferLoading: z.boolean().optional(),
  executionMode: executionModeSchema.optional(),
  needsApproval: z.boolean().optional(),
});

const serverToolName = z.string().min(1).max(200);

export const mcpServerRefSchema = z.object({
  name: mcpServerNameSchema,
  /** A visitor's server; absent: the operator's server whose mcp.json key is `name`. */
  url: mcpServerUrlSchema.optional(),
  headers: mcpHeadersSchema.optional(),
  /** The tools to include, as the server names them; every tool when absent. */
  tools: z.array(serverToolName).max(MCP_LIMITS.toolsPerServer).optional(),
  /** Per tool, by the server's name for it. */
  settings: z
    .record(serverToolName, mcpToolSettingSchema)
    .refine((settings) => Object.keys(settings).length <= MCP_LIMITS.toolsPerServer, `settings name at most ${MCP_LIMITS.toolsPerServer} tools.`)
    .optional(),
});

/** The `mcpServers` of a turn request or a direct call: names unique, since each is a namespace. */
export const mcpServersSchema = z
  .array(mcpServerRefSchema)
  .max(MCP_LIMITS.serversPerRequest, `at most ${MCP_LIMITS.serversPerRequest} MCP servers per request.`)
  .superRefine((servers, context) => {
    const seen = new Set<string>();
    servers.forEach((server, index) => {
      if (seen.has(server.name)) context.addIssue({ code: 'custom', path: [index, 'name'], message: `two MCP servers are named ${server.name}; each name is a namespace and must be unique.` });
      seen.add(server.name);
    });
  });

export type McpServerRef = z.infer<typeof mcpServerRefSchema>;
export type McpToolSetting = z.infer<typeof mcpToolSettingSchema>;

/** The servers as a session keeps them: no headers (they are credentials), and no `user:password@` in a URL. */
export function removeMcpSecrets(servers: readonly McpServerRef[]): McpServerRef[] {
  return servers.map(({ headers: _headers, ...server }) => {
    if (server.url === undefined || !URL.canParse(server.url)) return server;
    const url = new URL(server.url);
    if (url.username === '' && url.password === '') return server;
    url.username = '';
    url.password = '';
    return { ...server, url: url.href };
  });
}

/**
 * The servers a recording names, to connect to again: each with the headers of the `tab`'s server
 * of the same name at the same address (credentials in a URL aside), and that server's URL. A
 * header typed for one server never goes to another address, whatever a recording says.
 */
export function addTabMcpHeaders(recorded: readonly McpServerRef[], tab: readonly McpServerRef[] | undefined): McpServerRef[] {
  return recorded.map((server) => {
    const own = tab?.find((candidate) => candidate.name === server.name && removeMcpSecrets([candidate])[0]?.url === server.url);
    if (!own) return server;
    return { ...server, ...(own.url === undefined ? {} : { url: own.url }), ...(own.headers ? { headers: own.headers } : {}) };
  });
}

/**
 * Headers as the raw view and Copy as curl show them: each name with its value redacted, keeping
 * only an authorization scheme (`Bearer <redacted>`), so a person sees which header to fill in.
 */
export function redactMcpHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, /^(Bearer|Basic|Token|Bot)\s+\S/i.test(value.trim()) ? `${value.trim().split(/\s+/)[0]} <redacted>` : '<redacted>']));
}

/**
 * Every header value the request's servers carry, and the credential after a scheme (`Bearer …`),
 * which a server may echo alone: what the turn redacts from its events.
 */
export function listMcpSecrets(servers: readonly McpServerRef[] | undefined): string[] {
  const values = (servers ?? []).flatMap((server) => Object.values(server.headers ?? {}));
  const credentials = values.map((value) => /^\S+\s+(\S{8,})$/.exec(value.trim())?.[1]).filter((value): value is string => value !== undefined);
  return [...values, ...credentials].filter((value) => value.length >= 4);
}
