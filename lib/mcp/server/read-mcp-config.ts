// Server-only: the operator's mcp.json, read from the path the environment names.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { err, ok, type Result } from '@/lib/runtime';
import { MCP_LIMITS, mcpServerNameSchema, type OperatorMcpServer } from '@/lib/contract';
import { redactUrl, type McpServerTarget } from './mcp-server-target';

const stringRecord = z.record(z.string(), z.string());

/** One entry of `mcpServers`, as Claude Desktop, Cursor and VS Code write them (`type` optional). */
const entrySchema = z.union([
  z.object({ type: z.literal('stdio').optional(), command: z.string().min(1), args: z.array(z.string()).optional(), env: stringRecord.optional(), cwd: z.string().optional() }),
  z.object({ type: z.enum(['http', 'streamable-http', 'sse']).optional(), url: z.string().url(), headers: stringRecord.optional() }),
]);

const configSchema = z.object({
  mcpServers: z
    .record(mcpServerNameSchema, entrySchema)
    .refine((servers) => Object.keys(servers).length <= MCP_LIMITS.operatorServers, `mcp.json lists at most ${MCP_LIMITS.operatorServers} servers.`),
});

/** The operator's servers by name: how to reach each (its secrets included: this never leaves the server). */
export type McpConfig = ReadonlyMap<string, McpServerTarget>;

/**
 * Reads and checks the file. Header and env values are taken as written; a relative `cwd` is
 * relative to the file. Operator servers may reach private networks: the operator chose them.
 */
export async function readMcpConfig(path: string): Promise<Result<McpConfig, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return err(`The MCP config ${path} could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err(`The MCP config ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(`The MCP config ${path} is not valid at ${issue?.path.join('.') || 'its root'}: ${issue?.message ?? 'unknown problem'}`);
  }
  const servers = new Map<string, McpServerTarget>();
  for (const [name, entry] of Object.entries(parsed.data.mcpServers)) {
    servers.set(
      name,
      'command' in entry
        ? { transport: 'stdio', command: entry.command, args: entry.args ?? [], ...(entry.env ? { env: entry.env } : {}), ...(entry.cwd ? { cwd: resolve(dirname(path), entry.cwd) } : {}) }
        : { transport: 'http', url: entry.url, headers: entry.headers ?? {}, allowPrivateNetwork: true },
    );
  }
  return ok(servers);
}

/** The config as every visitor may see it: names, transports and URLs without credentials. */
export function listOperatorServers(config: McpConfig): OperatorMcpServer[] {
  return [...config].map(([name, target]) => (target.transport === 'http' ? { name, transport: 'http', url: redactUrl(target.url) } : { name, transport: 'stdio' }));
}

