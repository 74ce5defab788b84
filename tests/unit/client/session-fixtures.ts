import type { RuntimeEvent } from '@/lib/runtime';
import { migrateSessionRecord, type SessionRecord } from '@/lib/sessions/record/session-record';

const SCRIPT = [{ text: 'Done.' }];

/** The events of one finished turn: start and end, nothing in between. */
export function createTurnEvents(turnId: string): RuntimeEvent[] {
  return [
    { type: 'turn-start', turnId, seq: 0, at: 0, mode: 'chat', model: 'scripted', permissionMode: 'review', maxIterations: 4, userMessage: 'Hi' },
    { type: 'turn-end', turnId, seq: 1, at: 3, reason: 'completed', iterations: 1, finalText: 'Done.' },
  ];
}

/** A valid stored record (checked with the real schema) of a scripted session with `turnIds.length` turns. */
export function createSessionRecord(turnIds: string[] = ['turn_a']): SessionRecord {
  const request = {
    source: 'export default [];',
    messages: [{ role: 'user' as const, content: 'Hi' }],
    model: { provider: 'scripted' as const, script: SCRIPT },
    permissions: { mode: 'review' as const },
    mode: 'chat' as const,
    maxIterations: 4,
    files: { 'a.txt': 'A' },
    seed: 42,
  };
  const record = migrateSessionRecord({
    version: 1,
    id: 'AAAAAAAAAAAAAAAAAAAAAA',
    createdAt: '2026-03-01T09:30:12.000Z',
    title: 'Demo',
    playground: {
      source: 'export default [];',
      script: `${JSON.stringify(SCRIPT)}\n`,
      resultSchema: '{"type":"object"}',
      files: { 'a.txt': 'A' },
      message: 'Hi',
      model: request.model,
      permissions: { mode: 'review' },
      mode: 'chat',
      maxIterations: 4,
    },
    turns: turnIds.map((turnId) => ({ turnId, request, tape: [], approvals: [], events: createTurnEvents(turnId) })),
  });
  if (!record.ok) throw new Error(record.error);
  return record.value;
}
