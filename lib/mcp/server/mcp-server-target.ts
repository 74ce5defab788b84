/**
 * Where a server is and how to reach it. `stdio` starts a process on this machine, so only an
 * operator's mcp.json can produce one; a request can only name an `http` target.
 */
export type McpServerTarget =
  | {
      transport: 'http';
      url: string;
      headers: Readonly<Record<string, string>>;
      /** The operator's own servers may be on its network; a visitor's only when the operator allows it. */
      allowPrivateNetwork: boolean;
    }
  | { transport: 'stdio'; command: string; args: readonly string[]; env?: Readonly<Record<string, string>>; cwd?: string };

/** How a target is named in messages: its URL, or the command an operator configured. */
export function describeTarget(target: McpServerTarget): string {
  return target.transport === 'http' ? redactUrl(target.url) : target.command;
}

/** A URL as messages and records show it: without `user:password@` or a query (either may carry a key). */
export function redactUrl(url: string): string {
  if (!URL.canParse(url)) return url.slice(0, 200);
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}
