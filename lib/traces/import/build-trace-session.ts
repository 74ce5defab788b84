import { MODEL_CONFIG_LIMITS, TURN_LIMITS, type ScriptStep } from '@/lib/contract';
import { CURRENT_TOOL_SEARCH_VERSION } from '@/lib/runtime';
import { createSessionId, SESSION_RECORD_VERSION, type SessionRecord } from '@/lib/sessions';
import { buildTraceTools } from './build-trace-tools';
import { TRACE_LIMITS } from './trace-limits';
import type { TraceFormat, TraceModelCall, TraceNote, TraceRun } from './trace-run';

const FORMAT_LABELS: Record<TraceFormat, string> = {
  'otel-genai': 'an OpenTelemetry GenAI trace',
  openinference: 'an OpenInference trace',
  'ai-sdk': 'an AI SDK telemetry trace',
  'openai-agents': 'an OpenAI Agents trace',
};

/**
 * The session a trace becomes: one turn whose model is the embedded scripted model answering, call
 * by call, what the app's model answered (text and calls, arguments as written), and whose module
 * answers each call with its recorded result. Its tape and events are empty until the turn is run
 * once on the server (`recordTraceSession`), which records both in our wire format.
 */
export function buildTraceSession(run: TraceRun): { session: SessionRecord; notes: TraceNote[] } {
  const label = FORMAT_LABELS[run.format];
  const tools = buildTraceTools(run, label);
  const notes: TraceNote[] = [...run.notes, ...tools.notes];
  const script = buildScript(run.modelCalls, tools.names, notes);
  const { instructions, messages } = buildMessages(run, notes);
  const model = { provider: 'scripted' as const, script };
  const settings = { permissions: { mode: 'auto' as const }, mode: 'chat' as const, maxIterations: Math.max(1, script.length) };
  const message = messages.findLast((entry) => entry.role === 'user')?.content ?? messages[messages.length - 1]?.content ?? '';
  const session: SessionRecord = {
    version: SESSION_RECORD_VERSION,
    id: createSessionId(),
    createdAt: toIsoTime(run.start),
    title: `Imported from ${label}${run.modelCalls[0]?.model ? ` (${run.modelCalls[0].model})` : ''}`.slice(0, 200),
    playground: { source: tools.source, script: JSON.stringify(script, null, 2), message, model, ...settings, ...(instructions ? { instructions } : {}) },
    turns: [
      {
        turnId: `trace-${run.traceId || 'imported'}`.slice(0, 200),
        request: { source: tools.source, messages, model, ...settings, ...(instructions ? { instructions } : {}), toolSearch: CURRENT_TOOL_SEARCH_VERSION },
        tape: [],
        approvals: [],
        outputs: [],
        events: [],
      },
    ],
  };
  return { session, notes };
}

/** One scripted step per model call the app made, in order, as far as one turn goes. */
function buildScript(calls: readonly TraceModelCall[], names: ReadonlyMap<string, string>, notes: TraceNote[]): ScriptStep[] {
  const answered = calls.filter((call) => {
    if (call.error === undefined) return true;
    notes.push({ where: call.where, reason: `The model call failed in the app (${call.error}); the session continues without it.` });
    return false;
  });
  const endsAt = answered.findIndex((call) => call.calls.length === 0);
  const kept = answered.slice(0, Math.min(endsAt === -1 ? answered.length : endsAt + 1, TRACE_LIMITS.modelCalls));
  if (kept.length < answered.length) {
    const reason =
      endsAt !== -1 && endsAt + 1 < TRACE_LIMITS.modelCalls
        ? `it answered without calling a tool, so the turn ends there; the ${answered.length - kept.length} model call(s) after it are not in the session.`
        : `a turn makes at most ${TRACE_LIMITS.modelCalls} model calls; the ${answered.length - kept.length} after it are not in the session.`;
    notes.push({ where: kept[kept.length - 1]?.where ?? 'trace', reason: `The turn ends at this model call: ${reason}` });
  }
  return kept.map((call, index) => {
    notes.push({ where: `tape entry ${index + 1} (${call.where})`, reason: "Reconstructed in the Responses wire format by the embedded model from the recorded answer; the app's own request and response were not recorded byte for byte." });
    if (call.calls.length > MODEL_CONFIG_LIMITS.callsPerStep) notes.push({ where: call.where, reason: `It proposed ${call.calls.length} calls; the first ${MODEL_CONFIG_LIMITS.callsPerStep} were imported.` });
    if (call.text.length > MODEL_CONFIG_LIMITS.textLength) notes.push({ where: call.where, reason: `Its text was cut to ${MODEL_CONFIG_LIMITS.textLength} characters.` });
    const proposed = call.calls.slice(0, MODEL_CONFIG_LIMITS.callsPerStep).map((proposal) => ({ name: names.get(proposal.name) ?? proposal.name, arguments: proposal.arguments.slice(0, MODEL_CONFIG_LIMITS.argumentsLength) }));
    return { ...(call.text !== '' ? { text: call.text.slice(0, MODEL_CONFIG_LIMITS.textLength) } : {}), ...(proposed.length > 0 ? { calls: proposed } : {}) };
  });
}

/** The instructions (the system messages) and the chat messages the turn starts from. */
function buildMessages(run: TraceRun, notes: TraceNote[]): { instructions?: string; messages: { role: 'user' | 'assistant'; content: string }[] } {
  const system = run.messages.filter((message) => message.role === 'system').map((message) => message.content);
  const chat = run.messages.flatMap((message) => (message.role === 'system' ? [] : [{ role: message.role, content: message.content.slice(0, TURN_LIMITS.messageChars) }]));
  if (chat.length === 0) notes.push({ where: 'messages', reason: 'No user message was recorded; the turn starts from a placeholder.' });
  if (chat.length > TURN_LIMITS.messages) notes.push({ where: 'messages', reason: `The conversation held ${chat.length} messages; the last ${TURN_LIMITS.messages} were imported.` });
  const instructions = system.join('\n\n').slice(0, TURN_LIMITS.instructionsChars);
  const messages = chat.length > 0 ? chat.slice(-TURN_LIMITS.messages) : [{ role: 'user' as const, content: '(no user message was recorded)' }];
  return { ...(instructions !== '' ? { instructions } : {}), messages };
}

/** A span start in nanoseconds as an ISO time; the epoch when unknown. */
function toIsoTime(nanos: string): string {
  const millis = nanos === '' ? 0 : Number(BigInt(nanos) / 1_000_000n);
  return new Date(Number.isFinite(millis) && millis >= 0 && millis < 8.64e15 ? millis : 0).toISOString();
}
