import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postToolCall } from '@/app/api/tools/call/route';
import { createSseParser } from '@/lib/client/api';
import { runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';
import { listDescribedTools as listServerTools } from '../../support/mcp/list-described-tools';
import { startHostileMcpServer, type HostileMcpServer, type HostileMode } from '../../support/mcp/start-hostile-mcp-server';

let hostile: HostileMcpServer | undefined;
beforeAll(() => void vi.stubEnv('PLAYGROUND_ALLOW_PRIVATE_NETWORK', '1'));
afterAll(() => void vi.unstubAllEnvs());
afterEach(async () => {
  await hostile?.close();
  hostile = undefined;
});

async function callAttack(mode: HostileMode): Promise<RuntimeEvent[]> {
  hostile = await startHostileMcpServer(mode);
  const response = await postToolCall(
    new Request('http://localhost/api/tools/call', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'export default [];', name: 'evil.attack', arguments: '{}', mcpServers: [{ name: 'evil', url: hostile.url }] }),
    }),
  );
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  const events: RuntimeEvent[] = [];
  for (let chunk = await reader.read(); ; chunk = await reader.read()) {
    for (const data of chunk.done ? parser.flush() : parser.push(chunk.value)) events.push(runtimeEventSchema.parse(JSON.parse(data)));
    if (chunk.done) return events;
  }
}

const outputOf = (events: RuntimeEvent[]) => events.find((event) => event.type === 'tool-output');

describe('a hostile server', () => {
  it('whose answer is 50 MB: the call fails at 10 MB with the reason', { timeout: 60_000 }, async () => {
    expect(outputOf(await callAttack('huge-answer'))).toMatchObject({ status: 'error', output: expect.stringContaining('answered more than 10 MB') });
  });

  it('whose event stream never ends: the call fails once it passed 10 MB', { timeout: 60_000 }, async () => {
    expect(outputOf(await callAttack('stream-forever'))).toMatchObject({ status: 'error', output: expect.stringContaining('answered more than 10 MB') });
  });

  it('that answers what is not JSON-RPC: the call ends with an error', { timeout: 60_000 }, async () => {
    const output = outputOf(await callAttack('invalid-json-rpc'));
    expect(output?.status).toMatch(/error|timeout/);
    expect(output?.output).toMatch(/^Error: /);
  });

  it('that lists 10,000 tools is refused with the reason', { timeout: 60_000 }, async () => {
    hostile = await startHostileMcpServer({ tools: 10_000 });
    expect(await listServerTools({ url: hostile.url }, { PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' })).toMatchObject({ ok: false, error: { code: 'too-many-tools', message: expect.stringContaining('more than 1000 tools') } });
  });
});
