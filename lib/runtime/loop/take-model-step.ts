import { TOOL_SEARCH_NAME } from './build-offered-tools';
import type { TurnToolSet } from '../tools/assemble-tools';
import type { EventEmitter } from '../events/create-event-emitter';
import type { ToolTokenMeter } from './measure-tool-tokens';
import { qualifiedCallName, type ProposedFunctionCall } from '../call/prepare-tool-call';
import { readSearchQuery } from './answer-tool-search';
import { requestModelResponse } from './request-model-response';
import { describeRequestToolChoice, type RequestSettings } from './resolve-request-settings';
import type { ResponseTiming, TurnEnding } from '../events/runtime-event';
import type { ConversationItem, ModelClient, ModelRequest, ModelResponse, OfferedTool } from '../model/model-client';
import type { Redactor } from '../redact-secrets';
import { err, ok, type Result } from '../vocabulary/result';

type SearchCall = Extract<ConversationItem, { type: 'tool_search_call' }>;

export type TakeModelStepOptions = {
  model: ModelClient;
  instructions?: string;
  iteration: number;
  /** Sent as the request's input as it is (not copied), as it stands when the request goes out. */
  conversation: ConversationItem[];
  toolSet: TurnToolSet;
  offered: OfferedTool[];
  loaded: Set<string>;
  settings: RequestSettings;
  tokenMeter?: ToolTokenMeter;
  emitter: EventEmitter;
  signal: AbortSignal;
  redact: Redactor;
};

/** What one model response asks of the turn: its items, its text, and the calls to answer. */
export type ModelStep = {
  output: ConversationItem[];
  text: string;
  functionCalls: ProposedFunctionCall[];
  /** Tool Search calls the runtime answers itself (hosted ones arrive answered). */
  clientSearches: SearchCall[];
};

/**
 * One request of the loop: `model-request`, the streamed response, then `model-response` and any
 * searches the provider ran itself. A failed request ends the turn (aborted, or an error with
 * its `model-error` event).
 */
export async function takeModelStep(options: TakeModelStepOptions): Promise<Result<ModelStep, TurnEnding>> {
  const { iteration, emitter, signal, redact, toolSet, loaded, settings } = options;
  const request: ModelRequest = { instructions: options.instructions, input: options.conversation, tools: options.offered, ...settings };
  const toolTokens = await options.tokenMeter?.measure(loaded);
  emitter.emit({
    type: 'model-request',
    iteration,
    ...(settings.toolChoice !== undefined ? { toolChoice: describeRequestToolChoice(settings.toolChoice) } : {}),
    offeredTools: callableNames(toolSet, loaded),
    deferredCount: toolSet.tools.filter((entry) => entry.deferred && !loaded.has(entry.qualifiedName)).length,
    inputItemCount: options.conversation.length,
    ...(toolTokens ? { toolTokens } : {}),
  });
  const { response, timing } = await requestModelResponse({ model: options.model, request, iteration, signal, emitter, redact });
  if (!response.ok) {
    if (signal.aborted || response.error.code === 'aborted') return err({ reason: 'aborted' });
    const message = redact(response.error.message);
    emitter.emit({ type: 'model-error', iteration, code: response.error.code, message, ...(response.error.status ? { status: response.error.status } : {}) });
    return err({ reason: 'error', error: message });
  }
  const { output } = response.value;
  const text = output.flatMap((item) => (item.type === 'message' && item.role === 'assistant' ? [item.content] : [])).join('\n');
  const functionCalls: ProposedFunctionCall[] = output.flatMap((item) =>
    item.type === 'function_call' ? [{ callId: item.call_id, name: item.name, namespace: item.namespace, arguments: item.arguments }] : [],
  );
  const searchCalls = output.filter((item): item is SearchCall => item.type === 'tool_search_call');
  emitModelResponse({ response: response.value, text, functionCalls, searchCalls, iteration, timing, emitter, redact });
  recordHostedSearches({ output, iteration, emitter, loaded });
  return ok({ output, text, functionCalls, clientSearches: searchCalls.filter((call) => call.execution === 'client') });
}

function emitModelResponse(options: {
  response: ModelResponse;
  text: string;
  functionCalls: readonly ProposedFunctionCall[];
  searchCalls: readonly SearchCall[];
  iteration: number;
  timing: ResponseTiming | undefined;
  emitter: EventEmitter;
  redact: Redactor;
}): void {
  const { response, text, timing, redact } = options;
  options.emitter.emit({
    type: 'model-response',
    iteration: options.iteration,
    responseId: response.id,
    ...(text ? { text: redact(text) } : {}),
    calls: [
      ...options.searchCalls.map((call) => ({ callId: call.call_id, name: TOOL_SEARCH_NAME, arguments: JSON.stringify(call.arguments) })),
      ...options.functionCalls.map((call) => {
        const notes = response.callNotes?.find((entry) => entry.callId === call.callId)?.notes;
        return { callId: call.callId, name: qualifiedCallName(call), arguments: redact(call.arguments), ...(notes ? { notes: notes.map(redact) } : {}) };
      }),
    ],
    ...(response.usage ? { usage: response.usage } : {}),
    ...(timing ? { timing } : {}),
    ...(response.servedBy ? { servedBy: response.servedBy } : {}),
    ...(response.divergence ? { divergence: redact(response.divergence) } : {}),
  });
}

function callableNames(toolSet: TurnToolSet, loaded: ReadonlySet<string>): string[] {
  const names = toolSet.tools.filter((entry) => !entry.deferred || loaded.has(entry.qualifiedName)).map((entry) => entry.qualifiedName);
  return toolSet.searchMode === 'none' ? names : [...names, TOOL_SEARCH_NAME];
}

/** Searches the provider ran itself arrive as call + output items; they are shown, not executed. */
function recordHostedSearches(options: { output: ConversationItem[]; iteration: number; emitter: EventEmitter; loaded: Set<string> }): void {
  const { output, iteration, emitter } = options;
  for (const item of output) {
    if (item.type !== 'tool_search_call' || item.execution !== 'server') continue;
    const result = output.find((other) => other.type === 'tool_search_output' && other.call_id === item.call_id);
    const matches = result?.type === 'tool_search_output' ? result.tools.flatMap(namesOfOffered) : [];
    for (const name of matches) options.loaded.add(name);
    emitter.emit({ type: 'tool-search', iteration, callId: item.call_id, query: readSearchQuery(item.arguments), execution: 'server', matches });
  }
}

function namesOfOffered(tool: OfferedTool): string[] {
  if (tool.type === 'function') return [tool.name];
  if (tool.type === 'namespace') return tool.tools.map((fn) => `${tool.name}.${fn.name}`);
  return [];
}
