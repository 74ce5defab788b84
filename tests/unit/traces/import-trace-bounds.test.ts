import { describe, expect, it } from 'vitest';
import { importTrace, TRACE_LIMITS } from '@/lib/traces';
import { buildGenAiConversation } from '../../support/traces/build-gen-ai-conversation';
import { expectImported } from '../../support/traces/expect-imported';

/** An OTLP JSON document of bare GenAI-looking spans, each with the given parent. */
function documentOf(spans: { spanId: string; parentSpanId?: string }[]): unknown {
  const attributes = [{ key: 'gen_ai.operation.name', value: { stringValue: 'chat' } }];
  return { resourceSpans: [{ scopeSpans: [{ spans: spans.map((span) => ({ traceId: 'a'.repeat(32), name: 'chat', startTimeUnixNano: '1', endTimeUnixNano: '2', attributes, ...span })) }] }] };
}

describe('importTrace: bounds', () => {
  it('refuses parent ids that loop, naming the span', () => {
    const result = importTrace(documentOf([{ spanId: 's1', parentSpanId: 's3' }, { spanId: 's2', parentSpanId: 's1' }, { spanId: 's3', parentSpanId: 's2' }]));
    expect(result).toEqual({ ok: false, reason: "The parent ids of span s1 loop back to it; a trace's spans must form a tree." });
  });

  it('refuses a span that is its own parent', () => {
    expect(importTrace(documentOf([{ spanId: 's1', parentSpanId: 's1' }]))).toEqual({ ok: false, reason: "The parent ids of span s1 loop back to it; a trace's spans must form a tree." });
  });

  it('refuses spans nested past the depth limit', () => {
    const spans = Array.from({ length: TRACE_LIMITS.spanDepth + 1 }, (_, index) => ({ spanId: `s${index}`, ...(index > 0 ? { parentSpanId: `s${index - 1}` } : {}) }));
    expect(importTrace(documentOf(spans))).toEqual({ ok: false, reason: `Span s${TRACE_LIMITS.spanDepth} is nested more than ${TRACE_LIMITS.spanDepth} spans deep; a trace import reads at most that depth.` });
  });

  it('refuses more spans than the limit before reading them', () => {
    const spans = Array.from({ length: TRACE_LIMITS.spans + 1 }, (_, index) => ({ spanId: `s${index}` }));
    expect(importTrace({ resourceSpans: [{ scopeSpans: [{ spans }] }] })).toEqual({ ok: false, reason: `The document holds more than ${TRACE_LIMITS.spans} spans; a trace import reads at most that many.` });
  });

  it('refuses a document past the session import value limit', () => {
    const result = importTrace({ resourceSpans: [], padding: Array.from({ length: TRACE_LIMITS.documentValues }, () => 0) });
    expect(result).toEqual({ ok: false, reason: `The trace holds more than ${TRACE_LIMITS.documentValues} JSON values; a trace import reads at most that many.` });
  });

  it('says what it does not read', () => {
    expect(importTrace('not json')).toMatchObject({ ok: false, reason: expect.stringMatching(/^The trace is not JSON: /) });
    expect(importTrace({ spans: [] })).toMatchObject({ ok: false, reason: expect.stringMatching(/^Not a known trace format/) });
    expect(importTrace(documentOf([{ spanId: 's1' }]))).toEqual({
      ok: false,
      reason: 'The trace holds no model call with a recorded answer, so there is no run to replay. span s1 (chat): No input messages were recorded (gen_ai.input.messages; content capture may have been off): the user message is not known. span s1 (chat): No output messages were recorded (gen_ai.output.messages): what the model answered is not known, so this model call was left out.',
    });
  });
});

describe('importTrace: the bounds of a conversation', () => {
  it('keeps at most 50 turns, and as many of them as 200 model answers hold, listing the rest', () => {
    const fifty = expectImported(importTrace(buildGenAiConversation({ turns: TRACE_LIMITS.turns + 3, modelCallsPerTurn: 2 })));
    expect(fifty.session.turns).toHaveLength(TRACE_LIMITS.turns);
    expect(fifty.notes).toContainEqual({ where: expect.stringMatching(/^span [0-9a-f]{16} \(chat m\)$/), reason: `A session holds at most ${TRACE_LIMITS.turns} turns; this turn and the 2 after it are not in the session.` });
    const long = expectImported(importTrace(buildGenAiConversation({ turns: 12, modelCallsPerTurn: 20 })));
    expect(long.session.turns).toHaveLength(TRACE_LIMITS.conversationSteps / 20);
    expect(long.session.turns.map((turn) => turn.request.maxIterations)).toEqual(Array.from({ length: 10 }, () => 20));
    expect(long.notes).toContainEqual({ where: expect.stringMatching(/^span [0-9a-f]{16} \(chat m\)$/), reason: `An imported conversation holds at most ${TRACE_LIMITS.conversationSteps} model answers and ${TRACE_LIMITS.conversationCalls} calls; this turn and the 1 after it are not in the session.` });
    expect(long.session.playground.message).toBe('question 9');
  });
});

describe('importTrace: the calls of a conversation', () => {
  it('keeps as many turns as 800 calls hold, and the module answers only the calls it keeps', () => {
    const imported = expectImported(importTrace(buildGenAiConversation({ turns: 3, modelCallsPerTurn: 10, callsPerStep: 32 })));
    expect(imported.session.turns).toHaveLength(2);
    expect(imported.notes).toContainEqual({ where: expect.stringMatching(/^span [0-9a-f]{16} \(chat m\)$/), reason: `An imported conversation holds at most ${TRACE_LIMITS.conversationSteps} model answers and ${TRACE_LIMITS.conversationCalls} calls; this turn and the 0 after it are not in the session.` });
    const source = imported.session.playground.source;
    expect(source).toContain('result of call_1_8_31');
    expect(source).not.toContain('call_2_0_0');
  });
});
