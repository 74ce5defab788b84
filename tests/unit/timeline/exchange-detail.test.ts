import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { reduceRuntimeEvents } from '@/lib/runtime';
import { ExchangeBody, RENDERED_BODY_CHARS, ExchangeDetail, ExchangeViewer, InspectedTurnContext } from '@/components/timeline/exchanges';
import { ModelRequestRow, RequestUsage } from '@/components/timeline/rows';

describe('ExchangeDetail', () => {
  it('shows the method, the URL as the embedded model, the status and the request body', () => {
    const html = renderToStaticMarkup(
      createElement(ExchangeDetail, {
        label: 'Exchange 1',
        exchange: { request: { model: 'embedded-auto', input: [] }, response: { id: 'resp_1' }, status: 200, url: 'http://embedded.invalid/v1/responses', method: 'POST', durationMs: 3 },
      }),
    );
    expect(html).toContain('http://embedded.invalid/v1/responses');
    expect(html).toContain("the playground&#x27;s in-process embedded model");
    expect(html).toMatch(/data-testid="exchange-status"[^>]*>200</);
    expect(html).toContain('data-testid="copy-curl"');
    expect(html).toContain('data-testid="copy-sdk"');
    expect(html).toMatch(/data-testid="exchange-request-body"[^>]*>\{\n {2}&quot;model&quot;: &quot;embedded-auto&quot;/);
  });
});

describe('ExchangeBody', () => {
  it('renders only the start of a very large body, with a way to see or download all of it', () => {
    const body = { text: 'x'.repeat(RENDERED_BODY_CHARS * 2) };
    const html = renderToStaticMarkup(createElement(ExchangeBody, { body, testId: 'exchange-response-body', fileName: 'response.json' }));
    expect(html).toContain('Showing the first 200 KB of 400 KB.');
    expect(html).toContain('Show all');
    expect(html).toContain('Download');
    expect(html.length).toBeLessThan(RENDERED_BODY_CHARS + 2_000);
  });
});

describe('ExchangeViewer', () => {
  it('says it is loading before the exchanges arrive, never a blank panel', () => {
    const html = renderToStaticMarkup(createElement(ExchangeViewer, { iteration: 1, turn: { turnId: 'turn_a', ended: true, requests: [{ iteration: 1, settled: true }] } }));
    expect(html).toContain('data-testid="exchange-viewer"');
    expect(html).toContain('Loading the raw exchange');
  });
});

describe('RequestUsage', () => {
  it('shows input, cached, output and reasoning tokens with thousands separators', () => {
    const html = renderToStaticMarkup(createElement(RequestUsage, { usage: { inputTokens: 12_345, cachedInputTokens: 10_240, outputTokens: 1_024, reasoningTokens: 512, totalTokens: 13_369 } }));
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toBe(' · input 12,345 · cached 10,240 · output 1,024 · reasoning 512');
  });

  it('leaves out what the provider did not report', () => {
    const html = renderToStaticMarkup(createElement(RequestUsage, { usage: { inputTokens: 1_000, outputTokens: 20, totalTokens: 1_020 } }));
    expect(html.replace(/<[^>]+>/g, '')).toBe(' · input 1,000 · output 20');
  });

  it('gets cached and reasoning tokens through the timeline reduction', () => {
    const state = reduceRuntimeEvents([
      { type: 'model-request', turnId: 'turn_a', seq: 0, at: 1, iteration: 1, offeredTools: [], deferredCount: 0, inputItemCount: 1 },
      {
        type: 'model-response',
        turnId: 'turn_a',
        seq: 1,
        at: 2,
        iteration: 1,
        responseId: 'r1',
        calls: [],
        usage: { inputTokens: 2_048, cachedInputTokens: 1_024, outputTokens: 10, reasoningTokens: 4, totalTokens: 2_058 },
      },
    ]);
    const usage = state.iterations[0]?.response?.usage;
    expect(usage).toBeDefined();
    expect(renderToStaticMarkup(createElement(RequestUsage, { usage: usage! })).replace(/<[^>]+>/g, '')).toBe(' · input 2,048 · cached 1,024 · output 10 · reasoning 4');
  });
});

describe('ModelRequestRow', () => {
  const request = { offeredTools: ['read_file'], newlyOffered: [], deferredCount: 0, inputItemCount: 1, at: 3 };

  it('offers the raw exchange only inside a known turn', () => {
    const row = createElement(ModelRequestRow, { iteration: 2, request });
    expect(renderToStaticMarkup(row)).not.toContain('inspect-request-2');
    const inTurn = renderToStaticMarkup(createElement(InspectedTurnContext, { value: { turnId: 'turn_a', ended: true, requests: [] } }, row));
    expect(inTurn).toMatch(/data-testid="inspect-request-2"[^>]*>Raw request</);
  });
});
