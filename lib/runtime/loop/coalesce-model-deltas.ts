import type { ModelDelta } from '../model/model-client';
import type { Redactor } from '../redact-secrets';
import type { EventEmitter } from '../events/create-event-emitter';
import { qualifiedCallName } from '../call/prepare-tool-call';

/**
 * How streamed pieces become `model-delta` events. Sizes only, never time: the same stream (a
 * replay on its tape) always gives the same deltas.
 */
export const DELTA_LIMITS = {
  /** An item's held text goes out once at least this many new characters are ready… */
  minChars: 32,
  /** …or, for a long item, at least this fraction of what it already showed (1/8), so deltas grow with the text. */
  growthDivisor: 8,
  /** At most this many deltas per response; later pieces wait for `model-response`. */
  perResponse: 100,
} as const;

/** Characters a secret (an API key, a token) is made of: a run of them may be the start of one still arriving. */
const SECRET_CHARACTER = /[A-Za-z0-9_\-.~+/=]/;

export type DeltaCoalescer = {
  /** A raw piece as the provider sent it. */
  push(delta: ModelDelta): void;
  /**
   * Sends what is held. `complete`: the response is whole, every item goes out to its end;
   * `arrived`: the stream was cut off, items go out up to their last boundary (no half secret).
   */
  flush(extent: 'complete' | 'arrived'): void;
};

type ItemTarget = { kind: 'text' } | { kind: 'arguments'; callId: string; name: string };

type HeldItem = {
  item: number;
  target: ItemTarget;
  /** Everything that arrived for the item, unredacted. */
  raw: string;
  /** How much of `raw` the deltas sent so far cover. */
  rawSent: number;
  /** Where `raw` may be cut: after its last character that cannot be part of a secret. */
  boundary: number;
  /** The redacted text the deltas sent so far add up to. */
  shown: string;
  /** Redaction rewrote text already shown (a secret that began before a boundary): no more deltas for it. */
  stopped: boolean;
};

/**
 * Turns a provider's pieces (often one per token) into a few `model-delta` events per item: the
 * held text of an item is redacted as a whole and sent from where the last delta ended, cut
 * after its last non-secret character, once enough of it is ready (see `DELTA_LIMITS`). Moving
 * on to another item sends the previous one to its end.
 */
export function createDeltaCoalescer(options: { iteration: number; emitter: EventEmitter; redact: Redactor }): DeltaCoalescer {
  const items = new Map<number, HeldItem>();
  let current: HeldItem | undefined;
  let sent = 0;

  const send = (held: HeldItem, end: number, force: boolean) => {
    if (held.stopped || sent >= DELTA_LIMITS.perResponse) return;
    const threshold = Math.max(DELTA_LIMITS.minChars, Math.floor(held.shown.length / DELTA_LIMITS.growthDivisor));
    if (end <= held.rawSent || (!force && end - held.rawSent < threshold)) return;
    const redacted = options.redact(held.raw.slice(0, end));
    if (!redacted.startsWith(held.shown)) {
      held.stopped = true;
      return;
    }
    held.rawSent = end;
    const delta = redacted.slice(held.shown.length);
    if (delta === '') return;
    held.shown = redacted;
    sent += 1;
    const { iteration } = options;
    options.emitter.emit(
      held.target.kind === 'text'
        ? { type: 'model-delta', iteration, item: held.item, kind: 'text', delta }
        : { type: 'model-delta', iteration, item: held.item, kind: 'arguments', callId: held.target.callId, name: held.target.name, delta },
    );
  };

  return {
    push(delta) {
      let held = items.get(delta.item);
      if (!held) {
        const target: ItemTarget = delta.kind === 'text' ? { kind: 'text' } : { kind: 'arguments', callId: delta.callId, name: qualifiedCallName(delta) };
        held = { item: delta.item, target, raw: '', rawSent: 0, boundary: 0, shown: '', stopped: false };
        items.set(delta.item, held);
      }
      if (current && current !== held) send(current, current.raw.length, true);
      current = held;
      const boundary = findBoundaryEnd(delta.delta);
      if (boundary > 0) held.boundary = held.raw.length + boundary;
      held.raw += delta.delta;
      send(held, held.boundary, false);
    },
    flush(extent) {
      for (const held of [...items.values()].sort((a, b) => a.item - b.item)) {
        send(held, extent === 'complete' ? held.raw.length : held.boundary, true);
      }
    },
  };
}

/** Where `text` may be cut: after its last character that cannot be part of a secret; 0 when there is none. */
function findBoundaryEnd(text: string): number {
  for (let index = text.length - 1; index >= 0; index -= 1) {
    if (!SECRET_CHARACTER.test(text.charAt(index))) return index + 1;
  }
  return 0;
}
