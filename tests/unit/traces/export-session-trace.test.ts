import { beforeAll, describe, expect, it } from 'vitest';
import { autoModelFaultsPreset, parallelAndSequentialPreset } from '@/lib/presets';
import type { SessionRecord } from '@/lib/sessions';
import { exportSessionTrace, type OtlpAnyValue, type OtlpSpan } from '@/lib/traces';
import { recordPresetSession } from '../sessions/session-fixtures';

function decode(value: OtlpAnyValue): unknown {
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  if ('arrayValue' in value) return value.arrayValue.values.map(decode);
  return Object.fromEntries(value.kvlistValue.values.map((entry) => [entry.key, decode(entry.value)]));
}

function attributesOf(span: OtlpSpan): Record<string, unknown> {
  return Object.fromEntries(span.attributes.map((entry) => [entry.key, decode(entry.value)]));
}

function spansOf(record: SessionRecord): OtlpSpan[] {
  const document = exportSessionTrace(record);
  return document.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
}

function parsed(span: OtlpSpan | undefined, key: string): unknown {
  const value = span ? attributesOf(span)[key] : undefined;
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

describe('exportSessionTrace: the parallel-and-sequential preset (five calls, two model requests)', () => {
  let record: SessionRecord;
  let spans: OtlpSpan[];
  beforeAll(async () => {
    record = await recordPresetSession(parallelAndSequentialPreset);
    spans = spansOf(record);
  }, 60_000);

  it('is one trace: an invoke_agent root, two chat spans and five execute_tool spans under it, in the model order', () => {
    expect(spans.map((span) => span.name)).toEqual([
      'invoke_agent playground',
      'chat embedded-scripted',
      'execute_tool read_file',
      'execute_tool read_file',
      'execute_tool read_file',
      'execute_tool write_file',
      'execute_tool read_file',
      'chat embedded-scripted',
    ]);
    const [root, ...children] = spans;
    expect(root?.parentSpanId).toBeUndefined();
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(spans[0]?.traceId).toMatch(/^[0-9a-f]{32}$/);
    for (const span of spans) expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(spans.map((span) => span.spanId)).size).toBe(spans.length);
    for (const child of children) expect(child.parentSpanId).toBe(root?.spanId);
    expect(spans.map((span) => span.kind)).toEqual([1, 3, 1, 1, 1, 1, 1, 3]);
  });

  it('writes times as nanosecond decimal strings, each span within the turn, ending when the session was stored', () => {
    const [root] = spans;
    for (const span of spans) {
      expect(span.startTimeUnixNano).toMatch(/^\d{19}$/);
      expect(BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano)).toBe(true);
      expect(BigInt(span.startTimeUnixNano) >= BigInt(root?.startTimeUnixNano ?? '0')).toBe(true);
      expect(BigInt(span.endTimeUnixNano) <= BigInt(root?.endTimeUnixNano ?? '0')).toBe(true);
    }
    expect(root?.endTimeUnixNano).toBe(`${Date.parse(record.createdAt)}000000`);
  });

  it('gives each chat span the GenAI attributes: operation, provider, model, messages, tool definitions, usage', () => {
    const chat = spans[1];
    const attributes = chat ? attributesOf(chat) : {};
    expect(attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'embedded-scripted',
      'gen_ai.conversation.id': record.id,
      'gen_ai.response.finish_reasons': ['tool_call'],
    });
    expect(typeof attributes['gen_ai.usage.input_tokens']).toBe('number');
    expect(typeof attributes['gen_ai.usage.output_tokens']).toBe('number');
    expect(parsed(chat, 'gen_ai.input.messages')).toEqual([{ role: 'user', parts: [{ type: 'text', content: parallelAndSequentialPreset.message }] }]);
    const output = parsed(chat, 'gen_ai.output.messages') as { role: string; finish_reason: string; parts: { type: string; name?: string; arguments?: unknown }[] }[];
    expect(output).toHaveLength(1);
    expect(output[0]?.finish_reason).toBe('tool_call');
    expect(output[0]?.parts.map((part) => part.type)).toEqual(['text', 'tool_call', 'tool_call', 'tool_call', 'tool_call', 'tool_call']);
    expect(output[0]?.parts[1]).toMatchObject({ name: 'read_file', arguments: { path: 'notes/monday.md' } });
    const tools = parsed(chat, 'gen_ai.tool.definitions') as { type: string; name: string; description: string; parameters: { type: string } }[];
    expect(tools.map((tool) => tool.name)).toEqual(['read_file', 'write_file']);
    expect(tools[0]).toMatchObject({ type: 'function', description: 'Read a text file from the workspace.', parameters: { type: 'object' } });
  });

  it('feeds the second request the assistant message and every output, in the model order whatever order they finished in', () => {
    const messages = parsed(spans[7], 'gen_ai.input.messages') as { role: string; parts: { type: string; id?: string; response?: unknown }[] }[];
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'tool', 'tool', 'tool']);
    const callIds = spans.slice(2, 7).map((span) => attributesOf(span)['gen_ai.tool.call.id']);
    expect(messages.slice(2).map((message) => message.parts[0]?.id)).toEqual(callIds);
    expect(messages[2]?.parts[0]).toMatchObject({ type: 'tool_call_response', response: 'Shipped the parser.' });
    expect(parsed(spans[7], 'gen_ai.output.messages')).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'The summary is written to summary.md and reads back correctly.' }], finish_reason: 'stop' },
    ]);
  });

  it('gives each execute_tool span its name, call id, raw arguments, result and logs', () => {
    const write = spans[5];
    expect(write ? attributesOf(write) : {}).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'write_file',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.call.arguments': '{"path":"summary.md","text":"# Summary\\n- Shipped the parser\\n- Fixed the flaky test\\n- Planned the release\\n"}',
      'gen_ai.tool.call.result': 'Wrote 76 characters to summary.md.',
      'playground.tool.status': 'success',
      'playground.tool.permission': 'allow',
    });
    expect(write?.status).toEqual({ code: 0 });
    expect(spans[2]?.events?.map((event) => event.name)).toEqual(['playground.tool.log']);
  });

  it('exports the same session to the same document, and another session to another trace', () => {
    expect(exportSessionTrace(record)).toEqual(exportSessionTrace(record));
    const other = exportSessionTrace({ ...record, id: 'BBBBBBBBBBBBBBBBBBBBBB' });
    expect(other.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId).not.toBe(spans[0]?.traceId);
  });
});

describe('exportSessionTrace: a rejected call and two model requests with parallel calls (auto model faults)', () => {
  it('marks the rejected call an error with the model-visible reason, and keeps its malformed arguments as sent', async () => {
    const spans = spansOf(await recordPresetSession(autoModelFaultsPreset));
    const tools = spans.filter((span) => span.name.startsWith('execute_tool '));
    expect(tools.map((span) => span.name)).toEqual([
      'execute_tool search_docs',
      'execute_tool get_ticket',
      'execute_tool get_ticket',
      'execute_tool add_comment',
      'execute_tool search_docs',
      'execute_tool get_ticket',
      'execute_tool add_comment',
    ]);
    const rejected = tools[0];
    expect(rejected?.status.code).toBe(2);
    expect(rejected?.status.message).toContain('invalid arguments for search_docs');
    expect(rejected ? attributesOf(rejected) : {}).toMatchObject({ 'error.type': 'rejected', 'playground.tool.status': 'rejected', 'gen_ai.tool.call.arguments': '{"limit":2}' });
    expect(tools[3] ? attributesOf(tools[3])['gen_ai.tool.call.arguments'] : undefined).toBe('{"ticket":42,"comment":"notes",}');
    expect(tools.slice(1).every((span) => span.status.code === 0)).toBe(true);
  }, 60_000);
});
