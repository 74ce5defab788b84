import type { JsonSchema } from '@/lib/runtime';
import type { InteropTool } from './interop-tool';
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
  STUB_EXECUTES,
  type RunnerTool,
} from './embed-tool-module';
import { createIdentifier, renderCodeLiteral, renderKey, renderStringLiteral, listSchemaNodes } from '../schema';
import { describeFlattenedNamespaces, flattenToolName, resolveOpenAISchema } from './resolve-openai-schema';

/** The keywords `JSONSchema7` (from `@types/json-schema`, re-exported by `ai`) declares. */
const JSON_SCHEMA_7_KEYWORDS = new Set(
  ('$id $ref $schema $comment $defs type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength ' +
    'pattern items additionalItems maxItems minItems uniqueItems contains maxProperties minProperties required properties ' +
    'patternProperties additionalProperties dependencies propertyNames if then else allOf anyOf oneOf not format contentMediaType ' +
    'contentEncoding definitions title description default readOnly writeOnly examples').split(' '),
);

/**
 * Vercel AI SDK 6 code: one `tool({ description, inputSchema: jsonSchema(...), strict, execute })`
 * per tool and a `tools` record keyed by the name the model calls. The schema is the one the
 * playground sends to OpenAI, so `strict` behaves the same. With a carried-over module, each
 * `execute` (and a dynamic `needsApproval`) runs the module's own, with the SDK's call id and signal.
 */
export function exportAiSdkCode(tools: readonly InteropTool[], source: ExecuteSource = STUB_EXECUTES): CodeExport {
  const notes = [...describeFlattenedNamespaces(tools), ...describeExecuteSource(source)];
  const deferred = tools.filter((tool) => tool.deferLoading);
  if (deferred.length > 0) notes.push(`AI SDK tool() has no deferred loading; offered in full: ${deferred.map((tool) => tool.qualifiedName).join(', ')}.`);
  const taken = createExportScope(source);
  const names = { tool: bindImportName('tool', taken), jsonSchema: bindImportName('jsonSchema', taken), JSONSchema7: bindImportName('JSONSchema7', taken) };
  const blocks: string[] = [];
  const entries: string[] = [];
  const runnerTools: RunnerTool[] = [];
  let needsCast = false;
  for (const tool of tools) {
    const choice = resolveOpenAISchema(tool);
    if (choice.note) notes.push(choice.note);
    runnerTools.push(describeRunnerTool(tool, choice.schema));
    const identifier = createIdentifier(tool.qualifiedName, taken);
    const cast = !usesOnlyJsonSchema7Keywords(choice.schema);
    needsCast ||= cast;
    const lines = [
      `export const ${identifier} = ${names.tool}({`,
      `  description: ${renderStringLiteral(tool.description)},`,
      `  inputSchema: ${names.jsonSchema}(${renderCodeLiteral(choice.schema, 1)}${cast ? ` as ${names.JSONSchema7}` : ''}),`,
      `  strict: ${choice.strict},`,
      ...renderApproval(tool, source),
      `  execute: ${renderExecute(tool, source)},`,
      '});',
    ];
    blocks.push(lines.join('\n'));
    entries.push(`  ${renderKey(flattenToolName(tool))}: ${identifier},`);
  }
  const specifiers = [renderImportSpecifier('jsonSchema', names.jsonSchema), renderImportSpecifier('tool', names.tool), ...(needsCast ? [renderImportSpecifier('JSONSchema7', names.JSONSchema7, true)] : [])];
  const castComment = needsCast ? ['// `as JSONSchema7`: the schema uses keywords newer than draft-07 that the JSONSchema7 type does not list; they are sent as written.'] : [];
  const head = renderExportHead(source, { imports: [`import { ${specifiers.join(', ')} } from 'ai';`, ...castComment], tools: runnerTools });
  const exported = renderToolsExport(['{', ...entries, '}'].join('\n'), source, taken);
  notes.push(...exported.notes);
  const text = [...head, ...blocks.flatMap((block) => [block, '']), ...exported.lines, ''].join('\n');
  return { text, notes };
}

function renderExecute(tool: InteropTool, source: ExecuteSource): string {
  if (source.kind !== 'module') return `async (input) => ({ note: ${renderStringLiteral(`Exported from Tool Runtime Playground: implement ${tool.qualifiedName} here.`)}, input })`;
  return `(input, options) => ${renderPlaygroundExecute(tool.qualifiedName, { input: 'input', callId: 'options.toolCallId', signal: 'options.abortSignal' })}`;
}

function renderApproval(tool: InteropTool, source: ExecuteSource): string[] {
  if (tool.needsApproval === 'dynamic' && source.kind === 'module') return [`  needsApproval: (input) => ${renderPlaygroundApproval(tool.qualifiedName, 'input')},`];
  if (tool.needsApproval === 'dynamic') return ['  // The playground decides approval per call; port the predicate here.', '  needsApproval: async () => true,'];
  return tool.needsApproval ? ['  needsApproval: true,'] : [];
}

function usesOnlyJsonSchema7Keywords(schema: JsonSchema): boolean {
  return listSchemaNodes(schema).every(({ node }) => Object.keys(node).every((keyword) => JSON_SCHEMA_7_KEYWORDS.has(keyword)));
}
