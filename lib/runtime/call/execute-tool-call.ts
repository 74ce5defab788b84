import { answerToolCallByHand } from './answer-tool-call-by-hand';
import { createCallAsker } from './ask-during-call';
import { startCallDeadline, type CallDeadline } from './call-deadline';
import type { ElicitationHandler } from '../elicitation/elicitation';
import type { EventEmitter } from '../events/create-event-emitter';
import type { ManualOutputHandler } from './manual-output';
import { describeSafely, type RunnableCall } from './prepare-tool-call';
import type { Redactor } from '../redact-secrets';
import type { ToolOutputStatus } from '../vocabulary/statuses';
import type { ToolFailure, ToolReturn } from '../tools/tool';
import type { ToolLogLevel } from '../vocabulary/modes';
import { capOutput, stringifyContent, type ToolResult } from '../tools/tool-result';
import type { Result } from '../vocabulary/result';

export type ExecuteToolCallOptions = {
  call: RunnableCall;
  iteration: number;
  batch: number;
  emitter: EventEmitter;
  redact: Redactor;
  /** Aborts when the turn is aborted. */
  signal: AbortSignal;
  defaultTimeoutMs: number;
  /** Qualified names whose calls a person answers even though the tool has an execute. */
  answerByHand: ReadonlySet<string>;
  /** Calls (by id) whose output a fork replaces with one given in advance. */
  forkedCalls?: ReadonlySet<string>;
  requestOutput?: ManualOutputHandler;
  /** Asks a person what a running call's tool asks them (an MCP server's elicitation); the tool gets no `ask` without it. */
  requestElicitation?: ElicitationHandler;
  /** How long a person has to type an output or answer a question (the approvals' timeout). */
  approvalTimeoutMs: number;
};

type Settled = Result<ToolReturn, ToolFailure>;

/**
 * Runs one call with the turn's abort signal and the tool's deadline, then normalizes the
 * outcome into a `ToolResult` and emits `tool-output`. A tool without execute, or one switched
 * to be answered by hand, takes the output a person types instead. Never throws.
 */
export async function executeToolCall(options: ExecuteToolCallOptions): Promise<ToolResult> {
  const { call, iteration, emitter, redact } = options;
  const { entry } = call;
  const name = entry.qualifiedName;
  const forked = options.forkedCalls?.has(call.callId) === true;
  if (forked || entry.tool.hasExecute === false || options.answerByHand.has(name)) {
    return answerToolCallByHand({
      call,
      iteration,
      batch: options.batch,
      reason: forked ? 'fork-override' : entry.tool.hasExecute === false ? 'no-execute' : 'answer-by-hand',
      emitter,
      redact,
      signal: options.signal,
      requestOutput: options.requestOutput,
      timeoutMs: options.approvalTimeoutMs,
    });
  }
  const timeoutMs = entry.tool.timeoutMs ?? options.defaultTimeoutMs;
  emitter.emit({ type: 'tool-call-start', iteration, callId: call.callId, name, batch: options.batch });
  const startedAt = emitter.elapsed();

  const controller = new AbortController();
  const onTurnAbort = () => controller.abort(options.signal.reason);
  options.signal.addEventListener('abort', onTurnAbort, { once: true });
  let deadline: CallDeadline | undefined;

  const log = (level: ToolLogLevel, message: string) =>
    emitter.emit({ type: 'tool-call-log', iteration, callId: call.callId, name, level, message: redact(String(message)).slice(0, 4000) });
  // The deadline counts the tool's time, not a person's: it pauses while the tool waits for an answer.
  const pausable: CallDeadline = { pause: () => deadline?.pause(), resume: () => deadline?.resume(), clear: () => deadline?.clear() };
  const { requestElicitation } = options;
  const asker = requestElicitation
    ? createCallAsker({ call, iteration, emitter, redact, signal: controller.signal, deadline: pausable, requestElicitation, timeoutMs: options.approvalTimeoutMs })
    : undefined;

  const settled: Settled = await new Promise<Settled>((resolve) => {
    if (options.signal.aborted) {
      resolve({ ok: false, error: { code: 'aborted', message: 'The turn was aborted before the call started.' } });
      return;
    }
    deadline = startCallDeadline(timeoutMs, () => {
      controller.abort('timeout');
      resolve({ ok: false, error: { code: 'timeout', message: `${name} timed out after ${timeoutMs} ms.` } });
    });
    controller.signal.addEventListener('abort', () => {
      if (controller.signal.reason !== 'timeout') resolve({ ok: false, error: { code: 'aborted', message: 'The call was aborted before it finished.' } });
    });
    entry.tool
      .execute(call.args, { callId: call.callId, signal: controller.signal, timeoutMs, log, ...(asker ? { ask: asker.ask } : {}) })
      .then(resolve, (error: unknown) => resolve({ ok: false, error: { code: 'threw', message: describeThrown(error) } }));
  });
  deadline?.clear();
  options.signal.removeEventListener('abort', onTurnAbort);
  // A question still open says how it ended before the call's output does.
  await asker?.settle();

  const durationMs = Math.max(0, emitter.elapsed() - startedAt);
  const result = await toToolResult({ call, settled, durationMs, redact });
  emitter.emit({ type: 'tool-output', iteration, ...result });
  return result;
}

async function toToolResult(options: { call: RunnableCall; settled: Settled; durationMs: number; redact: Redactor }): Promise<ToolResult> {
  const { call, settled, redact } = options;
  const name = call.entry.qualifiedName;
  const durationMs = Math.round(options.durationMs * 1000) / 1000;
  const argsText = redact(JSON.stringify(call.args)).slice(0, 500);
  if (settled.ok) {
    const { content, details, endTurn } = settled.value;
    const summary = (await describeSafely(() => call.entry.tool.describeCompletedActivity(call.args, content))) ?? `${name} succeeded`;
    return {
      callId: call.callId,
      name,
      status: 'success',
      output: capOutput(redact(stringifyContent(content))),
      summary: redact(summary),
      audit: `${call.callId} ${name} ${argsText} → success in ${Math.round(durationMs)} ms${endTurn ? ' (ended the turn)' : ''}`,
      durationMs,
      ...(details === undefined ? {} : { details: JSON.parse(redact(JSON.stringify(details))) as never }),
      ...(endTurn ? { endTurn: true } : {}),
    };
  }
  const status: ToolOutputStatus = settled.error.code === 'timeout' ? 'timeout' : settled.error.code === 'aborted' ? 'aborted' : 'error';
  const message = redact(settled.error.message);
  return {
    callId: call.callId,
    name,
    status,
    output: status === 'error' ? `Error: ${name} failed (${settled.error.code}): ${message}` : `Error: ${message}`,
    summary: `${name} ${status === 'error' ? 'failed' : status === 'timeout' ? 'timed out' : 'was aborted'}`,
    audit: `${call.callId} ${name} ${argsText} → ${status} (${settled.error.code}) after ${Math.round(durationMs)} ms: ${message.slice(0, 200)}`,
    durationMs,
  };
}

export function describeThrown(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return `threw a non-Error value: ${JSON.stringify(error)}`;
  } catch {
    return 'threw a value that cannot be displayed';
  }
}
