import { describe, expect, it } from 'vitest';
import { sessionAssertionsSchema } from '@/lib/contract';
import { exportChatCompletionsTools } from '@/lib/interop/export';
import { renderPromptfooConfig, type PromptfooConfigOptions } from '@/lib/interop';
import { createSampleTools, SAMPLE_SPECS } from './interop-fixtures';

const assertions = sessionAssertionsSchema.parse([
  { kind: 'tool-set', names: ['search_docs', 'get_ticket'], minF1: 0.8 },
  { kind: 'no-rejected-calls' },
  { kind: 'final-text', contains: 'ticket 42', matches: '^Ticket' },
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
    models: [
      { provider: 'openai', model: 'gpt-5.4' },
      { provider: 'auto' },
      { provider: 'openai-compatible', model: 'llama3.1', baseURL: 'http://localhost:11434/v1' },
      { provider: 'anthropic', model: 'claude-sonnet-4-5' },
    ],
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
  it("maps assertions to Promptfoo's tool-call types where they exist, checks the rest in JavaScript, and lists what it cannot map", () => {
    const { text, config } = render({ models: [{ provider: 'openai', model: 'gpt-5.4' }] });
    const tests = config.tests as { providers?: string[]; assert: { type: string; value?: unknown; threshold?: number; metric: string }[] }[];
    expect(tests).toHaveLength(1);
    expect(tests[0]!.providers).toBeUndefined();
    expect(tests[0]!.assert.map((assertion) => [assertion.type, assertion.metric])).toEqual([
      ['tool-call-f1', 'tool-set'],
      ['is-valid-openai-tools-call', 'no-rejected-calls'],
      ['javascript', 'final-text'],
      ['javascript', 'first-call'],
      ['javascript', 'arguments-match'],
    ]);
    expect(tests[0]!.assert[0]).toMatchObject({ value: ['search_docs', 'get_ticket'], threshold: 0.8 });
    expect(text).toContain('# Not mapped (a runtime fact Promptfoo does not see): Every turn takes at most 3 iterations.');
  });

  it('splits the test by provider family when Anthropic or Gemini run beside OpenAI: is-valid-openai-tools-call reads OpenAI tool calls only', () => {
    const { text, config } = render();
    expect(text).toContain('# Not exported: the embedded models (auto) run only in the playground.');
    const tests = config.tests as { description: string; providers?: string[]; assert: { type: string }[] }[];
    expect(tests.map((test) => [test.description, test.providers])).toEqual([
      ['Tickets (OpenAI providers)', ['gpt-5.4 · A', 'gpt-5.4 · B (enum)', 'llama3.1 · A', 'llama3.1 · B (enum)']],
      ['Tickets (other providers)', ['claude-sonnet-4-5 · A', 'claude-sonnet-4-5 · B (enum)']],
    ]);
    expect(tests[0]!.assert.map((assertion) => assertion.type)).toContain('is-valid-openai-tools-call');
    expect(tests[1]!.assert.map((assertion) => assertion.type)).toEqual(['tool-call-f1', 'javascript', 'javascript', 'javascript']);
    expect(text).toContain('# Keys are not in this file: Promptfoo reads OPENAI_API_KEY, ANTHROPIC_API_KEY from the environment.');
    expect(text).toContain("# Checked on the OpenAI providers only (is-valid-openai-tools-call reads OpenAI's tool calls): No call is rejected");
  });

  it("drops $schema from the tools' parameters (Promptfoo's draft-07 Ajv refuses 2020-12's) and names keywords its strict mode refuses", () => {
    const dialect = { $schema: 'https://json-schema.org/draft/2020-12/schema' };
    const specs = [
      { ...SAMPLE_SPECS[0]!, parameters: { ...dialect, ...SAMPLE_SPECS[0]!.parameters } },
      {
        ...SAMPLE_SPECS[0]!,
        name: 'move',
        parameters: { ...dialect, type: 'object', properties: { prefixItems: { type: 'array', prefixItems: [{ type: 'number' }] } }, required: ['prefixItems'], additionalProperties: false },
      },
    ];
    const { text, config } = render({ models: [{ provider: 'openai', model: 'gpt-5.4' }], variantTools: [{ kind: 'tools', tools: createSampleTools(specs) }, { kind: 'tools', tools }] });
    const providers = config.providers as { config: { tools: { function: { name: string; parameters: Record<string, unknown> } }[] } }[];
    for (const tool of providers[0]!.config.tools) expect(tool.function.parameters).not.toHaveProperty('$schema');
    expect(providers[0]!.config.tools[0]!.function.parameters).toEqual(SAMPLE_SPECS[0]!.parameters);
    expect(text).toContain('# Variant A: move uses prefixItems: Promptfoo validates calls with JSON Schema draft-07 in strict mode, which refuses these keywords; run it with PROMPTFOO_DISABLE_AJV_STRICT_MODE=true');
    expect(text).toContain('# Variant B (enum): crm__delete uses dependentRequired: Promptfoo validates');
    // The tool formats' own notes come along: namespaces flattened, deferred tools sent in full.
    expect(text).toContain('# Variant B (enum): This format has no namespaces: crm.find → crm__find');
  });

  it("runs one provider per real model and variant with that variant's tools inline, the messages as a chat prompt, repeated N times", () => {
    const { text, config } = render();
    expect(config.providers).toEqual([
      { id: 'openai:chat:gpt-5.4', label: 'gpt-5.4 · A', config: { tools: chatTools } },
      { id: 'openai:chat:gpt-5.4', label: 'gpt-5.4 · B (enum)', config: { tools: [] } },
      { id: 'openai:chat:llama3.1', label: 'llama3.1 · A', config: { apiBaseUrl: 'http://localhost:11434/v1', tools: chatTools } },
      { id: 'openai:chat:llama3.1', label: 'llama3.1 · B (enum)', config: { apiBaseUrl: 'http://localhost:11434/v1', tools: [] } },
      { id: 'anthropic:messages:claude-sonnet-4-5', label: 'claude-sonnet-4-5 · A', config: { tools: chatTools } },
      { id: 'anthropic:messages:claude-sonnet-4-5', label: 'claude-sonnet-4-5 · B (enum)', config: { tools: [] } },
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

  it('names a namespaced tool as the exported tools call it (crm.find → crm__find)', () => {
    const named = sessionAssertionsSchema.parse([
      { kind: 'tool-set', names: ['crm.find', 'get_pet'] },
      { kind: 'first-call', name: 'crm.find' },
    ]);
    const { config } = render({ models: [{ provider: 'openai', model: 'gpt-5.4' }], assertions: named });
    const asserts = (config.tests as { assert: { value?: unknown }[] }[])[0]!.assert;
    expect(asserts[0]!.value).toEqual(['crm__find', 'get_pet']);
    const firstCall = new Function('output', 'context', 'process', asserts[1]!.value as string) as (output: unknown) => boolean;
    expect(firstCall([{ function: { name: 'crm__find', arguments: '{}' } }])).toBe(true);
  });

  it("checks calls and text in JavaScript the way the playground does, from OpenAI's, Anthropic's and Gemini's response shapes", () => {
    const { config } = render({ models: [{ provider: 'openai', model: 'gpt-5.4' }] });
    const asserts = (config.tests as { assert: { value?: string }[] }[])[0]!.assert;
    // As Promptfoo runs a javascript value with a line break: a function body of output, context and process.
    const check = (index: number) => new Function('output', 'context', 'process', asserts[index]!.value!) as (output: unknown) => boolean;
    const [finalText, firstCall, partial] = [check(2), check(3), check(4)];
    const openAi = [{ id: 'c1', type: 'function', function: { name: 'search_docs', arguments: '{}' } }];
    expect(firstCall(openAi)).toBe(true);
    expect(firstCall({ role: 'assistant', content: 'Looking.', tool_calls: [{ function: { name: 'get_ticket', arguments: '{}' } }] })).toBe(false);
    const anthropic = `Ticket 42 first.\n\n${JSON.stringify({ type: 'tool_use', id: 't1', name: 'get_ticket', input: { ticket: 42, verbose: true } })}`;
    expect(partial(anthropic)).toBe(true);
    expect(partial([{ functionCall: { name: 'get_ticket', args: { ticket: 42 } } }])).toBe(true);
    expect(partial([{ function: { name: 'get_ticket', arguments: '{"ticket":41}' } }])).toBe(false);
    expect(partial([])).toBe(false);
    expect(partial('I cannot help with that.')).toBe(false);
    // The text only: a call's name or arguments never satisfy it.
    expect(finalText('Ticket 42 is open: see ticket 42.')).toBe(true);
    expect(finalText([{ function: { name: 'get_ticket', arguments: '{"note":"Ticket ticket 42"}' } }])).toBe(false);
    expect(finalText(anthropic)).toBe(false);
    expect(finalText({ content: 'Ticket 42 and ticket 42.', tool_calls: [] })).toBe(true);
  });
});
