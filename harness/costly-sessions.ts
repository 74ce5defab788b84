/**
 * Session records built to be costly to check, for the abuse suite and `bench/session-view.bench.ts`:
 * what a stranger imports and then sends links to.
 */

/** The most characters one assertion's JSON Schema may hold (`ASSERTION_LIMITS.jsonChars`), less a margin. */
const SCHEMA_CHARS = 19_500;

/**
 * One `arguments-match` assertion whose schema holds as many distinct Unicode-class patterns as fit
 * in its 20,000 characters: each pattern is compiled by RE2 when the schema is checked (≈1.5 s a
 * schema on this project's machine).
 */
export function costlyAssertion(tag: number): Record<string, unknown> {
  const patternProperties: Record<string, unknown> = {};
  for (let index = 0; JSON.stringify(patternProperties).length < SCHEMA_CHARS; index += 1) {
    patternProperties[`^[\\p{L}\\p{N}]{1,1000}${tag}_${index}$`] = {};
  }
  return { kind: 'arguments-match', name: 'echo', match: { kind: 'schema', schema: { type: 'object', patternProperties } } };
}

/** `count` costly assertions (50, the most a session holds, are ≈1 MB of JSON Schema). */
export function costlyAssertions(count = 50): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => costlyAssertion(index));
}

/** `record` with its first turn's first tape response replaced by an array of `count` zeros (2 bytes each as JSON). */
export function withTinyValuesTape(record: Record<string, unknown>, count: number): Record<string, unknown> {
  const turns = record.turns as Record<string, unknown>[];
  const [first, ...rest] = turns;
  const tape = (first?.tape ?? []) as Record<string, unknown>[];
  const [exchange, ...others] = tape;
  const zeros = new Array<number>(count).fill(0);
  return { ...record, turns: [{ ...first, tape: [{ ...exchange, streamed: undefined, response: zeros }, ...others] }, ...rest] };
}

/** The stored record of a shared session, as `GET /api/sessions/<id>` sends it. */
export async function fetchStoredSession(baseURL: string, id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseURL}/api/sessions/${id}`, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET /api/sessions/${id}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as Record<string, unknown>;
}

/** What `POST /api/sessions/import` answered. */
export type ImportAnswer = { status: number; elapsedMs: number; id?: string; text: string };

/** Imports `record` (an object, or the file's text as it is) within `timeoutMs`; status 0 when no answer came. */
export async function importSession(baseURL: string, record: unknown, options: { timeoutMs?: number; headers?: Record<string, string> } = {}): Promise<ImportAnswer> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseURL}/api/sessions/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: typeof record === 'string' ? record : JSON.stringify(record),
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const text = await response.text();
    const id = response.status === 201 ? (JSON.parse(text) as { id?: string }).id : undefined;
    return { status: response.status, elapsedMs: performance.now() - started, text: text.slice(0, 500), ...(id ? { id } : {}) };
  } catch (error) {
    return { status: 0, elapsedMs: performance.now() - started, text: `no answer: ${String(error)}` };
  }
}

/**
 * `record` with its first turn's `turn-end` event carrying a list of `count` zeros as its result:
 * values that only a reader of the recorded events pays for (Replay compares them with the replay's).
 */
export function withTinyValuesEvents(record: Record<string, unknown>, count: number): Record<string, unknown> {
  const [first, ...rest] = record.turns as Record<string, unknown>[];
  const events = ((first?.events ?? []) as Record<string, unknown>[]).map((event) => (event.type === 'turn-end' ? { ...event, result: new Array<number>(count).fill(0) } : event));
  return { ...record, turns: [{ ...first, events }, ...rest] };
}

/** Four model exchanges of 95,000 zeros each: just under the per-exchange bound, 380,000 values that travel with the turn's tape. */
export function withTinyValuesExchanges(record: Record<string, unknown>): Record<string, unknown> {
  const [first, ...rest] = record.turns as Record<string, unknown>[];
  const exchange = (first!.tape as Record<string, unknown>[])[0]!;
  const tape = Array.from({ length: 4 }, () => ({ ...exchange, streamed: undefined, response: new Array<number>(95_000).fill(0) }));
  return { ...record, turns: [{ ...first, tape }, ...rest] };
}
