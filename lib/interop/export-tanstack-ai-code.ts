import type { CodeExport } from './export-code';
import type { InteropTool } from './interop-tool';
import { createIdentifier, renderCodeLiteral, renderStringLiteral } from './render-code-literal';
import { describeFlattenedNamespaces, flattenToolName } from './resolve-openai-schema';

/**
 * TanStack AI code (`@tanstack/ai` 0.58): a shared `toolDefinition({ name, description,
 * inputSchema, needsApproval, lazy })` per tool and its `.server(execute)` implementation.
 * TanStack adapts schemas per provider itself, so `inputSchema` is the schema as authored;
 * `lazy` is its counterpart of deferred loading.
 */
export function exportTanstackAiCode(tools: readonly InteropTool[]): CodeExport {
  const notes = [...describeFlattenedNamespaces(tools)];
  const taken = new Set<string>();
  const blocks: string[] = [];
  const servers: string[] = [];
  for (const tool of tools) {
    const definition = createIdentifier(tool.qualifiedName, taken, 'Definition');
    const server = createIdentifier(tool.qualifiedName, taken);
    if (tool.needsApproval === 'dynamic') notes.push(`${tool.qualifiedName}: approval depends on the arguments in the playground; TanStack takes a boolean, so it is exported as needsApproval: true.`);
    blocks.push(
      [
        `export const ${definition} = toolDefinition({`,
        `  name: ${renderStringLiteral(flattenToolName(tool))},`,
        `  description: ${renderStringLiteral(tool.description)},`,
        `  inputSchema: ${renderCodeLiteral(tool.jsonSchema, 1)},`,
        ...(tool.needsApproval !== false ? ['  needsApproval: true,'] : []),
        ...(tool.deferLoading ? ['  lazy: true,'] : []),
        '});',
        '',
        `export const ${server} = ${definition}.server(async (args) => ({`,
        `  note: ${renderStringLiteral(`Exported from Tool Runtime Playground: implement ${tool.qualifiedName} here.`)},`,
        '  args,',
        '}));',
      ].join('\n'),
    );
    servers.push(server);
  }
  const text = ["import { toolDefinition } from '@tanstack/ai';", '', ...blocks.flatMap((block) => [block, '']), `export const tools = [${servers.join(', ')}];`, ''].join('\n');
  return { text, notes };
}
