import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, reduceRuntimeEvents, runToolCall, type CallState, type ElicitationQuestion, type RuntimeEvent } from '@/lib/runtime';
import { CallCard } from '@/components/timeline/call';

const FORM = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Delete it?' }, reason: { type: 'string', title: 'Why', description: 'For the audit log' }, size: { type: 'string', enum: ['s', 'l'], enumNames: ['Small', 'Large'] } },
  required: ['confirm'],
};

/** The call's state while the question is open, and once it was answered with `reply`. */
async function callStates(question: ElicitationQuestion): Promise<{ open: CallState; answered: CallState }> {
  const events: RuntimeEvent[] = [];
  let open: CallState | undefined;
  const tool = defineTool({
    name: 'ask',
    description: 'Asks.',
    schema: z.object({}),
    execute: async (_args, context) => JSON.stringify(await context.ask?.({ server: 'files', question })),
  });
  await runToolCall({
    tools: [tool],
    name: 'ask',
    arguments: '{}',
    policy: {
      requestElicitation: async () => {
        open = reduceRuntimeEvents(events).calls.call_direct;
        return { action: 'accept', ...(question.mode === 'form' ? { content: { confirm: true } } : {}) };
      },
    },
    host: { turnId: 'turn_ui', onEvent: (event) => events.push(event) },
  });
  return { open: open!, answered: reduceRuntimeEvents(events).calls.call_direct! };
}

const render = (call: CallState) => renderToStaticMarkup(createElement(CallCard, { call, position: 1, actions: { decide: () => undefined, answer: () => undefined, elicit: async () => ({ ok: true as const, value: undefined }) } }));

describe('a question from an MCP server on the call card', () => {
  it('shows the form with a field per property, required marks and Accept / Decline / Cancel while it is open', async () => {
    const { open, answered } = await callStates({ mode: 'form', message: 'Delete a.txt?', requestedSchema: FORM });
    const html = render(open);
    // Read as text (a screen reader, a copy), the server's name and "asks" stay two words.
    expect(html.replace(/<[^>]+>/g, '')).toContain('files asks: Delete a.txt?');
    expect(html).toContain('data-testid="elicitation-field-confirm"');
    expect(html).toContain('Delete it?<span class="text-red-600"> *</span>');
    expect(html).toContain('For the audit log');
    expect(html).toContain('<option value="l">Large</option>');
    for (const button of ['elicitation-accept', 'elicitation-decline', 'elicitation-cancel']) expect(html).toContain(`data-testid="${button}"`);
    const done = render(answered);
    expect(done).not.toContain('data-testid="elicitation-accept"');
    expect(done).toContain('data-action="accept"');
    expect(done).toContain('Accepted by you');
    expect(done).toContain('{&quot;confirm&quot;:true}');
  });

  it('shows a URL question as a link the person opens, never opened for them', async () => {
    const { open } = await callStates({ mode: 'url', message: 'Sign in.', url: 'https://auth.example.com/login' });
    const html = render(open);
    expect(html).toContain('href="https://auth.example.com/login" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('I opened it');
  });
});
