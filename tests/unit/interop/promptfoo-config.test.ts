import { describe, expect, it } from 'vitest';
import { sessionAssertionsSchema } from '@/lib/contract';
import { exportChatCompletionsTools } from '@/lib/interop/export';
import { renderPromptfooConfig, type PromptfooConfigOptions } from '@/lib/interop';
import { createSampleTools } from './interop-fixtures';

const assertions = sessionAssertionsSchema.parse([
  { kind: 'tool-set', names: ['search_docs', 'get_ticket'], minF1: 0.8 },
  { kind: 'no-rejected-calls' },
  { kind: 'final-text', contains: 'ticket 42' },
  { kind: 'first-call', name: 'search_docs' },
  { kind: 'arguments-match', name: 'get_ticket', match: { kind: 'partial', value: { ticket: 42 } } },
  { kind: 'max-iterations', max: 3 },
]);

const tools = createSampleTools();
/** What the sample tools read as in a Chat Completions request. */
const chatTools = JSON.parse(JSON.stringify(exportChatCompletionsTools(tools).value)) as unknown[];

function render(overrides: Partial<PromptfooConfigOptions> = {}) {
  const text = renderPromptfooConfig({
    evaluationId: 'e1',
    title: 'Tickets',
    turn: { messages: [{ role: 'user', content: 'Fetch ticket 42.' }], instructions: 'Be brief.' },
    models: [{ provider: 'openai', model: 'gpt-5.4' }, { provider: 'auto' }, { provider: 'openai-compatible', model: 'llama3.1', baseURL: 'http://localhost:11434/v1' }],
    labels: ['A', 'B (enum)'],
    variantTools: [
      { kind: 'tools', tools },
      { kind: 'unavailable', reason: 'its module does not compile (line 3: Unexpected token).\ntests: []' },
    ],
    assertions,
    runs: 20,
    ...overrides,
  });
  return { text, config: JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown> };
}

describe('renderPromptfooConfig', () => {
  it("maps assertions to Promptfoo's tool-call types where they exist and lists the rest", () => {
    const { text, config } = render();
    const asserts = (config.tests as { assert: { type: string; value?: unknown; threshold?: number }[] }[])[0]!.assert;
    expect(asserts.map((assertion) => assertion.type)).toEqual(['tool-call-f1', 'is-valid-openai-tools-call', 'contains', 'javascript', 'javascript']);
    expect(asserts[0]).toMatchObject({ value: ['search_docs', 'get_ticket'], threshold: 0.8 });
    expect(text).toContain('# Not mapped (a runtime fact Promptfoo does not see): Every turn takes at most 3 iterations.');
    expect(text).toContain('# Not exported: the embedded models (auto) run only in the playground.');
  });

  it("runs one provider per real model and variant with that variant's tools inline, the messages as a chat prompt, repeated N times", () => {
    const { text, config } = render();
    expect(config.providers).toEqual([
      { id: 'openai:chat:gpt-5.4', label: 'gpt-5.4 · A', config: { tools: chatTools } },
      { id: 'openai:chat:gpt-5.4', label: 'gpt-5.4 · B (enum)', config: { tools: [] } },
      { id: 'openai:chat:llama3.1', label: 'llama3.1 · A', config: { apiBaseUrl: 'http://localhost:11434/v1', tools: chatTools } },
      { id: 'openai:chat:llama3.1', label: 'llama3.1 · B (enum)', config: { apiBaseUrl: 'http://localhost:11434/v1', tools: [] } },
    ]);
    // Promptfoo's tools shape: `{type: "function", function: {name, description, parameters}}`, nothing to fetch from elsewhere.
    expect(chatTools[0]).toMatchObject({ type: 'function', function: { name: expect.any(String), parameters: { type: 'object' } } });
    expect(text).not.toContain('file://');
    // A reason with a line break stays one comment line: nothing of it reads as YAML.
    expect(text).toContain('# Variant B (enum) has no tools here: its module does not compile (line 3: Unexpected token). tests: []');
    expect(JSON.parse((config.prompts as string[])[0]!)).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Fetch ticket 42.' }]);
    expect(config.evaluateOptions).toEqual({ repeat: 20 });
  });

  it('lets an OpenAI model stand in, one per variant, when the evaluation ran only on the embedded models', () => {
    const { text, config } = render({ models: [{ provider: 'auto' }], variantTools: [{ kind: 'tools', tools }, { kind: 'tools', tools }] });
    expect(config.providers).toEqual([
      { id: 'openai:chat:gpt-5-mini', label: 'gpt-5-mini · A', config: { tools: chatTools } },
      { id: 'openai:chat:gpt-5-mini', label: 'gpt-5-mini · B (enum)', config: { tools: chatTools } },
    ]);
    expect(text).toContain('# openai:chat:gpt-5-mini stands in for them: change its id to the model to grade.');
  });

  it('checks calls in JavaScript the way the playground does', () => {
    const { config } = render();
    const asserts = (config.tests as { assert: { value?: string }[] }[])[0]!.assert;
    const firstCall = new Function('output', `return ${asserts[3]!.value};`) as (output: unknown) => boolean;
    expect(firstCall([{ function: { name: 'search_docs', arguments: '{}' } }])).toBe(true);
    expect(firstCall({ tool_calls: [{ function: { name: 'get_ticket', arguments: '{}' } }] })).toBe(false);
    const partial = new Function('output', asserts[4]!.value!) as (output: unknown) => boolean;
    expect(partial([{ function: { name: 'get_ticket', arguments: '{"ticket":42,"verbose":true}' } }])).toBe(true);
    expect(partial([{ function: { name: 'get_ticket', arguments: '{"ticket":41}' } }])).toBe(false);
    expect(partial([])).toBe(false);
  });
});
