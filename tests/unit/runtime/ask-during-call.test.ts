import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, runToolCall, runtimeEventSchema, type ElicitationHandler, type RuntimeEvent, type RuntimeEventOf } from '@/lib/runtime';

const FORM = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };

/** A tool that asks once and answers with the reply; its deadline is `timeoutMs`. */
const asking = (timeoutMs: number) =>
  defineTool({
    name: 'ask_once',
    description: 'Asks the person.',
    schema: z.object({}),
    timeoutMs,
    execute: async (_args, context) => {
      if (!context.ask) return 'nobody to ask';
      return JSON.stringify(await context.ask({ server: 'files', question: { mode: 'form', message: 'OK?', requestedSchema: FORM } }));
    },
  });

function of<T extends RuntimeEvent['type']>(events: RuntimeEvent[], type: T) {
  return events.filter((event): event is RuntimeEventOf<T> => event.type === type);
}

describe('a call that asks a person while it runs', () => {
  it('emits the question and the answer between the start and the output, each event well-formed', async () => {
    const requestElicitation: ElicitationHandler = async () => ({ action: 'accept', content: { ok: true } });
    const outcome = await runToolCall({ tools: [asking(5_000)], name: 'ask_once', arguments: '{}', policy: { requestElicitation }, host: { turnId: 'turn_ask' } });
    for (const event of outcome.events) expect(runtimeEventSchema.safeParse(event).success).toBe(true);
    expect(outcome.events.map((event) => event.type).slice(-5)).toEqual(['tool-call-start', 'tool-elicitation-request', 'tool-elicitation-response', 'tool-output', 'turn-end']);
    expect(of(outcome.events, 'tool-elicitation-request')).toMatchObject([{ elicitationId: 'call_direct.1', server: 'files', mode: 'form', message: 'OK?', requestedSchema: FORM }]);
    expect(of(outcome.events, 'tool-elicitation-response')).toMatchObject([{ elicitationId: 'call_direct.1', action: 'accept', decidedBy: 'human', content: { ok: true } }]);
    expect(outcome.result).toMatchObject({ status: 'success', output: '{"action":"accept","content":{"ok":true}}' });
  });

  it('sends cancel when nobody answers within the approvals\' timeout', async () => {
    const requestElicitation: ElicitationHandler = (request) => new Promise((resolve) => request.signal.addEventListener('abort', () => resolve(null)));
    const outcome = await runToolCall({ tools: [asking(60_000)], name: 'ask_once', arguments: '{}', policy: { requestElicitation, approvalTimeoutMs: 20 }, host: { turnId: 'turn_ask' } });
    expect(of(outcome.events, 'tool-elicitation-response')).toMatchObject([{ action: 'cancel', decidedBy: 'timeout' }]);
    expect(outcome.result).toMatchObject({ status: 'success', output: '{"action":"cancel"}' });
  });

  it('does not count the person\'s time against the call\'s deadline', async () => {
    // The tool may run 20 ms; the person takes longer than that to answer, and the call still succeeds.
    const requestElicitation: ElicitationHandler = () => new Promise((resolve) => setTimeout(() => resolve({ action: 'decline' }), 200));
    const outcome = await runToolCall({ tools: [asking(20)], name: 'ask_once', arguments: '{}', policy: { requestElicitation }, host: { turnId: 'turn_ask' } });
    expect(outcome.result).toMatchObject({ status: 'success', output: '{"action":"decline"}' });
  });

  it('closes an open question when the turn is aborted, before the call\'s output', async () => {
    const controller = new AbortController();
    const requestElicitation: ElicitationHandler = (request) => {
      controller.abort();
      return new Promise((resolve) => request.signal.addEventListener('abort', () => resolve(null)));
    };
    const outcome = await runToolCall({ tools: [asking(60_000)], name: 'ask_once', arguments: '{}', policy: { requestElicitation }, host: { turnId: 'turn_ask', signal: controller.signal } });
    const types = outcome.events.map((event) => event.type);
    expect(of(outcome.events, 'tool-elicitation-response')).toMatchObject([{ action: 'cancel', decidedBy: 'abort' }]);
    expect(types.indexOf('tool-elicitation-response')).toBeLessThan(types.indexOf('tool-output'));
    expect(outcome.result).toMatchObject({ status: 'aborted' });
  });

  it('gives the tool no way to ask when nobody can answer', async () => {
    const outcome = await runToolCall({ tools: [asking(5_000)], name: 'ask_once', arguments: '{}', host: { turnId: 'turn_ask' } });
    expect(outcome.result).toMatchObject({ status: 'success', output: 'nobody to ask' });
    expect(of(outcome.events, 'tool-elicitation-request')).toEqual([]);
  });
});
