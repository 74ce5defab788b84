import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type JsonSchema, runTurn, type RuntimeEvent, type Tool, type ValidationIssue } from '@/lib/runtime';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { createSandboxTurn, type SandboxTurn } from '@/lib/sandbox/turn/create-sandbox-turn';
import { openPooledSandboxTurn } from '@/lib/sandbox/pool/open-pooled-sandbox-turn';
import { createSandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import { HEADER } from '../../sandbox/sandbox-test-helpers';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';

/**
 * One tool, written four ways (Zod or JSON Schema, in the host realm or in the sandbox), gets the
 * same invalid calls; the model must read the same words whichever validated them.
 */
const ZOD_SHAPE = `z.strictObject({
  'odd key': z.string(),
  count: z.number().int().min(1).max(10),
  unit: z.enum(['celsius', 'fahrenheit']),
  items: z.array(z.object({ name: z.string().min(2) })).max(3),
  label: z.string().max(5).optional(),
  code: z.string().regex(/^[\\w-.]+$/).optional(),
})`;

const JSON_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    'odd key': { type: 'string' },
    count: { type: 'integer', minimum: 1, maximum: 10 },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    items: { type: 'array', maxItems: 3, items: { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] } },
    label: { type: 'string', maxLength: 5 },
    code: { type: 'string', pattern: '^[\\w-.]+$' },
  },
  required: ['odd key', 'count', 'unit', 'items'],
  additionalProperties: false,
};

const VALID = { 'odd key': 'k', count: 3, unit: 'celsius', items: [{ name: 'ab' }] };
const callWith = (changes: Record<string, unknown>, removed: string[] = []) =>
  JSON.stringify(Object.fromEntries(Object.entries({ ...VALID, ...changes }).filter(([key]) => !removed.includes(key))));

/** Each invalid call and the issues it must produce, in this exact wording. */
const CASES: { id: string; arguments: string; issues: ValidationIssue[] }[] = [
  { id: 'missing-odd-key', arguments: callWith({}, ['odd key']), issues: [{ path: '/odd key', message: 'is required but missing' }] },
  { id: 'wrong-type', arguments: callWith({ 'odd key': 5 }), issues: [{ path: '/odd key', message: 'must be a string, got number' }] },
  { id: 'not-an-integer', arguments: callWith({ count: 2.5 }), issues: [{ path: '/count', message: 'must be an integer, got number' }] },
  { id: 'enum-miss', arguments: callWith({ unit: 'kelvin' }), issues: [{ path: '/unit', message: 'must be one of "celsius", "fahrenheit"' }] },
  { id: 'nested-item-type', arguments: callWith({ items: [{ name: 'ok' }, { name: 3 }] }), issues: [{ path: '/items/1/name', message: 'must be a string, got number' }] },
  { id: 'nested-item-missing', arguments: callWith({ items: [{}] }), issues: [{ path: '/items/0/name', message: 'is required but missing' }] },
  { id: 'additional-property', arguments: callWith({ extra: true }), issues: [{ path: '/extra', message: 'is not an allowed property; remove it' }] },
  { id: 'below-minimum', arguments: callWith({ count: 0 }), issues: [{ path: '/count', message: 'must be at least 1' }] },
  { id: 'above-maximum', arguments: callWith({ count: 11 }), issues: [{ path: '/count', message: 'must be at most 10' }] },
  { id: 'string-too-long', arguments: callWith({ label: 'toolong' }), issues: [{ path: '/label', message: 'must be at most 5 characters long' }] },
  { id: 'string-too-short', arguments: callWith({ items: [{ name: 'a' }] }), issues: [{ path: '/items/0/name', message: 'must be at least 2 characters long' }] },
  { id: 'too-many-items', arguments: callWith({ items: [{ name: 'ab' }, { name: 'cd' }, { name: 'ef' }, { name: 'gh' }] }), issues: [{ path: '/items', message: 'must have at most 3 items' }] },
  { id: 'pattern', arguments: callWith({ code: 'a b' }), issues: [{ path: '/code', message: 'must match the pattern ^[\\w-.]+$' }] },
  {
    id: 'several-problems',
    arguments: JSON.stringify({ unit: 3, count: '3', items: [], extra: 1 }),
    issues: [
      { path: '/count', message: 'must be a number, got string' },
      { path: '/extra', message: 'is not an allowed property; remove it' },
      { path: '/odd key', message: 'is required but missing' },
      { path: '/unit', message: 'must be one of "celsius", "fahrenheit"' },
    ],
  },
];

/** The one exception: Zod reports a non-number for an integer field as "must be a number", Ajv as "must be an integer". */
const INTEGER_TYPE_DIFFERENCE = { ajv: { path: '/count', message: 'must be an integer, got string' } };

const execute = () => 'configured';
const sandboxModule = (definition: string) => `${HEADER}export default [defineTool({ name: 'configure', description: 'Configure the device.', ${definition}, execute: () => 'configured' })];\n`;
const ZOD_MODULE = sandboxModule(`schema: ${ZOD_SHAPE}`);
const JSON_MODULE = sandboxModule(`jsonSchema: ${JSON.stringify(JSON_SCHEMA)}`);

type Source = { name: string; validator: 'zod' | 'ajv'; open: () => Promise<{ tools: Tool[]; dispose: () => void }> };

const pool = createSandboxPool({ size: 1 });

function fromSandboxTurn(opened: Awaited<ReturnType<typeof createSandboxTurn>> | Awaited<ReturnType<typeof openPooledSandboxTurn>>): { tools: Tool[]; dispose: () => void } {
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const turn: SandboxTurn = opened.value;
  return { tools: turn.tools, dispose: () => turn.dispose() };
}

const SOURCES: Source[] = [
  {
    name: 'host Zod tool',
    validator: 'zod',
    // The sandbox module's schema source, evaluated in the host realm: the two cannot drift apart.
    open: async () => ({ tools: [defineTool({ name: 'configure', description: 'Configure the device.', schema: new Function('z', `return ${ZOD_SHAPE}`)(z) as z.ZodObject, execute })], dispose: () => undefined }),
  },
  { name: 'host JSON-Schema tool', validator: 'ajv', open: async () => ({ tools: [defineTool({ name: 'configure', description: 'Configure the device.', jsonSchema: JSON_SCHEMA, execute })], dispose: () => undefined }) },
  { name: 'sandbox Zod tool (in process)', validator: 'zod', open: async () => fromSandboxTurn(await createSandboxTurn({ source: ZOD_MODULE })) },
  { name: 'sandbox JSON-Schema tool (in process)', validator: 'ajv', open: async () => fromSandboxTurn(await createSandboxTurn({ source: JSON_MODULE })) },
  { name: 'sandbox Zod tool (worker pool)', validator: 'zod', open: async () => fromSandboxTurn(await openPooledSandboxTurn(pool, { source: ZOD_MODULE })) },
  { name: 'sandbox JSON-Schema tool (worker pool)', validator: 'ajv', open: async () => fromSandboxTurn(await openPooledSandboxTurn(pool, { source: JSON_MODULE })) },
];

beforeAll(async () => {
  await prewarmSandboxPool();
});
afterAll(async () => {
  await pool.close();
});

/** What the model was sent and what the timeline shows, per call. */
async function rejectInvalidCalls(source: Source) {
  const { tools, dispose } = await source.open();
  try {
    const model = createScriptedTestModel([{ calls: CASES.map((entry) => ({ name: 'configure', arguments: entry.arguments, callId: entry.id })) }, { text: 'done' }]);
    const outcome = await runTurn({ tools, model: model.client, input: [userMessage('configure it')] });
    const byCall = <T,>(type: RuntimeEvent['type'], read: (event: RuntimeEvent) => T) =>
      Object.fromEntries(outcome.events.filter((event) => event.type === type).map((event) => [(event as { callId: string }).callId, read(event)]));
    return {
      outputs: byCall('tool-output', (event) => (event.type === 'tool-output' ? [event.status, event.output] : [])),
      issues: byCall('tool-input-error', (event) => (event.type === 'tool-input-error' ? event.issues : [])),
    };
  } finally {
    dispose();
  }
}

function expectedIssues(entry: (typeof CASES)[number], validator: Source['validator']): ValidationIssue[] {
  if (validator === 'ajv' && entry.id === 'several-problems') return entry.issues.map((issue) => (issue.path === '/count' ? INTEGER_TYPE_DIFFERENCE.ajv : issue));
  return entry.issues;
}

function modelText(issues: ValidationIssue[]): string {
  return `Error: invalid arguments for configure:\n${issues.map((issue) => `- ${issue.path}: ${issue.message}`).join('\n')}\nFix these and call configure again.`;
}

describe('the same invalid call gets the same model-visible words through every validation path', () => {
  for (const source of SOURCES) {
    it(source.name, async () => {
      const { outputs, issues } = await rejectInvalidCalls(source);
      for (const entry of CASES) {
        const expected = expectedIssues(entry, source.validator);
        expect(issues[entry.id], entry.id).toEqual(expected);
        expect(outputs[entry.id], entry.id).toEqual(['rejected', modelText(expected)]);
      }
    }, 30_000);
  }

  it('a valid call passes every path unchanged', async () => {
    for (const source of SOURCES) {
      const { tools, dispose } = await source.open();
      try {
        expect(await tools[0]?.validateArguments(VALID), source.name).toEqual({ ok: true, value: VALID });
      } finally {
        dispose();
      }
    }
  }, 30_000);
});
