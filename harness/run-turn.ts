import type { RuntimeEvent, RuntimeEventOf, RuntimeEventType } from '@/lib/runtime';
import { createSseParser } from '@/lib/client/api';

const DEFAULT_TURN_TIMEOUT_MS = 60_000;
/** Past this the stream is cut (and `cut` says so): an attack must not make the client hold more. */
const DEFAULT_MAX_STREAM_BYTES = 20 * 1024 * 1024;

/** How a POST /api/turns went, from the client's side. */
export type TurnRun = {
  status: number;
  headers: Headers;
  /** Every event read, in stream order (empty when the turn was refused). */
  events: RuntimeEvent[];
  /** Bytes of the response body read. */
  bytes: number;
  /** The body of a refused turn (status ≠ 200), at most 2,000 characters. */
  refusal?: string;
  /** Why reading stopped before the stream ended by itself. */
  cut?: 'timeout' | 'size' | 'connection';
  elapsedMs: number;
  /** Milliseconds from the request to the first event, when there was one. */
  firstEventMs?: number;
};

export type RunTurnOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  headers?: Record<string, string>;
  /** Called with each event as it arrives. */
  onEvent?: (event: RuntimeEvent) => void;
};

/** A minimal turn body: the module, one user message, the model; the rest as given. */
export function turnBody(options: { source: string; message?: string; model: unknown; maxIterations?: number }): Record<string, unknown> {
  return {
    source: options.source,
    messages: [{ role: 'user', content: options.message ?? 'Go.' }],
    model: options.model,
    ...(options.maxIterations ? { maxIterations: options.maxIterations } : {}),
  };
}

/**
 * POSTs a turn and reads its SSE stream (`data: <json>` messages) to the end, within an overall
 * timeout and a size bound; whatever happens it resolves with what was read.
 */
export async function runTurn(baseURL: string, body: unknown, options: RunTurnOptions = {}): Promise<TurnRun> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TURN_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_STREAM_BYTES;
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const events: RuntimeEvent[] = [];
  let bytes = 0;
  let firstEventMs: number | undefined;
  const finish = (run: Omit<TurnRun, 'events' | 'bytes' | 'elapsedMs' | 'firstEventMs'>): TurnRun => {
    clearTimeout(timer);
    return { ...run, events, bytes, elapsedMs: performance.now() - started, ...(firstEventMs === undefined ? {} : { firstEventMs }) };
  };
  let response: Response;
  try {
    response = await fetch(`${baseURL}/api/turns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    return finish({ status: 0, headers: new Headers(), cut: controller.signal.aborted ? 'timeout' : 'connection' });
  }
  if (response.status !== 200 || !response.body) {
    const text = await response.text().catch(() => '');
    return finish({ status: response.status, headers: response.headers, refusal: text.slice(0, 2000) });
  }
  const parser = createSseParser();
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  const take = (messages: string[]) => {
    for (const data of messages) {
      firstEventMs ??= performance.now() - started;
      const event = JSON.parse(data) as RuntimeEvent;
      events.push(event);
      options.onEvent?.(event);
    }
  };
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      take(parser.push(decoder.decode(value, { stream: true })));
      if (bytes > maxBytes) {
        await reader.cancel();
        return finish({ status: 200, headers: response.headers, cut: 'size' });
      }
    }
  } catch {
    return finish({ status: 200, headers: response.headers, cut: controller.signal.aborted ? 'timeout' : 'connection' });
  }
  take(parser.flush());
  return finish({ status: 200, headers: response.headers });
}

/** The events of one type, typed. */
export function eventsOf<T extends RuntimeEventType>(run: TurnRun, type: T): RuntimeEventOf<T>[] {
  return run.events.filter((event): event is RuntimeEventOf<T> => event.type === type);
}

export function toolOutputs(run: TurnRun): RuntimeEventOf<'tool-output'>[] {
  return eventsOf(run, 'tool-output');
}

export function turnEnd(run: TurnRun): RuntimeEventOf<'turn-end'> | undefined {
  return eventsOf(run, 'turn-end').at(-1);
}

export function modelErrors(run: TurnRun): RuntimeEventOf<'model-error'>[] {
  return eventsOf(run, 'model-error');
}

/** One line a failing assertion can print: status, how the stream ended, the event types. */
export function describeRun(run: TurnRun): string {
  const types = run.events.map((event) => event.type);
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  const end = turnEnd(run);
  const outputs = toolOutputs(run).map((output) => `${output.status}: ${output.output.slice(0, 160)}`);
  const errors = modelErrors(run).map((error) => error.message.slice(0, 200));
  return JSON.stringify({
    status: run.status,
    refusal: run.refusal?.slice(0, 300),
    cut: run.cut,
    bytes: run.bytes,
    elapsedMs: Math.round(run.elapsedMs),
    events: Object.fromEntries(counts),
    turnEnd: end ? { reason: end.reason, error: end.reason === 'error' ? end.error.slice(0, 200) : undefined } : undefined,
    outputs,
    modelErrors: errors,
  });
}
