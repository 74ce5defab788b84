import { describe, expect, it } from 'vitest';
import {
  buildAnthropicRequest,
  convertAnthropicMessage,
  convertItemsToAnthropic,
  convertToolChoiceToAnthropic,
  convertToolsToAnthropic,
  type AnthropicSchemaJudge,
} from '@/lib/models/anthropic';
import { convertAnthropicToItems } from '@/lib/models/anthropic/convert-anthropic-to-items';
import { accumulateAnthropicStream } from '@/lib/models/anthropic/accumulate-anthropic-stream';
import { planAnthropicSchema } from '@/lib/interop';
import type { ConversationItem, ModelDelta, OfferedTool } from '@/lib/runtime';
import { documentedEvents } from './anthropic-fixtures';

const weatherSchema = { type: 'object', properties: { location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' } }, required: ['location'] };
const tools: OfferedTool[] = [
  { type: 'function', name: 'get_weather', description: 'Get the current weather in a given location', parameters: weatherSchema, strict: false },
  { type: 'namespace', name: 'crm', description: 'Customers', tools: [{ type: 'function', name: 'find_customer', description: '', parameters: { type: 'object', properties: {} }, strict: false }] },
];

describe('tools → Anthropic', () => {
  it('sends input_schema, qualifies namespaced names and maps them back', () => {
    const { tools: wire, names } = convertToolsToAnthropic(tools);
    expect(wire).toEqual([
      { name: 'get_weather', description: 'Get the current weather in a given location', input_schema: weatherSchema },
      { name: 'crm__find_customer', input_schema: { type: 'object', properties: {} } },
    ]);
    expect(names.get('crm__find_customer')).toMatchObject({ name: 'find_customer', namespace: 'crm' });
  });

  it('sends strict only where the matrix accepts the schema, and its rewrite where the root would be refused', () => {
    const strictTools: OfferedTool[] = [
      { type: 'function', name: 'ok', description: '', parameters: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }, strict: true },
      // `not` cannot be expressed in strict tool use: it goes without strict.
      { type: 'function', name: 'not_strict', description: '', parameters: { type: 'object', properties: { a: { not: { type: 'string' } } }, required: ['a'], additionalProperties: false }, strict: true },
      // A root anyOf beside properties is refused even without strict; the matrix's rewrite drops it.
      { type: 'function', name: 'root_union', description: '', parameters: { type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ required: ['a'] }] }, strict: false },
    ];
    const { tools: wire } = convertToolsToAnthropic(strictTools, planAnthropicSchema);
    expect(wire[0]).toMatchObject({ name: 'ok', strict: true });
    expect(wire[1]).not.toHaveProperty('strict');
    expect(wire[1]).toMatchObject({ input_schema: { properties: { a: { not: { type: 'string' } } } } });
    expect(wire[2]).toEqual({ name: 'root_union', input_schema: { type: 'object', properties: { a: { type: 'string' } } } });
  });

  it('stops sending strict once the request budget of strict tools is spent', () => {
    const judge: AnthropicSchemaJudge = ({ jsonSchema }) => ({ kind: 'send', plain: jsonSchema, strict: { schema: jsonSchema, optionalParameters: 10, unionParameters: 0 } });
    const many: OfferedTool[] = ['a', 'b', 'c'].map((name) => ({ type: 'function', name, description: '', parameters: { type: 'object' }, strict: true }));
    const { tools: wire } = convertToolsToAnthropic(many, judge);
    // 10 + 10 optional parameters fit the 24 allowed; a third tool's 10 would not.
    expect(wire.map((tool) => 'strict' in tool && tool.strict === true)).toEqual([true, true, false]);
  });

  it('marks deferred tools defer_loading', () => {
    const { tools: wire } = convertToolsToAnthropic([{ type: 'function', name: 'later', description: 'd', parameters: { type: 'object' }, strict: false, defer_loading: true }]);
    expect(wire[0]).toMatchObject({ name: 'later', defer_loading: true });
  });
});

describe('tool choice and parallel calls → Anthropic', () => {
  it.each([
    [undefined, true, {}],
    [undefined, false, { tool_choice: { type: 'auto', disable_parallel_tool_use: true } }],
    ['required', true, { tool_choice: { type: 'any' } }],
    ['required', false, { tool_choice: { type: 'any', disable_parallel_tool_use: true } }],
    ['none', false, { tool_choice: { type: 'none' } }],
    [{ name: 'find_customer', namespace: 'crm' }, false, { tool_choice: { type: 'tool', name: 'crm__find_customer', disable_parallel_tool_use: true } }],
  ] as const)('%j with parallel %s', (choice, parallel, expected) => {
    expect(convertToolChoiceToAnthropic(choice, parallel)).toEqual(expected);
  });
});

describe('conversation → Anthropic messages', () => {
  const thinking = { type: 'thinking', thinking: 'The user wants the weather in two cities.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds' };
  const conversation: ConversationItem[] = [
    { type: 'message', role: 'developer', content: 'Answer in one sentence.' },
    { type: 'message', role: 'user', content: 'Weather in Paris and London?' },
    { type: 'opaque', item: thinking },
    { type: 'message', role: 'assistant', content: 'Checking both.' },
    { type: 'function_call', call_id: 'toolu_01', name: 'get_weather', arguments: '{"location":"Paris"}' },
    { type: 'function_call', call_id: 'toolu_02', name: 'find_customer', namespace: 'crm', arguments: '{"name":' },
    { type: 'function_call_output', call_id: 'toolu_01', output: '15 degrees' },
    { type: 'function_call_output', call_id: 'toolu_02', output: 'Error: the arguments for crm.find_customer could not be used.', is_error: true },
    // Another provider's reasoning has no Anthropic form.
    { type: 'opaque', item: { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAA' } },
    { type: 'message', role: 'user', content: 'Thanks.' },
  ];

  it('joins a model turn into one assistant message, thinking untouched, and answers calls with tool_result blocks', () => {
    expect(convertItemsToAnthropic('Be brief.', conversation)).toEqual({
      system: 'Be brief.\n\nAnswer in one sentence.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and London?' }] },
        {
          role: 'assistant',
          content: [
            thinking,
            { type: 'text', text: 'Checking both.' },
            { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { location: 'Paris' } },
            // Arguments that are not a JSON object go back as {}: tool_use.input must be one.
            { type: 'tool_use', id: 'toolu_02', name: 'crm__find_customer', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_01', content: '15 degrees' },
            { type: 'tool_result', tool_use_id: 'toolu_02', content: 'Error: the arguments for crm.find_customer could not be used.', is_error: true },
            { type: 'text', text: 'Thanks.' },
          ],
        },
      ],
    });
  });

  it('reads the same request back into the runtime terms (the embedded server direction)', () => {
    const { body } = buildAnthropicRequest({ model: 'claude-sonnet-4-5', request: { instructions: 'Be brief.', input: conversation, tools, parallelToolCalls: false, toolChoice: 'required', maxOutputTokens: 512, temperature: 0.2 } });
    const read = convertAnthropicToItems(body);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value).toMatchObject({ instructions: 'Be brief.\n\nAnswer in one sentence.', parallelToolCalls: false, toolChoice: 'required', maxOutputTokens: 512, temperature: 0.2 });
    expect(read.value.tools.map((tool) => (tool.type === 'function' ? tool.name : tool.type))).toEqual(['get_weather', 'crm__find_customer']);
    expect(read.value.input).toEqual([
      { type: 'message', role: 'user', content: 'Weather in Paris and London?' },
      { type: 'opaque', item: thinking },
      { type: 'message', role: 'assistant', content: 'Checking both.' },
      { type: 'function_call', call_id: 'toolu_01', name: 'get_weather', arguments: '{"location":"Paris"}' },
      { type: 'function_call', call_id: 'toolu_02', name: 'crm__find_customer', arguments: '{}' },
      { type: 'function_call_output', call_id: 'toolu_01', output: '15 degrees' },
      { type: 'function_call_output', call_id: 'toolu_02', output: 'Error: the arguments for crm.find_customer could not be used.', is_error: true },
      { type: 'message', role: 'user', content: 'Thanks.' },
    ]);
  });

  it('refuses a request body Anthropic would refuse, saying where', () => {
    expect(convertAnthropicToItems({ model: 'm', messages: [] })).toEqual({ ok: false, error: 'max_tokens: Field required' });
    expect(convertAnthropicToItems({ model: 'm', max_tokens: 10, messages: [{ role: 'system', content: 'x' }] })).toEqual({ ok: false, error: "messages.0.role: Input should be 'user' or 'assistant'" });
  });
});

/** A Message as Anthropic's documentation shows one for tool use with extended thinking. */
const documentedMessage = {
  id: 'msg_01Aq9w938a90dw8q',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content: [
    { type: 'thinking', thinking: 'I need the weather tool.', signature: 'WaUjzkypQ2mUEVM36O2TxuC06KN8xyfbJwyem2dw3URve' },
    { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' },
    { type: 'text', text: "I'll check the current weather in San Francisco for you." },
    { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', input: { location: 'San Francisco, CA' } },
    { type: 'tool_use', id: 'toolu_01B', name: 'crm__find_customer', input: {} },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: { input_tokens: 472, cache_creation_input_tokens: 1200, cache_read_input_tokens: 3000, output_tokens: 91 },
};

describe('Anthropic Message → the runtime', () => {
  it('keeps thinking blocks opaque, maps tool_use to calls (namespaces back) and reads cache reads and writes', () => {
    const { names } = convertToolsToAnthropic(tools);
    expect(convertAnthropicMessage(documentedMessage, names)).toEqual({
      ok: true,
      value: {
        id: 'msg_01Aq9w938a90dw8q',
        output: [
          { type: 'opaque', item: documentedMessage.content[0] },
          { type: 'opaque', item: documentedMessage.content[1] },
          { type: 'message', role: 'assistant', content: "I'll check the current weather in San Francisco for you." },
          { type: 'function_call', call_id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', arguments: '{"location":"San Francisco, CA"}' },
          { type: 'function_call', call_id: 'toolu_01B', name: 'find_customer', namespace: 'crm', arguments: '{}' },
        ],
        usage: { inputTokens: 4672, outputTokens: 91, totalTokens: 4763, cachedInputTokens: 3000, cacheWriteInputTokens: 1200 },
      },
    });
  });

  it('sends the thinking blocks back untouched on the next request', () => {
    const { names } = convertToolsToAnthropic(tools);
    const converted = convertAnthropicMessage(documentedMessage, names);
    if (!converted.ok) throw new Error(converted.error.message);
    const { messages } = convertItemsToAnthropic(undefined, [{ type: 'message', role: 'user', content: 'Weather?' }, ...converted.value.output]);
    expect(messages[1]?.content).toEqual(documentedMessage.content);
  });

  it('says what is wrong with a body that is not a Message', () => {
    expect(convertAnthropicMessage('<html>', new Map())).toMatchObject({ ok: false, error: { code: 'response-malformed', message: "Anthropic's response is not a JSON object: <html>" } });
    expect(convertAnthropicMessage({ type: 'message' }, new Map())).toMatchObject({ ok: false, error: { code: 'response-malformed' } });
    expect(convertAnthropicMessage({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, new Map())).toEqual({
      ok: false,
      error: { code: 'request-failed', message: 'Anthropic is overloaded (529); try again shortly: Overloaded' },
    });
  });
});

describe('Anthropic stream → the runtime', () => {
  it('grows text and input_json_delta pieces as deltas and ends with the whole message', () => {
    const { names } = convertToolsToAnthropic(tools);
    const deltas: ModelDelta[] = [];
    const stream = accumulateAnthropicStream(names, (delta) => deltas.push(delta));
    for (const event of documentedEvents) expect(stream.add(event)).toEqual({ ok: true, value: undefined });
    expect(deltas).toEqual([
      { kind: 'text', item: 1, delta: 'Okay, let' },
      { kind: 'text', item: 1, delta: "'s check the weather." },
      { kind: 'arguments', item: 2, delta: '{"name": "A', callId: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'find_customer', namespace: 'crm' },
      { kind: 'arguments', item: 2, delta: 'da"}', callId: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'find_customer', namespace: 'crm' },
    ]);
    const body = stream.finish();
    if (!body.ok) throw new Error(body.error.message);
    expect(convertAnthropicMessage(body.value, names)).toEqual({
      ok: true,
      value: {
        id: 'msg_014p7gG3wDgGV9EUtLvnow3U',
        output: [
          { type: 'opaque', item: { type: 'thinking', thinking: 'Weather tool. ', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrk' } },
          { type: 'message', role: 'assistant', content: "Okay, let's check the weather." },
          // The arguments are exactly the streamed text.
          { type: 'function_call', call_id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'find_customer', namespace: 'crm', arguments: '{"name": "Ada"}' },
        ],
        usage: { inputTokens: 572, outputTokens: 89, totalTokens: 661, cachedInputTokens: 100 },
      },
    });
  });

  it('fails with what an error event says, and when the stream ends before message_stop', () => {
    const stream = accumulateAnthropicStream(new Map());
    expect(stream.add({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toEqual({
      ok: false,
      error: { code: 'request-failed', message: 'Anthropic is overloaded (529); try again shortly: Overloaded' },
    });
    const cut = accumulateAnthropicStream(new Map());
    cut.add(documentedEvents[0]);
    expect(cut.finish()).toMatchObject({ ok: false, error: { code: 'response-malformed', message: expect.stringContaining('no message_stop') } });
  });
});

describe('Anthropic’s tool search tool ↔ the runtime’s hosted search', () => {
  const deferred: OfferedTool[] = [
    { type: 'namespace', name: 'meteo', description: 'Weather', tools: [{ type: 'function', name: 'get_weather', description: 'Weather for a city', parameters: weatherSchema, strict: false, defer_loading: true }] },
    { type: 'tool_search' },
  ];
  /** The blocks of Anthropic's tool search documentation: the search, its result (tool references), then the call. */
  const searched = {
    id: 'msg_search',
    type: 'message',
    role: 'assistant',
    content: [
      { type: 'server_tool_use', id: 'srvtoolu_01ABC123', name: 'tool_search_tool_bm25', input: { query: 'weather city' } },
      { type: 'tool_search_tool_result', tool_use_id: 'srvtoolu_01ABC123', content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'meteo__get_weather' }] } },
      { type: 'tool_use', id: 'toolu_01XYZ789', name: 'meteo__get_weather', input: { location: 'Paris' } },
    ],
    stop_reason: 'tool_use',
    usage: { input_tokens: 10, output_tokens: 5, server_tool_use: { tool_search_requests: 1 } },
  };

  it('offers the search tool and the deferred tools with defer_loading', () => {
    expect(convertToolsToAnthropic(deferred).tools).toEqual([
      { name: 'meteo__get_weather', description: 'Weather for a city', input_schema: weatherSchema, defer_loading: true },
      { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
    ]);
  });

  it('reads the search as a hosted search that loaded the referenced tools, and sends it back as Anthropic’s blocks', () => {
    const { names } = convertToolsToAnthropic(deferred);
    const converted = convertAnthropicMessage(searched, names);
    if (!converted.ok) throw new Error(converted.error.message);
    expect(converted.value.output).toEqual([
      { type: 'tool_search_call', call_id: 'srvtoolu_01ABC123', id: 'srvtoolu_01ABC123', arguments: { query: 'weather city' }, execution: 'server' },
      { type: 'tool_search_output', call_id: 'srvtoolu_01ABC123', execution: 'server', tools: [{ type: 'namespace', name: 'meteo', description: '', tools: [(deferred[0] as Extract<OfferedTool, { type: 'namespace' }>).tools[0]] }] },
      { type: 'function_call', call_id: 'toolu_01XYZ789', name: 'get_weather', namespace: 'meteo', arguments: '{"location":"Paris"}' },
    ]);
    const { messages } = convertItemsToAnthropic(undefined, [{ type: 'message', role: 'user', content: 'Weather in Paris?' }, ...converted.value.output]);
    expect(messages[1]?.content).toEqual(searched.content);
  });

  it('leaves out another provider’s searches, which Anthropic could not read', () => {
    const { messages } = convertItemsToAnthropic(undefined, [
      { type: 'message', role: 'user', content: 'Weather?' },
      { type: 'tool_search_call', call_id: 'ts_openai', arguments: { query: 'weather' }, execution: 'server' },
      { type: 'tool_search_output', call_id: 'ts_openai', execution: 'server', tools: [] },
    ]);
    expect(messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }]);
  });
});
