import type { CodeExport } from './export-code';
import {
  bindImportName,
  createExportScope,
  describeExecuteSource,
  type ExecuteSource,
  renderExportHead,
  renderImportSpecifier,
  renderPlaygroundExecute,
  renderToolsExport,
  STUB_EXECUTES,
} from './embed-tool-module';
import type { InteropTool } from './interop-tool';
import { createIdentifier, renderCodeLiteral, renderStringLiteral } from '../schema';
import { describeFlattenedNamespaces, flattenToolName } from './resolve-openai-schema';

/**
 * TanStack AI code (`@tanstack/ai` 0.58): a shared `toolDefinition({ name, description,
 * inputSchema, needsApproval, lazy })` per tool and its `.server(execute)` implementation.
 * TanStack adapts schemas per provider itself, so `inputSchema` is the schema as authored;
 * `lazy` is its counterpart of deferred loading. With a carried-over module, each `.server(…)`
 * runs the module's execute with the call id and signal of TanStack's execution context.
 */
export function exportTanstackAiCode(tools: readonly InteropTool[], source: ExecuteSource = STUB_EXECUTES): CodeExport {
  const notes = [...describeFlattenedNamespaces(tools), ...describeExecuteSource(source)];
  const taken = createExportScope(source);
  const toolDefinition = bindImportName('toolDefinition', taken);
  const blocks: string[] = [];
  const servers: string[] = [];
  for (const tool of tools) {
    const definition = createIdentifier(tool.qualifiedName, taken, 'Definition');
    const server = createIdentifier(tool.qualifiedName, taken);
    if (tool.needsApproval === 'dynamic') notes.push(`${tool.qualifiedName}: approval depends on the arguments in the playground; TanStack takes a boolean, so it is exported as needsApproval: true.`);
    blocks.push(
      [
        `export const ${definition} = ${toolDefinition}({`,
        `  name: ${renderStringLiteral(flattenToolName(tool))},`,
        `  description: ${renderStringLiteral(tool.description)},`,
        `  inputSchema: ${renderCodeLiteral(tool.jsonSchema, 1)},`,
        ...(tool.needsApproval !== false ? ['  needsApproval: true,'] : []),
        ...(tool.deferLoading ? ['  lazy: true,'] : []),
        '});',
        '',
        ...renderServer(tool, source, { definition, server }),
      ].join('\n'),
    );
    servers.push(server);
  }
  const head = renderExportHead(source, {
    imports: [`import { ${renderImportSpecifier('toolDefinition', toolDefinition)} } from '@tanstack/ai';`],
    // TanStack is given the authored schema, so there are no strict-mode nulls to drop.
    tools: tools.map((tool) => ({ qualifiedName: tool.qualifiedName })),
  });
  const exported = renderToolsExport(`[${servers.join(', ')}]`, source, taken);
  notes.push(...exported.notes);
  const text = [...head, ...blocks.flatMap((block) => [block, '']), ...exported.lines, ''].join('\n');
  return { text, notes };
}

function renderServer(tool: InteropTool, source: ExecuteSource, names: { definition: string; server: string }): string[] {
  if (source.kind !== 'module') {
    return [
      `export const ${names.server} = ${names.definition}.server(async (args) => ({`,
      `  note: ${renderStringLiteral(`Exported from Tool Runtime Playground: implement ${tool.qualifiedName} here.`)},`,
      '  args,',
      '}));',
    ];
  }
  const call = renderPlaygroundExecute(tool.qualifiedName, { input: 'args', callId: 'context?.toolCallId', signal: 'context?.abortSignal' });
  return [`export const ${names.server} = ${names.definition}.server((args, context) => ${call});`];
}
