import type { JsonSchema } from '@/lib/runtime/json';
import type { CodeExport } from './export-code';
import type { InteropTool } from './interop-tool';
import { createIdentifier, renderCodeLiteral, renderStringLiteral } from './render-code-literal';
import { resolveOpenAISchema } from './resolve-openai-schema';

/**
 * OpenAI Agents SDK code (`@openai/agents-core` 0.14, re-exported by `@openai/agents`): one
 * `tool({ name, description, parameters, strict, deferLoading, needsApproval, execute })` per
 * tool, namespaces through `toolNamespace`. The SDK types a JSON-schema `parameters` as
 * `{ type: 'object', properties, required, additionalProperties: false }` when strict and
 * `additionalProperties: true` when not, so missing `properties`/`required` are filled in
 * (same meaning) and a non-strict schema's root is opened (noted: a hint only, nothing enforces it).
 */
export function exportAgentsSdkCode(tools: readonly InteropTool[]): CodeExport {
  const notes: string[] = [];
  const taken = new Set<string>();
  const blocks: string[] = [];
  const topLevel: string[] = [];
  const namespaces = new Map<string, { identifier: string; description: string; members: string[] }>();
  for (const tool of tools) {
    const choice = resolveOpenAISchema(tool);
    if (choice.note) notes.push(choice.note);
    const parameters = completeRoot(choice.schema, choice.strict);
    if (!choice.strict && choice.schema.additionalProperties !== true) {
      notes.push(`${tool.qualifiedName}: non-strict, so the SDK's types require additionalProperties: true at the root; the export opens it.`);
    }
    const identifier = createIdentifier(tool.qualifiedName, taken);
    blocks.push(
      [
        `export const ${identifier} = tool({`,
        `  name: ${renderStringLiteral(tool.name)},`,
        `  description: ${renderStringLiteral(tool.description)},`,
        `  parameters: ${renderCodeLiteral(parameters, 1)},`,
        `  strict: ${choice.strict},`,
        ...(tool.deferLoading ? ['  deferLoading: true,'] : []),
        ...renderApproval(tool),
        `  execute: async (input) => ({ note: ${renderStringLiteral(`Exported from Tool Runtime Playground: implement ${tool.qualifiedName} here.`)}, input }),`,
        '});',
      ].join('\n'),
    );
    if (!tool.namespace) {
      topLevel.push(identifier);
      continue;
    }
    let group = namespaces.get(tool.namespace);
    if (!group) {
      group = { identifier: createIdentifier(tool.namespace, taken, 'Tools'), description: tool.namespaceDescription ?? tool.namespace, members: [] };
      namespaces.set(tool.namespace, group);
      topLevel.push(`...${group.identifier}`);
    }
    group.members.push(identifier);
  }
  const namespaceBlocks = [...namespaces.entries()].map(
    ([name, group]) =>
      `export const ${group.identifier} = toolNamespace({ name: ${renderStringLiteral(name)}, description: ${renderStringLiteral(group.description)}, tools: [${group.members.join(', ')}] });`,
  );
  const imports = namespaces.size > 0 ? "import { tool, toolNamespace } from '@openai/agents-core';" : "import { tool } from '@openai/agents-core';";
  const text = [imports, '', ...blocks.flatMap((block) => [block, '']), ...namespaceBlocks.flatMap((block) => [block, '']), `export const tools = [${topLevel.join(', ')}];`, ''].join('\n');
  return { text, notes };
}

function completeRoot(schema: JsonSchema, strict: boolean): JsonSchema {
  return {
    ...schema,
    type: 'object',
    properties: schema.properties ?? {},
    required: schema.required ?? [],
    additionalProperties: strict ? false : true,
  };
}

function renderApproval(tool: InteropTool): string[] {
  if (tool.needsApproval === 'dynamic') return ['  // The playground decides approval per call; port the predicate here.', '  needsApproval: async () => true,'];
  return tool.needsApproval ? ['  needsApproval: true,'] : [];
}
