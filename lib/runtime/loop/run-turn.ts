import { answerToolSearch, describeSearchResult, readSearchQuery } from './answer-tool-search';
import { assembleTools, describeAssembledTools, type TurnToolSet } from './assemble-tools';
import { buildOfferedTools, TOOL_SEARCH_NAME } from './build-offered-tools';
import type { Clock, EventEmitter } from './create-event-emitter';
import { SUBMIT_RESULT_TOOL_NAME, type ResultValidator } from './create-submit-result-tool';
import { createToolTokenMeter, type TokenCounter } from './measure-tool-tokens';
import { resolveCallPolicy, runIteration, type CallPolicyInput } from './run-iteration';
import type { JsonSchema } from '../vocabulary/json';
import type { ConversationItem, ModelClient, ModelRequest, OfferedTool } from '../model/model-client';
import { qualifiedCallName, type ProposedFunctionCall } from './prepare-tool-call';
import { redactJsonValue, type Redactor } from '../redact-secrets';
import type { RuntimeEvent, TurnEnding } from '../events/runtime-event';
import type { TurnMode } from '../vocabulary/modes';
import type { ToolSearchVersion } from '../search/tool-search-version';
import { toResponsesInput, type ResponsesWireItem } from '../model/responses-items';
import { openRun } from './open-run';
import { prepareTurnTools, type TurnTools } from './prepare-turn-tools';
import { requestModelResponse } from './request-model-response';
import { compactModelSettings } from '../model/compact-model-settings';
import type { ModelSettings } from '../model/model-settings';
import { describeRequestToolChoice, resolveRequestSettings } from './resolve-request-settings';

export type RunTurnOptions = CallPolicyInput & {
  /** The module's tools, or how to open them (a sandbox): `sandbox-ready` or `sandbox-error` then follows `turn-start`. */
  tools: TurnTools;
  model: ModelClient;
  /** This turn's new items, normally the next user message. */
  input: ConversationItem[];
  /** The items of the turns before this one, in order (a `turn-end`'s `conversation`, read back). */
  history?: readonly ConversationItem[];
  /** Deferred tools an earlier turn loaded through Tool Search: callable from the first request. */
  loadedTools?: readonly string[];
  /** Names of the files an earlier turn left in the file store, for `turn-start.carriedIn`. */
  carriedFiles?: readonly string[];
  /** The file store as the turn's tools left it, read for `turn-end.state`. */
  readFiles?: () => Record<string, string>;
  instructions?: string;
  /** `tool_choice`, `parallel_tool_calls`, temperature and output cap for the turn's requests (see `resolveRequestSettings`). */
  modelSettings?: ModelSettings;
  mode?: TurnMode;
  resultSchema?: JsonSchema;
  /** Validates `submit_result` arguments against `resultSchema` off this thread; local Ajv when absent. */
  validateResult?: ResultValidator;
  maxIterations?: number;
  signal?: AbortSignal;
  clock?: Clock;
  turnId?: string;
  /**
   * Awaited before each model request: lets a host that runs many turns on one thread take their
   * CPU-heavy steps in turns (the server's `waitForTurnStep`). Omitted → no wait.
   */
  awaitStep?: () => Promise<void>;
  /** Counts tokens for the context meter (`model-request.toolTokens`); omitted → no meter. */
  countTokens?: TokenCounter;
  /** Literal secrets (e.g. an API key typed by the user) to redact wherever they appear. */
  secrets?: readonly string[];
  /** The ranking client-side Tool Search answers with: the current one unless replaying a turn recorded with another. */
  toolSearchVersion?: ToolSearchVersion;
  onEvent?: (event: RuntimeEvent) => void;
};

/** How the turn ended, as its `turn-end` says (one variant per reason), plus everything it produced. */
export type TurnOutcome = TurnEnding & {
  turnId: string;
  iterations: number;
  conversation: ConversationItem[];
  events: RuntimeEvent[];
};

export const DEFAULT_MAX_ITERATIONS = 10;

/**
 * One agent turn (DESIGN §3): request → per call lookup/repair/validate → gate → dispatch in
 * barrier order → record outputs in model order → repeat, until the model stops calling tools,
 * a tool ends the turn, the iteration limit, an abort, or an error. Never throws for model or
 * tool failures: they become events.
 */
export async function runTurn(options: RunTurnOptions): Promise<TurnOutcome> {
  const { turnId, events, emitter, signal, redact } = openRun(options);
  const mode = options.mode ?? 'chat';
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const history = options.history ?? [];
  const conversation = [...history, ...options.input];
  const lastUser = [...conversation].reverse().find((item) => item.type === 'message' && item.role === 'user');
  const modelSettings = compactModelSettings(options.modelSettings);

  emitter.emit({
    type: 'turn-start',
    mode,
    model: options.model.label,
    permissionMode: options.permissions?.mode ?? 'auto',
    maxIterations,
    userMessage: lastUser?.type === 'message' ? redact(lastUser.content) : '',
    ...(options.instructions ? { instructions: redact(options.instructions) } : {}),
    ...(modelSettings ? { modelSettings } : {}),
  });

  let iterations = 0;
  const loaded = new Set<string>();
  const end = (ending: TurnEnding): TurnOutcome => {
    const state = { files: redactFiles(options.readFiles?.() ?? {}, redact), loadedTools: [...loaded] };
    emitter.emit({ type: 'turn-end', ...ending, iterations, conversation: redactItems(toResponsesInput(conversation), redact), state });
    return { ...ending, turnId, iterations, conversation, events };
  };

  const moduleTools = await prepareTurnTools({ tools: options.tools, emitter, signal, redact });
  if (!moduleTools.ok) return end(moduleTools.error);
  const assembled = assembleTools({ moduleTools: moduleTools.value, mode, resultSchema: options.resultSchema, validateResult: options.validateResult, model: options.model });
  if (!assembled.ok) return end({ reason: 'error', error: assembled.error });
  const toolSet = assembled.value;
  emitter.emit({ type: 'tools-assembled', tools: describeAssembledTools(toolSet), ...(toolSet.deferralNote ? { deferralNote: toolSet.deferralNote } : {}) });
  const offered = buildOfferedTools(toolSet);
  for (const name of options.loadedTools ?? []) {
    if (toolSet.tools.some((entry) => entry.deferred && entry.qualifiedName === name)) loaded.add(name);
  }
  const carriedIn = { conversationItems: history.length, files: [...(options.carriedFiles ?? [])], loadedTools: [...loaded] };
  if (carriedIn.conversationItems > 0 || carriedIn.files.length > 0 || carriedIn.loadedTools.length > 0) {
    emitter.emit({ type: 'turn-carried-in', ...carriedIn });
  }
  const tokenMeter = options.countTokens ? createToolTokenMeter(toolSet, options.countTokens) : undefined;
  const requestSettings = resolveRequestSettings(modelSettings, toolSet, loaded);
  if (!requestSettings.ok) return end({ reason: 'error', error: requestSettings.error });

  while (true) {
    if (options.awaitStep && !signal.aborted) await options.awaitStep();
    if (signal.aborted) return end({ reason: 'aborted' });
    if (iterations >= maxIterations) return end({ reason: 'max-iterations' });
    iterations += 1;
    const iteration = iterations;
    const settings = requestSettings.value(iteration);
    const request: ModelRequest = { instructions: options.instructions, input: conversation, tools: offered, ...settings };
    const toolTokens = await tokenMeter?.measure(loaded);
    emitter.emit({
      type: 'model-request',
      iteration,
      ...(settings.toolChoice !== undefined ? { toolChoice: describeRequestToolChoice(settings.toolChoice) } : {}),
      offeredTools: callableNames(toolSet, loaded),
      deferredCount: toolSet.tools.filter((entry) => entry.deferred && !loaded.has(entry.qualifiedName)).length,
      inputItemCount: conversation.length,
      ...(toolTokens ? { toolTokens } : {}),
    });
    const { response, timing } = await requestModelResponse({ model: options.model, request, iteration, signal, emitter, redact });
    if (!response.ok) {
      if (signal.aborted || response.error.code === 'aborted') return end({ reason: 'aborted' });
      const message = redact(response.error.message);
      emitter.emit({ type: 'model-error', iteration, code: response.error.code, message, ...(response.error.status ? { status: response.error.status } : {}) });
      return end({ reason: 'error', error: message });
    }
    const { output } = response.value;
    const text = output.flatMap((item) => (item.type === 'message' && item.role === 'assistant' ? [item.content] : [])).join('\n');
    const functionCalls: ProposedFunctionCall[] = output.flatMap((item) =>
      item.type === 'function_call' ? [{ callId: item.call_id, name: item.name, namespace: item.namespace, arguments: item.arguments }] : [],
    );
    const searchCalls = output.filter((item): item is Extract<ConversationItem, { type: 'tool_search_call' }> => item.type === 'tool_search_call');
    emitter.emit({
      type: 'model-response',
      iteration,
      responseId: response.value.id,
      ...(text ? { text: redact(text) } : {}),
      calls: [
        ...searchCalls.map((call) => ({ callId: call.call_id, name: TOOL_SEARCH_NAME, arguments: JSON.stringify(call.arguments) })),
        ...functionCalls.map((call) => {
          const notes = response.value.callNotes?.find((entry) => entry.callId === call.callId)?.notes;
          return { callId: call.callId, name: qualifiedCallName(call), arguments: redact(call.arguments), ...(notes ? { notes: notes.map(redact) } : {}) };
        }),
      ],
      ...(response.value.usage ? { usage: response.value.usage } : {}),
      ...(timing ? { timing } : {}),
      ...(response.value.servedBy ? { servedBy: response.value.servedBy } : {}),
      ...(response.value.divergence ? { divergence: redact(response.value.divergence) } : {}),
    });
    conversation.push(...output);
    const clientSearches = searchCalls.filter((call) => call.execution === 'client');
    recordHostedSearches({ output, iteration, emitter, loaded });
    if (functionCalls.length === 0 && clientSearches.length === 0) return end({ reason: 'completed', ...(text ? { finalText: redact(text) } : {}) });

    const outputs = new Map<string, ConversationItem>();
    for (const call of clientSearches) {
      const query = readSearchQuery(call.arguments);
      const { tools } = answerToolSearch({ callId: call.call_id, iteration, query, toolSet, loaded, emitter, version: options.toolSearchVersion });
      outputs.set(call.call_id, { type: 'tool_search_output', call_id: call.call_id, execution: 'client', tools });
    }
    const searchFunctionCalls = functionCalls.filter((call) => isSearchFunctionCall(call, toolSet));
    for (const call of searchFunctionCalls) {
      outputs.set(call.callId, answerSearchFunctionCall({ call, iteration, toolSet, loaded, emitter, version: options.toolSearchVersion }));
    }

    const outcome = await runIteration({
      calls: functionCalls.filter((call) => !searchFunctionCalls.includes(call)),
      iteration,
      toolSet,
      loaded,
      emitter,
      redact,
      signal,
      ...resolveCallPolicy(options),
    });
    for (const result of outcome.results) outputs.set(result.callId, { type: 'function_call_output', call_id: result.callId, output: result.output });
    // Outputs go back in the model's call order, paired by call_id, whatever order they finished in.
    for (const item of output) {
      const callId = item.type === 'function_call' || item.type === 'tool_search_call' ? item.call_id : undefined;
      const answer = callId ? outputs.get(callId) : undefined;
      if (answer) conversation.push(answer);
    }
    if (signal.aborted) return end({ reason: 'aborted' });
    if (outcome.endedBy) {
      if (outcome.endedBy.entry.qualifiedName === SUBMIT_RESULT_TOOL_NAME && mode === 'task') return end({ reason: 'completed', result: outcome.endedBy.args });
      return end({ reason: 'tool-ended', ...(text ? { finalText: redact(text) } : {}) });
    }
  }
}

function callableNames(toolSet: TurnToolSet, loaded: ReadonlySet<string>): string[] {
  const names = toolSet.tools.filter((entry) => !entry.deferred || loaded.has(entry.qualifiedName)).map((entry) => entry.qualifiedName);
  return toolSet.searchMode === 'none' ? names : [...names, TOOL_SEARCH_NAME];
}

function isSearchFunctionCall(call: ProposedFunctionCall, toolSet: TurnToolSet): boolean {
  return call.name === TOOL_SEARCH_NAME && !call.namespace && toolSet.searchMode !== 'none' && !toolSet.byName.has(TOOL_SEARCH_NAME);
}

/** Search requested as a plain function call (e.g. by a scripted model): answered as a function output. */
function answerSearchFunctionCall(options: {
  call: ProposedFunctionCall;
  iteration: number;
  toolSet: TurnToolSet;
  loaded: Set<string>;
  emitter: EventEmitter;
  version?: ToolSearchVersion;
}): ConversationItem {
  const { call, iteration, emitter } = options;
  const query = readSearchQuery(call.arguments);
  const { tools, matches } = answerToolSearch({ callId: call.callId, iteration, query, toolSet: options.toolSet, loaded: options.loaded, emitter, version: options.version });
  const output = JSON.stringify({ message: describeSearchResult(matches, query), tools });
  emitter.emit({
    type: 'tool-output',
    iteration,
    callId: call.callId,
    name: TOOL_SEARCH_NAME,
    status: 'success',
    output,
    summary: describeSearchResult(matches, query),
    audit: `${call.callId} ${TOOL_SEARCH_NAME} ${JSON.stringify(query)} → ${matches.length} matches`,
    durationMs: 0,
  });
  return { type: 'function_call_output', call_id: call.callId, output };
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


function redactFiles(files: Record<string, string>, redact: Redactor): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [path, redact(text)]));
}

/** Every string of the items redacted: what leaves the turn must not carry a typed key. */
function redactItems(items: ResponsesWireItem[], redact: Redactor): ResponsesWireItem[] {
  return items.map((item) => redactJsonValue(item, redact) as ResponsesWireItem);
}
