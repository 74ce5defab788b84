import type { JsonSchema } from '@/lib/runtime/json';
import type { InteropTool } from './interop-tool';
import { createIdentifier, renderCodeLiteral, renderKey, renderStringLiteral } from './render-code-literal';
import { describeFlattenedNamespaces, flattenToolName, resolveOpenAISchema } from './resolve-openai-schema';
import { listSchemaNodes } from './walk-schema';
import type { CodeExport } from './export-code';

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
 * playground sends to OpenAI, so `strict` behaves the same.
 */
export function exportAiSdkCode(tools: readonly InteropTool[]): CodeExport {
  const notes = [...describeFlattenedNamespaces(tools)];
  const deferred = tools.filter((tool) => tool.deferLoading);
  if (deferred.length > 0) notes.push(`AI SDK tool() has no deferred loading; offered in full: ${deferred.map((tool) => tool.qualifiedName).join(', ')}.`);
  const taken = new Set<string>();
  const blocks: string[] = [];
  const entries: string[] = [];
  let needsCast = false;
  for (const tool of tools) {
    const choice = resolveOpenAISchema(tool);
    if (choice.note) notes.push(choice.note);
    const identifier = createIdentifier(tool.qualifiedName, taken);
    const cast = !usesOnlyJsonSchema7Keywords(choice.schema);
    needsCast ||= cast;
    const lines = [
      `export const ${identifier} = tool({`,
      `  description: ${renderStringLiteral(tool.description)},`,
      `  inputSchema: jsonSchema(${renderCodeLiteral(choice.schema, 1)}${cast ? ' as JSONSchema7' : ''}),`,
      `  strict: ${choice.strict},`,
      ...renderApproval(tool),
      `  execute: async (input) => ({ note: ${renderStringLiteral(`Exported from Tool Runtime Playground: implement ${tool.qualifiedName} here.`)}, input }),`,
      '});',
    ];
    blocks.push(lines.join('\n'));
    entries.push(`  ${renderKey(flattenToolName(tool))}: ${identifier},`);
  }
  const imports = needsCast ? "import { jsonSchema, tool, type JSONSchema7 } from 'ai';" : "import { jsonSchema, tool } from 'ai';";
  const castComment = needsCast ? ['// `as JSONSchema7`: the schema uses keywords newer than draft-07 that the JSONSchema7 type does not list; they are sent as written.'] : [];
  const text = [imports, ...castComment, '', ...blocks.flatMap((block) => [block, '']), 'export const tools = {', ...entries, '};', ''].join('\n');
  return { text, notes };
}

function renderApproval(tool: InteropTool): string[] {
  if (tool.needsApproval === 'dynamic') return ['  // The playground decides approval per call; port the predicate here.', '  needsApproval: async () => true,'];
  return tool.needsApproval ? ['  needsApproval: true,'] : [];
}

function usesOnlyJsonSchema7Keywords(schema: JsonSchema): boolean {
  return listSchemaNodes(schema).every(({ node }) => Object.keys(node).every((keyword) => JSON_SCHEMA_7_KEYWORDS.has(keyword)));
}
