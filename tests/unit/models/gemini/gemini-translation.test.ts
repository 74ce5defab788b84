import { describe, expect, it } from 'vitest';
import { accumulateGeminiStream } from '@/lib/models/gemini/accumulate-gemini-stream';
import { convertGeminiResponse } from '@/lib/models/gemini/convert-gemini-response';
import { convertItemsToGemini } from '@/lib/models/gemini/convert-items-to-gemini';
import { convertToolChoiceToGemini, convertToolsToGemini } from '@/lib/models/gemini/convert-tools-to-gemini';
import { sendAuthoredSchema } from '@/lib/models/gemini/gemini-schema-choice';
import { readGeminiRequest } from '@/lib/models/embedded/gemini/read-gemini-request';
import { chooseGeminiSchema } from '@/lib/interop';
import type { ConversationItem, JsonValue, ModelDelta, OfferedFunction, OfferedTool } from '@/lib/runtime';

const scheduleSchema = { type: 'object', properties: { attendees: { type: 'array', items: { type: 'string' } }, date: { type: 'string' } }, required: ['attendees', 'date'] };
const tools: OfferedTool[] = [
  { type: 'function', name: 'schedule_meeting', description: 'Schedules a meeting.', parameters: scheduleSchema, strict: false },
  { type: 'namespace', name: 'crm', description: 'Customers', tools: [{ type: 'function', name: 'find_customer', description: 'Find one.', parameters: { type: 'object', properties: { name: { type: 'string' } } }, strict: true }] },
  { type: 'tool_search', execution: 'client' },
];

describe('tools → Gemini function declarations', () => {
  it('declares every function under its wire name with parametersJsonSchema, namespaces qualified with a dot, and the runtime\'s search as a function', () => {
    const { tools: sent, names } = convertToolsToGemini(tools, sendAuthoredSchema);
    expect(sent).toEqual([
      {
        functionDeclarations: [
          { name: 'schedule_meeting', description: 'Schedules a meeting.', parametersJsonSchema: scheduleSchema },
          { name: 'crm.find_customer', description: 'Find one.', parametersJsonSchema: { type: 'object', properties: { name: { type: 'string' } } } },
          { name: 'tool_search', description: '', parametersJsonSchema: { type: 'object' } },
        ],
      },
    ]);
    expect(names.get('crm.find_customer')).toEqual({ name: 'find_customer', namespace: 'crm' });
    expect(names.get('tool_search')).toEqual({ name: 'tool_search', search: true });
  });

  it('declares a deferred function only once a search of the runtime\'s loaded it, and maps its name back either way', () => {
    const deferred: OfferedFunction = { type: 'function', name: 'get_weather', description: 'Weather.', parameters: { type: 'object' }, strict: false, defer_loading: true };
    const offered: OfferedTool[] = [{ type: 'namespace', name: 'meteo', description: 'Weather', tools: [deferred] }, { type: 'tool_search', execution: 'client', description: 'Load tools.', parameters: { type: 'object', properties: { query: { type: 'string' } } } }];
    const before = convertToolsToGemini(offered, sendAuthoredSchema);
    expect(before.tools[0]?.functionDeclarations?.map((fn) => fn.name)).toEqual(['tool_search']);
    expect(before.names.get('meteo.get_weather')).toEqual({ name: 'get_weather', namespace: 'meteo' });
    const searched: ConversationItem[] = [
      { type: 'message', role: 'user', content: 'Weather?' },
      { type: 'tool_search_call', call_id: 'fc_s', id: 'fc_s', arguments: { query: 'weather' }, execution: 'client', thought_signature: 'c2ln' },
      { type: 'tool_search_output', call_id: 'fc_s', execution: 'client', tools: [{ type: 'namespace', name: 'meteo', description: 'Weather', tools: [{ ...deferred, defer_loading: undefined }] }] },
    ];
    const after = convertToolsToGemini(offered, sendAuthoredSchema, searched);
    expect(after.tools[0]?.functionDeclarations?.map((fn) => fn.name)).toEqual(['meteo.get_weather', 'tool_search']);
    expect(convertItemsToGemini(undefined, searched).contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather?' }] },
      { role: 'model', parts: [{ functionCall: { id: 'fc_s', name: 'tool_search', args: { query: 'weather' } }, thoughtSignature: 'c2ln' }] },
      { role: 'user', parts: [{ functionResponse: { id: 'fc_s', name: 'tool_search', response: { output: { loaded: ['meteo.get_weather'] } } } }] },
    ]);
    // A search another provider ran (Anthropic's, server-side) has no Gemini form.
    expect(convertItemsToGemini(undefined, [{ type: 'tool_search_call', call_id: 'srvtoolu_1', arguments: {}, execution: 'server' }]).contents).toEqual([]);
  });

  it('sends what the compatibility matrix decides: as is, its rewrite as parameters, or JSON Schema it cannot rewrite', () => {
    const nullable = { type: 'object', properties: { note: { type: ['string', 'null'] } }, additionalProperties: false };
    const unfixable = { type: 'object', allOf: [{ properties: { a: { type: 'string' } } }] };
    expect(chooseGeminiSchema({ name: 'plain', parameters: scheduleSchema })).toMatchObject({ field: 'parametersJsonSchema', schema: scheduleSchema });
    expect(chooseGeminiSchema({ name: 'nullable', parameters: nullable })).toMatchObject({ field: 'parameters', schema: { type: 'object', properties: { note: { type: 'string', nullable: true } } } });
    expect(chooseGeminiSchema({ name: 'unfixable', parameters: unfixable })).toMatchObject({ field: 'parametersJsonSchema', schema: unfixable });
    const { tools: sent } = convertToolsToGemini([{ type: 'function', name: 'nullable', description: '', parameters: nullable, strict: false }], chooseGeminiSchema);
    expect(sent[0]?.functionDeclarations?.[0]).toEqual({ name: 'nullable', description: '', parameters: { type: 'object', properties: { note: { type: 'string', nullable: true } } } });
  });

  it('maps the tool choice and the function-calling mode to toolConfig', () => {
    expect(convertToolChoiceToGemini(undefined, undefined)).toEqual({});
    expect(convertToolChoiceToGemini('auto', undefined)).toEqual({ toolConfig: { functionCallingConfig: { mode: 'AUTO' } } });
    expect(convertToolChoiceToGemini('required', undefined)).toEqual({ toolConfig: { functionCallingConfig: { mode: 'ANY' } } });
    expect(convertToolChoiceToGemini('none', 'ANY')).toEqual({ toolConfig: { functionCallingConfig: { mode: 'NONE' } } });
    expect(convertToolChoiceToGemini(undefined, 'VALIDATED')).toEqual({ toolConfig: { functionCallingConfig: { mode: 'VALIDATED' } } });
    expect(convertToolChoiceToGemini({ name: 'find_customer', namespace: 'crm' }, undefined)).toEqual({
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['crm.find_customer'] } },
    });
    expect(convertToolChoiceToGemini({ name: 'x' }, 'AUTO')).toEqual({ toolConfig: { functionCallingConfig: { mode: 'AUTO' } } });
  });
});

// A conversation with parallel calls, as Gemini 3's documentation shows it: the signature on the first call only.
const items: ConversationItem[] = [
  { type: 'message', role: 'system', content: 'Be brief.' },
  { type: 'message', role: 'user', content: 'Check flights AA100 and BA200.' },
  { type: 'message', role: 'assistant', content: 'Checking both.' },
  { type: 'function_call', call_id: 'fc_a', id: 'fc_a', name: 'check_flight', arguments: '{"flight":"AA100"}', thought_signature: 'U2lnbmF0dXJlIEE=' },
  { type: 'function_call', call_id: 'call_2_1', name: 'find_customer', namespace: 'crm', arguments: '{"name":"Ada"}' },
  { type: 'function_call_output', call_id: 'fc_a', output: '{"status":"delayed"}' },
  { type: 'function_call_output', call_id: 'call_2_1', output: 'Error: no such customer', is_error: true },
  { type: 'opaque', item: { type: 'reasoning', id: 'rs_1' } },
  { type: 'message', role: 'assistant', content: 'AA100 is delayed.', thought_signature: 'U2lnbmF0dXJlIEI=' },
];

describe('conversation items ↔ Gemini contents', () => {
  const { contents, systemInstruction } = convertItemsToGemini('You plan trips.', items);

  it('groups parallel calls in one model turn and their responses in one user turn, signatures on their parts', () => {
    expect(systemInstruction).toEqual({ parts: [{ text: 'You plan trips.' }, { text: 'Be brief.' }] });
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'Check flights AA100 and BA200.' }] },
      {
        role: 'model',
        parts: [
          { text: 'Checking both.' },
          { functionCall: { name: 'check_flight', id: 'fc_a', args: { flight: 'AA100' } }, thoughtSignature: 'U2lnbmF0dXJlIEE=' },
          { functionCall: { name: 'crm.find_customer', args: { name: 'Ada' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'fc_a', name: 'check_flight', response: { output: { status: 'delayed' } } } },
          { functionResponse: { name: 'crm.find_customer', response: { error: 'Error: no such customer' } } },
        ],
      },
      { role: 'model', parts: [{ text: 'AA100 is delayed.', thoughtSignature: 'U2lnbmF0dXJlIEI=' }] },
    ]);
  });

  it('reads the same contents back into the items (the embedded server\'s side)', () => {
    const read = readGeminiRequest({ contents, systemInstruction, tools: convertToolsToGemini(tools, sendAuthoredSchema).tools });
    if (!read.ok) throw new Error(read.error);
    expect(read.value.instructions).toBe('You plan trips.\n\nBe brief.');
    expect(read.value.input).toEqual([
      { type: 'message', role: 'user', content: 'Check flights AA100 and BA200.' },
      { type: 'message', role: 'assistant', content: 'Checking both.' },
      { type: 'function_call', call_id: 'fc_a', id: 'fc_a', name: 'check_flight', arguments: '{"flight":"AA100"}', thought_signature: 'U2lnbmF0dXJlIEE=' },
      { type: 'function_call', call_id: 'call_1_2', name: 'crm.find_customer', arguments: '{"name":"Ada"}' },
      { type: 'function_call_output', call_id: 'fc_a', output: '{"status":"delayed"}' },
      { type: 'function_call_output', call_id: 'call_1_2', output: 'Error: no such customer', is_error: true },
      { type: 'message', role: 'assistant', content: 'AA100 is delayed.', thought_signature: 'U2lnbmF0dXJlIEI=' },
    ]);
    expect(read.value.tools.map((tool) => (tool.type === 'function' ? tool.name : tool.type))).toEqual(['schedule_meeting', 'crm.find_customer', 'tool_search']);
  });

  it('refuses what Gemini refuses: no contents, a response to no call, both parameter fields', () => {
    expect(readGeminiRequest({ contents: [] })).toEqual({ ok: false, error: '* GenerateContentRequest.contents: contents is not specified' });
    expect(readGeminiRequest({ contents: [{ role: 'user', parts: [{ functionResponse: { name: 'x', response: {} } }] }] }).ok).toBe(false);
    const both = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], tools: [{ functionDeclarations: [{ name: 'f', parameters: {}, parametersJsonSchema: {} }] }] };
    expect(readGeminiRequest(both)).toMatchObject({ ok: false, error: expect.stringContaining('mutually exclusive') });
    const upper = readGeminiRequest({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'OBJECT', properties: { n: { type: 'INTEGER', enum: ['A'] } } } }] }] });
    // Gemini's Schema types, upper-cased by the SDK, read as JSON Schema's (the embedded model generates by them).
    expect(upper).toMatchObject({ ok: true, value: { tools: [{ parameters: { type: 'object', properties: { n: { type: 'integer', enum: ['A'] } } } }] } });
  });
});

const names = convertToolsToGemini(tools, sendAuthoredSchema).names;
// The shape of a documented parallel function-calling answer, with Gemini 3's ids and signature.
const parallelAnswer = {
  candidates: [
    {
      content: {
        role: 'model',
        parts: [
          { text: 'Let me check.' },
          { functionCall: { id: 'fc_1', name: 'check_flight', args: { flight: 'AA100' } }, thoughtSignature: 'c2lnLTE=' },
          { functionCall: { name: 'crm.find_customer', args: { name: 'Ada' } } },
        ],
      },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 30, thoughtsTokenCount: 50, cachedContentTokenCount: 64, totalTokenCount: 200 },
  modelVersion: 'gemini-3-pro-preview',
  responseId: 'resp-7',
};

const expectedParallel = {
  id: 'resp-7',
  output: [
    { type: 'message', role: 'assistant', content: 'Let me check.' },
    { type: 'function_call', call_id: 'fc_1', id: 'fc_1', name: 'check_flight', arguments: '{"flight":"AA100"}', thought_signature: 'c2lnLTE=' },
    { type: 'function_call', call_id: 'call_4_1', name: 'find_customer', namespace: 'crm', arguments: '{"name":"Ada"}' },
  ],
  usage: { inputTokens: 120, outputTokens: 80, totalTokens: 200, cachedInputTokens: 64, reasoningTokens: 50 },
};

describe('Gemini responses → the runtime\'s response', () => {
  it('reads text, parallel calls (ids, minted ids, qualified names), signatures and usage', () => {
    expect(convertGeminiResponse(parallelAnswer, { names, callIdPrefix: 'call_4' })).toEqual({ ok: true, value: expectedParallel });
  });

  it('moves a thought summary\'s signature to the item after it and does not keep the summary', () => {
    const body = { candidates: [{ content: { role: 'model', parts: [{ text: 'thinking…', thought: true, thoughtSignature: 'dA==' }, { text: 'Done.' }] }, finishReason: 'STOP' }] };
    expect(convertGeminiResponse(body, { names, callIdPrefix: 'c' })).toMatchObject({ ok: true, value: { output: [{ type: 'message', content: 'Done.', thought_signature: 'dA==' }] } });
  });

  it('says why there is no answer: a blocked prompt, a malformed call, no candidates', () => {
    expect(convertGeminiResponse({ promptFeedback: { blockReason: 'SAFETY' } }, { names, callIdPrefix: 'c' })).toEqual({ ok: false, error: { code: 'request-failed', message: 'Gemini blocked the prompt (SAFETY).' } });
    const malformedCall = { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'MALFORMED_FUNCTION_CALL', finishMessage: 'Malformed function call: print(x' }] };
    expect(convertGeminiResponse(malformedCall, { names, callIdPrefix: 'c' })).toEqual({
      ok: false,
      error: { code: 'request-failed', message: 'Gemini stopped without an answer (finishReason MALFORMED_FUNCTION_CALL): Malformed function call: print(x' },
    });
    expect(convertGeminiResponse({}, { names, callIdPrefix: 'c' })).toMatchObject({ ok: false, error: { code: 'response-malformed' } });
  });
});

describe('Gemini\'s stream → deltas and the whole response', () => {
  const chunks: JsonValue[] = [
    { candidates: [{ content: { role: 'model', parts: [{ text: 'Let ' }] }, index: 0 }], modelVersion: 'gemini-3-pro-preview', responseId: 'resp-7' },
    { candidates: [{ content: { role: 'model', parts: [{ text: 'me check.' }] }, index: 0 }], responseId: 'resp-7' },
    { candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'fc_1', name: 'check_flight', args: { flight: 'AA100' } }, thoughtSignature: 'c2lnLTE=' }] }, index: 0 }], responseId: 'resp-7' },
    { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'crm.find_customer', args: { name: 'Ada' } } }] }, finishReason: 'STOP', index: 0 }], usageMetadata: parallelAnswer.usageMetadata, responseId: 'resp-7' },
  ];

  it('sends text as it grows and each call\'s arguments as its chunk arrives, then the same response as unstreamed', () => {
    const deltas: ModelDelta[] = [];
    const stream = accumulateGeminiStream({ names, callIdPrefix: 'call_4', onDelta: (delta) => deltas.push(delta) });
    for (const chunk of chunks) stream.add(chunk);
    expect(deltas).toEqual([
      { kind: 'text', item: 0, delta: 'Let ' },
      { kind: 'text', item: 0, delta: 'me check.' },
      { kind: 'arguments', item: 1, delta: '{"flight":"AA100"}', callId: 'fc_1', name: 'check_flight' },
      { kind: 'arguments', item: 2, delta: '{"name":"Ada"}', callId: 'call_4_1', name: 'find_customer', namespace: 'crm' },
    ]);
    expect(convertGeminiResponse(stream.finish(), { names, callIdPrefix: 'call_4' })).toEqual({ ok: true, value: expectedParallel });
  });

  it('has no body when the stream held no chunk', () => {
    expect(accumulateGeminiStream({ names, callIdPrefix: 'c' }).finish()).toBeUndefined();
  });
});
