import type { JsonSchema } from '@/lib/runtime';
import type { InteropTool } from './interop-tool';

/** What an OpenAI-facing export sends for one tool, and why it differs from the playground, if it does. */
export type OpenAISchemaChoice = { schema: JsonSchema; strict: boolean; note?: string };

/**
 * The schema the playground itself sends (the strictified form when the tool needed it). A strict
 * tool whose schema cannot be made strict would be rejected by OpenAI, so it is exported with
 * `strict: false` and a note rather than as a definition that fails on first use.
 */
export function resolveOpenAISchema(tool: InteropTool): OpenAISchemaChoice {
  if (tool.strict && !tool.strictSendable) {
    return {
      schema: tool.jsonSchema,
      strict: false,
      note: `${tool.qualifiedName}: strict mode is on, but OpenAI would reject the schema and it cannot be made strict; exported with strict: false.`,
    };
  }
  return { schema: tool.sentSchema, strict: tool.strict };
}

/** Chat Completions, the SDKs and TanStack have no namespaces: `crm.find` becomes `crm__find`. */
export function flattenToolName(tool: Pick<InteropTool, 'name' | 'namespace'>): string {
  return tool.namespace ? `${tool.namespace}__${tool.name}` : tool.name;
}

export function describeFlattenedNamespaces(tools: readonly InteropTool[]): string[] {
  const namespaced = tools.filter((tool) => tool.namespace);
  if (namespaced.length === 0) return [];
  return [`This format has no namespaces: ${namespaced.map((tool) => `${tool.qualifiedName} → ${flattenToolName(tool)}`).join(', ')}.`];
}
