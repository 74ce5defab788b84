import { describe, expect, it } from 'vitest';
import { err, ok } from '@/lib/runtime';
import type { CompileResponse, CompiledToolDetail } from '@/lib/client/compile';
import { createToolDetailStore } from '@/lib/client/api';
import { createCompileResponse, createToolView } from './client-fixtures';

const KEY = 'b'.repeat(64);

function detailOf(index: number): CompiledToolDetail {
  const schema = { type: 'object', properties: { [`field${index}`]: { type: 'string' } }, additionalProperties: false };
  return { jsonSchema: schema, sentSchema: schema, strictReport: { ok: true, violations: [] }, strictified: null };
}

/** A large module's answer: five tools, details left to be fetched. */
function largeResponse(): CompileResponse {
  const tools = Array.from({ length: 5 }, (_, index) => createToolView({ index, name: `tool_${index}`, qualifiedName: `tool_${index}` }));
  return { ...createCompileResponse(tools), moduleKey: KEY, details: null };
}

function fakeServer(options: { forgetFirst?: boolean } = {}) {
  const requests: number[][] = [];
  let forgotten = options.forgetFirst ?? false;
  const compiles: string[] = [];
  const store = createToolDetailStore({
    batchSize: 2,
    fetchDetails: async (moduleKey, indexes) => {
      requests.push([...indexes]);
      if (moduleKey !== KEY || forgotten) return err({ code: 'http', status: 404, message: '404 This compile answer is no longer held by the server' });
      return ok({ indexes: [...indexes], details: indexes.map(detailOf) });
    },
    compile: async (source) => {
      compiles.push(source);
      forgotten = false;
      return ok(largeResponse());
    },
  });
  return { store, requests, compiles };
}

describe('the tool detail store', () => {
  it('answers inline details at once, without a request', () => {
    const { store, requests } = fakeServer();
    const response = createCompileResponse([createToolView({ index: 0 }), createToolView({ index: 1, name: 'b', qualifiedName: 'b' })]);
    store.remember('source', response);
    expect(store.peek(response.moduleKey, 1)).toEqual(response.details?.[1]);
    expect(store.sourceOf(response.moduleKey)).toBe('source');
    expect(requests).toEqual([]);
  });

  it('fetches a large module’s details in batches and answers them in the order asked', async () => {
    const { store, requests } = fakeServer();
    store.remember('source', largeResponse());
    expect(store.peek(KEY, 3)).toBeUndefined();
    const loaded = await store.load(KEY, [4, 0, 3, 1, 2]);
    expect(loaded.ok && loaded.value.map((detail) => Object.keys(detail.jsonSchema.properties as object)[0])).toEqual(['field4', 'field0', 'field3', 'field1', 'field2']);
    expect(requests).toEqual([
      [4, 0],
      [3, 1],
      [2],
    ]);
    expect(store.peek(KEY, 3)).toEqual(detailOf(3));
  });

  it('asks once for a detail two rows want at the same time, and never again once it has it', async () => {
    const { store, requests } = fakeServer();
    store.remember('source', largeResponse());
    const [first, second] = await Promise.all([store.load(KEY, [2]), store.load(KEY, [2])]);
    expect(first).toEqual(second);
    await store.load(KEY, [2]);
    expect(requests).toEqual([[2]]);
  });

  it('compiles the module again when the server has forgotten it, then fetches', async () => {
    const { store, requests, compiles } = fakeServer({ forgetFirst: true });
    store.remember('the module text', largeResponse());
    const loaded = await store.load(KEY, [1]);
    expect(loaded.ok && loaded.value[0]).toEqual(detailOf(1));
    expect(compiles).toEqual(['the module text']);
    expect(requests).toEqual([[1], [1]]);
  });

  it('reports a failure the row can show, and a later load tries again', async () => {
    let failing = true;
    const store = createToolDetailStore({
      fetchDetails: async (_key, indexes) => (failing ? err({ code: 'network', message: 'Could not reach /api/tools/compile/details' }) : ok({ indexes: [...indexes], details: indexes.map(detailOf) })),
      compile: async () => ok(largeResponse()),
    });
    store.remember('source', largeResponse());
    expect(await store.load(KEY, [0])).toEqual({ ok: false, error: { code: 'network', message: 'Could not reach /api/tools/compile/details' } });
    failing = false;
    expect(await store.load(KEY, [0])).toEqual({ ok: true, value: [detailOf(0)] });
  });

  it('forgets the oldest compile past its limit', async () => {
    const store = createToolDetailStore({ maxModules: 1, fetchDetails: async () => err({ code: 'network', message: 'x' }), compile: async () => err({ code: 'network', message: 'x' }) });
    const first = createCompileResponse([createToolView()]);
    store.remember('one', first);
    store.remember('two', { ...createCompileResponse([createToolView()]), moduleKey: 'c'.repeat(64) });
    expect(store.peek(first.moduleKey, 0)).toBeUndefined();
    const loaded = await store.load(first.moduleKey, [0]);
    expect(loaded.ok ? null : loaded.error.message).toMatch(/no longer known to the page/);
  });
});
