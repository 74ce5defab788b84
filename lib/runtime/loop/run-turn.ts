import { toOutputItem } from '../tools/tool-result';
import { answerToolSearch, describeSearchResult, readSearchQuery } from './answer-tool-search';
import { assembleTools, describeAssembledTools, type TurnToolSet } from '../tools/assemble-tools';
import { TOOL_SEARCH_NAME } from './build-offered-tools';
import { applyToolChanges, buildTurnToolState, deriveTurnToolState, type TakeToolChanges, type TurnToolState } from './apply-tool-changes';
import type { Tool } from '../tools/tool';
import type { EventEmitter } from '../events/create-event-emitter';
import { SUBMIT_RESULT_TOOL_NAME, type ResultValidator } from '../tools/create-submit-result-tool';
import type { TokenCounter } from './measure-tool-tokens';
import { resolveCallPolicy, runIteration, type CallPolicyInput } from '../call/run-iteration';
import type { JsonSchema } from '../vocabulary/json';
import type { ConversationItem, ModelClient } from '../model/model-client';
import type { ProposedFunctionCall } from '../call/prepare-tool-call';
import { redactJsonValue, type Redactor } from '../redact-secrets';
import type { RuntimeEvent, TurnEnding } from '../events/runtime-event';
import type { TurnMode } from '../vocabulary/modes';
import type { ToolSearchVersion } from '../search/tool-search-version';
import { toResponsesInput, type ResponsesWireItem } from '../model/responses-items';
import { openRun, type RunHost } from './open-run';
import { prepareTurnTools, type TurnTools } from './prepare-turn-tools';
import { takeModelStep } from './take-model-step';
import { compactModelSettings } from '../model/compact-model-settings';
import type { ModelSettings } from '../model/model-settings';
import { err, ok, type Result } from '../vocabulary/result';

/**
 * One turn's options in five parts: what it runs (at the top), what it carries in from earlier
 * turns, how it asks the model, how its calls are gated and run, and what its host provides.
 */
export type RunTurnOptions = {
  /** The module's tools, or how to open them (a sandbox): `sandbox-ready` or `sandbox-error` then follows `turn-start`. */
  tools: TurnTools;
  /** Sources whose tools change during the turn (MCP servers that said so): asked before each request after the first. */
  toolChanges?: TakeToolChanges;
  model: ModelClient;
  /** This turn's new items, normally the next user message. */
  input: ConversationItem[];
  /** What earlier turns left: their conversation, the tools they loaded, the files they wrote. */
  carriedIn?: TurnCarriedIn;
  /** How the turn asks the model: instructions, settings, mode, result schema, iteration cap, search ranking. */
  request?: TurnRequestOptions;
  /** How calls are gated and run: permissions, approvals, answers by hand, fork overrides, timeouts. */
  policy?: CallPolicyInput;
  /** What the host provides: abort signal, clock, ids, pacing, token counting, result validation, secrets, events, files. */
  host?: TurnHost;
};

/** What a turn takes over from the turns before it. */
export type TurnCarriedIn = {
  /** The items of the turns before this one, in order (a `turn-end`'s `conversation`, read back). */
  history?: readonly ConversationItem[];
  /** Deferred tools an earlier turn loaded through Tool Search: callable from the first request. */
  loadedTools?: readonly string[];
  /** Names of the files an earlier turn left in the file store, for `turn-start.carriedIn`. */
  files?: readonly string[];
};

/** How a turn's requests are made and how many it may make. */
export type TurnRequestOptions = {
  instructions?: string;
  /** `tool_choice`, `parallel_tool_calls`, temperature and output cap for the turn's requests (see `resolveRequestSettings`). */
  modelSettings?: ModelSettings;
  mode?: TurnMode;
  resultSchema?: JsonSchema;
  maxIterations?: number;
  /** The ranking client-side Tool Search answers with: the current one unless replaying a turn recorded with another. */
  toolSearchVersion?: ToolSearchVersion;
};

/** What the host running a turn provides beyond every run's id, clock, signal, secrets, events and files. */
export type TurnHost = RunHost & {
  /**
   * Awaited before each model request: lets a host that runs many turns on one thread take their
   * CPU-heavy steps in turns (the server's `waitForTurnStep`). Omitted → no wait.
   */
  awaitStep?: () => Promise<void>;
  /** Counts tokens for the context meter (`model-request.toolTokens`); omitted → no meter. */
  countTokens?: TokenCounter;
  /** Validates `submit_result` arguments against `resultSchema` off this thread; local Ajv when absent. */
  validateResult?: ResultValidator;
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
  const { carriedIn = {}, request = {}, host = {} } = options;
  const { turnId, events, emitter, signal, redact } = openRun(host);
  const mode = request.mode ?? 'chat';
  const maxIterations = request.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const history = carriedIn.history ?? [];
  const conversation = [...history, ...options.input];
  const modelSettings = compactModelSettings(request.modelSettings);
  emitTurnStart({ options, mode, maxIterations, conversation, modelSettings, emitter, redact });

  let iterations = 0;
  const loaded = new Set<string>();
  const end = (ending: TurnEnding): TurnOutcome => {
    const state = { files: redactFiles(host.readFiles?.() ?? {}, redact), loadedTools: [...loaded] };
    emitter.emit({ type: 'turn-end', ...ending, iterations, conversation: redactItems(toResponsesInput(conversation), redact), state });
    return { ...ending, turnId, iterations, conversation, events };
  };

  const setUp = await setUpTurnTools({ options, mode, historyLength: history.length, modelSettings, loaded, emitter, signal, redact });
  if (!setUp.ok) return end(setUp.error);
  let tools = setUp.value.state;
  const rebuildTools = setUp.value.build;

  while (true) {
    if (host.awaitStep && !signal.aborted) await host.awaitStep();
    if (signal.aborted) return end({ reason: 'aborted' });
    if (iterations >= maxIterations) return end({ reason: 'max-iterations' });
    iterations += 1;
    const iteration = iterations;
    if (iteration > 1 && options.toolChanges) {
      tools = applyToolChanges({ state: tools, changes: await options.toolChanges(iteration), iteration, build: rebuildTools, loaded, emitter });
      if (signal.aborted) return end({ reason: 'aborted' });
    }
    const { toolSet, offered, tokenMeter, requestSettings } = tools;
    const step = await takeModelStep({
      model: options.model,
      instructions: request.instructions,
      iteration,
      conversation,
      toolSet,
      offered,
      loaded,
      settings: requestSettings(iteration),
      tokenMeter,
      emitter,
      signal,
      redact,
    });
    if (!step.ok) return end(step.error);
    const { output, text, functionCalls, clientSearches } = step.value;
    conversation.push(...output);
    if (functionCalls.length === 0 && clientSearches.length === 0) return end({ reason: 'completed', ...(text ? { finalText: redact(text) } : {}) });

    const outputs = answerSearches({ clientSearches, functionCalls, iteration, toolSet, loaded, emitter, version: request.toolSearchVersion });
    const outcome = await runIteration({
      calls: functionCalls.filter((call) => !isSearchFunctionCall(call, toolSet)),
      iteration,
      toolSet,
      loaded,
      emitter,
      redact,
      signal,
      ...resolveCallPolicy(options.policy ?? {}),
    });
    for (const result of outcome.results) outputs.set(result.callId, toOutputItem(result));
    appendInModelOrder(conversation, output, outputs);
    if (signal.aborted) return end({ reason: 'aborted' });
    if (outcome.endedBy) {
      if (outcome.endedBy.entry.qualifiedName === SUBMIT_RESULT_TOOL_NAME && mode === 'task') return end({ reason: 'completed', result: outcome.endedBy.args });
      return end({ reason: 'tool-ended', ...(text ? { finalText: redact(text) } : {}) });
    }
  }
}

function emitTurnStart(options: {
  options: RunTurnOptions;
  mode: TurnMode;
  maxIterations: number;
  conversation: readonly ConversationItem[];
  modelSettings: ModelSettings | undefined;
  emitter: EventEmitter;
  redact: Redactor;
}): void {
  const { options: turn, redact } = options;
  const lastUser = [...options.conversation].reverse().find((item) => item.type === 'message' && item.role === 'user');
  options.emitter.emit({
    type: 'turn-start',
    mode: options.mode,
    model: turn.model.label,
    permissionMode: turn.policy?.permissions?.mode ?? 'auto',
    maxIterations: options.maxIterations,
    userMessage: lastUser?.type === 'message' ? redact(lastUser.content) : '',
    ...(turn.request?.instructions ? { instructions: redact(turn.request.instructions) } : {}),
    ...(options.modelSettings ? { modelSettings: options.modelSettings } : {}),
  });
}

type TurnSetUp = {
  state: TurnToolState;
  /** Builds the state again from changed tools, under the same settings. */
  build: (sourceTools: readonly Tool[]) => Result<TurnToolState, string>;
};

/**
 * Everything before the first request: open the module's tools, assemble the turn's tool set
 * (`tools-assembled`), take over what earlier turns loaded (`turn-carried-in`), and resolve
 * the request settings. A failure here ends the turn before any request.
 */
async function setUpTurnTools(options: {
  options: RunTurnOptions;
  mode: TurnMode;
  historyLength: number;
  modelSettings: ModelSettings | undefined;
  loaded: Set<string>;
  emitter: EventEmitter;
  signal: AbortSignal;
  redact: Redactor;
}): Promise<Result<TurnSetUp, TurnEnding>> {
  const { options: turn, emitter, loaded } = options;
  const moduleTools = await prepareTurnTools({ tools: turn.tools, emitter, signal: options.signal, redact: options.redact });
  if (!moduleTools.ok) return err(moduleTools.error);
  const settings = {
    mode: options.mode,
    resultSchema: turn.request?.resultSchema,
    validateResult: turn.host?.validateResult,
    model: turn.model,
    modelSettings: options.modelSettings,
    loaded,
    countTokens: turn.host?.countTokens,
  };
  const assembled = assembleTools({ ...settings, moduleTools: moduleTools.value });
  if (!assembled.ok) return err({ reason: 'error', error: assembled.error });
  const toolSet = assembled.value;
  emitter.emit({ type: 'tools-assembled', tools: describeAssembledTools(toolSet), ...(toolSet.deferralNote ? { deferralNote: toolSet.deferralNote } : {}) });
  for (const name of turn.carriedIn?.loadedTools ?? []) {
    if (toolSet.tools.some((entry) => entry.deferred && entry.qualifiedName === name)) loaded.add(name);
  }
  const carriedIn = { conversationItems: options.historyLength, files: [...(turn.carriedIn?.files ?? [])], loadedTools: [...loaded] };
  if (carriedIn.conversationItems > 0 || carriedIn.files.length > 0 || carriedIn.loadedTools.length > 0) {
    emitter.emit({ type: 'turn-carried-in', ...carriedIn });
  }
  const state = deriveTurnToolState(moduleTools.value, toolSet, settings);
  if (!state.ok) return err({ reason: 'error', error: state.error });
  return ok({ state: state.value, build: (sourceTools) => buildTurnToolState(sourceTools, settings) });
}

/** Answers the step's Tool Search calls (client-side searches and search asked as a plain function call), keyed by call id. */
function answerSearches(options: {
  clientSearches: readonly Extract<ConversationItem, { type: 'tool_search_call' }>[];
  functionCalls: readonly ProposedFunctionCall[];
  iteration: number;
  toolSet: TurnToolSet;
  loaded: Set<string>;
  emitter: EventEmitter;
  version?: ToolSearchVersion;
}): Map<string, ConversationItem> {
  const { iteration, toolSet, loaded, emitter, version } = options;
  const outputs = new Map<string, ConversationItem>();
  for (const call of options.clientSearches) {
    const query = readSearchQuery(call.arguments);
    const { tools } = answerToolSearch({ callId: call.call_id, iteration, query, toolSet, loaded, emitter, version });
    outputs.set(call.call_id, { type: 'tool_search_output', call_id: call.call_id, execution: 'client', tools });
  }
  for (const call of options.functionCalls.filter((candidate) => isSearchFunctionCall(candidate, toolSet))) {
    outputs.set(call.callId, answerSearchFunctionCall({ call, iteration, toolSet, loaded, emitter, version }));
  }
  return outputs;
}

/** Outputs go back in the model's call order, paired by call_id, whatever order they finished in. */
function appendInModelOrder(conversation: ConversationItem[], output: readonly ConversationItem[], outputs: ReadonlyMap<string, ConversationItem>): void {
  for (const item of output) {
    const callId = item.type === 'function_call' || item.type === 'tool_search_call' ? item.call_id : undefined;
    const answer = callId ? outputs.get(callId) : undefined;
    if (answer) conversation.push(answer);
  }
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


function redactFiles(files: Record<string, string>, redact: Redactor): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [path, redact(text)]));
}

/** Every string of the items redacted: what leaves the turn must not carry a typed key. */
function redactItems(items: ResponsesWireItem[], redact: Redactor): ResponsesWireItem[] {
  return items.map((item) => redactJsonValue(item, redact) as ResponsesWireItem);
}
