import type { EventEmitter } from '../events/create-event-emitter';
import { assertNever } from '../vocabulary/assert-never';
import type { JsonValue } from '../vocabulary/json';
import type { ManualOutputHandler } from './manual-output';
import { describeSafely, type RunnableCall } from './prepare-tool-call';
import type { Redactor } from '../redact-secrets';
import { capOutput, type ToolResult } from '../tools/tool-result';
import { formatIssueLine } from '../validation/format-validation-issues';
import { awaitPerson } from './await-person';

/**
 * Why a person is asked: the tool has no execute, the user switched it to be answered by hand, or
 * a fork of a recorded session replaces this call's output with one the person wrote.
 */
export type ManualOutputReason = 'no-execute' | 'answer-by-hand' | 'fork-override';

export type AnswerToolCallByHandOptions = {
  call: RunnableCall;
  iteration: number;
  batch: number;
  reason: ManualOutputReason;
  emitter: EventEmitter;
  redact: Redactor;
  /** Aborts when the turn is aborted. */
  signal: AbortSignal;
  requestOutput?: ManualOutputHandler;
  /** How long a person has to type the output: the approvals' timeout. */
  timeoutMs: number;
};

/** What came back from the person, or why nothing did. */
type Answer =
  | { kind: 'typed'; text: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  /** Nobody can answer (no handler), or the channel failed: reported as `decidedBy: 'timeout'`, like an approval. */
  | { kind: 'unavailable'; message: string };

/**
 * A call whose output a person types instead of `execute`: `tool-call-start`, then
 * `tool-output-request`, the answer raced against the timeout and the turn's abort,
 * `tool-output-response`, and the normal `tool-output`. A typed output is checked against the
 * tool's output schema (by the tool's own validator) and never ends the turn. Never throws.
 */
export async function answerToolCallByHand(options: AnswerToolCallByHandOptions): Promise<ToolResult> {
  const { call, iteration, emitter } = options;
  const { tool, qualifiedName: name } = call.entry;
  const base = { iteration, callId: call.callId, name };
  emitter.emit({ ...base, type: 'tool-call-start', batch: options.batch });
  const startedAt = emitter.elapsed();
  emitter.emit({
    ...base,
    type: 'tool-output-request',
    input: call.args,
    reason: options.reason,
    ...(tool.outputParameters ? { outputSchema: tool.outputParameters } : {}),
  });
  const answer = await awaitOutput(options);
  emitter.emit({ ...base, type: 'tool-output-response', decidedBy: answer.kind === 'typed' ? 'human' : answer.kind === 'aborted' ? 'abort' : 'timeout' });
  const outcome = answer.kind === 'typed' ? await checkTypedOutput(call, answer.text) : undefined;
  const durationMs = Math.round(Math.max(0, emitter.elapsed() - startedAt) * 1000) / 1000;
  const result = await toResult({ options, answer, outcome, durationMs });
  emitter.emit({ type: 'tool-output', iteration, ...result });
  return result;
}

async function awaitOutput(options: AnswerToolCallByHandOptions): Promise<Answer> {
  const { call, requestOutput } = options;
  if (!requestOutput && !options.signal.aborted) return { kind: 'unavailable', message: 'Nobody can answer this call by hand in this context.' };
  const answer = await awaitPerson((signal) => (requestOutput ? requestOutput({ callId: call.callId, name: call.entry.qualifiedName, input: call.args, signal }) : Promise.resolve(null)), options);
  switch (answer.kind) {
    case 'answered':
      return typeof answer.value === 'string' ? { kind: 'typed', text: answer.value } : { kind: 'unavailable', message: 'The output channel closed without an output.' };
    case 'failed':
      return { kind: 'unavailable', message: 'The output channel failed.' };
    default:
      return answer;
  }
}

/** `ok` with the parsed value when the text is JSON (undefined when it is not and no schema asks for JSON). */
type Checked = { ok: true; value: JsonValue | undefined } | { ok: false; message: string };

/** With an output schema the text must be JSON that validates; without one any text goes. */
async function checkTypedOutput(call: RunnableCall, text: string): Promise<Checked> {
  const { tool } = call.entry;
  const parsed = parseJson(text);
  if (!tool.hasOutputSchema) return { ok: true, value: parsed.ok ? parsed.value : undefined };
  if (!parsed.ok) return { ok: false, message: `The typed output is not JSON (${parsed.message}), but the tool has an output schema.` };
  try {
    const issues = await tool.validateOutput(parsed.value);
    if (issues.length === 0) return { ok: true, value: parsed.value };
    return { ok: false, message: `The typed output does not match the output schema: ${issues.map(formatIssueLine).join('; ')}` };
  } catch (error) {
    return { ok: false, message: `The typed output could not be checked against the output schema: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function parseJson(text: string): { ok: true; value: JsonValue } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

type ResultInput = { options: AnswerToolCallByHandOptions; answer: Answer; outcome: Checked | undefined; durationMs: number };

async function toResult({ options, answer, outcome, durationMs }: ResultInput): Promise<ToolResult> {
  const { call, redact } = options;
  const name = call.entry.qualifiedName;
  const argsText = redact(JSON.stringify(call.args)).slice(0, 500);
  const took = Math.round(durationMs);
  const common = { callId: call.callId, name, durationMs };
  const noOutput = (status: 'timeout' | 'aborted' | 'error', message: string, summary: string): ToolResult => ({
    ...common,
    status,
    output: `Error: ${name} got no output: ${message}`,
    summary,
    audit: `${call.callId} ${name} ${argsText} → ${status}: ${message}`,
  });
  switch (answer.kind) {
    case 'timeout':
      return noOutput('timeout', `no output was typed within ${options.timeoutMs} ms.`, `${name} timed out`);
    case 'aborted':
      return noOutput('aborted', 'the turn was aborted while the call waited for a typed output.', `${name} was aborted`);
    case 'unavailable':
      return noOutput('error', answer.message, `${name} got no output`);
    case 'typed':
      break;
    default:
      return assertNever(answer);
  }
  if (outcome && !outcome.ok) {
    const message = redact(outcome.message);
    return {
      ...common,
      status: 'error',
      output: `Error: ${name} failed (output-invalid): ${message}`,
      summary: `${name} got an invalid typed output`,
      audit: `${call.callId} ${name} ${argsText} → error (output-invalid, typed by a person) after ${took} ms: ${message.slice(0, 200)}`,
    };
  }
  const value = outcome?.ok && outcome.value !== undefined ? outcome.value : answer.text;
  const summary = (await describeSafely(() => call.entry.tool.describeCompletedActivity(call.args, value))) ?? `${name} answered by hand`;
  return {
    ...common,
    status: 'success',
    output: capOutput(redact(answer.text)),
    summary: redact(summary),
    audit: `${call.callId} ${name} ${argsText} → success (typed by a person) after ${took} ms`,
  };
}
