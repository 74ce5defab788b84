import { isPlainObject, type JsonSchema, type JsonValue, listReachableDefinitions } from '@/lib/runtime';
import { findSharedParameters, type SharedParameters } from './find-shared-parameters';
import type { ImportedTool, SharedDefinitions } from './imported-tool';
import { renderCommentText, renderCodeLiteral, renderKey, renderStringLiteral } from '../schema';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * What to write: the tools, the definitions they may share, and where they came from. With
 * `unrecorded: 'by-hand'` (a snapshot), a tool without recorded outputs gets no `execute`, so a
 * person answers its calls, instead of the echoing stub.
 */
export type ToolModuleInput = { tools: readonly ImportedTool[]; definitions: SharedDefinitions; sourceLabel: string; unrecorded?: 'stub' | 'by-hand' };

/**
 * The playground's tool module for imported tools: one `defineTool` with `jsonSchema` each, and an
 * `execute` stub that answers with what it was called with, so a turn runs before anything is
 * implemented. Shared definitions are written once, as `const definitions`, and only those the
 * given tools reach; each tool that reaches one passes `definitions`, and `defineTool` copies
 * what its schema reaches into its `$defs`. A parameter schema several tools repeat word for word
 * is written once too, in `const parameters` (see `findSharedParameters`).
 */
export function renderToolModule({ tools, definitions, sourceLabel, unrecorded = 'stub' }: ToolModuleInput): string {
  const used = listReachableDefinitions(tools.map((tool) => tool.jsonSchema), definitions);
  const parameters = findSharedParameters(tools);
  const blocks = tools.map((tool) => {
    const usesShared = used.length > 0 && listReachableDefinitions([tool.jsonSchema], definitions).length > 0;
    const fields = [
      `    name: ${renderStringLiteral(tool.name)},`,
      ...(tool.namespace ? [`    namespace: ${renderStringLiteral(tool.namespace)},`] : []),
      ...(tool.namespace && tool.namespaceDescription ? [`    namespaceDescription: ${renderStringLiteral(tool.namespaceDescription)},`] : []),
      ...(tool.tags.length > 0 ? [`    tags: [${tool.tags.map(renderStringLiteral).join(', ')}],`] : []),
      `    description: ${renderStringLiteral(tool.description)},`,
      `    jsonSchema: ${renderParameterSchema(tool.jsonSchema, parameters)},`,
      ...(usesShared ? ['    definitions,'] : []),
      ...(tool.strict !== undefined ? [`    strict: ${tool.strict},`] : []),
      ...(tool.deferLoading ? ['    deferLoading: true,'] : []),
      ...(tool.executionMode ? [`    executionMode: '${tool.executionMode}',`] : []),
      ...(tool.isReadOnly ? ['    isReadOnly: true,'] : []),
      ...(tool.isDestructive ? ['    isDestructive: true,'] : []),
      ...(tool.outputSchema ? [`    outputSchema: ${renderCodeLiteral(tool.outputSchema, 2)},`] : []),
      ...renderExecute(tool, unrecorded),
    ];
    return ['  defineTool({', ...fields, '  }),'].join('\n');
  });
  const recorded = tools.some((tool) => (tool.recordedOutputs?.length ?? 0) > 0);
  return [
    unrecorded === 'by-hand'
      ? `// Snapshot of ${renderCommentText(sourceLabel)}. A tool with recorded outputs answers from them (the call with the same arguments, else the latest); one without has no execute, so a person answers its calls.`
      : `// Imported from ${renderCommentText(sourceLabel)}. Each execute is a stub that echoes its arguments;${tools.some((tool) => tool.outputSchema) ? ' a tool with an outputSchema has none yet, so a person answers its calls (the output editor is prefilled from the schema and checks the answer).' : ''}`,
    "import { z } from 'zod';",
    "import { defineTool } from 'playground';",
    '',
    ...renderConstant({
      name: 'definitions',
      comment: 'JSON Schemas several tools share; each tool gets the ones its jsonSchema reaches through #/$defs/<name> in its $defs.',
      entries: used.map((name) => [name, definitions[name] as JsonValue]),
    }),
    ...renderConstant({ name: 'parameters', comment: 'Parameter schemas several tools repeat, written once.', entries: parameters.entries }),
    ...(recorded ? RECORDING_LOOKUP : []),
    'export default [',
    ...blocks,
    '];',
    '',
  ].join('\n');
}

/** The helper a tool with recorded outputs answers through: the output (or the failure) of the call with the same arguments, else the latest one. */
const RECORDING_LOOKUP = [
  '/** The recorded output of the call with these arguments, else the latest recorded one; a recorded failure is thrown again. */',
  'function answerFromRecording(recorded, args) {',
  '  const key = JSON.stringify(args);',
  '  const entry = recorded.find((candidate) => JSON.stringify(candidate.args) === key) ?? recorded[recorded.length - 1];',
  '  if (entry.error !== undefined) throw new Error(entry.error);',
  '  return entry.output;',
  '}',
  '',
];

/** A tool's `execute`: answering from its recorded outputs, the echoing stub, or none (a person answers). */
function renderExecute(tool: ImportedTool, unrecorded: 'stub' | 'by-hand'): string[] {
  if (tool.recordedOutputs && tool.recordedOutputs.length > 0) {
    return [`    execute: async (args) => answerFromRecording(${renderCodeLiteral(tool.recordedOutputs, 2)}, args),`];
  }
  if (unrecorded === 'by-hand') return [`    // No execute: ${renderCommentText(`nothing was recorded from ${tool.origin}, so a person answers each call.`)}`];
  if (tool.outputSchema) return [`    // No execute yet: ${renderCommentText(`a person answers each call of ${tool.origin}, checked against outputSchema.`)}`];
  return [`    execute: async (args) => ({ content: { note: ${renderStringLiteral(`Imported from ${tool.origin}; edit execute to implement`)}, args } }),`];
}

function renderConstant({ name, comment, entries }: { name: string; comment: string; entries: readonly (readonly [string, JsonValue])[] }): string[] {
  if (entries.length === 0) return [];
  return [`/** ${comment} */`, `const ${name} = {`, ...entries.map(([key, value]) => `  ${renderKey(key)}: ${renderCodeLiteral(value, 1)},`), '};', ''];
}

/** The tool's `jsonSchema` literal, its shared parameters written as `parameters.<name>`. */
function renderParameterSchema(schema: JsonSchema, parameters: SharedParameters): string {
  const { properties } = schema;
  const shared = isPlainObject(properties) ? Object.values(properties).map((value) => parameters.names.get(JSON.stringify(value))) : [];
  if (!isPlainObject(properties) || shared.every((name) => name === undefined)) return renderCodeLiteral(schema, 2);
  const lines = Object.entries(schema).map(([key, value]) => {
    if (key !== 'properties') return `      ${renderKey(key)}: ${renderCodeLiteral(value, 3)},`;
    const entries = Object.entries(properties).map(([name, property], index) => {
      const reference = shared[index];
      const written = reference === undefined ? renderCodeLiteral(property as JsonValue, 4) : IDENTIFIER.test(reference) ? `parameters.${reference}` : `parameters[${renderStringLiteral(reference)}]`;
      return `        ${renderKey(name)}: ${written},`;
    });
    return [`      ${renderKey(key)}: {`, ...entries, '      },'].join('\n');
  });
  return ['{', ...lines, '    }'].join('\n');
}
