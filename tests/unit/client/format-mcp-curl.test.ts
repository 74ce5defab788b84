import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMcpCurl, pairMcpExchanges } from '@/lib/client/exchanges';
import type { McpRecordedMessage, McpRecordedServer } from '@/lib/contract';
import { hasUnsafeCharacters } from '@/lib/interop';

const directory = mkdtempSync(path.join(tmpdir(), 'mcp-curl-'));
const marker = path.join(directory, 'pwned');
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Every way out of a single-quoted word, a heredoc or a line we know of, each aimed at the marker. */
const HOSTILE = [`$(touch ${marker})`, `\`touch ${marker}\``, `'; touch ${marker}; '`, `"; touch ${marker}; "`, `\ntouch ${marker}\n`, `\rtouch ${marker}\r`, `\nJSON\ntouch ${marker}\nJSON\n`, '\u001b[2K\u001b[1A', '\u202e'].join(' ');

/** A recorded server built to hurt through Copy as curl: shell metacharacters and control characters in every recorded word. */
const SERVER: McpRecordedServer = {
  name: 'files',
  info: { name: 'files', version: '1', protocolVersion: `2026-07-28${HOSTILE}`, transport: 'streamable-http' },
  url: `https://mcp.example/a'b?q=${HOSTILE}`,
  headers: { 'X-Token': 'Bearer <redacted>', 'X-Bad': `v${HOSTILE}` },
  tools: [],
};

/** Runs `text` in bash with `curl` replaced by a function that writes its arguments (NUL-separated) and its stdin to files. */
function runInBash(text: string): { status: number | null; args: string[]; body: string } {
  const args = path.join(directory, 'args');
  const body = path.join(directory, 'body');
  rmSync(args, { force: true });
  const prelude = `curl() { printf '%s\\0' "$@" > '${args}'; cat > '${body}'; }\n`;
  const result = spawnSync('bash', ['-c', `${prelude}${text}`], { cwd: directory, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'test' }, encoding: 'utf8', timeout: 20_000 });
  return { status: result.status, args: existsSync(args) ? readFileSync(args, 'utf8').split('\0').slice(0, -1) : [], body: existsSync(body) ? readFileSync(body, 'utf8') : '' };
}

describe('Copy as curl of a hostile recorded MCP exchange', () => {
  const sent = (message: McpRecordedMessage['message']): McpRecordedMessage => ({ server: 'files', direction: 'sent', message });
  const [exchange] = pairMcpExchanges([sent({ jsonrpc: '2.0', id: 1, method: `tools/call${HOSTILE}`, params: { name: `get${HOSTILE}`, arguments: { text: HOSTILE } } })]);
  const curl = formatMcpCurl(exchange!, SERVER)!;

  it('runs nothing but curl, with the URL as one word and the body byte for byte', () => {
    const run = runInBash(curl);
    expect(run.status).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(run.args[0]).toBe(`https://mcp.example/a'b?q=${HOSTILE.replace(/[\u0000-\u001f\u202e]/g, (character) => encodeURIComponent(character))}`);
    expect(JSON.parse(run.body)).toEqual(exchange!.request);
    // Pasted into a terminal that takes a carriage return for a line break, it still runs only curl.
    expect(runInBash(curl.replace(/\r/g, '\n')).status).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('holds only visible text and line breaks, leaving out each header no HTTP header could hold, with a comment saying so', () => {
    expect(hasUnsafeCharacters(curl.replace(/\n/g, ''))).toBe(false);
    const run = runInBash(curl);
    const headers = run.args.filter((_, index) => run.args[index - 1] === '-H');
    expect(headers).toEqual(['Content-Type: application/json', 'Accept: application/json, text/event-stream', 'X-Token: Bearer <redacted>']);
    const comments = curl.split('\n').filter((line) => line.startsWith('#'));
    expect(comments.filter((line) => line.includes('holds control or invisible characters no HTTP header may hold; it is left out.'))).toHaveLength(4);
    for (const line of comments) expect(line).not.toMatch(/[\r\u001b\u202e]/);
  });
});
