import { describe, expect, it } from 'vitest';
import { readSessionMcpServers, writeSessionMcpServers } from '@/lib/client/mcp';
import { createMemoryStorage } from '../client-fixtures';
import { createEntry } from './mcp-fixtures';

describe('the tab’s MCP servers in sessionStorage', () => {
  it('keeps each server with its headers and choices, not its connection, and restores it idle', () => {
    const storage = createMemoryStorage();
    writeSessionMcpServers(storage, [createEntry({ toolChoices: { forecast: { excluded: true } } })]);
    expect([...storage.items.values()].join()).not.toContain('Weather Server');
    const [restored] = readSessionMcpServers(storage);
    expect(restored).toMatchObject({
      id: 'url:http://127.0.0.1:9/mcp',
      source: { kind: 'url', headers: [{ name: 'Authorization', value: 'Bearer s3cret' }] },
      namespace: 'weather',
      toolChoices: { forecast: { excluded: true } },
      connection: { status: 'idle' },
    });
  });

  it('removes the entry when no server is left, and ignores what it cannot read', () => {
    const storage = createMemoryStorage();
    writeSessionMcpServers(storage, [createEntry()]);
    writeSessionMcpServers(storage, []);
    expect(storage.items.size).toBe(0);
    storage.items.set('playground:mcp-servers:v1', '[{"source":{"kind":"ftp"}},');
    expect(readSessionMcpServers(storage)).toEqual([]);
    storage.items.set('playground:mcp-servers:v1', '[{"source":{"kind":"operator","key":"files"},"namespace":"files"},{"source":{"kind":"ftp"}}]');
    expect(readSessionMcpServers(storage)).toMatchObject([{ id: 'operator:files', included: true }]);
  });
});
