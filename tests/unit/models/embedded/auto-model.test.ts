import { describe, expect, it } from 'vitest';
import { createAutoModel } from '@/lib/models/embedded/auto-model';
import type { EmbeddedOutput, EmbeddedRequest } from '@/lib/models/embedded/embedded-model';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { ConversationItem, OfferedFunction, OfferedTool } from '@/lib/runtime';

const objectOf = (properties: Record<string, object>, required = Object.keys(properties)) => ({
  type: 'object',
  properties: properties as Record<string, never>,
  required,
  additionalProperties: false,
});

const readFile: OfferedFunction = { type: 'function', name: 'read_file', description: 'Read a text file from the workspace.', parameters: objectOf({ path: { type: 'string' } }), strict: true };
const listDir: OfferedFunction = { type: 'function', name: 'list_directory', description: 'List the files in a directory.', parameters: objectOf({ dir: { type: 'string' } }), strict: true };
const weather: OfferedFunction = {
  type: 'function',
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: objectOf({ city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] }, days: { type: 'integer', minimum: 1, maximum: 7 } }),
  strict: true,
};
const tools: OfferedTool[] = [readFile, listDir, weather];

function request(input: ConversationItem[], offered: OfferedTool[] = tools, parallelToolCalls = true): EmbeddedRequest {
  return { input, tools: offered, parallelToolCalls };
}
const user = (content: string): ConversationItem => ({ type: 'message', role: 'user', content });
const calls = (outputs: EmbeddedOutput[]) => outputs.filter((output) => output.type === 'function_call');

describe('auto embedded model', () => {
  it('calls the relevant tool with arguments taken from the message', () => {
    const output = createAutoModel({ seed: 1 }).respond(request([user('Please read "notes.txt"')]));
    expect(output).toEqual([{ type: 'function_call', name: 'read_file', arguments: '{"path":"notes.txt"}', notes: ['From your message: /path = "notes.txt"'] }]);
  });

  it('takes unquoted places, numbers and mentioned enum members from the message, and says which', () => {
    const spelledOut = { ...weather, parameters: objectOf({ city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, days: { type: 'integer', minimum: 1, maximum: 7 } }) };
    const offered = [readFile, spelledOut];
    const forecast = calls(createAutoModel({ seed: 1 }).respond(request([user('What is the weather in Paris for 3 days in fahrenheit?')], offered)));
    expect(forecast.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([['get_weather', { city: 'Paris', unit: 'fahrenheit', days: 3 }]]);
    expect(forecast[0]?.notes).toEqual(['From your message: /city = "Paris", /unit = "fahrenheit", /days = 3']);
    // Every seed reads the same words the same way; only fields the message says nothing about vary.
    for (const seed of [2, 3, 4]) {
      const again = calls(createAutoModel({ seed }).respond(request([user('weather in New York for 2 days')], offered)));
      expect(JSON.parse(again[0]?.arguments ?? '{}')).toMatchObject({ city: 'New York', days: 2 });
    }
  });

  it('calls several tools when the message names several actions, one when parallel calls are off', () => {
    const message = user("What's the weather in 'Lagos' and read plan.md");
    const both = calls(createAutoModel({ seed: 1 }).respond(request([message])));
    expect(both.map((call) => call.name)).toEqual(['get_weather', 'read_file']);
    expect(JSON.parse(both[0]?.arguments ?? '{}')).toMatchObject({ city: 'Lagos' });
    expect(JSON.parse(both[1]?.arguments ?? '{}')).toEqual({ path: 'plan.md' });
    const single = calls(createAutoModel({ seed: 1 }).respond(request([message], tools, false)));
    expect(single.map((call) => call.name)).toEqual(['get_weather']);
  });

  it('fills id-like fields from the numbers and ids the message names', () => {
    const ticket: OfferedFunction = { type: 'function', name: 'get_ticket', description: 'Fetch a support ticket.', parameters: objectOf({ id: { type: 'integer', minimum: 1 } }), strict: true };
    const order: OfferedFunction = { type: 'function', name: 'refund_order', description: 'Refund an order.', parameters: objectOf({ order_id: { type: 'string' }, amount: { type: 'number', minimum: 0 } }), strict: true };
    const fetched = calls(createAutoModel({ seed: 5 }).respond(request([user('fetch ticket 42')], [ticket, order])));
    expect(fetched.map((call) => [call.name, call.arguments])).toEqual([['get_ticket', '{"id":42}']]);
    const refunded = calls(createAutoModel({ seed: 5 }).respond(request([user('refund order ord_123, 19.5 dollars')], [ticket, order])));
    expect(refunded.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([['refund_order', { order_id: 'ord_123', amount: 19.5 }]]);
  });

  it('is deterministic: same seed and input, same calls', () => {
    const input = [user('weather for Osaka please')];
    expect(createAutoModel({ seed: 9 }).respond(request(input))).toEqual(createAutoModel({ seed: 9 }).respond(request(input)));
  });

  it('answers with a summary citing the outputs once they come back', () => {
    const input: ConversationItem[] = [
      user('read notes.txt'),
      { type: 'function_call', call_id: 'call_1', name: 'read_file', arguments: '{"path":"notes.txt"}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'Buy milk.\nCall Ada.' },
    ];
    expect(createAutoModel().respond(request(input))).toEqual([{ type: 'message', text: 'read_file returned "Buy milk. Call Ada.".' }]);
    const several: ConversationItem[] = [
      user('weather in Paris and read notes.txt'),
      { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call', call_id: 'c2', name: 'read_file', arguments: '{"path":"notes.txt"}' },
      { type: 'function_call_output', call_id: 'c1', output: '{"city":"Paris","temperature":18,"conditions":"sunny","hourly":[1,2]}' },
      { type: 'function_call_output', call_id: 'c2', output: 'Error: no such file' },
    ];
    expect(createAutoModel().respond(request(several))).toEqual([
      { type: 'message', text: 'I called 2 tools: get_weather reported city "Paris", temperature 18, conditions "sunny"; read_file failed: no such file.' },
    ]);
  });

  it('says so when no tool fits', () => {
    const [output] = createAutoModel().respond(request([user('sing me a song')]));
    expect(output).toEqual({ type: 'message', text: 'None of the offered tools fits "sing me a song". Offered: read_file, list_directory, get_weather.' });
  });

  it('searches first when the relevant tool is deferred, then calls it once loaded', () => {
    const deferredWeather: OfferedTool = { type: 'namespace', name: 'meteo', description: 'Weather services', tools: [{ ...weather, defer_loading: true }] };
    const offered: OfferedTool[] = [readFile, deferredWeather, { type: 'tool_search', execution: 'client' }];
    const model = createAutoModel({ seed: 2 });
    const first = model.respond(request([user('What is the weather in "Paris"?')], offered));
    expect(first).toEqual([{ type: 'tool_search_call', arguments: { query: 'weather paris' } }]);
    const afterSearch: ConversationItem[] = [
      user('What is the weather in "Paris"?'),
      { type: 'tool_search_call', call_id: 'call_s', arguments: { query: 'weather' }, execution: 'client' },
      { type: 'tool_search_output', call_id: 'call_s', execution: 'client', tools: [{ type: 'namespace', name: 'meteo', description: 'Weather services', tools: [weather] }] },
    ];
    const second = calls(model.respond(request(afterSearch, offered)));
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ name: 'get_weather', namespace: 'meteo' });
    expect(JSON.parse(second[0]?.arguments ?? '{}')).toMatchObject({ city: 'Paris' });
  });

  it('uses a tool_search function when search is offered as a function', () => {
    const offered: OfferedTool[] = [
      { ...weather, defer_loading: true },
      { type: 'function', name: 'tool_search', description: 'Find tools', parameters: objectOf({ query: { type: 'string' } }), strict: true },
    ];
    const [output] = createAutoModel().respond(request([user('weather in Rome')], offered));
    expect(output).toEqual({ type: 'function_call', name: 'tool_search', arguments: '{"query":"weather rome"}' });
  });

  it('injects faults at about the configured rate, and none at rate 0', () => {
    const count = (rate: number) => {
      let faulty = 0;
      for (let seed = 0; seed < 400; seed += 1) {
        const [call, ...rest] = calls(createAutoModel({ seed, faults: { rate } }).respond(request([user('read "notes.txt"')])));
        if (rest.length > 0 || call?.name !== 'read_file' || call.arguments !== '{"path":"notes.txt"}') faulty += 1;
      }
      return faulty / 400;
    };
    expect(count(0)).toBe(0);
    expect(count(0.3)).toBeGreaterThan(0.22);
    expect(count(0.3)).toBeLessThan(0.38);
    expect(count(1)).toBe(1);
  });

  it('produces each fault kind in the shape the runtime handles', () => {
    const respond = (kind: 'malformed-json' | 'invalid-arguments' | 'unknown-tool' | 'duplicate-call', seed = 0) =>
      calls(createAutoModel({ seed, faults: { rate: 1, kinds: [kind] } }).respond(request([user('read "notes.txt"')])));
    expect(respond('unknown-tool')[0]?.name).toBe('read_fiel');
    expect(respond('duplicate-call')).toHaveLength(2);
    expect(respond('invalid-arguments')[0]?.arguments).toBe('{"path":12345}');
    const shapes = new Set(Array.from({ length: 20 }, (_, seed) => respond('malformed-json', seed)[0]?.arguments));
    for (const shape of shapes) expect(() => JSON.parse(shape ?? '')).toThrow();
    expect(shapes).toContain('```json\n{"path":"notes.txt"}\n```');
    expect(shapes).toContain('{"path":"notes.txt",}');
    expect(shapes).toContain("{'path':'notes.txt'}");
    expect(shapes).toContain('{"path":"notes.txt"');
  });

  it('retries once, without faults, after an invalid call was rejected', () => {
    const model = createAutoModel({ seed: 0, faults: { rate: 1, kinds: ['invalid-arguments'] } });
    const first = calls(model.respond(request([user('read "notes.txt"')])));
    expect(first[0]?.arguments).toBe('{"path":12345}');
    const rejected: ConversationItem[] = [
      user('read "notes.txt"'),
      { type: 'function_call', call_id: 'c1', name: 'read_file', arguments: first[0]?.arguments ?? '' },
      { type: 'function_call_output', call_id: 'c1', output: 'Invalid arguments: /path must be string' },
    ];
    const retry = calls(model.respond(request(rejected)));
    expect(retry).toEqual([{ type: 'function_call', name: 'read_file', arguments: '{"path":"notes.txt"}', notes: ['From your message: /path = "notes.txt"'] }]);
    const done = model.respond(request([...rejected, { type: 'function_call', call_id: 'c2', name: 'read_file', arguments: '{"path":"notes.txt"}' }, { type: 'function_call_output', call_id: 'c2', output: 'hi' }]));
    expect(done).toEqual([{ type: 'message', text: 'read_file returned "hi".' }]);
  });

  it('serves through the SDK as embedded:auto with deterministic responses', async () => {
    const client = createModelClient({ provider: 'auto', seed: 4 }, {});
    const modelRequest = { input: [user('list the directory "src"')], tools, parallelToolCalls: true };
    const signal = new AbortController().signal;
    const first = await client.createResponse(modelRequest, { signal });
    expect(client.label).toBe('embedded:auto');
    expect(first).toMatchObject({ ok: true, value: { output: [{ type: 'function_call', name: 'list_directory', arguments: '{"dir":"src"}' }] } });
    expect(await client.createResponse(modelRequest, { signal })).toEqual(first);
  });
});

describe('values named in passing, without quotes', () => {
  const fn = (name: string, description: string, properties: Record<string, object>): OfferedFunction => ({ type: 'function', name, description, parameters: objectOf(properties), strict: true });
  const offered: OfferedTool[] = [
    fn('send_email', 'Send an email to a recipient.', { to: { type: 'string', format: 'email' }, subject: { type: 'string' } }),
    fn('fetch_page', 'Fetch a web page by URL.', { url: { type: 'string', format: 'uri' } }),
    fn('get_repo', 'Get a GitHub repository.', { owner: { type: 'string' }, repo: { type: 'string' } }),
    fn('create_user', 'Create a user account.', { name: { type: 'string' }, role: { type: 'string', enum: ['admin', 'viewer'] } }),
    fn('set_timer', 'Set a timer.', { minutes: { type: 'integer' }, label: { type: 'string' } }),
  ];
  const cases: [string, string, Record<string, unknown>][] = [
    ['Send an email to alice@example.com about the launch', 'send_email', { to: 'alice@example.com' }],
    ['Fetch the page https://example.com/docs.', 'fetch_page', { url: 'https://example.com/docs' }],
    ['Get the repository octocat/hello-world', 'get_repo', { owner: 'octocat', repo: 'hello-world' }],
    ['Create a user account for Grace Hopper as an administrator', 'create_user', { name: 'Grace Hopper', role: 'admin' }],
    ['Set a timer for 25 minutes', 'set_timer', { minutes: 25 }],
  ];

  it.each(cases)('%s → %s, whatever the seed', (message, name, expected) => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const [call] = calls(createAutoModel({ seed }).respond(request([user(message)], offered)));
      expect(call?.name).toBe(name);
      expect(JSON.parse(call?.arguments ?? '{}')).toMatchObject(expected);
    }
  });

  it('says which arguments it took from the message and which it generated', () => {
    const [call] = calls(createAutoModel({ seed: 1 }).respond(request([user('Send an email to alice@example.com about the launch')], offered)));
    expect(call?.notes).toEqual(['From your message: /to = "alice@example.com"', 'Generated, not in your message: /subject']);
  });
});
