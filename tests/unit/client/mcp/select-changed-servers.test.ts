import { describe, expect, it } from 'vitest';
import { selectChangedServers } from '@/lib/client/mcp';
import type { RuntimeEvent } from '@/lib/runtime';
import { createEntry } from './mcp-fixtures';

const changed = (server: string, seq: number): RuntimeEvent => ({ type: 'tools-changed', turnId: 'turn_1', seq, at: seq, iteration: 2, server, added: ['weather.get_forecast'], removed: [], changed: [] });
const request: RuntimeEvent = { type: 'model-request', turnId: 'turn_1', seq: 0, at: 0, iteration: 1, offeredTools: [], deferredCount: 0, inputItemCount: 1 };

describe('selectChangedServers', () => {
  it('lists again the servers a turn said changed, by the name the turn knew them by (namespace, or an operator key)', () => {
    const weather = createEntry({ id: 'url:weather', namespace: 'weather' });
    const shop = createEntry({ id: 'url:shop', namespace: 'shop' });
    const files = createEntry({ id: 'operator:files', source: { kind: 'operator', key: 'files' }, namespace: 'files' });
    expect(selectChangedServers([weather, shop, files], [request, changed('weather', 5), changed('files', 6)]).map((entry) => entry.id)).toEqual(['url:weather', 'operator:files']);
  });

  it('also lists a server the turn could not list again, or one that had not connected yet', () => {
    const idle = createEntry({ id: 'url:weather', connection: { status: 'idle' } });
    const failed: RuntimeEvent = { ...changed('weather', 3), added: [], error: 'weather: Nothing answered.' } as RuntimeEvent;
    expect(selectChangedServers([idle], [failed]).map((entry) => entry.id)).toEqual(['url:weather']);
  });

  it('leaves alone a server left out of turns, one being listed already, and turns that changed nothing', () => {
    const out = createEntry({ id: 'url:out', namespace: 'weather', included: false });
    const connecting = createEntry({ id: 'url:busy', namespace: 'shop', connection: { status: 'connecting' } });
    expect(selectChangedServers([out, connecting], [changed('weather', 1), changed('shop', 2)])).toEqual([]);
    expect(selectChangedServers([createEntry()], [request])).toEqual([]);
  });
});
