import { isPlainObject, type ConversationItem, type JsonSchema, type OfferedTool, type RequestToolChoice, err, ok, type Result } from '@/lib/runtime';
import type { EmbeddedRequest } from '../embedded-model';

/**
 * A `generateContent` request body → what an embedded model sees, the way Gemini reads it:
 * `systemInstruction` as the instructions, `contents` as conversation items (function calls and
 * responses paired by `id`, or by name in order when Gemini sent none), function declarations as
 * flat functions under their wire names, `toolConfig` as the tool choice. Its error is the
 * `INVALID_ARGUMENT` message Gemini would give.
 */
export function readGeminiRequest(body: unknown): Result<EmbeddedRequest, string> {
  if (!isPlainObject(body)) return err('The request body must be a JSON object.');
  if (!Array.isArray(body.contents) || body.contents.length === 0) return err('* GenerateContentRequest.contents: contents is not specified');
  const input = readContents(body.contents);
  if (!input.ok) return input;
  const tools = readDeclarations(body.tools);
  if (!tools.ok) return tools;
  const instructions = readText(isPlainObject(body.systemInstruction) ? body.systemInstruction.parts : undefined);
  const config = isPlainObject(body.generationConfig) ? body.generationConfig : {};
  const toolChoice = readToolConfig(body.toolConfig);
  return ok({
    ...(instructions ? { instructions } : {}),
    input: input.value,
    tools: tools.value,
    parallelToolCalls: true,
    ...(toolChoice ? { toolChoice } : {}),
    ...(typeof config.temperature === 'number' ? { temperature: config.temperature } : {}),
    ...(typeof config.maxOutputTokens === 'number' ? { maxOutputTokens: config.maxOutputTokens } : {}),
  });
}

function readContents(contents: unknown[]): Result<ConversationItem[], string> {
  const items: ConversationItem[] = [];
  // Calls not answered yet, by wire name, for responses that carry no id.
  const open = new Map<string, string[]>();
  for (const [index, content] of contents.entries()) {
    if (!isPlainObject(content) || !Array.isArray(content.parts)) return err(`* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.`);
    const role = content.role === 'model' ? 'model' : 'user';
    for (const [position, part] of content.parts.entries()) {
      if (!isPlainObject(part)) continue;
      const signature = typeof part.thoughtSignature === 'string' ? { thought_signature: part.thoughtSignature } : {};
      if (isPlainObject(part.functionCall) && typeof part.functionCall.name === 'string') {
        const call = part.functionCall;
        const callId = typeof call.id === 'string' && call.id ? call.id : `call_${index}_${position}`;
        open.set(String(call.name), [...(open.get(String(call.name)) ?? []), callId]);
        const args = typeof call.args === 'string' ? call.args : JSON.stringify(call.args ?? {});
        items.push({ type: 'function_call', call_id: callId, ...(typeof call.id === 'string' ? { id: call.id } : {}), name: String(call.name), arguments: args, ...signature });
      } else if (isPlainObject(part.functionResponse)) {
        const answer = part.functionResponse;
        const name = typeof answer.name === 'string' ? answer.name : '';
        const waiting = open.get(name) ?? [];
        const callId = typeof answer.id === 'string' && answer.id ? answer.id : waiting[0];
        if (callId === undefined) return err(`* GenerateContentRequest.contents[${index}].parts[${position}].function_response: no function call named ${JSON.stringify(name)} precedes it.`);
        open.set(name, waiting.filter((id) => id !== callId));
        const response = isPlainObject(answer.response) ? answer.response : {};
        const isError = response.error !== undefined && response.output === undefined;
        const value = isError ? response.error : response.output !== undefined ? response.output : response;
        items.push({ type: 'function_call_output', call_id: callId, output: typeof value === 'string' ? value : JSON.stringify(value), ...(isError ? { is_error: true as const } : {}) });
      } else if (typeof part.text === 'string' && part.thought !== true) {
        items.push({ type: 'message', role: role === 'model' ? 'assistant' : 'user', content: part.text, ...signature });
      }
    }
  }
  return ok(items);
}

function readDeclarations(tools: unknown): Result<OfferedTool[], string> {
  if (tools === undefined) return ok([]);
  if (!Array.isArray(tools)) return err('* GenerateContentRequest.tools: must be a list.');
  const offered: OfferedTool[] = [];
  for (const tool of tools) {
    const declarations = isPlainObject(tool) && Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : [];
    for (const [index, declaration] of declarations.entries()) {
      if (!isPlainObject(declaration) || typeof declaration.name !== 'string' || declaration.name === '') {
        return err(`* GenerateContentRequest.tools[0].function_declarations[${index}].name: Name cannot be empty.`);
      }
      if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
        return err(`* GenerateContentRequest.tools[0].function_declarations[${index}]: parameters and parameters_json_schema are mutually exclusive.`);
      }
      // `parameters` is Gemini's Schema, whose types the SDK sends upper-cased (`INTEGER`): read as JSON Schema's.
      const schema = declaration.parametersJsonSchema ?? lowerSchemaTypes(declaration.parameters);
      offered.push({
        type: 'function',
        name: declaration.name,
        description: typeof declaration.description === 'string' ? declaration.description : '',
        parameters: (isPlainObject(schema) ? schema : { type: 'object', properties: {} }) as JsonSchema,
        strict: false,
      });
    }
  }
  return ok(offered);
}

function lowerSchemaTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerSchemaTypes);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, key === 'type' && typeof child === 'string' ? child.toLowerCase() : lowerSchemaTypes(child)]));
}

/** `ANY` → `required` (one allowed name → that function), `NONE` → `none`; `AUTO` and `VALIDATED` leave the choice to the model. */
function readToolConfig(raw: unknown): RequestToolChoice | undefined {
  const config = isPlainObject(raw) && isPlainObject(raw.functionCallingConfig) ? raw.functionCallingConfig : undefined;
  if (!config) return undefined;
  const allowed = Array.isArray(config.allowedFunctionNames) ? config.allowedFunctionNames.filter((name): name is string => typeof name === 'string') : [];
  if (config.mode === 'NONE') return 'none';
  if (config.mode === 'ANY' || config.mode === 'VALIDATED') {
    const only = allowed.length === 1 ? allowed[0] : undefined;
    if (only !== undefined) return { name: only };
    return config.mode === 'ANY' ? 'required' : undefined;
  }
  return undefined;
}

function readText(parts: unknown): string {
  if (!Array.isArray(parts)) return '';
  return parts.map((part) => (isPlainObject(part) && typeof part.text === 'string' ? part.text : '')).filter(Boolean).join('\n\n');
}
