import { describe, expect, it } from 'vitest';
import { createSpanId, createTraceId, encodeOtlpAttributes, toUnixNanos } from '@/lib/traces';
import { readToolDefinitions } from '@/lib/traces/export/read-tool-definitions';

describe('OTLP JSON encoding', () => {
  it('encodes strings, integers, doubles, booleans and string lists, leaving undefined out', () => {
    expect(encodeOtlpAttributes({ a: 'x', b: 42, c: 0.5, d: true, e: ['stop'], f: undefined })).toEqual([
      { key: 'a', value: { stringValue: 'x' } },
      { key: 'b', value: { intValue: '42' } },
      { key: 'c', value: { doubleValue: 0.5 } },
      { key: 'd', value: { boolValue: true } },
      { key: 'e', value: { arrayValue: { values: [{ stringValue: 'stop' }] } } },
    ]);
  });

  it('writes epoch times as exact nanosecond strings past 2^53', () => {
    expect(toUnixNanos(1_767_225_600_000, 4669.111)).toBe('1767225604669111000');
    expect(toUnixNanos(1_767_225_600_000, -0.5)).toBe('1767225599999500000');
  });

  it('derives ids of the right length from what they name, the same each time', () => {
    expect(createTraceId('session')).toMatch(/^[0-9a-f]{32}$/);
    expect(createSpanId('session', 0, 'turn')).toMatch(/^[0-9a-f]{16}$/);
    expect(createSpanId('session', 0, 'turn')).toBe(createSpanId('session', 0, 'turn'));
    expect(createSpanId('session', 0, 'chat', 1)).not.toBe(createSpanId('session', 0, 'chat', 2));
  });
});

describe('readToolDefinitions: the tools a recorded request offered, in each wire', () => {
  const parameters = { type: 'object', properties: { city: { type: 'string' } } };
  const expected = [{ type: 'function', name: 'get_weather', description: 'Weather now.', parameters }];

  it('reads OpenAI Responses tools, flattening a namespace and leaving the hosted tool search out', () => {
    const body = {
      tools: [
        { type: 'function', name: 'get_weather', description: 'Weather now.', parameters, strict: true },
        { type: 'namespace', name: 'crm', description: 'CRM', tools: [{ type: 'function', name: 'find', description: 'Find.', parameters }] },
        { type: 'tool_search' },
      ],
    };
    expect(readToolDefinitions(body).map((tool) => tool.name)).toEqual(['get_weather', 'crm.find']);
  });

  it('reads Chat Completions, Anthropic Messages and Gemini tools', () => {
    expect(readToolDefinitions({ tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather now.', parameters } }] })).toEqual(expected);
    expect(readToolDefinitions({ tools: [{ name: 'get_weather', description: 'Weather now.', input_schema: parameters }] })).toEqual(expected);
    expect(readToolDefinitions({ tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather now.', parametersJsonSchema: parameters }] }] })).toEqual(expected);
  });

  it('reads nothing from a body without tools', () => {
    expect(readToolDefinitions(null)).toEqual([]);
    expect(readToolDefinitions({ model: 'x' })).toEqual([]);
  });
});
