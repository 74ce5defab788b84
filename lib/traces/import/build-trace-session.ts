import { MODEL_CONFIG_LIMITS, TURN_LIMITS, type ScriptStep } from '@/lib/contract';
import { CURRENT_TOOL_SEARCH_VERSION } from '@/lib/runtime';
import { createSessionId, SESSION_RECORD_VERSION, type SessionRecord } from '@/lib/sessions';
import { buildTraceTools } from './build-trace-tools';
import { TRACE_LIMITS } from './trace-limits';
import { splitTraceTurns, type TraceTurn } from './split-trace-turns';
import type { TraceAppCall, TraceFormat, TraceMessage, TraceModelCall, TraceNote, TraceRun } from './trace-run';

const FORMAT_LABELS: Record<TraceFormat, string> = {
  'otel-genai': 'an OpenTelemetry GenAI trace',
  openinference: 'an OpenInference trace',
  'ai-sdk': 'an AI SDK telemetry trace',
  'openai-agents': 'an OpenAI Agents trace',
};

/**
 * The session a trace becomes: one turn per user message (`splitTraceTurns`), the embedded
 * scripted model answering, call by call, what the app's model answered (text and calls, arguments
 * as written; one script for the whole conversation, each turn going on where the one before
 * stopped), and one module answering each call with its recorded result. Tapes and
 * events are empty until the turns are run once on the server (`recordTraceSession`), which records
 * both in our wire format and carries each turn's conversation into the next, as the playground does.
 */
export function buildTraceSession(run: TraceRun): { session: SessionRecord; notes: TraceNote[]; appCalls: TraceAppCall[] } {
  const label = FORMAT_LABELS[run.format];
  const notes: TraceNote[] = [...run.notes];
  const kept = keepWithinBounds(splitTraceTurns(run, notes), notes);
  // The module answers only the calls the session holds: what the bounds left out costs nothing.
  const tools = buildTraceTools({ ...run, modelCalls: kept.flatMap((turn) => turn.modelCalls) }, label);
  notes.push(...tools.notes);
  // The system messages of the first prompt are the instructions of every turn, as the playground sends them.
  const instructions = run.messages.flatMap((message) => (message.role === 'system' ? [message.content] : [])).join('\n\n').slice(0, TURN_LIMITS.instructionsChars);
  const appCalls: TraceAppCall[] = [];
  const ran = new Set(run.results.map((result) => result.callId));
  const scripts = kept.map((turn, index) => ({ turn, steps: buildScript(turn.modelCalls, { names: tools.names, notes, turn: index + 1, appCalls, ran }) }));
  // One script for the whole conversation, as the playground's: the scripted model answers by the model turns its input already holds.
  const script = scripts.flatMap(({ steps }) => steps);
  const model = { provider: 'scripted' as const, script };
  const turns = scripts.map(({ turn, steps }, index) => {
    const messages = buildMessages(turn.messages, notes);
    const settings = { permissions: { mode: 'auto' as const }, mode: 'chat' as const, maxIterations: Math.max(1, steps.length) };
    const turnId = `trace-${run.traceId || 'imported'}`.slice(0, 190) + (index === 0 ? '' : `-${index + 1}`);
    return { turnId, request: { source: tools.source, messages, model, ...settings, ...(instructions ? { instructions } : {}), toolSearch: CURRENT_TOOL_SEARCH_VERSION } };
  });
  const last = turns[turns.length - 1]!;
  const { toolSearch: _toolSearch, messages, ...playground } = last.request;
  const message = messages.findLast((entry) => entry.role === 'user')?.content ?? messages[messages.length - 1]?.content ?? '';
  const session: SessionRecord = {
    version: SESSION_RECORD_VERSION,
    id: createSessionId(),
    createdAt: toIsoTime(run.start),
    title: `Imported from ${label}${run.modelCalls[0]?.model ? ` (${run.modelCalls[0].model})` : ''}`.slice(0, 200),
    // The page's iteration setting fits every turn, so a fork or re-run of any of them is not cut short.
    playground: { ...playground, maxIterations: Math.max(...turns.map((turn) => turn.request.maxIterations)), script: JSON.stringify(script, null, 2), message },
    turns: turns.map(({ turnId, request }) => ({ turnId, request, tape: [], approvals: [], outputs: [], events: [] })),
  };
  return { session, notes, appCalls };
}

/**
 * Each turn with the model calls its script answers (`selectTurnCalls`), as many turns as one
 * conversation holds (`TRACE_LIMITS.conversationSteps` model answers, `conversationCalls` calls:
 * what the recording run and each replay then cost); the turns past them are noted.
 */
function keepWithinBounds(turns: readonly TraceTurn[], notes: TraceNote[]): TraceTurn[] {
  const kept: TraceTurn[] = [];
  let steps = 0;
  let calls = 0;
  for (const [index, turn] of turns.entries()) {
    const turnNotes: TraceNote[] = [];
    const modelCalls = selectTurnCalls(turn.modelCalls, turnNotes);
    steps += modelCalls.length;
    calls += modelCalls.reduce((sum, call) => sum + Math.min(call.calls.length, MODEL_CONFIG_LIMITS.callsPerStep), 0);
    if (steps > TRACE_LIMITS.conversationSteps || calls > TRACE_LIMITS.conversationCalls) {
      const reason = `An imported conversation holds at most ${TRACE_LIMITS.conversationSteps} model answers and ${TRACE_LIMITS.conversationCalls} calls; this turn and the ${turns.length - index - 1} after it are not in the session.`;
      notes.push({ where: turn.modelCalls[0]?.where ?? `turn ${index + 1}`, reason });
      break;
    }
    notes.push(...turnNotes);
    kept.push({ messages: turn.messages, modelCalls });
  }
  return kept;
}

/** The model calls of a turn its script answers: those that did not fail, up to the first answer without a call, at most `TRACE_LIMITS.modelCalls`. */
function selectTurnCalls(calls: readonly TraceModelCall[], notes: TraceNote[]): TraceModelCall[] {
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
  return kept;
}

type ScriptOptions = {
  names: ReadonlyMap<string, string>;
  notes: TraceNote[];
  turn: number;
  /** Filled with each call the script proposes, in order. */
  appCalls: TraceAppCall[];
  /** Ids of the calls whose result (or failure) was recorded. */
  ran: ReadonlySet<string>;
};

/** One scripted step per model call a turn kept, in order. */
function buildScript(calls: readonly TraceModelCall[], { names, notes, turn, appCalls, ran }: ScriptOptions): ScriptStep[] {
  return calls.map((call, index) => {
    notes.push({ where: `${turn > 1 ? `turn ${turn}, ` : ''}tape entry ${index + 1} (${call.where})`, reason: "Reconstructed in the Responses wire format by the embedded model from the recorded answer; the app's own request and response were not recorded byte for byte." });
    if (call.calls.length > MODEL_CONFIG_LIMITS.callsPerStep) notes.push({ where: call.where, reason: `It proposed ${call.calls.length} calls; the first ${MODEL_CONFIG_LIMITS.callsPerStep} were imported.` });
    if (call.text.length > MODEL_CONFIG_LIMITS.textLength) notes.push({ where: call.where, reason: `Its text was cut to ${MODEL_CONFIG_LIMITS.textLength} characters.` });
    const kept = call.calls.slice(0, MODEL_CONFIG_LIMITS.callsPerStep);
    if (kept.length > 1) notes.push({ where: call.where, reason: `Its ${kept.length} calls ran together in the app; the module's tools are marked executionMode 'parallel' (they only read the recording), so the runtime's dispatch plan runs them as one parallel batch too.` });
    appCalls.push(...kept.map((proposal) => ({ name: proposal.name, where: `call ${proposal.callId} (${proposal.name})`, ran: ran.has(proposal.callId) })));
    const proposed = kept.map((proposal) => ({ name: names.get(proposal.name) ?? proposal.name, arguments: proposal.arguments.slice(0, MODEL_CONFIG_LIMITS.argumentsLength) }));
    return { ...(call.text !== '' ? { text: call.text.slice(0, MODEL_CONFIG_LIMITS.textLength) } : {}), ...(proposed.length > 0 ? { calls: proposed } : {}) };
  });
}

/** The chat messages a turn starts from (system ones are the instructions). */
function buildMessages(prompt: readonly TraceMessage[], notes: TraceNote[]): { role: 'user' | 'assistant'; content: string }[] {
  const chat = prompt.flatMap((message) => (message.role === 'system' ? [] : [{ role: message.role, content: message.content.slice(0, TURN_LIMITS.messageChars) }]));
  if (chat.length === 0) notes.push({ where: 'messages', reason: 'No user message was recorded; the turn starts from a placeholder.' });
  if (chat.length > TURN_LIMITS.messages) notes.push({ where: 'messages', reason: `The conversation held ${chat.length} messages; the last ${TURN_LIMITS.messages} were imported.` });
  return chat.length > 0 ? chat.slice(-TURN_LIMITS.messages) : [{ role: 'user' as const, content: '(no user message was recorded)' }];
}

/** A span start in nanoseconds as an ISO time; the epoch when unknown. */
function toIsoTime(nanos: string): string {
  const millis = nanos === '' ? 0 : Number(BigInt(nanos) / 1_000_000n);
  return new Date(Number.isFinite(millis) && millis >= 0 && millis < 8.64e15 ? millis : 0).toISOString();
}
