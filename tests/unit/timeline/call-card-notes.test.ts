import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CallState } from '@/lib/runtime';
import { CallCard } from '@/components/timeline/call';

const call: CallState = { callId: 'c1', name: 'tag_items', iteration: 1, rawArguments: '{"labels":[]}', repairs: [], logs: [], phase: 'proposed' };
const render = (state: CallState) => renderToStaticMarkup(createElement(CallCard, { call: state, position: 1, actions: { decide: () => undefined, answer: () => undefined, elicit: async () => ({ ok: true as const, value: undefined }) } }));

describe('CallCard', () => {
  it('says when the arguments were clamped, and only then', () => {
    const html = render({ ...call, argumentNotes: ['/labels: minItems 5000 clamped to 16', '/name: pattern ignored (invalid regular expression: Unterminated group)'] });
    expect(html).toContain('data-testid="argument-notes"');
    expect(html).toContain('arguments clamped: /labels: minItems 5000 clamped to 16; /name: pattern ignored (invalid regular expression: Unterminated group)');
    expect(render(call)).not.toContain('argument-notes');
  });
});
