import { describe, expect, it, vi } from 'vitest';
import type { RuntimeEvent } from '@/lib/runtime';
import { createSseParser } from '@/lib/client/api';
import { defineModule, scriptedModel } from '../../harness/attack-modules';
import { turnBody } from '../../harness/run-turn';
import { expectServerStillServes } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';

/**
 * Turns belong to who started them: a second client that knows a running turn's id (but not the
 * control token its stream's head carried) cannot approve, answer, stop or read it, and a
 * cross-site form post cannot abort it even with the token; the starting client still can.
 */
const { baseURL } = useAbuseServer();

const WIPE_TOOL = `defineTool({ name: 'wipe', description: 'Deletes everything.', schema: z.object({}), isDestructive: true, needsApproval: true, execute: () => 'wiped' })`;
const STEP_TIMEOUT_MS = 30_000;

describe('controls of a running turn', () => {
  it('refuse a second client and a cross-site form, and obey the client that started the turn', async () => {
    const started = await fetch(`${baseURL()}/api/turns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(turnBody({ source: defineModule([WIPE_TOOL]), model: scriptedModel([[['wipe', '{}']]], 'Wiped.') })),
      signal: AbortSignal.timeout(60_000),
    });
    expect(started.status).toBe(200);
    const turnId = started.headers.get('x-turn-id') ?? '';
    const token = started.headers.get('turn-control-token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const events: RuntimeEvent[] = [];
    const reader = started.body!.pipeThrough(new TextDecoderStream()).getReader();
    const parser = createSseParser();
    const readUntil = async (done: (event: RuntimeEvent) => boolean): Promise<RuntimeEvent | undefined> => {
      const deadline = Date.now() + STEP_TIMEOUT_MS;
      while (Date.now() < deadline) {
        const chunk = await reader.read();
        if (chunk.done) return undefined;
        for (const data of parser.push(chunk.value)) {
          const event = JSON.parse(data) as RuntimeEvent;
          events.push(event);
          if (done(event)) return event;
        }
      }
      return undefined;
    };
    const asked = await readUntil((event) => event.type === 'tool-approval-request');
    expect(asked?.type).toBe('tool-approval-request');
    const callId = asked?.type === 'tool-approval-request' ? asked.callId : '';
    expect(JSON.stringify(events)).not.toContain(token);

    const url = (route: string) => `${baseURL()}/api/turns/${turnId}/${route}`;
    const json = { 'content-type': 'application/json' };
    const attempts: { name: string; request: Promise<Response> }[] = [
      { name: 'approve with the turn id alone', request: fetch(url('approvals'), { method: 'POST', headers: json, body: JSON.stringify({ callId, approved: true }) }) },
      { name: 'approve with a guessed token', request: fetch(url('approvals'), { method: 'POST', headers: { ...json, 'turn-control-token': 'A'.repeat(32) }, body: JSON.stringify({ callId, approved: true }) }) },
      { name: 'answer with the turn id alone', request: fetch(url('outputs'), { method: 'POST', headers: json, body: JSON.stringify({ callId, output: 'forged' }) }) },
      { name: 'abort with the turn id alone', request: fetch(url('abort'), { method: 'POST', headers: json, body: '{}' }) },
      { name: 'read the exchanges with the turn id alone', request: fetch(url('exchanges')) },
      { name: 'read the record with the turn id alone', request: fetch(url('record')) },
      { name: 'read the record with a guessed token', request: fetch(url('record'), { headers: { 'turn-control-token': 'A'.repeat(32) } }) },
      {
        name: 'a cross-site form posting abort (even with the token)',
        request: fetch(url('abort'), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'turn-control-token': token },
          body: 'x=1',
        }),
      },
      {
        name: 'a cross-origin request of an older browser (Origin, no Sec-Fetch-Site)',
        request: fetch(url('abort'), { method: 'POST', headers: { ...json, origin: 'https://evil.example', 'turn-control-token': token }, body: '{}' }),
      },
    ];
    for (const attempt of attempts) {
      const answer = await attempt.request;
      expect(answer.status, attempt.name).toBe(403);
      expect(((await answer.json()) as { error: string }).error, attempt.name).toMatch(/another client|cross-site|turn-control-token/);
    }
    await expectServerStillServes(baseURL());

    // The starting client: reads its exchanges, approves, and the turn runs to its end.
    const exchanges = await fetch(url('exchanges'), { headers: { 'turn-control-token': token, 'sec-fetch-site': 'same-origin' } });
    expect(exchanges.status).toBe(200);
    const approved = await fetch(url('approvals'), { method: 'POST', headers: { ...json, 'turn-control-token': token }, body: JSON.stringify({ callId, approved: true }) });
    expect(approved.status).toBe(200);
    const end = await readUntil((event) => event.type === 'turn-end');
    expect(end).toMatchObject({ type: 'turn-end', reason: 'completed' });
    expect(events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'success', output: 'wiped' });

    // Once stored, the turn's record goes to its starting client alone, without the token in it.
    await vi.waitFor(
      async () => {
        const record = await fetch(url('record'), { headers: { 'turn-control-token': token } });
        expect(record.status).toBe(200);
        const text = await record.text();
        expect(text).toContain(turnId);
        expect(text).not.toContain(token);
      },
      { timeout: STEP_TIMEOUT_MS, interval: 200 },
    );
    const guessed = await fetch(url('record'), { headers: { 'turn-control-token': 'A'.repeat(32) } });
    expect(guessed.status).toBe(403);
  });
});
