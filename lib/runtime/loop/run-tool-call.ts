import { assembleTools, describeAssembledTools } from '../tools/assemble-tools';
import type { ConversationItem } from '../model/model-client';
import type { ProposedFunctionCall } from '../call/prepare-tool-call';
import { redactJsonValue } from '../redact-secrets';
import { toResponsesInput, type ResponsesWireItem } from '../model/responses-items';
import { resolveCallPolicy, runIteration, type CallPolicyInput } from '../call/run-iteration';
import type { RuntimeEvent, TurnEnding } from '../events/runtime-event';
import type { ToolResult } from '../tools/tool-result';
import { toOutputItem } from '../tools/tool-result';
import { openRun, type RunHost } from './open-run';
import { prepareTurnTools, type TurnTools } from './prepare-turn-tools';

/** The `turn-start.model` of a call a person made: no model took part. */
export const DIRECT_CALL_MODEL_LABEL = 'direct';
export const DIRECT_CALL_ID = 'call_direct';

/** One call a person proposed: what it calls (at the top), how it is gated and run, and what its host provides. */
export type RunToolCallOptions = {
  /** The module's tools, or how to open them (a sandbox), as in `runTurn`. */
  tools: TurnTools;
  /** The qualified name (`namespace.name` inside a namespace), spelled as a model would call it. */
  name: string;
  /** The arguments exactly as typed: malformed JSON goes through the repair ladder like a model's. */
  arguments: string;
  callId?: string;
  /** How the call is gated and run, as in `runTurn`. */
  policy?: CallPolicyInput;
  /** The run's id, clock, abort signal, secrets to redact, event sink and file store. */
  host?: RunHost;
};

/** How a direct call ended: with the call's normalized result, or with the error that kept it from being made. */
export type DirectCallEnding =
  | { reason: 'completed' | 'tool-ended' | 'aborted'; result?: ToolResult; error?: never }
  | { reason: 'error'; error: string; result?: never };

export type ToolCallOutcome = DirectCallEnding & {
  turnId: string;
  /** The `function_call` and its `function_call_output`. */
  conversation: ConversationItem[];
  events: RuntimeEvent[];
};

/**
 * One call a person proposed, without a model: a one-iteration turn whose proposal comes from
 * `tool-call-direct` instead of `model-response`. Everything after the proposal is the model
 * path itself (`assembleTools`, then `runIteration`: lookup, repair ladder, validation, gate,
 * sandbox execute), so a call behaves here exactly as it would in a turn. The one difference: a
 * deferred tool is loaded for the call, since the person picked it by name and there is no
 * model to send through Tool Search first.
 */
export async function runToolCall(options: RunToolCallOptions): Promise<ToolCallOutcome> {
  const { turnId, events, emitter, signal, redact } = openRun(options.host);
  const callId = options.callId ?? DIRECT_CALL_ID;
  const conversation: ConversationItem[] = [];

  emitter.emit({
    type: 'turn-start',
    mode: 'chat',
    model: DIRECT_CALL_MODEL_LABEL,
    permissionMode: options.policy?.permissions?.mode ?? 'auto',
    maxIterations: 1,
    userMessage: redact(`Try ${options.name}`),
  });
  const end = (ending: DirectCallEnding): ToolCallOutcome => {
    const files = Object.fromEntries(Object.entries(options.host?.readFiles?.() ?? {}).map(([path, text]) => [path, redact(text)]));
    const items = toResponsesInput(conversation).map((item) => redactJsonValue(item, redact) as ResponsesWireItem);
    const turnEnding: TurnEnding = ending.reason === 'error' ? { reason: 'error', error: ending.error } : { reason: ending.reason };
    emitter.emit({ type: 'turn-end', ...turnEnding, iterations: ending.reason === 'error' ? 0 : 1, conversation: items, state: { files, loadedTools: [] } });
    return { ...ending, turnId, conversation, events };
  };

  const moduleTools = await prepareTurnTools({ tools: options.tools, emitter, signal, redact });
  if (!moduleTools.ok) return end(moduleTools.error.reason === 'error' ? { reason: 'error', error: moduleTools.error.error } : { reason: 'aborted' });
  // A model that can search, so deferred tools are registered as deferred, as in a real turn.
  const assembled = assembleTools({ moduleTools: moduleTools.value, mode: 'chat', model: { hostedToolSearch: false, supportsDeferredTools: true } });
  if (!assembled.ok) return end({ reason: 'error', error: redact(assembled.error) });
  const toolSet = assembled.value;
  emitter.emit({ type: 'tools-assembled', tools: describeAssembledTools(toolSet), ...(toolSet.deferralNote ? { deferralNote: toolSet.deferralNote } : {}) });

  const entry = toolSet.byName.get(options.name);
  const loaded = new Set<string>(entry?.deferred ? [entry.qualifiedName] : []);
  const call: ProposedFunctionCall = { callId, name: options.name, arguments: options.arguments };
  emitter.emit({
    type: 'tool-call-direct',
    iteration: 1,
    call: { callId, name: options.name, arguments: redact(options.arguments) },
    ...(entry?.deferred ? { loadedDeferred: true } : {}),
  });
  // The item a model's call would have been: namespaced tools are called by their own name inside the namespace.
  conversation.push({
    type: 'function_call',
    call_id: callId,
    name: entry?.tool.name ?? options.name,
    ...(entry?.tool.namespace ? { namespace: entry.tool.namespace } : {}),
    arguments: options.arguments,
  });

  const outcome = await runIteration({
    calls: [call],
    iteration: 1,
    toolSet,
    loaded,
    emitter,
    redact,
    signal,
    ...resolveCallPolicy(options.policy ?? {}),
  });
  const result = outcome.results.find((candidate) => candidate.callId === callId);
  if (result) conversation.push(toOutputItem(result));
  return end({ reason: signal.aborted ? 'aborted' : outcome.endedBy ? 'tool-ended' : 'completed', ...(result ? { result } : {}) });
}

