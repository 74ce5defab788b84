import { FunctionCallingConfigMode, type FunctionDeclaration, type Tool as GeminiTool, type ToolConfig } from '@google/genai';
import type { ConversationItem, OfferedFunction, OfferedTool, RequestToolChoice } from '@/lib/runtime';
import type { GeminiFunctionCallingMode } from '@/lib/contract';
import type { ChooseGeminiSchema } from './gemini-schema-choice';
import { GEMINI_TOOL_SEARCH_NAME, qualifyGeminiName, type GeminiToolNames } from './gemini-tool-names';
import type { UnsendableTool } from '../refuse-unsendable-tools';

/**
 * Offered functions → one Gemini tool of `functionDeclarations`, namespaced ones under their
 * qualified names. Each declaration's parameters are what `chooseSchema` decides; one it refuses
 * is listed in `refused` instead. Gemini has no tool search of its own, so deferral is the
 * runtime's: its client-run `tool_search` goes as a function, and a deferred function is declared
 * only once a search in the conversation (`input`) loaded it. Its name still maps back, so a call
 * made too early reaches the runtime as that function (which says "search first").
 */
export function convertToolsToGemini(
  tools: readonly OfferedTool[],
  chooseSchema: ChooseGeminiSchema,
  input: readonly ConversationItem[] = [],
): { tools: GeminiTool[]; names: GeminiToolNames; refused: UnsendableTool[] } {
  const names: GeminiToolNames = new Map();
  const declarations: FunctionDeclaration[] = [];
  const refused: UnsendableTool[] = [];
  const loaded = listLoadedNames(input);
  const add = (fn: OfferedFunction, namespace?: string) => {
    const wireName = qualifyGeminiName(fn.name, namespace);
    names.set(wireName, { name: fn.name, ...(namespace ? { namespace } : {}) });
    if (fn.defer_loading && !loaded.has(wireName)) return;
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
    else if (tool.execution === 'client') {
      names.set(GEMINI_TOOL_SEARCH_NAME, { name: GEMINI_TOOL_SEARCH_NAME, search: true });
      declarations.push({ name: GEMINI_TOOL_SEARCH_NAME, description: tool.description ?? '', parametersJsonSchema: tool.parameters ?? { type: 'object' } });
    }
  }
  return { tools: declarations.length > 0 ? [{ functionDeclarations: declarations }] : [], names, refused };
}

/** The wire names of the functions the runtime's searches in the conversation loaded. */
function listLoadedNames(input: readonly ConversationItem[]): Set<string> {
  const loaded = new Set<string>();
  for (const item of input) {
    if (item.type !== 'tool_search_output' || item.execution !== 'client') continue;
    for (const tool of item.tools) {
      if (tool.type === 'function') loaded.add(qualifyGeminiName(tool.name));
      else if (tool.type === 'namespace') for (const fn of tool.tools) loaded.add(qualifyGeminiName(fn.name, tool.name));
    }
  }
  return loaded;
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
