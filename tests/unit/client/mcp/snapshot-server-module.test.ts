import { describe, expect, it } from 'vitest';
import { POST as postToolCall } from '@/app/api/tools/call/route';
import { createInitialState } from '@/lib/client';
import { createSseParser } from '@/lib/client/api';
import { snapshotServerModule, type McpConnectedState, type McpServerEntry } from '@/lib/client/mcp';
import { runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';
import { createEntry, createMcpToolView, SERVER_INFO } from './mcp-fixtures';

const TURN = 'turn_1';
const at = { turnId: TURN, at: 0, iteration: 0 };

/** A turn that called weather.forecast twice and weather.delete_city once (which failed). */
const EVENTS = [
  { ...at, seq: 0, type: 'tool-input-available', callId: 'c1', name: 'weather.forecast', input: { city: 'Oslo' } },
  { ...at, seq: 1, type: 'tool-output', callId: 'c1', name: 'weather.forecast', status: 'success', output: '{"temperature":4}', summary: '', audit: '', durationMs: 3 },
  { ...at, seq: 2, type: 'tool-input-available', callId: 'c2', name: 'weather.forecast', input: { city: 'Lima' } },
  { ...at, seq: 3, type: 'tool-output', callId: 'c2', name: 'weather.forecast', status: 'success', output: 'Sunny, 24°C', summary: '', audit: '', durationMs: 3 },
  { ...at, seq: 4, type: 'tool-input-available', callId: 'c3', name: 'weather.delete_city', input: { city: 'Oslo' } },
  { ...at, seq: 5, type: 'tool-output', callId: 'c3', name: 'weather.delete_city', status: 'error', output: 'nope', summary: '', audit: '', durationMs: 3 },
] as unknown as RuntimeEvent[];

function connectedEntry(): McpServerEntry & { connection: McpConnectedState } {
  const tools = [createMcpToolView('forecast', { annotations: { readOnlyHint: true } }), createMcpToolView('delete_city', { annotations: { destructiveHint: true } })];
  return { ...createEntry(), connection: { status: 'connected', server: SERVER_INFO, tools } };
}

function conversationWith(events: RuntimeEvent[]) {
  const { conversation } = createInitialState();
  const [branch] = conversation.branches;
  return { ...conversation, branches: [{ ...branch!, turns: [{ runId: 1, phase: 'ended' as const, turnId: TURN, message: 'm', events, errors: [] }] }] };
}

async function callOnce(source: string, name: string, args: unknown): Promise<RuntimeEvent[]> {
  const response = await postToolCall(
    new Request('http://localhost/api/tools/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ source, name, arguments: JSON.stringify(args) }) }),
  );
  const text = await response.text();
  const parser = createSseParser();
  return [...parser.push(text), ...parser.flush()].map((data) => runtimeEventSchema.parse(JSON.parse(data)));
}

describe('snapshotServerModule', () => {
  it('writes the tools in their namespace; a tool answers its recorded outputs by arguments, one without recordings has no execute', () => {
    const snapshot = snapshotServerModule(connectedEntry(), conversationWith(EVENTS));
    expect(snapshot).toMatchObject({ toolCount: 2, recordedCount: 1, skipped: [] });
    expect(snapshot.source).toContain("namespace: 'weather'");
    expect(snapshot.source).toContain('answerFromRecording(');
    expect(snapshot.source).toContain('isDestructive: true');
    expect(snapshot.source).toMatch(/No execute: nothing was recorded from weather\.delete_city/);
  });

  it('runs without the server: the same arguments get the recorded output, others the latest recorded one', { timeout: 60_000 }, async () => {
    const { source } = snapshotServerModule(connectedEntry(), conversationWith(EVENTS));
    const outputOf = (events: RuntimeEvent[]) => events.find((event) => event.type === 'tool-output');
    expect(outputOf(await callOnce(source, 'weather.forecast', { city: 'Oslo' }))).toMatchObject({ status: 'success', output: '{"temperature":4}' });
    expect(outputOf(await callOnce(source, 'weather.forecast', { city: 'Rome' }))).toMatchObject({ status: 'success', output: 'Sunny, 24°C' });
  });
});
