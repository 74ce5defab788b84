import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CallState, IterationState } from '@/lib/runtime';
import { CallCard } from '@/components/timeline/call';
import { IterationSection, RequestTiming } from '@/components/timeline/rows';

const actions = { decide: () => undefined, answer: () => undefined, elicit: async () => ({ ok: true as const, value: undefined }) };
const streamingCall: CallState = { callId: 'c1', name: 'read_file', iteration: 1, streamedArguments: '{"path":"no', repairs: [], logs: [], phase: 'proposed' };
const request = { offeredTools: ['read_file'], newlyOffered: [], deferredCount: 0, inputItemCount: 1, at: 1 };

describe('streaming in the timeline', () => {
  it('shows a call card growing its arguments while the response streams', () => {
    const html = renderToStaticMarkup(createElement(CallCard, { call: streamingCall, position: 1, actions, streaming: true }));
    expect(html).toContain('data-streaming="true"');
    expect(html).toContain('data-testid="streaming-arguments"');
    expect(html).toContain('{&quot;path&quot;:&quot;no');
    expect(html).toContain('data-status="streaming"');
    expect(html).not.toContain('data-testid="raw-arguments"');
  });

  it('shows the final arguments once the response listed them, and what had arrived after an abort', () => {
    const done = renderToStaticMarkup(createElement(CallCard, { call: { ...streamingCall, rawArguments: '{"path":"notes.md"}' }, position: 1, actions, streaming: false }));
    expect(done).toContain('data-testid="raw-arguments"');
    expect(done).not.toContain('streaming-arguments');
    const cut = renderToStaticMarkup(createElement(CallCard, { call: streamingCall, position: 1, actions, streaming: false }));
    expect(cut).toContain('data-testid="streaming-arguments"');
    expect(cut).not.toContain('data-streaming="true"');
    expect(cut).toContain('cut off');
  });

  it('shows the streamed text instead of the wait, and the final response once it came', () => {
    const streaming: IterationState = { iteration: 1, request, callIds: [], searches: [], streamedText: [{ item: 0, text: 'Let me ' }] };
    const live = renderToStaticMarkup(createElement(IterationSection, { iteration: streaming, calls: {}, now: 10, actions, live: true }));
    expect(live).toContain('data-testid="model-response-streaming"');
    expect(live).toMatch(/data-testid="streaming-text" data-streaming="true"[^>]*>Let me /);
    expect(live).not.toContain('Waiting for the model');
    const answered: IterationState = { ...streaming, response: { responseId: 'r1', text: 'Let me check.', timing: { durationMs: 900, firstTokenMs: 120, outputTokensPerSecond: 41.5 }, at: 900 } };
    const done = renderToStaticMarkup(createElement(IterationSection, { iteration: answered, calls: {}, now: 900, actions, live: true }));
    expect(done).not.toContain('model-response-streaming');
    expect(done).toContain('data-testid="model-text"');
    expect(done).toContain('first token 120 ms · 41.5 tok/s');
  });

  it('says how long a request took when nothing streamed', () => {
    expect(renderToStaticMarkup(createElement(RequestTiming, { timing: { durationMs: 1_300 } }))).toContain('answered in 1.3 s');
  });
});
