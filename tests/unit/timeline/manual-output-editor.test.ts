import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, reduceRuntimeEvents, type CallState, runTurn, type RuntimeEvent } from '@/lib/runtime';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';
import { AnswerByHandToggle } from '@/components/schema/tool-list';
import { CallCard } from '@/components/timeline/call';

const getOrder = defineTool({
  name: 'get_order',
  description: 'Look an order up.',
  schema: z.object({ id: z.string() }),
  isReadOnly: true,
  outputSchema: z.object({ status: z.enum(['open', 'shipped']), total: z.number().min(0), items: z.array(z.object({ sku: z.string().min(3) })).min(1) }),
});

/** The call's state while its output request is open, and once it was answered. */
async function callStates(typed: string): Promise<{ open: CallState; answered: CallState }> {
  const events: RuntimeEvent[] = [];
  let open: CallState | undefined;
  const model = createScriptedTestModel([{ calls: [{ name: 'get_order', arguments: '{"id":"A-1"}', callId: 'o1' }] }, { text: 'ok' }]);
  await runTurn({
    tools: [getOrder],
    model: model.client,
    input: [userMessage('go')],
    policy: {
      requestOutput: async () => {
        open = reduceRuntimeEvents(events).calls.o1;
        return typed;
      },
    },
    host: { onEvent: (event) => events.push(event) },
  });
  return { open: open!, answered: reduceRuntimeEvents(events).calls.o1! };
}

const render = (call: CallState) => renderToStaticMarkup(createElement(CallCard, { call, position: 1, actions: { decide: () => undefined, answer: () => undefined, elicit: async () => ({ ok: true as const, value: undefined }) } }));

function textareaText(html: string): string {
  const match = /<textarea[^>]*>([\s\S]*?)<\/textarea>/.exec(html);
  expect(match).not.toBeNull();
  return match![1]!.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

describe('the hand-typed output editor on a call card', () => {
  it('shows an editor prefilled with a valid example of the output schema while the request is open', async () => {
    const { open } = await callStates('{}');
    const html = render(open);
    expect(html).toContain('data-status="awaiting-output"');
    expect(html).toContain('needs an output');
    expect(html).toContain('data-testid="manual-output-o1"');
    expect(html).toContain('data-testid="submit-output-o1"');
    expect(html).toContain('get_order has no execute — type the output the model should receive');
    const prefill = textareaText(html);
    expect(await getOrder.validateOutput(JSON.parse(prefill))).toEqual([]);
  });

  it('once answered, says the output was typed by a person instead of offering the editor', async () => {
    const { answered } = await callStates('{"status":"open","total":1,"items":[{"sku":"abc"}]}');
    const html = render(answered);
    expect(html).not.toContain('manual-output-o1');
    expect(html).toContain('data-testid="output-response"');
    expect(html).toContain('Output typed by a person');
    expect(html).toContain('{&quot;status&quot;:&quot;open&quot;');
  });

  it('shows nothing of the kind for a call that runs its execute', () => {
    const call: CallState = { callId: 'c1', name: 'echo', iteration: 1, rawArguments: '{}', repairs: [], logs: [], phase: 'running', batch: 0, startedAt: 0 };
    expect(render(call)).not.toMatch(/manual-output|output-response/);
  });
});

describe('the answer-by-hand toggle', () => {
  const renderToggle = (tool: { qualifiedName: string; hasExecute?: boolean }, answerByHand: string[]) =>
    renderToStaticMarkup(createElement(AnswerByHandToggle, { tool, answerByHand, onToggle: () => undefined }));

  it('follows the list for a tool with execute', () => {
    expect(renderToggle({ qualifiedName: 'crm.lookup', hasExecute: true }, [])).not.toContain('checked');
    const on = renderToggle({ qualifiedName: 'crm.lookup', hasExecute: true }, ['crm.lookup']);
    expect(on).toContain('data-testid="answer-by-hand-crm.lookup"');
    expect(on).toContain('checked=""');
    expect(on).not.toContain('disabled');
  });

  it('is fixed on for a tool without execute', () => {
    const html = renderToggle({ qualifiedName: 'get_order', hasExecute: false }, []);
    expect(html).toContain('checked=""');
    expect(html).toContain('disabled=""');
    expect(html).toContain('answered by hand');
    expect(html).toContain('This tool has no execute');
  });
});
