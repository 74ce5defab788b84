import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkStrictSchema,
  defineTool,
  type JsonSchema,
  type JsonValue,
  MAX_ARGUMENT_LENGTH,
  repairArguments,
  type Tool,
  createJsonSchemaValidator,
} from '@/lib/runtime';

/** The same parameters twice: validated by Zod and, verbatim, by Ajv. */
const orderSchema = z.object({
  id: z.string().min(1).max(40),
  quantity: z.number().int().min(1).max(1000),
  express: z.boolean(),
  tags: z.array(z.string().max(20)).max(5),
  address: z.object({ city: z.string(), zip: z.string().regex(/^\d{5}$/) }),
  note: z.string().nullable(),
});
const orderJsonSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 40 },
    quantity: { type: 'integer', minimum: 1, maximum: 1000 },
    express: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 5 },
    address: {
      type: 'object',
      properties: { city: { type: 'string' }, zip: { type: 'string', pattern: '^\\d{5}$' } },
      required: ['city', 'zip'],
      additionalProperties: false,
    },
    note: { type: ['string', 'null'] },
  },
  required: ['id', 'quantity', 'express', 'tags', 'address', 'note'],
  additionalProperties: false,
};

const execute = () => 'ok';
const TOOLS: Tool[] = [
  defineTool({ name: 'order_zod', description: 'Place an order.', schema: orderSchema, execute }),
  defineTool({ name: 'order_json', description: 'Place an order.', jsonSchema: orderJsonSchema, execute }),
];
const compiledOrder = createJsonSchemaValidator(orderJsonSchema);
if (!compiledOrder.ok) throw new Error(compiledOrder.error);

const validOrder = fc.record({
  id: fc.string({ minLength: 1, maxLength: 40 }),
  quantity: fc.integer({ min: 1, max: 1000 }),
  express: fc.boolean(),
  tags: fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
  address: fc.record({ city: fc.string(), zip: fc.stringMatching(/^\d{5}$/) }),
  note: fc.option(fc.string(), { nil: null }),
});

/** Small edits a model's output suffers: a deleted, duplicated or replaced character, a cut tail, a prefix. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), with: fc.constantFrom('"', "'", ',', '}', '{', ']', ':', '\\', '\n', 'x', '\u0000') }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('wrap' as const), prefix: fc.constantFrom('```json\n', 'Here you go: ', '<args>', '"'), suffix: fc.constantFrom('\n```', '', '</args>', '"') }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function applyMutation(text: string, edit: Mutation): string {
  if (edit.kind === 'wrap') return `${edit.prefix}${text}${edit.suffix}`;
  const at = text.length === 0 ? 0 : edit.at % text.length;
  switch (edit.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + 1);
    case 'duplicate':
      return text.slice(0, at + 1) + text.slice(at);
    case 'replace':
      return text.slice(0, at) + edit.with + text.slice(at + 1);
    case 'truncate':
      return text.slice(0, at);
  }
}

/**
 * The property every raw argument string must satisfy, whatever it is: the ladder and the
 * validator never throw, and the outcome is either arguments that validate or a clear error.
 */
async function expectValueOrClearError(raw: string): Promise<void> {
  const repaired = repairArguments(raw);
  if (!repaired.ok) {
    expect(repaired.error.message.trim().length).toBeGreaterThan(10);
    return;
  }
  for (const tool of TOOLS) {
    const validated = await tool.validateArguments(repaired.value);
    if (validated.ok) {
      expect(compiledOrder.ok && compiledOrder.value(validated.value)).toEqual([]);
    } else {
      expect(validated.error.length).toBeGreaterThan(0);
      for (const issue of validated.error) {
        expect(typeof issue.path).toBe('string');
        expect(issue.message.trim().length).toBeGreaterThan(0);
      }
    }
  }
}

function nest(depth: number, open: string, close: string, inner = '1'): string {
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
}

describe('argument pipeline under fuzzing (repair → validate)', () => {
  it('valid orders pass both validators unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(validOrder, async (order) => {
        const repaired = repairArguments(JSON.stringify(order));
        expect(repaired).toEqual({ ok: true, value: order, repairs: [] });
        for (const tool of TOOLS) expect(await tool.validateArguments(order)).toEqual({ ok: true, value: order });
      }),
      { numRuns: 150 },
    );
  });

  it('mutated orders end as a validating value or a clear error', async () => {
    await fc.assert(
      fc.asyncProperty(validOrder, fc.array(mutation, { minLength: 1, maxLength: 4 }), async (order, edits) => {
        await expectValueOrClearError(edits.reduce(applyMutation, JSON.stringify(order)));
      }),
      { numRuns: 400 },
    );
  });

  it('random JSON values and random strings never throw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json({ maxDepth: 6 }), fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 100 })), expectValueOrClearError),
      { numRuns: 400 },
    );
  });

  it('deeply nested input is refused or rejected, not a stack overflow', async () => {
    for (const depth of [100, 2_000, 50_000]) {
      await expectValueOrClearError(nest(depth, '[', ']'));
      await expectValueOrClearError(nest(depth, '{"a":', '}'));
      await expectValueOrClearError(`{"id":${nest(depth, '[', ']')}}`);
      // Truncated: the ladder's tail-closing rung sees thousands of open brackets.
      await expectValueOrClearError(`{"id":${'['.repeat(depth)}`);
      await expectValueOrClearError(`{"id":${'{"a":'.repeat(depth)}`);
    }
  });

  it('deeply nested values are rejected by the validators with an issue, not a throw', async () => {
    let deep: JsonValue = 'leaf';
    for (let level = 0; level < 5_000; level += 1) deep = { nested: deep };
    for (const tool of TOOLS) {
      const validated = await tool.validateArguments({ id: 'x', quantity: 1, express: true, tags: [], address: deep, note: null });
      expect(validated.ok).toBe(false);
    }
  });

  it('huge strings: within the limit they validate or fail on the length rule; past it they are refused', async () => {
    const order = { id: 'a'.repeat(900_000), quantity: 1, express: false, tags: [], address: { city: 'Oslo', zip: '01234' }, note: null };
    const repaired = repairArguments(JSON.stringify(order));
    expect(repaired.ok).toBe(true);
    for (const tool of TOOLS) {
      const validated = await tool.validateArguments(order);
      expect(validated.ok).toBe(false);
      if (!validated.ok) expect(validated.error.map((issue) => issue.path)).toContain('/id');
    }
    const tooLarge = repairArguments(`{"id":"${'b'.repeat(MAX_ARGUMENT_LENGTH)}"}`);
    expect(tooLarge).toMatchObject({ ok: false, error: { code: 'too-large' } });
    await expectValueOrClearError(`{"note":"${'"'.repeat(200_000)}`);
    await expectValueOrClearError(`'${"\\'".repeat(100_000)}'`);
  });
});

describe('checkStrictSchema on hostile schemas', () => {
  function expectCoherentReport(schema: unknown): void {
    const report = checkStrictSchema(schema);
    expect(report.ok).toBe(report.violations.length === 0);
    for (const violation of report.violations) {
      expect(typeof violation.pointer).toBe('string');
      expect(violation.message.trim().length).toBeGreaterThan(0);
    }
  }

  it('reports deep nesting instead of recursing without bound', () => {
    let schema: JsonSchema = { type: 'string' };
    for (let level = 0; level < 5_000; level += 1) {
      schema = { type: 'object', properties: { child: schema }, required: ['child'], additionalProperties: false };
    }
    const report = checkStrictSchema(schema);
    expect(report.ok).toBe(false);
    expect(report.violations.some((violation) => violation.rule.includes('nesting') || violation.message.toLowerCase().includes('nest'))).toBe(true);
  });

  it('survives self-referencing $ref, huge enums and huge property counts', () => {
    expectCoherentReport({ type: 'object', properties: { a: { $ref: '#' } }, required: ['a'], additionalProperties: false });
    expectCoherentReport({ type: 'object', $defs: { loop: { $ref: '#/$defs/loop' } }, properties: { a: { $ref: '#/$defs/loop' } }, required: ['a'], additionalProperties: false });
    const values = Array.from({ length: 20_000 }, (_, index) => `value-${index}-${'x'.repeat(20)}`);
    const enumReport = checkStrictSchema({ type: 'object', properties: { a: { type: 'string', enum: values } }, required: ['a'], additionalProperties: false });
    expect(enumReport.ok).toBe(false);
    const properties = Object.fromEntries(Array.from({ length: 6_000 }, (_, index) => [`p${index}`, { type: 'string' }]));
    const wide = checkStrictSchema({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
    expect(wide.ok).toBe(false);
  });

  it('never throws on arbitrary values, including non-JSON ones', () => {
    fc.assert(fc.property(fc.anything({ maxDepth: 5 }), expectCoherentReport), { numRuns: 300 });
  });
});
