import { isPlainObject, type JsonValue } from '@/lib/runtime';

/** A tool definition as `gen_ai.tool.definitions` lists it. */
export type GenAiToolDefinition = { type: 'function'; name: string; description?: string; parameters?: JsonValue };

/**
 * The function tools a recorded model request offered, read from its body in whichever wire it was
 * sent: OpenAI Responses (`tools[].name`, namespaces flattened to `namespace.name`), Chat
 * Completions (`tools[].function`), Anthropic Messages (`tools[].input_schema`) or Gemini
 * (`tools[].functionDeclarations`). Hosted tools (tool search) are not functions and are left out.
 */
export function readToolDefinitions(requestBody: unknown): GenAiToolDefinition[] {
  if (!isPlainObject(requestBody) || !Array.isArray(requestBody.tools)) return [];
  return requestBody.tools.flatMap((tool) => readTool(tool, undefined));
}

function readTool(tool: unknown, namespace: string | undefined): GenAiToolDefinition[] {
  if (!isPlainObject(tool)) return [];
  if (tool.type === 'namespace' && typeof tool.name === 'string' && Array.isArray(tool.tools)) {
    const name = tool.name;
    return tool.tools.flatMap((inner) => readTool(inner, name));
  }
  if (Array.isArray(tool.functionDeclarations)) return tool.functionDeclarations.flatMap((declaration) => readFunction(declaration, ['parametersJsonSchema', 'parameters'], namespace));
  if (tool.type === 'function' && isPlainObject(tool.function)) return readFunction(tool.function, ['parameters'], namespace);
  if (tool.type === 'function' || (tool.type === undefined && 'input_schema' in tool) || tool.type === 'custom') return readFunction(tool, ['parameters', 'input_schema'], namespace);
  return [];
}

function readFunction(value: unknown, schemaKeys: readonly string[], namespace: string | undefined): GenAiToolDefinition[] {
  if (!isPlainObject(value) || typeof value.name !== 'string') return [];
  const schemaKey = schemaKeys.find((key) => value[key] !== undefined);
  return [
    {
      type: 'function',
      name: namespace ? `${namespace}.${value.name}` : value.name,
      ...(typeof value.description === 'string' ? { description: value.description } : {}),
      ...(schemaKey ? { parameters: value[schemaKey] as JsonValue } : {}),
    },
  ];
}
