/**
 * Tool modules and scripts the abuse suite (and `bench/attack-latency.bench.ts`) attacks the
 * server with. Each module is TypeScript source exactly as a visitor would paste it.
 */

const HEADER = `import { z } from 'zod';
import { defineTool } from 'playground';
`;

/** A module default-exporting the given `defineTool({...})` expressions. */
export function defineModule(tools: readonly string[], prelude = ''): string {
  return `${HEADER}${prelude}\nexport default [\n${tools.map((tool) => `  ${tool},\n`).join('')}];\n`;
}

/** A scripted model config: per iteration the calls (raw argument strings), then a closing text. */
export function scriptedModel(iterations: readonly (readonly [name: string, args: string][])[], closing = 'Done.') {
  return {
    provider: 'scripted' as const,
    script: [...iterations.map((calls) => ({ calls: calls.map(([name, args]) => ({ name, arguments: args })) })), { text: closing }],
  };
}

/** Calls `name` `count` times with the same arguments in one iteration. */
export function repeatCall(name: string, count: number, args = '{}'): [string, string][] {
  return Array.from({ length: count }, () => [name, args]);
}

export const ECHO_TOOL = `defineTool({ name: 'echo', description: 'Echoes its text.', schema: z.object({ text: z.string() }), isReadOnly: true, execute: (args) => args.text })`;

/** A small normal turn: one echo call that must succeed with the text. */
export const NORMAL_TURN = {
  source: defineModule([ECHO_TOOL]),
  model: scriptedModel([[['echo', JSON.stringify({ text: 'still here' })]]], 'Echoed.'),
};

export const SPIN_TOOL = `defineTool({ name: 'spin', description: 'Spins.', schema: z.object({}), isReadOnly: true, execute: () => { for (;;) {} } })`;

export const TOP_LEVEL_SPIN_MODULE = `${HEADER}\nwhile (true) {}\nexport default [];\n`;

/** `for (;;) xs.push(new Uint8Array(8 MB))`, and a string that doubles until it cannot. */
export const MEMORY_HOG_TOOLS = [
  `defineTool({ name: 'hog_arrays', description: 'Allocates typed arrays forever.', schema: z.object({}), isReadOnly: true, execute: () => { const xs = []; for (;;) xs.push(new Uint8Array(8 << 20)); } })`,
  `defineTool({ name: 'hog_strings', description: 'Doubles a string forever.', schema: z.object({}), isReadOnly: true, execute: () => { const xs = []; let s = 'x'; for (;;) { s = s + s; xs.push(s); } } })`,
];

export const OK_TOOL = `defineTool({ name: 'ok', description: 'Answers ok after a short wait.', schema: z.object({}), isReadOnly: true, execute: async (args, ctx) => { await ctx.sleep(300); return 'ok'; } })`;

export const FILE_FLOOD_TOOL = `defineTool({ name: 'flood_files', description: 'Writes 6,000 files of 1 MB.', schema: z.object({}), execute: (args, ctx) => {
    const text = 'x'.repeat(1 << 20);
    for (let i = 0; i < 6000; i++) ctx.files.write('flood/' + i + '.txt', text);
    return 'wrote 6000 files';
  } })`;

export const LOG_FLOOD_TOOL = `defineTool({ name: 'flood_logs', description: 'Logs 100,000 lines of 1,000 characters.', schema: z.object({}), isReadOnly: true, execute: (args, ctx) => {
    const line = 'x'.repeat(1000);
    for (let i = 0; i < 100000; i++) ctx.log(line);
    return 'logged';
  } })`;

/** A tool that waits for an approval nobody gives: its turn holds a slot, waiting. */
export const APPROVAL_TOOL = `defineTool({ name: 'wipe', description: 'Deletes everything, once approved.', schema: z.object({}), isDestructive: true, needsApproval: true, execute: () => 'wiped' })`;

export const SLEEP_TOOL = `defineTool({ name: 'nap', description: 'Sleeps three seconds.', schema: z.object({}), isReadOnly: true, execute: async (args, ctx) => { await ctx.sleep(3000); return 'rested'; } })`;

/** A JSON Schema tool (not strict, so the schema is used exactly as written). */
export function jsonSchemaTool(name: string, schema: unknown, extra = ''): string {
  return `defineTool({ name: '${name}', description: 'Takes ${name.replace(/_/g, ' ')}.', strict: false, isReadOnly: true, jsonSchema: ${JSON.stringify(schema)},${extra} execute: () => 'accepted' })`;
}

const EVIL = `${'a'.repeat(36)}!`;

/**
 * Catastrophic-backtracking patterns and quadratic uniqueItems, each with the arguments that
 * trigger it and arguments a correct validator accepts (so one that refuses everything shows).
 */
export const CATASTROPHIC_CASES: { tool: string; name: string; args: string; validArgs: string }[] = [
  { name: 'evil_pattern', tool: jsonSchemaTool('evil_pattern', { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } }, required: ['s'] }), args: JSON.stringify({ s: EVIL }), validArgs: JSON.stringify({ s: 'aaaa' }) },
  { name: 'evil_keys', tool: jsonSchemaTool('evil_keys', { type: 'object', patternProperties: { '^(a+)+$': { type: 'string' } }, additionalProperties: false }), args: JSON.stringify({ [EVIL]: 'x' }), validArgs: JSON.stringify({ aaaa: 'x' }) },
  { name: 'evil_names', tool: jsonSchemaTool('evil_names', { type: 'object', propertyNames: { pattern: '^(a+)+$' } }), args: JSON.stringify({ [EVIL]: 'x' }), validArgs: JSON.stringify({ aaaa: 'x' }) },
  // Distinct untyped items force Ajv's pairwise deep-equal; 16,000 numbers fit the 100,000-character argument limit.
  {
    name: 'unique_numbers',
    tool: jsonSchemaTool('unique_numbers', { type: 'object', properties: { xs: { type: 'array', uniqueItems: true } }, required: ['xs'] }),
    args: JSON.stringify({ xs: [...Array.from({ length: 10_000 }, (_, i) => i), ...Array.from({ length: 6_000 }, (_, i) => -(i + 1))] }),
    validArgs: JSON.stringify({ xs: [1, 2, 3] }),
  },
];

/** uniqueItems over 20,000 distinct objects, through outputSchema (arguments cannot carry that many). */
export const UNIQUE_OBJECTS_OUTPUT_TOOL = `defineTool({ name: 'unique_objects', description: 'Returns 20,000 distinct objects.', isReadOnly: true, schema: z.object({}),
    outputSchema: { type: 'array', uniqueItems: true, items: { type: 'object' } },
    execute: () => Array.from({ length: 20000 }, (_, i) => ({ a: i })) })`;

/** Schemas whose smallest valid instance is huge or infinite, for the auto model's generator. */
export const GENERATOR_CASES: { name: string; schema: unknown }[] = [
  { name: 'wide_object', schema: { type: 'object', minProperties: 8000 } },
  { name: 'long_string', schema: { type: 'object', properties: { s: { type: 'string', minLength: 10_000_000 } }, required: ['s'] } },
  { name: 'many_items', schema: { type: 'object', properties: { xs: { type: 'array', minItems: 1_000_000 } }, required: ['xs'] } },
  { name: 'nested_repeat', schema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a{1000}){1000}$' } }, required: ['s'] } },
  {
    name: 'ref_fanout',
    schema: { type: 'object', properties: { a: { $ref: '#' }, b: { $ref: '#' }, c: { $ref: '#' }, d: { $ref: '#' } }, required: ['a', 'b', 'c', 'd'] },
  },
];

/** 50,000 properties built at top level for one tool's jsonSchema. */
export const WIDE_SCHEMA_MODULE = `${HEADER}
const properties = {};
for (let i = 0; i < 50000; i++) properties['p' + i] = { type: 'string', description: 'Property number ' + i };
export default [defineTool({ name: 'wide', description: 'Wide.', jsonSchema: { type: 'object', properties }, execute: () => 'ok' })];
`;

/** 5,000 tools from a loop. */
export const MANY_TOOLS_MODULE = `${HEADER}
export default Array.from({ length: 5000 }, (_, i) => defineTool({ name: 'tool_' + i, description: 'Tool number ' + i, schema: z.object({ a: z.string(), b: z.number().optional() }), execute: () => 'ok' }));
`;

/** A distinct (never cached) module of `count` Zod tools: real compile work for the pool. */
export function createBigModule(tag: string, count = 150): string {
  const tools = Array.from(
    { length: count },
    (_, index) =>
      `defineTool({ name: 't${index}_${tag}', description: 'Tool ${index} of ${tag}.', schema: z.object({ id: z.string().min(1), size: z.number().int().max(${index + 10}), tags: z.array(z.enum(['a', 'b', 'c'])).optional(), nested: z.object({ x: z.string(), y: z.boolean() }) }), isReadOnly: true, execute: () => 'ok' })`,
  );
  return defineModule(tools, `// ${tag}\n`);
}
