import type { EventEmitter } from '../events/create-event-emitter';
import type { AskPerson, ElicitationHandler, ElicitationReply } from '../elicitation/elicitation';
import type { JsonValue } from '../vocabulary/json';
import type { Redactor } from '../redact-secrets';
import { awaitPerson } from './await-person';
import type { CallDeadline } from './call-deadline';
import type { RunnableCall } from './prepare-tool-call';

export type CallAsker = {
  ask: AskPerson;
  /** Stops every question still open (their replies become `cancel`) and waits until each has said so. */
  settle(): Promise<void>;
};

/**
 * How a running call asks a person (`ToolContext.ask`): `tool-elicitation-request`, the reply
 * raced against the approvals' timeout and the call's abort with the call's deadline paused, and
 * `tool-elicitation-response`. No reply in time (or nobody to ask) is `cancel`, as the MCP spec
 * has a client say when the person dismissed the question.
 */
export function createCallAsker(options: {
  call: RunnableCall;
  iteration: number;
  emitter: EventEmitter;
  redact: Redactor;
  /** The call's signal: Stop and the deadline abort it. */
  signal: AbortSignal;
  deadline: CallDeadline;
  requestElicitation: ElicitationHandler;
  timeoutMs: number;
}): CallAsker {
  const { call, emitter, redact } = options;
  const base = { iteration: options.iteration, callId: call.callId, name: call.entry.qualifiedName };
  const done = new AbortController();
  const signal = AbortSignal.any([options.signal, done.signal]);
  const open = new Set<Promise<unknown>>();
  let count = 0;
  const askOnce: AskPerson = async ({ server, question, recorded }) => {
    count += 1;
    const elicitationId = `${call.callId}.${count}`;
    emitter.emit({
      ...base,
      type: 'tool-elicitation-request',
      elicitationId,
      server,
      mode: question.mode,
      message: redact(question.message).slice(0, 4000),
      ...(question.mode === 'form' ? { requestedSchema: question.requestedSchema } : { url: question.url }),
    });
    options.deadline.pause();
    const asked = awaitPerson((person) => options.requestElicitation({ callId: call.callId, name: base.name, elicitationId, server, question, ...(recorded ? { recorded } : {}), signal: person }), { signal, timeoutMs: options.timeoutMs });
    const answer = await asked;
    options.deadline.resume();
    const reply: ElicitationReply = answer.kind === 'answered' && answer.value ? answer.value : { action: 'cancel' };
    const decidedBy = answer.kind === 'answered' && answer.value ? 'human' : answer.kind === 'aborted' || options.signal.aborted ? 'abort' : 'timeout';
    const content = reply.action === 'accept' && reply.content ? (JSON.parse(redact(JSON.stringify(reply.content))) as Record<string, JsonValue>) : undefined;
    emitter.emit({ ...base, type: 'tool-elicitation-response', elicitationId, action: reply.action, decidedBy, ...(content ? { content } : {}) });
    return reply;
  };
  const ask: AskPerson = async (asked) => {
    const replied = askOnce(asked);
    open.add(replied);
    try {
      return await replied;
    } finally {
      open.delete(replied);
    }
  };
  return {
    ask,
    async settle() {
      done.abort();
      await Promise.allSettled([...open]);
    },
  };
}
