import type { JsonSchema } from '@/lib/runtime';
import type { CodeExport } from './export-code';
import {
  bindImportName,
  createExportScope,
  describeExecuteSource,
  describeRunnerTool,
  type ExecuteSource,
  renderExportHead,
  renderImportSpecifier,
  renderPlaygroundApproval,
  renderPlaygroundExecute,
  renderToolsExport,
  type RunnerTool,
  STUB_EXECUTES,
} from './embed-tool-module';
import type { InteropTool } from './interop-tool';
import { createIdentifier, renderCodeLiteral, renderStringLiteral } from '../schema';
import { resolveOpenAISchema } from './resolve-openai-schema';

/**
 * OpenAI Agents SDK code (`@openai/agents-core` 0.14, re-exported by `@openai/agents`): one
 * `tool({ name, description, parameters, strict, deferLoading, needsApproval, execute })` per
 * tool, namespaces through `toolNamespace`. The SDK types a JSON-schema `parameters` as
 * `{ type: 'object', properties, required, additionalProperties: false }` when strict and
 * `additionalProperties: true` when not, so missing `properties`/`required` are filled in
 * (same meaning) and a non-strict schema's root is opened (noted: a hint only, nothing enforces it).
 * With a carried-over module, each `execute` (and a dynamic `needsApproval`) runs the module's own,
 * with the call id and signal from the SDK's call details.
 */
export function exportAgentsSdkCode(tools: readonly InteropTool[], source: ExecuteSource = STUB_EXECUTES): CodeExport {
  const notes = describeExecuteSource(source);
  const taken = createExportScope(source);
  const names = { tool: bindImportName('tool', taken), toolNamespace: bindImportName('toolNamespace', taken) };
  const runnerTools: RunnerTool[] = [];
  const blocks: string[] = [];
  const topLevel: string[] = [];
  const namespaces = new Map<string, { identifier: string; description: string; members: string[] }>();
  for (const tool of tools) {
    const choice = resolveOpenAISchema(tool);
    if (choice.note) notes.push(choice.note);
    runnerTools.push(describeRunnerTool(tool, choice.schema));
    const parameters = completeRoot(choice.schema, choice.strict);
    if (!choice.strict && choice.schema.additionalProperties !== true) {
      notes.push(`${tool.qualifiedName}: non-strict, so the SDK's types require additionalProperties: true at the root; the export opens it.`);
    }
    const identifier = createIdentifier(tool.qualifiedName, taken);
    blocks.push(
      [
        `export const ${identifier} = ${names.tool}({`,
        `  name: ${renderStringLiteral(tool.name)},`,
        `  description: ${renderStringLiteral(tool.description)},`,
        `  parameters: ${renderCodeLiteral(parameters, 1)},`,
        `  strict: ${choice.strict},`,
        ...(tool.deferLoading ? ['  deferLoading: true,'] : []),
        ...renderApproval(tool, source),
        `  execute: ${renderExecute(tool, source)},`,
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
      `export const ${group.identifier} = ${names.toolNamespace}({ name: ${renderStringLiteral(name)}, description: ${renderStringLiteral(group.description)}, tools: [${group.members.join(', ')}] });`,
  );
  const specifiers = [renderImportSpecifier('tool', names.tool), ...(namespaces.size > 0 ? [renderImportSpecifier('toolNamespace', names.toolNamespace)] : [])];
  const head = renderExportHead(source, { imports: [`import { ${specifiers.join(', ')} } from '@openai/agents-core';`], tools: runnerTools });
  const exported = renderToolsExport(`[${topLevel.join(', ')}]`, source, taken);
  notes.push(...exported.notes);
  const text = [...head, ...blocks.flatMap((block) => [block, '']), ...namespaceBlocks.flatMap((block) => [block, '']), ...exported.lines, ''].join('\n');
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

function renderExecute(tool: InteropTool, source: ExecuteSource): string {
  if (source.kind !== 'module') return `async (input) => ({ note: ${renderStringLiteral(`Exported from Tool Runtime Playground: implement ${tool.qualifiedName} here.`)}, input })`;
  return `(input, _context, details) => ${renderPlaygroundExecute(tool.qualifiedName, { input: 'input', callId: 'details?.toolCall?.callId', signal: 'details?.signal' })}`;
}

function renderApproval(tool: InteropTool, source: ExecuteSource): string[] {
  if (tool.needsApproval === 'dynamic' && source.kind === 'module') return [`  needsApproval: (_context, input) => ${renderPlaygroundApproval(tool.qualifiedName, 'input')},`];
  if (tool.needsApproval === 'dynamic') return ['  // The playground decides approval per call; port the predicate here.', '  needsApproval: async () => true,'];
  return tool.needsApproval ? ['  needsApproval: true,'] : [];
}
