import { ok, err, type Result } from '@/lib/runtime';

const ZOD_IMPORT = "import { z } from 'zod';";
const PLAYGROUND_IMPORT = "import { defineTool } from 'playground';";

/** The module with a starter tool appended to its default export, and the line the starter opens on. */
export type ToolStarter = { source: string; line: number; name: string };

/**
 * Appends a small, working `defineTool` (a Zod schema, a read-only flag, an `execute` that logs
 * and answers) at the end of the module's `export default [ … ]`, named `new_tool` (or
 * `new_tool_2`, … when taken), and adds the imports it needs. An empty module becomes one with
 * just the starter. A module without an `export default [` array is left alone, with the reason.
 */
export function addToolStarter(source: string): Result<ToolStarter, string> {
  const name = pickName(source);
  if (source.trim() === '') {
    const module = `${ZOD_IMPORT}\n${PLAYGROUND_IMPORT}\n\nexport default [\n${renderStarter(name)}\n];\n`;
    return ok({ source: module, line: 5, name });
  }
  const open = /export\s+default\s+\[/.exec(source);
  if (!open) return err('The module has no `export default [ … ]` array to add a tool to.');
  const close = findClosingBracket(source, open.index + open[0].length);
  if (close === undefined) return err('The `export default [` array is not closed; fix the module first.');
  const before = source.slice(0, close).replace(/\s*$/, '');
  const needsComma = !before.endsWith('[') && !before.endsWith(',');
  const withTool = `${before}${needsComma ? ',' : ''}\n${renderStarter(name)}\n${source.slice(close)}`;
  const imports = [withTool.includes("from 'zod'") || withTool.includes('from "zod"') ? '' : `${ZOD_IMPORT}\n`, /from ['"]playground['"]/.test(withTool) ? '' : `${PLAYGROUND_IMPORT}\n`].join('');
  const next = `${imports}${withTool}`;
  const line = next.slice(0, imports.length + before.length + (needsComma ? 1 : 0)).split('\n').length + 1;
  return ok({ source: next, line, name });
}

function renderStarter(name: string): string {
  return [
    '  defineTool({',
    `    name: '${name}',`,
    "    description: 'Say what the tool does and when the model should call it.',",
    '    schema: z.object({',
    "      query: z.string().describe('What to look for'),",
    '    }),',
    '    isReadOnly: true,',
    '    execute: async (args, ctx) => {',
    `      ctx.log(\`${name}: \${args.query}\`);`,
    '      return { content: { query: args.query, found: [] } };',
    '    },',
    '  }),',
  ].join('\n');
}

function pickName(source: string): string {
  for (let index = 1; ; index += 1) {
    const name = index === 1 ? 'new_tool' : `new_tool_${index}`;
    if (!new RegExp(`name:\\s*['"\`]${name}['"\`]`).test(source)) return name;
  }
}

/**
 * The index of the `]` that closes the bracket opened just before `from`, skipping strings,
 * template literals and comments (a `]` inside them does not count).
 */
function findClosingBracket(source: string, from: number): number | undefined {
  let depth = 1;
  for (let index = from; index < source.length; index += 1) {
    const character = source[index];
    const next = source[index + 1];
    if (character === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      index = end === -1 ? source.length : end;
    } else if (character === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      index = end === -1 ? source.length : end + 1;
    } else if (character === '"' || character === "'" || character === '`') {
      index = skipString(source, index, character);
    } else if (character === '[' || character === '(' || character === '{') {
      depth += 1;
    } else if (character === ']' || character === ')' || character === '}') {
      depth -= 1;
      if (depth === 0) return character === ']' ? index : undefined;
    }
  }
  return undefined;
}

function skipString(source: string, start: number, quote: string): number {
  for (let index = start + 1; index < source.length; index += 1) {
    if (source[index] === '\\') index += 1;
    else if (source[index] === quote) return index;
    else if (quote !== '`' && source[index] === '\n') return index;
  }
  return source.length;
}
