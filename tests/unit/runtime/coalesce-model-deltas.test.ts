import { describe, expect, it } from 'vitest';
import { type RuntimeEvent, type RuntimeEventOf, DELTA_LIMITS, type ModelDelta, createRedactor, REDACTED } from '@/lib/runtime';
import { createDeltaCoalescer } from '@/lib/runtime/loop/coalesce-model-deltas';
import { createEventEmitter } from '@/lib/runtime/events/create-event-emitter';

type Delta = RuntimeEventOf<'model-delta'>;

/** Feeds the pieces through a coalescer and returns the deltas it emitted. */
function coalesce(pieces: ModelDelta[], options: { extent?: 'complete' | 'arrived'; secrets?: string[] } = {}): Delta[] {
  const events: RuntimeEvent[] = [];
  const emitter = createEventEmitter({ turnId: 't', clock: { now: () => 0 }, onEvent: (event) => events.push(event) });
  const coalescer = createDeltaCoalescer({ iteration: 1, emitter, redact: createRedactor(options.secrets ?? []) });
  for (const piece of pieces) coalescer.push(piece);
  coalescer.flush(options.extent ?? 'complete');
  return events.filter((event): event is Delta => event.type === 'model-delta');
}

/** Text in pieces of `size` characters, as a provider streams tokens. */
function textPieces(text: string, size: number, item = 0): ModelDelta[] {
  const pieces: ModelDelta[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push({ kind: 'text', item, delta: text.slice(start, start + size) });
  return pieces;
}

const joined = (deltas: Delta[], item: number) => deltas.filter((delta) => delta.item === item).map((delta) => delta.delta).join('');

const prose = Array.from({ length: 4_000 }, (_, index) => `word${index % 97} `).join('').slice(0, 16_000);

describe('delta coalescing', () => {
  it('gives the same deltas for the same pieces, and they add up to the text', () => {
    const pieces = textPieces(prose, 4);
    const first = coalesce(pieces);
    expect(coalesce(pieces)).toEqual(first);
    expect(joined(first, 0)).toBe(prose);
  });

  it('turns a 16,000-character answer streamed token by token into a few dozen deltas', () => {
    const deltas = coalesce(textPieces(prose, 4));
    expect(deltas.length).toBeGreaterThanOrEqual(30);
    expect(deltas.length).toBeLessThanOrEqual(60);
    expect(deltas[0]!.delta.length).toBeGreaterThanOrEqual(DELTA_LIMITS.minChars);
    expect(deltas[0]!.delta.length).toBeLessThan(DELTA_LIMITS.minChars * 2);
    // Later deltas grow with what the item already showed.
    expect(deltas.at(-2)!.delta.length).toBeGreaterThan(1_000);
  });

  it('sends each item to its end when the next one starts, arguments with their call and qualified name', () => {
    const deltas = coalesce([
      ...textPieces('Reading both files now.', 5, 0),
      { kind: 'arguments', item: 1, delta: '{"id":', callId: 'call_1', name: 'find', namespace: 'crm' },
      { kind: 'arguments', item: 1, delta: '7}', callId: 'call_1', name: 'find', namespace: 'crm' },
      { kind: 'arguments', item: 2, delta: '{"path":"a.txt"}', callId: 'call_2', name: 'read_file' },
    ]);
    expect(deltas.map(({ item, kind, delta, ...rest }) => ({ item, kind, delta, callId: 'callId' in rest ? rest.callId : undefined, name: 'name' in rest ? rest.name : undefined }))).toEqual([
      { item: 0, kind: 'text', delta: 'Reading both files now.', callId: undefined, name: undefined },
      { item: 1, kind: 'arguments', delta: '{"id":7}', callId: 'call_1', name: 'crm.find' },
      { item: 2, kind: 'arguments', delta: '{"path":"a.txt"}', callId: 'call_2', name: 'read_file' },
    ]);
  });

  it('never shows part of a secret that is still arriving', () => {
    const key = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const text = `${'Here is some context before it. '.repeat(3)}Your key is ${key} and that is all I know about the account.`;
    const deltas = coalesce(textPieces(text, 3));
    expect(joined(deltas, 0)).toBe(createRedactor()(text));
    for (const delta of deltas) expect(delta.delta).not.toMatch(/sk-|AbCdEf/);
    expect(joined(deltas, 0)).toContain(REDACTED);
  });

  it('redacts a literal secret of the turn split across pieces', () => {
    const secret = 'hunter2-super-secret-value';
    const deltas = coalesce(textPieces(`The password, as you typed it, is ${secret}, please rotate it soon.`, 2), { secrets: [secret] });
    expect(deltas.some((delta) => delta.delta.includes('hunter'))).toBe(false);
    expect(joined(deltas, 0)).toBe(`The password, as you typed it, is ${REDACTED}, please rotate it soon.`);
  });

  it('stops an item whose redaction reaches back into text already shown, rather than leak', () => {
    const text = `${'x '.repeat(20)}Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123 and more text after it`;
    const deltas = coalesce(textPieces(text, 3));
    expect(deltas.some((delta) => /abcdefgh/.test(delta.delta))).toBe(false);
    expect(createRedactor()(text).startsWith(joined(deltas, 0))).toBe(true);
  });

  it('sends what arrived of a cut-off stream up to its last boundary', () => {
    const deltas = coalesce(textPieces('Half an answer that stops in the midd', 4), { extent: 'arrived' });
    expect(joined(deltas, 0)).toBe('Half an answer that stops in the ');
  });

  it('sends at most perResponse deltas for one response', () => {
    const pieces: ModelDelta[] = Array.from({ length: 300 }, (_, index) => ({ kind: 'text', item: index % 2, delta: 'a b ' }));
    expect(coalesce(pieces)).toHaveLength(DELTA_LIMITS.perResponse);
  });
});
