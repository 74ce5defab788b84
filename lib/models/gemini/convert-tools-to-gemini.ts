import { FunctionCallingConfigMode, type FunctionDeclaration, type Tool as GeminiTool, type ToolConfig } from '@google/genai';
import type { OfferedFunction, OfferedTool, RequestToolChoice } from '@/lib/runtime';
import type { GeminiFunctionCallingMode } from '@/lib/contract';
import type { ChooseGeminiSchema } from './gemini-schema-choice';
import { qualifyGeminiName, type GeminiToolNames } from './gemini-tool-names';
import type { UnsendableTool } from '../refuse-unsendable-tools';

/**
 * Offered functions → one Gemini tool of `functionDeclarations`, namespaced ones under their
 * qualified names. Each declaration's parameters are what `chooseSchema` decides; one it refuses
 * is listed in `refused` instead. Gemini has no
 * tool search: the hosted or client `tool_search` is left out (the client says it cannot defer).
 */
export function convertToolsToGemini(tools: readonly OfferedTool[], chooseSchema: ChooseGeminiSchema): { tools: GeminiTool[]; names: GeminiToolNames; refused: UnsendableTool[] } {
  const names: GeminiToolNames = new Map();
  const declarations: FunctionDeclaration[] = [];
  const refused: UnsendableTool[] = [];
  const add = (fn: OfferedFunction, namespace?: string) => {
    const wireName = qualifyGeminiName(fn.name, namespace);
    names.set(wireName, { name: fn.name, ...(namespace ? { namespace } : {}) });
    const choice = chooseSchema({ name: wireName, parameters: fn.parameters });
    if (choice.field === 'refused') {
      refused.push({ name: wireName, reason: choice.reason });
      return;
    }
    declarations.push({ name: wireName, description: fn.description, [choice.field]: choice.schema });
  };
  for (const tool of tools) {
    if (tool.type === 'function') add(tool);
    else if (tool.type === 'namespace') for (const fn of tool.tools) add(fn, tool.name);
  }
  return { tools: declarations.length > 0 ? [{ functionDeclarations: declarations }] : [], names, refused };
}

/**
 * The turn's tool choice (and the config's mode, which wins) as `toolConfig.functionCallingConfig`:
 * `auto` → `AUTO`, `required` → `ANY`, `none` → `NONE`, one function → `ANY` limited to it by
 * `allowedFunctionNames`. Nothing when neither is set: Gemini's default is `AUTO`.
 */
export function convertToolChoiceToGemini(choice: RequestToolChoice | undefined, mode: GeminiFunctionCallingMode | undefined): { toolConfig?: ToolConfig } {
  const named = typeof choice === 'object' ? qualifyGeminiName(choice.name, choice.namespace) : undefined;
  const derived = choice === undefined ? undefined : choice === 'auto' ? 'AUTO' : choice === 'none' ? 'NONE' : 'ANY';
  const chosen: keyof typeof FunctionCallingConfigMode | undefined = choice === 'none' ? 'NONE' : (mode ?? derived);
  if (chosen === undefined) return {};
  // Gemini allows `allowedFunctionNames` only with ANY or VALIDATED.
  const limit = named && (chosen === 'ANY' || chosen === 'VALIDATED') ? { allowedFunctionNames: [named] } : {};
  return { toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode[chosen], ...limit } } };
}
