import { describe, expect, it } from 'vitest';
import { RELIST_AFTER_MS, selectServersToRelist } from '@/lib/client/mcp';
import { createEntry, createMcpToolView, SERVER_INFO } from './mcp-fixtures';

const connected = { status: 'connected' as const, server: SERVER_INFO, tools: [createMcpToolView('get_weather')] };

describe('selectServersToRelist', () => {
  it('lists again the connected servers offered to turns whose listing is older than the interval', () => {
    const stale = createEntry({ id: 'url:a', connection: connected });
    const fresh = createEntry({ id: 'url:b', connection: connected });
    const listedAt = new Map([
      ['url:a', 1_000],
      ['url:b', 1_000 + RELIST_AFTER_MS],
    ]);
    expect(selectServersToRelist([stale, fresh], listedAt, 1_000 + RELIST_AFTER_MS).map((entry) => entry.id)).toEqual(['url:a']);
  });

  it('leaves out servers left out of turns, not connected, or not yet timed', () => {
    const listedAt = new Map([
      ['url:out', 0],
      ['url:failed', 0],
      ['url:connecting', 0],
    ]);
    const servers = [
      createEntry({ id: 'url:out', included: false, connection: connected }),
      createEntry({ id: 'url:failed', connection: { status: 'failed', message: 'HTTP 401' } }),
      createEntry({ id: 'url:connecting', connection: { status: 'connecting' } }),
      createEntry({ id: 'url:new', connection: connected }),
    ];
    expect(selectServersToRelist(servers, listedAt, RELIST_AFTER_MS * 10)).toEqual([]);
  });
});
