/**
 * Tool modules that exercise how an export carries a module over. Each compiles in the
 * playground's sandbox as it stands.
 */

/** Helpers, a constant, a type and each kind of result an execute can give. */
export const CONTEXT_MODULE = `import { z } from 'zod';
import { defineTool, type ToolContext, type ToolReturn } from 'playground';

// Kept as written: a constant, a type and a helper outside the tools.
const GREETING = 'Hello';
type ContextShape = { callId: string; timeoutMs: number; aborted: boolean };

function describeContext(ctx: ToolContext): ContextShape {
  return { callId: ctx.callId, timeoutMs: ctx.timeoutMs, aborted: ctx.signal.aborted };
}

export default [
  defineTool({
    name: 'inspect_context',
    description: 'Report what ctx holds.',
    schema: z.object({}),
    timeoutMs: 5000,
    isReadOnly: true,
    execute: async (_args, ctx) => describeContext(ctx),
  }),
  defineTool({
    name: 'greet',
    description: 'Greet someone; the result carries details and ends the turn.',
    schema: z.object({ name: z.string(), punctuation: z.string().default('!') }),
    execute: async (args): Promise<ToolReturn> => ({ content: \`\${GREETING}, \${args.name}\${args.punctuation}\`, details: { length: args.name.length }, endTurn: true }),
  }),
  defineTool({
    name: 'forget',
    description: 'Delete a file and return nothing.',
    jsonSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
    execute: async (args, ctx) => {
      ctx.files.delete(args.path);
    },
  }),
  defineTool({
    name: 'ask_person',
    namespace: 'desk',
    namespaceDescription: 'Questions for a person.',
    description: 'Answered by a person.',
    schema: z.object({ question: z.string() }),
  }),
];
`;

/**
 * "export default" and imports of other modules where they do not count: comments, strings,
 * template literals (nested), a regular expression and a description. The default export is
 * `export { tools as default }`, `defineTool` is imported under another name, and the module's
 * own `tools` makes the export rename its binding.
 */
export const TRICKY_MODULE = `// export default [] would be wrong here; so would import x from 'lodash'.
import { z } from 'zod';
/* export default nothing; import { y } from "left-pad"; */
import { defineTool as define, type ToolContext as Context } from 'playground';

const banner = "export default 'not me'";
const sql = 'import * as db from \\'pg\\'';
const pattern = /export default|import .* from 'fs'/;
const ratio = 10 / 2 / 5;
const nested = \`export default \${\`import x from 'y' \${'}'}\`} done\`;

function label(ctx: Context, text: string): string {
  return \`\${ctx.callId}: \${text}\`;
}

const tools = [
  define({
    name: 'echo',
    description: 'export default: echo the text back',
    schema: z.object({ text: z.string() }),
    execute: async (args, ctx) => label(ctx, [args.text, banner, sql, String(pattern.test('export default')), ratio, nested].join(' | ')),
  }),
];

export { tools as default };
`;

/** What the echo tool of `TRICKY_MODULE` answers for `text` under `callId`. */
export function trickyEcho(callId: string, text: string): string {
  return `${callId}: ${text} | export default 'not me' | import * as db from 'pg' | true | 1 | export default import x from 'y' } done`;
}

/** One tool, default-exported on its own from a binding named like the SDKs' `tool()`. */
export const SINGLE_TOOL_MODULE = `import { defineTool } from 'playground';

const tool = defineTool({
  name: 'jsonSchema',
  description: 'Doubles a number; named like an SDK import.',
  jsonSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'], additionalProperties: false },
  execute: ({ n }) => ({ doubled: n * 2 }),
});

export default tool;
`;
