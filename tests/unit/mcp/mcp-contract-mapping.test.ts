import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listMcpSecrets, mcpServersSchema, mcpToolsRequestSchema, removeMcpSecrets } from '@/lib/contract';
import { convertCallResult, mapToolAnnotations, namespaceToolNames } from '@/lib/mcp';
import { listOperatorServers, readMcpConfig } from '@/lib/mcp/server';

describe('convertCallResult', () => {
  it('joins text blocks and describes images, audio and resources in a line each', () => {
    const result = convertCallResult({
      content: [
        { type: 'text', text: 'first' },
        { type: 'image', data: 'a'.repeat(4000), mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'file:///b.txt', mimeType: 'text/plain', text: 'hello' } },
      ],
    });
    expect(result).toEqual({
      ok: true,
      value: { content: 'first\n[image: image/png, 2.9 KB]\n[audio: audio/wav, 3 bytes]\n[resource link: a.txt <file:///a.txt> (text/plain)]\n[resource: <file:///b.txt> (text/plain), 5 characters of text]' },
    });
  });

  it('answers structuredContent as JSON when there is no content, and keeps it as details', () => {
    expect(convertCallResult({ content: [], structuredContent: { a: 1 } })).toEqual({ ok: true, value: { content: '{"a":1}', details: { a: 1 } } });
  });

  it('makes isError a failure with the server text', () => {
    expect(convertCallResult({ content: [{ type: 'text', text: 'nope' }], isError: true })).toEqual({ ok: false, error: { code: 'threw', message: 'nope' } });
  });
});

describe('mapToolAnnotations', () => {
  it('reads readOnlyHint, destructiveHint and openWorldHint, and lets settings override', () => {
    expect(mapToolAnnotations({ readOnlyHint: true, destructiveHint: true }, { deferByDefault: false })).toEqual({ isReadOnly: true, isDestructive: false, external: false, executionMode: 'parallel', needsApproval: false, deferLoading: false });
    expect(mapToolAnnotations({ destructiveHint: true, openWorldHint: true }, { deferByDefault: true })).toEqual({ isReadOnly: false, isDestructive: true, external: true, needsApproval: true, deferLoading: true });
    expect(mapToolAnnotations(undefined, { deferByDefault: false, setting: { needsApproval: true, executionMode: 'parallel', deferLoading: true } })).toEqual({ isReadOnly: false, isDestructive: false, external: false, executionMode: 'parallel', needsApproval: true, deferLoading: true });
  });
});

describe('namespaceToolNames', () => {
  it('makes names namespace-safe and unique in listing order', () => {
    expect(namespaceToolNames(['get.file', 'get_file', 'a/b', 'ok', 'x'.repeat(100)])).toEqual(['get_file', 'get_file_2', 'a_b', 'ok', 'x'.repeat(64)]);
  });
});

describe('the MCP request contract', () => {
  it('refuses duplicate names, unsafe names, headers with line breaks and non-http URLs', () => {
    expect(mcpServersSchema.safeParse([{ name: 'a' }, { name: 'a' }]).success).toBe(false);
    expect(mcpServersSchema.safeParse([{ name: 'a.b' }]).success).toBe(false);
    expect(mcpServersSchema.safeParse([{ name: 'a', url: 'https://x.test/mcp', headers: { Authorization: 'Bearer a\r\nX-Evil: 1' } }]).success).toBe(false);
    expect(mcpToolsRequestSchema.safeParse({ url: 'file:///etc/passwd' }).success).toBe(false);
    expect(mcpToolsRequestSchema.safeParse({ command: 'sh' }).success).toBe(false);
    expect(mcpServersSchema.safeParse(Array.from({ length: 9 }, (_, index) => ({ name: `s${index}` }))).success).toBe(false);
  });

  it('keeps no header and no URL credentials, and lists the header values and bearer tokens to redact', () => {
    const servers = [{ name: 'a', url: 'https://user:pw@x.test/mcp', headers: { Authorization: 'Bearer abcdefgh12345' } }];
    expect(removeMcpSecrets(servers)).toEqual([{ name: 'a', url: 'https://x.test/mcp' }]);
    expect(listMcpSecrets(servers)).toEqual(['Bearer abcdefgh12345', 'abcdefgh12345']);
  });
});

describe('readMcpConfig', () => {
  it('reads http and stdio servers, and lists them without secrets', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'mcp-config-'));
    try {
      const file = path.join(directory, 'mcp.json');
      await writeFile(file, JSON.stringify({ mcpServers: { github: { url: 'https://api.example.test/mcp?key=secret', headers: { Authorization: 'Bearer x' } }, files: { command: 'npx', args: ['server'], env: { TOKEN: 't' } } } }));
      const read = await readMcpConfig(file);
      if (!read.ok) throw new Error(read.error);
      expect(listOperatorServers(read.value)).toEqual([
        { name: 'github', transport: 'http', url: 'https://api.example.test/mcp' },
        { name: 'files', transport: 'stdio' },
      ]);
      await writeFile(file, JSON.stringify({ mcpServers: { 'bad name': { url: 'https://x.test' } } }));
      expect(await readMcpConfig(file)).toMatchObject({ ok: false, error: expect.stringContaining('mcpServers') });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
