import type { ImportedTool } from './imported-tool';
import { renderCodeLiteral, renderStringLiteral } from './render-code-literal';

/**
 * The playground's tool module for imported tools: one `defineTool` with `jsonSchema` each, and an
 * `execute` stub that answers with what it was called with, so a turn runs before anything is
 * implemented.
 */
export function renderToolModule(tools: readonly ImportedTool[], sourceLabel: string): string {
  const blocks = tools.map((tool) => {
    const fields = [
      `    name: ${renderStringLiteral(tool.name)},`,
      ...(tool.namespace ? [`    namespace: ${renderStringLiteral(tool.namespace)},`] : []),
      ...(tool.namespace && tool.namespaceDescription ? [`    namespaceDescription: ${renderStringLiteral(tool.namespaceDescription)},`] : []),
      `    description: ${renderStringLiteral(tool.description)},`,
      `    jsonSchema: ${renderCodeLiteral(tool.jsonSchema, 2)},`,
      ...(tool.strict !== undefined ? [`    strict: ${tool.strict},`] : []),
      ...(tool.deferLoading ? ['    deferLoading: true,'] : []),
      ...(tool.isReadOnly ? ['    isReadOnly: true,'] : []),
      ...(tool.isDestructive ? ['    isDestructive: true,'] : []),
      `    execute: async (args) => ({ content: { note: ${renderStringLiteral(`Imported from ${tool.origin}; edit execute to implement`)}, args } }),`,
    ];
    return ['  defineTool({', ...fields, '  }),'].join('\n');
  });
  return [
    `// Imported from ${sourceLabel}. Each execute is a stub that echoes its arguments.`,
    "import { z } from 'zod';",
    "import { defineTool } from 'playground';",
    '',
    'export default [',
    ...blocks,
    '];',
    '',
  ].join('\n');
}
