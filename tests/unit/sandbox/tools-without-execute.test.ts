import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runTurn, type Tool, ZOD_TO_JSON_SCHEMA_OPTIONS } from '@/lib/runtime';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import type { SandboxTurn } from '@/lib/sandbox/turn/create-sandbox-turn';
import { openPooledSandboxTurn } from '@/lib/sandbox/pool/open-pooled-sandbox-turn';
import { createSandboxPool, type SandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';
import { contextFor, HEADER, openTurn, toolNamed } from './sandbox-test-helpers';

const JSON_OUTPUT = { type: 'object', properties: { total: { type: 'number', minimum: 0 } }, required: ['total'], additionalProperties: false };

const MODULE = `${HEADER}
export default [
  defineTool({
    name: 'get_order',
    description: 'Look an order up.',
    schema: z.object({ id: z.string() }),
    isReadOnly: true,
    outputSchema: z.object({ status: z.enum(['open', 'shipped']), items: z.array(z.object({ sku: z.string() })) }),
  }),
  defineTool({ name: 'get_total', description: 'The order total.', schema: z.object({}), isReadOnly: true, outputSchema: ${JSON.stringify(JSON_OUTPUT)} }),
  defineTool({ name: 'ask', description: 'Ask someone.', schema: z.object({}) }),
  defineTool({
    name: 'slow_check',
    description: 'An output schema whose refinement spins.',
    schema: z.object({}),
    outputSchema: z.string().refine(() => { for (;;) {} }),
  }),
  defineTool({ name: 'echo', description: 'Echo.', schema: z.object({}), execute: () => 'echo' }),
];
`;

const ORDER_OUTPUT = z.toJSONSchema(z.object({ status: z.enum(['open', 'shipped']), items: z.array(z.object({ sku: z.string() })) }), ZOD_TO_JSON_SCHEMA_OPTIONS);

describe('compiling tools without execute', () => {
  it('compiles them without diagnostics and describes their output schemas', async () => {
    const compiled = await compileToolModule(MODULE);
    expect(compiled.diagnostics).toEqual([]);
    const byName = Object.fromEntries(compiled.tools.map((tool) => [tool.name, tool]));
    expect(byName.get_order).toMatchObject({ hasExecute: false, hasOutputSchema: true, outputParameters: ORDER_OUTPUT });
    expect(byName.get_total).toMatchObject({ hasExecute: false, outputParameters: JSON_OUTPUT });
    expect(byName.ask).toMatchObject({ hasExecute: false, hasOutputSchema: false });
    expect(byName.ask).not.toHaveProperty('outputParameters');
    expect(byName.echo).toMatchObject({ hasExecute: true });
  });
});

describe('validateOutput in a sandbox turn', () => {
  it('checks a Zod output schema inside the sandbox and a JSON Schema with Ajv', async () => {
    const turn = await openTurn({ source: MODULE });
    try {
      const order = toolNamed(turn, 'get_order');
      expect(await order.validateOutput({ status: 'shipped', items: [{ sku: 'X' }] })).toEqual([]);
      expect(await order.validateOutput({ status: 'lost', items: [{ sku: 1 }] })).toEqual([
        { path: '/items/0/sku', message: 'must be a string, got number' },
        { path: '/status', message: 'must be one of "open", "shipped"' },
      ]);
      expect(await toolNamed(turn, 'get_total').validateOutput({ total: -1 })).toEqual([{ path: '/total', message: 'must be at least 0' }]);
      expect(await toolNamed(turn, 'ask').validateOutput('anything')).toEqual([]);
      const executed = await toolNamed(turn, 'ask').execute({}, contextFor('c1'));
      expect(executed).toMatchObject({ ok: false, error: { code: 'threw', message: expect.stringContaining('has no execute') } });
    } finally {
      turn.dispose();
    }
  });
});

describe('tools without execute in the pool', () => {
  const pools: SandboxPool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });
  const pool = createSandboxPool({ size: 1 });
  pools.push(pool);

  async function open(): Promise<SandboxTurn> {
    const turn = await openPooledSandboxTurn(pool, { source: MODULE });
    if (!turn.ok) throw new Error(JSON.stringify(turn.error));
    return turn.value;
  }
  const named = (turn: SandboxTurn, name: string): Tool => turn.tools.find((tool) => tool.name === name)!;

  it('reaches the HTTP thread as metadata and validates outputs in the worker', async () => {
    const turn = await open();
    try {
      expect(named(turn, 'get_order')).toMatchObject({ hasExecute: false, outputParameters: ORDER_OUTPUT });
      expect(named(turn, 'echo')).toMatchObject({ hasExecute: true });
      expect(await named(turn, 'get_order').validateOutput({ status: 'open', items: [] })).toEqual([]);
      expect(await named(turn, 'get_order').validateOutput({ status: 'lost', items: [] })).toEqual([{ path: '/status', message: 'must be one of "open", "shipped"' }]);
      expect(await named(turn, 'get_total').validateOutput({ total: 'ten' })).toEqual([{ path: '/total', message: 'must be a number, got string' }]);
    } finally {
      turn.dispose();
    }
  });

  it('stops an output schema that spins at the CPU budget and reports it as an issue', async () => {
    const turn = await open();
    try {
      const issues = await named(turn, 'slow_check').validateOutput('x');
      expect(issues).toEqual([{ path: '(root)', message: expect.stringMatching(/^Validation could not run: /) }]);
    } finally {
      turn.dispose();
    }
  }, 20_000);

  it('answers a call by hand in a turn on pooled tools, checked by the worker', async () => {
    const turn = await open();
    try {
      const model = createScriptedTestModel([
        { calls: [{ name: 'get_order', arguments: '{"id":"A"}', callId: 'o1' }, { name: 'get_order', arguments: '{"id":"B"}', callId: 'o2' }] },
        { text: 'done' },
      ]);
      const typed: Record<string, string> = { o1: '{"status":"open","items":[]}', o2: '{"status":"gone","items":[]}' };
      const outcome = await runTurn({ tools: turn.tools, model: model.client, input: [userMessage('go')], policy: { requestOutput: async (request) => typed[request.callId] ?? null } });
      // Both ran in one parallel batch: compare them in call order, whichever was checked first.
      const outputs = outcome.events.flatMap((event) => (event.type === 'tool-output' ? [[event.callId, event.status, event.output]] : [])).sort();
      expect(outputs).toEqual([
        ['o1', 'success', '{"status":"open","items":[]}'],
        ['o2', 'error', 'Error: get_order failed (output-invalid): The typed output does not match the output schema: /status: must be one of "open", "shipped"'],
      ]);
    } finally {
      turn.dispose();
    }
  });
});
